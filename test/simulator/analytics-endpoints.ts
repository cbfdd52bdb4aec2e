/**
 * The analytics endpoints: each reads its query the vendor's way and answers from its dataset.
 * Authentication, routing and faults stay in the HTTP server.
 */
import { QueryCheck, type Answer } from './analytics-query.js';
import { nextCursorAfter, startOf } from './cursor.js';
import { FEEDBACK_STATUSES, FeedbackEntries, type FeedbackEntryInput } from './feedback-entries.js';
import { FEEDBACK_SOURCES, PageFeedbackDataset, type PageFeedback } from './page-feedback.js';
import { SearchDataset, type SearchRow, type SearchTerm } from './search-data.js';
import { DAY_MS, VisitorDataset, type VisitorOptions } from './visitor-data.js';

/**
 * The analytics data: the visitor dataset's shape, and the other datasets when a test sets them.
 * A set list, even an empty one, replaces the default data and is answered whatever the range.
 */
export interface AnalyticsOptions extends VisitorOptions {
  /** Per-page feedback counts for `…/feedback/by-page`; default: counts for some of the visitor dataset's pages. */
  feedback?: PageFeedback[];
  /** Search terms for `…/searches`; default: realistic terms, some unanswered. */
  searches?: SearchTerm[];
  /** Individual entries for `…/feedback`; default: comments and readers' e-mail addresses. */
  feedbackEntries?: FeedbackEntryInput[];
}

export class AnalyticsEndpoints {
  readonly visitorData: VisitorDataset;
  readonly pageFeedback: PageFeedbackDataset;
  readonly searchData: SearchDataset;
  readonly feedbackEntries: FeedbackEntries;

  constructor(
    options: AnalyticsOptions,
    todayDay: number,
    /** The simulator's clock: no visitor has been counted on a day after its today. */
    private readonly now: () => number,
  ) {
    this.visitorData = new VisitorDataset(options, todayDay);
    this.pageFeedback = new PageFeedbackDataset(options.feedback, this.visitorData);
    this.searchData = new SearchDataset(options.searches, this.visitorData);
    this.feedbackEntries = new FeedbackEntries(options.feedbackEntries, this.visitorData);
  }

  /** `GET /v1/analytics/{projectId}/visitors`: offset paging, `limit` 1–250 (default 50). */
  visitors(query: Record<string, string>): Answer {
    const check = this.check(query);
    const limit = check.limit(250, 50);
    const offset = check.offset();
    const range = check.range();
    const failure = check.failure();
    if (failure) return failure;
    // A range in the future holds no visitors yet, whatever trend the dataset would extrapolate.
    const { rows, totals } = this.visitorData.query({ ...range, toDay: Math.min(range.toDay, Math.floor(this.now() / DAY_MS) + 1) });
    const visitors = rows.slice(offset, offset + limit);
    return { status: 200, body: { totals, visitors, hasMore: offset + visitors.length < rows.length } };
  }

  /**
   * `GET /v1/analytics/{projectId}/feedback/by-page`: `limit` 1–100 (default 10), one page only;
   * an `offset` or `cursor` is ignored, as the vendor documents neither.
   */
  feedbackByPage(query: Record<string, string>): Answer {
    const check = this.check(query);
    const limit = check.limit(100, 10);
    const range = check.range();
    const source = check.oneOf('source', FEEDBACK_SOURCES);
    check.listOf('status', FEEDBACK_STATUSES);
    const failure = check.failure();
    if (failure) return failure;
    const rows = this.pageFeedback.rows(range, source);
    return { status: 200, body: { feedback: rows.slice(0, limit), hasMore: rows.length > limit } };
  }

  /** `GET /v1/analytics/{projectId}/searches`: `limit` 1–100 (default 50), paged by `cursor`. */
  searches(query: Record<string, string>): Answer {
    const check = this.check(query);
    const limit = check.limit(100, 50);
    const range = check.range();
    const failure = check.failure();
    if (failure) return failure;
    const { rows, totalSearches } = this.searchData.query(range);
    const start = startOf(rows, query.cursor, searchKey);
    if (start === undefined) return cursorRefused(check);
    const end = Math.min(rows.length, start + limit);
    return { status: 200, body: { searches: rows.slice(start, end), totalSearches, nextCursor: nextCursorAfter(rows, end, searchKey) } };
  }

  /** `GET /v1/analytics/{projectId}/feedback`: `limit` 1–100 (default 50), paged by `cursor`. */
  feedback(query: Record<string, string>): Answer {
    const check = this.check(query);
    const limit = check.limit(100, 50);
    const range = check.range();
    const source = check.oneOf('source', FEEDBACK_SOURCES);
    const statuses = check.listOf('status', FEEDBACK_STATUSES);
    const failure = check.failure();
    if (failure) return failure;
    const entries = this.feedbackEntries.query(range, { source, statuses });
    const start = startOf(entries, query.cursor, (entry) => entry.id);
    if (start === undefined) return cursorRefused(check);
    const end = Math.min(entries.length, start + limit);
    const nextCursor = nextCursorAfter(entries, end, (entry) => entry.id);
    return { status: 200, body: { feedback: entries.slice(start, end), nextCursor, hasMore: nextCursor !== null } };
  }

  private check(query: Record<string, string>): QueryCheck {
    return new QueryCheck(query, this.visitorData.todayDay);
  }
}

/** The cursor names its last row by hits and query, so it no longer fits once that row moved (other dates, other data). */
function searchKey(row: SearchRow): string {
  return JSON.stringify([row.hits, row.searchQuery]);
}

function cursorRefused(check: QueryCheck): Answer {
  check.refuse('cursor is not valid: pass the nextCursor of the previous page unchanged, with the same dates');
  return check.failure()!;
}
