/**
 * GitHub's objects (users, repositories, commits, files of a change, comments, pull requests),
 * whole, as its REST API answers them and its webhooks carry them: every field GitHub's own
 * descriptions require, with the URLs GitHub builds. The fake GitHub answers with them, and the
 * event payloads of the tests are made of them; github-rest.ts and webhook-events.ts hold both
 * to the descriptions.
 */
import { createHash } from 'node:crypto';
import type { FakeFile } from './fake-github.js';

export const GITHUB_WEB = 'https://github.com';
export const GITHUB_API = 'https://api.github.com';

/** One instant for every timestamp: the tests compare what the action does, not when. */
export const STAMP = '2026-01-05T10:00:00Z';

/** A stable 40-hex-digit SHA made from some text. */
export function shaOf(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** A stable positive ID made from some text. */
export function idOf(text: string): number {
  return parseInt(shaOf(text).slice(0, 7), 16) + 1;
}

/**
 * The ID a repository gets here unless it is given one: made from the name it is first known by.
 * GitHub keeps a repository's ID through a rename or a transfer, so whoever renames one (the fake
 * GitHub) must keep the ID and hand it in (`id`), not make it anew from the new name.
 */
export function repositoryIdOf(fullName: string): number {
  return idOf(`repository ${fullName}`);
}

const path = (text: string): string => text.split('/').map(encodeURIComponent).join('/');

/** A user (or a bot, by its `[bot]` login) as GitHub's `simple-user`. */
export function simpleUser(login: string, api = GITHUB_API) {
  const bot = login.endsWith('[bot]');
  const id = idOf(`user ${login}`);
  const url = `${api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: `${bot ? 'BOT' : 'U'}_kgDO${id.toString(36)}`,
    avatar_url: `https://avatars.githubusercontent.com/${bot ? 'in' : 'u'}/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: bot ? `${GITHUB_WEB}/apps/${encodeURIComponent(login.slice(0, -'[bot]'.length))}` : `${GITHUB_WEB}/${encodeURIComponent(login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: bot ? 'Bot' : 'User',
    user_view_type: 'public',
    site_admin: false,
  };
}

/**
 * A repository as GitHub's `full-repository` (which the REST API answers for the repository
 * itself), and as the `repository` of a pull request's head and base and of a webhook payload:
 * named as it is now, with its ID (`id`, kept through renames; by default made from the name).
 */
export function repository(fullName: string, options: { api?: string; defaultBranch?: string; id?: number } = {}) {
  const api = options.api ?? GITHUB_API;
  const [owner = 'acme'] = fullName.split('/');
  const url = `${api}/repos/${path(fullName)}`;
  const html = `${GITHUB_WEB}/${path(fullName)}`;
  const id = options.id ?? repositoryIdOf(fullName);
  return {
    id,
    node_id: `R_kgDO${id.toString(36)}`,
    name: fullName.split('/')[1] ?? fullName,
    full_name: fullName,
    private: false,
    owner: simpleUser(owner, api),
    html_url: html,
    description: null,
    fork: false,
    url,
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
    deployments_url: `${url}/deployments`,
    created_at: STAMP,
    updated_at: STAMP,
    pushed_at: STAMP,
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    homepage: null,
    size: 1024,
    stargazers_count: 0,
    watchers_count: 0,
    language: 'TypeScript',
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 1,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [],
    visibility: 'public',
    forks: 0,
    open_issues: 1,
    watchers: 0,
    default_branch: options.defaultBranch ?? 'main',
    network_count: 0,
    subscribers_count: 1,
  };
}

/** The fields of GitHub's `minimal-repository` that it gives where it names a repository in passing (a combined status). */
const MINIMAL_REPOSITORY_KEYS = ['id', 'node_id', 'name', 'full_name', 'owner', 'private', 'html_url', 'description', 'fork', 'url', 'git_url', 'ssh_url'];

/** A repository as GitHub's `minimal-repository`, in the shape the combined status gives it. */
export function minimalRepository(fullName: string, options: { api?: string; private?: boolean; id?: number } = {}) {
  const full = repository(fullName, options);
  const picked = Object.fromEntries(Object.entries(full).filter(([key]) => MINIMAL_REPOSITORY_KEYS.includes(key) || key.endsWith('_url')));
  return { ...picked, private: options.private ?? false };
}

/** A file of a change, as a test gives it to the fake GitHub. */
export type ChangedFile = FakeFile;

/**
 * A file of a change, as GitHub's `diff-entry`: the counts as given, or from the patch as GitHub
 * counts them; `blobSha`, the file's blob at `ref` where the caller knows it.
 */
export function diffEntry(file: ChangedFile, fullName: string, ref: string, api = GITHUB_API, blobSha?: string) {
  const lines = file.patch?.split('\n').filter((line) => !line.startsWith('@@')) ?? [];
  const additions = file.additions ?? lines.filter((line) => line.startsWith('+')).length;
  const deletions = file.deletions ?? lines.filter((line) => line.startsWith('-')).length;
  return {
    sha: blobSha ?? shaOf(`blob ${file.filename} ${file.patch ?? ''}`),
    filename: file.filename,
    status: file.status ?? 'modified',
    additions,
    deletions,
    changes: file.changes ?? additions + deletions,
    blob_url: `${GITHUB_WEB}/${path(fullName)}/blob/${ref}/${path(file.filename)}`,
    raw_url: `${GITHUB_WEB}/${path(fullName)}/raw/${ref}/${path(file.filename)}`,
    contents_url: `${api}/repos/${path(fullName)}/contents/${path(file.filename)}?ref=${ref}`,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previous_filename === undefined ? {} : { previous_filename: file.previous_filename }),
  };
}

const gitUser = (name: string) => ({ name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@users.noreply.github.com`, date: STAMP });

/** A commit as GitHub's `commit`; `files` for the one-commit read, which lists them. */
export function commitObject(sha: string, message: string, fullName: string, options: { api?: string; parents?: string[]; files?: ChangedFile[] } = {}) {
  const api = options.api ?? GITHUB_API;
  const url = `${api}/repos/${path(fullName)}`;
  const tree = shaOf(`tree ${sha}`);
  const files = options.files?.map((file) => diffEntry(file, fullName, sha, api));
  return {
    url: `${url}/commits/${sha}`,
    sha,
    node_id: `C_kwDO${idOf(`commit ${sha}`).toString(36)}`,
    html_url: `${GITHUB_WEB}/${path(fullName)}/commit/${sha}`,
    comments_url: `${url}/commits/${sha}/comments`,
    commit: {
      url: `${url}/git/commits/${sha}`,
      author: gitUser('Octo Cat'),
      committer: gitUser('GitHub'),
      message,
      comment_count: 0,
      tree: { sha: tree, url: `${url}/git/trees/${tree}` },
      verification: { verified: false, reason: 'unsigned', payload: null, signature: null, verified_at: null },
    },
    author: simpleUser('octocat', api),
    committer: simpleUser('web-flow', api),
    parents: (options.parents ?? [shaOf(`parent ${sha}`)]).map((parent) => ({
      sha: parent,
      url: `${url}/commits/${parent}`,
      html_url: `${GITHUB_WEB}/${path(fullName)}/commit/${parent}`,
    })),
    ...(files
      ? {
          stats: {
            additions: files.reduce((sum, file) => sum + file.additions, 0),
            deletions: files.reduce((sum, file) => sum + file.deletions, 0),
            total: files.reduce((sum, file) => sum + file.changes, 0),
          },
          files,
        }
      : {}),
  };
}

/** The commits of a list of messages, oldest first, each the parent of the next. */
export function commitChain(messages: readonly string[], fullName: string, api = GITHUB_API, first = shaOf(`base ${fullName}`)) {
  let parent = first;
  return messages.map((message, index) => {
    const sha = shaOf(`${parent} ${index} ${message}`);
    const commit = commitObject(sha, message, fullName, { api, parents: [parent] });
    parent = sha;
    return commit;
  });
}

/** A comparison of two commits, as GitHub's `commit-comparison`. */
export function comparison(base: string, head: string, fullName: string, parts: { commits: unknown[]; files?: unknown[]; api?: string }) {
  const api = parts.api ?? GITHUB_API;
  const baseSha = /^[0-9a-f]{40}$/.test(base) ? base : shaOf(`branch ${base}`);
  const baseCommit = commitObject(baseSha, 'Base', fullName, { api });
  const basehead = `${path(base)}...${path(head)}`;
  return {
    url: `${api}/repos/${path(fullName)}/compare/${basehead}`,
    html_url: `${GITHUB_WEB}/${path(fullName)}/compare/${basehead}`,
    permalink_url: `${GITHUB_WEB}/${path(fullName)}/compare/${fullName.split('/')[0]}:${baseSha.slice(0, 7)}...${fullName.split('/')[0]}:${shaOf(head).slice(0, 7)}`,
    diff_url: `${GITHUB_WEB}/${path(fullName)}/compare/${basehead}.diff`,
    patch_url: `${GITHUB_WEB}/${path(fullName)}/compare/${basehead}.patch`,
    base_commit: baseCommit,
    merge_base_commit: baseCommit,
    status: 'ahead',
    ahead_by: parts.commits.length,
    behind_by: 0,
    total_commits: parts.commits.length,
    commits: parts.commits,
    ...(parts.files ? { files: parts.files } : {}),
  };
}

/** A comment on an issue or a pull request, as GitHub's `issue-comment`. */
export function issueComment(
  comment: { id: number; body: string; user: { login: string }; author_association: string },
  fullName: string,
  issueNumber: number,
  api = GITHUB_API,
  /** When it was last written, epoch ms; `STAMP` when not given. */
  updatedAt?: number,
) {
  const updated = updatedAt === undefined ? STAMP : new Date(updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    id: comment.id,
    node_id: `IC_kwDO${comment.id.toString(36)}`,
    url: `${api}/repos/${path(fullName)}/issues/comments/${comment.id}`,
    html_url: `${GITHUB_WEB}/${path(fullName)}/pull/${issueNumber}#issuecomment-${comment.id}`,
    body: comment.body,
    user: simpleUser(comment.user.login, api),
    created_at: STAMP,
    updated_at: updated,
    issue_url: `${api}/repos/${path(fullName)}/issues/${issueNumber}`,
    author_association: comment.author_association,
    performed_via_github_app: null,
    reactions: noReactions(`${api}/repos/${path(fullName)}/issues/comments/${comment.id}`),
  };
}

/** The reactions of a comment none reacted to, as GitHub gives them (`url`: the comment's API URL). */
function noReactions(url: string) {
  return { url: `${url}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, confused: 0, heart: 0, hooray: 0, eyes: 0, rocket: 0 };
}

export interface PullRequestParts {
  number: number;
  title: string;
  body: string | null;
  /** Who opened it. */
  author?: string;
  /** The base repository as named now, and its ID (`repoId`; by default made from the name). */
  base: { repo: string; ref: string; sha: string; repoId?: number };
  /** `repo: null`: the head repository (a fork) was deleted since. */
  head: { repo: string | null; ref: string; sha: string; repoId?: number };
  /**
   * The name the pull request's own ID and its labels' IDs are made from: the base repository's
   * first name, so that a rename keeps them, as GitHub keeps them; its name now by default.
   */
  seed?: string;
  api?: string;
  /** Open (the default), or closed; `merged` closes it too. */
  state?: 'open' | 'closed';
  draft?: boolean;
  merged?: boolean;
  /** The names of its labels, in the order GitHub lists them. */
  labels?: readonly string[];
}

/** A pull request, as GitHub's `pull-request` (REST) and the `pull_request` of its webhooks. */
export function pullRequest(parts: PullRequestParts) {
  const api = parts.api ?? GITHUB_API;
  const baseRepo = repository(parts.base.repo, { api, id: parts.base.repoId });
  const seed = parts.seed ?? parts.base.repo;
  const id = idOf(`pull ${seed} ${parts.number}`);
  const url = `${api}/repos/${path(parts.base.repo)}/pulls/${parts.number}`;
  const html = `${GITHUB_WEB}/${path(parts.base.repo)}/pull/${parts.number}`;
  const issue = `${api}/repos/${path(parts.base.repo)}/issues/${parts.number}`;
  const end = (side: PullRequestParts['head'], repo: ReturnType<typeof repository> | null) => {
    const owner = (side.repo ?? 'ghost/deleted').split('/')[0]!;
    return { label: `${owner}:${side.ref}`, ref: side.ref, sha: side.sha, user: simpleUser(owner, api), repo };
  };
  const link = (href: string) => ({ href });
  return {
    url,
    id,
    node_id: `PR_kwDO${id.toString(36)}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/repos/${path(parts.base.repo)}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${api}/repos/${path(parts.base.repo)}/statuses/${parts.head.sha}`,
    number: parts.number,
    state: parts.merged ? 'closed' : (parts.state ?? 'open'),
    locked: false,
    title: parts.title,
    user: simpleUser(parts.author ?? 'octocat', api),
    body: parts.body,
    labels: (parts.labels ?? []).map((name) => label(name, parts.base.repo, api, seed)),
    milestone: null,
    active_lock_reason: null,
    created_at: STAMP,
    updated_at: STAMP,
    closed_at: parts.merged || parts.state === 'closed' ? STAMP : null,
    merged_at: parts.merged ? STAMP : null,
    merge_commit_sha: parts.merged ? shaOf(`merge ${parts.base.repo} ${parts.number}`) : null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: end(parts.head, parts.head.repo === null ? null : repository(parts.head.repo, { api, id: parts.head.repoId })),
    base: end(parts.base, baseRepo),
    _links: {
      self: link(url),
      html: link(html),
      issue: link(issue),
      comments: link(`${issue}/comments`),
      review_comments: link(`${url}/comments`),
      review_comment: link(`${api}/repos/${path(parts.base.repo)}/pulls/comments{/number}`),
      commits: link(`${url}/commits`),
      statuses: link(`${api}/repos/${path(parts.base.repo)}/statuses/${parts.head.sha}`),
    },
    author_association: 'MEMBER',
    auto_merge: null,
    draft: parts.draft ?? false,
    merged: parts.merged ?? false,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: parts.merged ? simpleUser(parts.author ?? 'octocat', api) : null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 1,
    deletions: 0,
    changed_files: 1,
  };
}

/** The labels every new repository has, with GitHub's colours and descriptions. */
const DEFAULT_LABELS: Record<string, { color: string; description: string }> = {
  bug: { color: 'd73a4a', description: "Something isn't working" },
  documentation: { color: '0075ca', description: 'Improvements or additions to documentation' },
  duplicate: { color: 'cfd3d7', description: 'This issue or pull request already exists' },
  enhancement: { color: 'a2eeef', description: 'New feature or request' },
  'good first issue': { color: '7057ff', description: 'Good for newcomers' },
  'help wanted': { color: '008672', description: 'Extra attention is needed' },
  invalid: { color: 'e4e669', description: "This doesn't seem right" },
  question: { color: 'd876e3', description: 'Further information is requested' },
  wontfix: { color: 'ffffff', description: 'This will not be worked on' },
};

/**
 * A repository's label, as GitHub's `label` (in a pull request's `labels`, and in a labeled event);
 * its ID made from `seed`, the repository's first name (its name now by default).
 */
export function label(name: string, fullName: string, api = GITHUB_API, seed = fullName) {
  const id = idOf(`label ${seed} ${name}`);
  const known = DEFAULT_LABELS[name];
  return {
    id,
    node_id: `LA_kwDO${id.toString(36)}`,
    url: `${api}/repos/${path(fullName)}/labels/${encodeURIComponent(name)}`,
    name,
    description: known?.description ?? null,
    color: known?.color ?? 'ededed',
    default: known !== undefined,
  };
}

/** A commit status as GitHub's `simple-commit-status` (one of a combined status), which names no creator. */
export function simpleCommitStatus(
  status: { id: number; sha: string; state: string; description: string | null; target_url: string | null; context: string; creator: string },
  fullName: string,
  api = GITHUB_API,
) {
  return {
    url: `${api}/repos/${path(fullName)}/statuses/${status.sha}`,
    avatar_url: simpleUser(status.creator, api).avatar_url,
    id: status.id,
    node_id: `SC_kwDO${status.id.toString(36)}`,
    state: status.state,
    description: status.description,
    target_url: status.target_url,
    context: status.context,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/** A commit status, as GitHub's `status` (what creating one answers). */
export function commitStatus(status: Parameters<typeof simpleCommitStatus>[0], fullName: string, api = GITHUB_API) {
  return { ...simpleCommitStatus(status, fullName, api), creator: simpleUser(status.creator, api) };
}

/**
 * A review of a pull request, as GitHub's `pull-request-review` (REST, `state` in capitals) and as
 * the `review` of a `pull_request_review` webhook (`state` in small letters, `updated_at` too).
 */
export function pullRequestReview(
  review: { id: number; login: string; state: string; submittedAt: string; commitId: string; body?: string | null },
  fullName: string,
  pullNumber: number,
  api = GITHUB_API,
) {
  const html = `${GITHUB_WEB}/${path(fullName)}/pull/${pullNumber}#pullrequestreview-${review.id}`;
  const pull = `${api}/repos/${path(fullName)}/pulls/${pullNumber}`;
  return {
    id: review.id,
    node_id: `PRR_kwDO${review.id.toString(36)}`,
    user: simpleUser(review.login, api),
    body: review.body === undefined ? '' : review.body,
    state: review.state,
    html_url: html,
    pull_request_url: pull,
    author_association: 'MEMBER',
    _links: { html: { href: html }, pull_request: { href: pull } },
    submitted_at: review.submittedAt,
    commit_id: review.commitId,
  };
}

/**
 * An inline comment of a pull request's review, as GitHub's `review-comment` (what
 * `GET pulls/{n}/reviews/{id}/comments` lists). `line` is the line of the file it is on now, and
 * null once the diff moved under it (an outdated comment: GitHub then gives `position: null` too,
 * and keeps `original_line`, the line it was written on, with `original_commit_id`). `diffHunk`:
 * the hunk it was written on, up to its line (by default a one-line hunk at `original_line`).
 */
export function reviewComment(
  comment: {
    id: number;
    reviewId: number;
    login: string;
    path: string;
    line: number | null;
    originalLine: number;
    body: string;
    commitId: string;
    originalCommitId?: string;
    diffHunk?: string;
    createdAt?: string;
  },
  fullName: string,
  pullNumber: number,
  api = GITHUB_API,
) {
  const url = `${api}/repos/${path(fullName)}/pulls/comments/${comment.id}`;
  const html = `${GITHUB_WEB}/${path(fullName)}/pull/${pullNumber}#discussion_r${comment.id}`;
  const pull = `${api}/repos/${path(fullName)}/pulls/${pullNumber}`;
  const created = comment.createdAt ?? STAMP;
  return {
    url,
    pull_request_review_id: comment.reviewId,
    id: comment.id,
    node_id: `PRRC_kwDO${comment.id.toString(36)}`,
    diff_hunk: comment.diffHunk ?? `@@ -${comment.originalLine},1 +${comment.originalLine},1 @@`,
    path: comment.path,
    position: comment.line === null ? null : 1,
    original_position: 1,
    commit_id: comment.commitId,
    original_commit_id: comment.originalCommitId ?? comment.commitId,
    user: simpleUser(comment.login, api),
    body: comment.body,
    created_at: created,
    updated_at: created,
    html_url: html,
    pull_request_url: pull,
    author_association: 'MEMBER',
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pull } },
    reactions: noReactions(url),
    start_line: null,
    original_start_line: null,
    start_side: null,
    line: comment.line,
    original_line: comment.originalLine,
    side: 'RIGHT',
    subject_type: 'line',
  };
}

/**
 * A login's role in a repository, as GitHub names the base roles: the five a collaborator (or a
 * team's member) may have, and `none` for one who may not even read.
 */
export type RepositoryRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

/** The legacy base role GitHub gives beside a role (`permission`): `maintain` reads as `write`, `triage` as `read`. */
const LEGACY_ROLES: Record<RepositoryRole, 'admin' | 'write' | 'read' | 'none'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

/** What each role may do, as GitHub's `permissions` of a collaborator says it (each role may all the ones after it may). */
const ROLE_ORDER: readonly RepositoryRole[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin'];

/** A user (or a bot) in a repository, as GitHub's `collaborator`: the user, with what its role lets it do. */
export function collaborator(login: string, role: RepositoryRole, api = GITHUB_API) {
  const rank = ROLE_ORDER.indexOf(role);
  const may = (least: RepositoryRole) => rank >= ROLE_ORDER.indexOf(least);
  return {
    ...simpleUser(login, api),
    permissions: { admin: may('admin'), maintain: may('maintain'), push: may('write'), triage: may('triage'), pull: may('read') },
    role_name: role,
  };
}

/**
 * A login's permission in a repository, as GitHub's `repository-collaborator-permission` (what
 * `GET collaborators/{username}/permission` answers): `permission` the legacy role, `role_name` the role.
 */
export function collaboratorPermission(login: string, role: RepositoryRole, api = GITHUB_API) {
  return { permission: LEGACY_ROLES[role], role_name: role, user: collaborator(login, role, api) };
}

/** One entry of a Git tree, as GitHub's `git-tree` lists it: a blob with its size, a folder (`tree`) without. */
export function gitTreeEntry(entry: { path: string; mode: string; type: 'blob' | 'tree'; sha: string; size?: number }, fullName: string, api = GITHUB_API) {
  return {
    path: entry.path,
    mode: entry.mode,
    type: entry.type,
    sha: entry.sha,
    ...(entry.type === 'blob' ? { size: entry.size ?? 0 } : {}),
    url: `${api}/repos/${path(fullName)}/git/${entry.type === 'blob' ? 'blobs' : 'trees'}/${entry.sha}`,
  };
}

/** A tree, as GitHub's `git-tree`: its entries (as `gitTreeEntry` makes them), and whether GitHub cut the list short. */
export function gitTree(sha: string, entries: unknown[], truncated: boolean, fullName: string, api = GITHUB_API) {
  return { sha, url: `${api}/repos/${path(fullName)}/git/trees/${sha}`, tree: entries, truncated };
}

/** The URLs the contents API gives a file or folder at a ref (the ref as asked). */
function contentLinks(item: { path: string; type: 'file' | 'dir'; sha: string }, ref: string, fullName: string, api: string) {
  const url = `${api}/repos/${path(fullName)}/contents/${path(item.path)}?ref=${encodeURIComponent(ref)}`;
  const git = `${api}/repos/${path(fullName)}/git/${item.type === 'file' ? 'blobs' : 'trees'}/${item.sha}`;
  const html = `${GITHUB_WEB}/${path(fullName)}/${item.type === 'file' ? 'blob' : 'tree'}/${path(ref)}/${path(item.path)}`;
  return {
    url,
    git_url: git,
    html_url: html,
    download_url: item.type === 'file' ? `https://raw.githubusercontent.com/${path(fullName)}/${path(ref)}/${path(item.path)}` : null,
    _links: { self: url, git, html },
  };
}

/**
 * A file, as the contents API answers it (GitHub's `content-file`): its bytes in base64 as given
 * (`encoding: 'base64'`), or none (`content: ''`, `encoding: 'none'`) for a file over 1 MB.
 */
export function contentFile(
  file: { path: string; sha: string; size: number; content: string; encoding: 'base64' | 'none' },
  ref: string,
  fullName: string,
  api = GITHUB_API,
) {
  return {
    type: 'file',
    encoding: file.encoding,
    size: file.size,
    name: file.path.split('/').at(-1)!,
    path: file.path,
    content: file.content,
    sha: file.sha,
    ...contentLinks({ path: file.path, type: 'file', sha: file.sha }, ref, fullName, api),
  };
}

/** One item of a folder, as the contents API lists it (an item of GitHub's `content-directory`): a folder's size is 0. */
export function contentDirectoryItem(item: { path: string; type: 'file' | 'dir'; sha: string; size: number }, ref: string, fullName: string, api = GITHUB_API) {
  return {
    type: item.type,
    size: item.type === 'dir' ? 0 : item.size,
    name: item.path.split('/').at(-1)!,
    path: item.path,
    sha: item.sha,
    ...contentLinks(item, ref, fullName, api),
  };
}

/**
 * A release, as GitHub's `release` (REST) and the `release` of its webhooks: its tag, title and
 * state, its page under the tag, by `author`; its ID made from the repository and its place among
 * the releases (`index`).
 */
export function releaseObject(
  release: { readonly tag: string; readonly name?: string | null; readonly draft?: boolean; readonly prerelease?: boolean },
  index: number,
  fullName: string,
  api = GITHUB_API,
  author = 'octocat',
) {
  const id = idOf(`release ${fullName} ${index}`);
  const url = `${api}/repos/${path(fullName)}/releases/${id}`;
  const draft = release.draft ?? false;
  return {
    url,
    html_url: `${GITHUB_WEB}/${path(fullName)}/releases/tag/${path(release.tag)}`,
    assets_url: `${url}/assets`,
    upload_url: `https://uploads.github.com/repos/${path(fullName)}/releases/${id}/assets{?name,label}`,
    tarball_url: `${api}/repos/${path(fullName)}/tarball/${path(release.tag)}`,
    zipball_url: `${api}/repos/${path(fullName)}/zipball/${path(release.tag)}`,
    id,
    node_id: `RE_kwDO${id.toString(36)}`,
    tag_name: release.tag,
    target_commitish: 'main',
    name: release.name === undefined ? release.tag : release.name,
    body: null,
    draft,
    prerelease: release.prerelease ?? false,
    immutable: false,
    created_at: STAMP,
    published_at: draft ? null : STAMP,
    updated_at: STAMP,
    author: simpleUser(author, api),
    assets: [],
  };
}
