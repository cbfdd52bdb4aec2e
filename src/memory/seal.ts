import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The action's memory lives where others can write too: a pull-request comment (anyone with
 * write access can edit it, and the API's answers and pull-request titles are shown in it), and
 * the back-link on the documentation PR. So a record is read back only when it carries an HMAC
 * (SHA-256) that only a holder of the workflow's secret could have made, over the record and the
 * place it belongs to (`RecordScope`: which pull request, which kind of record), as GitHub signs
 * its webhooks. A record copied to another pull request, edited by hand, or planted in text the
 * action shows fails, and counts as none.
 *
 * The key is derived from `api-key`: every workflow that drives the same documentation project
 * holds it (the code repository's, and the documentation repository's running `command: sync`),
 * and nobody who can only write comments does. Admin keys expire (90 days by default), so a
 * rotation must not lose the memory of every open pull request: during one, `previous-api-key`
 * verifies what the earlier key sealed, and every write seals under `api-key` again (as JWKS
 * keeps the earlier key for an overlap). The derivation's label carries a version: a change of
 * the record's meaning changes it, and records written before then count as none.
 */
const KEY_LABEL = 'docs-agent-action record key v1';

export class RecordSeal {
  private constructor(
    private readonly key: Buffer,
    /** The key of `previous-api-key`, during a rotation: verifies, never signs. */
    private readonly previous: Buffer | undefined,
  ) {}

  static fromApiKey(apiKey: string, previousApiKey = ''): RecordSeal {
    return new RecordSeal(derive(apiKey), previousApiKey && previousApiKey !== apiKey ? derive(previousApiKey) : undefined);
  }

  /** The seal of `content` where it belongs (`scope`), as 64 lowercase hex digits: always under `api-key`. */
  sign(scope: string, content: string): string {
    return mac(this.key, scope, content).toString('hex');
  }

  /**
   * Which key sealed `content` at `scope` (`api-key`, or `previous-api-key` during a rotation), or
   * undefined when neither did; compared in constant time.
   */
  verify(scope: string, content: string, seal: string): 'api-key' | 'previous-api-key' | undefined {
    const given = Buffer.from(seal, 'hex');
    const matches = (key: Buffer): boolean => {
      const expected = mac(key, scope, content);
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    if (matches(this.key)) return 'api-key';
    return this.previous && matches(this.previous) ? 'previous-api-key' : undefined;
  }

  /** Whether a record that fails to verify could have been sealed under a key this run was not given. */
  get hasPreviousKey(): boolean {
    return this.previous !== undefined;
  }
}

function derive(apiKey: string): Buffer {
  return createHmac('sha256', apiKey).update(KEY_LABEL).digest();
}

function mac(key: Buffer, scope: string, content: string): Buffer {
  return createHmac('sha256', key).update(`${scope}\n${content}`).digest();
}

/**
 * A repository as a record is bound to it: by its numeric ID (`GITHUB_REPOSITORY_ID`, the
 * payload's `repository.id`, `base.repo.id` of its pull requests), which survives a rename or a
 * transfer; its name only where no ID is known (a local run).
 */
export interface RepositoryIdentity {
  readonly id: number | undefined;
  /** `owner/name` as GitHub names it now. */
  readonly name: string;
}

/**
 * Where a record belongs: the scope it is sealed for when written, and every scope it is accepted
 * under when read. A record written before records were bound to the repository's ID was sealed
 * for its name: it is still read (a rename since makes it count as none, as it did then), and the
 * next write seals it for the ID.
 */
export interface RecordScope {
  readonly written: string;
  readonly accepted: readonly string[];
}

/** The place a code PR's record belongs to: its repository and number. */
export function codePrScope(repository: RepositoryIdentity, number: number): RecordScope {
  return scopeOf('code-pr', repository, number);
}

/** The place a documentation PR's back-link belongs to. */
export function docsPrScope(repository: RepositoryIdentity, number: number): RecordScope {
  return scopeOf('docs-pr', repository, number);
}

function scopeOf(kind: 'code-pr' | 'docs-pr', repository: RepositoryIdentity, number: number): RecordScope {
  // GitHub's repository names are case-insensitive.
  const byName = `${kind} ${repository.name.toLowerCase()}#${number}`;
  if (repository.id === undefined) return { written: byName, accepted: [byName] };
  const byId = `${kind} id:${repository.id}#${number}`;
  return { written: byId, accepted: [byId, byName] };
}
