/**
 * The comment calls of GitHub's API on a list held in memory, each call recorded: for the tests
 * of the pull-request comment, without a server. Any other call throws.
 */
import type { GitHubApi, IssueComment } from '../../src/github/api.js';

/** The comment calls of GitHub's API, on a list held in memory; each call is recorded. */
export function memoryGitHub(comments: IssueComment[] = [], login = 'github-actions[bot]') {
  const calls: string[] = [];
  const failures: { list?: Error; write?: Error } = {};
  const notUsed = (): never => {
    throw new Error('not a comment call');
  };
  const github: GitHubApi & { calls: string[]; comments: IssueComment[]; failures: typeof failures } = {
    calls,
    comments,
    failures,
    pullDiff: notUsed,
    pullFiles: notUsed,
    pullCommitSubjects: notUsed,
    compare: notUsed,
    compareDiff: notUsed,
    commit: notUsed,
    defaultBranch: notUsed,
    pullRequest: notUsed,
    recentComments: notUsed,
    setPullRequestState: notUsed,
    markReadyForReview: notUsed,
    setCommitStatus: notUsed,
    writersReviews: notUsed,
    openPullsWithPendingStatus: notUsed,
    filesNamed: notUsed,
    fileText: notUsed,
    directory: notUsed,
    branchRules: notUsed,
    reviews: notUsed,
    review: notUsed,
    reviewComments: notUsed,
    collaboratorPermission: notUsed,
    mergeCommit: notUsed,
    convertToDraft: notUsed,
    addLabel: notUsed,
    removeLabel: notUsed,
    release: notUsed,
    openPulls: notUsed,
    compareStatus: notUsed,
    listComments(issueNumber) {
      calls.push(`list ${issueNumber}`);
      return failures.list ? Promise.reject(failures.list) : Promise.resolve([...comments]);
    },
    comment(commentId) {
      calls.push(`get ${commentId}`);
      return failures.list ? Promise.reject(failures.list) : Promise.resolve(comments.find((comment) => comment.id === commentId));
    },
    tokenLogin() {
      calls.push('identity');
      return Promise.resolve(login);
    },
    createComment(issueNumber, body) {
      calls.push(`create ${issueNumber}`);
      if (failures.write) return Promise.reject(failures.write);
      const id = 900 + comments.length;
      comments.push({ id, body, authorLogin: login });
      return Promise.resolve(id);
    },
    updateComment(commentId, body) {
      calls.push(`update ${commentId}`);
      if (failures.write) return Promise.reject(failures.write);
      const index = comments.findIndex((comment) => comment.id === commentId);
      comments[index] = { ...comments[index]!, body };
      return Promise.resolve();
    },
  };
  return github;
}
