/**
 * Feedback counted per page, as `GET …/feedback/by-page` answers it: thumbs up and thumbs down from
 * readers' page ratings, code-snippet reports (`code`), and their `total`.
 *
 * The vendor documents no order for this endpoint and no way past its first page (`limit` at most
 * 100; `hasMore` only says that more pages had feedback). So the simulator answers in an order of
 * its own, a seeded shuffle, deterministic and never sorted on purpose; and when more pages had
 * feedback than `limit`, it answers the first `limit` of that order: which pages are left out is
 * arbitrary, as a client must assume of the real service.
 *
 * Set rows (`analytics.feedback`) are answered whatever the range. The default rows belong to about
 * three pages in ten of the visitor dataset, with weekly counts scaled to the range's length:
 * some pages are only praised, some have only code reports, and the rest mix thumbs-down with
 * thumbs-up from a few small levels, so ties (equal thumbs-down, even equal thumbs-up) are common.
 */
import { pick, shuffledIndexes, unit } from './seeded-random.js';
import { MAX_DAYS, datasetFor, dayRangeOf, type DayRange, type VisitorDataset, type VisitorOptions } from './visitor-data.js';

/** A page's feedback as a test sets it; `code` defaults to 0, `total` to the sum of the counts. */
export interface PageFeedback {
  path: string;
  thumbsUp: number;
  thumbsDown: number;
  code?: number;
  total?: number;
}

export interface FeedbackByPageRow {
  path: string;
  thumbsUp: number;
  thumbsDown: number;
  code: number;
  total: number;
}

/** The vendor's `source` values; its `status` values are in feedback-entries.ts. */
export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

const THUMBS_UP_LEVELS = [0, 1, 2, 3, 5, 8];
const THUMBS_DOWN_LEVELS = [1, 1, 2, 2, 3, 4, 6, 9];
const PRAISE_LEVELS = [1, 2, 3, 5, 8];
const CODE_LEVELS = [1, 2, 3];

export class PageFeedbackDataset {
  private readonly cache = new Map<string, FeedbackByPageRow[]>();

  constructor(
    private readonly setRows: PageFeedback[] | undefined,
    private readonly pages: VisitorDataset,
  ) {}

  /**
   * Every page with feedback in the range, in answer order. `source` keeps the counts of that
   * source alone: `code_snippet` the code reports; `contextual` and `thumbs_only` the thumbs (the
   * simulator does not tell the two kinds of rating apart); `agent` nothing, as the data holds no
   * feedback from AI agents. The review `status` filter is checked but not applied: the counts carry
   * no status.
   */
  rows(range: DayRange, source?: FeedbackSource): FeedbackByPageRow[] {
    const key = `${range.fromDay}:${range.toDay}:${source ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const rows = (this.setRows ? this.setRowsInOrder() : this.defaultRows(range))
      .map((row) => (source ? onlySource(row, source) : row))
      .filter((row) => row.total > 0);
    if (this.cache.size > 16) this.cache.clear();
    this.cache.set(key, rows);
    return rows;
  }

  private setRowsInOrder(): FeedbackByPageRow[] {
    const rows = this.setRows!;
    return answerOrder(rows.length, this.pages.seed).map((index) => {
      const { path, thumbsUp, thumbsDown, code = 0, total } = rows[index]!;
      return { path, thumbsUp, thumbsDown, code, total: total ?? thumbsUp + thumbsDown + code };
    });
  }

  private defaultRows(range: DayRange): FeedbackByPageRow[] {
    const { seed } = this.pages;
    const weeks = Math.min(range.toDay - range.fromDay, MAX_DAYS) / 7;
    const rows: FeedbackByPageRow[] = [];
    for (const index of shuffledIndexes(this.pages.size, seed, 140)) {
      if (unit(seed, index, 40) >= 0.3) continue;
      const weekly = weeklyFeedback(seed, index);
      const thumbsUp = Math.round(weekly.thumbsUp * weeks);
      const thumbsDown = Math.round(weekly.thumbsDown * weeks);
      const code = Math.round(weekly.code * weeks);
      rows.push({ path: this.pages.pathOf(index), thumbsUp, thumbsDown, code, total: thumbsUp + thumbsDown + code });
    }
    return rows;
  }
}

function weeklyFeedback(seed: number, index: number): { thumbsUp: number; thumbsDown: number; code: number } {
  const kind = unit(seed, index, 41);
  if (kind < 0.2) return { thumbsUp: pick(PRAISE_LEVELS, seed, index, 42), thumbsDown: 0, code: 0 };
  if (kind < 0.3) return { thumbsUp: 0, thumbsDown: 0, code: pick(CODE_LEVELS, seed, index, 43) };
  return {
    thumbsUp: pick(THUMBS_UP_LEVELS, seed, index, 44),
    thumbsDown: pick(THUMBS_DOWN_LEVELS, seed, index, 45),
    code: unit(seed, index, 46) < 0.3 ? pick(CODE_LEVELS, seed, index, 47) : 0,
  };
}

function onlySource(row: FeedbackByPageRow, source: FeedbackSource): FeedbackByPageRow {
  const thumbs = source === 'contextual' || source === 'thumbs_only';
  const thumbsUp = thumbs ? row.thumbsUp : 0;
  const thumbsDown = thumbs ? row.thumbsDown : 0;
  const code = source === 'code_snippet' ? row.code : 0;
  return { path: row.path, thumbsUp, thumbsDown, code, total: thumbsUp + thumbsDown + code };
}

/**
 * A seeded order of `size` set rows that is never the order the test gave (from two rows on), so a
 * test cannot pass by listing its rows already sorted.
 */
function answerOrder(size: number, seed: number): number[] {
  const order = [...shuffledIndexes(size, seed, 141)];
  if (size > 1 && order.every((index, position) => index === position)) order.push(order.shift()!);
  return order;
}

/** The ground truth for tests: every page with feedback in the range, in answer order (the first `limit` are answered). */
export function expectedFeedbackByPage(
  options: VisitorOptions & { feedback?: PageFeedback[] },
  range: { dateFrom: string; dateTo: string },
  source?: FeedbackSource,
): FeedbackByPageRow[] {
  return new PageFeedbackDataset(options.feedback, datasetFor(options)).rows(dayRangeOf(range), source);
}
