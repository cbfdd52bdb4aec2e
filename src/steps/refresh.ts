import { runRefresh } from '../refresh/run-refresh.js';
import { agentFailure, agentLogLine } from '../report/agent-report.js';
import { refreshOutputs, renderRefreshSummary } from '../report/refresh-report.js';
import type { RefreshSettings } from '../settings.js';
import { agentDeps, type StepContext, type StepReport } from './step.js';

/**
 * `command: refresh`: reads the reader signals, aims one agent job with them, waits for it like
 * the agent step, and reports. Loaded only by a refresh step.
 */
export async function refreshStep(settings: RefreshSettings, context: StepContext): Promise<StepReport> {
  const { client } = context;
  const run = await runRefresh(settings, agentDeps(context));
  if (run.agent.outcome === 'skipped') context.logger.notice(run.agent.skipReason ?? 'Nothing to refresh.');
  return {
    outputs: refreshOutputs(run, client.requestCount),
    summary: renderRefreshSummary(run, client.requestCount),
    closingLine: agentLogLine(run.agent),
    failure: agentFailure(run.agent, settings.failOn),
  };
}
