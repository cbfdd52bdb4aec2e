/**
 * Which pages of the documentation site a documentation PR changes, as pure functions: a page is a
 * `.mdx` or `.md` file under the folder of the nearest `docs.json` (or the older `mint.json`); its
 * path on the site is its path from that folder without the extension, `index` standing for its
 * folder. A page that goes away keeps the site it leaves, whose redirects decide (`redirects.ts`).
 */

/** A file a pull request changes, as GitHub's pull-request files list it. */
export interface ChangedFile {
  readonly filename: string;
  /** `added`, `removed`, `modified`, `renamed`, `copied`, `changed`, `unchanged`. */
  readonly status?: string;
  readonly previousFilename?: string;
}

/**
 * A documentation site: the folder that holds its configuration (`''` for the root), and that
 * configuration's path (`docs.json`, else the older `mint.json`).
 */
export interface Site {
  readonly folder: string;
  readonly config: string;
}

export type PageChange = 'added' | 'modified' | 'removed' | 'renamed';

export interface ChangedPage {
  /** The page's path on the site: `/guides/install`, `/` for the root's index. */
  readonly path: string;
  readonly change: PageChange;
  /** A renamed page's path before: the one its readers know. */
  readonly previousPath?: string;
  /** A removed or renamed page: the site its old file was on, whose redirects decide whether its readers follow it. */
  readonly site?: Site;
}

/** The configuration files, nearest first at each folder: `docs.json`, else the older `mint.json`. */
export const CONFIG_FILES = ['docs.json', 'mint.json'] as const;

/**
 * The pages the files change, once each, in the order of the files. Files that are not pages of a
 * site are left out. What counts is the page's path, not its file: a file renamed without its path
 * changing (`a.md` to `a.mdx`, `a.mdx` to `a/index.mdx`) modifies the page, and so does a path one
 * file removes and another adds.
 */
export function changedPages(files: readonly ChangedFile[], sites: Sites): ChangedPage[] {
  const byFile = pagesByFile(files, sites);
  const stays = new Set(byFile.filter((page) => page.change !== 'removed').map((page) => page.path));
  const removed = new Set(byFile.filter((page) => page.change === 'removed').map((page) => page.path));
  const pages: ChangedPage[] = [];
  const seen = new Set<string>();
  for (const page of byFile) {
    // A path removed by one file and served by another stays: it is modified, not removed.
    if (page.change === 'removed' && stays.has(page.path)) continue;
    const kept: ChangedPage =
      page.change === 'renamed' && page.previousPath === page.path
        ? { path: page.path, change: 'modified' }
        : page.change === 'added' && removed.has(page.path)
          ? { path: page.path, change: 'modified' }
          : page;
    // One row a path: two files of one path (`a.md` beside `a.mdx`) are one page, as first listed.
    if (seen.has(kept.path)) continue;
    seen.add(kept.path);
    pages.push(kept);
  }
  return pages;
}

/** Each file's change to the site, as the file says it. */
function pagesByFile(files: readonly ChangedFile[], sites: Sites): ChangedPage[] {
  const pages: ChangedPage[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const path = pagePathOf(file.filename, sites);
    const previous = file.previousFilename === undefined ? undefined : pagePathOf(file.previousFilename, sites);
    const change = changeOf(file.status, path !== undefined, previous !== undefined);
    if (!change) continue;
    const shown = change === 'removed' ? (path ?? previous)! : path!;
    const key = `${change} ${shown}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The site the page leaves: where its readers' links point, and whose redirects may keep them.
    const site = sites.nearest(file.previousFilename ?? file.filename)!;
    if (change === 'renamed') pages.push({ path: shown, change, previousPath: previous!, site });
    else if (change === 'removed') pages.push({ path: shown, change, site });
    else pages.push({ path: shown, change });
  }
  return pages;
}

/**
 * What a file's change is to the site: a page added, modified, removed or renamed. A page renamed
 * to something that is no page (a move out of the docs folder) is removed; a file renamed into a
 * page is added; `copied` adds a page; anything else (`changed`, `unchanged`) modifies it.
 */
function changeOf(status: string | undefined, isPage: boolean, wasPage: boolean): PageChange | undefined {
  switch (status) {
    case 'added':
    case 'copied':
      return isPage ? 'added' : undefined;
    case 'removed':
      return isPage ? 'removed' : undefined;
    case 'renamed':
      if (isPage && wasPage) return 'renamed';
      if (wasPage) return 'removed';
      return isPage ? 'added' : undefined;
    default:
      return isPage ? 'modified' : undefined;
  }
}

/**
 * A file's path on the site, or undefined when it is no page: not `.mdx` or `.md`, or under no
 * site's folder. The nearest site (the deepest folder that holds the file) wins.
 */
export function pagePathOf(filename: string, sites: Sites): string | undefined {
  // `s`: a file name may hold any character but `/` and NUL, line breaks included.
  const match = /^(.*)\.(mdx|md)$/is.exec(filename);
  if (!match) return undefined;
  const site = sites.nearest(filename);
  if (!site) return undefined;
  const relative = site.folder === '' ? match[1]! : match[1]!.slice(site.folder.length + 1);
  const segments = relative.split('/');
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

interface FolderNode {
  readonly children: Map<string, FolderNode>;
  site?: Site;
}

/**
 * The sites of a repository, placed by the paths of its configuration files (one tree read): in
 * each folder `docs.json`, else `mint.json`. A folder tree, so that finding a file's site is one
 * step per folder of its path, however many sites there are.
 */
export class Sites {
  private readonly root: FolderNode = { children: new Map() };
  private count = 0;

  /** `paths`: every file at the commit named as a configuration is, in any order. */
  constructor(paths: readonly string[]) {
    for (const path of paths) {
      const segments = path.split('/');
      const name = segments.pop()!;
      if (!(CONFIG_FILES as readonly string[]).includes(name)) continue;
      let node = this.root;
      for (const segment of segments) {
        let child = node.children.get(segment);
        if (!child) {
          child = { children: new Map() };
          node.children.set(segment, child);
        }
        node = child;
      }
      if (!node.site) this.count += 1;
      // docs.json wins over mint.json in the same folder.
      if (!node.site || name === 'docs.json') node.site = { folder: segments.join('/'), config: path };
    }
  }

  /** How many sites. */
  get size(): number {
    return this.count;
  }

  /** The site whose folder holds the file, the deepest first; undefined when none does. */
  nearest(filename: string): Site | undefined {
    const folders = filename.split('/');
    folders.pop();
    let node: FolderNode | undefined = this.root;
    let best = this.root.site;
    for (const folder of folders) {
      node = node.children.get(folder);
      if (!node) break;
      best = node.site ?? best;
    }
    return best;
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A page's link into the preview: the preview's origin and the page's path, each segment
 * percent-encoded, so that the link never leaves the preview's origin whatever the path holds (a
 * `//host` start, `..`, `?`, `#`, `\`). Undefined when the preview is no `https` URL.
 */
export function previewLinkOf(previewUrl: string | undefined, path: string): string | undefined {
  let origin: string;
  try {
    const preview = new URL(previewUrl ?? '');
    if (preview.protocol !== 'https:') return undefined;
    origin = preview.origin;
  } catch {
    return undefined;
  }
  const segments = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    // A lone surrogate half has no UTF-8 form (encodeURIComponent throws): it is no character, shown as U+FFFD.
    .map((segment) => encodeURIComponent(segment.replace(LONE_SURROGATE, '\ufffd')));
  const link = `${origin}/${segments.join('/')}`;
  return new URL(link).origin === origin ? link : undefined;
}
