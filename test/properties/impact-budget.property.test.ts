/**
 * Reader impact within its budgets whatever the servers and the site answer (property): the
 * agent step on a pull request with `reader-impact` and `docs-status`, in process with fake time,
 * against a generated hostile analytics server (new rows for ever, lies in `hasMore`, pages that
 * do not advance, 429 storms with any `Retry-After`, hangs, feedback that says more follow) and a
 * generated documentation PR whose site configuration is hostile too (tens of thousands of
 * wildcard redirects, sources built to backtrack, sources with two `:slug*`, deep nesting, over
 * 1 MB, not JSON) and whose removed pages are many. Whatever they answer:
 *
 * - the analytics get at most 10 requests for the documentation PR's head, the visitors read at
 *   most 9 of them (retries included);
 * - GitHub gets one tree read and at most one read of the one configuration a removed page needs;
 * - a figure shown is the one the API gives for that page, or null (not known): never another
 *   number, never 0 for a page that had readers (where the server changes its rows while the read
 *   pages through them, what it said);
 * - the step ends within its `timeout` and the documented wrap-up (a request in flight, then the
 *   status and the comment, a `request-timeout` each), every output the contract lists set, and
 *   the `documentation` status written for the code PR's head, not left `pending`.
 *
 * Seeded: a failure prints the seed and the shrunk case to replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedVisitors, type Fault } from '../simulator/index.js';
import type { FakeBlob, FakeFile, FakeGitHub } from '../support/fake-github.js';
import { shaOf } from '../support/github-objects.js';
import { useFlows, type Flows } from '../support/in-process.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { addDocsRepository, BRANCH, CODE_PR, DOCS, DOCS_TOKEN, JOB_ON_BRANCH } from '../support/two-repositories.js';

const RUNS = 25;
const DOCS_PR = 7;
/** What a hang costs on the flow's clock (see budgets.property.test.ts). */
const REQUEST_TIMEOUT_MS = 100;
const ANALYTICS = { paths: 800, today: '2026-11-22', pathNames: (index: number) => `/guides/page-${index}` };
/** What the API gives each page over the last 28 days to today (2026-11-22 on the flows' clock). */
const TRUTH = expectedVisitors(ANALYTICS, { dateFrom: '2026-10-25', dateTo: '2026-11-22' }).rows;
const ORDER = [...TRUTH.keys()];

const sticky = fc.constantFrom(1, 3, Number.POSITIVE_INFINITY);
const statusFault = fc
  .tuple(fc.constantFrom(429, 429, 500, 503, 403), fc.constantFrom(undefined, '0', '1', '30', '3600'), sticky)
  .map(([status, retryAfter, times]): Fault => ({ kind: 'status', status, times, ...(retryAfter === undefined ? {} : { retryAfter }) }));
const visitorsFault: fc.Arbitrary<Fault> = fc.oneof(
  statusFault,
  fc.constant<Fault>({ kind: 'hang' }),
  fc.constant<Fault>({ kind: 'pass' }),
  sticky.map((times): Fault => ({ kind: 'endless-rows', times })),
  sticky.map((times): Fault => ({ kind: 'lies-more', times })),
  sticky.map((times): Fault => ({ kind: 'never-advances', times })),
  sticky.map((times): Fault => ({ kind: 'shifting-rows', times })),
);
const feedbackFault: fc.Arbitrary<Fault> = fc.oneof(
  statusFault,
  fc.constant<Fault>({ kind: 'hang' }),
  fc.constant<Fault>({ kind: 'pass' }),
  // Says more follow, and lists a page of its own choosing.
  fc.constant<Fault>({ kind: 'wrong-shape', body: { feedback: [{ path: '/guides/page-1', thumbsUp: 0, thumbsDown: 4 }], hasMore: true }, times: 3 }),
);

/** A removed page's path built to make a backtracking pattern work: a long run of one letter. */
const NEAR_MISS = `/guides/${'a'.repeat(200)}`;
/** The documentation PR's site configuration, hostile or not. */
const config: fc.Arbitrary<{ kind: string; text: FakeBlob }> = fc.oneof(
  fc.constant({ kind: 'honest', text: JSON.stringify({ redirects: [{ source: '/guides/page-3', destination: '/g' }] }) }),
  // Up to 18,000 (under the 1 MB GitHub gives): against 60 removed pages, past the 1,000,000 comparisons.
  fc.integer({ min: 1_000, max: 18_000 }).map((count) => ({
    kind: `${count} wildcard redirects`,
    text: JSON.stringify({ redirects: Array.from({ length: count }, (_, index) => ({ source: `/w-${index}/:slug*`, destination: '/x' })) }),
  })),
  fc.integer({ min: 10, max: 60 }).map((stars) => ({
    kind: `sources of ${stars} stars`,
    text: JSON.stringify({ redirects: Array.from({ length: 200 }, () => ({ source: `/guides/${'a*'.repeat(stars)}b`, destination: '/x' })) }),
  })),
  fc.constant({ kind: 'two :slug*', text: JSON.stringify({ redirects: [{ source: '/:a*/guides/:b*', destination: '/x' }] }) }),
  fc
    .integer({ min: 1_000, max: 100_000 })
    .map((depth) => ({ kind: `nested ${depth} deep`, text: `{"x": ${'['.repeat(depth)}${']'.repeat(depth)}, "redirects": []}` })),
  fc.constant({ kind: 'over 1 MB', text: JSON.stringify({ redirects: [], pad: 'x'.repeat(1_100_000) }) }),
  fc.constant({ kind: 'not JSON', text: '{"redirects": [' }),
);
const changes = fc.record({
  modified: fc.uniqueArray(fc.integer({ min: 0, max: ORDER.length - 1 }), { maxLength: 5 }),
  removed: fc.uniqueArray(fc.integer({ min: 0, max: ORDER.length - 1 }), { maxLength: 60 }),
  nearMiss: fc.boolean(),
  added: fc.boolean(),
});
const settings = fc.record({
  timeout: fc.constantFrom('1s', '5s', '20s', '2m'),
  retries: fc.constantFrom('0', '2', '10'),
});
const requestMs = fc.constantFrom(0, REQUEST_TIMEOUT_MS);

let flows: Flows;
let github: FakeGitHub;
let heads = 0;
// Each case resets the flows itself.
useFlows({ github: true, simulator: { defaultJobScript: JOB_ON_BRANCH, analytics: ANALYTICS } }, (started) => ({ flows, github } = started), {
  reset: false,
  checkGitHub: false,
});

const fileOf = (path: string): string => `docs${path}.mdx`;

describe('reader impact within its budgets, whatever the servers and the site answer (property)', () => {
  it('10 analytics requests a head, 9 for visitors; one tree and one configuration read; figures true or not known; ended in time, status written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(visitorsFault, { maxLength: 4 }),
        fc.array(feedbackFault, { maxLength: 3 }),
        config,
        changes,
        settings,
        requestMs,
        async (visitorsFaults, feedbackFaults, site, changed, common, took) => {
          flows.reset();
          flows.time.advance(61_000);
          const docs = addDocsRepository(github, 'read');
          const removed = changed.removed.filter((index) => !changed.modified.includes(index)).map((index) => ORDER[index]!);
          const files: FakeFile[] = [
            ...changed.modified.map((index) => ({ filename: fileOf(ORDER[index]!), status: 'modified' })),
            ...removed.map((path) => ({ filename: fileOf(path), status: 'removed' })),
            ...(changed.nearMiss ? [{ filename: fileOf(NEAR_MISS), status: 'removed' }] : []),
            ...(changed.added ? [{ filename: 'docs/guides/brand-new.mdx', status: 'added' }] : []),
          ];
          const head = shaOf(`impact property head ${++heads}`);
          const tree: Record<string, FakeBlob> = { 'docs/docs.json': site.text };
          for (const file of files) if (file.status !== 'removed') tree[file.filename] = '# page';
          docs.files.set(head, tree);
          docs.pulls.set(DOCS_PR, { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH, headSha: head, files });
          for (const fault of visitorsFaults) flows.sim.injectFault({ ...fault, target: 'visitors' });
          for (const fault of feedbackFaults) flows.sim.injectFault({ ...fault, target: 'feedback-by-page' });
          flows.sim.queuePrLinks(`https://github.com/${DOCS}/pull/${DOCS_PR}`);
          const codeHead = shaOf(`code head ${heads}`);
          const startedAt = flows.time.now();
          const run = await flows.run(
            {
              prompt: 'Document the retries flag',
              diff: 'false',
              'pr-comment': 'true',
              'reader-impact': 'true',
              'docs-status': 'written',
              'docs-token': DOCS_TOKEN,
              'request-timeout': `${REQUEST_TIMEOUT_MS}ms`,
              ...common,
            },
            { event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: codeHead }) }, requestMs: took },
          );
          const on = (endpoint: string) => flows.sim.requests.filter((request) => request.endpoint === endpoint);

          // The analytics: 10 a head at most, 9 of them for the visitors read.
          expect(on('visitors').length, site.kind).toBeLessThanOrEqual(9);
          expect(on('visitors').length + on('feedback-by-page').length).toBeLessThanOrEqual(10);
          // GitHub: one tree, and only the one configuration a removed page needs, once.
          const docsCalls = github.requests.filter((request) => request.path.startsWith(`/repos/${DOCS}/`)).map((request) => request.call);
          expect(docsCalls.filter((call) => call === 'tree').length).toBeLessThanOrEqual(1);
          expect(docsCalls.filter((call) => call === 'file-content').length).toBeLessThanOrEqual(removed.length + (changed.nearMiss ? 1 : 0) > 0 ? 1 : 0);

          // Every figure is the API's for that page, or not known. Where the server changes the rows
          // themselves (new ones for ever, shifted, repeated) it says another truth, which the action
          // cannot tell from the real one: a figure is then what it said, or not known.
          const honestRows = visitorsFaults.every((fault) => fault.kind === 'status' || fault.kind === 'hang' || fault.kind === 'pass');
          const output = run.outputs['reader-impact'];
          if (output) {
            for (const entry of JSON.parse(output) as Array<{ path: string; change: string; visitors: number | null; redirected: boolean | null }>) {
              const truth = TRUTH.get(entry.path)?.total;
              if (entry.change === 'added') expect(entry.visitors).toBe(0);
              else if (entry.visitors !== null && honestRows) expect(entry.visitors, entry.path).toBe(truth ?? 0);
              else if (entry.visitors !== null) expect([truth ?? 0, 0], entry.path).toContain(entry.visitors);
              if (entry.path === NEAR_MISS && site.kind.startsWith('sources of')) expect(entry.redirected).not.toBe(true);
            }
          }

          // Ended in time, with every output and the status written.
          const wrapUp = 3 * REQUEST_TIMEOUT_MS;
          expect(flows.time.now() - startedAt).toBeLessThanOrEqual(run.settings.timeoutMs + wrapUp);
          for (const name of ['outcome', 'status', 'job-id', 'reader-impact', 'docs-status-state', 'requests']) expect(run.outputs, name).toHaveProperty(name);
          expect(run.outputs.requests).toBe(String(flows.sim.requests.length));
          const statuses = github.statuses.filter((status) => status.sha === codeHead && status.context === 'documentation');
          expect(statuses.length, 'a documentation status').toBeGreaterThan(0);
          expect(statuses.at(-1)!.state).not.toBe('pending');
        },
      ),
      { numRuns: RUNS, seed: 20_261_127 },
    );
  }, 120_000);
});
