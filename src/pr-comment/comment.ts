import type { AgentRun } from '../agent/run-agent.js';
import type { DiffStats } from '../diff/change-prompt.js';
import { endsTheStep, GitHubError, pullName, type GitHubApi, type IssueComment } from '../github/api.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { COMMENT_LIMIT_CHARS, renderPrComment, renderWorkingComment } from '../report/agent-report.js';
import { renderDocsPrSection } from '../report/docs-pr-report.js';
import type { Clock, Logger } from '../runtime.js';
import { errorMessage } from '../text.js';
import {
  COMMENT_MARKER,
  DOCS_PR_MARKER,
  isMarked,
  readBackLink,
  readRecord,
  recordLine,
  type BackLinkRecord,
  type CommentRecord,
  type DocsPrRecord,
} from './record.js';
import { newestMarkedBy } from './ours.js';
import { codePrScope, docsPrScope, type RecordSeal } from './seal.js';

/** The pull request the comment is on. */
export interface CommentedPullRequest {
  /** `owner/name` of the workflow's repository. */
  readonly repository: string;
  readonly number: number;
  readonly headSha: string;
}

export interface CommentDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /** Seals the record this run writes, and verifies the one it reads (`seal.ts`). */
  readonly seal: RecordSeal;
  /**
   * The client the outcome is read again and written with: held to the step's wrap-up
   * (`Deadline.wrapUpAt`), one request-timeout past the deadline, as a timed-out run is worth a
   * comment that says so. Finding the comment and the working write keep the client it was found
   * with. Default: that one.
   */
  readonly wrapUp?: GitHubApi;
}

/** What the documentation PR's part of the comment says, and whether this run changed what the record names. */
export interface DocsPrShown {
  readonly record: DocsPrRecord | undefined;
  /** What the comment and the summary say of it (Markdown), shown above the record. */
  readonly section: string | undefined;
  /**
   * This run acted on the documentation PR (linked a new one, closed, reopened or superseded it):
   * its record stands against what another run recorded meanwhile. Otherwise the newer record wins.
   */
  readonly acted: boolean;
}

/**
 * The action's one comment on a pull request, from finding it to its last write:
 *
 * - it is the newest comment whose first line is the marker and that the token's own identity
 *   wrote (`ours.ts`);
 * - its record is read from its last line, and only when its seal verifies for this pull request
 *   (`record.ts`, `seal.ts`): one that does not counts as none, with one notice;
 * - it is written as soon as the API accepted the job or the message (working), and again with
 *   the outcome, always the same comment;
 * - before each outcome write it reads the record again, and keeps what another run recorded
 *   meanwhile (a concurrent `closed` run's closing of the documentation PR);
 * - its hidden record moves to a new head only once the API accepted it;
 * - a failure to read or write it is one warning, and no write follows a failed one.
 *
 * The bodies are the report's (`report/agent-report.ts`); the record's form is `record.ts`.
 */
export class PullRequestComment {
  private commentId: number | undefined;
  private stopped = false;
  /** The record as the comment held it when this run last read it. */
  private stored: CommentRecord | undefined;
  private docsPr: DocsPrShown;

  private constructor(
    private readonly github: GitHubApi,
    private readonly pullRequest: CommentedPullRequest,
    /** What the comment recorded before this run: the job and the head it had accepted. */
    readonly earlier: CommentRecord | undefined,
    existingId: number | undefined,
    /** This pull request carries a documentation PR's back-link: it is the action's own documentation PR. */
    readonly backLink: BackLinkRecord | undefined,
    private readonly deps: CommentDeps,
  ) {
    this.commentId = existingId;
    this.stored = earlier;
    this.docsPr = { record: earlier?.docsPr, section: undefined, acted: false };
  }

  /**
   * The pull request's comment as the action last left it (or a new one to write). Undefined when
   * the comments cannot be read: one warning, and the run goes on without the comment and
   * without reuse-job, since a comment that cannot be found again would be written twice.
   * Cancellation and the step's deadline end the step, as with every GitHub read.
   */
  static async find(github: GitHubApi, pullRequest: CommentedPullRequest, deps: CommentDeps): Promise<PullRequestComment | undefined> {
    try {
      const comments = await github.listComments(pullRequest.number);
      const ours = await newestMarkedBy(github, comments, COMMENT_MARKER);
      const earlier = ours && recordOf(ours.body, pullRequest, deps);
      return new PullRequestComment(github, pullRequest, earlier, ours?.id, backLinkOf(comments, pullRequest, deps), deps);
    } catch (error) {
      if (endsTheStep(error)) throw error;
      deps.logger.warning(
        `Could not read the pull request's comments: ${errorMessage(error)} Going on without the pull-request comment and without reuse-job.`,
      );
      return undefined;
    }
  }

  /** Says the job is working: as soon as the API accepted the job or the message. */
  writeWorking(run: AgentRun, diff: DiffStats | undefined): Promise<void> {
    return this.write('working', run, diff);
  }

  /**
   * Says how the run ended. Like the last poll at the deadline, it may take one request-timeout
   * past the step's deadline (with `CommentDeps.wrapUp`): a timed-out run is worth a comment that
   * says so. With a preview, it is written once the preview is asked for (building) and again when
   * it ended.
   */
  async writeOutcome(run: AgentRun, diff: DiffStats | undefined, preview?: PreviewRun): Promise<void> {
    const github = this.deps.wrapUp ?? this.github;
    await this.readAgain(github);
    return this.write('outcome', run, diff, preview, github);
  }

  /**
   * The record this run leaves: the job and head the API accepted in this run, else the record as
   * last read. After a refused, failed, cut-off or cancelled create or message, the next run then
   * sends the same change again instead of taking it as delivered.
   */
  recordFor(run: AgentRun): CommentRecord | undefined {
    const job = run.delivery === 'accepted' && run.jobId ? { jobId: run.jobId, headSha: this.pullRequest.headSha } : this.stored;
    if (!job) return undefined;
    const docsPr = this.docsPr.record;
    return docsPr ? { jobId: job.jobId, headSha: job.headSha, docsPr } : { jobId: job.jobId, headSha: job.headSha };
  }

  /** The documentation PR the record names, as this run leaves it so far. */
  get docsPrRecord(): DocsPrRecord | undefined {
    return this.docsPr.record;
  }

  /** What the comment says of the documentation PR, as this run leaves it so far. */
  get docsPrSection(): string | undefined {
    return this.docsPr.section;
  }

  /** Records the documentation PR that follow-code-pr keeps in step (or none), and what the comment says of it; the next write carries both. */
  setDocsPr(shown: DocsPrShown): void {
    this.docsPr = { ...shown, acted: shown.acted || this.docsPr.acted };
  }

  /**
   * Reads the comment's record again before writing the outcome: another run may have written it
   * since this one read it (two runs of one pull request without a concurrency group). What this
   * run did not change is taken from the newer record, so a documentation PR that a `closed` run
   * closed meanwhile stays recorded as closed by this action, and reopening the code PR still
   * reopens it. A failure to read is said at info level; the write goes on with what this run has.
   */
  private async readAgain(github: GitHubApi): Promise<void> {
    if (this.stopped || this.commentId === undefined) return;
    let newer: CommentRecord | undefined;
    try {
      const comments = await github.listComments(this.pullRequest.number);
      const ours = comments.find((comment) => comment.id === this.commentId);
      if (!ours) return;
      newer = recordOf(ours.body, this.pullRequest, { ...this.deps, logger: { ...this.deps.logger, notice: () => undefined } });
    } catch (error) {
      if (endsTheStep(error)) throw error;
      this.deps.logger.info(`Could not read the pull-request comment again before writing it (${errorMessage(error)}); writing what this run knows.`);
      return;
    }
    if (!newer || sameRecord(newer, this.stored)) return;
    this.stored = newer;
    if (!this.docsPr.acted && newer.docsPr && !sameDocsPr(newer.docsPr, this.docsPr.record)) {
      // The state as the newer record says it: closed by this action, or linked.
      const state = newer.docsPr.closedByAction ? 'closed' : 'linked';
      this.docsPr = { record: newer.docsPr, section: renderDocsPrSection(pullName(newer.docsPr), state), acted: false };
    }
  }

  private async write(stage: 'working' | 'outcome', run: AgentRun, diff: DiffStats | undefined, preview?: PreviewRun, github = this.github): Promise<void> {
    if (this.stopped) return;
    const record = this.recordFor(run);
    const hidden = record && recordLine(record, this.deps.seal, codePrScope(this.pullRequest.repository, this.pullRequest.number));
    const now = new Date(this.deps.clock.now()).toISOString();
    const tail = [this.docsPr.section, hidden].filter((part): part is string => Boolean(part));
    // What follows the report's body is kept out of the room the report may fill, so the whole comment stays under GitHub's limit.
    const room = COMMENT_LIMIT_CHARS - tail.reduce((chars, part) => chars + part.length + 2, 1);
    const body = withTail(
      stage === 'working'
        ? renderWorkingComment(run, diff, COMMENT_MARKER, undefined, now)
        : renderPrComment(run, COMMENT_MARKER, undefined, now, room, preview, this.docsPr.record),
      tail,
    );
    try {
      let result: 'created' | 'updated';
      if (this.commentId === undefined) {
        this.commentId = await github.createComment(this.pullRequest.number, body);
        result = 'created';
      } else {
        await github.updateComment(this.commentId, body);
        result = 'updated';
      }
      this.stored = record;
      this.deps.logger.info(`Pull-request comment ${result}${stage === 'working' ? ' (working)' : ''}.`);
    } catch (error) {
      this.stopped = true;
      this.deps.logger.warning(
        error instanceof GitHubError && error.status === 403
          ? 'Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.'
          : `Could not write the pull-request comment: ${errorMessage(error)}`,
      );
    }
  }
}

/** The body with what follows the report's part (the documentation PR's section, the hidden record), each after a blank line. */
function withTail(body: string, tail: readonly string[]): string {
  return [body.replace(/\n$/, ''), ...tail.flatMap((part) => ['', part])].join('\n') + '\n';
}

/** The verified record of our comment, or none; one that does not verify is said in one notice. */
function recordOf(body: string, pullRequest: CommentedPullRequest, deps: CommentDeps): CommentRecord | undefined {
  const reading = readRecord(body, deps.seal, codePrScope(pullRequest.repository, pullRequest.number));
  if (reading.found === 'unverified') {
    deps.logger.notice(
      "The pull-request comment's hidden record does not verify (edited by hand, copied from elsewhere, or written under another api-key or by an earlier version of this action): it counts as none. The job is not reused, and no documentation PR is acted on until a run records one again.",
    );
  }
  return reading.found === 'verified' ? reading.record : undefined;
}

/**
 * The back-link this action left on the pull request when it is a documentation PR that follows a
 * code PR: a comment marked as one whose record verifies for this pull request. Its author does not
 * matter (it is the docs token's identity, which this run may not know); the seal does.
 */
function backLinkOf(comments: readonly IssueComment[], pullRequest: CommentedPullRequest, deps: CommentDeps): BackLinkRecord | undefined {
  const scope = docsPrScope(pullRequest.repository, pullRequest.number);
  for (const comment of comments) {
    if (!isMarked(comment.body, DOCS_PR_MARKER)) continue;
    const reading = readBackLink(comment.body, deps.seal, scope);
    if (reading.found === 'verified') return reading.record;
  }
  return undefined;
}

function sameDocsPr(a: DocsPrRecord, b: DocsPrRecord | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameRecord(a: CommentRecord | undefined, b: CommentRecord | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
