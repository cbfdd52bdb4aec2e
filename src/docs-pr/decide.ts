import type { AgentJob } from '../api/schemas.js';
import { endsTheStep, GitHubError, pullName, type PullRef, type PullRequestState } from '../github/api.js';
import { isBounded, MAX_OUTSIDE_CHARS, type DocsPrRecord } from '../memory/record.js';
import { isCancellation, type Logger } from '../runtime.js';
import { errorMessage, forLog, quotedForLog } from '../text.js';
import { docsClientFor, noTokenFor, type DocsAccess } from './access.js';
import { pullRequestOfLink, repositoryOfSource, sameRepository } from './target.js';

/**
 * The run's documentation PR, decided once (the contract's *The run's documentation PR*): the
 * record, the follower, the gate, reader impact, the comment and the outputs read this value and
 * decide nothing of it themselves. A documentation PR is the link the job reported, in the job's
 * `source.repository`; where the action can read that repository, a pull request GitHub finds
 * whose head branch is the job's `source.ref` (in that repository, not a fork's branch of the same
 * name); and never the code PR the run works on, nor a pull request on the code PR's own branch.
 * A documentation PR the code PR's record names is held to the same rules before the action acts
 * on it (`decideRecorded`).
 */
export type RunDocsPr =
  /** The job reported no link (or the run has no job). */
  | { readonly kind: 'none' }
  /** The link, or the recorded pull request, is no documentation PR of this run: the gate fails, nothing acts on it. */
  | { readonly kind: 'refused'; readonly why: NotTheDocsPr; readonly pull: PullRef | undefined; readonly message: string }
  /**
   * In the job's repository and on its branch by what the job says, but not checked on GitHub: no
   * token reaches that repository, or GitHub could not answer. It may be recorded (a later run
   * with a token checks it before it acts), but the gate does not pass on it.
   */
  | { readonly kind: 'unchecked'; readonly pull: PullRef; readonly headRef: string; readonly message: string; readonly why: UncheckedWhy }
  /** Found on GitHub, and it is the job's: open, merged, or closed. */
  | { readonly kind: 'found'; readonly pull: PullRef; readonly headRef: string; readonly state: PullRequestState };

/**
 * Why a documentation PR was not checked: no token of the run reaches its repository (a re-run
 * cannot help; `docs-token` can), GitHub did not answer (a re-run can), or nothing in the run
 * needed it.
 */
export type UncheckedWhy = 'no-token' | 'unanswered' | 'not-needed';

/** Why a pull request is not the run's documentation PR, as the comment and the gate say it. */
export type NotTheDocsPr =
  'not-a-pull-request' | 'another-repository' | 'no-repository' | 'no-branch' | 'branch-too-long' | 'code-pr-itself' | 'not-found' | 'not-the-jobs-branch';

/** The code PR the run works on: its documentation PR is never itself, nor on its branch. */
export interface CodePrRef {
  readonly repository: string;
  readonly number: number;
  /** Its head branch, in `repository`. */
  readonly headRef: string;
}

export interface DecideContext {
  /** The runner's GitHub web address: a link elsewhere is not a pull request the action can reach. */
  readonly serverUrl: string;
  readonly codePr: CodePrRef | undefined;
  /** How the documentation repository is read; undefined: nothing in this run reads it (`unchecked`, no warning). */
  readonly access: DocsAccess | undefined;
  readonly logger: Pick<Logger, 'warning'>;
  readonly signal: AbortSignal;
}

/**
 * The run's documentation PR from the job's report. Every refusal, and a link that could not be
 * checked, is one warning. Cancellation ends the decision as it ends every read.
 */
export async function decideReported(job: AgentJob | undefined, context: DecideContext): Promise<RunDocsPr> {
  const link = job?.prLink;
  if (!link) return { kind: 'none' };
  const pull = pullRequestOfLink(link, context.serverUrl);
  if (!pull) {
    return refuse(
      context,
      'not-a-pull-request',
      undefined,
      `The documentation PR link ${forLog(link, 300)} is not a pull request on ${forLog(context.serverUrl, 200)}`,
    );
  }
  const source = repositoryOfSource(job.source?.repository);
  if (!source) {
    return refuse(
      context,
      'no-repository',
      pull,
      `The job reports ${pullName(pull)} but names no repository it worked on (source.repository), so nothing shows it is the job's`,
    );
  }
  if (!sameRepository(source, pull.repository)) {
    return refuse(context, 'another-repository', pull, `The job reports ${pullName(pull)}, outside the repository it worked on (${source})`);
  }
  return decide({ pull, headRef: job.source?.ref ?? '', recorded: false }, context);
}

/**
 * The documentation PR the code PR's verified record names, held to the same rules before the
 * action acts on it (closes, reopens, supersedes, marks ready, measures): found on GitHub, in the
 * recorded repository, on the recorded branch.
 */
export function decideRecorded(recorded: DocsPrRecord, context: DecideContext): Promise<RunDocsPr> {
  const claim = { pull: { repository: recorded.repository, number: recorded.number }, headRef: recorded.headRef, recorded: true };
  return decide(recorded.repositoryId === undefined ? claim : { ...claim, repositoryId: recorded.repositoryId }, context);
}

/**
 * What is claimed of a pull request: where (its repository, by name, and by ID when the record
 * keeps it), its head branch, and who claims it (the job's report, or the record).
 */
interface Claim {
  readonly pull: PullRef;
  readonly repositoryId?: number;
  readonly headRef: string;
  readonly recorded: boolean;
}

async function decide(claim: Claim, context: DecideContext): Promise<RunDocsPr> {
  const { pull, headRef } = claim;
  const name = pullName(pull);
  const code = context.codePr;
  const whose = claim.recorded ? 'the pull-request comment records' : 'the job reports';
  if (code && sameRepository(code.repository, pull.repository) && code.number === pull.number) {
    return refuse(context, 'code-pr-itself', pull, `${capital(whose)} ${name}, which is this pull request itself`);
  }
  // A verified record always names a branch of at most MAX_OUTSIDE_CHARS: only a job's report can fail these two.
  if (!headRef)
    return refuse(context, 'no-branch', pull, `The job reports ${name} but names no branch it worked on (source.ref), so nothing shows it is the job's`);
  if (!isBounded(headRef)) {
    return refuse(
      context,
      'branch-too-long',
      pull,
      `The job reports ${name} on a branch name longer than ${MAX_OUTSIDE_CHARS} characters, which the action does not record`,
    );
  }
  if (code && sameRepository(code.repository, pull.repository) && code.headRef === headRef) {
    return refuse(context, 'code-pr-itself', pull, `${capital(whose)} ${name}, on this pull request's own branch ${quotedForLog(headRef)}`);
  }
  if (!context.access) return { kind: 'unchecked', pull, headRef, message: `${name} was not read: nothing in this run needed it`, why: 'not-needed' };
  const client = docsClientFor(context.access, pull);
  if (!client) return uncheckable(context, pull, headRef, noTokenFor(context.access, pull), 'no-token');
  let state: PullRequestState;
  try {
    state = await (await client).pullRequest(pull.number);
  } catch (error) {
    // Cancellation and the step's deadline end the phase that decides, as they end every read.
    if (isCancellation(error, context.signal) || endsTheStep(error)) throw error;
    if (error instanceof GitHubError && error.status === 404) {
      return refuse(context, 'not-found', pull, `${capital(whose)} ${name}, which GitHub does not find: deleted, or the token cannot see ${pull.repository}`);
    }
    return uncheckable(
      context,
      pull,
      headRef,
      `Could not read documentation PR ${name}: ${errorMessage(error)} It is not taken as the documentation PR in this run.`,
      'unanswered',
    );
  }
  // The repository as GitHub names it now: a renamed one answers under its new name, and a
  // recorded ID says it is the same repository all the same.
  const base = state.baseRepository ?? pull.repository;
  const sameBase =
    claim.repositoryId !== undefined && state.repositoryId !== undefined ? claim.repositoryId === state.repositoryId : sameRepository(base, pull.repository);
  const head = state.headRepository;
  if (!sameBase || state.headRef !== headRef || head === undefined || !sameRepository(head, base)) {
    const seen = `${head ? `${head}:` : 'a deleted fork:'}${state.headRef}`;
    return refuse(
      context,
      'not-the-jobs-branch',
      pull,
      `${capital(whose)} ${name}, whose head is ${quotedForLog(seen)}, not the job's branch ${quotedForLog(`${pull.repository}:${headRef}`)}`,
    );
  }
  return { kind: 'found', pull, headRef, state };
}

function refuse(context: DecideContext, why: NotTheDocsPr, pull: PullRef | undefined, said: string): RunDocsPr {
  const message = `${said}: it is not taken as the documentation PR, and is left as it is.`;
  context.logger.warning(message);
  return { kind: 'refused', why, pull, message };
}

function uncheckable(context: DecideContext, pull: PullRef, headRef: string, message: string, why: UncheckedWhy): RunDocsPr {
  context.logger.warning(message);
  return { kind: 'unchecked', pull, headRef, message, why };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The documentation PR a decision names, verified or not: what the record may keep. */
export function pullOf(decision: RunDocsPr | undefined): PullRef | undefined {
  return decision && (decision.kind === 'found' || decision.kind === 'unchecked') ? decision.pull : undefined;
}
