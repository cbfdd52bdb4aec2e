/**
 * `GitHubApi` over `@actions/github`'s Octokit, with Octokit's own retry and throttling plugins.
 * Only `octokit.ts` imports this module, and only on first use: a step that reads nothing from
 * GitHub never loads it, nor Octokit and its plugins.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { errorCode, neverReachedServer } from '../net.js';
import { errorMessage, forLog, formatDuration } from '../text.js';
import { GitHubError, subjectOf, type GitHubApi, type IssueComment, type ListedFile, type PullRequestState, type RepoName } from './api.js';
import { GITHUB_CALLS, type GitHubCallName } from './calls.js';
import type { Clock, Logger } from '../runtime.js';

/** What the GitHub client is held to, and who it is. */
export interface GitHubClientOptions {
  readonly token: string;
  readonly repo: RepoName;
  /** Limit for one request, headers and body: the `request-timeout` input. */
  readonly requestTimeoutMs: number;
  /** No request may end after this instant (epoch ms): the step's deadline, or its wrap-up for the writes that report the run. */
  readonly deadline: number;
  /** Aborts the request in flight, and refuses new ones, once the step is cancelled. */
  readonly signal: AbortSignal;
  readonly clock: Clock;
  /** Retries of one request after a transient failure, and after a rate limit: the `retries` input. */
  readonly retries: number;
  /** Each retry says here what failed and how long it waits. */
  readonly logger: Pick<Logger, 'info'>;
  /** GitHub's API root; by default `@actions/github`'s (GITHUB_API_URL, else api.github.com). */
  readonly apiUrl?: string;
}

/** GitHub lists at most this many files of one commit, 300 a page. */
const COMMIT_MAX_FILES = 3_000;

/** The GraphQL document that asks who the token is; GitHub's schema is checked against it in the tests. */
export const VIEWER_LOGIN_QUERY = 'query { viewer { login } }';

/** The GraphQL mutation that marks a draft pull request ready for review; checked against GitHub's schema in the tests. */
export const MARK_READY_MUTATION = 'mutation ($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';

/**
 * `GitHubApi` over `@actions/github`'s Octokit, which honours GITHUB_API_URL (GHES, or a local
 * fake in tests) and the runner's proxy settings, with Octokit's own retry and throttling
 * plugins for GitHub's transient failures and rate limits.
 */
export function createOctokitApi(options: GitHubClientOptions): GitHubApi {
  const { repo } = options;
  let apiUrl = '';
  const describe = (name: GitHubCallName, error: unknown): GitHubError => describeFailure(name, error, { apiUrl, requestTimeoutMs: options.requestTimeoutMs });
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
    },
    retry,
    throttling,
  );
  octokit.hook.wrap('request', (request, endpoint) => limits.wholeCall(request, endpoint));
  apiUrl = String(octokit.request.endpoint.DEFAULTS.baseUrl);

  const call = async <T>(name: GitHubCallName, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw describe(name, error);
    }
  };
  const shape = (name: GitHubCallName, ok: boolean, problem: string): void => {
    if (!ok) throw failure(name, `answered with a response that is not the documented shape (${problem})`, 'shape');
  };
  const listed = (name: GitHubCallName, files: unknown): ListedFile[] => {
    shape(name, files === undefined || Array.isArray(files), '"files" is not a list');
    return ((files ?? []) as unknown[]).map((file) => {
      const item = file as Partial<Record<'filename' | 'previous_filename' | 'status' | 'patch', unknown>> | null;
      shape(name, typeof item?.filename === 'string', 'a file without a "filename"');
      return {
        filename: item!.filename as string,
        previous_filename: typeof item!.previous_filename === 'string' ? item!.previous_filename : undefined,
        status: typeof item!.status === 'string' ? item!.status : undefined,
        patch: typeof item!.patch === 'string' ? item!.patch : undefined,
      };
    });
  };
  const subjects = (name: GitHubCallName, commits: unknown): string[] => {
    shape(name, Array.isArray(commits), '"commits" is not a list');
    return (commits as Array<{ commit?: { message?: unknown } } | null>).map((commit) =>
      subjectOf(typeof commit?.commit?.message === 'string' ? commit.commit.message : ''),
    );
  };
  let tokenLogin: string | undefined;

  return {
    pullDiff: (pullNumber) =>
      call('pull-diff', async () => {
        const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber, mediaType: { format: 'diff' } });
        shape('pull-diff', typeof data === 'string', 'not diff text');
        return data as unknown as string;
      }),
    pullFiles: (pullNumber) =>
      call('pull-files', async () =>
        listed('pull-files', await octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: pullNumber, per_page: 100 })),
      ),
    pullCommitSubjects: (pullNumber) =>
      call('pull-commits', async () =>
        subjects('pull-commits', await octokit.paginate(octokit.rest.pulls.listCommits, { ...repo, pull_number: pullNumber, per_page: 100 })),
      ),
    // No `per_page` or `page`: GitHub then answers the comparison's files (at most 300, the most
    // it lists in any mode) and its last 250 commits in one request. Paging would only page the
    // commits, of which the prompt shows 50.
    compare: (base, head) =>
      call('compare', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}` });
        shape('compare', typeof data === 'object' && data !== null, 'not a JSON object');
        return { files: listed('compare', data.files), commitSubjects: subjects('compare', data.commits) };
      }),
    compareDiff: (base, head) =>
      call('compare-diff', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, mediaType: { format: 'diff' } });
        shape('compare-diff', typeof data === 'string', 'not diff text');
        return data as unknown as string;
      }),
    // Past 300 files GitHub pages a commit's files (up to 3,000), each page repeating the commit.
    commit: (sha) =>
      call('commit', async () => {
        const files: ListedFile[] = [];
        let subject: string | undefined;
        for await (const page of octokit.paginate.iterator(octokit.rest.repos.getCommit, { ...repo, ref: sha })) {
          const data = page.data as unknown as { files?: unknown; commit?: { message?: unknown } };
          shape('commit', typeof data?.commit?.message === 'string', 'no commit message');
          subject ??= subjectOf(data.commit!.message as string);
          files.push(...listed('commit', data.files));
          if (files.length >= COMMIT_MAX_FILES) break;
        }
        return { files, subject: subject ?? '' };
      }),
    defaultBranch: () =>
      call('repository', async () => {
        const { data } = await octokit.rest.repos.get({ ...repo });
        shape('repository', typeof data?.default_branch === 'string', 'no "default_branch"');
        return data.default_branch;
      }),
    listComments: (issueNumber) =>
      call('list-comments', async () => {
        const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: issueNumber, per_page: 100 });
        shape('list-comments', Array.isArray(comments), 'not a list');
        return comments.map((comment): IssueComment => {
          shape('list-comments', typeof comment?.id === 'number', 'a comment without an "id"');
          return { id: comment.id, body: typeof comment.body === 'string' ? comment.body : '', authorLogin: comment.user?.login ?? '' };
        });
      }),
    // GraphQL's `viewer` answers for every kind of token; REST `GET /user` refuses installation
    // tokens (the default GITHUB_TOKEN among them), and `GET /app` needs the app's own JWT.
    tokenLogin: () =>
      call('identity', async () => {
        if (tokenLogin === undefined) {
          const data = await octokit.graphql<{ viewer?: { login?: unknown } }>(VIEWER_LOGIN_QUERY);
          const login = data?.viewer?.login;
          shape('identity', typeof login === 'string' && login.length > 0, 'no "viewer.login"');
          tokenLogin = login as string;
        }
        return tokenLogin;
      }),
    createComment: (issueNumber, body) =>
      call('create-comment', async () => (await octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body })).data.id),
    updateComment: (commentId, body) =>
      call('update-comment', async () => {
        await octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body });
      }),
    pullRequest: (pullNumber) =>
      call('pull-request', async () => pullState('pull-request', (await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })).data)),
    setPullRequestState: (pullNumber, state) =>
      call('update-pull', async () => pullState('update-pull', (await octokit.rest.pulls.update({ ...repo, pull_number: pullNumber, state })).data)),
    markReadyForReview: (pullRequestNodeId) =>
      call('mark-ready', async () => {
        await octokit.graphql(MARK_READY_MUTATION, { id: pullRequestNodeId });
      }),
  };

  function pullState(name: GitHubCallName, data: unknown): PullRequestState {
    const pull = data as Partial<Record<'number' | 'node_id' | 'state' | 'draft' | 'merged' | 'merged_at' | 'title', unknown>> & {
      head?: { ref?: unknown; repo?: { full_name?: unknown } | null };
    };
    shape(name, typeof pull?.number === 'number' && typeof pull.node_id === 'string', 'no "number" or "node_id"');
    shape(name, pull.state === 'open' || pull.state === 'closed', 'a "state" other than open or closed');
    return {
      number: pull.number as number,
      nodeId: pull.node_id as string,
      state: pull.state as 'open' | 'closed',
      draft: pull.draft === true,
      // A list of pull requests leaves out `merged`; `merged_at` says it too.
      merged: pull.merged === true || (typeof pull.merged_at === 'string' && pull.merged_at !== ''),
      title: typeof pull.title === 'string' ? pull.title : '',
      headRef: typeof pull.head?.ref === 'string' ? pull.head.ref : '',
      // A fork that was deleted arrives as null.
      headRepository: typeof pull.head?.repo?.full_name === 'string' ? pull.head.repo.full_name : undefined,
    };
  }
}

type Limit = 'cancelled' | 'timeout' | 'deadline';

/** Thrown by a request that one of the step's limits stopped (or did not let start). */
class LimitReached extends Error {
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

/** A stand-in for a Bottleneck group that queues nothing: each job runs at once. */
const UNPACED = {
  key: () => ({
    schedule: <T>(_options: unknown, job: (...args: unknown[]) => T | Promise<T>, ...args: unknown[]): Promise<T> => Promise.resolve().then(() => job(...args)),
  }),
};

/** Answers GitHub sends again after a pause (contract, Reliability). */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** The retry plugin's pause before retry `retryCount + 1`: (retryCount + 1)² seconds. */
const retryPluginWaitMs = (retryCount: number): number => (retryCount + 1) ** 2 * 1_000;

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

  constructor(
    private readonly options: GitHubClientOptions,
    /** Says what failed, as the step's errors say it. */
    private readonly describe: (name: GitHubCallName, error: unknown) => GitHubError,
  ) {
    this.deadline = options.deadline;
  }

  /**
   * The whole call: it ends at the deadline or on cancellation at once, even while the plugins
   * wait to retry. (They are told not to wait past the deadline; this holds if they do.)
   */
  async wholeCall<T>(request: (options: never) => T | Promise<T>, endpoint: EndpointOptions): Promise<T> {
    const { signal: cancel, clock } = this.options;
    if (cancel.aborted) throw new LimitReached('cancelled');
    const remainingMs = this.deadline - clock.now();
    if (remainingMs <= 0) throw new LimitReached('deadline');
    let timer: NodeJS.Timeout | undefined;
    let onCancel: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LimitReached('deadline')), remainingMs);
      onCancel = () => reject(new LimitReached('cancelled'));
      cancel.addEventListener('abort', onCancel, { once: true });
    });
    try {
      return await Promise.race([request(endpoint as never), stop]);
    } finally {
      clearTimeout(timer);
      cancel.removeEventListener('abort', onCancel!);
    }
  }

  /** One attempt: `request-timeout`, the deadline and cancellation; and whether it may be retried. */
  async attempt<T>(request: (options: never) => T | Promise<T>, endpoint: EndpointOptions): Promise<T> {
    const { signal: cancel, requestTimeoutMs, clock } = this.options;
    if (cancel.aborted) throw new LimitReached('cancelled');
    const remainingMs = this.deadline - clock.now();
    if (remainingMs <= 0) throw new LimitReached('deadline');
    const timeoutLimit: Limit = remainingMs < requestTimeoutMs ? 'deadline' : 'timeout';
    const timer = AbortSignal.timeout(Math.min(remainingMs, requestTimeoutMs));
    const stopped = (): LimitReached | undefined =>
      cancel.aborted ? new LimitReached('cancelled') : timer.aborted ? new LimitReached(timeoutLimit) : undefined;
    const given = endpoint.request?.fetch as typeof fetch | undefined;
    // A retry gets the options of the attempt before it, whose `fetch` is already wrapped.
    const fetchImpl = (given && WRAPPED_FETCH.get(given)) ?? given ?? fetch;
    // Octokit's hooks hand the same options object down the chain (and to each retry): set them on it.
    endpoint.request = { ...endpoint.request, signal: AbortSignal.any([cancel, timer]), fetch: readingWholeBody(fetchImpl) };
    try {
      return await request(endpoint as never);
    } catch (error) {
      const limit = stopped();
      if (limit) throw limit;
      // The retry plugin reads `request.retries` when an attempt fails: 0 sends it no more.
      endpoint.request.retries = this.mayRetry(error, endpoint) ? this.options.retries : 0;
      throw error;
    }
  }

  /**
   * May the retry plugin send this failed attempt again? After a failure worth sending again
   * (`isWorthRetrying`), within `retries`, and when its pause ends before the deadline.
   */
  private mayRetry(error: unknown, endpoint: EndpointOptions): boolean {
    const retryCount = Number(endpoint.request?.retryCount ?? 0);
    // A GraphQL query reads, though it is a POST.
    const createsSomething = endpoint.method === 'POST' && endpoint.url !== '/graphql';
    const waitMs = retryPluginWaitMs(retryCount);
    if (!isWorthRetrying(error, createsSomething) || retryCount >= this.options.retries || !this.mayWait(waitMs)) return false;
    this.logRetry(endpoint, error, waitMs, retryCount);
    return true;
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
    const what = name ? `GitHub ${GITHUB_CALLS[name].title} (${GITHUB_CALLS[name].endpoint})` : 'A GitHub request';
    this.options.logger.info(
      `${what} hit GitHub's rate limit; retrying in ${formatDuration(waitMs)} (attempt ${retryCount + 2} of ${this.options.retries + 1}).`,
    );
    return true;
  }

  /** Would a pause of this long end before the deadline, and the step still be running? */
  private mayWait(waitMs: number): boolean {
    return !this.options.signal.aborted && this.options.clock.now() + waitMs < this.deadline;
  }

  private logRetry(endpoint: EndpointOptions, error: unknown, waitMs: number, retryCount: number): void {
    const name = callOf(endpoint);
    const what = name ? this.describe(name, error).message.replace(/\.$/, '') : 'A GitHub request failed';
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
  if (typeof status === 'number' && response) return TRANSIENT_STATUSES.has(status) && !createsSomething;
  return request !== undefined && (neverReachedServer(errorCode(error)) || !createsSomething);
}

/** Which of the action's GitHub calls a request is, by its method, path and media type (a next page has its whole URL). */
function callOf(endpoint: EndpointOptions): GitHubCallName | undefined {
  const url = endpoint.url ?? '';
  const path = /^https?:/.test(url) ? new URL(url).pathname : url;
  const diff = endpoint.mediaType?.format === 'diff';
  const names = (Object.keys(GITHUB_CALLS) as GitHubCallName[]).filter((name) => {
    const [method, template = ''] = GITHUB_CALLS[name].endpoint.split(/[ ,]+/);
    const pattern = template.replace(/\{(basehead|ref)\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+');
    return method === (endpoint.method ?? 'GET') && new RegExp(`${pattern}$`).test(path);
  });
  return names.find((name) => name.endsWith('-diff') === diff) ?? names[0];
}

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Each `fetch` that reads the whole body, with the `fetch` it wraps. */
const WRAPPED_FETCH = new WeakMap<typeof fetch, typeof fetch>();

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

interface FailureContext {
  readonly apiUrl: string;
  readonly requestTimeoutMs: number;
}

/** One line for the author: which GitHub call, what went wrong, and what to do where it helps. */
function describeFailure(name: GitHubCallName, error: unknown, context: FailureContext): GitHubError {
  if (error instanceof GitHubError) return error;
  if (error instanceof LimitReached) {
    switch (error.limit) {
      case 'cancelled':
        return failure(name, 'cancelled', 'cancelled');
      case 'timeout':
        return failure(name, `timed out: no complete answer within request-timeout (${formatDuration(context.requestTimeoutMs)})`, 'timeout');
      case 'deadline':
        return failure(name, "timed out: the step's timeout ran out before it answered", 'deadline');
    }
  }
  const { status, response } = error as { status?: unknown; response?: { data?: unknown; headers?: Record<string, unknown> } };
  // Octokit reports a request that got no HTTP answer as status 500 without a response.
  if (typeof status === 'number' && response) {
    const answer = serverMessageOf(response.data);
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
  const detail = forLog(causeMessage(error), 200);
  return failure(name, `the connection failed: ${detail}${code && !detail.includes(code) ? ` (${code})` : ''}`, 'network');
}

function failure(name: GitHubCallName, what: string, kind: GitHubError['kind'], status?: number, answer?: string): GitHubError {
  const { title, endpoint } = GITHUB_CALLS[name];
  return new GitHubError(`GitHub ${title} (${endpoint}) ${what.replace(/\.$/, '')}.`, kind, status, answer);
}

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

function serverMessageOf(data: unknown): string {
  const message = typeof data === 'string' ? data : (data as { message?: unknown } | null)?.message;
  return forLog(typeof message === 'string' && message ? message : 'no message', 200);
}

/** The innermost message: fetch says only "fetch failed", its cause says what. */
function causeMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message) message = current.message;
    current = current.cause;
  }
  return message;
}
