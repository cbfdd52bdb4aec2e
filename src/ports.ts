import type { Dispatcher } from 'undici';
import { ApiClient } from './api/client.js';
import { coreLogger } from './logger.js';
import { realSleep, realTimer, systemClock, type Clock, type Deadline, type Random, type Sleep, type StartTimer } from './runtime.js';
import type { Settings } from './settings.js';
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

export const ON_A_RUNNER: RunnerPorts = {
  clock: systemClock,
  sleep: realSleep,
  startTimer: realTimer,
  random: Math.random,
  exit: (code) => process.exit(code),
};

/** The documentation API's client for the step: its limits, the step's deadline, and the runner's ports. */
export function createClient(settings: Settings, ports: RunnerPorts, signal: AbortSignal, deadline: Deadline): ApiClient {
  const { baseUrl, apiKey, projectId, requestTimeoutMs, retries } = settings;
  const { clock, sleep, startTimer, random, dispatcher } = ports;
  const limits = { requestTimeoutMs, retries, clock, sleep, startTimer, random, signal, dispatcher, deadline: deadline.at };
  return new ApiClient({ baseUrl, apiKey, projectId, userAgent: USER_AGENT, logger: coreLogger, ...limits });
}

/**
 * After a cancellation, or work a step had to leave running (an upload cut short), everything is
 * written and the client is closed; if anything still holds the event loop, end the process before
 * the runner's kill (10 s after SIGINT), with the exit code the step set (else `exitCode`).
 * Unref'd: it never keeps the process alive on its own.
 */
export function exitSoon(exit: (code: number) => void, exitCode: number): void {
  setTimeout(() => exit(typeof process.exitCode === 'number' ? process.exitCode : exitCode), 1_000).unref();
}
