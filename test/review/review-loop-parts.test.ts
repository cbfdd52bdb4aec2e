/**
 * The review loop's pure parts whose tests are not at their modules' paths yet: which review an
 * event names (`steps/sync/review-loop.ts`), and how a usage 429 is told from the rate limit
 * (`api/errors.ts`). The message (review/message.test.ts), who qualifies (review/qualify.test.ts)
 * and the reply (report/revision-report.test.ts) are tested at theirs.
 */
import { describe, expect, it } from 'vitest';
import { isUsageUsedUp } from '../../src/api/errors.js';
import { reviewOfEvent } from '../../src/steps/sync/review-loop.js';

describe('reviewOfEvent: the review the event names, when the loop may act on it', () => {
  const event = (name: string, action: string, review: unknown) => ({ name, actor: 'lead', payload: { action, review } });
  it.each([
    ['a submitted request for changes', event('pull_request_review', 'submitted', { id: 7, state: 'changes_requested' }), 7],
    ['a submitted comment, in capitals', event('pull_request_review', 'submitted', { id: 8, state: 'COMMENTED' }), 8],
    ['an approval', event('pull_request_review', 'submitted', { id: 7, state: 'approved' }), undefined],
    ['an edited review', event('pull_request_review', 'edited', { id: 7, state: 'changes_requested' }), undefined],
    ['a dismissed review', event('pull_request_review', 'dismissed', { id: 7, state: 'changes_requested' }), undefined],
    ['another event with a review in its payload', event('pull_request_review_comment', 'submitted', { id: 7, state: 'commented' }), undefined],
    ['a review without a state', event('pull_request_review', 'submitted', { id: 7 }), undefined],
    ['a review ID of 0', event('pull_request_review', 'submitted', { id: 0, state: 'commented' }), undefined],
    ['a negative review ID', event('pull_request_review', 'submitted', { id: -3, state: 'commented' }), undefined],
    ['a review ID that is no integer', event('pull_request_review', 'submitted', { id: 7.5, state: 'commented' }), undefined],
    ['a review ID as text', event('pull_request_review', 'submitted', { id: '7', state: 'commented' }), undefined],
  ])('%s', (_name, given, id) => {
    expect(reviewOfEvent({ reviewLoop: true }, given)).toBe(id);
    expect(reviewOfEvent({ reviewLoop: false }, given)).toBeUndefined();
  });
});

describe('isUsageUsedUp: the three 429s the vendor answers', () => {
  it.each([
    ['usage used up', '{"error":"Usage limit reached for this key"}', true],
    ['a quota', '{"error":"Monthly quota exceeded"}', true],
    ['credits', '{"error":"Out of credits"}', true],
    ['the key’s rate limit', '{"error":"Rate limit exceeded"}', false],
    ['a rate limit that names usage', '{"error":"Too many requests: rate of usage too high"}', false],
    ['the organisation’s limit, plain text', 'Too many requests, please try again later.', false],
  ])('%s', (_name, body, used) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    expect(isUsageUsedUp(429, body, parsed)).toBe(used);
    expect(isUsageUsedUp(403, body, parsed)).toBe(false);
  });
});
