/**
 * `command: sync` in process: on the documentation PR's own events (a review submitted or
 * dismissed; the pull request closed, reopened or pushed to), the step finds the code PR through
 * the sealed back-link the agent command left on the documentation PR, and brings the code PR in
 * step: the `documentation` status on its current head, and the documentation PR's state in its
 * comment. In the workflow of the documentation repository (with `code-token`, a GitHub App's
 * token of another identity than the comment's author) and in one repository. No job, nothing
 * sent to the documentation API; a pull request without this action's back-link is left alone.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/inputs.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, type DocsPrRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import type { JobScript } from '../simulator/index.js';
import type { FakeGitHub, FakePullState, FakeRepository, FakeReview } from '../support/fake-github.js';
import { GITHUB_TOKEN, startFlows, type FlowResult, type Flows } from '../support/in-process.js';
import { backLinkIn, recordIn, repositoryIdentity, sealedBackLink, sealedRecord } from '../support/records.js';
import { pullRequestEvent, pullRequestReviewEvent, pushEvent, workflowDispatchEvent } from '../support/webhook-events.js';
import { backLinkLine } from '../../src/memory/record.js';
import { docsPrScope } from '../../src/memory/seal.js';

const CODE = 'acme/widgets';
const DOCS = 'acme-sim/docs';
const CODE_PR = 12;
const DOCS_PR = 5;
/** The code PR's head when its job ran, and where it is now (pushed to since). */
const HEAD = 'e'.repeat(40);
const BRANCH = 'docs/retries';
const JOB_ON_BRANCH: JobScript = [
  { status: 'active', polls: 1, ref: BRANCH },
  { status: 'completed', prLink: true },
];
/** The docs token of the code repository's workflow (follow-code-pr, the back-link). */
const DOCS_TOKEN = 'ghs_docsInstallationToken77';
/** The documentation repository's own workflow token: it may write there, and nowhere else. */
const DOCS_WORKFLOW_TOKEN = 'ghs_docsWorkflowToken55';
/** code-token: a GitHub App's installation token on the code repository, of its own identity. */
const CODE_TOKEN = 'ghs_codeAppInstallation99';
const CODE_LOGIN = 'docs-gate[bot]';
const DOCS_RUN_URL = `https://github.com/${DOCS}/actions/runs/777`;
const link = (repository: string, number: number): string => `https://github.com/${repository}/pull/${number}`;

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
/** The code PR as GitHub has it now: its head may have moved since the job ran. */
let codePull: FakePullState;
beforeAll(async () => {
  flows = await startFlows({ github: true, simulator: { defaultJobScript: JOB_ON_BRANCH } });
  github = flows.github!;
});
afterAll(async () => {
  await flows.close();
});
beforeEach(() => {
  flows.reset();
  flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
  docs = github.addRepository(DOCS);
  github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
  github.tokens.set(DOCS_WORKFLOW_TOKEN, {
    login: 'github-actions[bot]',
    repositories: { [DOCS]: { pullRequests: 'write', contents: 'write', statuses: 'write' } },
  });
  github.tokens.set(CODE_TOKEN, { login: CODE_LOGIN, repositories: { [CODE]: { pullRequests: 'write', contents: 'read', statuses: 'write' } } });
  codePull = { title: 'Add a retries flag', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: HEAD, labels: [] };
  // The documentation repository's writer, whose approval counts as GitHub counts it.
  docs.collaborators.set('lead', 'write');
  github.pullStates.set(CODE_PR, codePull);
});
afterEach(async () => {
  expect(await github.takeViolations()).toEqual([]);
  // A status lands only on the code PR the back-link names: in its repository, on its head (the event's, or the current one).
  expect(github.statuses.filter((status) => status.repository !== CODE || ![HEAD, codePull.headSha].includes(status.sha))).toEqual([]);
});

function docsPull(number: number, state: Partial<FakePullState> = {}): FakePullState {
  const pull: FakePullState = { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH, ...state };
  docs.pulls.set(number, pull);
  return pull;
}

/** The agent command on the code PR, as the code repository's workflow runs it: the job reports the documentation PR. */
function codeRun(mode: 'written' | 'approved', docsPrLink: string, inputs: Record<string, string> = {}): Promise<FlowResult> {
  flows.sim.queuePrLinks(docsPrLink);
  return flows.run(
    { 'docs-status': mode, 'pr-comment': 'true', 'docs-token': DOCS_TOKEN, diff: 'false', prompt: 'Document the retries flag', ...inputs },
    { event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened' }) }, env: { GITHUB_RUN_ID: '4242' } },
  );
}

type SyncEvent = { readonly name: string; readonly payload: unknown };
const reviewed = (
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed',
  action: 'submitted' | 'dismissed' = 'submitted',
  number = DOCS_PR,
  repository = DOCS,
): SyncEvent => ({
  name: 'pull_request_review',
  payload: pullRequestReviewEvent(number, { action, state, repository, headRef: BRANCH }),
});
const docsPrEvent = (action: 'closed' | 'reopened' | 'synchronize', merged = false, number = DOCS_PR, repository = DOCS): SyncEvent => ({
  name: 'pull_request',
  payload: pullRequestEvent(number, { action, merged, repository, headRef: BRANCH }),
});

/** `command: sync` in the documentation repository's workflow: its own token, and code-token for the code repository. */
function docsRepoSync(event: SyncEvent, inputs: Record<string, string> = {}): Promise<FlowResult> {
  return flows.run(
    { command: 'sync', 'docs-status': 'approved', 'github-token': DOCS_WORKFLOW_TOKEN, 'code-token': CODE_TOKEN, ...inputs },
    { event, env: { GITHUB_REPOSITORY: DOCS, GITHUB_RUN_ID: '777' } },
  );
}

const review = (state: FakeReview['state'], minute = 0): FakeReview => ({
  login: 'lead',
  state,
  submittedAt: `2026-01-05T10:${String(minute).padStart(2, '0')}:00Z`,
});
const codeComments = () => github.comments.filter((c) => c.body.includes(COMMENT_MARKER) && c.issue_url?.endsWith(`/issues/${CODE_PR}`));
const codeComment = (): string => codeComments().at(-1)!.body;
const latest = () => github.latestStatus(codePull.headSha ?? HEAD, 'documentation');
const writes = () => github.requests.filter((r) => r.method !== 'GET' && r.call !== 'identity' && r.call !== 'review-decision');

/** The state a code-repository run leaves when the documentation lives in another repository: pending on the approval of docs PR 5. */
async function awaitingApproval(): Promise<void> {
  docsPull(DOCS_PR);
  const code = await codeRun('approved', link(DOCS, DOCS_PR));
  expect(code.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'pending' });
  expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({ state: 'pending', target_url: link(DOCS, DOCS_PR) });
  flows.sim.resetLog();
}

describe('approved: a review that approves the documentation PR turns the code PR’s status to success', () => {
  it('in the documentation repository’s workflow, with code-token of another identity: the status on the code PR’s head, and its comment updated, not duplicated', async () => {
    await awaitingApproval();
    const before = codeComments();
    expect(before).toHaveLength(1);
    expect(before[0]!.user.login).toBe('github-actions[bot]');
    const record = recordIn(before[0]!.body, CODE_PR)!;
    const from = github.requests.length;

    docs.pulls.get(DOCS_PR)!.reviews = [review('APPROVED')];
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success', requests: '0' });
    expect(result.failed).toBe(false);
    expect(latest()).toMatchObject({
      state: 'success',
      target_url: link(DOCS, DOCS_PR),
      description: 'The documentation PR acme-sim/docs#5 is approved',
      token: CODE_TOKEN,
      repository: CODE,
    });
    // Nothing sent to the documentation API; no job.
    expect(flows.sim.requests).toEqual([]);
    // The same comment, updated by code-token; its report kept, the gate line said anew, its record kept and sealed.
    const after = codeComments();
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before[0]!.id);
    const syncRequests = github.requests.slice(from);
    expect(syncRequests.filter((r) => r.call === 'create-comment')).toEqual([]);
    expect(syncRequests.filter((r) => r.call === 'update-comment').map((r) => [r.path, r.token])).toEqual([
      [`/repos/${CODE}/issues/comments/${before[0]!.id}`, CODE_TOKEN],
    ]);
    expect(after[0]!.body).toContain('Pull request opened');
    expect(after[0]!.body).toContain('**Documentation gate** (`documentation`): ✅ success: The documentation PR `acme-sim/docs#5` is approved.');
    expect(after[0]!.body).not.toContain('⏳ pending');
    expect(recordIn(after[0]!.body, CODE_PR)).toEqual(record);
    expect(result.summary).toContain('## Documentation PR sync');
    expect(result.log.messages('warning')).toEqual([]);
    // The code repository is read and written with code-token only; the documentation repository's token never went there.
    expect(syncRequests.filter((r) => r.path.startsWith(`/repos/${CODE}/`)).every((r) => r.token === CODE_TOKEN)).toBe(true);
    expect(syncRequests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`)).every((r) => r.token === DOCS_WORKFLOW_TOKEN)).toBe(true);
  });

  it('in one repository (the documentation PR beside its code PR): github-token serves both', async () => {
    flows.sim.setSourceRepository(`https://github.com/${CODE}`);
    const docsPr: FakePullState = { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH };
    github.pullStates.set(40, docsPr);
    const code = await codeRun('approved', link(CODE, 40), { 'docs-token': '' });
    expect(code.outputs['docs-status-state']).toBe('pending');
    expect(github.comments.filter((c) => c.issue_url?.endsWith('/issues/40') && c.body.startsWith(DOCS_PR_MARKER))).toHaveLength(1);

    docsPr.reviewDecision = 'APPROVED';
    const result = await flows.run(
      { command: 'sync', 'docs-status': 'approved' },
      { event: reviewed('approved', 'submitted', 40, CODE), env: { GITHUB_RUN_ID: '4243' } },
    );
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({ state: 'success', target_url: link(CODE, 40), token: GITHUB_TOKEN });
    expect(codeComments()).toHaveLength(1);
    expect(codeComment()).toContain('✅ success: The documentation PR `acme/widgets#40` is approved.');
  });

  it('the status goes on the code PR’s current head: pushed to since the job ran, the new head gets it', async () => {
    await awaitingApproval();
    codePull.headSha = 'c'.repeat(40);
    docs.pulls.get(DOCS_PR)!.reviewDecision = 'APPROVED';
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(github.latestStatus('c'.repeat(40), 'documentation')).toMatchObject({ state: 'success' });
    expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({ state: 'pending' });
  });

  it('a review that does not approve (changes requested, a comment, a dismissal) leaves it pending; the summary says so', async () => {
    await awaitingApproval();
    const pull = docs.pulls.get(DOCS_PR)!;
    pull.reviews = [review('APPROVED', 1), review('CHANGES_REQUESTED', 2)];
    expect((await docsRepoSync(reviewed('changes_requested'))).outputs['docs-status-state']).toBe('pending');
    pull.reviews = [review('COMMENTED', 1)];
    expect((await docsRepoSync(reviewed('commented'))).outputs['docs-status-state']).toBe('pending');
    pull.reviews = [review('DISMISSED', 1)];
    const dismissed = await docsRepoSync(reviewed('dismissed', 'dismissed'));
    expect(dismissed.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'pending' });
    expect(latest()).toMatchObject({ state: 'pending', description: 'Waiting for the approval of the documentation PR acme-sim/docs#5' });
    expect(dismissed.summary).toContain('pending: Waiting for the approval of the documentation PR `acme-sim/docs#5`');
    expect(codeComment()).toContain('⏳ pending: Waiting for the approval of the documentation PR `acme-sim/docs#5`.');
    expect(codeComments()).toHaveLength(1);
  });

  it('approved, then the approval dismissed: success, then pending again', async () => {
    await awaitingApproval();
    const pull = docs.pulls.get(DOCS_PR)!;
    pull.reviewDecision = 'APPROVED';
    expect((await docsRepoSync(reviewed('approved'))).outputs['docs-status-state']).toBe('success');
    pull.reviewDecision = 'REVIEW_REQUIRED';
    expect((await docsRepoSync(reviewed('dismissed', 'dismissed'))).outputs['docs-status-state']).toBe('pending');
    expect(latest()!.state).toBe('pending');
  });
});

describe('the documentation PR’s own pull_request events', () => {
  it('merged: success, in either mode, linking it; the comment says merged', async () => {
    await awaitingApproval();
    docs.pulls.get(DOCS_PR)!.merged = true;
    const result = await docsRepoSync(docsPrEvent('closed', true));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({ state: 'success', target_url: link(DOCS, DOCS_PR), description: 'The documentation PR acme-sim/docs#5 is merged' });
    expect(codeComment()).toContain('✅ success: The documentation PR `acme-sim/docs#5` is merged.');
    const written = await docsRepoSync(docsPrEvent('closed', true), { 'docs-status': 'written' });
    expect(written.outputs['docs-status-state']).toBe('success');
  });

  it('closed unmerged by someone else: failure, closed without merging, linking it; the comment says so and the record keeps it as not closed by the action', async () => {
    await awaitingApproval();
    docs.pulls.get(DOCS_PR)!.state = 'closed';
    const result = await docsRepoSync(docsPrEvent('closed'));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'failure' });
    expect(result.failed).toBe(false);
    expect(latest()).toMatchObject({
      state: 'failure',
      target_url: link(DOCS, DOCS_PR),
      description: 'The documentation PR acme-sim/docs#5 was closed without merging',
    });
    expect(codeComment()).toContain('❌ failure: The documentation PR `acme-sim/docs#5` was closed without merging.');
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
  });

  it('reopened: pending again on its approval (approved), success (written)', async () => {
    await awaitingApproval();
    const pull = docs.pulls.get(DOCS_PR)!;
    pull.state = 'closed';
    expect((await docsRepoSync(docsPrEvent('closed'))).outputs['docs-status-state']).toBe('failure');
    pull.state = 'open';
    const reopened = await docsRepoSync(docsPrEvent('reopened'));
    expect(reopened.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'pending' });
    expect(latest()).toMatchObject({ state: 'pending', target_url: link(DOCS, DOCS_PR) });
    const written = await docsRepoSync(docsPrEvent('reopened'), { 'docs-status': 'written' });
    expect(written.outputs['docs-status-state']).toBe('success');
    expect(latest()).toMatchObject({ state: 'success', description: 'The documentation PR acme-sim/docs#5 is open' });
  });

  it('closed by the action with its code PR (the record says so): success, closed with this pull request', async () => {
    docsPull(DOCS_PR, { state: 'closed' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: true });
    seedBackLink();
    const result = await docsRepoSync(docsPrEvent('closed'));
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(latest()).toMatchObject({ state: 'success', description: 'The documentation PR acme-sim/docs#5 was closed with this pull request' });
    expect(recordIn(codeComment(), CODE_PR)!.docsPr!.closedByAction).toBe(true);
  });

  it('pushed to (synchronize): the approval is read again', async () => {
    await awaitingApproval();
    docs.pulls.get(DOCS_PR)!.reviewDecision = 'APPROVED';
    const result = await docsRepoSync(docsPrEvent('synchronize'));
    expect(result.outputs['docs-status-state']).toBe('success');
  });

  it('the code PR carries waive-label: success, waived', async () => {
    await awaitingApproval();
    codePull.labels = ['no-docs'];
    const result = await docsRepoSync(docsPrEvent('synchronize'));
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(latest()).toMatchObject({ state: 'success', description: 'Waived: the pull request carries the label no-docs', target_url: DOCS_RUN_URL });
  });
});

/** A code PR comment as the agent command leaves it, naming the documentation PR. */
function seedCodeComment(docsPr: DocsPrRecord, author = 'github-actions[bot]'): number {
  const id = 600 + github.comments.length;
  github.comments.push({
    id,
    issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
    body: `${COMMENT_MARKER}\n### Documentation agent\n\nPull request opened.\n\n${sealedRecord({ jobId: 'job_earlier', headSha: HEAD, docsPr }, CODE_PR)}`,
    user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'MEMBER',
  });
  return id;
}

/** The documentation PR's back-link comment: by default the one the action writes, naming the code PR. */
function seedBackLink(
  line = sealedBackLink({ codePr: { repository: CODE, number: CODE_PR }, commentAuthor: 'github-actions[bot]' }, DOCS_PR, DOCS),
  author = 'docs-writer[bot]',
  number = DOCS_PR,
): void {
  docs.comments.push({
    id: 900 + docs.comments.length,
    issue_url: `${github.url}/repos/${DOCS}/issues/${number}`,
    body: `${DOCS_PR_MARKER}\n### Documentation for a code pull request\n\n${line}\n`,
    user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'NONE',
  });
}

describe('only this action’s own back-link counts', () => {
  const FORGED: ReadonlyArray<{ name: string; line: () => string; author?: string }> = [
    {
      name: 'unsealed (a record line without a seal)',
      line: () => `<!-- docs-agent-action:link ${JSON.stringify({ codePr: { repository: CODE, number: CODE_PR } })} -->`,
    },
    {
      name: 'sealed under another api-key',
      line: () =>
        backLinkLine(
          { codePr: { repository: CODE, number: CODE_PR } },
          RecordSeal.fromApiKey('mint_another_key'),
          docsPrScope(repositoryIdentity(DOCS), DOCS_PR),
        ),
    },
    {
      name: 'sealed for another documentation PR (copied from it)',
      line: () => sealedBackLink({ codePr: { repository: CODE, number: CODE_PR } }, DOCS_PR + 1, DOCS),
    },
    {
      name: 'a seal that does not match its record (the code PR changed)',
      line: () => sealedBackLink({ codePr: { repository: CODE, number: CODE_PR } }, DOCS_PR, DOCS).replace(`"number":${CODE_PR}`, '"number":13'),
      author: 'mallory',
    },
  ];

  it.each(FORGED)('a back-link $name: skipped, nothing written anywhere', async ({ line, author }) => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink(line(), author);
    expect(backLinkIn(docs.comments[0]!.body, DOCS_PR, DOCS)).toBeUndefined();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(result.failed).toBe(false);
    expect(result.log.messages('notice')).toEqual([expect.stringMatching(/carries no back-link of this action's that verifies/)]);
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
    // The code repository is not even read.
    expect(github.requests.filter((r) => r.path.startsWith(`/repos/${CODE}/`))).toEqual([]);
  });

  it('the back-link is the action’s by its seal, whoever wrote the comment', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink(undefined, 'someone-who-copied-it');
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'success' });
  });

  it('a review on a pull request this action did not link: skipped, nothing written', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none', requests: '0' });
    expect(result.summary).toContain('Nothing to bring in step');
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('the back-link names the code PR, but the code PR’s comment records another documentation PR: skipped, no status, the comment left as it is', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    docsPull(6);
    seedCodeComment({ repository: DOCS, number: 6, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(github.statuses).toEqual([]);
    expect(github.callsTo('update-comment')).toEqual([]);
    expect(result.log.messages('notice')).toEqual([
      "The code PR acme/widgets#12's record names another documentation PR than acme-sim/docs#5: it speaks for the code PR, so its status and comment are left as they are.",
    ]);
  });

  it('the back-link names the code PR, but the code PR has no comment of the action’s: skipped, no status', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
    expect(result.log.messages('notice')).toEqual([
      "The code PR acme/widgets#12 has no comment of this action's (written by github-actions[bot]) with a record that verifies, so nothing says acme-sim/docs#5 is its documentation PR: its status and comment are left as they are.",
    ]);
  });
});

describe('a documentation PR the code PR no longer names sets nothing', () => {
  // The status follows the documentation PR the code PR's sealed record names. A superseded one
  // keeps its back-link: when the action closes it in the newer one's favour, its `closed` event
  // must not turn the code PR to failure ("closed without merging") while the newer one is open.
  it('a superseded documentation PR closed by the action: the code PR’s status is left as it is', async () => {
    docsPull(DOCS_PR);
    docsPull(6);
    const first = await codeRun('written', link(DOCS, DOCS_PR), { 'follow-code-pr': 'true' });
    expect(first.outputs['docs-pr-action']).toBe('linked');
    // The next job opens a newer documentation PR: the action closes the earlier one in its favour.
    const second = await codeRun('written', link(DOCS, 6), { 'follow-code-pr': 'true' });
    expect(second.outputs['docs-pr-action']).toBe('superseded');
    expect(docs.pulls.get(DOCS_PR)!.state).toBe('closed');
    expect(latest()).toMatchObject({ state: 'success', target_url: link(DOCS, 6) });
    // The closing is an event of the earlier documentation PR, which still carries its back-link.
    await docsRepoSync(docsPrEvent('closed'), { 'docs-status': 'written' });
    expect(latest()).toMatchObject({ state: 'success', target_url: link(DOCS, 6) });
  });

  // With docs-status: approved and no follow-code-pr, nothing closes the earlier documentation PR
  // when the job opens a newer one: its approval must not pass the code PR, whose record names the
  // newer one, which waits for its own.
  it('an approval of an earlier documentation PR does not pass the code PR whose record names a newer one', async () => {
    await awaitingApproval();
    docsPull(6);
    const newer = await codeRun('approved', link(DOCS, 6));
    expect(newer.outputs['docs-status-state']).toBe('pending');
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toMatchObject({ repository: DOCS, number: 6 });
    // Nothing closed the earlier one (no follow-code-pr): it is still open, with its back-link, and someone approves it.
    expect(docs.pulls.get(DOCS_PR)!.state).toBe('open');
    docs.pulls.get(DOCS_PR)!.reviewDecision = 'APPROVED';
    await docsRepoSync(reviewed('approved'));
    expect(latest()).toMatchObject({ state: 'pending', target_url: link(DOCS, 6) });
  });
});

describe('tokens and faults', () => {
  it('in another repository without code-token: one error naming code-token, nothing written', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'), { 'code-token': '' });
    expect(result.outputs).toMatchObject({ outcome: 'error', 'docs-pr-action': 'none' });
    expect(result.failures).toEqual([
      expect.stringMatching(/give code-token a token with "Commit statuses: write" and "Pull requests: write" on acme\/widgets/),
    ]);
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('a code-token without Commit statuses: write: one warning naming the permission; the comment’s documentation PR line is updated, and its gate line claims no status GitHub did not take', async () => {
    github.tokens.set(CODE_TOKEN, { login: CODE_LOGIN, repositories: { [CODE]: { pullRequests: 'write', contents: 'read' } } });
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced' });
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(result.failed).toBe(false);
    expect(result.log.messages('warning')).toEqual([
      expect.stringMatching(new RegExp(`^Could not set the documentation status on ${HEAD}: .*answered 403.*statuses: write`)),
    ]);
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: approved by its reviewers.');
    expect(codeComment()).not.toContain('**Documentation gate**');
    expect(result.summary).toContain('not written');
  });

  it('a 5xx on the status write is sent again', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    github.injectFault({ call: 'set-status', kind: 'status', status: 503 });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(github.callsTo('set-status')).toHaveLength(2);
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('the reviews cannot be read: one warning, and the status waits for them', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    github.injectFault({ call: 'review-decision', kind: 'status', status: 403 });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs['docs-status-state']).toBe('pending');
    expect(result.log.messages('warning')).toEqual([
      expect.stringMatching(/^Could not read the reviews of documentation PR acme-sim\/docs#5: .*The gate waits for them\.$/),
    ]);
  });

  it('a dry run writes nothing', async () => {
    docsPull(DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'), { 'dry-run': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'dry-run', 'docs-pr-action': 'none' });
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });
});

describe('command: sync on an event that is not a documentation PR’s own', () => {
  const WRONG: ReadonlyArray<{ name: string; event: SyncEvent }> = [
    { name: 'push', event: pushEvent('1'.repeat(40), '2'.repeat(40)) },
    { name: 'workflow_dispatch', event: workflowDispatchEvent() },
    { name: 'pull_request (opened)', event: { name: 'pull_request', payload: pullRequestEvent(DOCS_PR, { action: 'opened' }) } },
    { name: 'pull_request (labeled)', event: { name: 'pull_request', payload: pullRequestEvent(DOCS_PR, { action: 'labeled' }) } },
    {
      name: 'pull_request_review (edited)',
      event: { name: 'pull_request_review', payload: pullRequestReviewEvent(DOCS_PR, { action: 'edited', state: 'approved' }) },
    },
  ];

  it.each(WRONG)('$name: one error naming command and the events sync runs on, before any request', async ({ event }) => {
    const parse = () => flows.settingsFor({ command: 'sync' }, { name: event.name, payload: event.payload as never, actor: 'octocat' });
    expect(parse).toThrow(InputError);
    expect(parse).toThrow(
      /^Input "command" is "sync" but the event is .*: sync runs on a documentation PR's own events, pull_request_review \(submitted, dismissed\) and pull_request \(closed, reopened, synchronize\)\.$/,
    );
    await expect(flows.run({ command: 'sync' }, { event })).rejects.toThrow(InputError);
    expect(github.requests).toEqual([]);
    expect(flows.sim.requests).toEqual([]);
  });

  it('no event at all: the same error', () => {
    expect(() => flows.settingsFor({ command: 'sync' }, { name: '', payload: {}, actor: '' })).toThrow(/^Input "command" is "sync" but the event is none:/);
  });
});
