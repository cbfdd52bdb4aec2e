import picomatch from 'picomatch';
import type { FileDiff } from './files.js';

/**
 * Paths left out of the diff unless `diff-exclude` says otherwise: lock files of the common
 * package managers, build output and minified or mapped files. They are large, generated, and
 * tell a documentation agent nothing. Binary files are left out as well (they have no text).
 */
export const DEFAULT_DIFF_EXCLUDE: readonly string[] = [
  '**/package-lock.json',
  '**/npm-shrinkwrap.json',
  '**/yarn.lock',
  '**/pnpm-lock.yaml',
  '**/bun.lock',
  '**/bun.lockb',
  '**/Cargo.lock',
  '**/go.sum',
  '**/poetry.lock',
  '**/composer.lock',
  '**/Gemfile.lock',
  'dist/**',
  '**/*.min.*',
  '**/*.map',
];

/** `diff-exclude: none` excludes nothing (an empty input means the built-in list). */
export const EXCLUDE_NOTHING = 'none';

/**
 * Why a changed file is not in the diff: it is binary, the author's `diff-include` does not take
 * it, the author's `diff-exclude` leaves it out, or the built-in list does (no `diff-exclude`).
 */
export type LeftOutReason = 'binary' | 'diff-include' | 'diff-exclude' | 'built-in';

export interface LeftOutFile {
  readonly file: FileDiff;
  readonly reason: LeftOutReason;
}

export interface FilterResult {
  readonly kept: FileDiff[];
  readonly excluded: LeftOutFile[];
}

export function filterFiles(files: readonly FileDiff[], include: readonly string[], exclude: readonly string[]): FilterResult {
  const builtIn = exclude.length === 0;
  // Stryker disable next-line ArrayDeclaration: a list holding one glob no path is named ("Stryker was here") leaves out nothing either
  const excludeGlobs = builtIn ? DEFAULT_DIFF_EXCLUDE : exclude.length === 1 && exclude[0] === EXCLUDE_NOTHING ? [] : exclude;
  const includeList = orderedGlobs(include);
  const excludeList = orderedGlobs(excludeGlobs);
  // An include list of only `!` globs starts from every path and takes some back (the
  // contract's rule); an empty one takes every path. An exclude list starts from no path left
  // out, as a `.gitignore` does, so one of only `!` globs leaves nothing out: starting it from
  // every path would make `diff-exclude: !src/**` leave out all but `src/`, which is what
  // `diff-include: src/**` says, and not what a list of paths to leave out reads as.
  const includeStartsWithEveryPath = includeList.every((glob) => glob.negated);
  const reasonLeftOut = (file: FileDiff): LeftOutReason | undefined => {
    if (file.binary) return 'binary';
    if (!selects(includeList, file.path, includeStartsWithEveryPath)) return 'diff-include';
    if (selects(excludeList, file.path, false)) return builtIn ? 'built-in' : 'diff-exclude';
    return undefined;
  };
  const result: FilterResult = { kept: [], excluded: [] };
  for (const file of files) {
    const reason = reasonLeftOut(file);
    if (reason) result.excluded.push({ file, reason });
    else result.kept.push(file);
  }
  return result;
}

interface OrderedGlob {
  readonly negated: boolean;
  readonly matches: (path: string) => boolean;
}

/**
 * Each glob of a list on its own, in order. A leading `!` marks a glob that takes paths back;
 * `\!` at the start is a literal `!`, as in `.gitignore`. Only one `!` is read: `nonegate`
 * keeps picomatch from reading another as a negation of its own (an extglob `!(…)` still works).
 * `dot: true` so that `.github/**` and files under dot-folders match like any other path.
 */
function orderedGlobs(globs: readonly string[]): OrderedGlob[] {
  return globs.map((glob) => {
    const negated = glob.startsWith('!');
    const pattern = negated ? glob.slice(1) : glob;
    // A lone `!` is refused as an input; matching nothing keeps picomatch from throwing on ''.
    const matches = pattern ? picomatch(pattern, { dot: true, nonegate: true }) : () => false;
    return { negated, matches };
  });
}

/**
 * Whether a list takes a path, read as `.gitignore` reads its lines: the last glob that matches
 * decides, and a path no glob matches keeps where the list starts. Each path is judged by its own
 * name: unlike git, a folder a glob matches is never left out as a whole, so `!` can take back a
 * file whatever matched its folders.
 */
function selects(globs: readonly OrderedGlob[], path: string, startsSelected: boolean): boolean {
  for (let i = globs.length - 1; i >= 0; i--) {
    const glob = globs[i]!;
    if (glob.matches(path)) return !glob.negated;
  }
  return startsSelected;
}
