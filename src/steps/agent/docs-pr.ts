import type { DocsPrFollower } from '../../docs-pr/follow.js';
import type { EventPullRequest } from '../../event.js';
import type { GitHubApi, RepoName } from '../../github/api.js';
import type { DocsPrRecord } from '../../memory/record.js';
import type { RecordSeal } from '../../memory/seal.js';
import type { AgentSettings } from '../../settings.js';
import type { StepContext } from '../step.js';
import type { ConnectGitHub } from './github.js';

/**
 * follow-code-pr in the agent step: who follows the documentation PR in this run, or nobody (not
 * asked for, or not a pull-request event of the workflow's repository). The clients of the
 * documentation repository are held to the step's wrap-up (`Deadline.wrapUpAt`): like the
 * comment's last write, a run that ended with a PR is worth bringing it in step.
 */
export async function docsPrFollower(
  settings: AgentSettings,
  context: StepContext,
  pullRequest: EventPullRequest | undefined,
  repo: RepoName | undefined,
  seal: RecordSeal,
  github: ConnectGitHub,
): Promise<((recorded: DocsPrRecord | undefined) => DocsPrFollower) | undefined> {
  // docs-status: approved follows the documentation PR to its approval through its back-link, with or without follow-code-pr.
  const follows = settings.followCodePr || settings.docsStatus === 'approved';
  if (!follows || !settings.prComment || !repo || !pullRequest) return undefined;
  // The follower (the documentation PR's reads, writes and comments) loads only when it follows one.
  const [{ DocsPrFollower }, { serverUrlFrom }] = await Promise.all([import('../../docs-pr/follow.js'), import('../../docs-pr/target.js')]);
  const workflowRepository = `${repo.owner}/${repo.repo}`;
  const serverUrl = serverUrlFrom(context.env);
  // The documentation repository is written with the docs token (or the workflow's), until the wrap-up.
  const connect = (token: string, docsRepo: RepoName): Promise<GitHubApi> => github(token, docsRepo, context.deadline.wrapUpAt);
  return (recorded) =>
    new DocsPrFollower(
      {
        docsToken: settings.docsToken,
        githubToken: settings.githubToken,
        workflowRepository,
        serverUrl,
        codePr: {
          repository: workflowRepository,
          number: pullRequest.number,
          title: pullRequest.title,
          url: `${serverUrl}/${workflowRepository}/pull/${pullRequest.number}`,
        },
        connect,
        seal,
        logger: context.logger,
        clock: context.clock,
        signal: context.signal,
        dryRun: settings.dryRun,
        linkOnly: !settings.followCodePr,
      },
      recorded,
    );
}
