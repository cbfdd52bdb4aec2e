import { runRefresh } from '../refresh/run-refresh.js';
import { Phase } from '../runtime.js';
import { agentLogLine } from '../report/agent-report.js';
import { failureLine } from '../report/failure.js';
import { previewOutputs, previewSummary } from '../report/preview-report.js';
import { refreshOutputs, renderRefreshSummary } from '../report/refresh-report.js';
import type { RefreshSettings } from '../settings.js';
import { askForPreview, waitForPreview, type PreviewContext } from '../core/preview.js';
import { agentDeps, announce, type StepContext, type StepReport } from './step.js';
import { Outputs } from '../constants.js';
import { verdictOf } from './verdict.js';

/**
 * `command: refresh`: reads the reader signals, aims one agent job with them, waits for it like
 * the agent step, deploys its preview when asked, and reports.
 */
export async function refreshStep(settings: RefreshSettings, context: StepContext): Promise<StepReport> {
  const { client } = context;
  const run = await runRefresh(settings, agentDeps(context));
  if (run.agent.outcome === 'skipped') context.logger.notice(run.agent.skipReason ?? 'Nothing to refresh.');
  const previewContext: PreviewContext = {
    api: client,
    clock: context.clock,
    sleep: context.sleep,
    logger: context.logger,
    signal: context.signal,
    deadline: context.deadline.at,
    announce: (_name, url) => announce(context, Outputs.PreviewUrl, url),
  };
  const preview = await context.logger.phase(Phase.Preview, async () =>
    waitForPreview(await askForPreview(settings, run.agent, previewContext), previewContext),
  );
  return {
    outputs: { ...refreshOutputs(run, client.requestCount), ...previewOutputs(preview) },
    summary: renderRefreshSummary(run, client.requestCount) + previewSummary(preview),
    closingLine: agentLogLine(run.agent),
    failure: failureLine(verdictOf(run.agent, preview, settings)),
  };
}
