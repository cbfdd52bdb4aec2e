/**
 * The agent command's prepare phase (src/steps/agent/prepare.ts), in process against the API
 * simulator and the fake GitHub, with fake time: the skips (the waiver label, a fork, the
 * action's own documentation PR, a change with nothing to send), what the run needs before it
 * reads anything (a GitHub token, the repository), and the plan: a new job, a follow-up on the
 * job recorded in the pull-request comment, or attaching to it.
 */
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER } from '../../../src/memory/record.js';
import { scripts, type JobScript } from '../../simulator/index.js';
import { fileDiff, type FakeGitHub } from '../../support/fake-github.js';
import { useFlows, type FlowOptions, type FlowResult, type Flows } from '../../support/in-process.js';
import { recordIn, sealedBackLink, sealedRecord } from '../../support/records.js';
import { pullRequestEvent, pushEvent, type PullRequestEventOptions } from '../../support/webhook-events.js';
import { CODE, codePrComment, HEAD } from '../../support/two-repositories.js';

const CODE_PR = 40;
const OLD = 'c0'.repeat(20);
const ZERO = '0'.repeat(40);
const SRC = fileDiff('src/cli.ts', ['export const retries = 4;']);
const WAIVED = 'The pull request carries the label no-docs (waive-label): it needs no documentation, so no job is created.';

let flows: Flows;
let github: FakeGitHub;
useFlows({ github: true }, (started) => ({ flows, github } = started));

type RunOptions = FlowOptions & { readonly script?: JobScript };

function run(inputs: Record<string, string>, options: RunOptions = {}): Promise<FlowResult> {
  if (options.script) flows.sim.queueJobScripts(options.script);
  return flows.run({ wait: 'false', ...inputs }, options);
}

/** A run on a `pull_request` event of CODE_PR, whose diff changes SRC unless the test set another. */
function onPull(inputs: Record<string, string>, event: PullRequestEventOptions = {}, options: RunOptions = {}): Promise<FlowResult> {
  if (!github.pulls.has(CODE_PR)) github.pulls.set(CODE_PR, { diff: SRC, files: [], commits: ['first'] });
  return run(inputs, { ...options, event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, ...event }) } });
}

const posts = (endpoint: 'create' | 'message') => flows.sim.requests.filter((r) => r.method === 'POST' && r.endpoint === endpoint);
const promptOf = (request: { body?: unknown }): string => (request.body as { prompt: string }).prompt;
const commentWrites = () => github.requests.filter((r) => r.call === 'create-comment' || r.call === 'update-comment');

/** The code PR's comment as an earlier run of the action left it. */
function recorded(jobId: string, headSha = OLD): void {
  codePrComment(github, 500 + github.comments.length, `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId, headSha }, CODE_PR)}`, { number: CODE_PR });
}

describe('the waiver (waive-label, with the documentation gate on)', () => {
  it('a pull request carrying it (in another case): no job, no comment, and the notice names the label', async () => {
    const result = await onPull({ 'docs-status': 'written', 'pr-comment': 'true', prompt: 'x' }, { labels: ['bug', 'No-Docs'] });
    expect(result.outputs.outcome).toBe('skipped');
    expect(result.log.messages('notice')).toEqual([WAIVED]);
    expect(flows.sim.requests).toEqual([]);
    expect(commentWrites()).toEqual([]);
  });

  it('is no waiver with the gate off: the label is an ordinary one and the job is created', async () => {
    const result = await onPull({ prompt: 'x', diff: 'false', 'pr-comment': 'true' }, { labels: ['no-docs'] });
    expect(result.outputs.outcome).toBe('submitted');
    expect(posts('create').map(promptOf)).toEqual(['x']);
    expect(result.log.messages('notice')).toEqual([]);
  });

  it('a labeled event that adds it waives the run, even where the payload’s labels no longer list it', async () => {
    // The event's own label decides, whatever the payload's list of labels holds.
    const payload = pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'labeled', label: 'No-Docs' });
    payload.pull_request.labels.length = 0;
    // Detached with the gate, the comment comes with it (set here, so that no notice says it is brought).
    const result = await run({ 'docs-status': 'written', 'pr-comment': 'true', prompt: 'x', diff: 'false' }, { event: { name: 'pull_request', payload } });
    expect(result.outputs.outcome).toBe('skipped');
    expect(result.log.messages('notice')).toEqual([WAIVED]);
    expect(flows.sim.requests).toEqual([]);
  });

  it('an unlabeled event that removes it is no waiver: the job is created', async () => {
    const result = await onPull(
      { 'docs-status': 'written', 'pr-comment': 'true', prompt: 'x', diff: 'false' },
      { action: 'unlabeled', label: 'no-docs', labels: ['no-docs'] },
    );
    expect(result.outputs.outcome).toBe('submitted');
    expect(posts('create').map(promptOf)).toEqual(['x']);
    expect(result.log.messages('notice')).toEqual([]);
  });
});

describe('a fork’s pull request with allow-forks', () => {
  const FORK_WARNING =
    "Running for a fork's pull request under pull_request_target with allow-forks: true. This event runs with the base repository's secrets and a write token, and the fork's text reaches the agent's prompt: a hostile pull request can try to steer the agent. Prefer pull_request, or require approval before this job runs.";

  it('under pull_request_target: one warning, and the job is created', async () => {
    const payload = pullRequestEvent(CODE_PR, { headSha: HEAD, fork: true });
    const result = await run({ 'allow-forks': 'true', prompt: 'x', diff: 'false' }, { event: { name: 'pull_request_target', payload } });
    expect(result.log.messages('warning')).toEqual([FORK_WARNING]);
    expect(posts('create')).toHaveLength(1);
  });

  it('under pull_request: no warning (the fork’s run has no secrets and a read-only token)', async () => {
    const result = await onPull({ 'allow-forks': 'true', prompt: 'x', diff: 'false' }, { fork: true });
    expect(result.log.messages('warning')).toEqual([]);
    expect(posts('create')).toHaveLength(1);
  });
});

describe('what the run needs before it reads GitHub', () => {
  it('no github-token while the comment is to be read and written: the step fails saying which input, nothing sent', async () => {
    const result = await onPull({ 'pr-comment': 'true', 'github-token': '', prompt: 'x', diff: 'false' });
    expect(result.outputs.outcome).toBe('error');
    expect(result.failures.join('\n')).toContain(
      'Input "github-token" is empty: it is needed to write the pull-request comment. Leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write".',
    );
    expect(flows.sim.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('no github-token on a closed code PR with follow-code-pr: the step fails saying the comment cannot be read', async () => {
    const result = await onPull({ 'pr-comment': 'true', 'follow-code-pr': 'true', 'github-token': '', prompt: 'x', diff: 'false' }, { action: 'closed' });
    expect(result.failures.join('\n')).toContain(
      'Input "github-token" is empty: it is needed to read the pull-request comment that records the documentation PR. Leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write".',
    );
    expect(flows.sim.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('no github-token is fine when nothing is read from GitHub: the prompt alone is sent', async () => {
    const result = await onPull({ 'github-token': '', prompt: 'x', diff: 'false' });
    expect(result.failures).toEqual([]);
    expect(result.outputs.outcome).toBe('submitted');
    expect(posts('create').map(promptOf)).toEqual(['x']);
    expect(github.requests).toEqual([]);
  });

  it('no GITHUB_REPOSITORY while the comment is to be read: the step fails saying so, nothing sent', async () => {
    const result = await onPull({ 'pr-comment': 'true', prompt: 'x', diff: 'false' }, {}, { env: { GITHUB_REPOSITORY: '' } });
    expect(result.outputs.outcome).toBe('error');
    expect(result.failures.join('\n')).toContain('GITHUB_REPOSITORY is not set: the repository whose change to read is unknown.');
    expect(flows.sim.requests).toEqual([]);
  });

  it('pr-comment: false never reads the comments: not even a documentation PR’s back-link stops the job', async () => {
    codePrComment(github, 800, `${DOCS_PR_MARKER}\nlinked\n${sealedBackLink({ codePr: { repository: CODE, number: 3 } }, CODE_PR, CODE)}`, { number: CODE_PR });
    const result = await onPull({ 'pr-comment': 'false', prompt: 'x' });
    expect(result.outputs.outcome).toBe('submitted');
    expect(posts('create')).toHaveLength(1);
    expect(promptOf(posts('create')[0]!)).toContain('src/cli.ts');
    expect(github.callsTo('list-comments')).toEqual([]);
  });
});

describe('reuse-job: the job recorded in the pull-request comment', () => {
  const REUSE = { 'pr-comment': 'true', 'reuse-job': 'true' };

  it('a head it already covers: skipped with a notice, and the comment left as it is', async () => {
    const first = await onPull(REUSE, {}, { script: scripts.prAfter(1) });
    const jobId = first.outputs['job-id']!;
    // Not waited for (wait: false): the record says the job is at work.
    expect(recordIn(github.comments[0]!.body, CODE_PR)).toEqual({
      jobId,
      headSha: HEAD,
      working: true,
      acceptedAt: expect.any(String),
      endsBy: expect.any(String),
    });
    const before = github.comments[0]!.body;
    github.requests.length = 0;
    flows.sim.resetLog();

    const again = await onPull(REUSE);
    expect(again.outputs.outcome).toBe('skipped');
    expect(again.log.messages('notice')).toEqual([`Job ${jobId} already covers the head commit ${HEAD}: nothing new to send.`]);
    expect(commentWrites()).toEqual([]);
    expect(github.comments[0]!.body).toBe(before);
    expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a recorded job that failed: said so, and a new job gets the whole change', async () => {
    const first = await onPull({ ...REUSE, 'fail-on': '', wait: 'true' }, { headSha: OLD }, { script: scripts.failAfter(1) });
    expect(first.outputs.outcome).toBe('failed');
    const jobId = first.outputs['job-id']!;
    flows.sim.resetLog();

    const again = await onPull(REUSE);
    expect(again.log.messages('info')).toContain(`The job recorded in the pull-request comment (${jobId}) is failed; creating a new one.`);
    expect(posts('message')).toEqual([]);
    expect(posts('create')).toHaveLength(1);
    expect(again.outputs['job-id']).not.toBe(jobId);
    expect(recordIn(github.comments[0]!.body, CODE_PR)).toEqual({
      jobId: again.outputs['job-id'],
      headSha: HEAD,
      working: true,
      acceptedAt: expect.any(String),
      endsBy: expect.any(String),
    });
  });

  it('a recorded job the API no longer has (404): said so, and a new job is created', async () => {
    recorded('job_gone');
    const result = await onPull(REUSE);
    expect(result.log.messages('info')).toContain('The job recorded in the pull-request comment (job_gone) no longer exists; creating a new one.');
    expect(posts('create')).toHaveLength(1);
    expect(result.outputs['job-id']).not.toBe('job_gone');
  });

  it('a recorded job that cannot be checked (403): the step fails, and no new job is created in its place', async () => {
    const first = await onPull(REUSE, { headSha: OLD });
    flows.sim.resetLog();
    flows.sim.injectFault({ target: 'get', kind: 'status', status: 403, body: { error: 'Forbidden' } });
    const again = await onPull(REUSE);
    expect(again.outputs.outcome).toBe('error');
    expect(again.failed).toBe(true);
    expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(recordIn(github.comments[0]!.body, CODE_PR)).toEqual({
      jobId: first.outputs['job-id'],
      headSha: OLD,
      working: true,
      acceptedAt: expect.any(String),
      endsBy: expect.any(String),
    });
  });
});

describe('the change to send', () => {
  it('diff: true and a diff that cannot be read: the step fails even with a prompt, saying diff is true', async () => {
    github.pulls.set(CODE_PR, { diff: SRC, files: [], commits: [] });
    github.injectFault({ call: 'pull-diff', kind: 'status', status: 500, times: 5 });
    const result = await onPull({ diff: 'true', prompt: 'x', retries: '0' });
    expect(result.outputs.outcome).toBe('error');
    expect(result.failures.join('\n')).toMatch(
      /The diff is what this step sends \(diff is true\), so nothing was sent to the API; re-run the job once GitHub answers\./,
    );
    expect(flows.sim.requests).toEqual([]);
  });

  describe('a push that deleted a branch: no change to read', () => {
    const deleted = { name: 'push', payload: pushEvent(OLD, ZERO).payload };

    it('with diff: true the step fails saying the event has no change', async () => {
      const result = await run({ diff: 'true', prompt: 'x' }, { event: deleted });
      expect(result.outputs.outcome).toBe('error');
      expect(result.failures.join('\n')).toContain('Input "diff" is "true" but the push event has no change to read.');
      expect(flows.sim.requests).toEqual([]);
    });

    it('with a prompt: the prompt alone is sent', async () => {
      const result = await run({ prompt: 'Document the release' }, { event: deleted });
      expect(result.outputs.outcome).toBe('submitted');
      expect(posts('create').map(promptOf)).toEqual(['Document the release']);
    });

    it('with job-id and no prompt: attaches to the job, sending nothing', async () => {
      const first = await run({ prompt: 'first' });
      flows.sim.resetLog();
      const jobId = first.outputs['job-id']!;
      const result = await run({ 'job-id': jobId }, { event: deleted });
      expect(result.outputs['job-id']).toBe(jobId);
      expect(result.outputs.outcome).toBe('running');
      expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('with neither: skipped, saying there is nothing to document', async () => {
      const result = await run({}, { event: deleted });
      expect(result.outputs.outcome).toBe('skipped');
      expect(result.log.messages('notice')).toEqual(['The event carries no change to document and no prompt was given.']);
      expect(flows.sim.requests).toEqual([]);
    });
  });

  it('only files the filters leave out, and no prompt: skipped, and the comment says so', async () => {
    github.pulls.set(CODE_PR, { diff: `${fileDiff('package-lock.json', ['{}'])}\n${fileDiff('dist/index.js', ['x'])}`, files: [], commits: [] });
    const result = await onPull({ 'pr-comment': 'true' });
    const reason = 'Every changed file (2) was left out by diff-include / diff-exclude (or is binary), and no prompt was given: nothing to document.';
    expect(result.outputs.outcome).toBe('skipped');
    expect(result.log.messages('notice')).toEqual([reason]);
    expect(flows.sim.requests).toEqual([]);
    expect(github.callsTo('create-comment')).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
  });
});
