/**
 * Whether a step fails, and the one line that says why: decided in one place (`steps/verdict.ts`,
 * the only reader of `fail-on`), worded by `report/failure.ts`.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { Outcome } from '../../src/constants.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { failureLine } from '../../src/report/failure.js';
import { verdictOf } from '../../src/steps/verdict.js';
import { previewRun } from '../support/preview-runs.js';

const run = (outcome: Outcome, more: Partial<AgentRun> = {}): AgentRun => ({ ...newRun('job_1', 'x', 0, outcome), ...more });
const preview = (status: PreviewRun['status']): PreviewRun => previewRun({ status, branch: 'docs/x', url: 'https://x.mintlify.site', statusId: 'st_1' });
const settings = (failOn: Outcome[] = ['failed', 'timed-out'], failOnPreview = false) => ({ failOn: new Set(failOn), failOnPreview });

describe('the verdict', () => {
  it('an error and a cancellation always fail the step; other outcomes when fail-on lists them', () => {
    expect(failureLine(verdictOf(run('error', { error: new Error('The API said no.') }), undefined, settings([])))).toBe('The API said no.');
    expect(failureLine(verdictOf(run('cancelled'), undefined, settings([])))).toMatch(/^Cancelled\. Job job_1 goes on running on the server/);
    expect(failureLine(verdictOf(run('failed'), undefined, settings()))).toMatch(/^Outcome "failed" is listed in fail-on \(failed,timed-out\)/);
    expect(verdictOf(run('failed'), undefined, settings(['timed-out']))).toEqual([]);
    expect(verdictOf(run('pr-opened'), undefined, settings())).toEqual([]);
  });

  it('a closed code PR’s run cancelled while following says that no job was created', () => {
    expect(failureLine(verdictOf(run('cancelled'), undefined, settings(), true))).toBe(
      'Cancelled while bringing the documentation PR in step; no job was created.',
    );
  });

  it('fails the step with preview-failed for failure, timed-out and error only; a cancelled preview always', () => {
    for (const status of ['failure', 'timed-out', 'error'] as const) {
      expect(failureLine(verdictOf(run('pr-opened'), preview(status), settings([], true)))).toMatch(new RegExp(`^Preview status "${status}" fails the step`));
      expect(verdictOf(run('pr-opened'), preview(status), settings([], false))).toEqual([]);
    }
    for (const status of ['success', 'unavailable', 'skipped'] as const) expect(verdictOf(run('pr-opened'), preview(status), settings([], true))).toEqual([]);
    expect(failureLine(verdictOf(run('pr-opened'), preview('cancelled'), settings([], false)))).toMatch(/^Cancelled while waiting for the preview/);
  });

  it('says the job’s failure first, then the preview’s, each its own sentence', () => {
    const line = failureLine(verdictOf(run('cancelled'), preview('cancelled'), settings()))!;
    expect(line).toMatch(
      /^Cancelled\. Job job_1 goes on running .*\. Cancelled while waiting for the preview of branch "docs\/x"; its deployment goes on on the platform at https:\/\/x\.mintlify\.site\.$/,
    );
  });
});
