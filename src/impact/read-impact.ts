import type { FeedbackByPageQuery } from '../api/client.js';
import { FixedBudget, leaving, type ReadLimits } from '../api/budget.js';
import type { FeedbackByPage } from '../api/schemas.js';
import { pageVisitors, visitorsNotAdvancingWarning, type VisitorsApi } from '../analytics/paging.js';
import { dateQuery } from '../analytics/range.js';
import { GitHubError, pullName, type GitHubApi, type PullRef } from '../github/api.js';
import { parseDate } from '../parse.js';
import { DeadlineError, isCancellation, type Clock, type Logger } from '../runtime.js';
import { countOf, errorMessage, forLog } from '../text.js';
import { changedPages, CONFIG_FILES, Sites, type ChangedFile, type ChangedPage, type PageChange, type Site } from './pages.js';
import { judgeRedirects, MAX_COMPARISONS, redirectsOf, type Redirect } from './redirects.js';

/** What reading the impact needs of the documentation API: the visitors export and feedback by page. */
export interface ImpactApi extends VisitorsApi {
  getFeedbackByPage(query: FeedbackByPageQuery, limits?: ReadLimits): Promise<FeedbackByPage>;
  readonly requestCount: number;
}

/**
 * A changed page with what its readers did over the last 28 days (the `reader-impact` output's
 * entries). A figure the reads did not reach is null ("not known"), never 0.
 */
export interface ImpactRow {
  readonly path: string;
  readonly change: PageChange;
  /** A renamed page's path before: its readers are counted there. */
  readonly previousPath?: string;
  readonly visitors: number | null;
  readonly human: number | null;
  readonly ai: number | null;
  readonly thumbsDown: number | null;
  /**
   * For a removed or renamed page: whether the documentation PR's configuration redirects its old
   * path; null when that is not known (the configuration could not be read, or the matching
   * stopped before it).
   */
  readonly redirected?: boolean | null;
}

export interface ReaderImpact {
  /** The documentation PR's head commit that was measured. */
  readonly head: string;
  /** Every changed page, busiest first (pages whose readers are not known after the rest; ties: path); none when the documentation PR changes no page. */
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
  /** The step's deadline: no page is asked for, and no redirect compared, after it. */
  readonly deadline: number;
  /** Cancels the redirect matching between its turns. */
  readonly signal?: AbortSignal;
  /** The page size of the visitors read (`page-size`). */
  readonly pageSize: number;
}

/** The period readers are counted over: the last 28 days. */
export const IMPACT_DAYS = 28;
/**
 * The analytics requests of one measurement (one documentation PR number, base and head),
 * retries included, whatever the server answers: the organisation's analytics budget (about 100
 * an hour) is shared with every other use of it.
 */
export const IMPACT_ANALYTICS_REQUESTS = 10;
/** Feedback by page: one request (its retries from what the visitors read left), the most the endpoint gives. */
export const FEEDBACK_LIMIT = 100;
const FEEDBACK_REQUESTS = 1;

/**
 * What readers will see of a documentation PR: its changed files at its head commit, the pages
 * they are on the site (by the nearest `docs.json` or `mint.json`, placed by one tree read), and
 * for each page its unique visitors (human, AI, total) and thumbs-down over the last 28 days,
 * with, for a page that goes away, whether its site redirects it (the configurations of those
 * sites alone are read). The analytics take at most `IMPACT_ANALYTICS_REQUESTS` requests: the
 * visitors read ends as soon as every changed page has been seen, or the rows run out, or its
 * share is spent; the feedback is one request. A figure the reads did not reach is null, with one
 * line that says why. What GitHub cannot give throws (one warning for the caller); what the
 * analytics, a configuration or the pager gets wrong is one warning here, and the rest goes on.
 */
export async function readImpact(docsPr: PullRef, head: string, deps: ImpactDeps): Promise<ReaderImpact> {
  const files: ChangedFile[] = (await deps.github.pullFiles(docsPr.number)).map((file) => ({
    filename: file.filename,
    status: file.status,
    ...(file.previous_filename ? { previousFilename: file.previous_filename } : {}),
  }));
  const sites = await placeSites(head, deps, pullName(docsPr));
  const pages = changedPages(files, sites);
  if (pages.length === 0) return { head, rows: [], requests: 0 };
  const redirects = await readRedirects(pages, head, deps, pullName(docsPr));

  const before = deps.api.requestCount;
  const figures = await readFigures(pages, deps);
  // The pages that go away, each judged at its old path by the site it leaves.
  const goingAway = pages.filter((page) => page.site);
  const judged = await judgeRedirects(
    goingAway.map((page) => ({ path: readAt(page), redirects: redirects.get(page.site!) })),
    { clock: deps.clock, deadline: deps.deadline, ...(deps.signal ? { signal: deps.signal } : {}) },
  );
  const redirected = new Map(goingAway.map((page, index) => [page, judged.verdicts[index] ?? null]));
  if (judged.stopped) {
    const unknown = judged.verdicts.filter((verdict) => verdict === null).length;
    deps.logger.warning(
      `Whether ${countOf(unknown, 'page')} that documentation PR ${pullName(docsPr)} removes or renames ${unknown === 1 ? 'is' : 'are'} redirected is not known: ${
        judged.stopped === 'deadline'
          ? 'the step’s timeout ran out while matching its redirects'
          : `matching its redirects stops at ${countOf(MAX_COMPARISONS, 'comparison')}`
      }.`,
    );
  }
  const rows = pages.map((page): ImpactRow => {
    const at = readAt(page);
    const seen = figures.visitors(page);
    return {
      path: page.path,
      change: page.change,
      ...(page.previousPath ? { previousPath: page.previousPath } : {}),
      visitors: seen && seen.total,
      human: seen && seen.human,
      ai: seen && seen.ai,
      thumbsDown: figures.thumbsDown(page, at),
      ...(page.site ? { redirected: redirected.get(page) ?? null } : {}),
    };
  });
  rows.sort(busiestFirst);
  return { head, rows, requests: deps.api.requestCount - before };
}

/** Readers are counted where they read: a renamed page at its old path. */
function readAt(page: { readonly path: string; readonly previousPath?: string }): string {
  return page.previousPath ?? page.path;
}

/** Busiest first; pages whose readers are not known after those whose are; then by path. */
function busiestFirst(a: ImpactRow, b: ImpactRow): number {
  if (a.visitors !== b.visitors) {
    if (a.visitors === null) return 1;
    if (b.visitors === null) return -1;
    return b.visitors - a.visitors;
  }
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

interface Counts {
  readonly human: number;
  readonly ai: number;
  readonly total: number;
}

interface Figures {
  /** A page's visitors; null when the read did not reach it. */
  visitors(page: ChangedPage): Counts | null;
  thumbsDown(page: ChangedPage, at: string): number | null;
}

const NO_READERS: Counts = { human: 0, ai: 0, total: 0 };

/**
 * The analytics of the changed pages, within `IMPACT_ANALYTICS_REQUESTS`: the visitors read takes
 * what feedback leaves it, feedback the rest. A page the export did not reach is not known,
 * unless the export was read to its end (then it had no readers) or the documentation PR adds it
 * (a page that was not there had none). A page beyond feedback's one answer (`hasMore`) has
 * thumbs-down not known. A failed read is one warning: its figures are not known.
 */
async function readFigures(pages: readonly ChangedPage[], deps: ImpactDeps): Promise<Figures> {
  const { api, logger } = deps;
  const requests = new FixedBudget(
    IMPACT_ANALYTICS_REQUESTS,
    `reader impact reads the analytics with at most ${IMPACT_ANALYTICS_REQUESTS} requests per documentation PR head`,
  );
  const wanted = new Set(pages.map(readAt));
  // A page the documentation PR adds has had no readers yet: the read does not wait to see it.
  const awaited = new Set(pages.filter((page) => page.change !== 'added').map(readAt));
  const counts = new Map<string, Counts>();
  const now = deps.clock.now();
  const range = { dateFrom: parseDate(`-${IMPACT_DAYS}d`, now), dateTo: parseDate('today', now) };
  const enough = (): boolean => [...awaited].every((path) => counts.has(path));
  let readToTheEnd = false;
  try {
    const read = await pageVisitors(
      api,
      {
        ...dateQuery(range),
        pageSize: deps.pageSize,
        offset: 0,
        maxRows: 0,
        concurrency: 1,
        deadline: { at: deps.deadline, clock: deps.clock },
        enough,
        cap: leaving(requests, FEEDBACK_REQUESTS, `the visitors read of reader impact leaves feedback its request of the ${IMPACT_ANALYTICS_REQUESTS}`),
      },
      (rows) => {
        for (const row of rows) if (wanted.has(row.path)) counts.set(row.path, { human: row.human, ai: row.ai, total: row.total });
        return Promise.resolve();
      },
    );
    readToTheEnd = read.stalledAt === undefined && !read.capped;
    if (read.stalledAt !== undefined) logger.warning(visitorsNotAdvancingWarning({ ...read, stalledAt: read.stalledAt }, 'reader impact'));
    else if (read.capped && !enough())
      logger.info(
        `Reader impact read ${countOf(read.rows, 'row')} of the visitors export, in the ${IMPACT_ANALYTICS_REQUESTS - FEEDBACK_REQUESTS} requests it may spend on it: the changed pages not among them have readers not known.`,
      );
  } catch (error) {
    if (isCancellation(error, deps.signal ?? new AbortController().signal)) throw error;
    logger.warning(
      `The visitors of the changed pages could not all be read (${error instanceof DeadlineError ? `the step’s timeout ran out: ${error.message}` : errorMessage(error)}): those not read are shown as not known.`,
    );
  }

  let feedback: ReadonlyMap<string, number> | undefined;
  let feedbackWhole = false;
  try {
    const answer = await api.getFeedbackByPage({ ...dateQuery(range), limit: FEEDBACK_LIMIT }, { budget: requests, until: deps.deadline });
    // Rows past the limit asked for are not its rows.
    feedback = new Map(answer.feedback.slice(0, FEEDBACK_LIMIT).map((row) => [row.path, row.thumbsDown]));
    feedbackWhole = answer.hasMore !== true;
  } catch (error) {
    if (isCancellation(error, deps.signal ?? new AbortController().signal)) throw error;
    logger.warning(`The thumbs-down of the changed pages could not be read (${errorMessage(error)}): they are shown as not known.`);
  }

  return {
    visitors: (page) => counts.get(readAt(page)) ?? (readToTheEnd || page.change === 'added' ? NO_READERS : null),
    thumbsDown: (page, at) => feedback?.get(at) ?? (feedback && (feedbackWhole || page.change === 'added') ? 0 : null),
  };
}

/** The pages that lose their readers: removed or renamed, read in the period, and known not to be redirected. */
export function losingReaders(rows: readonly ImpactRow[]): ImpactRow[] {
  return rows.filter((row) => (row.change === 'removed' || row.change === 'renamed') && (row.visitors ?? 0) > 0 && row.redirected === false);
}

/** The one warning for a page that loses its readers: which page, how many read it, and what to do. */
export function losingReadersWarning(docsPr: string, row: ImpactRow): string {
  const what = row.change === 'removed' ? 'removes' : `moves to ${forLog(row.path, 300)}`;
  const page = forLog(row.previousPath ?? row.path, 300);
  return `Documentation PR ${docsPr} ${what} the page ${page}, read by ${countOf(row.visitors ?? 0, 'unique visitor')} in the last ${IMPACT_DAYS} days, and its docs.json does not redirect it: readers' links and bookmarks will break. Add a redirect from ${page} in docs.json.`;
}

/**
 * The sites at the head commit, placed by one tree read: every folder that holds a `docs.json`
 * or `mint.json`. None anywhere is one warning: the documentation PR's files are then no pages.
 */
async function placeSites(head: string, deps: ImpactDeps, docsPr: string): Promise<Sites> {
  const found = await deps.github.filesNamed(head, CONFIG_FILES);
  if (found.truncated)
    deps.logger.warning(`The tree of documentation PR ${docsPr} is too large for GitHub to list whole: the site configurations beyond it are not seen.`);
  else if (found.paths.length === 0)
    deps.logger.warning(
      `Documentation PR ${docsPr} has no docs.json or mint.json at its head commit: which of its files are pages of the site is not known, so what readers will see of it is not shown.`,
    );
  return new Sites(found.paths);
}

/**
 * The redirects of the sites that removed or renamed pages leave, read at the head commit, each
 * once: redirects matter for nothing else, so no other configuration is read. A configuration
 * that is not JSON, too large, or not there gives redirects not known (one warning each): no page
 * of it is then said to lose its readers or not.
 */
async function readRedirects(pages: readonly ChangedPage[], head: string, deps: ImpactDeps, docsPr: string): Promise<Map<Site, Redirect[] | undefined>> {
  const read = new Map<Site, Redirect[] | undefined>();
  for (const { site } of pages) {
    if (!site || read.has(site)) continue;
    let redirects: Redirect[] | undefined;
    let unread: string | undefined;
    try {
      const text = await deps.github.fileText(site.config, head);
      if (text === undefined) unread = 'not there at the head commit';
      else redirects = redirectsOf(JSON.parse(text));
    } catch (error) {
      // GitHub failing is the whole reading's failure; a configuration GitHub gives whole but that is too large, or not JSON, is this site's.
      if (error instanceof GitHubError && error.kind !== 'shape') throw error;
      unread = error instanceof SyntaxError ? 'not JSON' : errorMessage(error);
    }
    if (unread !== undefined)
      deps.logger.warning(
        `The site configuration ${forLog(site.config, 300)} of documentation PR ${docsPr} could not be read (${forLog(unread, 200)}): its redirects are not known, so whether a page it removes keeps its readers is not known either.`,
      );
    read.set(site, redirects);
  }
  return read;
}
