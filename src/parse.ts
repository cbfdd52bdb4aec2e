/**
 * Pure parsers for the text forms the inputs accept. Each returns the parsed value or throws a
 * `ParseError` whose message says what is accepted; the settings reader adds the input's name
 * and value, so these never see which input they are parsing.
 */

import { isLoopbackHost } from './net.js';
import { formatDuration } from './text.js';

export class ParseError extends Error {
  constructor(readonly expected: string) {
    super(expected);
    this.name = 'ParseError';
  }
}

const TRUE_OR_FALSE = 'true or false';

export function parseBoolean(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new ParseError(TRUE_OR_FALSE);
}

export function parseInteger(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const expected = max === Number.MAX_SAFE_INTEGER ? `a whole number, ${min} or more` : `a whole number from ${min} to ${max}`;
  if (!/^[+-]?\d+$/.test(text)) throw new ParseError(expected);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new ParseError(expected);
  return value;
}

export function parseChoice<T extends string>(text: string, choices: readonly T[]): T {
  const lower = text.toLowerCase();
  const match = choices.find((choice) => choice === lower);
  if (match === undefined) throw new ParseError(`one of ${choices.join(', ')}`);
  return match;
}

/**
 * Comma- or newline-separated items, trimmed, empty items dropped. A comma inside `{…}` (nested
 * too) belongs to the item, so a brace glob such as `*.{ts,tsx}` stays one glob. A line
 * whose braces do not pair up is split at every comma, as if it had none.
 */
export function parseList(text: string): string[] {
  return text
    .split('\n')
    .flatMap(splitAtTopLevelCommas)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * `diff-include` and `diff-exclude`: a list (as `parseList` reads it) of globs, each of which
 * may start with `!` to take paths back. The `!` survives: the filter reads the globs in order.
 * A `!` with no glob after it names no path, and is refused rather than quietly ignored.
 */
export function parseGlobList(text: string): string[] {
  const globs = parseList(text);
  if (globs.some((glob) => glob === '!')) throw new ParseError('globs, one a line or comma-separated, each a glob or !glob (a lone "!" names no path)');
  return globs;
}

function splitAtTopLevelCommas(line: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '\\')
      i += 1; // an escaped brace or comma is a literal character
    else if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === ',' && depth === 0) {
      items.push(line.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) break;
  }
  if (depth !== 0) return line.split(',');
  items.push(line.slice(start));
  return items;
}

const DURATION_FORMS = 'a duration such as 45s, 10m, 1h, 1h30m, 500ms, or a number of seconds';
const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/**
 * Milliseconds from `45s`, `10m`, `1h`, `1h30m`, a bare number of seconds (`90`, `2.5`), or
 * `500ms`. Milliseconds are accepted beyond the documented forms because tests and local runs
 * against the simulator want sub-second polling.
 */
export function parseDuration(text: string, minMs = 1): number {
  const lower = text.toLowerCase();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(lower)) {
    ms = Math.round(Number(lower) * 1000);
  } else {
    const parts = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(lower);
    if (!parts || lower.length === 0) throw new ParseError(DURATION_FORMS);
    const [, h = '0', m = '0', s = '0', milli = '0'] = parts;
    ms = Number(h) * UNIT_MS.h! + Number(m) * UNIT_MS.m! + Number(s) * UNIT_MS.s! + Number(milli);
  }
  if (!Number.isSafeInteger(ms) || ms < minMs) {
    throw new ParseError(`${DURATION_FORMS}, at least ${formatDuration(minMs)}`);
  }
  return ms;
}

export interface ResolvedDate {
  /** What is sent to the API: `YYYY-MM-DD`, or an ISO 8601 date-time as given. */
  readonly text: string;
  /** The instant it stands for (midnight UTC for a date), to order and measure ranges. */
  readonly epochMs: number;
  readonly dateOnly: boolean;
}

const DATE_FORMS = 'YYYY-MM-DD, an ISO 8601 date-time, today, or -Nd (N days before today, UTC)';
/** One UTC day: dates here are calendar days in UTC. */
export const DAY_MS = 86_400_000;

/** Resolves `today`, `-Nd`, `YYYY-MM-DD` or an ISO 8601 date-time against `nowMs` (UTC). */
export function parseDate(text: string, nowMs: number): ResolvedDate {
  const lower = text.toLowerCase();
  const todayMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  if (lower === 'today') return dateOnly(todayMs);
  const relative = /^-(\d{1,5})d$/.exec(lower);
  if (relative) return dateOnly(todayMs - Number(relative[1]) * DAY_MS);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const epochMs = Date.parse(`${text}T00:00:00Z`);
    // Date.parse rolls 2026-02-30 over to March; a round trip catches it.
    if (Number.isNaN(epochMs) || toIsoDate(epochMs) !== text) throw new ParseError(DATE_FORMS);
    return { text, epochMs, dateOnly: true };
  }
  const dateTime = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
  const match = dateTime.exec(text);
  if (match) {
    const epochMs = Date.parse(text);
    if (!Number.isNaN(epochMs) && toIsoDate(Date.parse(`${match[1]}T00:00:00Z`)) === match[1]) {
      return { text, epochMs, dateOnly: false };
    }
  }
  throw new ParseError(DATE_FORMS);
}

export function toIsoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

function dateOnly(epochMs: number): ResolvedDate {
  return { text: toIsoDate(epochMs), epochMs, dateOnly: true };
}

/**
 * The API root without a trailing slash. `https` only, except plain `http` to a loopback host,
 * so a key is never sent in clear text over a network.
 */
export function parseBaseUrl(text: string): string {
  const expected = 'an https:// URL (http:// only to localhost, 127.0.0.0/8 or [::1]) with no query or fragment';
  // An empty query or fragment ("…/?", "…/#") parses to empty search and hash but stays in href.
  if (text.includes('?') || text.includes('#')) throw new ParseError(expected);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ParseError(expected);
  }
  const secure = url.protocol === 'https:';
  const localPlain = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if ((!secure && !localPlain) || url.search || url.hash || url.username || url.password) {
    throw new ParseError(expected);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Project and job identifiers. The API's ids are opaque but plain; refusing anything path-like,
 * blank or non-ASCII catches a pasted URL or a wrong variable before it becomes a request.
 */
export function parseId(text: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/.test(text)) {
    throw new ParseError('1 to 128 characters of letters, digits, ".", "_", "~" or "-", starting with a letter or digit');
  }
  return text;
}

/**
 * Characters a job ID may not hold: controls and format characters, the other default-ignorable
 * code points (they render as nothing, so the ID a reader sees would not be the ID), line and
 * paragraph separators (line breaks to JavaScript, Markdown and editors: the comment's record is
 * one line), and lone surrogate halves (no UTF-8 form, so no URL can carry them).
 */
const NOT_IN_JOB_ID = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}]/u;

/** The most characters (code points) a job ID may have. */
export const MAX_JOB_ID_CHARS = 256;

/**
 * A job ID, wherever it comes from (the input, the API's answer, the pull-request comment's
 * record). The vendor declares `id` a plain string, so a job the API created must never be lost
 * to a rule of ours: any 1 to 256 characters but control and invisible ones. Not `.` or `..`,
 * which `encodeURIComponent` leaves as they are and a URL parser resolves as path segments;
 * every other character is safe once percent-encoded as one path segment.
 */
export function isJobId(text: string): boolean {
  if (text === '.' || text === '..' || NOT_IN_JOB_ID.test(text)) return false;
  const length = Array.from(text).length;
  return length >= 1 && length <= MAX_JOB_ID_CHARS;
}

export function parseJobId(text: string): string {
  if (!isJobId(text)) {
    throw new ParseError(
      `1 to ${MAX_JOB_ID_CHARS} characters with no control or invisible characters (line breaks, tabs, zero-width, bidirectional or other format characters), and not "." or ".."`,
    );
  }
  return text;
}

/**
 * A Git tag's name, as `git check-ref-format` allows a ref's: no white space or control
 * characters, none of `~ ^ : ? * [ \`, no `..` or `@{`, no part that starts with a dot, not
 * starting or ending with `/` and not ending with `.` or `.lock`; at most 255 characters.
 */
export function parseTagName(text: string): string {
  const tag = text.replace(/^refs\/tags\//, '');
  const refused =
    tag === '' ||
    tag === '@' ||
    [...tag].length > 255 ||
    // eslint-disable-next-line no-control-regex -- Git refuses the control characters in a ref's name
    /[\x00-\x20\x7f~^:?*[\\]/.test(tag) ||
    /\.\.|@\{|\/\/|(?:^|\/)\./.test(tag) ||
    /^[/-]|[/.]$|\.lock$/.test(tag);
  if (refused) throw new ParseError('a tag name as Git allows it (no spaces, none of ~ ^ : ? * [ \\, no "..", at most 255 characters)');
  return tag;
}
