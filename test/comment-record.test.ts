/**
 * The hidden record of the pull-request comment: the job and the head commit it covered, read
 * back on the next run. It must survive the comment it sits in (no `-->`, `<` or `>` inside it),
 * and a record that does not hold a job ID and a commit SHA is not followed.
 */
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, readRecord, recordLine } from '../src/pr-comment/record.js';

const SHA1 = 'a'.repeat(40);
const SHA256 = '0123456789abcdef'.repeat(4);

describe('the comment record', () => {
  it('is read back from a whole comment body as it was written', () => {
    for (const state of [
      { jobId: 'job_1', headSha: SHA1 },
      { jobId: 'job-2.v~x', headSha: SHA256 },
    ]) {
      const body = `${COMMENT_MARKER}\n## Docs agent\n\n| a | b |\n\n${recordLine(state)}\n`;
      expect(readRecord(body)).toEqual(state);
    }
  });

  it('is one HTML comment whose JSON has `<`, `>` and `-` written as \\u escapes', () => {
    const line = recordLine({ jobId: 'a-->b<c>', headSha: SHA1 });
    expect(line).toBe(`<!-- docs-agent-action:state {"jobId":"a\\u002d\\u002d\\u003eb\\u003cc\\u003e","headSha":"${SHA1}"} -->`);
    // Only the comment's own delimiters remain, so nothing in the record can end it early.
    expect(line.split('-->')).toHaveLength(2);
    expect(line.indexOf('<', 1)).toBe(-1);
  });

  it('is not followed without a job ID and a commit SHA of the right form', () => {
    const record = (json: string) => `${COMMENT_MARKER}\n<!-- docs-agent-action:state ${json} -->`;
    expect(readRecord(record(`{"jobId":"job_1"}`))).toBeUndefined();
    expect(readRecord(record(`{"headSha":"${SHA1}"}`))).toBeUndefined();
    expect(readRecord(record(`{"jobId":7,"headSha":"${SHA1}"}`))).toBeUndefined();
    expect(readRecord(record(`{"jobId":"job_1","headSha":["${SHA1}"]}`))).toBeUndefined();
    expect(readRecord(record(`{"jobId":"..","headSha":"${SHA1}"}`))).toBeUndefined();
    expect(readRecord(record(`{"jobId":"job_1","headSha":"${SHA1.toUpperCase()}"}`))).toBeUndefined();
    expect(readRecord(record(`{"jobId":"job_1","headSha":"${SHA1}0"}`))).toBeUndefined();
    expect(readRecord(record(`{"jobId":"job_1","headSha":"main"}`))).toBeUndefined();
  });

  it('is not followed when it is not JSON, or missing', () => {
    expect(readRecord(`${COMMENT_MARKER}\n<!-- docs-agent-action:state {"jobId":"job_1",} -->`)).toBeUndefined();
    expect(readRecord(`${COMMENT_MARKER}\n<!-- docs-agent-action:state {not json} -->`)).toBeUndefined();
    expect(readRecord(`${COMMENT_MARKER}\nNo record here.`)).toBeUndefined();
    expect(readRecord(`<!-- docs-agent-action:state -->`)).toBeUndefined();
  });

  it('keeps only the fields it records', () => {
    const body = `<!-- docs-agent-action:state {"jobId":"job_1","headSha":"${SHA1}","extra":"x"} -->`;
    expect(readRecord(body)).toStrictEqual({ jobId: 'job_1', headSha: SHA1 });
  });
});
