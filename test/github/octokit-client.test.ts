/**
 * The GitHub client in process, against the fake GitHub: every request obeys request-timeout,
 * the step's deadline and cancellation (each page of a listing too), a body cut off is a
 * failure rather than an empty answer, and each failure names the call and what went wrong. The
 * client's clock and its timers are fake: a request the fake GitHub holds ends at its time limit
 * on that clock, run to as the fake holds it; Octokit's retry and rate-limit pauses are real.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubApi, GitHubError } from '../../src/github/api.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FakeTime } from '../support/fake-time.js';

let github: FakeGitHub;
/** The clients' clock and timers: a hang runs it to the request's time limit (one request at a time here). */
let time: FakeTime;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
});
afterEach(async () => {
  // Every request the client sent, and every answer the fake gave, is as GitHub describes it.
  expect(await github.takeViolations()).toEqual([]);
});
beforeEach(() => {
  time = new FakeTime();
  github.onHang = () => time.runToNextTimer();
  logged.length = 0;
  github.clearFaults();
  github.requests.length = 0;
  github.comments.length = 0;
});

/** What the client logged (each retry says what failed and how long it waits). */
const logged: string[] = [];
/** Where the fake clock starts. */
const START = new FakeTime().now();
/** A primary rate limit's reset in the past, whatever the host's clock says: 2023-11-14, in epoch seconds. */
const PAST_RESET_SECONDS = 1_700_000_000;

async function client(options: { requestTimeoutMs?: number; deadlineInMs?: number; signal?: AbortSignal; retries?: number } = {}): Promise<GitHubApi> {
  const { createGitHubApi } = await import('../../src/github/octokit.js');
  return createGitHubApi({
    token: 'ghs_clientTest',
    repo: { owner: 'acme', repo: 'widgets' },
    requestTimeoutMs: options.requestTimeoutMs ?? 500,
    deadline: time.now() + (options.deadlineInMs ?? 60_000),
    signal: options.signal ?? new AbortController().signal,
    clock: time,
    startTimer: time.startTimer,
    // Given, as the steps give GITHUB_API_URL: @actions/github reads its own default only once a process.
    apiUrl: github.url,
    retries: options.retries ?? 4,
    logger: { info: (line) => logged.push(line) },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<GitHubError> {
  try {
    await promise;
  } catch (error) {
    return error as GitHubError;
  }
  throw new Error('expected the call to fail');
}

const comments = (count: number): void => {
  for (let i = 0; i < count; i++) github.comments.push({ id: i + 1, body: `c${i}`, user: { login: 'octocat', type: 'User' }, author_association: 'MEMBER' });
};

describe('the GitHub client', () => {
  it('ends a request that gets no answer at request-timeout, naming the call', async () => {
    github.injectFault({ call: 'list-comments', kind: 'hang' });
    const error = await failureOf((await client({ requestTimeoutMs: 300 })).listComments(7));
    expect(time.now() - START).toBe(300);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      'GitHub list comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments) timed out: no complete answer within request-timeout (300ms).',
    );
  });

  it('holds every page of a listing to the limits, not only the first', async () => {
    comments(150);
    github.injectFault({ call: 'list-comments', kind: 'hang', skip: 1 });
    const error = await failureOf((await client({ requestTimeoutMs: 300 })).listComments(7));
    expect(error.kind).toBe('timeout');
    expect(github.callsTo('list-comments')).toHaveLength(2);
  });

  it("ends a request at the step's deadline when that comes first", async () => {
    github.injectFault({ call: 'repository', kind: 'hang' });
    const error = await failureOf((await client({ requestTimeoutMs: 30_000, deadlineInMs: 300 })).defaultBranch());
    expect(time.now() - START).toBe(300);
    expect(error.kind).toBe('deadline');
    expect(error.message).toContain("timed out: the step's timeout ran out before it answered");
  });

  it('sends nothing once the deadline has passed', async () => {
    const api = await client({ deadlineInMs: -1 });
    expect((await failureOf(api.defaultBranch())).kind).toBe('deadline');
    expect(github.requests).toEqual([]);
  });

  it('aborts the request in flight on cancellation, and sends nothing after it', async () => {
    const cancel = new AbortController();
    github.injectFault({ call: 'pull-diff', kind: 'hang' });
    // Once the fake GitHub has it, and not by its timer.
    github.onHang = () => cancel.abort(new Error('SIGINT'));
    const api = await client({ requestTimeoutMs: 30_000, signal: cancel.signal });
    const error = await failureOf(api.pullDiff(7));
    expect(error.kind).toBe('cancelled');
    expect(error.message).toBe('GitHub pull request diff (GET /repos/{owner}/{repo}/pulls/{pull_number}) cancelled.');
    expect((await failureOf(api.defaultBranch())).kind).toBe('cancelled');
    expect(github.callsTo('repository')).toEqual([]);
  });

  it('fails on a body cut off half way, where Octokit alone would read an empty list', async () => {
    github.injectFault({ call: 'list-comments', kind: 'cut-body' });
    const error = await failureOf((await client({ retries: 0 })).listComments(7));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^GitHub list comments \(GET .*\) the connection failed: /);
  });

  it('says what GitHub answered, with what to do about a 403', async () => {
    github.injectFault({ call: 'create-comment', kind: 'status', status: 403 });
    const error = await failureOf((await client()).createComment(7, 'hello'));
    expect(error).toMatchObject({ kind: 'http', status: 403 });
    expect(error.message).toBe(
      'GitHub create comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments) answered 403: Resource not accessible by integration (give the job "permissions: pull-requests: write", or set pr-comment: false).',
    );
  });

  it('makes outside text in an error safe for one log line', async () => {
    github.injectFault({ call: 'repository', kind: 'status', status: 500, body: { message: 'boom\n::add-mask::x ##[error]y' } });
    const error = await failureOf((await client({ retries: 0 })).defaultBranch());
    expect(error.message).not.toMatch(/\n|##\[/);
  });

  it("learns the token's identity from GraphQL's viewer, once", async () => {
    github.viewerLogin = 'docs-bot[bot]';
    const api = await client();
    await expect(api.tokenLogin()).resolves.toBe('docs-bot[bot]');
    await expect(api.tokenLogin()).resolves.toBe('docs-bot[bot]');
    expect(github.callsTo('identity')).toHaveLength(1);
    github.viewerLogin = 'github-actions[bot]';
  });

  it('reports a GraphQL error answer as such', async () => {
    github.injectFault({ call: 'identity', kind: 'status', status: 200, body: { errors: [{ message: 'Resource not accessible by integration' }] } });
    const error = await failureOf((await client()).tokenLogin());
    expect(error.message).toMatch(/^GitHub token identity \(POST \/graphql, viewer\) answered with an error: .*Resource not accessible by integration/);
  });

  it('refuses an answer of the wrong shape instead of reading it as empty', async () => {
    github.injectFault({ call: 'compare', kind: 'status', status: 200, body: { files: 'none', commits: [] } });
    const error = await failureOf((await client()).compare('a', 'b'));
    expect(error.kind).toBe('shape');
    expect(error.message).toContain('not the documented shape');
  });
});

/** GitHub's answer to a request over its secondary rate limit (a 403 or a 429, with how long to wait). */
const secondaryRateLimit = (status: 403 | 429, retryAfterSeconds: number) =>
  ({
    kind: 'status',
    status,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: String(status),
    },
  }) as const;

describe('retries and rate limits, inside the deadline', () => {
  it('sends a read again after a 5xx, and says so once', async () => {
    github.pulls.set(7, { diff: 'diff --git a/x b/x', files: [], commits: [] });
    github.injectFault({ call: 'pull-diff', kind: 'status', status: 502 });
    await expect((await client()).pullDiff(7)).resolves.toBe('diff --git a/x b/x');
    expect(github.callsTo('pull-diff')).toHaveLength(2);
    expect(logged).toEqual([
      'GitHub pull request diff (GET /repos/{owner}/{repo}/pulls/{pull_number}) answered 502: Server Error; retrying in 1s (attempt 2 of 5).',
    ]);
  });

  it('sends a read again after a connection broken mid-request, a later page too', async () => {
    comments(150);
    github.injectFault({ call: 'list-comments', kind: 'reset', skip: 1 });
    await expect((await client()).listComments(7)).resolves.toHaveLength(150);
    expect(github.callsTo('list-comments')).toHaveLength(3);
    expect(logged).toEqual([expect.stringMatching(/^GitHub list comments \(GET .*\) the connection failed: .*; retrying in 1s \(attempt 2 of 5\)\.$/)]);
  });

  it('never sends a comment again after a 5xx or a broken connection: GitHub may have created it', async () => {
    github.injectFault({ call: 'create-comment', kind: 'status', status: 502, afterHandling: true });
    const error = await failureOf((await client()).createComment(7, 'hello'));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(github.comments).toHaveLength(1);
    github.injectFault({ call: 'create-comment', kind: 'reset' });
    expect((await failureOf((await client()).createComment(7, 'again'))).kind).toBe('network');
    expect(github.callsTo('create-comment')).toHaveLength(2);
    expect(logged).toEqual([]);
  });

  it('waits out a secondary rate limit as long as GitHub asks, and sends even a comment again: GitHub did not take it', async () => {
    github.injectFault({ call: 'create-comment', ...secondaryRateLimit(403, 1) });
    const id = await (await client()).createComment(7, 'hello');
    expect(github.comments.map((comment) => comment.id)).toEqual([id]);
    expect(github.callsTo('create-comment')).toHaveLength(2);
    expect(logged).toEqual([
      "GitHub create comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments) hit GitHub's rate limit; retrying in 1s (attempt 2 of 5).",
    ]);
  });

  it('waits out a 429 and a spent primary rate limit (x-ratelimit-reset) too', async () => {
    github.injectFault({ call: 'repository', ...secondaryRateLimit(429, 1) });
    github.injectFault({
      call: 'pull-commits',
      kind: 'status',
      status: 403,
      // A reset already past (the plugin reckons its wait by the host's clock, not the client's): waited out at once.
      headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(PAST_RESET_SECONDS) },
      body: { message: 'API rate limit exceeded for installation ID 1.', documentation_url: 'https://docs.github.com/rest', status: '403' },
    });
    github.pulls.set(7, { diff: '', files: [], commits: ['One'] });
    const api = await client();
    await expect(api.defaultBranch()).resolves.toBe('main');
    await expect(api.pullCommitSubjects(7)).resolves.toEqual(['One']);
    expect(github.callsTo('repository')).toHaveLength(2);
    expect(github.callsTo('pull-commits')).toHaveLength(2);
  });

  it('gives up at once, with what GitHub answered, when the wait it asks for would cross the deadline', async () => {
    github.injectFault({ call: 'repository', ...secondaryRateLimit(403, 60) });
    const error = await failureOf((await client({ deadlineInMs: 10_000 })).defaultBranch());
    expect(error).toMatchObject({ kind: 'http', status: 403 });
    expect(error.message).toBe(
      "GitHub repository (GET /repos/{owner}/{repo}) answered 403: You have exceeded a secondary rate limit. Please wait a few minutes before you try again. (GitHub's rate limit; it asks to wait 1m).",
    );
    expect(github.callsTo('repository')).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('retries a 5xx only while the pause ends before the deadline, then says what GitHub answered', async () => {
    github.injectFault({ call: 'repository', kind: 'status', status: 503, times: 5 });
    // The retry plugin pauses 1s, then 4s: the second pause would end after the deadline.
    const error = await failureOf((await client({ deadlineInMs: 3_500 })).defaultBranch());
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(github.callsTo('repository')).toHaveLength(2);
    expect(logged).toHaveLength(1);
  });

  it('stops at once on cancellation while it waits to retry', async () => {
    const cancel = new AbortController();
    github.injectFault({ call: 'repository', ...secondaryRateLimit(403, 30) });
    const pending = failureOf((await client({ signal: cancel.signal })).defaultBranch());
    while (logged.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    cancel.abort(new Error('SIGINT'));
    // Were the 30-second wait not cut short, the test's own timeout would end it first.
    expect((await pending).kind).toBe('cancelled');
    expect(github.callsTo('repository')).toHaveLength(1);
  });

  it('sends nothing again with retries: 0, and never after a 4xx such as the 406 of a diff too large', async () => {
    github.pulls.set(7, { diff: '', files: [], commits: [], tooLarge: true });
    github.injectFault({ call: 'repository', kind: 'status', status: 502 });
    expect((await failureOf((await client({ retries: 0 })).defaultBranch())).status).toBe(502);
    expect((await failureOf((await client()).pullDiff(7))).status).toBe(406);
    expect(github.callsTo('repository')).toHaveLength(1);
    expect(github.callsTo('pull-diff')).toHaveLength(1);
    expect(logged).toEqual([]);
  });
});

describe('which failures are worth sending again', () => {
  const answered = (status: number) => Object.assign(new Error(`answered ${status}`), { status, request: {}, response: { status, headers: {} } });
  const noAnswer = (code: string) => Object.assign(new Error('fetch failed'), { status: 500, request: {}, cause: Object.assign(new Error(code), { code }) });

  it.each([
    { failure: '500', error: answered(500), read: true, create: false },
    { failure: '502', error: answered(502), read: true, create: false },
    { failure: '503', error: answered(503), read: true, create: false },
    { failure: '504', error: answered(504), read: true, create: false },
    { failure: '501', error: answered(501), read: false, create: false },
    { failure: '403', error: answered(403), read: false, create: false },
    { failure: '429 (the throttling plugin waits it out)', error: answered(429), read: false, create: false },
    { failure: 'a connection reset', error: noAnswer('ECONNRESET'), read: true, create: false },
    { failure: 'a connection refused', error: noAnswer('ECONNREFUSED'), read: true, create: true },
    { failure: 'a name not resolved', error: noAnswer('ENOTFOUND'), read: true, create: true },
    { failure: 'not a request error', error: new TypeError('x is not a function'), read: false, create: false },
  ])('$failure: a read $read, a create $create', async ({ error, read, create }) => {
    const { isWorthRetrying } = await import('../../src/github/limits.js');
    expect(isWorthRetrying(error, false)).toBe(read);
    expect(isWorthRetrying(error, true)).toBe(create);
  });
});

describe('GraphQL', () => {
  it("asks GitHub only what GitHub's GraphQL schema allows", async () => {
    const { validate } = await import('@octokit/graphql-schema');
    const { VIEWER_LOGIN_QUERY } = await import('../../src/github/octokit-client.js');
    expect(validate(VIEWER_LOGIN_QUERY)).toEqual([]);
    // The check can fail: a field GitHub's User does not have.
    expect(validate('query { viewer { logn } }')).not.toEqual([]);
  });
});
