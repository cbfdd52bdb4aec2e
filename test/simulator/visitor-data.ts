/**
 * A deterministic analytics dataset that behaves like unique-visitor counts: visitors return on
 * later days (so a week is not the sum of its days), some read a page as a human and through an
 * AI tool (so a page's total is below human + AI), and many read several pages (so site-wide
 * totals are below the sum of the rows). Counts are computed in O(1) per page per range, so a
 * 200,000-page site pages quickly.
 *
 * Model, per page i: a first day it had traffic; each day d after it, the human visitors are the
 * ids [d·s, d·s + h) of the page's own id space. Consecutive days overlap (s < h: returning
 * visitors), so the union over days [d0, d1) is one interval of (d1 - 1 - d0)·s + h ids. AI
 * visitors alike with their own (a, s'). A share q of the smaller group is counted in both.
 */

export interface AnalyticsOptions {
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
  private readonly seed: number;
  private readonly names: (index: number) => string;
  private readonly cache = new Map<string, { rows: Array<{ path: string } & Counts>; totals: Counts }>();

  constructor(
    options: AnalyticsOptions,
    readonly todayDay: number,
  ) {
    this.size = options.paths ?? 120;
    this.seed = options.seed ?? 1;
    this.names = options.pathNames ?? defaultPathName;
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
      rows.push({ path: this.names(index), ...counts });
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
    const from = Math.max(range.fromDay, firstDay);
    const days = range.toDay - from;
    if (days <= 0) return { human: 0, ai: 0, total: 0 };
    // A long-tailed popularity: a few busy pages, many quiet ones.
    const popularity = Math.pow(unit(this.seed, index, 3), 3);
    const humanPerDay = Math.floor(1 + popularity * 400);
    const aiPerDay = Math.floor(unit(this.seed, index, 4) * (1 + popularity * 120));
    const human = unionCount(humanPerDay, stride(humanPerDay, unit(this.seed, index, 5)), days);
    const ai = unionCount(aiPerDay, stride(aiPerDay, unit(this.seed, index, 6)), days);
    const both = Math.floor(Math.min(human, ai) * 0.3 * unit(this.seed, index, 7));
    return { human, ai, total: human + ai - both };
  }
}

/** The ground truth for tests: what the API answers for a range, every row in answer order. */
export function expectedVisitors(
  options: AnalyticsOptions,
  range: { dateFrom: string; dateTo: string },
): { totals: Counts; rows: Map<string, Counts> } {
  const today = options.today ? dayOf(options.today)! : Math.floor(Date.now() / DAY_MS);
  const dataset = new VisitorDataset(options, today);
  const { rows, totals } = dataset.query({ fromDay: dayOf(range.dateFrom)!, toDay: dayOf(range.dateTo)! });
  return { totals, rows: new Map(rows.map(({ path, ...counts }) => [path, counts])) };
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

function unionCount(perDay: number, dayStride: number, days: number): number {
  if (perDay === 0) return 0;
  return (days - 1) * Math.min(dayStride, perDay) + perDay;
}

/** A uniform number in [0, 1) from (seed, index, salt): a stateless hash, so any page is O(1). */
function unit(seed: number, index: number, salt: number): number {
  let t = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77) ^ Math.imul(salt, 0xc2b2ae3d)) >>> 0;
  t = Math.imul(t ^ (t >>> 16), 0x7feb352d) >>> 0;
  t = Math.imul(t ^ (t >>> 15), 0x846ca68b) >>> 0;
  return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
}

function shuffledIndexes(size: number, seed: number): Uint32Array {
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(unit(seed, i, 99) * (i + 1));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  return order;
}
