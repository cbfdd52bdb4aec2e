import { cancelledBeforeSending, failedBeforeSending, newRun, sendPrompt, skippedRun, waitForJob, type AgentRun } from '../agent/run-agent.js';
import { Outputs } from '../constants.js';
import { decideRecorded } from '../docs-pr/decide.js';
import type { DocsPrFollower } from '../docs-pr/follow.js';
import { nothingDone } from '../docs-pr/outcome.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import { pullRequestOf, workflowRepositoryOf } from '../event.js';
import { gitHubClients, type ConnectGitHub } from '../github/clients.js';
import { GitHubError, repoFromEnv } from '../github/api.js';
import { RecordSeal } from '../memory/seal.js';
import { isCancellation, Phase } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import { formatDuration } from '../text.js';
import { afterChange, docsPrPhase, docsSide, type DocsSide } from './agent/docs-pr.js';
import { gatePhase, workingStatusRenderer } from './agent/gate.js';
import { impactPhase } from './agent/impact.js';
import { pullRequestCommentRenderer } from './agent/pr-comment.js';
import { planPrompt, readPullRequest, type Plan, type PrepareDeps } from './agent/prepare.js';
import { publishPhase } from './agent/publish.js';
import { agentReport } from './agent/report.js';
import { stoppedBy, type AgentRunRecord, type AgentStage, type Renderer } from './agent/run-record.js';
import { askForPreview, waitForPreview } from './preview.js';
import { agentDeps, announce, type StepContext, type StepReport } from './step.js';

/**
 * `command: agent`, in its phases, one after the other: **prepare** (the pull request's memory,
 * the skips, the prompt), **send** (create, message or attach), **wait** (poll to the end),
 * **docs PR** (the run's documentation PR, decided once, and followed), **preview**, **impact**,
 * **gate**, **publish** (the last writes: the status, then the comment), **report**. Each phase
 * writes what it found into the one run record (`agent/run-record.ts`); before the last writes,
 * `notify` lets the renderers show the run as it stands (the working status and comment). A closed
 * code PR's run (follow-code-pr) prepares, follows the documentation PR, and then the gate, publish
 * and report as every run.
 *
 * A new phase goes here, in its place, writing into the record; a new renderer is one file in
 * `agent/` and one line in `renderers`. `timeout` bounds the whole step (`context.deadline`); the
 * last writes have windows of their own (`steps/last-writes.ts`).
 */
export async function agentStep(settings: AgentSettings, context: StepContext): Promise<StepReport> {
  const { logger } = context;
  const pullRequest = pullRequestOf(context.event);
  const repository = workflowRepositoryOf(context.event, context.env);
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const github = gitHubClients(settings, context);
  const side = docsSide(settings, context, pullRequest, repository, seal, github);
  const syncing = settings.followCodePr && side.follower !== undefined && pullRequest?.action === 'closed';
  const record: AgentRunRecord = {
    pullRequest,
    repository,
    comment: undefined,
    shows: true,
    diff: undefined,
    job: newRun(settings.jobId, settings.prompt, context.clock.now(), 'running'),
    documentationPr: undefined,
    // With follow-code-pr, `docs-pr-action` says `none` until the docs PR phase did something.
    following: side.follower ? nothingDone(undefined) : undefined,
    preview: undefined,
    syncing,
    finishes: false,
    approved: undefined,
    gate: undefined,
    gateWritten: undefined,
    gateRefused: false,
    impact: undefined,
  };
  const renderers: Renderer[] = [workingStatusRenderer(settings, context, github), pullRequestCommentRenderer(context)];
  const notify = async (stage: AgentStage): Promise<void> => {
    for (const renderer of renderers) await renderer.render(stage, record);
  };
  const deps = prepareDeps(settings, context, record, seal, github);

  if (syncing) {
    await logger.phase(Phase.DocsPr, () => followClosedCodePr(record, deps, side, settings, context));
  } else {
    // Prepare: who wrote the pull request, what its comments hold (the docs PR reopened with the code PR), and the prompt.
    const { plan, follower } = await logger.phase(Phase.Prepare, () => prepare(record, deps, side, settings, context));

    if (plan?.action === 'run') {
      // Send: the prompt, as a new job or a follow-up, or nothing (attach); the working status and comment.
      record.diff = plan.diff;
      const run = { ...settings, jobId: plan.jobId };
      await logger.phase(Phase.Send, async () => {
        if (plan.prompt) logger.data(`Prompt (${plan.prompt.length} characters)`, plan.prompt);
        record.job = await sendPrompt(run, plan.prompt, agentDeps(context));
        if (record.job.jobId) announce(context, Outputs.JobId, record.job.jobId);
        await notify('sent');
      });
      // Wait: until the job ends, the deadline passes, or the step is cancelled.
      record.job = await logger.phase(Phase.Wait, () => waitForJob(record.job, run, agentDeps(context)));
    }

    // Docs PR, preview, impact: what a run does once its job ended (a sweep does the same).
    await afterTheJob(record, side, follower, settings, context, notify, 'await');
  }

  // Gate and publish: the status the run leaves, then the last writes (the status, then the comment).
  await gateAndPublish(record, side, settings, context);

  // Report: the outputs, the summary, the closing line and the verdict, from the record.
  return agentReport(record, settings, context);
}

/**
 * What a run does once its job ended, for a waiting run and `command: sweep` alike: the **docs PR**
 * phase (the run's documentation PR, decided once; linked, and an earlier one superseded), the
 * **preview** (asked for, the comment showing it building; awaited, unless a sweep asks for it and
 * a later sweep shows it), and **impact** (what readers will see, once per documentation PR head).
 */
export async function afterTheJob(
  record: AgentRunRecord,
  side: DocsSide,
  follower: DocsPrFollower | undefined,
  settings: AgentSettings,
  context: StepContext,
  notify: (stage: AgentStage) => Promise<void>,
  preview: 'await' | 'ask',
): Promise<void> {
  const { logger } = context;
  await logger.phase(Phase.DocsPr, () => docsPrPhase(record, side, follower, context, notify));
  await logger.phase(Phase.Preview, async () => {
    record.preview = await askForPreview(settings, record.job, context);
    await notify('preview-asked');
    if (preview === 'await') record.preview = await waitForPreview(record.preview, context);
  });
  record.impact = await logger.phase(Phase.Impact, () => impactPhase(record, settings, context, side.access));
}

/**
 * The gate (the status the run leaves, with docs-status; the approval read when it waits on one)
 * and the publish phase (the last writes, in the record's order: the status, then the comment),
 * for every run and every sweep's finish. `stillOurs`: read just before the last writes; false
 * leaves them to the run that now holds the pull request (a sweep that another run overtook).
 */
export async function gateAndPublish(
  record: AgentRunRecord,
  side: Pick<DocsSide, 'access'>,
  settings: AgentSettings,
  context: StepContext,
  stillOurs?: () => Promise<boolean>,
): Promise<boolean> {
  const { logger } = context;
  sayCancelled(record, context.signal);
  await logger.phase(Phase.Gate, () => gatePhase(record, settings, context, side.access));
  if (stillOurs && !(await stillOurs())) return false;
  await logger.phase(Phase.Publish, () => publishPhase(record, settings, context));
  sayCancelled(record, context.signal);
  return true;
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
  side: DocsSide,
  settings: AgentSettings,
  context: StepContext,
): Promise<{ plan: Plan | undefined; follower: DocsPrFollower | undefined }> {
  let follower: DocsPrFollower | undefined;
  let plan: Plan | undefined;
  try {
    const memory = await readPullRequest(settings, deps);
    // A dry run reads the comment (for reuse-job's decision) but writes nothing.
    record.comment = settings.dryRun ? undefined : memory.found;
    if (memory.skip) {
      plan = { action: 'skip', ...memory.skip, shown: false };
    } else {
      const earlier = memory.found?.earlier;
      follower = memory.found && side.follower ? side.follower(earlier?.docsPr, earlier?.supersedes) : undefined;
      if (follower) record.following = follower.outcome;
      const recorded = earlier?.docsPr;
      // A documentation PR an earlier run replaced and was stopped before it closed it: closed now.
      if (follower && recorded && earlier?.supersedes) {
        await follower.supersede(pullLink(context, recorded));
        record.following = follower.outcome;
      }
      if (follower && recorded && settings.followCodePr && record.pullRequest?.action === 'reopened') {
        // Only one this action closed is reopened: only then is it read and checked.
        await follower.codePrReopened(recorded.closedByAction ? await decideRecorded(recorded, side.decide) : { kind: 'none' });
        record.following = follower.outcome;
      }
      plan = await planPrompt(settings, memory, deps);
    }
  } catch (error) {
    const { startedAt } = record.job;
    if (follower) record.following = follower.outcome;
    record.job = isCancellation(error, context.signal) ? cancelledBeforeSending(settings, startedAt) : stoppedBeforeSending(settings, startedAt, error);
    // A run stopped while preparing shows it in the comment only when it reopened the documentation PR.
    record.shows = record.following?.action === 'reopened';
    return { plan: undefined, follower };
  }
  if (plan.action === 'skip') {
    context.logger.notice(plan.reason);
    record.job = skippedRun(settings, record.job.startedAt, plan.reason, plan.kind);
    // A skip the comment does not show leaves its report as it is (its gate line follows the status), unless it shows a reopened documentation PR.
    record.shows = plan.shown || record.following?.action === 'reopened';
  }
  return { plan, follower };
}

/**
 * A closed code PR's run (follow-code-pr): no job, no preview. The comment's record names the
 * documentation PR, which the one decision checks; it is then closed (not merged) or told of the
 * merge and marked ready (merged), and the comment shows where it stands. A pull request the
 * action never recorded anything on gets no comment; the action's own documentation PR is skipped.
 */
async function followClosedCodePr(record: AgentRunRecord, deps: PrepareDeps, side: DocsSide, settings: AgentSettings, context: StepContext): Promise<void> {
  const { logger, signal } = context;
  const merged = record.pullRequest?.merged === true;
  const { startedAt } = record.job;
  record.job = newRun(undefined, '', startedAt, settings.dryRun ? 'dry-run' : 'synced');
  let follower: DocsPrFollower | undefined;
  try {
    const memory = await readPullRequest(settings, deps, true);
    if (memory.skip) {
      logger.notice(memory.skip.reason);
      record.job = skippedRun({ prompt: '' }, startedAt, memory.skip.reason, memory.skip.kind);
      return;
    }
    logger.info(`The code PR was closed${merged ? ' and merged' : ' without merging'}: no job is created.`);
    const earlier = memory.found?.earlier;
    if (!memory.found || !earlier) {
      if (memory.found) logger.info('No record of this action on the pull request: nothing to bring in step, and no comment is written.');
      return;
    }
    record.comment = settings.dryRun ? undefined : memory.found;
    follower = side.follower!(earlier.docsPr, earlier.supersedes);
    record.following = follower.outcome;
    // An earlier documentation PR a run replaced and did not get to close is closed with the code PR too.
    if (earlier.docsPr && earlier.supersedes) {
      await follower.supersede(pullLink(context, earlier.docsPr));
      record.following = follower.outcome;
    }
    record.documentationPr = earlier.docsPr ? await decideRecorded(earlier.docsPr, side.decide) : { kind: 'none' };
    await follower.codePrClosed(merged, record.documentationPr);
    record.following = follower.outcome;
    record.documentationPr = afterChange(record.documentationPr, follower);
  } catch (error) {
    if (follower) record.following = follower.outcome;
    if (isCancellation(error, signal)) record.job = { ...record.job, outcome: 'cancelled' };
    else if (error instanceof GitHubError && error.kind === 'deadline') stoppedBy(record, error, signal);
    else record.job = failedBeforeSending({ prompt: '' }, startedAt, error);
  }
}

/**
 * A run cancelled after its job ended says so: its outcome is `cancelled`, never the job's (the
 * outputs are set once the last writes are done, so a cancellation during them counts too). Only
 * a preview cancelled while it was awaited leaves the job's outcome standing: the preview's own
 * status says it was cancelled, and fails the step.
 */
function sayCancelled(record: AgentRunRecord, signal: AbortSignal): void {
  const { outcome } = record.job;
  if (signal.aborted && outcome !== 'cancelled' && outcome !== 'error' && record.preview?.status !== 'cancelled') record.job.outcome = 'cancelled';
}

/** A pull request's page on the runner's GitHub. */
function pullLink(context: StepContext, pull: { readonly repository: string; readonly number: number }): string {
  return `${serverUrlFrom(context.env)}/${pull.repository}/pull/${pull.number}`;
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

/** What the prepare phase reads with: the event, the repository, and the GitHub clients (held to the step's deadline). */
function prepareDeps(settings: AgentSettings, context: StepContext, record: AgentRunRecord, seal: RecordSeal, github: ConnectGitHub): PrepareDeps {
  return {
    event: context.event,
    pullRequest: record.pullRequest,
    repo: repoFromEnv(context.env),
    repository: record.repository,
    github: (repo) => github(settings.githubToken, repo, context.deadline.at),
    jobs: context.client,
    logger: context.logger,
    clock: context.clock,
    seal,
  };
}
