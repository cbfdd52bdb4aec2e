import { Inputs } from '../constants.js';
import { INPUT_DEFAULTS } from '../inputs.js';
import { parseDuration } from '../parse.js';
import { admitsOrUnknown, interpolate, MERGE_GROUP_CONTEXT, pullRequestContext } from './expressions.js';
import type { Edit, Fix, PathKey } from './findings.js';
import {
  commandOf,
  isExpression,
  isKnownCommand,
  isTrue,
  jobsOf,
  keepsDocsStatus,
  scalarText,
  PULL_REQUEST_EVENTS,
  stringInput,
  triggersOf,
  typesOf,
  waitsOnAgent,
  type Concurrency,
  type Job,
  type ReadOptions,
  type Step,
  type Workflow,
} from './workflow.js';

/**
 * The rules a workflow that runs this action keeps (the contract's *The documented workflows*),
 * as the project's tests hold the documented workflows to them and `command: doctor` holds a
 * repository's: one module, so the two cannot drift. Each problem says what is wrong in one line,
 * how much it matters, and the edit that fixes it.
 *
 * 1. **A queue per pull request.** A workflow on a pull request's events gives each job a
 *    concurrency group per pull request, with `cancel-in-progress: false` and `queue: max`: without
 *    `queue: max` GitHub keeps one pending run per group and cancels it when a third arrives, and
 *    that run's event (a review, a label, a close) is never handled. Sweeps share one group.
 * 2. **The runner that fits.** A job whose steps of this action never wait on the agent runs on
 *    `ubuntu-slim` (a third of the price, a 15-minute cap); a job that waits runs on
 *    `ubuntu-latest`, with a `timeout-minutes` above its steps' `timeout` and the two
 *    `request-timeout` windows of their last writes.
 * 3. **The merge queue sees the gate.** A workflow that keeps the `documentation` gate lists
 *    `merge_group` (`checks_requested`), and its jobs' and steps' `if:` let that event through.
 */

/** One thing a workflow does wrong: in a line, how much it matters, and the edits that fix it. */
export interface Problem {
  readonly says: string;
  readonly level: 'warn' | 'fail';
  readonly fix: Omit<Fix, 'file'>;
}

/** The group a job of a pull request's workflow is given by the fixes: one per pull request (a queue's entry, a push, each its own), one per workflow. */
export const PER_PULL_REQUEST_GROUP = '${{ github.workflow }}-${{ github.event.pull_request.number || github.event.merge_group.head_sha || github.ref }}';

// --- Rule 1: a queue per pull request --------------------------------------------------------

export function concurrencyProblems(workflow: Workflow, options: ReadOptions = {}): Problem[] {
  const events = [...triggersOf(workflow).keys()].filter((event) => (PULL_REQUEST_EVENTS as readonly string[]).includes(event));
  if (events.length === 0) return [];
  const problems: Problem[] = [];
  for (const [name, job, steps] of jobsOf(workflow)) {
    const ownGroup = job.concurrency !== undefined;
    const declared = ownGroup ? job.concurrency : workflow.concurrency;
    const where: PathKey[] = ownGroup ? ['jobs', name, 'concurrency'] : ['concurrency'];
    const commands = steps.map((step) => commandOf(step, options)).filter((command) => command !== undefined);
    const sweepsOnly = commands.length > 0 && commands.every((command) => command === 'sweep');
    const wanted = sweepsOnly
      ? { group: 'docs-sweep', 'cancel-in-progress': false }
      : { group: PER_PULL_REQUEST_GROUP, 'cancel-in-progress': false, queue: 'max' };
    if (declared === undefined || declared === null) {
      problems.push(warn(`job ${name}: no concurrency group`, [{ op: 'set', path: ['jobs', name, 'concurrency'], value: wanted }]));
      continue;
    }
    const concurrency: Concurrency = typeof declared === 'object' ? declared : { group: declared };
    // A group written as a string has no keys to set: the fix writes the whole section.
    const set = (key: keyof Concurrency, value: unknown): Edit =>
      typeof declared === 'object' ? { op: 'set', path: [...where, key], value } : { op: 'set', path: where, value: { ...wanted, group: declared } };
    const group = (github: unknown): string | undefined => interpolate(scalarText(concurrency.group) ?? '', github);
    if (concurrency['cancel-in-progress'] !== false) problems.push(warn(`job ${name}: cancel-in-progress is not false`, [set('cancel-in-progress', false)]));
    if (sweepsOnly) {
      // Sweeps: one group for all, whichever pull request's event starts them.
      if (group(pullRequestContext(events[0]!, 12)) !== group(pullRequestContext(events[0]!, 13)))
        problems.push(warn(`job ${name}: sweeps of two pull requests in two groups`, [set('group', 'docs-sweep')]));
      continue;
    }
    if (concurrency.queue !== 'max') problems.push(warn(`job ${name}: no queue: max (a third run cancels the pending one)`, [set('queue', 'max')]));
    const twelve = events.flatMap((event) => [group(pullRequestContext(event, 12)), group(pullRequestContext(event, 12, 'labeled'))]);
    if (twelve.includes(undefined)) continue;
    const ofTwelve = new Set(twelve);
    const ofThirteen = events.map((event) => group(pullRequestContext(event, 13)));
    const perPullRequest = set('group', PER_PULL_REQUEST_GROUP);
    if (ofTwelve.size > 1) problems.push(warn(`job ${name}: one pull request's events in several groups (${[...ofTwelve].join(', ')})`, [perPullRequest]));
    const shared = ofThirteen.find((other) => ofTwelve.has(other));
    if (shared !== undefined) problems.push(warn(`job ${name}: two pull requests share the group ${shared}`, [perPullRequest]));
  }
  return problems;
}

/** GitHub refuses `queue: max` beside `cancel-in-progress: true` (the workflow does not run); its parser does not say so. */
export function queueWithCancel(workflow: Workflow): Problem[] {
  const sections: Array<readonly [string, readonly PathKey[], unknown]> = [
    ['workflow', ['concurrency'], workflow.concurrency],
    ...jobsOf(workflow).map(([name, job]) => [`job ${name}`, ['jobs', name, 'concurrency'], job.concurrency] as const),
  ];
  return sections.flatMap(([where, path, section]) => {
    const concurrency = section as Concurrency | null | undefined;
    if (typeof concurrency !== 'object' || concurrency === null || concurrency.queue !== 'max' || !isTrue(concurrency['cancel-in-progress'])) return [];
    return [fail(`${where}: queue: max with cancel-in-progress: true`, [{ op: 'set', path: [...path, 'cancel-in-progress'], value: false }])];
  });
}

// --- Rule 2: the runner that fits ---------------------------------------------------------------

/** The 15-minute cap of `ubuntu-slim`: a job there that may take longer is stopped. */
const SLIM_CAP_MS = 15 * 60_000;

/** The longest a waiting step may take, in milliseconds: its `timeout`, then its last writes' two `request-timeout` windows. */
export function longestStepMs(step: Step): number {
  const input = (name: typeof Inputs.Timeout | typeof Inputs.RequestTimeout): number => {
    const given = stringInput(step, name)?.trim();
    const text = given && !isExpression(given) ? given : INPUT_DEFAULTS[name];
    try {
      return parseDuration(text);
    } catch {
      return parseDuration(INPUT_DEFAULTS[name]);
    }
  };
  return input(Inputs.Timeout) + 2 * input(Inputs.RequestTimeout);
}

/** The one label a job runs on, when it names one (`ubuntu-latest`, `[ubuntu-slim]`); undefined for a group, a matrix, several labels. */
function labelOf(job: Job): string | undefined {
  const runsOn = job['runs-on'];
  const label: unknown = Array.isArray(runsOn) && runsOn.length === 1 ? (runsOn as unknown[])[0] : runsOn;
  return typeof label === 'string' && !isExpression(label) ? label : undefined;
}

export function runnerProblems(workflow: Workflow, options: ReadOptions = {}): Problem[] {
  const problems: Problem[] = [];
  for (const [name, job, allSteps] of jobsOf(workflow)) {
    // A command the action does not have runs nothing (the doctor says so of its `uses:`): no runner fits it.
    const steps = allSteps.filter((step) => {
      const command = commandOf(step, options);
      return command !== undefined && isKnownCommand(command);
    });
    if (steps.length === 0) continue;
    const label = labelOf(job);
    // A self-hosted runner is the repository's own choice: only GitHub's hosted labels are held to a size.
    const hosted = label !== undefined && /^(?:ubuntu|windows|macos)-/.test(label);
    const runsOn = JSON.stringify(job['runs-on']);
    const waiting = steps.filter((step) => waitsOnAgent(step, options));
    const runsOnFix = (value: string): Edit[] => [{ op: 'set', path: ['jobs', name, 'runs-on'], value }];
    if (waiting.length === 0) {
      if (hosted && label !== 'ubuntu-slim')
        problems.push(warn(`job ${name}: never waits on the agent, but runs on ${runsOn}, not ubuntu-slim`, runsOnFix('ubuntu-slim')));
      continue;
    }
    const longestMs = waiting.reduce((sum, step) => sum + longestStepMs(step), 0);
    const minutes = `${longestMs / 60_000} min`;
    if (hosted && label !== 'ubuntu-latest') {
      const stopped = label === 'ubuntu-slim' && longestMs > SLIM_CAP_MS;
      problems.push({
        ...warn(`job ${name}: waits on the agent, but runs on ${runsOn}, not ubuntu-latest`, runsOnFix('ubuntu-latest')),
        level: stopped ? 'fail' : 'warn',
      });
    }
    const timeoutMinutes = job['timeout-minutes'];
    const roomy: Edit[] = [{ op: 'set', path: ['jobs', name, 'timeout-minutes'], value: Math.ceil(longestMs / 60_000) + 5 }];
    if (typeof timeoutMinutes === 'string' && isExpression(timeoutMinutes)) continue;
    if (typeof timeoutMinutes !== 'number') problems.push(warn(`job ${name}: waits up to ${minutes}, with no timeout-minutes`, roomy));
    else if (timeoutMinutes * 60_000 <= longestMs) problems.push(fail(`job ${name}: waits up to ${minutes}, but timeout-minutes is ${timeoutMinutes}`, roomy));
  }
  return problems;
}

// --- Rule 3: the merge queue sees the gate ------------------------------------------------------

/** A step that keeps its own repository's gate: the agent with `docs-status`. */
export function keepsGateStep(step: Step, options: ReadOptions = {}): boolean {
  return commandOf(step, options) === 'agent' && keepsDocsStatus(step);
}

/** Whether a workflow keeps its own repository's gate: the agent with `docs-status` on the code PR's events. */
export function keepsGate(workflow: Workflow, options: ReadOptions = {}): boolean {
  const triggers = triggersOf(workflow);
  if (!triggers.has('pull_request') && !triggers.has('pull_request_target')) return false;
  return jobsOf(workflow).some(([, , steps]) => steps.some((step) => keepsGateStep(step, options)));
}

/** The `merge_group` trigger the fixes add, and the condition that lets it in before one that keeps it out. */
const MERGE_GROUP_TRIGGER = { types: ['checks_requested'] };
const letMergeGroupIn = (condition: unknown): string => `github.event_name == 'merge_group' || (${String(condition)})`;

/** Rule 3: why a merge queue would wait for a `documentation` status this workflow never writes. */
export function mergeQueueProblems(workflow: Workflow, options: ReadOptions = {}): Problem[] {
  if (!keepsGate(workflow, options)) return [];
  const problems: Problem[] = [];
  const triggers = triggersOf(workflow);
  if (!triggers.has('merge_group')) {
    problems.push(fail('keeps the documentation gate, but does not run on merge_group', [addTrigger(workflow, 'merge_group', MERGE_GROUP_TRIGGER)]));
  } else {
    const types = typesOf(triggers, 'merge_group');
    if (types !== undefined && !types.includes('checks_requested'))
      problems.push(fail('merge_group without checks_requested', [{ op: 'add', path: ['on', 'merge_group', 'types'], value: 'checks_requested' }]));
  }
  for (const [name, job, steps] of jobsOf(workflow)) {
    if (!steps.some((step) => keepsGateStep(step, options))) continue;
    if (admitsOrUnknown(job.if, MERGE_GROUP_CONTEXT) === false)
      problems.push(fail(`job ${name}: its if: keeps merge_group out`, [{ op: 'set', path: ['jobs', name, 'if'], value: letMergeGroupIn(job.if) }]));
    steps.forEach((step, index) => {
      if (!keepsGateStep(step, options) || admitsOrUnknown(step.if, MERGE_GROUP_CONTEXT) !== false) return;
      problems.push(
        fail(`job ${name}: the step ${String(step.uses)}: its if: keeps merge_group out`, [
          { op: 'set', path: ['jobs', name, 'steps', index, 'if'], value: letMergeGroupIn(step.if) },
        ]),
      );
    });
  }
  return problems;
}

/**
 * Triggers that list `labeled` (the waiver label added) without `unlabeled` (taken away): a
 * workflow that runs on the one and not the other leaves the waiver's `success` on a code PR that
 * no longer carries the label.
 */
export function labeledWithoutUnlabeled(workflow: Workflow): Problem[] {
  return [...triggersOf(workflow).keys()].flatMap((event) => {
    const types = typesOf(triggersOf(workflow), event);
    if (!types?.includes('labeled') || types.includes('unlabeled')) return [];
    return [
      fail(`on.${event} runs on labeled but not unlabeled: taking the waiver label away leaves its success standing`, [
        { op: 'add', path: ['on', event, 'types'], value: 'unlabeled' },
      ]),
    ];
  });
}

/**
 * The edit that makes a workflow run on one more event: a key under `on:` when it is a map, else
 * the whole `on:` as a map of what it had and the event.
 */
export function addTrigger(workflow: Workflow, event: string, settings: unknown): Edit {
  if (typeof workflow.on === 'object' && workflow.on !== null && !Array.isArray(workflow.on)) return { op: 'set', path: ['on', event], value: settings };
  return { op: 'set', path: ['on'], value: { ...Object.fromEntries(triggersOf(workflow)), [event]: settings } };
}

/**
 * The edit that makes a trigger run on more activity types: added to its `types` when it lists
 * some, else (GitHub's defaults) the defaults with these.
 */
export function addTypes(workflow: Workflow, event: string, defaults: readonly string[], wanted: readonly string[]): Edit[] {
  const triggers = triggersOf(workflow);
  const types = typesOf(triggers, event);
  if (types !== undefined && typeof workflow.on === 'object' && !Array.isArray(workflow.on)) {
    return wanted.filter((type) => !types.includes(type)).map((type) => ({ op: 'add', path: ['on', event, 'types'], value: type }));
  }
  const settings = (triggers.get(event) as Record<string, unknown> | null | undefined) ?? {};
  return [addTrigger(workflow, event, { ...settings, types: [...new Set([...(types ?? defaults), ...wanted])] })];
}

function warn(says: string, edits: Edit[]): Problem {
  return { says, level: 'warn', fix: { edits } };
}

function fail(says: string, edits: Edit[]): Problem {
  return { says, level: 'fail', fix: { edits } };
}
