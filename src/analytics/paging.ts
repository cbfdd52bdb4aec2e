import type { VisitorCounts, VisitorRow, VisitorsPage } from '../api/schemas.js';
import type { VisitorsQuery } from '../api/client.js';
import { DeadlineError, type Clock } from '../runtime.js';
import { countOf } from '../text.js';

/** What paging needs of the API client. */
export interface VisitorsApi {
  getVisitors(query: VisitorsQuery): Promise<VisitorsPage>;
}

export interface PagingOptions {
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly pageSize: number;
  readonly offset: number;
  /** 0 = all rows. */
  readonly maxRows: number;
  readonly concurrency: number;
  /** No page is asked for after this instant (by `clock`): the step's `timeout`. */
  readonly deadline?: { readonly at: number; readonly clock: Clock };
  /** Told the rows and pages so far after each page handed over (for progress lines). */
  readonly onProgress?: (rows: number, pages: number) => void;
}

export interface PagingResult {
  /** The API's site-wide totals (deduplicated: never summed from the rows). */
  readonly totals: VisitorCounts;
  readonly rows: number;
  /** Rows whose path an earlier page already gave (data shifting while paging); dropped. */
  readonly duplicates: number;
  readonly pages: number;
}

/**
 * Pages through the visitors endpoint from `offset`, following `hasMore`, handing each page's
 * new rows to `onRows` in offset order. With `concurrency` above 1, that many pages are in
 * flight; as soon as a page says `hasMore: false` no new page is asked for, so at most
 * `concurrency - 1` requests go past the end. Each path is kept once, whatever the pages repeat.
 * Past the deadline no page is asked for: the pages in flight finish (each is bounded by
 * request-timeout), then it throws a `DeadlineError` saying how far it got.
 */
export async function pageVisitors(
  api: VisitorsApi,
  options: PagingOptions,
  onRows: (rows: VisitorRow[], totals: VisitorCounts) => Promise<void>,
): Promise<PagingResult> {
  const seen = new Set<string>();
  let duplicates = 0;
  let rows = 0;
  let pages = 0;
  let totals: VisitorCounts | undefined;
  const lastOffset = options.maxRows > 0 ? options.offset + options.maxRows : Number.POSITIVE_INFINITY;
  let nextOffset = options.offset;
  let endOffset = lastOffset;
  let flushOffset = options.offset;
  type Answered = { offset: number; limit: number; page: VisitorsPage };
  const inFlight = new Map<number, Promise<Answered>>();
  const done = new Map<number, Answered>();
  let failure: Error | undefined;
  let pastDeadline = false;

  const issue = (): void => {
    while (failure === undefined && !pastDeadline && inFlight.size < options.concurrency && nextOffset < endOffset) {
      if (options.deadline && options.deadline.clock.now() >= options.deadline.at) {
        pastDeadline = true;
        break;
      }
      const offset = nextOffset;
      const limit = Math.min(options.pageSize, lastOffset - offset);
      nextOffset += limit;
      const request = api.getVisitors({ dateFrom: options.dateFrom, dateTo: options.dateTo, limit, offset }).then((page) => ({ offset, limit, page }));
      inFlight.set(offset, request);
    }
  };

  issue();
  while (inFlight.size > 0) {
    let settled: Answered;
    try {
      settled = await Promise.race(inFlight.values());
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'a page request failed');
      // Let the other requests finish (each is bounded by request-timeout) before reporting.
      await Promise.allSettled(inFlight.values());
      break;
    }
    inFlight.delete(settled.offset);
    pages += 1;
    const { offset, page } = settled;
    totals ??= page.totals;
    if (!page.hasMore || page.visitors.length === 0) endOffset = Math.min(endOffset, offset + page.visitors.length);
    done.set(offset, settled);
    // Hand over every page that is next in order.
    for (let next = done.get(flushOffset); next && flushOffset < endOffset; next = done.get(flushOffset)) {
      done.delete(flushOffset);
      const fresh: VisitorRow[] = [];
      for (const row of next.page.visitors.slice(0, Math.max(0, endOffset - flushOffset))) {
        if (seen.has(row.path)) duplicates += 1;
        else {
          seen.add(row.path);
          fresh.push(row);
        }
      }
      rows += fresh.length;
      await onRows(fresh, totals);
      flushOffset += next.limit;
      options.onProgress?.(rows, pages);
    }
    issue();
  }
  if (failure) throw failure;
  if (pastDeadline) throw new DeadlineError(`${countOf(rows, 'row')} read in ${countOf(pages, 'page')} when the timeout ran out; more remain`);
  return { totals: totals ?? { human: 0, ai: 0, total: 0 }, rows, duplicates, pages };
}
