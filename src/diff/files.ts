import type { ListedFile } from '../github/api.js';
import { withoutInvisible } from '../text.js';

/**
 * A diff as a list of files, each with its own section of unified-diff text, whether it came
 * from GitHub as one diff (the diff media type) or as a list of files with patches. The text
 * is what the agent reads, so what renders as nothing is removed from it here, before the
 * budget counts it; `path` stays as GitHub names the file, for the filters to match.
 */

export interface FileDiff {
  readonly path: string;
  readonly previousPath?: string;
  /** The file's section of the diff, header included, without what renders as nothing; empty when GitHub gave no patch. */
  readonly text: string;
  readonly binary: boolean;
  /** GitHub listed the file without a patch (too large, or binary). */
  readonly patchMissing: boolean;
}

/** Splits a unified diff (`git diff` format) at each `diff --git` header. */
export function splitUnifiedDiff(diff: string): FileDiff[] {
  const files: FileDiff[] = [];
  const lines = diff.split('\n');
  let start = -1;
  const flush = (end: number): void => {
    if (start < 0) return;
    const section = lines.slice(start, end);
    files.push(describeSection(section));
  };
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.startsWith('diff --git ')) {
      flush(i);
      start = i;
    }
  }
  flush(lines[lines.length - 1] === '' ? lines.length - 1 : lines.length);
  return files;
}

export function fileDiffFromListing(file: ListedFile): FileDiff {
  const previous = file.previous_filename ?? file.filename;
  const header = `diff --git a/${previous} b/${file.filename}`;
  if (file.patch === undefined) {
    return { path: file.filename, previousPath: file.previous_filename, text: '', binary: false, patchMissing: true };
  }
  const oldName = file.status === 'added' ? '/dev/null' : `a/${previous}`;
  const newName = file.status === 'removed' ? '/dev/null' : `b/${file.filename}`;
  const text = withoutInvisible(`${header}\n--- ${oldName}\n+++ ${newName}\n${file.patch}`);
  return { path: file.filename, previousPath: file.previous_filename, text, binary: false, patchMissing: false };
}

function describeSection(section: string[]): FileDiff {
  const header = section[0]!;
  let path: string | undefined;
  let previousPath: string | undefined;
  let binary = false;
  for (const line of section.slice(1)) {
    if (line.startsWith('@@')) break;
    if (line.startsWith('+++ ') && line !== '+++ /dev/null') path = stripPrefix(line.slice(4));
    else if (line.startsWith('--- ') && line !== '--- /dev/null') previousPath = stripPrefix(line.slice(4));
    else if (line.startsWith('rename from ')) previousPath = line.slice('rename from '.length);
    else if (line.startsWith('rename to ')) path = line.slice('rename to '.length);
    else if (line.startsWith('Binary files ') || line === 'GIT binary patch') binary = true;
  }
  // Without ---/+++ lines (binary, mode-only, deleted), the header names the paths.
  const fromHeader = /^diff --git a\/(.+) b\/(.+)$/.exec(header);
  path ??= fromHeader?.[2] ?? previousPath ?? header;
  previousPath ??= fromHeader?.[1];
  return {
    path,
    previousPath: previousPath && previousPath !== path ? previousPath : undefined,
    text: withoutInvisible(section.join('\n')),
    binary,
    patchMissing: false,
  };
}

function stripPrefix(name: string): string {
  const trimmed = name.replace(/\t.*$/, '');
  return /^[ab]\//.test(trimmed) ? trimmed.slice(2) : trimmed;
}
