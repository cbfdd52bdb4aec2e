/** The record's seal: the key's derivation, the comparison, and the place a record belongs to. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codePrScope, docsPrScope, RecordSeal } from '../../src/memory/seal.js';

describe('the record seal', () => {
  const seal = RecordSeal.fromApiKey('mint_key_for_tests');

  it('is HMAC-SHA-256 under a key derived from api-key with the versioned label, so records written by an earlier release of v1 still verify', () => {
    // Computed here from the published construction, not by the code under test: a change to the
    // label or the derivation makes every record already in a pull request count as none.
    const key = createHmac('sha256', 'mint_key_for_tests').update('docs-agent-action record key v1').digest();
    const expected = createHmac('sha256', key).update('code-pr acme/app#7\n{"jobId":"job_1"}').digest('hex');
    expect(seal.sign('code-pr acme/app#7', '{"jobId":"job_1"}')).toBe(expected);
    expect(seal.verify('code-pr acme/app#7', '{"jobId":"job_1"}', expected)).toBe(true);
  });

  it('fails, without throwing, for a seal of another length, another key, another place or other content', () => {
    const mac = seal.sign('code-pr acme/app#7', 'content');
    expect(seal.verify('code-pr acme/app#7', 'content', mac.slice(0, 62))).toBe(false);
    expect(seal.verify('code-pr acme/app#7', 'content', `${mac}00`)).toBe(false);
    expect(seal.verify('code-pr acme/app#7', 'content', '')).toBe(false);
    expect(seal.verify('code-pr acme/app#7', 'content', 'not hex at all')).toBe(false);
    expect(RecordSeal.fromApiKey('another key').verify('code-pr acme/app#7', 'content', mac)).toBe(false);
    expect(seal.verify('code-pr acme/app#8', 'content', mac)).toBe(false);
    expect(seal.verify('code-pr acme/app#7', 'content!', mac)).toBe(false);
  });

  it("binds a record to its pull request whatever the repository name's case, as GitHub reads it", () => {
    expect(codePrScope('Acme/App', 7)).toBe('code-pr acme/app#7');
    expect(docsPrScope('ACME/Docs', 12)).toBe('docs-pr acme/docs#12');
    expect(codePrScope('acme/app', 7)).not.toBe(docsPrScope('acme/app', 7));
  });
});
