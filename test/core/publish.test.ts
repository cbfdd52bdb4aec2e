/**
 * The publish phase, a run's last writes for every command (`core/publish.ts`), from a run record
 * made by `newRecord` and a core as the steps make it (`coreOf`), against the fake GitHub on a fake
 * clock: the `documentation` status first, then the comment (read again first), each in a window of
 * its own; the status only with a gate and a head commit, and not again once GitHub refused one;
 * `gateWritten` what GitHub took; the comment's gate line only when the status was written; a run
 * whose comment does not show its outcome rewrites only the tail of its verified comment; a dry run
 * and a core without a code repository write nothing; after a cancellation the comment only follows
 * a status written or a change on the documentation side. A request that hangs is ended by its own
 * time limit on the fake clock, which the test runs to once the fake GitHub holds the request
 * (test/support/request-timers.ts): nothing waits on the host's clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { Core } from '../../src/core/context.js';
import { nothingFollowed, type Following } from '../../src/core/follow.js';
import { publishPhase } from '../../src/core/publish.js';
import { newRecord, type RunImpact, type RunRecord } from '../../src/core/record.js';
import { gateStatus, type GateStatus } from '../../src/gate/policy.js';
import { createGitHubApi } from '../../src/github/octokit.js';
import { CodePrComment } from '../../src/memory/code-pr-comment.js';
import { COMMENT_MARKER, type CommentRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { renderGateLine } from '../../src/report/gate-report.js';
import { eventPullRequest, TEST_CORE_SETTINGS, testCore, testStep, type TestStep } from '../support/core.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FakeTime } from '../support/fake-time.js';
import { recordIn, repositoryIdentity, sealedRecord, TEST_SEAL } from '../support/records.js';
import { RequestTimers, type HeldRequest } from '../support/request-timers.js';

const TOKEN = 'ghs_publishPhaseToken9';
const CODE_PR = 12;
const HEAD = 'e'.repeat(40);
const REQUEST_TIMEOUT_MS = 10_000;
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/4242';
const REPOSITORY = repositoryIdentity('acme/widgets');
const EARLIER: CommentRecord = { jobId: 'job_1', headSha: 'a'.repeat(40) };
const NO_PR: GateStatus = gateStatus({ mode: 'written', waiveLabel: 'no-docs', outcome: 'no-pr', runUrl: RUN_URL })!;
const WAIVED: GateStatus = gateStatus({ mode: 'written', waiveLabel: 'no-docs', waivedBy: 'no-docs', outcome: 'skipped', skip: 'waived', runUrl: RUN_URL })!;
const STATUS_HINT = 'give the job "permissions: statuses: write"';

let github: FakeGitHub;
/** The requests the fake GitHub holds unanswered (a hang), in order: the test ends each by its time limit. */
const held: HeldRequest[] = [];
beforeAll(async () => {
  github = await startFakeGitHub();
  github.onHang = (request) => held.push(request);
});
afterAll(async () => {
  await github.close();
});

/** The time limits of the phase's requests, on its clock: none runs out unless the test runs the clock to it. */
let timers: RequestTimers | undefined;
/** Each request's time limit as it went out, in order. */
const limits = (): number[] => timers?.sent.map((request) => request.limitMs) ?? [];
beforeEach(() => {
  github.requests.length = 0;
  github.comments.length = 0;
  github.statuses.length = 0;
  github.workflowToken = {};
  github.viewerLogin = 'github-actions[bot]';
  github.clearFaults();
  held.length = 0;
});
afterEach(async () => {
  timers?.close();
  timers = undefined;
  expect(await github.takeViolations()).toEqual([]);
});

interface Phase extends TestStep {
  readonly core: Core;
}

/** The step and its core: the code repository with the run's token, unless `noRepository` (a run off a repository). */
function phase(options: { dryRun?: boolean; noRepository?: boolean } = {}): Phase {
  const time = new FakeTime();
  timers?.close();
  timers = new RequestTimers(time);
  const env = options.noRepository ? { GITHUB_API_URL: github.url } : { GITHUB_REPOSITORY: 'acme/widgets', GITHUB_API_URL: github.url };
  // The step's deadline is long past: the last writes have windows of their own.
  const step = testStep({ time, startTimer: timers.startTimer, env, deadline: time.now() - 1 });
  const core = testCore(step, {
    settings: { requestTimeoutMs: REQUEST_TIMEOUT_MS, retries: 0, dryRun: options.dryRun ?? false },
    ...(options.noRepository ? {} : { code: { repository: REPOSITORY, token: TOKEN } }),
  });
  return { ...step, core };
}

/** The code PR's comment as an earlier run left it, on the fake GitHub. */
function earlierComment(body: string): void {
  github.comments.push({
    id: 501,
    issue_url: `${github.url}/repos/acme/widgets/issues/${CODE_PR}`,
    body,
    user: { login: 'github-actions[bot]', type: 'Bot' },
    author_association: 'MEMBER',
  });
}

/** An earlier run's comment: its report, its gate line, its verified record. */
const EARLIER_BODY = `${COMMENT_MARKER}\nThe earlier report.\n\n**Documentation gate** (\`documentation\`): pending: The documentation agent is writing.\n\n${sealedRecord(EARLIER, CODE_PR)}\n`;

/** The run's comment as the prepare phase finds it, logging to the step's log; the requests it took to find it are left out. */
async function findComment({ time, logger }: Pick<Phase, 'time' | 'logger'>): Promise<CodePrComment> {
  const client = await createGitHubApi({
    token: TOKEN,
    repo: { owner: 'acme', repo: 'widgets' },
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    deadline: time.now() + 60_000,
    signal: new AbortController().signal,
    clock: time,
    startTimer: timers!.startTimer,
    apiUrl: github.url,
    retries: 0,
    logger: { info: () => undefined },
  });
  const comment = await CodePrComment.find(client, { repository: REPOSITORY, number: CODE_PR, headSha: HEAD }, { logger, clock: time, seal: TEST_SEAL });
  github.requests.length = 0;
  timers!.sent.length = 0;
  return comment!;
}

const job = (more: Partial<AgentRun> = {}): AgentRun => ({ ...newRun('job_2', 'Document the retries flag', 0, 'no-pr'), delivery: 'accepted', ...more });

const PULL_REQUEST = eventPullRequest({ number: CODE_PR, headSha: HEAD });

/** The run's record as the phases before left it: the pull request (and so where the status goes), its repository, the job, the gate. */
function record(more: Partial<RunRecord> = {}): RunRecord {
  const {
    pullRequest = 'pullRequest' in more ? undefined : PULL_REQUEST,
    repository = 'repository' in more ? undefined : REPOSITORY,
    job: run = job(),
    ...rest
  } = more;
  return Object.assign(newRecord({ pullRequest, repository, job: run }), { gate: NO_PR, ...rest });
}

/** The calls of the phase, in the order GitHub got them. */
const calls = (): Array<string | undefined> => github.requests.map((request) => request.call);
const statuses = () =>
  github.statuses.map(({ sha, state, description, target_url, context, token }) => ({ sha, state, description, target_url, context, token }));
const lastBody = (): string => github.commentBodiesSent(CODE_PR).at(-1)!;
const gateLine = (status: GateStatus): string => renderGateLine(status);

/** Waits for a request of the call to reach the fake GitHub (each step of Octokit's chain is a turn of the event loop). */
async function arrived(call: string): Promise<void> {
  while (!github.requests.some((request) => request.call === call)) await new Promise((resolve) => setImmediate(resolve));
}

describe('the status, then the comment', () => {
  it('writes the status first, with the run’s token, then the comment with its gate line; gateWritten is what GitHub took', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    const run = record({ comment: await findComment(step), gateWritten: 'pending' });
    await expect(publishPhase(run, step.core)).resolves.toBe(true);
    expect(calls()).toEqual(['set-status', 'get-comment', 'update-comment']);
    expect(statuses()).toEqual([{ sha: HEAD, state: 'success', description: NO_PR.description, target_url: RUN_URL, context: 'documentation', token: TOKEN }]);
    expect(github.requests.every((request) => request.token === TOKEN)).toBe(true);
    expect(run.gateWritten).toBe('success');
    expect(lastBody()).toContain(`\n\n${gateLine(NO_PR)}\n\n`);
    // What the status was judged on goes with it: a merge queue's gate judges the same again.
    expect(recordIn(lastBody(), CODE_PR)).toEqual({ jobId: 'job_2', headSha: HEAD, judged: { sha: HEAD, outcome: 'no-pr' } });
    expect(step.logger.lines).toEqual([
      { level: 'info', message: `Documentation gate: success on ${HEAD} (${NO_PR.description}).` },
      { level: 'info', message: 'Pull-request comment updated.' },
    ]);
  });

  it('creates the comment when there was none, after the status', async () => {
    const step = phase();
    const run = record({ comment: await findComment(step) });
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['set-status', 'create-comment']);
    expect(lastBody()).toContain(gateLine(NO_PR));
  });

  it('each write has a window of its own of one request-timeout, though the step’s deadline is past', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    await publishPhase(record({ comment: await findComment(step) }), step.core);
    expect(limits()).toEqual([REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS]);
  });

  it('the comment carries the run’s documentation PR and reader impact in its record', async () => {
    const step = phase();
    const docsPr: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs/retries', closedByAction: false };
    const following: Following = {
      ...nothingFollowed(undefined),
      action: 'linked',
      record: docsPr,
      shown: { pull: { repository: 'acme/docs', number: 5 }, state: 'linked' },
      acted: true,
    };
    const impact: RunImpact = { view: undefined, rows: [], record: { number: 5, base: 'main', head: 'b'.repeat(40), pages: [], more: 0 } };
    await publishPhase(record({ comment: await findComment(step), following, impact }), step.core);
    expect(recordIn(lastBody(), CODE_PR)).toEqual({ jobId: 'job_2', headSha: HEAD, docsPr, impact: impact.record, judged: { sha: HEAD, outcome: 'no-pr' } });
  });
});

describe('when the status is written', () => {
  it('not without a gate: the comment is written, without a gate line', async () => {
    const step = phase();
    const run = record({ comment: await findComment(step), gate: undefined });
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['create-comment']);
    expect(lastBody()).not.toContain('**Documentation gate**');
    expect(run.gateWritten).toBeUndefined();
  });

  it('not without a head commit', async () => {
    const step = phase();
    const noHead = record().pullRequest!;
    for (const pullRequest of [undefined, { ...noHead, headSha: '' }]) {
      github.comments.length = 0;
      const run = record({ comment: await findComment(step), pullRequest });
      await publishPhase(run, step.core);
      expect(calls()).toEqual(['create-comment']);
      expect(lastBody()).not.toContain('**Documentation gate**');
    }
    expect(github.statuses).toEqual([]);
  });

  it('not again once GitHub refused one earlier in the run: no request, no second warning, and no gate line', async () => {
    const step = phase();
    const run = record({ comment: await findComment(step), gateRefused: true });
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['create-comment']);
    expect(step.logger.messages('warning')).toEqual([]);
    expect(lastBody()).not.toContain('**Documentation gate**');
    expect(run.gateWritten).toBeUndefined();
  });

  it('a status GitHub refuses leaves gateWritten as it was, one warning, and a comment that claims no gate', async () => {
    const step = phase();
    github.workflowToken = { statuses: 'read' };
    earlierComment(EARLIER_BODY);
    const run = record({ comment: await findComment(step), gateWritten: 'pending' });
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['set-status', 'get-comment', 'update-comment']);
    expect(run.gateWritten).toBe('pending');
    expect(step.logger.messages('warning')).toEqual([expect.stringContaining(STATUS_HINT)]);
    expect(lastBody()).not.toContain('**Documentation gate**');
    // The status is owed: the record keeps the job at work, though it ended, so that a sweep writes the status.
    const now = step.time.now();
    expect(recordIn(lastBody(), CODE_PR)).toEqual({
      jobId: 'job_2',
      headSha: HEAD,
      working: true,
      acceptedAt: new Date(now).toISOString(),
      endsBy: new Date(now + TEST_CORE_SETTINGS.timeoutMs).toISOString(),
    });
  });

  it('no status owed without a gate: the job that ended is recorded as ended', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    await publishPhase(record({ comment: await findComment(step), gate: undefined }), step.core);
    expect(recordIn(lastBody(), CODE_PR)).toEqual({ jobId: 'job_2', headSha: HEAD });
  });
});

describe('a comment that does not show the run’s outcome (a waiver)', () => {
  it('has only its tail rewritten after a written status: the report kept, the gate line new, the record as it was with what the status was judged on', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    const run = record({ comment: await findComment(step), shows: false, gate: WAIVED });
    run.job.outcome = 'skipped';
    run.job.skipKind = 'waived';
    await publishPhase(run, step.core);
    // The comment is read again before its tail is rewritten: another run may have written it since.
    expect(calls()).toEqual(['set-status', 'get-comment', 'update-comment']);
    const judged = { sha: HEAD, outcome: 'skipped' as const, skip: 'waived' as const };
    expect(lastBody()).toBe(`${COMMENT_MARKER}\nThe earlier report.\n\n${gateLine(WAIVED)}\n\n${sealedRecord({ ...EARLIER, judged }, CODE_PR)}\n`);
    expect(run.gateWritten).toBe('success');
    expect(step.logger.messages('info')).toEqual([`Documentation gate: success on ${HEAD} (${WAIVED.description}).`, 'Pull-request comment updated.']);
  });

  it('is left as it is when no status was written', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    await publishPhase(record({ comment: await findComment(step), shows: false, gate: undefined }), step.core);
    expect(calls()).toEqual([]);
    github.workflowToken = { statuses: 'read' };
    await publishPhase(record({ comment: await findComment(step), shows: false, gate: WAIVED }), step.core);
    expect(calls()).toEqual(['set-status']);
  });

  it('is not made when the pull request has no comment with a verified record to keep', async () => {
    const step = phase();
    await publishPhase(record({ comment: await findComment(step), shows: false, gate: WAIVED }), step.core);
    expect(calls()).toEqual(['set-status']);
    expect(github.comments).toEqual([]);
  });
});

describe('what writes nothing', () => {
  it('a dry run: no request; one line says the status it would set', async () => {
    const step = phase({ dryRun: true });
    earlierComment(EARLIER_BODY);
    const run = record({ comment: await findComment(step) });
    await expect(publishPhase(run, step.core)).resolves.toBe(false);
    expect(calls()).toEqual([]);
    expect(run.gateWritten).toBeUndefined();
    expect(step.logger.lines).toEqual([
      { level: 'info', message: `Dry run: would set the documentation status of ${HEAD} to success (${NO_PR.description}).` },
    ]);
  });

  it('no comment: only the status', async () => {
    const step = phase();
    await expect(publishPhase(record(), step.core)).resolves.toBe(false);
    expect(calls()).toEqual(['set-status']);
  });

  it('no code repository (no GITHUB_REPOSITORY: none in the core, none in the record): nothing at all', async () => {
    const step = phase({ noRepository: true });
    const run = record({ comment: await findComment(step), repository: undefined });
    await expect(publishPhase(run, step.core)).resolves.toBe(false);
    expect(calls()).toEqual([]);
    expect(step.logger.lines).toEqual([]);
    expect(run.gateWritten).toBeUndefined();
  });
});

describe('after a cancellation', () => {
  const acted = (value: boolean): Following => ({ ...nothingFollowed(undefined), action: value ? 'closed' : 'none', acted: value });

  it('the status is still written, then the comment that says it', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    const run = record({ comment: await findComment(step), job: job({ outcome: 'cancelled' }) });
    step.cancel();
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['set-status', 'get-comment', 'update-comment']);
    expect(run.gateWritten).toBe('success');
    expect(lastBody()).toContain(gateLine(NO_PR));
  });

  it('the comment follows a change on the documentation side, without a status', async () => {
    const step = phase();
    const run = record({ comment: await findComment(step), gate: undefined, following: acted(true) });
    step.cancel();
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['create-comment']);
    expect(lastBody()).not.toContain('**Documentation gate**');
  });

  it('no comment when no status was written and nothing changed on the documentation side', async () => {
    const step = phase();
    const comment = await findComment(step);
    step.cancel();
    await publishPhase(record({ comment, gate: undefined }), step.core);
    await publishPhase(record({ comment, gate: undefined, following: acted(false) }), step.core);
    await publishPhase(record({ comment, gateRefused: true }), step.core);
    expect(calls()).toEqual([]);
    github.workflowToken = { statuses: 'read' };
    await publishPhase(record({ comment }), step.core);
    expect(calls()).toEqual(['set-status']);
  });

  it('the writes share the wrap-up window from the status on', async () => {
    const step = phase();
    const run = record({ comment: await findComment(step) });
    step.cancel();
    await publishPhase(run, step.core);
    expect(calls()).toEqual(['set-status', 'create-comment']);
    expect(limits()).toEqual([1_500, 1_500]);
  });
});

describe('a write that hangs', () => {
  it('a hanging comment never holds the status back: the status is written before it, and the comment’s time out is one warning', async () => {
    const step = phase();
    earlierComment(EARLIER_BODY);
    github.injectFault({ call: 'update-comment', kind: 'hang' });
    const run = record({ comment: await findComment(step) });
    const publishing = publishPhase(run, step.core);
    await arrived('update-comment');
    expect(statuses()).toEqual([expect.objectContaining({ sha: HEAD, state: 'success' })]);
    expect(calls()).toEqual(['set-status', 'get-comment', 'update-comment']);
    const hungAt = step.time.now();
    timers!.hang(held.at(-1)!);
    await expect(publishing).resolves.toBe(false);
    expect(step.time.now() - hungAt).toBe(REQUEST_TIMEOUT_MS);
    expect(run.gateWritten).toBe('success');
    expect(step.logger.messages('warning')).toEqual([
      'Could not write the pull-request comment: GitHub update comment (PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}) timed out: no complete answer within request-timeout (10s).',
    ]);
  });

  it('a hanging status does not stop the comment, written in a window of its own after it, with no gate line', async () => {
    const step = phase();
    github.injectFault({ call: 'set-status', kind: 'hang' });
    const run = record({ comment: await findComment(step), gateWritten: 'pending' });
    const publishing = publishPhase(run, step.core);
    await arrived('set-status');
    // The status takes its whole request-timeout: the comment's window starts after it.
    const hungAt = step.time.now();
    timers!.hang(held.at(-1)!);
    await publishing;
    expect(step.time.now() - hungAt).toBe(REQUEST_TIMEOUT_MS);
    expect(calls()).toEqual(['set-status', 'create-comment']);
    expect(limits()).toEqual([REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS]);
    expect(github.comments).toHaveLength(1);
    expect(lastBody()).not.toContain('**Documentation gate**');
    // Owed: the job stays at work in the record, for a sweep to write the status.
    expect(recordIn(lastBody(), CODE_PR)).toMatchObject({ jobId: 'job_2', headSha: HEAD, working: true });
    expect(run.gateWritten).toBe('pending');
    expect(step.logger.messages('warning')).toEqual([
      `Could not set the documentation status on ${HEAD}: GitHub set commit status (POST /repos/{owner}/{repo}/statuses/{sha}) timed out: no complete answer within request-timeout (10s).`,
    ]);
  });
});
