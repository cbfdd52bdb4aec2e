/**
 * Request budgets (src/api/budget.ts): a fixed number, a share of one that leaves the rest for the
 * reads after it, and two at once. A refusal never spends what the other budget holds.
 */
import { describe, expect, it } from 'vitest';
import { both, FixedBudget, leaving, type RequestBudget } from '../../src/api/budget.js';

const takeAll = (budget: RequestBudget, most = 100): number => {
  let taken = 0;
  while (taken < most && budget.take()) taken += 1;
  return taken;
};

describe('FixedBudget', () => {
  it('gives its size, then nothing; says what it has left', () => {
    const budget = new FixedBudget(3, 'three');
    expect(budget.left).toBe(3);
    expect(takeAll(budget)).toBe(3);
    expect(budget.left).toBe(0);
    expect(budget.take()).toBe(false);
  });
});

describe('leaving: a share that leaves the rest to the reads after it', () => {
  it('takes while more than the reserve is left; the reserve stays for the shared budget', () => {
    const shared = new FixedBudget(10, 'ten');
    const share = leaving(shared, 1, 'nine');
    expect(share.left).toBe(9);
    expect(takeAll(share)).toBe(9);
    expect(share.left).toBe(0);
    expect(shared.left).toBe(1);
    expect(shared.take()).toBe(true);
    expect(shared.take()).toBe(false);
    expect(share.describe).toBe('nine');
  });

  it('a shared budget spent below its reserve leaves the share nothing, and never a negative count', () => {
    const shared = new FixedBudget(2, 'two');
    takeAll(shared);
    expect(leaving(shared, 1, 'x').left).toBe(0);
    expect(leaving(shared, 1, 'x').take()).toBe(false);
  });
});

describe('both: a request only when each budget has one', () => {
  /** A budget that does not know what it has left (as a read's that grows with its rows). */
  const growing = (size: number): RequestBudget & { spent: number } => {
    const budget = {
      spent: 0,
      take: () => (budget.spent < size ? (budget.spent += 1) > 0 : false),
      describe: 'growing',
    };
    return budget;
  };

  it('the lesser of the two, whichever comes first', () => {
    for (const [a, b] of [
      [2, 5],
      [5, 2],
    ] as const) {
      const first = growing(a);
      const second = new FixedBudget(b, 'fixed');
      const joint = both(first, second);
      expect(takeAll(joint)).toBe(Math.min(a, b));
      expect(first.spent).toBe(Math.min(a, b));
      expect(second.left).toBe(b - Math.min(a, b));
    }
  });

  it('a fixed budget spent is asked first: the other is not charged for a request never sent', () => {
    const first = growing(10);
    const joint = both(first, new FixedBudget(1, 'one request'));
    expect(joint.take()).toBe(true);
    expect(joint.take()).toBe(false);
    expect(first.spent).toBe(1);
    expect(joint.describe).toBe('one request');
  });

  it('what is left: the least the budgets that know say; unknown when neither knows', () => {
    expect(both(growing(3), new FixedBudget(4, 'x')).left).toBe(4);
    expect(both(new FixedBudget(2, 'x'), new FixedBudget(4, 'y')).left).toBe(2);
    expect(both(growing(3), growing(4)).left).toBeUndefined();
  });
});
