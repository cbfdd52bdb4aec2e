/**
 * Which reviews the review loop sends to the agent (`review/qualify.ts`): a request for changes or
 * a comment with text, by a person (no bot, none of the action's own identities) who may push to
 * the documentation repository, within the loop's budget; and the one notice for each that is not.
 */
import { describe, expect, it } from 'vitest';
import { budgetNotSent, mayPush, notSentReason, reviewNotSent, type NotSent } from '../../src/review/qualify.js';

describe('qualify: who may send a review, and when', () => {
  const facts = { state: 'CHANGES_REQUESTED', login: 'lead', userType: 'User', hasText: true, ownLogins: ['docs-writer[bot]', 'Release-Bot'] };
  it.each([
    [{}, undefined],
    [{ state: 'APPROVED' }, 'not-a-request'],
    [{ state: 'DISMISSED' }, 'not-a-request'],
    [{ state: 'PENDING' }, 'not-a-request'],
    [{ login: '' }, 'no-author'],
    [{ userType: 'Bot' }, 'bot'],
    [{ login: 'sneaky[bot]' }, 'bot'],
    [{ userType: 'Organization' }, 'bot'],
    [{ login: 'release-bot' }, 'own-identity'],
    [{ hasText: false }, 'empty'],
  ] as const)('%o → %s', (change, why) => {
    expect(reviewNotSent({ ...facts, ...change })).toBe(why);
  });

  it('writes means admin or write (maintain reads as write); triage, read and none do not', () => {
    expect(['admin', 'write', 'maintain', 'triage', 'read', 'none', ''].filter(mayPush)).toEqual(['admin', 'write']);
  });

  it('the budget: a review already sent is never sent again, and none past the limit', () => {
    expect(budgetNotSent(3, [1, 2], 5)).toBeUndefined();
    expect(budgetNotSent(2, [1, 2], 5)).toBe('already-sent');
    expect(budgetNotSent(3, [1, 2], 2)).toBe('limit-reached');
    expect(budgetNotSent(3, [1, 2], 3)).toBeUndefined();
  });

  it.each<[NotSent, { login: string; state: string; max: number; permission?: string; docsPr?: string }, string]>([
    [
      'not-a-request',
      { login: 'lead', state: 'DISMISSED', max: 5 },
      'The review is dismissed, not a request for changes or a comment: review-loop sends nothing for it.',
    ],
    [
      'no-author',
      { login: '', state: 'COMMENTED', max: 5 },
      'The review has no author GitHub can name (a deleted account): review-loop sends only reviews by people with write access.',
    ],
    ['bot', { login: 'helper[bot]', state: 'COMMENTED', max: 5 }, "The review is by a bot (helper[bot]): review-loop never sends a bot's review to the agent."],
    ['bot', { login: '', state: 'COMMENTED', max: 5 }, "The review is by a bot (a deleted account): review-loop never sends a bot's review to the agent."],
    [
      'own-identity',
      { login: 'docs-admin', state: 'COMMENTED', max: 5 },
      'The review is by docs-admin, an identity this action writes with: review-loop never sends its own reviews to the agent.',
    ],
    [
      'empty',
      { login: 'lead', state: 'COMMENTED', max: 5 },
      'The review has no text (no body, no inline comment with text): there is nothing to send to the agent.',
    ],
    [
      'no-write-access',
      { login: 'someone', state: 'COMMENTED', max: 5, permission: 'read' },
      'The review is by someone, whose permission on the documentation repository is "read": review-loop sends only reviews by people with write access (write, maintain or admin).',
    ],
    [
      'no-write-access',
      { login: 'someone', state: 'COMMENTED', max: 5 },
      'The review is by someone, whose permission on the documentation repository is "none": review-loop sends only reviews by people with write access (write, maintain or admin).',
    ],
    [
      'already-sent',
      { login: 'lead', state: 'COMMENTED', max: 5 },
      'This review was already sent to the agent (a re-run of the same event): it is not sent again.',
    ],
    [
      'docs-pr-not-open',
      { login: 'lead', state: 'COMMENTED', max: 5, docsPr: 'acme/docs#5' },
      "The documentation PR acme/docs#5 is not open (merged, closed, or no longer the one the code PR's record names): there is nothing to revise, and the review is not sent.",
    ],
    [
      'docs-pr-not-open',
      { login: 'lead', state: 'COMMENTED', max: 5 },
      "The documentation PR is not open (merged, closed, or no longer the one the code PR's record names): there is nothing to revise, and the review is not sent.",
    ],
    [
      'limit-reached',
      { login: 'lead', state: 'COMMENTED', max: 3 },
      'This documentation PR has had 3 follow-ups from reviews (review-loop-max): the review is not sent. Revise the pull request by hand, or raise review-loop-max.',
    ],
  ])('the notice for %s (%o)', (why, detail, notice) => {
    expect(notSentReason(why, detail)).toBe(notice);
  });
});

describe('qualify: the checks at their edges', () => {
  const facts = { state: 'COMMENTED', login: 'lead', userType: 'User', hasText: true, ownLogins: [] };
  it('a bot by its login’s suffix in any case, and only at its end', () => {
    expect(reviewNotSent({ ...facts, login: 'Sneaky[BOT]' })).toBe('bot');
    expect(reviewNotSent({ ...facts, login: 'not[bot]really' })).toBeUndefined();
  });

  it('the checks in order: the state before the author, the author before the text', () => {
    expect(reviewNotSent({ ...facts, state: 'APPROVED', login: '', hasText: false })).toBe('not-a-request');
    expect(reviewNotSent({ ...facts, login: 'x[bot]', hasText: false })).toBe('bot');
    expect(reviewNotSent({ ...facts, login: 'me', ownLogins: ['ME'], hasText: false })).toBe('own-identity');
    // The state is GitHub's, in capitals: the event's lower case is no request.
    expect(reviewNotSent({ ...facts, state: 'changes_requested' })).toBe('not-a-request');
  });

  it('the budget: the review already sent is said first, even past the limit; a limit of none sends nothing', () => {
    expect(budgetNotSent(2, [1, 2], 2)).toBe('already-sent');
    expect(budgetNotSent(3, [], 0)).toBe('limit-reached');
  });
});
