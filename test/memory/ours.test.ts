/**
 * The one rule of "ours" (`memory/ours.ts`): a comment is the action's when its whole first line is
 * the kind's marker, the identity that writes the action's comments there wrote it (its login in
 * any case), and its last line is a record that verifies for that pull request. That identity is
 * asked only when some comment carries the marker, once; of the author's marked comments the
 * newest decides, and one whose record does not verify is `unverified`. A copy by anyone else,
 * sealed record and all, is never found. `verifyingComments` reads every marked comment whose
 * record verifies, whoever wrote it, oldest first, for where the author is not known.
 */
import { describe, expect, it } from 'vitest';
import type { IssueComment } from '../../src/github/api.js';
import { ourComment, verifyingComments, type OursRule } from '../../src/memory/ours.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, readBackLink, readRecord, type BackLinkRecord, type CommentRecord } from '../../src/memory/record.js';
import { codePrScope, docsPrScope, RecordSeal } from '../../src/memory/seal.js';
import { DEFAULT_API_KEY } from '../simulator/http-server.js';
import { repositoryIdentity, sealedBackLink, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';

const TOKEN = 'docs-bot[bot]';
const HEAD = 'a'.repeat(40);
/** The code PR the comments are on. */
const PR = 7;
const record = (jobId: string): CommentRecord => ({ jobId, headSha: HEAD });
/** A comment's body: the marker (or another first line), a report, and the record of `jobId` sealed for PR 7. */
const body = (jobId: string, first: string = COMMENT_MARKER, seal = TEST_SEAL): string =>
  `${first}\n## Docs agent\n${sealedRecord(record(jobId), PR, WORKFLOW_REPOSITORY, seal)}\n`;
const comment = (id: number, text: string, authorLogin = TOKEN): IssueComment => ({ id, body: text, authorLogin });
const readForPr = (body: string) => readRecord(body, TEST_SEAL, codePrScope(repositoryIdentity(WORKFLOW_REPOSITORY), PR));

/** The rule of the code PR's comment, by `author`; `asked` counts the times the identity was asked. */
function rule(author = TOKEN): { readonly rule: OursRule<CommentRecord>; readonly asked: () => number } {
  let asked = 0;
  return {
    rule: {
      marker: COMMENT_MARKER,
      author: () => {
        asked += 1;
        return Promise.resolve(author);
      },
      read: readForPr,
    },
    asked: () => asked,
  };
}

const verified = (found: IssueComment, jobId: string, sealedWith: 'api-key' | 'previous-api-key' = 'api-key') => ({
  found: 'verified',
  comment: found,
  record: record(jobId),
  sealedWith,
});

describe('ourComment', () => {
  it('asks for no identity, and finds none, when no comment carries the marker as its first line', async () => {
    const { rule: ours, asked } = rule();
    const comments = [
      comment(1, 'LGTM'),
      comment(2, `Quoting the action:\n${body('job_quoted')}`),
      comment(3, body('job_same_line', `${COMMENT_MARKER} and more on the same line`)),
      comment(4, body('job_space', ` ${COMMENT_MARKER}`)),
      comment(5, body('job_other_marker', DOCS_PR_MARKER)),
      comment(6, ''),
    ];
    await expect(ourComment(comments, ours)).resolves.toEqual({ found: 'none' });
    await expect(ourComment([], ours)).resolves.toEqual({ found: 'none' });
    expect(asked()).toBe(0);
  });

  it('takes a comment whose whole first line is the marker, also with CRLF line ends, and reads its record', async () => {
    for (const text of [body('job_1'), body('job_1').replace(/\n/g, '\r\n'), `${COMMENT_MARKER}\n${sealedRecord(record('job_1'), PR)}`]) {
      const ours = comment(7, text);
      await expect(ourComment([ours], rule().rule)).resolves.toEqual(verified(ours, 'job_1'));
    }
  });

  it('a marked comment of the author with no record at all is unrecorded: the action’s to write again, with nothing in it to follow', async () => {
    for (const text of [COMMENT_MARKER, `${COMMENT_MARKER}\n## Docs agent\n`]) {
      const written = comment(7, text);
      await expect(ourComment([written], rule().rule)).resolves.toEqual({ found: 'unrecorded', comment: written });
    }
    // Anyone else's such comment is still none.
    await expect(ourComment([comment(8, COMMENT_MARKER, 'someone')], rule().rule)).resolves.toEqual({ found: 'none' });
  });

  it('takes only the author’s comment, its login in any case; a marked comment of anyone else, its record verifying, is never it', async () => {
    const theirs = [comment(1, body('job_someone'), 'someone'), comment(2, body('job_prefix'), 'docs-bot'), comment(3, body('job_suffix'), 'docs-bot[bot]x')];
    await expect(ourComment(theirs, rule().rule)).resolves.toEqual({ found: 'none' });
    const ours = comment(4, body('job_ours'), 'Docs-Bot[BOT]');
    await expect(ourComment([...theirs, ours], rule().rule)).resolves.toEqual(verified(ours, 'job_ours'));
    const lower = comment(5, body('job_lower'));
    await expect(ourComment([...theirs, lower], rule('DOCS-BOT[bot]').rule)).resolves.toEqual(verified(lower, 'job_lower'));
  });

  it('takes the newest of the author’s marked comments (the last listed), whatever others wrote after it, a verifying copy included', async () => {
    const newest = comment(3, body('job_second'));
    const comments = [
      comment(1, body('job_first')),
      newest,
      comment(4, `Not marked, by the author.\n${sealedRecord(record('job_unmarked'), PR)}\n`),
      // A whole copy, its sealed record verifying: by someone else, so never the action's.
      comment(5, body('job_second').replace('## Docs agent', '## Copied'), 'someone'),
    ];
    await expect(ourComment(comments, rule().rule)).resolves.toEqual(verified(newest, 'job_second'));
  });

  it('a comment of the author whose record does not verify is unverified: an older one that verifies is not taken instead', async () => {
    const older = comment(1, body('job_old'));
    const rotated = comment(2, body('job_rotated', COMMENT_MARKER, RecordSeal.fromApiKey('mint_older_admin_key')));
    await expect(ourComment([older, rotated], rule().rule)).resolves.toEqual({ found: 'unverified', comment: rotated });
    // An edit by hand: the record no longer matches its seal.
    const edited = comment(3, body('job_edited').replace('job_edited', 'job_handed'));
    await expect(ourComment([older, edited], rule().rule)).resolves.toEqual({ found: 'unverified', comment: edited });
    // Sealed for another pull request: not this one's.
    const elsewhere = comment(4, `${COMMENT_MARKER}\n${sealedRecord(record('job_elsewhere'), PR + 1)}\n`);
    await expect(ourComment([elsewhere], rule().rule)).resolves.toEqual({ found: 'unverified', comment: elsewhere });
    // Another's copy of a verifying record does not make the author's unverified one verified either.
    await expect(ourComment([rotated, comment(5, body('job_copy'), 'someone')], rule().rule)).resolves.toEqual({
      found: 'unverified',
      comment: rotated,
    });
  });

  it('says which key sealed the record: previous-api-key during a rotation', async () => {
    const previous = 'mint_previous_admin_key';
    const rotating = RecordSeal.fromApiKey(DEFAULT_API_KEY, previous);
    const ours = comment(1, body('job_1', COMMENT_MARKER, RecordSeal.fromApiKey(previous)));
    const reading: OursRule<CommentRecord> = {
      ...rule().rule,
      read: (text) => readRecord(text, rotating, codePrScope(repositoryIdentity(WORKFLOW_REPOSITORY), PR)),
    };
    await expect(ourComment([ours], reading)).resolves.toEqual(verified(ours, 'job_1', 'previous-api-key'));
  });

  it('asks for the identity once, whatever the number of marked comments', async () => {
    const { rule: ours, asked } = rule();
    await ourComment([comment(1, body('job_1'), 'someone'), comment(2, body('job_2')), comment(3, body('job_3'))], ours);
    expect(asked()).toBe(1);
  });

  it('finds the comment of the marker it is asked for: the back-link’s apart from the code PR’s', async () => {
    const docs = repositoryIdentity('acme/docs');
    const backLinkRecord: BackLinkRecord = { codePr: { repository: WORKFLOW_REPOSITORY, number: PR } };
    const code = comment(1, body('job_1'));
    const backLink = comment(2, `${DOCS_PR_MARKER}\nFollows.\n${sealedBackLink(backLinkRecord, PR, docs)}\n`);
    const backLinks: OursRule<BackLinkRecord> = {
      marker: DOCS_PR_MARKER,
      author: () => Promise.resolve(TOKEN),
      read: (text) => readBackLink(text, TEST_SEAL, docsPrScope(docs, PR)),
    };
    await expect(ourComment([code, backLink], backLinks)).resolves.toEqual({
      found: 'verified',
      comment: backLink,
      record: backLinkRecord,
      sealedWith: 'api-key',
    });
    await expect(ourComment([code, backLink], rule().rule)).resolves.toEqual(verified(code, 'job_1'));
  });

  it('lets a failure to learn the identity through to its caller', async () => {
    const failure = new Error('GET /user answered 401.');
    const failing: OursRule<CommentRecord> = { ...rule().rule, author: () => Promise.reject(failure) };
    await expect(ourComment([comment(1, body('job_1'))], failing)).rejects.toBe(failure);
  });
});

describe('verifyingComments', () => {
  it('every marked comment whose record verifies, whoever wrote it, oldest first; the others counted only when they carry a record', () => {
    const first = comment(1, body('job_first'), 'someone');
    const second = comment(4, body('job_second'));
    const comments = [
      first,
      comment(2, body('job_rotated', COMMENT_MARKER, RecordSeal.fromApiKey('mint_older_admin_key'))),
      comment(3, `Quoting:\n${body('job_quoted')}`),
      second,
      comment(5, `${COMMENT_MARKER}\n## Docs agent\n`),
      comment(6, body('job_edited').replace('job_edited', 'job_handed'), 'someone'),
    ];
    expect(verifyingComments(comments, COMMENT_MARKER, readForPr)).toEqual({
      verified: [
        { comment: first, record: record('job_first') },
        { comment: second, record: record('job_second') },
      ],
      unverified: 2,
    });
    expect(verifyingComments([], COMMENT_MARKER, readForPr)).toEqual({ verified: [], unverified: 0 });
    expect(verifyingComments(comments, DOCS_PR_MARKER, readForPr)).toEqual({ verified: [], unverified: 0 });
  });
});
