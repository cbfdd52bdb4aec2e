import type { PullRequestPayload } from '../diff/read-change.js';
import { eventHasDiff, isForkPullRequest, PULL_REQUEST_EVENTS, type TriggerEvent } from '../event.js';
import { endsTheStep, type GitHubApi, type RepoName } from '../github/api.js';
import { findComment, type FoundComment } from '../github/pr-comment.js';
import type { Logger } from '../runtime.js';
import { forLog, errorMessage } from '../text.js';
import type { AgentSettings } from '../settings.js';
import type { JobReader } from './poll.js';

export interface DiffStats {
  readonly files: number;
  readonly chars: number;
  readonly omitted: number;
  readonly excluded: number;
}

/** What the agent step will do, decided before anything is sent to the documentation API. */
export type PreparedAgent =
  | {
      readonly action: 'run';
      readonly prompt: string;
      /** The job to message or attach to: `job-id`, or the PR's earlier job when reused. */
      readonly jobId: string | undefined;
      readonly diff: DiffStats | undefined;
      readonly comment: PullRequestComment | undefined;
    }
  | { readonly action: 'skip'; readonly reason: string; readonly comment: PullRequestComment | undefined };

export interface PullRequestComment {
  readonly pullNumber: number;
  readonly headSha: string;
  readonly existing: FoundComment | undefined;
}

export interface PrepareDeps {
  readonly event: TriggerEvent;
  readonly repo: RepoName | undefined;
  /** Creates the GitHub client on first use, so a step that needs none never loads Octokit. */
  readonly github: () => Promise<GitHubApi>;
  /** To check the state of a job recorded in the PR comment. */
  readonly jobs: JobReader;
  readonly logger: Logger;
}

/**
 * Turns the settings and the triggering event into the prompt to send: the user's prompt or the
 * built-in instruction, the change's context and its filtered, budgeted diff. Decides the skips
 * (a fork's pull request, a change with only excluded files) and, with `reuse-job`, whether to
 * follow up on the job recorded in the pull-request comment.
 */
export async function prepareAgent(settings: AgentSettings, deps: PrepareDeps): Promise<PreparedAgent> {
  const { event, logger } = deps;
  const pr = (PULL_REQUEST_EVENTS as readonly string[]).includes(event.name) ? (event.payload.pull_request as PullRequestPayload | undefined) : undefined;

  if (pr && isForkPullRequest(event)) {
    if (!settings.allowForks) {
      return {
        action: 'skip',
        reason: `Pull request #${pr.number} comes from a fork: its title, body and diff are untrusted text that would go into the agent's prompt. Skipped; set allow-forks: true to run for forks.`,
        comment: undefined,
      };
    }
    if (event.name === 'pull_request_target') {
      logger.warning(
        "Running for a fork's pull request under pull_request_target with allow-forks: true. This event runs with the base repository's secrets and a write token, and the fork's text reaches the agent's prompt: a hostile pull request can try to steer the agent. Prefer pull_request, or require approval before this job runs.",
      );
    }
  }

  const wantsDiff = settings.diff === 'true' || (settings.diff === 'auto' && eventHasDiff(event));
  const wantsComment = settings.prComment && pr !== undefined && !settings.dryRun;
  const needsGitHub = wantsDiff || (settings.prComment && pr !== undefined);
  if (needsGitHub && !settings.githubToken) {
    throw new Error(
      'Input "github-token" is empty: it is needed to read the diff and to write the pull-request comment. Leave it at its default (${{ github.token }}) or pass a token.',
    );
  }
  if (needsGitHub && !deps.repo) {
    throw new Error('GITHUB_REPOSITORY is not set: the repository whose change to read is unknown.');
  }
  const github = needsGitHub ? await deps.github() : undefined;
  const headSha = pr?.head?.sha ?? '';
  const found: CommentRead = pr && settings.prComment && github ? await readComment(github, pr.number, logger) : { readable: false };
  const existing = found.readable ? found.comment : undefined;
  // Comments that cannot be read cannot be found again: writing one would add a second.
  const comment = wantsComment && found.readable ? { pullNumber: pr.number, headSha, existing } : undefined;

  let jobId = settings.jobId;
  let since: string | undefined;
  if (settings.reuseJob && !jobId && existing?.state) {
    const reuse = await reusableJob(existing.state.jobId, deps);
    if (reuse) {
      jobId = existing.state.jobId;
      since = existing.state.headSha;
      logger.info(`Following up on job ${jobId}, recorded in the pull-request comment, with the changes since ${since}.`);
    }
  }
  if (since && since === headSha) {
    return { action: 'skip', reason: `Job ${jobId} already covers the head commit ${headSha}: nothing new to send.`, comment: undefined };
  }

  if (!wantsDiff || !github || !deps.repo) {
    return { action: 'run', prompt: settings.prompt, jobId, diff: undefined, comment };
  }
  // The diff machinery (glob matching, diff parsing) loads only for a step that sends a diff.
  const { promptFromChange } = await import('../diff/change-prompt.js');
  return promptFromChange(settings, { event, github, repo: deps.repo, logger, since, jobId, comment });
}

type CommentRead = { readonly readable: true; readonly comment: FoundComment | undefined } | { readonly readable: false };

/**
 * The action's earlier comment, if any. Reading it only adds to the run: when GitHub refuses or
 * fails, one warning, and the run goes on without the comment and without reuse-job.
 */
async function readComment(github: GitHubApi, pullNumber: number, logger: Logger): Promise<CommentRead> {
  try {
    return { readable: true, comment: await findComment(github, pullNumber) };
  } catch (error) {
    if (endsTheStep(error)) throw error;
    logger.warning(
      `Could not read the pull request's comments: ${errorMessage(error)} Going on without the pull-request comment and without reuse-job.`,
    );
    return { readable: false };
  }
}

/** A recorded job is worth a follow-up while it is active or completed; not once failed, archived or gone. */
async function reusableJob(jobId: string, deps: PrepareDeps): Promise<boolean> {
  try {
    const job = await deps.jobs.getJob(jobId);
    if (job.status === 'active' || job.status === 'completed') return true;
    deps.logger.info(`The job recorded in the pull-request comment (${jobId}) is ${forLog(job.status, 60)}; creating a new one.`);
    return false;
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) {
      deps.logger.info(`The job recorded in the pull-request comment (${jobId}) no longer exists; creating a new one.`);
      return false;
    }
    throw error;
  }
}
