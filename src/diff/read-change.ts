import { pullRequestOf, type TriggerEvent } from '../event.js';
import { COMPARE_MAX_FILES, endsTheStep, GitHubError, isMissingCommit, type GitHubApi, type RepoName } from '../github/api.js';
import type { Logger } from '../runtime.js';
import { countOf, forLog, errorMessage } from '../text.js';
import { fileDiffFromListing, splitUnifiedDiff, type FileDiff } from './files.js';
import type { ChangeContext } from './prompt.js';

export interface Change {
  readonly context: ChangeContext;
  readonly files: FileDiff[];
  /** GitHub listed only the first `COMPARE_MAX_FILES` files of the change, and no more could be read. */
  readonly filesCapped?: boolean;
}

/** A pull request as its event payload describes it. */
export interface PullRequestPayload {
  readonly number: number;
  readonly title?: string;
  readonly body?: string | null;
  readonly html_url?: string;
  readonly base?: { readonly ref?: string; readonly sha?: string };
  readonly head?: { readonly ref?: string; readonly sha?: string };
}

interface PushPayload {
  readonly ref?: string;
  readonly before?: string;
  readonly after?: string;
  readonly deleted?: boolean;
  readonly commits?: ReadonlyArray<{ readonly message?: string }>;
}

const ZERO_SHA = /^0+$/;

/**
 * Reads the triggering change through GitHub's API: a pull request's diff, or a push's
 * compare. Undefined when the event carries no change (another event, a deleted branch).
 * With `since`, only the pull request's changes after that commit (for a follow-up message);
 * if that commit is gone (a force push), the whole pull request.
 *
 * A failure to read the diff itself is thrown (a `GitHubError` naming the call): whether it
 * fails the step is the caller's to decide. Reads that only add context (commit subjects, the
 * default branch) degrade to one warning each.
 */
export async function readChange(event: TriggerEvent, github: GitHubApi, repo: RepoName, logger: Logger, since?: string): Promise<Change | undefined> {
  const repository = `${repo.owner}/${repo.repo}`;
  const pr = pullRequestOf(event) && (event.payload.pull_request as PullRequestPayload);
  if (pr) {
    const context: ChangeContext = {
      repository,
      event: event.name,
      pullRequest: { number: pr.number, title: pr.title ?? '', url: pr.html_url ?? '', body: pr.body ?? '' },
      baseRef: pr.base?.ref,
      baseSha: pr.base?.sha,
      headRef: pr.head?.ref,
      headSha: pr.head?.sha,
      commitSubjects: [],
    };
    if (since && pr.head?.sha) {
      try {
        const compared = await comparison(github, since, pr.head.sha, logger);
        return { files: compared.files, filesCapped: compared.filesCapped, context: { ...context, since, commitSubjects: compared.commitSubjects } };
      } catch (error) {
        if (!isMissingCommit(error)) throw error;
        logger.notice(`The commit ${since} recorded by the last run is gone (force push?); sending the whole pull request's diff.`);
      }
    }
    // Both reads run at once; the step waits for both, so no request outlives it.
    const [files, commitSubjects] = await allSettledOrThrow([
      pullRequestFiles(github, pr.number, logger),
      orWarn(github.pullCommitSubjects(pr.number), [], logger, "the pull request's commit subjects", 'the prompt goes without them'),
    ]);
    return { context: { ...context, commitSubjects }, files };
  }
  if (event.name === 'push') return readPush(event.payload as PushPayload, github, repository, logger);
  return undefined;
}

async function pullRequestFiles(github: GitHubApi, pullNumber: number, logger: Logger): Promise<FileDiff[]> {
  try {
    return splitUnifiedDiff(await github.pullDiff(pullNumber));
  } catch (error) {
    // Over 300 files or 20,000 lines GitHub refuses the diff; the files list still has patches.
    if (!(error instanceof GitHubError) || (error.status !== 406 && error.status !== 422)) throw error;
    logger.info(`The pull request's diff is too large for GitHub's diff endpoint (${error.status}); reading it file by file.`);
    const files = (await github.pullFiles(pullNumber)).map(fileDiffFromListing);
    const missing = files.filter((file) => file.patchMissing).map((file) => file.path);
    if (missing.length > 0)
      logger.info(
        `GitHub gave no patch for ${countOf(missing.length, 'file')}: ${missing
          .slice(0, 20)
          .map((path) => forLog(path, 200))
          .join(', ')}${missing.length > 20 ? ', …' : ''}`,
      );
    return files;
  }
}

interface Comparison {
  readonly files: FileDiff[];
  readonly commitSubjects: string[];
  readonly filesCapped: boolean;
}

/**
 * A comparison's files and commit subjects. GitHub's compare lists at most 300 files and cannot
 * page them; when the list is full, the comparison's unified diff (the diff media type) gives
 * every file. If that is refused too, the 300 files go, and the prompt says that others may be
 * missing.
 */
async function comparison(github: GitHubApi, base: string, head: string, logger: Logger): Promise<Comparison> {
  const compared = await github.compare(base, head);
  const files = compared.files.map(fileDiffFromListing);
  if (compared.files.length < COMPARE_MAX_FILES) return { files, commitSubjects: compared.commitSubjects, filesCapped: false };
  try {
    const whole = splitUnifiedDiff(await github.compareDiff(base, head));
    logger.info(`GitHub lists at most ${COMPARE_MAX_FILES} files of a comparison; read its whole diff instead (${whole.length} files).`);
    return { files: whole, commitSubjects: compared.commitSubjects, filesCapped: false };
  } catch (error) {
    if (endsTheStep(error)) throw error;
    logger.warning(
      `GitHub lists at most ${COMPARE_MAX_FILES} files of a comparison, and the whole diff could not be read (${errorMessage(error)}): sending those ${COMPARE_MAX_FILES} files; the prompt says that others may be missing.`,
    );
    return { files, commitSubjects: compared.commitSubjects, filesCapped: true };
  }
}

async function readPush(push: PushPayload, github: GitHubApi, repository: string, logger: Logger): Promise<Change | undefined> {
  const after = push.after ?? '';
  const before = push.before ?? '';
  if (push.deleted || !after || ZERO_SHA.test(after)) {
    logger.info('The push deleted a branch: there is no diff to send.');
    return undefined;
  }
  const branch = push.ref?.replace(/^refs\/heads\//, '');
  const context: ChangeContext = {
    repository,
    event: 'push',
    baseSha: ZERO_SHA.test(before) ? undefined : before,
    headRef: branch,
    headSha: after,
    commitSubjects: [],
  };
  const headCommitAlone = async (): Promise<Change> => {
    const commit = await github.commit(after);
    return { context: { ...context, baseSha: undefined, commitSubjects: [commit.subject] }, files: commit.files.map(fileDiffFromListing) };
  };
  if (before && !ZERO_SHA.test(before)) {
    try {
      const compared = await comparison(github, before, after, logger);
      return { files: compared.files, filesCapped: compared.filesCapped, context: { ...context, commitSubjects: compared.commitSubjects } };
    } catch (error) {
      // A force push can leave `before` behind, and GitHub may drop it: what is still known
      // for sure is the head commit.
      if (!isMissingCommit(error)) throw error;
      logger.warning(`The push's base commit ${before} is gone (force push?): ${errorMessage(error)} Sending the head commit ${after} alone.`);
      return headCommitAlone();
    }
  }
  // A new branch: what it adds over the default branch, or its head commit alone when it is
  // the default branch itself, shares no history with it, or the default branch is unknown.
  const defaultBranch = await orWarn(github.defaultBranch(), undefined, logger, "the repository's default branch", `sending the head commit ${after} alone`);
  if (defaultBranch !== undefined && branch !== defaultBranch) {
    try {
      const compared = await comparison(github, defaultBranch, after, logger);
      return {
        files: compared.files,
        filesCapped: compared.filesCapped,
        context: { ...context, baseRef: defaultBranch, commitSubjects: compared.commitSubjects },
      };
    } catch (error) {
      if (!isMissingCommit(error)) throw error;
    }
  }
  return headCommitAlone();
}

/**
 * A read that only adds context: its value, or `fallback` after one warning saying what the
 * step does without it. Cancellation and the step's deadline still end the step.
 */
async function orWarn<T, F>(read: Promise<T>, fallback: F, logger: Logger, what: string, without: string): Promise<T | F> {
  try {
    return await read;
  } catch (error) {
    if (endsTheStep(error)) throw error;
    logger.warning(`Could not read ${what}: ${errorMessage(error)} Going on: ${without}.`);
    return fallback;
  }
}

/** `Promise.all` that waits for every read to end before it throws the first failure. */
async function allSettledOrThrow<T extends readonly unknown[]>(reads: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(reads);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
