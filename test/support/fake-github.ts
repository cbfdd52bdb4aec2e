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
import { commitChain, commitObject, comparison, diffEntry, issueComment, pullRequest, repository, shaOf } from './github-objects.js';
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
  /** Every request, with when it arrived (`Date.now()`, the clock the API simulator's log uses too). */
  readonly requests: Array<{ method: string; path: string; call: GitHubCall | undefined; accept?: string; body?: unknown; at: number }>;
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
];

export async function startFakeGitHub(owner = 'acme', repo = 'widgets'): Promise<FakeGitHub> {
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
      const call = callOf(method, url.pathname, accept, base);
      fake.requests.push({ method, path: url.pathname + url.search, call, accept, body, at: Date.now() });
      const isGraphql = method === 'POST' && url.pathname === '/graphql';
      const exchange: Mutable<RestExchange> | undefined = isGraphql ? undefined : { method, url: url.pathname + url.search, accept, body };
      const graphqlExchange: Mutable<GraphqlExchange> | undefined = isGraphql ? { body, answer: undefined } : undefined;
      if (exchange) unchecked.push(exchange);
      if (graphqlExchange) uncheckedGraphql.push(graphqlExchange);
      const fault = call && takeFault(call);
      if (fault && !(fault.kind === 'status' && fault.afterHandling)) return applyFault(fault, res);
      route(method, url, accept, body, (status, contentType, value, headers = {}) => {
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

  function route(method: string, url: URL, accept: string, body: unknown, answer: Answer): void {
    const path = url.pathname;
    const json: Json = (status, value, headers = {}) => answer(status, 'application/json; charset=utf-8', value, headers);
    const diff = (value: string): void => answer(200, `${DIFF_MEDIA_TYPE}; charset=utf-8`, value);
    const error = (status: number, message: string): void =>
      json(status, { message, documentation_url: 'https://docs.github.com/rest', status: String(status) });
    const notFound = (): void => error(404, 'Not Found');
    if (method === 'POST' && path === '/graphql') return graphql(body, json);
    if (!path.startsWith(base)) return notFound();
    const rest = path.slice(base.length);
    const api = fake.url;
    let match: RegExpExecArray | null;

    if (method === 'GET' && rest === '') return json(200, repository(fullName, { api, defaultBranch: fake.defaultBranch }));
    if (method === 'GET' && (match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const number = Number(match[1]);
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
          user: { login: fake.viewerLogin, type: fake.viewerLogin.endsWith('[bot]') ? 'Bot' : 'User' },
          author_association: 'NONE',
        };
        fake.comments.push(comment);
        return json(201, issueComment(comment, fullName, number, api), { location: `${fake.url}${base}/issues/comments/${comment.id}` });
      }
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

  /** GraphQL: only the `viewer` query the action asks. */
  function graphql(body: unknown, json: (status: number, value: unknown) => void): void {
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string' || !/\bviewer\s*\{\s*login\s*\}/.test(query)) {
      return json(200, { errors: [{ message: 'The fake answers only the viewer query.' }] });
    }
    json(200, { data: { viewer: { login: fake.viewerLogin } } });
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

/** Which call a request is, by its method, path and media type. */
function callOf(method: string, path: string, accept: string, base: string): GitHubCall | undefined {
  if (method === 'POST' && path === '/graphql') return 'identity';
  if (!path.startsWith(base)) return undefined;
  const rest = path.slice(base.length);
  if (method === 'GET' && rest === '') return 'repository';
  if (method === 'GET' && /^\/pulls\/\d+$/.test(rest)) return 'pull-diff';
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
