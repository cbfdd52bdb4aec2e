/**
 * What a sweep finds (`sweep/find.ts`), on an in-memory GitHub: the pull requests whose comment is
 * the action's by the one rule of "ours" and holds a verified record of a job at work, or of a
 * preview a sweep asked for — first through the repository's recent comments (the newest of the
 * identity's on each pull request, by ID, whatever order GitHub lists them in), then, with
 * `pendingStatus`, through the open pull requests whose head is still `pending` and whose comment
 * was not among the recent ones. Each read is bounded and counted; oldest work first.
 */
import { describe, expect, it } from 'vitest';
import { GATE_CONTEXT } from '../../src/constants.js';
import type { GitHubApi, IssueComment, PendingPull, RecentComment } from '../../src/github/api.js';
import { COMMENT_MARKER, MAX_RECORDED_TIMEOUT_MS, type CommentRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import {
  findWorking,
  SWEEP_LOOKBACK_MS,
  SWEEP_MAX_COMMENT_PAGES,
  SWEEP_MAX_OPEN_PULL_PAGES,
  SWEEP_MAX_PENDING_READS,
  type FindOptions,
} from '../../src/sweep/find.js';
import { memoryGitHub } from '../support/memory-github.js';
import { repositoryIdentity, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';

const BOT = 'github-actions[bot]';
const HEAD = 'c'.repeat(40);
const NOW = Date.UTC(2026, 10, 24, 6, 0);
const MINUTE = 60_000;
const REPOSITORY = repositoryIdentity(WORKFLOW_REPOSITORY);
const iso = (ms: number): string => new Date(ms).toISOString();

/** A record of job `jobId` at work since `acceptedAt`. */
const working = (jobId: string, acceptedAt: number): CommentRecord => ({ jobId, headSha: HEAD, working: true, acceptedAt: iso(acceptedAt) });
/** A record of a job that ended. */
const ended = (jobId: string): CommentRecord => ({ jobId, headSha: HEAD });
/** A record of a job that ended, with a preview a sweep asked for at `triggeredAt`. */
const previewAsked = (jobId: string, triggeredAt: number): CommentRecord => ({
  jobId,
  headSha: HEAD,
  preview: { statusId: 'status_1', branch: 'docs/retries', triggeredAt: iso(triggeredAt) },
});

/** The action's comment on pull request `number`: the marker, a report, the record sealed for it (by `seal`). */
function ours(id: number, number: number, record: CommentRecord, more: { updatedAt?: number; authorLogin?: string; seal?: RecordSeal } = {}): RecentComment {
  const body = `${COMMENT_MARKER}\n### Documentation agent\n\n${sealedRecord(record, number, WORKFLOW_REPOSITORY, more.seal ?? TEST_SEAL)}\n`;
  return { id, issueNumber: number, body, authorLogin: more.authorLogin ?? BOT, updatedAt: more.updatedAt ?? NOW };
}

/** Someone's comment on pull request `number`. */
function theirs(id: number, number: number, body = 'LGTM'): RecentComment {
  return { id, issueNumber: number, body, authorLogin: 'octocat', updatedAt: NOW };
}

interface FakeLists {
  /** The repository's recent comments, in the order GitHub lists them. */
  readonly recent?: readonly RecentComment[];
  readonly recentPages?: number;
  readonly recentMore?: boolean;
  /** The open pull requests whose head is `pending`. */
  readonly pending?: readonly number[];
  readonly pendingPages?: number;
  readonly pendingMore?: boolean;
  /** Each pull request's comments, as its own list gives them. */
  readonly byPull?: ReadonlyMap<number, readonly IssueComment[]>;
}

/** GitHub's reads a sweep makes, in memory; each call recorded. */
function fakeGitHub(lists: FakeLists): GitHubApi & { readonly calls: string[] } {
  const base = memoryGitHub([], BOT);
  const { calls } = base;
  return {
    ...base,
    recentComments(since, maxPages) {
      calls.push(`recent ${since} ${maxPages}`);
      return Promise.resolve({ comments: [...(lists.recent ?? [])], more: lists.recentMore ?? false, pages: lists.recentPages ?? 1 });
    },
    openPullsWithPendingStatus(context, maxPages) {
      calls.push(`pending ${context} ${maxPages}`);
      const pulls: PendingPull[] = (lists.pending ?? []).map((number) => ({ number, headSha: HEAD }));
      return Promise.resolve({ pulls, more: lists.pendingMore ?? false, pages: lists.pendingPages ?? 1 });
    },
    listComments(number) {
      calls.push(`list ${number}`);
      return Promise.resolve([...(lists.byPull?.get(number) ?? [])]);
    },
  };
}

const SINCE = NOW - SWEEP_LOOKBACK_MS;
const find = (github: GitHubApi, options: Partial<FindOptions> = {}) =>
  findWorking(github, REPOSITORY, TEST_SEAL, { since: SINCE, pendingStatus: false, ...options });

describe('the window and the bounds of a sweep', () => {
  it('reads back a day and the longest time a record gives a job: two days', () => {
    expect(MAX_RECORDED_TIMEOUT_MS).toBe(24 * 60 * MINUTE);
    expect(SWEEP_LOOKBACK_MS).toBe(2 * 24 * 60 * MINUTE);
  });

  it('asks for the comments since the window began, at most 20 pages, and the pending pull requests at most 10 pages', async () => {
    const github = fakeGitHub({});
    await find(github, { pendingStatus: true });
    expect(SWEEP_MAX_COMMENT_PAGES).toBe(20);
    expect(SWEEP_MAX_OPEN_PULL_PAGES).toBe(10);
    expect(github.calls).toEqual([`recent ${iso(SINCE)} 20`, `pending ${GATE_CONTEXT} 10`]);
  });
});

describe('findWorking through the recent comments', () => {
  it('finds a working record and a preview asked for, oldest work first, each from when it began', async () => {
    const github = fakeGitHub({
      recent: [
        ours(10, 3, working('job_newer', NOW - 5 * MINUTE)),
        ours(11, 4, previewAsked('job_preview', NOW - 30 * MINUTE)),
        ours(12, 5, ended('job_done')),
      ],
      recentPages: 2,
    });
    const found = await find(github);
    expect(found.working).toEqual([
      { number: 4, commentId: 11, record: previewAsked('job_preview', NOW - 30 * MINUTE), acceptedAt: NOW - 30 * MINUTE },
      { number: 3, commentId: 10, record: working('job_newer', NOW - 5 * MINUTE), acceptedAt: NOW - 5 * MINUTE },
    ]);
    // The pages of recent comments, and the identity asked once for the three pull requests.
    expect(found).toMatchObject({ unverified: 0, more: false, reads: 3 });
    expect(github.calls.filter((call) => call === 'identity')).toHaveLength(1);
  });

  it('asks for no identity when no recent comment carries the marker: only the pages are read', async () => {
    const github = fakeGitHub({ recent: [theirs(1, 3), theirs(2, 4, 'Looks good')], recentPages: 3 });
    const found = await find(github);
    expect(found).toEqual({ working: [], unverified: 0, more: false, reads: 3 });
    expect(github.calls).not.toContain('identity');
  });

  it("takes a record of an earlier version (no acceptedAt) as at work since its comment's last update", async () => {
    const record: CommentRecord = { jobId: 'job_old', headSha: HEAD, working: true };
    const found = await find(fakeGitHub({ recent: [ours(20, 6, record, { updatedAt: NOW - 7 * MINUTE })] }));
    expect(found.working).toEqual([{ number: 6, commentId: 20, record, acceptedAt: NOW - 7 * MINUTE }]);
  });

  it("counts the newest comment of the identity on each pull request by ID, whatever order GitHub lists the repository's in", async () => {
    // Listed by update: the older comment (ID 30) was edited last. The newer one (ID 31) says the job ended.
    const recent = [ours(31, 8, ended('job_a'), { updatedAt: NOW - 2 * MINUTE }), ours(30, 8, working('job_a', NOW - 9 * MINUTE), { updatedAt: NOW })];
    expect((await find(fakeGitHub({ recent }))).working).toEqual([]);
    // And the other way round: the newest by ID says the job works.
    const again = [ours(41, 9, working('job_b', NOW - 9 * MINUTE), { updatedAt: NOW - 2 * MINUTE }), ours(40, 9, ended('job_b'), { updatedAt: NOW })];
    expect((await find(fakeGitHub({ recent: again }))).working.map((pull) => pull.commentId)).toEqual([41]);
  });

  it('never counts a copy by someone else, nor a record sealed for another pull request, and counts one that does not verify as unverified', async () => {
    const otherKey = RecordSeal.fromApiKey('mint_another_key_0123456789abcdef');
    const github = fakeGitHub({
      recent: [
        ours(50, 3, working('job_copy', NOW), { authorLogin: 'mallory' }),
        { ...ours(51, 4, working('job_moved', NOW)), issueNumber: 5 },
        ours(52, 6, working('job_rotated', NOW), { seal: otherKey }),
        ours(53, 7, working('job_rotated_too', NOW), { seal: otherKey }),
      ],
    });
    const found = await find(github);
    expect(found).toMatchObject({ working: [], unverified: 3 });
  });

  it('says more when GitHub had more recent comments than the pages read', async () => {
    expect((await find(fakeGitHub({ recentMore: true }))).more).toBe(true);
  });

  it('puts work that began at the same time in the order of its pull request', async () => {
    const github = fakeGitHub({
      recent: [ours(60, 9, working('job_9', NOW - MINUTE)), ours(61, 2, working('job_2', NOW - MINUTE)), ours(62, 5, working('job_5', NOW - 2 * MINUTE))],
    });
    expect((await find(github)).working.map((pull) => pull.number)).toEqual([5, 2, 9]);
  });
});

describe('findWorking through the pending heads (docs-status)', () => {
  it('reads nothing of the pending heads without docs-status', async () => {
    const github = fakeGitHub({ pending: [3] });
    await find(github);
    expect(github.calls.some((call) => call.startsWith('pending') || call.startsWith('list'))).toBe(false);
  });

  it("reads the comments of a pending pull request whose comment was not among the recent ones, and finds its work from the record's time", async () => {
    const old = NOW - 3 * 24 * 60 * MINUTE;
    const github = fakeGitHub({
      recent: [theirs(1, 3)],
      recentPages: 1,
      pending: [3],
      pendingPages: 2,
      byPull: new Map([[3, [theirs(1, 3), ours(70, 3, working('job_old', old))]]]),
    });
    const found = await find(github, { pendingStatus: true });
    expect(found.working).toEqual([{ number: 3, commentId: 70, record: working('job_old', old), acceptedAt: old }]);
    // A page of recent comments, two of pending pull requests, one list of comments, the identity.
    expect(found.reads).toBe(5);
    expect(github.calls).toContain('list 3');
  });

  it('takes a record of an earlier version found through its pending head as at work since the epoch: oldest of all', async () => {
    const record: CommentRecord = { jobId: 'job_oldest', headSha: HEAD, working: true };
    const github = fakeGitHub({
      recent: [ours(80, 4, working('job_recent', NOW - MINUTE))],
      pending: [3],
      byPull: new Map([[3, [ours(81, 3, record)]]]),
    });
    const found = await find(github, { pendingStatus: true });
    expect(found.working.map((pull) => [pull.number, pull.acceptedAt])).toEqual([
      [3, 0],
      [4, NOW - MINUTE],
    ]);
  });

  it("does not read again a pull request whose comment of the action's was among the recent ones, whatever its record says", async () => {
    const github = fakeGitHub({
      recent: [ours(90, 3, ended('job_ended')), ours(91, 4, working('job_4', NOW))],
      pending: [3, 4],
    });
    const found = await find(github, { pendingStatus: true });
    expect(found.working.map((pull) => pull.number)).toEqual([4]);
    expect(github.calls.filter((call) => call.startsWith('list'))).toEqual([]);
  });

  it('does not read again a pull request whose recent record keeps only what its gate was judged on, nor finds work in it', async () => {
    const judgedOnly: CommentRecord = { judged: { sha: HEAD, outcome: 'skipped', skip: 'waived' } };
    const github = fakeGitHub({ recent: [ours(92, 3, judgedOnly)], pending: [3] });
    const found = await find(github, { pendingStatus: true });
    expect(found).toMatchObject({ working: [], unverified: 0 });
    expect(github.calls.filter((call) => call.startsWith('list'))).toEqual([]);
  });

  it("reads again a pull request whose recent comments hold none of the action's", async () => {
    const github = fakeGitHub({ recent: [ours(95, 3, working('job_copy', NOW), { authorLogin: 'mallory' })], pending: [3] });
    await find(github, { pendingStatus: true });
    expect(github.calls).toContain('list 3');
  });

  it('reads at most 50 pending pull requests, oldest listed first, and says more', async () => {
    const pending = Array.from({ length: SWEEP_MAX_PENDING_READS + 1 }, (_, index) => index + 1);
    const github = fakeGitHub({ pending, pendingPages: 1, recentPages: 1 });
    const found = await find(github, { pendingStatus: true });
    expect(SWEEP_MAX_PENDING_READS).toBe(50);
    const lists = github.calls.filter((call) => call.startsWith('list'));
    expect(lists).toEqual(pending.slice(0, 50).map((number) => `list ${number}`));
    expect(found.more).toBe(true);
    expect(found.reads).toBe(52);
  });

  it('says no more for exactly 50 pending pull requests, and more when GitHub had more pending pull requests than the pages read', async () => {
    const fifty = Array.from({ length: SWEEP_MAX_PENDING_READS }, (_, index) => index + 1);
    expect((await find(fakeGitHub({ pending: fifty }), { pendingStatus: true })).more).toBe(false);
    expect((await find(fakeGitHub({ pending: [3], pendingMore: true }), { pendingStatus: true })).more).toBe(true);
    expect((await find(fakeGitHub({ recentMore: true, pending: [3] }), { pendingStatus: true })).more).toBe(true);
  });
});
