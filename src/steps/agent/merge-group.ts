import { newRun } from '../../agent/run-agent.js';
import { GATE_CONTEXT, Outputs, type GateState, type Outcome, type SkipKind } from '../../constants.js';
import type { Core } from '../../core/context.js';
import { decideContextOf } from '../../core/docs-pr.js';
import { gatePhase, judgeGate, writeStatusOn } from '../../core/gate.js';
import { codePullOf, newRecord, type RunRecord } from '../../core/record.js';
import { decideRecorded } from '../../docs-pr/decide.js';
import { mergeGroupOf, workflowRepositoryOf } from '../../event.js';
import { carriesWaiver, runUrlOf } from '../../gate/facts.js';
import { inMergeQueue, queueStopStatus, type GateStatus, type QueueStop } from '../../gate/policy.js';
import { emptyGitHubToken } from '../../github/calls.js';
import { gitHubClients } from '../../github/clients.js';
import { GitHubError, isCommitSha, type PullRequestState } from '../../github/api.js';
import { carriedBackLink } from '../../memory/back-link.js';
import { CodePrComment } from '../../memory/code-pr-comment.js';
import { sameRepository } from '../../docs-pr/target.js';
import type { CommentRecord, DocsPrRecord } from '../../memory/record.js';
import { RecordSeal, type RepositoryIdentity } from '../../memory/seal.js';
import { codeSpan, escapeText, keyValueTable, MAX_MESSAGE_CHARS } from '../../report/markdown.js';
import { renderSentence } from '../../report/gate-report.js';
import { isCancellation, Phase } from '../../runtime.js';
import type { AgentSettings } from '../../settings.js';
import { errorMessage } from '../../text.js';
import { coreOf, type StepContext, type StepReport } from '../step.js';

/**
 * A merge queue's entry (`merge_group`, `checks_requested`) with `docs-status`: GitHub requires
 * every required status on the queue's own commit, which no pull-request run writes. The step
 * finds the pull request the group's head ref names, reads its comment's verified record (the one
 * rule of "ours": `memory/code-pr-comment.ts`), judges the pull request's gate again from GitHub by
 * the one judge (`core/gate.ts`), for its head now, and writes `documentation` on the group's
 * commit: `success` only where the pull request's own gate would be `success` now; what would wait
 * fails (`inMergeQueue`). No job, no comment, nothing on the documentation side. Reads: the pull
 * request, its comments (bounded), the identity that writes them, the documentation PR and its
 * approval; then the one status, in a window of its own, whatever stopped the reads.
 *
 * Without `docs-status` (nothing to gate), and on `destroyed` (the entry left the queue), the step
 * does nothing: `skipped`. The payload is believed for the group's commit and the pull request's
 * number only; everything else is read from GitHub now, so a re-run of an old event judges anew.
 */
export async function mergeGroupStep(settings: AgentSettings, context: StepContext): Promise<StepReport> {
  const group = mergeGroupOf(context.event)!;
  const run: QueueRun = { outcome: 'gated', number: group.pullNumber, sha: group.headSha, gate: undefined, written: undefined, reason: undefined };
  if (group.action !== 'checks_requested')
    return skipped(run, context, `The merge group was ${group.action || 'changed'}, not checks_requested: there is no commit to gate.`);
  if (settings.docsStatus === 'off') {
    return skipped(run, context, "On a merge queue the action only gates the queue's commit, and docs-status is false: there is nothing to gate.");
  }
  const repository = workflowRepositoryOf(context.event, context.env);
  if (!isCommitSha(group.headSha) || !repository) {
    return ended(run, 'error', 'The merge_group event gives no head_sha, or GITHUB_REPOSITORY is not set: there is no commit to gate.');
  }
  if (!settings.githubToken) {
    return ended(
      run,
      'error',
      emptyGitHubToken(['read the pull request', 'write the documentation status'], ['Pull requests: read', 'Commit statuses: write']),
    );
  }
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const readsDocs = { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name };
  const core = coreOf(
    settings,
    context,
    { code: { repository, token: settings.githubToken }, docs: readsDocs, quiet: true },
    gitHubClients(settings, context),
    seal,
  );
  const runUrl = runUrlOf(context.env, group.pullNumber ?? 0);
  run.gate = await context.logger.phase(Phase.Gate, async () => {
    try {
      return await judgeQueueEntry(group.pullNumber, repository, core);
    } catch (error) {
      if (isCancellation(error, context.signal)) return queueStopStatus({ kind: 'cancelled' }, settings.waiveLabel, runUrl);
      context.logger.warning(`Could not judge the pull request's documentation gate: ${errorMessage(error)}`);
      return queueStopStatus({ kind: 'unreadable', number: group.pullNumber ?? 0 }, settings.waiveLabel, runUrl);
    }
  });
  const gate = run.gate;
  const written = await context.logger.phase(Phase.Publish, () => writeStatusOn(gate, group.headSha, core));
  run.written = written.state;
  if (settings.dryRun) return ended(run, 'dry-run', undefined);
  if (context.signal.aborted) return ended(run, 'cancelled', "Cancelled while gating the merge queue's commit.");
  // A status GitHub did not take leaves the queue's check unreported: the step fails, saying so (the warning said why).
  if (!written.state) return ended(run, 'error', `The ${GATE_CONTEXT} status could not be written on the merge queue's commit ${group.headSha}.`);
  return ended(run, 'gated', undefined);
}

/**
 * The pull request's gate, judged again for its head now, as the queue's commit takes it. A
 * failure to read what the judge needs is thrown (the caller writes `failure`); what the judge
 * reads of the documentation PR fails as it would on the pull request (not checked: `failure`).
 */
async function judgeQueueEntry(number: number | undefined, repository: RepositoryIdentity, core: Core): Promise<GateStatus> {
  const { settings, logger } = core;
  const runUrl = runUrlOf(core.env, number ?? 0);
  const stop = (why: QueueStop): GateStatus => {
    const gate = queueStopStatus(why, settings.waiveLabel, runUrl);
    logger.notice(`Merge queue: ${gate.description}`);
    return gate;
  };
  if (number === undefined) return stop({ kind: 'no-pull-request' });
  const code = await core.code!.read();
  let pull: PullRequestState;
  try {
    pull = await code.pullRequest(number);
  } catch (error) {
    if (error instanceof GitHubError && error.status === 404) return stop({ kind: 'pull-request-not-found', number });
    throw error;
  }
  const pullRequest = codePullOf(pull);
  const record = newRecord({ pullRequest, repository, job: newRun(undefined, '', core.clock.now(), 'running') });
  // The waiver is read from GitHub now: it passes whatever the record says, as on the pull request.
  if (carriesWaiver(settings, pull.labels)) return judged(record, core, { outcome: 'skipped', skip: 'waived' });
  const comment = await CodePrComment.read(code, { repository, number, headSha: pull.headSha }, { logger, clock: core.clock, seal: core.seal });
  // The action's own documentation PR (in the code's repository): its back-link says so, as its own run skips it.
  if (carriedBackLink(comment.comments, { repository, number }, core.seal)) return judged(record, core, { outcome: 'skipped', skip: 'own-docs-pr' });
  const earlier = comment.earlier;
  if (!earlier) return stop({ kind: 'no-record', number });
  record.comment = comment;
  if (earlier.working && (earlier.revising?.statusSha ?? earlier.headSha) === pull.headSha) {
    // The judge's pending for a job at work, which the queue fails: it cannot wait for a sweep.
    record.job.delivery = 'accepted';
    record.workRecorded = true;
    return inMergeQueue(judgeGate(record, core, earlier.revising ? 'revising' : 'writing')!);
  }
  const basis = earlier.judged;
  // A waiver judged then but taken off since leaves the head judged by nothing that stands.
  if (!basis || basis.sha !== pull.headSha || basis.skip === 'waived') return stop({ kind: 'not-judged', number, sha: pull.headSha });
  const docsPr = recordedDocsPr(earlier, basis.docsPr);
  record.documentationPr = docsPr ? await decideRecorded(docsPr, decideContextOf(record, core)) : undefined;
  return judged(record, core, { outcome: basis.outcome, skip: basis.skip });
}

/** The documentation PR the status was judged on, with the record's own entry for it where it keeps one (whether the action closed it). */
function recordedDocsPr(earlier: CommentRecord, judgedPr: DocsPrRecord | undefined): DocsPrRecord | undefined {
  const kept = earlier.docsPr;
  if (!judgedPr) return undefined;
  return kept && kept.number === judgedPr.number && sameRepository(kept.repository, judgedPr.repository) ? kept : judgedPr;
}

/** The judge's status for the facts the record gave (after the approval read, where `approved` waits on one), as the queue takes it. */
async function judged(record: RunRecord, core: Core, basis: { readonly outcome: Outcome; readonly skip?: SkipKind }): Promise<GateStatus> {
  record.job.outcome = basis.outcome;
  if (basis.skip) record.job.skipKind = basis.skip;
  await gatePhase(record, core);
  return inMergeQueue(record.gate!);
}

/** What a merge queue's run found and did, as its summary and outputs show it. */
interface QueueRun {
  outcome: 'gated' | 'skipped' | 'dry-run' | 'cancelled' | 'error';
  readonly number: number | undefined;
  readonly sha: string;
  gate: GateStatus | undefined;
  written: GateState | undefined;
  reason: string | undefined;
}

function skipped(run: QueueRun, context: StepContext, reason: string): StepReport {
  context.logger.notice(reason);
  return ended(run, 'skipped', reason);
}

function ended(run: QueueRun, outcome: QueueRun['outcome'], reason: string | undefined): StepReport {
  run.outcome = outcome;
  run.reason = reason;
  const failure = outcome === 'error' || outcome === 'cancelled' ? reason : undefined;
  return {
    outputs: {
      [Outputs.Outcome]: outcome,
      ...(run.written ? { [Outputs.DocsStatusState]: run.written } : {}),
      // The queue's commit is gated from GitHub alone: no request to the API, on every path.
      [Outputs.Requests]: '0',
    },
    summary: renderQueueSummary(run),
    closingLine: `Outcome: ${outcome}${run.written ? ` · ${GATE_CONTEXT} ${run.written} on the merge queue's commit` : ''}`,
    failure,
  };
}

const OUTCOME_TEXT: Record<QueueRun['outcome'], string> = {
  gated: '🚦 The merge queue’s commit was gated',
  skipped: '⏭️ Nothing to gate',
  'dry-run': '🧪 Dry run: nothing written',
  cancelled: '🛑 Cancelled',
  error: '⚠️ Stopped by an error',
};

function renderQueueSummary(run: QueueRun): string {
  const rows: Array<readonly [string, string]> = [
    ['Outcome', `**${OUTCOME_TEXT[run.outcome]}** (\`${run.outcome}\`)`],
    ['Pull request', run.number !== undefined ? codeSpan(`#${run.number}`, 'cell') : '—'],
    ['Merge queue commit', run.sha ? codeSpan(run.sha, 'cell') : '—'],
    [`Status \`${GATE_CONTEXT}\``, run.gate ? `${run.written ? escapeText(run.written) : 'not written'}: ${renderSentence(run.gate, 'cell')}` : '—'],
  ];
  const parts = ['## Documentation gate on the merge queue', '', keyValueTable(rows)];
  if (run.reason) parts.push('', codeSpan(run.reason, 'text', MAX_MESSAGE_CHARS));
  return `${parts.join('\n')}\n`;
}
