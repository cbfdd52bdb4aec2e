/**
 * The simulator is test equipment every integration test leans on: these tests hold it to the
 * API's documented behaviour, over real HTTP.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedVisitors, scripts, startSimulator, type Simulator } from './index.js';

let sim: Simulator;
const analytics = { paths: 600, seed: 3, today: '2026-11-21' };
beforeAll(async () => {
  sim = await startSimulator({ analytics, readOnlyKeys: ['mint_read_only'] });
});
afterAll(async () => {
  await sim.close();
});

async function call(method: string, path: string, body?: unknown, key = sim.apiKey) {
  const response = await fetch(sim.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

describe('agent endpoints', () => {
  it('answers 201 with an active job and moves it along its script, one phase per GET', async () => {
    sim.queueJobScripts(scripts.prAfter(2));
    const created = await call('POST', '/v2/agent/proj_sim/job', { prompt: 'hello' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', prLink: null, model: 'sim-model-1', archivedAt: null });
    const id = created.body.id as string;
    const first = await call('GET', `/v2/agent/proj_sim/job/${id}`);
    const second = await call('GET', `/v2/agent/proj_sim/job/${id}`);
    expect([first.body.status, second.body.status]).toEqual(['active', 'completed']);
    expect(second.body.prLink).toMatch(/\/pull\/\d+$/);
  });

  it('archives after completing, with archivedAt', async () => {
    sim.queueJobScripts([{ status: 'active' }, { status: 'completed', prLink: true }, { status: 'archived' }]);
    const { body } = await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' });
    const polled = await call('GET', `/v2/agent/proj_sim/job/${body.id as string}`);
    const again = await call('GET', `/v2/agent/proj_sim/job/${body.id as string}`);
    expect(polled.body.status).toBe('completed');
    expect(again.body.status).toBe('archived');
    expect(again.body.archivedAt).toMatch(/^\d{4}-/);
  });

  it('a follow-up message sends a finished job back to active', async () => {
    sim.queueJobScripts(scripts.prAfter(1), scripts.noPrAfter(1));
    const { body } = await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' });
    const path = `/v2/agent/proj_sim/job/${body.id as string}`;
    expect((await call('GET', path)).body.status).toBe('completed');
    const messaged = await call('POST', `${path}/message`, { prompt: 'more' });
    expect(messaged.status).toBe(200);
    expect(messaged.body).toMatchObject({ status: 'active', prLink: null });
    expect((await call('GET', path)).body).toMatchObject({ status: 'completed', prLink: null });
    expect(sim.job(body.id as string)!.messages).toEqual(['more']);
  });

  it('refuses bad bodies, bad keys, read-only keys and unknown projects or jobs', async () => {
    expect((await call('POST', '/v2/agent/proj_sim/job', 'not json')).status).toBe(400);
    expect((await call('POST', '/v2/agent/proj_sim/job', { prompt: '' })).status).toBe(400);
    expect((await call('POST', '/v2/agent/proj_sim/job', { prompt: 3 })).body.error).toMatch(/prompt/);
    expect((await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' }, 'mint_wrong')).status).toBe(401);
    expect((await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' }, 'mint_read_only')).status).toBe(403);
    expect((await call('POST', '/v2/agent/proj_other/job', { prompt: 'x' })).body).toEqual({ error: 'Project not found' });
    expect((await call('GET', '/v2/agent/proj_sim/job/job_nope')).body).toEqual({ error: 'Job not found' });
    expect((await call('GET', '/v2/agent/proj_sim/job')).status).toBe(405);
  });
});

describe('job IDs and the base path', () => {
  it('gives new jobs the IDs a test queued, and routes each one as one percent-decoded segment', async () => {
    const ids = ['a/b?c#d%', '%2e%2e', 'x\\..\\y', 'job 1', '{3f2a0c1e}', '日本'];
    sim.queueJobIds(...ids);
    for (const id of ids) {
      sim.queueJobScripts(scripts.prAfter(1));
      const created = await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' });
      expect(created.body.id).toBe(id);
      const polled = await call('GET', `/v2/agent/proj_sim/job/${encodeURIComponent(id)}`);
      expect(polled).toMatchObject({ status: 200, body: { id, status: 'completed' } });
      const messaged = await call('POST', `/v2/agent/proj_sim/job/${encodeURIComponent(id)}/message`, { prompt: 'more' });
      expect(messaged).toMatchObject({ status: 200, body: { id } });
    }
    // The next job is named by the simulator again.
    expect((await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' })).body.id).toMatch(/^job_[0-9a-f]+$/);
    // An encoded `/` is part of the ID, not a path separator.
    expect((await call('GET', '/v2/agent/proj_sim/job/a/b%3Fc%23d%25')).status).toBe(404);
  });

  it('serves under a base path, and answers 404 outside it', async () => {
    const prefixed = await startSimulator({ basePath: '/api' });
    try {
      expect(prefixed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const at = (url: string) =>
        fetch(url, { method: 'POST', headers: { authorization: `Bearer ${prefixed.apiKey}`, 'content-type': 'application/json' }, body: '{"prompt":"x"}' });
      expect((await at(`${prefixed.url}/v2/agent/proj_sim/job`)).status).toBe(201);
      const root = prefixed.url.slice(0, -'/api'.length);
      expect((await at(`${root}/v2/agent/proj_sim/job`)).status).toBe(404);
      expect((await at(`${prefixed.url}/api/v2/agent/proj_sim/job`)).status).toBe(404);
      expect(prefixed.requests.map((r) => [r.path, r.endpoint])).toEqual([
        ['/api/v2/agent/proj_sim/job', 'create'],
        ['/v2/agent/proj_sim/job', 'unknown'],
        ['/api/api/v2/agent/proj_sim/job', 'unknown'],
      ]);
    } finally {
      await prefixed.close();
    }
  });
});

describe('visitors endpoint', () => {
  const range = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };

  async function allPages(limit: number, query = range) {
    const rows: Array<Record<string, unknown>> = [];
    let totals: unknown;
    for (let offset = 0; ; offset += limit) {
      const page = await call('GET', `/v1/analytics/proj_sim/visitors?dateFrom=${query.dateFrom}&dateTo=${query.dateTo}&limit=${limit}&offset=${offset}`);
      expect(page.status).toBe(200);
      rows.push(...(page.body.visitors as Array<Record<string, unknown>>));
      totals = page.body.totals;
      if (!page.body.hasMore) break;
    }
    return { rows, totals };
  }

  it('pages through every path exactly once, in an order that is not sorted', async () => {
    const { rows, totals } = await allPages(250);
    const expected = expectedVisitors(analytics, range);
    expect(rows.map((row) => row.path)).toEqual([...expected.rows.keys()]);
    expect(new Set(rows.map((row) => row.path)).size).toBe(rows.length);
    expect(totals).toEqual(expected.totals);
    const paths = rows.map((row) => row.path as string);
    expect(paths).not.toEqual([...paths].sort());
    const byTotal = rows.map((row) => row.total as number);
    expect(byTotal).not.toEqual([...byTotal].sort((a, b) => b - a));
  });

  it('counts unique visitors: totals deduplicated across human and AI, days and pages', () => {
    const expected = expectedVisitors(analytics, range);
    let belowSum = 0;
    for (const counts of expected.rows.values()) {
      expect(counts.total).toBeGreaterThanOrEqual(Math.max(counts.human, counts.ai));
      expect(counts.total).toBeLessThanOrEqual(counts.human + counts.ai);
      if (counts.total < counts.human + counts.ai) belowSum += 1;
    }
    expect(belowSum).toBeGreaterThan(expected.rows.size / 10);
    const sumHuman = [...expected.rows.values()].reduce((sum, row) => sum + row.human, 0);
    expect(expected.totals.human).toBeLessThan(sumHuman);
    const days = Array.from({ length: 7 }, (_, i) =>
      expectedVisitors(analytics, {
        dateFrom: `2026-11-${14 + i}`,
        dateTo: `2026-11-${15 + i}`,
      }),
    );
    const summedDays = days.reduce((sum, day) => sum + day.totals.human, 0);
    expect(expected.totals.human).toBeLessThan(summedDays);
  });

  it('treats dateTo as exclusive', async () => {
    const week = expectedVisitors(analytics, range);
    const shorter = expectedVisitors(analytics, { ...range, dateTo: '2026-11-20' });
    expect(shorter.totals.human).toBeLessThan(week.totals.human);
    const sameDay = await call('GET', '/v1/analytics/proj_sim/visitors?dateFrom=2026-11-14&dateTo=2026-11-14');
    expect(sameDay.status).toBe(400);
  });

  it('refuses a bad query with the vendor’s error shape', async () => {
    const { status, body } = await call('GET', '/v1/analytics/proj_sim/visitors?limit=251&offset=-1&dateFrom=yesterday');
    expect(status).toBe(400);
    expect(body.error).toBe('Invalid query parameters');
    const messages = (body.details as Array<{ message: string }>).map((detail) => detail.message);
    expect(messages.some((m) => m.includes('limit'))).toBe(true);
    expect(messages.some((m) => m.includes('offset'))).toBe(true);
    expect(messages.some((m) => m.includes('dateFrom'))).toBe(true);
  });

  it('accepts read-only keys', async () => {
    const { status } = await call('GET', '/v1/analytics/proj_sim/visitors?limit=1', undefined, 'mint_read_only');
    expect(status).toBe(200);
  });

  it('pages 200,000 paths', async () => {
    const big = await startSimulator({ analytics: { paths: 200_000, today: '2026-11-21' } });
    try {
      let rows = 0;
      for (let offset = 0; ; offset += 250) {
        const response = await fetch(`${big.url}/v1/analytics/proj_sim/visitors?limit=250&offset=${offset}&dateFrom=2026-11-14&dateTo=2026-11-21`, {
          headers: { authorization: `Bearer ${big.apiKey}` },
        });
        const page = (await response.json()) as { visitors: unknown[]; hasMore: boolean };
        rows += page.visitors.length;
        if (!page.hasMore) break;
      }
      expect(rows).toBe(expectedVisitors({ paths: 200_000, today: '2026-11-21' }, range).rows.size);
      expect(rows).toBeGreaterThan(150_000);
    } finally {
      await big.close();
    }
  }, 60_000);
});

describe('faults and shutdown', () => {
  it('answers an injected status once, then normally', async () => {
    sim.injectFault({ target: 'visitors', kind: 'status', status: 429, retryAfter: '3' });
    const response = await fetch(`${sim.url}/v1/analytics/proj_sim/visitors?limit=1`, { headers: { authorization: `Bearer ${sim.apiKey}` } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect((await call('GET', '/v1/analytics/proj_sim/visitors?limit=1')).status).toBe(200);
  });

  it('a reset after processing still creates the job', async () => {
    const before = sim.jobs().length;
    sim.injectFault({ target: 'create', kind: 'reset', process: true });
    await expect(call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' })).rejects.toThrow();
    expect(sim.jobs().length).toBe(before + 1);
  });

  it('closes promptly with a request hanging', async () => {
    const other = await startSimulator();
    other.injectFault({ kind: 'hang' });
    const hanging = fetch(`${other.url}/v1/analytics/proj_sim/visitors`, { headers: { authorization: `Bearer ${other.apiKey}` } }).catch(() => 'closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A close that waited for the hanging request would never end: the test's timeout fails it.
    await other.close();
    expect(await hanging).toBe('closed');
  });
});

describe('the simulator CLI', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli.ts'), ...args], { encoding: 'utf8', timeout: 15_000 });

  it('answers --help with its usage', () => {
    const result = cli('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npx tsx test\/simulator\/cli\.ts \[options\]/);
    expect(result.stdout).toContain('--script NAME');
    expect(result.stderr).not.toMatch(/\bat \w+ \(/); // no stack trace
  });

  it('answers an unknown option with what is wrong and the usage, not a stack trace', () => {
    const result = cli('--bogus');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--bogus'");
    expect(result.stderr).toContain('Usage:');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
