/**
 * The windows of a run's last writes (`steps/last-writes.ts`), against the fake GitHub on a fake
 * clock: each client is held to one request-timeout from the moment it is asked for, whatever the
 * step's deadline says and however late that moment is; after a cancellation, clients under a
 * signal of their own (their requests still go out), sharing `CANCELLED_WRAP_UP_MS` from the first
 * client asked for after it, without retries. Each request's own time limit is a timer of the fake
 * clock, whose length is read as the request goes out (test/support/request-timers.ts), never
 * waited on: it is the time left to the client's window then, or request-timeout.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitHubError, type GitHubApi } from '../../src/github/api.js';
import { CancelledError } from '../../src/runtime.js';
import { CANCELLED_WRAP_UP_MS, LastWrites } from '../../src/core/last-writes.js';
import type { ClientsContext } from '../../src/github/clients.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';
import { octokitPauses } from '../support/octokit-pauses.js';
import { RequestTimers } from '../support/request-timers.js';

const REPO = { owner: 'acme', repo: 'widgets' };
const TOKEN = 'ghs_lastWritesToken7';
const SHA = 'e'.repeat(40);
const REQUEST_TIMEOUT_MS = 10_000;
const STATUS = {
  state: 'pending',
  description: 'The documentation agent is writing',
  targetUrl: 'https://github.com/acme/widgets/actions/runs/1',
  context: 'documentation',
} as const;

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
});

/** The time limits of the test's requests: none runs out, as no request hangs. */
let timers: RequestTimers | undefined;
/** Each request's time limit as it went out, in order. */
const limits = (): number[] => timers?.sent.map((request) => request.limitMs) ?? [];
beforeEach(() => {
  github.requests.length = 0;
  github.statuses.length = 0;
  github.clearFaults();
});
afterEach(async () => {
  timers?.close();
  timers = undefined;
  delete octokitPauses.clock;
  expect(await github.takeViolations()).toEqual([]);
});

/** The last writes of a step on a fake clock, whose deadline is long past: the windows are their own. */
function lastWrites(settings: { requestTimeoutMs?: number; retries?: number } = {}) {
  const time = new FakeTime();
  timers = new RequestTimers(time);
  const cancellation = new AbortController();
  const logger = recordingLogger();
  // The step's deadline is long past: only the windows of the last writes hold them.
  const context: ClientsContext = {
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
    logger,
    clock: time,
    startTimer: timers.startTimer,
    signal: cancellation.signal,
  };
  // Octokit's retry pauses move this clock, not the host's.
  octokitPauses.clock = time;
  const writes = new LastWrites({ requestTimeoutMs: settings.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, retries: settings.retries ?? 2 }, context);
  const cancel = (): void => cancellation.abort(new CancelledError('cancelled by SIGINT'));
  return { time, writes, cancel, logger };
}

/** Sets the status with the client; what it came to: written, or the kind of the failure. */
async function setStatus(client: Promise<GitHubApi>): Promise<string> {
  const failure = await failureOf(client);
  return failure === undefined ? 'written' : failure instanceof GitHubError ? failure.kind : 'not a GitHubError';
}

/** What setting the status with the client failed with; undefined once written. */
async function failureOf(client: Promise<GitHubApi>): Promise<unknown> {
  try {
    await (await client).setCommitStatus(SHA, STATUS);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** How a last write whose window ran out says so: its own window, not the step's timeout. */
const WINDOW_RAN_OUT =
  'GitHub set commit status (POST /repos/{owner}/{repo}/statuses/{sha}) timed out: the window of this last write (one request-timeout, or what a cancellation leaves) ran out before it answered.';

const statusRequests = (): number => github.callsTo('set-status').length;

describe('before a cancellation: one request-timeout from the moment the client is asked for', () => {
  it('a client asked for now has the whole request-timeout, though the step’s deadline is past', async () => {
    const { writes } = lastWrites();
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    expect(limits()).toEqual([REQUEST_TIMEOUT_MS]);
    expect(github.statuses.map((status) => [status.sha, status.state, status.context])).toEqual([[SHA, 'pending', 'documentation']]);
  });

  it('the window starts when the client is asked for, not when the last writes were set up', async () => {
    const { writes, time } = lastWrites();
    time.advance(3_600_000);
    const client = writes.client(TOKEN, REPO);
    time.advance(4_000);
    expect(await setStatus(client)).toBe('written');
    expect(limits()).toEqual([REQUEST_TIMEOUT_MS - 4_000]);
  });

  it('each client has its own window: a later one is not cut by the time an earlier one took', async () => {
    const { writes, time } = lastWrites();
    const status = writes.client(TOKEN, REPO);
    time.advance(9_000);
    const comment = writes.client(TOKEN, REPO);
    expect(await setStatus(status)).toBe('written');
    expect(await setStatus(comment)).toBe('written');
    expect(limits()).toEqual([1_000, REQUEST_TIMEOUT_MS]);
  });

  it('a request sent before the window ends goes out; from its end on, it is the deadline and nothing goes out', async () => {
    const { writes, time } = lastWrites();
    const open = writes.client(TOKEN, REPO);
    // A second left: the clock does not move while the request is on its way.
    time.advance(REQUEST_TIMEOUT_MS - 1_000);
    expect(await setStatus(open)).toBe('written');
    expect(limits()).toEqual([1_000]);
    const closed = writes.client(TOKEN, REPO);
    time.advance(REQUEST_TIMEOUT_MS);
    expect(await failureOf(closed)).toMatchObject({ kind: 'deadline', message: WINDOW_RAN_OUT });
    expect(statusRequests()).toBe(1);
  });

  it('is under the step’s cancellation: a client asked for before it is cut off by it, and sends nothing', async () => {
    const { writes, cancel } = lastWrites();
    const client = writes.client(TOKEN, REPO);
    cancel();
    expect(await setStatus(client)).toBe('cancelled');
    expect(statusRequests()).toBe(0);
  });

  it('retries as the settings say: a 502 is sent again once', async () => {
    const { writes, logger } = lastWrites({ retries: 1 });
    github.injectFault({ call: 'set-status', kind: 'status', status: 502 });
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    expect(statusRequests()).toBe(2);
    expect(logger.messages('info')).toEqual([
      'GitHub set commit status (POST /repos/{owner}/{repo}/statuses/{sha}) answered 502: Server Error; retrying in 1s (attempt 2 of 2).',
    ]);
  });
});

describe('after a cancellation: a signal of their own, the wrap-up window shared, no retries', () => {
  it('a client asked for after the cancellation still sends its request, within the wrap-up window', async () => {
    const { writes, cancel } = lastWrites();
    cancel();
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    expect(limits()).toEqual([CANCELLED_WRAP_UP_MS]);
    expect(statusRequests()).toBe(1);
  });

  it('the wrap-up window is a second and a half', () => {
    expect(CANCELLED_WRAP_UP_MS).toBe(1_500);
  });

  it('the clients share the window from the first one asked for: a later one has what is left of it, none once it is spent', async () => {
    const { writes, time, cancel } = lastWrites();
    cancel();
    time.advance(60_000);
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    time.advance(500);
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    expect(limits()).toEqual([CANCELLED_WRAP_UP_MS, 1_000]);
    time.advance(1_000);
    expect(await failureOf(writes.client(TOKEN, REPO))).toMatchObject({ kind: 'deadline', message: WINDOW_RAN_OUT });
    expect(statusRequests()).toBe(2);
  });

  it('the window starts with the first client asked for after the cancellation, not with one asked for before it', async () => {
    const { writes, time, cancel } = lastWrites();
    const before = writes.client(TOKEN, REPO);
    time.advance(2_000);
    cancel();
    time.advance(5_000);
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    expect(limits()).toEqual([CANCELLED_WRAP_UP_MS]);
    expect(await setStatus(before)).toBe('cancelled');
    expect(statusRequests()).toBe(1);
  });

  it('a request-timeout shorter than the wrap-up window still bounds each client, within the shared window', async () => {
    const { writes, time, cancel } = lastWrites({ requestTimeoutMs: 1_000 });
    cancel();
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    time.advance(300);
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    time.advance(300);
    // Its own request-timeout would end 1,600 ms after the first client: the shared window ends first, at 1,500.
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('written');
    expect(limits()).toEqual([1_000, 1_000, 900]);
  });

  it('sends nothing again: a 502 is the write’s end, though the settings allow retries', async () => {
    const { writes, cancel, logger } = lastWrites({ retries: 3 });
    cancel();
    github.injectFault({ call: 'set-status', kind: 'status', status: 502 });
    expect(await setStatus(writes.client(TOKEN, REPO))).toBe('http');
    expect(statusRequests()).toBe(1);
    expect(logger.messages('info')).toEqual([]);
  });
});
