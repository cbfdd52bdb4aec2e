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
  const { jobId, headSha } = fields ?? {};
  // A record that does not hold a job ID and a commit SHA is not ours to follow.
  if (typeof jobId !== 'string' || !isJobId(jobId) || typeof headSha !== 'string' || !isCommitSha(headSha)) return undefined;
  return { jobId, headSha };
}

/** The record as a hidden line: JSON whose `<`, `>` and `-` are escaped, so it cannot end the comment early. */
export function recordLine(record: CommentRecord): string {
  const json = JSON.stringify(record).replace(/[<>-]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<!-- docs-agent-action:state ${json} -->`;
}
