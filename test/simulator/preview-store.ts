/**
 * Preview deployments, as the vendor documents them: `POST /v1/project/preview/{projectId}` with
 * `{"branch"}` answers `202 {statusId, previewUrl}` (one URL per branch: a branch deployed again
 * keeps its URL), and `GET /v1/project/update-status/{statusId}` answers the deployment's status,
 * `queued` → `in_progress` → `success` or `failure` as the simulator's clock passes, with the
 * screenshots once it succeeded. The organisation may trigger 5 previews a minute (`429` with
 * `Retry-After` past it); a project whose plan has no previews gets `403`.
 */
import type { Answer } from './analytics-query.js';

/** How one deployment lives, by the simulator's clock from the moment it is triggered. */
export interface PreviewScript {
  /** How long it stays `queued`. */
  readonly queuedMs?: number;
  /** How long it stays `in_progress` after that. */
  readonly buildMs?: number;
  /** How it ends; `never` stays `in_progress` for good. */
  readonly result?: 'success' | 'failure' | 'never';
  /** Whether a finished success carries the screenshot URLs (default true). */
  readonly screenshots?: boolean;
  /** Fields of the trigger's answer to replace (`statusId`, `previewUrl`: any value, for hostile text). */
  readonly trigger?: Readonly<Record<string, unknown>>;
  /** Fields of every status answer to replace (any value): the deployment's own are kept otherwise. */
  readonly status?: Readonly<Record<string, unknown>>;
}

/** About a minute and a half, as the vendor says builds take: 15 s queued, 75 s building. */
export const DEFAULT_PREVIEW_SCRIPT: PreviewScript = { queuedMs: 15_000, buildMs: 75_000, result: 'success' };

/** Previews the organisation may trigger in one minute. */
export const PREVIEW_TRIGGERS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

export const PREVIEW_SUBDOMAIN = 'acme-sim';

export interface SimDeployment {
  readonly statusId: string;
  readonly projectId: string;
  readonly branch: string;
  readonly previewUrl: string;
  readonly triggeredAt: number;
  readonly script: PreviewScript;
  /** Status reads answered so far. */
  reads: number;
}

export class PreviewStore {
  private readonly deployments = new Map<string, SimDeployment>();
  private readonly urls = new Map<string, string>();
  private readonly queued: PreviewScript[] = [];
  private readonly withoutPreviews = new Set<string>();
  /** When each accepted trigger arrived: the organisation's window of the rate limit. */
  private readonly triggers: number[] = [];
  private nextId = 1;

  constructor(
    private readonly now: () => number,
    private readonly defaultScript: PreviewScript,
    projectsWithoutPreviews: readonly string[] = [],
  ) {
    for (const project of projectsWithoutPreviews) this.withoutPreviews.add(project);
  }

  /** How the next triggered deployments live, in order; then the default. */
  queue(...scripts: PreviewScript[]): void {
    this.queued.push(...scripts);
  }

  /** Whether a project's plan has previews (Pro and Enterprise do). */
  setPlanHasPreviews(projectId: string, has: boolean): void {
    if (has) this.withoutPreviews.delete(projectId);
    else this.withoutPreviews.add(projectId);
  }

  get(statusId: string): SimDeployment | undefined {
    return this.deployments.get(statusId);
  }

  all(): SimDeployment[] {
    return [...this.deployments.values()];
  }

  /** `POST /v1/project/preview/{projectId}`, for a project that exists. */
  trigger(projectId: string, body: unknown): Answer {
    const branch = body && typeof body === 'object' ? (body as Record<string, unknown>).branch : undefined;
    if (typeof branch !== 'string' || branch.length < 1) return error(400, 'branch is required');
    if (this.withoutPreviews.has(projectId)) return error(403, 'Preview deployments are not available on your plan. Upgrade to Pro or Enterprise.');
    const now = this.now();
    while (this.triggers.length > 0 && this.triggers[0]! <= now - MINUTE_MS) this.triggers.shift();
    if (this.triggers.length >= PREVIEW_TRIGGERS_PER_MINUTE) {
      const retryAfterS = Math.max(1, Math.ceil((this.triggers[0]! + MINUTE_MS - now) / 1000));
      return { ...error(429, 'Too many preview deployments: 5 per minute per organisation'), headers: { 'retry-after': String(retryAfterS) } };
    }
    this.triggers.push(now);
    const script = this.queued.shift() ?? this.defaultScript;
    const key = `${projectId}\n${branch}`;
    // One URL per branch: a branch deployed again is redeployed under the URL it already has.
    let previewUrl = this.urls.get(key);
    if (!previewUrl) {
      previewUrl = `https://${PREVIEW_SUBDOMAIN}-${slugOf(branch)}.mintlify.site`;
      this.urls.set(key, previewUrl);
    }
    const serial = this.nextId++;
    const given = script.trigger?.statusId;
    // A script may name the deployment (any string, for hostile text): its status is read under that name.
    const statusId = typeof given === 'string' ? given : statusIdFor(serial);
    this.deployments.set(statusId, { statusId, projectId, branch, previewUrl, triggeredAt: now, script, reads: 0 });
    return { status: 202, body: { statusId, previewUrl, ...script.trigger } };
  }

  /** `GET /v1/project/update-status/{statusId}`. */
  read(statusId: string): Answer {
    const deployment = this.deployments.get(statusId);
    if (!deployment) return error(404, 'Deployment not found');
    deployment.reads += 1;
    return { status: 200, body: { ...this.view(deployment), ...deployment.script.status } };
  }

  private view(deployment: SimDeployment): Record<string, unknown> {
    const { script } = deployment;
    const queuedMs = script.queuedMs ?? DEFAULT_PREVIEW_SCRIPT.queuedMs!;
    const buildMs = script.buildMs ?? DEFAULT_PREVIEW_SCRIPT.buildMs!;
    const result = script.result ?? 'success';
    const age = this.now() - deployment.triggeredAt;
    const status = age < queuedMs ? 'queued' : age < queuedMs + buildMs || result === 'never' ? 'in_progress' : result;
    const ended = status === 'success' || status === 'failure';
    const shots = status === 'success' && script.screenshots !== false;
    const shot = (theme: 'light' | 'dark'): string | null => (shots ? screenshotFor(deployment.statusId, theme) : null);
    return {
      _id: deployment.statusId,
      projectId: deployment.projectId,
      createdAt: new Date(deployment.triggeredAt).toISOString(),
      endedAt: ended ? new Date(deployment.triggeredAt + queuedMs + buildMs).toISOString() : null,
      status,
      summary: status === 'failure' ? 'Build failed: a page could not be parsed' : `Preview of ${deployment.branch}`,
      logs: [],
      subdomain: PREVIEW_SUBDOMAIN,
      screenshot: shot('light'),
      screenshotLight: shot('light'),
      screenshotDark: shot('dark'),
      author: null,
      commit: {
        sha: (deployment.statusId + '0'.repeat(40)).slice(0, 40),
        ref: deployment.branch,
        message: 'Update the documentation',
        filesChanged: { added: [], modified: ['index.mdx'], removed: [] },
      },
      source: 'api',
    };
  }
}

/** The ID the simulator gives the `n`th deployment it starts (from 1). */
export function statusIdFor(n: number): string {
  return (0x6a1b00 + n).toString(16).padStart(24, '0');
}

/** The screenshot URL the simulator gives a finished deployment, by theme. */
export function screenshotFor(statusId: string, theme: 'light' | 'dark'): string {
  return `https://screenshots.mintlify.site/${statusId}-${theme}.png`;
}

/** The branch as a host name's label: lower case letters, digits and single hyphens. */
function slugOf(branch: string): string {
  return (
    branch
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'branch'
  );
}

function error(status: number, message: string): Answer {
  return { status, body: { error: message } };
}
