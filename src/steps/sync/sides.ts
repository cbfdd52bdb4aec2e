import type { PullRequestState, RepoName } from '../../github/api.js';
import type { BackLinkComment } from '../../memory/back-link.js';
import type { CodePrComment } from '../../memory/code-pr-comment.js';
import type { DocsPrRecord, JobRecord } from '../../memory/record.js';
import type { RepositoryIdentity } from '../../memory/seal.js';

/** The code PR's side, as the back-link leads to it: its repository and token, the pull request as GitHub has it now, its comment and record. */
export interface CodeSide {
  readonly repo: RepoName;
  /** The code repository as its records are bound to it: its ID, as the back-link or GitHub gives it. */
  readonly repository: RepositoryIdentity;
  readonly token: string;
  readonly pull: PullRequestState;
  readonly comment: CodePrComment;
  /** The code PR's record: one that names a documentation PR names its job too. */
  readonly earlier: JobRecord;
  /** The documentation PR the code PR's record names: this one. */
  readonly recorded: DocsPrRecord;
}

/** The documentation PR's side of a sync run: its repository, number, and the action's back-link there (the one rule of "ours"). */
export interface DocsSide {
  readonly repository: RepositoryIdentity;
  readonly number: number;
  readonly backLink: BackLinkComment;
}
