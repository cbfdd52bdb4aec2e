import type { VisitorCounts, VisitorRow } from '../api/schemas.js';
import type { Clock, Logger, Sleep } from '../runtime.js';
import { DeadlineError, isCancellation, Phase } from '../runtime.js';
import { formatDuration, countOf, errorMessage, forLog } from '../text.js';
import type { VisitorsSettings } from '../settings.js';
import { VisitorFiles, type ExportRow } from './files.js';
import { pageVisitors, visitorsNotAdvancingWarning, type PagingResult, type VisitorsApi } from '../analytics/paging.js';
import { dateQuery, previousRange, type DateRange } from '../analytics/range.js';
import { Inputs, type VisitorsOutcome } from '../constants.js';
import { exportProgress } from '../analytics/progress.js';
import { TopRows } from '../analytics/top-rows.js';
import type { ArtifactUpload, UploadArtifact } from './artifact.js';

export interface VisitorsDeps {
  readonly client: VisitorsApi & { readonly requestCount: number };
  /** The step's deadline (epoch ms, by `clock`): no page is asked for, and no retry pause ends, after it. */
  readonly deadline: number;
  readonly clock: Clock;
  /** The pause the upload's race waits with (by `clock`); a timer by default. */
  readonly sleep?: Sleep;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  readonly uploadArtifact: UploadArtifact;
}

/** How a visitors step ended: the `outcome` output. */

export function visitorsOutcome(run: VisitorsRun): VisitorsOutcome {
  if (run.dryRun) return 'dry-run';
  if (run.cancelled) return 'cancelled';
  return run.error ? 'error' : 'exported';
}

export interface VisitorsRun {
  readonly range: DateRange;
  readonly previous: DateRange | undefined;
  readonly dryRun: boolean;
  totals: VisitorCounts | undefined;
  previousTotals: VisitorCounts | undefined;
  rows: number;
  duplicates: number;
  /** The busiest pages, for the summary: at most `summary-rows`, by total, then path. */
  top: ExportRow[];
  csvPath: string | undefined;
  jsonPath: string | undefined;
  artifact: ArtifactUpload | undefined;
  /** Reads the server stopped advancing (each said once as a warning): the rows are what it gave. */
  notAdvancing: string[];
  cancelled: boolean;
  error: Error | undefined;
}

/**
 * Exports every row of the range (and, with `compare-previous`, of the period before it) into
 * the two files, keeping the busiest pages for the summary, then uploads the files as an
 * artifact. Returns the run's record on every path: done, cancelled, or stopped by an error.
 */
export async function runVisitors(settings: VisitorsSettings, deps: VisitorsDeps): Promise<VisitorsRun> {
  const range: DateRange = { dateFrom: settings.dateFrom, dateTo: settings.dateTo };
  const run: VisitorsRun = {
    range,
    previous: settings.comparePrevious ? previousRange(range) : undefined,
    dryRun: settings.dryRun,
    totals: undefined,
    previousTotals: undefined,
    rows: 0,
    duplicates: 0,
    top: [],
    csvPath: undefined,
    jsonPath: undefined,
    artifact: undefined,
    notAdvancing: [],
    cancelled: false,
    error: undefined,
  };
  const paging = { pageSize: settings.pageSize, offset: settings.offset, maxRows: settings.maxRows, concurrency: settings.concurrency };
  if (settings.dryRun) {
    deps.logger.info(`Dry run: would export visitors with ${JSON.stringify({ ...dateQuery(range), ...paging })}; nothing was sent.`);
    return run;
  }
  // `timeout` bounds the export as it bounds a wait: no retry and no new page after it.
  const deadline = { at: deps.deadline, clock: deps.clock };
  const progress = (label: string): ((rows: number, pages: number) => void) => exportProgress(deps.logger, deps.clock, label, () => deps.client.requestCount);
  const warnIfNotAdvancing = (result: PagingResult, read?: string): void => {
    if (result.stalledAt === undefined) return;
    const warning = visitorsNotAdvancingWarning({ ...result, stalledAt: result.stalledAt }, read);
    run.notAdvancing.push(warning);
    deps.logger.warning(warning);
  };

  let files: VisitorFiles | undefined;
  try {
    await deps.logger.phase(Phase.Export, async () => {
      // Opened first: a folder that cannot hold the files is found before any request is spent.
      files = await openFiles(settings.outputDir, run.previous !== undefined);
      let previousRows: Map<string, VisitorCounts> | undefined;
      if (run.previous) {
        previousRows = new Map();
        const earlier = await pageVisitors(
          deps.client,
          { ...dateQuery(run.previous), ...paging, maxRows: 0, deadline, onProgress: progress('Previous period') },
          (rows) => {
            for (const { path, human, ai, total } of rows) previousRows!.set(path, { human, ai, total });
            return Promise.resolve();
          },
        );
        run.previousTotals = earlier.totals;
        warnIfNotAdvancing(earlier, 'the previous period');
      }
      const top = new TopRows<ExportRow>(settings.summaryRows);
      const result = await pageVisitors(deps.client, { ...dateQuery(range), ...paging, deadline, onProgress: progress('Exported') }, async (rows) => {
        const exported = rows.map((row) => withPrevious(row, previousRows));
        top.add(exported);
        await files!.writeRows(exported);
      });
      warnIfNotAdvancing(result);
      run.totals = result.totals;
      run.rows = result.rows;
      run.duplicates = result.duplicates;
      run.top = top.values();
      if (result.duplicates > 0) {
        deps.logger.warning(`The API repeated ${countOf(result.duplicates, 'path')} across pages (the data changed while paging); each path was kept once.`);
      }
      await files.close({
        range: { dateFrom: range.dateFrom?.text ?? null, dateTo: range.dateTo?.text ?? null },
        totals: result.totals,
        ...(run.previous && run.previousTotals
          ? { previous: { range: { dateFrom: run.previous.dateFrom?.text ?? null, dateTo: run.previous.dateTo?.text ?? null }, totals: run.previousTotals } }
          : {}),
        requests: deps.client.requestCount,
        generatedAt: new Date(deps.clock.now()).toISOString(),
      });
      run.csvPath = files.csvPath;
      run.jsonPath = files.jsonPath;
      files = undefined;
    });
    const { csvPath, jsonPath } = run;
    if (settings.artifactName && csvPath && jsonPath) {
      const artifactName = settings.artifactName;
      await deps.logger.phase(Phase.Artifact, async () => {
        run.artifact = await deps.uploadArtifact(artifactName, [csvPath, jsonPath], settings.outputDir, {
          deadline: deadline.at,
          timeoutMs: settings.timeoutMs,
          requestTimeoutMs: settings.requestTimeoutMs,
          signal: deps.signal,
          clock: deps.clock,
          sleep: deps.sleep,
        });
        // The files are complete either way and stay where the outputs say. Cut short by the
        // timeout, the upload is missed as a failed one is (a warning: the export itself is done);
        // cut short by a cancellation, the step is cancelled, as everywhere.
        if (deps.signal.aborted) run.cancelled = true;
        else if (run.artifact.skipped)
          deps.logger.notice(`Visitor files not uploaded as an artifact: ${run.artifact.skipped}. They are in ${settings.outputDir}.`);
        // A tried upload that failed is worth a warning: the files are still on the runner, for this job only.
        else if (run.artifact.failed) {
          deps.logger.warning(
            `Visitor files not uploaded as an artifact: the upload failed (${forLog(run.artifact.failed, 300)}). They are in ${settings.outputDir} on this runner.`,
          );
        } else if (run.artifact.unfinished) {
          deps.logger.warning(
            `Visitor files not uploaded as an artifact: the upload did not finish (${run.artifact.unfinished}). They are in ${settings.outputDir} on this runner.`,
          );
        }
      });
    }
  } catch (error) {
    // A stopped export leaves no file behind: an output never names a torn one.
    await files?.discard();
    if (isCancellation(error, deps.signal)) run.cancelled = true;
    else if (error instanceof DeadlineError) {
      run.error = new Error(
        `The export did not finish within timeout (${formatDuration(settings.timeoutMs)}): ${error.message}. No files were written; raise timeout, or export less with max-rows.`,
      );
    } else run.error = error instanceof Error ? error : new Error(String(error));
  }
  return run;
}

/** The files, or an error that names the input: the author chose the folder. */
async function openFiles(dir: string, compare: boolean): Promise<VisitorFiles> {
  try {
    return await VisitorFiles.open(dir, compare);
  } catch (error) {
    throw new Error(
      `Input "${Inputs.OutputDir}" (${dir}) cannot hold the visitor files: ${describeFsError(error)}. Choose another folder, or leave output-dir empty for the runner's temporary folder.`,
      { cause: error },
    );
  }
}

function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'a file is in the way of the folder';
  if (code === 'EACCES' || code === 'EPERM') return 'no permission to write there';
  if (code === 'EROFS') return 'the file system is read-only';
  return errorMessage(error);
}

function withPrevious(row: VisitorRow, previous: Map<string, VisitorCounts> | undefined): ExportRow {
  const counts = { path: row.path, human: row.human, ai: row.ai, total: row.total };
  if (!previous) return counts;
  return { ...counts, previous: previous.get(row.path) ?? null };
}
