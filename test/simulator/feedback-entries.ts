/**
 * Individual feedback entries, as `GET …/feedback` answers them: what readers wrote (`comment`)
 * and, on page ratings, the e-mail address they left (`contact`). Personal data the action must
 * never read: the simulator serves the endpoint so that a test can prove it is never called, and
 * its default data holds addresses and comments that a leak test can look for anywhere.
 *
 * Shapes follow the vendor's three variants: `contextual` entries add `helpful` and `contact`,
 * `code_snippet` entries add `code`, `filename` and `lang`, `agent` and `thumbs_only` entries carry
 * the base fields only. Newest first (ties: `id`). Set entries (`analytics.feedbackEntries`) are
 * answered whatever the range; the default entries fall on the 45 days up to today, are filtered by
 * the range, and are a sample apart from the per-page counts (the vendor does not say how the two
 * relate).
 */
import type { FeedbackSource } from './page-feedback.js';
import { pick, unit } from './seeded-random.js';
import { DAY_MS, datasetFor, type DayRange, type VisitorDataset, type VisitorOptions } from './visitor-data.js';

export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** An entry as a test sets it; left out: `contextual`, `pending`, not helpful, no contact, an hour apart before the end of today. */
export interface FeedbackEntryInput {
  path: string;
  comment: string | null;
  contact?: string | null;
  helpful?: boolean;
  source?: FeedbackSource;
  status?: FeedbackStatus;
  createdAt?: string;
  id?: string;
  code?: string;
  filename?: string | null;
  lang?: string | null;
}

export interface FeedbackEntry {
  id: string;
  path: string;
  comment: string | null;
  createdAt: string;
  source: FeedbackSource;
  status: FeedbackStatus;
  helpful?: boolean;
  contact?: string | null;
  code?: string;
  filename?: string | null;
  lang?: string | null;
}

const DEFAULT_ENTRIES = 36;
const READERS = [
  'ana.souza',
  'kenji.watanabe',
  'priya.raman',
  'lukas.becker',
  'fatima.haddad',
  'tom.okafor',
  'mei.chen',
  'olga.ivanova',
  'diego.morales',
  'sara.lindqvist',
  'noah.kim',
  'aisha.bello',
];
const MAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];
const PAGE_COMMENTS = [
  'The curl example returns 401 with a key I created today. What am I missing?',
  'Please say which plan this needs before I spend an hour setting it up.',
  'Step 3 refers to a settings tab that no longer exists.',
  'Great page, the diagram finally made the flow click for me.',
  'The Python snippet imports a module that is not in the SDK anymore.',
  'Could you add an example with pagination? The limit/offset part is unclear.',
  'Outdated: the CLI flag was renamed in the last release.',
  'Thanks! Exactly what I needed.',
  'Which regions does this apply to? Our data must stay in the EU.',
  'The webhook payload shown here does not match what we receive.',
];
const CODE_COMMENTS = [
  'This snippet is missing the await.',
  'Copying this gives a syntax error: there is a stray comma.',
  'The import path is wrong for ESM projects.',
];
const AGENT_COMMENTS = [
  'The example request omits the required projectId path parameter.',
  'The response schema lists a field the endpoint no longer returns.',
];
const SNIPPETS = [
  { code: 'const client = new Client({ apiKey: process.env.API_KEY })', filename: 'client.ts', lang: 'typescript' },
  { code: 'curl -H "Authorization: Bearer $API_KEY" https://api.example.com/v1/items', filename: null, lang: 'bash' },
  { code: 'client.items.list(limit=50,)', filename: 'example.py', lang: 'python' },
];

export class FeedbackEntries {
  private defaultEntries?: FeedbackEntry[];

  constructor(
    private readonly setEntries: FeedbackEntryInput[] | undefined,
    private readonly pages: VisitorDataset,
  ) {}

  /** The entries in the range that match the filters, newest first. */
  query(range: DayRange, filter: { source?: FeedbackSource; statuses?: FeedbackStatus[] }): FeedbackEntry[] {
    const entries = this.setEntries ? this.fromSet() : this.defaults().filter((entry) => inRange(entry, range));
    return entries
      .filter(
        (entry) => (filter.source === undefined || entry.source === filter.source) && (filter.statuses === undefined || filter.statuses.includes(entry.status)),
      )
      .sort(newestFirst);
  }

  private defaults(): FeedbackEntry[] {
    if (this.defaultEntries) return this.defaultEntries;
    const { seed, size, todayDay } = this.pages;
    const entries: FeedbackEntry[] = [];
    for (let index = 0; index < DEFAULT_ENTRIES; index++) {
      const at = (todayDay + 1) * DAY_MS - 1000 - Math.floor(unit(seed, index, 60) * 45 * DAY_MS);
      const base = {
        id: `fb_${String(index + 1).padStart(4, '0')}`,
        path: this.pages.pathOf(Math.floor(unit(seed, index, 61) * size)),
        createdAt: new Date(Math.floor(at / 1000) * 1000).toISOString(),
        status: pick(['pending', 'pending', 'in_progress', 'resolved', 'dismissed'] as const, seed, index, 62),
      };
      const kind = unit(seed, index, 63);
      if (kind < 0.6) {
        const reader = pick(READERS, seed, index, 64);
        const contact = unit(seed, index, 65) < 0.75 ? `${reader}@${pick(MAIL_DOMAINS, seed, index, 66)}` : null;
        const comment = pick(PAGE_COMMENTS, seed, index, 67);
        entries.push({ ...base, source: 'contextual', comment, helpful: /great|thanks/i.test(comment), contact });
      } else if (kind < 0.8) {
        entries.push({ ...base, source: 'code_snippet', comment: pick(CODE_COMMENTS, seed, index, 68), ...pick(SNIPPETS, seed, index, 69) });
      } else if (kind < 0.9) {
        entries.push({ ...base, source: 'thumbs_only', comment: null });
      } else {
        entries.push({ ...base, source: 'agent', comment: pick(AGENT_COMMENTS, seed, index, 70) });
      }
    }
    this.defaultEntries = entries;
    return entries;
  }

  private fromSet(): FeedbackEntry[] {
    const endOfToday = (this.pages.todayDay + 1) * DAY_MS;
    return this.setEntries!.map((input, index) => {
      const source = input.source ?? 'contextual';
      const base = {
        id: input.id ?? `fb_set_${index + 1}`,
        path: input.path,
        comment: input.comment,
        createdAt: input.createdAt ?? new Date(endOfToday - (index + 1) * 3_600_000).toISOString(),
        source,
        status: input.status ?? 'pending',
      };
      if (source === 'contextual') return { ...base, helpful: input.helpful ?? false, contact: input.contact ?? null };
      if (source === 'code_snippet') return { ...base, code: input.code ?? '', filename: input.filename ?? null, lang: input.lang ?? null };
      return base;
    });
  }
}

function inRange(entry: FeedbackEntry, range: DayRange): boolean {
  const day = Math.floor(Date.parse(entry.createdAt) / DAY_MS);
  return day >= range.fromDay && day < range.toDay;
}

function newestFirst(a: FeedbackEntry, b: FeedbackEntry): number {
  const newer = (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0);
  if (newer !== 0) return newer;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The ground truth for leak tests: every entry the endpoint can answer, whatever the range or
 * filters, with the comments and e-mail addresses that must never appear in anything the action writes.
 */
export function expectedFeedbackEntries(options: VisitorOptions & { feedbackEntries?: FeedbackEntryInput[] }): FeedbackEntry[] {
  const entries = new FeedbackEntries(options.feedbackEntries, datasetFor(options));
  return entries.query({ fromDay: -Infinity, toDay: Infinity }, {});
}
