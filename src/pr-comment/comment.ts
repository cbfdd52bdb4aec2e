import type { AgentRun } from '../agent/run-agent.js';
import type { DiffStats } from '../diff/change-prompt.js';
import { endsTheStep, GitHubError, type GitHubApi } from '../github/api.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { COMMENT_LIMIT_CHARS, renderPrComment, renderWorkingComment } from '../report/agent-report.js';
import type { Clock, Logger } from '../runtime.js';
import { errorMessage } from '../text.js';
import { COMMENT_MARKER, readRecord, recordLine, type CommentRecord, type DocsPrRecord } from './record.js';

/**
 * The action's one comment on a pull request, from finding it to its last write:
 *
 * - it is found again by its marker, and only a comment written by the token's own identity
 *   counts (anyone else could quote the marker and a record to point the action at another job,
 *   or have it edit their comment);
 * - it is written as soon as the API accepted the job or the message (working), and again with
 *   the outcome, always the same comment;
 * - its hidden record moves to a new head only once the API accepted it;
 * - a failure to read or write it is one warning, and no write follows a failed one.
 *
 * The bodies are the report's (`report/agent-report.ts`); the record's form is `record.ts`.
 */
export class PullRequestComment {
  private commentId: number | undefined;
  private stopped = false;
  /** The documentation PR the record names (follow-code-pr): the earlier record's until this run says otherwise. */
  private docsPr: DocsPrRecord | undefined;
  /** What the comment says of the documentation PR (follow-code-pr), Markdown; shown above the record. */
  private docsPrSection: string | undefined;

  private constructor(
    private readonly github: GitHubApi,
    private readonly pullNumber: number,
    private readonly headSha: string,
    /** What the comment recorded before this run: the job and the head it had accepted. */
    readonly earlier: CommentRecord | undefined,
    existingId: number | undefined,
    private readonly deps: { readonly logger: Logger; readonly clock: Clock },
  ) {
    this.commentId = existingId;
    this.docsPr = earlier?.docsPr;
  }

  /**
   * The pull request's comment as the action last left it (or a new one to write). Undefined when
   * the comments cannot be read: one warning, and the run goes on without the comment and
   * without reuse-job, since a comment that cannot be found again would be written twice.
   * Cancellation and the step's deadline end the step, as with every GitHub read.
   */
  static async find(
    github: GitHubApi,
    pullRequest: { readonly number: number; readonly headSha: string },
    deps: { readonly logger: Logger; readonly clock: Clock },
  ): Promise<PullRequestComment | undefined> {
    try {
      const ours = await findOurs(github, pullRequest.number);
      return new PullRequestComment(github, pullRequest.number, pullRequest.headSha, ours?.record, ours?.id, deps);
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
   * past the step's deadline (`deadline`): a timed-out run is worth a comment that says so.
   * With a preview, it is written once the preview is asked for (building) and again when it ended.
   */
  writeOutcome(run: AgentRun, diff: DiffStats | undefined, deadline: number, preview?: PreviewRun): Promise<void> {
    this.github.setDeadline(deadline);
    return this.write('outcome', run, diff, preview);
  }

  /**
   * The record this run leaves: the job and head the API accepted in this run, else the earlier
   * record unchanged. After a refused, failed, cut-off or cancelled create or message, the next
   * run then sends the same change again instead of taking it as delivered.
   */
  recordFor(run: AgentRun): CommentRecord | undefined {
    const job = run.delivery === 'accepted' && run.jobId ? { jobId: run.jobId, headSha: this.headSha } : this.earlier;
    if (!job) return undefined;
    return this.docsPr ? { jobId: job.jobId, headSha: job.headSha, docsPr: this.docsPr } : { jobId: job.jobId, headSha: job.headSha };
  }

  /** The documentation PR the record names, as this run leaves it so far. */
  get docsPrRecord(): DocsPrRecord | undefined {
    return this.docsPr;
  }

  /**
   * Records the documentation PR that follow-code-pr keeps in step (or none), and what the comment
   * says of it; the next write carries both.
   */
  setDocsPr(docsPr: DocsPrRecord | undefined, section: string | undefined): void {
    this.docsPr = docsPr;
    this.docsPrSection = section;
  }

  private async write(stage: 'working' | 'outcome', run: AgentRun, diff: DiffStats | undefined, preview?: PreviewRun): Promise<void> {
    if (this.stopped) return;
    const record = this.recordFor(run);
    const hidden = record && recordLine(record);
    const now = new Date(this.deps.clock.now()).toISOString();
    const tail = [this.docsPrSection, hidden].filter((part): part is string => Boolean(part));
    // What follows the report's body is kept out of the room the report may fill, so the whole comment stays under GitHub's limit.
    const room = COMMENT_LIMIT_CHARS - tail.reduce((chars, part) => chars + part.length + 2, 1);
    const body = withTail(
      stage === 'working'
        ? renderWorkingComment(run, diff, COMMENT_MARKER, undefined, now)
        : renderPrComment(run, COMMENT_MARKER, undefined, now, room, preview),
      tail,
    );
    try {
      let result: 'created' | 'updated';
      if (this.commentId === undefined) {
        this.commentId = await this.github.createComment(this.pullNumber, body);
        result = 'created';
      } else {
        await this.github.updateComment(this.commentId, body);
        result = 'updated';
      }
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

/**
 * The newest comment that carries the marker and was written by the token's own identity. The
 * identity costs one request, made only when some comment carries the marker.
 */
async function findOurs(github: GitHubApi, pullNumber: number): Promise<{ id: number; record: CommentRecord | undefined } | undefined> {
  const marked = (await github.listComments(pullNumber)).filter((comment) => comment.body.includes(COMMENT_MARKER));
  if (marked.length === 0) return undefined;
  // Logins are case-insensitive on GitHub.
  const login = (await github.tokenLogin()).toLowerCase();
  const newest = marked.filter((comment) => comment.authorLogin.toLowerCase() === login).at(-1);
  return newest && { id: newest.id, record: readRecord(newest.body) };
}
