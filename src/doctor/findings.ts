import { stringify } from 'yaml';

/**
 * What the doctor says, one row per finding (the contract's *`command: doctor`*): the check, its
 * level, what was found, and the fix. A fix to a workflow file is written as edits a person (or a
 * test) can apply as they read: `set <path> to <value>`, `add <value> to <path>`, `remove <path>`,
 * each path from the file's root (`jobs.docs.steps[0].with.pr-comment`) and each value as YAML.
 */

export type Level = 'ok' | 'warn' | 'fail';

/** One row: the `doctor` output's entries, and the summary's table. */
export interface Finding {
  readonly check: string;
  readonly level: Level;
  readonly found: string;
  /** Empty for an `ok` row. */
  readonly fix: string;
}

export type PathKey = string | number;

/** One change to a YAML file: a value set at a path, one added to the list at a path, or a key removed. */
export type Edit =
  | { readonly op: 'set'; readonly path: readonly PathKey[]; readonly value: unknown }
  | { readonly op: 'add'; readonly path: readonly PathKey[]; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: readonly PathKey[] };

/** A fix: the edits of one file, and what to do outside it (a secret, a ruleset, a token), in words. */
export interface Fix {
  readonly file?: string;
  readonly edits?: readonly Edit[];
  readonly then?: string;
}

/**
 * A parsed file (plain data) with edits made, as a person applying a fix makes them: `set` makes
 * the maps (or, before an index, the lists) its path goes through, `add` appends to the list at its
 * path (made when there is none), `remove` deletes a key or a list's item. The value given is
 * never changed; whatever its shape, the edits are made, never thrown on.
 */
export function applyEdits(value: unknown, edits: readonly Edit[]): unknown {
  const root = { file: structuredClone<unknown>(value) };
  for (const edit of edits) {
    const path: PathKey[] = ['file', ...edit.path];
    const parent = parentOf(root, path, edit.op !== 'remove');
    if (!parent) continue;
    const last = path.at(-1)!;
    if (edit.op === 'set') parent[last] = structuredClone(edit.value);
    else if (edit.op === 'add') parent[last] = [...(Array.isArray(parent[last]) ? (parent[last] as unknown[]) : []), structuredClone(edit.value)];
    else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
    else delete parent[last];
  }
  return root.file;
}

/** The map or list that holds a path's last key; with `make`, made (a map, or a list before an index) wherever it is missing. */
function parentOf(root: object, path: readonly PathKey[], make: boolean): Record<PathKey, unknown> | undefined {
  let at = root as Record<PathKey, unknown>;
  for (const [index, key] of path.slice(0, -1).entries()) {
    if (typeof at[key] !== 'object' || at[key] === null) {
      if (!make) return undefined;
      at[key] = typeof path[index + 1] === 'number' ? [] : {};
    }
    at = at[key] as Record<PathKey, unknown>;
  }
  return at;
}

/** `jobs.docs.steps[0].with.pr-comment`: a path as the fixes write it. */
export function pathText(path: readonly PathKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('') || '(the whole file)';
}

/** A value as one line of YAML in flow style: `write`, `[opened, labeled]`, `{ group: docs, queue: max }`. */
export function valueText(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: true }).trimEnd();
}

/** The fix as one line: `.github/workflows/docs.yml: set \`…\` to \`…\`; add \`…\` to \`…\`. Then …` */
export function fixText(fix: Fix): string {
  const edits = (fix.edits ?? []).map((edit) => {
    switch (edit.op) {
      case 'set':
        return `set ${code(pathText(edit.path))} to ${code(valueText(edit.value))}`;
      case 'add':
        return `add ${code(valueText(edit.value))} to ${code(pathText(edit.path))}`;
      case 'remove':
        return `remove ${code(pathText(edit.path))}`;
    }
  });
  const inFile = edits.length > 0 ? `${fix.file ?? ''}${fix.file ? ': ' : ''}${edits.join('; ')}.` : '';
  return [inFile, fix.then ?? ''].filter(Boolean).join(' ');
}

/** A code span whose fence no backtick in the text can close. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** A row that found nothing to fix. */
export function ok(check: string, found: string): Finding {
  return { check, level: 'ok', found, fix: '' };
}

/** A row that found something to fix. */
export function problem(check: string, level: Exclude<Level, 'ok'>, found: string, fix: Fix): Finding {
  return { check, level, found, fix: fixText(fix) };
}

/** The worst level among rows: `fail` over `warn` over `ok`. */
export function worst(findings: readonly Finding[]): Level {
  if (findings.some((finding) => finding.level === 'fail')) return 'fail';
  return findings.some((finding) => finding.level === 'warn') ? 'warn' : 'ok';
}
