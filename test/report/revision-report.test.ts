/**
 * The review loop's reply on the documentation PR (`report/revision-report.ts`), as GitHub renders
 * it: its marker first, what the agent is doing after whose review, how the revision ended or that
 * the loop's limit was reached, the follow-ups counted, and its record last. The reviewer's login
 * and the job ID come from outside: shown as written, never a mention, a link or a marker.
 */
import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../src/constants.js';
import { REVISION_MARKER, renderRevisionComment, type RevisionStage } from '../../src/report/revision-report.js';
import { expectRendersAsGitHubShould } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

describe('the reply on the documentation PR, as GitHub renders it', () => {
  const hostileJob = 'job_`**x**`@octocat #12 <b>[y](https://evil.example)';
  it.each([
    { kind: 'revising' as const, reviewer: 'lead', jobId: hostileJob, sent: 1, max: 5, detached: false },
    { kind: 'revising' as const, reviewer: 'lead', jobId: hostileJob, sent: 1, max: 5, detached: true },
    { kind: 'ended' as const, reviewer: 'lead', jobId: hostileJob, sent: 2, max: 5, outcome: 'failed' as const },
    { kind: 'limit' as const, reviewer: 'lead', max: 5 },
  ])('$kind: the marker first, the reviewer and the job as code, no mention, no link', (stage) => {
    const body = renderRevisionComment(stage, '2026-11-28T10:00:00.000Z');
    expect(body.split('\n')[0]).toBe(REVISION_MARKER);
    expectRendersAsGitHubShould(body, { literals: stage.kind === 'limit' ? ['lead'] : ['lead', stage.jobId] }, 'the reply');
  });
});

const NOW = '2026-11-28T10:00:00.000Z';

describe('the reply, stage by stage', () => {
  it('revising, the run waiting on the job: the marker, the heading, who asked and the job, the follow-ups counted, when', () => {
    const body = renderRevisionComment({ kind: 'revising', reviewer: 'lead', jobId: 'job_7', sent: 2, max: 5, detached: false }, NOW);
    expect(body).toBe(
      [
        REVISION_MARKER,
        '### Documentation agent: review loop',
        '',
        '🔄 **The documentation agent is revising this pull request after `lead`’s review** (job `job_7`). This comment says how it ended once the job ends.',
        '',
        'Follow-ups sent to the agent from reviews of this pull request: 2 of 5 (review-loop-max).',
        '',
        `Updated ${NOW}.`,
        '',
      ].join('\n'),
    );
  });

  it('revising, left to a sweep: the sweep says how it ended', () => {
    const body = renderRevisionComment({ kind: 'revising', reviewer: 'lead', jobId: 'job_7', sent: 1, max: 5, detached: true }, NOW);
    expect(readText(body)).toContain('This comment and the code pull request say how it ended once a sweep of the code repository sees the job end.');
  });

  it.each([
    ['pr-opened', '✅ The documentation agent revised this pull request after lead’s review (job job_7, outcome pr-opened).'],
    ['no-pr', '✅ The documentation agent finished without a new change after lead’s review (job job_7, outcome no-pr).'],
    ['failed', '❌ The documentation agent failed to revise this pull request after lead’s review (job job_7, outcome failed).'],
    ['archived', '🗄️ The revision job was archived after lead’s review (job job_7, outcome archived).'],
    [
      'timed-out',
      '⏳ The revision was still running when the step’s timeout ran out (a sweep or a re-run finishes it) after lead’s review (job job_7, outcome timed-out).',
    ],
    ['cancelled', '🛑 The step was cancelled while the agent revised this pull request (the job goes on) after lead’s review (job job_7, outcome cancelled).'],
    ['error', '⚠️ The revision could not be followed to its end (the workflow run says why) after lead’s review (job job_7, outcome error).'],
    // Any other outcome is said plainly, as it is.
    ['submitted', 'The revision ended after lead’s review (job job_7, outcome submitted).'],
    ['running', 'The revision ended after lead’s review (job job_7, outcome running).'],
  ] as const)('ended %s: %s', (outcome, line) => {
    const body = renderRevisionComment({ kind: 'ended', reviewer: 'lead', jobId: 'job_7', sent: 3, max: 5, outcome }, NOW);
    expect(readText(body)).toContain(line);
    expect(readText(body)).toContain('Follow-ups sent to the agent from reviews of this pull request: 3 of 5 (review-loop-max).');
  });

  it('every outcome ends in a sentence of its own that names the review and the job', () => {
    for (const outcome of OUTCOMES) {
      const body = renderRevisionComment({ kind: 'ended', reviewer: 'lead', jobId: 'job_7', sent: 1, max: 5, outcome }, NOW);
      expect(readText(body)).toMatch(new RegExp(`after lead’s review \\(job job_7, outcome ${outcome}\\)\\.`));
    }
  });

  it('the limit: the review was not sent, and how to go on; no count of follow-ups', () => {
    const body = renderRevisionComment({ kind: 'limit', reviewer: 'lead', max: 3 }, NOW);
    expect(readText(body)).toBe(
      `Documentation agent: review loop ⏸️ lead’s review was not sent to the agent: this pull request has had 3 follow-ups from reviews, the most review-loop-max allows. Revise it by hand, or raise review-loop-max in the workflow. Updated ${NOW}.`,
    );
    expect(body).not.toContain('Follow-ups sent');
  });

  it('its record, when given, is its last line; none otherwise', () => {
    const sealed = `<!-- docs-agent-action:reply {"review":9} sha256=${'a'.repeat(64)} -->`;
    const stage: RevisionStage = { kind: 'limit', reviewer: 'lead', max: 3 };
    const body = renderRevisionComment(stage, NOW, sealed);
    expect(body.split('\n').slice(-3)).toEqual([`Updated ${NOW}.`, sealed, '']);
    expect(renderRevisionComment(stage, NOW, '')).toBe(renderRevisionComment(stage, NOW));
    expectRendersAsGitHubShould(body, { literals: ['lead'] });
  });
});

describe('a reviewer’s login and a job ID from outside', () => {
  it.each(OUTSIDE_CASES)('%j shows as written in every stage, and spells no marker', (_short, text) => {
    const stages: RevisionStage[] = [
      { kind: 'revising', reviewer: text, jobId: text, sent: 1, max: 5, detached: false },
      { kind: 'ended', reviewer: text, jobId: text, sent: 1, max: 5, outcome: 'pr-opened' },
      { kind: 'limit', reviewer: text, max: 5 },
    ];
    for (const stage of stages) {
      const body = renderRevisionComment(stage, NOW);
      expect(body.split('\n')[0]).toBe(REVISION_MARKER);
      expectShownAsWritten(body, [text], {}, [REVISION_MARKER]);
    }
  });
});
