/**
 * The request budgets, run in process as the runner runs the bundle, against a server that
 * misbehaves the way a broken or hostile one would: a pager that brings one new row a page while
 * it says more remain, a preview endpoint that answers 429 with no Retry-After. Each of these once
 * cost thousands of requests or named the wrong budget; each test here failed on the bundle before
 * its fix. (The preview's 5xx, status reads and hangs are in
 * test/matrices/preview-faults.test.ts; every route under a generated hostile server is
 * test/properties/budgets.property.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiInputs, scripts, type Simulator } from '../simulator/index.js';
import { startRunnerSimulator } from '../support/runner.js';
import type { ActionRun } from '../support/run-action.js';
import { checkedRun, warnings } from '../support/checked-run.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startRunnerSimulator({ defaultJobScript: scripts.prAfter(1), defaultPreviewScript: { queuedMs: 0, buildMs: 0, result: 'success' } });
});
afterAll(async () => {
  await sim.close();
});

const requestsTo = (endpoint: string): number => sim.requests.filter((r) => r.endpoint === endpoint).length;

function run(inputs: Record<string, string>): Promise<ActionRun> {
  sim.resetLog();
  return checkedRun({
    inputs: apiInputs(sim, { timeout: '3s', 'request-timeout': '1s', ...inputs }),
    secrets: [sim.apiKey],
    deadlineMs: 3_000 + 1_000,
    sim,
  });
}

describe('a pager that brings one new row a page while it says more remain', () => {
  it('command: visitors reads two pages, warns once naming the endpoint, and exports what it read', async () => {
    sim.injectFault({ target: 'visitors', kind: 'shifting-rows', times: Infinity });
    try {
      const result = await run({ command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21', 'page-size': '10', 'artifact-name': '' });
      expect(result.outputs.outcome).toBe('exported');
      expect(requestsTo('visitors')).toBe(2);
      expect(result.outputs['visitors-rows']).toBe('11');
      expect(warnings(result)).toEqual([expect.stringMatching(/^The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors: /)]);
    } finally {
      sim.clearFaults();
    }
  });

  it('command: refresh still reads feedback and searches, and creates its job', async () => {
    sim.injectFault({ target: 'visitors', kind: 'shifting-rows', times: Infinity });
    try {
      const result = await run({ command: 'refresh', 'date-from': '2026-11-14', 'date-to': '2026-11-21', 'page-size': '10', wait: 'false' });
      expect(result.outputs.outcome).toBe('submitted');
      expect(requestsTo('visitors')).toBeLessThanOrEqual(3);
      expect(requestsTo('feedback-by-page')).toBe(1);
      expect(requestsTo('searches')).toBeGreaterThanOrEqual(1);
      expect(requestsTo('create')).toBe(1);
    } finally {
      sim.clearFaults();
    }
  });
});

describe('the preview trigger answered 429 with no Retry-After', () => {
  it('is not sent again within a timeout shorter than its 12 s pause, and the warning names the preview budget alone, sentence by sentence', async () => {
    sim.injectFault({
      target: 'preview',
      kind: 'status',
      status: 429,
      body: 'Too many requests, please try again later',
      contentType: 'text/plain',
      times: Infinity,
    });
    try {
      const result = await run({ prompt: 'x', preview: 'true', 'poll-interval': '50ms' });
      expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'error' });
      expect(requestsTo('preview')).toBe(1);
      const [warning] = warnings(result);
      expect(warnings(result)).toHaveLength(1);
      expect(warning).toContain('5 a minute per organisation');
      expect(warning).not.toMatch(/100 jobs|analytics/);
      // The server's words end as a sentence before the next one starts.
      expect(warning).toContain('Server said: Too many requests, please try again later.');
      expect(warning).not.toMatch(/later [A-Z]/);
    } finally {
      sim.clearFaults();
    }
  });
});
