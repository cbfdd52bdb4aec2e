/**
 * The documentation gate on a merge queue's commit, in process: the pull request's own run (the
 * agent command with `docs-status`) leaves its status and its record, then the same step on the
 * `merge_group` event gates the queue's commit — judged again from GitHub, for the pull request's
 * head now — against the API simulator and the fake GitHub, with fake time. Every row of the
 * contract's *Merge queues*: `success` only where the pull request's own gate would be `success`
 * now; `failure`, saying why, for everything else; nothing on a `destroyed` group or without
 * `docs-status`. No job, no comment, nothing on the documentation side, and a handful of reads.
 */
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER } from '../../../src/memory/record.js';
import { fileDiff, type FakeGitHub, type FakePullState, type FakeRepository, type FakeStatus } from '../../support/fake-github.js';
import type { FlowOptions, FlowResult, Flows } from '../../support/in-process.js';
import { recordIn, sealedBackLink, sealedRecord } from '../../support/records.js';
import {
  BRANCH,
  CODE,
  CODE_PR,
  codePrComment,
  DOCS,
  DOCS_TOKEN,
  docsPull,
  HEAD,
  link,
  linkedDocsPr,
  useTwoRepositories,
} from '../../support/two-repositories.js';
import { mergeGroupEvent, pullRequestEvent, type MergeGroupEventOptions, type PullRequestEventOptions } from '../../support/webhook-events.js';

/** The merge queue's own commit for the pull request: where the queue wants `documentation`. */
const QUEUE_SHA = 'c'.repeat(40);
const INPUTS = { 'docs-status': 'written', 'pr-comment': 'true', diff: 'false', prompt: 'Document the retries flag', 'docs-token': DOCS_TOKEN };

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
let codePull: FakePullState;
useTwoRepositories((world) => ({ flows, github, docs, codePull } = world));

/** The pull request's own run: the job opens docs PR 5 (unless `prLink` says otherwise). */
async function pullRequestRun(
  inputs: Record<string, string> = {},
  event: PullRequestEventOptions = {},
  prLink: string | null = link(DOCS, 5),
): Promise<FlowResult> {
  if (prLink) {
    flows.sim.queuePrLinks(prLink);
    if (!docs.pulls.has(5)) docsPull(docs, 5);
  }
  return flows.run(
    { ...INPUTS, ...inputs },
    { event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened', ...event }) }, env: { GITHUB_RUN_ID: '4242' } },
  );
}

/** The same step on the merge queue's event, as the documented workflow runs it. */
function queueRun(
  inputs: Record<string, string> = {},
  group: MergeGroupEventOptions & { number?: number } = {},
  options: FlowOptions = {},
): Promise<FlowResult> {
  flows.sim.resetLog();
  github.requests.length = 0;
  const event = mergeGroupEvent(group.number ?? CODE_PR, { headSha: QUEUE_SHA, ...group });
  return flows.run(
    { ...INPUTS, ...inputs },
    { ...options, event: { name: event.name, payload: event.payload }, env: { GITHUB_RUN_ID: '4242', ...options.env } },
  );
}

const queueStatus = (): FakeStatus | undefined => github.latestStatus(QUEUE_SHA, 'documentation');
const queueStatuses = (): FakeStatus[] => github.statuses.filter((status) => status.sha === QUEUE_SHA);
const calls = (): string[] => github.requests.map((request) => request.call ?? `${request.method} ${request.path}`);
/** What the run changed anywhere: GitHub's writes, and every request to the documentation API. */
const writes = () => github.requests.filter((request) => request.method !== 'GET' && request.call !== 'identity' && request.call !== 'review-decision');

function expectGated(result: FlowResult, state: FakeStatus['state'], description: string | RegExp): void {
  // No request to the API, and the output says so.
  expect(result.outputs).toMatchObject({ outcome: 'gated', 'docs-status-state': state, requests: '0' });
  expect(result.failed).toBe(false);
  expect(queueStatuses()).toHaveLength(1);
  const status = queueStatus()!;
  expect(status.state).toBe(state);
  if (typeof description === 'string') expect(status.description).toBe(description);
  else expect(status.description).toMatch(description);
  // Nothing but the status: no job, no comment, nothing on the documentation side.
  expect(flows.sim.requests).toEqual([]);
  expect(writes().map((request) => request.call)).toEqual(['set-status']);
}

describe('the queue’s commit passes only where the pull request’s own gate would pass now', () => {
  it('written: the documentation PR open, as its run left it — success on the queue’s commit, linking it, in a handful of reads', async () => {
    const code = await pullRequestRun();
    expect(code.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success' });
    const result = await queueRun();
    expectGated(result, 'success', 'The documentation PR acme-sim/docs#5 is open');
    expect(queueStatus()!.target_url).toBe(link(DOCS, 5));
    // The pull request, its comments, the identity that wrote them, the documentation PR; then the status.
    expect(calls()).toEqual(['pull-request', 'list-comments', 'identity', 'pull-request', 'set-status']);
    expect(result.summary).toContain('## Documentation gate on the merge queue');
    expect(result.log.messages('info')).toContain(`Outcome: gated · documentation success on the merge queue's commit`);
  });

  it('approved: pending on the pull request is failure on the queue (it cannot wait); approved since, success', async () => {
    await pullRequestRun({ 'docs-status': 'approved' });
    const waiting = await queueRun({ 'docs-status': 'approved' });
    expectGated(waiting, 'failure', 'Waiting for the approval of the documentation PR acme-sim/docs#5; a merge queue cannot wait for it');

    docs.pulls.get(5)!.reviewDecision = 'APPROVED';
    github.statuses.length = 0;
    const approved = await queueRun({ 'docs-status': 'approved' });
    expectGated(approved, 'success', 'The documentation PR acme-sim/docs#5 is approved');
    // The approval withdrawn again: failure once more, read from GitHub, never from the earlier run.
    docs.pulls.get(5)!.reviewDecision = 'CHANGES_REQUESTED';
    github.statuses.length = 0;
    expectGated(await queueRun({ 'docs-status': 'approved' }), 'failure', /^Waiting for the approval/);
  });

  it('the documentation PR closed since by someone: failure; merged since: success', async () => {
    await pullRequestRun();
    docs.pulls.get(5)!.state = 'closed';
    expectGated(await queueRun(), 'failure', 'The documentation PR acme-sim/docs#5 was closed without merging');
    docs.pulls.get(5)!.merged = true;
    github.statuses.length = 0;
    expectGated(await queueRun(), 'success', 'The documentation PR acme-sim/docs#5 is merged');
  });

  it('the documentation PR GitHub no longer finds (a deleted or hidden repository): failure, saying so', async () => {
    await pullRequestRun();
    docs.pulls.delete(5);
    expectGated(await queueRun(), 'failure', /^The job's documentation PR link acme-sim\/docs#5 is not found on GitHub/);
  });

  it('no-pr (nothing to change): success', async () => {
    flows.sim.queueJobScripts([{ status: 'completed' }]);
    await pullRequestRun({}, {}, null);
    expectGated(await queueRun(), 'success', 'No documentation change needed: the documentation agent changed nothing');
  });

  it('a run the filters skipped (no job, the record keeps only what its gate was judged on): success', async () => {
    github.pulls.set(CODE_PR, { diff: fileDiff('docs/README.md', ['Retries: 3']), files: [], commits: [] });
    const code = await pullRequestRun({ diff: 'true', 'diff-exclude': 'docs/**', prompt: '' }, {}, null);
    expect(code.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'success' });
    const comment = github.comments.find((c) => c.body.startsWith(COMMENT_MARKER))!;
    expect(recordIn(comment.body, CODE_PR)).toEqual({ judged: { sha: HEAD, outcome: 'skipped', skip: 'filtered' } });
    expectGated(await queueRun(), 'success', 'No documentation needed: only files the filters leave out changed');
  });

  it('a failed job: failure, as on the pull request', async () => {
    flows.sim.queueJobScripts([{ status: 'failed' }]);
    await pullRequestRun({ 'fail-on': '' }, {}, null);
    expectGated(await queueRun(), 'failure', /^The documentation agent failed/);
  });

  it('the waiver on the pull request now: success, whatever its record says; taken off since, the head judged under it passes nothing', async () => {
    flows.sim.queueJobScripts([{ status: 'failed' }]);
    await pullRequestRun({ 'fail-on': '' }, {}, null);
    codePull.labels = ['No-Docs'];
    expectGated(await queueRun(), 'success', 'Waived: the pull request carries the label no-docs');

    // Its run on `labeled` records the waiver; the label taken off, no run has judged the head without it.
    codePull.labels = ['no-docs'];
    await pullRequestRun({}, { action: 'labeled', label: 'no-docs', labels: ['no-docs'] }, null);
    codePull.labels = [];
    github.statuses.length = 0;
    expectGated(await queueRun(), 'failure', /^No run of this action has judged the head eeeeeee of pull request #12 yet/);
  });
});

describe('what the queue cannot wait for, and what the run cannot find, fails, saying why', () => {
  it('a job still at work on the pull request’s head (a detached start): failure, the agent still writing', async () => {
    flows.sim.queueJobScripts([{ status: 'active', polls: 1_000 }]);
    const code = await pullRequestRun({ wait: 'false' }, {}, null);
    expect(code.outputs).toMatchObject({ outcome: 'submitted', 'docs-status-state': 'pending' });
    expectGated(await queueRun(), 'failure', 'The documentation agent is writing the documentation for this pull request; a merge queue cannot wait for it');
  });

  it('a revision at work after a review of its documentation PR (a detached review loop): failure, the agent revising, not writing', async () => {
    const acceptedAt = new Date(flows.time.now()).toISOString();
    const revising = { statusSha: HEAD, replyAuthor: 'github-actions[bot]' };
    codePrComment(
      github,
      910,
      `${COMMENT_MARKER}\nRevising\n${sealedRecord({ jobId: 'job_1', headSha: HEAD, docsPr: linkedDocsPr(5), working: true, acceptedAt, revising }, CODE_PR)}`,
    );
    expectGated(await queueRun(), 'failure', 'The documentation agent is revising the documentation PR after a review; a merge queue cannot wait for it');
  });

  it('a push since the pull request’s run (its head not judged yet): failure naming the head', async () => {
    await pullRequestRun();
    codePull.headSha = 'f'.repeat(40);
    expectGated(await queueRun(), 'failure', /^No run of this action has judged the head fffffff of pull request #12 yet; re-run its workflow/);
  });

  it('no comment of the action’s (pr-comment off): failure, naming the record it lacks', async () => {
    await pullRequestRun({ 'pr-comment': 'false' });
    expect(github.comments.filter((c) => c.body.startsWith(COMMENT_MARKER))).toEqual([]);
    expectGated(await queueRun(), 'failure', /^Pull request #12 has no record of this action's that verifies/);
  });

  it('a pull request from a fork (its run sends nothing and records nothing): failure, unless it carries the waiver now', async () => {
    codePull.headRepository = 'stranger/widgets';
    const code = await pullRequestRun({}, { fork: true }, null);
    expect(code.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'failure' });
    expectGated(await queueRun(), 'failure', /^Pull request #12 has no record of this action's that verifies/);
    codePull.labels = ['no-docs'];
    github.statuses.length = 0;
    expectGated(await queueRun(), 'success', 'Waived: the pull request carries the label no-docs');
  });

  it('a record copied by someone else into a comment of theirs is never the action’s', async () => {
    const copied = `${COMMENT_MARKER}\nLooks fine\n${sealedRecord({ judged: { sha: HEAD, outcome: 'no-pr' } }, CODE_PR)}`;
    github.comments.push({
      id: 900,
      issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
      body: copied,
      user: { login: 'mallory', type: 'User' },
      author_association: 'CONTRIBUTOR',
    });
    expectGated(await queueRun(), 'failure', /^Pull request #12 has no record of this action's that verifies/);
  });

  it('a head ref that names no pull request, and a pull request GitHub does not know: failure, no read of anything else', async () => {
    expectGated(await queueRun({}, { headRef: 'refs/heads/gh-readonly-queue/main/not-a-pr' }), 'failure', /^The merge group's head ref names no pull request/);
    expect(calls()).toEqual(['set-status']);
    github.statuses.length = 0;
    github.pullStates.delete(CODE_PR);
    expectGated(await queueRun(), 'failure', /^The pull request the merge group names \(#12\) is not found on GitHub/);
  });

  it('GitHub failing on the pull request or its comments: failure, the status still written, the step not failed', async () => {
    await pullRequestRun();
    for (const call of ['pull-request', 'list-comments'] as const) {
      github.statuses.length = 0;
      github.injectFault({ call, kind: 'status', status: 502, times: 10 });
      const result = await queueRun();
      expectGated(result, 'failure', /^Pull request #12 or its comments could not be read on GitHub/);
      expect(result.log.messages('warning')).toEqual([expect.stringMatching(/^Could not judge the pull request's documentation gate: /)]);
      github.clearFaults();
    }
  });

  it('GitHub holding a read past the step’s timeout: failure, written in a window of its own', async () => {
    await pullRequestRun();
    github.injectFault({ call: 'list-comments', kind: 'hang', times: 10 });
    const result = await queueRun({ timeout: '1m', 'request-timeout': '20s' });
    expectGated(result, 'failure', /could not be read on GitHub/);
  });
});

describe('nothing to gate', () => {
  it('destroyed (the entry left the queue): skipped, nothing read or written', async () => {
    const result = await queueRun({}, { action: 'destroyed' });
    expect(result.outputs).toMatchObject({ outcome: 'skipped' });
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(github.requests).toEqual([]);
    expect(result.log.messages('notice')).toEqual([expect.stringMatching(/^The merge group was destroyed, not checks_requested/)]);
  });

  it('without docs-status: skipped, no job created, nothing written', async () => {
    const result = await queueRun({ 'docs-status': 'false' });
    expect(result.outputs).toMatchObject({ outcome: 'skipped' });
    expect(github.requests).toEqual([]);
    expect(flows.sim.requests).toEqual([]);
  });

  it('dry-run: judged, nothing written', async () => {
    await pullRequestRun();
    const result = await queueRun({ 'dry-run': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'dry-run' });
    expect(queueStatuses()).toEqual([]);
    expect(result.log.messages('info')).toContain(
      `Dry run: would set the documentation status of ${QUEUE_SHA} to success (The documentation PR acme-sim/docs#5 is open).`,
    );
  });

  it('the action’s own documentation PR, in the code’s repository: success, as its own run skips it', async () => {
    // Documentation PR 30 carries the action's back-link to code PR 12; the queue holds it now.
    github.pullStates.set(30, { title: 'Document retries', state: 'open', draft: false, merged: false, headRef: BRANCH, headSha: 'd'.repeat(40), labels: [] });
    github.comments.push({
      id: 901,
      issue_url: `${github.url}/repos/${CODE}/issues/30`,
      body: `${DOCS_PR_MARKER}\nDocuments #12\n${sealedBackLink({ codePr: { repository: CODE, number: CODE_PR } }, 30, CODE)}`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      author_association: 'NONE',
    });
    const result = await queueRun({}, { number: 30 });
    expectGated(result, 'success', 'This is a documentation PR the action keeps in step with its code PR');
  });
});
