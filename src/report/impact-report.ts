import { FEEDBACK_LIMIT, IMPACT_ANALYTICS_REQUESTS, IMPACT_DAYS, losingReaders, type ImpactRow } from '../impact/read-impact.js';
import { MAX_COMPARISONS } from '../impact/redirects.js';
import { MAX_OUTSIDE_CHARS } from '../memory/record.js';
import { previewLinkOf } from '../impact/pages.js';
import { countOf, formatCount, withoutInvisible } from '../text.js';
import { codeSpan, escapeText, linkDestination } from './markdown.js';

/** What the section shows: the pages (all, or the ones a record kept), how many more, the preview, the cost. */
export interface ImpactView {
  readonly rows: readonly ImpactRow[];
  /** Pages beyond `rows` that the record did not keep (a later run for the same head). */
  readonly more: number;
  /** The preview's URL, when it is ready: each page links into it. */
  readonly previewUrl?: string;
  /** Analytics requests this run spent on it; undefined when the record's figures were shown again. */
  readonly requests?: number;
}

/** A page path the record keeps, and so the section shows, is at most this long. */
const MAX_SHOWN_PATH = MAX_OUTSIDE_CHARS;

/** The section shows the busiest pages, this many at most. */
export const IMPACT_SHOWN_PAGES = 20;

const CHANGE_TEXT: Record<ImpactRow['change'], string> = {
  added: '🆕 new',
  modified: 'changed',
  removed: 'removed',
  renamed: 'renamed',
};

/**
 * The section *What readers will see*, for the summary (`level` 3) or the pull-request comment
 * (`level` 4): the changed pages, busiest first, each linked into the preview when it is ready
 * (the link never leaves the preview's origin) or shown as its path, as code; a removed or renamed
 * page that loses its readers is marked; then how many more, and what reading it cost.
 */
export function renderImpactSection(view: ImpactView, level: 3 | 4): string {
  const losing = new Set(losingReaders(view.rows));
  const shown = view.rows.slice(0, IMPACT_SHOWN_PAGES);
  const heading = `${'#'.repeat(level)} What readers will see`;
  if (shown.length === 0) {
    // Every changed page has a path longer than the record keeps: none is followed, nor shown.
    return [
      heading,
      '',
      escapeText(`This documentation PR changes ${countOf(view.more, 'page')}, each with a path longer than ${MAX_SHOWN_PATH} characters: not shown.`),
    ].join('\n');
  }
  const lines = [
    heading,
    '',
    escapeText(`The pages this documentation PR changes, with their unique visitors and thumbs-down over the last ${IMPACT_DAYS} days, busiest first.`),
    '',
    '| Page | Change | Readers | Human | AI | 👎 |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const row of shown) {
    const page = pageCell(row, view.previewUrl);
    lines.push(
      `| ${page} | ${CHANGE_TEXT[row.change]}${markOf(row, losing)} | ${figure(row.visitors)} | ${figure(row.human)} | ${figure(row.ai)} | ${figure(row.thumbsDown)} |`,
    );
  }
  const more = view.rows.length - shown.length + view.more;
  if (more > 0) lines.push('', escapeText(`… and ${countOf(more, 'more changed page')}.`));
  if (shown.some(hasUnknown)) lines.push('', escapeText(NOT_KNOWN));
  lines.push(
    '',
    escapeText(
      view.requests === undefined
        ? 'Measured for this head commit by an earlier run: read from its record.'
        : `Read with ${countOf(view.requests, 'analytics request')}.`,
    ),
  );
  return lines.join('\n');
}

/**
 * What a figure shown as `—` means. The log of the run that measured it says which limit it met;
 * a later run for the same head shows the record's figures, and only this.
 */
export const NOT_KNOWN = `— not known: the reads did not reach it. Reader impact spends at most ${IMPACT_ANALYTICS_REQUESTS} analytics requests on a documentation PR head, and feedback's one answer lists ${FEEDBACK_LIMIT} pages; redirects are matched up to ${formatCount(MAX_COMPARISONS)} comparisons, and only in a docs.json that could be read.`;

function hasUnknown(row: ImpactRow): boolean {
  return [row.visitors, row.human, row.ai, row.thumbsDown, row.redirected].includes(null);
}

/** A figure of the table: `—` when it is not known, never 0. */
function figure(count: number | null): string {
  return count === null ? '—' : formatCount(count);
}

/** What the change column adds: whether a page that goes away keeps its readers, as far as is known. */
function markOf(row: ImpactRow, losing: ReadonlySet<ImpactRow>): string {
  if (losing.has(row)) return ' ⚠️ loses its readers: not redirected';
  if (row.redirected === true) return ' (redirected)';
  if (row.redirected === false && row.visitors === null) return ' ⚠️ not redirected: its readers are not known';
  if (row.redirected === null && row.visitors !== 0) return ' ⚠️ redirects not known';
  return '';
}

/** A page in the table: a link into the preview, showing its path as code; else its path as code. A renamed page says where it was. */
function pageCell(row: ImpactRow, previewUrl: string | undefined): string {
  const path = codeSpan(row.path, 'cell', 200);
  const link = row.change === 'removed' ? undefined : previewLinkOf(previewUrl, row.path);
  const shown = link ? `[${path}](${linkDestination(link)})` : path;
  return row.previousPath ? `${shown} (was ${codeSpan(row.previousPath, 'cell', 200)})` : shown;
}

/**
 * The section when it does not fit in the pull-request comment beside the rest (page paths are
 * file names, of any length): its heading, and where it is shown whole.
 */
export function renderImpactTooLong(level: 3 | 4): string {
  return `${'#'.repeat(level)} What readers will see\n\nToo long for this comment: the job summary of this workflow run shows it.`;
}

/**
 * The `reader-impact` output: the pages the section shows (those the record keeps, the busiest 20
 * at most) as JSON, what renders as nothing removed. A figure the reads did not reach is null.
 * Every entry carries `redirected`, as the contract lists it: whether the documentation PR's
 * docs.json redirects a removed or renamed page's old path (null when that is not known); false
 * for a page still served at its path, which has nothing to redirect.
 */
export function impactOutput(rows: readonly ImpactRow[]): string {
  const entries = rows.map((row) => ({ ...row, redirected: row.change === 'removed' || row.change === 'renamed' ? (row.redirected ?? null) : false }));
  return withoutInvisible(JSON.stringify(entries));
}
