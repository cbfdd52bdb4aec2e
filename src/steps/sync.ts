import { GATE_CONTEXT, Outputs, type DocsPrAction, type GateState } from '../constants.js';
import { serverUrlFrom, sameRepository, repoName } from '../docs-pr/target.js';
import { gateStatus, isApproved, type DocsPrStanding, type GateStatus } from '../gate/policy.js';
import { pullName, repoFromEnv, type GitHubApi, type PullRequestState } from '../github/api.js';
import type { BackLinkRecord } from '../memory/record.js';
import { RecordSeal } from '../memory/seal.js';
import { PullRequestComment } from '../pr-comment/comment.js';
import { renderDocsPrSection, type DocsPrState } from '../report/docs-pr-report.js';
import { renderSyncSummary, type SyncView } from '../report/sync-report.js';
import { isCancellation } from '../runtime.js';
import type { SyncSettings } from '../settings.js';
import { errorMessage } from '../text.js';
import { gitHubClients } from './agent/github.js';
import { runUrlOf } from './agent/gate.js';
import type { StepContext, StepReport } from './step.js';

/** What a sync run found and did, filled as it goes. */
type SyncRun = { -readonly [K in keyof SyncView]: SyncView[K] };

/**
 * `command: sync`, on a documentation PR's own events (a review submitted or dismissed; the pull
 * request closed, reopened or pushed to), in the documentation repository's workflow or in the
 * same workflow as the code: it finds the code PR through this action's sealed back-link on the
 * documentation PR, and brings the code PR in step — the `documentation` status on the code PR's
 * current head, and the documentation PR's state in the code PR's comment. No job, no request to
 * the documentation API. Without a back-link, or when the code PR's record names another
 * documentation PR (or none), it does nothing (outcome `skipped`).
 */
export async function syncStep(settings: SyncSettings, context: StepContext): Promise<StepReport> {
  const { logger, signal } = context;
  const docs = docsPullRequestOf(context.event);
  const repo = repoFromEnv(context.env);
  const repository = repo ? `${repo.owner}/${repo.repo}` : '';
  const run: SyncRun = {
    outcome: 'synced',
    docsPr: docs ? `${repository}#${docs.number}` : repository,
    codePr: undefined,
    standing: undefined,
    gate: undefined,
    written: undefined,
    commentUpdated: false,
    reason: undefined,
  };
  const seal = RecordSeal.fromApiKey(settings.apiKey);
  const github = gitHubClients(settings, context);
  try {
    if (!docs || !repo) throw new Error('The event names no pull request, or GITHUB_REPOSITORY is not set: there is no documentation PR to sync.');
    if (!settings.githubToken) throw new Error('Input "github-token" is empty: it is needed to read the documentation PR\'s back-link.');
    // The documentation PR's own comments: the back-link this action left, if it verifies.
    const docsGitHub = await github(settings.githubToken, repo, context.deadline.at);
    const backLink = await backLinkOn(docsGitHub, repository, docs.number, seal, context);
    if (!backLink) {
      run.outcome = 'skipped';
      run.reason = `This pull request carries no back-link of this action's that verifies: it documents no code PR the action follows, so there is nothing to bring in step.`;
      logger.notice(run.reason);
      return report(run, settings, context);
    }
    const code = backLink.codePr;
    run.codePr = pullName(code);
    const codeToken = settings.codeToken || (sameRepository(code.repository, repository) ? settings.githubToken : '');
    if (!codeToken) {
      throw new Error(
        `The code PR ${run.codePr} is in another repository than this workflow's (${repository}): give code-token a token with "Commit statuses: write" and "Pull requests: write" on ${code.repository}, e.g. from actions/create-github-app-token.`,
      );
    }
    if (settings.dryRun) {
      run.outcome = 'dry-run';
      logger.info(`Dry run: would bring code PR ${run.codePr} in step; nothing was changed on GitHub.`);
      return report(run, settings, context);
    }
    const codeGitHub = await github(codeToken, repoName(code.repository), context.deadline.wrapUpAt);
    const codePull = await codeGitHub.pullRequest(code.number);
    const comment = await PullRequestComment.find(
      codeGitHub,
      { repository: code.repository, number: code.number, headSha: codePull.headSha },
      { logger, clock: context.clock, seal, bySeal: true },
    );
    // Only the documentation PR the code PR's sealed record names speaks for the code PR: an
    // earlier one (superseded, closed by the action, or left open) keeps its back-link, and its
    // approval or closing must not set the status the newer one holds.
    const earlier = comment?.earlier;
    const recorded = earlier?.docsPr;
    if (!comment || !earlier || !recorded || !sameRepository(recorded.repository, repository) || recorded.number !== docs.number) {
      run.outcome = 'skipped';
      run.reason = earlier
        ? `The code PR ${run.codePr}'s record names another documentation PR than ${run.docsPr}: it speaks for the code PR, so its status and comment are left as they are.`
        : `The code PR ${run.codePr} has no comment of this action's with a record that verifies, so nothing says ${run.docsPr} is its documentation PR: its status and comment are left as they are.`;
      logger.notice(run.reason);
      return report(run, settings, context);
    }
    run.standing = await standingOf(docs, recorded.closedByAction, settings, docsGitHub, context);
    run.gate =
      settings.docsStatus === 'off'
        ? undefined
        : gateStatus({
            mode: settings.docsStatus,
            waiveLabel: settings.waiveLabel,
            waivedBy: codePull.labels.some((label) => label.toLowerCase() === settings.waiveLabel.toLowerCase()) ? settings.waiveLabel : undefined,
            outcome: 'synced',
            docsPr: { name: run.docsPr, url: `${serverUrlFrom(context.env)}/${repository}/pull/${docs.number}`, standing: run.standing },
            runUrl: runUrlOf(context.env, docs.number),
          });
    if (run.gate) run.written = await writeStatus(codeGitHub, codePull, run.gate, context);
    const docsPrRecord = { ...recorded, closedByAction: run.standing === 'closed-by-action' };
    const section = renderDocsPrSection(run.docsPr, stateOf(run.standing));
    run.commentUpdated = await comment.rewriteTail({ ...earlier, docsPr: docsPrRecord }, section, run.gate);
  } catch (error) {
    run.outcome = isCancellation(error, signal) ? 'cancelled' : 'error';
    run.reason = run.outcome === 'cancelled' ? 'Cancelled while bringing the code PR in step.' : errorMessage(error);
  }
  return report(run, settings, context);
}

/** The documentation PR of the event: a review's pull request, or the pull request itself. */
function docsPullRequestOf(event: StepContext['event']): { number: number; merged: boolean; closed: boolean } | undefined {
  const pr = event.payload.pull_request as { number?: unknown; merged?: unknown; state?: unknown } | undefined;
  if (typeof pr?.number !== 'number') return undefined;
  return { number: pr.number, merged: pr.merged === true, closed: pr.state === 'closed' };
}

async function backLinkOn(github: GitHubApi, repository: string, number: number, seal: RecordSeal, context: StepContext): Promise<BackLinkRecord | undefined> {
  const found = await PullRequestComment.find(github, { repository, number, headSha: '' }, { logger: context.logger, clock: context.clock, seal });
  return found?.backLink;
}

/**
 * Where the documentation PR stands: merged; closed unmerged, by this action (its code PR was
 * closed: the code PR's record says so) or by someone else; or open, and approved when its
 * reviews approve it (read only when the gate waits for an approval).
 */
async function standingOf(
  docs: { merged: boolean; closed: boolean; number: number },
  closedByAction: boolean,
  settings: SyncSettings,
  github: GitHubApi,
  context: StepContext,
): Promise<DocsPrStanding> {
  if (docs.merged) return 'merged';
  if (docs.closed) return closedByAction ? 'closed-by-action' : 'closed-by-someone';
  if (settings.docsStatus !== 'approved') return 'open';
  try {
    return isApproved(await github.reviewState(docs.number)) ? 'approved' : 'open';
  } catch (error) {
    if (isCancellation(error, context.signal)) throw error;
    context.logger.warning(`Could not read the documentation PR's reviews: ${errorMessage(error)} The gate waits for them.`);
    return 'open';
  }
}

function stateOf(standing: DocsPrStanding | undefined): DocsPrState {
  switch (standing) {
    case 'merged':
      return 'merged';
    case 'approved':
      return 'approved';
    case 'closed-by-action':
      return 'closed';
    case 'closed-by-someone':
      return 'left-alone-closed';
    default:
      return 'linked';
  }
}

/** The status on the code PR's current head; a failure to write it is one warning, and the run goes on. */
async function writeStatus(github: GitHubApi, codePull: PullRequestState, gate: GateStatus, context: StepContext): Promise<GateState | undefined> {
  try {
    await github.setCommitStatus(codePull.headSha, { ...gate, context: GATE_CONTEXT });
    context.setOutput(Outputs.DocsStatusState, gate.state);
    context.logger.info(`Documentation gate: ${gate.state} on ${codePull.headSha} (${gate.description}).`);
    return gate.state;
  } catch (error) {
    if (isCancellation(error, context.signal)) throw error;
    context.logger.warning(`Could not set the ${GATE_CONTEXT} status on ${codePull.headSha}: ${errorMessage(error)}`);
    return undefined;
  }
}

function report(run: SyncRun, settings: SyncSettings, context: StepContext): StepReport {
  const action: DocsPrAction = run.written !== undefined || run.commentUpdated ? 'synced' : 'none';
  return {
    outputs: {
      [Outputs.Outcome]: run.outcome,
      [Outputs.DocsPrAction]: action,
      [Outputs.Requests]: String(context.client.requestCount),
    },
    summary: renderSyncSummary(run),
    closingLine: `Outcome: ${run.outcome} · docs PR ${action}${run.written ? ` · ${GATE_CONTEXT} ${run.written}` : ''}`,
    failure: run.outcome === 'error' || run.outcome === 'cancelled' ? run.reason : undefined,
  };
}
