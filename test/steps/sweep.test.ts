/**
 * Detached runs in process (the contract's *Detached runs*): `wait: false` on a pull-request event
 * starts the job, records it as working and leaves `pending`; `command: sweep`, on any event,
 * finds the working records through the repository's recent comments, reads each job once, and
 * finishes the ended ones as a waiting run would — the comment, the documentation PR, the gate.
 * Against the API simulator and the fake GitHub over real HTTP, with fake time.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, type CommentRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import { Phase, phaseTitle } from '../../src/runtime.js';
import type { JobScript } from '../simulator/index.js';
import type { FakeGitHub, FakePullState, FakeRepository } from '../support/fake-github.js';
import { createdJob, startFlows, type FlowResult, type Flows } from '../support/in-process.js';
import { recordIn, sealedRecord } from '../support/records.js';
import { pullRequestEvent, repositoryDispatchEvent, scheduleEvent } from '../support/webhook-events.js';

const CODE = 'acme/widgets';
const DOCS = 'acme-sim/docs';
const CODE_PR = 12;
const HEAD = 'e'.repeat(40);
const BRANCH = 'docs/retries';
const DOCS_TOKEN = 'ghs_docsInstallationToken77';
const MINUTE = 60_000;
const docsPrLink = (number: number): string => `https://github.com/${DOCS}/pull/${number}`;
/** The n-th of many open code PRs a test makes, at `headSha`. */
const openChange = (n: number, headSha: string): FakePullState => ({
  title: `Change ${n}`,
  state: 'open',
  draft: false,
  merged: false,
  headRef: `change-${n}`,
  headSha,
  labels: [],
});
/** A job that works `ms` on the documentation branch, then ends (with a documentation PR unless said). */
const jobOf = (ms: number, prLink = true): JobScript => [
  { status: 'active', forMs: ms, ref: BRANCH },
  { status: 'completed', prLink },
];

/** The inputs both steps take: a workflow gives the start and the sweep the same `with:`. */
const DETACHED = { 'docs-status': 'written', 'follow-code-pr': 'true', 'docs-token': DOCS_TOKEN, timeout: '30m' };

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
beforeAll(async () => {
  flows = await startFlows({ github: true });
  github = flows.github!;
});
afterAll(async () => {
  await flows.close();
});
beforeEach(() => {
  flows.reset();
  flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
  docs = github.addRepository(DOCS);
  github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
  github.pullStates.set(CODE_PR, { title: 'Add a retries flag', state: 'open', draft: false, merged: false, headRef: 'feature', headSha: HEAD, labels: [] });
});
afterEach(async () => {
  expect(await github.takeViolations()).toEqual([]);
});

/** The start: `wait: false` on the code PR's event. */
function start(number = CODE_PR, headSha = HEAD, inputs: Record<string, string> = {}): Promise<FlowResult> {
  return flows.run(
    { ...DETACHED, 'pr-comment': 'true', wait: 'false', diff: 'false', prompt: 'Document the retries flag', ...inputs },
    { event: { name: 'pull_request', payload: pullRequestEvent(number, { headSha, action: 'synchronize' }) } },
  );
}

/** A sweep, on a schedule unless said. */
function sweep(inputs: Record<string, string> = {}, event: { name: string; payload: unknown } = scheduleEvent()): Promise<FlowResult> {
  return flows.run({ ...DETACHED, command: 'sweep', ...inputs }, { event });
}

function opened(number: number): void {
  docs.pulls.set(number, { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH });
}

function codeComment(number = CODE_PR) {
  const issueUrl = `${github.url}/repos/${CODE}/issues/${number}`;
  return github.comments.filter((comment) => comment.issue_url === issueUrl && comment.body.startsWith(COMMENT_MARKER)).at(-1);
}

function recordOn(number = CODE_PR): CommentRecord | undefined {
  const comment = codeComment(number);
  return comment && recordIn(comment.body, number);
}

/** A request that changes something on GitHub: not a read (GraphQL's reads are POSTs too). */
const isWrite = (request: { readonly method: string; readonly call: string | undefined }): boolean =>
  request.method !== 'GET' && request.call !== 'identity' && request.call !== 'pending-pulls';

const gate = (sha = HEAD) => github.statuses.filter((status) => status.sha === sha && status.context === 'documentation').map((status) => status.state);
const swept = (run: FlowResult): Array<Record<string, unknown>> => JSON.parse(run.outputs.swept ?? '[]') as Array<Record<string, unknown>>;

describe('a detached run: start, the documentation PR opening, the sweep finishing it', () => {
  it('the start records the job as working with when it was accepted, leaves pending, and ends as submitted', async () => {
    flows.sim.queueJobScripts(jobOf(20 * MINUTE, false));
    const run = await start();
    expect(run.outputs).toMatchObject({ outcome: 'submitted', 'docs-status-state': 'pending' });
    expect(recordOn()).toMatchObject({ headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    // Pending as the job was accepted, and again as the run ends without waiting: a later run sets it.
    expect(gate()).toEqual(['pending', 'pending']);
    expect(flows.sim.requests.filter((request) => request.path.includes('/job'))).toHaveLength(1);
  });

  it('a start with docs-status and no pr-comment brings the comment (one notice): the sweep finds its job and finishes its pending', async () => {
    flows.sim.queueJobScripts(jobOf(20 * MINUTE, false));
    const first = await start(CODE_PR, HEAD, { 'pr-comment': 'false', 'follow-code-pr': 'false' });
    expect(first.log.messages('notice')).toEqual([
      expect.stringMatching(/^wait: false with docs-status leaves the documentation status pending until command: sweep/),
    ]);
    expect(recordOn()).toMatchObject({ headSha: HEAD, working: true });
    expect(gate()).toEqual(['pending', 'pending']);
    flows.time.advance(21 * MINUTE);
    const run = await sweep({ 'follow-code-pr': 'false' });
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, status: 'completed', outcome: 'no-pr' })]);
    expect(gate()).toHaveLength(3);
    expect(gate().at(-1)).not.toBe('pending');
  });

  it('a sweep while the job works leaves it: still-working, one GET, nothing written', async () => {
    flows.sim.queueJobScripts(jobOf(20 * MINUTE));
    await start();
    const before = github.comments.map((comment) => comment.body);
    flows.time.advance(5 * MINUTE);
    flows.sim.resetLog();
    const writesFrom = github.requests.length;
    const run = await sweep();
    expect(run.outputs.outcome).toBe('swept');
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'still-working', status: 'active', docsStatusState: '' })]);
    expect(flows.sim.requests.map((request) => `${request.method} ${request.path.replace(/\/job\/.*/, '/job/{id}')}`)).toEqual([
      'GET /v2/agent/proj_sim/job/{id}',
    ]);
    expect(github.requests.slice(writesFrom).filter(isWrite)).toEqual([]);
    expect(github.comments.map((comment) => comment.body)).toEqual(before);
    expect(gate()).toEqual(['pending', 'pending']);
    expect(run.log.messages('info')).toContain(`Pull request #${CODE_PR}: job ${recordOn()!.jobId!} is still working; left for the next sweep.`);
    // One job: no word of a cap.
    expect(run.log.messages('notice')).toEqual([]);
  });

  it('a sweep after the job ended finishes the pull request as a waiting run: outcome, documentation PR linked, success', async () => {
    flows.sim.queueJobScripts(jobOf(20 * MINUTE));
    flows.sim.queuePrLinks(docsPrLink(101));
    opened(101);
    await start();
    flows.time.advance(21 * MINUTE);
    const run = await sweep();
    expect(run.failed).toBe(false);
    expect(run.outputs.outcome).toBe('swept');
    expect(swept(run)).toEqual([
      { pullRequest: CODE_PR, jobId: expect.any(String), status: 'completed', outcome: 'pr-opened', prLink: docsPrLink(101), docsStatusState: 'success' },
    ]);
    const record = recordOn();
    expect(record).toMatchObject({ docsPr: { repository: DOCS, number: 101 } });
    expect(record?.working).toBeUndefined();
    expect(record?.acceptedAt).toBeUndefined();
    expect(codeComment()?.body).toContain(docsPrLink(101));
    expect(gate()).toEqual(['pending', 'pending', 'success']);
    expect(run.summary).toContain('Documentation sweep');
    expect(run.summary).toContain(`| [#${CODE_PR}](https://github.com/${CODE}/pull/${CODE_PR}) |`);
    expect(run.log.messages('info')).toContain(`1 job left working, oldest first.`);
    expect(run.log.messages('info')).toContain(`Pull request #${CODE_PR}: job ${swept(run)[0]!.jobId as string} finished as pr-opened.`);
    // The pull request is a phase of the log, and what is done for it, each a group titled by both.
    const pull = `Pull request #${CODE_PR}` as const;
    expect(run.log.phases).toEqual([pull, ...[Phase.DocsPr, Phase.Preview, Phase.Impact, Phase.Gate, Phase.Publish].map((phase) => phaseTitle([pull, phase]))]);
    expect(run.log.inPhase(phaseTitle([pull, Phase.DocsPr])).join('\n')).toContain('#101');

    // A second sweep finds nothing left working: one read, no agent request.
    flows.sim.resetLog();
    const from = github.requests.length;
    const again = await sweep();
    expect(swept(again)).toEqual([]);
    expect(flows.sim.requests).toHaveLength(0);
    // The recent comments, the identity that wrote them, and the open pull requests whose head is still pending.
    expect(github.requests.slice(from).map((request) => request.call)).toEqual(['recent-comments', 'identity', 'pending-pulls']);
  });
});

describe('what the sweep trusts', () => {
  it('a repository_dispatch payload is only a wake-up call: its pull request, job and head count for nothing', async () => {
    flows.sim.queueJobScripts(jobOf(2 * MINUTE));
    await start();
    flows.time.advance(3 * MINUTE);
    const run = await sweep({}, repositoryDispatchEvent({ pullRequest: 99, jobId: 'job_forged', headSha: 'f'.repeat(40) }));
    expect(swept(run).map((each) => each.pullRequest)).toEqual([CODE_PR]);
    expect(flows.sim.requests.some((request) => request.path.includes('job_forged'))).toBe(false);
  });

  it('a record in a comment by anyone else, or one sealed for another pull request, is none', async () => {
    const record: CommentRecord = { jobId: 'job_planted', headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() };
    const issueUrl = (number: number): string => `${github.url}/repos/${CODE}/issues/${number}`;
    // Copied into a user's comment on the right pull request; and the action's own comment on PR 13 carrying PR 12's seal.
    github.comments.push(
      {
        id: 1,
        issue_url: issueUrl(CODE_PR),
        body: `${COMMENT_MARKER}\n${sealedRecord(record, CODE_PR)}`,
        user: { login: 'mallory', type: 'User' },
        author_association: 'NONE',
        updated_at: flows.time.now(),
      },
      {
        id: 2,
        issue_url: issueUrl(13),
        body: `${COMMENT_MARKER}\n${sealedRecord(record, CODE_PR)}`,
        user: { login: 'github-actions[bot]', type: 'Bot' },
        author_association: 'NONE',
        updated_at: flows.time.now(),
      },
    );
    const run = await sweep();
    expect(swept(run)).toEqual([]);
    expect(flows.sim.requests).toHaveLength(0);
    expect(run.log.messages('notice').join('\n')).toContain('does not verify');
  });
});

/** The action's comment on pull request `number`, holding `record`, last written at `updatedAt`. */
function actionComment(number: number, record: CommentRecord, updatedAt = flows.time.now(), id = 100_000 + number, login = 'github-actions[bot]'): void {
  github.comments.push({
    id,
    issue_url: `${github.url}/repos/${CODE}/issues/${number}`,
    body: `${COMMENT_MARKER}\n### Documentation agent\n\n${sealedRecord(record, number)}`,
    user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'NONE',
    updated_at: Math.floor(updatedAt / 1000) * 1000,
  });
}

const sha = (n: number): string => n.toString(16).padStart(40, '0');
const agentRequests = (): number => flows.sim.requests.filter((request) => request.path.includes('/job')).length;

describe('bad input and faults', () => {
  it('nothing to do: one GitHub read, no agent request, outcome swept with an empty list', async () => {
    const run = await sweep();
    expect(run.outputs).toMatchObject({ outcome: 'swept', swept: '[]', requests: '0' });
    expect(github.requests.map((request) => request.call)).toEqual(['recent-comments', 'pending-pulls']);
    expect(agentRequests()).toBe(0);
    expect(run.summary).toContain('nothing to finish');
    expect(run.log.messages('info')).toContain('No job left working: nothing to sweep.');
    expect(run.log.messages('notice')).toEqual([]);
  });

  it('a hundred working records: the oldest 50 are read, once each, and the 50 newest wait with one notice', async () => {
    flows.sim.resetLog();
    const accepted = flows.time.now();
    for (let n = 0; n < 100; n++) {
      const jobId = await createdJob(flows.sim, [{ status: 'active' }]);
      github.pullStates.set(200 + n, openChange(n, sha(n + 1)));
      // Accepted in an order the comments' IDs do not follow: the sweep goes by acceptance.
      const at = accepted + ((n * 37) % 100) * 1000;
      actionComment(200 + n, { jobId, headSha: sha(n + 1), working: true, acceptedAt: new Date(at).toISOString() });
    }
    flows.time.advance(MINUTE);
    flows.sim.resetLog();
    const run = await sweep();
    const entries = swept(run);
    expect(entries).toHaveLength(50);
    const oldest = Array.from({ length: 100 }, (_, n) => ({ number: 200 + n, at: ((n * 37) % 100) * 1000 }))
      .sort((a, b) => a.at - b.at)
      .slice(0, 50)
      .map((each) => each.number);
    expect(entries.map((each) => each.pullRequest)).toEqual(oldest);
    expect(entries.every((each) => each.outcome === 'still-working')).toBe(true);
    expect(agentRequests()).toBe(50);
    expect(run.log.messages('notice')).toEqual(['100 jobs left working: this sweep reads the oldest 50; the 50 newest wait for the next sweep.']);
    expect(run.summary).toContain('\n50 more jobs left working wait for the next sweep (a sweep reads the oldest 50).\n');
    // Finding them: one page of 100 comments (GitHub's link says there is no next), the identity, and
    // the 101 open pull requests in two pages of 100 (none of their heads is pending).
    expect(github.requests.map((request) => request.call)).toEqual(['recent-comments', 'identity', 'pending-pulls', 'pending-pulls']);
  });

  it('a job the API no longer knows (404) is finished as error, said once; the gate fails as for any run stopped by an error', async () => {
    actionComment(CODE_PR, { jobId: 'job_forgotten', headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.time.advance(MINUTE);
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, jobId: 'job_forgotten', outcome: 'error' })]);
    expect(run.outputs.outcome).toBe('swept');
    expect(run.log.messages('warning').filter((line) => line.includes('no longer knows'))).toHaveLength(1);
    expect(recordOn()?.working).toBeUndefined();
    expect(gate().at(-1)).toBe('failure');
    // The next sweep does not read it again.
    flows.sim.resetLog();
    expect(swept(await sweep())).toEqual([]);
    expect(agentRequests()).toBe(0);
  });

  it('a job working past timeout since it was accepted is finished as timed-out', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'active' }]);
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.time.advance(31 * MINUTE);
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'timed-out', status: 'active' })]);
    expect(recordOn()?.working).toBeUndefined();
    expect(codeComment()?.body).toContain('timeout ran out');
  });

  it('a job that ended long ago (20 hours) is finished as any other', async () => {
    flows.sim.queuePrLinks(docsPrLink(101));
    opened(101);
    const jobId = await createdJob(flows.sim, jobOf(MINUTE));
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.time.advance(20 * 60 * MINUTE);
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: 'success' })]);
  });

  it('a sweep cancelled mid-way: what it finished stays finished, the rest waits for the next sweep', async () => {
    for (const n of [1, 2, 3]) {
      const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
      github.pullStates.set(300 + n, openChange(n, sha(n)));
      actionComment(300 + n, { jobId, headSha: sha(n), working: true, acceptedAt: new Date(flows.time.now() + n * 1000).toISOString() });
    }
    flows.time.advance(MINUTE);
    // SIGTERM as the second job is read.
    const run = await flows.run({ ...DETACHED, command: 'sweep' }, { event: scheduleEvent(), onApiRequest: (flow) => flow.count === 2 && flow.cancel() });
    expect(run.outputs.outcome).toBe('cancelled');
    expect(swept(run).map((each) => [each.pullRequest, each.outcome])).toEqual([[301, 'no-pr']]);
    expect(recordOn(301)?.working).toBeUndefined();
    expect(recordOn(302)?.working).toBe(true);
    const next = await sweep();
    expect(swept(next).map((each) => [each.pullRequest, each.outcome])).toEqual([
      [302, 'no-pr'],
      [303, 'no-pr'],
    ]);
  });

  it('another run finishes the pull request while the sweep reads its job: the sweep writes nothing to it', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.time.advance(MINUTE);
    const finishedElsewhere = `${COMMENT_MARKER}\nFinished by an attaching run\n\n${sealedRecord({ jobId, headSha: HEAD }, CODE_PR)}`;
    const run = await flows.run(
      { ...DETACHED, command: 'sweep' },
      {
        event: scheduleEvent(),
        onApiRequest: () => {
          codeComment()!.body = finishedElsewhere;
        },
      },
    );
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'skipped' })]);
    expect(codeComment()?.body).toBe(finishedElsewhere);
    expect(gate()).toEqual([]);
  });

  it('a push sends a new job while the sweep reads the old one: the new job stays recorded as working, its head keeps pending', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.time.advance(MINUTE);
    const NEW_HEAD = 'f'.repeat(40);
    const newer: CommentRecord = { jobId: 'job_newer', headSha: NEW_HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() };
    const run = await flows.run(
      { ...DETACHED, command: 'sweep' },
      {
        event: scheduleEvent(),
        onApiRequest: () => {
          codeComment()!.body = `${COMMENT_MARKER}\nWorking\n\n${sealedRecord(newer, CODE_PR)}`;
        },
      },
    );
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'skipped' })]);
    expect(recordOn()).toEqual(newer);
    expect(gate(NEW_HEAD)).toEqual([]);
  });

  it('a record sealed under previous-api-key (a rotation) is swept, and sealed anew under api-key', async () => {
    const OLD_KEY = 'mint_sim_rotatedAway00000000';
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    github.comments.push({
      id: 7001,
      issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
      body: `${COMMENT_MARKER}\nWorking\n\n${sealedRecord({ jobId, headSha: HEAD, working: true }, CODE_PR, undefined, RecordSeal.fromApiKey(OLD_KEY))}`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      author_association: 'NONE',
      updated_at: flows.time.now(),
    });
    flows.time.advance(MINUTE);
    const unrotated = await sweep();
    expect(swept(unrotated)).toEqual([]);
    expect(unrotated.log.messages('notice')).toEqual([
      '1 pull-request comment of this action held a record that does not verify: counted as none. Most likely api-key was rotated since they were written (give the earlier key as previous-api-key), else they were edited by hand.',
    ]);
    const run = await sweep({ 'previous-api-key': OLD_KEY });
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'no-pr' })]);
    expect(recordOn()).toEqual({ jobId, headSha: HEAD, judged: { sha: HEAD, outcome: 'no-pr' } });
  });

  it('a comment edited by hand (its record no longer verifies) is none', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true });
    codeComment()!.body = codeComment()!.body.replace(jobId, 'job_other');
    const run = await sweep();
    expect(swept(run)).toEqual([]);
    expect(agentRequests()).toBe(1);
  });
});

describe('the preview, detached', () => {
  it('a sweep asks for the preview and records it; a later sweep reads it once while it builds, and shows it once it is ready', async () => {
    flows.sim.queueJobScripts(jobOf(2 * MINUTE));
    flows.sim.queuePrLinks(docsPrLink(101));
    flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 3 * MINUTE, result: 'success' });
    opened(101);
    await start(CODE_PR, HEAD, { preview: 'true' });
    flows.time.advance(3 * MINUTE);

    // The job ended: finished, and its preview asked for, not waited for.
    const first = await sweep({ preview: 'true' });
    expect(swept(first)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: 'success' })]);
    const asked = recordOn()?.preview;
    expect(asked).toMatchObject({ branch: BRANCH, statusId: expect.any(String), triggeredAt: new Date(flows.time.now()).toISOString() });
    expect(recordOn()?.working).toBeUndefined();
    expect(flows.sim.deployments()).toHaveLength(1);
    // The sweep's outputs are its own: no pull request's preview URL is announced.
    expect(first.earlyOutputs).toEqual([]);

    // Still building: one status read, nothing written.
    flows.time.advance(MINUTE);
    flows.sim.resetLog();
    const from = github.requests.length;
    const second = await sweep({ preview: 'true' });
    expect(swept(second)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: '' })]);
    expect(flows.sim.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
    expect(github.requests.slice(from).filter(isWrite)).toEqual([]);
    expect(recordOn()?.preview).toEqual(asked);
    expect(second.log.messages('info')).toContain(`Pull request #${CODE_PR}: its preview is still building; left for the next sweep.`);

    // Ready: the comment shows it, the gate links it, and the record lets it go.
    flows.time.advance(3 * MINUTE);
    const third = await sweep({ preview: 'true' });
    expect(swept(third)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: 'success' })]);
    expect(third.log.messages('info')).toContain(`Pull request #${CODE_PR}: its preview ended (success).`);
    expect(recordOn()?.preview).toBeUndefined();
    expect(recordOn()).toMatchObject({ docsPr: { repository: DOCS, number: 101 } });
    const deployment = flows.sim.deployments()[0]!;
    expect(codeComment()?.body).toContain(deployment.previewUrl);
    expect(github.latestStatus(HEAD, 'documentation')?.target_url).toBe(deployment.previewUrl);
    expect(flows.sim.deployments()).toHaveLength(1);

    // Nothing left.
    flows.sim.resetLog();
    expect(swept(await sweep({ preview: 'true' }))).toEqual([]);
    expect(flows.sim.requests).toHaveLength(0);
  });

  it('a preview that never ends is shown as timed out once timeout has passed since it was asked for', async () => {
    flows.sim.queueJobScripts(jobOf(MINUTE));
    flows.sim.queuePrLinks(docsPrLink(101));
    flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 10 * 60 * MINUTE, result: 'success' });
    opened(101);
    await start(CODE_PR, HEAD, { preview: 'true' });
    flows.time.advance(2 * MINUTE);
    await sweep({ preview: 'true' });
    flows.time.advance(31 * MINUTE);
    const run = await sweep({ preview: 'true' });
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened' })]);
    expect(recordOn()?.preview).toBeUndefined();
    expect(codeComment()?.body).toMatch(/timed out|timed-out/i);
  });
});

describe('a sweep that cannot do its work', () => {
  it('a dry run lists what it would look at, reads nothing from the API and writes nothing', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.sim.resetLog();
    const run = await sweep({ 'dry-run': 'true' });
    expect(run.outputs.outcome).toBe('dry-run');
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, jobId, outcome: 'dry-run' })]);
    expect(flows.sim.requests).toHaveLength(0);
    expect(github.requests.filter(isWrite)).toEqual([]);
  });

  it('comments it may not read (403): outcome error, the step fails naming the permission it needs (write: it writes them too), nothing read from the API', async () => {
    github.injectFault({ call: 'recent-comments', kind: 'status', status: 403 });
    const run = await sweep();
    expect(run.outputs).toMatchObject({ outcome: 'error', swept: '[]', requests: '0' });
    expect(run.failures).toHaveLength(1);
    expect(run.failures[0]).toContain('give the job "permissions: pull-requests: write"');
    expect(run.failures[0]).not.toContain('pull-requests: read');
    expect(flows.sim.requests).toHaveLength(0);
  });

  it('an empty github-token: one line naming the input and the fix, before any request, never the client library’s words', async () => {
    const run = await flows.run({ ...DETACHED, command: 'sweep', 'github-token': '' }, { event: scheduleEvent() });
    expect(run.outputs).toMatchObject({ outcome: 'error', requests: '0' });
    expect(run.failures).toEqual([
      'Input "github-token" is empty: the sweep reads the pull requests\' comments with it. Leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write".',
    ]);
    expect(github.requests).toEqual([]);
    expect(flows.sim.requests).toHaveLength(0);
  });

  it('without GITHUB_REPOSITORY: outcome error, one line saying so', async () => {
    const run = await flows.run({ ...DETACHED, command: 'sweep' }, { event: scheduleEvent(), env: { GITHUB_REPOSITORY: '' } });
    expect(run.outputs.outcome).toBe('error');
    expect(run.failures).toEqual([expect.stringContaining('GITHUB_REPOSITORY')]);
  });
});

/**
 * The contract's rules for the sweep, each a class the core now keeps for every caller (the issue
 * "one core"): one job never holds the others; the time a start gives its job is the record's, not
 * the sweep's; no working record is lost however long the sweeps stopped; a record another run moved
 * on is never written over; a code PR closed while its job worked gets what its `closed` event
 * would have done; a cancelled sweep fails the step.
 */
describe('the sweep’s rules, kept by the core', () => {
  /** Three pull requests whose jobs ended, accepted a second apart (301 oldest): each with its own head. */
  async function threeEnded(): Promise<void> {
    for (const n of [1, 2, 3]) {
      const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
      github.pullStates.set(300 + n, openChange(n, sha(n)));
      const acceptedAt = flows.time.now() + n * 1000;
      actionComment(300 + n, {
        jobId,
        headSha: sha(n),
        working: true,
        acceptedAt: new Date(acceptedAt).toISOString(),
        endsBy: new Date(acceptedAt + 30 * MINUTE).toISOString(),
      });
    }
    flows.time.advance(MINUTE);
    flows.sim.resetLog();
  }

  it('one job whose read fails (500) never holds the others: left working with one warning naming it, the rest finished', async () => {
    await threeEnded();
    // Every try of the oldest job's read: the first reads are 301's.
    flows.sim.injectFault({ target: 'get', kind: 'status', status: 500, body: { error: 'Internal error' }, times: 5 });
    const run = await sweep();
    expect(run.outputs.outcome).toBe('swept');
    expect(run.failed).toBe(false);
    expect(swept(run).map((each) => [each.pullRequest, each.outcome])).toEqual([
      [301, 'still-working'],
      [302, 'no-pr'],
      [303, 'no-pr'],
    ]);
    const warnings = run.log.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Pull request #301: could not read job .+ answered 500/);
    expect(recordOn(301)?.working).toBe(true);
    expect(run.log.messages('info')).toContain(`Pull request #301: left working for the next sweep, until ${recordOn(301)!.endsBy!}.`);
    expect(gate(sha(1))).toEqual([]);
    expect(gate(sha(2))).toEqual(['success']);

    // Past the time its start gave it, still unreadable: finished as timed-out, the failure said.
    flows.time.advance(31 * MINUTE);
    flows.sim.injectFault({ target: 'get', kind: 'status', status: 500, body: { error: 'Internal error' }, times: 5 });
    const late = await sweep();
    expect(swept(late)).toEqual([expect.objectContaining({ pullRequest: 301, outcome: 'timed-out' })]);
    expect(late.log.messages('warning')).toEqual([expect.stringMatching(/^Pull request #301: could not read job .+ answered 500/)]);
    expect(late.log.messages('info')).toContainEqual(
      expect.stringMatching(/^Pull request #301: its job's time \(until .+\) has passed and it could not be read: finished as timed-out\.$/),
    );
    expect(recordOn(301)?.working).toBeUndefined();
    expect(gate(sha(1))).toEqual(['failure']);
  });

  it('a refused key (401) would fail every job alike: the sweep stops at once, an error, the others left for the next sweep', async () => {
    await threeEnded();
    flows.sim.injectFault({ target: 'get', kind: 'status', status: 401, body: { error: 'Invalid API key' } });
    const run = await sweep();
    expect(run.outputs.outcome).toBe('error');
    expect(run.failed).toBe(true);
    expect(run.failures[0]).toMatch(/^Could not read job .+ of pull request #301: .*401/);
    expect(agentRequests()).toBe(1);
    expect([301, 302, 303].map((number) => recordOn(number)?.working)).toEqual([true, true, true]);
  });

  it('the time a job has is what its start recorded (its timeout), never the sweep’s own timeout', async () => {
    flows.sim.queueJobScripts(jobOf(3 * 60 * MINUTE));
    await start(CODE_PR, HEAD, { timeout: '2h' });
    const record = recordOn()!;
    expect(Date.parse(record.endsBy!) - Date.parse(record.acceptedAt!)).toBe(2 * 60 * MINUTE);
    // An hour on, the sweep (its own timeout 10m) leaves the job working: its start gave it two hours.
    flows.time.advance(60 * MINUTE);
    const early = await sweep({ timeout: '10m' });
    expect(swept(early)).toEqual([expect.objectContaining({ outcome: 'still-working' })]);
    // Past the two hours: timed-out, whatever the sweep's timeout.
    flows.time.advance(61 * MINUTE);
    const late = await sweep({ timeout: '6h' });
    expect(swept(late)).toEqual([expect.objectContaining({ outcome: 'timed-out' })]);
    expect(recordOn()?.working).toBeUndefined();
  });

  it('no job is lost however long the sweeps stopped: a working record days old is found through its head’s pending status', async () => {
    flows.sim.queuePrLinks(docsPrLink(101));
    opened(101);
    flows.sim.queueJobScripts(jobOf(20 * MINUTE));
    await start();
    // A weekend without sweeps: the comment was written long before the recent comments a sweep reads.
    flows.time.advance(3 * 24 * 60 * MINUTE);
    const from = github.requests.length;
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'pr-opened', docsStatusState: 'success' })]);
    // No recent comment; the one open pull request whose head is pending; its comments; who wrote them.
    const finding = github.requests
      .slice(from)
      .map((request) => request.call)
      .slice(0, 4);
    expect(finding).toEqual(['recent-comments', 'pending-pulls', 'list-comments', 'identity']);
    expect(recordOn()?.working).toBeUndefined();
    expect(gate()).toEqual(['pending', 'pending', 'success']);
  });

  it('the same job messaged for a newer head while the sweep finishes the old one: the newer record stays working, its head pending', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString() });
    flows.time.advance(MINUTE);
    const NEW_HEAD = 'f'.repeat(40);
    // reuse-job: a push's run messages the same job for its new head, after the sweep found the old work and before its last writes.
    const newer: CommentRecord = {
      jobId,
      headSha: NEW_HEAD,
      working: true,
      acceptedAt: new Date(flows.time.now()).toISOString(),
      endsBy: new Date(flows.time.now() + 30 * MINUTE).toISOString(),
    };
    const newerBody = `${COMMENT_MARKER}\nWorking on the new head\n\n${sealedRecord(newer, CODE_PR)}`;
    github.onRequest = (request) => {
      if (request.call === 'set-status') codeComment()!.body = newerBody;
    };
    const run = await sweep();
    github.onRequest = undefined;
    // The old head's status is the old job's; the comment and its record are the push's, untouched.
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'no-pr', docsStatusState: 'success' })]);
    expect(gate(HEAD)).toEqual(['success']);
    expect(codeComment()?.body).toBe(newerBody);
    expect(recordOn()).toEqual(newer);
    expect(run.log.messages('info')).toContain('The pull-request comment was not written: another run recorded newer work since (a newer head or job).');
    // And the next sweep finds the newer work, and finishes it on its own head.
    const next = await sweep();
    expect(swept(next)).toEqual([expect.objectContaining({ outcome: 'no-pr', docsStatusState: 'success' })]);
    expect(gate(NEW_HEAD)).toEqual(['success']);
    expect(recordOn()?.working).toBeUndefined();
  });

  it.each([
    ['closed without merging', false, 'closed', 'closed'],
    ['merged', true, 'open', 'marked-ready'],
  ] as const)('a code PR %s while its job worked: the sweep does what its closed event would have done', async (_name, merged, state, action) => {
    flows.sim.queueJobScripts(jobOf(20 * MINUTE));
    flows.sim.queuePrLinks(docsPrLink(101));
    opened(101);
    await start();
    github.pullStates.set(CODE_PR, { ...github.pullStates.get(CODE_PR)!, state: 'closed', merged });
    flows.time.advance(21 * MINUTE);
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'pr-opened' })]);
    expect(docs.pulls.get(101)).toMatchObject({ state, draft: merged ? false : true });
    expect(recordOn()?.docsPr).toMatchObject({ number: 101, closedByAction: !merged });
    const docsComment = docs.comments.find((comment) => comment.issue_url?.endsWith('/issues/101'))!.body;
    expect(docsComment).toContain(
      merged ? 'was merged: this pull request was marked ready for review' : 'was closed without merging, so this pull request was closed',
    );
    expect(run.log.messages('info').join('\n')).toContain(action === 'closed' ? 'Closed documentation PR acme-sim/docs#101' : 'marked ready for review');
  });

  it('a code PR merged while a job that changed nothing worked: its recorded documentation PR marked ready, but neither measured nor its approval read, since the job opened nothing', async () => {
    opened(101);
    const jobId = await createdJob(flows.sim, [{ status: 'completed' }]);
    const docsPr = { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false };
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString(), docsPr });
    github.pullStates.set(CODE_PR, { ...github.pullStates.get(CODE_PR)!, state: 'closed', merged: true });
    flows.time.advance(MINUTE);
    const from = github.requests.length;
    const run = await sweep({ 'docs-status': 'approved', 'reader-impact': 'true' });
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'no-pr', docsStatusState: 'success' })]);
    expect(docs.pulls.get(101)).toMatchObject({ state: 'open', draft: false });
    expect(github.latestStatus(HEAD, 'documentation')).toMatchObject({
      state: 'success',
      description: 'No documentation change needed: the documentation agent changed nothing',
    });
    const calls = github.requests.slice(from).map((request) => request.call);
    expect(calls).toContain('mark-ready');
    // Nothing of what readers will see (its files, its tree), and no approval: no documentation PR of this job's waits on one.
    expect(calls.filter((call) => call === 'pull-files' || call === 'tree' || call === 'review-decision' || call === 'reviews')).toEqual([]);
    expect(flows.sim.requests.filter((request) => request.endpoint === 'visitors')).toEqual([]);
    expect(recordOn()?.impact).toBeUndefined();
  });

  it('a code PR merged while its job worked, with docs-publish: on-release: the sweep holds its documentation PR for the release', async () => {
    flows.sim.queueJobScripts(jobOf(20 * MINUTE));
    flows.sim.queuePrLinks(docsPrLink(101));
    opened(101);
    await start(CODE_PR, HEAD, { 'docs-publish': 'on-release' });
    const merge = 'ab'.repeat(20);
    github.pullStates.set(CODE_PR, { ...github.pullStates.get(CODE_PR)!, state: 'closed', merged: true, mergeCommit: merge });
    flows.time.advance(21 * MINUTE);
    const run = await sweep({ 'docs-publish': 'on-release' });
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'pr-opened' })]);
    expect(github.callsTo('mark-ready')).toEqual([]);
    expect(docs.pulls.get(101)).toMatchObject({ state: 'open', draft: true, labels: ['waits-for-release'] });
    expect(recordOn()?.docsPr).toMatchObject({ number: 101, release: { mergeCommit: merge } });
    const docsComment = docs.comments.find((comment) => comment.issue_url?.endsWith('/issues/101'))!.body;
    expect(docsComment).toContain(`waits for the release that contains \`${merge.slice(0, 7)}\``);
  });

  it('a cancelled sweep fails the step (a non-zero exit on a runner), as every command’s cancellation does', async () => {
    await threeEnded();
    const run = await flows.run({ ...DETACHED, command: 'sweep' }, { event: scheduleEvent(), onApiRequest: (flow) => flow.count === 1 && flow.cancel() });
    expect(run.outputs.outcome).toBe('cancelled');
    // Cancelled as the first job was read: no pull request was looked at, and nothing was written.
    expect(swept(run)).toEqual([]);
    expect([301, 302, 303].map((number) => recordOn(number)?.working)).toEqual([true, true, true]);
    expect(run.failed).toBe(true);
    expect(run.failures).toEqual(['The sweep was cancelled: what was finished stays finished; the rest waits for the next sweep.']);
  });
});

/** A sweep cancelled, as SIGTERM would, as GitHub gets the first request `at` picks after the first job was read. */
function sweepCancelledAt(at: (request: { readonly path: string; readonly call: string | undefined }) => boolean): Promise<FlowResult> {
  let cancel = (): void => undefined;
  github.onRequest = (request) => {
    if (at(request)) cancel();
  };
  const onApiRequest = (flow: { cancel(): void }): void => {
    cancel = () => flow.cancel();
  };
  return flows.run({ ...DETACHED, command: 'sweep' }, { event: scheduleEvent(), onApiRequest });
}

/** `count` pull requests from 400 on, each with its own head, whose comment records the job `jobIdOf` names at work, accepted a second apart (400 oldest). */
function working(count: number, jobIdOf: (n: number) => string): void {
  for (let n = 0; n < count; n++) {
    const acceptedAt = flows.time.now() + n * 1000;
    actionComment(400 + n, {
      jobId: jobIdOf(n),
      headSha: sha(n + 1),
      working: true,
      acceptedAt: new Date(acceptedAt).toISOString(),
      endsBy: new Date(acceptedAt + 30 * MINUTE).toISOString(),
    });
  }
}

describe('what the sweep says as it finds its work', () => {
  it('a dry run past the cap lists the oldest 50, each as found (no status, no documentation PR), and says the newest waits', async () => {
    working(51, (n) => `job_dry${n}`);
    flows.time.advance(MINUTE);
    const run = await sweep({ 'dry-run': 'true' });
    expect(run.outputs.outcome).toBe('dry-run');
    expect(swept(run)).toEqual(
      Array.from({ length: 50 }, (_, n) => ({ pullRequest: 400 + n, jobId: `job_dry${n}`, status: '', outcome: 'dry-run', prLink: '', docsStatusState: '' })),
    );
    expect(run.log.messages('notice')).toEqual(['51 jobs left working: this sweep reads the oldest 50; the 1 newest wait for the next sweep.']);
    expect(run.log.messages('info')).toEqual(
      expect.arrayContaining(['51 jobs left working, oldest first.', 'Dry run: nothing was read from the API, and nothing written to GitHub.']),
    );
    expect(run.summary).toContain('\n1 more job left working wait for the next sweep (a sweep reads the oldest 50).\n');
    expect(flows.sim.requests).toHaveLength(0);
  });

  it('without docs-status it finds its work through the recent comments alone: no pending head is looked for', async () => {
    const run = await sweep({ 'docs-status': 'false' });
    expect(run.outputs.outcome).toBe('swept');
    expect(github.requests.map((request) => request.call)).toEqual(['recent-comments']);
  });

  it('more pull requests whose head is pending than one sweep reads (50): one notice that the rest waits for the next sweep', async () => {
    for (let n = 0; n < 51; n++) {
      github.pullStates.set(500 + n, openChange(n, sha(n + 1)));
      github.statuses.push({
        repository: CODE,
        sha: sha(n + 1),
        state: 'pending',
        description: null,
        target_url: null,
        context: 'documentation',
        token: 'ghs_earlierRun',
        id: n + 1,
      });
    }
    const run = await sweep();
    expect(run.outputs.outcome).toBe('swept');
    expect(github.callsTo('list-comments')).toHaveLength(50);
    expect(run.log.messages('notice')).toEqual(['This repository had more to look at than one sweep reads: the rest waits for the next sweep.']);
  });

  it('cancelled while it looks for its work: outcome cancelled, the step fails as a cancellation, not as a failure to find', async () => {
    github.injectFault({ call: 'recent-comments', kind: 'hang' });
    const run = await flows.run({ ...DETACHED, command: 'sweep' }, { event: scheduleEvent(), onHang: (flow) => flow.cancel() });
    expect(run.outputs).toMatchObject({ outcome: 'cancelled', swept: '[]' });
    expect(run.failures).toEqual(['The sweep was cancelled: what was finished stays finished; the rest waits for the next sweep.']);
  });

  it('out of time while it looks for its work: an error that says it could not find them, not a cancellation', async () => {
    github.injectFault({ call: 'recent-comments', kind: 'hang' });
    const run = await sweep({ timeout: '20s' });
    expect(run.outputs).toMatchObject({ outcome: 'error', swept: '[]' });
    expect(run.failures).toEqual([expect.stringMatching(/^Could not find the pull requests to sweep: /)]);
  });
});

describe('what the sweep does and says for each pull request', () => {
  /** A job that ended, recorded at work on the code PR since a minute ago. */
  async function endedJob(script: JobScript = [{ status: 'completed' }]): Promise<string> {
    const jobId = await createdJob(flows.sim, script);
    const acceptedAt = flows.time.now();
    actionComment(CODE_PR, {
      jobId,
      headSha: HEAD,
      working: true,
      acceptedAt: new Date(acceptedAt).toISOString(),
      endsBy: new Date(acceptedAt + 30 * MINUTE).toISOString(),
    });
    flows.time.advance(MINUTE);
    return jobId;
  }

  it('a job still working at the very time its start gave it is finished as timed-out, said with that time', async () => {
    const jobId = await createdJob(flows.sim, [{ status: 'active' }]);
    const endsBy = new Date(flows.time.now() + 30 * MINUTE).toISOString();
    actionComment(CODE_PR, { jobId, headSha: HEAD, working: true, acceptedAt: new Date(flows.time.now()).toISOString(), endsBy });
    flows.time.advance(30 * MINUTE);
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'timed-out', status: 'active' })]);
    expect(run.log.messages('info')).toContain(
      `Pull request #${CODE_PR}: job ${jobId} has worked past the time its start gave it (${endsBy}): finished as timed-out.`,
    );
    expect(recordOn()?.working).toBeUndefined();
  });

  it('the sweep’s own timeout runs out as a job is read: the pull requests not swept yet wait for the next sweep, said once', async () => {
    const jobs = [await createdJob(flows.sim, [{ status: 'active' }]), await createdJob(flows.sim, [{ status: 'completed' }])];
    working(2, (n) => jobs[n]!);
    flows.time.advance(MINUTE);
    flows.sim.resetLog();
    // The first job's read gets no answer: its request-timeout (30 s) ends it as the sweep's own timeout runs out.
    flows.sim.injectFault({ target: 'get', kind: 'hang' });
    const run = await sweep({ timeout: '30s' });
    expect(run.outputs.outcome).toBe('swept');
    expect(run.log.messages('warning')).toEqual([
      expect.stringMatching(/^Pull request #400: could not read job \S+: .* got no complete answer within request-timeout/),
      'timeout (30s) ran out: the pull requests not swept yet wait for the next sweep.',
    ]);
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: 400, outcome: 'still-working' })]);
    expect(agentRequests()).toBe(1);
    expect(recordOn(401)?.working).toBe(true);
  });

  it.each([
    ['403', { status: 403, body: { error: 'Forbidden' } }, /answered 403/],
    ['429, the usage used up', { status: 429, body: { error: 'Monthly usage exhausted' } }, /usage is used up/],
  ] as const)('a job read answered %s would fail every job alike: the sweep stops at once, an error', async (_name, answer, said) => {
    await endedJob();
    flows.sim.injectFault({ target: 'get', kind: 'status', ...answer });
    const run = await sweep();
    expect(run.outputs.outcome).toBe('error');
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'error' })]);
    expect(run.failures).toEqual([expect.stringMatching(said)]);
    expect(recordOn()?.working).toBe(true);
  });

  it('the pull request cannot be read again before it is finished: left working for the next sweep, one warning', async () => {
    await endedJob();
    github.injectFault({ call: 'pull-request', kind: 'status', status: 404 });
    const run = await sweep();
    expect(run.log.messages('warning')).toEqual([
      'Pull request #12: GitHub pull request (GET /repos/{owner}/{repo}/pulls/{pull_number}) answered 404: Not Found (the pull request does not exist, or the token cannot see the repository). Left for the next sweep.',
    ]);
    expect(run.outputs.outcome).toBe('swept');
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'still-working', status: 'completed' })]);
    expect(recordOn()?.working).toBe(true);
    expect(gate()).toEqual([]);
  });

  it('cancelled as the pull request is read again: cancelled, nothing written, no warning', async () => {
    await endedJob();
    const run = await sweepCancelledAt((request) => request.call === 'pull-request');
    expect(run.outputs.outcome).toBe('cancelled');
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'cancelled', status: 'completed' })]);
    expect(run.log.messages('warning')).toEqual([]);
    expect(recordOn()?.working).toBe(true);
    expect(gate()).toEqual([]);
  });
});

describe('the preview, detached: what a later sweep finds', () => {
  /** A detached start whose job ends after two minutes (as `last` says) with docs PR 101, and the sweep that finished it and asked for its preview, ready three minutes later. */
  async function previewAsked(last: JobScript[number] = { status: 'completed', prLink: true }): Promise<FlowResult> {
    flows.sim.queueJobScripts([{ status: 'active', forMs: 2 * MINUTE, ref: BRANCH }, last]);
    flows.sim.queuePrLinks(docsPrLink(101));
    flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 3 * MINUTE, result: 'success' });
    opened(101);
    await start(CODE_PR, HEAD, { preview: 'true' });
    flows.time.advance(3 * MINUTE);
    const first = await sweep({ preview: 'true' });
    expect(recordOn()?.preview).toMatchObject({ statusId: expect.any(String) });
    flows.time.advance(4 * MINUTE);
    return first;
  }

  it('its job cannot be read (500): the preview waits for the next sweep, said once, nothing written', async () => {
    await previewAsked();
    const before = recordOn();
    const from = github.requests.length;
    flows.sim.resetLog();
    flows.sim.injectFault({ target: 'get', kind: 'status', status: 500, body: { error: 'Internal error' }, times: 5 });
    const run = await sweep({ preview: 'true' });
    expect(run.outputs.outcome).toBe('swept');
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'error', docsStatusState: '' })]);
    expect(run.log.messages('info')).toContain(
      `Pull request #${CODE_PR}: job ${before!.jobId!} could not be read as it ended; its preview waits for the next sweep.`,
    );
    // Its status not even read, nothing written, the record as it was.
    expect(flows.sim.requests.filter((request) => !request.path.includes('/job/'))).toEqual([]);
    expect(github.requests.slice(from).filter(isWrite)).toEqual([]);
    expect(recordOn()).toEqual(before);
  });

  it('an archived job’s preview is shown once it is ready, as a documentation PR’s is', async () => {
    const first = await previewAsked({ status: 'archived', prLink: true });
    expect(swept(first)).toEqual([expect.objectContaining({ outcome: 'archived' })]);
    const run = await sweep({ preview: 'true' });
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'archived' })]);
    expect(run.log.messages('info')).toContain(`Pull request #${CODE_PR}: its preview ended (success).`);
    expect(recordOn()?.preview).toBeUndefined();
    expect(codeComment()?.body).toContain(flows.sim.deployments()[0]!.previewUrl);
  });

  it('a code PR closed after its job ended: the sweep that shows the preview leaves the documentation PR to the closed event’s run', async () => {
    await previewAsked();
    github.pullStates.set(CODE_PR, { ...github.pullStates.get(CODE_PR)!, state: 'closed', merged: false });
    const run = await sweep({ preview: 'true' });
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened' })]);
    expect(recordOn()?.preview).toBeUndefined();
    expect(docs.pulls.get(101)).toMatchObject({ state: 'open' });
    expect(recordOn()?.docsPr).toMatchObject({ number: 101, closedByAction: false });
  });

  it.each([
    ['another run showed the preview', (record: CommentRecord): CommentRecord => ({ ...record, preview: undefined })],
    ['a push sent a new job for the same head', (record: CommentRecord): CommentRecord => ({ ...record, jobId: 'job_newer' })],
    ['the same job was messaged for a newer head', (record: CommentRecord): CommentRecord => ({ ...record, headSha: 'f'.repeat(40) })],
  ])('%s while the sweep looked at it: the sweep leaves the comment and the status as they are, said once', async (_name, change) => {
    await previewAsked();
    const { jobId } = recordOn()!;
    const newer = change(recordOn()!);
    const body = `${COMMENT_MARKER}\nWritten since\n\n${sealedRecord(newer, CODE_PR)}`;
    const statuses = github.statuses.length;
    const run = await flows.run(
      { ...DETACHED, command: 'sweep', preview: 'true' },
      {
        event: scheduleEvent(),
        onApiRequest: () => {
          codeComment()!.body = body;
        },
      },
    );
    expect(swept(run)).toEqual([expect.objectContaining({ pullRequest: CODE_PR, outcome: 'skipped', docsStatusState: '' })]);
    expect(codeComment()?.body).toBe(body);
    expect(github.statuses).toHaveLength(statuses);
    expect(run.log.messages('info')).toContain(
      `Pull request #${CODE_PR}: its comment no longer records this work of job ${jobId!} (another run finished it, or a push sent a new job): left as it is.`,
    );
  });
});

describe('a revision the sweep finishes: the review loop’s reply', () => {
  /** A revision of docs PR 101 after a review, recorded at work on the code PR (its reply by `replyAuthor`), whose job ended. */
  async function revisionEnded(replyAuthor?: string): Promise<string> {
    opened(101);
    flows.sim.queuePrLinks(docsPrLink(101));
    const jobId = await createdJob(flows.sim, [{ status: 'completed', prLink: true, ref: BRANCH }]);
    const acceptedAt = flows.time.now();
    actionComment(CODE_PR, {
      jobId,
      headSha: HEAD,
      working: true,
      acceptedAt: new Date(acceptedAt).toISOString(),
      endsBy: new Date(acceptedAt + 30 * MINUTE).toISOString(),
      revising: { statusSha: HEAD, ...(replyAuthor ? { replyAuthor } : {}) },
      docsPr: { repository: DOCS, number: 101, repositoryId: github.repositoryId(DOCS), headRef: BRANCH, closedByAction: false },
    });
    flows.time.advance(MINUTE);
    return jobId;
  }

  const REPLIES = `/repos/${DOCS}/issues/101/comments`;
  /** The requests to the documentation repository. */
  const toDocs = (): string[] =>
    github.requests.filter((request) => request.path.startsWith(`/repos/${DOCS}/`)).map((request) => `${request.method} ${request.path}`);

  it('a record that names no author of the reply: the reply is left as it is, said once', async () => {
    const jobId = await revisionEnded();
    const run = await sweep();
    expect(swept(run)).toEqual([expect.objectContaining({ jobId, outcome: 'pr-opened' })]);
    expect(run.log.messages('info')).toContain(`The review loop's reply on ${DOCS}#101 is not updated: the record names no author of it.`);
    expect(github.callsTo('list-comments').filter((call) => call.path.startsWith(REPLIES))).toEqual([]);
  });

  it('no token that reaches the documentation repository: the reply is left as it is, said once, naming docs-token', async () => {
    await revisionEnded('github-actions[bot]');
    const run = await sweep({ 'docs-token': '' });
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened' })]);
    expect(run.log.messages('info')).toContain(`The review loop's reply on ${DOCS}#101 is not updated: no token reaches its repository (docs-token).`);
    expect(toDocs()).toEqual([]);
  });

  it('a sweep with neither follow-code-pr, docs-status nor reader-impact reads nothing of the documentation side', async () => {
    await revisionEnded('github-actions[bot]');
    const run = await sweep({ 'docs-status': 'false', 'follow-code-pr': 'false', 'reader-impact': 'false' });
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened' })]);
    expect(recordOn()?.working).toBeUndefined();
    expect(toDocs()).toEqual([]);
    expect(run.log.messages('info').filter((line) => line.includes('reply'))).toEqual([]);
  });

  it('the reply cannot be read (403): one warning naming it; the code PR is finished all the same', async () => {
    await revisionEnded('github-actions[bot]');
    github.onRequest = (request) => {
      if (request.path.startsWith(REPLIES)) github.injectFault({ call: 'list-comments', kind: 'status', status: 403 });
    };
    const run = await sweep();
    expect(run.log.messages('warning')).toEqual([
      `Could not tell the review loop's reply on ${DOCS}#101 how the revision ended: GitHub list comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments) answered 403: Resource not accessible by integration (give the job "permissions: pull-requests: read", or set pr-comment: false).`,
    ]);
    expect(run.outputs.outcome).toBe('swept');
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: 'success' })]);
    expect(recordOn()?.working).toBeUndefined();
  });

  it('cancelled as the reply is read: no warning for it; the code PR stays finished, and the sweep is cancelled', async () => {
    await revisionEnded('github-actions[bot]');
    const run = await sweepCancelledAt((request) => request.path.startsWith(REPLIES));
    expect(run.outputs.outcome).toBe('cancelled');
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: 'success' })]);
    expect(run.log.messages('warning')).toEqual([]);
    expect(recordOn()?.working).toBeUndefined();
  });

  it('out of time as the reply is read: no warning for it (the step’s time ran out), the code PR stays finished', async () => {
    await revisionEnded('github-actions[bot]');
    // The reply's read gets no answer: the sweep's own timeout (20 s, before request-timeout's 30 s) ends it.
    github.onRequest = (request) => {
      if (request.path.startsWith(REPLIES)) github.injectFault({ call: 'list-comments', kind: 'hang' });
    };
    const run = await sweep({ timeout: '20s' });
    expect(run.log.messages('warning')).toEqual([]);
    expect(swept(run)).toEqual([expect.objectContaining({ outcome: 'pr-opened', docsStatusState: 'success' })]);
    expect(recordOn()?.working).toBeUndefined();
  });
});
