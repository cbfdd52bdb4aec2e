/**
 * `command: visitors` in process: the export against the simulator's dataset with fake time,
 * checked against the dataset's own ground truth; cancellation and the timeout leave no file.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectedVisitors, type AnalyticsOptions } from '../simulator/index.js';
import { withinLimits, type ArtifactUpload } from '../../src/visitors/artifact.js';
import { startFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';

const DATASET: AnalyticsOptions = { paths: 1234, seed: 5, today: '2026-10-01' };
const RANGE = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };
let flows: Flows;
let outputDir: string;

beforeAll(async () => {
  flows = await startFlows({ simulator: { analytics: DATASET } });
  outputDir = join(flows.runnerTemp, 'visitors');
});
afterAll(async () => {
  await flows.close();
});
beforeEach(() => {
  flows.reset();
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
    const json = JSON.parse(readFileSync(run.outputs['visitors-json']!, 'utf8')) as { totals: unknown; rows: unknown[]; requests: number; generatedAt: string };
    expect(json.totals).toEqual(truth.totals);
    expect(json.rows).toHaveLength(1234);
    expect(json.requests).toBe(5);
    // Written by the flow's clock: the fake one.
    expect(Date.parse(json.generatedAt)).toBe(flows.time.now());

    expect(run.uploads).toEqual([{ name: 'visitor-analytics', files: [run.outputs['visitors-csv'], run.outputs['visitors-json']], rootDirectory: outputDir }]);
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
