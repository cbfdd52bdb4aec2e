/**
 * The refresh run (src/refresh/run-refresh.ts), in process against a fake API and fake time: each
 * signal's share of the step's deadline, why a signal was left out, and the record of a run that
 * sent nothing (cancelled, skipped, every signal failed, no time left for the job).
 */
import { describe, expect, it } from 'vitest';
import type { ReadLimits } from '../../src/api/budget.js';
import type { FeedbackByPage, SearchesPage, VisitorsPage } from '../../src/api/schemas.js';
import { parseSettings } from '../../src/inputs.js';
import { runRefresh, type RefreshDeps } from '../../src/refresh/run-refresh.js';
import { CancelledError } from '../../src/runtime.js';
import type { RefreshSettings } from '../../src/settings.js';
import { FakeTime, recordingLogger, seededRandom } from '../support/fake-time.js';

type Endpoint = 'visitors' | 'feedback' | 'searches';

interface Answers {
  readonly visitors?: () => Promise<VisitorsPage>;
  readonly feedback?: () => Promise<FeedbackByPage>;
  readonly searches?: () => Promise<SearchesPage>;
}

const ONE_VISITED: VisitorsPage = { totals: { human: 7, ai: 0, total: 7 }, visitors: [{ path: '/busy', human: 7, ai: 0, total: 7 }], hasMore: false };
const ONE_RATED: FeedbackByPage = { feedback: [{ path: '/api/limits', thumbsUp: 1, thumbsDown: 5 }] };
const ONE_SEARCHED: SearchesPage = { searches: [{ searchQuery: 'rotate key', hits: 9, topClickedPage: null }], nextCursor: null };

/** The settings a refresh step with these inputs gets, as the entry layer parses them: a week's range, 30 s, no wait for the job. */
function settingsOf(inputs: Readonly<Record<string, string>> = {}): RefreshSettings {
  const given: Record<string, string> = {
    command: 'refresh',
    'api-key': 'mint_fake_admin_key',
    'project-id': 'proj_1',
    'date-from': '2026-11-14',
    'date-to': '2026-11-21',
    timeout: '30s',
    wait: 'false',
    ...inputs,
  };
  const { settings } = parseSettings((name) => given[name], { event: { name: '', payload: {}, actor: 'octocat' }, nowMs: Date.UTC(2026, 10, 22), env: {} });
  if (settings.command !== 'refresh') throw new Error('not a refresh');
  return settings;
}

/**
 * A run against an API that answers each analytics read with `answers` (one visited page, one
 * poorly rated page and one unanswered term by default), and any create with a running job.
 * Each read is recorded with when it was asked and the instant no retry of it may pass, both
 * from the start of the run; `cancel` cancels the run as SIGINT would.
 */
function setup(answersOf: (time: FakeTime, cancel: () => void) => Answers = () => ({})) {
  const time = new FakeTime();
  const logger = recordingLogger();
  const controller = new AbortController();
  const answers = answersOf(time, () => controller.abort(new CancelledError('cancelled by SIGINT')));
  const startedAt = time.now();
  // The step's deadline: its 30 s timeout (the settings' `timeout`) from the start.
  const deadline = startedAt + 30_000;
  const reads: Array<{ endpoint: Endpoint; at: number; until: number | undefined }> = [];
  const created: string[] = [];
  let requests = 0;
  const read = <T>(endpoint: Endpoint, limits: ReadLimits | undefined, answer: () => Promise<T>): Promise<T> => {
    requests += 1;
    reads.push({ endpoint, at: time.now() - startedAt, until: limits?.until === undefined ? undefined : limits.until - startedAt });
    return answer();
  };
  const client: RefreshDeps['client'] = {
    get requestCount() {
      return requests;
    },
    getVisitors: (_query, limits) => read('visitors', limits, answers.visitors ?? (() => Promise.resolve(ONE_VISITED))),
    getFeedbackByPage: (_query, limits) => read('feedback', limits, answers.feedback ?? (() => Promise.resolve(ONE_RATED))),
    getSearches: (_query, limits) => read('searches', limits, answers.searches ?? (() => Promise.resolve(ONE_SEARCHED))),
    createJob: (prompt) => {
      requests += 1;
      created.push(prompt);
      return Promise.resolve({ id: 'job_1', status: 'running' });
    },
    sendMessage: () => Promise.reject(new Error('no message is sent here')),
    getJob: () => Promise.reject(new Error('no job is read here')),
  };
  const deps: RefreshDeps = { client, clock: time, sleep: time.sleep, random: seededRandom(1), logger, signal: controller.signal, deadline };
  return { logger, startedAt, reads, created, deps };
}

/** An answer that takes `ms` of the fake clock. */
const after =
  <T>(time: FakeTime, ms: number, value: T) =>
  (): Promise<T> => {
    time.advance(ms);
    return Promise.resolve(value);
  };

/** The record of a run that sent nothing, as the agent's report reads it. */
const nothingSent = (startedAt: number) => ({
  mode: 'create',
  prompt: '',
  startedAt,
  jobId: undefined,
  job: undefined,
  timedOut: false,
  waitedMs: 0,
  error: undefined,
  delivery: 'none',
});

/** A page of `rows` visitors that says more remain. */
const fullPage = (rows: number): VisitorsPage => ({
  totals: { human: 100, ai: 0, total: 100 },
  visitors: Array.from({ length: rows }, (_, i) => ({ path: `/page-${i}`, human: 1, ai: 0, total: 1 })),
  hasMore: true,
});

/** A searches endpoint whose every page takes `ms` and brings one new unanswered term and a new cursor: never settled, never stalled. */
function slowSearches(time: FakeTime, ms: number): () => Promise<SearchesPage> {
  let pages = 0;
  return () => {
    time.advance(ms);
    pages += 1;
    return Promise.resolve({ searches: [{ searchQuery: `term ${pages}`, hits: 9, topClickedPage: null }], nextCursor: `c${pages}` });
  };
}

describe("each signal's share of the step's timeout", () => {
  it('is the time left split evenly among the signals still to read: a third, then half of what the first left, then all that is left', async () => {
    // Of 30 s, visitors take 4 s, feedback 2 s and searches 1 s.
    const { deps, reads, created } = setup((time) => ({
      visitors: after(time, 4_000, ONE_VISITED),
      feedback: after(time, 2_000, ONE_RATED),
      searches: after(time, 1_000, ONE_SEARCHED),
    }));
    const run = await runRefresh(settingsOf(), deps);
    expect(reads).toEqual([
      { endpoint: 'visitors', at: 0, until: 10_000 },
      { endpoint: 'feedback', at: 4_000, until: 17_000 },
      { endpoint: 'searches', at: 6_000, until: 30_000 },
    ]);
    expect(run.agent.outcome).toBe('submitted');
    expect(created).toHaveLength(1);
  });

  it('with two signals asked, the first has half the time and the second all that is left', async () => {
    const { deps, reads } = setup((time) => ({ feedback: after(time, 3_000, ONE_RATED) }));
    await runRefresh(settingsOf({ 'refresh-signals': 'feedback,searches' }), deps);
    expect(reads).toEqual([
      { endpoint: 'feedback', at: 0, until: 15_000 },
      { endpoint: 'searches', at: 3_000, until: 30_000 },
    ]);
  });

  it("a read that outlasts its share is left out with the share's length; the last signal's share is the step's timeout, and its warning says so", async () => {
    // Visitors: a full page of 10 in 11 s, more to come, past their 10 s share. Feedback: at once.
    // Searches: 10 s a page, never settled; the third request would start after the step's 30 s.
    const { deps, reads, created, logger, startedAt } = setup((time) => ({
      visitors: after(time, 11_000, fullPage(10)),
      searches: slowSearches(time, 10_000),
    }));
    const run = await runRefresh(settingsOf({ 'page-size': '10' }), deps);
    expect(reads.map(({ endpoint, at }) => [endpoint, at])).toEqual([
      ['visitors', 0],
      ['feedback', 11_000],
      ['searches', 11_000],
      ['searches', 21_000],
    ]);
    expect(run.outcomes).toEqual([
      {
        signal: 'visitors',
        read: false,
        reason: "its share of the step's timeout (10s) ran out (10 rows read in 1 page when the timeout ran out; more remain)",
      },
      { signal: 'feedback', read: true, considered: 1, chosen: 1 },
      { signal: 'searches', read: false, reason: "the step's timeout ran out (the timeout ran out before the request)" },
    ]);
    expect(logger.messages('warning')).toEqual([
      "The visitors signal was left out: its share of the step's timeout (10s) ran out (10 rows read in 1 page when the timeout ran out; more remain)",
      "The searches signal was left out: the step's timeout ran out (the timeout ran out before the request)",
    ]);
    // The reads took the whole step: no time is left for the job.
    expect(run.signals).toEqual({ pages: [{ path: '/api/limits', signal: 'feedback', thumbsUp: 1, thumbsDown: 5 }], searches: [] });
    expect(run.agent).toEqual({
      ...nothingSent(startedAt),
      outcome: 'error',
      error: new Error('The timeout ran out while the reader signals were read; no job was created. Raise timeout.'),
    });
    expect(created).toEqual([]);
  });
});

describe('a run that sends nothing', () => {
  it('every signal failed: outcome error, naming each signal with its reason, and no job', async () => {
    const { deps, created, startedAt } = setup((time) => ({
      visitors: after(time, 11_000, fullPage(10)),
      feedback: () => Promise.reject(new Error('feedback is down')),
      searches: () => Promise.reject(new Error('searches are down')),
    }));
    const run = await runRefresh(settingsOf({ 'page-size': '10' }), deps);
    expect(run.agent).toEqual({
      ...nothingSent(startedAt),
      outcome: 'error',
      error: new Error(
        "No reader signal could be read (visitors: its share of the step's timeout (10s) ran out (10 rows read in 1 page when the timeout ran out; more remain); feedback: feedback is down; searches: searches are down); no job was created.",
      ),
    });
    expect(created).toEqual([]);
  });

  it('the one signal asked for failed: the error names it alone', async () => {
    const { deps } = setup(() => ({ searches: () => Promise.reject(new Error('searches are down')) }));
    const run = await runRefresh(settingsOf({ 'refresh-signals': 'searches' }), deps);
    expect(run.agent.error?.message).toBe('No reader signal could be read (searches: searches are down); no job was created.');
  });

  it('cancelled while a signal is read: outcome cancelled with no prompt, and no later signal is read', async () => {
    const { deps, reads, created, startedAt } = setup((_time, cancel) => ({
      feedback: () => {
        cancel();
        return Promise.reject(new CancelledError('cancelled by SIGINT'));
      },
    }));
    const run = await runRefresh(settingsOf(), deps);
    expect(reads.map((read) => read.endpoint)).toEqual(['visitors', 'feedback']);
    expect(run.outcomes).toEqual([{ signal: 'visitors', read: true, considered: 1, chosen: 1 }]);
    expect(run.agent).toEqual({ ...nothingSent(startedAt), outcome: 'cancelled' });
    expect(created).toEqual([]);
  });

  it('nothing qualified: outcome skipped with no prompt, saying why', async () => {
    const { deps, created, startedAt } = setup(() => ({
      visitors: () => Promise.resolve({ totals: { human: 0, ai: 0, total: 0 }, visitors: [], hasMore: false }),
      feedback: () => Promise.resolve({ feedback: [{ path: '/fine', thumbsUp: 3, thumbsDown: 0 }] }),
      searches: () => Promise.resolve({ searches: [{ searchQuery: 'found it', hits: 9, topClickedPage: '/a' }], nextCursor: null }),
    }));
    const run = await runRefresh(settingsOf(), deps);
    expect(run.agent).toEqual({
      ...nothingSent(startedAt),
      outcome: 'skipped',
      skipReason: 'No page and no search term qualified in 7 days: 2026-11-14 to 2026-11-20: nothing to aim a refresh at, so no job was created.',
    });
    expect(created).toEqual([]);
  });
});

describe('the time left for the job', () => {
  it('none when the reads end at the deadline itself: outcome error, no job, and no prompt built', async () => {
    const { deps, created, logger, startedAt } = setup((time) => ({ feedback: after(time, 30_000, ONE_RATED) }));
    const run = await runRefresh(settingsOf({ 'refresh-signals': 'feedback' }), deps);
    expect(run.outcomes).toEqual([{ signal: 'feedback', read: true, considered: 1, chosen: 1 }]);
    expect(run.agent).toEqual({
      ...nothingSent(startedAt),
      outcome: 'error',
      error: new Error('The timeout ran out while the reader signals were read; no job was created. Raise timeout.'),
    });
    expect(created).toEqual([]);
    expect(logger.blocks).toEqual([]);
  });

  it('a millisecond before the deadline the job is created, and the log shows its prompt under its length', async () => {
    const { deps, created, logger } = setup((time) => ({ feedback: after(time, 29_999, ONE_RATED) }));
    const run = await runRefresh(settingsOf({ 'refresh-signals': 'feedback' }), deps);
    expect(run.agent.outcome).toBe('submitted');
    expect(created).toHaveLength(1);
    const prompt = created[0]!;
    expect(prompt.split('\n')).toContain('- /api/limits (5 thumbs-down, 1 thumbs-up)');
    expect(logger.blocks).toEqual([{ title: `Prompt (${prompt.length} characters)`, text: prompt }]);
  });
});
