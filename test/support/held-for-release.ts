/**
 * Documentation held for the release (`docs-publish: on-release`), as the tests of `command:
 * release` set it up on a fake GitHub: the code repository's history and its releases, and each
 * documentation PR as a merge left it — a draft labelled `waits-for-release` in the documentation
 * repository, with the docs token's back-link to its code PR, and the code PR merged, its comment's
 * sealed record naming the documentation PR and the merge commit it waits for.
 */
import { RELEASE_LABEL } from '../../src/constants.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, type DocsPrRecord, type ReleaseRecord } from '../../src/memory/record.js';
import type { FakeComment, FakeGitHub, FakePullState, FakeRelease, FakeRepository } from './fake-github.js';
import { shaOf } from './github-objects.js';
import { sealedBackLink, sealedRecord } from './records.js';
import { CODE, codePrComment, codePullState, DOCS, docsPullState } from './two-repositories.js';

/** The docs token's identity (two-repositories.ts's DOCS_TOKEN, as a writer): it wrote the back-links. */
export const DOCS_LOGIN = 'docs-writer[bot]';
/** The identity that writes the code PR's comments: the workflow's token. */
export const CODE_LOGIN = 'github-actions[bot]';

/**
 * A line of commits of the code repository, each the parent of the next, after `parent` (none:
 * the first commit): their SHAs, oldest first, made of their names.
 */
export function commitLine(github: FakeGitHub, names: readonly string[], parent?: string): string[] {
  let before = parent;
  return names.map((name) => {
    const sha = shaOf(`commit ${name}`);
    github.parents.set(sha, before === undefined ? [] : [before]);
    before = sha;
    return sha;
  });
}

/** A release of the code repository on commit `sha`, its tag made to point there: published unless said. */
export function releaseOn(github: FakeGitHub, tag: string, sha: string, release: Omit<FakeRelease, 'tag'> = {}): void {
  github.tags.set(tag, sha);
  github.releases.push({ tag, ...release });
}

export interface HeldOptions {
  /** The documentation PR's number in `docs`. */
  readonly docsPr: number;
  /** The code PR's number in the code repository. */
  readonly codePr: number;
  readonly mergeCommit: string;
  /** When the code PR was merged (ISO 8601, as `toISOString` writes it); none: a merge of unknown time. */
  readonly mergedAt?: string;
  /** The documentation PR as GitHub has it now: a draft labelled `waits-for-release` unless said. */
  readonly pull?: Partial<FakePullState>;
  /** What the record keeps of the wait, over the merge commit and time: released, found ready. */
  readonly release?: Partial<ReleaseRecord>;
  /** Who wrote the back-link (the docs token's identity unless said), and the code PR's comment. */
  readonly backLinkAuthor?: string;
  readonly commentAuthor?: string;
}

/** What a held documentation PR is made of: the documentation PR's state, its back-link comment and the code PR's comment. */
export interface Held {
  readonly pull: FakePullState;
  readonly backLink: FakeComment;
  readonly codeComment: FakeComment;
  readonly recorded: DocsPrRecord;
}

/** A documentation PR held for the release in `docs` (the documentation repository, or the code repository's own pull requests). */
export function held(
  github: FakeGitHub,
  docs: { readonly name: string; readonly pulls: Map<number, FakePullState>; readonly comments: FakeComment[]; readonly id: number },
  options: HeldOptions,
): Held {
  const pull = docsPullState({ headRef: `docs/change-${options.codePr}`, labels: [RELEASE_LABEL], ...options.pull });
  docs.pulls.set(options.docsPr, pull);
  const recorded: DocsPrRecord = {
    repository: docs.name,
    number: options.docsPr,
    repositoryId: docs.id,
    headRef: pull.headRef,
    closedByAction: false,
    linkAuthor: DOCS_LOGIN,
    release: { mergeCommit: options.mergeCommit, ...(options.mergedAt ? { mergedAt: options.mergedAt } : {}), ...options.release },
  };
  const backLinkAuthor = options.backLinkAuthor ?? DOCS_LOGIN;
  const backLink: FakeComment = {
    id: 40_000 + docs.comments.length,
    issue_url: `${github.url}/repos/${docs.name}/issues/${options.docsPr}`,
    body: `${DOCS_PR_MARKER}\nThis pull request documents a code pull request.\n${sealedBackLink(
      { codePr: { repository: CODE, number: options.codePr, repositoryId: github.repositoryId(CODE) }, commentAuthor: options.commentAuthor ?? CODE_LOGIN },
      options.docsPr,
      { id: docs.id, name: docs.name },
    )}\n`,
    user: { login: backLinkAuthor, type: backLinkAuthor.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'NONE',
  };
  docs.comments.push(backLink);
  github.pullStates.set(
    options.codePr,
    codePullState({ state: 'closed', merged: true, mergeCommit: options.mergeCommit, headSha: shaOf(`head ${options.codePr}`) }),
  );
  const codeComment = codePrComment(
    github,
    30_000 + github.comments.length,
    `${COMMENT_MARKER}\nThe documentation job opened its pull request.\n\n${sealedRecord({ jobId: `job_${options.codePr}`, headSha: shaOf(`head ${options.codePr}`), docsPr: recorded }, options.codePr, { id: github.repositoryId(CODE), name: CODE })}`,
    { number: options.codePr, ...(options.commentAuthor ? { author: options.commentAuthor } : {}) },
  );
  return { pull, backLink, codeComment, recorded };
}

/** The documentation repository (DOCS) as `held` takes it. */
export function docsSide(github: FakeGitHub, docs: FakeRepository, name = DOCS): Parameters<typeof held>[1] {
  return { name, pulls: docs.pulls, comments: docs.comments, id: docs.id };
}

/** The code repository's own pull requests as `held` takes them: documentation and code in one repository. */
export function codeSide(github: FakeGitHub): Parameters<typeof held>[1] {
  return { name: CODE, pulls: github.pullStates, comments: github.comments, id: github.repositoryId(CODE) };
}
