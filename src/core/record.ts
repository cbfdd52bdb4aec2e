import type { AgentRun } from '../agent/run-agent.js';
import type { GateState } from '../constants.js';
import type { DiffStats } from '../diff/change-prompt.js';
import type { RunDocsPr } from '../docs-pr/decide.js';
import { shownOfDecision, type DocsPrShown } from '../docs-pr/outcome.js';
import { nothingFollowed, type Following } from './follow.js';
import type { EventPullRequest } from '../event.js';
import { endsTheStep, type PullRequestState } from '../github/api.js';
import type { GateStatus } from '../gate/policy.js';
import type { ImpactRow } from '../impact/read-impact.js';
import type { CommentRecord, ImpactRecord, RevisingRecord } from '../memory/record.js';
import type { RepositoryIdentity } from '../memory/seal.js';
import type { CodePrComment } from '../memory/code-pr-comment.js';
import type { PreviewRun } from '../preview/run-preview.js';
import type { ImpactView } from '../report/impact-report.js';
import { isCancellation } from '../runtime.js';

/**
 * The run's record: what one run knows of a code PR and its documentation. Every command that ends
 * a job (`agent`, `sweep`, the review loop) or judges a code PR's gate (`sync`) keeps one; each
 * phase of the core writes what it found here, and the renderers, the gate and the last writes read
 * it. No phase hands another a callback; no renderer decides; no state crosses from one phase to
 * another outside it.
 */
export interface RunRecord {
  /** The triggering pull request, on a pull-request event. */
  readonly pullRequest: EventPullRequest | undefined;
  /** The workflow's repository, as its records are bound to it. */
  readonly repository: RepositoryIdentity | undefined;
  /** The pull-request comment this run writes: found by the prepare phase; none without `pr-comment`, or on a dry run. */
  comment: CodePrComment | undefined;
  /**
   * Whether the comment shows this run's outcome: not after a skip it does not show (a fork, the
   * action's own documentation PR, a head already covered, a waiver), where only its gate line
   * follows the status the run writes.
   */
  shows: boolean;
  /** What the send phase sent of the change. */
  diff: DiffStats | undefined;
  /** When the API accepted this run's job or message (epoch ms by the run's clock): the record's `acceptedAt`. */
  acceptedAt: number | undefined;
  /** The comment's record says the job this run sent is at work: how a sweep finds it (the working write was taken). */
  workRecorded: boolean;
  /** The job: what was sent, and how it ended (or why nothing was sent). */
  job: AgentRun;
  /**
   * The run's documentation PR, decided once (`docs-pr/decide.ts`), where it stands after this
   * run's own changes of it; undefined when nothing in the run depends on it (no follow-code-pr,
   * docs-status or reader-impact).
   */
  documentationPr: RunDocsPr | undefined;
  /**
   * Following the documentation PR (`follow-code-pr`, and the back-link of `docs-status: approved`):
   * one immutable state, each follower function taking it and returning the next (`follow.ts`).
   */
  following: Following | undefined;
  /** The preview (`preview: true`): asked for, then awaited. */
  preview: PreviewRun | undefined;
  /** A closed code PR's run: no job, only the documentation PR follows. */
  readonly syncing: boolean;
  /**
   * The run finishes a job another run sent (a sweep; a revision it saw end): once it saw the job
   * end, or its recorded time pass, its comment's record says the job is no longer at work,
   * whatever the outcome. A revision the step stopped waiting for is not finished: it stays at
   * work for a sweep.
   */
  finishes: boolean;
  /** The documentation PR's approval, as the approval read found it (`docs-status: approved`). */
  approved: boolean | undefined;
  /** The documentation gate's status as the run leaves it so far (`docs-status`). */
  gate: GateStatus | undefined;
  /** The last `documentation` status GitHub took from this run: the `docs-status-state` output. */
  gateWritten: GateState | undefined;
  /** GitHub refused a status write of this run (a permission): no later one is tried, and the one warning stands. */
  gateRefused: boolean;
  /** What readers will see of the documentation PR (`reader-impact`). */
  impact: RunImpact | undefined;
  /**
   * What a run that shows no report of its own (`shows` false: `command: sync`) says in the
   * comment's tail: the documentation PR's line, and its change of the record (made from the newest
   * record, changing only what the run owns).
   */
  tail: { readonly docsPrSection: string | undefined; readonly change: (newest: CommentRecord) => CommentRecord } | undefined;
  /** The job is a revision after a review (the review loop): where its status goes, and who wrote its reply. */
  revising: RevisingRecord | undefined;
  /**
   * Where the status goes: the pull request's head the job worked on, or for a revision the head
   * its `pending` went to. Undefined off a pull request.
   */
  readonly statusSha: string | undefined;
}

/** The code PR as a record takes it where no event brought it (`sync`, a merge queue's gate): as GitHub has it now. */
export function codePullOf(pull: PullRequestState): EventPullRequest {
  return {
    number: pull.number,
    title: pull.title,
    headSha: pull.headSha,
    headRef: pull.headRef,
    action: '',
    merged: pull.merged,
    labels: pull.labels,
    label: undefined,
  };
}

/** A run's record before anything was found: the pull request, its repository, the job as the command has it. */
export function newRecord(
  parts: Pick<RunRecord, 'pullRequest' | 'repository' | 'job'> & Partial<Pick<RunRecord, 'comment' | 'syncing' | 'finishes' | 'revising'>>,
): RunRecord {
  return {
    comment: undefined,
    syncing: false,
    finishes: false,
    revising: undefined,
    ...parts,
    statusSha: parts.revising?.statusSha ?? parts.pullRequest?.headSha,
    shows: true,
    diff: undefined,
    acceptedAt: undefined,
    workRecorded: false,
    documentationPr: undefined,
    following: undefined,
    preview: undefined,
    approved: undefined,
    gate: undefined,
    gateWritten: undefined,
    gateRefused: false,
    impact: undefined,
    tail: undefined,
  };
}

/**
 * The record of a run that finishes a job another run sent (a sweep's; a review's revision):
 * the pull request, its comment, how the job ended, and nothing decided yet. `finishes`: its
 * comment's record says the job is no longer at work once it saw the job end. The follower starts
 * from what the comment's record names.
 */
export function finishingRecord(
  parts: Pick<RunRecord, 'pullRequest' | 'repository' | 'comment' | 'job' | 'finishes'> & Partial<Pick<RunRecord, 'revising'>>,
  followed: boolean,
): RunRecord {
  const record = newRecord(parts);
  const earlier = parts.comment?.earlier;
  record.following = followed ? nothingFollowed(earlier?.docsPr, earlier?.supersedes) : undefined;
  return record;
}

/**
 * Reader impact as the run leaves it: what the section shows (none when the documentation PR
 * changes no page), every page for the output, and what the comment's record keeps of it.
 */
export interface RunImpact {
  readonly view: ImpactView | undefined;
  readonly rows: readonly ImpactRow[];
  readonly record: ImpactRecord;
}

/**
 * What the comment and the summary say of the documentation PR: what following it did, else the
 * decision shown as what it is (a link that is no documentation PR, or one not checked).
 */
export function docsPrShownOf(record: RunRecord): DocsPrShown | undefined {
  return record.following?.shown ?? shownOfDecision(record.documentationPr);
}

/** The documentation PR's part of a comment write: the follower's state, or the record's as it was with the decision shown. */
export function docsPrViewOf(record: RunRecord): Following | undefined {
  if (record.following) return record.following;
  const shown = shownOfDecision(record.documentationPr);
  const earlier = record.comment?.earlier;
  return shown && { ...nothingFollowed(earlier?.docsPr, earlier?.supersedes), shown };
}

/**
 * A phase after the wait cut short by cancellation or the step's deadline: the outcome is
 * `cancelled` or `timed-out` (never the job's), and the last writes record what was done.
 */
export function stoppedBy(record: RunRecord, error: unknown, signal: AbortSignal): void {
  if (isCancellation(error, signal)) {
    record.job.outcome = 'cancelled';
    return;
  }
  if (!endsTheStep(error)) throw error;
  record.job.outcome = 'timed-out';
  record.job.timedOut = true;
}

/** A job that ended with its work done: a documentation PR, or nothing to change. */
export function endedWell(record: Pick<RunRecord, 'job'>): boolean {
  return record.job.outcome === 'pr-opened' || record.job.outcome === 'no-pr';
}
