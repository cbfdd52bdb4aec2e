import { GATE_CONTEXT, Outputs, type DocsPrAction } from '../constants.js';
import { decideRecorded, type RunDocsPr } from '../docs-pr/decide.js';
import { shownOfDecision } from '../docs-pr/outcome.js';
import { repoName, sameRepository, serverUrlFrom } from '../docs-pr/target.js';
import { workflowRepositoryOf } from '../event.js';
import { readApproval } from '../gate/approval.js';
import { carriesWaiver, gateFor } from '../gate/facts.js';
import type { DocsPrStanding } from '../gate/policy.js';
import { writeGateStatus } from '../gate/status.js';
import { gitHubClients } from '../github/clients.js';
import { pullName, type GitHubApi, type RepoName } from '../github/api.js';
import type { CommentRecord, DocsPrRecord } from '../memory/record.js';
import { RecordSeal, type RepositoryIdentity } from '../memory/seal.js';
import { backLinkWithComment, PullRequestComment, unverifiedBackLinkNotice } from '../pr-comment/comment.js';
import { renderDocsPrSection, type DocsPrState } from '../report/docs-pr-report.js';
import { renderSyncSummary, type SyncView } from '../report/sync-report.js';
import { isCancellation, Phase } from '../runtime.js';
import type { SyncSettings } from '../settings.js';
import { errorMessage, idForLog } from '../text.js';
import { agentOutputs, renderAgentSummary } from '../report/agent-report.js';
import { failureLine } from '../report/failure.js';
import { verdictOf } from './verdict.js';
import { LastWrites } from './last-writes.js';
import type { StepContext, StepReport } from './step.js';
import { newRevisionView, reviewLoop, reviewOfEvent } from './sync/review-loop.js';
import type { CodeSide } from './sync/sides.js';

/** What a sync run found and did, filled as it goes. */
type SyncRun = { -readonly [K in keyof SyncView]: SyncView[K] };

/** A GitHub client for a token and a repository, held to the step's deadline. */
type Connect = (token: string, repo: RepoName) => Promise<GitHubApi>;

/**
 * `command: sync`, on a documentation PR's own events (a review submitted or dismissed; the pull
 * request closed, reopened or pushed to), in the documentation repository's workflow or in the
 * same workflow as the code: it finds the code PR through this action's sealed back-link on the
 * documentation PR, and brings the code PR in step — the `documentation` status on the code PR's
 * current head, and the documentation PR's state in the code PR's comment. No job, no request to
 * the documentation API.
 *
 * It believes GitHub, not the event: the event only says which documentation PR to look at (a
 * re-run replays an old payload, and events arrive late); the documentation PR's state, head and
 * reviews, and the code PR's head and labels, are read when it runs, and the gate is the one the
 * agent command uses (`gate/`). Without a back-link, or when the code PR's record (in the comment
 * of the identity the back-link names) names another documentation PR, it does nothing (outcome
 * `skipped`). While the record says a job is at work on the code PR's head, that head's `pending`
 * stays: only the comment's documentation PR line is brought up to date.
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
  const clients = gitHubClients(settings, context);
  const connect: Connect = (token, repo) => clients(token, repo, context.deadline.at);
  const reviewId = reviewOfEvent(settings, context.event);
  run.revision = reviewId !== undefined ? newRevisionView(reviewId, settings.reviewLoopMax) : undefined;
  let code: CodeSide | undefined;
  let revised = false;
  try {
    if (number === undefined || !repository)
      throw new Error('The event names no pull request, or GITHUB_REPOSITORY is not set: there is no documentation PR to sync.');
    if (!settings.githubToken) throw new Error('Input "github-token" is empty: it is needed to read the documentation PR\'s back-link.');
    code = await context.logger.phase(Phase.DocsPr, () => findCodeSide(settings, context, connect, repository, number, run));
    const found = code;
    const revision = run.revision;
    if (found && revision) {
      const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
      const docs = { repository, number, backLink: found.backLink };
      revised = (await context.logger.phase(Phase.Review, () => reviewLoop({ settings, context, seal, connect }, docs, found, revision))) === 'sent';
    }
    // A dry run that found its code PR (a review loop's reads on to show its message) changes nothing.
    if (settings.dryRun) {
      if (run.outcome === 'synced') run.outcome = 'dry-run';
    } else if (found && !revised) {
      // A review that was not sent leaves the sync as without the loop: the status and comment brought in step.
      await context.logger.phase(Phase.Gate, () => judge(settings, context, connect, repository, found, run));
    }
  } catch (error) {
    run.outcome = isCancellation(error, context.signal) ? 'cancelled' : 'error';
    run.reason = run.outcome === 'cancelled' ? 'Cancelled while bringing the code PR in step.' : errorMessage(error);
  }
  // Cancelled after it judged: the last writes still say what it found, within the cancellation's window.
  if (!revised && code && run.state !== undefined && (run.outcome === 'synced' || run.outcome === 'cancelled')) {
    const found = code;
    await context.logger.phase(Phase.Publish, () => publish(settings, context, found, run));
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
 * The back-link on the documentation PR, sealed for it, then the code PR it names as GitHub has
 * it now and the action's comment there (written by the identity the back-link names), whose
 * record must name this documentation PR. Undefined, with the run `skipped` or `dry-run`, when
 * the run stops there.
 */
async function findCodeSide(
  settings: SyncSettings,
  context: StepContext,
  connect: Connect,
  repository: RepositoryIdentity,
  number: number,
  run: SyncRun,
): Promise<CodeSide | undefined> {
  const { logger } = context;
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const docsGitHub = await connect(settings.githubToken, repoName(repository.name));
  const comments = await docsGitHub.listComments(number);
  const { reading, comment: backLinkComment } = backLinkWithComment(comments, { repository, number }, seal);
  if (reading.found === 'unverified') return skip(run, logger, unverifiedBackLinkNotice(seal.hasPreviousKey));
  if (reading.found === 'none') {
    return skip(
      run,
      logger,
      `This pull request carries no back-link of this action's that verifies: it documents no code PR the action follows, so there is nothing to bring in step.`,
    );
  }
  const backLink = reading.record;
  const codePr = backLink.codePr;
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
  const author = backLink.commentAuthor ?? (await codeGitHub.tokenLogin());
  const comment = await PullRequestComment.find(
    codeGitHub,
    { repository: codeRepository, number: codePr.number, headSha: pull.headSha },
    { logger, clock: context.clock, seal, author },
  );
  const earlier = comment?.earlier;
  const recorded = earlier?.docsPr;
  // Only the documentation PR the code PR's sealed record names speaks for the code PR: an
  // earlier one (superseded, closed by the action, or left open) keeps its back-link, and its
  // approval or closing must not set the status the newer one holds.
  if (!comment || !earlier || !recorded || !isThisPull(recorded, repository, number)) {
    return skip(
      run,
      // A record that does not verify had its one notice, with the likely cause.
      comment?.recordUnverified ? { ...logger, notice: () => undefined } : logger,
      earlier
        ? `The code PR ${run.codePr}'s record names another documentation PR than ${run.docsPr}: it speaks for the code PR, so its status and comment are left as they are.`
        : `The code PR ${run.codePr} has no comment of this action's (written by ${author}) with a record that verifies, so nothing says ${run.docsPr} is its documentation PR: its status and comment are left as they are.`,
    );
  }
  // The record may name the documentation repository by a name it had before a rename: it is asked for by its name now.
  return {
    repo,
    repositoryId: codeRepository.id,
    token,
    pull,
    comment,
    earlier,
    recorded: { ...recorded, repository: repository.name },
    backLink: backLinkComment!,
  };
}

/** Whether the code PR's record names this documentation PR: by the repository's ID where both are known (a rename keeps it), else by name. */
function isThisPull(recorded: DocsPrRecord, repository: RepositoryIdentity, number: number): boolean {
  if (recorded.number !== number) return false;
  return recorded.repositoryId !== undefined && repository.id !== undefined
    ? recorded.repositoryId === repository.id
    : sameRepository(recorded.repository, repository.name);
}

/**
 * Where the documentation PR stands, read from GitHub now and held to the record by the one
 * decision (`docs-pr/decide.ts`), its approval by the one approval read, and the status by the
 * one gate (`gate/facts.ts`): none while a job is at work on the code PR's head.
 */
async function judge(
  settings: SyncSettings,
  context: StepContext,
  connect: Connect,
  repository: RepositoryIdentity,
  code: CodeSide,
  run: SyncRun,
): Promise<void> {
  const decision = await decideRecorded(code.recorded, {
    serverUrl: serverUrlFrom(context.env),
    codePr: { repository: `${code.repo.owner}/${code.repo.repo}`, number: code.pull.number, headRef: code.pull.headRef },
    access: { docsToken: '', githubToken: settings.githubToken, workflowRepository: repository.name, connect },
    logger: context.logger,
    signal: context.signal,
  });
  run.standing = standingOf(decision, code.recorded);
  // Not checked (GitHub failing): nothing new to say, so the status and the comment stay as they are (the decision warned).
  run.state = run.standing ? stateOf(run.standing) : decision.kind === 'unchecked' ? undefined : shownOfDecision(decision)?.state;
  // A job at work on the code PR's current head holds the gate: its pending stays.
  run.held = code.earlier.working === true && code.earlier.headSha === code.pull.headSha;
  if (run.held) {
    context.logger.info(
      `The documentation job is at work on ${code.pull.headSha} (the code PR's record says so): its pending status stays; only the comment is brought up to date.`,
    );
  }
  const waitsForApproval = settings.docsStatus === 'approved' && run.standing === 'open' && !run.held;
  const approved = waitsForApproval ? await readApproval(connect(settings.githubToken, repoName(repository.name)), code.recorded, context) : undefined;
  if (approved) {
    run.standing = 'approved';
    run.state = 'approved';
  }
  // A documentation PR GitHub could not answer for leaves the status as it was (the decision warned).
  if (run.held || decision.kind === 'unchecked') return;
  run.gate = gateFor(
    settings,
    {
      outcome: 'synced',
      waived: carriesWaiver(settings, code.pull.labels),
      working: false,
      docsPr: decision,
      closedByAction: code.recorded.closedByAction,
      approved,
      previewUrl: undefined,
      pullNumber: code.pull.number,
    },
    context.env,
  );
}

/**
 * The last writes, in the record's order: the status on the code PR's current head, then the
 * comment (its documentation PR line, and its gate line when a status was written), each in a
 * window of its own.
 */
async function publish(settings: SyncSettings, context: StepContext, code: CodeSide, run: SyncRun): Promise<void> {
  const lastWrites = new LastWrites(settings, context);
  const client = (): Promise<GitHubApi> => lastWrites.client(code.token, code.repo);
  if (run.gate) run.written = (await writeGateStatus(run.gate, code.pull.headSha, client, { logger: context.logger, dryRun: false })).state;
  const closedByAction = run.standing === 'closed-by-action';
  const section = run.state && renderDocsPrSection(run.docsPr, run.state);
  // The newest record, read again, with this documentation PR's closing as GitHub shows it now.
  const change = (newest: CommentRecord): CommentRecord =>
    newest.docsPr && sameRepository(newest.docsPr.repository, code.recorded.repository) && newest.docsPr.number === code.recorded.number
      ? { ...newest, docsPr: { ...newest.docsPr, closedByAction } }
      : newest;
  run.commentUpdated = await code.comment.rewriteTail(
    change,
    { ...(section ? { docsPrSection: section } : {}), ...(run.written && run.gate ? { gate: run.gate } : {}) },
    await client(),
  );
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

function stateOf(standing: DocsPrStanding): DocsPrState {
  switch (standing) {
    case 'merged':
      return 'merged';
    case 'approved':
      return 'approved';
    case 'closed-by-action':
      return 'closed';
    case 'closed-by-someone':
      return 'left-alone-closed';
    case 'open':
      return 'linked';
  }
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
