/** Small text rules shared by the log, the summary and the prompt. */

/**
 * What renders as nothing and is still read by a model: Unicode's default-ignorable code points
 * (zero-width characters, bidi controls, the tag block U+E0000–E007F, variation selectors, Hangul
 * fillers, the combining grapheme joiner) and the format characters (general category Cf: the
 * soft hyphen, the Arabic letter mark, interlinear annotation marks, …). Written as Unicode
 * properties, so the runtime's own Unicode data decides and no character is forgotten.
 *
 * ZWJ (U+200D) is both, and goes too, as the contract makes no exception: an emoji sequence such
 * as 👩‍💻 then shows as its parts (👩💻), and a variation selector's emoji ⚠️ as ⚠. Both still show
 * everything the text says, while a run of joiners or selectors could carry what no one sees.
 * The same goes for the zero-width non-joiner that Persian writing uses between letters.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * Removes every character that renders as nothing (see `INVISIBLE`). The one rule for text from
 * outside wherever it goes: `cleanText` (prompts), `oneLine` and `forLog` (the log and error
 * messages), the Markdown of the summary and the comment, and the outputs all apply it.
 */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * Shows each character that renders as nothing as a `\u{…}` escape, for a message that quotes a
 * value (a bad input) where what is there matters more than how it reads.
 */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}

/**
 * Collapses line breaks and control characters into single spaces, removes what renders as
 * nothing, and cuts the text to `max` characters. Not enough for the log on its own: see `forLog`.
 */
export function oneLine(text: string, max: number): string {
  const flat = withoutInvisible(text).replace(LINE_BREAKS_AND_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${sliceWhole(flat, max - 1)}…` : flat;
}

// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The first `length` UTF-16 units of `text`, one fewer where the cut would split a surrogate pair. */
export function sliceWhole(text: string, length: number): string {
  return text.slice(0, /[\ud800-\udbff]/.test(text.charAt(length - 1)) ? length - 1 : length);
}

/**
 * Invisible in the log, and not white space to the runner's `TrimStart`, so it breaks a match.
 * The action's own mark, put in after the text from outside was cleaned of its invisible ones.
 */
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Makes text from outside (an API answer, a file name, a pull request's title) safe to put on a
 * log line, cut to `max` characters. The runner reads the log line by line, splitting at LF,
 * CRLF and a lone CR, and acts on `::name …::` at the start of a line (after leading white
 * space) and on the legacy `##[name …]` anywhere in a line. So line breaks and control
 * characters become spaces, what renders as nothing goes, and `defuseCommands` breaks the two
 * patterns. The text still reads as written. Every log line that carries outside text passes it
 * through here.
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
  return LEADING_COMMAND.test(flat) ? `${ZERO_WIDTH_SPACE}${flat}` : flat;
}

/**
 * `::` after white space as the runner's `TrimStart` (.NET's `char.IsWhiteSpace`) skips it:
 * JavaScript's `\s` and NEXT LINE (U+0085), which .NET counts as white space and `\s` does not.
 */
const LEADING_COMMAND = /^[\s\u0085]*::/;

/**
 * Removes what a reader of the text would not see but an agent would read: what renders as
 * nothing (`withoutInvisible`), control characters, then HTML comments (so no invisible
 * character can hide one from the pattern). One line unless `multiline` (which keeps line feeds).
 * Cut to `maxChars` code points, the cut marked with `…`. For text from outside that goes into a
 * prompt: pull-request titles, bodies and commit subjects, file names, branch names, page paths,
 * readers' search terms.
 */
export function cleanText(text: string, maxChars: number, multiline = false): string {
  let cleaned = withoutInvisible(text)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/<!--[\s\S]*?(-->|$)/g, '');
  cleaned = multiline ? cleaned.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim() : cleaned.replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : cleaned;
}

/** A count as the summaries and the log write numbers: en-US, "2,500" (the same on every runner). */
export function formatCount(count: number): string {
  // A whole number (every count a run of the agent command writes) is grouped here: ICU's number
  // data, which the first `toLocaleString` of a process loads, costs a cold start about 12 ms
  // (docs/benchmarks.md). Fractions (the analytics' figures) are ICU's, as en-US writes them.
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const digits = String(Math.abs(count));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 || Object.is(count, -0) ? `-${grouped}` : grouped;
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

/** `1h30m`, `45s`, `250ms`: for messages and the summary; from 1 s up, rounded to the second. */
export function formatDuration(ms: number): string {
  // Rounded first, so that 999.6 ms reads "1s", not "1000ms"; from there on one part is never zero.
  const wholeMs = Math.round(ms);
  if (wholeMs < 1000) return `${wholeMs}ms`;
  let rest = Math.round(ms / 1000);
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const seconds = rest - minutes * 60;
  const text = `${hours ? `${hours}h` : ''}${minutes ? `${minutes}m` : ''}${seconds ? `${seconds}s` : ''}`;
  return text;
}

/**
 * What went wrong, as one text: an error's own message (the action's errors are written for the
 * author, and quote outside text only through `forLog`), or anything else thrown made safe for a log.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : forLog(String(error), 200);
}
