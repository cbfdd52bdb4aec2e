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

export interface FilterResult {
  readonly kept: FileDiff[];
  readonly excluded: FileDiff[];
}

export function filterFiles(files: readonly FileDiff[], include: readonly string[], exclude: readonly string[]): FilterResult {
  const excludeGlobs = exclude.length === 0 ? DEFAULT_DIFF_EXCLUDE : exclude.length === 1 && exclude[0] === EXCLUDE_NOTHING ? [] : exclude;
  // dot: true so that `.github/**` and files under dot-folders match like any other path.
  const included = include.length > 0 ? picomatch([...include], { dot: true }) : () => true;
  const excluded = excludeGlobs.length > 0 ? picomatch([...excludeGlobs], { dot: true }) : () => false;
  const result: FilterResult = { kept: [], excluded: [] };
  for (const file of files) {
    if (file.binary || !included(file.path) || excluded(file.path)) result.excluded.push(file);
    else result.kept.push(file);
  }
  return result;
}
