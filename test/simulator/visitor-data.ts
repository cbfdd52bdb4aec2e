/**
 * A deterministic analytics dataset that behaves like unique-visitor counts: visitors return on
 * later days (so a week is not the sum of its days), some read a page as a human and through an
 * AI tool (so a page's total is below human + AI), and many read several pages (so site-wide
 * totals are below the sum of the rows). Counts cost O(days) per page per range and are cached
 * per range, so a 200,000-page site pages quickly.
 *
 * Model, per page: a first day it had traffic; each day d after it, the human visitors are the
 * ids [d·s, d·s + h(d)) of the page's own id space, with h(d) following the page's trend and a
 * weekly rhythm. Consecutive days overlap (returning visitors), and the union over a range is
 * counted by one sweep over its days. AI visitors alike, with their own numbers. A share of the
 * smaller group is counted in both.
 */
import { shuffledIndexes, unit } from './seeded-random.js';

/** The visitor dataset's shape; the other analytics datasets build on its page paths. */
export interface VisitorOptions {
  /** Distinct page paths, default 120. */
  paths?: number;
  seed?: number;
  /** `YYYY-MM-DD`: the day the default range ends on (inclusive). Default: from the clock. */
  today?: string;
  /** Custom path names, for tests with hostile paths. */
  pathNames?: (index: number) => string;
}

export interface Counts {
  human: number;
  ai: number;
  total: number;
}

export interface DayRange {
  /** UTC day numbers (days since the epoch); `toDay` exclusive. */
  fromDay: number;
  toDay: number;
}

export const DAY_MS = 86_400_000;

/** The share of the sum of rows that site-wide totals keep: readers of several pages count once. */
const SITE_DEDUP = { human: 0.62, ai: 0.71, total: 0.6 };

export class VisitorDataset {
  readonly size: number;
  /** Page indexes in the order the API answers them: a seeded shuffle, neither sorted nor stable across seeds. */
  readonly order: Uint32Array;
  readonly seed: number;
  /** The path of page `index`: the other analytics datasets name the same pages. */
  readonly pathOf: (index: number) => string;
  private readonly cache = new Map<string, { rows: Array<{ path: string } & Counts>; totals: Counts }>();

  constructor(
    options: VisitorOptions,
    readonly todayDay: number,
  ) {
    this.size = options.paths ?? 120;
    this.seed = options.seed ?? 1;
    this.pathOf = options.pathNames ?? defaultPathName;
    this.order = shuffledIndexes(this.size, this.seed);
  }

  /** Every row with visitors in the range, in answer order, and the site-wide totals. */
  query(range: DayRange): { rows: Array<{ path: string } & Counts>; totals: Counts } {
    const key = `${range.fromDay}:${range.toDay}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const rows: Array<{ path: string } & Counts> = [];
    const sums = { human: 0, ai: 0, total: 0 };
    for (const index of this.order) {
      const counts = this.pageCounts(index, range);
      if (counts.total === 0) continue;
      rows.push({ path: this.pathOf(index), ...counts });
      sums.human += counts.human;
      sums.ai += counts.ai;
      sums.total += counts.total;
    }
    const human = Math.round(sums.human * SITE_DEDUP.human);
    const ai = Math.round(sums.ai * SITE_DEDUP.ai);
    const total = Math.min(human + ai, Math.max(human, ai, Math.round(sums.total * SITE_DEDUP.total)));
    const result = { rows, totals: { human, ai, total } };
    if (this.cache.size > 16) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }

  pageCounts(index: number, range: DayRange): Counts {
    // Most pages have had traffic for years; one in eight is new within the last 40 days.
    const isNew = unit(this.seed, index, 1) < 0.125;
    const firstDay = isNew ? this.todayDay - Math.floor(unit(this.seed, index, 2) * 40) : -Infinity;
    const from = Math.max(range.fromDay, firstDay, range.toDay - MAX_DAYS);
    if (range.toDay - from <= 0) return { human: 0, ai: 0, total: 0 };
    // A long-tailed popularity: a few busy pages, many quiet ones.
    const popularity = Math.pow(unit(this.seed, index, 3), 3);
    // Every live page sees at least one human a day; many see no AI traffic at all.
    const human = this.visitorsOver(index, 10, 1 + popularity * 400, from, range.toDay, 1);
    const ai = this.visitorsOver(index, 20, unit(this.seed, index, 4) * (1 + popularity * 120), from, range.toDay, 0);
    const both = Math.floor(Math.min(human, ai) * 0.3 * unit(this.seed, index, 7));
    return { human, ai, total: human + ai - both };
  }

  /**
   * Unique visitors of one kind over days [from, to): each day's visitors are the ids
   * [d·s, d·s + h(d)), so consecutive days overlap (returning visitors), and the union is
   * counted by one sweep over the days. h(d) follows the page's own trend (growing or fading a
   * few percent a day) and a weekly rhythm, so two periods of the same length differ.
   */
  private visitorsOver(index: number, salt: number, basePerDay: number, from: number, to: number, minPerDay: number): number {
    if (basePerDay < 1) return 0;
    const trend = 1 + (unit(this.seed, index, salt + 1) - 0.4) * 0.05;
    const phase = unit(this.seed, index, salt + 2) * 7;
    const dayStride = stride(basePerDay, unit(this.seed, index, salt + 3));
    let count = 0;
    let covered = -Infinity;
    for (let day = from; day < to; day++) {
      const perDay = Math.max(
        minPerDay,
        Math.floor(basePerDay * Math.pow(trend, day - this.todayDay) * (1 + 0.25 * Math.sin(((day + phase) * 2 * Math.PI) / 7))),
      );
      const start = day * dayStride;
      const end = start + perDay;
      if (end > covered) {
        count += end - Math.max(start, covered);
        covered = end;
      }
    }
    return count;
  }
}

/** Ranges longer than this count only their last MAX_DAYS days: enough for any test or bench. */
export const MAX_DAYS = 400;

/** The ground truth for tests: what the API answers for a range, every row in answer order. */
export function expectedVisitors(options: VisitorOptions, range: { dateFrom: string; dateTo: string }): { totals: Counts; rows: Map<string, Counts> } {
  const { rows, totals } = datasetFor(options).query(dayRangeOf(range));
  return { totals, rows: new Map(rows.map(({ path, ...counts }) => [path, counts])) };
}

/**
 * For ground truths: the dataset a simulator started with `options` answers from. They must name
 * `today`: a simulator without it counts from its own clock, which a ground truth cannot know.
 */
export function datasetFor(options: VisitorOptions): VisitorDataset {
  if (!options.today) throw new Error('A ground truth needs the analytics options’ `today`: the day the simulator counts as today.');
  return new VisitorDataset(options, dayOf(options.today)!);
}

/** For ground truths: a range given as the query gives it. */
export function dayRangeOf(range: { dateFrom: string; dateTo: string }): DayRange {
  return { fromDay: dayOf(range.dateFrom)!, toDay: dayOf(range.dateTo)! };
}

/** The UTC day of `YYYY-MM-DD` or an ISO 8601 date-time (a date-time counts from its UTC day). */
export function dayOf(text: string): number | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const ms = Date.parse(`${text}T00:00:00Z`);
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return undefined;
    return ms / DAY_MS;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? undefined : Math.floor(ms / DAY_MS);
  }
  return undefined;
}

function defaultPathName(index: number): string {
  const sections = ['guides', 'api-reference', 'concepts', 'integrations', 'changelog'];
  return `/${sections[index % sections.length]}/page-${index}`;
}

/** Ids added per day: a returning share keeps consecutive days overlapping. */
function stride(perDay: number, u: number): number {
  return Math.max(1, Math.ceil(perDay * (0.3 + 0.6 * u)));
}
