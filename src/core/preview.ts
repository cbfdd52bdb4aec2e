import type { AgentRun } from '../agent/run-agent.js';
import { Outputs } from '../constants.js';
import type { PreviewDeps, PreviewRun } from '../preview/run-preview.js';
import { previewResultLine } from '../report/preview-report.js';
import type { CommonSettings, PreviewSettings } from '../settings.js';
import { announce, type StepContext } from './step.js';
import { awaitPreview, triggerPreview } from '../preview/run-preview.js';

/**
 * The preview after the job, in two phases for the agent and refresh steps: asked for (its URL an
 * output the moment the API gives it), then awaited (its one line in the log once it ended).
 * Undefined when `preview` is off. It never changes the job's run.
 */
export async function askForPreview(
  settings: PreviewSettings & Pick<CommonSettings, 'dryRun'>,
  job: AgentRun,
  context: StepContext,
): Promise<PreviewRun | undefined> {
  if (!settings.preview) return undefined;
  const preview = await triggerPreview(settings, job, previewDeps(context));
  if (preview.url) announce(context, Outputs.PreviewUrl, preview.url);
  return preview;
}

export async function waitForPreview(preview: PreviewRun | undefined, context: StepContext): Promise<PreviewRun | undefined> {
  if (!preview) return undefined;
  const ended = await awaitPreview(preview, previewDeps(context));
  const result = previewResultLine(ended);
  if (result) context.logger[result.level](result.line);
  return ended;
}

function previewDeps(context: StepContext): PreviewDeps {
  const { client, clock, sleep, logger, signal, deadline } = context;
  return { client, clock, sleep, logger, signal, deadline: deadline.at };
}
