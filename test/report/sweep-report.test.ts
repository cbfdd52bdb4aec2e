/**
 * What a sweep reports (`report/sweep-report.ts`): its summary, as GitHub renders it — how it
 * ended, one row per pull request it looked at (the pull request linked, its job, status, outcome,
 * documentation PR and `documentation` status), what is left for the next sweep, the requests, the
 * failure — and its closing log line. Job IDs, statuses, links and the failure come from outside:
 * shown as written, only an http(s) link linked.
 */
import { describe, expect, it } from 'vitest';
import { SWEEP_OUTCOMES } from '../../src/constants.js';
import { renderSweepSummary, sweepLogLine, type SweptPullRequest } from '../../src/report/sweep-report.js';
import { isHttpUrl, renderedTables } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

const pullUrl = (number: number): string => `https://github.com/acme/widgets/pull/${number}`;
const DOCS_PR = 'https://github.com/acme/docs/pull/9';
const swept = (pullRequest: number, more: Partial<SweptPullRequest> = {}): SweptPullRequest => ({
  pullRequest,
  jobId: `job_${pullRequest}`,
  status: 'completed',
  outcome: 'pr-opened',
  prLink: DOCS_PR,
  docsStatusState: 'success',
  ...more,
});
const options = (more: Partial<Parameters<typeof renderSweepSummary>[2]> = {}) => ({ requests: 4, left: 0, failure: undefined, pullUrl, ...more });

describe('the summary', () => {
  it('a row per pull request looked at: linked, its job, status, outcome, documentation PR and status written', () => {
    const rows = [
      swept(12),
      swept(15, { status: '', outcome: 'still-working', prLink: '', docsStatusState: '' }),
      swept(18, { outcome: 'skipped', status: 'active' }),
    ];
    const summary = renderSweepSummary('swept', rows, options());
    expect(summary.split('\n').slice(0, 3)).toEqual(['## Documentation sweep', '', '**🧹 Swept** (`swept`)']);
    expect(renderedTables(summary)).toEqual([
      [
        ['Pull request', 'Job', 'Status', 'Outcome', 'Documentation PR', 'documentation'],
        ['#12', 'job_12', 'completed', 'pr-opened', DOCS_PR, 'success'],
        ['#15', 'job_15', '—', 'still-working', '—', '—'],
        ['#18', 'job_18', 'active', 'skipped', DOCS_PR, 'success'],
      ],
    ]);
    expectShownAsWritten(summary, ['job_12', 'job_15'], { links: [pullUrl(12), pullUrl(15), pullUrl(18), DOCS_PR] });
    expect(summary.endsWith('\n\n4 API requests.\n')).toBe(true);
  });

  it.each([
    ['swept', '🧹 Swept'],
    ['dry-run', '🧪 Dry run: nothing read from the API, nothing written'],
    ['cancelled', '🛑 Cancelled: what was finished stays finished; the rest waits for the next sweep'],
    ['error', '⚠️ Stopped by an error: what was finished stays finished; the rest waits for the next sweep'],
  ] as const)('%s: said first', (outcome, said) => {
    expect(readText(renderSweepSummary(outcome, [], options()))).toBe(
      `Documentation sweep ${said} (${outcome}) No job was left working: nothing to finish. 4 API requests.`,
    );
  });

  it('says every outcome in words of its own', () => {
    expect(new Set(SWEEP_OUTCOMES.map((outcome) => renderSweepSummary(outcome, [], options()))).size).toBe(SWEEP_OUTCOMES.length);
  });

  it('what is left for the next sweep, and the failure as code', () => {
    const failure = 'GET /v2/agent/{projectId}/job/{id} answered 401: @octocat your key #12 expired';
    const summary = renderSweepSummary('error', [swept(1)], options({ left: 3, requests: 1, failure }));
    expect(readText(summary)).toContain('3 more jobs left working wait for the next sweep (a sweep reads the oldest 50). 1 API request.');
    expect(readText(renderSweepSummary('swept', [], options({ left: 1 })))).toContain('1 more job left working wait');
    expectShownAsWritten(summary, [failure], { links: [pullUrl(1), DOCS_PR] });
    expect(summary.endsWith(`\`${failure}\`\n`)).toBe(true);
  });

  it.each(OUTSIDE_CASES)('a job ID, a status, a link and a failure %j: shown as written, the table whole', (_short, text) => {
    const rows = [swept(7, { jobId: text, status: text, prLink: text })];
    const summary = renderSweepSummary('error', rows, options({ failure: text }));
    expectShownAsWritten(summary, [text], { links: [pullUrl(7), ...(isHttpUrl(text) && text.length <= 8_192 ? [text] : [])] });
  });
});

describe('the closing log line', () => {
  it('the outcome, the pull requests finished, and the jobs still working', () => {
    const rows = [
      swept(1),
      swept(2, { outcome: 'failed' }),
      swept(3, { outcome: 'timed-out' }),
      swept(4, { outcome: 'still-working' }),
      swept(5, { outcome: 'still-working' }),
      swept(6, { outcome: 'skipped' }),
      swept(7, { outcome: 'dry-run' }),
      swept(8, { outcome: 'cancelled' }),
    ];
    expect(sweepLogLine('swept', rows)).toBe('Outcome: swept · 3 pull requests finished · 2 jobs still working');
    expect(sweepLogLine('cancelled', [swept(1, { outcome: 'still-working' })])).toBe('Outcome: cancelled · 0 pull requests finished · 1 job still working');
    expect(sweepLogLine('dry-run', [])).toBe('Outcome: dry-run · 0 pull requests finished · 0 jobs still working');
  });
});
