import type { AgentRun } from '../agent/run-agent.js';
import type { PreviewDeps, PreviewRun } from '../preview/run-preview.js';
import { previewResultLine } from '../report/preview-report.js';
import type { PreviewSettings } from '../settings.js';
import { awaitPreview, triggerPreview } from '../preview/run-preview.js';
import type { Core } from './context.js';

/** What the preview reads with: the API, the clock, the step's deadline and cancellation; the URL said at once. */
export type PreviewContext = Pick<Core, 'api' | 'clock' | 'sleep' | 'logger' | 'signal' | 'deadline' | 'announce'>;

/**
 * The preview after the job, in two phases for every command that ends a job and for refresh:
 * asked for (its URL an output the moment the API gives it), then awaited (its one line in the log
 * once it ended), unless a sweep asks and a later sweep shows it. Undefined when `preview` is off.
 * It never changes the job's run.
 */
export async function askForPreview(
  settings: Pick<PreviewSettings, 'preview'> & { readonly dryRun: boolean },
  job: AgentRun,
  context: PreviewContext,
): Promise<PreviewRun | undefined> {
  if (!settings.preview) return undefined;
  const preview = await triggerPreview(settings, job, previewDeps(context));
  if (preview.url) context.announce('preview-url', preview.url);
  return preview;
}

export async function waitForPreview(preview: PreviewRun | undefined, context: PreviewContext): Promise<PreviewRun | undefined> {
  if (!preview) return undefined;
  const ended = await awaitPreview(preview, previewDeps(context));
  const result = previewResultLine(ended);
  if (result) context.logger[result.level](result.line);
  return ended;
}

function previewDeps(context: PreviewContext): PreviewDeps {
  const { api, clock, sleep, logger, signal, deadline } = context;
  return { client: api, clock, sleep, logger, signal, deadline };
}
