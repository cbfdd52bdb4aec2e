import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VisitorsQuery } from '../../src/api/client.js';
import type { VisitorCounts, VisitorRow, VisitorsPage } from '../../src/api/schemas.js';
import { pageVisitors, visitorsNotAdvancingWarning, type PagingResult } from '../../src/analytics/paging.js';
import { DeadlineError } from '../../src/runtime.js';
import { FixedBudget, type ReadLimits, type RequestBudget } from '../../src/api/budget.js';
import { ApiError } from '../../src/api/errors.js';

/** An API over `rows` paths whose answers arrive out of order: later offsets answer sooner. */
/** Reads every page of `api`: the paths handed on, in the order they were, and what the read says of itself. */
async function readPaths(
  api: Parameters<typeof pageVisitors>[0],
  options: Parameters<typeof pageVisitors>[1],
): Promise<{ handed: string[]; result: PagingResult }> {
  const handed: string[] = [];
  const result = await pageVisitors(api, options, (rows) => {
    handed.push(...rows.map((row) => row.path));
    return Promise.resolve();
  });
  return { handed, result };
}

function fakeApi(rows: number) {
  const asked: VisitorsQuery[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const api = {
    asked,
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
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
    expect(api.inFlight).toBe(0);
  });

  it('does not report a failed page while a later page is still in flight', async () => {
    const api = manualApi();
    let settled = false;
    const reading = pageVisitors(api, { pageSize: 10, offset: 0, maxRows: 0, concurrency: 3 }, () => Promise.resolve()).finally(() => {
      settled = true;
    });
    reading.catch(() => undefined);
    await idle();
    expect([...api.pending.keys()]).toEqual([0, 10, 20]);
    api.answer(0, pageOf(0, 10, true));
    api.fail(10, new Error('boom'));
    await idle();
    // The failed page is next in order, but the pages after it are still asked for.
    expect([...api.pending.keys()]).toEqual([20, 30]);
    expect(settled).toBe(false);
    api.answer(20, pageOf(20, 10, true));
    await idle();
    expect(settled).toBe(false);
    api.answer(30, pageOf(30, 10, true));
    await expect(reading).rejects.toThrow('boom');
    expect(api.pending.size).toBe(0);
  });

  it('a failed page past a page that ended the read does not fail it', async () => {
    const api = manualApi();
    const reading = pageVisitors(api, { pageSize: 10, offset: 0, maxRows: 0, concurrency: 3 }, () => Promise.resolve());
    await idle();
    api.fail(20, new Error('boom'));
    api.answer(10, pageOf(10, 4, false));
    api.answer(0, pageOf(0, 10, true));
    await expect(reading).resolves.toMatchObject({ rows: 14 });
  });
});

describe('a server that never advances', () => {
  /** A server whose every page says more remain, holding the paths `pathsOf` gives for the query; it keeps what it was asked. */
  function endlessApi(pathsOf: (query: VisitorsQuery) => string[]) {
    const asked: VisitorsQuery[] = [];
    return {
      asked,
      getVisitors(query: VisitorsQuery): Promise<VisitorsPage> {
        asked.push(query);
        if (asked.length > 1_000) return Promise.reject(new Error('runaway paging'));
        const visitors = pathsOf(query).map((path) => ({ path, human: 1, ai: 0, total: 1 }));
        return Promise.resolve({ totals: { human: 1, ai: 0, total: 1 }, visitors, hasMore: true });
      },
    };
  }

  /** Whatever the offset, the same rows and `hasMore: true`. */
  const stuckApi = (rows: number) => endlessApi((query) => Array.from({ length: Math.min(rows, query.limit) }, (_, n) => `/p${n}`));

  it.each([1, 2, 4, 16])(
    'ends the read at the page that brings no new row, at concurrency %i, within the pages needed plus one per concurrent page',
    async (concurrency) => {
      const api = stuckApi(100);
      const { handed, result } = await readPaths(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency });
      expect(result).toMatchObject({ rows: 100, duplicates: 0, stalledAt: 100 });
      expect(handed).toEqual(Array.from({ length: 100 }, (_, n) => `/p${n}`));
      // Two pages needed: the first, and the one that shows the server stopped.
      expect(api.asked.length).toBeLessThanOrEqual(2 + concurrency - 1);
    },
  );

  it('ends the read at an empty page that says more remain', async () => {
    const api = stuckApi(0);
    const result = await pageVisitors(api, { pageSize: 50, offset: 0, maxRows: 0, concurrency: 1 }, () => Promise.resolve());
    expect(result).toMatchObject({ rows: 0, stalledAt: 0 });
    expect(api.asked).toHaveLength(1);
  });

  it('the last page of max-rows asks for fewer rows: that is no short page, and no stall, whatever it repeats', async () => {
    const api = stuckApi(100);
    const result = await pageVisitors(api, { pageSize: 100, offset: 0, maxRows: 150, concurrency: 1 }, () => Promise.resolve());
    expect(result.stalledAt).toBeUndefined();
    expect(result).toMatchObject({ rows: 100, duplicates: 50 });
    expect(api.asked.map((query) => query.limit)).toEqual([100, 50]);
  });

  /** Rows that shift by all but one between requests: the page at offset k × limit holds rows k to k + limit − 1, and says more remain. */
  const shiftingApi = () => endlessApi((query) => Array.from({ length: query.limit }, (_, n) => `/p${Math.floor(query.offset / query.limit) + n}`));

  it.each([1, 3])(
    'a page that brings one new row of the 100 it asked for ends the read there, with that row, at concurrency %i, within (rows kept ÷ limit) + concurrency + 1 requests',
    async (concurrency) => {
      const api = shiftingApi();
      const { handed, result } = await readPaths(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency });
      expect(result).toMatchObject({ rows: 101, duplicates: 0, stalledAt: 100, stalledNew: 1 });
      expect(handed).toEqual(Array.from({ length: 101 }, (_, n) => `/p${n}`));
      expect(api.asked.length).toBeLessThanOrEqual(101 / 100 + concurrency + 1);
    },
  );

  it('a short page that says more remain ends the read with the rows it brought', async () => {
    const api = manualApi();
    const reading = pageVisitors(api, { pageSize: 10, offset: 0, maxRows: 0, concurrency: 1 }, () => Promise.resolve());
    await idle();
    api.answer(0, pageOf(0, 10, true));
    await idle();
    api.answer(10, pageOf(10, 3, true));
    await expect(reading).resolves.toMatchObject({ rows: 13, stalledAt: 10, stalledNew: 3 });
    expect(api.pending.size).toBe(0);
  });

  it('a short page known on arrival asks for no page past it, whichever order the answers come in', async () => {
    const api = manualApi();
    const reading = pageVisitors(api, { pageSize: 10, offset: 0, maxRows: 0, concurrency: 2 }, () => Promise.resolve());
    await idle();
    expect([...api.pending.keys()]).toEqual([0, 10]);
    api.answer(10, pageOf(10, 4, true));
    await idle();
    expect([...api.pending.keys()]).toEqual([0]);
    api.answer(0, pageOf(0, 10, true));
    await expect(reading).resolves.toMatchObject({ rows: 14, stalledAt: 10 });
  });

  it('the warning names the endpoint, where it stopped and what was kept', () => {
    const result = { totals: { human: 0, ai: 0, total: 0 }, rows: 250, duplicates: 0, pages: 2, stalledAt: 250, stalledNew: 0, stalledAsked: 250 };
    expect(visitorsNotAdvancingWarning(result, 'the previous period')).toBe(
      'The API stopped advancing on GET /v1/analytics/{projectId}/visitors (the previous period): the page at offset 250 said more remain but brought no row not already seen. Paging stopped there; going on with the 250 rows read.',
    );
    expect(visitorsNotAdvancingWarning({ ...result, rows: 251, stalledNew: 1 })).toBe(
      'The API stopped advancing on GET /v1/analytics/{projectId}/visitors: the page at offset 250 said more remain but brought 1 row not already seen of the 250 it asked for. Paging stopped there; going on with the 251 rows read.',
    );
  });
});

/** What a generated server answers for one page: rows by number, or a failure. */
type Answer = { rows: number[]; hasMore: boolean; totals: VisitorCounts } | { error: true };

const answerArbitrary: fc.Arbitrary<Answer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      rows: fc.array(fc.nat(12), { maxLength: 6 }),
      hasMore: fc.boolean(),
      totals: fc.record({ human: fc.nat(9), ai: fc.nat(9), total: fc.nat(9) }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ error: true as const }) },
);

/**
 * The read as the contract orders it, one page at a time in offset order: a failure, a page that
 * says no more remain, a page that brings fewer new rows than it asked for while more remain (its
 * new rows kept), or the end of max-rows ends it. Gives the pages it needed and the rows it keeps.
 */
function expectedRead(answers: readonly Answer[], pageSize: number, maxRows: number) {
  const seen = new Set<string>();
  const delivered: string[] = [];
  const end = maxRows > 0 ? maxRows : Number.POSITIVE_INFINITY;
  for (let index = 0, offset = 0; offset < end; index++, offset += pageSize) {
    const answer = answers[Math.min(index, answers.length - 1)]!;
    const needed = index + 1;
    if ('error' in answer) return { needed, delivered, fails: true, stalled: false };
    const limit = Math.min(pageSize, end - offset);
    const rows = answer.rows.slice(0, limit).map((n) => `/r${n}`);
    const fresh = rows.filter((path) => !seen.has(path) && seen.add(path));
    delivered.push(...fresh);
    const moreToRead = answer.hasMore && offset + limit < end;
    if (moreToRead && fresh.length < limit) return { needed, delivered, fails: false, stalled: true };
    if (!moreToRead) return { needed, delivered, fails: false, stalled: false };
  }
  return { needed: 0, delivered, fails: false, stalled: false };
}

/** An API over `rows` paths that takes each request from its read's budget, as the client does, and refuses one it has none for. */
function budgetedApi(rows: number) {
  const api = fakeApi(rows);
  return {
    asked: api.asked,
    getVisitors(query: VisitorsQuery, limits?: ReadLimits): Promise<VisitorsPage> {
      if (limits?.budget && !limits.budget.take()) {
        return Promise.reject(
          new ApiError(`GET visitors was not sent: ${limits.budget.describe}.`, {
            kind: 'budget',
            endpoint: 'GET visitors',
            mayHaveTakenEffect: false,
            attempts: 0,
          }),
        );
      }
      return api.getVisitors(query);
    },
  };
}

describe('pageVisitors: a fixed cap on its requests', () => {
  it('asks for no page once the cap is spent, and ends there with what it read: capped, no failure', async () => {
    for (const concurrency of [1, 4]) {
      const api = budgetedApi(1_000);
      const result = await pageVisitors(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency, cap: new FixedBudget(3, 'three') }, () => Promise.resolve());
      expect(api.asked.map((q) => q.offset)).toEqual([0, 100, 200]);
      expect(result).toMatchObject({ rows: 300, pages: 3, capped: true });
    }
  });

  it('a cap spent by the last page there was is not "capped": the rows ran out first', async () => {
    const api = budgetedApi(300);
    const result = await pageVisitors(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency: 1, cap: new FixedBudget(3, 'three') }, () => Promise.resolve());
    expect(result.rows).toBe(300);
    expect(result.capped).toBeUndefined();
  });

  it('a page its budget refuses (spent elsewhere meanwhile) ends the read there, capped, not failed', async () => {
    const api = budgetedApi(1_000);
    let left = 2;
    // Says one is left, as a budget shared with another read may, and then has none.
    const shared: RequestBudget = {
      get left() {
        return 1;
      },
      take: () => left-- > 0,
      describe: 'shared',
    };
    const result = await pageVisitors(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency: 1, cap: shared }, () => Promise.resolve());
    expect(api.asked.map((q) => q.offset)).toEqual([0, 100]);
    expect(result).toMatchObject({ rows: 200, capped: true });
  });

  it('a cap of none asks for nothing', async () => {
    const api = budgetedApi(1_000);
    const result = await pageVisitors(api, { pageSize: 100, offset: 0, maxRows: 0, concurrency: 2, cap: new FixedBudget(0, 'none') }, () => Promise.resolve());
    expect(api.asked).toEqual([]);
    expect(result).toMatchObject({ rows: 0, capped: true });
  });
});

describe('pageVisitors against any server (property)', () => {
  it('never asks for more than the pages needed plus one per concurrent page, ends, and hands every distinct row over once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(answerArbitrary, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 })),
        fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
        async (scheduler, answers, pageSize, concurrency, maxRows, capSize) => {
          const asked: VisitorsQuery[] = [];
          let inFlight = 0;
          let maxInFlight = 0;
          // Past the generated answers the server repeats the last one: it never advances again.
          const api = {
            getVisitors: scheduler.scheduleFunction(async (query: VisitorsQuery, limits?: ReadLimits): Promise<VisitorsPage> => {
              // As the client does: a request its budget refuses is not sent.
              if (limits?.budget && !limits.budget.take())
                throw new ApiError('not sent', { kind: 'budget', endpoint: 'GET visitors', mayHaveTakenEffect: false, attempts: 0 });
              asked.push(query);
              inFlight += 1;
              maxInFlight = Math.max(maxInFlight, inFlight);
              await Promise.resolve();
              inFlight -= 1;
              if (asked.length > 200) throw new Error('runaway paging');
              const answer = answers[Math.min(query.offset / pageSize, answers.length - 1)]!;
              if ('error' in answer) throw new Error('the page failed');
              const visitors: VisitorRow[] = answer.rows.slice(0, query.limit).map((n) => ({ path: `/r${n}`, human: n, ai: 0, total: n }));
              return { totals: answer.totals, visitors, hasMore: answer.hasMore };
            }),
          };
          const handed: string[] = [];
          const cap = capSize === undefined ? undefined : new FixedBudget(capSize, 'the cap');
          const reading = pageVisitors(api, { pageSize, offset: 0, maxRows, concurrency, ...(cap ? { cap } : {}) }, (rows) => {
            handed.push(...rows.map((row) => row.path));
            return Promise.resolve();
          }).then(
            (result): { result: PagingResult } => ({ result }),
            (error: unknown) => ({ error }),
          );
          const outcome = await scheduler.waitFor(reading);
          const expected = expectedRead(answers, pageSize, maxRows);

          expect(asked.length).toBeLessThanOrEqual(expected.needed + concurrency - 1);
          // The contract's bound, from what the read kept.
          expect(asked.length).toBeLessThanOrEqual(handed.length / pageSize + concurrency + 1);
          expect(maxInFlight).toBeLessThanOrEqual(concurrency);
          if (capSize !== undefined && asked.length < expected.needed) {
            // The cap ended it first: never more than the cap, what was read handed over in order, no failure.
            expect(asked.length).toBeLessThanOrEqual(capSize);
            expect(expected.delivered.slice(0, handed.length)).toEqual(handed);
            expect(outcome).toHaveProperty('result');
            expect((outcome as { result: PagingResult }).result.capped).toBe(true);
            return;
          }
          if (capSize !== undefined) expect(asked.length).toBeLessThanOrEqual(capSize);
          expect(handed).toEqual(expected.delivered);
          if (expected.fails) {
            expect(outcome).toEqual({ error: new Error('the page failed') });
          } else {
            expect(outcome).toHaveProperty('result');
            const { result } = outcome as { result: PagingResult };
            expect(result.rows).toBe(expected.delivered.length);
            expect(result.stalledAt !== undefined).toBe(expected.stalled);
            const sent = answers.flatMap((answer) => ('totals' in answer ? [answer.totals] : []));
            expect(sent).toContainEqual(result.totals);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** An API whose every answer the test gives by hand, by the page's offset. */
function manualApi() {
  const pending = new Map<number, { resolve: (page: VisitorsPage) => void; reject: (error: Error) => void }>();
  return {
    pending,
    getVisitors(query: VisitorsQuery): Promise<VisitorsPage> {
      return new Promise((resolve, reject) => pending.set(query.offset, { resolve, reject }));
    },
    answer(offset: number, page: VisitorsPage): void {
      pending.get(offset)!.resolve(page);
      pending.delete(offset);
    },
    fail(offset: number, error: Error): void {
      pending.get(offset)!.reject(error);
      pending.delete(offset);
    },
  };
}

function pageOf(offset: number, rows: number, hasMore: boolean): VisitorsPage {
  const visitors = Array.from({ length: rows }, (_, i) => ({ path: `/p${offset + i}`, human: 1, ai: 0, total: 1 }));
  return { totals: { human: 1, ai: 0, total: 1 }, visitors, hasMore };
}

/** Lets every promise that can settle do so. */
function idle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('pageVisitors: the deadline, repeated paths and the count of pages', () => {
  /** Pages of `pageSize` rows over `paths`, answered at once. */
  const listApi = (paths: readonly string[][]) => ({
    asked: [] as VisitorsQuery[],
    getVisitors(query: VisitorsQuery): Promise<VisitorsPage> {
      this.asked.push(query);
      const index = this.asked.length - 1;
      const visitors = (paths[index] ?? []).map((path) => ({ path, human: 1, ai: 0, total: 1 }));
      return Promise.resolve({ totals: { human: 5, ai: 0, total: 5 }, visitors, hasMore: index < paths.length - 1 });
    },
  });

  it('asks for no page past the deadline, and says how far it got', async () => {
    const api = fakeApi(1_000);
    let now = 0;
    const clock = { now: () => now };
    const pages: number[] = [];
    const reading = pageVisitors(
      api,
      { pageSize: 100, offset: 0, maxRows: 0, concurrency: 1, deadline: { at: 1_000, clock }, onProgress: (_rows, count) => pages.push(count) },
      () => {
        // The second page handed over brings the step to its deadline.
        if (pages.length === 1) now = 1_000;
        return Promise.resolve();
      },
    );
    const error: unknown = await reading.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as DeadlineError).message).toBe('200 rows read in 2 pages when the timeout ran out; more remain');
    expect(api.asked).toHaveLength(2);
  });

  it('asks for nothing when the deadline has passed before the first page', async () => {
    const api = fakeApi(10);
    const clock = { now: () => 5_000 };
    await expect(
      pageVisitors(api, { pageSize: 5, offset: 0, maxRows: 0, concurrency: 2, deadline: { at: 5_000, clock } }, () => Promise.resolve()),
    ).rejects.toThrow('0 rows read in 0 pages when the timeout ran out; more remain');
    expect(api.asked).toHaveLength(0);
  });

  it('a page that repeats a path of an earlier page while more remain ends the read there, with what it brought new', async () => {
    const api = listApi([
      ['/a', '/b'],
      ['/b', '/c'],
      ['/a', '/d'],
    ]);
    const { handed, result } = await readPaths(api, { pageSize: 2, offset: 0, maxRows: 0, concurrency: 1 });
    expect(handed).toEqual(['/a', '/b', '/c']);
    expect(result).toEqual({ totals: { human: 5, ai: 0, total: 5 }, rows: 3, duplicates: 0, pages: 2, stalledAt: 2, stalledNew: 1, stalledAsked: 2 });
  });

  it('keeps each path once and counts the repeats of the last page', async () => {
    const api = listApi([
      ['/a', '/b'],
      ['/b', '/c'],
    ]);
    const { handed, result } = await readPaths(api, { pageSize: 2, offset: 0, maxRows: 0, concurrency: 1 });
    expect(handed).toEqual(['/a', '/b', '/c']);
    expect(result).toEqual({ totals: { human: 5, ai: 0, total: 5 }, rows: 3, duplicates: 1, pages: 2 });
  });
});
