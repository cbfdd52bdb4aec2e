import * as core from '@actions/core';
import { ApiClient } from './api/client.js';
import { Outputs, type OutputName } from './constants.js';
import { readTriggerEvent } from './event.js';
import { readSettings } from './inputs.js';
import { coreLogger } from './logger.js';
import { CancelledError, realSleep, systemClock } from './runtime.js';
import type { Settings } from './settings.js';
import { agentStep } from './steps/agent.js';
import { applyReport, type StepContext, type StepReport } from './steps/step.js';
import { errorMessage } from './text.js';
import { USER_AGENT } from './version.js';

/**
 * The action: read the settings, run the chosen step, and apply its report. The one place that
 * sets outputs, writes the summary and fails the step, on every path including cancellation.
 */
export async function run(): Promise<void> {
  const startedAt = performance.now();
  let signalledAt: number | undefined;
  const cancellation = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (cancellation.signal.aborted) return;
    signalledAt = performance.now();
    core.info(`Received ${signal}: stopping.`);
    cancellation.abort(new CancelledError(`cancelled by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let client: ApiClient | undefined;
  let outputsSet = false;
  try {
    const event = readTriggerEvent();
    const { settings, warnings } = readSettings({ event, nowMs: systemClock.now(), env: process.env });
    for (const warning of warnings) core.warning(warning);
    client = createClient(settings, cancellation.signal);
    const context: StepContext = {
      client,
      event,
      env: process.env,
      logger: coreLogger,
      clock: systemClock,
      sleep: realSleep,
      random: Math.random,
      signal: cancellation.signal,
      setOutput: (name, value) => core.setOutput(name, value),
    };
    const report = await runStep(settings, context);
    await applyReport(report, {
      setOutputs: (outputs) => {
        setOutputs(outputs);
        outputsSet = true;
      },
      writeSummary,
      info: (line) => coreLogger.info(line),
      fail: (message) => core.setFailed(message),
    });
    if (report.leftRunning) exitSoon(0);
  } catch (error) {
    // A bad input, or anything else that stopped the step before it reported: the outputs still
    // say so, since later steps read them whatever happened.
    if (!outputsSet) setOutputs({ [Outputs.Outcome]: 'error', [Outputs.Requests]: String(client?.requestCount ?? 0) });
    core.setFailed(errorMessage(error));
  } finally {
    await client?.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // The action's own account of its time, from its own clock: what the tests hold to the
    // deadline, free of the host's process start-up.
    const ended = performance.now();
    const afterSignal = signalledAt === undefined ? '' : `, ${Math.round(ended - signalledAt)} ms after the signal`;
    core.debug(`Finished ${Math.round(ended - startedAt)} ms after start${afterSignal}.`);
    if (cancellation.signal.aborted) exitSoon(1);
  }
}

/** The step the settings ask for; the visitors and refresh steps load only when asked for. */
async function runStep(settings: Settings, context: StepContext): Promise<StepReport> {
  switch (settings.command) {
    case 'agent':
      return agentStep(settings, context);
    case 'visitors':
      return (await import('./steps/visitors.js')).visitorsStep(settings, context);
    case 'refresh':
      return (await import('./steps/refresh.js')).refreshStep(settings, context);
  }
}

function createClient(settings: Settings, signal: AbortSignal): ApiClient {
  const { baseUrl, apiKey, projectId, requestTimeoutMs, retries } = settings;
  const runtime = { logger: coreLogger, clock: systemClock, sleep: realSleep, random: Math.random, signal };
  return new ApiClient({ baseUrl, apiKey, projectId, requestTimeoutMs, retries, userAgent: USER_AGENT, ...runtime });
}

function setOutputs(outputs: Partial<Record<OutputName, string>>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}

/** Writes the job summary; a local run without a summary file skips it. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.');
    return;
  }
  await core.summary.addRaw(markdown).write();
}

/**
 * After a cancellation, or work a step had to leave running (an upload cut short), everything is
 * written and the client is closed; if anything still holds the event loop, end the process
 * before the runner's kill (10 s after SIGINT), with the exit code the step set (else `exitCode`). Unref'd: it
 * never keeps the process alive on its own.
 */
function exitSoon(exitCode: number): void {
  setTimeout(() => process.exit(process.exitCode ?? exitCode), 1_000).unref();
}
