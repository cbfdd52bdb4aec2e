import { parse } from 'yaml';

/**
 * A workflow file as the checks read it: GitHub's own keys (`on`, `permissions`, `concurrency`,
 * `jobs` with their `if`, `runs-on`, `timeout-minutes` and steps), and the steps that run this
 * action with the command each runs. The project's tests of the documented workflows and
 * `command: doctor` read workflows through this one module, so the two cannot read them apart.
 */

export interface Step {
  readonly id?: unknown;
  readonly name?: unknown;
  readonly if?: unknown;
  readonly uses?: unknown;
  readonly with?: Readonly<Record<string, unknown>>;
  readonly env?: unknown;
  readonly run?: unknown;
}

export interface Concurrency {
  readonly group?: unknown;
  readonly 'cancel-in-progress'?: unknown;
  readonly queue?: unknown;
}

export interface Job {
  readonly if?: unknown;
  readonly 'runs-on'?: unknown;
  readonly 'timeout-minutes'?: unknown;
  readonly concurrency?: unknown;
  readonly permissions?: unknown;
  readonly strategy?: unknown;
  /** A job that calls a reusable workflow names it here and has no steps of its own. */
  readonly uses?: unknown;
  readonly steps?: readonly Step[];
}

export interface Workflow {
  readonly on?: unknown;
  readonly permissions?: unknown;
  readonly concurrency?: unknown;
  readonly jobs?: Readonly<Record<string, Job>>;
}

/** A workflow's text read as YAML: the workflow, or why it is none (not YAML, not a mapping). */
export type ParsedWorkflow = { readonly ok: true; readonly workflow: Workflow } | { readonly ok: false; readonly problem: string };

export function parseWorkflow(text: string): ParsedWorkflow {
  let value: unknown;
  try {
    // One document, with every alias expanded at most as far as yaml's own limit (no billion laughs).
    value = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    const first = error instanceof Error ? error.message.split('\n', 1)[0]! : 'not YAML';
    return { ok: false, problem: `not YAML: ${first}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: 'not a mapping of workflow keys' };
  const workflow = value as Workflow;
  if (workflow.jobs !== undefined && (typeof workflow.jobs !== 'object' || workflow.jobs === null || Array.isArray(workflow.jobs))) {
    return { ok: false, problem: '`jobs` is not a mapping of jobs' };
  }
  return { ok: true, workflow };
}

/** The jobs of a workflow, each with its steps as a list (a job without a list of steps has none). */
export function jobsOf(workflow: Workflow): Array<readonly [string, Job, readonly Step[]]> {
  return Object.entries(workflow.jobs ?? {}).flatMap(([name, job]) => {
    if (typeof job !== 'object' || job === null) return [];
    const steps = Array.isArray(job.steps) ? job.steps.filter((step): step is Step => typeof step === 'object' && step !== null) : [];
    return [[name, job, steps] as const];
  });
}

/** The events a workflow runs on, with their settings (`on:` as a name, a list or a map). */
export function triggersOf(workflow: Workflow): Map<string, unknown> {
  const on = workflow.on;
  if (typeof on === 'string') return new Map([[on, null]]);
  if (Array.isArray(on)) return new Map(on.filter((name): name is string => typeof name === 'string').map((name) => [name, null]));
  if (typeof on === 'object' && on !== null) return new Map(Object.entries(on));
  return new Map();
}

/** The activity types an event's trigger lists; undefined when it lists none (GitHub's defaults then). */
export function typesOf(triggers: ReadonlyMap<string, unknown>, event: string): string[] | undefined {
  const types = (triggers.get(event) as { types?: unknown } | null | undefined)?.types;
  if (typeof types === 'string') return [types];
  return Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string') : undefined;
}

/** The types a `pull_request` or `pull_request_target` trigger runs on when it lists none. */
export const DEFAULT_PULL_REQUEST_TYPES = ['opened', 'synchronize', 'reopened'] as const;

/** Whether a trigger runs on an activity type: listed, or among GitHub's defaults when none are listed. */
export function runsOnType(triggers: ReadonlyMap<string, unknown>, event: string, type: string, defaults: readonly string[] | 'all'): boolean {
  if (!triggers.has(event)) return false;
  const types = typesOf(triggers, event);
  if (types === undefined) return defaults === 'all' || defaults.includes(type);
  return types.includes(type);
}

/** The events of a code or documentation pull request's own: a workflow on any of them runs per pull request. */
export const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target', 'pull_request_review'] as const;

/** The commands the contract names (`command:` and the sub-actions' folders): one of this build's, or one it does not have yet. */
export const CONTRACT_COMMANDS = ['agent', 'visitors', 'refresh', 'sync', 'sweep', 'release', 'doctor'] as const;

/** A command the action has, by the contract's names, or one given as an expression (known only at run time). */
export function isKnownCommand(command: string): boolean {
  return (CONTRACT_COMMANDS as readonly string[]).includes(command) || isExpression(command);
}

/** How the checks read `uses:`: `local`, in the action's own repository, where `./` is this action (the default). */
export interface ReadOptions {
  readonly local?: boolean;
}

/** How a step names this action: its command, and where it takes it from. */
export interface ActionReference {
  /** `agent`, `sweep`, …: the sub-action's folder, else the root's `command` input (`agent` when absent). */
  readonly command: string;
  /** The sub-action's folder (`sweep`), empty for the root action. */
  readonly subAction: string;
  /** `owner/name` of the repository it is taken from; empty for a local `./`. */
  readonly repository: string;
  /** The ref after `@`; empty for a local `./`. */
  readonly ref: string;
}

/**
 * The action a step runs, when it is this one: `owner/docs-agent-action[/command]@ref` (any owner:
 * a fork's copy is still this action, and the doctor says whose it is), or, in the action's own
 * repository, `./` and `./command` (`local`). Undefined for any other step.
 */
export function actionOf(step: Step, { local = true }: ReadOptions = {}): ActionReference | undefined {
  const uses = typeof step.uses === 'string' ? step.uses.trim() : '';
  const remote = /^([\w.-]+\/docs-agent-action)(?:\/([a-z]+))?@(\S+)$/.exec(uses);
  const here = local ? /^\.\/([a-z]*)\/?$/.exec(uses) : null;
  if (!remote && !here) return undefined;
  const subAction = (remote ? remote[2] : here![1]) ?? '';
  const command = subAction || stringInput(step, 'command')?.trim() || 'agent';
  return { command, subAction, repository: remote?.[1] ?? '', ref: remote?.[3] ?? '' };
}

/** The command a step of this action runs (`agent`, `sweep`, …), or undefined for any other step. */
export function commandOf(step: Step, options?: ReadOptions): string | undefined {
  return actionOf(step, options)?.command;
}

/** A YAML scalar as the runner reads it in an expression's place (a string, a number, a boolean); undefined for a map, a list or nothing. */
export function scalarText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** An input a step gives as the runner passes it: a string (YAML's booleans and numbers as their text), undefined when absent. */
export function stringInput(step: Step, name: string): string | undefined {
  const value = step.with?.[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return undefined;
}

/** An input given as an expression (`${{ … }}`): its value is known only at run time. */
export function isExpression(value: string | undefined): boolean {
  return value !== undefined && value.includes('${{');
}

/** An input the runner reads as `true` (any case), as `inputs.ts` parses booleans. */
export function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

export function isFalse(value: unknown): boolean {
  return value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false');
}

/** Whether a step of this action waits on the agent: `agent` and `refresh` unless `wait: false`, the review loop's `sync` likewise. */
export function waitsOnAgent(step: Step, options?: ReadOptions): boolean {
  const command = commandOf(step, options);
  const waits = !isFalse(step.with?.wait);
  if (command === 'agent' || command === 'refresh') return waits;
  if (command === 'sync') return isTrue(step.with?.['review-loop']) && waits;
  return false;
}

/** `docs-status` as the action reads it: off unless `written`, `approved` or `true`. */
export function keepsDocsStatus(step: Step): boolean {
  const value = stringInput(step, 'docs-status')?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false';
}
