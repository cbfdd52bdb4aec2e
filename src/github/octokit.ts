import type { GitHubApi } from './api.js';
import type { GitHubClientOptions } from './octokit-client.js';

export type { GitHubClientOptions };

/**
 * `GitHubApi` over Octokit (octokit-client.ts), which is imported on first use together with
 * `@actions/github` and Octokit's retry and throttling plugins: a step that reads nothing from
 * GitHub never loads them, and the bundle's entry stays small.
 */
export async function createGitHubApi(options: GitHubClientOptions): Promise<GitHubApi> {
  const { createOctokitApi } = await import('./octokit-client.js');
  return createOctokitApi(options);
}
