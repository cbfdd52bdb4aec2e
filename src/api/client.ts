import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type * as v from 'valibot';
import type { Clock, Logger, Random, Sleep, StartTimer } from '../runtime.js';
import { isJobId } from '../parse.js';
import { formatDuration, forLog, oneLine, errorMessage } from '../text.js';
import { FixedBudget, type ReadLimits, type RequestBudget } from './budget.js';
import { ApiError, describeHttpFailure, isUsageUsedUp, serverMessageOf, tooManyRequestsOf, type ApiErrorKind } from './errors.js';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry.js';
import {
  AgentJobSchema,
  DeploymentStatusSchema,
  FeedbackByPageSchema,
  PreviewDeploymentSchema,
  SearchesPageSchema,
  VisitorsPageSchema,
  describeMismatch,
  type AgentJob,
  type DeploymentStatus,
  type FeedbackByPage,
  type PreviewDeployment,
  type SearchesPage,
  type VisitorsPage,
} from './schemas.js';
import { errorCode, neverReachedServer } from '../net.js';

export interface ApiClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly projectId: string;
  readonly requestTimeoutMs: number;
  readonly retries: number;
  readonly userAgent: string;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly sleep: Sleep;
  /** Runs each request's `request-timeout`. */
  readonly startTimer: StartTimer;
  readonly random: Random;
  /** Aborts the request in flight and any pause between retries (cancellation). */
  readonly signal?: AbortSignal;
  /** The step's deadline (epoch ms, by `clock`): no retry pause may end after it. None: no limit. */
  readonly deadline?: number;
  /** Defaults to one keep-alive agent for the whole run, honouring HTTP(S)_PROXY and NO_PROXY. */
  readonly dispatcher?: Dispatcher;
}

export interface VisitorsQuery {
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly limit: number;
  readonly offset: number;
}

export interface FeedbackByPageQuery {
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly limit: number;
}

export interface SearchesQuery {
  readonly dateFrom?: string;
  readonly dateTo?: string;
  readonly limit: number;
  /** The previous answer's `nextCursor`; absent for the first page. */
  readonly cursor?: string;
}

/** Said when a create or a message failed in a way that leaves open whether it took effect. */
const MAY_EXIST =
  ' The request may have reached the server, so it was not sent again: the job may exist (or have the message). Look for it on the dashboard, and attach to it with job-id instead of creating another.';

/** The preview trigger is sent at most this many times a run, retries included (the organisation may send 5 a minute). */
export const PREVIEW_TRIGGERS_PER_RUN = 3;
/** The wait before the trigger is sent again after a `429` that gives no `Retry-After`: a fifth of a minute. */
export const PREVIEW_TRIGGER_PAUSE_MS = 12_000;

/** Bodies larger than this are refused: a page of 250 rows is far below it. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

interface Call<S extends v.GenericSchema> {
  readonly method: 'GET' | 'POST';
  /** As documented, with `{projectId}` and `{id}` placeholders: it names the endpoint in errors. */
  readonly template: string;
  readonly jobId?: string;
  /** What `{id}` names when it is not a job: the 404 message says which. */
  readonly idNames?: string;
  /**
   * A POST the server may take twice with no harm: it is retried as a read is (unless `resend`
   * says otherwise), and a failure says nothing of a job that may exist.
   */
  readonly idempotent?: boolean;
  /**
   * When it is sent again, if not as its kind allows (a read after any transient failure, a create
   * or a message only when it certainly did not arrive): `never`, or only after a `429`, once its
   * `Retry-After` has passed (`withoutRetryAfterMs` when it gives none).
   */
  readonly resend?: { readonly only: 'never' } | { readonly only: 'after-429'; readonly withoutRetryAfterMs: number };
  /** The requests it may send, retries included: one is taken before each. */
  readonly budget?: RequestBudget;
  /** No retry pause may end after this instant (a read's share of the step's time); the step's deadline holds in any case. */
  readonly until?: number;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly schema: S;
}

interface RawResponse {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly text: string;
}

/**
 * The one way the action talks to the API: auth, timeouts, retries with full jitter and
 * `Retry-After`, response shapes, and one error type. It counts every request it sends, since
 * the API's budgets are counted in requests.
 */
export class ApiClient {
  private sent = 0;
  /** The client lives for one run: the trigger's cap is counted here, whoever asks for a preview. */
  private readonly previewTriggers = new FixedBudget(PREVIEW_TRIGGERS_PER_RUN, `the preview trigger is sent at most ${PREVIEW_TRIGGERS_PER_RUN} times a run`);
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: ApiClientOptions) {
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher = options.dispatcher ?? createDispatcher(options.requestTimeoutMs);
  }

  /** Requests sent so far, retries included. */
  get requestCount(): number {
    return this.sent;
  }

  createJob(prompt: string): Promise<AgentJob> {
    return this.call({
      method: 'POST',
      template: '/v2/agent/{projectId}/job',
      body: { prompt },
      schema: AgentJobSchema,
    });
  }

  sendMessage(jobId: string, prompt: string): Promise<AgentJob> {
    return this.call({
      method: 'POST',
      template: '/v2/agent/{projectId}/job/{id}/message',
      jobId,
      body: { prompt },
      schema: AgentJobSchema,
    });
  }

  getJob(jobId: string): Promise<AgentJob> {
    return this.call({
      method: 'GET',
      template: '/v2/agent/{projectId}/job/{id}',
      jobId,
      schema: AgentJobSchema,
    });
  }

  /** A page of visitors, within the read's limits: its retries are taken from its budget too. */
  getVisitors(query: VisitorsQuery, limits: ReadLimits = {}): Promise<VisitorsPage> {
    return this.call({
      method: 'GET',
      template: '/v1/analytics/{projectId}/visitors',
      query: { ...query },
      schema: VisitorsPageSchema,
      ...limits,
    });
  }

  getFeedbackByPage(query: FeedbackByPageQuery, limits: ReadLimits = {}): Promise<FeedbackByPage> {
    return this.call({
      method: 'GET',
      template: '/v1/analytics/{projectId}/feedback/by-page',
      query: { ...query },
      schema: FeedbackByPageSchema,
      ...limits,
    });
  }

  getSearches(query: SearchesQuery, limits: ReadLimits = {}): Promise<SearchesPage> {
    return this.call({
      method: 'GET',
      template: '/v1/analytics/{projectId}/searches',
      query: { ...query },
      schema: SearchesPageSchema,
      ...limits,
    });
  }

  /**
   * Asks for a preview deployment of a branch. The vendor redeploys an existing preview of the
   * branch under its URL rather than making another, so a failure says nothing of a job that may
   * exist. But every trigger that arrives counts against the organisation's 5 a minute: it is
   * sent again only after a `429` (which it answers without acting), once its `Retry-After` has
   * passed or 12 s when it gives none, never after a `5xx` or a timeout, and at most 3 times a
   * run whoever asks (`retries: 0`: once).
   */
  triggerPreview(branch: string): Promise<PreviewDeployment> {
    return this.call({
      method: 'POST',
      template: '/v1/project/preview/{projectId}',
      body: { branch },
      idempotent: true,
      resend: { only: 'after-429', withoutRetryAfterMs: PREVIEW_TRIGGER_PAUSE_MS },
      budget: this.previewTriggers,
      schema: PreviewDeploymentSchema,
    });
  }

  /** One status read, never retried inside: the preview's wait spaces its reads itself. */
  getDeploymentStatus(statusId: string): Promise<DeploymentStatus> {
    return this.call({
      method: 'GET',
      template: '/v1/project/update-status/{id}',
      jobId: statusId,
      idNames: 'deployment status',
      resend: { only: 'never' },
      schema: DeploymentStatusSchema,
    });
  }

  /** Closes the keep-alive connections so the process can end without `process.exit()`. */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  private async call<S extends v.GenericSchema>(call: Call<S>): Promise<v.InferOutput<S>> {
    const { logger, clock, random, retries } = this.options;
    const endpoint = `${call.method} ${call.template}`;
    const createsSomething = createsJobOrMessage(call);
    // Every job ID is validated where it enters (input, answer, comment record); this is the
    // last line of defence against `..` climbing out of the path.
    if (call.jobId !== undefined && !isJobId(call.jobId)) {
      throw new Error(`Refusing to call ${endpoint} for a malformed job ID (${forLog(call.jobId, 40)}).`);
    }
    // Whether every attempt so far was refused with 429 or never reached the server: then the
    // request took no effect (no job, no message), whatever stops it now.
    let tookNoEffect = true;
    // The first request is taken from the budget here; each retry below, before its pause.
    if (call.budget && !call.budget.take()) {
      throw this.error(`${endpoint} was not sent: ${call.budget.describe}.`, {
        kind: 'budget',
        endpoint,
        mayHaveTakenEffect: false,
        tookNoEffect,
        attempts: 0,
      });
    }
    for (let attempt = 0; ; attempt++) {
      this.throwIfCancelled(endpoint, attempt, tookNoEffect);
      let failure: ApiError;
      let retryable: boolean;
      try {
        const response = await this.send(call);
        if (response.status >= 200 && response.status < 300) {
          return this.parseBody(call, endpoint, response, attempt + 1);
        }
        failure = this.httpError(call, endpoint, response, attempt + 1);
        retryable =
          !failure.usageUsedUp &&
          (call.resend ? call.resend.only === 'after-429' && response.status === 429 : isRetryableStatus(response.status, createsSomething));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        failure = this.networkError(endpoint, error, createsSomething, attempt + 1);
        retryable = !call.resend && failure.kind !== 'cancelled' && (!createsSomething || !failure.mayHaveTakenEffect);
      }
      tookNoEffect &&= failure.tookNoEffect;
      if (failure.tookNoEffect && !tookNoEffect) failure = this.error(failure.message, { ...failure, tookNoEffect });
      if (!retryable || attempt >= retries) throw failure;
      const delay =
        call.resend?.only === 'after-429' ? (failure.retryAfterMs ?? call.resend.withoutRetryAfterMs) : retryDelayMs(attempt, random, failure.retryAfterMs);
      if (clock.now() + delay > Math.min(this.options.deadline ?? Number.POSITIVE_INFINITY, call.until ?? Number.POSITIVE_INFINITY)) {
        throw this.withNote(failure, 'Not retried: the next attempt would start after the step’s timeout.');
      }
      if (call.budget && !call.budget.take()) throw this.withNote(failure, `Not sent again: ${call.budget.describe}.`);
      const most = Math.min(retries + 1, attempt + 2 + (call.budget?.left ?? Number.POSITIVE_INFINITY));
      // Said at info level: a step that waits on retries should not look stuck.
      logger.info(`${retryReason(failure)}; retrying in ${formatDuration(delay)} (attempt ${attempt + 2} of ${most}).`);
      try {
        await this.options.sleep(delay, this.options.signal);
      } catch {
        this.throwIfCancelled(endpoint, attempt + 1, tookNoEffect);
      }
    }
  }

  private async send(call: Call<v.GenericSchema>): Promise<RawResponse> {
    const { requestTimeoutMs, signal: cancel } = this.options;
    const url = this.urlFor(call);
    const timeout = new AbortController();
    const cancelTimer = this.options.startTimer(requestTimeoutMs, () => timeout.abort(new RequestTimeout()));
    const onCancel = (): void => timeout.abort(cancel?.reason);
    cancel?.addEventListener('abort', onCancel, { once: true });
    this.sent += 1;
    this.options.logger.debug(`${call.method} ${url.pathname}${url.search}`);
    try {
      const response = await request(url, {
        method: call.method,
        dispatcher: this.dispatcher,
        signal: timeout.signal,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'user-agent': this.options.userAgent,
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const text = await readLimited(response.body);
      const retryAfter = response.headers['retry-after'];
      return {
        status: response.statusCode,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        text,
      };
    } catch (error) {
      throw timeout.signal.reason instanceof RequestTimeout ? timeout.signal.reason : error;
    } finally {
      cancelTimer();
      cancel?.removeEventListener('abort', onCancel);
    }
  }

  private urlFor(call: Call<v.GenericSchema>): URL {
    // Each ID is one path segment, percent-encoded whatever it holds (`/`, `?`, `#`, `%` and
    // white space included); the ID rules keep out `.` and `..`, the only segments that
    // encoding leaves for the URL parser to resolve.
    const path = call.template.replace('{projectId}', encodeURIComponent(this.options.projectId)).replace('{id}', encodeURIComponent(call.jobId ?? ''));
    const url = new URL(this.options.baseUrl + path);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  private parseBody<S extends v.GenericSchema>(call: Call<S>, endpoint: string, response: RawResponse, attempts: number): v.InferOutput<S> {
    const shapeError = (problem: string): ApiError =>
      this.error(
        `${endpoint} answered ${response.status} with a response that is not the documented shape: ${problem}.${createsJobOrMessage(call) ? MAY_EXIST : ''}`,
        {
          kind: 'shape',
          endpoint,
          status: response.status,
          mayHaveTakenEffect: createsJobOrMessage(call),
          attempts,
        },
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      throw shapeError(`not JSON (${JSON.stringify(oneLine(response.text, 60))})`);
    }
    const checked = describeMismatch(call.schema, parsed);
    if (!checked.ok) throw shapeError(checked.problem);
    return checked.value;
  }

  private httpError(call: Call<v.GenericSchema>, endpoint: string, response: RawResponse, attempts: number): ApiError {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      parsed = undefined;
    }
    const serverMessage = serverMessageOf(response.text, parsed);
    const failure = {
      endpoint,
      status: response.status,
      serverMessage,
      ids: { projectId: this.options.projectId, jobId: call.jobId, idNames: call.idNames },
      baseUrl: this.options.baseUrl,
    };
    // A 5xx to a create or a message leaves open whether the server acted on it.
    const maybeDone = createsJobOrMessage(call) && response.status >= 500;
    const tooMany = tooManyRequestsOf(response.text, parsed);
    const usageUsedUp = isUsageUsedUp(response.status, response.text, parsed);
    return this.error(`${describeHttpFailure(failure, attempts, tooMany)}${maybeDone ? MAY_EXIST : ''}`, {
      kind: 'http',
      endpoint,
      status: response.status,
      serverMessage,
      retryAfterMs: parseRetryAfter(response.retryAfter, this.options.clock.now()),
      mayHaveTakenEffect: maybeDone,
      // The server answers 429 without acting on the request.
      tookNoEffect: response.status === 429,
      usageUsedUp,
      attempts,
    });
  }

  private networkError(endpoint: string, error: unknown, createsSomething: boolean, attempts: number): ApiError {
    // Cut off in flight: the request may have reached the server.
    if (this.options.signal?.aborted) return this.cancelled(endpoint, attempts, false);
    const timedOut = error instanceof RequestTimeout;
    const code = errorCode(error);
    const unreached = !timedOut && neverReachedServer(code);
    const kind: ApiErrorKind = timedOut ? 'timeout' : 'network';
    const what = timedOut
      ? `got no complete answer within request-timeout (${this.options.requestTimeoutMs} ms)`
      : `failed: ${describeNetworkError(error, code)}${unreached ? ` (is base-url ${this.options.baseUrl} right?)` : ''}`;
    const ambiguity = createsSomething && !unreached ? MAY_EXIST : '';
    return this.error(`${endpoint} ${what}.${ambiguity}`, {
      kind,
      endpoint,
      mayHaveTakenEffect: createsSomething && !unreached,
      tookNoEffect: unreached,
      attempts,
    });
  }

  private throwIfCancelled(endpoint: string, attempts: number, tookNoEffect: boolean): void {
    if (this.options.signal?.aborted) throw this.cancelled(endpoint, attempts, tookNoEffect);
  }

  private cancelled(endpoint: string, attempts: number, tookNoEffect: boolean): ApiError {
    return this.error(`${endpoint}: cancelled.`, { kind: 'cancelled', endpoint, mayHaveTakenEffect: false, tookNoEffect, attempts });
  }

  private withNote(error: ApiError, note: string): ApiError {
    return this.error(`${error.message} ${note}`, error);
  }

  /** Every message passes through here, so the key cannot leave in one. */
  private error(message: string, details: ConstructorParameters<typeof ApiError>[1]): ApiError {
    return new ApiError(redact(message, this.options.apiKey), {
      ...details,
      serverMessage: details.serverMessage && redact(details.serverMessage, this.options.apiKey),
    });
  }
}

/**
 * One keep-alive pool for the whole run. Self-hosted runners behind a proxy set HTTPS_PROXY
 * (and NO_PROXY); only then is the proxy-aware agent used, as undici still marks it
 * experimental and warns on stderr when it is created.
 */
function createDispatcher(requestTimeoutMs: number): Dispatcher {
  const options = {
    // Shorter than common server idle timeouts, so a POST rarely meets a socket the server has
    // just closed (that failure would be ambiguous, and a POST is then not sent again).
    keepAliveTimeout: 4_000,
    connections: 16,
    connect: { timeout: Math.min(requestTimeoutMs, 10_000) },
  };
  const env = process.env;
  const proxied = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  return proxied ? new EnvHttpProxyAgent(options) : new Agent(options);
}

class RequestTimeout extends Error {
  constructor() {
    super('request timed out');
    this.name = 'RequestTimeout';
  }
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new Error(`response body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A request that creates a job or adds a message: sent again only when it certainly did not arrive. */
function createsJobOrMessage(call: Call<v.GenericSchema>): boolean {
  return call.method === 'POST' && !call.idempotent;
}

/** One line on what failed, for the retry line: the status and the server's word, or the network error. */
function retryReason(failure: ApiError): string {
  if (failure.kind !== 'http') return forLog(failure.message.replace(/\.$/, ''), 200);
  const said = failure.serverMessage ? ` (${forLog(failure.serverMessage, 100)})` : '';
  return `${failure.endpoint} answered ${failure.status}${said}`;
}

function describeNetworkError(error: unknown, code: string | undefined): string {
  const message = errorMessage(error);
  return oneLine(code && !message.includes(code) ? `${message} (${code})` : message, 200);
}

/** Replaces the key, and the forms it could take in a URL or JSON, with `***`. */
export function redact(text: string, secret: string): string {
  if (!secret) return text;
  let result = text;
  for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
    result = result.split(form).join('***');
  }
  return result;
}
