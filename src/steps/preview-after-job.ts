import type { AgentRun } from '../agent/run-agent.js';
import { Outputs } from '../constants.js';
import { runPreview, type PreviewRun } from '../preview/run-preview.js';
import { previewResultLine } from '../report/preview-report.js';
import type { CommonSettings, PreviewSettings } from '../settings.js';
import { withoutInvisible } from '../text.js';
import type { StepContext } from './step.js';

/**
 * The preview after the job, for the agent and refresh steps: undefined when `preview` is off;
 * else the preview's record, its URL an output the moment it is known, and its one line in the
 * log once it ended. It never changes the job's run.
 */
export async function previewAfterJob(
  settings: PreviewSettings & Pick<CommonSettings, 'dryRun'>,
  run: AgentRun,
  context: StepContext,
  deadline: number,
  onTriggered?: (preview: PreviewRun) => Promise<void>,
): Promise<PreviewRun | undefined> {
  if (!settings.preview) return undefined;
  const { client, clock, sleep, logger, signal } = context;
  const preview = await runPreview(settings, run, {
    client,
    clock,
    sleep,
    logger,
    signal,
    deadline,
    onUrl: (url) => context.setOutput(Outputs.PreviewUrl, withoutInvisible(url)),
    onTriggered,
  });
  const result = previewResultLine(preview);
  if (result) logger[result.level](result.line);
  return preview;
}
