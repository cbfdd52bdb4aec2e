/**
 * The suite does not lean on real time. No file under test/ reads the host's clock: the tests run
 * on fake time (test/support/fake-time.ts), whose timers are the requests' time limits too. And
 * the action starts no timer of its own but through the runtime's ports (`Sleep`, `StartTimer`),
 * which the tests drive on that fake time. Each place where a real clock or a real timer is the
 * subject is allowed below, by the line that reads or starts it and why; an entry must match
 * exactly one place, so one the code no longer has fails the test as well as one it gains.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** This file names what it looks for. */
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

interface Allowed {
  readonly file: string;
  /** The place's line, or enough of it to tell it from the file's other lines. */
  readonly line: string;
  readonly why: string;
}

/**
 * Reads of the host's clock: Date's and performance's `now` (called or handed on as a clock),
 * performance's origin, a Date made without arguments or Date called as a function (today as a
 * string), and the process's high-resolution time.
 */
const HOST_CLOCK = [
  /\bDate\s*\.\s*now\b/g,
  /\bperformance\s*\.\s*(?:now|timeOrigin)\b/g,
  /\bnew\s+Date\s*\(\s*\)/g,
  /(?<![\w.$])(?<!\bnew\s+)Date\s*\(\s*\)/g,
  /\bprocess\s*\.\s*hrtime\b/g,
];

const BUNDLE_RUN =
  'A run of the bundle is a real process on the host’s clock: its `durationMs` is what the demo prints, and no test holds it to anything (the tests read the action’s own account of its time, by its clock).';

const HOST_CLOCK_ALLOWED: readonly Allowed[] = [
  {
    file: 'test/simulator/http-server.ts',
    line: 'const now = options.now ?? ',
    why: 'The simulator’s clock when it is given none: real time, for `npm start` and the bundle’s runs (real processes). A test on fake time gives it its clock.',
  },
  {
    file: 'test/support/fake-github.ts',
    line: "export async function startFakeGitHub({ owner = 'acme', repo = 'widgets', now = ",
    why: 'The fake GitHub’s clock when it is given none: real time, for `npm start` and the bundle’s runs. A test on fake time gives it its clock.',
  },
  { file: 'test/support/run-action.ts', line: 'const started = ', why: BUNDLE_RUN },
  { file: 'test/support/run-action.ts', line: 'durationMs: ', why: BUNDLE_RUN },
];

/** Timers the action could start of its own: a timeout, an interval, a signal that aborts by itself. */
const OWN_TIMERS = [/\bsetTimeout\s*\(/g, /\bsetInterval\s*\(/g, /\bAbortSignal\s*\.\s*timeout\s*\(/g];

const OWN_TIMERS_ALLOWED: readonly Allowed[] = [
  { file: 'src/runtime.ts', line: 'const timer = setTimeout(', why: '`realSleep`: the real `Sleep`, which only the entry layer hands out.' },
  { file: 'src/runtime.ts', line: 'const timer = setTimeout(fire', why: '`realTimer`: the real `StartTimer`, which only the entry layer hands out.' },
  {
    file: 'src/ports.ts',
    line: 'setTimeout(() => exit(',
    why: 'The entry layer ends the process a second after a cancellation or an upload left running, once everything is written: on a runner only, never in a test’s process.',
  },
];

/** Every source file under a folder of the repository, by its path from the root. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]s)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => file !== SELF)
    .sort();
}

/** Each place a pattern matches, as `file:line: text`, but those the allow-list names; and the entries that matched no place, or more than one. */
function offences(files: readonly string[], patterns: readonly RegExp[], allowed: readonly Allowed[]): { found: string[]; stale: string[] } {
  const uses = new Map<Allowed, number>(allowed.map((entry) => [entry, 0]));
  const found: string[] = [];
  for (const file of files) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const count = patterns.reduce((sum, pattern) => sum + [...text.matchAll(pattern)].length, 0);
        if (count === 0) return;
        // The entry that names the line most closely: the longest of those it holds.
        const entry = allowed.filter((candidate) => candidate.file === file && text.includes(candidate.line)).sort((a, b) => b.line.length - a.line.length)[0];
        if (entry && count === 1) uses.set(entry, uses.get(entry)! + 1);
        else found.push(`${file}:${index + 1}: ${text.trim()}`);
      });
  }
  const stale = [...uses].filter(([, count]) => count !== 1).map(([entry, count]) => `${entry.file}: "${entry.line}" matched ${count} places`);
  return { found, stale };
}

describe('no test reads the host’s clock', () => {
  it('no file under test/ reads it, but where a real clock is the subject', () => {
    const { found, stale } = offences(sourcesUnder('test'), HOST_CLOCK, HOST_CLOCK_ALLOWED);
    expect(found).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('the rule sees each way of reading it', () => {
    const reads = [
      'Date.now()',
      'const now = Date.now;',
      'performance.now()',
      'performance.timeOrigin',
      'new Date()',
      'new  Date( )',
      'String(Date())',
      'process.hrtime.bigint()',
    ];
    const fine = ['new Date(0)', 'new Date(NOW + 1_000)', 'Date.UTC(2026, 10, 22)', 'Date.parse(text)', 'upToDate()', 'day.getUTCDate()', 'time.now()'];
    const matches = (text: string): boolean => HOST_CLOCK.some((pattern) => [...text.matchAll(pattern)].length > 0);
    expect(reads.filter((text) => !matches(text))).toEqual([]);
    expect(fine.filter(matches)).toEqual([]);
  });
});

describe('the action’s timers are ports', () => {
  it('no file of src/ starts a timer but the runtime’s real ports and the entry layer’s exit', () => {
    const { found, stale } = offences(sourcesUnder('src'), OWN_TIMERS, OWN_TIMERS_ALLOWED);
    expect(found).toEqual([]);
    expect(stale).toEqual([]);
  });
});
