import type { GitHubApi, RepoName } from '../../github/api.js';
import { createGitHubApi } from '../../github/octokit.js';
import type { CommonSettings } from '../../settings.js';
import type { StepContext } from '../step.js';

/** A GitHub client for a token, a repository and the instant its requests must end by. */
export type ConnectGitHub = (token: string, repo: RepoName, until: number) => Promise<GitHubApi>;

/**
 * The agent step's GitHub clients, one per token, repository and limit, each made on first use
 * (so a step that reads nothing from GitHub never loads Octokit), and each held to the step's
 * `request-timeout`, cancellation and `retries`.
 */
export function gitHubClients(settings: Pick<CommonSettings, 'requestTimeoutMs' | 'retries'>, context: StepContext): ConnectGitHub {
  const clients = new Map<string, Promise<GitHubApi>>();
  return (token, repo, until) => {
    // GitHub names a repository in any case; a token is only itself.
    const key = `${token}\n${`${repo.owner}/${repo.repo}`.toLowerCase()}\n${until}`;
    let client = clients.get(key);
    if (!client) {
      client = createGitHubApi({
        token,
        repo,
        requestTimeoutMs: settings.requestTimeoutMs,
        deadline: until,
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
}
