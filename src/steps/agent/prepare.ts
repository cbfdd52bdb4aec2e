import { carriesWaiver } from '../../gate/facts.js';
import type { JobReader } from '../../agent/poll.js';
import { promptFromChange, type DiffStats } from '../../diff/change-prompt.js';
import { isForkPullRequest, wantsDiff, type EventPullRequest, type TriggerEvent } from '../../event.js';
import { GitHubError, type GitHubApi, type RepoName } from '../../github/api.js';
import { emptyGitHubToken } from '../../github/calls.js';
import type { SkipKind } from '../../gate/policy.js';
import { carriedBackLink } from '../../memory/back-link.js';
import { hasJob, type BackLinkRecord } from '../../memory/record.js';
import type { RecordSeal, RepositoryIdentity } from '../../memory/seal.js';
import { CodePrComment } from '../../memory/code-pr-comment.js';
import type { Clock, Logger } from '../../runtime.js';
import type { AgentSettings } from '../../settings.js';
import { errorMessage, forLog, idForLog } from '../../text.js';

/** What the agent step will do, decided before anything is sent to the documentation API. */
export type Plan =
  | {
      readonly action: 'run';
      readonly prompt: string;
      /** The job to message or attach to: `job-id`, or the PR's earlier job when reused. */
      readonly jobId: string | undefined;
      readonly diff: DiffStats | undefined;
    }
  | {
      readonly action: 'skip';
      readonly reason: string;
      readonly kind: SkipKind;
      /** The pull-request comment says so (a change with only filtered files), or it is left as it is (a fork, the action's own documentation PR). */
      readonly shown: boolean;
    };

/** What the pull request's comments hold for this run: the action's comment (with its record), and whether it is the action's own documentation PR. */
export interface PullRequestMemory {
  /** The action's comment as found; undefined without `pr-comment`, or when the comments could not be read. */
  readonly found: CodePrComment | undefined;
  /** Set when the run stops here: a waived pull request, a fork's, or the action's own documentation PR. */
  readonly skip: { readonly reason: string; readonly kind: SkipKind } | undefined;
  /** The GitHub client the change is read with, when the run needs one. */
  readonly github: GitHubApi | undefined;
}

export interface PrepareDeps {
  readonly event: TriggerEvent;
  readonly pullRequest: EventPullRequest | undefined;
  readonly repo: RepoName | undefined;
  /** The workflow's repository as records are bound to it (its ID). */
  readonly repository: RepositoryIdentity | undefined;
  /** Creates the GitHub client for the repository on first use, so a step that needs none never loads Octokit. */
  readonly github: (repo: RepoName) => Promise<GitHubApi>;
  /** To check the state of a job recorded in the pull-request comment. */
  readonly jobs: JobReader;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Verifies the comment's record and the back-link, and seals what this run records. */
  readonly seal: RecordSeal;
}

/**
 * The first part of the prepare phase: the skips decided by who wrote the pull request (a fork's,
 * unless `allow-forks`) and by what its comments hold (the action's own documentation PR), and the
 * action's comment with its verified record (with `pr-comment` on a pull-request event).
 */
export async function readPullRequest(settings: AgentSettings, deps: PrepareDeps, forClosedEvent = false): Promise<PullRequestMemory> {
  const { event, logger, pullRequest: pr } = deps;
  // Every run of a pull request with docs-status leaves a status, a skip's included: without the token, say so before anything.
  if (pr && settings.docsStatus !== 'off' && !settings.githubToken) throw new Error(emptyTokenLine(settings, event, pr, forClosedEvent));
  const waived = !forClosedEvent && waivedBy(settings, pr);
  if (waived) {
    // No job; the comment is found all the same, so that its gate line follows the status.
    const skip = {
      kind: 'waived' as const,
      reason: `The pull request carries the label ${waived} (waive-label): it needs no documentation, so no job is created.`,
    };
    const found = pr && settings.prComment && settings.githubToken && deps.repo && !isForkPullRequest(event) ? await findComment(deps, pr) : undefined;
    return { found, github: undefined, skip };
  }
  if (pr && !forClosedEvent && isForkPullRequest(event)) {
    if (!settings.allowForks) {
      return {
        found: undefined,
        github: undefined,
        skip: {
          kind: 'fork',
          reason: `Pull request #${pr.number} comes from a fork: its title, body and diff are untrusted text that would go into the agent's prompt. Skipped; set allow-forks: true to run for forks.`,
        },
      };
    }
    if (event.name === 'pull_request_target') {
      logger.warning(
        "Running for a fork's pull request under pull_request_target with allow-forks: true. This event runs with the base repository's secrets and a write token, and the fork's text reaches the agent's prompt: a hostile pull request can try to steer the agent. Prefer pull_request, or require approval before this job runs.",
      );
    }
  }

  const sendsDiff = !forClosedEvent && wantsDiff(settings, event);
  const needsGitHub = sendsDiff || ((settings.prComment || forClosedEvent) && pr !== undefined);
  if (needsGitHub && !settings.githubToken) throw new Error(emptyTokenLine(settings, event, pr, forClosedEvent));
  if (!needsGitHub) return { found: undefined, github: undefined, skip: undefined };
  if (!deps.repo) throw new Error('GITHUB_REPOSITORY is not set: the repository whose change to read is unknown.');
  const github = await deps.github(deps.repo);
  const found = pr && (settings.prComment || forClosedEvent) ? await findComment(deps, pr) : undefined;
  const backLink = pr && found && carriedBackLink(found.comments, { repository: repositoryOf(deps), number: pr.number }, deps.seal);
  if (pr && backLink) return { found, github, skip: { kind: 'own-docs-pr', reason: ownDocsPrReason(pr.number, backLink) } };
  return { found, github, skip: undefined };
}

/** The line of an empty `github-token`: what this run of the pull request needs it for, and the permissions that takes. */
function emptyTokenLine(settings: AgentSettings, event: TriggerEvent, pr: EventPullRequest | undefined, forClosedEvent: boolean): string {
  const uses: Array<readonly [string, string]> = forClosedEvent
    ? [['read the pull-request comment that records the documentation PR', 'Pull requests: write']]
    : [
        ...(wantsDiff(settings, event) ? [['read the diff', 'Contents: read'] as const] : []),
        ...(pr && settings.prComment ? [['write the pull-request comment', 'Pull requests: write'] as const] : []),
      ];
  if (pr && settings.docsStatus !== 'off') uses.push(['write the documentation status', 'Commit statuses: write']);
  return emptyGitHubToken(
    uses.map(([use]) => use),
    uses.map(([, permission]) => permission),
  );
}

/** The action's comment on the pull request, with its verified record (and the back-link, on the action's own documentation PR). */
async function findComment(deps: PrepareDeps, pr: EventPullRequest): Promise<CodePrComment | undefined> {
  return CodePrComment.find(await deps.github(deps.repo!), { repository: repositoryOf(deps), number: pr.number, headSha: pr.headSha }, deps);
}

/** The workflow's repository as records are bound to it: by its ID where the runner gives one. */
function repositoryOf(deps: PrepareDeps): RepositoryIdentity {
  return deps.repository ?? { id: undefined, name: `${deps.repo!.owner}/${deps.repo!.repo}` };
}

/**
 * The second part of the prepare phase: turns the settings and the triggering event into the
 * prompt to send: the user's prompt or the built-in instruction, the change's context and its
 * filtered, budgeted diff. Decides the skips a change makes (only excluded files, nothing new
 * since the recorded head) and, with `reuse-job`, whether to follow up on the job recorded in the
 * pull-request comment.
 */
export async function planPrompt(settings: AgentSettings, memory: PullRequestMemory, deps: PrepareDeps): Promise<Plan> {
  const { event, logger } = deps;
  const { found, github } = memory;
  const headSha = deps.pullRequest?.headSha ?? '';
  const sendsDiff = wantsDiff(settings, event);

  // With reuse-job, the recorded job gets what changed since its recorded head, as a follow-up.
  const earlier = found?.earlier;
  const recorded = hasJob(earlier) ? earlier : undefined;
  const reused = settings.reuseJob && !settings.jobId && recorded && (await reusableJob(recorded.jobId, deps)) ? recorded : undefined;
  const jobId = reused?.jobId ?? settings.jobId;
  const since = reused?.headSha;
  if (reused) {
    logger.info(`Following up on job ${idForLog(reused.jobId)}, recorded in the pull-request comment, with the changes since ${reused.headSha}.`);
    if (reused.headSha === headSha) {
      // With the documentation gate, the run attaches to the job instead, so that the status it
      // leaves says how that job stands (a re-run of the workflow, a label added).
      if (settings.docsStatus !== 'off') {
        logger.info(`Job ${idForLog(reused.jobId)} already covers the head commit ${headSha}: attaching to it for the documentation gate.`);
        return { action: 'run', prompt: '', jobId: reused.jobId, diff: undefined };
      }
      return {
        action: 'skip',
        kind: 'covered',
        reason: `Job ${idForLog(reused.jobId)} already covers the head commit ${headSha}: nothing new to send.`,
        shown: false,
      };
    }
  }

  const run = (prompt: string, diff?: DiffStats): Plan => ({ action: 'run', prompt, jobId, diff });
  if (!sendsDiff || !github || !deps.repo) return run(settings.prompt);

  const change = await promptFromChange(settings, { event, github, repo: deps.repo, logger, since });
  switch (change.kind) {
    case 'unreadable': {
      // The diff is worth failing for when the step was told to send it (diff: true), or when it
      // is all there is to send (no prompt): skipping then would lose the change without a trace,
      // and a push's change for good. With a prompt, diff: auto makes it context, and the prompt
      // goes without it.
      const { error } = change;
      if (settings.diff === 'true' || !settings.prompt) {
        const why = settings.diff === 'true' ? 'diff is true' : 'no prompt was given';
        throw new GitHubError(
          `${error.message} The diff is what this step sends (${why}), so nothing was sent to the API; re-run the job once GitHub answers.`,
          error.kind,
          error.status,
        );
      }
      logger.warning(`Could not read the ${event.name} event's diff: ${errorMessage(error)} Sending the prompt without it (diff: auto).`);
      return run(settings.prompt);
    }
    case 'no-change':
      if (settings.diff === 'true') throw new Error(`Input "diff" is "true" but the ${event.name} event has no change to read.`);
      return settings.prompt || jobId
        ? run(settings.prompt)
        : { action: 'skip', kind: 'no-change', reason: 'The event carries no change to document and no prompt was given.', shown: true };
    case 'all-left-out':
      if (settings.prompt) return run(settings.prompt, change.diff);
      return {
        action: 'skip',
        kind: 'filtered',
        reason: `Every changed file (${change.changedFiles}) was left out by diff-include / diff-exclude (or is binary), and no prompt was given: nothing to document.`,
        shown: true,
      };
    case 'prompt':
      return run(change.prompt, change.diff);
  }
}

/**
 * The waiver label, when the documentation gate is on and the pull request carries it (or the
 * event adds it); labels are told apart without regard to case, as GitHub does.
 */
function waivedBy(settings: AgentSettings, pr: EventPullRequest | undefined): string | undefined {
  if (settings.docsStatus === 'off' || !pr) return undefined;
  const added = pr.action === 'labeled' && pr.label !== undefined && carriesWaiver(settings, [pr.label]);
  return added || carriesWaiver(settings, pr.labels) ? settings.waiveLabel : undefined;
}

/**
 * The action's own documentation PR (it carries this action's sealed back-link, when the docs
 * live in the workflow's repository): a job about its diff would document the documentation, and
 * a comment on it would be one more voice beside the back-link. No job, no comment.
 */
export function ownDocsPrReason(number: number, backLink: BackLinkRecord): string {
  // Said without `#`: the summary shows it as text, where GitHub would link `#12` and `owner/name#12`.
  const { repository, number: codeNumber } = backLink.codePr;
  return `This pull request (number ${number}) is the documentation PR that this action keeps in step with code pull request ${codeNumber} of ${repository}: no job is created for it, and it gets no comment.`;
}

/** A recorded job is worth a follow-up while it is active or completed; not once failed, archived or gone. */
async function reusableJob(jobId: string, deps: Pick<PrepareDeps, 'jobs' | 'logger'>): Promise<boolean> {
  try {
    const job = await deps.jobs.getJob(jobId);
    if (job.status === 'active' || job.status === 'completed') return true;
    deps.logger.info(`The job recorded in the pull-request comment (${idForLog(jobId)}) is ${forLog(job.status, 60)}; creating a new one.`);
    return false;
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) {
      deps.logger.info(`The job recorded in the pull-request comment (${idForLog(jobId)}) no longer exists; creating a new one.`);
      return false;
    }
    throw error;
  }
}
