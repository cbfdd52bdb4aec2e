/**
 * GitHub as a test gives it without a server: a client (`GitHubApi`) that answers only the calls
 * a test gives it (any other call throws, naming itself, so a test sees at once a call its code
 * should not have made; new calls of the port need no change here), and a pull request as the
 * client answers it.
 */
import type { GitHubApi, PullRequestState } from '../../src/github/api.js';

/** `calls` as a GitHub client; `what` says in the error what the test's client is for. */
export function gitHubWith(what: string, calls: Partial<GitHubApi>): GitHubApi {
  return new Proxy(calls, {
    get(target, name) {
      if (name in target) return target[name as keyof GitHubApi];
      // Not a promise: `await` on the client must not take it for one.
      if (name === 'then') return undefined;
      return () => {
        throw new Error(`${String(name)} is not a ${what} call`);
      };
    },
  }) as GitHubApi;
}

/** Pull request `number` of `repository` (its ID `repositoryId`) as GitHub answers it: open, not a draft, on `docs/<number>`, unless `fields` say otherwise. */
export function pullState(repository: string, repositoryId: number | undefined, number: number, fields: Partial<PullRequestState> = {}): PullRequestState {
  return {
    number,
    repositoryId,
    baseRepository: repository,
    nodeId: `PR_${number}`,
    state: 'open',
    draft: false,
    merged: false,
    title: `Docs ${number}`,
    headRef: `docs/${number}`,
    headRepository: repository,
    headSha: 'a'.repeat(40),
    labels: [],
    ...fields,
  };
}
