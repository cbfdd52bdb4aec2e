/**
 * What a refresh reports (`report/refresh-report.ts`): its summary, as GitHub renders it — the
 * range, why each page and search term was chosen (a table per signal, with its figures), a
 * signal left out and why, then the agent's outcome — and its outputs, every agent output and
 * `signals`. Page paths and search terms come from readers: shown as written, as the choice
 * cleaned them, never markup, a link, a mention or a marker.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import { parseDate } from '../../src/parse.js';
import { busiestPages, poorlyRatedPages, unansweredSearches, type ReaderSignals } from '../../src/refresh/choose.js';
import { buildRefreshPrompt, REFRESH_INSTRUCTION } from '../../src/refresh/prompt.js';
import type { RefreshRun, SignalOutcome } from '../../src/refresh/run-refresh.js';
import { refreshOutputs, renderRefreshSummary } from '../../src/report/refresh-report.js';
import { renderedTables } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

const NOW = Date.UTC(2026, 10, 22, 12);
const RANGE = { dateFrom: parseDate('2026-11-14', NOW), dateTo: parseDate('2026-11-21', NOW) };
const SIGNALS: ReaderSignals = {
  pages: [
    { path: '/api/auth', signal: 'visitors', visitors: 12_345 },
    { path: '/quickstart', signal: 'visitors', visitors: 900 },
    { path: '/sso', signal: 'feedback', thumbsUp: 1, thumbsDown: 3 },
  ],
  searches: [{ query: 'rate limit', hits: 1_200 }],
};
const READ: SignalOutcome[] = [
  { signal: 'visitors', read: true, considered: 1_234, chosen: 2 },
  { signal: 'feedback', read: true, considered: 40, chosen: 1 },
  { signal: 'searches', read: true, considered: 250, chosen: 1 },
];

/** A job that opened a PR from the prompt these signals make. */
function agentRun(signals: ReaderSignals = SIGNALS): AgentRun {
  const run = newRun(undefined, buildRefreshPrompt(REFRESH_INSTRUCTION, signals, '7 days'), 0, 'pr-opened');
  run.jobId = 'job_1';
  run.job = { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' };
  run.delivery = 'accepted';
  return run;
}

const refresh = (more: Partial<RefreshRun> = {}): RefreshRun => ({ range: RANGE, outcomes: READ, signals: SIGNALS, agent: agentRun(), ...more });

describe('the summary', () => {
  it('the range, then each signal with why its pages or terms were chosen and their figures, then the job', () => {
    const summary = renderRefreshSummary(refresh(), 9);
    expect(summary.split('\n').slice(0, 3)).toEqual(['## Documentation refresh from reader signals', '', '**7 days: 2026-11-14 to 2026-11-20**']);
    const text = readText(summary);
    for (const said of [
      'Pages readers use most The most unique visitors in the period (ties: path). 2 chosen of 1,234 read.',
      'Pages readers rate poorly At least one thumbs-down: most thumbs-down first, then the higher share of thumbs-down, then path. 1 chosen of 40 read.',
      'What readers search for and do not find Searched for, and no reader clicked a result: most searches first. 1 chosen of 250 read.',
    ]) {
      expect(text).toContain(said);
    }
    expect(renderedTables(summary).slice(0, 3)).toEqual([
      [
        ['Page', 'Unique visitors'],
        ['/api/auth', '12,345'],
        ['/quickstart', '900'],
      ],
      [
        ['Page', '👎 Thumbs-down', '👍 Thumbs-up', 'Share of thumbs-down'],
        ['/sso', '3', '1', '75.0%'],
      ],
      [
        ['Search term', 'Searches'],
        ['rate limit', '1,200'],
      ],
    ]);
    // The agent's outcome follows, with this step's requests.
    expect(summary.indexOf('## Documentation agent')).toBeGreaterThan(summary.indexOf('rate limit'));
    expect(summary).toContain('| API requests | 9 |');
    expectShownAsWritten(summary, ['/api/auth', '/sso', 'rate limit'], { links: ['https://github.com/acme/docs/pull/7'], details: 1 });
  });

  it('a signal that chose nothing has its line and no table; one not read says why, as code; one that stopped advancing says so', () => {
    const reason = 'GET /v1/analytics/{projectId}/visitors answered 500: @octocat broke #12';
    const outcomes: SignalOutcome[] = [
      { signal: 'visitors', read: false, reason },
      { signal: 'feedback', read: true, considered: 7, chosen: 0 },
      {
        signal: 'searches',
        read: true,
        considered: 3,
        chosen: 1,
        notAdvancing: 'The API stopped advancing on GET /v1/analytics/{projectId}/searches: it answered with a cursor already followed.',
      },
    ];
    const signals: ReaderSignals = { pages: [], searches: [{ query: 'sso', hits: 2 }] };
    const summary = renderRefreshSummary(refresh({ outcomes, signals, agent: agentRun(signals) }), 3);
    const text = readText(summary);
    expect(text).toContain('Pages readers use most ⚠️ Not read, so left out: GET /v1/analytics/{projectId}/visitors answered 500: @octocat broke #12');
    expect(text).toContain(
      'Pages readers rate poorly At least one thumbs-down: most thumbs-down first, then the higher share of thumbs-down, then path. 0 chosen of 7 read. What readers',
    );
    expect(text).toContain(
      '1 chosen of 3 read. ⚠️ The API stopped advancing on GET /v1/analytics/{projectId}/searches: it answered with a cursor already followed.',
    );
    expect(renderedTables(summary)[0]).toEqual([
      ['Search term', 'Searches'],
      ['sso', '2'],
    ]);
    expectShownAsWritten(summary, [reason], { links: ['https://github.com/acme/docs/pull/7'], details: 1 });
  });

  it('a path or a term is cut to 120 characters in the table (the prompt has it whole)', () => {
    const long = `/${'a'.repeat(200)}`;
    const signals: ReaderSignals = { pages: [{ path: long, signal: 'visitors', visitors: 1 }], searches: [] };
    const summary = renderRefreshSummary(refresh({ outcomes: [READ[0]!], signals, agent: agentRun(signals) }), 1);
    expect(renderedTables(summary)[0]![1]![0]).toBe(`${long.slice(0, 119)}…`);
  });

  it.each(OUTSIDE_CASES)('a path and a search term %j: shown as the choice cleaned them, tables whole', (_short, text) => {
    const signals: ReaderSignals = {
      pages: [...busiestPages([{ path: text, human: 1, ai: 1, total: 2 }], 5), ...poorlyRatedPages([{ path: text, thumbsUp: 0, thumbsDown: 1 }], 5)],
      searches: unansweredSearches([{ searchQuery: text, hits: 3, topClickedPage: null }], 5),
    };
    const outcomes: SignalOutcome[] = [
      { signal: 'visitors', read: true, considered: 1, chosen: signals.pages.length / 2 },
      { signal: 'feedback', read: true, considered: 1, chosen: signals.pages.length / 2 },
      { signal: 'searches', read: true, considered: 1, chosen: signals.searches.length },
    ];
    const summary = renderRefreshSummary(refresh({ outcomes, signals, agent: agentRun(signals) }), 4);
    expectShownAsWritten(summary, [...signals.pages.map((page) => page.path), ...signals.searches.map((search) => search.query)], {
      links: ['https://github.com/acme/docs/pull/7'],
      details: 1,
    });
  });
});

describe('a run that made requests but sent no job', () => {
  const refreshRun = (agent: AgentRun) => ({ range: { dateFrom: undefined, dateTo: undefined }, outcomes: [], signals: { pages: [], searches: [] }, agent });
  const readOnly = (outcome: 'cancelled' | 'dry-run'): AgentRun => newRun(undefined, 'Document it', 0, outcome);

  it('a refresh cancelled while reading the signals says the analytics were read and no job was created, never that nothing was sent', () => {
    const summary = renderRefreshSummary(refreshRun(readOnly('cancelled')), 6);
    expect(summary).toContain('| API requests | 6 |');
    expect(summary).not.toMatch(/nothing was sent/i);
    expect(summary).toContain('The step was cancelled before any job was created: the analytics were read (6 API requests, reads only); no job was created.');
  });

  it('a refresh dry run says the analytics were read, not that nothing was sent', () => {
    const summary = renderRefreshSummary(refreshRun(readOnly('dry-run')), 4);
    expect(summary).not.toMatch(/nothing was sent/i);
    expect(summary).toContain('Dry run: would create a new agent job. The analytics were read (4 API requests, reads only); no job was created.');
  });
});

describe('the outputs', () => {
  it('every agent output, and the signals as JSON', () => {
    const outputs = refreshOutputs(refresh(), 9);
    expect(outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': 'job_1', 'pr-link': 'https://github.com/acme/docs/pull/7', requests: '9' });
    expect(JSON.parse(outputs.signals!)).toEqual(SIGNALS);
  });

  it('the signals without what renders as nothing, still JSON', () => {
    const signals: ReaderSignals = { pages: [{ path: '/a\u200bb', signal: 'visitors', visitors: 1 }], searches: [{ query: 'x\u202ey\u{E0041}', hits: 1 }] };
    const outputs = refreshOutputs(refresh({ signals }), 1);
    expect(JSON.parse(outputs.signals!)).toEqual({ pages: [{ path: '/ab', signal: 'visitors', visitors: 1 }], searches: [{ query: 'xy', hits: 1 }] });
  });
});
