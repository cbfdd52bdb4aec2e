/** Injected failures, taken first-in first-out by the requests whose endpoint they target. */

export type Endpoint = 'create' | 'message' | 'get' | AnalyticsEndpoint | PreviewEndpoint;
/** The preview's trigger (`POST /v1/project/preview/{projectId}`) and its status (`GET /v1/project/update-status/{statusId}`). */
export type PreviewEndpoint = 'preview' | 'preview-status';
export type AnalyticsEndpoint = 'visitors' | 'feedback-by-page' | 'searches' | 'feedback-entries';
export type FaultTarget = Endpoint | 'any';

/** `times` (default 1): how many requests the fault hits; `Infinity` keeps it for every one. */
export type Fault = { target?: FaultTarget; times?: number } & (
  | { kind: 'status'; status: number; retryAfter?: string; body?: string | object; contentType?: string }
  /** Never answer; with `process`, the request takes effect first. */
  | { kind: 'hang'; process?: boolean }
  /** Destroy the socket before any answer; with `process`, the request takes effect first. */
  | { kind: 'reset'; process?: boolean }
  /** The request takes effect; the headers and half the body are sent, then the socket dies. */
  | { kind: 'reset-mid-body' }
  | { kind: 'malformed-json' }
  | { kind: 'wrong-shape'; body?: unknown }
  | { kind: 'drip'; chunkBytes?: number; intervalMs?: number }
  /** Visitors only (other endpoints answer unchanged): the page repeats rows of the previous page, as when data shifts mid-export. */
  | { kind: 'duplicate-rows' }
  /**
   * A server that never advances: whatever the offset, visitors answers its first page with
   * `hasMore: true`; whatever the cursor, searches and feedback entries answer their first page
   * with the cursor they were sent (on the first request, the first page's own `nextCursor`).
   * Other endpoints answer unchanged.
   */
  | { kind: 'never-advances' }
  /**
   * Visitors only: the rows shift between requests as if `limit - 1` new rows were ranked above the
   * page each time: the page at offset `k × limit` answers the `limit` rows from the `k`th, so each
   * page brings one row the page before it did not, and `hasMore` says what the data says for it.
   */
  | { kind: 'shifting-rows' }
  /** Visitors only: a short page, `rows` (default 1) of the rows asked for, while `hasMore` says more remain past the page asked for. */
  | { kind: 'short-page'; rows?: number }
  /**
   * A server that says more follow when nothing does: visitors answers `hasMore: true` (past the
   * end, an empty page); searches answers its last page with the cursor it was sent (on the first
   * request, the first page's own `nextCursor`). Other endpoints answer unchanged.
   */
  | { kind: 'lies-more' }
  /**
   * Visitors only: a server that keeps sending new rows, for ever: whatever the offset, `limit`
   * rows no page gave before (`/endless/<offset + i>`, one visitor each), and `hasMore: true`.
   * Every page advances, so no stop rule that trusts the pages ends the read.
   */
  | { kind: 'endless-rows' }
  /** Answer as usual: queued before another fault, it lets that one hit a later request. */
  | { kind: 'pass' }
);

export class FaultQueue {
  private readonly entries: Array<{ fault: Fault; left: number }> = [];

  push(fault: Fault): void {
    this.entries.push({ fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.entries.length = 0;
  }

  take(endpoint: Endpoint): Fault | undefined {
    const index = this.entries.findIndex(({ fault }) => fault.target === undefined || fault.target === 'any' || fault.target === endpoint);
    if (index < 0) return undefined;
    const entry = this.entries[index]!;
    entry.left -= 1;
    if (entry.left <= 0) this.entries.splice(index, 1);
    return entry.fault;
  }
}
