/**
 * Properties of the text rules, over generated strings: the cleaner that removes what renders as
 * nothing, the log-safety function under the runner's rules, the Markdown helpers under GitHub's
 * renderer, and the parsing of durations and dates. Each property runs a bounded number of times
 * (fast-check prints the seed and the shrunk counterexample of a failure, to replay it).
 */
import fc from 'fast-check';
import { DomUtils } from 'htmlparser2';
import { describe, expect, it, vi } from 'vitest';
import { newRun } from '../../src/agent/run-agent.js';
import { buildPrompt } from '../../src/diff/prompt.js';
import { coreLogger } from '../../src/logger.js';
import { parseDate, parseDuration, ParseError, toIsoDate } from '../../src/parse.js';
import { busiestPages, poorlyRatedPages, unansweredSearches } from '../../src/refresh/choose.js';
import { buildRefreshPrompt } from '../../src/refresh/prompt.js';
import { agentOutputs } from '../../src/report/agent-report.js';
import { codeBlock, codeSpan, cutToChars, escapeText, linkOrCode, MAX_VALUE_CHARS } from '../../src/report/markdown.js';
import { cleanText, forLog, formatDuration, oneLine, withoutInvisible } from '../../src/text.js';
import { asRead, renderedDom, renderedTables, renderProblems, sameTarget } from '../support/github-markdown.js';
import { runnerCommands } from '../support/runner-log.js';

/** Runs per property: enough to cover the mixes below, few enough to keep the file at a few seconds. */
const RUNS = { numRuns: 200 };

/** What the contract says renders as nothing, written the way the Unicode standard names it. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
const hasInvisible = (text: string): boolean => INVISIBLE.test(text);

/**
 * Every invisible code point, enumerated from the Unicode data once: drawn uniformly from all
 * code points, one would turn up about once in 260 characters, and the tag block almost never.
 */
const INVISIBLE_CHARACTERS: string[] = [];
for (let code = 0; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  const char = String.fromCodePoint(code);
  if (INVISIBLE.test(char)) INVISIBLE_CHARACTERS.push(char);
}

const anyCharacter = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });
const invisibleCharacter = fc.constantFrom(...INVISIBLE_CHARACTERS);
const tagRun = fc.string({ unit: fc.integer({ min: 0xe0000, max: 0xe007f }).map((code) => String.fromCodePoint(code)), minLength: 1, maxLength: 8 });

/** Line breaks and white space, as JavaScript, .NET (the runner) and Markdown each see them. */
const SPACING = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\t', '\v', '\f', ' ', '  ', '\u00a0', '\u1680', '\u2003', '\u202f', '\u205f', '\u3000'];
/** What the runner acts on, and the names it registers. */
const LOG_PIECES = ['::', '##[', ':', '#', '[', ']', '%0A', '%0D', 'set-output name=x', 'warning', 'error', 'add-mask', 'stop-commands', 'set-env', 'group'];
/** What GitHub's renderer and its filters act on. */
const MARKDOWN_PIECES = [
  '`',
  '``',
  '|',
  '\\',
  '\\|',
  '*',
  '_',
  '~~',
  '<',
  '>',
  '&',
  '&amp;',
  '&#124;',
  '[',
  ']',
  '(',
  ')',
  '!',
  '![',
  '](',
  'www.',
  '://',
  'http',
  'https://e.example',
  '<!--',
  '-->',
  '<script>',
  '</details>',
  '\0',
];

const pieces = (...lists: string[][]) => fc.constantFrom(...lists.flat());
/** Text from outside: any character, often an invisible one, a run of tag characters, or a piece that means something to a reader of it. */
const outsideText = fc.string({ unit: fc.oneof(anyCharacter, invisibleCharacter, tagRun, pieces(SPACING, LOG_PIECES, MARKDOWN_PIECES)), maxLength: 40 });

/** Text that shows: no invisible and no control character. */
const showsAsIs = (char: string): boolean => !INVISIBLE.test(char) && !/\p{Cc}/u.test(char);
const printableText = fc.string({
  unit: fc.oneof(
    anyCharacter.filter(showsAsIs),
    pieces(SPACING.filter((space) => ![...space].some((char) => /\p{Cc}/u.test(char)) || /^[\n\r\t]+$/.test(space))),
  ),
  maxLength: 40,
});

const BIG = 100_000;

describe('the cleaner: nothing that renders as nothing survives', () => {
  it('in cleaned text, one line or many, whole or cut, and in a log line', () => {
    fc.assert(
      fc.property(outsideText, fc.integer({ min: 1, max: 50 }), (text, max) => {
        for (const cleaned of [withoutInvisible(text), cleanText(text, BIG), cleanText(text, max), cleanText(text, max, true), oneLine(text, max)]) {
          expect(hasInvisible(cleaned)).toBe(false);
        }
        // forLog puts in its own zero-width space to break a command; nothing else.
        expect(hasInvisible(forLog(text).replace(/\u200b/g, ''))).toBe(false);
      }),
      RUNS,
    );
  });

  it('in the Markdown of the summary and the comment', () => {
    fc.assert(
      fc.property(outsideText, (text) => {
        for (const markdown of [codeSpan(text), codeSpan(text, 'cell'), linkOrCode(`https://e.example/${text}`, 'cell'), escapeText(text)]) {
          // The helpers put in their own zero-width space to break an HTML comment's delimiters; nothing else.
          expect(hasInvisible(markdown.replace(/(?<=<)\u200b(?=!--)|(?<=--)\u200b(?=>)/g, ''))).toBe(false);
        }
        // Nor can outside text spell a delimiter anywhere it is shown: no marker or record can be planted through it.
        for (const markdown of [codeSpan(text), codeSpan(text, 'cell'), linkOrCode(`https://e.example/${text}`, 'cell'), escapeText(text), codeBlock(text)]) {
          expect(markdown).not.toMatch(/<!--|-->/);
        }
      }),
      RUNS,
    );
  });

  it('in every output of a job whose fields all carry it', () => {
    fc.assert(
      fc.property(outsideText, (text) => {
        const run = newRun(text, '', 0, 'pr-opened');
        run.job = {
          id: text,
          status: text,
          prLink: text,
          model: text,
          createdAt: text,
          archivedAt: text,
          source: { repository: text, ref: text },
          [text]: text,
        };
        const outputs = agentOutputs(run, 1);
        for (const value of Object.values(outputs)) expect(hasInvisible(value)).toBe(false);
        if (outputs.job) expect(() => JSON.parse(outputs.job!) as unknown).not.toThrow();
      }),
      RUNS,
    );
  });

  it('in the prompts: a pull request’s title, body, commits, branch and files; a refresh’s paths and terms', () => {
    fc.assert(
      fc.property(outsideText, outsideText, (text, other) => {
        const diffPrompt = buildPrompt({
          instruction: 'Document it.',
          context: {
            repository: 'acme/widgets',
            event: 'pull_request',
            pullRequest: { number: 1, title: text, url: other, body: `${text}\n${other}` },
            headRef: text,
            headSha: other,
            commitSubjects: [text, other],
          },
          files: [{ path: text, text: `diff --git a/${text} b/${text}\n+${other}`, binary: false, patchMissing: false }],
          omitted: [{ path: other, chars: 1 }],
          excluded: [],
        });
        const signals = {
          pages: [...busiestPages([{ path: text, human: 1, ai: 0, total: 1 }], 5), ...poorlyRatedPages([{ path: other, thumbsUp: 1, thumbsDown: 1 }], 5)],
          searches: unansweredSearches([{ searchQuery: text, hits: 1, topClickedPage: null }], 5),
        };
        const refreshPrompt = buildRefreshPrompt('Refresh it.', signals, 'the period');
        expect(hasInvisible(diffPrompt)).toBe(false);
        expect(hasInvisible(refreshPrompt)).toBe(false);
        expect(hasInvisible(JSON.stringify(signals))).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('the cleaner: text that shows is kept as it is', () => {
  it('withoutInvisible changes no string without an invisible character', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCharacter.filter((char) => !INVISIBLE.test(char)), maxLength: 40 }), (text) => withoutInvisible(text) === text),
      RUNS,
    );
  });

  it('cleanText and oneLine change printable text only by their white-space rules', () => {
    fc.assert(
      fc.property(printableText, (text) => {
        fc.pre(!text.includes('<!--'));
        const flat = text.replace(/\s+/g, ' ').trim();
        expect(cleanText(text, BIG)).toBe(flat);
        expect(oneLine(text, BIG)).toBe(flat);
        // Many lines: every line break becomes a line feed, the whole is trimmed, nothing else changes.
        expect(cleanText(text, BIG, true)).toBe(text.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim());
      }),
      RUNS,
    );
  });

  it('cutting keeps the first characters whole and marks the cut', () => {
    fc.assert(
      fc.property(printableText, fc.integer({ min: 1, max: 40 }), (text, max) => {
        fc.pre(!text.includes('<!--'));
        const flat = Array.from(text.replace(/\s+/g, ' ').trim());
        expect(cleanText(text, max)).toBe(flat.length > max ? `${flat.slice(0, max - 1).join('')}…` : flat.join(''));
      }),
      RUNS,
    );
  });
});

describe('forLog under the runner’s rules', () => {
  /** What the logger writes to the step's output for `lines`, as info lines. */
  function logged(lines: readonly string[]): string {
    let output = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output += String(chunk);
      return true;
    });
    try {
      for (const line of lines) coreLogger.info(line);
    } finally {
      spy.mockRestore();
    }
    return output;
  }

  const freeText = fc.string({ unit: fc.oneof(anyCharacter, invisibleCharacter, pieces(SPACING, LOG_PIECES, LOG_PIECES)), maxLength: 40 });
  /** A command as the runner reads one, behind white space (as .NET counts it) or invisible characters. */
  const commandAtStart = fc
    .tuple(
      fc.string({ unit: fc.oneof({ arbitrary: pieces(SPACING), weight: 3 }, { arbitrary: invisibleCharacter, weight: 1 }), maxLength: 3 }),
      fc.constantFrom('::', '##['),
      fc.constantFrom('warning', 'set-output name=x', 'ADD-MASK', 'stop-commands', 'error'),
      fc.constantFrom('::', ']', ' ::'),
      freeText,
    )
    .map((parts) => parts.join(''));
  /** The same after other text and a line break, or none. */
  const commandLater = fc
    .tuple(freeText, fc.constantFrom('', ...SPACING.filter((space) => /[\r\n]/.test(space))), commandAtStart)
    .map((parts) => parts.join(''));
  const logText = fc.oneof(freeText, commandAtStart, commandLater);
  /** More runs here: a command hides in a small corner of these strings, and each run takes well under a millisecond. */
  const LOG_RUNS = { numRuns: 1_000 };

  it('no string becomes a workflow command, at the start of a log line or within it', () => {
    fc.assert(
      fc.property(logText, fc.integer({ min: 1, max: 60 }), (text, max) => {
        expect(runnerCommands(forLog(text))).toEqual([]);
        expect(runnerCommands(forLog(text, max))).toEqual([]);
        expect(runnerCommands(logged([forLog(text), `Job 1 is ${forLog(text)}.`, forLog(text, max)]))).toEqual([]);
      }),
      LOG_RUNS,
    );
  });

  it('the logger defuses an info line that skipped forLog, too', () => {
    fc.assert(
      fc.property(logText, (text) => {
        expect(runnerCommands(logged([text, `${text} and more`]))).toEqual([]);
      }),
      LOG_RUNS,
    );
  });
});

describe('the Markdown helpers under GitHub’s renderer', () => {
  const markdownText = fc.string({ unit: fc.oneof(anyCharacter, invisibleCharacter, pieces(SPACING, MARKDOWN_PIECES, MARKDOWN_PIECES)), maxLength: 40 });

  /** What a code span shows of `text`: cleaned, line breaks as spaces, cut, NUL as cmark shows it (U+FFFD). */
  const shownInCode = (text: string): string => cutToChars(withoutInvisible(text).replace(/\r\n?|\n/g, ' '), MAX_VALUE_CHARS).replace(/\0/g, '\ufffd');
  const codeTexts = (markdown: string): string[] =>
    DomUtils.getElementsByTagName('code', renderedDom(markdown), true).map((code) => DomUtils.textContent(code));

  it('a code span shows the text as given, in running text and in a table cell, and nothing else happens', () => {
    fc.assert(
      fc.property(markdownText, (text) => {
        const shown = shownInCode(text);
        fc.pre(shown.length > 0);
        const paragraph = `Not read: ${codeSpan(text)} (so left out).`;
        expect(renderProblems(paragraph)).toEqual([]);
        expect(codeTexts(paragraph).map(asRead)).toEqual([shown]);
        const table = `| Job | ${codeSpan(text, 'cell')} |\n| --- | --- |\n| Status | ${codeSpan(text, 'cell')} |`;
        expect(renderProblems(table)).toEqual([]);
        expect(codeTexts(table).map(asRead)).toEqual([shown, shown]);
      }),
      RUNS,
    );
  });

  const urlText = fc.string({
    unit: fc.oneof(
      anyCharacter,
      invisibleCharacter,
      pieces([
        '|',
        ' ',
        '(',
        ')',
        '<',
        '>',
        '\\',
        '`',
        '&',
        '&amp;',
        '"',
        "'",
        '[',
        ']',
        '{',
        '}',
        '%',
        '%7C',
        '%2',
        '#',
        '?',
        '=',
        '/',
        '..',
        '@',
        ':',
        '*',
        '_',
        '~~',
      ]),
    ),
    maxLength: 30,
  });

  it('a link to an http(s) URL goes exactly where the URL says and shows it, cleaned, as code', () => {
    fc.assert(
      fc.property(fc.constantFrom('https', 'http'), fc.domain(), urlText, (scheme, host, rest) => {
        const url = `${scheme}://${host}/${rest}`;
        const markdown = `| Pull request | ${linkOrCode(url, 'cell')} |\n| --- | --- |`;
        expect(renderProblems(markdown, { links: [url] })).toEqual([]);
        const links = DomUtils.getElementsByTagName('a', renderedDom(markdown), true);
        expect(links).toHaveLength(1);
        expect(sameTarget(links[0]!.attribs.href!, url)).toBe(true);
        expect(new URL(links[0]!.attribs.href!).origin).toBe(new URL(url).origin);
        expect(codeTexts(markdown)).toEqual([shownInCode(url)]);
      }),
      RUNS,
    );
  });

  it('anything but an http(s) URL is shown as code, never linked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript:alert(1)//', 'data:text/html,', 'ftp://e.example/', 'mailto:a@b.example?', 'vbscript:', ''),
        urlText,
        (start, rest) => {
          const url = `${start}${rest}`;
          fc.pre(!/^https?:/i.test(url.trim()) && shownInCode(url).length > 0);
          const markdown = `| Pull request | ${linkOrCode(url, 'cell')} |\n| --- | --- |`;
          expect(renderProblems(markdown, { links: [] })).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it("escapeText shows the action's sentence as written, with no link, markup or broken table", () => {
    // Mentions, references and e-mail addresses are left out: GitHub links them whatever the
    // escaping (the e-mail autolinker reads past entities), which is why outside text is shown
    // as code and never through escapeText.
    const sentenceText = markdownText.filter((text) => !/@|#\d|gh-\d/i.test(withoutInvisible(text)));
    fc.assert(
      fc.property(sentenceText, (text) => {
        const flat = (sentence: string): string => sentence.replace(/\s+/g, ' ').trim();
        const expected = withoutInvisible(text)
          .replace(/[\r\n\u2028\u2029]+/g, ' ')
          .replace(/\0/g, '\ufffd');
        const paragraph = `Dry run: would ${escapeText(text)}. Nothing was sent.`;
        expect(renderProblems(paragraph)).toEqual([]);
        expect(flat(DomUtils.textContent(renderedDom(paragraph)))).toBe(flat(`Dry run: would ${expected}. Nothing was sent.`));
        const table = `| Sent | ${escapeText(text)} |\n| --- | --- |`;
        expect(renderProblems(table)).toEqual([]);
        expect(flat(renderedTables(table)[0]![0]![1]!)).toBe(flat(expected));
      }),
      RUNS,
    );
  });
});

describe('durations', () => {
  it('a formatted duration parses back to itself (to the second from one second up)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * 365 * 86_400_000 }), (ms) => {
        const text = formatDuration(ms);
        const parsed = parseDuration(text);
        expect(parsed).toBe(ms < 1000 ? ms : Math.round(ms / 1000) * 1000);
        expect(formatDuration(parsed)).toBe(text);
      }),
      RUNS,
    );
  });

  it('whatever it accepts is a whole, non-negative, safe number of milliseconds no less than the minimum; the rest is a ParseError', () => {
    const durationText = fc.string({
      unit: fc.constantFrom('0', '1', '5', '9', '00', '99999999999', 'h', 'm', 's', 'ms', 'H', 'M', 'S', '.', '-', '+', 'e', ' ', '1h', '30m', '45s'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(durationText, fc.integer({ min: 0, max: 5_000 }), (text, minMs) => {
        let ms: number;
        try {
          ms = parseDuration(text, minMs);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseError);
          return;
        }
        expect(Number.isSafeInteger(ms)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(minMs);
        expect(ms).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
});

describe('dates', () => {
  const DAY_MS = 86_400_000;
  const NOW = Date.UTC(2026, 10, 20, 15, 30);

  it('a calendar day written YYYY-MM-DD parses to its midnight UTC, and back', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        const text = toIsoDate(date.getTime());
        const resolved = parseDate(text, NOW);
        expect(resolved).toEqual({ text, epochMs: Math.floor(date.getTime() / DAY_MS) * DAY_MS, dateOnly: true });
      }),
      RUNS,
    );
  });

  it('a YYYY-MM-DD is accepted exactly when it names a day of the calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (year, month, day) => {
        const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const utc = new Date(Date.UTC(2000, month - 1, day));
        utc.setUTCFullYear(year);
        const real = month >= 1 && month <= 12 && day >= 1 && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
        if (real) expect(parseDate(text, NOW).epochMs).toBe(utc.getTime());
        else expect(() => parseDate(text, NOW)).toThrow(ParseError);
      }),
      RUNS,
    );
  });

  it('a date-time is accepted only with a real day, time and offset, and stands for that instant', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const dateTime = fc.record({
      date: fc.constantFrom('2026-02-28', '2026-02-29', '2024-02-29', '2026-04-31', '2026-12-31', '2026-13-01'),
      hour: two(25),
      minute: two(61),
      second: fc.option(two(61)),
      fraction: fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 9 })),
      offset: fc.oneof(
        fc.constantFrom('Z', 'z'),
        fc.tuple(fc.constantFrom('+', '-'), two(25), two(61), fc.boolean()).map(([sign, h, m, colon]) => `${sign}${h}${colon ? ':' : ''}${m}`),
      ),
    });
    fc.assert(
      fc.property(dateTime, ({ date, hour, minute, second, fraction, offset }) => {
        const text = `${date}T${hour}:${minute}${second === null ? '' : `:${second}${fraction === null ? '' : `.${fraction}`}`}${offset}`;
        let resolved: ReturnType<typeof parseDate>;
        try {
          resolved = parseDate(text, NOW);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseError);
          return;
        }
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const [h, mi, s] = [Number(hour), Number(minute), Number(second ?? 0)];
        const calendarDay = new Date(Date.UTC(year, month - 1, day));
        expect([calendarDay.getUTCMonth() + 1, calendarDay.getUTCDate()]).toEqual([month, day]);
        expect(h < 24 || (h === 24 && mi === 0 && s === 0 && (second === null || !/[1-9]/.test(fraction ?? '')))).toBe(true);
        expect(mi).toBeLessThan(60);
        expect(s).toBeLessThan(60);
        const offsetMinutes = /^[zZ]$/.test(offset) ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
        if (!/^[zZ]$/.test(offset)) {
          expect(Number(offset.slice(1, 3))).toBeLessThan(24);
          expect(Number(offset.slice(-2))).toBeLessThan(60);
        }
        const millis = second === null ? 0 : Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
        expect(resolved).toEqual({ text, epochMs: Date.UTC(year, month - 1, day, h, mi, s, millis) - offsetMinutes * 60_000, dateOnly: false });
      }),
      RUNS,
    );
  });

  it('"-Nd" is N whole days before today (UTC), and "today" is today', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: DAY_MS - 1 }), (days, timeOfDay) => {
        const now = Date.UTC(2026, 0, 1) + timeOfDay;
        expect(parseDate(`-${days}d`, now).epochMs).toBe(Date.UTC(2026, 0, 1) - days * DAY_MS);
        expect(parseDate('today', now).epochMs).toBe(Date.UTC(2026, 0, 1));
      }),
      RUNS,
    );
  });
});
