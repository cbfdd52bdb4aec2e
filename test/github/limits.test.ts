/**
 * The step's limits on each GitHub request, on a fake clock (its timers too) and a fake `fetch`:
 * which limit stopped a request, and when on the clock, what is sent again after a failure or a
 * rate limit and when the step gives up instead, what each retry says in the log, and that a
 * finished call leaves nothing behind.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeFailure } from '../../src/github/failures.js';
import { isWorthRetrying, limitedOctokit, LimitReached } from '../../src/github/limits.js';
import type { StartTimer } from '../../src/runtime.js';
import { FakeTime } from '../support/fake-time.js';
import { octokitPauses } from '../support/octokit-pauses.js';

const API = 'https://github.example/api/v3';

/** What the fake `fetch` answers, one request after another; the last one repeats. */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

afterEach(() => {
  delete octokitPauses.clock;
  vi.restoreAllMocks();
});

/** A client on a fake clock: the plugins' pauses move that clock, and its time limits are the clock's timers. */
function setup(options: { answers?: Answer[]; requestTimeoutMs?: number; deadlineInMs?: number; retries?: number; signal?: AbortSignal } = {}) {
  const time = new FakeTime();
  octokitPauses.clock = time;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const answers = [...(options.answers ?? [{ status: 200, body: {} }])];
  const sent: string[] = [];
  const logged: string[] = [];
  /** Each timer the client started (a call's deadline, then each attempt's own limit), as it asked for it: each fires as the clock reaches it. */
  const timers: Array<{ ms: number }> = [];
  const startTimer: StartTimer = (ms, fire) => {
    timers.push({ ms });
    return time.startTimer(ms, fire);
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    sent.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    }
    const response = new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...answer.headers },
    });
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };
  const signal = options.signal ?? new AbortController().signal;
  const octokit = limitedOctokit(
    {
      token: 'ghs_limitsTest',
      apiUrl: API,
      requestTimeoutMs,
      deadline: time.now() + (options.deadlineInMs ?? 60_000),
      signal,
      clock: time,
      startTimer,
      retries: options.retries ?? 4,
      logger: { info: (line) => logged.push(line) },
    },
    (name, error) => describeFailure(name, error, { apiUrl: API, requestTimeoutMs }),
  );
  const repository = () => octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'widgets', request: { fetch } });
  const comment = (url = 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments') =>
    octokit.request(url, { owner: 'acme', repo: 'widgets', issue_number: 7, body: 'hello', request: { fetch } });
  return { time, octokit, fetch, sent, logged, timers, signal, repository, comment };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

const limitOf = async (promise: Promise<unknown>): Promise<string | undefined> => ((await failureOf(promise)) as Partial<LimitReached>).limit;

/** What the promise settled to by the next turn of the event loop, or that it is still running. */
const settledNow = (promise: Promise<unknown>): Promise<unknown> =>
  Promise.race([promise, new Promise((resolve) => setImmediate(() => resolve('still running')))]);

/** Waits until the fake `fetch` has been asked this many times (each step of Octokit's chain is a turn of the event loop). */
async function sentCount(sent: string[], count: number): Promise<void> {
  while (sent.length < count) await new Promise((resolve) => setImmediate(resolve));
}

const serverError = (status: number, message = 'Server Error') => ({ status, body: { message } });
const secondaryRateLimit = (retryAfterSeconds: number) => ({
  status: 403,
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
});

describe('which limit stopped a request', () => {
  // The deadline's distance, and what stops the hung attempt, at request-timeout (5 s) or at the deadline, whichever comes first.
  it.each([
    ['an attempt that runs out of request-timeout is a timeout, when the deadline is further: at exactly request-timeout on the clock', 5_001, 'timeout'],
    ["is the deadline when the step's time ends before request-timeout", 4_999, 'deadline'],
  ] as const)('%s', async (_name, deadlineInMs, stopped) => {
    const { repository, sent, timers, time } = setup({ answers: ['hang'], requestTimeoutMs: 5_000, deadlineInMs });
    const pending = limitOf(repository());
    await sentCount(sent, 1);
    // The call's deadline, then the attempt's own limit.
    expect(timers.map((timer) => timer.ms)).toEqual([deadlineInMs, Math.min(5_000, deadlineInMs)]);
    time.advance(Math.min(5_000, deadlineInMs) - 1);
    expect(await settledNow(pending)).toBe('still running');
    time.advance(1);
    expect(await pending).toBe(stopped);
  });

  it('is still a timeout when request-timeout ends exactly at the deadline, though the call’s deadline fires at that instant too', async () => {
    const { repository, sent, timers, time } = setup({ answers: ['hang'], requestTimeoutMs: 5_000, deadlineInMs: 5_000 });
    const pending = limitOf(repository());
    await sentCount(sent, 1);
    expect(timers.map((timer) => timer.ms)).toEqual([5_000, 5_000]);
    time.advance(5_000);
    expect(await pending).toBe('timeout');
  });

  it('sends nothing once the deadline is reached, to the millisecond', async () => {
    // On fake timers: the refusal must come before the request waits for anything.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { repository, sent } = setup({ deadlineInMs: 0 });
      expect(await settledNow(limitOf(repository()))).toBe('deadline');
      expect(sent).toEqual([]);
    } finally {
      while (vi.getTimerCount() > 0) await vi.advanceTimersByTimeAsync(1_000);
      vi.useRealTimers();
    }
  });

  it('sends nothing once the step is cancelled', async () => {
    const cancel = new AbortController();
    cancel.abort(new Error('SIGINT'));
    const { repository, sent } = setup({ signal: cancel.signal });
    expect(await limitOf(repository())).toBe('cancelled');
    expect(sent).toEqual([]);
  });

  it('ends the whole call at the deadline even while the request in flight pays no heed to its signal', async () => {
    let answer: (response: Response) => void = () => undefined;
    try {
      const { octokit, sent, time } = setup({ deadlineInMs: 2_000 });
      const deaf: typeof fetch = () => {
        sent.push('deaf');
        return new Promise<Response>((resolve) => (answer = resolve));
      };
      const pending = limitOf(octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'widgets', request: { fetch: deaf } }));
      await sentCount(sent, 1);
      time.advance(1_999);
      expect(await settledNow(pending)).toBe('still running');
      time.advance(1);
      expect(await pending).toBe('deadline');
      expect(sent).toEqual(['deaf']);
    } finally {
      // The request in flight ends, and Octokit's queue moves on.
      answer(new Response(null, { status: 204 }));
    }
  });

  it('ends an attempt at its request-timeout on the clock even while the request pays no heed to its signal, and sends it no more', async () => {
    let answer: (response: Response) => void = () => undefined;
    try {
      const { octokit, sent, time } = setup({ requestTimeoutMs: 500, deadlineInMs: 2_000 });
      const deaf: typeof fetch = () => {
        sent.push('deaf');
        return new Promise<Response>((resolve) => (answer = resolve));
      };
      const pending = limitOf(octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'widgets', request: { fetch: deaf } }));
      await sentCount(sent, 1);
      time.advance(499);
      expect(await settledNow(pending)).toBe('still running');
      time.advance(1);
      expect(await pending).toBe('timeout');
      expect(sent).toEqual(['deaf']);
      // The call's deadline went with it.
      expect(time.pendingTimers).toEqual([]);
    } finally {
      answer(new Response(null, { status: 204 }));
    }
  });

  it('says which limit stopped the request', () => {
    const limit = new LimitReached('deadline');
    expect(limit.message).toBe('GitHub request stopped: deadline');
    expect(limit.name).toBe('LimitReached');
  });
});

describe('a finished call', () => {
  it('leaves no listener on the step’s cancellation signal, whether it succeeded or failed', async () => {
    const { repository, signal } = setup({ answers: [{ status: 200, body: { default_branch: 'main' } }, serverError(404, 'Not Found')] });
    await expect(repository()).resolves.toMatchObject({ status: 200, data: { default_branch: 'main' } });
    await failureOf(repository());
    expect(getEventListeners(signal, 'abort')).toEqual([]);
  });

  it('answers with the URL GitHub answered from', async () => {
    const { repository } = setup();
    expect((await repository()).url).toBe(`${API}/repos/acme/widgets`);
  });

  it('sends a write at once, unpaced', async () => {
    const { comment, sent } = setup({ answers: [{ status: 201, body: { id: 1 } }] });
    await expect(comment()).resolves.toMatchObject({ status: 201 });
    await expect(comment()).resolves.toMatchObject({ status: 201 });
    expect(sent).toEqual(['POST /api/v3/repos/acme/widgets/issues/7/comments', 'POST /api/v3/repos/acme/widgets/issues/7/comments']);
  });
});

describe('retries', () => {
  it('sends a read again after a 5xx, and the log line says what failed, with the full stops of its message', async () => {
    const { repository, sent, logged, time } = setup({ answers: [serverError(502, 'Bad gateway. Try again.'), { status: 200, body: {} }] });
    const start = time.now();
    await expect(repository()).resolves.toMatchObject({ status: 200 });
    expect(sent).toHaveLength(2);
    expect(time.now() - start).toBe(1_000);
    expect(logged).toEqual(['GitHub repository (GET /repos/{owner}/{repo}) answered 502: Bad gateway. Try again; retrying in 1s (attempt 2 of 5).']);
  });

  it('names a request that is none of the action’s calls as a GitHub request', async () => {
    const { octokit, fetch, logged } = setup({ answers: [serverError(503), { status: 200, body: {} }] });
    await octokit.request('GET /meta', { request: { fetch } });
    expect(logged).toEqual(['A GitHub request failed; retrying in 1s (attempt 2 of 5).']);
  });

  it('names the call by its path even when a file path in it holds "https:"', async () => {
    const { octokit, fetch, logged } = setup({ answers: [serverError(503), { status: 200, body: {} }] });
    await octokit.request('GET /repos/acme/widgets/contents/notes/https:example.md', { request: { fetch } });
    expect(logged).toEqual(['GitHub file contents (GET /repos/{owner}/{repo}/contents/{path}) answered 503: Server Error; retrying in 1s (attempt 2 of 5).']);
  });

  it('sends a comment no second time after a 5xx, even on a repository or owner named "statuses"', async () => {
    const { comment, sent, logged } = setup({ answers: [serverError(502)] });
    await failureOf(comment('POST /repos/acme/statuses/issues/7/comments'));
    await failureOf(comment('POST /repos/statuses/widgets/issues/7/comments'));
    expect(sent).toEqual(['POST /api/v3/repos/acme/statuses/issues/7/comments', 'POST /api/v3/repos/statuses/widgets/issues/7/comments']);
    expect(logged).toEqual([]);
  });

  it('sends a commit status again after a 5xx: the newest status of a context stays the same', async () => {
    const { octokit, fetch, sent } = setup({ answers: [serverError(502), { status: 201, body: {} }] });
    await octokit.request('POST /repos/{owner}/{repo}/statuses/{sha}', { owner: 'acme', repo: 'widgets', sha: 'abc', state: 'success', request: { fetch } });
    expect(sent).toHaveLength(2);
  });

  it('sends again a GraphQL answer that says something went wrong, no more often than retries says', async () => {
    const wentWrong = { status: 200, body: { errors: [{ message: 'Something went wrong while executing your query. Please try again.' }] } };
    const { octokit, fetch, sent } = setup({ answers: [wentWrong], retries: 1 });
    await failureOf(octokit.request('POST /graphql', { query: 'query { viewer { login } }', request: { fetch } }));
    expect(sent).toEqual(['POST /api/v3/graphql', 'POST /api/v3/graphql']);
  });
});

describe('rate limits', () => {
  it('waits out a rate limit no more often than retries says', async () => {
    const { repository, sent, logged } = setup({ answers: [secondaryRateLimit(1)], retries: 2 });
    expect(await failureOf(repository())).toMatchObject({ status: 403 });
    expect(sent).toHaveLength(3);
    expect(logged).toEqual([
      "GitHub repository (GET /repos/{owner}/{repo}) hit GitHub's rate limit; retrying in 1s (attempt 2 of 3).",
      "GitHub repository (GET /repos/{owner}/{repo}) hit GitHub's rate limit; retrying in 1s (attempt 3 of 3).",
    ]);
  });

  it('names a rate-limited request that is none of the action’s calls as a GitHub request', async () => {
    const { octokit, fetch, logged } = setup({ answers: [secondaryRateLimit(2), { status: 200, body: {} }] });
    await octokit.request('GET /meta', { request: { fetch } });
    expect(logged).toEqual(["A GitHub request hit GitHub's rate limit; retrying in 2s (attempt 2 of 5)."]);
  });

  it('gives up when the wait would end at the deadline, and waits when it ends just before', async () => {
    const atDeadline = setup({ answers: [secondaryRateLimit(30)], deadlineInMs: 30_000 });
    expect(await failureOf(atDeadline.repository())).toMatchObject({ status: 403 });
    expect(atDeadline.sent).toHaveLength(1);
    const before = setup({ answers: [secondaryRateLimit(30), { status: 200, body: {} }], deadlineInMs: 30_001 });
    await expect(before.repository()).resolves.toMatchObject({ status: 200 });
    expect(before.sent).toHaveLength(2);
  });
});

describe('which failures are worth sending again', () => {
  it('never one that a limit of the step stopped', () => {
    for (const limit of ['timeout', 'deadline', 'cancelled'] as const) {
      const stopped = Object.assign(new LimitReached(limit), { request: {} });
      expect(isWorthRetrying(stopped, false)).toBe(false);
    }
  });

  it('a 5xx that GitHub says is transient, for a read', () => {
    for (const status of [500, 502, 503, 504]) {
      const error = Object.assign(new Error(`answered ${status}`), { status, request: {}, response: { status, headers: {} } });
      expect(isWorthRetrying(error, false)).toBe(true);
    }
  });
});
