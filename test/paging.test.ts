import { describe, expect, it } from 'vitest';
import type { VisitorsQuery } from '../src/api/client.js';
import type { VisitorsPage } from '../src/api/schemas.js';
import { pageVisitors } from '../src/analytics/paging.js';
import { describeRange, previousRange } from '../src/analytics/range.js';
import { parseDate } from '../src/parse.js';

/** An API over `rows` paths whose answers arrive out of order: later offsets answer sooner. */
function fakeApi(rows: number) {
  const asked: VisitorsQuery[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const api = {
    asked,
    get maxInFlight() {
      return maxInFlight;
    },
    async getVisitors(query: VisitorsQuery): Promise<VisitorsPage> {
      asked.push(query);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, 20 - query.offset / 50)));
      inFlight -= 1;
      const visitors = Array.from({ length: Math.max(0, Math.min(query.limit, rows - query.offset)) }, (_, i) => {
        const n = query.offset + i;
        return { path: `/p${n}`, human: n, ai: 1, total: n + 1 };
      });
      return { totals: { human: 7, ai: 3, total: 9 }, visitors, hasMore: query.offset + visitors.length < rows };
    },
  };
  return api;
}

describe('pageVisitors', () => {
  it('hands rows over in offset order even when pages answer out of order', async () => {
    const api = fakeApi(1_000);
    const seen: string[] = [];
    const result = await pageVisitors(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency: 4 }, (rows) => {
      seen.push(...rows.map((row) => row.path));
      return Promise.resolve();
    });
    expect(seen).toEqual(Array.from({ length: 1_000 }, (_, n) => `/p${n}`));
    expect(result).toMatchObject({ rows: 1_000, duplicates: 0, totals: { human: 7, ai: 3, total: 9 } });
    expect(api.maxInFlight).toBe(4);
    expect(api.asked.length).toBeLessThanOrEqual(10 + 3);
  });

  it('asks for exactly ceil(rows / page-size) pages at concurrency 1', async () => {
    for (const rows of [0, 1, 250, 251, 1_234]) {
      const api = fakeApi(rows);
      await pageVisitors(api, { pageSize: 250, offset: 0, maxRows: 0, concurrency: 1 }, () => Promise.resolve());
      expect(api.asked.length).toBe(Math.max(1, Math.ceil(rows / 250)));
    }
  });

  it('asks only for what max-rows needs', async () => {
    const api = fakeApi(1_000);
    const result = await pageVisitors(api, { pageSize: 100, offset: 50, maxRows: 120, concurrency: 3 }, () => Promise.resolve());
    expect(result.rows).toBe(120);
    expect(api.asked.map((q) => [q.offset, q.limit])).toEqual([
      [50, 100],
      [150, 20],
    ]);
  });

  it('reports a failed page after letting the others settle', async () => {
    const api = fakeApi(1_000);
    const failing = {
      getVisitors: (query: VisitorsQuery) => (query.offset === 200 ? Promise.reject(new Error('boom')) : api.getVisitors(query)),
    };
    await expect(pageVisitors(failing, { pageSize: 100, offset: 0, maxRows: 0, concurrency: 4 }, () => Promise.resolve())).rejects.toThrow('boom');
  });
});

describe('ranges', () => {
  const now = Date.UTC(2026, 10, 22, 9);
  it('the previous period has the same length and ends where the range starts', () => {
    const range = { dateFrom: parseDate('-7d', now), dateTo: parseDate('today', now) };
    const previous = previousRange(range);
    expect([previous.dateFrom!.text, previous.dateTo!.text]).toEqual(['2026-11-08', '2026-11-15']);
    expect(describeRange(range)).toBe('7 days: 2026-11-15 to 2026-11-21');
    expect(describeRange({ dateFrom: undefined, dateTo: undefined })).toBe("The API's default range");
  });
});
