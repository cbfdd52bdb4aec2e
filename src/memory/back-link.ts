import { type GitHubApi, type IssueComment, type PullRef, type RecentComment } from '../github/api.js';
import { ourComment, verifyingComments } from './ours.js';
import { backLinkLine, DOCS_PR_MARKER, readBackLink, type BackLinkRecord, type RecordReading } from './record.js';
import { docsPrScope, type RecordSeal, type RepositoryIdentity } from './seal.js';

/**
 * The store of the documentation PR's back-link: the comment this action writes on a documentation
 * PR (with the docs token's identity) that links back to its code PR, with a sealed record of that
 * code PR, the job that reported the documentation PR and the reviews the review loop sent to it.
 *
 * Its rule of "ours" is the one rule (`ours.ts`): marked, written by the identity that writes the
 * back-links (the docs token's, which the code PR's record names as `linkAuthor`), its record
 * verifying for this documentation PR. Every write reads the back-link again first and keeps what
 * another run recorded since: the reviews sent are never fewer, the job is this run's only when
 * this run links a new report.
 */

/** The documentation PR the back-link is on: its repository (the ID its record is sealed for) and number. */
export interface BackLinkPlace {
  readonly repository: RepositoryIdentity;
  readonly number: number;
}

/** A back-link comment of the action's: its ID, author and body, and what it records. */
export interface BackLinkComment {
  readonly commentId: number;
  readonly author: string;
  readonly body: string;
  readonly record: BackLinkRecord;
}

function readerFor(place: BackLinkPlace, seal: RecordSeal): (body: string) => RecordReading<BackLinkRecord> {
  const scope = docsPrScope(place.repository, place.number);
  return (body) => readBackLink(body, seal, scope);
}

function asBackLink(found: { readonly comment: IssueComment; readonly record: BackLinkRecord }): BackLinkComment {
  return { commentId: found.comment.id, author: found.comment.authorLogin, body: found.comment.body, record: found.record };
}

/**
 * What the documentation PR's comments say of back-links before the author is known (`command:
 * sync` learns it from the code PR's record, which it reaches through any of them): the oldest that
 * verifies (a copy is always newer than what it copies), and whether a back-link is there that does
 * not verify (a rotated key, an edit).
 */
export function firstBackLink(comments: readonly IssueComment[], place: BackLinkPlace, seal: RecordSeal): RecordReading<BackLinkComment> {
  const { verified, unverified } = verifyingComments(comments, DOCS_PR_MARKER, readerFor(place, seal));
  const first = verified[0];
  if (first) return { found: 'verified', record: asBackLink(first), sealedWith: 'api-key' };
  return { found: unverified > 0 ? 'unverified' : 'none' };
}

/**
 * The action's back-link among the comments: by `author` (the login the code PR's record names as
 * the back-link's writer) when known, the newest of theirs whose record verifies; for a record of
 * an earlier version that names no author, the oldest that verifies. Undefined when none is the
 * action's (a copy by anyone else is never it).
 */
export async function ourBackLink(
  comments: readonly IssueComment[],
  place: BackLinkPlace,
  seal: RecordSeal,
  author: string | undefined,
): Promise<BackLinkComment | undefined> {
  if (author === undefined) {
    const first = firstBackLink(comments, place, seal);
    return first.found === 'verified' ? first.record : undefined;
  }
  const found = await ourComment(comments, { marker: DOCS_PR_MARKER, author: () => Promise.resolve(author), read: readerFor(place, seal) });
  return found.found === 'verified' ? asBackLink(found) : undefined;
}

/** Whether the comments carry a back-link of this action's that verifies for this pull request: it is the action's own documentation PR. */
export function carriedBackLink(comments: readonly IssueComment[], place: BackLinkPlace, seal: RecordSeal): BackLinkRecord | undefined {
  const first = firstBackLink(comments, place, seal);
  return first.found === 'verified' ? first.record.record : undefined;
}

/**
 * The documentation PR's comment as written: the marker, what the report says (`visible`), and the
 * sealed record of the code PR it belongs to, sealed for this documentation PR, as its last line.
 */
export function backLinkCommentBody(visible: string, backLink: BackLinkRecord, place: BackLinkPlace, seal: RecordSeal): string {
  const record = backLinkLine(backLink, seal, docsPrScope(place.repository, place.number));
  return `${DOCS_PR_MARKER}\n${visible.replace(/\n$/, '')}\n${record}\n`;
}

/** A comment's body with its last line (the sealed record) replaced. */
function withLastLine(body: string, line: string): string {
  const lines = body.replace(/[\r\n]+$/, '').split(/\r?\n/);
  lines[lines.length - 1] = line;
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the back-link of the follower (the code workflow, with the docs token): found again by
 * the token's own identity, read again and merged — the reviews it recorded stay, and its job is
 * replaced only by the job this run links (`reportedBy`). Answers the comment's ID.
 */
export async function writeBackLink(
  github: GitHubApi,
  place: BackLinkPlace,
  seal: RecordSeal,
  write: {
    readonly codePr: BackLinkRecord['codePr'];
    readonly commentAuthor: string;
    readonly reportedBy: string | undefined;
    readonly visible: string;
    /** The comment this run wrote already, if any: its ID. */
    readonly knownId: number | undefined;
  },
): Promise<number> {
  const comments = await github.listComments(place.number);
  const author = await github.tokenLogin();
  const found = await ourComment(comments, { marker: DOCS_PR_MARKER, author: () => Promise.resolve(author), read: readerFor(place, seal) });
  const id = write.knownId ?? (found.found === 'none' ? undefined : found.comment.id);
  // What the back-link recorded of the same code PR stays (the reviews the review loop sent, its job).
  const kept = found.found === 'verified' && samePull(found.record.codePr, write.codePr) ? found.record : undefined;
  const jobId = write.reportedBy ?? kept?.jobId;
  const record: BackLinkRecord = {
    codePr: write.codePr,
    commentAuthor: write.commentAuthor,
    ...(jobId !== undefined ? { jobId } : {}),
    ...(kept?.reviewsSent ? { reviewsSent: kept.reviewsSent } : {}),
  };
  const body = backLinkCommentBody(write.visible, record, place, seal);
  if (id === undefined) return github.createComment(place.number, body);
  await github.updateComment(id, body);
  return id;
}

/** What counting a review in the back-link came to. */
export type ReviewCount = 'counted' | 'counted-before' | 'limit-reached' | 'not-written';

/**
 * Adds a review to the back-link's `reviewsSent` (the review loop, once the API accepted its
 * message, or may have): read again first (the review may be there already; the limit may be
 * reached), then written, then read back — true only when GitHub then holds it. The back-link is
 * the action's by the one rule (`author`: the login the code PR's record names).
 */
export async function countReview(
  github: GitHubApi,
  place: BackLinkPlace,
  seal: RecordSeal,
  author: string | undefined,
  reviewId: number,
  max: number,
): Promise<ReviewCount> {
  const now = await ourBackLink(await github.listComments(place.number), place, seal, author);
  if (!now) return 'not-written';
  const sent = now.record.reviewsSent ?? [];
  if (sent.includes(reviewId)) return 'counted-before';
  if (sent.length >= max) return 'limit-reached';
  const record: BackLinkRecord = { ...now.record, reviewsSent: [...sent, reviewId] };
  await github.updateComment(now.commentId, withLastLine(now.body, backLinkLine(record, seal, docsPrScope(place.repository, place.number))));
  const again = await ourBackLink(await github.listComments(place.number), place, seal, author);
  return again?.record.reviewsSent?.includes(reviewId) ? 'counted' : 'not-written';
}

function samePull(a: PullRef, b: PullRef): boolean {
  return a.repository.toLowerCase() === b.repository.toLowerCase() && a.number === b.number;
}

/**
 * The code repository the newest verified back-link among a documentation repository's comments
 * names (`command: doctor`, which checks that `code-token` reaches it where `sync` runs): the
 * comments as given (newest first), each back-link verified for its own documentation PR.
 */
export function newestCodeRepository(comments: readonly RecentComment[], repository: RepositoryIdentity, seal: RecordSeal): string | undefined {
  for (const comment of comments) {
    const found = firstBackLink([comment], { repository, number: comment.issueNumber }, seal);
    if (found.found === 'verified') return found.record.record.codePr.repository;
  }
  return undefined;
}
