/**
 * Date ranges (`analytics/range.ts`): the previous period `compare-previous` exports, the range
 * as the summary says it (its end shown inclusive for dates), and as the analytics endpoints take it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateQuery, describeRange, previousRange } from '../../src/analytics/range.js';
import { DAY_MS, parseDate } from '../../src/parse.js';

describe('ranges', () => {
  const now = Date.UTC(2026, 10, 22, 9);
  it('the previous period has the same length and ends where the range starts', () => {
    const range = { dateFrom: parseDate('-7d', now), dateTo: parseDate('today', now) };
    const previous = previousRange(range);
    expect([previous.dateFrom!.text, previous.dateTo!.text]).toEqual(['2026-11-08', '2026-11-15']);
    expect(describeRange(range)).toBe('7 days: 2026-11-15 to 2026-11-21');
    expect(describeRange({ dateFrom: undefined, dateTo: undefined })).toBe("The API's default range");
  });
});

const NOW = Date.UTC(2026, 10, 22, 9);
const at = (text: string) => parseDate(text, NOW);

describe('previousRange', () => {
  it('of dates: dates, the period before ending at the range’s own start (dateTo is exclusive)', () => {
    const range = { dateFrom: at('2026-02-25'), dateTo: at('2026-03-04') };
    expect(previousRange(range)).toEqual({
      dateFrom: { text: '2026-02-18', epochMs: Date.UTC(2026, 1, 18), dateOnly: true },
      dateTo: range.dateFrom,
    });
  });

  it('of date-times (or a date and a date-time): instants in UTC, the range’s start as given', () => {
    const range = { dateFrom: at('2026-11-01T10:00:00+02:00'), dateTo: at('2026-11-01T12:30:00+02:00') };
    expect(previousRange(range)).toEqual({
      dateFrom: { text: '2026-11-01T05:30:00.000Z', epochMs: Date.UTC(2026, 10, 1, 5, 30), dateOnly: false },
      dateTo: range.dateFrom,
    });
    const mixed = previousRange({ dateFrom: at('2026-11-10'), dateTo: at('2026-11-12T00:00:00Z') });
    expect(mixed.dateFrom).toEqual({ text: '2026-11-08T00:00:00.000Z', epochMs: Date.UTC(2026, 10, 8), dateOnly: false });
  });

  it('needs both ends', () => {
    for (const range of [
      { dateFrom: at('2026-11-01'), dateTo: undefined },
      { dateFrom: undefined, dateTo: at('2026-11-01') },
      { dateFrom: undefined, dateTo: undefined },
    ]) {
      expect(() => previousRange(range)).toThrow('The previous period needs both date-from and date-to.');
    }
  });

  it('is as long as the range and ends where it starts, for any two dates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 400 }), (startDay, days) => {
        const from = parseDate(new Date(startDay * DAY_MS).toISOString().slice(0, 10), NOW);
        const to = parseDate(new Date((startDay + days) * DAY_MS).toISOString().slice(0, 10), NOW);
        const previous = previousRange({ dateFrom: from, dateTo: to });
        expect(previous.dateTo).toBe(from);
        expect(from.epochMs - previous.dateFrom!.epochMs).toBe(to.epochMs - from.epochMs);
        expect(previous.dateFrom).toEqual(parseDate(previous.dateFrom!.text, NOW));
      }),
      { numRuns: 100 },
    );
  });
});

describe('describeRange', () => {
  it.each([
    ['one day', '2026-11-21', '2026-11-22', '1 day: 2026-11-21'],
    ['two days, the last shown inclusive', '2026-11-21', '2026-11-23', '2 days: 2026-11-21 to 2026-11-22'],
    ['across a month and a leap day', '2028-02-27', '2028-03-02', '4 days: 2028-02-27 to 2028-03-01'],
    ['date-times, the end exclusive', '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', '2026-11-01T10:00:00Z to 2026-11-02T10:00:00Z (exclusive)'],
    ['a date and a date-time', '2026-11-01', '2026-11-02T10:00:00Z', '2026-11-01 to 2026-11-02T10:00:00Z (exclusive)'],
  ])('%s', (_what, from, to, said) => {
    expect(describeRange({ dateFrom: at(from), dateTo: at(to) })).toBe(said);
  });

  it('one end only: from it, or up to it (exclusive)', () => {
    expect(describeRange({ dateFrom: at('2026-11-01'), dateTo: undefined })).toBe('From 2026-11-01');
    expect(describeRange({ dateFrom: undefined, dateTo: at('2026-11-01') })).toBe('Up to 2026-11-01 (exclusive)');
  });
});

describe('dateQuery', () => {
  it('sends each end as given, and leaves out an end not set', () => {
    expect(dateQuery({ dateFrom: at('2026-11-01T10:00:00+0200'), dateTo: at('today') })).toEqual({
      dateFrom: '2026-11-01T10:00:00+0200',
      dateTo: '2026-11-22',
    });
    expect(dateQuery({ dateFrom: undefined, dateTo: undefined })).toEqual({ dateFrom: undefined, dateTo: undefined });
  });
});
