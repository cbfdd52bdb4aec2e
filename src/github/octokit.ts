import { formatDuration, forLog, errorMessage } from '../text.js';
import type { Clock } from '../runtime.js';
import { GitHubError, subjectOf, type GitHubApi, type IssueComment, type ListedFile, type RepoName } from './api.js';
import { GITHUB_CALLS, type GitHubCallName } from './calls.js';
import { errorCode, neverReachedServer } from '../net.js';

export interface GitHubClientOptions {
  readonly token: string;
  readonly repo: RepoName;
  /** Limit for one request, headers and body: the `request-timeout` input. */
  readonly requestTimeoutMs: number;
  /** No request may end after this instant (epoch ms); `setDeadline` moves it. */
  readonly deadline: number;
  /** Aborts the request in flight, and refuses new ones, once the step is cancelled. */
  readonly signal: AbortSignal;
  readonly clock: Clock;
  /** GitHub's API root; by default `@actions/github`'s (GITHUB_API_URL, else api.github.com). */
  readonly apiUrl?: string;
}

/** GitHub lists at most this many files of one commit, 300 a page. */
const COMMIT_MAX_FILES = 3_000;

/**
 * `GitHubApi` over `@actions/github`'s Octokit, which honours GITHUB_API_URL (GHES, or a local
 * fake in tests) and the runner's proxy settings. Imported on first use: a step that reads
 * nothing from GitHub never loads it.
 */
export async function createGitHubApi(options: GitHubClientOptions): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github');
  const { repo } = options;
  const octokit = getOctokit(options.token, options.apiUrl ? { baseUrl: options.apiUrl } : {});
  const limits = new RequestLimits(options);
  octokit.hook.wrap('request', (request, endpoint) => limits.apply(request, endpoint));
  const apiUrl = String(octokit.request.endpoint.DEFAULTS.baseUrl);

  const call = async <T>(name: GitHubCallName, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw describeFailure(name, error, { apiUrl, requestTimeoutMs: options.requestTimeoutMs });
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
          const data = await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
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
    setDeadline: (epochMs) => limits.setDeadline(epochMs),
  };
}

type Limit = 'cancelled' | 'timeout' | 'deadline';

/** Thrown by a request that one of the step's limits stopped (or did not let start). */
class LimitReached extends Error {
  constructor(readonly limit: Limit) {
    super(`GitHub request stopped: ${limit}`);
    this.name = 'LimitReached';
  }
}

/**
 * Puts every request Octokit makes (each page of a listing, GraphQL too) under the step's
 * limits, through Octokit's `request.signal`: `request-timeout` for the request, the step's
 * deadline, and cancellation. It also has `fetch` read the whole body, so that a body cut off or
 * stalled fails the request: Octokit reads bodies itself and takes one that breaks off for an
 * empty answer.
 */
class RequestLimits {
  private deadline: number;

  constructor(private readonly options: GitHubClientOptions) {
    this.deadline = options.deadline;
  }

  setDeadline(epochMs: number): void {
    this.deadline = epochMs;
  }

  async apply<T>(request: (options: never) => T | Promise<T>, endpoint: { request?: Record<string, unknown> }): Promise<T> {
    const { signal: cancel, requestTimeoutMs, clock } = this.options;
    if (cancel.aborted) throw new LimitReached('cancelled');
    const remainingMs = this.deadline - clock.now();
    if (remainingMs <= 0) throw new LimitReached('deadline');
    const timeoutLimit: Limit = remainingMs < requestTimeoutMs ? 'deadline' : 'timeout';
    const timer = AbortSignal.timeout(Math.min(remainingMs, requestTimeoutMs));
    const stopped = (): LimitReached | undefined =>
      cancel.aborted ? new LimitReached('cancelled') : timer.aborted ? new LimitReached(timeoutLimit) : undefined;
    const fetchImpl = (endpoint.request?.fetch as typeof fetch | undefined) ?? fetch;
    // Octokit's hooks hand the same options object down the chain: set them on it.
    endpoint.request = { ...endpoint.request, signal: AbortSignal.any([cancel, timer]), fetch: readingWholeBody(fetchImpl) };
    try {
      return await request(endpoint as never);
    } catch (error) {
      throw stopped() ?? error;
    }
  }
}

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function readingWholeBody(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    const whole = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    // Octokit reads `url` to page through some listings.
    Object.defineProperty(whole, 'url', { value: response.url });
    return whole;
  };
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
    return failure(name, `answered ${status}: ${serverMessageOf(response.data)}${hintFor(name, status, response.headers ?? {})}`, 'http', status);
  }
  if ((error as { name?: unknown }).name === 'GraphqlResponseError') {
    return failure(name, `answered with an error: ${forLog(errorMessage(error), 200)}`, 'shape');
  }
  const code = errorCode(error);
  if (neverReachedServer(code)) {
    return failure(name, `could not connect to ${forLog(context.apiUrl, 200)} (${code}); check GITHUB_API_URL and the runner's network`, 'network');
  }
  const detail = forLog(causeMessage(error), 200);
  return failure(name, `the connection failed: ${detail}${code && !detail.includes(code) ? ` (${code})` : ''}`, 'network');
}

function failure(name: GitHubCallName, what: string, kind: GitHubError['kind'], status?: number): GitHubError {
  const { title, endpoint } = GITHUB_CALLS[name];
  return new GitHubError(`GitHub ${title} (${endpoint}) ${what.replace(/\.$/, '')}.`, kind, status);
}

function hintFor(name: GitHubCallName, status: number, headers: Record<string, unknown>): string {
  if ((status === 403 || status === 429) && String(headers['x-ratelimit-remaining']) === '0') {
    return " (the token's GitHub rate limit is spent; it resets within the hour)";
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
  let message = errorMessage(error);
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message) message = current.message;
    current = current.cause;
  }
  return message;
}
