/**
 * What `command: release` shows (`report/release-report.ts`): the release it acted on, and each
 * documentation PR it looked at with what became of it, rendered as GitHub renders it — outside
 * text (a release's tag and title) reads as written and links nowhere, whatever it holds; the
 * links are the ones the action makes. And the closing log line.
 */
import { describe, expect, it } from 'vitest';
import { RELEASE_OUTCOMES } from '../../src/constants.js';
import { releaseLogLine, renderReleaseSummary, type ReleaseRow, type ReleaseView } from '../../src/report/release-report.js';
import { HOSTILE_STRINGS } from '../matrices/cases.js';
import { expectRendersAsGitHubShould } from '../support/github-markdown.js';

const PAGE = 'https://github.com/acme/widgets/releases/tag/v1.2.0';
const ROWS: ReleaseRow[] = [
  { codePr: 'acme/widgets#12', docsPr: 'acme/docs#7', mergeCommit: 'a'.repeat(40), result: 'released' },
  { codePr: 'acme/widgets#13', docsPr: 'acme/docs#8', mergeCommit: 'b'.repeat(40), result: 'not-contained' },
  { codePr: 'acme/widgets#14', docsPr: 'acme/docs#9', mergeCommit: 'c'.repeat(40), result: 'found-ready' },
];
const pullUrl = (pull: string): string => {
  const [name, number] = pull.split('#');
  return `https://github.com/${name}/pull/${number}`;
};

function view(more: Partial<ReleaseView> = {}): ReleaseView {
  return {
    outcome: 'released',
    release: { tag: 'v1.2.0', name: 'Widgets 1.2', url: PAGE },
    rows: ROWS,
    left: 0,
    unreachable: [],
    reason: undefined,
    requests: 0,
    pullUrl,
    ...more,
  };
}

describe('the release summary', () => {
  it('the release linked, a row per documentation PR with what became of it, each pull request linked', () => {
    const summary = renderReleaseSummary(view());
    expect(summary).toContain('**🚀 Released** (`released`)');
    expect(summary).toContain('Release: [`v1.2.0`](https://github.com/acme/widgets/releases/tag/v1.2.0), titled `Widgets 1.2`.');
    expect(summary).toContain(
      '| [`acme/widgets#12`](https://github.com/acme/widgets/pull/12) | [`acme/docs#7`](https://github.com/acme/docs/pull/7) | `aaaaaaa` | released: marked ready for review |',
    );
    expect(summary).toContain('keeps waiting: the release does not contain its merge commit');
    expect(summary).toContain('marked ready for review by hand before: left as it is');
    expectRendersAsGitHubShould(summary, { links: [PAGE, ...ROWS.flatMap((row) => [pullUrl(row.codePr), pullUrl(row.docsPr)])] });
  });

  it('says when nothing waits, what is left for the next run, what could not be read, and why it stopped', () => {
    expect(renderReleaseSummary(view({ rows: [], outcome: 'skipped' }))).toContain('No documentation PR waits for a release of this repository.');
    const summary = renderReleaseSummary(view({ left: 50, unreachable: ['acme/private-docs'] }));
    expect(summary).toContain('50 more documentation PRs wait for the next run (a run releases the oldest merges first, 100 at most).');
    expect(summary).toContain('`acme/private-docs` could not be read: its documentation PRs wait for the next run.');
    const stopped = renderReleaseSummary(
      view({ outcome: 'error', release: undefined, rows: [], reason: 'GitHub has no published release with the tag "v9".' }),
    );
    expect(stopped).toContain('**⚠️ Stopped by an error');
    expect(stopped).toContain('`GitHub has no published release with the tag "v9".`');
  });

  it.each(RELEASE_OUTCOMES)('heads every outcome (%s)', (outcome) => {
    expectRendersAsGitHubShould(renderReleaseSummary(view({ outcome })), {
      links: [PAGE, ...ROWS.flatMap((row) => [pullUrl(row.codePr), pullUrl(row.docsPr)])],
    });
  });

  it.each(HOSTILE_STRINGS.map((text) => [text]))('a hostile tag and title render as the text they are: %j', (text) => {
    const summary = renderReleaseSummary(view({ release: { tag: `v1-${text}`, name: text, url: PAGE }, rows: ROWS.slice(0, 1) }));
    expectRendersAsGitHubShould(summary, { links: [PAGE, pullUrl(ROWS[0]!.codePr), pullUrl(ROWS[0]!.docsPr)] });
  });
});

describe('the closing log line', () => {
  it('the outcome, how many released with which tag, and how many still wait; one line whatever the tag holds', () => {
    expect(releaseLogLine(view())).toBe('Outcome: released · 1 documentation PR released with v1.2.0 · 1 documentation PR still waiting');
    expect(releaseLogLine(view({ release: { tag: 'v1\n::error::x', name: '', url: PAGE } }))).not.toMatch(/\n/);
  });
});
