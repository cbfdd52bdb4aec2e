import type { PageFeedback, SearchRow, VisitorRow } from '../api/schemas.js';
import { cleanText } from '../text.js';

/**
 * Which pages and search terms a refresh aims the agent at, chosen from the raw signals exactly
 * as the contract orders them. Pure functions: the same rows always give the same choice.
 */

/** A page chosen by one signal, with the figures that chose it: an entry of the `signals` output. */
export type ChosenPage =
  | { readonly path: string; readonly signal: 'visitors'; readonly visitors: number }
  | { readonly path: string; readonly signal: 'feedback'; readonly thumbsUp: number; readonly thumbsDown: number };

export interface ChosenSearch {
  readonly query: string;
  readonly hits: number;
}

/** What aimed the job: the `signals` output, as JSON. */
export interface ReaderSignals {
  readonly pages: ChosenPage[];
  readonly searches: ChosenSearch[];
}

/** Search terms are cut to this many characters before they enter the prompt. */
export const MAX_SEARCH_TERM_CHARS = 100;
/** Page paths are cut to this many characters before they enter the prompt. */
export const MAX_PATH_CHARS = 300;

/**
 * The pages readers use most: the highest `total`, ties by path (ascending). Paths are cleaned
 * (`cleanPagePath`); a path that cleans to nothing is dropped.
 */
export function busiestPages(rows: readonly VisitorRow[], count: number): ChosenPage[] {
  return rows
    .map((row) => ({ ...row, path: cleanPagePath(row.path) }))
    .filter((row) => row.path)
    .sort((a, b) => b.total - a.total || byText(a.path, b.path))
    .slice(0, count)
    .map((row) => ({ path: row.path, signal: 'visitors', visitors: row.total }));
}

/**
 * The pages readers rate poorly: at least one thumbs-down; most thumbs-down first, then the
 * higher share of thumbs-down among all thumbs, then path (ascending). Paths are cleaned
 * (`cleanPagePath`); a path that cleans to nothing is dropped.
 */
export function poorlyRatedPages(rows: readonly PageFeedback[], count: number): ChosenPage[] {
  return rows
    .filter((row) => row.thumbsDown >= 1)
    .map((row) => ({ ...row, path: cleanPagePath(row.path) }))
    .filter((row) => row.path)
    .sort((a, b) => b.thumbsDown - a.thumbsDown || thumbsDownShare(b) - thumbsDownShare(a) || byText(a.path, b.path))
    .slice(0, count)
    .map((row) => ({ path: row.path, signal: 'feedback', thumbsUp: row.thumbsUp, thumbsDown: row.thumbsDown }));
}

/** The share of thumbs-down among all of a page's thumbs, 0 to 1 (the page has at least one thumb). */
export function thumbsDownShare(page: { readonly thumbsUp: number; readonly thumbsDown: number }): number {
  return page.thumbsDown / (page.thumbsDown + page.thumbsUp);
}

/**
 * A page path from the analytics (any visitor can request any path), as the prompt, the summary
 * and the `signals` output all show it: hidden and control characters out, one line, 300
 * characters.
 */
export function cleanPagePath(path: string): string {
  return cleanText(path, MAX_PATH_CHARS);
}

/**
 * What readers look for and do not find: the terms no reader clicked a result for, cleaned
 * (`cleanText`: hidden and control characters out, one line, 100 characters), most hits first (ties: the term, ascending). Terms that clean to the same
 * text count as one, their hits added; a term that cleans to nothing is dropped.
 */
export function unansweredSearches(rows: readonly SearchRow[], count: number): ChosenSearch[] {
  const hitsByTerm = new Map<string, number>();
  for (const row of rows) {
    if (row.topClickedPage) continue;
    const query = cleanSearchTerm(row.searchQuery);
    if (query) hitsByTerm.set(query, (hitsByTerm.get(query) ?? 0) + row.hits);
  }
  return [...hitsByTerm]
    .map(([query, hits]) => ({ query, hits }))
    .sort((a, b) => b.hits - a.hits || byText(a.query, b.query))
    .slice(0, count);
}

/** A search term as anonymous readers typed it, made fit for one line of a prompt. */
export function cleanSearchTerm(term: string): string {
  return cleanText(term, MAX_SEARCH_TERM_CHARS);
}

/** JavaScript's own string order (UTF-16 code units): the same on every machine, unlike the locale's. */
function byText(a: string, b: string): number {
  // Stryker disable next-line EqualityOperator: the terms compared are a map's keys, so no two are equal
  if (a < b) return -1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Node's sort only asks whether a comparison is below 0, so this branch cannot be told from returning 0
  return a > b ? 1 : 0;
}
