/**
 * `preview: true`, run in process as the runner runs the bundle (test/support/runner.ts), against
 * the simulator's preview endpoints and the fake GitHub: each behaviour of the contract's *Preview*
 * section. The status is read at once after the trigger, then every 10 s of the run's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_ALT } from '../../src/report/preview-report.js';
import { screenshotFor, scripts, statusIdFor, type PreviewScript, type Simulator } from '../simulator/index.js';
import { checkedRun, errorLines } from '../support/checked-run.js';
import { fileDiff, type FakeGitHub } from '../support/fake-github.js';
import { apiInputs, startRunnerGitHub, withSimulator as withRunnerSimulator } from '../support/runner.js';
import { runnerCommands } from '../support/runner-log.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent } from '../support/webhook-events.js';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startRunnerGitHub();
});
afterAll(async () => {
  const violations = await github.takeViolations();
  await github.close();
  expect(violations).toEqual([]);
});

const INSTANT: PreviewScript = { queuedMs: 0, buildMs: 0, result: 'success' };
/** The picture of the first deployment a simulator starts. */
const FIRST_SHOT = screenshotFor(statusIdFor(1), 'light');

/** A simulator of the test's own, whose previews build as `preview` says. */
const withSimulator = <T>(body: (sim: Simulator) => Promise<T>, preview: PreviewScript = INSTANT): Promise<T> =>
  withRunnerSimulator({ defaultJobScript: scripts.prAfter(1), defaultPreviewScript: preview, analytics: { paths: 20, today: '2026-11-21' } }, body);

const inputsFor = (sim: Simulator, more: Record<string, string> = {}): Record<string, string> =>
  apiInputs(sim, {
    prompt: 'Document the retries flag',
    'poll-interval': '50ms',
    'poll-interval-max': '100ms',
    timeout: '20s',
    preview: 'true',
    ...more,
  });

const triggers = (sim: Simulator) => sim.requests.filter((r) => r.endpoint === 'preview');
const reads = (sim: Simulator) => sim.requests.filter((r) => r.endpoint === 'preview-status');
/** What the runner shows at one level (`warning`, `notice`, `error`), as data. */
const shownAt = (run: ActionRun, level: string) => runnerCommands(run.stdout).filter((command) => command.name === level);
/** The runner's plain log lines (no command). */
const plainLines = (run: ActionRun) => run.stdout.split('\n').filter((line) => !line.startsWith('::'));

describe('preview: true, end to end', () => {
  it('on a pull request: comment working → outcome with the preview building → ready with its picture; the log says queued, building, ready with the elapsed time', () =>
    withSimulator(
      async (sim) => {
        github.pulls.set(700, { diff: fileDiff('src/cli.ts', ['export const retries = 4;']), files: [], commits: ['Add retries'] });
        const token = 'ghs_previewE2e';
        const run = await checkedRun({
          event: { name: 'pull_request', payload: pullRequestEvent(700) },
          env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
          inputs: inputsFor(sim, { prompt: '', 'pr-comment': 'true', 'github-token': token }),
          secrets: [sim.apiKey, token],
          deadlineMs: 20_000,
          sim,
          summary: { images: [FIRST_SHOT], imageAlt: SCREENSHOT_ALT, details: 1 },
          prComment: {
            github,
            pullNumber: 700,
            expect: { images: [FIRST_SHOT], imageAlt: SCREENSHOT_ALT },
            // The working comment links nothing; the outcome with the preview building links the
            // documentation PR and the preview (the simulator's first of each).
            earlier: [{ links: [] }, { links: ['https://github.com/acme-sim/docs/pull/100', 'https://acme-sim-mintlify-docs-update-1.mintlify.site'] }],
          },
        });
        expect(run.code).toBe(0);
        const url = sim.deployments()[0]!.previewUrl;
        expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success', 'preview-url': url });
        expect(triggers(sim).map((r) => r.body)).toEqual([{ branch: run.outputs['source-ref'] }]);
        // Read at once (building), then 10 s later (ready): never closer together.
        const at = reads(sim).map((r) => r.at);
        expect(at).toHaveLength(2);
        expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(10_000);
        const bodies = github.commentBodiesSent(700);
        expect(bodies).toHaveLength(3);
        expect(bodies[0]).toContain('Working');
        expect(bodies[1]).toContain('⏳ Building');
        expect(bodies[2]).toContain('✅ Ready');
        expect(bodies[2]).toContain(FIRST_SHOT);
        const log = plainLines(run);
        const branch = run.outputs['source-ref']!;
        expect(log).toEqual(
          expect.arrayContaining([
            `Preview of branch "${branch}" queued: ${url}.`,
            expect.stringMatching(/^\[\d+m?s\] Preview: queued → building$/),
            `Preview of branch "${branch}" ready (${url}).`,
          ]),
        );
        expect(log.some((line) => /^\[1\ds\] Preview: building → ready at /.test(line) && line.endsWith(url))).toBe(true);
        expect(shownAt(run, 'warning')).toEqual([]);
      },
      { queuedMs: 0, buildMs: 2_000 },
    ));

  it('refresh: the same preview of the refresh job’s branch', () =>
    withSimulator(async (sim) => {
      const run = await checkedRun({
        inputs: inputsFor(sim, { command: 'refresh', prompt: '', 'date-from': '2026-11-14', 'date-to': '2026-11-21', 'refresh-signals': 'visitors' }),
        secrets: [sim.apiKey],
        deadlineMs: 20_000,
        sim,
        summary: { images: [FIRST_SHOT], imageAlt: SCREENSHOT_ALT, details: 1 },
      });
      expect(run.code).toBe(0);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success', 'preview-url': sim.deployments()[0]!.previewUrl });
      expect(triggers(sim)).toHaveLength(1);
    }));

  it('a failed build: one warning, the outcome untouched, exit 0; with fail-on: preview-failed the step fails with one error line', () =>
    withSimulator(
      async (sim) => {
        const run = await checkedRun({ inputs: inputsFor(sim), secrets: [sim.apiKey], deadlineMs: 20_000, sim, summary: { details: 1 } });
        expect(run.code).toBe(0);
        expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'failure' });
        expect(shownAt(run, 'warning').map((w) => w.data)).toEqual([expect.stringMatching(/: failure\. The preview's build failed: Build failed/)]);
        expect(run.summary).toContain('❌ The build failed');

        const failing = await checkedRun({
          inputs: inputsFor(sim, { 'fail-on': 'failed,timed-out,preview-failed' }),
          secrets: [sim.apiKey],
          deadlineMs: 20_000,
          sim,
          summary: { details: 1 },
        });
        expect(failing.code).toBe(1);
        expect(failing.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'failure' });
        expect(errorLines(failing)).toEqual([expect.stringMatching(/^::error::Preview status "failure" fails the step \(fail-on lists preview-failed\)/)]);
      },
      { queuedMs: 0, buildMs: 0, result: 'failure' },
    ));

  it('a plan without previews: unavailable, one notice, no warning, exit 0 even with preview-failed', () =>
    withSimulator(async (sim) => {
      sim.setPlanHasPreviews('proj_sim', false);
      const run = await checkedRun({
        inputs: inputsFor(sim, { 'fail-on': 'failed,preview-failed' }),
        secrets: [sim.apiKey],
        deadlineMs: 20_000,
        sim,
        summary: { details: 1 },
      });
      expect(run.code).toBe(0);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'unavailable', 'preview-url': '' });
      expect(shownAt(run, 'warning')).toEqual([]);
      expect(shownAt(run, 'notice').map((n) => n.data)).toEqual([expect.stringMatching(/plan has no preview deployments \(Pro and Enterprise have them\)/)]);
      expect(reads(sim)).toEqual([]);
    }));

  it('dry-run, and a job without a branch: skipped, not one preview request', () =>
    withSimulator(async (sim) => {
      const dry = await checkedRun({
        inputs: inputsFor(sim, { 'dry-run': 'true' }),
        secrets: [sim.apiKey],
        deadlineMs: 20_000,
        sim,
        summary: { details: 1 },
      });
      expect(dry.outputs).toMatchObject({ outcome: 'dry-run', 'preview-status': 'skipped', 'preview-url': '' });
      sim.queueJobScripts([
        { status: 'active', polls: 1 },
        { status: 'completed', prLink: true, ref: null },
      ]);
      const noBranch = await checkedRun({ inputs: inputsFor(sim), secrets: [sim.apiKey], deadlineMs: 20_000, sim, summary: { details: 1 } });
      expect(noBranch.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'skipped', 'source-ref': '' });
      expect(shownAt(noBranch, 'warning').map((w) => w.data)).toEqual(['Preview skipped. No preview: the job names no branch (source.ref is empty).']);
      expect(triggers(sim)).toEqual([]);
      for (const run of [dry, noBranch]) expect(run.code).toBe(0);
    }));

  it('preview: false: not one preview request, the two outputs empty', () =>
    withSimulator(async (sim) => {
      const run = await checkedRun({
        inputs: inputsFor(sim, { preview: 'false' }),
        secrets: [sim.apiKey],
        deadlineMs: 20_000,
        sim,
        summary: { details: 1 },
      });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': '', 'preview-url': '' });
      expect(triggers(sim)).toEqual([]);
    }));
});
