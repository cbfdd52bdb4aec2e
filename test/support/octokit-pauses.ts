/**
 * Octokit's retry and throttling plugins pause with real timers (Bottleneck's), a second and more
 * before a retry, as long as GitHub asks after a rate limit. A run in process lives on fake time,
 * so there these pauses are taken on the run's clock instead: the plugins are given a
 * `retryAfterBaseValue` of 0 (their own option: the unit of a pause, 1,000 ms by default), and
 * each pause they decide on moves the clock by what it would have waited. What decides a pause
 * (the GitHub client's hooks, the plugins' rules) is the production code, unchanged; only how long
 * the host waits differs. test/support/setup.ts puts these wrappers in place of the plugins for
 * every test file; they change nothing until an in-process run sets `octokitPauses.clock`.
 *
 * Bottleneck, which both plugins queue every request through, also yields to the event loop a
 * dozen times a request with `setTimeout(…, 0)`: about a millisecond each, a dozen or more a
 * request to GitHub, most of the time an in-process run takes. During such a run each of those
 * yields is a `setImmediate` instead: still a turn of the event loop, without the timer's floor.
 */
import { createRequire } from 'node:module';
import type { Clock } from '../../src/runtime.js';

/** The clock of the in-process run under way; none outside one (the plugins then pause as on a runner). */
export const octokitPauses: { clock?: Clock & { advance(ms: number): void } } = {};

/** Milliseconds per unit of a plugin's pause, as the plugins default it. */
const PRODUCTION_UNIT_MS = 1_000;

/** An Octokit plugin: called with the client and its options. */
type Plugin = (octokit: never, options: never) => unknown;
interface RetryPlugin {
  retry: { retryRequest: (error: RetriedError, retries: number, retryAfter: number) => unknown };
}
interface RetriedError {
  readonly request?: { readonly request?: { readonly retryCount?: number } };
}
type LimitHandler = (retryAfter: number, ...rest: unknown[]) => unknown;

/** `@octokit/plugin-retry`'s `retry`, pausing on the in-process run's clock when there is one. */
export function withFakeRetryPauses<P extends Plugin>(retry: P): P {
  const wrapped = (octokit: never, options: Record<string, unknown>): unknown => {
    const clock = octokitPauses.clock;
    if (!clock) return retry(octokit, options as never);
    const given = (options.retry ?? {}) as { retryAfterBaseValue?: number };
    const unitMs = given.retryAfterBaseValue ?? PRODUCTION_UNIT_MS;
    const plugin = retry(octokit, { ...options, retry: { ...given, retryAfterBaseValue: 0 } } as never) as RetryPlugin;
    const retryRequest = plugin.retry.retryRequest;
    // The plugin asks this for every failure it may send again; it then pauses `retryAfter` units
    // when the request has retries left (Bottleneck's "failed" handler: `retries > retryCount`).
    plugin.retry.retryRequest = (error, retries, retryAfter) => {
      if (retries > (error.request?.request?.retryCount ?? 0)) clock.advance(retryAfter * unitMs);
      return retryRequest(error, retries, retryAfter);
    };
    return plugin;
  };
  return Object.assign(wrapped, retry);
}

/** `@octokit/plugin-throttling`'s `throttling`, waiting out a rate limit on the in-process run's clock when there is one. */
export function withFakeThrottlingPauses<P extends Plugin>(throttling: P): P {
  const wrapped = (octokit: never, options: Record<string, unknown>): unknown => {
    const clock = octokitPauses.clock;
    if (!clock) return throttling(octokit, options as never);
    const given = (options.throttle ?? {}) as { retryAfterBaseValue?: number; onRateLimit?: LimitHandler; onSecondaryRateLimit?: LimitHandler };
    const unitMs = given.retryAfterBaseValue ?? PRODUCTION_UNIT_MS;
    // The plugin waits `retryAfter` units when the handler says to send the request again.
    const waitingOnClock =
      (handler: LimitHandler | undefined): LimitHandler | undefined =>
      (retryAfter, ...rest) => {
        const again = handler?.(retryAfter, ...rest);
        if (again === true) clock.advance(retryAfter * unitMs);
        return again;
      };
    return throttling(octokit, {
      ...options,
      throttle: {
        ...given,
        retryAfterBaseValue: 0,
        onRateLimit: waitingOnClock(given.onRateLimit),
        onSecondaryRateLimit: waitingOnClock(given.onSecondaryRateLimit),
      },
    } as never);
  };
  return Object.assign(wrapped, throttling);
}

interface Datastore {
  yieldLoop: (this: Datastore, t?: number) => Promise<unknown>;
}

/**
 * Makes Bottleneck's yields to the event loop (`yieldLoop()`, `setTimeout(…, 0)`) immediates
 * while an in-process run is under way. Bottleneck is the plugins' own copy (the one their
 * imports resolve to); its local datastore's class is not exported, so it is reached through a
 * limiter's.
 */
export function yieldWithoutTimerFloor(): void {
  const plugin = createRequire(import.meta.url).resolve('@octokit/plugin-retry');
  const Bottleneck = createRequire(plugin)('bottleneck/light.js') as new () => { _store: Datastore };
  const datastore = Object.getPrototypeOf(new Bottleneck()._store) as Datastore;
  const timerYield = datastore.yieldLoop;
  if ((timerYield as { inProcess?: boolean }).inProcess) return;
  const yieldLoop = function (this: Datastore, t = 0): Promise<unknown> {
    if (t === 0 && octokitPauses.clock) return new Promise((resolve) => setImmediate(resolve));
    return timerYield.call(this, t);
  };
  datastore.yieldLoop = Object.assign(yieldLoop, { inProcess: true });
}
