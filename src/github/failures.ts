/**
 * How a failed GitHub call is said to the author: one line that names the call (`calls.ts`), says
 * what went wrong, and what to do where it helps. Only the Octokit side imports this module.
 */
import { errorCode, neverReachedServer } from '../net.js';
import { errorMessage, forLog, formatDuration } from '../text.js';
import { GitHubError } from './api.js';
import { callLabel, GITHUB_CALLS, type GitHubCallName } from './calls.js';
import { LimitReached } from './limits.js';

/** What a failure's wording needs beyond the error: where the requests went, and how long one may take. */
export interface FailureContext {
  readonly apiUrl: string;
  readonly requestTimeoutMs: number;
  /** Whose deadline ran out: the step's timeout (by default), or a last write's window of its own. */
  readonly deadlineIs?: 'the step' | 'a last write';
}

/** One line for the author: which GitHub call, what went wrong, and what to do where it helps. */
export function describeFailure(name: GitHubCallName, error: unknown, context: FailureContext): GitHubError {
  if (error instanceof GitHubError) return error;
  if (error instanceof LimitReached) {
    switch (error.limit) {
      case 'cancelled':
        return failure(name, 'cancelled', 'cancelled');
      case 'timeout':
        return failure(name, `timed out: no complete answer within request-timeout (${formatDuration(context.requestTimeoutMs)})`, 'timeout');
      case 'deadline':
        return failure(
          name,
          context.deadlineIs === 'a last write'
            ? 'timed out: the window of this last write (one request-timeout, or what a cancellation leaves) ran out before it answered'
            : "timed out: the step's timeout ran out before it answered",
          'deadline',
        );
    }
  }
  const { status, response } = error as { status?: unknown; response?: { data?: unknown; headers?: Record<string, unknown> } };
  // Octokit reports a request that got no HTTP answer as status 500 without a response.
  if (typeof status === 'number' && response) {
    const answer = answerOf(response.data);
    return failure(name, `answered ${status}: ${answer}${hintFor(name, status, response.headers ?? {})}`, 'http', status, answer);
  }
  if ((error as { name?: unknown }).name === 'GraphqlResponseError') {
    // GraphQL answers 200 with typed errors: a refusal (FORBIDDEN, NOT_FOUND) is said as REST says it.
    const first = (error as { errors?: Array<{ type?: unknown; message?: unknown }> }).errors?.[0];
    const status = first?.type === 'FORBIDDEN' ? 403 : first?.type === 'NOT_FOUND' ? 404 : undefined;
    if (status) {
      const answer = forLog(typeof first?.message === 'string' ? first.message : 'no message', 200);
      return failure(name, `answered ${String(first?.type)}: ${answer}${hintFor(name, status, {})}`, 'http', status, answer);
    }
    return failure(name, `answered with an error: ${forLog(errorMessage(error), 200)}`, 'shape');
  }
  const code = errorCode(error);
  if (neverReachedServer(code)) {
    return failure(name, `could not connect to ${forLog(context.apiUrl, 200)} (${code}); check GITHUB_API_URL and the runner's network`, 'network');
  }
  const detail = forLog(innermostMessage(error), 200);
  return failure(name, `the connection failed: ${detail}${code && !detail.includes(code) ? ` (${code})` : ''}`, 'network');
}

/** The call's failure as one sentence: the call as `calls.ts` names it, then `what` went wrong. */
export function failure(name: GitHubCallName, what: string, kind: GitHubError['kind'], status?: number, answer?: string): GitHubError {
  return new GitHubError(`${callLabel(name)} ${what.replace(/\.$/, '')}.`, kind, status, answer);
}

/** What to do about a refusal: wait for a rate limit, or give the token what the call needs (`calls.ts`). */
function hintFor(name: GitHubCallName, status: number, headers: Record<string, unknown>): string {
  if ((status === 403 || status === 429) && String(headers['x-ratelimit-remaining']) === '0') {
    return " (the token's GitHub rate limit is spent; it resets within the hour)";
  }
  // GitHub's secondary rate limit says how long to wait; the step gave up because that was longer
  // than its timeout left, or its retries were spent.
  const retryAfter = Number(headers['retry-after']);
  if ((status === 403 || status === 429) && headers['retry-after'] !== undefined) {
    return ` (GitHub's rate limit${Number.isFinite(retryAfter) ? `; it asks to wait ${formatDuration(retryAfter * 1_000)}` : ''})`;
  }
  const hint = status === 403 ? GITHUB_CALLS[name].forbidden : status === 404 ? GITHUB_CALLS[name].notFound : undefined;
  return hint ? ` (${hint})` : '';
}

/** GitHub's own message in an HTTP answer (its JSON `message`, or the text), cleaned for the log. */
function answerOf(data: unknown): string {
  const message = typeof data === 'string' ? data : (data as { message?: unknown } | null)?.message;
  return forLog(typeof message === 'string' && message ? message : 'no message', 200);
}

/** The innermost message: fetch says only "fetch failed", its cause says what. */
function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message) message = current.message;
    current = current.cause;
  }
  return message;
}
