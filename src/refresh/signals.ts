import type { FeedbackByPageQuery, SearchesQuery } from '../api/client.js';
import { FixedBudget, type ReadLimits } from '../api/budget.js';
import type { FeedbackByPage, SearchesPage, SearchRow, VisitorRow } from '../api/schemas.js';
import { DeadlineError, type Clock } from '../runtime.js';
import { countOf } from '../text.js';
import type { PagingSettings, RangeSettings } from '../settings.js';
import { notAdvancingWarning, pageVisitors, visitorsNotAdvancingWarning, type VisitorsApi } from '../analytics/paging.js';
import { dateQuery } from '../analytics/range.js';
import { TopRows } from '../analytics/top-rows.js';
import { busiestPages, poorlyRatedPages, unansweredSearches, type ChosenPage, type ChosenSearch } from './choose.js';

/** What reading the signals needs of the API client: the three analytics endpoints, each request taken from the read's budget. */
export interface SignalsApi extends VisitorsApi {
  getFeedbackByPage(query: FeedbackByPageQuery, limits?: ReadLimits): Promise<FeedbackByPage>;
  getSearches(query: SearchesQuery, limits?: ReadLimits): Promise<SearchesPage>;
}

export interface SignalReadOptions extends RangeSettings, PagingSettings {
  readonly count: number;
  readonly deadline: { readonly at: number; readonly clock: Clock };
  /** Progress lines for a long visitors read. */
  readonly onProgress?: (rows: number, pages: number) => void;
}

/** The analytics budget is shared and hourly: one request for feedback, at most five for searches, retries included. */
export const FEEDBACK_LIMIT = 100;
export const SEARCHES_LIMIT = 100;
export const MAX_FEEDBACK_REQUESTS = 1;
export const MAX_SEARCH_REQUESTS = 5;

/** The budget of one read of `requests` requests, retries included. */
function readBudget(requests: number): FixedBudget {
  return new FixedBudget(requests, `the read has spent its ${countOf(requests, 'request')}`);
}

/** Rows the signal considered, and what it chose of them. */
export interface SignalChoice<T> {
  readonly considered: number;
  readonly chosen: T[];
  /** Set when the server stopped advancing and the read ended with what it had: the one warning. */
  readonly notAdvancing?: string;
}

/** The cursor-paged endpoint, as the warnings name it. */
export const SEARCHES_ENDPOINT = 'GET /v1/analytics/{projectId}/searches';

/**
 * The pages readers use most: every row of the visitors endpoint, with the export's paging
 * (`page-size`, `concurrency`, `max-rows`), keeping only the busiest in memory.
 */
export async function readBusiestPages(api: SignalsApi, options: SignalReadOptions): Promise<SignalChoice<ChosenPage>> {
  const top = new TopRows<VisitorRow>(options.count);
  const result = await pageVisitors(
    api,
    {
      ...dateQuery(options),
      pageSize: options.pageSize,
      offset: 0,
      maxRows: options.maxRows,
      concurrency: options.concurrency,
      deadline: options.deadline,
      onProgress: options.onProgress,
    },
    (page) => {
      top.add(page);
      return Promise.resolve();
    },
  );
  return {
    considered: result.rows,
    chosen: busiestPages(top.values(), options.count),
    ...(result.stalledAt === undefined ? {} : { notAdvancing: visitorsNotAdvancingWarning({ ...result, stalledAt: result.stalledAt }) }),
  };
}

/** The pages readers rate poorly: one request for the counts per page (never the entries), not sent again. */
export async function readPoorlyRatedPages(api: SignalsApi, options: SignalReadOptions): Promise<SignalChoice<ChosenPage>> {
  checkDeadline(options);
  const { feedback } = await api.getFeedbackByPage(
    { ...dateQuery(options), limit: FEEDBACK_LIMIT },
    { budget: readBudget(MAX_FEEDBACK_REQUESTS), until: options.deadline.at },
  );
  return { considered: feedback.length, chosen: poorlyRatedPages(feedback, options.count) };
}

/**
 * What readers look for and do not find: the searches, most hits first as the API orders them,
 * following `nextCursor` for at most five requests, retries included. It stops early once enough
 * unanswered terms are in hand and the rest, having fewer hits, could not displace them; and when
 * the server stops advancing (a cursor already followed, or a page with no term not already
 * seen), with what it has. A term the API repeats is counted once: its hits are the API's, not a
 * multiple.
 *
 * A short page (fewer terms than `limit` while `nextCursor` is set) does not end the read, unlike
 * a short page of visitors: the vendor documents `limit` (1–100) as the most a page holds and
 * `nextCursor` as where the next one starts, so a cursor names its own position and a short page
 * skips nothing, where an offset page that says more remain cannot be short without losing rows.
 * A server that only trickles terms costs the same five requests at most.
 */
export async function readUnansweredSearches(api: SignalsApi, options: SignalReadOptions): Promise<SignalChoice<ChosenSearch>> {
  const rows: SearchRow[] = [];
  const seen = new Set<string>();
  const followed = new Set<string>();
  const budget = readBudget(MAX_SEARCH_REQUESTS);
  let cursor: string | undefined;
  let notAdvancing: string | undefined;
  // At most five pages, and at most five requests for them, retries included.
  for (let request = 0; request < MAX_SEARCH_REQUESTS && budget.left > 0; request++) {
    checkDeadline(options);
    const page = await api.getSearches({ ...dateQuery(options), limit: SEARCHES_LIMIT, ...(cursor ? { cursor } : {}) }, { budget, until: options.deadline.at });
    const fresh = page.searches.filter((row) => !seen.has(row.searchQuery));
    for (const row of fresh) seen.add(row.searchQuery);
    rows.push(...fresh);
    const next = page.nextCursor ?? undefined;
    if (!next || settled(rows, options.count)) break;
    if (cursor !== undefined) followed.add(cursor);
    if (followed.has(next) || fresh.length === 0) {
      const where = followed.has(next) ? 'it answered with a cursor already followed' : 'a page that named a next cursor brought no term not already seen';
      notAdvancing = notAdvancingWarning(SEARCHES_ENDPOINT, where, rows.length);
      break;
    }
    cursor = next;
  }
  return { considered: rows.length, chosen: unansweredSearches(rows, options.count), ...(notAdvancing ? { notAdvancing } : {}) };
}

/** Whether the terms chosen so far are final: later pages only hold terms with fewer hits. */
function settled(rows: readonly SearchRow[], count: number): boolean {
  const chosen = unansweredSearches(rows, count);
  const last = rows[rows.length - 1];
  return chosen.length === count && last !== undefined && last.hits < chosen[chosen.length - 1]!.hits;
}

function checkDeadline(options: SignalReadOptions): void {
  if (options.deadline.clock.now() >= options.deadline.at) throw new DeadlineError('the timeout ran out before the request');
}
