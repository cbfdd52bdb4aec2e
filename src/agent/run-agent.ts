import type { ApiError } from '../api/errors.js';
import type { AgentJob } from '../api/schemas.js';
import type { CommonSettings, WaitSettings } from '../settings.js';
import { isCancellation, Phase, type Clock, type Logger, type Random, type Sleep } from '../runtime.js';
import type { Outcome, SkipKind } from '../constants.js';
import { outcomeOfTerminalJob, isTerminalStatus } from './outcome.js';
import type { JobReader } from './poll.js';
import { forLog, idForLog } from '../text.js';
import { pollJob } from './poll.js';

/** What the agent flow needs of the API client. */
export interface AgentApi extends JobReader {
  createJob(prompt: string): Promise<AgentJob>;
  sendMessage(jobId: string, prompt: string): Promise<AgentJob>;
}

export type AgentMode = 'create' | 'message' | 'attach';

export type { SkipKind };

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
  /** `runAgent` only: told the job ID once the send phase knows it, so it is an output before the wait. */
  readonly onJobId?: (jobId: string) => void;
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
  /** Why the step sent nothing (outcome `skipped`): for the author, and as the gate tells skips apart. */
  skipReason?: string;
  skipKind?: SkipKind;
}

/**
 * Creates a job, messages one, or attaches to one, then waits for it as the settings say: the
 * two phases below, one after the other (`command: refresh`). It returns the run's record on
 * every path — finished, timed out, cancelled, or stopped by an API error (outcome `error`,
 * before or after the job exists) — so the step reports all of them through one exit point.
 */
export async function runAgent(settings: AgentRunSettings, prompt: string, deps: AgentDeps): Promise<AgentRun> {
  const { logger } = deps;
  const run = await logger.phase(Phase.Send, async () => {
    if (prompt) logger.data(`Prompt (${prompt.length} characters)`, prompt);
    const sent = await sendPrompt(settings, prompt, deps);
    if (sent.jobId) deps.onJobId?.(sent.jobId);
    return sent;
  });
  return logger.phase(Phase.Wait, () => waitForJob(run, settings, deps));
}

/**
 * The send phase: creates a job, messages one, or attaches to one (a dry run sends nothing).
 * The run it returns says how far the prompt got (`delivery`); its outcome stays `running` for
 * the wait unless the send ended the run (refused, failed, cancelled, dry run).
 */
export async function sendPrompt(settings: AgentRunSettings, prompt: string, deps: AgentDeps): Promise<AgentRun> {
  const { client, clock, logger } = deps;
  // Until the job ends (or the step stops), the job is running; a dry run sends nothing.
  const run = newRun(settings.jobId, prompt, clock.now(), settings.dryRun ? 'dry-run' : 'running');
  if (settings.dryRun) {
    logger.info(`Dry run: would ${describeMode(run.mode, settings.jobId)}; nothing was sent to the agent.`);
    return run;
  }
  // Cancelled before anything left: nothing was sent (`none`), not something the API refused.
  if (deps.signal.aborted) return cancelled(run);
  try {
    if (run.mode === 'create') {
      run.delivery = 'sent';
      const job = await client.createJob(prompt);
      run.delivery = 'accepted';
      seen(run, job);
      logger.info(`Created job ${idForLog(job.id)} (status ${forLog(job.status, 60)}).`);
    } else if (run.mode === 'message') {
      run.delivery = 'sent';
      const job = await client.sendMessage(settings.jobId!, prompt);
      run.delivery = 'accepted';
      seen(run, job);
      logger.info(`Sent a follow-up message to job ${idForLog(settings.jobId!)} (status ${forLog(job.status, 60)}).`);
    } else {
      logger.info(`Attaching to job ${idForLog(settings.jobId!)}.`);
    }
  } catch (error) {
    if (tookNoEffect(error)) run.delivery = 'refused';
    if (isCancellation(error, deps.signal)) return cancelled(run);
    return failed(run, error);
  }
  return run;
}

/**
 * The wait phase: polls the job the send phase left running until it ends, the deadline passes,
 * or the step is cancelled; with `wait: false`, an answer that is already terminal is the
 * outcome, and attaching looks at the job once. A run the send phase ended is returned as it is.
 */
export async function waitForJob(run: AgentRun, settings: AgentRunSettings, deps: AgentDeps): Promise<AgentRun> {
  const { client, clock, logger, deadline } = deps;
  if (run.outcome !== 'running') return run;
  if (deps.signal.aborted) return cancelled(run);

  if (!settings.wait) {
    if (run.mode !== 'attach') {
      // An answer that is already terminal is the outcome: a job that failed at once was not
      // merely submitted, and `fail-on` must see it.
      run.outcome = outcomeOf(run.job!, 'submitted');
      return run;
    }
    // Attaching without waiting: one look at the job, so the outputs say where it stands.
    try {
      seen(run, await client.getJob(run.jobId!));
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
      startedAt: run.startedAt,
      deadline,
      intervalMs: settings.pollIntervalMs,
      maxIntervalMs: settings.pollIntervalMaxMs,
      onJob: (job) => seen(run, job),
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

/** Keeps the last job object seen, and its ID once known. */
function seen(run: AgentRun, job: AgentJob): void {
  run.job = job;
  run.jobId ??= job.id;
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
export function skippedRun(settings: { jobId?: string; prompt: string }, startedAt: number, reason: string, kind?: SkipKind): AgentRun {
  const run = newRun(settings.jobId, settings.prompt, startedAt, 'skipped');
  run.skipReason = reason;
  if (kind) run.skipKind = kind;
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
