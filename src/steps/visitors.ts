import { cancelledExportLine } from '../report/cancellation.js';
import { renderVisitorsSummary, visitorsOutputs } from '../report/visitors-report.js';
import type { VisitorsSettings } from '../settings.js';
import { countOf, formatCount } from '../text.js';
import { uploadArtifact as uploadWithActionsArtifact, type UploadArtifact } from '../visitors/artifact.js';
import { runVisitors } from '../visitors/run-visitors.js';
import type { StepContext, StepReport } from './step.js';

/**
 * `command: visitors`: exports the range's rows into the CSV and JSON files, uploads them as an
 * artifact, and reports.
 */
export async function visitorsStep(
  settings: VisitorsSettings,
  context: StepContext,
  uploadArtifact: UploadArtifact = uploadWithActionsArtifact,
): Promise<StepReport> {
  const { client, logger } = context;
  const { clock, sleep, signal, deadline } = context;
  const run = await runVisitors(settings, { client, clock, sleep, logger, signal, deadline: deadline.at, uploadArtifact });
  return {
    outputs: visitorsOutputs(run, client.requestCount),
    summary: renderVisitorsSummary(run, client.requestCount, settings.artifactName),
    closingLine:
      run.totals &&
      `Visitors: ${countOf(run.totals.total, 'unique visitor')} (${formatCount(run.totals.human)} human, ${formatCount(run.totals.ai)} AI); ${countOf(run.rows, 'page')} written to ${run.csvPath} and ${run.jsonPath}; ${countOf(client.requestCount, 'API request')}.`,
    failure: run.cancelled ? cancelledExportLine(run) : run.error?.message,
    leftRunning: run.artifact?.unfinished !== undefined,
  };
}
