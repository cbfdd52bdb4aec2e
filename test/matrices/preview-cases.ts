/**
 * The faults of the preview's two endpoints that preview-faults.test.ts injects, one run each:
 * the trigger (`POST /v1/project/preview/{projectId}`) and the status (`GET …/update-status/{id}`).
 */
import type { Fault, PreviewScript } from '../simulator/index.js';

export interface PreviewFaultCase {
  readonly name: string;
  readonly faults: readonly Fault[];
  readonly script?: PreviewScript;
  /** The `preview-status` it ends in. */
  readonly status: string;
  /** Triggers and status reads the simulator sees. */
  readonly triggers: number;
  readonly reads?: number;
  /** What the one warning (or notice) says. */
  readonly says?: RegExp;
  readonly retries?: string;
}

export const PREVIEW_FAULTS: readonly PreviewFaultCase[] = [
  {
    name: 'trigger 403 (plan)',
    faults: [{ target: 'preview', kind: 'status', status: 403, body: { error: 'Upgrade' } }],
    status: 'unavailable',
    triggers: 1,
    reads: 0,
    says: /plan has no preview/,
  },
  {
    name: 'trigger 404',
    faults: [{ target: 'preview', kind: 'status', status: 404 }],
    status: 'error',
    triggers: 1,
    reads: 0,
    says: /answered 404: project "proj_sim" was not found/,
  },
  {
    name: 'trigger 400',
    faults: [{ target: 'preview', kind: 'status', status: 400, body: { error: 'branch is required' } }],
    status: 'error',
    triggers: 1,
    reads: 0,
    says: /branch is required/,
  },
  {
    name: 'trigger 5xx: never sent again',
    faults: [{ target: 'preview', kind: 'status', status: 502, times: Infinity }],
    status: 'error',
    triggers: 1,
    reads: 0,
    retries: '1',
    says: /answered 502 after 1 attempt/,
  },
  {
    name: 'trigger 503 once: not sent again, though the next would deploy',
    faults: [{ target: 'preview', kind: 'status', status: 503 }],
    status: 'error',
    triggers: 1,
    reads: 0,
    retries: '4',
    says: /answered 503 after 1 attempt: the service had a problem; try again later\. Server said: Simulated 503\. The job's outcome stands\.$/,
  },

  {
    name: 'trigger 429 with Retry-After, then deployed',
    faults: [{ target: 'preview', kind: 'status', status: 429, retryAfter: '1' }],
    status: 'success',
    triggers: 2,
    reads: 1,
  },
  {
    name: 'trigger 429 with a Retry-After past the timeout',
    faults: [{ target: 'preview', kind: 'status', status: 429, retryAfter: '60' }],
    status: 'error',
    triggers: 1,
    reads: 0,
    says: /5 a minute per organisation|after the step’s timeout/,
  },
  {
    name: 'trigger answer not JSON',
    faults: [{ target: 'preview', kind: 'malformed-json' }],
    status: 'error',
    triggers: 1,
    reads: 0,
    says: /not the documented shape: not JSON/,
  },
  {
    name: 'trigger answer without statusId',
    faults: [{ target: 'preview', kind: 'wrong-shape', body: { previewUrl: 'https://x.mintlify.site' } }],
    status: 'error',
    triggers: 1,
    reads: 0,
    says: /statusId/,
  },
  {
    name: 'trigger hangs',
    faults: [{ target: 'preview', kind: 'hang', times: Infinity }],
    status: 'error',
    triggers: 1,
    reads: 0,
    retries: '0',
    says: /no complete answer within request-timeout/,
  },
  {
    name: 'status 404',
    faults: [{ target: 'preview-status', kind: 'status', status: 404 }],
    status: 'error',
    triggers: 1,
    reads: 1,
    says: /deployment status .* was not found/,
  },
  {
    name: 'status not JSON',
    faults: [{ target: 'preview-status', kind: 'malformed-json' }],
    status: 'error',
    triggers: 1,
    reads: 1,
    says: /not the documented shape/,
  },
  {
    name: 'status of the wrong type',
    faults: [{ target: 'preview-status', kind: 'wrong-shape', body: { status: 42 } }],
    status: 'error',
    triggers: 1,
    reads: 1,
    says: /status/,
  },
  {
    // With retries left: a status read is never retried inside the read, so a wait of 6 s makes one.
    name: 'status 5xx until the deadline',
    faults: [{ target: 'preview-status', kind: 'status', status: 500, times: Infinity }],
    status: 'error',
    triggers: 1,
    reads: 1,
    says: /could not be read before the step's timeout/,
  },
  {
    name: 'status hangs',
    faults: [{ target: 'preview-status', kind: 'hang', times: Infinity }],
    status: 'error',
    triggers: 1,
    reads: 1,
    retries: '0',
    says: /could not be read before the step's timeout/,
  },
  {
    name: 'a status that never ends',
    faults: [],
    script: { queuedMs: 0, buildMs: 0, result: 'never' },
    status: 'timed-out',
    triggers: 1,
    reads: 1,
    says: /still building when the step's timeout ran out/,
  },
];
