import { writeGateStatus } from '../gate/status.js';
import type { CommentRecord } from '../memory/record.js';
import { rewriteTail, writeOutcome } from './comment.js';
import type { Core } from './context.js';
import { judgedOf } from './gate.js';
import type { RunRecord } from './record.js';
import { viewOf } from './show.js';

/**
 * The publish phase, a run's last writes, for every command alike, in the record's order: first
 * the `documentation` status (`gate/status.ts`) on the head the record's status goes to, then the
 * comment with its record (read again first: `memory/code-pr-comment.ts`), each in a window of its
 * own (`Core.code.lastWrite`), after a cancellation too. A failed or slow comment never costs the
 * status, and a window that runs out is one warning, never the step's error in place of its
 * outcome. After every status it writes, the comment says the same in its gate line: the run's
 * outcome where the comment shows it, else its tail (a waiver; `command: sync`). True when the
 * comment was written.
 */
export async function publishPhase(record: RunRecord, core: Core): Promise<boolean> {
  const sha = record.statusSha;
  const code = core.code;
  if (!code) return false;
  // The gate line says what GitHub took: a status that could not be written leaves none.
  let written = false;
  // A status GitHub refused earlier in the run (a permission) is not tried again: its one warning stands.
  if (record.gate && sha && !record.gateRefused) {
    const { state } = await writeGateStatus(record.gate, sha, () => code.lastWrite(), { logger: core.logger, dryRun: core.settings.dryRun });
    written = state !== undefined;
    record.gateWritten = state ?? record.gateWritten;
  }
  const { comment } = record;
  const gate = written ? record.gate : undefined;
  if (!comment || core.settings.dryRun) return false;
  // After a cancellation the runner allows seconds: the comment is written only where it must
  // follow what the run did, a status it wrote or a change on the documentation side.
  if (core.signal.aborted && !written && !record.following?.acted && !record.tail) return false;
  // A status that could not be written is owed: the record keeps the job at work for a sweep to write it.
  const statusOwed = record.gate !== undefined && sha !== undefined && !written;
  // What the status GitHub took was judged on goes into the record with it, for a merge queue's gate.
  const judged = written && sha ? judgedOf(record, sha) : undefined;
  if (record.shows) return writeOutcome(comment, { ...viewOf(record, core, written), statusOwed, judged }, await code.lastWrite());
  const withJudged = (change: (newest: CommentRecord) => CommentRecord) => (newest: CommentRecord) => ({ ...change(newest), ...(judged ? { judged } : {}) });
  if (record.tail) {
    const tail = { ...(record.tail.docsPrSection ? { docsPrSection: record.tail.docsPrSection } : {}), ...(gate ? { gate } : {}) };
    return rewriteTail(comment, withJudged(record.tail.change), tail, await code.lastWrite());
  }
  if (gate && (comment.earlier || judged))
    return rewriteTail(
      comment,
      withJudged((newest) => newest),
      { gate },
      await code.lastWrite(),
    );
  return false;
}
