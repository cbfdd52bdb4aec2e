import type { IssueComment } from '../github/api.js';
import { isMarked, type RecordReading } from './record.js';

/**
 * The one rule of "ours", for every kind of memory the action reads back — the code PR's comment,
 * the documentation PR's back-link, the review loop's reply (the contract's *Memory*): a comment is
 * the action's when its first line is the kind's marker, **the identity that writes the action's
 * comments there** wrote it, **and** its last line is a record that verifies for that pull request.
 * Anyone can quote a marker, and anyone who can comment can copy a whole comment, sealed record
 * and all: a copy is never the action's — never followed, never rewritten, never counted. The
 * stores (`code-pr-comment.ts`, `back-link.ts`, `reply.ts`) find their comments here and nowhere
 * else.
 */

/** What the stores find: the comment and its verified record; or a comment of ours whose record does not verify; or none. */
export type OurComment<T> =
  | { readonly found: 'none' }
  /** The author's marked comment, with no record yet: the action writes one so when it has nothing to keep (a first send refused). */
  | { readonly found: 'unrecorded'; readonly comment: IssueComment }
  | { readonly found: 'unverified'; readonly comment: IssueComment }
  | { readonly found: 'verified'; readonly comment: IssueComment; readonly record: T; readonly sealedWith: 'api-key' | 'previous-api-key' };

export interface OursRule<T> {
  readonly marker: string;
  /**
   * The login of the identity that writes this kind of comment there; GitHub's logins are
   * case-insensitive. Asked only when some comment carries the marker (it may cost a request).
   */
  readonly author: () => Promise<string>;
  /** Reads a comment's record, sealed for the pull request the comments are on. */
  readonly read: (body: string) => RecordReading<T>;
}

/**
 * The newest comment of `comments` that is the action's by `rule`: marked, by its author, its record
 * verifying. A comment marked and by its author whose record does not verify (a rotated key, an
 * edit by hand) is `unverified`: the stores say so once; one with no record at all is `unrecorded`
 * (the comment is the action's to write again, with nothing to follow in it).
 */
export async function ourComment<T>(comments: readonly IssueComment[], rule: OursRule<T>): Promise<OurComment<T>> {
  const marked = comments.filter((comment) => isMarked(comment.body, rule.marker));
  if (marked.length === 0) return { found: 'none' };
  const author = (await rule.author()).toLowerCase();
  const byAuthor = marked.filter((comment) => comment.authorLogin.toLowerCase() === author);
  const newest = byAuthor.at(-1);
  if (!newest) return { found: 'none' };
  const reading = rule.read(newest.body);
  if (reading.found === 'verified') return { found: 'verified', comment: newest, record: reading.record, sealedWith: reading.sealedWith };
  return { found: reading.found === 'unverified' ? 'unverified' : 'unrecorded', comment: newest };
}

/**
 * The comments whose record verifies, whoever wrote them, oldest first: where the author is not
 * known yet (`command: sync` finds the code PR through any of them, and then learns the author from
 * the code PR's own record), or not recorded (a record of an earlier version: the oldest that
 * verifies, since a copy is always newer than what it copies).
 */
export function verifyingComments<T>(
  comments: readonly IssueComment[],
  marker: string,
  read: (body: string) => RecordReading<T>,
): { readonly verified: ReadonlyArray<{ readonly comment: IssueComment; readonly record: T }>; readonly unverified: number } {
  const verified: Array<{ comment: IssueComment; record: T }> = [];
  let unverified = 0;
  for (const comment of comments) {
    if (!isMarked(comment.body, marker)) continue;
    const reading = read(comment.body);
    if (reading.found === 'verified') verified.push({ comment, record: reading.record });
    else if (reading.found === 'unverified') unverified += 1;
  }
  return { verified, unverified };
}
