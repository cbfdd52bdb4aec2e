/**
 * The simulator's feedback and search endpoints, held to the vendor's documentation over real
 * HTTP: shapes, limits, orders (documented and undocumented), cursors, validation, auth and faults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedFeedbackByPage, expectedFeedbackEntries, expectedSearches, startSimulator, type AnalyticsOptions, type Simulator } from './index.js';

const analytics = { paths: 600, seed: 3, today: '2026-11-21' };
const week = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };
const dates = `dateFrom=${week.dateFrom}&dateTo=${week.dateTo}`;
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ analytics, readOnlyKeys: ['mint_read_only'] });
});
afterAll(async () => {
  await sim.close();
});

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;

async function get(path: string, server = sim, key = server.apiKey): Promise<{ status: number; body: Body }> {
  const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as Body };
}

/** A simulator with data set by the test, closed when `use` is done. */
async function withData<T>(data: Partial<AnalyticsOptions>, use: (server: Simulator) => Promise<T>): Promise<T> {
  const server = await startSimulator({ analytics: { today: '2026-11-21', ...data } });
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

function messagesOf(body: Body): string[] {
  expect(body.error).toBe('Invalid query parameters');
  return (body.details as Array<{ message: string }>).map((detail) => detail.message);
}

function isSorted<T>(values: T[], compare: (a: T, b: T) => number): boolean {
  return values.every((value, i) => i === 0 || compare(values[i - 1]!, value) <= 0);
}

describe('feedback by page', () => {
  it('answers the first `limit` pages of its own order, an order sorted by nothing, with hasMore', async () => {
    const expected = expectedFeedbackByPage(analytics, week);
    expect(expected.length).toBeGreaterThan(100);
    const first = await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ feedback: expected.slice(0, 10), hasMore: true });
    const rows = (await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=100`)).body.feedback as Row[];
    expect(rows).toEqual(expected.slice(0, 100));
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['code', 'path', 'thumbsDown', 'thumbsUp', 'total']);
      expect(row.total).toBe((row.thumbsUp as number) + (row.thumbsDown as number) + (row.code as number));
      expect(row.total).toBeGreaterThan(0);
    }
    expect(isSorted(rows, (a, b) => (b.thumbsDown as number) - (a.thumbsDown as number))).toBe(false);
    expect(isSorted(rows, (a, b) => (b.total as number) - (a.total as number))).toBe(false);
    expect(isSorted(rows, (a, b) => String(a.path).localeCompare(String(b.path)))).toBe(false);
  });

  it('has no second page: an offset or a cursor changes nothing', async () => {
    const first = await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=5`);
    const again = await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=5&offset=5&cursor=abc`);
    expect(again.body).toEqual(first.body);
  });

  it('answers set rows whatever the range, never in the order the test listed them', async () => {
    const feedback = [
      { path: '/a', thumbsUp: 0, thumbsDown: 9 },
      { path: '/b', thumbsUp: 1, thumbsDown: 7, code: 2 },
      { path: '/c', thumbsUp: 3, thumbsDown: 3, total: 10 },
      { path: '/d', thumbsUp: 4, thumbsDown: 0 },
      { path: '/e', thumbsUp: 0, thumbsDown: 0 },
    ];
    await withData({ feedback }, async (server) => {
      const { body } = await get('/v1/analytics/proj_sim/feedback/by-page?limit=100&dateFrom=2020-01-01&dateTo=2020-01-02', server);
      const rows = body.feedback as Row[];
      expect(body.hasMore).toBe(false);
      expect(rows.map((row) => row.path)).not.toEqual(['/a', '/b', '/c', '/d']);
      expect([...rows].sort((a, b) => String(a.path).localeCompare(String(b.path)))).toEqual([
        { path: '/a', thumbsUp: 0, thumbsDown: 9, code: 0, total: 9 },
        { path: '/b', thumbsUp: 1, thumbsDown: 7, code: 2, total: 10 },
        { path: '/c', thumbsUp: 3, thumbsDown: 3, code: 0, total: 10 },
        { path: '/d', thumbsUp: 4, thumbsDown: 0, code: 0, total: 4 },
      ]);
      expect(rows).toEqual(expectedFeedbackByPage({ today: '2026-11-21', feedback }, week));
      const exact = await get('/v1/analytics/proj_sim/feedback/by-page?limit=4', server);
      expect(exact.body.hasMore).toBe(false);
      const short = await get('/v1/analytics/proj_sim/feedback/by-page?limit=3', server);
      expect(short.body).toEqual({ feedback: rows.slice(0, 3), hasMore: true });
    });
  });

  it('never answers two or more set rows in the listed order, whatever the seed', () => {
    const feedback = [
      { path: '/a', thumbsUp: 0, thumbsDown: 2 },
      { path: '/b', thumbsUp: 0, thumbsDown: 1 },
      { path: '/c', thumbsUp: 1, thumbsDown: 0 },
    ];
    for (let seed = 1; seed <= 12; seed++) {
      for (const size of [2, 3]) {
        const rows = expectedFeedbackByPage({ seed, today: '2026-11-21', feedback: feedback.slice(0, size) }, week);
        expect(rows.map((row) => row.path)).not.toEqual(['/a', '/b', '/c'].slice(0, size));
      }
    }
  });

  it('filters by source; checks status values without applying them', async () => {
    const all = (await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=100`)).body.feedback as Row[];
    const code = (await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=100&source=code_snippet`)).body.feedback as Row[];
    expect(code.length).toBeGreaterThan(0);
    expect(code.length).toBeLessThan(all.length);
    expect(code.every((row) => row.thumbsUp === 0 && row.thumbsDown === 0 && row.total === row.code)).toBe(true);
    const thumbs = (await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=100&source=contextual`)).body.feedback as Row[];
    expect(thumbs.every((row) => row.code === 0 && (row.total as number) > 0)).toBe(true);
    expect((await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&source=agent`)).body).toEqual({ feedback: [], hasMore: false });
    const statuses = await get(`/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=100&status=pending,resolved`);
    expect(statuses.body.feedback).toEqual(all);
  });

  it('refuses a bad query with the vendor’s error shape, naming every problem', async () => {
    for (const limit of ['0', '101', 'ten', '1.5']) {
      const { status, body } = await get(`/v1/analytics/proj_sim/feedback/by-page?limit=${limit}`);
      expect(status).toBe(400);
      expect(messagesOf(body)).toEqual(['limit must be an integer between 1 and 100']);
    }
    const { status, body } = await get('/v1/analytics/proj_sim/feedback/by-page?dateFrom=2026-11-21&dateTo=2026-11-21&source=email&status=open,resolved');
    expect(status).toBe(400);
    const messages = messagesOf(body);
    expect(messages).toContain('dateFrom must be before dateTo');
    expect(messages.some((m) => m.startsWith('source must be one of code_snippet, contextual, agent, thumbs_only'))).toBe(true);
    expect(messages.some((m) => m.startsWith('status must be a comma-separated list of pending'))).toBe(true);
    expect(messagesOf((await get('/v1/analytics/proj_sim/feedback/by-page?dateTo=soon')).body)).toEqual([
      'dateTo must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    ]);
  });

  it('defaults: some of the visitor pages, praised-only pages, ties, counts growing with the range', async () => {
    const options = { today: '2026-11-21' };
    const seven = expectedFeedbackByPage(options, week);
    const thirty = expectedFeedbackByPage(options, { dateFrom: '2026-10-23', dateTo: '2026-11-22' });
    expect(seven.length).toBeGreaterThan(20);
    expect(seven.length).toBeLessThan(60);
    expect(seven.every((row) => /^\/[a-z-]+\/page-(\d+)$/.test(row.path) && Number(row.path.split('-').pop()) < 120)).toBe(true);
    const poorlyRated = seven.filter((row) => row.thumbsDown > 0);
    expect(seven.some((row) => row.thumbsDown === 0 && row.thumbsUp > 0)).toBe(true);
    expect(new Set(poorlyRated.map((row) => row.thumbsDown)).size).toBeLessThan(poorlyRated.length);
    expect(new Set(poorlyRated.map((row) => `${row.thumbsDown}/${row.thumbsUp}`)).size).toBeLessThan(poorlyRated.length);
    const longer = new Map(thirty.map((row) => [row.path, row]));
    expect(seven.every((row) => longer.get(row.path)!.thumbsDown >= row.thumbsDown)).toBe(true);
    expect(thirty.reduce((sum, row) => sum + row.total, 0)).toBeGreaterThan(3 * seven.reduce((sum, row) => sum + row.total, 0));
    const served = await withData({}, (server) => get('/v1/analytics/proj_sim/feedback/by-page?limit=100', server));
    expect(served.body.feedback).toEqual(thirty);
  });
});

describe('searches', () => {
  async function followCursors(limit: number, server = sim, query = dates) {
    const pages: Body[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const page = await get(`/v1/analytics/proj_sim/searches?${query}&limit=${limit}${suffix}`, server);
      expect(page.status).toBe(200);
      pages.push(page.body);
      cursor = page.body.nextCursor as string | null;
    } while (cursor !== null && pages.length < 100);
    return pages;
  }

  it('following nextCursor gives every term once, most hits first, ties by query', async () => {
    const expected = expectedSearches(analytics, week);
    const pages = await followCursors(7);
    expect(pages.length).toBe(Math.ceil(expected.rows.length / 7));
    const rows = pages.flatMap((page) => page.searches as Row[]);
    expect(rows).toEqual(expected.rows);
    expect(new Set(rows.map((row) => row.searchQuery)).size).toBe(rows.length);
    expect(isSorted(rows, (a, b) => (b.hits as number) - (a.hits as number) || (String(a.searchQuery) < String(b.searchQuery) ? -1 : 1))).toBe(true);
    expect(rows.some((row, i) => i > 0 && rows[i - 1]!.hits === row.hits)).toBe(true);
    for (const page of pages) expect(page.totalSearches).toBe(rows.reduce((sum, row) => sum + (row.hits as number), 0));
    for (const page of pages.slice(0, -1)) expect(page.nextCursor).not.toMatch(/^\d+$/);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('answers 50 terms by default and refuses limits outside 1–100', async () => {
    const { body } = await get(`/v1/analytics/proj_sim/searches?${dates}`);
    expect((body.searches as Row[]).length).toBe(50);
    expect(Object.keys(body).sort()).toEqual(['nextCursor', 'searches', 'totalSearches']);
    for (const limit of ['0', '101', '-1', 'x']) {
      expect(messagesOf((await get(`/v1/analytics/proj_sim/searches?limit=${limit}`)).body)).toEqual(['limit must be an integer between 1 and 100']);
    }
    expect((await get('/v1/analytics/proj_sim/searches?limit=100')).status).toBe(200);
  });

  it('refuses a cursor it did not give out, a tampered one, or one used with other dates', async () => {
    const first = await get(`/v1/analytics/proj_sim/searches?${dates}&limit=10`);
    const cursor = first.body.nextCursor as string;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...decoded, n: 20 })).toString('base64url');
    const otherDates = 'dateFrom=2026-10-01&dateTo=2026-11-01';
    for (const [bad, query] of [
      ['10', dates],
      ['%%%', dates],
      ['', dates],
      [Buffer.from('[1]').toString('base64url'), dates],
      [tampered, dates],
      [cursor, otherDates],
    ]) {
      const { status, body } = await get(`/v1/analytics/proj_sim/searches?${query}&limit=10&cursor=${bad}`);
      expect(status).toBe(400);
      expect(messagesOf(body)[0]).toMatch(/^cursor is not valid/);
    }
    const second = await get(`/v1/analytics/proj_sim/searches?${dates}&limit=10&cursor=${cursor}`);
    expect(second.status).toBe(200);
  });

  it('answers set terms whatever the range, sorted, with ctr and lastSearchedAt filled in', async () => {
    const searches = [
      { searchQuery: 'b', hits: 5, topClickedPage: '/b' },
      { searchQuery: 'zeta', hits: 9, topClickedPage: null, lastSearchedAt: '2026-11-20T10:00:00.000Z' },
      { searchQuery: 'a', hits: 5, ctr: 0.4, topClickedPage: null },
      { searchQuery: 'c', hits: 12.5, ctr: 0.25, topClickedPage: '/c' },
    ];
    await withData({ searches }, async (server) => {
      const pages = await followCursors(3, server, 'dateFrom=2026-11-01&dateTo=2026-11-08');
      const rows = pages.flatMap((page) => page.searches as Row[]);
      expect(rows.map((row) => [row.searchQuery, row.hits, row.topClickedPage])).toEqual([
        ['c', 12.5, '/c'],
        ['zeta', 9, null],
        ['a', 5, null],
        ['b', 5, '/b'],
      ]);
      expect(pages[0]!.totalSearches).toBe(31.5);
      expect(rows.map((row) => row.ctr)).toEqual([0.25, 0, 0.4, expect.any(Number)]);
      expect(rows[1]!.lastSearchedAt).toBe('2026-11-20T10:00:00.000Z');
      const filled = Date.parse(rows[0]!.lastSearchedAt as string);
      expect(filled).toBeGreaterThanOrEqual(Date.parse('2026-11-01'));
      expect(filled).toBeLessThan(Date.parse('2026-11-08'));
    });
  });

  it('defaults: realistic terms, a share of them unanswered, clicked pages from the site', () => {
    const { rows } = expectedSearches({ today: '2026-11-21' }, week);
    expect(rows.length).toBeGreaterThan(100);
    const unanswered = rows.filter((row) => row.topClickedPage === null);
    expect(unanswered.length).toBeGreaterThan(rows.length / 5);
    expect(unanswered.length).toBeLessThan(rows.length / 2);
    expect(unanswered.every((row) => row.ctr === 0)).toBe(true);
    const answered = rows.filter((row) => row.topClickedPage !== null);
    expect(answered.every((row) => /^\/[a-z-]+\/page-\d+$/.test(row.topClickedPage!) && row.ctr > 0 && row.ctr <= 1)).toBe(true);
    expect(rows.map((row) => row.searchQuery)).toContain('terraform provider');
  });
});

describe('feedback entries', () => {
  it('holds readers’ comments and e-mail addresses, in the vendor’s shapes, newest first', async () => {
    const pages: Row[][] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor === null ? '' : `&cursor=${cursor}`;
      const { status, body } = await get(`/v1/analytics/proj_sim/feedback?dateFrom=2026-01-01&dateTo=2027-01-01&limit=10${suffix}`);
      expect(status).toBe(200);
      expect(body.hasMore).toBe(body.nextCursor !== null);
      pages.push(body.feedback as Row[]);
      cursor = body.nextCursor as string | null;
    } while (cursor !== null);
    const entries = pages.flat();
    expect(entries).toEqual(expectedFeedbackEntries(analytics));
    expect(entries.filter((entry) => typeof entry.contact === 'string' && /^[a-z.]+@example\.(com|org|net)$/.test(entry.contact)).length).toBeGreaterThan(5);
    expect(entries.filter((entry) => typeof entry.comment === 'string' && entry.comment.length > 20).length).toBeGreaterThan(10);
    expect(isSorted(entries, (a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)))).toBe(true);
    const keys = (source: string) => entries.filter((entry) => entry.source === source).map((entry) => Object.keys(entry).sort().join());
    expect(new Set(keys('contextual'))).toEqual(new Set(['comment,contact,createdAt,helpful,id,path,source,status']));
    expect(new Set(keys('code_snippet'))).toEqual(new Set(['code,comment,createdAt,filename,id,lang,path,source,status']));
  });

  it('filters by range, source and status, and checks them', async () => {
    const all = expectedFeedbackEntries(analytics);
    const recent = (await get(`/v1/analytics/proj_sim/feedback?${dates}&limit=100`)).body.feedback as Row[];
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(all.length);
    const pending = (await get('/v1/analytics/proj_sim/feedback?dateFrom=2026-01-01&limit=100&source=contextual&status=pending')).body.feedback as Row[];
    expect(pending).toEqual(all.filter((entry) => entry.source === 'contextual' && entry.status === 'pending'));
    const { status, body } = await get('/v1/analytics/proj_sim/feedback?source=mail&status=new&limit=500&cursor=x');
    expect(status).toBe(400);
    expect(messagesOf(body)).toHaveLength(3);
  });

  it('answers set entries whatever the range', async () => {
    const feedbackEntries = [
      { path: '/x', comment: 'hi', contact: 'reader@example.com' },
      { path: '/y', comment: null, source: 'thumbs_only' as const },
    ];
    await withData({ feedbackEntries }, async (server) => {
      const { body } = await get('/v1/analytics/proj_sim/feedback?dateFrom=2020-01-01&dateTo=2020-01-02', server);
      expect(body.feedback).toEqual([
        {
          id: 'fb_set_1',
          path: '/x',
          comment: 'hi',
          createdAt: '2026-11-21T23:00:00.000Z',
          source: 'contextual',
          status: 'pending',
          helpful: false,
          contact: 'reader@example.com',
        },
        { id: 'fb_set_2', path: '/y', comment: null, createdAt: '2026-11-21T22:00:00.000Z', source: 'thumbs_only', status: 'pending' },
      ]);
    });
  });
});

describe.each([
  ['feedback-by-page', '/feedback/by-page'],
  ['searches', '/searches'],
  ['feedback-entries', '/feedback'],
] as const)('%s: auth, routing and faults', (endpoint, suffix) => {
  const path = `/v1/analytics/proj_sim${suffix}`;

  it('takes the admin key and read-only keys; refuses others, unknown projects and other methods', async () => {
    sim.resetLog();
    expect((await get(path)).status).toBe(200);
    expect((await get(path, sim, 'mint_read_only')).status).toBe(200);
    expect((await get(path, sim, 'mint_wrong')).body).toEqual({ error: 'Invalid or missing API key' });
    expect((await fetch(sim.url + path)).status).toBe(401);
    expect((await get(`/v1/analytics/proj_other${suffix}`)).body).toEqual({ error: 'Project not found' });
    expect((await fetch(sim.url + path, { method: 'POST', headers: { authorization: `Bearer ${sim.apiKey}` } })).status).toBe(405);
    expect(sim.requests.map((request) => [request.endpoint, request.authorization, request.status])).toEqual([
      [endpoint, 'valid', 200],
      [endpoint, 'read-only', 200],
      [endpoint, 'invalid', 401],
      [endpoint, 'missing', 401],
      [endpoint, 'valid', 404],
      ['unknown', 'valid', 405],
    ]);
    expect(sim.requests[0]!.projectId).toBe('proj_sim');
  });

  it('takes faults aimed at it or at any endpoint, once each', async () => {
    sim.injectFault({ target: endpoint, kind: 'status', status: 500, body: { error: 'Internal error', details: [{ message: 'boom' }] } });
    sim.injectFault({ target: 'visitors', kind: 'status', status: 429 });
    sim.injectFault({ target: 'any', kind: 'malformed-json' });
    sim.injectFault({ target: endpoint, kind: 'duplicate-rows' });
    expect(await get(path)).toEqual({ status: 500, body: { error: 'Internal error', details: [{ message: 'boom' }] } });
    const malformed = await fetch(sim.url + path, { headers: { authorization: `Bearer ${sim.apiKey}` } });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
    const unchanged = await get(`${path}?limit=3`);
    expect(unchanged.body).toEqual((await get(`${path}?limit=3`)).body);
    expect(sim.requests.slice(-4).map((request) => request.fault)).toEqual(['status', 'malformed-json', 'duplicate-rows', undefined]);
    sim.clearFaults();
  });
});

describe('a server that never advances', () => {
  it('answers the first visitors page with hasMore whatever the offset, and the same cursor back for searches and feedback entries', async () => {
    sim.injectFault({ target: 'visitors', kind: 'never-advances', times: Infinity });
    sim.injectFault({ target: 'searches', kind: 'never-advances', times: Infinity });
    sim.injectFault({ target: 'feedback-entries', kind: 'never-advances', times: Infinity });
    try {
      const visitors = `/v1/analytics/proj_sim/visitors?${dates}&limit=3`;
      const first = await get(`${visitors}&offset=0`);
      for (const offset of [3, 6, 10_000]) expect((await get(`${visitors}&offset=${offset}`)).body).toEqual({ ...first.body, hasMore: true });
      expect((first.body.visitors as Row[]).length).toBe(3);

      for (const [endpoint, rowsKey] of [
        ['searches', 'searches'],
        ['feedback', 'feedback'],
      ] as const) {
        const path = `/v1/analytics/proj_sim/${endpoint}?${dates}&limit=5`;
        const start = await get(path);
        const cursor = start.body.nextCursor as string;
        expect(cursor).toEqual(expect.any(String));
        const again = await get(`${path}&cursor=${encodeURIComponent(cursor)}`);
        expect(again.status).toBe(200);
        expect(again.body.nextCursor).toBe(cursor);
        expect(again.body[rowsKey]).toEqual(start.body[rowsKey]);
      }
      // Kept for every request: the queue still holds it.
      expect(sim.requests.slice(-8).every((request) => request.fault === 'never-advances')).toBe(true);
    } finally {
      sim.clearFaults();
    }
    // Cleared: the endpoint advances again.
    const after = await get(`/v1/analytics/proj_sim/visitors?${dates}&limit=3&offset=3`);
    expect((after.body.visitors as Row[]).length).toBe(3);
    expect(after.body.visitors).not.toEqual((await get(`/v1/analytics/proj_sim/visitors?${dates}&limit=3&offset=0`)).body.visitors);
  });

  it('answers the other endpoints unchanged', async () => {
    sim.injectFault({ target: 'any', kind: 'never-advances', times: 1 });
    const path = `/v1/analytics/proj_sim/feedback/by-page?${dates}&limit=5`;
    const faulty = await get(path);
    expect(sim.requests.at(-1)!.fault).toBe('never-advances');
    expect(faulty).toEqual(await get(path));
  });
});

describe('servers that stop advancing part-way, in the vendor’s shapes', () => {
  const visitorsPath = `/v1/analytics/proj_sim/visitors?${dates}&limit=4`;
  const pathsOf = (body: Body): string[] => (body.visitors as Row[]).map((row) => row.path as string);

  it('shifting rows: each page starts one row after the page before it, so it brings one row not seen', async () => {
    const honest = pathsOf((await get(`${visitorsPath}&limit=20&offset=0`)).body);
    sim.injectFault({ target: 'visitors', kind: 'shifting-rows', times: Infinity });
    try {
      const pages = [];
      for (const offset of [0, 4, 8]) pages.push((await get(`${visitorsPath}&offset=${offset}`)).body);
      expect(pages.map(pathsOf)).toEqual([honest.slice(0, 4), honest.slice(1, 5), honest.slice(2, 6)]);
      expect(pages.every((page) => page.hasMore === true && typeof page.totals === 'object')).toBe(true);
    } finally {
      sim.clearFaults();
    }
  });

  it('a short page: fewer rows than asked for, while hasMore says more remain past the page', async () => {
    const honest = pathsOf((await get(`${visitorsPath}&limit=20&offset=0`)).body);
    sim.injectFault({ target: 'visitors', kind: 'short-page', rows: 2 });
    sim.injectFault({ target: 'visitors', kind: 'short-page' });
    const short = (await get(`${visitorsPath}&offset=4`)).body;
    expect(pathsOf(short)).toEqual(honest.slice(4, 6));
    expect(short.hasMore).toBe(true);
    expect(pathsOf((await get(`${visitorsPath}&offset=0`)).body)).toEqual(honest.slice(0, 1));
    expect(sim.requests.slice(-2).map((request) => request.fault)).toEqual(['short-page', 'short-page']);
  });

  it('lies-more: visitors says more remain past the end; searches answers its last page with the cursor it was sent', async () => {
    await withData(
      { paths: 5, searches: Array.from({ length: 7 }, (_, i) => ({ searchQuery: `q${i}`, hits: 10 - i, topClickedPage: null })) },
      async (server) => {
        server.injectFault({ target: 'any', kind: 'lies-more', times: Infinity });
        const end = await get(`/v1/analytics/proj_sim/visitors?${dates}&limit=4&offset=8`, server);
        expect(end.body).toMatchObject({ visitors: [], hasMore: true });
        const searches = `/v1/analytics/proj_sim/searches?${dates}&limit=5`;
        const first = await get(searches, server);
        const cursor = first.body.nextCursor as string;
        const last = await get(`${searches}&cursor=${encodeURIComponent(cursor)}`, server);
        expect((last.body.searches as Row[]).map((row) => row.searchQuery)).toEqual(['q5', 'q6']);
        expect(last.body.nextCursor).toBe(cursor);
        // Every answer keeps the documented shape.
        expect(Object.keys(last.body).sort()).toEqual(['nextCursor', 'searches', 'totalSearches']);
      },
    );
  });

  it('records the body of every answer sent in one piece', async () => {
    const answer = await get(`${visitorsPath}&offset=0`);
    expect(JSON.parse(sim.requests.at(-1)!.answered!)).toEqual(answer.body);
  });
});
