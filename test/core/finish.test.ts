/**
 * What a run says once it is cancelled after its job ended (`core/finish.ts`, `gateAndPublish`):
 * its outcome is `cancelled`, never the job's; a run that already says `error` or `cancelled`
 * keeps it; a preview cancelled while it was awaited leaves the job's outcome standing, since the
 * preview's own status says so. A run off a repository, so nothing is written: the outcome alone is
 * under test; and off a pull request, whatever docs-status says, no gate is judged.
 */
import { describe, expect, it } from 'vitest';
import { newRun } from '../../src/agent/run-agent.js';
import type { Outcome } from '../../src/constants.js';
import { gateAndPublish } from '../../src/core/finish.js';
import type { CoreSettings } from '../../src/core/context.js';
import { newRecord, type RunRecord } from '../../src/core/record.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { testCore, testStep } from '../support/core.js';
import { previewRun } from '../support/preview-runs.js';
import { repositoryIdentity } from '../support/records.js';

/** The record of a run of `outcome` off a pull request once its gate and publish phases ran, cancelled or not. */
async function recordAfter(
  outcome: Outcome,
  { cancelled, preview, docsStatus }: { cancelled: boolean; preview?: PreviewRun; docsStatus?: CoreSettings['docsStatus'] },
): Promise<RunRecord> {
  const step = testStep();
  const core = testCore(step, { settings: { docsStatus: docsStatus ?? 'off' } });
  const record = newRecord({ pullRequest: undefined, repository: repositoryIdentity('acme/widgets'), job: newRun('job_1', 'x', 0, outcome) });
  record.preview = preview;
  if (cancelled) step.cancel();
  await gateAndPublish(record, core);
  return record;
}

/** The outcome a run of `outcome` says once its gate and publish phases ran, cancelled or not. */
async function outcomeAfter(outcome: Outcome, options: { cancelled: boolean; preview?: PreviewRun }): Promise<Outcome> {
  return (await recordAfter(outcome, options)).job.outcome;
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

describe('a run off a pull request (a push, a dispatch)', () => {
  it.each(['written', 'approved'] as const)('judges no documentation gate with docs-status: %s: no status is its to leave', async (docsStatus) => {
    for (const outcome of ['pr-opened', 'no-pr', 'failed'] as const) {
      const record = await recordAfter(outcome, { cancelled: false, docsStatus });
      expect(record.gate, outcome).toBeUndefined();
    }
  });
});
