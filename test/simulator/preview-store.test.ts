/**
 * The simulator's preview endpoints, held to the vendor's description (`api-facts.md`: preview
 * deployment, deployment status) over real HTTP, on the simulator's own clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scripts, startSimulator, type Simulator } from './index.js';
import { FakeTime } from '../support/fake-time.js';

let sim: Simulator;
const time = new FakeTime();
beforeAll(async () => {
  sim = await startSimulator({
    now: () => time.now(),
    projects: ['proj_sim', 'proj_free'],
    projectsWithoutPreviews: ['proj_free'],
    readOnlyKeys: ['mint_read_only'],
  });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  // Past any earlier test's minute of triggers.
  time.advance(61_000);
  sim.clearFaults();
});

async function call(method: string, path: string, body?: unknown, key = sim.apiKey) {
  const response = await fetch(sim.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: JSON.parse(await response.text()) as Record<string, unknown> };
}

const trigger = (branch: unknown, project = 'proj_sim') => call('POST', `/v1/project/preview/${project}`, branch === undefined ? {} : { branch });
const status = (statusId: string) => call('GET', `/v1/project/update-status/${encodeURIComponent(statusId)}`);

describe('preview deployment', () => {
  it('answers 202 with the status ID and the preview URL, then queued → in_progress → success over about 90 s, with screenshots at the end', async () => {
    const started = await trigger('mintlify/docs-update-1');
    expect(started.status).toBe(202);
    expect(Object.keys(started.body).sort()).toEqual(['previewUrl', 'statusId']);
    expect(started.body.previewUrl).toBe('https://acme-sim-mintlify-docs-update-1.mintlify.site');
    const id = started.body.statusId as string;

    const states: string[] = [];
    for (let second = 0; second <= 100; second += 10) {
      const { body } = await status(id);
      states.push(body.status as string);
      if (second < 90) expect(body).toMatchObject({ endedAt: null, screenshot: null, screenshotLight: null });
      time.advance(10_000);
    }
    expect(states).toEqual([
      'queued',
      'queued',
      'in_progress',
      'in_progress',
      'in_progress',
      'in_progress',
      'in_progress',
      'in_progress',
      'in_progress',
      'success',
      'success',
    ]);
    const { body } = await status(id);
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'author',
        'commit',
        'createdAt',
        'endedAt',
        'logs',
        'projectId',
        'screenshot',
        'screenshotDark',
        'screenshotLight',
        'source',
        'status',
        'subdomain',
        'summary',
      ].sort(),
    );
    expect(body).toMatchObject({ _id: id, projectId: 'proj_sim', status: 'success', commit: { ref: 'mintlify/docs-update-1' } });
    expect(body.screenshotLight).toMatch(/^https:\/\//);
    expect(body.screenshotDark).toMatch(/^https:\/\//);
    expect(sim.deployment(id)?.reads).toBe(12);
  });

  it('follows a script set per deployment: a failure without screenshots, or a build that never ends', async () => {
    sim.queuePreviewScripts({ queuedMs: 0, buildMs: 5_000, result: 'failure' }, { queuedMs: 0, buildMs: 0, result: 'never' });
    const failing = (await trigger('a')).body.statusId as string;
    const endless = (await trigger('b')).body.statusId as string;
    expect((await status(failing)).body.status).toBe('in_progress');
    time.advance(3_600_000);
    expect((await status(failing)).body).toMatchObject({ status: 'failure', screenshot: null, screenshotLight: null });
    expect((await status(endless)).body).toMatchObject({ status: 'in_progress', endedAt: null });
  });

  it('deploys a branch again under the URL it already has, with a new status', async () => {
    const first = await trigger('feature/x');
    const again = await trigger('feature/x');
    const other = await trigger('feature/y');
    expect(again.body.previewUrl).toBe(first.body.previewUrl);
    expect(again.body.statusId).not.toBe(first.body.statusId);
    expect(other.body.previewUrl).not.toBe(first.body.previewUrl);
  });

  it('allows the organisation 5 triggers a minute: the sixth gets 429 with Retry-After until the oldest leaves the window', async () => {
    for (let n = 0; n < 5; n++) {
      expect((await trigger(`b${n}`)).status).toBe(202);
      time.advance(5_000);
    }
    const refused = await trigger('b5');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('35');
    // Another project of the same organisation shares the limit.
    sim.setPlanHasPreviews('proj_free', true);
    expect((await trigger('b5', 'proj_free')).status).toBe(429);
    sim.setPlanHasPreviews('proj_free', false);
    time.advance(35_000);
    expect((await trigger('b5')).status).toBe(202);
  });

  it('refuses a missing branch (400), a plan without previews (403, settable), a read-only key, unknown projects and deployments', async () => {
    expect((await trigger(undefined)).status).toBe(400);
    expect((await trigger('')).status).toBe(400);
    expect((await call('POST', '/v1/project/preview/proj_sim', 'not json')).status).toBe(400);
    const free = await trigger('main', 'proj_free');
    expect(free.status).toBe(403);
    expect(free.body.error).toMatch(/plan/);
    sim.setPlanHasPreviews('proj_free', true);
    expect((await trigger('main', 'proj_free')).status).toBe(202);
    sim.setPlanHasPreviews('proj_sim', false);
    expect((await trigger('main')).status).toBe(403);
    sim.setPlanHasPreviews('proj_sim', true);
    expect((await call('POST', '/v1/project/preview/proj_sim', { branch: 'x' }, 'mint_read_only')).status).toBe(403);
    expect((await call('POST', '/v1/project/preview/proj_sim', { branch: 'x' }, 'mint_wrong')).status).toBe(401);
    expect((await trigger('x', 'proj_none')).status).toBe(404);
    expect((await status('no-such-deployment')).status).toBe(404);
    expect((await call('GET', '/v1/project/preview/proj_sim')).status).toBe(405);
  });

  it('takes faults aimed at either endpoint, and logs each request by its endpoint', async () => {
    sim.resetLog();
    sim.injectFault({ target: 'preview', kind: 'status', status: 503, retryAfter: '7' });
    sim.injectFault({ target: 'preview-status', kind: 'wrong-shape', body: { status: 42 } });
    const refused = await trigger('c');
    expect([refused.status, refused.retryAfter]).toEqual([503, '7']);
    const id = (await trigger('c')).body.statusId as string;
    expect((await status(id)).body).toEqual({ status: 42 });
    expect((await status(id)).body.status).toBe('queued');
    expect(sim.requests.map((request) => [request.endpoint, request.status, request.statusId ?? request.projectId])).toEqual([
      ['preview', 503, 'proj_sim'],
      ['preview', 202, 'proj_sim'],
      ['preview-status', 200, id],
      ['preview-status', 200, id],
    ]);
    expect(sim.requests[1]!.body).toEqual({ branch: 'c' });
  });

  it('replaces fields of the answers when a script says so (for hostile text)', async () => {
    sim.queuePreviewScripts({ queuedMs: 0, buildMs: 0, trigger: { previewUrl: 'javascript:alert(1)' }, status: { summary: '@octocat #1' } });
    const started = await trigger('d');
    expect(started.body.previewUrl).toBe('javascript:alert(1)');
    expect((await status(started.body.statusId as string)).body).toMatchObject({ status: 'success', summary: '@octocat #1' });
  });
});

describe('agent jobs name their working branch', () => {
  it('in source.ref, as the vendor documents it: a branch of the job, not the base branch; a script can take it away', async () => {
    sim.queueJobScripts(scripts.prAfter(0), [
      { status: 'active', polls: 0 },
      { status: 'completed', prLink: true, ref: null },
    ]);
    const one = await call('POST', '/v2/agent/proj_sim/job', { prompt: 'x' });
    const two = await call('POST', '/v2/agent/proj_sim/job', { prompt: 'y' });
    const ref = (one.body.source as { ref: unknown }).ref;
    expect(ref).toMatch(/^mintlify\/docs-update-\d+$/);
    expect((two.body.source as { ref: unknown }).ref).not.toBe(ref);
    const polled = await call('GET', `/v2/agent/proj_sim/job/${two.body.id as string}`);
    expect(polled.body).toMatchObject({ status: 'completed', source: { ref: null } });
  });
});
