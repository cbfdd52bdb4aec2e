/**
 * Every GitHub call the action makes, named as errors and warnings name it, with what to do when
 * GitHub refuses it (403) or does not find what it asks for (404).
 */
export const GITHUB_CALLS = {
  'pull-diff': {
    title: 'pull request diff',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
    forbidden: 'give the job "permissions: contents: read" and "pull-requests: read"',
    notFound: 'the pull request is not in this repository, or the token cannot see it',
  },
  'pull-files': {
    title: 'pull request files',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
    forbidden: 'give the job "permissions: contents: read" and "pull-requests: read"',
    notFound: 'the pull request is not in this repository, or the token cannot see it',
  },
  'pull-commits': {
    title: 'pull request commits',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits',
    forbidden: 'give the job "permissions: pull-requests: read"',
    notFound: undefined,
  },
  compare: {
    title: 'compare',
    endpoint: 'GET /repos/{owner}/{repo}/compare/{basehead}',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: 'a commit of the comparison is gone',
  },
  'compare-diff': {
    title: 'compare diff',
    endpoint: 'GET /repos/{owner}/{repo}/compare/{basehead}',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: 'a commit of the comparison is gone',
  },
  commit: {
    title: 'commit',
    endpoint: 'GET /repos/{owner}/{repo}/commits/{ref}',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: 'the commit is gone',
  },
  repository: {
    title: 'repository',
    endpoint: 'GET /repos/{owner}/{repo}',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: 'check GITHUB_REPOSITORY and that the token can see the repository',
  },
  'list-comments': {
    title: 'list comments',
    endpoint: 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
    forbidden: 'give the job "permissions: pull-requests: read", or set pr-comment: false',
    notFound: undefined,
  },
  'get-comment': {
    title: 'get comment',
    endpoint: 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
    forbidden: 'give the job "permissions: pull-requests: read", or set pr-comment: false',
    notFound: undefined,
  },
  'recent-comments': {
    title: 'recent comments',
    endpoint: 'GET /repos/{owner}/{repo}/issues/comments',
    forbidden: 'give the job "permissions: pull-requests: write" (command: sweep reads the comments it wrote, and writes them)',
    notFound: 'check GITHUB_REPOSITORY and that the token can see the repository',
  },
  identity: {
    title: 'token identity',
    endpoint: 'POST /graphql, viewer',
    forbidden: undefined,
    notFound: undefined,
  },
  'create-comment': {
    title: 'create comment',
    endpoint: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    forbidden: 'give the job "permissions: pull-requests: write", or set pr-comment: false',
    notFound: undefined,
  },
  'update-comment': {
    title: 'update comment',
    endpoint: 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
    forbidden: 'give the job "permissions: pull-requests: write", or set pr-comment: false',
    notFound: 'the comment was deleted meanwhile; the next run writes a new one',
  },
  'pull-request': {
    title: 'pull request',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
    forbidden: 'the token needs "Pull requests: read" on this repository',
    notFound: 'the pull request does not exist, or the token cannot see the repository',
  },
  'update-pull': {
    title: 'update pull request',
    endpoint: 'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
    forbidden: 'the token needs "Pull requests: write" on this repository',
    notFound: 'the pull request does not exist, or the token cannot see the repository',
  },
  'mark-ready': {
    title: 'mark ready for review',
    endpoint: 'POST /graphql, markPullRequestReadyForReview',
    forbidden: 'the token needs "Pull requests: write" and "Contents: write" on this repository',
    notFound: undefined,
  },
  'set-status': {
    title: 'set commit status',
    endpoint: 'POST /repos/{owner}/{repo}/statuses/{sha}',
    forbidden: 'give the job "permissions: statuses: write" (a pull request from a fork gets a read-only token: see the documentation gate guide)',
    notFound: 'the commit is not in this repository, or the token cannot see it',
  },
  'review-decision': {
    title: 'review decision',
    endpoint: 'POST /graphql, pullRequest.reviewDecision and latestOpinionatedReviews',
    forbidden: 'the token needs "Pull requests: read" on this repository',
    notFound: 'the pull request does not exist, or the token cannot see the repository',
  },
  'pending-pulls': {
    title: 'open pull requests with a pending status',
    endpoint: 'POST /graphql, repository.pullRequests(states: OPEN) and status.context',
    forbidden:
      'give the job "permissions: pull-requests: write" and "statuses: write" (command: sweep reads the pull requests and writes their comments and statuses)',
    notFound: 'check GITHUB_REPOSITORY and that the token can see the repository',
  },
  tree: {
    title: 'repository tree',
    endpoint: 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
    forbidden: 'the token needs "Contents: read" on this repository',
    notFound: 'the commit is gone, or the token cannot see the repository',
  },
  'file-content': {
    title: 'file contents',
    endpoint: 'GET /repos/{owner}/{repo}/contents/{path}',
    forbidden: 'the token needs "Contents: read" on this repository',
    notFound: undefined,
  },
  directory: {
    title: 'folder contents',
    endpoint: 'GET /repos/{owner}/{repo}/contents/{path}',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: undefined,
  },
  'branch-rules': {
    title: 'branch rules',
    endpoint: 'GET /repos/{owner}/{repo}/rules/branches/{branch}',
    forbidden: 'the token needs "Metadata: read" on this repository',
    notFound: 'check GITHUB_REPOSITORY and that the token can see the repository',
  },
  reviews: {
    title: 'pull request reviews',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
    forbidden: 'the token needs "Pull requests: read" on this repository',
    notFound: 'the pull request does not exist, or the token cannot see the repository',
  },
  review: {
    title: 'pull request review',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}',
    forbidden: 'the token needs "Pull requests: read" on this repository',
    notFound: 'the review or its pull request does not exist, or the token cannot see the repository',
  },
  'review-comments': {
    title: 'review comments',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments',
    forbidden: 'the token needs "Pull requests: read" on this repository',
    notFound: 'the review or its pull request does not exist, or the token cannot see the repository',
  },
  'collaborator-permission': {
    title: 'collaborator permission',
    endpoint: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
    forbidden: 'the token needs "Metadata: read" on this repository',
    notFound: 'the user does not exist, or the token cannot see the repository',
  },
  'merge-commit': {
    title: 'merge commit',
    endpoint: 'GET /repos/{owner}/{repo}/pulls/{pull_number}, else POST /graphql, pullRequest.mergeCommit',
    forbidden: 'give the job "permissions: pull-requests: read"',
    notFound: 'the pull request does not exist, or the token cannot see the repository',
  },
  'convert-to-draft': {
    title: 'convert to draft',
    endpoint: 'POST /graphql, convertPullRequestToDraft',
    forbidden: 'the token needs "Pull requests: write" on this repository',
    notFound: undefined,
  },
  'add-label': {
    title: 'add label',
    endpoint: 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
    forbidden: 'the token needs "Pull requests: write" on this repository',
    notFound: 'the pull request does not exist, or the token cannot see the repository',
  },
  'remove-label': {
    title: 'remove label',
    endpoint: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
    forbidden: 'the token needs "Pull requests: write" on this repository',
    notFound: undefined,
  },
  release: {
    title: 'release',
    endpoint: 'GET /repos/{owner}/{repo}/releases/tags/{tag} or /releases/latest',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: 'no published release has that tag (a draft is not published)',
  },
  'open-pulls': {
    title: 'open pull requests',
    endpoint: 'GET /repos/{owner}/{repo}/pulls',
    forbidden: 'the token needs "Pull requests: read" on this repository',
    notFound: 'check the repository name and that the token can see it',
  },
  containment: {
    title: 'compare (does the release contain the merge commit)',
    endpoint: 'GET /repos/{owner}/{repo}/compare/{basehead}',
    forbidden: 'give the job "permissions: contents: read"',
    notFound: 'the tag or the merge commit is not in this repository',
  },
} as const satisfies Record<string, { title: string; endpoint: string; forbidden: string | undefined; notFound: string | undefined }>;

export type GitHubCallName = keyof typeof GITHUB_CALLS;

/** A call as errors and the log name it: `GitHub pull request diff (GET /repos/{owner}/{repo}/pulls/{pull_number})`. */
export function callLabel(name: GitHubCallName): string {
  const { title, endpoint } = GITHUB_CALLS[name];
  return `GitHub ${title} (${endpoint})`;
}

/**
 * The one line a step fails with when `github-token` is empty and it needs it: what it needs it for
 * and the fix (the default, or a token with these permissions), before any request, never the
 * client library's own words.
 */
export function emptyGitHubToken(neededTo: readonly string[], permissions: readonly string[]): string {
  return `Input "github-token" is empty: it is needed to ${inWords(neededTo)}. Leave it at its default (\${{ github.token }}) or pass a token with ${inWords(permissions.map((name) => `"${name}"`))}.`;
}

/** `a`, `a and b`, `a, b and c`, each once. */
function inWords(items: readonly string[]): string {
  const once = [...new Set(items)];
  return once.length <= 1 ? (once[0] ?? '') : `${once.slice(0, -1).join(', ')} and ${once.at(-1)!}`;
}
