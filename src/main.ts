import * as core from '@actions/core';
import { prepareAgent, type DiffStats, type PreparedAgent } from './agent/prepare.js';
import { cancelledBeforeSending, failedBeforeSending, runAgent, skippedRun, type AgentDeps, type AgentRun } from './agent/run-agent.js';
import { ApiClient } from './api/client.js';
import { Outputs, type OutputName } from './constants.js';
import { readTriggerEvent, type TriggerEvent } from './event.js';
import { GitHubError, repoFromEnv, type GitHubApi } from './github/api.js';
import { createGitHubApi } from './github/octokit.js';
import { COMMENT_MARKER, PullRequestComment, stateLine } from './github/pr-comment.js';
import { readSettings } from './inputs.js';
import { formatDuration } from './parse.js';
import { coreLogger } from './logger.js';
import { agentLogLine, agentOutputs, failOnLine, renderAgentSummary, renderPrComment, renderWorkingComment } from './report/agent-report.js';
import { byteLength, cutToBytes, SUMMARY_LIMIT_BYTES } from './report/markdown.js';
import { CancelledError, realSleep, systemClock } from './runtime.js';
import type { Outcome } from './agent/outcome.js';
import type { AgentSettings, RefreshSettings, Settings, VisitorsSettings } from './settings.js';
import { countOf, forLog, formatCount } from './text.js';
import { USER_AGENT } from './version.js';

/**
 * The action: read the settings, run the chosen flow, report. The one place that sets outputs,
 * writes the summary and fails the step, on every path including cancellation.
 */
export async function run(): Promise<void> {
  const startedAt = performance.now();
  let signalledAt: number | undefined;
  const cancellation = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (cancellation.signal.aborted) return;
    signalledAt = performance.now();
    core.info(`Received ${signal}: stopping.`);
    cancellation.abort(new CancelledError(`cancelled by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let client: ApiClient | undefined;
  try {
    const event = readTriggerEvent();
    const { settings, warnings } = readSettings({ event, nowMs: systemClock.now(), env: process.env });
    for (const warning of warnings) core.warning(warning);
    client = createClient(settings, cancellation.signal);
    if (settings.command === 'agent') await agentStep(settings, event, client, cancellation.signal);
    else if (settings.command === 'visitors') await visitorsStep(settings, client, cancellation.signal);
    else await refreshStep(settings, client, cancellation.signal);
  } catch (error) {
    // A bad input, or anything else that stopped the step before a flow reported: the outputs
    // still say so, since later steps read them whatever happened.
    if (!outputsSet) setOutputs({ [Outputs.Outcome]: 'error', [Outputs.Requests]: String(client?.requestCount ?? 0) });
    core.setFailed(messageOf(error));
  } finally {
    await client?.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // The action's own account of its time, from its own clock: what the tests hold to the
    // deadline, free of the host's process start-up.
    const ended = performance.now();
    core.debug(
      `Finished ${Math.round(ended - startedAt)} ms after start${signalledAt === undefined ? '' : `, ${Math.round(ended - signalledAt)} ms after the signal`}.`,
    );
    if (cancellation.signal.aborted) exitSoonAfterCancel();
  }
}

function createClient(settings: Settings, signal: AbortSignal): ApiClient {
  return new ApiClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    requestTimeoutMs: settings.requestTimeoutMs,
    retries: settings.retries,
    userAgent: USER_AGENT,
    logger: coreLogger,
    clock: systemClock,
    sleep: realSleep,
    random: Math.random,
    signal,
  });
}

async function agentStep(settings: AgentSettings, event: TriggerEvent, client: ApiClient, signal: AbortSignal): Promise<void> {
  const startedAt = systemClock.now();
  // `timeout` bounds the whole step: the GitHub reads before the job as much as the wait after.
  const deadline = startedAt + settings.timeoutMs;
  const repo = repoFromEnv(process.env);
  let github: Promise<GitHubApi> | undefined;
  const connectGitHub = (): Promise<GitHubApi> =>
    (github ??= createGitHubApi({
      token: settings.githubToken,
      repo: repo!,
      requestTimeoutMs: settings.requestTimeoutMs,
      deadline,
      signal,
      clock: systemClock,
      retries: settings.retries,
      logger: coreLogger,
    }));

  let prepared: PreparedAgent | undefined;
  let commentWriter: PullRequestComment | undefined;
  let run: AgentRun;
  try {
    prepared = await prepareAgent(settings, { event, repo, github: connectGitHub, jobs: client, logger: coreLogger });
    const { comment } = prepared;
    if (comment && github) commentWriter = new PullRequestComment(await github, comment.pullNumber, comment.existing);
    if (prepared.action === 'skip') {
      core.notice(prepared.reason);
      run = skippedRun(settings, startedAt, prepared.reason);
    } else {
      const { prompt, jobId, diff } = prepared;
      if (prompt) coreLogger.data(`Prompt (${prompt.length} characters)`, prompt);
      const writer = commentWriter;
      run = await runAgent({ ...settings, jobId }, prompt, {
        ...agentDeps(client, signal),
        deadline,
        // The comment says the job is working as soon as it exists, not only when it ends.
        onAccepted: writer && comment ? (accepted) => writeComment(writer, comment, accepted, 'working', diff) : undefined,
      });
    }
  } catch (error) {
    if (signal.aborted) {
      run = cancelledBeforeSending(settings, startedAt);
    } else {
      const outOfTime = error instanceof GitHubError && error.kind === 'deadline';
      run = failedBeforeSending(
        settings,
        startedAt,
        outOfTime
          ? new Error(`${error.message} Nothing was sent to the API; timeout (${formatDuration(settings.timeoutMs)}) bounds the GitHub reads too.`)
          : error,
      );
      run.timedOut = outOfTime;
    }
  }

  setOutputs(agentOutputs(run, client.requestCount));
  await writeSummary(renderAgentSummary(run, client.requestCount, prepared?.action === 'run' ? prepared.diff : undefined));
  // After a cancellation the runner allows seconds, not a round trip to GitHub.
  if (prepared?.comment && commentWriter && github && !signal.aborted) {
    // Like the last poll at the deadline, the comment that reports the outcome may take one
    // request-timeout past it: a timed-out run is worth a comment that says so.
    (await github).setDeadline(deadline + settings.requestTimeoutMs);
    await writeComment(commentWriter, prepared.comment, run, 'outcome', prepared.action === 'run' ? prepared.diff : undefined);
    // Cancelled while the comment was written: the outcome above stands, the step still stops.
    if (signal.aborted) core.setFailed('Cancelled while writing the pull-request comment.');
  }
  coreLogger.info(agentLogLine(run));
  failIfNeeded(run, settings.failOn);
}

/**
 * Writes the run's one pull-request comment: `working` as soon as the API accepted the job, then
 * the outcome. A failure here is one warning, never the step's; no write follows a failed one.
 */
async function writeComment(
  writer: PullRequestComment,
  comment: NonNullable<PreparedAgent['comment']>,
  run: AgentRun,
  stage: 'working' | 'outcome',
  diff: DiffStats | undefined,
): Promise<void> {
  const jobId = run.jobId ?? run.job?.id;
  // The record moves to this head only once the API has accepted it (the create or the message
  // answered 2xx). After a refused, failed, cut-off or cancelled one it keeps the last accepted
  // head, so the next run sends the same change again instead of taking it as delivered.
  const recorded = run.delivery === 'accepted' && jobId ? { jobId, headSha: comment.headSha } : comment.existing?.state;
  const state = recorded && stateLine(recorded);
  const now = new Date(systemClock.now()).toISOString();
  const body = stage === 'working' ? renderWorkingComment(run, diff, COMMENT_MARKER, state, now) : renderPrComment(run, COMMENT_MARKER, state, now);
  try {
    const result = await writer.write(body);
    if (result === 'forbidden') {
      core.warning('Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.');
    } else if (result !== 'skipped') {
      coreLogger.info(`Pull-request comment ${result}${stage === 'working' ? ' (working)' : ''}.`);
    }
  } catch (error) {
    core.warning(`Could not write the pull-request comment: ${messageOf(error)}`);
  }
}

async function visitorsStep(settings: VisitorsSettings, client: ApiClient, signal: AbortSignal): Promise<void> {
  // Loaded here so that an agent step does not pay for the export's code at start-up.
  const { runVisitors, renderVisitorsSummary, visitorsOutputs, uploadArtifact } = await import('./visitors/step-modules.js');
  const run = await runVisitors(settings, {
    client,
    clock: systemClock,
    logger: coreLogger,
    signal,
    uploadArtifact: (name, files, root) => uploadArtifact(name, files, root),
  });
  if (run.artifact?.skipped) core.notice(`Visitor files not uploaded as an artifact: ${run.artifact.skipped}. They are in ${settings.outputDir}.`);
  // A tried upload that failed is worth a warning: the files are still on the runner, for this job only.
  if (run.artifact?.failed)
    core.warning(
      `Visitor files not uploaded as an artifact: the upload failed (${forLog(run.artifact.failed, 300)}). They are in ${settings.outputDir} on this runner.`,
    );
  setOutputs(visitorsOutputs(run, client.requestCount));
  await writeSummary(renderVisitorsSummary(run, client.requestCount, settings.artifactName));
  if (run.totals) {
    coreLogger.info(
      `Visitors: ${countOf(run.totals.total, 'unique visitor')} (${formatCount(run.totals.human)} human, ${formatCount(run.totals.ai)} AI); ${countOf(run.rows, 'page')} written to ${run.csvPath} and ${run.jsonPath}; ${countOf(client.requestCount, 'API request')}.`,
    );
  }
  if (run.cancelled) core.setFailed('Cancelled before the export finished; no files were written.');
  else if (run.error) core.setFailed(run.error.message);
}

async function refreshStep(settings: RefreshSettings, client: ApiClient, signal: AbortSignal): Promise<void> {
  // Loaded here so that the other steps do not pay for the refresh's code at start-up.
  const { runRefresh, refreshOutputs, renderRefreshSummary } = await import('./refresh/step-modules.js');
  const run = await runRefresh(settings, agentDeps(client, signal));
  if (run.agent.outcome === 'skipped') core.notice(run.agent.skipReason ?? 'Nothing to refresh.');
  setOutputs(refreshOutputs(run, client.requestCount));
  await writeSummary(renderRefreshSummary(run, client.requestCount));
  coreLogger.info(agentLogLine(run.agent));
  failIfNeeded(run.agent, settings.failOn);
}

/** What creating and waiting for a job takes on a runner; the job ID is an output the moment it is known. */
function agentDeps(client: ApiClient, signal: AbortSignal): AgentDeps & { client: ApiClient } {
  return {
    client,
    clock: systemClock,
    sleep: realSleep,
    random: Math.random,
    logger: coreLogger,
    signal,
    onJobId: (id) => core.setOutput(Outputs.JobId, id),
  };
}

function failIfNeeded(run: AgentRun, failOn: ReadonlySet<Outcome>): void {
  if (run.outcome === 'error') {
    core.setFailed(run.error?.message ?? 'The API failed.');
  } else if (run.outcome === 'cancelled') {
    const jobId = run.jobId ?? run.job?.id;
    core.setFailed(
      jobId
        ? `Cancelled. Job ${jobId} goes on running on the server (the API cannot cancel it); attach to it later with job-id: ${jobId}.`
        : run.delivery === 'none'
          ? 'Cancelled before anything was sent to the agent; no job was created or messaged.'
          : 'Cancelled before the API answered; a job may still have been created.',
    );
  } else if (failOn.has(run.outcome)) {
    core.setFailed(failOnLine(run, failOn));
  }
}

/** Whether a flow has set its outputs: then an error after it does not overwrite them. */
let outputsSet = false;

function setOutputs(outputs: Partial<Record<OutputName, string>>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  outputsSet = true;
}

/** Writes the job summary, cut to GitHub's limit; a local run without a summary file skips it. */
async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    core.debug('GITHUB_STEP_SUMMARY is not set: no job summary written.');
    return;
  }
  const fitted = byteLength(markdown) > SUMMARY_LIMIT_BYTES ? cutToBytes(markdown, SUMMARY_LIMIT_BYTES) : markdown;
  await core.summary.addRaw(fitted).write();
}

/**
 * After a cancellation everything is written and the connections are closed, so the process
 * should end by itself; if anything still holds the event loop, end it before the runner's
 * kill (10 s after SIGINT). Unref'd: it never keeps the process alive on its own.
 */
function exitSoonAfterCancel(): void {
  setTimeout(() => process.exit(process.exitCode ?? 1), 1_000).unref();
}

/** Input errors and API errors carry messages written for the author; nothing else reaches the log raw. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
