/**
 * `diff-include` and `diff-exclude` read in order, as `.gitignore` reads its lines: the last glob
 * that matches a path decides, and `!` takes back. Checked on the contract's examples, and
 * against git's own reading of a `.gitignore` (`git check-ignore`) on generated lists.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDiff } from '../src/diff/files.js';
import { filterFiles } from '../src/diff/filter.js';
import { parseGlobList, ParseError } from '../src/parse.js';
import { fileDiff } from './support/fake-github.js';

const file = (path: string): FileDiff => ({ path, text: fileDiff(path, ['x']), binary: false, patchMissing: false });
const ISSUE_FILES = ['src/a.ts', 'src/test/d.test.ts', 'docs/readme.md', 'lib/x.ts'].map(file);

/** The paths kept, with the inputs as a workflow writes them (one glob a line). */
const kept = (paths: readonly FileDiff[], include: string, exclude: string): string[] =>
  filterFiles(paths, parseGlobList(include), parseGlobList(exclude)).kept.map((f) => f.path);

describe('globs read in order', () => {
  it('diff-include "src/**" then "!src/test/**" sends src/ without its tests, and nothing else', () => {
    expect(kept(ISSUE_FILES, 'src/**\n!src/test/**', '')).toEqual(['src/a.ts']);
  });

  it('diff-exclude "src/**" then "!src/a.ts" leaves out all of src/ but a.ts', () => {
    expect(kept(ISSUE_FILES, '', 'src/**\n!src/a.ts')).toEqual(['src/a.ts', 'docs/readme.md', 'lib/x.ts']);
  });

  it('the last glob that matches decides: the same globs the other way round take the tests back in', () => {
    expect(kept(ISSUE_FILES, '!src/test/**\nsrc/**', '')).toEqual(['src/a.ts', 'src/test/d.test.ts']);
    expect(kept(ISSUE_FILES, '', '!src/a.ts\nsrc/**')).toEqual(['docs/readme.md', 'lib/x.ts']);
  });

  it('a diff-include of only ! globs starts from every path', () => {
    expect(kept(ISSUE_FILES, '!src/test/**', '')).toEqual(['src/a.ts', 'docs/readme.md', 'lib/x.ts']);
    expect(kept(ISSUE_FILES, '!src/**, !lib/**', 'none')).toEqual(['docs/readme.md']);
  });

  it('a diff-exclude of only ! globs leaves nothing out (and, being set, replaces the built-in list)', () => {
    const files = [...ISSUE_FILES, file('package-lock.json')];
    expect(kept(files, '', '!src/**')).toEqual(files.map((f) => f.path));
  });

  it('a file under a folder a glob left out can still be taken back (unlike git, which cannot)', () => {
    expect(kept(ISSUE_FILES, '', 'src/**\n!src/test/d.test.ts')).toEqual(['src/test/d.test.ts', 'docs/readme.md', 'lib/x.ts']);
  });

  it('keeps brace globs whole, matches dot-folders, and reads one ! only (\\! is a literal !)', () => {
    const files = ['src/a.ts', 'src/b/c.tsx', 'src/d.md', '.github/workflows/ci.yml', '!notes.md', 'notes.md'].map(file);
    expect(kept(files, 'src/**/*.{ts,tsx}, .github/**', '')).toEqual(['src/a.ts', 'src/b/c.tsx', '.github/workflows/ci.yml']);
    expect(kept(files, '**\n!src/**/*.{ts,tsx}', '')).toEqual(['src/d.md', '.github/workflows/ci.yml', '!notes.md', 'notes.md']);
    expect(kept(files, '', '\\!notes.md')).toEqual(['src/a.ts', 'src/b/c.tsx', 'src/d.md', '.github/workflows/ci.yml', 'notes.md']);
    // "!!notes.md" takes back the path "!notes.md"; picomatch is not let read the second "!".
    expect(kept(files, '', '*.md\n!!notes.md')).toEqual(['src/a.ts', 'src/b/c.tsx', 'src/d.md', '.github/workflows/ci.yml', '!notes.md']);
  });

  it('says why each file was left out: binary, diff-include, diff-exclude or the built-in list', () => {
    const files = [...ISSUE_FILES, file('yarn.lock'), { ...file('logo.png'), binary: true }];
    const reasons = (include: string[], exclude: string[]) =>
      filterFiles(files, include, exclude).excluded.map(({ file: { path }, reason }) => `${path}: ${reason}`);
    expect(reasons([], [])).toEqual(['yarn.lock: built-in', 'logo.png: binary']);
    expect(reasons(['src/**', '**/*.png'], ['!src/test/**', 'src/test/**'])).toEqual([
      'src/test/d.test.ts: diff-exclude',
      'docs/readme.md: diff-include',
      'lib/x.ts: diff-include',
      'yarn.lock: diff-include',
      'logo.png: binary',
    ]);
  });

  it('a lone "!" in either list is refused by the parser, "!glob" is kept whole', () => {
    expect(parseGlobList('src/**\n!src/test/**, !*.md')).toEqual(['src/**', '!src/test/**', '!*.md']);
    expect(() => parseGlobList('src/**\n!')).toThrow(ParseError);
    expect(() => parseGlobList('src/**, ! ')).toThrow(/a lone "!" names no path/);
  });
});

// git's own answer for the same list written as a `.gitignore`, in a scratch repository.
//
// The generated lists keep to the globs where git and this filter mean the same thing:
// - every glob has a slash before its last segment, or is `**`: git matches a glob without a
//   slash (`*.ts`) against the file name at any depth, this filter against the whole path, as
//   the README's `**/`-prefixed examples assume;
// - no leading or trailing `/`, no `#`, no spaces, no `[…]` or `?`: git's anchoring, comment,
//   trailing-space and folder-only rules, which a path glob does not have.
// One difference is by design, and is taken out of git's answer rather than out of the lists:
// git leaves out a folder that a glob matches, and then no `!` can take back a file inside it;
// this filter judges each path by its own name, so that `src/**` then `!src/test/d.test.ts`
// keeps that file, as "the last glob that matches a path decides" reads. The `.gitignore` ends
// with `!*/` (every folder taken back, and only folders), which leaves git judging each file by
// its own name too; the files are not created, so that line can match no file.
describe('the same answer as git check-ignore', () => {
  let repo: string;
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'globs-'));
    execFileSync('git', ['init', '--quiet', repo], { env });
  });
  afterAll(() => {
    rmSync(repo, { recursive: true, force: true });
  });

  interface Case {
    readonly globs: readonly string[];
    readonly paths: readonly string[];
  }

  /**
   * For each case and each of its paths, the line of the case's `.gitignore` that decides for the
   * path, or '' when none matches. Each case has a folder of its own with its own `.gitignore`
   * (globs with a slash are read from the folder of their file), so one `git check-ignore`
   * answers every case.
   */
  function decidingLines(cases: readonly Case[]): string[][] {
    const asked: string[] = [];
    cases.forEach(({ globs, paths }, n) => {
      mkdirSync(join(repo, `case${n}`), { recursive: true });
      writeFileSync(join(repo, `case${n}`, '.gitignore'), [...globs, '!*/', ''].join('\n'));
      for (const path of paths) asked.push(`case${n}/${path}`);
    });
    const git = spawnSync('git', ['check-ignore', '--no-index', '--stdin', '-z', '-v', '-n'], { cwd: repo, env, input: `${asked.join('\0')}\0` });
    for (let n = 0; n < cases.length; n++) rmSync(join(repo, `case${n}`), { recursive: true });
    // Exit status 1 when no path matched a line; with -n every path is listed either way.
    if (git.status !== 0 && git.status !== 1) throw new Error(`git check-ignore: ${String(git.stderr)}`);
    // -z -v: four fields a path (source, line number, pattern, path); the pattern is empty when
    // no line matched.
    const fields = String(git.stdout).split('\0');
    expect(fields).toHaveLength(asked.length * 4 + 1);
    const lines = cases.map((): string[] => []);
    asked.forEach((path, i) => {
      const [, , pattern, name] = fields.slice(i * 4, i * 4 + 4) as [string, string, string, string];
      expect(name).toBe(path);
      lines[Number(/^case(\d+)\//.exec(name)![1])]!.push(pattern);
    });
    return lines;
  }

  /** For each case, the paths git ignores: those whose deciding line has no "!". */
  const ignoredByGit = (cases: readonly Case[]): string[][] =>
    decidingLines(cases).map((lines, n) => cases[n]!.paths.filter((_, i) => lines[i] !== '' && !lines[i]!.startsWith('!')));

  const folder = fc.constantFrom('a', 'b', '.g');
  const name = fc.constantFrom('x.ts', 'y.md', '.env', '!n.md');
  const path = fc.tuple(fc.array(folder, { maxLength: 2 }), name).map(([folders, last]) => [...folders, last].join('/'));
  const inner = fc.constantFrom('a', 'b', '.g', '*', '**', '**', 'a*', '*b');
  const last = fc.constantFrom('x.ts', 'y.md', '.env', '\\!n.md', '*.ts', '*.md', 'x.*', '*', '**', '**', 'a', '.g');
  const glob = fc.oneof(
    { weight: 1, arbitrary: fc.constant('**') },
    { weight: 9, arbitrary: fc.tuple(fc.array(inner, { minLength: 1, maxLength: 2 }), last).map(([inners, end]) => [...inners, end].join('/')) },
  );
  const globList = fc.array(
    fc.tuple(fc.boolean(), glob).map(([negated, g]) => (negated ? `!${g}` : g)),
    { minLength: 1, maxLength: 6 },
  );
  /** 200 generated cases, seeded: the same lists every run. */
  const cases: Case[] = fc.sample(fc.record({ globs: globList, paths: fc.uniqueArray(path, { minLength: 1, maxLength: 12 }) }), {
    numRuns: 200,
    seed: 20_260_101,
  });

  /** The cases where this filter and git part, with both answers: empty when they agree. */
  function disagreements(ours: (c: Case) => string[], git: readonly string[][]) {
    return cases.flatMap((c, n) => {
      const mine = ours(c);
      return JSON.stringify(mine) === JSON.stringify(git[n]) ? [] : [{ ...c, ours: mine, git: git[n] }];
    });
  }

  it('generates lists that reach every reading: paths left out, taken back by a ! glob, and matched by none', () => {
    const lines = decidingLines(cases).flat();
    const count = (decides: (line: string) => boolean) => lines.filter(decides).length;
    // With the seed above: 1,169 paths, about half matched by no line, a quarter each decided by
    // a glob and by a ! glob.
    expect(count((line) => line === '')).toBeGreaterThan(lines.length / 5);
    expect(count((line) => line.startsWith('!'))).toBeGreaterThan(lines.length / 5);
    expect(count((line) => line !== '' && !line.startsWith('!'))).toBeGreaterThan(lines.length / 5);
  });

  it('diff-exclude leaves out exactly the paths git ignores', () => {
    const git = ignoredByGit(cases);
    const ours = (c: Case) => filterFiles(c.paths.map(file), [], c.globs).excluded.map(({ file: { path } }) => path);
    expect(disagreements(ours, git)).toEqual([]);
  });

  it('diff-include takes what git ignores, or, for a list of only ! globs, what the same globs without ! do not', () => {
    // An include list takes what a .gitignore of the same lines ignores, except that one of only
    // ! globs starts from every path: it takes what the same globs without ! do not ignore.
    const onlyNegated = (c: Case) => c.globs.every((g) => g.startsWith('!'));
    const asked = cases.map((c) => (onlyNegated(c) ? { ...c, globs: c.globs.map((g) => g.slice(1)) } : c));
    const git = ignoredByGit(asked).map((ignored, n) => (onlyNegated(cases[n]!) ? cases[n]!.paths.filter((p) => !ignored.includes(p)) : ignored));
    expect(cases.filter(onlyNegated).length).toBeGreaterThan(5);
    const ours = (c: Case) => filterFiles(c.paths.map(file), c.globs, ['none']).kept.map((f) => f.path);
    expect(disagreements(ours, git)).toEqual([]);
  });
});
