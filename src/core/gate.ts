import type { Outcome } from '../constants.js';
import { docsClientFor } from '../docs-pr/access.js';
import { readApproval } from '../gate/approval.js';
import { carriesWaiver, gateFor, type GateFindings } from '../gate/facts.js';
import type { GateStatus } from '../gate/policy.js';
import { writeGateStatus, type GateWrite } from '../gate/status.js';
import type { GitHubApi } from '../github/api.js';
import type { Core } from './context.js';
import { isBounded, type DocsPrRecord, type JudgedRecord } from '../memory/record.js';
import { stoppedBy, type RunRecord } from './record.js';

/**
 * The documentation gate's one judge, for every writer of the `documentation` status — a waiting
 * run, a sweep, `sync`, the review loop: the facts are taken from the run's record alone (never an
 * event's payload), the policy (`gate/policy.ts`) gives the state and the words. `moment`: at the
 * run's end, or while a job it sent is at work (writing, or revising after a review).
 */
export function judgeGate(record: RunRecord, core: Pick<Core, 'settings' | 'env'>, moment: 'end' | 'writing' | 'revising' = 'end'): GateStatus | undefined {
  return gateFor(core.settings, gateFactsOf(record, core, moment), core.env);
}

/** What the run found, as the gate takes it: the one assembly of the gate's facts. */
export function gateFactsOf(record: RunRecord, core: Pick<Core, 'settings'>, moment: 'end' | 'writing' | 'revising' = 'end'): GateFindings {
  const { job } = record;
  const closedByAction = record.following?.record?.closedByAction ?? record.comment?.earlier?.docsPr?.closedByAction ?? false;
  return {
    outcome: judgedOutcome(record),
    skip: job.skipKind,
    // The waiver on the pull request as the run read it (the event's, or GitHub's now for a sweep or sync), or the run's own skip.
    waived: job.skipKind === 'waived' || carriesWaiver(core.settings, record.pullRequest?.labels ?? []),
    working: moment === 'writing' && job.delivery === 'accepted' && job.outcome === 'running',
    revising: moment === 'revising',
    // Left at work without its record: no sweep would ever finish it.
    unrecorded: job.delivery === 'accepted' && (job.outcome === 'submitted' || job.outcome === 'running') && !record.workRecorded,
    docsPr: record.documentationPr,
    closedByAction,
    approved: record.approved,
    previewUrl: record.preview?.status === 'success' ? record.preview.url : undefined,
    pullNumber: record.pullRequest?.number ?? 0,
  };
}

/**
 * What the record keeps of the status this run wrote (`judged`): the head, the facts that do not
 * change on GitHub (the outcome, a skip), and the documentation PR it judged, so that a merge
 * queue's gate (`steps/merge-group.ts`) judges the same again, from GitHub, for that head.
 */
export function judgedOf(record: RunRecord, sha: string): JudgedRecord {
  const decision = record.documentationPr;
  const closedByAction = record.following?.record?.closedByAction ?? record.comment?.earlier?.docsPr?.closedByAction ?? false;
  const docsPr: DocsPrRecord | undefined =
    (decision?.kind === 'found' || decision?.kind === 'unchecked') && isBounded(decision.headRef)
      ? {
          repository: decision.pull.repository,
          number: decision.pull.number,
          ...(decision.kind === 'found' && decision.state.repositoryId !== undefined ? { repositoryId: decision.state.repositoryId } : {}),
          headRef: decision.headRef,
          closedByAction,
        }
      : undefined;
  const { skipKind } = record.job;
  return { sha, outcome: judgedOutcome(record), ...(skipKind ? { skip: skipKind } : {}), ...(docsPr ? { docsPr } : {}) };
}

/** The outcome the gate judges: a revision that ended well leaves the documentation PR to speak, as `sync` judges it. */
function judgedOutcome(record: RunRecord): Outcome {
  const { outcome } = record.job;
  return record.revising && (outcome === 'pr-opened' || outcome === 'no-pr') ? 'synced' : outcome;
}

/**
 * The gate phase: where `approved` waits on it, the documentation PR's approval, read once
 * (`gate/approval.ts`); then the status the run leaves, by the judge, from the record alone.
 * Nothing off a pull-request event.
 */
export async function gatePhase(record: RunRecord, core: Core): Promise<void> {
  if (!record.pullRequest) return;
  const decision = record.documentationPr;
  const open = decision?.kind === 'found' && decision.state.state === 'open' && !decision.state.merged ? decision.pull : undefined;
  const judgedAs = judgedOutcome(record);
  const waitsForApproval = core.settings.docsStatus === 'approved' && (judgedAs === 'pr-opened' || judgedAs === 'synced');
  const client = open && waitsForApproval && core.docs && !core.signal.aborted ? docsClientFor(core.docs, open) : undefined;
  try {
    if (client) record.approved = await readApproval(client, open!, core);
  } catch (error) {
    stoppedBy(record, error, core.signal);
  }
  record.gate = judgeGate(record, core);
}

/**
 * The status while a job this run sent is at work: `pending` on the head the status goes to
 * (`record.statusSha`), once the job was accepted. The run's last status is the publish phase's.
 */
export async function writeWorkingStatus(record: RunRecord, core: Core, moment: 'writing' | 'revising'): Promise<void> {
  const sha = record.statusSha;
  const code = core.code;
  if (!record.pullRequest || !sha || !code || core.signal.aborted) return;
  const working = judgeGate(record, core, moment);
  if (working?.state !== 'pending') return;
  record.gate = working;
  // A revision's pending follows a message the API took: written in a window of its own, as a last write is.
  const client = (): Promise<GitHubApi> => (moment === 'revising' ? code.lastWrite() : code.read());
  const written = await writeGateStatus(working, sha, client, { logger: core.logger, dryRun: core.settings.dryRun });
  record.gateWritten = written.state ?? record.gateWritten;
  record.gateRefused = written.state === undefined && written.refused;
}

/**
 * A status written on a commit the core judged for, in a window of its own (a last write): the
 * merge queue's commit, which is no pull request's head.
 */
export function writeStatusOn(status: GateStatus, sha: string, core: Core): Promise<GateWrite> {
  const code = core.code!;
  return writeGateStatus(status, sha, () => code.lastWrite(), { logger: core.logger, dryRun: core.settings.dryRun });
}

/**
 * The status as the documentation PR stands, written at once in a window of its own: where a job
 * was shown at work but its record could not be written, so that no `pending` waits on a job no
 * sweep will find (the review loop's revision). The one judge, after the one approval read.
 */
export async function writeStatusAsItStands(record: RunRecord, core: Core): Promise<void> {
  const sha = record.statusSha;
  const code = core.code;
  if (!sha || !code) return;
  await gatePhase(record, core);
  if (!record.gate) return;
  const written = await writeGateStatus(record.gate, sha, () => code.lastWrite(), { logger: core.logger, dryRun: core.settings.dryRun });
  record.gateWritten = written.state ?? record.gateWritten;
}
