/**
 * follow-code-pr in process: the documentation PR follows its code PR (linked, superseded,
 * closed, reopened, marked ready), against the API simulator and the fake GitHub with its
 * documentation repository and tokens, with fake time. What the action may never do is held
 * here too: it acts only on the PR its own record names, never merges or deletes a branch, and
 * leaves alone a PR someone else merged or closed. And its memory: never the code PR itself as
 * its documentation PR, a record kept through a key rotation, a rename and a transfer, written
 * before the side effect it records, and bounded whatever the API answers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER, type CommentRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import { recordIn, repositoryIdentity, sealedRecord, WORKFLOW_REPOSITORY } from '../support/records.js';
import type { JobScript } from '../simulator/index.js';
import type { FakeGitHub, FakePullState, FakeRepository } from '../support/fake-github.js';
import { renderProblems } from '../support/github-markdown.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';
import { startFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';

const DOCS = 'acme-sim/docs';
/** The documentation repository's ID, as the fake GitHub answers it: the record keeps it beside the name. */
const DOCS_ID = repositoryIdentity(DOCS).id;
const DOCS_TOKEN = 'ghs_docsInstallationToken77';
/** The identity the docs token writes back-links as: the code PR's record names it (`linkAuthor`). */
const LINK_AUTHOR = 'docs-writer[bot]';
const DOCS_LOGIN = 'docs-writer[bot]';
const CODE_PR = 12;
/** The branch the jobs work on (`source.ref`), and so the documentation PRs' head branch. */
const BRANCH = 'docs/retries';
/** A job that works on BRANCH and reports a documentation PR at its first poll. */
const JOB_ON_BRANCH: JobScript = [
  { status: 'active', polls: 1, ref: BRANCH },
  { status: 'completed', prLink: true },
];
const CODE_PR_URL = `https://github.com/acme/widgets/pull/${CODE_PR}`;
const HEAD = 'e'.repeat(40);
const INPUTS = { 'pr-comment': 'true', 'follow-code-pr': 'true', 'docs-token': DOCS_TOKEN, diff: 'false', prompt: 'Document the retries flag' };

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
beforeAll(async () => {
  flows = await startFlows({ github: true, simulator: { defaultJobScript: JOB_ON_BRANCH } });
  github = flows.github!;
});
afterAll(async () => {
  await flows.close();
});
beforeEach(() => {
  flows.reset();
  docs = github.addRepository(DOCS);
  github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
});
afterEach(async () => {
  expect(await github.takeViolations()).toEqual([]);
});

function docsPull(number: number, state: Partial<FakePullState> = {}): FakePullState {
  const pull: FakePullState = { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH, ...state };
  docs.pulls.set(number, pull);
  return pull;
}

/** A code-PR comment as an earlier run of the action left it (by the workflow token's identity, unless said). */
function recorded(docsPr: DocsPrRecord | undefined, author = 'github-actions[bot]'): void {
  github.comments.push({
    id: 500 + github.comments.length,
    issue_url: `${github.url}/repos/acme/widgets/issues/${CODE_PR}`,
    body: `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId: 'job_earlier', headSha: 'a'.repeat(40), ...(docsPr ? { docsPr } : {}) }, CODE_PR)}`,
    user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'MEMBER',
  });
}

function run(
  options: PullRequestEventOptions,
  inputs: Record<string, string> = {},
  prLink?: string,
  flow: Omit<FlowOptions, 'event'> = {},
): Promise<FlowResult> {
  if (prLink) flows.sim.queuePrLinks(prLink);
  return flows.run({ ...INPUTS, ...inputs }, { ...flow, event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, ...options }) } });
}

const codeComment = (): string => github.comments.filter((c) => c.body.includes(COMMENT_MARKER) && c.user.login === 'github-actions[bot]').at(-1)!.body;
const docsComments = (number: number) => docs.comments.filter((c) => c.issue_url?.endsWith(`/issues/${number}`));
const docsWrites = () => github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`) && r.method !== 'GET' && r.call !== 'identity');
const creates = () => flows.sim.requests.filter((r) => r.method === 'POST' && r.endpoint === 'create');
const link = (number: number) => `https://github.com/${DOCS}/pull/${number}`;

describe('a run that reports a documentation PR', () => {
  it('links it: one comment by the docs token, found again and updated, and the record names it', async () => {
    docsPull(5);
    const first = await run({ action: 'opened', title: 'Add a retries flag' }, {}, link(5));
    expect(first.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'linked', 'pr-link': link(5) });
    expect(first.log.messages('warning')).toEqual([]);
    expect(docsComments(5)).toHaveLength(1);
    const [comment] = docsComments(5);
    expect(comment!.user.login).toBe(DOCS_LOGIN);
    expect(comment!.body).toContain(DOCS_PR_MARKER);
    expect(comment!.body).toContain('closed without merging, this one is closed too');
    expect(renderProblems(comment!.body, { links: [CODE_PR_URL], literals: ['Add a retries flag', 'acme/widgets#12'] })).toEqual([]);
    expect(recordIn(codeComment(), CODE_PR)).toEqual({
      jobId: first.outputs['job-id'],
      headSha: HEAD,
      docsPr: { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false, linkAuthor: LINK_AUTHOR },
    });
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: open, linked to this pull request');
    expect(first.summary).toContain('**Documentation PR** `acme-sim/docs#5`');
    // The docs token wrote it; the workflow's token never touched the documentation repository.
    expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`)).every((r) => r.token === DOCS_TOKEN)).toBe(true);

    const second = await run({ action: 'synchronize' }, {}, link(5));
    expect(second.outputs['docs-pr-action']).toBe('linked');
    expect(docsComments(5)).toHaveLength(1);
    expect(docs.pulls.get(5)).toMatchObject({ state: 'open', draft: true });
  });

  it('a different PR than the record supersedes the earlier one: closed, with a comment linking the new one; the record moves', async () => {
    docsPull(5);
    docsPull(6);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'synchronize' }, {}, link(6));
    expect(result.outputs['docs-pr-action']).toBe('superseded');
    expect(docs.pulls.get(5)).toMatchObject({ state: 'closed', headRef: 'docs/retries', merged: false });
    expect(docs.pulls.get(6)).toMatchObject({ state: 'open' });
    const [note] = docsComments(5);
    expect(note!.body).toContain('opened a newer pull request');
    expect(renderProblems(note!.body, { links: [CODE_PR_URL, link(6)] })).toEqual([]);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual({
      repository: DOCS,
      repositoryId: DOCS_ID,
      number: 6,
      headRef: BRANCH,
      closedByAction: false,
      linkAuthor: LINK_AUTHOR,
    });
    expect(codeComment()).toContain('The earlier documentation PR `acme-sim/docs#5` was closed in its favour.');
  });

  it('an earlier PR already merged or closed by someone else is left as it is', async () => {
    docsPull(5, { merged: true, state: 'closed' });
    docsPull(6);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'synchronize' }, {}, link(6));
    expect(result.outputs['docs-pr-action']).toBe('linked');
    expect(github.requests.filter((r) => r.call === 'update-pull')).toEqual([]);
    expect(result.log.messages('info')).toContain('The earlier documentation PR acme-sim/docs#5 is already merged: left as it is.');
  });

  it('a record naming a PR in another repository than the job’s: left alone, one warning, the new one linked', async () => {
    const elsewhere = github.addRepository('other-org/docs');
    elsewhere.pulls.set(3, { title: 'x', state: 'open', draft: false, merged: false, headRef: 'x' });
    docsPull(6);
    recorded({ repository: 'other-org/docs', number: 3, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'synchronize' }, {}, link(6));
    expect(result.outputs['docs-pr-action']).toBe('linked');
    expect(result.log.messages('warning')).toEqual([
      "The pull-request comment records documentation PR other-org/docs#3, in another repository than the job's (acme-sim/docs): it is left as it is.",
    ]);
    expect(elsewhere.pulls.get(3)!.state).toBe('open');
    expect(github.requests.filter((r) => r.path.startsWith('/repos/other-org/'))).toEqual([]);
  });

  it('a PR link outside the repository the job worked on is not followed', async () => {
    github.addRepository('victim/app').pulls.set(1, { title: 'x', state: 'open', draft: false, merged: false, headRef: 'main' });
    const result = await run({ action: 'opened' }, {}, 'https://github.com/victim/app/pull/1');
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none' });
    expect(result.log.messages('warning')).toEqual([
      'The job reports victim/app#1, outside the repository it worked on (acme-sim/docs): it is not taken as the documentation PR, and is left as it is.',
    ]);
    expect(github.requests.filter((r) => r.path.startsWith('/repos/victim/'))).toEqual([]);
  });
});

describe('closed', () => {
  it('without merging: no job; the documentation PR is closed (branch kept) with a comment saying why and how to reopen', async () => {
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'closed', 'job-id': '', requests: '0' });
    expect(result.failures).toEqual([]);
    expect(creates()).toEqual([]);
    expect(docs.pulls.get(5)).toMatchObject({ state: 'closed', merged: false, headRef: 'docs/retries' });
    const [comment] = docsComments(5);
    expect(comment!.body).toContain('closed without merging, so this pull request was closed (its branch is kept)');
    expect(comment!.body).toContain('reopen the code pull request');
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: true });
    expect(codeComment()).toContain('closed with this pull request (its branch is kept)');
    expect(result.log.messages('info')).toContain('Closed documentation PR acme-sim/docs#5; its branch "docs/retries" is kept.');
    expect(result.log.messages('info')).toContain('The code PR was closed without merging: no job is created.');
    // Nothing but a close: no merge, no branch deleted (the fake serves neither; no request tried).
    expect(docsWrites().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /repos/${DOCS}/pulls/5`, `POST /repos/${DOCS}/issues/5/comments`]);
  });

  it('merged: a draft is marked ready for review and the comment says the code PR was merged', async () => {
    docsPull(5, { draft: true });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: true });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'marked-ready' });
    expect(docs.pulls.get(5)).toMatchObject({ state: 'open', draft: false });
    expect(docsComments(5)[0]!.body).toContain('The code pull request was merged: this pull request was marked ready for review');
    expect(codeComment()).toContain('marked ready for review, since this pull request was merged');
    expect(result.log.messages('info')).toContain('The code PR was closed and merged: no job is created.');
  });

  it('merged, not a draft: commented only', async () => {
    docsPull(5, { draft: false });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: true });
    expect(result.outputs['docs-pr-action']).toBe('commented');
    expect(github.callsTo('mark-ready')).toEqual([]);
  });

  it('a documentation PR someone else merged or closed is left as it is, and said so', async () => {
    docsPull(5, { state: 'closed', merged: true });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const merged = await run({ action: 'closed', merged: false });
    expect(merged.outputs['docs-pr-action']).toBe('none');
    expect(merged.log.messages('info')).toContain('Documentation PR acme-sim/docs#5 is already merged: left as it is.');
    expect(codeComment()).toContain('already merged: left as it is');
    flows.reset();
    docs = github.addRepository(DOCS);
    github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
    docsPull(5, { state: 'closed' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const closed = await run({ action: 'closed', merged: true });
    expect(closed.outputs['docs-pr-action']).toBe('none');
    expect(docsWrites()).toEqual([]);
  });

  it('no record, or a forged one (another author quoting the marker): nothing is done', async () => {
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false }, 'mallory');
    const result = await run({ action: 'closed', merged: false });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
    expect(docs.pulls.get(5)!.state).toBe('open');
    expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`))).toEqual([]);
    expect(result.log.messages('info')).toContain('No record of this action on the pull request: nothing to bring in step, and no comment is written.');
    expect(github.callsTo('create-comment')).toEqual([]);
    expect(github.callsTo('update-comment')).toEqual([]);
  });

  it('a pull request carrying the waiver label still closes its documentation PR: the waiver is about writing, not the PR’s life', async () => {
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false, labels: ['no-docs'] }, { 'docs-status': 'written' });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'closed' });
    expect(docs.pulls.get(5)!.state).toBe('closed');
  });

  it('without a token to read the pull request: outcome error, one failure, nothing done on the documentation side', async () => {
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false }, { 'github-token': '' });
    expect(result.outputs).toMatchObject({ outcome: 'error', 'docs-pr-action': 'none', 'job-id': '', requests: '0' });
    expect(result.failures).toEqual([
      'Input "github-token" is empty: it is needed to read the pull-request comment that records the documentation PR. Leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write".',
    ]);
    expect(docsWrites()).toEqual([]);
    expect(docs.pulls.get(5)!.state).toBe('open');
  });
});

describe('reopened', () => {
  it('reopens a documentation PR this action closed, then the run goes on', async () => {
    docsPull(5, { state: 'closed' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: true });
    const result = await run({ action: 'reopened' }, {}, link(5));
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'reopened' });
    expect(creates()).toHaveLength(1);
    expect(docs.pulls.get(5)!.state).toBe('open');
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual({
      repository: DOCS,
      repositoryId: DOCS_ID,
      number: 5,
      headRef: BRANCH,
      closedByAction: false,
      linkAuthor: LINK_AUTHOR,
    });
    expect(docsComments(5)).toHaveLength(1);
  });

  it('with reuse-job and nothing new to send, the run skips, and the comment still shows the documentation PR reopened', async () => {
    docsPull(5);
    const opened = await run({ action: 'opened' }, { 'reuse-job': 'true' }, link(5));
    expect(opened.outputs['docs-pr-action']).toBe('linked');
    const closed = await run({ action: 'closed', merged: false }, { 'reuse-job': 'true' });
    expect(closed.outputs['docs-pr-action']).toBe('closed');
    const reopened = await run({ action: 'reopened' }, { 'reuse-job': 'true' });
    expect(reopened.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'reopened' });
    expect(docs.pulls.get(5)!.state).toBe('open');
    expect(codeComment()).toContain('reopened with this pull request');
    expect(recordIn(codeComment(), CODE_PR)).toEqual({
      jobId: opened.outputs['job-id'],
      headSha: HEAD,
      docsPr: { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false, linkAuthor: LINK_AUTHOR },
    });
    expect(github.comments.filter((c) => c.body.includes(COMMENT_MARKER))).toHaveLength(1);
  });

  it('without follow-code-pr (the approved gate follows the PR, but not its life): nothing reopened', async () => {
    docsPull(5, { state: 'closed' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: true });
    const result = await run({ action: 'reopened' }, { 'follow-code-pr': 'false', 'docs-status': 'approved', wait: 'false' });
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(docs.pulls.get(5)!.state).toBe('closed');
    expect(github.callsTo('update-pull')).toEqual([]);
  });

  it('never reopens one someone else closed', async () => {
    docsPull(5, { state: 'closed' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'reopened' }, { wait: 'false' });
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(docs.pulls.get(5)!.state).toBe('closed');
    expect(github.callsTo('update-pull')).toEqual([]);
  });
});

describe('tokens and faults on the documentation side: one warning, the run goes on', () => {
  it('no docs-token for a repository elsewhere: one line saying what to give; nothing asked of it', async () => {
    docsPull(5);
    const result = await run({ action: 'opened' }, { 'docs-token': '' }, link(5));
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none' });
    const warnings = result.log.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('give docs-token a token with "Pull requests: write" on acme-sim/docs');
    expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`))).toEqual([]);
    // Recorded all the same (not read: without its repository's ID): a later run with a token can follow it.
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toStrictEqual({ repository: DOCS, number: 5, headRef: BRANCH, closedByAction: false });
  });

  it('a token that may only read: 403 on the close, one warning naming docs-token and the permission', async () => {
    github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: { [DOCS]: { pullRequests: 'read', contents: 'read' } } });
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
    expect(result.log.messages('warning')).toEqual([
      'Could not close documentation PR acme-sim/docs#5: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" on acme-sim/docs.',
    ]);
    expect(docs.pulls.get(5)!.state).toBe('open');
    expect(docsComments(5)).toEqual([]);
    expect(codeComment()).toContain('could not be updated');
  });

  it('marking ready needs Contents: write too: commented, and one warning saying so', async () => {
    github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: { [DOCS]: { pullRequests: 'write', contents: 'read' } } });
    docsPull(5, { draft: true });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: true });
    // The comment needs only "Pull requests: write": a failed mark-ready does not stop it.
    expect(result.outputs['docs-pr-action']).toBe('commented');
    expect(result.log.messages('warning')).toEqual([
      'Could not mark ready for review documentation PR acme-sim/docs#5: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" and "Contents: write" on acme-sim/docs.',
    ]);
    expect(docs.pulls.get(5)!.draft).toBe(true);
    expect(docsComments(5).map((c) => c.body)).toEqual([expect.stringContaining('The code pull request was merged')]);
    expect(codeComment()).toContain('told that this pull request was merged');
  });

  it('a private repository the token cannot see: 404, one warning', async () => {
    docs.private = true;
    github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: {} });
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false });
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(result.log.messages('warning')).toEqual([
      'The pull-request comment records acme-sim/docs#5, which GitHub does not find: deleted, or the token cannot see acme-sim/docs: it is not taken as the documentation PR, and is left as it is.',
    ]);
    expect(codeComment()).toContain('not found');
  });

  it('a documentation PR deleted since: 404, one warning, nothing written there', async () => {
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 9, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false });
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(result.log.messages('warning')).toHaveLength(1);
    expect(docsWrites()).toEqual([]);
  });
});

describe('dry-run', () => {
  it('a closed code PR: outcome dry-run, nothing changed or written on either side', async () => {
    docsPull(5);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false }, { 'dry-run': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'dry-run', 'docs-pr-action': 'none' });
    expect(result.log.messages('info')).toContain('Dry run: would close documentation PR acme-sim/docs#5; nothing was changed on GitHub.');
    expect(github.requests.filter((r) => r.method !== 'GET' && r.call !== 'identity')).toEqual([]);
    expect(docs.pulls.get(5)!.state).toBe('open');
  });

  it('a reopened code PR: nothing reopened', async () => {
    docsPull(5, { state: 'closed' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: true });
    const result = await run({ action: 'reopened' }, { 'dry-run': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'dry-run', 'docs-pr-action': 'none' });
    expect(docs.pulls.get(5)!.state).toBe('closed');
    expect(github.requests.filter((r) => r.method !== 'GET' && r.call !== 'identity')).toEqual([]);
  });
});

describe('documentation in the workflow’s own repository', () => {
  it('github-token serves without docs-token: linked, then closed with the code PR', async () => {
    flows.sim.setSourceRepository('https://github.com/acme/widgets');
    try {
      github.pullStates.set(40, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/retries' });
      const opened = await run({ action: 'opened' }, { 'docs-token': '' }, 'https://github.com/acme/widgets/pull/40');
      expect(opened.outputs['docs-pr-action']).toBe('linked');
      expect(opened.log.messages('warning')).toEqual([]);
      const closed = await run({ action: 'closed', merged: false }, { 'docs-token': '' });
      expect(closed.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'closed' });
      expect(github.pullStates.get(40)!.state).toBe('closed');
    } finally {
      flows.sim.setSourceRepository('https://github.com/acme-sim/docs');
    }
  });
});

describe('with preview: true as well', () => {
  it('one code-PR comment holds the outcome, the preview and the documentation PR, and the record names both the job and the PR', async () => {
    flows.time.advance(61_000);
    docsPull(5);
    const result = await run({ action: 'opened', title: 'Add a retries flag' }, { preview: 'true' }, link(5));
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success', 'docs-pr-action': 'linked' });
    expect(result.log.messages('warning')).toEqual([]);
    const ours = github.comments.filter((c) => c.body.includes(COMMENT_MARKER) && c.user.login === 'github-actions[bot]');
    expect(ours).toHaveLength(1);
    const body = codeComment();
    // The comment that showed the preview building named the documentation PR already.
    const writes = github.requests.filter((r) => r.path.startsWith('/repos/acme/widgets/') && (r.call === 'create-comment' || r.call === 'update-comment'));
    const bodies = writes.map((r) => (r.body as { body: string }).body);
    expect(bodies.filter((b) => b.includes('Documentation preview') && b.includes('**Documentation PR** `acme-sim/docs#5`')).length).toBeGreaterThanOrEqual(2);
    const preview = body.indexOf('Documentation preview');
    const docsPr = body.indexOf('**Documentation PR** `acme-sim/docs#5`');
    expect(preview).toBeGreaterThan(0);
    expect(docsPr).toBeGreaterThan(preview);
    expect(recordIn(body, CODE_PR)).toEqual({
      jobId: result.outputs['job-id'],
      headSha: HEAD,
      docsPr: { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false, linkAuthor: LINK_AUTHOR },
    });
    expect(result.summary).toContain('Documentation preview');
    expect(result.summary).toContain('**Documentation PR** `acme-sim/docs#5`');
  });
});

describe('only the recorded documentation PR, and only a record that verifies', () => {
  it('a pull request whose head is a fork’s branch of the same name is not the recorded one: left alone, one warning', async () => {
    docsPull(5, { headRepository: 'mallory/docs' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    const result = await run({ action: 'closed', merged: false });
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(docs.pulls.get(5)!.state).toBe('open');
    expect(result.log.messages('warning')).toEqual([
      'The pull-request comment records acme-sim/docs#5, whose head is "mallory/docs:docs/retries", not the job\'s branch "acme-sim/docs:docs/retries": it is not taken as the documentation PR, and is left as it is.',
    ]);
    expect(docsWrites()).toEqual([]);
    expect(codeComment()).toContain('not taken as the documentation PR: its head branch is not the job’s (or the recorded one’s)');
  });

  it('a pull request whose branch is not the job’s is neither linked nor recorded', async () => {
    docsPull(5, { headRef: 'someone-else/feature' });
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 4, headRef: BRANCH, closedByAction: false });
    docsPull(4);
    const result = await run({ action: 'synchronize' }, {}, link(5));
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(result.log.messages('warning')).toHaveLength(1);
    expect(docsWrites()).toEqual([]);
    // The record still names the earlier documentation PR.
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual({ repository: DOCS, repositoryId: DOCS_ID, number: 4, headRef: BRANCH, closedByAction: false });
  });

  it('a job that names no branch it worked on: its documentation PR is left alone, one warning', async () => {
    docsPull(5);
    flows.sim.queueJobScripts([
      { status: 'active', polls: 1, ref: null },
      { status: 'completed', prLink: true },
    ]);
    const result = await run({ action: 'opened' }, {}, link(5));
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none' });
    expect(result.log.messages('warning')).toEqual([
      "The job reports acme-sim/docs#5 but names no branch it worked on (source.ref), so nothing shows it is the job's: it is not taken as the documentation PR, and is left as it is.",
    ]);
    expect(docsWrites()).toEqual([]);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toBeUndefined();
  });

  it('a record sealed under another api-key, or for another pull request, counts as none: one notice, nothing done on either side', async () => {
    for (const body of [
      sealedRecord(
        {
          jobId: 'job_earlier',
          headSha: 'a'.repeat(40),
          docsPr: { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false },
        },
        CODE_PR,
        'acme/widgets',
        RecordSeal.fromApiKey('mint_another_key'),
      ),
      sealedRecord(
        {
          jobId: 'job_earlier',
          headSha: 'a'.repeat(40),
          docsPr: { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false },
        },
        CODE_PR + 1,
      ),
    ]) {
      flows.reset();
      docs = github.addRepository(DOCS);
      github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
      docsPull(5);
      github.comments.push({
        id: 500,
        issue_url: `${github.url}/repos/acme/widgets/issues/${CODE_PR}`,
        body: `${COMMENT_MARKER}\nearlier\n${body}`,
        user: { login: 'github-actions[bot]', type: 'Bot' },
        author_association: 'MEMBER',
      });
      const result = await run({ action: 'closed', merged: false });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
      expect(result.log.messages('notice')).toEqual([expect.stringMatching(/^The pull-request comment's hidden record does not verify/)]);
      expect(docs.pulls.get(5)!.state).toBe('open');
      expect(docsWrites()).toEqual([]);
      // With no record, a closed pull request's comment is not written either.
      expect(github.requests.filter((r) => r.call === 'update-comment' || r.call === 'create-comment')).toEqual([]);
    }
  });
});

describe('the code PR is never its own documentation PR', () => {
  it.each<{ name: string; number: number; warning: string }>([
    { name: 'the code PR itself', number: CODE_PR, warning: 'The job reports acme/widgets#12, which is this pull request itself' },
    {
      name: 'a pull request on the code PR’s own branch',
      number: 40,
      warning: 'The job reports acme/widgets#40, on this pull request\'s own branch "feature"',
    },
  ])('a job that reports $name: failure saying so, no back-link written, and a later push still runs a job', async ({ number, warning }) => {
    const NEXT = 'f'.repeat(40);
    flows.sim.setSourceRepository('https://github.com/acme/widgets');
    try {
      // The code PR's head branch is `feature` (the event's); the job says it worked there too.
      github.pullStates.set(CODE_PR, { title: 'Add a retries flag', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: HEAD });
      github.pullStates.set(40, { title: 'Add a retries flag (backport)', state: 'open', draft: false, merged: false, headRef: 'feature' });
      flows.sim.queueJobScripts([
        { status: 'active', polls: 1, ref: 'feature' },
        { status: 'completed', prLink: true },
      ]);
      const inputs = { 'docs-token': '', 'docs-status': 'written' };
      const result = await run({ action: 'opened' }, inputs, `https://github.com/acme/widgets/pull/${number}`);
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none', 'docs-status-state': 'failure' });
      expect(result.log.messages('warning')).toEqual([`${warning}: it is not taken as the documentation PR, and is left as it is.`]);
      expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({
        state: 'failure',
        description: `The job's documentation PR link acme/widgets#${number} is this pull request itself, or on its branch, or add the label no-docs to waive it`,
      });
      expect(codeComment()).toContain(
        `**Documentation PR** \`acme/widgets#${number}\`: not taken as the documentation PR: it is this pull request, or on its branch.`,
      );
      // No back-link anywhere, nothing changed, nothing recorded.
      expect(github.comments.filter((c) => c.body.includes(DOCS_PR_MARKER))).toEqual([]);
      expect(github.callsTo('update-pull')).toEqual([]);
      expect(recordIn(codeComment(), CODE_PR)!.docsPr).toBeUndefined();

      // Not the action's own documentation PR: the push runs a job (nothing queued for it, so a skip leaves nothing behind).
      const push = await run({ action: 'synchronize', headSha: NEXT }, inputs);
      expect(push.outputs.outcome).toBe('pr-opened');
      expect(push.log.messages('notice')).toEqual([]);
      expect(creates()).toHaveLength(2);
    } finally {
      flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
    }
  });
});

describe('the memory through a key rotation, a rename and a transfer', () => {
  const EARLIER_KEY = 'mint_earlier_admin_key_0123456789';
  const EARLIER_SEAL = RecordSeal.fromApiKey(EARLIER_KEY);
  const NEXT = 'f'.repeat(40);
  const GATED_REUSE = { 'reuse-job': 'true', 'docs-status': 'written' };

  /** The code PR's comment with its record sealed anew, as the earlier key had sealed it. */
  function sealedUnder(seal: RecordSeal, record: CommentRecord): void {
    const comment = github.comments.find((c) => c.body.startsWith(COMMENT_MARKER) && c.user.login === 'github-actions[bot]')!;
    const lines = comment.body.replace(/\n+$/, '').split('\n');
    comment.body = `${[...lines.slice(0, -1), sealedRecord(record, CODE_PR, WORKFLOW_REPOSITORY, seal)].join('\n')}\n`;
  }

  it('a record sealed under an earlier api-key: without previous-api-key a new job, the notice naming it; with it, the recorded job is reused and the record sealed under api-key only', async () => {
    docsPull(5);
    const first = await run({ action: 'opened' }, GATED_REUSE, link(5));
    const jobId = first.outputs['job-id']!;
    const earlier = recordIn(codeComment(), CODE_PR)!;
    const docsPr = { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false };
    expect(earlier).toEqual({
      jobId,
      headSha: HEAD,
      docsPr: { ...docsPr, linkAuthor: LINK_AUTHOR },
      judged: { sha: HEAD, outcome: 'pr-opened', docsPr },
    });

    sealedUnder(EARLIER_SEAL, earlier);
    const without = await run({ action: 'synchronize', headSha: NEXT }, GATED_REUSE, link(5));
    expect(without.log.messages('notice')).toEqual([expect.stringMatching(/^The pull-request comment's hidden record does not verify.*previous-api-key/)]);
    expect(creates()).toHaveLength(2);
    expect(without.outputs['job-id']).not.toBe(jobId);

    sealedUnder(EARLIER_SEAL, earlier);
    flows.sim.resetLog();
    const rotated = await run({ action: 'synchronize', headSha: NEXT }, { ...GATED_REUSE, 'previous-api-key': EARLIER_KEY });
    expect(rotated.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': jobId, 'docs-pr-action': 'linked', 'docs-status-state': 'success' });
    expect(rotated.log.messages('notice')).toEqual([]);
    expect(creates()).toEqual([]);
    expect(flows.sim.requests.filter((r) => r.method === 'POST' && r.endpoint === 'message')).toHaveLength(1);
    const body = codeComment();
    expect(recordIn(body, CODE_PR)).toEqual({ ...earlier, headSha: NEXT, judged: { ...earlier.judged, sha: NEXT } });
    expect(recordIn(body, CODE_PR, WORKFLOW_REPOSITORY, EARLIER_SEAL)).toBeUndefined();
  });

  it.each([
    { name: 'a rename', to: 'acme/gadgets' },
    { name: 'a transfer', to: 'octo-org/widgets' },
  ])('$name of the workflow’s repository: the record still verifies, and the job is reused', async ({ to }) => {
    docsPull(5);
    const first = await run({ action: 'opened' }, GATED_REUSE, link(5));
    const jobId = first.outputs['job-id']!;
    const id = github.repositoryId(WORKFLOW_REPOSITORY);
    github.rename(WORKFLOW_REPOSITORY, to);
    flows.sim.resetLog();
    const moved = await run({ action: 'synchronize', headSha: NEXT, repository: to, repositoryId: id }, GATED_REUSE, undefined, {
      env: { GITHUB_REPOSITORY: to, GITHUB_REPOSITORY_ID: String(id) },
    });
    expect(moved.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': jobId, 'docs-pr-action': 'linked', 'docs-status-state': 'success' });
    expect(github.latestStatus(NEXT, 'documentation', to)).toMatchObject({ state: 'success', description: 'The documentation PR acme-sim/docs#5 is open' });
    expect(moved.log.messages('notice')).toEqual([]);
    expect(moved.log.messages('warning')).toEqual([]);
    expect(creates()).toEqual([]);
    const docsPr = { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false };
    expect(recordIn(codeComment(), CODE_PR, { id, name: to })).toEqual({
      jobId,
      headSha: NEXT,
      docsPr: { ...docsPr, linkAuthor: LINK_AUTHOR },
      judged: { sha: NEXT, outcome: 'pr-opened', docsPr },
    });
  });
});

describe('cancelled between linking the newer documentation PR and closing the earlier one', () => {
  it('the record names the newer one and the earlier one still to close; the run is cancelled and fails; the next run closes the earlier one', async () => {
    docsPull(5);
    docsPull(6);
    recorded({ repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false });
    let cancel: (() => void) | undefined;
    // SIGTERM as the earlier documentation PR is read before it is closed: the newer one is linked and recorded by then.
    const requests = github.requests;
    requests.push = (...items) => {
      const count = Array.prototype.push.apply(requests, items);
      if (items.some((r) => r.method === 'GET' && r.path === `/repos/${DOCS}/pulls/5`)) cancel?.();
      return count;
    };
    let result: FlowResult;
    try {
      result = await run({ action: 'synchronize' }, { 'docs-status': 'written' }, link(6), {
        onApiRequest: (flow) => {
          cancel = () => flow.cancel();
        },
      });
    } finally {
      Reflect.deleteProperty(requests, 'push');
    }
    expect(result.outputs).toMatchObject({ outcome: 'cancelled', 'docs-status-state': 'error' });
    expect(result.failed).toBe(true);
    expect(docs.pulls.get(5)!.state).toBe('open');
    expect(docs.pulls.get(6)!.state).toBe('open');
    expect(docsComments(6)).toHaveLength(1);
    // Nothing is forgotten: the earlier one is recorded as still to close.
    expect(recordIn(codeComment(), CODE_PR)).toMatchObject({
      docsPr: { repository: DOCS, repositoryId: DOCS_ID, number: 6, headRef: BRANCH, closedByAction: false },
      supersedes: { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false },
    });

    const next = await run({ action: 'synchronize' }, { 'docs-status': 'written' }, link(6));
    expect(next.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'superseded' });
    expect(docs.pulls.get(5)!.state).toBe('closed');
    expect(docs.pulls.get(6)!.state).toBe('open');
    expect(recordIn(codeComment(), CODE_PR)).toEqual(expect.not.objectContaining({ supersedes: expect.anything() }));
  });

  it('stopped before the earlier one was closed, then the code PR closed: both documentation PRs are closed with it', async () => {
    docsPull(5);
    docsPull(6);
    const docsPr = { repository: DOCS, repositoryId: DOCS_ID, number: 6, headRef: BRANCH, closedByAction: false };
    const supersedes = { repository: DOCS, repositoryId: DOCS_ID, number: 5, headRef: BRANCH, closedByAction: false };
    github.comments.push({
      id: 770,
      issue_url: `${github.url}/repos/${WORKFLOW_REPOSITORY}/issues/${CODE_PR}`,
      body: `${COMMENT_MARKER}\nstopped\n${sealedRecord({ jobId: 'job_earlier', headSha: HEAD, docsPr, supersedes }, CODE_PR)}`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      author_association: 'MEMBER',
    });
    const closed = await run({ action: 'closed', merged: false });
    expect(closed.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'closed' });
    expect(docs.pulls.get(5)!.state).toBe('closed');
    expect(docs.pulls.get(6)!.state).toBe('closed');
    expect(recordIn(codeComment(), CODE_PR)).toEqual({ jobId: 'job_earlier', headSha: HEAD, docsPr: { ...docsPr, closedByAction: true } });
  });
});

describe('what the API and GitHub answer is bounded and checked', () => {
  it('a 70,000-character source.ref: one warning, no documentation PR recorded, and the comment ends with the outcome under GitHub’s limit', async () => {
    const longRef = `docs/${'r'.repeat(70_000 - 'docs/'.length)}`;
    // Were it followed, GitHub would find the pull request on that branch.
    docsPull(5, { headRef: longRef });
    flows.sim.queueJobScripts([
      { status: 'active', polls: 1, ref: longRef },
      { status: 'completed', prLink: true },
    ]);
    const result = await run({ action: 'opened' }, { 'docs-status': 'written' }, link(5));
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none', 'docs-status-state': 'failure' });
    expect(result.log.messages('warning')).toEqual([
      'The job reports acme-sim/docs#5 on a branch name longer than 255 characters, which the action does not record: it is not taken as the documentation PR, and is left as it is.',
    ]);
    const bodies = github.commentBodiesSent(CODE_PR);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) expect(body.length).toBeLessThan(65_536);
    const body = codeComment();
    expect(body).toBe(bodies.at(-1));
    expect(body).not.toContain('Working');
    expect(body).toContain('Pull request opened');
    // The gate judged a link it could not check: no documentation PR in what it was judged on either.
    expect(recordIn(body, CODE_PR)).toEqual({ jobId: result.outputs['job-id'], headSha: HEAD, judged: { sha: HEAD, outcome: 'pr-opened' } });
    expect(docsWrites()).toEqual([]);
  });

  it('a documentation PR deleted between the run that recorded it and the closing: not found, nothing written there, the status not success', async () => {
    docsPull(5);
    const opened = await run({ action: 'opened' }, { 'docs-status': 'written' }, link(5));
    expect(opened.outputs).toMatchObject({ 'docs-pr-action': 'linked', 'docs-status-state': 'success' });
    docs.pulls.delete(5);
    const from = github.requests.length;
    const closed = await run({ action: 'closed', merged: false }, { 'docs-status': 'written' });
    expect(closed.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none', 'docs-status-state': 'failure' });
    expect(closed.log.messages('warning')).toEqual([
      'The pull-request comment records acme-sim/docs#5, which GitHub does not find: deleted, or the token cannot see acme-sim/docs: it is not taken as the documentation PR, and is left as it is.',
    ]);
    expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({
      state: 'failure',
      // A closed code PR's run has no job: it names the pull request its record names.
      description: 'The recorded documentation PR acme-sim/docs#5 is not found on GitHub, or add the label no-docs to waive it',
    });
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: not found');
    expect(github.requests.slice(from).filter((r) => r.path.startsWith(`/repos/${DOCS}/`) && r.method !== 'GET')).toEqual([]);
  });
});

describe('closed and merged, with docs-publish: on-release', () => {
  const HOLDING = { 'docs-publish': 'on-release' };
  /** The code PR merged, as GitHub has it: its merge commit is what the record keeps. */
  const MERGE = 'c0ffee'.padEnd(40, '1');
  const merged = (state: Partial<FakePullState> = {}): void => {
    github.pullStates.set(CODE_PR, {
      title: 'Add a retries flag',
      state: 'closed',
      draft: false,
      merged: true,
      headRef: 'feature',
      headSha: HEAD,
      mergeCommit: MERGE,
      ...state,
    });
  };
  const held = (fields: Partial<DocsPrRecord> = {}): DocsPrRecord => ({
    repository: DOCS,
    repositoryId: DOCS_ID,
    number: 5,
    headRef: BRANCH,
    closedByAction: false,
    linkAuthor: LINK_AUTHOR,
    ...fields,
  });

  it('a draft stays a draft, labelled waits-for-release; both comments say it waits for the release that contains the merge; the record keeps the merge commit', async () => {
    merged();
    docsPull(5, { draft: true });
    recorded(held());
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'held' });
    expect(result.failures).toEqual([]);
    expect(docs.pulls.get(5)).toMatchObject({ state: 'open', draft: true, labels: ['waits-for-release'] });
    expect(github.callsTo('mark-ready')).toEqual([]);
    expect(github.callsTo('convert-to-draft')).toEqual([]);
    expect(docsComments(5)[0]!.body).toContain('this pull request waits for the release that contains `c0ffee1`');
    expect(docsComments(5)[0]!.body).toContain('when it merges, this one is held as a draft, labelled waits-for-release');
    expect(codeComment()).toContain(
      '**Documentation PR** `acme-sim/docs#5`: held as a draft: it waits for the release that contains the merge commit `c0ffee1`.',
    );
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual(held({ release: { mergeCommit: MERGE, mergedAt: '2026-01-05T10:00:00.000Z' } }));
    expect(result.log.messages('info')).toContain(
      'Documentation PR acme-sim/docs#5: the code PR was merged as c0ffee1; held for the release that contains it.',
    );
    // The merge commit as GitHub has it now, by REST at the pinned version: the event's copy is not read.
    expect(github.callsTo('merge-commit')).toEqual([]);
    expect(github.callsTo('pull-request').map((r) => r.path)).toContain(`/repos/acme/widgets/pulls/${CODE_PR}`);
    expect(renderProblems(docsComments(5)[0]!.body, { links: [CODE_PR_URL] })).toEqual([]);
  });

  it('a ready one is turned back to a draft (GraphQL convertPullRequestToDraft)', async () => {
    merged();
    docsPull(5, { draft: false });
    recorded(held());
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.outputs['docs-pr-action']).toBe('held');
    expect(github.callsTo('convert-to-draft')).toHaveLength(1);
    expect(docs.pulls.get(5)).toMatchObject({ draft: true, labels: ['waits-for-release'] });
    expect(result.log.messages('info')).toContain('Documentation PR acme-sim/docs#5 was ready for review: turned back to a draft until the release.');
  });

  it('a merge commit GitHub no longer answers at the newest API version: GraphQL mergeCommit gives it', async () => {
    merged({ restWithoutMergeCommit: true });
    docsPull(5, { draft: true });
    recorded(held());
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.outputs['docs-pr-action']).toBe('held');
    expect(github.callsTo('merge-commit')).toHaveLength(1);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr?.release).toEqual({ mergeCommit: MERGE, mergedAt: '2026-01-05T10:00:00.000Z' });
    // Every REST request asked for the pinned version (the fake refuses any other), the pull request's read among them.
    expect(github.requests.filter((r) => r.call !== 'merge-commit' && r.call !== 'identity').length).toBeGreaterThan(0);
  });

  it('a merge commit that cannot be read holds nothing: one warning, no label, the record unchanged', async () => {
    merged();
    docsPull(5, { draft: true });
    recorded(held());
    // The documentation PR's own read goes through; the code PR's is refused.
    github.injectFault({ call: 'pull-request', kind: 'status', status: 404, skip: 1 });
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.log.messages('warning')).toEqual([
      expect.stringMatching(
        /^Could not read the code PR's merge commit: .* Documentation PR acme-sim\/docs#5 is not held for the release; a re-run of this workflow run holds it\.$/,
      ),
    ]);
    expect(docs.pulls.get(5)!.labels ?? []).toEqual([]);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual(held());
  });

  it('a payload that says merged where GitHub does not: nothing is held, one warning, the record unchanged', async () => {
    merged({ state: 'closed', merged: false });
    docsPull(5, { draft: false });
    recorded(held());
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.log.messages('warning')).toEqual(['GitHub does not say the code PR was merged: documentation PR acme-sim/docs#5 is left as it is.']);
    expect(github.callsTo('convert-to-draft')).toEqual([]);
    expect(github.callsTo('add-label')).toEqual([]);
    expect(docs.pulls.get(5)).toMatchObject({ draft: false });
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual(held());
  });

  it('the event run again: held once; once released, or marked ready by hand since, left as it is', async () => {
    merged();
    docsPull(5, { draft: true });
    recorded(held());
    await run({ action: 'closed', merged: true }, HOLDING);
    const again = await run({ action: 'closed', merged: true }, HOLDING);
    expect(again.outputs['docs-pr-action']).toBe('held');
    expect(github.callsTo('convert-to-draft')).toEqual([]);
    expect(docs.pulls.get(5)!.labels).toEqual(['waits-for-release']);

    // Marked ready by hand since it was held: someone's decision.
    docs.pulls.get(5)!.draft = false;
    const byHand = await run({ action: 'closed', merged: true }, HOLDING);
    expect(byHand.outputs['docs-pr-action']).toBe('none');
    expect(github.callsTo('convert-to-draft')).toEqual([]);
    expect(docs.pulls.get(5)!.draft).toBe(false);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr?.release).toMatchObject({ mergeCommit: MERGE, foundReady: true });
    expect(codeComment()).toContain('marked ready for review by hand before a release contained the merge commit: left as it is');
  });

  it('already released: a re-run of the merge never turns it back to a draft', async () => {
    merged();
    docsPull(5, { draft: false });
    recorded(held({ release: { mergeCommit: MERGE, releasedIn: 'v1.2.0' } }));
    const from = github.requests.length;
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(docs.pulls.get(5)!.draft).toBe(false);
    expect(github.requests.slice(from).filter((r) => r.path.startsWith(`/repos/${DOCS}/`) && r.method !== 'GET')).toEqual([]);
    expect(result.log.messages('info')).toContain('Documentation PR acme-sim/docs#5 was released with "v1.2.0" already: left as it is.');
  });

  it('a documentation PR someone merged or closed meanwhile is left as it is, and the record says what it found', async () => {
    merged();
    docsPull(5, { state: 'closed', merged: true });
    recorded(held());
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.outputs['docs-pr-action']).toBe('none');
    expect(docsWrites()).toEqual([]);
    expect(codeComment()).toContain('already merged: left as it is');
  });

  it('a label it may not add: one warning each, naming the permission and what the release needs', async () => {
    merged();
    docsPull(5, { draft: true });
    recorded(held());
    github.injectFault({ call: 'add-label', kind: 'status', status: 403 });
    const result = await run({ action: 'closed', merged: true }, HOLDING);
    expect(result.log.messages('warning')).toEqual([
      'Could not label documentation PR acme-sim/docs#5: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" on acme-sim/docs.',
      'command: release finds a documentation PR held for the release by its label waits-for-release: add it to acme-sim/docs#5 by hand, or it is not released.',
    ]);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr?.release).toEqual({ mergeCommit: MERGE, mergedAt: '2026-01-05T10:00:00.000Z' });
  });
});
