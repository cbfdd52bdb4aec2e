/**
 * Which pages of the documentation site a documentation PR changes, as pure functions: a page is a
 * `.mdx` or `.md` file under the folder of the nearest `docs.json` (or the older `mint.json`); its
 * path on the site is its path from that folder without the extension, `index` standing for its
 * folder. And whether a page that goes away is redirected by that configuration's `redirects`.
 */

/** A file a pull request changes, as GitHub's pull-request files list it. */
export interface ChangedFile {
  readonly filename: string;
  /** `added`, `removed`, `modified`, `renamed`, `copied`, `changed`, `unchanged`. */
  readonly status?: string;
  readonly previousFilename?: string;
}

/** A documentation site's configuration: the folder that holds it (`''` for the root), and its redirects. */
export interface DocsConfig {
  readonly folder: string;
  /** Undefined when the configuration could not be read: its redirects are not known. */
  readonly redirects: readonly Redirect[] | undefined;
}

export interface Redirect {
  readonly source: string;
  readonly destination: string;
}

export type PageChange = 'added' | 'modified' | 'removed' | 'renamed';

export interface ChangedPage {
  /** The page's path on the site: `/guides/install`, `/` for the root's index. */
  readonly path: string;
  readonly change: PageChange;
  /** A renamed page's path before: the one its readers know. */
  readonly previousPath?: string;
  /**
   * A removed or renamed page: whether the configuration nearest to its old file redirects its old
   * path; null when that configuration could not be read.
   */
  readonly redirected?: boolean | null;
}

/** The configuration files, nearest first at each folder: `docs.json`, else the older `mint.json`. */
export const CONFIG_FILES = ['docs.json', 'mint.json'] as const;

/**
 * The pages the files change, once each, in the order of the files. Files that are not pages of a
 * site are left out. What counts is the page's path, not its file: a file renamed without its path
 * changing (`a.md` to `a.mdx`, `a.mdx` to `a/index.mdx`) modifies the page, and so does a path one
 * file removes and another adds.
 */
export function changedPages(files: readonly ChangedFile[], configs: readonly DocsConfig[]): ChangedPage[] {
  const byFile = pagesByFile(files, configs);
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
function pagesByFile(files: readonly ChangedFile[], configs: readonly DocsConfig[]): ChangedPage[] {
  const pages: ChangedPage[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const path = pagePathOf(file.filename, configs);
    const previous = file.previousFilename === undefined ? undefined : pagePathOf(file.previousFilename, configs);
    const change = changeOf(file.status, path !== undefined, previous !== undefined);
    if (!change) continue;
    const shown = change === 'removed' ? (path ?? previous)! : path!;
    const key = `${change} ${shown}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const oldFile = file.previousFilename ?? file.filename;
    const redirected = (old: string): boolean | null => {
      const redirects = nearestConfig(oldFile, configs)?.redirects;
      return redirects === undefined ? null : isRedirected(old, redirects);
    };
    if (change === 'renamed') pages.push({ path: shown, change, previousPath: previous!, redirected: redirected(previous!) });
    else if (change === 'removed') pages.push({ path: shown, change, redirected: redirected(shown) });
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
 * configuration's folder. The nearest configuration (the deepest folder that holds the file) wins.
 */
export function pagePathOf(filename: string, configs: readonly DocsConfig[]): string | undefined {
  // `s`: a file name may hold any character but `/` and NUL, line breaks included.
  const match = /^(.*)\.(mdx|md)$/is.exec(filename);
  if (!match) return undefined;
  const config = nearestConfig(filename, configs);
  if (!config) return undefined;
  const relative = config.folder === '' ? match[1]! : match[1]!.slice(config.folder.length + 1);
  const segments = relative.split('/');
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** The configuration whose folder holds the file, the deepest first. */
export function nearestConfig(filename: string, configs: readonly DocsConfig[]): DocsConfig | undefined {
  let best: DocsConfig | undefined;
  for (const config of configs) {
    const holds = config.folder === '' || filename.startsWith(`${config.folder}/`);
    if (holds && (!best || config.folder.length > best.folder.length)) best = config;
  }
  return best;
}

/**
 * Whether a path is redirected: a source that names it exactly (trailing slashes aside), or with
 * wildcards — `:name*` any rest of the path (none included), `:name` one segment, and a partial
 * `*` within a segment (`/articles/concepts-*`: any text in that segment). Sources carry no anchor
 * or query; one that does, or that is not a path, redirects nothing.
 */
export function isRedirected(path: string, redirects: readonly Redirect[]): boolean {
  return redirects.some((redirect) => sourcePattern(redirect.source)?.test(trimSlashes(path)) === true);
}

const patterns = new Map<string, RegExp | undefined>();

function sourcePattern(source: string): RegExp | undefined {
  if (patterns.has(source)) return patterns.get(source);
  let pattern: RegExp | undefined;
  if (source.startsWith('/') && !/[#?]/.test(source)) {
    const segments = trimSlashes(source).split('/');
    let body = '';
    for (const [index, segment] of segments.entries()) {
      const slash = index === 0 ? '' : '/';
      if (/^:[A-Za-z_][\w]*\*$/.test(segment)) {
        // Any segments, none included: `/beta/:slug*` redirects `/beta` too; `/a/:slug*/b` needs its `/b`.
        body += `(?:${slash}.*)?`;
        continue;
      }
      body += slash + (/^:[A-Za-z_][\w]*$/.test(segment) ? '[^/]+' : segment.split('*').map(escapeRegExp).join('[^/]*'));
    }
    pattern = new RegExp(`^${body}$`);
  }
  patterns.set(source, pattern);
  return pattern;
}

function trimSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A configuration's redirects, from its JSON as given: a list at the top level of
 * `{source, destination}` strings. Anything else in it (not a list, an entry without a string
 * source) counts for nothing; the configuration is read whatever else it holds.
 */
export function redirectsOf(config: unknown): Redirect[] {
  const list = (config as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: { source?: unknown; destination?: unknown } | null) =>
    typeof entry?.source === 'string' && typeof entry.destination === 'string' ? [{ source: entry.source, destination: entry.destination }] : [],
  );
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
