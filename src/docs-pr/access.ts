import { pullName, type GitHubApi, type PullRef, type RepoName } from '../github/api.js';
import { repoName, sameRepository } from './target.js';

/**
 * How a run reaches a documentation repository: `docs-token`, else `github-token` when the
 * documentation PR is in the workflow's own repository (GITHUB_TOKEN reaches no other). The one
 * place that picks the token, for the decision of the run's documentation PR, its follower,
 * reader impact and the gate's approval read.
 */
export interface DocsAccess {
  readonly docsToken: string;
  readonly githubToken: string;
  /** The workflow's own repository, `owner/name`: there `github-token` may serve. */
  readonly workflowRepository: string;
  /** A GitHub client for a repository with a token (one per pair). */
  readonly connect: (token: string, repo: RepoName) => Promise<GitHubApi>;
}

/** The token for a documentation repository, or empty when none reaches it. */
export function docsTokenFor(access: Pick<DocsAccess, 'docsToken' | 'githubToken' | 'workflowRepository'>, repository: string): string {
  return access.docsToken || (sameRepository(repository, access.workflowRepository) ? access.githubToken : '');
}

/** The client for a documentation PR's repository; undefined when no token reaches it (`noTokenFor` says so). */
export function docsClientFor(access: DocsAccess, pull: PullRef): Promise<GitHubApi> | undefined {
  const token = docsTokenFor(access, pull.repository);
  return token ? access.connect(token, repoName(pull.repository)) : undefined;
}

/** The one warning when no token reaches a documentation PR's repository: what to give. */
export function noTokenFor(access: Pick<DocsAccess, 'workflowRepository'>, pull: PullRef): string {
  if (sameRepository(pull.repository, access.workflowRepository)) {
    return `Documentation PR ${pullName(pull)} is in this workflow's repository, but github-token is empty: leave it at its default (\${{ github.token }}) or pass a token with "Pull requests: write". It was left as it is.`;
  }
  return `Documentation PR ${pullName(pull)} is in another repository than this workflow's (${access.workflowRepository}), which github-token cannot reach: give docs-token a token with "Pull requests: write" on ${pull.repository} (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.`;
}
