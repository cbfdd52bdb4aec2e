/**
 * A count against the same count in the previous period: the difference, and the percentage
 * (one decimal) when the previous count is not zero. Nothing when there is no previous period.
 */
export function changeOf(current: number, previous: number | undefined): { absolute?: number; percent?: number } {
  if (previous === undefined) return {};
  const absolute = current - previous;
  return { absolute, percent: previous === 0 ? undefined : Math.round((absolute / previous) * 1000) / 10 };
}
