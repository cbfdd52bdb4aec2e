import type { Outcome } from '../constants.js';
import { codeSpan, escapeText } from './markdown.js';

/**
 * The review loop's reply on the documentation PR (`review-loop`): one comment, found again by its
 * marker and its author (the token's identity), saying that the agent is revising the pull
 * request after whose review, then how the revision ended, or that the loop's limit was reached.
 * The reviewer's login and the job ID are outside text: shown as code, so a login is never a
 * mention and a job ID never a link.
 */

import { REVISION_MARKER } from '../memory/reply.js';

export { REVISION_MARKER };

export type RevisionStage =
  | { readonly kind: 'revising'; readonly reviewer: string; readonly jobId: string; readonly sent: number; readonly max: number; readonly detached: boolean }
  | {
      readonly kind: 'ended';
      readonly reviewer: string;
      readonly jobId: string;
      readonly sent: number;
      readonly max: number;
      /** How the job ended, as the agent command says it. */
      readonly outcome: Outcome;
    }
  | {
      /** The message's fate is unknown (a `5xx` or a timeout mid-request): it counts, and is not sent again. */
      readonly kind: 'unknown';
      readonly reviewer: string;
      readonly jobId: string;
      readonly sent: number;
      readonly max: number;
    }
  | { readonly kind: 'limit'; readonly reviewer: string; readonly max: number };

/** The whole reply, its marker first; `sealed`: its record line, last (a sweep finds the reply again by it). */
export function renderRevisionComment(stage: RevisionStage, nowIso: string, sealed?: string): string {
  const lines = [REVISION_MARKER, '### Documentation agent: review loop', '', stageLine(stage)];
  if (stage.kind !== 'limit') {
    lines.push('', escapeText(`Follow-ups sent to the agent from reviews of this pull request: ${stage.sent} of ${stage.max} (review-loop-max).`));
  }
  lines.push('', `Updated ${escapeText(nowIso)}.`);
  if (sealed) lines.push(sealed);
  return `${lines.join('\n')}\n`;
}

function stageLine(stage: RevisionStage): string {
  const reviewer = codeSpan(stage.reviewer);
  switch (stage.kind) {
    case 'revising':
      return `🔄 **The documentation agent is revising this pull request after ${reviewer}’s review** (job ${codeSpan(stage.jobId)}). ${escapeText(
        stage.detached
          ? 'This comment and the code pull request say how it ended once a sweep of the code repository sees the job end.'
          : 'This comment says how it ended once the job ends.',
      )}`;
    case 'ended':
      return `${ENDED[stage.outcome] ?? '**The revision ended**'} after ${reviewer}’s review (job ${codeSpan(stage.jobId)}, outcome ${codeSpan(stage.outcome)}).`;
    case 'unknown':
      return `⚠️ **${reviewer}’s review may not have reached the agent** (job ${codeSpan(stage.jobId)}): ${escapeText(
        'the API did not answer whether it took the message, so it is not sent again (it could be sent twice). To have the agent revise this pull request, submit a new review.',
      )}`;
    case 'limit':
      return `⏸️ **${reviewer}’s review was not sent to the agent**: ${escapeText(
        `this pull request has had ${stage.max} follow-ups from reviews, the most review-loop-max allows. Revise it by hand, or raise review-loop-max in the workflow.`,
      )}`;
  }
}

const ENDED: Partial<Record<Outcome, string>> = {
  'pr-opened': '✅ **The documentation agent revised this pull request**',
  'no-pr': '✅ **The documentation agent finished without a new change**',
  failed: '❌ **The documentation agent failed to revise this pull request**',
  archived: '🗄️ **The revision job was archived**',
  'timed-out': '⏳ **The revision was still running when the step’s timeout ran out** (a sweep or a re-run finishes it)',
  cancelled: '🛑 **The step was cancelled while the agent revised this pull request** (the job goes on)',
  error: '⚠️ **The revision could not be followed to its end** (the workflow run says why)',
};
