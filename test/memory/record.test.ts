/**
 * The hidden, sealed records the action leaves in its comments: the code PR's (the job and the
 * head commit it covered, the documentation PR) and the documentation PR's back-link. Read back
 * only from a comment's last line, only when the seal verifies for the pull request it is read
 * on; one that does not is `unverified`, never followed.
 */
import { describe, expect, it } from 'vitest';
import { backLinkLine, COMMENT_MARKER, impactRecordOf, isMarked, readBackLink, readRecord, recordLine, type ImpactRecord } from '../../src/memory/record.js';
import { codePrScope, docsPrScope, RecordSeal } from '../../src/memory/seal.js';
import { MAX_OUTSIDE_CHARS } from '../../src/memory/record.js';

const SHA1 = 'a'.repeat(40);
/** What a status was judged on, as a run records it. */
const JUDGED = { sha: 'b'.repeat(40), outcome: 'no-pr' as const };
const SHA256 = '0123456789abcdef'.repeat(4);
const SEAL = RecordSeal.fromApiKey('mint_test_key_1');
const SCOPE = codePrScope({ id: 77, name: 'acme/widgets' }, 12);
const DOCS = { repository: 'acme/docs', number: 5, headRef: 'mintlify/docs-update-1', closedByAction: false };

const body = (line: string, before = '## Docs agent\n\n| a | b |'): string => `${COMMENT_MARKER}\n${before}\n\n${line}\n`;

describe('the code PR comment record', () => {
  it('is read back from the last line of a whole comment body as it was written', () => {
    for (const state of [
      { jobId: 'job_1', headSha: SHA1 },
      { jobId: 'job-2.v~x', headSha: SHA256 },
      { jobId: 'job_3', headSha: SHA1, docsPr: DOCS },
    ]) {
      expect(readRecord(body(recordLine(state, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record: state, sealedWith: 'api-key' });
    }
  });

  it('is one HTML comment whose JSON has `<`, `>` and `-` written as \\u escapes, then its seal', () => {
    const line = recordLine({ jobId: 'a-->b<c>', headSha: SHA1 }, SEAL, SCOPE);
    expect(line).toMatch(
      new RegExp(`^<!-- docs-agent-action:state \\{"jobId":"a\\\\u002d\\\\u002d\\\\u003eb\\\\u003cc\\\\u003e","headSha":"${SHA1}"\\} sha256=[0-9a-f]{64} -->$`),
    );
    // Only the comment's own delimiters remain, so nothing in the record can end it early.
    expect(line.split('-->')).toHaveLength(2);
    expect(line.indexOf('<', 1)).toBe(-1);
  });

  it('counts as unverified under another key, on another pull request or repository, or edited', () => {
    const line = recordLine({ jobId: 'job_1', headSha: SHA1 }, SEAL, SCOPE);
    expect(readRecord(body(line), RecordSeal.fromApiKey('mint_test_key_2'), SCOPE)).toEqual({ found: 'unverified' });
    expect(readRecord(body(line), SEAL, codePrScope({ id: 77, name: 'acme/widgets' }, 13))).toEqual({ found: 'unverified' });
    expect(readRecord(body(line), SEAL, codePrScope({ id: 78, name: 'acme/widgets' }, 12))).toEqual({ found: 'unverified' });
    expect(readRecord(body(line.replace('job_1', 'job_2')), SEAL, SCOPE)).toEqual({ found: 'unverified' });
    const mac = /sha256=([0-9a-f]{64})/.exec(line)![1]!;
    const otherMac = mac.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
    expect(readRecord(body(line.replace(mac, otherMac)), SEAL, SCOPE)).toEqual({ found: 'unverified' });
    // Bound to the repository's ID: its name (a rename, a transfer) does not matter.
    expect(readRecord(body(line), SEAL, codePrScope({ id: 77, name: 'new-owner/renamed' }, 12)).found).toBe('verified');
  });

  it('written before records were bound to the repository’s ID (sealed for its name, in any case), is still read, never written so', () => {
    const byName = recordLine({ jobId: 'job_1', headSha: SHA1 }, SEAL, codePrScope({ id: undefined, name: 'acme/widgets' }, 12));
    expect(readRecord(body(byName), SEAL, codePrScope({ id: 77, name: 'Acme/Widgets' }, 12)).found).toBe('verified');
    // After a rename, the name no longer matches: such an old record counts as none, as it did before.
    expect(readRecord(body(byName), SEAL, codePrScope({ id: 77, name: 'acme/renamed' }, 12)).found).toBe('unverified');
    // What is written is bound to the ID.
    expect(recordLine({ jobId: 'job_1', headSha: SHA1 }, SEAL, SCOPE)).not.toBe(byName);
  });

  it('sealed under previous-api-key during a rotation is read, and says so; without that key it counts as none', () => {
    const old = RecordSeal.fromApiKey('mint_test_key_old');
    const line = recordLine({ jobId: 'job_1', headSha: SHA1 }, old, SCOPE);
    expect(readRecord(body(line), RecordSeal.fromApiKey('mint_test_key_1', 'mint_test_key_old'), SCOPE)).toEqual({
      found: 'verified',
      record: { jobId: 'job_1', headSha: SHA1 },
      sealedWith: 'previous-api-key',
    });
    expect(readRecord(body(line), SEAL, SCOPE)).toEqual({ found: 'unverified' });
  });

  it('is ASCII whatever it holds: anything else is a \\u escape, so no normalisation of the comment breaks the seal', () => {
    const record = { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, headRef: 'docs/caf\u00e9-\u{1F600}-\u2028-\u00a0' } };
    const line = recordLine(record, SEAL, SCOPE);
    expect(line).toMatch(/^[\x20-\x7e]+$/);
    expect(line).toContain('caf\\u00e9\\u002d\\ud83d\\ude00\\u002d\\u2028\\u002d\\u00a0');
    expect(readRecord(body(line), SEAL, SCOPE)).toEqual({ found: 'verified', record, sealedWith: 'api-key' });
    // The same text after a Unicode normalisation GitHub or an editor might apply still verifies: there is nothing to normalise.
    expect(readRecord(body(line).normalize('NFKC'), SEAL, SCOPE).found).toBe('verified');
  });

  it('records an earlier documentation PR still to close (`supersedes`), checked as the documentation PR is', () => {
    const record = { jobId: 'job_1', headSha: SHA1, docsPr: DOCS, supersedes: { ...DOCS, number: 4 } };
    expect(readRecord(body(recordLine(record, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record, sealedWith: 'api-key' });
    for (const supersedes of [{ ...DOCS, number: 0 }, { ...DOCS, headRef: '' }, 'acme/docs#4', null]) {
      expect(readRecord(body(recordLine({ ...record, supersedes } as never, SEAL, SCOPE)), SEAL, SCOPE), JSON.stringify(supersedes)).toEqual({
        found: 'unverified',
      });
    }
  });

  it('records a documentation PR held for the release: its merge commit, when it was merged, how the wait ended; each checked', () => {
    const release = { mergeCommit: SHA1, mergedAt: '2026-01-05T10:00:00.000Z', releasedIn: 'v1.2.0' };
    const record = { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, release } };
    expect(readRecord(body(recordLine(record, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record, sealedWith: 'api-key' });
    const waiting = { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, release: { mergeCommit: SHA1, foundReady: true as const } } };
    expect(readRecord(body(recordLine(waiting, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record: waiting, sealedWith: 'api-key' });
    for (const bad of [
      { mergeCommit: 'abc' },
      { mergeCommit: SHA1, mergedAt: '2026-01-05' },
      { mergeCommit: SHA1, releasedIn: '' },
      { mergeCommit: SHA1, releasedIn: 'x'.repeat(256) },
      { mergeCommit: SHA1, foundReady: false },
      'held',
    ]) {
      const sealed = recordLine({ jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, release: bad } } as never, SEAL, SCOPE);
      expect(readRecord(body(sealed), SEAL, SCOPE), JSON.stringify(bad)).toEqual({ found: 'unverified' });
    }
  });

  it('records the job at work (`working`), and nothing but `true` for it', () => {
    const working = { jobId: 'job_1', headSha: SHA1, working: true as const };
    expect(readRecord(body(recordLine(working, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record: working, sealedWith: 'api-key' });
    expect(readRecord(body(recordLine({ ...working, working: false } as never, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'unverified' });
  });

  it('is not a record written without a seal (an earlier version), nor a back-link read as one', () => {
    const unsealed = `<!-- docs-agent-action:state {"jobId":"job_1","headSha":"${SHA1}"} -->`;
    expect(readRecord(body(unsealed), SEAL, SCOPE)).toEqual({ found: 'unverified' });
    const link = backLinkLine({ codePr: { repository: 'acme/widgets', number: 12 } }, SEAL, SCOPE);
    expect(readRecord(body(link), SEAL, SCOPE)).toEqual({ found: 'none' });
  });

  it('is read from the last line only: a sealed record anywhere above it counts for nothing', () => {
    const real = recordLine({ jobId: 'job_real', headSha: SHA1 }, SEAL, SCOPE);
    const planted = recordLine({ jobId: 'job_planted', headSha: SHA256 }, SEAL, SCOPE);
    expect(readRecord(body(real, planted), SEAL, SCOPE)).toEqual({ found: 'verified', record: { jobId: 'job_real', headSha: SHA1 }, sealedWith: 'api-key' });
    expect(readRecord(body('The end.', planted), SEAL, SCOPE)).toEqual({ found: 'none' });
    // A last line that starts as a record and is not one is not followed either.
    expect(readRecord(`${planted} trailing`, SEAL, SCOPE)).toEqual({ found: 'unverified' });
  });

  it('is not followed without a job ID and a commit SHA of the right form, even when sealed', () => {
    const sealed = (fields: object) => body(recordLine(fields, SEAL, SCOPE));
    for (const fields of [
      {},
      { jobId: 'job_1' },
      { headSha: SHA1 },
      { jobId: 'job_1', judged: JUDGED },
      { jobId: 7, headSha: SHA1 },
      { jobId: 'job_1', headSha: [SHA1] },
      { jobId: '..', headSha: SHA1 },
      { jobId: 'job_1', headSha: SHA1.toUpperCase() },
      { jobId: 'job_1', headSha: `${SHA1}0` },
      { jobId: 'job_1', headSha: 'main' },
      { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, headRef: '' } },
      { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, number: 0 } },
      { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, repository: 'acme' } },
      // A branch name longer than the action records is never followed.
      { jobId: 'job_1', headSha: SHA1, docsPr: { ...DOCS, headRef: 'b'.repeat(MAX_OUTSIDE_CHARS + 1) } },
    ]) {
      expect(readRecord(sealed(fields), SEAL, SCOPE), JSON.stringify(fields)).toEqual({ found: 'unverified' });
    }
  });

  it('keeps what the last status was judged on: with a job, or alone for a pull request no job was sent for', () => {
    const withJob = { jobId: 'job_1', headSha: SHA1, judged: { ...JUDGED, docsPr: DOCS } };
    expect(readRecord(body(recordLine(withJob, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record: withJob, sealedWith: 'api-key' });
    const alone = { judged: { sha: SHA1, outcome: 'skipped' as const, skip: 'filtered' as const } };
    expect(readRecord(body(recordLine(alone, SEAL, SCOPE)), SEAL, SCOPE)).toEqual({ found: 'verified', record: alone, sealedWith: 'api-key' });
  });

  it('is not followed when what a status was judged on is not what the action writes, or a record without a job keeps more', () => {
    const sealed = (fields: object) => body(recordLine(fields, SEAL, SCOPE));
    for (const judged of [
      { ...JUDGED, sha: 'main' },
      { ...JUDGED, outcome: 'gated' },
      { ...JUDGED, outcome: 'approved' },
      { ...JUDGED, skip: 'later' },
      { ...JUDGED, docsPr: { ...DOCS, number: 0 } },
      { outcome: 'no-pr' },
      'no-pr',
    ]) {
      expect(readRecord(sealed({ jobId: 'job_1', headSha: SHA1, judged }), SEAL, SCOPE), JSON.stringify(judged)).toEqual({ found: 'unverified' });
    }
    // Without a job, the record keeps only what its gate was judged on: no work, no documentation PR, no preview.
    for (const extra of [
      { working: true },
      { docsPr: DOCS },
      { supersedes: DOCS },
      { preview: { statusId: 'st_1', branch: 'b', triggeredAt: '2026-01-01T00:00:00.000Z' } },
    ]) {
      expect(readRecord(sealed({ judged: JUDGED, ...extra }), SEAL, SCOPE), JSON.stringify(extra)).toEqual({ found: 'unverified' });
    }
  });

  it('is read back from a comment with CRLF line endings, or blank lines after the record', () => {
    const line = recordLine({ jobId: 'job_1', headSha: SHA1 }, SEAL, SCOPE);
    const crlf = `${COMMENT_MARKER}\r\n## Docs agent\r\n\r\n${line}\r\n\r\n`;
    expect(readRecord(crlf, SEAL, SCOPE)).toEqual({ found: 'verified', record: { jobId: 'job_1', headSha: SHA1 }, sealedWith: 'api-key' });
    expect(readRecord(`${body(line)}\n\n`, SEAL, SCOPE).found).toBe('verified');
  });

  it('is a whole line: a sealed record that a line only ends with is not followed', () => {
    const line = recordLine({ jobId: 'job_1', headSha: SHA1 }, SEAL, SCOPE);
    expect(readRecord(body(`<!-- docs-agent-action:state ${line}`), SEAL, SCOPE)).toEqual({ found: 'unverified' });
    // A carriage return counts as the end of a CRLF line ending only: one before the record is something else on its line.
    expect(readRecord(body(`\r${line}`), SEAL, SCOPE)).toEqual({ found: 'none' });
  });

  it('keeps only the fields it records', () => {
    const line = recordLine({ jobId: 'job_1', headSha: SHA1, extra: 'x' } as never, SEAL, SCOPE);
    expect(readRecord(body(line), SEAL, SCOPE)).toStrictEqual({ found: 'verified', record: { jobId: 'job_1', headSha: SHA1 }, sealedWith: 'api-key' });
  });
});

describe('reader impact in the code PR comment record', () => {
  const sealed = (impact: unknown) => body(recordLine({ jobId: 'job_1', headSha: SHA1, impact } as never, SEAL, SCOPE));
  const IMPACT: ImpactRecord = {
    number: 7,
    base: 'main',
    head: SHA256,
    pages: [
      { path: 'api/auth.mdx', change: 'renamed', previousPath: 'api/login.mdx', visitors: 1200, human: 1000, ai: 200, thumbsDown: 3, redirected: true },
      { path: 'quickstart.mdx', change: 'modified', visitors: 310.5, human: 300, ai: 10.5, thumbsDown: 0 },
      { path: 'legacy.mdx', change: 'removed', visitors: 40, human: 40, ai: 0, thumbsDown: 1, redirected: null },
      { path: 'guides/new.mdx', change: 'added', visitors: 0, human: 0, ai: 0, thumbsDown: 0 },
      // Figures the reads did not reach.
      { path: 'guides/far.mdx', change: 'modified', visitors: null, human: null, ai: null, thumbsDown: null },
    ],
    more: 3,
  };

  it('is read back exactly as written: an old path, a redirect or a figure known or not (null), and no field a page was written without', () => {
    expect(readRecord(sealed(IMPACT), SEAL, SCOPE)).toStrictEqual({
      found: 'verified',
      record: { jobId: 'job_1', headSha: SHA1, impact: IMPACT },
      sealedWith: 'api-key',
    });
  });

  it('is read back when a count is under a millionth, which JSON writes with a minus: kept as 0', () => {
    const tiny = { ...IMPACT, pages: [{ ...IMPACT.pages[1]!, visitors: 5e-7, ai: 1e-300, thumbsDown: 0.000001 }] };
    const reading = readRecord(sealed(tiny), SEAL, SCOPE);
    expect(reading).toStrictEqual({
      found: 'verified',
      record: { jobId: 'job_1', headSha: SHA1, impact: { ...tiny, pages: [{ ...tiny.pages[0]!, visitors: 0, ai: 0, thumbsDown: 0.000001 }] } },
      sealedWith: 'api-key',
    });
  });

  it('makes the whole record unfollowed when it is not what the action writes, even when sealed', () => {
    const page = IMPACT.pages[1]!;
    for (const impact of [
      { ...IMPACT, head: 'main' },
      { ...IMPACT, number: 0 },
      { ...IMPACT, number: '7' },
      { ...IMPACT, base: 7 },
      { ...IMPACT, base: 'b'.repeat(MAX_OUTSIDE_CHARS + 1) },
      { ...IMPACT, number: undefined },
      { ...IMPACT, more: -1 },
      { ...IMPACT, pages: '' },
      { ...IMPACT, pages: {} },
      { ...IMPACT, pages: Array.from({ length: 21 }, () => page) },
      { ...IMPACT, pages: [{ ...page, change: 'moved' }] },
      { ...IMPACT, pages: [{ ...page, human: -1 }] },
      { ...IMPACT, pages: [{ ...page, thumbsDown: '0' }] },
      { ...IMPACT, pages: [{ ...page, visitors: undefined }] },
      { ...IMPACT, pages: [{ ...page, previousPath: 7 }] },
      { ...IMPACT, pages: [{ ...page, redirected: 'yes' }] },
      { ...IMPACT, pages: [{ ...page, path: 'p'.repeat(MAX_OUTSIDE_CHARS + 1) }] },
      { ...IMPACT, pages: [{ ...page, previousPath: 'p'.repeat(MAX_OUTSIDE_CHARS + 1) }] },
    ]) {
      expect(readRecord(sealed(impact), SEAL, SCOPE), JSON.stringify(impact)).toEqual({ found: 'unverified' });
    }
  });

  it('measured by an earlier version for its head alone: measured again, the rest of the record followed', () => {
    const headAlone = { head: IMPACT.head, pages: IMPACT.pages, more: IMPACT.more };
    expect(readRecord(sealed(headAlone), SEAL, SCOPE)).toStrictEqual({ found: 'verified', record: { jobId: 'job_1', headSha: SHA1 }, sealedWith: 'api-key' });
  });
});

describe('the reader impact a record keeps', () => {
  const KEY = { number: 7, base: 'main', head: SHA1 };
  /**
   * Page `index` of the record, whose sealed JSON takes exactly `chars` characters: its path of at
   * most 255 code points made long in the record by letters the record writes as `\\u` escapes
   * (six characters each), as a path in another script is.
   */
  const pageOf = (index: number, chars: number): ImpactRecord['pages'][number] => {
    const page = { path: `page${index}/`, change: 'modified' as const, visitors: 100 - index, human: 100 - index, ai: 0, thumbsDown: 0 };
    const missing = chars - JSON.stringify(page).length;
    const path = `${page.path}${'é'.repeat(Math.floor(missing / 6))}${'a'.repeat(missing % 6)}`;
    expect([...path].length).toBeLessThanOrEqual(MAX_OUTSIDE_CHARS);
    return { ...page, path };
  };
  const pagesOf = (count: number, chars: number) => Array.from({ length: count }, (_, index) => pageOf(index, chars));

  it('leaves out a page whose path (or earlier path) is longer than it records, and counts it with the rest', () => {
    const [first, second, third] = pagesOf(3, 120);
    const long = { ...second!, path: `${'x'.repeat(MAX_OUTSIDE_CHARS)}/` };
    const renamedFromLong = { ...third!, change: 'renamed' as const, previousPath: 'y'.repeat(MAX_OUTSIDE_CHARS + 1) };
    expect(impactRecordOf(KEY, [first!, long, renamedFromLong])).toEqual({ ...KEY, pages: [first], more: 2 });
    const atTheEdge = { ...second!, path: 'z'.repeat(MAX_OUTSIDE_CHARS) };
    expect(impactRecordOf(KEY, [first!, atTheEdge]).pages).toEqual([first, atTheEdge]);
  });

  it('keeps the busiest pages while their JSON, a comma after each, fits in 8,000 characters, and counts the rest', () => {
    // 16 pages of 499 characters and their commas are exactly 8,000: they fit.
    const exact = pagesOf(18, 499);
    expect(impactRecordOf(KEY, exact)).toEqual({ ...KEY, pages: exact.slice(0, 16), more: 2 });
    // One character more each, and the 16th does not.
    const over = pagesOf(16, 500);
    expect(impactRecordOf(KEY, over)).toEqual({ ...KEY, pages: over.slice(0, 15), more: 1 });
  });
});

describe('the back-link record', () => {
  const scope = docsPrScope({ id: 91, name: 'acme/docs' }, 5);

  it('names the code PR, verified for the documentation PR it is on only', () => {
    const line = backLinkLine({ codePr: { repository: 'acme/widgets', number: 12 } }, SEAL, scope);
    expect(readBackLink(`intro\n${line}`, SEAL, scope)).toEqual({
      found: 'verified',
      record: { codePr: { repository: 'acme/widgets', number: 12 } },
      sealedWith: 'api-key',
    });
    expect(readBackLink(`intro\n${line}`, SEAL, docsPrScope({ id: 91, name: 'acme/docs' }, 6))).toEqual({ found: 'unverified' });
    expect(readBackLink(`intro\n${line}`, SEAL, docsPrScope({ id: 92, name: 'acme/docs' }, 5))).toEqual({ found: 'unverified' });
    // A code PR's record sealed for the same number is not a back-link.
    expect(readBackLink(recordLine({ jobId: 'job_1', headSha: SHA1 }, SEAL, scope), SEAL, scope)).toEqual({ found: 'none' });
  });

  it('names the code repository’s ID and the identity that writes the code PR’s comment, each checked', () => {
    const record = { codePr: { repository: 'acme/widgets', number: 12, repositoryId: 77 }, commentAuthor: 'github-actions[bot]' };
    expect(readBackLink(backLinkLine(record, SEAL, scope), SEAL, scope)).toEqual({ found: 'verified', record, sealedWith: 'api-key' });
    for (const bad of [
      { ...record, commentAuthor: 'two words' },
      { ...record, commentAuthor: '' },
      { ...record, commentAuthor: 7 },
      { ...record, codePr: { ...record.codePr, repositoryId: 0 } },
      { ...record, codePr: { ...record.codePr, repositoryId: '77' } },
    ]) {
      expect(readBackLink(backLinkLine(bad as never, SEAL, scope), SEAL, scope), JSON.stringify(bad)).toEqual({ found: 'unverified' });
    }
  });
});

describe('a marked comment', () => {
  it('has the marker as its whole first line, and nowhere else counts', () => {
    expect(isMarked(`${COMMENT_MARKER}\nbody`, COMMENT_MARKER)).toBe(true);
    expect(isMarked(`${COMMENT_MARKER}\r\nbody`, COMMENT_MARKER)).toBe(true);
    expect(isMarked(`quoted ${COMMENT_MARKER}\nbody`, COMMENT_MARKER)).toBe(false);
    expect(isMarked(`intro\n${COMMENT_MARKER}`, COMMENT_MARKER)).toBe(false);
    expect(isMarked(` ${COMMENT_MARKER}`, COMMENT_MARKER)).toBe(false);
    // A carriage return is dropped only as the end of a CRLF line ending, not before the marker.
    expect(isMarked(`\r${COMMENT_MARKER}\nbody`, COMMENT_MARKER)).toBe(false);
  });
});
