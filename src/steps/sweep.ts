import { newRun, waitForJob, type AgentRun } from '../agent/run-agent.js';
import { ApiError } from '../api/errors.js';
import { Outputs, type GateState } from '../constants.js';
import type { Core } from '../core/context.js';
import { follows } from '../core/context.js';
import { docsPrPhase } from '../core/docs-pr.js';
import { finishJob, gateAndPublish } from '../core/finish.js';
import { impactPhase } from '../core/impact.js';
import { finishingRecord, type RunRecord } from '../core/record.js';
import { docsClientFor } from '../docs-pr/access.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import { workflowRepositoryOf, type EventPullRequest } from '../event.js';
import { gitHubClients } from '../github/clients.js';
import { endsTheStep, repoFromEnv } from '../github/api.js';
import { CodePrComment, sameWork } from '../memory/code-pr-comment.js';
import type { CommentRecord } from '../memory/record.js';
import { rewriteReplyOfJob } from '../memory/reply.js';
import { RecordSeal } from '../memory/seal.js';
import { lookAtPreview } from '../preview/run-preview.js';
import { renderRevisionComment } from '../report/revision-report.js';
import { renderSweepSummary, sweepLogLine, type SweptPullRequest } from '../report/sweep-report.js';
import { isCancellation } from '../runtime.js';
import type { SweepSettings } from '../settings.js';
import { countOf, errorMessage, formatDuration, idForLog } from '../text.js';
import { findWorking, SWEEP_LOOKBACK_MS, type WorkingPullRequest } from '../sweep/find.js';
import { coreOf, type StepContext, type StepReport } from './step.js';

/** A sweep finishes at most this many jobs, oldest accepted first; the rest wait for the next sweep. */
export const SWEEP_MAX_JOBS = 50;

/**
 * `command: sweep` (the contract's *Detached runs*): finishes what `wait: false` runs left working.
 *
 * 1. **Find**: the pull requests whose comment, the action's by the one rule of "ours", holds a
 *    verified record of a job still working (`sweep/find.ts`: the repository's recent comments,
 *    then the open pull requests whose head is still `pending`; never each open pull request).
 * 2. **Read**: each job once (one `GET`, no waiting), oldest accepted first, at most 50. One job
 *    whose read fails never holds the others: it is left working with one warning (past the time
 *    its record gives, finished as `timed-out` with the failure said); only an answer that would
 *    fail every job alike (the key refused) stops the sweep.
 * 3. **Finish** each ended one as a waiting run ends, with the core (`core/finish.ts`), on that pull
 *    request; one past the time its record gives (its start's `timeout`) as `timed-out`; a code PR
 *    closed while its job worked gets what its `closed` event would have done. A job still working
 *    is left for the next sweep.
 *
 * Nothing in the event counts: a `repository_dispatch` payload, or the documentation PR that
 * opened, is only a wake-up call. A run of the same pull request that finished it meanwhile (a
 * waiting or attaching run, a push's new job, another sweep) wins: the store reads the record
 * again before each write (`memory/code-pr-comment.ts`).
 */
export async function sweepStep(settings: SweepSettings, context: StepContext): Promise<StepReport> {
  const { logger, clock, signal } = context;
  const repository = workflowRepositoryOf(context.event, context.env);
  const repo = repoFromEnv(context.env);
  const swept: SweptPullRequest[] = [];
  const report = (outcome: 'swept' | 'dry-run' | 'cancelled' | 'error', failure?: string, left = 0): StepReport => {
    const requests = context.client.requestCount;
    // A cancelled sweep fails the step, as every command's cancellation does: the runner's exit code says so.
    const failed =
      failure ?? (outcome === 'cancelled' ? 'The sweep was cancelled: what was finished stays finished; the rest waits for the next sweep.' : undefined);
    return {
      outputs: {
        [Outputs.Outcome]: outcome,
        [Outputs.Swept]: JSON.stringify(swept),
        [Outputs.Requests]: String(requests),
      },
      summary: renderSweepSummary(outcome, swept, {
        requests,
        left,
        failure,
        pullUrl: (number) => `${serverUrlFrom(context.env)}/${repository?.name ?? ''}/pull/${number}`,
      }),
      closingLine: sweepLogLine(outcome, swept),
      ...(failed ? { failure: failed } : {}),
    };
  };
  if (!repository || !repo) {
    return report('error', "command: sweep needs GITHUB_REPOSITORY (owner/name): it finishes the pull requests of the workflow's repository.");
  }
  if (!settings.githubToken) {
    return report(
      'error',
      'Input "github-token" is empty: the sweep reads the pull requests\' comments with it. Leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write".',
    );
  }
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const github = gitHubClients(settings, context);
  // One core for the whole sweep: its outputs are the sweep's own, so no pull request's job ID or preview URL is announced.
  const core = coreOf(
    settings,
    context,
    {
      code: { repository, token: settings.githubToken },
      // The documentation side is read only when something the sweep finishes depends on it.
      docs:
        settings.followCodePr || settings.docsStatus !== 'off' || settings.readerImpact
          ? { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name }
          : undefined,
      quiet: true,
    },
    github,
    seal,
  );

  let found: WorkingPullRequest[];
  try {
    const since = clock.now() - SWEEP_LOOKBACK_MS;
    const findings = await findWorking(await core.code!.read(), repository, seal, { since, pendingStatus: settings.docsStatus !== 'off' });
    if (findings.unverified > 0) {
      logger.notice(
        `${countOf(findings.unverified, 'pull-request comment')} of this action held a record that does not verify: counted as none. Most likely api-key was rotated since they were written (give the earlier key as previous-api-key), else they were edited by hand.`,
      );
    }
    if (findings.more) logger.notice('This repository had more to look at than one sweep reads: the rest waits for the next sweep.');
    found = [...findings.working];
  } catch (error) {
    if (isCancellation(error, signal)) return report('cancelled');
    return report('error', `Could not find the pull requests to sweep: ${errorMessage(error)}`);
  }
  logger.info(found.length === 0 ? 'No job left working: nothing to sweep.' : `${countOf(found.length, 'job')} left working, oldest first.`);
  const left = Math.max(0, found.length - SWEEP_MAX_JOBS);
  if (left > 0)
    logger.notice(`${countOf(found.length, 'job')} left working: this sweep reads the oldest ${SWEEP_MAX_JOBS}; the ${left} newest wait for the next sweep.`);
  if (settings.dryRun) {
    for (const pull of found.slice(0, SWEEP_MAX_JOBS)) swept.push(entry(pull, undefined, 'dry-run', undefined));
    logger.info('Dry run: nothing was read from the API, and nothing written to GitHub.');
    return report('dry-run', undefined, left);
  }

  for (const pull of found.slice(0, SWEEP_MAX_JOBS)) {
    if (signal.aborted) return report('cancelled', undefined, left);
    if (clock.now() >= context.deadline.at) {
      logger.warning(`timeout (${formatDuration(settings.timeoutMs)}) ran out: the pull requests not swept yet wait for the next sweep.`);
      break;
    }
    // One pull request, in a phase of its own: read its job once, then show its preview or finish it.
    const done = await logger.phase(`Pull request #${pull.number}`, async (): Promise<StepReport | 'next'> => {
      const job = await readJobOnce(pull, context);
      if (job.outcome === 'cancelled' || isCancellation(job.error, signal)) return report('cancelled', undefined, left);
      if (failsEveryJob(job.error)) {
        // A refused key fails every job alike: the sweep stops, and the next one tries again.
        swept.push(entry(pull, job, 'error', undefined));
        return report('error', `Could not read job ${idForLog(pull.record.jobId)} of pull request #${pull.number}: ${errorMessage(job.error)}`, left);
      }
      const outcome = await sweepOne(pull, job, settings, core);
      swept.push(outcome);
      return outcome.outcome === 'cancelled' ? report('cancelled', undefined, left) : 'next';
    });
    if (done !== 'next') return done;
  }
  return report(signal.aborted ? 'cancelled' : 'swept', undefined, left);
}

/**
 * One pull request: its preview shown once it ended (the job ended in an earlier sweep), its job
 * left working, or finished. A job whose read failed (not for every job alike) is left working with
 * one warning, and finished as `timed-out` once the time its record gives has passed.
 */
async function sweepOne(pull: WorkingPullRequest, job: AgentRun, settings: SweepSettings, core: Core): Promise<SweptPullRequest> {
  const { logger, signal, clock } = core;
  if (!pull.record.working) {
    try {
      return await showPreview(pull, job, settings, core);
    } catch (error) {
      if (isCancellation(error, signal)) return entry(pull, job, 'cancelled', undefined);
      logger.warning(`Pull request #${pull.number}: could not show its preview: ${errorMessage(error)} Left for the next sweep.`);
      return entry(pull, job, job.outcome, undefined);
    }
  }
  const endsBy = endsByOf(pull, settings.timeoutMs);
  const pastItsTime = clock.now() >= endsBy;
  if (job.outcome === 'error' && !isJobGone(job)) {
    logger.warning(`Pull request #${pull.number}: could not read job ${idForLog(pull.record.jobId)}: ${errorMessage(job.error)}`);
    if (!pastItsTime) {
      logger.info(`Pull request #${pull.number}: left working for the next sweep, until ${new Date(endsBy).toISOString()}.`);
      return entry(pull, job, 'still-working', undefined);
    }
    job.outcome = 'timed-out';
    logger.info(
      `Pull request #${pull.number}: its job's time (until ${new Date(endsBy).toISOString()}) has passed and it could not be read: finished as timed-out.`,
    );
  }
  if (job.outcome === 'running') {
    if (!pastItsTime) {
      logger.info(`Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} is still working; left for the next sweep.`);
      return entry(pull, job, 'still-working', undefined);
    }
    job.outcome = 'timed-out';
    logger.info(
      `Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} has worked past the time its start gave it (${new Date(endsBy).toISOString()}): finished as timed-out.`,
    );
  }
  if (isJobGone(job)) logger.warning(`Pull request #${pull.number}: the API no longer knows job ${idForLog(pull.record.jobId)} (404): finished as error.`);
  try {
    return await finish(pull, job, settings, core);
  } catch (error) {
    if (isCancellation(error, signal)) return entry(pull, job, 'cancelled', undefined);
    // Its record still says working: the next sweep finishes it.
    logger.warning(`Pull request #${pull.number}: could not finish it: ${errorMessage(error)} Left for the next sweep.`);
    return entry(pull, job, 'still-working', undefined);
  }
}

/** When the work must end by: the time its record gives (its start's `timeout` after its acceptance); a record of an earlier version, the sweep's `timeout` after it. */
function endsByOf(pull: WorkingPullRequest, sweepTimeoutMs: number): number {
  const recorded = pull.record.endsBy;
  return recorded !== undefined ? Date.parse(recorded) : pull.acceptedAt + sweepTimeoutMs;
}

/**
 * Finishes one pull request whose job ended: its comment found again (still naming this work),
 * then what every command does when a job ends (`core/finish.ts`). A code PR closed while its job
 * worked gets what its `closed` event would have done (the core's docs PR phase).
 */
async function finish(pull: WorkingPullRequest, job: AgentRun, settings: SweepSettings, core: Core): Promise<SweptPullRequest> {
  const found = await foundAgain(pull, job, core, sameWorkAtWork);
  if ('skipped' in found) return found.skipped;
  const { record } = found;
  await finishJob(record, core, 'ask');
  core.logger.info(`Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} finished as ${record.job.outcome}.`);
  // A revision after a review (review-loop, wait: false): its reply on the documentation PR says how it ended too.
  await tellTheReply(record, core);
  return entry(pull, record.job, record.job.outcome, record.gateWritten);
}

/**
 * A revision's reply on the documentation PR, once a sweep saw its job end: the action's reply by
 * the author the code PR's record names (the review loop's workflow token), whose record names this
 * job. A record that names no author (an earlier version), no token that reaches the documentation
 * repository, or a failure, is one line and changes nothing else.
 */
async function tellTheReply(record: RunRecord, core: Core): Promise<void> {
  const revising = record.revising;
  const docsPr = record.comment?.earlier?.docsPr;
  if (!revising || !docsPr || !core.docs || !record.job.jobId) return;
  const author = revising.replyAuthor;
  const reaches = docsClientFor(core.docs, docsPr);
  if (!author || !reaches) {
    core.logger.info(
      `The review loop's reply on ${docsPr.repository}#${docsPr.number} is not updated: ${author ? 'no token reaches its repository (docs-token)' : 'the record names no author of it'}.`,
    );
    return;
  }
  const place = { repository: { id: docsPr.repositoryId, name: docsPr.repository }, number: docsPr.number };
  const { outcome } = record.job;
  try {
    await rewriteReplyOfJob(await reaches, place, core.seal, author, record.job.jobId, (reply, line) =>
      renderRevisionComment({ kind: 'ended', ...reply, outcome }, new Date(core.clock.now()).toISOString(), line),
    );
  } catch (error) {
    if (isCancellation(error, core.signal) || endsTheStep(error)) return;
    core.logger.warning(`Could not tell the review loop's reply on ${docsPr.repository}#${docsPr.number} how the revision ended: ${errorMessage(error)}`);
  }
}

/**
 * Shows the preview an earlier sweep asked for, once it has ended: its status read once; still
 * building, the pull request is left for the next sweep. Ended, the comment says so (the job's
 * outcome as it was, the documentation PR and what readers will see as the record keeps them), the
 * gate links the preview (`written`), and the record no longer keeps it.
 */
async function showPreview(pull: WorkingPullRequest, job: AgentRun, settings: SweepSettings, core: Core): Promise<SweptPullRequest> {
  const asked = pull.record.preview!;
  if (job.outcome !== 'pr-opened' && job.outcome !== 'archived') {
    core.logger.info(`Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} could not be read as it ended; its preview waits for the next sweep.`);
    return entry(pull, job, job.outcome, undefined);
  }
  const preview = await lookAtPreview(
    { statusId: asked.statusId, branch: asked.branch, url: asked.url, triggeredAt: Date.parse(asked.triggeredAt) },
    settings.timeoutMs,
    { client: core.api, clock: core.clock, logger: core.logger, signal: core.signal },
  );
  if (preview.status === undefined) {
    core.logger.info(`Pull request #${pull.number}: its preview is still building; left for the next sweep.`);
    return entry(pull, job, job.outcome, undefined);
  }
  const found = await foundAgain(pull, job, core, samePreview, false);
  if ('skipped' in found) return found.skipped;
  const { record } = found;
  record.preview = preview;
  // The documentation PR as the job reported it, decided again (nothing done to it), and what readers will see as the record measured it.
  await docsPrPhase(record, core, () => Promise.resolve());
  record.impact = await impactPhase(record, core);
  await gateAndPublish(record, core);
  core.logger.info(`Pull request #${pull.number}: its preview ended (${preview.status}).`);
  return entry(pull, job, job.outcome, record.gateWritten);
}

/** Whether a comment's record still holds the preview the sweep found, of the same job and head. */
function samePreview(record: CommentRecord | undefined, pull: WorkingPullRequest): boolean {
  return record?.jobId === pull.record.jobId && record.headSha === pull.record.headSha && record.preview?.statusId === pull.record.preview?.statusId;
}

/** Whether the comment as found again records the work the sweep found, still at work. */
function sameWorkAtWork(record: CommentRecord | undefined, pull: WorkingPullRequest): boolean {
  return record?.working === true && sameWork(record, pull.record);
}

/**
 * The pull request as GitHub has it now (its title, labels, branch, and whether it was closed,
 * merged or not; the head the job worked on is the record's), its comment found again (still
 * holding the same work: `same`), and the run record of the sweep's writes to it. `finishes`:
 * the sweep records the job's end.
 */
async function foundAgain(
  pull: WorkingPullRequest,
  job: AgentRun,
  core: Core,
  same: (record: CommentRecord | undefined, pull: WorkingPullRequest) => boolean,
  finishes = true,
): Promise<{ skipped: SweptPullRequest } | { record: RunRecord }> {
  const { logger, signal } = core;
  const code = core.code!;
  let pullRequest: EventPullRequest;
  let comment: CodePrComment | undefined;
  try {
    const client = await code.read();
    const state = await client.pullRequest(pull.number);
    pullRequest = {
      number: pull.number,
      title: state.title,
      headSha: pull.record.headSha,
      headRef: state.headRef,
      // Closed while its job worked: the sweep does what the `closed` event would have done.
      action: state.state === 'closed' ? 'closed' : '',
      merged: state.merged,
      labels: state.labels,
      label: undefined,
    };
    comment = await CodePrComment.find(
      client,
      { repository: code.repository, number: pull.number, headSha: pull.record.headSha },
      { logger, clock: core.clock, seal: core.seal },
    );
  } catch (error) {
    if (isCancellation(error, signal)) return { skipped: entry(pull, job, 'cancelled', undefined) };
    logger.warning(`Pull request #${pull.number}: ${errorMessage(error)} Left for the next sweep.`);
    return { skipped: entry(pull, job, 'still-working', undefined) };
  }
  if (!comment || !same(comment.earlier, pull)) {
    logger.info(
      `Pull request #${pull.number}: its comment no longer records this work of job ${idForLog(pull.record.jobId)} (another run finished it, or a push sent a new job): left as it is.`,
    );
    return { skipped: entry(pull, job, 'skipped', undefined) };
  }
  const revising = comment.earlier?.revising;
  // A revision's documentation PR is the one the record names: it is not linked again.
  const followed = follows(core.settings) && !revising;
  const record = finishingRecord({ pullRequest, repository: code.repository, comment, job, finishes, ...(revising ? { revising } : {}) }, followed);
  return { record };
}

/** The sweep's look at one job: attaching without waiting, one `GET` (its retries within the step's limits). */
function readJobOnce(pull: WorkingPullRequest, context: StepContext): Promise<AgentRun> {
  const { client, clock, sleep, random, logger, signal, deadline } = context;
  const run = newRun(pull.record.jobId, '', clock.now(), 'running');
  return waitForJob(
    run,
    { dryRun: false, jobId: pull.record.jobId, wait: false, pollIntervalMs: 0, pollIntervalMaxMs: 0 },
    { client, clock, sleep, random, logger, signal, deadline: deadline.at },
  );
}

/** An answer that would fail every job alike: the key refused (`401`, `403`), its usage used up, or the run's request budget spent. */
function failsEveryJob(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || error.status === 403 || error.usageUsedUp || error.kind === 'budget';
}

/** The API answered 404 for the job: it no longer knows it, and never will. */
function isJobGone(run: AgentRun): boolean {
  return run.error instanceof ApiError && run.error.status === 404;
}

/** One pull request of the `swept` output and the summary's table. */
function entry(pull: WorkingPullRequest, job: AgentRun | undefined, outcome: SweptPullRequest['outcome'], state: GateState | undefined): SweptPullRequest {
  return {
    pullRequest: pull.number,
    jobId: pull.record.jobId,
    status: job?.job?.status ?? '',
    outcome,
    prLink: job?.job?.prLink ?? '',
    docsStatusState: state ?? '',
  };
}
