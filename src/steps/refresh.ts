import { runRefresh } from '../refresh/run-refresh.js';
import { agentFailure, agentLogLine } from '../report/agent-report.js';
import { previewOutputs, previewSummary, withPreviewFailure } from '../report/preview-report.js';
import { refreshOutputs, renderRefreshSummary } from '../report/refresh-report.js';
import type { RefreshSettings } from '../settings.js';
import { previewAfterJob } from './preview-after-job.js';
import { agentDeps, type StepContext, type StepReport } from './step.js';

/**
 * `command: refresh`: reads the reader signals, aims one agent job with them, waits for it like
 * the agent step, and reports. Loaded only by a refresh step.
 */
export async function refreshStep(settings: RefreshSettings, context: StepContext): Promise<StepReport> {
  const { client, clock } = context;
  const startedAt = clock.now();
  const run = await runRefresh(settings, agentDeps(context));
  if (run.agent.outcome === 'skipped') context.logger.notice(run.agent.skipReason ?? 'Nothing to refresh.');
  const preview = await previewAfterJob(settings, run.agent, context, startedAt + settings.timeoutMs);
  return {
    outputs: { ...refreshOutputs(run, client.requestCount), ...previewOutputs(preview) },
    summary: renderRefreshSummary(run, client.requestCount) + previewSummary(preview),
    closingLine: agentLogLine(run.agent),
    failure: withPreviewFailure(agentFailure(run.agent, settings.failOn), preview, settings.failOnPreview),
  };
}
