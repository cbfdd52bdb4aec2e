/**
 * The artifact upload, run in process as the runner runs the bundle (test/support/runner.ts) with
 * the runner's artifact variables and `@actions/artifact` itself, against a fake of the artifact
 * service (its Twirp calls) and of the blob store it hands out an upload URL for. The Azure
 * storage packages behind `@actions/artifact` are pinned by `overrides` in package.json (to
 * versions that still run on Node 20); test/e2e/ shows that the bundle's own copy loads and
 * uploads with them.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../simulator/index.js';
import { actionTime, checkedRun, errorLines } from '../support/checked-run.js';
import { startFakeArtifactService, TWIRP, type FakeArtifactService } from '../support/fake-artifacts.js';
import { apiInputs, runInProcess, startRunnerSimulator } from '../support/runner.js';

let sim: Simulator;
let service: FakeArtifactService;

beforeAll(async () => {
  sim = await startRunnerSimulator({ analytics: { paths: 300, seed: 3, today: '2026-10-01' } });
  service = await startFakeArtifactService();
});

afterAll(async () => {
  await Promise.all([sim.close(), service.close()]);
});

// The simulator's log is each test's own: the deadline is checked on the requests of its run.
beforeEach(() => {
  sim.resetLog();
});

describe('command: visitors with an artifact service', () => {
  it('creates the artifact, uploads a zip of both files to the blob URL, finalizes it and outputs its ID', async () => {
    const run = await runInProcess({
      inputs: apiInputs(sim, { command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21', 'artifact-name': 'weekly-visitors' }),
      env: service.env(),
    });
    rmSync(run.workDir, { recursive: true, force: true });

    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['artifact-id']).toBe('4242');
    expect(run.stdout).not.toContain('not uploaded');

    const { received } = service;
    const create = received.find((r) => r.url.pathname === `${TWIRP}/CreateArtifact`);
    expect(JSON.parse(create!.body.toString('utf8'))).toMatchObject({
      workflow_run_backend_id: service.runId,
      workflow_job_run_backend_id: service.jobId,
      name: 'weekly-visitors',
    });

    const blocks = received.filter((r) => r.method === 'PUT' && r.url.searchParams.get('comp') === 'block');
    expect(blocks.length).toBeGreaterThan(0);
    const zip = Buffer.concat(blocks.map((r) => r.body));
    expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    expect(zip.includes('visitors.csv')).toBe(true);
    expect(zip.includes('visitors.json')).toBe(true);
    expect(received.some((r) => r.method === 'PUT' && r.url.searchParams.get('comp') === 'blocklist')).toBe(true);

    const finalize = received.find((r) => r.url.pathname === `${TWIRP}/FinalizeArtifact`);
    expect(JSON.parse(finalize!.body.toString('utf8'))).toMatchObject({ name: 'weekly-visitors', size: String(zip.length) });
    const order = received.map((r) => (r.url.pathname.startsWith(TWIRP) ? r.url.pathname.slice(TWIRP.length + 1) : 'blob'));
    expect(order[0]).toBe('CreateArtifact');
    expect(order.at(-1)).toBe('FinalizeArtifact');
  });

  it('a failed upload is one warning: the step goes on, the files stay on the runner', async () => {
    service.refuseCreate = true;
    try {
      const run = await runInProcess({
        inputs: apiInputs(sim, { command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21' }),
        env: service.env(),
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs.outcome).toBe('exported');
      expect(run.outputs['artifact-id']).toBe('');
      const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'));
      expect(warnings).toEqual([
        expect.stringMatching(
          /^::warning::Visitor files not uploaded as an artifact: the upload failed \(.*already exists.*\)\. They are in .* on this runner\.$/,
        ),
      ]);
      expect(run.stdout).not.toContain('::notice::Visitor files not uploaded');
      expect(run.summary).toContain('the upload failed');
    } finally {
      service.refuseCreate = false;
    }
  });
});

describe('command: visitors with an artifact service that never answers', () => {
  const inputs = (extra: Record<string, string>): Record<string, string> =>
    apiInputs(sim, { command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21', ...extra });
  const env = (): Record<string, string> => service.env();
  const creates = (): number => service.creates();

  /** The files are complete, the outputs name them, and the summary says the upload did not finish. */
  function expectFilesInPlace(run: { outputs: Record<string, string>; summary: string }): void {
    const csv = run.outputs['visitors-csv']!;
    const json = run.outputs['visitors-json']!;
    expect(existsSync(csv) && existsSync(json)).toBe(true);
    expect(readFileSync(csv, 'utf8').trimEnd().split('\r\n')).toHaveLength(301);
    expect((JSON.parse(readFileSync(json, 'utf8')) as { rows: unknown[] }).rows).toHaveLength(300);
    expect(run.outputs['visitors-rows']).toBe('300');
    expect(run.outputs['artifact-id']).toBe('');
    expect(run.summary).toMatch(/the upload did not finish/);
  }

  it('timeout ends the upload, whatever request-timeout says: the step ends by its deadline, with the files in place', async () => {
    service.hangCreate = true;
    try {
      const before = creates();
      const run = await checkedRun({
        // A request-timeout far past the timeout: the upload still ends at the timeout.
        // The upload's race is on real time, in process too: a short timeout.
        inputs: inputs({ timeout: '1s', 'request-timeout': '30s' }),
        env: env(),
        secrets: [sim.apiKey],
        deadlineMs: 1_000,
        sim,
      });
      expect(creates()).toBeGreaterThan(before);
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('exported');
      expectFilesInPlace(run);
      const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'));
      expect(warnings).toEqual([
        expect.stringMatching(
          /^::warning::Visitor files not uploaded as an artifact: the upload did not finish \(.*timeout.*\)\. They are in .* on this runner\.$/,
        ),
      ]);
    } finally {
      service.hangCreate = false;
    }
  }, 60_000);

  it('SIGTERM during the upload: outputs and summary, and the process ends within 2 seconds of the signal', async () => {
    service.hangCreate = true;
    try {
      const before = creates();
      const run = await checkedRun({
        inputs: inputs({ timeout: '20s' }),
        env: env(),
        signal: { name: 'SIGTERM', when: () => creates() > before },
        secrets: [sim.apiKey],
        deadlineMs: 21_000,
        sim,
      });
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.code).not.toBe(0);
      expect(run.outputs.outcome).toBe('cancelled');
      expectFilesInPlace(run);
      expect(errorLines(run)).toEqual([expect.stringMatching(/^::error::Cancelled during the artifact upload/)]);
    } finally {
      service.hangCreate = false;
    }
  }, 60_000);
});
