/**
 * reader-impact in process: the agent step with the entry layer's report, against the API
 * simulator (its visitors and feedback) and the fake GitHub (a documentation repository with its
 * files at the documentation PR's head, and that PR's changed files), with fake time. What readers
 * will see is judged where readers see it: the pull-request comment and the summary, rendered as
 * GitHub renders them; the `reader-impact` output; the warnings; and what it cost, request by
 * request, on both sides. Measured once per head of the documentation PR. Every fault is one
 * warning, the outcome unchanged, the rest of the comment as it would be without reader-impact.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImpactRow } from '../../src/impact/read-impact.js';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { expectedVisitors, type JobScript } from '../simulator/index.js';
import type { FakeBlob, FakeFile, FakeGitHub, FakeRepository } from '../support/fake-github.js';
import { asRead, renderedTables, renderProblems, type RenderExpectations } from '../support/github-markdown.js';
import { shaOf } from '../support/github-objects.js';
import { startFlows, type FlowOptions, type FlowResult, type Flows } from '../support/in-process.js';
import { recordIn } from '../support/records.js';
import { runnerCommands } from '../support/runner-log.js';
import { pullRequestEvent } from '../support/webhook-events.js';

const DOCS = 'acme-sim/docs';
const DOCS_TOKEN = 'ghs_docsReadToken77';
const CODE_PR = 12;
const DOCS_PR = 7;
const DOCS_PR_URL = `https://github.com/${DOCS}/pull/${DOCS_PR}`;
const BRANCH = 'docs/retries';
/** A job that works on BRANCH and reports a documentation PR at its first poll. */
const JOB_ON_BRANCH: JobScript = [
  { status: 'active', polls: 1, ref: BRANCH },
  { status: 'completed', prLink: true },
];
const PREVIEW = 'https://acme-sim-docs-retries.mintlify.site';
const INPUTS = { 'pr-comment': 'true', 'reader-impact': 'true', 'docs-token': DOCS_TOKEN, diff: 'false', prompt: 'Document the retries flag' };

/** Page paths that mean something to Markdown, GitHub's filters, a URL or the runner; each has readers. */
const HOSTILE = [
  '/guides/<!-- hidden -->',
  '/guides/::error::owned',
  '/guides/a|b',
  '/guides/`tick`',
  '/guides/@octocat',
  '/guides/#12',
  '/guides/##[error]legacy',
  '/guides/[x](evil.example)',
  '/guides/<img src=x onerror=alert(1)>',
  '/guides/zero\u200bwidth',
  '/guides/%0A::warning::x',
  '/guides/**b**~~s~~',
  '/guides/www.evil.example',
  '/guides/?q=1#top',
];
const SECTIONS = ['guides', 'api-reference', 'concepts', 'integrations', 'changelog'];
const pathName = (index: number): string => HOSTILE[index] ?? `/${SECTIONS[index % SECTIONS.length]}/page-${index}`;
const ANALYTICS = {
  paths: 700,
  today: '2026-11-22',
  pathNames: pathName,
  feedback: [
    { path: '/guides/page-20', thumbsUp: 1, thumbsDown: 6 },
    { path: '/concepts/page-22', thumbsUp: 0, thumbsDown: 3 },
  ],
};

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
let heads = 0;
beforeAll(async () => {
  flows = await startFlows({ github: true, simulator: { defaultJobScript: JOB_ON_BRANCH, analytics: ANALYTICS } });
  github = flows.github!;
});
afterAll(async () => {
  await flows.close();
});
beforeEach(() => {
  flows.reset();
  // A minute past the previous test: the organisation's preview limit starts afresh.
  flows.time.advance(61_000);
  docs = github.addRepository(DOCS, { private: true });
  github.tokens.set(DOCS_TOKEN, { login: 'docs-reader[bot]', repositories: { [DOCS]: { pullRequests: 'read', contents: 'read' } } });
});
afterEach(async () => {
  expect(await github.takeViolations()).toEqual([]);
});

/** The file of a page under `docs/`. */
const fileOf = (path: string): string => `docs${path === '/' ? '/index' : path}.mdx`;
const page = (path: string, status = 'modified', previous?: string): FakeFile => ({
  filename: fileOf(path),
  status,
  ...(previous ? { previous_filename: fileOf(previous) } : {}),
});

/**
 * The documentation PR at a new head: its changed files, and the head's tree, which holds the
 * configuration and every file not removed.
 */
function docsPr(files: FakeFile[], config: Record<string, FakeBlob> = { 'docs/docs.json': '{"name": "Docs"}' }): string {
  const head = shaOf(`docs head ${++heads}`);
  const tree: Record<string, FakeBlob> = {};
  for (const file of files) if (file.status !== 'removed' && !/\.(png|jpg)$/.test(file.filename)) tree[file.filename] = `# ${file.filename}\n`;
  docs.files.set(head, { ...tree, ...config });
  docs.pulls.set(DOCS_PR, { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH, headSha: head, files });
  return head;
}

function run(inputs: Record<string, string> = {}, codeHead = 'e'.repeat(40), options: FlowOptions = {}): Promise<FlowResult> {
  flows.sim.queuePrLinks(DOCS_PR_URL);
  return flows.run({ ...INPUTS, ...inputs }, { ...options, event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: codeHead }) } });
}

const comment = (): string => github.comments.filter((c) => c.body.includes(COMMENT_MARKER) && c.user.login === 'github-actions[bot]').at(-1)!.body;
const analytics = () => flows.sim.requests.filter((r) => r.endpoint === 'visitors' || r.endpoint === 'feedback-by-page');
const visitors = () => flows.sim.requests.filter((r) => r.endpoint === 'visitors');
const feedback = () => flows.sim.requests.filter((r) => r.endpoint === 'feedback-by-page');
const docsCalls = () => github.requests.filter((r) => r.path.startsWith(`/repos/${DOCS}/`)).map((r) => r.call);
const impactOutput = (result: FlowResult): Array<Record<string, unknown>> => JSON.parse(result.outputs['reader-impact']!) as Array<Record<string, unknown>>;
/** The section's table: its rows as a reader sees them (the header row left out). */
function sectionRows(markdown: string): string[][] {
  const table = renderedTables(markdown).find((rows) => rows[0]?.[0] === 'Page');
  return table ? table.slice(1) : [];
}
/** A page's link into the preview, made here from its segments. */
const linkOf = (path: string): string =>
  `${PREVIEW}/${path
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .map(encodeURIComponent)
    .join('/')}`;
/** The counts the simulator gives a page over the last 28 days. */
function countsOf(path: string): { visitors: number; human: number; ai: number } {
  const found = impactCounts.get(path);
  if (!found) throw new Error(`no counts for ${path}`);
  return found;
}
/** What the API answers over the last 28 days to today (2026-11-22 on the flows' clock), in answer order. */
const impactCounts = new Map(
  [...expectedVisitors(ANALYTICS, { dateFrom: '2026-10-25', dateTo: '2026-11-22' }).rows].map(([path, counts]) => [
    path,
    { visitors: counts.total, human: counts.human, ai: counts.ai },
  ]),
);
const n = (count: number): string => count.toLocaleString('en-US');

/** Every log line is one line the runner takes for no workflow command. */
function expectQuietLog(result: FlowResult): void {
  for (const { message } of result.log.lines.filter((line) => line.level !== 'data')) {
    expect(message, 'a log line breaks').not.toMatch(/[\r\n\u2028\u2029]/);
    expect(runnerCommands(message), `a workflow command in ${JSON.stringify(message)}`).toEqual([]);
  }
}

describe('the section, the output and the warnings of a run', () => {
  it('busiest first, each linked into the ready preview (a removed page not), new and renamed pages said, a losing page marked and warned once', async () => {
    docsPr(
      [
        page('/guides/page-20'),
        page('/concepts/page-22'),
        page('/guides/page-25', 'renamed', '/integrations/page-23'),
        page('/guides/page-30', 'removed'),
        page('/guides/page-35', 'removed'),
        page('/guides/brand-new', 'added'),
        { filename: 'docs/images/flow.png', status: 'added' },
      ],
      { 'docs/docs.json': JSON.stringify({ name: 'Docs', redirects: [{ source: '/guides/page-35', destination: '/guides' }] }) },
    );
    const result = await run({ preview: 'true' });
    expect(result.failures).toEqual([]);
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success', 'preview-url': PREVIEW });

    const measured: ImpactRow[] = [
      { path: '/guides/page-20', change: 'modified', ...countsOf('/guides/page-20'), thumbsDown: 6, redirected: false },
      { path: '/concepts/page-22', change: 'modified', ...countsOf('/concepts/page-22'), thumbsDown: 3, redirected: false },
      {
        path: '/guides/page-25',
        change: 'renamed',
        previousPath: '/integrations/page-23',
        ...countsOf('/integrations/page-23'),
        thumbsDown: 0,
        redirected: false,
      },
      { path: '/guides/page-30', change: 'removed', ...countsOf('/guides/page-30'), thumbsDown: 0, redirected: false },
      { path: '/guides/page-35', change: 'removed', ...countsOf('/guides/page-35'), thumbsDown: 0, redirected: true },
      { path: '/guides/brand-new', change: 'added', visitors: 0, human: 0, ai: 0, thumbsDown: 0, redirected: false },
    ];
    const rows = measured.sort((a, b) => b.visitors! - a.visitors! || (a.path < b.path ? -1 : 1));
    // The output: the pages shown, busiest first, as JSON.
    expect(impactOutput(result)).toEqual(rows);

    // One warning per page that loses its readers, naming it and its readers.
    expect(result.log.messages('warning')).toEqual(
      rows
        .filter((r) => (r.change === 'removed' || r.change === 'renamed') && r.redirected === false)
        .map((r) =>
          r.change === 'removed'
            ? `Documentation PR acme-sim/docs#7 removes the page ${r.path}, read by ${n(r.visitors!)} unique visitors in the last 28 days, and its docs.json does not redirect it: readers' links and bookmarks will break. Add a redirect from ${r.path} in docs.json.`
            : `Documentation PR acme-sim/docs#7 moves to ${r.path} the page ${r.previousPath}, read by ${n(r.visitors!)} unique visitors in the last 28 days, and its docs.json does not redirect it: readers' links and bookmarks will break. Add a redirect from ${r.previousPath} in docs.json.`,
        ),
    );

    const changeText = (r: (typeof rows)[number]): string =>
      ({
        added: '🆕 new',
        modified: 'changed',
        removed: r.redirected ? 'removed (redirected)' : 'removed ⚠️ loses its readers: not redirected',
        renamed: 'renamed ⚠️ loses its readers: not redirected',
      })[r.change];
    const expectedRows = rows.map((r) => [
      r.previousPath ? `${r.path} (was ${r.previousPath})` : r.path,
      changeText(r),
      n(r.visitors!),
      n(r.human!),
      n(r.ai!),
      n(r.thumbsDown!),
    ]);
    const pageLinks = rows.filter((r) => r.change !== 'removed').map((r) => linkOf(r.path));
    const screenshot = `https://screenshots.mintlify.site/${flows.sim.deployments().at(-1)!.statusId}-light.png`;
    const shown: RenderExpectations = {
      images: [screenshot],
      literals: rows.map((r) => r.path),
    };
    for (const [markdown, level, links] of [
      [comment(), '####', [DOCS_PR_URL, PREVIEW, ...pageLinks]],
      [result.summary, '###', [DOCS_PR_URL, PREVIEW, 'https://github.com/acme-sim/docs', ...pageLinks]],
    ] as const) {
      expect(markdown).toContain(`${level} What readers will see\n`);
      expect(sectionRows(markdown)).toEqual(expectedRows);
      expect(markdown).toContain(`Read with ${visitors().length + 1} analytics requests.`);
      expect(renderProblems(markdown, { ...shown, links: [...links], imageAlt: 'Screenshot of the documentation preview' })).toEqual([]);
    }
    // After the preview, in the comment written once the job and the preview are done.
    expect(comment().indexOf('What readers will see')).toBeGreaterThan(comment().indexOf('Documentation preview'));
    expect(result.log.messages('info')).toContain(
      `What readers will see of documentation PR acme-sim/docs#7: 6 changed page(s), read with ${visitors().length + 1} analytics request(s).`,
    );
    // The requests output counts them too.
    expect(Number(result.outputs.requests)).toBe(flows.sim.requests.length);
    expectQuietLog(result);
  });

  it('without a preview, or with one that failed, each page is its path as code, unlinked', async () => {
    for (const inputs of [{}, { preview: 'true' }] as Array<Record<string, string>>) {
      flows.reset();
      flows.time.advance(61_000);
      docs = github.addRepository(DOCS, { private: true });
      github.tokens.set(DOCS_TOKEN, { login: 'docs-reader[bot]', repositories: { [DOCS]: { pullRequests: 'read', contents: 'read' } } });
      if (inputs.preview) flows.sim.queuePreviewScripts({ queuedMs: 0, buildMs: 5_000, result: 'failure' });
      docsPr([page('/guides/page-20'), page('/guides/new', 'added')]);
      const result = await run(inputs);
      expect(result.outputs.outcome).toBe('pr-opened');
      expect(sectionRows(comment()).map((r) => r[0])).toEqual(['/guides/page-20', '/guides/new']);
      // The only links: the documentation PR's (and in the summary the source repository's, and the preview's address).
      const previewUrl = result.outputs['preview-url'];
      expect(renderProblems(comment(), { links: [DOCS_PR_URL, ...(previewUrl ? [previewUrl] : [])] })).toEqual([]);
      expect(renderProblems(result.summary, { links: [DOCS_PR_URL, 'https://github.com/acme-sim/docs', ...(previewUrl ? [previewUrl] : [])] })).toEqual([]);
    }
  });

  it('at most 20 pages, busiest first, then how many more; the output holds the same 20', async () => {
    const paths = Array.from({ length: 26 }, (_, i) => `/guides/page-${100 + i * 5}`);
    docsPr(paths.map((path) => page(path)));
    const result = await run();
    const busiest = [...paths].sort((a, b) => countsOf(b).visitors - countsOf(a).visitors || (a < b ? -1 : 1));
    expect(sectionRows(comment()).map((r) => r[0])).toEqual(busiest.slice(0, 20));
    expect(comment()).toContain('… and 6 more changed pages.');
    expect(sectionRows(result.summary).map((r) => r[0])).toEqual(busiest.slice(0, 20));
    expect(result.summary).toContain('… and 6 more changed pages.');
    expect(impactOutput(result).map((r) => r.path)).toEqual(busiest.slice(0, 20));
    // The record keeps the 20 shown and how many more.
    const recorded = recordIn(comment(), CODE_PR)!.impact!;
    expect(recorded.pages.map((p) => p.path)).toEqual(busiest.slice(0, 20));
    expect(recorded.more).toBe(6);
    expect(renderProblems(comment(), { links: [DOCS_PR_URL] })).toEqual([]);
  });

  it('the output’s entries: {path, change, visitors, human, ai, thumbsDown, redirected}, `previousPath` on a renamed one', async () => {
    docsPr([page('/guides/page-20'), page('/guides/page-30', 'removed'), page('/guides/page-41', 'renamed', '/guides/page-40'), page('/guides/new', 'added')]);
    const result = await run();
    const keys = Object.fromEntries(impactOutput(result).map((r) => [r.path as string, Object.keys(r).sort()]));
    const base = ['ai', 'change', 'human', 'path', 'redirected', 'thumbsDown', 'visitors'];
    expect(keys).toEqual({
      '/guides/page-20': base,
      '/guides/new': base,
      '/guides/page-30': base,
      '/guides/page-41': [...base, 'previousPath'].sort(),
    });
  });

  // The contract (and action.yml) give every entry of the output `{path, change, visitors, human,
  // ai, thumbsDown, redirected}`: a page still served at its path has nothing redirected.
  it('every entry of the output carries `redirected`, as the contract lists it (an added or modified page: false)', async () => {
    docsPr([page('/guides/page-20'), page('/guides/new', 'added')]);
    const result = await run();
    for (const entry of impactOutput(result)) expect(entry).toHaveProperty('redirected', false);
  });

  it('a page that loses its readers gets a redirect: the next head says it redirected, and warns no more', async () => {
    docsPr([page('/guides/page-30', 'removed')]);
    const first = await run();
    expect(first.log.messages('warning')).toHaveLength(1);
    docsPr([page('/guides/page-30', 'removed')], { 'docs/docs.json': JSON.stringify({ redirects: [{ source: '/guides/:slug*', destination: '/guides' }] }) });
    const second = await run({}, 'f'.repeat(40));
    expect(second.log.messages('warning')).toEqual([]);
    expect(sectionRows(comment())[0]![1]).toBe('removed (redirected)');
  });

  it('the visitors read stops once every changed page is seen: pages early in the export cost one visitors request and one feedback request', async () => {
    const early = [...impactCounts.keys()].filter((path) => /^\/[a-z-]+\/page-\d+$/.test(path)).slice(0, 5);
    expect([...impactCounts.keys()].indexOf(early.at(-1)!)).toBeLessThan(250);
    docsPr(early.map((path) => page(path)));
    const result = await run();
    expect(visitors().map((r) => r.query)).toEqual([{ dateFrom: '2026-10-25', dateTo: '2026-11-22', limit: '250', offset: '0' }]);
    expect(feedback().map((r) => r.query)).toEqual([{ dateFrom: '2026-10-25', dateTo: '2026-11-22', limit: '100' }]);
    expect(comment()).toContain('Read with 2 analytics requests.');
    expect(impactOutput(result).map((r) => r.visitors)).toEqual(early.map((path) => countsOf(path).visitors).sort((a, b) => b - a));
  });

  // A page whose file is renamed without its path changing (`.md` to `.mdx`, `a.mdx` to
  // `a/index.mdx`), or removed and added again, keeps every link to it (see test/impact/pages.test.ts).
  it('a page whose path stays (its file renamed, or removed and added again) is not said to lose its readers', async () => {
    docsPr([
      { filename: 'docs/guides/page-20.mdx', status: 'renamed', previous_filename: 'docs/guides/page-20.md' },
      { filename: 'docs/concepts/page-22.md', status: 'removed' },
      { filename: 'docs/concepts/page-22/index.mdx', status: 'added' },
    ]);
    const result = await run();
    expect(result.log.messages('warning')).toEqual([]);
    expect(comment()).not.toContain('loses its readers');
  });

  it('a removed page nobody read loses no readers: neither marked nor warned', async () => {
    docsPr([page('/guides/never-read', 'removed')]);
    const result = await run();
    expect(result.log.messages('warning')).toEqual([]);
    expect(sectionRows(comment())).toEqual([['/guides/never-read', 'removed', '0', '0', '0', '0']]);
  });

  it('documentation in the workflow’s own repository: github-token reads it, no docs-token needed', async () => {
    flows.sim.setSourceRepository('https://github.com/acme/widgets');
    try {
      const head = shaOf('own repository head');
      github.files.set(head, { 'docs/docs.json': '{}', 'docs/guides/page-20.mdx': '# x' });
      github.pullStates.set(40, {
        title: 'Docs',
        state: 'open',
        draft: false,
        merged: false,
        headRef: BRANCH,
        headSha: head,
        files: [page('/guides/page-20')],
      });
      flows.sim.queuePrLinks('https://github.com/acme/widgets/pull/40');
      const result = await flows.run({ ...INPUTS, 'docs-token': '' }, { event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR) } });
      expect(result.log.messages('warning')).toEqual([]);
      expect(sectionRows(comment()).map((r) => r[0])).toEqual(['/guides/page-20']);
    } finally {
      flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
    }
  });

  it('not asked for, or nothing to show: no section; the output empty when asked for', async () => {
    docsPr([page('/guides/page-20')]);
    const off = await run({ 'reader-impact': 'false' });
    expect(off.outputs['reader-impact']).toBeUndefined();
    expect(comment()).not.toContain('What readers will see');
    expect(analytics()).toEqual([]);
    expect(docsCalls()).toEqual([]);

    flows.sim.queueJobScripts([{ status: 'completed', prLink: false }]);
    const noPr = await flows.run(INPUTS, { event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR) } });
    expect(noPr.outputs).toMatchObject({ outcome: 'no-pr', 'reader-impact': '' });
    expect(analytics()).toEqual([]);

    const dry = await run({ 'dry-run': 'true' });
    expect(dry.outputs['reader-impact']).toBe('');
    expect(analytics()).toEqual([]);
    expect(docsCalls()).toEqual([]);
  });
});

describe('measured once per documentation PR number, base and head', () => {
  const since = () => ({ github: github.requests.length, sim: flows.sim.requests.length });
  const docsCallsSince = (from: { github: number }) =>
    github.requests
      .slice(from.github)
      .filter((r) => r.path.startsWith(`/repos/${DOCS}/`))
      .map((r) => r.call);
  const analyticsSince = (from: { sim: number }) =>
    flows.sim.requests.slice(from.sim).filter((r) => r.endpoint === 'visitors' || r.endpoint === 'feedback-by-page');

  it('a later run for the same head shows the recorded pages and reads nothing; a new head is measured anew', async () => {
    const files = [page('/guides/page-20'), page('/guides/page-30', 'removed'), page('/guides/new', 'added')];
    const head = docsPr(files);
    const first = await run({ preview: 'true' });
    const firstRows = sectionRows(comment());
    expect(firstRows).toHaveLength(3);
    expect(recordIn(comment(), CODE_PR)!.impact!.head).toBe(head);

    flows.time.advance(61_000);
    const before = since();
    const second = await run({ preview: 'true' }, 'f'.repeat(40));
    expect(second.outputs.outcome).toBe('pr-opened');
    // Only the documentation PR itself, to learn its head: no files, tree, configuration or analytics.
    expect(docsCallsSince(before)).toEqual(['pull-request']);
    expect(analyticsSince(before)).toEqual([]);
    expect(sectionRows(comment())).toEqual(firstRows);
    expect(sectionRows(second.summary)).toEqual(firstRows);
    expect(comment()).toContain('Measured for this head commit by an earlier run: read from its record.');
    expect(comment()).not.toContain('analytics requests.');
    expect(second.outputs['reader-impact']).toBe(first.outputs['reader-impact']);
    expect(second.log.messages('info')).toContain(
      `What readers will see of documentation PR acme-sim/docs#7: measured for its head ${head} by an earlier run; not read again.`,
    );
    // Still linked into this run's preview.
    const screenshot = `https://screenshots.mintlify.site/${flows.sim.deployments().at(-1)!.statusId}-light.png`;
    expect(
      renderProblems(comment(), {
        links: [DOCS_PR_URL, PREVIEW, linkOf('/guides/page-20'), linkOf('/guides/new')],
        images: [screenshot],
        imageAlt: 'Screenshot of the documentation preview',
      }),
    ).toEqual([]);
    expect(recordIn(comment(), CODE_PR)!.impact!.head).toBe(head);

    // A new head: read again, and recorded.
    const newHead = docsPr([page('/guides/page-20'), page('/concepts/page-22', 'added')]);
    flows.time.advance(61_000);
    const later = since();
    const third = await run({}, 'd'.repeat(40));
    // No page goes away: no configuration is read.
    expect(docsCallsSince(later)).toEqual(['pull-request', 'pull-files', 'tree']);
    expect(analyticsSince(later).length).toBeGreaterThanOrEqual(2);
    expect(
      sectionRows(comment())
        .map((r) => r[0])
        .sort(),
    ).toEqual(['/concepts/page-22', '/guides/page-20']);
    expect(
      impactOutput(third)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/concepts/page-22', '/guides/page-20']);
    expect(recordIn(comment(), CODE_PR)!.impact!.head).toBe(newHead);
  });

  it('of more than 20 pages, a later run shows the 20 it recorded and how many more; its output holds those 20', async () => {
    const paths = Array.from({ length: 23 }, (_, i) => `/concepts/page-${102 + i * 5}`);
    docsPr(paths.map((path) => page(path)));
    await run();
    const shown = sectionRows(comment());
    const before = since();
    const second = await run({}, 'f'.repeat(40));
    expect(analyticsSince(before)).toEqual([]);
    expect(sectionRows(comment())).toEqual(shown);
    expect(comment()).toContain('… and 3 more changed pages.');
    expect(impactOutput(second).map((r) => r.path)).toEqual(shown.map((r) => r[0]));
  });

  it('a measurement GitHub failed is not recorded: the next run for the same head reads again', async () => {
    docsPr([page('/guides/page-20')]);
    github.injectFault({ call: 'tree', kind: 'status', status: 500, times: Infinity });
    const failed = await run();
    expect(failed.log.messages('warning')).toHaveLength(1);
    expect(recordIn(comment(), CODE_PR)!.impact).toBeUndefined();
    github.clearFaults();
    const before = since();
    await run({}, 'f'.repeat(40));
    expect(analyticsSince(before).filter((r) => r.endpoint === 'feedback-by-page')).toHaveLength(1);
    expect(analyticsSince(before).filter((r) => r.endpoint === 'visitors').length).toBeGreaterThan(0);
    expect(sectionRows(comment()).map((r) => r[0])).toEqual(['/guides/page-20']);
  });

  // The analytics budget is per documentation PR head: a measurement the analytics failed is kept,
  // its figures not known, and a later run for the same head spends nothing more on it.
  it('a measurement the analytics failed is kept, its figures not known: the next run for the same head spends no analytics request', async () => {
    docsPr([page('/guides/page-20')]);
    flows.sim.injectFault({ target: 'visitors', kind: 'status', status: 503, times: Infinity });
    const failed = await run();
    expect(failed.log.messages('warning')).toEqual([expect.stringMatching(/^The visitors of the changed pages could not all be read/)]);
    expect(recordIn(comment(), CODE_PR)!.impact!.pages).toEqual([expect.objectContaining({ path: '/guides/page-20', visitors: null, thumbsDown: 6 })]);
    expect(sectionRows(comment())).toEqual([['/guides/page-20', 'changed', '—', '—', '—', '6']]);
    expect(comment()).toContain('— not known: the reads did not reach it.');
    flows.sim.clearFaults();
    const before = since();
    const again = await run({}, 'f'.repeat(40));
    expect(analyticsSince(before)).toEqual([]);
    expect(again.outputs['reader-impact']).toBe(failed.outputs['reader-impact']);
    expect(JSON.parse(again.outputs['reader-impact']!)).toEqual([expect.objectContaining({ visitors: null, human: null, ai: null })]);
  });

  // A retargeted documentation PR (another base branch) changes other files: measured again.
  it('retargeted to another base branch, the same head is measured again', async () => {
    const head = docsPr([page('/guides/page-20')]);
    await run();
    expect(recordIn(comment(), CODE_PR)!.impact).toMatchObject({ number: DOCS_PR, base: 'main', head });
    docs.pulls.get(DOCS_PR)!.baseRef = 'release/2.0';
    docs.pulls.get(DOCS_PR)!.files = [page('/guides/page-20'), page('/guides/page-30', 'removed')];
    const before = since();
    await run({}, 'f'.repeat(40));
    expect(docsCallsSince(before)).toEqual(['pull-request', 'pull-files', 'tree', 'file-content']);
    expect(analyticsSince(before).length).toBeGreaterThanOrEqual(2);
    expect(recordIn(comment(), CODE_PR)!.impact).toMatchObject({ number: DOCS_PR, base: 'release/2.0', head });
    expect(
      sectionRows(comment())
        .map((r) => r[0])
        .sort(),
    ).toEqual(['/guides/page-20', '/guides/page-30']);
  });

  it('the same head, any number of runs: the same pages, the same output', async () => {
    const paths = Array.from({ length: 24 }, (_, i) => `/concepts/page-${102 + i * 5}`);
    docsPr(paths.map((path) => page(path)));
    const outputs: string[] = [];
    for (const codeHead of ['1', '2', '3'].map((digit) => digit.repeat(40))) outputs.push((await run({}, codeHead)).outputs['reader-impact']!);
    expect(JSON.parse(outputs[0]!)).toHaveLength(20);
    expect(new Set(outputs).size).toBe(1);
  });

  // Once per documentation PR head commit, a head whose files change no page of the site included:
  // a later run for it reads the documentation PR (its head) and nothing more.
  it('a head that changes no page is not read again by a later run', async () => {
    docsPr([
      { filename: 'docs/images/a.png', status: 'added' },
      { filename: 'docs/docs.json', status: 'modified' },
    ]);
    const first = await run();
    expect(first.log.messages('info')).toContain('Documentation PR acme-sim/docs#7 changes no page of the site: nothing to show of its readers.');
    expect(comment()).not.toContain('What readers will see');
    const before = since();
    const again = await run({}, 'f'.repeat(40));
    expect(docsCallsSince(before)).toEqual(['pull-request']);
    // Nothing to show from the record either: no section, the output empty.
    expect(comment()).not.toContain('What readers will see');
    expect(again.summary).not.toContain('What readers will see');
    expect(first.outputs['reader-impact']).toBe('');
    expect(again.outputs['reader-impact']).toBe('');
  });

  it('a head whose every page has a path longer than the record keeps: a later run says so again from the record, reading nothing', async () => {
    const long = (i: number): string => `/${Array.from({ length: 4 }, (_, k) => `part-${i}-${k}-${'y'.repeat(80)}`).join('/')}`;
    docsPr(Array.from({ length: 3 }, (_, i) => page(long(i))));
    const said = 'What readers will see\n\nThis documentation PR changes 3 pages, each with a path longer than 255 characters: not shown.';
    await run();
    expect(comment()).toContain(said);
    const before = since();
    const again = await run({}, 'f'.repeat(40));
    expect(docsCallsSince(before)).toEqual(['pull-request']);
    expect(analyticsSince(before)).toEqual([]);
    expect(comment()).toContain(said);
    expect(again.summary).toContain(said);
    expect(recordIn(comment(), CODE_PR)!.impact).toMatchObject({ pages: [], more: 3 });
  });
});

describe('faults: one warning, the outcome unchanged, the rest of the comment as it would be without reader-impact', () => {
  /** The comment and the summary without what differs from run to run (the job, the times, the request count) and without the section. */
  const withoutSection = (markdown: string): string => markdown.replace(/\n\n#{3,4} What readers will see\n[\s\S]*?\n(?:Read with|Measured for)[^\n]*\n/, '\n');
  const steady = (markdown: string): string =>
    withoutSection(markdown)
      .split('\n')
      .filter((line) => !/^\| (Job|Job ID|Updated|Created|Waited|API requests) \|/.test(line) && !line.startsWith('<!-- docs-agent-action:state '))
      .join('\n');

  /** The same run without reader-impact: the comment and the summary every fault must leave as they are. */
  async function baseline(): Promise<{ comment: string; summary: string }> {
    const result = await run({ 'reader-impact': 'false' }, 'a'.repeat(40));
    return { comment: steady(comment()), summary: steady(result.summary) };
  }

  async function faulty(
    setup: () => void,
    expected: {
      warning: RegExp | undefined;
      section: boolean;
      inputs?: Record<string, string>;
      losing?: readonly string[];
      /** The documentation PR's line the comment and the summary gain when the fault makes its link no documentation PR. */
      docsPrLine?: string;
    },
  ): Promise<FlowResult> {
    const before = await baseline();
    flows.sim.resetLog();
    github.requests.length = 0;
    setup();
    const result = await run(expected.inputs);
    expect(result.failures).toEqual([]);
    expect(result.outputs).toMatchObject({ outcome: 'pr-opened', status: 'completed', 'pr-link': DOCS_PR_URL });
    const warnings = result.log.messages('warning');
    // The fault's one warning, then one for each page said to lose its readers.
    const losing = expected.losing ?? [];
    if (expected.warning) {
      expect(warnings).toHaveLength(1 + losing.length);
      expect(warnings[0]).toMatch(expected.warning);
    } else expect(warnings).toHaveLength(losing.length);
    expect(warnings.slice(expected.warning ? 1 : 0).map((w) => /removes the page (\S+),/.exec(w)?.[1])).toEqual(losing);
    expect(comment().includes('What readers will see')).toBe(expected.section);
    expect(result.summary.includes('What readers will see')).toBe(expected.section);
    expect(result.outputs['reader-impact'] === '').toBe(!expected.section);
    // The rest of the comment as without reader-impact; a link the run could not take as the
    // documentation PR is shown as what it is, in the comment and the summary alike.
    const line = expected.docsPrLine;
    expect(steady(comment()).replace(line ? `\n${line}\n` : '\u0000', '')).toBe(before.comment);
    expect(steady(result.summary).replace(line ? `\n${line}\n` : '\u0000', '')).toBe(before.summary);
    if (line) {
      expect(comment()).toContain(line);
      expect(result.summary).toContain(line);
    }
    expect(renderProblems(comment(), { links: [DOCS_PR_URL] })).toEqual([]);
    expect(renderProblems(result.summary, { links: [DOCS_PR_URL, 'https://github.com/acme-sim/docs'] })).toEqual([]);
    // Within bound: the documentation PR, its files (100 a page), the tree, a configuration; the
    // visitors read within its budget; feedback with its retries.
    const calls = docsCalls();
    expect(calls.filter((c) => c === 'pull-request').length).toBeLessThanOrEqual(5);
    expect(calls.filter((c) => c === 'pull-files').length).toBeLessThanOrEqual(30 + 4);
    expect(calls.filter((c) => c === 'tree').length).toBeLessThanOrEqual(5);
    expect(calls.filter((c) => c === 'file-content').length).toBeLessThanOrEqual(5);
    expect(visitors().length).toBeLessThanOrEqual(Math.min(9, Math.ceil(impactCounts.size / 250) + 2));
    expect(visitors().length + feedback().length).toBeLessThanOrEqual(10);
    expectQuietLog(result);
    return result;
  }

  const couldNotRead = /^What readers will see of documentation PR acme-sim\/docs#7 could not be read: .* The comment goes on without it\.$/;
  const UNCHECKED_LINE =
    '**Documentation PR** `acme-sim/docs#7`: could not be checked on GitHub, so it does not pass the gate: the workflow run’s warning says why.';
  const PAGES = [page('/guides/page-20'), page('/concepts/page-22', 'removed'), page('/guides/new', 'added')];

  // The documentation PR itself is read once, by the decision of the run's documentation PR: what
  // it cannot read or find is no documentation PR, and reader impact measures nothing of it.
  const notTaken = /^(Could not read documentation PR acme-sim\/docs#7: .*|The job reports acme-sim\/docs#7, .*): it is not taken as the documentation PR.*$/;

  it('a documentation PR the token cannot see (404): not taken as the documentation PR, nothing read of the analytics', async () => {
    docsPr(PAGES);
    await faulty(() => github.tokens.set(DOCS_TOKEN, { login: 'docs-reader[bot]', repositories: {} }), {
      warning: notTaken,
      section: false,
      docsPrLine: '**Documentation PR** `acme-sim/docs#7`: not found: deleted, or the token cannot see its repository; not taken as the documentation PR.',
    });
    expect(analytics()).toEqual([]);
    expect(docsCalls()).toEqual(['pull-request']);
  });

  it.each(['pull-request', 'pull-files', 'tree', 'file-content'] as const)('GitHub refusing %s (403)', async (call) => {
    docsPr(PAGES);
    const result = await faulty(() => github.injectFault({ call, kind: 'status', status: 403, times: 10 }), {
      warning:
        call === 'pull-request'
          ? /^Could not read documentation PR acme-sim\/docs#7: .*403.* It is not taken as the documentation PR in this run\.$/
          : couldNotRead,
      section: false,
      ...(call === 'pull-request' ? { docsPrLine: UNCHECKED_LINE } : {}),
    });
    expect(result.log.messages('warning')[0]).toMatch(/403/);
    expect(analytics()).toEqual([]);
  });

  it('GitHub failing the tree (500, every retry)', async () => {
    docsPr(PAGES);
    await faulty(() => github.injectFault({ call: 'tree', kind: 'status', status: 500, times: 10 }), {
      warning: couldNotRead,
      section: false,
      inputs: { retries: '1' },
    });
    expect(analytics()).toEqual([]);
  });

  it('no docs-token for a documentation repository elsewhere: one warning saying what to give; nothing asked of it', async () => {
    docsPr(PAGES);
    await faulty(() => undefined, {
      warning: /which github-token cannot reach: give docs-token a token with "Pull requests: write" on acme-sim\/docs .*It was left as it is\.$/,
      section: false,
      docsPrLine: UNCHECKED_LINE,
      inputs: { 'docs-token': '' },
    });
    expect(docsCalls()).toEqual([]);
    expect(analytics()).toEqual([]);
  });

  // docs/reader-impact.md: "a missing or broken configuration … is one warning".
  it('no docs.json or mint.json at the head: one warning', async () => {
    docsPr(PAGES, { 'docs/openapi.json': '{}' });
    await faulty(() => undefined, { warning: /docs\.json|mint\.json/, section: false });
  });

  it.each([
    ['not JSON', '{"name": "Docs", '],
    ['over 1 MB', { size: 1_100_000 }],
    ['binary', { size: 3_000 }],
  ] as const)('a docs.json %s: one warning naming it; the section shown, a removed page’s redirect not known, and said so', async (_, config) => {
    docsPr(PAGES, { 'docs/docs.json': config });
    // Its redirects unknown, the removed page is neither said to lose its readers nor to keep them: one warning in all.
    const result = await faulty(() => undefined, {
      warning:
        /^The site configuration docs\/docs\.json of documentation PR acme-sim\/docs#7 could not be read \(.*whether a page it removes keeps its readers is not known either\.$/,
      section: true,
    });
    expect(impactOutput(result).find((r) => r.change === 'removed')).toMatchObject({ path: '/concepts/page-22', redirected: null });
    expect(sectionRows(comment()).find((row) => row[0] === '/concepts/page-22')![1]).toBe('removed ⚠️ redirects not known');
  });

  it('odd redirects: ignored without a word, the good ones counted', async () => {
    const redirects = [
      null,
      7,
      'x',
      { source: 3, destination: '/a' },
      { source: '/concepts/page-22?x', destination: '/a' },
      { source: '/concepts/:slug*', destination: '/c' },
    ];
    docsPr(PAGES, { 'docs/docs.json': JSON.stringify({ redirects }) });
    const result = await faulty(() => undefined, { warning: undefined, section: true });
    expect(impactOutput(result).find((r) => r.change === 'removed')).toMatchObject({ redirected: true });
  });

  it('files outside the docs folder, and binary files: not pages, without a word', async () => {
    docsPr([
      page('/guides/page-20'),
      { filename: 'guides/page-21.mdx', status: 'modified' },
      { filename: 'docs-old/page-22.mdx', status: 'modified' },
      { filename: 'docs/images/big.png', status: 'added' },
      { filename: 'docs/fonts/inter.woff2', status: 'added' },
      { filename: 'src/cli.ts', status: 'modified' },
    ]);
    const result = await faulty(() => undefined, { warning: undefined, section: true });
    expect(impactOutput(result).map((r) => r.path)).toEqual(['/guides/page-20']);
  });

  it('3,000 changed files: 30 requests for them, 20 pages shown and how many more', async () => {
    const paths = Array.from({ length: 60 }, (_, i) => `/api-reference/page-${101 + i * 5}`);
    docsPr([...paths.map((path) => page(path)), ...Array.from({ length: 2_940 }, (_, i) => ({ filename: `assets/img-${i}.png`, status: 'added' }))]);
    const result = await faulty(() => undefined, { warning: undefined, section: true });
    expect(github.callsTo('pull-files')).toHaveLength(30);
    expect(sectionRows(comment())).toHaveLength(20);
    expect(comment()).toContain('… and 40 more changed pages.');
    expect(impactOutput(result)).toHaveLength(20);
  });

  it.each([
    ['visitors', 429, 'visitors'],
    ['visitors', 500, 'visitors'],
    ['visitors', 503, 'visitors'],
    ['feedback-by-page', 429, 'thumbs-down'],
    ['feedback-by-page', 502, 'thumbs-down'],
  ] as const)('analytics %s answering %i every time: the section shows the pages, what failed not known', async (target, status, figure) => {
    docsPr(PAGES);
    const result = await faulty(() => flows.sim.injectFault({ target, kind: 'status', status, retryAfter: '1', times: Infinity }), {
      warning: new RegExp(`^The ${figure} of the changed pages could not`),
      section: true,
      // Its readers known (the visitors read), the removed page is said to lose them.
      losing: figure === 'visitors' ? [] : ['/concepts/page-22'],
    });
    expect(result.log.messages('warning')[0]).toContain(String(status));
    const column = figure === 'visitors' ? 2 : 5;
    expect(
      sectionRows(comment())
        .filter((row) => row[1] !== '🆕 new')
        .map((row) => row[column]),
    ).toEqual(['—', '—']);
    expect(comment()).toContain('— not known: the reads did not reach it.');
  });

  it('analytics hanging: each request ends at request-timeout; one warning, the visitors not known', async () => {
    docsPr(PAGES);
    await faulty(() => flows.sim.injectFault({ target: 'visitors', kind: 'hang', times: Infinity }), {
      warning: /^The visitors of the changed pages could not all be read/,
      section: true,
      inputs: { 'request-timeout': '1s' },
    });
    expect(visitors().length).toBeLessThanOrEqual(2);
  });

  it.each(['lies-more', 'shifting-rows'] as const)('a pager that does not advance (%s): one warning, and what was read is shown', async (kind) => {
    // A page nobody read is never seen: the read goes to the end, or to where the pager stops advancing.
    docsPr([page(pathName(650)), page('/guides/never-read'), page('/guides/new', 'added')]);
    const result = await faulty(() => flows.sim.injectFault({ target: 'visitors', kind, times: Infinity }), {
      warning: /^The API stopped advancing on GET \/v1\/analytics\/\{projectId\}\/visitors \(reader impact\)/,
      section: true,
    });
    expect(
      impactOutput(result)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/guides/never-read', '/guides/new', pathName(650)].sort());
    expect(feedback()).toHaveLength(1);
  });
});

describe('a cancellation is no fault of the reads', () => {
  it('cancelled while the analytics are read: the run says cancelled, without a warning that they could not be read', async () => {
    docsPr([page('/guides/page-20'), page('/guides/new', 'added')]);
    flows.sim.injectFault({ target: 'visitors', kind: 'hang', times: Infinity });
    const result = await run({}, undefined, { onHang: (flow) => flow.cancel() });
    expect(visitors()).toHaveLength(1);
    expect(result.outputs.outcome).toBe('cancelled');
    expect(result.failed).toBe(true);
    expect(result.log.messages('warning')).toEqual([]);
  });
});

describe('text from outside: page paths that mean something to Markdown, GitHub, a URL or the runner', () => {
  it('each shown as written, as code; links only into the preview; no mention, reference, comment or command; recorded and shown again as it was', async () => {
    const removed = new Set(['/guides/::error::owned', '/guides/@octocat', '/guides/<!-- hidden -->']);
    const files: FakeFile[] = [
      ...HOSTILE.filter((path) => !removed.has(path) && path !== '/guides/#12').map((path) => page(path)),
      ...[...removed].map((path) => page(path, 'removed')),
      page('/guides/renamed-#12', 'renamed', '/guides/#12'),
      { filename: 'docs/guides/line\nbreak.mdx', status: 'modified' },
    ];
    docsPr(files);
    const result = await run({ preview: 'true' });
    expect(result.outputs.outcome).toBe('pr-opened');
    const shownPaths = impactOutput(result).map((r) => r.path as string);
    // What renders as nothing is left out of the output; everything else as written.
    expect(shownPaths).toContain('/guides/zerowidth');
    expect(shownPaths).toContain('/guides/renamed-#12');
    expect(shownPaths).toEqual(expect.arrayContaining([...removed]));
    const warnings = result.log.messages('warning');
    expect(warnings).toHaveLength(4);
    expect(warnings.join('\n')).toContain('moves to /guides/renamed-#12 the page /guides/#12');
    expectQuietLog(result);

    const rows = impactOutput(result);
    const links = rows.filter((r) => r.change !== 'removed').map((r) => linkOf(HOSTILE.find((h) => h.replace('\u200b', '') === r.path) ?? (r.path as string)));
    const screenshot = `https://screenshots.mintlify.site/${flows.sim.deployments().at(-1)!.statusId}-light.png`;
    const expectations: RenderExpectations = {
      images: [screenshot],
      imageAlt: 'Screenshot of the documentation preview',
      literals: [...rows.map((r) => r.path as string), '/guides/#12'],
    };
    expect(renderProblems(comment(), { ...expectations, links: [DOCS_PR_URL, PREVIEW, ...links] })).toEqual([]);
    expect(renderProblems(result.summary, { ...expectations, links: [DOCS_PR_URL, PREVIEW, 'https://github.com/acme-sim/docs', ...links] })).toEqual([]);
    expect(sectionRows(comment()).map((r) => asRead(r[0]!))).toEqual(
      // A code span shows a line break as a space.
      rows.map((r) => (r.previousPath ? `${r.path as string} (was ${r.previousPath as string})` : (r.path as string).replace(/\r\n?|\n/g, ' '))),
    );
    for (const link of links) expect(link.startsWith(`${PREVIEW}/guides/`)).toBe(true);

    // Recorded, and shown again from the record as it was.
    const shown = sectionRows(comment());
    const again = await run({ preview: 'true' }, 'f'.repeat(40));
    expect(sectionRows(comment())).toEqual(shown);
    expect(again.outputs['reader-impact']).toBe(result.outputs['reader-impact']);
    expectQuietLog(again);
  });

  // Page paths are file names, of any length: the section links each page with its whole path, and
  // the record keeps pages too. 20 pages of 2,400 characters would make a comment of over 100,000
  // characters, which GitHub refuses (422): the comment stays within 65,536 whatever the paths.
  it('long page paths: the comment stays within GitHub’s 65,536 characters', async () => {
    const long = (i: number): string => `/${Array.from({ length: 12 }, (_, k) => `part-${i}-${k}-${'x'.repeat(185)}`).join('/')}`;
    docsPr(Array.from({ length: 22 }, (_, i) => page(long(i))));
    await run({ preview: 'true' });
    for (const body of github.commentBodiesSent(CODE_PR)) expect(body.length).toBeLessThanOrEqual(65_536);
  });

  it('page paths longer than the record keeps: not shown, counted; the next busiest take their place', async () => {
    // Each `é` is 6 characters percent-encoded in a link: 20 links of 14,000 characters would not fit.
    const long = (i: number): string => `/${Array.from({ length: 12 }, (_, k) => `part-${i}-${k}-${'é'.repeat(185)}`).join('/')}`;
    const longPages = Array.from({ length: 22 }, (_, i) => page(long(i)));
    docsPr(longPages);
    const result = await run({ preview: 'true' });
    for (const body of github.commentBodiesSent(CODE_PR)) expect(body.length).toBeLessThanOrEqual(65_536);
    for (const markdown of [comment(), result.summary])
      expect(markdown).toContain('What readers will see\n\nThis documentation PR changes 22 pages, each with a path longer than 255 characters: not shown.');
    expect(comment()).toContain('**✅ Pull request opened**');
    expect(impactOutput(result)).toEqual([]);
    // The record keeps no path longer than 255 characters (it is bounded whatever the repository
    // holds), and counts those pages with the rest.
    expect(recordIn(comment(), CODE_PR)!.impact).toMatchObject({ pages: [], more: 22 });

    // With a page of an ordinary path among them, whatever its readers: it is shown, the rest counted.
    docsPr([...longPages, page('/guides/page-20')]);
    const second = await run({}, 'f'.repeat(40));
    expect(sectionRows(comment()).map((row) => row[0])).toEqual(['/guides/page-20']);
    expect(comment()).toContain('… and 22 more changed pages.');
    expect(impactOutput(second).map((entry) => entry.path)).toEqual(['/guides/page-20']);
  });
});
