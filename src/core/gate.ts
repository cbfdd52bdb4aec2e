import { docsClientFor, type DocsAccess } from '../../docs-pr/access.js';
import { readApproval } from '../../gate/approval.js';
import { gateFor } from '../../gate/facts.js';
import { writeGateStatus } from '../../gate/status.js';
import type { ConnectGitHub } from '../../github/clients.js';
import { repoFromEnv } from '../../github/api.js';
import type { AgentSettings } from '../../settings.js';
import type { StepContext } from '../step.js';
import { gateFindingsOf, stoppedBy, type AgentRunRecord, type AgentStage, type Renderer } from './run-record.js';

/**
 * The documentation gate while the job works: once the job was sent (created or messaged), the
 * status `pending` on the code PR's head commit, the commit the job works on (the comment's
 * working write follows it). The run's last status is the publish phase's.
 */
export function workingStatusRenderer(settings: AgentSettings, context: StepContext, github: ConnectGitHub): Renderer {
  return {
    async render(stage: AgentStage, record: AgentRunRecord): Promise<void> {
      const sha = record.pullRequest?.headSha;
      const repo = repoFromEnv(context.env);
      if (stage !== 'sent' || !record.pullRequest || !sha || !repo || context.signal.aborted) return;
      const working = gateFor(settings, gateFindingsOf(record, true), context.env);
      if (working?.state !== 'pending') return;
      record.gate = working;
      const written = await writeGateStatus(working, sha, () => github(settings.githubToken, repo, context.deadline.at), {
        logger: context.logger,
        dryRun: settings.dryRun,
      });
      record.gateWritten = written.state ?? record.gateWritten;
      record.gateRefused = written.state === undefined && written.refused;
    },
  };
}

/**
 * The gate phase: where `approved` waits on it, the documentation PR's approval, read once
 * (`gate/approval.ts`); then the status the run leaves, by the policy, from the record alone.
 * Undefined without `docs-status` or off a pull-request event.
 */
export async function gatePhase(record: AgentRunRecord, settings: AgentSettings, context: StepContext, access: DocsAccess | undefined): Promise<void> {
  if (!record.pullRequest) return;
  const decision = record.documentationPr;
  const open = decision?.kind === 'found' && decision.state.state === 'open' && !decision.state.merged ? decision.pull : undefined;
  const waitsForApproval = settings.docsStatus === 'approved' && (record.job.outcome === 'pr-opened' || record.job.outcome === 'synced');
  const client = open && waitsForApproval && access && !context.signal.aborted ? docsClientFor(access, open) : undefined;
  try {
    if (client) record.approved = await readApproval(client, open!, context);
  } catch (error) {
    stoppedBy(record, error, context.signal);
  }
  record.gate = gateFor(settings, gateFindingsOf(record), context.env);
}
