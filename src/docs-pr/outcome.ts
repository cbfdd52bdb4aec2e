import type { DocsPrAction } from '../constants.js';
import type { PullRef, PullRequestState } from '../github/api.js';
import type { DocsPrRecord } from '../memory/record.js';
import type { RunDocsPr } from './decide.js';

/**
 * What following the documentation PR did in this run, for the run record: the `docs-pr-action`
 * output, the documentation PR the code PR's record names now, and what the comment and the
 * summary say of it.
 */
export interface DocsPrOutcome {
  readonly action: DocsPrAction;
  /** The documentation PR the code PR's record names after this run. */
  readonly record: DocsPrRecord | undefined;
  /** What the comment and the summary say of it: which pull request, how it stands, and the one it superseded. */
  readonly shown: DocsPrShown | undefined;
  /**
   * This run acted on the documentation PR (linked a new one, closed, reopened or superseded it):
   * its record stands against what another run recorded meanwhile. Otherwise the newer record wins.
   */
  readonly acted: boolean;
  /** The run's documentation PR as GitHub answered this run's own change of it (closed, reopened). */
  readonly changed: PullRequestState | undefined;
  /** An earlier documentation PR the recorded one replaced, not closed yet: the record keeps it until it is. */
  readonly supersedes?: DocsPrRecord;
}

/** The code pull request, as the documentation PR's comment names it. */
export interface CodePr {
  readonly repository: string;
  readonly number: number;
  /** Its title, outside text: shown as code, never as Markdown. */
  readonly title: string;
  /** Its web page, made by the action from the server, the repository and the number. */
  readonly url: string;
}

/** Where the documentation PR stands after this run, as its comment says it. */
export type DocsPrStage =
  | { readonly kind: 'linked' }
  | { readonly kind: 'merged'; readonly markedReady: boolean }
  | { readonly kind: 'closed' }
  | { readonly kind: 'superseded'; readonly newer: string; readonly newerLink: string }
  | { readonly kind: 'reopened' }
  /** Held for the release (`docs-publish: on-release`): it waits for a release that contains the merge commit. */
  | { readonly kind: 'waits-for-release'; readonly mergeCommit: string }
  /** Released: a published release contains the merge commit, and it was marked ready for review. */
  | { readonly kind: 'released'; readonly release: ReleaseShown };

/** A release as the comments name it: its tag and title (outside text) and its page, which the action makes. */
export interface ReleaseShown {
  readonly tag: string;
  readonly name: string;
  readonly url: string;
}

/** The documentation PR's state as the code PR's comment shows it. */
export type DocsPrState =
  | 'linked'
  | 'closed'
  | 'reopened'
  | 'marked-ready'
  | 'commented'
  | 'left-alone-merged'
  | 'left-alone-closed'
  | 'approved'
  | 'merged'
  | 'mismatch'
  | 'elsewhere'
  | 'code-pr-itself'
  | 'unverifiable'
  | 'unchecked'
  | 'not-updated'
  | 'not-found'
  | 'revising'
  | 'waits-for-release'
  | 'released'
  | 'found-ready';

/** What the record alone says of its documentation PR: closed by this action, held for the release and how that ended, or linked. */
export function stateOfRecord(record: DocsPrRecord): DocsPrState {
  if (record.closedByAction) return 'closed';
  const release = record.release;
  if (!release) return 'linked';
  return release.releasedIn !== undefined ? 'released' : release.foundReady ? 'found-ready' : 'waits-for-release';
}

/** What the record alone says of the release its documentation PR waits for, or was released with. */
export function releaseOfRecord(record: DocsPrRecord): DocsPrShown['release'] {
  const release = record.release;
  return release && { mergeCommit: release.mergeCommit, ...(release.releasedIn !== undefined ? { tag: release.releasedIn } : {}) };
}

export interface DocsPrShown {
  readonly pull: PullRef;
  readonly state: DocsPrState;
  readonly superseded?: string;
  /** Held for the release: the merge commit it waits for, and the release that released it (the record keeps only its tag). */
  readonly release?: { readonly mergeCommit: string; readonly tag?: string; readonly name?: string; readonly url?: string };
}

/**
 * What the comment says of a decision that is no verified documentation PR (`docs-pr/decide.ts`):
 * the pull request shown as what it is. Undefined for a verified one (the follower says how it
 * stands), for none, and for a link that names no pull request (its warning says what it is).
 */
export function shownOfDecision(decision: RunDocsPr | undefined): DocsPrShown | undefined {
  if (decision?.kind === 'unchecked') return { pull: decision.pull, state: 'unchecked' };
  if (decision?.kind !== 'refused' || !decision.pull) return undefined;
  const state: DocsPrState =
    decision.why === 'not-found'
      ? 'not-found'
      : decision.why === 'not-the-jobs-branch'
        ? 'mismatch'
        : decision.why === 'another-repository'
          ? 'elsewhere'
          : decision.why === 'code-pr-itself'
            ? 'code-pr-itself'
            : 'unverifiable';
  return { pull: decision.pull, state };
}
