/**
 * The store of the code PR's comment (`memory/code-pr-comment.ts`), against an in-memory GitHub:
 * which comment is the action's (by the one rule of ours: the token's own identity's, or a named
 * author's, its record verifying), what its record says (bound to the repository's ID, sealed under
 * api-key or, during a rotation, previous-api-key), that every write reads the record again first
 * and settles what to write (`settle`, pure, in a table of its own), and what a failed read or write
 * costs. What the comment says and records is `core/comment.ts`'s (test/core/comment.test.ts): here
 * a write's body only says what was settled.
 */
import { describe, expect, it } from 'vitest';
import { GitHubError, type IssueComment } from '../../src/github/api.js';
import { carriedBackLink } from '../../src/memory/back-link.js';
import {
  CodePrComment,
  newestDocsRepository,
  sameRecord,
  sameWork,
  settle,
  unverifiedBackLinkNotice,
  unverifiedNotice,
  type CommentedPullRequest,
  type CommentWrite,
  type Settled,
} from '../../src/memory/code-pr-comment.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, type CommentRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import { DEFAULT_API_KEY } from '../simulator/http-server.js';
import {
  COMMENT_HEAD as HEAD,
  COMMENTED_PR as PR,
  commentDeps as deps,
  EARLIER_HEAD as EARLIER,
  EARLIER_REPORT,
  earlierComment,
} from '../support/code-pr-comment.js';
import { memoryGitHub } from '../support/memory-github.js';
import { recordIn, repositoryIdentity, sealedBackLink, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';

const DOCS_PR: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs-agent/flag', closedByAction: false };
const ACCEPTED_AT = '2026-11-24T06:00:00.000Z';

const marked = (id: number, authorLogin: string, jobId: string): IssueComment => ({
  id,
  authorLogin,
  body: `${COMMENT_MARKER}\n## Docs agent\n${sealedRecord({ jobId, headSha: EARLIER }, 7)}`,
});

/** The body a write here renders: the marker, what was settled, and the record line the store sealed. */
function reportOf(settled: Settled, line: string | undefined): string {
  const said =
    settled.write === 'tail'
      ? `Tail kept from:\n${settled.newestBody.trimEnd()}`
      : `Report of ${settled.write === 'whole' ? (settled.record?.jobId ?? 'no job') : '-'}.`;
  return [COMMENT_MARKER, said, ...(line ? ['', line] : [])].join('\n') + '\n';
}

/** A write of `mine`, as a command's writer gives it the store; `rendered` is what `render` was called with. */
function writing(mine: CommentRecord | undefined, more: Partial<Pick<CommentWrite, 'accepted' | 'acted' | 'stage'>> = {}) {
  const rendered: Array<{ readonly settled: Settled; readonly line: string | undefined }> = [];
  const write: CommentWrite = {
    mine,
    accepted: false,
    acted: false,
    ...more,
    render: (settled, line) => {
      rendered.push({ settled, line });
      return reportOf(settled, line);
    },
  };
  return { write, rendered };
}

/** A working record of the job the API accepted in this run, on the head. */
const working = (jobId: string): CommentRecord => ({ jobId, headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
const accepted = (jobId: string) => writing(working(jobId), { accepted: true, stage: 'working' });

describe('finding the comment', () => {
  it('with no comment carrying the marker: no identity asked, nothing recorded, and the first write creates one without reading again', async () => {
    const github = memoryGitHub([{ id: 1, authorLogin: 'someone', body: 'LGTM' }]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    expect(comment.earlier).toBeUndefined();
    expect(comment.record).toBeUndefined();
    expect(comment.recordUnverified).toBe(false);
    expect(github.calls).toEqual(['list 7']);
    await expect(comment.write(accepted('job_1').write)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'create 7']);
  });

  it("takes the newest comment by the token's own identity, its login in any case, reads its record, and writes to it", async () => {
    const github = memoryGitHub(
      [marked(1, 'Docs-Bot[bot]', 'job_old'), marked(2, 'other[bot]', 'job_other'), marked(3, 'docs-bot[BOT]', 'job_new')],
      'docs-bot[bot]',
    );
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    expect(comment.earlier).toEqual({ jobId: 'job_new', headSha: EARLIER });
    await comment.write(accepted('job_new').write);
    // Every write reads the record again first: one request, the comment by its ID.
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3', 'update 3']);
  });

  it('ignores a marked comment written by anyone else, its record verifying (a copy): a new one is written, theirs is left as it was', async () => {
    const theirs = marked(1, 'other[bot]', 'job_other');
    const github = memoryGitHub([theirs]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    expect(comment.earlier).toBeUndefined();
    await comment.write(accepted('job_1').write);
    expect(github.calls).toEqual(['list 7', 'identity', 'create 7']);
    expect(github.comments[0]).toEqual(theirs);
  });

  it('keeps the pull request’s comments as found, for the back-link store (the action’s own documentation PR)', async () => {
    const backLink = {
      id: 2,
      authorLogin: 'docs-bot[bot]',
      body: `${DOCS_PR_MARKER}\nFollows acme/widgets#3.\n${sealedBackLink({ codePr: { repository: WORKFLOW_REPOSITORY, number: 3 } }, 7, WORKFLOW_REPOSITORY)}\n`,
    };
    const found = [marked(1, 'github-actions[bot]', 'job_1'), backLink];
    const comment = (await CodePrComment.find(memoryGitHub(found), PR, deps()))!;
    expect(comment.comments).toEqual(found);
    expect(carriedBackLink(comment.comments, PR, TEST_SEAL)).toEqual({ codePr: { repository: WORKFLOW_REPOSITORY, number: 3 } });
  });

  // The action writes a comment with no record line itself when it has none to keep (a first run
  // whose send was refused or failed): the next run finds it again (`unrecorded`), and the pull
  // request keeps one comment of the action's (docs/pull-requests.md).
  it('finds again a comment of its own written without a record (none to keep), and updates it rather than writing a second', async () => {
    const github = memoryGitHub();
    const first = (await CodePrComment.find(github, PR, deps()))!;
    await first.write(writing(undefined).write);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).not.toContain('docs-agent-action:state');
    const next = (await CodePrComment.find(github, PR, deps()))!;
    await next.write(accepted('job_1').write);
    expect(github.comments).toHaveLength(1);
  });

  it('goes on without the comment after one warning when the comments cannot be read', async () => {
    const github = memoryGitHub();
    github.failures.list = new GitHubError('GET /repos/{owner}/{repo}/issues/{issue_number}/comments answered 500.', 'http', 500);
    const { logger, clock, seal } = deps();
    await expect(CodePrComment.find(github, PR, { logger, clock, seal })).resolves.toBeUndefined();
    expect(logger.messages('warning')).toEqual([
      "Could not read the pull request's comments: GET /repos/{owner}/{repo}/issues/{issue_number}/comments answered 500. Going on without the pull-request comment and without reuse-job.",
    ]);
  });

  it('lets cancellation and the deadline end the step', async () => {
    for (const kind of ['cancelled', 'deadline'] as const) {
      const github = memoryGitHub();
      const error = new GitHubError(`stopped: ${kind}`, kind);
      github.failures.list = error;
      const { logger, clock, seal } = deps();
      await expect(CodePrComment.find(github, PR, { logger, clock, seal })).rejects.toBe(error);
      expect(logger.messages('warning')).toEqual([]);
    }
  });
});

describe('finding the comment of a named author (command: sync, writing with another identity)', () => {
  const rewriting = (record: CommentRecord) => (comment: CodePrComment) =>
    comment.rewrite(
      () => record,
      (body, line) => `${body.trimEnd()}\n\n${line}\n`,
    );

  it('takes the newest marked comment of that author, its login in any case, without asking the token’s identity', async () => {
    const github = memoryGitHub(
      [
        earlierComment(1, { jobId: 'job_old', headSha: EARLIER }, [], 'Code-Bot[bot]'),
        earlierComment(2, { jobId: 'job_token', headSha: EARLIER }, [], 'sync-bot[bot]'),
        { id: 3, authorLogin: 'code-bot[bot]', body: `Not marked.\n${sealedRecord({ jobId: 'job_unmarked', headSha: EARLIER }, 7)}\n` },
        earlierComment(4, { jobId: 'job_new', headSha: EARLIER }, [], 'CODE-BOT[BOT]'),
        earlierComment(5, { jobId: 'job_later_copy', headSha: EARLIER }, [], 'someone'),
      ],
      'sync-bot[bot]',
    );
    const comment = (await CodePrComment.find(github, PR, { ...deps(), author: 'code-bot[Bot]' }))!;
    expect(comment.earlier).toEqual({ jobId: 'job_new', headSha: EARLIER });
    await expect(rewriting({ jobId: 'job_new', headSha: HEAD })(comment)).resolves.toBe(true);
    // Read again before it is rewritten, then written: the author's own.
    expect(github.calls).toEqual(['list 7', 'get 4', 'update 4']);
  });

  it('takes the newest of the author’s comments even when its record does not verify: an older one is not the action’s comment', async () => {
    const github = memoryGitHub([
      earlierComment(1, { jobId: 'job_old', headSha: EARLIER }, [], 'code-bot[bot]'),
      {
        id: 2,
        authorLogin: 'code-bot[bot]',
        body: `${COMMENT_MARKER}\n### Documentation agent\n\n${sealedRecord({ jobId: 'job_rotated', headSha: EARLIER }, 7, WORKFLOW_REPOSITORY, RecordSeal.fromApiKey('mint_older_admin_key'))}\n`,
      },
    ]);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal, author: 'code-bot[bot]' }))!;
    expect(comment.earlier).toBeUndefined();
    expect(comment.recordUnverified).toBe(true);
    expect(logger.messages('notice')).toEqual([unverifiedNotice(false)]);
    await expect(rewriting({ jobId: 'job_old', headSha: EARLIER })(comment)).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7']);
    // One of the author's with no record at all is not taken either, nor an older one in its place.
    const bare = memoryGitHub([
      earlierComment(1, { jobId: 'job_old', headSha: EARLIER }, [], 'code-bot[bot]'),
      { id: 2, authorLogin: 'code-bot[bot]', body: `${COMMENT_MARKER}\n### Documentation agent\n` },
    ]);
    const none = (await CodePrComment.find(bare, PR, { ...deps(), author: 'code-bot[bot]' }))!;
    expect(none.earlier).toBeUndefined();
    await expect(rewriting({ jobId: 'job_old', headSha: EARLIER })(none)).resolves.toBe(false);
    expect(bare.calls).toEqual(['list 7']);
  });

  it('never takes a verified record in anyone else’s comment, the token’s own identity’s included, even when the author’s comment was deleted', async () => {
    // The author's comment is gone; a copy of its record stands in a comment of someone else, and
    // one in a comment of the identity this run writes with.
    const github = memoryGitHub(
      [
        earlierComment(4, { jobId: 'job_copy', headSha: EARLIER }, [], 'someone'),
        earlierComment(5, { jobId: 'job_token', headSha: EARLIER }, [], 'sync-bot[bot]'),
      ],
      'sync-bot[bot]',
    );
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal, author: 'code-bot[bot]' }))!;
    expect(comment.earlier).toBeUndefined();
    await expect(rewriting({ jobId: 'job_copy', headSha: EARLIER })(comment)).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7']);
    expect(logger.lines).toEqual([]);
  });

  it('without an author, a verified record in a comment of another identity than the token’s is not the action’s comment', async () => {
    const github = memoryGitHub([earlierComment(4, { jobId: 'job_ours', headSha: EARLIER })], 'code-bot[bot]');
    const comment = await CodePrComment.find(github, PR, deps());
    expect(comment!.earlier).toBeUndefined();
    expect(github.calls).toEqual(['list 7', 'identity']);
  });
});

describe('writing the comment', () => {
  it('writes the record sealed for this pull request, and says the write in one info line (working when new work is at work)', async () => {
    const github = memoryGitHub();
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    const { write, rendered } = accepted('job_1');
    await expect(comment.write(write)).resolves.toBe(true);
    expect(rendered).toEqual([{ settled: { write: 'whole', record: working('job_1') }, line: sealedRecord(working('job_1'), 7) }]);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual(working('job_1'));
    expect(comment.record).toEqual(working('job_1'));
    const ended = { jobId: 'job_1', headSha: HEAD };
    await expect(comment.write(writing(ended, { accepted: true }).write)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'create 7', 'get 900', 'update 900']);
    expect(logger.messages('info')).toEqual(['Pull-request comment created (working).', 'Pull-request comment updated.']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual(ended);
    expect(comment.record).toEqual(ended);
  });

  it('writes no record line when there is none to keep', async () => {
    const github = memoryGitHub();
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    const { write, rendered } = writing(undefined);
    await expect(comment.write(write)).resolves.toBe(true);
    expect(rendered).toEqual([{ settled: { write: 'whole', record: undefined }, line: undefined }]);
    expect(github.comments[0]!.body).not.toContain('docs-agent-action:state');
  });

  it('a 403 is one warning that names the permission, and no write follows a failed one', async () => {
    const github = memoryGitHub();
    github.failures.write = new GitHubError('POST …/comments answered 403.', 'http', 403);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    await expect(comment.write(accepted('job_1').write)).resolves.toBe(false);
    await expect(comment.write(accepted('job_1').write)).resolves.toBe(false);
    await expect(
      comment.rewrite(
        (newest) => newest,
        (body) => body,
      ),
    ).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7', 'create 7']);
    expect(logger.messages('warning')).toEqual([
      'Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.',
    ]);
    expect(logger.messages('info')).toEqual([]);
    expect(comment.record).toBeUndefined();
  });

  it('any other failure is one warning with what went wrong; a cancellation’s cut is none (the step says it once)', async () => {
    for (const error of [new GitHubError('POST …/comments answered 500.', 'http', 500), new GitHubError('POST …/comments: no answer.', 'timeout')]) {
      const github = memoryGitHub();
      github.failures.write = error;
      const { logger, clock, seal } = deps();
      const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
      await comment.write(accepted('job_1').write);
      expect(logger.messages('warning')).toEqual([`Could not write the pull-request comment: ${error.message}`]);
    }
    const github = memoryGitHub();
    github.failures.write = new GitHubError('POST …/comments: cancelled.', 'cancelled');
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    await expect(comment.write(accepted('job_1').write)).resolves.toBe(false);
    await expect(comment.write(accepted('job_1').write)).resolves.toBe(false);
    expect(logger.lines).toEqual([]);
    expect(github.calls).toEqual(['list 7', 'create 7']);
  });

  it('with a client of its own window, reads again and writes through that client only', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    // The found client's window has closed: anything sent through it would fail.
    github.failures.list = new GitHubError('stopped: deadline', 'deadline');
    github.failures.write = new GitHubError('stopped: deadline', 'deadline');
    const window = memoryGitHub(github.comments);
    await expect(comment.write(writing({ jobId: 'job_2', headSha: HEAD }, { accepted: true }).write, window)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'identity']);
    expect(window.calls).toEqual(['get 3', 'update 3']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD });
  });
});

describe('reading the record again before every write', () => {
  it('reads nothing again when there is no comment yet', async () => {
    const github = memoryGitHub();
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    await comment.write(accepted('job_1').write);
    expect(github.calls).toEqual(['list 7', 'create 7']);
  });

  it('settles against the record as GitHub has it now: another run’s newer work is not written over, and says why in one info line', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    const newer = earlierComment(3, working('job_2'));
    github.comments[0] = newer;
    const { write, rendered } = writing({ jobId: 'job_1', headSha: EARLIER });
    await expect(comment.write(write)).resolves.toBe(false);
    expect(rendered).toEqual([]);
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3']);
    expect(github.comments[0]).toEqual(newer);
    expect(logger.messages('info')).toEqual(['The pull-request comment was not written: another run recorded newer work since (a newer head or job).']);
    // Nothing was written: the record as this run last read it stands for its next write.
    expect(comment.record).toEqual({ jobId: 'job_1', headSha: EARLIER });
  });

  it('writes what this run owns into a record that moved on, keeping the newer body as GitHub has it (the tail)', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    const newer = earlierComment(3, working('job_2'));
    github.comments[0] = newer;
    const closed: DocsPrRecord = { ...DOCS_PR, closedByAction: true };
    const { write, rendered } = writing({ jobId: 'job_1', headSha: EARLIER, docsPr: closed }, { acted: true });
    await expect(comment.write(write)).resolves.toBe(true);
    const record = { ...working('job_2'), docsPr: closed };
    expect(rendered).toEqual([{ settled: { write: 'tail', record, newestBody: newer.body }, line: sealedRecord(record, 7) }]);
    expect(recordIn(github.comments[0].body, 7)).toEqual(record);
    expect(comment.record).toEqual(record);
  });

  it('reads its own comment again, by its ID, not another one carrying a copy of a record', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    github.comments.unshift(earlierComment(1, working('job_copy'), [], 'someone'));
    const { write, rendered } = writing({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    await comment.write(write);
    expect(rendered[0]!.settled.write).toBe('whole');
    expect(recordIn(github.comments[1]!.body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    expect(github.comments[0]!.authorLogin).toBe('someone');
  });

  it('a record edited meanwhile counts as none, without a second notice; the write goes on with what this run has', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    github.comments[0] = { ...github.comments[0]!, body: github.comments[0]!.body.replace('flag', 'flap') };
    await comment.write(writing({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }).write);
    expect(logger.messages('notice')).toEqual([]);
    expect(recordIn(github.comments[0].body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
  });

  it('a failed read again is said at info level, and the write goes on all the same', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    github.failures.list = new GitHubError('GET …/comments/3 answered 502.', 'http', 502);
    await expect(comment.write(writing({ jobId: 'job_1', headSha: EARLIER }).write)).resolves.toBe(true);
    expect(logger.messages('info')).toEqual([
      'Could not read the pull-request comment again before writing it (GET …/comments/3 answered 502.); writing what this run knows.',
      'Pull-request comment updated.',
    ]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('a deadline or a cancellation of the read again is an info line too, never thrown: the write goes on in its own window', async () => {
    for (const kind of ['deadline', 'cancelled'] as const) {
      const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
      const { logger, clock, seal } = deps();
      const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
      github.failures.list = new GitHubError(`GET …/comments/3: stopped (${kind}).`, kind);
      await expect(comment.write(writing({ jobId: 'job_1', headSha: EARLIER }).write)).resolves.toBe(true);
      expect(logger.messages('info')).toEqual([
        `Could not read the pull-request comment again before writing it (GET …/comments/3: stopped (${kind}).); writing what this run knows.`,
        'Pull-request comment updated.',
      ]);
      expect(logger.messages('warning')).toEqual([]);
      expect(github.calls).toEqual(['list 7', 'identity', 'get 3', 'update 3']);
    }
  });

  it('a read again cut off by the deadline, then a write that fails as well: one info line, one warning', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    github.failures.list = new GitHubError('GET …/comments/3: the step’s deadline passed.', 'deadline');
    github.failures.write = new GitHubError('PATCH …/comments/3: the step’s deadline passed.', 'deadline');
    await expect(comment.write(writing({ jobId: 'job_1', headSha: EARLIER }).write)).resolves.toBe(false);
    expect(logger.messages('info')).toEqual([
      'Could not read the pull-request comment again before writing it (GET …/comments/3: the step’s deadline passed.); writing what this run knows.',
    ]);
    expect(logger.messages('warning')).toEqual(['Could not write the pull-request comment: PATCH …/comments/3: the step’s deadline passed.']);
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3', 'update 3']);
  });
});

describe('rewriting from the newest record (command: sync, and a run whose status changed without a report)', () => {
  const record: CommentRecord = { jobId: 'job_1', headSha: EARLIER, docsPr: { ...DOCS_PR, closedByAction: true } };
  const SYNC = 'code-bot[bot]';

  it('reads the comment again first: `change` makes the record from the newest one, the body from the newest body', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [], SYNC)]);
    const comment = (await CodePrComment.find(github, PR, { ...deps(), author: SYNC }))!;
    // Meanwhile another run wrote a newer report and recorded a newer job.
    const newer = earlierComment(3, { ...working('job_2'), docsPr: DOCS_PR }, ['**⏳ Working: another run’s job.**'], SYNC);
    github.comments[0] = newer;
    const changes: CommentRecord[] = [];
    const bodies: Array<[string, string]> = [];
    const written = await comment.rewrite(
      (newest) => {
        changes.push(newest);
        return { ...newest, docsPr: { ...newest.docsPr!, closedByAction: true } };
      },
      (body, line) => {
        bodies.push([body, line]);
        return `${body.trimEnd()}\n\n${line}\n`;
      },
    );
    expect(written).toBe(true);
    const changed = { ...working('job_2'), docsPr: { ...DOCS_PR, closedByAction: true } };
    expect(changes).toEqual([{ ...working('job_2'), docsPr: DOCS_PR }]);
    expect(bodies).toEqual([[newer.body, sealedRecord(changed, 7)]]);
    expect(recordIn(github.comments[0].body, 7)).toEqual(changed);
    expect(comment.record).toEqual(changed);
    expect(github.calls).toEqual(['list 7', 'get 3', 'update 3']);
  });

  it('a comment that cannot be read again is rewritten from what was found, said at info level', async () => {
    const found = earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [], SYNC);
    const github = memoryGitHub([found]);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal, author: SYNC }))!;
    github.failures.list = new GitHubError('GitHub get comment answered 502.', 'http', 502);
    const bodies: string[] = [];
    await expect(
      comment.rewrite(
        (newest) => newest,
        (body, line) => {
          bodies.push(body);
          return `${body.trimEnd()}\n${line}\n`;
        },
      ),
    ).resolves.toBe(true);
    expect(bodies).toEqual([found.body]);
    expect(logger.messages('info')).toEqual([
      'Could not read the pull-request comment again before writing it (GitHub get comment answered 502.); writing what this run knows.',
      'Pull-request comment updated.',
    ]);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    expect(logger.messages('warning')).toEqual([]);
  });

  it('writes through the client it is given, when given one', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    const window = memoryGitHub(github.comments);
    await expect(
      comment.rewrite(
        () => record,
        (body, line) => `${body}${line}\n`,
        window,
      ),
    ).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'identity']);
    expect(window.calls).toEqual(['get 3', 'update 3']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual(record);
  });

  it('writes nothing without a comment whose record verified, and after a failed write nothing more', async () => {
    const none = (await CodePrComment.find(memoryGitHub(), PR, { ...deps(), author: SYNC }))!;
    await expect(
      none.rewrite(
        () => record,
        (body) => body,
      ),
    ).resolves.toBe(false);
    // The action's comment, but its record does not verify: there is nothing to keep.
    const unverified = memoryGitHub([
      {
        id: 3,
        authorLogin: 'github-actions[bot]',
        body: `${EARLIER_REPORT}\n\n${sealedRecord(record, 7, WORKFLOW_REPOSITORY, RecordSeal.fromApiKey('mint_older_admin_key'))}\n`,
      },
    ]);
    const found = (await CodePrComment.find(unverified, PR, deps()))!;
    expect(found.recordUnverified).toBe(true);
    await expect(
      found.rewrite(
        () => record,
        (body) => body,
      ),
    ).resolves.toBe(false);
    expect(unverified.calls).toEqual(['list 7', 'identity']);
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    github.failures.write = new GitHubError('PATCH …/comments/3 answered 500.', 'http', 500);
    const { logger, clock, seal } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal }))!;
    await expect(
      comment.rewrite(
        () => record,
        (body) => body,
      ),
    ).resolves.toBe(false);
    expect(logger.messages('warning')).toEqual(['Could not write the pull-request comment: PATCH …/comments/3 answered 500.']);
    await expect(
      comment.rewrite(
        () => record,
        (body) => body,
      ),
    ).resolves.toBe(false);
    await expect(comment.write(accepted('job_1').write)).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3', 'update 3']);
  });
});

describe('a key rotation (previous-api-key)', () => {
  const OLD_KEY = 'mint_old_admin_key';
  const rotating = RecordSeal.fromApiKey(DEFAULT_API_KEY, OLD_KEY);
  const underOldKey = (id: number, record: CommentRecord): IssueComment => ({
    id,
    authorLogin: 'github-actions[bot]',
    body: `${COMMENT_MARKER}\n### Documentation agent\n\n${sealedRecord(record, 7, WORKFLOW_REPOSITORY, RecordSeal.fromApiKey(OLD_KEY))}\n`,
  });
  const READ_UNDER_PREVIOUS = "The pull-request comment's record was sealed under previous-api-key: this run's next write of it seals it under api-key.";

  it('reads a record sealed under previous-api-key, says so in one info line, and seals it under api-key at the next write', async () => {
    const github = memoryGitHub([underOldKey(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const { logger, clock } = deps();
    const comment = (await CodePrComment.find(github, PR, { logger, clock, seal: rotating }))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    expect(logger.messages('info')).toEqual([READ_UNDER_PREVIOUS]);
    expect(logger.messages('notice')).toEqual([]);
    const atWork = { ...working('job_1'), docsPr: DOCS_PR };
    // Read again before the write, under either key: the record is the one found, so the write is whole.
    await expect(comment.write(writing(atWork, { accepted: true, stage: 'working' }).write)).resolves.toBe(true);
    const body = github.comments[0]!.body;
    // Under api-key alone it verifies; under the earlier key alone it no longer does.
    expect(recordIn(body, 7)).toEqual(atWork);
    expect(recordIn(body, 7, WORKFLOW_REPOSITORY, RecordSeal.fromApiKey(OLD_KEY))).toBeUndefined();
    // Read again before the next write, the record is api-key's now: no second line.
    await comment.write(writing({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR }, { accepted: true }).write);
    expect(logger.messages('info')).toEqual([READ_UNDER_PREVIOUS, 'Pull-request comment updated (working).', 'Pull-request comment updated.']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR });
  });

  it('a rewritten record (command: sync) is sealed under api-key too', async () => {
    const github = memoryGitHub([underOldKey(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const comment = (await CodePrComment.find(github, PR, { ...deps(), seal: rotating, author: 'github-actions[bot]' }))!;
    await expect(
      comment.rewrite(
        (newest) => newest,
        (body, line) => `${body.trimEnd()}\n${line}\n`,
      ),
    ).resolves.toBe(true);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
  });

  it('a record that verifies under neither key counts as none, with the notice for the keys given', async () => {
    const withoutPrevious = memoryGitHub([underOldKey(3, { jobId: 'job_1', headSha: EARLIER })]);
    const first = deps();
    const found = (await CodePrComment.find(withoutPrevious, PR, first))!;
    expect(found.earlier).toBeUndefined();
    expect(found.recordUnverified).toBe(true);
    expect(first.logger.messages('notice')).toEqual([unverifiedNotice(false)]);
    expect(first.logger.messages('info')).toEqual([]);
    const older = memoryGitHub([
      {
        id: 3,
        authorLogin: 'github-actions[bot]',
        body: `${COMMENT_MARKER}\n${sealedRecord({ jobId: 'job_1', headSha: EARLIER }, 7, WORKFLOW_REPOSITORY, RecordSeal.fromApiKey('mint_older_still'))}\n`,
      },
    ]);
    const second = deps();
    expect((await CodePrComment.find(older, PR, { ...second, seal: rotating }))!.earlier).toBeUndefined();
    expect(second.logger.messages('notice')).toEqual([unverifiedNotice(true)]);
  });

  it('the comment whose record does not verify is still the one written: updated, not doubled', async () => {
    const github = memoryGitHub([underOldKey(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    await expect(comment.write(accepted('job_2').write)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3', 'update 3']);
    expect(github.comments).toHaveLength(1);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual(working('job_2'));
  });

  it('the notices say the likely cause and the way out, with and without previous-api-key', () => {
    expect(unverifiedNotice(false)).toBe(
      "The pull-request comment's hidden record does not verify, so it counts as none. Most likely api-key was rotated since it was written (admin keys expire, by default after 90 days): give the earlier key as previous-api-key until every open pull request has been written again; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.",
    );
    expect(unverifiedNotice(true)).toBe(
      "The pull-request comment's hidden record does not verify, so it counts as none. It was not sealed under api-key nor under previous-api-key: most likely under a key older than both; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.",
    );
    expect(unverifiedBackLinkNotice(false)).toBe(
      "This pull request's back-link to its code PR does not verify, so it counts as none. Most likely api-key was rotated since it was written (admin keys expire, by default after 90 days): give the earlier key as previous-api-key until every open pull request has been written again; otherwise it was edited by hand or copied from elsewhere. Nothing is brought in step until the code PR's next run links this pull request again.",
    );
    expect(unverifiedBackLinkNotice(true)).toBe(
      "This pull request's back-link to its code PR does not verify, so it counts as none. It was not sealed under api-key nor under previous-api-key: most likely under a key older than both; otherwise it was edited by hand or copied from elsewhere. Nothing is brought in step until the code PR's next run links this pull request again.",
    );
  });
});

describe('the record bound to the repository’s ID', () => {
  const identity = repositoryIdentity(WORKFLOW_REPOSITORY);

  it('is read after a rename or a transfer: the ID is the same, the name is not', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const renamed: CommentedPullRequest = { ...PR, repository: { id: identity.id, name: 'acme-labs/widgets-next' } };
    const comment = (await CodePrComment.find(github, renamed, deps()))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER });
  });

  it('does not verify in another repository that now bears the name', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const other: CommentedPullRequest = { ...PR, repository: { id: identity.id! + 1, name: WORKFLOW_REPOSITORY } };
    expect((await CodePrComment.find(github, other, { logger, clock, seal }))!.earlier).toBeUndefined();
    expect(logger.messages('notice')).toEqual([unverifiedNotice(false)]);
  });

  it('a record an earlier version sealed for the name is still read, and written back for the ID', async () => {
    const byName = { id: undefined, name: WORKFLOW_REPOSITORY };
    const github = memoryGitHub([
      { id: 3, authorLogin: 'github-actions[bot]', body: `${COMMENT_MARKER}\n${sealedRecord({ jobId: 'job_1', headSha: EARLIER }, 7, byName)}\n` },
    ]);
    const comment = (await CodePrComment.find(github, PR, deps()))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER });
    expect(comment.sealed({ jobId: 'job_1', headSha: EARLIER })).toBe(sealedRecord({ jobId: 'job_1', headSha: EARLIER }, 7, identity));
    await comment.write(writing(comment.earlier).write);
    const body = github.comments[0]!.body;
    expect(body.trimEnd().split('\n').at(-1)).toBe(sealedRecord({ jobId: 'job_1', headSha: EARLIER }, 7, identity));
    expect(recordIn(body, 7, byName)).toBeUndefined();
  });
});

describe('settle: what a write comes to, once the record was read again', () => {
  const T0 = '2026-11-24T05:00:00.000Z';
  const T1 = ACCEPTED_AT;
  const T2 = '2026-11-24T07:00:00.000Z';
  /** The documentation PR this run's record names, another run's newer one, and one it supersedes. */
  const OURS: DocsPrRecord = DOCS_PR;
  const THEIRS: DocsPrRecord = { repository: 'acme/docs', number: 6, headRef: 'docs-agent/other', closedByAction: false };
  const OLDER: DocsPrRecord = { repository: 'acme/docs', number: 4, headRef: 'docs-agent/older', closedByAction: true };

  /** What this run read, and the record it would write: a job it had the API accept (at T1), at work. */
  const read: CommentRecord = { jobId: 'job_1', headSha: EARLIER, docsPr: OURS };
  const mineAccepted: CommentRecord = { jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: T1, docsPr: OURS };
  /** The same work (job_1 on HEAD) at work as read, and this run's end of it. */
  const atWork: CommentRecord = { jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: T0, docsPr: OURS };
  const mineEnded: CommentRecord = { jobId: 'job_1', headSha: HEAD, docsPr: OURS };

  type Row = readonly [string, CommentRecord | undefined, CommentRecord | undefined, Omit<CommentWrite, 'render'>, Settled];
  const rows: readonly Row[] = [
    // Unchanged since this run read it: this run's record, whole (none included).
    [
      'gone, unreadable or no longer verifying',
      read,
      undefined,
      { mine: mineAccepted, accepted: true, acted: false },
      { write: 'whole', record: mineAccepted },
    ],
    ['unchanged', read, read, { mine: mineEnded, accepted: false, acted: false }, { write: 'whole', record: mineEnded }],
    [
      'unchanged, its fields in another order',
      read,
      { docsPr: OURS, headSha: EARLIER, jobId: 'job_1' },
      { mine: mineEnded, accepted: false, acted: false },
      { write: 'whole', record: mineEnded },
    ],
    ['unchanged, and none to write', read, read, { mine: undefined, accepted: false, acted: false }, { write: 'whole', record: undefined }],
    ['no record read, none there now', undefined, undefined, { mine: undefined, accepted: false, acted: false }, { write: 'whole', record: undefined }],
    [
      'moved on, and none to write',
      read,
      { jobId: 'job_0', headSha: HEAD },
      { mine: undefined, accepted: false, acted: true },
      { write: 'nothing', why: 'another run recorded its work since, and this run has none to record' },
    ],
    // This run's acceptance is new work: whole, unless another run recorded a later acceptance since.
    [
      'this run’s acceptance later than the newest one: whole, with the newer record’s documentation PR',
      read,
      { jobId: 'job_0', headSha: EARLIER, working: true, acceptedAt: T0, docsPr: THEIRS, supersedes: OLDER },
      { mine: mineAccepted, accepted: true, acted: false },
      { write: 'whole', record: { ...mineAccepted, docsPr: THEIRS, supersedes: OLDER } },
    ],
    [
      'this run’s acceptance later than the newest one, acting on the documentation PR: whole, with its own',
      read,
      { jobId: 'job_0', headSha: EARLIER, working: true, acceptedAt: T0, docsPr: THEIRS, supersedes: OLDER },
      { mine: mineAccepted, accepted: true, acted: true },
      { write: 'whole', record: mineAccepted },
    ],
    [
      'this run’s acceptance the same instant as the newest one: whole',
      read,
      { jobId: 'job_0', headSha: EARLIER, working: true, acceptedAt: T1, docsPr: OURS },
      { mine: mineAccepted, accepted: true, acted: false },
      { write: 'whole', record: mineAccepted },
    ],
    [
      'the newest one records no acceptance (an earlier version’s): whole, without a documentation PR it does not name',
      read,
      { jobId: 'job_0', headSha: EARLIER },
      { mine: mineAccepted, accepted: true, acted: false },
      { write: 'whole', record: { jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: T1 } },
    ],
    [
      'this run’s acceptance earlier than the newest one: nothing',
      read,
      { jobId: 'job_3', headSha: HEAD, working: true, acceptedAt: T2, docsPr: THEIRS },
      { mine: mineAccepted, accepted: true, acted: false },
      { write: 'nothing', why: 'another run had later work accepted since' },
    ],
    [
      'this run’s acceptance earlier than the newest one, acting on the documentation PR: its documentation PR in the newer record',
      read,
      { jobId: 'job_3', headSha: HEAD, working: true, acceptedAt: T2, docsPr: THEIRS, supersedes: OLDER },
      { mine: { ...mineAccepted, supersedes: OLDER }, accepted: true, acted: true },
      { write: 'tail', record: { jobId: 'job_3', headSha: HEAD, working: true, acceptedAt: T2, docsPr: OURS, supersedes: OLDER }, newestBody: '' },
    ],
    // The same work (job and head) still at work: this run's end of it, whole.
    [
      'the same work still at work: whole, with the newer record’s documentation PR',
      atWork,
      { ...atWork, docsPr: THEIRS },
      { mine: mineEnded, accepted: false, acted: false },
      { write: 'whole', record: { ...mineEnded, docsPr: THEIRS } },
    ],
    [
      'the same work still at work, acting on the documentation PR: whole, with its own',
      atWork,
      { ...atWork, docsPr: THEIRS },
      { mine: mineEnded, accepted: false, acted: true },
      { write: 'whole', record: mineEnded },
    ],
    [
      'the same work still at work, this run’s own acceptance seen to end: whole',
      undefined,
      { jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: T1 },
      { mine: { jobId: 'job_2', headSha: HEAD }, accepted: true, acted: false },
      { write: 'whole', record: { jobId: 'job_2', headSha: HEAD } },
    ],
    // Another run recorded the end of this work already: never finished twice.
    [
      'the same work ended already: nothing',
      atWork,
      { jobId: 'job_1', headSha: HEAD, docsPr: THEIRS },
      { mine: mineEnded, accepted: false, acted: false },
      { write: 'nothing', why: 'another run recorded the end of this work already' },
    ],
    [
      'the same work ended already, acting on the documentation PR: its documentation PR in the newer record',
      atWork,
      { jobId: 'job_1', headSha: HEAD, docsPr: THEIRS, supersedes: OLDER },
      { mine: mineEnded, accepted: false, acted: true },
      { write: 'tail', record: { jobId: 'job_1', headSha: HEAD, docsPr: OURS }, newestBody: '' },
    ],
    // Other work (a newer head or job): a sweep never finishes old work over a push's new work.
    [
      'other work: nothing',
      atWork,
      { jobId: 'job_2', headSha: 'c'.repeat(40), working: true, acceptedAt: T2 },
      { mine: mineEnded, accepted: false, acted: false },
      { write: 'nothing', why: 'another run recorded newer work since (a newer head or job)' },
    ],
    [
      'other work, acting on the documentation PR: its documentation PR in the newer record',
      atWork,
      { jobId: 'job_2', headSha: 'c'.repeat(40), working: true, acceptedAt: T2 },
      { mine: mineEnded, accepted: false, acted: true },
      { write: 'tail', record: { jobId: 'job_2', headSha: 'c'.repeat(40), working: true, acceptedAt: T2, docsPr: OURS }, newestBody: '' },
    ],
  ];

  for (const [name, readBefore, newest, write, expected] of rows) {
    it(name, () => {
      const settled = settle(readBefore, newest, write);
      expect(settled).toEqual(expected);
      // A record settled on is in the one order of fields a record is read back in.
      if (settled.write !== 'nothing' && settled.record)
        expect(JSON.stringify(settled.record)).toBe(JSON.stringify(expected.write !== 'nothing' && expected.record));
    });
  }

  it('is pure: neither record given is changed', () => {
    const newest = Object.freeze({ jobId: 'job_1', headSha: HEAD, docsPr: Object.freeze({ ...THEIRS }) });
    const mine = Object.freeze({ ...mineEnded, docsPr: Object.freeze({ ...OURS }) });
    expect(() => settle(Object.freeze({ ...atWork }), newest, { mine, accepted: false, acted: true })).not.toThrow();
    expect(mine.docsPr).toEqual(OURS);
    expect(newest.docsPr).toEqual(THEIRS);
  });
});

describe('sameWork and sameRecord', () => {
  it('the same work is the same job on the same head', () => {
    expect(sameWork({ jobId: 'job_1', headSha: HEAD }, { jobId: 'job_1', headSha: HEAD })).toBe(true);
    expect(sameWork({ jobId: 'job_1', headSha: HEAD }, { jobId: 'job_1', headSha: EARLIER })).toBe(false);
    expect(sameWork({ jobId: 'job_1', headSha: HEAD }, { jobId: 'job_2', headSha: HEAD })).toBe(false);
  });

  it('records are the same whatever the order of their fields, and only when every field is', () => {
    expect(sameRecord({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR }, { docsPr: DOCS_PR, headSha: HEAD, jobId: 'job_1' })).toBe(true);
    expect(sameRecord({ jobId: 'job_1', headSha: HEAD }, { jobId: 'job_1', headSha: HEAD, working: true })).toBe(false);
    expect(sameRecord(DOCS_PR, { ...DOCS_PR })).toBe(true);
    expect(sameRecord(DOCS_PR, { ...DOCS_PR, closedByAction: true })).toBe(false);
    expect(sameRecord(undefined, undefined)).toBe(true);
    expect(sameRecord(undefined, DOCS_PR)).toBe(false);
  });
});

describe('the documentation repository the newest record names (command: doctor)', () => {
  const repository = repositoryIdentity(WORKFLOW_REPOSITORY);
  const onPull = (id: number, issueNumber: number, record: CommentRecord, seal = TEST_SEAL) => ({
    id,
    authorLogin: 'github-actions[bot]',
    body: `${COMMENT_MARKER}\nworking\n${sealedRecord(record, issueNumber, WORKFLOW_REPOSITORY, seal)}`,
    issueNumber,
    updatedAt: 0,
  });

  it('the first comment, newest first, whose record verifies for its own pull request and names a documentation PR', () => {
    const newest = onPull(3, 7, { jobId: 'job_3', headSha: HEAD });
    const planted = onPull(4, 8, { jobId: 'job_4', headSha: HEAD, docsPr: { ...DOCS_PR, repository: 'evil/docs' } }, RecordSeal.fromApiKey('mint_someoneElse'));
    const movedFromAnother = { ...onPull(5, 9, { jobId: 'job_5', headSha: HEAD, docsPr: { ...DOCS_PR, repository: 'evil/moved' } }), issueNumber: 10 };
    const named = onPull(2, 6, { jobId: 'job_2', headSha: HEAD, docsPr: DOCS_PR });
    const older = onPull(1, 5, { jobId: 'job_1', headSha: HEAD, docsPr: { ...DOCS_PR, repository: 'acme/old-docs' } });
    expect(newestDocsRepository([planted, movedFromAnother, newest, named, older], repository, TEST_SEAL)).toBe('acme/docs');
    expect(newestDocsRepository([newest], repository, TEST_SEAL)).toBeUndefined();
    expect(newestDocsRepository([], repository, TEST_SEAL)).toBeUndefined();
  });
});
