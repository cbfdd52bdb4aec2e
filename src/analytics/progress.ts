import { formatDuration, countOf } from '../text.js';
import type { Clock, Logger } from '../runtime.js';

/** A progress line at least this often while pages keep coming… */
export const PROGRESS_EVERY_MS = 5_000;
/** …or after this many pages, whichever comes first. */
export const PROGRESS_EVERY_PAGES = 10;

/**
 * Tells the log how a long export is going (rows so far, requests, elapsed), so a 20,000-row
 * export does not sit silent until it ends. Quiet for an export that ends within its first few
 * pages and seconds: the closing line says it all then.
 */
export function exportProgress(logger: Logger, clock: Clock, label: string, requests: () => number): (rows: number, pages: number) => void {
  const startedAt = clock.now();
  let saidAt = startedAt;
  let saidPages = 0;
  return (rows, pages) => {
    const now = clock.now();
    if (now - saidAt < PROGRESS_EVERY_MS && pages - saidPages < PROGRESS_EVERY_PAGES) return;
    logger.info(`${label}: ${countOf(rows, 'row')} so far, ${countOf(requests(), 'request')}, ${formatDuration(now - startedAt)}.`);
    saidAt = now;
    saidPages = pages;
  };
}
