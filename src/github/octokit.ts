import { GitHubError, type GitHubApi } from './api.js';
import type { GitHubClientOptions } from './octokit-client.js';

export type { GitHubClientOptions };

/**
 * `GitHubApi` over Octokit (octokit-client.ts), which is imported on first use together with
 * `@actions/github` and Octokit's retry and throttling plugins: a step that reads nothing from
 * GitHub never loads them, and the bundle's entry stays small.
 */
export async function createGitHubApi(options: GitHubClientOptions): Promise<GitHubApi> {
  // Said in the action's words, not the client library's ("Parameter token or opts.auth is required"): each command names the input first where it can.
  if (!options.token) {
    const { owner, repo } = options.repo;
    throw new GitHubError(`No token to reach ${owner}/${repo} with: the input that gives it (github-token, docs-token or code-token) is empty.`, 'http');
  }
  const { createOctokitApi } = await import('./octokit-client.js');
  return createOctokitApi(options);
}
