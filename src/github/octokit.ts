import type { ListedFile } from '../diff/files.js';
import { GitHubError, subjectOf, type GitHubApi, type IssueComment, type RepoName } from './api.js';

/**
 * `GitHubApi` over `@actions/github`'s Octokit, which honours GITHUB_API_URL (GHES, or a local
 * fake in tests). Imported on first use: a step that reads nothing from GitHub never loads it.
 */
export async function createGitHubApi(token: string, repo: RepoName): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github');
  const octokit = getOctokit(token);
  const call = async <T>(what: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      const message = error instanceof Error ? error.message : String(error);
      throw new GitHubError(`GitHub ${what} failed${typeof status === 'number' ? ` (${status})` : ''}: ${message}`, typeof status === 'number' ? status : undefined);
    }
  };
  const listed = (files: ReadonlyArray<{ filename: string; previous_filename?: string; status?: string; patch?: string }> | undefined): ListedFile[] =>
    (files ?? []).map((file) => ({
      filename: file.filename,
      previous_filename: file.previous_filename,
      status: file.status,
      patch: file.patch,
    }));

  let tokenLogin: string | undefined;

  return {
    pullDiff: (pullNumber) =>
      call('pull request diff', async () => {
        const response = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber, mediaType: { format: 'diff' } });
        return response.data as unknown as string;
      }),
    pullFiles: (pullNumber) =>
      call('pull request files', async () =>
        listed(await octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: pullNumber, per_page: 100 })),
      ),
    pullCommitSubjects: (pullNumber) =>
      call('pull request commits', async () => {
        const commits = await octokit.paginate(octokit.rest.pulls.listCommits, { ...repo, pull_number: pullNumber, per_page: 100 });
        return commits.map((commit) => subjectOf(commit.commit.message));
      }),
    compare: (base, head) =>
      call('compare', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, per_page: 100 });
        return { files: listed(data.files), commitSubjects: data.commits.map((commit) => subjectOf(commit.commit.message)) };
      }),
    commit: (sha) =>
      call('commit', async () => {
        const { data } = await octokit.rest.repos.getCommit({ ...repo, ref: sha });
        return { files: listed(data.files), subject: subjectOf(data.commit.message) };
      }),
    defaultBranch: () =>
      call('repository', async () => (await octokit.rest.repos.get({ ...repo })).data.default_branch),
    listComments: (issueNumber) =>
      call('list comments', async () => {
        const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: issueNumber, per_page: 100 });
        return comments.map(
          (comment): IssueComment => ({ id: comment.id, body: comment.body ?? '', authorLogin: comment.user?.login ?? '' }),
        );
      }),
    // GraphQL's `viewer` answers for every kind of token; REST `GET /user` refuses installation
    // tokens (the default GITHUB_TOKEN among them), and `GET /app` needs the app's own JWT.
    tokenLogin: () =>
      call('token identity', async () => {
        if (tokenLogin === undefined) {
          const data = await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
          const login = data?.viewer?.login;
          if (typeof login !== 'string' || !login) throw new Error('the answer has no "viewer.login"');
          tokenLogin = login;
        }
        return tokenLogin;
      }),
    createComment: (issueNumber, body) =>
      call('create comment', async () => {
        await octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body });
      }),
    updateComment: (commentId, body) =>
      call('update comment', async () => {
        await octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body });
      }),
  };
}
