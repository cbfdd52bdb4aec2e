/**
 * `command: sync` in process: on the documentation PR's own events (a review submitted or
 * dismissed; the pull request closed, reopened or pushed to), the step finds the code PR through
 * the sealed back-link the agent command left on the documentation PR, and brings the code PR in
 * step: the `documentation` status on its current head, and the documentation PR's state in its
 * comment. In the workflow of the documentation repository (with `code-token`, a GitHub App's
 * token of another identity than the comment's author) and in one repository. No job, nothing
 * sent to the documentation API; a pull request without this action's back-link is left alone.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GateState } from '../../src/constants.js';
import { InputError } from '../../src/inputs.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, type CommentRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { RecordSeal, type RepositoryIdentity } from '../../src/memory/seal.js';
import { Phase } from '../../src/runtime.js';
import type { FakeGitHub, FakePermission, FakePullState, FakeRepository, FakeReview } from '../support/fake-github.js';
import { GITHUB_TOKEN, type FlowResult, type Flows } from '../support/in-process.js';
import {
  addDocsWorkflowTokens,
  BRANCH,
  CODE,
  CODE_LOGIN,
  CODE_PR,
  CODE_TOKEN,
  DOCS,
  DOCS_TOKEN,
  DOCS_WORKFLOW_TOKEN,
  docsPull,
  HEAD,
  link,
  useTwoRepositories,
} from '../support/two-repositories.js';
import { backLinkIn, recordIn, repositoryIdentity, sealedBackLink, sealedRecord, TEST_SEAL } from '../support/records.js';
import { pullRequestEvent, pullRequestReviewEvent, pushEvent, workflowDispatchEvent } from '../support/webhook-events.js';
import { backLinkLine } from '../../src/memory/record.js';
import { docsPrScope } from '../../src/memory/seal.js';

const DOCS_PR = 5;
const DOCS_RUN_URL = `https://github.com/${DOCS}/actions/runs/777`;

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
/** The code PR as GitHub has it now (HEAD when its job ran): its head may have moved since. */
let codePull: FakePullState;
useTwoRepositories((world) => ({ flows, github, docs, codePull } = world));
beforeEach(() => {
  flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
  addDocsWorkflowTokens(github);
  // The documentation repository's writer, whose approval counts as GitHub counts it.
  docs.collaborators.set('lead', 'write');
});
afterEach(() => {
  // A status lands only on the code PR the back-link names: in its repository, on its head (the event's, or the current one).
  expect(github.statuses.filter((status) => status.repository !== CODE || ![HEAD, codePull.headSha].includes(status.sha))).toEqual([]);
});

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
/** What a sync's status on the code PR's head is judged on, as its record keeps it: docs PR 5 alone (with the ID GitHub answers). */
const judgedSynced = () => ({
  sha: HEAD,
  outcome: 'synced',
  docsPr: { repository: DOCS, repositoryId: docs.id, number: DOCS_PR, headRef: BRANCH, closedByAction: false },
});
const writes = () => github.requests.filter((r) => r.method !== 'GET' && r.call !== 'identity' && r.call !== 'review-decision');

/** The state a code-repository run leaves when the documentation lives in another repository: pending on the approval of docs PR 5. */
async function awaitingApproval(): Promise<void> {
  docsPull(docs, DOCS_PR);
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
    // The record kept, with what the status is now judged on: the documentation PR alone (synced).
    expect(recordIn(after[0]!.body, CODE_PR)).toEqual({ ...record, judged: { ...record.judged, outcome: 'synced' } });
    expect(result.summary).toContain('## Documentation PR sync');
    expect(result.log.messages('warning')).toEqual([]);
    expect(result.log.phases).toEqual([Phase.DocsPr, Phase.Gate, Phase.Publish]);
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
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual({
      repository: DOCS,
      number: DOCS_PR,
      repositoryId: github.repositoryId(DOCS),
      headRef: BRANCH,
      closedByAction: false,
      // Who wrote its back-link: sync takes that author's back-link only.
      linkAuthor: 'docs-writer[bot]',
    });
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
    docsPull(docs, DOCS_PR, { state: 'closed' });
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
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink(line(), author);
    expect(backLinkIn(docs.comments[0]!.body, DOCS_PR, DOCS)).toBeUndefined();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(result.failed).toBe(false);
    // A back-link there that does not verify: the notice says the likely cause (a rotated key) and the way out.
    expect(result.log.messages('notice')).toEqual([
      expect.stringMatching(/^This pull request's back-link to its code PR does not verify, so it counts as none\. .*previous-api-key/),
    ]);
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
    // The code repository is not even read.
    expect(github.requests.filter((r) => r.path.startsWith(`/repos/${CODE}/`))).toEqual([]);
  });

  it('the back-link is the action’s by its seal, whoever wrote the comment', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink(undefined, 'someone-who-copied-it');
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'success' });
  });

  it('a review on a pull request this action did not link: skipped, nothing written', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none', requests: '0' });
    expect(result.summary).toContain('Nothing to bring in step');
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('the back-link names the code PR, but the code PR’s comment records another documentation PR: skipped, no status, the comment left as it is', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    docsPull(docs, 6);
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
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
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
    docsPull(docs, DOCS_PR);
    docsPull(docs, 6);
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
    docsPull(docs, 6);
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
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
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
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
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
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    github.injectFault({ call: 'set-status', kind: 'status', status: 503 });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(github.callsTo('set-status')).toHaveLength(2);
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('the reviews cannot be read: one warning, and the status waits for them', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
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
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'), { 'dry-run': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'dry-run', 'docs-pr-action': 'none' });
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
    expect(result.log.messages('info')).toContain(`Dry run: would bring code PR ${CODE}#${CODE_PR} in step; nothing was changed on GitHub.`);
    expect(result.failed).toBe(false);
  });
});

describe('what a sync run says of itself', () => {
  it('synced: the summary names both pull requests, the closing line the state written, and nothing fails', async () => {
    await awaitingApproval();
    docs.pulls.get(DOCS_PR)!.reviewDecision = 'APPROVED';
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.summary).toContain(`\`${DOCS}#${DOCS_PR}\``);
    expect(result.summary).toContain(`\`${CODE}#${CODE_PR}\``);
    expect(result.log.messages('info').at(-1)).toBe('Outcome: synced · docs PR synced · documentation success');
    expect(result.failures).toEqual([]);
  });

  it('a pull request without a back-link: skipped with its reason in the summary, no status, no comment, nothing fails', async () => {
    docsPull(docs, DOCS_PR);
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs.outcome).toBe('skipped');
    expect(result.summary).toContain('carries no back-link of this action');
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
    expect(result.failures).toEqual([]);
  });

  it('no github-token at all: outcome error, the step fails saying which input, and nothing is written', async () => {
    docsPull(docs, DOCS_PR);
    const result = await flows.run(
      { command: 'sync', 'docs-status': 'approved', 'github-token': '', 'code-token': CODE_TOKEN },
      { event: reviewed('approved'), env: { GITHUB_REPOSITORY: DOCS, GITHUB_TOKEN: '' } },
    );
    expect(result.outputs.outcome).toBe('error');
    expect(result.failures).toEqual([expect.stringContaining('Input "github-token" is empty')]);
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

// What sync says is only what it checked (the contract's *The documentation gate*): the
// documentation PR's state and reviews as GitHub has them when it runs, never the event's payload;
// a job at work holds the gate; only the action's own records count, through a key rotation and a
// rename; and the last writes each have a window of their own.

/** The code PR's head now, when it was pushed to since the record's job took `HEAD`. */
const NEWER_HEAD = 'c'.repeat(40);
const APPROVED = 'The documentation PR acme-sim/docs#5 is approved';
const WAITING = 'Waiting for the approval of the documentation PR acme-sim/docs#5';
const OPEN = 'The documentation PR acme-sim/docs#5 is open';
const CLOSED_UNMERGED = 'The documentation PR acme-sim/docs#5 was closed without merging';
const DOCS_PR_RECORD: DocsPrRecord = { repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false };
const AT_WORK = 'The documentation agent is writing the documentation for this pull request';
/** The gate line a code PR run leaves while its job is at work. */
const AT_WORK_LINE = `**Documentation gate** (\`documentation\`): ⏳ pending: ${AT_WORK}.`;
const LINKED_LINE = '**Documentation PR** `acme-sim/docs#5`: open, linked to this pull request: it is closed if this pull request is closed without merging.';

interface SeedOptions {
  readonly author?: string;
  readonly seal?: RecordSeal;
  /** The repository the record is sealed for (its ID, as the fake gives it, unless said). */
  readonly repository?: string | RepositoryIdentity;
  /** The lines the comment shows between its report and its record (its documentation PR line, its gate line). */
  readonly tail?: readonly string[];
}

/** A code PR comment with any record (a job at work, on any head), sealed as given: by default as the agent command leaves it, naming documentation PR 5. */
function seedRecord(record: Partial<CommentRecord> = {}, options: SeedOptions = {}): number {
  const author = options.author ?? 'github-actions[bot]';
  const id = 700 + github.comments.length;
  const whole: CommentRecord = { jobId: 'job_earlier', headSha: HEAD, docsPr: DOCS_PR_RECORD, ...record };
  const tail = (options.tail ?? []).map((line) => `${line}\n\n`).join('');
  github.comments.push({
    id,
    issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
    body: `${COMMENT_MARKER}\n### Documentation agent\n\nPull request opened.\n\n${tail}${sealedRecord(whole, CODE_PR, options.repository ?? CODE, options.seal)}\n`,
    user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'MEMBER',
  });
  return id;
}

/** Documentation PR 5 as GitHub has it now, the code PR's comment recording it, and its back-link: the state sync starts from. */
function linkedDocsPr(pull: Partial<FakePullState> = {}, record: Partial<CommentRecord> = {}): FakePullState {
  const docsPr = docsPull(docs, DOCS_PR, pull);
  seedRecord(record);
  seedBackLink();
  return docsPr;
}

const reviewAt = (login: string, state: FakeReview['state'], minute: number): FakeReview => ({
  login,
  state,
  submittedAt: `2026-01-05T10:${String(minute).padStart(2, '0')}:00Z`,
});

/** A status seeded as the code PR's run left it, on `sha`. */
function seedStatus(sha: string, state: GateState, description: string): void {
  github.statuses.push({ repository: CODE, sha, state, description, target_url: link(CODE, CODE_PR), context: 'documentation', token: GITHUB_TOKEN, id: 1 });
}

describe('sync reads the documentation PR from GitHub when it runs, never from the event’s payload', () => {
  it('a re-run of a closed event, the documentation PR reopened since: pending on its approval (approved), success (written); never closed without merging', async () => {
    linkedDocsPr();
    const approved = await docsRepoSync(docsPrEvent('closed'));
    expect(approved.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'pending' });
    expect(latest()).toMatchObject({ state: 'pending', description: WAITING, target_url: link(DOCS, DOCS_PR) });
    expect(codeComment()).toContain(LINKED_LINE);
    expect(codeComment()).toContain(`⏳ pending: ${WAITING.replace('acme-sim/docs#5', '`acme-sim/docs#5`')}.`);
    const written = await docsRepoSync(docsPrEvent('closed'), { 'docs-status': 'written' });
    expect(written.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({ state: 'success', description: OPEN });
    expect(github.statuses.map((status) => status.state)).toEqual(['pending', 'success']);
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual(DOCS_PR_RECORD);
  });

  it('a replayed closed event that says merged, the documentation PR open and not approved: pending, not merged', async () => {
    linkedDocsPr();
    const result = await docsRepoSync(docsPrEvent('closed', true));
    expect(result.outputs['docs-status-state']).toBe('pending');
    expect(latest()).toMatchObject({ state: 'pending', description: WAITING });
    expect(codeComment()).toContain(LINKED_LINE);
  });

  it('a late synchronize event, the documentation PR closed unmerged by someone else since (approved before it was): failure, closed without merging, in either mode', async () => {
    linkedDocsPr({ state: 'closed', reviewDecision: 'APPROVED', reviews: [review('APPROVED')] });
    for (const mode of ['approved', 'written']) {
      const result = await docsRepoSync(docsPrEvent('synchronize'), { 'docs-status': mode });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'failure' });
      expect(latest()).toMatchObject({ state: 'failure', description: CLOSED_UNMERGED, target_url: link(DOCS, DOCS_PR) });
    }
    expect(github.statuses.map((status) => status.state)).toEqual(['failure', 'failure']);
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: already closed by someone else: left as it is.');
    expect(recordIn(codeComment(), CODE_PR)!.docsPr).toEqual(DOCS_PR_RECORD);
  });

  it('a late approval of a documentation PR closed unmerged since: failure, closed without merging', async () => {
    linkedDocsPr({ state: 'closed', reviews: [review('APPROVED')] });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs['docs-status-state']).toBe('failure');
    expect(latest()).toMatchObject({ state: 'failure', description: CLOSED_UNMERGED });
  });

  it('a replayed approval whose review was dismissed since: pending', async () => {
    // The lead approved, then approved again (the event's review), and that approval was
    // dismissed: GitHub takes back what the lead's reviews said.
    const pull = linkedDocsPr({ reviews: [review('APPROVED', 1), review('DISMISSED', 2)] });
    const replayed = await docsRepoSync(reviewed('approved'));
    expect(replayed.outputs['docs-status-state']).toBe('pending');
    expect(latest()).toMatchObject({ state: 'pending', description: WAITING });
    // The only approval, dismissed.
    pull.reviews = [review('DISMISSED', 1)];
    expect((await docsRepoSync(reviewed('approved'))).outputs['docs-status-state']).toBe('pending');
    expect(github.statuses.map((status) => status.state)).toEqual(['pending', 'pending']);
  });

  it('a payload that says approved while the writers’ reviews on GitHub do not approve (the approval of someone without write access): pending', async () => {
    linkedDocsPr({ reviews: [reviewAt('passer-by', 'APPROVED', 1)] });
    const event = {
      name: 'pull_request_review',
      payload: pullRequestReviewEvent(DOCS_PR, { action: 'submitted', state: 'approved', repository: DOCS, headRef: BRANCH, reviewer: 'passer-by' }),
    };
    const result = await docsRepoSync(event);
    expect(result.outputs['docs-status-state']).toBe('pending');
    expect(latest()).toMatchObject({ state: 'pending', description: WAITING });
  });
});

describe('a job at work on the code PR’s current head holds the gate', () => {
  const HELD = `The documentation job is at work on ${HEAD} (the code PR's record says so): its pending status stays; only the comment is brought up to date.`;

  it.each([
    { name: 'merged since', pull: { state: 'closed', merged: true } as const, line: '**Documentation PR** `acme-sim/docs#5`: merged.' },
    {
      name: 'closed by someone else since',
      pull: { state: 'closed' } as const,
      line: '**Documentation PR** `acme-sim/docs#5`: already closed by someone else: left as it is.',
    },
    { name: 'approved', pull: { reviewDecision: 'APPROVED' } as const, line: LINKED_LINE },
  ])(
    'the documentation PR $name: no status written, its pending stays; the comment’s documentation PR line is brought up to date, its gate line kept',
    async ({ pull, line }) => {
      docsPull(docs, DOCS_PR, pull);
      seedRecord({ working: true }, { tail: [LINKED_LINE.replace('open', 'OPEN'), AT_WORK_LINE] });
      seedBackLink();
      seedStatus(HEAD, 'pending', AT_WORK);
      const result = await docsRepoSync(docsPrEvent('closed', pull.state === 'closed' && 'merged' in pull));
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced' });
      expect(result.outputs['docs-status-state']).toBeUndefined();
      expect(result.failed).toBe(false);
      expect(github.callsTo('set-status')).toEqual([]);
      expect(github.statuses).toHaveLength(1);
      expect(latest()).toMatchObject({ state: 'pending', description: AT_WORK });
      const body = codeComment();
      expect(body).toContain(`\n\n${line}\n\n${AT_WORK_LINE}\n\n`);
      expect(body).not.toContain('OPEN');
      expect(recordIn(body, CODE_PR)).toEqual({ jobId: 'job_earlier', headSha: HEAD, working: true, docsPr: DOCS_PR_RECORD });
      expect(result.log.messages('info')).toContain(HELD);
      expect(result.log.messages('warning')).toEqual([]);
      expect(result.log.messages('notice')).toEqual([]);
    },
  );

  it('at work on an older head (the code PR was pushed to since): the status is written as usual, on the current head', async () => {
    codePull.headSha = NEWER_HEAD;
    linkedDocsPr({ reviewDecision: 'APPROVED' }, { working: true, headSha: HEAD });
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'success' });
    expect(github.latestStatus(NEWER_HEAD, 'documentation')).toMatchObject({ state: 'success', description: APPROVED, token: CODE_TOKEN });
    expect(github.latestStatus(HEAD, 'documentation')).toBeUndefined();
    expect(result.log.messages('info').filter((line) => line.includes('is at work on'))).toEqual([]);
  });

  it('no job at work on the current head (the record says it ended): the status is written', async () => {
    linkedDocsPr({ state: 'closed' });
    const result = await docsRepoSync(docsPrEvent('closed'));
    expect(result.outputs['docs-status-state']).toBe('failure');
  });
});

describe('who may approve, as GitHub counts it', () => {
  /** The identity of the token sync reads the documentation repository with: a writer, whose own approval never counts. */
  const READER_IDENTITY = 'docs-sync';
  const PERMISSIONS: ReadonlyArray<[string, FakePermission]> = [
    ['reader', 'read'],
    ['triager', 'triage'],
    ['helper[bot]', 'write'],
    [READER_IDENTITY, 'admin'],
    ['keeper', 'maintain'],
    ['owner', 'admin'],
  ];
  const CASES: ReadonlyArray<{ name: string; reviews: FakeReview[]; decision?: FakePullState['reviewDecision']; approved: boolean }> = [
    { name: 'a reader’s approval', reviews: [reviewAt('reader', 'APPROVED', 1)], approved: false },
    { name: 'a triager’s approval', reviews: [reviewAt('triager', 'APPROVED', 1)], approved: false },
    { name: 'the approval of someone who is no collaborator', reviews: [reviewAt('passer-by', 'APPROVED', 1)], approved: false },
    { name: 'the approval of a bot with write access', reviews: [reviewAt('helper[bot]', 'APPROVED', 1)], approved: false },
    { name: 'the approval of the reading token’s own identity, an admin', reviews: [reviewAt(READER_IDENTITY, 'APPROVED', 1)], approved: false },
    { name: 'a writer’s approval', reviews: [reviewAt('lead', 'APPROVED', 1)], approved: true },
    { name: 'a maintainer’s approval', reviews: [reviewAt('keeper', 'APPROVED', 1)], approved: true },
    { name: 'an admin’s approval', reviews: [reviewAt('owner', 'APPROVED', 1)], approved: true },
    {
      name: 'a writer’s change request, then a reader’s approval',
      reviews: [reviewAt('lead', 'CHANGES_REQUESTED', 1), reviewAt('reader', 'APPROVED', 2)],
      approved: false,
    },
    {
      name: 'a writer’s change request, then another writer’s approval',
      reviews: [reviewAt('lead', 'CHANGES_REQUESTED', 1), reviewAt('owner', 'APPROVED', 2)],
      approved: false,
    },
    {
      name: 'a writer’s approval, then a bot’s change request',
      reviews: [reviewAt('lead', 'APPROVED', 1), reviewAt('helper[bot]', 'CHANGES_REQUESTED', 2)],
      approved: true,
    },
    {
      name: 'a writer’s approval, then a reader’s change request',
      reviews: [reviewAt('lead', 'APPROVED', 1), reviewAt('reader', 'CHANGES_REQUESTED', 2)],
      approved: true,
    },
    {
      name: 'a writer’s approval, then the reading identity’s change request',
      reviews: [reviewAt('lead', 'APPROVED', 1), reviewAt(READER_IDENTITY, 'CHANGES_REQUESTED', 2)],
      approved: true,
    },
    {
      name: 'a writer’s change request, then the same writer’s approval',
      reviews: [reviewAt('lead', 'CHANGES_REQUESTED', 1), reviewAt('lead', 'APPROVED', 2)],
      approved: true,
    },
    {
      name: 'a writer’s approval, then the same writer’s change request',
      reviews: [reviewAt('lead', 'APPROVED', 1), reviewAt('lead', 'CHANGES_REQUESTED', 2)],
      approved: false,
    },
    { name: 'a writer’s approval, then a comment of theirs', reviews: [reviewAt('lead', 'APPROVED', 1), reviewAt('lead', 'COMMENTED', 2)], approved: true },
    {
      name: 'a writer’s change request since dismissed, and another writer’s approval',
      reviews: [reviewAt('owner', 'APPROVED', 1), reviewAt('lead', 'DISMISSED', 2)],
      approved: true,
    },
    { name: 'a writer’s approval since dismissed', reviews: [reviewAt('lead', 'DISMISSED', 1)], approved: false },
    { name: 'GitHub’s review decision APPROVED (a required review)', reviews: [reviewAt('reader', 'APPROVED', 1)], decision: 'APPROVED', approved: true },
    {
      name: 'GitHub’s review decision REVIEW_REQUIRED over a writer’s approval',
      reviews: [reviewAt('lead', 'APPROVED', 1)],
      decision: 'REVIEW_REQUIRED',
      approved: false,
    },
  ];

  it.each(CASES.map((given) => ({ ...given, state: given.approved ? 'success' : 'pending' })))('$name: $state', async ({ reviews, decision, approved }) => {
    github.tokens.set(DOCS_WORKFLOW_TOKEN, {
      login: READER_IDENTITY,
      repositories: { [DOCS]: { pullRequests: 'write', contents: 'write', statuses: 'write' } },
    });
    for (const [login, permission] of PERMISSIONS) docs.collaborators.set(login, permission);
    linkedDocsPr({ reviews, reviewDecision: decision ?? null });
    const result = await docsRepoSync(reviewed('approved'));
    const state = approved ? 'success' : 'pending';
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': state });
    expect(latest()).toMatchObject({ state, description: approved ? APPROVED : WAITING, target_url: link(DOCS, DOCS_PR) });
    expect(result.log.messages('warning')).toEqual([]);
  });
});

describe('only the action’s own comment on the code PR speaks for it', () => {
  const NO_COMMENT_BY = (author: string): string =>
    `The code PR acme/widgets#12 has no comment of this action's (written by ${author}) with a record that verifies, so nothing says acme-sim/docs#5 is its documentation PR: its status and comment are left as they are.`;

  it('the action’s comment deleted, another user’s comment carrying a copy of its verified record and marker: skipped, no status, no comment edited', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedRecord({}, { author: 'mallory' });
    seedBackLink();
    expect(recordIn(codeComment(), CODE_PR)).toBeDefined();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(result.failed).toBe(false);
    expect(result.log.messages('notice')).toEqual([NO_COMMENT_BY('github-actions[bot]')]);
    expect(result.log.messages('warning')).toEqual([]);
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('a newer copy by another user beside the action’s comment: the action’s record speaks (it names a newer documentation PR), the copy is not read', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    docsPull(docs, 6);
    seedRecord({ docsPr: { ...DOCS_PR_RECORD, number: 6 } });
    seedRecord({}, { author: 'mallory' });
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('a back-link written before it named the comment’s author: the comment of code-token’s own identity only', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    // The code workflow's GITHUB_TOKEN wrote this one; code-token is another identity's.
    seedRecord();
    seedBackLink(sealedBackLink({ codePr: { repository: CODE, number: CODE_PR } }, DOCS_PR, DOCS));
    const skipped = await docsRepoSync(reviewed('approved'));
    expect(skipped.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(skipped.log.messages('notice')).toEqual([NO_COMMENT_BY(CODE_LOGIN)]);
    expect(github.statuses).toEqual([]);
    expect(github.callsTo('update-comment')).toEqual([]);

    const ours = seedRecord({}, { author: CODE_LOGIN });
    const synced = await docsRepoSync(reviewed('approved'));
    expect(synced.outputs).toMatchObject({ outcome: 'synced', 'docs-status-state': 'success' });
    expect(github.callsTo('update-comment').map((call) => call.path)).toEqual([`/repos/${CODE}/issues/comments/${ours}`]);
  });
});

describe('a key rotation: the records sealed under the earlier key', () => {
  const EARLIER_KEY = 'mint_earlier_key_before_rotation';
  const EARLIER = RecordSeal.fromApiKey(EARLIER_KEY);
  const UNVERIFIED =
    "The pull-request comment's hidden record does not verify, so it counts as none. Most likely api-key was rotated since it was written (admin keys expire, by default after 90 days): give the earlier key as previous-api-key until every open pull request has been written again; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.";
  const earlierBackLink = (): string =>
    sealedBackLink({ codePr: { repository: CODE, number: CODE_PR }, commentAuthor: 'github-actions[bot]' }, DOCS_PR, DOCS, EARLIER);

  it('the code PR’s record under the earlier key, without previous-api-key: skipped, with the notice that names previous-api-key as the way out', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedRecord({}, { seal: EARLIER });
    // The back-link was written again under api-key since.
    seedBackLink();
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.log.messages('notice')).toContain(UNVERIFIED);
    expect(result.log.messages('warning')).toEqual([]);
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('the back-link under the earlier key too, without previous-api-key: skipped, nothing written', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedRecord({}, { seal: EARLIER });
    seedBackLink(earlierBackLink());
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.log.messages('notice')).toHaveLength(1);
    expect(github.statuses).toEqual([]);
    expect(writes()).toEqual([]);
  });

  // The contract: a record that does not verify counts as none "with one notice that says the
  // likely cause and the way out (a rotated key: give the earlier one as previous-api-key)".
  it('the back-link under the earlier key, without previous-api-key: its one notice names previous-api-key as the way out', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedRecord({}, { seal: EARLIER });
    seedBackLink(earlierBackLink());
    const result = await docsRepoSync(reviewed('approved'));
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.log.messages('notice')).toEqual([expect.stringContaining('previous-api-key')]);
  });

  it('with previous-api-key: synced; the code PR’s record it writes verifies under api-key only', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedRecord({}, { seal: EARLIER });
    seedBackLink(earlierBackLink());
    const result = await docsRepoSync(reviewed('approved'), { 'previous-api-key': EARLIER_KEY });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({ state: 'success', description: APPROVED });
    const body = codeComment();
    expect(recordIn(body, CODE_PR, CODE, TEST_SEAL)).toEqual({ jobId: 'job_earlier', headSha: HEAD, docsPr: DOCS_PR_RECORD, judged: judgedSynced() });
    expect(recordIn(body, CODE_PR, CODE, EARLIER)).toBeUndefined();
    expect(result.log.messages('info')).toContain(
      "The pull-request comment's record was sealed under previous-api-key: this run's next write of it seals it under api-key.",
    );
    expect(result.log.messages('notice')).toEqual([]);
    expect(result.log.messages('warning')).toEqual([]);
  });
});

describe('a rename or transfer keeps the records', () => {
  const MOVED = 'acme-docs/handbook';

  /** sync in the documentation repository's workflow once it was transferred and renamed: its new name, its ID as before. */
  function movedDocsRepoSync(name: string, id: number): Promise<FlowResult> {
    const payload = pullRequestReviewEvent(DOCS_PR, { action: 'submitted', state: 'approved', repository: name, repositoryId: id, headRef: BRANCH });
    return flows.run(
      { command: 'sync', 'docs-status': 'approved', 'github-token': DOCS_WORKFLOW_TOKEN, 'code-token': CODE_TOKEN },
      { event: { name: 'pull_request_review', payload }, env: { GITHUB_REPOSITORY: name, GITHUB_REPOSITORY_ID: String(id), GITHUB_RUN_ID: '778' } },
    );
  }

  it('the documentation repository transferred and renamed: the back-link written before still verifies, and the code PR is brought in step', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedBackLink();
    // The code PR's record names the documentation PR by the name a code PR run last recorded: the new one.
    seedRecord({ docsPr: { ...DOCS_PR_RECORD, repository: MOVED } });
    const id = github.repositoryId(DOCS);
    github.rename(DOCS, MOVED);
    expect(github.repositoryId(MOVED)).toBe(id);
    const result = await movedDocsRepoSync(MOVED, id);
    expect(result.log.messages('notice')).toEqual([]);
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({
      state: 'success',
      description: 'The documentation PR acme-docs/handbook#5 is approved',
      target_url: link(MOVED, DOCS_PR),
    });
  });

  // The code PR's record keeps the documentation repository's ID beside its name (as GitHub
  // answered it when the agent command found the documentation PR): a rename since keeps it the
  // same pull request.
  it('the documentation repository renamed, the code PR’s record naming it by its earlier name and its ID: the code PR is still brought in step', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedBackLink();
    const id = github.repositoryId(DOCS);
    seedRecord({ docsPr: { ...DOCS_PR_RECORD, repositoryId: id } });
    github.rename(DOCS, MOVED);
    const result = await movedDocsRepoSync(MOVED, id);
    expect(result.log.messages('notice')).toEqual([]);
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success' });
  });

  // A record written before records kept the repository's ID names it by name only: after a
  // rename nothing ties it to this pull request, and sync leaves the code PR as it is, saying so,
  // until the code PR's next run records the documentation PR anew.
  it('a record written before the ID was kept, after a rename of the documentation repository: skipped, with one notice', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedBackLink();
    seedRecord();
    const id = github.repositoryId(DOCS);
    github.rename(DOCS, MOVED);
    const result = await movedDocsRepoSync(MOVED, id);
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
    expect(result.log.messages('notice')).toHaveLength(1);
    expect(github.statuses).toEqual([]);
  });

  it.each([
    { name: 'and its ID', repositoryId: true },
    { name: 'without its ID (the code PR’s own says it)', repositoryId: false },
  ])(
    'the code repository renamed: the code PR’s record written before still verifies (the back-link names the code repository as it is named now $name)',
    async ({ repositoryId }) => {
      const RENAMED = 'acme/gadgets';
      const id = github.repositoryId(CODE);
      docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
      const comment = seedRecord();
      // GitHub redirects a repository's earlier name, which the fake does not (so that nothing leans on it): the back-link names the code repository by its new name.
      seedBackLink(
        sealedBackLink(
          { codePr: { repository: RENAMED, number: CODE_PR, ...(repositoryId ? { repositoryId: id } : {}) }, commentAuthor: 'github-actions[bot]' },
          DOCS_PR,
          DOCS,
        ),
      );
      github.rename(CODE, RENAMED);
      try {
        const result = await docsRepoSync(reviewed('approved'));
        expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success' });
        expect(github.latestStatus(HEAD, 'documentation', RENAMED)).toMatchObject({ state: 'success', description: APPROVED, token: CODE_TOKEN });
        expect(github.callsTo('update-comment').map((call) => call.path)).toEqual([`/repos/${RENAMED}/issues/comments/${comment}`]);
        expect(recordIn(codeComment(), CODE_PR, { id, name: RENAMED })).toEqual({
          jobId: 'job_earlier',
          headSha: HEAD,
          docsPr: DOCS_PR_RECORD,
          judged: judgedSynced(),
        });
        expect(result.log.messages('notice')).toEqual([]);
        expect(result.log.messages('warning')).toEqual([]);
      } finally {
        github.rename(RENAMED, CODE);
      }
    },
  );
});

describe('a documentation PR GitHub does not answer for', () => {
  it('a 5xx on every read of the documentation PR: one warning, and the status and the comment stay as they were (nothing new was checked)', async () => {
    docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
    seedCodeComment({ repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false });
    seedBackLink();
    const before = codeComment();
    github.injectFault({ call: 'pull-request', kind: 'status', status: 502, times: 10, skip: 1 });
    const result = await docsRepoSync(reviewed('approved'), { retries: '0' });
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
    expect(result.log.messages('warning')).toEqual([
      expect.stringMatching(/^Could not read documentation PR acme-sim\/docs#5: .*502.* It is not taken as the documentation PR in this run\.$/),
    ]);
    expect(github.statuses).toEqual([]);
    expect(codeComment()).toBe(before);
  });
});

describe('the last writes: the status first, then the comment, each in a window of its own', () => {
  const STATUS_NOT_SET = `Could not set the documentation status on ${HEAD}: `;
  const COMMENT_NOT_WRITTEN = 'Could not write the pull-request comment: ';
  const APPROVED_LINE = '**Documentation gate** (`documentation`): ✅ success: The documentation PR `acme-sim/docs#5` is approved.';

  /** What every one of these runs leaves: synced, nothing said above info but the one warning of a failed write, the status as GitHub took it. */
  function expectSynced(result: FlowResult, warning: RegExp | undefined, status: GateState | undefined): void {
    expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced' });
    expect(result.outputs['docs-status-state']).toBe(status);
    expect(result.failed).toBe(false);
    expect(result.failures).toEqual([]);
    expect(result.log.messages('warning')).toEqual(warning ? [expect.stringMatching(warning)] : []);
    expect(result.log.messages('notice')).toEqual([]);
    expect(result.log.messages('error')).toEqual([]);
  }
  const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('the status hangs: one warning; the comment is still written, its gate line claiming no status', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    github.injectFault({ call: 'set-status', kind: 'hang' });
    const result = await docsRepoSync(reviewed('approved'), { 'request-timeout': '500ms' });
    expectSynced(result, new RegExp(`^${escaped(STATUS_NOT_SET)}GitHub set commit status .*timed out`), undefined);
    expect(github.statuses).toEqual([]);
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: approved by its reviewers.');
    expect(codeComment()).not.toContain('**Documentation gate**');
  });

  it('the comment hangs: the status was written first; one warning', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    const before = codeComment();
    github.injectFault({ call: 'update-comment', kind: 'hang' });
    const result = await docsRepoSync(reviewed('approved'), { 'request-timeout': '500ms' });
    expectSynced(result, new RegExp(`^${escaped(COMMENT_NOT_WRITTEN)}GitHub update comment .*timed out`), 'success');
    expect(latest()).toMatchObject({ state: 'success', description: APPROVED });
    expect(codeComment()).toBe(before);
    const order = github.requests.filter((r) => r.call === 'set-status' || r.call === 'update-comment').map((r) => r.call);
    expect(order).toEqual(['set-status', 'update-comment']);
  });

  it('a 5xx on every try of the status: one warning once its retries are spent; the comment is still written', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    github.injectFault({ call: 'set-status', kind: 'status', status: 502, times: 10 });
    const result = await docsRepoSync(reviewed('approved'), { retries: '1' });
    expectSynced(result, new RegExp(`^${escaped(STATUS_NOT_SET)}.*502`), undefined);
    expect(github.callsTo('set-status')).toHaveLength(2);
    expect(github.statuses).toEqual([]);
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: approved by its reviewers.');
    expect(codeComment()).not.toContain('**Documentation gate**');
  });

  it('a 5xx on every try of the comment: the status was written; one warning', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    const before = codeComment();
    github.injectFault({ call: 'update-comment', kind: 'status', status: 502, times: 10 });
    const result = await docsRepoSync(reviewed('approved'), { retries: '1' });
    expectSynced(result, new RegExp(`^${escaped(COMMENT_NOT_WRITTEN)}.*502`), 'success');
    expect(github.callsTo('update-comment')).toHaveLength(2);
    expect(latest()).toMatchObject({ state: 'success', description: APPROVED });
    expect(codeComment()).toBe(before);
  });

  it('the status’s window runs out (a retry, then a hang): one warning; the comment, in a window of its own, is still written', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    github.injectFault({ call: 'set-status', kind: 'status', status: 503 });
    github.injectFault({ call: 'set-status', kind: 'hang' });
    const result = await docsRepoSync(reviewed('approved'), { 'request-timeout': '1500ms' });
    expectSynced(result, new RegExp(`^${escaped(STATUS_NOT_SET)}.*timed out`), undefined);
    expect(github.statuses).toEqual([]);
    expect(codeComment()).toContain('**Documentation PR** `acme-sim/docs#5`: approved by its reviewers.');
    expect(codeComment()).not.toContain('**Documentation gate**');
  });

  it('the comment’s window runs out (a retry, then a hang): the status was written; one warning', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    github.injectFault({ call: 'update-comment', kind: 'status', status: 503 });
    github.injectFault({ call: 'update-comment', kind: 'hang' });
    const result = await docsRepoSync(reviewed('approved'), { 'request-timeout': '1500ms' });
    expectSynced(result, new RegExp(`^${escaped(COMMENT_NOT_WRITTEN)}.*timed out`), 'success');
    expect(latest()).toMatchObject({ state: 'success', description: APPROVED });
  });

  it('the step’s timeout spent by the reads (retried until a second before it): the status, then the comment, each still get a window of their own past it', async () => {
    linkedDocsPr({ reviewDecision: 'APPROVED' });
    const start = flows.time.now();
    // 1 s, then 4 s of retry pauses: 5 s of the step's 6.
    github.injectFault({ call: 'review-decision', kind: 'status', status: 503, times: 2 });
    // And as much again for each write: 5 s each, past the step's timeout, within a request-timeout each.
    github.injectFault({ call: 'set-status', kind: 'status', status: 503, times: 2 });
    github.injectFault({ call: 'update-comment', kind: 'status', status: 503, times: 2 });
    const result = await docsRepoSync(reviewed('approved'), { timeout: '6s', 'request-timeout': '6s' });
    expectSynced(result, undefined, 'success');
    expect(latest()).toMatchObject({ state: 'success', description: APPROVED });
    expect(codeComment()).toContain(APPROVED_LINE);
    expect(flows.time.now() - start).toBe(15_000);
  });
});

describe('property: the status sync writes is what GitHub says now, whatever event it runs on', () => {
  /** The identity of the token sync reads the documentation repository with (a user's: not a bot). */
  const VIEWER = 'docs-sync';
  const REVIEWERS = ['ana', 'bo', 'cy', 'helper[bot]', VIEWER] as const;
  const WRITERS: ReadonlySet<FakePermission | undefined> = new Set<FakePermission>(['admin', 'maintain', 'write']);
  type Mode = 'written' | 'approved';

  interface Step {
    /** The documentation PR as GitHub has it now. */
    readonly docs: 'open' | 'closed' | 'merged';
    readonly reviews: ReadonlyArray<{ readonly login: string; readonly state: FakeReview['state'] }>;
    readonly decision: FakePullState['reviewDecision'];
    /** A code PR run since left this record (else the record as the last sync left it stands). */
    readonly record: { readonly working: boolean; readonly onCurrentHead: boolean; readonly closedByAction: boolean; readonly namesThis: boolean } | undefined;
    /** GitHub refuses the status (a missing permission). */
    readonly statusRefused: boolean;
    readonly event: EventShape;
    readonly mode: Mode;
  }

  /** One of sync's events (a review submitted or dismissed; the pull request closed, reopened or pushed to), its payload saying any state of the documentation PR. */
  type EventKind =
    | { readonly review: 'approved' | 'changes_requested' | 'commented' | 'dismissed'; readonly action: 'submitted' | 'dismissed' }
    | { readonly pull: 'closed' | 'reopened' | 'synchronize'; readonly merged: boolean };
  interface EventShape {
    readonly kind: EventKind;
    /** What the payload's pull request says of itself, whatever GitHub says now. */
    readonly says: { readonly state: 'open' | 'closed'; readonly merged: boolean } | undefined;
  }

  const event: fc.Arbitrary<EventShape> = fc.record({
    kind: fc.oneof(
      fc.record({
        review: fc.constantFrom('approved', 'changes_requested', 'commented', 'dismissed' as const),
        action: fc.constantFrom('submitted', 'dismissed' as const),
      }),
      fc.record({ pull: fc.constantFrom('closed', 'reopened', 'synchronize' as const), merged: fc.boolean() }),
    ),
    says: fc.option(fc.record({ state: fc.constantFrom('open', 'closed' as const), merged: fc.boolean() }), { nil: undefined }),
  });

  function syncEventOf({ kind, says }: EventShape): SyncEvent {
    const { name, payload } = 'review' in kind ? reviewed(kind.review, kind.action) : docsPrEvent(kind.pull, kind.merged);
    const given = payload as { pull_request: object };
    return says ? { name, payload: { ...given, pull_request: { ...given.pull_request, ...says } } } : { name, payload };
  }

  const step: fc.Arbitrary<Step> = fc.record({
    docs: fc.constantFrom('open', 'open', 'open', 'closed', 'closed', 'merged' as const),
    reviews: fc.array(
      fc.record({ login: fc.constantFrom(...REVIEWERS), state: fc.constantFrom('APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED' as const) }),
      {
        maxLength: 5,
      },
    ),
    decision: fc.constantFrom(null, null, null, 'APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED' as const),
    record: fc.option(
      fc.record({
        working: fc.boolean(),
        onCurrentHead: fc.boolean(),
        closedByAction: fc.boolean(),
        namesThis: fc.constantFrom(true, true, true, true, true, false),
      }),
      {
        nil: undefined,
      },
    ),
    statusRefused: fc.constantFrom(false, false, false, false, false, true),
    event,
    mode: fc.constantFrom('approved', 'approved', 'written' as const),
  });

  const permissions = fc.tuple(
    ...REVIEWERS.map(() => fc.constantFrom<FakePermission | undefined>('write', 'admin', 'maintain', 'write', undefined, 'read', 'triage')),
  );

  /** Approved as GitHub counts it: its decision, or where there is none, each writer's latest opinion (a dismissal takes it back), never a bot's nor the reading identity's. */
  function approvedOnGitHub(decision: Step['decision'], reviews: Step['reviews'], permission: (login: string) => FakePermission | undefined): boolean {
    if (decision) return decision === 'APPROVED';
    const latest = new Map<string, FakeReview['state']>();
    for (const { login, state } of reviews) if (state !== 'COMMENTED') latest.set(login, state);
    const counted = [...latest].filter(
      ([login, state]) => state !== 'DISMISSED' && WRITERS.has(permission(login)) && !login.endsWith('[bot]') && login !== VIEWER,
    );
    return counted.some(([, state]) => state === 'APPROVED') && !counted.some(([, state]) => state === 'CHANGES_REQUESTED');
  }

  function expectedState(step: Step, closedByAction: boolean, approved: boolean): GateState {
    if (step.docs === 'merged') return 'success';
    if (step.docs === 'closed') return closedByAction ? 'success' : 'failure';
    return step.mode === 'written' || approved ? 'success' : 'pending';
  }

  const ours = (record: Partial<NonNullable<Step['record']>> = {}): Step['record'] => ({
    working: false,
    onCurrentHead: true,
    closedByAction: false,
    namesThis: true,
    ...record,
  });
  const quiet = { reviews: [], decision: null, record: undefined, statusRefused: false, mode: 'approved' } as const;
  /** Sequences the generated ones may miss: closed by the action, reopened, closed by someone; approvals that count and that do not; a job at work, then done. */
  const EXAMPLES: Array<[ReadonlyArray<FakePermission | undefined>, Step[]]> = [
    [
      ['write', 'write', 'read', 'write', 'admin'],
      [
        { ...quiet, docs: 'closed', record: ours({ closedByAction: true }), event: { kind: { pull: 'closed', merged: false }, says: undefined } },
        { ...quiet, docs: 'open', event: { kind: { pull: 'closed', merged: false }, says: undefined } },
        { ...quiet, docs: 'closed', event: { kind: { pull: 'reopened', merged: false }, says: undefined } },
      ],
    ],
    [
      ['write', 'maintain', 'read', 'write', 'admin'],
      [
        {
          ...quiet,
          docs: 'open',
          reviews: [
            { login: 'ana', state: 'CHANGES_REQUESTED' },
            { login: 'helper[bot]', state: 'APPROVED' },
            { login: VIEWER, state: 'APPROVED' },
            { login: 'ana', state: 'APPROVED' },
            { login: 'cy', state: 'CHANGES_REQUESTED' },
          ],
          record: ours({ working: true, onCurrentHead: false }),
          event: { kind: { review: 'approved', action: 'submitted' }, says: undefined },
        },
        {
          ...quiet,
          docs: 'open',
          reviews: [{ login: 'ana', state: 'DISMISSED' }],
          record: ours({ working: true }),
          event: { kind: { review: 'approved', action: 'submitted' }, says: undefined },
        },
        {
          ...quiet,
          docs: 'open',
          reviews: [{ login: 'bo', state: 'APPROVED' }],
          record: ours(),
          event: { kind: { review: 'dismissed', action: 'dismissed' }, says: { state: 'closed', merged: true } },
        },
      ],
    ],
  ];
  it('a status matching GitHub, or one warning, or skipped or held with one line, for every run of a sequence', async () => {
    github.tokens.set(DOCS_WORKFLOW_TOKEN, { login: VIEWER, repositories: { [DOCS]: { pullRequests: 'write', contents: 'write', statuses: 'write' } } });
    await fc.assert(
      fc.asyncProperty(permissions, fc.array(step, { minLength: 1, maxLength: 3 }), async (given, steps) => {
        // A world of its own for each sequence.
        github.statuses.length = 0;
        github.comments.length = 0;
        docs.comments.length = 0;
        docs.pulls.clear();
        docs.collaborators.clear();
        const permission = (login: string): FakePermission | undefined => given[REVIEWERS.indexOf(login as (typeof REVIEWERS)[number])];
        for (const login of REVIEWERS) if (permission(login)) docs.collaborators.set(login, permission(login)!);
        seedBackLink();
        for (const [index, current] of steps.entries()) {
          docsPull(docs, DOCS_PR, {
            state: current.docs === 'open' ? 'open' : 'closed',
            merged: current.docs === 'merged',
            reviews: current.reviews.map(({ login, state }, minute) => reviewAt(login, state, minute)),
            reviewDecision: current.decision,
          });
          const made = current.record ?? (index === 0 ? { working: false, onCurrentHead: true, closedByAction: false, namesThis: true } : undefined);
          if (made) {
            github.comments.length = 0;
            seedRecord({
              headSha: made.onCurrentHead ? HEAD : NEWER_HEAD,
              ...(made.working ? { working: true as const } : {}),
              docsPr: { ...DOCS_PR_RECORD, number: made.namesThis ? DOCS_PR : 6, closedByAction: made.closedByAction },
            });
          }
          if (current.statusRefused) github.injectFault({ call: 'set-status', kind: 'status', status: 403 });
          const record = recordIn(codeComment(), CODE_PR)!;
          const from = github.statuses.length;
          const result = await docsRepoSync(syncEventOf(current.event), { 'docs-status': current.mode });
          github.clearFaults();
          const written = github.statuses.slice(from);
          const warnings = result.log.messages('warning');
          const notices = result.log.messages('notice');
          const held = result.log.messages('info').filter((line) => line.startsWith('The documentation job is at work on'));
          expect(result.failed).toBe(false);
          if (record.docsPr?.number !== DOCS_PR) {
            expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-pr-action': 'none' });
            expect([written, warnings, held, notices.length]).toEqual([[], [], [], 1]);
          } else if (record.working && record.headSha === HEAD) {
            expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced' });
            expect([written, warnings, notices, held.length]).toEqual([[], [], [], 1]);
          } else {
            const state = expectedState(current, record.docsPr.closedByAction, approvedOnGitHub(current.decision, current.reviews, permission));
            expect(result.outputs.outcome).toBe('synced');
            expect([notices, held]).toEqual([[], []]);
            if (current.statusRefused) {
              expect([written, warnings.length]).toEqual([[], 1]);
            } else {
              expect(warnings).toEqual([]);
              expect(written.map((status) => status.state)).toEqual([state]);
              expect(result.outputs['docs-status-state']).toBe(state);
              // Success only for what GitHub says now: merged, closed by the action, or open and written or approved.
              if (state === 'success') {
                expect(
                  current.docs === 'merged' ||
                    (current.docs === 'closed' && record.docsPr.closedByAction) ||
                    (current.docs === 'open' && (current.mode === 'written' || approvedOnGitHub(current.decision, current.reviews, permission))),
                ).toBe(true);
              }
            }
          }
        }
      }),
      { numRuns: 20, seed: 20_261_127, examples: EXAMPLES },
    );
  });
});
