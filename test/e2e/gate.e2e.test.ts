/**
 * The documentation gate through the bundle (dist/index.js), as the runner runs it: only what a
 * process shows. A written-mode run leaves pending then success, and its `docs-status-state` in
 * GITHUB_OUTPUT; a sync run after an approving review turns pending into success; SIGINT while the
 * job works leaves an `error` status and the step is done within 2 s of the signal; a token without
 * `statuses: write` costs one `::warning::` and the step still exits 0. Every run is held to the
 * harness's rules (no leak, no injected command, the summary as GitHub renders it, the deadline).
 * The in-process tests (test/steps/agent/gate.test.ts, sync.test.ts) hold the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER } from '../../src/memory/record.js';
import { scripts, type JobScript, type Simulator } from '../simulator/index.js';
import type { FakeGitHub } from '../support/fake-github.js';
import { sealedBackLink, sealedRecord } from '../support/records.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, pullRequestReviewEvent } from '../support/webhook-events.js';
import { bundleReady } from '../support/build-bundle.js';
import { actionTime, warnings } from '../support/checked-run.js';
import {
  addDocsRepository,
  addDocsWorkflowTokens,
  BRANCH,
  CODE,
  CODE_PR,
  CODE_TOKEN,
  codePrComment,
  codePullState,
  DOCS,
  DOCS_TOKEN,
  DOCS_WORKFLOW_TOKEN,
  docsPull,
  HEAD,
  JOB_ON_BRANCH,
  link,
} from '../support/two-repositories.js';
import { bundleRun, GITHUB_TOKEN, withOwnServers, type BundleRunOptions } from './fixture.js';

// The bundle is built beside the other tests (test/support/build-bundle.ts): it must be done.
beforeAll(() => bundleReady(), 180_000);

const DOCS_PR = 5;
const TIMEOUT_MS = 10_000;
const LIMITS = { timeout: '10s', 'request-timeout': '2s' };

/**
 * Each run has an API simulator and a fake GitHub of its own (the runs are concurrent), with the
 * documentation repository, where the run checks the documentation PR its job reports.
 */
function withGitHub(body: (github: FakeGitHub, sim: Simulator) => Promise<void>, script: JobScript = JOB_ON_BRANCH): Promise<void> {
  return withOwnServers({ defaultJobScript: script }, async ({ github, sim }) => {
    addDocsRepository(github);
    await body(github, sim);
    // Never a status on another commit or in another repository than the code PR's head.
    expect(github.statuses.filter((status) => status.sha !== HEAD || status.repository !== CODE)).toEqual([]);
  });
}

/** The agent command on the code PR's `pull_request` event, in the code repository's workflow. */
function codeRun(sim: Simulator, github: FakeGitHub, inputs: Record<string, string> = {}, signal?: BundleRunOptions['signal']): Promise<ActionRun> {
  return bundleRun(
    { sim, github },
    {
      event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened' }) },
      env: { GITHUB_RUN_ID: '4242' },
      inputs: {
        'docs-token': DOCS_TOKEN,
        'docs-status': 'written',
        diff: 'false',
        prompt: 'Document the retries flag',
        ...LIMITS,
        'poll-interval': '500ms',
        'poll-interval-max': '1s',
        ...inputs,
      },
      secrets: [DOCS_TOKEN],
      deadlineMs: TIMEOUT_MS + 2_000,
      sim,
      ...(signal ? { signal } : {}),
    },
  );
}

/** The documentation PR the job opens (on its branch): GitHub finds it when the run checks it. */
function opened(github: FakeGitHub, number: number): void {
  docsPull(github.repositories.get(DOCS)!, number);
}

const gate = (github: FakeGitHub) =>
  github.statuses.filter((status) => status.context === 'documentation').map(({ state, target_url }) => ({ state, target_url }));

describe.concurrent('the documentation gate through the bundle', () => {
  it('written, pull_request: pending while the job works, then success linking the documentation PR; docs-status-state in GITHUB_OUTPUT', () =>
    withGitHub(async (github, sim) => {
      sim.queuePrLinks(link(DOCS, 101));
      opened(github, 101);
      const run = await codeRun(sim, github);
      expect(run.code).toBe(0);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success', 'pr-link': link(DOCS, 101) });
      expect(gate(github)).toEqual([
        { state: 'pending', target_url: `https://github.com/${CODE}/actions/runs/4242` },
        { state: 'success', target_url: link(DOCS, 101) },
      ]);
      expect(github.statuses.every((status) => status.token === GITHUB_TOKEN)).toBe(true);
      expect(warnings(run)).toEqual([]);
    }));

  it('SIGINT while the job works: an error status is still written, and the step is done within 2 s of the signal', () =>
    withGitHub(async (github, sim) => {
      const run = await codeRun(sim, github, {}, { name: 'SIGINT', when: (stdout) => /Documentation gate: pending on e{40}/.test(stdout) });
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.code).not.toBe(0);
      expect(run.outputs).toMatchObject({ outcome: 'cancelled', 'docs-status-state': 'error' });
      expect(gate(github).map((status) => status.state)).toEqual(['pending', 'error']);
      expect(github.latestStatus(HEAD, 'documentation')!.description).toBe('Cancelled: the documentation job may still run; a re-run attaches to it');
    }, scripts.stayActive()));

  it('a token without statuses: write: one ::warning:: naming it, and the step exits 0 with its outputs', () =>
    withGitHub(async (github, sim) => {
      github.workflowToken = { statuses: 'read' };
      sim.queuePrLinks(link(DOCS, 102));
      opened(github, 102);
      const run = await codeRun(sim, github);
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(run.outputs['docs-status-state']).toBeUndefined();
      expect(warnings(run)).toEqual([
        expect.stringMatching(new RegExp(`^Could not set the documentation status on ${HEAD}: GitHub answered 403 .*statuses: write`)),
      ]);
      expect(github.statuses).toEqual([]);
      expect(run.summary).toContain('Pull request opened');
    }));

  // The summary names the documentation PR as code: as text, `acme-sim/docs#5` is an issue
  // reference GitHub links (checkedRun holds every summary to that).
  it('sync after an approving review, in the documentation repository’s workflow with code-token: pending turned to success', () =>
    withGitHub(async (github, sim) => {
      const docs = github.repositories.get(DOCS)!;
      docs.collaborators.set('lead', 'write');
      addDocsWorkflowTokens(github);
      github.pullStates.set(CODE_PR, codePullState());
      docsPull(docs, DOCS_PR, { reviewDecision: 'APPROVED' });
      // What the code repository's run left: its comment recording the documentation PR, the back-link on it, and a pending status.
      const docsPr = { repository: DOCS, number: DOCS_PR, headRef: BRANCH, closedByAction: false };
      codePrComment(
        github,
        700,
        `${COMMENT_MARKER}\n### Documentation agent\n\nPull request opened.\n\n${sealedRecord({ jobId: 'job_earlier', headSha: HEAD, docsPr }, CODE_PR)}\n`,
      );
      docs.comments.push({
        id: 900,
        issue_url: `${github.url}/repos/${DOCS}/issues/${DOCS_PR}`,
        body: `${DOCS_PR_MARKER}\n### Documentation for a code pull request\n\n${sealedBackLink({ codePr: { repository: CODE, number: CODE_PR }, commentAuthor: 'github-actions[bot]' }, DOCS_PR, DOCS)}\n`,
        user: { login: 'docs-writer[bot]', type: 'Bot' },
        author_association: 'NONE',
      });
      github.statuses.push({
        repository: CODE,
        sha: HEAD,
        state: 'pending',
        description: 'Waiting for the approval of the documentation PR acme-sim/docs#5',
        target_url: link(DOCS, DOCS_PR),
        context: 'documentation',
        token: GITHUB_TOKEN,
        id: 1,
      });
      const run = await bundleRun(
        { sim, github },
        {
          event: {
            name: 'pull_request_review',
            payload: pullRequestReviewEvent(DOCS_PR, { action: 'submitted', state: 'approved', repository: DOCS, headRef: BRANCH }),
          },
          env: { GITHUB_REPOSITORY: DOCS, GITHUB_RUN_ID: '777' },
          inputs: { command: 'sync', 'docs-status': 'approved', 'github-token': DOCS_WORKFLOW_TOKEN, 'code-token': CODE_TOKEN, ...LIMITS },
          secrets: [DOCS_WORKFLOW_TOKEN, CODE_TOKEN],
          deadlineMs: TIMEOUT_MS + 2_000,
          prComment: { github, pullNumber: CODE_PR, expect: { links: [] } },
        },
      );
      expect(run.code).toBe(0);
      expect(run.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'synced', 'docs-status-state': 'success' });
      expect(gate(github).map((status) => status.state)).toEqual(['pending', 'success']);
      expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({ state: 'success', token: CODE_TOKEN, target_url: link(DOCS, DOCS_PR) });
      expect(github.comments.filter((c) => c.body.includes(COMMENT_MARKER))).toHaveLength(1);
      expect(warnings(run)).toEqual([]);
    }));
});
