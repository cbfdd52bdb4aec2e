/**
 * The parsers of src/parse.ts: durations, dates, booleans, choices, IDs; and the job ID rule,
 * wherever an ID comes from: the API's answer, the pull-request comment's record (and the `job-id`
 * input: inputs.test.ts; the URL path: api/client.test.ts). A job the API created is never lost to
 * a rule of ours: any ID of 1–256 characters with no control or invisible character, other than
 * `.` and `..`, is accepted everywhere, and nothing else is.
 */
import { describe, expect, it } from 'vitest';
import {
  ParseError,
  parseBaseUrl,
  parseBoolean,
  parseChoice,
  parseDate,
  parseDuration,
  parseId,
  parseInteger,
  parseList,
  toIsoDate,
  isJobId,
  parseJobId,
  parseTagName,
} from '../src/parse.js';
import { formatDuration } from '../src/text.js';
import fc from 'fast-check';
import { recordIn, sealedRecord } from './support/records.js';
import { thrown } from './support/thrown.js';
import { AWKWARD_JOB_IDS, invalidJobId, validJobId } from './support/job-ids.js';

/** 2026-11-22T15:30:00Z: a fixed "now", mid-afternoon so that "today" is not the instant itself. */
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const DAY = 86_400_000;
const midnight = (year: number, monthIndex: number, day: number): number => Date.UTC(year, monthIndex, day);

/** The ParseError `fn` throws; the test fails when it throws anything else, or nothing. */
const parseErrorOf = (fn: () => unknown): ParseError => thrown(ParseError, fn);

describe('parseBoolean', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['tRuE', true],
    ['false', false],
    ['FALSE', false],
    ['False', false],
  ])('%j -> %s', (text, expected) => {
    expect(parseBoolean(text)).toBe(expected);
  });

  it.each(['', ' ', 'yes', 'no', '1', '0', 'on', 'off', 'truee', ' true', 'true '])('refuses %j', (text) => {
    const error = parseErrorOf(() => parseBoolean(text));
    expect(error.expected).toBe('true or false');
    expect(error.message).toBe(error.expected);
    expect(error.name).toBe('ParseError');
  });
});

describe('parseInteger', () => {
  it.each([
    ['0', 0, 10, 0],
    ['10', 0, 10, 10],
    ['5', 0, 10, 5],
    ['+5', 0, 10, 5],
    ['007', 0, 10, 7],
    ['1', 1, 250, 1],
    ['250', 1, 250, 250],
    ['-3', -5, 5, -3],
  ])('%j in [%i, %i] -> %i', (text, min, max, expected) => {
    expect(parseInteger(text, min, max)).toBe(expected);
  });

  it('has no upper bound by default', () => {
    expect(parseInteger('123456789012', 0)).toBe(123_456_789_012);
    expect(parseInteger(String(Number.MAX_SAFE_INTEGER), 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['-1', 0, 10],
    ['11', 0, 10],
    ['0', 1, 250],
    ['251', 1, 250],
    ['17', 1, 16],
  ])('refuses %j outside [%i, %i] and names the range', (text, min, max) => {
    expect(parseErrorOf(() => parseInteger(text, min, max)).expected).toBe(`a whole number from ${min} to ${max}`);
  });

  it.each(['1.5', '1e3', ' ', '', '0x10', 'abc', '1,000', '1_000', ' 5', '5 ', '--1', '+', 'Infinity', 'NaN', '٣'])('refuses junk %j', (text) => {
    expect(parseErrorOf(() => parseInteger(text, 0, 100)).expected).toBe('a whole number from 0 to 100');
  });

  it('says "or more" when there is no upper bound', () => {
    expect(parseErrorOf(() => parseInteger('-1', 0)).expected).toBe('a whole number, 0 or more');
  });

  it('refuses numbers beyond the safe integer range', () => {
    expect(() => parseInteger('9007199254740993', 0)).toThrow(ParseError);
    expect(() => parseInteger('1'.repeat(400), 0)).toThrow(ParseError);
  });
});

describe('parseChoice', () => {
  const choices = ['auto', 'true', 'false'] as const;

  it.each([
    ['auto', 'auto'],
    ['AUTO', 'auto'],
    ['True', 'true'],
    ['false', 'false'],
  ])('%j -> %j (any case)', (text, expected) => {
    expect(parseChoice(text, choices)).toBe(expected);
  });

  it.each(['', 'yes', 'automatic', ' auto', 'auto '])('refuses %j and lists the choices', (text) => {
    expect(parseErrorOf(() => parseChoice(text, choices)).expected).toBe('one of auto, true, false');
  });
});

describe('parseList', () => {
  it.each([
    ['', []],
    ['   ', []],
    [',,\n,', []],
    ['a', ['a']],
    ['a,b,c', ['a', 'b', 'c']],
    [' a , b ,c ', ['a', 'b', 'c']],
    ['a\nb\nc', ['a', 'b', 'c']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['docs/**\n\n  src/*.ts , \n,lib/**\n', ['docs/**', 'src/*.ts', 'lib/**']],
    // A comma inside braces belongs to the glob, nested braces included.
    ['src/**/*.{ts,tsx}', ['src/**/*.{ts,tsx}']],
    ['src/**/*.{ts,tsx}, docs/**', ['src/**/*.{ts,tsx}', 'docs/**']],
    ['{a,{b,c}}/*.md,lib/{x,y}/**', ['{a,{b,c}}/*.md', 'lib/{x,y}/**']],
    ['src/*.{ts,tsx}\n{docs,guides}/**', ['src/*.{ts,tsx}', '{docs,guides}/**']],
    // Braces that do not pair up on their line: every comma splits, as if there were none.
    ['a{b,c', ['a{b', 'c']],
    ['a}b,c{', ['a}b', 'c{']],
    ['x{,\ny}', ['x{', 'y}']],
    // An escaped brace is a literal character and opens nothing.
    ['a\\{b,c', ['a\\{b', 'c']],
  ])('%j -> %j', (text, expected) => {
    expect(parseList(text)).toEqual(expected);
  });
});

describe('parseDuration', () => {
  it.each([
    ['45s', 45_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['1h30m15s', 5_415_000],
    ['1h15s', 3_615_000],
    ['2m30s', 150_000],
    ['500ms', 500],
    ['1s500ms', 1_500],
    ['90', 90_000],
    ['2.5', 2_500],
    ['0.5', 500],
    ['1', 1_000],
    ['45S', 45_000],
    ['1H30M', 5_400_000],
    ['500MS', 500],
  ])('%j -> %i ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '10x', '-5s', '-5', '1m1h', '30s1m', '0', '0s', '0ms', '0.0001', '1h 30m', '.5', '1.', 's', 'ms', '1d', '1.5h', '10 s'])(
    'refuses %j',
    (text) => {
      expect(parseErrorOf(() => parseDuration(text)).expected).toMatch(/^a duration such as 45s, 10m, 1h, 1h30m/);
    },
  );

  it('enforces a minimum and names it', () => {
    expect(parseDuration('1s', 1_000)).toBe(1_000);
    const error = parseErrorOf(() => parseDuration('999ms', 1_000));
    expect(error.expected).toContain('at least 1s');
    expect(parseErrorOf(() => parseDuration('0')).expected).toContain('at least 1ms');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [1, '1ms'],
    [250, '250ms'],
    [999, '999ms'],
    [999.4, '999ms'],
    [999.6, '1s'],
    [1_000, '1s'],
    [45_000, '45s'],
    [60_000, '1m'],
    [90_000, '1m30s'],
    [600_000, '10m'],
    [3_600_000, '1h'],
    [3_615_000, '1h15s'],
    [5_400_000, '1h30m'],
    [5_415_000, '1h30m15s'],
    [90_061_000, '25h1m1s'],
  ])('%d ms -> %j', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each(['45s', '10m', '1h', '1h30m', '1h30m15s', '500ms'])('round-trips %j through parseDuration', (text) => {
    expect(formatDuration(parseDuration(text))).toBe(text);
  });

  it('rounds to whole seconds from one second up (elapsed-time display)', () => {
    expect(formatDuration(1_499)).toBe('1s');
    expect(formatDuration(61_400)).toBe('1m1s');
  });
});

describe('parseDate', () => {
  const today = midnight(2026, 10, 22);

  it('resolves "today" (any case) to midnight UTC of the current day', () => {
    for (const text of ['today', 'TODAY', 'Today']) {
      expect(parseDate(text, NOW)).toEqual({ text: '2026-11-22', epochMs: today, dateOnly: true });
    }
  });

  it('uses the UTC day, not the local one, right around midnight', () => {
    expect(parseDate('today', Date.UTC(2026, 10, 22, 23, 59, 59, 999)).text).toBe('2026-11-22');
    expect(parseDate('today', Date.UTC(2026, 10, 23, 0, 0, 0, 0)).text).toBe('2026-11-23');
  });

  it.each([
    ['-7d', '2026-11-15', 7],
    ['-0d', '2026-11-22', 0],
    ['-1d', '2026-11-21', 1],
    ['-30d', '2026-10-23', 30],
    ['-365d', '2025-11-22', 365],
    ['-7D', '2026-11-15', 7],
  ])('%j -> %s', (text, expected, days) => {
    expect(parseDate(text, NOW)).toEqual({ text: expected, epochMs: today - days * DAY, dateOnly: true });
  });

  it.each([
    ['2026-11-01', midnight(2026, 10, 1)],
    ['2024-02-29', midnight(2024, 1, 29)],
    ['2000-02-29', midnight(2000, 1, 29)],
    ['2026-12-31', midnight(2026, 11, 31)],
    ['2026-01-01', midnight(2026, 0, 1)],
  ])('accepts the date %j as given', (text, epochMs) => {
    expect(parseDate(text, NOW)).toEqual({ text, epochMs, dateOnly: true });
  });

  it.each([
    ['2026-11-01T10:00:00Z', Date.UTC(2026, 10, 1, 10)],
    ['2026-11-01T10:00Z', Date.UTC(2026, 10, 1, 10)],
    ['2026-11-01T10:00:00.250Z', Date.UTC(2026, 10, 1, 10, 0, 0, 250)],
    ['2026-11-01T10:00:00+02:00', Date.UTC(2026, 10, 1, 8)],
    ['2026-11-01T10:00:00-05:30', Date.UTC(2026, 10, 1, 15, 30)],
    ['2026-11-01T23:30:00-01:00', Date.UTC(2026, 10, 2, 0, 30)],
    ['2024-02-29T12:00:00Z', Date.UTC(2024, 1, 29, 12)],
  ])('accepts the date-time %j, sent as given', (text, epochMs) => {
    expect(parseDate(text, NOW)).toEqual({ text, epochMs, dateOnly: false });
  });

  it.each([
    '',
    ' ',
    'yesterday',
    'tomorrow',
    'now',
    '-7',
    '7d',
    '+7d',
    '-d',
    '-7w',
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-11-31',
    '2026-11-00',
    '2026-1-5',
    '26-11-01',
    '2026/11/01',
    '20261101',
    '11/01/2026',
    '2026-11-01 10:00:00Z',
    '2026-11-01T10:00:00',
    '2026-11-01T10:00',
    '2026-11-01T25:00:00Z',
    '2026-11-01T10:60:00Z',
    '2026-02-30T10:00:00Z',
    '2026-11-01T10:00:00+25:00',
    'Sun, 01 Nov 2026 10:00:00 GMT',
    '2026-11-01Z',
  ])('refuses %j', (text) => {
    expect(parseErrorOf(() => parseDate(text, NOW)).expected).toBe('YYYY-MM-DD, an ISO 8601 date-time, today, or -Nd (N days before today, UTC)');
  });

  it('toIsoDate gives the UTC calendar day', () => {
    expect(toIsoDate(NOW)).toBe('2026-11-22');
    expect(toIsoDate(midnight(2024, 1, 29))).toBe('2024-02-29');
  });
});

describe('parseBaseUrl', () => {
  it.each([
    ['https://api.mintlify.com', 'https://api.mintlify.com'],
    ['https://api.mintlify.com/', 'https://api.mintlify.com'],
    ['https://api.example.com/v1', 'https://api.example.com/v1'],
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['https://proxy.example.com/mintlify/api/', 'https://proxy.example.com/mintlify/api'],
    ['https://api.example.com:8443/', 'https://api.example.com:8443'],
    ['HTTPS://API.EXAMPLE.COM/v1/', 'https://api.example.com/v1'],
    ['http://localhost', 'http://localhost'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://LOCALHOST:4010', 'http://localhost:4010'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.1.2.3/', 'http://127.1.2.3'],
    ['http://127.255.255.254:80/prefix/', 'http://127.255.255.254/prefix'],
    ['http://[::1]:4010/', 'http://[::1]:4010'],
    ['http://[::1]', 'http://[::1]'],
  ])('accepts %j -> %j', (text, expected) => {
    expect(parseBaseUrl(text)).toBe(expected);
  });

  it.each([
    'http://example.com',
    'http://api.mintlify.com',
    'http://10.0.0.1',
    'http://192.168.1.1',
    'http://192.168.1.1:8080/api',
    'http://172.16.0.1',
    'http://0.0.0.0:4010',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
    'http://[::2]',
    'ftp://api.mintlify.com',
    'file:///etc/passwd',
    'ws://localhost:4010',
    'https://api.mintlify.com?x=1',
    'https://api.mintlify.com/v1?x=1',
    'https://api.mintlify.com#frag',
    'https://api.mintlify.com/v1/#frag',
    'https://user:pass@api.mintlify.com',
    'https://user@api.mintlify.com',
    'http://user:pass@localhost:4010',
    'api.mintlify.com',
    '//api.mintlify.com',
    'not a url',
    '',
    'https://',
  ])('refuses %j', (text) => {
    expect(parseErrorOf(() => parseBaseUrl(text)).expected).toContain('https://');
  });

  // A bare "?" or "#" parses to an empty search or hash but stays in href, where every path
  // the client appends would land in the query string.
  it.each(['https://api.example.com/?', 'https://api.example.com/#', 'https://api.example.com/v1/?#'])(
    'refuses an empty query or fragment marker %j',
    (text) => {
      expect(() => parseBaseUrl(text)).toThrow(ParseError);
    },
  );
});

describe('parseId', () => {
  it.each(['a', '7', 'proj_123', 'job-abc.DEF~9', '0f3c9a2b-4d1e-4c7a-9b2e-1f0a2b3c4d5e', 'a..b', 'x'.repeat(128)])('accepts %j unchanged', (text) => {
    expect(parseId(text)).toBe(text);
  });

  it.each([
    '',
    ' ',
    '../x',
    '..',
    '.',
    '.hidden',
    '-x',
    '_x',
    'a/b',
    '/abc',
    'a\\b',
    'a b',
    ' abc',
    'abc ',
    'abc\n',
    'é',
    'projé',
    'a?b',
    'a#b',
    'a%2Fb',
    'https://dashboard.mintlify.com/proj',
    'x'.repeat(129),
  ])('refuses %j', (text) => {
    expect(parseErrorOf(() => parseId(text)).expected).toMatch(/^1 to 128 characters/);
  });
});

describe('the text forms at their edges', () => {
  it('parseList: an escaped comma or brace is a literal character', () => {
    expect(parseList('a\\,b, c')).toEqual(['a\\,b', 'c']);
    // The escaped brace opens nothing, so the closing one is unpaired: every comma splits.
    expect(parseList('a\\{b,c}')).toEqual(['a\\{b', 'c}']);
  });

  it('parseDuration: numbers of any length, fractions of seconds to the millisecond', () => {
    expect(parseDuration('12h')).toBe(43_200_000);
    expect(parseDuration('24h30m')).toBe(88_200_000);
    expect(parseDuration('2.25')).toBe(2_250);
    expect(parseDuration('0.125')).toBe(125);
  });

  it('parseDuration: an empty value is asked for in the documented forms', () => {
    expect(parseErrorOf(() => parseDuration('')).expected).toBe('a duration such as 45s, 10m, 1h, 1h30m, 500ms, or a number of seconds');
  });

  it('parseDate: -Nd and a date-time only whole, and a UTC offset with or without its colon', () => {
    for (const text of ['x-7d', '-7dx', '1-7d', 'x2026-11-01T10:00:00Z', '2026-11-01T10:00:00Zx', '2026-11-01T10:00:00+02:00x']) {
      expect(() => parseDate(text, NOW), text).toThrow(ParseError);
    }
    expect(parseDate('2026-11-01T10:00:00+0200', NOW)).toEqual({ text: '2026-11-01T10:00:00+0200', epochMs: Date.UTC(2026, 10, 1, 8), dateOnly: false });
  });

  it('parseBaseUrl: every trailing slash goes', () => {
    expect(parseBaseUrl('https://api.example.com/v1//')).toBe('https://api.example.com/v1');
  });
});

describe('the job ID rule, wherever an ID comes from', () => {
  const RUNS = { numRuns: 300, seed: 20_261_122 };
  const HEAD = 'e'.repeat(40);

  describe('the job ID rule', () => {
    it.each([...AWKWARD_JOB_IDS, '../job', 'jobs/123', 'jöb_1', ' padded ', '%2e%2e', '...', '😀'.repeat(256), 'x'.repeat(256)])('accepts %j', (id) => {
      expect(isJobId(id)).toBe(true);
      expect(parseJobId(id)).toBe(id);
    });

    it.each([
      '',
      '.',
      '..',
      'x'.repeat(257),
      '😀'.repeat(257),
      'job\n1',
      'job\t1',
      'job\u200b1',
      'job\u00ad1',
      'job\u202e1',
      'job\u{e0041}1',
      'job\u20281',
      'job\ud8001',
    ])('refuses %j, saying what is accepted', (id) => {
      expect(isJobId(id)).toBe(false);
      let error: unknown;
      try {
        parseJobId(id);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).expected).toMatch(/^1 to 256 characters.*control or invisible.*"\." or "\.\."/);
    });

    it('accepts any string that satisfies the contract', () => {
      fc.assert(
        fc.property(validJobId, (id) => {
          expect(isJobId(id)).toBe(true);
          expect(parseJobId(id)).toBe(id);
        }),
        RUNS,
      );
    });

    it('refuses any string that breaks it', () => {
      fc.assert(
        fc.property(invalidJobId, (id) => {
          expect(isJobId(id)).toBe(false);
          expect(() => parseJobId(id)).toThrow(ParseError);
        }),
        RUNS,
      );
    });
  });

  describe('a job ID in the pull-request comment’s record', () => {
    it('comes back as it was written, whatever characters the rule allows', () => {
      fc.assert(
        fc.property(validJobId, (id) => {
          const line = sealedRecord({ jobId: id, headSha: HEAD }, 12);
          // The record stays one hidden line: nothing in the ID ends the HTML comment or the line.
          expect(line).toMatch(/^<!-- docs-agent-action:state \{[^\n]*\} sha256=[0-9a-f]{64} -->$/);
          expect(line.slice('<!--'.length, -'-->'.length)).not.toContain('--');
          expect(recordIn(`marker\n${line}\n`, 12)).toEqual({ jobId: id, headSha: HEAD });
        }),
        RUNS,
      );
    });

    it('is not followed when it breaks the rule', () => {
      fc.assert(
        fc.property(invalidJobId, (id) => {
          expect(recordIn(sealedRecord({ jobId: id, headSha: HEAD }, 12), 12)).toBeUndefined();
        }),
        RUNS,
      );
    });
  });
});

describe('parseTagName', () => {
  it.each(['v1.2.0', 'release/2.0', 'v2.0.0-rc.1', '1.0', 'v1.2.0+build.7', '日本語', 'x'.repeat(255)])('takes %j as Git takes a tag', (tag) => {
    expect(parseTagName(tag)).toBe(tag);
  });

  it('takes refs/tags/v1 for v1, as Git names it whole', () => {
    expect(parseTagName('refs/tags/v1')).toBe('v1');
  });

  it.each([
    '',
    '@',
    'v1 2',
    'v1\t2',
    'a..b',
    'a@{1}',
    'a~1',
    'a^',
    'a:b',
    'a?',
    'a*',
    'a[b',
    'a\\b',
    '-v1',
    '/v1',
    'v1/',
    'v1.',
    'v1.lock',
    'a//b',
    'a/.b',
    '.v1',
    'v\u00001',
    'x'.repeat(256),
  ])('refuses %j, saying what Git allows', (tag) => {
    expect(parseErrorOf(() => parseTagName(tag)).expected).toBe(
      'a tag name as Git allows it (no spaces, none of ~ ^ : ? * [ \\, no "..", at most 255 characters)',
    );
  });
});
