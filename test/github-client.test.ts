/**
 * The GitHub client in process, against the fake GitHub: every request obeys request-timeout,
 * the step's deadline and cancellation (each page of a listing too), a body cut off is a
 * failure rather than an empty answer, and each failure names the call and what went wrong.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubApi, GitHubError } from '../src/github/api.js';
import { systemClock } from '../src/runtime.js';
import { startFakeGitHub, type FakeGitHub } from './support/fake-github.js';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  // @actions/github reads it when first loaded, which the client does on first use.
  process.env.GITHUB_API_URL = github.url;
});
afterAll(async () => {
  delete process.env.GITHUB_API_URL;
  await github.close();
});
afterEach(async () => {
  // Every request the client sent, and every answer the fake gave, is as GitHub describes it.
  expect(await github.takeViolations()).toEqual([]);
});
beforeEach(() => {
  github.clearFaults();
  github.requests.length = 0;
  github.comments.length = 0;
});

async function client(options: { requestTimeoutMs?: number; deadlineInMs?: number; signal?: AbortSignal } = {}): Promise<GitHubApi> {
  const { createGitHubApi } = await import('../src/github/octokit.js');
  return createGitHubApi({
    token: 'ghs_clientTest',
    repo: { owner: 'acme', repo: 'widgets' },
    requestTimeoutMs: options.requestTimeoutMs ?? 500,
    deadline: Date.now() + (options.deadlineInMs ?? 60_000),
    signal: options.signal ?? new AbortController().signal,
    clock: systemClock,
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
    const started = Date.now();
    const error = await failureOf((await client({ requestTimeoutMs: 300 })).listComments(7));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      'GitHub list comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments) timed out: no complete answer within request-timeout (300ms).',
    );
    // A bound to catch a hang, not to measure speed.
    expect(Date.now() - started).toBeLessThan(10_000);
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
    expect(error.kind).toBe('deadline');
    expect(error.message).toContain("timed out: the step's timeout ran out before it answered");
  });

  it('sends nothing once the deadline has passed, and the deadline can move', async () => {
    const api = await client({ deadlineInMs: -1 });
    expect((await failureOf(api.defaultBranch())).kind).toBe('deadline');
    expect(github.requests).toEqual([]);
    api.setDeadline(Date.now() + 60_000);
    await expect(api.defaultBranch()).resolves.toBe('main');
  });

  it('aborts the request in flight on cancellation, and sends nothing after it', async () => {
    const cancel = new AbortController();
    github.injectFault({ call: 'pull-diff', kind: 'hang' });
    const api = await client({ requestTimeoutMs: 30_000, signal: cancel.signal });
    const pending = failureOf(api.pullDiff(7));
    while (github.callsTo('pull-diff').length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    cancel.abort(new Error('SIGINT'));
    const error = await pending;
    expect(error.kind).toBe('cancelled');
    expect(error.message).toBe('GitHub pull request diff (GET /repos/{owner}/{repo}/pulls/{pull_number}) cancelled.');
    expect((await failureOf(api.defaultBranch())).kind).toBe('cancelled');
    expect(github.callsTo('repository')).toEqual([]);
  });

  it('fails on a body cut off half way, where Octokit alone would read an empty list', async () => {
    github.injectFault({ call: 'list-comments', kind: 'cut-body' });
    const error = await failureOf((await client()).listComments(7));
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
    const error = await failureOf((await client()).defaultBranch());
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
