/**
 * `GitHubApi` over `@actions/github`'s Octokit: each call, and the checks that GitHub's answer is
 * the documented shape. Every request is under the step's limits (`limits.ts`), and a failure is
 * said as `failures.ts` says it. Only `octokit.ts` imports this module, and only on first use: a
 * step that reads nothing from GitHub never loads it, nor Octokit and its plugins.
 */
import {
  isCommitSha,
  subjectOf,
  type BranchRule,
  type DirectoryEntry,
  type GitHubApi,
  type GitHubError,
  type CompareStatus,
  type IssueComment,
  type ListedFile,
  type MergeCommit,
  type OpenPullRequest,
  type PullRequestReview,
  type PullRequestState,
  type RecentComment,
  type Release,
  type ReviewComment,
  type RepoName,
  type ReviewOpinion,
  type WritersReviews,
} from './api.js';
import { callLabel, type GitHubCallName } from './calls.js';
import { describeFailure, failure } from './failures.js';
import { limitedOctokit, type LimitedOctokit, type RequestLimitOptions } from './limits.js';
import { COMMIT_FILE_PAGES, PAGE_SIZE, PULL_COMMENT_PAGES, PULL_COMMIT_PAGES, PULL_FILE_PAGES, readPages, type BoundedList, type ListPage } from './pages.js';

/** What the GitHub client is held to, and who it is. */
export interface GitHubClientOptions extends RequestLimitOptions {
  readonly token: string;
  readonly repo: RepoName;
  /** GitHub's API root; by default `@actions/github`'s (GITHUB_API_URL, else api.github.com). */
  readonly apiUrl?: string;
  /** What `deadline` is, as a failure says it: the step's timeout, or a last write's window of its own. */
  readonly deadlineIs?: 'the step' | 'a last write';
}

/** The GraphQL document that asks who the token is; GitHub's schema is checked against it in the tests. */
export const VIEWER_LOGIN_QUERY = 'query { viewer { login } }';

/** The GraphQL mutation that marks a draft pull request ready for review; checked against GitHub's schema in the tests. */
export const MARK_READY_MUTATION = 'mutation ($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';

/**
 * The GraphQL query of where a pull request's reviews leave it, as GitHub counts them: its review
 * decision, and each writer's latest opinion (`writersOnly`: the reviews of anyone without write
 * access count for nothing, as in GitHub's own decision), with who the token is. One request;
 * checked against GitHub's schema in the tests. 100 writers' opinions are read, GitHub's page.
 */
export const WRITERS_REVIEWS_QUERY =
  'query ($owner: String!, $name: String!, $number: Int!) { viewer { login } repository(owner: $owner, name: $name) { pullRequest(number: $number) { reviewDecision latestOpinionatedReviews(first: 100, writersOnly: true) { nodes { state authorCanPushToRepository author { __typename login } } } } } }';

/**
 * The GraphQL query of a page of the repository's open pull requests (GitHub's page of 100), each
 * with its last commit (the head) and that commit's status of one context: what
 * `openPullsWithPendingStatus` reads, a page a request. Checked against GitHub's schema in the tests.
 */
export const OPEN_PULLS_QUERY =
  'query ($owner: String!, $name: String!, $context: String!, $after: String) { repository(owner: $owner, name: $name) { pullRequests(states: OPEN, first: 100, after: $after) { nodes { number commits(last: 1) { nodes { commit { oid status { context(name: $context) { state } } } } } } pageInfo { hasNextPage endCursor } } } }';

/**
 * The GraphQL query of a pull request's merge commit: what the REST answer at a later API version
 * leaves out (`merge_commit_sha`), GraphQL answers at any. Checked against GitHub's schema in the tests.
 */
export const MERGE_COMMIT_QUERY =
  'query ($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $number) { merged mergedAt mergeCommit { oid } } } }';

/** The GraphQL mutation that turns a pull request back to a draft; checked against GitHub's schema in the tests. */
export const CONVERT_TO_DRAFT_MUTATION = 'mutation ($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';

/** `GitHubApi` over Octokit, every request under the step's limits (`limitedOctokit`). */
export function createOctokitApi(options: GitHubClientOptions): GitHubApi {
  // Known once Octokit is built: a connection failure names where it tried to connect.
  let apiUrl = '';
  const describe = (name: GitHubCallName, error: unknown): GitHubError =>
    describeFailure(name, error, { apiUrl, requestTimeoutMs: options.requestTimeoutMs, deadlineIs: options.deadlineIs });
  const octokit = limitedOctokit(options, describe);
  apiUrl = String(octokit.request.endpoint.DEFAULTS.baseUrl);
  const call = async <T>(name: GitHubCallName, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw describe(name, error);
    }
  };
  const context: CallContext = { octokit, repo: options.repo, call, logger: options.logger };
  return {
    ...changeReads(context),
    ...commentCalls(context),
    ...pullRequestCalls(context),
    ...fileReads(context),
    ...reviewReads(context),
    ...releaseCalls(context),
    ...setUpReads(context),
  };
}

/**
 * What documentation that ships with the release reads and changes: a merged pull request's merge
 * commit, a draft made of a ready pull request, the label that marks one waiting, a release, a
 * repository's open pull requests, and whether a tag contains a commit.
 */
function releaseCalls({
  octokit,
  repo,
  call,
}: CallContext): Pick<GitHubApi, 'mergeCommit' | 'convertToDraft' | 'addLabel' | 'removeLabel' | 'release' | 'openPulls' | 'compareStatus'> {
  return {
    mergeCommit: (pullNumber) =>
      call('merge-commit', async () => {
        const pull = pullState('merge-commit', (await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })).data);
        if (!pull.merged) return undefined;
        if (pull.mergeCommitSha) return { sha: pull.mergeCommitSha, mergedAt: pull.mergedAt, from: 'rest' };
        // A version of the REST API past the pinned one answers without it: GraphQL keeps it at every version.
        return mergeCommitOf(await octokit.graphql<unknown>(MERGE_COMMIT_QUERY, { owner: repo.owner, name: repo.repo, number: pullNumber }));
      }),
    convertToDraft: (pullRequestNodeId) =>
      call('convert-to-draft', async () => {
        await octokit.graphql(CONVERT_TO_DRAFT_MUTATION, { id: pullRequestNodeId });
      }),
    addLabel: (issueNumber, name) =>
      call('add-label', async () => {
        await octokit.rest.issues.addLabels({ ...repo, issue_number: issueNumber, labels: [name] });
      }),
    removeLabel: (issueNumber, name) =>
      call('remove-label', async () => {
        try {
          await octokit.rest.issues.removeLabel({ ...repo, issue_number: issueNumber, name });
        } catch (error) {
          // Not on it (any more): what was asked holds.
          if ((error as { status?: unknown }).status !== 404) throw error;
        }
      }),
    release: (tag) =>
      call('release', async () => {
        try {
          const { data } =
            tag === undefined ? await octokit.rest.repos.getLatestRelease({ ...repo }) : await octokit.rest.repos.getReleaseByTag({ ...repo, tag });
          return releaseOf(data);
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
    openPulls: (maxPages) =>
      call('open-pulls', async () => {
        const request = { ...repo, state: 'open', per_page: PAGE_SIZE } as const;
        const pages = restPages('open-pulls', octokit.paginate.iterator(octokit.rest.pulls.list, request), openPullOf);
        const { items, more, pages: read } = await readPages(pages, maxPages, ({ number }) => number);
        return { pulls: items, more, pages: read };
      }),
    // One commit a page, the fewest GitHub answers: only the status and the counts are read.
    compareStatus: (base, head) =>
      call('containment', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, per_page: 1 });
        return compareStatusOf(data);
      }),
  };
}

/** The answer of `MERGE_COMMIT_QUERY`; undefined when GitHub says the pull request is not merged. */
function mergeCommitOf(data: unknown): MergeCommit | undefined {
  const pull = (
    data as { repository?: { pullRequest?: { merged?: unknown; mergedAt?: unknown; mergeCommit?: { oid?: unknown } | null } | null } | null } | null
  )?.repository?.pullRequest;
  shape('merge-commit', typeof pull === 'object' && pull !== null && typeof pull.merged === 'boolean', 'no "repository.pullRequest.merged"');
  if (pull!.merged !== true) return undefined;
  const oid = pull!.mergeCommit?.oid;
  shape('merge-commit', typeof oid === 'string' && isCommitSha(oid), 'a merged pull request without "mergeCommit.oid"');
  return { sha: oid as string, mergedAt: instantOf(pull!.mergedAt), from: 'graphql' };
}

/** A release as GitHub's REST API answers it, checked. */
function releaseOf(data: unknown): Release {
  const release = data as Partial<Record<'id' | 'tag_name' | 'name' | 'draft' | 'prerelease', unknown>> | null;
  shape('release', typeof release?.id === 'number' && typeof release.tag_name === 'string' && release.tag_name !== '', 'no "id" or "tag_name"');
  shape('release', typeof release!.draft === 'boolean' && typeof release!.prerelease === 'boolean', 'no "draft" or "prerelease"');
  return {
    id: release!.id as number,
    tag: release!.tag_name as string,
    name: typeof release!.name === 'string' ? release!.name : '',
    draft: release!.draft as boolean,
    prerelease: release!.prerelease as boolean,
  };
}

/** An open pull request of the repository's list, checked. */
function openPullOf(data: unknown): OpenPullRequest {
  const pull = data as Partial<Record<'number' | 'node_id' | 'draft' | 'labels', unknown>> & {
    head?: { ref?: unknown } | null;
    base?: { repo?: { id?: unknown } | null } | null;
  };
  shape('open-pulls', typeof pull?.number === 'number' && typeof pull.node_id === 'string', 'a pull request without "number" or "node_id"');
  const repositoryId = pull.base?.repo?.id;
  return {
    number: pull.number as number,
    nodeId: pull.node_id as string,
    draft: pull.draft === true,
    headRef: typeof pull.head?.ref === 'string' ? pull.head.ref : '',
    repositoryId: typeof repositoryId === 'number' && Number.isSafeInteger(repositoryId) && repositoryId >= 1 ? repositoryId : undefined,
    labels: Array.isArray(pull.labels) ? pull.labels.flatMap((label: { name?: unknown } | null) => (typeof label?.name === 'string' ? [label.name] : [])) : [],
  };
}

const COMPARE_STATUSES = ['ahead', 'behind', 'identical', 'diverged'] as const;

/** A comparison's status and counts, checked. */
function compareStatusOf(data: unknown): CompareStatus {
  const answer = data as Partial<Record<'status' | 'ahead_by' | 'behind_by', unknown>> | null;
  const status = COMPARE_STATUSES.find((known) => known === answer?.status);
  const count = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  shape('containment', status !== undefined && count(answer!.ahead_by) && count(answer!.behind_by), 'no known "status" with "ahead_by" and "behind_by"');
  return { status: status!, aheadBy: answer!.ahead_by as number, behindBy: answer!.behind_by as number };
}

/** An instant GitHub wrote (`2026-01-05T10:00:00Z`), as `toISOString` writes it; undefined for anything else. */
function instantOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** What the review loop reads: a pull request's reviews, one review, its inline comments, and its author's permission. */
function reviewReads({ octokit, repo, call }: CallContext): Pick<GitHubApi, 'reviews' | 'review' | 'reviewComments' | 'collaboratorPermission'> {
  return {
    reviews: (pullNumber, maxPages) =>
      call('reviews', async () => {
        const request = { ...repo, pull_number: pullNumber, per_page: PAGE_SIZE };
        const pages = restPages('reviews', octokit.paginate.iterator(octokit.rest.pulls.listReviews, request), reviewOf);
        const { items, more } = await readPages(pages, maxPages, ({ id }) => id);
        return { reviews: items, more };
      }),
    review: (pullNumber, reviewId) =>
      call('review', async () => {
        const { data } = await octokit.rest.pulls.getReview({ ...repo, pull_number: pullNumber, review_id: reviewId });
        return reviewOf(data);
      }),
    reviewComments: (pullNumber, reviewId, maxPages) =>
      call('review-comments', async () => {
        const request = { ...repo, pull_number: pullNumber, review_id: reviewId, per_page: PAGE_SIZE };
        const pages = restPages('review-comments', octokit.paginate.iterator(octokit.rest.pulls.listCommentsForReview, request), reviewCommentOf);
        const { items, more } = await readPages(pages, maxPages, ({ id }) => id);
        return { comments: items.map(({ comment }) => comment), more };
      }),
    collaboratorPermission: (login) =>
      call('collaborator-permission', async () => {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
        shape('collaborator-permission', typeof data?.permission === 'string', 'no "permission"');
        return data.permission;
      }),
  };
}

/** A review as GitHub's REST API answers it, checked. */
function reviewOf(data: unknown): PullRequestReview {
  const review = data as { id?: unknown; state?: unknown; body?: unknown; user?: { login?: unknown; type?: unknown } | null } | null;
  shape('review', typeof review?.id === 'number' && typeof review.state === 'string', 'no "id" or "state"');
  return {
    id: review!.id as number,
    state: review!.state as string,
    body: typeof review!.body === 'string' ? review!.body : '',
    login: typeof review!.user?.login === 'string' ? review!.user.login : '',
    userType: typeof review!.user?.type === 'string' ? review!.user.type : '',
  };
}

/**
 * An inline comment of a review, checked: its file, its line (the current one, else the one it was
 * written on), its text; with its ID, which tells a comment listed again.
 */
function reviewCommentOf(data: unknown): { id: number | undefined; comment: ReviewComment } {
  const comment = data as { id?: unknown; path?: unknown; line?: unknown; original_line?: unknown; body?: unknown } | null;
  shape('review-comments', typeof comment?.path === 'string' && typeof comment.body === 'string', 'a comment without a "path" or "body"');
  const line = [comment!.line, comment!.original_line].find((value): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1);
  return { id: typeof comment!.id === 'number' ? comment!.id : undefined, comment: { path: comment!.path as string, line, body: comment!.body as string } };
}

/** The reads of a repository's files at a commit: the paths with a name, and a file's text. */
function fileReads({ octokit, repo, call }: CallContext): Pick<GitHubApi, 'filesNamed' | 'fileText'> {
  return {
    filesNamed: (ref, names) =>
      call('tree', async () => {
        const { data } = await octokit.rest.git.getTree({ ...repo, tree_sha: ref, recursive: 'true' });
        shape('tree', Array.isArray(data?.tree), '"tree" is not a list');
        const paths = data.tree.flatMap((entry) =>
          entry.type === 'blob' && typeof entry.path === 'string' && names.includes(entry.path.split('/').at(-1)!) ? [entry.path] : [],
        );
        return { paths, truncated: data.truncated === true };
      }),
    fileText: (path, ref) =>
      call('file-content', async () => {
        try {
          const { data } = await octokit.rest.repos.getContent({ ...repo, path, ref });
          const file = data as { type?: unknown; encoding?: unknown; content?: unknown; size?: unknown };
          shape('file-content', file.type === 'file', 'not a file');
          // GitHub gives a file's content up to 1 MB; past it, `encoding: "none"` and no content.
          shape('file-content', file.encoding !== 'none', 'larger than the 1 MB the contents API gives');
          shape('file-content', file.encoding === 'base64' && typeof file.content === 'string', 'no base64 content');
          return Buffer.from(file.content as string, 'base64').toString('utf8');
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
  };
}

/**
 * What `command: doctor` reads of a set-up besides files: a folder's items (the workflows), and the
 * rules in force on a branch. A folder is one answer (the contents API does not page it), read
 * through the one pager all the same, as one page.
 */
function setUpReads({ octokit, repo, call }: CallContext): Pick<GitHubApi, 'directory' | 'branchRules'> {
  return {
    directory: (path, ref) =>
      call('directory', async () => {
        try {
          const pages = restPages('directory', octokit.paginate.iterator(octokit.rest.repos.getContent, { ...repo, path, ref }), directoryEntryOf);
          return (await readPages(pages, 1, ({ path: itemPath }) => itemPath)).items;
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
    branchRules: (branch, maxPages) =>
      call('branch-rules', async () => {
        const request = { ...repo, branch, per_page: PAGE_SIZE };
        const pages = restPages('branch-rules', octokit.paginate.iterator(octokit.rest.repos.getBranchRules, request), branchRuleOf);
        // A rule has no ID of its own: each is an item, and a page answered again ends the read as one that brings nothing new cannot.
        const { items, more, pages: read } = await readPages(pages, maxPages, () => undefined);
        return { rules: items, more, pages: read };
      }),
  };
}

/** An item of a folder, checked: its name, path, type and size. */
function directoryEntryOf(data: unknown): DirectoryEntry {
  const item = data as { name?: unknown; path?: unknown; type?: unknown; size?: unknown } | null;
  shape(
    'directory',
    typeof item?.name === 'string' && typeof item.path === 'string' && typeof item.type === 'string',
    'an item without a "name", "path" or "type"',
  );
  return { name: item!.name as string, path: item!.path as string, type: item!.type as string, size: typeof item!.size === 'number' ? item!.size : 0 };
}

/** A rule in force on a branch, checked: its type, and for required status checks each context and its pinned app. */
function branchRuleOf(data: unknown): BranchRule {
  const rule = data as { type?: unknown; parameters?: { required_status_checks?: unknown } | null } | null;
  shape('branch-rules', typeof rule?.type === 'string', 'a rule without a "type"');
  const checks =
    rule!.type === 'required_status_checks' && Array.isArray(rule!.parameters?.required_status_checks) ? rule!.parameters.required_status_checks : [];
  const requiredChecks = (checks as Array<{ context?: unknown; integration_id?: unknown } | null>).flatMap((check) =>
    typeof check?.context === 'string'
      ? [{ context: check.context, ...(typeof check.integration_id === 'number' ? { integrationId: check.integration_id } : {}) }]
      : [],
  );
  return { type: rule!.type as string, requiredChecks };
}

/**
 * What each call works with: Octokit, the repository, `call`, which says a failure as the step's
 * errors do, and the client's logger (a list cut at its page limit says so there).
 */
interface CallContext {
  readonly octokit: LimitedOctokit;
  readonly repo: RepoName;
  readonly call: <T>(name: GitHubCallName, request: () => Promise<T>) => Promise<T>;
  readonly logger: GitHubClientOptions['logger'];
}

type ChangeReads = Pick<GitHubApi, 'pullDiff' | 'pullFiles' | 'pullCommitSubjects' | 'compare' | 'compareDiff' | 'commit' | 'defaultBranch'>;

/** The reads of the change: a pull request's or a comparison's diff, files and commits, a commit, the default branch. */
function changeReads({ octokit, repo, call, logger }: CallContext): ChangeReads {
  return {
    pullDiff: (pullNumber) =>
      call('pull-diff', async () => {
        const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber, mediaType: { format: 'diff' } });
        return diffText('pull-diff', data);
      }),
    pullFiles: (pullNumber) =>
      call('pull-files', async () => {
        const request = { ...repo, pull_number: pullNumber, per_page: PAGE_SIZE };
        const pages = restPages('pull-files', octokit.paginate.iterator(octokit.rest.pulls.listFiles, request), (file) => listedFile('pull-files', file));
        return sayCut(logger, 'pull-files', await readPages(pages, PULL_FILE_PAGES, ({ filename }) => filename), PULL_FILE_PAGES);
      }),
    pullCommitSubjects: (pullNumber) =>
      call('pull-commits', async () => {
        const request = { ...repo, pull_number: pullNumber, per_page: PAGE_SIZE };
        const pages = restPages('pull-commits', octokit.paginate.iterator(octokit.rest.pulls.listCommits, request), listedCommit);
        const commits = sayCut(logger, 'pull-commits', await readPages(pages, PULL_COMMIT_PAGES, ({ sha }) => sha), PULL_COMMIT_PAGES);
        return commits.map(({ subject }) => subject);
      }),
    // No `per_page` or `page`: GitHub then answers the comparison's files (at most 300, the most
    // it lists in any mode) and its last 250 commits in one request. Paging would only page the
    // commits, of which the prompt shows 50.
    compare: (base, head) =>
      call('compare', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}` });
        shape('compare', typeof data === 'object' && data !== null, 'not a JSON object');
        return { files: listed('compare', data.files), commitSubjects: subjects('compare', data.commits) };
      }),
    compareDiff: (base, head) =>
      call('compare-diff', async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, mediaType: { format: 'diff' } });
        return diffText('compare-diff', data);
      }),
    // Past 300 files GitHub pages a commit's files (up to 3,000), each page repeating the commit.
    commit: (sha) =>
      call('commit', async () => {
        let subject: string | undefined;
        const pages = commitFilePages(octokit.paginate.iterator(octokit.rest.repos.getCommit, { ...repo, ref: sha }), (message) => {
          subject ??= subjectOf(message);
        });
        const files = sayCut(logger, 'commit', await readPages(pages, COMMIT_FILE_PAGES, ({ filename }) => filename), COMMIT_FILE_PAGES);
        return { files, subject: subject ?? '' };
      }),
    defaultBranch: () =>
      call('repository', async () => {
        const { data } = await octokit.rest.repos.get({ ...repo });
        shape('repository', typeof data?.default_branch === 'string', 'no "default_branch"');
        return data.default_branch;
      }),
  };
}

/** The pull request's comments, and who the token is: what finding and writing the action's own comment takes. */
function commentCalls({
  octokit,
  repo,
  call,
  logger,
}: CallContext): Pick<GitHubApi, 'listComments' | 'comment' | 'recentComments' | 'tokenLogin' | 'createComment' | 'updateComment'> {
  let tokenLogin: string | undefined;
  return {
    recentComments: (since, maxPages, order = 'oldest-first') =>
      call('recent-comments', async () => {
        const direction = order === 'newest-first' ? 'desc' : 'asc';
        const request = { ...repo, since, sort: 'updated', direction, per_page: PAGE_SIZE } as const;
        const pages = restPages('recent-comments', octokit.paginate.iterator(octokit.rest.issues.listCommentsForRepo, request), recentCommentOf);
        const { items, more, pages: read } = await readPages(pages, maxPages, ({ id }) => id);
        return { comments: items, more, pages: read };
      }),
    listComments: (issueNumber) =>
      call('list-comments', async () => {
        const request = { ...repo, issue_number: issueNumber, per_page: PAGE_SIZE };
        const pages = restPages('list-comments', octokit.paginate.iterator(octokit.rest.issues.listComments, request), issueCommentOf);
        return sayCut(logger, 'list-comments', await readPages(pages, PULL_COMMENT_PAGES, ({ id }) => id), PULL_COMMENT_PAGES);
      }),
    // GraphQL's `viewer` answers for every kind of token; REST `GET /user` refuses installation
    // tokens (the default GITHUB_TOKEN among them), and `GET /app` needs the app's own JWT.
    tokenLogin: () =>
      call('identity', async () => {
        if (tokenLogin === undefined) {
          const data = await octokit.graphql<{ viewer?: { login?: unknown } }>(VIEWER_LOGIN_QUERY);
          const login = data?.viewer?.login;
          shape('identity', typeof login === 'string' && login.length > 0, 'no "viewer.login"');
          tokenLogin = login as string;
        }
        return tokenLogin;
      }),
    createComment: (issueNumber, body) =>
      call('create-comment', async () => (await octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body })).data.id),
    comment: (commentId) =>
      call('get-comment', async () => {
        try {
          const { data } = await octokit.rest.issues.getComment({ ...repo, comment_id: commentId });
          return issueCommentOf(data);
        } catch (error) {
          // Deleted since: nothing to read again.
          if ((error as { status?: unknown }).status === 404) return undefined;
          throw error;
        }
      }),
    updateComment: (commentId, body) =>
      call('update-comment', async () => {
        await octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body });
      }),
  };
}

/** A comment of a pull request's list, checked: its ID, its text, and who wrote it. */
function issueCommentOf(comment: { id?: unknown; body?: unknown; user?: { login?: unknown } | null } | null): IssueComment {
  shape('list-comments', typeof comment?.id === 'number', 'a comment without an "id"');
  return {
    id: comment!.id as number,
    body: typeof comment!.body === 'string' ? comment!.body : '',
    authorLogin: typeof comment!.user?.login === 'string' ? comment!.user.login : '',
  };
}

/** A comment of the repository's list, checked: its ID, its pull request's number (from `issue_url`) and its time of update. */
function recentCommentOf(comment: {
  id?: unknown;
  body?: unknown;
  user?: { login?: unknown } | null;
  issue_url?: unknown;
  updated_at?: unknown;
}): RecentComment {
  shape('recent-comments', typeof comment?.id === 'number', 'a comment without an "id"');
  const issueNumber = typeof comment.issue_url === 'string' ? Number(comment.issue_url.slice(comment.issue_url.lastIndexOf('/') + 1)) : NaN;
  shape('recent-comments', Number.isSafeInteger(issueNumber) && issueNumber >= 1, 'a comment without an "issue_url" ending in its number');
  const updatedAt = typeof comment.updated_at === 'string' ? Date.parse(comment.updated_at) : NaN;
  shape('recent-comments', Number.isFinite(updatedAt), 'a comment without an "updated_at"');
  return {
    id: comment.id as number,
    body: typeof comment.body === 'string' ? comment.body : '',
    authorLogin: typeof comment.user?.login === 'string' ? comment.user.login : '',
    issueNumber,
    updatedAt,
  };
}

/** What following a documentation PR reads and changes of a pull request. */
function pullRequestCalls({
  octokit,
  repo,
  call,
}: CallContext): Pick<
  GitHubApi,
  'pullRequest' | 'setPullRequestState' | 'markReadyForReview' | 'setCommitStatus' | 'writersReviews' | 'openPullsWithPendingStatus'
> {
  return {
    pullRequest: (pullNumber) =>
      call('pull-request', async () => pullState('pull-request', (await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })).data)),
    setPullRequestState: (pullNumber, state) =>
      call('update-pull', async () => pullState('update-pull', (await octokit.rest.pulls.update({ ...repo, pull_number: pullNumber, state })).data)),
    markReadyForReview: (pullRequestNodeId) =>
      call('mark-ready', async () => {
        await octokit.graphql(MARK_READY_MUTATION, { id: pullRequestNodeId });
      }),
    setCommitStatus: (sha, status) =>
      call('set-status', async () => {
        const { state, description, targetUrl, context } = status;
        await octokit.rest.repos.createCommitStatus({ ...repo, sha, state, description, target_url: targetUrl, context });
      }),
    writersReviews: (pullNumber) =>
      call('review-decision', async () =>
        writersReviews(await octokit.graphql<unknown>(WRITERS_REVIEWS_QUERY, { owner: repo.owner, name: repo.repo, number: pullNumber })),
      ),
    openPullsWithPendingStatus: (context, maxPages) =>
      call('pending-pulls', async () => {
        const pages = openPullPages((after) => octokit.graphql<unknown>(OPEN_PULLS_QUERY, { owner: repo.owner, name: repo.repo, context, after }));
        const { items, more, pages: read } = await readPages(pages, maxPages, ({ number }) => number);
        const pulls = items.flatMap(({ number, headSha, state }) => (state === 'PENDING' && headSha !== undefined ? [{ number, headSha }] : []));
        return { pulls, more, pages: read };
      }),
  };
}

/** An open pull request as `OPEN_PULLS_QUERY` answers it: its head commit, and the state of that commit's status of the context asked. */
interface OpenPull {
  readonly number: number;
  /** Undefined for a pull request GitHub lists without commits. */
  readonly headSha: string | undefined;
  /** GraphQL's `StatusState` (`PENDING`, `SUCCESS`, ...); undefined when the commit has no status of the context. */
  readonly state: string | undefined;
}

/**
 * The pages of `OPEN_PULLS_QUERY` for `readPages`, each requested only when asked for, after the
 * `endCursor` of the page before; a page names a next one only with `hasNextPage` and a cursor.
 */
async function* openPullPages(request: (after: string | undefined) => Promise<unknown>): AsyncGenerator<ListPage<OpenPull>> {
  let after: string | undefined;
  for (;;) {
    const page = openPullsPage(await request(after));
    yield page;
    if (page.next === undefined) return;
    after = page.next;
  }
}

/** One answer of `OPEN_PULLS_QUERY`, checked. */
function openPullsPage(data: unknown): ListPage<OpenPull> {
  const connection = (
    data as { repository?: { pullRequests?: { nodes?: unknown; pageInfo?: { hasNextPage?: unknown; endCursor?: unknown } | null } | null } | null } | null
  )?.repository?.pullRequests;
  shape('pending-pulls', Array.isArray(connection?.nodes), 'no "repository.pullRequests.nodes" list');
  const items = (connection!.nodes as unknown[]).map((node): OpenPull => {
    const pull = node as { number?: unknown; commits?: { nodes?: unknown } | null } | null;
    shape('pending-pulls', typeof pull?.number === 'number' && Number.isSafeInteger(pull.number), 'a pull request without a "number"');
    const last = (Array.isArray(pull!.commits?.nodes) ? pull!.commits.nodes.at(-1) : undefined) as
      { commit?: { oid?: unknown; status?: { context?: { state?: unknown } | null } | null } | null } | null | undefined;
    const oid = last?.commit?.oid;
    const state = last?.commit?.status?.context?.state;
    return {
      number: pull!.number as number,
      headSha: typeof oid === 'string' && isCommitSha(oid) ? oid : undefined,
      state: typeof state === 'string' ? state : undefined,
    };
  });
  const { hasNextPage, endCursor } = connection!.pageInfo ?? {};
  return { items, next: hasNextPage === true && typeof endCursor === 'string' && endCursor !== '' ? endCursor : undefined };
}

/**
 * A REST list's pages for `readPages`, each checked to be a list: Octokit's iterator requests a
 * page only when the next one is asked for, so the pager's limit is the requests' limit.
 */
async function* restPages<T>(
  name: GitHubCallName,
  pages: AsyncIterable<{ readonly data: unknown; readonly headers: { readonly link?: string } }>,
  itemOf: (item: never) => T,
): AsyncGenerator<ListPage<T>> {
  for await (const page of pages) {
    shape(name, Array.isArray(page.data), 'not a list');
    yield { items: (page.data as never[]).map(itemOf), next: nextLinkOf(page.headers.link) };
  }
}

/** A commit's files, page by page for `readPages`; each page repeats the commit, whose message `onMessage` is given. */
async function* commitFilePages(
  pages: AsyncIterable<{ readonly data: unknown; readonly headers: { readonly link?: string } }>,
  onMessage: (message: string) => void,
): AsyncGenerator<ListPage<ListedFile>> {
  for await (const page of pages) {
    const data = page.data as { files?: unknown; commit?: { message?: unknown } } | null;
    shape('commit', typeof data?.commit?.message === 'string', 'no commit message');
    onMessage(data!.commit!.message as string);
    yield { items: listed('commit', data!.files), next: nextLinkOf(page.headers.link) };
  }
}

/** The page a REST answer names as next (`Link: <url>; rel="next"`), read as Octokit's iterator reads it to follow it. */
function nextLinkOf(link: string | undefined): string | undefined {
  return /<([^<>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
}

/**
 * The items of a list whose answer cannot say it was cut (the port gives the list alone): when it
 * was, the log says which list and where it stopped.
 */
function sayCut<T>(logger: GitHubClientOptions['logger'], name: GitHubCallName, list: BoundedList<T>, maxPages: number): T[] {
  if (list.more) logger.info(`${callLabel(name)} has more than ${maxPages} pages; only the first ${maxPages} were read.`);
  return list.items;
}

/** Fails the call when GitHub's answer is not the documented shape: the step says so rather than read into it. */
function shape(name: GitHubCallName, ok: boolean, problem: string): void {
  if (!ok) throw failure(name, `answered with a response that is not the documented shape (${problem})`, 'shape');
}

/** A diff asked for with the diff media type, which Octokit hands over as the body's text. */
function diffText(name: GitHubCallName, data: unknown): string {
  shape(name, typeof data === 'string', 'not diff text');
  return data as string;
}

/** The files of a pull request, a comparison or a commit, as `ListedFile`s. */
function listed(name: GitHubCallName, files: unknown): ListedFile[] {
  shape(name, files === undefined || Array.isArray(files), '"files" is not a list');
  return ((files ?? []) as unknown[]).map((file) => listedFile(name, file));
}

/** One file of a pull request, a comparison or a commit, checked: it has a name. */
function listedFile(name: GitHubCallName, file: unknown): ListedFile {
  const item = file as Partial<Record<'filename' | 'previous_filename' | 'status' | 'patch', unknown>> | null;
  shape(name, typeof item?.filename === 'string', 'a file without a "filename"');
  return {
    filename: item!.filename as string,
    previous_filename: typeof item!.previous_filename === 'string' ? item!.previous_filename : undefined,
    status: typeof item!.status === 'string' ? item!.status : undefined,
    patch: typeof item!.patch === 'string' ? item!.patch : undefined,
  };
}

/** A commit of a pull request's list: its SHA, which tells a commit listed again, and its subject (empty without a message). */
function listedCommit(commit: { sha?: unknown; commit?: { message?: unknown } | null } | null): { sha: string | undefined; subject: string } {
  return {
    sha: typeof commit?.sha === 'string' ? commit.sha : undefined,
    subject: subjectOf(typeof commit?.commit?.message === 'string' ? commit.commit.message : ''),
  };
}

/** The subjects of listed commits; a commit without a message has an empty one. */
function subjects(name: GitHubCallName, commits: unknown): string[] {
  shape(name, Array.isArray(commits), '"commits" is not a list');
  return (commits as Array<{ commit?: { message?: unknown } } | null>).map((commit) =>
    subjectOf(typeof commit?.commit?.message === 'string' ? commit.commit.message : ''),
  );
}

/** The answer of `WRITERS_REVIEWS_QUERY`, as `WritersReviews`. */
function writersReviews(data: unknown): WritersReviews {
  const answer = data as {
    viewer?: { login?: unknown } | null;
    repository?: { pullRequest?: { reviewDecision?: unknown; latestOpinionatedReviews?: { nodes?: unknown } | null } | null } | null;
  } | null;
  const pull = answer?.repository?.pullRequest;
  const login = answer?.viewer?.login;
  shape('review-decision', typeof login === 'string' && login !== '' && typeof pull === 'object' && pull !== null, 'no "viewer.login" or pull request');
  const decision = pull!.reviewDecision ?? null;
  const known = (['APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED'] as const).find((value) => value === decision);
  shape('review-decision', decision === null || known !== undefined, 'an unknown "reviewDecision"');
  const nodes = pull!.latestOpinionatedReviews?.nodes ?? [];
  shape('review-decision', Array.isArray(nodes), '"latestOpinionatedReviews.nodes" is not a list');
  const opinions = (nodes as unknown[]).flatMap((node): ReviewOpinion[] => {
    const review = node as { state?: unknown; authorCanPushToRepository?: unknown; author?: { __typename?: unknown; login?: unknown } | null } | null;
    if (!review || typeof review.state !== 'string') return [];
    return [
      {
        login: typeof review.author?.login === 'string' ? review.author.login : '',
        state: review.state,
        canPush: review.authorCanPushToRepository === true,
        bot: review.author?.__typename === 'Bot',
      },
    ];
  });
  return { decision: known ?? null, opinions, viewer: login as string };
}

/** A pull request as GitHub's REST API answers it, as `PullRequestState`. */
function pullState(name: GitHubCallName, data: unknown): PullRequestState {
  const pull = data as Partial<Record<'number' | 'node_id' | 'state' | 'draft' | 'merged' | 'merged_at' | 'merge_commit_sha' | 'title', unknown>> & {
    head?: { ref?: unknown; sha?: unknown; repo?: { full_name?: unknown } | null };
    base?: { ref?: unknown; repo?: { id?: unknown; full_name?: unknown } | null };
    labels?: unknown;
  };
  shape(name, typeof pull?.number === 'number' && typeof pull.node_id === 'string', 'no "number" or "node_id"');
  shape(name, pull.state === 'open' || pull.state === 'closed', 'a "state" other than open or closed');
  const repositoryId = pull.base?.repo?.id;
  // A list of pull requests leaves out `merged`; `merged_at` says it too.
  const merged = pull.merged === true || (typeof pull.merged_at === 'string' && pull.merged_at !== '');
  const mergedAt = merged ? instantOf(pull.merged_at) : undefined;
  const mergeCommitSha = merged && typeof pull.merge_commit_sha === 'string' && isCommitSha(pull.merge_commit_sha) ? pull.merge_commit_sha : undefined;
  return {
    number: pull.number as number,
    repositoryId: typeof repositoryId === 'number' && Number.isSafeInteger(repositoryId) && repositoryId >= 1 ? repositoryId : undefined,
    baseRepository: typeof pull.base?.repo?.full_name === 'string' ? pull.base.repo.full_name : undefined,
    ...(typeof pull.base?.ref === 'string' ? { baseRef: pull.base.ref } : {}),
    nodeId: pull.node_id as string,
    state: pull.state as 'open' | 'closed',
    draft: pull.draft === true,
    merged,
    title: typeof pull.title === 'string' ? pull.title : '',
    headRef: typeof pull.head?.ref === 'string' ? pull.head.ref : '',
    // A fork that was deleted arrives as null.
    headRepository: typeof pull.head?.repo?.full_name === 'string' ? pull.head.repo.full_name : undefined,
    headSha: typeof pull.head?.sha === 'string' ? pull.head.sha : '',
    labels: Array.isArray(pull.labels) ? pull.labels.flatMap((label: { name?: unknown } | null) => (typeof label?.name === 'string' ? [label.name] : [])) : [],
    ...(mergeCommitSha ? { mergeCommitSha } : {}),
    ...(mergedAt ? { mergedAt } : {}),
  };
}
