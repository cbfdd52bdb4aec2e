/**
 * `diff-include` and `diff-exclude`: lists of globs read in order, as `.gitignore` reads its lines.
 *
 * The rule: a glob matches a changed file when it matches the file's path itself (a folder-only
 * glob, ending in `/`, never matches the file itself) or the path of any folder above the file;
 * among the globs that match, the last one decides. The file is then taken (diff-include) or left
 * out (diff-exclude), unless that glob starts with `!`, which takes it back. A file no glob matches
 * keeps where the list starts (see `filterFiles`).
 *
 * A glob reads as a `.gitignore` line does:
 * - with no slash, or only a trailing one (`*.md`, `docs`, `docs/`), it is a name, matched at any
 *   depth: `*.md` matches every .md file, `docs` every file under any folder named `docs`;
 * - with a slash at the start or in the middle (`/README.md`, `src/*.ts`, `src/**`), it is a path
 *   from the root of the repository; a leading `/` only anchors it;
 * - ending in `/` (`docs/`, `/build/`), it matches folders only;
 * - `src/**` matches what is under the folder `src`, not a file named `src`.
 *
 * One difference from git is deliberate: git leaves out a folder a line matches as a whole, and
 * then no `!` line can take back a file inside it; here every file is judged on its own by the
 * rule above, so `src/**` then `!src/test/d.test.ts` keeps that file.
 */
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
  /** Whether the glob matches a file, given its path and the folders above it (the rule above). */
  readonly matches: (path: string, folders: readonly string[]) => boolean;
}

/**
 * Each glob of a list on its own, in order. A leading `!` marks a glob that takes paths back;
 * `\!` at the start is a literal `!`, as in `.gitignore`. Only one `!` is read: `nonegate`
 * keeps picomatch from reading another as a negation of its own (an extglob `!(…)` still works).
 * `dot: true` so that `.github/**` and files under dot-folders match like any other path.
 * `basename` matches a glob with no slash against the last name of a path, at any depth.
 * `strictSlashes` keeps `docs/**` from matching `docs` itself (picomatch would; git does not):
 * it names the paths under the folder `docs`, not a file named `docs`.
 */
function orderedGlobs(globs: readonly string[]): OrderedGlob[] {
  return globs.map((glob) => {
    const negated = glob.startsWith('!');
    const line = negated ? glob.slice(1) : glob;
    const folderOnly = line.endsWith('/');
    const body = folderOnly ? line.slice(0, -1) : line;
    const anchored = body.includes('/');
    const pattern = body.startsWith('/') ? body.slice(1) : body;
    // A lone `!` is refused as an input, and `/` names no path; matching nothing keeps picomatch
    // from throwing on ''.
    if (!pattern) return { negated, matches: () => false };
    const isMatch = picomatch(pattern, { dot: true, nonegate: true, basename: !anchored, strictSlashes: true });
    return { negated, matches: (path, folders) => (!folderOnly && isMatch(path)) || folders.some((folder) => isMatch(folder)) };
  });
}

/** The folders above a path, outermost first: `a/b/c.ts` has `a` and `a/b`. */
function foldersAbove(path: string): string[] {
  const folders: string[] = [];
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) folders.push(path.slice(0, slash));
  return folders;
}

/**
 * Whether a list takes a path: the last glob that matches the path or a folder above it decides,
 * and a path no glob matches keeps where the list starts.
 */
function selects(globs: readonly OrderedGlob[], path: string, startsSelected: boolean): boolean {
  const folders = foldersAbove(path);
  for (let i = globs.length - 1; i >= 0; i--) {
    const glob = globs[i]!;
    if (glob.matches(path, folders)) return !glob.negated;
  }
  return startsSelected;
}
