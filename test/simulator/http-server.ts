import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FaultQueue, type AnalyticsEndpoint, type Endpoint, type Fault } from './fault-queue.js';
import { JobStore, scripts, type JobScript, type SimJob } from './job-store.js';
import { AnalyticsEndpoints, type AnalyticsOptions } from './analytics-endpoints.js';
import type { Answer } from './analytics-query.js';
import { DAY_MS, dayOf } from './visitor-data.js';
import { DEFAULT_PREVIEW_SCRIPT, PreviewStore, type PreviewScript, type SimDeployment } from './preview-store.js';

export interface SimulatorOptions {
  apiKey?: string;
  /** Keys that may read analytics but not use the agent (403 there). */
  readOnlyKeys?: string[];
  projects?: string[];
  latencyMs?: number;
  now?: () => number;
  defaultJobScript?: JobScript;
  analytics?: AnalyticsOptions;
  maxPromptChars?: number;
  port?: number;
  /**
   * The path the API is served under (`/api`: the API root is `http://127.0.0.1:port/api`, and
   * `url` says so). Requests outside it are answered `404`, as a server answers a wrong prefix.
   */
  basePath?: string;
  /** How each triggered preview lives when no script is queued (default: about 90 s, then success). */
  defaultPreviewScript?: PreviewScript;
  /** Projects whose plan has no previews: their trigger answers 403. */
  projectsWithoutPreviews?: string[];
}

export interface LoggedRequest {
  method: string;
  /** The raw (still percent-encoded) path. */
  path: string;
  endpoint: Endpoint | 'unknown';
  projectId?: string;
  jobId?: string;
  /** The deployment a preview status read asks for. */
  statusId?: string;
  query: Record<string, string>;
  body?: unknown;
  authorization: 'valid' | 'read-only' | 'invalid' | 'missing';
  userAgent?: string;
  /** Undefined when no answer was sent (a hang or a reset). */
  status?: number;
  /** The body of the answer, as sent in one piece (not for a drip or a cut-off body). */
  answered?: string;
  fault?: Fault['kind'];
  at: number;
}

/** A request as sent: its method and its target (path and query), as the client wrote them. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
}

export interface Simulator {
  readonly url: string;
  readonly apiKey: string;
  readonly requests: LoggedRequest[];
  latencyMs: number;
  /**
   * Told of each request it holds without an answer (a `hang`), once it is logged: a test on fake
   * time runs its clock to the client's time limit there (test/support/request-timers.ts).
   */
  onHang: ((request: SentRequest) => void) | undefined;
  /** How a drip waits between its chunks: real time, unless a test on fake time moves its clock instead. */
  dripPause: (ms: number, request: SentRequest) => Promise<void>;
  queueJobScripts(...scripts: JobScript[]): void;
  /** The IDs the API gives the next new jobs, in order (any characters): the vendor's `id` is a plain string. */
  queueJobIds(...ids: string[]): void;
  /** The PR links the next jobs to open a PR report, in order (any text: a test's hostile or foreign link). */
  queuePrLinks(...links: string[]): void;
  /** The documentation repository every job names as `source.repository` (and its PR links' base), from now on. */
  setSourceRepository(url: string): void;
  /** Forgets the job scripts, IDs and PR links queued and not taken by a job. */
  clearQueues(): void;
  injectFault(fault: Fault): void;
  clearFaults(): void;
  job(id: string): SimJob | undefined;
  jobs(): SimJob[];
  /**
   * Lets a job live on past the phase it holds (a `stayActive` job, say): these phases follow the
   * current one, which ends at the next poll. A test decides when a job ends, not the clock.
   */
  continueJob(id: string, ...phases: JobScript): void;
  /** How the next triggered previews live, in order (then the default). */
  queuePreviewScripts(...scripts: PreviewScript[]): void;
  /** Whether a project's plan has previews: without, its trigger answers 403. */
  setPlanHasPreviews(projectId: string, has: boolean): void;
  deployment(statusId: string): SimDeployment | undefined;
  deployments(): SimDeployment[];
  resetLog(): void;
  close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'mint_sim_0123456789abcdef';

/** Starts the simulator of the documentation platform's Admin API on 127.0.0.1. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const readOnly = new Set(options.readOnlyKeys ?? []);
  const projects = new Set(options.projects ?? ['proj_sim']);
  const now = options.now ?? Date.now;
  const store = new JobStore(now, options.defaultJobScript ?? scripts.prAfter(2));
  const faults = new FaultQueue();
  const analyticsOptions = options.analytics ?? {};
  const todayDay = analyticsOptions.today ? dayOf(analyticsOptions.today)! : Math.floor(now() / DAY_MS);
  const analytics = new AnalyticsEndpoints(analyticsOptions, todayDay, now);
  const maxPromptChars = options.maxPromptChars ?? 200_000;
  const previews = new PreviewStore(now, options.defaultPreviewScript ?? DEFAULT_PREVIEW_SCRIPT, options.projectsWithoutPreviews);
  const requests: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');

  const sim = {
    url: '',
    apiKey,
    requests,
    latencyMs: options.latencyMs ?? 0,
    onHang: undefined as Simulator['onHang'],
    dripPause: delay as Simulator['dripPause'],
    queueJobScripts: (...list: JobScript[]) => store.queue(...list),
    queueJobIds: (...ids: string[]) => store.queueIds(...ids),
    queuePrLinks: (...links: string[]) => store.queuePrLinks(...links),
    clearQueues: () => store.clearQueues(),
    setSourceRepository: (url: string) => {
      store.sourceRepository = url;
    },
    injectFault: (fault: Fault) => faults.push(fault),
    clearFaults: () => faults.clear(),
    job: (id: string) => store.get(id),
    jobs: () => store.all(),
    continueJob: (id: string, ...phases: JobScript) => store.continue(id, phases),
    queuePreviewScripts: (...list: PreviewScript[]) => previews.queue(...list),
    setPlanHasPreviews: (projectId: string, has: boolean) => previews.setPlanHasPreviews(projectId, has),
    deployment: (statusId: string) => previews.get(statusId),
    deployments: () => previews.all(),
    resetLog: () => {
      requests.length = 0;
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
    },
  } satisfies Simulator;

  const server = createServer((req, res) => {
    void serve(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    // The path as sent: a URL parser would resolve `%2e` segments and read `\` as `/`, and a
    // job ID is one segment whatever characters it holds.
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const rawPath = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
    const url = new URL(queryAt < 0 ? '/' : rawUrl.slice(queryAt), 'http://sim');
    const underBase = basePath === '' || rawPath.startsWith(`${basePath}/`);
    const route: Route = underBase ? routeOf(req.method ?? 'GET', rawPath.slice(basePath.length)) : { endpoint: 'unknown' };
    const entry: LoggedRequest = {
      method: req.method ?? '',
      path: rawPath,
      endpoint: route.endpoint,
      projectId: route.projectId,
      jobId: route.jobId,
      statusId: route.statusId,
      query: Object.fromEntries(url.searchParams),
      body: parseJson(rawBody) ?? (rawBody || undefined),
      authorization: authOf(req.headers.authorization),
      userAgent: req.headers['user-agent'],
      at: now(),
    };
    requests.push(entry);
    if (sim.latencyMs > 0) await delay(sim.latencyMs);

    const fault = route.endpoint === 'unknown' ? undefined : faults.take(route.endpoint);
    if (fault) entry.fault = fault.kind;
    const answer = (): Answer => handle(route, entry, rawBody);
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      entry.status = status;
      entry.answered = body;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };

    if (!fault || fault.kind === 'pass') {
      const { status, body, headers } = answer();
      send(status, JSON.stringify(body), headers);
      return;
    }
    switch (fault.kind) {
      case 'status': {
        const body = fault.body ?? { error: `Simulated ${fault.status}` };
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        const headers: Record<string, string> = {};
        if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
        if (fault.contentType) headers['content-type'] = fault.contentType;
        send(fault.status, text, headers);
        return;
      }
      case 'hang':
        if (fault.process) answer();
        sim.onHang?.({ method: entry.method, url: rawUrl });
        return; // the socket stays open until the client gives up or the simulator closes
      case 'reset':
        if (fault.process) answer();
        req.socket.destroy();
        return;
      case 'reset-mid-body': {
        const { status, body } = answer();
        const text = JSON.stringify(body);
        entry.status = status;
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      case 'malformed-json': {
        const { status, body } = answer();
        const text = JSON.stringify(body);
        send(status, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
        return;
      }
      case 'wrong-shape': {
        const { status } = answer();
        send(status, JSON.stringify(fault.body ?? { unexpected: true }));
        return;
      }
      case 'drip': {
        const { status, body } = answer();
        const pause = (ms: number): Promise<void> => sim.dripPause(ms, { method: entry.method, url: rawUrl });
        await drip(res, entry, status, JSON.stringify(body), fault.chunkBytes ?? 4, fault.intervalMs ?? 200, pause);
        return;
      }
      case 'duplicate-rows': {
        const { status, body } = answer();
        send(status, JSON.stringify(withRepeatedRows(body, entry)));
        return;
      }
      case 'never-advances': {
        const { status, body } = notAdvancing(route, entry, rawBody);
        send(status, JSON.stringify(body));
        return;
      }
      case 'endless-rows': {
        const answered = handle(route, entry, rawBody);
        if (route.endpoint !== 'visitors' || answered.status !== 200) {
          send(answered.status, JSON.stringify(answered.body));
          return;
        }
        const limit = Number(entry.query.limit ?? 50);
        const offset = Number(entry.query.offset ?? 0);
        const visitors = Array.from({ length: limit }, (_, index) => ({ path: `/endless/${offset + index}`, human: 1, ai: 0, total: 1 }));
        send(200, JSON.stringify({ ...(answered.body as object), visitors, hasMore: true }));
        return;
      }
      case 'shifting-rows':
      case 'short-page':
      case 'lies-more': {
        const { status, body } = reshaped(fault, route, entry, rawBody);
        send(status, JSON.stringify(body));
        return;
      }
    }
  }

  function handle(route: Route, entry: LoggedRequest, rawBody: string): Answer {
    if (route.endpoint === 'unknown') {
      return route.methodNotAllowed ? error(405, 'Method not allowed') : error(404, 'Not found');
    }
    if (entry.authorization === 'missing' || entry.authorization === 'invalid') {
      return error(401, 'Invalid or missing API key');
    }
    const analyticsEndpoint = isAnalytics(route.endpoint) ? route.endpoint : undefined;
    if (entry.authorization === 'read-only' && !analyticsEndpoint) {
      return error(403, 'This API key is read-only: it cannot use the agent endpoints');
    }
    // A deployment's status is read by its ID alone: the path names no project.
    if (route.endpoint === 'preview-status') return previews.read(route.statusId!);
    if (!projects.has(route.projectId!)) return error(404, 'Project not found');
    if (route.endpoint === 'preview') return previews.trigger(route.projectId!, parseJson(rawBody));

    if (analyticsEndpoint) return answerAnalytics(analyticsEndpoint, entry.query);
    let job: SimJob | undefined;
    if (route.jobId !== undefined) {
      job = store.get(route.jobId);
      if (!job || job.projectId !== route.projectId) return error(404, 'Job not found');
    }
    if (route.endpoint === 'get') {
      store.poll(job!);
      return { status: 200, body: store.view(job!) };
    }
    const prompt = promptOf(rawBody);
    if (typeof prompt !== 'string') return error(400, prompt.error);
    if (prompt.length > maxPromptChars) return error(413, 'Prompt too long');
    if (route.endpoint === 'create') return { status: 201, body: store.view(store.create(route.projectId!, prompt)) };
    store.message(job!, prompt);
    return { status: 200, body: store.view(job!) };
  }

  function answerAnalytics(endpoint: AnalyticsEndpoint, query: Record<string, string>): Answer {
    switch (endpoint) {
      case 'visitors':
        return analytics.visitors(query);
      case 'feedback-by-page':
        return analytics.feedbackByPage(query);
      case 'searches':
        return analytics.searches(query);
      case 'feedback-entries':
        return analytics.feedback(query);
    }
  }

  function authOf(header: string | undefined): LoggedRequest['authorization'] {
    if (!header) return 'missing';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match) return 'invalid';
    if (match[1] === apiKey) return 'valid';
    return readOnly.has(match[1]!) ? 'read-only' : 'invalid';
  }

  /** Data shifting while paging: a page that starts with rows the previous page already gave. */
  function withRepeatedRows(body: unknown, entry: LoggedRequest): unknown {
    const page = body as { visitors?: Array<Record<string, unknown>> };
    const limit = Number(entry.query.limit ?? 50);
    const offset = Number(entry.query.offset ?? 0);
    if (!page.visitors || offset === 0) return body;
    const previous = analytics.visitors({ ...entry.query, offset: String(Math.max(0, offset - limit)) }).body as typeof page;
    const repeated = previous.visitors!.slice(-3);
    return { ...page, visitors: [...repeated, ...page.visitors.slice(repeated.length)] };
  }

  /** The first page, whatever the offset or cursor asked for, claiming that more follow. */
  function notAdvancing(route: Route, entry: LoggedRequest, rawBody: string): Answer {
    if (route.endpoint !== 'visitors' && route.endpoint !== 'searches' && route.endpoint !== 'feedback-entries') return handle(route, entry, rawBody);
    const cursor = entry.query.cursor;
    const firstPageQuery = Object.fromEntries(Object.entries(entry.query).filter(([name]) => name !== 'offset' && name !== 'cursor'));
    const first = handle(route, { ...entry, query: firstPageQuery }, rawBody);
    if (first.status !== 200) return first;
    const page = first.body as Record<string, unknown>;
    if (route.endpoint === 'visitors') return { status: 200, body: { ...page, hasMore: true } };
    const nextCursor = cursor ?? page.nextCursor;
    return { status: 200, body: { ...page, nextCursor, ...(route.endpoint === 'feedback-entries' ? { hasMore: nextCursor !== null } : {}) } };
  }

  /** The visitors and searches answers reshaped by `shifting-rows`, `short-page` and `lies-more`, in the vendor's shapes. */
  function reshaped(
    fault: Extract<Fault, { kind: 'shifting-rows' | 'short-page' | 'lies-more' }>,
    route: Route,
    entry: LoggedRequest,
    rawBody: string,
  ): Answer {
    const answer = handle(route, entry, rawBody);
    if (answer.status !== 200) return answer;
    if (route.endpoint === 'visitors') {
      const page = answer.body as { visitors: unknown[]; hasMore: boolean };
      const limit = Number(entry.query.limit ?? 50);
      const offset = Number(entry.query.offset ?? 0);
      switch (fault.kind) {
        case 'shifting-rows':
          return handle(route, { ...entry, query: { ...entry.query, offset: String(Math.floor(offset / limit)) } }, rawBody);
        case 'short-page': {
          // Says more remain when rows lie past the page asked for, as a page of `limit` rows would.
          const past = handle(route, { ...entry, query: { ...entry.query, offset: String(offset + limit), limit: '1' } }, rawBody).body as {
            visitors: unknown[];
          };
          return { status: 200, body: { ...page, visitors: page.visitors.slice(0, fault.rows ?? 1), hasMore: past.visitors.length > 0 } };
        }
        case 'lies-more':
          return { status: 200, body: { ...page, hasMore: true } };
      }
    }
    if (route.endpoint === 'searches' && fault.kind === 'lies-more') {
      const page = answer.body as { nextCursor: string | null };
      if (page.nextCursor !== null) return answer;
      const cursor = entry.query.cursor;
      const first = handle(route, { ...entry, query: Object.fromEntries(Object.entries(entry.query).filter(([name]) => name !== 'cursor')) }, rawBody);
      return { status: 200, body: { ...page, nextCursor: cursor ?? (first.body as { nextCursor: string | null }).nextCursor } };
    }
    return answer;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  return sim;
}

interface Route {
  endpoint: Endpoint | 'unknown';
  projectId?: string;
  jobId?: string;
  statusId?: string;
  methodNotAllowed?: boolean;
}

/** The analytics endpoints by their path after `/v1/analytics/{projectId}/`. */
const ANALYTICS_PATHS = new Map<string, AnalyticsEndpoint>([
  ['visitors', 'visitors'],
  ['feedback/by-page', 'feedback-by-page'],
  ['searches', 'searches'],
  ['feedback', 'feedback-entries'],
]);

function isAnalytics(endpoint: Endpoint | 'unknown'): endpoint is AnalyticsEndpoint {
  return [...ANALYTICS_PATHS.values()].includes(endpoint as AnalyticsEndpoint);
}

/** The endpoint of a raw path (after the base path): each segment percent-decoded on its own. */
function routeOf(method: string, rawPath: string): Route {
  const parts = rawPath.split('/').slice(1);
  let decoded: string[];
  try {
    decoded = parts.map((part) => decodeURIComponent(part));
  } catch {
    return { endpoint: 'unknown' };
  }
  const [version, area, projectId, kind, jobId, tail] = decoded;
  const expect = (wanted: string, endpoint: Endpoint, ids: Partial<Route>): Route =>
    method === wanted ? { endpoint, ...ids } : { endpoint: 'unknown', methodNotAllowed: true };
  if (version === 'v2' && area === 'agent' && kind === 'job' && projectId) {
    if (parts.length === 4) return expect('POST', 'create', { projectId });
    if (parts.length === 5 && jobId) return expect('GET', 'get', { projectId, jobId });
    if (parts.length === 6 && jobId && tail === 'message') return expect('POST', 'message', { projectId, jobId });
  }
  if (version === 'v1' && area === 'project' && parts.length === 4) {
    if (decoded[2] === 'preview' && decoded[3]) return expect('POST', 'preview', { projectId: decoded[3] });
    if (decoded[2] === 'update-status' && decoded[3]) return expect('GET', 'preview-status', { statusId: decoded[3] });
  }
  const analyticsEndpoint = ANALYTICS_PATHS.get(parts.slice(3).join('/'));
  if (version === 'v1' && area === 'analytics' && projectId && analyticsEndpoint) {
    return expect('GET', analyticsEndpoint, { projectId });
  }
  return { endpoint: 'unknown' };
}

function promptOf(rawBody: string): string | { error: string } {
  const body = parseJson(rawBody);
  if (body === undefined) return { error: 'Request body must be JSON' };
  const prompt = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).prompt : undefined;
  if (typeof prompt !== 'string') return { error: 'prompt is required and must be a string' };
  if (prompt.length < 1) return { error: 'prompt must not be empty' };
  return prompt;
}

function error(status: number, message: string): Answer {
  return { status, body: { error: message } };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function drip(
  res: ServerResponse,
  entry: LoggedRequest,
  status: number,
  text: string,
  chunkBytes: number,
  intervalMs: number,
  pause: (ms: number) => Promise<void>,
): Promise<void> {
  entry.status = status;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    if (res.destroyed) return;
    res.write(bytes.subarray(at, at + chunkBytes));
    await pause(intervalMs);
  }
  res.end();
}
