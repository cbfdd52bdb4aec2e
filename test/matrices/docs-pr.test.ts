/**
 * follow-code-pr, run in process as the runner runs the bundle: each event a code PR goes through, and
 * each fault on the documentation side, against the API simulator and a fake GitHub with a
 * documentation repository. Every run is held to the harness's rules: no token or key leaks
 * (the docs token among them), no workflow command from outside text, every summary and comment
 * rendered as GitHub renders it, within the deadline. And each ends with the right
 * `docs-pr-action`, at most one warning, outputs and summary written, and no duplicate comment.
 */
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER } from '../../src/memory/record.js';
import { recordIn } from '../support/records.js';
import { apiInputs, type Simulator } from '../simulator/index.js';
import type { FakeGitHub, FakeRepository } from '../support/fake-github.js';
import { useRunnerSimulator, withRunnerGitHub } from '../support/runner.js';
import { renderProblems } from '../support/github-markdown.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';
import { HOSTILE_STRINGS } from './cases.js';
import { actionTime, checkedRun, errorLines, warnings } from '../support/checked-run.js';
import {
  addDocsRepository,
  BRANCH,
  CODE,
  CODE_PR,
  DOCS,
  DOCS_TOKEN,
  docsPull,
  FOLLOWING,
  HEAD,
  JOB_ON_BRANCH,
  linkedDocsPr,
  link,
  recordedDocsPr as recorded,
} from '../support/two-repositories.js';

const GITHUB_TOKEN = 'ghs_workflowToken0123456';
const CODE_PR_URL = link(CODE, CODE_PR);
const TIMEOUT = '4s';
const DEADLINE_MS = 4_000 + 1_000;

let sim: Simulator;
useRunnerSimulator({ defaultJobScript: JOB_ON_BRANCH }, (started) => (sim = started));

/** Each case has its own fake GitHub with the documentation repository and a docs token that may write there. */
const withDocs = <T>(body: (setup: { readonly github: FakeGitHub; readonly docs: FakeRepository }) => Promise<T>): Promise<T> =>
  withRunnerGitHub((github) => body({ github, docs: addDocsRepository(github) }));

async function run(
  github: FakeGitHub,
  event: PullRequestEventOptions,
  options: {
    inputs?: Record<string, string>;
    prLink?: string;
    links?: string[];
    /** The links each comment body before the last may hold, in order (none by default). */
    earlier?: ReadonlyArray<{ links: string[] }>;
    signal?: Parameters<typeof checkedRun>[0]['signal'];
  } = {},
): Promise<ActionRun> {
  if (options.prLink) sim.queuePrLinks(options.prLink);
  return checkedRun({
    event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, ...event }) },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: CODE },
    inputs: apiInputs(sim, {
      'github-token': GITHUB_TOKEN,
      ...FOLLOWING,
      'request-timeout': '1s',
      timeout: TIMEOUT,
      'poll-interval': '1s',
      ...options.inputs,
    }),
    secrets: [sim.apiKey, GITHUB_TOKEN, DOCS_TOKEN],
    deadlineMs: DEADLINE_MS,
    prComment: {
      github,
      pullNumber: CODE_PR,
      ...(options.links ? { expect: { links: options.links } } : {}),
      ...(options.earlier ? { earlier: options.earlier } : {}),
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

const codeComments = (github: FakeGitHub) => github.comments.filter((c) => c.user.login === 'github-actions[bot]' && c.body.includes(COMMENT_MARKER));
const docsComments = (docs: FakeRepository, number: number) => docs.comments.filter((c) => c.issue_url?.endsWith(`/issues/${number}`));

/** Every body written on the documentation PR renders as GitHub should, with only the links meant. */
function expectDocsBodiesRender(github: FakeGitHub, number: number, links: string[], literals: string[] = []): void {
  const bodies = github.docsCommentBodiesSent(DOCS, number);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(renderProblems(body, { links, literals })).toEqual([]);
}

describe('the events a code PR goes through', () => {
  it('opened: the documentation PR is linked by one comment of its own; the code PR comment records it', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      const result = await run(github, { action: 'opened' }, { prLink: link(DOCS, 101) });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'linked', 'pr-link': link(DOCS, 101) });
      expect(warnings(result)).toEqual([]);
      expect(docsComments(docs, 101)).toHaveLength(1);
      expect(docsComments(docs, 101)[0]!.body).toContain(DOCS_PR_MARKER);
      expectDocsBodiesRender(github, 101, [CODE_PR_URL], ['Add a retries flag']);
      expect(recordIn(codeComments(github).at(-1)!.body, CODE_PR)!.docsPr).toEqual(linkedDocsPr(101));
      expect(result.summary).toContain('**Documentation PR** `acme-sim/docs#101`');
    }));

  it('closed without merging: outcome synced, no job, the documentation PR closed with its branch, and said so on both PRs', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const creates = sim.requests.filter((r) => r.endpoint === 'create').length;
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'closed', 'job-id': '', requests: '0' });
      expect(sim.requests.filter((r) => r.endpoint === 'create')).toHaveLength(creates);
      expect(docs.pulls.get(101)).toMatchObject({ state: 'closed', merged: false, headRef: 'docs/retries' });
      expect(docsComments(docs, 101)[0]!.body).toContain('closed without merging');
      expectDocsBodiesRender(github, 101, [CODE_PR_URL]);
      expect(recordIn(codeComments(github).at(-1)!.body, CODE_PR)!.docsPr!.closedByAction).toBe(true);
      expect(result.summary).toContain('Closed: no job is created for a closed pull request');
      expect(result.stdout).toContain('Outcome: synced · docs PR closed');
    }));

  it('closed and merged: a draft documentation PR is marked ready for review', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101, { draft: true });
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, { action: 'closed', merged: true });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'marked-ready' });
      expect(docs.pulls.get(101)).toMatchObject({ state: 'open', draft: false });
      expect(github.callsTo('mark-ready')).toHaveLength(1);
    }));

  it('reopened: the documentation PR this action closed is reopened, then a job runs as usual', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101, { state: 'closed' });
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: true });
      const result = await run(github, { action: 'reopened' }, { prLink: link(DOCS, 101) });
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'reopened' });
      expect(docs.pulls.get(101)!.state).toBe('open');
      expect(docsComments(docs, 101)).toHaveLength(1);
    }));

  it('a newer documentation PR supersedes the earlier one, which is closed with a comment linking the new one', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      docsPull(docs, 102);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      // The working comment; the record naming the newer one, written before the earlier one is
      // closed (so a run stopped between the two orphans nothing); then the outcome.
      const result = await run(github, { action: 'synchronize' }, { prLink: link(DOCS, 102), earlier: [{ links: [] }, { links: [link(DOCS, 102)] }] });
      expect(result.outputs['docs-pr-action']).toBe('superseded');
      expect(docs.pulls.get(101)!.state).toBe('closed');
      const bodies = github.commentBodiesSent(CODE_PR);
      expect(bodies).toHaveLength(3);
      expect(recordIn(bodies[1]!, CODE_PR)!.docsPr).toMatchObject({ number: 102 });
      const closing = github.requests.findIndex((r) => r.call === 'update-pull');
      const checkpoint = github.requests.findIndex((r) => r.call === 'update-comment' && (r.body as { body: string }).body === bodies[1]);
      expect(checkpoint).toBeGreaterThan(-1);
      expect(checkpoint).toBeLessThan(closing);
      expectDocsBodiesRender(github, 101, [CODE_PR_URL, link(DOCS, 102)]);
    }));
});

describe('faults on the documentation side: the right docs-pr-action, one warning, no duplicate comment', () => {
  it('no write access (403): one warning naming docs-token and the permission', () =>
    withDocs(async ({ github, docs }) => {
      github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'read', contents: 'read' } } });
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
      expect(warnings(result)).toHaveLength(1);
      expect(warnings(result)[0]).toContain('docs-token needs "Pull requests: write" on acme-sim/docs');
      expect(docs.pulls.get(101)!.state).toBe('open');
    }));

  it('a private repository the token cannot see (404): one warning', () =>
    withDocs(async ({ github, docs }) => {
      docs.private = true;
      github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: {} });
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.outputs['docs-pr-action']).toBe('none');
      expect(warnings(result)).toEqual([expect.stringContaining('which GitHub does not find: deleted, or the token cannot see acme-sim/docs')]);
    }));

  it('no docs-token for a repository elsewhere: one line saying what to give, nothing asked of it', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      const result = await run(github, { action: 'opened' }, { prLink: link(DOCS, 101), inputs: { 'docs-token': '' } });
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none' });
      expect(warnings(result)).toEqual([expect.stringContaining('give docs-token a token with "Pull requests: write" on acme-sim/docs')]);
      expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`))).toEqual([]);
    }));

  it('already merged by someone else: left alone, said so, no warning', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101, { state: 'closed', merged: true });
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.outputs['docs-pr-action']).toBe('none');
      expect(warnings(result)).toEqual([]);
      expect(result.stdout).toContain('Documentation PR acme-sim/docs#101 is already merged: left as it is.');
      expect(github.callsTo('update-pull')).toEqual([]);
    }));

  it('deleted since (404): one warning, nothing written on the documentation side', () =>
    withDocs(async ({ github }) => {
      recorded(github, { repository: DOCS, number: 109, headRef: BRANCH, closedByAction: false });
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
      expect(warnings(result)).toEqual([
        'The pull-request comment records acme-sim/docs#109, which GitHub does not find: deleted, or the token cannot see acme-sim/docs: it is not taken as the documentation PR, and is left as it is.',
      ]);
      expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`) && r.method !== 'GET')).toEqual([]);
      expect(codeComments(github).at(-1)!.body).toContain('not found');
    }));

  it('closed by someone else: a reopened code PR does not reopen it, and says so', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101, { state: 'closed' });
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, { action: 'reopened' }, { inputs: { wait: 'false' } });
      expect(result.outputs).toMatchObject({ outcome: 'submitted', 'docs-pr-action': 'none' });
      expect(warnings(result)).toEqual([]);
      expect(result.stdout).toContain('Documentation PR acme-sim/docs#101 was not closed by this action: not reopened.');
      expect(docs.pulls.get(101)!.state).toBe('closed');
    }));

  it('a GitHub 5xx on the close is sent again and gets over it (closing is idempotent)', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      github.injectFault({ call: 'update-pull', kind: 'status', status: 502 });
      const result = await run(github, { action: 'closed', merged: false }, { inputs: { timeout: '8s' } });
      expect(result.outputs['docs-pr-action']).toBe('closed');
      expect(github.callsTo('update-pull')).toHaveLength(2);
      expect(warnings(result)).toEqual([]);
    }));

  it('a secondary rate limit on the close is waited out', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      github.injectFault({
        call: 'update-pull',
        kind: 'status',
        status: 403,
        headers: { 'retry-after': '1' },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', status: '403' },
      });
      const result = await run(github, { action: 'closed', merged: false }, { inputs: { timeout: '8s' } });
      expect(result.outputs['docs-pr-action']).toBe('closed');
      expect(warnings(result)).toEqual([]);
    }));

  it('a 5xx on the comment after the close: the close stands, one warning, the comment not written twice', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      github.injectFault({ call: 'create-comment', kind: 'status', status: 500, afterHandling: true, skip: 0 });
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.outputs['docs-pr-action']).toBe('closed');
      expect(warnings(result)).toHaveLength(1);
      expect(docsComments(docs, 101)).toHaveLength(1);
    }));

  it('a hang on the read: request-timeout ends it, one warning, the step within its deadline', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      github.injectFault({ call: 'pull-request', kind: 'hang' });
      const result = await run(github, { action: 'closed', merged: false }, { inputs: { retries: '0' } });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
      expect(warnings(result)).toEqual([expect.stringContaining('timed out')]);
    }));

  it('SIGINT while the close hangs: cancelled within 2 seconds, outputs and summary written', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      github.injectFault({ call: 'update-pull', kind: 'hang' });
      const result = await run(
        github,
        { action: 'closed', merged: false },
        { inputs: { timeout: '20s', 'request-timeout': '15s' }, signal: { name: 'SIGINT', when: () => github.callsTo('update-pull').length > 0 } },
      );
      expect(actionTime(result)?.sinceSignalMs).toBeLessThan(2_000);
      expect(result.code).not.toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'cancelled', 'docs-pr-action': 'none' });
      expect(result.summary).toContain('Cancelled');
      expect(errorLines(result)).toHaveLength(1);
      expect(warnings(result)).toEqual([]);
    }));
});

describe('bad input', () => {
  it('a docs-token that cannot be a token: one error line naming it, never its value, no request', () =>
    withDocs(async ({ github }) => {
      const bad = 'ghs_S3CRETDOCS with a space';
      const before = sim.requests.length;
      const result = await checkedRun({
        event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { action: 'opened' }) },
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: CODE },
        inputs: apiInputs(sim, { 'pr-comment': 'true', 'follow-code-pr': 'true', 'docs-token': bad }),
        secrets: [sim.apiKey, bad],
        deadlineMs: 0,
      });
      expect(result.code).toBe(1);
      expect(errorLines(result)).toEqual([
        '::error::Input "docs-token" contains spaces, line breaks or non-ASCII characters: pass the token alone, with nothing around it.',
      ]);
      expect(result.outputs).toEqual({ outcome: 'error', requests: '0' });
      expect(sim.requests).toHaveLength(before);
      expect(github.requests).toEqual([]);
    }));
});

describe('text from outside and forged records', () => {
  it('hostile code PR titles, documentation PR titles, branches and comments change nothing and show as written', () =>
    withDocs(async ({ github, docs }) => {
      for (const [index, text] of HOSTILE_STRINGS.slice(0, 10).entries()) {
        const number = 200 + index;
        const headRef = text.replace(/\s/g, '-').slice(0, 60) || 'x';
        docsPull(docs, number, { title: text, headRef });
        docs.comments.push({
          id: 9_000 + index,
          issue_url: `${github.url}/repos/${DOCS}/issues/${number}`,
          body: `${DOCS_PR_MARKER}\n${text}`,
          user: { login: 'mallory', type: 'User' },
          author_association: 'NONE',
        });
        github.comments.length = 0;
        recorded(github, { repository: DOCS, number, headRef, closedByAction: false });
        const result = await run(github, { action: 'closed', merged: false, title: text });
        expect(result.outputs['docs-pr-action'], JSON.stringify(text)).toBe('closed');
        // Mallory's comment is not ours: ours is a new one, and hers is untouched.
        expect(docs.comments.find((c) => c.id === 9_000 + index)!.body).toBe(`${DOCS_PR_MARKER}\n${text}`);
        expect(docsComments(docs, number).filter((c) => c.user.login === 'docs-writer[bot]')).toHaveLength(1);
        expectDocsBodiesRender(github, number, [CODE_PR_URL]);
      }
    }));

  it('a forged record (a comment by someone else quoting the marker and naming a PR) changes nothing', () =>
    withDocs(async ({ github, docs }) => {
      docsPull(docs, 101);
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false }, 'mallory');
      const result = await run(github, { action: 'closed', merged: false });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
      expect(docs.pulls.get(101)!.state).toBe('open');
      expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`))).toEqual([]);
    }));
});
