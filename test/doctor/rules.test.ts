/**
 * The rules of the workflows that run this action (src/doctor/rules.ts): what each finds, on the
 * smallest workflows that keep or break it, and the fix each gives. The documented workflows are
 * held to them in test/project/workflow-rules.test.ts, a repository's by `command: doctor`.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  addTrigger,
  addTypes,
  concurrencyProblems,
  labeledWithoutUnlabeled,
  longestStepMs,
  mergeQueueProblems,
  queueWithCancel,
  runnerProblems,
  type Problem,
} from '../../src/doctor/rules.js';
import { fixText } from '../../src/doctor/findings.js';
import { parseWorkflow, type Workflow } from '../../src/doctor/workflow.js';
import { applyFix } from '../support/doctor-fixes.js';

function workflowOf(content: string): Workflow {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.workflow;
}

const says =
  (rule: (workflow: Workflow) => Problem[]) =>
  (content: string): string[] =>
    rule(workflowOf(content)).map((problem) => problem.says);

describe('the checks themselves', () => {
  const action = (uses: string, inputs: string[] = []): string[] => [
    `      - uses: OWNER/docs-agent-action/${uses}@v0`,
    '        with:',
    '          api-key: ${{ secrets.MINTLIFY_API_KEY }}',
    ...inputs.map((input) => `          ${input}`),
  ];

  it('rule 1: find a pull request workflow with no group, a shared group, cancel-in-progress or no queue: max', () => {
    const good = [
      'on: [pull_request, pull_request_review]',
      'concurrency:',
      '  group: docs-${{ github.event.pull_request.number }}',
      '  cancel-in-progress: false',
      '  queue: max',
      'jobs:',
      '  docs:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      ...action('agent'),
    ].join('\n');
    expect(says(concurrencyProblems)(good)).toEqual([]);
    expect(says(concurrencyProblems)(good.replace('  queue: max\n', ''))).toEqual(['job docs: no queue: max (a third run cancels the pending one)']);
    expect(says(concurrencyProblems)(good.replace('  queue: max', '  queue: single'))).toEqual([
      'job docs: no queue: max (a third run cancels the pending one)',
    ]);
    expect(says(concurrencyProblems)(good.replace('cancel-in-progress: false', 'cancel-in-progress: true'))).toEqual([
      'job docs: cancel-in-progress is not false',
    ]);
    expect(says(concurrencyProblems)(good.replace(/concurrency:\n(?: {2}.*\n){3}/, ''))).toEqual(['job docs: no concurrency group']);
    // One group for every pull request: one's run waits for another's, and a third drops a run.
    expect(says(concurrencyProblems)(good.replace('docs-${{ github.event.pull_request.number }}', 'docs'))).toEqual([
      'job docs: two pull requests share the group docs',
    ]);
    // github.event.number is not in a review's payload: a review of any pull request lands in "docs-".
    expect(says(concurrencyProblems)(good.replace('github.event.pull_request.number', 'github.event.number'))).toEqual([
      "job docs: one pull request's events in several groups (docs-12, docs-)",
      'job docs: two pull requests share the group docs-',
    ]);
    // A job's own group is the one that counts.
    const jobGroup = good.replace(
      '    runs-on:',
      '    concurrency: { group: "docs-${{ github.head_ref }}", cancel-in-progress: false, queue: max }\n    runs-on:',
    );
    expect(says(concurrencyProblems)(jobGroup)).toEqual(['job docs: two pull requests share the group docs-feature']);
    // A workflow that runs on no pull request's event is not held to it.
    expect(says(concurrencyProblems)(good.replace('on: [pull_request, pull_request_review]', 'on: schedule'))).toEqual([]);
  });

  it('rule 1: let sweeps share one group, and only sweeps', () => {
    const sweep = [
      'on: [pull_request, schedule]',
      'jobs:',
      '  sweep:',
      '    concurrency: { group: docs-sweep, cancel-in-progress: false }',
      '    runs-on: ubuntu-slim',
      '    steps:',
      ...action('sweep'),
    ].join('\n');
    expect(says(concurrencyProblems)(sweep)).toEqual([]);
    expect(says(concurrencyProblems)(sweep.replace('group: docs-sweep', 'group: "docs-${{ github.event.pull_request.number }}"'))).toEqual([
      'job sweep: sweeps of two pull requests in two groups',
    ]);
    expect(says(concurrencyProblems)(sweep.replace('sweep@v0', 'agent@v0'))).toEqual([
      'job sweep: no queue: max (a third run cancels the pending one)',
      'job sweep: two pull requests share the group docs-sweep',
    ]);
  });

  it('find queue: max beside cancel-in-progress: true, which GitHub refuses', () => {
    expect(says(queueWithCancel)('on: push\nconcurrency: { group: a, cancel-in-progress: true, queue: max }\njobs: {}')).toEqual([
      'workflow: queue: max with cancel-in-progress: true',
    ]);
    expect(says(queueWithCancel)('on: push\njobs:\n  a:\n    concurrency: { group: a, cancel-in-progress: "true", queue: max }')).toEqual([
      'job a: queue: max with cancel-in-progress: true',
    ]);
    expect(says(queueWithCancel)('on: push\nconcurrency: { group: a, cancel-in-progress: false, queue: max }\njobs: {}')).toEqual([]);
  });

  it('rule 2: find a waiting job on ubuntu-slim or without room for its timeout, and a short one on ubuntu-latest', () => {
    const job = (runsOn: string, steps: string[], extra: string[] = []) =>
      ['on: push', 'jobs:', '  docs:', `    runs-on: ${runsOn}`, ...extra, '    steps:', '      - uses: actions/checkout@v6', ...steps].join('\n');
    // Waiting: ubuntu-latest, and more than 30m + 2 × 30s.
    expect(says(runnerProblems)(job('ubuntu-latest', action('agent'), ['    timeout-minutes: 32']))).toEqual([]);
    expect(says(runnerProblems)(job('ubuntu-latest', action('agent'), ['    timeout-minutes: 31']))).toEqual([
      'job docs: waits up to 31 min, but timeout-minutes is 31',
    ]);
    expect(says(runnerProblems)(job('ubuntu-latest', action('agent')))).toEqual(['job docs: waits up to 31 min, with no timeout-minutes']);
    expect(says(runnerProblems)(job('ubuntu-latest', action('refresh', ['timeout: 45m']), ['    timeout-minutes: 45']))).toEqual([
      'job docs: waits up to 46 min, but timeout-minutes is 45',
    ]);
    expect(says(runnerProblems)(job('ubuntu-slim', action('agent'), ['    timeout-minutes: 40']))).toEqual([
      'job docs: waits on the agent, but runs on "ubuntu-slim", not ubuntu-latest',
    ]);
    expect(says(runnerProblems)(job('ubuntu-latest', action('sync', ['review-loop: true', 'request-timeout: 2m']), ['    timeout-minutes: 34']))).toEqual([
      'job docs: waits up to 34 min, but timeout-minutes is 34',
    ]);
    // Never waiting: ubuntu-slim, whatever the command.
    for (const short of [
      action('agent', ['wait: false']),
      action('sweep'),
      action('sync'),
      action('sync', ['review-loop: true', 'wait: false']),
      action('visitors'),
    ]) {
      expect(says(runnerProblems)(job('ubuntu-slim', short))).toEqual([]);
      expect(says(runnerProblems)(job('ubuntu-latest', short))).toEqual(['job docs: never waits on the agent, but runs on "ubuntu-latest", not ubuntu-slim']);
    }
    // The root action: its command decides.
    expect(says(runnerProblems)(job('ubuntu-latest', ['      - uses: OWNER/docs-agent-action@v0', '        with:', '          command: sweep']))).toHaveLength(
      1,
    );
    // A job without this action is not held to it.
    expect(says(runnerProblems)(job('ubuntu-latest', []))).toEqual([]);
  });

  it('rule 3: find a gate a merge queue would never see, by what the conditions do on merge_group', () => {
    const gate = [
      'on:',
      '  pull_request:',
      '  merge_group:',
      '    types: [checks_requested]',
      'jobs:',
      '  docs:',
      "    if: github.event_name == 'merge_group' || github.event.pull_request.head.repo.full_name == github.repository",
      '    runs-on: ubuntu-latest',
      '    steps:',
      ...action('agent', ['docs-status: written']),
    ].join('\n');
    expect(says(mergeQueueProblems)(gate)).toEqual([]);
    expect(says(mergeQueueProblems)(gate.replace(/ {2}merge_group:\n.*\n/, ''))).toEqual(['keeps the documentation gate, but does not run on merge_group']);
    expect(says(mergeQueueProblems)(gate.replace('[checks_requested]', '[destroyed]'))).toEqual(['merge_group without checks_requested']);
    // The fork guard alone: on merge_group there is no pull request, and the job is skipped.
    expect(says(mergeQueueProblems)(gate.replace("github.event_name == 'merge_group' || ", ''))).toEqual(['job docs: its if: keeps merge_group out']);
    expect(says(mergeQueueProblems)(gate.replace("github.event_name == 'merge_group' ||", "github.event_name == 'pull_request' &&"))).toEqual([
      'job docs: its if: keeps merge_group out',
    ]);
    // A step's own if: counts too.
    const stepIf = gate.replace('      - uses: OWNER', "      - if: github.event_name == 'pull_request'\n        uses: OWNER");
    expect(says(mergeQueueProblems)(stepIf)).toEqual(['job docs: the step OWNER/docs-agent-action/agent@v0: its if: keeps merge_group out']);
    // Status functions and ${{ }} are read as GitHub reads them.
    const withStatus = gate.replace(
      "    if: github.event_name == 'merge_group' || github.event.pull_request.head.repo.full_name == github.repository",
      "    if: ${{ success() && (github.event_name == 'merge_group' || github.event.pull_request.head.repo.full_name == github.repository) }}",
    );
    expect(says(mergeQueueProblems)(withStatus)).toEqual([]);
    expect(says(mergeQueueProblems)(withStatus.replace('success()', 'failure()'))).toEqual(['job docs: its if: keeps merge_group out']);
    // Without docs-status there is no gate; a documentation repository's sync keeps the code's gate, not its own.
    expect(says(mergeQueueProblems)(gate.replace(/ {2}merge_group:\n.*\n/, '').replace('docs-status: written', 'pr-comment: true'))).toEqual([]);
    expect(says(mergeQueueProblems)(gate.replace(/ {2}merge_group:\n.*\n/, '').replace('agent@v0', 'sync@v0'))).toEqual([]);
  });
});

describe('how much each problem matters, and the fix that ends it', () => {
  /** A workflow's text with a rule's first problem's fix applied, as the doctor's row would give it. */
  const fixed = (rule: (workflow: Workflow) => Problem[], content: string): string => {
    const [first] = rule(workflowOf(content));
    if (!first) throw new Error('no problem to fix');
    return applyFix({ 'w.yml': content }, `w.yml: ${fixText(first.fix)}`)['w.yml']!;
  };
  const pullRequestJob = (lines: string[]): string =>
    [
      'on: pull_request',
      'jobs:',
      '  docs:',
      '    runs-on: ubuntu-latest',
      '    timeout-minutes: 40',
      ...lines,
      '    steps:',
      '      - uses: OWNER/docs-agent-action/agent@v0',
      '        with:',
      '          docs-status: written',
    ].join('\n');

  it('rule 1: a group that drops runs is a warn, and each fix leaves a group per pull request that drops none', () => {
    for (const content of [
      pullRequestJob([]),
      pullRequestJob(['    concurrency: docs']),
      pullRequestJob(['    concurrency: { group: docs, cancel-in-progress: false, queue: max }']),
      pullRequestJob(['    concurrency: { group: "docs-${{ github.event.pull_request.number }}", cancel-in-progress: true, queue: max }']),
    ]) {
      expect(concurrencyProblems(workflowOf(content)).map((problem) => problem.level)).toContain('warn');
      let text = content;
      for (let round = 0; round < 3 && concurrencyProblems(workflowOf(text)).length > 0; round++) text = fixed(concurrencyProblems, text);
      expect(says(concurrencyProblems)(text)).toEqual([]);
      expect(says(queueWithCancel)(text)).toEqual([]);
    }
    // The workflow's own group, set key by key where it is a map.
    const top = [
      'on: pull_request',
      'concurrency: { group: "docs-${{ github.event.pull_request.number }}", cancel-in-progress: false }',
      'jobs:',
      '  docs:',
      '    runs-on: ubuntu-latest',
      '    steps: []',
    ].join('\n');
    expect(concurrencyProblems(workflowOf(top))[0]!.fix.edits).toEqual([{ op: 'set', path: ['concurrency', 'queue'], value: 'max' }]);
  });

  it('queue: max beside cancel-in-progress: true is a fail: GitHub does not run the workflow', () => {
    const content = 'on: push\njobs:\n  a:\n    concurrency: { group: a, cancel-in-progress: true, queue: max }\n    runs-on: ubuntu-slim\n    steps: []';
    expect(queueWithCancel(workflowOf(content)).map((problem) => problem.level)).toEqual(['fail']);
    expect(says(queueWithCancel)(fixed(queueWithCancel, content))).toEqual([]);
  });

  it('rule 2: no room for the last writes is a fail, no timeout-minutes a warn; a waiting job on ubuntu-slim fails past its 15-minute cap', () => {
    const job = (runsOn: string, extra: string[], inputs: string[] = []): string =>
      [
        'on: push',
        'jobs:',
        '  docs:',
        `    runs-on: ${runsOn}`,
        ...extra,
        '    steps:',
        '      - uses: OWNER/docs-agent-action/agent@v0',
        '        with:',
        '          prompt: x',
        ...inputs.map((line) => `          ${line}`),
      ].join('\n');
    const levels = (content: string): string[] => runnerProblems(workflowOf(content)).map((problem) => problem.level);
    expect(levels(job('ubuntu-latest', ['    timeout-minutes: 30']))).toEqual(['fail']);
    expect(levels(job('ubuntu-latest', []))).toEqual(['warn']);
    expect(levels(job('ubuntu-slim', ['    timeout-minutes: 40']))).toEqual(['fail']);
    expect(levels(job('ubuntu-slim', ['    timeout-minutes: 14'], ['timeout: 10m']))).toEqual(['warn']);
    for (const content of [job('ubuntu-latest', ['    timeout-minutes: 30']), job('ubuntu-latest', []), job('ubuntu-slim', ['    timeout-minutes: 40'])]) {
      let text = content;
      for (let round = 0; round < 3 && runnerProblems(workflowOf(text)).length > 0; round++) text = fixed(runnerProblems, text);
      expect(says(runnerProblems)(text)).toEqual([]);
    }
    // A self-hosted runner is the repository's own choice; a timeout given as an expression is not known here.
    expect(says(runnerProblems)(job('[self-hosted, linux]', ['    timeout-minutes: 40']))).toEqual([]);
    expect(says(runnerProblems)(job('ubuntu-latest', ['    timeout-minutes: ${{ vars.MINUTES }}']))).toEqual([]);
  });

  it("rule 2: a step's timeout and request-timeout as given, their defaults when absent, unreadable or an expression", () => {
    const step = (inputs: Record<string, string>) => ({ uses: 'OWNER/docs-agent-action/agent@v0', with: inputs });
    expect(longestStepMs(step({}))).toBe(31 * 60_000);
    expect(longestStepMs(step({ timeout: '1h', 'request-timeout': '1m' }))).toBe(62 * 60_000);
    expect(longestStepMs(step({ timeout: '${{ vars.TIMEOUT }}', 'request-timeout': 'soon' }))).toBe(31 * 60_000);
  });

  it('rule 3: every problem is a fail, and each fix lets the queue see the gate', () => {
    const gate = [
      'on:',
      '  pull_request:',
      'jobs:',
      '  docs:',
      '    if: github.event.pull_request.head.repo.full_name == github.repository',
      '    runs-on: ubuntu-latest',
      '    steps:',
      "      - if: github.event_name == 'pull_request'",
      '        uses: OWNER/docs-agent-action/agent@v0',
      '        with:',
      '          docs-status: written',
    ].join('\n');
    expect(mergeQueueProblems(workflowOf(gate)).map((problem) => problem.level)).toEqual(['fail', 'fail', 'fail']);
    let text = gate;
    for (let round = 0; round < 4 && mergeQueueProblems(workflowOf(text)).length > 0; round++) text = fixed(mergeQueueProblems, text);
    expect(says(mergeQueueProblems)(text)).toEqual([]);
    expect(parse(text)).toMatchObject({ on: { pull_request: null, merge_group: { types: ['checks_requested'] } } });
    // A condition GitHub's library cannot read here (it reads a step's output) is not judged.
    expect(says(mergeQueueProblems)(gate.replace("github.event_name == 'pull_request'", "steps.plan.outputs.run == 'true'"))).toEqual([
      'keeps the documentation gate, but does not run on merge_group',
      'job docs: its if: keeps merge_group out',
    ]);
  });

  it('a waiver label that can be added and never taken away is a fail; its fix adds unlabeled', () => {
    const content = ['on:', '  pull_request:', '    types: [opened, labeled]', 'jobs: {}'].join('\n');
    expect(labeledWithoutUnlabeled(workflowOf(content)).map((problem) => [problem.level, problem.says])).toEqual([
      ['fail', 'on.pull_request runs on labeled but not unlabeled: taking the waiver label away leaves its success standing'],
    ]);
    expect(says(labeledWithoutUnlabeled)(fixed(labeledWithoutUnlabeled, content))).toEqual([]);
    expect(says(labeledWithoutUnlabeled)('on: pull_request\njobs: {}')).toEqual([]);
  });

  it('a trigger added as a key of on:, or on: made a map of what it had; types added to a list, or to the defaults', () => {
    expect(addTrigger(workflowOf('on: { push: null }\njobs: {}'), 'schedule', [{ cron: '0 * * * *' }])).toEqual({
      op: 'set',
      path: ['on', 'schedule'],
      value: [{ cron: '0 * * * *' }],
    });
    expect(addTrigger(workflowOf('on: [push, pull_request]\njobs: {}'), 'merge_group', { types: ['checks_requested'] })).toEqual({
      op: 'set',
      path: ['on'],
      value: { push: null, pull_request: null, merge_group: { types: ['checks_requested'] } },
    });
    const listed = workflowOf('on:\n  pull_request:\n    types: [opened]\njobs: {}');
    expect(addTypes(listed, 'pull_request', ['opened', 'synchronize', 'reopened'], ['opened', 'closed'])).toEqual([
      { op: 'add', path: ['on', 'pull_request', 'types'], value: 'closed' },
    ]);
    expect(
      addTypes(workflowOf('on:\n  pull_request:\n    branches: [main]\njobs: {}'), 'pull_request', ['opened', 'synchronize', 'reopened'], ['closed']),
    ).toEqual([{ op: 'set', path: ['on', 'pull_request'], value: { branches: ['main'], types: ['opened', 'synchronize', 'reopened', 'closed'] } }]);
  });
});
