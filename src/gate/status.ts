import { GATE_CONTEXT, type GateState } from '../constants.js';
import { GitHubError, type GitHubApi } from '../github/api.js';
import type { Logger } from '../runtime.js';
import { errorMessage } from '../text.js';
import type { GateStatus } from './policy.js';

/**
 * What a status write came to: the state GitHub took, or none, and then whether GitHub refused it
 * (a 4xx: a missing permission, a fork's read-only token, which the same run would meet again).
 */
export type GateWrite = { readonly state: GateState } | { readonly state: undefined; readonly refused: boolean };

/**
 * The one writer of the `documentation` status, for `command: agent` and `command: sync`: on the
 * code PR's head commit, with the client the caller gives for this write's window. A status that
 * cannot be written (a fork's read-only token, no `statuses: write`, GitHub failing, the window
 * running out) is one warning that names what to give, and the run goes on.
 */
export async function writeGateStatus(
  status: GateStatus,
  sha: string,
  client: () => Promise<GitHubApi>,
  context: { readonly logger: Pick<Logger, 'info' | 'warning'>; readonly dryRun: boolean },
): Promise<GateWrite> {
  if (context.dryRun) {
    context.logger.info(`Dry run: would set the ${GATE_CONTEXT} status of ${sha} to ${status.state} (${status.description}).`);
    return { state: undefined, refused: false };
  }
  try {
    await (await client()).setCommitStatus(sha, { ...status, context: GATE_CONTEXT });
    context.logger.info(`Documentation gate: ${status.state} on ${sha} (${status.description}).`);
    return { state: status.state };
  } catch (error) {
    const refused = isRefusal(error);
    // Cut off by the step's cancellation: the last writes write it again, in a window of their own.
    if (error instanceof GitHubError && error.kind === 'cancelled') return { state: undefined, refused: false };
    context.logger.warning(`Could not set the ${GATE_CONTEXT} status on ${sha}: ${whyNot(error)}`);
    return { state: undefined, refused };
  }
}

/** A rate limit: GitHub answers it 429, or 403 saying so (primary and secondary limits). */
function isRateLimit(error: GitHubError): boolean {
  return error.status === 429 || (error.status === 403 && /rate limit/i.test(error.answer ?? error.message));
}

/**
 * GitHub refused the write for good (a 4xx other than a rate limit: a missing permission, a
 * fork's read-only token), which the same run would meet again.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof GitHubError && error.kind === 'http' && error.status !== undefined && error.status < 500 && !isRateLimit(error);
}

/** Why a status could not be written: a 403 names the permission (and the fork's read-only token); a rate limit says so. */
function whyNot(error: unknown): string {
  if (error instanceof GitHubError && isRateLimit(error)) return `${error.message} GitHub's rate limit held it back: it is not a missing permission.`;
  if (error instanceof GitHubError && error.status === 403) {
    return `GitHub answered 403 (${error.answer ?? 'forbidden'}): give the job "permissions: statuses: write" (in the documentation repository's workflow, code-token needs "Commit statuses: write" on the code repository). A pull request from a fork gets a read-only token; the documentation gate guide shows a workflow that still leaves the status.`;
  }
  return errorMessage(error);
}
