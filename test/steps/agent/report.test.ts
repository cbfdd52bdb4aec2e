/**
 * The agent step's report from its run record: the closing line and the failure of a closed code
 * PR's run (no job, only the documentation PR followed), and the comment's last write, which a
 * cancellation may interrupt.
 */
import { describe, expect, it } from 'vitest';
import { newRun } from '../../../src/agent/run-agent.js';
import type { DocsPrOutcome } from '../../../src/docs-pr/follow.js';
import type { PullRequestComment } from '../../../src/pr-comment/comment.js';
import type { AgentSettings } from '../../../src/settings.js';
import { agentReport } from '../../../src/steps/agent/report.js';
import type { AgentRunRecord } from '../../../src/steps/agent/run-record.js';
import type { StepContext } from '../../../src/steps/step.js';

const settings = { failOn: new Set(['failed']), failOnPreview: false, readerImpact: false } as unknown as AgentSettings;

function record(more: Partial<AgentRunRecord>): AgentRunRecord {
  return {
    pullRequest: undefined,
    comment: undefined,
    diff: undefined,
    job: newRun(undefined, '', 0, 'cancelled'),
    docsPr: undefined,
    preview: undefined,
    syncing: false,
    gate: undefined,
    impact: undefined,
    ...more,
  };
}

const contextWith = (controller: AbortController): StepContext => ({ client: { requestCount: 0 }, signal: controller.signal }) as unknown as StepContext;

describe('the agent step’s report', () => {
  it('a closed code PR’s run cancelled before the documentation PR was followed: no action, and no job was created', () => {
    const report = agentReport(record({ syncing: true }), settings, contextWith(new AbortController()), () => Promise.resolve());
    expect(report.closingLine).toBe('Outcome: cancelled · docs PR none');
    expect(report.failure).toBe('Cancelled while bringing the documentation PR in step; no job was created.');
  });

  it('a closed code PR’s run names what it did to the documentation PR', () => {
    const docsPr = { action: 'closed' } as unknown as DocsPrOutcome;
    const report = agentReport(record({ syncing: true, docsPr, job: newRun(undefined, '', 0, 'synced') }), settings, contextWith(new AbortController()), () =>
      Promise.resolve(),
    );
    expect(report.closingLine).toBe('Outcome: synced · docs PR closed');
    expect(report.outputs['docs-pr-action']).toBe('closed');
    expect(report.failure).toBeUndefined();
  });

  it('a cancellation while the comment’s last write was under way still stops the step; one before it, or without a comment, adds no line', async () => {
    const comment = {} as PullRequestComment;
    const during = new AbortController();
    const interrupted = agentReport(record({ comment, job: newRun('job_1', 'x', 0, 'pr-opened') }), settings, contextWith(during), () => {
      during.abort();
      return Promise.resolve();
    });
    expect(await interrupted.afterReport!()).toBe('Cancelled while writing the pull-request comment.');

    const before = new AbortController();
    before.abort();
    const stages: string[] = [];
    const cancelled = agentReport(record({ comment, job: newRun('job_1', 'x', 0, 'pr-opened') }), settings, contextWith(before), (stage) => {
      stages.push(stage);
      return Promise.resolve();
    });
    expect(await cancelled.afterReport!()).toBeUndefined();
    expect(stages).toEqual(['finished']);

    const uncommented = new AbortController();
    const withoutComment = agentReport(record({ job: newRun('job_1', 'x', 0, 'pr-opened') }), settings, contextWith(uncommented), () => {
      uncommented.abort();
      return Promise.resolve();
    });
    expect(await withoutComment.afterReport!()).toBeUndefined();
  });
});
