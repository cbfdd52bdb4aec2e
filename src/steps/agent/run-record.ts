import type { AgentRun } from '../../agent/run-agent.js';
import type { DiffStats } from '../../diff/change-prompt.js';
import type { DocsPrOutcome } from '../../docs-pr/follow.js';
import type { EventPullRequest } from '../../event.js';
import type { PullRequestComment } from '../../pr-comment/comment.js';
import type { GateStatus } from '../../gate/policy.js';
import type { ImpactRow } from '../../impact/read-impact.js';
import type { ImpactRecord } from '../../memory/record.js';
import type { PreviewRun } from '../../preview/run-preview.js';
import type { ImpactView } from '../../report/impact-report.js';

/**
 * The one record of an agent run: each phase of `steps/agent.ts` writes what it found here, and
 * the renderers (the pull-request comment now, a commit status next) and the report read it. No
 * phase hands another a callback; no renderer decides.
 */
export interface AgentRunRecord {
  /** The triggering pull request, on a pull-request event. */
  readonly pullRequest: EventPullRequest | undefined;
  /** The pull-request comment this run writes: found by the prepare phase; none without `pr-comment`, on a dry run, or after a skip it does not show. */
  comment: PullRequestComment | undefined;
  /** What the send phase sent of the change. */
  diff: DiffStats | undefined;
  /** The job: what was sent, and how it ended (or why nothing was sent). */
  job: AgentRun;
  /** What following the documentation PR did (`follow-code-pr`). */
  docsPr: DocsPrOutcome | undefined;
  /** The preview (`preview: true`): asked for, then awaited. */
  preview: PreviewRun | undefined;
  /** A closed code PR's run: no job, only the documentation PR follows. */
  readonly syncing: boolean;
  /** The documentation gate's status as the run leaves it so far (`docs-status`). */
  gate: GateStatus | undefined;
  /** What readers will see of the documentation PR (`reader-impact`). */
  impact: RunImpact | undefined;
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
 * The moments the renderers hear of: the job was sent (or messaged), the preview was asked for,
 * and the run is over (after the outputs and the summary are safe).
 */
export type AgentStage = 'sent' | 'preview-asked' | 'finished';

/** Something that shows the run as it stands: it renders from the record, and decides nothing. */
export interface Renderer {
  render(stage: AgentStage, record: AgentRunRecord): Promise<void>;
}
