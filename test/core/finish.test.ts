/**
 * What a run says once it is cancelled after its job ended (`core/finish.ts`, `gateAndPublish`):
 * its outcome is `cancelled`, never the job's; a run that already says `error` or `cancelled`
 * keeps it; a preview cancelled while it was awaited leaves the job's outcome standing, since the
 * preview's own status says so. A run off a repository, so nothing is written: the outcome alone is
 * under test.
 */
import { describe, expect, it } from 'vitest';
import { newRun } from '../../src/agent/run-agent.js';
import type { Outcome } from '../../src/constants.js';
import { gateAndPublish } from '../../src/core/finish.js';
import { newRecord } from '../../src/core/record.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { testCore, testStep } from '../support/core.js';
import { previewRun } from '../support/preview-runs.js';
import { repositoryIdentity } from '../support/records.js';

/** The outcome a run of `outcome` says once its gate and publish phases ran, cancelled or not. */
async function outcomeAfter(outcome: Outcome, { cancelled, preview }: { cancelled: boolean; preview?: PreviewRun }): Promise<Outcome> {
  const step = testStep();
  const core = testCore(step);
  const record = newRecord({ pullRequest: undefined, repository: repositoryIdentity('acme/widgets'), job: newRun('job_1', 'x', 0, outcome) });
  record.preview = preview;
  if (cancelled) step.cancel();
  await gateAndPublish(record, core);
  return record.job.outcome;
}

describe('a run cancelled after its job ended', () => {
  it.each<Outcome>(['pr-opened', 'no-pr', 'running', 'submitted', 'timed-out'])('says cancelled, not the job’s %s', async (outcome) => {
    expect(await outcomeAfter(outcome, { cancelled: true })).toBe('cancelled');
    expect(await outcomeAfter(outcome, { cancelled: false })).toBe(outcome);
  });

  it('keeps error: a run that failed says why, cancelled or not', async () => {
    expect(await outcomeAfter('error', { cancelled: true })).toBe('error');
  });

  it('keeps the job’s outcome when the preview was the one cancelled, its own status saying so', async () => {
    expect(await outcomeAfter('pr-opened', { cancelled: true, preview: previewRun({ status: 'cancelled' }) })).toBe('pr-opened');
    expect(await outcomeAfter('pr-opened', { cancelled: true, preview: previewRun({ status: 'success' }) })).toBe('cancelled');
  });
});
