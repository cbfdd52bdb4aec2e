import type { Clock, Logger } from '../runtime.js';
import type { GitHubApi, RepoName } from './api.js';

export interface GitHubClientOptions {
  readonly token: string;
  readonly repo: RepoName;
  /** Limit for one request, headers and body: the `request-timeout` input. */
  readonly requestTimeoutMs: number;
  /** No request may end after this instant (epoch ms); `setDeadline` moves it. */
  readonly deadline: number;
  /** Aborts the request in flight, and refuses new ones, once the step is cancelled. */
  readonly signal: AbortSignal;
  readonly clock: Clock;
  /** Retries of one request after a transient failure, and after a rate limit: the `retries` input. */
  readonly retries: number;
  /** Each retry says here what failed and how long it waits. */
  readonly logger: Pick<Logger, 'info'>;
  /** GitHub's API root; by default `@actions/github`'s (GITHUB_API_URL, else api.github.com). */
  readonly apiUrl?: string;
}

/**
 * `GitHubApi` over Octokit (octokit-client.ts), which is imported on first use together with
 * `@actions/github` and Octokit's retry and throttling plugins: a step that reads nothing from
 * GitHub never loads them, and the bundle's entry stays small.
 */
export async function createGitHubApi(options: GitHubClientOptions): Promise<GitHubApi> {
  const { createOctokitApi } = await import('./octokit-client.js');
  return createOctokitApi(options);
}
