import type { Random } from '../runtime.js';
import type { ApiError } from './errors.js';

/**
 * The retry policy of the contract's Reliability section, as pure functions: which answers are
 * transient, which failures prove a request never reached the server, and how long to wait.
 */

/** The documentation API's answers worth sending again. GitHub's are others (`github/limits.ts`). */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** First backoff step and its ceiling; full jitter picks uniformly below the step. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

/**
 * May a request that got this status be sent again? A request that creates something (a job or
 * a message) only after `429`: any other answer means the server saw it and may have acted.
 */
export function isRetryableStatus(status: number, createsSomething: boolean): boolean {
  if (createsSomething) return status === 429;
  return TRANSIENT_STATUSES.has(status);
}

/**
 * A failure that a loop reading the same thing again (the poll, the preview's status) waits out:
 * the service or the network, not the key, what was read, or the shape of the answer.
 */
export function isTransientFailure(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && !error.usageUsedUp && error.status !== undefined && TRANSIENT_STATUSES.has(error.status);
}

/** "Full jitter": a uniform pick in [0, min(cap, base × 2^attempt)). */
export function backoffDelayMs(attempt: number, random: Random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * `Retry-After` as milliseconds from now: delta-seconds or an HTTP-date. Undefined when absent
 * or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** The pause before attempt `attempt + 1`: the backoff, never shorter than `Retry-After`. */
export function retryDelayMs(attempt: number, random: Random, retryAfterMs?: number): number {
  return Math.max(backoffDelayMs(attempt, random), retryAfterMs ?? 0);
}
