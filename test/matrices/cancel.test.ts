/**
 * Cancellation at each stage, by SIGINT and by SIGTERM, as the runner sends them: the step
 * stops at once, sets its outputs from what it last saw, writes the summary, says how to go on,
 * and exits non-zero within 2 seconds by its own clock. In process, on fake time
 * (test/support/runner.ts); test/e2e/ sends the signals to the bundle's process.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiInputs } from '../simulator/index.js';
import { withSimulator } from '../support/runner.js';
import { CANCEL_STAGES as STAGES } from './cases.js';
import { actionTime, checkedRun, errorLines } from '../support/checked-run.js';

const CASES = STAGES.flatMap((stage) => (['SIGINT', 'SIGTERM'] as const).map((signal) => ({ ...stage, signal })));

describe('cancellation', () => {
  it.each(CASES)('$signal $stage', (stage) =>
    withSimulator({ analytics: { paths: 500, today: '2026-10-01' } }, async (sim) => {
      const { setup, inputs, ready, expect: expected, signal } = stage;
      setup(sim);
      const run = await checkedRun({
        inputs: apiInputs(sim, { timeout: '20s', ...inputs }),
        requestMs: 'pageMs' in stage ? stage.pageMs : 0,
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
