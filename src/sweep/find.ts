import type { GitHubApi, RecentComment } from '../github/api.js';
import { COMMENT_MARKER, isMarked, readRecord, type CommentRecord } from '../memory/record.js';
import { codePrScope, type RecordSeal, type RepositoryIdentity } from '../memory/seal.js';

/**
 * How far back a sweep looks past `timeout`: a job accepted earlier than `timeout` plus this
 * before the sweep is found only if its comment was written since (a push, `sync`). A sweep that
 * runs at least once a day finishes every job, `timed-out` at the latest; the comments of one day
 * cost ⌈comments ÷ 100⌉ reads.
 */
export const SWEEP_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * The most pages of recent comments one sweep reads (100 a page): a repository whose comments of
 * the lookback pass this is read to here, oldest first, and the newer ones wait for a later sweep
 * (one notice). Its GitHub reads stay bounded whatever the repository holds.
 */
export const SWEEP_MAX_COMMENT_PAGES = 20;

/**
 * A pull request whose comment, written by the action's identity, holds a verified record of a
 * job still working, or of a preview an earlier sweep asked for and no run has seen end.
 */
export interface WorkingPullRequest {
  readonly number: number;
  readonly commentId: number;
  readonly record: CommentRecord;
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
  /** The lookback held more comments than `SWEEP_MAX_COMMENT_PAGES` pages: the newest were not read. */
  readonly more: boolean;
  /** GitHub requests made: the pages, and the identity when a marked comment was among them. */
  readonly reads: number;
}

/**
 * The pull requests of the workflow's repository that a sweep may finish, found through the
 * repository's comments updated since `since` (never by reading each open pull request): a
 * comment counts only when its first line is the action's marker, the token's own identity wrote
 * it, and its last line is a record sealed for that pull request that says the job is working
 * (or that a preview a sweep asked for has not been seen to end).
 * Anyone can write a comment with the marker, or copy a record: neither is the action's
 * (docs/threat-model.md). Of a pull request's comments the newest the identity wrote counts, as a
 * run finds it. Cancellation and the step's deadline end it, as every GitHub read.
 */
export async function findWorking(github: GitHubApi, repository: RepositoryIdentity, seal: RecordSeal, since: number): Promise<SweepFindings> {
  const { comments, more, pages } = await github.recentComments(new Date(since).toISOString(), SWEEP_MAX_COMMENT_PAGES);
  const marked = comments.filter((comment) => isMarked(comment.body, COMMENT_MARKER));
  if (marked.length === 0) return { working: [], unverified: 0, more, reads: pages };
  // Logins are case-insensitive on GitHub.
  const login = (await github.tokenLogin()).toLowerCase();
  const newest = new Map<number, RecentComment>();
  for (const comment of marked) {
    if (comment.authorLogin.toLowerCase() !== login) continue;
    const kept = newest.get(comment.issueNumber);
    if (!kept || comment.id > kept.id) newest.set(comment.issueNumber, comment);
  }
  const working: WorkingPullRequest[] = [];
  let unverified = 0;
  for (const comment of newest.values()) {
    const reading = readRecord(comment.body, seal, codePrScope(repository, comment.issueNumber));
    if (reading.found === 'unverified') unverified += 1;
    if (reading.found !== 'verified' || (reading.record.working !== true && reading.record.preview === undefined)) continue;
    const { record } = reading;
    const began = record.working ? record.acceptedAt : record.preview?.triggeredAt;
    const acceptedAt = began === undefined ? comment.updatedAt : Date.parse(began);
    working.push({ number: comment.issueNumber, commentId: comment.id, record, acceptedAt });
  }
  working.sort((a, b) => a.acceptedAt - b.acceptedAt || a.number - b.number);
  return { working, unverified, more, reads: pages + 1 };
}
