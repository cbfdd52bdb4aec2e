import { GATE_CONTEXT } from '../constants.js';
import type { GitHubApi, IssueComment, RecentComment } from '../github/api.js';
import { ourComment } from '../memory/ours.js';
import { COMMENT_MARKER, hasJob, MAX_RECORDED_TIMEOUT_MS, readRecord, type JobRecord } from '../memory/record.js';
import { codePrScope, type RecordSeal, type RepositoryIdentity } from '../memory/seal.js';

/**
 * How far back a sweep reads the repository's recent comments: a day, and the longest time a
 * start may give its job (`MAX_RECORDED_TIMEOUT_MS`). A working record older than that is found
 * through its head's `pending` status instead (`findWorking`), so that no job is lost however long
 * the sweeps stopped.
 */
export const SWEEP_LOOKBACK_MS = 24 * 60 * 60 * 1000 + MAX_RECORDED_TIMEOUT_MS;

/**
 * The most pages of recent comments one sweep reads (100 a page): a repository whose comments of
 * the window pass this is read to here, oldest first, and the newer ones wait for a later sweep
 * (one notice). Its GitHub reads stay bounded whatever the repository holds.
 */
export const SWEEP_MAX_COMMENT_PAGES = 20;

/** The most pages of open pull requests (100 a page) one sweep reads for a head whose `documentation` status is `pending`. */
export const SWEEP_MAX_OPEN_PULL_PAGES = 10;

/**
 * The most pull requests found only through their `pending` status whose comments one sweep reads
 * (one read each): the rest wait for the next sweep (one notice).
 */
export const SWEEP_MAX_PENDING_READS = 50;

/**
 * A pull request whose comment, written by the action's identity, holds a verified record of a
 * job still working, or of a preview an earlier sweep asked for and no run has seen end.
 */
export interface WorkingPullRequest {
  readonly number: number;
  readonly commentId: number;
  readonly record: JobRecord;
  /**
   * When the work began: the job's acceptance (the record's time, else, for a record of an earlier
   * version, the comment's last update), or the preview's asking.
   */
  readonly acceptedAt: number;
}

export interface SweepFindings {
  /** Oldest accepted first. */
  readonly working: readonly WorkingPullRequest[];
  /** Comments marked as the action's, by its identity, whose record does not verify: counted as none. */
  readonly unverified: number;
  /** More was there than one sweep reads (comments of the window, open pull requests, pending ones): the rest wait for the next sweep. */
  readonly more: boolean;
  /** GitHub requests made. */
  readonly reads: number;
}

export interface FindOptions {
  /** The start of the window of recent comments (epoch ms). */
  readonly since: number;
  /** Also look for older work through the open pull requests whose head's `documentation` status is `pending` (`docs-status`). */
  readonly pendingStatus: boolean;
}

/**
 * The pull requests of the workflow's repository that a sweep may finish (the contract's
 * *Detached runs*): first through the repository's comments updated since `since` (never by
 * reading each open pull request); then, with `docs-status`, through the open pull requests whose
 * head carries a `pending` `documentation` status and whose comment was not among them (one
 * comment read each), so that a working record older than the window is found too. A comment
 * counts only by the one rule of "ours" (`memory/ours.ts`): marked, by the token's own identity,
 * its record sealed for that pull request — and it counts when that record says the job is
 * working, or that a preview a sweep asked for has not been seen to end. Of a pull request's
 * comments the newest the identity wrote counts, as a run finds it. Cancellation and the step's
 * deadline end it, as every GitHub read.
 */
export async function findWorking(github: GitHubApi, repository: RepositoryIdentity, seal: RecordSeal, options: FindOptions): Promise<SweepFindings> {
  const recent = await github.recentComments(new Date(options.since).toISOString(), SWEEP_MAX_COMMENT_PAGES);
  let reads = recent.pages;
  let more = recent.more;
  const login = memo(() => {
    reads += 1;
    return github.tokenLogin();
  });
  // A pull request's recent comments in the order GitHub lists a pull request's (by ID), for the one
  // rule of "ours" to pick its comment from, as a run finds it.
  const byPull = new Map<number, RecentComment[]>();
  for (const comment of recent.comments) {
    const comments = byPull.get(comment.issueNumber) ?? [];
    comments.push(comment);
    byPull.set(comment.issueNumber, comments);
  }
  for (const comments of byPull.values()) comments.sort((a, b) => a.id - b.id);
  const working: WorkingPullRequest[] = [];
  let unverified = 0;
  const consider = async (number: number, comments: readonly IssueComment[], updatedAt: (id: number) => number): Promise<boolean> => {
    const found = await ourComment(comments, {
      marker: COMMENT_MARKER,
      author: login,
      read: (body) => readRecord(body, seal, codePrScope(repository, number)),
    });
    if (found.found === 'unverified') unverified += 1;
    if (found.found === 'none') return false;
    if (found.found !== 'verified' || !hasJob(found.record) || (found.record.working !== true && found.record.preview === undefined)) return true;
    const { record } = found;
    const began = record.working ? record.acceptedAt : record.preview?.triggeredAt;
    working.push({ number, commentId: found.comment.id, record, acceptedAt: began === undefined ? updatedAt(found.comment.id) : Date.parse(began) });
    return true;
  };
  // The pull requests whose comment of the action's was among the recent ones: known, whatever it says.
  const seen = new Set<number>();
  for (const [number, comments] of byPull) {
    const updated = new Map(comments.map((comment) => [comment.id, comment.updatedAt]));
    if (await consider(number, comments, (id) => updated.get(id) ?? 0)) seen.add(number);
  }

  if (options.pendingStatus) {
    // Work older than the window: its head's `pending` still stands, and its comment was not among the recent ones.
    const open = await github.openPullsWithPendingStatus(GATE_CONTEXT, SWEEP_MAX_OPEN_PULL_PAGES);
    reads += open.pages;
    more ||= open.more;
    const candidates = open.pulls.filter((pull) => !seen.has(pull.number));
    if (candidates.length > SWEEP_MAX_PENDING_READS) more = true;
    for (const pull of candidates.slice(0, SWEEP_MAX_PENDING_READS)) {
      reads += 1;
      await consider(pull.number, await github.listComments(pull.number), () => 0);
    }
  }
  working.sort((a, b) => a.acceptedAt - b.acceptedAt || a.number - b.number);
  return { working, unverified, more, reads };
}

/** A value asked for once, on first use. */
function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
