import { newRun } from '../agent/run-agent.js';
import { Outputs, RELEASE_LABEL, type ReleaseOutcome } from '../constants.js';
import type { Core } from '../core/context.js';
import { releasePhase } from '../core/docs-pr.js';
import { nothingFollowed } from '../core/follow.js';
import { publishPhase } from '../core/publish.js';
import { codePullOf, newRecord, type RunRecord } from '../core/record.js';
import { docsClientFor, noTokenFor } from '../docs-pr/access.js';
import type { ReleaseShown } from '../docs-pr/outcome.js';
import { namesPull, serverUrlFrom } from '../docs-pr/target.js';
import { workflowRepositoryOf } from '../event.js';
import { endsTheStep, pullName, type Release } from '../github/api.js';
import { gitHubClients } from '../github/clients.js';
import type { CommentRecord } from '../memory/record.js';
import { RecordSeal, type RepositoryIdentity } from '../memory/seal.js';
import { renderDocsPrSection } from '../report/docs-pr-report.js';
import { releaseLogLine, renderReleaseSummary, type ReleasedEntry, type ReleaseResult, type ReleaseRow, type ReleaseView } from '../report/release-report.js';
import { isCancellation, Phase } from '../runtime.js';
import type { ReleaseSettings } from '../settings.js';
import { countOf, errorMessage, formatDuration, quotedForLog } from '../text.js';
import { findWaiting, type WaitingDocsPr } from './release/find.js';
import { coreOf, type StepContext, type StepReport } from './step.js';

/** A run releases at most this many documentation PRs, oldest merge first; the rest wait for the next run. */
export const RELEASE_MAX_DOCS_PRS = 100;

/** The actions of a `release` event that publish a release: any other (a draft created, an edit) releases nothing. */
const PUBLISHING_ACTIONS: readonly string[] = ['published', 'released'];

/** What a release run found and did, filled as it goes. */
interface ReleaseRun {
  outcome: ReleaseOutcome;
  release: ReleaseShown | undefined;
  readonly rows: ReleaseRow[];
  readonly released: ReleasedEntry[];
  left: number;
  unreachable: readonly string[];
  reason: string | undefined;
}

/**
 * `command: release` (the contract's *Documentation that ships with the release*), in the code
 * repository's workflow, on `release: published` or any other event (`release-tag`, else the
 * latest release):
 *
 * 1. **The release**, read from GitHub by its tag, never from the payload: published, not a
 *    draft; a prerelease releases nothing (one notice).
 * 2. **The waiting documentation PRs** (`release/find.ts`): labelled `waits-for-release` in the
 *    documentation repositories, and held for a release of this repository by the action's own
 *    records; oldest merge first, at most 100 a run (the rest next run, one notice).
 * 3. **Each one**: marked ready for review, its comment and the code PR's saying which release, its
 *    record saying it was released — when the release's tag contains its merge commit
 *    (`compare/{tag}...{sha}`: `behind` or `identical`), by the core (`core/docs-pr.ts`
 *    `releasePhase`, then the last writes). One the tag does not contain (a release cut from another
 *    branch) keeps waiting; one marked ready by hand, merged or closed meanwhile is left as it is.
 *
 * Never twice: a documentation PR released is no longer labelled, and its record says so; a second
 * run for the same release changes nothing. It never merges a pull request, and sends nothing to
 * the documentation API.
 */
export async function releaseStep(settings: ReleaseSettings, context: StepContext): Promise<StepReport> {
  const { logger } = context;
  const repository = workflowRepositoryOf(context.event, context.env);
  const run: ReleaseRun = { outcome: 'skipped', release: undefined, rows: [], released: [], left: 0, unreachable: [], reason: undefined };
  const finish = (outcome: ReleaseOutcome, reason?: string): StepReport => {
    run.outcome = outcome;
    run.reason = reason ?? run.reason;
    return report(run, context, repository);
  };
  if (!repository) {
    return finish('error', "command: release needs GITHUB_REPOSITORY (owner/name): it releases the documentation PRs of the workflow's repository.");
  }
  if (!settings.githubToken) {
    return finish(
      'error',
      'Input "github-token" is empty: the release command reads the release and writes the code PRs\' comments with it. Leave it at its default (${{ github.token }}) or pass a token with "Contents: read" and "Pull requests: write".',
    );
  }
  const action = typeof context.event.payload.action === 'string' ? context.event.payload.action : '';
  if (settings.release !== 'latest' && settings.release.from === 'event' && !PUBLISHING_ACTIONS.includes(action)) {
    const reason = `The release event is "${action}": only a published release releases documentation PRs. Run this step on release types [published].`;
    logger.notice(reason);
    return finish('skipped', reason);
  }
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const github = gitHubClients(settings, context);
  // The core of each code PR the release comes to: its documentation PR followed, held for the release.
  const core = coreOf(
    { ...settings, followCodePr: true, readerImpact: false, preview: false, docsStatus: 'off', waiveLabel: '', docsPublish: 'on-release' },
    context,
    {
      code: { repository, token: settings.githubToken },
      docs: { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name },
      quiet: true,
    },
    github,
    seal,
  );
  try {
    const release = await logger.phase(Phase.Release, () => readRelease(settings, core, run));
    if (!release) return report(run, context, repository);
    const found = await logger.phase(Phase.Waiting, () =>
      findWaiting(settings.docsRepositories.length > 0 ? settings.docsRepositories : [repository.name], {
        code: { repository, read: () => core.code!.read() },
        docs: (name) => docsClientFor(core.docs!, { repository: name, number: 1 }),
        noToken: (name) => noTokenFor(core.docs!, { repository: name, number: 1 }).replace(/ It was left as it is\.$/, ' Its documentation PRs wait.'),
        seal,
        logger,
        clock: context.clock,
      }),
    );
    run.unreachable = found.unreachable;
    const repositories = settings.docsRepositories.length > 0 ? settings.docsRepositories.length : 1;
    if (found.unreachable.length === repositories) {
      return finish('error', `No documentation repository could be read (${found.unreachable.join(', ')}): the warnings above say what to give.`);
    }
    const waiting = found.waiting.slice(0, RELEASE_MAX_DOCS_PRS);
    run.left = found.waiting.length - waiting.length;
    if (run.left > 0) {
      logger.notice(
        `${countOf(found.waiting.length, 'documentation PR')} wait for a release: this run takes the oldest ${RELEASE_MAX_DOCS_PRS} merges; the ${run.left} newest wait for the next run.`,
      );
    }
    if (found.waiting.length === 0) logger.info('No documentation PR waits for a release of this repository.');
    for (const each of waiting) {
      if (context.signal.aborted) return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
      if (context.clock.now() >= context.deadline.at) {
        logger.warning(`timeout (${formatDuration(settings.timeoutMs)}) ran out: the documentation PRs not looked at yet wait for the next run.`);
        break;
      }
      const stopped = await logger.phase(`Pull request #${each.comment.pullRequest.number}`, () => releaseOne(each, release, core, run));
      if (stopped) return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
    }
  } catch (error) {
    if (isCancellation(error, context.signal) || (endsTheStep(error) && context.signal.aborted)) {
      return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
    }
    return finish('error', endsTheStep(error) ? `timeout (${formatDuration(settings.timeoutMs)}) ran out: ${errorMessage(error)}` : errorMessage(error));
  }
  if (context.signal.aborted) return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
  return finish(run.released.length > 0 ? 'released' : settings.dryRun ? 'dry-run' : 'skipped');
}

/**
 * The release as GitHub has it: by the tag the input or the event names (the payload says which
 * tag, nothing more), else the latest. A tag GitHub has no published release for is the step's
 * error; a draft, a prerelease, or no release yet releases nothing (one notice).
 */
async function readRelease(settings: ReleaseSettings, core: Core, run: ReleaseRun): Promise<ReleaseShown | undefined> {
  const tag = settings.release === 'latest' ? undefined : settings.release.tag;
  let release: Release | undefined;
  try {
    release = await (await core.code!.read()).release(tag);
  } catch (error) {
    if (endsTheStep(error) || isCancellation(error, core.signal)) throw error;
    throw new Error(`Could not read the release ${tag === undefined ? '(the latest)' : quotedForLog(tag)}: ${errorMessage(error)}`, { cause: error });
  }
  const skip = (reason: string): undefined => {
    core.logger.notice(reason);
    run.reason = reason;
    return undefined;
  };
  if (!release) {
    if (tag === undefined) return skip('This repository has no published release yet: no documentation PR is released.');
    throw new Error(
      `GitHub has no published release with the tag ${quotedForLog(tag)} (a draft is not published; a deleted one is gone): no documentation PR is released.`,
    );
  }
  const shown: ReleaseShown = { tag: release.tag, name: release.name, url: releasePage(core, release.tag) };
  run.release = shown;
  if (release.draft) return skip(`The release ${quotedForLog(release.tag)} is still a draft: no documentation PR is released until it is published.`);
  if (release.prerelease) {
    return skip(
      `The release ${quotedForLog(release.tag)} is a prerelease: it releases no documentation PR; they wait for a full release that contains their merge commit.`,
    );
  }
  core.logger.info(`Release ${quotedForLog(release.tag)}, as GitHub has it: published, not a prerelease.`);
  return shown;
}

/**
 * One documentation PR that waits: found ready by hand (the record says so, and it is left as it
 * is), not contained in the release (it keeps waiting), or released by the core: the one decision,
 * marked ready, its comment, the label taken off, then the code PR's comment and record. True when
 * the step was cancelled meanwhile.
 */
async function releaseOne(each: WaitingDocsPr, release: ReleaseShown, core: Core, run: ReleaseRun): Promise<boolean> {
  const { logger } = core;
  const code = core.code!;
  const codePr = pullName({ repository: code.repository.name, number: each.comment.pullRequest.number });
  const docsPr = pullName({ repository: each.docs.repository.name, number: each.docs.number });
  const mergeCommit = each.recorded.release.mergeCommit;
  const row = (result: ReleaseResult): void => {
    run.rows.push({ codePr, docsPr, mergeCommit, result });
    if (result === 'released') run.released.push({ codePr, docsPr, tag: release.tag });
  };
  if (!each.pull.draft) {
    logger.info(`${docsPr} was marked ready for review by hand before a release contained it: left as it is, but for its label.`);
    row('found-ready');
    if (!core.settings.dryRun) {
      await recordFoundReady(each, core);
      await takeWaitingLabelOff(each, core);
    }
    return core.signal.aborted;
  }
  let contained: boolean;
  try {
    const compared = await (await code.read()).compareStatus(release.tag, mergeCommit);
    contained = compared.status === 'behind' || compared.status === 'identical';
  } catch (error) {
    if (endsTheStep(error) || isCancellation(error, core.signal)) throw error;
    logger.warning(
      `Could not tell whether ${quotedForLog(release.tag)} contains ${mergeCommit.slice(0, 7)}, the merge of ${codePr}: ${errorMessage(error)} ${docsPr} keeps waiting.`,
    );
    row('not-released');
    return false;
  }
  if (!contained) {
    logger.info(
      `${quotedForLog(release.tag)} does not contain ${mergeCommit.slice(0, 7)}, the merge of ${codePr} (a release cut from another branch?): ${docsPr} keeps waiting.`,
    );
    row('not-contained');
    return false;
  }
  if (core.settings.dryRun) {
    logger.info(`Dry run: would release ${docsPr} (${codePr} was merged as ${mergeCommit.slice(0, 7)}); nothing was changed on GitHub.`);
    row('would-release');
    return false;
  }
  const record = await codePrRecord(each, core);
  if (!record) {
    row('not-released');
    return false;
  }
  await releasePhase(record, core, release);
  const following = record.following!;
  const result: ReleaseResult =
    following.action === 'marked-ready'
      ? 'released'
      : following.shown?.state === 'found-ready'
        ? 'found-ready'
        : following.shown?.state === 'left-alone-merged' || following.shown?.state === 'left-alone-closed'
          ? 'left-alone'
          : 'not-released';
  row(result);
  const changed = following.record;
  // The code PR's comment says what became of it, and its record keeps it: released, or found ready.
  if (changed?.release && (result === 'released' || result === 'found-ready')) {
    const shown = following.shown!;
    record.tail = {
      docsPrSection: renderDocsPrSection(pullName(shown.pull), shown.state, undefined, shown.release),
      change: withRelease(each, changed.release),
    };
    await publishPhase(record, core);
  }
  return record.job.outcome === 'cancelled' || core.signal.aborted;
}

/** The run record of the code PR a released documentation PR belongs to: the code PR as GitHub has it now (its title for the comments). */
async function codePrRecord(each: WaitingDocsPr, core: Core): Promise<RunRecord | undefined> {
  const code = core.code!;
  let pull;
  try {
    pull = await (await code.read()).pullRequest(each.comment.pullRequest.number);
  } catch (error) {
    if (endsTheStep(error) || isCancellation(error, core.signal)) throw error;
    core.logger.warning(`Could not read code PR #${each.comment.pullRequest.number}: ${errorMessage(error)} Its documentation PR keeps waiting.`);
    return undefined;
  }
  const record = newRecord({
    pullRequest: codePullOf(pull),
    repository: code.repository,
    job: newRun(undefined, '', core.clock.now(), 'synced'),
    comment: each.comment,
  });
  // Only the documentation PR's line of the comment is this run's: the report above it stays as it is.
  record.shows = false;
  record.following = nothingFollowed(each.recorded, each.comment.earlier?.supersedes);
  return record;
}

/** A documentation PR marked ready by hand: the code PR's comment says so, and its record, so no run looks at it again. */
async function recordFoundReady(each: WaitingDocsPr, core: Core): Promise<void> {
  const release = { ...each.recorded.release, foundReady: true as const };
  const record = newRecord({
    pullRequest: undefined,
    repository: core.code!.repository,
    job: newRun(undefined, '', core.clock.now(), 'synced'),
    comment: each.comment,
  });
  record.shows = false;
  record.tail = {
    docsPrSection: renderDocsPrSection(pullName(each.recorded), 'found-ready'),
    change: withRelease(each, release),
  };
  await publishPhase(record, core);
}

/**
 * The label says the documentation PR waits for a release; one marked ready by hand no longer does.
 * Taken off, so that no later release run singles it out and reads it again: the contract's bound is
 * one read per labelled pull request, and telling one found ready from one that waits takes two.
 * A failure is one warning: the next release run finds its record says found ready, and leaves it.
 */
async function takeWaitingLabelOff(each: WaitingDocsPr, core: Core): Promise<void> {
  const docsPr = pullName({ repository: each.docs.repository.name, number: each.docs.number });
  try {
    const github = docsClientFor(core.docs!, { repository: each.docs.repository.name, number: each.docs.number });
    if (!github) return;
    await (await github).removeLabel(each.docs.number, RELEASE_LABEL);
  } catch (error) {
    if (endsTheStep(error) || isCancellation(error, core.signal)) throw error;
    core.logger.warning(`Could not take the label ${RELEASE_LABEL} off ${docsPr}: ${errorMessage(error)} Later release runs read it again, and leave it.`);
  }
}

/** The change of the code PR's newest record this run owns: its documentation PR's release, where it still names that documentation PR. */
function withRelease(each: WaitingDocsPr, release: NonNullable<WaitingDocsPr['recorded']['release']>): (newest: CommentRecord) => CommentRecord {
  return (newest) =>
    newest.docsPr && namesPull(newest.docsPr, each.docs.repository, each.docs.number) ? { ...newest, docsPr: { ...newest.docsPr, release } } : newest;
}

/** A release's page on the runner's GitHub, made by the action from the repository and the tag. */
function releasePage(core: Pick<Core, 'env' | 'code'>, tag: string): string {
  return `${serverUrlFrom(core.env)}/${core.code!.repository.name}/releases/tag/${tag.split('/').map(encodeURIComponent).join('/')}`;
}

function report(run: ReleaseRun, context: StepContext, repository: RepositoryIdentity | undefined): StepReport {
  const requests = context.client.requestCount;
  const server = serverUrlFrom(context.env);
  const view: ReleaseView = {
    outcome: run.outcome,
    release: run.release,
    rows: run.rows,
    left: run.left,
    unreachable: run.unreachable,
    reason: run.reason,
    requests,
    pullUrl: (pull) => {
      const [name = repository?.name ?? '', number = ''] = pull.split('#');
      return `${server}/${name}/pull/${number}`;
    },
  };
  const failed = run.outcome === 'error' || run.outcome === 'cancelled';
  return {
    outputs: {
      [Outputs.Outcome]: run.outcome,
      [Outputs.Released]: JSON.stringify(run.released),
      [Outputs.Requests]: String(requests),
    },
    summary: renderReleaseSummary(view),
    closingLine: releaseLogLine(view),
    ...(failed ? { failure: run.reason ?? `The release step ended: ${run.outcome}.` } : {}),
  };
}
