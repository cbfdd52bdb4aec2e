import { writeOutcome, writeWorking, type CommentView } from './comment.js';
import type { Core } from './context.js';
import { writeWorkingStatus } from './gate.js';
import { docsPrViewOf, type RunRecord } from './record.js';

/**
 * The run as it stands, before the last writes: what the code PR shows while the run works. It
 * renders from the record and decides nothing; the run's last status and comment are the publish
 * phase's (`publish.ts`).
 *
 * - `sent`: the job (or the message) was accepted — the `documentation` status `pending` on the head
 *   it works on, then the comment working, recorded so (with when it must end);
 * - `docs-pr-linked`: a new documentation PR was linked — the comment's record names it before an
 *   earlier one is closed;
 * - `preview-asked`: the preview was asked for — the comment says it is building.
 */
export type Stage = 'sent' | 'docs-pr-linked' | 'preview-asked';

export async function show(stage: Stage, record: RunRecord, core: Core): Promise<void> {
  if (stage === 'sent') await writeWorkingStatus(record, core, 'writing');
  const { comment, job, preview } = record;
  if (!comment || core.signal.aborted) return;
  const view = viewOf(record, core);
  switch (stage) {
    case 'sent':
      if (job.delivery === 'accepted') record.workRecorded = await writeWorking(comment, view);
      return;
    case 'docs-pr-linked':
      await writeOutcome(comment, view);
      return;
    case 'preview-asked':
      if (preview && preview.status === undefined) await writeOutcome(comment, view);
      return;
  }
}

/** What a write of the comment shows of the record: its gate line is the status GitHub took. */
export function viewOf(record: RunRecord, core: Pick<Core, 'settings'>, gateTaken = record.gateWritten !== undefined): CommentView {
  const { job, diff, preview } = record;
  return {
    run: job,
    ...(record.acceptedAt !== undefined ? { acceptedAt: record.acceptedAt } : {}),
    timeoutMs: core.settings.timeoutMs,
    diff,
    preview,
    docsPr: docsPrViewOf(record),
    gate: gateTaken ? record.gate : undefined,
    impact: record.impact && { view: record.impact.view, record: record.impact.record },
    finished: record.finishes,
  };
}
