/**
 * The run as it stands, before the last writes (`core/show.ts`), with a core as the steps make it
 * and the run's real comment over an in-memory GitHub: which stage writes what. Once the API
 * accepted the job, the `documentation` status pending and then the comment working (recorded so,
 * with when it must end); the outcome so far once a new documentation PR was linked (so the record
 * names it before an earlier one is closed); the outcome with the preview building only while the
 * preview is still awaited; its gate line only the status GitHub took; nothing after a cancellation
 * or without a comment. What a write shows of the record is `viewOf`. (The run's last comment is
 * the publish phase's.)
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import { nothingFollowed } from '../../src/core/follow.js';
import type { DiffStats } from '../../src/diff/change-prompt.js';
import { newRecord, type RunImpact, type RunRecord } from '../../src/core/record.js';
import { show, viewOf, type Stage } from '../../src/core/show.js';
import { gateStatus } from '../../src/gate/policy.js';
import { GitHubError, type GitHubApi } from '../../src/github/api.js';
import { CodePrComment } from '../../src/memory/code-pr-comment.js';
import { COMMENT_MARKER, impactRecordOf, type DocsPrRecord } from '../../src/memory/record.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { renderPrComment } from '../../src/report/agent-report.js';
import { renderDocsPrSection } from '../../src/report/docs-pr-report.js';
import { renderGateLine } from '../../src/report/gate-report.js';
import { COMMENT_HEAD as HEAD, COMMENTED_PR, earlierComment, EARLIER_HEAD } from '../support/code-pr-comment.js';
import { eventPullRequest, testCore, testStep, type TestStep } from '../support/core.js';
import { FakeTime } from '../support/fake-time.js';
import { memoryGitHub } from '../support/memory-github.js';
import { previewRun } from '../support/preview-runs.js';
import { recordIn } from '../support/records.js';

const NOW = new FakeTime().now();
const NOW_ISO = new Date(NOW).toISOString();
const TIMEOUT_MS = 20 * 60_000;
const DOCS_PR: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs/x', closedByAction: false };
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/1';
const ENV = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/widgets', GITHUB_RUN_ID: '1' };

const job = (more: Partial<AgentRun> = {}): AgentRun => ({ ...newRun('job_1', 'x', NOW, 'running'), delivery: 'accepted', ...more });
const preview = (status: PreviewRun['status']): PreviewRun => previewRun({ status, branch: 'docs/x' });

/** The in-memory GitHub of the code repository, which takes commit statuses too. */
function codeRepository(comments = [earlierComment(3, { jobId: 'job_0', headSha: EARLIER_HEAD })]) {
  const github = memoryGitHub(comments);
  const statuses: Array<{ sha: string; state: string }> = [];
  const client: GitHubApi = {
    ...github,
    setCommitStatus: (sha, status) => {
      github.calls.push(`status ${status.state}`);
      statuses.push({ sha, state: status.state });
      return Promise.resolve();
    },
  };
  return { github, client, statuses };
}

interface Shown {
  readonly step: TestStep;
  readonly github: ReturnType<typeof memoryGitHub>;
  readonly statuses: ReadonlyArray<{ sha: string; state: string }>;
  readonly record: RunRecord;
  /** What this stage wrote, after the comment was found. */
  readonly calls: readonly string[];
}

async function shown(
  stage: Stage,
  more: Partial<RunRecord> = {},
  options: { readonly aborted?: boolean; readonly docsStatus?: 'off' | 'written'; readonly comment?: false; readonly failWrites?: boolean } = {},
): Promise<Shown> {
  const step = testStep({ env: ENV });
  const { github, client, statuses } = codeRepository();
  const core = testCore(step, {
    settings: { timeoutMs: TIMEOUT_MS, docsStatus: options.docsStatus ?? 'off' },
    code: { repository: COMMENTED_PR.repository, token: 'ghs_token' },
    github: () => Promise.resolve(client),
  });
  const comment =
    options.comment === false ? undefined : await CodePrComment.find(client, COMMENTED_PR, { logger: step.logger, clock: step.time, seal: core.seal });
  const found = github.calls.length;
  const record = newRecord({
    pullRequest: eventPullRequest({ number: COMMENTED_PR.number, headSha: HEAD }),
    repository: COMMENTED_PR.repository,
    job: job(),
    comment,
  });
  Object.assign(record, { acceptedAt: NOW - 60_000 }, more);
  if (options.aborted) step.cancel();
  if (options.failWrites) github.failures.write = new GitHubError('PATCH …/comments/3 answered 500.', 'http', 500);
  await show(stage, record, core);
  return { step, github, statuses, record, calls: github.calls.slice(found) };
}

const body = (github: ReturnType<typeof memoryGitHub>): string => github.comments[0]!.body;

describe('show: the run as it stands', () => {
  it('says the job is working once the API accepted it, recorded with when it was accepted and by when it must end; not before', async () => {
    const { github, calls, record } = await shown('sent');
    expect(calls).toEqual(['get 3', 'update 3']);
    expect(body(github)).toContain('docs-agent-action:comment');
    expect(recordIn(body(github), 7)).toEqual({
      jobId: 'job_1',
      headSha: HEAD,
      working: true,
      acceptedAt: new Date(record.acceptedAt!).toISOString(),
      endsBy: new Date(record.acceptedAt! + TIMEOUT_MS).toISOString(),
    });
    // The record now says the job is at work: how a sweep finds it.
    expect(record.workRecorded).toBe(true);
    for (const delivery of ['none', 'refused', 'sent'] as const) {
      const notAccepted = await shown('sent', { job: job({ delivery }) });
      expect(notAccepted.calls, delivery).toEqual([]);
      expect(notAccepted.record.workRecorded, delivery).toBe(false);
    }
  });

  it('a working comment that could not be written leaves the work unrecorded', async () => {
    const { calls, record, step } = await shown('sent', {}, { failWrites: true });
    expect(calls).toEqual(['get 3', 'update 3']);
    expect(record.workRecorded).toBe(false);
    expect(step.logger.messages('warning')).toEqual(['Could not write the pull-request comment: PATCH …/comments/3 answered 500.']);
  });

  it('once sent, the documentation status goes pending on the head first, then the comment says so in its gate line', async () => {
    const { calls, statuses, record, github } = await shown('sent', {}, { docsStatus: 'written' });
    expect(calls).toEqual(['status pending', 'get 3', 'update 3']);
    expect(statuses).toEqual([{ sha: HEAD, state: 'pending' }]);
    expect(record.gateWritten).toBe('pending');
    expect(body(github)).toContain(renderGateLine(record.gate!));
  });

  it('shows the outcome with the preview building once the preview is asked for and still awaited', async () => {
    const building = preview(undefined);
    const { github, calls, record } = await shown('preview-asked', { preview: building });
    expect(calls).toEqual(['get 3', 'update 3']);
    expect(body(github).startsWith(renderPrComment(record.job, COMMENT_MARKER, undefined, NOW_ISO, undefined, building).replace(/\n$/, ''))).toBe(true);
    expect(body(github)).toContain('Building');
  });

  it('writes nothing at the preview’s ask when there is no preview or it has already ended', async () => {
    expect((await shown('preview-asked')).calls).toEqual([]);
    for (const status of ['success', 'failure', 'skipped'] as const) expect((await shown('preview-asked', { preview: preview(status) })).calls).toEqual([]);
  });

  it('shows the outcome so far once a new documentation PR was linked: the record names it, with what it keeps of reader impact', async () => {
    const impact: RunImpact = { view: undefined, rows: [], record: impactRecordOf({ number: 5, base: 'main', head: 'c'.repeat(40) }, []) };
    const following = {
      ...nothingFollowed(undefined),
      action: 'linked' as const,
      record: DOCS_PR,
      shown: { pull: DOCS_PR, state: 'linked' as const },
      acted: true,
    };
    const { github, calls } = await shown('docs-pr-linked', { job: job({ outcome: 'pr-opened' }), following, impact });
    expect(calls).toEqual(['get 3', 'update 3']);
    expect(recordIn(body(github), 7)).toEqual({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR, impact: impact.record });
    expect(body(github)).toContain(renderDocsPrSection('acme/docs#5', 'linked'));
  });

  it('its gate line is the status GitHub took, and none when the status was not written', async () => {
    const gate = gateStatus({ mode: 'written', waiveLabel: 'no-docs', working: true, outcome: 'running', runUrl: RUN_URL })!;
    expect(body((await shown('sent', { gate, gateWritten: 'pending' })).github)).toContain(renderGateLine(gate));
    expect(body((await shown('sent', { gate, gateWritten: undefined })).github)).not.toContain('**Documentation gate**');
  });

  it('writes nothing after a cancellation, nor without a comment', async () => {
    for (const stage of ['sent', 'docs-pr-linked', 'preview-asked'] as const) {
      const cancelled = await shown(stage, { preview: preview(undefined) }, { aborted: true, docsStatus: 'written' });
      expect(cancelled.calls, stage).toEqual([]);
      const without = await shown(stage, { preview: preview(undefined) }, { comment: false });
      expect(without.calls, stage).toEqual([]);
    }
  });
});

describe('viewOf: what a write of the comment shows of the record', () => {
  it('the job, its acceptance and the run’s timeout, what was sent, the preview, following, reader impact and whether the run finishes it', async () => {
    const { record, step } = await shown('preview-asked');
    const core = testCore(step, { settings: { timeoutMs: TIMEOUT_MS } });
    const impact: RunImpact = { view: undefined, rows: [], record: impactRecordOf({ number: 5, base: 'main', head: HEAD }, []) };
    const following = { ...nothingFollowed(DOCS_PR), action: 'linked' as const, acted: true };
    const diff: DiffStats = { files: 2, chars: 300, omitted: 0, excluded: 0 };
    Object.assign(record, { diff, preview: preview(undefined), following, impact, finishes: true });
    expect(viewOf(record, core)).toEqual({
      run: record.job,
      acceptedAt: record.acceptedAt,
      timeoutMs: TIMEOUT_MS,
      diff,
      preview: record.preview,
      docsPr: following,
      gate: undefined,
      impact: { view: undefined, record: impact.record },
      finished: true,
    });
    Object.assign(record, { acceptedAt: undefined });
    expect(viewOf(record, core)).not.toHaveProperty('acceptedAt');
  });

  it('its gate is the record’s only once GitHub took a status (or as the caller says)', async () => {
    const { record, step } = await shown('preview-asked');
    const core = testCore(step);
    const gate = gateStatus({ mode: 'written', waiveLabel: 'no-docs', outcome: 'no-pr', runUrl: RUN_URL })!;
    Object.assign(record, { gate, gateWritten: undefined });
    expect(viewOf(record, core).gate).toBeUndefined();
    expect(viewOf(record, core, true).gate).toBe(gate);
    Object.assign(record, { gateWritten: 'success' });
    expect(viewOf(record, core).gate).toBe(gate);
    expect(viewOf(record, core, false).gate).toBeUndefined();
  });

  it('without following, a decision that is no verified documentation PR is shown as it is, the record’s documentation PR kept', async () => {
    const recorded = await shown('preview-asked');
    const { record, step } = recorded;
    const core = testCore(step);
    expect(viewOf(record, core).docsPr).toBeUndefined();
    const pull = { repository: 'acme/docs', number: 8 };
    Object.assign(record, { documentationPr: { kind: 'unchecked', pull, headRef: 'docs/8', message: 'not checked' } });
    expect(viewOf(record, core).docsPr).toEqual({ ...nothingFollowed(record.comment!.earlier?.docsPr), shown: { pull, state: 'unchecked' } });
  });
});
