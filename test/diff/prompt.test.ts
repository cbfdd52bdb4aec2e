import { describe, expect, it } from 'vitest';
import { fitToBudget } from '../../src/diff/budget.js';
import { fileDiffFromListing, splitUnifiedDiff, type FileDiff } from '../../src/diff/files.js';
import { DEFAULT_DIFF_EXCLUDE, filterFiles, type LeftOutReason } from '../../src/diff/filter.js';
import { buildPrompt } from '../../src/diff/prompt.js';
import { cleanText } from '../../src/text.js';
import { fileDiff } from '../support/fake-github.js';

const file = (path: string, text = fileDiff(path, ['x'])): FileDiff => ({ path, text, binary: false, patchMissing: false });

describe('splitUnifiedDiff', () => {
  it('splits at each file header and names renames, deletions and binaries', () => {
    const diff = [
      fileDiff('src/a.ts', ['one']),
      'diff --git a/old/name.md b/new/name.md\nsimilarity index 90%\nrename from old/name.md\nrename to new/name.md',
      'diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye',
      'diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ',
      '',
    ].join('\n');
    const files = splitUnifiedDiff(diff);
    expect(files.map((f) => [f.path, f.previousPath, f.binary])).toEqual([
      ['src/a.ts', undefined, false],
      ['new/name.md', 'old/name.md', false],
      ['gone.txt', undefined, false],
      ['logo.png', undefined, true],
    ]);
    expect(files.map((f) => f.text).join('\n')).toBe(diff.trimEnd());
  });

  it('builds a file section from the files API and marks a missing patch', () => {
    expect(fileDiffFromListing({ filename: 'a.ts', status: 'added', patch: '@@ -0,0 +1 @@\n+x' }).text).toBe(
      'diff --git a/a.ts b/a.ts\n--- /dev/null\n+++ b/a.ts\n@@ -0,0 +1 @@\n+x',
    );
    expect(fileDiffFromListing({ filename: 'big.bin' })).toMatchObject({ patchMissing: true, text: '' });
  });
});

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

describe('fitToBudget', () => {
  it('keeps everything that fits', () => {
    const files = [file('a'), file('b')];
    const result = fitToBudget(files, 10_000);
    expect(result.included).toEqual(files);
    expect(result.omitted).toEqual([]);
    expect(result.chars).toBe(files[0]!.text.length + files[1]!.text.length + 1);
  });

  it('drops generated files first, then the largest, keeping whole files in their order', () => {
    const small = file('src/small.ts');
    const medium = file('src/medium.ts', fileDiff('src/medium.ts', Array<string>(20).fill('m')));
    const large = file('src/large.ts', fileDiff('src/large.ts', Array<string>(60).fill('l')));
    const snapshot = file('__snapshots__/x.snap', fileDiff('__snapshots__/x.snap', ['s']));
    const budget = small.text.length + medium.text.length + 1;
    const result = fitToBudget([snapshot, small, large, medium], budget);
    expect(result.included.map((f) => f.path)).toEqual(['src/small.ts', 'src/medium.ts']);
    expect(result.omitted.map((f) => f.path)).toEqual(['__snapshots__/x.snap', 'src/large.ts']);
    expect(result.chars).toBeLessThanOrEqual(budget);
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

describe('fitToBudget: which files leave first', () => {
  /** A file of `lines` changed lines: its size is what the budget counts. */
  const sized = (path: string, lines: number) => file(path, fileDiff(path, Array<string>(lines).fill('x')));

  it.each([
    '__snapshots__/app.test.ts.snap',
    '__snapshots__/data.json',
    'src/__snapshots__/view.ts.snap',
    'src/view.snap',
    'vendor/lib/a.go',
    'web/third_party/x.js',
    'node_modules/pkg/index.js',
    'generated/api.ts',
    'src/__generated__/types.ts',
    'proto/gen/a.ts',
    'src/api_generated.go',
    'src/api.generated.ts',
    'src/schema-generated.json',
    'proto/user.pb.go',
    'proto/user.pb.h',
    'icons/logo.svg',
    'Cargo.lock',
    'bun.lockb',
  ])('sends %s, which looks generated, away before a larger hand-written file', (path) => {
    const generated = sized(path, 1);
    const large = sized('src/large.ts', 30);
    const result = fitToBudget([large, generated], large.text.length + generated.text.length);
    expect(result.omitted.map((f) => f.path)).toEqual([path]);
    expect(result.included).toEqual([large]);
  });

  it.each([
    'src/view.snapshot.ts',
    'src/icons.svg.tsx',
    'src/db.locking.ts',
    'src/generator.ts',
    'src/vendors.ts',
    'docs/generated-docs.md',
    'src/user.pb.html',
    // "name.generated.ext" is read in the file's own name only, not in a folder's.
    'src/api.generated.v2/client.ts',
  ])('treats %s as hand-written: the largest file leaves first', (path) => {
    const small = sized(path, 1);
    const large = sized('src/large.ts', 30);
    const result = fitToBudget([large, small], large.text.length + small.text.length);
    expect(result.omitted.map((f) => f.path)).toEqual(['src/large.ts']);
    expect(result.included).toEqual([small]);
  });

  it('sends every generated-looking file away before any hand-written one, whatever their order', () => {
    const hand = [sized('src/a.ts', 5), sized('src/b.ts', 9)];
    const generated = [sized('src/x.generated.ts', 2), sized('yarn.lock', 3)];
    for (const files of [
      [...hand, ...generated],
      [...generated, ...hand],
      [hand[0]!, generated[0]!, hand[1]!, generated[1]!],
    ]) {
      const handChars = hand[0]!.text.length + hand[1]!.text.length + 1;
      const result = fitToBudget(files, handChars);
      expect(result.omitted.map((f) => f.path).sort()).toEqual(['src/x.generated.ts', 'yarn.lock']);
      expect(result.chars).toBe(handChars);
    }
  });

  it('counts one separator between files: the budget that fits them exactly keeps them all, one less does not', () => {
    const files = [sized('src/a.ts', 3), sized('src/b.ts', 4), sized('src/c.ts', 5)];
    const exact = files.reduce((sum, f) => sum + f.text.length, 0) + 2;
    expect(fitToBudget(files, exact)).toMatchObject({ omitted: [], chars: exact });
    expect(fitToBudget(files, exact - 1).omitted.map((f) => f.path)).toEqual(['src/c.ts']);
  });

  it('lists a file whose patch GitHub did not give as omitted, with no characters, and never sends it', () => {
    const missing: FileDiff = { path: 'big/data.csv', text: '', binary: false, patchMissing: true };
    const kept = sized('src/a.ts', 2);
    const result = fitToBudget([missing, kept], 100_000);
    expect(result.included).toEqual([kept]);
    expect(result.omitted).toEqual([{ path: 'big/data.csv', chars: 0 }]);
    expect(result.chars).toBe(kept.text.length);
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
