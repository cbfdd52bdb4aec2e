/**
 * The action's one pull-request comment, against an in-memory GitHub: which comment is ours, what
 * its record says, when the record moves, and what a failed read or write costs.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import { GitHubError, type IssueComment } from '../../src/github/api.js';
import { memoryGitHub } from '../support/memory-github.js';
import { PullRequestComment } from '../../src/pr-comment/comment.js';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { recordIn, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';
import { recordingLogger } from '../support/fake-time.js';

const HEAD = 'a'.repeat(40);
const EARLIER = 'b'.repeat(40);
const NOW = Date.UTC(2026, 10, 24, 6, 0);
const PR = { repository: WORKFLOW_REPOSITORY, number: 7, headSha: HEAD };

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
    await comment.writeWorking({ run: run });
    run.outcome = 'pr-opened';
    await comment.writeOutcome({ run: run });
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
    expect(comment.recordFor({ run: acceptedRun('job_old') })).toEqual({ jobId: 'job_old', headSha: HEAD });
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
    await comment.writeWorking({ run: run });
    await comment.writeOutcome({ run: run });
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
