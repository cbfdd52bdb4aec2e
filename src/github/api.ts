/**
 * The few GitHub calls the action makes, as an interface: the flows take it as a parameter,
 * and only `octokit.ts` knows Octokit (loaded when a step first needs it). Every call obeys
 * `request-timeout`, the step's deadline and cancellation, and fails with a `GitHubError`.
 */
export interface GitHubApi {
  /** The pull request's whole diff (diff media type). GitHub answers 406 for very large ones. */
  pullDiff(pullNumber: number): Promise<string>;
  /** The pull request's files with their patches, every page (at most 3,000 files). */
  pullFiles(pullNumber: number): Promise<ListedFile[]>;
  pullCommitSubjects(pullNumber: number): Promise<string[]>;
  /**
   * The comparison of two commits: its files (GitHub lists at most `COMPARE_MAX_FILES` of them,
   * and cannot page them) and the subjects of its commits (its last 250).
   */
  compare(base: string, head: string): Promise<{ files: ListedFile[]; commitSubjects: string[] }>;
  /** The comparison as one unified diff (diff media type): every file, however many. */
  compareDiff(base: string, head: string): Promise<string>;
  /** One commit's files (every page, at most 3,000) and subject. */
  commit(sha: string): Promise<{ files: ListedFile[]; subject: string }>;
  defaultBranch(): Promise<string>;
  listComments(issueNumber: number): Promise<IssueComment[]>;
  /**
   * One comment as GitHub has it now (`GET issues/comments/{id}`): how the action reads its own
   * comment again before each write, in one request whatever the pull request's comments number.
   * Undefined when GitHub no longer has it (404: deleted).
   */
  comment(commentId: number): Promise<IssueComment | undefined>;
  /**
   * The repository's issue and pull-request comments updated since `since` (ISO 8601), oldest
   * update first, 100 a page, at most `maxPages` pages (`GET issues/comments`, `sort=updated`):
   * how `command: sweep` finds the comments the action wrote without reading each pull request.
   * `newest-first` reads the newest update first (`direction=desc`): how `command: doctor` finds the
   * newest records. `more`: GitHub had more than the pages read.
   */
  recentComments(
    since: string,
    maxPages: number,
    order?: 'oldest-first' | 'newest-first',
  ): Promise<{ comments: RecentComment[]; more: boolean; pages: number }>;
  /**
   * The login of the token's own identity (GraphQL `viewer`): `github-actions[bot]` for the
   * default token, `<app>[bot]` for a GitHub App's installation token, the user for a personal
   * token. Asked once per run.
   */
  tokenLogin(): Promise<string>;
  /** Answers the new comment's ID, so later writes update it. */
  createComment(issueNumber: number, body: string): Promise<number>;
  updateComment(commentId: number, body: string): Promise<void>;
  /** A pull request's state (JSON, not the diff): what following a documentation PR reads. */
  pullRequest(pullNumber: number): Promise<PullRequestState>;
  /** Closes or reopens a pull request (`PATCH pulls/{n}` with `state`); its branch is left as it is. */
  setPullRequestState(pullNumber: number, state: 'open' | 'closed'): Promise<PullRequestState>;
  /** Marks a draft pull request ready for review: GraphQL only, by the pull request's node ID. */
  markReadyForReview(pullRequestNodeId: string): Promise<void>;
  /** Sets a commit status (`POST statuses/{sha}`): the newest status of a context on a commit wins. */
  setCommitStatus(sha: string, status: CommitStatus): Promise<void>;
  /**
   * Where a pull request's reviews leave it, as GitHub counts them, in one GraphQL request:
   * its review decision, each writer's latest approving or change-requesting review
   * (`latestOpinionatedReviews`, writers only), and who the token is.
   */
  writersReviews(pullNumber: number): Promise<WritersReviews>;
  /**
   * The repository's open pull requests whose head commit carries a commit status of `context` in state `pending`,
   * read with GraphQL 100 pull requests a page (`repository.pullRequests(states: OPEN, first: 100, after:)` with
   * each one's last commit's `status.context(name:)`), at most `maxPages` pages. `more`: GitHub had more open pull
   * requests than the pages read. `pages`: the requests made.
   */
  openPullsWithPendingStatus(context: string, maxPages: number): Promise<{ pulls: PendingPull[]; more: boolean; pages: number }>;
  /**
   * The paths of the files with one of these names at a commit, from its recursive tree (one
   * request); `truncated` when GitHub cut the tree (a repository of more than 100,000 entries).
   */
  filesNamed(ref: string, names: readonly string[]): Promise<{ paths: string[]; truncated: boolean }>;
  /** A text file at a commit; undefined when it is not there. Over 1 MB it is not read: a `shape` failure says so. */
  fileText(path: string, ref: string): Promise<string | undefined>;
  /**
   * The items of a folder at a ref (`GET contents/{path}?ref=`), as GitHub lists them in one answer
   * (up to 1,000; the contents API does not page a folder); undefined when the folder is not there.
   */
  directory(path: string, ref: string): Promise<DirectoryEntry[] | undefined>;
  /**
   * The rules in force on a branch from every ruleset (`GET rules/branches/{branch}`), 100 a page,
   * at most `maxPages` pages; `more`: GitHub had more than the pages read; `pages`: the requests made.
   */
  branchRules(branch: string, maxPages: number): Promise<{ rules: BranchRule[]; more: boolean; pages: number }>;
  /**
   * A pull request's reviews as GitHub has them now, oldest first (`GET pulls/{n}/reviews`, 100 a
   * page, at most `maxPages` pages); `more`: GitHub had more than the pages read.
   */
  reviews(pullNumber: number, maxPages: number): Promise<{ reviews: PullRequestReview[]; more: boolean }>;
  /** One review of a pull request as GitHub has it now (`GET pulls/{n}/reviews/{id}`): never the event's copy. */
  review(pullNumber: number, reviewId: number): Promise<PullRequestReview>;
  /**
   * A review's inline comments, in order, 100 a page, at most `maxPages` pages
   * (`GET pulls/{n}/reviews/{id}/comments`); `more`: GitHub had more than the pages read.
   */
  reviewComments(pullNumber: number, reviewId: number, maxPages: number): Promise<{ comments: ReviewComment[]; more: boolean }>;
  /**
   * A user's permission in the repository (`GET collaborators/{username}/permission`):
   * `permission` is the legacy role (`admin`, `write`, `read`, `none`; `maintain` reads as `write`).
   */
  collaboratorPermission(login: string): Promise<string>;
  /**
   * A merged pull request's merge commit as GitHub has it now: REST `merge_commit_sha` at the
   * pinned API version, else (an answer without it, as the newest version gives) GraphQL
   * `mergeCommit`. Undefined when GitHub says the pull request is not merged.
   */
  mergeCommit(pullNumber: number): Promise<MergeCommit | undefined>;
  /** Turns a pull request back to a draft: GraphQL `convertPullRequestToDraft` only, by its node ID. */
  convertToDraft(pullRequestNodeId: string): Promise<void>;
  /** Adds a label to an issue or pull request (`POST issues/{n}/labels`); GitHub makes a label it does not have yet. */
  addLabel(issueNumber: number, name: string): Promise<void>;
  /** Takes a label off an issue or pull request (`DELETE issues/{n}/labels/{name}`); one that is not there is no failure. */
  removeLabel(issueNumber: number, name: string): Promise<void>;
  /**
   * A published release (never a draft): by its tag (`GET releases/tags/{tag}`), or with none the
   * newest that is neither a draft nor a prerelease (`GET releases/latest`). Undefined when GitHub
   * has none (404).
   */
  release(tag: string | undefined): Promise<Release | undefined>;
  /**
   * The repository's open pull requests, newest first, 100 a page, at most `maxPages` pages
   * (`GET pulls?state=open`). `more`: GitHub had more than the pages read; `pages`: the requests made.
   */
  openPulls(maxPages: number): Promise<{ pulls: OpenPullRequest[]; more: boolean; pages: number }>;
  /**
   * Where `head` stands against `base` (`GET compare/{base}...{head}`, its smallest page):
   * `behind` or `identical` when `base` contains `head`.
   */
  compareStatus(base: string, head: string): Promise<CompareStatus>;
}

/** A pull request's merge commit, and when it was merged (ISO 8601), as GitHub gave them. */
export interface MergeCommit {
  readonly sha: string;
  readonly mergedAt: string | undefined;
  /** Where GitHub gave it: REST at the pinned version, or GraphQL. */
  readonly from: 'rest' | 'graphql';
}

/** A release as GitHub answers it, in the fields the release command reads. */
export interface Release {
  readonly id: number;
  readonly tag: string;
  /** Its title; empty when it has none (GitHub then shows the tag). */
  readonly name: string;
  readonly draft: boolean;
  readonly prerelease: boolean;
}

/** An open pull request of a repository's list, in the fields the release command reads. */
export interface OpenPullRequest {
  readonly number: number;
  /** GraphQL's ID, which `markReadyForReview` takes. */
  readonly nodeId: string;
  readonly draft: boolean;
  readonly headRef: string;
  /** The ID of its (base) repository: what its back-link is sealed for. */
  readonly repositoryId: number | undefined;
  readonly labels: readonly string[];
}

/** How one commit stands against another (`compare/{base}...{head}`). */
export interface CompareStatus {
  readonly status: 'ahead' | 'behind' | 'identical' | 'diverged';
  readonly aheadBy: number;
  readonly behindBy: number;
}

/** An item of a folder, as the contents API lists it. */
export interface DirectoryEntry {
  readonly name: string;
  readonly path: string;
  /** `file`, `dir`, `symlink` or `submodule`. */
  readonly type: string;
  /** In bytes (0 for a folder). */
  readonly size: number;
}

/** A rule in force on a branch, in what the doctor reads of it: its type, and the status checks it requires. */
export interface BranchRule {
  /** `required_status_checks`, `merge_queue`, `pull_request`, … */
  readonly type: string;
  /** For `required_status_checks`: each context, and the app it must come from when one is pinned. */
  readonly requiredChecks: ReadonlyArray<{ readonly context: string; readonly integrationId?: number }>;
}

/** A review as the REST API answers it, in the fields the review loop reads. */
export interface PullRequestReview {
  readonly id: number;
  /** In capitals, as REST writes it: `APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, `DISMISSED`, `PENDING`. */
  readonly state: string;
  /** Empty when the review has none. */
  readonly body: string;
  /** Empty for a deleted account. */
  readonly login: string;
  /** GitHub's `user.type`: `User`, `Bot`, `Organization`. */
  readonly userType: string;
}

/** One inline comment of a review: where it is, and what it says. */
export interface ReviewComment {
  readonly path: string;
  /** The line of the diff it is on (`line`, else `original_line` for an outdated one); undefined for a comment on the file. */
  readonly line: number | undefined;
  readonly body: string;
}

/** An open pull request whose head commit's status of a context is pending. */
export interface PendingPull {
  readonly number: number;
  /** The head commit, which carries the status. */
  readonly headSha: string;
}

export interface CommitStatus {
  readonly state: 'pending' | 'success' | 'failure' | 'error';
  /** GitHub keeps 140 characters. */
  readonly description: string;
  readonly targetUrl: string;
  readonly context: string;
}

export interface WritersReviews {
  /** GitHub's review decision; null where the repository requires no review. */
  readonly decision: 'APPROVED' | 'CHANGES_REQUESTED' | 'REVIEW_REQUIRED' | null;
  /** Each writer's latest opinion, as GitHub lists them (`latestOpinionatedReviews(writersOnly: true)`). */
  readonly opinions: readonly ReviewOpinion[];
  /** The login of the token that read them (GraphQL `viewer`). */
  readonly viewer: string;
}

/** One reviewer's latest approving or change-requesting review. */
export interface ReviewOpinion {
  /** The author's login; empty for a deleted account. */
  readonly login: string;
  /** `APPROVED` or `CHANGES_REQUESTED` (anything else GitHub may add counts for nothing). */
  readonly state: string;
  /** GitHub's `authorCanPushToRepository`: the author has write access. */
  readonly canPush: boolean;
  /** The author is a bot (a GitHub App, the workflow's token). */
  readonly bot: boolean;
}

/** A file as GitHub's pulls/files and compare endpoints list it. */
export interface ListedFile {
  readonly filename: string;
  readonly previous_filename?: string;
  readonly status?: string;
  readonly patch?: string;
}

/** A commit SHA as GitHub gives it: 40 hex digits (SHA-1) or 64 (SHA-256). */
export function isCommitSha(text: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(text);
}

/** GitHub's documented cap on the files of a comparison: it lists no more, and cannot page them. */
export const COMPARE_MAX_FILES = 300;

export interface IssueComment {
  readonly id: number;
  readonly body: string;
  /** The login of the comment's author, as GitHub's REST API gives it (`github-actions[bot]`). */
  readonly authorLogin: string;
}

/** A comment of the repository's list: its pull request (or issue) and when it was last written. */
export interface RecentComment extends IssueComment {
  /** The number of the issue or pull request it is on, from its `issue_url`. */
  readonly issueNumber: number;
  /** When it was created or last edited (`updated_at`), epoch ms. */
  readonly updatedAt: number;
}

/** What the documentation PR's follower reads of a pull request. */
export interface PullRequestState {
  readonly number: number;
  /** The ID of its (base) repository: what its back-link is sealed for. */
  readonly repositoryId: number | undefined;
  /** `owner/name` of its (base) repository as GitHub names it now (after a rename, the new name). */
  readonly baseRepository: string | undefined;
  /** The base branch: a retargeted pull request changes other files. Absent only where GitHub left it out. */
  readonly baseRef?: string;
  /** GraphQL's ID of the pull request, which `markReadyForReview` takes. */
  readonly nodeId: string;
  readonly state: 'open' | 'closed';
  readonly draft: boolean;
  readonly merged: boolean;
  readonly title: string;
  /** The head branch; the action never deletes it. */
  readonly headRef: string;
  /** `owner/name` of the head branch's repository: another than the base's for a fork; undefined when the fork was deleted. */
  readonly headRepository: string | undefined;
  /** The head commit: where a commit status goes. */
  readonly headSha: string;
  readonly labels: readonly string[];
  /** The merge commit (REST `merge_commit_sha` at the pinned version), once merged. */
  readonly mergeCommitSha?: string;
  /** When it was merged (ISO 8601), once merged. */
  readonly mergedAt?: string;
}

/**
 * How a GitHub call failed: an HTTP answer (`status`), no connection or a broken one, no
 * answer within `request-timeout`, the step's `timeout` running out, cancellation, or an
 * answer that is not the documented shape.
 */
export type GitHubFailureKind = 'http' | 'network' | 'timeout' | 'deadline' | 'cancelled' | 'shape';

/** A GitHub call's failure; its message names the call and says what went wrong. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly kind: GitHubFailureKind,
    readonly status?: number,
    /** GitHub's own message with an HTTP answer, cleaned for the log, without the action's hint. */
    readonly answer?: string,
  ) {
    super(message);
    this.name = 'GitHubError';
  }
}

/**
 * A failure that ends the step whatever the read was for: cancellation, or the step's
 * deadline. Everything else that goes wrong with a read that only adds context is a warning.
 */
export function endsTheStep(error: unknown): boolean {
  return error instanceof GitHubError && (error.kind === 'cancelled' || error.kind === 'deadline');
}

/** A 404 or 422 from compare: one of the commits is gone (a force push) or unrelated. */
export function isMissingCommit(error: unknown): boolean {
  return error instanceof GitHubError && (error.status === 404 || error.status === 422);
}

/** A pull request by its repository (`owner/name`) and number. */
export interface PullRef {
  readonly repository: string;
  readonly number: number;
}

/** `owner/name#number`, as the comments and the log name a pull request. */
export function pullName(pull: PullRef): string {
  return `${pull.repository}#${pull.number}`;
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
