import { ApiError } from '../api/errors.js';
import { countOf, forLog, formatDuration, idForLog } from '../text.js';
import { isTransientFailure } from '../api/retry.js';
import type { AgentJob } from '../api/schemas.js';
import type { Clock, Logger, Random, Sleep } from '../runtime.js';
import { isKnownStatus, isTerminalStatus } from './outcome.js';

/** What the poll loop needs of the API client. */
export interface JobReader {
  getJob(jobId: string): Promise<AgentJob>;
}

export interface PollOptions {
  readonly client: JobReader;
  readonly jobId: string;
  /** The job as the create or message answer showed it, if any: the first status to compare. */
  readonly initialJob?: AgentJob;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly random: Random;
  readonly logger: Logger;
  readonly signal?: AbortSignal;
  /** When the wait began, for elapsed times in the log. */
  readonly startedAt: number;
  /** The instant (by `clock`) after which no new poll starts. */
  readonly deadline: number;
  readonly intervalMs: number;
  readonly maxIntervalMs: number;
  /** The longest the log stays quiet while nothing changes: a "still waiting" line at least this often. */
  readonly heartbeatMs?: number;
  /** Called with every job seen, so the caller always holds the latest (for cancellation). */
  readonly onJob?: (job: AgentJob) => void;
}

export interface PollResult {
  readonly job: AgentJob | undefined;
  readonly timedOut: boolean;
  readonly polls: number;
}

/** Each unchanged poll waits this much longer than the last, up to the maximum. */
export const POLL_GROWTH = 1.5;
/** Pauses vary by ±10% so many runners started together do not poll in step. */
export const POLL_JITTER = 0.1;
export const DEFAULT_HEARTBEAT_MS = 60_000;

/**
 * Polls a job until its status is terminal or the deadline passes. Pauses start at
 * `intervalMs`, grow ×1.5 while the status stays the same, are cut back to `intervalMs` when it
 * changes, never exceed `maxIntervalMs` and are never shorter than a `Retry-After`. The last
 * pause is cut short to poll once more at the deadline, so the wait ends at most one request
 * after it. Transient API failures that outlast the client's own retries count as a missed
 * poll, not the end of the wait; any other API error ends it (thrown). Cancellation rejects
 * with the signal's reason. The log gets a line on every status change and, while nothing
 * changes, a "still waiting" line at least every `heartbeatMs`, inside a long pause too.
 */
export async function pollJob(options: PollOptions): Promise<PollResult> {
  const { client, jobId, clock, logger, startedAt, deadline } = options;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  let job = options.initialJob;
  let lastStatus = job?.status;
  let baseInterval = options.intervalMs;
  let polls = 0;
  let retryAfterMs = 0;
  let lastNews = clock.now();
  const warnedStatuses = new Set<string>();
  const elapsed = (): string => formatDuration(clock.now() - startedAt);
  const heartbeat = (nextCheckInMs: number): void => {
    const status = job ? shown(job.status) : 'not seen yet';
    logger.info(`[${elapsed()}] Job ${idForLog(jobId)} is still ${status} (${countOf(polls, 'poll')} so far; next check in ${formatDuration(nextCheckInMs)}).`);
    lastNews = clock.now();
  };
  /** Sleeps `ms`, breaking the pause for a heartbeat whenever one is due. */
  const pauseFor = async (ms: number): Promise<void> => {
    const until = clock.now() + ms;
    for (let left = ms; left > 0; left = until - clock.now()) {
      const toHeartbeat = lastNews + heartbeatMs - clock.now();
      if (toHeartbeat <= 0) {
        heartbeat(left);
        continue;
      }
      await options.sleep(Math.min(left, toHeartbeat), options.signal);
    }
  };

  for (;;) {
    if (job && isTerminalStatus(job.status)) return { job, timedOut: false, polls };
    const now = clock.now();
    if (polls > 0 && now >= deadline) return { job, timedOut: true, polls };

    let pause = Math.max(Math.min(jittered(baseInterval, options.random), options.maxIntervalMs), retryAfterMs);
    if (polls === 0 && !job) pause = 0; // attaching: look at the job at once
    retryAfterMs = 0;

    if (pause > 0) await pauseFor(Math.max(0, Math.min(pause, deadline - now)));
    polls += 1;
    try {
      job = await client.getJob(jobId);
      options.onJob?.(job);
    } catch (error) {
      if (!(error instanceof ApiError) || !isTransientFailure(error)) throw error;
      logger.warning(`Polling job ${idForLog(jobId)} failed (${error.message}); still waiting.`);
      retryAfterMs = error.retryAfterMs ?? 0;
      continue;
    }

    if (!isKnownStatus(job.status) && !warnedStatuses.has(job.status)) {
      warnedStatuses.add(job.status);
      logger.warning(`Job ${idForLog(jobId)} reported an undocumented status "${shown(job.status)}"; treating it as still running.`);
    }
    if (job.status !== lastStatus) {
      logger.info(`[${elapsed()}] Job ${idForLog(jobId)}: ${shown(lastStatus ?? '(new)')} → ${shown(job.status)}`);
      lastStatus = job.status;
      lastNews = clock.now();
      baseInterval = options.intervalMs;
    } else {
      baseInterval = Math.min(baseInterval * POLL_GROWTH, options.maxIntervalMs);
    }
  }
}

function jittered(intervalMs: number, random: () => number): number {
  return Math.round(intervalMs * (1 - POLL_JITTER + 2 * POLL_JITTER * random()));
}

/** A status from the API, made safe for one log line. */
function shown(status: string): string {
  return forLog(status, 60);
}
