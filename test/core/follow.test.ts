/**
 * DocsPrFollower on its own: the documentation PR's calls go to pull requests held in memory, so
 * each test sees exactly which PR was closed, reopened, marked ready or commented on, what the
 * run record says of it, and the log lines the author reads.
 *
 * The follower reads and checks nothing itself: it acts on the one decision (`decide.ts`) of the
 * run's documentation PR, which these tests build directly. Reading a pull request and checking it
 * against the job's report or the record is `decide.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import type { NotTheDocsPr, RunDocsPr } from '../../src/docs-pr/decide.js';
import { DocsPrFollower, type FollowContext } from '../../src/docs-pr/follow.js';
import { shownOfDecision, type DocsPrStage } from '../../src/docs-pr/outcome.js';
import { GitHubError, pullName, type GitHubApi, type IssueComment, type PullRequestState, type RepoName } from '../../src/github/api.js';
import { DOCS_PR_MARKER, type BackLinkRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { CancelledError } from '../../src/runtime.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';
import { backLinkIn, TEST_SEAL } from '../support/records.js';

const WORKFLOW = 'acme/widgets';
const WORKFLOW_ID = 1001;
const DOCS = 'acme/docs';
const DOCS_ID = 2002;
const SERVER = 'https://github.com';
/** The fake clock's time, as the comment says when it was updated. */
const NOW_ISO = new Date(new FakeTime().now()).toISOString();
const DOCS_LOGIN = 'docs-bot[bot]';
/** The identity that writes the code PR's comment: what the back-link records. */
const COMMENT_AUTHOR = 'github-actions[bot]';

/** What every back-link written here records: the code PR, its repository's ID, and who writes its comment. */
const BACK_LINK: BackLinkRecord = { codePr: { repository: WORKFLOW, number: 42, repositoryId: WORKFLOW_ID }, commentAuthor: COMMENT_AUTHOR };

type Failing = 'close' | 'reopen' | 'ready' | 'list' | 'create' | 'update';

/** A call's answer as GitHub's client gives it: what it throws is a rejection. */
function answer<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A repository's pull requests in memory; every call is recorded as `<repo> <call> <n>`. */
class Repo {
  readonly pulls = new Map<number, PullRequestState>();
  readonly comments = new Map<number, IssueComment[]>();
  readonly failures: Partial<Record<Failing, Error>> = {};

  constructor(
    readonly name: string,
    private readonly id: number,
    private readonly calls: string[],
  ) {}

  pull(number: number, fields: Partial<PullRequestState> = {}): this {
    this.pulls.set(number, {
      number,
      repositoryId: this.id,
      baseRepository: this.name,
      nodeId: `PR_${number}`,
      state: 'open',
      draft: false,
      merged: false,
      title: `Docs ${number}`,
      headRef: `docs/${number}`,
      headRepository: this.name,
      headSha: 'a'.repeat(40),
      labels: [],
      ...fields,
    });
    return this;
  }

  api(): GitHubApi {
    const call = (what: Failing | 'read', text: string): void => {
      this.calls.push(`${this.name} ${text}`);
      const failure = what === 'read' ? undefined : this.failures[what];
      if (failure) throw failure;
    };
    const notUsed = (): never => {
      throw new Error('not a documentation PR call');
    };
    const pullOf = (number: number): PullRequestState => {
      const pull = this.pulls.get(number);
      if (!pull) throw new GitHubError('not found', 'http', 404);
      return pull;
    };
    return {
      pullDiff: notUsed,
      pullFiles: notUsed,
      pullCommitSubjects: notUsed,
      compare: notUsed,
      compareDiff: notUsed,
      commit: notUsed,
      defaultBranch: notUsed,
      recentComments: notUsed,
      setCommitStatus: notUsed,
      writersReviews: notUsed,
      filesNamed: notUsed,
      fileText: notUsed,
      review: notUsed,
      reviewComments: notUsed,
      collaboratorPermission: notUsed,
      // The follower reads no pull request: the decision did. A read would show in the calls.
      pullRequest: (number) =>
        answer(() => {
          call('read', `read ${number}`);
          return pullOf(number);
        }),
      setPullRequestState: (number, state) =>
        answer(() => {
          call(state === 'closed' ? 'close' : 'reopen', `${state === 'closed' ? 'close' : 'reopen'} ${number}`);
          const pull = { ...pullOf(number), state };
          this.pulls.set(number, pull);
          return pull;
        }),
      markReadyForReview: (nodeId) =>
        answer(() => {
          call('ready', `ready ${nodeId}`);
          for (const [number, pull] of this.pulls) if (pull.nodeId === nodeId) this.pulls.set(number, { ...pull, draft: false });
        }),
      listComments: (number) =>
        answer(() => {
          call('list', `list ${number}`);
          return [...(this.comments.get(number) ?? [])];
        }),
      tokenLogin: () => Promise.resolve(DOCS_LOGIN),
      createComment: (number, body) =>
        answer(() => {
          call('create', `create ${number}`);
          const list = this.comments.get(number) ?? [];
          const id = 500 + number * 10 + list.length;
          list.push({ id, body, authorLogin: DOCS_LOGIN });
          this.comments.set(number, list);
          return id;
        }),
      updateComment: (id, body) =>
        answer(() => {
          call('update', `update ${id}`);
          for (const list of this.comments.values()) {
            const index = list.findIndex((comment) => comment.id === id);
            if (index >= 0) list[index] = { ...list[index]!, body };
          }
        }),
    };
  }
}

interface WorldOptions {
  docsToken?: string;
  dryRun?: boolean;
  linkOnly?: boolean;
  aborted?: boolean;
  /** The code repository's ID as the run knows it (undefined: a local run without GITHUB_REPOSITORY_ID). */
  codeRepositoryId?: number | undefined;
}

function world(options: WorldOptions = {}) {
  const calls: string[] = [];
  const connects: string[] = [];
  /** Every documentation PR the follower had the one decision check (`decideRecorded`), by name. */
  const decided: string[] = [];
  const commentAuthors: string[] = [];
  /** Every stage the documentation PR's comment was rendered at, in order. */
  const rendered: DocsPrStage[] = [];
  const repos = new Map<string, Repo>();
  const repo = (name: string): Repo => {
    let found = repos.get(name);
    if (!found) repos.set(name, (found = new Repo(name, name === DOCS ? DOCS_ID : 3000 + repos.size, calls)));
    return found;
  };
  /** The decision of a documentation PR as the repository holds it now: found, with its state. */
  const found = (number: number, repository = DOCS): RunDocsPr => {
    const state = repo(repository).pulls.get(number);
    if (!state) throw new Error(`the test holds no pull request ${repository}#${number}`);
    return { kind: 'found', pull: { repository, number }, headRef: state.headRef, state };
  };
  /** What `decideRecorded` answers for a recorded PR, by name; otherwise found as the repository holds it. */
  const recordedDecisions = new Map<string, RunDocsPr | Error>();
  const logger = recordingLogger();
  const controller = new AbortController();
  if (options.aborted) controller.abort();
  const context: FollowContext = {
    access: {
      docsToken: options.docsToken ?? 'docs-token',
      githubToken: 'github-token',
      workflowRepository: WORKFLOW,
      connect: (token: string, name: RepoName) => {
        connects.push(`${token} ${name.owner}/${name.repo}`);
        return Promise.resolve(repo(`${name.owner}/${name.repo}`).api());
      },
    },
    codePr: {
      repository: WORKFLOW,
      repositoryId: 'codeRepositoryId' in options ? options.codeRepositoryId : WORKFLOW_ID,
      number: 42,
      title: 'Add widgets',
      url: `${SERVER}/${WORKFLOW}/pull/42`,
    },
    renderComment: (stage, nowIso) => {
      rendered.push(stage);
      return `${visibleLine(stage)}\nUpdated ${nowIso}.\n`;
    },
    commentAuthor: () => {
      commentAuthors.push(COMMENT_AUTHOR);
      return Promise.resolve(COMMENT_AUTHOR);
    },
    decideRecorded: (recorded) => {
      decided.push(pullName(recorded));
      const decision = recordedDecisions.get(pullName(recorded));
      if (decision instanceof Error) return Promise.reject(decision);
      return Promise.resolve(decision ?? found(recorded.number, recorded.repository));
    },
    seal: TEST_SEAL,
    logger,
    clock: new FakeTime(),
    signal: controller.signal,
    dryRun: options.dryRun ?? false,
    linkOnly: options.linkOnly,
  };
  const follower = (recorded: DocsPrRecord | undefined, replacing?: DocsPrRecord) => new DocsPrFollower(context, recorded, replacing);
  return { calls, connects, decided, commentAuthors, rendered, recordedDecisions, repo, found, logger, context, follower, controller };
}

/** The visible part of the documentation PR's comment here: its stage, as data (report/docs-pr-report.ts renders the real one). */
function visibleLine(stage: DocsPrStage): string {
  return `Stage: ${JSON.stringify(stage)}`;
}

/** A documentation PR as the record keeps it once a decision found it: with its repository's ID as GitHub answered it. */
function recordOf(number: number, fields: Partial<DocsPrRecord> = {}): DocsPrRecord {
  return { repository: DOCS, number, repositoryId: DOCS_ID, headRef: `docs/${number}`, closedByAction: false, ...fields };
}

/** A decision that refused the pull request (its warning is the decision's, not the follower's). */
function refused(why: NotTheDocsPr, number: number | undefined): RunDocsPr {
  return { kind: 'refused', why, pull: number === undefined ? undefined : { repository: DOCS, number }, message: `decided: ${why}` };
}

/** A decision that could not check the pull request on GitHub. */
function unchecked(number: number): RunDocsPr {
  return { kind: 'unchecked', pull: { repository: DOCS, number }, headRef: `docs/${number}`, message: 'decided: unchecked' };
}

/** Every decision that is no documentation PR to act on, as the follower may get one. */
const NOT_FOUND_DECISIONS: ReadonlyArray<readonly [string, (number: number) => RunDocsPr]> = [
  ['not found', (number) => refused('not-found', number)],
  ['not the job’s branch', (number) => refused('not-the-jobs-branch', number)],
  ['the code PR itself', (number) => refused('code-pr-itself', number)],
  ['another repository', (number) => refused('another-repository', number)],
  ['no branch', (number) => refused('no-branch', number)],
  ['a branch too long', (number) => refused('branch-too-long', number)],
  ['unchecked', (number) => unchecked(number)],
];

const link = (number: number, repository = DOCS) => `${SERVER}/${repository}/pull/${number}`;

const shownAs = (number: number, state: string, superseded?: string) => ({
  pull: { repository: DOCS, number },
  state,
  ...(superseded ? { superseded } : {}),
});

/**
 * The documentation PR's comment as the follower writes it: the marker as its first line, the
 * visible part rendered for `stage`, and the sealed back-link as its last line, verified for that
 * pull request in the documentation repository bound by its ID (a rename keeps it; another
 * repository of that name has it count as none).
 */
function expectBackLinkComment(
  body: string,
  number: number,
  stage: DocsPrStage,
  { repositoryId = DOCS_ID, backLink = BACK_LINK }: { repositoryId?: number; backLink?: BackLinkRecord } = {},
): void {
  const lines = body.split('\n');
  expect(lines.slice(0, 3)).toEqual([DOCS_PR_MARKER, visibleLine(stage), `Updated ${NOW_ISO}.`]);
  expect(lines.slice(3)).toEqual([expect.stringMatching(/^<!-- docs-agent-action:link \{[^\n]*\} sha256=[0-9a-f]{64} -->$/), '']);
  expect(backLinkIn(body, number, { id: repositoryId, name: DOCS })).toEqual(backLink);
  expect(backLinkIn(body, number, { id: repositoryId, name: 'acme/renamed-docs' })).toEqual(backLink);
  expect(backLinkIn(body, number, { id: repositoryId + 1, name: DOCS })).toBeUndefined();
  expect(backLinkIn(body, number + 1, { id: repositoryId, name: DOCS })).toBeUndefined();
}

const commentOn = (repo: Repo, number: number): string => {
  const comments = repo.comments.get(number) ?? [];
  expect(comments).toHaveLength(1);
  return comments[0]!.body;
};

describe('the code PR closed', () => {
  it('with no documentation PR recorded: says so and touches nothing', async () => {
    const { calls, connects, logger, follower } = world();
    const following = follower(undefined);
    await following.codePrClosed(false, { kind: 'none' });
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['No documentation PR is recorded in the pull-request comment: nothing to bring in step.']);
    expect(following.outcome).toEqual({ action: 'none', record: undefined, shown: undefined, acted: false, changed: undefined });
  });

  it('a dry run says what it would do and calls nothing', async () => {
    for (const merged of [false, true]) {
      const { calls, connects, logger, repo, found, follower } = world({ dryRun: true });
      repo(DOCS).pull(7, { draft: true });
      const following = follower(recordOf(7));
      await following.codePrClosed(merged, found(7));
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(logger.messages('info')).toEqual([`Dry run: would ${merged ? 'mark' : 'close'} documentation PR acme/docs#7; nothing was changed on GitHub.`]);
      expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
    }
  });

  it('without merging: closes the recorded documentation PR, keeps its branch and comments on it', async () => {
    const { calls, connects, decided, repo, found, logger, follower } = world();
    repo(DOCS).pull(7);
    const before = repo(DOCS).pulls.get(7)!;
    const following = follower(recordOf(7));
    await following.codePrClosed(false, found(7));
    // No read: the decision's state is the one acted on.
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(connects).toEqual(['docs-token acme/docs']);
    expect(decided).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('info')).toEqual(['Closed documentation PR acme/docs#7; its branch "docs/7" is kept.']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual({
      action: 'closed',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'closed'),
      acted: true,
      // As GitHub answered the close.
      changed: { ...before, state: 'closed' },
    });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'closed' });
  });

  it('the state it records as changed is the one GitHub answered, not the decision’s', async () => {
    const { repo, found, follower } = world();
    repo(DOCS).pull(7);
    const decision = found(7);
    repo(DOCS).pull(7, { title: 'Retitled meanwhile' });
    const following = follower(recordOf(7));
    await following.codePrClosed(false, decision);
    expect(following.outcome.changed).toEqual(expect.objectContaining({ number: 7, state: 'closed', title: 'Retitled meanwhile' }));
  });

  it('a close that fails is one warning; the PR is not updated and no comment is tried', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7).failures.close = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.codePrClosed(false, found(7));
    expect(calls).toEqual(['acme/docs close 7']);
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: boom']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'not-updated'), acted: false, changed: undefined });
  });

  it('a close GitHub forbids names the write permission; one it does not find explains the 404', async () => {
    const forbidden = world();
    forbidden.repo(DOCS).pull(7).failures.close = new GitHubError('forbidden', 'http', 403, 'Resource not accessible by integration');
    await forbidden.follower(recordOf(7)).codePrClosed(false, forbidden.found(7));
    expect(forbidden.logger.messages('warning')).toEqual([
      'Could not close documentation PR acme/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    const gone = world();
    gone.repo(DOCS).pull(7).failures.close = new GitHubError('not found', 'http', 404);
    await gone.follower(recordOf(7)).codePrClosed(false, gone.found(7));
    expect(gone.logger.messages('warning')).toEqual([
      'Could not close documentation PR acme/docs#7: GitHub answered 404: the pull request was deleted, or the token cannot see acme/docs (a private repository needs docs-token with access to it).',
    ]);
  });

  it("only GitHub's own 403 and 404 answers get a hint", async () => {
    const { repo, found, logger, follower } = world();
    repo(DOCS).pull(7).failures.close = Object.assign(new Error('socket said 404'), { status: 404 });
    await follower(recordOf(7)).codePrClosed(false, found(7));
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: socket said 404']);
  });

  it('merged, not a draft: says so in its comment, and marks nothing ready', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    await following.codePrClosed(true, found(7));
    expect(calls).toEqual(['acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; said so in its comment.']);
    expect(following.outcome).toEqual({ action: 'commented', record: recordOf(7), shown: shownAs(7, 'commented'), acted: false, changed: undefined });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'merged', markedReady: false });
  });

  it('merged, a draft: marks it ready for review, and that is an act of this run', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true });
    const following = follower(recordOf(7));
    await following.codePrClosed(true, found(7));
    expect(calls).toEqual(['acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.draft).toBe(false);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; marked ready for review.']);
    expect(following.outcome).toEqual({ action: 'marked-ready', record: recordOf(7), shown: shownAs(7, 'marked-ready'), acted: true, changed: undefined });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'merged', markedReady: true });
  });

  it('merged, a draft it may not mark ready: one warning naming both permissions, and the comment is still written', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true }).failures.ready = new GitHubError('forbidden', 'http', 403, 'Resource not accessible by integration');
    const following = follower(recordOf(7));
    await following.codePrClosed(true, found(7));
    expect(calls).toEqual(['acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('warning')).toEqual([
      'Could not mark ready for review documentation PR acme/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" and "Contents: write" on acme/docs.',
    ]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; said so in its comment.']);
    expect(following.outcome).toEqual({ action: 'commented', record: recordOf(7), shown: shownAs(7, 'commented'), acted: false, changed: undefined });
  });

  it('merged, but neither marked ready nor commented: no action, no claim in the log', async () => {
    const { repo, found, logger, follower } = world();
    repo(DOCS).pull(7).failures.create = new GitHubError('forbidden', 'http', 403);
    const following = follower(recordOf(7));
    await following.codePrClosed(true, found(7));
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Could not comment on documentation PR acme/docs#7: GitHub answered 403 (forbidden): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'not-updated'), acted: false, changed: undefined });
  });

  it('merged, a draft marked ready whose comment fails: still says it was marked ready', async () => {
    const { repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true }).failures.create = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.codePrClosed(true, found(7));
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; marked ready for review.']);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#7: boom']);
    expect(following.outcome.action).toBe('marked-ready');
    expect(following.outcome.shown).toEqual(shownAs(7, 'marked-ready'));
  });

  it('cancelled while marking ready: the cancellation ends the phase, no warning, and nothing more is tried', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true }).failures.ready = new CancelledError();
    const following = follower(recordOf(7));
    await expect(following.codePrClosed(true, found(7))).rejects.toBeInstanceOf(CancelledError);
    expect(calls).toEqual(['acme/docs ready PR_7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome.action).toBe('none');
    // Nothing more in this run: the job's documentation PR is not linked either.
    expect(await following.linkReported(found(7))).toBe(false);
    expect(calls).toEqual(['acme/docs ready PR_7']);
  });

  it('the step’s deadline while closing ends the phase as a cancellation does: no warning, no comment', async () => {
    const { calls, repo, found, logger, follower } = world();
    const deadline = new GitHubError('the step’s timeout ran out', 'deadline');
    repo(DOCS).pull(7).failures.close = deadline;
    const following = follower(recordOf(7));
    await expect(following.codePrClosed(false, found(7))).rejects.toBe(deadline);
    expect(calls).toEqual(['acme/docs close 7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('cancelled while commenting after the close: what was done stays in the outcome', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7).failures.create = new GitHubError('cancelled', 'cancelled');
    const following = follower(recordOf(7));
    await expect(following.codePrClosed(false, found(7))).rejects.toBeInstanceOf(GitHubError);
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual(
      expect.objectContaining({ action: 'closed', record: recordOf(7, { closedByAction: true }), shown: shownAs(7, 'closed'), acted: true }),
    );
  });

  it('once the run is cancelled, no request is made', async () => {
    const { calls, repo, found, logger, follower } = world({ aborted: true });
    repo(DOCS).pull(7, { draft: true });
    for (const merged of [false, true]) {
      const following = follower(recordOf(7));
      await following.codePrClosed(merged, found(7));
      expect(following.outcome.action).toBe('none');
    }
    expect(calls).toEqual([]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('a documentation PR merged already is left as it is', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true });
    const following = follower(recordOf(7));
    await following.codePrClosed(false, found(7));
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already merged: left as it is.']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'left-alone-merged'), acted: false, changed: undefined });
  });

  it('one closed by someone else is left as it is, and never counts as closed by this action', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7));
    await following.codePrClosed(true, found(7));
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already closed by someone else: left as it is.']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: false }),
      shown: shownAs(7, 'left-alone-closed'),
      acted: false,
      changed: undefined,
    });
  });

  it('one this action closed stays closed', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrClosed(false, found(7));
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is closed already (by this action).']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'closed'),
      acted: false,
      changed: undefined,
    });
  });

  it('a decision that found no documentation PR: nothing is touched, and it is shown as the decision says', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS) {
      for (const merged of [false, true]) {
        const { calls, connects, repo, logger, follower } = world();
        repo(DOCS).pull(7, { draft: true });
        const decision = decisionOf(7);
        const following = follower(recordOf(7));
        await following.codePrClosed(merged, decision);
        expect(calls).toEqual([]);
        expect(connects).toEqual([]);
        // The decision warned already; the follower adds nothing.
        expect(logger.lines).toEqual([]);
        expect(repo(DOCS).pulls.get(7)).toEqual(expect.objectContaining({ state: 'open', draft: true }));
        expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: shownOfDecision(decision), acted: false, changed: undefined });
      }
    }
  });

  it('shown as the decision says: not found, not the job’s branch, another repository, the code PR itself, unchecked', async () => {
    const cases: Array<[RunDocsPr, string | undefined]> = [
      [refused('not-found', 7), 'not-found'],
      [refused('not-the-jobs-branch', 7), 'mismatch'],
      [refused('another-repository', 7), 'elsewhere'],
      [refused('code-pr-itself', 7), 'code-pr-itself'],
      [refused('no-branch', 7), 'unverifiable'],
      [unchecked(7), 'unchecked'],
    ];
    for (const [decision, state] of cases) {
      const { follower } = world();
      const following = follower(recordOf(7, { closedByAction: true }));
      await following.codePrClosed(false, decision);
      expect(following.outcome.shown).toEqual(state && shownAs(7, state));
      expect(following.outcome.record).toEqual(recordOf(7, { closedByAction: true }));
    }
  });

  it('such a decision writes nothing, and stops nothing: a documentation PR the job reports later in the run is still linked', async () => {
    const { calls, repo, found, follower } = world();
    repo(DOCS).pull(8);
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(unchecked(7));
    expect(calls).toEqual([]);
    expect(await following.linkReported(found(8))).toBe(true);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(following.outcome.record).toEqual(recordOf(8));
  });

  it('an existing comment of its own is updated, not doubled', async () => {
    const { calls, repo, found, follower } = world();
    repo(DOCS)
      .pull(7)
      .comments.set(7, [{ id: 77, body: `${DOCS_PR_MARKER}\nold`, authorLogin: DOCS_LOGIN }]);
    await follower(recordOf(7)).codePrClosed(false, found(7));
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs update 77']);
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'closed' });
  });

  it('a marked comment someone else wrote is never edited: its own comment is written beside it', async () => {
    const { calls, repo, found, follower } = world();
    const planted = { id: 66, body: `${DOCS_PR_MARKER}\nplanted`, authorLogin: 'mallory' };
    repo(DOCS).pull(7).comments.set(7, [planted]);
    await follower(recordOf(7)).codePrClosed(false, found(7));
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).comments.get(7)![0]).toEqual(planted);
    expectBackLinkComment(repo(DOCS).comments.get(7)![1]!.body, 7, { kind: 'closed' });
  });
});

describe('the back-link the follower writes', () => {
  it('records the code PR with its repository’s ID and the comment’s author, sealed for the documentation repository’s ID', async () => {
    const { repo, found, commentAuthors, rendered, follower } = world();
    repo(DOCS).pull(8);
    await follower(undefined).linkReported(found(8));
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' });
    expect(commentAuthors).toEqual([COMMENT_AUTHOR]);
    expect(rendered).toEqual([{ kind: 'linked' }]);
  });

  it('sealed for the ID GitHub answered in the decision', async () => {
    const { repo, found, follower } = world();
    repo(DOCS).pull(8, { repositoryId: 9009 });
    await follower(undefined).linkReported(found(8));
    const body = commentOn(repo(DOCS), 8);
    expectBackLinkComment(body, 8, { kind: 'linked' }, { repositoryId: 9009 });
    expect(backLinkIn(body, 8, { id: DOCS_ID, name: 'acme/renamed-docs' })).toBeUndefined();
  });

  it('without the documentation repository’s ID it is sealed for its name', async () => {
    const { repo, found, follower } = world();
    repo(DOCS).pull(8, { repositoryId: undefined });
    await follower(undefined).linkReported(found(8));
    const body = commentOn(repo(DOCS), 8);
    expect(backLinkIn(body, 8, { id: undefined, name: DOCS })).toEqual(BACK_LINK);
    expect(backLinkIn(body, 8, { id: DOCS_ID, name: 'acme/renamed-docs' })).toBeUndefined();
  });

  it('without the code repository’s ID it records none', async () => {
    const { repo, found, follower } = world({ codeRepositoryId: undefined });
    repo(DOCS).pull(8);
    await follower(undefined).linkReported(found(8));
    expectBackLinkComment(
      commentOn(repo(DOCS), 8),
      8,
      { kind: 'linked' },
      { backLink: { codePr: { repository: WORKFLOW, number: 42 }, commentAuthor: COMMENT_AUTHOR } },
    );
  });

  it('a comment author that cannot be asked is the comment’s one warning, and nothing more is tried', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7).pull(8);
    const following = new DocsPrFollower(
      {
        ...context,
        commentAuthor: () => Promise.reject(new GitHubError('GitHub answered 502 for the viewer.', 'http', 502)),
      },
      recordOf(7),
    );
    await following.linkReported(found(8));
    await following.supersede(link(8));
    expect(calls).toEqual([]);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#8: GitHub answered 502 for the viewer.']);
    expect(following.outcome.action).toBe('none');
  });
});

describe('the code PR reopened', () => {
  it('reopens the documentation PR this action closed', async () => {
    const { calls, connects, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(found(7));
    expect(calls).toEqual(['acme/docs reopen 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(connects).toEqual(['docs-token acme/docs']);
    expect(logger.messages('info')).toEqual(['Reopened documentation PR acme/docs#7 with its code PR.']);
    expect(following.outcome).toEqual({
      action: 'reopened',
      record: recordOf(7),
      shown: shownAs(7, 'reopened'),
      acted: true,
      changed: repo(DOCS).pulls.get(7),
    });
    expect(following.outcome.changed?.state).toBe('open');
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'reopened' });
  });

  it('not one someone else closed', async () => {
    const { calls, connects, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7));
    await following.codePrReopened(found(7));
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 was not closed by this action: not reopened.']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('with none recorded: nothing', async () => {
    const { calls, logger, follower } = world();
    const following = follower(undefined);
    await following.codePrReopened({ kind: 'none' });
    expect(calls).toEqual([]);
    expect(logger.lines).toEqual([]);
    expect(following.outcome.action).toBe('none');
  });

  it('a dry run says what it would do', async () => {
    const { calls, connects, repo, found, logger, follower } = world({ dryRun: true });
    repo(DOCS).pull(7, { state: 'closed' });
    await follower(recordOf(7, { closedByAction: true })).codePrReopened(found(7));
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['Dry run: would reopen documentation PR acme/docs#7; nothing was changed on GitHub.']);
  });

  it('one open already is only recorded as no longer closed by this action', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(found(7));
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is open already.']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'linked'), acted: true, changed: undefined });
  });

  it('one merged meanwhile is left as it is', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(found(7));
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already merged: left as it is.']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'left-alone-merged'),
      acted: false,
      changed: undefined,
    });
  });

  it('a reopen that fails: not updated, and nothing claimed', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' }).failures.reopen = new GitHubError('forbidden', 'http', 403, 'Nope');
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(found(7));
    expect(calls).toEqual(['acme/docs reopen 7']);
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Could not reopen documentation PR acme/docs#7: GitHub answered 403 (Nope): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'not-updated'),
      acted: false,
      changed: undefined,
    });
  });

  it('a reopen that fails stops the rest: the job’s documentation PR is then neither commented on nor recorded anew', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' }).pull(8).failures.reopen = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(found(7));
    expect(await following.linkReported(found(8))).toBe(false);
    await following.supersede(link(8));
    expect(calls).toEqual(['acme/docs reopen 7']);
    expect(logger.messages('warning')).toEqual(['Could not reopen documentation PR acme/docs#7: boom']);
    expect(following.outcome.record).toEqual(recordOf(7, { closedByAction: true }));
  });

  it('cancelled while reopening: the cancellation ends the phase, without a warning', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' }).failures.reopen = new CancelledError();
    const following = follower(recordOf(7, { closedByAction: true }));
    await expect(following.codePrReopened(found(7))).rejects.toBeInstanceOf(CancelledError);
    expect(calls).toEqual(['acme/docs reopen 7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome.action).toBe('none');
  });

  it('a decision that found no documentation PR: nothing is reopened, and it is shown as the decision says', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS) {
      const { calls, connects, repo, logger, follower } = world();
      repo(DOCS).pull(7, { state: 'closed' });
      const decision = decisionOf(7);
      const following = follower(recordOf(7, { closedByAction: true }));
      await following.codePrReopened(decision);
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(logger.lines).toEqual([]);
      expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
      expect(following.outcome).toEqual({
        action: 'none',
        record: recordOf(7, { closedByAction: true }),
        shown: shownOfDecision(decision),
        acted: false,
        changed: undefined,
      });
    }
  });

  it('a reopened PR the job reports again stays reopened in the output', async () => {
    const { calls, repo, found, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened(found(7));
    expect(await following.linkReported(found(7))).toBe(false);
    // Its own comment, found again by this run: updated, not doubled.
    expect(calls).toEqual(['acme/docs reopen 7', 'acme/docs list 7', 'acme/docs create 7', 'acme/docs update 570']);
    expect(repo(DOCS).comments.get(7)).toHaveLength(1);
    expect(following.outcome).toEqual({
      action: 'reopened',
      record: recordOf(7),
      shown: shownAs(7, 'reopened'),
      acted: true,
      changed: repo(DOCS).pulls.get(7),
    });
  });
});

describe('the documentation PR the job reports', () => {
  it('none reported: nothing', async () => {
    const { calls, connects, logger, follower } = world();
    const following = follower(recordOf(7));
    expect(await following.linkReported({ kind: 'none' })).toBe(false);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.lines).toEqual([]);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('a new one is linked with a comment of its own', async () => {
    const { calls, connects, decided, repo, found, logger, follower } = world();
    repo(DOCS).pull(8);
    const following = follower(undefined);
    expect(await following.linkReported(found(8))).toBe(false);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(connects).toEqual(['docs-token acme/docs']);
    expect(decided).toEqual([]);
    expect(logger.messages('info')).toEqual(['Linked documentation PR acme/docs#8 to this pull request.']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual({ action: 'linked', record: recordOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined });
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' });
  });

  it('the recorded branch is the one the decision found', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(8, { headRef: 'docs/agent-8' });
    const following = follower(undefined);
    const state = repo(DOCS).pulls.get(8)!;
    await following.linkReported({ kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: 'docs/agent-8', state });
    expect(following.outcome.record).toEqual(recordOf(8, { headRef: 'docs/agent-8' }));
  });

  it('the one recorded already is linked again, which is no new act', async () => {
    const { calls, repo, found, follower } = world();
    repo(DOCS).pull(8);
    const following = follower(recordOf(8));
    expect(await following.linkReported(found(8))).toBe(false);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(following.outcome).toEqual({ action: 'linked', record: recordOf(8), shown: shownAs(8, 'linked'), acted: false, changed: undefined });
  });

  it('a comment that fails: not linked, and not said to be', async () => {
    const { repo, found, logger, follower } = world();
    repo(DOCS).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(8));
    expect(await following.linkReported(found(8))).toBe(false);
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#8: boom']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(8), shown: shownAs(8, 'not-updated'), acted: false, changed: undefined });
  });

  it('a comment that fails stops the rest: the earlier PR is neither decided on nor closed', async () => {
    const { calls, decided, repo, found, follower } = world();
    repo(DOCS).pull(7).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.linkReported(found(8));
    await following.supersede(link(8));
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(decided).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(following.outcome.action).toBe('none');
  });

  it('a dry run says what it would link, and supersedes nothing', async () => {
    const { calls, connects, decided, repo, found, logger, follower } = world({ dryRun: true });
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(false);
    await following.supersede(link(8));
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(decided).toEqual([]);
    expect(logger.messages('info')).toEqual(['Dry run: would link documentation PR acme/docs#8; nothing was changed on GitHub.']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('once the run is cancelled, nothing is linked', async () => {
    const { calls, connects, repo, found, follower } = world({ aborted: true });
    repo(DOCS).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(false);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('cancelled while commenting: the cancellation ends the phase, without a warning', async () => {
    const { repo, found, logger, follower } = world();
    repo(DOCS).pull(8).failures.list = new CancelledError();
    const following = follower(recordOf(7));
    await expect(following.linkReported(found(8))).rejects.toBeInstanceOf(CancelledError);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome.action).toBe('none');
  });

  it('a refused one is neither commented on nor recorded: the record stays as it was, shown as the decision says', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS.filter(([name]) => name !== 'unchecked')) {
      for (const earlier of [undefined, recordOf(7)]) {
        const { calls, connects, decided, logger, follower } = world();
        const decision = decisionOf(8);
        const following = follower(earlier);
        expect(await following.linkReported(decision)).toBe(false);
        await following.supersede(link(8));
        expect(calls).toEqual([]);
        expect(connects).toEqual([]);
        expect(decided).toEqual([]);
        expect(logger.lines).toEqual([]);
        expect(following.outcome).toEqual({ action: 'none', record: earlier, shown: shownOfDecision(decision), acted: false, changed: undefined });
      }
    }
  });

  it('a link that names no pull request is shown as nothing', async () => {
    const { calls, follower } = world();
    const following = follower(recordOf(7));
    expect(await following.linkReported(refused('not-a-pull-request', undefined))).toBe(false);
    expect(calls).toEqual([]);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('an unchecked one is recorded for a later run to check when none is recorded, and supersedes nothing', async () => {
    const { calls, connects, decided, logger, follower } = world();
    const following = follower(undefined);
    expect(await following.linkReported(unchecked(8))).toBe(false);
    await following.supersede(link(8));
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(decided).toEqual([]);
    expect(logger.lines).toEqual([]);
    // Not read: no repository ID is recorded for it.
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(8, { repositoryId: undefined }),
      shown: shownAs(8, 'unchecked'),
      acted: true,
      changed: undefined,
    });
    expect(following.outcome.record).not.toHaveProperty('repositoryId');
  });

  it('an unchecked one never takes the place of a recorded one it could not supersede: that one stays recorded, and open', async () => {
    const { calls, connects, decided, repo, logger, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    expect(await following.linkReported(unchecked(8))).toBe(false);
    await following.supersede(link(8));
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(decided).toEqual([]);
    expect(logger.lines).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(8, 'unchecked'), acted: false, changed: undefined });
  });

  it('the recorded one unchecked: the record stands as it was (closed by this action or not), not counted as acted on', async () => {
    for (const closedByAction of [false, true]) {
      const { follower } = world();
      const following = follower(recordOf(7, { closedByAction }));
      await following.linkReported(unchecked(7));
      expect(following.outcome).toEqual({
        action: 'none',
        record: recordOf(7, { closedByAction }),
        shown: shownAs(7, 'unchecked'),
        acted: false,
        changed: undefined,
      });
    }
  });

  it('a new one merged already is recorded and left as it is', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(8, { state: 'closed', merged: true });
    const following = follower(undefined);
    expect(await following.linkReported(found(8))).toBe(false);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#8 is already merged: left as it is.']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(8), shown: shownAs(8, 'left-alone-merged'), acted: false, changed: undefined });
  });

  it('a new one merged already still supersedes an earlier open one: nothing written on the new one, the earlier closed', async () => {
    const { calls, repo, found, follower } = world();
    repo(DOCS).pull(7).pull(8, { state: 'closed', merged: true });
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    expect(calls).toEqual([]);
    await following.supersede(link(8));
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(following.outcome).toMatchObject({ action: 'superseded', record: recordOf(8) });
  });

  it('a new one closed by someone else is recorded and left as it is', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(8, { state: 'closed' });
    const following = follower(undefined);
    expect(await following.linkReported(found(8))).toBe(false);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#8 is already closed by someone else: left as it is.']);
    expect(following.outcome.shown).toEqual(shownAs(8, 'left-alone-closed'));
  });

  it('the recorded one that this action closed stays closed', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(8, { state: 'closed' });
    const following = follower(recordOf(8, { closedByAction: true }));
    expect(await following.linkReported(found(8))).toBe(false);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#8 is closed already (by this action).']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(8, { closedByAction: true }),
      shown: shownAs(8, 'closed'),
      acted: false,
      changed: undefined,
    });
  });

  it('in the workflow’s own repository without docs-token, github-token writes its comment', async () => {
    const { connects, repo, found, follower } = world({ docsToken: '' });
    repo(WORKFLOW).pull(8, { headRepository: WORKFLOW });
    const following = follower(undefined);
    await following.linkReported(found(8, WORKFLOW));
    expect(connects).toEqual(['github-token acme/widgets']);
    expect(following.outcome.action).toBe('linked');
    expect(repo(WORKFLOW).comments.get(8)).toHaveLength(1);
  });
});

describe('superseding the earlier documentation PR', () => {
  it('closes the earlier one only once linkReported answered true, and only when supersede is called', async () => {
    const { calls, decided, repo, found, logger, follower } = world();
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    // The code PR's record names the newer one before the earlier is touched.
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(decided).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    // Recorded as still to close, until it is: a run stopped here leaves it to the next.
    expect(following.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: shownAs(8, 'linked'),
      acted: true,
      changed: undefined,
      supersedes: recordOf(7),
    });

    await following.supersede(link(8));
    expect(decided).toEqual(['acme/docs#7']);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8', 'acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('info')).toEqual([
      'Linked documentation PR acme/docs#8 to this pull request.',
      'Closed the earlier documentation PR acme/docs#7 in favour of acme/docs#8; its branch "docs/7" is kept.',
    ]);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual({
      action: 'superseded',
      record: recordOf(8),
      shown: shownAs(8, 'linked', 'acme/docs#7'),
      acted: true,
      changed: undefined,
    });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'superseded', newer: 'acme/docs#8', newerLink: link(8) });
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' });
  });

  it('the earlier one is decided on as the record names it', async () => {
    const { repo, context } = world();
    repo(DOCS).pull(7, { headRef: 'docs/earlier' }).pull(8);
    const earlier = recordOf(7, { headRef: 'docs/earlier' });
    const seen: DocsPrRecord[] = [];
    const following = new DocsPrFollower(
      {
        ...context,
        decideRecorded: (recorded) => {
          seen.push(recorded);
          const state = repo(DOCS).pulls.get(recorded.number)!;
          return Promise.resolve({ kind: 'found', pull: { repository: DOCS, number: recorded.number }, headRef: recorded.headRef, state });
        },
      },
      earlier,
    );
    const state = repo(DOCS).pulls.get(8)!;
    expect(await following.linkReported({ kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: 'docs/8', state })).toBe(true);
    await following.supersede(link(8));
    expect(seen).toEqual([earlier]);
    expect(following.outcome.action).toBe('superseded');
  });

  it('without linkReported answering true, supersede does nothing', async () => {
    const setUps: Array<(following: DocsPrFollower, found: (number: number) => RunDocsPr) => Promise<unknown>> = [
      // The job reports the recorded one again: nothing to supersede.
      (following, found) => following.linkReported(found(7)),
      // A closed code PR's run: no job, nothing to supersede.
      (following, found) => following.codePrClosed(false, found(7)),
      // Nothing linked at all.
      () => Promise.resolve(),
    ];
    for (const setUp of setUps) {
      const { calls, decided, repo, found, follower } = world();
      repo(DOCS).pull(7).pull(8);
      const following = follower(recordOf(7));
      await setUp(following, found);
      const before = [...calls];
      await following.supersede(link(8));
      expect(decided).toEqual([]);
      expect(calls).toEqual(before);
      expect(following.outcome.action).not.toBe('superseded');
    }
  });

  it('with no earlier one, linkReported answers false and supersede does nothing', async () => {
    const { calls, decided, repo, found, follower } = world();
    repo(DOCS).pull(8);
    const following = follower(undefined);
    expect(await following.linkReported(found(8))).toBe(false);
    await following.supersede(link(8));
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
  });

  it('only the back-link: the earlier one is never closed', async () => {
    const { calls, decided, repo, found, follower } = world({ linkOnly: true });
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(false);
    await following.supersede(link(8));
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(following.outcome).toEqual({ action: 'linked', record: recordOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined });
  });

  it('an earlier one already closed is left as it is', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' }).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    await following.supersede(link(8));
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(logger.messages('info')).toEqual([
      'Linked documentation PR acme/docs#8 to this pull request.',
      'The earlier documentation PR acme/docs#7 is already closed: left as it is.',
    ]);
    expect(following.outcome).toEqual({ action: 'linked', record: recordOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined });
  });

  it('an earlier one already merged is left as it is', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true }).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    await following.supersede(link(8));
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(logger.messages('info')).toContain('The earlier documentation PR acme/docs#7 is already merged: left as it is.');
    expect(following.outcome.action).toBe('linked');
  });

  it('an earlier one the decision does not find to be the record’s is not closed, and the follower adds no warning', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS) {
      const { calls, decided, recordedDecisions, repo, found, logger, follower } = world();
      repo(DOCS).pull(7).pull(8);
      recordedDecisions.set('acme/docs#7', decisionOf(7));
      const following = follower(recordOf(7));
      expect(await following.linkReported(found(8))).toBe(true);
      await following.supersede(link(8));
      expect(decided).toEqual(['acme/docs#7']);
      expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
      expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
      expect(logger.messages('warning')).toEqual([]);
      // Refused: an answer, and it is no longer kept; not checked (GitHub failing): kept for the next run.
      const kept = decisionOf(7).kind === 'unchecked' ? { supersedes: recordOf(7) } : {};
      expect(following.outcome).toEqual({ action: 'linked', record: recordOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined, ...kept });
    }
  });

  it('an earlier one that cannot be closed is not superseded', async () => {
    const { calls, repo, found, logger, follower } = world();
    repo(DOCS).pull(7).pull(8).failures.close = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    await following.supersede(link(8));
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8', 'acme/docs close 7']);
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: boom']);
    // Still recorded as to close: the next run tries again.
    expect(following.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: shownAs(8, 'linked'),
      acted: true,
      changed: undefined,
      supersedes: recordOf(7),
    });
  });

  it('an earlier one closed whose comment fails is superseded all the same', async () => {
    const { repo, found, logger, follower } = world();
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    repo(DOCS).failures.create = new GitHubError('boom', 'http', 500);
    await following.supersede(link(8));
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#7: boom']);
    expect(following.outcome.action).toBe('superseded');
    expect(following.outcome.shown).toEqual(shownAs(8, 'linked', 'acme/docs#7'));
  });

  it('an earlier one in another repository is left as it is, and is not decided on', async () => {
    const { calls, decided, repo, found, logger, follower } = world();
    repo(DOCS).pull(8);
    repo('acme/old-docs').pull(7);
    const following = follower({ ...recordOf(7), repository: 'acme/old-docs' });
    expect(await following.linkReported(found(8))).toBe(true);
    await following.supersede(link(8));
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(repo('acme/old-docs').pulls.get(7)!.state).toBe('open');
    expect(logger.messages('warning')).toEqual([
      "The pull-request comment records documentation PR acme/old-docs#7, in another repository than the job's (acme/docs): it is left as it is.",
    ]);
    expect(following.outcome.shown).toEqual(shownAs(8, 'linked'));
  });

  it('cancelled before it supersedes: nothing is decided or closed', async () => {
    const { calls, decided, repo, found, controller, follower } = world();
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    expect(await following.linkReported(found(8))).toBe(true);
    controller.abort();
    await following.supersede(link(8));
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(following.outcome.action).toBe('linked');
  });

  it('a cancellation while deciding on the earlier one, or while closing it, ends the phase without a warning', async () => {
    const deciding = world();
    deciding.repo(DOCS).pull(7).pull(8);
    deciding.recordedDecisions.set('acme/docs#7', new CancelledError());
    const first = deciding.follower(recordOf(7));
    await first.linkReported(deciding.found(8));
    await expect(first.supersede(link(8))).rejects.toBeInstanceOf(CancelledError);
    expect(deciding.calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(deciding.logger.messages('warning')).toEqual([]);

    const closing = world();
    closing.repo(DOCS).pull(7).pull(8).failures.close = new GitHubError('the step’s timeout ran out', 'deadline');
    const second = closing.follower(recordOf(7));
    await second.linkReported(closing.found(8));
    await expect(second.supersede(link(8))).rejects.toBeInstanceOf(GitHubError);
    expect(closing.calls).toEqual(['acme/docs list 8', 'acme/docs create 8', 'acme/docs close 7']);
    expect(closing.logger.messages('warning')).toEqual([]);
    expect(second.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: shownAs(8, 'linked'),
      acted: true,
      changed: undefined,
      supersedes: recordOf(7),
    });
  });

  it('an earlier one a stopped run left to close (the record’s `supersedes`) is closed by the next run’s supersede, without a link first', async () => {
    const { calls, decided, repo, logger, follower } = world();
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(8), recordOf(7));
    expect(following.outcome.supersedes).toEqual(recordOf(7));
    await following.supersede(link(8));
    expect(decided).toEqual(['acme/docs#7']);
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual({ action: 'superseded', record: recordOf(8), shown: undefined, acted: false, changed: undefined });
  });

  it('supersedes once: a second call does not close or comment again', async () => {
    const { calls, repo, found, follower } = world();
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    await following.linkReported(found(8));
    await following.supersede(link(8));
    const after = [...calls];
    await following.supersede(link(8));
    expect(calls).toEqual(after);
    expect(following.outcome.action).toBe('superseded');
  });
});
