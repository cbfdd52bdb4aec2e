import type { SkipKind } from '../agent/run-agent.js';
import type { GateState, Outcome } from '../constants.js';
import type { NotTheDocsPr, UncheckedWhy } from '../docs-pr/decide.js';
import { oneLine } from '../text.js';

/**
 * The documentation gate's policy, as a pure function: what the `documentation` commit status says
 * for what a run found (the event, the record, the outcome). Every run on a pull-request event
 * leaves one, so a branch rule that requires it never waits for ever: skips, waivers and
 * failures included. The table is the contract's (*The documentation gate*).
 */

/** `written`: success once the documentation PR is open; `approved`: once it is approved or merged. */
export type GateMode = 'written' | 'approved';

export type { SkipKind };

/** Where the documentation PR stands, as this run checked it on GitHub. */
export type DocsPrStanding = 'open' | 'approved' | 'merged' | 'closed-by-action' | 'closed-by-someone';

/**
 * The run's documentation PR as the gate sees it (`gate/facts.ts` makes it from the one decision,
 * `docs-pr/decide.ts`): a pull request checked on GitHub, where it stands; or a link that is no
 * documentation PR, and why; or one that could not be checked. Only the first can pass the gate.
 */
export type GateDocsPr =
  | {
      readonly standing: DocsPrStanding;
      /** `owner/name#number`. */
      readonly name: string;
      /** Its page, made by the action from the server, the repository and the number. */
      readonly url: string;
      /** Its preview, when one is ready (an `https` URL). */
      readonly previewUrl?: string;
    }
  | { readonly standing: 'refused'; readonly why: NotTheDocsPr; readonly name: string | undefined }
  | { readonly standing: 'unchecked'; readonly name: string; readonly why: UncheckedWhy };

export interface GateFacts {
  readonly mode: GateMode;
  /** The label that waives the gate (`waive-label`), for the descriptions that offer it. */
  readonly waiveLabel: string;
  /** The waiver label, when the code PR carries it. */
  readonly waivedBy?: string;
  /** The job was created or messaged and is being worked on (the status while the step waits). */
  readonly working?: boolean;
  /** The job is revising its documentation PR after a review (`review-loop`): the status until it ends. */
  readonly revising?: boolean;
  /**
   * The job left at work (`wait: false`) could not be recorded in the pull request's comment, which
   * is how a sweep finds it: a `pending` then would wait for ever, so the gate fails instead.
   */
  readonly unrecorded?: boolean;
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
 * order matters: a waiver wins over everything, then a job at work (writing, or revising after a
 * review), then a documentation PR closed
 * unmerged by someone else, then the outcome.
 */
export function gateStatus(facts: GateFacts): GateStatus | undefined {
  const { mode, docsPr, outcome } = facts;
  const atRun = (state: GateState, sentence: SentencePart[]): GateStatus => status(state, sentence, facts.runUrl);
  const atDocsPr = (state: GateState, sentence: SentencePart[], url = docsPr && 'url' in docsPr ? docsPr.url : facts.runUrl): GateStatus =>
    status(state, sentence, url);
  const waive = said`, or add the label ${facts.waiveLabel} to waive it`;
  if (outcome === 'dry-run') return undefined;
  if (facts.waivedBy) return atRun('success', said`Waived: the pull request carries the label ${facts.waivedBy}`);
  if (facts.working) return atRun('pending', said`The documentation agent is writing the documentation for this pull request`);
  if (facts.revising) {
    return docsPr && 'url' in docsPr
      ? atDocsPr('pending', said`The documentation agent is revising the documentation PR ${docsPr.name} after a review`)
      : atRun('pending', said`The documentation agent is revising the documentation PR after a review`);
  }
  if (docsPr?.standing === 'closed-by-someone') return atDocsPr('failure', said`The documentation PR ${docsPr.name} was closed without merging`);
  switch (outcome) {
    case 'pr-opened':
    case 'synced':
      if (!docsPr) {
        return outcome === 'synced'
          ? atRun('success', said`No documentation PR is recorded for this pull request`)
          : atRun('failure', [...said`The documentation PR was not checked, so it cannot pass the gate`, ...waive]);
      }
      if (docsPr.standing === 'refused') return atRun('failure', [...refusedSentence(docsPr.why, docsPr.name, outcome === 'synced'), ...waive]);
      if (docsPr.standing === 'unchecked') {
        // No token of the run reaches it: a re-run meets the same, a token that reads it does not.
        return docsPr.why === 'no-token'
          ? atRun('failure', [...said`No token of this run can read the documentation PR ${docsPr.name}: give docs-token access to it`, ...waive])
          : atRun('failure', [...said`The documentation PR ${docsPr.name} could not be checked on GitHub; re-run the workflow`, ...waive]);
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
      if (facts.unrecorded) {
        return atRun('failure', [
          ...said`The job could not be recorded in this pull request's comment, so no sweep will finish it; re-run the workflow`,
          ...waive,
        ]);
      }
      return atRun('pending', said`The documentation agent is writing (the step did not wait); a sweep sets this status once the job ends`);
  }
}

/** What a link that is no documentation PR is, in the status's words (`docs-pr/decide.ts` decides it). */
function refusedSentence(why: NotTheDocsPr, name: string | undefined, recorded: boolean): SentencePart[] {
  // A closed code PR's run has no job: the pull request is the one its record names.
  const link = recorded
    ? said`The recorded documentation PR ${name ?? ''}`
    : name === undefined
      ? said`The job's documentation PR link`
      : said`The job's documentation PR link ${name}`;
  switch (why) {
    case 'not-found':
      return [...link, ...said` is not found on GitHub`];
    case 'not-the-jobs-branch':
      return [...link, ...said` is not the pull request of the job's branch`];
    case 'another-repository':
      return [...link, ...said` is outside the repository the job worked on`];
    case 'code-pr-itself':
      return [...link, ...said` is this pull request itself, or on its branch`];
    case 'no-repository':
      return [...link, ...said` cannot be checked: the job names no repository`];
    case 'no-branch':
      return [...link, ...said` cannot be checked: the job names no branch`];
    case 'branch-too-long':
      return [...link, ...said` cannot be recorded: its branch name is too long`];
    case 'not-a-pull-request':
      return [...link, ...said` is not a pull request on this GitHub`];
  }
}

function docsPrStatus(
  mode: GateMode,
  docsPr: Extract<GateDocsPr, { readonly url: string }>,
  atDocsPr: (state: GateState, sentence: SentencePart[], url?: string) => GateStatus,
): GateStatus {
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

/**
 * The pull request's gate as a merge queue takes it on its own commit (the contract's *Merge
 * queues*): what passes now passes; what would wait fails, saying why, since a queue cannot wait
 * for a sweep or an approval (it throws the entry out at its check timeout).
 */
export function inMergeQueue(gate: GateStatus): GateStatus {
  if (gate.state !== 'pending') return gate;
  return status('failure', [...gate.sentence, ...said`; a merge queue cannot wait for it`], gate.targetUrl);
}

/** What stops a merge queue's gate before the pull request's own gate can be judged again. */
export type QueueStop =
  | { readonly kind: 'no-pull-request' }
  | { readonly kind: 'pull-request-not-found'; readonly number: number }
  | { readonly kind: 'no-record'; readonly number: number }
  | { readonly kind: 'not-judged'; readonly number: number; readonly sha: string }
  | { readonly kind: 'unreadable'; readonly number: number }
  | { readonly kind: 'cancelled' };

/** The merge queue commit's status when the run could not judge the pull request's gate: never `success`. */
export function queueStopStatus(stop: QueueStop, waiveLabel: string, runUrl: string): GateStatus {
  const waive = said`, or add the label ${waiveLabel} to the pull request to waive it`;
  switch (stop.kind) {
    case 'no-pull-request':
      return status('failure', said`The merge group's head ref names no pull request, so no documentation gate can pass it`, runUrl);
    case 'pull-request-not-found':
      return status('failure', said`The pull request the merge group names (${`#${stop.number}`}) is not found on GitHub`, runUrl);
    case 'no-record':
      return status(
        'failure',
        [
          ...said`Pull request ${`#${stop.number}`} has no record of this action's that verifies (its run keeps one with pr-comment); re-run its workflow`,
          ...waive,
        ],
        runUrl,
      );
    case 'not-judged':
      return status(
        'failure',
        [...said`No run of this action has judged the head ${stop.sha.slice(0, 7)} of pull request ${`#${stop.number}`} yet; re-run its workflow`, ...waive],
        runUrl,
      );
    case 'unreadable':
      return status('failure', said`Pull request ${`#${stop.number}`} or its comments could not be read on GitHub; re-run the merge queue's check`, runUrl);
    case 'cancelled':
      return status('error', said`Cancelled before the pull request's documentation gate was judged; re-run the merge queue's check`, runUrl);
  }
}

function status(state: GateState, sentence: SentencePart[], targetUrl: string): GateStatus {
  const description = sentence.map((part) => (typeof part === 'string' ? part : part.name)).join('');
  return { state, description: oneLine(description, DESCRIPTION_MAX_CHARS), sentence, targetUrl };
}
