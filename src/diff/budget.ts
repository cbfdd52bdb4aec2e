import type { FileDiff } from './files.js';

export interface OmittedFile {
  readonly path: string;
  readonly chars: number;
}

export interface BudgetResult {
  readonly included: FileDiff[];
  readonly omitted: OmittedFile[];
  readonly chars: number;
}

/** Paths that look generated: the first to leave when the diff is over budget. */
const GENERATED = [
  /(^|\/)__snapshots__\//,
  /\.snap$/,
  /(^|\/)(vendor|third_party|node_modules)\//,
  /(^|\/)(generated|__generated__|gen)\//,
  /[._-]generated\.[^/]+$/,
  /\.pb\.(go|cc|h)$/,
  /\.(svg|lock|lockb)$/,
];

/**
 * Keeps whole files until the diff fits in `maxChars` (a file is never cut mid-line). Files
 * leave in order of least value: generated-looking ones first, then the largest; the rest keep
 * their order. A file whose patch GitHub did not give is listed as omitted too.
 */
export function fitToBudget(files: readonly FileDiff[], maxChars: number): BudgetResult {
  const withText = files.filter((file) => !file.patchMissing);
  const omitted: OmittedFile[] = files.filter((file) => file.patchMissing).map((file) => ({ path: file.path, chars: 0 }));
  const separators = (count: number): number => Math.max(0, count - 1);
  let total = withText.reduce((sum, file) => sum + file.text.length, 0) + separators(withText.length);
  const leaving = new Set<FileDiff>();
  const byLeastValue = [...withText].sort((a, b) => Number(isGenerated(b.path)) - Number(isGenerated(a.path)) || b.text.length - a.text.length);
  for (const file of byLeastValue) {
    if (total <= maxChars) break;
    leaving.add(file);
    total -= file.text.length + 1;
  }
  const included = withText.filter((file) => !leaving.has(file));
  omitted.push(...withText.filter((file) => leaving.has(file)).map((file) => ({ path: file.path, chars: file.text.length })));
  const chars = included.reduce((sum, file) => sum + file.text.length, 0) + separators(included.length);
  return { included, omitted, chars };
}

function isGenerated(path: string): boolean {
  return GENERATED.some((pattern) => pattern.test(path));
}
