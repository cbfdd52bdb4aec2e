import { Outputs, type OutputName, type PreviewStatus } from '../constants.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { formatDuration, forLog, quotedForLog, withoutInvisible } from '../text.js';
import { codeSpan, keyValueTable, linkDestination, MAX_LINK_CHARS, MAX_MESSAGE_CHARS } from './markdown.js';

/**
 * The preview's part of the report: its outputs, its section of the summary and of the
 * pull-request comment, its one line in the log, and its failure when `fail-on` asks for it.
 * `undefined` stands for a run that asked for no preview.
 */

/** `preview-url` and `preview-status`: empty when no preview was asked for. */
export function previewOutputs(preview: PreviewRun | undefined): Partial<Record<OutputName, string>> {
  return {
    [Outputs.PreviewUrl]: withoutInvisible(preview?.url ?? ''),
    [Outputs.PreviewStatus]: preview?.status ?? '',
  };
}

const STATUS_TEXT: Record<PreviewStatus, string> = {
  success: '✅ Ready',
  failure: '❌ The build failed',
  'timed-out': '⏱️ Not ready when the step’s timeout ran out',
  unavailable: '🚫 Not available on this plan',
  skipped: '⏭️ Skipped',
  error: '⚠️ Stopped by an API error',
  cancelled: '🛑 Cancelled while it was building',
};

/** The alt text of the screenshot: the action's own words, so a reader who cannot see it knows what it is. */
export const SCREENSHOT_ALT = 'Screenshot of the documentation preview';

/**
 * The preview's section, for the summary (`level` 3) or the pull-request comment (`level` 4): its
 * state, a link to it, the branch, and, once it is ready with an `https` screenshot, the picture
 * linked to the preview. The URLs come from the API: each is a link or an image to exactly the URL
 * given when it is an `https` URL, and shown as code (or not at all, for a picture) otherwise.
 */
export function renderPreviewSection(preview: PreviewRun, level: 3 | 4): string {
  const state = preview.status
    ? `**${STATUS_TEXT[preview.status]}** (\`${preview.status}\`)`
    : `**⏳ Building** (${preview.state ? codeSpan(preview.state, 'cell') : 'asked for'})`;
  const rows: Array<readonly [string, string]> = [
    ['State', state],
    ['Preview', httpsLinkOrCode(preview.url) ?? '—'],
    ['Branch', preview.branch ? codeSpan(preview.branch, 'cell') : '—'],
  ];
  if (preview.status && preview.status !== 'skipped') rows.push(['Waited', formatDuration(preview.waitedMs)]);
  const parts = [`${'#'.repeat(level)} Documentation preview`, '', keyValueTable(rows)];
  if (preview.reason && preview.status !== 'success') parts.push('', codeSpan(preview.reason, 'text', MAX_MESSAGE_CHARS));
  const shot = preview.status === 'success' ? screenshotOf(preview) : undefined;
  if (shot) {
    const image = `![${SCREENSHOT_ALT}](${linkDestination(shot)})`;
    const href = httpsHref(preview.url);
    parts.push('', href ? `[${image}](${linkDestination(href)})` : image);
  }
  return parts.join('\n');
}

/**
 * The screenshot to show: `screenshotLight`, else `screenshot`, the first that is an `https` URL
 * (GitHub shows pictures through its own proxy, which fetches `https` only), as its `href`.
 */
export function screenshotOf(preview: PreviewRun): string | undefined {
  const deployment = preview.deployment;
  for (const candidate of [deployment?.screenshotLight, deployment?.screenshot]) {
    const href = httpsHref(candidate ?? undefined);
    if (href) return href;
  }
  return undefined;
}

/** A link to an `https` URL from the API, shown as the URL as code; anything else as code, unlinked. */
function httpsLinkOrCode(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const shown = codeSpan(url, 'cell');
  const href = httpsHref(url);
  return href ? `[${shown}](${linkDestination(href)})` : shown;
}

/** The URL as a browser resolves it, when it is an `https` URL short enough to link; else undefined. */
function httpsHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.href.length <= MAX_LINK_CHARS ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The preview's one line for the log once it ended, and its level: a notice for `unavailable`,
 * a warning for anything else short of `success` (a cancellation is said by the step's failure).
 */
export function previewResultLine(preview: PreviewRun): { readonly level: 'info' | 'notice' | 'warning'; readonly line: string } | undefined {
  const url = preview.url ? ` (${forLog(preview.url, 300)})` : '';
  const branch = preview.branch ? ` of branch ${quotedForLog(preview.branch)}` : '';
  const reason = preview.reason ? ` ${forLog(preview.reason, 1_000)}` : '';
  switch (preview.status) {
    case undefined:
    case 'cancelled':
      return undefined;
    case 'success':
      return { level: 'info', line: `Preview${branch} ready${url}.` };
    case 'unavailable':
      return { level: 'notice', line: `No preview${branch}:${reason}` };
    case 'skipped':
      return { level: 'warning', line: `Preview skipped.${reason}` };
    default:
      return { level: 'warning', line: `Preview${branch}${url}: ${preview.status}.${reason} The job's outcome stands.` };
  }
}

/** The preview's section of the job summary, after the job's: empty when no preview was asked for. */
export function previewSummary(preview: PreviewRun | undefined): string {
  return preview ? `\n${renderPreviewSection(preview, 3)}\n` : '';
}
