/**
 * The fake clock's timers: each fires once the clock reaches it (by `advance`, `sleep` or
 * `runToNextTimer`) and never before, in the order they are due, those due at one instant in the
 * order they were started, the clock at each one's instant as it fires; a cancelled one never.
 */
import { describe, expect, it } from 'vitest';
import { FakeTime } from './fake-time.js';

/** A clock and a log of the timers that fired: each one's name and the clock as it fired. */
function timed() {
  const time = new FakeTime();
  const start = time.now();
  const fired: Array<[string, number]> = [];
  const timer = (name: string, ms: number) => time.startTimer(ms, () => fired.push([name, time.now() - start]));
  return { time, start, fired, timer };
}

describe('FakeTime’s timers', () => {
  it('fire as `advance` reaches them, in the order they are due, the clock at each one’s instant, and not before', () => {
    const { time, start, fired, timer } = timed();
    timer('late', 3_000);
    timer('early', 1_000);
    timer('middle', 2_000);
    time.advance(999);
    expect(fired).toEqual([]);
    time.advance(1);
    expect(fired).toEqual([['early', 1_000]]);
    time.advance(5_000);
    expect(fired).toEqual([
      ['early', 1_000],
      ['middle', 2_000],
      ['late', 3_000],
    ]);
    expect(time.now() - start).toBe(6_000);
    expect(time.pendingTimers).toEqual([]);
  });

  it('fire those due at one instant in the order they were started', () => {
    const { time, fired, timer } = timed();
    timer('first', 500);
    timer('second', 500);
    timer('third', 500);
    time.advance(500);
    expect(fired.map(([name]) => name)).toEqual(['first', 'second', 'third']);
  });

  it('fire as a `sleep` passes them, which still moves the clock at once', async () => {
    const { time, start, fired, timer } = timed();
    timer('within', 20_000);
    timer('after', 40_000);
    await time.sleep(30_000);
    expect(fired).toEqual([['within', 20_000]]);
    expect(time.now() - start).toBe(30_000);
    expect(time.pauses).toEqual([30_000]);
  });

  it('never fire by themselves', async () => {
    const { time, fired, timer } = timed();
    timer('zero', 0);
    timer('soon', 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fired).toEqual([]);
    expect(time.pendingTimers).toEqual([
      { ms: 0, due: time.now() },
      { ms: 1, due: time.now() + 1 },
    ]);
    time.advance(0);
    expect(fired.map(([name]) => name)).toEqual(['zero']);
  });

  it('`runToNextTimer` moves the clock to the earliest and fires it with any due at that instant, no further', () => {
    const { time, start, fired, timer } = timed();
    timer('b', 2_000);
    timer('a', 1_000);
    timer('a too', 1_000);
    expect(time.runToNextTimer()).toBe(true);
    expect(fired).toEqual([
      ['a', 1_000],
      ['a too', 1_000],
    ]);
    expect(time.now() - start).toBe(1_000);
    expect(time.pendingTimers).toEqual([{ ms: 2_000, due: start + 2_000 }]);
    expect(time.runToNextTimer()).toBe(true);
    expect(time.runToNextTimer()).toBe(false);
    expect(time.now() - start).toBe(2_000);
  });

  it('a cancelled timer never fires, and cancelling it again, or one that fired, does nothing', () => {
    const { time, fired, timer } = timed();
    const cancel = timer('cancelled', 1_000);
    const fires = timer('fires', 1_000);
    cancel();
    cancel();
    time.advance(10_000);
    fires();
    expect(fired.map(([name]) => name)).toEqual(['fires']);
    expect(time.runToNextTimer()).toBe(false);
  });

  it('a timer that fires may start, cancel or move on others: each fires at its own instant', () => {
    const { time, fired, timer } = timed();
    let cancelLater = (): void => undefined;
    time.startTimer(1_000, () => {
      fired.push(['first', 1_000]);
      timer('started by it', 500);
      cancelLater();
    });
    cancelLater = timer('cancelled by it', 1_200);
    timer('after', 2_000);
    time.advance(3_000);
    expect(fired).toEqual([
      ['first', 1_000],
      ['started by it', 1_500],
      ['after', 2_000],
    ]);
  });
});
