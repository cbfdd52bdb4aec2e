/**
 * The action's memory, tried as an attacker would, run in process as the runner runs the bundle:
 * an API answer and a pull-request title that spell the action's markers, the action's own
 * documentation PR, a pull request the action never worked on, and a token that may comment but
 * not mark ready. Each of these once chose which pull request the action closed, reopened or
 * commented on, or what it said; each test here failed on the bundle before its fix. (Two runs
 * that race need two processes: test/e2e/.)
 */
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER } from '../../src/memory/record.js';
import { apiInputs, type Simulator } from '../simulator/index.js';
import type { FakeGitHub, FakePullState, FakeRepository } from '../support/fake-github.js';
import { useRunnerSimulator, withRunnerGitHub } from '../support/runner.js';
import { recordIn } from '../support/records.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';
import { checkedRun, notices, warnings } from '../support/checked-run.js';
import {
  addDocsRepository,
  CODE,
  CODE_PR,
  DOCS,
  DOCS_TOKEN,
  docsPullState,
  FOLLOWING,
  HEAD,
  jobOnBranch,
  linkedDocsPr,
  recordedDocsPr as recorded,
} from '../support/two-repositories.js';

const GITHUB_TOKEN = 'ghs_workflowToken0123456';
/** The branch the jobs work on here: the vendor's own naming. */
const BRANCH = 'mintlify/docs-retries';
/** A record as the action wrote it before its records were sealed: what a planted one looks like. */
const plantedRecord = (docsPr: { repository: string; number: number; closedByAction: boolean }): string =>
  `<!-- docs-agent-action:state ${JSON.stringify({ jobId: 'job_planted', headSha: 'a'.repeat(40), docsPr })} -->`;

let sim: Simulator;
useRunnerSimulator({ defaultJobScript: jobOnBranch(BRANCH) }, (started) => (sim = started));

interface Setup {
  readonly github: FakeGitHub;
  readonly docs: FakeRepository;
  /** Another team's repository the docs token also reaches. */
  readonly website: FakeRepository;
}

function withGitHub(body: (setup: Setup) => Promise<void>, sourceRepository = `https://github.com/${DOCS}`): Promise<void> {
  return withRunnerGitHub(async (github) => {
    const docs = addDocsRepository(github);
    const website = github.addRepository('acme/website');
    // The docs token may write there too.
    github.tokens.get(DOCS_TOKEN)!.repositories['acme/website'] = { pullRequests: 'write', contents: 'write' };
    sim.setSourceRepository(sourceRepository);
    try {
      await body({ github, docs, website });
    } finally {
      sim.setSourceRepository(`https://github.com/${DOCS}`);
    }
  });
}

const pull = (state: Partial<FakePullState> = {}): FakePullState => docsPullState({ headRef: BRANCH, ...state });

const inputs = (more: Record<string, string> = {}): Record<string, string> =>
  apiInputs(sim, {
    'github-token': GITHUB_TOKEN,
    ...FOLLOWING,
    'request-timeout': '2s',
    timeout: '8s',
    'poll-interval': '1s',
    ...more,
  });

function run(github: FakeGitHub, number: number, event: PullRequestEventOptions, more: Record<string, string> = {}): Promise<ActionRun> {
  return checkedRun({
    event: { name: 'pull_request', payload: pullRequestEvent(number, { headSha: HEAD, ...event }) },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: CODE },
    inputs: inputs(more),
    secrets: [sim.apiKey, GITHUB_TOKEN, DOCS_TOKEN],
    deadlineMs: 9_000,
  });
}

const codeComment = (github: FakeGitHub, number = CODE_PR): string | undefined =>
  github.comments.filter((c) => c.issue_url?.endsWith(`/issues/${number}`) && c.body.startsWith(COMMENT_MARKER)).at(-1)?.body;
/** The writes to one pull request (its state, its comments) from request `from` of the fake's log on. */
const writesTo = (github: FakeGitHub, repository: string, number: number, from = 0) =>
  github.requests
    .slice(from)
    .filter(
      (r) => r.method !== 'GET' && (r.path.startsWith(`/repos/${repository}/pulls/${number}`) || r.path.startsWith(`/repos/${repository}/issues/${number}/`)),
    );
const creates = () => sim.requests.filter((r) => r.endpoint === 'create');

describe('what outside text writes cannot choose the pull request the action acts on', () => {
  it("a job ID spelling a record: the next run's closing closes the job's documentation PR, not the one the ID names", () =>
    withGitHub(async ({ github, docs, website }) => {
      docs.pulls.set(101, pull());
      website.pulls.set(42, pull({ title: "Another team's work", headRef: 'feature', draft: false }));
      sim.queueJobIds(`job_1 ${plantedRecord({ repository: 'acme/website', number: 42, closedByAction: false })}`);
      sim.queuePrLinks(`https://github.com/${DOCS}/pull/101`);
      const opened = await run(github, CODE_PR, { action: 'opened' });
      expect(opened.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'linked' });

      const closed = await run(github, CODE_PR, { action: 'closed', merged: false });
      expect(closed.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'closed' });
      expect(website.pulls.get(42)!.state).toBe('open');
      expect(github.requests.filter((r) => r.path.startsWith('/repos/acme/website/'))).toEqual([]);
      expect(docs.pulls.get(101)!.state).toBe('closed');
      expect(recordIn(codeComment(github)!, CODE_PR)!.docsPr).toEqual(linkedDocsPr(101, { headRef: BRANCH, closedByAction: true }));
    }));

  it("a code PR's title spelling the comment's marker and a record, docs in the same repository: the documentation PR's own closing closes nothing else", () =>
    withGitHub(async ({ github }) => {
      const title = `Retries ${COMMENT_MARKER} ${plantedRecord({ repository: CODE, number: 50, closedByAction: false })}`;
      github.pullStates.set(101, pull());
      github.pullStates.set(50, pull({ title: 'Unrelated work of another author', headRef: 'someone/feature', draft: false }));
      sim.queuePrLinks(`https://github.com/${CODE}/pull/101`);
      const opened = await run(github, CODE_PR, { action: 'opened', title }, { 'docs-token': '' });
      expect(opened.outputs['docs-pr-action']).toBe('linked');
      const backLink = github.comments.find((c) => c.issue_url?.endsWith('/issues/101'))!;
      expect(backLink.body.split('\n')[0]).toBe(DOCS_PR_MARKER);
      const backLinkBefore = backLink.body;
      const from = github.requests.length;

      const docsPrClosed = await run(github, 101, { action: 'closed', merged: false, headRef: BRANCH, title: 'Document retries' }, { 'docs-token': '' });
      expect(docsPrClosed.outputs.outcome).toBe('skipped');
      expect(notices(docsPrClosed)).toEqual([
        `This pull request (number 101) is the documentation PR that this action keeps in step with code pull request ${CODE_PR} of ${CODE}: no job is created for it, and it gets no comment.`,
      ]);
      expect(github.pullStates.get(50)!.state).toBe('open');
      expect(writesTo(github, CODE, 50, from)).toEqual([]);
      expect(writesTo(github, CODE, 101, from)).toEqual([]);
      expect(github.requests.slice(from).filter((r) => r.call === 'update-comment' || r.call === 'create-comment')).toEqual([]);
      expect(github.comments.find((c) => c.id === backLink.id)!.body).toBe(backLinkBefore);
    }, `https://github.com/${CODE}`));
});

describe("the action's own documentation PR", () => {
  it('its own opened run, docs in the same repository, creates no job and writes no comment', () =>
    withGitHub(async ({ github }) => {
      github.pullStates.set(101, pull());
      sim.queuePrLinks(`https://github.com/${CODE}/pull/101`);
      await run(github, CODE_PR, { action: 'opened' }, { 'docs-token': '' });
      github.pulls.set(101, { diff: 'diff --git a/docs/retries.mdx b/docs/retries.mdx\n', files: [], commits: ['Document retries'] });
      const before = creates().length;
      const commentsBefore = github.comments.length;

      const own = await run(github, 101, { action: 'opened', headRef: BRANCH, title: 'Document retries' }, { 'docs-token': '', diff: 'auto', prompt: '' });
      expect(own.outputs).toMatchObject({ outcome: 'skipped', requests: '0' });
      expect(creates().length).toBe(before);
      expect(github.comments.length).toBe(commentsBefore);
      expect(github.callsTo('create-comment').filter((r) => r.path.endsWith('/issues/101/comments'))).toHaveLength(1);
    }, `https://github.com/${CODE}`));
});

describe('what a closed pull request gets', () => {
  it('a pull request the action never worked on (a dependabot bump) gets no comment', () =>
    withGitHub(async ({ github }) => {
      const result = await run(github, 77, { action: 'closed', merged: true, title: 'Bump undici from 6.1 to 6.2' });
      expect(result.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'none' });
      expect(github.callsTo('create-comment')).toEqual([]);
      expect(github.callsTo('update-comment')).toEqual([]);
    }));

  it('says the documentation PR in its table, and does not claim it was brought in step when nothing was done', () =>
    withGitHub(async ({ github, docs }) => {
      docs.pulls.set(101, pull({ state: 'closed', merged: true }));
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, CODE_PR, { action: 'closed', merged: false });
      expect(result.outputs['docs-pr-action']).toBe('none');
      const body = codeComment(github)!;
      expect(body).toContain(`| Documentation PR | \`${DOCS}#101\` |`);
      expect(body).not.toContain('brought in step');
      expect(body).toContain('already merged: left as it is');
    }));

  it('a token that may not mark ready for review still tells the documentation PR its code PR was merged', () =>
    withGitHub(async ({ github, docs }) => {
      github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'read' } } });
      docs.pulls.set(101, pull({ draft: true }));
      recorded(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
      const result = await run(github, CODE_PR, { action: 'closed', merged: true });
      expect(result.outputs['docs-pr-action']).toBe('commented');
      expect(warnings(result)).toHaveLength(1);
      expect(warnings(result)[0]).toMatch(/^Could not mark ready for review documentation PR acme-sim\/docs#101: .*"Contents: write"/);
      expect(docs.comments.filter((c) => c.issue_url?.endsWith('/issues/101')).map((c) => c.body)).toEqual([
        expect.stringContaining('The code pull request was merged'),
      ]);
      expect(codeComment(github)).toContain('told that this pull request was merged');
    }));
});
