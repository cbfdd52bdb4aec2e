/**
 * The documentation gate in the agent command (`docs-status`), in process: the step and the entry
 * layer's report against the API simulator and the fake GitHub, with fake time. Each row of the
 * contract's table end to end (pending while the job works, then the final state, on the event's
 * head commit, with its link and the `docs-status-state` output), a link that is no documentation
 * PR (failure, saying what it is: the status says only what the run checked), the waiver (in the
 * comment's gate line too), `approved` waiting on the documentation PR, a detached start (`pending`
 * for the sweep, `failure` where nothing records its job), what the record keeps of the status it
 * judged, the code PR's comment, and the faults of the status write: a run that cannot write it
 * says so in one warning and goes on, and no status ever lands on a commit or a repository other
 * than the event's head in the workflow's repository.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER, type DocsPrRecord } from '../../src/memory/record.js';
import { CANCELLED_WRAP_UP_MS } from '../../src/core/last-writes.js';
import { scripts, type JobScript } from '../simulator/index.js';
import { fileDiff, type FakeGitHub, type FakePullState, type FakeRepository, type FakeStatus } from '../support/fake-github.js';
import { GITHUB_TOKEN, startFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';
import { recordIn, sealedBackLink, sealedRecord } from '../support/records.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';

const CODE = 'acme/widgets';
const DOCS = 'acme-sim/docs';
const DOCS_TOKEN = 'ghs_docsInstallationToken77';
const DOCS_LOGIN = 'docs-writer[bot]';
const CODE_PR = 12;
/** The event's head commit: the commit the job works on, and the only one a status may land on. */
const HEAD = 'e'.repeat(40);
const BRANCH = 'docs/retries';
/** A job that works on BRANCH and reports a documentation PR at its first poll. */
const JOB_ON_BRANCH: JobScript = [
  { status: 'active', polls: 1, ref: BRANCH },
  { status: 'completed', prLink: true },
];
const RUN_URL = `https://github.com/${CODE}/actions/runs/4242`;
const link = (number: number): string => `https://github.com/${DOCS}/pull/${number}`;
const INPUTS = { 'docs-status': 'written', diff: 'false', prompt: 'Document the retries flag', 'docs-token': DOCS_TOKEN };

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
  // Never a status on another commit or in another repository than the event's head in the workflow's repository.
  expect(github.statuses.filter((status) => status.sha !== HEAD || status.repository !== CODE)).toEqual([]);
});

interface RunOptions extends FlowOptions {
  readonly prLink?: string;
  readonly script?: JobScript;
  /**
   * The job opens the documentation PR its link names (on BRANCH), as the agent does: GitHub then
   * finds it. False: a link to a pull request GitHub does not have.
   */
  readonly opens?: boolean;
}

function run(event: PullRequestEventOptions = {}, inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<FlowResult> {
  if (options.prLink) flows.sim.queuePrLinks(options.prLink);
  const opened = options.prLink && options.opens !== false ? new RegExp(`^https://github.com/${DOCS}/pull/(\\d+)$`).exec(options.prLink) : null;
  if (opened && !docs.pulls.has(Number(opened[1]))) docsPull(Number(opened[1]));
  if (options.script) flows.sim.queueJobScripts(options.script);
  return flows.run(
    { ...INPUTS, ...inputs },
    {
      ...options,
      event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, ...event }) },
      env: { GITHUB_RUN_ID: '4242', ...options.env },
    },
  );
}

/** The `documentation` statuses, in the order GitHub took them: state and link. */
const gate = (): Array<Pick<FakeStatus, 'state' | 'target_url'>> =>
  github.statuses.filter((status) => status.context === 'documentation').map(({ state, target_url }) => ({ state, target_url }));
const latest = (): FakeStatus | undefined => github.latestStatus(HEAD, 'documentation');
/** The `documentation` statuses, in the order GitHub took them: state and description. */
const said = (): string[] => github.statuses.filter((status) => status.context === 'documentation').map((status) => `${status.state}: ${status.description}`);
const statusWarnings = (result: FlowResult): string[] => result.log.messages('warning').filter((line) => line.includes('documentation status'));
const creates = () => flows.sim.requests.filter((r) => r.method === 'POST' && r.endpoint === 'create');
const codeComment = (): string => github.comments.filter((c) => c.body.includes(COMMENT_MARKER) && c.user.login === 'github-actions[bot]').at(-1)!.body;

function docsPull(number: number, state: Partial<FakePullState> = {}): FakePullState {
  const pull: FakePullState = { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH, ...state };
  docs.pulls.set(number, pull);
  return pull;
}

/** The code PR's comment as an earlier run of the action left it. */
function recorded(record: { jobId?: string; headSha?: string; docsPr?: DocsPrRecord }): void {
  const { jobId = 'job_earlier', headSha = 'a'.repeat(40), docsPr } = record;
  github.comments.push({
    id: 500 + github.comments.length,
    issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
    body: `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId, headSha, ...(docsPr ? { docsPr } : {}) }, CODE_PR)}`,
    user: { login: 'github-actions[bot]', type: 'Bot' },
    author_association: 'MEMBER',
  });
}

describe('the contract’s rows, end to end: pending while the job works, then the final state on the event’s head', () => {
  it('pr-opened with written: pending (the run), then success linking the documentation PR; docs-status-state is the last one written, set with the other outputs', async () => {
    const result = await run({ action: 'opened' }, {}, { prLink: link(5) });
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success' });
    expect(gate()).toEqual([
      { state: 'pending', target_url: RUN_URL },
      { state: 'success', target_url: link(5) },
    ]);
    expect(github.statuses.every((status) => status.token === GITHUB_TOKEN)).toBe(true);
    // Written while the step waits on the job, not the words for a step that does not wait.
    expect(github.statuses[0]!.description).toBe('The documentation agent is writing the documentation for this pull request');
    expect(latest()!.description).toBe('The documentation PR acme-sim/docs#5 is open');
    // Outputs are set in one place, from the run record, once the last writes are done.
    expect(result.earlyOutputs.filter(([name]) => name === 'docs-status-state')).toEqual([]);
    expect(result.log.messages('info')).toContain(`Documentation gate: success on ${HEAD} (The documentation PR acme-sim/docs#5 is open).`);
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('docs-status: true reads as written', async () => {
    const result = await run({}, { 'docs-status': 'true' }, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(latest()).toMatchObject({ state: 'success', target_url: link(5) });
  });

  it('docs-status: false (the default) keeps no status', async () => {
    const result = await run({}, { 'docs-status': 'false' }, { prLink: link(5) });
    expect(result.outputs.outcome).toBe('pr-opened');
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(github.callsTo('set-status')).toEqual([]);
  });

  it('written with a preview: success links the preview', async () => {
    flows.time.advance(61_000);
    const result = await run({}, { preview: 'true' }, { prLink: link(5) });
    expect(result.outputs['preview-status']).toBe('success');
    const url = result.outputs['preview-url']!;
    expect(url).toMatch(/^https:\/\//);
    expect(latest()).toMatchObject({ state: 'success', target_url: url, description: 'The documentation PR acme-sim/docs#5 is open' });
  });

  it('no-pr: success, no documentation change needed, linking the run', async () => {
    const result = await run({}, {}, { script: scripts.noPrAfter(1) });
    expect(result.outputs).toMatchObject({ outcome: 'no-pr', 'docs-status-state': 'success' });
    expect(gate()).toEqual([
      { state: 'pending', target_url: RUN_URL },
      { state: 'success', target_url: RUN_URL },
    ]);
    expect(latest()!.description).toMatch(/^No documentation change needed/);
  });

  it.each<{ outcome: string; script: JobScript; inputs?: Record<string, string>; says: RegExp }>([
    { outcome: 'failed', script: scripts.failAfter(1), says: /agent failed; re-run the workflow, or add the label no-docs to waive it$/ },
    { outcome: 'archived', script: scripts.archivedAfter(1), says: /archived; re-run the workflow, or add the label no-docs to waive it$/ },
    {
      outcome: 'timed-out',
      script: scripts.stayActive(),
      inputs: { timeout: '2m' },
      says: /still running at the step's timeout; a re-run attaches to it, or add the label no-docs to waive it$/,
    },
  ])('$outcome: pending, then failure saying what happened and what clears it, linking the run', async ({ outcome, script, inputs, says }) => {
    const result = await run({}, { 'fail-on': '', ...inputs }, { script });
    expect(result.outputs).toMatchObject({ outcome, 'docs-status-state': 'failure' });
    expect(gate()).toEqual([
      { state: 'pending', target_url: RUN_URL },
      { state: 'failure', target_url: RUN_URL },
    ]);
    expect(latest()!.description).toMatch(says);
  });

  it('error (the API refused the job): failure, linking the run; no pending, since no job was working', async () => {
    flows.sim.injectFault({ target: 'create', kind: 'status', status: 400, body: { error: 'Bad request' } });
    const result = await run();
    expect(result.outputs).toMatchObject({ outcome: 'error', 'docs-status-state': 'failure' });
    expect(gate()).toEqual([{ state: 'failure', target_url: RUN_URL }]);
    expect(latest()!.description).toMatch(/stopped on an error; re-run the workflow, or add the label no-docs to waive it$/);
  });

  it('skipped, only files the filters leave out changed: success saying why, linking the run; no job', async () => {
    github.pulls.set(CODE_PR, { diff: `${fileDiff('package-lock.json', ['{}'])}\n${fileDiff('dist/index.js', ['x'])}`, files: [], commits: [] });
    const result = await run({}, { diff: 'auto', prompt: '' });
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'success' });
    expect(gate()).toEqual([{ state: 'success', target_url: RUN_URL }]);
    expect(latest()!.description).toBe('No documentation needed: only files the filters leave out changed');
    expect(flows.sim.requests).toEqual([]);
  });

  it('cancelled (SIGINT while the job works): pending, then error, written after the cancellation; the step fails', async () => {
    const result = await run({}, {}, { script: scripts.stayActive(), onPause: (flow) => flow.count === 2 && flow.cancel() });
    expect(result.outputs).toMatchObject({ outcome: 'cancelled', 'docs-status-state': 'error' });
    expect(result.failed).toBe(true);
    expect(gate()).toEqual([
      { state: 'pending', target_url: RUN_URL },
      { state: 'error', target_url: RUN_URL },
    ]);
    expect(latest()!.description).toBe('Cancelled: the documentation job may still run; a re-run attaches to it');
    expect(statusWarnings(result)).toEqual([]);
  });

  it('the documentation PR closed unmerged by someone else: failure, closed without merging, linking it', async () => {
    docsPull(5, { state: 'closed' });
    recorded({ docsPr: { repository: DOCS, number: 5, headRef: BRANCH, closedByAction: false } });
    const result = await run({}, { 'pr-comment': 'true', 'follow-code-pr': 'true' }, { prLink: link(5) });
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'failure' });
    expect(latest()).toMatchObject({
      state: 'failure',
      target_url: link(5),
      description: 'The documentation PR acme-sim/docs#5 was closed without merging',
    });
  });
});

describe('a link that is no documentation PR: the status says what it is, and only what the run checked', () => {
  const FOLLOW = { 'pr-comment': 'true', 'follow-code-pr': 'true' };
  /** The code PR's comment's documentation PR line and gate line. */
  const tailLines = (body: string) => ({
    docsPr: body.split('\n').filter((line) => line.startsWith('**Documentation PR** ')),
    gate: body.split('\n').filter((line) => line.startsWith('**Documentation gate** ')),
  });
  const docsWrites = () => github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`) && r.method !== 'GET' && r.call !== 'identity');

  it.each<{ name: string; pull: Partial<FakePullState>; head: string }>([
    { name: 'the same repository, another head branch', pull: { headRef: 'someone-else/feature' }, head: 'acme-sim/docs:someone-else/feature' },
    { name: 'a fork’s branch of the same name', pull: { headRepository: 'mallory/docs' }, head: `mallory/docs:${BRANCH}` },
  ])(
    'with follow-code-pr, a job that reports someone else’s pull request ($name): one warning, failure naming what it is, the comment’s two lines agree, the PR left alone',
    async ({ pull, head }) => {
      docsPull(5, pull);
      const result = await run({ action: 'opened' }, FOLLOW, { prLink: link(5) });
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'none', 'docs-status-state': 'failure' });
      expect(result.log.messages('warning')).toEqual([
        `The job reports acme-sim/docs#5, whose head is "${head}", not the job's branch "acme-sim/docs:${BRANCH}": it is not taken as the documentation PR, and is left as it is.`,
      ]);
      expect(latest()).toMatchObject({
        state: 'failure',
        target_url: RUN_URL,
        description: "The job's documentation PR link acme-sim/docs#5 is not the pull request of the job's branch, or add the label no-docs to waive it",
      });
      const body = codeComment();
      expect(tailLines(body)).toEqual({
        docsPr: [
          '**Documentation PR** `acme-sim/docs#5`: not taken as the documentation PR: its head branch is not the job’s (or the recorded one’s); left as it is, and the workflow run’s warning says more.',
        ],
        gate: [
          expect.stringMatching(
            /^\*\*Documentation gate\*\* \(`documentation`\): ❌ failure: The job.s documentation PR link `acme-sim\/docs#5` is not the pull request of the job.s branch/,
          ),
        ],
      });
      expect(body).not.toMatch(/not found|is open/);
      expect(recordIn(body, CODE_PR)!.docsPr).toBeUndefined();
      // Left alone: no comment, no state change, nothing written in the documentation repository.
      expect(docs.pulls.get(5)).toMatchObject({ state: 'open', draft: true });
      expect(docs.comments).toEqual([]);
      expect(docsWrites()).toEqual([]);
    },
  );

  it('a link GitHub answers 404 for: one warning, failure saying it is not found; the comment says the same', async () => {
    const result = await run({ action: 'opened' }, { 'pr-comment': 'true' }, { prLink: link(9), opens: false });
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'failure' });
    expect(result.log.messages('warning')).toEqual([
      'The job reports acme-sim/docs#9, which GitHub does not find: deleted, or the token cannot see acme-sim/docs: it is not taken as the documentation PR, and is left as it is.',
    ]);
    expect(latest()).toMatchObject({
      state: 'failure',
      target_url: RUN_URL,
      description: "The job's documentation PR link acme-sim/docs#9 is not found on GitHub, or add the label no-docs to waive it",
    });
    const lines = tailLines(codeComment());
    expect(lines.docsPr).toEqual([expect.stringContaining('`acme-sim/docs#9`: not found')]);
    expect(lines.gate).toEqual([expect.stringMatching(/❌ failure: .* is not found on GitHub/)]);
    expect(github.callsTo('pull-request')).toHaveLength(1);
  });

  it('without follow-code-pr, a link to a repository the job never worked in: failure, outside the repository the job worked on; nothing read there', async () => {
    flows.sim.setSourceRepository('https://github.com/acme-sim/handbook');
    try {
      const result = await run({ action: 'opened' }, {}, { prLink: link(5) });
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'failure' });
      expect(result.log.messages('warning')).toEqual([
        'The job reports acme-sim/docs#5, outside the repository it worked on (acme-sim/handbook): it is not taken as the documentation PR, and is left as it is.',
      ]);
      expect(latest()).toMatchObject({
        state: 'failure',
        target_url: RUN_URL,
        description: "The job's documentation PR link acme-sim/docs#5 is outside the repository the job worked on, or add the label no-docs to waive it",
      });
      expect(github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`) || r.path.startsWith('/repos/acme-sim/handbook/'))).toEqual([]);
    } finally {
      flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
    }
  });
});

describe('the waiver', () => {
  it('the pull request carries waive-label (in any case): success naming it, no job, no request to the API', async () => {
    const result = await run({ labels: ['bug', 'No-Docs'] }, { 'pr-comment': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'skipped', requests: '0', 'docs-status-state': 'success' });
    expect(gate()).toEqual([{ state: 'success', target_url: RUN_URL }]);
    expect(latest()!.description).toBe('Waived: the pull request carries the label no-docs');
    expect(flows.sim.requests).toEqual([]);
    // No comment either: a waived pull request's comment is left as it is.
    expect(github.callsTo('create-comment')).toEqual([]);
  });

  it('a labeled event that adds waive-label turns a failed status to success, without a job or a request to the API', async () => {
    const failed = await run({ action: 'opened' }, { 'fail-on': '' }, { script: scripts.failAfter(1) });
    expect(failed.outputs['docs-status-state']).toBe('failure');
    flows.sim.resetLog();
    const waived = await run({ action: 'labeled', label: 'no-docs' });
    expect(waived.outputs).toMatchObject({ outcome: 'skipped', requests: '0', 'docs-status-state': 'success' });
    expect(flows.sim.requests).toEqual([]);
    expect(latest()).toMatchObject({ state: 'success', target_url: RUN_URL, description: 'Waived: the pull request carries the label no-docs' });
    expect(gate().map((status) => status.state)).toEqual(['pending', 'failure', 'success']);
  });

  it('a labeled event that adds waive-label: the code PR’s comment’s gate line says the waiver too, its report and record kept (with what the status was judged on); unlabeled runs the job as usual', async () => {
    const gateLine = (body: string) => body.split('\n').filter((line) => line.startsWith('**Documentation gate** '));
    /** The comment without its gate line and its record. */
    const rest = (body: string) =>
      body.split('\n').filter((line) => !line.startsWith('**Documentation gate** ') && !line.startsWith('<!-- docs-agent-action:state '));
    const failed = await run({ action: 'opened' }, { 'pr-comment': 'true', 'fail-on': '' }, { script: scripts.failAfter(1) });
    expect(failed.outputs).toMatchObject({ outcome: 'failed', 'docs-status-state': 'failure' });
    const before = codeComment();
    expect(gateLine(before)).toEqual([expect.stringMatching(/^\*\*Documentation gate\*\* \(`documentation`\): ❌ failure: /)]);
    flows.sim.resetLog();

    const waived = await run({ action: 'labeled', label: 'no-docs' }, { 'pr-comment': 'true' });
    expect(waived.outputs).toMatchObject({ outcome: 'skipped', requests: '0', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({ state: 'success', target_url: RUN_URL, description: 'Waived: the pull request carries the label no-docs' });
    const after = codeComment();
    expect(gateLine(after)).toEqual(['**Documentation gate** (`documentation`): ✅ success: Waived: the pull request carries the label `no-docs`.']);
    expect(rest(after)).toEqual(rest(before));
    expect(recordIn(after, CODE_PR)).toEqual({ ...recordIn(before, CODE_PR), judged: { sha: HEAD, outcome: 'skipped', skip: 'waived' } });
    expect(github.comments.filter((c) => c.body.includes(COMMENT_MARKER))).toHaveLength(1);
    expect(flows.sim.requests).toEqual([]);

    const unlabeled = await run({ action: 'unlabeled', label: 'no-docs' }, { 'pr-comment': 'true' }, { prLink: link(5) });
    expect(unlabeled.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success' });
    expect(creates()).toHaveLength(1);
    expect(gate().map((status) => status.state)).toEqual(['pending', 'failure', 'success', 'pending', 'success']);
    expect(gateLine(codeComment())).toEqual(['**Documentation gate** (`documentation`): ✅ success: The documentation PR `acme-sim/docs#5` is open.']);
  });

  it('a labeled event that adds waive-label, even where the payload’s labels no longer list it: success naming the label', async () => {
    const payload = pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'labeled', label: 'no-docs' });
    payload.pull_request.labels.length = 0;
    const result = await flows.run(INPUTS, { event: { name: 'pull_request', payload }, env: { GITHUB_RUN_ID: '4242' } });
    expect(result.outputs).toMatchObject({ outcome: 'skipped', requests: '0', 'docs-status-state': 'success' });
    expect(gate()).toEqual([{ state: 'success', target_url: RUN_URL }]);
    expect(latest()!.description).toBe('Waived: the pull request carries the label no-docs');
  });

  it('a custom waive-label; another label added runs the job as usual', async () => {
    const waived = await run({ action: 'labeled', label: 'skip-docs' }, { 'waive-label': 'skip-docs' });
    expect(waived.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'success' });
    expect(latest()!.description).toBe('Waived: the pull request carries the label skip-docs');
    expect(creates()).toEqual([]);

    const other = await run({ action: 'labeled', label: 'bug' }, { 'waive-label': 'skip-docs' }, { prLink: link(5) });
    expect(other.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success' });
    expect(creates()).toHaveLength(1);
    expect(latest()).toMatchObject({ state: 'success', target_url: link(5) });
  });
});

describe('the decisions already made', () => {
  it('a fork’s pull request, skipped without allow-forks: failure, saying the label waives it; no job', async () => {
    const result = await run({ fork: true });
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'failure' });
    expect(latest()).toMatchObject({ state: 'failure', target_url: RUN_URL });
    expect(latest()!.description).toMatch(/fork.*add the label no-docs to waive it$/);
    expect(flows.sim.requests).toEqual([]);
  });

  it('the action’s own documentation PR (it carries the sealed back-link): success, no job', async () => {
    github.comments.push({
      id: 800,
      issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
      body: `${DOCS_PR_MARKER}\nlinked\n${sealedBackLink({ codePr: { repository: CODE, number: 3 } }, CODE_PR, CODE)}`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      author_association: 'MEMBER',
    });
    const result = await run({}, { 'pr-comment': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'success' });
    expect(latest()).toMatchObject({ state: 'success', target_url: RUN_URL });
    expect(creates()).toEqual([]);
  });

  it('a dry run writes no status, and says what it would have written', async () => {
    const result = await run({}, { 'dry-run': 'true' });
    expect(result.outputs.outcome).toBe('dry-run');
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(github.callsTo('set-status')).toEqual([]);
    const waived = await run({ labels: ['no-docs'] }, { 'dry-run': 'true' });
    expect(waived.outputs['docs-status-state']).toBeUndefined();
    expect(waived.log.messages('info')).toContain(
      `Dry run: would set the documentation status of ${HEAD} to success (Waived: the pull request carries the label no-docs).`,
    );
    expect(github.callsTo('set-status')).toEqual([]);
  });

  it('a re-run on a head the recorded job already covers attaches to that job: nothing sent, and the status says how it stands', async () => {
    const first = await run({ action: 'opened' }, { 'pr-comment': 'true', 'reuse-job': 'true' }, { prLink: link(5) });
    const jobId = first.outputs['job-id']!;
    expect(recordIn(codeComment(), CODE_PR)).toMatchObject({ jobId, headSha: HEAD });
    flows.sim.resetLog();
    github.statuses.length = 0;
    const again = await run({ action: 'synchronize' }, { 'pr-comment': 'true', 'reuse-job': 'true' });
    expect(again.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': jobId, 'docs-status-state': 'success' });
    expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(again.log.messages('info')).toContain(`Job ${jobId} already covers the head commit ${HEAD}: attaching to it for the documentation gate.`);
    expect(latest()).toMatchObject({ state: 'success', target_url: link(5) });
  });
});

describe('approved: pending until the documentation PR is approved or merged', () => {
  const APPROVED_INPUTS = { 'docs-status': 'approved', 'pr-comment': 'true' };

  it('without follow-code-pr: the back-link is written all the same, and the status waits, linking the documentation PR', async () => {
    docsPull(5);
    const result = await run({ action: 'opened' }, APPROVED_INPUTS, { prLink: link(5) });
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'pending' });
    expect(gate()).toEqual([
      { state: 'pending', target_url: RUN_URL },
      { state: 'pending', target_url: link(5) },
    ]);
    expect(latest()!.description).toBe('Waiting for the approval of the documentation PR acme-sim/docs#5');
    // The back-link that command: sync follows, and nothing else done to the documentation PR.
    const onDocsPr = docs.comments.filter((c) => c.issue_url?.endsWith('/issues/5'));
    expect(onDocsPr).toHaveLength(1);
    expect(onDocsPr[0]!.body).toContain(DOCS_PR_MARKER);
    expect(docs.pulls.get(5)).toMatchObject({ state: 'open', draft: true });
    expect(result.log.messages('warning')).toEqual([]);
  });

  it.each<{ name: string; pull: Partial<FakePullState> }>([
    { name: 'GitHub’s review decision APPROVED', pull: { reviewDecision: 'APPROVED' } },
    { name: 'no decision, a writer’s approving review', pull: { reviews: [{ login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T10:00:00Z' }] } },
  ])('already approved ($name): success', async ({ pull }) => {
    docs.collaborators.set('lead', 'write');
    docsPull(5, pull);
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(latest()).toMatchObject({ state: 'success', target_url: link(5), description: 'The documentation PR acme-sim/docs#5 is approved' });
  });

  it.each<{ role: 'read' | 'triage' | undefined; login: string }>([
    { role: undefined, login: 'drive-by' },
    { role: 'read', login: 'reader' },
    { role: 'triage', login: 'triager' },
    { role: 'write', login: 'docs-gate[bot]' } as never,
  ])('an approval by $login ($role) does not count: GitHub counts writers only, never bots', async ({ role, login }) => {
    if (role) docs.collaborators.set(login, role);
    docsPull(5, { reviews: [{ login, state: 'APPROVED', submittedAt: '2026-01-05T10:00:00Z' }] });
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('pending');
    expect(latest()).toMatchObject({ state: 'pending', description: 'Waiting for the approval of the documentation PR acme-sim/docs#5' });
  });

  it('a writer’s change request holds whatever a reader approves after it, until that writer approves', async () => {
    docs.collaborators.set('lead', 'write');
    const pull = docsPull(5, {
      reviews: [
        { login: 'lead', state: 'CHANGES_REQUESTED', submittedAt: '2026-01-05T10:00:00Z' },
        { login: 'drive-by', state: 'APPROVED', submittedAt: '2026-01-05T10:05:00Z' },
      ],
    });
    expect((await run({}, APPROVED_INPUTS, { prLink: link(5) })).outputs['docs-status-state']).toBe('pending');
    pull.reviews!.push({ login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T10:10:00Z' });
    expect((await run({}, APPROVED_INPUTS, { prLink: link(5) })).outputs['docs-status-state']).toBe('success');
  });

  it('reads no approval where none is waited for: written mode, or a job that opened no documentation PR', async () => {
    const approvalReads = () => github.requests.filter((r) => r.call === 'reviews' || r.call === 'review-decision');
    docsPull(5, { reviewDecision: 'APPROVED' });
    const written = await run({}, { 'docs-status': 'written', 'pr-comment': 'true' }, { prLink: link(5) });
    expect(written.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'success' });
    expect(latest()!.description).toBe('The documentation PR acme-sim/docs#5 is open');
    expect(approvalReads()).toEqual([]);
    const noPr = await run({}, APPROVED_INPUTS, { script: [{ status: 'completed' }] });
    expect(noPr.outputs).toMatchObject({ outcome: 'no-pr', 'docs-status-state': 'success' });
    expect(approvalReads()).toEqual([]);
  });

  it('reads no approval of a documentation PR closed without merging: failure, whatever its reviews say', async () => {
    docsPull(5, { state: 'closed', reviewDecision: 'APPROVED' });
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'failure' });
    expect(latest()).toMatchObject({ state: 'failure', target_url: link(5), description: 'The documentation PR acme-sim/docs#5 was closed without merging' });
    expect(github.requests.filter((r) => r.call === 'reviews' || r.call === 'review-decision')).toEqual([]);
  });

  it('cancelled while the approval is read: error, the run cancelled, never a status that waits for the approval', async () => {
    docsPull(5);
    github.injectFault({ call: 'review-decision', kind: 'hang' });
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5), onHang: (flow) => flow.cancel() });
    expect(github.callsTo('review-decision')).toHaveLength(1);
    expect(result.outputs).toMatchObject({ outcome: 'cancelled', 'docs-status-state': 'error' });
    expect(result.failed).toBe(true);
    expect(latest()).toMatchObject({
      state: 'error',
      target_url: RUN_URL,
      description: 'Cancelled: the documentation job may still run; a re-run attaches to it',
    });
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('a waived pull request gets no comment: the skip is the status’s to show', async () => {
    const result = await run({ labels: ['no-docs'] }, { 'pr-comment': 'true' });
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'docs-status-state': 'success' });
    expect(github.callsTo('create-comment')).toEqual([]);
    expect(github.callsTo('update-comment')).toEqual([]);
  });

  it('not approved: a change request after the approval, or a decision of CHANGES_REQUESTED, keeps it pending', async () => {
    docsPull(5, {
      reviews: [
        { login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T10:00:00Z' },
        { login: 'lead', state: 'CHANGES_REQUESTED', submittedAt: '2026-01-05T11:00:00Z' },
      ],
    });
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('pending');
    docsPull(5, { reviewDecision: 'CHANGES_REQUESTED', reviews: [{ login: 'lead', state: 'APPROVED', submittedAt: '2026-01-05T10:00:00Z' }] });
    const again = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(again.outputs['docs-status-state']).toBe('pending');
  });

  it('merged already: success', async () => {
    docsPull(5, { state: 'closed', merged: true });
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(latest()).toMatchObject({ state: 'success', target_url: link(5), description: 'The documentation PR acme-sim/docs#5 is merged' });
    expect(result.outputs['docs-status-state']).toBe('success');
  });

  it('the reviews cannot be read: one warning, and the status waits', async () => {
    docsPull(5);
    github.injectFault({ call: 'review-decision', kind: 'status', status: 403 });
    const result = await run({}, APPROVED_INPUTS, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('pending');
    expect(result.log.messages('warning')).toEqual([expect.stringMatching(/^Could not read the reviews of documentation PR acme-sim\/docs#5/)]);
  });
});

describe('detached (wait: false): the job left at work keeps the status pending for a sweep, unless nothing records it', () => {
  const DETACHED = { wait: 'false', 'pr-comment': 'true' };
  const WRITING = 'pending: The documentation agent is writing the documentation for this pull request';
  const LEFT_AT_WORK = 'pending: The documentation agent is writing (the step did not wait); a sweep sets this status once the job ends';

  it('the job recorded as working: pending once it was accepted, then pending for the sweep, saying the step did not wait', async () => {
    const result = await run({ action: 'opened' }, DETACHED, { script: scripts.stayActive() });
    expect(result.outputs).toMatchObject({ outcome: 'submitted', 'docs-status-state': 'pending' });
    expect(recordIn(codeComment(), CODE_PR)).toMatchObject({ jobId: result.outputs['job-id'], headSha: HEAD, working: true });
    expect(said()).toEqual([WRITING, LEFT_AT_WORK]);
    expect(latest()!.target_url).toBe(RUN_URL);
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('the comment could not record the job: no sweep will find it, so failure saying so, never a pending that waits for ever', async () => {
    github.injectFault({ call: 'create-comment', kind: 'status', status: 500, times: 10 });
    const result = await run({ action: 'opened' }, { ...DETACHED, retries: '0' }, { script: scripts.stayActive() });
    expect(result.outputs).toMatchObject({ outcome: 'submitted', 'docs-status-state': 'failure' });
    expect(said()).toEqual([
      WRITING,
      expect.stringMatching(/^failure: The job could not be recorded in this pull request's comment, so no sweep will finish it; re-run the workflow, or add/),
    ]);
    expect(latest()!.target_url).toBe(RUN_URL);
  });

  it('a re-run on the head its job still works on attaches to it without waiting: the record still says working, so the status stays pending for the sweep', async () => {
    const first = await run({ action: 'opened' }, { ...DETACHED, 'reuse-job': 'true' }, { script: scripts.stayActive() });
    const jobId = first.outputs['job-id']!;
    flows.sim.resetLog();
    github.statuses.length = 0;
    const again = await run({ action: 'synchronize' }, { ...DETACHED, 'reuse-job': 'true' });
    expect(again.outputs).toMatchObject({ outcome: 'running', 'job-id': jobId, 'docs-status-state': 'pending' });
    expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(recordIn(codeComment(), CODE_PR)).toMatchObject({ jobId, headSha: HEAD, working: true });
    expect(said().at(-1)).toBe(LEFT_AT_WORK);
    expect(again.log.messages('warning')).toEqual([]);
  });
});

describe('what the record keeps of the status it judged, for a merge queue to judge the same head again', () => {
  it('the head, the outcome and the documentation PR it was judged on, which the action did not close', async () => {
    await run({ action: 'opened' }, { 'pr-comment': 'true' }, { prLink: link(5) });
    expect(latest()).toMatchObject({ state: 'success', target_url: link(5) });
    expect(recordIn(codeComment(), CODE_PR)!.judged).toEqual({
      sha: HEAD,
      outcome: 'pr-opened',
      docsPr: { repository: DOCS, number: 5, repositoryId: github.repositoryId(DOCS), headRef: BRANCH, closedByAction: false },
    });
  });

  it('a documentation PR GitHub could not answer for: failure, and the pull request the job reported recorded all the same, for a later run to check', async () => {
    github.injectFault({ call: 'pull-request', kind: 'status', status: 403, times: 10 });
    const result = await run({ action: 'opened' }, { 'pr-comment': 'true' }, { prLink: link(5) });
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-status-state': 'failure' });
    expect(latest()).toMatchObject({
      state: 'failure',
      target_url: RUN_URL,
      description: 'The documentation PR acme-sim/docs#5 could not be checked on GitHub; re-run the workflow, or add the label no-docs to waive it',
    });
    expect(recordIn(codeComment(), CODE_PR)!.judged).toEqual({
      sha: HEAD,
      outcome: 'pr-opened',
      docsPr: { repository: DOCS, number: 5, headRef: BRANCH, closedByAction: false },
    });
  });
});

describe('the code PR’s comment shows the gate', () => {
  it('working: pending; the outcome: the final state and what it is waiting for; one comment', async () => {
    docsPull(5);
    const result = await run({ action: 'opened' }, { 'docs-status': 'approved', 'pr-comment': 'true' }, { prLink: link(5) });
    expect(result.outputs.outcome).toBe('pr-opened');
    const bodies = github.commentBodiesSent(CODE_PR);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain('**Documentation gate** (`documentation`): ⏳ pending: The documentation agent is writing');
    expect(bodies[1]).toContain('**Documentation gate** (`documentation`): ⏳ pending: Waiting for the approval of the documentation PR `acme-sim/docs#5`.');
    expect(github.comments.filter((c) => c.body.includes(COMMENT_MARKER))).toHaveLength(1);
    // The hidden record stays the comment's last line.
    expect(recordIn(codeComment(), CODE_PR)).toMatchObject({ jobId: result.outputs['job-id'], headSha: HEAD });
  });
});

describe('faults of the status write: one warning, and the run goes on', () => {
  it('no statuses: write (403): one warning naming it; outputs and summary written; the outcome unchanged; nothing tried again', async () => {
    github.workflowToken = { statuses: 'read' };
    const result = await run({}, { 'pr-comment': 'true' }, { prLink: link(5) });
    expect(result.outputs.outcome).toBe('pr-opened');
    expect(result.outputs['docs-status-state']).toBeUndefined();
    expect(result.failed).toBe(false);
    expect(result.summary).toContain('Pull request opened');
    const warnings = result.log.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^Could not set the documentation status on ${HEAD}: GitHub answered 403 .*statuses: write`));
    expect(github.callsTo('set-status')).toHaveLength(1);
    expect(github.statuses).toEqual([]);
    // The comment is written all the same.
    expect(codeComment()).toContain('Pull request opened');
  });

  it('a fork’s read-only token: one warning, the run goes on', async () => {
    github.workflowToken = { readOnly: true };
    const result = await run({ fork: true });
    expect(result.outputs.outcome).toBe('skipped');
    expect(statusWarnings(result)).toEqual([expect.stringMatching(/GitHub answered 403 .*A pull request from a fork gets a read-only token/)]);
    expect(result.log.messages('warning')).toHaveLength(1);
    expect(result.summary.length).toBeGreaterThan(0);
    expect(github.statuses).toEqual([]);
  });

  it('a 5xx on the status write is sent again (a status sent twice leaves the same newest one)', async () => {
    github.injectFault({ call: 'set-status', kind: 'status', status: 502 });
    const result = await run({}, {}, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(github.callsTo('set-status')).toHaveLength(3);
    expect(gate().map((status) => status.state)).toEqual(['pending', 'success']);
    expect(result.log.messages('info')).toContain(
      'GitHub set commit status (POST /repos/{owner}/{repo}/statuses/{sha}) answered 502: Server Error; retrying in 1s (attempt 2 of 5).',
    );
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('a secondary rate limit on the status write is waited out', async () => {
    github.injectFault({
      call: 'set-status',
      kind: 'status',
      status: 403,
      skip: 1,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', status: '403' },
    });
    const result = await run({}, {}, { prLink: link(5) });
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(gate().map((status) => status.state)).toEqual(['pending', 'success']);
    expect(result.log.messages('info')).toContain(
      "GitHub set commit status (POST /repos/{owner}/{repo}/statuses/{sha}) hit GitHub's rate limit; retrying in 1s (attempt 2 of 5).",
    );
    expect(result.log.messages('warning')).toEqual([]);
  });

  it('a hang on the final write ends by the step’s wrap-up (its deadline and one request-timeout): one warning', async () => {
    github.injectFault({ call: 'set-status', kind: 'hang', skip: 1 });
    const started = flows.time.now();
    const result = await run({}, { timeout: '1m', 'request-timeout': '1s', 'fail-on': '' }, { script: scripts.stayActive() });
    expect(result.outputs.outcome).toBe('timed-out');
    expect(flows.time.now() - started).toBeLessThanOrEqual(60_000 + 1_000);
    expect(statusWarnings(result)).toEqual([expect.stringMatching(/^Could not set the documentation status on e+: .*timed out/)]);
    expect(gate().map((status) => status.state)).toEqual(['pending']);
    expect(result.outputs['docs-status-state']).toBe('pending');
  });

  it('the head commit moved while the job ran: the status goes on the commit the job worked on, the event’s head', async () => {
    const moved = 'f'.repeat(40);
    github.pullStates.set(CODE_PR, { title: 'Add a retries flag', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: HEAD });
    const result = await run(
      {},
      {},
      {
        prLink: link(5),
        onPause: () => {
          github.pullStates.get(CODE_PR)!.headSha = moved;
        },
      },
    );
    expect(result.outputs['docs-status-state']).toBe('success');
    expect(github.latestStatus(moved, 'documentation')).toBeUndefined();
    expect(gate().map((status) => status.state)).toEqual(['pending', 'success']);
  });

  it('SIGINT, and the status write after it hangs: given up within a second and a half, one warning', async () => {
    github.injectFault({ call: 'set-status', kind: 'hang', skip: 1 });
    let cancelledAt = Number.NaN;
    const cancel: FlowOptions['onPause'] = (flow) => {
      if (flow.count !== 2) return;
      cancelledAt = flows.time.now();
      flow.cancel();
    };
    const result = await run({}, {}, { script: scripts.stayActive(), onPause: cancel });
    // By the run's clock, on which the hung write's time limit ran out.
    expect(flows.time.now() - cancelledAt).toBeLessThanOrEqual(CANCELLED_WRAP_UP_MS);
    expect(result.outputs.outcome).toBe('cancelled');
    expect(statusWarnings(result)).toHaveLength(1);
    expect(github.callsTo('set-status')).toHaveLength(2);
  });
});
