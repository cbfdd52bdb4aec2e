import type { VisitorCounts } from '../api/schemas.js';
import { Outputs, type OutputName } from '../constants.js';
import { changeOf } from '../analytics/change.js';
import type { ExportRow } from '../visitors/files.js';
import { describeRange } from '../analytics/range.js';
import { visitorsOutcome, type VisitorsRun } from '../visitors/run-visitors.js';
import { countOf, formatCount, formatPercent } from '../text.js';
import { cancelledExportNote } from './cancellation.js';
import { byteLength, codeSpan, escapeText, MAX_MESSAGE_CHARS, SUMMARY_LIMIT_BYTES } from './markdown.js';

export function visitorsOutputs(run: VisitorsRun, requests: number): Partial<Record<OutputName, string>> {
  return {
    [Outputs.Outcome]: visitorsOutcome(run),
    [Outputs.VisitorsTotal]: run.totals ? String(run.totals.total) : '',
    [Outputs.VisitorsHuman]: run.totals ? String(run.totals.human) : '',
    [Outputs.VisitorsAi]: run.totals ? String(run.totals.ai) : '',
    [Outputs.VisitorsRows]: String(run.rows),
    [Outputs.VisitorsCsv]: run.csvPath ?? '',
    [Outputs.VisitorsJson]: run.jsonPath ?? '',
    [Outputs.ArtifactId]: run.artifact?.id === undefined ? '' : String(run.artifact.id),
    [Outputs.Requests]: String(requests),
  };
}

/** A path in the summary, as code: long ones are cut. */
const MAX_PATH_CHARS = 120;

/**
 * The visitors summary: range, totals, the busiest pages, and where every row is. Measured in
 * bytes: when the table would push it past GitHub's limit, rows are dropped until it fits.
 */
export function renderVisitorsSummary(run: VisitorsRun, requests: number, artifactName: string): string {
  let rows = run.top;
  for (;;) {
    const markdown = render(run, rows, requests, artifactName);
    if (byteLength(markdown) <= SUMMARY_LIMIT_BYTES || rows.length === 0) return markdown;
    rows = rows.slice(0, Math.floor(rows.length / 2));
  }
}

function render(run: VisitorsRun, top: readonly ExportRow[], requests: number, artifactName: string): string {
  const compare = run.previous !== undefined;
  const parts = ['## Visitor analytics', '', `**${escapeText(describeRange(run.range))}**`];
  if (run.previous) parts.push('', `Compared with the previous period, ${escapeText(describeRange(run.previous))}.`);
  if (run.dryRun) {
    parts.push('', 'Dry run: nothing was sent to the API.');
    return `${parts.join('\n')}\n`;
  }
  if (run.totals) {
    parts.push('', '| | Human | AI | Total (deduplicated) | AI share |', '| --- | ---: | ---: | ---: | ---: |');
    parts.push(totalsRow('Unique visitors', run.totals));
    if (compare && run.previousTotals) {
      parts.push(totalsRow('Previous period', run.previousTotals));
      parts.push(
        `| Change | ${signed(run.totals.human - run.previousTotals.human)} | ${signed(run.totals.ai - run.previousTotals.ai)} | ${changeCell(run.totals.total, run.previousTotals.total)} | |`,
      );
    }
    parts.push('', '_Total counts each visitor once, so it can be less than human + AI._');
  }
  if (top.length > 0) {
    parts.push('', `### Top ${top.length} pages by total`, '');
    const header = ['Page', 'Human', 'AI', 'Total', 'AI share', ...(compare ? ['Change'] : [])];
    parts.push(`| ${header.join(' | ')} |`, `| --- |${' ---: |'.repeat(header.length - 1)}`);
    for (const row of top) {
      const cells = [pathCell(row.path), formatCount(row.human), formatCount(row.ai), formatCount(row.total), share(row.ai, row.total)];
      if (compare) cells.push(row.previous === null ? '🆕 new' : changeCell(row.total, row.previous?.total));
      parts.push(`| ${cells.join(' | ')} |`);
    }
  }
  parts.push('', whereEveryRowIs(run, artifactName));
  const facts = [countOf(requests, 'API request')];
  if (run.duplicates > 0) facts.push(`${countOf(run.duplicates, 'repeated path')} dropped`);
  parts.push('', facts.join(' · '));
  for (const warning of run.notAdvancing) parts.push('', `⚠️ ${escapeText(warning)}`);
  if (run.cancelled) parts.push('', cancelledExportNote(run));
  if (run.error) parts.push('', `**Stopped by an error**: ${codeSpan(run.error.message, 'text', MAX_MESSAGE_CHARS)}`);
  return `${parts.join('\n')}\n`;
}

function whereEveryRowIs(run: VisitorsRun, artifactName: string): string {
  if (!run.csvPath || !run.jsonPath) return 'No files were written.';
  const files = `${codeSpan(run.csvPath)} and ${codeSpan(run.jsonPath)}`;
  const artifact = run.artifact?.id !== undefined ? `, and in the workflow artifact ${codeSpan(artifactName)}` : '';
  // The reason may quote the artifact service's error: shown as code.
  const artifactState = run.artifact;
  const why =
    artifactState?.skipped ??
    (artifactState?.failed !== undefined
      ? `the upload failed (${artifactState.failed})`
      : artifactState?.unfinished !== undefined
        ? `the upload did not finish (${artifactState.unfinished})`
        : undefined);
  const notUploaded = why ? ` Not uploaded as an artifact: ${codeSpan(why, 'text', MAX_MESSAGE_CHARS)}.` : '';
  return `Every row (${formatCount(run.rows)} pages) is in ${files}${artifact}.${notUploaded}`;
}

function totalsRow(label: string, counts: VisitorCounts): string {
  return `| ${label} | ${formatCount(counts.human)} | ${formatCount(counts.ai)} | ${formatCount(counts.total)} | ${share(counts.ai, counts.total)} |`;
}

function pathCell(path: string): string {
  return codeSpan(path, 'cell', MAX_PATH_CHARS);
}

/** AI visitors as a share of the deduplicated total. */
function share(ai: number, total: number): string {
  return total > 0 ? formatPercent((ai / total) * 100) : '—';
}

function signed(value: number): string {
  return value > 0 ? `+${formatCount(value)}` : formatCount(value);
}

function changeCell(current: number, previous: number | undefined): string {
  const change = changeOf(current, previous);
  if (change.absolute === undefined) return '—';
  return change.percent === undefined
    ? signed(change.absolute)
    : `${signed(change.absolute)} (${change.percent > 0 ? '+' : ''}${formatPercent(change.percent)})`;
}
