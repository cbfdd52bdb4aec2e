/**
 * The step's failure line as the author reads it in the log: each failure its own sentence, in
 * the verdict's order, naming the job, what the API said, and what to do next.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { AgentJob } from '../../src/api/schemas.js';
import type { Outcome } from '../../src/constants.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { failOnLine, failureLine } from '../../src/report/failure.js';
import { previewRun } from '../support/preview-runs.js';

const run = (outcome: Outcome, more: Partial<AgentRun> = {}): AgentRun => ({ ...newRun('job_1', 'x', 0, outcome), ...more });
const job = (more: Record<string, unknown> = {}): AgentJob => ({ id: 'job_1', status: 'failed', ...more });
const preview = (more: Partial<PreviewRun> = {}): PreviewRun =>
  previewRun({ status: 'failure', branch: 'docs/x', url: 'https://x.mintlify.site', statusId: 'st_1', ...more });
const failOn = (...outcomes: Outcome[]): ReadonlySet<Outcome> => new Set(outcomes);
const NEXT_STEP = "to the documentation platform's support; to try again, run the step again for a new job.";

describe('failureLine', () => {
  it('is undefined when nothing fails the step', () => {
    expect(failureLine([])).toBeUndefined();
  });

  it('gives the error’s own message, or says the API failed when the error has none', () => {
    expect(failureLine([{ kind: 'error', run: run('error', { error: new Error('The API said no.') }) }])).toBe('The API said no.');
    expect(failureLine([{ kind: 'error', run: run('error') }])).toBe('The API failed.');
  });

  it('says why a failed preview fails the step, with its reason when it has one', () => {
    expect(failureLine([{ kind: 'preview-failed', preview: preview() }])).toBe('Preview status "failure" fails the step (fail-on lists preview-failed).');
    expect(failureLine([{ kind: 'preview-failed', preview: preview({ status: 'timed-out', reason: 'Build\nbroke ::error::x' }) }])).toBe(
      'Preview status "timed-out" fails the step (fail-on lists preview-failed): Build broke ::error::x',
    );
  });

  it('joins the sentences in the verdict’s order', () => {
    expect(failureLine([{ kind: 'cancelled-while-syncing' }, { kind: 'preview-cancelled', preview: preview({ branch: undefined, url: undefined }) }])).toBe(
      'Cancelled while bringing the documentation PR in step; no job was created. Cancelled while waiting for the preview; its deployment goes on on the platform.',
    );
  });
});

describe('failOnLine', () => {
  it('a timed-out job: its last status, the wait, and how to attach to it', () => {
    expect(failOnLine(run('timed-out', { job: job({ status: 'active' }), waitedMs: 600_000 }), failOn('failed', 'timed-out'))).toBe(
      'Outcome "timed-out" is listed in fail-on (failed,timed-out): job job_1 was still active after waiting 10m. It goes on running on the server; attach to it in a later run or step with job-id: job_1 (and no prompt), or raise timeout.',
    );
  });

  it('a timed-out run with no job yet: still running, and the job-id output to attach with', () => {
    expect(failOnLine(run('timed-out', { jobId: undefined, waitedMs: 90_000 }), failOn('timed-out'))).toBe(
      'Outcome "timed-out" is listed in fail-on (timed-out): the job was still running after waiting 1m30s. It goes on running on the server; attach to it in a later run or step with job-id: <the job-id output> (and no prompt), or raise timeout.',
    );
  });

  it('a failed job without a reason says so, and names the job to report', () => {
    expect(failOnLine(run('failed', { job: job() }), failOn('failed'))).toBe(
      `Outcome "failed" is listed in fail-on (failed): the API reports job job_1 as failed and gives no reason. To ask why, report the job ID job_1 ${NEXT_STEP}`,
    );
    expect(failOnLine(run('failed', { jobId: undefined }), failOn('failed'))).toBe(
      `Outcome "failed" is listed in fail-on (failed): the API reports the job as failed and gives no reason. To ask why, report the job ID ${NEXT_STEP}`,
    );
  });

  it('an archived job says when it was archived; a failed one never does', () => {
    const archivedAt = '2026-11-20T10:00:00Z';
    expect(failOnLine(run('archived', { job: job({ status: 'archived', archivedAt }) }), failOn('archived'))).toBe(
      `Outcome "archived" is listed in fail-on (archived): the API reports job job_1 as archived at ${archivedAt} and gives no reason. To ask why, report the job ID job_1 ${NEXT_STEP}`,
    );
    expect(failOnLine(run('failed', { job: job({ archivedAt }) }), failOn('failed'))).toBe(
      `Outcome "failed" is listed in fail-on (failed): the API reports job job_1 as failed and gives no reason. To ask why, report the job ID job_1 ${NEXT_STEP}`,
    );
  });

  it('gives the reason the job object carries, from any of the fields an API might use', () => {
    for (const key of ['error', 'message', 'reason', 'failureReason']) {
      expect(failOnLine(run('failed', { job: job({ [key]: `Out of\ncredits (${key})` }) }), failOn('failed'))).toBe(
        `Outcome "failed" is listed in fail-on (failed): the API reports job job_1 as failed, saying: Out of credits (${key}). To ask why, report the job ID job_1 ${NEXT_STEP}`,
      );
    }
  });

  it('passes over a blank or non-text field for the next one that says something', () => {
    const line = failOnLine(run('failed', { job: job({ error: ' \n ', message: 42, reason: 'Repository not found' }) }), failOn('failed'));
    expect(line).toContain(', saying: Repository not found. To ask why');
    expect(failOnLine(run('failed', { job: job({ error: '  ' }) }), failOn('failed'))).toContain('as failed and gives no reason.');
  });

  it('a job that opened no pull request, and an outcome with nothing more to say', () => {
    expect(failOnLine(run('no-pr'), failOn('no-pr'))).toBe(
      'Outcome "no-pr" is listed in fail-on (no-pr): job job_1 completed without a pull request (nothing needed changing, or the agent committed directly to the deploy branch).',
    );
    expect(failOnLine(run('pr-opened'), failOn('pr-opened', 'failed'))).toBe('Outcome "pr-opened" is listed in fail-on (pr-opened,failed).');
  });
});
