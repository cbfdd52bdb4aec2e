import { newRun, type AgentRun } from '../agent/run-agent.js';
import { Outputs, type OutputName } from '../constants.js';
import { DocsPrFollower } from '../docs-pr/follow.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import { PULL_REQUEST_EVENTS } from '../event.js';
import { GitHubError, type GitHubApi, type RepoName } from '../github/api.js';
import { createGitHubApi } from '../github/octokit.js';
import { PullRequestComment } from '../pr-comment/comment.js';
import type { RecordSeal } from '../pr-comment/seal.js';
import { ownDocsPrReason } from './prepare-agent.js';
import { agentFailure, agentLogLine, agentOutputs, renderAgentSummary } from '../report/agent-report.js';
import { isCancellation } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import type { StepContext, StepReport } from './step.js';

/** How follow-code-pr applies to this run: the follower, and what the event asks of it. */
export interface DocsPrFollowing {
  readonly follower: DocsPrFollower;
  /** `closed`: no job, only the documentation PR follows (merged or not). */
  readonly closed: { readonly merged: boolean } | undefined;
  readonly reopened: boolean;
  readonly pullNumber: number;
  readonly headSha: string;
  /** The code PR's repository: the workflow's, `owner/name`. */
  readonly repository: string;
}

interface PullRequestFields {
  readonly number?: unknown;
  readonly title?: unknown;
  readonly merged?: unknown;
  readonly head?: { readonly sha?: unknown };
}

/**
 * The documentation PR's follower for this run, or nothing when follow-code-pr does not apply:
 * not asked for, or not a pull-request event of the workflow's repository. The clients of the
 * documentation repository share the step's deadline, plus one request-timeout: like the
 * comment's last write, a run that ended with a PR is worth bringing it in step.
 */
export function docsPrFollowing(settings: AgentSettings, context: StepContext, repo: RepoName | undefined, seal: RecordSeal): DocsPrFollowing | undefined {
  const { event } = context;
  const pr = event.payload.pull_request as PullRequestFields | undefined;
  if (!settings.followCodePr || !settings.prComment || !repo || !(PULL_REQUEST_EVENTS as readonly string[]).includes(event.name)) return undefined;
  if (typeof pr?.number !== 'number') return undefined;
  const workflowRepository = `${repo.owner}/${repo.repo}`;
  const serverUrl = serverUrlFrom(context.env);
  const clients = new Map<string, Promise<GitHubApi>>();
  const connect = (token: string, docsRepo: RepoName): Promise<GitHubApi> => {
    const key = `${token}\n${docsRepo.owner}/${docsRepo.repo}`.toLowerCase();
    let client = clients.get(key);
    if (!client) {
      client = createGitHubApi({
        token,
        repo: docsRepo,
        requestTimeoutMs: settings.requestTimeoutMs,
        deadline: context.deadline.wrapUpAt,
        signal: context.signal,
        clock: context.clock,
        apiUrl: context.env.GITHUB_API_URL,
        retries: settings.retries,
        logger: context.logger,
      });
      clients.set(key, client);
    }
    return client;
  };
  const follower = new DocsPrFollower({
    docsToken: settings.docsToken,
    githubToken: settings.githubToken,
    workflowRepository,
    serverUrl,
    codePr: {
      repository: workflowRepository,
      number: pr.number,
      title: typeof pr.title === 'string' ? pr.title : '',
      url: `${serverUrl}/${workflowRepository}/pull/${pr.number}`,
    },
    connect,
    seal,
    logger: context.logger,
    clock: context.clock,
    signal: context.signal,
    dryRun: settings.dryRun,
  });
  const action = event.payload.action;
  return {
    follower,
    closed: action === 'closed' ? { merged: pr.merged === true } : undefined,
    reopened: action === 'reopened',
    pullNumber: pr.number,
    repository: workflowRepository,
    headSha: typeof pr.head?.sha === 'string' ? pr.head.sha : '',
  };
}

/** The output follow-code-pr adds to the agent's. */
export function docsPrOutputs(following: DocsPrFollowing | undefined): Partial<Record<OutputName, string>> {
  return following ? { [Outputs.DocsPrAction]: following.follower.action } : {};
}

/** The summary with the documentation PR's section, when this run has one. */
export function withDocsPrSummary(summary: string, following: DocsPrFollowing | undefined): string {
  const section = following?.follower.summarySection;
  return section ? `${summary}\n${section}\n` : summary;
}

/**
 * A closed code PR (follow-code-pr): no job. The comment's record names the documentation PR,
 * which is closed (not merged) or marked (merged); the comment then shows where it stands.
 * Outcome `synced`, or `dry-run`, `cancelled` or `error` on those paths.
 */
export async function syncClosedCodePr(
  settings: AgentSettings,
  context: StepContext,
  following: DocsPrFollowing & { readonly closed: { readonly merged: boolean } },
  github: { readonly reading: () => Promise<GitHubApi>; readonly wrapUp: () => Promise<GitHubApi> },
  startedAt: number,
  seal: RecordSeal,
): Promise<StepReport> {
  const { client, logger, clock, signal } = context;
  const run: AgentRun = newRun(undefined, '', startedAt, settings.dryRun ? 'dry-run' : 'synced');
  let comment: PullRequestComment | undefined;
  try {
    if (!settings.githubToken) {
      throw new Error('Input "github-token" is empty: it is needed to read the pull-request comment that records the documentation PR.');
    }
    const pull = { repository: following.repository, number: following.pullNumber, headSha: following.headSha };
    comment = await PullRequestComment.find(await github.reading(), pull, { logger, clock, seal, wrapUp: await github.wrapUp() });
    if (comment?.backLink) {
      run.outcome = 'skipped';
      run.skipReason = ownDocsPrReason(following.pullNumber, comment.backLink);
      logger.notice(run.skipReason);
      comment = undefined;
    } else {
      logger.info(`The code PR was closed${following.closed.merged ? ' and merged' : ' without merging'}: no job is created.`);
      // A pull request the action never recorded anything on (a dependabot bump) gets no comment.
      if (comment && !comment.earlier) {
        logger.info('No record of this action on the pull request: nothing to bring in step, and no comment is written.');
        comment = undefined;
      }
      if (comment) await following.follower.codePrClosed(comment, following.closed.merged);
    }
  } catch (error) {
    if (isCancellation(error, signal) || (error instanceof GitHubError && error.kind === 'cancelled')) run.outcome = 'cancelled';
    else {
      run.outcome = 'error';
      run.error = error instanceof Error ? error : new Error(String(error));
    }
  }
  if (signal.aborted) run.outcome = 'cancelled';
  const written = settings.dryRun ? undefined : comment;
  return {
    outputs: { ...agentOutputs(run, client.requestCount), ...docsPrOutputs(following) },
    summary: withDocsPrSummary(renderAgentSummary(run, client.requestCount), following),
    afterReport: async () => {
      if (!written || signal.aborted) return undefined;
      await written.writeOutcome(run, undefined);
      return signal.aborted ? 'Cancelled while writing the pull-request comment.' : undefined;
    },
    closingLine: `${agentLogLine(run)} · docs PR ${following.follower.action}`,
    failure: run.outcome === 'cancelled' ? 'Cancelled while bringing the documentation PR in step; no job was created.' : agentFailure(run, settings.failOn),
  };
}
