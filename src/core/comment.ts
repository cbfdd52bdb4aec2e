import type { AgentRun } from '../agent/run-agent.js';
import type { DiffStats } from '../diff/change-prompt.js';
import { releaseOfRecord, stateOfRecord, type DocsPrOutcome } from '../docs-pr/outcome.js';
import type { GateStatus } from '../gate/policy.js';
import { pullName, type GitHubApi } from '../github/api.js';
import { sameRecord, type CodePrComment, type Settled } from '../memory/code-pr-comment.js';
import {
  COMMENT_MARKER,
  isBounded,
  MAX_PREVIEW_URL_CHARS,
  MAX_RECORDED_TIMEOUT_MS,
  type CommentRecord,
  type DocsPrRecord,
  hasJob,
  type ImpactRecord,
  type JudgedRecord,
  type PreviewRecord,
  type RevisingRecord,
} from '../memory/record.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { COMMENT_LIMIT_CHARS, renderPrComment, renderWorkingComment } from '../report/agent-report.js';
import { DOCS_PR_SECTION_START, renderDocsPrSection } from '../report/docs-pr-report.js';
import { GATE_LINE_START, renderGateLine } from '../report/gate-report.js';
import { renderImpactSection, renderImpactTooLong, type ImpactView } from '../report/impact-report.js';

/**
 * What the code PR's comment says, and what its record keeps, from what a run knows: the core's
 * writer of the comment. The store (`memory/code-pr-comment.ts`) reads the record again before
 * each write and settles what is written; this module renders the body for what it settles on.
 *
 * - working: as soon as the API accepted the job or the message, with the record saying so (the
 *   job, the head it accepted, when, and by when it must end);
 * - the outcome: how the run ended, the documentation PR's line, the gate's line, the record;
 * - the tail: the report kept, its documentation PR's and gate's lines said anew (`command: sync`,
 *   a waiver, what this run owns of a record that moved on).
 */

/** What a write of the comment shows, all from the run record. */
export interface CommentView {
  readonly run: AgentRun;
  /** When the API accepted this run's job or message (epoch ms): the record's `acceptedAt`. */
  readonly acceptedAt?: number;
  /** The run's `timeout`: the record's `endsBy` is the acceptance plus this (at most a day). */
  readonly timeoutMs?: number;
  readonly diff?: DiffStats;
  readonly preview?: PreviewRun;
  /** What following the documentation PR did; none: the record keeps the documentation PR it named. */
  readonly docsPr?: DocsPrOutcome;
  /** The documentation gate's status, when the run keeps one: the comment says what it waits for. */
  readonly gate?: GateStatus;
  /** What readers will see (reader-impact): the section, and what the record keeps of it. */
  readonly impact?: { readonly view: ImpactView | undefined; readonly record: ImpactRecord };
  /** The run saw the job end (a sweep, a revision): the record says it is no longer at work, whatever the outcome. */
  readonly finished?: boolean;
  /**
   * The run's last status could not be written: the record keeps the job at work, so that a sweep
   * finishes it again and writes the status, and no `pending` outlives its job.
   */
  readonly statusOwed?: boolean;
  /** What the status this run wrote was judged on: the record keeps it (`memory/record.ts` `judged`). */
  readonly judged?: JudgedRecord;
}

/** Says the job is working, and records it so: as soon as the API accepted the job or the message. */
export function writeWorking(comment: CodePrComment, view: CommentView, github?: GitHubApi): Promise<boolean> {
  return write(comment, 'working', view, github);
}

/**
 * Says how the run ended (or how it stands, before a later write: the preview building, the
 * documentation PR linked). `github`: the client of this write's window; by default the one the
 * comment was found with. True once written.
 */
export function writeOutcome(comment: CodePrComment, view: CommentView, github?: GitHubApi): Promise<boolean> {
  return write(comment, 'outcome', view, github);
}

function write(comment: CodePrComment, stage: 'working' | 'outcome', view: CommentView, github?: GitHubApi): Promise<boolean> {
  const mine = recordFor(comment, view, stage);
  const accepted = view.run.delivery === 'accepted' && view.run.jobId !== undefined;
  const acted = view.docsPr?.acted ?? false;
  return comment.write(
    {
      stage,
      mine,
      accepted,
      acted,
      render: (settled, line) => (settled.write === 'tail' ? tailBody(settled, line!) : wholeBody(comment, stage, view, settled, line)),
    },
    github,
  );
}

/** This run's report, then its tail: the documentation PR's line, the gate's line, the record. */
function wholeBody(comment: CodePrComment, stage: 'working' | 'outcome', view: CommentView, settled: Settled, line: string | undefined): string {
  const { run, diff, preview } = view;
  const now = new Date(comment.nowMs()).toISOString();
  const record = settled.write === 'nothing' ? undefined : settled.record;
  const docsPr = docsPrPart(record?.docsPr, view.docsPr, comment.record);
  const fixedTail = tailOf(docsPr.section, view.gate && renderGateLine(view.gate), line);
  let impactSection = stage === 'outcome' && view.impact?.view ? renderImpactSection(view.impact.view, 4) : undefined;
  // The section is as long as its page paths, which are file names: where it would leave the
  // report less room than its shortest form, it gives way as a whole (the summary shows it).
  if (impactSection && COMMENT_LIMIT_CHARS - tailChars([impactSection, ...fixedTail]) < renderPrComment(run, COMMENT_MARKER, undefined, now, 0).length) {
    impactSection = renderImpactTooLong(4);
  }
  const tail = impactSection ? [impactSection, ...fixedTail] : fixedTail;
  // What follows the report's body is kept out of the room the report may fill, so the whole comment stays under GitHub's limit.
  const room = COMMENT_LIMIT_CHARS - tailChars(tail);
  return withTail(
    stage === 'working'
      ? renderWorkingComment(run, diff, COMMENT_MARKER, undefined, now)
      : renderPrComment(run, COMMENT_MARKER, undefined, now, room, preview, docsPr.record),
    tail,
  );
}

/** What this run owns of a record that moved on, written into it: the newer report kept, the documentation PR's line anew. */
function tailBody(settled: Extract<Settled, { write: 'tail' }>, line: string): string {
  const docsPr = settled.record.docsPr;
  const section = docsPr && sectionOfRecord(docsPr);
  return rewrittenBody(settled.newestBody, { docsPrSection: section }, line);
}

/**
 * The documentation PR the record names and what the comment says of it: what this run's
 * following did, unless the record it settled on names another (another run recorded it since,
 * and this run did not act on it: then that, said as the record says it); with no following, the
 * record's as read.
 */
function docsPrPart(
  settledDocsPr: DocsPrRecord | undefined,
  outcome: DocsPrOutcome | undefined,
  stored: CommentRecord | undefined,
): { record: DocsPrRecord | undefined; section: string | undefined } {
  const known = outcome ? outcome.record : stored?.docsPr;
  if (settledDocsPr && !outcome?.acted && !sameRecord(settledDocsPr, known)) {
    return { record: settledDocsPr, section: sectionOfRecord(settledDocsPr) };
  }
  if (!outcome) return { record: stored?.docsPr, section: undefined };
  const shown = outcome.shown;
  return { record: outcome.record, section: shown && renderDocsPrSection(pullName(shown.pull), shown.state, shown.superseded, shown.release) };
}

/** The documentation PR's line as its record alone says it. */
function sectionOfRecord(docsPr: DocsPrRecord): string {
  return renderDocsPrSection(pullName(docsPr), stateOfRecord(docsPr), undefined, releaseOfRecord(docsPr));
}

/**
 * The record a write leaves: the job and head the API accepted in this run, else the record as
 * last read. After a refused, failed, cut-off or cancelled create or message, the next run then
 * sends the same change again instead of taking it as delivered.
 */
export function recordFor(comment: CodePrComment, view: CommentView, stage: 'working' | 'outcome' = 'outcome'): CommentRecord | undefined {
  const { run } = view;
  const stored = comment.record;
  const accepted = run.delivery === 'accepted' && run.jobId !== undefined;
  const job = accepted ? { jobId: run.jobId!, headSha: comment.pullRequest.headSha } : hasJob(stored) ? stored : undefined;
  // What the last status was judged on stays until a status is judged anew; without a job it is all a record keeps.
  const judged = view.judged ?? stored?.judged;
  if (!job) return judged ? { judged } : undefined;
  const docsPr = view.docsPr ? view.docsPr.record : stored?.docsPr;
  // An earlier documentation PR not closed yet stays recorded until a run closes it.
  const supersedes = view.docsPr ? view.docsPr.supersedes : stored?.supersedes;
  // What was measured stays recorded until a run measures anew.
  const impact = view.impact?.record ?? stored?.impact;
  const preview = previewToRecord(view.preview, accepted ? undefined : stored?.preview);
  // The job is at work from the working write until a run saw it end (this run's outcome, or a
  // sweep's or a revision's `finished`): a run that sent nothing keeps what the record said, unless
  // it attached to the recorded job and saw it end.
  const sawEnd = run.jobId !== undefined && run.jobId === job.jobId && (isOver(run) || view.finished === true);
  const owed = view.statusOwed === true && run.jobId !== undefined && run.jobId === job.jobId;
  const working = stage === 'working' ? accepted : owed || (accepted ? !sawEnd : !sawEnd && stored?.working === true);
  const acceptedAt = accepted ? instant(view.acceptedAt ?? comment.nowMs()) : stored?.acceptedAt;
  const endsBy = accepted ? endsByOf(view.acceptedAt ?? comment.nowMs(), view.timeoutMs) : stored?.endsBy;
  // A revision after a review stays one while it is the work at hand: a job or message this run had accepted is not.
  const revising: RevisingRecord | undefined = working && !accepted ? stored?.revising : undefined;
  return {
    jobId: job.jobId,
    headSha: job.headSha,
    ...(working ? { working: true as const } : {}),
    ...(working && acceptedAt !== undefined ? { acceptedAt } : {}),
    ...(working && endsBy !== undefined ? { endsBy } : {}),
    ...(revising ? { revising } : {}),
    ...(docsPr ? { docsPr } : {}),
    ...(supersedes ? { supersedes } : {}),
    ...(impact ? { impact } : {}),
    ...(preview ? { preview } : {}),
    ...(judged ? { judged } : {}),
  };
}

/** When a job accepted at `acceptedMs` must end by: its run's `timeout` later, at most `MAX_RECORDED_TIMEOUT_MS`. */
export function endsByOf(acceptedMs: number, timeoutMs: number | undefined): string | undefined {
  return timeoutMs === undefined ? undefined : instant(acceptedMs + Math.min(timeoutMs, MAX_RECORDED_TIMEOUT_MS));
}

function instant(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The comment's tail said anew (`command: sync`, the review loop, a run whose status changed
 * without a report of its own): the report as GitHub has it now kept, its documentation PR's line
 * and gate line said anew where given (kept as they were where not), and `change` making the
 * record from the newest one (`memory/code-pr-comment.ts` reads it again first). True once written.
 */
export function rewriteTail(
  comment: CodePrComment,
  change: (newest: CommentRecord) => CommentRecord,
  tail: { readonly docsPrSection?: string; readonly gate?: GateStatus },
  github?: GitHubApi,
): Promise<boolean> {
  const gateLine = tail.gate && renderGateLine(tail.gate);
  return comment.rewrite(change, (newestBody, line) => rewrittenBody(newestBody, { docsPrSection: tail.docsPrSection, gateLine }, line), github);
}

/**
 * A body with its tail rewritten: from the end, the record (the last line), then the gate line and
 * the documentation PR's section this action wrote before it, each after a blank line, are taken
 * off; the report is kept; the parts given are said anew, the others kept as they were.
 */
export function rewrittenBody(body: string, tail: { readonly docsPrSection?: string; readonly gateLine?: string }, line: string): string {
  // A comment edited on GitHub's web page comes back with CRLF line ends. Its first line is the
  // marker, so what is popped below never empties the list.
  const lines = body.split(/\r?\n/);
  const dropBlankLines = (): void => {
    while (lines.at(-1) === '') lines.pop();
  };
  dropBlankLines();
  if (lines.at(-1)?.startsWith('<!-- docs-agent-action:state ')) lines.pop();
  const found = new Map<string, string>();
  for (const start of [GATE_LINE_START, DOCS_PR_SECTION_START]) {
    dropBlankLines();
    if (lines.at(-1)?.startsWith(start)) found.set(start, lines.pop()!);
  }
  dropBlankLines();
  const gateLine = tail.gateLine ?? found.get(GATE_LINE_START);
  return withTail(lines.join('\n'), tailOf(tail.docsPrSection ?? found.get(DOCS_PR_SECTION_START), gateLine, line));
}

/**
 * What follows the report's body, in this order, each after a blank line: the documentation PR's
 * line, the gate's line, the sealed record (last: it is read from the last line). The one builder
 * of the comment's tail, for every write.
 */
function tailOf(docsPrSection: string | undefined, gateLine: string | undefined, hidden: string | undefined): string[] {
  return [docsPrSection, gateLine, hidden].filter((part): part is string => Boolean(part));
}

/**
 * The preview the record keeps: one this run asked for and did not see end (a sweep's), for a
 * later sweep to show; none once this run saw it end; else the one the record kept (`kept`: none
 * once a new job was accepted).
 */
function previewToRecord(preview: PreviewRun | undefined, kept: PreviewRecord | undefined): PreviewRecord | undefined {
  if (!preview) return kept;
  if (preview.status !== undefined || preview.statusId === undefined || !preview.branch || !isBounded(preview.branch)) return undefined;
  const url = preview.url !== undefined && preview.url.length <= MAX_PREVIEW_URL_CHARS ? preview.url : undefined;
  return {
    statusId: preview.statusId,
    branch: preview.branch,
    triggeredAt: new Date(preview.triggeredAt ?? 0).toISOString(),
    ...(url !== undefined ? { url } : {}),
  };
}

/**
 * Whether this run saw the job end (a terminal status): a run that timed out, was cancelled or
 * stopped while waiting, or did not wait, leaves it working.
 */
export function isOver(run: AgentRun): boolean {
  return run.outcome === 'pr-opened' || run.outcome === 'no-pr' || run.outcome === 'failed' || run.outcome === 'archived';
}

/** The body with what follows the report's part (the documentation PR's section, the hidden record), each after a blank line. */
function withTail(body: string, tail: readonly string[]): string {
  return [body.replace(/\n$/, ''), ...tail.flatMap((part) => ['', part])].join('\n') + '\n';
}

/**
 * The characters the parts after the report's body add: each after a blank line. The final line
 * break is the report's own (its bodies end with one), moved after them, so a comment of exactly
 * GitHub's limit is written whole.
 */
function tailChars(parts: readonly string[]): number {
  return parts.reduce((chars, part) => chars + part.length + 2, 0);
}
