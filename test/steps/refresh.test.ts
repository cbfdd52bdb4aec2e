/**
 * `command: refresh` in process: the reader signals read from the simulator, the prompt aimed by
 * them, the job waited for in fake time and judged by fail-on as the agent step's is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReaderSignals } from '../../src/refresh/choose.js';
import { expectedVisitors, scripts, type AnalyticsOptions, type PageFeedback, type SearchTerm } from '../simulator/index.js';
import { startFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';

const RANGE = { 'date-from': '2026-11-14', 'date-to': '2026-11-21' };
const VISITOR_DATA = { paths: 300, seed: 3, today: '2026-10-01' };
const FEEDBACK: PageFeedback[] = [
  { path: '/guides/ok', thumbsUp: 9, thumbsDown: 0 },
  { path: '/api/limits', thumbsUp: 1, thumbsDown: 5 },
  { path: '/api/auth', thumbsUp: 4, thumbsDown: 5 },
  { path: '/guides/a', thumbsUp: 2, thumbsDown: 2 },
];
const SEARCHES: SearchTerm[] = [
  { searchQuery: 'rotate api key', hits: 90, topClickedPage: null },
  { searchQuery: 'quickstart', hits: 80, topClickedPage: '/quickstart' },
  { searchQuery: 'sso okta', hits: 40, topClickedPage: null },
  { searchQuery: 'saml', hits: 40, topClickedPage: null },
];

function busiest(count: number): Array<{ path: string; signal: 'visitors'; visitors: number }> {
  const { rows } = expectedVisitors(VISITOR_DATA, { dateFrom: RANGE['date-from'], dateTo: RANGE['date-to'] });
  return [...rows]
    .sort(([pathA, a], [pathB, b]) => b.total - a.total || (pathA < pathB ? -1 : 1))
    .slice(0, count)
    .map(([path, counts]) => ({ path, signal: 'visitors', visitors: counts.total }));
}

const signalsOf = (run: FlowResult): ReaderSignals => JSON.parse(run.outputs.signals!) as ReaderSignals;

describe('with signals to aim at', () => {
  let flows: Flows;
  beforeAll(async () => {
    const analytics: AnalyticsOptions = { ...VISITOR_DATA, feedback: FEEDBACK, searches: SEARCHES };
    flows = await startFlows({ simulator: { analytics, defaultJobScript: scripts.prAfter(1) } });
  });
  afterAll(async () => {
    await flows.close();
  });
  beforeEach(() => {
    flows.reset();
  });

  const refresh = (inputs: Record<string, string> = {}, options?: FlowOptions) => flows.run({ command: 'refresh', ...RANGE, ...inputs }, options);
  const promptSent = (): string => (flows.sim.requests.find((r) => r.endpoint === 'create')!.body as { prompt: string }).prompt;

  it('reads the three signals, sends one create whose prompt names the chosen pages and terms, and outputs them', async () => {
    const run = await refresh({ 'refresh-pages': '2', 'refresh-searches': '2' });
    expect(run.failures).toEqual([]);
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(signalsOf(run)).toEqual({
      pages: [
        ...busiest(2),
        { path: '/api/limits', signal: 'feedback', thumbsUp: 1, thumbsDown: 5 },
        { path: '/api/auth', signal: 'feedback', thumbsUp: 4, thumbsDown: 5 },
      ],
      searches: [
        { query: 'rotate api key', hits: 90 },
        { query: 'saml', hits: 40 },
      ],
    });
    expect(flows.sim.requests.map((r) => r.endpoint)).toEqual(['visitors', 'visitors', 'feedback-by-page', 'searches', 'create', 'get']);
    expect(run.outputs.requests).toBe('6');
    expect(run.log.messages('info')).toEqual(
      expect.arrayContaining([
        'Signal visitors: 300 rows read, 2 chosen.',
        'Signal feedback: 4 rows read, 2 chosen.',
        'Signal searches: 4 rows read, 2 chosen.',
      ]),
    );

    const prompt = promptSent();
    expect(prompt).toMatch(/^Improve the documentation where readers need it most/);
    for (const page of signalsOf(run).pages) expect(prompt.split('\n').some((line) => line.startsWith(`- ${page.path} (`))).toBe(true);
    expect(prompt).toContain('- /api/limits (5 thumbs-down, 1 thumbs-up)');
    expect(prompt).toContain('"rotate api key" (90 searches)');
    expect(prompt).toContain('"saml" (40 searches)');
    expect(prompt).not.toContain('sso okta');
    expect(prompt).not.toContain('quickstart');
    expect(run.log.blocks.map((block) => block.text)).toEqual([prompt]);
    expect(run.summary.indexOf('### Pages readers use most')).toBeLessThan(run.summary.indexOf('## Documentation agent'));
  });

  it('a given prompt heads the prompt in place of the built-in instruction', async () => {
    await refresh({ prompt: 'Focus on the API reference only.', 'refresh-signals': 'feedback' });
    expect(flows.sim.requests.map((r) => r.endpoint)).toEqual(['feedback-by-page', 'create', 'get']);
    expect(promptSent()).toMatch(/^Focus on the API reference only\.\n/);
  });

  it('judges the job by fail-on as the agent step does: failed fails by default, and not when left out', async () => {
    flows.sim.queueJobScripts(scripts.failAfter(1));
    const run = await refresh({ 'refresh-signals': 'searches' });
    const id = run.outputs['job-id']!;
    expect(run.outputs.outcome).toBe('failed');
    expect(run.failures).toEqual([
      `Outcome "failed" is listed in fail-on (failed,timed-out): the API reports job ${id} as failed and gives no reason. To ask why, report the job ID ${id} to the documentation platform's support; to try again, run the step again for a new job.`,
    ]);
    flows.sim.queueJobScripts(scripts.failAfter(1));
    const tolerated = await refresh({ 'refresh-signals': 'searches', 'fail-on': 'timed-out' });
    expect(tolerated.outputs.outcome).toBe('failed');
    expect(tolerated.failures).toEqual([]);
  });

  it('visitors rows that shift by all but one a page cost two requests: the other signals are read and the job is created', async () => {
    flows.sim.injectFault({ target: 'visitors', kind: 'shifting-rows', times: Infinity });
    const run = await refresh({ 'page-size': '10', timeout: '30s' }, { requestMs: 200 });
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(flows.sim.requests.filter((r) => r.endpoint === 'visitors').length).toBeLessThanOrEqual(11 / 10 + 1 + 1);
    expect(flows.sim.requests.map((r) => r.endpoint)).toEqual(expect.arrayContaining(['feedback-by-page', 'searches', 'create']));
    expect(run.log.messages('warning')).toEqual([expect.stringMatching(/^The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors: /)]);
    expect(signalsOf(run).pages.filter((page) => page.signal === 'feedback').length).toBeGreaterThan(0);
    expect(signalsOf(run).searches.length).toBeGreaterThan(0);
  });

  it('a visitors read too slow for its share is cut there: feedback and searches keep theirs, and the job is created with them', async () => {
    // 30 pages at a second each; the step has 30 s, so the first of three signals has 10 s.
    const started = flows.time.now();
    const run = await refresh({ 'page-size': '10', timeout: '30s' }, { requestMs: 1_000 });
    expect(run.outputs.outcome).toBe('pr-opened');
    const visitorsAt = flows.sim.requests.filter((r) => r.endpoint === 'visitors').map((r) => r.at - started);
    // Each request arrives a second after it was sent: none was sent after the share ran out.
    expect(Math.max(...visitorsAt)).toBeLessThanOrEqual(10_000);
    expect(run.log.messages('warning')).toEqual([
      "The visitors signal was left out: its share of the step's timeout (10s) ran out (100 rows read in 10 pages when the timeout ran out; more remain)",
    ]);
    const signals = signalsOf(run);
    expect(signals.pages.length).toBeGreaterThan(0);
    expect(signals.pages.every((page) => page.signal === 'feedback')).toBe(true);
    expect(signals.searches.length).toBeGreaterThan(0);
    expect(flows.time.now() - started).toBeLessThanOrEqual(30_000 + 30_000);
  });

  it('cancelled while the signals are read: no job, and the line says nothing was sent', async () => {
    const run = await refresh({ 'page-size': '100' }, { onApiRequest: (flow) => flow.count === 2 && flow.cancel() });
    expect(run.outputs.outcome).toBe('cancelled');
    expect(run.failures).toEqual(['Cancelled before anything was sent to the agent; no job was created or messaged.']);
    expect(flows.sim.requests.some((r) => r.endpoint === 'create')).toBe(false);
  });
});

describe('with nothing to aim at', () => {
  let flows: Flows;
  beforeAll(async () => {
    const analytics: AnalyticsOptions = {
      paths: 0,
      today: '2026-10-01',
      feedback: [{ path: '/fine', thumbsUp: 3, thumbsDown: 0 }],
      searches: [{ searchQuery: 'found it', hits: 9, topClickedPage: '/a' }],
    };
    flows = await startFlows({ simulator: { analytics } });
  });
  afterAll(async () => {
    await flows.close();
  });

  it('skips with a notice and no job: outcome skipped, empty signals, the step passes', async () => {
    const run = await flows.run({ command: 'refresh', ...RANGE });
    expect(run.failures).toEqual([]);
    expect(run.outputs.outcome).toBe('skipped');
    expect(signalsOf(run)).toEqual({ pages: [], searches: [] });
    expect(flows.sim.requests.map((r) => r.endpoint)).toEqual(['visitors', 'feedback-by-page', 'searches']);
    expect(run.log.messages('notice')).toEqual([
      'No page and no search term qualified in 7 days: 2026-11-14 to 2026-11-20: nothing to aim a refresh at, so no job was created.',
    ]);
  });
});
