import { newRun, waitForJob, type AgentRun } from '../agent/run-agent.js';
import { ApiError } from '../api/errors.js';
import { Outputs, type GateState } from '../constants.js';
import { docsClientFor } from '../docs-pr/access.js';
import type { DocsPrFollower } from '../docs-pr/follow.js';
import { nothingDone } from '../docs-pr/outcome.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import { workflowRepositoryOf, type EventPullRequest } from '../event.js';
import { gitHubClients } from '../github/clients.js';
import { endsTheStep, repoFromEnv, type GitHubApi } from '../github/api.js';
import type { RepositoryIdentity } from '../memory/seal.js';
import { RecordSeal } from '../memory/seal.js';
import { PullRequestComment } from '../pr-comment/comment.js';
import { renderSweepSummary, sweepLogLine, type SweptPullRequest } from '../report/sweep-report.js';
import { isCancellation } from '../runtime.js';
import type { AgentSettings, SweepSettings } from '../settings.js';
import { countOf, errorMessage, formatDuration, idForLog } from '../text.js';
import { afterTheJob, gateAndPublish } from './agent.js';
import { docsPrPhase, docsSide, type DocsSide } from './agent/docs-pr.js';
import { impactPhase } from './agent/impact.js';
import { pullRequestCommentRenderer } from './agent/pr-comment.js';
import { finishingRecord, type AgentRunRecord, type AgentStage } from './agent/run-record.js';
import { findWorking, SWEEP_LOOKBACK_MS, type WorkingPullRequest } from '../sweep/find.js';
import type { StepContext, StepReport } from './step.js';
import { lookAtPreview } from '../preview/run-preview.js';
import { replyRevisionEnded } from './sync/reply.js';

/** A sweep finishes at most this many jobs, oldest accepted first; the rest wait for the next sweep. */
export const SWEEP_MAX_JOBS = 50;

/**
 * `command: sweep` (the contract's *Detached runs*): finishes what `wait: false` runs left working.
 *
 * 1. **Find**: the pull requests whose comment, written by the action's identity, holds a verified
 *    record of a job still working (`sweep/find.ts`: the repository's recently updated comments,
 *    never each open pull request).
 * 2. **Read**: each job once (one `GET`, no waiting), oldest accepted first, at most 50.
 * 3. **Finish** each ended one as a waiting run ends: the same phases over the same record
 *    (`steps/agent.ts`: docs PR, preview, impact, gate, publish), on that pull request; one past
 *    `timeout` since it was accepted as `timed-out`. A job still working is left for the next sweep.
 *
 * Nothing in the event counts: a `repository_dispatch` payload, or the documentation PR that
 * opened, is only a wake-up call. A run of the same pull request that finished it meanwhile (a
 * waiting or attaching run, a push's new job, another sweep) wins: the record is read again just
 * before the last writes, and a sweep writes nothing to a pull request whose record moved on.
 */
export async function sweepStep(settings: SweepSettings, context: StepContext): Promise<StepReport> {
  const { logger, clock, signal } = context;
  const repository = workflowRepositoryOf(context.event, context.env);
  const repo = repoFromEnv(context.env);
  const swept: SweptPullRequest[] = [];
  const report = (outcome: 'swept' | 'dry-run' | 'cancelled' | 'error', failure?: string, left = 0): StepReport => {
    const requests = context.client.requestCount;
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
      ...(failure ? { failure } : {}),
    };
  };
  if (!repository || !repo) {
    return report('error', "command: sweep needs GITHUB_REPOSITORY (owner/name): it finishes the pull requests of the workflow's repository.");
  }
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const github = gitHubClients(settings, context);
  const workflowClient = (): Promise<GitHubApi> => github(settings.githubToken, repo, context.deadline.at);
  const agentSettings = asAgentSettings(settings);

  let found: WorkingPullRequest[];
  try {
    const since = clock.now() - settings.timeoutMs - SWEEP_LOOKBACK_MS;
    const findings = await findWorking(await workflowClient(), repository, seal, since);
    if (findings.unverified > 0) {
      logger.notice(
        `${countOf(findings.unverified, 'pull-request comment')} of this action held a record that does not verify: counted as none. Most likely api-key was rotated since they were written (give the earlier key as previous-api-key), else they were edited by hand.`,
      );
    }
    if (findings.more)
      logger.notice('This repository had more comments since the oldest job a sweep looks for than one sweep reads: the newest wait for the next sweep.');
    found = [...findings.working];
  } catch (error) {
    if (isCancellation(error, signal) || (endsTheStep(error) && signal.aborted)) return report('cancelled');
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
      // Read: the job, once.
      const job = await readJobOnce(pull, agentSettings, context);
      if (job.outcome === 'error' && !isJobGone(job)) {
        // A refused key or a server that keeps failing would fail every job alike: the sweep stops, and the next one tries again.
        if (isCancellation(job.error, signal)) return report('cancelled', undefined, left);
        swept.push(entry(pull, job, 'error', undefined));
        return report('error', `Could not read job ${idForLog(pull.record.jobId)} of pull request #${pull.number}: ${errorMessage(job.error)}`, left);
      }
      if (job.outcome === 'cancelled') return report('cancelled', undefined, left);
      const deps: FinishDeps = { settings: agentSettings, context, repository, seal, github, workflowClient };
      if (!pull.record.working) {
        // The job ended in an earlier sweep, which asked for its preview: shown once it has ended.
        try {
          swept.push(await showPreview(pull, job, deps));
        } catch (error) {
          if (isCancellation(error, signal)) return report('cancelled', undefined, left);
          logger.warning(`Pull request #${pull.number}: could not show its preview: ${errorMessage(error)} Left for the next sweep.`);
          swept.push(entry(pull, job, job.outcome, undefined));
        }
        return 'next';
      }
      if (job.outcome === 'running') {
        if (clock.now() - pull.acceptedAt < settings.timeoutMs) {
          logger.info(`Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} is still working; left for the next sweep.`);
          swept.push(entry(pull, job, 'still-working', undefined));
          return 'next';
        }
        job.outcome = 'timed-out';
        job.timedOut = true;
        logger.info(
          `Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} has worked longer than timeout (${formatDuration(settings.timeoutMs)}) since it was accepted: finished as timed-out.`,
        );
      }
      if (isJobGone(job)) logger.warning(`Pull request #${pull.number}: the API no longer knows job ${idForLog(pull.record.jobId)} (404): finished as error.`);
      // Finish: as a waiting run ends, on that pull request.
      try {
        swept.push(await finish(pull, job, deps));
      } catch (error) {
        if (isCancellation(error, signal)) return report('cancelled', undefined, left);
        // Its record still says working: the next sweep finishes it.
        logger.warning(`Pull request #${pull.number}: could not finish it: ${errorMessage(error)} Left for the next sweep.`);
        swept.push(entry(pull, job, 'still-working', undefined));
      }
      return 'next';
    });
    if (done !== 'next') return done;
  }
  return report(signal.aborted ? 'cancelled' : 'swept', undefined, left);
}

interface FinishDeps {
  readonly settings: AgentSettings;
  readonly context: StepContext;
  readonly repository: RepositoryIdentity;
  readonly seal: RecordSeal;
  readonly github: ReturnType<typeof gitHubClients>;
  readonly workflowClient: () => Promise<GitHubApi>;
}

/**
 * Finishes one pull request whose job ended: its comment found again (the one the sweep found,
 * still naming this job at work), then the phases a waiting run ends with.
 */
async function finish(pull: WorkingPullRequest, job: AgentRun, deps: FinishDeps): Promise<SweptPullRequest> {
  const { logger } = deps.context;
  const found = await foundAgain(pull, job, deps, sameWork);
  if ('skipped' in found) return found.skipped;
  const { record, side, quiet, comment } = found;
  if (!found.open) {
    logger.notice(
      `Pull request #${pull.number} was closed while its job worked: its outcome is recorded, and its documentation PR is left open (close it by hand).`,
    );
  }
  const earlier = comment.earlier;
  const follower: DocsPrFollower | undefined = side.follower ? side.follower(earlier?.docsPr, earlier?.supersedes) : undefined;
  if (follower) record.following = follower.outcome;
  const renderer = pullRequestCommentRenderer(quiet);
  const notify = (stage: AgentStage): Promise<void> => renderer.render(stage, record);
  await afterTheJob(record, side, follower, deps.settings, quiet, notify, 'ask');
  const written = await gateAndPublish(record, side, deps.settings, quiet, () => comment.unchangedSinceThisRun());
  if (!written) {
    logger.info(`Pull request #${pull.number}: its record, read again before the last writes, was written by another run meanwhile: nothing written.`);
    return entry(pull, job, 'skipped', undefined);
  }
  logger.info(`Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} finished as ${record.job.outcome}.`);
  // A revision after a review (review-loop, wait: false): its reply on the documentation PR says how it ended too.
  const docsPr = earlier?.docsPr;
  const reaches = docsPr && side.access ? docsClientFor(side.access, docsPr) : undefined;
  if (earlier?.revising && docsPr && reaches) {
    const repository = { id: docsPr.repositoryId, name: docsPr.repository };
    await replyRevisionEnded(await reaches, { repository, number: docsPr.number }, record.job, { ...quiet, seal: deps.seal });
  }
  return entry(pull, record.job, record.job.outcome, record.gateWritten);
}

/**
 * Shows the preview an earlier sweep asked for, once it has ended: its status read once; still
 * building, the pull request is left for the next sweep. Ended, the comment says so (the job's
 * outcome as it was, the documentation PR and what readers will see as the record keeps them), the
 * gate links the preview (`written`), and the record no longer keeps it.
 */
async function showPreview(pull: WorkingPullRequest, job: AgentRun, deps: FinishDeps): Promise<SweptPullRequest> {
  const { context, settings } = deps;
  const asked = pull.record.preview!;
  if (job.outcome !== 'pr-opened' && job.outcome !== 'archived') {
    context.logger.info(
      `Pull request #${pull.number}: job ${idForLog(pull.record.jobId)} could not be read as it ended; its preview waits for the next sweep.`,
    );
    return entry(pull, job, job.outcome, undefined);
  }
  const preview = await lookAtPreview(
    { statusId: asked.statusId, branch: asked.branch, url: asked.url, triggeredAt: Date.parse(asked.triggeredAt) },
    settings.timeoutMs,
    { client: context.client, clock: context.clock, logger: context.logger, signal: context.signal },
  );
  if (preview.status === undefined) {
    context.logger.info(`Pull request #${pull.number}: its preview is still building; left for the next sweep.`);
    return entry(pull, job, job.outcome, undefined);
  }
  const found = await foundAgain(pull, job, deps, samePreview);
  if ('skipped' in found) return found.skipped;
  const { record, side, quiet, comment } = found;
  record.preview = preview;
  // The documentation PR as the job reported it, decided again (nothing done to it), and what readers will see as the record measured it.
  await docsPrPhase(record, side, undefined, quiet, () => Promise.resolve());
  record.impact = await impactPhase(record, settings, quiet, side.access);
  const written = await gateAndPublish(record, side, settings, quiet, () => comment.unchangedSinceThisRun());
  if (!written) return entry(pull, job, 'skipped', undefined);
  context.logger.info(`Pull request #${pull.number}: its preview ended (${preview.status}).`);
  return entry(pull, job, job.outcome, record.gateWritten);
}

/** Whether a comment's record still holds the preview the sweep found, of the same job and head. */
function samePreview(record: PullRequestComment['earlier'], pull: WorkingPullRequest): boolean {
  return record?.jobId === pull.record.jobId && record.headSha === pull.record.headSha && record.preview?.statusId === pull.record.preview?.statusId;
}

/**
 * The pull request as GitHub has it now (its title, labels, branch; the head the job worked on is
 * the record's), its comment found again (the one the sweep found, still holding the same work:
 * `same`), and the run record of the sweep's writes to it.
 */
async function foundAgain(
  pull: WorkingPullRequest,
  job: AgentRun,
  deps: FinishDeps,
  same: (record: PullRequestComment['earlier'], pull: WorkingPullRequest) => boolean,
): Promise<{ skipped: SweptPullRequest } | { record: AgentRunRecord; side: DocsSide; quiet: StepContext; comment: PullRequestComment; open: boolean }> {
  const { settings, context, repository, seal, github } = deps;
  const { logger, signal } = context;
  // The step's outputs are the sweep's: a pull request's job ID or preview URL is not announced.
  const quiet: StepContext = { ...context, setOutput: () => undefined };
  let pullRequest: EventPullRequest;
  let comment: PullRequestComment | undefined;
  let open: boolean;
  try {
    const client = await deps.workflowClient();
    const state = await client.pullRequest(pull.number);
    open = state.state === 'open';
    pullRequest = {
      number: pull.number,
      title: state.title,
      headSha: pull.record.headSha,
      headRef: state.headRef,
      action: '',
      merged: state.merged,
      labels: state.labels,
      label: undefined,
    };
    comment = await PullRequestComment.find(client, { repository, number: pull.number, headSha: pull.record.headSha }, { logger, clock: context.clock, seal });
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
  const side = docsSide(settings, quiet, pullRequest, repository, seal, github);
  const record = finishingRecord({
    pullRequest,
    repository,
    comment,
    job,
    // Until a follower acts, the documentation PR stays as the record has it.
    following: side.follower ? nothingDone(comment.earlier?.docsPr, comment.earlier?.supersedes) : undefined,
  });
  return { record, side, quiet, comment, open };
}

/** The sweep's look at one job: attaching without waiting, one `GET` (its retries within the step's limits). */
function readJobOnce(pull: WorkingPullRequest, settings: AgentSettings, context: StepContext): Promise<AgentRun> {
  const { client, clock, sleep, random, logger, signal, deadline } = context;
  const run = newRun(pull.record.jobId, '', clock.now(), 'running');
  return waitForJob(run, { ...settings, jobId: pull.record.jobId, wait: false }, { client, clock, sleep, random, logger, signal, deadline: deadline.at });
}

/** The API answered 404 for the job: it no longer knows it, and never will. */
function isJobGone(run: AgentRun): boolean {
  return run.outcome === 'error' && run.error instanceof ApiError && run.error.status === 404;
}

/** Whether the comment as found again records the job and head the sweep found, still at work. */
function sameWork(record: PullRequestComment['earlier'], pull: WorkingPullRequest): boolean {
  return record?.working === true && record.jobId === pull.record.jobId && record.headSha === pull.record.headSha;
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

/**
 * The agent command's settings for the phases a sweep shares with a waiting run: the sweep's
 * own, and what a detached run implies (the comment keeps the record; nothing is sent or awaited).
 */
function asAgentSettings(settings: SweepSettings): AgentSettings {
  return {
    ...settings,
    command: 'agent',
    prompt: '',
    jobId: undefined,
    diff: 'false',
    diffInclude: [],
    diffExclude: [],
    diffMaxChars: 60_000,
    allowForks: false,
    wait: false,
    pollIntervalMs: 5_000,
    pollIntervalMaxMs: 30_000,
    failOn: new Set(),
    prComment: true,
    reuseJob: false,
  };
}
