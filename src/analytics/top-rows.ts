/** The rows with the highest `total` seen so far (ties: path, ascending), in bounded memory. */
export class TopRows<Row extends { readonly path: string; readonly total: number }> {
  private rows: Row[] = [];
  constructor(private readonly size: number) {}

  add(rows: readonly Row[]): void {
    if (this.size === 0) return;
    this.rows.push(...rows);
    if (this.rows.length > 4 * this.size + 1000) this.rows = this.values();
  }

  values(): Row[] {
    return this.rows.sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, this.size);
  }
}
