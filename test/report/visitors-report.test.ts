/**
 * What a visitors export reports (`report/visitors-report.ts`): its outputs, and its summary as
 * GitHub renders it — the range, the totals (human, AI, the deduplicated total, the AI share),
 * with `compare-previous` the previous period and the change, the busiest pages, where every row
 * is, and what stopped it — never past GitHub's step-summary limit. Page paths, error messages
 * and the artifact service's reasons come from outside: shown as written, tables whole.
 */
import { describe, expect, it } from 'vitest';
import { previousRange } from '../../src/analytics/range.js';
import { byteLength, SUMMARY_LIMIT_BYTES } from '../../src/report/markdown.js';
import { renderVisitorsSummary, visitorsOutputs } from '../../src/report/visitors-report.js';
import type { ExportRow } from '../../src/visitors/files.js';
import type { VisitorsRun } from '../../src/visitors/run-visitors.js';
import { renderedTables } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';
import { visitorsRun } from '../support/visitors-runs.js';

const CSV = '/runner/temp/visitors/visitors.csv';
const JSON_PATH = '/runner/temp/visitors/visitors.json';
const TOP: ExportRow[] = [
  { path: '/api/auth', human: 9_000, ai: 3_000, total: 11_500 },
  { path: '/quickstart', human: 10, ai: 0, total: 10 },
  { path: '/empty', human: 0, ai: 0, total: 0 },
];

/** An export of 1,234 pages that wrote both files and uploaded them. */
const exported = (more: Partial<VisitorsRun> = {}): VisitorsRun =>
  visitorsRun({ totals: { human: 20_000, ai: 5_000, total: 24_000 }, rows: 1_234, top: TOP, csvPath: CSV, jsonPath: JSON_PATH, artifact: { id: 42 }, ...more });

/** The same with the previous period: each page’s counts there, or null for a new page. */
function compared(rows: ExportRow[], previousTotals = { human: 10_000, ai: 5_000, total: 16_000 }): VisitorsRun {
  const run = exported({ top: rows, previousTotals });
  return { ...run, previous: previousRange(run.range) };
}

describe('the outputs', () => {
  it('the totals as the API gave them, the rows, both files, the artifact and the requests', () => {
    expect(visitorsOutputs(exported(), 7)).toEqual({
      outcome: 'exported',
      'visitors-total': '24000',
      'visitors-human': '20000',
      'visitors-ai': '5000',
      'visitors-rows': '1234',
      'visitors-csv': CSV,
      'visitors-json': JSON_PATH,
      'artifact-id': '42',
      requests: '7',
    });
  });

  it('what is not there is empty: no totals, no files, no artifact', () => {
    const outputs = visitorsOutputs(visitorsRun({ cancelled: true }), 2);
    expect(outputs).toMatchObject({ outcome: 'cancelled', 'visitors-rows': '0', requests: '2' });
    for (const name of ['visitors-total', 'visitors-human', 'visitors-ai', 'visitors-csv', 'visitors-json', 'artifact-id'] as const)
      expect(outputs[name]).toBe('');
    expect(visitorsOutputs(exported({ artifact: { failed: 'the service answered 503' } }), 1)['artifact-id']).toBe('');
    expect(visitorsOutputs(exported({ artifact: { id: 0 } }), 1)['artifact-id']).toBe('0');
  });
});

describe('the summary', () => {
  it('the range, the totals with the AI share, the busiest pages, where every row is, the requests', () => {
    const summary = renderVisitorsSummary(exported(), 5, 'visitor-analytics');
    expect(summary.split('\n').slice(0, 3)).toEqual(['## Visitor analytics', '', '**7 days: 2026-11-14 to 2026-11-20**']);
    expect(renderedTables(summary)).toEqual([
      [
        ['', 'Human', 'AI', 'Total (deduplicated)', 'AI share'],
        ['Unique visitors', '20,000', '5,000', '24,000', '20.8%'],
      ],
      [
        ['Page', 'Human', 'AI', 'Total', 'AI share'],
        ['/api/auth', '9,000', '3,000', '11,500', '26.1%'],
        ['/quickstart', '10', '0', '10', '0.0%'],
        ['/empty', '0', '0', '0', '—'],
      ],
    ]);
    const text = readText(summary);
    expect(text).toContain('Total counts each visitor once, so it can be less than human + AI.');
    expect(text).toContain('Top 3 pages by total');
    expect(text).toContain(`Every row (1,234 pages) is in ${CSV} and ${JSON_PATH}, and in the workflow artifact visitor-analytics. 5 API requests`);
    expectShownAsWritten(summary, ['/api/auth', CSV, JSON_PATH, 'visitor-analytics']);
  });

  it('with the previous period: its range and totals, the change in each, and each page’s change (new ones so marked)', () => {
    const rows: ExportRow[] = [
      { path: '/grew', human: 30, ai: 10, total: 40, previous: { human: 20, ai: 0, total: 20 } },
      { path: '/shrank', human: 5, ai: 0, total: 5, previous: { human: 10, ai: 0, total: 10 } },
      { path: '/same', human: 3, ai: 0, total: 3, previous: { human: 3, ai: 0, total: 3 } },
      { path: '/from-none', human: 2, ai: 0, total: 2, previous: { human: 0, ai: 0, total: 0 } },
      { path: '/new', human: 1, ai: 0, total: 1, previous: null },
    ];
    const summary = renderVisitorsSummary(compared(rows), 5, 'visitor-analytics');
    expect(readText(summary)).toContain('Compared with the previous period, 7 days: 2026-11-07 to 2026-11-13.');
    const [totals, top] = renderedTables(summary);
    expect(totals).toEqual([
      ['', 'Human', 'AI', 'Total (deduplicated)', 'AI share'],
      ['Unique visitors', '20,000', '5,000', '24,000', '20.8%'],
      ['Previous period', '10,000', '5,000', '16,000', '31.3%'],
      ['Change', '+10,000', '0', '+8,000 (+50.0%)', ''],
    ]);
    expect(top!.map((row) => [row[0], row.at(-1)])).toEqual([
      ['Page', 'Change'],
      ['/grew', '+20 (+100.0%)'],
      ['/shrank', '-5 (-50.0%)'],
      ['/same', '0 (0.0%)'],
      ['/from-none', '+2'],
      ['/new', '🆕 new'],
    ]);
  });

  it('a dry run: the range and that nothing was sent, and nothing else', () => {
    expect(renderVisitorsSummary(visitorsRun({ dryRun: true }), 0, 'visitor-analytics')).toBe(
      '## Visitor analytics\n\n**7 days: 2026-11-14 to 2026-11-20**\n\nDry run: nothing was sent to the API.\n',
    );
  });

  it('no files: says so; no totals and no pages: no tables', () => {
    const summary = renderVisitorsSummary(visitorsRun({ error: new Error('GET /v1/analytics/{projectId}/visitors answered 401: @octocat #12 <b>') }), 1, 'x');
    expect(renderedTables(summary)).toEqual([]);
    expect(readText(summary)).toContain(
      'No files were written. 1 API request Stopped by an error: GET /v1/analytics/{projectId}/visitors answered 401: @octocat #12 <b>',
    );
    expectShownAsWritten(summary, ['GET /v1/analytics/{projectId}/visitors answered 401: @octocat #12 <b>']);
  });

  it.each<[string, VisitorsRun['artifact'], string]>([
    ['not asked for', undefined, `Every row (1,234 pages) is in ${CSV} and ${JSON_PATH}.`],
    [
      'skipped',
      { skipped: 'no artifact service here (a local run)' },
      `Every row (1,234 pages) is in ${CSV} and ${JSON_PATH}. Not uploaded as an artifact: no artifact service here (a local run).`,
    ],
    [
      'failed',
      { failed: 'the service answered 503' },
      `Every row (1,234 pages) is in ${CSV} and ${JSON_PATH}. Not uploaded as an artifact: the upload failed (the service answered 503).`,
    ],
    [
      'unfinished',
      { unfinished: 'the step’s timeout ran out' },
      `Every row (1,234 pages) is in ${CSV} and ${JSON_PATH}. Not uploaded as an artifact: the upload did not finish (the step’s timeout ran out).`,
    ],
  ])('the artifact %s: where every row is, and why it is not in an artifact', (_what, artifact, said) => {
    expect(readText(renderVisitorsSummary(exported({ artifact }), 3, 'visitor-analytics'))).toContain(said);
  });

  it('repeated paths, a read that stopped advancing, a cancellation: each said', () => {
    const warning =
      'The API stopped advancing on GET /v1/analytics/{projectId}/visitors: the page at offset 100 said more remain but brought no row not already seen. Paging stopped there; going on with the 100 rows read.';
    const summary = renderVisitorsSummary(
      exported({ duplicates: 2, notAdvancing: [warning], cancelled: true, artifact: { unfinished: 'cancelled' } }),
      6,
      'visitor-analytics',
    );
    const text = readText(summary);
    expect(text).toContain('6 API requests · 2 repeated paths dropped');
    expect(text).toContain(`⚠️ ${warning}`);
    expect(text).toContain('Cancelled during the artifact upload: both files are complete and stay where they are; the upload did not finish.');
  });

  it('never past GitHub’s limit: the busiest pages are halved until the summary fits, and the heading says how many', () => {
    // 6,500 rows of about 190 bytes each (a path of 119 characters, shown whole, and counts in the billions): 1.2 MB, more than fits.
    const many: ExportRow[] = Array.from({ length: 6_500 }, (_, i) => {
      const count = 1_000_000_000 + i;
      return { path: `/${String(i).padStart(6, '0')}/${'p'.repeat(111)}`, human: count, ai: count, total: count };
    });
    const summary = renderVisitorsSummary(exported({ top: many }), 1, 'visitor-analytics');
    expect(byteLength(summary)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    expect(/### Top (\d+) pages by total/.exec(summary)![1]).toBe('3250');
    // The busiest first, as given, up to the cut; and everything after the table still said.
    expect(summary.includes(`| \`${many[3_249]!.path}\` |`)).toBe(true);
    expect(summary.includes(`| \`${many[3_250]!.path}\` |`)).toBe(false);
    expect(summary.endsWith('\n\n1 API request\n')).toBe(true);
  });

  it.each(OUTSIDE_CASES)('a page path, an error, an artifact’s reason and the files’ folder %j: shown as written, tables whole', (_short, text) => {
    const rows: ExportRow[] = [
      { path: text, human: 1, ai: 1, total: 1, previous: null },
      { path: `/b${text}`, human: 1, ai: 0, total: 1, previous: { human: 1, ai: 0, total: 1 } },
    ];
    const run = { ...compared(rows), csvPath: `${text}/visitors.csv`, jsonPath: `${text}/visitors.json`, error: new Error(text), artifact: { failed: text } };
    expectShownAsWritten(renderVisitorsSummary(run, 3, text), [text, `/b${text}`]);
  });
});
