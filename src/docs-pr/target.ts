import type { PullRef, RepoName } from '../github/api.js';
import { isRepositoryName } from '../memory/record.js';
import type { RepositoryIdentity } from '../memory/seal.js';

/** GitHub's web address when the runner does not say (GITHUB_SERVER_URL names GHES). */
const DEFAULT_SERVER_URL = 'https://github.com';

export function serverUrlFrom(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_SERVER_URL || DEFAULT_SERVER_URL).replace(/\/+$/, '');
}

/**
 * The pull request a PR link names: `<server>/<owner>/<name>/pull/<number>`, on the runner's own
 * GitHub server only. A link elsewhere names nothing the action's tokens can reach, and a link
 * that is not this exact form (a path with more in it, a query) is not taken for a pull request:
 * the action acts on no PR it has to guess.
 */
export function pullRequestOfLink(link: string | null | undefined, serverUrl: string): PullRef | undefined {
  if (!link) return undefined;
  let url: URL;
  let server: URL;
  try {
    url = new URL(link);
    server = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== server.protocol || url.host.toLowerCase() !== server.host.toLowerCase() || url.search || url.username || url.password) return undefined;
  const prefix = server.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${prefix}/`)) return undefined;
  const match = /^\/([^/]+)\/([^/]+)\/pull\/([1-9]\d{0,15})\/?$/.exec(url.pathname.slice(prefix.length));
  if (!match) return undefined;
  const repository = `${match[1]}/${match[2]}`;
  const number = Number(match[3]);
  return isRepositoryName(repository) && Number.isSafeInteger(number) ? { repository, number } : undefined;
}

/**
 * The repository a job's `source.repository` names: the vendor documents the full URL
 * (`https://github.com/acme/docs`); `owner/name` alone, or a `.git` ending, is taken too.
 */
export function repositoryOfSource(source: string | null | undefined): string | undefined {
  if (!source) return undefined;
  let path = source.trim();
  try {
    path = new URL(path).pathname;
  } catch {
    // Not a URL: `owner/name` as it is.
  }
  const name = path.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  return isRepositoryName(name) ? name : undefined;
}

/**
 * Whether a record names this pull request: by its repository's ID where both are known (a rename
 * keeps it), else by name.
 */
export function namesPull(
  recorded: { readonly repository: string; readonly number: number; readonly repositoryId?: number },
  repository: RepositoryIdentity,
  number: number,
): boolean {
  if (recorded.number !== number) return false;
  return recorded.repositoryId !== undefined && repository.id !== undefined
    ? recorded.repositoryId === repository.id
    : sameRepository(recorded.repository, repository.name);
}

/** GitHub's repository names are case-insensitive. */
export function sameRepository(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function repoName(repository: string): RepoName {
  const [owner = '', repo = ''] = repository.split('/');
  return { owner, repo };
}
