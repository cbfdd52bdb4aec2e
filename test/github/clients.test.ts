/**
 * The agent step's GitHub clients: one per token, repository and limit, made on first use and
 * reused after, against the fake GitHub. A repository is the same whatever the case of its name;
 * a token is not, and each client acts as its own token's identity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import type { StepContext } from '../../src/steps/step.js';
import { gitHubClients } from '../../src/github/clients.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FakeTime, recordingLogger, seededRandom } from '../support/fake-time.js';

const REPO = { owner: 'acme', repo: 'widgets' };
const TOKEN = 'ghs_WriterToken1';
/** The same characters as TOKEN in another case: another token, of another identity. */
const OTHER_TOKEN = 'ghs_wRITERtOKEN1';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  github.tokens.set(TOKEN, { login: 'writer[bot]', repositories: {} });
  github.tokens.set(OTHER_TOKEN, { login: 'reader[bot]', repositories: {} });
});
afterAll(async () => {
  await github.close();
});

function connect() {
  const time = new FakeTime();
  const context = {
    client: undefined as unknown as ApiClient,
    event: { name: 'workflow_dispatch', payload: {} },
    env: { GITHUB_API_URL: github.url },
    logger: recordingLogger(),
    clock: time,
    sleep: time.sleep,
    startTimer: time.startTimer,
    random: seededRandom(1),
    signal: new AbortController().signal,
    deadline: { at: time.now() + 600_000 },
    setOutput: () => undefined,
  } as unknown as StepContext;
  return { connect: gitHubClients({ requestTimeoutMs: 10_000, retries: 0 }, context), until: time.now() + 60_000 };
}

describe('gitHubClients', () => {
  it('makes one client for a token, repository and limit, and gives it again after', async () => {
    const { connect: client, until } = connect();
    const first = client(TOKEN, REPO, until);
    expect(client(TOKEN, { ...REPO }, until)).toBe(first);
    expect(client(TOKEN, { owner: 'Acme', repo: 'Widgets' }, until)).toBe(first);
    expect(client(TOKEN, REPO, until + 1)).not.toBe(first);
    expect(client(TOKEN, { owner: 'acme', repo: 'docs' }, until)).not.toBe(first);
    expect(await (await first).tokenLogin()).toBe('writer[bot]');
  });

  it('keeps tokens that differ only in case apart: each client acts as its own token', async () => {
    const { connect: client, until } = connect();
    const writer = client(TOKEN, REPO, until);
    const reader = client(OTHER_TOKEN, REPO, until);
    expect(reader).not.toBe(writer);
    expect(await (await writer).tokenLogin()).toBe('writer[bot]');
    expect(await (await reader).tokenLogin()).toBe('reader[bot]');
  });

  it('refuses an empty token in the action’s words, naming the repository and the inputs, before any request, never as Octokit says it', async () => {
    const { connect: client, until } = connect();
    const before = github.requests.length;
    await expect(client('', REPO, until)).rejects.toThrow(
      'No token to reach acme/widgets with: the input that gives it (github-token, docs-token or code-token) is empty.',
    );
    await expect(client('', REPO, until)).rejects.toMatchObject({ name: 'GitHubError', kind: 'http' });
    expect(github.requests.length).toBe(before);
  });
});
