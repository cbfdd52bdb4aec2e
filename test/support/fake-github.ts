/**
 * A loopback stand-in for the few GitHub endpoints the action reads and writes, answering as
 * GitHub documents them (paging, the compare endpoint's 300-file cap, the GraphQL `viewer`).
 * Octokit is pointed at it through GITHUB_API_URL (end to end) or a base URL (in process).
 * Faults can be queued per call, to hold the action to the contract when GitHub misbehaves.
 *
 * Every exchange is held to GitHub's own descriptions: each REST request and answer to its
 * REST description (github-rest.ts), each GraphQL document to GitHub's GraphQL schema. What
 * strays is a violation, and the tests that use the fake fail on any (`takeViolations`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { commitChain, commitObject, comparison, diffEntry, idOf, issueComment, pullRequest, repository, shaOf } from './github-objects.js';
import { graphqlViolations, prepareGraphqlSchema, type GraphqlExchange } from './github-graphql.js';
import { DIFF_MEDIA_TYPE, restDescription, type RestExchange } from './github-rest.js';

export interface FakeFile {
  filename: string;
  /** One of GitHub's: added, removed, modified, renamed, copied, changed, unchanged (modified when absent). */
  status?: string;
  previous_filename?: string;
  patch?: string;
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
}

/** A pull request's state, for the pull requests a test follows (a documentation PR, in any repository). */
export interface FakePullState {
  title: string;
  state: 'open' | 'closed';
  draft: boolean;
  merged: boolean;
  /** The head branch; the fake keeps every branch, and nothing in it can delete one. */
  headRef: string;
  /** The head branch's repository, `owner/name`, when it is a fork's; by default the pull request's own. */
  headRepository?: string;
}

/** A repository besides the workflow's own: its pull requests' states and its comments. */
export interface FakeRepository {
  /** A private repository answers 404 to a token that may not see it; a public one lets any token read. */
  private: boolean;
  readonly pulls: Map<number, FakePullState>;
  readonly comments: FakeComment[];
}

/** What a token's installation may do in one repository, as a GitHub App's permissions say it. */
export interface FakeGrant {
  pullRequests: 'read' | 'write';
  contents: 'read' | 'write';
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
  'create-comment',
  'update-comment',
  'identity',
  'pull-request',
  'update-pull',
  'mark-ready',
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

/** GitHub's limits, as documented: compare lists at most 300 files, a commit 300 per page. */
export const COMPARE_MAX_FILES = 300;
const COMPARE_MAX_COMMITS = 250;
const COMMIT_FILES_PER_PAGE = 300;
const COMMIT_MAX_FILES = 3_000;

export interface FakeGitHub {
  readonly url: string;
  /** Every request, with when it arrived (by the clock the fake was started with, as the API simulator's log). */
  readonly requests: Array<{ method: string; path: string; call: GitHubCall | undefined; accept?: string; body?: unknown; at: number; token?: string }>;
  defaultBranch: string;
  /** The login GraphQL's `viewer` answers: the identity of the token (and of the comments it writes). */
  viewerLogin: string;
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
  /** Adds a repository besides the workflow's (public unless said). */
  addRepository(fullName: string, options?: { private?: boolean }): FakeRepository;
  /** Every body written to the comments of pull request `pullNumber` of another repository, from request `from` of the log on. */
  docsCommentBodiesSent(fullName: string, pullNumber: number, from?: number): string[];
  /** Every body written to the comments of pull request `pullNumber` (created or edited), from request `from` of the log on. */
  commentBodiesSent(pullNumber: number, from?: number): string[];
  /** Queues a fault for the next request(s) of one call. */
  injectFault(fault: GitHubFault): void;
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
  'issues/create-comment',
  'issues/update-comment',
  'pulls/update',
];

export interface FakeGitHubOptions {
  readonly owner?: string;
  readonly repo?: string;
  /** The clock of the request log; `Date.now` by default (an in-process run's fake clock shares the simulator's). */
  readonly now?: () => number;
}

export async function startFakeGitHub({ owner = 'acme', repo = 'widgets', now = Date.now }: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  // GitHub's descriptions are loaded (once per process) before the fake answers anything: loading
  // them later would stall the answers of every fake in the process for a second or more.
  await prepareGraphqlSchema();
  restDescription().prepare(OPERATIONS);
  let nextCommentId = 9000;
  const base = `/repos/${owner}/${repo}`;
  const faults: Array<GitHubFault & { left: number; toSkip: number }> = [];
  const fullName = `${owner}/${repo}`;
  /** REST exchanges and GraphQL requests not yet checked against GitHub's descriptions. */
  let unchecked: RestExchange[] = [];
  let uncheckedGraphql: GraphqlExchange[] = [];
  const fake: FakeGitHub & { url: string } = {
    url: '',
    requests: [],
    defaultBranch: 'main',
    viewerLogin: 'github-actions[bot]',
    pulls: new Map(),
    compares: new Map(),
    commits: new Map(),
    comments: [],
    commentWriteStatus: 0,
    pullStates: new Map(),
    repositories: new Map(),
    tokens: new Map(),
    addRepository: (name, options = {}) => {
      const added: FakeRepository = { private: options.private ?? false, pulls: new Map(), comments: [] };
      fake.repositories.set(name, added);
      return added;
    },
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
    clearFaults: () => {
      faults.length = 0;
    },
    callsTo: (call) => fake.requests.filter((request) => request.call === call),
    takeViolations: async () => {
      const rest = unchecked;
      const graphqlExchanges = uncheckedGraphql;
      unchecked = [];
      uncheckedGraphql = [];
      const description = rest.length > 0 ? restDescription() : undefined;
      return [...rest.flatMap((exchange) => description!.check(exchange)), ...(await graphqlViolations(graphqlExchanges))];
    },
    close: () =>
      new Promise<void>((resolve) => {
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
      const isGraphql = method === 'POST' && url.pathname === '/graphql';
      const exchange: Mutable<RestExchange> | undefined = isGraphql ? undefined : { method, url: url.pathname + url.search, accept, body };
      const graphqlExchange: Mutable<GraphqlExchange> | undefined = isGraphql ? { body, answer: undefined } : undefined;
      if (exchange) unchecked.push(exchange);
      if (graphqlExchange) uncheckedGraphql.push(graphqlExchange);
      const fault = call && takeFault(call);
      if (fault && !(fault.kind === 'status' && fault.afterHandling)) return applyFault(fault, res);
      route(method, url, accept, body, token, (status, contentType, value, headers = {}) => {
        // A fault after handling: the request took effect, and the fault answers in its place.
        if (fault) return applyFault(fault, res);
        if (exchange) exchange.answer = { status, contentType, body: value };
        if (graphqlExchange) graphqlExchange.answer = value;
        res.writeHead(status, { 'content-type': contentType, ...headers });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      });
    })();
  });

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
    const error = (status: number, message: string): void =>
      json(status, { message, documentation_url: 'https://docs.github.com/rest', status: String(status) });
    const notFound = (): void => error(404, 'Not Found');
    if (method === 'POST' && path === '/graphql') return graphql(body, token, json);
    const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!repoMatch) return notFound();
    const target = `${repoMatch[1]}/${repoMatch[2]}`;
    const other = findRepository(target);
    if (!other && target.toLowerCase() !== fullName.toLowerCase()) return notFound();
    // What the token may do there: GitHub answers 404 where it may not even see, 403 where it may only read.
    const access = accessOf(token, target);
    if (access === 'none') return notFound();
    const writes = method !== 'GET';
    if (writes && (access === 'read' || (other && access === 'workflow'))) return error(403, 'Resource not accessible by integration');
    if (other) return otherRepository(target, other, method, repoMatch[3] ?? '', url, body, token, json, notFound);
    if (!path.startsWith(base)) return notFound();
    const rest = path.slice(base.length);
    const api = fake.url;
    let match: RegExpExecArray | null;

    if (method === 'GET' && rest === '') return json(200, repository(fullName, { api, defaultBranch: fake.defaultBranch }));
    if (method === 'GET' && (match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const number = Number(match[1]);
      const followed = fake.pullStates.get(number);
      if (followed && !accept.includes('diff')) return json(200, pullStateObject(fullName, number, followed));
      const pull = fake.pulls.get(number);
      if (!pull) return notFound();
      if (!accept.includes('diff')) {
        const sides = {
          base: { repo: fullName, ref: fake.defaultBranch, sha: shaOf('base') },
          head: { repo: fullName, ref: 'feature', sha: headShaOf(number) },
        };
        return json(200, pullRequest({ number, title: `Pull request ${number}`, body: null, ...sides, api }));
      }
      if (pull.tooLarge) return error(406, 'Sorry, the diff exceeded the maximum number of files (300).');
      return diff(pull.diff);
    }
    if (method === 'GET' && (match = /^\/pulls\/(\d+)\/(files|commits)$/.exec(rest))) {
      const number = Number(match[1]);
      const pull = fake.pulls.get(number);
      if (!pull) return notFound();
      const items =
        match[2] === 'files' ? pull.files.map((file) => diffEntry(file, fullName, headShaOf(number), api)) : commitChain(pull.commits, fullName, api);
      return paginated(url, items, json);
    }
    if (method === 'GET' && (match = /^\/compare\/(.+)$/.exec(rest))) {
      const basehead = decodeURIComponent(match[1]!);
      const compared = fake.compares.get(basehead);
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
    if ((match = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const number = Number(match[1]);
      const issueUrl = `${fake.url}${base}/issues/${number}`;
      if (method === 'GET') {
        const onIssue = fake.comments.filter((c) => (c.issue_url ?? issueUrl) === issueUrl);
        return paginated(
          url,
          onIssue.map((c) => issueComment(c, fullName, number, api)),
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
        };
        fake.comments.push(comment);
        return json(201, issueComment(comment, fullName, number, api), { location: `${fake.url}${base}/issues/comments/${comment.id}` });
      }
    }
    if (method === 'PATCH' && (match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const followed = fake.pullStates.get(Number(match[1]));
      if (!followed) return notFound();
      return json(200, pullStateObject(fullName, Number(match[1]), updatePull(followed, body)));
    }
    if (method === 'PATCH' && (match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      if (fake.commentWriteStatus) return error(fake.commentWriteStatus, 'Resource not accessible by integration');
      const comment = fake.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return notFound();
      comment.body = (body as { body: string }).body;
      return json(200, issueComment(comment, fullName, issueNumberOf(comment), api));
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

  /** GraphQL: the `viewer` query and the `markPullRequestReadyForReview` mutation the action asks. */
  function graphql(body: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const { query, variables } = (body ?? {}) as { query?: unknown; variables?: { id?: unknown } };
    if (typeof query === 'string' && /\bmarkPullRequestReadyForReview\b/.test(query)) return markReady(variables?.id, token, json);
    if (typeof query !== 'string' || !/\bviewer\s*\{\s*login\s*\}/.test(query)) {
      return json(200, { errors: [{ message: 'The fake answers only the viewer query and markPullRequestReadyForReview.' }] });
    }
    json(200, { data: { viewer: { login: loginOf(token) } } });
  }

  /**
   * As GitHub does: the pull request by its node ID; a token that may not write its pull requests
   * and its contents is refused with a FORBIDDEN error (GraphQL answers 200 with errors).
   */
  function markReady(id: unknown, token: string, json: (status: number, value: unknown) => void): void {
    const found = [...pullsByRepository()].flatMap(([name, pulls]) =>
      [...pulls].filter(([number]) => nodeIdOf(name, number) === id).map(([number, pull]) => ({ name, number, pull })),
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

  /** Every followed pull request, by repository: the workflow's and the others'. */
  function* pullsByRepository(): Generator<[string, Map<number, FakePullState>]> {
    yield [fullName, fake.pullStates];
    for (const [name, other] of fake.repositories) yield [name, other.pulls];
  }

  function findRepository(name: string): FakeRepository | undefined {
    for (const [key, value] of fake.repositories) if (key.toLowerCase() === name.toLowerCase()) return value;
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
    const isWorkflow = name.toLowerCase() === fullName.toLowerCase();
    const isPrivate = isWorkflow ? false : (findRepository(name)?.private ?? false);
    if (!known) return isWorkflow ? 'workflow' : isPrivate ? 'none' : 'read';
    const grant = Object.entries(known.repositories).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
    if (grant) return grant.pullRequests === 'write' ? 'write' : 'read';
    return isPrivate ? 'none' : 'read';
  }

  /** Marking ready for review takes "Pull requests: write" and "Contents: write". */
  function mayMarkReady(token: string, name: string): boolean {
    const known = fake.tokens.get(token);
    if (!known) return name.toLowerCase() === fullName.toLowerCase();
    const grant = Object.entries(known.repositories).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
    return grant?.pullRequests === 'write' && grant.contents === 'write';
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
    if (method === 'GET' && rest === '')
      return json(200, { ...repository(name, { api }), private: other.private, visibility: other.private ? 'private' : 'public' });
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

  /** A followed pull request as GitHub's `pull-request`. */
  function pullStateObject(name: string, number: number, pull: FakePullState) {
    return pullRequest({
      number,
      title: pull.title,
      body: null,
      base: { repo: name, ref: 'main', sha: shaOf(`base ${name}`) },
      head: { repo: pull.headRepository ?? name, ref: pull.headRef, sha: shaOf(`head ${name}#${number}`) },
      api: fake.url,
      state: pull.state,
      draft: pull.draft,
      merged: pull.merged,
    });
  }

  /**
   * As GitHub documents it: without `per_page` or `page`, the comparison's last 250 commits; with
   * them, its commits page by page; either way at most 300 files, and only on the first page.
   */
  function compare(url: URL, basehead: string, compared: FakeCompare, json: Json): void {
    const paging = url.searchParams.has('per_page') || url.searchParams.has('page');
    const [baseRef = '', head = ''] = basehead.split('...');
    const commits = commitChain(compared.commits, fullName, fake.url);
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
    return shaOf(`head of ${fullName}#${pullNumber}`);
  }

  /** The issue a comment belongs to; one a test added without one shows on every pull request, and answers as the first. */
  function issueNumberOf(comment: FakeComment): number {
    return Number(/\/issues\/(\d+)$/.exec(comment.issue_url ?? '')?.[1] ?? 1);
  }

  function paginated(url: URL, items: unknown[], json: Json): void {
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    json(200, slice, page * perPage < items.length ? { link: nextLink(url, page) } : {});
  }

  function nextLink(url: URL, page: number): string {
    const next = new URL(url.href.replace('http://fake', fake.url));
    next.searchParams.set('page', String(page + 1));
    return `<${next.href}>; rel="next"`;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A pull request's node ID, as `pullRequest` in github-objects.ts makes it. */
function nodeIdOf(fullName: string, number: number): string {
  return `PR_kwDO${idOf(`pull ${fullName} ${number}`).toString(36)}`;
}

/** Which call a request is, by its method, path, media type and (for GraphQL) document. */
function callOf(method: string, path: string, accept: string, body: unknown): GitHubCall | undefined {
  if (method === 'POST' && path === '/graphql') {
    const query = (body as { query?: unknown } | undefined)?.query;
    return typeof query === 'string' && query.includes('markPullRequestReadyForReview') ? 'mark-ready' : 'identity';
  }
  const rest = /^\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(path)?.[1];
  if (rest === undefined) return path.match(/^\/repos\/[^/]+\/[^/]+$/) ? 'repository' : undefined;
  if (method === 'GET' && /^\/pulls\/\d+$/.test(rest)) return accept.includes('diff') ? 'pull-diff' : 'pull-request';
  if (method === 'PATCH' && /^\/pulls\/\d+$/.test(rest)) return 'update-pull';
  if (method === 'GET' && /^\/pulls\/\d+\/files$/.test(rest)) return 'pull-files';
  if (method === 'GET' && /^\/pulls\/\d+\/commits$/.test(rest)) return 'pull-commits';
  if (method === 'GET' && rest.startsWith('/compare/')) return accept.includes('diff') ? 'compare-diff' : 'compare';
  if (method === 'GET' && rest.startsWith('/commits/')) return 'commit';
  if (method === 'GET' && /^\/issues\/\d+\/comments$/.test(rest)) return 'list-comments';
  if (method === 'POST' && /^\/issues\/\d+\/comments$/.test(rest)) return 'create-comment';
  if (method === 'PATCH' && /^\/issues\/comments\/\d+$/.test(rest)) return 'update-comment';
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
