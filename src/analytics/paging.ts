import type { VisitorCounts, VisitorRow, VisitorsPage } from '../api/schemas.js';
import type { VisitorsQuery } from '../api/client.js';
import { both, type ReadLimits, type RequestBudget } from '../api/budget.js';
import { ApiError } from '../api/errors.js';
import { DeadlineError, type Clock } from '../runtime.js';
import { countOf } from '../text.js';

/** What paging needs of the API client: a page, within the read's limits (its retries taken from its budget, its pauses within its deadline). */
export interface VisitorsApi {
  getVisitors(query: VisitorsQuery, limits?: ReadLimits): Promise<VisitorsPage>;
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
  /** Asked before each page: true once the caller has all it wants (reader impact: every changed page seen), and no page is asked for after. */
  readonly enough?: () => boolean;
  /**
   * A fixed cap on the read's requests, retries included, beside its own budget (reader impact:
   * at most 9 whatever the server answers). Once it is spent no page is asked for, and the read
   * ends where it got to (`capped`): the rest is not read, which is no failure.
   */
  readonly cap?: RequestBudget;
}

export interface PagingResult {
  /** The API's site-wide totals (deduplicated: never summed from the rows). */
  readonly totals: VisitorCounts;
  readonly rows: number;
  /** Rows of the last page whose path an earlier page already gave (data shifting while paging); dropped. */
  readonly duplicates: number;
  readonly pages: number;
  /**
   * Where the server stopped advancing: the offset of the page that said more remain but
   * brought fewer rows not already seen than it asked for (none, or a short page). The read ended
   * there with what it had, that page's new rows (`stalledNew` of the `stalledAsked`) included.
   */
  readonly stalledAt?: number;
  readonly stalledNew?: number;
  readonly stalledAsked?: number;
  /** The read ended with more to read, its `cap` spent: the rows past it are not known. */
  readonly capped?: true;
}

/** The endpoint offset paging reads, as the warnings name it. */
export const VISITORS_ENDPOINT = 'GET /v1/analytics/{projectId}/visitors';

/**
 * The one warning for a read the server stopped advancing: names the endpoint, says where, and
 * that the step goes on with what it read.
 */
export function notAdvancingWarning(endpoint: string, where: string, rows: number): string {
  return `The API stopped advancing on ${endpoint}: ${where}. Paging stopped there; going on with the ${countOf(rows, 'row')} read.`;
}

/** The warning for a visitors read that ended at `stalledAt`. */
export function visitorsNotAdvancingWarning(result: PagingResult & { stalledAt: number }, read?: string): string {
  const brought = result.stalledNew
    ? `${countOf(result.stalledNew, 'row')} not already seen of the ${result.stalledAsked} it asked for`
    : 'no row not already seen';
  return notAdvancingWarning(
    `${VISITORS_ENDPOINT}${read ? ` (${read})` : ''}`,
    `the page at offset ${result.stalledAt} said more remain but brought ${brought}`,
    result.rows,
  );
}

/**
 * The budget of one read: no more requests, retries included, than (rows kept ÷ page size) +
 * concurrency + 1. Every page the read needs brings a page of new rows and so pays for itself;
 * what is left covers the pages in flight past the end and one retry.
 */
class ReadBudget implements RequestBudget {
  kept = 0;
  private spent = 0;

  constructor(
    private readonly pageSize: number,
    private readonly concurrency: number,
  ) {}

  take(): boolean {
    // (spent + 1) ≤ kept ÷ pageSize + concurrency + 1, in whole numbers.
    if ((this.spent + 1) * this.pageSize > this.kept + (this.concurrency + 1) * this.pageSize) return false;
    this.spent += 1;
    return true;
  }

  get describe(): string {
    return `the read has spent the ${countOf(this.spent, 'request')} it may (one per page of rows it kept, plus one per concurrent page and one more)`;
  }
}

/**
 * Pages through the visitors endpoint from `offset`, following `hasMore`, handing each page's
 * new rows to `onRows` in offset order. With `concurrency` above 1, up to that many pages are
 * asked for ahead of the last one handed over; as soon as a page says `hasMore: false` no new
 * page is asked for, so at most `concurrency - 1` requests go past the end. Each path is kept
 * once, whatever the pages repeat; rows past the `limit` a page asked for are not its rows.
 *
 * Paging ends when the server stops advancing: a page that says more remain but brings fewer
 * rows not already seen than it asked for (none, repeated ones, or a short page) ends the read
 * there, with what it has, that page's new rows included (`stalledAt`). The last page of
 * `max-rows` asks for fewer rows; that is not a short page. Every page is judged in offset order,
 * as it is handed over, so what ends the read never depends on which answer came first: a failed
 * page fails the read only when no page before it ended it. The read's requests, retries
 * included, are held to (rows kept ÷ page size) + concurrency + 1 by the budget the client takes
 * them from. Past the deadline no page is asked for: the pages in flight finish (each is bounded
 * by request-timeout), then it throws a `DeadlineError` saying how far it got.
 */
export async function pageVisitors(
  api: VisitorsApi,
  options: PagingOptions,
  onRows: (rows: VisitorRow[], totals: VisitorCounts) => Promise<void>,
): Promise<PagingResult> {
  const seen = new Set<string>();
  const readBudget = new ReadBudget(options.pageSize, options.concurrency);
  const budget = options.cap ? both(readBudget, options.cap) : readBudget;
  let duplicates = 0;
  let rows = 0;
  let pages = 0;
  let totals: VisitorCounts | undefined;
  const lastOffset = options.maxRows > 0 ? options.offset + options.maxRows : Number.POSITIVE_INFINITY;
  let nextOffset = options.offset;
  /** Where the rows end, as far as the pages so far tell. */
  let endOffset = lastOffset;
  let stalledAt: number | undefined;
  let stalledNew = 0;
  let stalledAsked = 0;
  let flushOffset = options.offset;
  type Answered = { offset: number; limit: number } & ({ page: VisitorsPage } | { error: Error });
  const inFlight = new Map<number, Promise<Answered>>();
  /** Pages answered (or failed) and not handed over yet: they wait for the pages before them. */
  const done = new Map<number, Answered>();
  let failed = false;
  let pastDeadline = false;
  /** The cap stopped the asking; or a page was refused by a budget (not sent), the first such here. */
  let capped = false;
  let refusedAt: number | undefined;

  /**
   * The read ends at `end`, by the verdict on the page at `page`: `stalled` when it said more
   * remain. Of two verdicts, the page first in offset order wins, whichever came first.
   */
  let endPage = Number.POSITIVE_INFINITY;
  const endAt = (page: number, end: number, stalled: boolean): void => {
    if (page >= endPage) return;
    endPage = page;
    endOffset = end;
    stalledAt = stalled ? page : undefined;
  };

  // The pages asked for and not yet handed over never number more than `concurrency`: what a
  // stalled server costs is bounded by the pages the read needed plus one per concurrent page.
  const issue = (): void => {
    while (!failed && !pastDeadline && inFlight.size + done.size < options.concurrency && nextOffset < endOffset && !options.enough?.()) {
      if (options.deadline && options.deadline.clock.now() >= options.deadline.at) {
        pastDeadline = true;
        break;
      }
      if ((options.cap?.left ?? 1) <= 0) {
        capped = true;
        break;
      }
      const offset = nextOffset;
      const limit = Math.min(options.pageSize, lastOffset - offset);
      nextOffset += limit;
      const request = api.getVisitors({ dateFrom: options.dateFrom, dateTo: options.dateTo, limit, offset }, { budget, until: options.deadline?.at }).then(
        (page): Answered => ({ offset, limit, page }),
        (error: unknown): Answered => ({ offset, limit, error: asError(error) }),
      );
      inFlight.set(offset, request);
    }
  };

  let failure: Error | undefined;
  issue();
  paging: while (inFlight.size > 0) {
    const answered = await Promise.race(inFlight.values());
    inFlight.delete(answered.offset);
    done.set(answered.offset, answered);
    if ('error' in answered && isBudgetRefusal(answered.error)) {
      // Not sent, its budget spent: the read ends here, with what came before it.
      endAt(answered.offset, answered.offset, false);
      refusedAt = Math.min(refusedAt ?? answered.offset, answered.offset);
    } else if ('error' in answered) failed = true;
    else {
      pages += 1;
      totals ??= answered.page.totals;
      // What the page alone says, known as it arrives: no page past it is asked for.
      const { offset, limit, page } = answered;
      const rows = Math.min(page.visitors.length, limit);
      if (!page.hasMore) endAt(offset, offset + rows, false);
      else if (rows < limit && offset + limit < lastOffset) endAt(offset, offset + limit, true);
    }
    // Hand over every page that is next in order.
    for (let next = done.get(flushOffset); next && flushOffset < endOffset; next = done.get(flushOffset)) {
      if ('error' in next) {
        failure = next.error;
        break paging;
      }
      done.delete(flushOffset);
      const fresh: VisitorRow[] = [];
      let repeated = 0;
      for (const row of next.page.visitors.slice(0, Math.min(next.limit, endOffset - flushOffset))) {
        if (seen.has(row.path)) repeated += 1;
        else {
          seen.add(row.path);
          fresh.push(row);
        }
      }
      // Judged by this page and max-rows alone, not by what later pages already said: the same
      // answers end the read the same way, whichever came first.
      const moreToRead = next.page.hasMore && flushOffset + next.limit < lastOffset;
      const stalled = moreToRead && fresh.length < next.limit;
      if (stalled) {
        // The server did not advance: its repeated rows are not "repeated paths" but the end of the read.
        endAt(flushOffset, flushOffset + next.limit, true);
        stalledNew = fresh.length;
        stalledAsked = next.limit;
      } else duplicates += repeated;
      rows += fresh.length;
      readBudget.kept = rows;
      await onRows(fresh, totals!);
      flushOffset += next.limit;
      options.onProgress?.(rows, pages);
    }
    issue();
  }
  if (failure) {
    // Let the other requests finish (each is bounded by request-timeout) before reporting.
    await Promise.all(inFlight.values());
    throw failure;
  }
  if (pastDeadline && flushOffset < endOffset) {
    throw new DeadlineError(`${countOf(rows, 'row')} read in ${countOf(pages, 'page')} when the timeout ran out; more remain`);
  }
  return {
    totals: totals ?? { human: 0, ai: 0, total: 0 },
    rows,
    duplicates,
    pages,
    ...(stalledAt === undefined ? {} : { stalledAt, stalledNew, stalledAsked }),
    ...((capped && flushOffset < endOffset) || (refusedAt !== undefined && endPage === refusedAt) ? { capped: true as const } : {}),
  };
}

function isBudgetRefusal(error: Error): boolean {
  return error instanceof ApiError && error.kind === 'budget';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'a page request failed');
}
