import type { AgentRun } from '../agent/run-agent.js';
import { GitHubError, pullName, type GitHubApi, type PullRef, type PullRequestState, type RepoName } from '../github/api.js';
import type { DocsPrAction } from '../constants.js';
import { isApproved } from '../gate/policy.js';
import { newestMarkedBy } from '../memory/ours.js';
import { backLinkLine, DOCS_PR_MARKER, type DocsPrRecord } from '../memory/record.js';
import { docsPrScope, type RecordSeal } from '../memory/seal.js';
import { renderDocsPrComment, type CodePr, type DocsPrStage, type DocsPrState } from '../report/docs-pr-report.js';
import { isCancellation, type Clock, type Logger } from '../runtime.js';
import { errorMessage, forLog, quotedForLog } from '../text.js';
import { pullRequestOfLink, repoName, repositoryOfSource, sameRepository } from './target.js';

/**
 * What following the documentation PR did in this run, for the run record: the `docs-pr-action`
 * output, the documentation PR the code PR's record names now, and what the comment and the
 * summary say of it.
 */
export interface DocsPrOutcome {
  readonly action: DocsPrAction;
  /** The documentation PR the code PR's record names after this run. */
  readonly record: DocsPrRecord | undefined;
  /** What the comment and the summary say of it: which pull request, how it stands, and the one it superseded. */
  readonly shown: DocsPrShown | undefined;
  /**
   * This run acted on the documentation PR (linked a new one, closed, reopened or superseded it):
   * its record stands against what another run recorded meanwhile. Otherwise the newer record wins.
   */
  readonly acted: boolean;
}

export interface DocsPrShown {
  readonly pull: PullRef;
  readonly state: DocsPrState;
  readonly superseded?: string;
}

export interface FollowContext {
  readonly docsToken: string;
  readonly githubToken: string;
  /** The workflow's own repository, `owner/name`: there `github-token` may serve. */
  readonly workflowRepository: string;
  /** The runner's GitHub web address: a PR link elsewhere is not followed. */
  readonly serverUrl: string;
  readonly codePr: CodePr;
  /** A GitHub client for a repository with a token (one per pair). */
  readonly connect: (token: string, repo: RepoName) => Promise<GitHubApi>;
  /** Seals the back-link's record, so that only this action's back-link counts (`pr-comment/seal.ts`). */
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
type Doing = 'read' | 'close' | 'reopen' | 'mark ready for review' | 'comment on' | 'read the reviews of';

/**
 * Keeps the documentation PR in step with its code PR (follow-code-pr), acting only on the PR
 * the code PR comment's verified record names, or that this run's job reported:
 *
 * - a run whose job reports a documentation PR gives it one comment of its own (found again by
 *   its marker and the docs token's identity) linking back to the code PR, with a sealed record
 *   of that code PR; a different PR than the record's closes the earlier one, when it is still
 *   open and the record's;
 * - a code PR closed without merging closes its documentation PR (never its branch); a merged
 *   one marks a draft ready for review and says so in the comment;
 * - a reopened code PR reopens the documentation PR only when this action closed it;
 * - a documentation PR already merged or closed by someone else is left as it is.
 *
 * Before it acts on a documentation PR it checks that PR is the one recorded: in the job's
 * `source.repository`, its head branch the job's `source.ref` (in that repository, not a fork's
 * branch of the same name). A PR that is not is left alone, with one warning.
 *
 * The first thing that cannot be done is one warning, and nothing more is tried on GitHub's
 * documentation side in this run (a token without access would fail the same way again), but for
 * marking ready for review, which needs a permission of its own: the comment is still written.
 * Cancellation stops it without a warning. Nothing here ever merges or deletes a branch.
 */
export class DocsPrFollower {
  private done: DocsPrAction = 'none';
  private stopped = false;
  private shown: DocsPrShown | undefined;
  private acted = false;
  private readonly commentIds = new Map<string, number>();
  /** The state the last failure leaves the documentation PR in, as the code PR's comment says it. */
  private lastState: DocsPrState = 'not-updated';

  /** `recorded`: the documentation PR the code PR's verified record names, if any. */
  constructor(
    private readonly context: FollowContext,
    private recorded: DocsPrRecord | undefined,
  ) {}

  /** What this run did to the documentation PR so far: the run record's part. */
  get outcome(): DocsPrOutcome {
    return { action: this.done, record: this.recorded, shown: this.shown, acted: this.acted };
  }

  /** `closed`: merged or not, the recorded documentation PR follows. */
  async codePrClosed(merged: boolean): Promise<void> {
    const docs = this.recorded;
    if (!docs) {
      this.context.logger.info('No documentation PR is recorded in the pull-request comment: nothing to bring in step.');
      return;
    }
    if (this.context.dryRun) return this.dryRun(`would ${merged ? 'mark' : 'close'} documentation PR ${pullName(docs)}`);
    const state = await this.readRecorded(docs);
    if (!state) return;
    const { github } = state;
    if (this.leftAlone(docs, state.pull, docs.closedByAction)) return;
    if (merged) {
      // Marking ready needs "Contents: write" besides "Pull requests: write": its failure is its
      // own warning, and the comment, which needs only the latter, is still written.
      const markedReady = state.pull.draft
        ? (await this.attempt('mark ready for review', docs, async () => (await github.markReadyForReview(state.pull.nodeId), true), false)) === true
        : false;
      if (markedReady) this.done = 'marked-ready';
      const commented = await this.writeDocsComment(github, docs, { kind: 'merged', markedReady });
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
    this.context.logger.info(`Closed documentation PR ${pullName(docs)}; its branch ${quotedForLog(state.pull.headRef)} is kept.`);
    this.show({ ...docs, closedByAction: true }, 'closed', { acted: true });
    await this.writeDocsComment(github, docs, { kind: 'closed' });
  }

  /** `reopened`, before the run goes on: a documentation PR that this action closed is reopened. */
  async codePrReopened(): Promise<void> {
    const docs = this.recorded;
    if (!docs) return;
    if (!docs.closedByAction) {
      this.context.logger.info(`Documentation PR ${pullName(docs)} was not closed by this action: not reopened.`);
      return;
    }
    if (this.context.dryRun) return this.dryRun(`would reopen documentation PR ${pullName(docs)}`);
    const state = await this.readRecorded(docs);
    if (!state) return;
    const { github, pull } = state;
    if (pull.merged) return this.leftAloneAs(docs, 'left-alone-merged');
    if (pull.state === 'open') {
      this.context.logger.info(`Documentation PR ${pullName(docs)} is open already.`);
      return this.show({ ...docs, closedByAction: false }, 'linked', { acted: true });
    }
    const reopened = await this.attempt('reopen', docs, () => github.setPullRequestState(docs.number, 'open'));
    if (!reopened) return this.show(docs, 'not-updated');
    this.done = 'reopened';
    this.context.logger.info(`Reopened documentation PR ${pullName(docs)} with its code PR.`);
    this.show({ ...docs, closedByAction: false }, 'reopened', { acted: true });
    await this.writeDocsComment(github, docs, { kind: 'reopened' });
  }

  /**
   * After the job: the documentation PR it reports is linked; an earlier one in the record, when
   * it is another PR, is closed in its favour. A reopened documentation PR stays `reopened` in
   * the output unless a newer one replaced it.
   */
  async jobReported(run: AgentRun): Promise<void> {
    const link = run.job?.prLink;
    if (!link || this.stopped || this.context.signal.aborted) return;
    const { logger, serverUrl } = this.context;
    const target = pullRequestOfLink(link, serverUrl);
    if (!target) {
      return this.warn(`The documentation PR link ${forLog(link, 300)} is not a pull request on ${forLog(serverUrl, 200)}: follow-code-pr leaves it alone.`);
    }
    const source = repositoryOfSource(run.job?.source?.repository);
    if (!source || !sameRepository(source, target.repository)) {
      return this.warn(
        source
          ? `The job reports documentation PR ${pullName(target)}, outside the repository it worked on (${source}): follow-code-pr leaves it alone.`
          : `The job reports documentation PR ${pullName(target)} but names no repository it worked on (source.repository): follow-code-pr cannot check that PR is the job's, and leaves it alone.`,
      );
    }
    const headRef = run.job?.source?.ref;
    if (!headRef) {
      return this.warn(
        `The job reports documentation PR ${pullName(target)} but names no branch it worked on (source.ref): follow-code-pr cannot check that PR is the job's, and leaves it alone.`,
      );
    }
    const earlier = this.recorded;
    const same = earlier !== undefined && sameRepository(earlier.repository, target.repository) && earlier.number === target.number;
    const record: DocsPrRecord = { repository: target.repository, number: target.number, headRef, closedByAction: same ? earlier.closedByAction : false };
    if (this.context.dryRun) return this.dryRun(`would link documentation PR ${pullName(target)}`);
    const github = await this.clientFor(target);
    const pull = github && (await this.attempt('read', target, () => github.pullRequest(target.number)));
    if (!github || !pull) {
      // Recorded all the same (unless it does not exist), so that a later run with a token can
      // follow it: that run checks it against the record before it acts. A pull request that does
      // not exist changes nothing, and a newer record another run wrote meanwhile stands.
      const notFound = this.lastState === 'not-found';
      return this.show(notFound ? earlier : record, this.lastState, { shown: target, acted: !notFound && !same });
    }
    if (!this.isRecordedPull(pull, record, 'the job reports')) return this.show(earlier, 'mismatch', { shown: target });
    if (this.leftAlone(record, pull, record.closedByAction)) return;
    const linked = await this.writeDocsComment(github, target, { kind: 'linked' });
    if (linked && this.done !== 'reopened') this.done = 'linked';
    if (linked) logger.info(`Linked documentation PR ${pullName(target)} to this pull request.`);
    const superseded = earlier && !same && !this.context.linkOnly ? await this.supersede(github, earlier, target, link) : false;
    const state = linked ? (this.done === 'reopened' ? 'reopened' : 'linked') : 'not-updated';
    this.show(record, state, { superseded: superseded ? pullName(earlier!) : undefined, acted: !same || superseded });
  }

  /**
   * Whether the reviews of the documentation PR the record names approve it (the documentation
   * gate's `approved`): undefined when there is none, or it cannot be read (one warning).
   */
  async approval(): Promise<{ readonly approved: boolean } | undefined> {
    const docs = this.recorded;
    if (!docs || this.context.dryRun) return undefined;
    const github = await this.clientFor(docs);
    const review = github && (await this.attempt('read the reviews of', docs, () => github.reviewState(docs.number), false));
    return review && { approved: isApproved(review) };
  }

  /** Closes the record's earlier documentation PR in favour of the newer one, when it is ours to close. */
  private async supersede(github: GitHubApi, earlier: DocsPrRecord, newer: PullRef, newerLink: string): Promise<boolean> {
    if (!sameRepository(earlier.repository, newer.repository)) {
      this.warn(
        `The pull-request comment records documentation PR ${pullName(earlier)}, in another repository than the job's (${newer.repository}): it is left as it is.`,
      );
      return false;
    }
    const pull = await this.attempt('read', earlier, () => github.pullRequest(earlier.number));
    if (!pull || !this.isRecordedPull(pull, earlier, 'the pull-request comment records')) return false;
    if (pull.merged || pull.state === 'closed') {
      this.context.logger.info(`The earlier documentation PR ${pullName(earlier)} is already ${pull.merged ? 'merged' : 'closed'}: left as it is.`);
      return false;
    }
    const closed = await this.attempt('close', earlier, () => github.setPullRequestState(earlier.number, 'closed'));
    if (!closed) return false;
    this.done = 'superseded';
    this.context.logger.info(
      `Closed the earlier documentation PR ${pullName(earlier)} in favour of ${pullName(newer)}; its branch ${quotedForLog(pull.headRef)} is kept.`,
    );
    await this.writeDocsComment(github, earlier, { kind: 'superseded', newer: pullName(newer), newerLink });
    return true;
  }

  /**
   * The recorded documentation PR as GitHub has it, with the client that read it, once it is
   * checked against the record; undefined (and the comment says why) when it cannot be read or is
   * not the recorded one.
   */
  private async readRecorded(docs: DocsPrRecord): Promise<{ github: GitHubApi; pull: PullRequestState } | undefined> {
    const github = await this.clientFor(docs);
    const pull = github && (await this.attempt('read', docs, () => github.pullRequest(docs.number)));
    if (!github || !pull) {
      this.show(docs, this.lastState);
      return undefined;
    }
    if (!this.isRecordedPull(pull, docs, 'the pull-request comment records')) {
      this.show(docs, 'mismatch');
      return undefined;
    }
    return { github, pull };
  }

  /**
   * Whether the pull request GitHub shows is the one recorded: its head branch the recorded one
   * (the job's `source.ref`), in the recorded repository. A pull request from a fork with a branch
   * of the same name, or one whose branch changed, is not; it is left alone with one warning.
   */
  private isRecordedPull(pull: PullRequestState, docs: DocsPrRecord, who: string): boolean {
    if (pull.headRef === docs.headRef && pull.headRepository !== undefined && sameRepository(pull.headRepository, docs.repository)) return true;
    const head = `${pull.headRepository ? `${pull.headRepository}:` : 'a deleted fork:'}${pull.headRef}`;
    this.warn(
      `Documentation PR ${pullName(docs)} is not the one ${who}: its head is ${quotedForLog(head)}, not the job's branch ${quotedForLog(`${docs.repository}:${docs.headRef}`)}. It is left as it is.`,
    );
    return false;
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
  private show(
    docs: DocsPrRecord | undefined,
    state: DocsPrState,
    { superseded, shown = docs, acted = false }: { superseded?: string; shown?: PullRef; acted?: boolean } = {},
  ): void {
    this.recorded = docs;
    this.shown = shown && { pull: { repository: shown.repository, number: shown.number }, state, ...(superseded ? { superseded } : {}) };
    this.acted ||= acted;
  }

  /** The client for the documentation PR's repository: `docs-token`, else `github-token` in the workflow's own repository. */
  private async clientFor(pull: PullRef): Promise<GitHubApi | undefined> {
    const { docsToken, githubToken, workflowRepository } = this.context;
    const token = docsToken || (sameRepository(pull.repository, workflowRepository) ? githubToken : '');
    if (!token) {
      this.warn(
        `Documentation PR ${pullName(pull)} is in another repository than this workflow's (${workflowRepository}), which github-token cannot write: give docs-token a token with "Pull requests: write" on ${pull.repository} (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.`,
      );
      return undefined;
    }
    return this.context.connect(token, repoName(pull.repository));
  }

  /**
   * Runs one request on the documentation side; a failure is one warning, and (unless
   * `stopsTheRest` is false) nothing more is tried there in this run.
   */
  private async attempt<T>(doing: Doing, pull: PullRef, request: () => Promise<T>, stopsTheRest = true): Promise<T | undefined> {
    if (this.stopped || this.context.signal.aborted) return undefined;
    try {
      return await request();
    } catch (error) {
      if (stopsTheRest) this.stopped = true;
      if (isCancellation(error, this.context.signal)) {
        this.stopped = true;
        return undefined;
      }
      this.lastState = error instanceof GitHubError && error.status === 404 && doing === 'read' ? 'not-found' : 'not-updated';
      this.context.logger.warning(`Could not ${doing} documentation PR ${pullName(pull)}: ${whyNot(error, pull, doing)}`);
      return undefined;
    }
  }

  /** Writes (or updates) the documentation PR's own comment, with its sealed back-link; false when it could not. */
  private async writeDocsComment(github: GitHubApi, pull: PullRef, stage: DocsPrStage): Promise<boolean> {
    const { codePr, seal, clock } = this.context;
    const body = backLinkCommentBody(codePr, pull, stage, new Date(clock.now()).toISOString(), seal);
    const key = pullName(pull).toLowerCase();
    const written = await this.attempt('comment on', pull, async () => {
      const id = this.commentIds.get(key) ?? (await newestMarkedBy(github, await github.listComments(pull.number), DOCS_PR_MARKER))?.id;
      if (id === undefined) this.commentIds.set(key, await github.createComment(pull.number, body));
      else {
        await github.updateComment(id, body);
        this.commentIds.set(key, id);
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
 * The documentation PR's comment as written: the marker, what the report says, and the sealed
 * record of the code PR it belongs to, sealed for this documentation PR, as its last line.
 */
export function backLinkCommentBody(codePr: CodePr, docsPr: PullRef, stage: DocsPrStage, nowIso: string, seal: RecordSeal): string {
  const record = backLinkLine({ codePr: { repository: codePr.repository, number: codePr.number } }, seal, docsPrScope(docsPr.repository, docsPr.number));
  return `${DOCS_PR_MARKER}\n${renderDocsPrComment(codePr, stage, nowIso)}\n${record}\n`;
}

/** Why a request on the documentation side failed, and what to give: one line. */
function whyNot(error: unknown, pull: PullRef, doing: Doing): string {
  if (error instanceof GitHubError && error.status === 403) {
    const needs =
      doing === 'mark ready for review'
        ? '"Pull requests: write" and "Contents: write"'
        : doing === 'read'
          ? '"Pull requests: read"'
          : '"Pull requests: write"';
    return `GitHub answered 403 (${error.answer ?? 'forbidden'}): docs-token needs ${needs} on ${pull.repository}.`;
  }
  if (error instanceof GitHubError && error.status === 404) {
    return `GitHub answered 404: the pull request was deleted, or the token cannot see ${pull.repository} (a private repository needs docs-token with access to it).`;
  }
  return errorMessage(error);
}
