/**
 * What the code PR's comment says and records (`core/comment.ts`), written through its store over
 * an in-memory GitHub: working as soon as the API accepted the job (the record saying when, and by
 * when it must end), then the outcome, to the same comment; the record's job, head, `working`,
 * `acceptedAt`, `endsBy` and `revising`, and what it keeps of the documentation PR, reader impact
 * and the preview; what it says when another run wrote the comment meanwhile; the tail rewritten
 * (`rewriteTail`, `rewrittenBody`); and the reader-impact section within GitHub's 65,536
 * characters. Which comment is the action's, reading it again and a failed write are the store's
 * (test/memory/code-pr-comment.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun } from '../../src/agent/run-agent.js';
import { endsByOf, isOver, recordFor, rewriteTail, rewrittenBody, writeOutcome, writeWorking, type CommentView } from '../../src/core/comment.js';
import type { Outcome } from '../../src/constants.js';
import type { DocsPrOutcome } from '../../src/docs-pr/outcome.js';
import type { GateStatus } from '../../src/gate/policy.js';
import { CodePrComment } from '../../src/memory/code-pr-comment.js';
import { COMMENT_MARKER, impactRecordOf, MAX_RECORDED_TIMEOUT_MS, type CommentRecord, type DocsPrRecord } from '../../src/memory/record.js';
import { COMMENT_LIMIT_CHARS, renderPrComment, renderWorkingComment } from '../../src/report/agent-report.js';
import { renderDocsPrSection } from '../../src/report/docs-pr-report.js';
import { renderGateLine } from '../../src/report/gate-report.js';
import { renderImpactSection, renderImpactTooLong, type ImpactView } from '../../src/report/impact-report.js';
import {
  acceptedRun,
  COMMENT_HEAD as HEAD,
  COMMENT_NOW as NOW,
  COMMENTED_PR as PR,
  commentDeps as deps,
  EARLIER_HEAD as EARLIER,
  EARLIER_REPORT as REPORT,
  earlierComment,
} from '../support/code-pr-comment.js';
import { memoryGitHub } from '../support/memory-github.js';
import { previewRun } from '../support/preview-runs.js';
import { recordIn, sealedRecord } from '../support/records.js';

/** When a job this file's runs send is accepted, as the working record keeps it. */
const ACCEPTED_AT = new Date(NOW).toISOString();
const NOW_ISO = ACCEPTED_AT;
const DOCS_PR: DocsPrRecord = { repository: 'acme/docs', number: 5, headRef: 'docs-agent/flag', closedByAction: false };
const GATE: GateStatus = {
  state: 'pending',
  description: 'Waiting for the documentation PR acme/docs#5 to be approved.',
  sentence: ['Waiting for the documentation PR ', { name: 'acme/docs#5' }, ' to be approved'],
  targetUrl: 'https://github.com/acme/widgets/actions/runs/1',
};

/** The comment as a run finds it on the in-memory GitHub holding `comments`. */
async function found(comments: ReturnType<typeof earlierComment>[] = [], author?: string) {
  const github = memoryGitHub(comments);
  const { logger, clock, seal } = deps();
  const comment = (await CodePrComment.find(github, PR, { logger, clock, seal, ...(author ? { author } : {}) }))!;
  return { github, logger, comment };
}

describe('working, then the outcome', () => {
  it('writes working, then the outcome, to the same comment, reading the record again before the outcome', async () => {
    const { github, logger, comment } = await found();
    const run = acceptedRun('job_1');
    await expect(writeWorking(comment, { run })).resolves.toBe(true);
    run.outcome = 'pr-opened';
    await expect(writeOutcome(comment, { run })).resolves.toBe(true);
    // The record is read again before the outcome is written: another run may have written it meanwhile.
    expect(github.calls).toEqual(['list 7', 'create 7', 'get 900', 'update 900']);
    expect(logger.messages('info')).toEqual(['Pull-request comment created (working).', 'Pull-request comment updated.']);
    const body = github.comments[0]!.body;
    expect(body.split('\n')[0]).toBe(COMMENT_MARKER);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
  });

  it('says the report, then its tail: the documentation PR’s line, the gate’s line, the sealed record', async () => {
    const { github, comment } = await found();
    const run = acceptedRun('job_1');
    const shown: DocsPrOutcome = { action: 'linked', record: DOCS_PR, shown: { pull: DOCS_PR, state: 'linked' }, acted: true, changed: undefined };
    const working: CommentRecord = { jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT, docsPr: DOCS_PR };
    await writeWorking(comment, { run, docsPr: shown, gate: GATE });
    const section = renderDocsPrSection('acme/docs#5', 'linked');
    expect(github.comments[0]!.body).toBe(
      `${renderWorkingComment(run, undefined, COMMENT_MARKER, undefined, NOW_ISO).replace(/\n$/, '')}\n\n${section}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(working, 7)}\n`,
    );
    run.outcome = 'pr-opened';
    await writeOutcome(comment, { run, docsPr: shown });
    const report = renderPrComment(run, COMMENT_MARKER, undefined, NOW_ISO, undefined, undefined, DOCS_PR).replace(/\n$/, '');
    expect(github.comments[0]!.body).toBe(`${report}\n\n${section}\n\n${sealedRecord({ jobId: 'job_1', headSha: HEAD, docsPr: DOCS_PR }, 7)}\n`);
  });
});

describe('the record a write leaves', () => {
  it('moves the record to the head only once the API accepted the job; otherwise keeps the earlier one', async () => {
    const { github, comment } = await found([earlierComment(1, { jobId: 'job_old', headSha: EARLIER })]);
    const refused = newRun('job_old', 'more', NOW, 'error');
    refused.delivery = 'refused';
    expect(recordFor(comment, { run: refused })).toEqual({ jobId: 'job_old', headSha: EARLIER });
    const attached = newRun('job_old', '', NOW, 'pr-opened');
    expect(recordFor(comment, { run: attached })).toEqual({ jobId: 'job_old', headSha: EARLIER });
    // Accepted, and not seen to end yet: at work on the head.
    expect(recordFor(comment, { run: acceptedRun('job_old') })).toEqual({ jobId: 'job_old', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    await writeOutcome(comment, { run: refused });
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_old', headSha: EARLIER });
  });

  it('writes no record when there is none to keep', async () => {
    const { github, comment } = await found();
    expect(recordFor(comment, { run: newRun(undefined, 'x', NOW, 'error') })).toBeUndefined();
    await writeOutcome(comment, { run: newRun(undefined, 'x', NOW, 'error') });
    expect(github.comments[0]!.body).not.toContain('docs-agent-action:state');
  });

  it('records when the API accepted the job (the run’s acceptance, not the write’s time), and by when it must end', async () => {
    const { github, comment } = await found();
    const acceptedMs = NOW - 5 * 60_000;
    const view: CommentView = { run: acceptedRun('job_1'), acceptedAt: acceptedMs, timeoutMs: 30 * 60_000 };
    const expected = {
      jobId: 'job_1',
      headSha: HEAD,
      working: true,
      acceptedAt: new Date(acceptedMs).toISOString(),
      endsBy: new Date(acceptedMs + 30 * 60_000).toISOString(),
    };
    expect(recordFor(comment, view, 'working')).toEqual(expected);
    await writeWorking(comment, view);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual(expected);
    // Without a timeout there is nothing to end by; without the acceptance's time, the write's is taken.
    expect(recordFor(comment, { run: acceptedRun('job_1') }, 'working')).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
  });

  it('endsBy is the acceptance plus the run’s timeout, at most a day', () => {
    expect(endsByOf(NOW, 60_000)).toBe(new Date(NOW + 60_000).toISOString());
    expect(endsByOf(NOW, MAX_RECORDED_TIMEOUT_MS)).toBe(new Date(NOW + MAX_RECORDED_TIMEOUT_MS).toISOString());
    expect(endsByOf(NOW, MAX_RECORDED_TIMEOUT_MS + 1)).toBe(new Date(NOW + MAX_RECORDED_TIMEOUT_MS).toISOString());
    expect(endsByOf(NOW, 7 * MAX_RECORDED_TIMEOUT_MS)).toBe(new Date(NOW + MAX_RECORDED_TIMEOUT_MS).toISOString());
    expect(endsByOf(NOW, 0)).toBe(new Date(NOW).toISOString());
    expect(endsByOf(NOW, undefined)).toBeUndefined();
  });

  it('acceptedAt and endsBy stay while the job works, from the record, and go with `working`', async () => {
    const atWork: CommentRecord = { jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: '2026-11-24T05:00:00.000Z', endsBy: '2026-11-24T05:30:00.000Z' };
    const { comment } = await found([earlierComment(3, atWork)]);
    // A run that sent nothing and did not see the job end: the record as it was, not this run's times.
    expect(recordFor(comment, { run: newRun(undefined, '', NOW, 'skipped'), timeoutMs: 60_000 })).toEqual(atWork);
    // A run that saw it end (a sweep's, finished): no longer at work, and nothing to end by.
    const swept = newRun('job_1', '', NOW, 'timed-out');
    expect(recordFor(comment, { run: swept, finished: true })).toEqual({ jobId: 'job_1', headSha: HEAD });
  });

  it('a status owed (the run’s last one could not be written) keeps the job at work though the run saw it end, the recorded job only', async () => {
    const { comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    const ended = acceptedRun('job_2');
    ended.outcome = 'no-pr';
    expect(recordFor(comment, { run: ended, statusOwed: true })).toEqual({ jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    expect(recordFor(comment, { run: ended, statusOwed: false })).toEqual({ jobId: 'job_2', headSha: HEAD });
    // A run that sent nothing and attached to no job owes nothing of the recorded one.
    expect(recordFor(comment, { run: newRun(undefined, '', NOW, 'skipped'), statusOwed: true })).toEqual({ jobId: 'job_1', headSha: EARLIER });
    const attached = newRun('job_1', '', NOW, 'pr-opened');
    expect(recordFor(comment, { run: attached, statusOwed: true })).toEqual({ jobId: 'job_1', headSha: EARLIER, working: true });
  });

  it('a revision’s record (`revising`) stays while that work is at hand; a job this run had accepted is not one', async () => {
    const revising = { statusSha: 'c'.repeat(40), replyAuthor: 'docs-sync[bot]' };
    const atWork: CommentRecord = { jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT, revising };
    const { comment } = await found([earlierComment(3, atWork)]);
    expect(comment.earlier).toEqual(atWork);
    expect(recordFor(comment, { run: newRun(undefined, '', NOW, 'skipped') })).toEqual(atWork);
    expect(recordFor(comment, { run: acceptedRun('job_2') })).toEqual({ jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    const ended = newRun('job_1', '', NOW, 'no-pr');
    expect(recordFor(comment, { run: ended })).toEqual({ jobId: 'job_1', headSha: HEAD });
  });

  it('a revision an earlier version recorded as `true` is kept as the head its status went to', async () => {
    const legacy = { jobId: 'job_1', headSha: HEAD, working: true, revising: true } as unknown as CommentRecord;
    const { github, comment } = await found([earlierComment(3, legacy)]);
    expect(comment.earlier).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, revising: { statusSha: HEAD } });
    await writeOutcome(comment, { run: newRun(undefined, '', NOW, 'skipped') });
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, revising: { statusSha: HEAD } });
  });

  it('keeps the documentation PR, the one it supersedes and reader impact as recorded until a run says anew', async () => {
    const impact = impactRecordOf({ number: 5, base: 'main', head: HEAD }, []);
    const superseded: DocsPrRecord = { ...DOCS_PR, number: 4 };
    const kept: CommentRecord = { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR, supersedes: superseded, impact };
    const { comment } = await found([earlierComment(3, kept)]);
    expect(recordFor(comment, { run: acceptedRun('job_2') })).toEqual({ ...kept, jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    const other: DocsPrRecord = { ...DOCS_PR, number: 6 };
    const following: DocsPrOutcome = { action: 'linked', record: other, shown: undefined, acted: true, changed: undefined };
    const newImpact = impactRecordOf({ number: 6, base: 'main', head: HEAD }, []);
    expect(recordFor(comment, { run: newRun(undefined, '', NOW, 'skipped'), docsPr: following, impact: { view: undefined, record: newImpact } })).toEqual({
      jobId: 'job_1',
      headSha: EARLIER,
      docsPr: other,
      impact: newImpact,
    });
  });

  it('records a preview asked for and not seen to end, for a later sweep; none once it ended or a new job was accepted', async () => {
    const asked = previewRun({ statusId: 'st_1', branch: 'docs/flag', triggeredAt: NOW - 1_000, url: 'https://acme-flag.mintlify.site' });
    const previewRecord = { statusId: 'st_1', branch: 'docs/flag', triggeredAt: new Date(NOW - 1_000).toISOString(), url: 'https://acme-flag.mintlify.site' };
    const { comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, preview: previewRecord })]);
    const attached = newRun('job_1', '', NOW, 'pr-opened');
    expect(recordFor(comment, { run: attached, preview: asked })).toEqual({ jobId: 'job_1', headSha: EARLIER, preview: previewRecord });
    expect(recordFor(comment, { run: attached, preview: { ...asked, status: 'success' } })).toEqual({ jobId: 'job_1', headSha: EARLIER });
    expect(recordFor(comment, { run: attached })).toEqual({ jobId: 'job_1', headSha: EARLIER, preview: previewRecord });
    expect(recordFor(comment, { run: acceptedRun('job_2') })).toEqual({ jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
  });
});

describe('the job at work (the record’s working flag)', () => {
  /** A run whose job the API accepted, seen to end (or not) as `outcome`. */
  function endedRun(outcome: Outcome): AgentRun {
    const run = acceptedRun('job_1');
    run.outcome = outcome;
    return run;
  }

  it('is recorded by the working write, for the head the job accepted', async () => {
    const { github, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })]);
    expect(recordFor(comment, { run: acceptedRun('job_1') }, 'working')).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    await expect(writeWorking(comment, { run: acceptedRun('job_1') })).resolves.toBe(true);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
  });

  it('is cleared by an outcome that saw the job end', async () => {
    for (const outcome of ['pr-opened', 'no-pr', 'failed', 'archived'] as const) {
      const { github, comment } = await found();
      const run = acceptedRun('job_1');
      await writeWorking(comment, { run });
      run.outcome = outcome;
      expect(isOver(run)).toBe(true);
      await expect(writeOutcome(comment, { run })).resolves.toBe(true);
      expect(recordIn(github.comments[0]!.body, 7), outcome).toEqual({ jobId: 'job_1', headSha: HEAD });
    }
  });

  it('is kept by an outcome that did not see the job end: timed out, cancelled, not waited for, stopped by an error', async () => {
    for (const outcome of ['timed-out', 'cancelled', 'submitted', 'error'] as const) {
      const { github, comment } = await found();
      await writeWorking(comment, { run: acceptedRun('job_1') });
      expect(isOver(endedRun(outcome))).toBe(false);
      await expect(writeOutcome(comment, { run: endedRun(outcome) })).resolves.toBe(true);
      expect(recordIn(github.comments[0]!.body, 7), outcome).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT });
    }
  });

  it('is kept as the record had it, for the same head, by a run that sent nothing', async () => {
    const skipped = (): AgentRun => newRun(undefined, '', NOW, 'skipped');
    const atWork = await found([earlierComment(3, { jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR })]);
    expect(atWork.comment.earlier).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR });
    await writeOutcome(atWork.comment, { run: skipped() });
    expect(recordIn(atWork.github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD, working: true, docsPr: DOCS_PR });
    // A record that says the job ended stays so.
    const ended = await found([earlierComment(3, { jobId: 'job_1', headSha: HEAD })]);
    await writeOutcome(ended.comment, { run: skipped() });
    expect(recordIn(ended.github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
  });

  it('is cleared for a run that sent nothing when another run wrote meanwhile that the job ended: that run’s comment stands', async () => {
    const { github, logger, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: HEAD, working: true })]);
    const theirs = earlierComment(3, { jobId: 'job_1', headSha: HEAD });
    github.comments[0] = theirs;
    await expect(writeOutcome(comment, { run: newRun(undefined, '', NOW, 'skipped') })).resolves.toBe(false);
    expect(recordIn(github.comments[0].body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
    expect(github.comments[0]).toEqual(theirs);
    expect(logger.messages('info')).toEqual(['The pull-request comment was not written: another run recorded the end of this work already.']);
  });

  it('a sweep that saw the job end (finished) clears it whatever the outcome, its own timed-out included', async () => {
    const { github, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT })]);
    await expect(writeOutcome(comment, { run: newRun('job_1', '', NOW, 'timed-out'), finished: true })).resolves.toBe(true);
    expect(recordIn(github.comments[0]!.body, 7)).toEqual({ jobId: 'job_1', headSha: HEAD });
  });
});

describe('another run wrote the comment meanwhile', () => {
  const closedByAction: DocsPrRecord = { ...DOCS_PR, closedByAction: true };

  /** Another run of the same pull request writes the comment between this run's read and its write. */
  async function raced(newer: CommentRecord, view: Partial<CommentView> = {}, stage: 'working' | 'outcome' = 'outcome') {
    const { github, logger, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR })]);
    github.comments[0] = earlierComment(3, newer);
    const run = newRun('job_1', '', NOW, 'pr-opened');
    const written = await (stage === 'working' ? writeWorking : writeOutcome)(comment, { run, ...view });
    return { github, logger, written, body: github.comments[0].body };
  }

  it('a job this run had accepted is written whole, keeping the documentation PR another run closed meanwhile, as that run recorded it', async () => {
    const { body, github, written } = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction }, { run: acceptedRun('job_2') }, 'working');
    expect(written).toBe(true);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD, working: true, acceptedAt: ACCEPTED_AT, docsPr: closedByAction });
    expect(body).toContain(renderDocsPrSection('acme/docs#5', 'closed'));
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3', 'update 3']);
  });

  it('a run that only saw the recorded job end writes nothing over a record that already says it ended', async () => {
    const { body, github, logger, written } = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction });
    expect(written).toBe(false);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction });
    expect(github.calls).toEqual(['list 7', 'identity', 'get 3']);
    expect(logger.messages('info')).toEqual(['The pull-request comment was not written: another run recorded the end of this work already.']);
  });

  it('keeps a newer job another run recorded, without saying a documentation PR it did not change', async () => {
    const { body, written } = await raced({ jobId: 'job_2', headSha: HEAD, docsPr: DOCS_PR });
    expect(written).toBe(false);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD, docsPr: DOCS_PR });
    expect(body).not.toContain('**Documentation PR**');
  });

  it('lets what this run did to the documentation PR stand against the newer record: its line said in the newer report’s tail', async () => {
    const linked: DocsPrRecord = { repository: 'acme/docs', number: 6, headRef: 'docs-agent/other', closedByAction: false };
    const acted: DocsPrOutcome = { action: 'linked', record: linked, shown: { pull: linked, state: 'linked' }, acted: true, changed: undefined };
    const newer: CommentRecord = { jobId: 'job_1', headSha: EARLIER, docsPr: closedByAction };
    const { body } = await raced(newer, { docsPr: acted });
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: linked });
    expect(body).toBe(`${REPORT}\n\n${renderDocsPrSection('acme/docs#6', 'linked')}\n\n${sealedRecord({ ...newer, docsPr: linked }, 7)}\n`);
    // Following that did not act (nothing to do, or a failure) gives way to the newer record.
    const idle: DocsPrOutcome = { action: 'none', record: DOCS_PR, shown: undefined, acted: false, changed: undefined };
    const second = await raced(newer, { docsPr: idle });
    expect(recordIn(second.body, 7)!.docsPr).toEqual(closedByAction);
  });

  it('with no other run meanwhile, says what this run’s following left, acted on or not', async () => {
    // The job reported a documentation PR that someone had closed already: recorded, left alone.
    const other: DocsPrRecord = { repository: 'acme/docs', number: 6, headRef: 'docs-agent/other', closedByAction: false };
    const leftAlone: DocsPrOutcome = { action: 'none', record: other, shown: { pull: other, state: 'left-alone-closed' }, acted: false, changed: undefined };
    const { body } = await raced({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, { docsPr: leftAlone });
    expect(recordIn(body, 7)!.docsPr).toEqual(other);
    expect(body).toContain(renderDocsPrSection('acme/docs#6', 'left-alone-closed'));
  });

  it('a newer record of other work is left as it is, what this run’s following left included', async () => {
    // This run could not update the documentation PR; another run recorded newer work since.
    const notUpdated: DocsPrOutcome = {
      action: 'none',
      record: closedByAction,
      shown: { pull: closedByAction, state: 'not-updated' },
      acted: false,
      changed: undefined,
    };
    const { body, written } = await raced({ jobId: 'job_2', headSha: HEAD, docsPr: closedByAction }, { docsPr: notUpdated });
    expect(written).toBe(false);
    expect(recordIn(body, 7)).toEqual({ jobId: 'job_2', headSha: HEAD, docsPr: closedByAction });
    expect(body).not.toContain(renderDocsPrSection('acme/docs#5', 'not-updated'));
  });
});

describe('rewriting the tail (command: sync, and a run whose status changed without a report)', () => {
  const record: CommentRecord = { jobId: 'job_1', headSha: EARLIER, docsPr: { ...DOCS_PR, closedByAction: true } };
  const oldSection = renderDocsPrSection('acme/docs#5', 'linked');
  const newSection = renderDocsPrSection('acme/docs#5', 'closed');
  const approved: GateStatus = { ...GATE, state: 'success', sentence: ['The documentation PR ', { name: 'acme/docs#5' }, ' was approved'] };
  const SYNC = 'code-bot[bot]';

  /** The comment an earlier run left with both tail lines, found as `command: sync` finds it; rewritten with `tail`. */
  async function rewritten(tail: Parameters<typeof rewriteTail>[2], parts: readonly string[] = [oldSection, renderGateLine(GATE)]) {
    const { github, logger, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, parts, SYNC)], SYNC);
    const written = await rewriteTail(comment, () => record, tail);
    return { written, body: github.comments[0]!.body, logger, github };
  }

  it('keeps the report, and says the documentation PR and the gate anew after it, with the new record last', async () => {
    const { written, body, logger, github } = await rewritten({ docsPrSection: newSection, gate: approved });
    expect(written).toBe(true);
    expect(body).toBe(`${REPORT}\n\n${newSection}\n\n${renderGateLine(approved)}\n\n${sealedRecord(record, 7)}\n`);
    expect(logger.messages('info')).toEqual(['Pull-request comment updated.']);
    // Read again first: another run may have written it since.
    expect(github.calls).toEqual(['list 7', 'get 3', 'update 3']);
  });

  it('reads the comment again first and keeps what another run wrote since: its report and its record, with this run’s change', async () => {
    const { github, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [oldSection], SYNC)], SYNC);
    // Meanwhile another run wrote a newer report and recorded a newer job.
    const newer: CommentRecord = { jobId: 'job_2', headSha: HEAD, working: true, docsPr: DOCS_PR };
    const newerReport = [COMMENT_MARKER, '### Documentation agent', '', '**⏳ Working: another run’s job.**'].join('\n');
    github.comments[0] = { ...github.comments[0]!, body: `${newerReport}\n\n${oldSection}\n\n${sealedRecord(newer, 7)}\n` };
    const seen: CommentRecord[] = [];
    const written = await rewriteTail(
      comment,
      (newest) => {
        seen.push(newest);
        return { ...newest, docsPr: { ...newest.docsPr!, closedByAction: true } };
      },
      { gate: GATE },
    );
    expect(written).toBe(true);
    expect(seen).toEqual([newer]);
    expect(github.comments[0].body).toBe(
      `${newerReport}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord({ ...newer, docsPr: { ...DOCS_PR, closedByAction: true } }, 7)}\n`,
    );
  });

  it('keeps the documentation PR line as it was when only the gate is given', async () => {
    const { body } = await rewritten({ gate: approved });
    expect(body).toBe(`${REPORT}\n\n${oldSection}\n\n${renderGateLine(approved)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('keeps the gate line as it was when only the documentation PR line is given', async () => {
    const { body } = await rewritten({ docsPrSection: newSection });
    expect(body).toBe(`${REPORT}\n\n${newSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('keeps both lines when neither is given, and only the record changes', async () => {
    const { body } = await rewritten({});
    expect(body).toBe(`${REPORT}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('adds a line the comment did not have when it is given, and keeps the other', async () => {
    const withoutGate = await rewritten({ gate: approved }, [oldSection]);
    expect(withoutGate.body).toBe(`${REPORT}\n\n${oldSection}\n\n${renderGateLine(approved)}\n\n${sealedRecord(record, 7)}\n`);
    const withoutSection = await rewritten({ docsPrSection: newSection }, [renderGateLine(GATE)]);
    expect(withoutSection.body).toBe(`${REPORT}\n\n${newSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
    const neither = await rewritten({}, []);
    expect(neither.body).toBe(`${REPORT}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('reads a comment edited on GitHub (CRLF line ends, blank lines added) as the same report and tail', async () => {
    const written = earlierComment(3, { jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR }, [oldSection, renderGateLine(GATE)]);
    const edited = { ...written, body: `${written.body.replace('\n\n**Documentation PR**', '\n\n\n**Documentation PR**').replace(/\n/g, '\r\n')}\r\n` };
    const first = await found([edited]);
    expect(first.comment.earlier).toEqual({ jobId: 'job_1', headSha: EARLIER, docsPr: DOCS_PR });
    await rewriteTail(first.comment, () => record, { docsPrSection: newSection, gate: GATE });
    expect(first.github.comments[0]!.body).toBe(`${REPORT}\n\n${newSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
    // Kept lines come back without the CRLF they were read with.
    const again = await found([edited]);
    await rewriteTail(again.comment, () => record, {});
    expect(again.github.comments[0]!.body).toBe(`${REPORT}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('leaves a report line that only resembles the tail, and writes the parts it is given', async () => {
    // The report's last line is the job's own text here, not a section of this action's: it stays.
    const { github, comment } = await found([earlierComment(3, { jobId: 'job_1', headSha: EARLIER })], 'github-actions[bot]');
    await rewriteTail(comment, () => record, {});
    expect(github.comments[0]!.body).toBe(`${REPORT}\n\n${sealedRecord(record, 7)}\n`);
  });

  it('rewrittenBody: takes off the record, then the gate line and the documentation PR’s line the action wrote, from the end', () => {
    const line = sealedRecord(record, 7);
    const body = `${REPORT}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${sealedRecord({ jobId: 'job_0', headSha: EARLIER }, 7)}\n\n`;
    expect(rewrittenBody(body, {}, line)).toBe(`${REPORT}\n\n${oldSection}\n\n${renderGateLine(GATE)}\n\n${line}\n`);
    expect(rewrittenBody(body, { gateLine: renderGateLine(approved), docsPrSection: newSection }, line)).toBe(
      `${REPORT}\n\n${newSection}\n\n${renderGateLine(approved)}\n\n${line}\n`,
    );
    // A body without a record (none to keep) loses nothing of its report.
    expect(rewrittenBody(`${REPORT}\n`, { gateLine: renderGateLine(GATE) }, line)).toBe(`${REPORT}\n\n${renderGateLine(GATE)}\n\n${line}\n`);
  });
});

describe('what the comment holds next to the report (reader impact)', () => {
  const PREVIEW = 'https://acme-widgets-preview.mintlify.app';
  /**
   * Twenty changed pages with long paths (file names, of any length), the last `lastPathChars`
   * long. Paths this long are not recorded (`MAX_OUTSIDE_CHARS`): the section alone brings the
   * comment near GitHub's limit.
   */
  function impactOf(lastPathChars: number, pathChars = 3_000) {
    const rows = Array.from({ length: 20 }, (_, index) => ({
      path: `${String(index).padStart(2, '0')}${'p'.repeat((index === 19 ? lastPathChars : pathChars) - 2)}`,
      change: 'modified' as const,
      visitors: 1_000 - index,
      human: 900 - index,
      ai: 100,
      thumbsDown: 1,
    }));
    const view: ImpactView = { rows, more: 0, previewUrl: PREVIEW, requests: 2 };
    return { view, record: impactRecordOf({ number: 5, base: 'main', head: HEAD }, rows) };
  }

  async function outcomeWith(run: AgentRun, impact: ReturnType<typeof impactOf>, stage: 'working' | 'outcome' = 'outcome'): Promise<string> {
    const { github, comment } = await found();
    if (stage === 'working') await writeWorking(comment, { run, impact });
    else await writeOutcome(comment, { run, impact });
    return github.comments[0]!.body;
  }

  function failedRun(messageChars: number): AgentRun {
    const run = acceptedRun('job_1');
    run.outcome = 'error';
    run.error = new Error('e'.repeat(messageChars));
    return run;
  }

  it('the section shows in the outcome only, not while the job works; the record keeps what was measured either way', async () => {
    const impact = impactOf(10, 10);
    const section = renderImpactSection(impact.view, 4);
    const working = await outcomeWith(acceptedRun('job_1'), impact, 'working');
    expect(working).not.toContain('What readers will see');
    expect(recordIn(working, 7)!.impact).toEqual(impact.record);
    expect(await outcomeWith(acceptedRun('job_1'), impact)).toContain(section);
  });

  it('the report gives way to its short form only when the whole would pass GitHub’s limit', async () => {
    const impact = impactOf(1_500);
    const forms = new Set<string>();
    // The error message grows a character at a time across the point where the report no longer fits beside the section.
    for (let chars = 100; chars <= 2_000; chars += 1) {
      const run = failedRun(chars);
      const body = await outcomeWith(run, impact);
      expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
      const full = renderPrComment(run, COMMENT_MARKER, undefined, NOW_ISO).replace(/\n$/, '');
      const short = renderPrComment(run, COMMENT_MARKER, undefined, NOW_ISO, 0).replace(/\n$/, '');
      if (body.startsWith(`${full}\n`)) forms.add('full');
      else {
        expect(body.startsWith(`${short}\n`)).toBe(true);
        forms.add('short');
        // The full report would not have fitted.
        expect(body.length - short.length + full.length).toBeGreaterThan(COMMENT_LIMIT_CHARS);
        break;
      }
    }
    expect(forms).toEqual(new Set(['full', 'short']));
  });

  it('the section gives way as a whole only when it would not fit beside the report’s shortest form', async () => {
    const run = failedRun(2_000);
    const full = renderPrComment(run, COMMENT_MARKER, undefined, NOW_ISO).replace(/\n$/, '');
    const short = renderPrComment(run, COMMENT_MARKER, undefined, NOW_ISO, 0).replace(/\n$/, '');
    const tooLong = renderImpactTooLong(4);
    const outcomes = new Set<string>();
    // The last page's path grows a character at a time across the point where the section no longer fits.
    for (let chars = 1_800; chars <= 3_000; chars += 1) {
      const impact = impactOf(chars);
      const body = await outcomeWith(run, impact);
      expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
      const section = renderImpactSection(impact.view, 4);
      if (body.includes(section)) outcomes.add('shown');
      else {
        expect(body).toContain(tooLong);
        outcomes.add('too long');
        // The notice leaves the report room to show in full; the section beside the report's
        // shortest form would have passed the limit.
        const report = body.startsWith(`${full}\n`) ? full : short;
        expect(body.length - report.length + short.length - tooLong.length + section.length).toBeGreaterThan(COMMENT_LIMIT_CHARS);
        break;
      }
    }
    expect(outcomes).toEqual(new Set(['shown', 'too long']));
  });
});
