/**
 * The requests' time limits of a run on fake time (request-timers.ts), against the simulator and
 * the fake GitHub over loopback: a limit runs on the clock only once a server holds its request,
 * then ends it at exactly its length on the clock, once the rest of the run has settled; a
 * request on its way, or answered, is never cut off by the clock moving meanwhile.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { ApiError } from '../../src/api/errors.js';
import type { GitHubError } from '../../src/github/api.js';
import { createGitHubApi } from '../../src/github/octokit.js';
import { startSimulator, type Simulator } from '../simulator/index.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { FakeTime, recordingLogger } from './fake-time.js';
import { RequestTimers } from './request-timers.js';
import { timedDispatcher, type RequestHooks } from './timed-dispatcher.js';

const REQUEST_TIMEOUT_MS = 30_000;

let sim: Simulator;
let github: FakeGitHub;
let hooks: RequestHooks | undefined;
const dispatcher = timedDispatcher(() => hooks);
beforeAll(async () => {
  sim = await startSimulator();
  github = await startFakeGitHub();
});
afterAll(async () => {
  await Promise.all([sim.close(), github.close(), dispatcher.close()]);
});

let timers: RequestTimers | undefined;
const clients: ApiClient[] = [];
afterEach(async () => {
  timers?.close();
  timers = undefined;
  hooks = undefined;
  sim.clearFaults();
  sim.resetLog();
  github.clearFaults();
  github.requests.length = 0;
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A clock, its request timers, and the servers running the clock to a hung request's limit. */
function onFakeTime() {
  const time = new FakeTime();
  timers = new RequestTimers(time);
  const limits = timers;
  sim.onHang = (request) => limits.hang(request);
  github.onHang = (request) => limits.hang(request);
  return { time, timers: limits, start: time.now() };
}

function apiClient(time: FakeTime, startTimer: RequestTimers['startTimer'], signal?: AbortSignal): ApiClient {
  const client = new ApiClient({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    projectId: 'proj_sim',
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    retries: 0,
    userAgent: 'request-timers-test',
    logger: recordingLogger(),
    clock: time,
    sleep: time.sleep,
    startTimer,
    random: () => 0.5,
    dispatcher,
    ...(signal ? { signal } : {}),
  });
  clients.push(client);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<ApiError & GitHubError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError & GitHubError;
  }
  throw new Error('expected it to fail');
}

describe('a request’s time limit', () => {
  it('ends a hang at exactly its request-timeout on the clock, and says the length it went out with', async () => {
    const { time, timers, start } = onFakeTime();
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    const error = await failure(apiClient(time, timers.startTimer).getVisitors({ limit: 5, offset: 0 }));
    expect(error.kind).toBe('timeout');
    expect(time.now() - start).toBe(REQUEST_TIMEOUT_MS);
    expect(timers.sent).toEqual([{ method: 'GET', url: '/v1/analytics/proj_sim/visitors?limit=5&offset=0', limitMs: REQUEST_TIMEOUT_MS }]);
    expect(time.pendingTimers).toEqual([]);
  });

  it('does not run while the request is on its way: the clock moved past it as it went out, and it was answered all the same', async () => {
    const { time, timers, start } = onFakeTime();
    hooks = { onRequest: () => time.advance(2 * REQUEST_TIMEOUT_MS) };
    await expect(apiClient(time, timers.startTimer).getVisitors({ limit: 5, offset: 0 })).resolves.toMatchObject({ hasMore: expect.any(Boolean) });
    expect(time.now() - start).toBe(2 * REQUEST_TIMEOUT_MS);
    expect(time.pendingTimers).toEqual([]);
  });

  it('a hang waits for the requests under way beside it: they are answered, and the hung one ends at its limit', async () => {
    const { time, timers, start } = onFakeTime();
    const client = apiClient(time, timers.startTimer);
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    // The first of them to reach the simulator hangs.
    const results = await Promise.allSettled([
      client.getVisitors({ limit: 5, offset: 0 }),
      client.getVisitors({ limit: 5, offset: 5 }),
      client.getVisitors({ limit: 5, offset: 10 }),
    ]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([
      expect.objectContaining({ reason: expect.objectContaining({ kind: 'timeout' }) }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(time.now() - start).toBe(REQUEST_TIMEOUT_MS);
  });

  it('does not run for a request cut off before the server held it: the clock stays', async () => {
    const { time, timers, start } = onFakeTime();
    const cancellation = new AbortController();
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    sim.onHang = (request) => {
      cancellation.abort(new Error('cancelled by SIGINT'));
      timers.hang(request);
    };
    const error = await failure(apiClient(time, timers.startTimer, cancellation.signal).getVisitors({ limit: 5, offset: 0 }));
    expect(error.kind).toBe('cancelled');
    expect(time.now()).toBe(start);
  });

  it('a drip moves the clock by its pauses until the limit ends it', async () => {
    const { time, timers, start } = onFakeTime();
    sim.dripPause = (ms, request) => timers.pause(request, ms);
    sim.injectFault({ target: 'visitors', kind: 'drip', chunkBytes: 1, intervalMs: 10_000 });
    const error = await failure(apiClient(time, timers.startTimer).getVisitors({ limit: 5, offset: 0 }));
    expect(error.kind).toBe('timeout');
    expect(time.now() - start).toBe(REQUEST_TIMEOUT_MS);
  });

  it('a GitHub read that hangs beside another: the other is answered, and the hung one ends at its limit, not at its call’s deadline', async () => {
    const { time, timers, start } = onFakeTime();
    github.pulls.set(7, { diff: 'diff --git a/x b/x\n', files: [], commits: ['One'] });
    github.injectFault({ call: 'pull-commits', kind: 'hang' });
    const api = await createGitHubApi({
      token: 'ghs_requestTimers',
      repo: { owner: 'acme', repo: 'widgets' },
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      deadline: start + REQUEST_TIMEOUT_MS,
      signal: new AbortController().signal,
      clock: time,
      startTimer: timers.startTimer,
      apiUrl: github.url,
      retries: 0,
      logger: { info: () => undefined },
    });
    const [diff, commits] = await Promise.allSettled([api.pullDiff(7), api.pullCommitSubjects(7)]);
    expect(diff).toMatchObject({ status: 'fulfilled' });
    expect(commits).toMatchObject({ status: 'rejected', reason: { kind: 'timeout' } });
    expect(time.now() - start).toBe(REQUEST_TIMEOUT_MS);
    expect(timers.sent.map((request) => request.limitMs)).toEqual([REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS]);
  });
});
