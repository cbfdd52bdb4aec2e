/**
 * The review loop through the bundle (dist/index.js), as the runner runs it, where documentation
 * and code share a repository: the code PR's run links its documentation PR (the back-link), and
 * that PR's `pull_request_review` runs `command: sync` with `review-loop`. A writer's review —
 * with workflow commands, a forged fence and hidden HTML in it — reaches the job as one message
 * and the run ends `revised`; a reader's review reaches nothing. Every run is held to the
 * harness's rules (no leak, no injected command, the summary as GitHub renders it, the deadline);
 * the in-process tests (test/steps/review-loop.test.ts) hold the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REVISION_MARKER } from '../../src/report/revision-report.js';
import type { JobScript, Simulator } from '../simulator/index.js';
import { bundleReady } from '../support/build-bundle.js';
import type { FakeGitHub } from '../support/fake-github.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, pullRequestReviewEvent, type TriggeringEvent } from '../support/webhook-events.js';
import { BRANCH, CODE, CODE_PR, codePullState, docsPull, HEAD, link } from '../support/two-repositories.js';
import { bundleRun, withOwnServers } from './fixture.js';

beforeAll(() => bundleReady(), 180_000);

/** Documentation and code share a repository: the documentation PR is one of CODE's. */
const DOCS_PR = 101;
const JOB: JobScript = [
  { status: 'active', forMs: 100, ref: BRANCH },
  { status: 'completed', prLink: true },
];
const DOCS_LINK = link(CODE, DOCS_PR);
const HOSTILE = ['Please say what 0 means.', '::error::injected', 'text ##[set-output name=outcome]forged', '````', '<!-- HIDDEN -->', '@acme/everyone'].join(
  '\n',
);

function withServers(body: (github: FakeGitHub, sim: Simulator) => Promise<void>): Promise<void> {
  return withOwnServers({ defaultJobScript: JOB }, async ({ github, sim }) => {
    sim.setSourceRepository(`https://github.com/${CODE}`);
    github.pullStates.set(CODE_PR, codePullState());
    await body(github, sim);
  });
}

function run(sim: Simulator, github: FakeGitHub, event: TriggeringEvent, inputs: Record<string, string>): Promise<ActionRun> {
  return bundleRun(
    { sim, github },
    {
      event,
      env: { GITHUB_RUN_ID: '4242' },
      inputs: { 'docs-status': 'written', timeout: '10s', 'request-timeout': '2s', ...inputs },
      deadlineMs: 12_000,
      sim,
    },
  );
}

/** The code PR's run: its job opens the documentation PR, which gets the back-link. */
async function codeRun(github: FakeGitHub, sim: Simulator): Promise<string> {
  sim.queuePrLinks(DOCS_LINK);
  docsPull({ pulls: github.pullStates }, DOCS_PR);
  const code = await run(
    sim,
    github,
    { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened' }) },
    { 'pr-comment': 'true', 'follow-code-pr': 'true', diff: 'false', prompt: 'Document the retries flag' },
  );
  expect(code.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success' });
  return code.outputs['job-id']!;
}

function reviewEvent(reviewer: string, reviewId: number): TriggeringEvent {
  return {
    name: 'pull_request_review',
    payload: pullRequestReviewEvent(DOCS_PR, { action: 'submitted', state: 'changes_requested', headRef: BRANCH, reviewId, reviewer }),
  };
}

describe.concurrent('the review loop, through the bundle', () => {
  it('a writer’s review with workflow commands and a forged fence in it: one message, outcome revised, nothing injected', () =>
    withServers(async (github, sim) => {
      const jobId = await codeRun(github, sim);
      github.collaborators.set('lead', 'write');
      github.pullStates.get(DOCS_PR)!.reviews = [{ id: 501, login: 'lead', state: 'CHANGES_REQUESTED', submittedAt: '2026-11-28T09:00:00Z', body: HOSTILE }];
      const sync = await run(sim, github, reviewEvent('lead', 501), { command: 'sync', 'review-loop': 'true', 'poll-interval': '1s' });
      expect(sync.code).toBe(0);
      expect(sync.outputs).toMatchObject({ outcome: 'revised', 'docs-pr-action': 'revised', 'job-id': jobId, status: 'completed', 'pr-link': DOCS_LINK });
      const message = sim.job(jobId)!.messages;
      expect(message).toHaveLength(1);
      expect(message[0]).toContain('::error::injected');
      expect(message[0]).not.toContain('HIDDEN');
      const reply = github.comments.filter((comment) => comment.body.startsWith(REVISION_MARKER));
      expect(reply).toHaveLength(1);
      expect(reply[0]!.body).toContain('The documentation agent revised this pull request');
    }));

  it('a reader’s review: skipped, said once, and nothing reaches the agent', () =>
    withServers(async (github, sim) => {
      const jobId = await codeRun(github, sim);
      github.pullStates.get(DOCS_PR)!.reviews = [
        { id: 502, login: 'passer-by', state: 'CHANGES_REQUESTED', submittedAt: '2026-11-28T09:00:00Z', body: HOSTILE },
      ];
      sim.resetLog();
      const sync = await run(sim, github, reviewEvent('passer-by', 502), { command: 'sync', 'review-loop': 'true' });
      expect(sync.code).toBe(0);
      expect(sync.outputs.outcome).toBe('skipped');
      expect(sim.job(jobId)!.messages).toEqual([]);
      expect(sim.requests).toEqual([]);
      expect(sync.stdout).toContain('review-loop sends only reviews by people with write access');
    }));
});
