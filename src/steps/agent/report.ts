import { Outputs, type OutputName } from '../../constants.js';
import type { DocsPrOutcome } from '../../docs-pr/outcome.js';
import { pullName } from '../../github/api.js';
import { agentLogLine, agentOutputs, renderAgentSummary } from '../../report/agent-report.js';
import { renderDocsPrSection } from '../../report/docs-pr-report.js';
import { failureLine } from '../../report/failure.js';
import { impactOutput, renderImpactSection } from '../../report/impact-report.js';
import { previewOutputs, previewSummary } from '../../report/preview-report.js';
import type { AgentSettings } from '../../settings.js';
import type { StepContext, StepReport } from '../step.js';
import { verdictOf } from '../verdict.js';
import { docsPrShownOf, type RunRecord } from '../../core/record.js';

/**
 * The agent step's report, for every path a run takes (an open pull request, a closed one, a
 * skip, an error, a cancellation), once its last writes are done: the outputs, the summary and
 * the closing line from the run record alone, the failure from the verdict.
 */
export function agentReport(record: RunRecord, settings: AgentSettings, context: StepContext): StepReport {
  const { job, diff, preview, following, syncing } = record;
  const requests = context.client.requestCount;
  return {
    outputs: {
      ...agentOutputs(job, requests),
      ...previewOutputs(preview),
      ...docsPrOutputs(following),
      ...(record.gateWritten ? { [Outputs.DocsStatusState]: record.gateWritten } : {}),
      ...(settings.readerImpact ? { [Outputs.ReaderImpact]: record.impact?.view ? impactOutput(record.impact.rows) : '' } : {}),
    },
    summary:
      renderAgentSummary(job, requests, diff) +
      previewSummary(preview) +
      (record.impact?.view ? `\n${renderImpactSection(record.impact.view, 3)}\n` : '') +
      docsPrSummary(record),
    closingLine: syncing ? `${agentLogLine(job)} · docs PR ${following?.action ?? 'none'}` : agentLogLine(job),
    failure: failureLine(verdictOf(job, preview, settings, syncing)),
  };
}

/** The output follow-code-pr adds to the agent's: empty when it does not apply. */
function docsPrOutputs(following: DocsPrOutcome | undefined): Partial<Record<OutputName, string>> {
  return following ? { [Outputs.DocsPrAction]: following.action } : {};
}

/** The documentation PR's section of the summary, when this run has anything to say of it: the same as the comment's. */
function docsPrSummary(record: RunRecord): string {
  const shown = docsPrShownOf(record);
  return shown ? `\n${renderDocsPrSection(pullName(shown.pull), shown.state, shown.superseded, shown.release)}\n` : '';
}
