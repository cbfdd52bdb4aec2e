/**
 * Following the documentation PR (`core/follow.ts`) on its own: functions over one immutable state,
 * each taking it and returning the next. The documentation PR's calls go to pull requests held in
 * memory, so each test sees exactly which PR was closed, reopened, marked ready or commented on,
 * what the returned state says of it (what the run record keeps), and the log lines the author
 * reads. Cancellation and the step's deadline end a function with the state as it stood, named in
 * its `interrupted`: never thrown. No function touches the state it is given.
 *
 * The follower reads and checks nothing itself: it acts on the one decision (`decide.ts`) of the
 * run's documentation PR, which these tests build directly. Reading a pull request and checking it
 * against the job's report or the record is `decide.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import {
  afterChange,
  codePrClosed,
  codePrReopened,
  linkReported,
  nothingFollowed,
  releaseDocsPr,
  supersede,
  type FollowContext,
  type Following,
} from '../../src/core/follow.js';
import type { NotTheDocsPr, RunDocsPr } from '../../src/docs-pr/decide.js';
import { shownOfDecision, type DocsPrOutcome, type DocsPrStage } from '../../src/docs-pr/outcome.js';
import { GitHubError, pullName, type GitHubApi, type IssueComment, type MergeCommit, type PullRequestState, type RepoName } from '../../src/github/api.js';
import { DOCS_PR_MARKER, type BackLinkRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { RecordSeal } from '../../src/memory/seal.js';
import { CancelledError } from '../../src/runtime.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';
import { gitHubWith, pullState } from '../support/github-with.js';
import { backLinkIn, sealedBackLink, TEST_SEAL } from '../support/records.js';

const WORKFLOW = 'acme/widgets';
const WORKFLOW_ID = 1001;
const DOCS = 'acme/docs';
const DOCS_ID = 2002;
const SERVER = 'https://github.com';
/** The fake clock's time, as the comment says when it was updated. */
const NOW_ISO = new Date(new FakeTime().now()).toISOString();
/** The docs token's identity: it writes the back-links, and the code PR's record names it (`linkAuthor`). */
const DOCS_LOGIN = 'docs-bot[bot]';
/** The identity that writes the code PR's comment: what the back-link records. */
const COMMENT_AUTHOR = 'github-actions[bot]';

/** What every back-link written here records: the code PR, its repository's ID, and who writes its comment. */
const BACK_LINK: BackLinkRecord = { codePr: { repository: WORKFLOW, number: 42, repositoryId: WORKFLOW_ID }, commentAuthor: COMMENT_AUTHOR };

type Failing = 'close' | 'reopen' | 'ready' | 'list' | 'create' | 'update' | 'draft' | 'label' | 'unlabel';

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
    this.pulls.set(number, pullState(this.name, this.id, number, fields));
    return this;
  }

  api(): GitHubApi {
    const call = (what: Failing | 'read', text: string): void => {
      this.calls.push(`${this.name} ${text}`);
      const failure = what === 'read' ? undefined : this.failures[what];
      if (failure) throw failure;
    };
    const pullOf = (number: number): PullRequestState => {
      const pull = this.pulls.get(number);
      if (!pull) throw new GitHubError('not found', 'http', 404);
      return pull;
    };
    return gitHubWith('documentation PR', {
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
      convertToDraft: (nodeId) =>
        answer(() => {
          call('draft', `draft ${nodeId}`);
          for (const [number, pull] of this.pulls) if (pull.nodeId === nodeId) this.pulls.set(number, { ...pull, draft: true });
        }),
      addLabel: (number, name) =>
        answer(() => {
          call('label', `label ${number} ${name}`);
          const pull = pullOf(number);
          this.pulls.set(number, { ...pull, labels: [...pull.labels, name] });
        }),
      removeLabel: (number, name) =>
        answer(() => {
          call('unlabel', `unlabel ${number} ${name}`);
          const pull = pullOf(number);
          this.pulls.set(number, { ...pull, labels: pull.labels.filter((label) => label !== name) });
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
    });
  }
}

interface WorldOptions {
  docsToken?: string;
  dryRun?: boolean;
  linkOnly?: boolean;
  aborted?: boolean;
  /** The code repository's ID as the run knows it (undefined: a local run without GITHUB_REPOSITORY_ID). */
  codeRepositoryId?: number | undefined;
  /** `docs-publish`: `on-merge` unless said. */
  publish?: 'on-merge' | 'on-release';
  /** What reading the code PR's merge commit answers (or throws); MERGE by default. */
  mergeCommit?: MergeCommit | undefined | Error;
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
    linkOnly: options.linkOnly ?? false,
    publish: options.publish ?? 'on-merge',
    mergeCommit: () => {
      calls.push('acme/widgets merge commit');
      const merge = 'mergeCommit' in options ? options.mergeCommit : MERGE;
      return merge instanceof Error ? Promise.reject(merge) : Promise.resolve(merge);
    },
  };
  return { calls, connects, decided, commentAuthors, rendered, recordedDecisions, repo, found, logger, context, controller };
}

/** The code PR's merge commit, as GitHub gives it by default here. */
const MERGE: MergeCommit = { sha: 'c0ffee'.padEnd(40, '0'), mergedAt: '2026-01-05T10:00:00.000Z', from: 'rest' };

/** The visible part of the documentation PR's comment here: its stage, as data (report/docs-pr-report.ts renders the real one). */
function visibleLine(stage: DocsPrStage): string {
  return `Stage: ${JSON.stringify(stage)}`;
}

/** A documentation PR as the record keeps it once a decision found it: with its repository's ID as GitHub answered it. */
function recordOf(number: number, fields: Partial<DocsPrRecord> = {}): DocsPrRecord {
  return { repository: DOCS, number, repositoryId: DOCS_ID, headRef: `docs/${number}`, closedByAction: false, ...fields };
}

/** A documentation PR as the record keeps it once this run linked it: with the docs token's identity, which wrote its back-link. */
function linkedOf(number: number, fields: Partial<DocsPrRecord> = {}): DocsPrRecord {
  return recordOf(number, { linkAuthor: DOCS_LOGIN, ...fields });
}

/** What following did, as the run record's outcome part: the state without the follower's own bookkeeping. */
function outcomeOf(state: Following): DocsPrOutcome {
  const { action, record, shown, acted, changed, supersedes } = state;
  return { action, record, shown, acted, changed, ...(supersedes ? { supersedes } : {}) };
}

/** A decision that refused the pull request (its warning is the decision's, not the follower's). */
function refused(why: NotTheDocsPr, number: number | undefined): RunDocsPr {
  return { kind: 'refused', why, pull: number === undefined ? undefined : { repository: DOCS, number }, message: `decided: ${why}` };
}

/** A decision that could not check the pull request on GitHub. */
function unchecked(number: number): RunDocsPr {
  return { kind: 'unchecked', pull: { repository: DOCS, number }, headRef: `docs/${number}`, message: 'decided: unchecked', why: 'unanswered' };
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

describe('nothingFollowed', () => {
  const recorded: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs/retries', closedByAction: false };

  it('is no action, nothing shown, nothing acted on or changed, and the record’s documentation PR as it was', () => {
    expect(nothingFollowed(recorded)).toStrictEqual({
      action: 'none',
      record: recorded,
      shown: undefined,
      acted: false,
      changed: undefined,
      stopped: false,
      reportedBy: undefined,
      backLinks: new Map(),
    });
    expect(nothingFollowed(recorded).record).toBe(recorded);
  });

  it('keeps no documentation PR when the record named none', () => {
    expect(nothingFollowed(undefined)).toStrictEqual({
      action: 'none',
      record: undefined,
      shown: undefined,
      acted: false,
      changed: undefined,
      stopped: false,
      reportedBy: undefined,
      backLinks: new Map(),
    });
  });

  it('keeps the earlier documentation PR the recorded one replaced, not closed yet; none when there is none', () => {
    const earlier: DocsPrRecord = { repository: 'acme/docs', number: 4, headRef: 'docs/first', closedByAction: false };
    expect(nothingFollowed(recorded, earlier)).toStrictEqual({
      action: 'none',
      record: recorded,
      shown: undefined,
      acted: false,
      changed: undefined,
      supersedes: earlier,
      stopped: false,
      reportedBy: undefined,
      backLinks: new Map(),
    });
    expect(nothingFollowed(recorded, undefined)).not.toHaveProperty('supersedes');
  });

  it('is a new state each time: no two share what they found', () => {
    const first = nothingFollowed(recorded);
    const second = nothingFollowed(recorded);
    expect(first).not.toBe(second);
    expect(first.backLinks).not.toBe(second.backLinks);
  });
});

describe('the code PR closed', () => {
  it('with no documentation PR recorded: says so and touches nothing', async () => {
    const { calls, connects, logger, context } = world();
    const state = await codePrClosed(nothingFollowed(undefined), false, { kind: 'none' }, context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['No documentation PR is recorded in the pull-request comment: nothing to bring in step.']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: undefined, shown: undefined, acted: false, changed: undefined });
    expect(state).toMatchObject({ stopped: false, interrupted: undefined });
  });

  it('a dry run says what it would do and calls nothing', async () => {
    for (const merged of [false, true]) {
      const { calls, connects, logger, repo, found, context } = world({ dryRun: true });
      repo(DOCS).pull(7, { draft: true });
      const state = await codePrClosed(nothingFollowed(recordOf(7)), merged, found(7), context);
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(logger.messages('info')).toEqual([`Dry run: would ${merged ? 'mark' : 'close'} documentation PR acme/docs#7; nothing was changed on GitHub.`]);
      expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
    }
  });

  it('without merging: closes the recorded documentation PR, keeps its branch and comments on it', async () => {
    const { calls, connects, decided, repo, found, logger, context } = world();
    repo(DOCS).pull(7);
    const before = repo(DOCS).pulls.get(7)!;
    const state = await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    // No read: the decision's state is the one acted on.
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(connects).toEqual(['docs-token acme/docs']);
    expect(decided).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('info')).toEqual(['Closed documentation PR acme/docs#7; its branch "docs/7" is kept.']);
    expect(logger.messages('warning')).toEqual([]);
    expect(outcomeOf(state)).toEqual({
      action: 'closed',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'closed'),
      acted: true,
      // As GitHub answered the close.
      changed: { ...before, state: 'closed' },
    });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'closed' });
    // The back-link it wrote, by the documentation PR: a later write in the run updates it.
    expect(state.backLinks).toEqual(new Map([['acme/docs#7', repo(DOCS).comments.get(7)![0]!.id]]));
  });

  it('the state it records as changed is the one GitHub answered, not the decision’s', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(7);
    const decision = found(7);
    repo(DOCS).pull(7, { title: 'Retitled meanwhile' });
    const state = await codePrClosed(nothingFollowed(recordOf(7)), false, decision, context);
    expect(state.changed).toEqual(expect.objectContaining({ number: 7, state: 'closed', title: 'Retitled meanwhile' }));
  });

  it('a close that fails is one warning; the PR is not updated and no comment is tried', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7).failures.close = new GitHubError('boom', 'http', 500);
    const state = await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    expect(calls).toEqual(['acme/docs close 7']);
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: boom']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'not-updated'), acted: false, changed: undefined });
    // Nothing more is tried on the documentation side in this run; it is no interruption.
    expect(state).toMatchObject({ stopped: true, interrupted: undefined });
  });

  it('a close GitHub forbids names the write permission; one it does not find explains the 404', async () => {
    const forbidden = world();
    forbidden.repo(DOCS).pull(7).failures.close = new GitHubError('forbidden', 'http', 403, 'Resource not accessible by integration');
    await codePrClosed(nothingFollowed(recordOf(7)), false, forbidden.found(7), forbidden.context);
    expect(forbidden.logger.messages('warning')).toEqual([
      'Could not close documentation PR acme/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    const gone = world();
    gone.repo(DOCS).pull(7).failures.close = new GitHubError('not found', 'http', 404);
    await codePrClosed(nothingFollowed(recordOf(7)), false, gone.found(7), gone.context);
    expect(gone.logger.messages('warning')).toEqual([
      'Could not close documentation PR acme/docs#7: GitHub answered 404: the pull request was deleted, or the token cannot see acme/docs (a private repository needs docs-token with access to it).',
    ]);
  });

  it("only GitHub's own 403 and 404 answers get a hint", async () => {
    const { repo, found, logger, context } = world();
    repo(DOCS).pull(7).failures.close = Object.assign(new Error('socket said 404'), { status: 404 });
    await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: socket said 404']);
  });

  it('merged, not a draft: says so in its comment, and marks nothing ready', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7);
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(calls).toEqual(['acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; said so in its comment.']);
    expect(outcomeOf(state)).toEqual({ action: 'commented', record: recordOf(7), shown: shownAs(7, 'commented'), acted: false, changed: undefined });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'merged', markedReady: false });
  });

  it('merged, a draft: marks it ready for review, and that is an act of this run', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { draft: true });
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(calls).toEqual(['acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.draft).toBe(false);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; marked ready for review.']);
    expect(outcomeOf(state)).toEqual({ action: 'marked-ready', record: recordOf(7), shown: shownAs(7, 'marked-ready'), acted: true, changed: undefined });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'merged', markedReady: true });
  });

  it('merged, a draft it may not mark ready: one warning naming both permissions, and the comment is still written', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { draft: true }).failures.ready = new GitHubError('forbidden', 'http', 403, 'Resource not accessible by integration');
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(calls).toEqual(['acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('warning')).toEqual([
      'Could not mark ready for review documentation PR acme/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" and "Contents: write" on acme/docs.',
    ]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; said so in its comment.']);
    expect(outcomeOf(state)).toEqual({ action: 'commented', record: recordOf(7), shown: shownAs(7, 'commented'), acted: false, changed: undefined });
    // Marking ready needs a permission of its own: its failure stops nothing else.
    expect(state.stopped).toBe(false);
  });

  it('merged, but neither marked ready nor commented: no action, no claim in the log', async () => {
    const { repo, found, logger, context } = world();
    repo(DOCS).pull(7).failures.create = new GitHubError('forbidden', 'http', 403);
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Could not comment on documentation PR acme/docs#7: GitHub answered 403 (forbidden): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'not-updated'), acted: false, changed: undefined });
  });

  it('merged, a draft marked ready whose comment fails: still says it was marked ready', async () => {
    const { repo, found, logger, context } = world();
    repo(DOCS).pull(7, { draft: true }).failures.create = new GitHubError('boom', 'http', 500);
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; marked ready for review.']);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#7: boom']);
    expect(state.action).toBe('marked-ready');
    expect(state.shown).toEqual(shownAs(7, 'marked-ready'));
  });

  it('cancelled while marking ready: returned as the state’s interruption, not thrown; no warning, and nothing more is tried', async () => {
    const { calls, repo, found, logger, context } = world();
    const cancelled = new CancelledError();
    repo(DOCS).pull(7, { draft: true }).failures.ready = cancelled;
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(state.interrupted).toBe(cancelled);
    expect(state.stopped).toBe(true);
    expect(calls).toEqual(['acme/docs ready PR_7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(state.action).toBe('none');
    // Nothing more in this run: the job's documentation PR is not linked either.
    const after = await linkReported(state, found(7), 'job_1', context);
    expect(calls).toEqual(['acme/docs ready PR_7']);
    expect(outcomeOf(after)).toEqual(outcomeOf(state));
    // The interruption was the last function's: the next one starts without it.
    expect(after.interrupted).toBeUndefined();
  });

  it('the step’s deadline while closing ends the function as a cancellation does: returned, no warning, no comment', async () => {
    const { calls, repo, found, logger, context } = world();
    const deadline = new GitHubError('the step’s timeout ran out', 'deadline');
    repo(DOCS).pull(7).failures.close = deadline;
    const state = await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    expect(state.interrupted).toBe(deadline);
    expect(calls).toEqual(['acme/docs close 7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('cancelled while commenting after the close: what was done stays in the state, with the interruption', async () => {
    const { calls, repo, found, logger, context } = world();
    const cancelled = new GitHubError('cancelled', 'cancelled');
    repo(DOCS).pull(7).failures.create = cancelled;
    const state = await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    expect(state.interrupted).toBe(cancelled);
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(state).toEqual(
      expect.objectContaining({ action: 'closed', record: recordOf(7, { closedByAction: true }), shown: shownAs(7, 'closed'), acted: true }),
    );
  });

  it('once the run is cancelled, no request is made', async () => {
    const { calls, repo, found, logger, context } = world({ aborted: true });
    repo(DOCS).pull(7, { draft: true });
    for (const merged of [false, true]) {
      const state = await codePrClosed(nothingFollowed(recordOf(7)), merged, found(7), context);
      expect(state.action).toBe('none');
    }
    expect(calls).toEqual([]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('a documentation PR merged already is left as it is', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true });
    const state = await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already merged: left as it is.']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'left-alone-merged'), acted: false, changed: undefined });
  });

  it('one closed by someone else is left as it is, and never counts as closed by this action', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already closed by someone else: left as it is.']);
    expect(outcomeOf(state)).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: false }),
      shown: shownAs(7, 'left-alone-closed'),
      acted: false,
      changed: undefined,
    });
  });

  it('one this action closed stays closed', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const state = await codePrClosed(nothingFollowed(recordOf(7, { closedByAction: true })), false, found(7), context);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is closed already (by this action).']);
    expect(outcomeOf(state)).toEqual({
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
        const { calls, connects, repo, logger, context } = world();
        repo(DOCS).pull(7, { draft: true });
        const decision = decisionOf(7);
        const state = await codePrClosed(nothingFollowed(recordOf(7)), merged, decision, context);
        expect(calls).toEqual([]);
        expect(connects).toEqual([]);
        // The decision warned already; the follower adds nothing.
        expect(logger.lines).toEqual([]);
        expect(repo(DOCS).pulls.get(7)).toEqual(expect.objectContaining({ state: 'open', draft: true }));
        expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownOfDecision(decision), acted: false, changed: undefined });
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
    for (const [decision, shown] of cases) {
      const { context } = world();
      const state = await codePrClosed(nothingFollowed(recordOf(7, { closedByAction: true })), false, decision, context);
      expect(state.shown).toEqual(shown && shownAs(7, shown));
      expect(state.record).toEqual(recordOf(7, { closedByAction: true }));
    }
  });

  it('such a decision writes nothing, and stops nothing: a documentation PR the job reports later in the run is still linked', async () => {
    const { calls, repo, found, context } = world();
    repo(DOCS).pull(8);
    const reopened = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), unchecked(7), context);
    expect(calls).toEqual([]);
    expect(reopened.stopped).toBe(false);
    const linked = await linkReported(reopened, found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7, { closedByAction: true }));
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(linked.record).toEqual(linkedOf(8));
  });

  it('an existing back-link of its own is updated, not doubled, whether its record verifies or not (a rotated key)', async () => {
    const earlier = (seal = TEST_SEAL) => `${DOCS_PR_MARKER}\nold\n${sealedBackLink(BACK_LINK, 7, { id: DOCS_ID, name: DOCS }, seal)}\n`;
    for (const body of [earlier(), earlier(RecordSeal.fromApiKey('mint_rotated_admin_key'))]) {
      const { calls, repo, found, context } = world();
      repo(DOCS)
        .pull(7)
        .comments.set(7, [{ id: 77, body, authorLogin: DOCS_LOGIN }]);
      const state = await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
      expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs update 77']);
      expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'closed' });
      expect(state.backLinks).toEqual(new Map([['acme/docs#7', 77]]));
    }
  });

  it('a marked comment someone else wrote is never edited: its own comment is written beside it', async () => {
    const { calls, repo, found, context } = world();
    const planted = { id: 66, body: `${DOCS_PR_MARKER}\nplanted`, authorLogin: 'mallory' };
    repo(DOCS).pull(7).comments.set(7, [planted]);
    await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context);
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).comments.get(7)![0]).toEqual(planted);
    expectBackLinkComment(repo(DOCS).comments.get(7)![1]!.body, 7, { kind: 'closed' });
  });
});

describe('the back-link the follower writes', () => {
  it('records the code PR with its repository’s ID and the comment’s author, sealed for the documentation repository’s ID', async () => {
    const { repo, found, commentAuthors, rendered, context } = world();
    repo(DOCS).pull(8);
    await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' });
    expect(commentAuthors).toEqual([COMMENT_AUTHOR]);
    expect(rendered).toEqual([{ kind: 'linked' }]);
  });

  it('records the job that reported the documentation PR, which the state keeps for the run’s later back-links', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(8);
    const state = await linkReported(nothingFollowed(undefined), found(8), 'job_8', context);
    expect(state.reportedBy).toBe('job_8');
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' }, { backLink: { ...BACK_LINK, jobId: 'job_8' } });
  });

  it('sealed for the ID GitHub answered in the decision', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(8, { repositoryId: 9009 });
    await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    const body = commentOn(repo(DOCS), 8);
    expectBackLinkComment(body, 8, { kind: 'linked' }, { repositoryId: 9009 });
    expect(backLinkIn(body, 8, { id: DOCS_ID, name: 'acme/renamed-docs' })).toBeUndefined();
  });

  it('without the documentation repository’s ID it is sealed for its name', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(8, { repositoryId: undefined });
    await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    const body = commentOn(repo(DOCS), 8);
    expect(backLinkIn(body, 8, { id: undefined, name: DOCS })).toEqual(BACK_LINK);
    expect(backLinkIn(body, 8, { id: DOCS_ID, name: 'acme/renamed-docs' })).toBeUndefined();
  });

  it('without the code repository’s ID it records none', async () => {
    const { repo, found, context } = world({ codeRepositoryId: undefined });
    repo(DOCS).pull(8);
    await linkReported(nothingFollowed(undefined), found(8), undefined, context);
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
    const failing: FollowContext = {
      ...context,
      commentAuthor: () => Promise.reject(new GitHubError('GitHub answered 502 for the viewer.', 'http', 502)),
    };
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, failing);
    const state = await supersede(linked, link(8), failing);
    expect(calls).toEqual([]);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#8: GitHub answered 502 for the viewer.']);
    expect(state.action).toBe('none');
    expect(state.stopped).toBe(true);
  });
});

describe('held for the release (docs-publish: on-release), and released', () => {
  const HELD = { mergeCommit: MERGE.sha, mergedAt: MERGE.mergedAt! };
  const RELEASE = { tag: 'v1.2.0', name: 'Widgets 1.2', url: `${SERVER}/${WORKFLOW}/releases/tag/v1.2.0` };
  const WAITING = 'waits-for-release';

  it('the code PR merged: a draft stays a draft, labelled; its comment says which commit it waits for; the record keeps the merge commit', async () => {
    const { calls, repo, found, rendered, logger, context } = world({ publish: 'on-release' });
    repo(DOCS).pull(7, { draft: true });
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
    expect(calls).toEqual(['acme/widgets merge commit', `acme/docs label 7 ${WAITING}`, 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)).toMatchObject({ draft: true, labels: [WAITING] });
    expect(rendered).toEqual([{ kind: 'waits-for-release', mergeCommit: MERGE.sha }]);
    const record = recordOf(7, { release: HELD });
    expect(outcomeOf(state)).toEqual({
      action: 'held',
      record,
      shown: { ...shownAs(7, 'waits-for-release'), release: { mergeCommit: MERGE.sha } },
      acted: true,
      changed: undefined,
    });
    expect(logger.messages('info')).toEqual([`Documentation PR acme/docs#7: the code PR was merged as c0ffee0; held for the release that contains it.`]);
    expect(logger.messages('warning')).toEqual([]);
  });

  it('a ready one is turned back to a draft first; one it may not turn is still labelled and held, one warning', async () => {
    const turned = world({ publish: 'on-release' });
    turned.repo(DOCS).pull(7);
    await codePrClosed(nothingFollowed(recordOf(7)), true, turned.found(7), turned.context);
    expect(turned.calls.slice(0, 3)).toEqual(['acme/widgets merge commit', 'acme/docs draft PR_7', `acme/docs label 7 ${WAITING}`]);
    expect(turned.repo(DOCS).pulls.get(7)!.draft).toBe(true);
    expect(turned.logger.messages('info')).toContain('Documentation PR acme/docs#7 was ready for review: turned back to a draft until the release.');

    const refused = world({ publish: 'on-release' });
    refused.repo(DOCS).pull(7).failures.draft = new GitHubError('forbidden', 'http', 403);
    const state = await codePrClosed(nothingFollowed(recordOf(7)), true, refused.found(7), refused.context);
    expect(refused.logger.messages('warning')).toEqual([
      'Could not turn back to draft documentation PR acme/docs#7: GitHub answered 403 (forbidden): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(refused.repo(DOCS).pulls.get(7)).toMatchObject({ draft: false, labels: [WAITING] });
    expect(state.record).toEqual(recordOf(7, { release: HELD }));
  });

  it('a merge commit GitHub does not give holds nothing: one warning, nothing written, the record as it was', async () => {
    for (const [answer, warning] of [
      [undefined, 'GitHub does not say the code PR was merged: documentation PR acme/docs#7 is left as it is.'],
      [
        new GitHubError('boom', 'http', 502),
        "Could not read the code PR's merge commit: boom Documentation PR acme/docs#7 is not held for the release; a re-run of this workflow run holds it.",
      ],
    ] as const) {
      const { calls, repo, found, logger, context } = world({ publish: 'on-release', mergeCommit: answer });
      repo(DOCS).pull(7, { draft: true });
      const state = await codePrClosed(nothingFollowed(recordOf(7)), true, found(7), context);
      expect(calls).toEqual(['acme/widgets merge commit']);
      expect(logger.messages('warning')).toEqual([warning]);
      expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'not-updated'), acted: false, changed: undefined });
    }
  });

  it('held already (a re-run of the merge): the recorded merge commit, not read again; marked ready since, or released, left as it is', async () => {
    const again = world({ publish: 'on-release' });
    again.repo(DOCS).pull(7, { draft: true, labels: [WAITING] });
    const state = await codePrClosed(nothingFollowed(recordOf(7, { release: HELD })), true, again.found(7), again.context);
    expect(again.calls).not.toContain('acme/widgets merge commit');
    expect(state.record).toEqual(recordOf(7, { release: HELD }));

    for (const [release, pull, shown, info] of [
      [
        HELD,
        { draft: false },
        'found-ready',
        'Documentation PR acme/docs#7 was marked ready for review by hand since it was held for the release: left as it is.',
      ],
      [{ ...HELD, releasedIn: 'v1.2.0' }, { draft: false }, 'released', 'Documentation PR acme/docs#7 was released with "v1.2.0" already: left as it is.'],
    ] as const) {
      const { calls, repo, found, logger, context } = world({ publish: 'on-release' });
      repo(DOCS).pull(7, pull);
      const after = await codePrClosed(nothingFollowed(recordOf(7, { release })), true, found(7), context);
      expect(calls).toEqual([]);
      expect(logger.messages('info')).toEqual([info]);
      expect(after.action).toBe('none');
      expect(after.shown?.state).toBe(shown);
      expect(after.record?.release).toEqual(shown === 'found-ready' ? { ...HELD, foundReady: true } : release);
    }
  });

  it('a release that contains it: marked ready, its comment says which release, the label taken off, the record says released', async () => {
    const { calls, repo, found, rendered, logger, context } = world();
    repo(DOCS).pull(7, { draft: true, labels: [WAITING] });
    const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), RELEASE, context);
    expect(calls).toEqual(['acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7', `acme/docs unlabel 7 ${WAITING}`]);
    expect(repo(DOCS).pulls.get(7)).toMatchObject({ state: 'open', draft: false, merged: false, labels: [] });
    expect(rendered).toEqual([{ kind: 'released', release: RELEASE }]);
    expect(outcomeOf(state)).toEqual({
      action: 'marked-ready',
      record: recordOf(7, { release: { ...HELD, releasedIn: 'v1.2.0' } }),
      shown: { ...shownAs(7, 'released'), release: { mergeCommit: MERGE.sha, ...RELEASE } },
      acted: true,
      changed: undefined,
    });
    expect(logger.messages('info')).toEqual(['Released documentation PR acme/docs#7 with "v1.2.0": marked ready for review.']);
  });

  it('the tag a record keeps is bounded: a tag past the bound is cut, never the record dropped', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(7, { draft: true });
    const long = `v${'1'.repeat(400)}`;
    const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), { ...RELEASE, tag: long }, context);
    expect(state.record?.release?.releasedIn).toBe(long.slice(0, 255));
  });

  it('not held, released already, or found ready: nothing is read or written', async () => {
    for (const record of [recordOf(7), recordOf(7, { release: { ...HELD, releasedIn: 'v1.1.0' } }), recordOf(7, { release: { ...HELD, foundReady: true } })]) {
      const { calls, connects, repo, found, logger, context } = world();
      repo(DOCS).pull(7, { draft: true });
      const state = await releaseDocsPr(nothingFollowed(record), found(7), RELEASE, context);
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(logger.lines).toEqual([]);
      expect(outcomeOf(state)).toEqual(outcomeOf(nothingFollowed(record)));
    }
  });

  it('GitHub read again wins: one merged or closed since is left as it is; one marked ready since is found ready', async () => {
    for (const [pull, shown, release] of [
      [{ state: 'closed', merged: true }, 'left-alone-merged', HELD],
      [{ state: 'closed' }, 'left-alone-closed', HELD],
      [{ draft: false }, 'found-ready', { ...HELD, foundReady: true }],
    ] as const) {
      const { calls, repo, found, context } = world();
      repo(DOCS).pull(7, pull);
      const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), RELEASE, context);
      expect(calls).toEqual([]);
      expect(state.action).toBe('none');
      expect(state.shown?.state).toBe(shown);
      expect(state.record?.release).toEqual(release);
    }
  });

  it('a decision that found no documentation PR: nothing is touched, and it is shown as the decision says', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS) {
      const { calls, connects, repo, context } = world();
      repo(DOCS).pull(7, { draft: true });
      const decision = decisionOf(7);
      const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), decision, RELEASE, context);
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(state.shown).toEqual(shownOfDecision(decision));
      expect(state.record).toEqual(recordOf(7, { release: HELD }));
    }
  });

  it('a dry run says what it would do and calls nothing', async () => {
    const { calls, connects, repo, found, logger, context } = world({ dryRun: true });
    repo(DOCS).pull(7, { draft: true });
    const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), RELEASE, context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual([
      'Dry run: would mark documentation PR acme/docs#7 ready for review, released with "v1.2.0"; nothing was changed on GitHub.',
    ]);
    expect(state.record).toEqual(recordOf(7, { release: HELD }));
  });

  it('one it may not mark ready: one warning, not recorded released, nothing more tried', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { draft: true, labels: [WAITING] }).failures.ready = new GitHubError('forbidden', 'http', 403, 'Resource not accessible by integration');
    const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), RELEASE, context);
    expect(calls).toEqual(['acme/docs ready PR_7']);
    expect(logger.messages('warning')).toEqual([
      'Could not mark ready for review documentation PR acme/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" and "Contents: write" on acme/docs.',
    ]);
    expect(outcomeOf(state)).toEqual({
      action: 'none',
      record: recordOf(7, { release: HELD }),
      shown: { ...shownAs(7, 'not-updated'), release: { mergeCommit: MERGE.sha } },
      acted: false,
      changed: undefined,
    });
    expect(state.stopped).toBe(true);
  });

  it('a label it cannot take off is one warning: released all the same, since the record says so', async () => {
    const { repo, found, logger, context } = world();
    repo(DOCS).pull(7, { draft: true, labels: [WAITING] }).failures.unlabel = new GitHubError('boom', 'http', 500);
    const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), RELEASE, context);
    expect(logger.messages('warning')).toEqual(['Could not take the label off documentation PR acme/docs#7: boom']);
    expect(state.action).toBe('marked-ready');
    expect(state.record?.release?.releasedIn).toBe('v1.2.0');
  });

  it('cancelled while marking ready: returned as the state’s interruption, without a warning; not recorded released', async () => {
    const { calls, repo, found, logger, context } = world();
    const cancelled = new CancelledError();
    repo(DOCS).pull(7, { draft: true }).failures.ready = cancelled;
    const state = await releaseDocsPr(nothingFollowed(recordOf(7, { release: HELD })), found(7), RELEASE, context);
    expect(state.interrupted).toBe(cancelled);
    expect(calls).toEqual(['acme/docs ready PR_7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(state.record).toEqual(recordOf(7, { release: HELD }));
  });
});

describe('the code PR reopened', () => {
  it('reopens the documentation PR this action closed', async () => {
    const { calls, connects, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const state = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    expect(calls).toEqual(['acme/docs reopen 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(connects).toEqual(['docs-token acme/docs']);
    expect(logger.messages('info')).toEqual(['Reopened documentation PR acme/docs#7 with its code PR.']);
    expect(outcomeOf(state)).toEqual({
      action: 'reopened',
      record: recordOf(7),
      shown: shownAs(7, 'reopened'),
      acted: true,
      changed: repo(DOCS).pulls.get(7),
    });
    expect(state.changed?.state).toBe('open');
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'reopened' });
  });

  it('not one someone else closed', async () => {
    const { calls, connects, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const state = await codePrReopened(nothingFollowed(recordOf(7)), found(7), context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 was not closed by this action: not reopened.']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('with none recorded: nothing', async () => {
    const { calls, logger, context } = world();
    const state = await codePrReopened(nothingFollowed(undefined), { kind: 'none' }, context);
    expect(calls).toEqual([]);
    expect(logger.lines).toEqual([]);
    expect(state.action).toBe('none');
  });

  it('a dry run says what it would do', async () => {
    const { calls, connects, repo, found, logger, context } = world({ dryRun: true });
    repo(DOCS).pull(7, { state: 'closed' });
    await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['Dry run: would reopen documentation PR acme/docs#7; nothing was changed on GitHub.']);
  });

  it('one open already is only recorded as no longer closed by this action', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7);
    const state = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is open already.']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(7, 'linked'), acted: true, changed: undefined });
  });

  it('one merged meanwhile is left as it is', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true });
    const state = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already merged: left as it is.']);
    expect(outcomeOf(state)).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'left-alone-merged'),
      acted: false,
      changed: undefined,
    });
  });

  it('a reopen that fails: not updated, and nothing claimed', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' }).failures.reopen = new GitHubError('forbidden', 'http', 403, 'Nope');
    const state = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    expect(calls).toEqual(['acme/docs reopen 7']);
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Could not reopen documentation PR acme/docs#7: GitHub answered 403 (Nope): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(outcomeOf(state)).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: shownAs(7, 'not-updated'),
      acted: false,
      changed: undefined,
    });
  });

  it('a reopen that fails stops the rest: the job’s documentation PR is then neither commented on nor recorded anew', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' }).pull(8).failures.reopen = new GitHubError('boom', 'http', 500);
    const reopened = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    const linked = await linkReported(reopened, found(8), undefined, context);
    expect(linked.supersedes).toBeUndefined();
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual(['acme/docs reopen 7']);
    expect(logger.messages('warning')).toEqual(['Could not reopen documentation PR acme/docs#7: boom']);
    expect(state.record).toEqual(recordOf(7, { closedByAction: true }));
  });

  it('cancelled while reopening: returned as the state’s interruption, without a warning', async () => {
    const { calls, repo, found, logger, context } = world();
    const cancelled = new CancelledError();
    repo(DOCS).pull(7, { state: 'closed' }).failures.reopen = cancelled;
    const state = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    expect(state.interrupted).toBe(cancelled);
    expect(calls).toEqual(['acme/docs reopen 7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(state.action).toBe('none');
  });

  it('a decision that found no documentation PR: nothing is reopened, and it is shown as the decision says', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS) {
      const { calls, connects, repo, logger, context } = world();
      repo(DOCS).pull(7, { state: 'closed' });
      const decision = decisionOf(7);
      const state = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), decision, context);
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(logger.lines).toEqual([]);
      expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
      expect(outcomeOf(state)).toEqual({
        action: 'none',
        record: recordOf(7, { closedByAction: true }),
        shown: shownOfDecision(decision),
        acted: false,
        changed: undefined,
      });
    }
  });

  it('a reopened PR the job reports again stays reopened in the output', async () => {
    const { calls, repo, found, context } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const reopened = await codePrReopened(nothingFollowed(recordOf(7, { closedByAction: true })), found(7), context);
    const state = await linkReported(reopened, found(7), undefined, context);
    expect(state.supersedes).toBeUndefined();
    // Its own comment, as this run wrote it: read again first, then updated, not doubled.
    expect(calls).toEqual(['acme/docs reopen 7', 'acme/docs list 7', 'acme/docs create 7', 'acme/docs list 7', 'acme/docs update 570']);
    expect(repo(DOCS).comments.get(7)).toHaveLength(1);
    expect(outcomeOf(state)).toEqual({
      action: 'reopened',
      record: linkedOf(7),
      shown: shownAs(7, 'reopened'),
      acted: true,
      changed: repo(DOCS).pulls.get(7),
    });
  });
});

describe('the documentation PR the job reports', () => {
  it('none reported: nothing', async () => {
    const { calls, connects, logger, context } = world();
    const state = await linkReported(nothingFollowed(recordOf(7)), { kind: 'none' }, 'job_1', context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.lines).toEqual([]);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
    expect(state.reportedBy).toBeUndefined();
  });

  it('a new one is linked with a comment of its own, and recorded with the identity that wrote its back-link', async () => {
    const { calls, connects, decided, repo, found, logger, context } = world();
    repo(DOCS).pull(8);
    const state = await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(connects).toEqual(['docs-token acme/docs']);
    expect(decided).toEqual([]);
    expect(logger.messages('info')).toEqual(['Linked documentation PR acme/docs#8 to this pull request.']);
    expect(logger.messages('warning')).toEqual([]);
    expect(outcomeOf(state)).toEqual({ action: 'linked', record: linkedOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined });
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' });
  });

  it('the identity that wrote the back-link replaces the one the record named; one that could not be written keeps it', async () => {
    const written = world();
    written.repo(DOCS).pull(8);
    const relinked = await linkReported(nothingFollowed(recordOf(8, { linkAuthor: 'old-docs-bot[bot]' })), written.found(8), undefined, written.context);
    expect(relinked.record).toEqual(linkedOf(8));
    const failing = world();
    failing.repo(DOCS).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const kept = await linkReported(nothingFollowed(recordOf(8, { linkAuthor: 'old-docs-bot[bot]' })), failing.found(8), undefined, failing.context);
    expect(kept.record).toEqual(recordOf(8, { linkAuthor: 'old-docs-bot[bot]' }));
  });

  it('the recorded branch is the one the decision found', async () => {
    const { repo, context } = world();
    repo(DOCS).pull(8, { headRef: 'docs/agent-8' });
    const state = repo(DOCS).pulls.get(8)!;
    const following = await linkReported(
      nothingFollowed(undefined),
      { kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: 'docs/agent-8', state },
      undefined,
      context,
    );
    expect(following.record).toEqual(linkedOf(8, { headRef: 'docs/agent-8' }));
  });

  it('the one recorded already is linked again, which is no new act', async () => {
    const { calls, repo, found, context } = world();
    repo(DOCS).pull(8);
    const state = await linkReported(nothingFollowed(recordOf(8)), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(outcomeOf(state)).toEqual({ action: 'linked', record: linkedOf(8), shown: shownAs(8, 'linked'), acted: false, changed: undefined });
  });

  it('a comment that fails: not linked, and not said to be', async () => {
    const { repo, found, logger, context } = world();
    repo(DOCS).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const state = await linkReported(nothingFollowed(recordOf(8)), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#8: boom']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(8), shown: shownAs(8, 'not-updated'), acted: false, changed: undefined });
  });

  it('a comment that fails stops the rest: the earlier PR is neither decided on nor closed', async () => {
    const { calls, decided, repo, found, context } = world();
    repo(DOCS).pull(7).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(decided).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(state.action).toBe('none');
  });

  it('a dry run says what it would link, and supersedes nothing', async () => {
    const { calls, connects, decided, repo, found, logger, context } = world({ dryRun: true });
    repo(DOCS).pull(7).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toBeUndefined();
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(decided).toEqual([]);
    expect(logger.messages('info')).toEqual(['Dry run: would link documentation PR acme/docs#8; nothing was changed on GitHub.']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('once the run is cancelled, nothing is linked', async () => {
    const { calls, connects, repo, found, context } = world({ aborted: true });
    repo(DOCS).pull(8);
    const state = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('cancelled while commenting: returned as the state’s interruption, without a warning', async () => {
    const { repo, found, logger, context } = world();
    const cancelled = new CancelledError();
    repo(DOCS).pull(8).failures.list = cancelled;
    const state = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(state.interrupted).toBe(cancelled);
    expect(logger.messages('warning')).toEqual([]);
    expect(state.action).toBe('none');
    // The earlier one stays recorded: nothing was linked in its place.
    expect(state.record).toEqual(recordOf(7));
    expect(state.supersedes).toBeUndefined();
  });

  it('a refused one is neither commented on nor recorded: the record stays as it was, shown as the decision says', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS.filter(([name]) => name !== 'unchecked')) {
      for (const earlier of [undefined, recordOf(7)]) {
        const { calls, connects, decided, logger, context } = world();
        const decision = decisionOf(8);
        const linked = await linkReported(nothingFollowed(earlier), decision, undefined, context);
        expect(linked.supersedes).toBeUndefined();
        const state = await supersede(linked, link(8), context);
        expect(calls).toEqual([]);
        expect(connects).toEqual([]);
        expect(decided).toEqual([]);
        expect(logger.lines).toEqual([]);
        expect(outcomeOf(state)).toEqual({ action: 'none', record: earlier, shown: shownOfDecision(decision), acted: false, changed: undefined });
      }
    }
  });

  it('a link that names no pull request is shown as nothing', async () => {
    const { calls, context } = world();
    const state = await linkReported(nothingFollowed(recordOf(7)), refused('not-a-pull-request', undefined), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual([]);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: undefined, acted: false, changed: undefined });
  });

  it('an unchecked one is recorded for a later run to check when none is recorded, and supersedes nothing', async () => {
    const { calls, connects, decided, logger, context } = world();
    const linked = await linkReported(nothingFollowed(undefined), unchecked(8), undefined, context);
    expect(linked.supersedes).toBeUndefined();
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(decided).toEqual([]);
    expect(logger.lines).toEqual([]);
    // Not read: no repository ID is recorded for it.
    expect(outcomeOf(state)).toEqual({
      action: 'none',
      record: recordOf(8, { repositoryId: undefined }),
      shown: shownAs(8, 'unchecked'),
      acted: true,
      changed: undefined,
    });
    expect(state.record).not.toHaveProperty('repositoryId');
  });

  it('an unchecked one never takes the place of a recorded one it could not supersede: that one stays recorded, and open', async () => {
    const { calls, connects, decided, repo, logger, context } = world();
    repo(DOCS).pull(7);
    const linked = await linkReported(nothingFollowed(recordOf(7)), unchecked(8), undefined, context);
    expect(linked.supersedes).toBeUndefined();
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(decided).toEqual([]);
    expect(logger.lines).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(7), shown: shownAs(8, 'unchecked'), acted: false, changed: undefined });
  });

  it('the recorded one unchecked: the record stands as it was (closed by this action or not), not counted as acted on', async () => {
    for (const closedByAction of [false, true]) {
      const { context } = world();
      const state = await linkReported(nothingFollowed(recordOf(7, { closedByAction })), unchecked(7), undefined, context);
      expect(outcomeOf(state)).toEqual({
        action: 'none',
        record: recordOf(7, { closedByAction }),
        shown: shownAs(7, 'unchecked'),
        acted: false,
        changed: undefined,
      });
    }
  });

  it('a new one merged already is recorded and left as it is', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(8, { state: 'closed', merged: true });
    const state = await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#8 is already merged: left as it is.']);
    expect(outcomeOf(state)).toEqual({ action: 'none', record: recordOf(8), shown: shownAs(8, 'left-alone-merged'), acted: false, changed: undefined });
  });

  it('a new one merged already still supersedes an earlier open one: nothing written on the new one, the earlier closed', async () => {
    const { calls, repo, found, context } = world();
    repo(DOCS).pull(7).pull(8, { state: 'closed', merged: true });
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7));
    expect(calls).toEqual([]);
    const state = await supersede(linked, link(8), context);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(state).toMatchObject({ action: 'superseded', record: recordOf(8) });
  });

  it('a new one closed by someone else is recorded and left as it is', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(8, { state: 'closed' });
    const state = await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#8 is already closed by someone else: left as it is.']);
    expect(state.shown).toEqual(shownAs(8, 'left-alone-closed'));
  });

  it('the recorded one that this action closed stays closed', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(8, { state: 'closed' });
    const state = await linkReported(nothingFollowed(recordOf(8, { closedByAction: true })), found(8), undefined, context);
    expect(state.supersedes).toBeUndefined();
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#8 is closed already (by this action).']);
    expect(outcomeOf(state)).toEqual({
      action: 'none',
      record: recordOf(8, { closedByAction: true }),
      shown: shownAs(8, 'closed'),
      acted: false,
      changed: undefined,
    });
  });

  it('in the workflow’s own repository without docs-token, github-token writes its comment', async () => {
    const { connects, repo, found, context } = world({ docsToken: '' });
    repo(WORKFLOW).pull(8, { headRepository: WORKFLOW });
    const state = await linkReported(nothingFollowed(undefined), found(8, WORKFLOW), undefined, context);
    expect(connects).toEqual(['github-token acme/widgets']);
    expect(state.action).toBe('linked');
    expect(repo(WORKFLOW).comments.get(8)).toHaveLength(1);
  });
});

describe('superseding the earlier documentation PR', () => {
  it('closes the earlier one only once linkReported returned a state that supersedes it, and only when supersede is called', async () => {
    const { calls, decided, repo, found, logger, context } = world();
    repo(DOCS).pull(7).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    // The code PR's record names the newer one before the earlier is touched.
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(decided).toEqual([]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    // Recorded as still to close, until it is: a run stopped here leaves it to the next.
    expect(outcomeOf(linked)).toEqual({
      action: 'linked',
      record: linkedOf(8),
      shown: shownAs(8, 'linked'),
      acted: true,
      changed: undefined,
      supersedes: recordOf(7),
    });

    const state = await supersede(linked, link(8), context);
    expect(decided).toEqual(['acme/docs#7']);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8', 'acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('info')).toEqual([
      'Linked documentation PR acme/docs#8 to this pull request.',
      'Closed the earlier documentation PR acme/docs#7 in favour of acme/docs#8; its branch "docs/7" is kept.',
    ]);
    expect(logger.messages('warning')).toEqual([]);
    expect(outcomeOf(state)).toEqual({
      action: 'superseded',
      record: linkedOf(8),
      shown: shownAs(8, 'linked', 'acme/docs#7'),
      acted: true,
      changed: undefined,
    });
    expectBackLinkComment(commentOn(repo(DOCS), 7), 7, { kind: 'superseded', newer: 'acme/docs#8', newerLink: link(8) });
    expectBackLinkComment(commentOn(repo(DOCS), 8), 8, { kind: 'linked' });
    // Both back-links the run wrote, by their pull requests.
    expect([...state.backLinks.keys()]).toEqual(['acme/docs#8', 'acme/docs#7']);
  });

  it('the earlier one is decided on as the record names it', async () => {
    const { repo, context } = world();
    repo(DOCS).pull(7, { headRef: 'docs/earlier' }).pull(8);
    const earlier = recordOf(7, { headRef: 'docs/earlier' });
    const seen: DocsPrRecord[] = [];
    const deciding: FollowContext = {
      ...context,
      decideRecorded: (recorded) => {
        seen.push(recorded);
        const state = repo(DOCS).pulls.get(recorded.number)!;
        return Promise.resolve({ kind: 'found', pull: { repository: DOCS, number: recorded.number }, headRef: recorded.headRef, state });
      },
    };
    const state = repo(DOCS).pulls.get(8)!;
    const linked = await linkReported(
      nothingFollowed(earlier),
      { kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: 'docs/8', state },
      undefined,
      deciding,
    );
    expect(linked.supersedes).toEqual(earlier);
    const superseded = await supersede(linked, link(8), deciding);
    expect(seen).toEqual([earlier]);
    expect(superseded.action).toBe('superseded');
  });

  it('without a state that supersedes an earlier one, supersede does nothing', async () => {
    const setUps: Array<(state: Following, context: FollowContext, found: (number: number) => RunDocsPr) => Promise<Following>> = [
      // The job reports the recorded one again: nothing to supersede.
      (state, context, found) => linkReported(state, found(7), undefined, context),
      // A closed code PR's run: no job, nothing to supersede.
      (state, context, found) => codePrClosed(state, false, found(7), context),
      // Nothing linked at all.
      (state) => Promise.resolve(state),
    ];
    for (const setUp of setUps) {
      const { calls, decided, repo, found, context } = world();
      repo(DOCS).pull(7).pull(8);
      const before = await setUp(nothingFollowed(recordOf(7)), context, found);
      const callsBefore = [...calls];
      const state = await supersede(before, link(8), context);
      expect(decided).toEqual([]);
      expect(calls).toEqual(callsBefore);
      expect(state.action).not.toBe('superseded');
      expect(outcomeOf(state)).toEqual(outcomeOf(before));
    }
  });

  it('with no earlier one, linkReported supersedes nothing and supersede does nothing', async () => {
    const { calls, decided, repo, found, context } = world();
    repo(DOCS).pull(8);
    const linked = await linkReported(nothingFollowed(undefined), found(8), undefined, context);
    expect(linked.supersedes).toBeUndefined();
    await supersede(linked, link(8), context);
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
  });

  it('only the back-link: the earlier one is never closed', async () => {
    const { calls, decided, repo, found, context } = world({ linkOnly: true });
    repo(DOCS).pull(7).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toBeUndefined();
    const state = await supersede(linked, link(8), context);
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(outcomeOf(state)).toEqual({ action: 'linked', record: linkedOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined });
  });

  it('an earlier one already closed is left as it is', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed' }).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7));
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(logger.messages('info')).toEqual([
      'Linked documentation PR acme/docs#8 to this pull request.',
      'The earlier documentation PR acme/docs#7 is already closed: left as it is.',
    ]);
    expect(outcomeOf(state)).toEqual({ action: 'linked', record: linkedOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined });
  });

  it('an earlier one already merged is left as it is', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true }).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7));
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(logger.messages('info')).toContain('The earlier documentation PR acme/docs#7 is already merged: left as it is.');
    expect(state.action).toBe('linked');
    expect(state.supersedes).toBeUndefined();
  });

  it('an earlier one the decision does not find to be the record’s is not closed, and the follower adds no warning', async () => {
    for (const [, decisionOf] of NOT_FOUND_DECISIONS) {
      const { calls, decided, recordedDecisions, repo, found, logger, context } = world();
      repo(DOCS).pull(7).pull(8);
      recordedDecisions.set('acme/docs#7', decisionOf(7));
      const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
      expect(linked.supersedes).toEqual(recordOf(7));
      const state = await supersede(linked, link(8), context);
      expect(decided).toEqual(['acme/docs#7']);
      expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
      expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
      expect(logger.messages('warning')).toEqual([]);
      // Refused: an answer, and it is no longer kept; not checked (GitHub failing): kept for the next run.
      const kept = decisionOf(7).kind === 'unchecked' ? { supersedes: recordOf(7) } : {};
      expect(outcomeOf(state)).toEqual({ action: 'linked', record: linkedOf(8), shown: shownAs(8, 'linked'), acted: true, changed: undefined, ...kept });
    }
  });

  it('an earlier one that cannot be closed is not superseded', async () => {
    const { calls, repo, found, logger, context } = world();
    repo(DOCS).pull(7).pull(8).failures.close = new GitHubError('boom', 'http', 500);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7));
    const state = await supersede(linked, link(8), context);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8', 'acme/docs close 7']);
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: boom']);
    // Still recorded as to close: the next run tries again.
    expect(outcomeOf(state)).toEqual({
      action: 'linked',
      record: linkedOf(8),
      shown: shownAs(8, 'linked'),
      acted: true,
      changed: undefined,
      supersedes: recordOf(7),
    });
  });

  it('an earlier one closed whose comment fails is superseded all the same', async () => {
    const { repo, found, logger, context } = world();
    repo(DOCS).pull(7).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7));
    repo(DOCS).failures.create = new GitHubError('boom', 'http', 500);
    const state = await supersede(linked, link(8), context);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#7: boom']);
    expect(state.action).toBe('superseded');
    expect(state.shown).toEqual(shownAs(8, 'linked', 'acme/docs#7'));
    expect(state.supersedes).toBeUndefined();
  });

  it('an earlier one in another repository is left as it is, and is not decided on', async () => {
    const { calls, decided, repo, found, logger, context } = world();
    repo(DOCS).pull(8);
    repo('acme/old-docs').pull(7);
    const linked = await linkReported(nothingFollowed({ ...recordOf(7), repository: 'acme/old-docs' }), found(8), undefined, context);
    expect(linked.supersedes).toEqual({ ...recordOf(7), repository: 'acme/old-docs' });
    const state = await supersede(linked, link(8), context);
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(repo('acme/old-docs').pulls.get(7)!.state).toBe('open');
    expect(logger.messages('warning')).toEqual([
      "The pull-request comment records documentation PR acme/old-docs#7, in another repository than the job's (acme/docs): it is left as it is.",
    ]);
    expect(state.shown).toEqual(shownAs(8, 'linked'));
    expect(state).toMatchObject({ supersedes: undefined, stopped: true });
  });

  it('cancelled before it supersedes: nothing is decided or closed', async () => {
    const { calls, decided, repo, found, controller, context } = world();
    repo(DOCS).pull(7).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    expect(linked.supersedes).toEqual(recordOf(7));
    controller.abort();
    const state = await supersede(linked, link(8), context);
    expect(decided).toEqual([]);
    expect(calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(state.action).toBe('linked');
    expect(state.supersedes).toEqual(recordOf(7));
  });

  it('a cancellation while deciding on the earlier one, or the deadline while closing it, is returned without a warning', async () => {
    const deciding = world();
    deciding.repo(DOCS).pull(7).pull(8);
    const cancelled = new CancelledError();
    deciding.recordedDecisions.set('acme/docs#7', cancelled);
    const first = await linkReported(nothingFollowed(recordOf(7)), deciding.found(8), undefined, deciding.context);
    const afterDeciding = await supersede(first, link(8), deciding.context);
    expect(afterDeciding.interrupted).toBe(cancelled);
    expect(deciding.calls).toEqual(['acme/docs list 8', 'acme/docs create 8']);
    expect(deciding.logger.messages('warning')).toEqual([]);
    expect(afterDeciding.supersedes).toEqual(recordOf(7));

    const closing = world();
    const deadline = new GitHubError('the step’s timeout ran out', 'deadline');
    closing.repo(DOCS).pull(7).pull(8).failures.close = deadline;
    const second = await linkReported(nothingFollowed(recordOf(7)), closing.found(8), undefined, closing.context);
    const afterClosing = await supersede(second, link(8), closing.context);
    expect(afterClosing.interrupted).toBe(deadline);
    expect(closing.calls).toEqual(['acme/docs list 8', 'acme/docs create 8', 'acme/docs close 7']);
    expect(closing.logger.messages('warning')).toEqual([]);
    expect(outcomeOf(afterClosing)).toEqual({
      action: 'linked',
      record: linkedOf(8),
      shown: shownAs(8, 'linked'),
      acted: true,
      changed: undefined,
      supersedes: recordOf(7),
    });
  });

  it('a failure of the decision that is neither a cancellation nor the deadline is thrown, not kept as an interruption', async () => {
    const { repo, found, recordedDecisions, context } = world();
    repo(DOCS).pull(7).pull(8);
    const broken = new TypeError('the decision broke');
    recordedDecisions.set('acme/docs#7', broken);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    await expect(supersede(linked, link(8), context)).rejects.toBe(broken);
  });

  it('an earlier one a stopped run left to close (the record’s `supersedes`) is closed by the next run’s supersede, without a link first', async () => {
    const { calls, decided, repo, logger, context } = world();
    repo(DOCS).pull(7).pull(8);
    const left = nothingFollowed(recordOf(8), recordOf(7));
    expect(left.supersedes).toEqual(recordOf(7));
    const state = await supersede(left, link(8), context);
    expect(decided).toEqual(['acme/docs#7']);
    expect(calls).toEqual(['acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('warning')).toEqual([]);
    expect(outcomeOf(state)).toEqual({ action: 'superseded', record: recordOf(8), shown: undefined, acted: false, changed: undefined });
  });

  it('supersedes once: a second call does not close or comment again', async () => {
    const { calls, repo, found, context } = world();
    repo(DOCS).pull(7).pull(8);
    const linked = await linkReported(nothingFollowed(recordOf(7)), found(8), undefined, context);
    const once = await supersede(linked, link(8), context);
    const after = [...calls];
    const twice = await supersede(once, link(8), context);
    expect(calls).toEqual(after);
    expect(twice.action).toBe('superseded');
  });
});

/**
 * Freezes a state and all it holds, Maps included (a frozen Map still takes `set`: here it
 * throws), so that any write to it fails the test.
 */
function deepFrozen<T>(value: T): T {
  if (value instanceof Map) {
    for (const method of ['set', 'delete', 'clear'] as const) {
      Object.defineProperty(value, method, {
        value: () => {
          throw new TypeError(`the state's Map was written (${method})`);
        },
      });
    }
    for (const [key, entry] of value) {
      deepFrozen(key);
      deepFrozen(entry);
    }
  }
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFrozen(field);
  }
  return value;
}

describe('the state each function is given', () => {
  /**
   * Each function at its busiest, on a state frozen to its depth: every one returns a new state
   * and leaves the one it was given exactly as it was, its Map of back-links included.
   */
  const cases: ReadonlyArray<{
    readonly name: string;
    readonly given: (w: ReturnType<typeof world>) => Promise<Following>;
    readonly run: (state: Following, w: ReturnType<typeof world>) => Promise<Following>;
  }> = [
    {
      name: 'linkReported (a new one, superseding the recorded one)',
      given: () => Promise.resolve(nothingFollowed(recordOf(7))),
      run: (state, w) => linkReported(state, w.found(8), 'job_8', w.context),
    },
    {
      name: 'supersede (closing and commenting on the earlier one)',
      given: (w) => linkReported(nothingFollowed(recordOf(7)), w.found(8), 'job_8', w.context),
      run: (state, w) => supersede(state, link(8), w.context),
    },
    {
      name: 'codePrClosed (closing and commenting)',
      given: (w) => linkReported(nothingFollowed(undefined), w.found(7), 'job_7', w.context),
      run: (state, w) => codePrClosed(state, false, w.found(7), w.context),
    },
    {
      name: 'codePrClosed (merged: marking ready and commenting)',
      given: () => Promise.resolve(nothingFollowed(recordOf(9))),
      run: (state, w) => codePrClosed(state, true, w.found(9), w.context),
    },
    {
      name: 'codePrReopened (reopening and commenting)',
      given: () => Promise.resolve(nothingFollowed(recordOf(6, { closedByAction: true }))),
      run: (state, w) => codePrReopened(state, w.found(6), w.context),
    },
    {
      name: 'a function interrupted by a cancellation',
      given: () => Promise.resolve(nothingFollowed(recordOf(7))),
      run: (state, w) => {
        w.repo(DOCS).failures.close = new CancelledError();
        return codePrClosed(state, false, w.found(7), w.context);
      },
    },
  ];

  for (const { name, given, run } of cases) {
    it(`${name}: returns a new state and leaves the one it was given untouched`, async () => {
      const worldOf = () => {
        const w = world();
        w.repo(DOCS).pull(6, { state: 'closed' }).pull(7).pull(8).pull(9, { draft: true });
        return w;
      };
      // Frozen to its depth: a write into it would throw (and show as a warning of the write it broke).
      const frozenWorld = worldOf();
      const frozen = await given(frozenWorld);
      const frozenBefore = structuredClone(frozen);
      const next = await run(deepFrozen(frozen), frozenWorld);
      expect(next).not.toBe(frozen);
      expect(frozen).toEqual(frozenBefore);
      expect(frozenWorld.logger.messages('warning')).toEqual([]);
      // It did something: the new state is not the old one.
      expect(next).not.toEqual(frozenBefore);
      // Not frozen: the same answer, and the state given (its Map of back-links included) exactly as it was.
      const openWorld = worldOf();
      const open = await given(openWorld);
      const openBefore = structuredClone(open);
      const openNext = await run(open, openWorld);
      expect(open).toEqual(openBefore);
      expect(open.backLinks).toEqual(openBefore.backLinks);
      expect(outcomeOf(openNext)).toEqual(outcomeOf(next));
      expect(openNext.backLinks).toEqual(next.backLinks);
      expect(openWorld.calls).toEqual(frozenWorld.calls);
    });
  }

  it('an interrupted state given again: the next function starts without the interruption, and the given state keeps it', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(7).failures.close = new CancelledError();
    const interrupted = deepFrozen(await codePrClosed(nothingFollowed(recordOf(7)), false, found(7), context));
    const next = await linkReported(interrupted, found(7), undefined, context);
    expect(next.interrupted).toBeUndefined();
    expect(interrupted.interrupted).toBeInstanceOf(CancelledError);
  });

  it('the frozen states hold: a write into one is caught', () => {
    const state = deepFrozen(nothingFollowed(recordOf(7)));
    expect(() => (state.backLinks as Map<string, number>).set('acme/docs#7', 1)).toThrow(TypeError);
    expect(() => Object.assign(state, { action: 'closed' })).toThrow(TypeError);
    expect(() => Object.assign(state.record!, { closedByAction: true })).toThrow(TypeError);
  });
});

describe('afterChange', () => {
  it('the decision with where the documentation PR stands after this run’s own change of it', async () => {
    const { repo, found, context } = world();
    repo(DOCS).pull(7);
    const decision = found(7);
    const closed = await codePrClosed(nothingFollowed(recordOf(7)), false, decision, context);
    expect(afterChange(decision, closed)).toEqual({ ...decision, state: closed.changed });
    expect(afterChange(decision, closed)).toMatchObject({ state: { state: 'closed' } });
    // Nothing changed, no following, or a decision that found nothing: the decision as it was.
    expect(afterChange(decision, nothingFollowed(recordOf(7)))).toBe(decision);
    expect(afterChange(decision, undefined)).toBe(decision);
    expect(afterChange(unchecked(7), closed)).toEqual(unchecked(7));
    expect(afterChange(undefined, closed)).toBeUndefined();
  });
});
