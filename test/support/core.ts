/**
 * The core (`core/context.ts`) as the steps make it, for the tests of what the core does with it:
 * a step's context on a fake clock, and the core the step's own `coreOf` (`steps/step.ts`) builds
 * from it, with the settings a test names over ones that turn nothing on. Its GitHub clients are
 * the step's (Octokit against the fake GitHub, each held to the step's time limits), unless a test
 * gives its own (an in-memory GitHub).
 */
import type { Core, CoreSettings } from '../../src/core/context.js';
import type { EventPullRequest } from '../../src/event.js';
import type { ConnectGitHub } from '../../src/github/clients.js';
import { gitHubClients } from '../../src/github/clients.js';
import type { RepositoryIdentity } from '../../src/memory/seal.js';
import { CancelledError, type StartTimer } from '../../src/runtime.js';
import type { CommonSettings } from '../../src/settings.js';
import { coreOf, type StepContext } from '../../src/steps/step.js';
import { DEFAULT_API_KEY } from '../simulator/http-server.js';
import { FakeTime, recordingLogger, type RecordingLogger } from './fake-time.js';
import { TEST_SEAL } from './records.js';

/** What a core is given unless a test says otherwise: nothing followed, no gate, no preview, a 30-minute `timeout`. */
export const TEST_CORE_SETTINGS: CoreSettings & Pick<CommonSettings, 'requestTimeoutMs' | 'retries' | 'apiKey' | 'previousApiKey'> = {
  dryRun: false,
  followCodePr: false,
  readerImpact: false,
  preview: false,
  timeoutMs: 30 * 60_000,
  docsStatus: 'off',
  waiveLabel: 'no-docs',
  requestTimeoutMs: 10_000,
  retries: 0,
  apiKey: DEFAULT_API_KEY,
  previousApiKey: '',
};

/** A step's context on a fake clock, and how the test cancels it (as SIGINT would). */
export interface TestStep {
  readonly time: FakeTime;
  readonly logger: RecordingLogger;
  readonly context: StepContext;
  readonly cancel: () => void;
}

export function testStep(
  options: { readonly time?: FakeTime; readonly startTimer?: StartTimer; readonly env?: NodeJS.ProcessEnv; readonly deadline?: number } = {},
): TestStep {
  const time = options.time ?? new FakeTime();
  const logger = recordingLogger();
  const cancellation = new AbortController();
  const context: StepContext = {
    client: undefined as never,
    event: { name: 'pull_request', payload: {}, actor: 'octocat' },
    env: options.env ?? {},
    logger,
    clock: time,
    sleep: time.sleep,
    startTimer:
      options.startTimer ??
      (() => {
        throw new Error('no request of this test is timed: give the step a startTimer');
      }),
    random: () => 0.5,
    signal: cancellation.signal,
    deadline: { at: options.deadline ?? time.now() + 60 * 60_000 },
    setOutput: () => undefined,
  };
  return { time, logger, context, cancel: () => cancellation.abort(new CancelledError('cancelled by SIGINT')) };
}

/**
 * The core of a step, as `coreOf` makes it: `code` the code repository and its token (none: a run
 * off a repository), no documentation side; `github` the step's clients, by default its own.
 */
export function testCore(
  step: Pick<TestStep, 'context'>,
  options: {
    readonly settings?: Partial<typeof TEST_CORE_SETTINGS>;
    readonly code?: { readonly repository: RepositoryIdentity; readonly token: string };
    readonly github?: ConnectGitHub;
  } = {},
): Core {
  const settings = { ...TEST_CORE_SETTINGS, ...options.settings };
  const github = options.github ?? gitHubClients(settings, step.context);
  return coreOf(settings, step.context, { code: options.code, docs: undefined }, github, TEST_SEAL);
}

/** The triggering pull request as an event gives it (`synchronize`, no labels), with `more` in place. */
export function eventPullRequest(more: Partial<EventPullRequest> & Pick<EventPullRequest, 'number' | 'headSha'>): EventPullRequest {
  return { title: 'Retries', headRef: 'feature/retries', action: 'synchronize', merged: false, labels: [], label: undefined, ...more };
}
