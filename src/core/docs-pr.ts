import { decideRecorded, decideReported, type DecideContext } from '../docs-pr/decide.js';
import { stateOfRecord, type DocsPrState, type ReleaseShown } from '../docs-pr/outcome.js';
import type { DocsPrRecord } from '../memory/record.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import type { DocsPrStanding } from '../gate/policy.js';
import { GitHubError } from '../github/api.js';
import { renderDocsPrComment } from '../report/docs-pr-report.js';
import { isCancellation } from '../runtime.js';
import { follows, pullPage, type Core } from './context.js';
import { afterChange, codePrClosed, codePrReopened, linkReported, releaseDocsPr, supersede, type FollowContext, type Following } from './follow.js';
import { endedWell, stoppedBy, type RunRecord } from './record.js';

/**
 * The documentation PR's part of the core: the run's documentation PR decided once
 * (`docs-pr/decide.ts`), and followed (`follow.ts`) where the command asks it to, for every command
 * alike — a waiting run, a sweep, a closed code PR, a reopened one.
 */

/** How the one decision reads the documentation side for this record's pull request. */
export function decideContextOf(record: Pick<RunRecord, 'pullRequest' | 'repository'>, core: Core): DecideContext {
  const { pullRequest, repository } = record;
  return {
    serverUrl: serverUrlFrom(core.env),
    codePr: pullRequest && repository ? { repository: repository.name, number: pullRequest.number, headRef: pullRequest.headRef } : undefined,
    access: pullRequest && repository ? core.docs : undefined,
    logger: core.logger,
    signal: core.signal,
  };
}

/**
 * What the follower acts with, for this record's pull request; undefined when nothing follows
 * (not asked for, no documentation side, off a pull request). A follower acts only where the
 * record has the comment that keeps what it did (a dry run logs what it would do).
 */
export function followContextOf(record: RunRecord, core: Core): FollowContext | undefined {
  const { pullRequest, repository } = record;
  const access = core.docs;
  const code = core.code;
  if (!follows(core.settings) || !access || !code || !pullRequest || !repository) return undefined;
  const codePr = { repository: repository.name, number: pullRequest.number, repositoryId: repository.id };
  const view = { ...codePr, title: pullRequest.title, url: pullPage(core, codePr) };
  const decide = decideContextOf(record, core);
  const publish = core.settings.docsPublish ?? 'on-merge';
  return {
    access,
    codePr,
    renderComment: (stage, nowIso) => renderDocsPrComment(view, stage, nowIso, publish),
    // The identity that writes the code PR's comment: its token's.
    commentAuthor: async () => (await code.read()).tokenLogin(),
    decideRecorded: (earlier) => decideRecorded(earlier, decide),
    seal: core.seal,
    logger: core.logger,
    clock: core.clock,
    signal: core.signal,
    dryRun: core.settings.dryRun,
    linkOnly: !core.settings.followCodePr,
    publish,
    mergeCommit: async () => (await code.read()).mergeCommit(pullRequest.number),
  };
}

/** Ends a phase the follower's state says was interrupted (cancellation, the deadline): the run's outcome says so. */
function interruptedBy(record: RunRecord, following: Following, core: Core): boolean {
  if (following.interrupted === undefined) return false;
  stoppedBy(record, following.interrupted, core.signal);
  return true;
}

/**
 * The docs PR phase, once the job ended: the run's documentation PR decided once from the job's
 * report, then (with a follower) linked and recorded; when it replaces an earlier one, the
 * comment's record names the newer one (`show('docs-pr-linked')`) before the earlier is closed, so
 * a run stopped between the two orphans nothing. A cancellation or the deadline here ends the
 * phase: the run's outcome says so, and the last writes still record what was done.
 */
export async function docsPrPhase(record: RunRecord, core: Core, show: () => Promise<void>): Promise<void> {
  if (!core.docs || !record.pullRequest || core.signal.aborted) return;
  if (record.revising) return revisedDocsPr(record, core);
  if (record.job.outcome === 'pr-opened') await reportedDocsPr(record, core, show);
  // A code PR closed while its job worked (a sweep finishing it): what its `closed` event would have done.
  if (record.finishes && record.pullRequest.action === 'closed' && core.settings.followCodePr && record.comment && !core.signal.aborted) {
    await codePrClosedPhase(record, core, record.pullRequest.merged === true);
  }
}

async function reportedDocsPr(record: RunRecord, core: Core, show: () => Promise<void>): Promise<void> {
  try {
    record.documentationPr = await decideReported(record.job.job, decideContextOf(record, core));
  } catch (error) {
    stoppedBy(record, error, core.signal);
    return;
  }
  const context = followContextOf(record, core);
  if (!context || !record.following || !record.comment) return;
  const before = record.following.supersedes;
  record.following = await linkReported(record.following, record.documentationPr, record.job.jobId, context);
  if (interruptedBy(record, record.following, core)) return;
  const replaces = record.following.supersedes;
  if (!replaces || replaces === before) return;
  await show();
  record.following = await supersede(record.following, record.job.job?.prLink ?? '', context);
  interruptedBy(record, record.following, core);
}

/**
 * A revision's documentation PR (the review loop): the one the code PR's record names, which the
 * revision worked on, decided again once the job ended well (its head moved); nothing is linked.
 */
async function revisedDocsPr(record: RunRecord, core: Core): Promise<void> {
  const recorded = record.comment?.record?.docsPr ?? record.comment?.earlier?.docsPr;
  if (!recorded || !endedWell(record)) return;
  try {
    record.documentationPr = await decideRecorded(recorded, decideContextOf(record, core));
  } catch (error) {
    stoppedBy(record, error, core.signal);
  }
}

/**
 * The prepare phase's part (a new run on an open code PR): an earlier documentation PR a run
 * replaced and was stopped before it closed is closed now; on `reopened`, one this action closed
 * is reopened (only then is it read and checked).
 */
export async function followBeforeTheJob(record: RunRecord, core: Core): Promise<void> {
  const context = followContextOf(record, core);
  const following = record.following;
  if (!context || !following) return;
  const recorded = following.record;
  if (recorded && following.supersedes) {
    record.following = await supersede(following, pullPage(core, recorded), context);
    if (record.following.interrupted !== undefined) throw asError(record.following.interrupted);
  }
  if (recorded && core.settings.followCodePr && record.pullRequest?.action === 'reopened') {
    const decision = recorded.closedByAction ? await decideRecorded(recorded, decideContextOf(record, core)) : { kind: 'none' as const };
    const reopened = await codePrReopened(record.following ?? following, decision, context);
    record.following = reopened;
    if (reopened.interrupted !== undefined) throw asError(reopened.interrupted);
  }
}

/**
 * A code PR closed (its `closed` event, or a sweep that finishes a job whose code PR closed while
 * it worked): the documentation PR the record names, checked by the one decision, is closed (not
 * merged) or told of the merge and marked ready (merged), and an earlier one a run replaced and did
 * not get to close is closed too. Cancellation and the deadline end it, said in the outcome.
 */
export async function codePrClosedPhase(record: RunRecord, core: Core, merged: boolean): Promise<void> {
  const context = followContextOf(record, core);
  if (!context || !record.following) return;
  try {
    const recorded = record.following.record;
    if (recorded && record.following.supersedes) {
      record.following = await supersede(record.following, pullPage(core, recorded), context);
      if (interruptedBy(record, record.following, core)) return;
    }
    record.documentationPr = recorded ? await decideRecorded(recorded, decideContextOf(record, core)) : { kind: 'none' };
    record.following = await codePrClosed(record.following, merged, record.documentationPr, context);
    if (interruptedBy(record, record.following, core)) return;
    record.documentationPr = afterChange(record.documentationPr, record.following);
  } catch (error) {
    if (isCancellation(error, core.signal) || (error instanceof GitHubError && error.kind === 'deadline')) stoppedBy(record, error, core.signal);
    else throw error;
  }
}

/**
 * `command: release`: the documentation PR the code PR's record holds for the release, checked by
 * the one decision, released (`follow.ts` `releaseDocsPr`) as `release`. Cancellation and the
 * deadline end it, said in the outcome; what was done stays in the follower's state for the last
 * writes.
 */
export async function releasePhase(record: RunRecord, core: Core, release: ReleaseShown): Promise<void> {
  const context = followContextOf(record, core);
  const recorded = record.following?.record;
  if (!context || !record.following || !recorded) return;
  try {
    record.documentationPr = await decideRecorded(recorded, decideContextOf(record, core));
    record.following = await releaseDocsPr(record.following, record.documentationPr, release, context);
    interruptedBy(record, record.following, core);
  } catch (error) {
    if (isCancellation(error, core.signal) || (error instanceof GitHubError && error.kind === 'deadline')) stoppedBy(record, error, core.signal);
    else throw error;
  }
}

/** What interrupted a follower function, thrown again as it was (cancellation and the deadline are errors). */
function asError(interrupted: unknown): Error {
  return interrupted instanceof Error ? interrupted : new Error(String(interrupted));
}

/**
 * Where a documentation PR stands, as the comment's line says it, from the standing a run read on
 * GitHub (`sync`): the one map from that model to the states `report/docs-pr-report.ts` puts in
 * words (`docs-pr/outcome.ts` `stateOfRecord` says what the record alone says).
 */
export function stateOfStanding(standing: DocsPrStanding, recorded?: DocsPrRecord): DocsPrState {
  // An open documentation PR held for the release stands as its record says: waiting, released, found ready.
  if (standing === 'open' && recorded?.release) return stateOfRecord(recorded);
  return STATE_OF_STANDING[standing];
}

const STATE_OF_STANDING: Readonly<Record<DocsPrStanding, DocsPrState>> = {
  open: 'linked',
  approved: 'approved',
  merged: 'merged',
  'closed-by-action': 'closed',
  'closed-by-someone': 'left-alone-closed',
};
