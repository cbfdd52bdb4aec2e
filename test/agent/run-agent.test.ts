/**
 * The agent run (`agent/run-agent.ts`): the send phase (create, message or attach, and how far the
 * prompt got: `delivery`), the wait phase, and the two together (`runAgent`), against the API
 * simulator on fake time, where a wait of half an hour takes milliseconds; and the records of a
 * run that ends before anything is sent. The first groups drive the run with fakes of the API, to
 * answer exactly what a case needs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cancelledBeforeSending,
  describeMode,
  failedBeforeSending,
  newRun,
  runAgent,
  sendPrompt,
  skippedRun,
  waitForJob,
  type AgentApi,
  type AgentDeps,
  type AgentRun,
  type AgentRunSettings,
} from '../../src/agent/run-agent.js';
import { ApiError } from '../../src/api/errors.js';
import type { AgentJob } from '../../src/api/schemas.js';
import { outcomeNote } from '../../src/report/agent-report.js';
import { CancelledError, Phase, type Sleep } from '../../src/runtime.js';
import { scripts } from '../simulator/index.js';
import { agentJob as job, scriptedReader } from '../support/agent-fakes.js';
import { FakeTime, recordingLogger, type RecordingLogger } from '../support/fake-time.js';
import { startSimApi, type SimApi } from '../support/sim-api.js';

/** The agent API as `runAgent` uses it: the create and the message answer as given, each GET the next status. */
function fakeAgentApi(answer: () => Promise<AgentJob>, statuses: string[] = ['completed']): AgentApi & { calls: string[] } {
  const reader = scriptedReader(statuses);
  const api = {
    calls: [] as string[],
    createJob: () => {
      api.calls.push('create');
      return answer();
    },
    sendMessage: () => {
      api.calls.push('message');
      return answer();
    },
    getJob: (id: string) => {
      api.calls.push('get');
      return reader.getJob(id);
    },
  };
  return api;
}

function agentSettings(overrides: Partial<AgentRunSettings> = {}): AgentRunSettings {
  return { dryRun: false, wait: true, pollIntervalMs: 5_000, pollIntervalMaxMs: 30_000, jobId: undefined, ...overrides };
}

function agentDeps(time: FakeTime, client: AgentApi, signal = new AbortController().signal) {
  return { client, clock: time, sleep: time.sleep, random: () => 0.5, logger: recordingLogger(), signal, deadline: time.now() + 30 * 60_000 };
}

describe('runAgent with wait: false', () => {
  it.each([
    [{ status: 'failed' }, 'failed'],
    [{ status: 'archived', archivedAt: '2026-11-22T12:00:00Z' }, 'archived'],
    [{ status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' }, 'pr-opened'],
    [{ status: 'completed' }, 'no-pr'],
    [{ status: 'active' }, 'submitted'],
    // Unknown is still running, as everywhere: the job was submitted.
    [{ status: 'queued' }, 'submitted'],
  ] as const)('a create answered %j is %s, and nothing more is asked', async (answer, outcome) => {
    const time = new FakeTime();
    const client = fakeAgentApi(() => Promise.resolve(job(answer.status, answer)));
    const run = await runAgent(agentSettings({ wait: false }), 'Document it', agentDeps(time, client));
    expect(run.outcome).toBe(outcome);
    expect(run.job?.status).toBe(answer.status);
    expect(client.calls).toEqual(['create']);
  });

  it('a message answered with a terminal status is that status’s outcome too', async () => {
    const time = new FakeTime();
    const client = fakeAgentApi(() => Promise.resolve(job('failed')));
    const run = await runAgent(agentSettings({ wait: false, jobId: 'job_1' }), 'More', agentDeps(time, client));
    expect(run.mode).toBe('message');
    expect(run.outcome).toBe('failed');
    expect(client.calls).toEqual(['message']);
  });
});

describe('runAgent cancelled before the create took effect', () => {
  const cancelledCreate = (tookNoEffect: boolean): ApiError =>
    new ApiError('POST /v2/agent/{projectId}/job: cancelled.', {
      kind: 'cancelled',
      endpoint: 'POST /v2/agent/{projectId}/job',
      mayHaveTakenEffect: false,
      tookNoEffect,
      attempts: 1,
    });

  /** A run whose create request is cancelled by SIGINT: refused by the server (`tookNoEffect`), or perhaps reached it. */
  async function cancelledDuringCreate(tookNoEffect: boolean) {
    const time = new FakeTime();
    const controller = new AbortController();
    const client = fakeAgentApi(() => {
      controller.abort(new CancelledError('cancelled by SIGINT'));
      return Promise.reject(cancelledCreate(tookNoEffect));
    });
    return runAgent(agentSettings(), 'Document it', agentDeps(time, client, controller.signal));
  }

  it('says no job was created when every attempt was refused with 429 (the signal came during the Retry-After wait)', async () => {
    const run = await cancelledDuringCreate(true);
    expect(run.outcome).toBe('cancelled');
    expect(run.delivery).toBe('refused');
    const note = outcomeNote(run)!;
    expect(note).toContain('no job was created');
    expect(note).not.toContain('may still have been created');
  });

  it('says a job may exist when the request may have reached the server', async () => {
    const run = await cancelledDuringCreate(false);
    expect(run.outcome).toBe('cancelled');
    expect(run.delivery).toBe('sent');
    expect(outcomeNote(run)).toContain('a job may still have been created');
  });
});

describe('against the simulator, on fake time', () => {
  let api: SimApi;
  beforeAll(async () => {
    api = await startSimApi();
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    api.reset();
  });

  interface Running {
    readonly deps: AgentDeps & { readonly logger: RecordingLogger };
    readonly cancel: () => void;
  }

  /** The deps of a run against the simulator: half an hour of deadline; `onPause` is told of each pause of the wait before the clock moves. */
  function simDeps(more: { onPause?: (count: number, cancel: () => void) => void; deadlineMs?: number; retries?: number } = {}): Running {
    const controller = new AbortController();
    const cancel = (): void => controller.abort(new CancelledError('cancelled by SIGINT'));
    const logger = recordingLogger();
    let pauses = 0;
    const sleep: Sleep = (ms, signal) => {
      more.onPause?.(++pauses, cancel);
      return api.time.sleep(ms, signal);
    };
    const deadline = api.time.now() + (more.deadlineMs ?? 30 * 60_000);
    const client = api.client({ logger, signal: controller.signal, deadline, retries: more.retries, sleep });
    return { deps: { client, clock: api.time, sleep, random: () => 0.5, logger, signal: controller.signal, deadline }, cancel };
  }

  const sent = (): Array<[string, string | undefined]> => api.sim.requests.map((request) => [request.method, request.endpoint]);

  describe('sendPrompt: how far the prompt got', () => {
    it('a create the API answered: accepted, with the job it created, still running, and one line that names it', async () => {
      api.sim.queueJobIds('job_created_1');
      const { deps } = simDeps();
      const started = api.time.now();
      const run = await sendPrompt(agentSettings(), 'Document the retries flag', deps);
      expect(run).toMatchObject({ mode: 'create', delivery: 'accepted', outcome: 'running', jobId: 'job_created_1', startedAt: started, error: undefined });
      expect(run.job).toMatchObject({ id: 'job_created_1', status: 'active' });
      expect(sent()).toEqual([['POST', 'create']]);
      expect(api.sim.requests[0]!.body).toEqual({ prompt: 'Document the retries flag' });
      expect(deps.logger.messages('info')).toEqual(['Created job job_created_1 (status active).']);
    });

    it('a follow-up message to the job given: accepted, the job ID the input’s', async () => {
      const jobId = await createdJobId();
      const { deps } = simDeps();
      const run = await sendPrompt(agentSettings({ jobId }), 'Also the timeout flag', deps);
      expect(run).toMatchObject({ mode: 'message', delivery: 'accepted', outcome: 'running', jobId });
      expect(sent()).toEqual([['POST', 'message']]);
      expect(api.sim.job(jobId)!.messages).toEqual(['Also the timeout flag']);
      expect(deps.logger.messages('info')).toEqual([`Sent a follow-up message to job ${jobId} (status active).`]);
    });

    it('attaching sends nothing: delivery none, the job still to be read', async () => {
      const { deps } = simDeps();
      const run = await sendPrompt(agentSettings({ jobId: 'job 7' }), '', deps);
      expect(run).toMatchObject({ mode: 'attach', delivery: 'none', outcome: 'running', jobId: 'job 7', job: undefined });
      expect(sent()).toEqual([]);
      // An ID with a space is quoted on the log line, so a reader sees where it ends.
      expect(deps.logger.messages('info')).toEqual(['Attaching to job "job 7".']);
    });

    it('a dry run sends nothing: outcome dry-run, delivery none, and says what it would have done', async () => {
      const { deps } = simDeps();
      const run = await sendPrompt(agentSettings({ dryRun: true, jobId: 'job_9' }), 'More', deps);
      expect(run).toMatchObject({ mode: 'message', outcome: 'dry-run', delivery: 'none' });
      expect(sent()).toEqual([]);
      expect(deps.logger.messages('info')).toEqual(['Dry run: would send a follow-up message to job job_9; nothing was sent to the agent.']);
    });

    it('a create answered 429 on every attempt: refused (no job was created), outcome error', async () => {
      api.sim.injectFault({ target: 'create', kind: 'status', status: 429, retryAfter: '1', times: 2 });
      const { deps } = simDeps({ retries: 1 });
      const run = await sendPrompt(agentSettings(), 'Document it', deps);
      expect(run).toMatchObject({ delivery: 'refused', outcome: 'error', jobId: undefined, job: undefined });
      expect(run.error).toBeInstanceOf(ApiError);
      expect((run.error as ApiError).status).toBe(429);
      expect(sent()).toEqual([
        ['POST', 'create'],
        ['POST', 'create'],
      ]);
    });

    it.each([
      ['answered 500 (it may have been taken)', 500],
      ['refused with 400', 400],
    ])('a create %s: sent, not sent again, outcome error', async (_what, status) => {
      api.sim.injectFault({ target: 'create', kind: 'status', status });
      const { deps } = simDeps({ retries: 3 });
      const run = await sendPrompt(agentSettings(), 'Document it', deps);
      expect(run).toMatchObject({ delivery: 'sent', outcome: 'error', jobId: undefined });
      expect((run.error as ApiError).status).toBe(status);
      expect(sent()).toEqual([['POST', 'create']]);
    });

    it('a message the API refused: sent, the job ID kept, outcome error', async () => {
      api.sim.injectFault({ target: 'message', kind: 'status', status: 404 });
      const { deps } = simDeps();
      const run = await sendPrompt(agentSettings({ jobId: 'job_gone' }), 'More', deps);
      expect(run).toMatchObject({ mode: 'message', delivery: 'sent', outcome: 'error', jobId: 'job_gone', job: undefined });
    });

    it('cancelled while the create hangs: cancelled, and sent (a job may exist)', async () => {
      api.sim.injectFault({ target: 'create', kind: 'hang', process: true });
      const { deps, cancel } = simDeps();
      api.onRequest = cancel;
      const run = await sendPrompt(agentSettings(), 'Document it', deps);
      expect(run).toMatchObject({ outcome: 'cancelled', delivery: 'sent', jobId: undefined, waitedMs: 0 });
      expect(outcomeNote(run)).toContain('a job may still have been created');
    });

    // With the signal already aborted the create never leaves: `none` ("a stop before sending"),
    // never `refused` ("it went out but certainly took no effect"), so the step's line does not say
    // the API refused a request that was never sent.
    it('cancelled before the create went out: nothing was sent, delivery none', async () => {
      const { deps, cancel } = simDeps();
      cancel();
      const run = await sendPrompt(agentSettings(), 'Document it', deps);
      expect(sent()).toEqual([]);
      expect(run.outcome).toBe('cancelled');
      expect(run.delivery).toBe('none');
    });
  });

  describe('waitForJob', () => {
    it('polls the job the send left running until it ends: its outcome, the time waited by the clock', async () => {
      api.sim.queueJobScripts(scripts.prAfter(2));
      const { deps } = simDeps();
      const started = await sendPrompt(agentSettings(), 'Document it', deps);
      const before = api.time.now();
      const run = await waitForJob(started, agentSettings(), deps);
      expect(run).toBe(started);
      expect(run).toMatchObject({ outcome: 'pr-opened', timedOut: false, delivery: 'accepted' });
      expect(run.job?.prLink).toMatch(/^https:\/\/github\.com\/acme-sim\/docs\/pull\/\d+$/);
      expect(run.waitedMs).toBe(api.time.now() - before);
      expect(run.waitedMs).toBeGreaterThan(0);
      expect(sent()).toEqual([
        ['POST', 'create'],
        ['GET', 'get'],
        ['GET', 'get'],
      ]);
    });

    it('a job still working at the deadline: timed-out, its last status kept', async () => {
      api.sim.queueJobScripts(scripts.stayActive());
      const { deps } = simDeps({ deadlineMs: 60_000 });
      const run = await waitForJob(await sendPrompt(agentSettings(), 'Document it', deps), agentSettings(), deps);
      expect(run).toMatchObject({ outcome: 'timed-out', timedOut: true });
      expect(run.job?.status).toBe('active');
      expect(api.time.now()).toBeLessThanOrEqual(deps.deadline);
    });

    it('cancelled during the wait: cancelled, the job and the time waited kept, nothing polled after it', async () => {
      api.sim.queueJobScripts(scripts.stayActive());
      const { deps } = simDeps({ onPause: (count, cancel) => count === 3 && cancel() });
      const started = await sendPrompt(agentSettings(), 'Document it', deps);
      const before = api.time.now();
      const run = await waitForJob(started, agentSettings(), deps);
      expect(run).toMatchObject({ outcome: 'cancelled', delivery: 'accepted', jobId: started.jobId });
      expect(run.waitedMs).toBe(api.time.now() - before);
      expect(sent().filter(([, endpoint]) => endpoint === 'get')).toHaveLength(2);
    });

    it('a run the send ended is given back as it is, and nothing is asked', async () => {
      const { deps } = simDeps();
      for (const outcome of ['dry-run', 'error', 'cancelled'] as const) {
        const ended = newRun(undefined, 'x', 0, outcome);
        expect(await waitForJob(ended, agentSettings(), deps)).toEqual(newRun(undefined, 'x', 0, outcome));
      }
      expect(sent()).toEqual([]);
    });

    it('a step cancelled before the wait: cancelled at once, no poll', async () => {
      const { deps, cancel } = simDeps();
      const run = newRun('job_1', '', 0, 'running');
      cancel();
      expect(await waitForJob(run, agentSettings(), deps)).toMatchObject({ outcome: 'cancelled', waitedMs: 0 });
      expect(sent()).toEqual([]);
    });

    it('a create answer already terminal, with wait: false, is that outcome: nothing is polled', async () => {
      api.sim.queueJobScripts([{ status: 'failed' }]);
      const { deps } = simDeps();
      const settings = agentSettings({ wait: false });
      const run = await waitForJob(await sendPrompt(settings, 'Document it', deps), settings, deps);
      expect(run.outcome).toBe('failed');
      expect(sent()).toEqual([['POST', 'create']]);
    });

    it('attaching with wait: false looks at the job once: its outcome, or running while it works', async () => {
      const settings = (jobId: string) => agentSettings({ wait: false, jobId });
      const working = await createdJobId(scripts.stayActive());
      const done = await createdJobId([{ status: 'completed', prLink: true }]);
      api.sim.resetLog();
      const { deps } = simDeps();
      const attached = async (jobId: string): Promise<AgentRun> => waitForJob(await sendPrompt(settings(jobId), '', deps), settings(jobId), deps);
      expect(await attached(working)).toMatchObject({ outcome: 'running', delivery: 'none', job: { id: working, status: 'active' } });
      expect(await attached(done)).toMatchObject({ outcome: 'pr-opened', job: { id: done, status: 'completed' } });
      expect(sent()).toEqual([
        ['GET', 'get'],
        ['GET', 'get'],
      ]);
    });

    it('attaching with wait: false to a job the API does not know: outcome error, with the API’s error', async () => {
      const { deps } = simDeps();
      const settings = agentSettings({ wait: false, jobId: 'job_missing' });
      const run = await waitForJob(await sendPrompt(settings, '', deps), settings, deps);
      expect(run.outcome).toBe('error');
      expect((run.error as ApiError).status).toBe(404);
    });
  });

  describe('runAgent: the two phases, one after the other', () => {
    it('sends, says the job ID before the wait, then waits: each phase in its group, the prompt as data', async () => {
      api.sim.queueJobScripts(scripts.noPrAfter(1));
      api.sim.queueJobIds('job_early');
      const { deps } = simDeps();
      const told: Array<[string, number]> = [];
      const run = await runAgent(agentSettings(), 'Document it', { ...deps, onJobId: (id) => told.push([id, api.sim.requests.length]) });
      expect(run).toMatchObject({ outcome: 'no-pr', jobId: 'job_early' });
      // Told once, after the create and before any poll.
      expect(told).toEqual([['job_early', 1]]);
      expect(deps.logger.phases).toEqual([Phase.Send, Phase.Wait]);
      expect(deps.logger.blocks).toEqual([{ title: 'Prompt (11 characters)', text: 'Document it' }]);
    });

    it('attaching shows no prompt, and says the job ID it was given', async () => {
      const jobId = await createdJobId([{ status: 'completed' }]);
      const { deps } = simDeps();
      const told: string[] = [];
      const run = await runAgent(agentSettings({ jobId }), '', { ...deps, onJobId: (id) => told.push(id) });
      expect(run).toMatchObject({ mode: 'attach', outcome: 'no-pr', delivery: 'none' });
      expect(told).toEqual([jobId]);
      expect(deps.logger.blocks).toEqual([]);
    });
  });

  /** A job created on the simulator, as an earlier run of the action created it: its ID. */
  async function createdJobId(script = scripts.stayActive()): Promise<string> {
    api.sim.queueJobScripts(script);
    const { deps } = simDeps();
    const run = await sendPrompt(agentSettings(), 'Earlier', deps);
    api.sim.resetLog();
    return run.jobId!;
  }
});

describe('the record of a run', () => {
  it('newRun: the mode from the job ID and the prompt, nothing sent yet', () => {
    const created = newRun(undefined, 'Document it', 5, 'running');
    expect(created).toMatchObject({ mode: 'create', prompt: 'Document it', startedAt: 5, outcome: 'running', timedOut: false, waitedMs: 0, delivery: 'none' });
    expect([created.jobId, created.job, created.error, created.skipReason]).toEqual([undefined, undefined, undefined, undefined]);
    expect(newRun('job_1', 'More', 0, 'running').mode).toBe('message');
    expect(newRun('job_1', '', 0, 'running').mode).toBe('attach');
    // No job ID: a create, with or without a prompt.
    expect(newRun('', '', 0, 'running').mode).toBe('create');
  });

  it('skippedRun: skipped, with the reason, and the kind only when one is given', () => {
    const filtered = skippedRun({ prompt: 'x' }, 3, 'Every changed file was filtered out.', 'filtered');
    expect(filtered).toMatchObject({
      outcome: 'skipped',
      startedAt: 3,
      skipReason: 'Every changed file was filtered out.',
      skipKind: 'filtered',
      delivery: 'none',
    });
    const plain = skippedRun({ jobId: 'job_1', prompt: '' }, 3, 'Nothing to do.');
    expect(plain).toMatchObject({ outcome: 'skipped', mode: 'attach', skipReason: 'Nothing to do.' });
    expect('skipKind' in plain).toBe(false);
  });

  it('failedBeforeSending: error, with the failure as an Error; cancelledBeforeSending: cancelled, nothing waited', () => {
    const thrown = new Error('GitHub answered 500');
    expect(failedBeforeSending({ prompt: 'x' }, 0, thrown)).toMatchObject({ outcome: 'error', error: thrown, delivery: 'none' });
    const fromText = failedBeforeSending({ prompt: 'x' }, 0, 'a string was thrown');
    expect(fromText.error).toBeInstanceOf(Error);
    expect(fromText.error?.message).toBe('a string was thrown');
    expect(cancelledBeforeSending({ jobId: 'job_1', prompt: 'x' }, 9)).toMatchObject({
      outcome: 'cancelled',
      mode: 'message',
      startedAt: 9,
      waitedMs: 0,
      delivery: 'none',
    });
  });

  it('describeMode: what the run would do, the job ID as the log shows it or as the caller does', () => {
    expect(describeMode('create', undefined)).toBe('create a new agent job');
    expect(describeMode('message', 'job_1')).toBe('send a follow-up message to job job_1');
    expect(describeMode('attach', 'job\n::error::x')).toBe('attach to job "job\\n::error::x" and wait for it');
    expect(describeMode('attach', 'job_1', (id) => `\`${id}\``)).toBe('attach to job `job_1` and wait for it');
  });
});
