/**
 * The documentation PR's approval as GitHub counts it (`gate/approval.ts`): its review decision
 * where the repository requires reviews; where it requires none, each writer's latest opinion,
 * and only writers' (GraphQL `latestOpinionatedReviews(writersOnly: true)` with
 * `authorCanPushToRepository`). Readers, triagers, bots and the token that reads never count.
 * `readApproval` is the one read: one request, a failure one warning, a cancellation its own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approves, readApproval } from '../../src/gate/approval.js';
import { GitHubError, type GitHubApi, type ReviewOpinion, type WritersReviews } from '../../src/github/api.js';
import { CancelledError } from '../../src/runtime.js';
import { recordingLogger } from '../support/fake-time.js';

const VIEWER = 'docs-writer[bot]';
const writer = (login: string, state: string): ReviewOpinion => ({ login, state, canPush: true, bot: false });
const reader = (login: string, state: string): ReviewOpinion => ({ login, state, canPush: false, bot: false });
const reviews = (decision: WritersReviews['decision'], opinions: ReviewOpinion[] = [], viewer = VIEWER): WritersReviews => ({ decision, opinions, viewer });

describe('approves: as GitHub counts a review', () => {
  it('a decision decides: APPROVED is approved, CHANGES_REQUESTED and REVIEW_REQUIRED are not, whatever the opinions', () => {
    expect(approves(reviews('APPROVED'))).toBe(true);
    expect(approves(reviews('APPROVED', [writer('lead', 'CHANGES_REQUESTED')]))).toBe(true);
    expect(approves(reviews('CHANGES_REQUESTED', [writer('lead', 'APPROVED')]))).toBe(false);
    expect(approves(reviews('REVIEW_REQUIRED', [writer('lead', 'APPROVED')]))).toBe(false);
  });

  it('no decision: at least one writer approves, and no writer asks for changes', () => {
    expect(approves(reviews(null))).toBe(false);
    expect(approves(reviews(null, [writer('lead', 'APPROVED')]))).toBe(true);
    expect(approves(reviews(null, [writer('lead', 'APPROVED'), writer('maintainer', 'APPROVED')]))).toBe(true);
    // A writer's change request holds whatever others say after it: GitHub lists each writer's latest opinion.
    expect(approves(reviews(null, [writer('lead', 'APPROVED'), writer('maintainer', 'CHANGES_REQUESTED')]))).toBe(false);
    expect(approves(reviews(null, [writer('maintainer', 'CHANGES_REQUESTED'), writer('lead', 'APPROVED')]))).toBe(false);
    // Neither opinion: a comment or a dismissed review is no approval.
    expect(approves(reviews(null, [writer('lead', 'COMMENTED')]))).toBe(false);
    expect(approves(reviews(null, [writer('lead', 'DISMISSED')]))).toBe(false);
  });

  it('a review by someone without write access never counts, either way (anyone can review a public repository)', () => {
    expect(approves(reviews(null, [reader('drive-by', 'APPROVED')]))).toBe(false);
    expect(approves(reviews(null, [writer('lead', 'APPROVED'), reader('drive-by', 'CHANGES_REQUESTED')]))).toBe(true);
  });

  it('bots, the identity that reads (the action’s own token) and deleted accounts never count', () => {
    expect(approves(reviews(null, [{ login: 'some-app[bot]', state: 'APPROVED', canPush: true, bot: true }]))).toBe(false);
    expect(approves(reviews(null, [writer(VIEWER, 'APPROVED')]))).toBe(false);
    // Logins are case-insensitive on GitHub.
    expect(approves(reviews(null, [writer('Docs-Writer[bot]', 'APPROVED')]))).toBe(false);
    expect(approves(reviews(null, [writer('', 'APPROVED')]))).toBe(false);
    expect(approves(reviews(null, [writer('lead', 'APPROVED'), writer(VIEWER, 'CHANGES_REQUESTED')]))).toBe(true);
  });

  it('property: without a decision, approved exactly when some counted writer approves and none asks for changes', () => {
    const opinion = fc.record({
      login: fc.constantFrom('lead', 'maintainer', 'drive-by', VIEWER, 'app[bot]', ''),
      state: fc.constantFrom('APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED'),
      canPush: fc.boolean(),
      bot: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(opinion, { maxLength: 8 }), (opinions) => {
        const counted = opinions.filter((o) => o.canPush && !o.bot && o.login !== '' && o.login !== VIEWER);
        const expected = counted.some((o) => o.state === 'APPROVED') && counted.every((o) => o.state !== 'CHANGES_REQUESTED');
        expect(approves(reviews(null, opinions))).toBe(expected);
        // Nobody without write access ever turns it to approved.
        const withoutWriters = opinions.filter((o) => !o.canPush);
        expect(approves(reviews(null, withoutWriters))).toBe(false);
      }),
    );
  });
});

describe('readApproval: the one read', () => {
  const pull = { repository: 'acme/docs', number: 5 };
  const clientAnswering = (answer: () => Promise<WritersReviews>, calls: number[]): Promise<GitHubApi> =>
    Promise.resolve({
      writersReviews: (number: number) => {
        calls.push(number);
        return answer();
      },
    } as unknown as GitHubApi);

  it('reads the pull request’s writers’ reviews once, and says whether they approve', async () => {
    const calls: number[] = [];
    const logger = recordingLogger();
    const signal = new AbortController().signal;
    expect(
      await readApproval(
        clientAnswering(() => Promise.resolve(reviews(null, [writer('lead', 'APPROVED')])), calls),
        pull,
        { logger, signal },
      ),
    ).toBe(true);
    expect(
      await readApproval(
        clientAnswering(() => Promise.resolve(reviews(null, [reader('x', 'APPROVED')])), calls),
        pull,
        { logger, signal },
      ),
    ).toBe(false);
    expect(calls).toEqual([5, 5]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('a read that fails is one warning and no answer: the gate waits, it never passes on what it did not read', async () => {
    const logger = recordingLogger();
    const failing = clientAnswering(() => Promise.reject(new GitHubError('GitHub review decision answered 502.', 'http', 502)), []);
    expect(await readApproval(failing, pull, { logger, signal: new AbortController().signal })).toBeUndefined();
    expect(logger.messages('warning')).toEqual([
      'Could not read the reviews of documentation PR acme/docs#5: GitHub review decision answered 502. The gate waits for them.',
    ]);
  });

  it('a cancellation is not a warning: it ends the phase that read', async () => {
    const logger = recordingLogger();
    const cancelled = clientAnswering(() => Promise.reject(new CancelledError()), []);
    await expect(readApproval(cancelled, pull, { logger, signal: new AbortController().signal })).rejects.toBeInstanceOf(CancelledError);
    expect(logger.messages('warning')).toEqual([]);
  });
});
