import { fenceFor } from '../text.js';

/** Markdown for the job summary, with every value from outside escaped where it lands. */

const CELL_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '|': '&#124;',
  '`': '&#96;',
  '[': '&#91;',
  ']': '&#93;',
  '\\': '&#92;',
  '*': '&#42;',
  _: '&#95;',
};

/**
 * A table cell (or inline text) that renders as the literal text: HTML, table breakers, code
 * spans, links and emphasis are escaped, and line breaks become spaces.
 */
export function escapeCell(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[&<>|`[\]\\*_]/g, (char) => CELL_ESCAPES[char] ?? char);
}

/** A link when `url` is a plain http(s) URL, else the escaped text: never a `javascript:` link. */
export function linkOrText(url: string | null | undefined, empty = '—'): string {
  if (!url) return empty;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') {
      const href = parsed.href.replace(/[()<> ]/g, encodeURIComponent);
      return `[${escapeCell(url)}](${href})`;
    }
  } catch {
    // Not a URL: shown as text below.
  }
  return escapeCell(url);
}

/**
 * A two-column table of label and value, the first pair as its header (a table with an empty
 * header row renders as an empty first row). Values are Markdown, escaped by the caller.
 */
export function keyValueTable(rows: ReadonlyArray<readonly [string, string]>): string {
  const [[firstLabel, firstValue] = ['', ''], ...rest] = rows;
  const lines = [`| ${firstLabel} | ${firstValue} |`, '| --- | --- |'];
  for (const [label, value] of rest) lines.push(`| ${label} | ${value} |`);
  return lines.join('\n');
}

/** A fenced code block whose fence is longer than any backtick run inside the text. */
export function codeBlock(text: string, info = ''): string {
  const fence = fenceFor(text);
  return `${fence}${info}\n${text}\n${fence}`;
}

/** Inline code showing `text` literally: the fence is longer than any backtick run inside. */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const fence = fenceFor(flat, 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A collapsed block: `<details>` with an escaped title. */
export function details(title: string, body: string): string {
  return `<details><summary>${escapeCell(title)}</summary>\n\n${body}\n\n</details>`;
}

/** GitHub drops a step summary above 1 MiB whole; stay well under it. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 16 * 1024;

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Cuts text to at most `maxBytes` of UTF-8 at a line end, saying how much was left out. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  const lines = text.split('\n');
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    const lineBytes = byteLength(line) + 1;
    if (size + lineBytes > maxBytes) break;
    kept.push(line);
    size += lineBytes;
  }
  return `${kept.join('\n')}\n… ${lines.length - kept.length} more lines not shown`;
}
