import { isCommitSha, isJobId } from '../parse.js';
import { GitHubError, type GitHubApi, type IssueComment } from './api.js';

/**
 * One comment per pull request, found again by a hidden marker. It shows the outcome and the
 * documentation PR, and records (hidden) the job and the head commit it covered, so the next
 * run can follow up on the same job with only what changed since.
 */
export const COMMENT_MARKER = '<!-- docs-agent-action:comment -->';
const STATE_PATTERN = /<!-- docs-agent-action:state (\{.*?\}) -->/;

export interface CommentState {
  readonly jobId: string;
  readonly headSha: string;
}

export interface FoundComment {
  readonly id: number;
  readonly state: CommentState | undefined;
}

/**
 * Only comments a bot or someone with write access wrote count: a comment that anyone can post
 * must not be able to point the action at another job.
 */
const TRUSTED_ASSOCIATIONS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

export async function findComment(github: GitHubApi, pullNumber: number): Promise<FoundComment | undefined> {
  const comments = await github.listComments(pullNumber);
  const ours = comments.filter((comment) => comment.body.includes(COMMENT_MARKER) && isTrusted(comment));
  const newest = ours[ours.length - 1];
  return newest && { id: newest.id, state: readState(newest.body) };
}

export function readState(body: string): CommentState | undefined {
  const match = STATE_PATTERN.exec(body);
  if (!match) return undefined;
  try {
    const state = JSON.parse(match[1]!) as Partial<CommentState>;
    // A record that does not hold a job ID and a commit SHA is not ours to follow.
    return typeof state.jobId === 'string' && isJobId(state.jobId) && typeof state.headSha === 'string' && isCommitSha(state.headSha)
      ? { jobId: state.jobId, headSha: state.headSha }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The hidden record: JSON whose `<`, `>` and `-` are escaped, so it cannot end the comment early. */
export function stateLine(state: CommentState): string {
  const json = JSON.stringify(state).replace(/[<>-]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<!-- docs-agent-action:state ${json} -->`;
}

export type CommentResult = 'created' | 'updated' | 'forbidden';

/** Creates the comment, or updates it in place. A 403 is reported, not thrown: the step goes on. */
export async function upsertComment(
  github: GitHubApi,
  pullNumber: number,
  existing: FoundComment | undefined,
  body: string,
): Promise<CommentResult> {
  try {
    if (existing) {
      await github.updateComment(existing.id, body);
      return 'updated';
    }
    await github.createComment(pullNumber, body);
    return 'created';
  } catch (error) {
    if (error instanceof GitHubError && error.status === 403) return 'forbidden';
    throw error;
  }
}

function isTrusted(comment: IssueComment): boolean {
  return comment.authorType === 'Bot' || TRUSTED_ASSOCIATIONS.has(comment.authorAssociation);
}
