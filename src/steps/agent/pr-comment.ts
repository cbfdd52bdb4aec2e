import type { StepContext } from '../step.js';
import type { AgentRunRecord, AgentStage, Renderer } from './run-record.js';

/**
 * The pull-request comment as a renderer: working once the job was sent (when the API accepted
 * it), the outcome with the preview building once the preview was asked for, and the outcome when
 * the run is over. What it says, and the record it keeps, come from the run record alone.
 */
export const pullRequestCommentRenderer = (context: StepContext): Renderer => ({
  async render(stage: AgentStage, record: AgentRunRecord): Promise<void> {
    const { comment, job, diff, preview, docsPr, gate } = record;
    const impact = record.impact && { view: record.impact.view, record: record.impact.record };
    // After a cancellation the runner allows seconds, not a round trip to GitHub for the comment.
    if (!comment || context.signal.aborted) return;
    switch (stage) {
      case 'sent':
        if (job.delivery === 'accepted') await comment.writeWorking({ run: job, diff, docsPr, gate, impact });
        return;
      case 'preview-asked':
        if (preview && preview.status === undefined) await comment.writeOutcome({ run: job, diff, preview, docsPr, gate, impact });
        return;
      case 'finished':
        await comment.writeOutcome({ run: job, diff, preview, docsPr, gate, impact });
        return;
    }
  },
});
