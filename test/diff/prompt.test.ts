import { describe, expect, it } from 'vitest';
import type { FileDiff } from '../../src/diff/files.js';
import { DEFAULT_DIFF_EXCLUDE, filterFiles, type LeftOutReason } from '../../src/diff/filter.js';
import { buildPrompt } from '../../src/diff/prompt.js';
import { cleanText } from '../../src/text.js';
import { fileDiff } from '../support/fake-github.js';

const file = (path: string, text = fileDiff(path, ['x'])): FileDiff => ({ path, text, binary: false, patchMissing: false });

describe('filterFiles', () => {
  it('leaves out lock files, build output, minified and map files, and binaries by default', () => {
    const paths = [
      'src/a.ts',
      'package-lock.json',
      'web/yarn.lock',
      'pnpm-lock.yaml',
      'Cargo.lock',
      'go.sum',
      'poetry.lock',
      'composer.lock',
      'Gemfile.lock',
      'bun.lockb',
      'dist/index.js',
      'assets/app.min.js',
      'assets/app.js.map',
      '.github/workflows/ci.yml',
    ];
    const files = [...paths.map((p) => file(p)), { ...file('logo.png'), binary: true }];
    const { kept, excluded } = filterFiles(files, [], []);
    expect(kept.map((f) => f.path)).toEqual(['src/a.ts', '.github/workflows/ci.yml']);
    expect(excluded).toHaveLength(paths.length - 1);
    expect(DEFAULT_DIFF_EXCLUDE).toContain('dist/**');
  });

  it('include narrows, a custom exclude replaces the defaults, and "none" excludes nothing', () => {
    const files = ['src/a.ts', 'docs/b.md', 'dist/c.js'].map((p) => file(p));
    expect(filterFiles(files, ['src/**', 'dist/**'], []).kept.map((f) => f.path)).toEqual(['src/a.ts']);
    expect(filterFiles(files, [], ['docs/**']).kept.map((f) => f.path)).toEqual(['src/a.ts', 'dist/c.js']);
    expect(filterFiles(files, [], ['none']).kept).toHaveLength(3);
  });
});

describe('buildPrompt', () => {
  it('fences the diff longer than any backtick run in it', () => {
    const tricky = file('a.md', fileDiff('a.md', ['``````']));
    const prompt = buildPrompt({
      instruction: 'Do it',
      context: { repository: 'o/r', event: 'push', commitSubjects: [] },
      files: [tricky],
      omitted: [],
      excluded: [],
    });
    expect(prompt).toContain('```````diff\n');
    expect(prompt.trimEnd().endsWith('```````')).toBe(true);
  });

  it('says why files were left out, naming only the reasons that hold', () => {
    const prompt = (...reasons: LeftOutReason[]) =>
      buildPrompt({
        instruction: 'Do it',
        context: { repository: 'o/r', event: 'push', commitSubjects: [] },
        files: [file('src/a.ts')],
        omitted: [],
        excluded: reasons.map((reason) => ({ reason })),
      });
    expect(prompt('diff-include', 'diff-include')).toContain("\n\n2 more changed files were left out by the workflow's diff-include globs.");
    expect(prompt('diff-exclude')).toContain("\n\n1 more changed file was left out by the workflow's diff-exclude globs.");
    expect(prompt('diff-include')).not.toMatch(/lock files|build output|binar/);
    expect(prompt('built-in', 'built-in')).toContain(
      '2 more changed files were left out by the built-in exclude list (lock files, build output, minified and map files).',
    );
    expect(prompt('binary', 'diff-exclude', 'binary', 'built-in')).toContain(
      "4 more changed files were left out: 1 by the workflow's diff-exclude globs, 1 by the built-in exclude list (lock files, build output, minified and map files), 2 as binary (no text to show).",
    );
    expect(prompt()).not.toContain('left out');
  });

  it('cleans hidden text: HTML comments, zero-width and bidi controls', () => {
    expect(cleanText('a<!-- b -->c\u200bd\u202ee\u2066f', 100)).toBe('acdef');
    expect(cleanText('unclosed <!-- rest is hidden', 100)).toBe('unclosed');
    expect(cleanText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('filterFiles: paths under dot-folders', () => {
  it('match include and exclude globs like any other path', () => {
    const files = ['.github/workflows/ci.yml', 'src/a.ts', '.changeset/x.md'].map((p) => file(p));
    expect(filterFiles(files, ['**/*.yml'], []).kept.map((f) => f.path)).toEqual(['.github/workflows/ci.yml']);
    expect(filterFiles(files, [], ['**/*.yml', '**/*.md']).kept.map((f) => f.path)).toEqual(['src/a.ts']);
  });
});

describe('filterFiles: the built-in list and "none", entry by entry', () => {
  it.each([
    'package-lock.json',
    'npm-shrinkwrap.json',
    'yarn.lock',
    'pnpm-lock.yaml',
    'bun.lock',
    'bun.lockb',
    'Cargo.lock',
    'go.sum',
    'poetry.lock',
    'composer.lock',
    'Gemfile.lock',
  ])('leaves out %s, at the root and in a folder, by default only', (name) => {
    const files = [file(name), file(`packages/web/${name}`), file('src/a.ts')];
    const { kept, excluded } = filterFiles(files, [], []);
    expect(kept.map((f) => f.path)).toEqual(['src/a.ts']);
    expect(excluded.map((left) => left.reason)).toEqual(['built-in', 'built-in']);
    expect(filterFiles(files, [], ['none']).kept).toHaveLength(3);
  });

  it('"none" alone excludes nothing, a file named none included; among other globs it is a glob like them', () => {
    const files = ['none', 'docs/b.md', 'src/a.ts'].map((p) => file(p));
    expect(filterFiles(files, [], ['none']).kept.map((f) => f.path)).toEqual(['none', 'docs/b.md', 'src/a.ts']);
    expect(filterFiles(files, [], ['none', 'docs/**']).kept.map((f) => f.path)).toEqual(['src/a.ts']);
  });

  it('a glob of nothing after its "!" matches no path', () => {
    const files = ['src/a.ts', 'docs/b.md'].map((p) => file(p));
    expect(filterFiles(files, ['!'], []).kept.map((f) => f.path)).toEqual(['src/a.ts', 'docs/b.md']);
    expect(filterFiles(files, [], ['!']).kept.map((f) => f.path)).toEqual(['src/a.ts', 'docs/b.md']);
  });
});
