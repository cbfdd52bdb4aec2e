import type { FeedbackByPageQuery } from '../api/client.js';
import type { FeedbackByPage } from '../api/schemas.js';
import { pageVisitors, visitorsNotAdvancingWarning, type VisitorsApi } from '../analytics/paging.js';
import { dateQuery } from '../analytics/range.js';
import { pullName, type GitHubApi, type PullRef } from '../github/api.js';
import { parseDate } from '../parse.js';
import type { Clock, Logger } from '../runtime.js';
import { countOf, errorMessage, forLog } from '../text.js';
import { changedPages, CONFIG_FILES, redirectsOf, type ChangedFile, type DocsConfig, type PageChange } from './pages.js';

/** What reading the impact needs of the documentation API: the visitors export and feedback by page. */
export interface ImpactApi extends VisitorsApi {
  getFeedbackByPage(query: FeedbackByPageQuery): Promise<FeedbackByPage>;
  readonly requestCount: number;
}

/** A changed page with what its readers did over the last 28 days (the `reader-impact` output's entries). */
export interface ImpactRow {
  readonly path: string;
  readonly change: PageChange;
  /** A renamed page's path before: its readers are counted there. */
  readonly previousPath?: string;
  readonly visitors: number;
  readonly human: number;
  readonly ai: number;
  readonly thumbsDown: number;
  /**
   * For a removed or renamed page: whether the documentation PR's configuration redirects its old
   * path; null when that configuration could not be read (its redirects are not known).
   */
  readonly redirected?: boolean | null;
}

export interface ReaderImpact {
  /** The documentation PR's head commit that was measured. */
  readonly head: string;
  /** Every changed page, busiest first (ties: path); none when the documentation PR changes no page. */
  readonly rows: ImpactRow[];
  /** Analytics requests the reading made. */
  readonly requests: number;
}

export interface ImpactDeps {
  /** The documentation repository, read with the token that reaches it. */
  readonly github: GitHubApi;
  readonly api: ImpactApi;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The step's deadline: the visitors read asks for no page after it. */
  readonly deadline: number;
  /** The page size of the visitors read (`page-size`). */
  readonly pageSize: number;
}

/** The period readers are counted over: the last 28 days. */
export const IMPACT_DAYS = 28;
/** Feedback by page: one request, the most the endpoint gives. */
const FEEDBACK_LIMIT = 100;

/**
 * What readers will see of a documentation PR: its changed files at its head commit, the pages
 * they are on the site (by the nearest `docs.json` or `mint.json`), and for each page its unique
 * visitors (human, AI, total) and thumbs-down over the last 28 days. The visitors read ends as
 * soon as every changed page has been seen, or the rows run out, within the read's budget; the
 * feedback is one request. No rows, and no analytics request, when the documentation PR changes
 * no page. What cannot be read throws (one warning for the caller); what the configuration or the
 * pager gets wrong is one warning here, and the rest goes on.
 */
export async function readImpact(docsPr: PullRef, head: string, deps: ImpactDeps): Promise<ReaderImpact> {
  const { github, api, logger } = deps;
  const files: ChangedFile[] = (await github.pullFiles(docsPr.number)).map((file) => ({
    filename: file.filename,
    status: file.status,
    ...(file.previous_filename ? { previousFilename: file.previous_filename } : {}),
  }));
  const configs = await readConfigs(files, head, deps, pullName(docsPr));
  const pages = changedPages(files, configs);
  if (pages.length === 0) return { head, rows: [], requests: 0 };

  const before = api.requestCount;
  // Readers are counted where they read: a renamed page at its old path.
  const readAt = (page: { path: string; previousPath?: string }): string => page.previousPath ?? page.path;
  const wanted = new Set(pages.map(readAt));
  // A page the documentation PR adds has had no readers yet: the read does not wait to see it.
  const awaited = new Set(pages.filter((page) => page.change !== 'added').map(readAt));
  const counts = new Map<string, { human: number; ai: number; total: number }>();
  const now = deps.clock.now();
  const range = { dateFrom: parseDate(`-${IMPACT_DAYS}d`, now), dateTo: parseDate('today', now) };
  const read = await pageVisitors(
    api,
    {
      ...dateQuery(range),
      pageSize: deps.pageSize,
      offset: 0,
      maxRows: 0,
      concurrency: 1,
      deadline: { at: deps.deadline, clock: deps.clock },
      enough: () => [...awaited].every((path) => counts.has(path)),
    },
    (rows) => {
      for (const row of rows) if (wanted.has(row.path)) counts.set(row.path, { human: row.human, ai: row.ai, total: row.total });
      return Promise.resolve();
    },
  );
  if (read.stalledAt !== undefined) logger.warning(visitorsNotAdvancingWarning({ ...read, stalledAt: read.stalledAt }, 'reader impact'));
  const { feedback } = await api.getFeedbackByPage({ ...dateQuery(range), limit: FEEDBACK_LIMIT });
  const thumbsDown = new Map(feedback.map((row) => [row.path, row.thumbsDown]));

  const rows = pages.map((page): ImpactRow => {
    const at = readAt(page);
    const seen = counts.get(at);
    return {
      path: page.path,
      change: page.change,
      ...(page.previousPath ? { previousPath: page.previousPath } : {}),
      visitors: seen?.total ?? 0,
      human: seen?.human ?? 0,
      ai: seen?.ai ?? 0,
      thumbsDown: thumbsDown.get(at) ?? 0,
      ...(page.redirected === undefined ? {} : { redirected: page.redirected }),
    };
  });
  rows.sort((a, b) => b.visitors - a.visitors || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { head, rows, requests: api.requestCount - before };
}

/** The pages that lose their readers: removed or renamed, read in the period, and known not to be redirected. */
export function losingReaders(rows: readonly ImpactRow[]): ImpactRow[] {
  return rows.filter((row) => (row.change === 'removed' || row.change === 'renamed') && row.visitors > 0 && row.redirected === false);
}

/** The one warning for a page that loses its readers: which page, how many read it, and what to do. */
export function losingReadersWarning(docsPr: string, row: ImpactRow): string {
  const what = row.change === 'removed' ? 'removes' : `moves to ${forLog(row.path, 300)}`;
  const page = forLog(row.previousPath ?? row.path, 300);
  return `Documentation PR ${docsPr} ${what} the page ${page}, read by ${countOf(row.visitors, 'unique visitor')} in the last ${IMPACT_DAYS} days, and its docs.json does not redirect it: readers' links and bookmarks will break. Add a redirect from ${page} in docs.json.`;
}

/**
 * The site configurations the changed files fall under, read at the head commit: for each folder
 * that holds a configuration file and a changed file, `docs.json`, else `mint.json`. One request
 * for the tree, one for each configuration read. A configuration that is not JSON, or too large,
 * still makes its folder a site (one warning): its redirects are then unknown, and no page of it
 * is said to lose its readers or not. No configuration anywhere at the head is one warning: the
 * documentation PR's files are then no pages.
 */
async function readConfigs(files: readonly ChangedFile[], head: string, deps: ImpactDeps, docsPr: string): Promise<DocsConfig[]> {
  const { github, logger } = deps;
  const found = await github.filesNamed(head, CONFIG_FILES);
  if (found.truncated)
    logger.warning(`The tree of documentation PR ${docsPr} is too large for GitHub to list whole: the site configurations beyond it are not seen.`);
  else if (found.paths.length === 0)
    logger.warning(
      `Documentation PR ${docsPr} has no docs.json or mint.json at its head commit: which of its files are pages of the site is not known, so what readers will see of it is not shown.`,
    );
  const byFolder = new Map<string, string>();
  for (const path of found.paths) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const name = path.slice(folder ? folder.length + 1 : 0);
    // docs.json wins over mint.json in the same folder.
    if (!byFolder.has(folder) || name === 'docs.json') byFolder.set(folder, path);
  }
  const touched = [...byFolder.keys()].filter((folder) =>
    files.some((file) => [file.filename, file.previousFilename].some((name) => name !== undefined && (folder === '' || name.startsWith(`${folder}/`)))),
  );
  const configs: DocsConfig[] = [];
  for (const folder of touched) {
    const path = byFolder.get(folder)!;
    let redirects: DocsConfig['redirects'];
    try {
      const text = await github.fileText(path, head);
      redirects = text === undefined ? [] : redirectsOf(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError) && (error as { kind?: unknown }).kind !== 'shape') throw error;
      logger.warning(
        `The site configuration ${forLog(path, 300)} of documentation PR ${docsPr} could not be read (${error instanceof SyntaxError ? 'not JSON' : forLog(errorMessage(error), 200)}): its redirects are not known, so whether a page it removes keeps its readers is not known either.`,
      );
    }
    configs.push({ folder, redirects });
  }
  return configs;
}
