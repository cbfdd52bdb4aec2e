/**
 * reader-impact through the bundle as the runner runs it (dist/index.js), against the API
 * simulator and a fake GitHub with a private documentation repository: the comment, the summary
 * and the `reader-impact` output of a run with a preview, the `::warning::` of a page that loses
 * its readers (one with a path that spells workflow commands among them), a later run for the
 * same head that reads nothing, and analytics that refuse every request. Every run is held to the
 * harness's rules: no key or token leaks, no workflow command from outside text, the summary and
 * every comment rendered as GitHub renders them, within the deadline.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_ALT } from '../../src/report/preview-report.js';
import { screenshotFor, statusIdFor, type PreviewScript, type Simulator } from '../simulator/index.js';
import type { FakeFile, FakeGitHub, FakeRepository } from '../support/fake-github.js';
import { shaOf } from '../support/github-objects.js';
import { renderedTables } from '../support/github-markdown.js';
import type { ActionRun } from '../support/run-action.js';
import { runnerCommands } from '../support/runner-log.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { warnings } from '../support/checked-run.js';
import { addDocsRepository, CODE_PR, DOCS, DOCS_TOKEN, docsPull, JOB_ON_BRANCH, link } from '../support/two-repositories.js';
import { bundleRun, useServers } from './fixture.js';

const DOCS_PR = 7;
const DOCS_PR_URL = link(DOCS, DOCS_PR);
const INSTANT: PreviewScript = { queuedMs: 0, buildMs: 0, result: 'success' };
const PREVIEW = 'https://acme-sim-docs-retries.mintlify.site';
/** A page whose path spells workflow commands, with readers, which the documentation PR removes. */
const HOSTILE = '/guides/::error::owned%0A::set-output name=x::y';
const pathName = (index: number): string => (index === 0 ? HOSTILE : `/guides/page-${index}`);

const fileOf = (path: string): string => `docs${path}.mdx`;
const FILES: FakeFile[] = [
  { filename: fileOf('/guides/page-1'), status: 'modified' },
  { filename: fileOf('/guides/page-3'), status: 'renamed', previous_filename: fileOf('/guides/page-2') },
  { filename: fileOf(HOSTILE), status: 'removed' },
  { filename: fileOf('/guides/page-4'), status: 'removed' },
  { filename: fileOf('/guides/brand-new'), status: 'added' },
  { filename: 'docs/images/flow.png', status: 'added' },
];

// Every exchange with GitHub is held to its descriptions once the file's tests end.
const servers = useServers({
  defaultJobScript: JOB_ON_BRANCH,
  defaultPreviewScript: INSTANT,
  analytics: { paths: 300, pathNames: pathName, feedback: [{ path: '/guides/page-1', thumbsUp: 2, thumbsDown: 5 }] },
});
let sim: Simulator;
let github: FakeGitHub;
let docs: FakeRepository;
beforeAll(() => {
  ({ sim, github } = servers);
  docs = addDocsRepository(github, 'read');
  // The documentation PR's head: its configuration (which redirects one removed page) and the pages it keeps.
  const head = shaOf('documentation PR head');
  docs.files.set(head, {
    'docs/docs.json': JSON.stringify({ name: 'Docs', redirects: [{ source: '/guides/page-4', destination: '/guides' }] }),
    'docs/guides/page-1.mdx': '# One',
    'docs/guides/page-3.mdx': '# Three',
    'docs/guides/brand-new.mdx': '# New',
    'docs/images/flow.png': { size: 20_000 },
  });
  docsPull(docs, DOCS_PR, { headSha: head, files: FILES });
});

const pageLink = (path: string): string => `${PREVIEW}/${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;
const sectionOf = (markdown: string): string[][] =>
  renderedTables(markdown)
    .find((rows) => rows[0]?.[0] === 'Page')!
    .slice(1);

function run(
  inputs: Record<string, string>,
  options: { codeHead: string; links: string[]; images?: string[]; earlier?: Array<{ links: string[] }> },
): Promise<ActionRun> {
  sim.queuePrLinks(DOCS_PR_URL);
  const images = options.images ?? [];
  return bundleRun(servers, {
    event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: options.codeHead }) },
    inputs: {
      'docs-token': DOCS_TOKEN,
      'pr-comment': 'true',
      'reader-impact': 'true',
      diff: 'false',
      prompt: 'Document the retries flag',
      'poll-interval': '50ms',
      'poll-interval-max': '100ms',
      'request-timeout': '2s',
      timeout: '20s',
      ...inputs,
    },
    secrets: [DOCS_TOKEN],
    deadlineMs: 22_000,
    sim,
    summary: { links: [DOCS_PR_URL, 'https://github.com/acme-sim/docs', ...options.links], images, imageAlt: SCREENSHOT_ALT, details: 1 },
    prComment: { github, pullNumber: CODE_PR, expect: { links: [DOCS_PR_URL, ...options.links], images, imageAlt: SCREENSHOT_ALT }, earlier: options.earlier },
  });
}

describe('reader-impact, end to end', () => {
  let first: ActionRun;

  it('the comment, the summary and the output of a run with a preview; one ::warning:: per page that loses its readers', async () => {
    const shot = screenshotFor(statusIdFor(1), 'light');
    first = await run(
      { preview: 'true' },
      {
        codeHead: 'e'.repeat(40),
        links: [PREVIEW, pageLink('/guides/page-1'), pageLink('/guides/page-3'), pageLink('/guides/brand-new')],
        images: [shot],
        // The working comment links nothing; the outcome with the preview building, the PR and the preview.
        earlier: [{ links: [] }, { links: [DOCS_PR_URL, PREVIEW] }],
      },
    );
    expect(first.code).toBe(0);
    expect(first.outputs).toMatchObject({ outcome: 'pr-opened', 'preview-status': 'success', 'preview-url': PREVIEW });

    const output = JSON.parse(first.outputs['reader-impact']!) as Array<Record<string, unknown>>;
    expect(output.map((r) => [r.path, r.change, r.redirected, r.previousPath])).toEqual(
      expect.arrayContaining([
        ['/guides/page-1', 'modified', false, undefined],
        ['/guides/page-3', 'renamed', false, '/guides/page-2'],
        [HOSTILE, 'removed', false, undefined],
        ['/guides/page-4', 'removed', true, undefined],
        ['/guides/brand-new', 'added', false, undefined],
      ]),
    );
    expect(output).toHaveLength(5);
    const visitors = output.map((r) => r.visitors as number);
    expect(visitors).toEqual([...visitors].sort((a, b) => b - a));
    expect(output.find((r) => r.path === '/guides/page-1')).toMatchObject({ thumbsDown: 5 });
    for (const entry of output) for (const key of ['visitors', 'human', 'ai', 'thumbsDown']) expect(Number.isInteger(entry[key])).toBe(true);

    // The pages that lose their readers, each in one warning, the hostile one as plain text.
    const said = warnings(first);
    expect(said).toHaveLength(2);
    const hostile = output.find((r) => r.path === HOSTILE)!;
    const moved = output.find((r) => r.path === '/guides/page-3')!;
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^Documentation PR acme-sim/docs#7 removes the page /guides/::error::owned%0A::set-output name=x::y, read by ${(hostile.visitors as number).toLocaleString('en-US')} unique visitors? in the last 28 days`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^Documentation PR acme-sim/docs#7 moves to /guides/page-3 the page /guides/page-2, read by ${(moved.visitors as number).toLocaleString('en-US')} unique`,
          ),
        ),
      ]),
    );
    expect(runnerCommands(first.stdout).filter((c) => c.name === 'error' || c.name === 'set-output')).toEqual([]);

    // The section, the same in the comment and the summary, busiest first, in the order of the output.
    const body = github.commentBodiesSent(CODE_PR).at(-1)!;
    expect(body).toContain('#### What readers will see');
    expect(first.summary).toContain('### What readers will see');
    expect(sectionOf(body)).toEqual(sectionOf(first.summary));
    expect(sectionOf(body).map((row) => row[0])).toEqual(
      output.map((r) => (r.previousPath ? `${r.path as string} (was ${r.previousPath as string})` : r.path)),
    );
    expect(sectionOf(body).find((row) => row[0] === HOSTILE)![1]).toBe('removed ⚠️ loses its readers: not redirected');
    expect(body).toMatch(/Read with \d+ analytics requests\./);
    // The analytics asked of it: the visitors export (300 pages: two pages of 250 at most) and feedback once.
    expect(sim.requests.filter((r) => r.endpoint === 'visitors').length).toBeLessThanOrEqual(2);
    expect(sim.requests.filter((r) => r.endpoint === 'feedback-by-page')).toHaveLength(1);
  }, 40_000);

  it('a later run for the same head: the recorded section again, no tree, file or analytics request', async () => {
    expect(first).toBeDefined();
    sim.resetLog();
    const from = github.requests.length;
    const again = await run({}, { codeHead: 'f'.repeat(40), links: [] });
    expect(again.outputs.outcome).toBe('pr-opened');
    expect(sim.requests.filter((r) => r.endpoint === 'visitors' || r.endpoint === 'feedback-by-page')).toEqual([]);
    expect(
      github.requests
        .slice(from)
        .filter((r) => r.path.startsWith(`/repos/${DOCS}/`))
        .map((r) => r.call),
    ).toEqual(['pull-request']);
    expect(again.outputs['reader-impact']).toBe(first.outputs['reader-impact']);
    const body = github.commentBodiesSent(CODE_PR).at(-1)!;
    expect(sectionOf(body)).toEqual(sectionOf(first.summary));
    expect(body).toContain('Measured for this head commit by an earlier run: read from its record.');
  }, 40_000);

  it('analytics that answer 429 to every request at a new head: one warning, the outcome unchanged, the readers not known', async () => {
    const head = shaOf('a newer head');
    docs.files.set(head, { 'docs/docs.json': '{}', 'docs/guides/page-1.mdx': '# One' });
    docs.pulls.get(DOCS_PR)!.headSha = head;
    docs.pulls.get(DOCS_PR)!.files = [{ filename: 'docs/guides/page-1.mdx', status: 'modified' }];
    sim.injectFault({ target: 'visitors', kind: 'status', status: 429, retryAfter: '1', times: Infinity });
    try {
      const result = await run({}, { codeHead: 'd'.repeat(40), links: [] });
      expect(result.code).toBe(0);
      expect(result.outputs.outcome).toBe('pr-opened');
      expect(JSON.parse(result.outputs['reader-impact']!)).toEqual([
        { path: '/guides/page-1', change: 'modified', visitors: null, human: null, ai: null, thumbsDown: 5, redirected: false },
      ]);
      expect(warnings(result)).toEqual([
        expect.stringMatching(/^The visitors of the changed pages could not all be read \(.*429.*\): those not read are shown as not known\.$/),
      ]);
      for (const markdown of [github.commentBodiesSent(CODE_PR).at(-1)!, result.summary]) {
        expect(sectionOf(markdown)).toEqual([['/guides/page-1', 'changed', '—', '—', '—', '5']]);
        expect(markdown).toContain('— not known: the reads did not reach it.');
      }
    } finally {
      sim.clearFaults();
    }
  }, 40_000);

  // A source that, made into a regular expression, backtracks through every way of splitting a
  // run of letters, against 300 removed pages that are such runs: the event loop was held for
  // minutes, `timeout` and SIGTERM went unheard, and the required status stayed `pending`.
  const backtracking = (): { head: string; removed: number } => {
    const head = shaOf('a head built to backtrack');
    const redirects = Array.from({ length: 5_000 }, (_, index) => ({ source: `/guides/${'a*'.repeat(25)}b${index}`, destination: '/x' }));
    docs.files.set(head, { 'docs/docs.json': JSON.stringify({ redirects }) });
    docs.pulls.get(DOCS_PR)!.headSha = head;
    docs.pulls.get(DOCS_PR)!.files = Array.from({ length: 300 }, (_, index) => ({ filename: `docs/guides/${'a'.repeat(100)}${index}.mdx`, status: 'removed' }));
    return { head, removed: 300 };
  };

  it('a docs.json built to backtrack, against 300 removed pages: decided within the budget, the run ends in time, its status written', async () => {
    backtracking();
    const codeHead = '7'.repeat(40);
    const result = await run({ 'docs-status': 'written', timeout: '10s' }, { codeHead, links: [] });
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('pr-opened');
    const output = JSON.parse(result.outputs['reader-impact']!) as Array<{ change: string; redirected: boolean | null }>;
    expect(output).toHaveLength(20);
    // Each page against 5,001 comparisons: the first 199 decided (not redirected), the rest past the 1,000,000 not known.
    expect(output.every((entry) => entry.change === 'removed' && entry.redirected !== true)).toBe(true);
    expect(warnings(result)).toContainEqual(
      'Whether 101 pages that documentation PR acme-sim/docs#7 removes or renames are redirected is not known: matching its redirects stops at 1,000,000 comparisons.',
    );
    const statuses = github.statuses.filter((status) => status.sha === codeHead && status.context === 'documentation');
    expect(statuses.at(-1)?.state).toBe('success');
  }, 40_000);
});
