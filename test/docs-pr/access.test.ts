/**
 * How a run reaches a documentation repository (`docs-pr/access.ts`): `docs-token` wherever it is
 * given, else `github-token` in the workflow's own repository only (GITHUB_TOKEN reaches no
 * other); the client for that token and repository; and the one warning when no token reaches it.
 */
import { describe, expect, it } from 'vitest';
import { docsClientFor, docsTokenFor, noTokenFor, type DocsAccess } from '../../src/docs-pr/access.js';
import type { GitHubApi, RepoName } from '../../src/github/api.js';

const WORKFLOW = 'acme/widgets';

function accessWith(tokens: { docsToken: string; githubToken?: string }) {
  const connects: string[] = [];
  const clients: GitHubApi[] = [];
  const access: DocsAccess = {
    docsToken: tokens.docsToken,
    githubToken: tokens.githubToken ?? 'github-token',
    workflowRepository: WORKFLOW,
    connect: (token: string, repo: RepoName) => {
      connects.push(`${token} ${repo.owner}/${repo.repo}`);
      // A client that is only ever compared, never called.
      const client = {} as GitHubApi;
      clients.push(client);
      return Promise.resolve(client);
    },
  };
  return { access, connects, clients };
}

describe('docsTokenFor: the token for a documentation repository', () => {
  it('docs-token, wherever the documentation PR is', () => {
    const { access } = accessWith({ docsToken: 'docs-token' });
    expect(docsTokenFor(access, 'acme/docs')).toBe('docs-token');
    expect(docsTokenFor(access, WORKFLOW)).toBe('docs-token');
  });

  it('without docs-token, github-token in the workflow’s own repository (its name in any case)', () => {
    const { access } = accessWith({ docsToken: '' });
    expect(docsTokenFor(access, WORKFLOW)).toBe('github-token');
    expect(docsTokenFor(access, 'ACME/Widgets')).toBe('github-token');
  });

  it('without docs-token, none in any other repository: github-token reaches no other', () => {
    const { access } = accessWith({ docsToken: '' });
    expect(docsTokenFor(access, 'acme/docs')).toBe('');
    expect(docsTokenFor(access, 'acme/widgets-docs')).toBe('');
    expect(docsTokenFor(access, 'other/widgets')).toBe('');
  });

  it('none at all when neither token is given', () => {
    const { access } = accessWith({ docsToken: '', githubToken: '' });
    expect(docsTokenFor(access, WORKFLOW)).toBe('');
    expect(docsTokenFor(access, 'acme/docs')).toBe('');
  });
});

describe('docsClientFor: the client for a documentation PR’s repository', () => {
  it('connects with the token for that repository, by its owner and name, and answers that client', async () => {
    const withDocsToken = accessWith({ docsToken: 'docs-token' });
    const client = docsClientFor(withDocsToken.access, { repository: 'acme/docs', number: 8 });
    expect(client).toBeDefined();
    expect(await client).toBe(withDocsToken.clients[0]);
    expect(withDocsToken.connects).toEqual(['docs-token acme/docs']);

    const ownRepository = accessWith({ docsToken: '' });
    expect(await docsClientFor(ownRepository.access, { repository: WORKFLOW, number: 8 })).toBe(ownRepository.clients[0]);
    expect(ownRepository.connects).toEqual(['github-token acme/widgets']);
  });

  it('undefined when no token reaches the repository, and nothing is connected', () => {
    const { access, connects } = accessWith({ docsToken: '' });
    expect(docsClientFor(access, { repository: 'acme/docs', number: 8 })).toBeUndefined();
    expect(connects).toEqual([]);
  });
});

describe('noTokenFor: the one warning when no token reaches it', () => {
  it('names the pull request, the workflow’s repository, and what docs-token needs', () => {
    const { access } = accessWith({ docsToken: '' });
    expect(noTokenFor(access, { repository: 'acme/docs', number: 8 })).toBe(
      'Documentation PR acme/docs#8 is in another repository than this workflow\'s (acme/widgets), which github-token cannot reach: give docs-token a token with "Pull requests: write" on acme/docs (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.',
    );
  });

  it('in the workflow’s own repository (any case) it is github-token that is empty: it says so, not "another repository"', () => {
    const { access } = accessWith({ docsToken: '', githubToken: '' });
    expect(noTokenFor(access, { repository: 'Acme/Widgets', number: 8 })).toBe(
      'Documentation PR Acme/Widgets#8 is in this workflow\'s repository, but github-token is empty: leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write". It was left as it is.',
    );
  });
});
