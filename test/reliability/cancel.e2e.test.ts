/**
 * Cancellation at each stage, by SIGINT and by SIGTERM, as the runner sends them: the step
 * stops at once, sets its outputs from what it last saw, writes the summary, says how to go on,
 * and exits non-zero within 2 seconds by its own clock. In process, on fake time
 * (test/support/runner.ts); test/e2e/ sends the signals to the bundle's process.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scripts, type Simulator } from '../simulator/index.js';
import { apiInputs, withSimulator } from '../support/runner.js';
import { actionTime, checkedRun, errorLines } from './harness.js';

const STAGES = [
  {
    stage: 'before the create request is answered',
    setup: (sim: Simulator) => sim.injectFault({ target: 'create', kind: 'hang' }),
    inputs: { prompt: 'x' },
    ready: (_stdout: string, sim: Simulator) => sim.requests.some((r) => r.endpoint === 'create'),
    expect: { outcome: 'cancelled', says: 'a job may still have been created' },
  },
  {
    stage: 'while waiting out the Retry-After of a 429 to the create',
    setup: (sim: Simulator) => sim.injectFault({ target: 'create', kind: 'status', status: 429, retryAfter: '30' }),
    // A timeout longer than the wait, so the step waits instead of giving up at once.
    inputs: { prompt: 'x', timeout: '60s' },
    ready: (stdout: string) => /answered 429.*retrying in 30s/.test(stdout),
    // A 429 means the server did nothing: the log and the summary say so, not that a job may exist.
    expect: { outcome: 'cancelled', says: 'no job was created', summarySays: 'no job was created' },
  },
  {
    stage: 'mid-poll',
    setup: (sim: Simulator) => sim.queueJobScripts(scripts.stayActive()),
    inputs: { prompt: 'x', 'poll-interval': '100ms', 'poll-interval-max': '200ms' },
    ready: (stdout: string) => /Created job/.test(stdout),
    expect: { outcome: 'cancelled', says: 'attach to it later with job-id' },
  },
  {
    stage: 'while waiting for the preview',
    setup: (sim: Simulator) => sim.queuePreviewScripts({ queuedMs: 0, buildMs: 60_000 }),
    inputs: { prompt: 'x', 'poll-interval': '100ms', 'poll-interval-max': '200ms', preview: 'true' },
    ready: (stdout: string) => /Preview: queued → building/.test(stdout),
    // The job's outcome stands; the preview is the step's and goes on building on the platform.
    expect: { outcome: 'pr-opened', says: 'Cancelled while waiting for the preview', previewStatus: 'cancelled' },
  },
  {
    stage: 'mid-export',
    setup: () => undefined,
    // Each page takes 150 ms of the run's clock, as a slow server's would.
    requestMs: 150,
    inputs: { command: 'visitors', 'page-size': '10', 'date-from': '2026-11-14', 'date-to': '2026-11-21' },
    ready: (stdout: string) => (stdout.match(/::debug::GET \/v1\/analytics/g) ?? []).length >= 3,
    expect: { outcome: 'cancelled', says: 'Cancelled before the export finished; no files were written' },
  },
] as const;

const CASES = STAGES.flatMap((stage) => (['SIGINT', 'SIGTERM'] as const).map((signal) => ({ ...stage, signal })));

describe('cancellation', () => {
  it.each(CASES)('$signal $stage', (stage) =>
    withSimulator({ analytics: { paths: 500, today: '2026-10-01' } }, async (sim) => {
      const { setup, inputs, ready, expect: expected, signal } = stage;
      setup(sim);
      const run = await checkedRun({
        inputs: apiInputs(sim, { timeout: '20s', ...inputs }),
        requestMs: 'requestMs' in stage ? stage.requestMs : 0,
        signal: { name: signal, when: (stdout) => ready(stdout, sim) },
        secrets: [sim.apiKey],
        deadlineMs: 21_000,
        sim,
      });
      // By its own clock the action is done within 2 s of the signal.
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.code).not.toBe(0);
      expect(run.stdout).toContain(expected.says);
      expect(run.summary.length).toBeGreaterThan(0);
      // The count is of requests sent; one aborted in flight may never have reached the server.
      const unseen = Number(run.outputs.requests) - sim.requests.length;
      expect(unseen).toBeGreaterThanOrEqual(0);
      expect(unseen).toBeLessThanOrEqual(1);
      expect(run.outputs.outcome).toBe(expected.outcome);
      expect(run.summary).toContain('Cancelled');
      if ('summarySays' in expected) {
        expect(run.summary).toContain(expected.summarySays);
        expect(errorLines(run)).toEqual([expect.stringContaining(expected.says)]);
        expect(`${run.stdout}${run.summary}`).not.toContain('may still have been created');
        expect(sim.jobs()).toEqual([]);
      }
      if ('previewStatus' in expected) {
        // What was seen: the URL the trigger gave, the state it stopped in, and the summary's section.
        expect(run.outputs['preview-status']).toBe(expected.previewStatus);
        expect(run.outputs['preview-url']).toBe(sim.deployments()[0]!.previewUrl);
        expect(run.summary).toContain('Cancelled while it was building');
        expect(errorLines(run)).toEqual([expect.stringContaining(expected.says)]);
      }
      if ('command' in inputs) {
        // An export that stops part-way leaves no file, and no output names one.
        expect(run.outputs['visitors-csv']).toBe('');
        expect(run.outputs['visitors-json']).toBe('');
        expect(readdirSync(join(run.workDir, 'visitors'))).toEqual([]);
      }
    }),
  );
});
