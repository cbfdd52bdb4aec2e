import { sendPrompt, waitForJob, type AgentRun } from '../../agent/run-agent.js';
import { ApiError } from '../../api/errors.js';
import type { GateState } from '../../constants.js';
import type { DocsAccess } from '../../docs-pr/access.js';
import { decideRecorded, type DecideContext, type RunDocsPr } from '../../docs-pr/decide.js';
import { repoName, serverUrlFrom } from '../../docs-pr/target.js';
import { readApproval } from '../../gate/approval.js';
import { carriesWaiver, gateFor } from '../../gate/facts.js';
import { writeGateStatus } from '../../gate/status.js';
import { endsTheStep, GitHubError, pullName, type GitHubApi } from '../../github/api.js';
import { newestMarkedBy } from '../../memory/ours.js';
import { backLinkLine, type BackLinkRecord } from '../../memory/record.js';
import { docsPrScope, type RecordSeal } from '../../memory/seal.js';
import { backLinkCommentIn } from '../../pr-comment/comment.js';
import { renderDocsPrSection } from '../../report/docs-pr-report.js';
import { renderRevisionComment, REVISION_MARKER, type RevisionStage } from '../../report/revision-report.js';
import { replySeal } from './reply.js';
import type { CodeSide, DocsSide } from './sides.js';
import type { RevisionView } from '../../report/sync-report.js';
import { hasReviewText, reviewMessage } from '../../review/message.js';
import { budgetNotSent, mayPush, notSentReason, reviewNotSent, type NotSent } from '../../review/qualify.js';
import { isCancellation, Phase } from '../../runtime.js';
import type { AgentSettings, SyncSettings } from '../../settings.js';
import { errorMessage, idForLog } from '../../text.js';
import { impactPhase } from '../agent/impact.js';
import { publishPhase } from '../agent/publish.js';
import { finishingRecord } from '../agent/run-record.js';
import { LastWrites } from '../last-writes.js';
import { agentDeps, type StepContext } from '../step.js';

/** A review's inline comments are read to this many pages of 100 at most: the message is cut to `diff-max-chars` anyway. */
export const REVIEW_COMMENT_PAGES = 10;

/** What the loop reads and writes with. */
export interface LoopDeps {
  readonly settings: SyncSettings;
  readonly context: StepContext;
  readonly seal: RecordSeal;
  readonly connect: (token: string, repo: { owner: string; repo: string }) => Promise<GitHubApi>;
}

/**
 * The review the event names, when the review loop may act on it: `pull_request_review`
 * `submitted`, a request for changes or a comment (an approval is the gate's, never a message).
 * The event is believed for the review's ID only: the review itself is read from GitHub.
 */
export function reviewOfEvent(settings: Pick<SyncSettings, 'reviewLoop'>, event: StepContext['event']): number | undefined {
  if (!settings.reviewLoop || event.name !== 'pull_request_review' || event.payload.action !== 'submitted') return undefined;
  const review = event.payload.review as { id?: unknown; state?: unknown } | undefined;
  const state = typeof review?.state === 'string' ? review.state.toLowerCase() : '';
  if (state !== 'changes_requested' && state !== 'commented') return undefined;
  return typeof review?.id === 'number' && Number.isSafeInteger(review.id) && review.id >= 1 ? review.id : undefined;
}

/**
 * The review loop (the contract's *The review loop*), for one review of a documentation PR whose
 * back-link verified and whose code PR's record names it:
 *
 * 1. **Qualify**: the review as GitHub has it now — a request for changes or a comment with text,
 *    by a person (never a bot, never the action's own identities) whose collaborator permission
 *    on the documentation repository is `write` or `admin`; not sent before; within
 *    `review-loop-max` (past it, the reply says so).
 * 2. **Count, then send**: the back-link's sealed record lists the review before the message
 *    leaves (read again after writing, so a run that wrote at the same moment is seen), and loses
 *    it again only when the API certainly took no effect: a run killed after the message was
 *    accepted has counted it.
 * 3. **Show**: the reply on the documentation PR, the code PR's `pending` ("revising after review")
 *    and its comment's line; its record says the job is at work again, so a sweep finishes it with
 *    `wait: false`.
 * 4. **Finish** (with `wait`): the job awaited as `command: agent` awaits it, then the code PR's
 *    status, comment and reader impact for the documentation PR's new head, and the reply.
 *
 * Returns whether the review was sent; `run.notSent` says why not. Throws what ends the step.
 */
export async function reviewLoop(deps: LoopDeps, docs: DocsSide, code: CodeSide, run: RevisionView): Promise<'sent' | 'not-sent'> {
  const { settings, context } = deps;
  const { logger } = context;
  const github = await deps.connect(settings.githubToken, repoName(docs.repository.name));
  const review = await github.review(docs.number, run.reviewId);
  run.reviewer = review.login;
  // The action's own identities: its tokens' (code-token's too, where it is another), the back-link's author, the code PR comment's.
  const codeLogin = code.token !== settings.githubToken ? await (await deps.connect(code.token, code.repo)).tokenLogin() : '';
  const ownLogins = [await github.tokenLogin(), codeLogin, docs.backLink.author, docs.backLink.record.commentAuthor ?? ''].filter(Boolean);
  const detail = {
    login: review.login,
    state: review.state,
    max: settings.reviewLoopMax,
    docsPr: pullName({ repository: docs.repository.name, number: docs.number }),
  };
  const notSent = (why: NotSent, permission?: string): 'not-sent' => {
    run.notSent = why;
    logger.notice(notSentReason(why, { ...detail, permission }));
    return 'not-sent';
  };
  // The checks that cost nothing first; the author's permission before a word of the review is read further.
  const early = reviewNotSent({ state: review.state, login: review.login, userType: review.userType, hasText: true, ownLogins });
  if (early) return notSent(early);
  const permission = await permissionOf(github, review.login);
  if (!mayPush(permission)) return notSent('no-write-access', permission);
  const { comments, more } = await github.reviewComments(docs.number, run.reviewId, REVIEW_COMMENT_PAGES);
  if (!hasReviewText(review.body, comments)) return notSent('empty');
  const already = docs.backLink.record.reviewsSent ?? [];
  run.sent = already.length;
  const overBudget = budgetNotSent(run.reviewId, already, settings.reviewLoopMax);
  if (overBudget === 'limit-reached' && !settings.dryRun)
    await writeReply(deps, github, docs, { kind: 'limit', reviewer: review.login, max: settings.reviewLoopMax }, run);
  if (overBudget) return notSent(overBudget);

  // Only an open documentation PR, the one the code PR's record names, is revised.
  const decision = await decideRecorded(code.recorded, decideContext(deps, code, docs));
  if (decision.kind !== 'found' || decision.state.state !== 'open' || decision.state.merged) return notSent('docs-pr-not-open');
  const jobId = docs.backLink.record.jobId ?? code.earlier.jobId;
  run.jobId = jobId;
  const message = reviewMessage(
    { reviewer: review.login, state: review.state, body: review.body, comments, moreComments: more },
    pullName({ repository: docs.repository.name, number: docs.number }),
    settings.diffMaxChars,
  );
  run.messageChars = message.text.length;
  run.cutChars = message.cutChars;
  logger.data(`Review message for job ${idForLog(jobId)} (${message.text.length} characters)`, message.text);
  if (message.cutChars > 0)
    logger.warning(`The review was cut to fit diff-max-chars (${settings.diffMaxChars}): its last ${message.cutChars} characters are not sent.`);
  if (settings.dryRun) {
    logger.info(`Dry run: would send the review to job ${idForLog(jobId)}; nothing was sent, and nothing written to GitHub.`);
    return 'sent';
  }

  // Counted before it is sent: the budget holds whatever stops the run after the message left.
  if (!(await countFollowUp(deps, github, docs, run.reviewId, 'add', settings.reviewLoopMax))) {
    throw new Error(
      `Could not record the follow-up in the documentation PR's back-link (another run wrote it at the same moment, or the token cannot edit it: github-token needs "Pull requests: write" on ${docs.repository.name}): the review was not sent; re-run the workflow.`,
    );
  }
  run.sent = already.length + 1;
  const job = await logger.phase(Phase.Send, () => sendPrompt({ ...settings, dryRun: false, jobId }, message.text, agentDeps(context)));
  run.job = job;
  if (job.delivery !== 'accepted') {
    // The API certainly did not take it (it answered a refusal, or was never reached): it no longer counts.
    const tookNoEffect = job.delivery === 'refused' || (job.error instanceof ApiError && job.error.kind === 'http' && !job.error.mayHaveTakenEffect);
    const takenBack = tookNoEffect && (await countFollowUp(deps, github, docs, run.reviewId, 'remove'));
    if (takenBack) run.sent = already.length;
    throw job.outcome === 'cancelled' ? (job.error ?? new Error('Cancelled while sending the review.')) : new Error(sendFailure(job, tookNoEffect, takenBack));
  }
  logger.info(`Sent ${review.login}'s review to job ${idForLog(jobId)}: follow-up ${run.sent} of ${settings.reviewLoopMax} for this documentation PR.`);

  await writeReply(
    deps,
    github,
    docs,
    { kind: 'revising', reviewer: review.login, jobId, sent: run.sent, max: settings.reviewLoopMax, detached: !settings.wait },
    run,
  );
  run.written = await showRevising(deps, code, docs, decision, jobId);
  if (!settings.wait) return 'sent';

  run.job = await logger.phase(Phase.Wait, () => waitForJob(job, { ...settings, dryRun: false, jobId }, agentDeps(context)));
  const ended = run.job;
  await logger.phase(Phase.Publish, async () => {
    run.written = (await finishRevision(deps, code, docs, ended)) ?? run.written;
    const lastWrites = new LastWrites(settings, context);
    await writeReply(
      deps,
      await lastWrites.client(settings.githubToken, repoName(docs.repository.name)),
      docs,
      { kind: 'ended', reviewer: review.login, jobId, sent: run.sent, max: settings.reviewLoopMax, outcome: ended.outcome },
      run,
    );
  });
  return 'sent';
}

/** A login's collaborator permission; a user GitHub does not know (404) has none. */
async function permissionOf(github: GitHubApi, login: string): Promise<string> {
  try {
    return await github.collaboratorPermission(login);
  } catch (error) {
    if (error instanceof GitHubError && error.status === 404) return 'none';
    throw error;
  }
}

/** Why a message did not go: the API's own words, with what it means for the count. */
function sendFailure(job: AgentRun, tookNoEffect: boolean, takenBack: boolean): string {
  const said = errorMessage(job.error);
  if (!tookNoEffect) return `The review may have reached the agent: ${said} It counts against review-loop-max.`;
  return takenBack
    ? `The review was not sent: ${said} It does not count against review-loop-max.`
    : `The review was not sent: ${said} It still counts against review-loop-max: the back-link's record could not be changed back.`;
}

/**
 * Adds the review to the back-link's record (`add`, within `max`), or takes it out again
 * (`remove`), from the back-link as GitHub has it now, sealed for the documentation PR; then reads
 * it back. True when
 * the record, read again, says what this run wrote: a run that wrote it at the same moment (two
 * reviews without the documented concurrency group) is seen, and the review is not sent.
 */
async function countFollowUp(
  deps: LoopDeps,
  github: GitHubApi,
  docs: DocsSide,
  reviewId: number,
  change: 'add' | 'remove',
  max = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  const scope = { repository: docs.repository, number: docs.number };
  try {
    const now = backLinkCommentIn(await github.listComments(docs.number), scope, deps.seal) ?? docs.backLink;
    const sent = (now.record.reviewsSent ?? []).filter((id) => id !== reviewId);
    if (change === 'add') {
      // Another run counted this review, or the last follow-ups, since this one read the back-link.
      if ((now.record.reviewsSent ?? []).includes(reviewId) || sent.length >= max) return false;
      sent.push(reviewId);
    }
    const record: BackLinkRecord = { ...now.record, reviewsSent: sent };
    const line = backLinkLine(record, deps.seal, docsPrScope(docs.repository, docs.number));
    await github.updateComment(now.commentId, withLastLine(now.body, line));
    const again = backLinkCommentIn(await github.listComments(docs.number), scope, deps.seal);
    const listed = again?.record.reviewsSent ?? [];
    return change === 'add' ? listed.includes(reviewId) && listed.length === sent.length : !listed.includes(reviewId);
  } catch (error) {
    if (isCancellation(error, deps.context.signal) || endsTheStep(error)) throw error;
    deps.context.logger.warning(
      `Could not ${change === 'add' ? 'record' : 'take back'} the follow-up in the documentation PR's back-link: ${errorMessage(error)}`,
    );
    return false;
  }
}

/** A comment's body with its last line (the sealed record) replaced. */
function withLastLine(body: string, line: string): string {
  const lines = body.replace(/[\r\n]+$/, '').split(/\r?\n/);
  lines[lines.length - 1] = line;
  return `${lines.join('\n')}\n`;
}

/**
 * The reply on the documentation PR: found again by its marker among the comments the token's
 * identity wrote (once a run: `run.replyId` keeps it), else created.
 */
async function writeReply(deps: LoopDeps, github: GitHubApi, docs: DocsSide, stage: RevisionStage, run: RevisionView): Promise<void> {
  const { context } = deps;
  try {
    const sealed = stage.kind === 'limit' ? undefined : replySeal(deps.seal, docs.repository, docs.number, stage);
    const body = renderRevisionComment(stage, new Date(context.clock.now()).toISOString(), sealed);
    const id = run.replyId ?? (await newestMarkedBy(github, await github.listComments(docs.number), REVISION_MARKER))?.id;
    if (id !== undefined) await github.updateComment(id, body);
    run.replyId = id ?? (await github.createComment(docs.number, body));
  } catch (error) {
    if (isCancellation(error, context.signal) || endsTheStep(error)) return;
    context.logger.warning(`Could not write the review loop's reply on documentation PR ${docs.repository.name}#${docs.number}: ${errorMessage(error)}`);
  }
}

/** How the one decision reads the documentation PR here: the workflow's token, in the workflow's (documentation) repository. */
function decideContext(deps: LoopDeps, code: CodeSide, docs: DocsSide): DecideContext {
  return {
    serverUrl: serverUrlFrom(deps.context.env),
    codePr: { repository: `${code.repo.owner}/${code.repo.repo}`, number: code.pull.number, headRef: code.pull.headRef },
    access: docsAccess(deps, docs),
    logger: deps.context.logger,
    signal: deps.context.signal,
  };
}

function docsAccess(deps: LoopDeps, docs: DocsSide): DocsAccess {
  return { docsToken: deps.settings.githubToken, githubToken: deps.settings.githubToken, workflowRepository: docs.repository.name, connect: deps.connect };
}

/**
 * The code PR while the job revises: its `documentation` status `pending` on its current head, its
 * comment's documentation PR line, and its record saying the job is at work again (from now), so
 * a sweep finishes it when the step does not wait. A record that names a newer job keeps it: that
 * job is the record's.
 */
async function showRevising(deps: LoopDeps, code: CodeSide, docs: DocsSide, decision: RunDocsPr, jobId: string): Promise<GateState | undefined> {
  const { settings, context } = deps;
  const lastWrites = new LastWrites(settings, context);
  const client = (): Promise<GitHubApi> => lastWrites.client(code.token, code.repo);
  const gate = gateFor(
    settings,
    {
      outcome: 'synced',
      waived: carriesWaiver(settings, code.pull.labels),
      working: false,
      revising: true,
      docsPr: decision,
      closedByAction: false,
      approved: undefined,
      previewUrl: undefined,
      pullNumber: code.pull.number,
    },
    context.env,
  );
  const written = gate ? (await writeGateStatus(gate, code.pull.headSha, client, { logger: context.logger, dryRun: false })).state : undefined;
  const acceptedAt = new Date(context.clock.now()).toISOString();
  await code.comment.rewriteTail(
    (newest) => (newest.jobId === jobId ? { ...newest, working: true, acceptedAt, revising: true } : newest),
    {
      docsPrSection: renderDocsPrSection(pullName({ repository: docs.repository.name, number: docs.number }), 'revising'),
      ...(written && gate ? { gate } : {}),
    },
    await client(),
  );
  return written;
}

/**
 * The code PR once the revision ended (or the wait stopped): the documentation PR decided again
 * (the revision moved its head), reader impact for that head where the code PR's comment shows it,
 * the gate as `command: sync` judges a documentation PR (a job that ended well leaves the
 * documentation PR to speak; one that failed, timed out or was cancelled says so), and the last
 * writes of the agent command — the status, then the comment with the job's outcome and its record.
 */
async function finishRevision(deps: LoopDeps, code: CodeSide, docs: DocsSide, ended: AgentRun): Promise<GateState | undefined> {
  const { settings, context } = deps;
  const access = docsAccess(deps, docs);
  const agentSettings = revisionAgentSettings(settings, code);
  const record = finishingRecord({
    pullRequest: { ...code.pull, action: '', label: undefined },
    repository: { id: code.repositoryId, name: `${code.repo.owner}/${code.repo.repo}` },
    comment: code.comment,
    // The record keeps the job and the code PR's head it names: the review added no code.
    job: { ...ended, delivery: 'none' },
    following: undefined,
  });
  const endedWell = ended.outcome === 'pr-opened' || ended.outcome === 'no-pr';
  // Stopped while reading what the revision left (cancelled, or the step's deadline): the gate says
  // so, as the agent command's does, and never takes the documentation PR it did not read for none.
  let stoppedAs: 'cancelled' | 'timed-out' | undefined;
  try {
    if (!context.signal.aborted) record.documentationPr = await decideRecorded(code.recorded, decideContext(deps, code, docs));
    // Reader impact is measured for what the job opened: the documentation PR it revised.
    if (endedWell) record.impact = await impactPhase({ ...record, job: { ...record.job, outcome: 'pr-opened' } }, agentSettings, context, access);
    const decision = record.documentationPr;
    const open = decision?.kind === 'found' && decision.state.state === 'open' && !decision.state.merged ? decision.pull : undefined;
    if (endedWell && open && settings.docsStatus === 'approved' && !context.signal.aborted) {
      record.approved = await readApproval(deps.connect(settings.githubToken, repoName(docs.repository.name)), open, context);
    }
  } catch (error) {
    if (isCancellation(error, context.signal)) stoppedAs = 'cancelled';
    else if (endsTheStep(error)) stoppedAs = 'timed-out';
    else throw error;
  }
  if (context.signal.aborted) stoppedAs = 'cancelled';
  record.gate = gateFor(
    settings,
    {
      outcome: stoppedAs ?? (endedWell ? 'synced' : ended.outcome),
      waived: carriesWaiver(settings, code.pull.labels),
      working: false,
      docsPr: record.documentationPr,
      closedByAction: false,
      approved: record.approved,
      previewUrl: undefined,
      pullNumber: code.pull.number,
    },
    context.env,
  );
  await publishPhase(record, agentSettings, context);
  context.logger.info(`The revision of ${docs.repository.name}#${docs.number} ended: ${ended.outcome}.`);
  return record.gateWritten;
}

/** The agent command's settings for the code PR's last writes: its token, the comment, reader impact where the comment shows it. */
function revisionAgentSettings(settings: SyncSettings, code: CodeSide): AgentSettings {
  return {
    ...settings,
    command: 'agent',
    githubToken: code.token,
    docsToken: settings.githubToken,
    prompt: '',
    jobId: undefined,
    diff: 'false',
    diffInclude: [],
    diffExclude: [],
    allowForks: false,
    prComment: true,
    reuseJob: false,
    preview: false,
    failOnPreview: false,
    followCodePr: false,
    readerImpact: code.earlier.impact !== undefined,
  };
}

/** A revision view before anything was read. */
export function newRevisionView(reviewId: number, max: number): RevisionView {
  return {
    reviewId,
    reviewer: '',
    notSent: undefined,
    jobId: undefined,
    sent: 0,
    max,
    messageChars: 0,
    cutChars: 0,
    job: undefined,
    replyId: undefined,
    written: undefined,
  };
}
