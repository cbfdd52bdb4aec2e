import type { GateState, Outcome } from '../constants.js';
import type { ReviewState } from '../github/api.js';
import { oneLine } from '../text.js';

/**
 * The documentation gate's policy, as a pure function: what the `documentation` commit status says
 * for what a run found (the event, the record, the outcome). Every run on a pull-request event
 * leaves one, so a branch rule that requires it never waits for ever: skips, waivers and
 * failures included. The table is the contract's (*The documentation gate*).
 */

/** `written`: success once the documentation PR is open; `approved`: once it is approved or merged. */
export type GateMode = 'written' | 'approved';

/** Why a run sent nothing, as the gate tells them apart. */
export type SkipKind = 'fork' | 'own-docs-pr' | 'filtered' | 'no-change' | 'covered' | 'waived';

/** Where the documentation PR stands, as far as this run knows. */
export type DocsPrStanding = 'open' | 'approved' | 'merged' | 'closed-by-action' | 'closed-by-someone';

export interface GateDocsPr {
  /** `owner/name#number`. */
  readonly name: string;
  /** Its page, made by the action from the server, the repository and the number. */
  readonly url: string;
  /** Its preview, when one is ready (an `https` URL). */
  readonly previewUrl?: string;
  readonly standing: DocsPrStanding;
}

export interface GateFacts {
  readonly mode: GateMode;
  /** The label that waives the gate (`waive-label`), for the descriptions that offer it. */
  readonly waiveLabel: string;
  /** The waiver label, when the code PR carries it. */
  readonly waivedBy?: string;
  /** The job was created or messaged and is being worked on (the status while the step waits). */
  readonly working?: boolean;
  readonly outcome: Outcome;
  readonly skip?: SkipKind;
  readonly docsPr?: GateDocsPr;
  /** This workflow run's page: the link of every status that is not about the documentation PR. */
  readonly runUrl: string;
}

export interface GateStatus {
  readonly state: GateState;
  /** At most GitHub's 140 characters, on one line, outside text cleaned. */
  readonly description: string;
  /**
   * The same sentence, whole, in parts: the words, and apart from them the names in it (a pull
   * request, a label), so that Markdown can show a name as code: `owner/name#5` written as text
   * is a reference GitHub links, and a label is text from outside.
   */
  readonly sentence: readonly SentencePart[];
  readonly targetUrl: string;
}

/** Words of the action's own, or a name (`{ name }`) from the event, the record or an input. */
export type SentencePart = string | { readonly name: string };

/** A sentence whose interpolated values are names, kept apart from its words. */
function said(words: TemplateStringsArray, ...names: string[]): SentencePart[] {
  const parts: SentencePart[] = [];
  words.forEach((word, index) => {
    if (word) parts.push(word);
    const name = names[index];
    if (name !== undefined) parts.push({ name });
  });
  return parts;
}

/** GitHub keeps 140 characters of a status's description. */
export const DESCRIPTION_MAX_CHARS = 140;

/**
 * The status for what a run found; undefined for a dry run, which changes nothing on GitHub. The
 * order matters: a waiver wins over everything, then a job at work, then a documentation PR closed
 * unmerged by someone else, then the outcome.
 */
export function gateStatus(facts: GateFacts): GateStatus | undefined {
  const { mode, docsPr, outcome } = facts;
  const atRun = (state: GateState, sentence: SentencePart[]): GateStatus => status(state, sentence, facts.runUrl);
  const atDocsPr = (state: GateState, sentence: SentencePart[], url = docsPr!.url): GateStatus => status(state, sentence, url);
  const waive = said`, or add the label ${facts.waiveLabel} to waive it`;
  if (outcome === 'dry-run') return undefined;
  if (facts.waivedBy) return atRun('success', said`Waived: the pull request carries the label ${facts.waivedBy}`);
  if (facts.working) return atRun('pending', said`The documentation agent is writing the documentation for this pull request`);
  if (docsPr?.standing === 'closed-by-someone') return atDocsPr('failure', said`The documentation PR ${docsPr.name} was closed without merging`);
  switch (outcome) {
    case 'pr-opened':
    case 'synced':
      if (!docsPr) {
        return outcome === 'synced'
          ? atRun('success', said`No documentation PR is recorded for this pull request`)
          : mode === 'written'
            ? atRun('success', said`The documentation agent opened a documentation PR`)
            : atRun('failure', [...said`The documentation PR cannot be followed to its approval (its link is not a pull request here)`, ...waive]);
      }
      return docsPrStatus(mode, docsPr, atDocsPr);
    case 'no-pr':
      return atRun('success', said`No documentation change needed: the documentation agent changed nothing`);
    case 'skipped':
      return skipStatus(facts.skip, waive, atRun);
    case 'failed':
      return atRun('failure', [...said`The documentation agent failed; re-run the workflow`, ...waive]);
    case 'archived':
      return atRun('failure', [...said`The documentation job was archived; re-run the workflow`, ...waive]);
    case 'timed-out':
      return atRun('failure', [...said`The documentation job was still running at the step's timeout; a re-run attaches to it`, ...waive]);
    case 'error':
      return atRun('failure', [...said`The documentation step stopped on an error; re-run the workflow`, ...waive]);
    case 'cancelled':
      return atRun('error', said`Cancelled: the documentation job may still run; a re-run attaches to it`);
    case 'submitted':
    case 'running':
      return atRun('pending', said`The documentation agent is writing (the step did not wait); a later run sets this status`);
  }
}

function docsPrStatus(mode: GateMode, docsPr: GateDocsPr, atDocsPr: (state: GateState, sentence: SentencePart[], url?: string) => GateStatus): GateStatus {
  switch (docsPr.standing) {
    case 'merged':
      return atDocsPr('success', said`The documentation PR ${docsPr.name} is merged`);
    case 'approved':
      return atDocsPr('success', said`The documentation PR ${docsPr.name} is approved`);
    case 'closed-by-action':
      return atDocsPr('success', said`The documentation PR ${docsPr.name} was closed with this pull request`);
    default:
      return mode === 'written'
        ? atDocsPr('success', said`The documentation PR ${docsPr.name} is open`, docsPr.previewUrl ?? docsPr.url)
        : atDocsPr('pending', said`Waiting for the approval of the documentation PR ${docsPr.name}`);
  }
}

function skipStatus(skip: SkipKind | undefined, waive: SentencePart[], atRun: (state: GateState, sentence: SentencePart[]) => GateStatus): GateStatus {
  switch (skip) {
    case 'filtered':
      return atRun('success', said`No documentation needed: only files the filters leave out changed`);
    case 'no-change':
      return atRun('success', said`No documentation needed: the event carries no change`);
    case 'own-docs-pr':
      return atRun('success', said`This is a documentation PR the action keeps in step with its code PR`);
    case 'waived':
      return atRun('success', said`Waived`);
    case 'fork':
      return atRun('failure', [...said`Not documented: a pull request from a fork is not sent to the agent`, ...waive]);
    case 'covered':
    case undefined:
      return atRun('pending', said`The documentation job already has this commit; its outcome sets this status`);
  }
}

function status(state: GateState, sentence: SentencePart[], targetUrl: string): GateStatus {
  const description = sentence.map((part) => (typeof part === 'string' ? part : part.name)).join('');
  return { state, description: oneLine(description, DESCRIPTION_MAX_CHARS), sentence, targetUrl };
}

/**
 * Whether a pull request's reviews approve it: GitHub's review decision `APPROVED`; where the
 * repository requires no review (no decision), at least one approving review and no change
 * request after it (a dismissed review counts for nothing).
 */
export function isApproved(review: ReviewState): boolean {
  if (review.decision !== null) return review.decision === 'APPROVED';
  let approved = false;
  const inOrder = [...review.reviews].sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : 0));
  for (const { state } of inOrder) {
    if (state === 'APPROVED') approved = true;
    else if (state === 'CHANGES_REQUESTED') approved = false;
  }
  return approved;
}
