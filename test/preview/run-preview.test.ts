/**
 * The preview after the job, in process with fake time: the trigger, the wait (never a read
 * closer than 10 s to the last, a `Retry-After` winning, nothing after the deadline), its result
 * on every path, and what it says in the log.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import { ApiError, describeHttpFailure } from '../../src/api/errors.js';
import type { DeploymentStatus, PreviewDeployment } from '../../src/api/schemas.js';
import { awaitPreview, PREVIEW_READ_INTERVAL_MS, runPreview, triggerPreview, type PreviewApi } from '../../src/preview/run-preview.js';
import { CancelledError } from '../../src/runtime.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';

const BRANCH = 'mintlify/docs-update-7';
const URL_GIVEN = 'https://acme-mintlify-docs-update-7.mintlify.site';

function finishedJob(fields: { prLink?: string | null; ref?: string | null; outcome?: AgentRun['outcome'] } = {}): AgentRun {
  const run = newRun(undefined, 'prompt', 0, fields.outcome ?? 'pr-opened');
  run.jobId = 'job_1';
  run.job = {
    id: 'job_1',
    status: 'completed',
    prLink: fields.prLink === undefined ? 'https://github.com/acme/docs/pull/3' : fields.prLink,
    source: { repository: 'https://github.com/acme/docs', ref: fields.ref === undefined ? BRANCH : fields.ref },
  };
  return run;
}

/** A deployment that lives by the fake clock: `queuedMs` queued, then building for `buildMs`, then `result`. */
function deploymentApi(
  time: FakeTime,
  options: { queuedMs?: number; buildMs?: number; result?: string; readFaults?: Array<Error | undefined>; trigger?: () => Promise<PreviewDeployment> } = {},
) {
  const calls: Array<{ what: 'trigger' | 'read'; at: number; branch?: string }> = [];
  let triggeredAt = 0;
  const faults = [...(options.readFaults ?? [])];
  const api: PreviewApi = {
    triggerPreview: (branch) => {
      calls.push({ what: 'trigger', at: time.now(), branch });
      triggeredAt = time.now();
      return options.trigger ? options.trigger() : Promise.resolve({ statusId: 'dep_1', previewUrl: URL_GIVEN });
    },
    getDeploymentStatus: (): Promise<DeploymentStatus> => {
      calls.push({ what: 'read', at: time.now() });
      const fault = faults.shift();
      if (fault) return Promise.reject(fault);
      const age = time.now() - triggeredAt;
      const queued = options.queuedMs ?? 15_000;
      const build = options.buildMs ?? 75_000;
      const status = age < queued ? 'queued' : age < queued + build ? 'in_progress' : (options.result ?? 'success');
      return Promise.resolve({
        status,
        summary: status === 'failure' ? 'Broken page: guides/intro.mdx' : 'ok',
        screenshotLight: status === 'success' ? 'https://shots.example/light.png' : null,
      });
    },
  };
  return { api, calls };
}

function setup(deadlineMs = 30 * 60_000) {
  const time = new FakeTime();
  const logger = recordingLogger();
  const controller = new AbortController();
  const deps = (api: PreviewApi, extra: Partial<Parameters<typeof runPreview>[2]> = {}) => ({
    client: api,
    clock: time,
    sleep: time.sleep,
    logger,
    signal: controller.signal,
    deadline: time.now() + deadlineMs,
    ...extra,
  });
  return { time, logger, controller, deps };
}

function httpError(status: number, extra: { retryAfterMs?: number; serverMessage?: string } = {}): ApiError {
  return new ApiError(`GET /v1/project/update-status/{id} answered ${status}`, {
    kind: 'http',
    endpoint: 'POST /v1/project/preview/{projectId}',
    status,
    mayHaveTakenEffect: false,
    attempts: 1,
    ...extra,
  });
}

describe('runPreview: when it asks for nothing', () => {
  it.each([
    ['a dry run', { dryRun: true }, finishedJob(), /Dry run/],
    ['a job without a PR', { dryRun: false }, finishedJob({ prLink: null, outcome: 'no-pr' }), /did not end with a documentation PR \(outcome no-pr\)/],
    ['a job that did not end', { dryRun: false }, finishedJob({ outcome: 'timed-out' }), /outcome timed-out/],
    ['a job without a branch', { dryRun: false }, finishedJob({ ref: null }), /names no branch/],
    ['a job with an empty branch', { dryRun: false }, finishedJob({ ref: '' }), /names no branch/],
  ])('%s: skipped, no request', async (_what, settings, job, reason) => {
    const { time, deps } = setup();
    const { api, calls } = deploymentApi(time);
    const preview = await runPreview(settings, job, deps(api));
    expect(preview.status).toBe('skipped');
    expect(preview.reason).toMatch(reason);
    expect(calls).toEqual([]);
  });
});

describe('runPreview: the wait', () => {
  it('one trigger of the job’s branch, then reads at once and every 10 s until success: within ⌈build / 10 s⌉ + 1 reads', async () => {
    const { time, logger, deps } = setup();
    const { api, calls } = deploymentApi(time);
    const start = time.now();
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'success', url: URL_GIVEN, statusId: 'dep_1', branch: BRANCH, state: 'success' });
    expect(calls.filter((call) => call.what === 'trigger')).toEqual([{ what: 'trigger', at: start, branch: BRANCH }]);
    const reads = calls.filter((call) => call.what === 'read').map((call) => call.at - start);
    expect(reads.length).toBeLessThanOrEqual(Math.ceil(90_000 / 10_000) + 1);
    expect(reads[0]).toBe(0);
    for (let i = 1; i < reads.length; i++) expect(reads[i]! - reads[i - 1]!).toBeGreaterThanOrEqual(PREVIEW_READ_INTERVAL_MS);
    // Noticed within one interval of becoming ready.
    expect(reads.at(-1)! - 90_000).toBeLessThan(PREVIEW_READ_INTERVAL_MS);
    expect(preview.waitedMs).toBe(reads.at(-1));
    expect(logger.messages('info')).toEqual([
      `Deploying a preview of branch "${BRANCH}".`,
      `Preview of branch "${BRANCH}" queued: ${URL_GIVEN}.`,
      '[20s] Preview: queued → building',
      '[1m20s] Preview still building (9 status reads so far).',
      `[1m30s] Preview: building → ready at ${URL_GIVEN}`,
    ]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('says it is still building at least once a minute while nothing changes', async () => {
    const { time, logger, deps } = setup();
    const { api } = deploymentApi(time, { queuedMs: 0, buildMs: 150_000 });
    await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(logger.messages('info').filter((line) => line.includes('still building'))).toEqual([
      '[1m] Preview still building (7 status reads so far).',
      '[2m] Preview still building (13 status reads so far).',
    ]);
  });

  it('a failed build: failure, with the deployment’s summary as the reason', async () => {
    const { time, deps } = setup();
    const { api } = deploymentApi(time, { queuedMs: 0, buildMs: 30_000, result: 'failure' });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'failure', reason: "The preview's build failed: Broken page: guides/intro.mdx" });
  });

  it('a build that never ends: timed-out, and no read after the deadline or closer than 10 s to the last', async () => {
    const { time, deps } = setup(45_000);
    const { api, calls } = deploymentApi(time, { queuedMs: 0, buildMs: 1e12 });
    const deadline = time.now() + 45_000;
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview.status).toBe('timed-out');
    expect(preview.reason).toMatch(/still building when the step's timeout ran out/);
    const reads = calls.filter((call) => call.what === 'read').map((call) => call.at);
    expect(reads.length).toBe(5);
    expect(Math.max(...reads)).toBeLessThanOrEqual(deadline);
    expect(time.now()).toBeLessThanOrEqual(deadline);
  });

  it('a deadline already past when the job ends: timed-out, no request', async () => {
    const { time, deps } = setup(0);
    const { api, calls } = deploymentApi(time);
    expect((await runPreview({ dryRun: false }, finishedJob(), deps(api))).status).toBe('timed-out');
    expect(calls).toEqual([]);
  });

  it('a transient failure of a read is a missed read; a Retry-After longer than 10 s wins', async () => {
    const { time, logger, deps } = setup();
    const { api, calls } = deploymentApi(time, { queuedMs: 0, buildMs: 40_000, readFaults: [httpError(503, { retryAfterMs: 25_000 })] });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview.status).toBe('success');
    const reads = calls.filter((call) => call.what === 'read').map((call) => call.at - calls[0]!.at);
    expect(reads.slice(0, 2)).toEqual([0, 25_000]);
    expect(logger.messages('info').some((line) => line.startsWith("[0ms] Reading the preview's status failed"))).toBe(true);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('reads that keep failing until the deadline: error, saying the status could not be read', async () => {
    const { time, deps } = setup(35_000);
    const failures = Array.from({ length: 10 }, () => httpError(502));
    const { api } = deploymentApi(time, { readFaults: failures });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview.status).toBe('error');
    expect(preview.reason).toMatch(/could not be read before the step's timeout/);
  });

  it('a read refused for good (404, a malformed answer): error at once', async () => {
    const { time, deps } = setup();
    const { api, calls } = deploymentApi(time, { readFaults: [httpError(404)] });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview.status).toBe('error');
    expect(calls.filter((call) => call.what === 'read')).toHaveLength(1);
  });

  it('an undocumented status counts as building, said once in the log', async () => {
    const { time, logger, deps } = setup(60_000);
    const { api } = deploymentApi(time, { queuedMs: 0, buildMs: 0, result: 'deploying' });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'timed-out', state: 'deploying' });
    expect(logger.messages('info').filter((line) => line.includes('undocumented status'))).toHaveLength(1);
  });

  it('the trigger phase ends with the preview queued, its URL known and no status read yet; the wait phase goes on from there', async () => {
    const { time, deps } = setup();
    const { api, calls } = deploymentApi(time);
    const queued = await triggerPreview({ dryRun: false }, finishedJob(), deps(api));
    expect({ status: queued.status, url: queued.url, reads: calls.filter((call) => call.what === 'read').length }).toEqual({
      status: undefined,
      url: URL_GIVEN,
      reads: 0,
    });
    const ended = await awaitPreview(queued, deps(api));
    expect(ended.status).toBe('success');
    expect(calls.filter((call) => call.what === 'trigger')).toHaveLength(1);
  });
});

describe('runPreview: refusals', () => {
  it('403: unavailable (the plan has no previews)', async () => {
    const { time, deps } = setup();
    const { api } = deploymentApi(time, { trigger: () => Promise.reject(httpError(403, { serverMessage: 'Upgrade to Pro' })) });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview.status).toBe('unavailable');
    expect(preview.reason).toMatch(/plan has no preview deployments \(Pro and Enterprise have them\).*Server said: Upgrade to Pro/);
  });

  it('429 after the retries: error, in the client’s words, which name the limit once, and the server’s message as a sentence of its own', async () => {
    const { time, deps } = setup();
    const endpoint = 'POST /v1/project/preview/{projectId}';
    const serverMessage = 'Too many preview deployments';
    const message = describeHttpFailure({ endpoint, status: 429, serverMessage, ids: { projectId: 'proj_1' }, baseUrl: 'https://api.mintlify.com' }, 3);
    const refused = new ApiError(message, { kind: 'http', endpoint, status: 429, serverMessage, mayHaveTakenEffect: false, attempts: 3 });
    const { api } = deploymentApi(time, { trigger: () => Promise.reject(refused) });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'error' });
    expect(preview.reason).toBe(
      'POST /v1/project/preview/{projectId} answered 429: rate limited after 3 attempts (preview deployments are limited to 5 a minute per organisation). Server said: Too many preview deployments.',
    );
  });

  it('a trigger answered without a URL still waits, with no URL to show', async () => {
    const { time, deps } = setup();
    const { api } = deploymentApi(time, { queuedMs: 0, buildMs: 0, trigger: () => Promise.resolve({ statusId: 'dep_2', previewUrl: null }) });
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'success', url: undefined });
  });
});

describe('runPreview: cancellation', () => {
  it('during the wait: cancelled at once, with the URL seen', async () => {
    const { time, controller, deps } = setup();
    const { api, calls } = deploymentApi(time);
    let pauses = 0;
    const sleep = (ms: number, signal?: AbortSignal) => {
      if (++pauses === 3) controller.abort(new CancelledError('cancelled by SIGINT'));
      return time.sleep(ms, signal);
    };
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api, { sleep }));
    expect(preview).toMatchObject({ status: 'cancelled', url: URL_GIVEN });
    expect(calls.filter((call) => call.what === 'read')).toHaveLength(3);
  });

  it('before the trigger: cancelled, and nothing is asked for', async () => {
    const { time, controller, deps } = setup();
    const { api, calls } = deploymentApi(time);
    controller.abort(new CancelledError('cancelled by SIGINT'));
    expect((await runPreview({ dryRun: false }, finishedJob(), deps(api))).status).toBe('cancelled');
    expect(calls).toEqual([]);
  });

  it('during the trigger: cancelled', async () => {
    const { time, controller, deps } = setup();
    const { api } = deploymentApi(time, {
      trigger: () => {
        controller.abort(new CancelledError());
        return Promise.reject(new CancelledError());
      },
    });
    expect((await runPreview({ dryRun: false }, finishedJob(), deps(api))).status).toBe('cancelled');
  });
});

describe('runPreview: what each end says', () => {
  it('a job archived with its documentation PR gets a preview as one with the PR open does', async () => {
    const { time, deps } = setup();
    const { api, calls } = deploymentApi(time, { queuedMs: 0, buildMs: 0 });
    expect((await runPreview({ dryRun: false }, finishedJob({ outcome: 'archived' }), deps(api))).status).toBe('success');
    expect(calls.filter((call) => call.what === 'trigger')).toHaveLength(1);
  });

  it('a deadline already past: the reason says the preview could not be asked for', async () => {
    const { time, deps } = setup(0);
    const { api } = deploymentApi(time);
    expect((await runPreview({ dryRun: false }, finishedJob(), deps(api))).reason).toBe('The step’s timeout ran out before the preview could be asked for.');
  });

  it('a trigger answered without a URL says so in the log', async () => {
    const { time, logger, deps } = setup();
    const { api } = deploymentApi(time, { queuedMs: 0, buildMs: 0, trigger: () => Promise.resolve({ statusId: 'dep_2', previewUrl: null }) });
    await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(logger.messages('info').slice(0, 3)).toEqual([
      `Deploying a preview of branch "${BRANCH}".`,
      `Preview of branch "${BRANCH}" queued (the API gave no URL).`,
      // Ready from the first read: no URL to say where.
      '[0ms] Preview: queued → ready',
    ]);
  });

  it('a read may start at the deadline itself, and none after it: a 40 s wait reads at 0, 10, 20, 30 and 40 s', async () => {
    const { time, deps } = setup(40_000);
    const { api, calls } = deploymentApi(time, { queuedMs: 0, buildMs: 1e12 });
    const start = time.now();
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(calls.filter((call) => call.what === 'read').map((call) => call.at - start)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(preview).toMatchObject({ status: 'timed-out', reads: 5, waitedMs: 40_000 });
    // The deployment's last summary is part of the reason.
    expect(preview.reason).toBe("The preview was still building when the step's timeout ran out. Its last summary: ok");
  });

  it('a deployment that never says its state: timed out as not seen yet, with no summary to add', async () => {
    const { deps } = setup(20_000);
    const api: PreviewApi = {
      triggerPreview: () => Promise.resolve({ statusId: 'dep_3', previewUrl: URL_GIVEN }),
      getDeploymentStatus: () => Promise.resolve({ status: null, summary: null } as unknown as DeploymentStatus),
    };
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'timed-out', state: undefined, reads: 3 });
    expect(preview.reason).toBe("The preview was still not seen yet when the step's timeout ran out.");
  });

  it('a failed build without a summary: failure, saying the API gives no reason, and the log says it failed', async () => {
    const { logger, deps } = setup();
    const api: PreviewApi = {
      triggerPreview: () => Promise.resolve({ statusId: 'dep_4', previewUrl: URL_GIVEN }),
      getDeploymentStatus: () => Promise.resolve({ status: 'failure', summary: null } as unknown as DeploymentStatus),
    };
    const preview = await runPreview({ dryRun: false }, finishedJob(), deps(api));
    expect(preview).toMatchObject({ status: 'failure', reason: "The preview's build failed, and the API gives no reason." });
    expect(logger.messages('info').at(-1)).toBe('[0ms] Preview: queued → failed');
  });

  it('the wait returns a preview the trigger phase ended as it is, with no read', async () => {
    const { time, deps } = setup();
    const { api, calls } = deploymentApi(time);
    const ended = { ...(await triggerPreview({ dryRun: false }, finishedJob(), deps(api))), status: 'error' as const, reason: 'refused' };
    expect(await awaitPreview(ended, deps(api))).toEqual(ended);
    expect(calls.filter((call) => call.what === 'read')).toEqual([]);
  });
});

describe('runPreview: cancellation, at each step of the wait', () => {
  it('before the first read: cancelled, with no read', async () => {
    const { time, controller, deps } = setup();
    const { api, calls } = deploymentApi(time);
    const queued = await triggerPreview({ dryRun: false }, finishedJob(), deps(api));
    controller.abort(new CancelledError('cancelled by SIGINT'));
    expect((await awaitPreview(queued, deps(api))).status).toBe('cancelled');
    expect(calls.filter((call) => call.what === 'read')).toEqual([]);
  });

  it('during a status read: cancelled, not an error', async () => {
    const { time, controller, deps } = setup();
    const { api: base } = deploymentApi(time);
    const api: PreviewApi = {
      triggerPreview: (branch) => base.triggerPreview(branch),
      getDeploymentStatus: () => {
        const reason = new CancelledError('cancelled by SIGINT');
        controller.abort(reason);
        return Promise.reject(reason);
      },
    };
    expect(await runPreview({ dryRun: false }, finishedJob(), deps(api))).toMatchObject({ status: 'cancelled', reason: undefined });
  });

  it('a pause that fails for another reason than cancellation is not taken for one', async () => {
    const { time, deps } = setup();
    const { api } = deploymentApi(time);
    const broken = new Error('the timer broke');
    const sleep = () => Promise.reject(broken);
    await expect(runPreview({ dryRun: false }, finishedJob(), deps(api, { sleep }))).rejects.toBe(broken);
  });
});
