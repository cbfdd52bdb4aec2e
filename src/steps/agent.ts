import { cancelledBeforeSending, failedBeforeSending, newRun, sendPrompt, skippedRun, waitForJob, type AgentRun } from '../agent/run-agent.js';
import { Outputs } from '../constants.js';
import type { DocsPrFollower } from '../docs-pr/follow.js';
import { nothingDone } from '../docs-pr/outcome.js';
import { pullRequestOf } from '../event.js';
import type { GateStatus } from '../gate/policy.js';
import { GitHubError, repoFromEnv, type RepoName } from '../github/api.js';
import type { DocsPrRecord } from '../memory/record.js';
import { RecordSeal } from '../memory/seal.js';
import { isCancellation } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import { formatDuration } from '../text.js';
import { docsPrFollower } from './agent/docs-pr.js';
import { gitHubClients, type ConnectGitHub } from './agent/github.js';
import { commitStatusRenderer, gateOf } from './agent/gate.js';
import { impactPhase } from './agent/impact.js';
import { pullRequestCommentRenderer } from './agent/pr-comment.js';
import { planPrompt, readPullRequest, type Plan, type PrepareDeps } from './agent/prepare.js';
import { agentReport } from './agent/report.js';
import type { AgentRunRecord, AgentStage, Renderer } from './agent/run-record.js';
import { askForPreview, waitForPreview } from './preview.js';
import { agentDeps, type StepContext, type StepReport } from './step.js';

/**
 * `command: agent`, in its phases, one after the other: **prepare** (the pull request's memory,
 * the skips, the prompt), **send** (create, message or attach), **wait** (poll to the end),
 * **docs PR** (follow-code-pr), **preview**, **report**. Each phase writes what it found into the
 * one run record (`agent/run-record.ts`); after the phases that show, `notify` lets every renderer
 * draw from the record (the pull-request comment). A closed code PR's run (follow-code-pr) only
 * prepares, follows the documentation PR, and reports.
 *
 * A new phase goes here, in its place, writing into the record; a new renderer is one file in
 * `agent/` and one line in `renderers`. `timeout` bounds the whole step (`context.deadline`).
 */
export async function agentStep(settings: AgentSettings, context: StepContext): Promise<StepReport> {
  const { logger, signal } = context;
  const pullRequest = pullRequestOf(context.event);
  const repo = repoFromEnv(context.env);
  const seal = RecordSeal.fromApiKey(settings.apiKey);
  const github = gitHubClients(settings, context);
  const following = await docsPrFollower(settings, context, pullRequest, repo, seal, github);
  const syncing = settings.followCodePr && following !== undefined && pullRequest?.action === 'closed';
  const record: AgentRunRecord = {
    pullRequest,
    comment: undefined,
    diff: undefined,
    job: newRun(settings.jobId, settings.prompt, context.clock.now(), 'running'),
    // With follow-code-pr, `docs-pr-action` says `none` until the docs PR phase did something.
    docsPr: following ? nothingDone(undefined) : undefined,
    preview: undefined,
    syncing,
    gate: undefined,
    impact: undefined,
  };
  const renderers: Renderer[] = [pullRequestCommentRenderer(context), commitStatusRenderer(settings, context, github)];
  const notify = async (stage: AgentStage): Promise<void> => {
    for (const renderer of renderers) await renderer.render(stage, record);
  };
  const deps = prepareDeps(settings, context, pullRequest, repo, seal, github);
  if (syncing) return followClosedCodePr(record, deps, following, settings, context, notify);

  // Prepare: who wrote the pull request, what its comments hold (the docs PR reopened with the code PR), and the prompt.
  const { plan, follower } = await prepare(record, deps, following, settings, context);

  if (plan?.action === 'run') {
    // Send: the prompt, as a new job or a follow-up, or nothing (attach).
    record.diff = plan.diff;
    if (plan.prompt) logger.data(`Prompt (${plan.prompt.length} characters)`, plan.prompt);
    const run = { ...settings, jobId: plan.jobId };
    record.job = await sendPrompt(run, plan.prompt, agentDeps(context));
    if (record.job.jobId) context.setOutput(Outputs.JobId, record.job.jobId);
    record.gate = gateOf(record, settings, context, undefined, true);
    await notify('sent');
    // Wait: until the job ends, the deadline passes, or the step is cancelled.
    record.job = await waitForJob(record.job, run, agentDeps(context));
  }

  // Docs PR: the documentation PR the job reported is linked (and an earlier one superseded).
  if (follower && record.comment && !signal.aborted) {
    await follower.jobReported(record.job);
    record.docsPr = follower.outcome;
  }

  // Preview: asked for (the comment shows it building, when one was asked for), then awaited.
  record.preview = await askForPreview(settings, record.job, context);
  await notify('preview-asked');
  record.preview = await waitForPreview(record.preview, context);

  // Impact: what readers will see of the documentation PR (with reader-impact), once per its head commit.
  record.impact = await impactPhase(record, settings, context, github);

  // Gate: the documentation status the run leaves (with docs-status), the approval read when it waits on one.
  record.gate = await gatePhase(record, settings, context, follower);

  // Report: outputs, summary, the comment's last word and the status, the closing line, the verdict.
  return agentReport(record, settings, context, notify);
}

/** The gate phase: the status by the policy, with the documentation PR's approval read when `approved` waits on it. */
async function gatePhase(
  record: AgentRunRecord,
  settings: AgentSettings,
  context: StepContext,
  follower: DocsPrFollower | undefined,
): Promise<GateStatus | undefined> {
  const before = gateOf(record, settings, context);
  const waitsForApproval = before?.state === 'pending' && settings.docsStatus === 'approved' && record.job.outcome === 'pr-opened';
  return waitsForApproval && follower && !context.signal.aborted ? gateOf(record, settings, context, await follower.approval()) : before;
}

/**
 * The prepare phase: the skips decided by who wrote the pull request and what its comments hold,
 * the comment this run writes, the documentation PR reopened with its code PR, and the plan (the
 * prompt, or a skip). A run stopped here (an error, a cancellation, a skip) says so in the record,
 * and has no plan to run.
 */
async function prepare(
  record: AgentRunRecord,
  deps: PrepareDeps,
  following: ((recorded: DocsPrRecord | undefined) => DocsPrFollower) | undefined,
  settings: AgentSettings,
  context: StepContext,
): Promise<{ plan: Plan | undefined; follower: DocsPrFollower | undefined }> {
  let follower: DocsPrFollower | undefined;
  let plan: Plan | undefined;
  try {
    const memory = await readPullRequest(settings, deps);
    if (memory.skip) {
      plan = { action: 'skip', ...memory.skip, shown: false };
    } else {
      // A dry run reads the comment (for reuse-job's decision) but writes nothing.
      record.comment = settings.dryRun ? undefined : memory.found;
      follower = memory.found ? following?.(memory.found.earlier?.docsPr) : undefined;
      if (follower) record.docsPr = follower.outcome;
      if (follower && settings.followCodePr && record.pullRequest?.action === 'reopened') {
        await follower.codePrReopened();
        record.docsPr = follower.outcome;
      }
      plan = await planPrompt(settings, memory, deps);
    }
  } catch (error) {
    const { startedAt } = record.job;
    record.job = isCancellation(error, context.signal) ? cancelledBeforeSending(settings, startedAt) : stoppedBeforeSending(settings, startedAt, error);
    // A run stopped while preparing writes no comment, unless it shows a reopened documentation PR.
    if (record.docsPr?.action !== 'reopened') record.comment = undefined;
    return { plan: undefined, follower };
  }
  if (plan.action === 'skip') {
    context.logger.notice(plan.reason);
    record.job = skippedRun(settings, record.job.startedAt, plan.reason, plan.kind);
    // A skip the comment does not show leaves it as it is, unless it shows a reopened documentation PR.
    if (!plan.shown && record.docsPr?.action !== 'reopened') record.comment = undefined;
  }
  return { plan, follower };
}

/**
 * A closed code PR's run (follow-code-pr): no job, no preview. The comment's record names the
 * documentation PR, which is closed (not merged) or told of the merge and marked ready (merged);
 * the comment then shows where it stands. A pull request the action never recorded anything on
 * gets no comment; the action's own documentation PR is skipped.
 */
async function followClosedCodePr(
  record: AgentRunRecord,
  deps: PrepareDeps,
  following: (recorded: DocsPrRecord | undefined) => DocsPrFollower,
  settings: AgentSettings,
  context: StepContext,
  notify: (stage: AgentStage) => Promise<void>,
): Promise<StepReport> {
  const { logger, signal } = context;
  const merged = record.pullRequest?.merged === true;
  const { startedAt } = record.job;
  record.job = newRun(undefined, '', startedAt, settings.dryRun ? 'dry-run' : 'synced');
  try {
    const memory = await readPullRequest(settings, deps, true);
    if (memory.skip) {
      logger.notice(memory.skip.reason);
      record.job = skippedRun({ prompt: '' }, startedAt, memory.skip.reason, memory.skip.kind);
    } else {
      logger.info(`The code PR was closed${merged ? ' and merged' : ' without merging'}: no job is created.`);
      const follower = following(memory.found?.earlier?.docsPr);
      record.docsPr = follower.outcome;
      if (memory.found && !memory.found.earlier) {
        logger.info('No record of this action on the pull request: nothing to bring in step, and no comment is written.');
      } else if (memory.found) {
        record.comment = settings.dryRun ? undefined : memory.found;
        await follower.codePrClosed(merged);
        record.docsPr = follower.outcome;
      }
    }
  } catch (error) {
    record.job = isCancellation(error, signal) ? { ...record.job, outcome: 'cancelled' } : failedBeforeSending({ prompt: '' }, startedAt, error);
  }
  if (signal.aborted) record.job.outcome = 'cancelled';
  record.gate = gateOf(record, settings, context);
  return agentReport(record, settings, context, notify);
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

/**
 * What the prepare phase reads with: the event, the repository, and the GitHub clients. The reads
 * of the change end by the deadline; the comment's outcome, which reports the run, may take one
 * request-timeout past it (`Deadline.wrapUpAt`).
 */
function prepareDeps(
  settings: AgentSettings,
  context: StepContext,
  pullRequest: PrepareDeps['pullRequest'],
  repo: RepoName | undefined,
  seal: RecordSeal,
  github: ConnectGitHub,
): PrepareDeps {
  return {
    event: context.event,
    pullRequest,
    repo,
    github: (repo) => github(settings.githubToken, repo, context.deadline.at),
    wrapUpGitHub: (repo) => github(settings.githubToken, repo, context.deadline.wrapUpAt),
    jobs: context.client,
    logger: context.logger,
    clock: context.clock,
    seal,
  };
}
