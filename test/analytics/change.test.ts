/**
 * A count against the previous period's (`analytics/change.ts`), as the visitors summary and the
 * files show it: the difference, and the percentage to one decimal when there is one to take.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeOf } from '../../src/analytics/change.js';

describe('changeOf', () => {
  it('no previous period: no change at all', () => {
    expect(changeOf(120, undefined)).toEqual({});
    expect(changeOf(0, undefined)).toEqual({});
  });

  it('a previous count of zero: the difference, and no percentage (nothing to divide by)', () => {
    expect(changeOf(7, 0)).toEqual({ absolute: 7, percent: undefined });
    expect(changeOf(0, 0)).toEqual({ absolute: 0, percent: undefined });
  });

  it.each([
    [150, 100, 50, 50],
    [50, 100, -50, -50],
    [100, 100, 0, 0],
    [0, 40, -40, -100],
    [300, 100, 200, 200],
    // One decimal: 1/3 is 33.3 %, 2/3 is 66.7 %, 1/8 is 12.5 %.
    [4, 3, 1, 33.3],
    [5, 3, 2, 66.7],
    [9, 8, 1, 12.5],
    [1, 3, -2, -66.7],
    [1_000_001, 1_000_000, 1, 0],
    [1, 8, -7, -87.5],
  ])('%d against %d: %d, %d percent', (current, previous, absolute, percent) => {
    expect(changeOf(current, previous)).toEqual({ absolute, percent });
  });

  it('the difference is exact and the percentage within half a tenth of the true one, for any counts', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (current, previous) => {
        const { absolute, percent } = changeOf(current, previous);
        expect(absolute).toBe(current - previous);
        expect(Math.abs(percent! - ((current - previous) / previous) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        // One decimal at most.
        expect(Math.round(percent! * 10)).toBeCloseTo(percent! * 10, 6);
      }),
      { numRuns: 200 },
    );
  });
});
