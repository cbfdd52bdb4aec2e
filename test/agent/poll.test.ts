import { describe, expect, it } from 'vitest';
import { DEFAULT_HEARTBEAT_MS, pollJob, type JobReader } from '../../src/agent/poll.js';
import { ApiError } from '../../src/api/errors.js';
import type { AgentJob } from '../../src/api/schemas.js';
import { CancelledError } from '../../src/runtime.js';
import { agentJob as job, scriptedReader } from '../support/agent-fakes.js';
import { FakeTime, recordingLogger, seededRandom } from '../support/fake-time.js';

/** A job that turns `completed` (with a PR) at a given instant, as the server's clock sees it. */
function jobCompletingAt(time: FakeTime, doneAt: number): JobReader & { gets: number; seenDoneAt?: number } {
  const reader: JobReader & { gets: number; seenDoneAt?: number } = {
    gets: 0,
    getJob(): Promise<AgentJob> {
      reader.gets += 1;
      if (time.now() >= doneAt) {
        reader.seenDoneAt ??= time.now();
        return Promise.resolve(job('completed', { prLink: 'https://github.com/acme/docs/pull/1' }));
      }
      return Promise.resolve(job('active'));
    },
  };
  return reader;
}

function baseOptions(time: FakeTime, client: JobReader) {
  return {
    client,
    jobId: 'job_1',
    initialJob: job('active'),
    clock: time,
    sleep: time.sleep,
    random: () => 0.5, // no jitter: the multiplier is exactly 1
    logger: recordingLogger(),
    startedAt: time.now(),
    deadline: time.now() + 30 * 60_000,
    intervalMs: 5_000,
    maxIntervalMs: 30_000,
    // The schedule's tests count pauses; heartbeats split them, so they are off unless tested.
    heartbeatMs: Number.POSITIVE_INFINITY,
  };
}

const httpError = (status: number, retryAfterMs?: number): ApiError =>
  new ApiError(`GET /v2/agent/{projectId}/job/{id} answered ${status}`, {
    kind: 'http',
    endpoint: 'GET /v2/agent/{projectId}/job/{id}',
    status,
    retryAfterMs,
    mayHaveTakenEffect: false,
    attempts: 5,
  });

describe('pollJob interval schedule', () => {
  it('grows ×1.5 from poll-interval and stops at poll-interval-max', async () => {
    const time = new FakeTime();
    const client = scriptedReader([...Array<string>(8).fill('active'), 'completed']);
    const result = await pollJob(baseOptions(time, client));
    expect(result.job?.status).toBe('completed');
    expect(time.pauses).toEqual([5_000, 7_500, 11_250, 16_875, 25_313, 30_000, 30_000, 30_000, 30_000]);
  });

  it('keeps every jittered pause within ±10% and never above the maximum', async () => {
    const time = new FakeTime();
    const client = scriptedReader([...Array<string>(40).fill('active'), 'completed']);
    await pollJob({ ...baseOptions(time, client), random: seededRandom(7) });
    expect(time.pauses[0]).toBeGreaterThanOrEqual(4_500);
    expect(time.pauses[0]).toBeLessThanOrEqual(5_500);
    expect(Math.max(...time.pauses)).toBeLessThanOrEqual(30_000);
    expect(new Set(time.pauses).size).toBeGreaterThan(5); // jitter really varies the pauses
  });

  it('cuts the pause back to poll-interval when the status changes', async () => {
    const time = new FakeTime();
    const client = scriptedReader(['active', 'active', 'active', 'queued', 'queued', 'completed']);
    await pollJob(baseOptions(time, client));
    // Pauses before each GET: growth while active, back to 5s once "queued" appeared.
    expect(time.pauses).toEqual([5_000, 7_500, 11_250, 16_875, 5_000, 7_500]);
  });

  it('waits at least Retry-After after a rate-limited poll, even above poll-interval-max', async () => {
    const time = new FakeTime();
    const client = scriptedReader(['active', httpError(429, 90_000), 'completed']);
    const result = await pollJob(baseOptions(time, client));
    expect(result.job?.status).toBe('completed');
    expect(time.pauses).toEqual([5_000, 7_500, 90_000]);
  });
});

describe('pollJob deadline', () => {
  it('polls once more at the deadline and never overshoots it by more than one request', async () => {
    for (const requestMs of [0, 800, 2_500]) {
      const time = new FakeTime();
      const start = time.now();
      const client = scriptedReader(['active'], time, requestMs);
      const deadline = start + 61_000;
      const result = await pollJob({ ...baseOptions(time, client), deadline, random: seededRandom(3) });
      expect(result.timedOut).toBe(true);
      expect(result.job?.status).toBe('active');
      expect(time.now()).toBeGreaterThanOrEqual(deadline);
      expect(time.now() - deadline).toBeLessThanOrEqual(requestMs);
    }
  });

  it('notices a job finishing just before the deadline', async () => {
    const time = new FakeTime();
    const client = jobCompletingAt(time, time.now() + 59_000);
    const result = await pollJob({ ...baseOptions(time, client), deadline: time.now() + 60_000 });
    expect(result.timedOut).toBe(false);
    expect(result.job?.status).toBe('completed');
  });
});

describe('pollJob with the default settings', () => {
  it('spends at most 50 GETs on a 20-minute job and notices it within poll-interval-max', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const time = new FakeTime();
      const doneAt = time.now() + 20 * 60_000;
      const client = jobCompletingAt(time, doneAt);
      const result = await pollJob({ ...baseOptions(time, client), random: seededRandom(seed) });
      expect(result.job?.prLink).toBe('https://github.com/acme/docs/pull/1');
      expect(client.gets).toBeLessThanOrEqual(50);
      expect(client.seenDoneAt! - doneAt).toBeLessThanOrEqual(30_000);
    }
  });
});

describe('pollJob statuses and errors', () => {
  it('treats an unknown status as running and warns once', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = scriptedReader(['queued', 'queued', 'queued', 'completed']);
    const result = await pollJob({ ...baseOptions(time, client), logger });
    expect(result.job?.status).toBe('completed');
    const warnings = logger.messages('warning').filter((line) => line.includes('"queued"'));
    expect(warnings).toHaveLength(1);
  });

  it('waits out transient failures that outlast the client retries', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = scriptedReader(['active', httpError(503), httpError(502), 'completed']);
    const result = await pollJob({ ...baseOptions(time, client), logger });
    expect(result.job?.status).toBe('completed');
    expect(client.gets).toBe(4);
    expect(logger.messages('warning')).toHaveLength(2);
  });

  it('ends the wait on a refused key or a missing job', async () => {
    for (const status of [401, 403, 404]) {
      const time = new FakeTime();
      const client = scriptedReader(['active', httpError(status)]);
      await expect(pollJob(baseOptions(time, client))).rejects.toMatchObject({ status });
    }
  });

  it('logs one line per status change with the elapsed time', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = scriptedReader(['active', 'active', 'completed']);
    await pollJob({ ...baseOptions(time, client), logger });
    const changes = logger.messages('info').filter((line) => line.includes('→'));
    // 5s + 7.5s + 11.25s of pauses: the third GET sees the change.
    expect(changes).toEqual(['[24s] Job job_1: active → completed']);
  });

  it('says it is still waiting at least once a minute while nothing changes, with polls and the next check', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = jobCompletingAt(time, time.now() + 10 * 60_000);
    await pollJob({ ...baseOptions(time, client), logger, heartbeatMs: DEFAULT_HEARTBEAT_MS });
    const heartbeats = logger.messages('info').filter((line) => line.includes('still active'));
    // Ten quiet minutes: one line a minute (the last minute ends with the change instead).
    expect(heartbeats.length).toBeGreaterThanOrEqual(9);
    expect(heartbeats.length).toBeLessThanOrEqual(10);
    expect(heartbeats[0]).toMatch(/^\[1m\] Job job_1 is still active \(\d+ polls so far; next check in \d+s\)\.$/);
    const at = heartbeats.map((line) => /^\[(?:(\d+)m)?(?:(\d+)s)?\]/.exec(line)!).map(([, m = '0', s = '0']) => Number(m) * 60 + Number(s));
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeLessThanOrEqual(60);
  });

  it('breaks a pause longer than a minute to say it is still waiting', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = jobCompletingAt(time, time.now() + 5 * 60_000);
    const result = await pollJob({
      ...baseOptions(time, client),
      logger,
      intervalMs: 4 * 60_000,
      maxIntervalMs: 4 * 60_000,
      heartbeatMs: DEFAULT_HEARTBEAT_MS,
    });
    expect(result.job?.status).toBe('completed');
    // Two polls four minutes apart, and a line every quiet minute, counting down to the next.
    expect(client.gets).toBe(2);
    const heartbeats = logger.messages('info').filter((line) => line.includes('still active'));
    expect(heartbeats.map((line) => /next check in (\S+)\)/.exec(line)![1])).toEqual(['3m', '2m', '1m', '4m', '3m', '2m', '1m']);
  });

  it('attaching polls at once, without a first pause', async () => {
    const time = new FakeTime();
    const client = scriptedReader(['completed']);
    const result = await pollJob({ ...baseOptions(time, client), initialJob: undefined });
    expect(result.job?.status).toBe('completed');
    expect(time.pauses).toEqual([]);
  });

  it('stops at once when cancelled', async () => {
    const time = new FakeTime();
    const controller = new AbortController();
    const client = scriptedReader(['active']);
    const reader: JobReader = {
      getJob: (id) => {
        if (client.gets === 2) controller.abort(new CancelledError('cancelled by SIGTERM'));
        return client.getJob(id);
      },
    };
    await expect(pollJob({ ...baseOptions(time, reader), signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(client.gets).toBe(3);
  });
});

describe('pollJob: what counts as a missed poll, and what the log says', () => {
  const apiError = (kind: 'network' | 'timeout' | 'shape' | 'cancelled', status?: number): ApiError =>
    new ApiError(`GET /v2/agent/{projectId}/job/{id} failed (${kind})`, {
      kind,
      endpoint: 'GET /v2/agent/{projectId}/job/{id}',
      status,
      mayHaveTakenEffect: false,
      attempts: 5,
    });

  it('waits out a network failure and a request timeout, saying so each time', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = scriptedReader(['active', apiError('network'), apiError('timeout'), 'completed']);
    const result = await pollJob({ ...baseOptions(time, client), logger });
    expect(result).toMatchObject({ job: { status: 'completed' }, timedOut: false, polls: 4 });
    expect(logger.messages('warning')).toEqual([
      'Polling job job_1 failed (GET /v2/agent/{projectId}/job/{id} failed (network)); still waiting.',
      'Polling job job_1 failed (GET /v2/agent/{projectId}/job/{id} failed (timeout)); still waiting.',
    ]);
  });

  it('ends the wait on an answer of the wrong shape, or an error that is not from the API', async () => {
    for (const error of [apiError('shape', 200), new Error('a bug')]) {
      const time = new FakeTime();
      await expect(pollJob(baseOptions(time, scriptedReader(['active', error])))).rejects.toBe(error);
    }
  });

  it('looks at the job once even when the deadline has already passed', async () => {
    const time = new FakeTime();
    const client = scriptedReader(['active']);
    const result = await pollJob({ ...baseOptions(time, client), deadline: time.now() - 1 });
    expect(result).toMatchObject({ timedOut: true, polls: 1, job: { status: 'active' } });
    expect(client.gets).toBe(1);
  });

  it('attaching: after a missed first look, pauses before the next like any other poll', async () => {
    const time = new FakeTime();
    const client = scriptedReader([httpError(503), 'completed']);
    const result = await pollJob({ ...baseOptions(time, client), initialJob: undefined });
    expect(result.job?.status).toBe('completed');
    expect(time.pauses).toEqual([5_000]);
  });

  it('attaching: the first status seen is logged as new; a quiet wait before it says the job is not seen yet', async () => {
    const time = new FakeTime();
    const logger = recordingLogger();
    const client = scriptedReader([httpError(503), 'active', 'completed']);
    await pollJob({ ...baseOptions(time, client), initialJob: undefined, logger, intervalMs: 90_000, maxIntervalMs: 90_000, heartbeatMs: 60_000 });
    const info = logger.messages('info');
    expect(info[0]).toBe('[1m] Job job_1 is still not seen yet (1 poll so far; next check in 30s).');
    expect(info.filter((line) => line.includes('→'))).toEqual(['[1m30s] Job job_1: (new) → active', '[3m] Job job_1: active → completed']);
  });
});
