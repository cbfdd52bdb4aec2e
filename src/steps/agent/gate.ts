import { GATE_CONTEXT, Outputs } from '../../constants.js';
import { pullRequestOfLink, serverUrlFrom } from '../../docs-pr/target.js';
import type { DocsPrOutcome } from '../../docs-pr/follow.js';
import { gateStatus, type DocsPrStanding, type GateDocsPr, type GateStatus } from '../../gate/policy.js';
import { GitHubError, pullName, repoFromEnv, type GitHubApi, type PullRef, type RepoName } from '../../github/api.js';
import { createGitHubApi } from '../../github/octokit.js';
import type { DocsPrState } from '../../report/docs-pr-report.js';
import type { GateSettings } from '../../settings.js';
import { errorMessage } from '../../text.js';
import type { StepContext } from '../step.js';
import type { ConnectGitHub } from './github.js';
import type { AgentRunRecord, AgentStage, Renderer } from './run-record.js';

/** What the gate knows of the documentation PR besides the record: its reviews approve it. */
export interface GateReview {
  readonly approved: boolean;
}

/**
 * The gate phase: the documentation gate's status for the run as it stands, by the policy
 * (`gate/policy.ts`); undefined without `docs-status`, or off a pull-request event. `working`:
 * the job was just sent and is being waited for.
 */
export function gateOf(record: AgentRunRecord, settings: GateSettings, context: StepContext, review?: GateReview, working = false): GateStatus | undefined {
  if (settings.docsStatus === 'off' || !record.pullRequest) return undefined;
  const atWork = working && record.job.delivery === 'accepted' && record.job.outcome === 'running';
  return gateStatus({
    mode: settings.docsStatus,
    waiveLabel: settings.waiveLabel,
    waivedBy: record.job.skipKind === 'waived' ? settings.waiveLabel : undefined,
    working: atWork,
    outcome: record.job.outcome,
    skip: record.job.skipKind,
    docsPr: gateDocsPr(record, context, review),
    runUrl: runUrlOf(context.env, record.pullRequest.number),
  });
}

/**
 * The documentation PR as the gate sees it: the one the record follows (follow-code-pr), else the
 * one the job's link names on this GitHub; its page made from its repository and number, its
 * preview when ready, and where it stands.
 */
function gateDocsPr(record: AgentRunRecord, context: StepContext, review: GateReview | undefined): GateDocsPr | undefined {
  const serverUrl = serverUrlFrom(context.env);
  const shown = record.docsPr?.shown;
  const pull: PullRef | undefined = shown?.pull ?? record.docsPr?.record ?? pullRequestOfLink(record.job.job?.prLink, serverUrl);
  if (!pull) return undefined;
  const preview = record.preview?.status === 'success' && record.preview.url?.startsWith('https://') ? record.preview.url : undefined;
  const standing = standingOf(record.docsPr, shown?.state);
  return {
    name: pullName(pull),
    url: `${serverUrl}/${pull.repository}/pull/${pull.number}`,
    ...(preview ? { previewUrl: preview } : {}),
    standing: standing === 'open' && review?.approved ? 'approved' : standing,
  };
}

function standingOf(docsPr: DocsPrOutcome | undefined, state: DocsPrState | undefined): DocsPrStanding {
  switch (state) {
    case 'closed':
      return 'closed-by-action';
    case 'left-alone-closed':
      return 'closed-by-someone';
    case 'left-alone-merged':
      return 'merged';
    default:
      // Not shown this run: the record says whether this action closed it.
      return docsPr?.record?.closedByAction ? 'closed-by-action' : 'open';
  }
}

/** The run's page, where every status not about the documentation PR links; the pull request's when the run's is unknown (a local run). */
export function runUrlOf(env: NodeJS.ProcessEnv, pullNumber: number): string {
  const serverUrl = serverUrlFrom(env);
  const repository = env.GITHUB_REPOSITORY ?? '';
  return env.GITHUB_RUN_ID ? `${serverUrl}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : `${serverUrl}/${repository}/pull/${pullNumber}`;
}

/** How long the status may take once the step was cancelled: the runner allows seconds, and the step exits within two. */
const AFTER_CANCELLATION_MS = 1_500;

/**
 * The documentation gate as a renderer: the status the record holds, written on the code PR's
 * head commit (the commit the job worked on) when the job was sent and when the run is over, and
 * the `docs-status-state` output once GitHub took it. A status that cannot be written (a fork's
 * read-only token, no `statuses: write`, GitHub failing) is one warning, and the run goes on.
 * After a cancellation it is still written, within a second and a half, so that a required status
 * does not wait for ever.
 */
export function commitStatusRenderer(
  settings: GateSettings & { readonly githubToken: string; readonly dryRun: boolean },
  context: StepContext,
  github: ConnectGitHub,
): Renderer {
  let warned = false;
  return {
    async render(stage: AgentStage, record: AgentRunRecord): Promise<void> {
      const status = record.gate;
      const sha = record.pullRequest?.headSha;
      const repo = repoFromEnv(context.env);
      if (!status || !sha || !repo || warned || stage === 'preview-asked') return;
      if (stage === 'sent' && status.state !== 'pending') return;
      if (settings.dryRun) {
        context.logger.info(`Dry run: would set the ${GATE_CONTEXT} status of ${sha} to ${status.state} (${status.description}).`);
        return;
      }
      try {
        const client = context.signal.aborted
          ? await afterCancellation(settings, context, repo)
          : await github(settings.githubToken, repo, context.deadline.wrapUpAt);
        await client.setCommitStatus(sha, { ...status, context: GATE_CONTEXT });
        context.setOutput(Outputs.DocsStatusState, status.state);
        context.logger.info(`Documentation gate: ${status.state} on ${sha} (${status.description}).`);
      } catch (error) {
        warned = true;
        context.logger.warning(`Could not set the ${GATE_CONTEXT} status on ${sha}: ${whyNot(error)}`);
      }
    },
  };
}

/** A client of its own once the step was cancelled (the step's would send nothing), held to a second and a half. */
function afterCancellation(settings: { readonly githubToken: string }, context: StepContext, repo: RepoName): Promise<GitHubApi> {
  return createGitHubApi({
    token: settings.githubToken,
    repo,
    requestTimeoutMs: AFTER_CANCELLATION_MS,
    deadline: context.clock.now() + AFTER_CANCELLATION_MS,
    signal: AbortSignal.timeout(AFTER_CANCELLATION_MS),
    clock: context.clock,
    apiUrl: context.env.GITHUB_API_URL,
    retries: 0,
    logger: context.logger,
  });
}

/** Why a status could not be written: a 403 names the permission (and the fork's read-only token). */
function whyNot(error: unknown): string {
  if (error instanceof GitHubError && error.status === 403) {
    return `GitHub answered 403 (${error.answer ?? 'forbidden'}): give the job "permissions: statuses: write". A pull request from a fork gets a read-only token; the documentation gate guide shows a workflow that still leaves the status.`;
  }
  return errorMessage(error);
}
