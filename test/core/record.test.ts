/**
 * The run's record (`core/record.ts`): a new one holds nothing found yet and sends its status to
 * the pull request's head (a revision's, to the head its `pending` went to); a finishing one starts
 * the follower from what the comment's record names; what the comment says of the documentation
 * PR (the follower's, else the decision shown as what it is); a phase cut short by cancellation or
 * the step's deadline; a job that ended with its work done.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { Outcome } from '../../src/constants.js';
import { nothingFollowed } from '../../src/core/follow.js';
import { codePullOf, docsPrShownOf, docsPrViewOf, endedWell, finishingRecord, newRecord, stoppedBy, type RunRecord } from '../../src/core/record.js';
import type { RunDocsPr } from '../../src/docs-pr/decide.js';
import { GitHubError, type PullRequestState } from '../../src/github/api.js';
import { CodePrComment } from '../../src/memory/code-pr-comment.js';
import type { CommentRecord, DocsPrRecord } from '../../src/memory/record.js';
import { CancelledError } from '../../src/runtime.js';
import { COMMENT_HEAD as HEAD, COMMENTED_PR, commentDeps, earlierComment } from '../support/code-pr-comment.js';
import { eventPullRequest } from '../support/core.js';
import { memoryGitHub } from '../support/memory-github.js';
import { repositoryIdentity, WORKFLOW_REPOSITORY } from '../support/records.js';

const REPOSITORY = repositoryIdentity(WORKFLOW_REPOSITORY);
const REVISED_HEAD = 'f'.repeat(40);
const DOCS_PR: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs/x', closedByAction: false };
const EARLIER_DOCS_PR: DocsPrRecord = { repository: 'acme/docs', number: 4, headRef: 'docs/w', closedByAction: false };
const job = (outcome: Outcome = 'running'): AgentRun => newRun('job_1', 'x', 0, outcome);
const pullRequest = eventPullRequest({ number: COMMENTED_PR.number, headSha: HEAD });

/** The code PR's comment as a run finds it, holding `earlier`. */
async function commentHolding(earlier: CommentRecord): Promise<CodePrComment> {
  const found = await CodePrComment.find(memoryGitHub([earlierComment(10, earlier)]), COMMENTED_PR, commentDeps());
  expect(found?.earlier).toEqual(earlier);
  return found!;
}

describe('newRecord', () => {
  it('holds nothing found yet, shows the outcome, and sends its status to the head of the pull request', () => {
    const record = newRecord({ pullRequest, repository: REPOSITORY, job: job() });
    expect(record).toEqual({
      pullRequest,
      repository: REPOSITORY,
      job: job(),
      comment: undefined,
      syncing: false,
      finishes: false,
      revising: undefined,
      statusSha: HEAD,
      shows: true,
      diff: undefined,
      acceptedAt: undefined,
      workRecorded: false,
      documentationPr: undefined,
      following: undefined,
      preview: undefined,
      approved: undefined,
      gate: undefined,
      gateWritten: undefined,
      gateRefused: false,
      impact: undefined,
      tail: undefined,
    } satisfies RunRecord);
  });

  it("sends a revision's status to the head its pending went to, and a run off a pull request's nowhere", () => {
    const revising = { statusSha: REVISED_HEAD, replyAuthor: 'github-actions[bot]' };
    expect(newRecord({ pullRequest, repository: REPOSITORY, job: job(), revising })).toMatchObject({ revising, statusSha: REVISED_HEAD });
    expect(newRecord({ pullRequest: undefined, repository: undefined, job: job() }).statusSha).toBeUndefined();
  });

  it('keeps what the command gives it', () => {
    const record = newRecord({ pullRequest, repository: REPOSITORY, job: job(), syncing: true, finishes: true });
    expect(record).toMatchObject({ syncing: true, finishes: true });
  });
});

describe('finishingRecord', () => {
  it("starts the follower from the documentation PR the comment's record names, and the one it supersedes", async () => {
    const comment = await commentHolding({ jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR, supersedes: EARLIER_DOCS_PR });
    const record = finishingRecord({ pullRequest, repository: REPOSITORY, comment, job: job('pr-opened'), finishes: true }, true);
    expect(record.following).toEqual(nothingFollowed(DOCS_PR, EARLIER_DOCS_PR));
    expect(record).toMatchObject({ finishes: true, comment, statusSha: HEAD });
  });

  it('follows nothing when the command does not follow, and starts from nothing without a comment', () => {
    expect(finishingRecord({ pullRequest, repository: REPOSITORY, comment: undefined, job: job(), finishes: false }, false).following).toBeUndefined();
    expect(finishingRecord({ pullRequest, repository: REPOSITORY, comment: undefined, job: job(), finishes: false }, true).following).toEqual(
      nothingFollowed(undefined),
    );
  });

  it("keeps a revision's head for its status", () => {
    const revising = { statusSha: REVISED_HEAD };
    const record = finishingRecord({ pullRequest, repository: REPOSITORY, comment: undefined, job: job(), finishes: true, revising }, false);
    expect(record).toMatchObject({ revising, statusSha: REVISED_HEAD });
  });
});

describe('what the comment says of the documentation PR', () => {
  const unchecked: RunDocsPr = {
    kind: 'unchecked',
    pull: { repository: 'acme/docs', number: 6 },
    headRef: 'docs/y',
    message: 'not checked',
    why: 'unanswered',
  };

  it('is what following it did, where the run followed it', () => {
    const record = newRecord({ pullRequest, repository: REPOSITORY, job: job() });
    const shown = { pull: { repository: 'acme/docs', number: 5 }, state: 'linked' as const };
    record.following = { ...nothingFollowed(DOCS_PR), shown };
    record.documentationPr = unchecked;
    expect(docsPrShownOf(record)).toEqual(shown);
    expect(docsPrViewOf(record)).toBe(record.following);
  });

  it("is the decision shown as what it is, with the comment's record as it was, where nothing followed", async () => {
    const record = newRecord({ pullRequest, repository: REPOSITORY, job: job() });
    record.comment = await commentHolding({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR, supersedes: EARLIER_DOCS_PR });
    record.documentationPr = unchecked;
    const shown = { pull: unchecked.pull, state: 'unchecked' };
    expect(docsPrShownOf(record)).toEqual(shown);
    expect(docsPrViewOf(record)).toEqual({ ...nothingFollowed(DOCS_PR, EARLIER_DOCS_PR), shown });
  });

  it('is nothing for a decision shown as nothing, or none', () => {
    const record = newRecord({ pullRequest, repository: REPOSITORY, job: job() });
    expect(docsPrShownOf(record)).toBeUndefined();
    expect(docsPrViewOf(record)).toBeUndefined();
    record.documentationPr = { kind: 'none' };
    expect(docsPrViewOf(record)).toBeUndefined();
  });
});

describe('stoppedBy', () => {
  const running = () => newRecord({ pullRequest, repository: REPOSITORY, job: job('pr-opened') });

  it('a cancellation makes the outcome cancelled', () => {
    const record = running();
    stoppedBy(record, new CancelledError(), new AbortController().signal);
    expect(record.job).toMatchObject({ outcome: 'cancelled', timedOut: false });
  });

  it("the step's cancelled signal makes the outcome cancelled, whatever the error", () => {
    const record = running();
    const cancelled = new AbortController();
    cancelled.abort();
    stoppedBy(record, new GitHubError('deadline', 'deadline'), cancelled.signal);
    expect(record.job).toMatchObject({ outcome: 'cancelled', timedOut: false });
  });

  it("the step's deadline makes the outcome timed-out", () => {
    const record = running();
    stoppedBy(record, new GitHubError('the step ran out of time', 'deadline'), new AbortController().signal);
    expect(record.job).toMatchObject({ outcome: 'timed-out', timedOut: true });
  });

  it('anything else is thrown again, the outcome as it was', () => {
    const record = running();
    const failure = new GitHubError('server error', 'http', 500);
    expect(() => stoppedBy(record, failure, new AbortController().signal)).toThrow(failure);
    expect(record.job).toMatchObject({ outcome: 'pr-opened', timedOut: false });
  });
});

describe('endedWell', () => {
  it.each<[Outcome, boolean]>([
    ['pr-opened', true],
    ['no-pr', true],
    ['failed', false],
    ['archived', false],
    ['timed-out', false],
    ['running', false],
    ['synced', false],
  ])('%s: %s', (outcome, expected) => {
    expect(endedWell({ job: job(outcome) })).toBe(expected);
  });
});

describe('codePullOf', () => {
  it('is the code PR as GitHub has it now, with no event action and no label named by an event', () => {
    const state: PullRequestState = {
      number: 12,
      repositoryId: 99,
      baseRepository: 'acme/widgets',
      baseRef: 'main',
      nodeId: 'PR_12',
      state: 'closed',
      draft: false,
      merged: true,
      title: 'Add a retries flag',
      headRef: 'feature/retries',
      headRepository: 'acme/widgets',
      headSha: HEAD,
      labels: ['no-docs'],
    };
    expect(codePullOf(state)).toEqual({
      number: 12,
      title: 'Add a retries flag',
      headSha: HEAD,
      headRef: 'feature/retries',
      action: '',
      merged: true,
      labels: ['no-docs'],
      label: undefined,
    });
  });
});
