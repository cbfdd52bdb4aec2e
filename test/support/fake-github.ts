/**
 * A loopback stand-in for the few GitHub endpoints the action reads and writes, answering as
 * GitHub documents them (paging, the compare endpoint's 300-file cap, the GraphQL `viewer`, a
 * commit's Git tree and its files' contents, named by the SHAs git gives them, reviews counted by
 * their authors' permissions, a review with its inline comments, a login's permission in a
 * repository, repositories whose IDs survive a rename).
 * Octokit is pointed at it through GITHUB_API_URL (end to end) or a base URL (in process).
 * Faults can be queued per call, to hold the action to the contract when GitHub misbehaves, and a
 * list made to lie about its pages (`lieAboutPages`). A REST request that does not ask for the
 * version of the API the fake serves (`X-GitHub-Api-Version: 2022-11-28`) is refused with a 400.
 *
 * Every exchange is held to GitHub's own descriptions: each REST request and answer to its
 * REST description (github-rest.ts), each GraphQL document to GitHub's GraphQL schema. What
 * strays is a violation, and the tests that use the fake fail on any (`takeViolations`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  collaboratorPermission,
  commitChain,
  commitObject,
  commitStatus,
  comparison,
  contentDirectoryItem,
  label as labelObject,
  contentFile,
  diffEntry,
  gitTree,
  gitTreeEntry,
  GITHUB_WEB,
  idOf,
  issueComment,
  minimalRepository,
  pullRequest,
  pullRequestReview,
  releaseObject,
  repository,
  repositoryIdOf,
  reviewComment,
  shaOf,
  simpleCommitStatus,
  STAMP,
} from './github-objects.js';
import { answerGraphql, GraphqlFieldError, graphqlViolations, prepareGraphqlSchema, type GraphqlExchange } from './github-graphql.js';
import { DIFF_MEDIA_TYPE, restDescription, type RestExchange } from './github-rest.js';
import { bytesOf, githubBase64, listTree, modeOf, nodeAt, treeOf, treesUnder, type FakeFiles, type TreeNode } from './git-files.js';

export type { FakeBlob, FakeFiles } from './git-files.js';

export interface FakeFile {
  filename: string;
  /** One of GitHub's: added, removed, modified, renamed, copied, changed, unchanged (modified when absent). */
  status?: string;
  previous_filename?: string;
  patch?: string;
  /** Lines added, removed, and both; by default counted in the patch as GitHub counts them (none without a patch). */
  additions?: number;
  deletions?: number;
  changes?: number;
}

export interface FakePull {
  diff: string;
  files: FakeFile[];
  commits: string[];
  /** Answer the diff media type with 406, as GitHub does above 300 files or 20,000 lines. */
  tooLarge?: boolean;
}

export interface FakeCompare {
  files: FakeFile[];
  /** Commit messages, oldest first (GitHub lists a comparison's commits in chronological order). */
  commits: string[];
  /** Answer the diff media type with 406 (a comparison too large to render as one diff). */
  tooLarge?: boolean;
}

export interface FakeComment {
  id: number;
  /** The issue (pull request) it belongs to, as GitHub gives it; a comment a test adds without one shows on every pull request. */
  issue_url?: string;
  body: string;
  user: { login: string; type: string };
  author_association: string;
  /** When it was created or last edited, epoch ms by the fake's clock; a comment a test adds without one was written long before (`STAMP`). */
  updated_at?: number;
}

/** A pull request's state, for the pull requests a test follows (a documentation PR, in any repository). */
export interface FakePullState {
  title: string;
  state: 'open' | 'closed';
  draft: boolean;
  merged: boolean;
  /** The head branch; the fake keeps every branch, and nothing in it can delete one. */
  headRef: string;
  /** The base branch, `main` by default: a test retargets the pull request by changing it. */
  baseRef?: string;
  /** The head branch's repository, `owner/name`, when it is a fork's; by default the pull request's own. */
  headRepository?: string;
  /** The head commit (40 hex digits); by default one the fake makes of the repository and number. */
  headSha?: string;
  /** The names of its labels, shown in `GET pulls/{n}` as GitHub's label objects. */
  labels?: string[];
  /** Its reviews, oldest first, as `GET pulls/{n}/reviews` lists them (in capitals, as REST writes them). */
  reviews?: FakeReview[];
  /**
   * GraphQL's `pullRequest.reviewDecision`: null (the default) where the repository requires no
   * review; the fake does not work it out from `reviews`, a test says it.
   */
  reviewDecision?: 'APPROVED' | 'CHANGES_REQUESTED' | 'REVIEW_REQUIRED' | null;
  /**
   * Its changed files, as `GET pulls/{n}/files` lists them (at most 3,000, page by page). None
   * when absent; in the workflow's repository, those of `fake.pulls` when it has the number.
   */
  files?: FakeFile[];
  /** Once merged, its merge commit (REST `merge_commit_sha`, GraphQL `mergeCommit.oid`); by default one made of the repository and number. */
  mergeCommit?: string;
  /**
   * Merged, but the REST answer carries `merge_commit_sha: null`, as an API version past the
   * pinned one leaves it out: GraphQL's `mergeCommit` still answers it.
   */
  restWithoutMergeCommit?: boolean;
}

/**
 * A release of the workflow's repository. A draft is not published: GitHub reads it by no tag, and
 * `releases/latest` passes it over, as it passes over a prerelease.
 */
export interface FakeRelease {
  tag: string;
  /** Its title; null when it has none (GitHub then shows the tag). */
  name?: string | null;
  draft?: boolean;
  prerelease?: boolean;
}

/**
 * A review of a followed pull request. A `DISMISSED` one is a review since dismissed (GitHub
 * changes the state of the review itself): it takes back what its author's earlier reviews said.
 */
export interface FakeReview {
  login: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED';
  /** When it was submitted, as GitHub writes it (`2026-01-05T10:00:00Z`). */
  submittedAt: string;
  /** What the reviewer wrote; empty when absent, as GitHub gives a review without a body. */
  body?: string;
  /**
   * Its ID (REST's `id`, GraphQL's `databaseId`), for a test that names the review (as an event's
   * payload does); by default one made of the repository, the pull request and its place among
   * the reviews. A login ending in `[bot]` is a bot's review (its `user.type` is `Bot`).
   */
  id?: number;
  /** Its inline comments, in order, as `GET pulls/{n}/reviews/{id}/comments` lists them; none when absent. */
  comments?: FakeReviewComment[];
}

/** An inline comment of a review, on a line of a file of the pull request. */
export interface FakeReviewComment {
  path: string;
  /**
   * The line of the file it is on now; null once the diff moved under it (an outdated comment:
   * GitHub gives `line: null` and `position: null`, and keeps `original_line`); when absent,
   * `originalLine` (or 1).
   */
  line?: number | null;
  /** The line it was written on (GitHub's `original_line`); by default `line` (1 when that is null or absent). */
  originalLine?: number;
  body: string;
}

/**
 * A login's role in a repository, as GitHub names the permissions a collaborator (or a team's
 * member) may have: the first three may push (GitHub's "writers"), `triage` and `read` may not.
 */
export type FakePermission = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

/** The permissions that may push to a repository: GraphQL's `authorCanPushToRepository`, and who `writersOnly` keeps. */
const WRITER_PERMISSIONS: ReadonlySet<FakePermission> = new Set(['admin', 'maintain', 'write']);

/** A commit status the fake accepted, in arrival order. */
export interface FakeStatus {
  /** The repository, `owner/name`, as the fake knows it. */
  repository: string;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  /** As sent (at most 140 characters, or GitHub refuses it); null when none was. */
  description: string | null;
  target_url: string | null;
  /** As sent; `default` when none was. GitHub compares contexts without regard to case. */
  context: string;
  /** The token that set it (its text). */
  token: string;
  /** The status's ID, as the answer gave it. */
  id: number;
}

/** A repository besides the workflow's own: its pull requests' states and its comments. */
export interface FakeRepository {
  /**
   * Its numeric ID, as GitHub keeps it through renames and transfers: given to `addRepository`, or
   * the one the fake gave this name before (so a repository added again after a reset has its ID
   * again), or one made from the name.
   */
  readonly id: number;
  /** A private repository answers 404 to a token that may not see it; a public one lets any token read. */
  private: boolean;
  readonly pulls: Map<number, FakePullState>;
  readonly comments: FakeComment[];
  /** Its files at some commits, by commit SHA: what its Git trees and the contents API serve. */
  readonly files: FakeFiles;
  /**
   * Its collaborators, by login (compared without regard to case, as GitHub compares logins), with
   * their permission. A login not here may read a public repository and may not push to it.
   */
  readonly collaborators: Map<string, FakePermission>;
}

/**
 * A rule in force on a branch, from a ruleset of the repository: status checks it requires (each
 * context, and the app it must come from when one is pinned), a merge queue, or pull requests.
 */
export type FakeBranchRule =
  | { readonly type: 'required_status_checks'; readonly checks: ReadonlyArray<{ readonly context: string; readonly integrationId?: number }> }
  | { readonly type: 'merge_queue' }
  | { readonly type: 'pull_request' };

/** What a token's installation may do in one repository, as a GitHub App's permissions say it. */
export interface FakeGrant {
  pullRequests: 'read' | 'write';
  contents: 'read' | 'write';
  /** Commit statuses: `write` sets them; absent is none (reading follows the repository's visibility). */
  statuses?: 'read' | 'write';
}

/**
 * What the workflow's GITHUB_TOKEN may do in the workflow's repository (it may always read there).
 * By default all the fake serves; `statuses: 'read'` refuses setting a commit status (a job whose
 * `permissions` leave out `statuses: write`), and `readOnly` refuses every write, as GitHub does
 * with the token of a `pull_request` event from a fork: 403 "Resource not accessible by integration"
 * (over GraphQL, a FORBIDDEN error).
 */
export interface FakeWorkflowToken {
  statuses?: 'read' | 'write';
  readOnly?: boolean;
}

/**
 * A token the fake knows (a GitHub App installation token, a fine-grained token): its identity and
 * its repositories. A token it does not know is the workflow's GITHUB_TOKEN: everything in the
 * workflow's repository, elsewhere only reading what is public.
 */
export interface FakeToken {
  login: string;
  repositories: Record<string, FakeGrant>;
}

/** Every GitHub call the action makes, as the fault queue targets them. */
export const GITHUB_CALLS = [
  'pull-diff',
  'pull-files',
  'pull-commits',
  'compare',
  'compare-diff',
  'commit',
  'repository',
  'list-comments',
  'get-comment',
  'recent-comments',
  'create-comment',
  'update-comment',
  'identity',
  'pull-request',
  'update-pull',
  'mark-ready',
  'set-status',
  'combined-status',
  'reviews',
  'review',
  'review-comments',
  'collaborator-permission',
  'open-pulls',
  'release',
  'add-label',
  'remove-label',
  'convert-to-draft',
  'merge-commit',
  'review-decision',
  'pending-pulls',
  'tree',
  'file-content',
  'repository-by-id',
  'branch-rules',
] as const;
export type GitHubCall = (typeof GITHUB_CALLS)[number];

/** What a faulted request gets instead of its answer. */
export type GitHubMisbehaviour =
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** Destroy the connection before any answer. */
  | { kind: 'reset' }
  /** Answer 200 with the headers and half the body, then destroy the connection. */
  | { kind: 'cut-body' }
  /**
   * Answer with this status, body (GitHub's own error shape when no body is given) and headers
   * (`retry-after`, `x-ratelimit-*` for a rate limit). `afterHandling`: the request takes effect
   * first (a comment is created), and only its answer is lost to the fault.
   */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string>; afterHandling?: boolean };

/** `skip`: let that many requests of the call through first (a fault on the second page, say). */
export type GitHubFault = { call: GitHubCall; times?: number; skip?: number } & GitHubMisbehaviour;

/**
 * How a list's pages lie (`lieAboutPages`), as a server that does not page as GitHub pages: what
 * the action's bounded pagers must stop on. Pages are counted from 1, as REST's `page` counts them;
 * over GraphQL a page is the 100 nodes after a cursor, and naming a page is giving the cursor it
 * starts after (`hasNextPage: true` with it).
 */
export type PageLie =
  /** Every page names a next one, the last too: past the list's end, empty pages, each naming the next. */
  | { kind: 'endless' }
  /** From page `from` on, every page has page `from`'s items again, and names the page after it. */
  | { kind: 'repeat'; from: number }
  /** Page `at` names page `to` (at or before it) as its next: the pages go round. */
  | { kind: 'loop'; at: number; to: number };

/** The lists whose pages can lie: GitHub's REST lists the action reads page by page, and the GraphQL one. */
export type ListCall = Extract<
  GitHubCall,
  'list-comments' | 'recent-comments' | 'pull-files' | 'pull-commits' | 'commit' | 'review-comments' | 'pending-pulls'
>;

/** The REST API version the fake serves, as GitHub serves it to a client that asks for it: any other, or none, is refused. */
export const REST_API_VERSION = '2022-11-28';

/** GitHub's limits, as documented: compare lists at most 300 files, a commit 300 per page. */
export const COMPARE_MAX_FILES = 300;
const COMPARE_MAX_COMMITS = 250;
const COMMIT_FILES_PER_PAGE = 300;
const COMMIT_MAX_FILES = 3_000;
/** GitHub's limits on commit statuses: a description of at most 140 characters, 1,000 statuses per commit and context. */
export const STATUS_DESCRIPTION_MAX = 140;
export const STATUSES_PER_CONTEXT_MAX = 1_000;
const STATES = ['error', 'failure', 'pending', 'success'] as const;
/** GitHub answers at most 100 items a page, whatever `per_page` asks. */
const PER_PAGE_MAX = 100;
/** GitHub lists at most 3,000 files of a pull request. */
export const PULL_FILES_MAX = 3_000;
/** The largest file whose content the contents API gives (1 MB); over it, `encoding: 'none'` and no content. */
export const CONTENT_MAX_BYTES = 1_048_576;
/** GitHub's limit on a recursive tree's entries; past it the list is cut short and `truncated`. */
export const TREE_ENTRIES_MAX = 100_000;
/** The contents API lists at most 1,000 items of a folder. */
const DIRECTORY_ITEMS_MAX = 1_000;

export interface FakeGitHub {
  readonly url: string;
  /** Every request, with when it arrived (by the clock the fake was started with, as the API simulator's log). */
  readonly requests: Array<{ method: string; path: string; call: GitHubCall | undefined; accept?: string; body?: unknown; at: number; token?: string }>;
  defaultBranch: string;
  /**
   * Told of each request as it arrives, before it is answered: a test makes another run's write
   * land at that moment (a push's record while a sweep is about to write). None by default; `reset`
   * clears it.
   */
  onRequest: ((request: { readonly method: string; readonly path: string; readonly call: GitHubCall | undefined }) => void) | undefined;
  /** The login GraphQL's `viewer` answers: the identity of the token (and of the comments it writes). */
  viewerLogin: string;
  /** The workflow's repository, `owner/name`, as the fake names it now: `rename` changes it. */
  readonly workflowRepository: string;
  /** The workflow repository's collaborators, as `FakeRepository.collaborators` holds another's. */
  readonly collaborators: Map<string, FakePermission>;
  readonly pulls: Map<number, FakePull>;
  /** Keyed `base...head`; a missing key answers 404 (a commit that is gone). */
  readonly compares: Map<string, FakeCompare>;
  readonly commits: Map<string, { files: FakeFile[]; message: string }>;
  readonly comments: FakeComment[];
  /** Status for comment writes (403 to refuse them); 0 = normal. */
  commentWriteStatus: number;
  /** The states of the workflow repository's pull requests that a test follows (a documentation PR in the same repository). */
  readonly pullStates: Map<number, FakePullState>;
  /** Repositories besides the workflow's, by `owner/name` (a documentation repository). */
  readonly repositories: Map<string, FakeRepository>;
  /** Tokens the fake knows, by their text; any other token is the workflow's GITHUB_TOKEN. */
  readonly tokens: Map<string, FakeToken>;
  /** What the workflow's GITHUB_TOKEN may do in its repository: everything unless said (`{ readOnly: true }` for a fork's). */
  workflowToken: FakeWorkflowToken;
  /** The workflow repository's files at some commits, by commit SHA: what its Git trees and the contents API serve. */
  readonly files: FakeFiles;
  /**
   * The workflow repository's branches, by name, each with its head commit: a ref the contents API
   * is given by a branch's name (`?ref=main`) reads the files of that commit (`files`).
   */
  readonly branches: Map<string, string>;
  /**
   * The rules in force on each branch of the workflow repository, by the branch's name, as
   * `GET rules/branches/{branch}` lists them (none on a branch not here).
   */
  readonly branchRules: Map<string, FakeBranchRule[]>;
  /**
   * How many entries a recursive tree lists before GitHub cuts it short with `truncated: true`:
   * GitHub's 100,000 unless a test lowers it (to see a truncated tree of a few files).
   */
  treeEntriesMax: number;
  /** The workflow repository's releases, oldest first (`releases/latest` answers the newest published one). */
  readonly releases: FakeRelease[];
  /** The workflow repository's tags, each with its commit: what a release's tag and a comparison name. */
  readonly tags: Map<string, string>;
  /**
   * The workflow repository's commits by SHA, each with its parents: the history a comparison of
   * two commits (or tags, or branches) follows when `compares` has no answer for them.
   */
  readonly parents: Map<string, readonly string[]>;
  /** Every commit status accepted, in any repository, in arrival order (a test may seed earlier ones). */
  readonly statuses: FakeStatus[];
  /** The newest status of a context (compared as GitHub does, without regard to case) on a commit; the workflow's repository unless said. */
  latestStatus(sha: string, context: string, repository?: string): FakeStatus | undefined;
  /**
   * Adds a repository besides the workflow's (public unless said), replacing one of the same name.
   * Its ID is `id` when given; else the one this name had before in this fake (a repository added
   * again after a reset keeps its ID), else one made from the name (another if a repository the
   * fake serves has that one).
   */
  addRepository(fullName: string, options?: { private?: boolean; id?: number }): FakeRepository;
  /** The ID of a repository the fake serves (the workflow's or an added one), by the name it has now; throws for any other. */
  repositoryId(fullName: string): number;
  /**
   * Renames (or transfers, with another owner) the workflow's repository or an added one, as
   * GitHub does: its ID, pull requests, comments, statuses, files and collaborators stay with it,
   * and the grants of the tokens that reach it follow it. From then on the fake serves it under the
   * new name only: the old one answers 404 (REST) or NOT_FOUND (GraphQL), where GitHub would
   * redirect, so that nothing passes here by leaning on the redirect. Throws when `from` is none
   * of its repositories, or when another already has the name `to`.
   */
  rename(from: string, to: string): void;
  /** Every body written to the comments of pull request `pullNumber` of another repository, from request `from` of the log on. */
  docsCommentBodiesSent(fullName: string, pullNumber: number, from?: number): string[];
  /** Every body written to the comments of pull request `pullNumber` (created or edited), from request `from` of the log on. */
  commentBodiesSent(pullNumber: number, from?: number): string[];
  /** Queues a fault for the next request(s) of one call. */
  injectFault(fault: GitHubFault): void;
  /** Has one list's pages lie from now on, until `clearFaults` (or another lie for the list). */
  lieAboutPages(call: ListCall, lie: PageLie): void;
  /**
   * Told of each request it holds without an answer (a `hang`), once it is logged: a test on fake
   * time runs its clock to the client's time limit there (test/support/request-timers.ts).
   */
  onHang: ((request: { readonly method: string; readonly url: string }) => void) | undefined;
  /** Clears the queued faults and the lies about pages. */
  clearFaults(): void;
  /** The requests made to one call. */
  callsTo(call: GitHubCall): Array<{ method: string; path: string }>;
  /**
   * Checks every exchange not checked yet against GitHub's descriptions, and answers every way
   * one strayed (the request, or the fake's own answer), once: a test fails on any.
   */
  takeViolations(): Promise<string[]>;
  close(): Promise<void>;
}

/** The operations the fake serves, by GitHub's `operationId`. */
const OPERATIONS = [
  'repos/get',
  'pulls/get',
  'pulls/list-files',
  'pulls/list-commits',
  'repos/compare-commits-with-basehead',
  'repos/get-commit',
  'issues/list-comments',
  'issues/list-comments-for-repo',
  'issues/create-comment',
  'issues/update-comment',
  'pulls/update',
  'repos/create-commit-status',
  'repos/get-combined-status-for-ref',
  'pulls/list-reviews',
  'pulls/list',
  'repos/get-release-by-tag',
  'repos/get-latest-release',
  'issues/add-labels',
  'issues/remove-label',
  'pulls/get-review',
  'pulls/list-comments-for-review',
  'repos/get-collaborator-permission-level',
  'git/get-tree',
  'repos/get-content',
  'repos/get-branch-rules',
  // Not in GitHub's REST description, though GitHub serves it: github-rest.ts describes it.
  'repos/get-by-id',
];

export interface FakeGitHubOptions {
  readonly owner?: string;
  readonly repo?: string;
  /** The clock of the request log; the host's by default (an in-process run's fake clock shares the simulator's). */
  readonly now?: () => number;
}

export async function startFakeGitHub({ owner = 'acme', repo = 'widgets', now = Date.now }: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  // GitHub's descriptions are loaded (once per process) before the fake answers anything: loading
  // them later would stall the answers of every fake in the process for a second or more.
  await prepareGraphqlSchema();
  restDescription().prepare(OPERATIONS);
  let nextCommentId = 9000;
  let nextStatusId = 5000;
  /** The workflow's repository as named now (`rename` changes it), and the path of its REST API. */
  let fullName = `${owner}/${repo}`;
  let base = `/repos/${fullName}`;
  /** The workflow repository's ID and seed: what it was first known by keeps its IDs and SHAs through a rename. */
  const workflow: RepositoryIdentity = { id: repositoryIdOf(fullName), seed: fullName };
  /** Every repository's identity the fake gave out, by the name it has (lower-cased): a repository added again gets its own back. */
  const remembered = new Map<string, RepositoryIdentity>([[fullName.toLowerCase(), workflow]]);
  /** The seed of each added repository (its ID is its own `id`). */
  const seeds = new WeakMap<FakeRepository, string>();
  const faults: Array<GitHubFault & { left: number; toSkip: number }> = [];
  const pageLies = new Map<ListCall, PageLie>();
  /** REST exchanges and GraphQL requests not yet checked against GitHub's descriptions. */
  let unchecked: RestExchange[] = [];
  let uncheckedGraphql: GraphqlExchange[] = [];
  /** What a test gave the fake that GitHub could not hold (files no Git tree can), reported with the violations. */
  let fakeProblems: string[] = [];
  const fake: FakeGitHub & { url: string } = {
    url: '',
    requests: [],
    onHang: undefined,
    onRequest: undefined,
    defaultBranch: 'main',
    viewerLogin: 'github-actions[bot]',
    get workflowRepository() {
      return fullName;
    },
    collaborators: new Map(),
    pulls: new Map(),
    compares: new Map(),
    commits: new Map(),
    comments: [],
    commentWriteStatus: 0,
    pullStates: new Map(),
    repositories: new Map(),
    tokens: new Map(),
    workflowToken: {},
    files: new Map(),
    branches: new Map(),
    branchRules: new Map(),
    treeEntriesMax: TREE_ENTRIES_MAX,
    releases: [],
    tags: new Map(),
    parents: new Map(),
    statuses: [],
    latestStatus: (sha, context, name = fullName) =>
      fake.statuses.findLast(
        (status) => status.sha === sha.toLowerCase() && sameName(status.repository, name) && status.context.toLowerCase() === context.toLowerCase(),
      ),
    addRepository: (name, options = {}) => {
      if (sameName(name, fullName)) throw new Error(`${name} is the workflow's repository, not another one`);
      for (const key of fake.repositories.keys()) if (sameName(key, name)) fake.repositories.delete(key);
      const identity = identityFor(name, options.id);
      const added: FakeRepository = {
        id: identity.id,
        private: options.private ?? false,
        pulls: new Map(),
        comments: [],
        files: new Map(),
        collaborators: new Map(),
      };
      seeds.set(added, identity.seed);
      remembered.set(name.toLowerCase(), identity);
      fake.repositories.set(name, added);
      return added;
    },
    repositoryId: (name) => {
      const identity = identityOf(name);
      if (!identity) throw new Error(`The fake GitHub serves no repository ${name}`);
      return identity.id;
    },
    rename: (from, to) => renameRepository(from, to),
    docsCommentBodiesSent: (name, pullNumber, from = 0) =>
      fake.requests.slice(from).flatMap((request) => {
        const prefix = `/repos/${name}`;
        if (!request.path.startsWith(`${prefix}/`)) return [];
        const rest = request.path.slice(prefix.length);
        const edited = /^\/issues\/comments\/(\d+)$/.exec(rest);
        const ours =
          (request.method === 'POST' && rest === `/issues/${pullNumber}/comments`) ||
          (request.method === 'PATCH' &&
            edited !== null &&
            (fake.repositories.get(name)?.comments ?? []).some((c) => c.id === Number(edited[1]) && c.issue_url?.endsWith(`/issues/${pullNumber}`)));
        return ours ? [(request.body as { body: string }).body] : [];
      }),
    commentBodiesSent: (pullNumber, from) => commentBodiesSent(pullNumber, from),
    injectFault: (fault) => {
      faults.push({ ...fault, left: fault.times ?? 1, toSkip: fault.skip ?? 0 });
    },
    lieAboutPages: (call, lie) => {
      pageLies.set(call, lie);
    },
    clearFaults: () => {
      faults.length = 0;
      pageLies.clear();
    },
    callsTo: (call) => fake.requests.filter((request) => request.call === call),
    takeViolations: async () => {
      const rest = unchecked;
      const graphqlExchanges = uncheckedGraphql;
      const problems = fakeProblems;
      unchecked = [];
      uncheckedGraphql = [];
      fakeProblems = [];
      const description = rest.length > 0 ? restDescription() : undefined;
      return [...problems, ...rest.flatMap((exchange) => description!.check(exchange)), ...(await graphqlViolations(graphqlExchanges))];
    },
    close: () =>
      new Promise<void>((resolve) => {
        running.delete(fake.url);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const accept = req.headers.accept ?? '';
      const call = callOf(method, url.pathname, accept, body);
      const token = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      fake.requests.push({ method, path: url.pathname + url.search, call, accept, body, at: now(), token });
      fake.onRequest?.({ method, path: url.pathname + url.search, call });
      const isGraphql = method === 'POST' && url.pathname === '/graphql';
      const exchange: Mutable<RestExchange> | undefined = isGraphql ? undefined : { method, url: url.pathname + url.search, accept, body };
      const graphqlExchange: Mutable<GraphqlExchange> | undefined = isGraphql ? { body, answer: undefined } : undefined;
      if (exchange) unchecked.push(exchange);
      if (graphqlExchange) uncheckedGraphql.push(graphqlExchange);
      const version = req.headers['x-github-api-version'];
      if (!isGraphql && version !== REST_API_VERSION) return refuseVersion(version, method, url, res);
      const fault = call && takeFault(call);
      if (fault?.kind === 'hang') fake.onHang?.({ method, url: req.url ?? '/' });
      if (fault && !(fault.kind === 'status' && fault.afterHandling)) return applyFault(fault, res);
      const lie = isGraphql ? undefined : lyingRestPage(call, url);
      route(method, lie?.served ?? url, accept, body, token, (status, contentType, value, headers = {}) => {
        // A fault after handling: the request took effect, and the fault answers in its place.
        if (fault) return applyFault(fault, res);
        if (exchange) exchange.answer = { status, contentType, body: value };
        if (graphqlExchange) graphqlExchange.answer = value;
        res.writeHead(status, { 'content-type': contentType, ...headers, ...(lie && status === 200 ? lie.link : {}) });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      });
    })();
  });

  /**
   * GitHub refuses a version of its REST API it does not serve with a 400; the fake serves one,
   * and refuses a request that does not ask for it (GitHub would answer its default version): so
   * every test catches a request that does not ask for the version the action reads. Reported with
   * the violations too, for a test that lets a failed read pass.
   */
  function refuseVersion(version: string | string[] | undefined, method: string, url: URL, res: ServerResponse): void {
    const sent = version === undefined ? 'none' : String(version);
    fakeProblems.push(`${method} ${url.pathname}: sent X-GitHub-Api-Version ${sent}, not ${REST_API_VERSION}`);
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        message: `API version ${sent} is not supported: send X-GitHub-Api-Version: ${REST_API_VERSION}, the version the fake GitHub serves.`,
        documentation_url: 'https://docs.github.com/rest/about-the-rest-api/api-versions',
        status: '400',
      }),
    );
  }

  /**
   * Where a REST list lies about its pages (`lieAboutPages`): the URL whose page is answered in
   * place of the one asked, and the next link the answer gives instead of its own.
   */
  function lyingRestPage(call: GitHubCall | undefined, url: URL): { served: URL; link: Record<string, string> } | undefined {
    const lie = call && pageLies.get(call as ListCall);
    if (!lie) return undefined;
    const page = Number(url.searchParams.get('page') ?? 1);
    const { serve, next } = lyingPage(lie, page);
    const served = new URL(url.href);
    served.searchParams.set('page', String(serve));
    return {
      served,
      link: next === 'own' ? {} : { link: nextLink(url, next - 1) },
    };
  }

  function takeFault(call: GitHubCall): GitHubFault | undefined {
    const index = faults.findIndex((fault) => fault.call === call);
    if (index < 0) return undefined;
    const fault = faults[index]!;
    if (fault.toSkip > 0) {
      fault.toSkip -= 1;
      return undefined;
    }
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(index, 1);
    return fault;
  }

  function route(method: string, url: URL, accept: string, body: unknown, token: string, answer: Answer): void {
    const path = url.pathname;
    const json: Json = (status, value, headers = {}) => answer(status, 'application/json; charset=utf-8', value, headers);
    const diff = (value: string): void => answer(200, `${DIFF_MEDIA_TYPE}; charset=utf-8`, value);
    const error = (status: number, message: string, errors?: unknown[]): void =>
      json(status, { message, ...(errors ? { errors } : {}), documentation_url: 'https://docs.github.com/rest', status: String(status) });
    const notFound = (): void => error(404, 'Not Found');
    if (method === 'POST' && path === '/graphql') return graphql(body, token, json);
    const byId = /^\/repositories\/(\d+)$/.exec(path);
    if (byId) {
      // As the repository's own read, by the name it has now; 404 where the token may not see it.
      const name = nameOfId(Number(byId[1]));
      if (method !== 'GET' || name === undefined || accessOf(token, name) === 'none') return notFound();
      return json(200, repositoryObject(name));
    }
    const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!repoMatch) return notFound();
    const target = `${repoMatch[1]}/${repoMatch[2]}`;
    const other = findRepository(target);
    if (!other && !sameName(target, fullName)) return notFound();
    // What the token may do there: GitHub answers 404 where it may not even see, 403 where it may only read.
    const access = accessOf(token, target);
    if (access === 'none') return notFound();
    const writes = method !== 'GET';
    const name = other ? [...fake.repositories.keys()].find((key) => sameName(key, target))! : fullName;
    const permission = method === 'POST' && /^\/statuses\//.test(repoMatch[3] ?? '') ? 'statuses' : 'pullRequests';
    if (writes && !mayWrite(token, name, permission)) return error(403, 'Resource not accessible by integration');
    if (releasesAndLabels(name, method, repoMatch[3] ?? '', url, body, json, error, notFound)) return;
    if (statusesAndReviews(name, method, repoMatch[3] ?? '', url, body, token, json, error, notFound)) return;
    if (method === 'GET' && reviewReads(name, repoMatch[3] ?? '', url, json, notFound)) return;
    if (method === 'GET' && filesAndTrees(name, repoMatch[3] ?? '', url, json, error, notFound)) return;
    if (method === 'GET' && branchRulesOf(name, repoMatch[3] ?? '', url, json)) return;
    if (other) return otherRepository(name, other, method, repoMatch[3] ?? '', url, body, token, json, notFound);
    if (!path.startsWith(base)) return notFound();
    const rest = path.slice(base.length);
    const api = fake.url;
    let match: RegExpExecArray | null;

    if (method === 'GET' && rest === '') return json(200, repositoryObject(fullName));
    if (method === 'GET' && (match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const number = Number(match[1]);
      const followed = fake.pullStates.get(number);
      if (followed && !accept.includes('diff')) return json(200, pullStateObject(fullName, number, followed));
      const pull = fake.pulls.get(number);
      if (!pull) return notFound();
      if (!accept.includes('diff')) {
        const sides = {
          base: { repo: fullName, ref: fake.defaultBranch, sha: shaOf('base'), repoId: workflow.id },
          head: { repo: fullName, ref: 'feature', sha: headShaOf(number), repoId: workflow.id },
        };
        return json(200, pullRequest({ number, title: `Pull request ${number}`, body: null, ...sides, api, seed: workflow.seed }));
      }
      if (pull.tooLarge) return error(406, 'Sorry, the diff exceeded the maximum number of files (300).');
      return diff(pull.diff);
    }
    if (method === 'GET' && (match = /^\/pulls\/(\d+)\/commits$/.exec(rest))) {
      const pull = fake.pulls.get(Number(match[1]));
      if (!pull) return notFound();
      return paginated(url, commitChain(pull.commits, fullName, api, shaOf(`base ${workflow.seed}`)), json);
    }
    if (method === 'GET' && (match = /^\/compare\/(.+)$/.exec(rest))) {
      const basehead = decodeURIComponent(match[1]!);
      const compared = fake.compares.get(basehead);
      if (!compared && !accept.includes('diff')) return compareHistory(url, basehead, json, notFound);
      if (!compared) return notFound();
      if (accept.includes('diff')) {
        if (compared.tooLarge) return error(406, 'Sorry, this diff is too large to render.');
        return diff(unifiedDiff(compared.files));
      }
      return compare(url, basehead, compared, json);
    }
    if (method === 'GET' && (match = /^\/commits\/(.+)$/.exec(rest))) {
      const sha = decodeURIComponent(match[1]!);
      const commit = fake.commits.get(sha);
      if (!commit) return notFound();
      // Past 300 files GitHub pages the files of a commit, up to 3,000, each page repeating the commit.
      const files = commit.files.slice(0, COMMIT_MAX_FILES);
      const page = Number(url.searchParams.get('page') ?? 1);
      const headers = page * COMMIT_FILES_PER_PAGE < files.length ? { link: nextLink(url, page) } : undefined;
      const pageFiles = files.slice((page - 1) * COMMIT_FILES_PER_PAGE, page * COMMIT_FILES_PER_PAGE);
      return json(200, commitObject(sha, commit.message, fullName, { api, files: pageFiles }), headers);
    }
    if (method === 'GET' && rest === '/issues/comments') {
      // The repository's comments as GitHub lists them: updated at or after `since`, by time of
      // update when `sort=updated` (else by creation, here their IDs), `direction` asc or desc.
      const since = url.searchParams.get('since');
      const from = since === null ? -Infinity : Date.parse(since);
      const updatedAt = (c: FakeComment): number => c.updated_at ?? Date.parse(STAMP);
      const listed = fake.comments.filter((c) => c.issue_url !== undefined && updatedAt(c) >= from);
      const byUpdate = url.searchParams.get('sort') === 'updated';
      listed.sort((a, b) => (byUpdate ? updatedAt(a) - updatedAt(b) : 0) || a.id - b.id);
      if (url.searchParams.get('direction') === 'desc') listed.reverse();
      return paginated(
        url,
        listed.map((c) => issueComment(c, fullName, issueNumberOf(c), api, updatedAt(c))),
        json,
      );
    }
    if ((match = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const number = Number(match[1]);
      const issueUrl = `${fake.url}${base}/issues/${number}`;
      if (method === 'GET') {
        const onIssue = fake.comments.filter((c) => (c.issue_url ?? issueUrl) === issueUrl);
        return paginated(
          url,
          onIssue.map((c) => issueComment(c, fullName, number, api, c.updated_at)),
          json,
        );
      }
      if (method === 'POST') {
        if (fake.commentWriteStatus) return error(fake.commentWriteStatus, 'Resource not accessible by integration');
        const comment: FakeComment = {
          id: nextCommentId++,
          issue_url: issueUrl,
          body: (body as { body: string }).body,
          user: { login: loginOf(token), type: loginOf(token).endsWith('[bot]') ? 'Bot' : 'User' },
          author_association: 'NONE',
          updated_at: wholeSeconds(now()),
        };
        fake.comments.push(comment);
        return json(201, issueComment(comment, fullName, number, api, comment.updated_at), {
          location: `${fake.url}${base}/issues/comments/${comment.id}`,
        });
      }
    }
    if (method === 'PATCH' && (match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const followed = fake.pullStates.get(Number(match[1]));
      if (!followed) return notFound();
      return json(200, pullStateObject(fullName, Number(match[1]), updatePull(followed, body)));
    }
    if (method === 'GET' && (match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = fake.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return notFound();
      return json(200, issueComment(comment, fullName, issueNumberOf(comment), api, comment.updated_at));
    }
    if (method === 'PATCH' && (match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      if (fake.commentWriteStatus) return error(fake.commentWriteStatus, 'Resource not accessible by integration');
      const comment = fake.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return notFound();
      comment.body = (body as { body: string }).body;
      comment.updated_at = wholeSeconds(now());
      return json(200, issueComment(comment, fullName, issueNumberOf(comment), api, comment.updated_at));
    }
    notFound();
  }

  /** Every body written to the comments of pull request `pullNumber` (created or edited), from request `from` of the log on. */
  function commentBodiesSent(pullNumber: number, from = 0): string[] {
    const issueUrl = `${fake.url}${base}/issues/${pullNumber}`;
    return fake.requests.slice(from).flatMap((request) => {
      const edited = /^\/issues\/comments\/(\d+)$/.exec(request.path.slice(base.length));
      const ours =
        (request.method === 'POST' && request.path === `${base}/issues/${pullNumber}/comments`) ||
        (request.method === 'PATCH' && edited !== null && fake.comments.some((c) => c.id === Number(edited[1]) && c.issue_url === issueUrl));
      return ours ? [(request.body as { body: string }).body] : [];
    });
  }

  /**
   * GraphQL: the `viewer` query, a pull request's `reviewDecision` (alone, or with its writers'
   * latest opinionated reviews), a repository's pull requests with their head commits' statuses,
   * and the `markPullRequestReadyForReview` mutation the action asks.
   */
  function graphql(body: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const { query, variables } = (body ?? {}) as { query?: unknown; variables?: { id?: unknown; owner?: unknown; name?: unknown; number?: unknown } };
    if (typeof query === 'string' && /\bmarkPullRequestReadyForReview\b/.test(query)) return markReady(variables?.id, token, json);
    if (typeof query === 'string' && /\bconvertPullRequestToDraft\b/.test(query)) return convertToDraft(variables?.id, token, json);
    if (typeof query === 'string' && /\bmergeCommit\b/.test(query)) return opinionatedReviews(query, variables, token, json);
    if (typeof query === 'string' && /\bpullRequests\b/.test(query)) return openPulls(query, variables, token, json);
    if (typeof query === 'string' && /\blatestOpinionatedReviews\b/.test(query)) return opinionatedReviews(query, variables, token, json);
    if (typeof query === 'string' && /\breviewDecision\b/.test(query)) return reviewDecision(query, variables ?? {}, token, json);
    if (typeof query !== 'string' || !/\bviewer\s*\{\s*login\s*\}/.test(query)) {
      return json(200, {
        errors: [
          {
            message:
              'The fake answers only the viewer query, reviewDecision, latestOpinionatedReviews, mergeCommit, pullRequests, markPullRequestReadyForReview and convertPullRequestToDraft.',
          },
        ],
      });
    }
    json(200, { data: { viewer: { login: loginOf(token) } } });
  }

  /**
   * A pull request's review decision and its latest opinionated reviews, with the `viewer`, as
   * GitHub answers any document that asks them (its arguments as literals or variables, its
   * aliases, its fields of these types): answered by executing the document over GitHub's schema
   * (`answerGraphql`), so it gets exactly what it asks. A repository the token may not see, or
   * that does not exist, or a pull request that does not exist, is null with a NOT_FOUND error, as
   * `reviewDecision` answers alone.
   */
  function opinionatedReviews(query: string, variables: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const root = {
      viewer: { login: loginOf(token) },
      repository: ({ owner, name }: { owner: string; name: string }) => {
        const wanted = `${owner}/${name}`;
        const repoName = sameName(wanted, fullName) ? fullName : [...fake.repositories.keys()].find((key) => sameName(key, wanted));
        if (repoName === undefined || accessOf(token, repoName) === 'none')
          throw new GraphqlFieldError('NOT_FOUND', `Could not resolve to a Repository with the name '${wanted}'.`);
        return {
          pullRequest: ({ number }: { number: number }) => {
            const found = followedPull(repoName, number);
            if (!found) throw new GraphqlFieldError('NOT_FOUND', `Could not resolve to a PullRequest with the number of ${number}.`);
            return pullRequestNode(repoName, number, found.pull);
          },
        };
      },
    };
    json(200, answerGraphql(query, typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : undefined, root));
  }

  /**
   * A repository's pull requests (`pullRequests(states:)`, by number, as GitHub lists them by
   * creation), each with its commits (the fake knows only the head) and their statuses, as GitHub
   * answers any document that asks them: executed over GitHub's schema (`answerGraphql`). Pages
   * lie as `lieAboutPages` says for `pending-pulls`. A repository the token may not see, or that
   * does not exist, is null with a NOT_FOUND error.
   */
  function openPulls(query: string, variables: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const root = {
      repository: ({ owner, name }: { owner: string; name: string }) => {
        const wanted = `${owner}/${name}`;
        const repoName = sameName(wanted, fullName) ? fullName : [...fake.repositories.keys()].find((key) => sameName(key, wanted));
        if (repoName === undefined || accessOf(token, repoName) === 'none')
          throw new GraphqlFieldError('NOT_FOUND', `Could not resolve to a Repository with the name '${wanted}'.`);
        return {
          pullRequests: (args: ConnectionArguments & { states?: string[] | null }) => {
            const pulls = pullNodes(repoName).filter((pull) => !args.states || args.states.includes(pull.state));
            return lyingConnection('pullRequests', pulls, args, pageLies.get('pending-pulls'));
          },
        };
      },
    };
    json(200, answerGraphql(query, typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : undefined, root));
  }

  /**
   * A repository's pull requests as GraphQL's `PullRequest`, by number: the followed ones, and in
   * the workflow's repository those of `fake.pulls` (open). Each has one commit, its head, with
   * the newest status of each context the fake accepted on it (`status` is null without any).
   */
  function pullNodes(name: string) {
    const pulls = new Map<number, { state: string; headSha: string }>();
    if (sameName(name, fullName)) for (const number of fake.pulls.keys()) pulls.set(number, { state: 'OPEN', headSha: headShaOf(number) });
    for (const [repoName, followed] of pullsByRepository()) {
      if (!sameName(repoName, name)) continue;
      for (const [number, pull] of followed)
        pulls.set(number, { state: pull.merged ? 'MERGED' : pull.state === 'open' ? 'OPEN' : 'CLOSED', headSha: pullHeadSha(repoName, number, pull) });
    }
    return [...pulls]
      .sort(([a], [b]) => a - b)
      .map(([number, { state, headSha }]) => {
        const statuses = fake.statuses.filter((status) => sameName(status.repository, name) && status.sha === headSha.toLowerCase());
        const commit = {
          oid: headSha,
          status:
            statuses.length === 0
              ? null
              : {
                  context: ({ name: context }: { name: string }) => {
                    const newest = fake.latestStatus(headSha, context, name);
                    return newest
                      ? { context: newest.context, state: newest.state.toUpperCase(), description: newest.description, targetUrl: newest.target_url }
                      : null;
                  },
                },
        };
        return {
          id: nodeIdOf(seedOf(name), number),
          number,
          state,
          headRefOid: headSha,
          commits: (args: ConnectionArguments) => connection('commits', [{ commit }], args),
        };
      });
  }

  /** A pull request as GraphQL's `PullRequest`, as far as the fake knows one: its number, merge, review decision and reviews. */
  function pullRequestNode(name: string, number: number, pull: FakePullState | undefined) {
    const reviews = reviewsOf(name, number, pull);
    const merged = pull?.merged ?? false;
    return {
      id: nodeIdOf(seedOf(name), number),
      number,
      merged,
      mergedAt: merged ? STAMP : null,
      mergeCommit: merged ? { oid: mergeCommitOf(name, number, pull!) } : null,
      reviewDecision: pull?.reviewDecision ?? null,
      latestOpinionatedReviews: (args: ConnectionArguments & { writersOnly?: boolean | null }) =>
        connection('latestOpinionatedReviews', latestOpinions(name, reviews, args.writersOnly ?? false), args),
    };
  }

  /**
   * GraphQL's `latestOpinionatedReviews`: each reviewer's latest review that is an opinion
   * (approved, or changes requested), in the order submitted. A comment is no opinion and leaves
   * an earlier one standing; a dismissal takes it back, so a reviewer whose latest is dismissed
   * has none. `writersOnly` keeps those who may push to the repository.
   */
  function latestOpinions(name: string, reviews: ReadonlyArray<{ id: number; review: FakeReview }>, writersOnly: boolean) {
    const latest = new Map<string, { id: number; review: FakeReview }>();
    for (const entry of reviews) {
      if (entry.review.state === 'COMMENTED') continue;
      // Deleted and set again: the map keeps its reviewers in the order of their latest.
      latest.delete(entry.review.login.toLowerCase());
      latest.set(entry.review.login.toLowerCase(), entry);
    }
    return [...latest.values()]
      .filter(({ review }) => review.state !== 'DISMISSED' && (!writersOnly || canPush(name, review.login)))
      .map(({ id, review }) => ({
        id: `PRR_kwDO${id.toString(36)}`,
        databaseId: id,
        state: review.state,
        body: review.body ?? '',
        submittedAt: review.submittedAt,
        authorCanPushToRepository: canPush(name, review.login),
        author: actorOf(review.login),
      }));
  }

  /** Whether a login may push to a repository: a collaborator with `admin`, `maintain` or `write`. */
  function canPush(name: string, login: string): boolean {
    const permission = permissionOf(name, login);
    return permission !== undefined && WRITER_PERMISSIONS.has(permission);
  }

  /**
   * As GitHub does: the pull request by its node ID; a token that may not write its pull requests
   * and its contents is refused with a FORBIDDEN error (GraphQL answers 200 with errors).
   */
  function markReady(id: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const found = [...pullsByRepository()].flatMap(([name, pulls]) =>
      [...pulls].filter(([number]) => nodeIdOf(seedOf(name), number) === id).map(([number, pull]) => ({ name, number, pull })),
    )[0];
    const refused = (type: string, message: string) =>
      json(200, {
        data: { markPullRequestReadyForReview: null },
        errors: [{ type, path: ['markPullRequestReadyForReview'], locations: [{ line: 1, column: 24 }], message }],
      });
    if (!found || accessOf(token, found.name) === 'none') return refused('NOT_FOUND', `Could not resolve to a node with the global id of '${String(id)}'`);
    if (!mayMarkReady(token, found.name)) return refused('FORBIDDEN', 'Resource not accessible by integration');
    found.pull.draft = false;
    json(200, { data: { markPullRequestReadyForReview: { pullRequest: { isDraft: false } } } });
  }

  /**
   * As GitHub does: the pull request by its node ID, turned back to a draft; a token that may not
   * write its pull requests is refused with a FORBIDDEN error (GraphQL answers 200 with errors).
   */
  function convertToDraft(id: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const found = [...pullsByRepository()].flatMap(([name, pulls]) =>
      [...pulls].filter(([number]) => nodeIdOf(seedOf(name), number) === id).map(([number, pull]) => ({ name, number, pull })),
    )[0];
    const refused = (type: string, message: string) =>
      json(200, {
        data: { convertPullRequestToDraft: null },
        errors: [{ type, path: ['convertPullRequestToDraft'], locations: [{ line: 1, column: 24 }], message }],
      });
    if (!found || accessOf(token, found.name) === 'none') return refused('NOT_FOUND', `Could not resolve to a node with the global id of '${String(id)}'`);
    if (!mayWrite(token, found.name, 'pullRequests')) return refused('FORBIDDEN', 'Resource not accessible by integration');
    found.pull.draft = true;
    json(200, { data: { convertPullRequestToDraft: { pullRequest: { isDraft: true } } } });
  }

  /** A merged pull request's merge commit: the one the test gave, or one made of the repository and number. */
  function mergeCommitOf(name: string, number: number, pull: FakePullState): string {
    return pull.mergeCommit ?? shaOf(`merge ${name} ${number}`);
  }

  /**
   * What every repository serves alike for documentation held for a release: its open pull
   * requests, newest first, page by page (the followed ones, and in the workflow's repository those
   * of `fake.pulls`); a label added to a pull request or taken off it; and, in the workflow's
   * repository, a published release by its tag and the latest. False when the request is none of
   * these.
   */
  function releasesAndLabels(
    name: string,
    method: string,
    rest: string,
    url: URL,
    body: unknown,
    json: Json,
    error: (status: number, message: string, errors?: unknown[]) => void,
    notFound: () => void,
  ): boolean {
    let match: RegExpExecArray | null;
    if (method === 'GET' && rest === '/pulls') {
      const state = url.searchParams.get('state') ?? 'open';
      const listed = [...openAndFollowed(name)]
        .filter(([, pull]) => state === 'all' || (state === 'open') === (pull.state === 'open' && !pull.merged))
        .sort(([a], [b]) => b - a)
        .map(([number, pull]) => {
          const object = pullStateObject(name, number, pull);
          // A list's pull requests (`pull-request-simple`) carry each label's description as a string, empty for none.
          return { ...object, labels: object.labels.map((label) => ({ ...label, description: label.description ?? '' })) };
        });
      paginated(url, listed, json);
      return true;
    }
    if ((match = /^\/issues\/(\d+)\/labels(?:\/(.+))?$/.exec(rest)) && (method === 'POST' || method === 'DELETE')) {
      const number = Number(match[1]);
      const pull = sameName(name, fullName) ? fake.pullStates.get(number) : findRepository(name)?.pulls.get(number);
      if (!pull) {
        notFound();
        return true;
      }
      const labels = (pull.labels ??= []);
      if (method === 'POST') {
        const asked = ((body as { labels?: unknown } | undefined)?.labels ?? []) as Array<string | { name: string }>;
        for (const each of asked) {
          const wanted = typeof each === 'string' ? each : each.name;
          if (!labels.some((label) => label.toLowerCase() === wanted.toLowerCase())) labels.push(wanted);
        }
      } else {
        const wanted = decodeURIComponent(match[2] ?? '');
        const index = labels.findIndex((label) => label.toLowerCase() === wanted.toLowerCase());
        if (index < 0) {
          error(404, 'Label does not exist');
          return true;
        }
        labels.splice(index, 1);
      }
      json(
        200,
        labels.map((label) => labelObject(label, name, fake.url, seedOf(name))),
      );
      return true;
    }
    if (method === 'GET' && (match = /^\/releases\/(?:latest|tags\/(.+))$/.exec(rest))) {
      const published = sameName(name, fullName) ? fake.releases.filter((release) => !release.draft) : [];
      const tag = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
      const found = tag === undefined ? published.filter((release) => !release.prerelease).at(-1) : published.find((release) => release.tag === tag);
      if (!found) notFound();
      else json(200, releaseObject(found, fake.releases.indexOf(found), name, fake.url));
      return true;
    }
    return false;
  }

  /** A repository's pull requests by number: the followed ones, and in the workflow's repository those of `fake.pulls` (open, as the fake answers them). */
  function openAndFollowed(name: string): Map<number, FakePullState> {
    const pulls = new Map<number, FakePullState>();
    if (sameName(name, fullName)) {
      for (const number of fake.pulls.keys())
        pulls.set(number, { title: `Pull request ${number}`, state: 'open', draft: false, merged: false, headRef: 'feature' });
      for (const [number, pull] of fake.pullStates) pulls.set(number, pull);
    } else {
      for (const [number, pull] of findRepository(name)?.pulls ?? []) pulls.set(number, pull);
    }
    return pulls;
  }

  /**
   * A comparison of two commits of the workflow repository's history (`parents`), each named by its
   * SHA, a tag or a branch, as GitHub answers it: `identical`, `behind` (the head is in the base's
   * history), `ahead` (the base in the head's) or `diverged`, with `ahead_by` and `behind_by`, and
   * the head's commits the base lacks, page by page. 404 when either is not there.
   */
  function compareHistory(url: URL, basehead: string, json: Json, notFound: () => void): void {
    const [baseRef = '', headRef = ''] = basehead.split('...');
    const baseSha = commitNamed(baseRef);
    const headSha = commitNamed(headRef);
    if (!baseSha || !headSha) return notFound();
    const ofBase = ancestry(baseSha);
    const ofHead = ancestry(headSha);
    const ahead = [...ofHead].filter((sha) => !ofBase.has(sha));
    const behind = [...ofBase].filter((sha) => !ofHead.has(sha));
    const status = ahead.length === 0 ? (behind.length === 0 ? 'identical' : 'behind') : behind.length === 0 ? 'ahead' : 'diverged';
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 250), PER_PAGE_MAX);
    const page = Number(url.searchParams.get('page') ?? 1);
    const paging = url.searchParams.has('per_page') || url.searchParams.has('page');
    const commits = ahead
      .reverse()
      .map((sha) => commitObject(sha, `Commit ${sha.slice(0, 7)}`, fullName, { api: fake.url, parents: [...(fake.parents.get(sha) ?? [])] }));
    const shown = paging ? commits.slice((page - 1) * perPage, page * perPage) : commits.slice(-COMPARE_MAX_COMMITS);
    const headers = paging && page * perPage < commits.length ? { link: nextLink(url, page) } : undefined;
    json(
      200,
      {
        ...comparison(baseSha, headSha, fullName, { commits: shown, files: [], api: fake.url }),
        status,
        ahead_by: ahead.length,
        behind_by: behind.length,
        total_commits: ahead.length,
      },
      headers,
    );
  }

  /** A commit of the workflow repository's history by its SHA, a tag or a branch; undefined when none is there. */
  function commitNamed(ref: string): string | undefined {
    if (/^[0-9a-f]{40}$/i.test(ref)) return fake.parents.has(ref.toLowerCase()) ? ref.toLowerCase() : undefined;
    const name = ref.replace(/^refs\/(?:tags|heads)\//, '');
    return fake.tags.get(name) ?? fake.branches.get(name);
  }

  /** A commit and every commit in its history, by `parents`. */
  function ancestry(sha: string): Set<string> {
    const seen = new Set<string>();
    const pending = [sha];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(...(fake.parents.get(next) ?? []));
    }
    return seen;
  }

  /**
   * `repository(owner, name) { pullRequest(number) { reviewDecision } }`, as GitHub answers it: a
   * repository the token may not see, or that does not exist, is `repository: null` with a
   * NOT_FOUND error, as is a pull request that does not exist (`pullRequest: null`).
   */
  function reviewDecision(
    query: string,
    variables: { owner?: unknown; name?: unknown; number?: unknown },
    token: string,
    json: (status: number, value: unknown) => void,
  ): void {
    const name = `${String(variables.owner)}/${String(variables.name)}`;
    const number = Number(variables.number);
    const notFound = (path: string[], message: string, data: unknown) =>
      json(200, { data, errors: [{ type: 'NOT_FOUND', path, locations: [locationOf(query, path.at(-1)!)], message }] });
    const known = sameName(name, fullName) || findRepository(name) !== undefined;
    if (!known || accessOf(token, name) === 'none')
      return notFound(['repository'], `Could not resolve to a Repository with the name '${name}'.`, { repository: null });
    const repoName = sameName(name, fullName) ? fullName : [...fake.repositories.keys()].find((key) => sameName(key, name))!;
    const found = followedPull(repoName, number);
    if (!found)
      return notFound(['repository', 'pullRequest'], `Could not resolve to a PullRequest with the number of ${number}.`, { repository: { pullRequest: null } });
    json(200, { data: { repository: { pullRequest: { reviewDecision: found.pull?.reviewDecision ?? null } } } });
  }

  /**
   * A pull request's reviews in the order submitted, each with its ID (REST's `id`, GraphQL's
   * `databaseId`): the one the test named, else one made of its place among them.
   */
  function reviewsOf(name: string, number: number, pull: FakePullState | undefined): Array<{ id: number; review: FakeReview }> {
    return [...(pull?.reviews ?? [])]
      .sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt))
      .map((review, index) => ({ id: review.id ?? idOf(`review ${seedOf(name)}#${number} ${index}`), review }));
  }

  /** Every followed pull request, by repository: the workflow's and the others'. */
  function* pullsByRepository(): Generator<[string, Map<number, FakePullState>]> {
    yield [fullName, fake.pullStates];
    for (const [name, other] of fake.repositories) yield [name, other.pulls];
  }

  function findRepository(name: string): FakeRepository | undefined {
    for (const [key, value] of fake.repositories) if (sameName(key, name)) return value;
    return undefined;
  }

  function loginOf(token: string): string {
    return fake.tokens.get(token)?.login ?? fake.viewerLogin;
  }

  /**
   * What a token may do in a repository: `write` or `read` as its grant says (a known token), or as
   * a public repository lets anyone read; `workflow` for the workflow's GITHUB_TOKEN in its own
   * repository (it may do all the fake serves there); `none` where it may not even see.
   */
  function accessOf(token: string, name: string): 'write' | 'read' | 'workflow' | 'none' {
    const known = fake.tokens.get(token);
    const isWorkflow = sameName(name, fullName);
    const isPrivate = isWorkflow ? false : (findRepository(name)?.private ?? false);
    if (!known) return isWorkflow ? 'workflow' : isPrivate ? 'none' : 'read';
    const grant = grantOf(known, name);
    if (grant) return grant.pullRequests === 'write' ? 'write' : 'read';
    return isPrivate ? 'none' : 'read';
  }

  /** Marking ready for review takes "Pull requests: write" and "Contents: write". */
  function mayMarkReady(token: string, name: string): boolean {
    const known = fake.tokens.get(token);
    if (!known) return sameName(name, fullName) && !fake.workflowToken.readOnly;
    const grant = grantOf(known, name);
    return grant?.pullRequests === 'write' && grant.contents === 'write';
  }

  /**
   * May the token write there, with this permission (a comment or a pull request's state: "Pull
   * requests"; a commit status: "Commit statuses")? A known token as its grant says; the
   * workflow's GITHUB_TOKEN in its own repository only, as `workflowToken` says.
   */
  function mayWrite(token: string, name: string, permission: 'pullRequests' | 'statuses'): boolean {
    const known = fake.tokens.get(token);
    if (known) return grantOf(known, name)?.[permission] === 'write';
    if (!sameName(name, fullName) || fake.workflowToken.readOnly) return false;
    return permission !== 'statuses' || (fake.workflowToken.statuses ?? 'write') === 'write';
  }

  function grantOf(known: FakeToken, name: string): FakeGrant | undefined {
    return Object.entries(known.repositories).find(([key]) => sameName(key, name))?.[1];
  }

  /**
   * What every repository serves alike: commit statuses (set one, read the combined status of a
   * commit) and the reviews of a pull request. False when the request is none of these.
   */
  function statusesAndReviews(
    name: string,
    method: string,
    rest: string,
    url: URL,
    body: unknown,
    token: string,
    json: Json,
    error: (status: number, message: string, errors?: unknown[]) => void,
    notFound: () => void,
  ): boolean {
    let match: RegExpExecArray | null;
    if (method === 'POST' && (match = /^\/statuses\/(.+)$/.exec(rest))) {
      setStatus(name, decodeURIComponent(match[1]!), body, token, json, error);
      return true;
    }
    if (method === 'GET' && (match = /^\/commits\/(.+)\/status$/.exec(rest))) {
      const ref = decodeURIComponent(match[1]!);
      const sha = resolveRef(name, ref);
      if (!sha) error(404, `No commit found for SHA: ${ref}`);
      else combinedStatus(name, sha, url, json);
      return true;
    }
    if (method === 'GET' && (match = /^\/pulls\/(\d+)\/reviews$/.exec(rest))) {
      const number = Number(match[1]);
      const found = followedPull(name, number);
      if (!found) {
        notFound();
        return true;
      }
      const reviews = reviewsOf(name, number, found.pull).map(({ id, review }) => reviewObject(name, number, found.pull, id, review));
      paginated(url, reviews, json);
      return true;
    }
    return false;
  }

  /** A review as GitHub's `pull-request-review`, of the pull request's head commit. */
  function reviewObject(name: string, number: number, pull: FakePullState | undefined, id: number, review: FakeReview) {
    const head = pull ? pullHeadSha(name, number, pull) : headShaOf(number);
    return pullRequestReview(
      { id, login: review.login, state: review.state, submittedAt: review.submittedAt, commitId: head, body: review.body ?? '' },
      name,
      number,
      fake.url,
    );
  }

  /**
   * What every repository serves alike for reading a review: one review of a pull request, its
   * inline comments page by page, and a login's permission in the repository. 404 where the pull
   * request or the review is not there. False when the request is none of these.
   */
  function reviewReads(name: string, rest: string, url: URL, json: Json, notFound: () => void): boolean {
    let match: RegExpExecArray | null;
    if ((match = /^\/pulls\/(\d+)\/reviews\/(\d+)(\/comments)?$/.exec(rest))) {
      const number = Number(match[1]);
      const reviewId = Number(match[2]);
      const found = followedPull(name, number);
      const entry = found ? reviewsOf(name, number, found.pull).find(({ id }) => id === reviewId) : undefined;
      if (!found || !entry) {
        notFound();
        return true;
      }
      if (!match[3]) {
        json(200, reviewObject(name, number, found.pull, entry.id, entry.review));
        return true;
      }
      const head = found.pull ? pullHeadSha(name, number, found.pull) : headShaOf(number);
      const comments = (entry.review.comments ?? []).map((comment, index) => {
        const line = comment.line === undefined ? (comment.originalLine ?? 1) : comment.line;
        return reviewComment(
          {
            id: idOf(`review comment ${seedOf(name)}#${number} ${entry.id} ${index}`),
            reviewId: entry.id,
            login: entry.review.login,
            path: comment.path,
            line,
            originalLine: comment.originalLine ?? line ?? 1,
            body: comment.body,
            commitId: head,
            // An outdated comment was written on an earlier commit of the pull request.
            originalCommitId: line === null ? shaOf(`before ${head}`) : head,
            createdAt: entry.review.submittedAt,
          },
          name,
          number,
          fake.url,
        );
      });
      paginated(url, comments, json);
      return true;
    }
    if ((match = /^\/collaborators\/([^/]+)\/permission$/.exec(rest))) {
      const asked = decodeURIComponent(match[1]!);
      const known = collaboratorOf(name, asked);
      // The fake's model of one who is no collaborator (every login is a user here): GitHub gives
      // `read` where anyone may read (a public repository), and `none` in a private one.
      const role = known ? known.permission : visibilityOf(name).private ? 'none' : 'read';
      json(200, collaboratorPermission(known?.login ?? asked, role, fake.url));
      return true;
    }
    return false;
  }

  /**
   * What every repository serves alike from its files and pull requests: a pull request's changed
   * files, a Git tree, and a file's (or folder's) contents at a ref. False when the request is
   * none of these.
   */
  function filesAndTrees(
    name: string,
    rest: string,
    url: URL,
    json: Json,
    error: (status: number, message: string, errors?: unknown[]) => void,
    notFound: () => void,
  ): boolean {
    let match: RegExpExecArray | null;
    if ((match = /^\/pulls\/(\d+)\/files$/.exec(rest))) {
      pullFiles(name, Number(match[1]), url, json, notFound);
      return true;
    }
    if ((match = /^\/git\/trees\/(.+)$/.exec(rest))) {
      const found = treeByName(name, decodeURIComponent(match[1]!), error);
      if (found === 'broken') return true;
      if (!found) {
        notFound();
        return true;
      }
      // Any value of `recursive` (even `0` or `false`) lists every entry under the tree.
      const recursive = url.searchParams.has('recursive');
      const listed = listTree(found, recursive);
      const kept = recursive ? listed.slice(0, Math.max(0, fake.treeEntriesMax)) : listed;
      const entries = kept.map(({ path, node }) =>
        gitTreeEntry({ path, mode: modeOf(node), type: node.type, sha: node.sha, ...(node.type === 'blob' ? { size: node.size } : {}) }, name, fake.url),
      );
      json(200, gitTree(found.sha, entries, kept.length < listed.length, name, fake.url));
      return true;
    }
    if ((match = /^\/contents\/(.+)$/.exec(rest))) {
      const path = decodeURIComponent(match[1]!);
      const ref = url.searchParams.get('ref') ?? (sameName(name, fullName) ? fake.defaultBranch : 'main');
      const sha = resolveRef(name, ref);
      const root = sha === undefined ? undefined : commitTree(name, sha, error);
      if (root === 'broken') return true;
      if (!root) {
        error(404, `No commit found for the ref ${ref}`);
        return true;
      }
      const itemPath = path
        .split('/')
        .filter((segment) => segment !== '')
        .join('/');
      const node = nodeAt(root, itemPath);
      if (!node || node === root) {
        notFound();
        return true;
      }
      if (node.type === 'tree') {
        const items = listTree(node, false, `${itemPath}/`)
          .slice(0, DIRECTORY_ITEMS_MAX)
          .map(({ path: itemOf, node: child }) =>
            contentDirectoryItem(
              { path: itemOf, type: child.type === 'tree' ? 'dir' : 'file', sha: child.sha, size: child.type === 'blob' ? child.size : 0 },
              ref,
              name,
              fake.url,
            ),
          );
        json(200, items);
        return true;
      }
      const small = node.size <= CONTENT_MAX_BYTES;
      const content = small ? githubBase64(bytesOf(node.blob)) : '';
      json(200, contentFile({ path: itemPath, sha: node.sha, size: node.size, content, encoding: small ? 'base64' : 'none' }, ref, name, fake.url));
      return true;
    }
    return false;
  }

  /**
   * A pull request's changed files, page by page, at most 3,000: a followed one's `files`, or in
   * the workflow's repository those of `fake.pulls`. A file at the head commit the fake has files
   * for gets its blob's SHA.
   */
  function pullFiles(name: string, number: number, url: URL, json: Json, notFound: () => void): void {
    const found = followedPull(name, number);
    if (!found) return notFound();
    const files = found.pull?.files ?? (sameName(name, fullName) ? fake.pulls.get(number)?.files : undefined) ?? [];
    const head = found.pull ? pullHeadSha(name, number, found.pull) : headShaOf(number);
    const tree = commitTree(name, head, () => undefined);
    const entries = files.slice(0, PULL_FILES_MAX).map((file) => {
      const node = tree && tree !== 'broken' && file.status !== 'removed' ? nodeAt(tree, file.filename) : undefined;
      return diffEntry(file, name, head, fake.url, node?.type === 'blob' ? node.sha : undefined);
    });
    paginated(url, entries, json);
  }

  /** A repository's files at some commits: the workflow's (`fake.files`) or another's. */
  function filesOf(name: string): FakeFiles | undefined {
    return sameName(name, fullName) ? fake.files : findRepository(name)?.files;
  }

  /**
   * The root tree of a commit the fake has files for; undefined when it has none; `broken` (the
   * answer given, the problem reported) when the files cannot be a Git tree.
   */
  function commitTree(name: string, sha: string, error: (status: number, message: string) => void): TreeNode | 'broken' | undefined {
    const wanted = sha.toLowerCase();
    const files = [...(filesOf(name) ?? [])].find(([key]) => key.toLowerCase() === wanted)?.[1];
    if (!files) return undefined;
    const built = treeOf(files);
    if ('tree' in built) return built.tree;
    fakeProblems.push(`the fake's files of ${name} at ${sha}: ${built.problem}, which no Git tree can hold`);
    error(500, 'Server Error');
    return 'broken';
  }

  /** A tree by what `git/trees/{tree_sha}` takes: a commit (by SHA or branch), whose root tree it is, or a tree's own SHA. */
  function treeByName(name: string, treeSha: string, error: (status: number, message: string) => void): TreeNode | 'broken' | undefined {
    const sha = resolveRef(name, treeSha);
    if (sha === undefined) return undefined;
    const root = commitTree(name, sha, error);
    if (root) return root;
    for (const commit of filesOf(name)?.keys() ?? []) {
      const tree = commitTree(name, commit, error);
      if (tree === 'broken') return tree;
      for (const under of tree ? treesUnder(tree) : []) if (under.sha === sha) return under;
    }
    return undefined;
  }

  /**
   * As GitHub does: a state among its four, a description of at most 140 characters, at most
   * 1,000 statuses per commit and context (422 "Validation Failed" otherwise, with GitHub's own
   * error), on a commit given by its full SHA (422 "No commit found for SHA" otherwise).
   */
  function setStatus(
    name: string,
    sha: string,
    body: unknown,
    token: string,
    json: Json,
    error: (status: number, message: string, errors?: unknown[]) => void,
  ): void {
    const sent = (typeof body === 'object' && body !== null ? body : {}) as { state?: unknown; description?: unknown; target_url?: unknown; context?: unknown };
    const invalid = (field: string | undefined, message: string) =>
      error(422, 'Validation Failed', [{ resource: 'Status', code: 'custom', ...(field ? { field } : {}), message }]);
    if (!/^[0-9a-f]{40}$/i.test(sha)) return error(422, `No commit found for SHA: ${sha}`);
    if (!STATES.includes(sent.state as FakeStatus['state'])) return invalid('state', 'state is not included in the list');
    const description = typeof sent.description === 'string' ? sent.description : null;
    if (description !== null && [...description].length > STATUS_DESCRIPTION_MAX)
      return invalid('description', `description is too long (maximum is ${STATUS_DESCRIPTION_MAX} characters)`);
    const context = typeof sent.context === 'string' ? sent.context : 'default';
    const lowerSha = sha.toLowerCase();
    const already = fake.statuses.filter(
      (status) => sameName(status.repository, name) && status.sha === lowerSha && status.context.toLowerCase() === context.toLowerCase(),
    );
    if (already.length >= STATUSES_PER_CONTEXT_MAX) return invalid(undefined, 'This SHA and context has reached the maximum number of statuses.');
    const status: FakeStatus = {
      repository: name,
      sha: lowerSha,
      state: sent.state as FakeStatus['state'],
      description,
      target_url: typeof sent.target_url === 'string' ? sent.target_url : null,
      context,
      token,
      id: nextStatusId++,
    };
    fake.statuses.push(status);
    json(201, commitStatus({ ...status, creator: loginOf(token) }, name, fake.url), { location: `${fake.url}/repos/${name}/statuses/${lowerSha}` });
  }

  /**
   * GitHub's combined status of a commit: the newest status of each context (the newest first),
   * and the combined state: `failure` if any is `error` or `failure`, else `pending` if there is
   * none or any is `pending`, else `success`. `per_page` and `page` page the statuses.
   */
  function combinedStatus(name: string, sha: string, url: URL, json: Json): void {
    // By arrival: each context's newest replaces (and moves past) the ones before it.
    const newest = new Map<string, FakeStatus>();
    for (const status of fake.statuses) {
      if (!sameName(status.repository, name) || status.sha !== sha) continue;
      newest.delete(status.context.toLowerCase());
      newest.set(status.context.toLowerCase(), status);
    }
    const latest = [...newest.values()].reverse();
    const states = latest.map((status) => status.state);
    const state = states.some((s) => s === 'error' || s === 'failure') ? 'failure' : states.length === 0 || states.includes('pending') ? 'pending' : 'success';
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), PER_PAGE_MAX);
    const page = Number(url.searchParams.get('page') ?? 1);
    const api = `${fake.url}/repos/${name}`;
    const statuses = latest
      .slice((page - 1) * perPage, page * perPage)
      .map((status) => simpleCommitStatus({ ...status, creator: loginOf(status.token) }, name, fake.url));
    const minimal = minimalRepository(name, { api: fake.url, private: findRepository(name)?.private ?? false, id: identityOf(name)?.id });
    json(
      200,
      { state, statuses, sha, total_count: latest.length, repository: minimal, commit_url: `${api}/commits/${sha}`, url: `${api}/commits/${sha}/status` },
      page * perPage < latest.length ? { link: nextLink(url, page) } : {},
    );
  }

  /**
   * The rules in force on a branch (`GET rules/branches/{branch}`), page by page, each as GitHub's
   * `repository-rule-detailed` names its ruleset: the workflow repository's `branchRules`, and none
   * on any other branch or repository (GitHub answers an empty list for a branch no rule matches,
   * whether it exists or not). False when the request is not this one.
   */
  function branchRulesOf(name: string, rest: string, url: URL, json: Json): boolean {
    const match = /^\/rules\/branches\/(.+)$/.exec(rest);
    if (!match) return false;
    const branch = decodeURIComponent(match[1]!);
    const rules = sameName(name, fullName) ? (fake.branchRules.get(branch) ?? []) : [];
    const ruleset = { ruleset_source_type: 'Repository', ruleset_source: name, ruleset_id: 42 };
    const objects = rules.map((rule) => {
      switch (rule.type) {
        case 'required_status_checks':
          return {
            type: rule.type,
            ...ruleset,
            parameters: {
              required_status_checks: rule.checks.map(({ context, integrationId }) => ({
                context,
                ...(integrationId === undefined ? {} : { integration_id: integrationId }),
              })),
              strict_required_status_checks_policy: false,
            },
          };
        case 'merge_queue':
          return {
            type: rule.type,
            ...ruleset,
            parameters: {
              check_response_timeout_minutes: 60,
              grouping_strategy: 'ALLGREEN',
              max_entries_to_build: 5,
              max_entries_to_merge: 5,
              merge_method: 'MERGE',
              min_entries_to_merge: 1,
              min_entries_to_merge_wait_minutes: 5,
            },
          };
        case 'pull_request':
          return {
            type: rule.type,
            ...ruleset,
            parameters: {
              dismiss_stale_reviews_on_push: false,
              require_code_owner_review: false,
              require_last_push_approval: false,
              required_approving_review_count: 1,
              required_review_thread_resolution: false,
            },
          };
      }
    });
    paginated(url, objects, json);
    return true;
  }

  /**
   * A commit by its full SHA, a branch of the workflow repository by its name (`branches`), or a
   * followed pull request's head by its branch (`feature` or `heads/feature`).
   */
  function resolveRef(name: string, ref: string): string | undefined {
    if (/^[0-9a-f]{40}$/i.test(ref)) return ref.toLowerCase();
    const branch = ref.replace(/^(?:refs\/)?heads\//, '');
    const head = sameName(name, fullName) ? fake.branches.get(branch) : undefined;
    if (head !== undefined) return head.toLowerCase();
    for (const [repoName, pulls] of pullsByRepository()) {
      if (!sameName(repoName, name)) continue;
      for (const [number, pull] of pulls) if (pull.headRef === branch) return pullHeadSha(repoName, number, pull);
    }
    return undefined;
  }

  /** A pull request of a repository: a followed one (`pull`), or in the workflow's repository one of `pulls` (no `pull`). */
  function followedPull(name: string, number: number): { pull?: FakePullState } | undefined {
    if (sameName(name, fullName)) {
      const pull = fake.pullStates.get(number);
      if (pull) return { pull };
      return fake.pulls.has(number) ? {} : undefined;
    }
    const pull = findRepository(name)?.pulls.get(number);
    return pull ? { pull } : undefined;
  }

  /** A followed pull request's head commit: the one the test gave, or one made of the repository and number. */
  function pullHeadSha(name: string, number: number, pull: FakePullState): string {
    return pull.headSha ?? shaOf(`head ${seedOf(name)}#${number}`);
  }

  /** A repository besides the workflow's: its pull requests' states, closing and reopening them, and their comments. */
  function otherRepository(
    name: string,
    other: FakeRepository,
    method: string,
    rest: string,
    url: URL,
    body: unknown,
    token: string,
    json: Json,
    notFound: () => void,
  ): void {
    const api = fake.url;
    let match: RegExpExecArray | null;
    if (method === 'GET' && rest === '') return json(200, repositoryObject(name));
    if ((match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const number = Number(match[1]);
      const pull = other.pulls.get(number);
      if (!pull) return notFound();
      if (method === 'GET') return json(200, pullStateObject(name, number, pull));
      if (method === 'PATCH') return json(200, pullStateObject(name, number, updatePull(pull, body)));
    }
    if ((match = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const number = Number(match[1]);
      if (!other.pulls.has(number)) return notFound();
      const issueUrl = `${api}/repos/${name}/issues/${number}`;
      if (method === 'GET') {
        const onIssue = other.comments.filter((c) => c.issue_url === issueUrl);
        return paginated(
          url,
          onIssue.map((c) => issueComment(c, name, number, api)),
          json,
        );
      }
      if (method === 'POST') {
        const login = loginOf(token);
        const comment: FakeComment = {
          id: nextCommentId++,
          issue_url: issueUrl,
          body: (body as { body: string }).body,
          user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
          author_association: 'NONE',
        };
        other.comments.push(comment);
        return json(201, issueComment(comment, name, number, api), { location: `${api}/repos/${name}/issues/comments/${comment.id}` });
      }
    }
    if (method === 'GET' && (match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = other.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return notFound();
      return json(200, issueComment(comment, name, Number(/\/issues\/(\d+)$/.exec(comment.issue_url ?? '')?.[1] ?? 1), api));
    }
    if (method === 'PATCH' && (match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = other.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return notFound();
      comment.body = (body as { body: string }).body;
      return json(200, issueComment(comment, name, Number(/\/issues\/(\d+)$/.exec(comment.issue_url ?? '')?.[1] ?? 1), api));
    }
    notFound();
  }

  /** `PATCH pulls/{n}` with `state`: closes or reopens (a merged pull request stays as it is, as on GitHub). */
  function updatePull(pull: FakePullState, body: unknown): FakePullState {
    const state = (body as { state?: unknown } | undefined)?.state;
    if (!pull.merged && (state === 'open' || state === 'closed')) pull.state = state;
    return pull;
  }

  /** A followed pull request as GitHub's `pull-request`: its repositories as named now, with their IDs and visibility. */
  function pullStateObject(name: string, number: number, pull: FakePullState) {
    const head = pull.headRepository ?? name;
    const object = pullRequest({
      number,
      title: pull.title,
      body: null,
      base: { repo: name, ref: pull.baseRef ?? 'main', sha: shaOf(`base ${seedOf(name)}`), repoId: identityOf(name)?.id },
      head: { repo: head, ref: pull.headRef, sha: pullHeadSha(name, number, pull), repoId: identityOf(head)?.id },
      seed: seedOf(name),
      api: fake.url,
      state: pull.state,
      draft: pull.draft,
      merged: pull.merged,
      labels: pull.labels ?? [],
    });
    return {
      ...object,
      merge_commit_sha: pull.merged && !pull.restWithoutMergeCommit ? mergeCommitOf(name, number, pull) : null,
      base: { ...object.base, repo: { ...object.base.repo, ...visibilityOf(name) } },
      head: { ...object.head, repo: object.head.repo && { ...object.head.repo, ...visibilityOf(head) } },
    };
  }

  /**
   * As GitHub documents it: without `per_page` or `page`, the comparison's last 250 commits; with
   * them, its commits page by page; either way at most 300 files, and only on the first page.
   */
  function compare(url: URL, basehead: string, compared: FakeCompare, json: Json): void {
    const paging = url.searchParams.has('per_page') || url.searchParams.has('page');
    const [baseRef = '', head = ''] = basehead.split('...');
    const commits = commitChain(compared.commits, fullName, fake.url, shaOf(`base ${workflow.seed}`));
    const files = compared.files.slice(0, COMPARE_MAX_FILES).map((file) => diffEntry(file, fullName, head, fake.url));
    const answer = (parts: { commits: unknown[]; files?: unknown[] }) => ({
      ...comparison(baseRef, head, fullName, { ...parts, api: fake.url }),
      ahead_by: commits.length,
      total_commits: commits.length,
    });
    if (!paging) return json(200, answer({ commits: commits.slice(-COMPARE_MAX_COMMITS), files }));
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    const headers = page * perPage < commits.length ? { link: nextLink(url, page) } : undefined;
    json(200, answer({ commits: commits.slice((page - 1) * perPage, page * perPage), ...(page === 1 ? { files } : {}) }), headers);
  }

  /** The head commit of a pull request, as the fake's answers name it. */
  function headShaOf(pullNumber: number): string {
    return shaOf(`head of ${workflow.seed}#${pullNumber}`);
  }

  /** The issue a comment belongs to; one a test added without one shows on every pull request, and answers as the first. */
  function issueNumberOf(comment: FakeComment): number {
    return Number(/\/issues\/(\d+)$/.exec(comment.issue_url ?? '')?.[1] ?? 1);
  }

  function paginated(url: URL, items: unknown[], json: Json): void {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), PER_PAGE_MAX);
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    json(200, slice, page * perPage < items.length ? { link: nextLink(url, page) } : {});
  }

  function nextLink(url: URL, page: number): string {
    const next = new URL(url.href.replace('http://fake', fake.url));
    next.searchParams.set('page', String(page + 1));
    return `<${next.href}>; rel="next"`;
  }

  /** The identity of a repository the fake serves, by its name now. */
  function identityOf(name: string): RepositoryIdentity | undefined {
    if (sameName(name, fullName)) return workflow;
    const other = findRepository(name);
    return other && { id: other.id, seed: seeds.get(other) ?? name };
  }

  /** The name a repository's derived IDs and SHAs are made from: the one it was first known by (any name the fake does not serve, itself). */
  function seedOf(name: string): string {
    return identityOf(name)?.seed ?? name;
  }

  /**
   * The identity of a repository added under `name`, unlike every other the fake serves (two
   * repositories never share an ID): `given` as its ID, or the one this name had before, or one
   * made from the name (from the name and a number, past one taken).
   */
  function identityFor(name: string, given: number | undefined): RepositoryIdentity {
    const others = [workflow, ...[...fake.repositories].filter(([key]) => !sameName(key, name)).map(([key]) => identityOf(key)!)];
    const idTaken = (id: number) => others.some((other) => other.id === id);
    const seedTaken = (seed: string) => others.some((other) => sameName(other.seed, seed));
    if (given !== undefined && idTaken(given)) throw new Error(`Another repository the fake serves has the ID ${given}`);
    const before = remembered.get(name.toLowerCase());
    if (before && (given ?? before.id) === before.id && !idTaken(before.id) && !seedTaken(before.seed)) return before;
    for (let n = 1; ; n++) {
      const seed = n === 1 ? name : `${name} ${n}`;
      const id = given ?? repositoryIdOf(seed);
      if (!idTaken(id) && !seedTaken(seed)) return { id, seed };
    }
  }

  /** The name now of the repository with this ID, among those the fake serves. */
  function nameOfId(id: number): string | undefined {
    if (workflow.id === id) return fullName;
    return [...fake.repositories].find(([, other]) => other.id === id)?.[0];
  }

  /** `fake.rename`: the repository's name changes, and every reference the fake keeps to it by name with it. */
  function renameRepository(from: string, to: string): void {
    if (!/^[^/\s]+\/[^/\s]+$/.test(to)) throw new Error(`${to} is no repository name (owner/name)`);
    const identity = identityOf(from);
    if (!identity) throw new Error(`The fake GitHub serves no repository ${from}`);
    if (!sameName(from, to) && identityOf(to)) throw new Error(`${to} exists already: GitHub refuses a name in use`);
    let old: string;
    let comments: FakeComment[];
    if (sameName(from, fullName)) {
      old = fullName;
      fullName = to;
      base = `/repos/${to}`;
      comments = fake.comments;
    } else {
      const [key, other] = [...fake.repositories].find(([name]) => sameName(name, from))!;
      old = key;
      fake.repositories.delete(key);
      fake.repositories.set(to, other);
      comments = other.comments;
    }
    remembered.delete(old.toLowerCase());
    remembered.set(to.toLowerCase(), identity);
    // A comment names its issue by URL, and so by the repository's name.
    const oldIssues = `${fake.url}/repos/${old}/issues/`.toLowerCase();
    for (const comment of comments) {
      if (comment.issue_url?.toLowerCase().startsWith(oldIssues))
        comment.issue_url = `${fake.url}/repos/${to}/issues/${comment.issue_url.slice(oldIssues.length)}`;
    }
    for (const status of fake.statuses) if (sameName(status.repository, old)) status.repository = to;
    // GitHub grants an installation (or a fine-grained token) repositories by ID: the grant follows the rename.
    for (const token of fake.tokens.values()) {
      for (const [key, grant] of Object.entries(token.repositories)) {
        if (!sameName(key, old)) continue;
        delete token.repositories[key];
        token.repositories[to] = grant;
      }
    }
    for (const [, pulls] of pullsByRepository())
      for (const pull of pulls.values()) if (pull.headRepository && sameName(pull.headRepository, old)) pull.headRepository = to;
  }

  /** A repository the fake serves, as GitHub's `full-repository`: its name now, its ID, its visibility. */
  function repositoryObject(name: string) {
    if (sameName(name, fullName)) return repository(fullName, { api: fake.url, defaultBranch: fake.defaultBranch, id: workflow.id });
    return { ...repository(name, { api: fake.url, id: findRepository(name)!.id }), ...visibilityOf(name) };
  }

  /** Whether a repository is private, as its objects say it (one the fake does not serve, a fork, is public). */
  function visibilityOf(name: string): { private: boolean; visibility: 'private' | 'public' } {
    const isPrivate = !sameName(name, fullName) && (findRepository(name)?.private ?? false);
    return { private: isPrivate, visibility: isPrivate ? 'private' : 'public' };
  }

  /** A login's permission in a repository the fake serves; undefined for one who is no collaborator. */
  function permissionOf(name: string, login: string): FakePermission | undefined {
    return collaboratorOf(name, login)?.permission;
  }

  /** A collaborator of a repository the fake serves, by login (compared without regard to case), as the test spelt the login. */
  function collaboratorOf(name: string, login: string): { login: string; permission: FakePermission } | undefined {
    const collaborators = sameName(name, fullName) ? fake.collaborators : findRepository(name)?.collaborators;
    for (const [key, permission] of collaborators ?? []) if (key.toLowerCase() === login.toLowerCase()) return { login: key, permission };
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  running.set(fake.url, (name) => identityOf(name)?.id);
  return fake;
}

/** What keeps a repository the same repository through renames: its ID, and the name it was first known by (its seed). */
interface RepositoryIdentity {
  readonly id: number;
  /**
   * What its pull requests' IDs and node IDs, their reviews' IDs and the commits the fake makes
   * up are derived from: on GitHub none of them changes with the repository's name.
   */
  readonly seed: string;
}

/** The fake GitHubs of this process that are answering, by their URL: the ID each gives a repository it serves. */
const running = new Map<string, (fullName: string) => number | undefined>();

/**
 * GITHUB_REPOSITORY_ID, as a runner sets it beside GITHUB_REPOSITORY, for a run against a fake
 * GitHub of this process (GITHUB_API_URL): the ID that fake knows the repository by. Nothing when
 * the environment points at no fake GitHub, or names no repository it serves. Spread before the
 * run's own environment, which may give another.
 */
export function runnerRepositoryId(env: Readonly<Record<string, string | undefined>>): { GITHUB_REPOSITORY_ID?: string } {
  const idOfName = env.GITHUB_API_URL === undefined ? undefined : running.get(env.GITHUB_API_URL);
  const id = env.GITHUB_REPOSITORY ? idOfName?.(env.GITHUB_REPOSITORY) : undefined;
  return id === undefined ? {} : { GITHUB_REPOSITORY_ID: String(id) };
}

/** Where a field first stands in a GraphQL document, as GitHub's errors give it (1-based line and column). */
function locationOf(query: string, field: string): { line: number; column: number } {
  const index = Math.max(0, query.search(new RegExp(`\\b${field}\\s*\\(`)));
  const before = query.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** The arguments of a GraphQL connection: at most 100 nodes from either end, after or before a cursor. */
interface ConnectionArguments {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** GitHub's limit on the nodes of one connection, `first` or `last`. */
const CONNECTION_MAX = 100;

/**
 * A GraphQL connection of these nodes, as GitHub pages one: `first` or `last` (one of them, at most
 * 100, or GitHub refuses the field), after or before a cursor the connection gave.
 */
function connection<T>(field: string, all: readonly T[], args: ConnectionArguments) {
  const { first, last } = args;
  if ((first === undefined || first === null) && (last === undefined || last === null))
    throw new GraphqlFieldError(
      'MISSING_PAGINATION_BOUNDARIES',
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
    );
  for (const [name, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (typeof value === 'number' && value > CONNECTION_MAX)
      throw new GraphqlFieldError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${value} records on the \`${field}\` connection exceeds the \`${name}\` limit of ${CONNECTION_MAX} records.`,
      );
  }
  const after = indexOf(args.after);
  const before = indexOf(args.before);
  let start = Number.isNaN(after) ? 0 : after + 1;
  let end = Number.isNaN(before) ? all.length : Math.min(before, all.length);
  if (typeof first === 'number') end = Math.min(end, start + Math.max(0, first));
  if (typeof last === 'number') start = Math.max(start, end - Math.max(0, last));
  const edges = all.slice(start, end).map((node, offset) => ({ cursor: cursorOf(start + offset), node }));
  return {
    totalCount: all.length,
    nodes: edges.map((edge) => edge.node),
    edges,
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: end < all.length,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A connection's cursor: the place of a node in the whole list, as GitHub's opaque cursors hold it. */
function cursorOf(index: number): string {
  return Buffer.from(`cursor:v2:${index}`).toString('base64');
}

/** The place a cursor of `cursorOf` holds; NaN for none, or for a cursor the fake did not give. */
function indexOf(cursor: string | null | undefined): number {
  return cursor ? Number(/^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString())?.[1] ?? NaN) : NaN;
}

/**
 * A connection as `connection` pages it, with its pages lying as `lie` says (`lieAboutPages`): a
 * page is the `first` nodes after a cursor, and the page a lie names next is the cursor it starts
 * after (none for the first page: `hasNextPage: true` with a null `endCursor`).
 */
function lyingConnection<T>(field: string, all: readonly T[], args: ConnectionArguments, lie: PageLie | undefined) {
  const size = args.first;
  if (!lie || typeof size !== 'number' || size <= 0) return connection(field, all, args);
  const after = indexOf(args.after);
  const page = Number.isNaN(after) ? 1 : Math.floor((after + 1) / size) + 1;
  const startingAfter = (at: number) => (at === 1 ? null : cursorOf((at - 1) * size - 1));
  const { serve, next } = lyingPage(lie, page);
  const answer = connection(field, all, { ...args, after: startingAfter(serve) });
  if (next === 'own') return answer;
  return { ...answer, pageInfo: { ...answer.pageInfo, hasNextPage: true, endCursor: startingAfter(next) } };
}

/** What a lying list answers for page `page`: the page whose items it gives, and the page it names next (`own`: as its own paging says). */
function lyingPage(lie: PageLie, page: number): { serve: number; next: number | 'own' } {
  switch (lie.kind) {
    case 'endless':
      return { serve: page, next: page + 1 };
    case 'repeat':
      return page >= lie.from ? { serve: lie.from, next: page + 1 } : { serve: page, next: 'own' };
    case 'loop':
      return { serve: page, next: page === lie.at ? lie.to : 'own' };
  }
}

/**
 * A user or a bot as GraphQL's `Actor`, of type `User` or `Bot`. GraphQL names a bot by its app's
 * slug alone: the REST API's `docs-app[bot]` is `docs-app` there.
 */
function actorOf(login: string) {
  const bot = login.endsWith('[bot]');
  const slug = bot ? login.slice(0, -'[bot]'.length) : login;
  return {
    __typename: bot ? 'Bot' : 'User',
    login: slug,
    url: bot ? `${GITHUB_WEB}/apps/${encodeURIComponent(slug)}` : `${GITHUB_WEB}/${encodeURIComponent(login)}`,
    resourcePath: bot ? `/apps/${encodeURIComponent(slug)}` : `/${encodeURIComponent(login)}`,
  };
}

/** Repository names compare as GitHub compares them, without regard to case. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A pull request's node ID, as `pullRequest` in github-objects.ts makes it (from its repository's seed). */
function nodeIdOf(seed: string, number: number): string {
  return `PR_kwDO${idOf(`pull ${seed} ${number}`).toString(36)}`;
}

/** Which call a request is, by its method, path, media type and (for GraphQL) document. */
function callOf(method: string, path: string, accept: string, body: unknown): GitHubCall | undefined {
  if (method === 'POST' && path === '/graphql') {
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query === 'string' && query.includes('markPullRequestReadyForReview')) return 'mark-ready';
    if (typeof query === 'string' && query.includes('convertPullRequestToDraft')) return 'convert-to-draft';
    if (typeof query === 'string' && /\bmergeCommit\b/.test(query)) return 'merge-commit';
    if (typeof query === 'string' && /\bpullRequests\b/.test(query)) return 'pending-pulls';
    return typeof query === 'string' && /\b(?:reviewDecision|latestOpinionatedReviews)\b/.test(query) ? 'review-decision' : 'identity';
  }
  if (method === 'GET' && /^\/repositories\/\d+$/.test(path)) return 'repository-by-id';
  const rest = /^\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(path)?.[1];
  if (rest === undefined) return path.match(/^\/repos\/[^/]+\/[^/]+$/) ? 'repository' : undefined;
  if (method === 'GET' && /^\/pulls\/\d+$/.test(rest)) return accept.includes('diff') ? 'pull-diff' : 'pull-request';
  if (method === 'PATCH' && /^\/pulls\/\d+$/.test(rest)) return 'update-pull';
  if (method === 'GET' && /^\/pulls\/\d+\/files$/.test(rest)) return 'pull-files';
  if (method === 'GET' && rest === '/pulls') return 'open-pulls';
  if (method === 'GET' && rest.startsWith('/releases/')) return 'release';
  if (method === 'POST' && /^\/issues\/\d+\/labels$/.test(rest)) return 'add-label';
  if (method === 'DELETE' && /^\/issues\/\d+\/labels\/.+$/.test(rest)) return 'remove-label';
  if (method === 'GET' && /^\/pulls\/\d+\/commits$/.test(rest)) return 'pull-commits';
  if (method === 'GET' && rest.startsWith('/compare/')) return accept.includes('diff') ? 'compare-diff' : 'compare';
  if (method === 'POST' && rest.startsWith('/statuses/')) return 'set-status';
  if (method === 'GET' && /^\/commits\/.+\/status$/.test(rest)) return 'combined-status';
  if (method === 'GET' && /^\/pulls\/\d+\/reviews$/.test(rest)) return 'reviews';
  if (method === 'GET' && /^\/pulls\/\d+\/reviews\/\d+$/.test(rest)) return 'review';
  if (method === 'GET' && /^\/pulls\/\d+\/reviews\/\d+\/comments$/.test(rest)) return 'review-comments';
  if (method === 'GET' && /^\/collaborators\/[^/]+\/permission$/.test(rest)) return 'collaborator-permission';
  if (method === 'GET' && rest.startsWith('/git/trees/')) return 'tree';
  if (method === 'GET' && rest.startsWith('/contents/')) return 'file-content';
  if (method === 'GET' && rest.startsWith('/rules/branches/')) return 'branch-rules';
  if (method === 'GET' && rest.startsWith('/commits/')) return 'commit';
  if (method === 'GET' && /^\/issues\/\d+\/comments$/.test(rest)) return 'list-comments';
  if (method === 'GET' && rest === '/issues/comments') return 'recent-comments';
  if (method === 'POST' && /^\/issues\/\d+\/comments$/.test(rest)) return 'create-comment';
  if (method === 'PATCH' && /^\/issues\/comments\/\d+$/.test(rest)) return 'update-comment';
  if (method === 'GET' && /^\/issues\/comments\/\d+$/.test(rest)) return 'get-comment';
  return undefined;
}

function applyFault(fault: GitHubFault, res: ServerResponse): void {
  switch (fault.kind) {
    case 'hang':
      return; // the connection stays open, unanswered, until the client gives up or the fake closes
    case 'reset':
      res.socket?.destroy();
      return;
    case 'cut-body': {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '2000' });
      res.write('[{"id": 1, "body": "half an ans');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    case 'status': {
      const body = fault.body ?? {
        message: STATUS_MESSAGES[fault.status] ?? 'Error',
        documentation_url: 'https://docs.github.com/rest',
        status: String(fault.status),
      };
      res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8', ...fault.headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    }
  }
}

/** GitHub's own messages for the statuses the tests inject. */
const STATUS_MESSAGES: Record<number, string> = {
  403: 'Resource not accessible by integration',
  404: 'Not Found',
  422: 'No common ancestor between the commits.',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Answer = (status: number, contentType: string, body: unknown, headers?: Record<string, string>) => void;
type Json = (status: number, value: unknown, headers?: Record<string, string>) => void;

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}

/** The unified diff GitHub's diff media type gives for a list of files with patches. */
function unifiedDiff(files: readonly FakeFile[]): string {
  return files
    .map((file) => {
      const previous = file.previous_filename ?? file.filename;
      const oldName = file.status === 'added' ? '/dev/null' : `a/${previous}`;
      const newName = file.status === 'removed' ? '/dev/null' : `b/${file.filename}`;
      const header = `diff --git a/${previous} b/${file.filename}`;
      return file.patch === undefined ? `${header}\nBinary files ${oldName} and ${newName} differ` : `${header}\n--- ${oldName}\n+++ ${newName}\n${file.patch}`;
    })
    .join('\n');
}

/** A unified diff of one file, as `git diff` prints it. */
export function fileDiff(path: string, added: string[], removed: string[] = []): string {
  const hunk = `@@ -1,${removed.length} +1,${added.length} @@`;
  return [
    `diff --git a/${path} b/${path}`,
    'index 1111111..2222222 100644',
    `--- a/${path}`,
    `+++ b/${path}`,
    hunk,
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
  ].join('\n');
}

/** GitHub keeps a comment's times to the second. */
function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}
