import { DEFAULT_BASE_URL } from '../constants.js';
import { countOf, oneLine, quotedForLog } from '../text.js';

/**
 * The one error type the API client throws. Its message is written for the workflow author: one
 * line naming the endpoint, what went wrong and what to do, never a stack trace or the key.
 */

/** `budget`: the request was not sent, as the budget of its read (or of the run) was spent. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'shape' | 'cancelled' | 'budget';

export interface ApiErrorDetails {
  readonly kind: ApiErrorKind;
  /** `POST /v2/agent/{projectId}/job`: the endpoint as documented, ids left as placeholders. */
  readonly endpoint: string;
  readonly status?: number;
  /** The server's own message (`error`, `details[].message`, or text), trimmed to one line. */
  readonly serverMessage?: string;
  readonly retryAfterMs?: number;
  /** A request that creates something failed in a way that leaves open whether it took effect. */
  readonly mayHaveTakenEffect: boolean;
  /**
   * The request certainly took no effect: every attempt so far was refused with `429` (which
   * the server answers without acting) or never reached the server, or none was made. A
   * cancellation while a request was in flight leaves this false.
   */
  readonly tookNoEffect?: boolean;
  /** A `429` whose body says the key's usage is used up (`usageUsedUp`): no retry helps. */
  readonly usageUsedUp?: boolean;
  readonly attempts: number;
}

export class ApiError extends Error implements ApiErrorDetails {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly retryAfterMs?: number;
  readonly mayHaveTakenEffect: boolean;
  readonly tookNoEffect: boolean;
  readonly usageUsedUp: boolean;
  readonly attempts: number;

  constructor(message: string, details: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.kind = details.kind;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.mayHaveTakenEffect = details.mayHaveTakenEffect;
    this.tookNoEffect = details.tookNoEffect ?? false;
    this.usageUsedUp = details.usageUsedUp ?? false;
    this.attempts = details.attempts;
  }
}

export interface HttpFailure {
  readonly endpoint: string;
  readonly status: number;
  readonly serverMessage: string | undefined;
  /** `idNames`: what the ID in the path names, when not a job (`deployment status`). */
  readonly ids: { readonly projectId: string; readonly jobId?: string; readonly idNames?: string };
  /** The `base-url` the request went to: a 404 may mean it is not the API's root. */
  readonly baseUrl: string;
}

/**
 * The rate limit of each family of endpoints, as the vendor documents it: a `429` names the one
 * of the endpoint that answered, and no other. The status of a deployment has none documented.
 */
const RATE_LIMITS: ReadonlyArray<readonly [prefix: string, limit: string]> = [
  ['/v2/agent/', 'the agent API allows 100 jobs and messages per project per hour'],
  ['/v1/analytics/', 'the analytics endpoints allow about 100 requests per organisation per hour, shared by all of them'],
  ['/v1/project/preview/', 'preview deployments are limited to 5 a minute per organisation'],
];

/** The documented rate limit of an endpoint (`POST /v1/project/preview/{projectId}`), or undefined. */
export function rateLimitOf(endpoint: string): string | undefined {
  const path = endpoint.slice(endpoint.indexOf(' ') + 1);
  return RATE_LIMITS.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/**
 * ` Server said: …` for a message from the server, ended as a sentence (a period when it has no
 * final punctuation of its own), so whatever is said after it never runs into it.
 */
export function serverSaid(serverMessage: string | undefined): string {
  if (!serverMessage) return '';
  return ` Server said: ${serverMessage}${/[.!?…]["'”’)\]]*$/.test(serverMessage) ? '' : '.'}`;
}

/**
 * Which of the vendor's three `429`s an answer is (the contract's *key errors*): all three come
 * without a code, so the body decides. The key's **usage used up** (a JSON `error` that speaks of
 * usage, a quota or credits, and not of a rate or too many requests): retrying only spends the
 * step's time. The **organisation's rate limit**, which answers in plain text ("Too many requests,
 * please try again later."). Else the **key's rate limit**, JSON. Both limits are waited out.
 */
export type TooManyRequests = 'usage-used-up' | 'organisation-rate-limit' | 'key-rate-limit';

export function tooManyRequestsOf(body: string, parsed: unknown): TooManyRequests {
  const error = parsed && typeof parsed === 'object' ? (parsed as { error?: unknown }).error : undefined;
  if (typeof error === 'string') {
    return /\b(?:usage|quota|credits?)\b/i.test(error) && !/\brate\b|too many requests/i.test(error) ? 'usage-used-up' : 'key-rate-limit';
  }
  return parsed === undefined && body.trim() !== '' ? 'organisation-rate-limit' : 'key-rate-limit';
}

/** Whether a `429` says the key's usage is used up: then no retry helps. */
export function isUsageUsedUp(status: number, body: string, parsed: unknown): boolean {
  return status === 429 && tooManyRequestsOf(body, parsed) === 'usage-used-up';
}

/** What the author should read for a non-2xx answer, after any retries were spent. */
export function describeHttpFailure(failure: HttpFailure, attempts: number, tooMany: TooManyRequests = 'key-rate-limit'): string {
  const { endpoint, status, serverMessage, ids, baseUrl } = failure;
  const said = serverSaid(serverMessage);
  const head = `${endpoint} answered ${status}`;
  switch (status) {
    case 401:
      return `${head}: the API key was refused: it is invalid or expired (admin keys expire, by default after 90 days), or the organisation's plan does not include API access. Create a new admin key on the dashboard's API keys page and update the secret, or check the plan.${said}`;
    case 403:
      return `${head}: the API key lacks the scope for this endpoint (a read-only key cannot create or message jobs) or this runner's IP address is not on the key's allowlist.${said}`;
    case 404: {
      // A wrong path prefix in base-url (one the API does not have, or one it needs) gets the
      // same 404 as a wrong ID, and the answer does not tell them apart: say both.
      const orBaseUrl = `or base-url (${baseUrl}) does not point at the API's root`;
      const root = `that base-url is the address the API's /v1 and /v2 paths start from (${DEFAULT_BASE_URL} for the hosted API, with no path after it)`;
      return ids.jobId
        ? ids.idNames
          ? `${head}: ${ids.idNames} ${quotedForLog(ids.jobId)} was not found, ${orBaseUrl}. Check ${root}.${said}`
          : `${head}: job ${quotedForLog(ids.jobId)} was not found in project "${ids.projectId}", ${orBaseUrl}. Check job-id, project-id, and ${root}.${said}`
        : `${head}: project "${ids.projectId}" was not found, ${orBaseUrl}. Check project-id (it is on the dashboard's API keys page) and ${root}.${said}`;
    }
    case 413:
      return `${head}: the prompt is too large for the API; lower diff-max-chars or shorten the prompt.${said}`;
    case 429: {
      if (tooMany === 'usage-used-up') {
        return `${head}: the API key's usage is used up, so it was not retried (retrying does not help until the usage renews or the plan allows more).${said}`;
      }
      const limit = rateLimitOf(endpoint);
      const documented = limit ? ` (${limit})` : '';
      if (tooMany === 'organisation-rate-limit') {
        return `${head}: rate limited by the organisation's request limit (shared by every key and workflow of the organisation) after ${countOf(attempts, 'attempt')}${documented}.${said}`;
      }
      return `${head}: rate limited after ${countOf(attempts, 'attempt')}${documented}.${said}`;
    }
    default:
      if (status >= 500) {
        return `${head} after ${countOf(attempts, 'attempt')}: the service had a problem; try again later.${said}`;
      }
      return `${head}:${said || ' the request was refused with no message.'}`;
  }
}

/** The server's message from a body: `error`, `details[].message`, `message`, or the text. */
export function serverMessageOf(body: string, parsed: unknown): string | undefined {
  const parts: string[] = [];
  if (parsed && typeof parsed === 'object') {
    const record = parsed as Record<string, unknown>;
    if (typeof record.error === 'string') parts.push(record.error);
    else if (typeof record.message === 'string') parts.push(record.message);
    if (Array.isArray(record.details)) {
      for (const detail of record.details as unknown[]) {
        const message = (detail as Record<string, unknown> | null)?.message;
        if (typeof message === 'string') parts.push(message);
      }
    }
  }
  const text = parts.length > 0 ? parts.join('; ') : body;
  return oneLine(text, 300) || undefined;
}
