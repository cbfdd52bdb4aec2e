import { newRun } from '../agent/run-agent.js';
import { GATE_CONTEXT, Outputs, type DocsPrAction } from '../constants.js';
import type { Core } from '../core/context.js';
import { decideContextOf, stateOfStanding } from '../core/docs-pr.js';
import { gatePhase } from '../core/gate.js';
import { publishPhase } from '../core/publish.js';
import { codePullOf, newRecord, type RunRecord } from '../core/record.js';
import { decideRecorded, type RunDocsPr } from '../docs-pr/decide.js';
import { releaseOfRecord, shownOfDecision } from '../docs-pr/outcome.js';
import { namesPull, repoName, sameRepository } from '../docs-pr/target.js';
import { workflowRepositoryOf } from '../event.js';
import type { DocsPrStanding } from '../gate/policy.js';
import { emptyGitHubToken } from '../github/calls.js';
import { gitHubClients, type ConnectGitHub } from '../github/clients.js';
import { pullName, type GitHubApi, type RepoName } from '../github/api.js';
import { firstBackLink, ourBackLink } from '../memory/back-link.js';
import { CodePrComment, unverifiedBackLinkNotice } from '../memory/code-pr-comment.js';
import { hasJob, type CommentRecord, type DocsPrRecord, type JobRecord } from '../memory/record.js';
import { RecordSeal, type RepositoryIdentity } from '../memory/seal.js';
import { agentOutputs, renderAgentSummary } from '../report/agent-report.js';
import { renderDocsPrSection } from '../report/docs-pr-report.js';
import { failureLine } from '../report/failure.js';
import { renderSyncSummary, type SyncView } from '../report/sync-report.js';
import { isCancellation, Phase } from '../runtime.js';
import type { SyncSettings } from '../settings.js';
import { errorMessage, idForLog } from '../text.js';
import { newRevisionView, reviewLoop, reviewOfEvent } from './sync/review-loop.js';
import type { CodeSide, DocsSide } from './sync/sides.js';
import { LastWrites } from '../core/last-writes.js';
import { coreOf, type StepContext, type StepReport } from './step.js';
import { verdictOf } from './verdict.js';

/** What a sync run found and did, filled as it goes. */
type SyncRun = { -readonly [K in keyof SyncView]: SyncView[K] };

/** A GitHub client for a token and a repository, held to the step's deadline. */
type Connect = (token: string, repo: RepoName) => Promise<GitHubApi>;

/**
 * `command: sync`, on a documentation PR's own events (a review submitted or dismissed; the pull
 * request closed, reopened or pushed to), in the documentation repository's workflow or in the
 * same workflow as the code: it finds the code PR through this action's back-link on the
 * documentation PR (`memory/back-link.ts`), and brings the code PR in step with the core — the
 * `documentation` status on the code PR's current head by the one judge (`core/gate.ts`), and the
 * documentation PR's state in the code PR's comment by the last writes (`core/publish.ts`). No job,
 * and no request to the documentation API unless the review loop sends a review.
 *
 * It believes GitHub, not the event: the event only says which documentation PR to look at (a
 * re-run replays an old payload, and events arrive late). Without the action's back-link, or when
 * the code PR's record names another documentation PR, it does nothing (outcome `skipped`). While
 * the record says a job is at work on the code PR's head, that head's `pending` stays: only the
 * comment's documentation PR line is brought up to date.
 */
export async function syncStep(settings: SyncSettings, context: StepContext): Promise<StepReport> {
  const number = docsPullNumberOf(context.event);
  const repository = workflowRepositoryOf(context.event, context.env);
  const run: SyncRun = {
    outcome: 'synced',
    docsPr: number !== undefined ? `${repository?.name ?? ''}#${number}` : (repository?.name ?? ''),
    codePr: undefined,
    standing: undefined,
    state: undefined,
    gate: undefined,
    held: false,
    written: undefined,
    commentUpdated: false,
    reason: undefined,
    revision: undefined,
  };
  const github = gitHubClients(settings, context);
  const connect: Connect = (token, repo) => github(token, repo, context.deadline.at);
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const reviewId = reviewOfEvent(settings, context.event);
  run.revision = reviewId !== undefined ? newRevisionView(reviewId, settings.reviewLoopMax) : undefined;
  let judged: { record: RunRecord; core: Core } | undefined;
  let revised = false;
  try {
    if (number === undefined || !repository)
      throw new Error('The event names no pull request, or GITHUB_REPOSITORY is not set: there is no documentation PR to sync.');
    if (!settings.githubToken) throw new Error(emptyTokenLine(settings));
    const sides = await context.logger.phase(Phase.DocsPr, () => findSides(settings, context, connect, seal, repository, number, run));
    const core = sides && coreForCodePr(settings, context, sides.code, repository, github, seal);
    const revision = run.revision;
    if (sides && core && revision) {
      const lastWrites = new LastWrites(settings, context);
      const docsLastWrite = (): Promise<GitHubApi> => lastWrites.client(settings.githubToken, repoName(repository.name));
      revised =
        (await context.logger.phase(Phase.Review, () => reviewLoop({ settings, context, core, connect, docsLastWrite }, sides.docs, sides.code, revision))) ===
        'sent';
    }
    // A dry run that found its code PR (a review loop's reads on to show its message) changes nothing.
    if (settings.dryRun) {
      if (run.outcome === 'synced') run.outcome = 'dry-run';
    } else if (sides && core && !revised) {
      // A review that was not sent leaves the sync as without the loop: the status and comment brought in step.
      judged = { core, record: await context.logger.phase(Phase.Gate, () => judge(core, sides.code, run)) };
    }
  } catch (error) {
    run.outcome = isCancellation(error, context.signal) ? 'cancelled' : 'error';
    run.reason = run.outcome === 'cancelled' ? 'Cancelled while bringing the code PR in step.' : errorMessage(error);
  }
  // Cancelled after it judged: the last writes still say what it found, within the cancellation's window.
  if (!revised && judged && run.state !== undefined && (run.outcome === 'synced' || run.outcome === 'cancelled')) {
    const { core, record } = judged;
    run.commentUpdated = await context.logger.phase(Phase.Publish, () => publishPhase(record, core));
    run.written = record.gateWritten;
  }
  if (revised && run.outcome === 'synced') run.outcome = context.signal.aborted ? 'cancelled' : 'revised';
  // The review was not sent, and said why (one notice): the run's outcome says it was skipped.
  if (run.revision?.notSent && run.outcome === 'synced') {
    run.outcome = 'skipped';
    run.reason = 'The review was not sent to the agent: the notice above says why.';
  }
  return report(run, context, settings);
}

/**
 * The core for the code PR a sync run brings in step: the code repository with `code-token` (or
 * `github-token` in one repository), the documentation side (the workflow's own repository) with
 * `github-token`; reader impact where the code PR's comment shows it.
 */
function coreForCodePr(
  settings: SyncSettings,
  context: StepContext,
  code: CodeSide,
  repository: RepositoryIdentity,
  github: ConnectGitHub,
  seal: RecordSeal,
): Core {
  const coreSettings = { ...settings, followCodePr: false, readerImpact: code.earlier.impact !== undefined, preview: false };
  return coreOf(
    coreSettings,
    context,
    {
      code: { repository: code.repository, token: code.token },
      docs: { docsToken: '', workflowToken: settings.githubToken, workflowRepository: repository.name },
    },
    github,
    seal,
  );
}

/**
 * The back-link on the documentation PR (any that verifies leads to its code PR), then the code PR
 * it names as GitHub has it now and the action's comment there (written by the identity the
 * back-link names), whose record must name this documentation PR; then the action's back-link by
 * the one rule of "ours": by the author the code PR's record names (a copy by anyone else is never
 * it). Undefined, with the run `skipped` or `dry-run`, when the run stops there.
 */
async function findSides(
  settings: SyncSettings,
  context: StepContext,
  connect: Connect,
  seal: RecordSeal,
  repository: RepositoryIdentity,
  number: number,
  run: SyncRun,
): Promise<{ code: CodeSide; docs: DocsSide } | undefined> {
  const { logger } = context;
  const place = { repository, number };
  const comments = await (await connect(settings.githubToken, repoName(repository.name))).listComments(number);
  const first = firstBackLink(comments, place, seal);
  if (first.found === 'unverified') return skip(run, logger, unverifiedBackLinkNotice(seal.hasPreviousKey));
  if (first.found === 'none') {
    return skip(
      run,
      logger,
      `This pull request carries no back-link of this action's that verifies: it documents no code PR the action follows, so there is nothing to bring in step.`,
    );
  }
  const led = first.record.record;
  const codePr = led.codePr;
  run.codePr = pullName(codePr);
  const token = settings.codeToken || (sameRepository(codePr.repository, repository.name) ? settings.githubToken : '');
  if (!token) {
    throw new Error(
      `The code PR ${run.codePr} is in another repository than this workflow's (${repository.name}): give code-token a token with "Commit statuses: write" and "Pull requests: write" on ${codePr.repository}, e.g. from actions/create-github-app-token.`,
    );
  }
  // A dry run of the review loop reads on, to show the message it would send; any other stops here.
  if (settings.dryRun && !run.revision) {
    run.outcome = 'dry-run';
    logger.info(`Dry run: would bring code PR ${run.codePr} in step; nothing was changed on GitHub.`);
    return undefined;
  }
  const repo = repoName(codePr.repository);
  const codeGitHub = await connect(token, repo);
  const pull = await codeGitHub.pullRequest(codePr.number);
  const codeRepository = { id: codePr.repositoryId ?? pull.repositoryId, name: codePr.repository };
  // The action's comment is the one its own identity wrote there: the back-link names it (an older
  // back-link does not: then the token's own identity, as the agent command finds it).
  const author = led.commentAuthor ?? (await codeGitHub.tokenLogin());
  const comment = await CodePrComment.find(
    codeGitHub,
    { repository: codeRepository, number: codePr.number, headSha: pull.headSha },
    { logger, clock: context.clock, seal, author },
  );
  const earlier = comment?.earlier;
  const recorded = earlier?.docsPr;
  // Only the documentation PR the code PR's sealed record names speaks for the code PR: an
  // earlier one (superseded, closed by the action, or left open) keeps its back-link, and its
  // approval or closing must not set the status the newer one holds.
  if (!comment || !hasJob(earlier) || !recorded || !namesPull(recorded, repository, number)) {
    return skip(
      run,
      // A record that does not verify had its one notice, with the likely cause.
      comment?.recordUnverified ? { ...logger, notice: () => undefined } : logger,
      earlier?.docsPr
        ? `The code PR ${run.codePr}'s record names another documentation PR than ${run.docsPr}: it speaks for the code PR, so its status and comment are left as they are.`
        : earlier
          ? `The code PR ${run.codePr}'s record names no documentation PR, so nothing says ${run.docsPr} is its documentation PR: its status and comment are left as they are.`
          : `The code PR ${run.codePr} has no comment of this action's (written by ${author}) with a record that verifies, so nothing says ${run.docsPr} is its documentation PR: its status and comment are left as they are.`,
    );
  }
  const backLink = await ourBackLink(comments, place, seal, recorded.linkAuthor);
  if (!backLink) {
    return skip(
      run,
      logger,
      `The back-links on ${run.docsPr} that verify were not written by the identity that writes this action's back-links (${recorded.linkAuthor ?? 'unknown'}): copies are not the action's, so nothing is brought in step.`,
    );
  }
  return {
    // The record may name the documentation repository by a name it had before a rename: it is asked for by its name now.
    code: { repo, repository: codeRepository, token, pull, comment, earlier, recorded: { ...recorded, repository: repository.name } },
    docs: { repository, number, backLink },
  };
}

/** The head a code PR record's work holds the gate on: the revision's status head, else the head the job accepted. */
function heldHeadOf(record: JobRecord): string {
  return record.revising?.statusSha ?? record.headSha;
}

/**
 * Where the documentation PR stands, read from GitHub now and held to the record by the one
 * decision (`docs-pr/decide.ts`), and the status by the core's gate phase (the one approval read,
 * the one judge): none while a job is at work on the code PR's head. The record it returns is the
 * last writes': the status, and the comment's tail.
 */
async function judge(core: Core, code: CodeSide, run: SyncRun): Promise<RunRecord> {
  const record = newRecord({
    pullRequest: codePullOf(code.pull),
    repository: code.repository,
    job: newRun(undefined, '', core.clock.now(), 'synced'),
    comment: code.comment,
  });
  record.shows = false;
  const decision = await decideRecorded(code.recorded, decideContextOf(record, core));
  record.documentationPr = decision;
  run.standing = standingOf(decision, code.recorded);
  // Not checked (GitHub failing): nothing new to say, so the status and the comment stay as they are (the decision warned).
  run.state = run.standing ? stateOfStanding(run.standing, code.recorded) : decision.kind === 'unchecked' ? undefined : shownOfDecision(decision)?.state;
  // A job at work on the code PR's current head holds the gate: its pending stays.
  run.held = code.earlier.working === true && heldHeadOf(code.earlier) === code.pull.headSha;
  if (run.held) {
    core.logger.info(
      `The documentation job is at work on ${code.pull.headSha} (the code PR's record says so): its pending status stays; only the comment is brought up to date.`,
    );
  }
  // A documentation PR GitHub could not answer for leaves the status as it was (the decision warned).
  if (!run.held && decision.kind !== 'unchecked') await gatePhase(record, core);
  if (record.approved) {
    run.standing = 'approved';
    run.state = 'approved';
  }
  run.gate = record.gate;
  const closedByAction = run.standing === 'closed-by-action';
  const recorded = code.recorded;
  record.tail = {
    docsPrSection: run.state && renderDocsPrSection(run.docsPr, run.state, undefined, releaseOfRecord(recorded)),
    // The newest record, read again, with this documentation PR's closing as GitHub shows it now.
    change: (newest: CommentRecord): CommentRecord =>
      newest.docsPr && sameRepository(newest.docsPr.repository, recorded.repository) && newest.docsPr.number === recorded.number
        ? { ...newest, docsPr: { ...newest.docsPr, closedByAction } }
        : newest,
  };
  return record;
}

function skip(run: SyncRun, logger: StepContext['logger'], reason: string): undefined {
  run.outcome = 'skipped';
  run.reason = reason;
  logger.notice(reason);
  return undefined;
}

/** The documentation PR's number: the only thing the event is believed for (a review's pull request, or the pull request itself). */
function docsPullNumberOf(event: StepContext['event']): number | undefined {
  const number = (event.payload.pull_request as { number?: unknown } | undefined)?.number;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/** Where the documentation PR stands, as the decision read it; undefined when it is not the recorded one (the decision says what it is). */
function standingOf(decision: RunDocsPr, recorded: DocsPrRecord): DocsPrStanding | undefined {
  if (decision.kind !== 'found') return undefined;
  if (decision.state.merged) return 'merged';
  if (decision.state.state === 'closed') return recorded.closedByAction ? 'closed-by-action' : 'closed-by-someone';
  return 'open';
}

function report(run: SyncRun, context: StepContext, settings: SyncSettings): StepReport {
  const job = run.revision?.job?.delivery === 'accepted' ? run.revision.job : undefined;
  const written = run.revision?.written ?? run.written;
  const action: DocsPrAction = job ? 'revised' : run.written !== undefined || run.commentUpdated ? 'synced' : 'none';
  // The job the review went to fails the step as fail-on says, as in command: agent.
  const verdict = job ? failureLine(verdictOf(job, undefined, { ...settings, failOnPreview: false })) : undefined;
  const failure = run.outcome === 'error' || run.outcome === 'cancelled' ? (run.reason ?? verdict) : verdict;
  return {
    outputs: {
      ...(job ? agentOutputs(job, 0) : {}),
      [Outputs.Outcome]: run.outcome,
      [Outputs.DocsPrAction]: action,
      ...(written ? { [Outputs.DocsStatusState]: written } : {}),
      [Outputs.Requests]: String(context.client.requestCount),
    },
    // The job the review went to, as the agent command's summary shows a job.
    summary: renderSyncSummary(run) + (job ? `\n${renderAgentSummary(job, context.client.requestCount)}` : ''),
    closingLine: `Outcome: ${run.outcome} · docs PR ${action}${job ? ` · job ${idForLog(job.jobId ?? '')} ${job.outcome}` : ''}${written ? ` · ${GATE_CONTEXT} ${written}` : ''}`,
    failure,
  };
}

/** The line of an empty `github-token`: sync reads the back-link with it, and, without code-token, writes the code PR's comment and status. */
function emptyTokenLine(settings: SyncSettings): string {
  const writesCodePr = settings.codeToken === '';
  const gate = writesCodePr && settings.docsStatus !== 'off';
  return emptyGitHubToken(
    [
      "read the documentation PR's back-link",
      ...(writesCodePr ? ["write the code PR's comment"] : []),
      ...(gate ? ["write the code PR's documentation status"] : []),
    ],
    [writesCodePr || settings.reviewLoop ? 'Pull requests: write' : 'Pull requests: read', ...(gate ? ['Commit statuses: write'] : [])],
  );
}
