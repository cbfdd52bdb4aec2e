/**
 * `npm start`: the bundled action, run as a runner runs it, against the API simulator.
 * Prints each run's log as the Actions tab shows it, its outputs, and where its job summary was written.
 *
 *   --node PATH   run dist/index.js with this Node.js binary (CI runs it on Node 20 and 24)
 *   --check       exit non-zero unless every run ends as expected, and remove the runs' folders (CI's smoke test)
 */
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { apiInputs, scripts, startSimulator } from '../test/simulator/index.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository } from '../test/support/fake-github.js';
import { logAsShown } from '../test/support/log-view.js';
import { commitLine, releaseOn } from '../test/support/held-for-release.js';
import { findSecret, removeRunDirs, runAction, type ActionRun } from '../test/support/run-action.js';
import { readmeWorkflows } from '../test/support/workflows.js';
import { pullRequestEvent, pullRequestReviewEvent, releaseEvent, repositoryDispatchEvent } from '../test/support/webhook-events.js';

const { values: args } = parseArgs({
  options: { node: { type: 'string' }, check: { type: 'boolean', default: false } },
});
const node = args.node ?? process.execPath;
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

// Previews build in a few seconds here (about 90 s on the platform); the action still reads their
// status at most every 10 s, so the preview run takes about that long.
const sim = await startSimulator({ defaultPreviewScript: { queuedMs: 0, buildMs: 3_000, result: 'success' } });
const problems: string[] = [];
/** The documentation repository's token (a GitHub App's, in a real setup), and the workflow's own. */
const DOCS_TOKEN = 'ghs_demoDocsAppToken';
const WORKFLOW_TOKEN = 'ghs_demoWorkflowToken';
try {
  console.log(`Simulator of the API at ${sim.url}; running dist/index.js on Node ${nodeVersion}.\n`);

  sim.queueJobScripts(scripts.prAfter(2));
  const agent = await runAction({
    node,
    inputs: {
      ...apiInputs(sim),
      prompt: 'Document the new --retries flag of the CLI in the configuration reference.',
      'poll-interval': '200ms',
      'poll-interval-max': '1s',
    },
  });
  show('Agent run (create a job, wait for its pull request)', agent);
  expect(agent, 'agent', agent.code === 0 && agent.outputs.outcome === 'pr-opened' && agent.outputs['pr-link'] !== '');
  expect(agent, 'agent', findSecret(agent, sim.apiKey).length === 0, 'the API key leaked');

  sim.queueJobScripts(scripts.prAfter(2));
  const previewed = await runAction({
    node,
    inputs: {
      ...apiInputs(sim),
      prompt: 'Document the new --retries flag of the CLI in the configuration reference.',
      'poll-interval': '200ms',
      'poll-interval-max': '1s',
      preview: 'true',
    },
  });
  show('Agent run with preview: true (then deploy a preview of the documentation PR’s branch and wait for it)', previewed);
  expect(
    previewed,
    'preview',
    previewed.code === 0 &&
      previewed.outputs.outcome === 'pr-opened' &&
      previewed.outputs['preview-status'] === 'success' &&
      previewed.outputs['preview-url'] !== '',
  );
  expect(previewed, 'preview', findSecret(previewed, sim.apiKey).length === 0, 'the API key leaked');

  const visitors = await runAction({
    node,
    inputs: {
      ...apiInputs(sim),
      command: 'visitors',
      'date-from': '-7d',
      'date-to': 'today',
      'compare-previous': 'true',
    },
  });
  show("Visitors run (export last week's unique visitors, compared with the week before)", visitors);
  expect(visitors, 'visitors', visitors.code === 0 && Number(visitors.outputs['visitors-rows']) > 0 && existsSync(visitors.outputs['visitors-csv'] ?? ''));
  expect(visitors, 'visitors', findSecret(visitors, sim.apiKey).length === 0, 'the API key leaked');

  const refresh = await runAction({
    node,
    inputs: {
      ...apiInputs(sim),
      command: 'refresh',
      'date-from': '-7d',
      'date-to': 'today',
      'poll-interval': '200ms',
      'poll-interval-max': '1s',
    },
  });
  show('Refresh run (aim one job at the pages readers use most, rate poorly, or search for without finding)', refresh);
  const signals = JSON.parse(refresh.outputs.signals || '{}') as { pages?: unknown[]; searches?: unknown[] };
  expect(
    refresh,
    'refresh',
    refresh.code === 0 && refresh.outputs.outcome === 'pr-opened' && (signals.pages?.length ?? 0) > 0 && (signals.searches?.length ?? 0) > 0,
  );
  expect(refresh, 'refresh', findSecret(refresh, sim.apiKey).length === 0, 'the API key leaked');

  await followCodePr();
  await documentationGate();
  await detachedRun();
  await reviewLoop();
  await shipsWithTheRelease();
  await doctor();
} finally {
  await sim.close();
  // CI's smoke test leaves nothing behind; a person running `npm start` gets the summaries to read.
  if (args.check) removeRunDirs();
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  if (args.check) process.exitCode = 1;
} else {
  console.log('Every run ended as expected.');
}

/**
 * follow-code-pr against a stand-in for GitHub with a documentation repository: a code PR opened
 * (the job's documentation PR is linked), then closed without merging (the documentation PR is
 * closed, its branch kept).
 */
async function followCodePr(): Promise<void> {
  await withDocsRepository(async (github, docs) => {
    docs.pulls.set(101, { title: 'Document --retries', state: 'open', draft: true, merged: false, headRef: 'docs/retries' });
    // The job works on the documentation PR's branch: the action follows only the PR whose head is the job's branch.
    sim.queueJobScripts([
      { status: 'active', polls: 1, ref: 'docs/retries' },
      { status: 'completed', prLink: true },
    ]);
    sim.queuePrLinks('https://github.com/acme-sim/docs/pull/101');
    const common = {
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: {
        ...apiInputs(sim),
        'github-token': WORKFLOW_TOKEN,
        'docs-token': DOCS_TOKEN,
        'pr-comment': 'true',
        'follow-code-pr': 'true',
        diff: 'false',
        prompt: 'Document the new --retries flag of the CLI.',
        'poll-interval': '200ms',
        'poll-interval-max': '1s',
      },
    };
    const opened = await runAction({ ...common, event: { name: 'pull_request', payload: pullRequestEvent(12, { action: 'opened' }) } });
    show('Code PR #12 opened with follow-code-pr (the job opens documentation PR acme-sim/docs#101, which is linked to it)', opened);
    expect(opened, 'follow-code-pr, opened', opened.code === 0 && opened.outputs['docs-pr-action'] === 'linked');
    const closed = await runAction({ ...common, event: { name: 'pull_request', payload: pullRequestEvent(12, { action: 'closed', merged: false }) } });
    show('Code PR #12 closed without merging (no job; the documentation PR is closed, its branch kept)', closed);
    console.log(`  documentation PR   acme-sim/docs#101 is ${docs.pulls.get(101)!.state}, branch ${docs.pulls.get(101)!.headRef}\n`);
    expect(closed, 'follow-code-pr, closed', closed.code === 0 && closed.outputs.outcome === 'synced' && closed.outputs['docs-pr-action'] === 'closed');
    expect(closed, 'follow-code-pr, closed', docs.pulls.get(101)!.state === 'closed', 'left the documentation PR open');
    for (const run of [opened, closed]) expect(run, 'follow-code-pr', findSecret(run, DOCS_TOKEN).length === 0, 'the docs token leaked');
  });
}

/**
 * The documentation gate: a code PR held by its `documentation` status while its documentation PR
 * waits for approval (docs-status: approved), then opened by the approval, as `command: sync` in
 * the documentation repository's workflow brings the code PR in step.
 */
async function documentationGate(): Promise<void> {
  const head = 'c0de'.repeat(10);
  await withDocsRepository(async (github, docs) => {
    github.pullStates.set(14, { title: 'Add --timeout', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: head });
    docs.pulls.set(102, {
      title: 'Document --timeout',
      state: 'open',
      draft: false,
      merged: false,
      headRef: 'docs/timeout',
      reviewDecision: 'REVIEW_REQUIRED',
    });
    sim.queueJobScripts([
      { status: 'active', polls: 1, ref: 'docs/timeout' },
      { status: 'completed', prLink: true },
    ]);
    sim.queuePrLinks('https://github.com/acme-sim/docs/pull/102');
    const shared = { 'api-key': sim.apiKey, 'project-id': 'proj_sim', 'base-url': sim.url, 'docs-status': 'approved' };
    const opened = await runAction({
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      event: { name: 'pull_request', payload: pullRequestEvent(14, { action: 'opened', headSha: head }) },
      inputs: {
        ...shared,
        'github-token': WORKFLOW_TOKEN,
        'docs-token': DOCS_TOKEN,
        'pr-comment': 'true',
        diff: 'false',
        prompt: 'Document the new --timeout flag of the CLI.',
        'poll-interval': '200ms',
        'poll-interval-max': '1s',
      },
    });
    show('Code PR #14 opened with docs-status: approved (the gate holds it while documentation PR acme-sim/docs#102 awaits approval)', opened);
    const held = github.latestStatus(head, 'documentation');
    console.log(`  status documentation  ${held?.state}: ${held?.description}\n`);
    expect(opened, 'gate, opened', opened.code === 0 && opened.outputs['docs-status-state'] === 'pending' && held?.state === 'pending');

    // A reviewer approves the documentation PR; the documentation repository's workflow runs sync.
    docs.pulls.get(102)!.reviewDecision = 'APPROVED';
    const synced = await runAction({
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme-sim/docs' },
      event: {
        name: 'pull_request_review',
        payload: pullRequestReviewEvent(102, { action: 'submitted', state: 'approved', repository: 'acme-sim/docs', headRef: 'docs/timeout' }),
      },
      inputs: { ...shared, command: 'sync', 'github-token': DOCS_TOKEN, 'code-token': WORKFLOW_TOKEN },
    });
    show('Documentation PR acme-sim/docs#102 approved: command: sync in the documentation repository opens the gate', synced);
    const open = github.latestStatus(head, 'documentation');
    console.log(`  status documentation  ${open?.state}: ${open?.description}\n`);
    expect(synced, 'gate, sync', synced.code === 0 && synced.outputs.outcome === 'synced' && open?.state === 'success');
    for (const run of [opened, synced]) {
      expect(run, 'gate', findSecret(run, DOCS_TOKEN).length === 0 && findSecret(run, WORKFLOW_TOKEN).length === 0, 'a token leaked');
    }
  });
}

/**
 * A detached run (wait: false, then command: sweep): the code PR's run starts the job and ends at
 * once, leaving the status pending; the job opens its documentation PR; that PR's opening runs the
 * sweep (a repository_dispatch from the documentation repository's workflow), which finishes the
 * code PR as a waiting run would have.
 */
async function detachedRun(): Promise<void> {
  const head = 'd0c5'.repeat(10);
  await withDocsRepository(async (github, docs) => {
    github.pullStates.set(16, { title: 'Add --verbose', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: head });
    sim.queueJobScripts([
      { status: 'active', forMs: 1_000, ref: 'docs/verbose' },
      { status: 'completed', prLink: true },
    ]);
    sim.queuePrLinks('https://github.com/acme-sim/docs/pull/103');
    const common = {
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets', GITHUB_REPOSITORY_ID: String(github.repositoryId('acme/widgets')) },
    };
    const shared = { ...apiInputs(sim), 'github-token': WORKFLOW_TOKEN, 'docs-token': DOCS_TOKEN, 'follow-code-pr': 'true', 'docs-status': 'written' };
    const started = await runAction({
      ...common,
      event: { name: 'pull_request', payload: pullRequestEvent(16, { action: 'opened', headSha: head }) },
      inputs: { ...shared, wait: 'false', 'pr-comment': 'true', diff: 'false', prompt: 'Document the new --verbose flag of the CLI.' },
    });
    show('Detached: code PR #16 opened with wait: false (the job starts; the run ends at once, the gate pending)', started);
    const pending = github.latestStatus(head, 'documentation');
    console.log(`  status documentation  ${pending?.state}: ${pending?.description}\n`);
    expect(started, 'detached, start', started.code === 0 && started.outputs.outcome === 'submitted' && pending?.state === 'pending');

    // The agent works on; it opens documentation PR acme-sim/docs#103, whose opening wakes the sweep.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    docs.pulls.set(103, { title: 'Document --verbose', state: 'open', draft: true, merged: false, headRef: 'docs/verbose' });
    const swept = await runAction({ ...common, event: repositoryDispatchEvent({}), inputs: { ...shared, command: 'sweep' } });
    show('Detached: documentation PR acme-sim/docs#103 opened; its repository_dispatch runs command: sweep, which finishes code PR #16', swept);
    const done = github.latestStatus(head, 'documentation');
    console.log(`  status documentation  ${done?.state}: ${done?.description}\n`);
    const entries = JSON.parse(swept.outputs.swept || '[]') as Array<{ pullRequest: number; outcome: string }>;
    expect(
      swept,
      'detached, sweep',
      swept.code === 0 && entries.some((entry) => entry.pullRequest === 16 && entry.outcome === 'pr-opened') && done?.state === 'success',
    );
    for (const run of [started, swept]) {
      expect(run, 'detached', findSecret(run, DOCS_TOKEN).length === 0 && findSecret(run, WORKFLOW_TOKEN).length === 0, 'a token leaked');
    }
  });
}

/**
 * The review loop: a writer requests changes on the documentation PR; `command: sync` with
 * `review-loop` in the documentation repository's workflow sends the review to the job that wrote
 * the PR, waits for it, and tells the reviewer (the reply) and the code PR (its comment and status).
 */
async function reviewLoop(): Promise<void> {
  const head = 'feed'.repeat(10);
  await withDocsRepository(async (github, docs) => {
    github.pullStates.set(18, { title: 'Add --dry-run', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: head });
    docs.pulls.set(104, {
      title: 'Document --dry-run',
      state: 'open',
      draft: false,
      merged: false,
      headRef: 'docs/dry-run',
      reviewDecision: 'REVIEW_REQUIRED',
    });
    docs.collaborators.set('lead', 'write');
    const job: Parameters<typeof sim.queueJobScripts>[0] = [
      { status: 'active', polls: 1, ref: 'docs/dry-run' },
      { status: 'completed', prLink: true },
    ];
    sim.queueJobScripts(job, job);
    sim.queuePrLinks('https://github.com/acme-sim/docs/pull/104');
    const shared = { ...apiInputs(sim), 'docs-status': 'approved', 'poll-interval': '200ms', 'poll-interval-max': '1s' };
    const opened = await runAction({
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      event: { name: 'pull_request', payload: pullRequestEvent(18, { action: 'opened', headSha: head }) },
      inputs: {
        ...shared,
        'github-token': WORKFLOW_TOKEN,
        'docs-token': DOCS_TOKEN,
        'pr-comment': 'true',
        diff: 'false',
        prompt: 'Document the new --dry-run flag.',
      },
    });
    show('Code PR #18 opened: its job writes documentation PR acme-sim/docs#104', opened);

    // A writer of the documentation repository requests changes, with an inline comment.
    docs.pulls.get(104)!.reviews = [
      {
        id: 7001,
        login: 'lead',
        state: 'CHANGES_REQUESTED',
        submittedAt: '2026-11-28T09:00:00Z',
        body: 'Say what --dry-run prints, and that it sends nothing.',
        comments: [{ path: 'cli/dry-run.mdx', line: 7, body: 'Add an example of its output here.' }],
      },
    ];
    const revised = await runAction({
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme-sim/docs' },
      event: {
        name: 'pull_request_review',
        payload: pullRequestReviewEvent(104, {
          action: 'submitted',
          state: 'changes_requested',
          repository: 'acme-sim/docs',
          headRef: 'docs/dry-run',
          reviewId: 7001,
          reviewer: 'lead',
        }),
      },
      inputs: { ...shared, command: 'sync', 'review-loop': 'true', 'github-token': DOCS_TOKEN, 'code-token': WORKFLOW_TOKEN },
    });
    show('Review loop: lead requests changes on acme-sim/docs#104; command: sync sends the review to the job that wrote it', revised);
    const message = sim.job(opened.outputs['job-id'] ?? '')?.messages.at(-1) ?? '';
    console.log(`  message to the job  ${message.split('\n').slice(0, 3).join(' ').slice(0, 160)}…`);
    const status = github.latestStatus(head, 'documentation');
    console.log(`  status documentation  ${status?.state}: ${status?.description}\n`);
    expect(opened, 'review loop, code PR', opened.code === 0 && opened.outputs.outcome === 'pr-opened');
    expect(revised, 'review loop, sync', revised.code === 0 && revised.outputs.outcome === 'revised' && message.includes('Add an example of its output here.'));
    for (const run of [opened, revised]) {
      expect(run, 'review loop', findSecret(run, DOCS_TOKEN).length === 0 && findSecret(run, WORKFLOW_TOKEN).length === 0, 'a token leaked');
    }
  });
}

/**
 * Documentation that ships with the release: a code PR's documentation PR, linked by its run; the
 * code PR merged with `docs-publish: on-release` (the documentation PR waits, a draft labelled
 * waits-for-release); then a release that contains the merge, whose `command: release` marks the
 * documentation PR ready for review.
 */
async function shipsWithTheRelease(): Promise<void> {
  await withDocsRepository(async (github, docs) => {
    github.pullStates.set(20, { title: 'Add --limit', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: 'a11c'.repeat(10) });
    docs.pulls.set(105, { title: 'Document --limit', state: 'open', draft: false, merged: false, headRef: 'docs/limit' });
    sim.queueJobScripts([
      { status: 'active', polls: 1, ref: 'docs/limit' },
      { status: 'completed', prLink: true },
    ]);
    sim.queuePrLinks('https://github.com/acme-sim/docs/pull/105');
    const env = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' };
    const following = {
      ...apiInputs(sim),
      'github-token': WORKFLOW_TOKEN,
      'docs-token': DOCS_TOKEN,
      'pr-comment': 'true',
      'follow-code-pr': 'true',
      'docs-publish': 'on-release',
      diff: 'false',
      prompt: 'Document the new --limit flag of the CLI.',
      'poll-interval': '200ms',
      'poll-interval-max': '1s',
    };
    const opened = await runAction({ node, env, event: { name: 'pull_request', payload: pullRequestEvent(20, { action: 'opened' }) }, inputs: following });
    show('Code PR #20 opened with docs-publish: on-release (its job opens documentation PR acme-sim/docs#105, linked to it)', opened);
    expect(opened, 'release, opened', opened.code === 0 && opened.outputs['docs-pr-action'] === 'linked');

    // Merged on main; the release v1.3.0 is tagged after the merge.
    const [root] = commitLine(github, ['root']);
    const [merge, tip] = commitLine(github, ['merge of #20', 'tip of main'], root);
    github.pullStates.set(20, { ...github.pullStates.get(20)!, state: 'closed', merged: true, mergeCommit: merge });
    const merged = await runAction({
      node,
      env,
      event: { name: 'pull_request', payload: pullRequestEvent(20, { action: 'closed', merged: true }) },
      inputs: following,
    });
    show('Code PR #20 merged (no job; the documentation PR waits for the release that contains the merge, as a draft)', merged);
    const waiting = docs.pulls.get(105)!;
    console.log(`  documentation PR   acme-sim/docs#105 is ${waiting.draft ? 'a draft' : 'ready for review'}, labelled ${(waiting.labels ?? []).join(', ')}\n`);
    expect(merged, 'release, merged', merged.code === 0 && merged.outputs['docs-pr-action'] === 'held' && waiting.draft);

    releaseOn(github, 'v1.3.0', tip!, { name: 'Widgets 1.3' });
    const released = await runAction({
      node,
      env,
      event: releaseEvent('v1.3.0', { name: 'Widgets 1.3' }),
      inputs: { ...apiInputs(sim), command: 'release', 'github-token': WORKFLOW_TOKEN, 'docs-token': DOCS_TOKEN, 'docs-repository': 'acme-sim/docs' },
    });
    show('Release v1.3.0 published: command: release marks the documentation PR it contains ready for review', released);
    const ready = docs.pulls.get(105)!;
    console.log(`  documentation PR   acme-sim/docs#105 is ${ready.draft ? 'a draft' : 'ready for review'}, ${ready.merged ? 'merged' : 'not merged'}\n`);
    expect(released, 'release', released.code === 0 && released.outputs.outcome === 'released' && !ready.draft && !ready.merged);
    for (const run of [opened, merged, released]) {
      expect(
        run,
        'release',
        findSecret(run, sim.apiKey).length === 0 && findSecret(run, DOCS_TOKEN).length === 0 && findSecret(run, WORKFLOW_TOKEN).length === 0,
        'a secret leaked',
      );
    }
  });
}

/**
 * The doctor on the README's quick start, as a repository that copied it has it: every row ok;
 * then on the same workflow without `pull-requests: write`, which its comment needs: that row a
 * fail, with the line to add, and the step failed.
 */
async function doctor(): Promise<void> {
  const quickStart = readmeWorkflows.find((workflow) => workflow.name.endsWith(': quick start'))!.content;
  await withDocsRepository(async (github) => {
    const head = 'd0c7'.repeat(10);
    github.branches.set('main', head);
    const common = {
      node,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets', GITHUB_ACTION_REPOSITORY: 'OWNER/docs-agent-action', GITHUB_ACTION_REF: 'v0' },
      inputs: { ...apiInputs(sim), command: 'doctor', 'github-token': WORKFLOW_TOKEN },
    };
    github.files.set(head, { '.github/workflows/docs.yml': quickStart });
    const healthy = await runAction(common);
    show("The doctor on the README's quick start (the key, github-token, the workflow: every row ok)", healthy);
    const rows = (run: ActionRun) => JSON.parse(run.outputs.doctor || '[]') as Array<{ level: string; check: string }>;
    expect(healthy, 'doctor', healthy.code === 0 && healthy.outputs.outcome === 'checked' && rows(healthy).every((row) => row.level === 'ok'));
    github.files.set(head, { '.github/workflows/docs.yml': quickStart.replace('pull-requests: write', 'pull-requests: read') });
    const broken = await runAction(common);
    show('The doctor on the quick start without pull-requests: write (one fail row, with the line to add; the step fails)', broken);
    const failing = rows(broken).filter((row) => row.level !== 'ok');
    expect(broken, 'doctor, a mistake', broken.code === 1 && failing.length === 1 && failing[0]!.check === '.github/workflows/docs.yml: permissions');
    for (const run of [healthy, broken])
      expect(run, 'doctor', findSecret(run, sim.apiKey).length === 0 && findSecret(run, WORKFLOW_TOKEN).length === 0, 'a secret leaked');
  });
}

/** Runs `body` against a stand-in for GitHub with a documentation repository, `acme-sim/docs`, which DOCS_TOKEN may write. */
async function withDocsRepository(body: (github: FakeGitHub, docs: FakeRepository) => Promise<void>): Promise<void> {
  const github = await startFakeGitHub();
  try {
    const docs = github.addRepository('acme-sim/docs');
    github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { 'acme-sim/docs': { pullRequests: 'write', contents: 'write' } } });
    await body(github, docs);
  } finally {
    await github.close();
  }
}

function show(title: string, run: ActionRun): void {
  console.log(`## ${title}`);
  console.log(`exit code ${run.code} in ${Math.round(run.durationMs)} ms; the step's log, as the Actions tab shows it:`);
  for (const line of logAsShown(run.stdout)) console.log(`  | ${line.replace(/\n/g, '\n  | ')}`);
  console.log('outputs:');
  for (const [name, value] of Object.entries(run.outputs)) {
    if (name !== 'job' && name !== 'signals' && name !== 'doctor') console.log(`  ${name.padEnd(18)} ${value}`);
  }
  console.log(`  job summary        ${run.workDir}/step_summary.md\n`);
}

function expect(run: ActionRun, name: string, ok: boolean, what = 'did not end as expected'): void {
  if (!ok) problems.push(`${name} run ${what}:\n${run.stdout}\n${run.stderr}`);
}
