/**
 * The code PR's comment as the tests of its store (`memory/code-pr-comment.ts`) and of what it says
 * (`core/comment.ts`) find it: code PR #7 of the workflow's repository at `COMMENT_HEAD`, an earlier
 * run's comment (its report, its tail, its sealed record), a job the API accepted, and what the
 * store is given (a logger, the clock, the seal).
 */
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { IssueComment } from '../../src/github/api.js';
import type { CommentedPullRequest } from '../../src/memory/code-pr-comment.js';
import { COMMENT_MARKER, type CommentRecord } from '../../src/memory/record.js';
import { recordingLogger } from './fake-time.js';
import { repositoryIdentity, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from './records.js';

/** The code PR's head now: where a job this run has accepted moves the record. */
export const COMMENT_HEAD = 'a'.repeat(40);
/** The head an earlier run's job accepted. */
export const EARLIER_HEAD = 'b'.repeat(40);
/** The run's clock. */
export const COMMENT_NOW = Date.UTC(2026, 10, 24, 6, 0);
/** The code PR the comment is on. */
export const COMMENTED_PR: CommentedPullRequest = { repository: repositoryIdentity(WORKFLOW_REPOSITORY), number: 7, headSha: COMMENT_HEAD };

/** The report an earlier run's comment holds (`earlierComment`), before its tail. */
export const EARLIER_REPORT = [COMMENT_MARKER, '### Documentation agent', '', '**The job opened a documentation PR.**'].join('\n');

/** What the store is given: a recording logger, the run's clock, the seal of the tests' API key. */
export function commentDeps() {
  return { logger: recordingLogger(), clock: { now: () => COMMENT_NOW }, seal: TEST_SEAL };
}

/** A run whose job (or message) the API accepted, not seen to end yet. */
export function acceptedRun(jobId: string): AgentRun {
  const run = newRun(undefined, 'Document the flag', COMMENT_NOW, 'running');
  run.jobId = jobId;
  run.delivery = 'accepted';
  return run;
}

/** The comment an earlier run left on PR #7: its marker, a report, then (each after a blank line) its tail parts and the record. */
export function earlierComment(id: number, record: CommentRecord, tail: readonly string[] = [], authorLogin = 'github-actions[bot]'): IssueComment {
  const body = [EARLIER_REPORT, ...tail.flatMap((part) => ['', part]), '', sealedRecord(record, COMMENTED_PR.number)];
  return { id, authorLogin, body: `${body.join('\n')}\n` };
}
