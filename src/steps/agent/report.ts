import { Outputs, type OutputName } from '../../constants.js';
import type { DocsPrOutcome } from '../../docs-pr/follow.js';
import { pullName } from '../../github/api.js';
import { agentLogLine, agentOutputs, renderAgentSummary } from '../../report/agent-report.js';
import { CANCELLED_WHILE_COMMENTING } from '../../report/cancellation.js';
import { renderDocsPrSection } from '../../report/docs-pr-report.js';
import { failureLine } from '../../report/failure.js';
import { impactOutput, renderImpactSection } from '../../report/impact-report.js';
import { previewOutputs, previewSummary } from '../../report/preview-report.js';
import type { AgentSettings } from '../../settings.js';
import type { StepContext, StepReport } from '../step.js';
import { verdictOf } from '../verdict.js';
import type { AgentRunRecord, AgentStage } from './run-record.js';

/**
 * The agent step's report, for every path a run takes (an open pull request, a closed one, a
 * skip, an error, a cancellation): the outputs, the summary and the closing line from the run
 * record, the failure from the verdict, and, once the outputs and the summary are safe, the last
 * word to the renderers (`finished`: the comment's outcome, which may take a request-timeout).
 */
export function agentReport(record: AgentRunRecord, settings: AgentSettings, context: StepContext, notify: (stage: AgentStage) => Promise<void>): StepReport {
  const { job, diff, preview, docsPr, syncing } = record;
  const requests = context.client.requestCount;
  const { signal } = context;
  return {
    outputs: {
      ...agentOutputs(job, requests),
      ...previewOutputs(preview),
      ...docsPrOutputs(docsPr),
      ...(settings.readerImpact ? { [Outputs.ReaderImpact]: record.impact?.view ? impactOutput(record.impact.rows) : '' } : {}),
    },
    summary:
      renderAgentSummary(job, requests, diff) +
      previewSummary(preview) +
      (record.impact?.view ? `\n${renderImpactSection(record.impact.view, 3)}\n` : '') +
      docsPrSummary(docsPr),
    afterReport: async () => {
      const cancelledBefore = signal.aborted;
      await notify('finished');
      // Cancelled while the comment was written: the outcome above stands, the step still stops.
      return record.comment && !cancelledBefore && signal.aborted ? CANCELLED_WHILE_COMMENTING : undefined;
    },
    closingLine: syncing ? `${agentLogLine(job)} · docs PR ${docsPr?.action ?? 'none'}` : agentLogLine(job),
    failure: failureLine(verdictOf(job, preview, settings, syncing)),
  };
}

/** The output follow-code-pr adds to the agent's: empty when it does not apply. */
function docsPrOutputs(docsPr: DocsPrOutcome | undefined): Partial<Record<OutputName, string>> {
  return docsPr ? { [Outputs.DocsPrAction]: docsPr.action } : {};
}

/** The documentation PR's section of the summary, when this run has anything to say of it. */
function docsPrSummary(docsPr: DocsPrOutcome | undefined): string {
  const shown = docsPr?.shown;
  return shown ? `\n${renderDocsPrSection(pullName(shown.pull), shown.state, shown.superseded)}\n` : '';
}
