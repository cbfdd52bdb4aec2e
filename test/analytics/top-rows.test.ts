/**
 * The rows the visitors summary shows and the refresh's visitors signal starts from: the highest
 * `total` first, ties by path ascending (the contract: "busiest first", "ties: path, ascending"),
 * the same whatever pages the rows arrived in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopRows } from '../../src/analytics/top-rows.js';

interface Row {
  readonly path: string;
  readonly total: number;
}

/** The documented order, written out: is `a` to be shown before `b`? */
function shownBefore(a: Row, b: Row): boolean {
  return a.total > b.total || (a.total === b.total && a.path < b.path);
}

/** The rows shown out of the documented order, as "later before earlier" pairs. */
function outOfOrder(rows: readonly Row[]): string[] {
  return rows.slice(1).flatMap((row, i) => (shownBefore(row, rows[i]!) ? [`${row.path} (${row.total}) after ${rows[i]!.path} (${rows[i]!.total})`] : []));
}

/** The rows left out that the documented order puts before the last row shown. */
function wronglyLeftOut(all: readonly Row[], shown: readonly Row[]): Row[] {
  const kept = new Set(shown);
  const last = shown[shown.length - 1];
  return last ? all.filter((row) => !kept.has(row) && shownBefore(row, last)) : [];
}

describe('TopRows', () => {
  it('shows the busiest first, and among equal totals the paths in ascending order', () => {
    const top = new TopRows<Row>(10);
    top.add([
      { path: '/guides/b', total: 40 },
      { path: '/z', total: 90 },
      { path: '/guides/a', total: 40 },
    ]);
    top.add([
      { path: '/a', total: 7 },
      { path: '/guides/c', total: 40 },
    ]);
    expect(top.values()).toEqual([
      { path: '/z', total: 90 },
      { path: '/guides/a', total: 40 },
      { path: '/guides/b', total: 40 },
      { path: '/guides/c', total: 40 },
      { path: '/a', total: 7 },
    ]);
  });

  it('keeps the lower path when a tie straddles the cut', () => {
    const top = new TopRows<Row>(2);
    top.add([
      { path: '/c', total: 5 },
      { path: '/b', total: 5 },
      { path: '/top', total: 6 },
      { path: '/a', total: 5 },
    ]);
    expect(top.values()).toEqual([
      { path: '/top', total: 6 },
      { path: '/a', total: 5 },
    ]);
  });

  it('compares paths by code unit, the same on every machine: "/B" before "/a", "/a" before "/a-b"', () => {
    const top = new TopRows<Row>(3);
    top.add(['/a-b', '/a', '/B'].map((path) => ({ path, total: 1 })));
    expect(top.values().map((row) => row.path)).toEqual(['/B', '/a', '/a-b']);
  });

  it('shows nothing when no rows are asked for', () => {
    const top = new TopRows<Row>(0);
    top.add([{ path: '/a', total: 1 }]);
    expect(top.values()).toEqual([]);
  });

  it('keeps the same rows over an export of many pages as over all rows at once', () => {
    // 6,000 rows in pages of 250, far more than the rows kept in memory; totals repeat, so ties
    // fall at the cut.
    const all: Row[] = Array.from({ length: 6_000 }, (_, n) => ({ path: `/p${(n * 7_919) % 6_000}`, total: (n * 31) % 97 }));
    const top = new TopRows<Row>(25);
    for (let start = 0; start < all.length; start += 250) top.add(all.slice(start, start + 250));
    const shown = top.values();
    expect(shown).toHaveLength(25);
    expect(outOfOrder(shown)).toEqual([]);
    expect(wronglyLeftOut(all, shown)).toEqual([]);
    expect(shown[shown.length - 1]!.total).toBe(96);
  });

  it('keeps the busiest rows in the documented order whatever the rows and pages (property)', () => {
    const row = fc.record({ path: fc.constantFrom('/a', '/b', '/c', '/d', '/A', '/a/b'), total: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(fc.array(row, { maxLength: 6 }), { maxLength: 6 }), fc.integer({ min: 0, max: 5 }), (pages, size) => {
        const top = new TopRows<Row>(size);
        for (const page of pages) top.add(page);
        const shown = top.values();
        const all = pages.flat();
        return shown.length === Math.min(size, all.length) && outOfOrder(shown).length === 0 && wronglyLeftOut(all, shown).length === 0;
      }),
      { numRuns: 200 },
    );
  });
});
