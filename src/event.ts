import { readFileSync } from 'node:fs';
import type { RepositoryIdentity } from './memory/seal.js';
import type { AgentSettings } from './settings.js';

/**
 * The triggering event as the runner describes it: its name and its webhook payload. Read from
 * `GITHUB_EVENT_NAME` and `GITHUB_EVENT_PATH` directly, so a step that needs nothing else from
 * GitHub does not load `@actions/github` and its Octokit.
 */
export interface TriggerEvent {
  readonly name: string;
  readonly payload: EventPayload;
  readonly actor: string;
}

export interface EventPayload {
  readonly pull_request?: {
    readonly number?: number;
    readonly head?: { readonly repo?: { readonly full_name?: string } | null };
    readonly base?: { readonly repo?: { readonly full_name?: string } | null };
  };
  readonly [key: string]: unknown;
}

export const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'] as const;
export const DIFF_EVENTS = [...PULL_REQUEST_EVENTS, 'push'] as const;

export function readTriggerEvent(env: NodeJS.ProcessEnv = process.env): TriggerEvent {
  const path = env.GITHUB_EVENT_PATH;
  let payload: EventPayload = {};
  if (path) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      // Anything but an object (null, a list) is an event without details too.
      payload = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as EventPayload) : {};
    } catch {
      // A missing or unreadable payload (a local run) is an event without details.
      payload = {};
    }
  }
  return { name: env.GITHUB_EVENT_NAME ?? '', payload, actor: env.GITHUB_ACTOR ?? '' };
}

/** What the steps read of a pull-request event's pull request. */
export interface EventPullRequest {
  readonly number: number;
  /** Outside text: the author's. */
  readonly title: string;
  readonly headSha: string;
  readonly headRef: string;
  /** The event's `action`: `opened`, `synchronize`, `reopened`, `closed`, … */
  readonly action: string;
  /** With `closed`: merged, or closed without merging. */
  readonly merged: boolean;
  /** Its labels' names. */
  readonly labels: readonly string[];
  /** With `labeled` and `unlabeled`: the label added or removed. */
  readonly label: string | undefined;
}

/** The one answer to "is this a pull-request event": `pull_request` or `pull_request_target`, with a pull request in its payload. */
export function pullRequestOf(event: TriggerEvent): EventPullRequest | undefined {
  if (!(PULL_REQUEST_EVENTS as readonly string[]).includes(event.name)) return undefined;
  const pr = event.payload.pull_request as
    { number?: unknown; title?: unknown; merged?: unknown; head?: { sha?: unknown; ref?: unknown } | null; labels?: unknown } | undefined;
  if (typeof pr?.number !== 'number') return undefined;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    number: pr.number,
    title: text(pr.title),
    headSha: text(pr.head?.sha),
    headRef: text(pr.head?.ref),
    action: text(event.payload.action),
    merged: pr.merged === true,
    labels: Array.isArray(pr.labels) ? pr.labels.flatMap((label: { name?: unknown } | null) => (typeof label?.name === 'string' ? [label.name] : [])) : [],
    label: text((event.payload.label as { name?: unknown } | undefined)?.name) || undefined,
  };
}

/** A merge queue's entry, as the `merge_group` event describes it. */
export interface EventMergeGroup {
  /** `checks_requested` (the queue wants its checks), or `destroyed` (the entry left the queue). */
  readonly action: string;
  /** The queue's own commit: where its required statuses must be. Empty when the payload has none. */
  readonly headSha: string;
  /** The pull request the head ref names (`refs/heads/gh-readonly-queue/{base}/pr-{number}-{sha}`); undefined when it names none. */
  readonly pullNumber: number | undefined;
}

/**
 * The one answer to "is this a merge queue's entry": a `merge_group` event. The pull request's
 * number appears only in the head ref, which GitHub makes; the base may hold slashes, so the
 * number is read from the ref's last part.
 */
export function mergeGroupOf(event: TriggerEvent): EventMergeGroup | undefined {
  if (event.name !== 'merge_group') return undefined;
  const group = event.payload.merge_group as { head_sha?: unknown; head_ref?: unknown } | undefined;
  const headRef = typeof group?.head_ref === 'string' ? group.head_ref : '';
  const match = /^refs\/heads\/gh-readonly-queue\/.+\/pr-([1-9]\d{0,15})-(?:[0-9a-f]{40}|[0-9a-f]{64})$/.exec(headRef);
  const number = match ? Number(match[1]) : undefined;
  return {
    action: typeof event.payload.action === 'string' ? event.payload.action : '',
    headSha: typeof group?.head_sha === 'string' ? group.head_sha : '',
    pullNumber: number !== undefined && Number.isSafeInteger(number) ? number : undefined,
  };
}

export function eventHasDiff(event: TriggerEvent): boolean {
  return (DIFF_EVENTS as readonly string[]).includes(event.name);
}

/** Whether the step sends the event's diff: `diff: true`, or `auto` on an event that has one. */
export function wantsDiff(settings: Pick<AgentSettings, 'diff'>, event: TriggerEvent): boolean {
  return settings.diff === 'true' || (settings.diff === 'auto' && eventHasDiff(event));
}

/**
 * The workflow's repository as the action's records are bound to it: its ID from the runner
 * (`GITHUB_REPOSITORY_ID`), else from the event's payload (`repository.id`), and its name
 * (`GITHUB_REPOSITORY`). Undefined without a name. The ID survives a rename or a transfer; a local
 * run without one binds records to the name.
 */
export function workflowRepositoryOf(event: TriggerEvent, env: NodeJS.ProcessEnv): RepositoryIdentity | undefined {
  const name = env.GITHUB_REPOSITORY ?? '';
  if (!/^[^/\s]+\/[^/\s]+$/.test(name)) return undefined;
  const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
  const fromEnv = /^[1-9]\d{0,15}$/.test(env.GITHUB_REPOSITORY_ID ?? '') ? Number(env.GITHUB_REPOSITORY_ID) : undefined;
  const fromPayload = (event.payload.repository as { id?: unknown } | undefined)?.id;
  const id = isId(fromEnv) ? fromEnv : isId(fromPayload) ? fromPayload : undefined;
  return { id, name };
}

/** True when the pull request's head lives in another repository than its base. */
export function isForkPullRequest(event: TriggerEvent): boolean {
  const pr = event.payload.pull_request;
  if (!pr) return false;
  const head = pr.head?.repo?.full_name;
  const base = pr.base?.repo?.full_name;
  // A head repository that was deleted arrives as null: it can only have been a fork.
  if (pr.head && pr.head.repo === null) return true;
  return head !== undefined && base !== undefined && head !== base;
}
