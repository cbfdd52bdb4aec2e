/**
 * The section *What readers will see* (`report/impact-report.ts`), as GitHub renders it: the
 * changed pages busiest first with their readers, each linked into the preview when it is ready
 * (never out of the preview's origin) or shown as its path, a page that goes away marked by what
 * is known of its redirect, a figure not known shown as `—` (never 0); then how many more and what
 * it cost. Page paths are file names from outside: shown as written, never markup or a link of
 * their own. And the `reader-impact` output.
 */
import { describe, expect, it } from 'vitest';
import { previewLinkOf } from '../../src/impact/pages.js';
import type { ImpactRow } from '../../src/impact/read-impact.js';
import { IMPACT_SHOWN_PAGES, impactOutput, NOT_KNOWN, renderImpactSection, renderImpactTooLong, type ImpactView } from '../../src/report/impact-report.js';
import { expectRendersAsGitHubShould, renderedTables } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

const PREVIEW = 'https://acme-docs-update-7.mintlify.site';
const row = (path: string, more: Partial<ImpactRow> = {}): ImpactRow => ({ path, change: 'modified', visitors: 10, human: 8, ai: 3, thumbsDown: 1, ...more });
const view = (rows: ImpactRow[], more: Partial<ImpactView> = {}): ImpactView => ({ rows, more: 0, requests: 3, ...more });
const HEADER = ['Page', 'Change', 'Readers', 'Human', 'AI', '👎'];
/** The table's rows below its header, cell by cell, as a reader reads them. */
const cells = (markdown: string): string[][] => renderedTables(markdown)[0]!.slice(1);

describe('the section', () => {
  it('one row a page, in the order given, each linked into the preview; the cost last', () => {
    const rows = [
      row('/guides/start', { visitors: 12_345, human: 10_000, ai: 3_000, thumbsDown: 4 }),
      row('/new', { change: 'added', visitors: 0, human: 0, ai: 0, thumbsDown: 0 }),
    ];
    const markdown = renderImpactSection(view(rows, { previewUrl: PREVIEW }), 4);
    expect(markdown.split('\n').slice(0, 3)).toEqual([
      '#### What readers will see',
      '',
      'The pages this documentation PR changes, with their unique visitors and thumbs-down over the last 28 days, busiest first.',
    ]);
    expect(renderedTables(markdown)[0]![0]).toEqual(HEADER);
    expect(cells(markdown)).toEqual([
      ['/guides/start', 'changed', '12,345', '10,000', '3,000', '4'],
      ['/new', '🆕 new', '0', '0', '0', '0'],
    ]);
    expectRendersAsGitHubShould(markdown, { links: [`${PREVIEW}/guides/start`, `${PREVIEW}/new`], literals: ['/guides/start', '/new'] });
    expect(markdown.endsWith('\n\nRead with 3 analytics requests.')).toBe(true);
    expect(markdown).not.toContain(NOT_KNOWN);
  });

  it('in the summary a level higher; without a preview (or with one that is not https) no page is linked', () => {
    expect(renderImpactSection(view([row('/a')]), 3).startsWith('### What readers will see\n')).toBe(true);
    for (const previewUrl of [undefined, 'http://acme.mintlify.site', 'javascript:alert(1)']) {
      expectRendersAsGitHubShould(renderImpactSection(view([row('/a')], { previewUrl }), 4), { links: [], literals: ['/a'] });
    }
  });

  it.each<[string, Partial<ImpactRow>, string]>([
    [
      'a removed page with readers and no redirect loses them',
      { change: 'removed', visitors: 50, redirected: false },
      'removed ⚠️ loses its readers: not redirected',
    ],
    [
      'a renamed page with readers and no redirect loses them',
      { change: 'renamed', previousPath: '/old', visitors: 5, redirected: false },
      'renamed ⚠️ loses its readers: not redirected',
    ],
    ['a redirected page keeps them', { change: 'renamed', previousPath: '/old', redirected: true }, 'renamed (redirected)'],
    ['no redirect, readers not known', { change: 'removed', visitors: null, redirected: false }, 'removed ⚠️ not redirected: its readers are not known'],
    ['readers, redirects not known', { change: 'removed', visitors: 5, redirected: null }, 'removed ⚠️ redirects not known'],
    ['no readers to lose, redirects not known', { change: 'removed', visitors: 0, redirected: null }, 'removed'],
    ['no readers to lose, no redirect', { change: 'removed', visitors: 0, redirected: false }, 'removed'],
    ['a page still served at its path', { change: 'modified', visitors: 5 }, 'changed'],
  ])('%s: %j', (_what, fields, change) => {
    expect(cells(renderImpactSection(view([row('/page', fields)]), 4))[0]![1]).toBe(change);
  });

  it('a removed page is not linked (it is gone from the preview); a renamed one is, and says where it was', () => {
    const markdown = renderImpactSection(
      view([row('/gone', { change: 'removed' }), row('/moved', { change: 'renamed', previousPath: '/before' })], { previewUrl: PREVIEW }),
      4,
    );
    expectRendersAsGitHubShould(markdown, { links: [`${PREVIEW}/moved`], literals: ['/gone', '/moved', '/before'] });
    expect(cells(markdown).map((cell) => cell[0])).toEqual(['/gone', '/moved (was /before)']);
  });

  it('a figure not known is —, never 0, and the note says what it means', () => {
    const markdown = renderImpactSection(view([row('/a', { visitors: null, human: null, ai: null, thumbsDown: null })]), 4);
    expect(cells(markdown)[0]!.slice(2)).toEqual(['—', '—', '—', '—']);
    expect(readText(markdown)).toContain(NOT_KNOWN);
    expect(NOT_KNOWN).toBe(
      "— not known: the reads did not reach it. Reader impact spends at most 10 analytics requests on a documentation PR head, and feedback's one answer lists 100 pages; redirects are matched up to 1,000,000 comparisons, and only in a docs.json that could be read.",
    );
    // A redirect not known is said by the mark, and the note says why.
    expect(readText(renderImpactSection(view([row('/b', { change: 'removed', redirected: null })]), 4))).toContain('— not known');
  });

  it('at most 20 pages; how many more, those the record did not keep included', () => {
    const many = Array.from({ length: 25 }, (_, i) => row(`/p${i}`));
    const shown = renderImpactSection(view(many, { more: 2 }), 4);
    expect(cells(shown)).toHaveLength(IMPACT_SHOWN_PAGES);
    expect(IMPACT_SHOWN_PAGES).toBe(20);
    expect(readText(shown)).toContain('… and 7 more changed pages.');
    expect(readText(renderImpactSection(view([row('/a')], { more: 1 }), 4))).toContain('… and 1 more changed page.');
    expect(readText(renderImpactSection(view([row('/a')]), 4))).not.toContain('more changed');
  });

  it('figures from an earlier run’s record say so instead of a cost; one request is one request', () => {
    expect(
      renderImpactSection(view([row('/a')], { requests: undefined }), 4).endsWith('\n\nMeasured for this head commit by an earlier run: read from its record.'),
    ).toBe(true);
    expect(renderImpactSection(view([row('/a')], { requests: 1 }), 4).endsWith('\n\nRead with 1 analytics request.')).toBe(true);
  });

  it('no page it can show: how many pages, and why none is shown', () => {
    expect(renderImpactSection(view([], { more: 3 }), 4)).toBe(
      '#### What readers will see\n\nThis documentation PR changes 3 pages, each with a path longer than 255 characters: not shown.',
    );
  });

  it('too long for the comment: the heading, and where to read it whole', () => {
    expect(renderImpactTooLong(4)).toBe('#### What readers will see\n\nToo long for this comment: the job summary of this workflow run shows it.');
    expect(renderImpactTooLong(3).startsWith('### What readers will see\n')).toBe(true);
  });

  it.each(OUTSIDE_CASES)('a page at %j, renamed from it too, and a preview there: shown as written, linked only into the preview', (_short, path) => {
    const rows = [row(path, { change: 'renamed', previousPath: path, redirected: true }), row(path, { change: 'removed', redirected: false })];
    const markdown = renderImpactSection(view(rows, { previewUrl: PREVIEW }), 4);
    expectShownAsWritten(markdown, [path], { links: [previewLinkOf(PREVIEW, path)] });
    expect(cells(markdown)).toHaveLength(2);
    // And as the preview's URL: a page is linked only into an https origin it names.
    const link = previewLinkOf(path, '/guides/start');
    expectShownAsWritten(renderImpactSection(view([row('/guides/start')], { previewUrl: path }), 4), ['/guides/start'], { links: [link] });
    if (link) expect(new URL(link).protocol).toBe('https:');
  });
});

describe('impactOutput: the reader-impact output', () => {
  it('the rows as JSON; `redirected` null when not known for a page that goes away, false for one still served', () => {
    const rows: ImpactRow[] = [
      row('/kept', { redirected: true }),
      row('/gone', { change: 'removed' }),
      row('/moved', { change: 'renamed', previousPath: '/old', redirected: true }),
      row('/unknown', { change: 'removed', visitors: null, redirected: null }),
    ];
    expect(JSON.parse(impactOutput(rows))).toEqual([
      { path: '/kept', change: 'modified', visitors: 10, human: 8, ai: 3, thumbsDown: 1, redirected: false },
      { path: '/gone', change: 'removed', visitors: 10, human: 8, ai: 3, thumbsDown: 1, redirected: null },
      { path: '/moved', change: 'renamed', previousPath: '/old', visitors: 10, human: 8, ai: 3, thumbsDown: 1, redirected: true },
      { path: '/unknown', change: 'removed', visitors: null, human: 8, ai: 3, thumbsDown: 1, redirected: null },
    ]);
    expect(impactOutput([])).toBe('[]');
  });

  it('without what renders as nothing, still JSON', () => {
    const output = impactOutput([row('/a\u200b\u202eb\u{E0041}', { previousPath: '/c\u2066' })]);
    expect(JSON.parse(output)).toMatchObject([{ path: '/ab', previousPath: '/c' }]);
    expect(output).not.toMatch(/[\u200b\u202e\u2066]|\u{E0041}/u);
  });
});
