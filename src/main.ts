import * as core from '@actions/core';
import type { ApiClient } from './api/client.js';
import { Outputs, type OutputName } from './constants.js';
import { readTriggerEvent } from './event.js';
import { readSettings } from './inputs.js';
import { coreLogger } from './logger.js';
import { createClient, exitSoon, ON_A_RUNNER, type RunnerPorts } from './ports.js';
import { CancelledError, stepDeadline } from './runtime.js';
import { runStep } from './steps/run-step.js';
import { applyReport, type StepContext } from './steps/step.js';
import { errorMessage } from './text.js';

export type { RunnerPorts } from './ports.js';

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

function setOutputs(outputs: Partial<Record<OutputName, string>>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}

/** Writes the job summary; a local run without a summary file skips it. */
async function writeSummary(markdown: string): Promise<void> {
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(markdown).write();
  else core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.');
}
