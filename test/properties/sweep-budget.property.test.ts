/**
 * A sweep's cost is bounded whatever the repository holds (property): `command: sweep`, in process
 * with fake time, over a generated repository — up to 300 comments on 60 pull requests, written
 * over the last 30 hours by the action's identity or by anyone, marked as the action's or not,
 * with records that verify or are forged, copied to another pull request, or sealed for a job at
 * work, finished, or unknown to the API. Whatever it holds:
 *
 * - finding the working records costs at most ⌈comments updated in the sweep's lookback ÷ 100⌉ + 1
 *   GitHub reads (the pages, and the token's identity), never a read per pull request;
 * - the API gets one `GET` per job the sweep may finish — a verified record of a job at work, by
 *   the action's identity, on its own pull request — at most 50, oldest accepted first, and
 *   nothing else;
 * - a pull request it finishes costs three reads of its comments (finding the comment again, just
 *   before the last writes, and before the comment's own write) besides what a waiting run spends;
 * - nothing is written to a pull request whose job is still within `timeout`, nor to one whose
 *   record is not the action's.
 *
 * Seeded: a failure prints the seed and the shrunk case to replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, type CommentRecord } from '../../src/memory/record.js';
import { SWEEP_LOOKBACK_MS } from '../../src/sweep/find.js';
import { SWEEP_MAX_JOBS } from '../../src/steps/sweep.js';
import type { FakeGitHub } from '../support/fake-github.js';
import { createdJob, useFlows, type Flows } from '../support/in-process.js';
import { sealedRecord } from '../support/records.js';
import { scheduleEvent } from '../support/webhook-events.js';
import { CODE } from '../support/two-repositories.js';

const RUNS = 8;
const HOUR = 3_600_000;
const TIMEOUT_MS = 30 * 60_000;

type Kind = 'working-active' | 'working-ended' | 'working-gone' | 'finished' | 'forged' | 'copied' | 'plain';
interface GeneratedComment {
  readonly pull: number;
  readonly byAction: boolean;
  readonly kind: Kind;
  /** Hours before the sweep it was last written. */
  readonly hoursAgo: number;
  /** Minutes before the sweep its job was accepted (for a working record). */
  readonly acceptedMinutesAgo: number;
}

const comment: fc.Arbitrary<GeneratedComment> = fc.record({
  pull: fc.integer({ min: 1, max: 60 }),
  byAction: fc.boolean(),
  // Mostly jobs still at work: a finish costs what a waiting run's end costs, which other tests hold.
  kind: fc.constantFrom<Kind>(
    'working-active',
    'working-active',
    'working-active',
    'working-ended',
    'working-gone',
    'finished',
    'forged',
    'copied',
    'plain',
    'plain',
  ),
  hoursAgo: fc.double({ min: 0, max: 30, noNaN: true }),
  acceptedMinutesAgo: fc.integer({ min: 0, max: 120 }),
});

let flows: Flows;
let github: FakeGitHub;
// Each generated repository resets the flows itself.
useFlows({ github: true }, (started) => ({ flows, github } = started), { reset: false, checkGitHub: false });

describe('a sweep over a generated repository (property)', () => {
  it('finds with ⌈comments in its lookback ÷ 100⌉ + 1 reads, reads each job it may finish once (at most 50), and writes only where a job ended', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(comment, { maxLength: 30 }), fc.array(comment, { minLength: 150, maxLength: 300 })), async (comments) => {
        flows.reset();
        const now = flows.time.now();
        let id = 1;
        const issueUrl = (pull: number): string => `${github.url}/repos/${CODE}/issues/${pull}`;
        /** The job each pull request's newest action comment records at work, with when it was accepted. */
        const mayFinish = new Map<number, { jobId: string; acceptedAt: number; active: boolean; commentId: number }>();
        for (const each of comments) {
          const commentId = id++;
          const acceptedAt = now - each.acceptedMinutesAgo * 60_000;
          const updatedAt = Math.floor((now - each.hoursAgo * HOUR) / 1000) * 1000;
          const head = (commentId + 1).toString(16).padStart(40, '0');
          let body = `${COMMENT_MARKER}\nA comment`;
          let jobId: string | undefined;
          if (each.kind.startsWith('working')) {
            jobId =
              each.kind === 'working-gone'
                ? `job_gone_${commentId}`
                : await createdJob(flows.sim, each.kind === 'working-active' ? [{ status: 'active' }] : [{ status: 'completed' }]);
            const record: CommentRecord = { jobId, headSha: head, working: true, acceptedAt: new Date(acceptedAt).toISOString() };
            body += `\n\n${sealedRecord(record, each.pull)}`;
            github.pullStates.set(each.pull, { title: 'A change', state: 'open', draft: false, merged: false, headRef: 'change', headSha: head, labels: [] });
          } else if (each.kind === 'finished') {
            body += `\n\n${sealedRecord({ jobId: 'job_done', headSha: head }, each.pull)}`;
          } else if (each.kind === 'forged') {
            body += `\n\n<!-- docs-agent-action:state {"jobId":"job_forged","headSha":"${head}","working":true} sha256=${'0'.repeat(64)} -->`;
          } else if (each.kind === 'copied') {
            body += `\n\n${sealedRecord({ jobId: 'job_copied', headSha: head, working: true }, each.pull + 1)}`;
          } else {
            body = 'LGTM';
          }
          github.comments.push({
            id: commentId,
            issue_url: issueUrl(each.pull),
            body,
            user: each.byAction ? { login: 'github-actions[bot]', type: 'Bot' } : { login: 'someone', type: 'User' },
            author_association: 'NONE',
            updated_at: updatedAt,
          });
        }
        const since = now - TIMEOUT_MS - SWEEP_LOOKBACK_MS;
        const inLookback = github.comments.filter((each) => (each.updated_at ?? 0) >= Math.floor(since / 1000) * 1000);
        // What a run would take as the action's comment on each pull request: the newest by the action's identity.
        const newestByAction = new Map<number, (typeof github.comments)[number]>();
        for (const each of inLookback) {
          if (each.user.login !== 'github-actions[bot]' || !each.body.startsWith(COMMENT_MARKER)) continue;
          const pull = Number(each.issue_url!.split('/').at(-1));
          const kept = newestByAction.get(pull);
          if (!kept || each.id > kept.id) newestByAction.set(pull, each);
        }
        for (const [pull, kept] of newestByAction) {
          const generated = comments[kept.id - 1]!;
          if (!generated.kind.startsWith('working')) continue;
          const jobId = /"jobId":"([^"]+)"/.exec(kept.body)![1]!;
          mayFinish.set(pull, {
            jobId,
            acceptedAt: now - generated.acceptedMinutesAgo * 60_000,
            active: generated.kind === 'working-active',
            commentId: kept.id,
          });
        }
        flows.sim.resetLog();
        github.requests.length = 0;

        const run = await flows.run({ command: 'sweep', 'docs-status': 'written', timeout: '30m' }, { event: scheduleEvent() });

        expect(run.outputs.outcome).toBe('swept');
        const finding = github.requests.filter((request) => request.call === 'recent-comments' || request.call === 'identity');
        expect(finding.length).toBeLessThanOrEqual(Math.ceil(inLookback.length / 100) + 1);
        // Per pull request finished: its comments read to find the comment again, just before the last writes, and before the comment's write (as a waiting run's).
        expect(github.requests.filter((request) => request.call === 'list-comments').length).toBeLessThanOrEqual(3 * Math.min(SWEEP_MAX_JOBS, mayFinish.size));
        const expected = [...mayFinish.entries()].sort(([pullA, a], [pullB, b]) => a.acceptedAt - b.acceptedAt || pullA - pullB).slice(0, SWEEP_MAX_JOBS);
        const gets = flows.sim.requests.filter((request) => request.method === 'GET').map((request) => decodeURIComponent(request.path.split('/').at(-1)!));
        expect(gets).toEqual(expected.map(([, each]) => each.jobId));
        expect(flows.sim.requests.every((request) => request.method === 'GET')).toBe(true);
        // Writes only on pull requests whose job ended (or ran past timeout).
        const writtenTo = new Set(
          github.requests
            .filter((request) => request.method === 'PATCH' || request.method === 'POST')
            .filter((request) => request.call === 'update-comment' || request.call === 'create-comment' || request.call === 'set-status')
            .map((request) => request.path),
        );
        const stillWorking = expected.filter(([, each]) => each.active && now - each.acceptedAt < TIMEOUT_MS);
        for (const [, each] of stillWorking) expect(writtenTo.has(`/repos/${CODE}/issues/comments/${each.commentId}`)).toBe(false);
        const finishable = new Set(expected.map(([, each]) => `/repos/${CODE}/issues/comments/${each.commentId}`));
        for (const path of writtenTo) if (path.includes('/issues/comments/')) expect(finishable.has(path)).toBe(true);
        expect(await github.takeViolations()).toEqual([]);
      }),
      { numRuns: RUNS, seed: 20261128 },
    );
  }, 120_000);
});
