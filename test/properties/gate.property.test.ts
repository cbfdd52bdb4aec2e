/**
 * The documentation gate says only what the run checked, over generated histories of one code PR:
 * sequences of agent runs (a job that reports a link or none, on a branch or another, in written or
 * approved mode, with follow-code-pr or not, re-runs and waiver labels added and taken away), sync
 * runs on the documentation PRs' own events (reviews, closing, reopening, pushes, with payloads
 * that may be stale), and changes GitHub makes between them (reviews by writers, readers, triagers
 * and bots; documentation PRs closed, reopened, merged; labels), against a generated GitHub (which
 * documentation PRs exist, on which branch, from a fork or not).
 *
 * The promise, checked after every run against GitHub as it stood when the run wrote:
 * - every `success` a run writes is one it checked: the waiver label on the code PR; a job that
 *   changed nothing; or the documentation PR it names, found in the documentation repository, on
 *   the branch the job (or the record the job left) names, not a fork's, open or merged or closed
 *   by the action with its code PR, and for `approved` merged, or approved as GitHub counts
 *   approvals (writers only, never bots);
 * - every run leaves a status, or says in a warning (or, for sync, a notice or an info line) why
 *   it did not.
 *
 * fast-check's seed is fixed: a failure replays, and prints the shrunk history.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakePermission, FakePullState, FakeRepository, FakeReview, FakeStatus } from '../support/fake-github.js';
import { useFlows, type FlowResult, type Flows } from '../support/in-process.js';
import { recordIn } from '../support/records.js';
import { pullRequestEvent, pullRequestReviewEvent } from '../support/webhook-events.js';
import {
  addDocsRepository,
  addDocsWorkflowTokens,
  BRANCH,
  CODE,
  CODE_PR,
  CODE_TOKEN,
  codePullState,
  DOCS,
  DOCS_TOKEN,
  DOCS_WORKFLOW_TOKEN,
  HEAD,
  link,
} from '../support/two-repositories.js';

const OTHER_BRANCH = 'docs/other';
const WAIVE = 'no-docs';
/** The documentation PR numbers a history plays with: a job may report any of them, and GitHub may hold any. */
const NUMBERS = [5, 6, 7] as const;
type DocsNumber = (typeof NUMBERS)[number];

const RUNS = { numRuns: 30, seed: 20261127, endOnFailure: true };

/** A documentation PR as GitHub holds it at the start of a history; absent: GitHub answers 404. */
interface DocsPrSeed {
  readonly headRef: string;
  readonly fork: boolean;
  readonly state: 'open' | 'closed' | 'merged';
}

type Step =
  | {
      readonly kind: 'agent';
      readonly mode: 'written' | 'approved';
      readonly follow: boolean;
      /** What the job reports: a documentation PR's number, a link elsewhere, or none (`no-pr`). */
      readonly link: DocsNumber | 'elsewhere' | 'none';
      /** The branch the job names (`source.ref`), or none. */
      readonly ref: string | null;
      readonly action: 'opened' | 'synchronize' | 'labeled' | 'unlabeled';
    }
  | {
      readonly kind: 'sync';
      readonly mode: 'written' | 'approved';
      /** The documentation PR whose event it is: one the last agent run reported, most often (its events are what sync is for). */
      readonly number: DocsNumber | 'reported';
      /** The event, with what its payload says (maybe stale). */
      readonly event: 'review-approved' | 'review-dismissed' | 'closed' | 'reopened' | 'synchronize';
    }
  | { readonly kind: 'review'; readonly number: DocsNumber; readonly login: string; readonly state: FakeReview['state'] }
  | { readonly kind: 'state'; readonly number: DocsNumber; readonly to: 'open' | 'closed' | 'merged' }
  | { readonly kind: 'label'; readonly on: boolean };

/** Who reviews, with what GitHub lets them do in the documentation repository. */
const REVIEWERS: ReadonlyArray<readonly [string, FakePermission | undefined]> = [
  ['lead', 'write'],
  ['maintainer', 'maintain'],
  ['owner', 'admin'],
  ['reader', 'read'],
  ['triager', 'triage'],
  ['drive-by', undefined],
  ['helper[bot]', 'write'],
];

const seedArb: fc.Arbitrary<Partial<Record<DocsNumber, DocsPrSeed>>> = fc.record(
  Object.fromEntries(
    NUMBERS.map((number) => [
      number,
      fc.record({
        headRef: fc.constantFrom(BRANCH, BRANCH, BRANCH, BRANCH, OTHER_BRANCH),
        fork: fc.constantFrom(false, false, false, false, false, true),
        state: fc.constantFrom('open' as const, 'open' as const, 'open' as const, 'open' as const, 'open' as const, 'closed' as const, 'merged' as const),
      }),
    ]),
  ) as Record<DocsNumber, fc.Arbitrary<DocsPrSeed>>,
  // The first is always there (the job's usual report); the others may be missing (404).
  { requiredKeys: [5] },
);

const numberArb = fc.constantFrom(...NUMBERS);
const modeArb = fc.constantFrom('written' as const, 'approved' as const);
const agentArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constant('agent' as const),
  mode: modeArb,
  follow: fc.constantFrom(true, true, false),
  link: fc.constantFrom<DocsNumber | 'elsewhere' | 'none'>(5, 5, 5, 6, 7, 'elsewhere', 'none'),
  ref: fc.constantFrom<string | null>(BRANCH, BRANCH, BRANCH, BRANCH, OTHER_BRANCH, null),
  action: fc.constantFrom('opened' as const, 'opened' as const, 'synchronize' as const, 'labeled' as const, 'unlabeled' as const),
});
/** How a code PR's history usually starts: a job that opens documentation PR 5 on its branch, which the action follows. */
const firstArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('agent' as const),
      mode: modeArb,
      follow: fc.constant(true),
      link: fc.constant<DocsNumber>(5),
      ref: fc.constant(BRANCH),
      action: fc.constant('opened' as const),
    }),
  },
  { weight: 1, arbitrary: agentArb },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: agentArb },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      mode: modeArb,
      number: fc.constantFrom<DocsNumber | 'reported'>('reported', 'reported', 'reported', 5, 6, 7),
      event: fc.constantFrom('review-approved' as const, 'review-dismissed' as const, 'closed' as const, 'reopened' as const, 'synchronize' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      number: fc.constantFrom<DocsNumber>(5, 5, 6, 7),
      login: fc.constantFrom(...REVIEWERS.map(([login]) => login), 'lead', 'lead'),
      state: fc.constantFrom('APPROVED' as const, 'APPROVED' as const, 'CHANGES_REQUESTED' as const, 'DISMISSED' as const, 'COMMENTED' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('state' as const),
      number: numberArb,
      to: fc.constantFrom('open' as const, 'closed' as const, 'merged' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('label' as const), on: fc.boolean() }) },
);

let flows: Flows;
let github: FakeGitHub;
// Each history resets the flows itself (setUp).
useFlows({ github: true }, (started) => ({ flows, github } = started), { reset: false, checkGitHub: false });

/** The world of one history: GitHub as the test made it, and the code PR's labels. */
interface World {
  readonly docs: FakeRepository;
  readonly codePull: FakePullState;
  minute: number;
  /** The documentation PR the last agent run's job reported. */
  reported: DocsNumber | undefined;
}

function setUp(seeds: Partial<Record<DocsNumber, DocsPrSeed>>): World {
  flows.reset();
  // A history's jobs take only what its own runs queued (a waived run takes none).
  flows.sim.clearQueues();
  flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
  const docs = addDocsRepository(github);
  for (const [login, permission] of REVIEWERS) if (permission) docs.collaborators.set(login, permission);
  addDocsWorkflowTokens(github);
  const codePull = codePullState();
  github.pullStates.set(CODE_PR, codePull);
  for (const number of NUMBERS) {
    const seed = seeds[number];
    if (!seed) continue;
    docs.pulls.set(number, {
      title: 'Document retries',
      state: seed.state === 'merged' ? 'closed' : seed.state,
      merged: seed.state === 'merged',
      draft: false,
      headRef: seed.headRef,
      ...(seed.fork ? { headRepository: 'mallory/docs' } : {}),
      reviews: [],
    });
  }
  return { docs, codePull, minute: 0, reported: undefined };
}

/** Each reviewer's latest opinion, writers only, never a bot: GitHub's count where no review is required. */
function approvedAsGitHubCounts(docs: FakeRepository, pull: FakePullState): boolean {
  const latest = new Map<string, string>();
  for (const review of [...(pull.reviews ?? [])].sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt))) {
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED') latest.set(review.login, review.state);
    if (review.state === 'DISMISSED') latest.delete(review.login);
  }
  const writers = [...latest].filter(([login]) => !login.endsWith('[bot]') && ['write', 'maintain', 'admin'].includes(docs.collaborators.get(login) ?? ''));
  return writers.some(([, state]) => state === 'APPROVED') && !writers.some(([, state]) => state === 'CHANGES_REQUESTED');
}

/** The documentation PR a status links to, when it names one. */
function linkedNumber(status: FakeStatus): number | undefined {
  const match = new RegExp(`^https://github.com/${DOCS}/pull/(\\d+)$`).exec(status.target_url ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether a `success` written by a run is one it could have checked, against GitHub as it stood
 * right after the run (a run changes only what it closed, which `closedByAction` covers).
 * `branch`: the branch the documentation PR must be on (the job's, or the record's for sync).
 */
function checkedSuccess(
  world: World,
  status: FakeStatus,
  mode: 'written' | 'approved',
  branch: string | null | undefined,
  waived: boolean,
): string | undefined {
  const description = status.description ?? '';
  if (description.startsWith('Waived')) return waived ? undefined : 'waived without the label';
  if (description.startsWith('No documentation change needed')) return undefined;
  const number = linkedNumber(status);
  if (number === undefined) return `a success that names no documentation PR: ${description}`;
  const pull = world.docs.pulls.get(number);
  if (!pull) return `success for ${number}, which GitHub does not have`;
  if (pull.headRepository !== undefined) return `success for ${number}, a fork's pull request`;
  if (!branch || pull.headRef !== branch) return `success for ${number}, whose head ${pull.headRef} is not the branch ${String(branch)}`;
  if (pull.merged) return undefined;
  if (pull.state === 'closed') return description.includes('was closed with this pull request') ? undefined : `success for ${number}, closed: ${description}`;
  if (mode === 'written') return undefined;
  return pull.reviewDecision === 'APPROVED' || approvedAsGitHubCounts(world.docs, pull) ? undefined : `success for ${number} in approved mode, not approved`;
}

/** The documentation PR the code PR's record names now (for a sync run's branch). */
function recordedBranch(number: number): string | undefined {
  const comment = github.comments.filter((c) => c.issue_url?.endsWith(`/issues/${CODE_PR}`) && c.user.login === 'github-actions[bot]').at(-1);
  const record = comment && recordIn(comment.body, CODE_PR);
  return record?.docsPr?.number === number ? record.docsPr.headRef : undefined;
}

async function play(world: World, step: Step): Promise<string[]> {
  const problems: string[] = [];
  const { docs, codePull } = world;
  switch (step.kind) {
    case 'review': {
      const pull = docs.pulls.get(step.number);
      pull?.reviews?.push({ login: step.login, state: step.state, submittedAt: `2026-01-05T10:${String(world.minute++).padStart(2, '0')}:00Z` });
      return problems;
    }
    case 'state': {
      const pull = docs.pulls.get(step.number);
      if (pull && !pull.merged) {
        pull.state = step.to === 'merged' ? 'closed' : step.to;
        pull.merged = step.to === 'merged';
      }
      return problems;
    }
    case 'label':
      codePull.labels = step.on ? [WAIVE] : [];
      return problems;
    case 'agent': {
      const labels = step.action === 'unlabeled' ? [] : step.action === 'labeled' ? [WAIVE] : [...(codePull.labels ?? [])];
      codePull.labels = labels;
      const reported = step.link === 'none' ? undefined : step.link === 'elsewhere' ? link('victim/app', 1) : link(DOCS, step.link);
      if (typeof step.link === 'number') world.reported = step.link;
      // A waived run creates no job: it takes nothing from the simulator's queues.
      if (!labels.includes(WAIVE)) {
        if (reported) flows.sim.queuePrLinks(reported);
        flows.sim.queueJobScripts([
          { status: 'active', polls: 1, ref: step.ref },
          { status: 'completed', prLink: reported !== undefined },
        ]);
      }
      const from = github.statuses.length;
      const result = await flows.run(
        {
          'docs-status': step.mode,
          'pr-comment': 'true',
          'follow-code-pr': String(step.follow),
          'docs-token': DOCS_TOKEN,
          diff: 'false',
          prompt: 'Document the retries flag',
          timeout: '2m',
          'request-timeout': '5s',
        },
        {
          event: {
            name: 'pull_request',
            payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: step.action, labels, ...(step.action.endsWith('labeled') ? { label: WAIVE } : {}) }),
          },
          env: { GITHUB_RUN_ID: '4242' },
        },
      );
      return judge(
        world,
        result,
        github.statuses.slice(from),
        step.mode,
        (number) => (number === undefined ? undefined : step.ref),
        labels.includes(WAIVE),
        false,
      );
    }
    case 'sync': {
      const number = step.number === 'reported' ? (world.reported ?? 5) : step.number;
      const pull = docs.pulls.get(number);
      // GitHub sends events of the pull requests it has only.
      if (!pull) return problems;
      const event =
        step.event === 'review-approved' || step.event === 'review-dismissed'
          ? {
              name: 'pull_request_review',
              payload: pullRequestReviewEvent(number, {
                action: step.event === 'review-approved' ? ('submitted' as const) : ('dismissed' as const),
                state: step.event === 'review-approved' ? ('approved' as const) : ('dismissed' as const),
                repository: DOCS,
                headRef: pull.headRef,
              }),
            }
          : { name: 'pull_request', payload: pullRequestEvent(number, { action: step.event, merged: false, repository: DOCS, headRef: pull.headRef }) };
      const from = github.statuses.length;
      const branch = recordedBranch(number);
      const result = await flows.run(
        { command: 'sync', 'docs-status': step.mode, 'github-token': DOCS_WORKFLOW_TOKEN, 'code-token': CODE_TOKEN, 'request-timeout': '5s' },
        { event, env: { GITHUB_REPOSITORY: DOCS, GITHUB_RUN_ID: '777' } },
      );
      return judge(world, result, github.statuses.slice(from), step.mode, () => branch, (codePull.labels ?? []).includes(WAIVE), true);
    }
  }
}

/** The promise for one run: every success it wrote was checked; it wrote a status or said why not. */
function judge(
  world: World,
  result: FlowResult,
  written: readonly FakeStatus[],
  mode: 'written' | 'approved',
  branchOf: (number: number | undefined) => string | null | undefined,
  waived: boolean,
  sync: boolean,
): string[] {
  const problems: string[] = [];
  for (const status of written) {
    if (status.context !== 'documentation' || status.sha !== HEAD || status.repository !== CODE) problems.push(`a status elsewhere: ${JSON.stringify(status)}`);
    if (status.state !== 'success') continue;
    const problem = checkedSuccess(world, status, mode, branchOf(linkedNumber(status)), waived);
    if (problem) problems.push(problem);
  }
  const said = [
    ...result.log.messages('warning'),
    ...(sync ? [...result.log.messages('notice'), ...result.log.messages('info').filter((l) => l.includes('is at work'))] : []),
  ];
  if (written.length === 0 && said.length === 0) problems.push(`no status and nothing said (outcome ${result.outputs.outcome})`);
  if (result.outputs.outcome === 'error') problems.push(`the step stopped on an error: ${result.failures.join(' ')}`);
  return problems;
}

describe('the gate says only what the run checked, over generated histories of a code PR', () => {
  it('every success a run writes was checked against GitHub as it stood; every run leaves a status or says why not', async () => {
    const kinds = new Set<string>();
    const successes = { written: 0, checkedDocsPr: 0, bySync: 0, approved: 0 };
    await fc.assert(
      // A history starts as a code PR's does, with a run of the agent command.
      fc.asyncProperty(seedArb, firstArb, fc.array(stepArb, { minLength: 1, maxLength: 5 }), async (seeds, first, rest) => {
        const steps = [first, ...rest];
        const world = setUp(seeds);
        for (const [index, step] of steps.entries()) {
          const before = github.statuses.length;
          const problems = await play(world, step);
          expect(problems, `step ${index + 1} (${JSON.stringify(step)})`).toEqual([]);
          kinds.add(step.kind);
          for (const status of github.statuses.slice(before)) {
            if (status.state !== 'success') continue;
            successes.written += 1;
            if (linkedNumber(status) !== undefined) successes.checkedDocsPr += 1;
            if (step.kind === 'sync') successes.bySync += 1;
            if (status.description?.endsWith('is approved')) successes.approved += 1;
          }
        }
        expect(await github.takeViolations()).toEqual([]);
      }),
      RUNS,
    );
    // The histories reached what the promise is about: runs of both commands, and successes that name a documentation PR.
    expect([...kinds].sort()).toEqual(['agent', 'label', 'review', 'state', 'sync']);
    expect(successes.checkedDocsPr).toBeGreaterThan(0);
    expect(successes.bySync).toBeGreaterThan(0);
    expect(successes.approved).toBeGreaterThan(0);
  }, 60_000);
});
