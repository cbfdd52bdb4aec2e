/**
 * A repository's files at a commit, as git keeps them: blobs named by the SHA-1 of their bytes,
 * trees (folders) named by the SHA-1 of their entries, and the entries of a tree in git's order.
 * The fake GitHub builds its trees and the contents it answers from these, so the SHAs it gives
 * are the ones git would compute for the same files.
 */
import { createHash } from 'node:crypto';

/**
 * A file at a commit: its text (kept as UTF-8), its bytes, or only its size (bytes the fake makes
 * up, which are not text). Over 1 MB the contents API gives its size and no content.
 */
export type FakeBlob = string | Uint8Array | { size: number };

/**
 * A repository's files at some commits: by commit SHA (40 hex digits), each file's path from the
 * root (`docs/docs.json`, no leading slash) to the file. The folders are those the paths imply.
 */
export type FakeFiles = Map<string, Record<string, FakeBlob>>;

export interface BlobNode {
  readonly type: 'blob';
  readonly sha: string;
  readonly size: number;
  readonly blob: FakeBlob;
}

export interface TreeNode {
  readonly type: 'tree';
  readonly sha: string;
  /** By name, in git's order. */
  readonly entries: ReadonlyMap<string, GitNode>;
}

export type GitNode = BlobNode | TreeNode;

/** A tree entry with its path from the tree listed, as a recursive listing gives it. */
export interface ListedEntry {
  readonly path: string;
  readonly node: GitNode;
}

/** The bytes of a file. */
export function bytesOf(blob: FakeBlob): Buffer {
  if (typeof blob === 'string') return Buffer.from(blob, 'utf8');
  if (blob instanceof Uint8Array) return Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  return madeUpBytes(blob.size);
}

export function sizeOf(blob: FakeBlob): number {
  if (typeof blob === 'string') return Buffer.byteLength(blob, 'utf8');
  if (blob instanceof Uint8Array) return blob.byteLength;
  return blob.size;
}

/** Bytes 0 to 255 over and over: not UTF-8 text (a NUL among them), as a binary file is not. */
function madeUpBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i & 0xff;
  return bytes;
}

/** The SHA git names a file's bytes by (`git hash-object`). */
export function blobSha(blob: FakeBlob): string {
  const bytes = bytesOf(blob);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * Git's order of a tree's entries: by name, byte by byte, a folder's name read as if it ended in
 * a slash (so `a.md` comes before the folder `a`, and the folder `a` before `a0.md`).
 */
function gitOrder(entries: ReadonlyMap<string, GitNode>): Array<[string, GitNode]> {
  const key = ([name, node]: [string, GitNode]) => Buffer.from(node.type === 'tree' ? `${name}/` : name, 'utf8');
  return [...entries].sort((a, b) => Buffer.compare(key(a), key(b)));
}

/** Git's mode of an entry, as the REST API writes it (a tree's as `040000`, where git writes `40000`). */
export function modeOf(node: GitNode): string {
  return node.type === 'tree' ? '040000' : '100644';
}

/** Why a file's path cannot be one git keeps, or undefined when it can. */
function pathProblem(path: string): string | undefined {
  if (path === '') return 'an empty path';
  if (path.startsWith('/') || path.endsWith('/')) return `"${path}" begins or ends with a slash`;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment === '.git' || segment.includes('\0')))
    return `"${path}" has an empty, ".", "..", ".git" or NUL segment`;
  return undefined;
}

/**
 * The root tree of a commit's files, or the reason git could not hold them (a path that is a
 * file and a folder both, a path git refuses): a test's mistake, which the fake reports.
 */
export function treeOf(files: Readonly<Record<string, FakeBlob>>): { tree: TreeNode } | { problem: string } {
  interface Folder {
    readonly entries: Map<string, Folder | BlobNode>;
  }
  const root: Folder = { entries: new Map() };
  for (const [path, blob] of Object.entries(files)) {
    const problem = pathProblem(path);
    if (problem) return { problem };
    const segments = path.split('/');
    let folder = root;
    for (const [index, segment] of segments.entries()) {
      const existing = folder.entries.get(segment);
      const last = index === segments.length - 1;
      if (last) {
        if (existing) return { problem: `"${path}" is a file and a folder both` };
        folder.entries.set(segment, { type: 'blob', sha: blobSha(blob), size: sizeOf(blob), blob });
      } else {
        if (existing && 'type' in existing) return { problem: `"${segments.slice(0, index + 1).join('/')}" is a file and a folder both` };
        const next = existing ?? { entries: new Map() };
        folder.entries.set(segment, next);
        folder = next;
      }
    }
  }
  const seal = (folder: Folder): TreeNode => {
    const entries = new Map<string, GitNode>([...folder.entries].map(([name, entry]) => [name, 'type' in entry ? entry : seal(entry)]));
    const ordered = gitOrder(entries);
    // A tree object: `<mode> <name>\0<20-byte SHA>` for each entry, in git's order.
    const body = Buffer.concat(
      ordered.map(([name, node]) =>
        Buffer.concat([Buffer.from(`${node.type === 'tree' ? '40000' : '100644'} ${name}\0`, 'utf8'), Buffer.from(node.sha, 'hex')]),
      ),
    );
    const sha = createHash('sha1').update(`tree ${body.length}\0`).update(body).digest('hex');
    return { type: 'tree', sha, entries: new Map(ordered) };
  };
  return { tree: seal(root) };
}

/**
 * The entries of a tree, in git's order: its own (not recursive), or every entry under it, each
 * folder before what it holds (`git ls-tree -r -t`), as the recursive Git trees API lists them.
 */
export function listTree(tree: TreeNode, recursive: boolean, prefix = ''): ListedEntry[] {
  return [...tree.entries].flatMap(([name, node]) => {
    const path = prefix + name;
    const entry = { path, node };
    return recursive && node.type === 'tree' ? [entry, ...listTree(node, true, `${path}/`)] : [entry];
  });
}

/** The entry at a path under a tree (the tree itself for an empty path), or undefined. */
export function nodeAt(tree: TreeNode, path: string): GitNode | undefined {
  let node: GitNode | undefined = tree;
  for (const segment of path.split('/').filter((part) => part !== '')) {
    if (node?.type !== 'tree') return undefined;
    node = node.entries.get(segment);
  }
  return node;
}

/** Every tree under a tree (itself included), to find a tree by its SHA. */
export function* treesUnder(tree: TreeNode): Generator<TreeNode> {
  yield tree;
  for (const node of tree.entries.values()) if (node.type === 'tree') yield* treesUnder(node);
}

/** Base64 as GitHub's contents API sends it: a line break after every 60 characters, and after the last line. */
export function githubBase64(bytes: Buffer): string {
  const text = bytes.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 60) lines.push(text.slice(i, i + 60));
  return lines.map((line) => `${line}\n`).join('');
}
