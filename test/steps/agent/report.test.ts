/**
 * The agent step's report from its run record, once the last writes are done: the closing line
 * and the failure of a closed code PR's run (no job, only the documentation PR followed), the
 * outputs that come from the record alone (`docs-status-state`: the last status GitHub took), and
 * the summary's documentation PR line, the same as the comment's.
 */
import { describe, expect, it } from 'vitest';
import { newRun } from '../../../src/agent/run-agent.js';
import type { RunDocsPr } from '../../../src/docs-pr/decide.js';
import { nothingFollowed, type Following } from '../../../src/core/follow.js';
import { newRecord, type RunRecord } from '../../../src/core/record.js';
import type { AgentSettings } from '../../../src/settings.js';
import { agentReport } from '../../../src/steps/agent/report.js';
import type { StepContext } from '../../../src/steps/step.js';

const settings = { failOn: new Set(['failed']), failOnPreview: false, readerImpact: false } as unknown as AgentSettings;

function record(more: Partial<RunRecord>): RunRecord {
  return { ...newRecord({ pullRequest: undefined, repository: undefined, job: newRun(undefined, '', 0, 'cancelled') }), ...more };
}

const context = { client: { requestCount: 0 }, signal: new AbortController().signal } as unknown as StepContext;

describe('the agent step’s report', () => {
  it('a closed code PR’s run cancelled before the documentation PR was followed: no action, and no job was created', () => {
    const report = agentReport(record({ syncing: true }), settings, context);
    expect(report.closingLine).toBe('Outcome: cancelled · docs PR none');
    expect(report.failure).toBe('Cancelled while bringing the documentation PR in step; no job was created.');
  });

  it('a closed code PR’s run names what it did to the documentation PR', () => {
    const following: Following = { ...nothingFollowed(undefined), action: 'closed' };
    const report = agentReport(record({ syncing: true, following, job: newRun(undefined, '', 0, 'synced') }), settings, context);
    expect(report.closingLine).toBe('Outcome: synced · docs PR closed');
    expect(report.outputs['docs-pr-action']).toBe('closed');
    expect(report.failure).toBeUndefined();
  });

  it('docs-status-state is the last status GitHub took, from the record; none written, none set', () => {
    const job = newRun('job_1', 'x', 0, 'pr-opened');
    expect(agentReport(record({ job, gateWritten: 'success' }), settings, context).outputs['docs-status-state']).toBe('success');
    expect(agentReport(record({ job, gateWritten: 'pending' }), settings, context).outputs['docs-status-state']).toBe('pending');
    expect(agentReport(record({ job }), settings, context).outputs).not.toHaveProperty('docs-status-state');
  });

  it('the summary shows a link that is no documentation PR as what it is, as the comment does; a verified one the follower shows', () => {
    const job = newRun('job_1', 'x', 0, 'pr-opened');
    const refused: RunDocsPr = { kind: 'refused', why: 'not-found', pull: { repository: 'acme/docs', number: 5 }, message: '' };
    expect(agentReport(record({ job, documentationPr: refused }), settings, context).summary).toContain(
      '**Documentation PR** `acme/docs#5`: not found: deleted, or the token cannot see its repository; not taken as the documentation PR.',
    );
    const following: Following = {
      ...nothingFollowed(undefined),
      action: 'linked',
      shown: { pull: { repository: 'acme/docs', number: 6 }, state: 'linked' },
      acted: true,
    };
    const summary = agentReport(record({ job, documentationPr: refused, following }), settings, context).summary;
    expect(summary).toContain('**Documentation PR** `acme/docs#6`: open, linked to this pull request');
    expect(summary).not.toContain('acme/docs#5');
    expect(agentReport(record({ job, documentationPr: { kind: 'none' } }), settings, context).summary).not.toContain('**Documentation PR**');
  });
});
