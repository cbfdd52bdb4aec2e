/**
 * The store of the review loop's reply (`memory/reply.ts`), against an in-memory GitHub: the reply
 * on a documentation PR is the action's by the one rule of ours (its first line the revision
 * marker, by the identity that writes the replies, its record verifying for this documentation PR).
 * A copy by another author is never found, never rewritten; a sweep rewrites only the reply of the
 * job it finished.
 */
import { describe, expect, it } from 'vitest';
import type { IssueComment } from '../../src/github/api.js';
import type { BackLinkPlace } from '../../src/memory/back-link.js';
import { readReply, type ReplyRecord } from '../../src/memory/record.js';
import { ourReply, replyRecordLine, REVISION_MARKER, rewriteReplyOfJob, writeReply } from '../../src/memory/reply.js';
import { docsPrScope, RecordSeal } from '../../src/memory/seal.js';
import { memoryGitHub } from '../support/memory-github.js';
import { repositoryIdentity, sealedReply, TEST_SEAL } from '../support/records.js';

const DOCS = repositoryIdentity('acme/docs');
/** Documentation PR #5, where the replies are. */
const PLACE: BackLinkPlace = { repository: DOCS, number: 5 };
/** The sync workflow's identity: it writes the replies, and the code PR's record names it (`revising.replyAuthor`). */
const SYNC_BOT = 'docs-sync[bot]';
const RECORD: ReplyRecord = { jobId: 'job_1', reviewer: 'octocat', sent: 1, max: 3 };

/** A reply: the marker, what it says, and `record` sealed for documentation PR `number` (#5 unless named). */
function reply(id: number, record: ReplyRecord, authorLogin = SYNC_BOT, number = 5, seal = TEST_SEAL): IssueComment {
  return { id, authorLogin, body: `${REVISION_MARKER}\nRevising after @${record.reviewer}'s review.\n${sealedReply(record, number, DOCS, seal)}\n` };
}

const recordOf = (body: string, number = 5): ReplyRecord | undefined => {
  const reading = readReply(body, TEST_SEAL, docsPrScope(DOCS, number));
  return reading.found === 'verified' ? reading.record : undefined;
};

describe('the reply’s marker and record', () => {
  it('is marked on its first line, and its record is sealed for the documentation PR it is on', () => {
    expect(REVISION_MARKER).toBe('<!-- docs-agent-action:revision -->');
    const line = replyRecordLine(RECORD, PLACE, TEST_SEAL);
    expect(line).toBe(sealedReply(RECORD, 5, DOCS));
    expect(recordOf(`${REVISION_MARKER}\n${line}\n`)).toEqual(RECORD);
    expect(recordOf(`${REVISION_MARKER}\n${line}\n`, 6)).toBeUndefined();
  });
});

describe('ourReply', () => {
  it('the author’s reply whose record verifies, its login in any case: its ID and record', async () => {
    const ours = reply(40, RECORD, 'Docs-Sync[BOT]');
    await expect(ourReply([reply(39, { ...RECORD, jobId: 'job_0' }), ours], PLACE, TEST_SEAL, SYNC_BOT)).resolves.toEqual({ commentId: 40, record: RECORD });
  });

  it('never a copy by another author, however newer, its record verifying; nor one sealed for another pull request or under another key', async () => {
    const copy = reply(41, { ...RECORD, jobId: 'job_planted' }, 'mallory');
    await expect(ourReply([reply(40, RECORD), copy], PLACE, TEST_SEAL, SYNC_BOT)).resolves.toEqual({ commentId: 40, record: RECORD });
    await expect(ourReply([copy], PLACE, TEST_SEAL, SYNC_BOT)).resolves.toBeUndefined();
    await expect(ourReply([reply(40, RECORD, SYNC_BOT, 6)], PLACE, TEST_SEAL, SYNC_BOT)).resolves.toBeUndefined();
    await expect(ourReply([reply(40, RECORD, SYNC_BOT, 5, RecordSeal.fromApiKey('mint_other'))], PLACE, TEST_SEAL, SYNC_BOT)).resolves.toBeUndefined();
    await expect(ourReply([], PLACE, TEST_SEAL, SYNC_BOT)).resolves.toBeUndefined();
  });
});

describe('writeReply', () => {
  const body = (line: string): string => `${REVISION_MARKER}\nRevising after @octocat's review.\n${line}\n`;

  it('writes a new one when the token’s identity has none there, and answers its ID', async () => {
    const github = memoryGitHub([], SYNC_BOT);
    const id = await writeReply(github, PLACE, TEST_SEAL, { record: RECORD, body, knownId: undefined });
    expect(github.calls).toEqual(['list 5', 'identity', 'create 5']);
    expect(github.comments).toEqual([{ id, authorLogin: SYNC_BOT, body: body(sealedReply(RECORD, 5, DOCS)) }]);
  });

  it('rewrites the token’s own reply, found again by its identity', async () => {
    const github = memoryGitHub([reply(40, { ...RECORD, sent: 0 })], SYNC_BOT);
    await expect(writeReply(github, PLACE, TEST_SEAL, { record: RECORD, body, knownId: undefined })).resolves.toBe(40);
    expect(github.calls).toEqual(['list 5', 'identity', 'update 40']);
    expect(recordOf(github.comments[0]!.body)).toEqual(RECORD);
  });

  it('never rewrites a copy by another author: its own is written beside it, the copy left as it was', async () => {
    const copy = reply(40, RECORD, 'mallory');
    const github = memoryGitHub([copy], SYNC_BOT);
    const id = await writeReply(github, PLACE, TEST_SEAL, { record: { ...RECORD, sent: 2 }, body, knownId: undefined });
    expect(id).not.toBe(40);
    expect(github.calls).toEqual(['list 5', 'identity', 'create 5']);
    expect(github.comments[0]).toEqual(copy);
    expect(recordOf(github.comments[1]!.body)).toEqual({ ...RECORD, sent: 2 });
  });

  it('with the ID this run wrote already: that one, without looking for it again', async () => {
    const github = memoryGitHub([reply(40, RECORD)], SYNC_BOT);
    await expect(writeReply(github, PLACE, TEST_SEAL, { record: { ...RECORD, sent: 2 }, body, knownId: 40 })).resolves.toBe(40);
    expect(github.calls).toEqual(['update 40']);
    expect(recordOf(github.comments[0]!.body)).toEqual({ ...RECORD, sent: 2 });
  });
});

describe('rewriteReplyOfJob (a sweep that saw a revision’s job end)', () => {
  const ended = (record: ReplyRecord, line: string): string => `${REVISION_MARKER}\nThe revision of ${record.jobId} ended.\n${line}\n`;

  it('rewrites the reply of the author the code PR’s record names, whose record names that job, its record kept', async () => {
    const github = memoryGitHub([reply(40, RECORD)], 'code-sweeper[bot]');
    await expect(rewriteReplyOfJob(github, PLACE, TEST_SEAL, SYNC_BOT, 'job_1', ended)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 5', 'update 40']);
    expect(github.comments[0]!.body).toBe(ended(RECORD, sealedReply(RECORD, 5, DOCS)));
  });

  it('false, and nothing written, for another job’s reply, a copy by another author, or none', async () => {
    const otherJob = memoryGitHub([reply(40, { ...RECORD, jobId: 'job_2' })]);
    await expect(rewriteReplyOfJob(otherJob, PLACE, TEST_SEAL, SYNC_BOT, 'job_1', ended)).resolves.toBe(false);
    expect(otherJob.calls).toEqual(['list 5']);
    const copy = reply(40, RECORD, 'mallory');
    const copied = memoryGitHub([copy]);
    await expect(rewriteReplyOfJob(copied, PLACE, TEST_SEAL, SYNC_BOT, 'job_1', ended)).resolves.toBe(false);
    expect(copied.calls).toEqual(['list 5']);
    expect(copied.comments).toEqual([copy]);
    const none = memoryGitHub();
    await expect(rewriteReplyOfJob(none, PLACE, TEST_SEAL, SYNC_BOT, 'job_1', ended)).resolves.toBe(false);
    expect(none.calls).toEqual(['list 5']);
  });
});
