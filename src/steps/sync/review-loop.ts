import { sendPrompt, waitForJob, type AgentRun } from '../../agent/run-agent.js';
import { ApiError } from '../../api/errors.js';
import type { GateState } from '../../constants.js';
import type { Core } from '../../core/context.js';
import { isOver, rewriteTail, endsByOf } from '../../core/comment.js';
import { decideContextOf } from '../../core/docs-pr.js';
import { finishJob } from '../../core/finish.js';
import { writeStatusAsItStands, writeWorkingStatus } from '../../core/gate.js';
import { codePullOf, finishingRecord, newRecord } from '../../core/record.js';
import { decideRecorded, type RunDocsPr } from '../../docs-pr/decide.js';
import { repoName } from '../../docs-pr/target.js';
import { endsTheStep, GitHubError, pullName, type GitHubApi, type PullRequestReview, type RepoName } from '../../github/api.js';
import { countReview, ourBackLink, type ReviewCount } from '../../memory/back-link.js';
import type { ReplyRecord } from '../../memory/record.js';
import { writeReply as storeReply } from '../../memory/reply.js';
import { renderDocsPrSection } from '../../report/docs-pr-report.js';
import { renderRevisionComment, type RevisionStage } from '../../report/revision-report.js';
import type { RevisionView } from '../../report/sync-report.js';
import { hasReviewText, reviewMessage } from '../../review/message.js';
import { budgetNotSent, mayPush, notSentReason, reviewNotSent, type NotSent } from '../../review/qualify.js';
import { isCancellation, Phase } from '../../runtime.js';
import type { SyncSettings } from '../../settings.js';
import { errorMessage, idForLog } from '../../text.js';
import { agentDeps, type StepContext } from '../step.js';
import type { CodeSide, DocsSide } from './sides.js';

/** A review's inline comments are read to this many pages of 100 at most: the message is cut to `diff-max-chars` anyway. */
export const REVIEW_COMMENT_PAGES = 10;

/** What the loop reads and writes with: the sync step's settings and context, and the core for the code PR. */
export interface LoopDeps {
  readonly settings: SyncSettings;
  readonly context: StepContext;
  readonly core: Core;
  readonly connect: (token: string, repo: RepoName) => Promise<GitHubApi>;
  /** A client of the documentation repository for one write after the job, in a window of its own. */
  readonly docsLastWrite: () => Promise<GitHubApi>;
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
 * back-link is the action's and whose code PR's record names it:
 *
 * 1. **Qualify**: the review as GitHub has it now — a request for changes or a comment with text,
 *    by a person (never a bot, never the action's own identities) whose collaborator permission
 *    on the documentation repository is `write` or `admin`; not sent before; within
 *    `review-loop-max` (past it, the reply says so).
 * 2. **Send, then count**: the message goes to the job; once the API accepted it (or may have: a
 *    `5xx` or a timeout mid-request), the back-link's record names the review, so it is never sent
 *    again. A message the API surely did not take leaves the review uncounted: the next run sends it.
 * 3. **Show**: the reply on the documentation PR, the code PR's `pending` ("revising after review")
 *    on its current head and its comment's line; its record says the job is at work again (with the
 *    head of that `pending` and when it must end), so a sweep finishes it with `wait: false`, or
 *    when this run stops waiting.
 * 4. **Finish** (with `wait`): the job awaited as `command: agent` awaits it, then what every
 *    command does when a job ends (`core/finish.ts`), and the reply.
 *
 * Returns whether the review was sent; `run.notSent` says why not. Throws what ends the step.
 */
export async function reviewLoop(deps: LoopDeps, docs: DocsSide, code: CodeSide, run: RevisionView): Promise<'sent' | 'not-sent'> {
  const { settings, context, core } = deps;
  const { logger } = context;
  const github = await deps.connect(settings.githubToken, repoName(docs.repository.name));
  const review = await github.review(docs.number, run.reviewId);
  run.reviewer = review.login;
  // The action's own identities: its tokens' (code-token's too, where it is another), the back-link's author, the code PR comment's.
  const codeLogin = code.token !== settings.githubToken ? await (await deps.connect(code.token, code.repo)).tokenLogin() : '';
  const ownLogins = [await github.tokenLogin(), codeLogin, docs.backLink.author, docs.backLink.record.commentAuthor ?? ''].filter(Boolean);
  const loop: Loop = {
    deps,
    github,
    docs,
    code,
    run,
    ownLogins,
    docsPrName: pullName({ repository: docs.repository.name, number: docs.number }),
    jobId: docs.backLink.record.jobId ?? code.earlier.jobId,
    sent: [...(docs.backLink.record.reviewsSent ?? [])],
    decision: undefined,
    limitSaid: false,
  };
  run.sent = loop.sent.length;
  // No review lost between runs: every review since the last one the back-link names, oldest first,
  // the event's among them (read by its ID, whatever the list holds), within review-loop-max.
  const reviews = [...(await reviewsSince(loop, review)), review].sort((a, b) => a.id - b.id);
  let last: { review: PullRequestReview; job: AgentRun; acceptedAt: number } | undefined;
  for (const each of reviews) {
    const role = each.id === review.id ? 'event' : 'missed';
    // Past review-loop-max a missed review is not read further; the event's says so in its notice.
    if (role === 'missed' && loop.sent.length >= settings.reviewLoopMax) {
      logger.info(`Review ${each.id} (submitted since the last one sent): not sent, review-loop-max (${settings.reviewLoopMax}) is reached.`);
      continue;
    }
    const offered = await offer(loop, each, role);
    if (offered === 'dry-run') return 'sent';
    if (offered !== 'not-sent') last = { review: each, ...offered };
  }
  if (!last) return 'not-sent';
  const { job, acceptedAt } = last;
  const jobId = loop.jobId;
  const decision = loop.decision!;
  const docsPrName = loop.docsPrName;
  const reviewer = last.review.login;

  const replyAuthor = await github.tokenLogin();
  await reply(
    deps,
    github,
    docs,
    { kind: 'revising', reviewer: reviewer, jobId, sent: run.sent, max: settings.reviewLoopMax, detached: !settings.wait },
    jobId,
    run,
  );
  const revising = { statusSha: code.pull.headSha, replyAuthor };
  run.written = await showRevising(deps, code, docs, decision, jobId, acceptedAt, revising);
  if (!settings.wait) return 'sent';

  run.job = await logger.phase(Phase.Wait, () => waitForJob(job, { ...settings, dryRun: false, jobId }, agentDeps(context)));
  const ended = run.job;
  // The code PR once the revision ended (or the wait stopped), as every command ends a job. The
  // record keeps the job and the code PR's head it names (the review added no code); a revision
  // this run did not see end stays at work, for a sweep to finish.
  const record = finishingRecord(
    {
      pullRequest: codePullOf(code.pull),
      repository: code.repository,
      comment: code.comment,
      job: { ...ended, delivery: 'none' },
      finishes: isOver(ended),
      revising,
    },
    false,
  );
  await finishJob(record, core, 'await');
  run.written = record.gateWritten ?? run.written;
  // The run's outcome as the core recorded it: `timed-out` or `cancelled` when the wrap-up was cut
  // short, never the job's own (the contract's rule, as the sweep's reply has it).
  const { outcome } = record.job;
  logger.info(`The revision of ${docsPrName} ended: ${outcome}.`);
  await reply(deps, github, docs, { kind: 'ended', reviewer: reviewer, jobId, sent: run.sent, max: settings.reviewLoopMax, outcome }, jobId, run, true);
  return 'sent';
}

/** What one run of the loop works with, and what it sent so far. */
interface Loop {
  readonly deps: LoopDeps;
  readonly github: GitHubApi;
  readonly docs: DocsSide;
  readonly code: CodeSide;
  readonly run: RevisionView;
  readonly ownLogins: readonly string[];
  readonly docsPrName: string;
  /** The job that wrote the documentation PR: every review goes to it. */
  readonly jobId: string;
  /** The reviews the back-link counts, with those this run counted since. */
  readonly sent: number[];
  /** The documentation PR the code PR's record names, decided once the first review qualified. */
  decision: RunDocsPr | undefined;
  /** The reply said review-loop-max was reached (once a run). */
  limitSaid: boolean;
}

/** A pull request's reviews are read to this many pages of 100 at most (GitHub lists them oldest first). */
export const REVIEW_PAGES = 3;

/**
 * The reviews since the last one the back-link names (all of them when it names none), but the
 * event's: those a run GitHub dropped (a concurrency group without `queue: max`, a missed webhook)
 * left unsent. Oldest first, as GitHub lists them, at most `REVIEW_PAGES` pages: past them, the
 * newer ones wait for their own runs.
 */
async function reviewsSince(loop: Loop, event: PullRequestReview): Promise<PullRequestReview[]> {
  const lastSent = Math.max(0, ...loop.sent);
  const { reviews, more } = await loop.github.reviews(loop.docs.number, REVIEW_PAGES);
  if (more)
    loop.deps.context.logger.info(`${loop.docsPrName} has more than ${REVIEW_PAGES * 100} reviews: only the first ${REVIEW_PAGES * 100} were looked at.`);
  return reviews.filter((review) => review.id > lastSent && review.id !== event.id);
}

/**
 * One review through the loop's steps 1 and 2: qualified, then sent and counted. The event's review
 * says why it is not sent in one notice (`run.notSent`); one a dropped run left says it in the log.
 * Returns the job as the send left it, `dry-run` once a dry run showed the message, or `not-sent`.
 * Throws what ends the step (a message that surely did not arrive, or may have: the next run or a
 * new review sends it).
 */
async function offer(loop: Loop, review: PullRequestReview, role: 'event' | 'missed'): Promise<{ job: AgentRun; acceptedAt: number } | 'not-sent' | 'dry-run'> {
  const { deps, github, docs, code, run, jobId } = loop;
  const { settings, context, core } = deps;
  const { logger } = context;
  const detail = { login: review.login, state: review.state, max: settings.reviewLoopMax, docsPr: loop.docsPrName };
  const notSent = (why: NotSent, permission?: string): 'not-sent' => {
    if (role === 'event') {
      run.notSent = why;
      logger.notice(notSentReason(why, { ...detail, permission }));
    } else {
      logger.info(`Review ${review.id} (submitted since the last one sent): ${notSentReason(why, { ...detail, permission })}`);
    }
    return 'not-sent';
  };
  // The checks that cost nothing first; the author's permission before a word of the review is read further.
  const early = reviewNotSent({ state: review.state, login: review.login, userType: review.userType, hasText: true, ownLogins: loop.ownLogins });
  if (early) return notSent(early);
  const permission = await permissionOf(github, review.login);
  if (!mayPush(permission)) return notSent('no-write-access', permission);
  const { comments, more } = await github.reviewComments(docs.number, review.id, REVIEW_COMMENT_PAGES);
  if (!hasReviewText(review.body, comments)) return notSent('empty');
  const overBudget = budgetNotSent(review.id, loop.sent, settings.reviewLoopMax);
  if (overBudget === 'limit-reached' && !settings.dryRun) await sayLimit(loop, review.login);
  if (overBudget) return notSent(overBudget);

  // Only an open documentation PR, the one the code PR's record names, is revised.
  if (!loop.decision) {
    const codeRecord = newRecord({ pullRequest: codePullOf(code.pull), repository: code.repository, job: placeholderRun(), comment: code.comment });
    loop.decision = await decideRecorded(code.recorded, decideContextOf(codeRecord, core));
  }
  const decision = loop.decision;
  if (decision.kind !== 'found' || decision.state.state !== 'open' || decision.state.merged) return notSent('docs-pr-not-open');
  run.jobId = jobId;
  run.reviewer = review.login;
  const message = reviewMessage(
    { reviewer: review.login, state: review.state, body: review.body, comments, moreComments: more },
    loop.docsPrName,
    settings.diffMaxChars,
  );
  run.messageChars = message.text.length;
  run.cutChars = message.cutChars;
  logger.data(`Review message for job ${idForLog(jobId)} (${message.text.length} characters)`, message.text);
  if (message.cutChars > 0) {
    logger.warning(
      `The review was cut to fit diff-max-chars (${settings.diffMaxChars}): ${message.cutChars === 1 ? 'its last character is' : `its last ${message.cutChars} characters are`} not sent.`,
    );
  }
  if (settings.dryRun) {
    logger.info(`Dry run: would send the review to job ${idForLog(jobId)}; nothing was sent, and nothing written to GitHub.`);
    return role === 'event' ? 'dry-run' : 'not-sent';
  }

  // The back-link read again just before the message leaves: a run that sent this review (or the
  // last follow-up the limit allows) meanwhile is seen, and the review is not sent twice.
  const now = await ourBackLink(await github.listComments(docs.number), docs, core.seal, docs.backLink.author);
  const meanwhile = budgetNotSent(review.id, [...new Set([...(now?.record.reviewsSent ?? []), ...loop.sent])], settings.reviewLoopMax);
  if (meanwhile === 'limit-reached') await sayLimit(loop, review.login);
  if (meanwhile) return notSent(meanwhile);

  // Sent first, counted once the API took it (or may have): never counted unsent, never sent twice.
  const job = await logger.phase(Phase.Send, () => sendPrompt({ ...settings, dryRun: false, jobId }, message.text, agentDeps(context)));
  run.job = job;
  const acceptedAt = context.clock.now();
  if (job.delivery !== 'accepted') {
    // The API certainly did not take it (it answered a refusal, or was never reached): not counted; the next run sends it.
    const tookNoEffect =
      job.delivery === 'refused' || job.delivery === 'none' || (job.error instanceof ApiError && job.error.kind === 'http' && !job.error.mayHaveTakenEffect);
    if (tookNoEffect) {
      if (job.outcome === 'cancelled') throw job.error ?? new Error('Cancelled before the review was sent.');
      throw new Error(`The review was not sent: ${errorMessage(job.error)} It does not count against review-loop-max.`);
    }
    // It may have arrived (a 5xx, a timeout, or a cancellation while it was on its way): counted, so
    // that no run sends it twice; the reply says a new review sends it.
    const counted = await count(loop, review.id);
    if (job.outcome === 'cancelled') throw job.error ?? new Error('Cancelled while the review was sent.');
    await reply(deps, github, docs, { kind: 'unknown', reviewer: review.login, jobId, sent: run.sent, max: settings.reviewLoopMax }, jobId, run);
    throw new Error(
      `The review may have reached the agent: ${errorMessage(job.error)} ${counted ? 'It counts against review-loop-max, and is not sent again: a new review sends it.' : "The documentation PR's back-link could not record it."}`,
    );
  }
  await count(loop, review.id);
  logger.info(`Sent ${review.login}'s review to job ${idForLog(jobId)}: follow-up ${run.sent} of ${settings.reviewLoopMax} for this documentation PR.`);
  if (role === 'missed') run.alsoSent.push(review.id);
  return { job, acceptedAt };
}

/** The reply says review-loop-max is reached, once a run. */
async function sayLimit(loop: Loop, reviewer: string): Promise<void> {
  if (loop.limitSaid) return;
  loop.limitSaid = true;
  const { deps, github, docs, jobId, run } = loop;
  await reply(deps, github, docs, { kind: 'limit', reviewer, max: deps.settings.reviewLoopMax }, jobId, run);
}

/** A run's record before the loop sent anything: only the decision reads it. */
function placeholderRun(): AgentRun {
  return {
    mode: 'attach',
    prompt: '',
    startedAt: 0,
    outcome: 'synced',
    jobId: undefined,
    job: undefined,
    timedOut: false,
    waitedMs: 0,
    error: undefined,
    delivery: 'none',
  };
}

/**
 * Counts the review in the back-link's record (`memory/back-link.ts`: read again, written, read
 * back), once the API took its message (or may have); `run.sent` follows. A failure is one
 * warning: the review was sent, so the reply and the summary say it counts, and the warning says
 * what to give, since until the back-link records it a re-run could send it again.
 */
async function count(loop: Loop, reviewId: number): Promise<boolean> {
  const { deps, docs, run } = loop;
  const { context, core } = deps;
  let counted: ReviewCount = 'not-written';
  let why = 'GitHub did not keep the change';
  // A write after the message left, in a window of its own (after a cancellation too): what the API
  // took is recorded. One cut off by the step's cancellation is written again, in the wrap-up's window.
  for (let attempt = 0; attempt < 2 && counted === 'not-written'; attempt += 1) {
    try {
      counted = await countReview(await deps.docsLastWrite(), docs, core.seal, docs.backLink.author, reviewId, Number.POSITIVE_INFINITY);
    } catch (error) {
      why = errorMessage(error);
      if (!(error instanceof GitHubError && error.kind === 'cancelled' && context.signal.aborted)) break;
    }
  }
  if (!loop.sent.includes(reviewId)) loop.sent.push(reviewId);
  run.sent = loop.sent.length;
  if (counted === 'counted' || counted === 'counted-before') return true;
  context.logger.warning(
    `Could not record the follow-up in the documentation PR's back-link (${why}): github-token needs "Pull requests: write" on ${docs.repository.name}. Until it records the review, a re-run of this workflow could send it again.`,
  );
  return false;
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

/**
 * The reply on the documentation PR (`memory/reply.ts`): found again by the one rule of "ours" (the
 * token's own identity, its record verifying), once a run (`run.replyId` keeps it), else created.
 * `last`: a write after the job, in a window of its own.
 */
async function reply(deps: LoopDeps, github: GitHubApi, docs: DocsSide, stage: RevisionStage, jobId: string, run: RevisionView, last = false): Promise<void> {
  const { context, core } = deps;
  const record: ReplyRecord =
    stage.kind === 'limit'
      ? { jobId, reviewer: stage.reviewer, sent: stage.max, max: stage.max }
      : { jobId: stage.jobId, reviewer: stage.reviewer, sent: stage.sent, max: stage.max };
  try {
    const client = last ? await deps.docsLastWrite() : github;
    run.replyId = await storeReply(client, docs, core.seal, {
      record,
      body: (line) => renderRevisionComment(stage, new Date(context.clock.now()).toISOString(), line),
      knownId: run.replyId,
    });
  } catch (error) {
    if (isCancellation(error, context.signal) || endsTheStep(error)) return;
    context.logger.warning(`Could not write the review loop's reply on documentation PR ${docs.repository.name}#${docs.number}: ${errorMessage(error)}`);
  }
}

/**
 * The code PR while the job revises: its `documentation` status `pending` on its current head (the
 * one judge), its comment's documentation PR line, and its record saying the job is at work again
 * (from now, until its `timeout`), the head of that `pending` and who wrote the reply — so a sweep
 * finishes it on that head when the step does not wait. A record that names another job keeps it,
 * and no `pending` is written that nothing would finish.
 */
async function showRevising(
  deps: LoopDeps,
  code: CodeSide,
  docs: DocsSide,
  decision: RunDocsPr,
  jobId: string,
  acceptedAt: number,
  revising: { readonly statusSha: string; readonly replyAuthor: string },
): Promise<GateState | undefined> {
  const { core } = deps;
  const current = code.comment.record;
  if (current && current.jobId !== jobId) {
    core.logger.info(`The code PR's record names another job than ${idForLog(jobId)}: its status and record are left to that job's runs.`);
    return undefined;
  }
  const record = newRecord({ pullRequest: codePullOf(code.pull), repository: code.repository, job: placeholderRun(), comment: code.comment, revising });
  record.documentationPr = decision;
  await writeWorkingStatus(record, core, 'revising');
  const endsBy = endsByOf(acceptedAt, core.settings.timeoutMs);
  const written = await rewriteTail(
    code.comment,
    (newest) =>
      newest.jobId === jobId ? { ...newest, working: true, acceptedAt: new Date(acceptedAt).toISOString(), ...(endsBy ? { endsBy } : {}), revising } : newest,
    {
      docsPrSection: renderDocsPrSection(pullName({ repository: docs.repository.name, number: docs.number }), 'revising'),
      ...(record.gateWritten && record.gate ? { gate: record.gate } : {}),
    },
    await core.code!.lastWrite(),
  );
  const recorded = written && code.comment.record?.working === true && code.comment.record.revising?.statusSha === revising.statusSha;
  if (!recorded && !deps.settings.wait && record.gateWritten === 'pending') {
    // Not recorded, no sweep would finish it: its pending would wait for ever. The status says where
    // the documentation PR stands instead, as `sync` judges it.
    core.logger.warning(
      "The code PR's comment could not record the revision, so no sweep will finish it: its documentation status says where the documentation PR stands instead.",
    );
    await writeStatusAsItStands(record, core);
  }
  return record.gateWritten;
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
    alsoSent: [],
  };
}
