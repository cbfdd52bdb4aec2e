/**
 * The analytics endpoints: each reads its query the vendor's way and answers from its dataset.
 * Authentication, routing and faults stay in the HTTP server.
 */
import { QueryCheck, type Answer } from './analytics-query.js';
import { VisitorDataset, type VisitorOptions } from './visitor-data.js';

export type AnalyticsOptions = VisitorOptions;

export class AnalyticsEndpoints {
  private readonly visitorData: VisitorDataset;

  constructor(
    options: AnalyticsOptions,
    private readonly todayDay: number,
  ) {
    this.visitorData = new VisitorDataset(options, todayDay);
  }

  /** `GET /v1/analytics/{projectId}/visitors`: offset paging, `limit` 1–250 (default 50). */
  visitors(query: Record<string, string>): Answer {
    const check = new QueryCheck(query, this.todayDay);
    const limit = check.limit(250, 50);
    const offset = check.offset();
    const range = check.range();
    const failure = check.failure();
    if (failure) return failure;
    const { rows, totals } = this.visitorData.query(range);
    const visitors = rows.slice(offset, offset + limit);
    return { status: 200, body: { totals, visitors, hasMore: offset + visitors.length < rows.length } };
  }
}
