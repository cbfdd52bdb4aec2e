import type { GitHubApi, IssueComment } from '../github/api.js';
import { isMarked } from './record.js';

/**
 * The newest of a pull request's comments that this action wrote with `marker`: its first line is
 * the marker, and the token's own identity wrote it. Anyone else could quote the marker (and a
 * record) to point the action at another job, or to have it edit their comment. The identity costs
 * one request, made only when some comment carries the marker. Both the code PR's comment and the
 * documentation PR's back-link are found so.
 */
export async function newestMarkedBy(github: GitHubApi, comments: readonly IssueComment[], marker: string): Promise<IssueComment | undefined> {
  const marked = comments.filter((comment) => isMarked(comment.body, marker));
  if (marked.length === 0) return undefined;
  // Logins are case-insensitive on GitHub.
  const login = (await github.tokenLogin()).toLowerCase();
  return marked.filter((comment) => comment.authorLogin.toLowerCase() === login).at(-1);
}
