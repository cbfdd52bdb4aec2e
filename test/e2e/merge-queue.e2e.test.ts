/**
 * A merge queue end to end through the bundle (dist/index.js), as the runner runs it: the pull
 * request's run leaves its gate and its record, then the same step on `merge_group` gates the
 * queue's commit from GitHub — `success` where the pull request's gate passes now, and each
 * `failure` row of the contract's *Merge queues* (the approval not given, a job at work, the
 * documentation PR closed since, no record, a head ref naming no pull request, GitHub failing),
 * with `gated` and `docs-status-state` in GITHUB_OUTPUT and the step exiting 0. Every run is held
 * to the harness's rules (no leak, no injected command, the summary as GitHub renders it). The
 * in-process tests (test/steps/agent/merge-group.test.ts) hold the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { scripts, type JobScript, type Simulator } from '../simulator/index.js';
import type { FakeGitHub } from '../support/fake-github.js';
import type { ActionRun } from '../support/run-action.js';
import { mergeGroupEvent, pullRequestEvent } from '../support/webhook-events.js';
import { bundleReady } from '../support/build-bundle.js';
import { warnings } from '../support/checked-run.js';
import { addDocsRepository, CODE, CODE_PR, codePullState, DOCS, DOCS_TOKEN, docsPull, HEAD, JOB_ON_BRANCH, link } from '../support/two-repositories.js';
import { bundleRun, withOwnServers } from './fixture.js';

// The bundle is built beside the other tests (test/support/build-bundle.ts): it must be done.
beforeAll(() => bundleReady(), 180_000);

const QUEUE_SHA = 'c'.repeat(40);
const TIMEOUT_MS = 10_000;
const INPUTS = {
  'docs-token': DOCS_TOKEN,
  'docs-status': 'approved',
  'pr-comment': 'true',
  diff: 'false',
  prompt: 'Document the retries flag',
  timeout: '10s',
  'request-timeout': '2s',
  'poll-interval': '500ms',
  'poll-interval-max': '1s',
};

function withGitHub(body: (github: FakeGitHub, sim: Simulator) => Promise<void>, script: JobScript = JOB_ON_BRANCH): Promise<void> {
  return withOwnServers({ defaultJobScript: script }, async ({ github, sim }) => {
    addDocsRepository(github);
    github.pullStates.set(CODE_PR, codePullState());
    await body(github, sim);
  });
}

/** The pull request's own run, on its `pull_request` event. */
function pullRequestRun(sim: Simulator, github: FakeGitHub, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return bundleRun(
    { sim, github },
    {
      event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened' }) },
      env: { GITHUB_RUN_ID: '4242' },
      inputs: { ...INPUTS, ...inputs },
      secrets: [DOCS_TOKEN],
      deadlineMs: TIMEOUT_MS + 2_000,
      sim,
    },
  );
}

/** The same step on the queue's `merge_group` event: the documented workflow's. */
function queueRun(sim: Simulator, github: FakeGitHub, headRef?: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const event = mergeGroupEvent(CODE_PR, { headSha: QUEUE_SHA, ...(headRef ? { headRef } : {}) });
  return bundleRun(
    { sim, github },
    { event, env: { GITHUB_RUN_ID: '4343' }, inputs: { ...INPUTS, ...inputs }, secrets: [DOCS_TOKEN], deadlineMs: TIMEOUT_MS + 2_000, sim },
  );
}

/** The queue commit's `documentation` statuses, in order: state and description. */
const onQueue = (github: FakeGitHub) =>
  github.statuses.filter((status) => status.sha === QUEUE_SHA && status.context === 'documentation').map(({ state, description }) => ({ state, description }));

function expectGated(run: ActionRun, state: string): void {
  expect(run.code).toBe(0);
  expect(run.outputs).toMatchObject({ outcome: 'gated', 'docs-status-state': state });
}

describe.concurrent('a merge queue through the bundle', () => {
  it('the pull request’s gate, then the queue’s commit judged from GitHub: failure while the approval is missing, success once given, failure once the documentation PR is closed', () =>
    withGitHub(async (github, sim) => {
      sim.queuePrLinks(link(DOCS, 5));
      const docsPr = docsPull(github.repositories.get(DOCS)!, 5);
      const code = await pullRequestRun(sim, github);
      expect(code.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'pending' });
      const jobs = sim.requests.length;

      const waiting = await queueRun(sim, github);
      expectGated(waiting, 'failure');
      expect(waiting.summary).toContain('## Documentation gate on the merge queue');
      docsPr.reviewDecision = 'APPROVED';
      expectGated(await queueRun(sim, github), 'success');
      docsPr.state = 'closed';
      expectGated(await queueRun(sim, github), 'failure');
      expect(onQueue(github)).toEqual([
        { state: 'failure', description: 'Waiting for the approval of the documentation PR acme-sim/docs#5; a merge queue cannot wait for it' },
        { state: 'success', description: 'The documentation PR acme-sim/docs#5 is approved' },
        { state: 'failure', description: 'The documentation PR acme-sim/docs#5 was closed without merging' },
      ]);
      // The queue's runs sent nothing to the agent, and wrote nothing but the statuses.
      expect(sim.requests.length).toBe(jobs);
      expect(github.statuses.filter((status) => status.sha !== HEAD && status.sha !== QUEUE_SHA)).toEqual([]);
    }));

  it('a job still at work on the pull request’s head (a detached start): failure, the agent still writing', () =>
    withGitHub(async (github, sim) => {
      const code = await pullRequestRun(sim, github, { wait: 'false' });
      expect(code.outputs).toMatchObject({ outcome: 'submitted' });
      expectGated(await queueRun(sim, github), 'failure');
      expect(onQueue(github)).toEqual([
        { state: 'failure', description: 'The documentation agent is writing the documentation for this pull request; a merge queue cannot wait for it' },
      ]);
    }, scripts.stayActive()));

  it('no record of the action’s, a head ref naming no pull request, GitHub failing: failure each, with why, and the step exits 0', () =>
    withGitHub(async (github, sim) => {
      expectGated(await queueRun(sim, github), 'failure');
      expectGated(await queueRun(sim, github, 'refs/heads/gh-readonly-queue/main/renamed-by-hand'), 'failure');
      // Without retries, so the bundle's real pauses between them do not slow the test.
      github.injectFault({ call: 'pull-request', kind: 'status', status: 502, times: 10 });
      const failing = await queueRun(sim, github, undefined, { retries: '0' });
      expectGated(failing, 'failure');
      expect(warnings(failing)).toEqual([expect.stringMatching(/^Could not judge the pull request's documentation gate: /)]);
      expect(onQueue(github).map((status) => status.description)).toEqual([
        expect.stringMatching(/^Pull request #12 has no record of this action's that verifies/),
        "The merge group's head ref names no pull request, so no documentation gate can pass it",
        "Pull request #12 or its comments could not be read on GitHub; re-run the merge queue's check",
      ]);
      expect(sim.requests).toEqual([]);
      expect(github.statuses.every((status) => status.repository === CODE)).toBe(true);
    }));
});
