/**
 * The visitor files (`visitors/files.ts`): `visitors.csv` (RFC 4180, every text cell that a
 * spreadsheet would run as a formula made inert) and `visitors.json` (the rows, then the totals),
 * written row by row under a `.partial` name and given their own names only when complete; a
 * stopped export leaves neither. Each file is read back with a real CSV parser (`csv-parse`) and
 * `JSON.parse`, in a folder of the system's temporary one that each test removes.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvLine, csvText, VisitorFiles, type ExportRow, type ExportSummary } from '../../src/visitors/files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'visitor-files-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SUMMARY: ExportSummary = {
  range: { dateFrom: '2026-11-14', dateTo: '2026-11-21' },
  totals: { human: 10, ai: 4, total: 12 },
  requests: 3,
  generatedAt: '2026-11-22T12:00:00.000Z',
};

/** The cell a spreadsheet shows for a text written by `csvText`: itself, after an apostrophe when it would start a formula. */
const inert = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Writes these rows in batches through the files, closes them, and reads both back. */
async function exported(batches: readonly ExportRow[][], compare = false, summary: ExportSummary = SUMMARY) {
  const files = await VisitorFiles.open(join(dir, 'out'), compare);
  for (const rows of batches) await files.writeRows(rows);
  await files.close(summary);
  return {
    files,
    csv: parse<Record<string, string>>(readFileSync(files.csvPath, 'utf8'), { columns: true }),
    csvText: readFileSync(files.csvPath, 'utf8'),
    json: JSON.parse(readFileSync(files.jsonPath, 'utf8')) as Record<string, unknown> & { rows: unknown[] },
  };
}

describe('the two files, written and read back', () => {
  it('a folder created as needed, both files under their own names, nothing partial left', async () => {
    const { files, csvText: text, json } = await exported([[{ path: '/a', human: 3, ai: 1, total: 4 }], [{ path: '/b', human: 0, ai: 2, total: 2 }]]);
    expect(files.csvPath).toBe(join(dir, 'out', 'visitors.csv'));
    expect(files.jsonPath).toBe(join(dir, 'out', 'visitors.json'));
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['visitors.csv', 'visitors.json']);
    expect(text).toBe('path,human,ai,total\r\n/a,3,1,4\r\n/b,0,2,2\r\n');
    expect(json).toEqual({
      rows: [
        { path: '/a', human: 3, ai: 1, total: 4 },
        { path: '/b', human: 0, ai: 2, total: 2 },
      ],
      ...SUMMARY,
    });
    // The rows first, then what is only known at the end.
    expect(Object.keys(json)).toEqual(['rows', 'range', 'totals', 'requests', 'generatedAt']);
  });

  it('no row at all: a header alone, and an empty list of rows', async () => {
    const { csvText: text, json } = await exported([[], []]);
    expect(text).toBe('path,human,ai,total\r\n');
    expect(json).toEqual({ rows: [], ...SUMMARY });
  });

  it('with the previous period: its counts, the change, and whether the page is new', async () => {
    const rows: ExportRow[] = [
      { path: '/grew', human: 6, ai: 2, total: 8, previous: { human: 3, ai: 1, total: 4 } },
      { path: '/new', human: 1, ai: 0, total: 1, previous: null },
      { path: '/from-none', human: 2, ai: 0, total: 2, previous: { human: 0, ai: 0, total: 0 } },
    ];
    const summary: ExportSummary = { ...SUMMARY, previous: { range: { dateFrom: '2026-11-07', dateTo: '2026-11-14' }, totals: { human: 5, ai: 1, total: 5 } } };
    const { csv, json } = await exported([rows], true, summary);
    expect(csv).toEqual([
      {
        path: '/grew',
        human: '6',
        ai: '2',
        total: '8',
        previous_human: '3',
        previous_ai: '1',
        previous_total: '4',
        total_change: '4',
        total_change_pct: '100',
        new: 'false',
      },
      {
        path: '/new',
        human: '1',
        ai: '0',
        total: '1',
        previous_human: '',
        previous_ai: '',
        previous_total: '',
        total_change: '',
        total_change_pct: '',
        new: 'true',
      },
      {
        path: '/from-none',
        human: '2',
        ai: '0',
        total: '2',
        previous_human: '0',
        previous_ai: '0',
        previous_total: '0',
        total_change: '2',
        total_change_pct: '',
        new: 'false',
      },
    ]);
    expect(json).toEqual({
      rows: [
        { path: '/grew', human: 6, ai: 2, total: 8, previous: { human: 3, ai: 1, total: 4 }, totalChange: 4, totalChangePct: 100, new: false },
        { path: '/new', human: 1, ai: 0, total: 1, previous: null, totalChange: null, totalChangePct: null, new: true },
        { path: '/from-none', human: 2, ai: 0, total: 2, previous: { human: 0, ai: 0, total: 0 }, totalChange: 2, totalChangePct: null, new: false },
      ],
      ...summary,
    });
  });

  it('many rows, in batches larger than a stream’s buffer: every one, in order', async () => {
    const batches = Array.from({ length: 4 }, (_, batch) =>
      Array.from({ length: 1_000 }, (_, i) => ({ path: `/section-${batch}/page-${i}-${'x'.repeat(20)}`, human: i, ai: batch, total: i + batch })),
    );
    const { csv, json } = await exported(batches);
    const all = batches.flat();
    expect(csv.map((row) => row.path)).toEqual(all.map((row) => row.path));
    expect(json.rows).toEqual(all);
  });
});

describe('a text cell', () => {
  it.each([
    ['/plain/path', '/plain/path'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', '"\'\r=1"'],
    // Not at the start: no formula.
    ['a=1', 'a=1'],
    [' =1', ' =1'],
  ])('%j is written %j', (text, cell) => {
    expect(csvText(text)).toBe(cell);
  });

  it('a row: the path as a text cell, the counts as numbers; with the previous period, blanks where there is nothing to compare', () => {
    expect(csvLine({ path: '-1,x', human: 1.5, ai: 0, total: 1 }, false)).toBe('"\'-1,x",1.5,0,1');
    expect(csvLine({ path: '/a', human: 1, ai: 0, total: 3, previous: { human: 1, ai: 1, total: 2 } }, true)).toBe('/a,1,0,3,1,1,2,1,50,false');
    expect(csvLine({ path: '/a', human: 1, ai: 0, total: 1, previous: null }, true)).toBe('/a,1,0,1,,,,,,true');
    // No comparison asked: the previous period, if any, is not written.
    expect(csvLine({ path: '/a', human: 1, ai: 0, total: 1, previous: null }, false)).toBe('/a,1,0,1');
  });
});

describe('any row, read back as written (property)', () => {
  /** Paths with what CSV, spreadsheets and JSON treat specially, and any other character. */
  const path = fc.string({
    unit: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom('"', ',', '\n', '\r', '\r\n', '=', '+', '-', '@', '\t', "'", ' ', '\\', '/', '\u2028', '\ufeff', '😀', 'é', '\u0000'),
      },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    ),
    maxLength: 24,
  });
  const count = fc.oneof(fc.nat({ max: 10_000_000 }), fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }));
  const counts = fc.record({ human: count, ai: count, total: count });
  const row: fc.Arbitrary<ExportRow> = fc.record({ path, human: count, ai: count, total: count, previous: fc.option(counts, { nil: null }) });

  it('the CSV gives back every path, made inert where it would start a formula, and every count; the JSON gives back every row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 8 }), fc.boolean(), async (rows, compare) => {
        const { csv, json } = await exported([rows], compare);
        expect(csv).toHaveLength(rows.length);
        rows.forEach((given, index) => {
          const read = csv[index]!;
          expect(read.path).toBe(inert(given.path));
          expect([read.human, read.ai, read.total].map(Number)).toEqual([given.human, given.ai, given.total]);
          if (compare) {
            expect(read.new).toBe(String(given.previous === null));
            expect(read.previous_total).toBe(given.previous ? String(given.previous.total) : '');
          } else expect(Object.keys(read)).toEqual(['path', 'human', 'ai', 'total']);
        });
        expect((json.rows as ExportRow[]).map((each) => each.path)).toEqual(rows.map((each) => each.path));
        expect((json.rows as Array<Record<string, unknown>>).map(({ human, ai, total }) => ({ human, ai, total }))).toEqual(
          rows.map(({ human, ai, total }) => ({ human, ai, total })),
        );
        rmSync(join(dir, 'out'), { recursive: true, force: true });
      }),
      { numRuns: 40 },
    );
  });

  it('no text cell starts a formula a spreadsheet would run', () => {
    fc.assert(
      fc.property(path, (text) => {
        const cell = csvText(text);
        const shown = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        expect(shown).toBe(inert(text));
        expect(shown).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('an export that does not finish leaves no file', () => {
  it('discarded part-way: both partial files go; files of an earlier export stay as they were', async () => {
    const out = join(dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'visitors.csv'), 'earlier');
    const files = await VisitorFiles.open(out, false);
    await files.writeRows([{ path: '/a', human: 1, ai: 0, total: 1 }]);
    expect(readdirSync(out).sort()).toEqual(['visitors.csv', 'visitors.csv.partial', 'visitors.json.partial']);
    await files.discard();
    expect(readdirSync(out)).toEqual(['visitors.csv']);
    expect(readFileSync(join(out, 'visitors.csv'), 'utf8')).toBe('earlier');
  });

  it('a folder that cannot be made (a file in the way): refused, nothing written', async () => {
    writeFileSync(join(dir, 'taken'), '');
    await expect(VisitorFiles.open(join(dir, 'taken', 'out'), false)).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/) });
    expect(readdirSync(dir)).toEqual(['taken']);
  });

  it('one file that cannot be opened: refused with why, and the other, opened, is closed and removed', async () => {
    const out = join(dir, 'out');
    mkdirSync(out);
    // A link to itself: no file can be opened through it.
    symlinkSync('visitors.json.partial', join(out, 'visitors.json.partial'));
    await expect(VisitorFiles.open(out, false)).rejects.toMatchObject({ code: 'ELOOP', syscall: 'open' });
    expect(readdirSync(out)).toEqual([]);
  });

  // A folder with a `.partial` name is not the run's to remove: the opening's own error is what the
  // step says, never a failed clean-up's, and the folder stays.
  it('a folder in the way of one file: refused with the opening’s own error, the folder left as it was', async () => {
    const out = join(dir, 'out');
    mkdirSync(join(out, 'visitors.json.partial'), { recursive: true });
    await expect(VisitorFiles.open(out, false)).rejects.toMatchObject({ code: 'EISDIR', syscall: 'open' });
    expect(readdirSync(out)).toEqual(['visitors.json.partial']);
  });
});
