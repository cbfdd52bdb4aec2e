/**
 * The query checks the analytics endpoints share, answered the vendor's way: one 400 with
 * `{"error": "Invalid query parameters", "details": [{"message"}]}` listing every problem at once.
 */
import { dayOf, type DayRange } from './visitor-data.js';

/** What the simulator answers a request with, before any injected fault reshapes it. */
export interface Answer {
  status: number;
  body: unknown;
  /** Headers of the answer beyond its content type (`retry-after`). */
  headers?: Record<string, string>;
}

/**
 * The range when `dateFrom` or `dateTo` is left out: the vendor does not document its default;
 * the last 30 days up to and including today is a plausible one.
 */
export const DEFAULT_RANGE_DAYS = 30;

export class QueryCheck {
  private readonly problems: string[] = [];

  constructor(
    private readonly query: Record<string, string>,
    private readonly todayDay: number,
  ) {}

  /** An integer `limit` within [1, max], or the endpoint's default when absent. */
  limit(max: number, fallback: number): number {
    const limit = this.query.limit === undefined ? fallback : wholeNumber(this.query.limit);
    if (limit === undefined || limit < 1 || limit > max) {
      this.problems.push(`limit must be an integer between 1 and ${max}`);
      return fallback;
    }
    return limit;
  }

  /** An integer `offset` ≥ 0, 0 when absent. */
  offset(): number {
    const offset = this.query.offset === undefined ? 0 : wholeNumber(this.query.offset);
    if (offset === undefined || offset < 0) {
      this.problems.push('offset must be an integer greater than or equal to 0');
      return 0;
    }
    return offset;
  }

  /** `dateFrom` (inclusive) and `dateTo` (exclusive) as UTC days, in either documented form. */
  range(): DayRange {
    const { dateFrom, dateTo } = this.query;
    const fromDay = dateFrom === undefined ? this.todayDay + 1 - DEFAULT_RANGE_DAYS : dayOf(dateFrom);
    const toDay = dateTo === undefined ? this.todayDay + 1 : dayOf(dateTo);
    if (fromDay === undefined) this.problems.push('dateFrom must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
    if (toDay === undefined) this.problems.push('dateTo must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
    if (fromDay !== undefined && toDay !== undefined && fromDay >= toDay) this.problems.push('dateFrom must be before dateTo');
    return { fromDay: fromDay ?? 0, toDay: toDay ?? 1 };
  }

  /** An optional parameter that must be one of `allowed`. */
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.query[name];
    if (value === undefined) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}`);
    return undefined;
  }

  /** An optional comma-separated list whose every item must be one of `allowed`. */
  listOf<T extends string>(name: string, allowed: readonly T[]): T[] | undefined {
    const value = this.query[name];
    if (value === undefined) return undefined;
    const items = value.split(',').map((item) => item.trim());
    if (items.every((item) => (allowed as readonly string[]).includes(item))) return items as T[];
    this.problems.push(`${name} must be a comma-separated list of ${allowed.join(', ')}`);
    return undefined;
  }

  /** Records a problem found by the endpoint itself (a cursor it did not give out, say). */
  refuse(message: string): void {
    this.problems.push(message);
  }

  /** The 400 answer when anything was wrong, else undefined. */
  failure(): Answer | undefined {
    if (this.problems.length === 0) return undefined;
    return { status: 400, body: { error: 'Invalid query parameters', details: this.problems.map((message) => ({ message })) } };
  }
}

function wholeNumber(text: string): number | undefined {
  return /^-?\d+$/.test(text) ? Number(text) : undefined;
}
