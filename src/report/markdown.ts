import { fenceFor, sliceWhole, withoutInvisible } from '../text.js';

/**
 * Markdown for the job summary and the pull-request comment. GitHub renders both with cmark-gfm
 * (tables, autolinks, strikethrough, tag filter), then links `@mentions` and `#12` references in
 * the text that is not code or a link. So text from outside (API answers, error messages, visitor
 * paths) is always shown as code: inside a code span there is no autolink, no entity, no emphasis
 * or strikethrough, and the mention and reference filters leave it alone, so it reads exactly as
 * written. The action's own sentences go through `escapeText`. Both first remove what renders as
 * nothing (`withoutInvisible`): a reader of the summary sees all there is.
 */

/** Where inline Markdown lands: a GFM table cell needs its `|` escaped, running text must not. */
export type Place = 'cell' | 'text';

/** How much of one value from outside is shown (the whole value is in the outputs and the log). */
export const MAX_VALUE_CHARS = 300;
/** How much of an error message is shown. */
export const MAX_MESSAGE_CHARS = 1_000;
/** A URL longer than this is shown, cut, instead of linked: a comment must stay under its limit. */
export const MAX_LINK_CHARS = 8_192;

/**
 * Text from outside as a code span that shows it as written: what renders as nothing goes, line
 * breaks become spaces (a code span cannot hold one in a table), a value over `maxChars` is cut
 * and ends with `…`, and the fence is longer than any backtick run inside. In a table cell a `|`
 * is written `\|` even inside a code span, since the table extension splits cells before inline
 * parsing and turns `\|` back into `|`; in running text that backslash would show.
 */
export function codeSpan(text: string, place: Place = 'text', maxChars = MAX_VALUE_CHARS): string {
  let shown = withoutCommentDelimiters(cutToChars(withoutInvisible(text).replace(/\r\n?|\n/g, ' '), maxChars));
  if (place === 'cell') shown = shown.replace(/\|/g, '\\|');
  const fence = fenceFor(shown, 1);
  // One space inside each fence is stripped when both are there: pad so the text keeps its own.
  const pad = /^`|`$/.test(shown) || /^ .*[^ ].* $/s.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * A link the action makes on purpose to a URL from the API (the documentation PR, the source
 * repository): it points where the URL says, whatever characters it holds (an invisible one
 * percent-encoded, as a browser sends it), and shows the URL as given, as code, without what
 * renders as nothing. Anything but an http(s) URL, or an over-long one, is shown as code, unlinked.
 */
export function linkOrCode(url: string | null | undefined, place: Place): string {
  if (!url) return '—';
  const shown = codeSpan(url, place);
  const href = httpHref(url);
  return href && href.length <= MAX_LINK_CHARS ? `[${shown}](${linkDestination(href)})` : shown;
}

function httpHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
    // Stryker disable next-line BlockStatement: an emptied catch block returns undefined all the same
  } catch {
    return undefined;
  }
}

/**
 * A URL as a Markdown link destination that cmark-gfm turns back into the same `href`. `|` would
 * split a table cell, a space, `<`, `>` or an unbalanced parenthesis would end the destination,
 * and cmark decodes backslash escapes and entities in it, so those characters (and the backtick)
 * are percent-encoded and `&` is written `&amp;`.
 */
export function linkDestination(href: string): string {
  return href.replace(/[|<>()\\` ]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).replace(/&/g, '&amp;');
}

const TEXT_ESCAPES: Record<string, string> = {
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
  '~': '&#126;',
};

/**
 * The action's own sentence (which may name a job ID or a commit), for a table cell or running
 * text: HTML, table breakers, code spans, links, emphasis and strikethrough are entity-escaped,
 * `www.` and `://` are broken so the autolinker does not start a link, line breaks become
 * spaces, and what renders as nothing goes. Not for text from outside: no escape keeps GitHub
 * from linking `@user`, `#12` or an e-mail address (its autolinker reads past entities).
 */
export function escapeText(text: string): string {
  return withoutInvisible(text)
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[&<>|`[\]\\*_~]/g, (char) => TEXT_ESCAPES[char] ?? char)
    .replace(/(www)\./gi, '$1&#46;')
    .replace(/:\/\//g, '&#58;//');
}

/**
 * A two-column table of label and value, the first pair as its header (a table with an empty
 * header row renders as an empty first row). Values are Markdown, written for a cell by the caller.
 */
export function keyValueTable(rows: ReadonlyArray<readonly [string, string]>): string {
  const [[firstLabel, firstValue] = ['', ''], ...rest] = rows;
  const lines = [`| ${firstLabel} | ${firstValue} |`, '| --- | --- |'];
  for (const [label, value] of rest) lines.push(`| ${label} | ${value} |`);
  return lines.join('\n');
}

/** A fenced code block whose fence is longer than any backtick run inside the text. */
export function codeBlock(text: string, info = ''): string {
  const shown = withoutCommentDelimiters(text);
  const fence = fenceFor(shown);
  return `${fence}${info}\n${shown}\n${fence}`;
}

/**
 * Outside text that reads as it did but can never spell an HTML comment's delimiters: a
 * zero-width space (the action's own mark, put in after the text was cleaned of its invisible
 * characters) goes between `<` and `!--`, and between `--` and `>`. Inside code they show as
 * written, yet the comment's source no longer holds `<!--` or `-->` where the text was: no value
 * from the API, no pull-request title and no file name can plant a marker or a record that the
 * action would read back (`memory/record.ts`).
 */
export function withoutCommentDelimiters(text: string): string {
  return text.replace(/<!--/g, `<${ZERO_WIDTH_SPACE}!--`).replace(/-->/g, `--${ZERO_WIDTH_SPACE}>`);
}

const ZERO_WIDTH_SPACE = '\u200b';

/** A collapsed block: `<details>` with the action's own title. */
export function details(title: string, body: string): string {
  return `<details><summary>${escapeText(title)}</summary>\n\n${body}\n\n</details>`;
}

/** GitHub drops a step summary above 1 MiB whole; stay well under it. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 16 * 1024;

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Cuts text to at most `maxChars` characters, `…` included, never inside a surrogate pair. */
export function cutToChars(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${sliceWhole(text, maxChars - 1)}…`;
}

/** Room kept for the line that says what was cut. */
const CUT_NOTE_BYTES = 100;

/**
 * Cuts text to at most `maxBytes` of UTF-8, saying what was left out. Whole lines are kept while
 * they fit, and the cut falls at a line end; a line longer than the whole budget (a one-line
 * prompt, a minified file) would never be shown whole, so the start of it is kept, cut at a
 * character boundary (never inside a UTF-8 sequence or a surrogate pair) and marked with `…`.
 */
export function cutToBytes(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  const budget = Math.max(0, maxBytes - CUT_NOTE_BYTES);
  const lines = text.split('\n');
  const kept: string[] = [];
  let size = 0;
  let next = 0;
  // Stryker disable next-line EqualityOperator: the loop always ends at its break, as text over the budget cannot fit whole
  for (; next < lines.length; next++) {
    const lineBytes = byteLength(lines[next]!) + 1;
    if (size + lineBytes > budget) break;
    kept.push(lines[next]!);
    size += lineBytes;
  }
  // The loop stopped at a line: text over the budget cannot fit whole.
  const line = lines[next]!;
  const linesLeft = lines.length - next;
  if (byteLength(line) + 1 > budget) {
    const start = startOfLine(line, budget - size - byteLength('…\n'));
    if (start.length > 0) {
      kept.push(`${start}…`);
      const more = linesLeft > 1 ? ` (and ${linesLeft - 1} more lines)` : '';
      return `${kept.join('\n')}\n… ${codePoints(line.slice(start.length))} more characters of that line not shown${more}`;
    }
  }
  return `${kept.join('\n')}\n… ${linesLeft} more lines not shown`;
}

/** The longest start of `line` that fits in `maxBytes` of UTF-8, whole characters only. */
function startOfLine(line: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of line) {
    bytes += byteLength(char);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return line.slice(0, end);
}

function codePoints(text: string): number {
  return Array.from(text).length;
}
