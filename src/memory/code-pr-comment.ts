import { endsTheStep, GitHubError, type GitHubApi, type IssueComment, type RecentComment } from '../github/api.js';
import type { Clock, Logger } from '../runtime.js';
import { errorMessage } from '../text.js';
import { ourComment, verifyingComments } from './ours.js';
import { COMMENT_MARKER, normalRecord, readRecord, recordLine, type CommentRecord, type DocsPrRecord } from './record.js';
import { codePrScope, type RecordSeal, type RepositoryIdentity } from './seal.js';

/**
 * The store of the code PR's comment: the action's one comment on a pull request, and the sealed
 * record that is its last line — the job and the head it accepted, whether the job is at work,
 * the documentation PR that follows the pull request, what readers will see, a preview asked for.
 *
 * - It is the action's by the one rule (`ours.ts`): marked, written by the identity that writes
 *   the action's comments there (the token's own, or for `command: sync` the one the back-link
 *   names), its record verifying for this pull request. A copy by anyone else is never it.
 * - **Every write reads the record again first** and settles what to write with `settle`: a run
 *   never replaces a newer record with an older one. Where the record moved on since this run read
 *   it (a newer head, a newer job, a later state), the run writes only what it owns — its job's end
 *   while the record still names that work, the documentation PR it acted on — and leaves the rest
 *   as it finds it. No caller can skip it: there is no other way to write.
 * - A failure to read is one warning (the run goes on without the comment); a failed write is one
 *   warning, and no write follows it.
 *
 * What the comment says is rendered above (`core/comment.ts`): the store is given the record this
 * run would write and a renderer for the body of the record it settles on.
 */

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
   * identity the documentation PR's sealed back-link names.
   */
  readonly author?: string;
}

/** What a write would leave, as this run sees it; `settle` decides what is written of it. */
export interface CommentWrite {
  /** The working write (as soon as the job was accepted), or (by default) the outcome so far: as the log says it. */
  readonly stage?: 'working' | 'outcome';
  /** The record this run would write; undefined: none to keep. */
  readonly mine: CommentRecord | undefined;
  /** This run had the API accept its job or message for `mine`'s head: new work, as of `mine.acceptedAt`. */
  readonly accepted: boolean;
  /** This run acted on the documentation PR (linked a new one, closed, reopened or superseded one): its part stands. */
  readonly acted: boolean;
  /**
   * The body for what is settled: `whole` renders this run's report with the record line;
   * `tail` keeps the comment's body as GitHub has it (`newestBody`) and says anew only what this
   * run owns (the documentation PR's line) before the record line.
   */
  readonly render: (settled: Settled, recordLine: string | undefined) => string;
}

/** What a write comes to, once the record was read again. */
export type Settled =
  | { readonly write: 'whole'; readonly record: CommentRecord | undefined }
  | { readonly write: 'tail'; readonly record: CommentRecord; readonly newestBody: string }
  | { readonly write: 'nothing'; readonly why: string };

/** The same job on the same head: the work a record names. */
export function sameWork(a: Pick<CommentRecord, 'jobId' | 'headSha'>, b: Pick<CommentRecord, 'jobId' | 'headSha'>): boolean {
  return a.jobId === b.jobId && a.headSha === b.headSha;
}

/**
 * The one rule of a write that finds the record moved on (the contract's *Memory*: "a run never
 * replaces a newer record with an older one"). `read`: the record as this run last read or wrote
 * it; `newest`: as GitHub has it now (undefined: gone, unreadable or no longer verifying — then
 * this run writes what it knows); `write`: what this run would write. Pure.
 *
 * - Unchanged since this run read it: this run's record, whole.
 * - This run's own acceptance (a job or message the API took in this run) is new work: written
 *   whole, unless another run recorded a later acceptance since.
 * - Otherwise, the same work (job and head) still at work: this run's end of it is written.
 * - Otherwise (another run recorded the end of this work already, or other work): only what this
 *   run owns, the documentation PR it acted on, is written into the newer record; else nothing.
 *   So a job is never finished twice, and a sweep never finishes old work over a push's new work.
 *
 * Wherever this run's record is written over a newer one, the documentation PR stays as the newer
 * one recorded it, unless this run acted on it.
 */
export function settle(read: CommentRecord | undefined, newest: CommentRecord | undefined, write: Pick<CommentWrite, 'mine' | 'accepted' | 'acted'>): Settled {
  const { mine, accepted, acted } = write;
  if (!newest || sameRecord(read, newest)) return { write: 'whole', record: mine };
  if (!mine) return { write: 'nothing', why: 'another run recorded its work since, and this run has none to record' };
  const keepingTheirs = (record: CommentRecord): CommentRecord => (acted ? record : withDocsPrOf(record, newest));
  if (accepted && mine.working) {
    if (!acceptedLater(newest, mine)) return { write: 'whole', record: keepingTheirs(mine) };
    return ownedPart(newest, mine, acted, 'another run had later work accepted since');
  }
  if (sameWork(newest, mine) && newest.working) return { write: 'whole', record: keepingTheirs(mine) };
  return ownedPart(
    newest,
    mine,
    acted,
    sameWork(newest, mine) ? 'another run recorded the end of this work already' : 'another run recorded newer work since (a newer head or job)',
  );
}

/** Whether `newest` records an acceptance later than `mine`'s. */
function acceptedLater(newest: CommentRecord, mine: CommentRecord): boolean {
  return newest.acceptedAt !== undefined && (mine.acceptedAt === undefined || newest.acceptedAt > mine.acceptedAt);
}

/** What this run owns of a record that moved on: the documentation PR it acted on, written into the newer record; else nothing. */
function ownedPart(newest: CommentRecord, mine: CommentRecord, acted: boolean, why: string): Settled {
  if (!acted) return { write: 'nothing', why };
  return { write: 'tail', record: withDocsPrOf(newest, mine), newestBody: '' };
}

/** `record` with the documentation PR (and the one it supersedes) of `from`. */
function withDocsPrOf(record: CommentRecord, from: CommentRecord): CommentRecord {
  const taken: CommentRecord = { ...record, docsPr: from.docsPr, supersedes: from.supersedes };
  // In the one order of fields a record is read back in, without the ones `from` does not have.
  return normalRecord(taken) ?? taken;
}

/** Records are written by one function, their fields always in one order: their JSON tells them apart. */
export function sameRecord(a: CommentRecord | DocsPrRecord | undefined, b: CommentRecord | DocsPrRecord | undefined): boolean {
  return JSON.stringify(a && normalOf(a)) === JSON.stringify(b && normalOf(b));
}

function normalOf(record: CommentRecord | DocsPrRecord): CommentRecord | DocsPrRecord {
  return 'jobId' in record ? (normalRecord(record) ?? record) : record;
}

export class CodePrComment {
  private commentId: number | undefined;
  private stopped = false;
  /** The record as the comment held it when this run last read or wrote it. */
  private stored: CommentRecord | undefined;
  private body: string | undefined;

  private constructor(
    private readonly github: GitHubApi,
    readonly pullRequest: CommentedPullRequest,
    /** What the comment recorded before this run. */
    readonly earlier: CommentRecord | undefined,
    found: IssueComment | undefined,
    /** The pull request's comments as found: the back-link store reads them too (the action's own documentation PR). */
    readonly comments: readonly IssueComment[],
    private readonly deps: CommentDeps,
    /** The comment's record was there but did not verify: its one notice was given. */
    readonly recordUnverified: boolean,
  ) {
    this.commentId = found?.id;
    this.body = found?.body;
    this.stored = earlier;
  }

  /** The record as this run last read or wrote it. */
  get record(): CommentRecord | undefined {
    return this.stored;
  }

  /** The run's clock, as the comment's times are written by it. */
  nowMs(): number {
    return this.deps.clock.now();
  }

  /**
   * The pull request's comment as the action last left it (or a new one to write). Undefined when
   * the comments cannot be read: one warning, and the run goes on without the comment, since a
   * comment that cannot be found again would be written twice. Cancellation and the step's
   * deadline end the step, as with every GitHub read.
   */
  static async find(github: GitHubApi, pullRequest: CommentedPullRequest, deps: CommentDeps): Promise<CodePrComment | undefined> {
    try {
      return await CodePrComment.read(github, pullRequest, deps);
    } catch (error) {
      if (endsTheStep(error)) throw error;
      deps.logger.warning(
        `Could not read the pull request's comments: ${errorMessage(error)} Going on without the pull-request comment and without reuse-job.`,
      );
      return undefined;
    }
  }

  /**
   * The same, for a run that cannot go on without knowing (a merge queue's gate): a failure to read
   * is thrown, not warned of.
   */
  static async read(github: GitHubApi, pullRequest: CommentedPullRequest, deps: CommentDeps): Promise<CodePrComment> {
    const comments = await github.listComments(pullRequest.number);
    const scope = codePrScope(pullRequest.repository, pullRequest.number);
    const author = deps.author;
    const found = await ourComment(comments, {
      marker: COMMENT_MARKER,
      author: () => (author !== undefined ? Promise.resolve(author) : github.tokenLogin()),
      read: (body) => readRecord(body, deps.seal, scope),
    });
    if (found.found === 'unverified') deps.logger.notice(unverifiedNotice(deps.seal.hasPreviousKey));
    if (found.found === 'verified' && found.sealedWith === 'previous-api-key') {
      deps.logger.info("The pull-request comment's record was sealed under previous-api-key: this run's next write of it seals it under api-key.");
    }
    const earlier = found.found === 'verified' ? found.record : undefined;
    const comment = found.found === 'none' ? undefined : found.comment;
    return new CodePrComment(github, pullRequest, earlier, comment, comments, deps, found.found === 'unverified');
  }

  /** The record line for a record, sealed for this pull request under `api-key`. */
  sealed(record: CommentRecord): string {
    return recordLine(record, this.deps.seal, codePrScope(this.pullRequest.repository, this.pullRequest.number));
  }

  /**
   * Writes the comment as `write` settles against the record read again now. `github`: the client
   * of this write's window (a run's last writes each have one of their own); by default the one the
   * comment was found with. True once written.
   */
  async write(write: CommentWrite, github = this.github): Promise<boolean> {
    if (this.stopped) return false;
    const newest = this.commentId === undefined ? undefined : await this.readAgain(github);
    const settled = settle(this.stored, newest?.record, write);
    if (settled.write === 'nothing') {
      this.deps.logger.info(`The pull-request comment was not written: ${settled.why}.`);
      return false;
    }
    const shown: Settled = settled.write === 'tail' ? { ...settled, newestBody: newest?.body ?? this.body ?? '' } : settled;
    const body = write.render(shown, shown.record && this.sealed(shown.record));
    return this.put(shown.record, body, github, write.stage === 'working' ? ' (working)' : '');
  }

  /**
   * Rewrites the record and the comment's tail from the record and body as GitHub has them now
   * (`command: sync`, the review loop, a run whose status changed without a report of its own):
   * `change` makes this run's record from the newest one and may change only what its caller owns,
   * so what another run wrote since is kept; `render` makes the body from the newest body. Nothing
   * is written when there was no comment with a verified record. True once written.
   */
  async rewrite(
    change: (newest: CommentRecord) => CommentRecord,
    render: (newestBody: string, recordLine: string) => string,
    github = this.github,
  ): Promise<boolean> {
    if (this.stopped || this.commentId === undefined || this.earlier === undefined) return false;
    const newest = await this.readAgain(github);
    const changed = change(newest?.record ?? this.stored ?? this.earlier);
    const record = normalRecord(changed) ?? changed;
    return this.put(record, render(newest?.body ?? this.body ?? '', this.sealed(record)), github, '');
  }

  private async put(record: CommentRecord | undefined, body: string, github: GitHubApi, note: string): Promise<boolean> {
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
      this.body = body;
      this.deps.logger.info(`Pull-request comment ${result}${note}.`);
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

  /**
   * The comment's body and verified record as GitHub has them now (one request: the comment by its
   * ID); undefined when they cannot be read (said at info level: the write goes on with what this
   * run has) or no longer verify.
   */
  private async readAgain(github: GitHubApi): Promise<{ body: string; record: CommentRecord } | undefined> {
    try {
      const ours = await github.comment(this.commentId!);
      const reading = ours && readRecord(ours.body, this.deps.seal, codePrScope(this.pullRequest.repository, this.pullRequest.number));
      return ours && reading?.found === 'verified' ? { body: ours.body, record: reading.record } : undefined;
    } catch (error) {
      // A deadline or a cancellation here belongs to the write's own window: the write that follows says it, once.
      this.deps.logger.info(`Could not read the pull-request comment again before writing it (${errorMessage(error)}); writing what this run knows.`);
      return undefined;
    }
  }
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
 * The documentation repository the newest verified record among a repository's comments names
 * (`command: doctor`, which checks that `docs-token` reaches it): the comments as given (newest
 * first), each record verified for its own pull request. The seal alone decides, whoever wrote the
 * comment: a copy names what the record it copies named, and the doctor only reads.
 */
export function newestDocsRepository(comments: readonly RecentComment[], repository: RepositoryIdentity, seal: RecordSeal): string | undefined {
  for (const comment of comments) {
    const { verified } = verifyingComments([comment], COMMENT_MARKER, (body) => readRecord(body, seal, codePrScope(repository, comment.issueNumber)));
    const named = verified[0]?.record.docsPr?.repository;
    if (named !== undefined) return named;
  }
  return undefined;
}
