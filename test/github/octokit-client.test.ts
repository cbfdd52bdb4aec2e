/**
 * The GitHub client in process, against the fake GitHub: every request obeys request-timeout,
 * the step's deadline and cancellation (each page of a listing too), a body cut off is a
 * failure rather than an empty answer, and each failure names the call and what went wrong. The
 * client's clock and its timers are fake: a request the fake GitHub holds ends at its time limit
 * on that clock, run to as the fake holds it; Octokit's retry and rate-limit pauses are real.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubApi, GitHubError } from '../../src/github/api.js';
import { GITHUB_REST_API_VERSION } from '../../src/github/limits.js';
import { COMMIT_FILE_PAGES, PULL_COMMENT_PAGES, PULL_COMMIT_PAGES, PULL_FILE_PAGES } from '../../src/github/pages.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FakeTime } from '../support/fake-time.js';
import { docsPull } from '../support/two-repositories.js';

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

async function client(
  options: { requestTimeoutMs?: number; deadlineInMs?: number; signal?: AbortSignal; retries?: number; repo?: string } = {},
): Promise<GitHubApi> {
  const { createGitHubApi } = await import('../../src/github/octokit.js');
  return createGitHubApi({
    token: 'ghs_clientTest',
    repo: { owner: 'acme', repo: options.repo ?? 'widgets' },
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
    const { VIEWER_LOGIN_QUERY, OPEN_PULLS_QUERY } = await import('../../src/github/octokit-client.js');
    expect(validate(VIEWER_LOGIN_QUERY)).toEqual([]);
    expect(validate(OPEN_PULLS_QUERY)).toEqual([]);
    // The check can fail: a field GitHub's User does not have.
    expect(validate('query { viewer { logn } }')).not.toEqual([]);
  });
});

describe('every list read within its page limit, whatever the server says', () => {
  afterEach(() => {
    github.pulls.clear();
    github.pullStates.clear();
    github.commits.clear();
    github.statuses.length = 0;
  });

  const files = (count: number) => Array.from({ length: count }, (_, i) => ({ filename: `src/f${i}.ts`, status: 'modified' }));
  const cut = (call: string, limit: number) => `GitHub ${call} has more than ${limit} pages; only the first ${limit} were read.`;
  const LIST_COMMENTS = 'list comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments)';

  it("a pull request's comments: the first 10 pages of 100, and one line saying so when there were more", async () => {
    comments(1_050);
    const read = await (await client()).listComments(7);
    expect(read.map((comment) => comment.id)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(github.callsTo('list-comments')).toHaveLength(PULL_COMMENT_PAGES);
    expect(logged).toEqual([cut(LIST_COMMENTS, 10)]);
  });

  it("a pull request's comments: a next link on every page costs one empty page after the last, no more; a page answered again ends the read", async () => {
    comments(150);
    github.lieAboutPages('list-comments', { kind: 'endless' });
    await expect((await client()).listComments(7)).resolves.toHaveLength(150);
    expect(github.callsTo('list-comments')).toHaveLength(3);
    github.requests.length = 0;
    github.lieAboutPages('list-comments', { kind: 'repeat', from: 1 });
    const repeated = await (await client()).listComments(7);
    expect(repeated.map((comment) => comment.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(github.callsTo('list-comments')).toHaveLength(2);
    expect(logged).toEqual([]);
  });

  it("a pull request's comments, endless past a thousand: 10 requests, not hundreds", async () => {
    comments(1_000);
    github.lieAboutPages('list-comments', { kind: 'endless' });
    await expect((await client()).listComments(7)).resolves.toHaveLength(1_000);
    expect(github.callsTo('list-comments')).toHaveLength(10);
    expect(logged).toEqual([cut(LIST_COMMENTS, 10)]);
  });

  it("a pull request's files: all 3,000 GitHub lists in 30 pages; a server that names a 31st is not followed", async () => {
    github.pulls.set(7, { diff: '', files: files(3_000), commits: [] });
    const api = await client();
    await expect(api.pullFiles(7)).resolves.toHaveLength(3_000);
    expect(github.callsTo('pull-files')).toHaveLength(PULL_FILE_PAGES);
    expect(logged).toEqual([]);
    github.lieAboutPages('pull-files', { kind: 'endless' });
    await expect(api.pullFiles(7)).resolves.toHaveLength(3_000);
    expect(github.callsTo('pull-files')).toHaveLength(2 * PULL_FILE_PAGES);
    expect(logged).toEqual([cut('pull request files (GET /repos/{owner}/{repo}/pulls/{pull_number}/files)', 30)]);
  });

  it("a pull request's commits: GitHub's 250 in 3 pages; pages that go round end where they turn back", async () => {
    const messages = Array.from({ length: 250 }, (_, i) => `Commit ${i}\n\nbody`);
    github.pulls.set(7, { diff: '', files: [], commits: messages });
    const api = await client();
    await expect(api.pullCommitSubjects(7)).resolves.toEqual(messages.map((message) => message.split('\n')[0]));
    expect(github.callsTo('pull-commits')).toHaveLength(PULL_COMMIT_PAGES);
    github.requests.length = 0;
    // The second page names the first again: read again (its link is another URL), it brings nothing new.
    github.lieAboutPages('pull-commits', { kind: 'loop', at: 2, to: 1 });
    await expect(api.pullCommitSubjects(7)).resolves.toHaveLength(200);
    expect(github.callsTo('pull-commits')).toHaveLength(3);
    github.requests.length = 0;
    github.lieAboutPages('pull-commits', { kind: 'endless' });
    await expect(api.pullCommitSubjects(7)).resolves.toHaveLength(250);
    expect(github.callsTo('pull-commits')).toHaveLength(3);
    expect(logged).toEqual([cut('pull request commits (GET /repos/{owner}/{repo}/pulls/{pull_number}/commits)', 3)]);
  });

  it("a commit's files: 300 a page, 3,000 in 10 pages, its subject from the first", async () => {
    const sha = 'a'.repeat(40);
    github.commits.set(sha, { files: files(301), message: 'Start\n\nThe first commit.' });
    const api = await client();
    const commit = await api.commit(sha);
    expect([commit.subject, commit.files.length, commit.files.at(-1)?.filename]).toEqual(['Start', 301, 'src/f300.ts']);
    expect(github.callsTo('commit')).toHaveLength(2);
    github.requests.length = 0;
    github.commits.set(sha, { files: files(3_000), message: 'Many' });
    github.lieAboutPages('commit', { kind: 'endless' });
    const many = await api.commit(sha);
    expect([many.subject, many.files.length, many.files.at(-1)?.filename]).toEqual(['Many', 3_000, 'src/f2999.ts']);
    expect(github.callsTo('commit')).toHaveLength(COMMIT_FILE_PAGES);
    expect(logged).toEqual([cut('commit (GET /repos/{owner}/{repo}/commits/{ref})', 10)]);
  });

  it("the repository's recent comments: at most the pages the caller gives, with no request past them to learn there is more; the caller says it", async () => {
    for (let i = 1; i <= 250; i++)
      github.comments.push({
        id: i,
        issue_url: `${github.url}/repos/acme/widgets/issues/${i}`,
        body: 'hello',
        user: { login: 'octocat', type: 'User' },
        author_association: 'NONE',
      });
    const api = await client();
    const since = '2020-01-01T00:00:00Z';
    const two = await api.recentComments(since, 2);
    expect([two.comments.length, two.more, two.pages]).toEqual([200, true, 2]);
    expect(github.callsTo('recent-comments')).toHaveLength(2);
    const three = await api.recentComments(since, 3);
    expect([three.comments.length, three.more, three.pages]).toEqual([250, false, 3]);
    github.requests.length = 0;
    github.lieAboutPages('recent-comments', { kind: 'repeat', from: 2 });
    const repeated = await api.recentComments(since, 5);
    expect([repeated.comments.length, repeated.more, repeated.pages]).toEqual([200, false, 3]);
    expect(logged).toEqual([]);
  });

  it("a review's comments: at most the pages the caller gives, with no request past them", async () => {
    const comments = Array.from({ length: 150 }, (_, i) => ({ path: 'docs/a.md', line: i + 1, body: `Fix ${i}.` }));
    docsPull({ pulls: github.pullStates }, 3, {
      title: 'Docs',
      draft: false,
      headRef: 'docs',
      reviews: [{ id: 77, login: 'editor', state: 'COMMENTED', submittedAt: '2026-01-05T10:00:00Z', comments }],
    });
    const api = await client();
    const one = await api.reviewComments(3, 77, 1);
    expect([one.comments.length, one.more, one.comments[0]]).toEqual([100, true, { path: 'docs/a.md', line: 1, body: 'Fix 0.' }]);
    expect(github.callsTo('review-comments')).toHaveLength(1);
    github.lieAboutPages('review-comments', { kind: 'endless' });
    const endless = await api.reviewComments(3, 77, 10);
    expect([endless.comments.length, endless.more]).toEqual([150, false]);
    expect(github.callsTo('review-comments')).toHaveLength(1 + 3);
  });

  it('asks for REST API version 2022-11-28 on every request, each page of a list too (the fake GitHub refuses any other)', async () => {
    expect(GITHUB_REST_API_VERSION).toBe('2022-11-28');
    comments(250);
    const api = await client();
    await expect(api.listComments(7)).resolves.toHaveLength(250);
    await expect(api.createComment(7, 'hello')).resolves.toBeGreaterThan(0);
    expect(github.requests.map((request) => request.call)).toEqual(['list-comments', 'list-comments', 'list-comments', 'create-comment']);
    // afterEach: no request strayed, a missing or other version included.
  });
});

describe('the open pull requests whose head has a pending status', () => {
  afterEach(() => {
    github.pullStates.clear();
    github.pulls.clear();
    github.statuses.length = 0;
  });

  const shaOf = (n: number) => n.toString(16).padStart(40, '0');
  /** Open pull requests 1..count, each with its own head; every `pendingEvery`th pending for `documentation`, the others passed. */
  function pulls(count: number, pendingEvery = 2): void {
    for (let n = 1; n <= count; n++) {
      github.pullStates.set(n, { title: `Change ${n}`, state: 'open', draft: false, merged: false, headRef: `change-${n}`, headSha: shaOf(n) });
      github.statuses.push({
        repository: 'acme/widgets',
        sha: shaOf(n),
        state: n % pendingEvery === 0 ? 'pending' : 'success',
        description: null,
        target_url: null,
        context: 'documentation',
        token: 'workflow-token',
        id: n,
      });
    }
  }
  const pendingUpTo = (last: number, every = 2) =>
    Array.from({ length: last }, (_, i) => i + 1)
      .filter((n) => n % every === 0)
      .map((n) => ({ number: n, headSha: shaOf(n) }));

  it("lists the open ones whose head's newest status of the context is pending, with their heads, in one request a page", async () => {
    pulls(6);
    github.pullStates.set(7, { title: 'Closed', state: 'closed', draft: false, merged: false, headRef: 'gone', headSha: shaOf(7) });
    github.statuses.push(
      // Newer than its pending: pull request 2 passed since.
      { repository: 'acme/widgets', sha: shaOf(2), state: 'success', description: null, target_url: null, context: 'documentation', token: 't', id: 90 },
      // Pending, but closed; and pending for another context.
      { repository: 'acme/widgets', sha: shaOf(7), state: 'pending', description: null, target_url: null, context: 'documentation', token: 't', id: 91 },
      { repository: 'acme/widgets', sha: shaOf(5), state: 'pending', description: null, target_url: null, context: 'ci/tests', token: 't', id: 92 },
    );
    await expect((await client()).openPullsWithPendingStatus('documentation', 5)).resolves.toEqual({
      pulls: [
        { number: 4, headSha: shaOf(4) },
        { number: 6, headSha: shaOf(6) },
      ],
      more: false,
      pages: 1,
    });
    expect(github.callsTo('pending-pulls')).toHaveLength(1);
    await expect((await client()).openPullsWithPendingStatus('ci/tests', 5)).resolves.toMatchObject({ pulls: [{ number: 5, headSha: shaOf(5) }] });
  });

  it('reads 100 a page, at most the pages given; more when GitHub had more', async () => {
    pulls(250);
    const api = await client();
    await expect(api.openPullsWithPendingStatus('documentation', 2)).resolves.toEqual({ pulls: pendingUpTo(200), more: true, pages: 2 });
    expect(github.callsTo('pending-pulls')).toHaveLength(2);
    await expect(api.openPullsWithPendingStatus('documentation', 3)).resolves.toEqual({ pulls: pendingUpTo(250), more: false, pages: 3 });
    expect(github.callsTo('pending-pulls')).toHaveLength(5);
  });

  it('hasNextPage for ever stops at the pages given; an endCursor named again ends the read', async () => {
    pulls(150);
    github.lieAboutPages('pending-pulls', { kind: 'endless' });
    const api = await client();
    await expect(api.openPullsWithPendingStatus('documentation', 50)).resolves.toEqual({ pulls: pendingUpTo(150), more: false, pages: 3 });
    github.requests.length = 0;
    github.lieAboutPages('pending-pulls', { kind: 'loop', at: 2, to: 2 });
    await expect(api.openPullsWithPendingStatus('documentation', 50)).resolves.toEqual({ pulls: pendingUpTo(150), more: false, pages: 2 });
    expect(github.callsTo('pending-pulls')).toHaveLength(2);
    pulls(1_000);
    github.lieAboutPages('pending-pulls', { kind: 'endless' });
    await expect(api.openPullsWithPendingStatus('documentation', 4)).resolves.toMatchObject({ more: true, pages: 4 });
  });

  it('says a repository it cannot see as GitHub refuses it, with what to check', async () => {
    const api = await client({ retries: 0, repo: 'nowhere' });
    const error = await failureOf(api.openPullsWithPendingStatus('documentation', 1));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.message).toBe(
      "GitHub open pull requests with a pending status (POST /graphql, repository.pullRequests(states: OPEN) and status.context) answered NOT_FOUND: Could not resolve to a Repository with the name 'acme/nowhere'. (check GITHUB_REPOSITORY and that the token can see the repository).",
    );
  });

  it('refuses an answer without its list of pull requests', async () => {
    github.injectFault({ call: 'pending-pulls', kind: 'status', status: 200, body: { data: { repository: { pullRequests: null } } } });
    const error = await failureOf((await client()).openPullsWithPendingStatus('documentation', 1));
    expect(error.kind).toBe('shape');
    expect(error.message).toContain('no "repository.pullRequests.nodes" list');
  });
});

describe('documentation held for a release', () => {
  afterEach(() => {
    github.pullStates.clear();
    github.releases.length = 0;
    github.tags.clear();
    github.parents.clear();
  });

  it("asks GitHub's GraphQL schema only what it allows: the merge commit, and a draft made", async () => {
    const { validate } = await import('@octokit/graphql-schema');
    const { MERGE_COMMIT_QUERY, CONVERT_TO_DRAFT_MUTATION } = await import('../../src/github/octokit-client.js');
    expect(validate(MERGE_COMMIT_QUERY)).toEqual([]);
    expect(validate(CONVERT_TO_DRAFT_MUTATION)).toEqual([]);
  });

  it("a merged pull request's merge commit by REST at the pinned version; by GraphQL where the answer leaves it out; none for one not merged", async () => {
    const merge = 'ab'.repeat(20);
    github.pullStates.set(5, { title: 'Merged', state: 'closed', draft: false, merged: true, headRef: 'feature', mergeCommit: merge });
    github.pullStates.set(6, { title: 'Open', state: 'open', draft: false, merged: false, headRef: 'other' });
    const api = await client();
    await expect(api.mergeCommit(5)).resolves.toEqual({ sha: merge, mergedAt: '2026-01-05T10:00:00.000Z', from: 'rest' });
    expect(github.requests.map((request) => request.call)).toEqual(['pull-request']);
    github.pullStates.get(5)!.restWithoutMergeCommit = true;
    await expect(api.mergeCommit(5)).resolves.toEqual({ sha: merge, mergedAt: '2026-01-05T10:00:00.000Z', from: 'graphql' });
    expect(github.requests.map((request) => request.call)).toEqual(['pull-request', 'pull-request', 'merge-commit']);
    await expect(api.mergeCommit(6)).resolves.toBeUndefined();
  });

  it('refuses a merged answer without a merge commit anywhere, naming the call', async () => {
    github.pullStates.set(5, { title: 'Merged', state: 'closed', draft: false, merged: true, headRef: 'feature', restWithoutMergeCommit: true });
    github.injectFault({
      call: 'merge-commit',
      kind: 'status',
      status: 200,
      body: { data: { repository: { pullRequest: { merged: true, mergedAt: null, mergeCommit: null } } } },
    });
    const error = await failureOf((await client()).mergeCommit(5));
    expect(error.kind).toBe('shape');
    expect(error.message).toContain('a merged pull request without "mergeCommit.oid"');
  });

  it('a release by its tag or the latest; none (404) is undefined, a tag of slashes is sent whole', async () => {
    github.releases.push({ tag: 'v1.0.0' }, { tag: 'release/2.0', name: 'Two' }, { tag: 'v3.0.0-rc.1', prerelease: true });
    const api = await client();
    await expect(api.release(undefined)).resolves.toMatchObject({ tag: 'release/2.0', name: 'Two', draft: false, prerelease: false });
    await expect(api.release('v3.0.0-rc.1')).resolves.toMatchObject({ tag: 'v3.0.0-rc.1', prerelease: true });
    await expect(api.release('release/2.0')).resolves.toMatchObject({ tag: 'release/2.0' });
    await expect(api.release('v9')).resolves.toBeUndefined();
  });

  it('open pull requests: 100 a page, at most the pages given, more when GitHub had more; labels and drafts as listed', async () => {
    for (let number = 1; number <= 250; number++)
      github.pullStates.set(number, {
        title: `P${number}`,
        state: 'open',
        draft: number === 250,
        merged: false,
        headRef: `b${number}`,
        labels: number === 250 ? ['waits-for-release'] : [],
      });
    const api = await client();
    const read = await api.openPulls(2);
    expect(read).toMatchObject({ more: true, pages: 2 });
    expect(read.pulls).toHaveLength(200);
    expect(read.pulls[0]).toMatchObject({
      number: 250,
      draft: true,
      headRef: 'b250',
      labels: ['waits-for-release'],
      repositoryId: github.repositoryId('acme/widgets'),
    });
    expect((await api.openPulls(10)).pulls).toHaveLength(250);
  });

  it('a draft made, a label added and taken off (one not there is no failure), a comparison read on its smallest page', async () => {
    github.pullStates.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/x' });
    const sha = (name: string) => name.padEnd(40, '0');
    github.parents.set(sha('1'), []);
    github.parents.set(sha('2'), [sha('1')]);
    github.tags.set('v1', sha('2'));
    const api = await client();
    const pull = await api.pullRequest(3);
    await api.convertToDraft(pull.nodeId);
    expect(github.pullStates.get(3)!.draft).toBe(true);
    await api.addLabel(3, 'waits-for-release');
    expect(github.pullStates.get(3)!.labels).toEqual(['waits-for-release']);
    await api.removeLabel(3, 'waits-for-release');
    await api.removeLabel(3, 'waits-for-release');
    expect(github.pullStates.get(3)!.labels).toEqual([]);
    await expect(api.compareStatus('v1', sha('1'))).resolves.toEqual({ status: 'behind', aheadBy: 0, behindBy: 1 });
    expect(github.callsTo('compare').at(-1)!.path).toBe(`/repos/acme/widgets/compare/v1...${sha('1')}?per_page=1`);
  });
});

describe("a set-up's reads, for command: doctor", () => {
  const MAIN = '9'.repeat(40);
  afterEach(() => {
    github.files.clear();
    github.branches.clear();
    github.branchRules.clear();
  });

  it("a folder's items at a branch, through the one pager as one page; undefined where there is no such folder; a file is not a folder", async () => {
    github.files.set(MAIN, { '.github/workflows/b.yml': 'on: push\n', '.github/workflows/a.yaml': 'on: pull_request\n', '.github/workflows/sub/c.yml': 'x' });
    github.branches.set('main', MAIN);
    const api = await client();
    expect(await api.directory('.github/workflows', 'main')).toEqual([
      { name: 'a.yaml', path: '.github/workflows/a.yaml', type: 'file', size: 17 },
      { name: 'b.yml', path: '.github/workflows/b.yml', type: 'file', size: 9 },
      { name: 'sub', path: '.github/workflows/sub', type: 'dir', size: 0 },
    ]);
    expect(await api.directory('.github/actions', 'main')).toBeUndefined();
    await expect(api.directory('.github/workflows/b.yml', 'main')).rejects.toMatchObject({
      kind: 'shape',
      message: expect.stringContaining('GitHub folder contents'),
    });
    expect(await api.fileText('.github/workflows/b.yml', 'main')).toBe('on: push\n');
  });

  it("a branch's rules: each rule's type, and the checks a required_status_checks rule holds with their pinned app", async () => {
    github.branchRules.set('main', [
      { type: 'pull_request' },
      { type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: 15368 }, { context: 'ci' }] },
      { type: 'merge_queue' },
    ]);
    const api = await client();
    expect(await api.branchRules('main', 2)).toEqual({
      rules: [
        { type: 'pull_request', requiredChecks: [] },
        { type: 'required_status_checks', requiredChecks: [{ context: 'documentation', integrationId: 15368 }, { context: 'ci' }] },
        { type: 'merge_queue', requiredChecks: [] },
      ],
      more: false,
      pages: 1,
    });
    expect(await api.branchRules('elsewhere', 2)).toEqual({ rules: [], more: false, pages: 1 });
  });

  it('the rules as GitHub refuses them: a 403 and a 404 said as such, not retried', async () => {
    github.injectFault({ call: 'branch-rules', kind: 'status', status: 403 });
    const api = await client();
    await expect(api.branchRules('main', 2)).rejects.toMatchObject({ status: 403, message: expect.stringContaining('GitHub branch rules') });
    github.injectFault({ call: 'branch-rules', kind: 'status', status: 404 });
    await expect(api.branchRules('main', 2)).rejects.toMatchObject({ status: 404 });
    expect(github.callsTo('branch-rules')).toHaveLength(2);
  });

  it('the recent comments newest first, when asked: direction=desc', async () => {
    github.comments.push(
      {
        id: 1,
        issue_url: `${github.url}/repos/acme/widgets/issues/4`,
        body: 'older',
        user: { login: 'a', type: 'User' },
        author_association: 'NONE',
        updated_at: START - 60_000,
      },
      {
        id: 2,
        issue_url: `${github.url}/repos/acme/widgets/issues/5`,
        body: 'newer',
        user: { login: 'a', type: 'User' },
        author_association: 'NONE',
        updated_at: START,
      },
    );
    const api = await client();
    const newest = await api.recentComments(new Date(START - 3_600_000).toISOString(), 1, 'newest-first');
    expect(newest.comments.map((comment) => comment.body)).toEqual(['newer', 'older']);
    expect(github.callsTo('recent-comments').at(-1)!.path).toContain('direction=desc');
    expect((await api.recentComments(new Date(START - 3_600_000).toISOString(), 1)).comments.map((comment) => comment.body)).toEqual(['older', 'newer']);
  });
});
