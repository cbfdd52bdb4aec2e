/**
 * Two runs of one pull request that race, through the bundle: two processes at once, which one
 * test process cannot be in process (they would share its environment). The order they end in
 * once chose what the action's memory said; this failed on the bundle before its fix (run it
 * against another bundle with ACTION_BUNDLE=<path to its index.js>). The action's other defences
 * of its memory run in process: test/reliability/trust.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, type DocsPrRecord } from '../../src/pr-comment/record.js';
import { startSimulator, type JobScript, type Simulator } from '../simulator/index.js';
import { startFakeGitHub, type FakeGitHub, type FakePullState, type FakeRepository } from '../support/fake-github.js';
import { recordIn, sealedRecord } from '../support/records.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';
import { checkedBundleRun } from '../reliability/harness.js';

const GITHUB_TOKEN = 'ghs_workflowToken0123456';
const DOCS_TOKEN = 'ghs_docsAppToken9876543';
const CODE = 'acme/widgets';
const DOCS = 'acme-sim/docs';
const CODE_PR = 12;
const BRANCH = 'mintlify/docs-retries';
const HEAD = 'e'.repeat(40);
/** A job that works on BRANCH and reports its documentation PR at its first poll. */
const JOB_ON_BRANCH: JobScript = [
  { status: 'active', polls: 1, ref: BRANCH },
  { status: 'completed', prLink: true },
];
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ defaultJobScript: JOB_ON_BRANCH });
});
afterAll(async () => {
  await sim.close();
});

interface Setup {
  readonly github: FakeGitHub;
  readonly docs: FakeRepository;
  /** Another team's repository the docs token also reaches. */
  readonly website: FakeRepository;
}

async function withGitHub(body: (setup: Setup) => Promise<void>, sourceRepository = `https://github.com/${DOCS}`): Promise<void> {
  const github = await startFakeGitHub();
  const docs = github.addRepository(DOCS);
  const website = github.addRepository('acme/website');
  const grant = { pullRequests: 'write', contents: 'write' } as const;
  github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: grant, 'acme/website': grant } });
  sim.setSourceRepository(sourceRepository);
  try {
    await body({ github, docs, website });
    expect(await github.takeViolations()).toEqual([]);
  } finally {
    sim.setSourceRepository(`https://github.com/${DOCS}`);
    await github.close();
  }
}

const pull = (state: Partial<FakePullState> = {}): FakePullState => ({
  title: 'Document retries',
  state: 'open',
  draft: true,
  merged: false,
  headRef: BRANCH,
  ...state,
});

const inputs = (more: Record<string, string> = {}): Record<string, string> => ({
  'api-key': sim.apiKey,
  'project-id': 'proj_sim',
  'base-url': sim.url,
  'github-token': GITHUB_TOKEN,
  'docs-token': DOCS_TOKEN,
  'pr-comment': 'true',
  'follow-code-pr': 'true',
  diff: 'false',
  prompt: 'Document the retries flag',
  'request-timeout': '2s',
  timeout: '8s',
  'poll-interval': '1s',
  ...more,
});

function run(github: FakeGitHub, number: number, event: PullRequestEventOptions, more: Record<string, string> = {}): Promise<ActionRun> {
  return checkedBundleRun({
    event: { name: 'pull_request', payload: pullRequestEvent(number, { headSha: HEAD, ...event }) },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: CODE },
    inputs: inputs(more),
    secrets: [sim.apiKey, GITHUB_TOKEN, DOCS_TOKEN],
    deadlineMs: 9_000,
  });
}

function recorded(github: FakeGitHub, docsPr: DocsPrRecord): void {
  github.comments.push({
    id: 700 + github.comments.length,
    issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
    body: `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId: 'job_earlier', headSha: 'a'.repeat(40), docsPr }, CODE_PR)}`,
    user: { login: 'github-actions[bot]', type: 'Bot' },
    author_association: 'MEMBER',
  });
}

const codeComment = (github: FakeGitHub, number = CODE_PR): string | undefined =>
  github.comments.filter((c) => c.issue_url?.endsWith(`/issues/${number}`) && c.body.startsWith(COMMENT_MARKER)).at(-1)?.body;

describe('two runs of one pull request', () => {
  it('a synchronize run that ends after a closed run keeps the documentation PR recorded as closed by the action, and reopening reopens it', () =>
    withGitHub(async ({ github, docs }) => {
      docs.pulls.set(101, pull());
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      sim.queueJobScripts([{ status: 'active', ref: BRANCH }]);
      const slow = run(github, CODE_PR, { action: 'synchronize' });
      await until(() => github.callsTo('update-comment').length >= 1, 'the synchronize run wrote its working comment');
      const jobId = sim.jobs().at(-1)!.id;

      const closed = await run(github, CODE_PR, { action: 'closed', merged: false });
      expect(closed.outputs['docs-pr-action']).toBe('closed');
      sim.queuePrLinks(`https://github.com/${DOCS}/pull/101`);
      sim.continueJob(jobId, { status: 'completed', prLink: true });
      const synchronized = await slow;
      expect(synchronized.outputs.outcome).toBe('pr-opened');
      expect(codeComment(github)).toContain('closed with this pull request');

      sim.queuePrLinks(`https://github.com/${DOCS}/pull/101`);
      const reopened = await run(github, CODE_PR, { action: 'reopened' });
      expect(reopened.outputs['docs-pr-action']).toBe('reopened');
      expect(recordIn(codeComment(github)!, CODE_PR)!.docsPr).toEqual({ repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      expect(docs.pulls.get(101)!.state).toBe('open');
    }));
});

/** Waits for something a running process does, checking every 20 ms; fails when it never happens. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 15_000) throw new Error(`Never happened: ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
