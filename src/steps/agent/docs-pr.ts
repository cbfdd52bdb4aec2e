import type { DocsPrFollower } from '../../docs-pr/follow.js';
import type { EventPullRequest } from '../../event.js';
import type { GitHubApi, RepoName } from '../../github/api.js';
import { createGitHubApi } from '../../github/octokit.js';
import type { DocsPrRecord } from '../../memory/record.js';
import type { RecordSeal } from '../../memory/seal.js';
import type { AgentSettings } from '../../settings.js';
import type { StepContext } from '../step.js';

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
): Promise<((recorded: DocsPrRecord | undefined) => DocsPrFollower) | undefined> {
  if (!settings.followCodePr || !settings.prComment || !repo || !pullRequest) return undefined;
  // The follower (the documentation PR's reads, writes and comments) loads only when it follows one.
  const [{ DocsPrFollower }, { serverUrlFrom }] = await Promise.all([import('../../docs-pr/follow.js'), import('../../docs-pr/target.js')]);
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
      },
      recorded,
    );
}
