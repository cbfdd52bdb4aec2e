import { DAY_MS, toIsoDate, type ResolvedDate } from '../parse.js';

export interface DateRange {
  readonly dateFrom: ResolvedDate | undefined;
  readonly dateTo: ResolvedDate | undefined;
}

/** The period of the same length just before `dateFrom`: what `compare-previous` exports. */
export function previousRange(range: DateRange): DateRange {
  const { dateFrom, dateTo } = range;
  if (!dateFrom || !dateTo) throw new Error('The previous period needs both date-from and date-to.');
  const length = dateTo.epochMs - dateFrom.epochMs;
  const start = dateFrom.epochMs - length;
  const asDate = dateFrom.dateOnly && dateTo.dateOnly;
  const resolved = (epochMs: number): ResolvedDate => ({
    text: asDate ? toIsoDate(epochMs) : new Date(epochMs).toISOString(),
    epochMs,
    dateOnly: asDate,
  });
  return { dateFrom: resolved(start), dateTo: dateFrom };
}

/** "7 days: 2026-11-15 to 2026-11-21" (the end shown inclusive), for the summary. */
export function describeRange(range: DateRange): string {
  const { dateFrom, dateTo } = range;
  if (!dateFrom && !dateTo) return "The API's default range";
  if (!dateFrom) return `Up to ${dateTo!.text} (exclusive)`;
  if (!dateTo) return `From ${dateFrom.text}`;
  if (dateFrom.dateOnly && dateTo.dateOnly) {
    const days = Math.round((dateTo.epochMs - dateFrom.epochMs) / DAY_MS);
    const last = toIsoDate(dateTo.epochMs - DAY_MS);
    return days === 1 ? `1 day: ${dateFrom.text}` : `${days} days: ${dateFrom.text} to ${last}`;
  }
  return `${dateFrom.text} to ${dateTo.text} (exclusive)`;
}

/** The range as the analytics endpoints take it: `dateFrom`/`dateTo` query parameters, absent when unset. */
export function dateQuery(range: DateRange): { dateFrom?: string; dateTo?: string } {
  return { dateFrom: range.dateFrom?.text, dateTo: range.dateTo?.text };
}
