/**
 * A sync run's summary (`report/sync-report.ts`), as GitHub renders it: one table of what it found
 * and did — the outcome, the documentation PR and its code PR, where the documentation PR stands,
 * the `documentation` status, the code PR's comment — and, with the review loop, what became of
 * the review; then why it stopped. The pull requests' names, the reviewer, the job ID and the
 * reason come from outside: shown as written, the table whole.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { GateStatus } from '../../src/gate/policy.js';
import { renderSyncSummary, type RevisionView, type SyncView } from '../../src/report/sync-report.js';
import { renderedTables } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

const GATE: GateStatus = {
  state: 'pending',
  description: 'unused here',
  sentence: ['Waiting for ', { name: 'acme/docs#5' }, ' to be approved'],
  targetUrl: 'https://github.com/acme/widgets/actions/runs/1',
};

const sync = (more: Partial<SyncView> = {}): SyncView => ({
  outcome: 'synced',
  docsPr: 'acme/docs#5',
  codePr: 'acme/widgets#12',
  standing: 'open',
  state: 'linked',
  gate: GATE,
  held: false,
  written: 'pending',
  commentUpdated: true,
  reason: undefined,
  revision: undefined,
  ...more,
});

const job = (more: Partial<AgentRun> = {}): AgentRun => ({ ...newRun('job_7', 'Revise', 0, 'pr-opened'), delivery: 'accepted', ...more });

const revision = (more: Partial<RevisionView> = {}): RevisionView => ({
  reviewId: 901,
  reviewer: 'lead',
  notSent: undefined,
  jobId: 'job_7',
  sent: 2,
  max: 5,
  messageChars: 1_200,
  cutChars: 0,
  job: job(),
  replyId: 33,
  written: 'pending',
  alsoSent: [],
  ...more,
});

/** The summary's table, row by row, as [label, value]. */
const rowsOf = (markdown: string): string[][] => renderedTables(markdown)[0]!;

describe('the summary', () => {
  it('one table: the outcome first, then what it found and what it wrote', () => {
    const summary = renderSyncSummary(sync());
    expect(summary.startsWith('## Documentation PR sync\n\n| Outcome | **🔗 The code PR was brought in step** (`synced`) |\n| --- | --- |\n')).toBe(true);
    expect(rowsOf(summary)).toEqual([
      ['Outcome', '🔗 The code PR was brought in step (synced)'],
      ['Documentation PR', 'acme/docs#5'],
      ['Code PR', 'acme/widgets#12'],
      ['Documentation PR stands', 'open'],
      ['Status documentation', 'pending: Waiting for acme/docs#5 to be approved'],
      ['Code PR comment', 'updated'],
    ]);
    expectShownAsWritten(summary, ['acme/docs#5', 'acme/widgets#12']);
  });

  it.each([
    ['revised', '🔄 The review was sent to the documentation agent'],
    ['skipped', '⏭️ Nothing to bring in step'],
    ['error', '⚠️ Stopped by an error'],
    ['cancelled', '🛑 Cancelled'],
    ['dry-run', '🧪 Dry run: nothing changed'],
  ] as const)('%s: said in the first row', (outcome, said) => {
    expect(rowsOf(renderSyncSummary(sync({ outcome })))[0]).toEqual(['Outcome', `${said} (${outcome})`]);
  });

  it('what is not known is —; a status not written says so, one left to the job at work says why', () => {
    const bare = sync({ codePr: undefined, standing: undefined, gate: undefined, written: undefined, commentUpdated: false });
    expect(rowsOf(renderSyncSummary(bare)).slice(2)).toEqual([
      ['Code PR', '—'],
      ['Documentation PR stands', '—'],
      ['Status documentation', '—'],
      ['Code PR comment', 'not updated'],
    ]);
    expect(rowsOf(renderSyncSummary(sync({ written: undefined })))[4]).toEqual(['Status documentation', 'not written: Waiting for acme/docs#5 to be approved']);
    expect(rowsOf(renderSyncSummary(sync({ gate: undefined, held: true })))[4]).toEqual([
      'Status documentation',
      'left pending: the documentation job is at work on the code PR’s head',
    ]);
  });

  it('why it stopped, after the table, as code', () => {
    const reason = 'GitHub answered 403 for PATCH /repos/acme/widgets/issues/comments/5: @octocat lacks #12';
    const summary = renderSyncSummary(sync({ outcome: 'error', reason }));
    expect(summary.endsWith(`\n\n\`${reason}\`\n`)).toBe(true);
    expectShownAsWritten(summary, [reason]);
  });
});

describe('the review loop’s rows', () => {
  it('a review sent: who, yes, the job, the message, the follow-ups counted, how the job ended', () => {
    expect(rowsOf(renderSyncSummary(sync({ outcome: 'revised', revision: revision() }))).slice(6)).toEqual([
      ['Review', '901 by lead'],
      ['Sent to the agent', 'yes'],
      ['Job', 'job_7'],
      ['Message', '1200 characters'],
      ['Follow-ups', '2 of 5 (review-loop-max)'],
      ['Job outcome', 'pr-opened'],
    ]);
  });

  it('reviews a dropped run left, sent with the event’s: by their IDs, oldest first, after whether the event’s was sent', () => {
    const rows = rowsOf(renderSyncSummary(sync({ outcome: 'revised', revision: revision({ alsoSent: [899, 900] }) })));
    expect(rows.slice(8, 10)).toEqual([
      ['Also sent', '899, 900 (submitted since the last review sent)'],
      ['Job', 'job_7'],
    ]);
  });

  it('a review cut to fit: by how much', () => {
    expect(rowsOf(renderSyncSummary(sync({ revision: revision({ cutChars: 345 }) })))[9]).toEqual(['Message', '1200 characters, the review cut by 345']);
  });

  it('a review not sent: no, and why; no job, no message, no outcome', () => {
    const summary = renderSyncSummary(
      sync({ outcome: 'skipped', revision: revision({ notSent: 'no-write-access', jobId: undefined, job: undefined, messageChars: 0, reviewer: '' }) }),
    );
    expect(rowsOf(summary).slice(6)).toEqual([
      ['Review', '901'],
      ['Sent to the agent', 'no (no-write-access)'],
      ['Follow-ups', '2 of 5 (review-loop-max)'],
    ]);
  });

  it('a message the API did not take: not sent, and no outcome of a job that never had it', () => {
    const summary = renderSyncSummary(sync({ outcome: 'error', revision: revision({ job: job({ delivery: 'refused', outcome: 'error' }) }) }));
    const rows = rowsOf(summary).slice(6);
    expect(rows).toContainEqual(['Sent to the agent', 'no']);
    expect(rows.map(([label]) => label)).not.toContain('Job outcome');
  });

  it.each(OUTSIDE_CASES)('pull requests, a reviewer, a job ID, a gate name and a reason %j: shown as written, the table whole', (_short, text) => {
    const gate: GateStatus = { ...GATE, sentence: ['Waiting for ', { name: text }] };
    const summary = renderSyncSummary(sync({ docsPr: text, codePr: text, gate, reason: text, revision: revision({ reviewer: text, jobId: text }) }));
    expectShownAsWritten(summary, [text]);
    expect(readText(summary)).toContain('Sent to the agent yes');
  });
});
