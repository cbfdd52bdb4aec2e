/**
 * `preview: true` (src/steps/preview.ts), in process with fake time, against the
 * simulator's preview endpoints and the fake GitHub (a build of a minute and a half takes
 * milliseconds): the agent and refresh steps with the entry layer's report, and the whole action
 * as the runner runs it (`run()`: test/support/runner.ts), each behaviour of the contract's
 * *Preview* section. The status is read at once after the trigger, then every 10 s of the clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCREENSHOT_ALT } from '../../src/report/preview-report.js';
import { apiInputs, scripts, screenshotFor, statusIdFor, type PreviewScript, type Simulator } from '../simulator/index.js';
import { fileDiff, type FakeGitHub } from '../support/fake-github.js';
import { expectRendersAsGitHubShould } from '../support/github-markdown.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { startFlows, type Flows } from '../support/in-process.js';
import { checkedRun, errorLines } from '../support/checked-run.js';
import { startRunnerGitHub, withSimulator as withRunnerSimulator } from '../support/runner.js';
import { runnerCommands } from '../support/runner-log.js';
import type { ActionRun } from '../support/run-action.js';

describe('the steps, in process (agentStep, refreshStep)', () => {
  let flows: Flows;
  let github: FakeGitHub;
  beforeAll(async () => {
    flows = await startFlows({ github: true, simulator: { defaultJobScript: scripts.prAfter(1), analytics: { paths: 30, today: '2026-11-21' } } });
    github = flows.github!;
  });
  afterAll(async () => {
    await flows.close();
  });
  beforeEach(() => {
    flows.reset();
    // A minute past the previous test: the organisation's preview limit starts afresh.
    flows.time.advance(61_000);
  });
  afterEach(async () => {
    expect(await github.takeViolations()).toEqual([]);
  });

  const triggers = () => flows.sim.requests.filter((r) => r.endpoint === 'preview');
  const reads = () => flows.sim.requests.filter((r) => r.endpoint === 'preview-status');
  const commentWrites = () => github.requests.filter((r) => r.call === 'create-comment' || r.call === 'update-comment');
  const bodyOf = (request: { body?: unknown }): string => (request.body as { body: string }).body;
  const SRC = fileDiff('src/cli.ts', ['export const retries = 4;']);

  describe('agent with preview: true', () => {
    it('after the PR: one trigger of the job’s branch, reads every 10 s until success; outputs, summary and log', async () => {
      const run = await flows.run({ prompt: 'Document the retries flag', preview: 'true' });
      expect(run.failures).toEqual([]);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success' });
      const branch = run.outputs['source-ref']!;
      expect(branch).toMatch(/^mintlify\/docs-update-\d+$/);
      expect(triggers().map((r) => r.body)).toEqual([{ branch }]);
      const url = flows.sim.deployments().at(-1)!.previewUrl;
      expect(run.outputs['preview-url']).toBe(url);
      // 90 s of build: at most ⌈90 / 10⌉ + 1 reads, never two closer than 10 s.
      const at = reads().map((r) => r.at);
      expect(at.length).toBeLessThanOrEqual(10);
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(10_000);
      expect(Number(run.outputs.requests)).toBe(flows.sim.requests.length);
      const shot = flows.sim.deployments().at(-1)!.statusId;
      expectRendersAsGitHubShould(run.summary, {
        links: [run.outputs['pr-link'], run.outputs['source-repository'], url],
        images: [`https://screenshots.mintlify.site/${shot}-light.png`],
        imageAlt: SCREENSHOT_ALT,
        details: 1,
      });
      const info = run.log.messages('info');
      const progress = [
        `Deploying a preview of branch "${branch}".`,
        `Preview of branch "${branch}" queued: ${url}.`,
        '[20s] Preview: queued → building',
        `[1m30s] Preview: building → ready at ${url}`,
        `Preview of branch "${branch}" ready (${url}).`,
      ];
      expect(info.filter((line) => progress.includes(line))).toEqual(progress);
      expect(run.log.messages('warning')).toEqual([]);
    });

    it('the comment: working, then the outcome with the preview building, then the preview ready with its picture — one comment', async () => {
      github.pulls.set(22, { diff: SRC, files: [], commits: [] });
      const run = await flows.run({ 'pr-comment': 'true', preview: 'true' }, { event: { name: 'pull_request', payload: pullRequestEvent(22) } });
      expect(run.outputs['preview-status']).toBe('success');
      expect(commentWrites().map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH']);
      expect(github.comments).toHaveLength(1);
      const [working, building, ready] = commentWrites().map(bodyOf);
      expect(working).toContain('Working');
      expect(building).toContain('Pull request opened');
      expect(building).toContain('⏳ Building');
      expect(building).not.toContain('<img');
      const url = run.outputs['preview-url']!;
      expectRendersAsGitHubShould(building!, { links: [run.outputs['pr-link'], url] });
      expect(ready).toContain('✅ Ready');
      const statusId = flows.sim.deployments().at(-1)!.statusId;
      expectRendersAsGitHubShould(ready!, {
        links: [run.outputs['pr-link'], url],
        images: [`https://screenshots.mintlify.site/${statusId}-light.png`],
        imageAlt: SCREENSHOT_ALT,
      });
    });

    it('a failed build: preview-status failure, one warning, the outcome untouched; fail-on: preview-failed fails the step', async () => {
      flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 20_000, result: 'failure' });
      const run = await flows.run({ prompt: 'x', preview: 'true' });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'failure' });
      expect(run.failures).toEqual([]);
      expect(run.log.messages('warning')).toHaveLength(1);
      expect(run.log.messages('warning')[0]).toMatch(/: failure\. The preview's build failed: Build failed/);

      flows.time.advance(61_000);
      flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 20_000, result: 'failure' });
      const failing = await flows.run({ prompt: 'x', preview: 'true', 'fail-on': 'failed,preview-failed' });
      expect(failing.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'failure' });
      expect(failing.failures).toEqual([expect.stringMatching(/^Preview status "failure" fails the step \(fail-on lists preview-failed\)/)]);
    });

    it('a build that never ends: timed-out within the step’s timeout, no read after it', async () => {
      flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 0, result: 'never' });
      const started = flows.time.now();
      const run = await flows.run({ prompt: 'x', preview: 'true', timeout: '2m', 'poll-interval': '5s' });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'timed-out', 'timed-out': 'false' });
      expect(Math.max(...reads().map((r) => r.at))).toBeLessThanOrEqual(started + 120_000);
      expect(run.log.messages('warning')).toEqual([expect.stringMatching(/timed-out\. The preview was still building when the step's timeout ran out/)]);
    });

    it('a plan without previews: unavailable, a notice and no warning', async () => {
      flows.sim.setPlanHasPreviews('proj_sim', false);
      try {
        const run = await flows.run({ prompt: 'x', preview: 'true', 'fail-on': 'failed,preview-failed' });
        expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'unavailable', 'preview-url': '' });
        expect(run.failures).toEqual([]);
        expect(run.log.messages('warning')).toEqual([]);
        expect(run.log.messages('notice')).toEqual([
          expect.stringMatching(
            /^No preview of branch ".*": POST \/v1\/project\/preview\/\{projectId\} answered 403: the project's plan has no preview deployments/,
          ),
        ]);
        expect(reads()).toEqual([]);
      } finally {
        flows.sim.setPlanHasPreviews('proj_sim', true);
      }
    });

    it('a 429 from the organisation’s limit waits for Retry-After, then deploys: still one trigger that counts', async () => {
      flows.sim.injectFault({ target: 'preview', kind: 'status', status: 429, retryAfter: '30', body: { error: 'Too many preview deployments' } });
      const started = flows.time.now();
      const run = await flows.run({ prompt: 'x', preview: 'true' });
      expect(run.outputs['preview-status']).toBe('success');
      const sent = triggers();
      expect(sent.map((r) => r.status)).toEqual([429, 202]);
      expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(30_000);
      expect(flows.time.now() - started).toBeGreaterThan(30_000);
    });

    it.each([500, 502, 503, 504])('a %i to every trigger: sent once, never again, preview-status error; the job’s outcome stands', async (status) => {
      flows.sim.injectFault({ target: 'preview', kind: 'status', status, times: Infinity });
      const run = await flows.run({ prompt: 'x', preview: 'true', retries: '10' });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'error' });
      expect(triggers()).toHaveLength(1);
      expect(reads()).toEqual([]);
    });

    it('a 429 without Retry-After to every trigger: three triggers 12 s apart, then error naming the preview budget once, its sentences apart', async () => {
      flows.sim.injectFault({ target: 'preview', kind: 'status', status: 429, times: Infinity, body: { error: 'Too many preview deployments' } });
      const run = await flows.run({ prompt: 'x', preview: 'true', retries: '10' });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'error' });
      const at = triggers().map((r) => r.at);
      expect(at).toHaveLength(3);
      expect([at[1]! - at[0]!, at[2]! - at[1]!]).toEqual([12_000, 12_000]);
      const [warning] = run.log.messages('warning');
      expect(warning).toContain(
        'answered 429: rate limited after 3 attempts (preview deployments are limited to 5 a minute per organisation). Server said: Too many preview deployments. ',
      );
      expect(warning).not.toMatch(/agent API|analytics|Preview deployments are limited/);
      expect(run.log.messages('info').filter((line) => line.includes('retrying in 12s'))).toHaveLength(2);
    });

    it('retries: 0 — a 429 to the trigger is not sent again', async () => {
      flows.sim.injectFault({ target: 'preview', kind: 'status', status: 429, retryAfter: '1' });
      const run = await flows.run({ prompt: 'x', preview: 'true', retries: '0' });
      expect(run.outputs['preview-status']).toBe('error');
      expect(triggers()).toHaveLength(1);
    });

    it('status reads answered 503 for 45 s: never retried inside a read, at most ⌈W / 10 s⌉ + 1 of them for a wait of W, then ready', async () => {
      flows.sim.injectFault({ target: 'preview-status', kind: 'status', status: 503, times: Infinity });
      const run = await flows.run(
        { prompt: 'x', preview: 'true', retries: '10' },
        {
          onApiRequest: () => {
            const first = reads()[0];
            if (first && flows.time.now() - first.at >= 45_000) flows.sim.clearFaults();
          },
        },
      );
      expect(run.outputs['preview-status']).toBe('success');
      const at = reads().map((r) => r.at);
      expect(reads().filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(4);
      const waited = at.at(-1)! - triggers()[0]!.at;
      expect(at.length).toBeLessThanOrEqual(Math.ceil(waited / 10_000) + 1);
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(10_000);
    });

    it('no branch, no PR, dry-run: skipped, no preview request', async () => {
      flows.sim.queueJobScripts([
        { status: 'active', polls: 1 },
        { status: 'completed', prLink: true, ref: null },
      ]);
      const noBranch = await flows.run({ prompt: 'x', preview: 'true' });
      expect(noBranch.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'skipped', 'preview-url': '' });
      flows.sim.queueJobScripts(scripts.noPrAfter(1));
      const noPr = await flows.run({ prompt: 'x', preview: 'true' });
      expect(noPr.outputs).toMatchObject({ outcome: 'no-pr', 'preview-status': 'skipped' });
      const dry = await flows.run({ prompt: 'x', preview: 'true', 'dry-run': 'true' });
      expect(dry.outputs).toMatchObject({ outcome: 'dry-run', 'preview-status': 'skipped' });
      expect(triggers()).toEqual([]);
      for (const run of [noBranch, noPr, dry]) expect(run.log.messages('warning')).toEqual([expect.stringMatching(/^Preview skipped\./)]);
    });

    it('preview: false (the default): no request, the outputs empty', async () => {
      const run = await flows.run({ prompt: 'x' });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': '', 'preview-url': '' });
      expect(triggers()).toEqual([]);
      expect(run.summary).not.toContain('Documentation preview');
    });

    it('cancelled during the wait: the URL seen is an output, the summary says so, the step fails, no comment write after it', async () => {
      github.pulls.set(23, { diff: SRC, files: [], commits: [] });
      const run = await flows.run(
        { 'pr-comment': 'true', preview: 'true' },
        {
          event: { name: 'pull_request', payload: pullRequestEvent(23) },
          onPause: (flow, ms) => {
            if (ms === 10_000 && reads().length === 2) flow.cancel();
          },
        },
      );
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'cancelled' });
      expect(run.outputs['preview-url']).toMatch(/^https:\/\/acme-sim-/);
      // The job ID and the preview's URL were outputs the moment they were known, before the wait.
      expect(run.earlyOutputs.map(([name]) => name)).toEqual(['job-id', 'preview-url']);
      expect(run.summary).toContain('Cancelled while it was building');
      expect(run.failures).toEqual([
        expect.stringMatching(/^Cancelled while waiting for the preview of branch ".*"; its deployment goes on on the platform at https:/),
      ]);
      expect(commentWrites().map((r) => r.method)).toEqual(['POST', 'PATCH']);
    });
  });

  describe('refresh with preview: true', () => {
    it('previews the refresh job’s branch the same way', async () => {
      const run = await flows.run({ command: 'refresh', 'date-from': '2026-11-14', 'date-to': '2026-11-21', 'refresh-signals': 'visitors', preview: 'true' });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success' });
      expect(triggers().map((r) => r.body)).toEqual([{ branch: run.outputs['source-ref'] }]);
      expect(run.summary).toContain('Documentation preview');
    });
  });
});

describe('the action, as the runner runs it (run())', () => {
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
});
