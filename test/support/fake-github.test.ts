/**
 * The fake GitHub against GitHub's own descriptions: every route it serves answers as GitHub's
 * REST description says (checked by github-rest.ts), and the check itself catches what GitHub
 * would refuse or never answer: an operation that does not exist, a parameter or body of the
 * wrong type, an answer lacking a field GitHub always sends, the diff format answered as JSON,
 * and a GraphQL document or answer that GitHub's schema does not allow.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileDiff, startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { graphqlViolations } from './github-graphql.js';
import { restDescription, type RestExchange } from './github-rest.js';

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

const JSON_MEDIA = 'application/vnd.github.v3+json';
const DIFF_MEDIA = 'application/vnd.github.v3.diff';

async function send(method: string, path: string, options: { accept?: string; body?: unknown } = {}): Promise<Response> {
  const response = await fetch(github.url + path, {
    method,
    headers: { accept: options.accept ?? JSON_MEDIA, ...(options.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }) },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  await response.arrayBuffer();
  return response;
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
  async function as(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(github.url + path, {
      method,
      headers: { accept: JSON_MEDIA, authorization: `token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  }
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
  });
});
