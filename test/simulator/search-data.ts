/**
 * Search terms, as `GET …/searches` answers them: how often each was searched (`hits`), the share of
 * searches that led to a click (`ctr`, a fraction from 0 to 1), the result clicked most
 * (`topClickedPage`, null when no reader clicked any: a search the docs did not answer) and when it
 * was last searched.
 *
 * Order, as the vendor documents: `hits`, highest first. Equal hits (the vendor says nothing) go by
 * `searchQuery` in code-unit order, so the order is total and stable and the cursor can name a place
 * in it. `totalSearches` is, as the vendor documents, the sum of all hits in the range, not the
 * number of distinct terms.
 *
 * Set rows (`analytics.searches`) are answered whatever the range. The default rows are realistic
 * terms a documentation site sees, about 130 of them, with weekly hits scaled to the range's length
 * (a term whose hits round to 0 was not searched): a long tail of rare terms with many ties, and about
 * a third unanswered, both topics the docs lack and covered topics nobody clicked a result for.
 */
import { DAY_MS, MAX_DAYS, datasetFor, dayRangeOf, type DayRange, type VisitorDataset, type VisitorOptions } from './visitor-data.js';
import { unit } from './seeded-random.js';

/** A search term as a test sets it; `ctr` and `lastSearchedAt` are filled in when left out. */
export interface SearchTerm {
  searchQuery: string;
  hits: number;
  ctr?: number;
  topClickedPage: string | null;
  lastSearchedAt?: string;
}

export interface SearchRow {
  searchQuery: string;
  hits: number;
  ctr: number;
  topClickedPage: string | null;
  lastSearchedAt: string;
}

/** Topics the default site documents: a click usually follows. */
const COVERED_TOPICS = [
  'quickstart',
  'api key',
  'authentication',
  'webhooks',
  'rate limit',
  'pagination',
  'errors',
  'python sdk',
  'node sdk',
  'custom domain',
  'redirects',
  'navigation',
  'openapi',
  'mdx components',
  'code blocks',
  'analytics',
  'search',
  'versioning',
  'localization',
  'github app',
  'preview deployments',
  'cli install',
  'environment variables',
  'oauth',
  'sso',
  'saml',
  'retries',
  'timeouts',
  'changelog',
  'billing',
  'team members',
  'api playground',
  'dark mode',
  'favicon',
  'images',
  'embed video',
  'tabs component',
  'callouts',
  'snippets',
  'llms.txt',
];
/** Topics the default site lacks: readers search and find nothing to click. */
const MISSING_TOPICS = [
  'terraform provider',
  'delete project',
  'soc 2 report',
  'graphql api',
  'ruby sdk',
  'self-hosted',
  'rollback deploy',
  'export pdf',
  'gitlab self-managed',
  'bitbucket',
  'mermaid diagrams',
  'custom fonts',
  'ip allowlist',
  'audit log',
  'eu data residency',
  'jwt expiry',
  'webhook signature verification',
  'rate limit increase',
  'bulk import',
  'scim provisioning',
];
const SUFFIXES = [' example', ' not working', ' setup', ' error', ' limits'];

interface DefaultTerm {
  searchQuery: string;
  weeklyHits: number;
  /** False: no reader clicked a result, so `topClickedPage` is null and `ctr` 0. */
  clicked: boolean;
  /** Seeds the term's own numbers. */
  salt: number;
}

export class SearchDataset {
  private readonly cache = new Map<string, { rows: SearchRow[]; totalSearches: number }>();
  private defaultTerms?: DefaultTerm[];

  constructor(
    private readonly setTerms: SearchTerm[] | undefined,
    private readonly pages: VisitorDataset,
  ) {}

  /** Every term searched in the range, in answer order, and the sum of their hits. */
  query(range: DayRange): { rows: SearchRow[]; totalSearches: number } {
    const key = `${range.fromDay}:${range.toDay}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const rows = (this.setTerms ? this.setRows(range) : this.defaultRows(range)).sort(byHitsThenQuery);
    const result = { rows, totalSearches: rows.reduce((sum, row) => sum + row.hits, 0) };
    if (this.cache.size > 16) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }

  private setRows(range: DayRange): SearchRow[] {
    const { seed } = this.pages;
    return this.setTerms!.map((term, index) => ({
      searchQuery: term.searchQuery,
      hits: term.hits,
      ctr: term.ctr ?? (term.topClickedPage === null ? 0 : clickRate(seed, index)),
      topClickedPage: term.topClickedPage,
      lastSearchedAt: term.lastSearchedAt ?? this.lastSearched(range, index),
    }));
  }

  private defaultRows(range: DayRange): SearchRow[] {
    const { seed } = this.pages;
    const weeks = Math.min(range.toDay - range.fromDay, MAX_DAYS) / 7;
    const rows: SearchRow[] = [];
    for (const term of this.terms()) {
      const hits = Math.round(term.weeklyHits * weeks);
      if (hits === 0) continue;
      const page = Math.floor(unit(seed, term.salt, 52) * this.pages.size);
      rows.push({
        searchQuery: term.searchQuery,
        hits,
        ctr: term.clicked ? clickRate(seed, term.salt) : 0,
        topClickedPage: term.clicked ? this.pages.pathOf(page) : null,
        lastSearchedAt: this.lastSearched(range, term.salt),
      });
    }
    return rows;
  }

  /** The default vocabulary: every topic alone, and about one in four topic-and-suffix pairs. */
  private terms(): DefaultTerm[] {
    if (this.defaultTerms) return this.defaultTerms;
    const { seed } = this.pages;
    const topics = [...COVERED_TOPICS.map((topic) => ({ topic, covered: true })), ...MISSING_TOPICS.map((topic) => ({ topic, covered: false }))];
    const terms: DefaultTerm[] = [];
    topics.forEach(({ topic, covered }, topicIndex) => {
      ['', ...SUFFIXES].forEach((suffix, suffixIndex) => {
        const salt = topicIndex * 8 + suffixIndex;
        if (suffix !== '' && unit(seed, salt, 50) >= 0.25) return;
        // A long tail: a few terms searched hundreds of times a week, most only once or twice.
        const weeklyHits = Math.floor(Math.pow(unit(seed, salt, 51), 3) * (suffix === '' ? 160 : 40)) + 1;
        const clicked = covered && unit(seed, salt, 53) >= 0.12;
        terms.push({ searchQuery: topic + suffix, weeklyHits, clicked, salt });
      });
    });
    this.defaultTerms = terms;
    return terms;
  }

  /** A time in the range's last two weeks, and not after the end of today. */
  private lastSearched(range: DayRange, salt: number): string {
    let endDay = Math.min(range.toDay, this.pages.todayDay + 1);
    if (endDay <= range.fromDay) endDay = range.toDay;
    const startDay = Math.max(range.fromDay, endDay - 14);
    const ms = (startDay + unit(this.pages.seed, salt, 54) * (endDay - startDay)) * DAY_MS;
    return new Date(Math.floor(ms / 1000) * 1000).toISOString();
  }
}

function clickRate(seed: number, salt: number): number {
  return Math.round((0.15 + 0.8 * unit(seed, salt, 55)) * 100) / 100;
}

function byHitsThenQuery(a: SearchRow, b: SearchRow): number {
  if (a.hits !== b.hits) return b.hits - a.hits;
  return a.searchQuery < b.searchQuery ? -1 : a.searchQuery > b.searchQuery ? 1 : 0;
}

/** The ground truth for tests: every term searched in the range, in answer order, and `totalSearches`. */
export function expectedSearches(
  options: VisitorOptions & { searches?: SearchTerm[] },
  range: { dateFrom: string; dateTo: string },
): { rows: SearchRow[]; totalSearches: number } {
  return new SearchDataset(options.searches, datasetFor(options)).query(dayRangeOf(range));
}
