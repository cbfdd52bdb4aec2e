/**
 * Job IDs for property tests, generated from the contract's words rather than from the code under
 * test: an ID is 1–256 characters with no control or invisible character, and not `.` or `..`.
 */
import fc from 'fast-check';

/**
 * The characters an ID may not hold, restated from the contract: controls (`Cc`), format
 * characters (`Cf`) and the other default-ignorable code points (invisible), line and paragraph
 * separators (line breaks to JavaScript and to editors), and lone surrogate halves (not
 * characters at all: no UTF-8 form, so no URL).
 */
export const FORBIDDEN_IN_JOB_ID = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}]/u;

/** IDs the vendor's plain-string `id` allows and a stricter rule once lost. */
export const AWKWARD_JOB_IDS = ['{3f2a0c1e-5b7d-4c1a-9e2f-0123456789ab}', 'job:1', 'job 1', 'a/b?c#d%'] as const;

/** Characters with a meaning in a URL, a path, a shell or Markdown: drawn far more often than chance would. */
const AWKWARD_CHARS = [...'/?#%.:{}[] \\&=+@!\'()*~"<>|^`$;,-_', '\u00a0', '\u3000', 'é', 'ß', '日', '😀', '\u0301', '\ufffd', '\u{10ffff}'];

/** One code point the rule allows. */
const allowedChar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_CHARS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((char) => !FORBIDDEN_IN_JOB_ID.test(char)) },
);

/** A string of allowed characters, `min` to `max` code points long. */
export const allowedText = (min: number, max: number): fc.Arbitrary<string> => fc.string({ unit: allowedChar, minLength: min, maxLength: max });

/** Any ID the rule accepts: short ones mostly, the longest allowed now and then. */
export const validJobId: fc.Arbitrary<string> = fc
  .oneof({ weight: 5, arbitrary: allowedText(1, 24) }, { weight: 1, arbitrary: allowedText(200, 256) })
  .filter((id) => id !== '.' && id !== '..');

/** One character the rule refuses: controls, format and other invisible characters, separators, surrogate halves. */
const forbiddenChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(
    '\u007f',
    '\u0085',
    '\u009f',
    '\u00ad',
    '\u034f',
    '\u061c',
    '\u115f',
    '\u17b4',
    '\u180e',
    '\u200b',
    '\u200d',
    '\u200e',
    '\u2028',
    '\u2029',
    '\u202e',
    '\u2060',
    '\u2066',
    '\u3164',
    '\ufe0f',
    '\ufeff',
    '\uffa0',
    '\u{1d173}',
    '\u{e0001}',
    '\u{e0041}',
    '\ud800',
    '\udfff',
  ),
);

/**
 * Any string the rule refuses: a forbidden character somewhere inside (between two allowed
 * parts, so that no trimming of the ends can make it valid), more than 256 characters, or a dot
 * segment.
 */
export const invalidJobId: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(allowedText(1, 12), forbiddenChar, allowedText(1, 12)).map(([before, char, after]) => before + char + after),
  allowedText(257, 300),
  fc.constantFrom('.', '..'),
);

/** Whether the contract's rule allows `text` as a job ID (restated here, not the code under test). */
export function allowedAsJobId(text: string): boolean {
  const length = Array.from(text).length;
  return length >= 1 && length <= 256 && !FORBIDDEN_IN_JOB_ID.test(text) && text !== '.' && text !== '..';
}
