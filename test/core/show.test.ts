/**
 * The pull-request comment as a renderer, before the last writes: which stage writes what.
 * Working once the API accepted the job, the outcome so far once a new documentation PR was linked
 * (so the record names it before an earlier one is closed), the outcome with the preview building
 * only while the preview is still awaited; its gate line only the status GitHub took; nothing after
 * a cancellation or without a comment. (The run's last comment is the publish phase's.)
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../../src/agent/run-agent.js';
import type { PullRequestComment } from '../../../src/pr-comment/comment.js';
import type { PreviewRun } from '../../../src/preview/run-preview.js';
import type { StepContext } from '../../../src/steps/step.js';
import { pullRequestCommentRenderer } from '../../../src/steps/agent/pr-comment.js';
import type { AgentRunRecord, AgentStage, RunImpact } from '../../../src/steps/agent/run-record.js';
import type { DocsPrOutcome } from '../../../src/docs-pr/outcome.js';
import { gateStatus } from '../../../src/gate/policy.js';
import { previewRun } from '../../support/preview-runs.js';

type Write = ['working' | 'outcome', Record<string, unknown>];

function fakeComment(writes: Write[]): PullRequestComment {
  return {
    writeWorking: (view: Record<string, unknown>) => {
      writes.push(['working', view]);
      return Promise.resolve();
    },
    writeOutcome: (view: Record<string, unknown>) => {
      writes.push(['outcome', view]);
      return Promise.resolve();
    },
  } as unknown as PullRequestComment;
}

const job = (more: Partial<AgentRun> = {}): AgentRun => ({ ...newRun('job_1', 'x', 0, 'running'), delivery: 'accepted', ...more });
const preview = (status: PreviewRun['status']): PreviewRun => previewRun({ status, branch: 'docs/x' });

interface Rendered {
  readonly writes: Write[];
  readonly record: AgentRunRecord;
}

async function render(stage: AgentStage, more: Partial<AgentRunRecord> = {}, aborted = false): Promise<Rendered> {
  const writes: Write[] = [];
  const controller = new AbortController();
  if (aborted) controller.abort();
  const record: AgentRunRecord = {
    pullRequest: undefined,
    repository: undefined,
    comment: fakeComment(writes),
    shows: true,
    diff: undefined,
    job: job(),
    documentationPr: undefined,
    following: undefined,
    preview: undefined,
    syncing: false,
    finishes: false,
    approved: undefined,
    gate: undefined,
    gateWritten: undefined,
    gateRefused: false,
    impact: undefined,
    ...more,
  };
  await pullRequestCommentRenderer({ signal: controller.signal } as StepContext).render(stage, record);
  return { writes, record };
}

describe('the pull-request comment renderer', () => {
  it('says the job is working once the API accepted it, and not before', async () => {
    const { writes, record } = await render('sent');
    expect(writes).toEqual([['working', { run: record.job, diff: undefined, preview: undefined, docsPr: undefined, gate: undefined, impact: undefined }]]);
    for (const delivery of ['none', 'refused', 'sent'] as const) expect((await render('sent', { job: job({ delivery }) })).writes).toEqual([]);
  });

  it('shows the outcome with the preview building once the preview is asked for and still awaited', async () => {
    const building = preview(undefined);
    const { writes, record } = await render('preview-asked', { preview: building });
    expect(writes).toEqual([['outcome', { run: record.job, diff: undefined, preview: building, docsPr: undefined, gate: undefined, impact: undefined }]]);
  });

  it('writes nothing at the preview’s ask when there is no preview or it has already ended', async () => {
    expect((await render('preview-asked')).writes).toEqual([]);
    for (const status of ['success', 'failure', 'skipped'] as const) expect((await render('preview-asked', { preview: preview(status) })).writes).toEqual([]);
  });

  it('shows the outcome so far once a new documentation PR was linked: the record names it, with what it keeps of reader impact', async () => {
    const impact = { view: undefined, rows: [{ path: 'a.mdx' }], record: { pages: 1 } } as unknown as RunImpact;
    const following: DocsPrOutcome = { action: 'linked', record: undefined, shown: undefined, acted: true, changed: undefined };
    const { writes, record } = await render('docs-pr-linked', { job: job({ outcome: 'pr-opened' }), following, impact });
    expect(writes).toEqual([
      [
        'outcome',
        { run: record.job, diff: undefined, preview: undefined, docsPr: following, gate: undefined, impact: { view: undefined, record: impact.record } },
      ],
    ]);
  });

  it('its gate line is the status GitHub took, and none when the status was not written', async () => {
    const gate = gateStatus({
      mode: 'written',
      waiveLabel: 'no-docs',
      working: true,
      outcome: 'running',
      runUrl: 'https://github.com/acme/widgets/actions/runs/1',
    })!;
    expect((await render('sent', { gate, gateWritten: 'pending' })).writes[0]![1]).toMatchObject({ gate });
    expect((await render('sent', { gate, gateWritten: undefined })).writes[0]![1]).toMatchObject({ gate: undefined });
  });

  it('writes nothing after a cancellation, nor without a comment', async () => {
    for (const stage of ['sent', 'docs-pr-linked', 'preview-asked'] as const) {
      expect((await render(stage, { preview: preview(undefined) }, true)).writes).toEqual([]);
      await expect(render(stage, { comment: undefined, preview: preview(undefined) })).resolves.toMatchObject({ writes: [] });
    }
  });
});
