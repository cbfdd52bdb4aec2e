/**
 * Which reviews the review loop sends to the agent, as a pure function of what the run read from
 * GitHub: a review is a prompt to an agent that pushes to the documentation repository, so only
 * someone who could push there anyway may send one (docs/review-loop.md, docs/threat-model.md).
 */

/** The collaborator permissions (legacy roles) that may push: `maintain` reads as `write`. */
const WRITERS: ReadonlySet<string> = new Set(['admin', 'write']);

/** What the run knows of a review before asking who may write. */
export interface ReviewFacts {
  /** As GitHub has it now, in capitals: `CHANGES_REQUESTED`, `COMMENTED`, `APPROVED`, `DISMISSED`, `PENDING`. */
  readonly state: string;
  readonly login: string;
  /** GitHub's `user.type`. */
  readonly userType: string;
  /** The review has text to send (its body, or an inline comment). */
  readonly hasText: boolean;
  /** The logins of the action's own identities in this run (its tokens', the back-link's author, the code PR comment's). */
  readonly ownLogins: readonly string[];
}

/** Why a review is not sent; `undefined` from `reviewNotSent` when it may be, once its author's permission is known. */
export type NotSent =
  'not-a-request' | 'no-author' | 'bot' | 'own-identity' | 'empty' | 'no-write-access' | 'already-sent' | 'limit-reached' | 'docs-pr-not-open';

/**
 * The checks that need no request, in order: the review's state (only a request for changes or a
 * comment), its author (none, a bot, one of the action's own identities), its text.
 */
export function reviewNotSent(facts: ReviewFacts): NotSent | undefined {
  if (facts.state !== 'CHANGES_REQUESTED' && facts.state !== 'COMMENTED') return 'not-a-request';
  if (!facts.login) return 'no-author';
  if (facts.userType !== 'User' || /\[bot\]$/i.test(facts.login)) return 'bot';
  const login = facts.login.toLowerCase();
  if (facts.ownLogins.some((own) => own.toLowerCase() === login)) return 'own-identity';
  if (!facts.hasText) return 'empty';
  return undefined;
}

/** Whether a collaborator permission (the legacy role GitHub answers) may push: `admin` or `write` (which `maintain` reads as). */
export function mayPush(permission: string): boolean {
  return WRITERS.has(permission);
}

/** The budget: a review already sent is not sent again (a re-run replays its event), and past `max` follow-ups none is. */
export function budgetNotSent(reviewId: number, sent: readonly number[], max: number): NotSent | undefined {
  if (sent.includes(reviewId)) return 'already-sent';
  if (sent.length >= max) return 'limit-reached';
  return undefined;
}

/** The one notice for a review that is not sent. */
export function notSentReason(
  why: NotSent,
  detail: { readonly login: string; readonly state: string; readonly max: number; readonly permission?: string; readonly docsPr?: string },
): string {
  const who = detail.login || 'a deleted account';
  switch (why) {
    case 'not-a-request':
      return `The review is ${detail.state.toLowerCase().replace(/_/g, ' ')}, not a request for changes or a comment: review-loop sends nothing for it.`;
    case 'no-author':
      return 'The review has no author GitHub can name (a deleted account): review-loop sends only reviews by people with write access.';
    case 'bot':
      return `The review is by a bot (${who}): review-loop never sends a bot's review to the agent.`;
    case 'own-identity':
      return `The review is by ${who}, an identity this action writes with: review-loop never sends its own reviews to the agent.`;
    case 'empty':
      return 'The review has no text (no body, no inline comment with text): there is nothing to send to the agent.';
    case 'no-write-access':
      return `The review is by ${who}, whose permission on the documentation repository is "${detail.permission ?? 'none'}": review-loop sends only reviews by people with write access (write, maintain or admin).`;
    case 'already-sent':
      return 'This review was already sent to the agent (a re-run of the same event): it is not sent again.';
    case 'docs-pr-not-open':
      return `The documentation PR${detail.docsPr ? ` ${detail.docsPr}` : ''} is not open (merged, closed, or no longer the one the code PR's record names): there is nothing to revise, and the review is not sent.`;
    case 'limit-reached':
      return `This documentation PR has had ${detail.max} follow-ups from reviews (review-loop-max): the review is not sent. Revise the pull request by hand, or raise review-loop-max.`;
  }
}
