/**
 * What follow-code-pr writes (`report/docs-pr-report.ts`), as GitHub renders it: the documentation
 * PR's own comment (the code PR it documents, linked by the action; what happened; what will), and
 * the code PR comment's section on the documentation PR. The code PR's title, the documentation
 * PRs' names and a newer PR's link come from outside: shown as written, never a reference, a
 * mention, markup or a marker; only an http(s) link is linked.
 */
import { describe, expect, it } from 'vitest';
import {
  DOCS_PR_SECTION_START,
  renderDocsPrComment,
  renderDocsPrSection,
  type CodePr,
  type DocsPrStage,
  type DocsPrState,
} from '../../src/report/docs-pr-report.js';
import { expectRendersAsGitHubShould, isHttpUrl } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

const NOW = '2026-11-28T10:00:00.000Z';
const CODE_URL = 'https://github.com/acme/widgets/pull/12';
const codePr = (title = 'Add a retries flag'): CodePr => ({ repository: 'acme/widgets', number: 12, title, url: CODE_URL });
const NEWER = 'https://github.com/acme/docs/pull/6';

describe('the documentation PR’s comment', () => {
  it('links its code PR, names its title, says where it stands and what follows it, and when', () => {
    const body = renderDocsPrComment(codePr(), { kind: 'linked' }, NOW);
    expect(body.endsWith('.\n')).toBe(true);
    expectRendersAsGitHubShould(body, { links: [CODE_URL], literals: ['acme/widgets#12', 'Add a retries flag'] });
    expect(readText(body)).toBe(
      'Documentation for a code pull request ' +
        'This pull request documents the code pull request acme/widgets#12, titled Add a retries flag. ' +
        '🔗 The code pull request is open; this documentation is reviewed beside it. ' +
        'What follows it: when the code pull request is closed without merging, this one is closed too (its branch is kept); when the code pull request is reopened, this one is reopened; when it merges, a draft of this one is marked ready for review. This pull request is never merged, and its branch never deleted, by the action. ' +
        `Updated ${NOW}.`,
    );
  });

  it.each<[DocsPrStage, string]>([
    [{ kind: 'merged', markedReady: true }, '✅ The code pull request was merged: this pull request was marked ready for review, and can be merged.'],
    [{ kind: 'merged', markedReady: false }, '✅ The code pull request was merged: this documentation can be reviewed and merged.'],
    [
      { kind: 'closed' },
      '🚫 The code pull request was closed without merging, so this pull request was closed (its branch is kept). To bring it back, reopen the code pull request (this one is then reopened with it), or reopen this one by hand.',
    ],
    [{ kind: 'reopened' }, '🔄 The code pull request was reopened, and so was this pull request.'],
    [
      { kind: 'superseded', newer: 'acme/docs#6', newerLink: NEWER },
      `↪️ The documentation job opened a newer pull request for the code pull request, ${NEWER} (acme/docs#6), so this one was closed (its branch is kept). Reopen it by hand if it is still needed.`,
    ],
  ])('%o: %s', (stage, said) => {
    const body = renderDocsPrComment(codePr(), stage, NOW);
    expect(readText(body)).toContain(said);
    expectRendersAsGitHubShould(body, { links: stage.kind === 'superseded' ? [CODE_URL, NEWER] : [CODE_URL] });
  });

  it.each(OUTSIDE_CASES)('a code PR titled %j, superseded by a PR named and linked so: each shown as written', (_short, text) => {
    const body = renderDocsPrComment(codePr(text), { kind: 'superseded', newer: text, newerLink: text }, NOW);
    expectShownAsWritten(body, [text], { links: [CODE_URL, ...(isHttpUrl(text) && text.length <= 8_192 ? [text] : [])] });
    // No line of its own: the comment has the lines it has with a plain title and link.
    expect(body.split('\n')).toHaveLength(
      renderDocsPrComment(codePr(), { kind: 'superseded', newer: 'acme/docs#6', newerLink: NEWER }, NOW).split('\n').length,
    );
  });

  it('a link that is no http(s) URL is shown, not linked', () => {
    for (const link of ['javascript:alert(1)', 'ftp://files.example/x', 'not a link']) {
      const body = renderDocsPrComment(codePr(), { kind: 'superseded', newer: 'acme/docs#6', newerLink: link }, NOW);
      expectShownAsWritten(body, [link], { links: [CODE_URL] });
    }
  });
});

describe('the code PR comment’s section', () => {
  it('starts as the sync command finds it, names the documentation PR as code, and says how it stands', () => {
    const section = renderDocsPrSection('acme/docs#5', 'linked');
    expect(section).toBe('**Documentation PR** `acme/docs#5`: open, linked to this pull request: it is closed if this pull request is closed without merging.');
    expect(section.startsWith(DOCS_PR_SECTION_START)).toBe(true);
    expectRendersAsGitHubShould(section, { literals: ['acme/docs#5'] });
  });

  it('names the earlier documentation PR it replaced, when there is one', () => {
    expect(readText(renderDocsPrSection('acme/docs#6', 'linked', 'acme/docs#5'))).toBe(
      'Documentation PR acme/docs#6: open, linked to this pull request: it is closed if this pull request is closed without merging. The earlier documentation PR acme/docs#5 was closed in its favour.',
    );
  });

  const STATES: ReadonlyArray<[DocsPrState, string]> = [
    ['linked', 'open, linked to this pull request'],
    ['closed', 'closed with this pull request (its branch is kept); reopening this pull request reopens it'],
    ['reopened', 'reopened with this pull request'],
    ['marked-ready', 'marked ready for review, since this pull request was merged'],
    ['commented', 'told that this pull request was merged'],
    ['left-alone-merged', 'already merged: left as it is'],
    ['left-alone-closed', 'already closed by someone else: left as it is'],
    ['approved', 'approved by its reviewers'],
    ['merged', 'merged'],
    ['mismatch', 'not taken as the documentation PR: its head branch is not the job’s'],
    ['elsewhere', 'not taken as the documentation PR: it is outside the repository the job worked on'],
    ['code-pr-itself', 'not taken as the documentation PR: it is this pull request, or on its branch'],
    ['unverifiable', 'not taken as the documentation PR: the job does not name the repository and branch'],
    ['unchecked', 'could not be checked on GitHub, so it does not pass the gate'],
    ['not-updated', 'could not be updated'],
    ['not-found', 'not found: deleted, or the token cannot see its repository'],
    ['revising', 'open; the documentation agent is revising it after a review (review-loop)'],
  ];

  it.each(STATES)('%s: says %j', (state, said) => {
    const section = renderDocsPrSection('acme/docs#5', state);
    expect(readText(section).startsWith(`Documentation PR acme/docs#5: ${said}`)).toBe(true);
    expectRendersAsGitHubShould(section, { literals: ['acme/docs#5'] });
  });

  it('says each state in words of its own', () => {
    expect(new Set(STATES.map(([state]) => renderDocsPrSection('x', state))).size).toBe(STATES.length);
  });

  it.each(OUTSIDE_CASES)('a documentation PR and an earlier one named %j: shown as written', (_short, text) => {
    expectShownAsWritten(renderDocsPrSection(text, 'closed', text), [text]);
  });
});
