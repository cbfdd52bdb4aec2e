/**
 * `command: agent` (src/steps/agent.ts), in process with fake time, against the API simulator and
 * the fake GitHub, at two levels: the step itself with the entry layer's report and a recording
 * logger (useFlows, test/support/in-process.ts), and the whole action as the runner runs it
 * (`run()` with the inputs as INPUT_*, the output and summary files, the log as the runner reads
 * it: test/support/runner.ts). The behaviours where a defect would matter most (fail-on, the
 * comment's record, whose comment counts, cancellation) are held at both, so a break shows at both.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeSpan } from '../../src/report/markdown.js';
import { Phase } from '../../src/runtime.js';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { recordIn, sealedRecord } from '../support/records.js';
import { apiInputs, scripts, type JobScript, type Simulator } from '../simulator/index.js';
import { fileDiff, type FakeComment, type FakeGitHub } from '../support/fake-github.js';
import { pullRequestEvent, scheduleEvent } from '../support/webhook-events.js';
import { useFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';
import { actionTime, errorLines, injectedCommands } from '../support/checked-run.js';
import { AWKWARD_JOB_IDS } from '../support/job-ids.js';
import { findSecret, type ActionRun } from '../support/run-action.js';
import { runInProcess, startRunnerSimulator, withSimulator, type InProcessOptions } from '../support/runner.js';

describe('the step, in process (agentStep)', () => {
  let flows: Flows;
  let github: FakeGitHub;
  // Reset before each test; after it, every request the step sent, and every answer the fake gave, is as GitHub describes it.
  useFlows({ github: true }, (started) => ({ flows, github } = started));

  function agent(inputs: Record<string, string>, options: FlowOptions & { script?: JobScript } = {}): Promise<FlowResult> {
    if (options.script) flows.sim.queueJobScripts(options.script);
    return flows.run(inputs, options);
  }

  const posts = (endpoint: 'create' | 'message') => flows.sim.requests.filter((r) => r.method === 'POST' && r.endpoint === endpoint);
  const gets = () => flows.sim.requests.filter((r) => r.endpoint === 'get');
  const commentWrites = () => github.requests.filter((r) => r.call === 'create-comment' || r.call === 'update-comment');
  const bodyOf = (request: { body?: unknown }): string => (request.body as { body: string }).body;
  /** Cancels the flow once the simulator has the request (which it leaves unanswered): cancelled while the request is on the wire. */
  const SRC = fileDiff('src/cli.ts', ['export const retries = 4;']);

  describe('create and wait', () => {
    it('pr-opened: one create, polls in fake time, outputs, summary, the prompt block and the closing line', async () => {
      const run = await agent({ prompt: 'Document the retries flag' }, { script: scripts.prAfter(2) });
      expect(run.failures).toEqual([]);
      const jobId = run.outputs['job-id']!;
      expect(jobId).toMatch(/^job_/);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', status: 'completed', 'timed-out': 'false', model: 'sim-model-1', requests: '3' });
      expect(run.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/acme-sim\/docs\/pull\/\d+$/);
      expect(JSON.parse(run.outputs.job!)).toMatchObject({ id: jobId, status: 'completed' });
      expect(posts('create').map((r) => r.body)).toEqual([{ prompt: 'Document the retries flag' }]);
      expect(gets()).toHaveLength(2);
      expect(run.summary).toContain('Pull request opened');
      expect(run.summary).toContain(run.outputs['pr-link']);
      expect(run.summary).toContain(`| Job ID | ${codeSpan(jobId, 'cell')} |`);
      expect(run.log.blocks).toEqual([{ title: 'Prompt (25 characters)', text: 'Document the retries flag' }]);
      expect(run.log.messages('info').at(-1)).toBe(`Outcome: pr-opened · job ${jobId} · status completed · PR ${run.outputs['pr-link']}`);
    });

    it('the log: each phase in its group, in order; what a phase says lands in its group, the closing line in none', async () => {
      // A 429 is never taken as a create: retried, and the retry is said in the send phase.
      flows.sim.injectFault({ target: 'create', kind: 'status', status: 429, retryAfter: '1' });
      const run = await agent({ prompt: 'Document the retries flag' }, { script: scripts.prAfter(2) });
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(run.log.phases).toEqual([Phase.Prepare, Phase.Send, Phase.Wait, Phase.DocsPr, Phase.Preview, Phase.Impact, Phase.Gate, Phase.Publish]);
      const sent = run.log.inPhase(Phase.Send);
      expect(sent[0]).toBe('Prompt (25 characters)\nDocument the retries flag');
      expect(sent.some((line) => /429.*retrying in/.test(line))).toBe(true);
      expect(sent.some((line) => line.startsWith('Created job'))).toBe(true);
      expect(run.log.inPhase(Phase.Wait).some((line) => line.includes('completed'))).toBe(true);
      expect(run.log.lines.at(-1)).toEqual({ level: 'info', message: expect.stringMatching(/^Outcome: pr-opened/) });
    });

    it('a job that lives by time ends when fake time reaches it: 3 minutes of waiting, no real waiting', async () => {
      const startedAt = flows.time.now();
      const run = await agent({ prompt: 'x' }, { script: scripts.completeAfterMs(3 * 60_000) });
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(flows.time.now() - startedAt).toBeGreaterThanOrEqual(3 * 60_000);
      // Growing from poll-interval (5s) towards poll-interval-max (30s): about 9 polls for 3 minutes, not 36.
      expect(gets().length).toBeGreaterThanOrEqual(7);
      expect(gets().length).toBeLessThanOrEqual(12);
    });
  });

  describe('fail-on', () => {
    it('failed fails the step by default with the documented line, and passes when fail-on leaves it out', async () => {
      const run = await agent({ prompt: 'x' }, { script: scripts.failAfter(1) });
      const id = run.outputs['job-id']!;
      expect(run.outputs).toMatchObject({ outcome: 'failed', status: 'failed' });
      expect(run.failures).toEqual([
        `Outcome "failed" is listed in fail-on (failed,timed-out): the API reports job ${id} as failed and gives no reason. To ask why, report the job ID ${id} to the documentation platform's support; to try again, run the step again for a new job.`,
      ]);
      const tolerated = await agent({ prompt: 'x', 'fail-on': 'timed-out' }, { script: scripts.failAfter(1) });
      expect(tolerated.outputs.outcome).toBe('failed');
      expect(tolerated.failures).toEqual([]);
    });

    it('no-pr passes by default and fails when fail-on lists it', async () => {
      const passing = await agent({ prompt: 'x' }, { script: scripts.noPrAfter(1) });
      expect(passing.outputs).toMatchObject({ outcome: 'no-pr', 'pr-link': '' });
      expect(passing.failures).toEqual([]);
      const failing = await agent({ prompt: 'x', 'fail-on': 'no-pr,failed' }, { script: scripts.noPrAfter(1) });
      const id = failing.outputs['job-id']!;
      expect(failing.failures).toEqual([
        `Outcome "no-pr" is listed in fail-on (no-pr,failed): job ${id} completed without a pull request (nothing needed changing, or the agent committed directly to the deploy branch).`,
      ]);
    });

    it('timed-out: job-id, status active and timed-out true, and the line says how to attach', async () => {
      const run = await agent({ prompt: 'x', timeout: '5m' }, { script: scripts.stayActive() });
      const id = run.outputs['job-id']!;
      expect(run.outputs).toMatchObject({ outcome: 'timed-out', status: 'active', 'timed-out': 'true' });
      expect(run.failures).toEqual([
        `Outcome "timed-out" is listed in fail-on (failed,timed-out): job ${id} was still active after waiting 5m. It goes on running on the server; attach to it in a later run or step with job-id: ${id} (and no prompt), or raise timeout.`,
      ]);
      expect(run.summary).toContain(`job-id: ${id}`);
      const tolerated = await agent({ prompt: 'x', timeout: '5m', 'fail-on': '' }, { script: scripts.stayActive() });
      expect(tolerated.outputs.outcome).toBe('timed-out');
      expect(tolerated.failures).toEqual([]);
    });
  });

  describe('ways in', () => {
    it('job-id with a prompt sends exactly one follow-up message and waits', async () => {
      const first = await agent({ prompt: 'first', wait: 'false' }, { script: scripts.prAfter(1) });
      flows.reset();
      const run = await agent({ 'job-id': first.outputs['job-id']!, prompt: 'follow up' }, { script: scripts.prAfter(2) });
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': first.outputs['job-id'] });
      expect(posts('create')).toEqual([]);
      expect(posts('message').map((r) => r.body)).toEqual([{ prompt: 'follow up' }]);
      expect(flows.sim.job(first.outputs['job-id']!)!.messages).toEqual(['follow up']);
    });

    it('job-id alone attaches: no POST at all, and waits for the job', async () => {
      const first = await agent({ prompt: 'first', wait: 'false' }, { script: scripts.prAfter(3) });
      expect(first.outputs.outcome).toBe('submitted');
      flows.reset();
      const run = await agent({ 'job-id': first.outputs['job-id']! });
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
      expect(gets().length).toBeGreaterThan(0);
    });

    it('wait: false returns right after the create with outcome submitted and says the job runs on', async () => {
      const pausesBefore = flows.time.pauses.length;
      const run = await agent({ prompt: 'x', wait: 'false' }, { script: scripts.stayActive() });
      expect(run.failures).toEqual([]);
      expect(run.outputs).toMatchObject({ outcome: 'submitted', status: 'active', requests: '1' });
      expect(flows.sim.requests.map((r) => r.endpoint)).toEqual(['create']);
      expect(flows.time.pauses).toHaveLength(pausesBefore);
      expect(run.summary).toContain('Not waiting (wait: false); the job runs on. On a pull request, `command: sweep` finishes it here once it ends.');
    });

    it('dry-run sends nothing, and shows the prompt in the log and the summary', async () => {
      const run = await agent({ prompt: 'Describe the new API', 'dry-run': 'true' });
      expect(run.outputs).toMatchObject({ outcome: 'dry-run', requests: '0' });
      expect(run.failures).toEqual([]);
      expect(flows.sim.requests).toEqual([]);
      expect(run.log.blocks.map((block) => block.text)).toEqual(['Describe the new API']);
      expect(run.summary).toContain('Describe the new API');
    });
  });

  describe('cancellation', () => {
    it('mid-wait: outcome cancelled, the job ID kept, and the line says the job goes on and how to attach', async () => {
      const run = await agent({ prompt: 'x' }, { script: scripts.stayActive(), onPause: (flow) => flow.count === 2 && flow.cancel() });
      const id = run.outputs['job-id']!;
      expect(id).toMatch(/^job_/);
      expect(run.outputs).toMatchObject({ outcome: 'cancelled', status: 'active' });
      expect(run.failures).toEqual([`Cancelled. Job ${id} goes on running on the server (the API cannot cancel it); attach to it later with job-id: ${id}.`]);
      expect(run.summary).toContain('Cancelled');
      expect(run.summary).toContain(`job-id: ${id}`);
      // No poll after the cancellation: one after the first pause, none after the second.
      expect(gets()).toHaveLength(1);
    });

    it('while the create is in flight: nothing known of the job, and the line says one may exist', async () => {
      flows.sim.injectFault({ target: 'create', kind: 'hang' });
      const run = await agent({ prompt: 'x' }, { onHang: (flow) => flow.cancel() });
      expect(run.outputs).toMatchObject({ outcome: 'cancelled', 'job-id': '' });
      expect(run.failures).toEqual(['Cancelled before the API answered; a job may still have been created.']);
    });
  });

  describe('the pull-request comment', () => {
    it('says the job is working before the first poll, then the outcome, in one comment', async () => {
      github.pulls.set(22, { diff: SRC, files: [], commits: [] });
      let atFirstPause: string[] = [];
      const run = await agent(
        { 'pr-comment': 'true' },
        {
          event: { name: 'pull_request', payload: pullRequestEvent(22) },
          script: scripts.prAfter(3),
          onPause: (flow) => {
            if (flow.count === 1) atFirstPause = github.comments.map((c) => c.body);
          },
        },
      );
      const jobId = run.outputs['job-id']!;
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(commentWrites().map((r) => r.method)).toEqual(['POST', 'PATCH']);
      expect(github.comments).toHaveLength(1);
      // Written after the create, before the wait began.
      expect(atFirstPause).toHaveLength(1);
      const [working, outcome] = commentWrites().map(bodyOf);
      expect(atFirstPause[0]).toBe(working);
      expect(working).toContain('Working: the agent is updating the documentation for this pull request');
      expect(working).toMatch(/a new job: a prompt of [\d,]+ characters, with the diff of 1 file \([\d,]+ characters\)/);
      // The working write records the job at work, when it was accepted and by when it must end (timeout after it);
      // the outcome, once the run saw it end, no longer does.
      const record = recordIn(working!, 22)!;
      expect(record).toEqual({ jobId, headSha: 'e'.repeat(40), working: true, acceptedAt: expect.any(String), endsBy: expect.any(String) });
      expect(Date.parse(record.endsBy!) - Date.parse(record.acceptedAt!)).toBe(30 * 60_000);
      expect(outcome).toContain('Pull request opened');
      expect(outcome).toContain(run.outputs['pr-link']);
      expect(outcome).not.toContain('Working');
      expect(recordIn(outcome!, 22)).toEqual({ jobId, headSha: 'e'.repeat(40) });
      expect(run.log.messages('info')).toEqual(expect.arrayContaining(['Pull-request comment created (working).', 'Pull-request comment updated.']));
    });

    it('cancelled mid-wait: the working comment stays, with no write after the cancellation', async () => {
      github.pulls.set(23, { diff: SRC, files: [], commits: [] });
      const run = await agent(
        { 'pr-comment': 'true' },
        { event: { name: 'pull_request', payload: pullRequestEvent(23) }, script: scripts.stayActive(), onPause: (flow) => flow.count === 2 && flow.cancel() },
      );
      expect(run.outputs.outcome).toBe('cancelled');
      expect(commentWrites().map((r) => r.method)).toEqual(['POST']);
      expect(github.comments[0]!.body).toContain('Working');
    });

    it('a 403 is one warning naming pull-requests: write, not a failure, and no second try', async () => {
      github.pulls.set(21, { diff: SRC, files: [], commits: [] });
      github.commentWriteStatus = 403;
      const run = await agent({ 'pr-comment': 'true', wait: 'false' }, { event: { name: 'pull_request', payload: pullRequestEvent(21) } });
      expect(run.failures).toEqual([]);
      expect(run.log.messages('warning')).toEqual([
        'Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.',
      ]);
      expect(commentWrites()).toHaveLength(1);
    });
  });

  describe('the record moves only when the API accepted the job or the message', () => {
    const reuse = { 'pr-comment': 'true', 'reuse-job': 'true' };
    const OLD = 'c0'.repeat(20);
    const NEW = 'de'.repeat(20);
    const later = { files: [{ filename: 'src/later.ts', status: 'modified', patch: '@@ -1 +1 @@\n-x\n+y' }], commits: ['second'] };
    const pullRequest = (headSha: string) => ({ event: { name: 'pull_request', payload: pullRequestEvent(30, { headSha }) } });

    async function firstRun(): Promise<string> {
      github.pulls.set(30, { diff: SRC, files: [], commits: ['first'] });
      const first = await agent(reuse, { ...pullRequest(OLD), script: scripts.prAfter(1) });
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId: first.outputs['job-id'], headSha: OLD });
      github.compares.set(`${OLD}...${NEW}`, later);
      flows.sim.resetLog();
      return first.outputs['job-id']!;
    }

    it('reuse-job alone brings the comment with it: the same one job per pull request, and one notice saying pr-comment is on', async () => {
      github.pulls.set(30, { diff: SRC, files: [], commits: ['first'] });
      const first = await agent({ 'reuse-job': 'true' }, { ...pullRequest(OLD), script: scripts.prAfter(1) });
      expect(first.log.messages('notice')).toContain(
        "reuse-job keeps its memory in the pull-request comment's record, so pr-comment is on for this run (set pr-comment: true to say so).",
      );
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId: first.outputs['job-id'], headSha: OLD });
      github.compares.set(`${OLD}...${NEW}`, later);
      flows.sim.resetLog();
      const second = await agent({ 'reuse-job': 'true' }, pullRequest(NEW));
      expect(second.outputs['job-id']).toBe(first.outputs['job-id']);
      expect(posts('create')).toEqual([]);
      expect(posts('message')).toHaveLength(1);
    });

    it('an accepted follow-up moves the record to the new head: only the change since goes to the same job', async () => {
      const jobId = await firstRun();
      const second = await agent(reuse, pullRequest(NEW));
      expect(second.outputs['job-id']).toBe(jobId);
      expect(posts('create')).toEqual([]);
      const prompt = (posts('message')[0]!.body as { prompt: string }).prompt;
      expect(prompt).toContain('src/later.ts');
      expect(prompt).not.toContain('src/cli.ts');
      expect(prompt).toContain(`Only the changes since ${OLD}`);
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId, headSha: NEW });
      expect(second.log.messages('info')).toContain(`Following up on job ${jobId}, recorded in the pull-request comment, with the changes since ${OLD}.`);
    });

    it.each<{ name: string; setup: () => void; inputs?: Record<string, string>; options?: FlowOptions; outcome: string }>([
      { name: 'refused with 500', setup: () => flows.sim.injectFault({ target: 'message', kind: 'status', status: 500 }), outcome: 'error' },
      {
        name: 'refused with 413',
        setup: () => flows.sim.injectFault({ target: 'message', kind: 'status', status: 413, body: { error: 'Prompt too large' } }),
        outcome: 'error',
      },
      {
        name: 'cancelled while it was sent',
        setup: () => flows.sim.injectFault({ target: 'message', kind: 'hang' }),
        // Once the simulator has the message, hung.
        options: { onHang: (flow) => flow.cancel() },
        outcome: 'cancelled',
      },
    ])('a follow-up $name leaves the record, and the next run sends the same change again', async ({ setup, options, outcome }) => {
      const jobId = await firstRun();
      setup();
      const refused = await agent(reuse, { ...pullRequest(NEW), ...options });
      expect(refused.outputs.outcome).toBe(outcome);
      expect(refused.failed).toBe(true);
      expect(posts('message')).toHaveLength(1);
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId, headSha: OLD });

      flows.sim.resetLog();
      const again = await agent(reuse, pullRequest(NEW));
      expect(again.log.lines.map((line) => line.message).join('\n')).not.toContain('already covers');
      expect(again.outputs['job-id']).toBe(jobId);
      const messages = posts('message');
      expect(messages).toHaveLength(1);
      expect((messages[0]!.body as { prompt: string }).prompt).toContain(`Only the changes since ${OLD}`);
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId, headSha: NEW });
    });

    it('attaching to the job (job-id, nothing sent) writes the outcome but leaves the record: the next run still sends the change', async () => {
      const jobId = await firstRun();
      const attached = await agent({ ...reuse, 'job-id': jobId, diff: 'false' }, pullRequest(NEW));
      expect(attached.outputs.outcome).toBe('pr-opened');
      expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
      expect(github.comments[0]!.body).toContain('Pull request opened');
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId, headSha: OLD });

      const next = await agent(reuse, pullRequest(NEW));
      expect(next.outputs.outcome).toBe('pr-opened');
      expect((posts('message')[0]!.body as { prompt: string }).prompt).toContain(`Only the changes since ${OLD}`);
      expect(recordIn(github.comments[0]!.body, 30)).toEqual({ jobId, headSha: NEW });
    });

    it('a head the record already covers is skipped: nothing new to send', async () => {
      const jobId = await firstRun();
      const writesBefore = commentWrites().length;
      const run = await agent(reuse, pullRequest(OLD));
      expect(run.outputs.outcome).toBe('skipped');
      expect(run.log.messages('notice')).toEqual([`Job ${jobId} already covers the head commit ${OLD}: nothing new to send.`]);
      // A skip the comment does not show leaves it as it was: the outcome it shows stays.
      expect(commentWrites()).toHaveLength(writesBefore);
      expect(flows.sim.requests.filter((r) => r.method === 'POST')).toEqual([]);
    });
  });

  describe("whose comment counts: only the token's own identity's", () => {
    const reuse = { 'pr-comment': 'true', 'reuse-job': 'true', wait: 'false' };
    const OLD = 'c0'.repeat(20);
    const HEAD = 'de'.repeat(20);
    const planted = (id: number, login: string, jobId: string): FakeComment => ({
      id,
      body: `${COMMENT_MARKER}\nquoted\n${sealedRecord({ jobId, headSha: OLD }, 40)}`,
      user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
      author_association: login.endsWith('[bot]') ? 'NONE' : 'MEMBER',
    });
    const event = { name: 'pull_request', payload: pullRequestEvent(40, { headSha: HEAD }) };

    /** A job made outside the action: what a planted record could point at. */
    async function jobMadeElsewhere(): Promise<string> {
      const first = await agent({ prompt: 'made elsewhere', wait: 'false' });
      flows.reset();
      return first.outputs['job-id']!;
    }

    it("ignores another bot's comment that quotes the marker and a record: not followed, not edited, a new comment instead", async () => {
      const job = await jobMadeElsewhere();
      github.pulls.set(40, { diff: SRC, files: [], commits: [] });
      github.comments.push(planted(555, 'other-bot[bot]', job));
      const before = github.comments[0]!.body;
      const run = await agent(reuse, { event });
      expect(run.outputs.outcome).toBe('submitted');
      expect(run.outputs['job-id']).not.toBe(job);
      expect(posts('create')).toHaveLength(1);
      expect(flows.sim.requests.filter((r) => r.endpoint === 'message' || r.jobId === job)).toEqual([]);
      expect(github.comments[0]!.body).toBe(before);
      expect(github.callsTo('identity')).toHaveLength(1);
      expect(github.callsTo('create-comment')).toHaveLength(1);
      const ours = github.comments[1]!;
      expect(github.callsTo('update-comment').map((r) => r.path)).toEqual([`/repos/acme/widgets/issues/comments/${ours.id}`]);
      expect(recordIn(ours.body, 40)!.jobId).toBe(run.outputs['job-id']);
    });

    it('follows and updates its own comment, whoever the token is (a personal token, its login in another case)', async () => {
      const job = await jobMadeElsewhere();
      github.viewerLogin = 'octocat';
      github.pulls.set(40, { diff: SRC, files: [], commits: [] });
      github.compares.set(`${OLD}...${HEAD}`, { files: [{ filename: 'src/later.ts', status: 'modified', patch: '@@ -1 +1 @@\n-x\n+y' }], commits: ['second'] });
      github.comments.push(planted(555, 'github-actions[bot]', 'job_not_ours'), planted(556, 'OctoCat', job));
      const run = await agent(reuse, { event });
      expect(run.outputs['job-id']).toBe(job);
      expect(posts('message')).toHaveLength(1);
      expect(github.callsTo('update-comment').map((r) => r.path)).toEqual([
        '/repos/acme/widgets/issues/comments/556',
        '/repos/acme/widgets/issues/comments/556',
      ]);
      expect(github.callsTo('create-comment')).toEqual([]);
    });
  });

  describe('a run that stops before anything is sent', () => {
    it("GitHub's reads outlast the deadline: timed out, the line says nothing was sent and that timeout bounds the reads, and no comment", async () => {
      github.pulls.set(40, { diff: SRC, files: [], commits: [] });
      github.injectFault({ call: 'pull-diff', kind: 'hang', times: Infinity });
      const run = await agent(
        { 'pr-comment': 'true', timeout: '2s', 'request-timeout': '1m' },
        { event: { name: 'pull_request', payload: pullRequestEvent(40) } },
      );
      expect(run.outputs).toMatchObject({ outcome: 'error', 'timed-out': 'true', 'job-id': '', requests: '0' });
      expect(run.failures).toHaveLength(1);
      expect(run.failures[0]).toContain('Nothing was sent to the API; timeout (2s) bounds the GitHub reads too.');
      expect(flows.sim.requests).toEqual([]);
      expect(commentWrites()).toEqual([]);
    });

    it('a GitHub error that is not the deadline is said as it is, without the timeout sentence', async () => {
      github.pulls.set(41, { diff: SRC, files: [], commits: [] });
      github.injectFault({ call: 'pull-diff', kind: 'status', status: 404, times: Infinity });
      const run = await agent({ 'pr-comment': 'true' }, { event: { name: 'pull_request', payload: pullRequestEvent(41) } });
      expect(run.outputs).toMatchObject({ outcome: 'error', 'timed-out': 'false' });
      expect(run.failures.join('\n')).not.toContain('bounds the GitHub reads too');
      expect(commentWrites()).toEqual([]);
    });
  });

  describe('skips, and whether the comment shows them', () => {
    it('every changed file left out and no prompt: skipped, with a notice, and the comment says so', async () => {
      github.pulls.set(42, { diff: SRC, files: [], commits: [] });
      const run = await agent({ 'pr-comment': 'true', 'diff-exclude': 'src/**' }, { event: { name: 'pull_request', payload: pullRequestEvent(42) } });
      expect(run.outputs.outcome).toBe('skipped');
      const reason = 'Every changed file (1) was left out by diff-include / diff-exclude (or is binary), and no prompt was given: nothing to document.';
      expect(run.log.messages('notice')).toEqual([reason]);
      expect(commentWrites().map((r) => r.method)).toEqual(['POST']);
      expect(flows.sim.requests).toEqual([]);
    });

    it('attaching without a prompt shows no prompt block in the log', async () => {
      const first = await agent({ prompt: 'first', wait: 'false' }, { script: scripts.prAfter(1) });
      flows.reset();
      const run = await agent({ 'job-id': first.outputs['job-id']! });
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(run.log.blocks).toEqual([]);
    });
  });
});

describe('the action, as the runner runs it (run())', () => {
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
      // Delivered once the simulator holds the create request: it left, and no answer will come.
      const run = await agent({ prompt: 'x' }, { signal: { name: 'SIGTERM', when: () => posts('create').length > 0 } });
      expect(run.code).not.toBe(0);
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.outputs.outcome).toBe('cancelled');
      expect(run.outputs['job-id']).toBe('');
      expect(run.stdout).toContain('a job may still have been created');
    });
  });
});
