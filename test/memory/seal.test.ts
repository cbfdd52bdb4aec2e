/**
 * The record's seal: the key's derivation, the comparison, a key rotation (`previous-api-key`
 * verifies, never signs), and the place a record belongs to (bound to the repository's ID, which a
 * rename keeps; to its name only where no ID is known, and for records written before the ID).
 */
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
    expect(seal.verify('code-pr acme/app#7', '{"jobId":"job_1"}', expected)).toBe('api-key');
  });

  it('fails, without throwing, for a seal of another length, another key, another place or other content', () => {
    const mac = seal.sign('code-pr acme/app#7', 'content');
    expect(seal.verify('code-pr acme/app#7', 'content', mac.slice(0, 62))).toBeUndefined();
    expect(seal.verify('code-pr acme/app#7', 'content', `${mac}00`)).toBeUndefined();
    expect(seal.verify('code-pr acme/app#7', 'content', '')).toBeUndefined();
    expect(seal.verify('code-pr acme/app#7', 'content', 'not hex at all')).toBeUndefined();
    expect(RecordSeal.fromApiKey('another key').verify('code-pr acme/app#7', 'content', mac)).toBeUndefined();
    expect(seal.verify('code-pr acme/app#8', 'content', mac)).toBeUndefined();
    expect(seal.verify('code-pr acme/app#7', 'content!', mac)).toBeUndefined();
  });
});

describe('a key rotation', () => {
  const before = RecordSeal.fromApiKey('mint_old_key');
  const mac = before.sign('code-pr id:7#3', 'content');

  it('previous-api-key verifies what the earlier key sealed, and says so; api-key still verifies its own', () => {
    const rotating = RecordSeal.fromApiKey('mint_new_key', 'mint_old_key');
    expect(rotating.verify('code-pr id:7#3', 'content', mac)).toBe('previous-api-key');
    expect(rotating.verify('code-pr id:7#3', 'content', rotating.sign('code-pr id:7#3', 'content'))).toBe('api-key');
    expect(rotating.hasPreviousKey).toBe(true);
  });

  it('everything is signed under api-key: the earlier key never signs', () => {
    const rotating = RecordSeal.fromApiKey('mint_new_key', 'mint_old_key');
    expect(rotating.sign('code-pr id:7#3', 'content')).toBe(RecordSeal.fromApiKey('mint_new_key').sign('code-pr id:7#3', 'content'));
    expect(rotating.sign('code-pr id:7#3', 'content')).not.toBe(mac);
  });

  it('without previous-api-key (or with the same key twice) the earlier seal does not verify', () => {
    expect(RecordSeal.fromApiKey('mint_new_key').verify('code-pr id:7#3', 'content', mac)).toBeUndefined();
    expect(RecordSeal.fromApiKey('mint_new_key').hasPreviousKey).toBe(false);
    expect(RecordSeal.fromApiKey('mint_old_key', 'mint_old_key').hasPreviousKey).toBe(false);
    // A previous key verifies only its own seals, not another's.
    expect(RecordSeal.fromApiKey('mint_new_key', 'mint_other_key').verify('code-pr id:7#3', 'content', mac)).toBeUndefined();
  });
});

describe('the place a record belongs to', () => {
  it('is the repository’s ID and the number where the ID is known: a rename or a transfer keeps it', () => {
    const scope = codePrScope({ id: 42, name: 'acme/app' }, 7);
    expect(scope.written).toBe('code-pr id:42#7');
    expect(codePrScope({ id: 42, name: 'renamed-org/new-name' }, 7).written).toBe(scope.written);
    expect(codePrScope({ id: 43, name: 'acme/app' }, 7).written).not.toBe(scope.written);
    expect(codePrScope({ id: 42, name: 'acme/app' }, 8).written).not.toBe(scope.written);
  });

  it('still accepts the name-bound place of records written before the ID bound them, read only', () => {
    expect(codePrScope({ id: 42, name: 'Acme/App' }, 7).accepted).toEqual(['code-pr id:42#7', 'code-pr acme/app#7']);
  });

  it('is the name, whatever its case, where no ID is known (a local run), as GitHub reads names', () => {
    expect(codePrScope({ id: undefined, name: 'Acme/App' }, 7)).toEqual({ written: 'code-pr acme/app#7', accepted: ['code-pr acme/app#7'] });
    expect(docsPrScope({ id: undefined, name: 'ACME/Docs' }, 12).written).toBe('docs-pr acme/docs#12');
  });

  it('a code PR’s place is never a documentation PR’s', () => {
    expect(codePrScope({ id: 42, name: 'acme/app' }, 7).written).not.toBe(docsPrScope({ id: 42, name: 'acme/app' }, 7).written);
    expect(codePrScope({ id: 42, name: 'acme/app' }, 7).accepted).not.toContain(docsPrScope({ id: 42, name: 'acme/app' }, 7).accepted[1]);
  });
});
