import type { GitHubApi, PullRef, WritersReviews } from '../github/api.js';
import { pullName } from '../github/api.js';
import { isCancellation, type Logger } from '../runtime.js';
import { errorMessage } from '../text.js';

/**
 * The documentation PR's approval, as GitHub counts it (the contract's *The documentation gate*):
 * GitHub's review decision `APPROVED`; or, where the repository requires no review (no decision),
 * the latest opinion of each reviewer **with write access** holds at least one approval and no
 * change request. Anyone who can read a repository can review it (everyone, on a public one), and
 * GitHub counts none of them; nor does the gate. A writer's change request holds until that writer
 * approves or it is dismissed, whatever others say after it. Bots and the identity that reads (the
 * action's own token) never count: the action must not approve its own work. Merged is decided
 * apart, from the pull request's state.
 */
export function approves(reviews: WritersReviews): boolean {
  if (reviews.decision !== null) return reviews.decision === 'APPROVED';
  const viewer = reviews.viewer.toLowerCase();
  const writers = reviews.opinions.filter((opinion) => opinion.canPush && !opinion.bot && opinion.login !== '' && opinion.login.toLowerCase() !== viewer);
  return writers.some((opinion) => opinion.state === 'APPROVED') && !writers.some((opinion) => opinion.state === 'CHANGES_REQUESTED');
}

/**
 * The one approval read, for `command: agent` and `command: sync`: one GraphQL request. Undefined
 * when it cannot be read: one warning, and the gate waits (it never passes on what it did not read).
 */
export async function readApproval(
  client: Promise<GitHubApi>,
  pull: PullRef,
  context: { readonly logger: Pick<Logger, 'warning'>; readonly signal: AbortSignal },
): Promise<boolean | undefined> {
  try {
    return approves(await (await client).writersReviews(pull.number));
  } catch (error) {
    if (isCancellation(error, context.signal)) throw error;
    context.logger.warning(`Could not read the reviews of documentation PR ${pullName(pull)}: ${errorMessage(error)} The gate waits for them.`);
    return undefined;
  }
}
