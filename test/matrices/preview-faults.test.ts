/**
 * Faults of the preview's two endpoints, run in process as the runner runs the bundle: each ends in
 * its `preview-status` with one warning (a notice for a plan without previews), the job's outcome
 * untouched, the outputs and the summary written and exit 0; a fault the client retries is got
 * over within the deadline. Nothing leaks, nothing is injected, the summary renders as it should.
 */
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_ALT } from '../../src/report/preview-report.js';
import { apiInputs, screenshotFor, scripts, statusIdFor } from '../simulator/index.js';
import { withSimulator } from '../support/runner.js';
import { runnerCommands } from '../support/runner-log.js';
import { checkedRun } from '../support/checked-run.js';
import { PREVIEW_FAULTS } from './preview-cases.js';

const TIMEOUT_MS = 6_000;
/** What a hang costs on the run's clock; shorter than the matrix's drip takes to send an answer. */
const REQUEST_TIMEOUT_MS = 300;
describe('preview faults', () => {
  it.each(PREVIEW_FAULTS)('$name: preview-status $status', ({ faults, script, status, triggers, reads, says, retries }) =>
    withSimulator({ defaultJobScript: scripts.prAfter(1), defaultPreviewScript: script ?? { queuedMs: 0, buildMs: 0, result: 'success' } }, async (sim) => {
      for (const fault of faults) sim.injectFault(fault);
      const run = await checkedRun({
        inputs: apiInputs(sim, {
          prompt: 'x',
          'poll-interval': '50ms',
          'poll-interval-max': '100ms',
          timeout: `${TIMEOUT_MS / 1000}s`,
          'request-timeout': `${REQUEST_TIMEOUT_MS}ms`,
          retries: retries ?? '4',
          preview: 'true',
        }),
        secrets: [sim.apiKey],
        deadlineMs: TIMEOUT_MS + REQUEST_TIMEOUT_MS,
        sim,
        // A deployment that succeeded shows its picture: the simulator's first.
        summary: { details: 1, ...(status === 'success' ? { images: [screenshotFor(statusIdFor(1), 'light')], imageAlt: SCREENSHOT_ALT } : {}) },
      });
      // The job's outcome stands, the step succeeds, every output and the summary are written.
      expect(run.code).toBe(0);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': status, requests: String(sim.requests.length) });
      expect(run.summary).toContain('Documentation preview');
      expect(sim.requests.filter((r) => r.endpoint === 'preview')).toHaveLength(triggers);
      if (reads !== undefined) expect(sim.requests.filter((r) => r.endpoint === 'preview-status')).toHaveLength(reads);
      const commands = runnerCommands(run.stdout);
      const warnings = commands.filter((command) => command.name === 'warning').map((command) => command.data);
      const notices = commands.filter((command) => command.name === 'notice').map((command) => command.data);
      if (status === 'success') {
        expect(warnings).toEqual([]);
      } else if (status === 'unavailable') {
        expect(warnings).toEqual([]);
        expect(notices).toEqual([expect.stringMatching(says!)]);
      } else {
        expect(warnings).toEqual([expect.stringMatching(says!)]);
        expect(warnings[0]).toContain(`: ${status}.`);
      }
    }),
  );
});
