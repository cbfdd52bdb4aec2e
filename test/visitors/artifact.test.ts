/** The upload held to the step's limits, in process: a fake clock and a sleep the test ends by hand. */
import { describe, expect, it } from 'vitest';
import { CancelledError, type Sleep } from '../../src/runtime.js';
import { uploadArtifact, withinLimits } from '../../src/visitors/artifact.js';
import type { ArtifactUpload } from '../../src/visitors/artifact.js';

/** A sleep that ends when the test says, or rejects when its signal aborts; it records what it was asked. */
function manualSleep() {
  const asked: number[] = [];
  let wake: (() => void) | undefined;
  let aborted = false;
  const sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      asked.push(ms);
      wake = resolve;
      const onAbort = (): void => {
        aborted = true;
        reject(signal?.reason instanceof Error ? signal.reason : new CancelledError());
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  return {
    sleep,
    asked,
    wake: () => wake?.(),
    get aborted() {
      return aborted;
    },
  };
}

const clock = { now: () => 10_000 };
const never = new Promise<ArtifactUpload>(() => undefined);

describe('withinLimits', () => {
  it('gives the upload until the deadline, and says the timeout ran out when it passes', async () => {
    const timer = manualSleep();
    const result = withinLimits(never, {
      deadline: 70_000,
      timeoutMs: 60_000,
      requestTimeoutMs: 5_000,
      signal: new AbortController().signal,
      clock,
      sleep: timer.sleep,
    });
    await Promise.resolve();
    expect(timer.asked).toEqual([60_000]);
    timer.wake();
    await expect(result).resolves.toEqual({ unfinished: "the step's timeout (1m) ran out" });
  });

  it('timeout ends the upload, whatever request-timeout says', async () => {
    const timer = manualSleep();
    const limits = { deadline: 16_000, timeoutMs: 6_000, requestTimeoutMs: 30_000, signal: new AbortController().signal, clock, sleep: timer.sleep };
    const result = withinLimits(never, limits);
    await Promise.resolve();
    expect(timer.asked).toEqual([6_000]);
    timer.wake();
    await expect(result).resolves.toEqual({ unfinished: "the step's timeout (6s) ran out" });
  });

  it('an upload that starts at the deadline or after it gets no time at all', async () => {
    for (const deadline of [10_000, 9_000]) {
      const timer = manualSleep();
      const result = withinLimits(never, {
        deadline,
        timeoutMs: 5_000,
        requestTimeoutMs: 2_000,
        signal: new AbortController().signal,
        clock,
        sleep: timer.sleep,
      });
      await Promise.resolve();
      expect(timer.asked).toEqual([0]);
      timer.wake();
      await expect(result).resolves.toEqual({ unfinished: "the step's timeout (5s) ran out" });
    }
  });

  it('starts no upload once the deadline has passed', async () => {
    const timer = manualSleep();
    const env: NodeJS.ProcessEnv = { ACTIONS_RUNTIME_TOKEN: 'token', ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/' };
    const limits = { deadline: 10_000, timeoutMs: 5_000, requestTimeoutMs: 2_000, signal: new AbortController().signal, clock, sleep: timer.sleep };
    await expect(uploadArtifact('visitors', [], '/tmp', limits, env)).resolves.toEqual({ unfinished: "the step's timeout (5s) ran out" });
    expect(timer.asked).toEqual([]);
    expect(env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS).toBeUndefined();
  });

  it('ends at once on cancellation', async () => {
    const timer = manualSleep();
    const cancel = new AbortController();
    const result = withinLimits(never, { deadline: 70_000, timeoutMs: 60_000, requestTimeoutMs: 5_000, signal: cancel.signal, clock, sleep: timer.sleep });
    cancel.abort(new CancelledError('cancelled by SIGTERM'));
    await expect(result).resolves.toEqual({ unfinished: 'the step was cancelled' });
  });

  it('an upload that finishes in time is the answer, and its timer is stopped', async () => {
    const timer = manualSleep();
    const result = await withinLimits(Promise.resolve({ id: 4242 }), {
      deadline: 70_000,
      timeoutMs: 60_000,
      requestTimeoutMs: 5_000,
      signal: new AbortController().signal,
      clock,
      sleep: timer.sleep,
    });
    expect(result).toEqual({ id: 4242 });
    expect(timer.aborted).toBe(true);
  });
});
