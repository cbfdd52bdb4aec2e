import type { DocsPrAction } from '../constants.js';
import { endsTheStep, GitHubError, pullName, type GitHubApi, type PullRef, type PullRequestState } from '../github/api.js';
import { newestMarkedBy } from '../memory/ours.js';
import { backLinkLine, DOCS_PR_MARKER, readBackLink, type BackLinkRecord, type DocsPrRecord } from '../memory/record.js';
import { docsPrScope, type RecordSeal } from '../memory/seal.js';
import { isCancellation, type Clock, type Logger } from '../runtime.js';
import { errorMessage, quotedForLog } from '../text.js';
import { docsClientFor, type DocsAccess } from './access.js';
import type { RunDocsPr } from './decide.js';
import { shownOfDecision, type CodePr, type DocsPrOutcome, type DocsPrShown, type DocsPrStage, type DocsPrState } from './outcome.js';
import { sameRepository } from './target.js';

export type { DocsPrOutcome, DocsPrShown } from './outcome.js';

export interface FollowContext {
  /** How the documentation repository is reached (`docs-token`, or `github-token` in the workflow's own). */
  readonly access: DocsAccess;
  /** The code PR, and its repository's ID: what the back-link records. */
  readonly codePr: CodePr & { readonly repositoryId: number | undefined };
  /** The visible part of the documentation PR's comment at a stage (`report/docs-pr-report.ts` renders it). */
  readonly renderComment: (stage: DocsPrStage, nowIso: string) => string;
  /**
   * The login of the identity that writes the action's comment on the code PR: recorded in the
   * back-link, so that `command: sync` takes the code PR's comment from that author only.
   */
  readonly commentAuthor: () => Promise<string>;
  /** The one decision (`decide.ts`) of a documentation PR the record names, before it is superseded. */
  readonly decideRecorded: (recorded: DocsPrRecord) => Promise<RunDocsPr>;
  /** Seals the back-link's record, so that only this action's back-link counts (`memory/seal.ts`). */
  readonly seal: RecordSeal;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly signal: AbortSignal;
  /** A dry run touches nothing on GitHub. */
  readonly dryRun: boolean;
  /**
   * Only the back-link (`docs-status: approved` without follow-code-pr): the documentation PR the
   * job reports gets its comment, which `command: sync` follows, and nothing is ever closed.
   */
  readonly linkOnly?: boolean;
}

/** What a failed request was doing, for the one warning. */
type Doing = 'close' | 'reopen' | 'mark ready for review' | 'comment on';

/**
 * Keeps the documentation PR in step with its code PR (follow-code-pr), acting only on a pull
 * request the one decision (`decide.ts`) found to be the run's documentation PR, or the one the
 * code PR's verified record names, checked by the same decision:
 *
 * - a run whose job reports a documentation PR gives it one comment of its own (found again by
 *   its marker and the docs token's identity) linking back to the code PR, with a sealed record
 *   of that code PR; a different PR than the record's supersedes the earlier one (`supersede`,
 *   once the code PR's record names the newer one), which is closed when it is still open;
 * - a code PR closed without merging closes its documentation PR (never its branch); a merged
 *   one marks a draft ready for review and says so in the comment;
 * - a reopened code PR reopens the documentation PR only when this action closed it;
 * - a documentation PR already merged or closed by someone else is left as it is.
 *
 * The first write that cannot be done is one warning, and nothing more is tried on GitHub's
 * documentation side in this run (a token without access would fail the same way again), but for
 * marking ready for review, which needs a permission of its own: the comment is still written.
 * Cancellation and the step's deadline stop it without a warning: the caller's phase ends, and
 * what was done stays recorded. Nothing here ever merges or deletes a branch.
 */
export class DocsPrFollower {
  private done: DocsPrAction = 'none';
  private stopped = false;
  private shown: DocsPrShown | undefined;
  private acted = false;
  private changed: PullRequestState | undefined;
  /** The documentation PRs' comments this run found or wrote, by `owner/name#number`: their IDs and back-links. */
  private readonly comments = new Map<string, { readonly id: number; readonly backLink: BackLinkRecord | undefined }>();
  /** The record's documentation PR before this run linked another: the one `supersede` closes. */
  private replaced: DocsPrRecord | undefined;
  /** The job whose report this run links: recorded in the back-link. */
  private reportedBy: string | undefined;

  /**
   * `recorded`: the documentation PR the code PR's verified record names, if any; `replacing`: an
   * earlier one the record says it replaced and that is not closed yet (a run stopped between the
   * two): `supersede` closes it.
   */
  constructor(
    private readonly context: FollowContext,
    private recorded: DocsPrRecord | undefined,
    replacing?: DocsPrRecord,
  ) {
    this.replaced = replacing;
  }

  /** What this run did to the documentation PR so far: the run record's part. */
  get outcome(): DocsPrOutcome {
    return {
      action: this.done,
      record: this.recorded,
      shown: this.shown,
      acted: this.acted,
      changed: this.changed,
      ...(this.replaced ? { supersedes: this.replaced } : {}),
    };
  }

  /** `closed`: merged or not, the recorded documentation PR follows, once the decision found it to be the record's. */
  async codePrClosed(merged: boolean, decision: RunDocsPr): Promise<void> {
    const docs = this.recorded;
    if (!docs) {
      this.context.logger.info('No documentation PR is recorded in the pull-request comment: nothing to bring in step.');
      return;
    }
    if (this.context.dryRun) return this.dryRun(`would ${merged ? 'mark' : 'close'} documentation PR ${pullName(docs)}`);
    const found = await this.foundOrShown(docs, decision);
    if (!found) return;
    const { github, pull } = found;
    if (this.leftAlone(docs, pull, docs.closedByAction)) return;
    if (merged) {
      // Marking ready needs "Contents: write" besides "Pull requests: write": its failure is its
      // own warning, and the comment, which needs only the latter, is still written.
      const markedReady = pull.draft
        ? (await this.attempt('mark ready for review', docs, async () => (await github.markReadyForReview(pull.nodeId), true), false)) === true
        : false;
      if (markedReady) this.done = 'marked-ready';
      const commented = await this.writeDocsComment(github, pull, docs, { kind: 'merged', markedReady });
      if (commented && !markedReady) this.done = 'commented';
      if (markedReady || commented) {
        this.context.logger.info(
          `Documentation PR ${pullName(docs)}: the code PR was merged${markedReady ? '; marked ready for review' : '; said so in its comment'}.`,
        );
      }
      return this.show(docs, markedReady ? 'marked-ready' : commented ? 'commented' : 'not-updated', { acted: markedReady });
    }
    const closed = await this.attempt('close', docs, () => github.setPullRequestState(docs.number, 'closed'));
    if (!closed) return this.show(docs, 'not-updated');
    this.done = 'closed';
    this.changed = closed;
    this.context.logger.info(`Closed documentation PR ${pullName(docs)}; its branch ${quotedForLog(pull.headRef)} is kept.`);
    this.show({ ...docs, closedByAction: true }, 'closed', { acted: true });
    await this.writeDocsComment(github, pull, docs, { kind: 'closed' });
  }

  /** `reopened`, before the run goes on: a documentation PR that this action closed is reopened, once the decision found it. */
  async codePrReopened(decision: RunDocsPr): Promise<void> {
    const docs = this.recorded;
    if (!docs) return;
    if (!docs.closedByAction) {
      this.context.logger.info(`Documentation PR ${pullName(docs)} was not closed by this action: not reopened.`);
      return;
    }
    if (this.context.dryRun) return this.dryRun(`would reopen documentation PR ${pullName(docs)}`);
    const found = await this.foundOrShown(docs, decision);
    if (!found) return;
    const { github, pull } = found;
    if (pull.merged) return this.leftAloneAs(docs, 'left-alone-merged');
    if (pull.state === 'open') {
      this.context.logger.info(`Documentation PR ${pullName(docs)} is open already.`);
      return this.show({ ...docs, closedByAction: false }, 'linked', { acted: true });
    }
    const reopened = await this.attempt('reopen', docs, () => github.setPullRequestState(docs.number, 'open'));
    if (!reopened) return this.show(docs, 'not-updated');
    this.done = 'reopened';
    this.changed = reopened;
    this.context.logger.info(`Reopened documentation PR ${pullName(docs)} with its code PR.`);
    this.show({ ...docs, closedByAction: false }, 'reopened', { acted: true });
    await this.writeDocsComment(github, pull, docs, { kind: 'reopened' });
  }

  /**
   * After the job: the run's documentation PR, as decided, is linked (its comment, with the
   * sealed back-link) and recorded. One that could not be checked is recorded all the same, so a
   * later run with a token can follow it (that run checks it before it acts); a refused one
   * changes nothing. True when an earlier documentation PR in the record is to be superseded: the
   * caller first has the code PR's record name the newer one, then calls `supersede`. `jobId`: the
   * job that reported it, which its back-link records (the review loop sends reviews to it).
   */
  async linkReported(decision: RunDocsPr, jobId?: string): Promise<boolean> {
    if (decision.kind === 'none' || this.stopped || this.context.signal.aborted) return false;
    this.reportedBy = jobId;
    const earlier = this.recorded;
    if (decision.kind === 'refused') {
      this.stopped = true;
      this.showDecision(earlier, decision);
      return false;
    }
    const { pull: target, headRef } = decision;
    const same = earlier !== undefined && sameRepository(earlier.repository, target.repository) && earlier.number === target.number;
    // The repository's ID as GitHub answered it; unchecked, what the record kept of the same PR.
    const repositoryId = decision.kind === 'found' ? decision.state.repositoryId : same ? earlier.repositoryId : undefined;
    const record: DocsPrRecord = {
      repository: target.repository,
      number: target.number,
      ...(repositoryId !== undefined ? { repositoryId } : {}),
      headRef,
      closedByAction: same ? earlier.closedByAction : false,
    };
    if (this.context.dryRun) {
      this.dryRun(`would link documentation PR ${pullName(target)}`);
      return false;
    }
    if (decision.kind === 'unchecked') {
      // Recorded for a later run with a token to check before it acts; but never in place of a
      // recorded one this run could not supersede, which would leave that one open and forgotten.
      if (earlier && !same) {
        this.showDecision(earlier, decision);
        return false;
      }
      this.show(record, 'unchecked', { acted: !same });
      return false;
    }
    const supersedes = earlier !== undefined && !same && !this.context.linkOnly;
    if (this.leftAlone(record, decision.state, record.closedByAction)) {
      // A newer documentation PR merged or closed already still replaces an earlier open one.
      this.replaced = supersedes ? earlier : undefined;
      return supersedes;
    }
    const github = docsClientFor(this.context.access, target);
    const linked = github ? await this.writeDocsComment(await github, decision.state, target, { kind: 'linked' }) : false;
    // What this run did before stands (reopened it, superseded an earlier one): linking is the least of them.
    if (linked && this.done === 'none') this.done = 'linked';
    if (linked) this.context.logger.info(`Linked documentation PR ${pullName(target)} to this pull request.`);
    this.show(record, linked ? (this.done === 'reopened' ? 'reopened' : 'linked') : 'not-updated', { acted: !same });
    if (!linked || !supersedes) return false;
    this.replaced = earlier;
    return true;
  }

  /**
   * Closes the record's earlier documentation PR in favour of the newer one just linked, when it
   * is ours to close: the decision finds it to be the one recorded, and it is still open. Called
   * once the code PR's record names the newer one, so a run stopped here orphans nothing.
   */
  async supersede(newerLink: string): Promise<void> {
    const earlier = this.replaced;
    const newer = this.recorded;
    if (!earlier || !newer || this.stopped || this.context.signal.aborted) return;
    if (!sameRepository(earlier.repository, newer.repository)) {
      this.replaced = undefined;
      this.warn(
        `The pull-request comment records documentation PR ${pullName(earlier)}, in another repository than the job's (${newer.repository}): it is left as it is.`,
      );
      return;
    }
    const decision = await this.context.decideRecorded(earlier);
    // Only a close that failed leaves it for the next run: everything else is an answer.
    if (decision.kind !== 'found') {
      if (decision.kind === 'refused') this.replaced = undefined;
      return;
    }
    const pull = decision.state;
    if (pull.merged || pull.state === 'closed') {
      this.replaced = undefined;
      this.context.logger.info(`The earlier documentation PR ${pullName(earlier)} is already ${pull.merged ? 'merged' : 'closed'}: left as it is.`);
      return;
    }
    const client = docsClientFor(this.context.access, earlier);
    if (!client) return;
    const github = await client;
    const closed = await this.attempt('close', earlier, () => github.setPullRequestState(earlier.number, 'closed'));
    if (!closed) return;
    this.replaced = undefined;
    this.done = 'superseded';
    this.context.logger.info(
      `Closed the earlier documentation PR ${pullName(earlier)} in favour of ${pullName(newer)}; its branch ${quotedForLog(pull.headRef)} is kept.`,
    );
    this.shown = this.shown && { ...this.shown, superseded: pullName(earlier) };
    await this.writeDocsComment(github, pull, earlier, { kind: 'superseded', newer: pullName(newer), newerLink });
  }

  /**
   * The recorded documentation PR as the decision found it, with the client that reaches it; or
   * undefined, and the comment says what the decision found instead (it warned already).
   */
  private async foundOrShown(docs: DocsPrRecord, decision: RunDocsPr): Promise<{ github: GitHubApi; pull: PullRequestState } | undefined> {
    // Only a decision about the recorded pull request speaks for it; the decision reached it, so a token does.
    const github = decision.kind === 'found' && samePull(decision.pull, docs) ? docsClientFor(this.context.access, docs) : undefined;
    if (decision.kind !== 'found' || !github) {
      // Nothing was written: a later documentation PR of this run is still linked.
      this.showDecision(docs, decision);
      return undefined;
    }
    return { github: await github, pull: decision.state };
  }

  /** What the record keeps and the comment says after a decision that found no documentation PR to act on. */
  private showDecision(kept: DocsPrRecord | undefined, decision: RunDocsPr): void {
    const shown = shownOfDecision(decision);
    this.recorded = kept;
    this.shown = shown;
  }

  /**
   * A documentation PR merged already, or closed by someone else (`closedByUs` false), is left as
   * it is and said so; one this action closed is left closed too (`closedByUs` true).
   */
  private leftAlone(docs: DocsPrRecord, state: PullRequestState, closedByUs: boolean): boolean {
    if (state.merged) {
      this.leftAloneAs(docs, 'left-alone-merged');
      return true;
    }
    if (state.state !== 'closed') return false;
    if (closedByUs) {
      this.context.logger.info(`Documentation PR ${pullName(docs)} is closed already (by this action).`);
      this.show(docs, 'closed');
    } else {
      this.leftAloneAs({ ...docs, closedByAction: false }, 'left-alone-closed');
    }
    return true;
  }

  private leftAloneAs(docs: DocsPrRecord, state: 'left-alone-merged' | 'left-alone-closed'): void {
    this.context.logger.info(
      `Documentation PR ${pullName(docs)} is already ${state === 'left-alone-merged' ? 'merged' : 'closed by someone else'}: left as it is.`,
    );
    this.show(docs, state);
  }

  private dryRun(what: string): void {
    this.context.logger.info(`Dry run: ${what}; nothing was changed on GitHub.`);
  }

  /** What the code PR's record names after this, and what the comment and the summary say of it. */
  private show(docs: DocsPrRecord | undefined, state: DocsPrState, { acted = false }: { acted?: boolean } = {}): void {
    this.recorded = docs;
    this.shown = docs && { pull: { repository: docs.repository, number: docs.number }, state };
    this.acted ||= acted;
  }

  /**
   * Runs one write on the documentation side; a failure is one warning, and (unless
   * `stopsTheRest` is false) nothing more is tried there in this run.
   */
  private async attempt<T>(doing: Doing, pull: PullRef, request: () => Promise<T>, stopsTheRest = true): Promise<T | undefined> {
    if (this.stopped || this.context.signal.aborted) return undefined;
    try {
      return await request();
    } catch (error) {
      if (stopsTheRest) this.stopped = true;
      // Cancellation and the step's deadline end the phase, which records what was done.
      if (isCancellation(error, this.context.signal) || endsTheStep(error)) {
        this.stopped = true;
        throw error;
      }
      this.context.logger.warning(`Could not ${doing} documentation PR ${pullName(pull)}: ${whyNot(error, pull, doing)}`);
      return undefined;
    }
  }

  /**
   * Writes (or updates) the documentation PR's own comment, with its sealed back-link (bound to
   * the documentation repository's ID as GitHub answered it); false when it could not.
   */
  private async writeDocsComment(github: GitHubApi, state: PullRequestState, pull: PullRef, stage: DocsPrStage): Promise<boolean> {
    const { codePr, seal, clock } = this.context;
    const key = pullName(pull).toLowerCase();
    const docsPr = { id: state.repositoryId, name: pull.repository, number: pull.number };
    const written = await this.attempt('comment on', pull, async () => {
      const commentAuthor = await this.context.commentAuthor();
      // The comment is read once a run; what its back-link recorded of the same code PR (its job, the
      // reviews the review loop sent) stays: only the job this run links replaces the job.
      const known = this.comments.get(key);
      const ours = known ? undefined : await newestMarkedBy(github, await github.listComments(pull.number), DOCS_PR_MARKER);
      const kept = known ? known.backLink : ours && keptOfBackLink(ours.body, docsPr, codePr, seal);
      const jobId = this.reportedBy ?? kept?.jobId;
      const backLink: BackLinkRecord = {
        codePr: { repository: codePr.repository, number: codePr.number, ...(codePr.repositoryId !== undefined ? { repositoryId: codePr.repositoryId } : {}) },
        commentAuthor,
        ...(jobId !== undefined ? { jobId } : {}),
        ...(kept?.reviewsSent ? { reviewsSent: kept.reviewsSent } : {}),
      };
      const visible = this.context.renderComment(stage, new Date(clock.now()).toISOString());
      const body = backLinkCommentBody(visible, backLink, docsPr, seal);
      const id = known?.id ?? ours?.id;
      if (id === undefined) this.comments.set(key, { id: await github.createComment(pull.number, body), backLink });
      else {
        await github.updateComment(id, body);
        this.comments.set(key, { id, backLink });
      }
      return true;
    });
    return written === true;
  }

  private warn(message: string): void {
    this.stopped = true;
    this.context.logger.warning(message);
  }
}

/**
 * The documentation PR's comment as written: the marker, what the report says (`visible`), and the
 * sealed record of the code PR it belongs to, sealed for this documentation PR (its repository's
 * ID), as its last line.
 */
export function backLinkCommentBody(
  visible: string,
  backLink: BackLinkRecord,
  docsPr: { readonly id: number | undefined; readonly name: string; readonly number: number },
  seal: RecordSeal,
): string {
  const record = backLinkLine(backLink, seal, docsPrScope({ id: docsPr.id, name: docsPr.name }, docsPr.number));
  return `${DOCS_PR_MARKER}\n${visible.replace(/\n$/, '')}\n${record}\n`;
}

/** What a back-link already on the documentation PR recorded of this code PR (verified, sealed for that pull request), or nothing. */
function keptOfBackLink(
  body: string,
  docsPr: { readonly id: number | undefined; readonly name: string; readonly number: number },
  codePr: PullRef,
  seal: RecordSeal,
): BackLinkRecord | undefined {
  const reading = readBackLink(body, seal, docsPrScope({ id: docsPr.id, name: docsPr.name }, docsPr.number));
  if (reading.found !== 'verified' || !samePull(reading.record.codePr, codePr)) return undefined;
  return reading.record;
}

function samePull(a: PullRef, b: PullRef): boolean {
  return sameRepository(a.repository, b.repository) && a.number === b.number;
}

/** Why a request on the documentation side failed, and what to give: one line. */
function whyNot(error: unknown, pull: PullRef, doing: Doing): string {
  if (error instanceof GitHubError && error.status === 403) {
    const needs = doing === 'mark ready for review' ? '"Pull requests: write" and "Contents: write"' : '"Pull requests: write"';
    return `GitHub answered 403 (${error.answer ?? 'forbidden'}): docs-token needs ${needs} on ${pull.repository}.`;
  }
  if (error instanceof GitHubError && error.status === 404) {
    return `GitHub answered 404: the pull request was deleted, or the token cannot see ${pull.repository} (a private repository needs docs-token with access to it).`;
  }
  return errorMessage(error);
}
