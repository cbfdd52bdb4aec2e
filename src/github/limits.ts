/**
 * The step's limits on every GitHub request (`request-timeout` for each attempt, the deadline and
 * cancellation for the whole call) and the decisions Octokit's retry and throttling plugins ask
 * for: which failures are sent again, and how long one may wait. Only `octokit-client.ts` imports
 * this module, so it is loaded with Octokit, when a step first reads from GitHub.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { errorCode, neverReachedServer } from '../net.js';
import { formatDuration } from '../text.js';
import type { GitHubError } from './api.js';
import { callLabel, GITHUB_CALLS, type GitHubCallName } from './calls.js';
import type { CancelTimer, Clock, Logger, StartTimer } from '../runtime.js';

/** What every GitHub request is held to. */
export interface RequestLimitOptions {
  /** Limit for one request, headers and body: the `request-timeout` input. */
  readonly requestTimeoutMs: number;
  /** No request may end after this instant (epoch ms): the step's deadline, or its wrap-up for the writes that report the run. */
  readonly deadline: number;
  /** Aborts the request in flight, and refuses new ones, once the step is cancelled. */
  readonly signal: AbortSignal;
  readonly clock: Clock;
  /** Runs each attempt's limit and each call's deadline. */
  readonly startTimer: StartTimer;
  /** Retries of one request after a transient failure, and after a rate limit: the `retries` input. */
  readonly retries: number;
  /** Each retry says here what failed and how long it waits. */
  readonly logger: Pick<Logger, 'info'>;
}

/** Octokit as `@actions/github` builds it, with the REST methods, `paginate` and `graphql`. */
export type LimitedOctokit = ReturnType<typeof getOctokit>;

/**
 * The version of GitHub's REST API every request asks for (`X-GitHub-Api-Version`): the one whose
 * answers the action reads. Without it GitHub answers its default version, which may move on; its
 * first breaking version (2026-03-10) drops fields the action reads, such as `merge_commit_sha`.
 */
export const GITHUB_REST_API_VERSION = '2022-11-28';

/**
 * `@actions/github`'s Octokit, which honours GITHUB_API_URL (GHES, or a local fake in tests) and
 * the runner's proxy settings, with Octokit's own retry and throttling plugins for GitHub's
 * transient failures and rate limits, every request under the step's limits (`RequestLimits`),
 * and every request asking for `GITHUB_REST_API_VERSION`.
 */
export function limitedOctokit(
  options: RequestLimitOptions & { readonly token: string; readonly apiUrl?: string },
  /** Says what failed, as the step's errors say it: the log line of a retry names the failure. */
  describe: (name: GitHubCallName, error: unknown) => GitHubError,
): LimitedOctokit {
  const limits = new RequestLimits(options, describe);
  const rateLimited = (retryAfterSeconds: number, endpoint: EndpointOptions, retryCount: number): boolean =>
    limits.mayWaitForRateLimit(retryAfterSeconds, endpoint, retryCount);
  // Hooks run outermost last-registered first: the whole call's limits (registered below), the
  // throttling plugin's rate-limit waits, the retry plugin's retries, and innermost each attempt's
  // limits, which also decide whether the retry plugin may send that attempt again.
  const octokit = getOctokit(
    options.token,
    {
      ...(options.apiUrl ? { baseUrl: options.apiUrl } : {}),
      // 429 is the throttling plugin's (it waits as long as GitHub asks), as are 403s.
      retry: { retries: options.retries, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
      throttle: {
        onRateLimit: (retryAfter, endpoint, _octokit, retryCount) => rateLimited(retryAfter, endpoint, retryCount),
        onSecondaryRateLimit: (retryAfter, endpoint, _octokit, retryCount) => rateLimited(retryAfter, endpoint, retryCount),
        // The plugin also paces writes (and GraphQL) a second apart, and writes that notify
        // (a new comment) three seconds apart: GitHub's advice to clients that write a lot. A run
        // writes at most three times, one after another, and a pause would only push its closing
        // comment towards the deadline; should GitHub limit it all the same, the plugin waits
        // out what GitHub asks, as above.
        write: UNPACED as never,
        notifications: UNPACED as never,
      },
    },
    (inner) => {
      inner.hook.wrap('request', (request, endpoint) => limits.attempt(request, endpoint));
      // Octokit takes no default headers: each request, each page of a listing too, gets it here.
      // Registered after the attempt's hook, so it runs outside it: an attempt's limit starts in
      // the turn its request goes out, with nothing between them.
      inner.hook.before('request', (endpoint) => {
        endpoint.headers['x-github-api-version'] = GITHUB_REST_API_VERSION;
      });
    },
    retry,
    throttling,
  );
  octokit.hook.wrap('request', (request, endpoint) => limits.wholeCall(request, endpoint));
  return octokit;
}

/** A stand-in for a Bottleneck group that queues nothing: each job runs at once. */
const UNPACED = {
  key: () => ({
    schedule: <T>(_options: unknown, job: (...args: unknown[]) => T | Promise<T>, ...args: unknown[]): Promise<T> => Promise.resolve().then(() => job(...args)),
  }),
};

/**
 * Puts every request Octokit makes (each page of a listing, GraphQL too) under the step's
 * limits: each attempt under `request-timeout` and the deadline, through Octokit's
 * `request.signal`; the whole call, waits for a retry or a rate limit included, under the
 * deadline and cancellation. It has `fetch` read the whole body, so that a body cut off or
 * stalled fails the request: Octokit reads bodies itself and takes one that breaks off for an
 * empty answer. And it decides which failures are sent again, and for how long one may wait.
 */
class RequestLimits {
  private readonly deadline: number;
  /** The calls with an attempt in flight, by their options (Octokit hands each hook of a call the same object). */
  private readonly attempting = new WeakSet<EndpointOptions>();

  constructor(
    private readonly options: RequestLimitOptions,
    /** Says what failed, as the step's errors say it. */
    private readonly describe: (name: GitHubCallName, error: unknown) => GitHubError,
  ) {
    this.deadline = options.deadline;
  }

  /**
   * The whole call: it ends at the deadline or on cancellation at once, even while the plugins
   * wait to retry. (They are told not to wait past the deadline; this holds if they do.) While an
   * attempt is in flight its own limit, which ends by the deadline, ends it and says which limit
   * that was (a request-timeout that ends exactly at the deadline is a timeout).
   */
  async wholeCall<T>(request: (options: never) => T | Promise<T>, endpoint: EndpointOptions): Promise<T> {
    const cancel = this.options.signal;
    const remainingMs = this.timeLeftMs();
    let cancelTimer: CancelTimer | undefined;
    let onCancel: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      cancelTimer = this.options.startTimer(remainingMs, () => {
        if (!this.attempting.has(endpoint)) reject(new LimitReached('deadline'));
      });
      onCancel = () => reject(new LimitReached('cancelled'));
      cancel.addEventListener('abort', onCancel, { once: true });
    });
    try {
      return await Promise.race([request(endpoint as never), stop]);
    } finally {
      cancelTimer?.();
      cancel.removeEventListener('abort', onCancel!);
    }
  }

  /**
   * One attempt: `request-timeout`, the deadline and cancellation; and whether it may be retried.
   * Its limit ends it even when the request pays no heed to its signal.
   */
  async attempt<T>(request: (options: never) => T | Promise<T>, endpoint: EndpointOptions): Promise<T> {
    const { signal: cancel, requestTimeoutMs } = this.options;
    const remainingMs = this.timeLeftMs();
    const timeoutLimit: Limit = remainingMs < requestTimeoutMs ? 'deadline' : 'timeout';
    const timer = new AbortController();
    const limited = new Promise<never>((_, reject) => {
      timer.signal.addEventListener('abort', () => reject(new LimitReached(timeoutLimit)), { once: true });
    });
    const stopped = (): LimitReached | undefined =>
      cancel.aborted ? new LimitReached('cancelled') : timer.signal.aborted ? new LimitReached(timeoutLimit) : undefined;
    const given = endpoint.request?.fetch as typeof fetch | undefined;
    // A retry gets the options of the attempt before it, whose `fetch` is already wrapped.
    const fetchImpl = (given && WRAPPED_FETCH.get(given)) ?? given ?? fetch;
    // Octokit's hooks hand the same options object down the chain (and to each retry): set them on it.
    endpoint.request = { ...endpoint.request, signal: AbortSignal.any([cancel, timer.signal]), fetch: readingWholeBody(fetchImpl) };
    const cancelTimer = this.options.startTimer(Math.min(remainingMs, requestTimeoutMs), () =>
      timer.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    );
    this.attempting.add(endpoint);
    try {
      return await Promise.race([request(endpoint as never), limited]);
    } catch (error) {
      const limit = stopped();
      if (limit) throw limit;
      // The retry plugin reads `request.retries` when an attempt fails: 0 sends it no more.
      endpoint.request.retries = this.mayRetry(error, endpoint) ? this.options.retries : 0;
      throw error;
    } finally {
      cancelTimer();
      this.attempting.delete(endpoint);
    }
  }

  /**
   * The throttling plugin's question after a rate limit (primary: `x-ratelimit-remaining: 0`
   * until `x-ratelimit-reset`; secondary: `retry-after`): wait that long and send it again? Yes
   * within `retries`, and when the wait ends before the deadline; otherwise the step gives up at
   * once with GitHub's answer. GitHub does not process a request it refuses for a rate limit, so
   * a comment is sent again too.
   */
  mayWaitForRateLimit(retryAfterSeconds: number, endpoint: EndpointOptions, retryCount: number): boolean {
    const waitMs = retryAfterSeconds * 1_000;
    if (retryCount >= this.options.retries || !this.mayWait(waitMs)) return false;
    const name = callOf(endpoint);
    this.sayRetry(`${name ? callLabel(name) : 'A GitHub request'} hit GitHub's rate limit`, waitMs, retryCount);
    return true;
  }

  /**
   * May the retry plugin send this failed attempt again? After a failure worth sending again
   * (`isWorthRetrying`), within `retries`, and when its pause ends before the deadline.
   */
  private mayRetry(error: unknown, endpoint: EndpointOptions): boolean {
    const retryCount = Number(endpoint.request?.retryCount ?? 0);
    // A GraphQL query reads, though it is a POST; a commit status sent twice leaves the same newest
    // status (GitHub keeps the newest of a context), so it is sent again as a read is.
    const createsSomething = endpoint.method === 'POST' && endpoint.url !== '/graphql' && !/\/statuses\/[^/]+$/.test(endpoint.url ?? '');
    const waitMs = retryPluginWaitMs(retryCount);
    if (!isWorthRetrying(error, createsSomething) || retryCount >= this.options.retries || !this.mayWait(waitMs)) return false;
    const name = callOf(endpoint);
    this.sayRetry(name ? this.describe(name, error).message.replace(/\.$/, '') : 'A GitHub request failed', waitMs, retryCount);
    return true;
  }

  /** The time a request has before the deadline; it does not start once the step is cancelled or the deadline has passed. */
  private timeLeftMs(): number {
    if (this.options.signal.aborted) throw new LimitReached('cancelled');
    const remainingMs = this.deadline - this.options.clock.now();
    if (remainingMs <= 0) throw new LimitReached('deadline');
    return remainingMs;
  }

  /** Would a pause of this long end before the deadline, and the step still be running? */
  private mayWait(waitMs: number): boolean {
    return !this.options.signal.aborted && this.options.clock.now() + waitMs < this.deadline;
  }

  /** One log line a retry: what failed, how long it waits, and which attempt comes next. */
  private sayRetry(what: string, waitMs: number, retryCount: number): void {
    this.options.logger.info(`${what}; retrying in ${formatDuration(waitMs)} (attempt ${retryCount + 2} of ${this.options.retries + 1}).`);
  }
}

/**
 * Is this failure of one attempt worth sending the request again (contract, Reliability)? A
 * transient one: a 500, 502, 503 or 504, or a connection error. A request that creates
 * something (a comment) only when it certainly did not arrive: the connection was refused, or
 * the name did not resolve. A 5xx, or a connection broken once the request was sent, says
 * nothing of whether GitHub created the comment, and a second one would be a duplicate. A
 * request that ran out of `request-timeout` is not sent again either: the contract retries
 * GitHub's errors, not its silences. (Rate limits are the throttling plugin's, and waited out.)
 */
export function isWorthRetrying(error: unknown, createsSomething: boolean): boolean {
  const { status, response, request } = error as { status?: unknown; response?: unknown; request?: unknown };
  if (error instanceof LimitReached) return false;
  // Octokit reports a request that got no HTTP answer as status 500 without a response.
  if (typeof status === 'number' && response) return GITHUB_TRANSIENT_STATUSES.has(status) && !createsSomething;
  return request !== undefined && (neverReachedServer(errorCode(error)) || !createsSomething);
}

/**
 * GitHub's answers that the retry plugin sends again after a pause (contract, Reliability). They
 * differ by contract from the documentation API's (`TRANSIENT_STATUSES` in `api/retry.ts`), which
 * adds 408 and 429: GitHub's 429 (and a 403 that is a rate limit) is the throttling plugin's, waited
 * out as long as GitHub asks rather than on the retry plugin's pauses, and the contract retries no
 * 408 from GitHub. Kept apart so that neither list changes the other's.
 */
const GITHUB_TRANSIENT_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** The retry plugin's pause before retry `retryCount + 1`: (retryCount + 1)² seconds. */
const retryPluginWaitMs = (retryCount: number): number => (retryCount + 1) ** 2 * 1_000;

/** Which of the action's GitHub calls a request is, by its method, path and media type (a next page has its whole URL). */
function callOf(endpoint: EndpointOptions): GitHubCallName | undefined {
  const url = endpoint.url ?? '';
  const path = /^https?:/.test(url) ? new URL(url).pathname : url;
  const diff = endpoint.mediaType?.format === 'diff';
  const names = (Object.keys(GITHUB_CALLS) as GitHubCallName[]).filter((name) => {
    const [method, template = ''] = GITHUB_CALLS[name].endpoint.split(/[ ,]+/);
    return method === (endpoint.method ?? 'GET') && endsWithTemplate(path, template);
  });
  return names.find((name) => name.endsWith('-diff') === diff) ?? names[0];
}

/** Placeholders that stand for one segment or more (a branch, a file's path, `base...head`); any other stands for one. */
const MANY_SEGMENTS = new Set(['{basehead}', '{ref}', '{path}']);

/**
 * Whether a request's path ends with an endpoint's template, segment by segment: a placeholder is
 * one segment, not empty, or (the last one, a ref or a file's path) one or more. The path may
 * start with more (GitHub Enterprise Server's `/api/v3`).
 */
function endsWithTemplate(path: string, template: string): boolean {
  const want = template.split('/').slice(1);
  const have = path.split('/').slice(1);
  const many = MANY_SEGMENTS.has(want.at(-1) ?? '');
  const fixed = many ? want.slice(0, -1) : want;
  const fits = (at: number): boolean =>
    fixed.every((segment, index) => {
      const given = have[at + index];
      return given !== undefined && (segment.startsWith('{') ? given !== '' : given === segment);
    });
  if (!many) return have.length >= fixed.length && fits(have.length - fixed.length);
  // The rest after the fixed segments is the ref or path: at least one segment, not all empty.
  for (let at = 0; at + fixed.length < have.length; at++) if (fits(at) && have.slice(at + fixed.length).join('/') !== '') return true;
  return false;
}

/** A `fetch` that reads the whole body before it answers, so that a body cut off or stalled fails the request. */
function readingWholeBody(fetchImpl: typeof fetch): typeof fetch {
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    const whole = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    // Octokit reads `url` to page through some listings.
    Object.defineProperty(whole, 'url', { value: response.url });
    return whole;
  };
  WRAPPED_FETCH.set(wrapped, fetchImpl);
  return wrapped;
}

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Each `fetch` that reads the whole body, with the `fetch` it wraps. */
const WRAPPED_FETCH = new WeakMap<typeof fetch, typeof fetch>();

/** Which of the step's limits stopped a request. */
export type Limit = 'cancelled' | 'timeout' | 'deadline';

/** Thrown by a request that one of the step's limits stopped (or did not let start). */
export class LimitReached extends Error {
  constructor(readonly limit: Limit) {
    super(`GitHub request stopped: ${limit}`);
    this.name = 'LimitReached';
  }
}

/** What a hook gets of a request: Octokit's endpoint options, with its `request` options. */
interface EndpointOptions {
  method?: string;
  url?: string;
  mediaType?: { format?: string };
  request?: Record<string, unknown>;
}
