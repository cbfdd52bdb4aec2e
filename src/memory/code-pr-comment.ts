import type { AgentRun } from '../agent/run-agent.js';
import type { DiffStats } from '../diff/change-prompt.js';
import { endsTheStep, GitHubError, pullName, type GitHubApi, type IssueComment } from '../github/api.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { COMMENT_LIMIT_CHARS, renderPrComment, renderWorkingComment } from '../report/agent-report.js';
import { DOCS_PR_SECTION_START, renderDocsPrSection } from '../report/docs-pr-report.js';
import { GATE_LINE_START, renderGateLine } from '../report/gate-report.js';
import { renderImpactSection, renderImpactTooLong, type ImpactView } from '../report/impact-report.js';
import type { GateStatus } from '../gate/policy.js';
import type { Clock, Logger } from '../runtime.js';
import { errorMessage } from '../text.js';
import {
  COMMENT_MARKER,
  DOCS_PR_MARKER,
  isMarked,
  normalRecord,
  readBackLink,
  readRecord,
  recordLine,
  type BackLinkRecord,
  type CommentRecord,
  type DocsPrRecord,
  type ImpactRecord,
  type PreviewRecord,
  type RecordReading,
  isBounded,
  MAX_PREVIEW_URL_CHARS,
} from '../memory/record.js';
import { newestMarkedBy } from '../memory/ours.js';
import { codePrScope, docsPrScope, type RecordScope, type RecordSeal, type RepositoryIdentity } from '../memory/seal.js';
import type { DocsPrOutcome } from '../docs-pr/outcome.js';

/** The pull request the comment is on. */
export interface CommentedPullRequest {
  /** The repository (its ID binds the record; its name is what GitHub is asked with). */
  readonly repository: RepositoryIdentity;
  readonly number: number;
  readonly headSha: string;
}

export interface CommentDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /** Seals the record this run writes, and verifies the one it reads (`seal.ts`). */
  readonly seal: RecordSeal;
  /**
   * Whose comment is the action's: by default the token's own identity (it writes the comment).
   * `command: sync` writes with another token (`code-token`), and takes the comment of the
   * identity the documentation PR's sealed back-link names: a copy of the record in anyone else's
   * comment is never the action's.
   */
  readonly author?: string;
}

/** What a write of the comment shows, all from the run record: the job, what was sent, the preview, the documentation PR. */
export interface CommentView {
  readonly run: AgentRun;
  readonly diff?: DiffStats;
  readonly preview?: PreviewRun;
  /** What following the documentation PR did; none: the record keeps the documentation PR it named. */
  readonly docsPr?: DocsPrOutcome;
  /** The documentation gate's status, when the run keeps one: the comment says what it waits for. */
  readonly gate?: GateStatus;
  /** What readers will see (reader-impact): the section, and what the record keeps of it. */
  readonly impact?: { readonly view: ImpactView | undefined; readonly record: ImpactRecord };
  /**
   * `command: sweep` finished the recorded job (its end, or `timed-out` past `timeout` since it was
   * accepted): the record says it is no longer at work, whatever the outcome.
   */
  readonly finished?: boolean;
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
  /** When this run's job or message was accepted, as its first write recorded it. */
  private acceptedAt: string | undefined;
  /** The record as the comment held it when this run last read it. */
  private stored: CommentRecord | undefined;
  /** What another run recorded of the documentation PR since this one read the record, when this run did not act on it. */
  private newerDocsPr: DocsPrRecord | undefined;

  private constructor(
    private readonly github: GitHubApi,
    private readonly pullRequest: CommentedPullRequest,
    /** What the comment recorded before this run: the job and the head it had accepted. */
    readonly earlier: CommentRecord | undefined,
    existingId: number | undefined,
    /** This pull request carries a documentation PR's back-link: it is the action's own documentation PR. */
    readonly backLink: BackLinkRecord | undefined,
    private readonly deps: CommentDeps,
    /** The comment's body as found: `command: sync` keeps its report and rewrites its tail. */
    private readonly foundBody: string | undefined,
  ) {
    this.commentId = existingId;
    this.stored = earlier;
  }

  /** The comment was found, but its record did not verify: the one notice that says why was given. */
  get recordUnverified(): boolean {
    return this.foundBody !== undefined && this.earlier === undefined && lastLineIsRecord(this.foundBody);
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
      const author = deps.author?.toLowerCase();
      const ours =
        author === undefined
          ? await newestMarkedBy(github, comments, COMMENT_MARKER)
          : comments.filter((comment) => isMarked(comment.body, COMMENT_MARKER) && comment.authorLogin.toLowerCase() === author).at(-1);
      const earlier = ours && recordOf(ours.body, pullRequest, deps);
      return new PullRequestComment(github, pullRequest, earlier, ours?.id, backLinkOf(comments, pullRequest, deps), deps, ours?.body);
    } catch (error) {
      if (endsTheStep(error)) throw error;
      deps.logger.warning(
        `Could not read the pull request's comments: ${errorMessage(error)} Going on without the pull-request comment and without reuse-job.`,
      );
      return undefined;
    }
  }

  /** Says the job is working, and records it so: as soon as the API accepted the job or the message. */
  writeWorking(view: CommentView): Promise<boolean> {
    return this.write('working', view);
  }

  /**
   * Says how the run ended (or how it stands, before a later write: the preview building, the
   * documentation PR linked), with the record read again first. `github`: the client of this
   * write's window (a run's last writes each have one of their own); by default the one the
   * comment was found with. True once written.
   */
  async writeOutcome(view: CommentView, github = this.github): Promise<boolean> {
    await this.readAgain(github, view.docsPr);
    return this.write('outcome', view, github);
  }

  /**
   * The record this run leaves: the job and head the API accepted in this run, else the record as
   * last read. After a refused, failed, cut-off or cancelled create or message, the next run then
   * sends the same change again instead of taking it as delivered.
   */
  recordFor(
    view: Pick<CommentView, 'run' | 'docsPr' | 'impact' | 'finished' | 'preview'>,
    stage: 'working' | 'outcome' = 'outcome',
  ): CommentRecord | undefined {
    const { run } = view;
    const accepted = run.delivery === 'accepted' && run.jobId !== undefined;
    const job = accepted ? { jobId: run.jobId!, headSha: this.pullRequest.headSha } : this.stored;
    if (!job) return undefined;
    const docsPr = this.docsPrOf(view.docsPr).record;
    // An earlier documentation PR not closed yet stays recorded until a run closes it.
    const supersedes = view.docsPr ? view.docsPr.supersedes : this.stored?.supersedes;
    // What was measured stays recorded until a run measures anew.
    const impact = view.impact?.record ?? this.stored?.impact;
    const preview = previewToRecord(view.preview, accepted ? undefined : this.stored?.preview);
    // The job is at work from the working write until a run saw it end (this run's outcome, or
    // another's, read again before this write): a run that sent nothing keeps what the record said,
    // unless it attached to the recorded job and saw it end.
    const sawEnd = run.jobId !== undefined && run.jobId === job.jobId && (isOver(run) || view.finished === true);
    const working = stage === 'working' ? accepted : accepted ? !sawEnd : !sawEnd && this.stored?.working === true;
    // When the API accepted it: this run's acceptance, else the one the record kept.
    const acceptedAt = accepted ? (this.acceptedAt ??= new Date(this.deps.clock.now()).toISOString()) : this.stored?.acceptedAt;
    // A revision after a review stays one while it is the work at hand: a job or message this run had accepted is not.
    const revising = working && !accepted && this.stored?.revising === true;
    return {
      jobId: job.jobId,
      headSha: job.headSha,
      ...(working ? { working: true as const } : {}),
      ...(working && acceptedAt !== undefined ? { acceptedAt } : {}),
      ...(revising ? { revising: true as const } : {}),
      ...(docsPr ? { docsPr } : {}),
      ...(supersedes ? { supersedes } : {}),
      ...(impact ? { impact } : {}),
      ...(preview ? { preview } : {}),
    };
  }

  /**
   * The documentation PR the record names and what the comment says of it: what this run's
   * following did, unless another run recorded something newer of a documentation PR this run did
   * not act on (then that, said as the record says it); with no following, the record's as read.
   */
  private docsPrOf(outcome: DocsPrOutcome | undefined): { record: DocsPrRecord | undefined; section: string | undefined } {
    const newer = this.newerDocsPr;
    if (newer && !outcome?.acted) return { record: newer, section: renderDocsPrSection(pullName(newer), newer.closedByAction ? 'closed' : 'linked') };
    if (!outcome) return { record: this.stored?.docsPr, section: undefined };
    const shown = outcome.shown;
    return { record: outcome.record, section: shown && renderDocsPrSection(pullName(shown.pull), shown.state, shown.superseded) };
  }

  /**
   * The comment's report kept, its documentation PR's line and gate line said anew where given
   * (kept as they were where not), and its record sealed: `command: sync`, and a run whose status
   * changed without a report of its own (a waiver). The comment is read again first, so what
   * another run wrote since (its report, its record) is what is kept; `change` makes this run's
   * record from the newest one. Nothing is written when there was no comment with a verified
   * record to keep. True once written.
   */
  async rewriteTail(
    change: (newest: CommentRecord) => CommentRecord,
    tail: { readonly docsPrSection?: string; readonly gate?: GateStatus },
    github = this.github,
  ): Promise<boolean> {
    if (this.stopped || this.commentId === undefined || !this.foundBody || !this.earlier) return false;
    const newest = await this.readBodyAgain(github);
    // In the one order of fields a record is read back in: a later comparison with it holds.
    const changed = change(newest?.record ?? this.stored ?? this.earlier);
    const record = normalRecord(changed) ?? changed;
    // A comment edited on GitHub's web page comes back with CRLF line ends. Its first line is the
    // marker, so what is popped below never empties the list.
    const lines = (newest?.body ?? this.foundBody).split(/\r?\n/);
    const dropBlankLines = (): void => {
      while (lines.at(-1) === '') lines.pop();
    };
    // From the end: the record (it verified, so it is the last line), then the gate line and the
    // documentation PR's section this action wrote before it, each after a blank line.
    dropBlankLines();
    lines.pop();
    const found = new Map<string, string>();
    for (const start of [GATE_LINE_START, DOCS_PR_SECTION_START]) {
      dropBlankLines();
      if (lines.at(-1)?.startsWith(start)) found.set(start, lines.pop()!);
    }
    dropBlankLines();
    const gateLine = tail.gate ? renderGateLine(tail.gate) : found.get(GATE_LINE_START);
    const body = withTail(lines.join('\n'), tailOf(tail.docsPrSection ?? found.get(DOCS_PR_SECTION_START), gateLine, this.sealed(record)));
    try {
      await github.updateComment(this.commentId, body);
      this.stored = record;
      this.deps.logger.info('Pull-request comment updated.');
      return true;
    } catch (error) {
      this.stopped = true;
      if (error instanceof GitHubError && error.kind === 'cancelled') return false;
      this.deps.logger.warning(`Could not write the pull-request comment: ${errorMessage(error)}`);
      return false;
    }
  }

  /**
   * Whether the comment, read again now, still holds the record this run last read or wrote: what
   * a sweep asks just before its last writes, so that another run that wrote meanwhile (finished
   * the job, or recorded a push's new job) is never overwritten. A comment that cannot be read
   * again answers false: the next sweep tries again.
   */
  async unchangedSinceThisRun(github = this.github): Promise<boolean> {
    if (this.commentId === undefined || this.stopped) return false;
    const newest = await this.readBodyAgain(github);
    return newest !== undefined && sameRecord(newest.record, this.stored);
  }

  /**
   * The comment's body and verified record as GitHub has them now; undefined when they cannot be
   * read (said at info level: the write goes on with what this run has) or no longer verify.
   */
  private async readBodyAgain(github: GitHubApi): Promise<{ body: string; record: CommentRecord } | undefined> {
    try {
      const ours = (await github.listComments(this.pullRequest.number)).find((comment) => comment.id === this.commentId);
      const quiet = { ...this.deps, logger: { ...this.deps.logger, notice: () => undefined, info: () => undefined } };
      const record = ours && recordOf(ours.body, this.pullRequest, quiet);
      return ours && record ? { body: ours.body, record } : undefined;
    } catch (error) {
      this.deps.logger.info(`Could not read the pull-request comment again before writing it (${errorMessage(error)}); writing what this run knows.`);
      return undefined;
    }
  }

  /**
   * Reads the comment's record again before writing the outcome: another run may have written it
   * since this one read it (two runs of one pull request without a concurrency group). What this
   * run did not change is taken from the newer record, so a documentation PR that a `closed` run
   * closed meanwhile stays recorded as closed by this action, and reopening the code PR still
   * reopens it. A failure to read is said at info level; the write goes on with what this run has.
   */
  private async readAgain(github: GitHubApi, outcome: DocsPrOutcome | undefined): Promise<void> {
    if (this.stopped || this.commentId === undefined) return;
    let newer: CommentRecord | undefined;
    try {
      const comments = await github.listComments(this.pullRequest.number);
      const ours = comments.find((comment) => comment.id === this.commentId);
      if (!ours) return;
      // Read again quietly: what it says of the record was said when the comment was found.
      newer = recordOf(ours.body, this.pullRequest, { ...this.deps, logger: { ...this.deps.logger, notice: () => undefined, info: () => undefined } });
    } catch (error) {
      // A deadline or a cancellation here belongs to the write's own window: the write that follows
      // says it, once.
      this.deps.logger.info(`Could not read the pull-request comment again before writing it (${errorMessage(error)}); writing what this run knows.`);
      return;
    }
    if (!newer || sameRecord(newer, this.stored)) return;
    // The documentation PR as this run knows it: what its following left, else the record it read.
    const known = outcome ? outcome.record : this.stored?.docsPr;
    this.stored = newer;
    if (newer.docsPr && !sameRecord(newer.docsPr, known)) this.newerDocsPr = newer.docsPr;
  }

  private async write(stage: 'working' | 'outcome', view: CommentView, github = this.github): Promise<boolean> {
    if (this.stopped) return false;
    const { run, diff, preview } = view;
    const record = this.recordFor(view, stage);
    const now = new Date(this.deps.clock.now()).toISOString();
    const docsPr = this.docsPrOf(view.docsPr);
    const fixedTail = tailOf(docsPr.section, view.gate && renderGateLine(view.gate), record && this.sealed(record));
    let impactSection = stage === 'outcome' && view.impact?.view ? renderImpactSection(view.impact.view, 4) : undefined;
    // The section is as long as its page paths, which are file names: where it would leave the
    // report less room than its shortest form, it gives way as a whole (the summary shows it).
    if (impactSection && COMMENT_LIMIT_CHARS - tailChars([impactSection, ...fixedTail]) < renderPrComment(run, COMMENT_MARKER, undefined, now, 0).length) {
      impactSection = renderImpactTooLong(4);
    }
    const tail = impactSection ? [impactSection, ...fixedTail] : fixedTail;
    // What follows the report's body is kept out of the room the report may fill, so the whole comment stays under GitHub's limit.
    const room = COMMENT_LIMIT_CHARS - tailChars(tail);
    const body = withTail(
      stage === 'working'
        ? renderWorkingComment(run, diff, COMMENT_MARKER, undefined, now)
        : renderPrComment(run, COMMENT_MARKER, undefined, now, room, preview, docsPr.record),
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
      return true;
    } catch (error) {
      this.stopped = true;
      // Cut off by the step's cancellation: the step says it was cancelled, once.
      if (error instanceof GitHubError && error.kind === 'cancelled') return false;
      this.deps.logger.warning(
        error instanceof GitHubError && error.status === 403
          ? 'Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.'
          : `Could not write the pull-request comment: ${errorMessage(error)}`,
      );
      return false;
    }
  }

  /** The record line, sealed for this pull request under `api-key` (a record read under `previous-api-key` is sealed anew). */
  private sealed(record: CommentRecord): string {
    return recordLine(record, this.deps.seal, this.scope);
  }

  private get scope(): RecordScope {
    return codePrScope(this.pullRequest.repository, this.pullRequest.number);
  }
}

/**
 * What follows the report's body, in this order, each after a blank line: the documentation PR's
 * line, the gate's line, the sealed record (last: it is read from the last line). The one builder
 * of the comment's tail, for every write (the outcome, and `rewriteTail`).
 */
function tailOf(docsPrSection: string | undefined, gateLine: string | undefined, hidden: string | undefined): string[] {
  return [docsPrSection, gateLine, hidden].filter((part): part is string => Boolean(part));
}

/**
 * The preview the record keeps: one this run asked for and did not see end (a sweep's), for a
 * later sweep to show; none once this run saw it end; else the one the record kept (`kept`: none
 * once a new job was accepted).
 */
function previewToRecord(preview: PreviewRun | undefined, kept: PreviewRecord | undefined): PreviewRecord | undefined {
  if (!preview) return kept;
  if (preview.status !== undefined || preview.statusId === undefined || !preview.branch || !isBounded(preview.branch)) return undefined;
  const url = preview.url !== undefined && preview.url.length <= MAX_PREVIEW_URL_CHARS ? preview.url : undefined;
  return {
    statusId: preview.statusId,
    branch: preview.branch,
    triggeredAt: new Date(preview.triggeredAt ?? 0).toISOString(),
    ...(url !== undefined ? { url } : {}),
  };
}

/**
 * Whether this run saw the job end (a terminal status): a run that timed out, was cancelled or
 * stopped while waiting, or did not wait, leaves it working.
 */
function isOver(run: AgentRun): boolean {
  return run.outcome === 'pr-opened' || run.outcome === 'no-pr' || run.outcome === 'failed' || run.outcome === 'archived';
}

/** The body with what follows the report's part (the documentation PR's section, the hidden record), each after a blank line. */
function withTail(body: string, tail: readonly string[]): string {
  return [body.replace(/\n$/, ''), ...tail.flatMap((part) => ['', part])].join('\n') + '\n';
}

/** The verified record of our comment, or none; one that does not verify is said in one notice, with its likely cause and the way out. */
function recordOf(body: string, pullRequest: CommentedPullRequest, deps: CommentDeps): CommentRecord | undefined {
  const reading = readRecord(body, deps.seal, codePrScope(pullRequest.repository, pullRequest.number));
  if (reading.found === 'unverified') deps.logger.notice(unverifiedNotice(deps.seal.hasPreviousKey));
  if (reading.found === 'verified' && reading.sealedWith === 'previous-api-key') {
    deps.logger.info("The pull-request comment's record was sealed under previous-api-key: this run's next write of it seals it under api-key.");
  }
  return reading.found === 'verified' ? reading.record : undefined;
}

/** The notice for a record that does not verify: the likely cause first (a rotated key), and the way out. */
export function unverifiedNotice(hadPreviousKey: boolean): string {
  return `The pull-request comment's hidden record does not verify, so it counts as none. ${likelyCause(hadPreviousKey)}; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.`;
}

/** The notice for a documentation PR's back-link that does not verify (`command: sync`): the same cause, and what it costs. */
export function unverifiedBackLinkNotice(hadPreviousKey: boolean): string {
  return `This pull request's back-link to its code PR does not verify, so it counts as none. ${likelyCause(hadPreviousKey)}; otherwise it was edited by hand or copied from elsewhere. Nothing is brought in step until the code PR's next run links this pull request again.`;
}

function likelyCause(hadPreviousKey: boolean): string {
  return hadPreviousKey
    ? 'It was not sealed under api-key nor under previous-api-key: most likely under a key older than both'
    : 'Most likely api-key was rotated since it was written (admin keys expire, by default after 90 days): give the earlier key as previous-api-key until every open pull request has been written again';
}

/**
 * The back-link this action left on the pull request when it is a documentation PR that follows a
 * code PR: a comment marked as one whose record verifies for this pull request. Its author does not
 * matter (it is the docs token's identity, which this run may not know); the seal does.
 */
function backLinkOf(comments: readonly IssueComment[], pullRequest: CommentedPullRequest, deps: Pick<CommentDeps, 'seal'>): BackLinkRecord | undefined {
  const reading = backLinkIn(comments, pullRequest, deps.seal);
  return reading.found === 'verified' ? reading.record : undefined;
}

/** A back-link comment that verified: its ID, author and body (the review loop rewrites its record), and what it records. */
export interface BackLinkComment {
  readonly commentId: number;
  readonly author: string;
  readonly body: string;
  readonly record: BackLinkRecord;
}

/**
 * The back-link among a pull request's comments (`command: sync` reads the documentation PR's so):
 * verified, the first that verifies; unverified, when a back-link is there but none verifies (a
 * key rotated, an edit); none at all.
 */
export function backLinkIn(
  comments: readonly IssueComment[],
  pullRequest: Omit<CommentedPullRequest, 'headSha'>,
  seal: RecordSeal,
): RecordReading<BackLinkRecord> {
  return backLinkWithComment(comments, pullRequest, seal).reading;
}

/** The back-link comment among a pull request's comments that verifies for it; undefined when none does. */
export function backLinkCommentIn(
  comments: readonly IssueComment[],
  pullRequest: Omit<CommentedPullRequest, 'headSha'>,
  seal: RecordSeal,
): BackLinkComment | undefined {
  return backLinkWithComment(comments, pullRequest, seal).comment;
}

/** The back-link as `backLinkIn` reads it, and the comment that holds it when it verified. */
export function backLinkWithComment(
  comments: readonly IssueComment[],
  pullRequest: Omit<CommentedPullRequest, 'headSha'>,
  seal: RecordSeal,
): { readonly reading: RecordReading<BackLinkRecord>; readonly comment?: BackLinkComment } {
  const scope = docsPrScope(pullRequest.repository, pullRequest.number);
  let unverified = false;
  for (const comment of comments) {
    if (!isMarked(comment.body, DOCS_PR_MARKER)) continue;
    const reading = readBackLink(comment.body, seal, scope);
    if (reading.found === 'verified') {
      return { reading, comment: { commentId: comment.id, author: comment.authorLogin, body: comment.body, record: reading.record } };
    }
    unverified ||= reading.found === 'unverified';
  }
  return { reading: { found: unverified ? 'unverified' : 'none' } };
}

/** Whether a comment's last line is a record of the code PR's kind, whether or not it verifies. */
function lastLineIsRecord(body: string): boolean {
  return body
    .replace(/[\r\n]+$/, '')
    .split('\n')
    .at(-1)!
    .startsWith('<!-- docs-agent-action:state ');
}

/** Records are written by one function, their fields always in one order: their JSON tells them apart. */
function sameRecord(a: CommentRecord | DocsPrRecord | undefined, b: CommentRecord | DocsPrRecord | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The characters the parts after the report's body add: each after a blank line. The final line
 * break is the report's own (its bodies end with one), moved after them, so a comment of exactly
 * GitHub's limit is written whole.
 */
function tailChars(parts: readonly string[]): number {
  return parts.reduce((chars, part) => chars + part.length + 2, 0);
}
