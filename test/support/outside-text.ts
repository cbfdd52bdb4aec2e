/**
 * Text from outside in the Markdown the action writes (summaries, comments), judged as a reader
 * sees it: the hostile strings of the reliability suite, and one check that a document shows each
 * as written, with nothing of it turned into a table cell, a link, a picture, a mention, a
 * reference or markup (GitHub's renderer: github-markdown.ts), and with no HTML comment delimiter
 * spelled where outside text went (the action's hidden markers and records are its own only).
 */
import { DomUtils } from 'htmlparser2';
import { expect } from 'vitest';
import { withoutInvisible } from '../../src/text.js';
import { HOSTILE_STRINGS } from '../matrices/cases.js';
import { expectRendersAsGitHubShould, renderedDom, type RenderExpectations } from './github-markdown.js';

/** Every hostile string, and the pieces of a marker alone. */
export const OUTSIDE_TEXT: readonly string[] = [...HOSTILE_STRINGS, '-->', '<!-- docs-agent-action:comment -->', '@octocat #12 owner/repo#34 GH-56'];

/** The same, for `it.each`: a short name of each (its start), and the text. */
export const OUTSIDE_CASES: ReadonlyArray<readonly [string, string]> = OUTSIDE_TEXT.map((text) => [text.slice(0, 40), text]);

/** What a reader reads of rendered Markdown: its text, white space folded. */
export function readText(markdown: string): string {
  return DomUtils.textContent(renderedDom(markdown)).replace(/\s+/g, ' ').trim();
}

/**
 * Asserts that `markdown` renders as GitHub should (`expected`: the tables, links and pictures
 * meant) and shows each of `shown` as written, less what renders as nothing (a value with nothing
 * left to show is not looked for); and that it spells `<!--` and `-->` only in `markers`, the
 * action's own lines.
 */
export function expectShownAsWritten(markdown: string, shown: readonly string[], expected: RenderExpectations = {}, markers: readonly string[] = []): void {
  const literals = shown.map(withoutInvisible).filter((text) => text.trim() !== '');
  expectRendersAsGitHubShould(markdown, { ...expected, literals: [...literals, ...(expected.literals ?? [])] });
  let rest = markdown;
  for (const marker of markers) rest = rest.split(marker).join('');
  expect(rest, 'an HTML comment delimiter outside the action’s markers').not.toMatch(/<!--|-->/);
}
