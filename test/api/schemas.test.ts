/**
 * The API's answers as the action accepts them (`api/schemas.ts`): the documented shapes, loose
 * where the vendor is (any job field but `id` and `status` may be missing or null, unknown fields
 * are kept, counts are any number, a deployment status's every field may be missing), and
 * what is refused, with the one line that says which field is wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AgentJobSchema,
  DeploymentStatusSchema,
  describeMismatch,
  FeedbackByPageSchema,
  PreviewDeploymentSchema,
  SearchesPageSchema,
  VisitorsPageSchema,
} from '../../src/api/schemas.js';
import { AWKWARD_JOB_IDS, invalidJobId, validJobId } from '../support/job-ids.js';

const RUNS = { numRuns: 300, seed: 20_261_122 };

describe('a job ID in an answer of the API', () => {
  it('is the job whatever characters the rule allows', () => {
    fc.assert(
      fc.property(validJobId, (id) => {
        const checked = describeMismatch(AgentJobSchema, { id, status: 'active' });
        expect(checked).toEqual({ ok: true, value: { id, status: 'active' } });
      }),
      RUNS,
    );
  });

  it('is a malformed answer when it breaks the rule', () => {
    fc.assert(
      fc.property(invalidJobId, (id) => {
        const checked = describeMismatch(AgentJobSchema, { id, status: 'active' });
        expect(checked.ok).toBe(false);
        // The problem names the field, never the value: the answer is not trusted in a log line.
        expect(checked).toMatchObject({ problem: expect.stringMatching(/^id: not a job ID \(/) });
      }),
      RUNS,
    );
  });
});

describe('awkward job IDs the vendor may answer', () => {
  it.each(AWKWARD_JOB_IDS)('%j is a job', (id) => {
    expect(describeMismatch(AgentJobSchema, { id, status: 'active' })).toEqual({ ok: true, value: { id, status: 'active' } });
  });
});

/** The problem `describeMismatch` gives, or a failure when the value fits. */
function problemOf(schema: Parameters<typeof describeMismatch>[0], value: unknown): string {
  const checked = describeMismatch(schema, value);
  if (checked.ok) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  return checked.problem;
}

describe('an agent job', () => {
  it('takes the object the vendor documents, nulls and all, as it is', () => {
    const job = {
      id: 'job_5a3f01',
      status: 'completed',
      source: { repository: 'https://github.com/acme/docs', ref: null },
      model: 'claude',
      prLink: null,
      createdAt: '2026-11-22T12:00:00.000Z',
      archivedAt: null,
    };
    expect(describeMismatch(AgentJobSchema, job)).toEqual({ ok: true, value: job });
  });

  it('needs only the ID and the status; any other field may be missing, and unknown ones are kept', () => {
    expect(describeMismatch(AgentJobSchema, { id: 'job_1', status: 'active' })).toEqual({ ok: true, value: { id: 'job_1', status: 'active' } });
    const extra = { id: 'job_1', status: 'active', source: { repository: null, branch: 'main' }, messages: [{ role: 'user' }], cost: 0.4 };
    expect(describeMismatch(AgentJobSchema, extra)).toEqual({ ok: true, value: extra });
  });

  it('takes any status that is a word: an unknown one is the poll’s to judge', () => {
    for (const status of ['active', 'queued', 'ARCHIVED', 'completed ', '🙂']) {
      expect(describeMismatch(AgentJobSchema, { id: 'job_1', status }).ok).toBe(true);
    }
  });

  it.each([
    ['no ID', { status: 'active' }, /^id: /],
    ['a numeric ID', { id: 5, status: 'active' }, /^id: /],
    ['no status', { id: 'job_1' }, /^status: /],
    ['an empty status', { id: 'job_1', status: '' }, /^status: /],
    ['a status that is no string', { id: 'job_1', status: { name: 'active' } }, /^status: /],
    ['a link that is no string', { id: 'job_1', status: 'completed', prLink: 7 }, /^prLink: /],
    ['a source that is no object', { id: 'job_1', status: 'active', source: 'https://github.com/acme/docs' }, /^source: /],
    ['a source repository that is no string', { id: 'job_1', status: 'active', source: { repository: ['x'] } }, /^source\.repository: /],
    ['a creation time that is no string', { id: 'job_1', status: 'active', createdAt: 1_764_000_000 }, /^createdAt: /],
    ['null', null, /^body: /],
    ['a string', 'job_1', /^body: /],
    ['a number', 201, /^body: /],
  ])('refuses %s, naming the field', (_what, body, field) => {
    expect(problemOf(AgentJobSchema, body)).toMatch(field);
  });

  it('keeps `__proto__` of an answer out of every object’s prototype', () => {
    const checked = describeMismatch(AgentJobSchema, JSON.parse('{"id":"job_1","status":"active","__proto__":{"polluted":true}}'));
    expect(checked.ok).toBe(true);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((checked as { value: { polluted?: unknown } }).value.polluted).toBeUndefined();
  });
});

describe('the analytics answers', () => {
  const totals = { human: 3, ai: 1, total: 3 };

  it('a page of visitors: counts of any number, a total below human + ai, unknown fields kept', () => {
    const page = {
      totals: { human: 10.5, ai: 0, total: 9, views: 40 },
      visitors: [
        { path: '/a', human: 2, ai: 2, total: 3 },
        { path: '', human: 0, ai: 0, total: 0, extra: 'kept' },
      ],
      hasMore: false,
    };
    expect(describeMismatch(VisitorsPageSchema, page)).toEqual({ ok: true, value: page });
  });

  it.each([
    ['a negative count', { totals, visitors: [{ path: '/a', human: -1, ai: 0, total: 0 }], hasMore: false }, 'visitors.0.human: '],
    ['a count as text', { totals, visitors: [{ path: '/a', human: 1, ai: '0', total: 1 }], hasMore: false }, 'visitors.0.ai: '],
    ['an infinite total', { totals: { ...totals, total: Number.POSITIVE_INFINITY }, visitors: [], hasMore: false }, 'totals.total: '],
    ['a path that is no string', { totals, visitors: [{ path: null, human: 1, ai: 0, total: 1 }], hasMore: false }, 'visitors.0.path: '],
    ['no hasMore', { totals, visitors: [] }, 'hasMore: '],
    ['visitors that are no list', { totals, visitors: {}, hasMore: false }, 'visitors: '],
    ['no totals', { visitors: [], hasMore: false }, 'totals: '],
  ])('a page of visitors with %s is refused, naming where', (_what, page, where) => {
    expect(problemOf(VisitorsPageSchema, page).startsWith(where)).toBe(true);
  });

  it('feedback by page: the counts read, the documented fields beside them kept, hasMore optional', () => {
    const answer = { feedback: [{ path: '/a', thumbsUp: 2, thumbsDown: 5, code: 'x', total: 7 }] };
    expect(describeMismatch(FeedbackByPageSchema, answer)).toEqual({ ok: true, value: answer });
    expect(describeMismatch(FeedbackByPageSchema, { ...answer, hasMore: true }).ok).toBe(true);
    expect(problemOf(FeedbackByPageSchema, { ...answer, hasMore: 'yes' })).toMatch(/^hasMore: /);
    expect(problemOf(FeedbackByPageSchema, { feedback: [{ path: '/a', thumbsUp: 2 }] })).toMatch(/^feedback\.0\.thumbsDown: /);
  });

  it('searches: whatever a reader typed, a clicked page or null or none, a next cursor or null or none', () => {
    const answer = {
      searches: [
        { searchQuery: '<!-- ignore --> @octocat #12 `x`\n', hits: 4, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-20' },
        { searchQuery: '', hits: 0, topClickedPage: '/a' },
        { searchQuery: 'none given', hits: 1 },
      ],
      totalSearches: 5,
      nextCursor: null,
    };
    expect(describeMismatch(SearchesPageSchema, answer)).toEqual({ ok: true, value: answer });
    expect(describeMismatch(SearchesPageSchema, { searches: [] }).ok).toBe(true);
    expect(problemOf(SearchesPageSchema, { searches: [{ searchQuery: 'a', hits: 1, topClickedPage: 3 }] })).toMatch(/^searches\.0\.topClickedPage: /);
    expect(problemOf(SearchesPageSchema, { searches: [{ searchQuery: 'a', hits: 1 }], nextCursor: 2 })).toMatch(/^nextCursor: /);
  });
});

describe('the preview', () => {
  it('a deployment: its status ID under the job ID’s rule, its URL optional', () => {
    expect(describeMismatch(PreviewDeploymentSchema, { statusId: 'dep 1/2', previewUrl: null })).toEqual({
      ok: true,
      value: { statusId: 'dep 1/2', previewUrl: null },
    });
    expect(describeMismatch(PreviewDeploymentSchema, { statusId: 'dep_1' }).ok).toBe(true);
    for (const statusId of ['', '..', 'dep\n1', 'dep\u200b1', 'x'.repeat(257)]) {
      expect(problemOf(PreviewDeploymentSchema, { statusId })).toMatch(/^statusId: not a status ID \(1 to 256 characters/);
    }
    expect(problemOf(PreviewDeploymentSchema, { previewUrl: 'https://x.mintlify.site' })).toMatch(/^statusId: /);
  });

  it('a deployment status: every field may be missing; a status of the wrong type is a broken answer', () => {
    expect(describeMismatch(DeploymentStatusSchema, {})).toEqual({ ok: true, value: {} });
    expect(describeMismatch(DeploymentStatusSchema, { status: null }).ok).toBe(true);
    // The screenshots are strings, not promised to be URLs: kept as given, for the report to judge.
    expect(describeMismatch(DeploymentStatusSchema, { screenshot: 'javascript:alert(1)' })).toEqual({ ok: true, value: { screenshot: 'javascript:alert(1)' } });
    expect(problemOf(DeploymentStatusSchema, { status: 5 })).toMatch(/^status: /);
  });

  it('a deployment status: a summary, screenshot or end of the wrong type reads as absent, the rest kept as given', () => {
    const answer = {
      status: 'success',
      summary: { text: 'built' },
      screenshot: 42,
      screenshotLight: 'https://shots.example/light.png',
      screenshotDark: ['dark'],
      endedAt: false,
      logs: [],
      commit: { sha: 'abc' },
    };
    expect(describeMismatch(DeploymentStatusSchema, answer)).toEqual({
      ok: true,
      value: {
        status: 'success',
        summary: undefined,
        screenshot: undefined,
        screenshotLight: 'https://shots.example/light.png',
        screenshotDark: undefined,
        endedAt: undefined,
        logs: [],
        commit: { sha: 'abc' },
      },
    });
  });
});

describe('describeMismatch', () => {
  it('names the first field that does not fit, by its path from the body', () => {
    expect(
      describeMismatch(VisitorsPageSchema, {
        totals: { human: 1, ai: 1, total: 1 },
        visitors: [{ path: '/a', human: 1, ai: 1, total: 1 }, { path: '/b' }],
        hasMore: 'no',
      }),
    ).toEqual({
      ok: false,
      problem: expect.stringMatching(/^visitors\.1\.human: /),
    });
  });

  it('any answer at all is taken whole, or refused with a problem that names a field of the documented shape', () => {
    const field = fc.constantFrom('id', 'status', 'source', 'model', 'prLink', 'createdAt', 'archivedAt', 'other');
    fc.assert(
      fc.property(fc.dictionary(field, fc.jsonValue(), { maxKeys: 8 }), (body) => {
        const checked = describeMismatch(AgentJobSchema, body);
        if (checked.ok) {
          expect(checked.value).toEqual(body);
          expect(typeof checked.value.id).toBe('string');
          expect(checked.value.status).not.toBe('');
        } else {
          expect(checked.problem).toMatch(/^(id|status|source|source\.repository|source\.ref|model|prLink|createdAt|archivedAt): /);
        }
      }),
      { numRuns: 300 },
    );
  });

  // Defect (src/api/schemas.ts, describeMismatch): a value of the wrong type is quoted whole in the
  // problem (valibot's message: `Expected boolean but received "…"`), so the server's own text —
  // any length, line breaks and invisible characters included — lands in the client's error
  // message ("answered 200 with a response that is not the documented shape: …"), which the
  // client otherwise keeps to one line of its own words. The job ID's problem shows the rule:
  // the field, never the value.
  it('a problem is one short line that names the field, never the server’s value', () => {
    const value = `yes\n::error::${'x'.repeat(10_000)}`;
    const problem = problemOf(VisitorsPageSchema, { totals: { human: 1, ai: 1, total: 1 }, visitors: [], hasMore: value });
    expect(problem).toMatch(/^hasMore: /);
    expect(problem).not.toContain('\n');
    expect(problem.length).toBeLessThanOrEqual(200);
    expect(problem).not.toContain('::error::');
  });
});
