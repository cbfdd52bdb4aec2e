import type { ApiError } from '../api/errors.js';
import type { AgentJob } from '../api/schemas.js';
import type { CommonSettings, WaitSettings } from '../settings.js';
import { isCancellation, type Clock, type Logger, type Random, type Sleep } from '../runtime.js';
import type { Outcome } from '../constants.js';
import { outcomeOfTerminalJob, isTerminalStatus } from './outcome.js';
import { pollJob, type JobReader } from './poll.js';
import { forLog, idForLog } from '../text.js';

/** What the agent flow needs of the API client. */
export interface AgentApi extends JobReader {
  createJob(prompt: string): Promise<AgentJob>;
  sendMessage(jobId: string, prompt: string): Promise<AgentJob>;
}

export type AgentMode = 'create' | 'message' | 'attach';

/** What creating, messaging or attaching to a job and waiting for it read of the settings. */
export interface AgentRunSettings extends Pick<CommonSettings, 'dryRun'>, Omit<WaitSettings, 'failOn'> {
  readonly jobId: string | undefined;
}

export interface AgentDeps {
  readonly client: AgentApi;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly random: Random;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  /** The step's deadline (epoch ms, by `clock`): the wait ends there. */
  readonly deadline: number;
  /** Told the job ID the moment it is known, so it is an output even if the step dies later. */
  readonly onJobId?: (jobId: string) => void;
  /**
   * Told, and awaited, once the API has accepted the job or the message, before the wait begins.
   * It must not throw: whatever it does is not the run's outcome.
   */
  readonly onAccepted?: (run: AgentRun) => Promise<void>;
  /** Told every job object seen, so a cancelled run can report the last one. */
  readonly onJob?: (job: AgentJob) => void;
}

/**
 * How far the prompt got with the API: `accepted` once it answered the create or the message
 * with 2xx (the job has the prompt); `sent` when the request went out and got no 2xx (refused,
 * failed, cut off or cancelled: it may or may not have taken effect); `refused` when it went
 * out but certainly took no effect (every attempt was answered 429, or never reached the
 * server): no job was created, no message added; `none` when nothing was sent (a dry run, a
 * skip, attaching, or a stop before sending).
 */
export type Delivery = 'none' | 'refused' | 'sent' | 'accepted';

export interface AgentRun {
  readonly mode: AgentMode;
  readonly prompt: string;
  readonly startedAt: number;
  outcome: Outcome;
  /** The job's ID whenever one is known: the input's, or the one the API created. */
  jobId: string | undefined;
  job: AgentJob | undefined;
  timedOut: boolean;
  /** Time spent waiting for a terminal status. */
  waitedMs: number;
  error: ApiError | Error | undefined;
  delivery: Delivery;
  /** Why the step sent nothing (outcome `skipped`). */
  skipReason?: string;
}

/**
 * Creates a job, messages one, or attaches to one, then waits for it as the settings say. It
 * returns the run's record on every path — finished, timed out, cancelled, or stopped by an API
 * error (outcome `error`, before or after the job exists) — so the entry layer reports all of
 * them through one exit point.
 */
export async function runAgent(settings: AgentRunSettings, prompt: string, deps: AgentDeps): Promise<AgentRun> {
  const { client, clock, logger } = deps;
  // Until the job ends (or the step stops), the job is running; a dry run sends nothing.
  const run = newRun(settings.jobId, prompt, clock.now(), settings.dryRun ? 'dry-run' : 'running');
  const { mode, startedAt } = run;
  const { deadline } = deps;
  const seen = (job: AgentJob): void => {
    run.job = job;
    run.jobId ??= job.id;
    deps.onJob?.(job);
  };

  if (settings.dryRun) {
    logger.info(`Dry run: would ${describeMode(mode, settings.jobId)}; nothing was sent to the agent.`);
    return run;
  }
  if (run.jobId) deps.onJobId?.(run.jobId);

  try {
    if (mode === 'create') {
      run.delivery = 'sent';
      const job = await client.createJob(prompt);
      run.delivery = 'accepted';
      seen(job);
      deps.onJobId?.(job.id);
      logger.info(`Created job ${idForLog(job.id)} (status ${forLog(run.job!.status, 60)}).`);
    } else if (mode === 'message') {
      run.delivery = 'sent';
      const job = await client.sendMessage(settings.jobId!, prompt);
      run.delivery = 'accepted';
      seen(job);
      logger.info(`Sent a follow-up message to job ${idForLog(settings.jobId!)} (status ${forLog(run.job!.status, 60)}).`);
    } else {
      logger.info(`Attaching to job ${idForLog(settings.jobId!)}.`);
    }
  } catch (error) {
    if (tookNoEffect(error)) run.delivery = 'refused';
    if (isCancellation(error, deps.signal)) return cancelled(run);
    return failed(run, error);
  }
  // Before the wait: a pull-request comment can say that the job is working.
  if (run.delivery === 'accepted') await deps.onAccepted?.(run);
  if (deps.signal.aborted) return cancelled(run);

  if (!settings.wait) {
    if (mode !== 'attach') {
      // An answer that is already terminal is the outcome: a job that failed at once was not
      // merely submitted, and `fail-on` must see it.
      run.outcome = outcomeOf(run.job!, 'submitted');
      return run;
    }
    // Attaching without waiting: one look at the job, so the outputs say where it stands.
    try {
      seen(await client.getJob(run.jobId!));
    } catch (error) {
      if (isCancellation(error, deps.signal)) return cancelled(run);
      return failed(run, error);
    }
    run.outcome = outcomeOf(run.job!);
    return run;
  }

  const waitStart = clock.now();
  try {
    const result = await pollJob({
      client,
      jobId: run.jobId!,
      initialJob: run.job,
      clock,
      sleep: deps.sleep,
      random: deps.random,
      logger,
      signal: deps.signal,
      startedAt,
      deadline,
      intervalMs: settings.pollIntervalMs,
      maxIntervalMs: settings.pollIntervalMaxMs,
      onJob: seen,
    });
    run.timedOut = result.timedOut;
    run.outcome = result.job ? outcomeOf(result.job, 'timed-out') : 'timed-out';
  } catch (error) {
    if (isCancellation(error, deps.signal)) return cancelled(run, clock.now() - waitStart);
    failed(run, error);
  }
  run.waitedMs = clock.now() - waitStart;
  return run;
}

/** The outcome a job's status gives; `unfinished` while it is not terminal. */
function outcomeOf(job: AgentJob, unfinished: Outcome = 'running'): Outcome {
  return isTerminalStatus(job.status) ? outcomeOfTerminalJob({ ...job, status: job.status }) : unfinished;
}

function failed(run: AgentRun, error: unknown): AgentRun {
  run.outcome = 'error';
  run.error = error instanceof Error ? error : new Error(String(error));
  return run;
}

/** A run's record before anything happened; its outcome is set as the run goes. */
export function newRun(jobId: string | undefined, prompt: string, startedAt: number, outcome: Outcome): AgentRun {
  return {
    mode: jobId ? (prompt ? 'message' : 'attach') : 'create',
    prompt,
    startedAt,
    outcome,
    jobId,
    job: undefined,
    timedOut: false,
    waitedMs: 0,
    error: undefined,
    delivery: 'none',
  };
}

/** A run that ends before anything is sent: skipped, or stopped by an error while preparing. */
export function skippedRun(settings: { jobId?: string; prompt: string }, startedAt: number, reason: string): AgentRun {
  const run = newRun(settings.jobId, settings.prompt, startedAt, 'skipped');
  run.skipReason = reason;
  return run;
}

export function failedBeforeSending(settings: { jobId?: string; prompt: string }, startedAt: number, error: unknown): AgentRun {
  return failed(newRun(settings.jobId, settings.prompt, startedAt, 'error'), error);
}

/** A run cancelled before anything was sent (while reading the change or the reader signals, say). */
export function cancelledBeforeSending(settings: { jobId?: string; prompt: string }, startedAt: number): AgentRun {
  return cancelled(newRun(settings.jobId, settings.prompt, startedAt, 'cancelled'));
}

function cancelled(run: AgentRun, waitedMs = 0): AgentRun {
  run.outcome = 'cancelled';
  run.waitedMs = waitedMs;
  return run;
}

/** An API error that proves the create or the message took no effect (every attempt answered 429, or none reached the server). */
function tookNoEffect(error: unknown): boolean {
  return (error as { tookNoEffect?: unknown } | null)?.tookNoEffect === true;
}

/** What the run would do, for the log; `showId` writes the job ID where it goes elsewhere (as code in Markdown). */
export function describeMode(mode: AgentMode, jobId: string | undefined, showId: (id: string) => string = idForLog): string {
  switch (mode) {
    case 'create':
      return 'create a new agent job';
    case 'message':
      return `send a follow-up message to job ${showId(jobId ?? '')}`;
    case 'attach':
      return `attach to job ${showId(jobId ?? '')} and wait for it`;
  }
}
