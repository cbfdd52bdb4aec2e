import { MAX_REVIEW_FOLLOW_UPS, OUTCOMES, SKIP_KINDS, type Outcome, type SkipKind } from '../constants.js';
import { isCommitSha } from '../github/api.js';
import { isJobId } from '../parse.js';
import type { RecordScope, RecordSeal } from './seal.js';
import type { ImpactRow } from '../impact/read-impact.js';

/**
 * The action's hidden memory in the comments it writes: the marker that is a comment's first
 * line, and the sealed record that is its last. The code PR's comment records what the
 * documentation job has accepted (so the next run can follow up on the same job with only what
 * changed since) and the documentation PR that follows the code PR; the documentation PR's
 * back-link records which code PR it belongs to.
 *
 * Only the action can write this memory (docs/threat-model.md):
 * - a comment is the action's when its first line is the marker and the token's identity wrote
 *   it (`isMarked` here, the identity in `ours.ts`);
 * - the record is read from the comment's last line only, and only when its seal verifies
 *   (`seal.ts`), for this pull request: one planted anywhere else, or edited, counts as none;
 * - the sealed JSON is ASCII (`\u` escapes for anything else), so no normalisation of the
 *   comment's text on its way through GitHub can break a seal; and every field that comes from
 *   outside is bounded (`MAX_OUTSIDE_CHARS`), so the record never pushes a comment past GitHub's
 *   limit, whatever the API answers;
 * - the outside text the action shows in its comments can never spell a marker or a record:
 *   `<!--` and `-->` in it are broken by the Markdown helpers (`report/markdown.ts`).
 */
export const COMMENT_MARKER = '<!-- docs-agent-action:comment -->';
/** The documentation PR's back-link comment (follow-code-pr). */
export const DOCS_PR_MARKER = '<!-- docs-agent-action:docs-pr -->';

/**
 * What a run records on the code PR. Every field is checked on the way in, so a record is either
 * whole and valid or not there at all. To record more, add it here, to `readRecord`'s checks, and
 * to the writer's `recordFor`.
 */
export interface CommentRecord {
  /**
   * The job that has the change up to `headSha`. With `headSha`, absent from a record of a pull
   * request no job was sent for yet, which keeps only what its gate was `judged` on.
   */
  readonly jobId?: string;
  /** The pull request's head commit that the job accepted. */
  readonly headSha?: string;
  /**
   * The job was created or messaged for `headSha` and has not ended, as far as the action knows:
   * written with the working comment, gone once a run wrote how the job ended. While it stands,
   * `command: sync` leaves that head's `pending` status as it is.
   */
  readonly working?: true;
  /**
   * When the API accepted the job or the message for `headSha` (ISO 8601, by the run's clock):
   * written with `working`, so that `command: sweep` can tell a job at work past `timeout` from
   * one still within it, whatever later rewrites of the comment did to its time of update.
   */
  readonly acceptedAt?: string;
  /**
   * The time by which the job must end (ISO 8601): its acceptance plus the `timeout` of the run
   * that sent it, at most `MAX_RECORDED_TIMEOUT_MS`. Written with `working`: a sweep finishes the
   * job as `timed-out` once it has passed, whatever the sweep's own `timeout` (which bounds only
   * the sweep). A record of an earlier version has none: its acceptance plus the sweep's `timeout`.
   */
  readonly endsBy?: string;
  /**
   * The work is a revision after a review (`review-loop`), not a change of the code PR: written
   * with `working` by `command: sync`, so that the sweep that finishes the job puts its result on
   * the head its `pending` went to and tells the review loop's reply how it ended. Gone with
   * `working`.
   */
  readonly revising?: RevisingRecord;
  /** The documentation PR the job reported, which follow-code-pr keeps in step with the code PR. */
  readonly docsPr?: DocsPrRecord;
  /**
   * An earlier documentation PR that `docsPr` replaced and that is not closed yet: recorded before
   * it is closed, so that a run stopped in between leaves it to the next run to close, not open and
   * forgotten.
   */
  readonly supersedes?: DocsPrRecord;
  /** What readers will see (reader-impact): the documentation PR, base and head it measured, so a later run for the same three does not read again. */
  readonly impact?: ImpactRecord;
  /**
   * What the last `documentation` status a run wrote was judged on, and on which head: read back
   * only by a merge queue's gate (`steps/merge-group.ts`), which judges the pull request's gate
   * again from GitHub for its head now. Kept through every later write until a status is judged
   * anew; the only field of a record for a pull request no job was sent for (a skip, a filter).
   */
  readonly judged?: JudgedRecord;
  /**
   * A preview `command: sweep` asked for and did not wait for: a later sweep reads its status once
   * and shows it in the comment once it has ended. Gone once a run showed how it ended, or a new
   * job was accepted.
   */
  readonly preview?: PreviewRecord;
}

/** A record that names a job: every record but one that keeps only what a gate was judged on. */
export type JobRecord = CommentRecord & { readonly jobId: string; readonly headSha: string };

/** Whether the record names a job (and the head it accepted). */
export function hasJob(record: CommentRecord | undefined): record is JobRecord {
  return record?.jobId !== undefined && record.headSha !== undefined;
}

/**
 * The facts a `documentation` status was judged on: the head it went to, the outcome (`synced`
 * where it was judged on the documentation PR alone), a skip's kind, and the documentation PR it
 * judged — recorded whether or not `follow-code-pr` keeps that PR in `docsPr`.
 */
export interface JudgedRecord {
  readonly sha: string;
  readonly outcome: Outcome;
  readonly skip?: SkipKind;
  readonly docsPr?: DocsPrRecord;
}

/** A revision at work (`review-loop`): where its status went, and who wrote its reply. */
export interface RevisingRecord {
  /**
   * The code PR's head when the review was sent, where its `pending` status went: its result goes
   * there too. The record's `headSha` stays the head the job has the change up to (a push since
   * is not the job's yet).
   */
  readonly statusSha: string;
  /** The login that wrote the review loop's reply on the documentation PR: only its reply is the action's. */
  readonly replyAuthor?: string;
}

/**
 * The longest time a record gives a job to end by (`endsBy`): a start's `timeout` past it is held
 * to it, so that a sweep knows how far back working records can be (its window: a day and this).
 */
export const MAX_RECORDED_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** A preview deployment asked for and not yet seen to end. */
export interface PreviewRecord {
  /** The deployment's status ID, as the API gave it (a job ID's rules). */
  readonly statusId: string;
  /** The branch deployed (the job's `source.ref`, at most `MAX_OUTSIDE_CHARS`). */
  readonly branch: string;
  /** When it was asked for (ISO 8601). */
  readonly triggeredAt: string;
  /** Its URL, as the API gave it, when it gave one of at most `MAX_PREVIEW_URL_CHARS`. */
  readonly url?: string;
}

/** The longest preview URL a record keeps: a longer one is shown by the run that asked, not by the sweep that shows its end. */
export const MAX_PREVIEW_URL_CHARS = 2_000;

/**
 * Reader impact as measured for a documentation PR's number, base branch and head commit: the
 * busiest pages (at most 20), and how many more changed. A retargeted PR (another base) changes
 * other files, and is measured again.
 */
export interface ImpactRecord extends ImpactKey {
  readonly pages: readonly ImpactRow[];
  readonly more: number;
}

/** What one measurement of reader impact is of. */
export interface ImpactKey {
  readonly number: number;
  /** The base branch, its first `MAX_OUTSIDE_CHARS` characters. */
  readonly base: string;
  readonly head: string;
}

/** Whether a record's measurement is of this documentation PR, base and head. */
export function sameImpactKey(a: ImpactKey, b: ImpactKey): boolean {
  return a.number === b.number && a.base === b.base && a.head === b.head;
}

/** The key of a documentation PR as GitHub gives it: a base branch past the bound is kept to its first characters. */
export function impactKeyOf(number: number, base: string, head: string): ImpactKey {
  return { number, base: base.slice(0, MAX_OUTSIDE_CHARS), head };
}

/**
 * The longest text from outside a record keeps (a branch name, a page path): Git refs and file
 * paths fit, and 20 pages of them stay within `IMPACT_RECORD_CHARS`. A longer one is not recorded,
 * and so not followed.
 */
export const MAX_OUTSIDE_CHARS = 255;

/** The record keeps this many pages of reader impact at most. */
export const IMPACT_RECORD_PAGES = 20;
/**
 * And this many characters of them, as JSON: page paths come from the documentation repository's
 * file names, of any length, and the record shares the comment's 65,536 characters.
 */
export const IMPACT_RECORD_CHARS = 8_000;

/**
 * What the record keeps of reader impact measured for `key`: the busiest pages of `rows` whose
 * paths it can record (at most `MAX_OUTSIDE_CHARS`), at most 20 and 8,000 characters of them;
 * the rest counted in `more`. The section and
 * the `reader-impact` output show these same pages, on this run as on every later one for the
 * same key.
 */
export function impactRecordOf(key: ImpactKey, rows: ImpactRecord['pages']): ImpactRecord {
  const pages: Array<ImpactRecord['pages'][number]> = [];
  let chars = 0;
  for (const row of rows) {
    if (pages.length === IMPACT_RECORD_PAGES) break;
    // A page whose path is too long to record is left out of the record (counted in `more`): the next busiest takes its place.
    if (!isBounded(row.path) || (row.previousPath !== undefined && !isBounded(row.previousPath))) continue;
    chars += escapedJson(row).length + 1;
    if (chars > IMPACT_RECORD_CHARS) break;
    pages.push(row);
  }
  return { ...key, pages, more: rows.length - pages.length };
}

export interface DocsPrRecord {
  /** `owner/name` of the documentation repository: the job's `source.repository`. */
  readonly repository: string;
  readonly number: number;
  /** The documentation repository's ID, as GitHub answered it: a rename since keeps it the same PR. */
  readonly repositoryId?: number;
  /** Its head branch: the job's `source.ref` (at most `MAX_OUTSIDE_CHARS`). A pull request with another head is not this one. */
  readonly headRef: string;
  /** This action closed it (the code PR was closed, or a newer documentation PR replaced it): only then may it reopen it. */
  readonly closedByAction: boolean;
  /**
   * The login that wrote its back-link (the docs token's identity): `command: sync`, which runs
   * with another token, takes the back-link of that author only, so a copy is never the action's.
   * Absent from records of earlier versions (then the oldest back-link that verifies: a copy is
   * always newer than what it copies).
   */
  readonly linkAuthor?: string;
  /**
   * It waits for a release (`docs-publish: on-release`): the code PR's merge commit, and how the
   * wait ended. Absent when the code PR's merge did not hold it (`on-merge`, or not merged yet).
   */
  readonly release?: ReleaseRecord;
}

/**
 * A documentation PR held for the release: written by the code PR's merge, read by `command:
 * release`, which releases it once a published release's tag contains `mergeCommit`.
 */
export interface ReleaseRecord {
  /** The code PR's merge commit, as GitHub gave it when the merge was handled. */
  readonly mergeCommit: string;
  /** When the code PR was merged (ISO 8601): the release command takes the oldest merges first. */
  readonly mergedAt?: string;
  /** The tag of the release that released it (its first `MAX_OUTSIDE_CHARS` characters): never released twice. */
  readonly releasedIn?: string;
  /** It was found ready for review before a release contained it (marked by hand): left as it is, never released by the action. */
  readonly foundReady?: true;
}

/** Whether a documentation PR still waits for a release: held, and neither released nor found ready. */
export function waitsForRelease(record: DocsPrRecord | undefined): record is DocsPrRecord & { readonly release: ReleaseRecord } {
  return record?.release !== undefined && record.release.releasedIn === undefined && record.release.foundReady !== true;
}

/** What a documentation PR's back-link records: the code PR it documents, and who writes the code PR's comment. */
export interface BackLinkRecord {
  readonly codePr: {
    readonly repository: string;
    readonly number: number;
    /** The code repository's ID: what the code PR's own record is sealed for (a rename keeps it). */
    readonly repositoryId?: number;
  };
  /**
   * The login of the identity that writes the action's comment on the code PR: `command: sync`
   * takes the code PR's comment from that author only, so a copy of its record in anyone else's
   * comment is never the action's (`sync` writes with another token, `code-token`).
   */
  readonly commentAuthor?: string;
  /**
   * The job that reported this documentation PR: the one `review-loop` sends a review to. Absent
   * from back-links written before the review loop (then the code PR's record names the job).
   */
  readonly jobId?: string;
  /**
   * The reviews `review-loop` sent to the job as follow-ups, by their IDs, oldest first: their
   * count is what `review-loop-max` bounds, and a review already here is never sent again (a
   * re-run replays its event). At most `MAX_REVIEW_FOLLOW_UPS`.
   */
  readonly reviewsSent?: readonly number[];
}

/**
 * What reading a sealed record found: none at all, one that does not verify, or the record (and
 * `previous-api-key` when that key sealed it: the next write seals it under `api-key`).
 */
export type RecordReading<T> =
  | { readonly found: 'none' }
  | { readonly found: 'unverified' }
  | { readonly found: 'verified'; readonly record: T; readonly sealedWith: 'api-key' | 'previous-api-key' };

type RecordKind = 'state' | 'link' | 'reply';

/** `owner/name` as GitHub allows them: what a record may name, and a PR link's path must hold. */
export function isRepositoryName(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/.test(text) && !/\/\.{1,2}$/.test(text);
}

/** Whether a comment body is one the action marked `marker`: its first line is the marker, nothing else. */
export function isMarked(body: string, marker: string): boolean {
  return firstLine(body) === marker;
}

/** The record line of the code PR's comment, sealed for that pull request (`scope`: `codePrScope`). */
export function recordLine(record: CommentRecord, seal: RecordSeal, scope: RecordScope): string {
  return sealedLine('state', record, seal, scope.written);
}

/** The record line of a documentation PR's back-link, sealed for that pull request (`scope`: `docsPrScope`). */
export function backLinkLine(record: BackLinkRecord, seal: RecordSeal, scope: RecordScope): string {
  return sealedLine('link', record, seal, scope.written);
}

/**
 * What the review loop's reply on a documentation PR records: the revision it reports, so that a
 * sweep finishing that job (`wait: false`) finds the reply again — by the author the code PR's
 * record names (`revising.replyAuthor`: the documentation repository's workflow wrote it) and its
 * seal, as the one rule of "ours" takes it — and says how it ended.
 */
export interface ReplyRecord {
  readonly jobId: string;
  /** The reviewer's login. */
  readonly reviewer: string;
  /** Follow-ups the back-link counted with this one, and `review-loop-max`. */
  readonly sent: number;
  readonly max: number;
}

/** The reply's record line, sealed for the documentation PR (`scope`: `docsPrScope`). */
export function replyLine(record: ReplyRecord, seal: RecordSeal, scope: RecordScope): string {
  return sealedLine('reply', record, seal, scope.written);
}

/** A reply's record, read from its last line, for the documentation PR `scope` names. */
export function readReply(body: string, seal: RecordSeal, scope: RecordScope): RecordReading<ReplyRecord> {
  return checked(readSealedLine('reply', body, seal, scope), replyOf);
}

function replyOf(value: unknown): ReplyRecord | undefined {
  const { jobId, reviewer, sent, max } = fieldsOf<keyof ReplyRecord>(value);
  if (typeof jobId !== 'string' || !isJobId(jobId) || typeof reviewer !== 'string' || !isLogin(reviewer)) return undefined;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= MAX_REVIEW_FOLLOW_UPS;
  if (!count(sent) || !count(max)) return undefined;
  return { jobId, reviewer, sent, max };
}

/** The code PR comment's record, read from its last line, for the pull request `scope` names. */
export function readRecord(body: string, seal: RecordSeal, scope: RecordScope): RecordReading<CommentRecord> {
  return checked(readSealedLine('state', body, seal, scope), recordOf);
}

/** A back-link's record, read from its last line, for the documentation PR `scope` names. */
export function readBackLink(body: string, seal: RecordSeal, scope: RecordScope): RecordReading<BackLinkRecord> {
  return checked(readSealedLine('link', body, seal, scope), backLinkOf);
}

/**
 * `<!-- docs-agent-action:<kind> <json> sha256=<seal> -->`: JSON whose `<`, `>` and `-` are
 * escaped, so it cannot end the comment early, and the seal of exactly that text.
 */
function sealedLine(kind: RecordKind, value: object, seal: RecordSeal, scope: string): string {
  const json = escapedJson(value);
  return `<!-- docs-agent-action:${kind} ${json} sha256=${seal.sign(`${kind} ${scope}`, json)} -->`;
}

function escapedJson(value: object): string {
  // `<`, `>` and `-` become \u escapes, so no text in the record can open or end the HTML comment
  // it stands in; so does everything outside printable ASCII, so the sealed text is the same
  // whatever GitHub, an editor or a browser does to Unicode on its way (normalisation, a line
  // separator). Outside a string an escape would break the JSON, and JSON writes a number under a
  // millionth with a minus (5e-7): such a count is kept as 0, which is how it is shown anyway. The
  // analytics' counts are never negative (schemas.ts).
  const json = JSON.stringify(value, (_key, field: unknown) => (typeof field === 'number' && field > 0 && field < 1e-6 ? 0 : field));
  return json.replace(/[<>\-\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function readSealedLine(kind: RecordKind, body: string, seal: RecordSeal, scope: RecordScope): RecordReading<unknown> {
  const line = lastLine(body);
  if (!line.startsWith(`<!-- docs-agent-action:${kind} `)) return { found: 'none' };
  const match = /^<!-- docs-agent-action:[a-z]+ (\{[^\n]*\}) sha256=([0-9a-f]{64}) -->$/.exec(line);
  if (!match) return { found: 'unverified' };
  const [, json, mac] = match as unknown as [string, string, string];
  for (const place of scope.accepted) {
    const sealedWith = seal.verify(`${kind} ${place}`, json, mac);
    if (!sealedWith) continue;
    try {
      return { found: 'verified', record: JSON.parse(json) as unknown, sealedWith };
    } catch {
      return { found: 'unverified' };
    }
  }
  return { found: 'unverified' };
}

/** A verified record whose fields are not what the action writes is not followed either. */
function checked<T>(reading: RecordReading<unknown>, read: (value: unknown) => T | undefined): RecordReading<T> {
  if (reading.found !== 'verified') return reading;
  const record = read(reading.record);
  return record === undefined ? { found: 'unverified' } : { found: 'verified', record, sealedWith: reading.sealedWith };
}

/** A record as `readRecord` would read it back: its fields checked and in the one order. Undefined when it is not whole and valid. */
export function normalRecord(record: CommentRecord): CommentRecord | undefined {
  return recordOf(record);
}

function recordOf(value: unknown): CommentRecord | undefined {
  const { jobId, headSha, working, acceptedAt, endsBy, revising, docsPr, supersedes, impact, preview, judged } = fieldsOf<keyof CommentRecord>(value);
  const job = jobId === undefined && headSha === undefined ? undefined : { jobId, headSha };
  if (job && (typeof jobId !== 'string' || !isJobId(jobId) || typeof headSha !== 'string' || !isCommitSha(headSha))) return undefined;
  const basis = judged === undefined ? undefined : judgedOf(judged);
  if (judged !== undefined && !basis) return undefined;
  // A record without a job keeps only what its gate was judged on: no work, no documentation PR.
  if (!job && (!basis || working !== undefined || docsPr !== undefined || supersedes !== undefined || preview !== undefined)) return undefined;
  if (working !== undefined && working !== true) return undefined;
  if (acceptedAt !== undefined && (typeof acceptedAt !== 'string' || !isInstant(acceptedAt))) return undefined;
  if (endsBy !== undefined && (typeof endsBy !== 'string' || !isInstant(endsBy))) return undefined;
  // Written as `true` by an earlier version: its status went on the record's head.
  const revision = revising === undefined ? undefined : revising === true ? (job ? { statusSha: headSha as string } : undefined) : revisingOf(revising);
  if (revising !== undefined && !revision) return undefined;
  const docs = docsPr === undefined ? undefined : docsPrOf(docsPr);
  if (docsPr !== undefined && !docs) return undefined;
  const replaced = supersedes === undefined ? undefined : docsPrOf(supersedes);
  if (supersedes !== undefined && !replaced) return undefined;
  const read = impact === undefined ? undefined : impactOf(impact);
  if (impact !== undefined && !read) return undefined;
  // Measured by an earlier version for its head alone: measured again, the rest of the record kept.
  const measured = read === 'head-alone' ? undefined : read;
  const deployment = preview === undefined ? undefined : previewOf(preview);
  if (preview !== undefined && !deployment) return undefined;
  return {
    ...(job ? { jobId: jobId as string, headSha: headSha as string } : {}),
    ...(working ? { working } : {}),
    ...(working && acceptedAt !== undefined ? { acceptedAt } : {}),
    ...(working && endsBy !== undefined ? { endsBy } : {}),
    ...(working && revision ? { revising: revision } : {}),
    ...(docs ? { docsPr: docs } : {}),
    ...(replaced ? { supersedes: replaced } : {}),
    ...(measured ? { impact: measured } : {}),
    ...(deployment ? { preview: deployment } : {}),
    ...(basis ? { judged: basis } : {}),
  };
}

function judgedOf(value: unknown): JudgedRecord | undefined {
  const { sha, outcome, skip, docsPr } = fieldsOf<keyof JudgedRecord>(value);
  const known = OUTCOMES.find((name) => name === outcome);
  const kind = SKIP_KINDS.find((name) => name === skip);
  if (typeof sha !== 'string' || !isCommitSha(sha) || !known || (skip !== undefined && !kind)) return undefined;
  const pull = docsPr === undefined ? undefined : docsPrOf(docsPr);
  if (docsPr !== undefined && !pull) return undefined;
  return { sha, outcome: known, ...(kind ? { skip: kind } : {}), ...(pull ? { docsPr: pull } : {}) };
}

function revisingOf(value: unknown): RevisingRecord | undefined {
  const { statusSha, replyAuthor } = fieldsOf<keyof RevisingRecord>(value);
  if (typeof statusSha !== 'string' || !isCommitSha(statusSha)) return undefined;
  if (replyAuthor !== undefined && (typeof replyAuthor !== 'string' || !isLogin(replyAuthor))) return undefined;
  return { statusSha, ...(replyAuthor !== undefined ? { replyAuthor } : {}) };
}

function previewOf(value: unknown): PreviewRecord | undefined {
  const { statusId, branch, triggeredAt, url } = fieldsOf<keyof PreviewRecord>(value);
  if (typeof statusId !== 'string' || !isJobId(statusId) || typeof branch !== 'string' || branch === '' || !isBounded(branch)) return undefined;
  if (typeof triggeredAt !== 'string' || !isInstant(triggeredAt)) return undefined;
  if (url !== undefined && (typeof url !== 'string' || url.length > MAX_PREVIEW_URL_CHARS)) return undefined;
  return { statusId, branch, triggeredAt, ...(url !== undefined ? { url } : {}) };
}

const PAGE_CHANGES = ['added', 'modified', 'removed', 'renamed'] as const;

/** A record's reader impact; `head-alone` for one keyed by the head commit alone, as earlier versions wrote it. */
function impactOf(value: unknown): ImpactRecord | 'head-alone' | undefined {
  const { number, base, head, pages, more } = fieldsOf<keyof ImpactRecord>(value);
  if (typeof head !== 'string' || !isCommitSha(head) || !isCount(more) || !Array.isArray(pages) || pages.length > IMPACT_RECORD_PAGES) return undefined;
  if (number === undefined && base === undefined) return 'head-alone';
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1 || typeof base !== 'string' || !isBounded(base)) return undefined;
  const kept: Array<ImpactRecord['pages'][number]> = [];
  for (const page of pages as unknown[]) {
    const { path, change, previousPath, visitors, human, ai, thumbsDown, redirected } = fieldsOf<keyof ImpactRecord['pages'][number]>(page);
    const known = PAGE_CHANGES.find((name) => name === change);
    if (typeof path !== 'string' || !isBounded(path) || !known || ![visitors, human, ai, thumbsDown].every(isCountOrUnknown)) return undefined;
    if (previousPath !== undefined && (typeof previousPath !== 'string' || !isBounded(previousPath))) return undefined;
    if (redirected !== undefined && redirected !== null && typeof redirected !== 'boolean') return undefined;
    kept.push({
      path,
      change: known,
      ...(typeof previousPath === 'string' ? { previousPath } : {}),
      visitors: visitors as number | null,
      human: human as number | null,
      ai: ai as number | null,
      thumbsDown: thumbsDown as number | null,
      ...(typeof redirected === 'boolean' || redirected === null ? { redirected } : {}),
    });
  }
  return { number, base, head, pages: kept, more: more as number };
}

/** An instant as `Date.prototype.toISOString` writes it, and a real one. */
export function isInstant(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text) && new Date(text).toISOString() === text;
}

/** A figure of reader impact: a count, or null where the reads did not reach it. */
function isCountOrUnknown(value: unknown): boolean {
  return value === null || isCount(value);
}

/** A count as the analytics give it: a number (declared `number`, not `integer`), never negative. */
function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function docsPrOf(value: unknown): DocsPrRecord | undefined {
  const pull = pullRefOf(value);
  const { headRef, closedByAction, repositoryId, linkAuthor, release } = fieldsOf<keyof DocsPrRecord>(value);
  if (!pull || typeof headRef !== 'string' || headRef === '' || !isBounded(headRef) || typeof closedByAction !== 'boolean') return undefined;
  if (repositoryId !== undefined && !isRepositoryId(repositoryId)) return undefined;
  if (linkAuthor !== undefined && (typeof linkAuthor !== 'string' || !isLogin(linkAuthor))) return undefined;
  const held = release === undefined ? undefined : releaseOf(release);
  if (release !== undefined && !held) return undefined;
  return {
    ...pull,
    ...(repositoryId !== undefined ? { repositoryId } : {}),
    headRef,
    closedByAction,
    ...(linkAuthor !== undefined ? { linkAuthor } : {}),
    ...(held ? { release: held } : {}),
  };
}

function releaseOf(value: unknown): ReleaseRecord | undefined {
  const { mergeCommit, mergedAt, releasedIn, foundReady } = fieldsOf<keyof ReleaseRecord>(value);
  if (typeof mergeCommit !== 'string' || !isCommitSha(mergeCommit)) return undefined;
  if (mergedAt !== undefined && (typeof mergedAt !== 'string' || !isInstant(mergedAt))) return undefined;
  if (releasedIn !== undefined && (typeof releasedIn !== 'string' || releasedIn === '' || !isBounded(releasedIn))) return undefined;
  if (foundReady !== undefined && foundReady !== true) return undefined;
  return {
    mergeCommit,
    ...(mergedAt !== undefined ? { mergedAt } : {}),
    ...(releasedIn !== undefined ? { releasedIn } : {}),
    ...(foundReady ? { foundReady } : {}),
  };
}

/** A tag as a record keeps it: its first `MAX_OUTSIDE_CHARS` code points (it is only ever shown, never followed). */
export function boundedTag(tag: string): string {
  return isBounded(tag) ? tag : [...tag].slice(0, MAX_OUTSIDE_CHARS).join('');
}

function backLinkOf(value: unknown): BackLinkRecord | undefined {
  const { codePr: code, commentAuthor, jobId, reviewsSent } = fieldsOf<keyof BackLinkRecord>(value);
  const codePr = pullRefOf(code);
  const { repositoryId } = fieldsOf<'repositoryId'>(code);
  if (!codePr || (repositoryId !== undefined && !isRepositoryId(repositoryId))) return undefined;
  if (commentAuthor !== undefined && (typeof commentAuthor !== 'string' || !isLogin(commentAuthor))) return undefined;
  if (jobId !== undefined && (typeof jobId !== 'string' || !isJobId(jobId))) return undefined;
  if (reviewsSent !== undefined && !isReviewList(reviewsSent)) return undefined;
  return {
    codePr: { ...codePr, ...(repositoryId !== undefined ? { repositoryId } : {}) },
    ...(commentAuthor !== undefined ? { commentAuthor } : {}),
    ...(jobId !== undefined ? { jobId } : {}),
    ...(reviewsSent !== undefined && reviewsSent.length > 0 ? { reviewsSent } : {}),
  };
}

/** The reviews a back-link says were sent: distinct positive IDs, at most `MAX_REVIEW_FOLLOW_UPS`. */
function isReviewList(value: unknown): value is readonly number[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_REVIEW_FOLLOW_UPS &&
    value.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) &&
    new Set(value).size === value.length
  );
}

/** A GitHub login as accounts and apps have them (`octocat`, `docs-writer[bot]`). */
export function isLogin(text: string): boolean {
  return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/.test(text);
}

/** A repository's ID as GitHub gives it: a positive whole number. */
export function isRepositoryId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

/** Text from outside, short enough to be recorded (`MAX_OUTSIDE_CHARS`, in code points). */
export function isBounded(text: string): boolean {
  return text.length <= MAX_OUTSIDE_CHARS || [...text].length <= MAX_OUTSIDE_CHARS;
}

/** A pull request as a record names it: a repository name as GitHub allows it, and a number from 1. */
function pullRefOf(value: unknown): { repository: string; number: number } | undefined {
  const { repository, number } = fieldsOf<'repository' | 'number'>(value);
  if (typeof repository !== 'string' || !isRepositoryName(repository)) return undefined;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? { repository, number } : undefined;
}

function fieldsOf<K extends string>(value: unknown): Partial<Record<K, unknown>> {
  return typeof value === 'object' && value !== null ? value : {};
}

function firstLine(body: string): string {
  return body.split('\n', 1)[0]!.replace(/\r$/, '');
}

function lastLine(body: string): string {
  return body
    .replace(/[\r\n]+$/, '')
    .split('\n')
    .at(-1)!;
}
