import * as core from '@actions/core';
import type { Dispatcher } from 'undici';
import { ApiClient } from './api/client.js';
import { Outputs, type OutputName } from './constants.js';
import { readTriggerEvent } from './event.js';
import { readSettings } from './inputs.js';
import { coreLogger } from './logger.js';
import {
  CancelledError,
  realSleep,
  realTimer,
  stepDeadline,
  systemClock,
  type Clock,
  type Deadline,
  type Random,
  type Sleep,
  type StartTimer,
} from './runtime.js';
import type { Settings } from './settings.js';
import { runStep } from './steps/run-step.js';
import { applyReport, type StepContext } from './steps/step.js';
import { errorMessage } from './text.js';
import type { UploadArtifact } from './visitors/artifact.js';
import { USER_AGENT } from './version.js';

/**
 * What the action takes from the machine it runs on. A runner gets the real ones; the tests run
 * the same `run()` in process with fake time (test/support/runner.ts), so that what the runner
 * would read (the log, the output and summary files) is judged without a process per run.
 */
export interface RunnerPorts {
  readonly clock: Clock;
  readonly sleep: Sleep;
  /** The time limits of every request: `request-timeout`, a GitHub call's deadline. */
  readonly startTimer: StartTimer;
  readonly random: Random;
  /** Ends the process (after a cancellation, or an upload left running): `process.exit` on a runner. */
  readonly exit: (code: number) => void;
  /** The API client's connections; by default one keep-alive pool that honours the runner's proxy. */
  readonly dispatcher?: Dispatcher;
  /** The visitors step's artifact upload; by default `@actions/artifact`'s. */
  readonly uploadArtifact?: UploadArtifact;
}

const ON_A_RUNNER: RunnerPorts = {
  clock: systemClock,
  sleep: realSleep,
  startTimer: realTimer,
  random: Math.random,
  exit: (code) => process.exit(code),
};

/** The action: read the settings, build the step's context, run the step, and apply its report, on every path. */
export async function run(ports: RunnerPorts = ON_A_RUNNER): Promise<void> {
  const { clock, sleep, startTimer, random } = ports;
  const startedAt = clock.now();
  let signalledAt: number | undefined;
  const cancellation = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (cancellation.signal.aborted) return;
    signalledAt = clock.now();
    core.info(`Received ${signal}: stopping.`);
    cancellation.abort(new CancelledError(`cancelled by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let client: ApiClient | undefined;
  let outputsSet = false;
  try {
    const event = readTriggerEvent();
    const { settings, warnings, notices } = readSettings({ event, nowMs: clock.now(), env: process.env });
    for (const warning of warnings) core.warning(warning);
    for (const notice of notices) core.notice(notice);
    // The step's one deadline, from here: every client and flow is held to it.
    const deadline = stepDeadline(clock.now(), settings);
    const signal = cancellation.signal;
    client = createClient(settings, ports, signal, deadline);
    const setOutput = (name: OutputName, value: string): void => core.setOutput(name, value);
    const context: StepContext = { client, event, env: process.env, logger: coreLogger, clock, sleep, startTimer, random, signal, deadline, setOutput };
    const report = await runStep(settings, context, ports.uploadArtifact);
    await applyReport(report, {
      setOutputs: (outputs) => {
        setOutputs(outputs);
        outputsSet = true;
      },
      writeSummary,
      info: (line) => coreLogger.info(line),
      fail: (message) => core.setFailed(message),
    });
    if (report.leftRunning) exitSoon(ports.exit, 0);
  } catch (error) {
    // A bad input, or anything else that stopped the step before it reported: the outputs still
    // say so, since later steps read them whatever happened.
    if (!outputsSet) setOutputs({ [Outputs.Outcome]: 'error', [Outputs.Requests]: String(client?.requestCount ?? 0) });
    core.setFailed(errorMessage(error));
  } finally {
    await client?.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // The action's own account of its time, by the clock its deadline is held to: what the tests
    // hold to the deadline, free of the host's process start-up (in process, the fake clock).
    const ended = clock.now();
    const afterSignal = signalledAt === undefined ? '' : `, ${Math.round(ended - signalledAt)} ms after the signal`;
    core.debug(`Finished ${Math.round(ended - startedAt)} ms after start${afterSignal}.`);
    if (cancellation.signal.aborted) exitSoon(ports.exit, 1);
  }
}

function createClient(settings: Settings, ports: RunnerPorts, signal: AbortSignal, deadline: Deadline): ApiClient {
  const { baseUrl, apiKey, projectId, requestTimeoutMs, retries } = settings;
  const { clock, sleep, startTimer, random, dispatcher } = ports;
  const limits = { requestTimeoutMs, retries, clock, sleep, startTimer, random, signal, dispatcher, deadline: deadline.at };
  return new ApiClient({ baseUrl, apiKey, projectId, userAgent: USER_AGENT, logger: coreLogger, ...limits });
}

function setOutputs(outputs: Partial<Record<OutputName, string>>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}

/** Writes the job summary; a local run without a summary file skips it. */
async function writeSummary(markdown: string): Promise<void> {
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(markdown).write();
  else core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.');
}

/**
 * After a cancellation, or work a step had to leave running (an upload cut short), everything is
 * written and the client is closed; if anything still holds the event loop, end the process before
 * the runner's kill (10 s after SIGINT), with the exit code the step set (else `exitCode`).
 * Unref'd: it never keeps the process alive on its own.
 */
function exitSoon(exit: (code: number) => void, exitCode: number): void {
  setTimeout(() => exit(typeof process.exitCode === 'number' ? process.exitCode : exitCode), 1_000).unref();
}
