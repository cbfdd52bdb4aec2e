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
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileDiff } from '../../src/diff/files.js';
import { filterFiles } from '../../src/diff/filter.js';
import { parseGlobList, ParseError } from '../../src/parse.js';
import { fileDiff } from '../support/fake-github.js';

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
    // ("*.md" has no slash: it names .md files at every depth, src/d.md too.)
    expect(kept(files, '', '*.md\n!!notes.md')).toEqual(['src/a.ts', 'src/b/c.tsx', '.github/workflows/ci.yml', '!notes.md']);
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

describe('the .gitignore forms: a name at any depth, a folder, a path from the root', () => {
  const TREE = [
    'README.md',
    'docs/README.md',
    'docs/guide/intro.md',
    'src/docs/api.md',
    'src/docs.ts',
    'src/a.ts',
    'lib/src/b.ts',
    'bin/docs',
    'build/out.js',
    'web/build/app.js',
  ].map(file);
  /** The paths a diff-exclude leaves out, and those a diff-include takes (with nothing excluded). */
  const leftOut = (exclude: string): string[] => filterFiles(TREE, [], parseGlobList(exclude)).excluded.map(({ file: { path } }) => path);
  const taken = (include: string): string[] => kept(TREE, include, 'none');
  const UNDER_DOCS = ['docs/README.md', 'docs/guide/intro.md', 'src/docs/api.md'];
  const MARKDOWN = ['README.md', ...UNDER_DOCS];

  it('"docs/" names every file under a folder named docs at any depth, and no file named docs', () => {
    expect(leftOut('docs/')).toEqual(UNDER_DOCS);
    expect(taken('docs/')).toEqual(UNDER_DOCS);
  });

  it('"/README.md" names the README.md at the root only', () => {
    expect(leftOut('/README.md')).toEqual(['README.md']);
    expect(taken('/README.md')).toEqual(['README.md']);
  });

  it('"*.md" names the .md files at every depth', () => {
    expect(leftOut('*.md')).toEqual(MARKDOWN);
    expect(taken('*.md')).toEqual(MARKDOWN);
  });

  it('a name with no slash names a file or a folder of that name at any depth, and every path under the folder', () => {
    expect(leftOut('docs')).toEqual([...UNDER_DOCS, 'bin/docs']);
    expect(taken('docs')).toEqual([...UNDER_DOCS, 'bin/docs']);
    expect(leftOut('build/')).toEqual(['build/out.js', 'web/build/app.js']);
    expect(leftOut('b*')).toEqual(['lib/src/b.ts', 'bin/docs', 'build/out.js', 'web/build/app.js']);
  });

  it('a glob with a slash at the start or in the middle is read from the root', () => {
    expect(leftOut('src/*.ts')).toEqual(['src/docs.ts', 'src/a.ts']);
    expect(leftOut('/src')).toEqual(['src/docs/api.md', 'src/docs.ts', 'src/a.ts']);
    expect(leftOut('src/docs')).toEqual(['src/docs/api.md']);
    expect(leftOut('src/**/api.md')).toEqual(['src/docs/api.md']);
    expect(leftOut('/docs/guide/')).toEqual(['docs/guide/intro.md']);
    expect(leftOut('guide/intro.md')).toEqual([]);
    expect(taken('**/src/*.ts')).toEqual(['src/docs.ts', 'src/a.ts', 'lib/src/b.ts']);
  });

  it('"folder/**" names the paths under the folder, not a file of that name (as in git)', () => {
    expect(leftOut('bin/docs/**')).toEqual([]);
    expect(leftOut('bin/docs/')).toEqual([]);
    expect(leftOut('bin/docs')).toEqual(['bin/docs']);
    expect(leftOut('build/**')).toEqual(['build/out.js']);
  });

  it('"!" takes back in these forms too: the last glob that matches the path or a folder above it decides', () => {
    expect(leftOut('docs/\n!/docs/README.md')).toEqual(['docs/guide/intro.md', 'src/docs/api.md']);
    expect(leftOut('*.md\n!docs/')).toEqual(['README.md']);
    expect(leftOut('!docs/\n*.md')).toEqual(MARKDOWN);
    expect(taken('*.md\n!docs/')).toEqual(['README.md']);
    expect(taken('!*.md')).toEqual(['src/docs.ts', 'src/a.ts', 'lib/src/b.ts', 'bin/docs', 'build/out.js', 'web/build/app.js']);
    expect(taken('src/\n!/src/docs/')).toEqual(['src/docs.ts', 'src/a.ts', 'lib/src/b.ts']);
  });

  it('the built-in list reads as before: dist/ at the root only, lock, minified and map files at any depth', () => {
    const paths = ['dist/index.js', 'dist/a/b.js', 'web/dist/app.js', 'yarn.lock', 'web/yarn.lock', 'a/b/c.min.js', 'x.js.map', 'src/map.ts', 'src/a.ts'];
    expect(filterFiles(paths.map(file), [], []).kept.map((f) => f.path)).toEqual(['web/dist/app.js', 'src/map.ts', 'src/a.ts']);
  });
});

// git's own answer for the same list written as a `.gitignore`, in a scratch repository.
//
// The generated lists use each form a `.gitignore` line has: a name with no slash (`*.md`, `a`),
// read at any depth; a glob with a slash in the middle (`a/*.ts`, `**/b`), read from the root; a
// leading `/`, which anchors a name to the root; a trailing `/`, which names folders only; and
// `!`. They keep away from what a path glob does not share with git: `#` comments, spaces, `[…]`,
// `?` and braces.
// One difference is by design, and is taken out of git's answer rather than out of the lists:
// git leaves out a folder that a line matches, and then no `!` can take back a file inside it;
// this filter judges each file on its own, so that `src/**` then `!src/test/d.test.ts` keeps that
// file. Its reading (a glob matches a path when it matches the path itself or one of the folders
// above it; the last glob that matches decides) is asked of git one path at a time: the file, and
// each folder above it, each in a scratch folder whose `.gitignore` is the list followed by lines
// that take back the folders less deep than the one asked (`!/a/` when asking about `a/b` or
// `a/x.ts`), so that git reads the asked path's own lines whatever its parents. The deciding line
// is then the last line among those answers; the lines added after the list match none of the
// asked paths. Folders are asked as folders that exist on disk: a query ending in `/` gets git's
// answer for the folder only when a line excludes it, not the `!` line that takes it back. Files
// are not created, so a folder-only line never matches one.
describe('the same answer as git check-ignore', () => {
  interface Case {
    readonly globs: readonly string[];
    readonly paths: readonly string[];
  }

  /** The line that decides for a path ('' when none matches), and whether it matches only a folder above the path. */
  interface Decision {
    readonly line: string;
    readonly byFolder: boolean;
  }

  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

  /** The folders above a path, outermost first: `a/b/x.ts` has `a` and `a/b`. */
  const foldersAbove = (path: string): string[] =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'));

  /**
   * For each case and each of its paths, the line of the case's list that decides for the path
   * under this filter's reading, asked of one `git check-ignore` for every case, in a scratch
   * repository. Each case has a scratch folder (globs with a slash are read from the folder of
   * their `.gitignore`) for each depth and kind of path asked there, file or folder: its
   * `.gitignore` is the list, then a line taking back each of the case's folders less deep.
   */
  function decisions(cases: readonly Case[]): Decision[][] {
    const repo = mkdtempSync(join(tmpdir(), 'globs-'));
    try {
      execFileSync('git', ['init', '--quiet', repo], { env });
      const scratch = new Map<string, string>();
      const scratchFor = (n: number, kind: 'file' | 'folder', path: string): string => {
        const depth = path.split('/').length;
        const key = `${n} ${kind} ${depth}`;
        let dir = scratch.get(key);
        if (dir === undefined) {
          dir = `q${scratch.size}`;
          scratch.set(key, dir);
          const above = [...new Set(cases[n]!.paths.flatMap(foldersAbove))].filter((folder) => folder.split('/').length < depth);
          mkdirSync(join(repo, dir));
          writeFileSync(join(repo, dir, '.gitignore'), [...cases[n]!.globs, ...above.map((folder) => `!/${folder}/`), ''].join('\n'));
        }
        return dir;
      };
      // For each path, the file asked and each folder above it asked.
      const asked = cases.map(({ paths }, n) =>
        paths.map((path) => [
          `${scratchFor(n, 'file', path)}/${path}`,
          ...foldersAbove(path).map((folder) => {
            const dir = scratchFor(n, 'folder', folder);
            mkdirSync(join(repo, dir, folder), { recursive: true });
            return `${dir}/${folder}`;
          }),
        ]),
      );
      const queries = [...new Set(asked.flat(2))];
      const git = spawnSync('git', ['check-ignore', '--no-index', '--stdin', '-z', '-v', '-n'], { cwd: repo, env, input: `${queries.join('\0')}\0` });
      // Exit status 1 when no path matched a line; with -n every path is listed either way.
      if (git.status !== 0 && git.status !== 1) throw new Error(`git check-ignore: ${String(git.stderr)}`);
      // -z -v: four fields a path (source, line number, pattern, path); the line number and the
      // pattern are empty when no line matched.
      const fields = String(git.stdout).split('\0');
      expect(fields).toHaveLength(queries.length * 4 + 1);
      const answers = new Map<string, { readonly number: number; readonly line: string }>();
      queries.forEach((query, i) => {
        const [, number, line, name] = fields.slice(i * 4, i * 4 + 4) as [string, string, string, string];
        expect(name).toBe(query);
        answers.set(query, { number: Number(number), line });
      });
      return asked.map((paths, n) =>
        paths.map(([file, ...folders]) => {
          const own = answers.get(file!)!;
          const deciding = folders.map((folder) => answers.get(folder)!).reduce((latest, answer) => (answer.number > latest.number ? answer : latest), own);
          expect(deciding.number).toBeLessThanOrEqual(cases[n]!.globs.length);
          return { line: deciding.line, byFolder: deciding.number > own.number };
        }),
      );
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }

  /** The paths of a case git ignores under this filter's reading: those whose deciding line has no "!". */
  const ignoredByGit = (c: Case, decided: readonly Decision[]): string[] =>
    c.paths.filter((_, i) => decided[i]!.line !== '' && !decided[i]!.line.startsWith('!'));

  // Folders and files share the names `a` and `d.md`, so that a folder-only line meets files it
  // must not match, and `a/**` (generated on its own as well) a file `a`: git's `a/**` matches
  // what is under `a`, not `a`.
  const folder = fc.constantFrom('a', 'b', '.g', 'd.md');
  const name = fc.constantFrom('x.ts', 'y.md', '.env', '!n.md', 'a', 'd.md');
  const path = fc.tuple(fc.array(folder, { maxLength: 3 }), name).map(([folders, last]) => [...folders, last].join('/'));
  const inner = fc.constantFrom('a', 'b', '.g', '*', '**', '**', 'a*', '*b');
  const last = fc.constantFrom('x.ts', 'y.md', '.env', '\\!n.md', '*.ts', '*.md', 'x.*', '*', '**', '**', 'a', '.g', 'd.md');
  /** A name alone or a path with a slash in the middle, with a leading `/` a quarter of the time and a trailing one a quarter of the time. */
  const glob = fc
    .tuple(
      fc.constantFrom('', '', '', '/'),
      fc.oneof(
        { weight: 1, arbitrary: fc.constant('**') },
        { weight: 4, arbitrary: last },
        { weight: 5, arbitrary: fc.tuple(fc.array(inner, { minLength: 1, maxLength: 2 }), last).map(([inners, end]) => [...inners, end].join('/')) },
        { weight: 1, arbitrary: fc.tuple(fc.array(inner, { maxLength: 1 }), folder).map(([inners, f]) => [...inners, f, '**'].join('/')) },
      ),
      fc.constantFrom('', '', '', '/'),
    )
    .map((parts) => parts.join(''));
  const globList = fc.array(
    fc.tuple(fc.boolean(), glob).map(([negated, g]) => (negated ? `!${g}` : g)),
    { minLength: 1, maxLength: 6 },
  );
  /** 200 generated cases, seeded: the same lists every run. */
  const cases: Case[] = fc.sample(fc.record({ globs: globList, paths: fc.uniqueArray(path, { minLength: 1, maxLength: 12 }) }), {
    numRuns: 200,
    seed: 20_260_101,
  });

  const onlyNegated = (c: Case) => c.globs.every((g) => g.startsWith('!'));
  const negatedCases = cases.filter(onlyNegated);

  /** git's decisions for each case, then for each case of only ! globs with the same globs without "!": one `git check-ignore` for all. */
  let decided: Decision[][];
  let decidedWithoutNegation: Decision[][];
  beforeAll(() => {
    const all = decisions([...cases, ...negatedCases.map((c) => ({ ...c, globs: c.globs.map((g) => g.slice(1)) }))]);
    decided = all.slice(0, cases.length);
    decidedWithoutNegation = all.slice(cases.length);
  });

  /** The cases where this filter and git part, with both answers: empty when they agree. */
  function disagreements(ours: (c: Case) => string[], git: readonly string[][]) {
    return cases.flatMap((c, n) => {
      const mine = ours(c);
      return JSON.stringify(mine) === JSON.stringify(git[n]) ? [] : [{ ...c, ours: mine, git: git[n] }];
    });
  }

  it('generates lists that reach every reading and every form of a line', () => {
    const all = decided.flat();
    const count = (holds: (d: Decision) => boolean) => all.filter(holds).length;
    /** The deciding glob without its "!" and its trailing "/". */
    const glob = (line: string) => line.replace(/^!/, '').replace(/\/$/, '');
    const counts = {
      paths: all.length,
      none: count(({ line }) => line === ''),
      negated: count(({ line }) => line.startsWith('!')),
      plain: count(({ line }) => line !== '' && !line.startsWith('!')),
      name: count(({ line }) => line !== '' && !glob(line).includes('/')),
      middleSlash: count(({ line }) => glob(line).slice(1).includes('/')),
      leadingSlash: count(({ line }) => glob(line).startsWith('/')),
      trailingSlash: count(({ line }) => line.endsWith('/')),
      byFolder: count(({ byFolder }) => byFolder),
    };
    // With the seed above: 1,229 paths; about a third each matched by no line, decided by a glob
    // and by a ! glob; 446 decided by a name with no slash, 237 by a glob with a slash in the
    // middle, 149 by one with a leading /, 116 by a folder-only one, and 199 through a folder
    // above the path and not the path itself.
    const { paths, none, negated, plain, ...forms } = counts;
    expect(Math.min(none, negated, plain)).toBeGreaterThan(paths / 5);
    for (const [form, n] of Object.entries(forms)) expect(n, form).toBeGreaterThan(paths / 12);
  });

  it('diff-exclude leaves out exactly the paths git ignores', () => {
    const git = cases.map((c, n) => ignoredByGit(c, decided[n]!));
    const ours = (c: Case) => filterFiles(c.paths.map(file), [], c.globs).excluded.map(({ file: { path } }) => path);
    expect(disagreements(ours, git)).toEqual([]);
  });

  it('diff-include takes what git ignores, or, for a list of only ! globs, what the same globs without ! do not', () => {
    // An include list takes what a .gitignore of the same lines ignores, except that one of only
    // ! globs starts from every path: it takes what the same globs without ! do not ignore.
    const git = cases.map((c, n) => {
      if (!onlyNegated(c)) return ignoredByGit(c, decided[n]!);
      const ignored = ignoredByGit(c, decidedWithoutNegation[negatedCases.indexOf(c)]!);
      return c.paths.filter((p) => !ignored.includes(p));
    });
    expect(negatedCases.length).toBeGreaterThan(5);
    const ours = (c: Case) => filterFiles(c.paths.map(file), c.globs, ['none']).kept.map((f) => f.path);
    expect(disagreements(ours, git)).toEqual([]);
  });
});
