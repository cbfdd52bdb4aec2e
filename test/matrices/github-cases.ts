/**
 * The case table of the GitHub fault suite (github-faults.test.ts): every GitHub call the
 * action makes, what the contract says it is worth to the step, the event and inputs that make
 * the action call it, and the faults tried on each. docs/reliability.md can state its size.
 */
import type { GitHubCallName } from '../../src/github/calls.js';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { sealedRecord } from '../support/records.js';
import { fileDiff, type FakeGitHub, type GitHubCall, type GitHubMisbehaviour } from '../support/fake-github.js';
import { pullRequestEvent, pushEvent } from '../support/webhook-events.js';

/** What a call is worth to the step, by the contract. */
export type Role = 'context' | 'diff' | 'comment-write' | 'comment-reread';

export interface GitHubScenario {
  /** A call the agent step makes (the fake knows more: those of the documentation gate). */
  readonly call: GitHubCall & GitHubCallName;
  readonly role: Role;
  readonly event: { name: string; payload: unknown };
  readonly inputs: Record<string, string>;
  /** Fills the fake GitHub so that the call is made. */
  readonly setup: (github: FakeGitHub) => void;
}

const PR = 7;
const BEFORE = '1'.repeat(40);
const AFTER = '2'.repeat(40);
const SRC = fileDiff('src/cli.ts', ['export const retries = 4;']);
export const prEvent = { name: 'pull_request', payload: pullRequestEvent(PR) };
export const pull = (github: FakeGitHub, more: Partial<Parameters<FakeGitHub['pulls']['set']>[1]> = {}): void => {
  github.pulls.set(PR, { diff: SRC, files: [], commits: ['Add --retries'], ...more });
};
const listedFile = (i: number) => ({ filename: `src/file-${i}.ts`, status: 'modified', patch: `@@ -1 +1 @@\n-a\n+b${i}` });
/**
 * The job the earlier comment on this fake GitHub records: each case's own (by the fake's port),
 * since the cases share the API simulator and a case that follows its comment must not be
 * mistaken for one that should not.
 */
export const earlierJobOf = (github: FakeGitHub): string => `job_earlier_${new URL(github.url).port}`;
const ownComment = (github: FakeGitHub): void => {
  github.comments.push({
    id: 77,
    body: `${COMMENT_MARKER}\n${sealedRecord({ jobId: earlierJobOf(github), headSha: 'c0'.repeat(20) }, PR)}`,
    user: { login: 'github-actions[bot]', type: 'Bot' },
    author_association: 'NONE',
  });
};

export const GITHUB_SCENARIOS: readonly GitHubScenario[] = [
  { call: 'pull-diff', role: 'diff', event: prEvent, inputs: { diff: 'true' }, setup: (github) => pull(github) },
  {
    call: 'pull-files',
    role: 'diff',
    event: prEvent,
    inputs: { diff: 'true' },
    setup: (github) => pull(github, { tooLarge: true, files: [listedFile(1)] }),
  },
  { call: 'pull-commits', role: 'context', event: prEvent, inputs: { diff: 'true' }, setup: (github) => pull(github) },
  {
    call: 'compare',
    role: 'diff',
    event: pushEvent(BEFORE, AFTER),
    inputs: { diff: 'true' },
    setup: (github) => {
      github.compares.set(`${BEFORE}...${AFTER}`, { files: [listedFile(1)], commits: ['Change'] });
      github.commits.set(AFTER, { files: [listedFile(2)], message: 'Head' });
    },
  },
  {
    call: 'compare-diff',
    role: 'context',
    event: pushEvent(BEFORE, AFTER),
    inputs: { diff: 'true', 'diff-max-chars': '1000000' },
    setup: (github) => github.compares.set(`${BEFORE}...${AFTER}`, { files: Array.from({ length: 320 }, (_, i) => listedFile(i)), commits: ['Big change'] }),
  },
  {
    call: 'commit',
    role: 'diff',
    event: pushEvent('0'.repeat(40), AFTER, 'refs/heads/main'),
    inputs: { diff: 'true' },
    setup: (github) => github.commits.set(AFTER, { files: [listedFile(1)], message: 'Initial commit' }),
  },
  {
    call: 'repository',
    role: 'context',
    event: pushEvent('0'.repeat(40), AFTER, 'refs/heads/feature'),
    inputs: { diff: 'true' },
    setup: (github) => {
      github.compares.set(`main...${AFTER}`, { files: [listedFile(1)], commits: ['Start'] });
      github.commits.set(AFTER, { files: [listedFile(2)], message: 'Head' });
    },
  },
  { call: 'list-comments', role: 'context', event: prEvent, inputs: { 'pr-comment': 'true' }, setup: (github) => pull(github) },
  {
    call: 'identity',
    role: 'context',
    event: prEvent,
    inputs: { 'pr-comment': 'true', 'reuse-job': 'true' },
    setup: (github) => {
      pull(github);
      ownComment(github);
    },
  },
  {
    // The comment read again before each write (working, then the outcome): what it cannot read, the write does not wait for.
    call: 'get-comment',
    role: 'comment-reread',
    event: prEvent,
    inputs: { 'pr-comment': 'true' },
    setup: (github) => {
      pull(github);
      ownComment(github);
    },
  },
  { call: 'create-comment', role: 'comment-write', event: prEvent, inputs: { 'pr-comment': 'true' }, setup: (github) => pull(github) },
  {
    call: 'update-comment',
    role: 'comment-write',
    event: prEvent,
    inputs: { 'pr-comment': 'true' },
    setup: (github) => {
      pull(github);
      ownComment(github);
    },
  },
];

export const GITHUB_FAULTS: ReadonlyArray<{ name: string; fault: GitHubMisbehaviour; says: RegExp }> = [
  { name: 'a hang', fault: { kind: 'hang' }, says: /timed out: no complete answer within request-timeout \(300ms\)/ },
  { name: 'a reset', fault: { kind: 'reset' }, says: /the connection failed/ },
  { name: '403', fault: { kind: 'status', status: 403 }, says: /answered 403: Resource not accessible by integration/ },
  { name: '404', fault: { kind: 'status', status: 404 }, says: /answered 404: Not Found/ },
  { name: '500', fault: { kind: 'status', status: 500 }, says: /answered 500: Server Error/ },
];

/**
 * Does the call get over one such fault by sending the request again (contract, Reliability)?
 * A 5xx or a broken connection is transient: a read, an edit or a GraphQL query is sent again,
 * and the run goes on as if nothing had happened. A comment is never created twice: after a
 * 5xx or a reset GitHub may have created it. A hang is not retried (a silence, not an error),
 * nor a 403 or a 404.
 */
export function retriedAway(call: GitHubCall, fault: GitHubMisbehaviour): boolean {
  const transient = fault.kind === 'reset' || (fault.kind === 'status' && fault.status >= 500);
  return transient && call !== 'create-comment';
}

/** Each call under each fault. */
export const GITHUB_FAULT_MATRIX = GITHUB_SCENARIOS.flatMap((scenario) =>
  GITHUB_FAULTS.map((fault) => ({ ...scenario, ...fault, label: `${scenario.call}: ${fault.name}`, retried: retriedAway(scenario.call, fault.fault) })),
);

/** Calls that hang while `timeout` is far shorter than `request-timeout`: the deadline ends them. */
export const HANG_UNDER_TIMEOUT_CALLS = ['list-comments', 'pull-commits', 'pull-diff', 'identity'] as const;

/** The reads during which a SIGINT must end the step within 2 s (a comparison's diff is never reached first). */
/** The reads before anything is sent (the comment's reading again comes after the send, with the comment's writes). */
export const SIGINT_READS = GITHUB_SCENARIOS.filter(
  (candidate) => candidate.role !== 'comment-write' && candidate.role !== 'comment-reread' && candidate.call !== 'compare-diff',
);

/** The comment writes a SIGINT can catch in flight: the working comment, and the closing one. */
export const SIGINT_COMMENT_WRITES = 2;

/**
 * The other cases of the GitHub suite: a diff that cannot be read under diff: auto (with and
 * without a prompt), GitHub unreachable, and the closing comment of a timed-out wait.
 */
export const GITHUB_POLICY_CASES = 4;

/**
 * The retry cases of the GitHub suite: a 5xx then success on a diff read, a secondary rate limit
 * waited out, a 5xx on a comment that GitHub created all the same (no second comment), and a
 * rate limit that asks for longer than the step's timeout leaves (the step gives up at once).
 */
export const GITHUB_RETRY_CASES = 4;
