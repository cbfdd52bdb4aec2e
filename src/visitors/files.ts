import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { changeOf } from '../analytics/change.js';
import type { VisitorCounts } from '../api/schemas.js';

/** A page's row as exported: its counts, and with `compare-previous`, the previous period's. */
export interface ExportRow extends VisitorCounts {
  readonly path: string;
  /** Null: the page had no visitors in the previous period (it is new). Undefined: no comparison. */
  readonly previous?: VisitorCounts | null;
}

export interface ExportSummary {
  readonly range: { readonly dateFrom: string | null; readonly dateTo: string | null };
  readonly totals: VisitorCounts;
  readonly previous?: {
    readonly range: { readonly dateFrom: string | null; readonly dateTo: string | null };
    readonly totals: VisitorCounts;
  };
  readonly requests: number;
  readonly generatedAt: string;
}

const BASE_COLUMNS = ['path', 'human', 'ai', 'total'];
const COMPARE_COLUMNS = ['previous_human', 'previous_ai', 'previous_total', 'total_change', 'total_change_pct', 'new'];

/** Files are written under this suffix and renamed when complete, so no output names a torn one. */
const PARTIAL_SUFFIX = '.partial';

/**
 * `visitors.csv` and `visitors.json`, written row by row as pages arrive, so memory does not
 * grow with the export. The JSON's `rows` come first and the totals after them, since the
 * request count is only known at the end. Both are written under a `.partial` name and take
 * their own names only when complete; an export that stops part-way removes them.
 */
export class VisitorFiles {
  private rowsWritten = 0;

  private constructor(
    readonly csvPath: string,
    readonly jsonPath: string,
    private readonly csv: WriteStream,
    private readonly json: WriteStream,
    private readonly compare: boolean,
  ) {}

  static async open(dir: string, compare: boolean): Promise<VisitorFiles> {
    await mkdir(dir, { recursive: true });
    const csvPath = join(dir, 'visitors.csv');
    const jsonPath = join(dir, 'visitors.json');
    const opened = await Promise.allSettled([openStream(csvPath + PARTIAL_SUFFIX), openStream(jsonPath + PARTIAL_SUFFIX)]);
    const [csv, json] = opened.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    if (!csv || !json) {
      await Promise.allSettled([csv && end(csv), json && end(json)]);
      // The files of this name are the action's own, left or made: removed, but a clean-up that fails
      // (a folder in the way) never hides why the opening failed.
      await Promise.allSettled([rm(csvPath + PARTIAL_SUFFIX, { force: true }), rm(jsonPath + PARTIAL_SUFFIX, { force: true })]);
      throw opened.find((result) => result.status === 'rejected')!.reason;
    }
    const files = new VisitorFiles(csvPath, jsonPath, csv, json, compare);
    await files.write(files.csv, `${[...BASE_COLUMNS, ...(compare ? COMPARE_COLUMNS : [])].join(',')}\r\n`);
    await files.write(files.json, '{"rows":[');
    return files;
  }

  async writeRows(rows: readonly ExportRow[]): Promise<void> {
    if (rows.length === 0) return;
    let csv = '';
    let json = '';
    for (const row of rows) {
      csv += `${csvLine(row, this.compare)}\r\n`;
      json += `${this.rowsWritten++ === 0 ? '\n' : ',\n'}${JSON.stringify(jsonRow(row, this.compare))}`;
    }
    await Promise.all([this.write(this.csv, csv), this.write(this.json, json)]);
  }

  /** Completes both files and gives them their own names. */
  async close(summary: ExportSummary): Promise<void> {
    const tail = JSON.stringify(summary).slice(1); // the summary's fields, after the rows
    await this.write(this.json, `\n],${tail}\n`);
    await Promise.all([end(this.csv), end(this.json)]);
    await Promise.all([rename(this.csvPath + PARTIAL_SUFFIX, this.csvPath), rename(this.jsonPath + PARTIAL_SUFFIX, this.jsonPath)]);
  }

  /** After a failure or a cancellation: closes and removes the partial files. */
  async discard(): Promise<void> {
    await Promise.allSettled([end(this.csv), end(this.json)]);
    await Promise.all([rm(this.csvPath + PARTIAL_SUFFIX, { force: true }), rm(this.jsonPath + PARTIAL_SUFFIX, { force: true })]);
  }

  private async write(stream: WriteStream, text: string): Promise<void> {
    if (!stream.write(text)) await once(stream, 'drain');
  }
}

/** One CSV record (RFC 4180). */
export function csvLine(row: ExportRow, compare: boolean): string {
  const cells: Array<string | number> = [csvText(row.path), row.human, row.ai, row.total];
  if (compare) {
    const previous = row.previous ?? undefined;
    const change = changeOf(row.total, previous?.total);
    cells.push(
      previous?.human ?? '',
      previous?.ai ?? '',
      previous?.total ?? '',
      change.absolute ?? '',
      change.percent ?? '',
      row.previous === null ? 'true' : 'false',
    );
  }
  return cells.join(',');
}

/**
 * A text cell: quoted when it holds a comma, quote or line break, and made inert when a
 * spreadsheet would run it as a formula (a leading `=`, `+`, `-`, `@`, tab or carriage return
 * gets a leading apostrophe).
 */
export function csvText(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

function jsonRow(row: ExportRow, compare: boolean): Record<string, unknown> {
  const base = { path: row.path, human: row.human, ai: row.ai, total: row.total };
  if (!compare) return base;
  const change = changeOf(row.total, row.previous?.total);
  return { ...base, previous: row.previous ?? null, totalChange: change.absolute ?? null, totalChangePct: change.percent ?? null, new: row.previous === null };
}

/** A write stream that is open, so a bad path fails here and not at the first write. */
async function openStream(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path);
  await once(stream, 'open');
  return stream;
}

async function end(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  await new Promise<void>((resolve, reject) => {
    stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
  });
}
