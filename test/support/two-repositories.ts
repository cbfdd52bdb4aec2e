/**
 * The code repository and the documentation repository, as the tests of the documentation side
 * set them up: the code PR (number, head), the branch its job works on and so the documentation
 * PR's head, the three tokens of the two workflows, and the documentation repository added to a
 * fake GitHub with the tokens that reach it. Where documentation and code share a repository, a
 * test uses CODE for both.
 */
import { COMMENT_MARKER, type DocsPrRecord } from '../../src/memory/record.js';
import { beforeEach } from 'vitest';
import type { JobScript } from '../simulator/index.js';
import type { FakeComment, FakeGitHub, FakePullState, FakeRepository } from './fake-github.js';
import { useFlows, type Flows } from './in-process.js';
import { repositoryIdentity, sealedRecord, WORKFLOW_REPOSITORY } from './records.js';

/** The code repository: the workflow's repository of the fake GitHub and of the runs. */
export const CODE = WORKFLOW_REPOSITORY;
/** The documentation repository, where the jobs work (the simulator's `source.repository`). */
export const DOCS = 'acme-sim/docs';
/** The code PR, and its head when its job ran. */
export const CODE_PR = 12;
export const HEAD = 'e'.repeat(40);
/** The branch the jobs work on (`source.ref`), and so the documentation PR's head branch. */
export const BRANCH = 'docs/retries';
/** A job that works on `branch` and reports a documentation PR at its first poll. */
export const jobOnBranch = (branch: string): JobScript => [
  { status: 'active', polls: 1, ref: branch },
  { status: 'completed', prLink: true },
];
export const JOB_ON_BRANCH = jobOnBranch(BRANCH);

/** The docs token of the code repository's workflow (follow-code-pr, the back-link): it writes in DOCS. */
export const DOCS_TOKEN = 'ghs_docsInstallationToken77';
/** The documentation repository's own workflow token: it may write there, and nowhere else. */
export const DOCS_WORKFLOW_TOKEN = 'ghs_docsWorkflowToken55';
/** code-token: a GitHub App's installation token on the code repository, of its own identity. */
export const CODE_TOKEN = 'ghs_codeAppInstallation99';
export const CODE_LOGIN = 'docs-gate[bot]';

/** The inputs of a code PR's run that follows its documentation PR: the docs token, the comment, no diff, a prompt of its own. */
export const FOLLOWING: Readonly<Record<string, string>> = {
  'docs-token': DOCS_TOKEN,
  'pr-comment': 'true',
  'follow-code-pr': 'true',
  diff: 'false',
  prompt: 'Document the retries flag',
};

/** A pull request's page on GitHub. */
export const link = (repository: string, number: number): string => `https://github.com/${repository}/pull/${number}`;

/**
 * Adds the documentation repository to the fake GitHub, and DOCS_TOKEN that reaches it: a writer
 * (`docs-writer[bot]`) by default; with `read`, a reader (`docs-reader[bot]`) of a private one.
 */
export function addDocsRepository(github: FakeGitHub, access: 'write' | 'read' = 'write'): FakeRepository {
  if (access === 'read') {
    const docs = github.addRepository(DOCS, { private: true });
    github.tokens.set(DOCS_TOKEN, { login: 'docs-reader[bot]', repositories: { [DOCS]: { pullRequests: 'read', contents: 'read' } } });
    return docs;
  }
  const docs = github.addRepository(DOCS);
  github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
  return docs;
}

/** The documentation repository's workflow's tokens: its own (DOCS_WORKFLOW_TOKEN) and code-token (CODE_TOKEN, as CODE_LOGIN). */
export function addDocsWorkflowTokens(github: FakeGitHub): void {
  github.tokens.set(DOCS_WORKFLOW_TOKEN, {
    login: 'github-actions[bot]',
    repositories: { [DOCS]: { pullRequests: 'write', contents: 'write', statuses: 'write' } },
  });
  github.tokens.set(CODE_TOKEN, { login: CODE_LOGIN, repositories: { [CODE]: { pullRequests: 'write', contents: 'read', statuses: 'write' } } });
}

/** The code PR as GitHub has it: open, ready, its head HEAD unless the test says otherwise. */
export const codePullState = (state: Partial<FakePullState> = {}): FakePullState => ({
  title: 'Add a retries flag',
  state: 'open',
  draft: false,
  merged: false,
  headRef: 'feature',
  headSha: HEAD,
  labels: [],
  ...state,
});

/** A documentation PR as the job opens it: a draft on BRANCH unless the test says otherwise. */
export const docsPullState = (state: Partial<FakePullState> = {}): FakePullState => ({
  title: 'Document retries',
  state: 'open',
  draft: true,
  merged: false,
  headRef: BRANCH,
  ...state,
});

/** A documentation PR as the job opens it, set in `docs` as `number`. */
export function docsPull(docs: Pick<FakeRepository, 'pulls'>, number: number, state: Partial<FakePullState> = {}): FakePullState {
  const pull = docsPullState(state);
  docs.pulls.set(number, pull);
  return pull;
}

/** The documentation PR as the code PR's record keeps it once DOCS_TOKEN's writer linked it (on BRANCH, not closed by the action) unless `more` says otherwise. */
export const linkedDocsPr = (number: number, more: Partial<DocsPrRecord> = {}): DocsPrRecord => ({
  repository: DOCS,
  repositoryId: repositoryIdentity(DOCS).id,
  number,
  headRef: BRANCH,
  closedByAction: false,
  linkAuthor: 'docs-writer[bot]',
  ...more,
});

/** A comment on the code PR (or on pull request `number` of CODE): the action's (`github-actions[bot]`) unless `author` says whose. */
export function codePrComment(github: FakeGitHub, id: number, body: string, on: { readonly number?: number; readonly author?: string } = {}): FakeComment {
  const { number = CODE_PR, author = 'github-actions[bot]' } = on;
  const comment: FakeComment = {
    id,
    issue_url: `${github.url}/repos/${CODE}/issues/${number}`,
    body,
    user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' },
    author_association: 'MEMBER',
  };
  github.comments.push(comment);
  return comment;
}

/** The code PR's comment as an earlier run left it: its job (`job_earlier`, on an older head) recorded `docsPr`. */
export function recordedDocsPr(github: FakeGitHub, docsPr: DocsPrRecord, author?: string): FakeComment {
  const body = `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId: 'job_earlier', headSha: 'a'.repeat(40), docsPr }, CODE_PR)}`;
  return codePrComment(github, 700 + github.comments.length, body, author === undefined ? {} : { author });
}

/** What `useTwoRepositories` gives each test. */
export interface TwoRepositories {
  readonly flows: Flows;
  readonly github: FakeGitHub;
  /** The documentation repository, added afresh with DOCS_TOKEN. */
  readonly docs: FakeRepository;
  /** The code PR as GitHub has it now: open at HEAD until the test moves it. */
  readonly codePull: FakePullState;
}

/**
 * The flows of a file of the documentation side (useFlows: the fake GitHub, the jobs on BRANCH),
 * and before each test the documentation repository with DOCS_TOKEN and the code PR open at HEAD;
 * `keep` is given them each time, for the file's own variables.
 */
export function useTwoRepositories(keep: (world: TwoRepositories) => void): void {
  let started: { flows: Flows; github: FakeGitHub } | undefined;
  useFlows({ github: true, simulator: { defaultJobScript: JOB_ON_BRANCH } }, (running) => (started = running));
  beforeEach(() => {
    const { flows, github } = started!;
    const docs = addDocsRepository(github);
    const codePull = codePullState();
    github.pullStates.set(CODE_PR, codePull);
    keep({ flows, github, docs, codePull });
  });
}
