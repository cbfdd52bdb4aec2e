import type { GitHubApi, IssueComment } from '../github/api.js';
import { ourComment } from './ours.js';
import { readReply, replyLine, type RecordReading, type ReplyRecord } from './record.js';
import { docsPrScope, type RecordSeal } from './seal.js';
import type { BackLinkPlace } from './back-link.js';

/**
 * The store of the review loop's reply: the one comment `command: sync` writes on a documentation
 * PR (with its workflow's token) saying the agent is revising it after whose review, then how the
 * revision ended. Its rule of "ours" is the one rule (`ours.ts`): marked, written by the identity
 * that writes the replies (the sync workflow's token; a sweep of the code repository, which writes
 * with another token, has it from the code PR's record, `revising.replyAuthor`), its record
 * verifying for this documentation PR. A copy by anyone else is never rewritten.
 */

/** The reply's first line: how the action finds its reply again. */
export const REVISION_MARKER = '<!-- docs-agent-action:revision -->';

function readerFor(place: BackLinkPlace, seal: RecordSeal): (body: string) => RecordReading<ReplyRecord> {
  const scope = docsPrScope(place.repository, place.number);
  return (body) => readReply(body, seal, scope);
}

/** The reply's sealed record line, for the documentation PR it is on. */
export function replyRecordLine(record: ReplyRecord, place: BackLinkPlace, seal: RecordSeal): string {
  return replyLine(record, seal, docsPrScope(place.repository, place.number));
}

/** The action's reply among the comments: by `author`, marked, its record verifying. */
export async function ourReply(
  comments: readonly IssueComment[],
  place: BackLinkPlace,
  seal: RecordSeal,
  author: string,
): Promise<{ readonly commentId: number; readonly record: ReplyRecord } | undefined> {
  const found = await ourComment(comments, { marker: REVISION_MARKER, author: () => Promise.resolve(author), read: readerFor(place, seal) });
  return found.found === 'verified' ? { commentId: found.comment.id, record: found.record } : undefined;
}

/**
 * Writes the reply (`command: sync`): the one this run wrote (`knownId`), else the action's reply
 * found by the token's own identity, else a new one. `body` takes the sealed record line. Answers
 * the reply's ID, for the run's later writes.
 */
export async function writeReply(
  github: GitHubApi,
  place: BackLinkPlace,
  seal: RecordSeal,
  reply: { readonly record: ReplyRecord; readonly body: (recordLine: string) => string; readonly knownId: number | undefined },
): Promise<number> {
  const body = reply.body(replyRecordLine(reply.record, place, seal));
  const id = reply.knownId ?? (await ourReply(await github.listComments(place.number), place, seal, await github.tokenLogin()))?.commentId;
  if (id === undefined) return github.createComment(place.number, body);
  await github.updateComment(id, body);
  return id;
}

/**
 * The reply of a revision's job, once a sweep saw the job end (`wait: false`): the action's reply by
 * the author the code PR's record names, whose record names that job. `body` makes the reply from
 * its record. False when there is none (a copy, another job's reply, no author recorded).
 */
export async function rewriteReplyOfJob(
  github: GitHubApi,
  place: BackLinkPlace,
  seal: RecordSeal,
  author: string,
  jobId: string,
  body: (record: ReplyRecord, recordLine: string) => string,
): Promise<boolean> {
  const reply = await ourReply(await github.listComments(place.number), place, seal, author);
  if (!reply || reply.record.jobId !== jobId) return false;
  await github.updateComment(reply.commentId, body(reply.record, replyRecordLine(reply.record, place, seal)));
  return true;
}
