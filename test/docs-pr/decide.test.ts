/**
 * The run's documentation PR, decided once (`docs-pr/decide.ts`), against pull requests held in
 * memory: every link and record the job or the code PR's comment may name, and every answer
 * GitHub may give. Each case checks the decision, its one warning (none for what it found or did
 * not need to read), and the requests it made: a refusal decided without GitHub makes none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentJob } from '../../src/api/schemas.js';
import { decideRecorded, decideReported, pullOf, type DecideContext, type NotTheDocsPr, type RunDocsPr, type UncheckedWhy } from '../../src/docs-pr/decide.js';
import { repositoryOfSource, sameRepository } from '../../src/docs-pr/target.js';
import { GitHubError, type GitHubApi, type PullRef, type PullRequestState, type RepoName } from '../../src/github/api.js';
import type { DocsPrRecord } from '../../src/memory/record.js';
import { CancelledError } from '../../src/runtime.js';
import { recordingLogger } from '../support/fake-time.js';
import { gitHubWith, pullState } from '../support/github-with.js';

const SERVER = 'https://github.com';
const WORKFLOW = 'acme/widgets';
const DOCS = 'acme/docs';
const CODE_BRANCH = 'feature/widgets';
const LEFT_AS_IT_IS = ': it is not taken as the documentation PR, and is left as it is.';

/** GitHub's pull requests in memory, by `owner/name` (case-insensitive, as GitHub's are) and number; every request recorded. */
class MemoryGitHub {
  readonly pulls = new Map<string, PullRequestState>();
  /** Each client asked for: `<token> <owner>/<name>`. */
  readonly connects: string[] = [];
  /** Each request: `<owner>/<name> read <n>`. */
  readonly requests: string[] = [];
  /** What reading a pull request fails with, if anything. */
  failure: Error | undefined;

  pull(repository: string, number: number, fields: Partial<PullRequestState> = {}): this {
    this.pulls.set(`${repository.toLowerCase()}#${number}`, pullState(repository, 2002, number, fields));
    return this;
  }

  held(repository: string, number: number): PullRequestState | undefined {
    return this.pulls.get(`${repository.toLowerCase()}#${number}`);
  }

  readonly connect = (token: string, repo: RepoName): Promise<GitHubApi> => {
    this.connects.push(`${token} ${repo.owner}/${repo.repo}`);
    const name = `${repo.owner}/${repo.repo}`;
    return Promise.resolve(
      gitHubWith('decision', {
        pullRequest: (number: number) => {
          this.requests.push(`${name} read ${number}`);
          if (this.failure) return Promise.reject(this.failure);
          const pull = this.held(name, number);
          return pull ? Promise.resolve(pull) : Promise.reject(new GitHubError('GitHub answered 404: Not Found.', 'http', 404, 'Not Found'));
        },
      }),
    );
  };
}

interface Options {
  docsToken?: string;
  githubToken?: string;
  /** No access: nothing in the run needs the documentation PR read. */
  noAccess?: boolean;
  codePr?: DecideContext['codePr'] | null;
}

type World = ReturnType<typeof world>;

function world(options: Options = {}) {
  const github = new MemoryGitHub();
  const logger = recordingLogger();
  const controller = new AbortController();
  const context: DecideContext = {
    serverUrl: SERVER,
    codePr: options.codePr === null ? undefined : (options.codePr ?? { repository: WORKFLOW, number: 42, headRef: CODE_BRANCH }),
    access: options.noAccess
      ? undefined
      : {
          docsToken: options.docsToken ?? 'docs-token',
          githubToken: options.githubToken ?? 'github-token',
          workflowRepository: WORKFLOW,
          connect: github.connect,
        },
    logger,
    signal: controller.signal,
  };
  return { github, logger, context, controller };
}

const link = (number: number, repository = DOCS) => `${SERVER}/${repository}/pull/${number}`;

/** A job as the API reports it: its documentation PR link and what it worked on. */
function jobOf(prLink: string | null | undefined, source: AgentJob['source']): AgentJob {
  return { id: 'job_1', status: 'completed', prLink, source };
}

/** What the job worked on, as the vendor documents it: the repository's URL and the branch. */
const JOB_SOURCE = { repository: `${SERVER}/${DOCS}`, ref: 'docs/8' };

function recordOf(number: number, fields: Partial<DocsPrRecord> = {}): DocsPrRecord {
  return { repository: DOCS, number, headRef: `docs/${number}`, closedByAction: false, ...fields };
}

/** A refusal as the decision answers it: why, the pull request it names, and its one warning. */
const refusal = (why: NotTheDocsPr, pull: PullRef | undefined, said: string): RunDocsPr => ({ kind: 'refused', why, pull, message: `${said}${LEFT_AS_IT_IS}` });

/** Documentation PR `number` of DOCS (on `docs/<number>`) left unchecked, and why, as the decision answers it. */
const unchecked = (number: number, message: string, why: UncheckedWhy): RunDocsPr => ({
  kind: 'unchecked',
  pull: { repository: DOCS, number },
  headRef: `docs/${number}`,
  message,
  why,
});

/** The decision is that refusal, and its warning the one the run logs. */
function expectRefused({ logger }: Pick<World, 'logger'>, decision: RunDocsPr, why: NotTheDocsPr, pull: PullRef | undefined, said: string): void {
  expect(decision).toEqual(refusal(why, pull, said));
  expect(logger.messages('warning')).toEqual([`${said}${LEFT_AS_IT_IS}`]);
}

/** That refusal, decided without GitHub: its warning the only line, no client asked for, no request. */
function expectRefusedUnread(world: Pick<World, 'github' | 'logger'>, decision: RunDocsPr, why: NotTheDocsPr, pull: PullRef | undefined, said: string): void {
  expectRefused(world, decision, why, pull, said);
  expect(world.logger.lines).toHaveLength(1);
  expect(world.github.connects).toEqual([]);
  expect(world.github.requests).toEqual([]);
}

describe('decideReported: the link the job reported', () => {
  it('no job, or no link: none, with no request and no warning', async () => {
    for (const job of [undefined, jobOf(undefined, JOB_SOURCE), jobOf(null, JOB_SOURCE), jobOf('', JOB_SOURCE), jobOf(undefined, undefined)]) {
      const { github, logger, context } = world();
      expect(await decideReported(job, context)).toEqual({ kind: 'none' });
      expect(github.connects).toEqual([]);
      expect(github.requests).toEqual([]);
      expect(logger.lines).toEqual([]);
    }
  });

  it('a link that is no pull request on this GitHub: refused, naming no pull request, without a request', async () => {
    for (const [prLink, shown] of [
      ['https://example.com/acme/docs/pull/8', 'https://example.com/acme/docs/pull/8'],
      ['https://github.com/acme/docs/issues/8', 'https://github.com/acme/docs/issues/8'],
      ['not a link\n::error::x', 'not a link ::error::x'],
    ] as const) {
      const { github, logger, context } = world();
      const decision = await decideReported(jobOf(prLink, JOB_SOURCE), context);
      const said = `The documentation PR link ${shown} is not a pull request on https://github.com`;
      expectRefusedUnread({ github, logger }, decision, 'not-a-pull-request', undefined, said);
    }
  });

  // What the job leaves out, where, the refusal, and the sources that leave it out.
  it.each([
    [
      'repository',
      'source.repository',
      'no-repository',
      [undefined, null, {}, { ref: 'docs/8' }, { repository: '', ref: 'docs/8' }, { repository: 'not a repository', ref: 'docs/8' }],
    ],
    ['branch', 'source.ref', 'no-branch', [{ repository: DOCS }, { repository: DOCS, ref: null }, { repository: DOCS, ref: '' }]],
  ] as const)('a job that names no %s it worked on: refused, without a request', async (what, field, why, sources) => {
    for (const source of sources) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8);
      const decision = await decideReported(jobOf(link(8), source), context);
      const said = `The job reports acme/docs#8 but names no ${what} it worked on (${field}), so nothing shows it is the job's`;
      expectRefusedUnread({ github, logger }, decision, why, { repository: DOCS, number: 8 }, said);
    }
  });

  it('a pull request outside the repository the job worked on: refused, without a request', async () => {
    const { github, logger, context } = world();
    github.pull(DOCS, 8);
    const decision = await decideReported(jobOf(link(8), { repository: 'https://github.com/acme/other', ref: 'docs/8' }), context);
    const said = 'The job reports acme/docs#8, outside the repository it worked on (acme/other)';
    expectRefusedUnread({ github, logger }, decision, 'another-repository', { repository: DOCS, number: 8 }, said);
  });

  it('the repository as the vendor or a person may write it, in any case: the same repository', async () => {
    for (const repository of ['https://github.com/acme/docs', 'https://github.com/ACME/Docs.git', 'acme/docs', 'Acme/Docs', 'acme/docs.git']) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8);
      const decision = await decideReported(jobOf(link(8), { repository, ref: 'docs/8' }), context);
      expect(decision.kind).toBe('found');
      expect(logger.lines).toEqual([]);
    }
  });

  it('the code PR itself, its repository in any case: refused, without a request', async () => {
    for (const repository of [WORKFLOW, 'ACME/Widgets']) {
      const { github, logger, context } = world();
      github.pull(WORKFLOW, 42, { headRef: CODE_BRANCH });
      const decision = await decideReported(jobOf(link(42, repository), { repository: WORKFLOW, ref: 'docs/8' }), context);
      const said = `The job reports ${repository}#42, which is this pull request itself`;
      expectRefusedUnread({ github, logger }, decision, 'code-pr-itself', { repository, number: 42 }, said);
    }
  });

  it('the code PR itself even when the job names no branch', async () => {
    const { github, logger, context } = world();
    const decision = await decideReported(jobOf(link(42, WORKFLOW), { repository: WORKFLOW }), context);
    expect(decision).toEqual(expect.objectContaining({ kind: 'refused', why: 'code-pr-itself' }));
    expect(logger.lines).toHaveLength(1);
    expect(github.requests).toEqual([]);
  });

  it('a pull request on the code PR’s own branch: refused, without a request', async () => {
    const { github, logger, context } = world();
    github.pull(WORKFLOW, 43, { headRef: CODE_BRANCH });
    const decision = await decideReported(jobOf(link(43, WORKFLOW), { repository: WORKFLOW, ref: CODE_BRANCH }), context);
    const said = `The job reports acme/widgets#43, on this pull request's own branch "${CODE_BRANCH}"`;
    expectRefusedUnread({ github, logger }, decision, 'code-pr-itself', { repository: WORKFLOW, number: 43 }, said);
  });

  it('a branch of the same name in another repository is not the code PR’s', async () => {
    const { github, logger, context } = world();
    github.pull(DOCS, 8, { headRef: CODE_BRANCH });
    const decision = await decideReported(jobOf(link(8), { repository: DOCS, ref: CODE_BRANCH }), context);
    expect(decision).toEqual({ kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: CODE_BRANCH, state: github.held(DOCS, 8) });
    expect(logger.lines).toEqual([]);
  });

  it('without a code PR (none in this run), nothing is refused as it', async () => {
    const { github, logger, context } = world({ codePr: null });
    github.pull(WORKFLOW, 42, { headRef: CODE_BRANCH });
    const decision = await decideReported(jobOf(link(42, WORKFLOW), { repository: WORKFLOW, ref: CODE_BRANCH }), context);
    expect(decision.kind).toBe('found');
    expect(logger.lines).toEqual([]);
  });

  it('a branch longer than 255 characters, counted in code points: refused, without a request', async () => {
    for (const ref of ['b'.repeat(256), '𝔡'.repeat(256), `${'é'.repeat(255)}x`]) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8, { headRef: ref });
      const decision = await decideReported(jobOf(link(8), { repository: DOCS, ref }), context);
      const said = 'The job reports acme/docs#8 on a branch name longer than 255 characters, which the action does not record';
      expectRefusedUnread({ github, logger }, decision, 'branch-too-long', { repository: DOCS, number: 8 }, said);
    }
  });

  it('a branch of exactly 255 code points passes, whatever its UTF-16 length', async () => {
    for (const ref of ['b'.repeat(255), '𝔡'.repeat(255)]) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8, { headRef: ref });
      const decision = await decideReported(jobOf(link(8), { repository: DOCS, ref }), context);
      expect(decision).toEqual({ kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: ref, state: github.held(DOCS, 8) });
      expect(logger.lines).toEqual([]);
      expect(github.requests).toEqual(['acme/docs read 8']);
    }
  });

  it('no access (nothing in this run needs it read): unchecked, with no request and no warning', async () => {
    const { github, logger, context } = world({ noAccess: true });
    github.pull(DOCS, 8);
    expect(await decideReported(jobOf(link(8), JOB_SOURCE), context)).toEqual(
      unchecked(8, 'acme/docs#8 was not read: nothing in this run needed it', 'not-needed'),
    );
    expect(logger.lines).toEqual([]);
    expect(github.connects).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('no access still refuses what needs no reading, with its warning', async () => {
    const { github, logger, context } = world({ noAccess: true });
    const decision = await decideReported(jobOf(link(43, WORKFLOW), { repository: WORKFLOW, ref: CODE_BRANCH }), context);
    expect(decision).toEqual(expect.objectContaining({ kind: 'refused', why: 'code-pr-itself' }));
    expect(logger.messages('warning')).toHaveLength(1);
    expect(github.requests).toEqual([]);
  });

  it('no token for another repository than the workflow’s: unchecked, one warning saying what to give, no client', async () => {
    const { github, logger, context } = world({ docsToken: '' });
    github.pull(DOCS, 8);
    const message =
      'Documentation PR acme/docs#8 is in another repository than this workflow\'s (acme/widgets), which github-token cannot reach: give docs-token a token with "Pull requests: write" on acme/docs (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.';
    expect(await decideReported(jobOf(link(8), JOB_SOURCE), context)).toEqual(unchecked(8, message, 'no-token'));
    expect(logger.messages('warning')).toEqual([message]);
    expect(logger.lines).toHaveLength(1);
    expect(github.connects).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('in the workflow’s own repository without docs-token, github-token reads it', async () => {
    const { github, logger, context } = world({ docsToken: '' });
    github.pull(WORKFLOW, 8, { headRef: 'docs/8' });
    const decision = await decideReported(jobOf(link(8, WORKFLOW), { repository: WORKFLOW, ref: 'docs/8' }), context);
    expect(decision.kind).toBe('found');
    expect(github.connects).toEqual(['github-token acme/widgets']);
    expect(github.requests).toEqual(['acme/widgets read 8']);
    expect(logger.lines).toEqual([]);
  });

  it('GitHub does not find it (404): refused as not found, after one request', async () => {
    const { github, logger, context } = world();
    const decision = await decideReported(jobOf(link(8), JOB_SOURCE), context);
    const said = 'The job reports acme/docs#8, which GitHub does not find: deleted, or the token cannot see acme/docs';
    expectRefused({ logger }, decision, 'not-found', { repository: DOCS, number: 8 }, said);
    expect(logger.lines).toHaveLength(1);
    expect(github.connects).toEqual(['docs-token acme/docs']);
    expect(github.requests).toEqual(['acme/docs read 8']);
  });

  it('any other failure: unchecked, one warning naming it', async () => {
    for (const [failure, said] of [
      [new GitHubError('GitHub answered 502 (Bad Gateway) for pulls.get.', 'http', 502), 'GitHub answered 502 (Bad Gateway) for pulls.get.'],
      [
        new GitHubError('GitHub answered 403 (Resource not accessible by integration).', 'http', 403),
        'GitHub answered 403 (Resource not accessible by integration).',
      ],
      [new GitHubError('No answer within 30s.', 'timeout'), 'No answer within 30s.'],
      [new GitHubError('The connection was reset.', 'network'), 'The connection was reset.'],
      // Only GitHub's own 404 answer counts as not found.
      [Object.assign(new Error('socket said 404.'), { status: 404 }), 'socket said 404.'],
    ] as const) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8).failure = failure;
      const message = `Could not read documentation PR acme/docs#8: ${said} It is not taken as the documentation PR in this run.`;
      expect(await decideReported(jobOf(link(8), JOB_SOURCE), context)).toEqual(unchecked(8, message, 'unanswered'));
      expect(logger.messages('warning')).toEqual([message]);
      expect(logger.lines).toHaveLength(1);
      expect(github.requests).toEqual(['acme/docs read 8']);
    }
  });

  it('cancellation and the step’s deadline end the decision: rethrown, with no warning', async () => {
    for (const failure of [new CancelledError(), new GitHubError('cancelled', 'cancelled'), new GitHubError('The step’s timeout ran out.', 'deadline')]) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8).failure = failure;
      await expect(decideReported(jobOf(link(8), JOB_SOURCE), context)).rejects.toBe(failure);
      expect(logger.lines).toEqual([]);
      expect(github.requests).toEqual(['acme/docs read 8']);
    }
  });

  it('whatever the read failed with once the run is cancelled: rethrown, with no warning', async () => {
    const { github, logger, context, controller } = world();
    const failure = new GitHubError('GitHub answered 502.', 'http', 502);
    github.pull(DOCS, 8).failure = failure;
    controller.abort();
    await expect(decideReported(jobOf(link(8), JOB_SOURCE), context)).rejects.toBe(failure);
    expect(logger.lines).toEqual([]);
  });

  it('a head branch that is not the job’s: refused, after one request', async () => {
    const { github, logger, context } = world();
    github.pull(DOCS, 8, { headRef: 'main' });
    const decision = await decideReported(jobOf(link(8), JOB_SOURCE), context);
    const said = 'The job reports acme/docs#8, whose head is "acme/docs:main", not the job\'s branch "acme/docs:docs/8"';
    expectRefused({ logger }, decision, 'not-the-jobs-branch', { repository: DOCS, number: 8 }, said);
    expect(logger.lines).toHaveLength(1);
    expect(github.requests).toEqual(['acme/docs read 8']);
  });

  // The head repository GitHub gives (a fork's, none for a deleted fork), and how the warning names it.
  it.each([
    ['a fork’s branch of the same name is not the job’s', 'mallory/docs', 'mallory/docs'],
    ['a deleted fork’s branch is not the job’s either', undefined, 'a deleted fork'],
  ] as const)('%s', async (_name, headRepository, shown) => {
    const { github, logger, context } = world();
    github.pull(DOCS, 8, { headRepository });
    const decision = await decideReported(jobOf(link(8), JOB_SOURCE), context);
    const said = `The job reports acme/docs#8, whose head is "${shown}:docs/8", not the job's branch "acme/docs:docs/8"`;
    expectRefused({ logger }, decision, 'not-the-jobs-branch', { repository: DOCS, number: 8 }, said);
    expect(github.requests).toEqual(['acme/docs read 8']);
  });

  it('a head branch that only differs in case, or holds white space, is not the job’s; quoted so its ends show', async () => {
    const { github, logger, context } = world();
    github.pull(DOCS, 8, { headRef: 'Docs/8' });
    const decision = await decideReported(jobOf(link(8), { repository: DOCS, ref: 'docs/8\n' }), context);
    expect(decision).toEqual(expect.objectContaining({ kind: 'refused', why: 'not-the-jobs-branch' }));
    expect(logger.messages('warning')).toEqual([
      `The job reports acme/docs#8, whose head is "acme/docs:Docs/8", not the job's branch "acme/docs:docs/8\\n"${LEFT_AS_IT_IS}`,
    ]);
  });

  it('found: open, merged or closed, as GitHub answered, after one request and with no warning', async () => {
    for (const fields of [{}, { draft: true }, { state: 'closed', merged: true }, { state: 'closed' }] as const) {
      const { github, logger, context } = world();
      github.pull(DOCS, 8, fields);
      const decision = await decideReported(jobOf(link(8), JOB_SOURCE), context);
      expect(decision).toEqual({ kind: 'found', pull: { repository: DOCS, number: 8 }, headRef: 'docs/8', state: github.held(DOCS, 8) });
      expect(logger.lines).toEqual([]);
      expect(github.connects).toEqual(['docs-token acme/docs']);
      expect(github.requests).toEqual(['acme/docs read 8']);
    }
  });

  it('found in a repository whose name GitHub spells in another case', async () => {
    const { github, logger, context } = world();
    github.pull(DOCS, 8, { headRepository: 'Acme/Docs' });
    const decision = await decideReported(jobOf(link(8, 'ACME/docs'), { repository: DOCS, ref: 'docs/8' }), context);
    expect(decision).toEqual({ kind: 'found', pull: { repository: 'ACME/docs', number: 8 }, headRef: 'docs/8', state: github.held(DOCS, 8) });
    expect(github.connects).toEqual(['docs-token ACME/docs']);
    expect(logger.lines).toEqual([]);
  });
});

describe('decideRecorded: the documentation PR the code PR’s record names', () => {
  it('found on GitHub, in the recorded repository, on the recorded branch', async () => {
    for (const fields of [{}, { state: 'closed', merged: true }, { state: 'closed' }] as const) {
      const { github, logger, context } = world();
      github.pull(DOCS, 7, fields);
      expect(await decideRecorded(recordOf(7), context)).toEqual({
        kind: 'found',
        pull: { repository: DOCS, number: 7 },
        headRef: 'docs/7',
        state: github.held(DOCS, 7),
      });
      expect(logger.lines).toEqual([]);
      expect(github.connects).toEqual(['docs-token acme/docs']);
      expect(github.requests).toEqual(['acme/docs read 7']);
    }
  });

  it('the code PR itself, by number or by its branch: refused, without a request', async () => {
    const cases: Array<[DocsPrRecord, string]> = [
      [recordOf(42, { repository: WORKFLOW }), 'The pull-request comment records acme/widgets#42, which is this pull request itself'],
      [
        recordOf(43, { repository: WORKFLOW, headRef: CODE_BRANCH }),
        `The pull-request comment records acme/widgets#43, on this pull request's own branch "${CODE_BRANCH}"`,
      ],
    ];
    for (const [record, said] of cases) {
      const { github, logger, context } = world();
      github.pull(WORKFLOW, record.number, { headRef: record.headRef });
      expectRefusedUnread({ github, logger }, await decideRecorded(record, context), 'code-pr-itself', { repository: WORKFLOW, number: record.number }, said);
    }
  });

  it('GitHub does not find it: refused as not found', async () => {
    const { github, logger, context } = world();
    const said = 'The pull-request comment records acme/docs#7, which GitHub does not find: deleted, or the token cannot see acme/docs';
    expectRefused({ logger }, await decideRecorded(recordOf(7), context), 'not-found', { repository: DOCS, number: 7 }, said);
    expect(github.requests).toEqual(['acme/docs read 7']);
  });

  it('its head is not the recorded branch (another branch, a fork’s, a deleted fork’s): refused', async () => {
    for (const [fields, head] of [
      [{ headRef: 'other' }, 'acme/docs:other'],
      [{ headRepository: 'mallory/docs' }, 'mallory/docs:docs/7'],
      [{ headRepository: undefined }, 'a deleted fork:docs/7'],
    ] as const) {
      const { github, logger, context } = world();
      github.pull(DOCS, 7, fields);
      const said = `The pull-request comment records acme/docs#7, whose head is "${head}", not the job's branch "acme/docs:docs/7"`;
      expectRefused({ logger }, await decideRecorded(recordOf(7), context), 'not-the-jobs-branch', { repository: DOCS, number: 7 }, said);
      expect(github.requests).toEqual(['acme/docs read 7']);
    }
  });

  it('no access: unchecked, with no request and no warning', async () => {
    const { github, logger, context } = world({ noAccess: true });
    github.pull(DOCS, 7);
    expect(await decideRecorded(recordOf(7), context)).toEqual(unchecked(7, 'acme/docs#7 was not read: nothing in this run needed it', 'not-needed'));
    expect(logger.lines).toEqual([]);
    expect(github.connects).toEqual([]);
  });

  it('no token: unchecked, the one warning saying what to give', async () => {
    const { github, logger, context } = world({ docsToken: '' });
    github.pull(DOCS, 7);
    const decision = await decideRecorded(recordOf(7), context);
    expect(decision).toEqual(expect.objectContaining({ kind: 'unchecked', pull: { repository: DOCS, number: 7 }, headRef: 'docs/7' }));
    expect(logger.messages('warning')).toEqual([
      'Documentation PR acme/docs#7 is in another repository than this workflow\'s (acme/widgets), which github-token cannot reach: give docs-token a token with "Pull requests: write" on acme/docs (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.',
    ]);
    expect(github.connects).toEqual([]);
  });

  it('another failure: unchecked, one warning; cancellation and the deadline rethrown', async () => {
    const failing = world();
    failing.github.pull(DOCS, 7).failure = new GitHubError('GitHub answered 500.', 'http', 500);
    expect(await decideRecorded(recordOf(7), failing.context)).toEqual(
      unchecked(7, 'Could not read documentation PR acme/docs#7: GitHub answered 500. It is not taken as the documentation PR in this run.', 'unanswered'),
    );
    expect(failing.logger.lines).toHaveLength(1);
    for (const failure of [new CancelledError(), new GitHubError('The step’s timeout ran out.', 'deadline')]) {
      const { github, logger, context } = world();
      github.pull(DOCS, 7).failure = failure;
      await expect(decideRecorded(recordOf(7), context)).rejects.toBe(failure);
      expect(logger.lines).toEqual([]);
    }
  });
});

describe('pullOf: what the record may keep', () => {
  it('the pull request of a found or unchecked decision; nothing of none or a refusal', () => {
    const pull = { repository: DOCS, number: 8 };
    expect(pullOf(undefined)).toBeUndefined();
    expect(pullOf({ kind: 'none' })).toBeUndefined();
    expect(pullOf({ kind: 'refused', why: 'not-found', pull, message: '' })).toBeUndefined();
    expect(pullOf({ kind: 'unchecked', pull, headRef: 'docs/8', message: '', why: 'unanswered' })).toEqual(pull);
  });
});

describe('property: a found documentation PR is always the job’s', () => {
  const REPOSITORIES = ['acme/docs', 'ACME/Docs', 'acme/widgets', 'Acme/Widgets', 'mallory/docs', 'acme/other'];
  const NUMBERS = [7, 8, 42, 43];
  const BRANCHES = ['docs/7', 'docs/8', CODE_BRANCH, 'main', 'Docs/8', ''];

  const repository = fc.constantFrom(...REPOSITORIES);
  const branch = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BRANCHES) }, { weight: 1, arbitrary: fc.string() });
  /** The pull request the job's link names: often one the scenario plants on GitHub, so that some decisions find it. */
  const target = fc.record({ repository, number: fc.constantFrom(...NUMBERS) });
  const prLink = fc.oneof(
    { weight: 10, arbitrary: fc.constant('target' as const) },
    { weight: 1, arbitrary: fc.tuple(repository, fc.constantFrom(...NUMBERS)).map(([repo, number]) => link(number, repo)) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, '', 'https://example.com/acme/docs/pull/8', `${SERVER}/acme/docs/pull/8/files`) },
    { weight: 1, arbitrary: fc.string() },
  );
  const sourceRepository = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom('target', 'target-url', 'target-git') },
    { weight: 2, arbitrary: repository },
    { weight: 1, arbitrary: repository.map((repo) => `${SERVER}/${repo}`) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, '', 'not a repository') },
    { weight: 1, arbitrary: fc.string() },
  );
  const sourceRef = fc.oneof({ weight: 6, arbitrary: branch }, { weight: 1, arbitrary: fc.constantFrom(undefined, null, 'b'.repeat(256)) });
  const headRepository = fc.oneof(
    { weight: 4, arbitrary: fc.constant('same' as const) },
    { weight: 1, arbitrary: repository },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  type PullFields = { headRef: string; headRepository: string | undefined; state: 'open' | 'closed'; merged: boolean };
  /** A pull request's fields; its head branch `source` is the job's, its head repository `same` its own. */
  const pullFields: fc.Arbitrary<PullFields> = fc.record({
    headRef: fc.oneof({ weight: 3, arbitrary: fc.constant('source' as const) }, { weight: 2, arbitrary: branch }),
    headRepository,
    state: fc.constantFrom('open' as const, 'closed' as const),
    merged: fc.boolean(),
  });
  /** Whatever else GitHub holds. */
  const heldPull = fc.record({ repository, number: fc.constantFrom(...NUMBERS), fields: pullFields });
  const answer = fc.oneof({ weight: 8, arbitrary: fc.constant('held') }, { weight: 1, arbitrary: fc.constantFrom('failure 500', 'failure 404') });
  const docsToken = fc.oneof({ weight: 3, arbitrary: fc.constant('docs-token') }, { weight: 1, arbitrary: fc.constant('') });

  it('in source.repository, its head branch there source.ref, never the code PR nor on its branch', async () => {
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        target,
        prLink,
        sourceRepository,
        sourceRef,
        fc.option(pullFields, { nil: undefined, freq: 8 }),
        fc.array(heldPull, { maxLength: 6 }),
        answer,
        docsToken,
        fc.constantFrom(CODE_BRANCH, 'docs/8', 'main'),
        async (target, linkChoice, sourceChoice, ref, planted, held, answer, docsToken, codeBranch) => {
          const codePr = { repository: WORKFLOW, number: 42, headRef: codeBranch };
          const { github, logger, context } = world({ docsToken, codePr });
          const reportedLink = linkChoice === 'target' ? link(target.number, target.repository) : linkChoice;
          const source =
            sourceChoice === 'target'
              ? target.repository
              : sourceChoice === 'target-url'
                ? `${SERVER}/${target.repository}`
                : sourceChoice === 'target-git'
                  ? `${target.repository}.git`
                  : sourceChoice;
          const hold = (repo: string, number: number, fields: PullFields): void => {
            github.pull(repo, number, {
              headRef: fields.headRef === 'source' ? (ref ?? '') : fields.headRef,
              headRepository: fields.headRepository === 'same' ? repo : fields.headRepository,
              state: fields.state,
              merged: fields.state === 'closed' && fields.merged,
            });
          };
          for (const pull of held) hold(pull.repository, pull.number, pull.fields);
          if (planted) hold(target.repository, target.number, planted);
          if (answer !== 'held') github.failure = new GitHubError(answer, 'http', answer === 'failure 404' ? 404 : 500);

          const decision = await decideReported(jobOf(reportedLink, { repository: source, ref }), context);
          const kind = decision.kind === 'refused' ? decision.why : decision.kind;
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);

          // At most one request; one warning for anything but found or none.
          expect(github.requests.length).toBeLessThanOrEqual(1);
          expect(logger.messages('warning')).toHaveLength(decision.kind === 'found' || decision.kind === 'none' ? 0 : 1);
          if (decision.kind !== 'found') return;
          const sourceName = repositoryOfSource(source);
          expect(sourceName).toBeDefined();
          expect(sameRepository(decision.pull.repository, sourceName!)).toBe(true);
          expect(decision.state).toBe(github.held(decision.pull.repository, decision.pull.number));
          expect(decision.headRef).toBe(ref);
          expect(decision.state.headRef).toBe(ref);
          expect(decision.state.headRepository).toBeDefined();
          expect(sameRepository(decision.state.headRepository!, sourceName!)).toBe(true);
          const inCodeRepository = sameRepository(decision.pull.repository, codePr.repository);
          expect(inCodeRepository && decision.pull.number === codePr.number).toBe(false);
          expect(inCodeRepository && decision.state.headRef === codePr.headRef).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
    // The property held for found decisions, not only for the others.
    expect(kinds.get('found') ?? 0).toBeGreaterThan(50);
    // And every other kind of decision came up too.
    expect([...kinds.keys()].sort()).toEqual([
      'another-repository',
      'branch-too-long',
      'code-pr-itself',
      'found',
      'no-branch',
      'no-repository',
      'none',
      'not-a-pull-request',
      'not-found',
      'not-the-jobs-branch',
      'unchecked',
    ]);
  });
});
