/** Small text rules shared by the log, the summary and the prompt. */

/**
 * Collapses line breaks and control characters into single spaces and cuts the text to `max`
 * characters. Not enough for the log on its own: see `forLog`.
 */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(LINE_BREAKS_AND_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${sliceWhole(flat, max - 1)}…` : flat;
}

// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The first `length` UTF-16 units of `text`, one fewer where the cut would split a surrogate pair. */
export function sliceWhole(text: string, length: number): string {
  return text.slice(0, /[\ud800-\udbff]/.test(text.charAt(length - 1)) ? length - 1 : length);
}

/** Invisible in the log, and not white space to the runner's `TrimStart`, so it breaks a match. */
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Makes text from outside (an API answer, a file name, a pull request's title) safe to put on a
 * log line, cut to `max` characters. The runner reads the log line by line, splitting at LF,
 * CRLF and a lone CR, and acts on `::name …::` at the start of a line (after leading white
 * space) and on the legacy `##[name …]` anywhere in a line. So line breaks and control
 * characters become spaces, and `defuseCommands` breaks the two patterns. The text still reads
 * as written. Every log line that carries outside text passes it through here.
 */
export function forLog(text: string, max = Number.POSITIVE_INFINITY): string {
  return defuseCommands(oneLine(text, max));
}

/**
 * Text from outside as one quoted value on a log line (a job ID, say): JSON-quoted, so its ends
 * show, and with white space other than single spaces escaped, since `forLog` would fold it.
 */
export function quotedForLog(text: string): string {
  const quoted = JSON.stringify(text)
    .replace(/[^\S ]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/ (?= )/g, '\\u0020');
  return forLog(quoted);
}

/**
 * A job ID on a log line: as it is when it is one word (`job job_5a3f01`), quoted when it holds
 * white space or a quote (`job "job 1"`), so a reader can tell where it ends.
 */
export function idForLog(id: string): string {
  return /^[^\s"]+$/.test(id) ? forLog(id) : quotedForLog(id);
}

/**
 * The backstop for a whole info line (the logger applies it to every one): line breaks become
 * spaces, every `##[` gets a zero-width space between its two `#`, and a line that would start
 * with `::` gets one in front. Unlike `forLog` it keeps the line's own spacing.
 */
export function defuseCommands(line: string): string {
  const flat = line.replace(/\r\n?|[\n\u2028\u2029]/g, ' ').replace(/##\[/g, `#${ZERO_WIDTH_SPACE}#[`);
  return /^\s*::/.test(flat) ? `${ZERO_WIDTH_SPACE}${flat}` : flat;
}

/**
 * Removes what a reader of the text would not see but an agent would read: HTML comments,
 * zero-width, bidirectional and other format characters, control characters. One line unless
 * `multiline` (which keeps line feeds). Cut to `maxChars` code points, the cut marked with `…`.
 * For text from outside that goes into a prompt: pull-request titles, bodies and commit
 * subjects, page paths, readers' search terms.
 */
export function cleanText(text: string, maxChars: number, multiline = false): string {
  let cleaned = text
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
  cleaned = multiline ? cleaned.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim() : cleaned.replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : cleaned;
}

/** A count as the summaries and the log write numbers: en-US, "2,500" (the same on every runner). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** Every percentage in one format, one decimal always: "16.0%" beside "16.2%". */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** "1 request", "2,500 requests": a count with its noun. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A backtick fence longer than any backtick run in `text` (at least `min`), so the text cannot close it. */
export function fenceFor(text: string, min = 3): string {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return '`'.repeat(Math.max(min, longest + 1));
}
