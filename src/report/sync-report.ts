import { GATE_CONTEXT, type GateState } from '../constants.js';
import type { DocsPrStanding, GateStatus } from '../gate/policy.js';
import type { DocsPrState } from './docs-pr-report.js';
import { codeSpan, escapeText, keyValueTable, MAX_MESSAGE_CHARS } from './markdown.js';
import { renderSentence } from './gate-report.js';
import type { AgentRun } from '../agent/run-agent.js';
import type { NotSent } from '../review/qualify.js';

/** The review loop's rows: the review, where it went, the follow-ups counted, and how the job ended. */
function revisionRows(revision: RevisionView | undefined): Array<readonly [string, string]> {
  if (!revision) return [];
  const rows: Array<readonly [string, string]> = [
    ['Review', `${codeSpan(String(revision.reviewId), 'cell')}${revision.reviewer ? ` by ${codeSpan(revision.reviewer, 'cell')}` : ''}`],
    ['Sent to the agent', revision.notSent ? `no (${escapeText(revision.notSent)})` : revision.job?.delivery === 'accepted' ? 'yes' : 'no'],
  ];
  if (revision.alsoSent.length > 0) {
    rows.push(['Also sent', `${revision.alsoSent.map((id) => codeSpan(String(id), 'cell')).join(', ')} (submitted since the last review sent)`]);
  }
  if (revision.jobId) rows.push(['Job', codeSpan(revision.jobId, 'cell')]);
  if (revision.messageChars > 0) {
    rows.push(['Message', escapeText(`${revision.messageChars} characters${revision.cutChars > 0 ? `, the review cut by ${revision.cutChars}` : ''}`)]);
  }
  rows.push(['Follow-ups', escapeText(`${revision.sent} of ${revision.max} (review-loop-max)`)]);
  if (revision.job && revision.job.delivery === 'accepted') rows.push(['Job outcome', codeSpan(revision.job.outcome, 'cell')]);
  return rows;
}

/** What the review loop did with a review (`review-loop`), as the sync run's summary and outputs show it. */
export interface RevisionView {
  readonly reviewId: number;
  reviewer: string;
  /** Why the review was not sent; undefined once it was (or while it may still be). */
  notSent: NotSent | undefined;
  /** The job the review went to. */
  jobId: string | undefined;
  /** Follow-ups the back-link records for this documentation PR, this one included once it was sent. */
  sent: number;
  readonly max: number;
  /** The message's length, and how much of the review was cut to fit `diff-max-chars`. */
  messageChars: number;
  cutChars: number;
  /** The job as the run last saw it: sent, then (with `wait`) how it ended. */
  job: AgentRun | undefined;
  /** The reply on the documentation PR, once written: later writes of the run update it. */
  replyId: number | undefined;
  /** The last `documentation` status GitHub took from the loop (the `docs-status-state` output). */
  written: GateState | undefined;
  /** Reviews sent besides the event's, oldest first: submitted since the last one sent, left by runs GitHub dropped. */
  readonly alsoSent: number[];
}

/** What a sync run found and did (`command: sync`), as its summary shows it. */
export interface SyncView {
  readonly outcome: 'synced' | 'revised' | 'skipped' | 'error' | 'cancelled' | 'dry-run';
  /** The documentation PR the run is on, `owner/name#number`. */
  readonly docsPr: string;
  /** The code PR its back-link names. */
  readonly codePr: string | undefined;
  /** Where it stands, as read from GitHub when it is the recorded one. */
  readonly standing: DocsPrStanding | undefined;
  /** What the code PR's comment says of it (also when it is not the recorded one). */
  readonly state: DocsPrState | undefined;
  readonly gate: GateStatus | undefined;
  /** A job is at work on the code PR's head: its pending status was left as it is. */
  readonly held: boolean;
  /** The state of the status written, when one was. */
  readonly written: GateState | undefined;
  readonly commentUpdated: boolean;
  /** Why it did nothing, or what stopped it: one line. */
  readonly reason: string | undefined;
  /** The review loop (`review-loop` on a review): what it did with the review. */
  readonly revision: RevisionView | undefined;
}

const OUTCOME_TEXT: Record<SyncView['outcome'], string> = {
  synced: '🔗 The code PR was brought in step',
  revised: '🔄 The review was sent to the documentation agent',
  skipped: '⏭️ Nothing to bring in step',
  error: '⚠️ Stopped by an error',
  cancelled: '🛑 Cancelled',
  'dry-run': '🧪 Dry run: nothing changed',
};

/** The summary of a sync run: what it found, the status it wrote, and whether the code PR's comment was updated. */
export function renderSyncSummary(run: SyncView): string {
  const rows: Array<readonly [string, string]> = [
    ['Outcome', `**${OUTCOME_TEXT[run.outcome]}** (\`${run.outcome}\`)`],
    ['Documentation PR', codeSpan(run.docsPr, 'cell')],
    ['Code PR', run.codePr ? codeSpan(run.codePr, 'cell') : '—'],
    ['Documentation PR stands', run.standing ? escapeText(run.standing) : '—'],
    [
      `Status \`${GATE_CONTEXT}\``,
      run.gate
        ? `${run.written ? escapeText(run.written) : 'not written'}: ${renderSentence(run.gate, 'cell')}`
        : run.held
          ? 'left pending: the documentation job is at work on the code PR’s head'
          : '—',
    ],
    ['Code PR comment', run.commentUpdated ? 'updated' : 'not updated'],
    ...revisionRows(run.revision),
  ];
  const parts = ['## Documentation PR sync', '', keyValueTable(rows)];
  if (run.reason) parts.push('', codeSpan(run.reason, 'text', MAX_MESSAGE_CHARS));
  return `${parts.join('\n')}\n`;
}
