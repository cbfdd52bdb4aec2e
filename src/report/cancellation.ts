import type { AgentRun } from '../agent/run-agent.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { forLog, idForLog, quotedForLog } from '../text.js';
import type { VisitorsRun } from '../visitors/run-visitors.js';
import { codeSpan } from './markdown.js';

/**
 * Every way a cancellation is said, in one place: the step's error line and the summary's note
 * for a job, the preview, the documentation PR's following, the comment's last write, and the
 * visitor export. What was cancelled is decided elsewhere (`isCancellation`, `steps/verdict.ts`);
 * here it is only worded.
 */

/**
 * What a cancelled run leaves behind: a job that goes on on the server (the API cannot cancel
 * it), nothing at all (nothing was sent), a create the API certainly did not take (every attempt
 * refused with 429, or none reached it), or a create request that got no answer (a job may exist).
 */
export type CancelledJob = 'job-runs-on' | 'nothing-sent' | 'create-refused' | 'create-unanswered';

export function cancelledJobOf(run: AgentRun): CancelledJob {
  if (run.jobId) return 'job-runs-on';
  if (run.delivery === 'none') return 'nothing-sent';
  return run.delivery === 'refused' ? 'create-refused' : 'create-unanswered';
}

/** Why a request that was sent certainly took no effect (delivery `refused`). */
const REFUSED = 'the API had refused it (rate limited: 429) or never received it';

/** The step's error line for a cancelled job: what it leaves behind, and the next step. */
export function cancelledJobLine(run: AgentRun): string {
  switch (cancelledJobOf(run)) {
    case 'job-runs-on':
      return `Cancelled. Job ${idForLog(run.jobId!)} goes on running on the server (the API cannot cancel it); attach to it later with job-id: ${idForLog(run.jobId!)}.`;
    case 'nothing-sent':
      return 'Cancelled before anything was sent to the agent; no job was created or messaged.';
    case 'create-refused':
      return `Cancelled while the create request waited to be sent again; ${REFUSED}, so no job was created.`;
    case 'create-unanswered':
      return 'Cancelled before the API answered; a job may still have been created.';
  }
}

/**
 * The summary's note for a cancelled job (Markdown). `readsOnly`: what the requests made before a
 * job would be sent read, in Markdown, when there were any (a refresh's analytics).
 */
export function cancelledJobNote(run: AgentRun, readsOnly: string | undefined): string {
  switch (cancelledJobOf(run)) {
    case 'nothing-sent':
      return readsOnly
        ? `The step was cancelled before any job was created: ${readsOnly}; no job was created.`
        : 'The step was cancelled before anything was sent to the API: no job was created.';
    case 'create-refused':
      return `The step was cancelled while the create request waited to be sent again: ${REFUSED}, so no job was created.`;
    case 'create-unanswered':
      return 'The step was cancelled before the API answered the create request: a job may still have been created. Look for it on the dashboard.';
    case 'job-runs-on':
      return `The step was cancelled; the job goes on running on the server (the API cannot cancel it).${attachNote(run)}`;
  }
}

/** How to pick a job up later, as the summary says it (Markdown), or nothing without a job. */
export function attachNote(run: AgentRun): string {
  return run.jobId ? ` To pick it up later, run the action with ${codeSpan(`job-id: ${run.jobId}`)} (and no prompt) to attach and wait.` : '';
}

/** The step's error line for a preview cancelled while it was awaited: its deployment goes on. */
export function cancelledPreviewLine(preview: PreviewRun): string {
  const branch = preview.branch ? ` of branch ${quotedForLog(preview.branch)}` : '';
  return `Cancelled while waiting for the preview${branch}; its deployment goes on on the platform${preview.url ? ` at ${forLog(preview.url, 300)}` : ''}.`;
}

/** The step's error line for a closed code PR's run cancelled while its documentation PR was followed. */
export const CANCELLED_WHILE_SYNCING = 'Cancelled while bringing the documentation PR in step; no job was created.';

/** The step's error line for a cancelled export: whether the files were left, and the upload. */
export function cancelledExportLine(run: VisitorsRun): string {
  if (!run.csvPath) return 'Cancelled before the export finished; no files were written.';
  const files = `both files are complete and stay in place (${run.csvPath}, ${run.jsonPath})`;
  return run.artifact?.unfinished ? `Cancelled during the artifact upload: the upload did not finish; ${files}.` : `Cancelled; ${files}.`;
}

/** The visitors summary's note for a cancelled export (Markdown). */
export function cancelledExportNote(run: VisitorsRun): string {
  if (!run.csvPath) return '**Cancelled**: no files were written (an export that stops part-way leaves none).';
  return run.artifact?.unfinished
    ? '**Cancelled** during the artifact upload: both files are complete and stay where they are; the upload did not finish.'
    : '**Cancelled** once both files were complete: they stay where they are.';
}
