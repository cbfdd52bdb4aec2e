import type { AgentRun } from '../../agent/run-agent.js';
import type { GateState } from '../../constants.js';
import type { DiffStats } from '../../diff/change-prompt.js';
import type { RunDocsPr } from '../../docs-pr/decide.js';
import { nothingDone, shownOfDecision, type DocsPrOutcome, type DocsPrShown } from '../../docs-pr/outcome.js';
import type { EventPullRequest } from '../../event.js';
import { endsTheStep } from '../../github/api.js';
import type { GateFindings } from '../../gate/facts.js';
import type { GateStatus } from '../../gate/policy.js';
import type { ImpactRow } from '../../impact/read-impact.js';
import type { ImpactRecord } from '../../memory/record.js';
import type { RepositoryIdentity } from '../../memory/seal.js';
import type { PullRequestComment } from '../../pr-comment/comment.js';
import type { PreviewRun } from '../../preview/run-preview.js';
import type { ImpactView } from '../../report/impact-report.js';
import { isCancellation } from '../../runtime.js';

/**
 * The one record of an agent run: each phase of `steps/agent.ts` writes what it found here, and
 * the renderers and the report read it. No phase hands another a callback; no renderer decides;
 * no state crosses from one phase to another outside it.
 */
export interface AgentRunRecord {
  /** The triggering pull request, on a pull-request event. */
  readonly pullRequest: EventPullRequest | undefined;
  /** The workflow's repository, as its records are bound to it. */
  readonly repository: RepositoryIdentity | undefined;
  /** The pull-request comment this run writes: found by the prepare phase; none without `pr-comment`, or on a dry run. */
  comment: PullRequestComment | undefined;
  /**
   * Whether the comment shows this run's outcome: not after a skip it does not show (a fork, the
   * action's own documentation PR, a head already covered, a waiver), where only its gate line
   * follows the status the run writes.
   */
  shows: boolean;
  /** What the send phase sent of the change. */
  diff: DiffStats | undefined;
  /** The job: what was sent, and how it ended (or why nothing was sent). */
  job: AgentRun;
  /**
   * The run's documentation PR, decided once (`docs-pr/decide.ts`), where it stands after this
   * run's own changes of it; undefined when nothing in the run depends on it (no follow-code-pr,
   * docs-status or reader-impact).
   */
  documentationPr: RunDocsPr | undefined;
  /** What following the documentation PR did (`follow-code-pr`, and the back-link of `docs-status: approved`). */
  following: DocsPrOutcome | undefined;
  /** The preview (`preview: true`): asked for, then awaited. */
  preview: PreviewRun | undefined;
  /** A closed code PR's run: no job, only the documentation PR follows. */
  readonly syncing: boolean;
  /**
   * `command: sweep` finishes the recorded job: its comment's record says the job is no longer at
   * work whatever the outcome (`timed-out` past `timeout` since it was accepted too).
   */
  readonly finishes: boolean;
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
}

/**
 * The record of a run that finishes a job another run sent (a sweep's; a review's revision):
 * the pull request, its comment, how the job ended, and nothing decided yet. `finishes`: its
 * comment's record says the job is no longer at work, whatever the outcome.
 */
export function finishingRecord(parts: Pick<AgentRunRecord, 'pullRequest' | 'repository' | 'comment' | 'job' | 'following'>): AgentRunRecord {
  return {
    ...parts,
    shows: true,
    diff: undefined,
    documentationPr: undefined,
    preview: undefined,
    syncing: false,
    finishes: true,
    approved: undefined,
    gate: undefined,
    gateWritten: undefined,
    gateRefused: false,
    impact: undefined,
  };
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
 * The moments the renderers hear of before the last writes: the job was sent (or messaged), a
 * new documentation PR was linked (the record names it before an earlier one is closed), the
 * preview was asked for.
 */
export type AgentStage = 'sent' | 'docs-pr-linked' | 'preview-asked';

/** Something that shows the run as it stands: it renders from the record, and decides nothing. */
export interface Renderer {
  render(stage: AgentStage, record: AgentRunRecord): Promise<void>;
}

/**
 * What the comment and the summary say of the documentation PR: what following it did, else the
 * decision shown as what it is (a link that is no documentation PR, or one not checked).
 */
export function docsPrShownOf(record: AgentRunRecord): DocsPrShown | undefined {
  return record.following?.shown ?? shownOfDecision(record.documentationPr);
}

/** The documentation PR's part of a comment write: the follower's outcome, or the record's as it was with the decision shown. */
export function docsPrViewOf(record: AgentRunRecord): DocsPrOutcome | undefined {
  if (record.following) return record.following;
  const shown = shownOfDecision(record.documentationPr);
  const earlier = record.comment?.earlier;
  return shown && { ...nothingDone(earlier?.docsPr, earlier?.supersedes), shown };
}

/** What the run found, as the gate takes it (`gate/facts.ts`): all of it from the record. */
export function gateFindingsOf(record: AgentRunRecord, working = false): GateFindings {
  const { job } = record;
  const closedByAction = record.following?.record?.closedByAction ?? record.comment?.earlier?.docsPr?.closedByAction ?? false;
  return {
    outcome: job.outcome,
    skip: job.skipKind,
    waived: job.skipKind === 'waived',
    working: working && job.delivery === 'accepted' && job.outcome === 'running',
    docsPr: record.documentationPr,
    closedByAction,
    approved: record.approved,
    previewUrl: record.preview?.status === 'success' ? record.preview.url : undefined,
    pullNumber: record.pullRequest?.number ?? 0,
  };
}

/**
 * A phase after the wait cut short by cancellation or the step's deadline: the outcome is
 * `cancelled` or `timed-out` (never the job's), and the last writes record what was done.
 */
export function stoppedBy(record: AgentRunRecord, error: unknown, signal: AbortSignal): void {
  if (isCancellation(error, signal)) {
    record.job.outcome = 'cancelled';
    return;
  }
  if (!endsTheStep(error)) throw error;
  record.job.outcome = 'timed-out';
  record.job.timedOut = true;
}
