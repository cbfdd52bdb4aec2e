/**
 * The job ID rule, wherever an ID comes from: the API's answer, the pull-request comment's
 * record (and the `job-id` input: inputs.test.ts; the URL path: client.test.ts). A job the API
 * created is never lost to a rule of ours: any ID of 1–256 characters with no control or
 * invisible character, other than `.` and `..`, is accepted everywhere, and nothing else is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentJobSchema, describeMismatch } from '../src/api/schemas.js';
import { recordIn, sealedRecord } from './support/records.js';
import { ParseError, isJobId, parseJobId } from '../src/parse.js';
import { AWKWARD_JOB_IDS, invalidJobId, validJobId } from './support/job-ids.js';

const RUNS = { numRuns: 300, seed: 20_261_122 };
const HEAD = 'e'.repeat(40);

describe('the job ID rule', () => {
  it.each([...AWKWARD_JOB_IDS, '../job', 'jobs/123', 'jöb_1', ' padded ', '%2e%2e', '...', '😀'.repeat(256), 'x'.repeat(256)])('accepts %j', (id) => {
    expect(isJobId(id)).toBe(true);
    expect(parseJobId(id)).toBe(id);
  });

  it.each([
    '',
    '.',
    '..',
    'x'.repeat(257),
    '😀'.repeat(257),
    'job\n1',
    'job\t1',
    'job\u200b1',
    'job\u00ad1',
    'job\u202e1',
    'job\u{e0041}1',
    'job\u20281',
    'job\ud8001',
  ])('refuses %j, saying what is accepted', (id) => {
    expect(isJobId(id)).toBe(false);
    let error: unknown;
    try {
      parseJobId(id);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).expected).toMatch(/^1 to 256 characters.*control or invisible.*"\." or "\.\."/);
  });

  it('accepts any string that satisfies the contract', () => {
    fc.assert(
      fc.property(validJobId, (id) => {
        expect(isJobId(id)).toBe(true);
        expect(parseJobId(id)).toBe(id);
      }),
      RUNS,
    );
  });

  it('refuses any string that breaks it', () => {
    fc.assert(
      fc.property(invalidJobId, (id) => {
        expect(isJobId(id)).toBe(false);
        expect(() => parseJobId(id)).toThrow(ParseError);
      }),
      RUNS,
    );
  });
});

describe('a job ID in an answer of the API', () => {
  it('is the job whatever characters the rule allows', () => {
    fc.assert(
      fc.property(validJobId, (id) => {
        const checked = describeMismatch(AgentJobSchema, { id, status: 'active' });
        expect(checked).toEqual({ ok: true, value: { id, status: 'active' } });
      }),
      RUNS,
    );
  });

  it('is a malformed answer when it breaks the rule', () => {
    fc.assert(
      fc.property(invalidJobId, (id) => {
        const checked = describeMismatch(AgentJobSchema, { id, status: 'active' });
        expect(checked.ok).toBe(false);
        // The problem names the field, never the value: the answer is not trusted in a log line.
        expect(checked).toMatchObject({ problem: expect.stringMatching(/^id: not a job ID \(/) });
      }),
      RUNS,
    );
  });
});

describe('a job ID in the pull-request comment’s record', () => {
  it('comes back as it was written, whatever characters the rule allows', () => {
    fc.assert(
      fc.property(validJobId, (id) => {
        const line = sealedRecord({ jobId: id, headSha: HEAD }, 12);
        // The record stays one hidden line: nothing in the ID ends the HTML comment or the line.
        expect(line).toMatch(/^<!-- docs-agent-action:state \{[^\n]*\} sha256=[0-9a-f]{64} -->$/);
        expect(line.slice('<!--'.length, -'-->'.length)).not.toContain('--');
        expect(recordIn(`marker\n${line}\n`, 12)).toEqual({ jobId: id, headSha: HEAD });
      }),
      RUNS,
    );
  });

  it('is not followed when it breaks the rule', () => {
    fc.assert(
      fc.property(invalidJobId, (id) => {
        expect(recordIn(sealedRecord({ jobId: id, headSha: HEAD }, 12), 12)).toBeUndefined();
      }),
      RUNS,
    );
  });
});
