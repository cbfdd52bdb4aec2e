import { GATE_CONTEXT, type GateState } from '../constants.js';
import type { DocsPrStanding, GateStatus } from '../gate/policy.js';
import type { DocsPrState } from './docs-pr-report.js';
import { codeSpan, escapeText, keyValueTable, MAX_MESSAGE_CHARS } from './markdown.js';
import { renderSentence } from './gate-report.js';

/** What a sync run found and did (`command: sync`), as its summary shows it. */
export interface SyncView {
  readonly outcome: 'synced' | 'skipped' | 'error' | 'cancelled' | 'dry-run';
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
}

const OUTCOME_TEXT: Record<SyncView['outcome'], string> = {
  synced: '🔗 The code PR was brought in step',
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
  ];
  const parts = ['## Documentation PR sync', '', keyValueTable(rows)];
  if (run.reason) parts.push('', codeSpan(run.reason, 'text', MAX_MESSAGE_CHARS));
  return `${parts.join('\n')}\n`;
}
