import { isCommitSha } from '../github/api.js';
import { isJobId } from '../parse.js';

/**
 * The hidden part of the action's pull-request comment: the marker that finds the comment again,
 * and the record of what the documentation job has accepted, so the next run can follow up on the
 * same job with only what changed since.
 */
export const COMMENT_MARKER = '<!-- docs-agent-action:comment -->';
const RECORD_PATTERN = /<!-- docs-agent-action:state (\{.*?\}) -->/;

/**
 * What a run records. Every field is checked on the way in, so a record is either whole and
 * valid or not there at all. To record more (a later field), add it here, to `readRecord`'s
 * checks, and to the writer's `recordFor`: a record written before the field existed still reads.
 */
export interface CommentRecord {
  /** The job that has the change up to `headSha`. */
  readonly jobId: string;
  /** The pull request's head commit that the job accepted. */
  readonly headSha: string;
  /** The documentation PR the job reported, which follow-code-pr keeps in step with the code PR. */
  readonly docsPr?: DocsPrRecord;
}

export interface DocsPrRecord {
  /** `owner/name` of the documentation repository. */
  readonly repository: string;
  readonly number: number;
  /** This action closed it (the code PR was closed, or a newer documentation PR replaced it): only then may it reopen it. */
  readonly closedByAction: boolean;
}

/** `owner/name` as GitHub allows them: what a record may name, and a PR link's path must hold. */
export function isRepositoryName(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/.test(text) && !/\/\.{1,2}$/.test(text);
}

/** The record a comment body carries, or nothing when it has none or one that is not ours to follow. */
export function readRecord(body: string): CommentRecord | undefined {
  const match = RECORD_PATTERN.exec(body);
  if (!match) return undefined;
  let fields: Partial<Record<keyof CommentRecord, unknown>>;
  try {
    fields = JSON.parse(match[1]!) as typeof fields;
  } catch {
    return undefined;
  }
  const { jobId, headSha, docsPr } = fields ?? {};
  // A record that does not hold a job ID and a commit SHA is not ours to follow.
  if (typeof jobId !== 'string' || !isJobId(jobId) || typeof headSha !== 'string' || !isCommitSha(headSha)) return undefined;
  // A record written before follow-code-pr has no documentation PR; one whose PR is not well formed is not ours at all.
  if (docsPr === undefined) return { jobId, headSha };
  const docs = readDocsPr(docsPr);
  return docs && { jobId, headSha, docsPr: docs };
}

function readDocsPr(value: unknown): DocsPrRecord | undefined {
  const { repository, number, closedByAction } = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof DocsPrRecord, unknown>>;
  if (typeof repository !== 'string' || !isRepositoryName(repository)) return undefined;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) return undefined;
  if (typeof closedByAction !== 'boolean') return undefined;
  return { repository, number, closedByAction };
}

/** The record as a hidden line: JSON whose `<`, `>` and `-` are escaped, so it cannot end the comment early. */
export function recordLine(record: CommentRecord): string {
  const json = JSON.stringify(record).replace(/[<>-]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<!-- docs-agent-action:state ${json} -->`;
}
