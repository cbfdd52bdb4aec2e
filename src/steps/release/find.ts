import { RELEASE_LABEL } from '../../constants.js';
import { namesPull, sameRepository } from '../../docs-pr/target.js';
import { endsTheStep, pullName, type GitHubApi, type IssueComment, type OpenPullRequest } from '../../github/api.js';
import { OPEN_PULL_PAGES } from '../../github/pages.js';
import { firstBackLink, ourBackLink } from '../../memory/back-link.js';
import { CodePrComment } from '../../memory/code-pr-comment.js';
import { waitsForRelease, type DocsPrRecord, type ReleaseRecord } from '../../memory/record.js';
import type { RecordSeal, RepositoryIdentity } from '../../memory/seal.js';
import type { Clock, Logger } from '../../runtime.js';
import { countOf, errorMessage, quotedForLog } from '../../text.js';

/**
 * A documentation PR the action holds for a release of this repository, as the action's own
 * records say: labelled `waits-for-release` among its repository's open pull requests (anyone can
 * add a label: it only singles a pull request out), carrying the action's back-link to a code PR
 * of this repository, whose comment — the action's, by the identity the back-link names — records
 * it (the back-link by the author that record names: a copy is never it) as held for the release
 * and still waiting.
 */
export interface WaitingDocsPr {
  /** The documentation PR: its repository (the ID its back-link is sealed for) and number, and how it was listed. */
  readonly docs: { readonly repository: RepositoryIdentity; readonly number: number };
  readonly pull: OpenPullRequest;
  /** The code PR's comment of the action's: what the release writes its part into. */
  readonly comment: CodePrComment;
  /** The documentation PR as the code PR's record names it, with the merge commit it waits for. */
  readonly recorded: DocsPrRecord & { readonly release: ReleaseRecord };
}

export interface ReleaseFindings {
  /** Oldest merge first (a merge of unknown time last), then by code PR. */
  readonly waiting: readonly WaitingDocsPr[];
  /** The documentation repositories that could not be read (each said in one warning). */
  readonly unreachable: readonly string[];
  /** The GitHub reads made: the pages of open pull requests, one per labelled pull request, one per code PR's comment, and the token identities asked. */
  readonly reads: number;
}

export interface FindContext {
  /** The code repository: the workflow's, as records are bound to it, and a client for its reads. */
  readonly code: { readonly repository: RepositoryIdentity; readonly read: () => Promise<GitHubApi> };
  /** A client for a documentation repository; undefined when no token reaches it. */
  readonly docs: (repository: string) => Promise<GitHubApi> | undefined;
  /** What to say when no token reaches a documentation repository: what to give. */
  readonly noToken: (repository: string) => string;
  readonly seal: RecordSeal;
  readonly logger: Logger;
  readonly clock: Clock;
}

/**
 * The documentation PRs that wait for a release of this repository, in `repositories` (the
 * contract's *Documentation that ships with the release*): per repository ⌈its open pull requests ÷
 * 100⌉ reads (at most `OPEN_PULL_PAGES`), then one read of the comments of each labelled one, then
 * for each whose back-link verifies and names a code PR of this repository, one read of that code
 * PR's comments. A repository that cannot be read is one warning; the others are read on.
 * Cancellation and the step's deadline end it, as every GitHub read.
 */
export async function findWaiting(repositories: readonly string[], context: FindContext): Promise<ReleaseFindings> {
  const { logger } = context;
  const waiting: WaitingDocsPr[] = [];
  const unreachable: string[] = [];
  let reads = 0;
  for (const name of repositories) {
    const reached = context.docs(name);
    if (!reached) {
      logger.warning(context.noToken(name));
      unreachable.push(name);
      continue;
    }
    let listed: Awaited<ReturnType<GitHubApi['openPulls']>>;
    try {
      listed = await (await reached).openPulls(OPEN_PULL_PAGES);
    } catch (error) {
      if (endsTheStep(error)) throw error;
      logger.warning(`Could not read the open pull requests of ${name}: ${errorMessage(error)} Its documentation PRs wait for the next release run.`);
      unreachable.push(name);
      continue;
    }
    reads += listed.pages;
    if (listed.more) {
      logger.notice(
        `${name} has more than ${OPEN_PULL_PAGES * 100} open pull requests: only the newest ${OPEN_PULL_PAGES * 100} were looked at for documentation PRs that wait for this release.`,
      );
    }
    const labelled = listed.pulls.filter((pull) => pull.labels.some((label) => label.toLowerCase() === RELEASE_LABEL));
    for (const pull of labelled) {
      const found = await heldFor(name, pull, await reached, context);
      reads += found.reads;
      if (found.waiting) waiting.push(found.waiting);
    }
  }
  waiting.sort((a, b) => mergedAtOf(a) - mergedAtOf(b) || a.comment.pullRequest.number - b.comment.pullRequest.number || a.docs.number - b.docs.number);
  if (waiting.length > 0) logger.info(`${countOf(waiting.length, 'documentation PR')} wait for a release of this repository, oldest merge first.`);
  return { waiting, unreachable, reads };
}

/** When a waiting documentation PR's code PR was merged, as its record says (epoch ms); a merge of unknown time sorts last. */
function mergedAtOf(waiting: WaitingDocsPr): number {
  const at = waiting.recorded.release.mergedAt;
  return at === undefined ? Number.MAX_SAFE_INTEGER : Date.parse(at);
}

/**
 * One labelled pull request: what its back-link and its code PR's record say. A read that fails is
 * one warning, and the pull request waits for the next run; anything that is not the action's, or
 * not this repository's, or not waiting, is passed over (said at info level: a label is anyone's).
 */
async function heldFor(name: string, pull: OpenPullRequest, docsGitHub: GitHubApi, context: FindContext): Promise<{ waiting?: WaitingDocsPr; reads: number }> {
  const { logger, seal, code } = context;
  const docs = { repository: { id: pull.repositoryId, name }, number: pull.number };
  const docsName = pullName({ repository: name, number: pull.number });
  let reads = 0;
  const passOver = (why: string): { reads: number } => {
    logger.info(`${docsName} carries the label ${RELEASE_LABEL} but ${why}: passed over.`);
    return { reads };
  };
  let comments: IssueComment[];
  try {
    reads += 1;
    comments = await docsGitHub.listComments(pull.number);
  } catch (error) {
    if (endsTheStep(error)) throw error;
    logger.warning(`Could not read the comments of ${docsName}: ${errorMessage(error)} It waits for the next release run.`);
    return { reads };
  }
  // Any back-link that verifies leads to its code PR; which one is the action's, that code PR's record says.
  const first = firstBackLink(comments, docs, seal);
  if (first.found !== 'verified') return passOver("no back-link of this action's that verifies");
  const backLink = first.record.record;
  const codePr = backLink.codePr;
  const ofThisRepository =
    codePr.repositoryId !== undefined && code.repository.id !== undefined
      ? codePr.repositoryId === code.repository.id
      : sameRepository(codePr.repository, code.repository.name);
  if (!ofThisRepository) return passOver(`it documents ${pullName(codePr)}, of another repository`);
  const github = await code.read();
  let comment: CodePrComment;
  try {
    const author = backLink.commentAuthor ?? (reads++, await github.tokenLogin());
    reads += 1;
    comment = await CodePrComment.read(
      github,
      { repository: code.repository, number: codePr.number, headSha: '' },
      { logger, clock: context.clock, seal, author },
    );
  } catch (error) {
    if (endsTheStep(error)) throw error;
    logger.warning(`Could not read the comments of code PR #${codePr.number}: ${errorMessage(error)} ${docsName} waits for the next release run.`);
    return { reads };
  }
  const recorded = comment.earlier?.docsPr;
  if (!recorded || !namesPull(recorded, docs.repository, pull.number)) return passOver(`the record of code PR #${codePr.number} does not name it`);
  // The action's back-link is the one by the author that record names: a copy by anyone else is never it.
  if (!(await ourBackLink(comments, docs, seal, recorded.linkAuthor)))
    return passOver("its back-link was not written by the identity that writes this action's back-links");
  if (!recorded.release) return passOver(`the record of code PR #${codePr.number} does not hold it for a release`);
  if (!waitsForRelease(recorded)) {
    logger.info(
      `${docsName} ${recorded.release.releasedIn !== undefined ? `was released with ${quotedForLog(recorded.release.releasedIn)} already` : 'was marked ready for review by hand'}: left as it is.`,
    );
    return { reads };
  }
  return { waiting: { docs, pull, comment, recorded }, reads };
}
