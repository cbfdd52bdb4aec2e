import { cancelledBeforeSending, failedBeforeSending, runAgent, skippedRun, type AgentRun } from '../agent/run-agent.js';
import { GitHubError, repoFromEnv, type GitHubApi, type RepoName } from '../github/api.js';
import { createGitHubApi } from '../github/octokit.js';
import { agentFailure, agentLogLine, agentOutputs, renderAgentSummary } from '../report/agent-report.js';
import { previewOutputs, previewSummary, withPreviewFailure } from '../report/preview-report.js';
import { isCancellation } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import { formatDuration } from '../text.js';
import type { PullRequestComment } from '../pr-comment/comment.js';
import { RecordSeal } from '../pr-comment/seal.js';
import { docsPrFollowing, docsPrOutputs, syncClosedCodePr, withDocsPrSummary } from './docs-pr-step.js';
import { prepareAgent, type PreparedAgent } from './prepare-agent.js';
import { previewAfterJob } from './preview-after-job.js';
import { agentDeps, type StepContext, type StepReport } from './step.js';

/**
 * `command: agent`: prepares the prompt (the diff, the skips, the comment's earlier job), creates,
 * messages or attaches to the job and waits for it, keeps the pull-request comment, and reports.
 * `timeout` bounds the whole step: the GitHub reads before the job as much as the wait after.
 */
export async function agentStep(settings: AgentSettings, context: StepContext): Promise<StepReport> {
  const { client, clock, logger, signal } = context;
  const startedAt = clock.now();
  const deadline = context.deadline.at;
  const repo = repoFromEnv(context.env);
  // The reads of the change end by the deadline; the comment's writes, which report the run, may
  // take one request-timeout past it (`Deadline.wrapUpAt`). One client for each, made on first use.
  const clients = new Map<number, Promise<GitHubApi>>();
  const connectGitHub = (repo: RepoName, until = deadline): Promise<GitHubApi> => {
    let github = clients.get(until);
    if (!github) {
      github = createGitHubApi({
        token: settings.githubToken,
        repo,
        requestTimeoutMs: settings.requestTimeoutMs,
        deadline: until,
        signal,
        clock,
        apiUrl: context.env.GITHUB_API_URL,
        retries: settings.retries,
        logger,
      });
      clients.set(until, github);
    }
    return github;
  };

  // follow-code-pr: a closed code PR only brings its documentation PR in step; a reopened one reopens it first.
  // The key that seals what this run records, and verifies what it reads back (pr-comment/seal.ts).
  const seal = RecordSeal.fromApiKey(settings.apiKey);
  const following = docsPrFollowing(settings, context, repo, seal);
  if (following?.closed && repo)
    return syncClosedCodePr(
      settings,
      context,
      { ...following, closed: following.closed },
      { reading: () => connectGitHub(repo), wrapUp: () => connectGitHub(repo, context.deadline.wrapUpAt) },
      startedAt,
      seal,
    );
  let reopenedWith: PullRequestComment | undefined;
  const beforeJob = following?.reopened
    ? (found: PullRequestComment) => {
        reopenedWith = found;
        return following.follower.codePrReopened(found);
      }
    : undefined;

  let prepared: PreparedAgent | undefined;
  let run: AgentRun;
  try {
    prepared = await prepareAgent(settings, {
      event: context.event,
      repo,
      github: connectGitHub,
      wrapUpGitHub: (repo) => connectGitHub(repo, context.deadline.wrapUpAt),
      jobs: client,
      logger,
      clock,
      seal,
      beforeJob,
    });
    if (prepared.action === 'skip') {
      logger.notice(prepared.reason);
      run = skippedRun(settings, startedAt, prepared.reason);
    } else {
      const { prompt, jobId, diff, comment } = prepared;
      if (prompt) logger.data(`Prompt (${prompt.length} characters)`, prompt);
      run = await runAgent({ ...settings, jobId }, prompt, {
        ...agentDeps(context),
        deadline,
        // The comment says the job is working as soon as it exists, not only when it ends.
        onAccepted: comment && ((accepted) => comment.writeWorking(accepted, diff)),
      });
    }
  } catch (error) {
    run = isCancellation(error, signal) ? cancelledBeforeSending(settings, startedAt) : stoppedBeforeSending(settings, startedAt, error);
  }

  const diff = prepared?.action === 'run' ? prepared.diff : undefined;
  // A reopened documentation PR is shown in the comment even when the run then skips (the head is covered already).
  const comment = prepared?.comment ?? (following?.follower.action === 'reopened' ? reopenedWith : undefined);
  // The documentation PR is linked first, so the comment that shows the preview building shows it too.
  if (following && comment && !signal.aborted) await following.follower.jobReported(comment, run);
  // The preview of the documentation PR's branch: the comment shows it building once it is asked for.
  const preview = await previewAfterJob(settings, run, context, deadline, comment && ((building) => comment.writeOutcome(run, diff, building)));
  return {
    outputs: { ...agentOutputs(run, client.requestCount), ...previewOutputs(preview), ...docsPrOutputs(following) },
    summary: withDocsPrSummary(renderAgentSummary(run, client.requestCount, diff) + previewSummary(preview), following),
    afterReport: async () => {
      // After a cancellation the runner allows seconds, not a round trip to GitHub.
      if (!comment || signal.aborted) return undefined;
      await comment.writeOutcome(run, diff, preview);
      // Cancelled while the comment was written: the outcome above stands, the step still stops.
      return signal.aborted ? 'Cancelled while writing the pull-request comment.' : undefined;
    },
    closingLine: agentLogLine(run),
    failure: withPreviewFailure(agentFailure(run, settings.failOn), preview, settings.failOnPreview),
  };
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
