/**
 * A code PR and its documentation through generated sequences of runs (property): starts and
 * pushes (`wait: false`, with or without reuse-job), sweeps (two at once too), reviews of the
 * documentation PR (the review loop, detached), syncs of the documentation PR, cancellations at a
 * random request, failing answers of GitHub and of the API at random points, time passing, and
 * copies of the action's comments posted by someone else — in process, against the fake GitHub and
 * the API simulator, on fake time. Once every job has ended and a sweep has run, whatever happened:
 *
 * - no record older than one it replaced: the work each write of the code PR's record names was
 *   accepted no earlier than the work the write before it named (a sweep never finishes old work
 *   over a push's new work, a run never writes back what another moved on from);
 * - the code PR's head carries a `documentation` status that is not `pending`, and the record says
 *   no job is at work;
 * - no review was sent twice, none past `review-loop-max`, and none counted that never reached the
 *   API;
 * - nothing was written to a comment the action did not write (the copies are as they were posted).
 *
 * Seeded: a failure prints the seed and the shrunk sequence to replay.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER, DOCS_PR_MARKER, type CommentRecord } from '../../src/memory/record.js';
import { REVISION_MARKER } from '../../src/memory/reply.js';
import type { JobScript } from '../simulator/index.js';
import type { FakeComment, FakeGitHub, FakeRepository, FakeReview } from '../support/fake-github.js';
import { startFlows, type FlowResult, type Flows } from '../support/in-process.js';
import { backLinkIn, recordIn } from '../support/records.js';
import { pullRequestEvent, pullRequestReviewEvent, scheduleEvent } from '../support/webhook-events.js';

const RUNS = 20;
const CODE = 'acme/widgets';
const DOCS = 'acme-sim/docs';
const CODE_PR = 12;
const BRANCH = 'docs/retries';
const DOCS_TOKEN = 'ghs_docsInstallationToken77';
const DOCS_WORKFLOW_TOKEN = 'ghs_docsWorkflowToken55';
const CODE_TOKEN = 'ghs_codeAppInstallation99';
const MINUTE = 60_000;
const REVIEW_LOOP_MAX = 2;
const docsPrLink = (number: number): string => `https://github.com/${DOCS}/pull/${number}`;
const headOf = (n: number): string => (0xabc000 + n).toString(16).padStart(40, '0');

type Fault =
  | {
      readonly on: 'github';
      readonly call: 'create-comment' | 'update-comment' | 'get-comment' | 'set-status' | 'list-comments' | 'pull-request';
      readonly status: 403 | 404;
    }
  | { readonly on: 'api'; readonly target: 'get' | 'message' | 'create'; readonly status: 500 | 429 };

type Step =
  | { readonly kind: 'push'; readonly minutes: number; readonly outcome: 'pr' | 'no-pr' | 'failed'; readonly cancelAt?: number }
  | { readonly kind: 'sweep'; readonly cancelAt?: number }
  | { readonly kind: 'two-sweeps' }
  /** A push's run, or a review's, lands while a sweep is under way: started at the sweep's `at`-th GitHub request. */
  | { readonly kind: 'during-sweep'; readonly other: 'push' | 'review'; readonly at: number; readonly minutes: number }
  | { readonly kind: 'review'; readonly minutes: number }
  /** The last review's event again: a re-run of its workflow. */
  | { readonly kind: 'rerun-review' }
  | { readonly kind: 'sync' }
  | { readonly kind: 'advance'; readonly minutes: number }
  | { readonly kind: 'fault'; readonly fault: Fault }
  | { readonly kind: 'copy'; readonly what: 'comment' | 'back-link' | 'reply' };

const minutes = fc.integer({ min: 1, max: 45 });
const cancelAt = fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      minutes,
      outcome: fc.constantFrom('pr' as const, 'pr' as const, 'no-pr' as const, 'failed' as const),
      cancelAt,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sweep' as const), cancelAt }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'two-sweeps' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('during-sweep' as const),
      other: fc.constantFrom('push' as const, 'review' as const),
      at: fc.integer({ min: 1, max: 10 }),
      minutes,
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('review' as const), minutes }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'rerun-review' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sync' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 90 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      fault: fc.oneof(
        fc.record({
          on: fc.constant('github' as const),
          call: fc.constantFrom(
            'create-comment' as const,
            'update-comment' as const,
            'get-comment' as const,
            'set-status' as const,
            'list-comments' as const,
            'pull-request' as const,
          ),
          status: fc.constantFrom(403 as const, 404 as const),
        }),
        fc.record({
          on: fc.constant('api' as const),
          target: fc.constantFrom('get' as const, 'message' as const, 'create' as const),
          status: fc.constantFrom(500 as const, 429 as const),
        }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('copy' as const), what: fc.constantFrom('comment' as const, 'back-link' as const, 'reply' as const) }),
  },
);

let flows: Flows;
let github: FakeGitHub;
let docs: FakeRepository;
beforeAll(async () => {
  flows = await startFlows({ github: true });
  github = flows.github!;
});
afterAll(async () => {
  await flows.close();
});

/** The state of one sequence: the heads pushed, the reviews submitted, the copies posted. */
interface Sequence {
  head: number;
  reviews: number;
  /** The last review's documentation PR and ID, for a re-run of its event. */
  lastReview: { readonly number: number; readonly id: number } | undefined;
  readonly copies: Array<{ readonly id: number; readonly body: string; readonly on: 'code' | 'docs' }>;
  readonly reuseJob: boolean;
  readonly sameDocsPr: boolean;
  docsPrs: number;
}

function setUp(reuseJob: boolean, sameDocsPr: boolean): Sequence {
  flows.reset();
  flows.sim.setSourceRepository(`https://github.com/${DOCS}`);
  docs = github.addRepository(DOCS);
  github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
  github.tokens.set(DOCS_WORKFLOW_TOKEN, {
    login: 'github-actions[bot]',
    repositories: { [DOCS]: { pullRequests: 'write', contents: 'write', statuses: 'write' } },
  });
  github.tokens.set(CODE_TOKEN, { login: 'docs-gate[bot]', repositories: { [CODE]: { pullRequests: 'write', contents: 'read', statuses: 'write' } } });
  docs.collaborators.set('lead', 'write');
  github.pullStates.set(CODE_PR, {
    title: 'Add a retries flag',
    state: 'open',
    draft: false,
    merged: false,
    headRef: 'feature',
    headSha: headOf(0),
    labels: [],
  });
  return { head: 0, reviews: 0, lastReview: undefined, copies: [], reuseJob, sameDocsPr, docsPrs: 0 };
}

/** The next job's (or message's) life: active `minutes`, then its end; a documentation PR it reports is opened on the job's branch. */
function queueJob(sequence: Sequence, minutes: number, outcome: 'pr' | 'no-pr' | 'failed'): void {
  const script: JobScript = [
    { status: 'active', forMs: minutes * MINUTE, ref: BRANCH },
    outcome === 'failed' ? { status: 'failed' } : { status: 'completed', prLink: outcome === 'pr' },
  ];
  flows.sim.queueJobScripts(script);
  if (outcome !== 'pr') return;
  const number = 100 + (sequence.sameDocsPr ? 1 : ++sequence.docsPrs);
  flows.sim.queuePrLinks(docsPrLink(number));
  if (!docs.pulls.has(number)) docs.pulls.set(number, { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH });
}

const DETACHED = { 'docs-status': 'written', 'follow-code-pr': 'true', 'docs-token': DOCS_TOKEN, timeout: '30m', 'pr-comment': 'true' };

function codeComments(): FakeComment[] {
  return github.comments.filter((comment) => comment.issue_url?.endsWith(`/issues/${CODE_PR}`));
}
function actionComment(): FakeComment | undefined {
  return codeComments()
    .filter((comment) => comment.body.startsWith(COMMENT_MARKER) && comment.user.login === 'github-actions[bot]')
    .at(-1);
}
/** The documentation PR the code PR's record names, if any. */
function recordedDocsPr(): number | undefined {
  const comment = actionComment();
  return comment && recordIn(comment.body, CODE_PR)?.docsPr?.number;
}
function sweep(cancelAt?: number): Promise<FlowResult> {
  return flows.run(
    { ...DETACHED, command: 'sweep' },
    { event: scheduleEvent(), ...(cancelAt ? { onApiRequest: (flow) => flow.count === cancelAt && flow.cancel() } : {}) },
  );
}

async function play(sequence: Sequence, each: Step): Promise<void> {
  switch (each.kind) {
    case 'push': {
      sequence.head += 1;
      github.pullStates.get(CODE_PR)!.headSha = headOf(sequence.head);
      queueJob(sequence, each.minutes, each.outcome);
      await flows.run(
        { ...DETACHED, wait: 'false', diff: 'false', prompt: `Document change ${sequence.head}`, 'reuse-job': String(sequence.reuseJob) },
        {
          event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: headOf(sequence.head), action: 'synchronize' }) },
          ...(each.cancelAt ? { onApiRequest: (flow) => flow.count === each.cancelAt && flow.cancel() } : {}),
        },
      );
      return;
    }
    case 'sweep':
      await sweep(each.cancelAt);
      return;
    case 'two-sweeps':
      await Promise.all([sweep(), sweep()]);
      return;
    case 'during-sweep': {
      let requests = 0;
      let other: Promise<void> | undefined;
      github.onRequest = () => {
        if (++requests !== each.at || other) return;
        other =
          each.other === 'push'
            ? play(sequence, { kind: 'push', minutes: each.minutes, outcome: 'pr' })
            : play(sequence, { kind: 'review', minutes: each.minutes });
      };
      await sweep();
      github.onRequest = undefined;
      await other;
      return;
    }
    case 'review': {
      const number = recordedDocsPr();
      if (number === undefined) return;
      const pull = docs.pulls.get(number);
      if (!pull) return;
      sequence.reviews += 1;
      const id = sequence.reviews;
      const review: FakeReview = {
        id,
        login: 'lead',
        state: 'CHANGES_REQUESTED',
        submittedAt: '2026-11-22T10:00:00Z',
        body: `Review ${sequence.reviews}: shorten the intro.`,
        comments: [],
      };
      pull.reviews = [...(pull.reviews ?? []), review];
      queueJob(sequence, each.minutes, 'pr');
      sequence.lastReview = { number, id };
      await reviewRun(number, id);
      return;
    }
    case 'rerun-review':
      if (sequence.lastReview) await reviewRun(sequence.lastReview.number, sequence.lastReview.id);
      return;
    case 'sync': {
      const number = recordedDocsPr();
      if (number === undefined) return;
      await flows.run(
        { command: 'sync', 'docs-status': 'written', 'github-token': DOCS_WORKFLOW_TOKEN, 'code-token': CODE_TOKEN },
        {
          event: { name: 'pull_request', payload: pullRequestEvent(number, { action: 'synchronize', repository: DOCS, headRef: BRANCH }) },
          env: { GITHUB_REPOSITORY: DOCS },
        },
      );
      return;
    }
    case 'advance':
      flows.time.advance(each.minutes * MINUTE);
      return;
    case 'fault':
      if (each.fault.on === 'github') github.injectFault({ call: each.fault.call, kind: 'status', status: each.fault.status });
      // A 429 is retried within the step; past the retries it is the run's answer.
      else flows.sim.injectFault({ target: each.fault.target, kind: 'status', status: each.fault.status, times: each.fault.status === 429 ? 6 : 5 });
      return;
    case 'copy': {
      // Someone posts a copy of the action's comment, word for word, before it in the list: the adversarial place.
      const source =
        each.what === 'comment'
          ? actionComment()
          : docs.comments.find((comment) => comment.body.startsWith(each.what === 'back-link' ? DOCS_PR_MARKER : REVISION_MARKER));
      if (!source) return;
      const copy: FakeComment = { ...source, id: 10 + sequence.copies.length, user: { login: 'mallory', type: 'User' }, author_association: 'NONE' };
      if (each.what === 'comment') github.comments.unshift(copy);
      else docs.comments.unshift(copy);
      sequence.copies.push({ id: copy.id, body: copy.body, on: each.what === 'comment' ? 'code' : 'docs' });
      return;
    }
  }
}

/** `command: sync` with the review loop, detached, on a review's event in the documentation repository's workflow. */
function reviewRun(number: number, reviewId: number): Promise<FlowResult> {
  return flows.run(
    {
      command: 'sync',
      'review-loop': 'true',
      'review-loop-max': String(REVIEW_LOOP_MAX),
      wait: 'false',
      'docs-status': 'written',
      'github-token': DOCS_WORKFLOW_TOKEN,
      'code-token': CODE_TOKEN,
    },
    {
      event: {
        name: 'pull_request_review',
        payload: pullRequestReviewEvent(number, {
          action: 'submitted',
          state: 'changes_requested',
          repository: DOCS,
          headRef: BRANCH,
          reviewId,
          reviewer: 'lead',
        }),
      },
      env: { GITHUB_REPOSITORY: DOCS },
    },
  );
}

/** Every record the action wrote on the code PR's comment, in order (creations and edits). */
function recordsWritten(): CommentRecord[] {
  return github.commentBodiesSent(CODE_PR).flatMap((body) => {
    const record = recordIn(body, CODE_PR);
    return record ? [record] : [];
  });
}

describe('a code PR and its documentation through generated sequences of runs (property)', () => {
  it('records never go back, no pending outlives its job, no review is sent twice or past the limit, and no one else’s comment is written', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.boolean(), fc.array(step, { minLength: 2, maxLength: 9 }), async (reuseJob, sameDocsPr, steps) => {
        // A code PR whose job opened its documentation PR, linked by a sweep: where reviews and syncs have something to act on.
        const sequence = setUp(reuseJob, sameDocsPr);
        await play(sequence, { kind: 'push', minutes: 10, outcome: 'pr' });
        flows.time.advance(11 * MINUTE);
        await sweep();
        for (const each of steps) await play(sequence, each);
        // Every job ends, and a sweep runs (its answers no longer faulted).
        github.clearFaults();
        flows.sim.clearFaults();
        flows.time.advance(6 * 60 * MINUTE);
        await sweep();
        await sweep();

        // No record older than one it replaced: the work each write names was accepted no earlier than the one before.
        const accepted = new Map<string, string>();
        const workOf = (record: CommentRecord): string => `${record.jobId} ${record.headSha}`;
        let latest = '';
        for (const record of recordsWritten()) {
          if (record.working && record.acceptedAt) accepted.set(workOf(record), record.acceptedAt);
          const at = accepted.get(workOf(record)) ?? '';
          expect(at >= latest, `a write named work accepted at ${at || 'an unknown time'} after work accepted at ${latest}`).toBe(true);
          latest = at > latest ? at : latest;
        }

        // No pending outlives its job: the head's status, and the record's at-work flag.
        const head = headOf(sequence.head);
        const statuses = github.statuses.filter((status) => status.sha === head && status.context === 'documentation');
        expect(statuses.at(-1)?.state, `the head ${head} is left pending`).not.toBe('pending');
        const final = actionComment() && recordIn(actionComment()!.body, CODE_PR);
        expect(final?.working).toBeUndefined();

        // No review sent twice, none past the limit, none counted that never reached the API.
        const reviewMessages = flows.sim.requests
          .filter((request) => request.endpoint === 'message' && request.status !== undefined && request.status < 300)
          .map((request) => /Review (\d+): /.exec((request.body as { prompt: string }).prompt)?.[1])
          .filter((id): id is string => id !== undefined);
        const everSent = new Set(
          flows.sim.requests
            .filter((request) => request.endpoint === 'message')
            .map((request) => /Review (\d+): /.exec((request.body as { prompt: string }).prompt)?.[1])
            .filter((id): id is string => id !== undefined),
        );
        expect(new Set(reviewMessages).size).toBe(reviewMessages.length);
        for (const [number] of docs.pulls) {
          const link = docs.comments.find(
            (comment) =>
              comment.issue_url?.endsWith(`/issues/${number}`) && comment.body.startsWith(DOCS_PR_MARKER) && comment.user.login === 'docs-writer[bot]',
          );
          const counted = link ? (backLinkIn(link.body, number, DOCS)?.reviewsSent ?? []) : [];
          expect(counted.length).toBeLessThanOrEqual(REVIEW_LOOP_MAX);
          for (const id of counted) expect(everSent.has(String(id)), `review ${id} counted, never sent`).toBe(true);
        }
        expect(reviewMessages.length).toBeLessThanOrEqual(REVIEW_LOOP_MAX * Math.max(1, docs.pulls.size));

        // Nothing written to a comment the action did not write.
        for (const copy of sequence.copies) {
          const comments = copy.on === 'code' ? github.comments : docs.comments;
          expect(comments.find((comment) => comment.id === copy.id)?.body).toBe(copy.body);
          expect(github.requests.some((request) => request.method === 'PATCH' && request.path.endsWith(`/issues/comments/${copy.id}`))).toBe(false);
        }
        expect(await github.takeViolations()).toEqual([]);
      }),
      { numRuns: RUNS, seed: 20261204 },
    );
  }, 120_000);
});
