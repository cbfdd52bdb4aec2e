import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../src/api/errors.js';
import { backoffDelayMs, isRetryableStatus, isTransientFailure, parseRetryAfter, retryDelayMs } from '../../src/api/retry.js';

describe('retry policy', () => {
  it('retries the transient statuses on reads, only 429 on creating requests', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) expect(isRetryableStatus(status, false)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 422, 501]) expect(isRetryableStatus(status, false)).toBe(false);
    expect(isRetryableStatus(429, true)).toBe(true);
    for (const status of [408, 500, 502, 503, 504]) expect(isRetryableStatus(status, true)).toBe(false);
  });

  it('waits out, in a read loop, the network, a timeout and a transient HTTP status; never a refusal, an answer of the wrong shape, a spent budget or a cancellation', () => {
    const failure = (kind: ApiErrorKind, status?: number) =>
      isTransientFailure(new ApiError('x', { kind, endpoint: 'GET /x', mayHaveTakenEffect: false, attempts: 1, ...(status === undefined ? {} : { status }) }));
    expect(failure('network')).toBe(true);
    expect(failure('timeout')).toBe(true);
    for (const status of [408, 429, 500, 502, 503, 504]) expect(failure('http', status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 422, 501]) expect(failure('http', status)).toBe(false);
    expect(failure('http')).toBe(false);
    // The status is the answer's, and the kind says what was wrong with it.
    for (const kind of ['shape', 'budget', 'cancelled'] as const) {
      expect(failure(kind)).toBe(false);
      expect(failure(kind, 503)).toBe(false);
    }
  });

  it('draws full-jitter delays below a doubling ceiling capped at 30 s', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(0);
    expect(backoffDelayMs(0, () => 0.999)).toBe(999);
    expect(backoffDelayMs(3, () => 0.5)).toBe(4_000);
    expect(backoffDelayMs(10, () => 0.999)).toBe(29_970);
  });

  it('never waits less than Retry-After', () => {
    expect(retryDelayMs(0, () => 0.999, 7_000)).toBe(7_000);
    expect(retryDelayMs(4, () => 0.999, 1_000)).toBe(15_984);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now - 30_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('retry policy: what Retry-After is not', () => {
  it('reads a Retry-After that is neither whole seconds nor a date as absent', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    for (const header of ['5s', '12abc', '1.5', '', '10 20']) expect(parseRetryAfter(header, now), header).toBeUndefined();
  });
});
