/**
 * The visitors export (`visitors/run-visitors.ts`), in process against the API simulator on fake
 * time: every row of the range (and of the period before it, with `compare-previous`) into the two
 * files, the busiest pages kept for the summary, then the artifact; the run's record on every
 * path — exported, a dry run, cancelled, out of time, stopped by an error — and no file left by
 * an export that stopped. Checked against the simulator's own ground truth of its dataset.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactUpload, UploadArtifact } from '../../src/visitors/artifact.js';
import { runVisitors, visitorsOutcome, type VisitorsDeps, type VisitorsRun } from '../../src/visitors/run-visitors.js';
import { CancelledError, Phase } from '../../src/runtime.js';
import type { VisitorsSettings } from '../../src/settings.js';
import { expectedVisitors, type AnalyticsOptions } from '../simulator/index.js';
import { recordingLogger, type RecordingLogger } from '../support/fake-time.js';
import { startSimApi, type SimApi } from '../support/sim-api.js';
import { visitorsRun } from '../support/visitors-runs.js';

const DATASET: AnalyticsOptions = { paths: 300, seed: 9, today: '2026-10-01' };
const RANGE = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };
const PREVIOUS = { dateFrom: '2026-11-07', dateTo: '2026-11-14' };

let api: SimApi;
/** Each test's own folder under the system's temporary one, removed after it; the files go in its `visitors`. */
let root: string;
let outputDir: string;
beforeAll(async () => {
  api = await startSimApi({ analytics: DATASET });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  root = mkdtempSync(join(tmpdir(), 'run-visitors-'));
  outputDir = join(root, 'visitors');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

interface Exported {
  readonly run: VisitorsRun;
  readonly log: RecordingLogger;
  readonly uploads: Array<{ name: string; files: string[]; root: string }>;
}

/** The export these inputs ask for, with half an hour of deadline; `upload` answers the artifact upload (an ID by default). */
async function exportVisitors(
  inputs: Record<string, string> = {},
  more: { upload?: (cancellation: AbortController) => Promise<ArtifactUpload>; deadlineMs?: number; cancelAtRequest?: number } = {},
): Promise<Exported> {
  const settings = api.settings<VisitorsSettings>({
    command: 'visitors',
    'date-from': RANGE.dateFrom,
    'date-to': RANGE.dateTo,
    'output-dir': outputDir,
    ...inputs,
  });
  const log = recordingLogger();
  const controller = new AbortController();
  const deadline = api.time.now() + (more.deadlineMs ?? 30 * 60_000);
  let requests = 0;
  if (more.cancelAtRequest !== undefined) {
    api.onRequest = () => {
      if (++requests === more.cancelAtRequest) controller.abort(new CancelledError('cancelled by SIGINT'));
    };
  }
  const uploads: Exported['uploads'] = [];
  const uploadArtifact: UploadArtifact = (name, files, root) => {
    uploads.push({ name, files, root });
    return more.upload ? more.upload(controller) : Promise.resolve({ id: 77 });
  };
  const client = api.client({ logger: log, signal: controller.signal, deadline });
  const deps: VisitorsDeps = { client, deadline, clock: api.time, sleep: api.time.sleep, logger: log, signal: controller.signal, uploadArtifact };
  const run = await runVisitors(settings, deps);
  return { run, log, uploads };
}

const filesLeft = (): string[] => (existsSync(outputDir) ? readdirSync(outputDir).sort() : []);
const csvRows = (path: string) => parse<Record<string, string>>(readFileSync(path, 'utf8'), { columns: true });

describe('an export', () => {
  it('every row of the range in both files, the API’s totals, the busiest pages for the summary, then the upload', async () => {
    const truth = expectedVisitors(DATASET, RANGE);
    const { run, log, uploads } = await exportVisitors({ 'page-size': '100', 'summary-rows': '5' });
    expect(visitorsOutcome(run)).toBe('exported');
    expect(run).toMatchObject({ totals: truth.totals, rows: 300, duplicates: 0, notAdvancing: [], cancelled: false, error: undefined, previous: undefined });
    expect(run.csvPath).toBe(join(outputDir, 'visitors.csv'));
    expect(run.jsonPath).toBe(join(outputDir, 'visitors.json'));
    expect(filesLeft()).toEqual(['visitors.csv', 'visitors.json']);
    const csv = csvRows(run.csvPath!);
    expect(new Map(csv.map((row) => [row.path!, { human: Number(row.human), ai: Number(row.ai), total: Number(row.total) }]))).toEqual(truth.rows);
    const busiest = [...truth.rows]
      .map(([path, counts]) => ({ path, ...counts }))
      .sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : 1))
      .slice(0, 5);
    expect(run.top).toEqual(busiest);
    const json = JSON.parse(readFileSync(run.jsonPath!, 'utf8')) as Record<string, unknown>;
    expect(json).toMatchObject({ range: RANGE, totals: truth.totals, requests: 3, generatedAt: new Date(api.time.now()).toISOString() });
    expect(api.sim.requests.map((request) => [request.endpoint, request.query.offset, request.query.limit])).toEqual([
      ['visitors', '0', '100'],
      ['visitors', '100', '100'],
      ['visitors', '200', '100'],
    ]);
    expect(uploads).toEqual([{ name: 'visitor-analytics', files: [run.csvPath, run.jsonPath], root: outputDir }]);
    expect(run.artifact).toEqual({ id: 77 });
    expect(log.phases).toEqual([Phase.Export, Phase.Artifact]);
    expect(log.messages('warning')).toEqual([]);
  });

  it('with compare-previous: the period before first, each row with its counts there (null: a new page), both totals', async () => {
    const truth = expectedVisitors(DATASET, RANGE);
    const before = expectedVisitors(DATASET, PREVIOUS);
    const { run } = await exportVisitors({ 'compare-previous': 'true', 'page-size': '250', 'summary-rows': '300' });
    expect(run.previous).toMatchObject({ dateFrom: { text: PREVIOUS.dateFrom }, dateTo: { text: PREVIOUS.dateTo } });
    expect(run.previousTotals).toEqual(before.totals);
    expect(run.totals).toEqual(truth.totals);
    // The previous period is read whole first, then the range.
    expect(api.sim.requests.map((request) => [request.query.dateFrom, request.query.offset])).toEqual([
      [PREVIOUS.dateFrom, '0'],
      [PREVIOUS.dateFrom, '250'],
      [RANGE.dateFrom, '0'],
      [RANGE.dateFrom, '250'],
    ]);
    expect(run.top).toHaveLength(300);
    for (const row of run.top) expect(row.previous).toEqual(before.rows.get(row.path) ?? null);
    expect(run.top.some((row) => row.previous === null)).toBe(before.rows.size < truth.rows.size);
    const json = JSON.parse(readFileSync(run.jsonPath!, 'utf8')) as { previous: unknown };
    expect(json.previous).toEqual({ range: PREVIOUS, totals: before.totals });
    expect(Object.keys(csvRows(run.csvPath!)[0]!)).toContain('previous_total');
  });

  it('max-rows and offset bound what is read and written', async () => {
    const { run } = await exportVisitors({ 'page-size': '50', 'max-rows': '120', offset: '10', 'artifact-name': '' });
    expect(run.rows).toBe(120);
    expect(csvRows(run.csvPath!)).toHaveLength(120);
    expect(api.sim.requests[0]!.query.offset).toBe('10');
  });

  it('without an artifact name: no upload, no artifact phase', async () => {
    const { run, uploads, log } = await exportVisitors({ 'artifact-name': '', 'max-rows': '10' });
    expect(uploads).toEqual([]);
    expect(run.artifact).toBeUndefined();
    expect(log.phases).toEqual([Phase.Export]);
    expect(visitorsOutcome(run)).toBe('exported');
  });

  it('a dry run asks for nothing and writes nothing, and says what it would have asked for', async () => {
    const { run, log, uploads } = await exportVisitors({ 'dry-run': 'true', 'page-size': '100' });
    expect(visitorsOutcome(run)).toBe('dry-run');
    expect(run).toMatchObject({ dryRun: true, rows: 0, csvPath: undefined, totals: undefined });
    expect(api.sim.requests).toEqual([]);
    expect(uploads).toEqual([]);
    expect(filesLeft()).toEqual([]);
    expect(log.messages('info')).toEqual([
      'Dry run: would export visitors with {"dateFrom":"2026-11-14","dateTo":"2026-11-21","pageSize":100,"offset":0,"maxRows":0,"concurrency":1}; nothing was sent.',
    ]);
  });
});

describe('what the server does to the rows', () => {
  it('a path repeated on the last page is kept once, with one warning', async () => {
    // The last page (offset 200) starts with the three last rows of the page before it.
    api.sim.injectFault({ target: 'visitors', kind: 'pass', times: 2 });
    api.sim.injectFault({ target: 'visitors', kind: 'duplicate-rows' });
    const { run, log } = await exportVisitors({ 'page-size': '100' });
    expect(run).toMatchObject({ duplicates: 3, rows: 297, notAdvancing: [] });
    expect(new Set(csvRows(run.csvPath!).map((row) => row.path)).size).toBe(297);
    expect(log.messages('warning')).toEqual(['The API repeated 3 paths across pages (the data changed while paging); each path was kept once.']);
  });

  it('a read that stops advancing ends with what it had, one warning, kept in the record', async () => {
    api.sim.injectFault({ target: 'visitors', kind: 'pass' });
    api.sim.injectFault({ target: 'visitors', kind: 'short-page', rows: 4, times: Infinity });
    const { run, log } = await exportVisitors({ 'page-size': '100' });
    expect(visitorsOutcome(run)).toBe('exported');
    expect(run.rows).toBe(104);
    expect(run.notAdvancing).toEqual([
      expect.stringMatching(/^The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors: the page at offset 100 /),
    ]);
    expect(log.messages('warning')).toEqual(run.notAdvancing);
  });
});

describe('the upload’s end, said once', () => {
  it.each<[string, ArtifactUpload, 'notice' | 'warning' | undefined, string | undefined]>([
    ['uploaded', { id: 5 }, undefined, undefined],
    [
      'skipped (no artifact service)',
      { skipped: 'no artifact service here (a local run)' },
      'notice',
      'Visitor files not uploaded as an artifact: no artifact service here (a local run). They are in OUT.',
    ],
    [
      'failed',
      { failed: 'the service answered 503\n::error::x' },
      'warning',
      'Visitor files not uploaded as an artifact: the upload failed (the service answered 503 ::error::x). They are in OUT on this runner.',
    ],
    [
      'unfinished',
      { unfinished: "the step's timeout (6s) ran out" },
      'warning',
      "Visitor files not uploaded as an artifact: the upload did not finish (the step's timeout (6s) ran out). They are in OUT on this runner.",
    ],
  ])('%s: the files stay, the export is done', async (_what, upload, level, line) => {
    const { run, log } = await exportVisitors({ 'max-rows': '10' }, { upload: () => Promise.resolve(upload) });
    expect(visitorsOutcome(run)).toBe('exported');
    expect(run.artifact).toEqual(upload);
    expect(filesLeft()).toEqual(['visitors.csv', 'visitors.json']);
    expect([...log.messages('notice'), ...log.messages('warning')]).toEqual(line ? [line.replace('OUT', outputDir)] : []);
    if (level) expect(log.messages(level)).toHaveLength(1);
  });

  it('cancelled during the upload: cancelled, both files complete and named', async () => {
    const { run } = await exportVisitors(
      { 'max-rows': '10' },
      {
        upload: (controller) => {
          controller.abort(new CancelledError('cancelled by SIGTERM'));
          return Promise.resolve({ unfinished: 'cancelled' });
        },
      },
    );
    expect(visitorsOutcome(run)).toBe('cancelled');
    expect(run).toMatchObject({ cancelled: true, csvPath: join(outputDir, 'visitors.csv'), artifact: { unfinished: 'cancelled' } });
    expect(csvRows(run.csvPath!)).toHaveLength(10);
  });
});

describe('an export that stops leaves no file', () => {
  it('cancelled at the third page: cancelled, nothing named, nothing on disk, no upload', async () => {
    const { run, uploads } = await exportVisitors({ 'page-size': '50' }, { cancelAtRequest: 3 });
    expect(visitorsOutcome(run)).toBe('cancelled');
    expect(run).toMatchObject({ cancelled: true, csvPath: undefined, jsonPath: undefined, rows: 0, error: undefined });
    expect(filesLeft()).toEqual([]);
    expect(uploads).toEqual([]);
  });

  it('out of time: an error that says how far it got and what to do, no file', async () => {
    api.onRequest = () => api.time.advance(200);
    const { run } = await exportVisitors({ 'page-size': '10', timeout: '1s' }, { deadlineMs: 1_000 });
    expect(visitorsOutcome(run)).toBe('error');
    expect(run.error?.message).toBe(
      'The export did not finish within timeout (1s): 50 rows read in 5 pages when the timeout ran out; more remain. No files were written; raise timeout, or export less with max-rows.',
    );
    expect(run.csvPath).toBeUndefined();
    expect(filesLeft()).toEqual([]);
  });

  it('an API that refuses the key: the API’s error, no file', async () => {
    api.sim.injectFault({ target: 'visitors', kind: 'status', status: 401, body: { error: 'Invalid API key' } });
    const { run } = await exportVisitors();
    expect(visitorsOutcome(run)).toBe('error');
    expect(run.error?.message).toMatch(/answered 401/);
    expect(filesLeft()).toEqual([]);
  });

  it('a folder that cannot hold the files: an error naming the input, before any request', async () => {
    writeFileSync(join(root, 'blocker'), '');
    const blocked = join(root, 'blocker', 'visitors');
    const { run } = await exportVisitors({ 'output-dir': blocked });
    expect(run.error?.message).toBe(
      `Input "output-dir" (${blocked}) cannot hold the visitor files: a file is in the way of the folder. Choose another folder, or leave output-dir empty for the runner's temporary folder.`,
    );
    expect(api.sim.requests).toEqual([]);
    expect(readdirSync(root)).toEqual(['blocker']);
  });
});

describe('visitorsOutcome', () => {
  it('a dry run first, then a cancellation, then an error; else exported', () => {
    const error = new Error('x');
    expect(visitorsOutcome(visitorsRun({ dryRun: true, cancelled: true, error }))).toBe('dry-run');
    expect(visitorsOutcome(visitorsRun({ cancelled: true, error }))).toBe('cancelled');
    expect(visitorsOutcome(visitorsRun({ error }))).toBe('error');
    expect(visitorsOutcome(visitorsRun())).toBe('exported');
  });
});
