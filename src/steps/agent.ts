import { cancelledBeforeSending, failedBeforeSending, newRun, sendPrompt, skippedRun, waitForJob, type AgentRun } from '../agent/run-agent.js';
import { Outputs } from '../constants.js';
import type { Core } from '../core/context.js';
import { codePrClosedPhase, followBeforeTheJob, followContextOf } from '../core/docs-pr.js';
import { finishJob, gateAndPublish } from '../core/finish.js';
import { nothingFollowed } from '../core/follow.js';
import { newRecord, stoppedBy, type RunRecord } from '../core/record.js';
import { show } from '../core/show.js';
import { pullRequestOf, workflowRepositoryOf } from '../event.js';
import { GitHubError, repoFromEnv } from '../github/api.js';
import { gitHubClients } from '../github/clients.js';
import { RecordSeal } from '../memory/seal.js';
import { isCancellation, Phase } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import { formatDuration } from '../text.js';
import { planPrompt, readPullRequest, type Plan, type PrepareDeps } from './agent/prepare.js';
import { agentReport } from './agent/report.js';
import { agentDeps, announce, coreOf, type StepContext, type StepReport } from './step.js';

/**
 * `command: agent`, in its phases, one after the other: **prepare** (the pull request's memory,
 * the skips, the prompt), **send** (create, message or attach), **wait** (poll to the end), then
 * what every command does when a job ends (`core/finish.ts`: docs PR, preview, impact, gate,
 * publish), and **report**. Each phase writes what it found into the one run record
 * (`core/record.ts`); the core shows the run as it stands (`core/show.ts`). A closed code PR's run
 * (follow-code-pr) prepares, follows the documentation PR (`core/docs-pr.ts`), and then the gate,
 * publish and report as every run. `timeout` bounds the whole step (`context.deadline`); the last
 * writes have windows of their own.
 */
export async function agentStep(settings: AgentSettings, context: StepContext): Promise<StepReport> {
  const { logger } = context;
  const pullRequest = pullRequestOf(context.event);
  const repository = workflowRepositoryOf(context.event, context.env);
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const github = gitHubClients(settings, context);
  // The documentation side is read only when something in the run depends on it.
  const readsDocs = (settings.followCodePr || settings.docsStatus !== 'off' || settings.readerImpact) && repository && pullRequest;
  const core = coreOf(
    settings,
    context,
    {
      code: repository && { repository, token: settings.githubToken },
      docs: readsDocs ? { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name } : undefined,
    },
    github,
    seal,
  );
  const syncing = settings.followCodePr && core.docs !== undefined && settings.prComment && pullRequest?.action === 'closed';
  const record = newRecord({ pullRequest, repository, job: newRun(settings.jobId, settings.prompt, context.clock.now(), 'running'), syncing });
  // With a follower, `docs-pr-action` says `none` until the run did something to the documentation PR.
  const followed = settings.prComment && followContextOf(record, core) !== undefined;
  if (followed) record.following = nothingFollowed(undefined);
  const deps: PrepareDeps = {
    event: context.event,
    pullRequest,
    repo: repoFromEnv(context.env),
    repository,
    github: (repo) => github(settings.githubToken, repo, context.deadline.at),
    jobs: context.client,
    logger,
    clock: context.clock,
    seal,
  };

  if (syncing) {
    await logger.phase(Phase.DocsPr, () => followClosedCodePr(record, deps, settings, core));
  } else {
    // Prepare: who wrote the pull request, what its comments hold (the docs PR reopened with the code PR), and the prompt.
    const plan = await logger.phase(Phase.Prepare, () => prepare(record, deps, settings, core, followed));
    if (plan?.action === 'run') {
      // Send: the prompt, as a new job or a follow-up, or nothing (attach); the working status and comment.
      record.diff = plan.diff;
      const run = { ...settings, jobId: plan.jobId };
      await logger.phase(Phase.Send, async () => {
        if (plan.prompt) logger.data(`Prompt (${plan.prompt.length} characters)`, plan.prompt);
        record.job = await sendPrompt(run, plan.prompt, agentDeps(context));
        if (record.job.delivery === 'accepted') record.acceptedAt = context.clock.now();
        if (record.job.jobId) announce(context, Outputs.JobId, record.job.jobId);
        await show('sent', record, core);
      });
      // Wait: until the job ends, the deadline passes, or the step is cancelled.
      record.job = await logger.phase(Phase.Wait, () => waitForJob(record.job, run, agentDeps(context)));
    }
  }
  // Docs PR, preview, impact, gate, publish: what every command does once its job ended (each
  // phase does nothing where the job opened nothing); a closed code PR's run, the gate and publish.
  if (syncing) await gateAndPublish(record, core);
  else await finishJob(record, core, 'await');
  // Report: the outputs, the summary, the closing line and the verdict, from the record.
  return agentReport(record, settings, context);
}

/**
 * The prepare phase: the skips decided by who wrote the pull request and what its comments hold,
 * the comment this run writes, the documentation PR reopened with its code PR, and the plan (the
 * prompt, or a skip). A run stopped here (an error, a cancellation, a skip) says so in the record,
 * and has no plan to run.
 */
async function prepare(record: RunRecord, deps: PrepareDeps, settings: AgentSettings, core: Core, followed: boolean): Promise<Plan | undefined> {
  let plan: Plan;
  try {
    const memory = await readPullRequest(settings, deps);
    // A dry run reads the comment (for reuse-job's decision) but writes nothing.
    record.comment = settings.dryRun ? undefined : memory.found;
    if (memory.skip) {
      plan = { action: 'skip', ...memory.skip, shown: false };
    } else {
      const earlier = memory.found?.earlier;
      if (memory.found && followed) record.following = nothingFollowed(earlier?.docsPr, earlier?.supersedes);
      await followBeforeTheJob(record, core);
      plan = await planPrompt(settings, memory, deps);
    }
  } catch (error) {
    const { startedAt } = record.job;
    record.job = isCancellation(error, core.signal) ? cancelledBeforeSending(settings, startedAt) : stoppedBeforeSending(settings, startedAt, error);
    // A run stopped while preparing shows it in the comment only when it reopened the documentation PR.
    record.shows = record.following?.action === 'reopened';
    return undefined;
  }
  if (plan.action === 'skip') {
    core.logger.notice(plan.reason);
    record.job = skippedRun(settings, record.job.startedAt, plan.reason, plan.kind);
    // A skip the comment does not show leaves its report as it is (its gate line follows the status), unless it shows a reopened documentation PR.
    record.shows = plan.shown || record.following?.action === 'reopened';
  }
  return plan;
}

/**
 * A closed code PR's run (follow-code-pr): no job, no preview. The comment's record names the
 * documentation PR, which the one decision checks; it is then closed (not merged) or told of the
 * merge and marked ready (merged), and the comment shows where it stands (`core/docs-pr.ts`). A
 * pull request the action never recorded anything on gets no comment; the action's own
 * documentation PR is skipped.
 */
async function followClosedCodePr(record: RunRecord, deps: PrepareDeps, settings: AgentSettings, core: Core): Promise<void> {
  const merged = record.pullRequest?.merged === true;
  const { startedAt } = record.job;
  record.job = newRun(undefined, '', startedAt, settings.dryRun ? 'dry-run' : 'synced');
  try {
    const memory = await readPullRequest(settings, deps, true);
    if (memory.skip) {
      core.logger.notice(memory.skip.reason);
      record.job = skippedRun({ prompt: '' }, startedAt, memory.skip.reason, memory.skip.kind);
      return;
    }
    core.logger.info(`The code PR was closed${merged ? ' and merged' : ' without merging'}: no job is created.`);
    const earlier = memory.found?.earlier;
    if (!memory.found || !earlier) {
      if (memory.found) core.logger.info('No record of this action on the pull request: nothing to bring in step, and no comment is written.');
      return;
    }
    record.comment = settings.dryRun ? undefined : memory.found;
    record.following = nothingFollowed(earlier.docsPr, earlier.supersedes);
    await codePrClosedPhase(record, core, merged);
  } catch (error) {
    if (isCancellation(error, core.signal)) record.job = { ...record.job, outcome: 'cancelled' };
    else if (error instanceof GitHubError && error.kind === 'deadline') stoppedBy(record, error, core.signal);
    else record.job = failedBeforeSending({ prompt: '' }, startedAt, error);
  }
}

/** A run stopped while preparing: the step's deadline hit during the GitHub reads is said as such. */
function stoppedBeforeSending(settings: AgentSettings, startedAt: number, error: unknown): AgentRun {
  if (!(error instanceof GitHubError && error.kind === 'deadline')) return failedBeforeSending(settings, startedAt, error);
  const run = failedBeforeSending(
    settings,
    startedAt,
    new Error(`${error.message} Nothing was sent to the API; timeout (${formatDuration(settings.timeoutMs)}) bounds the GitHub reads too.`),
  );
  run.timedOut = true;
  return run;
}
