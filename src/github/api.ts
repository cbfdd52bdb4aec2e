import type { ListedFile } from '../diff/files.js';

/**
 * The few GitHub REST calls the action makes, as an interface: the flows take it as a
 * parameter, and only `octokit.ts` knows Octokit (loaded when a step first needs it).
 */
export interface GitHubApi {
  /** The pull request's whole diff (diff media type). GitHub answers 406 for very large ones. */
  pullDiff(pullNumber: number): Promise<string>;
  /** The pull request's files with their patches, every page (at most 3,000 files). */
  pullFiles(pullNumber: number): Promise<ListedFile[]>;
  pullCommitSubjects(pullNumber: number): Promise<string[]>;
  compare(base: string, head: string): Promise<{ files: ListedFile[]; commitSubjects: string[] }>;
  commit(sha: string): Promise<{ files: ListedFile[]; subject: string }>;
  defaultBranch(): Promise<string>;
  listComments(issueNumber: number): Promise<IssueComment[]>;
  /**
   * The login of the token's own identity (GraphQL `viewer`): `github-actions[bot]` for the
   * default token, `<app>[bot]` for a GitHub App's installation token, the user for a personal
   * token. Asked once per run.
   */
  tokenLogin(): Promise<string>;
  createComment(issueNumber: number, body: string): Promise<void>;
  updateComment(commentId: number, body: string): Promise<void>;
}

export interface IssueComment {
  readonly id: number;
  readonly body: string;
  /** The login of the comment's author, as GitHub's REST API gives it (`github-actions[bot]`). */
  readonly authorLogin: string;
}

/** A GitHub API failure, with the HTTP status when there was one. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'GitHubError';
  }
}

export interface RepoName {
  readonly owner: string;
  readonly repo: string;
}

/** `owner/repo` from GITHUB_REPOSITORY. */
export function repoFromEnv(env: NodeJS.ProcessEnv): RepoName | undefined {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  return owner && repo ? { owner, repo } : undefined;
}

/** The first line of a commit message. */
export function subjectOf(message: string): string {
  return message.split('\n', 1)[0] ?? '';
}
