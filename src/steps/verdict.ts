import type { AgentRun } from '../agent/run-agent.js';
import type { PreviewStatus } from '../constants.js';
import type { PreviewRun } from '../preview/run-preview.js';
import type { Failure } from '../report/failure.js';
import type { PreviewSettings, WaitSettings } from '../settings.js';

/** The preview statuses `preview-failed` fails the step for. */
const FAILS_WITH_PREVIEW_FAILED: ReadonlySet<PreviewStatus> = new Set(['failure', 'timed-out', 'error']);

/**
 * Whether the step fails, and why: the one place that reads `fail-on` (the report only words
 * what is decided here). An error and a cancellation always fail it; any other outcome when
 * `fail-on` lists it; a preview that was cancelled always, one that did not succeed when
 * `fail-on` lists `preview-failed`. `syncing`: a closed code PR's run, which creates no job.
 */
export function verdictOf(
  run: AgentRun,
  preview: PreviewRun | undefined,
  settings: Pick<WaitSettings, 'failOn'> & Pick<PreviewSettings, 'failOnPreview'>,
  syncing = false,
): Failure[] {
  const failures: Failure[] = [];
  if (run.outcome === 'error') failures.push({ kind: 'error', run });
  else if (run.outcome === 'cancelled') failures.push(syncing ? { kind: 'cancelled-while-syncing' } : { kind: 'cancelled', run });
  else if (settings.failOn.has(run.outcome)) failures.push({ kind: 'fail-on', run, failOn: settings.failOn });
  if (preview?.status === 'cancelled') failures.push({ kind: 'preview-cancelled', preview });
  else if (preview?.status && settings.failOnPreview && FAILS_WITH_PREVIEW_FAILED.has(preview.status)) failures.push({ kind: 'preview-failed', preview });
  return failures;
}
