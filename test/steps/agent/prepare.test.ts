/**
 * The agent command's prepare phase (src/steps/agent/prepare.ts), in process against the API
 * simulator and the fake GitHub, with fake time: the skips (the waiver label, a fork, the
 * action's own documentation PR, a change with nothing to send), what the run needs before it
 * reads anything (a GitHub token, the repository), and the plan: a new job, a follow-up on the
 * job recorded in the pull-request comment, or attaching to it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCS_PR_MARKER } from '../../../src/memory/record.js';
import type { JobScript } from '../../simulator/index.js';
import { fileDiff, type FakeGitHub } from '../../support/fake-github.js';
import { startFlows, type FlowOptions, type FlowResult, type Flows } from '../../support/in-process.js';
import { sealedBackLink } from '../../support/records.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../../support/webhook-events.js';

const CODE = 'acme/widgets';
const CODE_PR = 40;
const HEAD = 'e'.repeat(40);
const SRC = fileDiff('src/cli.ts', ['export const retries = 4;']);
const WAIVED = 'The pull request carries the label no-docs (waive-label): it needs no documentation, so no job is created.';

let flows: Flows;
let github: FakeGitHub;
beforeAll(async () => {
  flows = await startFlows({ github: true });
  github = flows.github!;
});
afterAll(async () => {
  await flows.close();
});
beforeEach(() => {
  flows.reset();
});
afterEach(async () => {
  expect(await github.takeViolations()).toEqual([]);
});

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

describe('the waiver (waive-label, with the documentation gate on)', () => {
  it('a pull request carrying it (in another case): no job, no comment, and the notice names the label', async () => {
    const result = await onPull({ 'docs-status': 'written', 'pr-comment': 'true', prompt: 'x' }, { labels: ['bug', 'No-Docs'] });
    expect(result.outputs.outcome).toBe('skipped');
    expect(result.log.messages('notice')).toEqual([WAIVED]);
    expect(flows.sim.requests).toEqual([]);
    expect(commentWrites()).toEqual([]);
  });

  it('is no waiver with the gate off: the label is an ordinary one and the job is created', async () => {
    const result = await onPull({ prompt: 'x', diff: 'false' }, { labels: ['no-docs'] });
    expect(result.outputs.outcome).toBe('submitted');
    expect(posts('create').map(promptOf)).toEqual(['x']);
    expect(result.log.messages('notice')).toEqual([]);
  });

  it('a labeled event that adds it waives the run, even where the payload’s labels no longer list it', async () => {
    // The event's own label decides, whatever the payload's list of labels holds.
    const payload = pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'labeled', label: 'No-Docs' });
    payload.pull_request.labels.length = 0;
    const result = await run({ 'docs-status': 'written', prompt: 'x', diff: 'false' }, { event: { name: 'pull_request', payload } });
    expect(result.outputs.outcome).toBe('skipped');
    expect(result.log.messages('notice')).toEqual([WAIVED]);
    expect(flows.sim.requests).toEqual([]);
  });

  it('an unlabeled event that removes it is no waiver: the job is created', async () => {
    const result = await onPull({ 'docs-status': 'written', prompt: 'x', diff: 'false' }, { action: 'unlabeled', label: 'no-docs', labels: ['no-docs'] });
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
      'Input "github-token" is empty: it is needed to read the diff and to write the pull-request comment. Leave it at its default (${{ github.token }}) or pass a token.',
    );
    expect(flows.sim.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('no github-token on a closed code PR with follow-code-pr: the step fails saying the comment cannot be read', async () => {
    const result = await onPull({ 'pr-comment': 'true', 'follow-code-pr': 'true', 'github-token': '', prompt: 'x', diff: 'false' }, { action: 'closed' });
    expect(result.failures.join('\n')).toContain(
      'Input "github-token" is empty: it is needed to read the pull-request comment that records the documentation PR.',
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
    github.comments.push({
      id: 800,
      issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
      body: `${DOCS_PR_MARKER}\nlinked\n${sealedBackLink({ codePr: { repository: CODE, number: 3 } }, CODE_PR, CODE)}`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      author_association: 'MEMBER',
    });
    const result = await onPull({ 'pr-comment': 'false', prompt: 'x' });
    expect(result.outputs.outcome).toBe('submitted');
    expect(posts('create')).toHaveLength(1);
    expect(promptOf(posts('create')[0]!)).toContain('src/cli.ts');
    expect(github.callsTo('list-comments')).toEqual([]);
  });
});
