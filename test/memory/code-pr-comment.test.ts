/**
 * The action's one pull-request comment, against an in-memory GitHub: which comment is ours (the
 * token's own identity's, or a named author's), what its record says (bound to the repository's
 * ID, sealed under api-key or, during a rotation, previous-api-key), when the record moves and
 * when it says the job is at work, its tail rewritten, and what a failed read or write costs.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import { GitHubError, type IssueComment } from '../../src/github/api.js';
import { memoryGitHub } from '../support/memory-github.js';
import { backLinkIn, PullRequestComment, unverifiedNotice, type CommentedPullRequest } from '../../src/pr-comment/comment.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, impactRecordOf, type CommentRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import type { DocsPrOutcome } from '../../src/docs-pr/outcome.js';
import type { Outcome } from '../../src/constants.js';
import type { GateStatus } from '../../src/gate/policy.js';
import { COMMENT_LIMIT_CHARS, renderPrComment } from '../../src/report/agent-report.js';
import { renderDocsPrSection } from '../../src/report/docs-pr-report.js';
import { renderGateLine } from '../../src/report/gate-report.js';
import { renderImpactSection, renderImpactTooLong, type ImpactView } from '../../src/report/impact-report.js';
import { recordIn, repositoryIdentity, sealedBackLink, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';
import { DEFAULT_API_KEY } from '../simulator/http-server.js';
import { recordingLogger } from '../support/fake-time.js';

const HEAD = 'a'.repeat(40);
const EARLIER = 'b'.repeat(40);
const NOW = Date.UTC(2026, 10, 24, 6, 0);
/** When a job this file's runs send is accepted, as the working record keeps it. */
const ACCEPTED_AT = new Date(NOW).toISOString();
const PR: CommentedPullRequest = { repository: repositoryIdentity(WORKFLOW_REPOSITORY), number: 7, headSha: HEAD };

const marked = (id: number, authorLogin: string, jobId: string): IssueComment => ({
  id,
  authorLogin,
  body: `${COMMENT_MARKER}\n## Docs agent\n${sealedRecord({ jobId, headSha: EARLIER }, 7)}`,
});

function deps() {
  return { logger: recordingLogger(), clock: { now: () => NOW }, seal: TEST_SEAL };
}

function acceptedRun(jobId: string): AgentRun {
  const run = newRun(undefined, 'Document the flag', NOW, 'running');
  run.jobId = jobId;
  run.delivery = 'accepted';
  return run;
}

describe('finding the comment', () => {
  it('with no comment carrying the marker: no identity asked, nothing recorded, and the first write creates one', async () => {
    const github = memoryGitHub([{ id: 1, authorLogin: 'someone', body: 'LGTM' }]);
    const comment = await PullRequestComment.find(github, PR, deps());
    expect(comment!.earlier).toBeUndefined();
    expect(github.calls).toEqual(['list 7']);
    await comment!.writeWorking({ run: acceptedRun('job_1') });
    expect(github.calls).toEqual(['list 7', 'create 7']);
  });

  it("takes the newest comment by the token's own identity, its login in any case, and reads its record", async () => {
    const github = memoryGitHub(
      [marked(1, 'Docs-Bot[bot]', 'job_old'), marked(2, 'other[bot]', 'job_other'), marked(3, 'docs-bot[BOT]', 'job_new')],
      'docs-bot[bot]',
    );
    const comment = await PullRequestComment.find(github, PR, deps());
    expect(comment!.earlier).toEqual({ jobId: 'job_new', headSha: EARLIER });
    await comment!.writeWorking({ run: acceptedRun('job_new') });
    expect(github.calls).toEqual(['list 7', 'identity', 'update 3']);
  });

  it('ignores a marked comment written by anyone else: a new one is written, theirs is left as it was', async () => {
    const theirs = marked(1, 'other[bot]', 'job_other');
    const github = memoryGitHub([theirs]);
    const comment = await PullRequestComment.find(github, PR, deps());
    expect(comment!.earlier).toBeUndefined();
    await comment!.writeWorking({ run: acceptedRun('job_1') });
    expect(github.calls).toEqual(['list 7', 'identity', 'create 7']);
    expect(github.comments[0]).toEqual(theirs);
  });

  it('goes on without the comment after one warning when the comments cannot be read', async () => {
    const github = memoryGitHub();
    github.failures.list = new GitHubError('GET /repos/{owner}/{repo}/issues/{issue_number}/comments answered 500.', 'http', 500);
    const { logger, clock, seal } = deps();
    await expect(PullRequestComment.find(github, PR, { logger, clock, seal })).resolves.toBeUndefined();
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
      await expect(PullRequestComment.find(github, PR, { logger, clock, seal })).rejects.toBe(error);
      expect(logger.messages('warning')).toEqual([]);
    }
  });
});

describe('writing the comment', () => {
  it('writes working, then the outcome, to the same comment, reading the record again before the outcome', async () => {
    const github = memoryGitHub();
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    const run = acceptedRun('job_1');
    await expect(comment.writeWorking({ run })).resolves.toBe(true);
    run.outcome = 'pr-opened';
    await expect(comment.writeOutcome({ run })).resolves.toBe(true);
    // The record is read again before the outcome is written: another run may have written it meanwhile.
    expect(github.calls).toEqual(['list 7', 'create 7', 'list 7', 'update 900']);
    expect(logger.messages('info')).toEqual(['Pull-request comment created (working).', 'Pull-request comment updated.']);
    const body = github.comments[0]!.body;
    expect(body.split('\n')[0]).toBe(COMMENT_MARKER);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
  });

  it('moves the record to the head only once the API accepted the job; otherwise keeps the earlier one', async () => {
    const github = memoryGitHub([marked(1, 'github-actions[bot]', 'job_old')]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    const refused = newRun('job_old', 'more', NOW, 'error');
    refused.delivery = 'refused';
    expect(comment.recordFor({ run: refused })).toEqual({ jobId: 'job_old', headSha: EARLIER });
    const attached = newRun('job_old', '', NOW, 'pr-opened');
    expect(comment.recordFor({ run: attached })).toEqual({ jobId: 'job_old', headSha: EARLIER });
    // Accepted, and not seen to end yet: at work on the head.
    expect(comment.recordFor({ run: acceptedRun('job_old') })).toEqual({ jobId: 'job_old', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    await comment.writeOutcome({ run: refused });
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_old', headSha: EARLIER });
  });

  it('writes no record when there is none to keep', async () => {
    const github = memoryGitHub();
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    await comment.writeOutcome({ run: newRun(undefined, 'x', NOW, 'error') });
    expect(github.comments[0]!.body).not.toContain('docs-agent-action:state');
  });

  it('a 403 is one warning that names the permission, and no write follows a failed one', async () => {
    const github = memoryGitHub();
    github.failures.write = new GitHubError('POST …/comments answered 403.', 'http', 403);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    const run = acceptedRun('job_1');
    await expect(comment.writeWorking({ run })).resolves.toBe(false);
    await expect(comment.writeOutcome({ run })).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7', 'create 7']);
    expect(logger.messages('warning')).toEqual([
      'Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.',
    ]);
    expect(logger.messages('info')).toEqual([]);
  });

  it('any other failure is one warning with what went wrong', async () => {
    for (const error of [new GitHubError('POST …/comments answered 500.', 'http', 500), new GitHubError('POST …/comments: no answer.', 'timeout')]) {
      const github = memoryGitHub();
      github.failures.write = error;
      const { logger, clock, seal } = deps();
      const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
      await comment.writeWorking({ run: acceptedRun('job_1') });
      expect(logger.messages('warning')).toEqual([`Could not write the pull-request comment: ${error.message}`]);
    }
  });
});

const DOCS_PR: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs-agent/flag', closedByAction: false };
const GATE: GateStatus = {
  state: 'pending',
  description: 'Waiting for the documentation PR acme/docs#5 to be approved.',
  sentence: ['Waiting for the documentation PR ', { name: 'acme/docs#5' }, ' to be approved'],
  targetUrl: 'https://github.com/acme/widgets/actions/runs/1',
};

/** The comment an earlier run left: its marker, a report, then (each after a blank line) its tail parts and the record. */
function earlierComment(id: number, record: CommentRecord, tail: readonly string[] = [], authorLogin = 'github-actions[bot]'): IssueComment {
  const body = [
    COMMENT_MARKER,
    '### Documentation agent',
    '',
    '**The job opened a documentation PR.**',
    ...tail.flatMap((part) => ['', part]),
    '',
    sealedRecord(record, 7),
  ];
  return { id, authorLogin, body: `${body.join('\n')}\n` };
}

describe('finding the comment of a named author (command: sync, writing with another identity)', () => {
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
    const comment = (await PullRequestComment.find(github, PR, { ...deps(), author: 'code-bot[Bot]' }))!;
    expect(comment.earlier).toEqual({ jobId: 'job_new', headSha: EARLIER });
    await expect(comment.rewriteTail(() => ({ jobId: 'job_new', headSha: HEAD }), {})).resolves.toBe(true);
    // Read again before it is rewritten, then written: the author's own.
    expect(github.calls).toEqual(['list 7', 'list 7', 'update 4']);
  });

  it('takes the newest of the author’s comments even when its record does not verify: an older one is not the action’s comment', async () => {
    const github = memoryGitHub([
      earlierComment(1, { jobId: 'job_old', headSha: EARLIER }, [], 'code-bot[bot]'),
      { id: 2, authorLogin: 'code-bot[bot]', body: `${COMMENT_MARKER}\n### Documentation agent\n` },
    ]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal, author: 'code-bot[bot]' }))!;
    expect(comment.earlier).toBeUndefined();
    await expect(comment.rewriteTail(() => ({ jobId: 'job_old', headSha: EARLIER }), {})).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7']);
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
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal, author: 'code-bot[bot]' }))!;
    expect(comment.earlier).toBeUndefined();
    await expect(comment.rewriteTail(() => ({ jobId: 'job_copy', headSha: EARLIER }), { gate: GATE })).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7']);
    expect(logger.lines).toEqual([]);
  });

  it('without an author, a verified record in a comment of another identity than the token’s is not the action’s comment', async () => {
    const github = memoryGitHub([earlierComment(4, { jobId: 'job_ours', headSha: EARLIER })], 'code-bot[bot]');
    const comment = await PullRequestComment.find(github, PR, deps());
    expect(comment!.earlier).toBeUndefined();
    expect(github.calls).toEqual(['list 7', 'identity']);
  });
});

describe('the back-link of a documentation PR', () => {
  it('is read from a comment marked as one whose record verifies for this pull request, whoever wrote it', async () => {
    const backLink = (id: number, marker: string, number: number) => ({
      id,
      authorLogin: 'docs-bot[bot]',
      body: `${marker}\nFollows acme/widgets#3.\n${sealedBackLink({ codePr: { repository: WORKFLOW_REPOSITORY, number } }, 7, WORKFLOW_REPOSITORY)}\n`,
    });
    const notMarked = backLink(1, 'Quoted:', 11);
    const github = memoryGitHub([notMarked, backLink(2, DOCS_PR_MARKER, 3)]);
    const comment = await PullRequestComment.find(github, PR, deps());
    expect(comment!.backLink).toEqual({ codePr: { repository: WORKFLOW_REPOSITORY, number: 3 } });
    const onlyUnmarked = await PullRequestComment.find(memoryGitHub([notMarked]), PR, deps());
    expect(onlyUnmarked!.backLink).toBeUndefined();
  });

  it('backLinkIn: the first verified back-link among the comments, with the code repository’s ID and the comment’s author', () => {
    const docsRepository = repositoryIdentity('acme/docs');
    const record = { codePr: { repository: WORKFLOW_REPOSITORY, number: 3, repositoryId: 1234 }, commentAuthor: 'code-bot[bot]' };
    const comments: IssueComment[] = [
      // For another documentation PR, and under another key: neither verifies here.
      {
        id: 1,
        authorLogin: 'docs-bot[bot]',
        body: `${DOCS_PR_MARKER}\n${sealedBackLink({ codePr: { repository: WORKFLOW_REPOSITORY, number: 9 } }, 6, docsRepository)}\n`,
      },
      {
        id: 2,
        authorLogin: 'docs-bot[bot]',
        body: `${DOCS_PR_MARKER}\n${sealedBackLink({ codePr: { repository: WORKFLOW_REPOSITORY, number: 8 } }, 5, docsRepository, RecordSeal.fromApiKey('mint_other'))}\n`,
      },
      { id: 3, authorLogin: 'anyone', body: `${DOCS_PR_MARKER}\nFollows.\n${sealedBackLink(record, 5, docsRepository)}\n` },
      {
        id: 4,
        authorLogin: 'docs-bot[bot]',
        body: `${DOCS_PR_MARKER}\n${sealedBackLink({ codePr: { repository: WORKFLOW_REPOSITORY, number: 4 } }, 5, docsRepository)}\n`,
      },
    ];
    expect(backLinkIn(comments, { repository: docsRepository, number: 5 }, TEST_SEAL)).toEqual({ found: 'verified', record, sealedWith: 'api-key' });
    // None there for PR 7; for PR 6 one that verifies for PR 6 only, so here it is one that does not verify.
    expect(backLinkIn(comments, { repository: docsRepository, number: 7 }, TEST_SEAL)).toEqual({ found: 'unverified' });
    expect(backLinkIn([comments[0]!], { repository: docsRepository, number: 6 }, TEST_SEAL)).toMatchObject({ found: 'verified' });
    expect(backLinkIn([], { repository: docsRepository, number: 5 }, TEST_SEAL)).toEqual({ found: 'none' });
    expect(backLinkIn([{ id: 9, authorLogin: 'x', body: 'LGTM' }], { repository: docsRepository, number: 5 }, TEST_SEAL)).toEqual({ found: 'none' });
    // Bound to the documentation repository's ID: a rename keeps it, another repository of the name does not have it.
    expect(backLinkIn(comments, { repository: { id: docsRepository.id, name: 'acme/handbook' }, number: 5 }, TEST_SEAL)).toMatchObject({ record });
    expect(backLinkIn(comments, { repository: { id: docsRepository.id! + 1, name: 'acme/docs' }, number: 5 }, TEST_SEAL)).toEqual({ found: 'unverified' });
  });
});

describe('rewriting the tail (command: sync, and a run whose status changed without a report)', () => {
  const record: CommentRecord = { jobId: 'job_1', headSha: EARLIER, docsPr: { ...DOCS_PR, closedByAction: true } };
  const report = [COMMENT_MARKER, '### Documentation agent', '', '**The job opened a documentation PR.**'].join('\n');
  const oldSection = renderDocsPrSection('acme/docs#5', 'linked');
  const newSection = renderDocsPrSection('acme/docs#5', 'closed');
  const approved: GateStatus = { ...GATE, state: 'success', sentence: ['The documentation PR ', { name: 'acme/docs#5' }, ' was approved'] };
  const SYNC = 'code-bot[bot]';

  /** The comment an earlier run left with both tail lines, found as `command: sync` finds it; rewritten with `tail`. */
  async function rewritten(tail: Parameters<PullRequestComment['rewriteTail']>[1], parts: readonly string[] = [oldSection, renderGateLine(GATE)]) {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, parts, SYNC)]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal, author: SYNC }))!;
    const written = await comment.rewriteTail(() => record, tail);
    return { written, body: github.comments[0]!.body, logger, github };
  }

  it('keeps the report, and says the documentation PR and the gate anew after it, with the new record last', async () => {
    const { written, body, logger, github } = await rewritten({ docsPrSection: newSection, gate: approved });
    expect(written).toBe(true);
    expect(body).toBe(`${report}\n\n${newSection}\n\n${renderGateLine(approved)}\n\n${sealedRecord(record, 7)}\n`);
    expect(logger.messages('info')).toEqual(['Pull-request comment updated.']);
    // Read again first: another run may have written it since.
    expect(github.calls).toEqual(['list 7', 'list 7', 'update 3']);
  });

  it('reads the comment again first and keeps what another run wrote since: its report and its record, with this run’s change', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [oldSection], SYNC)]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal, author: SYNC }))!;
    // Meanwhile another run wrote a newer report and recorded a newer job.
    const newer: CommentRecord = { jobId: 'job_2', headSha: HEAD, working: true, docsPr: DOCS_PR };
    const newerReport = [COMMENT_MARKER, '### Documentation agent', '', '**⏳ Working: another run’s job.**'].join('\n');
    github.comments[0] = { ...github.comments[0]!, body: `${newerReport}\n\n${oldSection}\n\n${sealedRecord(newer, 7)}\n` };
    const seen: CommentRecord[] = [];
    const written = await comment.rewriteTail(
      (newest) => {
        seen.push(newest);
        return { ...newest, docsPr: { ...newest.docsPr!, closedByAction: true } };
      },
      { gate: GATE },
    );
    expect(written).toBe(true);
    expect(seen).toEqual([newer]);
    expect(github.comments[0].body).toBe(
      `${newerReport}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord({ ...newer, docsPr: { ...DOCS_PR, closedByAction: true } }, 7)}\n`,
    );
  });

  it('a comment that cannot be read again is rewritten from what was found, said at info level', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [oldSection], SYNC)]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal, author: SYNC }))!;
    github.failures.list = new GitHubError('GitHub list comments answered 502.', 'http', 502);
    await expect(comment.rewriteTail((newest) => newest, { gate: GATE })).resolves.toBe(true);
    expect(logger.messages('info')).toEqual([
      'Could not read the pull-request comment again before writing it (GitHub list comments answered 502.); writing what this run knows.',
      'Pull-request comment updated.',
    ]);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    expect(logger.messages('warning')).toEqual([]);
  });

  it('keeps the documentation PR line as it was when only the gate is given', async () => {
    const { body } = await rewritten({ gate: approved });
    expect(body).toBe(`${report}\n\n${oldSection}\n\n${renderGateLine(approved)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('keeps the gate line as it was when only the documentation PR line is given', async () => {
    const { body } = await rewritten({ docsPrSection: newSection });
    expect(body).toBe(`${report}\n\n${newSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('keeps both lines when neither is given, and only the record changes', async () => {
    const { body } = await rewritten({});
    expect(body).toBe(`${report}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('adds a line the comment did not have when it is given, and keeps the other', async () => {
    const withoutGate = await rewritten({ gate: approved }, [oldSection]);
    expect(withoutGate.body).toBe(`${report}\n\n${oldSection}\n\n${renderGateLine(approved)}\n\n${sealedRecord(record, 7)}\n`);
    const withoutSection = await rewritten({ docsPrSection: newSection }, [renderGateLine(GATE)]);
    expect(withoutSection.body).toBe(`${report}\n\n${newSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
    const neither = await rewritten({}, []);
    expect(neither.body).toBe(`${report}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('reads a comment edited on GitHub (CRLF line ends, blank lines added) as the same report and tail', async () => {
    const written = earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [oldSection, renderGateLine(GATE)]);
    const edited = { ...written, body: `${written.body.replace('\n\n**Documentation PR**', '\n\n\n**Documentation PR**').replace(/\n/g, '\r\n')}\r\n` };
    const github = memoryGitHub([edited]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    await comment.rewriteTail(() => record, { docsPrSection: newSection, gate: GATE });
    expect(github.comments[0]!.body).toBe(`${report}\n\n${newSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
    // Kept lines come back without the CRLF they were read with.
    const again = memoryGitHub([edited]);
    await (await PullRequestComment.find(again, PR, deps()))!.rewriteTail(() => record, {});
    expect(again.comments[0]!.body).toBe(`${report}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('leaves a report line that only resembles the tail, and writes the parts it is given', async () => {
    // The report's last line is the job's own text here, not a section of this action's: it stays.
    const found = earlierComment(3, { jobId: 'job_1', headSha: EARLIER });
    const github = memoryGitHub([found]);
    const comment = (await PullRequestComment.find(github, PR, { ...deps(), author: 'github-actions[bot]' }))!;
    await comment.rewriteTail(() => record, {});
    expect(github.comments[0]!.body).toBe(`${report}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('writes through the client it is given, when given one', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    const window = memoryGitHub(github.comments);
    await expect(comment.rewriteTail(() => record, { gate: GATE }, window)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'identity']);
    expect(window.calls).toEqual(['list 7', 'update 3']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual(record);
  });

  it('writes nothing without a comment whose record verified, and after a failed write nothing more', async () => {
    const none = (await PullRequestComment.find(memoryGitHub(), PR, { ...deps(), author: SYNC }))!;
    await expect(none.rewriteTail(() => record, { docsPrSection: newSection, gate: GATE })).resolves.toBe(false);
    // The action's comment, but its record does not verify: there is nothing to keep.
    const unverified = memoryGitHub([{ id: 3, authorLogin: 'github-actions[bot]', body: `${COMMENT_MARKER}\n### Documentation agent\n` }]);
    const found = (await PullRequestComment.find(unverified, PR, deps()))!;
    await expect(found.rewriteTail(() => record, { docsPrSection: newSection, gate: GATE })).resolves.toBe(false);
    expect(unverified.calls).toEqual(['list 7', 'identity']);
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    github.failures.write = new GitHubError('PATCH …/comments/3 answered 500.', 'http', 500);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    await expect(comment.rewriteTail(() => record, { docsPrSection: newSection, gate: GATE })).resolves.toBe(false);
    expect(logger.messages('warning')).toEqual(['Could not write the pull-request comment: PATCH …/comments/3 answered 500.']);
    await expect(comment.rewriteTail(() => record, { docsPrSection: newSection, gate: GATE })).resolves.toBe(false);
    await expect(comment.writeOutcome({ run: acceptedRun('job_1') })).resolves.toBe(false);
    await expect(comment.writeWorking({ run: acceptedRun('job_1') })).resolves.toBe(false);
    expect(github.calls).toEqual(['list 7', 'identity', 'list 7', 'update 3']);
  });
});

describe('reading the record again before the outcome', () => {
  const closedByAction: DocsPrRecord = { ...DOCS_PR, closedByAction: true };

  /** Another run of the same pull request (a `closed` run) writes the comment between this run's read and its outcome. */
  async function raced(newer: CommentRecord, docsPr?: DocsPrOutcome) {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    github.comments[0] = earlierComment(3, newer);
    const run = newRun('job_1', '', NOW, 'pr-opened');
    await comment.writeOutcome({ run, docsPr });
    return { github, logger, body: github.comments[0].body };
  }

  it('keeps the documentation PR another run closed meanwhile, as that run recorded it', async () => {
    const { body, github } = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction });
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction });
    expect(body).toContain(renderDocsPrSection('acme/docs#5', 'closed'));
    expect(github.calls).toEqual(['list 7', 'identity', 'list 7', 'update 3']);
  });

  it('keeps a newer job another run recorded, without saying a documentation PR it did not change', async () => {
    const { body } = await raced({ jobId: 'job_2', headSha: HEAD, docsPr: DOCS_PR });
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD, docsPr: DOCS_PR });
    expect(body).not.toContain('**Documentation PR**');
  });

  it('lets what this run did to the documentation PR stand against the newer record', async () => {
    const linked: DocsPrRecord = { repository: 'acme/docs', number: 6, headRef: 'docs-agent/other', closedByAction: false };
    const acted: DocsPrOutcome = { action: 'linked', record: linked, shown: { pull: linked, state: 'linked' }, acted: true, changed: undefined };
    const { body } = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction }, acted);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: linked });
    expect(body).toContain(renderDocsPrSection('acme/docs#6', 'linked'));
    // Following that did not act (nothing to do, or a failure) gives way to the newer record.
    const idle: DocsPrOutcome = { action: 'none', record: DOCS_PR, shown: undefined, acted: false, changed: undefined };
    const second = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction }, idle);
    expect(recordIn(second.body, 7)!.docsPr).toEqual(closedByAction);
  });

  it('with no other run meanwhile, says what this run’s following left, acted on or not', async () => {
    // The job reported a documentation PR that someone had closed already: recorded, left alone.
    const other: DocsPrRecord = { repository: 'acme/docs', number: 6, headRef: 'docs-agent/other', closedByAction: false };
    const leftAlone: DocsPrOutcome = { action: 'none', record: other, shown: { pull: other, state: 'left-alone-closed' }, acted: false, changed: undefined };
    const { body } = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, leftAlone);
    expect(recordIn(body, 7)!.docsPr).toEqual(other);
    expect(body).toContain(renderDocsPrSection('acme/docs#6', 'left-alone-closed'));
  });

  it('a newer record that names what this run’s following left changes nothing of what the comment says of it', async () => {
    // This run could not update the documentation PR; another run recorded it closed, as this run's record has it.
    const notUpdated: DocsPrOutcome = {
      action: 'none',
      record: closedByAction,
      shown: { pull: closedByAction, state: 'not-updated' },
      acted: false,
      changed: undefined,
    };
    const { body } = await raced({ jobId: 'job_2', headSha: HEAD, docsPr: closedByAction }, notUpdated);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD, docsPr: closedByAction });
    expect(body).toContain(renderDocsPrSection('acme/docs#5', 'not-updated'));
  });

  it('reads its own comment again, not another one carrying a copy of a record', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    github.comments.unshift(earlierComment(1, { jobId: 'job_copy', headSha: EARLIER, docsPr: closedByAction }, [], 'someone'));
    await comment.writeOutcome({ run: newRun('job_1', '', NOW, 'pr-opened') });
    expect(recordIn(github.comments[1]!.body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
  });

  it('a record edited meanwhile counts as none, without a second notice; the write goes on with what this run has', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    github.comments[0] = { ...github.comments[0]!, body: github.comments[0]!.body.replace('flag', 'flap') };
    await comment.writeOutcome({ run: newRun('job_1', '', NOW, 'pr-opened') });
    expect(logger.messages('notice')).toEqual([]);
    expect(recordIn(github.comments[0].body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
  });

  it('a failed read again is said at info level, and the outcome is written all the same', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    github.failures.list = new GitHubError('GET …/comments answered 502.', 'http', 502);
    await comment.writeOutcome({ run: newRun('job_1', '', NOW, 'pr-opened') });
    expect(logger.messages('info')).toEqual([
      'Could not read the pull-request comment again before writing it (GET …/comments answered 502.); writing what this run knows.',
      'Pull-request comment updated.',
    ]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('a deadline or a cancellation of the read again is an info line too, never thrown: the write goes on in its own window', async () => {
    for (const kind of ['deadline', 'cancelled'] as const) {
      const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
      const { logger, clock, seal } = deps();
      const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
      github.failures.list = new GitHubError(`GET …/comments: stopped (${kind}).`, kind);
      await expect(comment.writeOutcome({ run: newRun('job_1', '', NOW, 'pr-opened') })).resolves.toBe(true);
      expect(logger.messages('info')).toEqual([
        `Could not read the pull-request comment again before writing it (GET …/comments: stopped (${kind}).); writing what this run knows.`,
        'Pull-request comment updated.',
      ]);
      expect(logger.messages('warning')).toEqual([]);
      expect(github.calls).toEqual(['list 7', 'identity', 'list 7', 'update 3']);
    }
  });

  it('a read again cut off by the deadline, then a write that fails as well: one info line, one warning', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal }))!;
    github.failures.list = new GitHubError('GET …/comments: the step’s deadline passed.', 'deadline');
    github.failures.write = new GitHubError('PATCH …/comments/3: the step’s deadline passed.', 'deadline');
    await expect(comment.writeOutcome({ run: newRun('job_1', '', NOW, 'pr-opened') })).resolves.toBe(false);
    expect(logger.messages('info')).toEqual([
      'Could not read the pull-request comment again before writing it (GET …/comments: the step’s deadline passed.); writing what this run knows.',
    ]);
    expect(logger.messages('warning')).toEqual(['Could not write the pull-request comment: PATCH …/comments/3: the step’s deadline passed.']);
    expect(github.calls).toEqual(['list 7', 'identity', 'list 7', 'update 3']);
  });

  it('with a client of its own window, reads again and writes through that client only', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    // The found client's window has closed: anything sent through it would fail.
    github.failures.list = new GitHubError('stopped: deadline', 'deadline');
    github.failures.write = new GitHubError('stopped: deadline', 'deadline');
    const window = memoryGitHub(github.comments);
    const run = acceptedRun('job_2');
    run.outcome = 'no-pr';
    await expect(comment.writeOutcome({ run }, window)).resolves.toBe(true);
    expect(github.calls).toEqual(['list 7', 'identity']);
    expect(window.calls).toEqual(['list 7', 'update 3']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD });
  });

  it('reads nothing again when there is no comment yet', async () => {
    const github = memoryGitHub();
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    await comment.writeOutcome({ run: acceptedRun('job_1') });
    expect(github.calls).toEqual(['list 7', 'create 7']);
  });
});

describe('the job at work (the record’s working flag)', () => {
  /** A run whose job the API accepted, seen to end (or not) as `outcome`. */
  function endedRun(outcome: Outcome): AgentRun {
    const run = acceptedRun('job_1');
    run.outcome = outcome;
    return run;
  }

  it('is recorded by the working write, for the head the job accepted', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    expect(comment.recordFor({ run: acceptedRun('job_1') }, 'working')).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    await expect(comment.writeWorking({ run: acceptedRun('job_1') })).resolves.toBe(true);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
  });

  it('is cleared by an outcome that saw the job end', async () => {
    for (const outcome of ['pr-opened', 'no-pr', 'failed', 'archived'] as const) {
      const github = memoryGitHub();
      const comment = (await PullRequestComment.find(github, PR, deps()))!;
      const run = acceptedRun('job_1');
      await comment.writeWorking({ run });
      run.outcome = outcome;
      await expect(comment.writeOutcome({ run })).resolves.toBe(true);
      expect(recordIn(github.comments[0]!.body, 7), outcome).toEqual({ jobId: 'job_1', headSha: HEAD });
    }
  });

  it('is kept by an outcome that did not see the job end: timed out, cancelled, not waited for, stopped by an error', async () => {
    for (const outcome of ['timed-out', 'cancelled', 'submitted', 'error'] as const) {
      const github = memoryGitHub();
      const comment = (await PullRequestComment.find(github, PR, deps()))!;
      await comment.writeWorking({ run: acceptedRun('job_1') });
      await expect(comment.writeOutcome({ run: endedRun(outcome) })).resolves.toBe(true);
      expect(recordIn(github.comments[0]!.body, 7), outcome).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    }
  });

  it('is kept as the record had it, for the same head, by a run that sent nothing', async () => {
    const skipped = (): AgentRun => newRun(undefined, '', NOW, 'skipped');
    const working = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR })]);
    const atWork = (await PullRequestComment.find(working, PR, deps()))!;
    expect(atWork.earlier).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR });
    await atWork.writeOutcome({ run: skipped() });
    expect(recordIn(working.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR });
    // A record that says the job ended stays so.
    const ended = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: HEAD })]);
    await (await PullRequestComment.find(ended, PR, deps()))!.writeOutcome({ run: skipped() });
    expect(recordIn(ended.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
  });

  it('is cleared for a run that sent nothing when another run wrote meanwhile that the job ended', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: HEAD, working: true })]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    github.comments[0] = earlierComment(3, { jobId: 'job_1', headSha: HEAD });
    await comment.writeOutcome({ run: newRun(undefined, '', NOW, 'skipped') });
    expect(recordIn(github.comments[0].body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
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
    const comment = (await PullRequestComment.find(github, PR, { logger, clock, seal: rotating }))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    expect(logger.messages('info')).toEqual([READ_UNDER_PREVIOUS]);
    expect(logger.messages('notice')).toEqual([]);
    const run = acceptedRun('job_1');
    await comment.writeWorking({ run });
    const body = github.comments[0]!.body;
    // Under api-key alone it verifies; under the earlier key alone it no longer does.
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT, docsPr: DOCS_PR });
    expect(recordIn(body, 7, WORKFLOW_REPOSITORY, RecordSeal.fromApiKey(OLD_KEY))).toBeUndefined();
    // Read again before the outcome, the record is api-key's now: no second line.
    run.outcome = 'pr-opened';
    await comment.writeOutcome({ run });
    expect(logger.messages('info')).toEqual([READ_UNDER_PREVIOUS, 'Pull-request comment updated (working).', 'Pull-request comment updated.']);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR });
  });

  it('a rewritten tail (command: sync) is sealed under api-key too', async () => {
    const github = memoryGitHub([underOldKey(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    const comment = (await PullRequestComment.find(github, PR, { ...deps(), seal: rotating, author: 'github-actions[bot]' }))!;
    await expect(comment.rewriteTail((newest) => newest, { gate: GATE })).resolves.toBe(true);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
  });

  it('a record that verifies under neither key counts as none, with the notice for the keys given', async () => {
    const withoutPrevious = memoryGitHub([underOldKey(3, { jobId: 'job_1', headSha: EARLIER })]);
    const first = deps();
    const found = (await PullRequestComment.find(withoutPrevious, PR, first))!;
    expect(found.earlier).toBeUndefined();
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
    expect((await PullRequestComment.find(older, PR, { ...second, seal: rotating }))!.earlier).toBeUndefined();
    expect(second.logger.messages('notice')).toEqual([unverifiedNotice(true)]);
  });

  it('the notice says the likely cause and the way out, with and without previous-api-key', () => {
    expect(unverifiedNotice(false)).toBe(
      "The pull-request comment's hidden record does not verify, so it counts as none. Most likely api-key was rotated since it was written (admin keys expire, by default after 90 days): give the earlier key as previous-api-key until every open pull request has been written again; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.",
    );
    expect(unverifiedNotice(true)).toBe(
      "The pull-request comment's hidden record does not verify, so it counts as none. It was not sealed under api-key nor under previous-api-key: most likely under a key older than both; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.",
    );
  });
});

describe('the record bound to the repository’s ID', () => {
  const identity = repositoryIdentity(WORKFLOW_REPOSITORY);

  it('is read after a rename or a transfer: the ID is the same, the name is not', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const renamed: CommentedPullRequest = { ...PR, repository: { id: identity.id, name: 'acme-labs/widgets-next' } };
    const comment = (await PullRequestComment.find(github, renamed, deps()))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER });
  });

  it('does not verify in another repository that now bears the name', async () => {
    const github = memoryGitHub([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const { logger, clock, seal } = deps();
    const other: CommentedPullRequest = { ...PR, repository: { id: identity.id! + 1, name: WORKFLOW_REPOSITORY } };
    expect((await PullRequestComment.find(github, other, { logger, clock, seal }))!.earlier).toBeUndefined();
    expect(logger.messages('notice')).toEqual([unverifiedNotice(false)]);
  });

  it('a record an earlier version sealed for the name is still read, and written back for the ID', async () => {
    const byName = { id: undefined, name: WORKFLOW_REPOSITORY };
    const github = memoryGitHub([
      { id: 3, authorLogin: 'github-actions[bot]', body: `${COMMENT_MARKER}\n${sealedRecord({ jobId: 'job_1', headSha: EARLIER }, 7, byName)}\n` },
    ]);
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER });
    await comment.writeOutcome({ run: newRun(undefined, '', NOW, 'skipped') });
    const body = github.comments[0]!.body;
    expect(body.trimEnd().split('\n').at(-1)).toBe(sealedRecord({ jobId: 'job_1', headSha: EARLIER }, 7, identity));
    expect(recordIn(body, 7, byName)).toBeUndefined();
  });
});

describe('what the comment holds next to the report (reader impact)', () => {
  const PREVIEW = 'https://acme-widgets-preview.mintlify.app';
  /**
   * Twenty changed pages with long paths (file names, of any length), the last `lastPathChars`
   * long. Paths this long are not recorded (`MAX_OUTSIDE_CHARS`): the section alone brings the
   * comment near GitHub's limit.
   */
  function impactOf(lastPathChars: number, pathChars = 3_000) {
    const rows = Array.from({ length: 20 }, (_, index) => ({
      path: `${String(index).padStart(2, '0')}${'p'.repeat((index === 19 ? lastPathChars : pathChars) - 2)}`,
      change: 'modified' as const,
      visitors: 1_000 - index,
      human: 900 - index,
      ai: 100,
      thumbsDown: 1,
    }));
    const view: ImpactView = { rows, more: 0, previewUrl: PREVIEW, requests: 2 };
    return { view, record: impactRecordOf({ number: 5, base: 'main', head: HEAD }, rows) };
  }

  async function outcomeWith(run: AgentRun, impact: ReturnType<typeof impactOf>, stage: 'working' | 'outcome' = 'outcome'): Promise<string> {
    const github = memoryGitHub();
    const comment = (await PullRequestComment.find(github, PR, deps()))!;
    if (stage === 'working') await comment.writeWorking({ run, impact });
    else await comment.writeOutcome({ run, impact });
    return github.comments[0]!.body;
  }

  function failedRun(messageChars: number): AgentRun {
    const run = acceptedRun('job_1');
    run.outcome = 'error';
    run.error = new Error('e'.repeat(messageChars));
    return run;
  }

  it('the section shows in the outcome only, not while the job works', async () => {
    const impact = impactOf(10, 10);
    const section = renderImpactSection(impact.view, 4);
    expect(await outcomeWith(acceptedRun('job_1'), impact, 'working')).not.toContain('What readers will see');
    expect(await outcomeWith(acceptedRun('job_1'), impact)).toContain(section);
  });

  it('the report gives way to its short form only when the whole would pass GitHub’s limit', async () => {
    const impact = impactOf(1_500);
    const now = new Date(NOW).toISOString();
    const forms = new Set<string>();
    // The error message grows a character at a time across the point where the report no longer fits beside the section.
    for (let chars = 100; chars <= 2_000; chars += 1) {
      const run = failedRun(chars);
      const body = await outcomeWith(run, impact);
      expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
      const full = renderPrComment(run, COMMENT_MARKER, undefined, now).replace(/\n$/, '');
      const short = renderPrComment(run, COMMENT_MARKER, undefined, now, 0).replace(/\n$/, '');
      if (body.startsWith(`${full}\n`)) forms.add('full');
      else {
        expect(body.startsWith(`${short}\n`)).toBe(true);
        forms.add('short');
        // The full report would not have fitted.
        expect(body.length - short.length + full.length).toBeGreaterThan(COMMENT_LIMIT_CHARS);
        break;
      }
    }
    expect(forms).toEqual(new Set(['full', 'short']));
  });

  it('the section gives way as a whole only when it would not fit beside the report’s shortest form', async () => {
    const run = failedRun(2_000);
    const now = new Date(NOW).toISOString();
    const full = renderPrComment(run, COMMENT_MARKER, undefined, now).replace(/\n$/, '');
    const short = renderPrComment(run, COMMENT_MARKER, undefined, now, 0).replace(/\n$/, '');
    const tooLong = renderImpactTooLong(4);
    const outcomes = new Set<string>();
    // The last page's path grows a character at a time across the point where the section no longer fits.
    for (let chars = 1_800; chars <= 3_000; chars += 1) {
      const impact = impactOf(chars);
      const body = await outcomeWith(run, impact);
      expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
      const section = renderImpactSection(impact.view, 4);
      if (body.includes(section)) outcomes.add('shown');
      else {
        expect(body).toContain(tooLong);
        outcomes.add('too long');
        // The notice leaves the report room to show in full; the section beside the report's
        // shortest form would have passed the limit.
        const report = body.startsWith(`${full}\n`) ? full : short;
        expect(body.length - report.length + short.length - tooLong.length + section.length).toBeGreaterThan(COMMENT_LIMIT_CHARS);
        break;
      }
    }
    expect(outcomes).toEqual(new Set(['shown', 'too long']));
  });
});
