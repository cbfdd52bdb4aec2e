/**
 * The budgets hold for every server answer (property): a generated hostile server per route —
 * visitors, feedback by page, searches, the preview's trigger and its status — answering with any
 * status (429 with and without `Retry-After`, in seconds or as an HTTP date, 0, small or huge),
 * hanging past request-timeout, lying about `hasMore` and `nextCursor`, repeating, shifting or
 * cutting its rows short; and the real steps run against it in process with fake time
 * (`command: visitors`, `command: refresh` with `preview: true`, `command: agent` with
 * `preview: true`). Whatever it answers, every route stays within its budget, the step ends by its
 * deadline (the fake clock: `timeout` plus one request-timeout), and every output the contract
 * lists for the command is set. Seeded: a failure prints the seed and the shrunk server to replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fault, LoggedRequest, SearchTerm } from '../simulator/index.js';
import { scripts } from '../simulator/index.js';
import { useFlows, type FlowResult, type Flows } from '../support/in-process.js';

/** Runs per command: enough for the mixes below, few enough to keep the file at a few seconds. */
const RUNS = 70;
const RANGE = { 'date-from': '2026-11-14', 'date-to': '2026-11-21' };
/**
 * What a hang costs on the flow's clock (no wall time: test/support/request-timers.ts), and what
 * a slow request takes (`requestMs`) at most. An answered request never runs out of it, however
 * busy the machine: its limit runs only once the simulator holds it.
 */
const REQUEST_TIMEOUT_MS = 100;
const SEARCHES: SearchTerm[] = Array.from({ length: 250 }, (_, i) => ({ searchQuery: `q${i}`, hits: 1_000 - i, topClickedPage: i % 50 === 0 ? null : '/p' }));

/** The outputs the contract lists for each command. */
const AGENT_OUTPUTS = [
  'outcome',
  'job-id',
  'status',
  'pr-link',
  'timed-out',
  'model',
  'source-repository',
  'source-ref',
  'created-at',
  'archived-at',
  'job',
  'requests',
  'preview-url',
  'preview-status',
];
const OUTPUTS = {
  visitors: ['outcome', 'visitors-total', 'visitors-human', 'visitors-ai', 'visitors-rows', 'visitors-csv', 'visitors-json', 'artifact-id', 'requests'],
  agent: AGENT_OUTPUTS,
  refresh: [...AGENT_OUTPUTS, 'signals'],
} as const;

type Route = 'visitors' | 'feedback-by-page' | 'searches' | 'preview' | 'preview-status';
/** A fault as generated: a `Retry-After` date is given in seconds from the moment the run starts. */
type GeneratedFault = Fault | (Extract<Fault, { kind: 'status' }> & { retryAfterIn?: number });

const retryAfter = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 3, arbitrary: fc.constantFrom('0', '1', '4', '12', '30', '3600').map((value) => ({ retryAfter: value })) },
  { weight: 1, arbitrary: fc.constantFrom(-5, 3, 20, 7_200).map((seconds) => ({ retryAfterIn: seconds })) },
);
const statusFault: fc.Arbitrary<GeneratedFault> = fc
  .tuple(fc.constantFrom(400, 403, 404, 429, 429, 429, 500, 502, 503, 504), retryAfter, fc.constantFrom(1, 2, Number.POSITIVE_INFINITY))
  .map(([status, after, times]) => ({ kind: 'status', status, times, ...after }));
/** A hang costs a request-timeout of the flow's clock: one request at a time, never for good. */
const hang: fc.Arbitrary<GeneratedFault> = fc.constant({ kind: 'hang' });
const pass: fc.Arbitrary<GeneratedFault> = fc.constant({ kind: 'pass' });
const sticky = fc.constantFrom(1, 3, Number.POSITIVE_INFINITY);
const visitorsBody: fc.Arbitrary<GeneratedFault> = fc.oneof(
  sticky.map((times) => ({ kind: 'shifting-rows', times }) as const),
  fc.tuple(fc.integer({ min: 0, max: 3 }), sticky).map(([rows, times]) => ({ kind: 'short-page', rows, times }) as const),
  sticky.map((times) => ({ kind: 'lies-more', times }) as const),
  sticky.map((times) => ({ kind: 'duplicate-rows', times }) as const),
  sticky.map((times) => ({ kind: 'never-advances', times }) as const),
);
const searchesBody: fc.Arbitrary<GeneratedFault> = fc.oneof(
  sticky.map((times) => ({ kind: 'never-advances', times }) as const),
  sticky.map((times) => ({ kind: 'lies-more', times }) as const),
);

/** What one route answers, in order: its faults, then its honest answers. */
function routeFaults(...bodies: Array<fc.Arbitrary<GeneratedFault>>): fc.Arbitrary<GeneratedFault[]> {
  const one = fc.oneof(
    { weight: 4, arbitrary: statusFault },
    { weight: 1, arbitrary: hang },
    { weight: 2, arbitrary: pass },
    ...bodies.map((arbitrary) => ({ weight: 3, arbitrary })),
  );
  return fc.array(one, { maxLength: 4 });
}

const server = fc.record({
  visitors: routeFaults(visitorsBody),
  'feedback-by-page': routeFaults(),
  searches: routeFaults(searchesBody),
  preview: routeFaults(),
  'preview-status': routeFaults(),
});
type Server = { [route in Route]: GeneratedFault[] };

const common = fc.record({
  // A second is too short for the slowest read: the others must still get their share.
  timeout: fc.constantFrom('1s', '1s', '5s', '20s', '45s', '2m', '5m'),
  retries: fc.constantFrom('0', '1', '4', '10'),
});
/** How long each request takes on the flow's clock: none, or a whole request-timeout. */
const requestMs = fc.constantFrom(0, REQUEST_TIMEOUT_MS);
const paging = fc.record({
  'page-size': fc.constantFrom('1', '1', '3', '10', '25', '250'),
  concurrency: fc.constantFrom('1', '2', '4'),
  'max-rows': fc.constantFrom('0', '0', '7', '30'),
});

let flows: Flows;
// Each case resets the flows itself.
useFlows(
  {
    simulator: {
      analytics: {
        paths: 40,
        seed: 3,
        today: '2026-10-01',
        feedback: [
          { path: '/api/limits', thumbsUp: 1, thumbsDown: 5 },
          { path: '/guides/a', thumbsUp: 2, thumbsDown: 2 },
        ],
        searches: SEARCHES,
      },
      defaultJobScript: scripts.prAfter(1),
      defaultPreviewScript: { queuedMs: 5_000, buildMs: 20_000, result: 'success' },
    },
  },
  (started) => ({ flows } = started),
  { reset: false },
);

/** Runs the step against the server: faults queued per route, the clock a minute on (the organisation's preview limit starts afresh). */
async function runAgainst(serverFaults: Server, inputs: Record<string, string>, requestMs: number): Promise<{ run: FlowResult; startedAt: number }> {
  flows.reset();
  flows.time.advance(61_000);
  const startedAt = flows.time.now();
  for (const [route, faults] of Object.entries(serverFaults) as Array<[Route, GeneratedFault[]]>) {
    for (const fault of faults) {
      if ('retryAfterIn' in fault && fault.retryAfterIn !== undefined) {
        const { retryAfterIn, ...rest } = fault;
        flows.sim.injectFault({ ...rest, target: route, retryAfter: new Date(startedAt + retryAfterIn * 1000).toUTCString() });
      } else flows.sim.injectFault({ ...fault, target: route });
    }
  }
  const run = await flows.run({ ...inputs, 'request-timeout': `${REQUEST_TIMEOUT_MS}ms` }, { requestMs });
  return { run, startedAt };
}

const on = (route: Route): LoggedRequest[] => flows.sim.requests.filter((request) => request.endpoint === route);

/**
 * The rows a visitors read can have kept, at most: the distinct paths its answered pages brought
 * (each page's rows up to the limit it asked for), and no more than max-rows.
 */
function keptAtMost(requests: readonly LoggedRequest[], maxRows: number): number {
  const paths = new Set<string>();
  for (const request of requests) {
    if (request.status !== 200 || request.answered === undefined) continue;
    let body: unknown;
    try {
      body = JSON.parse(request.answered);
    } catch {
      continue;
    }
    const rows = (body as { visitors?: unknown }).visitors;
    if (!Array.isArray(rows)) continue;
    for (const row of rows.slice(0, Number(request.query.limit))) paths.add(String((row as { path?: unknown }).path));
  }
  return maxRows > 0 ? Math.min(maxRows, paths.size) : paths.size;
}

/** The visitors read's bound: (rows kept ÷ limit) + concurrency + 1 requests, retries included. */
function expectVisitorsRead(requests: readonly LoggedRequest[], kept: number, inputs: Record<string, string>): void {
  const bound = kept / Number(inputs['page-size']) + Number(inputs.concurrency) + 1;
  expect(requests.length, `visitors read: ${requests.length} requests for ${kept} rows kept`).toBeLessThanOrEqual(bound);
}

/** The preview's budgets: at most 3 triggers (once with retries: 0), and ⌈W / 10 s⌉ + 1 status reads for a wait of W. */
function expectPreview(retries: string): void {
  const triggers = on('preview');
  expect(triggers.length).toBeLessThanOrEqual(Math.min(3, Number(retries) + 1));
  const reads = on('preview-status');
  if (reads.length === 0) return;
  const waited = reads.at(-1)!.at - triggers.at(-1)!.at;
  expect(reads.length, `${reads.length} status reads in ${waited} ms`).toBeLessThanOrEqual(Math.ceil(waited / 10_000) + 1);
}

/**
 * The step ended by its deadline, and set every output the contract lists for the command. No
 * read ran out of budget: the stop rules end it first, and its budget is only the net below them.
 */
function expectEnded(run: FlowResult, startedAt: number, command: keyof typeof OUTPUTS): void {
  expect([...run.failures, ...run.log.lines.map((line) => line.message)].filter((line) => line.includes('was not sent:'))).toEqual([]);
  expect(flows.time.now() - startedAt).toBeLessThanOrEqual(run.settings.timeoutMs + REQUEST_TIMEOUT_MS);
  for (const name of OUTPUTS[command]) expect(run.outputs, name).toHaveProperty(name);
  expect(run.outputs.outcome).not.toBe('');
  expect(run.outputs.requests).toBe(String(flows.sim.requests.length));
  if (command !== 'visitors') expect(run.outputs['preview-status']).not.toBe('');
}

describe('every route within its budget, whatever the server answers (property)', () => {
  it('command: visitors — each read within (rows kept ÷ limit) + concurrency + 1 requests, one warning at most when it stops advancing', async () => {
    await fc.assert(
      fc.asyncProperty(server, common, paging, requestMs, fc.boolean(), async (faults, settings, pages, took, comparePrevious) => {
        const inputs = { command: 'visitors', ...RANGE, ...settings, ...pages, 'compare-previous': String(comparePrevious) };
        const { run, startedAt } = await runAgainst(faults, inputs, took);
        const visitors = on('visitors');
        const main = visitors.filter((request) => request.query.dateFrom === RANGE['date-from']);
        const exported = run.outputs.outcome === 'exported';
        expectVisitorsRead(main, exported ? Number(run.outputs['visitors-rows']) : keptAtMost(main, Number(pages['max-rows'])), inputs);
        const previous = visitors.filter((request) => request.query.dateFrom !== RANGE['date-from']);
        expectVisitorsRead(previous, keptAtMost(previous, 0), inputs);
        const stalls = run.log.messages('warning').filter((line) => line.startsWith('The API stopped advancing'));
        expect(stalls.length).toBeLessThanOrEqual(comparePrevious ? 2 : 1);
        expect(on('feedback-by-page').length + on('searches').length + on('preview').length).toBe(0);
        expectEnded(run, startedAt, 'visitors');
      }),
      { numRuns: RUNS, seed: 20_261_122 },
    );
  });

  it('command: refresh with preview — visitors within its bound, feedback 1, searches 5, trigger 3, status reads ⌈W/10⌉ + 1', async () => {
    await fc.assert(
      fc.asyncProperty(server, common, paging, requestMs, async (faults, settings, pages, took) => {
        const inputs = { command: 'refresh', ...RANGE, ...settings, ...pages, preview: 'true' };
        const { run, startedAt } = await runAgainst(faults, inputs, took);
        const read = /^Signal visitors: ([\d,]+) rows? read/.exec(run.log.messages('info').find((line) => line.startsWith('Signal visitors:')) ?? '');
        const visitors = on('visitors');
        expectVisitorsRead(visitors, read ? Number(read[1]!.replace(/,/g, '')) : keptAtMost(visitors, Number(pages['max-rows'])), inputs);
        expect(on('feedback-by-page').length).toBeLessThanOrEqual(1);
        expect(on('searches').length).toBeLessThanOrEqual(5);
        // Each signal has its share of the time: whatever the visitors read did, the others were asked.
        expect(on('feedback-by-page').length).toBe(1);
        expect(on('searches').length).toBeGreaterThanOrEqual(1);
        expectPreview(settings.retries);
        expectEnded(run, startedAt, 'refresh');
      }),
      { numRuns: RUNS, seed: 20_261_123 },
    );
  });

  it('command: agent with preview — trigger 3 (once with retries: 0), status reads ⌈W/10⌉ + 1', async () => {
    await fc.assert(
      fc.asyncProperty(server, common, requestMs, async (faults, settings, took) => {
        const { run, startedAt } = await runAgainst(faults, { prompt: 'Document the retries flag', ...settings, preview: 'true' }, took);
        expectPreview(settings.retries);
        expect(on('visitors').length + on('feedback-by-page').length + on('searches').length).toBe(0);
        expectEnded(run, startedAt, 'agent');
      }),
      { numRuns: RUNS, seed: 20_261_124 },
    );
  });
});
