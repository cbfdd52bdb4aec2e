/**
 * Only the action can write its memory. For any text from outside, in any field the code PR's
 * comment, the documentation PR's back-link or the summary shows (every job field, the error, the
 * preview's fields, the code PR's title, a newer documentation PR's link), the record read back is
 * the one the action wrote, and no HTML comment appears that the action did not write: the marker
 * on the first line and the sealed record on the last, and nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import type { AgentJob, DeploymentStatus } from '../../src/api/schemas.js';
import { writeOutcome, writeWorking } from '../../src/core/comment.js';
import { isJobId } from '../../src/parse.js';
import { backLinkCommentBody } from '../../src/memory/back-link.js';
import { CodePrComment } from '../../src/memory/code-pr-comment.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, isBounded, isMarked } from '../../src/memory/record.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { renderAgentSummary } from '../../src/report/agent-report.js';
import { previewSummary } from '../../src/report/preview-report.js';
import { recordingLogger } from '../support/fake-time.js';
import { memoryGitHub } from '../support/memory-github.js';
import { renderDocsPrComment } from '../../src/report/docs-pr-report.js';
import { COMMENT_LIMIT_CHARS } from '../../src/report/agent-report.js';
import { backLinkIn, recordIn, repositoryIdentity, sealedRecord, TEST_SEAL, WORKFLOW_REPOSITORY } from '../support/records.js';

const RUNS = { numRuns: 150 };
const NOW = Date.UTC(2026, 10, 25, 12, 0);
const HEAD = 'e'.repeat(40);
const EARLIER = 'c'.repeat(40);
const PR = { repository: repositoryIdentity(WORKFLOW_REPOSITORY), number: 12, headSha: HEAD };
const DOCS_PR = { repository: 'acme/docs', number: 5, headRef: 'mintlify/docs-1', closedByAction: false };

/** The shapes an attacker would write: the markers, a record old and new, its delimiters, and what breaks lines and spans. */
const PLANTS = [
  COMMENT_MARKER,
  DOCS_PR_MARKER,
  `<!-- docs-agent-action:state {"jobId":"job_x","headSha":"${'a'.repeat(40)}","docsPr":{"repository":"acme/website","number":42,"closedByAction":true}} -->`,
  `<!-- docs-agent-action:state {"jobId":"job_x","headSha":"${'a'.repeat(40)}"} sha256=${'0'.repeat(64)} -->`,
  `<!-- docs-agent-action:link {"codePr":{"repository":"acme/website","number":42}} sha256=${'f'.repeat(64)} -->`,
  '<!--',
  '-->',
  '--->',
  '<!---->',
  '<',
  '!',
  '-',
  '>',
  '\n',
  '\r\n',
  '`',
  '|',
  ' ',
];
const hostile = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom(...PLANTS)),
  minLength: 1,
  maxLength: 12,
});

const JOB_FIELDS = ['id', 'status', 'prLink', 'model', 'repository', 'ref', 'createdAt', 'archivedAt', 'error'] as const;
const PREVIEW_FIELDS = ['url', 'statusId', 'state', 'summary', 'screenshot', 'reason'] as const;
type Field = (typeof JOB_FIELDS)[number] | (typeof PREVIEW_FIELDS)[number];

/** A finished run whose `field` (and only it) carries the text, and a preview of it. */
function runWith(field: Field, text: string, outcome: AgentRun['outcome']): { run: AgentRun; preview: PreviewRun } {
  const job: AgentJob = {
    id: field === 'id' && isJobId(text) ? text : 'job_1',
    status: field === 'status' ? text : 'completed',
    prLink: field === 'prLink' ? text : 'https://github.com/acme/docs/pull/5',
    model: field === 'model' ? text : 'm',
    source: { repository: field === 'repository' ? text : 'https://github.com/acme/docs', ref: field === 'ref' ? text : 'mintlify/docs-1' },
    createdAt: field === 'createdAt' ? text : '2026-11-25T11:00:00Z',
    archivedAt: field === 'archivedAt' ? text : null,
  };
  const run = newRun(undefined, 'Document the flag', NOW, outcome);
  run.jobId = job.id;
  run.job = job;
  run.delivery = 'accepted';
  if (field === 'error' || outcome === 'error') run.error = new Error(field === 'error' ? text : 'The API failed.');
  const deployment = {
    status: field === 'state' ? text : 'success',
    summary: field === 'summary' ? text : 'Built',
    screenshot: field === 'screenshot' ? `https://shots.example/${text}` : 'https://shots.example/a.png',
  } as DeploymentStatus;
  const preview: PreviewRun = {
    status: 'success',
    branch: 'mintlify/docs-1',
    url: field === 'url' ? text : 'https://acme-docs-1.mintlify.site',
    statusId: field === 'statusId' ? text : 'st_1',
    state: deployment.status ?? undefined,
    deployment,
    reason: field === 'reason' ? text : undefined,
    waitedMs: 1_000,
    reads: 2,
  };
  return { run, preview };
}

const count = (text: string, part: string): number => text.split(part).length - 1;
const field = fc.constantFrom<Field>(...JOB_FIELDS, ...PREVIEW_FIELDS);
const outcome = fc.constantFrom<AgentRun['outcome']>('pr-opened', 'failed', 'error', 'timed-out');

describe("the code PR's comment", () => {
  it('reads back the record the action wrote, whatever a field holds, and holds no HTML comment but the marker and the record', async () => {
    await fc.assert(
      fc.asyncProperty(field, hostile, outcome, async (name, text, ended) => {
        const earlier = {
          id: 1,
          authorLogin: 'github-actions[bot]',
          body: `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId: 'job_0', headSha: EARLIER, docsPr: DOCS_PR }, 12)}`,
        };
        const github = memoryGitHub([earlier]);
        const deps = { logger: recordingLogger(), clock: { now: () => NOW }, seal: TEST_SEAL };
        const comment = (await CodePrComment.find(github, PR, deps))!;
        const { run, preview } = runWith(name, text, ended);
        await writeWorking(comment, { run: run });
        // What the status was judged on, with the job's branch (outside text) as its documentation PR's, where a record keeps one (core/gate.ts).
        const ref = run.job!.source!.ref!;
        const judged = { sha: HEAD, outcome: ended, ...(isBounded(ref) ? { docsPr: { ...DOCS_PR, headRef: ref } } : {}) };
        await writeOutcome(comment, { run, preview, judged });
        const body = github.comments[0]!.body;
        expect(isMarked(body, COMMENT_MARKER)).toBe(true);
        expect(count(body, '<!--')).toBe(2);
        expect(count(body, '-->')).toBe(2);
        // A run that saw the job end records it so; one that did not (an error, a timeout) leaves it at work.
        const sawEnd = ended === 'pr-opened' || ended === 'failed';
        const atWork = { working: true as const, acceptedAt: new Date(NOW).toISOString() };
        const written = { jobId: run.jobId!, headSha: HEAD, ...(sawEnd ? {} : atWork), docsPr: DOCS_PR, judged };
        expect(recordIn(body, 12)).toEqual(written);
        // And the next run finds that record, and no other.
        expect((await CodePrComment.find(github, PR, deps))!.earlier).toEqual(written);
        expect(deps.logger.messages('notice')).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe("the documentation PR's back-link", () => {
  it('names the code PR it was written for, whatever its title or a newer link holds', () => {
    fc.assert(
      fc.property(hostile, hostile, fc.constantFrom('linked', 'superseded'), (title, newerLink, kind) => {
        const codePr = { repository: WORKFLOW_REPOSITORY, number: 12, title, url: 'https://github.com/acme/widgets/pull/12' };
        const stage = kind === 'linked' ? ({ kind } as const) : ({ kind, newer: 'acme/docs#6', newerLink } as const);
        const visible = renderDocsPrComment(codePr, stage, new Date(NOW).toISOString());
        const backLink = { codePr: { repository: WORKFLOW_REPOSITORY, number: 12 } };
        const body = backLinkCommentBody(visible, backLink, { repository: repositoryIdentity('acme/docs'), number: 5 }, TEST_SEAL);
        expect(isMarked(body, DOCS_PR_MARKER)).toBe(true);
        expect(isMarked(body, COMMENT_MARKER)).toBe(false);
        expect(count(body, '<!--')).toBe(2);
        expect(count(body, '-->')).toBe(2);
        expect(backLinkIn(body, 5, 'acme/docs')).toEqual({ codePr: { repository: WORKFLOW_REPOSITORY, number: 12 } });
        // It is no code PR comment, and holds no record a code PR would follow.
        expect(recordIn(body, 5, 'acme/docs')).toBeUndefined();
      }),
      RUNS,
    );
  });
});

describe('a comment of any outside field’s length', () => {
  // Every field from outside is bounded where the comment shows it and in the record, so the
  // comment stays under GitHub's limit whatever the API answers: a 70,000-character `source.ref`
  // once froze the comment at "Working" (GitHub refused the longer body).
  it('stays under GitHub’s 65,536 characters, its record read back, whatever length a job field has', async () => {
    await fc.assert(
      fc.asyncProperty(field, fc.integer({ min: 1_000, max: 140_000 }), outcome, async (name, length, ended) => {
        const github = memoryGitHub([]);
        const deps = { logger: recordingLogger(), clock: { now: () => NOW }, seal: TEST_SEAL };
        const comment = (await CodePrComment.find(github, PR, deps))!;
        const { run, preview } = runWith(name, 'r'.repeat(length), ended);
        expect(await writeWorking(comment, { run })).toBe(true);
        expect(await writeOutcome(comment, { run, preview })).toBe(true);
        for (const { body } of github.comments) expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
        expect(recordIn(github.comments[0]!.body, 12)?.jobId).toBe(run.jobId);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the summary', () => {
  it('holds no HTML comment at all, whatever a field holds', () => {
    fc.assert(
      fc.property(field, hostile, outcome, (name, text, ended) => {
        const { run, preview } = runWith(name, text, ended);
        const summary = renderAgentSummary(run, 3) + previewSummary(preview);
        expect(count(summary, '<!--')).toBe(0);
        expect(count(summary, '-->')).toBe(0);
      }),
      RUNS,
    );
  });
});
