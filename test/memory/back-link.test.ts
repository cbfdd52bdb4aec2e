/**
 * The store of the documentation PR's back-link (`memory/back-link.ts`), against an in-memory
 * GitHub: the back-link is the action's by the one rule of ours (marked, by the identity that
 * writes the back-links, its record verifying for this documentation PR, bound to its repository's
 * ID); where that identity is not known (a record of an earlier version, or `command: sync` before
 * it reads the code PR's record) the oldest that verifies, since a copy is always newer. A copy by
 * another author is never taken, never rewritten, never counted. Every write reads it again first:
 * the reviews sent stay, the job is replaced only by the job a run links.
 */
import { describe, expect, it } from 'vitest';
import type { IssueComment } from '../../src/github/api.js';
import {
  backLinkCommentBody,
  carriedBackLink,
  countReview,
  firstBackLink,
  newestCodeRepository,
  ourBackLink,
  writeBackLink,
  type BackLinkPlace,
} from '../../src/memory/back-link.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, isMarked, type BackLinkRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import { memoryGitHub } from '../support/memory-github.js';
import { backLinkIn, repositoryIdentity, sealedBackLink, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';

const DOCS = repositoryIdentity('acme/docs');
/** Documentation PR #5, where the back-links are. */
const PLACE: BackLinkPlace = { repository: DOCS, number: 5 };
/** The docs token's identity: it writes the back-links, and the code PR's record names it. */
const DOCS_BOT = 'docs-bot[bot]';
const CODE_PR = { repository: WORKFLOW_REPOSITORY, number: 3, repositoryId: 1234 };
const RECORD: BackLinkRecord = { codePr: CODE_PR, commentAuthor: 'github-actions[bot]', jobId: 'job_1' };

/** A back-link comment: the marker, a line, and `record` sealed for documentation PR `number` (#5 unless named). */
function backLink(id: number, record: BackLinkRecord, authorLogin = DOCS_BOT, number = 5, seal = TEST_SEAL): IssueComment {
  return { id, authorLogin, body: `${DOCS_PR_MARKER}\nFollows ${CODE_PR.repository}#${CODE_PR.number}.\n${sealedBackLink(record, number, DOCS, seal)}\n` };
}

/** What a back-link comment found reads as. */
const asFound = (comment: IssueComment, record: BackLinkRecord) => ({ commentId: comment.id, author: comment.authorLogin, body: comment.body, record });

describe('firstBackLink and carriedBackLink: before the author is known', () => {
  it('the first back-link among the comments that verifies for this pull request, with its comment’s author', () => {
    const comments: IssueComment[] = [
      // For another documentation PR, and under another key: neither verifies here.
      backLink(1, { codePr: { repository: WORKFLOW_REPOSITORY, number: 9 } }, DOCS_BOT, 6),
      backLink(2, { codePr: { repository: WORKFLOW_REPOSITORY, number: 8 } }, DOCS_BOT, 5, RecordSeal.fromApiKey('mint_other')),
      backLink(3, RECORD, 'anyone'),
      backLink(4, { codePr: { repository: WORKFLOW_REPOSITORY, number: 4 } }),
    ];
    expect(firstBackLink(comments, PLACE, TEST_SEAL)).toEqual({ found: 'verified', record: asFound(comments[2]!, RECORD), sealedWith: 'api-key' });
    expect(carriedBackLink(comments, PLACE, TEST_SEAL)).toEqual(RECORD);
    // None there for PR 7; for PR 6 one that verifies for PR 6 only, so here it is one that does not verify.
    expect(firstBackLink(comments, { ...PLACE, number: 7 }, TEST_SEAL)).toEqual({ found: 'unverified' });
    expect(carriedBackLink(comments, { ...PLACE, number: 7 }, TEST_SEAL)).toBeUndefined();
    expect(firstBackLink([comments[0]!], { ...PLACE, number: 6 }, TEST_SEAL)).toMatchObject({ found: 'verified' });
    expect(firstBackLink([], PLACE, TEST_SEAL)).toEqual({ found: 'none' });
    expect(firstBackLink([{ id: 9, authorLogin: 'x', body: 'LGTM' }], PLACE, TEST_SEAL)).toEqual({ found: 'none' });
    // Bound to the documentation repository's ID: a rename keeps it, another repository of the name does not have it.
    expect(firstBackLink(comments, { repository: { id: DOCS.id, name: 'acme/handbook' }, number: 5 }, TEST_SEAL)).toMatchObject({
      record: { record: RECORD },
    });
    expect(firstBackLink(comments, { repository: { id: DOCS.id! + 1, name: 'acme/docs' }, number: 5 }, TEST_SEAL)).toEqual({ found: 'unverified' });
  });

  it('is read only from a comment whose first line is the back-link’s marker', () => {
    const quoted = { ...backLink(1, RECORD), body: backLink(1, RECORD).body.replace(DOCS_PR_MARKER, 'Quoted:') };
    const codePrs = { ...backLink(2, RECORD), body: backLink(2, RECORD).body.replace(DOCS_PR_MARKER, COMMENT_MARKER) };
    expect(firstBackLink([quoted, codePrs], PLACE, TEST_SEAL)).toEqual({ found: 'none' });
    expect(carriedBackLink([quoted, codePrs, backLink(3, RECORD)], PLACE, TEST_SEAL)).toEqual(RECORD);
  });
});

describe('ourBackLink', () => {
  it('by the author the code PR’s record names: the newest of theirs that verifies, its login in any case', async () => {
    const older = backLink(1, { ...RECORD, jobId: 'job_old' });
    const newest = backLink(2, RECORD, 'Docs-Bot[BOT]');
    await expect(ourBackLink([older, newest], PLACE, TEST_SEAL, DOCS_BOT)).resolves.toEqual(asFound(newest, RECORD));
  });

  it('never a copy by another author, however newer, its record verifying', async () => {
    const ours = backLink(1, RECORD);
    const copy = backLink(2, { ...RECORD, jobId: 'job_planted', reviewsSent: [] }, 'mallory');
    await expect(ourBackLink([ours, copy], PLACE, TEST_SEAL, DOCS_BOT)).resolves.toEqual(asFound(ours, RECORD));
    // The author's own gone: the copy is still not it.
    await expect(ourBackLink([copy], PLACE, TEST_SEAL, DOCS_BOT)).resolves.toBeUndefined();
    // Nor is the author's newest, when its record does not verify.
    const rotated = backLink(3, RECORD, DOCS_BOT, 5, RecordSeal.fromApiKey('mint_older_admin_key'));
    await expect(ourBackLink([ours, rotated], PLACE, TEST_SEAL, DOCS_BOT)).resolves.toBeUndefined();
  });

  it('with no author known (a record of an earlier version): the oldest that verifies, whoever wrote it, since a copy is newer', async () => {
    const first = backLink(1, RECORD, 'docs-bot-of-old[bot]');
    const copy = backLink(2, { ...RECORD, jobId: 'job_planted' }, 'mallory');
    await expect(ourBackLink([first, copy], PLACE, TEST_SEAL, undefined)).resolves.toEqual(asFound(first, RECORD));
    await expect(ourBackLink([], PLACE, TEST_SEAL, undefined)).resolves.toBeUndefined();
  });
});

describe('backLinkCommentBody', () => {
  it('the marker, what the report says, and the record sealed for this documentation PR as its last line', () => {
    const body = backLinkCommentBody('Follows acme/widgets#3.\n', RECORD, PLACE, TEST_SEAL);
    expect(body).toBe(`${DOCS_PR_MARKER}\nFollows acme/widgets#3.\n${sealedBackLink(RECORD, 5, DOCS)}\n`);
    expect(isMarked(body, DOCS_PR_MARKER)).toBe(true);
    expect(backLinkIn(body, 5, DOCS)).toEqual(RECORD);
    expect(backLinkIn(body, 6, DOCS)).toBeUndefined();
    expect(backLinkIn(body, 5, { id: DOCS.id! + 1, name: DOCS.name })).toBeUndefined();
  });
});

describe('writeBackLink', () => {
  const write = (more: Partial<Parameters<typeof writeBackLink>[3]> = {}): Parameters<typeof writeBackLink>[3] => ({
    codePr: CODE_PR,
    commentAuthor: 'github-actions[bot]',
    reportedBy: undefined,
    visible: 'Follows acme/widgets#3.',
    knownId: undefined,
    ...more,
  });

  it('writes a new one with the token’s identity when there is none, and answers its ID', async () => {
    const github = memoryGitHub([], DOCS_BOT);
    const id = await writeBackLink(github, PLACE, TEST_SEAL, write({ reportedBy: 'job_1' }));
    expect(github.calls).toEqual(['list 5', 'identity', 'create 5']);
    expect(github.comments).toEqual([{ id, authorLogin: DOCS_BOT, body: backLinkCommentBody('Follows acme/widgets#3.', RECORD, PLACE, TEST_SEAL) }]);
  });

  it('keeps the reviews the back-link recorded, and its job, unless this run links a new report', async () => {
    const earlier: BackLinkRecord = { ...RECORD, jobId: 'job_1', reviewsSent: [11, 12] };
    const kept = memoryGitHub([backLink(40, earlier)], DOCS_BOT);
    await expect(writeBackLink(kept, PLACE, TEST_SEAL, write())).resolves.toBe(40);
    expect(kept.calls).toEqual(['list 5', 'identity', 'update 40']);
    expect(backLinkIn(kept.comments[0]!.body, 5, DOCS)).toEqual(earlier);
    const relinked = memoryGitHub([backLink(40, earlier)], DOCS_BOT);
    await writeBackLink(relinked, PLACE, TEST_SEAL, write({ reportedBy: 'job_2' }));
    expect(backLinkIn(relinked.comments[0]!.body, 5, DOCS)).toEqual({ ...earlier, jobId: 'job_2' });
  });

  it('keeps nothing of a back-link of another code PR', async () => {
    const other: BackLinkRecord = { codePr: { repository: WORKFLOW_REPOSITORY, number: 99 }, jobId: 'job_other', reviewsSent: [11] };
    const github = memoryGitHub([backLink(40, other)], DOCS_BOT);
    await writeBackLink(github, PLACE, TEST_SEAL, write());
    expect(backLinkIn(github.comments[0]!.body, 5, DOCS)).toEqual({ codePr: CODE_PR, commentAuthor: 'github-actions[bot]' });
  });

  it('never takes a copy by another author: its reviews and job are not kept, it is left as it was, and the token’s own is written', async () => {
    const copy = backLink(40, { ...RECORD, jobId: 'job_planted', reviewsSent: [1, 2, 3] }, 'mallory');
    const github = memoryGitHub([copy], DOCS_BOT);
    const id = await writeBackLink(github, PLACE, TEST_SEAL, write());
    expect(id).not.toBe(40);
    expect(github.calls).toEqual(['list 5', 'identity', 'create 5']);
    expect(github.comments[0]).toEqual(copy);
    expect(backLinkIn(github.comments[1]!.body, 5, DOCS)).toEqual({ codePr: CODE_PR, commentAuthor: 'github-actions[bot]' });
  });

  it('with the ID this run wrote already: reads it again and keeps what was recorded since (a review counted meanwhile)', async () => {
    const github = memoryGitHub([], DOCS_BOT);
    const id = await writeBackLink(github, PLACE, TEST_SEAL, write({ reportedBy: 'job_1' }));
    // The review loop counted a review meanwhile.
    github.comments[0] = backLink(id, { ...RECORD, reviewsSent: [21] });
    await expect(writeBackLink(github, PLACE, TEST_SEAL, write({ knownId: id, visible: 'Closed.' }))).resolves.toBe(id);
    expect(github.calls).toEqual(['list 5', 'identity', 'create 5', 'list 5', 'identity', `update ${id}`]);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0].body.split('\n')[1]).toBe('Closed.');
    expect(backLinkIn(github.comments[0].body, 5, DOCS)).toEqual({ ...RECORD, reviewsSent: [21] });
  });
});

describe('countReview', () => {
  const counted = (reviewsSent?: readonly number[]): BackLinkRecord => ({ ...RECORD, ...(reviewsSent ? { reviewsSent } : {}) });

  it('counted: the review added to the back-link’s, the rest of the comment as it was, and read back', async () => {
    const found = backLink(40, counted([11]));
    const github = memoryGitHub([found], 'sync-bot[bot]');
    await expect(countReview(github, PLACE, TEST_SEAL, DOCS_BOT, 12, 5)).resolves.toBe('counted');
    expect(github.calls).toEqual(['list 5', 'update 40', 'list 5']);
    expect(github.comments[0]!.body).toBe(found.body.replace(sealedBackLink(counted([11]), 5, DOCS), sealedBackLink(counted([11, 12]), 5, DOCS)));
    // A back-link that recorded none yet starts the list.
    const first = memoryGitHub([backLink(40, counted())]);
    await expect(countReview(first, PLACE, TEST_SEAL, DOCS_BOT, 12, 5)).resolves.toBe('counted');
    expect(backLinkIn(first.comments[0]!.body, 5, DOCS)).toEqual(counted([12]));
  });

  it('counted-before: a review already there is not counted again, nor written', async () => {
    const github = memoryGitHub([backLink(40, counted([11, 12]))]);
    await expect(countReview(github, PLACE, TEST_SEAL, DOCS_BOT, 12, 5)).resolves.toBe('counted-before');
    expect(github.calls).toEqual(['list 5']);
  });

  it('limit-reached: as many counted as the limit allows, nothing written', async () => {
    const github = memoryGitHub([backLink(40, counted([11, 12]))]);
    await expect(countReview(github, PLACE, TEST_SEAL, DOCS_BOT, 13, 2)).resolves.toBe('limit-reached');
    expect(github.calls).toEqual(['list 5']);
    expect(backLinkIn(github.comments[0]!.body, 5, DOCS)).toEqual(counted([11, 12]));
  });

  it('not-written: no back-link of the author’s (a copy by anyone else is never counted in), or one GitHub does not hold once written', async () => {
    const copy = backLink(40, counted([11]), 'mallory');
    const none = memoryGitHub([copy]);
    await expect(countReview(none, PLACE, TEST_SEAL, DOCS_BOT, 12, 5)).resolves.toBe('not-written');
    expect(none.calls).toEqual(['list 5']);
    expect(none.comments).toEqual([copy]);
    // Written, but read back another run's write stands there instead.
    const lost = memoryGitHub([backLink(40, counted([11]))]);
    const update = lost.updateComment.bind(lost);
    lost.updateComment = async (id, body) => {
      await update(id, body);
      lost.comments[0] = backLink(40, counted([11, 13]));
    };
    await expect(countReview(lost, PLACE, TEST_SEAL, DOCS_BOT, 12, 5)).resolves.toBe('not-written');
    expect(lost.calls).toEqual(['list 5', 'update 40', 'list 5']);
  });

  it('with no author recorded (an earlier version’s back-link): the oldest that verifies is counted in', async () => {
    const github = memoryGitHub([backLink(40, counted([11]), 'docs-bot-of-old[bot]'), backLink(41, counted([99]), 'mallory')]);
    await expect(countReview(github, PLACE, TEST_SEAL, undefined, 12, 5)).resolves.toBe('counted');
    expect(backLinkIn(github.comments[0]!.body, 5, DOCS)).toEqual(counted([11, 12]));
    expect(backLinkIn(github.comments[1]!.body, 5, DOCS)).toEqual(counted([99]));
  });
});

describe('the code repository the newest back-link names (command: doctor)', () => {
  const recent = (comment: IssueComment, issueNumber: number) => ({ ...comment, issueNumber, updatedAt: 0 });

  it('the first comment, newest first, whose back-link verifies for its own documentation PR: a copy names what it copies; a planted or foreign one none', () => {
    const other = { ...RECORD, codePr: { repository: 'acme/older', number: 9 } };
    const planted = backLink(3, { ...RECORD, codePr: { repository: 'evil/repo', number: 1 } }, DOCS_BOT, 5, RecordSeal.fromApiKey('mint_someoneElse'));
    const elsewhere = recent(backLink(4, { ...RECORD, codePr: { repository: 'evil/moved', number: 1 } }), 6);
    expect(newestCodeRepository([recent(planted, 5), elsewhere, recent(backLink(2, RECORD), 5), recent(backLink(1, other), 5)], DOCS, TEST_SEAL)).toBe(
      WORKFLOW_REPOSITORY,
    );
    expect(newestCodeRepository([recent({ id: 7, authorLogin: DOCS_BOT, body: 'no marker' }, 5)], DOCS, TEST_SEAL)).toBeUndefined();
    expect(newestCodeRepository([], DOCS, TEST_SEAL)).toBeUndefined();
  });
});
