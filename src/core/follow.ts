import { RELEASE_LABEL, type DocsPublish } from '../constants.js';
import { docsClientFor, type DocsAccess } from '../docs-pr/access.js';
import type { RunDocsPr } from '../docs-pr/decide.js';
import {
  releaseOfRecord,
  shownOfDecision,
  type DocsPrOutcome,
  type DocsPrShown,
  type DocsPrStage,
  type DocsPrState,
  type ReleaseShown,
} from '../docs-pr/outcome.js';
import { sameRepository } from '../docs-pr/target.js';
import { endsTheStep, GitHubError, pullName, type GitHubApi, type MergeCommit, type PullRef, type PullRequestState } from '../github/api.js';
import { writeBackLink, type BackLinkPlace } from '../memory/back-link.js';
import { boundedTag, type BackLinkRecord, type DocsPrRecord } from '../memory/record.js';
import type { RecordSeal } from '../memory/seal.js';
import { isCancellation, type Clock, type Logger } from '../runtime.js';
import { errorMessage, quotedForLog } from '../text.js';

/**
 * Following the documentation PR (follow-code-pr), as functions over one immutable state: each
 * takes the state and returns the next; the run record holds it (`record.following`), and nothing
 * is ever copied back. The follower acts only on a pull request the one decision
 * (`docs-pr/decide.ts`) found to be the run's documentation PR, or the one the code PR's verified
 * record names, checked by the same decision:
 *
 * - a run whose job reports a documentation PR gives it one comment of its own, the back-link
 *   (`memory/back-link.ts`), linking back to the code PR; a different PR than the record's
 *   supersedes the earlier one (`supersede`, once the code PR's record names the newer one), which
 *   is closed when it is still open;
 * - a code PR closed without merging closes its documentation PR (never its branch); a merged one
 *   marks a draft ready for review and says so in the comment, or with `docs-publish: on-release`
 *   holds it as a draft, labelled, with the merge commit recorded (`holdForRelease`), until a
 *   published release contains that commit (`releaseDocsPr`, by `command: release`);
 * - a reopened code PR reopens the documentation PR only when this action closed it;
 * - a documentation PR already merged or closed by someone else is left as it is.
 *
 * The first write that cannot be done is one warning, and nothing more is tried on the
 * documentation side in this run (a token without access would fail the same way again), but for
 * marking ready for review, which needs a permission of its own. Cancellation and the step's
 * deadline end a function with the state as it stood, `interrupted` naming why: the caller's phase
 * says so, and what was done stays recorded. Nothing here ever merges or deletes a branch.
 */
export interface Following extends DocsPrOutcome {
  /** A write on the documentation side failed: nothing more is tried there in this run. */
  readonly stopped: boolean;
  /** The job whose report this run links: recorded in the back-link. */
  readonly reportedBy: string | undefined;
  /** The back-links this run found or wrote, by `owner/name#number` in lower case: their comments' IDs. */
  readonly backLinks: ReadonlyMap<string, number>;
  /** Cancellation or the step's deadline ended the last function: the caller ends its phase with it. */
  readonly interrupted?: unknown;
}

/** Before anything was done: nothing, and the record's documentation PR as it was. */
export function nothingFollowed(recorded: DocsPrRecord | undefined, supersedes?: DocsPrRecord): Following {
  return {
    action: 'none',
    record: recorded,
    shown: undefined,
    acted: false,
    changed: undefined,
    ...(supersedes ? { supersedes } : {}),
    stopped: false,
    reportedBy: undefined,
    backLinks: new Map(),
  };
}

export interface FollowContext {
  /** How the documentation repository is reached (`docs-token`, or `github-token` in the workflow's own). */
  readonly access: DocsAccess;
  /** The code PR, and its repository's ID: what the back-link records. */
  readonly codePr: { readonly repository: string; readonly number: number; readonly repositoryId: number | undefined };
  /** The visible part of the documentation PR's comment at a stage (`report/docs-pr-report.ts` renders it). */
  readonly renderComment: (stage: DocsPrStage, nowIso: string) => string;
  /** The login of the identity that writes the action's comment on the code PR: recorded in the back-link. */
  readonly commentAuthor: () => Promise<string>;
  /** The one decision (`decide.ts`) of a documentation PR the record names, before it is superseded. */
  readonly decideRecorded: (recorded: DocsPrRecord) => Promise<RunDocsPr>;
  readonly seal: RecordSeal;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly signal: AbortSignal;
  /** A dry run touches nothing on GitHub. */
  readonly dryRun: boolean;
  /** Only the back-link (`docs-status: approved` without follow-code-pr): nothing is ever closed or superseded. */
  readonly linkOnly: boolean;
  /** `docs-publish`: what the code PR's merge does to the documentation PR. */
  readonly publish: DocsPublish;
  /** The code PR's merge commit as GitHub has it now (read only when a merge holds the documentation PR for the release). */
  readonly mergeCommit: () => Promise<MergeCommit | undefined>;
}

/** What a failed request was doing, for the one warning. */
type Doing = 'close' | 'reopen' | 'mark ready for review' | 'comment on' | 'turn back to draft' | 'label' | 'take the label off';

/**
 * One function's way through the state: `now` is the state so far; each step makes a new one. An
 * interruption (cancellation, the deadline) is caught once, in `run`, with the state as it stood.
 */
class Steps {
  constructor(
    public now: Following,
    readonly context: FollowContext,
  ) {}

  set(change: Partial<Following>): void {
    this.now = { ...this.now, ...change };
  }

  /**
   * What the code PR's record names after this, and what the comment and the summary say of it
   * (for one held for the release, what the record says of the release unless `release` says more).
   */
  show(docs: DocsPrRecord | undefined, state: DocsPrState, acted = false, release = docs && releaseOfRecord(docs)): void {
    this.set({
      record: docs,
      shown: docs && { pull: { repository: docs.repository, number: docs.number }, state, ...(release ? { release } : {}) },
      acted: this.now.acted || acted,
    });
  }

  showDecision(kept: DocsPrRecord | undefined, decision: RunDocsPr): void {
    this.set({ record: kept, shown: shownOfDecision(decision) });
  }

  /** Runs one write on the documentation side; a failure is one warning, and (unless `stopsTheRest` is false) nothing more is tried. */
  async attempt<T>(doing: Doing, pull: PullRef, request: () => Promise<T>, stopsTheRest = true): Promise<T | undefined> {
    if (this.now.stopped || this.context.signal.aborted) return undefined;
    try {
      return await request();
    } catch (error) {
      if (isCancellation(error, this.context.signal) || endsTheStep(error)) {
        this.set({ stopped: true });
        throw error;
      }
      if (stopsTheRest) this.set({ stopped: true });
      this.context.logger.warning(`Could not ${doing} documentation PR ${pullName(pull)}: ${whyNot(error, pull, doing)}`);
      return undefined;
    }
  }

  /** Writes (or updates) the documentation PR's back-link comment at a stage; false when it could not. */
  async writeDocsComment(github: GitHubApi, state: PullRequestState, pull: PullRef, stage: DocsPrStage): Promise<boolean> {
    const { codePr, seal, clock } = this.context;
    const key = pullName(pull).toLowerCase();
    const place: BackLinkPlace = { repository: { id: state.repositoryId, name: pull.repository }, number: pull.number };
    const written = await this.attempt('comment on', pull, async () => {
      const backLinkCodePr: BackLinkRecord['codePr'] = {
        repository: codePr.repository,
        number: codePr.number,
        ...(codePr.repositoryId !== undefined ? { repositoryId: codePr.repositoryId } : {}),
      };
      const id = await writeBackLink(github, place, seal, {
        codePr: backLinkCodePr,
        commentAuthor: await this.context.commentAuthor(),
        reportedBy: this.now.reportedBy,
        visible: this.context.renderComment(stage, new Date(clock.now()).toISOString()),
        knownId: this.now.backLinks.get(key),
      });
      this.set({ backLinks: new Map([...this.now.backLinks, [key, id]]) });
      return true;
    });
    return written === true;
  }

  leftAlone(docs: DocsPrRecord, state: PullRequestState, closedByUs: boolean): boolean {
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

  leftAloneAs(docs: DocsPrRecord, state: 'left-alone-merged' | 'left-alone-closed'): void {
    this.context.logger.info(
      `Documentation PR ${pullName(docs)} is already ${state === 'left-alone-merged' ? 'merged' : 'closed by someone else'}: left as it is.`,
    );
    this.show(docs, state);
  }

  /** The recorded documentation PR as the decision found it, with the client that reaches it; else the decision shown. */
  async foundOrShown(docs: DocsPrRecord, decision: RunDocsPr): Promise<{ github: GitHubApi; pull: PullRequestState } | undefined> {
    const github = decision.kind === 'found' && samePull(decision.pull, docs) ? docsClientFor(this.context.access, docs) : undefined;
    if (decision.kind !== 'found' || !github) {
      this.showDecision(docs, decision);
      return undefined;
    }
    return { github: await github, pull: decision.state };
  }

  dryRun(what: string): void {
    this.context.logger.info(`Dry run: ${what}; nothing was changed on GitHub.`);
  }
}

/** Runs a function's steps; an interruption ends it with the state as it stood and why. */
async function run(state: Following, context: FollowContext, body: (steps: Steps) => Promise<void>): Promise<Following> {
  const steps = new Steps({ ...state, interrupted: undefined }, context);
  try {
    await body(steps);
  } catch (error) {
    if (!isCancellation(error, context.signal) && !endsTheStep(error)) throw error;
    return { ...steps.now, interrupted: error };
  }
  return steps.now;
}

/**
 * After the job: the run's documentation PR, as decided, is linked (its back-link) and recorded.
 * One that could not be checked is recorded all the same, so a later run with a token can follow
 * it; a refused one changes nothing. The state's `supersedes` names an earlier documentation PR to
 * close once the code PR's record names the newer one (`supersede`). `jobId`: the job that
 * reported it, which its back-link records.
 */
export function linkReported(state: Following, decision: RunDocsPr, jobId: string | undefined, context: FollowContext): Promise<Following> {
  return run(state, context, async (steps) => {
    if (decision.kind === 'none' || steps.now.stopped || context.signal.aborted) return;
    steps.set({ reportedBy: jobId });
    const earlier = steps.now.record;
    if (decision.kind === 'refused') {
      steps.set({ stopped: true });
      steps.showDecision(earlier, decision);
      return;
    }
    const { pull: target, headRef } = decision;
    const same = earlier !== undefined && sameRepository(earlier.repository, target.repository) && earlier.number === target.number;
    // The repository's ID as GitHub answered it; unchecked, what the record kept of the same PR.
    const repositoryId = decision.kind === 'found' ? decision.state.repositoryId : same ? earlier.repositoryId : undefined;
    const linkAuthor = same ? earlier.linkAuthor : undefined;
    // Held for a release, it stays held (or released) whatever later job reports it again.
    const release = same ? earlier.release : undefined;
    const record: DocsPrRecord = {
      repository: target.repository,
      number: target.number,
      ...(repositoryId !== undefined ? { repositoryId } : {}),
      headRef,
      closedByAction: same ? earlier.closedByAction : false,
      ...(linkAuthor !== undefined ? { linkAuthor } : {}),
      ...(release ? { release } : {}),
    };
    if (context.dryRun) {
      steps.dryRun(`would link documentation PR ${pullName(target)}`);
      return;
    }
    if (decision.kind === 'unchecked') {
      // Recorded for a later run with a token to check before it acts; but never in place of a
      // recorded one this run could not supersede, which would leave that one open and forgotten.
      if (earlier && !same) steps.showDecision(earlier, decision);
      else steps.show(record, 'unchecked', !same);
      return;
    }
    const supersedes = earlier !== undefined && !same && !context.linkOnly;
    if (steps.leftAlone(record, decision.state, record.closedByAction)) {
      // A newer documentation PR merged or closed already still replaces an earlier open one.
      steps.set(supersedes ? { supersedes: earlier } : { supersedes: undefined });
      return;
    }
    const client = docsClientFor(context.access, target);
    const github = client && (await client);
    const linked = github ? await steps.writeDocsComment(github, decision.state, target, { kind: 'linked' }) : false;
    // What this run did before stands (reopened it, superseded an earlier one): linking is the least of them.
    if (linked && steps.now.action === 'none') steps.set({ action: 'linked' });
    if (linked) context.logger.info(`Linked documentation PR ${pullName(target)} to this pull request.`);
    // The back-link's writer, as the code PR's record names it: `command: sync` takes only its back-link.
    const author = linked && github ? await github.tokenLogin() : linkAuthor;
    const linkedRecord: DocsPrRecord = { ...record, ...(author !== undefined ? { linkAuthor: author } : {}) };
    steps.show(linkedRecord, linked ? (steps.now.action === 'reopened' ? 'reopened' : 'linked') : 'not-updated', !same);
    if (linked && supersedes) steps.set({ supersedes: earlier });
  });
}

/**
 * Closes the record's earlier documentation PR (`supersedes`) in favour of the newer one just
 * linked, when it is ours to close: the decision finds it to be the one recorded, and it is still
 * open. Called once the code PR's record names the newer one, so a run stopped here orphans nothing.
 */
export function supersede(state: Following, newerLink: string, context: FollowContext): Promise<Following> {
  return run(state, context, async (steps) => {
    const earlier = steps.now.supersedes;
    const newer = steps.now.record;
    if (!earlier || !newer || steps.now.stopped || context.signal.aborted) return;
    if (!sameRepository(earlier.repository, newer.repository)) {
      steps.set({ supersedes: undefined, stopped: true });
      context.logger.warning(
        `The pull-request comment records documentation PR ${pullName(earlier)}, in another repository than the job's (${newer.repository}): it is left as it is.`,
      );
      return;
    }
    const decision = await context.decideRecorded(earlier);
    // Only a close that failed leaves it for the next run: everything else is an answer.
    if (decision.kind !== 'found') {
      if (decision.kind === 'refused') steps.set({ supersedes: undefined });
      return;
    }
    const pull = decision.state;
    if (pull.merged || pull.state === 'closed') {
      steps.set({ supersedes: undefined });
      context.logger.info(`The earlier documentation PR ${pullName(earlier)} is already ${pull.merged ? 'merged' : 'closed'}: left as it is.`);
      return;
    }
    const client = docsClientFor(context.access, earlier);
    if (!client) return;
    const github = await client;
    const closed = await steps.attempt('close', earlier, () => github.setPullRequestState(earlier.number, 'closed'));
    if (!closed) return;
    steps.set({ supersedes: undefined, action: 'superseded' });
    context.logger.info(
      `Closed the earlier documentation PR ${pullName(earlier)} in favour of ${pullName(newer)}; its branch ${quotedForLog(pull.headRef)} is kept.`,
    );
    const shown: DocsPrShown | undefined = steps.now.shown && { ...steps.now.shown, superseded: pullName(earlier) };
    steps.set({ shown });
    await steps.writeDocsComment(github, pull, earlier, { kind: 'superseded', newer: pullName(newer), newerLink });
  });
}

/** `closed`: merged or not, the recorded documentation PR follows, once the decision found it to be the record's. */
export function codePrClosed(state: Following, merged: boolean, decision: RunDocsPr, context: FollowContext): Promise<Following> {
  return run(state, context, async (steps) => {
    const docs = steps.now.record;
    if (!docs) {
      context.logger.info('No documentation PR is recorded in the pull-request comment: nothing to bring in step.');
      return;
    }
    const holds = merged && context.publish === 'on-release';
    if (context.dryRun) return steps.dryRun(`would ${holds ? 'hold for the release' : merged ? 'mark' : 'close'} documentation PR ${pullName(docs)}`);
    const found = await steps.foundOrShown(docs, decision);
    if (!found) return;
    const { github, pull } = found;
    if (steps.leftAlone(docs, pull, docs.closedByAction)) return;
    if (holds) return holdForRelease(steps, github, pull, docs, context);
    if (merged) {
      // Marking ready needs "Contents: write" besides "Pull requests: write": its failure is its
      // own warning, and the comment, which needs only the latter, is still written.
      const markedReady = pull.draft
        ? (await steps.attempt('mark ready for review', docs, async () => (await github.markReadyForReview(pull.nodeId), true), false)) === true
        : false;
      if (markedReady) steps.set({ action: 'marked-ready' });
      const commented = await steps.writeDocsComment(github, pull, docs, { kind: 'merged', markedReady });
      if (commented && !markedReady) steps.set({ action: 'commented' });
      if (markedReady || commented) {
        context.logger.info(
          `Documentation PR ${pullName(docs)}: the code PR was merged${markedReady ? '; marked ready for review' : '; said so in its comment'}.`,
        );
      }
      steps.show(docs, markedReady ? 'marked-ready' : commented ? 'commented' : 'not-updated', markedReady);
      return;
    }
    const closed = await steps.attempt('close', docs, () => github.setPullRequestState(docs.number, 'closed'));
    if (!closed) return steps.show(docs, 'not-updated');
    steps.set({ action: 'closed', changed: closed });
    context.logger.info(`Closed documentation PR ${pullName(docs)}; its branch ${quotedForLog(pull.headRef)} is kept.`);
    steps.show({ ...docs, closedByAction: true }, 'closed', true);
    await steps.writeDocsComment(github, pull, docs, { kind: 'closed' });
  });
}

/**
 * `docs-publish: on-release`, the code PR merged: the documentation PR (open, the record's) is held
 * for the release — turned back to a draft if it is ready, labelled `waits-for-release` (how
 * `command: release` singles it out), its comment saying which commit it waits for — and the record
 * keeps the merge commit as GitHub gives it now. Once held, it is never turned back to a draft
 * again: one marked ready since is someone's decision, left as it is (the record says so), and one
 * released stays released. A merge commit that cannot be read holds nothing (one warning): a
 * re-run of the event holds it.
 */
async function holdForRelease(steps: Steps, github: GitHubApi, pull: PullRequestState, docs: DocsPrRecord, context: FollowContext): Promise<void> {
  const { logger } = context;
  const held = docs.release;
  if (held?.releasedIn !== undefined) {
    logger.info(`Documentation PR ${pullName(docs)} was released with ${quotedForLog(held.releasedIn)} already: left as it is.`);
    return steps.show(docs, 'released');
  }
  if (held && (held.foundReady || !pull.draft)) {
    logger.info(`Documentation PR ${pullName(docs)} was marked ready for review by hand since it was held for the release: left as it is.`);
    return steps.show({ ...docs, release: { ...held, foundReady: true } }, 'found-ready');
  }
  const merge = held ? { sha: held.mergeCommit, mergedAt: held.mergedAt } : await readMergeCommit(docs, context);
  if (!merge) return steps.show(docs, 'not-updated');
  if (!pull.draft) {
    const drafted = await steps.attempt('turn back to draft', docs, async () => (await github.convertToDraft(pull.nodeId), true), false);
    if (drafted) logger.info(`Documentation PR ${pullName(docs)} was ready for review: turned back to a draft until the release.`);
  }
  const labelled = await steps.attempt('label', docs, async () => (await github.addLabel(docs.number, RELEASE_LABEL), true), false);
  if (!labelled && !steps.now.stopped) {
    logger.warning(
      `command: release finds a documentation PR held for the release by its label ${RELEASE_LABEL}: add it to ${pullName(docs)} by hand, or it is not released.`,
    );
  }
  const record: DocsPrRecord = { ...docs, release: { mergeCommit: merge.sha, ...(merge.mergedAt !== undefined ? { mergedAt: merge.mergedAt } : {}) } };
  steps.set({ action: 'held' });
  await steps.writeDocsComment(github, pull, docs, { kind: 'waits-for-release', mergeCommit: merge.sha });
  logger.info(`Documentation PR ${pullName(docs)}: the code PR was merged as ${merge.sha.slice(0, 7)}; held for the release that contains it.`);
  steps.show(record, 'waits-for-release', true);
}

/** The code PR's merge commit, for a hold; a failure or a pull request GitHub does not say is merged is one warning, and nothing is held. */
async function readMergeCommit(docs: DocsPrRecord, context: FollowContext): Promise<MergeCommit | undefined> {
  let merge: MergeCommit | undefined;
  try {
    merge = await context.mergeCommit();
  } catch (error) {
    if (isCancellation(error, context.signal) || endsTheStep(error)) throw error;
    context.logger.warning(
      `Could not read the code PR's merge commit: ${errorMessage(error)} Documentation PR ${pullName(docs)} is not held for the release; a re-run of this workflow run holds it.`,
    );
    return undefined;
  }
  if (!merge) {
    context.logger.warning(`GitHub does not say the code PR was merged: documentation PR ${pullName(docs)} is left as it is.`);
    return undefined;
  }
  return merge;
}

/**
 * `command: release`: a documentation PR held for the release, which the release contains, found
 * by the one decision to be the record's: marked ready for review, its comment saying which
 * release, its label taken off, and the record saying it was released (with the release's tag).
 * One merged or closed meanwhile, or marked ready by hand, is left as it is — a documentation PR
 * is never released twice, and never merged.
 */
export function releaseDocsPr(state: Following, decision: RunDocsPr, release: ReleaseShown, context: FollowContext): Promise<Following> {
  return run(state, context, async (steps) => {
    const docs = steps.now.record;
    const held = docs?.release;
    if (!docs || !held || held.releasedIn !== undefined || held.foundReady) return;
    if (context.dryRun) return steps.dryRun(`would mark documentation PR ${pullName(docs)} ready for review, released with ${quotedForLog(release.tag)}`);
    const found = await steps.foundOrShown(docs, decision);
    if (!found) return;
    const { github, pull } = found;
    if (steps.leftAlone(docs, pull, docs.closedByAction)) return;
    if (!pull.draft) {
      context.logger.info(`Documentation PR ${pullName(docs)} was marked ready for review by hand before this release: left as it is.`);
      return steps.show({ ...docs, release: { ...held, foundReady: true } }, 'found-ready');
    }
    const marked = await steps.attempt('mark ready for review', docs, async () => (await github.markReadyForReview(pull.nodeId), true));
    if (!marked) return steps.show(docs, 'not-updated');
    const record: DocsPrRecord = { ...docs, release: { ...held, releasedIn: boundedTag(release.tag) } };
    steps.set({ action: 'marked-ready' });
    steps.show(record, 'released', true, { mergeCommit: held.mergeCommit, ...release });
    context.logger.info(`Released documentation PR ${pullName(docs)} with ${quotedForLog(release.tag)}: marked ready for review.`);
    await steps.writeDocsComment(github, pull, docs, { kind: 'released', release });
    await steps.attempt('take the label off', docs, () => github.removeLabel(docs.number, RELEASE_LABEL), false);
  });
}

/** `reopened`, before the run goes on: a documentation PR that this action closed is reopened, once the decision found it. */
export function codePrReopened(state: Following, decision: RunDocsPr, context: FollowContext): Promise<Following> {
  return run(state, context, async (steps) => {
    const docs = steps.now.record;
    if (!docs) return;
    if (!docs.closedByAction) {
      context.logger.info(`Documentation PR ${pullName(docs)} was not closed by this action: not reopened.`);
      return;
    }
    if (context.dryRun) return steps.dryRun(`would reopen documentation PR ${pullName(docs)}`);
    const found = await steps.foundOrShown(docs, decision);
    if (!found) return;
    const { github, pull } = found;
    if (pull.merged) return steps.leftAloneAs(docs, 'left-alone-merged');
    if (pull.state === 'open') {
      context.logger.info(`Documentation PR ${pullName(docs)} is open already.`);
      return steps.show({ ...docs, closedByAction: false }, 'linked', true);
    }
    const reopened = await steps.attempt('reopen', docs, () => github.setPullRequestState(docs.number, 'open'));
    if (!reopened) return steps.show(docs, 'not-updated');
    steps.set({ action: 'reopened', changed: reopened });
    context.logger.info(`Reopened documentation PR ${pullName(docs)} with its code PR.`);
    steps.show({ ...docs, closedByAction: false }, 'reopened', true);
    await steps.writeDocsComment(github, pull, docs, { kind: 'reopened' });
  });
}

/** The decision with where the documentation PR stands after this run's own change of it (closed, reopened). */
export function afterChange(decision: RunDocsPr | undefined, following: Following | undefined): RunDocsPr | undefined {
  const changed = following?.changed;
  return decision?.kind === 'found' && changed ? { ...decision, state: changed } : decision;
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
