/** The refresh's choices, in process: orders, tie-breaks and cleaning (its prompt: prompt.test.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { busiestPages, cleanSearchTerm, poorlyRatedPages, unansweredSearches } from '../../src/refresh/choose.js';
import { readBusiestPages, readUnansweredSearches, type SignalReadOptions, type SignalsApi } from '../../src/refresh/signals.js';
import type { SearchesQuery } from '../../src/api/client.js';

const visitor = (path: string, total: number) => ({ path, human: total, ai: 0, total });

describe('busiestPages', () => {
  it('takes the highest totals, ties by path', () => {
    const rows = [visitor('/b', 5), visitor('/c', 9), visitor('/a', 5), visitor('/d', 1)];
    expect(busiestPages(rows, 3)).toEqual([
      { path: '/c', signal: 'visitors', visitors: 9 },
      { path: '/a', signal: 'visitors', visitors: 5 },
      { path: '/b', signal: 'visitors', visitors: 5 },
    ]);
  });
});

describe('poorlyRatedPages', () => {
  it('keeps pages with a thumbs-down: most first, then the higher share, then path', () => {
    const rows = [
      { path: '/none', thumbsUp: 10, thumbsDown: 0 },
      { path: '/z', thumbsUp: 1, thumbsDown: 3 },
      { path: '/y', thumbsUp: 3, thumbsDown: 3 },
      { path: '/x', thumbsUp: 3, thumbsDown: 3 },
      { path: '/most', thumbsUp: 50, thumbsDown: 4 },
    ];
    expect(poorlyRatedPages(rows, 10).map((page) => page.path)).toEqual(['/most', '/z', '/x', '/y']);
    expect(poorlyRatedPages(rows, 1)).toEqual([{ path: '/most', signal: 'feedback', thumbsUp: 50, thumbsDown: 4 }]);
  });
});

describe('unansweredSearches', () => {
  it('keeps the terms nobody clicked a result for, most hits first, ties by term', () => {
    const rows = [
      { searchQuery: 'found', hits: 99, topClickedPage: '/a' },
      { searchQuery: 'beta', hits: 7, topClickedPage: null },
      { searchQuery: 'alpha', hits: 7, topClickedPage: null },
      { searchQuery: 'gamma', hits: 8, topClickedPage: undefined },
    ];
    expect(unansweredSearches(rows, 5)).toEqual([
      { query: 'gamma', hits: 8 },
      { query: 'alpha', hits: 7 },
      { query: 'beta', hits: 7 },
    ]);
  });

  it('counts terms that clean to the same text once, with their hits added, and drops empty ones', () => {
    const rows = [
      { searchQuery: 'sso\u200b setup', hits: 3, topClickedPage: null },
      { searchQuery: 'sso  setup ', hits: 2, topClickedPage: null },
      { searchQuery: '\u0000\u202e', hits: 50, topClickedPage: null },
    ];
    expect(unansweredSearches(rows, 5)).toEqual([{ query: 'sso setup', hits: 5 }]);
  });
});

describe('cleanSearchTerm', () => {
  it('removes control and hidden characters, keeps one line, and cuts to 100 characters', () => {
    expect(cleanSearchTerm('a\u0007b\u001b[31m\r\nc\u2028d\u202ee\u0085f')).toBe('ab[31m c def');
    const long = cleanSearchTerm('😀'.repeat(150));
    expect(Array.from(long)).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('reading the signals from a server that never advances', () => {
  const options: SignalReadOptions = {
    dateFrom: undefined,
    dateTo: undefined,
    pageSize: 100,
    maxRows: 0,
    concurrency: 1,
    count: 10,
    deadline: { at: Number.POSITIVE_INFINITY, clock: { now: () => 0 } },
  };
  /** Mostly answered terms, so the choice never settles on the first page and the read goes on. */
  const terms = Array.from({ length: 100 }, (_, i) => ({ searchQuery: `q${i}`, hits: 1_000 - i, topClickedPage: i % 50 === 0 ? null : '/p' }));

  /** A searches endpoint that answers each request with the next of `pages` (the last one again after). */
  function searchesApi(pages: Array<{ searches: typeof terms; nextCursor: string | null }>) {
    const asked: SearchesQuery[] = [];
    const api: SignalsApi = {
      getVisitors: () => Promise.reject(new Error('not read here')),
      getFeedbackByPage: () => Promise.reject(new Error('not read here')),
      getSearches: (query) => {
        asked.push(query);
        return Promise.resolve(pages[Math.min(asked.length - 1, pages.length - 1)]!);
      },
    };
    return { api, asked };
  }

  it('searches: stops when the same cursor comes back, with one warning naming the endpoint, and counts each term once', async () => {
    const { api, asked } = searchesApi([{ searches: terms, nextCursor: 'c1' }]);
    const read = await readUnansweredSearches(api, options);
    expect(asked.map((query) => query.cursor)).toEqual([undefined, 'c1']);
    expect(read.considered).toBe(100);
    expect(read.chosen).toEqual([
      { query: 'q0', hits: 1_000 },
      { query: 'q50', hits: 950 },
    ]);
    expect(read.notAdvancing).toBe(
      'The API stopped advancing on GET /v1/analytics/{projectId}/searches: it answered with a cursor already followed. Paging stopped there; going on with the 100 rows read.',
    );
  });

  it('searches: stops at a cursor followed earlier (a cycle) and at a new cursor whose page brings no new term', async () => {
    const cycle = searchesApi([
      { searches: terms.slice(0, 50), nextCursor: 'a' },
      { searches: terms.slice(50), nextCursor: 'b' },
      { searches: [], nextCursor: 'a' },
    ]);
    const cycled = await readUnansweredSearches(cycle.api, options);
    expect(cycle.asked.map((query) => query.cursor)).toEqual([undefined, 'a', 'b']);
    expect(cycled.notAdvancing).toMatch(/cursor already followed/);
    expect(cycled.considered).toBe(100);

    const repeating = searchesApi([
      { searches: terms, nextCursor: 'a' },
      { searches: terms, nextCursor: 'b' },
      { searches: terms, nextCursor: 'c' },
    ]);
    const repeated = await readUnansweredSearches(repeating.api, options);
    expect(repeating.asked).toHaveLength(2);
    expect(repeated.notAdvancing).toMatch(/brought no term not already seen/);
    expect(repeated.chosen[0]).toEqual({ query: 'q0', hits: 1_000 });
  });

  it('searches: a server that advances is read up to the five-request cap, with no warning', async () => {
    const pages = Array.from({ length: 6 }, (_, n) => ({
      searches: terms.map((term) => ({ ...term, searchQuery: `${term.searchQuery}-${n}`, hits: term.hits + (5 - n) * 1_000 })),
      nextCursor: `c${n + 1}`,
    }));
    const { api, asked } = searchesApi(pages);
    const read = await readUnansweredSearches(api, options);
    expect(asked).toHaveLength(5);
    expect(read.notAdvancing).toBeUndefined();
    expect(read.considered).toBe(500);
  });

  it('visitors: the busiest pages of what was read, and the warning', async () => {
    const asked: number[] = [];
    const api: SignalsApi = {
      getVisitors: (query) => {
        asked.push(query.offset);
        if (asked.length > 1_000) return Promise.reject(new Error('runaway paging'));
        return Promise.resolve({ totals: { human: 3, ai: 0, total: 3 }, visitors: [{ path: '/only', human: 3, ai: 0, total: 3 }], hasMore: true });
      },
      getFeedbackByPage: () => Promise.reject(new Error('not read here')),
      getSearches: () => Promise.reject(new Error('not read here')),
    };
    const read = await readBusiestPages(api, options);
    // One row of the 100 asked for while more remain: the first page is short, and ends the read with its row.
    expect(asked).toEqual([0]);
    expect(read.chosen).toEqual([{ path: '/only', signal: 'visitors', visitors: 3 }]);
    expect(read.notAdvancing).toMatch(
      /^The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors: the page at offset 0 said more remain but brought 1 row not already seen of the 100 it asked for\./,
    );
  });
});

describe('the choices, whatever the rows (the documented orders, property)', () => {
  const path = fc.constantFrom('/a', '/b', '/c', '/B', '/a/b', '/a-b');
  /** Is `a` before `b` in JavaScript's string order (UTF-16 code units)? */
  const before = (a: string, b: string) => a < b;

  it('busiestPages: the highest totals, then the path, and none left out that belongs', () => {
    const rows = fc.uniqueArray(fc.record({ path, total: fc.integer({ min: 0, max: 3 }) }), { selector: (row) => row.path, maxLength: 6 });
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 6 }), (rows, count) => {
        const chosen = busiestPages(
          rows.map((row) => visitor(row.path, row.total)),
          count,
        );
        const first = (a: { path: string; total: number }, b: { path: string; total: number }) =>
          a.total > b.total || (a.total === b.total && before(a.path, b.path));
        const expected = [...rows].sort((a, b) => (first(a, b) ? -1 : first(b, a) ? 1 : 0)).slice(0, count);
        expect(chosen.map((page) => page.path)).toEqual(expected.map((row) => row.path));
      }),
      { numRuns: 200 },
    );
  });

  it('poorlyRatedPages: at least one thumbs-down; most first, then the higher share, then the path', () => {
    const rows = fc.uniqueArray(fc.record({ path, thumbsUp: fc.integer({ min: 0, max: 3 }), thumbsDown: fc.integer({ min: 0, max: 2 }) }), {
      selector: (row) => row.path,
      maxLength: 6,
    });
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 6 }), (rows, count) => {
        const chosen = poorlyRatedPages(rows, count);
        // Shares compared without division: d1 / (d1 + u1) > d2 / (d2 + u2).
        type Rated = { path: string; thumbsUp: number; thumbsDown: number };
        const higherShare = (a: Rated, b: Rated) => a.thumbsDown * (b.thumbsDown + b.thumbsUp) > b.thumbsDown * (a.thumbsDown + a.thumbsUp);
        const first = (a: Rated, b: Rated) =>
          a.thumbsDown > b.thumbsDown || (a.thumbsDown === b.thumbsDown && (higherShare(a, b) || (!higherShare(b, a) && before(a.path, b.path))));
        const expected = rows
          .filter((row) => row.thumbsDown > 0)
          .sort((a, b) => (first(a, b) ? -1 : first(b, a) ? 1 : 0))
          .slice(0, count);
        expect(chosen).toEqual(expected.map((row) => ({ path: row.path, signal: 'feedback', thumbsUp: row.thumbsUp, thumbsDown: row.thumbsDown })));
      }),
      { numRuns: 200 },
    );
  });

  it('unansweredSearches: most hits first, then the term; no more than asked for', () => {
    const rows = fc.array(
      fc.record({
        searchQuery: fc.constantFrom('sso', 'SSO', 'api key', 'api  key', 'b', 'a'),
        hits: fc.integer({ min: 1, max: 3 }),
        topClickedPage: fc.constantFrom(null, '/found'),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 6 }), (rows, count) => {
        const hits = new Map<string, number>();
        for (const row of rows)
          if (!row.topClickedPage) hits.set(cleanSearchTerm(row.searchQuery), (hits.get(cleanSearchTerm(row.searchQuery)) ?? 0) + row.hits);
        const first = (a: [string, number], b: [string, number]) => a[1] > b[1] || (a[1] === b[1] && before(a[0], b[0]));
        const expected = [...hits].sort((a, b) => (first(a, b) ? -1 : first(b, a) ? 1 : 0)).slice(0, count);
        expect(unansweredSearches(rows, count)).toEqual(expected.map(([query, hits]) => ({ query, hits })));
      }),
      { numRuns: 200 },
    );
  });

  it('poorlyRatedPages: a single thumbs-down is enough', () => {
    expect(poorlyRatedPages([{ path: '/once', thumbsUp: 9, thumbsDown: 1 }], 5)).toEqual([{ path: '/once', signal: 'feedback', thumbsUp: 9, thumbsDown: 1 }]);
  });
});

describe('page paths from the analytics', () => {
  it('are cleaned, cut to 300 characters, and dropped when nothing is left, by both page signals', () => {
    const long = `/${'p'.repeat(400)}`;
    const hidden = '\u200b\u0000';
    expect(busiestPages([visitor(`/guide\u200b\nsetup`, 3), visitor(hidden, 9), visitor(long, 1)], 5)).toEqual([
      { path: '/guide setup', signal: 'visitors', visitors: 3 },
      { path: `${long.slice(0, 299)}…`, signal: 'visitors', visitors: 1 },
    ]);
    expect(
      poorlyRatedPages(
        [
          { path: hidden, thumbsUp: 0, thumbsDown: 9 },
          { path: '/a\u202e', thumbsUp: 1, thumbsDown: 1 },
        ],
        5,
      ),
    ).toEqual([{ path: '/a', signal: 'feedback', thumbsUp: 1, thumbsDown: 1 }]);
  });

  it('are chosen by their cleaned form: ties fall by the path as shown', () => {
    expect(busiestPages([visitor('/b', 2), visitor('\u200b/a', 2)], 1).map((page) => page.path)).toEqual(['/a']);
  });
});
