/**
 * The review loop's pure parts: what a review's message holds (`review/message.ts`), which reviews
 * qualify (`review/qualify.ts`), how a usage 429 is told from the rate limit (`api/errors.ts`), and
 * the reply as GitHub renders it (`report/revision-report.ts`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUsageUsedUp } from '../../src/api/errors.js';
import { REVISION_MARKER, renderRevisionComment } from '../../src/report/revision-report.js';
import { hasReviewText, reviewMessage, visibleText } from '../../src/review/message.js';
import { budgetNotSent, mayPush, reviewNotSent } from '../../src/review/qualify.js';
import { expectRendersAsGitHubShould } from '../support/github-markdown.js';

describe('visibleText: what a reader of the review on GitHub sees', () => {
  it.each([
    ['a comment', 'a<!-- hidden -->b', 'ab'],
    ['the short forms CommonMark counts as whole comments', 'a<!-->b<!--->c', 'abc'],
    ['an unclosed comment hides the rest', 'shown <!-- and the rest', 'shown '],
    ['a comment over lines', 'a\n<!--\nline\n-->\nb', 'a\n\nb'],
    ['invisible characters', 'a\u200bb\u202ec\u{E0041}', 'abc'],
    ['CRLF line ends', 'a\r\nb\rc', 'a\nb\nc'],
  ])('%s', (_name, text, seen) => {
    expect(visibleText(text)).toBe(seen);
  });

  it('keeps every visible part and nothing hidden, however they interleave', () => {
    // Visible text holds no `<` (so it starts no comment); hidden text holds no `-->` (so it ends none early).
    const visible = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '-', '>', '!', '`'), maxLength: 20 });
    const hidden = fc
      .string({ unit: fc.constantFrom('H', ' ', '\n', '<', '!', '-'), maxLength: 20 })
      .filter((text) => !text.includes('--') && !text.endsWith('-'));
    fc.assert(
      fc.property(fc.array(fc.tuple(visible, hidden)), visible, (parts, last) => {
        const text = parts.map(([shown, secret]) => `${shown}<!--H${secret}-->`).join('') + last;
        expect(visibleText(text)).toBe(parts.map(([shown]) => shown).join('') + last);
      }),
      { numRuns: 500 },
    );
  });

  it('a review has text when its body or an inline comment shows any', () => {
    expect(hasReviewText('', [])).toBe(false);
    expect(hasReviewText(' <!-- x --> \u200b', [{ path: 'a.mdx', line: 1, body: '<!--' }])).toBe(false);
    expect(hasReviewText('', [{ path: 'a.mdx', line: undefined, body: 'Fix.' }])).toBe(true);
  });
});

describe('reviewMessage', () => {
  const review = (body: string, comments: Array<{ path: string; line: number | undefined; body: string }> = []) => ({
    reviewer: 'lead',
    state: 'CHANGES_REQUESTED',
    body,
    comments,
    moreComments: false,
  });

  it('is at most diff-max-chars, and no text of the review can close its fence', () => {
    const text = fc.string({ unit: fc.constantFrom('`', '~', 'a', '\n', ' ', '<', '!', '-', '>', '\u200b'), maxLength: 3_000 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: 1_000, max: 4_000 }), (body, comment, maxChars) => {
        const { text: message, cutChars } = reviewMessage(review(body, [{ path: 'docs/a.mdx', line: 2, body: comment }]), 'acme/docs#5', maxChars);
        expect(message.length).toBeLessThanOrEqual(maxChars);
        const fence = /^(`{3,})review$/m.exec(message)![1]!;
        const inside = message.slice(message.indexOf(`${fence}review\n`) + fence.length + 7, message.lastIndexOf(`\n${fence}`));
        expect(inside).not.toContain(fence);
        expect(cutChars >= 0).toBe(true);
        if (cutChars > 0) expect(message).toContain('The review was cut to fit the message');
      }),
      { numRuns: 300 },
    );
  });

  it('names the documentation PR, the reviewer, each inline comment’s file and line', () => {
    const { text } = reviewMessage(
      review('Please fix.', [
        { path: 'docs/a.mdx', line: 3, body: 'Here.' },
        { path: 'docs/b.mdx', line: undefined, body: 'The whole file.' },
      ]),
      'acme/docs#5',
      60_000,
    );
    expect(text).toContain('the documentation pull request you opened, acme/docs#5, and requested changes');
    expect(text).toContain(
      'Review by lead (changes requested):\n\nPlease fix.\n\nInline comments (2):\n\ndocs/a.mdx, line 3:\nHere.\n\ndocs/b.mdx:\nThe whole file.',
    );
  });
});

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

describe('the reply on the documentation PR, as GitHub renders it', () => {
  const hostileJob = 'job_`**x**`@octocat #12 <b>[y](https://evil.example)';
  it.each([
    { kind: 'revising' as const, reviewer: 'lead', jobId: hostileJob, sent: 1, max: 5, detached: false },
    { kind: 'revising' as const, reviewer: 'lead', jobId: hostileJob, sent: 1, max: 5, detached: true },
    { kind: 'ended' as const, reviewer: 'lead', jobId: hostileJob, sent: 2, max: 5, outcome: 'failed' as const },
    { kind: 'limit' as const, reviewer: 'lead', max: 5 },
  ])('$kind: the marker first, the reviewer and the job as code, no mention, no link', (stage) => {
    const body = renderRevisionComment(stage, '2026-11-28T10:00:00.000Z');
    expect(body.split('\n')[0]).toBe(REVISION_MARKER);
    expectRendersAsGitHubShould(body, { literals: stage.kind === 'limit' ? ['lead'] : ['lead', stage.jobId] }, 'the reply');
  });
});
