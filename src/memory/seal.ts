import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The action's memory lives where others can write too: a pull-request comment (anyone with
 * write access can edit it, and the API's answers and pull-request titles are shown in it), and
 * the back-link on the documentation PR. So a record is read back only when it carries an HMAC
 * (SHA-256) that only a holder of the workflow's secret could have made, over the record and the
 * place it belongs to (`scope`: which pull request, which kind of record), as GitHub signs its
 * webhooks. A record copied to another pull request, edited by hand, or planted in text the
 * action shows fails, and counts as none.
 *
 * The key is derived from `api-key`: every workflow that drives the same documentation project
 * holds it (the code repository's, and the documentation repository's running `command: sync`),
 * and nobody who can only write comments does. The derivation's label carries a version: a change
 * of the record's meaning changes it, and records written before then count as none.
 */
const KEY_LABEL = 'docs-agent-action record key v1';

export class RecordSeal {
  private constructor(private readonly key: Buffer) {}

  static fromApiKey(apiKey: string): RecordSeal {
    return new RecordSeal(createHmac('sha256', apiKey).update(KEY_LABEL).digest());
  }

  /** The seal of `content` where it belongs (`scope`), as 64 lowercase hex digits. */
  sign(scope: string, content: string): string {
    return createHmac('sha256', this.key).update(`${scope}\n${content}`).digest('hex');
  }

  /** Whether `mac` is this key's seal of `content` at `scope`, compared in constant time. */
  verify(scope: string, content: string, mac: string): boolean {
    const expected = Buffer.from(this.sign(scope, content), 'hex');
    const given = Buffer.from(mac, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The place a code PR's record belongs to: its repository (case-insensitive on GitHub) and number. */
export function codePrScope(repository: string, number: number): string {
  return `code-pr ${repository.toLowerCase()}#${number}`;
}

/** The place a documentation PR's back-link belongs to. */
export function docsPrScope(repository: string, number: number): string {
  return `docs-pr ${repository.toLowerCase()}#${number}`;
}
