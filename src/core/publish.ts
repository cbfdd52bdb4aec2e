import { writeGateStatus } from '../../gate/status.js';
import { repoName } from '../../docs-pr/target.js';
import type { GitHubApi } from '../../github/api.js';
import type { AgentSettings } from '../../settings.js';
import { LastWrites } from '../last-writes.js';
import type { StepContext } from '../step.js';
import { docsPrViewOf, type AgentRunRecord } from './run-record.js';

/**
 * The publish phase, the run's last writes, in the record's order: first the `documentation`
 * status (`gate/status.ts`), then the comment with its record, each in a window of its own
 * (`LastWrites`), after a cancellation too. A failed or slow comment never costs the status, and
 * a window that runs out is one warning, never the step's error in place of its outcome. After
 * every status it writes, the comment says the same in its gate line: the run's outcome where the
 * comment shows it, else only the gate line (a waiver). The outputs follow, from the record, in
 * the report.
 */
export async function publishPhase(record: AgentRunRecord, settings: AgentSettings, context: StepContext): Promise<void> {
  const lastWrites = new LastWrites(settings, context);
  // The pull request's own repository: the workflow's, or the code PR's that a review's revision finishes.
  const repo = record.repository && repoName(record.repository.name);
  const sha = record.pullRequest?.headSha;
  if (!repo) return;
  const client = (): Promise<GitHubApi> => lastWrites.client(settings.githubToken, repo);
  // The gate line says what GitHub took: a status that could not be written leaves none.
  let written = false;
  // A status GitHub refused earlier in the run (a permission) is not tried again: its one warning stands.
  if (record.gate && sha && !record.gateRefused) {
    const { state } = await writeGateStatus(record.gate, sha, client, { logger: context.logger, dryRun: settings.dryRun });
    written = state !== undefined;
    record.gateWritten = state ?? record.gateWritten;
  }
  const { comment } = record;
  const gate = written ? record.gate : undefined;
  if (!comment || settings.dryRun) return;
  // After a cancellation the runner allows seconds: the comment is written only where it must
  // follow what the run did, a status it wrote or a change on the documentation side.
  if (context.signal.aborted && !written && !record.following?.acted) return;
  if (record.shows) {
    const { job, diff, preview } = record;
    const impact = record.impact && { view: record.impact.view, record: record.impact.record };
    await comment.writeOutcome({ run: job, diff, preview, docsPr: docsPrViewOf(record), gate, impact, finished: record.finishes }, await client());
  } else if (gate && comment.earlier) {
    await comment.rewriteTail((newest) => newest, { gate }, await client());
  }
}
