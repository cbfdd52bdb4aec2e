/** A visitors export's record (`VisitorsRun`), as a report test needs one: nothing exported yet, unless told otherwise. */
import { parseDate } from '../../src/parse.js';
import type { VisitorsRun } from '../../src/visitors/run-visitors.js';

/** 2026-11-14 to 2026-11-21, read at noon on the 22nd. */
const NOW = Date.UTC(2026, 10, 22, 12);
const RANGE = { dateFrom: parseDate('2026-11-14', NOW), dateTo: parseDate('2026-11-21', NOW) };

/** The record of an export of that range (7 days) that read and wrote nothing yet, with `more` in its place. */
export function visitorsRun(more: Partial<VisitorsRun> = {}): VisitorsRun {
  const nothingRead = { totals: undefined, previousTotals: undefined, csvPath: undefined, jsonPath: undefined, artifact: undefined, error: undefined };
  return { range: RANGE, previous: undefined, dryRun: false, rows: 0, duplicates: 0, top: [], notAdvancing: [], cancelled: false, ...nothingRead, ...more };
}
