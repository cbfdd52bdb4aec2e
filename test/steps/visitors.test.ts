/**
 * `command: visitors` (src/steps/visitors.ts), in process with fake time: the export against the
 * simulator's dataset, checked against the dataset's own ground truth; cancellation and the
 * timeout leave no file. The step with the entry layer's report, and the whole action as the
 * runner runs it (`run()`: test/support/runner.ts).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiInputs, expectedVisitors, type AnalyticsOptions, type Simulator } from '../simulator/index.js';
import { withinLimits, type ArtifactUpload } from '../../src/visitors/artifact.js';
import { Phase } from '../../src/runtime.js';
import { useFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';
import { tmpdir } from 'node:os';
import { errorLines } from '../support/checked-run.js';
import { expectRendersAsGitHubShould, renderedTables } from '../support/github-markdown.js';
import { findSecret, type ActionRun } from '../support/run-action.js';
import { runInProcess, startRunnerSimulator, withSimulator } from '../support/runner.js';

describe('the step, in process (visitorsStep)', () => {
  const DATASET: AnalyticsOptions = { paths: 1234, seed: 5, today: '2026-10-01' };
  const RANGE = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };
  let flows: Flows;
  let outputDir: string;

  useFlows({ simulator: { analytics: DATASET } }, (started) => {
    flows = started.flows;
    outputDir = join(flows.runnerTemp, 'visitors');
  });
  afterEach(() => {
    rmSync(outputDir, { recursive: true, force: true });
  });

  function visitors(inputs: Record<string, string>, options: FlowOptions = {}): Promise<FlowResult> {
    return flows.run({ command: 'visitors', 'date-from': RANGE.dateFrom, 'date-to': RANGE.dateTo, ...inputs }, options);
  }

  const filesLeft = (): string[] => (existsSync(outputDir) ? readdirSync(outputDir) : []);

  describe('export', () => {
    it('writes every path once to both files in the runner temp folder, with the API totals, and uploads them', async () => {
      const run = await visitors({ 'page-size': '250' });
      const truth = expectedVisitors(DATASET, RANGE);
      expect(run.failures).toEqual([]);
      expect(run.outputs).toEqual({
        outcome: 'exported',
        'visitors-total': String(truth.totals.total),
        'visitors-human': String(truth.totals.human),
        'visitors-ai': String(truth.totals.ai),
        'visitors-rows': '1234',
        'visitors-csv': join(outputDir, 'visitors.csv'),
        'visitors-json': join(outputDir, 'visitors.json'),
        'artifact-id': '4242',
        requests: '5',
      });
      expect(flows.sim.requests.map((r) => [r.query.offset, r.query.limit])).toEqual([0, 250, 500, 750, 1000].map((offset) => [String(offset), '250']));

      const csv = parse<Record<string, string>>(readFileSync(run.outputs['visitors-csv']!, 'utf8'), { columns: true });
      expect(csv).toHaveLength(1234);
      for (const row of csv) {
        const expected = truth.rows.get(row.path!)!;
        expect([Number(row.human), Number(row.ai), Number(row.total)]).toEqual([expected.human, expected.ai, expected.total]);
      }
      const json = JSON.parse(readFileSync(run.outputs['visitors-json']!, 'utf8')) as {
        totals: unknown;
        rows: unknown[];
        requests: number;
        generatedAt: string;
      };
      expect(json.totals).toEqual(truth.totals);
      expect(json.rows).toHaveLength(1234);
      expect(json.requests).toBe(5);
      // Written by the flow's clock: the fake one.
      expect(Date.parse(json.generatedAt)).toBe(flows.time.now());
      // The log: the export, then the upload, each in its group.
      expect(run.log.phases).toEqual([Phase.Export, Phase.Artifact]);
      expect(run.log.inPhase(Phase.Export).join('\n')).toContain('GET /v1/analytics/');

      expect(run.uploads).toEqual([
        { name: 'visitor-analytics', files: [run.outputs['visitors-csv'], run.outputs['visitors-json']], rootDirectory: outputDir },
      ]);
      expect(run.summary).toContain('## Visitor analytics');
      expect(run.summary).toContain(`| Unique visitors | ${truth.totals.human.toLocaleString('en-US')} |`);
      expect(run.log.messages('info').at(-1)).toBe(
        `Visitors: ${truth.totals.total.toLocaleString('en-US')} unique visitors (${truth.totals.human.toLocaleString('en-US')} human, ${truth.totals.ai.toLocaleString('en-US')} AI); 1,234 pages written to ${run.outputs['visitors-csv']} and ${run.outputs['visitors-json']}; 5 API requests.`,
      );
    });

    it('an upload that fails is one warning naming where the files are, not a failure', async () => {
      const run = await visitors({ 'max-rows': '10' }, { uploadArtifact: () => Promise.resolve({ failed: 'the artifact service answered 503' }) });
      expect(run.failures).toEqual([]);
      expect(run.outputs['artifact-id']).toBe('');
      expect(run.log.messages('warning')).toEqual([
        `Visitor files not uploaded as an artifact: the upload failed (the artifact service answered 503). They are in ${outputDir} on this runner.`,
      ]);
    });

    it('a dry run sends nothing and writes nothing', async () => {
      const run = await visitors({ 'dry-run': 'true' });
      expect(run.outputs).toMatchObject({ outcome: 'dry-run', requests: '0', 'visitors-csv': '' });
      expect(flows.sim.requests).toEqual([]);
      expect(filesLeft()).toEqual([]);
    });
  });

  describe('a server that stops advancing part-way', () => {
    it('rows that shift by all but one a page: the read ends at the second page with one warning, within (rows kept ÷ limit) + concurrency + 1 requests', async () => {
      flows.sim.injectFault({ target: 'visitors', kind: 'shifting-rows', times: Infinity });
      const run = await visitors({ 'page-size': '10', concurrency: '2', timeout: '10s' });
      expect(run.failures).toEqual([]);
      expect(run.outputs).toMatchObject({ outcome: 'exported', 'visitors-rows': '11' });
      expect(flows.sim.requests.length).toBeLessThanOrEqual(11 / 10 + 2 + 1);
      expect(run.outputs.requests).toBe(String(flows.sim.requests.length));
      expect(run.log.messages('warning')).toEqual([
        'The API stopped advancing on GET /v1/analytics/{projectId}/visitors: the page at offset 10 said more remain but brought 1 row not already seen of the 10 it asked for. Paging stopped there; going on with the 11 rows read.',
      ]);
    });

    it('a short page that says more remain: the read ends there with its rows and one warning', async () => {
      flows.sim.injectFault({ target: 'visitors', kind: 'pass' });
      flows.sim.injectFault({ target: 'visitors', kind: 'short-page', rows: 4, times: Infinity });
      const run = await visitors({ 'page-size': '100' });
      expect(run.outputs).toMatchObject({ outcome: 'exported', 'visitors-rows': '104' });
      expect(flows.sim.requests).toHaveLength(2);
      expect(run.log.messages('warning')).toEqual([expect.stringMatching(/^The API stopped advancing on .*visitors: the page at offset 100 /)]);
    });
  });

  describe('the artifact upload', () => {
    it('timeout: 6s with an artifact service that never answers: the step ends by its deadline, whatever request-timeout says', async () => {
      const never = new Promise<ArtifactUpload>(() => undefined);
      const started = flows.time.now();
      const run = await visitors(
        { 'max-rows': '10', timeout: '6s', 'request-timeout': '30s' },
        { uploadArtifact: (_name, _files, _root, limits) => withinLimits(never, { ...limits, sleep: flows.time.sleep }) },
      );
      expect(flows.time.now() - started).toBeLessThanOrEqual(6_000);
      expect(run.outputs).toMatchObject({ outcome: 'exported', 'artifact-id': '' });
      expect(run.log.messages('warning')).toEqual([
        `Visitor files not uploaded as an artifact: the upload did not finish (the step's timeout (6s) ran out). They are in ${outputDir} on this runner.`,
      ]);
    });
  });

  describe('stopped exports leave no file', () => {
    it('cancelled at the third page: outcome cancelled, the failure line, no files and no upload', async () => {
      const run = await visitors({ 'page-size': '100' }, { onApiRequest: (flow) => flow.count === 3 && flow.cancel() });
      expect(run.outputs).toMatchObject({ outcome: 'cancelled', 'visitors-csv': '', 'visitors-json': '', 'visitors-rows': '0' });
      expect(run.failures).toEqual(['Cancelled before the export finished; no files were written.']);
      expect(filesLeft()).toEqual([]);
      expect(run.uploads).toEqual([]);
    });

    it('timeout bounds the export by the flow clock: no page is asked for after it, one error line, no files', async () => {
      // Each page takes 200 ms of fake time: pages start at 0, 200, 400, 600 and 800 ms, none at 1 s.
      const run = await visitors({ 'page-size': '10', timeout: '1s' }, { requestMs: 200 });
      expect(run.outputs).toMatchObject({ outcome: 'error', requests: '5', 'visitors-csv': '', 'visitors-json': '' });
      expect(flows.sim.requests).toHaveLength(5);
      expect(run.failures).toEqual([
        'The export did not finish within timeout (1s): 50 rows read in 5 pages when the timeout ran out; more remain. No files were written; raise timeout, or export less with max-rows.',
      ]);
      expect(filesLeft()).toEqual([]);
    });
  });
});

describe('the action, as the runner runs it (run())', () => {
  // "today" well before the range, so every page has had visitors for the whole range.
  const DATASET: AnalyticsOptions = { paths: 1234, seed: 5, today: '2026-10-01' };
  const RANGE = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };
  let sim: Simulator;

  beforeAll(async () => {
    sim = await startRunnerSimulator({ analytics: DATASET });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    sim.resetLog();
    sim.clearFaults();
  });

  async function visitors(inputs: Record<string, string>, server = sim, requestMs = 0, timeoutMs?: number): Promise<ActionRun> {
    const run = await runInProcess({
      inputs: apiInputs(server, { command: 'visitors', 'date-from': RANGE.dateFrom, 'date-to': RANGE.dateTo, ...inputs }),
      requestMs,
      timeoutMs,
    });
    expect(findSecret(run, server.apiKey)).toEqual([]);
    return run;
  }

  interface CsvRecord {
    path: string;
    human: string;
    ai: string;
    total: string;
    [column: string]: string;
  }

  const readCsv = (path: string): CsvRecord[] => parse<CsvRecord>(readFileSync(path, 'utf8'), { columns: true });
  const readJson = (path: string) =>
    JSON.parse(readFileSync(path, 'utf8')) as {
      range: unknown;
      totals: { human: number; ai: number; total: number };
      rows: Array<Record<string, unknown>>;
      requests: number;
      generatedAt: string;
      previous?: { totals: { human: number; ai: number; total: number } };
    };

  describe('export', () => {
    it('writes 1,234 paths exactly once to both files in 13 requests, with the API totals', async () => {
      const run = await visitors({ 'page-size': '100' });
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('exported');
      const truth = expectedVisitors(DATASET, RANGE);
      expect(truth.rows.size).toBe(1234);
      expect(run.outputs['visitors-rows']).toBe('1234');
      expect(run.outputs.requests).toBe('13');
      expect(sim.requests).toHaveLength(13);
      expect(run.outputs['visitors-total']).toBe(String(truth.totals.total));
      expect(run.outputs['visitors-human']).toBe(String(truth.totals.human));
      expect(run.outputs['visitors-ai']).toBe(String(truth.totals.ai));

      const csv = readCsv(run.outputs['visitors-csv']!);
      expect(csv).toHaveLength(1234);
      expect(new Set(csv.map((row) => row.path)).size).toBe(1234);
      for (const row of csv) {
        const expected = truth.rows.get(row.path)!;
        expect([Number(row.human), Number(row.ai), Number(row.total)]).toEqual([expected.human, expected.ai, expected.total]);
      }
      const json = readJson(run.outputs['visitors-json']!);
      expect(json.rows).toHaveLength(1234);
      expect(new Set(json.rows.map((row) => row.path)).size).toBe(1234);
      expect(json.totals).toEqual(truth.totals);
      expect(json.range).toEqual(RANGE);
      expect(json.requests).toBe(13);
      expect(Date.parse(json.generatedAt)).not.toBeNaN();
    });

    it('with concurrency 4 makes at most 3 more requests and the same files', async () => {
      const run = await visitors({ 'page-size': '100', concurrency: '4' });
      expect(run.outputs['visitors-rows']).toBe('1234');
      expect(Number(run.outputs.requests)).toBeGreaterThanOrEqual(13);
      expect(Number(run.outputs.requests)).toBeLessThanOrEqual(16);
      expect(new Set(readCsv(run.outputs['visitors-csv']!).map((row) => row.path)).size).toBe(1234);
    });

    it('stops at max-rows and starts at offset', async () => {
      const run = await visitors({ 'page-size': '250', offset: '100', 'max-rows': '300' });
      expect(run.outputs['visitors-rows']).toBe('300');
      expect(sim.requests.map((r) => [r.query.offset, r.query.limit])).toEqual([
        ['100', '250'],
        ['350', '50'],
      ]);
    });

    it('waits out a 429 with Retry-After and counts the retry', async () => {
      sim.injectFault({ target: 'visitors', kind: 'status', status: 429, retryAfter: '1' });
      const run = await visitors({ 'page-size': '250' });
      expect(run.code).toBe(0);
      expect(run.outputs['visitors-rows']).toBe('1234');
      expect(run.outputs.requests).toBe('6');
      expect(run.summary).toContain('6 API requests');
    });

    it('says how a long export is going at least every 10 pages: rows so far, requests, elapsed', async () => {
      const run = await visitors({ 'page-size': '25' });
      expect(run.outputs['visitors-rows']).toBe('1234');
      const lines = run.stdout.split('\n').filter((line) => line.startsWith('Exported: '));
      const rows = lines.map((line) => {
        const match = /^Exported: ([\d,]+) rows so far, (\d+) requests, \S+\.$/.exec(line);
        expect(match, line).not.toBeNull();
        return Number(match![1]!.replace(/,/g, ''));
      });
      // 50 pages: a line after every tenth at the latest (sooner only if pages come slowly).
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const [i, count] of rows.entries()) expect(count - (rows[i - 1] ?? 0)).toBeLessThanOrEqual(250);
    });

    it('timeout bounds the export: no page is asked for after it, and no file is left', async () => {
      // 124 pages at 200 ms each (of the run's clock) would take 25 s; the step may start pages for 1 s.
      const run = await visitors({ 'page-size': '10', timeout: '1s' }, sim, 200);
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expect(errorLines(run)).toEqual([
        expect.stringMatching(
          /^::error::The export did not finish within timeout \(1s\): [\d,]+ rows? read in \d+ pages? when the timeout ran out; more remain/,
        ),
      ]);
      // One page at a time, 200 ms each: at most 5 start within the second, plus the one at its edge.
      expect(sim.requests.length).toBeLessThanOrEqual(6);
      expect(run.outputs.requests).toBe(String(sim.requests.length));
      expect(run.outputs['visitors-csv']).toBe('');
      expect(run.outputs['visitors-json']).toBe('');
      expect(readdirSync(join(run.workDir, 'visitors'))).toEqual([]);
    });

    it('an output-dir that cannot hold the files is named in the one error line, before any request', async () => {
      const blocker = join(tmpdir(), `docs-agent-blocker-${process.pid}`);
      writeFileSync(blocker, 'a file where the folder should be');
      try {
        const run = await visitors({ 'output-dir': join(blocker, 'visitors'), 'compare-previous': 'true' });
        expect(run.code).toBe(1);
        expect(sim.requests).toHaveLength(0);
        expect(run.outputs.outcome).toBe('error');
        expect(errorLines(run)).toEqual([
          `::error::Input "output-dir" (${join(blocker, 'visitors')}) cannot hold the visitor files: a file is in the way of the folder. Choose another folder, or leave output-dir empty for the runner's temporary folder.`,
        ]);
      } finally {
        rmSync(blocker, { force: true });
      }
    });

    it('warns that a date range wholly in the future can only hold zeros, and goes on', async () => {
      const run = await visitors({ 'date-from': '2099-01-01', 'date-to': '2099-01-08' });
      expect(run.code).toBe(0);
      expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([
        '::warning::Input "date-from" (2099-01-01) is in the future: the whole range is, and the analytics can only answer zeros for it.',
      ]);
    });

    it('a failed export leaves no half-written file, and no output names one', async () => {
      sim.injectFault({ target: 'visitors', kind: 'pass' });
      sim.injectFault({ target: 'visitors', kind: 'status', status: 500 });
      const run = await visitors({ 'page-size': '100', retries: '0' });
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expect(run.outputs['visitors-csv']).toBe('');
      expect(run.outputs['visitors-json']).toBe('');
      expect(readdirSync(join(run.workDir, 'visitors'))).toEqual([]);
      expect(run.summary).toContain('No files were written.');
    });

    it('a page that repeats rows of the page before it while more remain ends the read there: each path once, one warning', async () => {
      // The first page has nothing before it to repeat; page two repeats 3 rows of it, so it brings 247 new of the 250 asked for.
      sim.injectFault({ target: 'visitors', kind: 'duplicate-rows', times: 3 });
      const run = await visitors({ 'page-size': '250' });
      expect(run.code).toBe(0);
      const csv = readCsv(run.outputs['visitors-csv']!);
      expect(new Set(csv.map((row) => row.path)).size).toBe(csv.length);
      expect(csv).toHaveLength(497);
      expect(run.outputs['visitors-rows']).toBe('497');
      expect(sim.requests).toHaveLength(2);
      expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([
        '::warning::The API stopped advancing on GET /v1/analytics/{projectId}/visitors: the page at offset 250 said more remain but brought 247 rows not already seen of the 250 it asked for. Paging stopped there; going on with the 497 rows read.',
      ]);
    });

    it('a server that never advances ends the read with one warning naming the endpoint, and the step goes on with what it has', async () => {
      sim.injectFault({ target: 'visitors', kind: 'never-advances', times: Infinity });
      const run = await visitors({ 'page-size': '100', concurrency: '3', timeout: '10s' });
      expect(run.code, run.stdout.slice(-2_000)).toBe(0);
      expect(run.outputs.outcome).toBe('exported');
      // The first page brings 100 rows, the second none new: two pages needed, plus one per concurrent page.
      expect(sim.requests.length).toBeLessThanOrEqual(2 + 3);
      expect(run.outputs.requests).toBe(String(sim.requests.length));
      const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'));
      expect(warnings).toEqual([expect.stringMatching(/^::warning::The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors: /)]);
      expect(run.outputs['visitors-rows']).toBe('100');
      const csv = readCsv(run.outputs['visitors-csv']!);
      expect(csv.map((row) => row.path)).toEqual([...new Set(csv.map((row) => row.path))]);
      expect(csv).toHaveLength(100);
      expect(readJson(run.outputs['visitors-json']!).rows).toHaveLength(100);
      expect(run.summary).toContain('The API stopped advancing');
    });

    it('a dry run sends nothing', async () => {
      const run = await visitors({ 'dry-run': 'true' });
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('dry-run');
      expect(sim.requests).toHaveLength(0);
      expect(run.outputs.requests).toBe('0');
      expect(run.summary).toContain('Dry run');
    });

    it('says once that no artifact service is reachable, and goes on', async () => {
      const run = await visitors({ 'max-rows': '10' });
      expect(run.code).toBe(0);
      expect(run.stdout.match(/::notice::Visitor files not uploaded as an artifact/g)).toHaveLength(1);
      expect(run.outputs['artifact-id']).toBe('');
    });
  });

  describe('the summary', () => {
    it('names the range in words, the totals with the AI share, and the busiest pages first', async () => {
      const run = await visitors({ 'summary-rows': '5' });
      const truth = expectedVisitors(DATASET, RANGE);
      expect(run.summary).toContain('**7 days: 2026-11-14 to 2026-11-20**');
      // One decimal always, so every share and change reads in the same format.
      const share = ((truth.totals.ai / truth.totals.total) * 100).toFixed(1);
      expect(run.summary).toContain(
        `| Unique visitors | ${truth.totals.human.toLocaleString('en-US')} | ${truth.totals.ai.toLocaleString('en-US')} | ${truth.totals.total.toLocaleString('en-US')} | ${share}% |`,
      );
      const busiest = [...truth.rows.entries()].sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
      const pages = renderedTables(run.summary)[1]!.slice(1);
      expect(pages.map(([path]) => path)).toEqual(busiest.map(([path]) => path));
      expect(run.summary).toContain('Every row (1,234 pages) is in');
    });
  });

  describe('compare-previous', () => {
    it('shows each page’s change against the previous period of the same length', async () => {
      const dataset: AnalyticsOptions = { paths: 300, seed: 9, today: '2026-11-20' };
      await withSimulator({ analytics: dataset }, async (server) => {
        const run = await visitors({ 'compare-previous': 'true', 'summary-rows': '300' }, server);
        expect(run.code).toBe(0);
        // Shares and changes in one number format: one decimal, always.
        const percentages = [...run.summary.matchAll(/[-+]?[\d,.]+%/g)].map((match) => match[0]);
        expect(percentages.length).toBeGreaterThan(300);
        for (const text of percentages) expect(text).toMatch(/^[-+]?\d{1,3}(,\d{3})*\.\d%$/);
        const current = expectedVisitors(dataset, RANGE);
        const previous = expectedVisitors(dataset, { dateFrom: '2026-11-07', dateTo: '2026-11-14' });
        expect(server.requests.filter((r) => r.query.dateFrom === '2026-11-07' && r.query.dateTo === '2026-11-14').length).toBeGreaterThan(0);
        const csv = readCsv(run.outputs['visitors-csv']!);
        expect(csv).toHaveLength(current.rows.size);
        let newPages = 0;
        for (const row of csv) {
          const before = previous.rows.get(row.path);
          if (!before) {
            newPages += 1;
            expect(row.new).toBe('true');
            expect(row.previous_total).toBe('');
            continue;
          }
          expect(row.new).toBe('false');
          expect(Number(row.previous_total)).toBe(before.total);
          expect(Number(row.total_change)).toBe(current.rows.get(row.path)!.total - before.total);
          if (before.total > 0) {
            expect(Number(row.total_change_pct)).toBeCloseTo(((current.rows.get(row.path)!.total - before.total) / before.total) * 100, 1);
          }
        }
        expect(newPages).toBeGreaterThan(0);
        const json = readJson(run.outputs['visitors-json']!);
        expect(json.previous!.totals).toEqual(previous.totals);
        const change = current.totals.total - previous.totals.total;
        expect(run.summary).toContain(`| Change | `);
        expect(run.summary).toContain(`${change > 0 ? '+' : ''}${change.toLocaleString('en-US')} (`);
        expect(run.summary).toContain('🆕 new');
        expect(run.summary).toContain('Compared with the previous period, 7 days: 2026-11-07 to 2026-11-13.');
      });
    });
  });

  describe('files from hostile data', () => {
    it('CSV cells round-trip through a CSV parser, formulas made inert', async () => {
      const hostile = ['/a,b', '/say "hi"', '/line\nbreak', '=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '/plain', '|<script>`'];
      await withSimulator({ analytics: { paths: hostile.length, today: '2026-10-01', pathNames: (i) => hostile[i]! } }, async (server) => {
        const run = await visitors({}, server);
        const csv = readCsv(run.outputs['visitors-csv']!);
        const inert = (path: string) => (/^[=+\-@]/.test(path) ? `'${path}` : path);
        expect(csv.map((row) => row.path).sort()).toEqual(hostile.map(inert).sort());
        const json = readJson(run.outputs['visitors-json']!);
        expect(json.rows.map((row) => row.path).sort()).toEqual([...hostile].sort());
        // Rendered as GitHub renders it: every row of the pages table keeps its five cells, no path
        // adds a column, becomes markup or a link, and each shows as written.
        expectRendersAsGitHubShould(run.summary, {
          tables: [
            { rows: 2, columns: 5 },
            { rows: hostile.length + 1, columns: 5 },
          ],
        });
        const pages = renderedTables(run.summary)[1]!
          .slice(1)
          .map(([path]) => path);
        expect(pages.sort()).toEqual(hostile.map((path) => path.replace(/\n/g, ' ')).sort());
      });
    });

    it('200,000 rows: complete files and a summary under 1 MiB', async () => {
      const dataset: AnalyticsOptions = { paths: 200_000, today: '2026-10-01' };
      await withSimulator({ analytics: dataset }, async (server) => {
        // 800 requests and two files of 200,000 rows: on a busy machine more than the hang watchdog's
        // 15 s, so this run is given most of the test's own time before it counts as hung.
        const run = await visitors({ 'summary-rows': '1000' }, server, 0, 110_000);
        expect(run.code).toBe(0);
        expect(run.outputs['visitors-rows']).toBe('200000');
        expect(run.outputs.requests).toBe('800');
        const csvLines = readFileSync(run.outputs['visitors-csv']!, 'utf8').trimEnd().split('\r\n');
        expect(csvLines).toHaveLength(200_001);
        expect(readJson(run.outputs['visitors-json']!).rows).toHaveLength(200_000);
        expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
      });
    }, 120_000);
  });
});
