/**
 * Reading the reader signals (src/refresh/signals.ts), in process against a small fake API: how
 * many requests the searches read sends and when it stops, and that no read sends a request once
 * its deadline has come.
 */
import { describe, expect, it } from 'vitest';
import type { ReadLimits } from '../../src/api/budget.js';
import type { FeedbackByPageQuery, SearchesQuery } from '../../src/api/client.js';
import type { FeedbackByPage, SearchesPage } from '../../src/api/schemas.js';
import { readPoorlyRatedPages, readUnansweredSearches, type SignalReadOptions, type SignalsApi } from '../../src/refresh/signals.js';
import { DeadlineError } from '../../src/runtime.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function options(overrides: Partial<SignalReadOptions> = {}): SignalReadOptions {
  return {
    dateFrom: undefined,
    dateTo: undefined,
    pageSize: 100,
    maxRows: 0,
    concurrency: 1,
    count: 2,
    deadline: { at: Number.POSITIVE_INFINITY, clock: { now: () => NOW } },
    ...overrides,
  };
}

type Row = SearchesPage['searches'][number];
const unanswered = (searchQuery: string, hits: number): Row => ({ searchQuery, hits, topClickedPage: null });
const answered = (searchQuery: string, hits: number): Row => ({ searchQuery, hits, topClickedPage: '/found' });

/**
 * An API whose searches endpoint answers the nth request with `page(n)` and whose feedback
 * endpoint answers `feedback`; each request is recorded with its limits. It refuses to be asked
 * more than 50 times, so a read that would never end fails instead.
 */
function fakeApi(page: (n: number, limits: ReadLimits | undefined) => SearchesPage, feedback: FeedbackByPage = { feedback: [] }) {
  const searches: Array<{ query: SearchesQuery; limits: ReadLimits | undefined }> = [];
  const feedbacks: Array<{ query: FeedbackByPageQuery; limits: ReadLimits | undefined }> = [];
  const api: SignalsApi = {
    getVisitors: () => Promise.reject(new Error('not read here')),
    getFeedbackByPage: (query, limits) => {
      feedbacks.push({ query, limits });
      return Promise.resolve(feedback);
    },
    getSearches: (query, limits) => {
      searches.push({ query, limits });
      if (searches.length > 50) return Promise.reject(new Error('runaway paging'));
      try {
        return Promise.resolve(page(searches.length - 1, limits));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  return { api, searches, feedbacks };
}

/** Takes `requests` from the read's budget as the client does (the first request, then one per retry); throws as it does when the budget is spent. */
function spend(limits: ReadLimits | undefined, requests: number): void {
  for (let i = 0; i < requests; i++) {
    if (!limits?.budget?.take()) throw new Error(`GET /v1/analytics/{projectId}/searches was not sent: ${limits?.budget?.describe}.`);
  }
}

describe('readUnansweredSearches: how many requests', () => {
  /** Five terms a page, all unanswered and all with the same hits: the choice is never settled, and a new cursor always follows. */
  const advancing = (n: number): SearchesPage => ({
    searches: Array.from({ length: 5 }, (_, i) => unanswered(`term ${n}-${i}`, 10)),
    nextCursor: `c${n + 1}`,
  });

  it('a server that always advances is asked exactly five times, even when its answers cost nothing of the budget', async () => {
    const { api, searches } = fakeApi((n) => advancing(n));
    const read = await readUnansweredSearches(api, options());
    expect(searches.map((request) => request.query.cursor)).toEqual([undefined, 'c1', 'c2', 'c3', 'c4']);
    expect(read.considered).toBe(25);
    expect(read.notAdvancing).toBeUndefined();
  });

  it('each request is taken from one budget of five requests for the whole read', async () => {
    const { api, searches } = fakeApi((n, limits) => {
      spend(limits, 1);
      return advancing(n);
    });
    await readUnansweredSearches(api, options());
    expect(searches).toHaveLength(5);
    const budget = searches[0]!.limits!.budget!;
    expect(searches.every((request) => request.limits!.budget === budget)).toBe(true);
    expect(budget.describe).toBe('the read has spent its 5 requests');
    expect(budget.left).toBe(0);
  });

  it('retries count against the five: two pages that each needed one leave one request, so the third page is the last, and the read ends with what it has', async () => {
    // The first two pages each cost a retry (two requests); the third is answered at once.
    const { api, searches } = fakeApi((n, limits) => {
      spend(limits, n < 2 ? 2 : 1);
      return advancing(n);
    });
    const read = await readUnansweredSearches(api, options());
    expect(searches.map((request) => request.query.cursor)).toEqual([undefined, 'c1', 'c2']);
    expect(read.considered).toBe(15);
    expect(read.chosen).toEqual([
      { query: 'term 0-0', hits: 10 },
      { query: 'term 0-1', hits: 10 },
    ]);
    expect(read.notAdvancing).toBeUndefined();
  });
});

describe('readUnansweredSearches: when the choice is settled', () => {
  it('stops after the first page when its last term has fewer hits than the last term chosen: later pages could not displace it', async () => {
    const { api, searches } = fakeApi(() => ({
      searches: [unanswered('rotate key', 9), unanswered('zulu', 5), answered('quickstart', 4)],
      nextCursor: 'c1',
    }));
    const read = await readUnansweredSearches(api, options());
    expect(searches).toHaveLength(1);
    expect(read.chosen).toEqual([
      { query: 'rotate key', hits: 9 },
      { query: 'zulu', hits: 5 },
    ]);
  });

  it('reads on when the last term read ties with the last term chosen: the next page may hold a tied term that sorts before it', async () => {
    const { api, searches } = fakeApi((n) =>
      n === 0 ? { searches: [unanswered('rotate key', 9), unanswered('zulu', 5)], nextCursor: 'c1' } : { searches: [unanswered('alpha', 5)], nextCursor: null },
    );
    const read = await readUnansweredSearches(api, options());
    expect(searches.map((request) => request.query.cursor)).toEqual([undefined, 'c1']);
    expect(read.chosen).toEqual([
      { query: 'rotate key', hits: 9 },
      { query: 'alpha', hits: 5 },
    ]);
  });

  it('reads on while fewer terms than asked for are chosen, whatever their hits', async () => {
    const { api, searches } = fakeApi((n) =>
      n === 0
        ? { searches: [unanswered('rotate key', 9), answered('quickstart', 1)], nextCursor: 'c1' }
        : { searches: [unanswered('saml', 1)], nextCursor: null },
    );
    const read = await readUnansweredSearches(api, options());
    expect(searches).toHaveLength(2);
    expect(read.chosen).toEqual([
      { query: 'rotate key', hits: 9 },
      { query: 'saml', hits: 1 },
    ]);
  });

  it('a new cursor whose page brings no new term ends the read with the one warning naming the endpoint', async () => {
    const { api, searches } = fakeApi((n) => ({ searches: [unanswered('rotate key', 9)], nextCursor: `c${n + 1}` }));
    const read = await readUnansweredSearches(api, options());
    expect(searches).toHaveLength(2);
    expect(read.notAdvancing).toBe(
      'The API stopped advancing on GET /v1/analytics/{projectId}/searches: a page that named a next cursor brought no term not already seen. Paging stopped there; going on with the 1 row read.',
    );
  });
});

describe('no request once the deadline has come', () => {
  const feedback: FeedbackByPage = { feedback: [{ path: '/api/limits', thumbsUp: 1, thumbsDown: 5 }] };
  const page: SearchesPage = { searches: [unanswered('rotate key', 9)], nextCursor: null };
  const at = (deadline: number) => options({ deadline: { at: deadline, clock: { now: () => NOW } } });

  it('feedback: refused with a DeadlineError when the clock reads the deadline itself, and nothing is sent', async () => {
    const { api, feedbacks } = fakeApi(() => page, feedback);
    const read = readPoorlyRatedPages(api, at(NOW));
    await expect(read).rejects.toThrow(new DeadlineError('the timeout ran out before the request'));
    await expect(read).rejects.toBeInstanceOf(DeadlineError);
    expect(feedbacks).toEqual([]);
  });

  it('feedback: a millisecond before the deadline its one request is sent, with a budget of one request and no retry pause past the deadline', async () => {
    const { api, feedbacks } = fakeApi(() => page, feedback);
    const read = await readPoorlyRatedPages(api, at(NOW + 1));
    expect(read).toEqual({ considered: 1, chosen: [{ path: '/api/limits', signal: 'feedback', thumbsUp: 1, thumbsDown: 5 }] });
    expect(feedbacks.map((request) => request.query)).toEqual([{ dateFrom: undefined, dateTo: undefined, limit: 100 }]);
    expect(feedbacks[0]!.limits!.until).toBe(NOW + 1);
    expect(feedbacks[0]!.limits!.budget!.describe).toBe('the read has spent its 1 request');
  });

  it('searches: refused with a DeadlineError when the clock reads the deadline itself, and nothing is sent', async () => {
    const { api, searches } = fakeApi(() => page);
    const read = readUnansweredSearches(api, at(NOW));
    await expect(read).rejects.toThrow(new DeadlineError('the timeout ran out before the request'));
    await expect(read).rejects.toBeInstanceOf(DeadlineError);
    expect(searches).toEqual([]);
  });

  it('searches: a millisecond before the deadline the request is sent, with no retry pause past the deadline', async () => {
    const { api, searches } = fakeApi(() => page);
    const read = await readUnansweredSearches(api, at(NOW + 1));
    expect(read).toEqual({ considered: 1, chosen: [{ query: 'rotate key', hits: 9 }] });
    expect(searches).toHaveLength(1);
    expect(searches[0]!.limits!.until).toBe(NOW + 1);
  });

  it('searches: the deadline is checked before every request, not only the first', async () => {
    let now = NOW;
    const { api, searches } = fakeApi((n) => {
      // Each page takes a second; the deadline comes as the second answer arrives.
      now += 1_000;
      return { searches: [unanswered(`term ${n}`, 9 - n)], nextCursor: `c${n + 1}` };
    });
    const read = readUnansweredSearches(api, options({ count: 5, deadline: { at: NOW + 2_000, clock: { now: () => now } } }));
    await expect(read).rejects.toThrow(new DeadlineError('the timeout ran out before the request'));
    expect(searches).toHaveLength(2);
  });
});
