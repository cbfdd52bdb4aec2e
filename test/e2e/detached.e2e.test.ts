/**
 * The fast path of detached runs through the bundle (dist/index.js), as the runner runs it, in
 * both setups the guide documents (docs/detached.md): the code PR's `wait: false` start ends at
 * once with `pending`; the job opens its documentation PR; that PR's opening runs `command: sweep`
 * — directly, where documentation and code share a repository, and through a `repository_dispatch`
 * from the documentation repository's workflow where they do not — and the sweep finishes the code
 * PR: its comment names the documentation PR, its `documentation` status is `success`, and the
 * `swept` output says so. Every run is held to the harness's rules (no leak, no injected command,
 * the summary and the comment as GitHub renders them, the deadline). The in-process tests
 * (test/steps/sweep.test.ts) hold the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import type { JobScript, Simulator } from '../simulator/index.js';
import type { FakeGitHub } from '../support/fake-github.js';
import { bundleReady } from '../support/build-bundle.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, repositoryDispatchEvent, type TriggeringEvent } from '../support/webhook-events.js';
import { recordIn } from '../support/records.js';
import { addDocsRepository, BRANCH, CODE, CODE_PR, codePullState, DOCS, DOCS_TOKEN, docsPull, HEAD } from '../support/two-repositories.js';
import { bundleRun, withOwnServers } from './fixture.js';

beforeAll(() => bundleReady(), 180_000);

const DOCS_PR = 101;
/** Active when the start creates it, done a moment later: the sweep finds it ended. */
const JOB: JobScript = [
  { status: 'active', forMs: 200, ref: BRANCH },
  { status: 'completed', prLink: true },
];
const TIMEOUT_MS = 10_000;

interface Setup {
  readonly name: string;
  /** Where the documentation PR is: the code repository itself, or a documentation repository. */
  readonly docs: string;
  /** The event that runs the sweep in the code repository's workflow once the documentation PR opened. */
  readonly wakeUp: () => TriggeringEvent;
  readonly inputs: Record<string, string>;
}

const SETUPS: readonly Setup[] = [
  {
    name: 'one repository: the documentation PR’s own pull_request: opened runs the sweep',
    docs: CODE,
    wakeUp: () => ({ name: 'pull_request', payload: pullRequestEvent(DOCS_PR, { action: 'opened', headRef: BRANCH, headSha: 'd'.repeat(40) }) }),
    inputs: {},
  },
  {
    name: 'two repositories: the documentation repository’s workflow sends a repository_dispatch, which runs the sweep',
    docs: DOCS,
    // Whatever it carries is only a wake-up call.
    wakeUp: () => repositoryDispatchEvent({ pullRequest: DOCS_PR, repository: DOCS }),
    inputs: { 'docs-token': DOCS_TOKEN },
  },
];

function withServers(docs: string, body: (github: FakeGitHub, sim: Simulator) => Promise<void>): Promise<void> {
  return withOwnServers({ defaultJobScript: JOB }, async ({ github, sim }) => {
    sim.setSourceRepository(`https://github.com/${docs}`);
    if (docs !== CODE) addDocsRepository(github);
    github.pullStates.set(CODE_PR, codePullState());
    await body(github, sim);
    expect(github.statuses.filter((status) => status.sha !== HEAD || status.repository !== CODE)).toEqual([]);
  });
}

function run(sim: Simulator, github: FakeGitHub, event: TriggeringEvent, inputs: Record<string, string>, links?: string[]): Promise<ActionRun> {
  return bundleRun(
    { sim, github },
    {
      event,
      env: { GITHUB_RUN_ID: '4242' },
      inputs: { 'docs-status': 'written', 'follow-code-pr': 'true', timeout: '10s', 'request-timeout': '2s', ...inputs },
      secrets: [DOCS_TOKEN],
      deadlineMs: TIMEOUT_MS + 2_000,
      sim,
      ...(links ? { summary: { links } } : {}),
    },
  );
}

describe.concurrent('the fast path of a detached run, through the bundle', () => {
  for (const setup of SETUPS) {
    it(setup.name, () =>
      withServers(setup.docs, async (github, sim) => {
        const docsPrLink = `https://github.com/${setup.docs}/pull/${DOCS_PR}`;
        sim.queuePrLinks(docsPrLink);
        const start = await run(
          sim,
          github,
          { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened' }) },
          { ...setup.inputs, wait: 'false', 'pr-comment': 'true', diff: 'false', prompt: 'Document the retries flag' },
        );
        expect(start.code).toBe(0);
        expect(start.outputs).toMatchObject({ outcome: 'submitted', 'docs-status-state': 'pending' });

        // The job opens its documentation PR (the vendor's app), a moment later.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const pulls = setup.docs === CODE ? github.pullStates : github.repositories.get(setup.docs)!.pulls;
        docsPull({ pulls }, DOCS_PR);

        const sweep = await run(sim, github, setup.wakeUp(), { ...setup.inputs, command: 'sweep' }, [`https://github.com/${CODE}/pull/${CODE_PR}`, docsPrLink]);
        expect(sweep.code).toBe(0);
        expect(sweep.outputs.outcome).toBe('swept');
        expect(JSON.parse(sweep.outputs.swept!)).toEqual([
          { pullRequest: CODE_PR, jobId: start.outputs['job-id'], status: 'completed', outcome: 'pr-opened', prLink: docsPrLink, docsStatusState: 'success' },
        ]);
        const comment = github.comments.filter((each) => each.issue_url?.endsWith(`/issues/${CODE_PR}`) && each.body.startsWith(COMMENT_MARKER)).at(-1)!;
        expect(comment.body).toContain(docsPrLink);
        expect(recordIn(comment.body, CODE_PR)).toMatchObject({ jobId: start.outputs['job-id'], docsPr: { repository: setup.docs, number: DOCS_PR } });
        expect(recordIn(comment.body, CODE_PR)?.working).toBeUndefined();
        expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({ state: 'success', target_url: docsPrLink });
      }),
    );
  }
});
