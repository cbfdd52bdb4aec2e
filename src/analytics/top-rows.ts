/** The rows with the highest `total` seen so far (ties: path, ascending), in bounded memory. */
export class TopRows<Row extends { readonly path: string; readonly total: number }> {
  private rows: Row[] = [];
  constructor(private readonly size: number) {}

  add(rows: readonly Row[]): void {
    // Stryker disable next-line ConditionalExpression: with no rows to show, the rows kept are none either way; this only spares the memory
    if (this.size === 0) return;
    this.rows.push(...rows);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: where (or whether) the buffer is cut bounds memory only; the rows shown are the same
    if (this.rows.length > 4 * this.size + 1000) this.rows = this.values();
  }

  values(): Row[] {
    return this.rows.sort((a, b) => b.total - a.total || byPath(a, b)).slice(0, this.size);
  }
}

/** Paths in JavaScript's own string order (UTF-16 code units): the same on every machine. */
function byPath(a: { readonly path: string }, b: { readonly path: string }): number {
  // Stryker disable next-line EqualityOperator: the pager hands over each path once, so no two rows compared here share a path
  if (a.path < b.path) return -1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Node's sort only asks whether a comparison is below 0, so this branch cannot be told from returning 0
  return a.path > b.path ? 1 : 0;
}
