/**
 * A diff as a list of files (`diff/files.ts`), from GitHub's one unified diff or from its list of
 * files with patches: each file's section, its path as GitHub names it (for the filters), and its
 * text without what renders as nothing (what the agent reads, and the budget counts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileDiffFromListing, splitUnifiedDiff } from '../../src/diff/files.js';
import { fileDiff } from '../support/fake-github.js';

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

describe('splitUnifiedDiff: the edges of the format', () => {
  it('no diff, no file; what comes before the first header is no file’s', () => {
    expect(splitUnifiedDiff('')).toEqual([]);
    expect(splitUnifiedDiff('\n')).toEqual([]);
    expect(splitUnifiedDiff(`From 1234 Mon Sep 17 00:00:00 2001\nSubject: x\n\n${fileDiff('a.ts', ['x'])}`).map((f) => f.text)).toEqual([
      fileDiff('a.ts', ['x']),
    ]);
  });

  it('keeps a last line that has no line end, and drops only the one empty line a final line end makes', () => {
    const section = fileDiff('a.ts', ['x', '']);
    expect(splitUnifiedDiff(section)[0]!.text).toBe(section);
    expect(splitUnifiedDiff(`${section}\n`)[0]!.text).toBe(section);
  });

  it('reads the paths from the ---/+++ lines (without the timestamp after a tab), spaces and all', () => {
    const diff =
      'diff --git a/my docs/a b.md b/my docs/a b.md\n--- a/my docs/a b.md\t2026-11-22 10:00:00\n+++ b/my docs/a b.md\t2026-11-22 10:00:01\n@@ -1 +1 @@\n-x\n+y';
    expect(splitUnifiedDiff(diff)).toEqual([{ path: 'my docs/a b.md', previousPath: undefined, text: diff, binary: false, patchMissing: false }]);
  });

  it('a new file keeps no previous path; a mode change alone is named by its header', () => {
    const added = 'diff --git a/new.md b/new.md\nnew file mode 100644\n--- /dev/null\n+++ b/new.md\n@@ -0,0 +1 @@\n+x';
    const mode = 'diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755';
    expect(splitUnifiedDiff(`${added}\n${mode}`).map((f) => [f.path, f.previousPath, f.binary])).toEqual([
      ['new.md', undefined, false],
      ['run.sh', undefined, false],
    ]);
  });

  it('a rename with changes takes its paths from the ---/+++ lines; a GIT binary patch is binary', () => {
    const renamed = 'diff --git a/old.md b/new.md\nsimilarity index 80%\nrename from old.md\nrename to new.md\n--- a/old.md\n+++ b/new.md\n@@ -1 +1 @@\n-a\n+b';
    const binary = 'diff --git a/img.png b/img.png\nindex 1..2 100644\nGIT binary patch\nliteral 5\nabcde';
    expect(splitUnifiedDiff(`${renamed}\n${binary}`).map((f) => [f.path, f.previousPath, f.binary])).toEqual([
      ['new.md', 'old.md', false],
      ['img.png', undefined, true],
    ]);
  });

  it('reads no header inside a hunk: an added line that looks like one names nothing', () => {
    const diff = 'diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -1 +1,3 @@\n-x\n+++ b/evil.md\n+rename to evil.md\n+Binary files a and b differ';
    expect(splitUnifiedDiff(diff)).toEqual([{ path: 'a.md', previousPath: undefined, text: diff, binary: false, patchMissing: false }]);
  });

  it('removes what renders as nothing from the text, never from the path the filters match', () => {
    const path = 'docs/a\u200bb.md';
    const diff = `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-x\n+hidden\u202e \u{E0041}text\u2066`;
    const [only] = splitUnifiedDiff(diff);
    expect(only!.path).toBe(path);
    expect(only!.text).toBe('diff --git a/docs/ab.md b/docs/ab.md\n--- a/docs/ab.md\n+++ b/docs/ab.md\n@@ -1 +1 @@\n-x\n+hidden text');
  });

  it('splits any run of sections back into the same sections', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_/ .-]{0,12}[a-z0-9]$/).filter((path) => !path.includes('//') && !/(^| )b\//.test(path));
    const lines = fc.array(fc.stringMatching(/^[ +-][^\n]{0,10}$/), { maxLength: 5 });
    fc.assert(
      fc.property(fc.array(fc.tuple(name, lines), { maxLength: 6 }), (given) => {
        const sections = given.map(
          ([path, body]) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@${body.map((line) => `\n${line}`).join('')}`,
        );
        const files = splitUnifiedDiff(sections.join('\n'));
        expect(files.map((f) => f.text)).toEqual(sections);
        expect(files.map((f) => f.path)).toEqual(given.map(([path]) => path));
      }),
      { numRuns: 200 },
    );
  });
});

describe('fileDiffFromListing', () => {
  it('a removed file: its path, and /dev/null after it', () => {
    expect(fileDiffFromListing({ filename: 'gone.md', status: 'removed', patch: '@@ -1 +0,0 @@\n-x' })).toEqual({
      path: 'gone.md',
      previousPath: undefined,
      text: 'diff --git a/gone.md b/gone.md\n--- a/gone.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-x',
      binary: false,
      patchMissing: false,
    });
  });

  it('a renamed file: the old path before, the new after, both kept', () => {
    expect(fileDiffFromListing({ filename: 'docs/new.md', previous_filename: 'docs/old.md', status: 'renamed', patch: '@@ -1 +1 @@\n-a\n+b' })).toEqual({
      path: 'docs/new.md',
      previousPath: 'docs/old.md',
      text: 'diff --git a/docs/old.md b/docs/new.md\n--- a/docs/old.md\n+++ b/docs/new.md\n@@ -1 +1 @@\n-a\n+b',
      binary: false,
      patchMissing: false,
    });
  });

  it('a modified file whose patch holds hidden characters: removed from the text, kept in the path', () => {
    const listed = fileDiffFromListing({ filename: 'a\u200b.md', status: 'modified', patch: '@@ -1 +1 @@\n-x\n+y\u{E0041}\u{E0042}' });
    expect(listed.path).toBe('a\u200b.md');
    expect(listed.text).toBe('diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -1 +1 @@\n-x\n+y');
  });

  it('a renamed file without a patch: missing, with no text, both paths kept', () => {
    expect(fileDiffFromListing({ filename: 'big/new.bin', previous_filename: 'big/old.bin', status: 'renamed' })).toEqual({
      path: 'big/new.bin',
      previousPath: 'big/old.bin',
      text: '',
      binary: false,
      patchMissing: true,
    });
  });
});
