import type { AgentRun } from '../agent/run-agent.js';
import { ApiError, serverSaid } from '../api/errors.js';
import { isTransientFailure } from '../api/retry.js';
import type { DeploymentStatus, PreviewDeployment } from '../api/schemas.js';
import type { PreviewStatus } from '../constants.js';
import { isCancellation, type Clock, type Logger, type Sleep } from '../runtime.js';
import { countOf, errorMessage, formatDuration, forLog, quotedForLog } from '../text.js';

/** What the preview needs of the API client. */
export interface PreviewApi {
  triggerPreview(branch: string): Promise<PreviewDeployment>;
  getDeploymentStatus(statusId: string): Promise<DeploymentStatus>;
}

/** The deployment's own states, as the vendor documents them. */
export const DEPLOYMENT_STATES = ['queued', 'in_progress', 'success', 'failure'] as const;

/** Status reads are never closer together than this (a `Retry-After` may make them further apart). */
export const PREVIEW_READ_INTERVAL_MS = 10_000;
/** While the state stays the same, the log says so at least this often. */
export const PREVIEW_HEARTBEAT_MS = 60_000;

/**
 * A preview as it stands: `status` is set once it has ended (the `preview-status` output), and
 * stays undefined while the deployment is awaited. Everything from the API is kept as given; the
 * report decides how it is shown.
 */
export interface PreviewRun {
  status: PreviewStatus | undefined;
  /** The branch deployed: the job's `source.ref`. */
  readonly branch: string | undefined;
  url: string | undefined;
  statusId: string | undefined;
  /** The last state the status endpoint gave (`queued`, `in_progress`, …), as given. */
  state: string | undefined;
  /** The last status object seen. */
  deployment: DeploymentStatus | undefined;
  /** Why the preview was skipped, or what went wrong: one line for the author. */
  reason: string | undefined;
  /** From the trigger to the end of the wait. */
  waitedMs: number;
  /** Status reads answered or attempted. */
  reads: number;
  /** When the trigger was sent (epoch ms, by the step's clock). */
  triggeredAt?: number;
}

export interface PreviewDeps {
  readonly client: PreviewApi;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  /** The step's deadline (epoch ms, by `clock`): no status read starts after it. */
  readonly deadline: number;
}

/** Both phases, one after the other: a preview asked for and awaited (`command: refresh`). */
export async function runPreview(settings: { readonly dryRun: boolean }, job: AgentRun, deps: PreviewDeps): Promise<PreviewRun> {
  return awaitPreview(await triggerPreview(settings, job, deps), deps);
}

/**
 * The trigger phase: asks for a preview deployment of the branch the job worked on, once the job
 * has ended with a documentation PR. One trigger (the client sends it again only after a `429`,
 * at most 3 times a run). The preview it returns has ended (`status` set: skipped, unavailable,
 * error, cancelled, timed out before it could be asked for) or is queued, for `awaitPreview`. It
 * never changes the job's run.
 */
export async function triggerPreview(settings: { readonly dryRun: boolean }, job: AgentRun, deps: PreviewDeps): Promise<PreviewRun> {
  const { client, clock, logger, signal, deadline } = deps;
  const branch = job.job?.source?.ref ?? undefined;
  const preview: PreviewRun = {
    status: undefined,
    branch: branch || undefined,
    url: undefined,
    statusId: undefined,
    state: undefined,
    deployment: undefined,
    reason: undefined,
    waitedMs: 0,
    reads: 0,
  };
  const end = (status: PreviewStatus, reason?: string): PreviewRun => ended(preview, status, reason);

  const skip = whySkip(settings, job);
  if (skip) return end('skipped', skip);
  if (signal.aborted) return end('cancelled');
  if (clock.now() >= deadline) return end('timed-out', 'The step’s timeout ran out before the preview could be asked for.');

  logger.info(`Deploying a preview of branch ${quotedForLog(preview.branch!)}.`);
  preview.triggeredAt = clock.now();
  let answer: PreviewDeployment;
  try {
    answer = await client.triggerPreview(preview.branch!);
  } catch (error) {
    if (isCancellation(error, signal)) return end('cancelled');
    if (error instanceof ApiError && error.kind === 'http' && error.status === 403) {
      return end(
        'unavailable',
        `${error.endpoint} answered 403: the project's plan has no preview deployments (Pro and Enterprise have them), or the API key may not deploy them.${serverSaid(error.serverMessage)}`,
      );
    }
    // A 429 is in the client's words, which name the trigger's limit.
    return end('error', errorMessage(error));
  }
  preview.statusId = answer.statusId;
  preview.url = answer.previewUrl || undefined;
  // The API has accepted the deployment (202): it is queued until its status says otherwise.
  logger.info(`Preview of branch ${quotedForLog(preview.branch!)} queued${preview.url ? `: ${forLog(preview.url, 300)}` : ' (the API gave no URL)'}.`);
  return preview;
}

/**
 * The wait phase: reads the queued deployment's status at once and then no more often than every
 * 10 seconds (a `Retry-After` wins) until `success` or `failure`, within the step's deadline: a
 * wait of W seconds makes at most ⌈W/10⌉ + 1 reads, since the client never retries one inside.
 * A transient failure of a read is a missed read; anything else ends the wait. A preview the
 * trigger phase ended is returned as it is.
 */
export async function awaitPreview(preview: PreviewRun, deps: PreviewDeps): Promise<PreviewRun> {
  if (preview.status !== undefined || preview.statusId === undefined) return preview;
  const { client, clock, logger, signal, deadline } = deps;
  const end = (status: PreviewStatus, reason?: string): PreviewRun => ended(preview, status, reason);
  const statusId = preview.statusId;
  const triggeredAt = preview.triggeredAt ?? clock.now();
  const elapsed = (): string => formatDuration(clock.now() - triggeredAt);
  let lastNews = clock.now();
  // The log has said the deployment is queued (the trigger's 202); it says each change from there.
  let logged = 'queued';
  let lastFailure: string | undefined;
  let readAt = clock.now();
  try {
    for (;;) {
      if (signal.aborted) return end('cancelled');
      const now = clock.now();
      if (readAt > deadline) {
        // The next read would start after the step's deadline: what was seen last stands.
        return lastFailure
          ? end('error', `The preview's status could not be read before the step's timeout: ${lastFailure}`)
          : end('timed-out', `The preview was still ${describeState(preview.state)} when the step's timeout ran out.${lastSaid(preview.deployment)}`);
      }
      if (readAt > now) {
        try {
          await deps.sleep(readAt - now, signal);
        } catch (error) {
          if (isCancellation(error, signal)) return end('cancelled');
          throw error;
        }
      }
      preview.reads += 1;
      let status: DeploymentStatus;
      try {
        status = await client.getDeploymentStatus(statusId);
      } catch (error) {
        if (isCancellation(error, signal)) return end('cancelled');
        if (!(error instanceof ApiError) || !isTransientFailure(error)) return end('error', errorMessage(error));
        lastFailure = errorMessage(error);
        // Said at info level: the preview's one warning is its result.
        logger.info(`[${elapsed()}] Reading the preview's status failed (${forLog(lastFailure, 300)}); still waiting.`);
        readAt = clock.now() + Math.max(PREVIEW_READ_INTERVAL_MS, error.retryAfterMs ?? 0);
        continue;
      }
      lastFailure = undefined;
      preview.deployment = status;
      const state = status.status ?? undefined;
      if (state !== undefined && state !== preview.state && !isDeploymentState(state)) {
        logger.info(`[${elapsed()}] The preview reported an undocumented status ${quotedForLog(state)}; treating it as still building.`);
      }
      preview.state = state;
      if (state !== undefined && state !== logged) {
        const where = state === 'success' && preview.url ? ` at ${forLog(preview.url, 300)}` : '';
        logger.info(`[${elapsed()}] Preview: ${describeState(logged)} → ${describeState(state)}${where}`);
        logged = state;
        lastNews = clock.now();
      } else if (clock.now() - lastNews >= PREVIEW_HEARTBEAT_MS) {
        logger.info(`[${elapsed()}] Preview still ${describeState(state)} (${countOf(preview.reads, 'status read')} so far).`);
        lastNews = clock.now();
      }
      if (state === 'success') return end('success');
      if (state === 'failure') return end('failure', failureReason(status));
      readAt = clock.now() + PREVIEW_READ_INTERVAL_MS;
    }
  } finally {
    preview.waitedMs = clock.now() - triggeredAt;
  }
}

/** A preview asked for by an earlier run, as its record keeps it. */
export interface AskedPreview {
  readonly statusId: string;
  readonly branch: string;
  readonly url: string | undefined;
  readonly triggeredAt: number;
}

/**
 * `command: sweep`'s look at a preview an earlier sweep asked for: its status read once, never a
 * wait. It has ended on `success` or `failure` (or an answer that is no transient failure); past
 * `timeoutMs` since it was asked for, it ends as `timed-out`; else it is still building (`status`
 * undefined), for the next sweep.
 */
export async function lookAtPreview(
  asked: AskedPreview,
  timeoutMs: number,
  deps: Pick<PreviewDeps, 'client' | 'clock' | 'logger' | 'signal'>,
): Promise<PreviewRun> {
  const { client, clock, signal } = deps;
  const preview: PreviewRun = {
    status: undefined,
    branch: asked.branch,
    url: asked.url,
    statusId: asked.statusId,
    state: undefined,
    deployment: undefined,
    reason: undefined,
    waitedMs: clock.now() - asked.triggeredAt,
    reads: 1,
    triggeredAt: asked.triggeredAt,
  };
  try {
    preview.deployment = await client.getDeploymentStatus(asked.statusId);
  } catch (error) {
    if (isCancellation(error, signal)) return ended(preview, 'cancelled');
    if (!(error instanceof ApiError) || !isTransientFailure(error)) return ended(preview, 'error', errorMessage(error));
    deps.logger.info(`Reading the preview's status failed (${forLog(errorMessage(error), 300)}); the next sweep reads it again.`);
    return preview;
  }
  preview.state = preview.deployment.status ?? undefined;
  if (preview.state === 'success') return ended(preview, 'success');
  if (preview.state === 'failure') return ended(preview, 'failure', failureReason(preview.deployment));
  if (clock.now() - asked.triggeredAt >= timeoutMs) {
    return ended(
      preview,
      'timed-out',
      `The preview was still ${describeState(preview.state)} ${formatDuration(clock.now() - asked.triggeredAt)} after it was asked for.${lastSaid(preview.deployment)}`,
    );
  }
  return preview;
}

function ended(preview: PreviewRun, status: PreviewStatus, reason?: string): PreviewRun {
  preview.status = status;
  preview.reason = reason;
  return preview;
}

/** Why no preview is asked for, or undefined when one is. */
function whySkip(settings: { readonly dryRun: boolean }, job: AgentRun): string | undefined {
  if (settings.dryRun) return 'Dry run: no preview was deployed.';
  const ended = job.outcome === 'pr-opened' || job.outcome === 'archived';
  if (!ended || !job.job?.prLink) return `No preview: the job did not end with a documentation PR (outcome ${job.outcome}).`;
  if (!job.job.source?.ref) return 'No preview: the job names no branch (source.ref is empty).';
  return undefined;
}

export function isDeploymentState(state: string): state is (typeof DEPLOYMENT_STATES)[number] {
  return (DEPLOYMENT_STATES as readonly string[]).includes(state);
}

/** A state as the log says it: `in_progress` is building; an undocumented one is quoted. */
function describeState(state: string | undefined): string {
  switch (state) {
    case undefined:
      return 'not seen yet';
    case 'queued':
      return 'queued';
    case 'in_progress':
      return 'building';
    case 'success':
      return 'ready';
    case 'failure':
      return 'failed';
    default:
      return quotedForLog(state);
  }
}

/** What the deployment said of itself last, when it said anything. */
function lastSaid(status: DeploymentStatus | undefined): string {
  return status?.summary ? ` Its last summary: ${forLog(status.summary, 300)}` : '';
}

/** The deployment's own summary of a failure, when it gives one. */
function failureReason(status: DeploymentStatus): string {
  return status.summary ? `The preview's build failed: ${forLog(status.summary, 300)}` : "The preview's build failed, and the API gives no reason.";
}
