/**
 * A loopback stand-in for the few GitHub endpoints the action reads and writes, answering as
 * GitHub documents them (paging, the compare endpoint's 300-file cap, the GraphQL `viewer`).
 * Octokit is pointed at it through GITHUB_API_URL (end to end) or a base URL (in process).
 * Faults can be queued per call, to hold the action to the contract when GitHub misbehaves.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeFile {
  filename: string;
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
  /** Answer with this status and body (GitHub's own error shape when no body is given). */
  | { kind: 'status'; status: number; body?: unknown };

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
  close(): Promise<void>;
}

export async function startFakeGitHub(owner = 'acme', repo = 'widgets'): Promise<FakeGitHub> {
  let nextCommentId = 9000;
  const base = `/repos/${owner}/${repo}`;
  const faults: Array<GitHubFault & { left: number; toSkip: number }> = [];
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
      const fault = call && takeFault(call);
      if (fault) return applyFault(fault, res);
      route(method, url, accept, res, body);
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

  function route(method: string, url: URL, accept: string, res: ServerResponse, body: unknown): void {
    const path = url.pathname;
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(value));
    };
    const text = (value: string): void => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(value);
    };
    const notFound = (): void => json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    if (method === 'POST' && path === '/graphql') return graphql(body, json);
    if (!path.startsWith(base)) return notFound();
    const rest = path.slice(base.length);
    let match: RegExpExecArray | null;

    if (method === 'GET' && rest === '') return json(200, { default_branch: fake.defaultBranch, full_name: `${owner}/${repo}` });
    if (method === 'GET' && (match = /^\/pulls\/(\d+)$/.exec(rest))) {
      const pull = fake.pulls.get(Number(match[1]));
      if (!pull) return notFound();
      if (!accept.includes('diff')) return json(200, { number: Number(match[1]) });
      if (pull.tooLarge) return json(406, { message: 'Sorry, the diff exceeded the maximum number of files (300).' });
      return text(pull.diff);
    }
    if (method === 'GET' && (match = /^\/pulls\/(\d+)\/(files|commits)$/.exec(rest))) {
      const pull = fake.pulls.get(Number(match[1]));
      if (!pull) return notFound();
      const items = match[2] === 'files' ? pull.files : pull.commits.map((message) => ({ commit: { message } }));
      return paginated(url, items, json);
    }
    if (method === 'GET' && (match = /^\/compare\/(.+)$/.exec(rest))) {
      const compared = fake.compares.get(decodeURIComponent(match[1]!));
      if (!compared) return notFound();
      if (accept.includes('diff')) {
        if (compared.tooLarge) return json(406, { message: 'Sorry, this diff is too large to render.' });
        return text(unifiedDiff(compared.files));
      }
      return compare(url, compared, json);
    }
    if (method === 'GET' && (match = /^\/commits\/(.+)$/.exec(rest))) {
      const commit = fake.commits.get(match[1]!);
      if (!commit) return notFound();
      // Past 300 files GitHub pages the files of a commit, up to 3,000, each page repeating the commit.
      const files = commit.files.slice(0, COMMIT_MAX_FILES);
      const page = Number(url.searchParams.get('page') ?? 1);
      const headers = page * COMMIT_FILES_PER_PAGE < files.length ? { link: nextLink(url, page) } : undefined;
      return json(200, { files: files.slice((page - 1) * COMMIT_FILES_PER_PAGE, page * COMMIT_FILES_PER_PAGE), commit: { message: commit.message } }, headers);
    }
    if ((match = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const issueUrl = `${fake.url}${base}/issues/${match[1]}`;
      if (method === 'GET')
        return paginated(
          url,
          fake.comments.filter((c) => (c.issue_url ?? issueUrl) === issueUrl),
          json,
        );
      if (method === 'POST') {
        if (fake.commentWriteStatus) return json(fake.commentWriteStatus, { message: 'Resource not accessible by integration' });
        const comment: FakeComment = {
          id: nextCommentId++,
          issue_url: issueUrl,
          body: (body as { body: string }).body,
          user: { login: fake.viewerLogin, type: fake.viewerLogin.endsWith('[bot]') ? 'Bot' : 'User' },
          author_association: 'NONE',
        };
        fake.comments.push(comment);
        return json(201, comment);
      }
    }
    if (method === 'PATCH' && (match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      if (fake.commentWriteStatus) return json(fake.commentWriteStatus, { message: 'Resource not accessible by integration' });
      const comment = fake.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return notFound();
      comment.body = (body as { body: string }).body;
      return json(200, comment);
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
  function compare(url: URL, compared: FakeCompare, json: (status: number, value: unknown, headers?: Record<string, string>) => void): void {
    const paging = url.searchParams.has('per_page') || url.searchParams.has('page');
    const commits = compared.commits.map((message) => ({ commit: { message } }));
    const common = { status: 'ahead', ahead_by: commits.length, behind_by: 0, total_commits: commits.length };
    if (!paging) {
      return json(200, { ...common, commits: commits.slice(-COMPARE_MAX_COMMITS), files: compared.files.slice(0, COMPARE_MAX_FILES) });
    }
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    const headers = page * perPage < commits.length ? { link: nextLink(url, page) } : undefined;
    const files = page === 1 ? { files: compared.files.slice(0, COMPARE_MAX_FILES) } : {};
    json(200, { ...common, commits: commits.slice((page - 1) * perPage, page * perPage), ...files }, headers);
  }

  function paginated(url: URL, items: unknown[], json: (status: number, value: unknown, headers?: Record<string, string>) => void): void {
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
      const body = fault.body ?? { message: STATUS_MESSAGES[fault.status] ?? 'Error', documentation_url: 'https://docs.github.com/rest' };
      res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8' });
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
};

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

/** A pull_request event payload. */
export function pullRequestEvent(number: number, options: { fork?: boolean; headSha?: string; title?: string; body?: string } = {}) {
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      title: options.title ?? 'Add a retries flag',
      body: options.body ?? 'Adds --retries.',
      html_url: `https://github.com/acme/widgets/pull/${number}`,
      base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: 'acme/widgets' } },
      head: { ref: 'feature', sha: options.headSha ?? 'e'.repeat(40), repo: { full_name: options.fork ? 'stranger/widgets' : 'acme/widgets' } },
    },
  };
}

/** A push event payload. */
export function pushEvent(before: string, after: string, ref = 'refs/heads/feature') {
  return { name: 'push', payload: { ref, before, after, commits: [] } };
}
