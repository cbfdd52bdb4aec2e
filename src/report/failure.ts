import type { AgentRun } from '../agent/run-agent.js';
import type { Outcome } from '../constants.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { forLog, formatDuration, idForLog } from '../text.js';
import { CANCELLED_WHILE_SYNCING, cancelledJobLine, cancelledPreviewLine } from './cancellation.js';

/**
 * Why a step fails, as decided by `steps/verdict.ts` (the one place that reads `fail-on`), and
 * worded here: one line for the author, each failure its own sentence, the job's first.
 */
export type Failure =
  /** The step could not do its work: the error says why. */
  | { readonly kind: 'error'; readonly run: AgentRun }
  | { readonly kind: 'cancelled'; readonly run: AgentRun }
  /** A closed code PR's run, cancelled while its documentation PR was followed (no job). */
  | { readonly kind: 'cancelled-while-syncing' }
  /** An outcome `fail-on` lists. */
  | { readonly kind: 'fail-on'; readonly run: AgentRun; readonly failOn: ReadonlySet<Outcome> }
  | { readonly kind: 'preview-cancelled'; readonly preview: PreviewRun }
  /** A preview that did not succeed, with `preview-failed` in `fail-on`. */
  | { readonly kind: 'preview-failed'; readonly preview: PreviewRun };

/** The step's failure line, or undefined when nothing fails it. */
export function failureLine(failures: readonly Failure[]): string | undefined {
  return failures.length > 0 ? failures.map(sentenceOf).join(' ') : undefined;
}

function sentenceOf(failure: Failure): string {
  switch (failure.kind) {
    case 'error':
      return failure.run.error?.message ?? 'The API failed.';
    case 'cancelled':
      return cancelledJobLine(failure.run);
    case 'cancelled-while-syncing':
      return CANCELLED_WHILE_SYNCING;
    case 'fail-on':
      return failOnLine(failure.run, failure.failOn);
    case 'preview-cancelled':
      return cancelledPreviewLine(failure.preview);
    case 'preview-failed': {
      const { status, reason } = failure.preview;
      return `Preview status "${status}" fails the step (fail-on lists preview-failed)${reason ? `: ${forLog(reason, 1_000)}` : '.'}`;
    }
  }
}

/**
 * The step's one error line for an outcome listed in `fail-on`: what happened, and the next step.
 * Outside text (the job's status and fields) goes through `forLog`.
 */
export function failOnLine(run: AgentRun, failOn: ReadonlySet<Outcome>): string {
  const jobId = run.jobId;
  const head = `Outcome "${run.outcome}" is listed in fail-on (${[...failOn].join(',')})`;
  const job = jobId ? `job ${idForLog(jobId)}` : 'the job';
  switch (run.outcome) {
    case 'timed-out':
      return `${head}: ${job} was still ${forLog(run.job?.status ?? 'running', 40)} after waiting ${formatDuration(run.waitedMs)}. It goes on running on the server; attach to it in a later run or step with job-id: ${jobId ? idForLog(jobId) : '<the job-id output>'} (and no prompt), or raise timeout.`;
    case 'failed':
    case 'archived': {
      const when = run.outcome === 'archived' && run.job?.archivedAt ? ` at ${forLog(run.job.archivedAt, 40)}` : '';
      const said = apiReason(run);
      return `${head}: the API reports ${job} as ${run.outcome}${when}${said ? `, saying: ${said}` : ' and gives no reason'}. To ask why, report the job ID${jobId ? ` ${idForLog(jobId)}` : ''} to the documentation platform's support; to try again, run the step again for a new job.`;
    }
    case 'no-pr':
      return `${head}: ${job} completed without a pull request (nothing needed changing, or the agent committed directly to the deploy branch).`;
    default:
      return `${head}.`;
  }
}

/** A reason the job object carries, if the API put one there (its documented fields hold none). */
function apiReason(run: AgentRun): string | undefined {
  const job = run.job as Record<string, unknown> | undefined;
  for (const key of ['error', 'message', 'reason', 'failureReason']) {
    const value = job?.[key];
    if (typeof value === 'string' && value.trim()) return forLog(value, 300);
  }
  return undefined;
}
