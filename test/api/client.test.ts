import fc from 'fast-check';
import { createServer as createHttpServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, redact, type ApiClientOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { pageVisitors } from '../../src/analytics/paging.js';
import { readPoorlyRatedPages, readUnansweredSearches } from '../../src/refresh/signals.js';
import { CancelledError, type Sleep } from '../../src/runtime.js';
import { scripts, startSimulator, type Simulator } from '../simulator/index.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';
import { AWKWARD_JOB_IDS, validJobId } from '../support/job-ids.js';
import { closedPort } from '../support/closed-port.js';

let sim: Simulator;
const PROJECT = 'proj_sim';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
/** The clock of each test's request timers: a hang ends at its request-timeout on it, with no real wait. */
let time: FakeTime;

/** What the simulator does with a request it holds unanswered: runs the test's clock to its request-timeout. */
const runToRequestTimeout = (): void => {
  time.runToNextTimer();
};

beforeAll(async () => {
  sim = await startSimulator({ readOnlyKeys: ['mint_readonly_key_42'] });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  time = new FakeTime(NOW);
  sim.onHang = runToRequestTimeout;
  // A drip's pauses are taken on the test's clock too.
  sim.dripPause = (ms) => {
    time.advance(ms);
    return new Promise((resolve) => setImmediate(resolve));
  };
});
afterEach(() => {
  sim.clearFaults();
  sim.resetLog();
});

/** A client whose pauses between retries are recorded and skipped, and whose request timers run on the test's clock, so tests take no time. */
function client(overrides: Partial<ApiClientOptions> = {}) {
  const sleeps: number[] = [];
  const sleep: Sleep = (ms, signal) => {
    sleeps.push(ms);
    return signal?.aborted ? Promise.reject(signal.reason as Error) : Promise.resolve();
  };
  const api = new ApiClient({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    projectId: PROJECT,
    requestTimeoutMs: 2_000,
    retries: 4,
    userAgent: 'docs-agent-action/test',
    logger: recordingLogger(),
    clock: { now: () => NOW },
    sleep,
    startTimer: time.startTimer,
    random: () => 0.5,
    ...overrides,
  });
  clients.push(api);
  return { api, sleeps };
}
const clients: ApiClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((api) => api.close()));
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).not.toContain(sim.apiKey);
    expect((error as ApiError).message).not.toContain('\n');
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('ApiClient against the simulator', () => {
  it('creates, reads and messages a job with the bearer key and a user agent', async () => {
    const { api } = client();
    sim.queueJobScripts(scripts.prAfter(1));
    const created = await api.createJob('Document the retries flag');
    expect(created.status).toBe('active');
    const polled = await api.getJob(created.id);
    expect(polled.status).toBe('completed');
    expect(polled.prLink).toMatch(/^https:\/\//);
    const messaged = await api.sendMessage(created.id, 'Also the timeout flag');
    expect(messaged.status).toBe('active');
    expect(api.requestCount).toBe(3);
    expect(sim.requests.map((r) => [r.method, r.endpoint, r.status])).toEqual([
      ['POST', 'create', 201],
      ['GET', 'get', 200],
      ['POST', 'message', 200],
    ]);
    expect(sim.requests.every((r) => r.authorization === 'valid')).toBe(true);
    expect(sim.requests[0]!.userAgent).toBe('docs-agent-action/test');
    expect(sim.requests[0]!.body).toEqual({ prompt: 'Document the retries flag' });
  });

  it('refuses a malformed job ID before any request, so it never becomes part of a path', async () => {
    const { api } = client();
    for (const id of ['..', '.', '', 'job\n1', 'job\u200b1', 'x'.repeat(257)]) {
      await expect(api.getJob(id)).rejects.toThrow(/malformed job ID/);
    }
    expect(sim.requests).toHaveLength(0);
    // "~" and "." are plain identifier characters: sent as they are.
    const error = await failure(api.getJob('job.v1~x'));
    expect(error.status).toBe(404);
    expect(sim.requests[0]!.path).toBe(`/v2/agent/${PROJECT}/job/job.v1~x`);
  });

  it.each(AWKWARD_JOB_IDS)('sends the job ID %j as one percent-encoded path segment', async (id) => {
    const { api } = client();
    sim.queueJobIds(id);
    const created = await api.createJob('x');
    expect(created.id).toBe(id);
    await expect(api.getJob(id)).resolves.toMatchObject({ id });
    await expect(api.sendMessage(id, 'more')).resolves.toMatchObject({ id });
    const [, get, message] = sim.requests;
    expect(get!.path).toBe(`/v2/agent/${PROJECT}/job/${encodeURIComponent(id)}`);
    expect(message!.path).toBe(`/v2/agent/${PROJECT}/job/${encodeURIComponent(id)}/message`);
    expect([get!.jobId, message!.jobId]).toEqual([id, id]);
  });

  it('gets any job ID the contract allows to the server as one path segment, and back', async () => {
    const { api } = client();
    await fc.assert(
      fc.asyncProperty(validJobId, async (id) => {
        sim.resetLog();
        sim.queueJobIds(id);
        expect((await api.createJob('x')).id).toBe(id);
        expect((await api.getJob(id)).id).toBe(id);
        const { path, jobId, endpoint } = sim.requests[1]!;
        expect(endpoint).toBe('get');
        expect(jobId).toBe(id);
        // The prefix, then one segment: nothing in the ID adds a segment, a query or a fragment.
        const segments = path.split('/');
        expect(segments.slice(0, 5)).toEqual(['', 'v2', 'agent', PROJECT, 'job']);
        expect(segments).toHaveLength(6);
        expect(decodeURIComponent(segments[5]!)).toBe(id);
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('reads a page of visitors with its query', async () => {
    const { api } = client();
    const page = await api.getVisitors({ dateFrom: '2026-11-01', dateTo: '2026-11-08', limit: 10, offset: 5 });
    expect(page.visitors.length).toBeLessThanOrEqual(10);
    expect(typeof page.hasMore).toBe('boolean');
    expect(sim.requests[0]!.query).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-08', limit: '10', offset: '5' });
  });
});

describe('retries', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a GET after %i', async (status) => {
    const { api, sleeps } = client();
    const job = await api.createJob('x');
    sim.resetLog();
    sim.injectFault({ target: 'get', kind: 'status', status });
    await expect(api.getJob(job.id)).resolves.toMatchObject({ id: job.id });
    expect(sim.requests.map((r) => r.status)).toEqual([status, 200]);
    expect(sleeps).toHaveLength(1);
  });

  it.each(['reset', 'reset-mid-body', 'malformed-json'] as const)('handles a GET answered with %s', async (kind) => {
    const { api } = client();
    const job = await api.createJob('x');
    sim.resetLog();
    sim.injectFault({ target: 'get', kind });
    if (kind === 'malformed-json') {
      // A complete answer that is not JSON is not transient: it is reported, not retried.
      const error = await failure(api.getJob(job.id));
      expect(error.kind).toBe('shape');
      expect(error.message).toContain('not JSON');
      expect(sim.requests).toHaveLength(1);
    } else {
      await expect(api.getJob(job.id)).resolves.toMatchObject({ id: job.id });
      expect(sim.requests).toHaveLength(2);
    }
  });

  it('retries a GET that hangs past request-timeout', async () => {
    const { api } = client({ requestTimeoutMs: 30_000 });
    const job = await api.createJob('x');
    sim.resetLog();
    sim.injectFault({ target: 'get', kind: 'hang' });
    await expect(api.getJob(job.id)).resolves.toMatchObject({ id: job.id });
    expect(sim.requests).toHaveLength(2);
  });

  it('times out a server that drips its answer slower than request-timeout', async () => {
    const { api } = client({ requestTimeoutMs: 300, retries: 0 });
    const job = await api.createJob('x');
    sim.injectFault({ target: 'get', kind: 'drip', chunkBytes: 1, intervalMs: 100 });
    const error = await failure(api.getJob(job.id));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('request-timeout');
  });

  it('says each retry in one info line: what failed, the wait, attempt n of m', async () => {
    const logger = recordingLogger();
    const { api } = client({ logger, retries: 2 });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 503, retryAfter: '3', body: { error: 'busy\n::error::x' } });
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    await api.getVisitors({ limit: 5, offset: 0 });
    expect(logger.messages('info')).toEqual([
      'GET /v1/analytics/{projectId}/visitors answered 503 (busy ::error::x); retrying in 3s (attempt 2 of 3).',
      'GET /v1/analytics/{projectId}/visitors got no complete answer within request-timeout (2000 ms); retrying in 1s (attempt 3 of 3).',
    ]);
  });

  it('honours Retry-After in seconds as a floor', async () => {
    const { api, sleeps } = client();
    sim.injectFault({ target: 'visitors', kind: 'status', status: 429, retryAfter: '7' });
    await api.getVisitors({ limit: 5, offset: 0 });
    expect(sleeps).toEqual([7_000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { api, sleeps } = client();
    sim.injectFault({ target: 'visitors', kind: 'status', status: 503, retryAfter: new Date(NOW + 12_000).toUTCString() });
    await api.getVisitors({ limit: 5, offset: 0 });
    expect(sleeps).toEqual([12_000]);
  });

  it('backs off with full jitter between attempts and gives up after `retries`', async () => {
    const { api, sleeps } = client({ retries: 3, random: () => 0.999 });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 503, times: 10 });
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(4);
    expect(error.message).toContain('after 4 attempts');
    expect(sleeps).toEqual([999, 1_998, 3_996]);
    expect(sim.requests).toHaveLength(4);
  });

  it('does not retry when the next attempt would start after the deadline', async () => {
    const { api, sleeps } = client({ deadline: NOW + 5_000 });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 429, retryAfter: '60' });
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(error.status).toBe(429);
    expect(error.message).toContain('timeout');
    expect(sleeps).toEqual([]);
    expect(sim.requests).toHaveLength(1);
  });
});

describe('requests that create something', () => {
  it('are retried after 429: nothing was done', async () => {
    const { api } = client();
    const before = sim.jobs().length;
    sim.injectFault({ target: 'create', kind: 'status', status: 429, retryAfter: '1' });
    await api.createJob('x');
    expect(sim.requests.map((r) => r.status)).toEqual([429, 201]);
    expect(sim.jobs().length).toBe(before + 1);
  });

  it.each([
    ['a reset after the server acted', { kind: 'reset', process: true }],
    ['a reset before any answer', { kind: 'reset' }],
    ['a reset in the middle of the body', { kind: 'reset-mid-body' }],
    ['a request timeout', { kind: 'hang', process: true }],
    ['a 503', { kind: 'status', status: 503 }],
    ['a 502', { kind: 'status', status: 502 }],
    ['a 500', { kind: 'status', status: 500 }],
  ] as const)('are not sent again after %s', async (_name, fault) => {
    const { api } = client({ requestTimeoutMs: 30_000 });
    sim.injectFault({ target: 'create', ...fault });
    const error = await failure(api.createJob('x'));
    expect(sim.requests.filter((r) => r.endpoint === 'create')).toHaveLength(1);
    expect(error.mayHaveTakenEffect).toBe(true);
    expect(error.message).toContain('attach to it with job-id');
  });

  it('a message is not sent again after a reset', async () => {
    const { api } = client();
    const job = await api.createJob('x');
    sim.resetLog();
    sim.injectFault({ target: 'message', kind: 'reset', process: true });
    await failure(api.sendMessage(job.id, 'follow up'));
    expect(sim.requests).toHaveLength(1);
    expect(sim.job(job.id)!.messages).toHaveLength(1);
  });

  it('are retried when the connection was refused: the server never saw them', async () => {
    const port = await closedPort();
    const { api, sleeps } = client({ baseUrl: `http://127.0.0.1:${port}`, retries: 2 });
    const error = await failure(api.createJob('x'));
    expect(error.kind).toBe('network');
    expect(error.mayHaveTakenEffect).toBe(false);
    expect(api.requestCount).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('the preview trigger: sent again only after a 429, at most 3 times a run', () => {
  /** A simulator of its own, its clock a minute on for each test: the organisation's 5 triggers a minute start afresh. */
  let previews: Simulator;
  let simNow = NOW;
  beforeAll(async () => {
    previews = await startSimulator({ now: () => simNow });
    previews.onHang = runToRequestTimeout;
  });
  afterAll(async () => {
    await previews.close();
  });
  afterEach(() => {
    previews.clearFaults();
    previews.resetLog();
    simNow += 60_000;
  });
  const triggers = () => previews.requests.filter((r) => r.endpoint === 'preview');
  const previewClient = (overrides: Partial<ApiClientOptions> = {}) => client({ baseUrl: previews.url, ...overrides });

  it.each([500, 502, 503, 504])('is not sent again after a %i, whatever retries says', async (status) => {
    const { api, sleeps } = previewClient({ retries: 10 });
    previews.injectFault({ target: 'preview', kind: 'status', status, times: Infinity });
    const error = await failure(api.triggerPreview('docs/x'));
    expect(error).toMatchObject({ status, attempts: 1, mayHaveTakenEffect: false });
    expect(triggers()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('is not sent again after a timeout or a reset', async () => {
    const { api } = previewClient({ requestTimeoutMs: 30_000 });
    previews.injectFault({ target: 'preview', kind: 'hang' });
    expect((await failure(api.triggerPreview('docs/x'))).kind).toBe('timeout');
    previews.injectFault({ target: 'preview', kind: 'reset' });
    expect((await failure(previewClient().api.triggerPreview('docs/x'))).kind).toBe('network');
    expect(triggers()).toHaveLength(2);
  });

  it('after a 429 without Retry-After: again 12 s later, 3 sends in all, each retry said at info level', async () => {
    const logger = recordingLogger();
    const { api, sleeps } = previewClient({ logger, retries: 10 });
    previews.injectFault({ target: 'preview', kind: 'status', status: 429, times: Infinity, body: { error: 'Too many preview deployments' } });
    const error = await failure(api.triggerPreview('docs/x'));
    expect(triggers()).toHaveLength(3);
    expect(sleeps).toEqual([12_000, 12_000]);
    expect(error).toMatchObject({ status: 429, attempts: 3 });
    expect(logger.messages('info')).toEqual([
      'POST /v1/project/preview/{projectId} answered 429 (Too many preview deployments); retrying in 12s (attempt 2 of 3).',
      'POST /v1/project/preview/{projectId} answered 429 (Too many preview deployments); retrying in 12s (attempt 3 of 3).',
    ]);
  });

  it('after a 429 with Retry-After (seconds or a date): again once it has passed, not sooner and not on a backoff', async () => {
    const { api, sleeps } = previewClient();
    previews.injectFault({ target: 'preview', kind: 'status', status: 429, retryAfter: '30' });
    previews.injectFault({ target: 'preview', kind: 'status', status: 429, retryAfter: new Date(NOW + 3_000).toUTCString() });
    await expect(api.triggerPreview('docs/x')).resolves.toMatchObject({ statusId: expect.any(String) });
    expect(sleeps).toEqual([30_000, 3_000]);
    expect(triggers().map((r) => r.status)).toEqual([429, 429, 202]);
  });

  it('counts the 3 per run, whatever the caller: a second trigger in the run has only what the first left', async () => {
    const { api } = previewClient();
    previews.injectFault({ target: 'preview', kind: 'status', status: 429, retryAfter: '1', times: 2 });
    await api.triggerPreview('docs/x');
    const error = await failure(api.triggerPreview('docs/y'));
    expect(error).toMatchObject({ kind: 'budget', attempts: 0, tookNoEffect: true });
    expect(error.message).toBe('POST /v1/project/preview/{projectId} was not sent: the preview trigger is sent at most 3 times a run.');
    expect(triggers()).toHaveLength(3);
  });

  it('honours retries: 0 (sent once) and retries: 1 (at most twice)', async () => {
    previews.injectFault({ target: 'preview', kind: 'status', status: 429, retryAfter: '1', times: Infinity });
    await failure(previewClient({ retries: 0 }).api.triggerPreview('docs/x'));
    expect(triggers()).toHaveLength(1);
    await failure(previewClient({ retries: 1 }).api.triggerPreview('docs/x'));
    expect(triggers()).toHaveLength(3);
  });

  it('is not sent again when the wait would end after the step’s deadline', async () => {
    const { api, sleeps } = previewClient({ deadline: NOW + 11_999 });
    previews.injectFault({ target: 'preview', kind: 'status', status: 429 });
    const error = await failure(api.triggerPreview('docs/x'));
    expect(error.message).toMatch(/after the step’s timeout\.$/);
    expect(sleeps).toEqual([]);
    expect(triggers()).toHaveLength(1);
  });

  it('a status read is never retried inside the read, whatever the failure', async () => {
    const { api, sleeps } = previewClient({ retries: 10, requestTimeoutMs: 30_000 });
    const { statusId } = await api.triggerPreview('docs/x');
    for (const fault of [{ kind: 'status', status: 503, retryAfter: '1' }, { kind: 'status', status: 429 }, { kind: 'hang' }, { kind: 'reset' }] as const) {
      previews.injectFault({ target: 'preview-status', ...fault });
      const error = await failure(api.getDeploymentStatus(statusId));
      expect(error.attempts).toBe(1);
    }
    expect(previews.requests.filter((r) => r.endpoint === 'preview-status')).toHaveLength(4);
    expect(sleeps).toEqual([]);
  });
});

describe('a read’s budget counts its retries', () => {
  const read = { dateFrom: undefined, dateTo: undefined, deadline: { at: Number.POSITIVE_INFINITY, clock: { now: () => NOW } } };

  it('visitors: never more than (rows kept ÷ page size) + concurrency + 1 requests, a 503 on every answer included', async () => {
    const { api } = client({ retries: 10 });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 503, times: Infinity });
    await failure(pageVisitors(api, { pageSize: 50, offset: 0, maxRows: 0, concurrency: 1 }, () => Promise.resolve()));
    expect(sim.requests).toHaveLength(0 + 1 + 1);
    sim.resetLog();
    await failure(pageVisitors(api, { pageSize: 50, offset: 0, maxRows: 0, concurrency: 3 }, () => Promise.resolve()));
    expect(sim.requests).toHaveLength(0 + 3 + 1);
  });

  it('visitors: a transient failure is still got over within it', async () => {
    const { api } = client();
    sim.injectFault({ target: 'visitors', kind: 'pass' });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 503 });
    const result = await pageVisitors(api, { pageSize: 50, offset: 0, maxRows: 0, concurrency: 1 }, () => Promise.resolve());
    expect(result.rows).toBe(120);
    expect(sim.requests.map((r) => r.status)).toEqual([200, 503, 200, 200]);
  });

  it('feedback: its one request, not sent again', async () => {
    const { api } = client();
    sim.injectFault({ target: 'feedback-by-page', kind: 'status', status: 503, times: Infinity });
    const error = await failure(readPoorlyRatedPages(api, { ...read, pageSize: 250, maxRows: 0, concurrency: 1, count: 5 }));
    expect(error.message).toMatch(/answered 503 after 1 attempt: .* Not sent again: the read has spent its 1 request\.$/);
    expect(sim.requests).toHaveLength(1);
  });

  it('searches: five requests in all, retries included', async () => {
    const { api } = client({ retries: 10 });
    sim.injectFault({ target: 'searches', kind: 'pass' });
    sim.injectFault({ target: 'searches', kind: 'status', status: 502, times: Infinity });
    await failure(readUnansweredSearches(api, { ...read, pageSize: 250, maxRows: 0, concurrency: 1, count: 100 }));
    expect(sim.requests.map((r) => r.status)).toEqual([200, 502, 502, 502, 502]);
  });
});

describe('error wording', () => {
  it('401: the key was refused, and how to replace it', async () => {
    const { api } = client({ apiKey: 'mint_wrong_key_123' });
    const error = await failure(api.createJob('x'));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/API key was refused.*expire/);
    expect(error.message).toContain("or the organisation's plan does not include API access");
    expect(error.message).not.toContain('mint_wrong_key_123');
    expect(sim.requests).toHaveLength(1);
  });

  describe('the three 429s the vendor answers, told apart by their bodies', () => {
    it('the key’s usage used up: said so, and not retried, whatever retries says', async () => {
      const { api } = client();
      sim.injectFault({
        target: 'create',
        kind: 'status',
        status: 429,
        times: 5,
        body: { error: 'Usage limit reached: this key has used its monthly quota.' },
      });
      const error = await failure(api.createJob('x'));
      expect(error.usageUsedUp).toBe(true);
      expect(error.message).toContain("the API key's usage is used up, so it was not retried");
      expect(sim.requests).toHaveLength(1);
    });

    it('the organisation’s limit, in plain text: said as the rate limit it is, and waited out', async () => {
      const { api } = client();
      const plain = { kind: 'status', status: 429, retryAfter: '1', body: 'Too many requests, please try again later.', contentType: 'text/plain' } as const;
      sim.injectFault({ target: 'create', ...plain, times: 5 });
      const error = await failure(api.createJob('x'));
      expect(error.usageUsedUp).toBe(false);
      expect(error.message).toContain("rate limited by the organisation's request limit");
      expect(sim.requests.length).toBeGreaterThan(1);
    });

    it('the key’s own rate limit, in JSON: the documented limit of the endpoint, waited out', async () => {
      const { api } = client();
      sim.injectFault({ target: 'create', kind: 'status', status: 429, retryAfter: '1', times: 5, body: { error: 'Rate limit exceeded' } });
      const error = await failure(api.createJob('x'));
      expect(error.message).toContain('the agent API allows 100 jobs and messages per project per hour');
      expect(sim.requests.length).toBeGreaterThan(1);
    });
  });

  it('403: scope or IP allowlist', async () => {
    const { api } = client({ apiKey: 'mint_readonly_key_42' });
    const error = await failure(api.createJob('x'));
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/read-only key.*allowlist/);
  });

  it('404: names the project, or the job and the project, and says base-url may not be the API root', async () => {
    const project = await failure(client({ projectId: 'proj_nope' }).api.createJob('x'));
    expect(project.status).toBe(404);
    expect(project.message).toContain(`project "proj_nope" was not found, or base-url (${sim.url}) does not point at the API's root`);
    expect(project.message).toMatch(/Check project-id .* and that base-url is the address the API's \/v1 and \/v2 paths start from/);
    const job = await failure(client().api.getJob('job_missing'));
    expect(job.message).toContain(`job "job_missing" was not found in project "proj_sim", or base-url (${sim.url}) does not point at the API's root`);
    expect(job.message).toMatch(/Check job-id, project-id, and that base-url is/);
  });

  it('404 from a base-url with a path prefix the API does not have, or without one it needs: says both', async () => {
    const extra = await failure(client({ baseUrl: `${sim.url}/api` }).api.createJob('x'));
    expect(extra.status).toBe(404);
    expect(extra.message).toContain(`project "${PROJECT}" was not found, or base-url (${sim.url}/api) does not point at the API's root`);
    const prefixed = await startSimulator({ basePath: '/api' });
    try {
      const root = prefixed.url.slice(0, -'/api'.length);
      const missing = await failure(client({ baseUrl: root, apiKey: prefixed.apiKey }).api.getJob('job_1'));
      expect(missing.status).toBe(404);
      expect(missing.message).toContain(`or base-url (${root}) does not point at the API's root`);
      // Served where base-url says, the same simulator answers.
      await expect(client({ baseUrl: prefixed.url, apiKey: prefixed.apiKey }).api.createJob('x')).resolves.toMatchObject({ status: 'active' });
    } finally {
      await prefixed.close();
    }
  });

  it('400: the server’s own message, with details', async () => {
    const { api } = client();
    const error = await failure(api.getVisitors({ limit: 251, offset: 0 }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('limit');
    expect(error.serverMessage).toBeTruthy();
    expect(sim.requests).toHaveLength(1);
  });

  it('a server that echoes the key does not get it into the message', async () => {
    const { api } = client();
    sim.injectFault({
      target: 'create',
      kind: 'status',
      status: 400,
      body: { error: `key ${sim.apiKey} is not allowed`, details: [{ message: encodeURIComponent(sim.apiKey) }] },
    });
    const error = await failure(api.createJob('x'));
    expect(error.message).toContain('key *** is not allowed');
    expect(error.serverMessage).not.toContain(sim.apiKey);
  });

  it('a plain-text error body is trimmed to one line', async () => {
    const { api } = client();
    sim.injectFault({ target: 'create', kind: 'status', status: 400, body: `bad\n::set-output name=x::y\n${'z'.repeat(1000)}`, contentType: 'text/plain' });
    const error = await failure(api.createJob('x'));
    expect(error.message).toContain('bad ::set-output');
    expect(error.serverMessage!.length).toBeLessThanOrEqual(300);
  });

  it('a 200 of the wrong shape is reported as such', async () => {
    const { api } = client();
    sim.injectFault({ target: 'create', kind: 'wrong-shape', body: { status: 'active' } });
    const error = await failure(api.createJob('x'));
    expect(error.kind).toBe('shape');
    expect(error.message).toContain('not the documented shape: id');
  });
});

describe('whether a create took effect', () => {
  it('took none when every attempt was refused with 429', async () => {
    const { api } = client({ retries: 1 });
    sim.injectFault({ target: 'create', kind: 'status', status: 429, times: 2 });
    const error = await failure(api.createJob('x'));
    expect(error.status).toBe(429);
    expect(error.tookNoEffect).toBe(true);
  });

  it('took none when cancelled while waiting out the Retry-After of a 429', async () => {
    const controller = new AbortController();
    const before = sim.jobs().length;
    // The signal arrives during the pause the 429 asked for.
    const sleep: Sleep = (_ms, signal) => {
      controller.abort(new CancelledError('cancelled by SIGINT'));
      return Promise.reject(signal!.reason as Error);
    };
    const { api } = client({ signal: controller.signal, sleep });
    sim.injectFault({ target: 'create', kind: 'status', status: 429, retryAfter: '30' });
    const error = await failure(api.createJob('x'));
    expect(error.kind).toBe('cancelled');
    expect(error.tookNoEffect).toBe(true);
    expect(sim.jobs().length).toBe(before);
  });

  it('took none when the connection was refused every time', async () => {
    const port = await closedPort();
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}`, retries: 1 }).api.createJob('x'));
    expect(error.tookNoEffect).toBe(true);
  });

  it('may have when cancelled while the request was in flight', async () => {
    const controller = new AbortController();
    const { api } = client({ signal: controller.signal, requestTimeoutMs: 60_000 });
    sim.injectFault({ target: 'create', kind: 'hang', process: true });
    // Once the server has it (it certainly left), and not by its timer.
    sim.onHang = () => controller.abort(new CancelledError('cancelled by SIGINT'));
    const error = await failure(api.createJob('x'));
    expect(error.kind).toBe('cancelled');
    expect(error.tookNoEffect).toBe(false);
  });

  it('may have after a 503, even when a 429 came first', async () => {
    const { api } = client();
    sim.injectFault({ target: 'create', kind: 'status', status: 429 });
    sim.injectFault({ target: 'create', kind: 'status', status: 503 });
    const error = await failure(api.createJob('x'));
    expect(sim.requests.map((r) => r.status)).toEqual([429, 503]);
    expect(error.tookNoEffect).toBe(false);
  });
});

describe('cancellation', () => {
  it('aborts a request in flight at once', async () => {
    const controller = new AbortController();
    // Its timer never runs: a request not aborted would fail the test by hanging.
    const { api } = client({ signal: controller.signal, requestTimeoutMs: 60_000 });
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    sim.onHang = () => controller.abort(new Error('cancelled by SIGTERM'));
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    // Not 'timeout': the abort ended it, not the request timeout.
    expect(error.kind).toBe('cancelled');
    expect(sim.requests).toHaveLength(1);
  });
});

/** A one-off HTTP server on loopback that answers every request with `answer`, recording what it got. */
async function answeringServer(answer: (res: ServerResponse) => void) {
  const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server = createHttpServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('what the client sends', () => {
  it('asks for JSON, and says a body is JSON only when it sends one', async () => {
    const server = await answeringServer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"job_1","status":"active"}'));
    try {
      const { api } = client({ baseUrl: server.url });
      await api.createJob('x');
      await api.getJob('job_1');
      const [post, get] = server.received;
      expect(post!.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' });
      expect(get!.headers.accept).toBe('application/json');
      expect(get!.headers['content-type']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('leaves out the dates it was not given, and logs each request at debug level', async () => {
    const logger = recordingLogger();
    const { api } = client({ logger });
    await api.getVisitors({ limit: 5, offset: 0 });
    expect(sim.requests[0]!.query).toEqual({ limit: '5', offset: '0' });
    expect(logger.messages('debug')).toEqual([`GET /v1/analytics/${PROJECT}/visitors?limit=5&offset=0`]);
  });

  it('reads rated pages and searches from their own endpoints, with their queries', async () => {
    const { api } = client();
    await api.getFeedbackByPage({ dateFrom: '2026-11-01', limit: 100 });
    await api.getSearches({ dateTo: '2026-11-08', limit: 50 });
    expect(sim.requests.map((r) => [r.path, r.query])).toEqual([
      [`/v1/analytics/${PROJECT}/feedback/by-page`, { dateFrom: '2026-11-01', limit: '100' }],
      [`/v1/analytics/${PROJECT}/searches`, { dateTo: '2026-11-08', limit: '50' }],
    ]);
  });
});

describe('what the client accepts, and how it words the rest', () => {
  it('takes only a 2xx answer as the result: a 300 is an error', async () => {
    const server = await answeringServer((res) => res.writeHead(300, { 'content-type': 'application/json' }).end('{"id":"job_1","status":"active"}'));
    try {
      const error = await failure(client({ baseUrl: server.url }).api.getJob('job_1'));
      expect(error).toMatchObject({ kind: 'http', status: 300, attempts: 1 });
    } finally {
      await server.close();
    }
  });

  it("words a 4xx with the server's message and nothing else; only a 5xx to a create says the job may exist", async () => {
    const server = await answeringServer((res) => {
      const status = Number(res.req.url === '/v2/agent/proj_sim/job' ? 400 : 503);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad' }));
    });
    try {
      const { api } = client({ baseUrl: server.url, retries: 0 });
      const refused = await failure(api.createJob('x'));
      expect(refused.message).toBe('POST /v2/agent/{projectId}/job answered 400: Server said: bad.');
      expect(refused.mayHaveTakenEffect).toBe(false);
      const read = await failure(api.getJob('job_1'));
      expect(read.message).toBe(
        'GET /v2/agent/{projectId}/job/{id} answered 503 after 1 attempt: the service had a problem; try again later. Server said: bad.',
      );
      expect(read.mayHaveTakenEffect).toBe(false);
      const message = await failure(api.sendMessage('job_1', 'more'));
      expect(message.mayHaveTakenEffect).toBe(true);
      expect(message.message).toContain('attach to it with job-id');
      // What follows the server's message is a sentence of its own.
      expect(message.message).toContain('Server said: bad. The request may have reached the server');
    } finally {
      await server.close();
    }
  });

  it('says a create of the wrong shape may have made a job; a read of the wrong shape does not', async () => {
    const { api } = client();
    sim.injectFault({ target: 'create', kind: 'wrong-shape', body: { status: 'active' } });
    const created = await failure(api.createJob('x'));
    expect(created).toMatchObject({ kind: 'shape', status: 201, mayHaveTakenEffect: true, attempts: 1 });
    expect(created.message).toContain('attach to it with job-id');
    sim.injectFault({ target: 'visitors', kind: 'wrong-shape', body: { visitors: 'none' } });
    const read = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(read).toMatchObject({ kind: 'shape', mayHaveTakenEffect: false });
    expect(read.message).not.toContain('job-id');
  });

  it('refuses a body over 8 MiB, and takes one of exactly 8 MiB', async () => {
    const LIMIT = 8 * 1024 * 1024;
    const head = '{"id":"job_1","status":"active","model":"';
    const job = (bytes: number) => `${head}${'m'.repeat(bytes - head.length - 2)}"}`;
    let size = LIMIT;
    const server = await answeringServer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(job(size)));
    try {
      const { api } = client({ baseUrl: server.url, retries: 0 });
      expect((await api.getJob('job_1')).model).toHaveLength(LIMIT - head.length - 2);
      size = LIMIT + 1;
      const error = await failure(api.getJob('job_1'));
      expect(error.message).toBe(`GET /v2/agent/{projectId}/job/{id} failed: response body larger than ${LIMIT} bytes.`);
    } finally {
      await server.close();
    }
  });

  it('ends a request with no answer within request-timeout as a timeout', async () => {
    const { api } = client({ requestTimeoutMs: 300, retries: 0 });
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(error).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(error.message).toBe('GET /v1/analytics/{projectId}/visitors got no complete answer within request-timeout (300 ms).');
  });

  it('ends a hang at exactly request-timeout on its clock, not a moment before, and waits for nothing else', async () => {
    // An hour: waited for in real time, it would outlast the test's own timeout.
    const hour = 3_600_000;
    const { api } = client({ requestTimeoutMs: hour, retries: 0 });
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    const pending: number[][] = [];
    sim.onHang = () => {
      pending.push(time.pendingTimers.map((timer) => timer.ms));
      time.advance(hour - 1);
      pending.push(time.pendingTimers.map((timer) => timer.ms));
      time.advance(1);
      pending.push(time.pendingTimers.map((timer) => timer.ms));
    };
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(error).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(pending).toEqual([[hour], [hour], []]);
    expect(time.now() - NOW).toBe(hour);
    expect(sim.requests).toHaveLength(1);
  });

  it('stops the timer of a request that was answered: it never fires', async () => {
    const { api } = client({ retries: 0 });
    await api.getVisitors({ limit: 5, offset: 0 });
    expect(time.pendingTimers).toEqual([]);
  });

  it("names the network error's code when its message does not, and asks about base-url when the server was never reached", async () => {
    const logger = recordingLogger();
    const { api } = client({ logger, retries: 0 });
    sim.injectFault({ target: 'visitors', kind: 'reset' });
    expect((await failure(api.getVisitors({ limit: 5, offset: 0 }))).message).toBe(
      'GET /v1/analytics/{projectId}/visitors failed: other side closed (UND_ERR_SOCKET).',
    );
    const port = await closedPort();
    const refused = client({ baseUrl: `http://127.0.0.1:${port}`, retries: 1, logger });
    const error = await failure(refused.api.getJob('job_1'));
    expect(error.attempts).toBe(2);
    expect(error.message).toBe(
      `GET /v2/agent/{projectId}/job/{id} failed: connect ECONNREFUSED 127.0.0.1:${port} (is base-url http://127.0.0.1:${port} right?).`,
    );
    expect(logger.messages('info')).toEqual([
      `GET /v2/agent/{projectId}/job/{id} failed: connect ECONNREFUSED 127.0.0.1:${port} (is base-url http://127.0.0.1:${port} right?); retrying in 500ms (attempt 2 of 2).`,
    ]);
  });

  it('says a retry after a status with no message without a message', async () => {
    const logger = recordingLogger();
    const server = await answeringServer((res) => res.writeHead(503).end());
    try {
      await failure(client({ baseUrl: server.url, retries: 1, logger }).api.getJob('job_1'));
      expect(logger.messages('info')).toEqual(['GET /v2/agent/{projectId}/job/{id} answered 503; retrying in 500ms (attempt 2 of 2).']);
    } finally {
      await server.close();
    }
  });

  it('retries when the next attempt starts exactly at the deadline', async () => {
    const { api, sleeps } = client({ deadline: NOW + 7_000 });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 429, retryAfter: '7' });
    await api.getVisitors({ limit: 5, offset: 0 });
    expect(sleeps).toEqual([7_000]);
  });
});

describe('cancellation, before and between requests', () => {
  it('sends nothing once cancelled, and says so without suggesting the job may exist', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by SIGINT'));
    const logger = recordingLogger();
    const { api } = client({ signal: controller.signal, logger });
    const error = await failure(api.createJob('x'));
    expect(error).toMatchObject({ kind: 'cancelled', mayHaveTakenEffect: false, attempts: 0 });
    expect(error.message).toBe('POST /v2/agent/{projectId}/job: cancelled.');
    expect(sim.requests).toHaveLength(0);
    expect(logger.messages('info')).toEqual([]);
  });

  it('does not announce a retry of a request the cancellation ended', async () => {
    const controller = new AbortController();
    const logger = recordingLogger();
    const { api } = client({ signal: controller.signal, logger, requestTimeoutMs: 60_000 });
    sim.injectFault({ target: 'visitors', kind: 'hang' });
    sim.onHang = () => controller.abort(new Error('cancelled by SIGTERM'));
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(error).toMatchObject({ kind: 'cancelled', attempts: 1 });
    expect(logger.messages('info')).toEqual([]);
  });

  it('stops in the pause between attempts when cancelled there', async () => {
    const controller = new AbortController();
    const sleep: Sleep = (_ms, signal) => {
      controller.abort(new Error('cancelled by SIGTERM'));
      return Promise.reject(signal!.reason as Error);
    };
    const { api } = client({ signal: controller.signal, sleep });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 503 });
    const error = await failure(api.getVisitors({ limit: 5, offset: 0 }));
    expect(error).toMatchObject({ kind: 'cancelled', attempts: 1 });
    expect(sim.requests).toHaveLength(1);
  });
});

describe('the client and its connections', () => {
  it('leaves a connection pool it was given open when it closes, and closes its own', async () => {
    const pool = new Agent();
    try {
      const given = client({ dispatcher: pool });
      await given.api.getVisitors({ limit: 5, offset: 0 });
      await given.api.close();
      await expect(client({ dispatcher: pool }).api.getVisitors({ limit: 5, offset: 0 })).resolves.toMatchObject({ hasMore: expect.any(Boolean) });
      const own = client();
      await own.api.getVisitors({ limit: 5, offset: 0 });
      await own.api.close();
      clients.splice(clients.indexOf(own.api), 1); // closed here already
      expect((await failure(own.api.getVisitors({ limit: 5, offset: 0 }))).kind).toBe('network');
    } finally {
      await pool.close();
    }
  });
});

describe('redact', () => {
  it('replaces the key as written, URL-encoded and JSON-escaped', () => {
    const key = 'mint_a"b/c\\d';
    const text = `plain ${key} url ${encodeURIComponent(key)} json ${JSON.stringify({ key })}`;
    expect(redact(text, key)).toBe('plain *** url *** json {"key":"***"}');
  });

  it('leaves text alone when there is no key', () => {
    expect(redact('nothing to hide', '')).toBe('nothing to hide');
  });
});
