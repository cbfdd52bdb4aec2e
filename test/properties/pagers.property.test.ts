/**
 * Every list the action reads of GitHub is read within its page limit, whatever the server says
 * (property): for each list — a pull request's comments, files and commits, a commit's files, the
 * repository's recent comments, a review's comments, the open pull requests with a pending status
 * — a generated server: any number of items, from none to past the limit, answered honestly or
 * lying about its pages (a next page named on every page, empty pages past the end; pages answered
 * again from one on; a next page that turns back), through the fake GitHub's `lieAboutPages`, and
 * the client's read of it in process, on fake time. Whatever it answers:
 *
 * - the read makes at most its limit of requests, and at most one past the last page that brought
 *   something new: exactly as many as the pager's rules say (`expectedRequests`);
 * - it returns every item of the pages within the limit, up to where the server began to lie, each
 *   once and in order, and nothing else;
 * - from an honest server, it says there was more (`more`, or the one log line of a list whose
 *   answer cannot say it) exactly when the list was longer than the limit; from a lying one, only
 *   at the limit.
 *
 * Seeded: a failure prints the seed and the shrunk server to replay.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GitHubApi } from '../../src/github/api.js';
import { callLabel, type GitHubCallName } from '../../src/github/calls.js';
import { createGitHubApi } from '../../src/github/octokit.js';
import { COMMIT_FILE_PAGES, PULL_COMMENT_PAGES, PULL_COMMIT_PAGES, PULL_FILE_PAGES } from '../../src/github/pages.js';
import { startFakeGitHub, type FakeGitHub, type ListCall, type PageLie } from '../support/fake-github.js';
import { FakeTime } from '../support/fake-time.js';
import { docsPull } from '../support/two-repositories.js';
import { resetGitHub } from '../support/in-process.js';

const RUNS = { numRuns: 12, endOnFailure: true };

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
});
afterEach(() => {
  reset();
});

/** What the client logged. */
const logged: string[] = [];

function reset(): void {
  resetGitHub(github);
  logged.length = 0;
}

function client(): Promise<GitHubApi> {
  const time = new FakeTime();
  return createGitHubApi({
    token: 'ghs_pagersProperty',
    repo: { owner: 'acme', repo: 'widgets' },
    requestTimeoutMs: 1_000,
    deadline: time.now() + 600_000,
    signal: new AbortController().signal,
    clock: time,
    startTimer: time.startTimer,
    apiUrl: github.url,
    retries: 0,
    logger: { info: (line) => logged.push(line) },
  });
}

/** A server's behaviour: how many items the list has, and how its pages lie (none: it pages as GitHub does). */
interface Server {
  readonly items: number;
  readonly lie: PageLie | undefined;
}

/** Servers of up to `maxItems` items, the counts around the limit's edge among them, lying about pages up to `maxPage`. */
function servers(maxItems: number, edge: number, maxPage: number): fc.Arbitrary<Server> {
  const items = fc.oneof(fc.integer({ min: 0, max: maxItems }), fc.constantFrom(0, 1, edge - 1, edge, Math.min(edge + 1, maxItems)));
  const lie = fc.oneof(
    fc.constant(undefined),
    fc.constant<PageLie>({ kind: 'endless' }),
    fc.integer({ min: 1, max: maxPage }).map((from): PageLie => ({ kind: 'repeat', from })),
    fc.integer({ min: 1, max: maxPage }).chain((at) => fc.integer({ min: 1, max: at }).map((to): PageLie => ({ kind: 'loop', at, to }))),
  );
  return fc.record({ items, lie });
}

/**
 * How many items a read within `limit` pages of `perPage` must return: those of the pages before
 * the limit, and before the page where the lie turns (the page repeated from, the page that turns back).
 */
function expectedCount(server: Server, perPage: number, limit: number): number {
  const honestPages = server.lie?.kind === 'repeat' ? server.lie.from : server.lie?.kind === 'loop' ? server.lie.at : Infinity;
  return Math.min(server.items, Math.min(limit, honestPages) * perPage);
}

/**
 * How many requests the read makes, by the pager's rules: an honest list's pages (one, when empty);
 * past a lie, one request more than the pages with something new, except where the page that
 * turns back names a page already followed (REST: a page after the first, whose link was
 * followed; GraphQL: a cursor followed, or none at all for the first page), which ends the read
 * without it. Never more than the limit.
 */
function expectedRequests(server: Server, perPage: number, limit: number, graphql: boolean): number {
  const realPages = Math.ceil(server.items / perPage);
  const honest = Math.max(1, realPages);
  const { lie } = server;
  const requests =
    lie === undefined
      ? honest
      : lie.kind === 'endless'
        ? realPages + 1
        : lie.kind === 'repeat'
          ? lie.from <= realPages
            ? lie.from + 1
            : honest
          : lie.at <= realPages
            ? lie.at + (lie.to === 1 && !graphql ? 1 : 0)
            : honest;
  return Math.min(limit, requests);
}

/** Holds one read to the properties above; `read` gives what it returned, by each item's identity, and `more` where the list says it. */
async function holds(options: {
  call: ListCall;
  server: Server;
  perPage: number;
  limit: number;
  keys: (count: number) => Array<string | number>;
  read: () => Promise<{ keys: Array<string | number>; more?: boolean }>;
  /** A list whose answer cannot say it was cut: the log line that says so. */
  cutLine?: string;
}): Promise<void> {
  const { call, server, perPage, limit } = options;
  if (server.lie) github.lieAboutPages(call, server.lie);
  const read = await options.read();
  const requests = github.callsTo(call).length;
  const count = expectedCount(server, perPage, limit);
  expect(read.keys).toEqual(options.keys(count));
  expect(requests).toBeLessThanOrEqual(limit);
  expect(requests).toBeLessThanOrEqual(Math.ceil(count / perPage) + 1);
  expect(requests).toBe(expectedRequests(server, perPage, limit, call === 'pending-pulls'));
  const more = read.more ?? logged.length > 0;
  if (server.lie === undefined) expect(more).toBe(server.items > limit * perPage);
  else if (more) expect(requests).toBe(limit);
  if (options.cutLine !== undefined) expect(logged).toEqual(more ? [options.cutLine] : []);
  else expect(logged).toEqual([]);
  expect(await github.takeViolations()).toEqual([]);
}

const cutLine = (name: GitHubCallName, limit: number): string => `${callLabel(name)} has more than ${limit} pages; only the first ${limit} were read.`;
const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i + 1);
const files = (count: number) => range(count).map((i) => ({ filename: `docs/f${i}.md`, status: 'modified' }));
const fileKeys = (count: number) => range(count).map((i) => `docs/f${i}.md`);

describe('every GitHub list read within its page limit, whatever the server says (property)', () => {
  it("a pull request's comments: at most 10 requests, the first 1,000 comments", async () => {
    await fc.assert(
      fc.asyncProperty(servers(1_200, PULL_COMMENT_PAGES * 100, PULL_COMMENT_PAGES + 1), async (server) => {
        reset();
        for (const id of range(server.items))
          github.comments.push({ id, body: `c${id}`, user: { login: 'octocat', type: 'User' }, author_association: 'MEMBER' });
        const api = await client();
        await holds({
          call: 'list-comments',
          server,
          perPage: 100,
          limit: PULL_COMMENT_PAGES,
          keys: range,
          read: async () => ({ keys: (await api.listComments(7)).map((comment) => comment.id) }),
          cutLine: cutLine('list-comments', PULL_COMMENT_PAGES),
        });
      }),
      { ...RUNS, seed: 20_261_201 },
    );
  }, 120_000);

  it("a pull request's files: at most 30 requests, GitHub's 3,000 files", async () => {
    await fc.assert(
      fc.asyncProperty(servers(3_000, PULL_FILE_PAGES * 100, PULL_FILE_PAGES + 1), async (server) => {
        reset();
        github.pulls.set(7, { diff: '', files: files(server.items), commits: [] });
        const api = await client();
        await holds({
          call: 'pull-files',
          server,
          perPage: 100,
          limit: PULL_FILE_PAGES,
          keys: fileKeys,
          read: async () => ({ keys: (await api.pullFiles(7)).map((file) => file.filename) }),
          cutLine: cutLine('pull-files', PULL_FILE_PAGES),
        });
      }),
      { ...RUNS, seed: 20_261_202 },
    );
  }, 120_000);

  it("a pull request's commits: at most 3 requests, GitHub's 250 commits", async () => {
    await fc.assert(
      // GitHub lists at most 250; a server past that is lying too.
      fc.asyncProperty(servers(450, PULL_COMMIT_PAGES * 100, PULL_COMMIT_PAGES + 1), async (server) => {
        reset();
        github.pulls.set(7, { diff: '', files: [], commits: range(server.items).map((i) => `Commit ${i}\n\nWhy.`) });
        const api = await client();
        await holds({
          call: 'pull-commits',
          server,
          perPage: 100,
          limit: PULL_COMMIT_PAGES,
          keys: (count) => range(count).map((i) => `Commit ${i}`),
          read: async () => ({ keys: await api.pullCommitSubjects(7) }),
          cutLine: cutLine('pull-commits', PULL_COMMIT_PAGES),
        });
      }),
      { ...RUNS, seed: 20_261_203 },
    );
  }, 120_000);

  it("a commit's files: at most 10 requests of 300, GitHub's 3,000 files", async () => {
    const sha = 'c'.repeat(40);
    await fc.assert(
      fc.asyncProperty(servers(3_000, COMMIT_FILE_PAGES * 300, COMMIT_FILE_PAGES + 1), async (server) => {
        reset();
        github.commits.set(sha, { files: files(server.items), message: 'A commit\n\nWith a body.' });
        const api = await client();
        await holds({
          call: 'commit',
          server,
          perPage: 300,
          limit: COMMIT_FILE_PAGES,
          keys: fileKeys,
          read: async () => {
            const commit = await api.commit(sha);
            expect(commit.subject).toBe('A commit');
            return { keys: commit.files.map((file) => file.filename) };
          },
          cutLine: cutLine('commit', COMMIT_FILE_PAGES),
        });
      }),
      { ...RUNS, seed: 20_261_204 },
    );
  }, 120_000);

  it("the repository's recent comments: at most the pages the caller gives, and `more` past them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((limit) => fc.tuple(fc.constant(limit), servers((limit + 2) * 100, limit * 100, limit + 1))),
        async ([limit, server]) => {
          reset();
          for (const id of range(server.items))
            github.comments.push({
              id,
              issue_url: `${github.url}/repos/acme/widgets/issues/${id}`,
              body: `c${id}`,
              user: { login: 'octocat', type: 'User' },
              author_association: 'NONE',
            });
          const api = await client();
          await holds({
            call: 'recent-comments',
            server,
            perPage: 100,
            limit,
            keys: range,
            read: async () => {
              const read = await api.recentComments('2020-01-01T00:00:00Z', limit);
              expect(read.pages).toBe(github.callsTo('recent-comments').length);
              return { keys: read.comments.map((comment) => comment.id), more: read.more };
            },
          });
        },
      ),
      { ...RUNS, seed: 20_261_205 },
    );
  }, 120_000);

  it("a review's comments: at most the pages the caller gives, and `more` past them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((limit) => fc.tuple(fc.constant(limit), servers((limit + 2) * 100, limit * 100, limit + 1))),
        async ([limit, server]) => {
          reset();
          const comments = range(server.items).map((i) => ({ path: 'docs/a.md', line: i, body: `Fix ${i}.` }));
          docsPull({ pulls: github.pullStates }, 3, {
            title: 'Docs',
            draft: false,
            headRef: 'docs',
            reviews: [{ id: 77, login: 'editor', state: 'COMMENTED', submittedAt: '2026-01-05T10:00:00Z', comments }],
          });
          const api = await client();
          await holds({
            call: 'review-comments',
            server,
            perPage: 100,
            limit,
            keys: (count) => range(count).map((i) => `Fix ${i}.`),
            read: async () => {
              const read = await api.reviewComments(3, 77, limit);
              return { keys: read.comments.map((comment) => comment.body), more: read.more };
            },
          });
        },
      ),
      { ...RUNS, seed: 20_261_206 },
    );
  }, 120_000);

  it('the open pull requests with a pending status: at most the pages the caller gives, and `more` past them', async () => {
    const shaOf = (n: number) => n.toString(16).padStart(40, '0');
    /** Every third pull request's head is pending for `documentation`; the others passed, or have no status. */
    const pending = (n: number) => n % 3 === 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((limit) => fc.tuple(fc.constant(limit), servers((limit + 2) * 100, limit * 100, limit + 1))),
        async ([limit, server]) => {
          reset();
          for (const n of range(server.items)) {
            github.pullStates.set(n, { title: `Change ${n}`, state: 'open', draft: false, merged: false, headRef: `change-${n}`, headSha: shaOf(n) });
            if (n % 3 === 1) continue;
            github.statuses.push({
              repository: 'acme/widgets',
              sha: shaOf(n),
              state: pending(n) ? 'pending' : 'success',
              description: null,
              target_url: null,
              context: 'documentation',
              token: 'workflow-token',
              id: n,
            });
          }
          const api = await client();
          await holds({
            call: 'pending-pulls',
            server,
            perPage: 100,
            limit,
            keys: (count) => range(count).filter(pending),
            read: async () => {
              const read = await api.openPullsWithPendingStatus('documentation', limit);
              expect(read.pages).toBe(github.callsTo('pending-pulls').length);
              expect(read.pulls.every(({ number, headSha }) => headSha === shaOf(number))).toBe(true);
              return { keys: read.pulls.map((pull) => pull.number), more: read.more };
            },
          });
        },
      ),
      { ...RUNS, seed: 20_261_207 },
    );
  }, 120_000);
});
