/**
 * The one writer of the `documentation` status (`gate/status.ts`), against a GitHub client in
 * memory that only sets commit statuses: what it sends (context `documentation`, the policy's
 * state, description and link, on the given commit), its one log line for each end (written, a
 * dry run, a failure), and what the write came to: the state GitHub took, or none and whether
 * GitHub refused it (an HTTP answer below 500, which the same run would meet again). A write cut
 * off by the step's cancellation says nothing: the last writes write it again.
 */
import { describe, expect, it } from 'vitest';
import { gateStatus, type GateStatus } from '../../src/gate/policy.js';
import { writeGateStatus } from '../../src/gate/status.js';
import { GitHubError, type CommitStatus, type GitHubApi } from '../../src/github/api.js';
import { recordingLogger } from '../support/fake-time.js';

const SHA = 'e'.repeat(40);
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/4242';
const OPEN: GateStatus = gateStatus({
  mode: 'written',
  waiveLabel: 'no-docs',
  outcome: 'pr-opened',
  docsPr: { standing: 'open', name: 'acme/docs#5', url: 'https://github.com/acme/docs/pull/5' },
  runUrl: RUN_URL,
})!;
const FAILED: GateStatus = gateStatus({ mode: 'written', waiveLabel: 'no-docs', outcome: 'failed', runUrl: RUN_URL })!;

const PERMISSION_HINT =
  'give the job "permissions: statuses: write" (in the documentation repository\'s workflow, code-token needs "Commit statuses: write" on the code repository). A pull request from a fork gets a read-only token; the documentation gate guide shows a workflow that still leaves the status.';

/** A GitHub client in memory: each status set is kept with its commit; `failure` makes every write fail with it. */
function memoryGitHub(failure?: Error) {
  const sent: Array<{ sha: string; status: CommitStatus }> = [];
  let made = 0;
  const api = {
    setCommitStatus: (sha: string, status: CommitStatus): Promise<void> => {
      sent.push({ sha, status });
      return failure === undefined ? Promise.resolve() : Promise.reject(failure);
    },
  } as unknown as GitHubApi;
  const client = (): Promise<GitHubApi> => {
    made++;
    return Promise.resolve(api);
  };
  return { sent, client, made: () => made };
}

async function write(status: GateStatus, failure?: Error, dryRun = false) {
  const github = memoryGitHub(failure);
  const logger = recordingLogger();
  const result = await writeGateStatus(status, SHA, github.client, { logger, dryRun });
  return { result, sent: github.sent, made: github.made(), lines: logger.lines };
}

describe('writeGateStatus: a status GitHub takes', () => {
  it('sends the policy’s status under the context documentation, on the commit, and says so in one info line', async () => {
    const { result, sent, lines } = await write(OPEN);
    expect(sent).toEqual([
      {
        sha: SHA,
        status: {
          state: 'success',
          description: 'The documentation PR acme/docs#5 is open',
          sentence: OPEN.sentence,
          targetUrl: 'https://github.com/acme/docs/pull/5',
          context: 'documentation',
        },
      },
    ]);
    expect(result).toEqual({ state: 'success' });
    expect(lines).toEqual([{ level: 'info', message: `Documentation gate: success on ${SHA} (The documentation PR acme/docs#5 is open).` }]);
  });

  it('answers the state it sent: a failure is taken as any other', async () => {
    const { result, sent, lines } = await write(FAILED);
    expect(sent.map(({ status }) => [status.state, status.context, status.targetUrl])).toEqual([['failure', 'documentation', RUN_URL]]);
    expect(result).toEqual({ state: 'failure' });
    expect(lines).toEqual([
      {
        level: 'info',
        message: `Documentation gate: failure on ${SHA} (The documentation agent failed; re-run the workflow, or add the label no-docs to waive it).`,
      },
    ]);
  });
});

describe('writeGateStatus: a dry run', () => {
  it('makes no client and writes nothing; one info line says what it would set', async () => {
    const { result, sent, made, lines } = await write(OPEN, undefined, true);
    expect(made).toBe(0);
    expect(sent).toEqual([]);
    expect(result).toEqual({ state: undefined, refused: false });
    expect(lines).toEqual([
      { level: 'info', message: `Dry run: would set the documentation status of ${SHA} to success (The documentation PR acme/docs#5 is open).` },
    ]);
  });
});

describe('writeGateStatus: a status GitHub refuses', () => {
  it('a 403 is one warning naming the permission to give (and a fork’s read-only token), with GitHub’s answer; refused', async () => {
    const error = new GitHubError(
      'GitHub commit status answered 403: Resource not accessible by integration.',
      'http',
      403,
      'Resource not accessible by integration',
    );
    const { result, lines } = await write(OPEN, error);
    expect(result).toEqual({ state: undefined, refused: true });
    expect(lines).toEqual([
      {
        level: 'warning',
        message: `Could not set the documentation status on ${SHA}: GitHub answered 403 (Resource not accessible by integration): ${PERMISSION_HINT}`,
      },
    ]);
  });

  it('a 403 without GitHub’s message says forbidden', async () => {
    const { result, lines } = await write(OPEN, new GitHubError('GitHub commit status answered 403.', 'http', 403));
    expect(result).toEqual({ state: undefined, refused: true });
    expect(lines).toEqual([
      { level: 'warning', message: `Could not set the documentation status on ${SHA}: GitHub answered 403 (forbidden): ${PERMISSION_HINT}` },
    ]);
  });

  it.each([400, 404, 422, 499])('a %i is one warning with the failure’s own message; refused', async (status) => {
    const message = `GitHub commit status answered ${status}: No commit found for SHA.`;
    const { result, lines } = await write(OPEN, new GitHubError(message, 'http', status, 'No commit found for SHA'));
    expect(result).toEqual({ state: undefined, refused: true });
    expect(lines).toEqual([{ level: 'warning', message: `Could not set the documentation status on ${SHA}: ${message}` }]);
  });
});

describe('writeGateStatus: a status that could not be written, which a later write may still set', () => {
  it.each([500, 502, 503])('a %i is one warning; not refused', async (status) => {
    const message = `GitHub commit status answered ${status}: Server Error.`;
    const { result, lines } = await write(OPEN, new GitHubError(message, 'http', status, 'Server Error'));
    expect(result).toEqual({ state: undefined, refused: false });
    expect(lines).toEqual([{ level: 'warning', message: `Could not set the documentation status on ${SHA}: ${message}` }]);
  });

  it.each([
    ['network', "GitHub commit status could not connect to http://127.0.0.1:9 (ECONNREFUSED); check GITHUB_API_URL and the runner's network."],
    ['timeout', 'GitHub commit status timed out: no complete answer within request-timeout (30s).'],
    ['deadline', "GitHub commit status timed out: the step's timeout ran out before it answered."],
    ['shape', 'GitHub commit status answered with an error: unexpected.'],
  ] as const)('a %s failure is one warning with its message; not refused', async (kind, message) => {
    const { result, lines } = await write(OPEN, new GitHubError(message, kind));
    expect(result).toEqual({ state: undefined, refused: false });
    expect(lines).toEqual([{ level: 'warning', message: `Could not set the documentation status on ${SHA}: ${message}` }]);
  });

  it.each([
    [429, 'API rate limit exceeded for installation.'],
    [403, 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'],
    [403, 'API rate limit exceeded for installation ID 42.'],
  ] as const)(
    'a rate limit (%i, "%s") is one warning saying so, without the permission hint; not refused, so a later write tries again',
    async (status, answer) => {
      const message = `GitHub commit status answered ${status}: ${answer}`;
      const { result, lines } = await write(OPEN, new GitHubError(message, 'http', status, answer));
      expect(result).toEqual({ state: undefined, refused: false });
      expect(lines).toEqual([
        {
          level: 'warning',
          message: `Could not set the documentation status on ${SHA}: ${message} GitHub's rate limit held it back: it is not a missing permission.`,
        },
      ]);
    },
  );

  it('only an HTTP answer is a refusal, whatever status another failure carries', async () => {
    const { result } = await write(OPEN, new GitHubError('GitHub commit status answered with an error: odd.', 'shape', 404));
    expect(result).toEqual({ state: undefined, refused: false });
  });

  it('an HTTP failure without a status is not a refusal', async () => {
    const { result } = await write(OPEN, new GitHubError('GitHub commit status failed.', 'http'));
    expect(result).toEqual({ state: undefined, refused: false });
  });

  it('a failure that is no GitHubError is one warning with its message; not refused', async () => {
    const { result, lines } = await write(OPEN, new Error('socket hang up'));
    expect(result).toEqual({ state: undefined, refused: false });
    expect(lines).toEqual([{ level: 'warning', message: `Could not set the documentation status on ${SHA}: socket hang up` }]);
  });

  it('a failure that is no GitHubError but carries a 403 (Octokit’s own error) is said as it is: no permission hint, not refused', async () => {
    const { result, lines } = await write(OPEN, Object.assign(new Error('HttpError: Forbidden'), { status: 403 }));
    expect(result).toEqual({ state: undefined, refused: false });
    expect(lines).toEqual([{ level: 'warning', message: `Could not set the documentation status on ${SHA}: HttpError: Forbidden` }]);
  });

  it('a client that fails while it is made is one warning; nothing is sent; not refused', async () => {
    const logger = recordingLogger();
    const result = await writeGateStatus(OPEN, SHA, () => Promise.reject(new Error('Cannot find module octokit-client.js')), { logger, dryRun: false });
    expect(result).toEqual({ state: undefined, refused: false });
    expect(logger.lines).toEqual([{ level: 'warning', message: `Could not set the documentation status on ${SHA}: Cannot find module octokit-client.js` }]);
  });
});

describe('writeGateStatus: cut off by the step’s cancellation', () => {
  it('says nothing (the last writes write it again, in a window of their own); not refused', async () => {
    const { result, sent, lines } = await write(OPEN, new GitHubError('GitHub commit status cancelled.', 'cancelled'));
    expect(sent).toHaveLength(1);
    expect(result).toEqual({ state: undefined, refused: false });
    expect(lines).toEqual([]);
  });
});
