/**
 * The rules every documented workflow keeps (the contract's "The documented workflows"): users copy
 * them verbatim, so what they cost and what they lose is decided here.
 *
 * 1. **A queue per pull request.** A workflow that runs on a pull request's events
 *    (`pull_request`, `pull_request_target`, `pull_request_review`, whether the code PR's or the
 *    documentation PR's) gives each job a concurrency group per pull request, with
 *    `cancel-in-progress: false` and `queue: max`. Without `queue: max` GitHub keeps one pending run
 *    per group and cancels it when a third arrives: that run's event (a review, a label, a close) is
 *    never handled. A sweep is the one exception: sweeps share one group (one at a time, so two never
 *    finish the same pull request), and a pending sweep that a newer one replaces loses nothing, as a
 *    sweep reads no event.
 * 2. **The runner that fits.** A job whose steps of this action never wait on the agent (a detached
 *    start, `sweep`, `sync` without the review loop or with `wait: false`, `visitors`, and the other
 *    commands that read and write and end) runs on `ubuntu-slim` (a third of the price, a 15-minute
 *    cap). A job that waits (`agent` or `refresh` with `wait` left true, the review loop's `sync`)
 *    runs on `ubuntu-latest`, with a `timeout-minutes` above what the step may take: its `timeout`
 *    and the two `request-timeout` windows of its last writes (the status, then the comment).
 * 3. **The merge queue sees the gate.** A workflow that keeps the `documentation` gate of its own
 *    repository (it runs the agent with `docs-status` on the code PR's `pull_request` or
 *    `pull_request_target` events) lists `merge_group` (`checks_requested`), and the `if:` of every
 *    job and step that runs the agent with `docs-status` lets that event through: on it the action
 *    gates the queue's commit by itself. A documentation repository's `sync` workflow keeps the code
 *    repository's gate, not one of its own repository's, and has no queue of the code's to answer.
 *
 * The conditions and the groups are evaluated with GitHub's own expression library on the events
 * they would see, not matched as text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseDuration } from '../../src/parse.js';
import { markdownWorkflows, repoWorkflows, root } from '../support/workflows.js';

interface Step {
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Concurrency {
  group?: string;
  'cancel-in-progress'?: unknown;
  queue?: unknown;
}
interface Job {
  if?: string;
  'runs-on'?: unknown;
  'timeout-minutes'?: unknown;
  concurrency?: string | Concurrency;
  steps?: Step[];
}
interface Workflow {
  on?: unknown;
  concurrency?: string | Concurrency;
  jobs?: Record<string, Job>;
}

const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target', 'pull_request_review'];

/** The root action's default of an input, as action.yml declares it. */
function rootDefault(input: string): string {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };
  return action.inputs[input]!.default!;
}

/** The events a workflow runs on, with their settings (`on:` as a name, a list or a map). */
function triggersOf(workflow: Workflow): Map<string, unknown> {
  const on = workflow.on;
  if (typeof on === 'string') return new Map([[on, null]]);
  if (Array.isArray(on)) return new Map((on as string[]).map((name) => [name, null]));
  return new Map(Object.entries((on ?? {}) as Record<string, unknown>));
}

/** The command a step of this action runs (`agent`, `sweep`, …), or undefined for any other step. */
export function commandOf(step: Step): string | undefined {
  const match = /^(?:\.\/|(?:[\w.-]+\/)?docs-agent-action\/?)([a-z]*)(?:@|$)/.exec(step.uses ?? '');
  if (!match) return undefined;
  if (match[1]) return match[1];
  const command = step.with?.command;
  return typeof command === 'string' ? command : 'agent';
}

const isTrue = (value: unknown): boolean => value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
const isFalse = (value: unknown): boolean => value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false');

/** Whether a step of this action waits on the agent: `agent` and `refresh` unless `wait: false`, the review loop's `sync` likewise. */
export function waitsOnAgent(step: Step): boolean {
  const command = commandOf(step);
  const waits = !isFalse(step.with?.wait);
  if (command === 'agent' || command === 'refresh') return waits;
  if (command === 'sync') return isTrue(step.with?.['review-loop']) && waits;
  return false;
}

/** The longest a waiting step may take, in milliseconds: its `timeout`, then its last writes' two `request-timeout` windows. */
function longestStepMs(step: Step): number {
  const input = (name: string): string => {
    const value = step.with?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : rootDefault(name);
  };
  const timeout = input('timeout');
  const requestTimeout = input('request-timeout');
  return parseDuration(timeout) + 2 * parseDuration(requestTimeout);
}

// --- GitHub's expressions, evaluated --------------------------------------------------------

const STATUS_FUNCTIONS = ['success', 'always', 'failure', 'cancelled'].map((name) => ({
  name,
  minArgs: 0,
  maxArgs: 0,
  // A job's `if:` is read before any step failed: success() and always() hold, the others do not.
  call: () => new data.BooleanData(name === 'success' || name === 'always'),
}));

/** The value of one expression (with or without its `${{ }}`) against a `github` context. */
function evaluate(expression: string, github: unknown): data.ExpressionData {
  const source = expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const { tokens } = new Lexer(source).lex();
  const parsed = new Parser(tokens, ['github', 'vars', 'inputs', 'env'], STATUS_FUNCTIONS).parse();
  const context = new data.Dictionary(
    { key: 'github', value: JSON.parse(JSON.stringify(github), data.reviver) as data.ExpressionData },
    { key: 'vars', value: new data.Dictionary() },
    { key: 'inputs', value: new data.Dictionary() },
    { key: 'env', value: new data.Dictionary() },
  );
  return new Evaluator(parsed, context, new Map(STATUS_FUNCTIONS.map((fn) => [fn.name, fn]))).evaluate();
}

/** Whether an `if:` lets an event through (no `if:` lets everything through). */
export function admits(condition: string | undefined, github: unknown): boolean {
  return condition === undefined || truthy(evaluate(condition, github));
}

/** A string with `${{ }}` in it (a concurrency group), as the runner makes it for an event. */
function interpolate(text: string, github: unknown): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner: string) => evaluate(inner, github).coerceString());
}

const REPOSITORY = 'acme/widgets';

/** The `github` context of a pull request's event, from a branch of the repository. */
export function pullRequestContext(event: string, number: number, action = 'synchronize') {
  const pullRequest = { number, head: { ref: 'feature', repo: { full_name: REPOSITORY, fork: false } }, base: { ref: 'main' }, user: { type: 'User' } };
  return {
    event_name: event,
    repository: REPOSITORY,
    ref: `refs/pull/${number}/merge`,
    head_ref: 'feature',
    base_ref: 'main',
    event: { action, pull_request: pullRequest, ...(event === 'pull_request_review' ? { review: { state: 'approved' } } : { number }) },
  };
}

/** The `github` context of a merge queue's `checks_requested` for pull request 12: no pull request in it. */
export const MERGE_GROUP_CONTEXT = {
  event_name: 'merge_group',
  repository: REPOSITORY,
  ref: `refs/heads/gh-readonly-queue/main/pr-12-${'b'.repeat(40)}`,
  head_ref: '',
  base_ref: '',
  event: {
    action: 'checks_requested',
    merge_group: {
      head_sha: 'a'.repeat(40),
      head_ref: `refs/heads/gh-readonly-queue/main/pr-12-${'b'.repeat(40)}`,
      base_sha: 'b'.repeat(40),
      base_ref: 'refs/heads/main',
    },
  },
};

// --- The rules --------------------------------------------------------------------------------

/** Rule 1: why a job of a pull request's workflow could lose a run, if it could. */
export function concurrencyProblems(content: string): string[] {
  const workflow = parse(content) as Workflow;
  const events = [...triggersOf(workflow).keys()].filter((event) => PULL_REQUEST_EVENTS.includes(event));
  if (events.length === 0) return [];
  const problems: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const declared = job.concurrency ?? workflow.concurrency;
    if (declared === undefined) {
      problems.push(`job ${name}: no concurrency group`);
      continue;
    }
    const concurrency: Concurrency = typeof declared === 'string' ? { group: declared } : declared;
    const group = (github: unknown): string => interpolate(String(concurrency.group ?? ''), github);
    if (concurrency['cancel-in-progress'] !== false) problems.push(`job ${name}: cancel-in-progress is not false`);
    const commands = (job.steps ?? []).map(commandOf).filter((command) => command !== undefined);
    if (commands.length > 0 && commands.every((command) => command === 'sweep')) {
      // Sweeps: one group for all, whichever pull request's event starts them.
      if (group(pullRequestContext(events[0]!, 12)) !== group(pullRequestContext(events[0]!, 13)))
        problems.push(`job ${name}: sweeps of two pull requests in two groups`);
      continue;
    }
    if (concurrency.queue !== 'max') problems.push(`job ${name}: no queue: max (a third run cancels the pending one)`);
    const ofTwelve = new Set(events.flatMap((event) => [group(pullRequestContext(event, 12)), group(pullRequestContext(event, 12, 'labeled'))]));
    const ofThirteen = events.map((event) => group(pullRequestContext(event, 13)));
    if (ofTwelve.size > 1) problems.push(`job ${name}: one pull request's events in several groups (${[...ofTwelve].join(', ')})`);
    if (ofThirteen.some((other) => ofTwelve.has(other)))
      problems.push(`job ${name}: two pull requests share the group ${ofThirteen.find((other) => ofTwelve.has(other))}`);
  }
  return problems;
}

/** GitHub refuses `queue: max` beside `cancel-in-progress: true`; its parser does not say so. */
export function queueWithCancel(content: string): string[] {
  const workflow = parse(content) as Workflow;
  const sections = [
    ['workflow', workflow.concurrency] as const,
    ...Object.entries(workflow.jobs ?? {}).map(([name, job]) => [`job ${name}`, job.concurrency] as const),
  ];
  return sections.flatMap(([where, section]) =>
    typeof section === 'object' && section !== null && section.queue === 'max' && isTrue(section['cancel-in-progress'])
      ? [`${where}: queue: max with cancel-in-progress: true`]
      : [],
  );
}

/** Rule 2: why a job of this action runs on the wrong runner, or may be stopped before the step ends. */
export function runnerProblems(content: string): string[] {
  const workflow = parse(content) as Workflow;
  const problems: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const steps = (job.steps ?? []).filter((step) => commandOf(step) !== undefined);
    if (steps.length === 0) continue;
    const runsOn = JSON.stringify(job['runs-on']);
    const waiting = steps.filter(waitsOnAgent);
    if (waiting.length === 0) {
      if (runsOn !== '"ubuntu-slim"' && runsOn !== '["ubuntu-slim"]')
        problems.push(`job ${name}: never waits on the agent, but runs on ${runsOn}, not ubuntu-slim`);
      continue;
    }
    if (runsOn !== '"ubuntu-latest"' && runsOn !== '["ubuntu-latest"]')
      problems.push(`job ${name}: waits on the agent, but runs on ${runsOn}, not ubuntu-latest`);
    const longestMs = waiting.reduce((sum, step) => sum + longestStepMs(step), 0);
    const minutes = job['timeout-minutes'];
    if (typeof minutes !== 'number') problems.push(`job ${name}: waits up to ${longestMs / 60_000} min, with no timeout-minutes`);
    else if (minutes * 60_000 <= longestMs) problems.push(`job ${name}: waits up to ${longestMs / 60_000} min, but timeout-minutes is ${minutes}`);
  }
  return problems;
}

/** Whether a workflow keeps its own repository's gate: the agent with `docs-status` on the code PR's events. */
function keepsGate(workflow: Workflow): boolean {
  const triggers = triggersOf(workflow);
  if (!triggers.has('pull_request') && !triggers.has('pull_request_target')) return false;
  return Object.values(workflow.jobs ?? {}).some((job) =>
    (job.steps ?? []).some((step) => commandOf(step) === 'agent' && step.with?.['docs-status'] !== undefined),
  );
}

/** Rule 3: why a merge queue would wait for a `documentation` status this workflow never writes. */
export function mergeQueueProblems(content: string): string[] {
  const workflow = parse(content) as Workflow;
  if (!keepsGate(workflow)) return [];
  const problems: string[] = [];
  const triggers = triggersOf(workflow);
  if (!triggers.has('merge_group')) problems.push('keeps the documentation gate, but does not run on merge_group');
  else {
    const types = (triggers.get('merge_group') as { types?: unknown } | null)?.types;
    if (Array.isArray(types) && !types.includes('checks_requested')) problems.push('merge_group without checks_requested');
  }
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const gates = (job.steps ?? []).filter((step) => commandOf(step) === 'agent' && step.with?.['docs-status'] !== undefined);
    if (gates.length === 0) continue;
    if (!admits(job.if, MERGE_GROUP_CONTEXT)) problems.push(`job ${name}: its if: keeps merge_group out`);
    for (const step of gates) if (!admits(step.if, MERGE_GROUP_CONTEXT)) problems.push(`job ${name}: the step ${step.uses}: its if: keeps merge_group out`);
  }
  return problems;
}

// --- Every documented workflow ------------------------------------------------------------------

describe('the documented workflows', () => {
  it.each(markdownWorkflows)('$name: a queue per pull request, none of its runs dropped', ({ content }) => {
    expect(concurrencyProblems(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name: ubuntu-slim where nothing waits, ubuntu-latest with room where the agent is waited on', ({ content }) => {
    expect(runnerProblems(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name: a merge queue gets its documentation status', ({ content }) => {
    expect(mergeQueueProblems(content)).toEqual([]);
  });

  it.each([...markdownWorkflows, ...repoWorkflows])('$name never asks GitHub for queue: max with cancel-in-progress: true', ({ content }) => {
    expect(queueWithCancel(content)).toEqual([]);
  });

  it('include a workflow of each kind the rules speak of: one that keeps the gate, a sweep, one that waits, one that does not', () => {
    const workflows = markdownWorkflows.map(({ content }) => parse(content) as Workflow);
    const steps = workflows.flatMap((workflow) => Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []));
    expect(workflows.filter(keepsGate).length).toBeGreaterThanOrEqual(3);
    expect(workflows.filter((workflow) => triggersOf(workflow).has('merge_group')).length).toBeGreaterThanOrEqual(3);
    expect(steps.filter((step) => commandOf(step) === 'sweep').length).toBeGreaterThan(0);
    expect(steps.filter(waitsOnAgent).length).toBeGreaterThan(0);
    expect(steps.filter((step) => commandOf(step) !== undefined && !waitsOnAgent(step)).length).toBeGreaterThan(0);
  });
});

// --- The checks themselves ----------------------------------------------------------------------

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
    expect(concurrencyProblems(good)).toEqual([]);
    expect(concurrencyProblems(good.replace('  queue: max\n', ''))).toEqual(['job docs: no queue: max (a third run cancels the pending one)']);
    expect(concurrencyProblems(good.replace('  queue: max', '  queue: single'))).toEqual(['job docs: no queue: max (a third run cancels the pending one)']);
    expect(concurrencyProblems(good.replace('cancel-in-progress: false', 'cancel-in-progress: true'))).toEqual(['job docs: cancel-in-progress is not false']);
    expect(concurrencyProblems(good.replace(/concurrency:\n(?: {2}.*\n){3}/, ''))).toEqual(['job docs: no concurrency group']);
    // One group for every pull request: one's run waits for another's, and a third drops a run.
    expect(concurrencyProblems(good.replace('docs-${{ github.event.pull_request.number }}', 'docs'))).toEqual([
      'job docs: two pull requests share the group docs',
    ]);
    // github.event.number is not in a review's payload: a review of any pull request lands in "docs-".
    expect(concurrencyProblems(good.replace('github.event.pull_request.number', 'github.event.number'))).toEqual([
      "job docs: one pull request's events in several groups (docs-12, docs-)",
      'job docs: two pull requests share the group docs-',
    ]);
    // A job's own group is the one that counts.
    const jobGroup = good.replace(
      '    runs-on:',
      '    concurrency: { group: "docs-${{ github.head_ref }}", cancel-in-progress: false, queue: max }\n    runs-on:',
    );
    expect(concurrencyProblems(jobGroup)).toEqual(['job docs: two pull requests share the group docs-feature']);
    // A workflow that runs on no pull request's event is not held to it.
    expect(concurrencyProblems(good.replace('on: [pull_request, pull_request_review]', 'on: schedule'))).toEqual([]);
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
    expect(concurrencyProblems(sweep)).toEqual([]);
    expect(concurrencyProblems(sweep.replace('group: docs-sweep', 'group: "docs-${{ github.event.pull_request.number }}"'))).toEqual([
      'job sweep: sweeps of two pull requests in two groups',
    ]);
    expect(concurrencyProblems(sweep.replace('sweep@v0', 'agent@v0'))).toEqual([
      'job sweep: no queue: max (a third run cancels the pending one)',
      'job sweep: two pull requests share the group docs-sweep',
    ]);
  });

  it('find queue: max beside cancel-in-progress: true, which GitHub refuses', () => {
    expect(queueWithCancel('on: push\nconcurrency: { group: a, cancel-in-progress: true, queue: max }\njobs: {}')).toEqual([
      'workflow: queue: max with cancel-in-progress: true',
    ]);
    expect(queueWithCancel('on: push\njobs:\n  a:\n    concurrency: { group: a, cancel-in-progress: "true", queue: max }')).toEqual([
      'job a: queue: max with cancel-in-progress: true',
    ]);
    expect(queueWithCancel('on: push\nconcurrency: { group: a, cancel-in-progress: false, queue: max }\njobs: {}')).toEqual([]);
  });

  it('rule 2: find a waiting job on ubuntu-slim or without room for its timeout, and a short one on ubuntu-latest', () => {
    const job = (runsOn: string, steps: string[], extra: string[] = []) =>
      ['on: push', 'jobs:', '  docs:', `    runs-on: ${runsOn}`, ...extra, '    steps:', '      - uses: actions/checkout@v6', ...steps].join('\n');
    // Waiting: ubuntu-latest, and more than 30m + 2 × 30s.
    expect(runnerProblems(job('ubuntu-latest', action('agent'), ['    timeout-minutes: 32']))).toEqual([]);
    expect(runnerProblems(job('ubuntu-latest', action('agent'), ['    timeout-minutes: 31']))).toEqual([
      'job docs: waits up to 31 min, but timeout-minutes is 31',
    ]);
    expect(runnerProblems(job('ubuntu-latest', action('agent')))).toEqual(['job docs: waits up to 31 min, with no timeout-minutes']);
    expect(runnerProblems(job('ubuntu-latest', action('refresh', ['timeout: 45m']), ['    timeout-minutes: 45']))).toEqual([
      'job docs: waits up to 46 min, but timeout-minutes is 45',
    ]);
    expect(runnerProblems(job('ubuntu-slim', action('agent'), ['    timeout-minutes: 40']))).toEqual([
      'job docs: waits on the agent, but runs on "ubuntu-slim", not ubuntu-latest',
    ]);
    expect(runnerProblems(job('ubuntu-latest', action('sync', ['review-loop: true', 'request-timeout: 2m']), ['    timeout-minutes: 34']))).toEqual([
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
      expect(runnerProblems(job('ubuntu-slim', short))).toEqual([]);
      expect(runnerProblems(job('ubuntu-latest', short))).toEqual(['job docs: never waits on the agent, but runs on "ubuntu-latest", not ubuntu-slim']);
    }
    // The root action: its command decides.
    expect(runnerProblems(job('ubuntu-latest', ['      - uses: OWNER/docs-agent-action@v0', '        with:', '          command: sweep']))).toHaveLength(1);
    // A job without this action is not held to it.
    expect(runnerProblems(job('ubuntu-latest', []))).toEqual([]);
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
    expect(mergeQueueProblems(gate)).toEqual([]);
    expect(mergeQueueProblems(gate.replace(/ {2}merge_group:\n.*\n/, ''))).toEqual(['keeps the documentation gate, but does not run on merge_group']);
    expect(mergeQueueProblems(gate.replace('[checks_requested]', '[destroyed]'))).toEqual(['merge_group without checks_requested']);
    // The fork guard alone: on merge_group there is no pull request, and the job is skipped.
    expect(mergeQueueProblems(gate.replace("github.event_name == 'merge_group' || ", ''))).toEqual(['job docs: its if: keeps merge_group out']);
    expect(mergeQueueProblems(gate.replace("github.event_name == 'merge_group' ||", "github.event_name == 'pull_request' &&"))).toEqual([
      'job docs: its if: keeps merge_group out',
    ]);
    // A step's own if: counts too.
    const stepIf = gate.replace('      - uses: OWNER', "      - if: github.event_name == 'pull_request'\n        uses: OWNER");
    expect(mergeQueueProblems(stepIf)).toEqual(['job docs: the step OWNER/docs-agent-action/agent@v0: its if: keeps merge_group out']);
    // Status functions and ${{ }} are read as GitHub reads them.
    const withStatus = gate.replace(
      "    if: github.event_name == 'merge_group' || github.event.pull_request.head.repo.full_name == github.repository",
      "    if: ${{ success() && (github.event_name == 'merge_group' || github.event.pull_request.head.repo.full_name == github.repository) }}",
    );
    expect(mergeQueueProblems(withStatus)).toEqual([]);
    expect(mergeQueueProblems(withStatus.replace('success()', 'failure()'))).toEqual(['job docs: its if: keeps merge_group out']);
    // Without docs-status there is no gate; a documentation repository's sync keeps the code's gate, not its own.
    expect(mergeQueueProblems(gate.replace(/ {2}merge_group:\n.*\n/, '').replace('docs-status: written', 'pr-comment: true'))).toEqual([]);
    expect(mergeQueueProblems(gate.replace(/ {2}merge_group:\n.*\n/, '').replace('agent@v0', 'sync@v0'))).toEqual([]);
  });

  it('evaluate conditions and groups as GitHub would for each event', () => {
    const forkGuard = 'github.event.pull_request.head.repo.full_name == github.repository';
    expect(admits(forkGuard, pullRequestContext('pull_request', 12))).toBe(true);
    expect(admits(forkGuard, MERGE_GROUP_CONTEXT)).toBe(false);
    expect(admits(`github.event_name == 'merge_group' || ${forkGuard}`, MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admits("!startsWith(github.head_ref, 'mintlify/')", MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admits('${{ always() }}', MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admits('failure()', MERGE_GROUP_CONTEXT)).toBe(false);
    expect(admits(undefined, MERGE_GROUP_CONTEXT)).toBe(true);
    expect(interpolate('docs-${{ github.event.pull_request.number || github.event.merge_group.head_sha }}', MERGE_GROUP_CONTEXT)).toBe(
      `docs-${'a'.repeat(40)}`,
    );
    expect(interpolate('docs-${{ github.event.pull_request.number }}', pullRequestContext('pull_request_review', 7))).toBe('docs-7');
  });
});
