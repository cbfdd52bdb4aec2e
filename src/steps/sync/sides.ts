import type { PullRequestState, RepoName } from '../../github/api.js';
import type { CommentRecord, DocsPrRecord } from '../../memory/record.js';
import type { RepositoryIdentity } from '../../memory/seal.js';
import type { BackLinkComment, PullRequestComment } from '../../pr-comment/comment.js';

/** The code PR's side, as the back-link leads to it: its repository and token, the pull request as GitHub has it now, its comment and record. */
export interface CodeSide {
  readonly repo: RepoName;
  /** The code repository's ID, as the back-link or GitHub gives it: what its records are sealed for. */
  readonly repositoryId: number | undefined;
  readonly token: string;
  readonly pull: PullRequestState;
  readonly comment: PullRequestComment;
  readonly earlier: CommentRecord;
  /** The documentation PR the code PR's record names: this one. */
  readonly recorded: DocsPrRecord;
  /** The documentation PR's back-link that led here: its comment and record (the review loop counts its follow-ups there). */
  readonly backLink: BackLinkComment;
}

/** The documentation PR's side of a sync run: its repository, number, and the back-link that verified there. */
export interface DocsSide {
  readonly repository: RepositoryIdentity;
  readonly number: number;
  readonly backLink: BackLinkComment;
}
