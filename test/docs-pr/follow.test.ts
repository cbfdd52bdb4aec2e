/**
 * DocsPrFollower on its own: the documentation PR's calls go to pull requests held in memory, so
 * each test sees exactly which PR was closed, reopened, marked ready or commented on, what the
 * run record says of it, and the log lines the author reads.
 */
import { describe, expect, it } from 'vitest';
import type { AgentRun } from '../../src/agent/run-agent.js';
import { DocsPrFollower, type FollowContext } from '../../src/docs-pr/follow.js';
import { GitHubError, type GitHubApi, type IssueComment, type PullRequestState, type RepoName } from '../../src/github/api.js';
import { DOCS_PR_MARKER, type DocsPrRecord } from '../../src/memory/record.js';
import { CancelledError } from '../../src/runtime.js';
import { FakeTime, recordingLogger } from '../support/fake-time.js';
import { backLinkIn, TEST_SEAL } from '../support/records.js';

const WORKFLOW = 'acme/widgets';
const DOCS = 'acme/docs';
const SERVER = 'https://github.com';
const DOCS_LOGIN = 'docs-bot[bot]';

type Failing = 'read' | 'close' | 'reopen' | 'ready' | 'list' | 'create' | 'update' | 'reviews';

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
    private readonly calls: string[],
  ) {}

  pull(number: number, fields: Partial<PullRequestState> = {}): this {
    this.pulls.set(number, {
      number,
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
    const call = (what: Failing, text: string): void => {
      this.calls.push(`${this.name} ${text}`);
      const failure = this.failures[what];
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
      setCommitStatus: notUsed,
      filesNamed: notUsed,
      fileText: notUsed,
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
      reviewState: (number) =>
        answer(() => {
          call('reviews', `reviews ${number}`);
          return { decision: 'APPROVED' as const, reviews: [] };
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

function world(options: { docsToken?: string; dryRun?: boolean; linkOnly?: boolean; aborted?: boolean } = {}) {
  const calls: string[] = [];
  const connects: string[] = [];
  const repos = new Map<string, Repo>();
  const repo = (name: string): Repo => {
    let found = repos.get(name);
    if (!found) repos.set(name, (found = new Repo(name, calls)));
    return found;
  };
  const logger = recordingLogger();
  const controller = new AbortController();
  if (options.aborted) controller.abort();
  const context: FollowContext = {
    docsToken: options.docsToken ?? 'docs-token',
    githubToken: 'github-token',
    workflowRepository: WORKFLOW,
    serverUrl: SERVER,
    codePr: { repository: WORKFLOW, number: 42, title: 'Add widgets', url: `${SERVER}/${WORKFLOW}/pull/42` },
    connect: (token: string, name: RepoName) => {
      connects.push(`${token} ${name.owner}/${name.repo}`);
      return Promise.resolve(repo(`${name.owner}/${name.repo}`).api());
    },
    seal: TEST_SEAL,
    logger,
    clock: new FakeTime(),
    signal: controller.signal,
    dryRun: options.dryRun ?? false,
    linkOnly: options.linkOnly,
  };
  const follower = (recorded: DocsPrRecord | undefined) => new DocsPrFollower(context, recorded);
  return { calls, connects, repo, logger, follower, controller };
}

function recordOf(number: number, fields: Partial<DocsPrRecord> = {}): DocsPrRecord {
  return { repository: DOCS, number, headRef: `docs/${number}`, closedByAction: false, ...fields };
}

function jobRun(link: string | undefined, source: { repository?: string; ref?: string } = { repository: `${SERVER}/${DOCS}`, ref: 'docs/8' }): AgentRun {
  return { job: { prLink: link, source } } as unknown as AgentRun;
}

const link = (number: number, repository = DOCS) => `${SERVER}/${repository}/pull/${number}`;

describe('the code PR closed', () => {
  it('with no documentation PR recorded: says so and touches nothing', async () => {
    const { calls, connects, logger, follower } = world();
    const following = follower(undefined);
    await following.codePrClosed(false);
    expect(calls).toEqual([]);
    expect(connects).toEqual([]);
    expect(logger.messages('info')).toEqual(['No documentation PR is recorded in the pull-request comment: nothing to bring in step.']);
    expect(following.outcome).toEqual({ action: 'none', record: undefined, shown: undefined, acted: false });
  });

  it('a dry run says what it would do and calls nothing', async () => {
    for (const merged of [false, true]) {
      const { calls, connects, logger, follower } = world({ dryRun: true });
      await follower(recordOf(7)).codePrClosed(merged);
      expect(calls).toEqual([]);
      expect(connects).toEqual([]);
      expect(logger.messages('info')).toEqual([`Dry run: would ${merged ? 'mark' : 'close'} documentation PR acme/docs#7; nothing was changed on GitHub.`]);
    }
  });

  it('without merging: closes the recorded documentation PR, keeps its branch and comments on it', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs close 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('info')).toEqual(['Closed documentation PR acme/docs#7; its branch "docs/7" is kept.']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome).toEqual({
      action: 'closed',
      record: recordOf(7, { closedByAction: true }),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'closed' },
      acted: true,
    });
    const body = repo(DOCS).comments.get(7)![0]!.body;
    expect(body.startsWith(DOCS_PR_MARKER)).toBe(true);
    expect(backLinkIn(body, 7, DOCS)).toEqual({ codePr: { repository: WORKFLOW, number: 42 } });
  });

  it('a close that fails is one warning; the PR is not updated and no comment is tried', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7).failures.close = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs close 7']);
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: boom']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'not-updated' },
      acted: false,
    });
  });

  it('merged, not a draft: says so in its comment, and marks nothing ready', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    await following.codePrClosed(true);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; said so in its comment.']);
    expect(following.outcome).toEqual({
      action: 'commented',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'commented' },
      acted: false,
    });
  });

  it('merged, a draft: marks it ready for review, and that is an act of this run', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true });
    const following = follower(recordOf(7));
    await following.codePrClosed(true);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; marked ready for review.']);
    expect(following.outcome).toEqual({
      action: 'marked-ready',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'marked-ready' },
      acted: true,
    });
  });

  it('merged, a draft it may not mark ready: one warning naming both permissions, and the comment is still written', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true }).failures.ready = new GitHubError('forbidden', 'http', 403, 'Resource not accessible by integration');
    const following = follower(recordOf(7));
    await following.codePrClosed(true);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs ready PR_7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('warning')).toEqual([
      'Could not mark ready for review documentation PR acme/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" and "Contents: write" on acme/docs.',
    ]);
    expect(following.outcome.action).toBe('commented');
  });

  it('merged, but neither marked ready nor commented: no action, no claim in the log', async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(7).failures.create = new GitHubError('forbidden', 'http', 403);
    const following = follower(recordOf(7));
    await following.codePrClosed(true);
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Could not comment on documentation PR acme/docs#7: GitHub answered 403 (forbidden): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'not-updated' },
      acted: false,
    });
  });

  it('merged, a draft marked ready whose comment fails: still says it was marked ready', async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true }).failures.create = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.codePrClosed(true);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7: the code PR was merged; marked ready for review.']);
    expect(following.outcome.action).toBe('marked-ready');
  });

  it('cancelled while marking ready: no warning, and nothing more is tried', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { draft: true }).failures.ready = new CancelledError();
    const following = follower(recordOf(7));
    await following.codePrClosed(true);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs ready PR_7']);
    expect(logger.messages('warning')).toEqual([]);
    expect(following.outcome.action).toBe('none');
  });

  it('once the run is cancelled, no request is made', async () => {
    const { calls, repo, follower } = world({ aborted: true });
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(calls).toEqual([]);
    expect(following.outcome.action).toBe('none');
  });

  it('a documentation PR merged already is left as it is', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true });
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already merged: left as it is.']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'left-alone-merged' },
      acted: false,
    });
  });

  it('one closed by someone else is left as it is, and never counts as closed by this action', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already closed by someone else: left as it is.']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: false }),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'left-alone-closed' },
      acted: false,
    });
  });

  it('one this action closed stays closed', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is closed already (by this action).']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'closed' },
      acted: false,
    });
  });

  it('a PR whose head is not the recorded branch is left alone with one warning', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { headRef: 'other' });
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('warning')).toEqual([
      'Documentation PR acme/docs#7 is not the one the pull-request comment records: its head is "acme/docs:other", not the job\'s branch "acme/docs:docs/7". It is left as it is.',
    ]);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'mismatch' },
      acted: false,
    });
  });

  it('a PR from a deleted fork is not the recorded one either', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { headRepository: undefined });
    await follower(recordOf(7)).codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('warning')).toEqual([
      'Documentation PR acme/docs#7 is not the one the pull-request comment records: its head is "a deleted fork:docs/7", not the job\'s branch "acme/docs:docs/7". It is left as it is.',
    ]);
  });

  it('a read GitHub forbids names the read permission', async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(7).failures.read = new GitHubError('forbidden', 'http', 403);
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(logger.messages('warning')).toEqual([
      'Could not read documentation PR acme/docs#7: GitHub answered 403 (forbidden): docs-token needs "Pull requests: read" on acme/docs.',
    ]);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 7 }, state: 'not-updated' });
  });

  it('a PR GitHub does not find is shown as not found, with the 404 explained', async () => {
    const { logger, follower } = world();
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(logger.messages('warning')).toEqual([
      'Could not read documentation PR acme/docs#7: GitHub answered 404: the pull request was deleted, or the token cannot see acme/docs (a private repository needs docs-token with access to it).',
    ]);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 7 }, state: 'not-found' });
  });

  it('a read that fails otherwise is shown as not updated', async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(7).failures.read = new GitHubError('GitHub answered 502', 'http', 502);
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(logger.messages('warning')).toEqual(['Could not read documentation PR acme/docs#7: GitHub answered 502']);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 7 }, state: 'not-updated' });
  });

  it("only GitHub's own 404 answer counts as not found", async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(7).failures.read = Object.assign(new Error('socket said 404'), { status: 404 });
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(logger.messages('warning')).toEqual(['Could not read documentation PR acme/docs#7: socket said 404']);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 7 }, state: 'not-updated' });
  });

  it('a documentation PR in another repository without docs-token: one warning, and no client', async () => {
    const { connects, logger, follower } = world({ docsToken: '' });
    const following = follower(recordOf(7));
    await following.codePrClosed(false);
    expect(connects).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Documentation PR acme/docs#7 is in another repository than this workflow\'s (acme/widgets), which github-token cannot write: give docs-token a token with "Pull requests: write" on acme/docs (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.',
    ]);
  });

  it('an existing comment of its own is updated, not doubled', async () => {
    const { calls, repo, follower } = world();
    repo(DOCS)
      .pull(7)
      .comments.set(7, [{ id: 77, body: `${DOCS_PR_MARKER}\nold`, authorLogin: DOCS_LOGIN }]);
    await follower(recordOf(7)).codePrClosed(false);
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs close 7', 'acme/docs list 7', 'acme/docs update 77']);
    expect(repo(DOCS).comments.get(7)).toHaveLength(1);
    expect(backLinkIn(repo(DOCS).comments.get(7)![0]!.body, 7, DOCS)).toEqual({ codePr: { repository: WORKFLOW, number: 42 } });
  });
});

describe('the code PR reopened', () => {
  it('reopens the documentation PR this action closed', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened();
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs reopen 7', 'acme/docs list 7', 'acme/docs create 7']);
    expect(logger.messages('info')).toEqual(['Reopened documentation PR acme/docs#7 with its code PR.']);
    expect(following.outcome).toEqual({
      action: 'reopened',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'reopened' },
      acted: true,
    });
  });

  it('not one someone else closed', async () => {
    const { calls, logger, follower } = world();
    await follower(recordOf(7)).codePrReopened();
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 was not closed by this action: not reopened.']);
  });

  it('a dry run says what it would do', async () => {
    const { calls, logger, follower } = world({ dryRun: true });
    await follower(recordOf(7, { closedByAction: true })).codePrReopened();
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Dry run: would reopen documentation PR acme/docs#7; nothing was changed on GitHub.']);
  });

  it('one open already is only recorded as no longer closed by this action', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened();
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is open already.']);
    expect(following.outcome).toEqual({ action: 'none', record: recordOf(7), shown: { pull: { repository: DOCS, number: 7 }, state: 'linked' }, acted: true });
  });

  it('one merged meanwhile is left as it is', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened();
    expect(calls).toEqual(['acme/docs read 7']);
    expect(logger.messages('info')).toEqual(['Documentation PR acme/docs#7 is already merged: left as it is.']);
    expect(following.outcome.shown?.state).toBe('left-alone-merged');
  });

  it('a reopen that fails: not updated, and nothing claimed', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' }).failures.reopen = new GitHubError('forbidden', 'http', 403, 'Nope');
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened();
    expect(calls).toEqual(['acme/docs read 7', 'acme/docs reopen 7']);
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'Could not reopen documentation PR acme/docs#7: GitHub answered 403 (Nope): docs-token needs "Pull requests: write" on acme/docs.',
    ]);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7, { closedByAction: true }),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'not-updated' },
      acted: false,
    });
  });

  it('a reopened PR the job reports again stays reopened in the output', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' });
    const following = follower(recordOf(7, { closedByAction: true }));
    await following.codePrReopened();
    await following.jobReported(jobRun(link(7), { repository: DOCS, ref: 'docs/7' }));
    expect(following.outcome).toEqual({
      action: 'reopened',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'reopened' },
      acted: true,
    });
  });
});

describe('the documentation PR the job reports', () => {
  it('a new one is linked with a comment of its own', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(8);
    const following = follower(undefined);
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8']);
    expect(logger.messages('info')).toEqual(['Linked documentation PR acme/docs#8 to this pull request.']);
    expect(following.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'linked' },
      acted: true,
    });
  });

  it('the one recorded already is linked again, which is no new act', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(8);
    const following = follower(recordOf(8));
    await following.jobReported(jobRun(link(8)));
    expect(following.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'linked' },
      acted: false,
    });
  });

  it('a comment that fails: not linked, and not said to be', async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(8));
    await following.jobReported(jobRun(link(8)));
    expect(logger.messages('info')).toEqual([]);
    expect(logger.messages('warning')).toEqual(['Could not comment on documentation PR acme/docs#8: boom']);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'not-updated' },
      acted: false,
    });
  });

  it('a comment that fails stops the rest: the earlier PR is neither read nor closed', async () => {
    const { calls, repo, follower } = world();
    repo(DOCS).pull(7).pull(8).failures.create = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8']);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('open');
    expect(following.outcome.action).toBe('none');
  });

  it('a link that is not a pull request on this server is left alone', async () => {
    const { calls, logger, follower } = world();
    const following = follower(undefined);
    await following.jobReported(jobRun('https://example.com/acme/docs/pull/8'));
    expect(calls).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'The documentation PR link https://example.com/acme/docs/pull/8 is not a pull request on https://github.com: follow-code-pr leaves it alone.',
    ]);
    expect(following.outcome).toEqual({ action: 'none', record: undefined, shown: undefined, acted: false });
  });

  it('a PR outside the repository the job worked on is left alone', async () => {
    const { calls, logger, follower } = world();
    await follower(undefined).jobReported(jobRun(link(8), { repository: 'acme/other', ref: 'docs/8' }));
    expect(calls).toEqual([]);
    expect(logger.messages('warning')).toEqual([
      'The job reports documentation PR acme/docs#8, outside the repository it worked on (acme/other): follow-code-pr leaves it alone.',
    ]);
  });

  it('a job that names no repository or no branch: its PR cannot be checked, and is left alone', async () => {
    const first = world();
    await first.follower(undefined).jobReported(jobRun(link(8), { ref: 'docs/8' }));
    expect(first.calls).toEqual([]);
    expect(first.logger.messages('warning')).toEqual([
      "The job reports documentation PR acme/docs#8 but names no repository it worked on (source.repository): follow-code-pr cannot check that PR is the job's, and leaves it alone.",
    ]);
    const second = world();
    await second.follower(undefined).jobReported(jobRun(link(8), { repository: DOCS }));
    expect(second.calls).toEqual([]);
    expect(second.logger.messages('warning')).toEqual([
      "The job reports documentation PR acme/docs#8 but names no branch it worked on (source.ref): follow-code-pr cannot check that PR is the job's, and leaves it alone.",
    ]);
  });

  it('after such a warning nothing more is tried on the documentation side', async () => {
    const { calls, repo, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun('https://example.com/acme/docs/pull/8'));
    expect(await following.approval()).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('a dry run says what it would link', async () => {
    const { calls, logger, follower } = world({ dryRun: true });
    await follower(undefined).jobReported(jobRun(link(8)));
    expect(calls).toEqual([]);
    expect(logger.messages('info')).toEqual(['Dry run: would link documentation PR acme/docs#8; nothing was changed on GitHub.']);
  });

  it('a PR whose head is not the job’s branch is not linked, and the record stays as it was', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7).pull(8, { headRef: 'main' });
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8']);
    expect(logger.messages('warning')).toEqual([
      'Documentation PR acme/docs#8 is not the one the job reports: its head is "acme/docs:main", not the job\'s branch "acme/docs:docs/8". It is left as it is.',
    ]);
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'mismatch' },
      acted: false,
    });
  });

  it('a PR GitHub does not find is not recorded, nor counted as acted on; the earlier record stands', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(7);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'not-found' },
      // Nothing changed: a newer record another run wrote meanwhile is kept.
      acted: false,
    });
  });

  it('the recorded PR that cannot be read: the record stands as it was, not counted as acted on', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(7).failures.read = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(7), { repository: `${SERVER}/${DOCS}`, ref: 'docs/7' }));
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(7),
      shown: { pull: { repository: DOCS, number: 7 }, state: 'not-updated' },
      acted: false,
    });
  });

  it('a PR that cannot be read otherwise is recorded all the same, for a later run to check', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(7).pull(8).failures.read = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'not-updated' },
      acted: true,
    });
  });

  it('a failure to read the reviews (404) does not make a later PR count as not found', async () => {
    const { repo, follower } = world({ docsToken: '' });
    repo(WORKFLOW).pull(5, { headRepository: WORKFLOW }).failures.reviews = new GitHubError('not found', 'http', 404);
    const earlier = { ...recordOf(5), repository: WORKFLOW };
    const following = follower(earlier);
    expect(await following.approval()).toBeUndefined();
    await following.jobReported(jobRun(link(8)));
    expect(following.outcome).toEqual({
      action: 'none',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'not-updated' },
      acted: true,
    });
  });

  it('a failure to read the reviews does not stop the rest', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(8).failures.reviews = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(8));
    expect(await following.approval()).toBeUndefined();
    expect(logger.messages('warning')).toEqual(['Could not read the reviews of documentation PR acme/docs#8: boom']);
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs reviews 8', 'acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8']);
    expect(following.outcome.action).toBe('linked');
  });

  it('the reviews approving it: approved', async () => {
    const { repo, follower } = world();
    repo(DOCS).pull(8);
    expect(await follower(recordOf(8)).approval()).toEqual({ approved: true });
  });

  it('a different PR than the record’s closes the earlier one in its favour', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual([
      'acme/docs read 8',
      'acme/docs list 8',
      'acme/docs create 8',
      'acme/docs read 7',
      'acme/docs close 7',
      'acme/docs list 7',
      'acme/docs create 7',
    ]);
    expect(repo(DOCS).pulls.get(7)!.state).toBe('closed');
    expect(logger.messages('info')).toEqual([
      'Linked documentation PR acme/docs#8 to this pull request.',
      'Closed the earlier documentation PR acme/docs#7 in favour of acme/docs#8; its branch "docs/7" is kept.',
    ]);
    expect(following.outcome).toEqual({
      action: 'superseded',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'linked', superseded: 'acme/docs#7' },
      acted: true,
    });
  });

  it('only the back-link: the earlier one is never closed', async () => {
    const { calls, repo, follower } = world({ linkOnly: true });
    repo(DOCS).pull(7).pull(8);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8']);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 8 }, state: 'linked' });
  });

  it('an earlier one already closed is left as it is', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed' }).pull(8);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8', 'acme/docs read 7']);
    expect(logger.messages('info')).toContain('The earlier documentation PR acme/docs#7 is already closed: left as it is.');
    expect(following.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'linked' },
      acted: true,
    });
  });

  it('an earlier one already merged is left as it is', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { state: 'closed', merged: true }).pull(8);
    await follower(recordOf(7)).jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8', 'acme/docs read 7']);
    expect(logger.messages('info')).toContain('The earlier documentation PR acme/docs#7 is already merged: left as it is.');
  });

  it('an earlier one whose head is not the recorded branch is not closed', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(7, { headRepository: 'mallory/docs' }).pull(8);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8', 'acme/docs read 7']);
    expect(logger.messages('warning')).toEqual([
      'Documentation PR acme/docs#7 is not the one the pull-request comment records: its head is "mallory/docs:docs/7", not the job\'s branch "acme/docs:docs/7". It is left as it is.',
    ]);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 8 }, state: 'linked' });
  });

  it('an earlier one that cannot be closed is not superseded', async () => {
    const { repo, logger, follower } = world();
    repo(DOCS).pull(7).pull(8).failures.close = new GitHubError('boom', 'http', 500);
    const following = follower(recordOf(7));
    await following.jobReported(jobRun(link(8)));
    expect(logger.messages('warning')).toEqual(['Could not close documentation PR acme/docs#7: boom']);
    expect(following.outcome).toEqual({
      action: 'linked',
      record: recordOf(8),
      shown: { pull: { repository: DOCS, number: 8 }, state: 'linked' },
      acted: true,
    });
  });

  it('an earlier one in another repository is left as it is', async () => {
    const { calls, repo, logger, follower } = world();
    repo(DOCS).pull(8);
    repo('acme/old-docs').pull(7, { headRepository: 'acme/old-docs' });
    const following = follower({ ...recordOf(7), repository: 'acme/old-docs' });
    await following.jobReported(jobRun(link(8)));
    expect(calls).toEqual(['acme/docs read 8', 'acme/docs list 8', 'acme/docs create 8']);
    expect(logger.messages('warning')).toEqual([
      "The pull-request comment records documentation PR acme/old-docs#7, in another repository than the job's (acme/docs): it is left as it is.",
    ]);
    expect(following.outcome.shown).toEqual({ pull: { repository: DOCS, number: 8 }, state: 'linked' });
  });
});
