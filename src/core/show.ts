import type { StepContext } from '../step.js';
import { docsPrViewOf, type AgentRunRecord, type AgentStage, type Renderer } from './run-record.js';

/**
 * The pull-request comment as a renderer, before the last writes: working (and recorded so) once
 * the job was sent, when the API accepted it; the outcome so far once a new documentation PR was
 * linked (so the record names it before an earlier one is closed), and once the preview was asked
 * for (building). The run's last comment is the publish phase's. What it says, and the record it
 * keeps, come from the run record alone; its gate line is the status GitHub took.
 */
export const pullRequestCommentRenderer = (context: StepContext): Renderer => ({
  async render(stage: AgentStage, record: AgentRunRecord): Promise<void> {
    const { comment, job, diff, preview } = record;
    if (!comment || context.signal.aborted) return;
    const gate = record.gateWritten ? record.gate : undefined;
    const impact = record.impact && { view: record.impact.view, record: record.impact.record };
    const view = { run: job, diff, preview, docsPr: docsPrViewOf(record), gate, impact };
    switch (stage) {
      case 'sent':
        if (job.delivery === 'accepted') await comment.writeWorking(view);
        return;
      case 'docs-pr-linked':
        await comment.writeOutcome(view);
        return;
      case 'preview-asked':
        if (preview && preview.status === undefined) await comment.writeOutcome(view);
        return;
    }
  },
});
