import type { DocsAccess } from '../../docs-pr/access.js';
import { decideRecorded, decideReported, type DecideContext, type RunDocsPr } from '../../docs-pr/decide.js';
import { DocsPrFollower } from '../../docs-pr/follow.js';
import { repoName, serverUrlFrom } from '../../docs-pr/target.js';
import type { EventPullRequest } from '../../event.js';
import type { ConnectGitHub } from '../../github/clients.js';
import { renderDocsPrComment } from '../../report/docs-pr-report.js';
import type { GitHubApi, RepoName } from '../../github/api.js';
import type { DocsPrRecord } from '../../memory/record.js';
import type { RecordSeal, RepositoryIdentity } from '../../memory/seal.js';
import type { AgentSettings } from '../../settings.js';
import type { StepContext } from '../step.js';
import { stoppedBy, type AgentRunRecord, type AgentStage } from './run-record.js';

/** Who reaches the documentation side in this run, and how: the decision's context and the follower's maker. */
export interface DocsSide {
  /** The decision's context: undefined reads nothing (nothing in the run depends on the documentation PR). */
  readonly decide: DecideContext;
  /** Makes the follower of the record's documentation PR; undefined when no follower runs (not asked for, no pull request). */
  readonly follower: ((recorded: DocsPrRecord | undefined, replacing?: DocsPrRecord) => DocsPrFollower) | undefined;
  readonly access: DocsAccess | undefined;
}

/**
 * The documentation side of an agent run: the decision's context (`docs-pr/decide.ts`) and, with
 * follow-code-pr or `docs-status: approved` (which follows the documentation PR to its approval
 * through its back-link), the follower. The documentation repository is read and written until
 * the step's deadline; the last writes (the status, the comment) have windows of their own.
 */
export function docsSide(
  settings: AgentSettings,
  context: StepContext,
  pullRequest: EventPullRequest | undefined,
  repository: RepositoryIdentity | undefined,
  seal: RecordSeal,
  github: ConnectGitHub,
): DocsSide {
  const workflowRepository = repository?.name ?? '';
  const decides = settings.followCodePr || settings.docsStatus !== 'off' || settings.readerImpact;
  const access: DocsAccess | undefined =
    decides && repository && pullRequest
      ? {
          docsToken: settings.docsToken,
          githubToken: settings.githubToken,
          workflowRepository,
          connect: (token: string, repo: RepoName): Promise<GitHubApi> => github(token, repo, context.deadline.at),
        }
      : undefined;
  const decide: DecideContext = {
    serverUrl: serverUrlFrom(context.env),
    codePr: pullRequest && repository ? { repository: workflowRepository, number: pullRequest.number, headRef: pullRequest.headRef } : undefined,
    access,
    logger: context.logger,
    signal: context.signal,
  };
  const follows = settings.followCodePr || settings.docsStatus === 'approved';
  if (!follows || !settings.prComment || !access || !pullRequest || !repository) return { decide, follower: undefined, access };
  const serverUrl = serverUrlFrom(context.env);
  const follower = (recorded: DocsPrRecord | undefined, replacing?: DocsPrRecord): DocsPrFollower => {
    const codePr = {
      repository: workflowRepository,
      repositoryId: repository.id,
      number: pullRequest.number,
      title: pullRequest.title,
      url: `${serverUrl}/${workflowRepository}/pull/${pullRequest.number}`,
    };
    return new DocsPrFollower(
      {
        access,
        codePr,
        renderComment: (stage, nowIso) => renderDocsPrComment(codePr, stage, nowIso),
        // The identity that writes the code PR's comment: the workflow's token's.
        commentAuthor: async () => (await github(settings.githubToken, repoName(workflowRepository), context.deadline.at)).tokenLogin(),
        decideRecorded: (earlier) => decideRecorded(earlier, decide),
        seal,
        logger: context.logger,
        clock: context.clock,
        signal: context.signal,
        dryRun: settings.dryRun,
        linkOnly: !settings.followCodePr,
      },
      recorded,
      replacing,
    );
  };
  return { decide, follower, access };
}

/**
 * The docs PR phase: the run's documentation PR decided once from the job's report, then (with a
 * follower) linked and recorded; when it replaces an earlier one, the comment's record names the
 * newer one (`docs-pr-linked`) before the earlier is closed, so a run stopped between the two
 * orphans nothing. A cancellation or the deadline here ends the phase: the run's outcome says so,
 * and the last writes still record what was done.
 */
export async function docsPrPhase(
  record: AgentRunRecord,
  side: DocsSide,
  follower: DocsPrFollower | undefined,
  context: StepContext,
  notify: (stage: AgentStage) => Promise<void>,
): Promise<void> {
  if (!side.access || record.job.outcome !== 'pr-opened' || context.signal.aborted) return;
  try {
    record.documentationPr = await decideReported(record.job.job, side.decide);
    if (!follower || !record.comment) return;
    const supersedes = await follower.linkReported(record.documentationPr, record.job.jobId);
    record.following = follower.outcome;
    if (!supersedes) return;
    await notify('docs-pr-linked');
    await follower.supersede(record.job.job?.prLink ?? '');
    record.following = follower.outcome;
  } catch (error) {
    if (follower) record.following = follower.outcome;
    stoppedBy(record, error, context.signal);
  }
}

/** The decision with where the documentation PR stands after this run's own change of it (closed, reopened). */
export function afterChange(decision: RunDocsPr | undefined, follower: DocsPrFollower | undefined): RunDocsPr | undefined {
  const changed = follower?.outcome.changed;
  return decision?.kind === 'found' && changed ? { ...decision, state: changed } : decision;
}
