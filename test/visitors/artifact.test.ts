/**
 * The artifact upload (src/visitors/artifact.ts): held to the step's limits, with a fake clock and
 * a sleep the test ends by hand; and the whole action as the runner runs it (`run()`:
 * test/support/runner.ts) with the runner's artifact variables and `@actions/artifact` itself,
 * against a fake of the artifact service (test/support/fake-artifacts.ts). The Azure storage
 * packages behind `@actions/artifact` are pinned by `overrides` in package.json (to versions that
 * still run on Node 20); test/e2e/ shows that the bundle's own copy loads and uploads with them.
 */
import { describe, expect, it, afterAll, beforeAll, beforeEach } from 'vitest';
import { CancelledError, type Sleep } from '../../src/runtime.js';
import { uploadArtifact, withinLimits, type ArtifactUpload } from '../../src/visitors/artifact.js';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { apiInputs, type Simulator } from '../simulator/index.js';
import { actionTime, checkedRun, errorLines } from '../support/checked-run.js';
import { startFakeArtifactService, TWIRP, type FakeArtifactService } from '../support/fake-artifacts.js';
import { runInProcess, startRunnerSimulator } from '../support/runner.js';

describe('the upload and its limits', () => {
  /** A sleep that ends when the test says, or rejects when its signal aborts; it records what it was asked. */
  function manualSleep() {
    const asked: number[] = [];
    let wake: (() => void) | undefined;
    let aborted = false;
    const sleep: Sleep = (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        asked.push(ms);
        wake = resolve;
        const onAbort = (): void => {
          aborted = true;
          reject(signal?.reason instanceof Error ? signal.reason : new CancelledError());
        };
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
    return {
      sleep,
      asked,
      wake: () => wake?.(),
      get aborted() {
        return aborted;
      },
    };
  }

  const clock = { now: () => 10_000 };
  const never = new Promise<ArtifactUpload>(() => undefined);

  describe('withinLimits', () => {
    // The clock says 10_000: the deadline, timeout and request-timeout (ms), the wait the upload is given, and the timeout it says ran out.
    it.each([
      ['gives the upload until the deadline, and says the timeout ran out when it passes', 70_000, 60_000, 5_000, 60_000, '1m'],
      ['timeout ends the upload, whatever request-timeout says', 16_000, 6_000, 30_000, 6_000, '6s'],
      ['an upload that starts at the deadline gets no time at all', 10_000, 5_000, 2_000, 0, '5s'],
      ['an upload that starts after the deadline gets no time at all', 9_000, 5_000, 2_000, 0, '5s'],
    ] as const)('%s', async (_name, deadline, timeoutMs, requestTimeoutMs, asked, timeout) => {
      const timer = manualSleep();
      const result = withinLimits(never, { deadline, timeoutMs, requestTimeoutMs, signal: new AbortController().signal, clock, sleep: timer.sleep });
      await Promise.resolve();
      expect(timer.asked).toEqual([asked]);
      timer.wake();
      await expect(result).resolves.toEqual({ unfinished: `the step's timeout (${timeout}) ran out` });
    });

    it('uploads nothing unless the runner gives both the runtime token and the results service', async () => {
      const limits = { deadline: 70_000, timeoutMs: 60_000, requestTimeoutMs: 2_000, signal: new AbortController().signal, clock };
      const skipped = { skipped: 'no artifact service is reachable here (ACTIONS_RUNTIME_TOKEN is not set, as in a local run)' };
      for (const env of [{}, { ACTIONS_RUNTIME_TOKEN: 'token' }, { ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/' }] as NodeJS.ProcessEnv[]) {
        expect(await uploadArtifact('visitors', [], '/tmp', limits, env)).toEqual(skipped);
        expect(env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS).toBeUndefined();
      }
    });

    it('starts no upload once the deadline has passed', async () => {
      const timer = manualSleep();
      const env: NodeJS.ProcessEnv = { ACTIONS_RUNTIME_TOKEN: 'token', ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/' };
      const limits = { deadline: 10_000, timeoutMs: 5_000, requestTimeoutMs: 2_000, signal: new AbortController().signal, clock, sleep: timer.sleep };
      await expect(uploadArtifact('visitors', [], '/tmp', limits, env)).resolves.toEqual({ unfinished: "the step's timeout (5s) ran out" });
      expect(timer.asked).toEqual([]);
      expect(env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS).toBeUndefined();
    });

    it('request-timeout bounds each block of the upload unless the workflow set the client’s own variable, which is kept', async () => {
      // No runtime token in this process's environment: the client refuses at once, after the variable is set.
      const token = process.env.ACTIONS_RUNTIME_TOKEN;
      delete process.env.ACTIONS_RUNTIME_TOKEN;
      try {
        const limits = {
          deadline: 70_000,
          timeoutMs: 60_000,
          requestTimeoutMs: 2_000,
          signal: new AbortController().signal,
          clock,
          sleep: manualSleep().sleep,
        };
        const runner = { ACTIONS_RUNTIME_TOKEN: 'token', ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/' };
        const unset: NodeJS.ProcessEnv = { ...runner };
        expect(await uploadArtifact('visitors', [], '/tmp', limits, unset)).toEqual({ failed: expect.any(String) });
        expect(unset.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS).toBe('2000');
        const set: NodeJS.ProcessEnv = { ...runner, ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS: '90000' };
        await uploadArtifact('visitors', [], '/tmp', limits, set);
        expect(set.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS).toBe('90000');
      } finally {
        if (token !== undefined) process.env.ACTIONS_RUNTIME_TOKEN = token;
      }
    });

    it('ends at once on cancellation', async () => {
      const timer = manualSleep();
      const cancel = new AbortController();
      const result = withinLimits(never, { deadline: 70_000, timeoutMs: 60_000, requestTimeoutMs: 5_000, signal: cancel.signal, clock, sleep: timer.sleep });
      cancel.abort(new CancelledError('cancelled by SIGTERM'));
      await expect(result).resolves.toEqual({ unfinished: 'the step was cancelled' });
    });

    it('an upload that finishes in time is the answer, and its timer is stopped', async () => {
      const timer = manualSleep();
      const result = await withinLimits(Promise.resolve({ id: 4242 }), {
        deadline: 70_000,
        timeoutMs: 60_000,
        requestTimeoutMs: 5_000,
        signal: new AbortController().signal,
        clock,
        sleep: timer.sleep,
      });
      expect(result).toEqual({ id: 4242 });
      expect(timer.aborted).toBe(true);
    });
  });
});

describe('the action, as the runner runs it (run()), with @actions/artifact', () => {
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
});
