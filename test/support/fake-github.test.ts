/**
 * The fake GitHub against GitHub's own descriptions: every route it serves answers as GitHub's
 * REST description says (checked by github-rest.ts), and the check itself catches what GitHub
 * would refuse or never answer: an operation that does not exist, a parameter or body of the
 * wrong type, an answer lacking a field GitHub always sends, the diff format answered as JSON,
 * and a GraphQL document or answer that GitHub's schema does not allow.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTENT_MAX_BYTES,
  fileDiff,
  REST_API_VERSION,
  runnerRepositoryId,
  startFakeGitHub,
  TREE_ENTRIES_MAX,
  type FakeGitHub,
  type FakePullState,
  type FakeRepository,
} from './fake-github.js';
import { graphqlViolations } from './github-graphql.js';
import { repositoryIdOf, reviewComment } from './github-objects.js';
import { restDescription, type RestExchange } from './github-rest.js';
import { startFlows } from './in-process.js';
import { prepareRun } from './run-action.js';
import { pullRequestReviewEvent, webhookViolations } from './webhook-events.js';
import { docsPull } from './two-repositories.js';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
});
beforeEach(async () => {
  await github.takeViolations();
  github.clearFaults();
  github.comments.length = 0;
});

/** Pull request 7 of the workflow's repository, as a test follows it: open, ready, on `feature`, unless `more` says otherwise. */
function followedPull(more: Partial<FakePullState> = {}): void {
  github.pullStates.set(7, { title: 'Retries', state: 'open', draft: false, merged: false, headRef: 'feature', ...more });
}

/** acme/docs, and the token `docs` (docs[bot]) that may read it. */
function docsRepository(options: { private?: boolean } = {}): FakeRepository {
  const docs = github.addRepository('acme/docs', options);
  github.tokens.set('docs', { login: 'docs[bot]', repositories: { 'acme/docs': { pullRequests: 'read', contents: 'read' } } });
  return docs;
}

/** Forgets the repositories a test added, the tokens that reach them, and the pull requests and collaborators it set. */
function forgetRepositories(): void {
  github.repositories.clear();
  github.tokens.clear();
  github.pullStates.clear();
  github.pulls.clear();
  github.collaborators.clear();
}

const JSON_MEDIA = 'application/vnd.github.v3+json';
const DIFF_MEDIA = 'application/vnd.github.v3.diff';
/** The version of GitHub's REST API the fake serves: every REST request asks for it, as the action's do. */
const API_VERSION = { 'x-github-api-version': REST_API_VERSION };

async function send(method: string, path: string, options: { accept?: string; body?: unknown } = {}): Promise<Response> {
  const response = await fetch(github.url + path, {
    method,
    headers: {
      accept: options.accept ?? JSON_MEDIA,
      ...API_VERSION,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  await response.arrayBuffer();
  return response;
}

/** A request with `token`, as an installation token sends it: its status, its JSON (none for an empty body) and its headers. */
async function request(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; headers: Headers }> {
  const response = await fetch(github.url + path, {
    method,
    headers: { accept: JSON_MEDIA, ...API_VERSION, authorization: `token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

describe('the fake answers every route as GitHub describes it', () => {
  it('reads: repository, pull request (JSON and diff), its files and commits page by page, compare, commit', async () => {
    const files = Array.from({ length: 130 }, (_, i) => ({ filename: `src/a b/${i}.ts`, status: i % 2 ? 'added' : 'modified', patch: '@@ -1 +1 @@\n-a\n+b' }));
    github.pulls.set(7, { diff: fileDiff('src/cli.ts', ['x']), files, commits: ['One', 'Two\n\nbody'] });
    github.pulls.set(8, { diff: '', files: [{ filename: 'logo.png', status: 'renamed', previous_filename: 'old.png' }], commits: [], tooLarge: true });
    github.compares.set('main...feature', { files: files.slice(0, 3), commits: ['A', 'B', 'C'] });
    github.commits.set('a'.repeat(40), { files: Array.from({ length: 301 }, (_, i) => ({ filename: `f${i}`, status: 'removed' })), message: 'Start' });
    const answers = [
      await send('GET', '/repos/acme/widgets'),
      await send('GET', '/repos/acme/widgets/pulls/7'),
      await send('GET', '/repos/acme/widgets/pulls/7', { accept: DIFF_MEDIA }),
      await send('GET', '/repos/acme/widgets/pulls/8', { accept: DIFF_MEDIA }),
      await send('GET', '/repos/acme/widgets/pulls/9', { accept: DIFF_MEDIA }),
      await send('GET', '/repos/acme/widgets/pulls/7/files?per_page=100'),
      await send('GET', '/repos/acme/widgets/pulls/7/files?per_page=100&page=2'),
      await send('GET', '/repos/acme/widgets/pulls/8/files'),
      await send('GET', '/repos/acme/widgets/pulls/7/commits?per_page=100'),
      await send('GET', '/repos/acme/widgets/compare/main...feature'),
      await send('GET', '/repos/acme/widgets/compare/main...feature?per_page=2&page=2'),
      await send('GET', '/repos/acme/widgets/compare/main...feature', { accept: DIFF_MEDIA }),
      await send('GET', '/repos/acme/widgets/compare/main...gone'),
      await send('GET', `/repos/acme/widgets/commits/${'a'.repeat(40)}`),
      await send('GET', `/repos/acme/widgets/commits/${'a'.repeat(40)}?page=2`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 406, 404, 200, 200, 200, 200, 200, 200, 200, 404, 200, 200]);
    expect(answers[2]!.headers.get('content-type')).toMatch(/^application\/vnd\.github\.diff/);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('comments: listed, created, updated, refused, and the token identity over GraphQL', async () => {
    github.comments.push({ id: 1, body: 'hello', user: { login: 'octocat', type: 'User' }, author_association: 'MEMBER' });
    expect((await send('GET', '/repos/acme/widgets/issues/7/comments?per_page=100')).status).toBe(200);
    expect((await send('POST', '/repos/acme/widgets/issues/7/comments', { body: { body: 'new' } })).status).toBe(201);
    expect((await send('PATCH', '/repos/acme/widgets/issues/comments/1', { body: { body: 'edited' } })).status).toBe(200);
    expect((await send('PATCH', '/repos/acme/widgets/issues/comments/404404', { body: { body: 'edited' } })).status).toBe(404);
    github.commentWriteStatus = 403;
    expect((await send('POST', '/repos/acme/widgets/issues/7/comments', { body: { body: 'refused' } })).status).toBe(403);
    github.commentWriteStatus = 0;
    expect((await send('POST', '/graphql', { body: { query: 'query { viewer { login } }' } })).status).toBe(200);
    expect(await github.takeViolations()).toEqual([]);
  });
});

describe('a documentation repository and the tokens that reach it', () => {
  const as = request;
  const MARK_READY = 'mutation ($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';

  it('pull requests read, closed and reopened by a token with Pull requests: write; marked ready with Contents: write too', async () => {
    const docs = github.addRepository('acme/docs', { private: true });
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: true, merged: false, headRef: 'docs/x' });
    github.tokens.set('writer', { login: 'writer[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'write' } } });
    github.tokens.set('no-contents', { login: 'nc[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'read' } } });
    github.tokens.set('reader', { login: 'reader[bot]', repositories: { 'acme/docs': { pullRequests: 'read', contents: 'read' } } });
    try {
      const pull = await as('writer', 'GET', '/repos/acme/docs/pulls/3');
      expect(pull.json).toMatchObject({ state: 'open', draft: true, head: { ref: 'docs/x' } });
      expect((await as('reader', 'PATCH', '/repos/acme/docs/pulls/3', { state: 'closed' })).status).toBe(403);
      expect((await as('workflow-token', 'GET', '/repos/acme/docs/pulls/3')).status).toBe(404);
      expect((await as('writer', 'PATCH', '/repos/acme/docs/pulls/3', { state: 'closed' })).json).toMatchObject({
        state: 'closed',
        closed_at: expect.any(String),
      });
      expect((await as('writer', 'PATCH', '/repos/acme/docs/pulls/3', { state: 'open' })).json).toMatchObject({ state: 'open', closed_at: null });
      const id = (pull.json as { node_id: string }).node_id;
      const refused = await as('no-contents', 'POST', '/graphql', { query: MARK_READY, variables: { id } });
      expect(refused.json).toMatchObject({ errors: [{ type: 'FORBIDDEN' }] });
      expect(docs.pulls.get(3)!.draft).toBe(true);
      expect((await as('writer', 'POST', '/graphql', { query: MARK_READY, variables: { id } })).json).toEqual({
        data: { markPullRequestReadyForReview: { pullRequest: { isDraft: false } } },
      });
      expect(docs.pulls.get(3)!.draft).toBe(false);
      expect((await as('writer', 'POST', '/repos/acme/docs/issues/3/comments', { body: 'linked' })).json).toMatchObject({ user: { login: 'writer[bot]' } });
      expect(github.docsCommentBodiesSent('acme/docs', 3)).toEqual(['linked']);
      expect((await as('writer', 'POST', '/graphql', { query: 'query { viewer { login } }' })).json).toEqual({ data: { viewer: { login: 'writer[bot]' } } });
      expect(await github.takeViolations()).toEqual([]);
    } finally {
      github.repositories.clear();
      github.tokens.clear();
    }
  });

  it('a merged pull request stays merged: closing or reopening it changes nothing', async () => {
    github.addRepository('acme/docs').pulls.set(4, { title: 'Docs', state: 'closed', draft: false, merged: true, headRef: 'docs/y' });
    try {
      expect((await as('anyone', 'GET', '/repos/acme/docs/pulls/4')).json).toMatchObject({ state: 'closed', merged: true });
      // The workflow's token reads a public repository elsewhere, and may not write there.
      expect((await as('anyone', 'PATCH', '/repos/acme/docs/pulls/4', { state: 'open' })).status).toBe(403);
      github.tokens.set('writer', { login: 'writer[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'write' } } });
      expect((await as('writer', 'PATCH', '/repos/acme/docs/pulls/4', { state: 'open' })).json).toMatchObject({ state: 'closed', merged: true });
      expect(await github.takeViolations()).toEqual([]);
    } finally {
      github.repositories.clear();
      github.tokens.clear();
    }
  });
});

describe('the documentation gate: commit statuses, reviews and the review decision', () => {
  const as = request;
  /** The document the action sends for a pull request's review decision. */
  const REVIEW_DECISION =
    'query ($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $number) { reviewDecision } } }';
  const decisionOf = (token: string, owner: string, name: string, number: number) =>
    as(token, 'POST', '/graphql', { query: REVIEW_DECISION, variables: { owner, name, number } });
  const HEAD = 'c'.repeat(40);
  const status = (state: string, description?: string, context = 'documentation') => ({
    state,
    context,
    target_url: 'https://github.com/acme/docs/pull/3',
    ...(description === undefined ? {} : { description }),
  });
  const refused = { message: 'Resource not accessible by integration' };

  beforeEach(() => {
    github.requests.length = 0;
  });
  afterEach(() => {
    github.statuses.length = 0;
    github.workflowToken = {};
    forgetRepositories();
  });

  it('statuses set and read back: the newest of a context wins, and the combined state', async () => {
    const set = await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('pending', 'Waiting for the documentation PR'));
    expect(set.status).toBe(201);
    expect(set.json).toMatchObject({
      state: 'pending',
      context: 'documentation',
      description: 'Waiting for the documentation PR',
      creator: { login: 'github-actions[bot]' },
    });
    expect(set.headers.get('location')).toBe(`${github.url}/repos/acme/widgets/statuses/${HEAD}`);
    expect((await as('workflow-token', 'GET', `/repos/acme/widgets/commits/${HEAD}/status`)).json).toMatchObject({
      state: 'pending',
      total_count: 1,
      sha: HEAD,
    });
    expect((await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('success', 'Documentation approved'))).status).toBe(201);
    const combined = await as('workflow-token', 'GET', `/repos/acme/widgets/commits/${HEAD}/status`);
    expect(combined.json).toMatchObject({ state: 'success', total_count: 1, statuses: [{ state: 'success', description: 'Documentation approved' }] });
    // Contexts compare without regard to case; another context failing fails the whole.
    await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('failure', 'Tests failed', 'ci/tests'));
    await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('success', undefined, 'Documentation'));
    const both = (await as('workflow-token', 'GET', `/repos/acme/widgets/commits/${HEAD}/status?per_page=1`)) as {
      json: { state: string; total_count: number; statuses: unknown[] };
      headers: Headers;
    };
    expect(both.json).toMatchObject({ state: 'failure', total_count: 2, statuses: [{ context: 'Documentation', description: null }] });
    expect(both.headers.get('link')).toMatch(/[?&]page=2>; rel="next"$/);
    expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({ state: 'success', context: 'Documentation', token: 'workflow-token' });
    expect(github.statuses.map((s) => [s.repository, s.sha, s.state, s.context])).toEqual([
      ['acme/widgets', HEAD, 'pending', 'documentation'],
      ['acme/widgets', HEAD, 'success', 'documentation'],
      ['acme/widgets', HEAD, 'failure', 'ci/tests'],
      ['acme/widgets', HEAD, 'success', 'Documentation'],
    ]);
    // A commit without statuses is pending; a branch is read as its head.
    expect((await as('workflow-token', 'GET', `/repos/acme/widgets/commits/${'d'.repeat(40)}/status`)).json).toMatchObject({
      state: 'pending',
      total_count: 0,
      statuses: [],
    });
    followedPull({ headSha: HEAD });
    expect((await as('workflow-token', 'GET', '/repos/acme/widgets/commits/heads/feature/status')).json).toMatchObject({ sha: HEAD, state: 'failure' });
    expect((await as('workflow-token', 'GET', '/repos/acme/widgets/commits/no-such-branch/status')).status).toBe(404);
    expect(github.callsTo('set-status')).toHaveLength(4);
    expect(github.callsTo('combined-status')).toHaveLength(6);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('statuses in another repository, by a token with Commit statuses: write there', async () => {
    github.addRepository('acme/app', { private: true });
    github.tokens.set('app', { login: 'docs-app[bot]', repositories: { 'acme/app': { pullRequests: 'read', contents: 'read', statuses: 'write' } } });
    github.tokens.set('no-statuses', { login: 'other[bot]', repositories: { 'acme/app': { pullRequests: 'write', contents: 'write' } } });
    expect((await as('app', 'POST', `/repos/acme/app/statuses/${HEAD}`, status('success'))).json).toMatchObject({ creator: { login: 'docs-app[bot]' } });
    expect(await as('no-statuses', 'POST', `/repos/acme/app/statuses/${HEAD}`, status('failure'))).toMatchObject({ status: 403, json: refused });
    expect((await as('workflow-token', 'POST', `/repos/acme/app/statuses/${HEAD}`, status('failure'))).status).toBe(404);
    expect((await as('no-statuses', 'GET', `/repos/acme/app/commits/${HEAD}/status`)).json).toMatchObject({
      state: 'success',
      repository: { full_name: 'acme/app', private: true },
    });
    expect(github.latestStatus(HEAD, 'documentation', 'acme/app')).toMatchObject({ token: 'app', state: 'success' });
    expect(github.latestStatus(HEAD, 'documentation')).toBeUndefined();
    expect(await github.takeViolations()).toEqual([]);
  });

  it("403 where the workflow's token may not set statuses, and everywhere it writes when it is a fork's", async () => {
    github.workflowToken = { statuses: 'read' };
    expect(await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('pending'))).toMatchObject({ status: 403, json: refused });
    expect((await as('workflow-token', 'POST', '/repos/acme/widgets/issues/7/comments', { body: 'still allowed' })).status).toBe(201);
    expect((await as('workflow-token', 'GET', `/repos/acme/widgets/commits/${HEAD}/status`)).status).toBe(200);
    expect(github.statuses).toEqual([]);

    github.workflowToken = { readOnly: true };
    github.comments.length = 0;
    github.pullStates.set(40, { title: 'Docs', state: 'open', draft: true, merged: false, headRef: 'docs/retries' });
    github.comments.push({ id: 1, body: 'hello', user: { login: 'octocat', type: 'User' }, author_association: 'MEMBER' });
    const writes = [
      await as('fork-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('pending')),
      await as('fork-token', 'POST', '/repos/acme/widgets/issues/7/comments', { body: 'refused' }),
      await as('fork-token', 'PATCH', '/repos/acme/widgets/issues/comments/1', { body: 'refused' }),
      await as('fork-token', 'PATCH', '/repos/acme/widgets/pulls/40', { state: 'closed' }),
    ];
    expect(writes.map((write) => write.status)).toEqual([403, 403, 403, 403]);
    expect(writes.every((write) => (write.json as { message: string }).message === refused.message)).toBe(true);
    const id = ((await as('fork-token', 'GET', '/repos/acme/widgets/pulls/40')).json as { node_id: string }).node_id;
    const mutation = 'mutation ($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';
    expect((await as('fork-token', 'POST', '/graphql', { query: mutation, variables: { id } })).json).toMatchObject({ errors: [{ type: 'FORBIDDEN' }] });
    expect(github.pullStates.get(40)).toMatchObject({ state: 'open', draft: true });
    expect(github.comments.map((comment) => comment.body)).toEqual(['hello']);
    // Reads still work.
    expect((await as('fork-token', 'GET', '/repos/acme/widgets/issues/7/comments')).status).toBe(200);
    expect((await as('fork-token', 'GET', `/repos/acme/widgets/commits/${HEAD}/status`)).status).toBe(200);
    expect((await decisionOf('fork-token', 'acme', 'widgets', 40)).json).toEqual({ data: { repository: { pullRequest: { reviewDecision: null } } } });
    expect(await github.takeViolations()).toEqual([]);
  });

  it("422 as GitHub answers it: a state not among GitHub's four, a description over 140 characters, a commit not given by its SHA, the 1,001st status", async () => {
    const bad = await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('cancelled'));
    expect(bad).toMatchObject({
      status: 422,
      json: { message: 'Validation Failed', errors: [{ resource: 'Status', code: 'custom', field: 'state', message: 'state is not included in the list' }] },
    });
    // The request strays from GitHub's description, and the check says so; the answer does not.
    expect(await github.takeViolations()).toEqual([
      expect.stringMatching(/\(repos\/create-commit-status\): request body at \/state must be equal to one of the allowed values$/),
    ]);

    const long = await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('success', 'x'.repeat(141)));
    expect(long).toMatchObject({ status: 422, json: { errors: [{ field: 'description', message: 'description is too long (maximum is 140 characters)' }] } });
    // Characters, not bytes or UTF-16 units, are counted.
    expect((await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('success', '📘'.repeat(140)))).status).toBe(201);
    expect((await as('workflow-token', 'POST', '/repos/acme/widgets/statuses/feature', status('success'))).json).toMatchObject({
      message: 'No commit found for SHA: feature',
    });
    const full = Array.from({ length: 999 }, (_, i) => ({ ...github.statuses[0]!, id: i + 1 }));
    github.statuses.push(...full);
    expect((await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('success', undefined, 'DOCUMENTATION'))).json).toMatchObject({
      message: 'Validation Failed',
      errors: [{ message: 'This SHA and context has reached the maximum number of statuses.' }],
    });
    expect((await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('success', undefined, 'ci/tests'))).status).toBe(201);
    expect(github.statuses).toHaveLength(1_001);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a followed pull request: its head commit and labels, its reviews page by page, in the order submitted', async () => {
    const docs = docsRepository({ private: true });
    docsPull(docs, 3, {
      draft: false,
      headSha: 'f'.repeat(40),
      labels: ['documentation', 'needs review'],
      reviews: [
        { login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T12:00:00Z' },
        { login: 'writer', state: 'COMMENTED', submittedAt: '2026-01-05T09:00:00Z' },
        { login: 'lead', state: 'CHANGES_REQUESTED', submittedAt: '2026-01-05T11:00:00Z' },
      ],
    });
    expect((await as('docs', 'GET', '/repos/acme/docs/pulls/3')).json).toMatchObject({
      head: { sha: 'f'.repeat(40), ref: 'docs/retries' },
      labels: [
        { name: 'documentation', color: '0075ca', default: true },
        { name: 'needs review', default: false },
      ],
      state: 'open',
      merged: false,
    });
    const first = await as('docs', 'GET', '/repos/acme/docs/pulls/3/reviews?per_page=2');
    expect((first.json as Array<{ state: string; user: { login: string } }>).map((review) => [review.user.login, review.state])).toEqual([
      ['writer', 'COMMENTED'],
      ['lead', 'CHANGES_REQUESTED'],
    ]);
    expect(first.headers.get('link')).toMatch(/[?&]page=2>; rel="next"$/);
    const second = await as('docs', 'GET', '/repos/acme/docs/pulls/3/reviews?per_page=2&page=2');
    expect(second.json).toMatchObject([{ state: 'APPROVED', submitted_at: '2026-01-05T12:00:00Z', commit_id: 'f'.repeat(40) }]);
    expect(second.headers.get('link')).toBeNull();
    // GitHub gives 100 at most a page, whatever is asked.
    docs.pulls.get(3)!.reviews = Array.from({ length: 120 }, (_, i) => ({ login: `r${i}`, state: 'COMMENTED' as const, submittedAt: '2026-01-05T10:00:00Z' }));
    expect((await as('docs', 'GET', '/repos/acme/docs/pulls/3/reviews?per_page=100')).json).toHaveLength(100);
    expect((await as('docs', 'GET', '/repos/acme/docs/pulls/4/reviews')).status).toBe(404);
    expect((await as('workflow-token', 'GET', '/repos/acme/docs/pulls/3/reviews')).status).toBe(404);
    // In the workflow's repository, a pull request of the diff reader has no reviews.
    github.pulls.set(7, { diff: '', files: [], commits: [] });
    expect((await as('workflow-token', 'GET', '/repos/acme/widgets/pulls/7/reviews')).json).toEqual([]);
    expect(github.callsTo('reviews')).toHaveLength(6);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("the review decision over GraphQL, held to GitHub's schema; NOT_FOUND where the token cannot see or nothing is", async () => {
    const docs = docsRepository({ private: true });
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/a', reviewDecision: 'APPROVED' });
    docs.pulls.set(4, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/b', reviewDecision: 'CHANGES_REQUESTED' });
    docs.pulls.set(5, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/c' });
    expect((await decisionOf('docs', 'acme', 'docs', 3)).json).toEqual({ data: { repository: { pullRequest: { reviewDecision: 'APPROVED' } } } });
    expect((await decisionOf('docs', 'Acme', 'Docs', 4)).json).toEqual({ data: { repository: { pullRequest: { reviewDecision: 'CHANGES_REQUESTED' } } } });
    expect((await decisionOf('docs', 'acme', 'docs', 5)).json).toEqual({ data: { repository: { pullRequest: { reviewDecision: null } } } });
    expect((await decisionOf('docs', 'acme', 'docs', 99)).json).toEqual({
      data: { repository: { pullRequest: null } },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['repository', 'pullRequest'],
          locations: [{ line: 1, column: 99 }],
          message: 'Could not resolve to a PullRequest with the number of 99.',
        },
      ],
    });
    for (const [token, owner, name] of [
      ['workflow-token', 'acme', 'docs'],
      ['docs', 'acme', 'nowhere'],
    ] as const) {
      expect((await decisionOf(token, owner, name, 3)).json).toEqual({
        data: { repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['repository'],
            locations: [{ line: 1, column: 58 }],
            message: `Could not resolve to a Repository with the name '${owner}/${name}'.`,
          },
        ],
      });
    }
    followedPull({ reviewDecision: 'REVIEW_REQUIRED' });
    expect((await decisionOf('workflow-token', 'acme', 'widgets', 7)).json).toEqual({
      data: { repository: { pullRequest: { reviewDecision: 'REVIEW_REQUIRED' } } },
    });
    expect(github.callsTo('review-decision')).toHaveLength(7);
    expect(await github.takeViolations()).toEqual([]);
    // The check holds the answer to the schema: a decision GitHub does not have is caught.
    expect(
      await graphqlViolations([
        {
          body: { query: REVIEW_DECISION, variables: { owner: 'a', name: 'b', number: 1 } },
          answer: { data: { repository: { pullRequest: { reviewDecision: 'MERGED' } } } },
        },
      ]),
    ).toEqual([expect.stringMatching(/the answer .*PullRequestReviewDecision/)]);
  });

  it('faults at the new calls: a 5xx, a secondary rate limit with retry-after, a hang', async () => {
    github.addRepository('acme/docs').pulls.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/a' });
    github.injectFault({
      call: 'set-status',
      kind: 'status',
      status: 403,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit.' },
    });
    github.injectFault({ call: 'combined-status', kind: 'status', status: 502 });
    github.injectFault({ call: 'reviews', kind: 'status', status: 429, headers: { 'retry-after': '2' } });
    github.injectFault({ call: 'review-decision', kind: 'status', status: 500 });
    const limited = await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('pending'));
    expect(limited.status).toBe(403);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(github.statuses).toEqual([]);
    expect((await as('workflow-token', 'GET', `/repos/acme/widgets/commits/${HEAD}/status`)).status).toBe(502);
    expect((await as('workflow-token', 'GET', '/repos/acme/docs/pulls/3/reviews')).headers.get('retry-after')).toBe('2');
    expect((await decisionOf('workflow-token', 'acme', 'docs', 3)).status).toBe(500);
    github.injectFault({ call: 'set-status', kind: 'status', status: 502, afterHandling: true });
    expect((await as('workflow-token', 'POST', `/repos/acme/widgets/statuses/${HEAD}`, status('pending'))).status).toBe(502);
    expect(github.statuses).toHaveLength(1);
    github.injectFault({ call: 'review-decision', kind: 'hang' });
    const hung = await fetch(`${github.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: REVIEW_DECISION, variables: { owner: 'acme', name: 'docs', number: 3 } }),
      signal: AbortSignal.timeout(200),
    }).catch((error: unknown) => error);
    expect(hung).toBeInstanceOf(Error);
    expect(await github.takeViolations()).toEqual([]);
  });
});

describe("reader impact: a pull request's changed files, a commit's tree, a file's contents", () => {
  const as = (token: string, path: string) => request(token, 'GET', path);
  const HEAD = 'e'.repeat(40);
  /** Files whose SHAs `git` itself gave (git ls-tree -r -t): the fake must name them alike. */
  const SITE = {
    'docs.json': '{"name":"Acme"}\n',
    'api/index.mdx': '# Überblick — 📘\n',
    'api/v2/docs.json': 'x',
    'api.md': 'a',
    'api0.md': 'b',
  };
  const GIT_LISTING = [
    ['api.md', '100644', 'blob', '2e65efe2a145dda7ee51d1741299f848e5bf752e'],
    ['api', '040000', 'tree', '0e7bfafdb4052229c5fafd993e645d71d8854986'],
    ['api/index.mdx', '100644', 'blob', '322fe659162ba0e0ebfaa18f5c7239d473ac67d8'],
    ['api/v2', '040000', 'tree', '9e2f70a96dd9b6f8b4ec99f77b353c48b19ce02e'],
    ['api/v2/docs.json', '100644', 'blob', 'c1b0730e0133447badcfd47fd144e254807b06e1'],
    ['api0.md', '100644', 'blob', '63d8dbd40c23542e740659a7168a0ce3138ea748'],
    ['docs.json', '100644', 'blob', '398e603d17066507a2ab83ec43d8d02a13378bc0'],
  ];
  const ROOT_TREE = '8c19642dd88da003f92c8d058c39a3b53e5fd67f';
  type Tree = { sha: string; url: string; truncated: boolean; tree: Array<{ path: string; mode: string; type: string; sha: string; size?: number }> };
  type Content = { type: string; encoding: string; content: string; size: number; sha: string; path: string; name: string; url: string };
  const decoded = (content: Content): Buffer => Buffer.from(content.content, 'base64');

  beforeEach(() => {
    github.requests.length = 0;
  });
  afterEach(() => {
    forgetRepositories();
    github.files.clear();
    github.treeEntriesMax = TREE_ENTRIES_MAX;
  });

  it("a documentation PR's files, page by page: 100 at most a page, 3,000 at most in all, renames with their previous name", async () => {
    const docs = docsRepository({ private: true });
    const files = [
      { filename: 'docs.json', status: 'modified', patch: '@@ -1 +1 @@\n-{}\n+{"name":"Acme"}' },
      { filename: 'guides/retries.mdx', status: 'renamed', previous_filename: 'guides/retry.mdx', additions: 0, deletions: 0, changes: 0 },
      { filename: 'images/logo.png', status: 'added', additions: 0, deletions: 0 },
      { filename: 'old.mdx', status: 'removed', additions: 0, deletions: 12, changes: 12 },
      ...Array.from({ length: 3_050 }, (_, i) => ({ filename: `pages/${i}.mdx`, status: 'added', patch: `@@ -0,0 +1 @@\n+Page ${i}` })),
    ];
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/x', headSha: HEAD, files });
    docs.pulls.set(4, { title: 'Nothing yet', state: 'open', draft: true, merged: false, headRef: 'docs/y' });
    const first = await as('docs', '/repos/acme/docs/pulls/3/files?per_page=100');
    expect(first.json).toHaveLength(100);
    expect((first.json as unknown[]).slice(0, 4)).toEqual([
      expect.objectContaining({ filename: 'docs.json', status: 'modified', additions: 1, deletions: 1, changes: 2, patch: expect.any(String) }),
      expect.objectContaining({ filename: 'guides/retries.mdx', status: 'renamed', previous_filename: 'guides/retry.mdx', changes: 0 }),
      expect.objectContaining({ filename: 'images/logo.png', status: 'added', additions: 0 }),
      expect.objectContaining({ filename: 'old.mdx', status: 'removed', deletions: 12, changes: 12 }),
    ]);
    expect((first.json as Array<{ contents_url: string }>)[0]!.contents_url).toBe(`${github.url}/repos/acme/docs/contents/docs.json?ref=${HEAD}`);
    expect(first.headers.get('link')).toBe(`<${github.url}/repos/acme/docs/pulls/3/files?per_page=100&page=2>; rel="next"`);
    const last = await as('docs', '/repos/acme/docs/pulls/3/files?per_page=100&page=30');
    expect((last.json as Array<{ filename: string }>).at(-1)!.filename).toBe('pages/2995.mdx');
    expect(last.headers.get('link')).toBeNull();
    expect((await as('docs', '/repos/acme/docs/pulls/3/files?per_page=100&page=31')).json).toEqual([]);
    expect((await as('docs', '/repos/acme/docs/pulls/3/files?per_page=250')).json).toHaveLength(100);
    expect((await as('docs', '/repos/acme/docs/pulls/3/files')).json).toHaveLength(30);
    expect((await as('docs', '/repos/acme/docs/pulls/4/files')).json).toEqual([]);
    expect((await as('docs', '/repos/acme/docs/pulls/5/files')).status).toBe(404);
    // A private repository is not there for a token that may not see it.
    expect((await as('workflow-token', '/repos/acme/docs/pulls/3/files')).status).toBe(404);
    expect(github.callsTo('pull-files')).toHaveLength(8);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("in the workflow's repository: a followed pull request's files, and the code PR's as before", async () => {
    github.pulls.set(7, { diff: '', files: [{ filename: 'src/cli.ts', patch: '@@ -1 +1 @@\n-a\n+b' }], commits: [] });
    docsPull({ pulls: github.pullStates }, 8, {
      title: 'Docs',
      draft: false,
      headRef: 'docs/z',
      files: [{ filename: 'docs/docs.json', status: 'added' }],
    });
    expect((await as('workflow-token', '/repos/acme/widgets/pulls/7/files')).json).toMatchObject([{ filename: 'src/cli.ts', status: 'modified', changes: 2 }]);
    expect((await as('workflow-token', '/repos/acme/widgets/pulls/8/files')).json).toMatchObject([{ filename: 'docs/docs.json', status: 'added', changes: 0 }]);
    expect((await as('workflow-token', '/repos/acme/widgets/pulls/9/files')).status).toBe(404);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("a commit's tree: the folders between its files, in git's order, named by the SHAs git gives them; by branch; one level; a folder's own", async () => {
    const docs = docsRepository({ private: true });
    docs.files.set(HEAD, SITE);
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/x', headSha: HEAD });
    const tree = (await as('docs', `/repos/acme/docs/git/trees/${HEAD}?recursive=1`)).json as Tree;
    expect(tree.sha).toBe(ROOT_TREE);
    expect(tree.url).toBe(`${github.url}/repos/acme/docs/git/trees/${ROOT_TREE}`);
    expect(tree.truncated).toBe(false);
    expect(tree.tree.map((entry) => [entry.path, entry.mode, entry.type, entry.sha])).toEqual(GIT_LISTING);
    expect(tree.tree.find((entry) => entry.path === 'api/index.mdx')).toMatchObject({
      size: Buffer.byteLength(SITE['api/index.mdx']),
      url: `${github.url}/repos/acme/docs/git/blobs/322fe659162ba0e0ebfaa18f5c7239d473ac67d8`,
    });
    expect(tree.tree.find((entry) => entry.path === 'api')).not.toHaveProperty('size');
    // The head branch of a followed pull request names its head commit; any value of `recursive` recurses.
    expect(((await as('docs', '/repos/acme/docs/git/trees/docs%2Fx?recursive=false')).json as Tree).tree).toHaveLength(GIT_LISTING.length);
    const top = (await as('docs', `/repos/acme/docs/git/trees/${HEAD}`)).json as Tree;
    expect(top.tree.map((entry) => entry.path)).toEqual(['api.md', 'api', 'api0.md', 'docs.json']);
    const folder = (await as('docs', '/repos/acme/docs/git/trees/9e2f70a96dd9b6f8b4ec99f77b353c48b19ce02e?recursive=1')).json as Tree;
    expect(folder).toMatchObject({ sha: '9e2f70a96dd9b6f8b4ec99f77b353c48b19ce02e', tree: [{ path: 'docs.json', type: 'blob' }], truncated: false });
    // The diff entries of a pull request name the blobs of its head commit.
    docs.pulls.get(3)!.files = [{ filename: 'api/v2/docs.json', status: 'added' }];
    expect((await as('docs', '/repos/acme/docs/pulls/3/files')).json).toMatchObject([{ sha: 'c1b0730e0133447badcfd47fd144e254807b06e1' }]);
    // An empty commit has git's empty tree.
    docs.files.set('0'.repeat(40), {});
    expect((await as('docs', `/repos/acme/docs/git/trees/${'0'.repeat(40)}?recursive=1`)).json).toMatchObject({
      sha: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      tree: [],
      truncated: false,
    });
    for (const missing of [`/git/trees/${'1'.repeat(40)}?recursive=1`, '/git/trees/no-such-branch', `/git/trees/${HEAD}?recursive=1`]) {
      const token = missing.includes(HEAD) ? 'workflow-token' : 'docs';
      expect((await as(token, `/repos/acme/docs${missing}`)).json).toMatchObject({ message: 'Not Found', status: '404' });
    }
    expect(github.callsTo('tree')).toHaveLength(8);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a tree cut short: past the limit of entries GitHub gives the first ones and truncated: true; one level at a time is whole', async () => {
    github.files.set(HEAD, SITE);
    github.treeEntriesMax = 3;
    const cut = (await as('workflow-token', `/repos/acme/widgets/git/trees/${HEAD}?recursive=1`)).json as Tree;
    expect(cut.truncated).toBe(true);
    expect(cut.tree.map((entry) => entry.path)).toEqual(['api.md', 'api', 'api/index.mdx']);
    expect(((await as('workflow-token', `/repos/acme/widgets/git/trees/${HEAD}`)).json as Tree).truncated).toBe(false);
    github.treeEntriesMax = GIT_LISTING.length;
    expect(((await as('workflow-token', `/repos/acme/widgets/git/trees/${HEAD}?recursive=1`)).json as Tree).truncated).toBe(false);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("a file's contents: base64 in lines of 60 as GitHub sends it, decoded back exactly; over 1 MB, no content; a folder's items; 404s", async () => {
    const docs = docsRepository({ private: true });
    const text = `{\n  "name": "Überblick — ドキュメント 📘",\n  "navigation": [${'"page",'.repeat(40)}"end"]\n}\n`;
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 0xff);
    docs.files.set(HEAD, {
      'products/api/docs.json': text,
      'mint.json': '',
      'images/logo.png': bytes,
      'big/exactly.json': { size: CONTENT_MAX_BYTES },
      'big/over.json': { size: CONTENT_MAX_BYTES + 1 },
    });
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/x', headSha: HEAD });
    // Octokit sends the path's slashes as %2F.
    const file = (await as('docs', `/repos/acme/docs/contents/products%2Fapi%2Fdocs.json?ref=${HEAD}`)).json as Content;
    expect(file).toMatchObject({ type: 'file', encoding: 'base64', name: 'docs.json', path: 'products/api/docs.json', size: Buffer.byteLength(text) });
    expect(file.url).toBe(`${github.url}/repos/acme/docs/contents/products/api/docs.json?ref=${HEAD}`);
    const lines = file.content.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -2).every((line) => line.length === 60)).toBe(true);
    expect(lines.at(-2)!.length).toBeLessThanOrEqual(60);
    expect(decoded(file).toString('utf8')).toBe(text);
    const tree = (await as('docs', `/repos/acme/docs/git/trees/${HEAD}?recursive=1`)).json as Tree;
    expect(tree.tree.find((entry) => entry.path === 'products/api/docs.json')!.sha).toBe(file.sha);
    // The same by the other spelling of the path, and by the branch.
    expect(((await as('docs', `/repos/acme/docs/contents/products/api/docs.json?ref=docs/x`)).json as Content).sha).toBe(file.sha);
    expect((await as('docs', `/repos/acme/docs/contents/mint.json?ref=${HEAD}`)).json).toMatchObject({ content: '', encoding: 'base64', size: 0 });
    expect([...decoded((await as('docs', `/repos/acme/docs/contents/images/logo.png?ref=${HEAD}`)).json as Content)]).toEqual([...bytes]);
    const exactly = (await as('docs', `/repos/acme/docs/contents/big/exactly.json?ref=${HEAD}`)).json as Content;
    expect(exactly).toMatchObject({ encoding: 'base64', size: CONTENT_MAX_BYTES });
    expect(decoded(exactly)).toHaveLength(CONTENT_MAX_BYTES);
    expect((await as('docs', `/repos/acme/docs/contents/big/over.json?ref=${HEAD}`)).json).toMatchObject({
      type: 'file',
      encoding: 'none',
      content: '',
      size: CONTENT_MAX_BYTES + 1,
    });
    const folder = (await as('docs', `/repos/acme/docs/contents/big?ref=${HEAD}`)).json as Array<{ type: string; path: string; size: number }>;
    expect(folder.map((item) => [item.type, item.path])).toEqual([
      ['file', 'big/exactly.json'],
      ['file', 'big/over.json'],
    ]);
    expect(((await as('docs', `/repos/acme/docs/contents/products?ref=${HEAD}`)).json as unknown[])[0]).toMatchObject({
      type: 'dir',
      size: 0,
      download_url: null,
    });
    expect((await as('docs', `/repos/acme/docs/contents/docs.json?ref=${HEAD}`)).json).toMatchObject({ message: 'Not Found', status: '404' });
    expect((await as('docs', `/repos/acme/docs/contents/mint.json?ref=${'1'.repeat(40)}`)).json).toMatchObject({
      message: `No commit found for the ref ${'1'.repeat(40)}`,
      status: '404',
    });
    // Without a ref, the default branch, whose commit the fake does not know.
    expect((await as('docs', '/repos/acme/docs/contents/mint.json')).json).toMatchObject({ message: 'No commit found for the ref main' });
    expect((await as('workflow-token', `/repos/acme/docs/contents/mint.json?ref=${HEAD}`)).json).toMatchObject({ message: 'Not Found' });
    // A public repository's files are there for any token.
    docs.private = false;
    expect((await as('workflow-token', `/repos/acme/docs/contents/mint.json?ref=${HEAD}`)).status).toBe(200);
    expect(github.callsTo('file-content')).toHaveLength(13);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('faults at the new calls: a 502 on the tree, a reset on a file, a rate limit on the second page of files', async () => {
    const docs = docsRepository();
    docs.files.set(HEAD, SITE);
    docsPull(docs, 3, {
      title: 'Docs',
      draft: false,
      headRef: 'docs/x',
      headSha: HEAD,
      files: Array.from({ length: 150 }, (_, i) => ({ filename: `p/${i}.mdx`, status: 'added' })),
    });
    github.injectFault({ call: 'tree', kind: 'status', status: 502 });
    github.injectFault({ call: 'file-content', kind: 'reset' });
    github.injectFault({
      call: 'pull-files',
      kind: 'status',
      status: 403,
      skip: 1,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit.' },
    });
    expect((await as('docs', `/repos/acme/docs/git/trees/${HEAD}?recursive=1`)).status).toBe(502);
    expect((await as('docs', `/repos/acme/docs/git/trees/${HEAD}?recursive=1`)).status).toBe(200);
    expect(await as('docs', `/repos/acme/docs/contents/docs.json?ref=${HEAD}`).catch((error: unknown) => error)).toBeInstanceOf(Error);
    expect((await as('docs', `/repos/acme/docs/contents/docs.json?ref=${HEAD}`)).status).toBe(200);
    expect((await as('docs', '/repos/acme/docs/pulls/3/files?per_page=100')).status).toBe(200);
    const limited = await as('docs', '/repos/acme/docs/pulls/3/files?per_page=100&page=2');
    expect(limited).toMatchObject({ status: 403, json: { message: 'You have exceeded a secondary rate limit.' } });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await as('docs', '/repos/acme/docs/pulls/3/files?per_page=100&page=2')).json).toHaveLength(50);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('files no Git tree can hold are reported with the violations', async () => {
    github.files.set(HEAD, { docs: 'a file', 'docs/docs.json': 'and a folder' });
    expect((await as('workflow-token', `/repos/acme/widgets/git/trees/${HEAD}`)).status).toBe(500);
    expect(await github.takeViolations()).toEqual([
      `the fake's files of acme/widgets at ${HEAD}: "docs" is a file and a folder both, which no Git tree can hold`,
    ]);
  });
});

describe("a set-up as command: doctor reads it: a branch's files by its name, and the rules in force on a branch", () => {
  const as = (path: string) => request('workflow-token', 'GET', path);
  const HEAD = 'f'.repeat(40);
  type Rule = { type: string; ruleset_source_type: string; parameters?: { required_status_checks?: Array<{ context: string; integration_id?: number }> } };

  afterEach(() => {
    github.files.clear();
    github.branches.clear();
    github.branchRules.clear();
  });

  it('the workflows folder and a workflow at the default branch by its name, as at its commit; a branch it does not have answers 404', async () => {
    github.files.set(HEAD, { '.github/workflows/docs.yml': 'on: push\n', '.github/workflows/ci.yaml': 'on: pull_request\n', 'README.md': '# hi' });
    github.branches.set('main', HEAD);
    const folder = (await as('/repos/acme/widgets/contents/.github%2Fworkflows?ref=main')).json as Array<{
      name: string;
      path: string;
      type: string;
      size: number;
    }>;
    expect(folder.map(({ name, path, type, size }) => [name, path, type, size])).toEqual([
      ['ci.yaml', '.github/workflows/ci.yaml', 'file', 17],
      ['docs.yml', '.github/workflows/docs.yml', 'file', 9],
    ]);
    const byBranch = (await as('/repos/acme/widgets/contents/.github/workflows/docs.yml?ref=main')).json as { sha: string; content: string };
    const byCommit = (await as(`/repos/acme/widgets/contents/.github/workflows/docs.yml?ref=${HEAD}`)).json as { sha: string };
    expect(byBranch.sha).toBe(byCommit.sha);
    expect(Buffer.from(byBranch.content, 'base64').toString('utf8')).toBe('on: push\n');
    expect((await as('/repos/acme/widgets/contents/.github/workflows?ref=develop')).json).toMatchObject({
      message: 'No commit found for the ref develop',
      status: '404',
    });
    expect((await as('/repos/acme/widgets/contents/.github/missing?ref=main')).status).toBe(404);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("a branch's rules: required status checks with and without a pinned app, a merge queue, pull requests; none on another branch; page by page", async () => {
    github.branchRules.set('main', [
      { type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: 15368 }, { context: 'ci' }] },
      { type: 'merge_queue' },
      { type: 'pull_request' },
    ]);
    const rules = (await as('/repos/acme/widgets/rules/branches/main')).json as Rule[];
    expect(rules.map((rule) => rule.type)).toEqual(['required_status_checks', 'merge_queue', 'pull_request']);
    expect(rules[0]!.parameters!.required_status_checks).toEqual([{ context: 'documentation', integration_id: 15368 }, { context: 'ci' }]);
    expect(rules.every((rule) => rule.ruleset_source_type === 'Repository')).toBe(true);
    expect((await as('/repos/acme/widgets/rules/branches/feature')).json).toEqual([]);
    const first = await as('/repos/acme/widgets/rules/branches/main?per_page=2');
    expect([(first.json as Rule[]).length, first.headers.get('link')]).toEqual([2, expect.stringContaining('page=2')]);
    expect((await as('/repos/acme/widgets/rules/branches/main?per_page=2&page=2')).json).toHaveLength(1);
    expect(github.callsTo('branch-rules')).toHaveLength(4);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('faults at the rules: a 403 and a 404 as GitHub sends them, a hang', async () => {
    github.injectFault({ call: 'branch-rules', kind: 'status', status: 403 });
    github.injectFault({ call: 'branch-rules', kind: 'status', status: 404 });
    expect(await as('/repos/acme/widgets/rules/branches/main')).toMatchObject({ status: 403, json: { message: 'Resource not accessible by integration' } });
    expect(await as('/repos/acme/widgets/rules/branches/main')).toMatchObject({ status: 404, json: { message: 'Not Found' } });
    expect((await as('/repos/acme/widgets/rules/branches/main')).status).toBe(200);
    expect(await github.takeViolations()).toEqual([]);
  });
});

describe('writers and their reviews, as GitHub counts them', () => {
  const as = request;
  /** The document the action sends for a pull request's review decision and its writers' latest opinions, exactly. */
  const OPINIONS = `query ($owner: String!, $name: String!, $number: Int!) {
  viewer { login }
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewDecision
      latestOpinionatedReviews(first: 100, writersOnly: true) {
        nodes { state authorCanPushToRepository author { __typename login } }
      }
    }
  }
}`;
  const opinionsOf = (token: string, owner: string, name: string, number: number, query = OPINIONS, more: Record<string, unknown> = {}) =>
    as(token, 'POST', '/graphql', { query, variables: { owner, name, number, ...more } });
  const at = (hour: number, minute = 0) => `2026-01-05T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;
  const writer = (state: string, login: string) => ({ state, authorCanPushToRepository: true, author: { __typename: 'User', login } });

  beforeEach(() => {
    github.requests.length = 0;
  });
  afterEach(forgetRepositories);

  function docsWithReviews() {
    const docs = docsRepository({ private: true });
    for (const [login, permission] of [
      ['lead', 'write'],
      ['editor', 'write'],
      ['MAINTAINER', 'maintain'],
      ['owner', 'admin'],
      ['triager', 'triage'],
      ['reader', 'read'],
    ] as const)
      docs.collaborators.set(login, permission);
    docsPull(docs, 3, {
      draft: false,
      reviewDecision: 'CHANGES_REQUESTED',
      reviews: [
        { login: 'lead', state: 'APPROVED', submittedAt: at(11), body: 'Reads well now.' },
        { login: 'lead', state: 'CHANGES_REQUESTED', submittedAt: at(9), body: 'The example is wrong.' },
        // A comment is no opinion: the approval before it stands.
        { login: 'lead', state: 'COMMENTED', submittedAt: at(12) },
        // Changes requested, then dismissed: the writer has no opinion left.
        { login: 'editor', state: 'CHANGES_REQUESTED', submittedAt: at(10) },
        { login: 'editor', state: 'DISMISSED', submittedAt: at(10, 30) },
        // Logins compare without regard to case.
        { login: 'Maintainer', state: 'CHANGES_REQUESTED', submittedAt: at(12, 30) },
        { login: 'owner', state: 'APPROVED', submittedAt: at(8) },
        { login: 'triager', state: 'APPROVED', submittedAt: at(9, 15) },
        { login: 'reader', state: 'APPROVED', submittedAt: at(9, 30) },
        { login: 'docs-helper[bot]', state: 'APPROVED', submittedAt: at(9, 45) },
        { login: 'stranger', state: 'CHANGES_REQUESTED', submittedAt: at(13) },
      ],
    });
    return docs;
  }

  it("the writers' latest opinions: readers', triagers', bots' and strangers' left out; a comment leaves an approval standing; a dismissal takes back", async () => {
    docsWithReviews();
    expect((await opinionsOf('docs', 'acme', 'docs', 3)).json).toEqual({
      data: {
        viewer: { login: 'docs[bot]' },
        repository: {
          pullRequest: {
            reviewDecision: 'CHANGES_REQUESTED',
            latestOpinionatedReviews: {
              nodes: [writer('APPROVED', 'owner'), writer('APPROVED', 'lead'), writer('CHANGES_REQUESTED', 'Maintainer')],
            },
          },
        },
      },
    });
    // Without writersOnly (here by a variable), every reviewer's; GraphQL names a bot by its app's slug, as a `Bot`.
    const everyone = OPINIONS.replace('$number: Int!)', '$number: Int!, $writersOnly: Boolean)').replace('writersOnly: true', 'writersOnly: $writersOnly');
    const all = (await opinionsOf('docs', 'Acme', 'Docs', 3, everyone, { writersOnly: false })).json as {
      data: {
        repository: { pullRequest: { latestOpinionatedReviews: { nodes: Array<{ state: string; authorCanPushToRepository: boolean; author: object }> } } };
      };
    };
    expect(all.data.repository.pullRequest.latestOpinionatedReviews.nodes).toEqual([
      writer('APPROVED', 'owner'),
      { state: 'APPROVED', authorCanPushToRepository: false, author: { __typename: 'User', login: 'triager' } },
      { state: 'APPROVED', authorCanPushToRepository: false, author: { __typename: 'User', login: 'reader' } },
      { state: 'APPROVED', authorCanPushToRepository: false, author: { __typename: 'Bot', login: 'docs-helper' } },
      writer('APPROVED', 'lead'),
      writer('CHANGES_REQUESTED', 'Maintainer'),
      { state: 'CHANGES_REQUESTED', authorCanPushToRepository: false, author: { __typename: 'User', login: 'stranger' } },
    ]);
    // The argument's default (false), the variable left out; aliases and paging as GitHub pages a connection.
    const paged = `query ($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) {
    last: latestOpinionatedReviews(last: 2) { totalCount pageInfo { hasPreviousPage hasNextPage } nodes { body author { login } } }
  } }
}`;
    expect((await opinionsOf('docs', 'acme', 'docs', 3, paged)).json).toEqual({
      data: {
        repository: {
          pullRequest: {
            last: {
              totalCount: 7,
              pageInfo: { hasPreviousPage: true, hasNextPage: false },
              nodes: [
                { body: '', author: { login: 'Maintainer' } },
                { body: '', author: { login: 'stranger' } },
              ],
            },
          },
        },
      },
    });
    expect(github.callsTo('review-decision')).toHaveLength(3);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("the workflow's repository by fake.collaborators; a writer's changes requested, then approved; nothing found as reviewDecision answers it", async () => {
    github.collaborators.set('Octocat', 'write');
    followedPull({
      reviewDecision: 'APPROVED',
      reviews: [
        { login: 'octocat', state: 'CHANGES_REQUESTED', submittedAt: at(9) },
        { login: 'octocat', state: 'APPROVED', submittedAt: at(10) },
      ],
    });
    expect((await opinionsOf('workflow-token', 'acme', 'widgets', 7)).json).toEqual({
      data: {
        viewer: { login: 'github-actions[bot]' },
        repository: { pullRequest: { reviewDecision: 'APPROVED', latestOpinionatedReviews: { nodes: [writer('APPROVED', 'octocat')] } } },
      },
    });
    // The REST list of the same reviews gives each its body (empty when none was written).
    docsWithReviews();
    const reviews = (await as('docs', 'GET', '/repos/acme/docs/pulls/3/reviews')).json as Array<{ body: string; user: { login: string } }>;
    expect(reviews.slice(0, 2).map((review) => [review.user.login, review.body])).toEqual([
      ['owner', ''],
      ['lead', 'The example is wrong.'],
    ]);
    expect((await opinionsOf('docs', 'acme', 'docs', 99)).json).toEqual({
      data: { viewer: { login: 'docs[bot]' }, repository: { pullRequest: null } },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['repository', 'pullRequest'],
          locations: [{ line: 4, column: 5 }],
          message: 'Could not resolve to a PullRequest with the number of 99.',
        },
      ],
    });
    for (const [token, name] of [
      ['workflow-token', 'docs'],
      ['docs', 'nowhere'],
    ] as const) {
      expect((await opinionsOf(token, 'acme', name, 3)).json).toEqual({
        data: { viewer: { login: token === 'docs' ? 'docs[bot]' : 'github-actions[bot]' }, repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['repository'],
            locations: [{ line: 3, column: 3 }],
            message: `Could not resolve to a Repository with the name 'acme/${name}'.`,
          },
        ],
      });
    }
    // The fault queue knows it as the review decision; GitHub refuses a connection asked without `first` or `last`, or for more than 100.
    github.injectFault({ call: 'review-decision', kind: 'status', status: 502 });
    expect((await opinionsOf('docs', 'acme', 'docs', 3)).status).toBe(502);
    const unbounded = (await opinionsOf('docs', 'acme', 'docs', 3, OPINIONS.replace('first: 100, ', ''))).json as { errors: Array<{ type: string }> };
    expect(unbounded.errors).toMatchObject([{ type: 'MISSING_PAGINATION_BOUNDARIES', path: ['repository', 'pullRequest', 'latestOpinionatedReviews'] }]);
    const excessive = (await opinionsOf('docs', 'acme', 'docs', 3, OPINIONS.replace('first: 100', 'first: 101'))).json as {
      errors: Array<{ message: string }>;
    };
    expect(excessive.errors).toMatchObject([{ type: 'EXCESSIVE_PAGINATION', message: expect.stringMatching(/exceeds the `first` limit of 100 records/) }]);
    expect(await github.takeViolations()).toEqual([]);
  });
});

describe("a review read whole: the review, its inline comments, and a login's permission", () => {
  const as = (token: string, path: string) => request(token, 'GET', path);
  type Review = { id: number; body: string; state: string; commit_id: string; user: { login: string; type: string } };
  type Comment = {
    id: number;
    pull_request_review_id: number;
    path: string;
    line: number | null;
    original_line: number;
    body: string;
    position: number | null;
  };
  const HEAD = 'f'.repeat(40);
  const REVIEW_ID = 4_242_001;
  const BOT_REVIEW_ID = 4_242_002;

  /** A private documentation repository with pull request 3 and its reviews, and a token that reads it. */
  function docsWithReviews() {
    const docs = docsRepository({ private: true });
    docsPull(docs, 3, {
      draft: false,
      headSha: HEAD,
      reviews: [
        { login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T09:00:00Z' },
        {
          id: REVIEW_ID,
          login: 'editor',
          state: 'CHANGES_REQUESTED',
          submittedAt: '2026-01-05T10:00:00Z',
          body: 'A few fixes, inline.',
          comments: Array.from({ length: 150 }, (_, i) => ({ path: `docs/page-${i % 7}.md`, line: i + 1, body: `Fix ${i}.` })),
        },
        {
          id: BOT_REVIEW_ID,
          login: 'docs-helper[bot]',
          state: 'COMMENTED',
          submittedAt: '2026-01-05T11:00:00Z',
          body: 'Two notes.',
          comments: [
            { path: 'docs/retries.md', line: 12, body: 'Spell out the default.' },
            // Outdated: the diff moved under it since; GitHub keeps the line it was written on.
            { path: 'docs/retries.md', line: null, originalLine: 4, body: 'An old note.' },
          ],
        },
      ],
    });
    return docs;
  }

  beforeEach(() => {
    github.requests.length = 0;
  });
  afterEach(forgetRepositories);

  it('a named review: its body, state, head commit and user type (Bot for a [bot] login), as the list gives it; 404 for one unknown', async () => {
    docsWithReviews();
    const named = await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}`);
    expect(named.status).toBe(200);
    expect(named.json).toMatchObject({
      id: REVIEW_ID,
      body: 'A few fixes, inline.',
      state: 'CHANGES_REQUESTED',
      commit_id: HEAD,
      user: { login: 'editor', type: 'User' },
      pull_request_url: `${github.url}/repos/acme/docs/pulls/3`,
    });
    const bot = (await as('docs', `/repos/acme/docs/pulls/3/reviews/${BOT_REVIEW_ID}`)).json as Review;
    expect([bot.body, bot.state, bot.user]).toEqual(['Two notes.', 'COMMENTED', expect.objectContaining({ login: 'docs-helper[bot]', type: 'Bot' })]);
    // The list names each by the same ID; one the test did not name keeps the ID made for it.
    const listed = (await as('docs', '/repos/acme/docs/pulls/3/reviews')).json as Review[];
    expect(listed.map((review) => review.id)).toEqual([expect.any(Number), REVIEW_ID, BOT_REVIEW_ID]);
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${listed[0]!.id}`)).json).toEqual(listed[0]);
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${BOT_REVIEW_ID}`)).json).toEqual(listed[2]);
    // An unknown review, a review of another pull request, an unknown pull request: 404, as GitHub answers it.
    for (const path of ['/repos/acme/docs/pulls/3/reviews/1', `/repos/acme/docs/pulls/4/reviews/${REVIEW_ID}`, '/repos/acme/docs/pulls/3/reviews/1/comments']) {
      const missing = await as('docs', path);
      expect([missing.status, missing.json]).toEqual([404, expect.objectContaining({ message: 'Not Found' })]);
    }
    // The same visibility as the list: a token that may not see the private repository is answered 404.
    expect((await as('workflow-token', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}`)).status).toBe(404);
    // In the workflow's repository, a followed pull request's named review.
    followedPull({
      reviews: [{ id: 77, login: 'octocat', state: 'APPROVED', submittedAt: '2026-01-05T10:00:00Z' }],
    });
    expect((await as('workflow-token', '/repos/acme/widgets/pulls/7/reviews/77')).json).toMatchObject({ id: 77, body: '', user: { type: 'User' } });
    expect(github.callsTo('review')).toHaveLength(8);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('150 inline comments in two pages of 100 and 50, in order, each with its path, line and body; an outdated one keeps its original line', async () => {
    docsWithReviews();
    const first = await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments?per_page=100`);
    const firstPage = first.json as Comment[];
    expect(firstPage).toHaveLength(100);
    expect(first.headers.get('link')).toBe(`<${github.url}/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments?per_page=100&page=2>; rel="next"`);
    const second = await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments?per_page=100&page=2`);
    const secondPage = second.json as Comment[];
    expect(secondPage).toHaveLength(50);
    expect(second.headers.get('link')).toBeNull();
    const all = [...firstPage, ...secondPage];
    expect(all.map((comment) => [comment.path, comment.line, comment.original_line, comment.body])).toEqual(
      Array.from({ length: 150 }, (_, i) => [`docs/page-${i % 7}.md`, i + 1, i + 1, `Fix ${i}.`]),
    );
    expect(new Set(all.map((comment) => comment.id)).size).toBe(150);
    expect(all.every((comment) => comment.pull_request_review_id === REVIEW_ID)).toBe(true);
    // GitHub gives 100 at most a page, whatever is asked; 30 when nothing is.
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments?per_page=500`)).json).toHaveLength(100);
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments`)).json).toHaveLength(30);
    const bot = (await as('docs', `/repos/acme/docs/pulls/3/reviews/${BOT_REVIEW_ID}/comments`)).json as Comment[];
    expect(bot.map((comment) => [comment.path, comment.line, comment.original_line, comment.position, comment.body])).toEqual([
      ['docs/retries.md', 12, 12, 1, 'Spell out the default.'],
      ['docs/retries.md', null, 4, null, 'An old note.'],
    ]);
    expect(bot[0]).toMatchObject({ user: { login: 'docs-helper[bot]', type: 'Bot' }, commit_id: HEAD, original_commit_id: HEAD });
    // A review without inline comments lists none.
    const [plain] = (await as('docs', '/repos/acme/docs/pulls/3/reviews')).json as Review[];
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${plain!.id}/comments`)).json).toEqual([]);
    expect(github.callsTo('review-comments')).toHaveLength(6);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('the permission of each role, legacy and real; one who is no collaborator reads a public repository and nothing of a private one', async () => {
    const docs = docsWithReviews();
    for (const [login, role] of [
      ['owner', 'admin'],
      ['MAINTAINER', 'maintain'],
      ['editor', 'write'],
      ['triager', 'triage'],
      ['reader', 'read'],
    ] as const)
      docs.collaborators.set(login, role);
    const permissionOf = async (token: string, repository: string, login: string) => {
      const answer = await as(token, `/repos/${repository}/collaborators/${encodeURIComponent(login)}/permission`);
      const { permission, role_name, user } = answer.json as {
        permission: string;
        role_name: string;
        user: { login: string; type: string; role_name: string };
      };
      return [answer.status, permission, role_name, user.login, user.role_name];
    };
    expect(await permissionOf('docs', 'acme/docs', 'owner')).toEqual([200, 'admin', 'admin', 'owner', 'admin']);
    // Logins compare without regard to case; the answer spells the login as the collaborator's.
    expect(await permissionOf('docs', 'acme/docs', 'maintainer')).toEqual([200, 'write', 'maintain', 'MAINTAINER', 'maintain']);
    expect(await permissionOf('docs', 'acme/docs', 'editor')).toEqual([200, 'write', 'write', 'editor', 'write']);
    expect(await permissionOf('docs', 'acme/docs', 'triager')).toEqual([200, 'read', 'triage', 'triager', 'triage']);
    expect(await permissionOf('docs', 'acme/docs', 'reader')).toEqual([200, 'read', 'read', 'reader', 'read']);
    expect(await permissionOf('docs', 'acme/docs', 'stranger')).toEqual([200, 'none', 'none', 'stranger', 'none']);
    expect((await as('docs', '/repos/acme/docs/collaborators/owner/permission')).json).toMatchObject({
      user: { permissions: { admin: true, maintain: true, push: true, triage: true, pull: true } },
    });
    expect((await as('docs', '/repos/acme/docs/collaborators/triager/permission')).json).toMatchObject({
      user: { permissions: { admin: false, maintain: false, push: false, triage: true, pull: true } },
    });
    // The workflow's repository (public) by fake.collaborators: a stranger, a bot among them, reads.
    github.collaborators.set('octocat', 'maintain');
    expect(await permissionOf('workflow-token', 'acme/widgets', 'Octocat')).toEqual([200, 'write', 'maintain', 'octocat', 'maintain']);
    expect(await permissionOf('workflow-token', 'acme/widgets', 'docs-helper[bot]')).toEqual([200, 'read', 'read', 'docs-helper[bot]', 'read']);
    expect(
      ((await as('workflow-token', '/repos/acme/widgets/collaborators/docs-helper%5Bbot%5D/permission')).json as { user: { type: string } }).user.type,
    ).toBe('Bot');
    // A public added repository: a stranger reads; a token that may not see a private one is answered 404.
    github.addRepository('acme/site').collaborators.set('lead', 'admin');
    expect(await permissionOf('workflow-token', 'acme/site', 'lead')).toEqual([200, 'admin', 'admin', 'lead', 'admin']);
    expect(await permissionOf('workflow-token', 'acme/site', 'stranger')).toEqual([200, 'read', 'read', 'stranger', 'read']);
    expect((await as('workflow-token', '/repos/acme/docs/collaborators/owner/permission')).status).toBe(404);
    expect(github.callsTo('collaborator-permission')).toHaveLength(14);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('faults at the three calls, as at the others', async () => {
    docsWithReviews();
    github.injectFault({ call: 'review', kind: 'status', status: 502 });
    github.injectFault({ call: 'review-comments', kind: 'status', status: 429, headers: { 'retry-after': '3' }, skip: 1 });
    github.injectFault({ call: 'collaborator-permission', kind: 'status', status: 403 });
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}`)).status).toBe(502);
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}`)).status).toBe(200);
    expect((await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments?per_page=100`)).status).toBe(200);
    const limited = await as('docs', `/repos/acme/docs/pulls/3/reviews/${REVIEW_ID}/comments?per_page=100&page=2`);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    expect((await as('docs', '/repos/acme/docs/collaborators/editor/permission')).json).toMatchObject({ message: 'Resource not accessible by integration' });
    expect((await as('docs', '/repos/acme/docs/collaborators/editor/permission')).status).toBe(200);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("the check widens GitHub's description only where GitHub answers otherwise: an outdated comment's line null, nothing more", () => {
    const description = restDescription();
    const comment = reviewComment(
      { id: 1, reviewId: 2, login: 'editor', path: 'docs/a.md', line: null, originalLine: 4, body: 'Old.', commitId: HEAD },
      'acme/docs',
      3,
      github.url,
    );
    const listed = (body: unknown): RestExchange => ({
      method: 'GET',
      url: '/repos/acme/docs/pulls/3/reviews/2/comments',
      accept: JSON_MEDIA,
      body: undefined,
      answer: { status: 200, contentType: 'application/json; charset=utf-8', body },
    });
    expect(description.check(listed([comment]))).toEqual([]);
    expect(description.check(listed([{ ...comment, original_line: null }]))).toEqual([expect.stringMatching(/at \/0\/original_line must be integer$/)]);
    expect(description.check(listed([{ ...comment, line: '4' }]))).toEqual([expect.stringMatching(/at \/0\/line must be integer,null$/)]);
    const withoutHunk: Partial<typeof comment> = { ...comment };
    delete withoutHunk.diff_hunk;
    expect(description.check(listed([withoutHunk]))).toEqual([expect.stringMatching(/at \/0 lacks "diff_hunk"$/)]);
  });

  it("a pull_request_review event names the review the fake serves, and stays valid against GitHub's webhook description", async () => {
    docsWithReviews();
    const payload = pullRequestReviewEvent(3, {
      action: 'submitted',
      state: 'changes_requested',
      repository: 'acme/docs',
      headRef: 'docs/retries',
      headSha: HEAD,
      reviewer: 'editor',
      reviewId: REVIEW_ID,
      body: 'A few fixes, inline.',
    });
    expect(webhookViolations({ name: 'pull_request_review', payload })).toEqual([]);
    expect(payload.review).toMatchObject({ id: REVIEW_ID, body: 'A few fixes, inline.', state: 'changes_requested' });
    const served = (await as('docs', `/repos/acme/docs/pulls/3/reviews/${payload.review.id}`)).json as Review;
    expect([served.id, served.body, served.user.login]).toEqual([payload.review.id, payload.review.body, payload.review.user.login]);
    // A bot's review, its body left out: null, as GitHub sends it; the defaults as before.
    const bot = pullRequestReviewEvent(3, { action: 'submitted', state: 'commented', reviewer: 'docs-helper[bot]', reviewId: BOT_REVIEW_ID });
    expect(webhookViolations({ name: 'pull_request_review', payload: bot })).toEqual([]);
    expect(bot.review).toMatchObject({ id: BOT_REVIEW_ID, body: null, user: { type: 'Bot' } });
    expect(pullRequestReviewEvent(3, { action: 'submitted', state: 'approved' }).review.body).toBeNull();
    expect(await github.takeViolations()).toEqual([]);
  });
});

describe('repository IDs that survive a rename, and a rename', () => {
  const as = request;
  const HEAD = 'a'.repeat(40);
  type Repository = { id: number; node_id: string; full_name: string; private: boolean; url: string };
  type Pull = { node_id: string; base: { repo: Repository; sha: string }; head: { sha: string; repo: Repository } };

  afterEach(() => {
    if (github.workflowRepository !== 'acme/widgets') github.rename(github.workflowRepository, 'acme/widgets');
    forgetRepositories();
    github.statuses.length = 0;
  });

  it('an added repository renamed: its ID, pull requests, comments, statuses, collaborators and grants go with it; the old name answers 404', async () => {
    const docs = github.addRepository('acme/docs', { private: true });
    github.tokens.set('docs', { login: 'docs[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'read', statuses: 'write' } } });
    docs.collaborators.set('lead', 'write');
    docsPull(docs, 3, {
      title: 'Docs',
      draft: false,
      headRef: 'docs/x',
      reviews: [{ login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T10:00:00Z' }],
    });
    const id = github.repositoryId('acme/docs');
    expect(docs.id).toBe(id);
    const before = (await as('docs', 'GET', '/repos/acme/docs/pulls/3')).json as Pull;
    expect(before.base.repo).toMatchObject({ id, full_name: 'acme/docs', private: true });
    expect((await as('docs', 'POST', '/repos/acme/docs/issues/3/comments', { body: 'linked' })).status).toBe(201);
    expect((await as('docs', 'POST', `/repos/acme/docs/statuses/${HEAD}`, { state: 'success', context: 'documentation' })).status).toBe(201);
    const review = ((await as('docs', 'GET', '/repos/acme/docs/pulls/3/reviews')).json as Array<{ id: number }>)[0]!.id;

    github.rename('acme/docs', 'acme/handbook');
    expect(github.repositoryId('acme/handbook')).toBe(id);
    expect(() => github.repositoryId('acme/docs')).toThrow(/serves no repository acme\/docs/);
    expect([...github.repositories.keys()]).toEqual(['acme/handbook']);
    for (const path of ['/repos/acme/docs', '/repos/acme/docs/pulls/3', '/repos/acme/docs/issues/3/comments'])
      expect((await as('docs', 'GET', path)).status).toBe(404);
    expect((await as('docs', 'GET', '/repos/acme/handbook')).json).toMatchObject({ id, full_name: 'acme/handbook', private: true, visibility: 'private' });
    const after = (await as('docs', 'GET', '/repos/acme/handbook/pulls/3')).json as Pull;
    // The same pull request: its IDs and commits as before, its repository under the new name.
    expect(after.node_id).toBe(before.node_id);
    expect(after.head.sha).toBe(before.head.sha);
    expect(after.base.sha).toBe(before.base.sha);
    expect(after.base.repo).toMatchObject({ id, full_name: 'acme/handbook', url: `${github.url}/repos/acme/handbook` });
    expect(after.head.repo.id).toBe(id);
    expect((await as('docs', 'GET', '/repos/acme/handbook/issues/3/comments')).json).toMatchObject([
      { body: 'linked', url: expect.stringContaining('/repos/acme/handbook/issues/comments/'), issue_url: `${github.url}/repos/acme/handbook/issues/3` },
    ]);
    expect(((await as('docs', 'GET', '/repos/acme/handbook/pulls/3/reviews')).json as Array<{ id: number }>)[0]!.id).toBe(review);
    expect((await as('docs', 'GET', `/repos/acme/handbook/commits/${HEAD}/status`)).json).toMatchObject({
      state: 'success',
      repository: { id, full_name: 'acme/handbook' },
    });
    expect(github.latestStatus(HEAD, 'documentation', 'acme/handbook')).toMatchObject({ repository: 'acme/handbook', state: 'success' });
    expect(github.tokens.get('docs')!.repositories).toHaveProperty(['acme/handbook']);
    expect(github.docsCommentBodiesSent('acme/handbook', 3)).toEqual([]);
    // By its ID: the repository under its name now, to a token that may see it.
    expect((await as('docs', 'GET', `/repositories/${id}`)).json).toMatchObject({ id, full_name: 'acme/handbook', private: true });
    expect((await as('workflow-token', 'GET', `/repositories/${id}`)).status).toBe(404);
    expect((await as('docs', 'GET', '/repositories/1')).status).toBe(404);
    // Its collaborators stayed: the writer's approval still counts, and GraphQL knows only the new name.
    const OPINIONS =
      'query ($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $number) { latestOpinionatedReviews(first: 100, writersOnly: true) { nodes { state } } } } }';
    expect((await as('docs', 'POST', '/graphql', { query: OPINIONS, variables: { owner: 'acme', name: 'handbook', number: 3 } })).json).toEqual({
      data: { repository: { pullRequest: { latestOpinionatedReviews: { nodes: [{ state: 'APPROVED' }] } } } },
    });
    expect((await as('docs', 'POST', '/graphql', { query: OPINIONS, variables: { owner: 'acme', name: 'docs', number: 3 } })).json).toMatchObject({
      data: { repository: null },
      errors: [{ type: 'NOT_FOUND' }],
    });
    expect(github.callsTo('repository-by-id')).toHaveLength(3);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("the workflow's repository renamed: served under the new name only, its comments and ID with it; GET /repositories/{id} answers the name now", async () => {
    const id = github.repositoryId('acme/widgets');
    expect(github.workflowRepository).toBe('acme/widgets');
    github.pulls.set(7, { diff: '', files: [], commits: ['One'] });
    expect((await as('workflow-token', 'POST', '/repos/acme/widgets/issues/7/comments', { body: 'report' })).status).toBe(201);
    const before = (await as('workflow-token', 'GET', '/repos/acme/widgets/pulls/7')).json as Pull;
    expect(before.base.repo.id).toBe(id);

    github.rename('acme/widgets', 'acme/gadgets');
    expect(github.workflowRepository).toBe('acme/gadgets');
    expect(github.repositoryId('acme/gadgets')).toBe(id);
    expect((await as('workflow-token', 'GET', '/repos/acme/widgets')).status).toBe(404);
    expect((await as('workflow-token', 'GET', '/repos/acme/widgets/issues/7/comments')).status).toBe(404);
    expect((await as('workflow-token', 'GET', '/repos/acme/gadgets')).json).toMatchObject({ id, full_name: 'acme/gadgets' });
    const after = (await as('workflow-token', 'GET', '/repos/acme/gadgets/pulls/7')).json as Pull;
    expect(after).toMatchObject({ node_id: before.node_id, head: { sha: before.head.sha }, base: { repo: { id, full_name: 'acme/gadgets' } } });
    expect((await as('workflow-token', 'GET', '/repos/acme/gadgets/issues/7/comments')).json).toMatchObject([
      { body: 'report', issue_url: `${github.url}/repos/acme/gadgets/issues/7` },
    ]);
    expect(github.commentBodiesSent(7)).toEqual([]);
    expect((await as('workflow-token', 'GET', `/repositories/${id}`)).json).toMatchObject({ id, full_name: 'acme/gadgets' });
    // A runner's GITHUB_REPOSITORY_ID for a run against this fake, by the name the run is given.
    expect(runnerRepositoryId({ GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/gadgets' })).toEqual({ GITHUB_REPOSITORY_ID: String(id) });
    expect(runnerRepositoryId({ GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' })).toEqual({});
    expect(runnerRepositoryId({ GITHUB_API_URL: 'https://api.github.com', GITHUB_REPOSITORY: 'acme/gadgets' })).toEqual({});
    expect(prepareRun({ inputs: {}, env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/gadgets' } }).env.GITHUB_REPOSITORY_ID).toBe(String(id));
    expect(
      prepareRun({ inputs: {}, env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/gadgets', GITHUB_REPOSITORY_ID: '1' } }).env.GITHUB_REPOSITORY_ID,
    ).toBe('1');
    // Renamed back, as a reset does: the same repository again.
    github.rename('acme/gadgets', 'acme/widgets');
    expect(github.repositoryId('acme/widgets')).toBe(id);
    expect((await as('workflow-token', 'GET', '/repos/acme/widgets/issues/7/comments')).json).toMatchObject([{ body: 'report' }]);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('IDs: made from the name, as the event payloads make them; given; the same again after a reset; never shared; refused renames', async () => {
    expect(github.repositoryId('acme/widgets')).toBe(repositoryIdOf('acme/widgets'));
    expect(github.repositoryId('ACME/Widgets')).toBe(repositoryIdOf('acme/widgets'));
    const docs = github.addRepository('acme/docs');
    expect(docs.id).toBe(repositoryIdOf('acme/docs'));
    expect(github.addRepository('acme/site', { id: 4242 }).id).toBe(4242);
    expect((await as('anyone', 'GET', '/repositories/4242')).json).toMatchObject({ id: 4242, full_name: 'acme/site' });
    expect(() => github.addRepository('acme/other', { id: 4242 })).toThrow(/has the ID 4242/);
    expect(() => github.addRepository('Acme/Widgets')).toThrow(/workflow's repository/);
    // Cleared and added again (as flows.reset() and the tests' own clean-ups do): the same IDs.
    github.repositories.clear();
    expect(github.addRepository('acme/docs').id).toBe(docs.id);
    expect(github.addRepository('acme/site').id).toBe(4242);
    // Renamed, and another repository made under the old name: another repository, another ID.
    github.rename('acme/docs', 'acme/handbook');
    const again = github.addRepository('acme/docs');
    expect(again.id).not.toBe(docs.id);
    expect(github.repositoryId('acme/handbook')).toBe(docs.id);
    again.pulls.set(1, { title: 'New', state: 'open', draft: false, merged: false, headRef: 'x' });
    github.repositories.get('acme/handbook')!.pulls.set(1, { title: 'Old', state: 'open', draft: false, merged: false, headRef: 'x' });
    const [fresh, renamed] = [await as('anyone', 'GET', '/repos/acme/docs/pulls/1'), await as('anyone', 'GET', '/repos/acme/handbook/pulls/1')];
    expect((fresh.json as Pull).node_id).not.toBe((renamed.json as Pull).node_id);
    expect(() => github.rename('acme/docs', 'acme/handbook')).toThrow(/exists already/);
    expect(() => github.rename('acme/docs', 'acme/widgets')).toThrow(/exists already/);
    expect(() => github.rename('acme/nowhere', 'acme/somewhere')).toThrow(/serves no repository/);
    // A change of case alone is a rename too.
    github.rename('acme/docs', 'acme/Docs');
    expect(github.repositoryId('acme/Docs')).toBe(again.id);
    github.injectFault({ call: 'repository-by-id', kind: 'status', status: 502 });
    expect((await as('anyone', 'GET', `/repositories/${again.id}`)).status).toBe(502);
    expect((await as('anyone', 'GET', `/repositories/${again.id}`)).json).toMatchObject({ full_name: 'acme/Docs' });
    expect(await github.takeViolations()).toEqual([]);
  });

  it('flows.reset() names the workflow repository as before, keeps its ID, and a repository added again gets its ID again', async () => {
    const flows = await startFlows({ github: true });
    try {
      const fake = flows.github!;
      const id = fake.repositoryId('acme/widgets');
      const docs = fake.addRepository('acme/docs').id;
      fake.collaborators.set('lead', 'admin');
      fake.rename('acme/widgets', 'acme/gadgets');
      flows.reset();
      expect(fake.workflowRepository).toBe('acme/widgets');
      expect(fake.repositoryId('acme/widgets')).toBe(id);
      expect(fake.collaborators.size).toBe(0);
      expect(fake.repositories.size).toBe(0);
      expect(fake.addRepository('acme/docs').id).toBe(docs);
    } finally {
      await flows.close();
    }
  });
});

describe("the REST API's version at the door, and lists that lie about their pages", () => {
  async function get(path: string, headers: Record<string, string> = API_VERSION): Promise<{ status: number; json: unknown; link: string | null }> {
    const response = await fetch(github.url + path, { headers: { accept: JSON_MEDIA, ...headers } });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined, link: response.headers.get('link') };
  }
  async function graphql(query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${github.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, json: await response.json() };
  }
  /** The page a next link names (its `page`), or null without one. */
  const nextPage = (link: string | null): string | null => (link === null ? null : (/[?&]page=(\d+)>; rel="next"$/.exec(link)?.[1] ?? `unreadable: ${link}`));
  const idsOf = (json: unknown): number[] => (json as Array<{ id: number }>).map((comment) => comment.id);
  const comments = (count: number): void => {
    for (let i = 1; i <= count; i++) github.comments.push({ id: i, body: `c${i}`, user: { login: 'octocat', type: 'User' }, author_association: 'MEMBER' });
  };
  const open = (headSha: string, state: 'open' | 'closed' = 'open') => ({
    title: 'A change',
    state,
    draft: false,
    merged: false,
    headRef: `b-${headSha}`,
    headSha,
  });
  const documentation = (sha: string, state: 'pending' | 'success', context = 'documentation') => ({
    repository: 'acme/widgets',
    sha,
    state,
    description: null,
    target_url: null,
    context,
    token: 'workflow-token',
    id: github.statuses.length + 1,
  });
  /** Open pull requests a page of `first`, each with its head commit's status of `context`: as the action asks, by any document GitHub's schema allows. */
  const OPEN_PULLS =
    'query ($owner: String!, $name: String!, $context: String!, $first: Int!, $after: String) { repository(owner: $owner, name: $name) { pullRequests(states: OPEN, first: $first, after: $after) { nodes { number commits(last: 1) { nodes { commit { oid status { context(name: $context) { state } } } } } } pageInfo { hasNextPage endCursor } } } }';
  type OpenPulls = {
    data: {
      repository: {
        pullRequests: {
          nodes: Array<{ number: number; commits: { nodes: Array<{ commit: { oid: string; status: { context: { state: string } | null } | null } }> } }>;
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      };
    };
  };
  const openPulls = async (first: number, after?: string | null) =>
    ((await graphql(OPEN_PULLS, { owner: 'acme', name: 'widgets', context: 'documentation', first, after })).json as OpenPulls).data.repository.pullRequests;

  afterEach(() => {
    github.clearFaults();
    github.pulls.clear();
    github.pullStates.clear();
    github.commits.clear();
    github.statuses.length = 0;
  });

  it('refuses a REST request that does not ask for version 2022-11-28 with a 400, as GitHub refuses a version it does not serve, and reports it', async () => {
    github.injectFault({ call: 'repository', kind: 'status', status: 502 });
    const none = await get('/repos/acme/widgets', {});
    expect(none.status).toBe(400);
    expect(none.json).toEqual({
      message: 'API version none is not supported: send X-GitHub-Api-Version: 2022-11-28, the version the fake GitHub serves.',
      documentation_url: 'https://docs.github.com/rest/about-the-rest-api/api-versions',
      status: '400',
    });
    const later = await get('/repos/acme/widgets', { 'x-github-api-version': '2026-03-10' });
    expect([later.status, (later.json as { message: string }).message]).toEqual([
      400,
      'API version 2026-03-10 is not supported: send X-GitHub-Api-Version: 2022-11-28, the version the fake GitHub serves.',
    ]);
    // Refused at the door: the fault queued for the call is still there for the next request that asks rightly.
    expect((await get('/repos/acme/widgets')).status).toBe(502);
    expect((await get('/repos/acme/widgets')).status).toBe(200);
    // GraphQL has no versions: a query is answered without it.
    expect((await graphql('query { viewer { login } }')).json).toEqual({ data: { viewer: { login: 'github-actions[bot]' } } });
    expect(await github.takeViolations()).toEqual([
      'GET /repos/acme/widgets: sent X-GitHub-Api-Version none, not 2022-11-28',
      'GET /repos/acme/widgets: sent X-GitHub-Api-Version 2026-03-10, not 2022-11-28',
    ]);
  });

  it('an endless list: every page names a next one, past the end empty pages each naming the next; until the lies are cleared', async () => {
    comments(5);
    const honest = await get('/repos/acme/widgets/issues/7/comments?per_page=2&page=3');
    expect([idsOf(honest.json), nextPage(honest.link)]).toEqual([[5], null]);
    github.lieAboutPages('list-comments', { kind: 'endless' });
    const pages = await Promise.all([1, 3, 4, 9].map((page) => get(`/repos/acme/widgets/issues/7/comments?per_page=2&page=${page}`)));
    expect(pages.map((page) => [idsOf(page.json), nextPage(page.link)])).toEqual([
      [[1, 2], '2'],
      [[5], '4'],
      [[], '5'],
      [[], '10'],
    ]);
    github.clearFaults();
    expect(nextPage((await get('/repos/acme/widgets/issues/7/comments?per_page=2&page=3')).link)).toBeNull();
    expect(await github.takeViolations()).toEqual([]);
  });

  it("a repeating list: from page `from` on, that page's items again, naming the page after; a commit's files alike", async () => {
    comments(5);
    github.lieAboutPages('list-comments', { kind: 'repeat', from: 2 });
    const pages = await Promise.all([1, 2, 3, 7].map((page) => get(`/repos/acme/widgets/issues/7/comments?per_page=2&page=${page}`)));
    expect(pages.map((page) => [idsOf(page.json), nextPage(page.link)])).toEqual([
      [[1, 2], '2'],
      [[3, 4], '3'],
      [[3, 4], '4'],
      [[3, 4], '8'],
    ]);
    // A commit's files, 300 a page: the second page's one file again on the third.
    const sha = 'a'.repeat(40);
    github.commits.set(sha, { files: Array.from({ length: 301 }, (_, i) => ({ filename: `f${i}`, status: 'added' })), message: 'Start' });
    github.lieAboutPages('commit', { kind: 'repeat', from: 2 });
    const third = await get(`/repos/acme/widgets/commits/${sha}?page=3`);
    expect([(third.json as { files: Array<{ filename: string }> }).files.map((file) => file.filename), nextPage(third.link)]).toEqual([['f300'], '4']);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a list that goes round: page `at` names page `to` as its next', async () => {
    comments(7);
    github.lieAboutPages('list-comments', { kind: 'loop', at: 3, to: 2 });
    const pages = await Promise.all([1, 2, 3].map((page) => get(`/repos/acme/widgets/issues/7/comments?per_page=2&page=${page}`)));
    expect(pages.map((page) => [idsOf(page.json), nextPage(page.link)])).toEqual([
      [[1, 2], '2'],
      [[3, 4], '3'],
      [[5, 6], '2'],
    ]);
    // Only the list lied about lies.
    github.pulls.set(7, { diff: '', files: [], commits: ['One', 'Two', 'Three'] });
    expect(nextPage((await get('/repos/acme/widgets/pulls/7/commits?per_page=2&page=2')).link)).toBeNull();
    expect(await github.takeViolations()).toEqual([]);
  });

  it("the open pull requests over GraphQL, each head commit with its status of a context, from the fake's pull requests and statuses", async () => {
    const [pending, closed, passed, bare, elsewhere, shouted] = ['1', '2', '3', '4', '5', '6'].map((digit) => digit.repeat(40)) as [string, ...string[]];
    github.pullStates.set(3, open(pending));
    github.pullStates.set(4, open(closed!, 'closed'));
    github.pullStates.set(5, open(passed!));
    github.pullStates.set(6, open(bare!));
    github.pullStates.set(7, open(elsewhere!));
    github.pullStates.set(9, open(shouted!));
    github.pulls.set(8, { diff: '', files: [], commits: [] });
    github.statuses.push(
      documentation(pending, 'success'),
      documentation(pending, 'pending'),
      documentation(closed!, 'pending'),
      documentation(passed!, 'pending'),
      documentation(passed!, 'success'),
      documentation(elsewhere!, 'pending', 'ci/tests'),
      // Contexts compare without regard to case, as GitHub compares them.
      documentation(shouted!, 'pending', 'Documentation'),
    );
    const { nodes, pageInfo } = await openPulls(100);
    const stateOf = (status: { context: { state: string } | null } | null): string =>
      status === null ? 'no status' : (status.context?.state ?? 'no status of the context');
    expect(nodes.map(({ number, commits }) => [number, commits.nodes.map(({ commit }) => [commit.oid, stateOf(commit.status)])])).toEqual([
      [3, [[pending, 'PENDING']]],
      [5, [[passed, 'SUCCESS']]],
      [6, [[bare, 'no status']]],
      [7, [[elsewhere, 'no status of the context']]],
      [8, [[expect.stringMatching(/^[0-9a-f]{40}$/), 'no status']]],
      [9, [[shouted, 'PENDING']]],
    ]);
    expect(pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    // Paged as GitHub pages a connection: the nodes after the cursor given.
    const first = await openPulls(4);
    expect([first.nodes.map((node) => node.number), first.pageInfo.hasNextPage]).toEqual([[3, 5, 6, 7], true]);
    expect((await openPulls(4, first.pageInfo.endCursor)).nodes.map((node) => node.number)).toEqual([8, 9]);
    // A repository the token cannot see is NOT_FOUND.
    expect((await graphql(OPEN_PULLS, { owner: 'acme', name: 'nowhere', context: 'documentation', first: 1 })).json).toMatchObject({
      data: { repository: null },
      errors: [{ type: 'NOT_FOUND', path: ['repository'] }],
    });
    expect(github.callsTo('pending-pulls')).toHaveLength(4);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('GraphQL pages that lie: hasNextPage for ever, a page answered again, an endCursor named again', async () => {
    for (const digit of ['1', '2', '3']) github.pullStates.set(Number(digit), open(digit.repeat(40)));
    github.lieAboutPages('pending-pulls', { kind: 'endless' });
    const first = await openPulls(2);
    const second = await openPulls(2, first.pageInfo.endCursor);
    const past = await openPulls(2, second.pageInfo.endCursor);
    expect([first, second, past].map(({ nodes, pageInfo }) => [nodes.map((node) => node.number), pageInfo.hasNextPage])).toEqual([
      [[1, 2], true],
      [[3], true],
      [[], true],
    ]);
    expect(new Set([first, second, past].map(({ pageInfo }) => pageInfo.endCursor)).size).toBe(3);
    github.lieAboutPages('pending-pulls', { kind: 'repeat', from: 1 });
    const again = await openPulls(2, first.pageInfo.endCursor);
    expect([again.nodes.map((node) => node.number), again.pageInfo.hasNextPage]).toEqual([[1, 2], true]);
    expect(again.pageInfo.endCursor).not.toBe(first.pageInfo.endCursor);
    // The second page names as next the cursor it was asked after: the same request again.
    github.lieAboutPages('pending-pulls', { kind: 'loop', at: 2, to: 2 });
    expect((await openPulls(2, first.pageInfo.endCursor)).pageInfo).toEqual({ hasNextPage: true, endCursor: first.pageInfo.endCursor });
    // Naming the first page again: there is no cursor before it.
    github.lieAboutPages('pending-pulls', { kind: 'loop', at: 1, to: 1 });
    expect((await openPulls(2)).pageInfo).toEqual({ hasNextPage: true, endCursor: null });
    github.clearFaults();
    expect((await openPulls(2, first.pageInfo.endCursor)).pageInfo.hasNextPage).toBe(false);
    expect(await github.takeViolations()).toEqual([]);
  });
});

describe('the check catches what GitHub would refuse or never answer', () => {
  it('an operation GitHub does not have', async () => {
    await send('GET', '/repos/acme/widgets/pulls/7/diffs');
    expect(await github.takeViolations()).toEqual([
      expect.stringMatching(/^GET \/repos\/acme\/widgets\/pulls\/7\/diffs: GitHub's REST API has no such operation$/),
    ]);
  });

  it('a path parameter of the wrong type, and a query parameter GitHub does not document', async () => {
    await send('GET', '/repos/acme/widgets/pulls/seven/files?per_page=100&sort=name');
    const violations = await github.takeViolations();
    expect(violations).toContainEqual(expect.stringMatching(/\(pulls\/list-files\): path parameter at \/pull_number must be integer/));
    expect(violations).toContainEqual(expect.stringMatching(/\(pulls\/list-files\): query parameter "sort" is not documented/));
  });

  it('a request body of the wrong shape, and a body where the operation takes none', async () => {
    await send('POST', '/repos/acme/widgets/issues/7/comments', { body: { text: 'hi' } });
    await send('GET', '/repos/acme/widgets', { body: { x: 1 } }).catch(() => undefined);
    const violations = await github.takeViolations();
    expect(violations).toContainEqual(expect.stringMatching(/\(issues\/create-comment\): request body lacks "body"/));
  });

  it("an answer lacking what GitHub always sends, and an error that is not GitHub's error shape", () => {
    const description = restDescription();
    const thin: RestExchange = {
      method: 'GET',
      url: '/repos/acme/widgets/pulls/7/commits',
      accept: JSON_MEDIA,
      body: undefined,
      answer: { status: 200, contentType: 'application/json; charset=utf-8', body: [{ commit: { message: 'x' } }] },
    };
    expect(description.check(thin)).toContainEqual(expect.stringMatching(/\(pulls\/list-commits\): answer 200 at \/0 lacks "sha"/));
    const error = { ...thin, answer: { status: 502, contentType: 'application/json', body: { message: 42 } } };
    expect(description.check(error)).toEqual([expect.stringMatching(/answer 502 at \/message must be string/)]);
    const created = { ...thin, answer: { status: 204, contentType: 'application/json', body: {} } };
    expect(description.check(created)).toEqual([expect.stringMatching(/answered 204, which the operation does not document/)]);
  });

  it("a file's contents without their encoding, a tree without truncated, a changed file with a status GitHub does not have", () => {
    const description = restDescription();
    const answered = (url: string, body: unknown): RestExchange => ({
      method: 'GET',
      url,
      accept: JSON_MEDIA,
      body: undefined,
      answer: { status: 200, contentType: 'application/json; charset=utf-8', body },
    });
    const links = {
      url: 'https://api.github.com/x',
      git_url: null,
      html_url: null,
      download_url: null,
      _links: { self: 'https://api.github.com/x', git: null, html: null },
    };
    const file = { type: 'file', size: 1, name: 'a', path: 'a', content: 'YQ==\n', sha: 'a'.repeat(40), ...links };
    expect(description.check(answered('/repos/acme/docs/contents/a?ref=main', file))).toContainEqual(
      expect.stringMatching(/\(repos\/get-content\): answer 200 lacks "encoding"$/),
    );
    expect(description.check(answered('/repos/acme/docs/contents/a?ref=main', { ...file, encoding: 'base64' }))).toEqual([]);
    expect(description.check(answered('/repos/acme/docs/git/trees/main?recursive=1', { sha: 'a'.repeat(40), tree: [] }))).toEqual([
      expect.stringMatching(/\(git\/get-tree\): answer 200 lacks "truncated"/),
    ]);
    const entry = {
      sha: null,
      filename: 'a',
      status: 'moved',
      additions: 0,
      deletions: 0,
      changes: 0,
      blob_url: 'https://github.com/x',
      raw_url: 'https://github.com/x',
      contents_url: 'https://api.github.com/x',
    };
    expect(description.check(answered('/repos/acme/docs/pulls/3/files', [entry]))).toEqual([
      expect.stringMatching(/\(pulls\/list-files\): answer 200 at \/0\/status must be equal to one of the allowed values/),
    ]);
  });

  it('the diff format answered as JSON, or as text of another media type', () => {
    const description = restDescription();
    const asked = { method: 'GET', url: '/repos/acme/widgets/compare/a...b', accept: DIFF_MEDIA, body: undefined };
    expect(description.check({ ...asked, answer: { status: 200, contentType: 'application/json', body: { files: [] } } })).toEqual([
      expect.stringMatching(/answered the diff format as application\/json, where GitHub answers application\/vnd\.github\.diff/),
    ]);
    expect(description.check({ ...asked, answer: { status: 200, contentType: 'text/plain', body: 'diff --git' } })).toHaveLength(1);
    expect(description.check({ ...asked, answer: { status: 200, contentType: 'application/vnd.github.diff; charset=utf-8', body: 'diff --git' } })).toEqual([]);
  });

  it("a GraphQL document GitHub's schema refuses, and a body GitHub's endpoint does not take", async () => {
    await send('POST', '/graphql', { body: { query: 'query { viewer { logn } }' } });
    await send('POST', '/graphql', { body: { query: 'query { viewer { login } }', extensions: {} } });
    const violations = await github.takeViolations();
    expect(violations).toContainEqual(expect.stringMatching(/^POST \/graphql: Cannot query field "logn" on type "User"/));
    expect(violations).toContainEqual(expect.stringMatching(/^POST \/graphql: the body has "extensions"/));
  });

  it("a GraphQL answer GitHub's schema does not allow for the document", async () => {
    const query = 'query { viewer { login } }';
    expect(await graphqlViolations([{ body: { query }, answer: { data: { viewer: { login: 'octocat' } } } }])).toEqual([]);
    expect(await graphqlViolations([{ body: { query }, answer: { data: { viewer: null } } }])).toEqual([
      expect.stringMatching(/the answer Cannot return null for non-nullable field Query\.viewer/),
    ]);
    expect(await graphqlViolations([{ body: { query }, answer: { data: { viewer: { login: 'octocat', email: 'x' } } } }])).toEqual([
      expect.stringMatching(/the answer holds fields the document did not ask for/),
    ]);
    // Under an alias, and an interface's object without its __typename (not asked): judged all the same.
    const aliased = 'query { me: viewer { login } node(id: "U_1") { ... on User { login } } }';
    expect(await graphqlViolations([{ body: { query: aliased }, answer: { data: { me: { login: 'octocat' }, node: { login: 'octocat' } } } }])).toEqual([]);
    expect(await graphqlViolations([{ body: { query: aliased }, answer: { data: { me: { login: null }, node: null } } }])).toEqual([
      expect.stringMatching(/the answer Cannot return null for non-nullable field User\.login/),
    ]);
  });
});

describe('documentation held for a release: open pull requests, labels, releases, a draft made, a merge commit, a comparison by history', () => {
  const as = request;
  const CONVERT = 'mutation ($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';
  const MERGE_COMMIT =
    'query ($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $number) { merged mergedAt mergeCommit { oid } } } }';
  afterEach(() => {
    forgetRepositories();
    github.releases.length = 0;
    github.tags.clear();
    github.parents.clear();
  });

  it('open pull requests, newest first, page by page, with their labels and drafts; closed and merged ones left out', async () => {
    const docs = github.addRepository('acme/docs');
    for (let number = 1; number <= 150; number++)
      docs.pulls.set(number, { title: `Docs ${number}`, state: 'open', draft: number % 2 === 0, merged: false, headRef: `docs/${number}` });
    docs.pulls.set(151, { title: 'Closed', state: 'closed', draft: false, merged: false, headRef: 'docs/151' });
    docs.pulls.set(152, { title: 'Merged', state: 'closed', draft: false, merged: true, headRef: 'docs/152' });
    docs.pulls.get(150)!.labels = ['waits-for-release'];
    const first = await as('anyone', 'GET', '/repos/acme/docs/pulls?state=open&per_page=100');
    const second = await as('anyone', 'GET', '/repos/acme/docs/pulls?state=open&per_page=100&page=2');
    const numbers = [...(first.json as Array<{ number: number }>), ...(second.json as Array<{ number: number }>)].map((pull) => pull.number);
    expect(numbers).toEqual(Array.from({ length: 150 }, (_, i) => 150 - i));
    expect(first.headers.get('link')).toMatch(/rel="next"/);
    expect(second.headers.get('link')).toBeNull();
    expect((first.json as Array<{ number: number; draft: boolean; labels: Array<{ name: string }> }>)[0]).toMatchObject({
      number: 150,
      draft: true,
      labels: [{ name: 'waits-for-release' }],
    });
    expect(github.callsTo('open-pulls')).toHaveLength(2);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a label added (made where the repository has none yet) and taken off; one not there is 404; a reader may do neither', async () => {
    const docs = github.addRepository('acme/docs');
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: true, merged: false, headRef: 'docs/x', labels: ['documentation'] });
    github.tokens.set('writer', { login: 'writer[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'read' } } });
    github.tokens.set('reader', { login: 'reader[bot]', repositories: { 'acme/docs': { pullRequests: 'read', contents: 'read' } } });
    const added = await as('writer', 'POST', '/repos/acme/docs/issues/3/labels', { labels: ['waits-for-release'] });
    expect(added.status).toBe(200);
    expect((added.json as Array<{ name: string }>).map((label) => label.name)).toEqual(['documentation', 'waits-for-release']);
    // Adding it again changes nothing.
    await as('writer', 'POST', '/repos/acme/docs/issues/3/labels', { labels: ['waits-for-release'] });
    expect(docs.pulls.get(3)!.labels).toEqual(['documentation', 'waits-for-release']);
    expect((await as('reader', 'DELETE', '/repos/acme/docs/issues/3/labels/waits-for-release')).status).toBe(403);
    const removed = await as('writer', 'DELETE', '/repos/acme/docs/issues/3/labels/waits-for-release');
    expect((removed.json as Array<{ name: string }>).map((label) => label.name)).toEqual(['documentation']);
    expect((await as('writer', 'DELETE', '/repos/acme/docs/issues/3/labels/waits-for-release')).status).toBe(404);
    expect((await as('writer', 'POST', '/repos/acme/docs/issues/99/labels', { labels: ['x'] })).status).toBe(404);
    expect(github.callsTo('add-label')).toHaveLength(3);
    expect(github.callsTo('remove-label')).toHaveLength(3);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a release by its tag (never a draft), and the latest: the newest neither a draft nor a prerelease; 404 where there is none', async () => {
    expect((await as('anyone', 'GET', '/repos/acme/widgets/releases/latest')).status).toBe(404);
    github.releases.push({ tag: 'v1.0.0' }, { tag: 'v1.1.0', name: null }, { tag: 'v2.0.0-rc.1', prerelease: true }, { tag: 'v3.0.0', draft: true });
    expect((await as('anyone', 'GET', '/repos/acme/widgets/releases/latest')).json).toMatchObject({
      tag_name: 'v1.1.0',
      name: null,
      draft: false,
      prerelease: false,
    });
    expect((await as('anyone', 'GET', '/repos/acme/widgets/releases/tags/v2.0.0-rc.1')).json).toMatchObject({ tag_name: 'v2.0.0-rc.1', prerelease: true });
    expect((await as('anyone', 'GET', '/repos/acme/widgets/releases/tags/v3.0.0')).status).toBe(404);
    expect((await as('anyone', 'GET', '/repos/acme/widgets/releases/tags/v9')).status).toBe(404);
    expect(github.callsTo('release')).toHaveLength(5);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a pull request turned back to a draft over GraphQL, by a token that may write its pull requests; FORBIDDEN for a reader', async () => {
    const docs = github.addRepository('acme/docs');
    docs.pulls.set(3, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/x' });
    github.tokens.set('writer', { login: 'writer[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'read' } } });
    github.tokens.set('reader', { login: 'reader[bot]', repositories: { 'acme/docs': { pullRequests: 'read', contents: 'read' } } });
    const id = ((await as('writer', 'GET', '/repos/acme/docs/pulls/3')).json as { node_id: string }).node_id;
    expect((await as('reader', 'POST', '/graphql', { query: CONVERT, variables: { id } })).json).toMatchObject({ errors: [{ type: 'FORBIDDEN' }] });
    expect(docs.pulls.get(3)!.draft).toBe(false);
    expect((await as('writer', 'POST', '/graphql', { query: CONVERT, variables: { id } })).json).toEqual({
      data: { convertPullRequestToDraft: { pullRequest: { isDraft: true } } },
    });
    expect(docs.pulls.get(3)!.draft).toBe(true);
    expect(github.callsTo('convert-to-draft')).toHaveLength(2);
    expect(await github.takeViolations()).toEqual([]);
  });

  it("a merged pull request's merge commit: REST's merge_commit_sha, or null where the newest API version leaves it out; GraphQL's mergeCommit either way", async () => {
    const merge = 'c0ffee'.padEnd(40, '2');
    github.pullStates.set(5, { title: 'Merged', state: 'closed', draft: false, merged: true, headRef: 'feature', mergeCommit: merge });
    github.pullStates.set(6, { title: 'Open', state: 'open', draft: false, merged: false, headRef: 'other' });
    expect((await as('anyone', 'GET', '/repos/acme/widgets/pulls/5')).json).toMatchObject({ merged: true, merge_commit_sha: merge });
    github.pullStates.get(5)!.restWithoutMergeCommit = true;
    expect((await as('anyone', 'GET', '/repos/acme/widgets/pulls/5')).json).toMatchObject({ merged: true, merge_commit_sha: null });
    const ask = (number: number) => as('anyone', 'POST', '/graphql', { query: MERGE_COMMIT, variables: { owner: 'acme', name: 'widgets', number } });
    expect((await ask(5)).json).toEqual({
      data: { repository: { pullRequest: { merged: true, mergedAt: '2026-01-05T10:00:00Z', mergeCommit: { oid: merge } } } },
    });
    expect((await ask(6)).json).toEqual({ data: { repository: { pullRequest: { merged: false, mergedAt: null, mergeCommit: null } } } });
    expect(github.callsTo('merge-commit')).toHaveLength(2);
    expect(await github.takeViolations()).toEqual([]);
  });

  it('a comparison by history: identical, behind, ahead and diverged, by SHA, tag or branch, its counts and commits; 404 for a commit it does not have', async () => {
    const sha = (name: string) => name.padEnd(40, '0');
    // root ← a ← b (main, tag v2) and root ← c (maintenance, tag v1.0.1)
    github.parents.set(sha('1'), []);
    github.parents.set(sha('a'), [sha('1')]);
    github.parents.set(sha('b'), [sha('a')]);
    github.parents.set(sha('c'), [sha('1')]);
    github.tags.set('v2', sha('b'));
    github.tags.set('v1.0.1', sha('c'));
    const compare = async (basehead: string) =>
      (await as('anyone', 'GET', `/repos/acme/widgets/compare/${basehead}?per_page=1`)).json as Record<string, unknown>;
    expect(await compare(`v2...${sha('b')}`)).toMatchObject({ status: 'identical', ahead_by: 0, behind_by: 0, commits: [] });
    expect(await compare(`v2...${sha('a')}`)).toMatchObject({ status: 'behind', ahead_by: 0, behind_by: 1 });
    expect(await compare(`v1.0.1...${sha('a')}`)).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 1 });
    const ahead = await compare(`${sha('1')}...v2`);
    expect(ahead).toMatchObject({ status: 'ahead', ahead_by: 2, behind_by: 0, total_commits: 2 });
    expect(ahead.commits).toHaveLength(1);
    expect((await as('anyone', 'GET', `/repos/acme/widgets/compare/v2...${sha('f')}`)).status).toBe(404);
    expect((await as('anyone', 'GET', '/repos/acme/widgets/compare/v2...v9')).status).toBe(404);
    expect(await github.takeViolations()).toEqual([]);
  });
});
