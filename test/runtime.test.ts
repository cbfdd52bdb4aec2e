/**
 * The runtime's ports and the little logic they hold (`runtime.ts`): the step's deadline, the
 * phases' group titles, what counts as a cancellation and what a cancelled pause rejects with, and
 * the real clock, pause and timer the entry layer hands out, run here on Vitest's fake timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/errors.js';
import {
  abortReason,
  CancelledError,
  DeadlineError,
  isCancellation,
  Phase,
  phaseTitle,
  realSleep,
  realTimer,
  silentLogger,
  stepDeadline,
  systemClock,
} from '../src/runtime.js';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('the step’s deadline', () => {
  it('is its start plus timeout, by the step’s clock', () => {
    expect(stepDeadline(NOW, { timeoutMs: 30 * 60_000 })).toEqual({ at: NOW + 1_800_000 });
    expect(stepDeadline(0, { timeoutMs: 0 })).toEqual({ at: 0 });
  });
});

describe('phase titles', () => {
  it('an inner phase’s group is titled by every phase it is in, outermost first', () => {
    expect(phaseTitle([Phase.Gate])).toBe('Gate: the documentation status');
    expect(phaseTitle(['Pull request #12', Phase.Gate])).toBe('Pull request #12 › Gate: the documentation status');
    expect(phaseTitle([Phase.Review, Phase.Send, Phase.Wait])).toBe('Review: who asked and what › Send: the prompt to the agent › Wait: the job until it ends');
  });

  it('every phase has a title of its own', () => {
    const titles = Object.values(Phase);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.every((title) => title.trim() === title && title.length > 0 && !title.includes('\n'))).toBe(true);
  });
});

describe('cancellation', () => {
  const live = (): AbortSignal => new AbortController().signal;
  const aborted = (reason?: unknown): AbortSignal => {
    const controller = new AbortController();
    controller.abort(reason);
    return controller.signal;
  };
  const apiError = (kind: 'cancelled' | 'timeout'): ApiError =>
    new ApiError(`GET /v2/agent/{projectId}/job/{id}: ${kind}.`, {
      kind,
      endpoint: 'GET /v2/agent/{projectId}/job/{id}',
      mayHaveTakenEffect: false,
      attempts: 1,
    });

  it('is a CancelledError, a client’s error of kind cancelled, or anything once the signal aborted', () => {
    expect(isCancellation(new CancelledError(), live())).toBe(true);
    expect(isCancellation(apiError('cancelled'), live())).toBe(true);
    expect(isCancellation({ kind: 'cancelled' }, live())).toBe(true);
    // Once the signal aborted, the failure of a request it cut off is the cancellation's.
    expect(isCancellation(apiError('timeout'), aborted())).toBe(true);
    expect(isCancellation(new Error('boom'), aborted())).toBe(true);
  });

  it('is nothing else while the signal holds', () => {
    for (const error of [apiError('timeout'), new DeadlineError('out of time'), new Error('cancelled'), { kind: 'timeout' }, 'cancelled', null, undefined]) {
      expect(isCancellation(error, live())).toBe(false);
    }
  });

  it('the errors name themselves, and a CancelledError says "cancelled" unless told more', () => {
    expect(new CancelledError()).toMatchObject({ name: 'CancelledError', message: 'cancelled' });
    expect(new CancelledError('cancelled by SIGTERM').message).toBe('cancelled by SIGTERM');
    expect(new DeadlineError('the timeout ran out')).toMatchObject({ name: 'DeadlineError', message: 'the timeout ran out' });
    expect(new CancelledError()).toBeInstanceOf(Error);
    expect(new DeadlineError('x')).toBeInstanceOf(Error);
  });

  it('abortReason: the signal’s reason when it is an Error, else a CancelledError', () => {
    const reason = new CancelledError('cancelled by SIGINT');
    expect(abortReason(aborted(reason))).toBe(reason);
    expect(abortReason(aborted('SIGINT'))).toBeInstanceOf(CancelledError);
    expect(abortReason(undefined)).toBeInstanceOf(CancelledError);
    // An abort without a reason has the platform's own AbortError, which is an Error.
    expect(abortReason(aborted())).toMatchObject({ name: 'AbortError' });
  });
});

describe('the silent logger', () => {
  it('drops every line and runs each phase’s work, giving back what it gives', async () => {
    for (const level of ['debug', 'info', 'notice', 'warning'] as const) expect(silentLogger[level]('x')).toBeUndefined();
    expect(silentLogger.data('title', 'text')).toBeUndefined();
    await expect(silentLogger.phase(Phase.Send, () => Promise.resolve(42))).resolves.toBe(42);
    await expect(silentLogger.phase(Phase.Send, () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
  });
});

describe('the real ports, on fake timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('systemClock reads the system’s time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    expect(systemClock.now()).toBe(NOW);
  });

  it('realSleep resolves after its time, not before; a negative time is none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    const sleeping = realSleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
    const negative = realSleep(-5);
    await vi.advanceTimersByTimeAsync(0);
    await expect(negative).resolves.toBeUndefined();
  });

  it('realSleep rejects with the signal’s reason as soon as it aborts, and leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const sleeping = realSleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    const reason = new CancelledError('cancelled by SIGINT');
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('realSleep with a signal already aborted rejects at once, with a CancelledError when the reason is no Error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    controller.abort('SIGTERM');
    await expect(realSleep(60_000, controller.signal)).rejects.toBeInstanceOf(CancelledError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('realSleep that ends stops listening to its signal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const sleeping = realSleep(10, controller.signal);
    await vi.advanceTimersByTimeAsync(10);
    await expect(sleeping).resolves.toBeUndefined();
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    // An abort after the pause ended changes nothing.
    controller.abort(new CancelledError());
    await expect(sleeping).resolves.toBeUndefined();
  });

  it('realTimer fires once after its time unless cancelled first; cancelling after it fired does nothing', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fired: string[] = [];
    const cancelFirst = realTimer(100, () => fired.push('first'));
    const cancelSecond = realTimer(100, () => fired.push('second'));
    realTimer(-1, () => fired.push('at once'));
    cancelSecond();
    vi.advanceTimersByTime(0);
    expect(fired).toEqual(['at once']);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual(['at once']);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['at once', 'first']);
    cancelFirst();
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual(['at once', 'first']);
  });
});
