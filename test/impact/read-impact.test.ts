/**
 * readImpact (src/impact/read-impact.ts) against the API simulator and the fake GitHub, over real
 * HTTP with fake time: a documentation PR's changed files at its head, the site configurations
 * found in its tree (docs.json, the older mint.json, in a subfolder, several), the pages they make,
 * joined with the simulator's visitors and feedback over the last 28 days. What it costs is
 * counted request by request: the visitors read ends once every changed page has been seen,
 * feedback is one request. What the configuration or the pager gets wrong is one warning and the
 * rest goes on; what cannot be read throws (the phase makes it one warning: see
 * test/steps/agent/impact.test.ts). And `losingReaders` and its warning.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { createGitHubApi } from '../../src/github/octokit.js';
import { IMPACT_DAYS, losingReaders, losingReadersWarning, readImpact, type ImpactRow, type ReaderImpact } from '../../src/impact/read-impact.js';
import { expectedVisitors, startSimulator, type AnalyticsOptions, type Simulator } from '../simulator/index.js';
import { startFakeGitHub, type FakeBlob, type FakeFile, type FakeGitHub, type FakeRepository } from '../support/fake-github.js';
import { FakeTime, recordingLogger, seededRandom, type RecordingLogger } from '../support/fake-time.js';
import { shaOf } from '../support/github-objects.js';
import { runnerCommands } from '../support/runner-log.js';

const DOCS = 'acme-sim/docs';
const TOKEN = 'ghs_docsReadToken42';
const PR = 7;
const SECTIONS = ['guides', 'api-reference', 'concepts', 'integrations', 'changelog'];
/** The site's pages on the analytics side: `/guides/page-0`, `/api-reference/page-1`, …; page 600 is the root. */
const pathName = (index: number): string => (index === 600 ? '/' : `/${SECTIONS[index % SECTIONS.length]}/page-${index}`);
const ANALYTICS: AnalyticsOptions = {
  paths: 601,
  today: '2026-11-22',
  pathNames: pathName,
  feedback: [
    { path: '/guides/page-0', thumbsUp: 3, thumbsDown: 9 },
    { path: '/concepts/page-2', thumbsUp: 0, thumbsDown: 2 },
    { path: '/guides/page-5', thumbsUp: 1, thumbsDown: 4 },
    { path: '/elsewhere', thumbsUp: 0, thumbsDown: 40 },
  ],
};
/** The last 28 days to today, as the fake clock (2026-11-22 12:00 UTC) has them. */
const RANGE = { dateFrom: '2026-10-25', dateTo: '2026-11-22' };
/** What the API answers for the range: every row in answer order. */
const TRUTH = expectedVisitors(ANALYTICS, RANGE);
const ORDER = [...TRUTH.rows.keys()];
const PAGE_SIZE = 250;
const WHOLE_EXPORT = Math.ceil(ORDER.length / PAGE_SIZE);
/** The file of an analytics path under `docs/`: `/guides/page-3` → `docs/guides/page-3.mdx`, `/` → `docs/index.mdx`. */
const fileOf = (path: string, folder = 'docs'): string => `${folder}${path === '/' ? '/index' : path}.mdx`;

let sim: Simulator;
let github: FakeGitHub;
let docs: FakeRepository;
let time: FakeTime;
let heads = 0;

beforeAll(async () => {
  time = new FakeTime();
  sim = await startSimulator({ analytics: ANALYTICS, now: () => time.now() });
  // A request the simulator hangs ends at its request-timeout on the fake clock: one request at a time here.
  sim.onHang = () => time.runToNextTimer();
  github = await startFakeGitHub();
});
afterAll(async () => {
  await Promise.all([sim.close(), github.close()]);
});
beforeEach(() => {
  sim.resetLog();
  sim.clearFaults();
  github.requests.length = 0;
  github.clearFaults();
  github.repositories.clear();
  github.tokens.clear();
  github.treeEntriesMax = 100_000;
  docs = github.addRepository(DOCS, { private: true });
  github.tokens.set(TOKEN, { login: 'docs-reader[bot]', repositories: { [DOCS]: { pullRequests: 'read', contents: 'read' } } });
});
afterEach(async () => {
  expect(await github.takeViolations()).toEqual([]);
});

interface Measured {
  readonly impact: ReaderImpact | undefined;
  readonly error: Error | undefined;
  readonly log: RecordingLogger;
  readonly head: string;
}

/**
 * The documentation PR with these changed files, whose head holds these files, measured as the
 * phase measures it (the docs token, a page size of 250, ten minutes of deadline).
 */
async function measure(
  files: FakeFile[],
  tree: Record<string, FakeBlob>,
  options: { requestTimeoutMs?: number; retries?: number; githubRetries?: number; pageSize?: number } = {},
): Promise<Measured> {
  const head = shaOf(`head ${++heads}`);
  docs.files.set(head, tree);
  docs.pulls.set(PR, { title: 'Docs', state: 'open', draft: false, merged: false, headRef: 'docs/x', headSha: head, files });
  const log = recordingLogger();
  const deadline = time.now() + 600_000;
  const api = new ApiClient({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    projectId: 'proj_sim',
    requestTimeoutMs: options.requestTimeoutMs ?? 5_000,
    retries: options.retries ?? 2,
    userAgent: 'read-impact-test',
    logger: log,
    clock: time,
    sleep: time.sleep,
    startTimer: time.startTimer,
    random: seededRandom(3),
    deadline,
  });
  const client = await createGitHubApi({
    token: TOKEN,
    repo: { owner: 'acme-sim', repo: 'docs' },
    requestTimeoutMs: 5_000,
    deadline,
    signal: new AbortController().signal,
    clock: time,
    startTimer: time.startTimer,
    apiUrl: github.url,
    retries: options.githubRetries ?? 0,
    logger: log,
  });
  try {
    const impact = await readImpact({ repository: DOCS, number: PR }, head, {
      github: client,
      api,
      clock: time,
      logger: log,
      deadline,
      pageSize: options.pageSize ?? PAGE_SIZE,
    });
    return { impact, error: undefined, log, head };
  } catch (error) {
    return { impact: undefined, error: error as Error, log, head };
  } finally {
    await api.close();
  }
}

/** The changed file of a page, and the head's tree holding the configuration and every page changed. */
const modified = (path: string, folder = 'docs'): FakeFile => ({ filename: fileOf(path, folder), status: 'modified' });
function treeWith(files: readonly FakeFile[], config: Record<string, FakeBlob> = { 'docs/docs.json': '{"name": "Docs"}' }): Record<string, FakeBlob> {
  const tree: Record<string, FakeBlob> = {};
  for (const file of files) if (file.status !== 'removed') tree[file.filename] = `# ${file.filename}\n`;
  return { ...tree, ...config };
}

const visitorsRequests = () => sim.requests.filter((r) => r.endpoint === 'visitors');
const feedbackRequests = () => sim.requests.filter((r) => r.endpoint === 'feedback-by-page');
const calls = (call: string) => github.requests.filter((r) => r.call === call);
/** The counts the API gives a path over the range: none when it has no row. */
const countsOf = (path: string) => {
  const counts = TRUTH.rows.get(path);
  return { visitors: counts?.total ?? 0, human: counts?.human ?? 0, ai: counts?.ai ?? 0 };
};
/** The page at this position of the export's answer order. */
const at = (position: number): string => ORDER[position]!;

describe('the pages a documentation PR changes, at its head', () => {
  it('a docs.json in a subfolder: each page’s path, change, visitors and thumbs-down, busiest first; other files left out', async () => {
    const files: FakeFile[] = [
      { filename: 'docs/guides/page-0.mdx', status: 'modified' },
      { filename: 'docs/index.mdx', status: 'modified' },
      { filename: 'docs/concepts/page-12.mdx', status: 'renamed', previous_filename: 'docs/concepts/page-2.mdx' },
      { filename: 'docs/integrations/page-3.mdx', status: 'removed' },
      { filename: 'docs/guides/brand-new.mdx', status: 'added' },
      { filename: 'docs/images/diagram.png', status: 'added' },
      { filename: 'docs/docs.json', status: 'modified' },
      { filename: 'src/cli.ts', status: 'modified' },
      { filename: 'README.md', status: 'modified' },
    ];
    const { impact, log, head } = await measure(files, treeWith(files, { 'docs/docs.json': '{"name": "Docs"}', 'docs/images/diagram.png': { size: 2_000 } }));
    expect(log.messages('warning')).toEqual([]);
    const row = (path: string, change: ImpactRow['change'], thumbsDown: number, extra: Partial<ImpactRow> = {}, countedAt = path): ImpactRow => ({
      path,
      change,
      ...extra,
      ...countsOf(countedAt),
      thumbsDown,
      ...(change === 'removed' || change === 'renamed' ? { redirected: false } : {}),
    });
    const expected = [
      row('/guides/page-0', 'modified', 9),
      row('/', 'modified', 0),
      // A renamed page's readers (and thumbs-down) are counted at its old path.
      row('/concepts/page-12', 'renamed', 2, { previousPath: '/concepts/page-2' }, '/concepts/page-2'),
      row('/integrations/page-3', 'removed', 0),
      row('/guides/brand-new', 'added', 0),
    ].sort((a, b) => b.visitors! - a.visitors! || (a.path < b.path ? -1 : 1));
    expect(impact).toEqual({ head, rows: expected, requests: expect.any(Number) });
    // Every count as the API gave it, none of them zero but the new page's.
    expect(impact!.rows.filter((r) => r.visitors === 0).map((r) => r.path)).toEqual(['/guides/brand-new']);
    // Read at the head, with the token it was given: the tree once, the one configuration once.
    expect(calls('tree').map((r) => r.path)).toEqual([`/repos/${DOCS}/git/trees/${head}?recursive=true`]);
    expect(calls('file-content').map((r) => decodeURIComponent(r.path))).toEqual([`/repos/${DOCS}/contents/docs/docs.json?ref=${head}`]);
    expect(github.requests.every((r) => r.token === TOKEN)).toBe(true);
    // The last 28 days to today, 250 rows a page.
    expect(visitorsRequests()[0]!.query).toEqual({ ...RANGE, limit: '250', offset: '0' });
    expect(feedbackRequests().map((r) => r.query)).toEqual([{ ...RANGE, limit: '100' }]);
    expect(IMPACT_DAYS).toBe(28);
  });

  it('a docs.json at the root; `index` stands for its folder at any depth', async () => {
    const files = [
      { filename: 'index.mdx', status: 'modified' },
      { filename: 'guides/page-0.md', status: 'modified' },
      { filename: 'guides/page-5/index.mdx', status: 'modified' },
    ];
    const { impact } = await measure(files, treeWith(files, { 'docs.json': '{}' }));
    expect(impact!.rows.map((r) => [r.path, r.visitors])).toEqual(
      [
        ['/', countsOf('/').visitors],
        ['/guides/page-0', countsOf('/guides/page-0').visitors],
        ['/guides/page-5', countsOf('/guides/page-5').visitors],
      ].sort((a, b) => (b[1] as number) - (a[1] as number)),
    );
  });

  it('the older mint.json makes its folder a site too, its redirects counted', async () => {
    const files = [modified('/guides/page-0'), { filename: 'docs/concepts/page-2.mdx', status: 'removed' }];
    const { impact, log } = await measure(
      files,
      treeWith(files, { 'docs/mint.json': JSON.stringify({ name: 'Docs', redirects: [{ source: '/concepts/:slug*', destination: '/c' }] }) }),
    );
    expect(log.messages('warning')).toEqual([]);
    expect(impact!.rows.map((r) => [r.path, r.change, r.redirected])).toEqual(
      expect.arrayContaining([
        ['/guides/page-0', 'modified', undefined],
        ['/concepts/page-2', 'removed', true],
      ]),
    );
  });

  it('docs.json and mint.json in one folder: docs.json wins, and mint.json is not read', async () => {
    const files = [
      { filename: 'docs/guides/page-0.mdx', status: 'removed' },
      { filename: 'docs/concepts/page-2.mdx', status: 'removed' },
    ];
    const config = {
      'docs/docs.json': JSON.stringify({ redirects: [{ source: '/guides/page-0', destination: '/g' }] }),
      'docs/mint.json': JSON.stringify({ redirects: [{ source: '/concepts/page-2', destination: '/c' }] }),
    };
    const { impact } = await measure(files, treeWith(files, config));
    expect(Object.fromEntries(impact!.rows.map((r) => [r.path, r.redirected]))).toEqual({ '/guides/page-0': true, '/concepts/page-2': false });
    expect(calls('file-content').map((r) => decodeURIComponent(r.path).split('?')[0])).toEqual([`/repos/${DOCS}/contents/docs/docs.json`]);
  });

  it('a monorepo: each page under its nearest site, each site’s redirects for its own pages, and a site no file touches is not read', async () => {
    const files = [
      { filename: 'apps/web/docs/guides/page-0.mdx', status: 'removed' },
      { filename: 'apps/api/reference/page-1.mdx', status: 'removed' },
      { filename: 'apps/api/reference/v2/index.mdx', status: 'added' },
      { filename: 'apps/web/src/app.ts', status: 'modified' },
    ];
    const config = {
      'apps/web/docs/docs.json': JSON.stringify({ redirects: [{ source: '/guides/:slug*', destination: '/g' }] }),
      // The API site's configuration: mint.json, one folder up from its pages; its redirects
      // would redirect /guides/page-0 too, but that page is not its.
      'apps/api/mint.json': JSON.stringify({ redirects: [{ source: '/:slug*', destination: '/x' }] }),
      'apps/admin/docs.json': JSON.stringify({ redirects: [] }),
      'package.json': '{}',
    };
    const { impact } = await measure(files, treeWith(files, config));
    expect(impact!.rows.map(({ path, change, redirected }) => ({ path, change, redirected }))).toEqual(
      expect.arrayContaining([
        { path: '/guides/page-0', change: 'removed', redirected: true },
        { path: '/reference/page-1', change: 'removed', redirected: true },
        { path: '/reference/v2', change: 'added', redirected: undefined },
      ]),
    );
    expect(impact!.rows).toHaveLength(3);
    expect(
      calls('file-content')
        .map((r) => decodeURIComponent(r.path).split('?')[0])
        .sort(),
    ).toEqual([`/repos/${DOCS}/contents/apps/api/mint.json`, `/repos/${DOCS}/contents/apps/web/docs/docs.json`]);
  });

  it('300 sites of a monorepo, one page changed in each: no configuration read; a removed page reads its own site’s alone', async () => {
    const sites = Array.from({ length: 300 }, (_, index) => `packages/site-${index}/docs`);
    const files: FakeFile[] = sites.map((folder, index) => ({ filename: `${folder}/guides/page-${index}.mdx`, status: 'modified' }));
    const config = Object.fromEntries(sites.map((folder) => [`${folder}/docs.json`, '{"redirects": []}']));
    const { impact } = await measure(files, treeWith(files, config));
    expect(impact!.rows).toHaveLength(300);
    expect(calls('tree')).toHaveLength(1);
    expect(calls('file-content')).toEqual([]);

    github.requests.length = 0;
    const removing: FakeFile[] = [...files.slice(1), { filename: `${sites[0]}/guides/page-0.mdx`, status: 'removed' }];
    const again = await measure(removing, treeWith(removing, config));
    expect(again.impact!.rows.find((r) => r.change === 'removed')).toMatchObject({ path: '/guides/page-0', redirected: false });
    expect(calls('tree')).toHaveLength(1);
    expect(calls('file-content').map((r) => decodeURIComponent(r.path).split('?')[0])).toEqual([`/repos/${DOCS}/contents/${sites[0]}/docs.json`]);
  });

  it('redirects as docs.json writes them: exact, :slug*, :name and partial *; sources with a query or an anchor, and odd entries, redirect nothing', async () => {
    const removed = [
      '/guides/page-0',
      '/concepts/page-2',
      '/integrations/page-3',
      '/api-reference/page-1',
      '/guides/page-5',
      '/changelog/page-4',
      '/guides/page-10',
    ];
    const files = removed.map((path) => ({ filename: fileOf(path), status: 'removed' }));
    const redirects = [
      { source: '/guides/page-0/', destination: '/a' },
      { source: '/concepts/:slug*', destination: '/b' },
      { source: '/integrations/:page', destination: '/c' },
      { source: '/api-reference/page-*', destination: '/d' },
      { source: '/guides/page-5?from=old', destination: '/e' },
      { source: '/changelog/page-4#top', destination: '/f' },
      { source: 42, destination: '/g' },
      null,
      { source: '/guides/page-10' },
      'redirect everything',
    ];
    const { impact, log } = await measure(files, { 'docs/docs.json': JSON.stringify({ name: 'Docs', redirects }) });
    expect(log.messages('warning')).toEqual([]);
    expect(Object.fromEntries(impact!.rows.map((r) => [r.path, r.redirected]))).toEqual({
      '/guides/page-0': true,
      '/concepts/page-2': true,
      '/integrations/page-3': true,
      '/api-reference/page-1': true,
      '/guides/page-5': false,
      '/changelog/page-4': false,
      '/guides/page-10': false,
    });
    expect(losingReaders(impact!.rows).map((r) => r.path)).toEqual(
      impact!.rows.filter((r) => ['/guides/page-5', '/changelog/page-4', '/guides/page-10'].includes(r.path)).map((r) => r.path),
    );
  });

  it('a documentation PR that changes no page: nothing, and no analytics request', async () => {
    const files = [
      { filename: 'docs/docs.json', status: 'modified' },
      { filename: 'docs/images/a.png', status: 'added' },
      { filename: 'src/index.ts', status: 'modified' },
      { filename: 'guides/outside.mdx', status: 'modified' },
    ];
    const { impact, log, error } = await measure(
      files,
      treeWith(files, { 'docs/docs.json': '{}', 'docs/images/a.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) }),
    );
    expect(error).toBeUndefined();
    expect(impact).toMatchObject({ rows: [], requests: 0 });
    expect(log.messages('warning')).toEqual([]);
    expect(sim.requests).toEqual([]);
  });

  it('no docs.json or mint.json at the head: one warning, no page, one tree request, no configuration or analytics request', async () => {
    const files = [modified('/guides/page-0')];
    const { impact, error, log } = await measure(files, treeWith(files, { 'docs/openapi.json': '{}' }));
    expect(error).toBeUndefined();
    expect(log.messages('warning')).toEqual([
      'Documentation PR acme-sim/docs#7 has no docs.json or mint.json at its head commit: which of its files are pages of the site is not known, so what readers will see of it is not shown.',
    ]);
    expect(impact).toMatchObject({ rows: [], requests: 0 });
    expect(calls('tree')).toHaveLength(1);
    expect(calls('file-content')).toEqual([]);
    expect(sim.requests).toEqual([]);
  });

  it('3,000 changed files (GitHub’s most), 100 a page: every page among them found, 30 requests for the files', async () => {
    const pages = ORDER.slice(0, 40).filter((path) => path !== '/');
    const files: FakeFile[] = [
      ...pages.map((path) => modified(path)),
      ...Array.from({ length: 3_000 - pages.length }, (_, i) => ({ filename: `assets/img-${i}.png`, status: 'added' })),
      // Past GitHub's 3,000: not listed, so not seen.
      { filename: 'docs/guides/page-past-the-list.mdx', status: 'added' },
    ];
    const { impact, log } = await measure(files, treeWith(pages.map((path) => modified(path))));
    expect(log.messages('warning')).toEqual([]);
    expect(calls('pull-files')).toHaveLength(30);
    expect(impact!.rows.map((r) => r.path).sort()).toEqual([...pages].sort());
    expect(impact!.rows.every((r) => r.visitors === countsOf(r.path).visitors)).toBe(true);
    expect(visitorsRequests()).toHaveLength(1);
  });
});

describe('a configuration that cannot be read for its redirects: one warning, its folder still a site', () => {
  const files: FakeFile[] = [modified('/guides/page-0'), { filename: 'docs/concepts/page-2.mdx', status: 'removed' }];
  const cases: Array<[string, FakeBlob, RegExp]> = [
    ['not JSON', '{"name": "Docs", "redirects": [', /\(not JSON\)/],
    [
      'JSON with comments, as an editor may leave it',
      '{\n  // the site\n  "redirects": [{"source": "/concepts/page-2", "destination": "/c"}]\n}',
      /\(not JSON\)/,
    ],
    ['a binary file', { size: 4_096 }, /\(not JSON\)/],
    ['over 1 MB, which GitHub’s contents API does not give', { size: 1_200_000 }, /larger than the 1 MB the contents API gives/],
  ];
  it.each(cases)('%s', async (_, config, says) => {
    const { impact, log } = await measure(files, treeWith(files, { 'docs/docs.json': config }));
    const warnings = log.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The site configuration docs\/docs\.json of documentation PR acme-sim\/docs#7 could not be read /);
    expect(warnings[0]).toMatch(says);
    expect(warnings[0]).toContain('whether a page it removes keeps its readers is not known either');
    // Its redirects not known: the removed page is neither redirected nor not (null), and not said to lose its readers.
    expect(Object.fromEntries(impact!.rows.map((r) => [r.path, r.redirected]))).toEqual({ '/guides/page-0': undefined, '/concepts/page-2': null });
    expect(losingReaders(impact!.rows)).toEqual([]);
    expect(feedbackRequests()).toHaveLength(1);
  });

  it('just over 1,000,000 bytes, which GitHub still gives: read, its redirects counted', async () => {
    const config = `{"redirects": [{"source": "/concepts/page-2", "destination": "/c"}], "pad": "${'x'.repeat(1_000_100)}"}`;
    const { impact, log } = await measure(files, treeWith(files, { 'docs/docs.json': config }));
    expect(log.messages('warning')).toEqual([]);
    expect(impact!.rows.find((r) => r.change === 'removed')!.redirected).toBe(true);
  });

  it('JSON that is not an object (a list, a string, null): no redirects, and no warning', async () => {
    for (const config of ['[]', '"docs"', 'null', '42']) {
      const { impact, log } = await measure(files, treeWith(files, { 'docs/docs.json': config }));
      expect(log.messages('warning')).toEqual([]);
      expect(impact!.rows.find((r) => r.change === 'removed')!.redirected).toBe(false);
    }
  });

  it('a tree too large for GitHub to list whole: one warning, and the configurations past the cut are not seen', async () => {
    const changed = [modified('/guides/page-0')];
    // Listed in git's order: `a-assets/…` first, then `docs/`, whose docs.json falls past the cut.
    const tree = { ...treeWith(changed), 'a-assets/1.png': 'x', 'a-assets/2.png': 'y' };
    github.treeEntriesMax = 4;
    const { impact, log } = await measure(changed, tree);
    expect(log.messages('warning')).toEqual([
      'The tree of documentation PR acme-sim/docs#7 is too large for GitHub to list whole: the site configurations beyond it are not seen.',
    ]);
    expect(impact).toMatchObject({ rows: [], requests: 0 });
    expect(sim.requests).toEqual([]);
  });
});

describe('what the reading costs: the visitors read ends once every changed page has been seen', () => {
  it('pages early in the export: one visitors request, one feedback request', async () => {
    const files = [at(3), at(100), at(249)].map((path) => modified(path));
    const { impact } = await measure(files, treeWith(files));
    expect(visitorsRequests()).toHaveLength(1);
    expect(feedbackRequests()).toHaveLength(1);
    expect(impact!.requests).toBe(2);
  });

  it('a page on the third page of the export: three requests, not the whole export', async () => {
    expect(WHOLE_EXPORT).toBeGreaterThan(2);
    const files = [at(0), at(510)].map((path) => modified(path));
    const { impact } = await measure(files, treeWith(files));
    expect(visitorsRequests().map((r) => r.query.offset)).toEqual(['0', '250', '500']);
    expect(impact!.requests).toBe(4);
  });

  it('a new page (no readers yet) is not waited for: the read ends once the pages that had readers are seen', async () => {
    const files: FakeFile[] = [modified(at(0)), { filename: 'docs/guides/brand-new.mdx', status: 'added' }];
    const { impact, log } = await measure(files, treeWith(files));
    expect(log.messages('warning')).toEqual([]);
    expect(visitorsRequests()).toHaveLength(1);
    expect(feedbackRequests()).toHaveLength(1);
    expect(impact!.requests).toBe(2);
    expect(impact!.rows.find((r) => r.change === 'added')).toMatchObject({ visitors: 0, human: 0, ai: 0 });
  });

  it('only new pages: no visitors request (nothing to wait for), and the feedback', async () => {
    const files: FakeFile[] = [{ filename: 'docs/guides/brand-new.mdx', status: 'added' }];
    const { impact } = await measure(files, treeWith(files));
    expect(visitorsRequests()).toEqual([]);
    expect(feedbackRequests()).toHaveLength(1);
    expect(impact!.rows).toEqual([expect.objectContaining({ path: '/guides/brand-new', change: 'added', visitors: 0 })]);
  });

  it('for any pages changed: as many visitors requests as the pages of the export up to the last of them, and their counts as the API gives them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: ORDER.length - 1 }), { minLength: 1, maxLength: 6 }), async (positions) => {
        sim.resetLog();
        const files = positions.map((position) => modified(at(position)));
        const { impact } = await measure(files, treeWith(files));
        const last = Math.max(...positions);
        expect(visitorsRequests()).toHaveLength(Math.floor(last / PAGE_SIZE) + 1);
        expect(feedbackRequests()).toHaveLength(1);
        for (const row of impact!.rows)
          expect({ path: row.path, ...countsOf(row.path) }).toEqual({ path: row.path, visitors: row.visitors, human: row.human, ai: row.ai });
        // Busiest first, ties by path.
        const sorted = [...impact!.rows].sort((a, b) => b.visitors! - a.visitors! || (a.path < b.path ? -1 : 1));
        expect(impact!.rows).toEqual(sorted);
      }),
      { numRuns: 15 },
    );
  });
});

describe('within its budget whatever the server answers: at most 10 analytics requests a measurement', () => {
  it('a server that keeps sending new rows: 9 visitors requests and 1 feedback, the pages not reached not known', async () => {
    sim.injectFault({ target: 'visitors', kind: 'endless-rows', times: Infinity });
    const files = [modified(at(0)), modified(at(400)), { filename: 'docs/guides/brand-new.mdx', status: 'added' }];
    const { impact, log, error } = await measure(files, treeWith(files));
    expect(error).toBeUndefined();
    expect(visitorsRequests()).toHaveLength(9);
    expect(feedbackRequests()).toHaveLength(1);
    expect(impact!.requests).toBe(10);
    expect(impact!.rows.map(({ path, visitors }) => ({ path, visitors }))).toEqual([
      { path: '/guides/brand-new', visitors: 0 },
      ...[at(0), at(400)].sort().map((path) => ({ path, visitors: null })),
    ]);
    expect(log.messages('warning')).toEqual([]);
    expect(log.messages('info')).toContainEqual(
      'Reader impact read 2,250 rows of the visitors export, in the 9 requests it may spend on it: the changed pages not among them have readers not known.',
    );
  });

  it('an honest export larger than the cap: the pages read are known, those past the ninth page not', async () => {
    // Ten rows a page: the export's first 90 rows are all the read may see.
    const files = [modified(at(5)), modified(at(89)), modified(at(90)), modified(at(500))];
    const { impact } = await measure(files, treeWith(files), { pageSize: 10 });
    expect(visitorsRequests().map((r) => r.query.offset)).toEqual(['0', '10', '20', '30', '40', '50', '60', '70', '80']);
    const byPath = Object.fromEntries(impact!.rows.map((r) => [r.path, r.visitors]));
    expect(byPath).toEqual({ [at(5)]: countsOf(at(5)).visitors, [at(89)]: countsOf(at(89)).visitors, [at(90)]: null, [at(500)]: null });
    // Busiest first; the pages whose readers are not known after them.
    expect(impact!.rows.slice(2).map((r) => r.visitors)).toEqual([null, null]);
  });

  it('feedback that says more follow: the pages beyond its one answer have thumbs-down not known; those in it, and new ones, are known', async () => {
    sim.injectFault({
      target: 'feedback-by-page',
      kind: 'wrong-shape',
      body: { feedback: [{ path: at(0), thumbsUp: 1, thumbsDown: 3 }], hasMore: true },
    });
    const files = [modified(at(0)), modified(at(1)), { filename: 'docs/guides/brand-new.mdx', status: 'added' }];
    const { impact } = await measure(files, treeWith(files));
    expect(Object.fromEntries(impact!.rows.map((r) => [r.path, r.thumbsDown]))).toEqual({ [at(0)]: 3, [at(1)]: null, '/guides/brand-new': 0 });
  });

  it('feedback that lists every page: a page without a row had no thumbs-down', async () => {
    const files = [modified(at(0)), modified('/guides/page-0')];
    const { impact } = await measure(files, treeWith(files));
    const thumbs = Object.fromEntries(impact!.rows.map((r) => [r.path, r.thumbsDown]));
    expect(thumbs['/guides/page-0']).toBe(9);
    if (at(0) !== '/guides/page-0') expect(thumbs[at(0)]).toBe(ANALYTICS.feedback!.find((f) => f.path === at(0))?.thumbsDown ?? 0);
  });
});

describe('a pager that misbehaves: one warning, and what was read is shown', () => {
  // A page nobody read is waited for to the end of the export, where a lying pager shows.
  const newAndOld = (): FakeFile[] => [
    modified(at(0)),
    modified(at(300)),
    modified('/guides/never-read'),
    { filename: 'docs/guides/brand-new.mdx', status: 'added' },
  ];

  it('lies-more (hasMore: true past the end): the read ends at the short page, one warning', async () => {
    sim.injectFault({ target: 'visitors', kind: 'lies-more', times: Infinity });
    const files = newAndOld();
    const { impact, log } = await measure(files, treeWith(files));
    const warnings = log.messages('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors \(reader impact\): /);
    expect(visitorsRequests()).toHaveLength(WHOLE_EXPORT);
    expect(impact!.rows.find((r) => r.path === at(300))!.visitors).toBe(countsOf(at(300)).visitors);
  });

  it('shifting-rows (each page one row on from the last): the read ends at the first page that does not advance, one warning', async () => {
    sim.injectFault({ target: 'visitors', kind: 'shifting-rows', times: Infinity });
    const files = newAndOld();
    const { impact, log } = await measure(files, treeWith(files));
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/stopped advancing .* the page at offset 250 said more remain but brought 1 row not already seen of the 250 it asked for/),
    ]);
    expect(visitorsRequests()).toHaveLength(2);
    // What was read is shown: the first page's row counted; the one past the stall not known, never 0.
    const byPath = Object.fromEntries(impact!.rows.map((r) => [r.path, r.visitors]));
    expect(byPath[at(0)]).toBe(countsOf(at(0)).visitors);
    expect(byPath[at(300)]).toBeNull();
    expect(byPath['/guides/never-read']).toBeNull();
    // A page the PR adds had no readers, whatever the read reached.
    expect(byPath['/guides/brand-new']).toBe(0);
    expect(feedbackRequests()).toHaveLength(1);
  });

  it('a short page that says more remain: one warning, the read ends there', async () => {
    sim.injectFault({ target: 'visitors', kind: 'short-page', rows: 10 });
    const files = newAndOld();
    const { impact, log } = await measure(files, treeWith(files));
    expect(log.messages('warning')).toEqual([expect.stringMatching(/the page at offset 0 said more remain but brought 10 rows not already seen of the 250/)]);
    expect(visitorsRequests()).toHaveLength(1);
    expect(impact!.rows.find((r) => r.path === at(0))!.visitors).toBe(countsOf(at(0)).visitors);
  });

  it('the same rows repeated (data shifting while paging) are counted once, without a warning when the pages still advance', async () => {
    sim.injectFault({ target: 'visitors', kind: 'pass' });
    sim.injectFault({ target: 'visitors', kind: 'duplicate-rows' });
    const files = [modified(at(1)), modified(at(260))];
    const { impact } = await measure(files, treeWith(files));
    expect(impact!.rows.find((r) => r.path === at(260))!.visitors).toBe(countsOf(at(260)).visitors);
  });
});

describe('analytics that fail: one warning, and what they did not give is not known, never 0', () => {
  const files = [modified(at(0)), modified(at(400))];

  it.each([
    ['visitors', 429],
    ['visitors', 503],
  ] as const)('%s answering %i every time: visitors not known, the thumbs-down still read', async (target, status) => {
    sim.injectFault({ target, kind: 'status', status, retryAfter: '1', times: Infinity });
    const { impact, error, log } = await measure(files, treeWith(files));
    expect(error).toBeUndefined();
    expect(log.messages('warning')).toEqual([expect.stringMatching(new RegExp(`^The visitors of the changed pages could not all be read \\(.*${status}`))]);
    expect(impact!.rows.map((r) => [r.visitors, r.human, r.ai])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(impact!.rows.find((r) => r.path === '/guides/page-0')?.thumbsDown ?? 9).toBe(9);
    // The visitors read is held to its budget (a page it keeps, plus two); feedback asked once.
    expect(visitorsRequests().length).toBeLessThanOrEqual(2);
    expect(feedbackRequests()).toHaveLength(1);
  });

  it.each([429, 500])('feedback answering %i every time: thumbs-down not known, the visitors still shown', async (status) => {
    sim.injectFault({ target: 'feedback-by-page', kind: 'status', status, retryAfter: '1', times: Infinity });
    const { impact, error, log } = await measure(files, treeWith(files));
    expect(error).toBeUndefined();
    expect(log.messages('warning')).toEqual([expect.stringMatching(new RegExp(`^The thumbs-down of the changed pages could not be read \\(.*${status}`))]);
    expect(impact!.rows.map((r) => r.thumbsDown)).toEqual([null, null]);
    expect(impact!.rows.map((r) => r.visitors).sort()).toEqual([countsOf(at(0)).visitors, countsOf(at(400)).visitors].sort());
    // Its retries come out of the ten the measurement may spend.
    expect(feedbackRequests().length).toBeLessThanOrEqual(3);
    expect(visitorsRequests().length + feedbackRequests().length).toBeLessThanOrEqual(10);
  });

  it('a transient failure is retried, and nothing is said', async () => {
    sim.injectFault({ target: 'visitors', kind: 'status', status: 502 });
    sim.injectFault({ target: 'feedback-by-page', kind: 'status', status: 429, retryAfter: '2' });
    const { impact, error, log } = await measure(files, treeWith(files));
    expect(error).toBeUndefined();
    expect(log.messages('warning')).toEqual([]);
    expect(impact!.rows.map((r) => r.visitors).sort()).toEqual([countsOf(at(0)).visitors, countsOf(at(400)).visitors].sort());
  });

  it('a hang: each request ends at request-timeout, the read within its budget, its pages not known', async () => {
    sim.injectFault({ target: 'visitors', kind: 'hang', times: Infinity });
    const { impact, log } = await measure(files, treeWith(files), { requestTimeoutMs: 30_000 });
    expect(log.messages('warning')).toHaveLength(1);
    expect(impact!.rows.map((r) => r.visitors)).toEqual([null, null]);
    expect(visitorsRequests().length).toBeLessThanOrEqual(2);
    expect(feedbackRequests()).toHaveLength(1);
  });

  it('an answer of another shape: its figures not known', async () => {
    sim.injectFault({ target: 'feedback-by-page', kind: 'wrong-shape', body: { feedback: 'none' }, times: Infinity });
    const { impact, log } = await measure(files, treeWith(files));
    expect(log.messages('warning')).toHaveLength(1);
    expect(impact!.rows.map((r) => r.thumbsDown)).toEqual([null, null]);
  });
});

describe('what GitHub cannot give throws, and nothing is read of the analytics', () => {
  // A removed page: its site's configuration is read for its redirects.
  const files: FakeFile[] = [modified(at(0)), { filename: fileOf(at(400)), status: 'removed' }];

  it.each([
    ['pull-files', 404],
    ['pull-files', 403],
    ['tree', 404],
    ['tree', 500],
    ['file-content', 403],
    ['file-content', 500],
  ] as const)('GitHub’s %s answering %i', async (call, status) => {
    github.injectFault({ call, kind: 'status', status, times: 5 });
    const { error } = await measure(files, treeWith(files));
    expect(error).toBeDefined();
    expect(sim.requests).toEqual([]);
  });

  it('a private documentation repository the token cannot see: 404 on its files, nothing read of the analytics', async () => {
    github.tokens.set(TOKEN, { login: 'docs-reader[bot]', repositories: {} });
    const { error } = await measure(files, treeWith(files));
    expect(error!.message).toMatch(/404/);
    expect(calls('pull-files')).toHaveLength(1);
    expect(sim.requests).toEqual([]);
  });
});

describe('losingReaders and its warning', () => {
  const row = (extra: Partial<ImpactRow>): ImpactRow => ({
    path: '/a',
    change: 'removed',
    visitors: 10,
    human: 8,
    ai: 3,
    thumbsDown: 0,
    redirected: false,
    ...extra,
  });

  it('a removed or renamed page that had readers and is not redirected; nothing else', () => {
    const rows = [
      row({ path: '/removed' }),
      row({ path: '/renamed', change: 'renamed', previousPath: '/old' }),
      row({ path: '/redirected', redirected: true }),
      row({ path: '/unread', visitors: 0, human: 0, ai: 0 }),
      row({ path: '/modified', change: 'modified', redirected: undefined }),
      row({ path: '/added', change: 'added', redirected: undefined }),
    ];
    expect(losingReaders(rows).map((r) => r.path)).toEqual(['/removed', '/renamed']);
  });

  it('names the page (its old path when moved), its readers, docs.json and what to do', () => {
    expect(losingReadersWarning('acme-sim/docs#7', row({ path: '/guides/install', visitors: 3_120 }))).toBe(
      "Documentation PR acme-sim/docs#7 removes the page /guides/install, read by 3,120 unique visitors in the last 28 days, and its docs.json does not redirect it: readers' links and bookmarks will break. Add a redirect from /guides/install in docs.json.",
    );
    expect(losingReadersWarning('acme-sim/docs#7', row({ path: '/v2/install', change: 'renamed', previousPath: '/install', visitors: 1 }))).toBe(
      "Documentation PR acme-sim/docs#7 moves to /v2/install the page /install, read by 1 unique visitor in the last 28 days, and its docs.json does not redirect it: readers' links and bookmarks will break. Add a redirect from /install in docs.json.",
    );
  });

  it('a hostile path stays on its line and issues no workflow command', () => {
    for (const path of ['/a\n::error::owned', '/a\r::set-output name=x::y', '/x\u2028::warning::w', '/::add-mask::secret', '/a%0A::error::b']) {
      const warning = losingReadersWarning('acme-sim/docs#7', row({ path, change: 'renamed', previousPath: path }));
      expect(warning).not.toMatch(/[\r\n\u2028\u2029]/);
      // As the runner reads the line the logger writes: `::warning::` and the text after it.
      expect(runnerCommands(`::warning::${warning}\n`).map((c) => c.name)).toEqual(['warning']);
    }
  });
});
