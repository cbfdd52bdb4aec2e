/**
 * The diff cut to `diff-max-chars` (`diff/budget.ts`): whole files only, generated-looking ones
 * leaving first, then the largest; the rest keep their order, and a file GitHub gave no patch
 * for is listed as omitted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitToBudget } from '../../src/diff/budget.js';
import type { FileDiff } from '../../src/diff/files.js';
import { fileDiff } from '../support/fake-github.js';

const file = (path: string, text = fileDiff(path, ['x'])): FileDiff => ({ path, text, binary: false, patchMissing: false });

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

describe('fitToBudget: its promises, whatever the files and the budget', () => {
  const GENERATED_PATHS = ['yarn.lock', 'src/a.generated.ts', 'vendor/x.go', 'icons/a.svg', 'api/__snapshots__/b.snap'];
  const HAND_WRITTEN_PATHS = ['src/a.ts', 'src/b.ts', 'docs/c.md', 'README.md', 'lib/d.go', 'e.py'];
  const files = fc
    .uniqueArray(fc.constantFrom(...GENERATED_PATHS, ...HAND_WRITTEN_PATHS), { maxLength: 11 })
    .chain((paths) =>
      fc.tuple(
        ...paths.map((path) =>
          fc
            .record({ lines: fc.nat({ max: 40 }), missing: fc.boolean() })
            .map(({ lines, missing }): FileDiff =>
              missing ? { path, text: '', binary: false, patchMissing: true } : file(path, fileDiff(path, Array<string>(lines).fill('y'))),
            ),
        ),
      ),
    );
  const size = (list: readonly FileDiff[]): number => list.reduce((sum, each) => sum + each.text.length, 0) + Math.max(0, list.length - 1);

  it('every file is sent or omitted, once; what is sent keeps its order, fits, and is counted exactly', () => {
    fc.assert(
      fc.property(files, fc.nat({ max: 3_000 }), (given, maxChars) => {
        const { included, omitted, chars } = fitToBudget(given, maxChars);
        expect([...included.map((each) => each.path), ...omitted.map((each) => each.path)].sort()).toEqual(given.map((each) => each.path).sort());
        expect(included).toEqual(given.filter((each) => included.includes(each)));
        expect(included.some((each) => each.patchMissing)).toBe(false);
        expect(chars).toBe(size(included));
        expect(chars).toBeLessThanOrEqual(maxChars);
        for (const each of omitted) expect(each.chars).toBe(given.find((g) => g.path === each.path)!.text.length);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves nothing out that fits, and no hand-written file before every generated one has left', () => {
    fc.assert(
      fc.property(files, fc.nat({ max: 3_000 }), (given, maxChars) => {
        const { included, omitted } = fitToBudget(given, maxChars);
        const withText = given.filter((each) => !each.patchMissing);
        if (size(withText) <= maxChars) expect(included).toEqual(withText);
        const leftWithText = omitted.filter((each) => !given.find((g) => g.path === each.path)!.patchMissing).map((each) => each.path);
        if (leftWithText.some((path) => HAND_WRITTEN_PATHS.includes(path))) {
          expect(included.filter((each) => GENERATED_PATHS.includes(each.path))).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stops as soon as the rest fits: of two hand-written files, only the larger leaves', () => {
    const small = file('src/small.ts', fileDiff('src/small.ts', ['a']));
    const large = file('src/large.ts', fileDiff('src/large.ts', Array<string>(10).fill('b')));
    expect(fitToBudget([small, large], large.text.length)).toEqual({
      included: [small],
      omitted: [{ path: 'src/large.ts', chars: large.text.length }],
      chars: small.text.length,
    });
    // No room at all: every file leaves.
    expect(fitToBudget([small, large], 0)).toMatchObject({ included: [], chars: 0 });
    expect(fitToBudget([], 0)).toEqual({ included: [], omitted: [], chars: 0 });
  });
});
