import { isJobId } from '../parse.js';
import { GitHubError, isCommitSha, type GitHubApi } from './api.js';

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
 * The newest comment that carries the marker and was written by the token's own identity. A
 * comment anyone else wrote, another bot's included, could quote the marker and a record to
 * point the action at another job or have it edit their comment: it does not count. The
 * identity costs one request, made only when some comment carries the marker.
 */
export async function findComment(github: GitHubApi, pullNumber: number): Promise<FoundComment | undefined> {
  const marked = (await github.listComments(pullNumber)).filter((comment) => comment.body.includes(COMMENT_MARKER));
  if (marked.length === 0) return undefined;
  const login = (await github.tokenLogin()).toLowerCase();
  // Logins are case-insensitive on GitHub.
  const ours = marked.filter((comment) => comment.authorLogin.toLowerCase() === login);
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

/**
 * The one comment of a run, written more than once (working, then the outcome): the first write
 * creates it unless an earlier run's comment is there, and every later one updates that same
 * comment. After a write fails (a 403 when the token may not write comments, or any other
 * failure), the caller warns once and no later write is tried.
 */
export class PullRequestComment {
  private commentId: number | undefined;
  private refused = false;

  constructor(
    private readonly github: GitHubApi,
    private readonly pullNumber: number,
    existing: FoundComment | undefined,
  ) {
    this.commentId = existing?.id;
  }

  /** `created`, `updated`, `forbidden` (the first 403; the caller warns), or `skipped` after it. */
  async write(body: string): Promise<'created' | 'updated' | 'forbidden' | 'skipped'> {
    if (this.refused) return 'skipped';
    try {
      if (this.commentId !== undefined) {
        await this.github.updateComment(this.commentId, body);
        return 'updated';
      }
      this.commentId = await this.github.createComment(this.pullNumber, body);
      return 'created';
    } catch (error) {
      this.refused = true;
      if (error instanceof GitHubError && error.status === 403) return 'forbidden';
      throw error;
    }
  }
}
