import type { AgentRun } from '../../agent/run-agent.js';
import { endsTheStep, type GitHubApi } from '../../github/api.js';
import { isMarked, readReply, replyLine } from '../../memory/record.js';
import { docsPrScope, type RecordSeal, type RepositoryIdentity } from '../../memory/seal.js';
import { renderRevisionComment, REVISION_MARKER, type RevisionStage } from '../../report/revision-report.js';
import { isCancellation, type Clock, type Logger } from '../../runtime.js';
import { errorMessage } from '../../text.js';

/**
 * The review loop's reply on the documentation PR, as the record it carries makes it findable:
 * `command: sync` writes it, and a sweep that finishes a revision's job (`wait: false`) says in it
 * how the revision ended. Apart from the loop itself, which a sweep does not run.
 */

/** The reply's sealed record: the revision it reports, for the documentation PR it is on. */
export function replySeal(
  seal: RecordSeal,
  repository: RepositoryIdentity,
  number: number,
  stage: { jobId: string; reviewer: string; sent: number; max: number },
): string {
  return replyLine({ jobId: stage.jobId, reviewer: stage.reviewer, sent: stage.sent, max: stage.max }, seal, docsPrScope(repository, number));
}

/**
 * A sweep that finished a revision's job (`wait: false`): the review loop's reply on the
 * documentation PR says how it ended. The reply is the one whose sealed record names this job
 * (whoever wrote it: the documentation repository's workflow); none, or a failure, changes nothing
 * else (one warning).
 */
export async function replyRevisionEnded(
  github: GitHubApi,
  docsPr: { readonly repository: RepositoryIdentity; readonly number: number },
  job: AgentRun,
  context: { readonly clock: Clock; readonly logger: Pick<Logger, 'warning'>; readonly signal: AbortSignal; readonly seal: RecordSeal },
): Promise<boolean> {
  const scope = docsPrScope(docsPr.repository, docsPr.number);
  try {
    for (const comment of await github.listComments(docsPr.number)) {
      if (!isMarked(comment.body, REVISION_MARKER)) continue;
      const reading = readReply(comment.body, context.seal, scope);
      if (reading.found !== 'verified' || reading.record.jobId !== job.jobId) continue;
      const stage: RevisionStage = { kind: 'ended', ...reading.record, outcome: job.outcome };
      const body = renderRevisionComment(stage, new Date(context.clock.now()).toISOString(), replySeal(context.seal, docsPr.repository, docsPr.number, stage));
      await github.updateComment(comment.id, body);
      return true;
    }
    return false;
  } catch (error) {
    if (isCancellation(error, context.signal) || endsTheStep(error)) return false;
    context.logger.warning(
      `Could not tell the review loop's reply on ${docsPr.repository.name}#${docsPr.number} how the revision ended: ${errorMessage(error)}`,
    );
    return false;
  }
}
