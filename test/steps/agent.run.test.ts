/**
 * `command: agent`, run in process as the runner runs the bundle (`run()` with the inputs as
 * INPUT_*, the GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files; test/support/runner.ts), against the
 * API simulator over real HTTP, on fake time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeSpan } from '../../src/report/markdown.js';
import { scripts, type JobScript, type Simulator } from '../simulator/index.js';
import { actionTime, errorLines, injectedCommands } from '../support/checked-run.js';
import { AWKWARD_JOB_IDS } from '../support/job-ids.js';
import { findSecret, type ActionRun } from '../support/run-action.js';
import { apiInputs, runInProcess, startRunnerSimulator, withSimulator, type InProcessOptions } from '../support/runner.js';
import { scheduleEvent } from '../support/webhook-events.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startRunnerSimulator();
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  sim.clearFaults();
  sim.resetLog();
});

async function agent(inputs: Record<string, string>, options: Partial<InProcessOptions> & { script?: JobScript } = {}): Promise<ActionRun> {
  if (options.script) sim.queueJobScripts(options.script);
  const run = await runInProcess({
    ...options,
    inputs: apiInputs(sim, { 'poll-interval': '100ms', 'poll-interval-max': '200ms', ...inputs }),
  });
  expect(findSecret(run, sim.apiKey)).toEqual([]);
  return run;
}

const posts = (endpoint: 'create' | 'message') => sim.requests.filter((r) => r.method === 'POST' && r.endpoint === endpoint);
const gets = () => sim.requests.filter((r) => r.endpoint === 'get');

describe('outcomes', () => {
  it('pr-opened: one create, polls, outputs, summary and the closing log line', async () => {
    const run = await agent({ prompt: 'Document the retries flag' }, { script: scripts.prAfter(2) });
    expect(run.code).toBe(0);
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(run.outputs.status).toBe('completed');
    expect(run.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/.+\/pull\/\d+$/);
    expect(run.outputs['timed-out']).toBe('false');
    expect(run.outputs['job-id']).toMatch(/\S/);
    expect(run.outputs.model).toBe('sim-model-1');
    expect(run.outputs['source-repository']).toMatch(/^https:\/\//);
    expect(run.outputs['created-at']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.parse(run.outputs.job!)).toMatchObject({ id: run.outputs['job-id'], status: 'completed' });
    expect(posts('create')).toHaveLength(1);
    expect(posts('create')[0]!.body).toEqual({ prompt: 'Document the retries flag' });
    expect(gets()).toHaveLength(2);
    expect(run.outputs.requests).toBe('3');
    expect(run.summary).toContain('Pull request opened');
    expect(run.summary).toContain(run.outputs['pr-link']);
    expect(run.summary).toContain(`| Job ID | ${codeSpan(run.outputs['job-id']!, 'cell')} |`);
    expect(run.summary).toContain('Document the retries flag');
    expect(run.stdout).toContain(`Outcome: pr-opened · job ${run.outputs['job-id']} · status completed · PR ${run.outputs['pr-link']}`);
  });

  it('no-pr passes by default and fails when fail-on lists it', async () => {
    const passing = await agent({ prompt: 'x' }, { script: scripts.noPrAfter(1) });
    expect(passing.code).toBe(0);
    expect(passing.outputs.outcome).toBe('no-pr');
    expect(passing.outputs['pr-link']).toBe('');
    const failing = await agent({ prompt: 'x', 'fail-on': 'no-pr,failed' }, { script: scripts.noPrAfter(1) });
    expect(failing.code).toBe(1);
    expect(failing.outputs.outcome).toBe('no-pr');
    expect(failing.stdout).toContain('::error::Outcome "no-pr" is listed in fail-on');
  });

  it('failed fails the step by default, and passes when fail-on leaves it out', async () => {
    const run = await agent({ prompt: 'x' }, { script: scripts.failAfter(1) });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('failed');
    expect(run.outputs.status).toBe('failed');
    // What happened, and what to do: the job ID to report.
    const id = run.outputs['job-id']!;
    expect(errorLines(run)).toEqual([
      `::error::Outcome "failed" is listed in fail-on (failed,timed-out): the API reports job ${id} as failed and gives no reason. To ask why, report the job ID ${id} to the documentation platform's support; to try again, run the step again for a new job.`,
    ]);
    const tolerated = await agent({ prompt: 'x', 'fail-on': 'timed-out' }, { script: scripts.failAfter(1) });
    expect(tolerated.code).toBe(0);
  });

  it('archived passes by default and fails when fail-on lists it', async () => {
    const run = await agent({ prompt: 'x' }, { script: scripts.archivedAfter(1) });
    expect(run.outputs.outcome).toBe('archived');
    expect(run.code).toBe(0);
    const failing = await agent({ prompt: 'x', 'fail-on': 'archived' }, { script: scripts.archivedAfter(1) });
    expect(failing.code).toBe(1);
  });

  it('timed-out leaves job-id, status=active and timed-out=true, and says how to attach', async () => {
    const run = await agent({ prompt: 'x', timeout: '1s' }, { script: scripts.stayActive() });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('timed-out');
    expect(run.outputs.status).toBe('active');
    expect(run.outputs['timed-out']).toBe('true');
    expect(run.outputs['job-id']).toMatch(/\S/);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Outcome "timed-out" is listed in fail-on \\(failed,timed-out\\): job ${run.outputs['job-id']} was still active after waiting \\d+m?s\\. It goes on running on the server; attach to it in a later run or step with job-id: ${run.outputs['job-id']} \\(and no prompt\\), or raise timeout\\.$`,
        ),
      ),
    ]);
    expect(run.summary).toContain(`job-id: ${run.outputs['job-id']}`);
    // By the action's own clock: the deadline, one request timeout, and its wrap-up.
    expect(actionTime(run)!.sinceStartMs).toBeLessThan(1_000 + 2_000 + 2_500);
  });

  it('an unknown status is treated as running, with one warning', async () => {
    const run = await agent({ prompt: 'x' }, { script: scripts.unknownThenPr(3) });
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(run.stdout.match(/::warning::.*undocumented status/g)).toHaveLength(1);
  });

  it('an API error after the job exists keeps job-id and fails the step', async () => {
    sim.injectFault({ target: 'get', kind: 'status', status: 404, body: { error: 'Job not found' } });
    const run = await agent({ prompt: 'x' }, { script: scripts.stayActive() });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('error');
    expect(run.outputs['job-id']).toMatch(/\S/);
    expect(run.stdout).toMatch(/::error::GET \/v2\/agent\/\{projectId\}\/job\/\{id\} answered 404/);
  });

  it('a refused key fails with the 401 wording and no job', async () => {
    const run = await agent({ prompt: 'x', 'api-key': 'mint_expired_key_000' });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('error');
    expect(run.outputs['job-id']).toBe('');
    expect(run.stdout).toContain('the API key was refused');
    expect(findSecret(run, 'mint_expired_key_000')).toEqual([]);
  });
});

describe('ways in', () => {
  it('job-id with a prompt sends exactly one follow-up message and waits', async () => {
    sim.queueJobScripts(scripts.prAfter(1));
    const first = await agent({ prompt: 'first', wait: 'false' });
    sim.resetLog();
    const run = await agent({ 'job-id': first.outputs['job-id']!, prompt: 'follow up' }, { script: scripts.prAfter(2) });
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(posts('create')).toHaveLength(0);
    expect(posts('message')).toHaveLength(1);
    expect(posts('message')[0]!.body).toEqual({ prompt: 'follow up' });
  });

  it('job-id alone attaches: no POST at all', async () => {
    const first = await agent({ prompt: 'first', wait: 'false' }, { script: scripts.prAfter(3) });
    expect(first.outputs.outcome).toBe('submitted');
    sim.resetLog();
    const run = await agent({ 'job-id': first.outputs['job-id']! });
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(gets().length).toBeGreaterThan(0);
  });

  it('job-id alone with wait: false looks at the job once and reports where it stands', async () => {
    const first = await agent({ prompt: 'first', wait: 'false' }, { script: scripts.prAfter(2) });
    sim.resetLog();
    const running = await agent({ 'job-id': first.outputs['job-id']!, wait: 'false' });
    expect(running.code).toBe(0);
    expect(running.outputs.outcome).toBe('running');
    expect(running.outputs.status).toBe('active');
    expect(running.outputs.requests).toBe('1');
    expect(gets()).toHaveLength(1);
    expect(running.summary).toContain('Still running');
    sim.resetLog();
    const finished = await agent({ 'job-id': first.outputs['job-id']!, wait: 'false' });
    expect(finished.outputs.outcome).toBe('pr-opened');
    expect(finished.outputs['pr-link']).toMatch(/\/pull\/\d+$/);
    expect(gets()).toHaveLength(1);
  });

  it('wait: false returns right after the create with outcome submitted', async () => {
    const run = await agent({ prompt: 'x', wait: 'false' }, { script: scripts.stayActive() });
    expect(run.code).toBe(0);
    expect(run.outputs.outcome).toBe('submitted');
    expect(run.outputs.status).toBe('active');
    expect(sim.requests).toHaveLength(1);
    expect(run.outputs.requests).toBe('1');
  });

  it.each([
    [{ status: 'failed' }, 'failed', 1],
    [{ status: 'archived' }, 'archived', 0],
    [{ status: 'completed', prLink: true }, 'pr-opened', 0],
  ] as const)('wait: false with a create answered %j: that outcome, never submitted', async (phase, outcome, code) => {
    const run = await agent({ prompt: 'x', wait: 'false' }, { script: [phase] });
    expect(run.outputs.outcome).toBe(outcome);
    expect(run.code).toBe(code);
    expect(run.outputs.status).toBe(phase.status);
    // One look was enough: the answer to the create.
    expect(sim.requests.map((r) => r.endpoint)).toEqual(['create']);
    expect(run.summary).not.toContain('Submitted');
    if (outcome === 'failed') {
      const id = run.outputs['job-id']!;
      expect(errorLines(run)).toEqual([
        expect.stringContaining(`::error::Outcome "failed" is listed in fail-on (failed,timed-out): the API reports job ${id} as failed`),
      ]);
    }
    if (outcome === 'pr-opened') expect(run.outputs['pr-link']).toMatch(/\/pull\/\d+$/);
  });

  it('dry-run sends nothing and shows the prompt', async () => {
    const run = await agent({ prompt: 'Describe the new API', 'dry-run': 'true' });
    expect(run.code).toBe(0);
    expect(run.outputs.outcome).toBe('dry-run');
    expect(run.outputs.requests).toBe('0');
    expect(sim.requests).toHaveLength(0);
    expect(run.stdout).toContain('Describe the new API');
    expect(run.summary).toContain('Describe the new API');
  });
});

describe('job IDs as the API gives them', () => {
  it.each(AWKWARD_JOB_IDS)(
    'a create answered with id %j: job-id is set, the job is polled to the end, and later runs attach to it and message it',
    async (id) => {
      sim.queueJobIds(id);
      const created = await agent({ prompt: 'x' }, { script: scripts.prAfter(2) });
      expect(created.code).toBe(0);
      expect(created.outputs.outcome).toBe('pr-opened');
      expect(created.outputs['job-id']).toBe(id);
      expect(gets().length).toBeGreaterThanOrEqual(2);
      expect(gets().every((r) => r.jobId === id && r.status === 200)).toBe(true);
      expect(created.summary).toContain(`| Job ID | ${codeSpan(id, 'cell')} |`);
      expect(injectedCommands(created.stdout, [sim.apiKey])).toEqual([]);

      sim.resetLog();
      const attached = await agent({ 'job-id': id });
      expect(attached.code).toBe(0);
      expect(attached.outputs.outcome).toBe('pr-opened');
      expect(attached.outputs['job-id']).toBe(id);
      expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
      expect(gets().map((r) => r.jobId)).toEqual([id]);

      sim.resetLog();
      const messaged = await agent({ 'job-id': id, prompt: 'follow up' }, { script: scripts.prAfter(1) });
      expect(messaged.code).toBe(0);
      expect(messaged.outputs.outcome).toBe('pr-opened');
      expect(posts('message').map((r) => r.jobId)).toEqual([id]);
      expect(sim.job(id)!.messages).toEqual(['follow up']);
    },
  );
});

describe('a base-url that is not the API root', () => {
  it('with a path prefix the API does not have: the 404 says project-id or base-url', async () => {
    const run = await agent({ prompt: 'x', 'base-url': `${sim.url}/api` });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('error');
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /^::error::POST \/v2\/agent\/\{projectId\}\/job answered 404: project "proj_sim" was not found, or base-url \(http:\/\/127\.0\.0\.1:\d+\/api\) does not point at the API's root\. /,
      ),
    ]);
    expect(run.summary).toContain("does not point at the API's root");
  });

  it('without the path prefix the API is served under: the same', () =>
    withSimulator({ basePath: '/api' }, async (prefixed) => {
      const root = prefixed.url.slice(0, -'/api'.length);
      const run = await agent({ prompt: 'x', 'base-url': root, 'api-key': prefixed.apiKey });
      expect(run.code).toBe(1);
      expect(errorLines(run)).toEqual([expect.stringContaining(`project "proj_sim" was not found, or base-url (${root}) does not point at the API's root`)]);
      expect(prefixed.requests.map((r) => r.path)).toEqual(['/v2/agent/proj_sim/job']);
    }));
});

describe('outside text in the answers', () => {
  it('a job ID that is not an identifier is a malformed answer, never part of a path or a line', async () => {
    sim.injectFault({ target: 'create', kind: 'status', status: 201, body: { id: '..', status: 'active' } });
    const run = await agent({ prompt: 'x' });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('error');
    expect(errorLines(run)).toEqual([expect.stringMatching(/answered 201 with a response that is not the documented shape: id: not a job ID/)]);
    expect(sim.requests.map((r) => r.endpoint)).toEqual(['create']);
  });

  it('a status or PR link with line breaks or ##[ starts no workflow command', async () => {
    const status = 'active\n::add-mask::mint_\r::error file=x::injected ##[set-output name=outcome;]pr-opened';
    sim.injectFault({ target: 'create', kind: 'status', status: 201, body: { id: 'job_sim_1', status } });
    const run = await agent({ prompt: 'x', wait: 'false' });
    expect(run.outputs.outcome).toBe('submitted');
    expect(run.stdout).toContain('Created job job_sim_1 (status active ::add-mask::mint_ ::error file=x::injected #\u200b#[set-ou…).');
    expect(injectedCommands(run.stdout, [sim.apiKey])).toEqual([]);
  });
});

describe('bad input', () => {
  it('stops before any request with one line naming the input', async () => {
    const run = await agent({ prompt: 'x', 'poll-interval': 'soon' });
    expect(run.code).toBe(1);
    expect(sim.requests).toHaveLength(0);
    const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error::'));
    expect(errors).toEqual([
      '::error::Input "poll-interval" has an invalid value "soon": expected a duration such as 45s, 10m, 1h, 1h30m, 500ms, or a number of seconds.',
    ]);
    // Later steps read the outputs whatever happened.
    expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
  });

  it('diff: true with a prompt on an event without a diff says the event has none, and does not ask for a prompt', async () => {
    const run = await agent({ prompt: 'Update the CLI page.', diff: 'true' }, { event: scheduleEvent() });
    expect(run.code).toBe(1);
    expect(sim.requests).toHaveLength(0);
    expect(errorLines(run)).toEqual([
      '::error::Input "diff" is "true" but the event "schedule" has no diff: only pull_request, pull_request_target and push have one. To send the prompt alone on this event, use diff: auto (or false).',
    ]);
  });

  it('sets outcome error and requests 0 for a bad input of the visitors command too', async () => {
    const run = await agent({ command: 'visitors', 'page-size': '0' });
    expect(run.code).toBe(1);
    expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
  });
});

describe('cancellation', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s mid-poll: exits within 2 s with outputs, summary and the attach hint', async (signal) => {
    const run = await agent({ prompt: 'x' }, { script: scripts.stayActive(), signal: { name: signal, when: (out) => out.includes('Created job') } });
    expect(run.code).not.toBe(0);
    expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
    expect(run.outputs.outcome).toBe('cancelled');
    expect(run.outputs.status).toBe('active');
    expect(run.outputs['job-id']).toMatch(/\S/);
    expect(run.summary).toContain('Cancelled');
    expect(run.stdout).toContain(`attach to it later with job-id: ${run.outputs['job-id']}`);
  });

  it('SIGTERM while the create request hangs: exits within 2 s and says a job may exist', async () => {
    sim.injectFault({ target: 'create', kind: 'hang' });
    const run = await agent({ prompt: 'x' }, { signal: { name: 'SIGTERM', when: (out) => out.includes('::endgroup::') } });
    expect(run.code).not.toBe(0);
    expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
    expect(run.outputs.outcome).toBe('cancelled');
    expect(run.outputs['job-id']).toBe('');
    expect(run.stdout).toContain('a job may still have been created');
  });
});
