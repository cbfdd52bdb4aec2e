/**
 * Opaque paging cursors, as the vendor's `nextCursor`: base64url of a small JSON object naming how
 * many rows were given and the key of the last one. Not a plain number, so a client cannot page by
 * arithmetic; and checked against the listing when it comes back, so a made-up or stale cursor is
 * refused (400) instead of silently skipping or repeating rows.
 */

export interface CursorPosition {
  /** Rows already given: the next page starts at this index. */
  given: number;
  /** The key of the last row given, to recognise the listing the cursor came from. */
  lastKey: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ n: position.given, k: position.lastKey })).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one the simulator could have given out. */
export function decodeCursor(text: string): CursorPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { n, k } = value as Record<string, unknown>;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || typeof k !== 'string') return undefined;
  return { given: n, lastKey: k };
}

/**
 * Where the next page of `rows` starts for `cursor` (0 without one), or undefined when the cursor
 * does not fit this listing: its last row is not the row it names.
 */
export function startOf<T>(rows: readonly T[], cursor: string | undefined, keyOf: (row: T) => string): number | undefined {
  if (cursor === undefined) return 0;
  const position = decodeCursor(cursor);
  if (!position || position.given > rows.length) return undefined;
  return keyOf(rows[position.given - 1]!) === position.lastKey ? position.given : undefined;
}

/** The cursor of the page after `rows[0, end)`, or null when that page reached the end. */
export function nextCursorAfter<T>(rows: readonly T[], end: number, keyOf: (row: T) => string): string | null {
  return end < rows.length ? encodeCursor({ given: end, lastKey: keyOf(rows[end - 1]!) }) : null;
}
