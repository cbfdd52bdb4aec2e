/**
 * The flows in process: each step (agent, visitors, refresh) run as the entry layer runs it, with
 * the settings parsed by the contract's own rules and the report applied by the entry layer's own
 * `applyReport`, against the API simulator (and the fake GitHub) over real HTTP on loopback, but
 * with fake time: every pause of the flow moves the clock at once, so an hour's wait takes
 * milliseconds, and a request that hangs ends at its `request-timeout` on that clock
 * (test/support/request-timers.ts). The simulator shares that clock, so a job scripted by time
 * lives by it too.
 *
 * What the runner would show is recorded instead: the outputs (in the order the runner's output
 * file would get them, the last value of a name winning), the summary, the log by level, and
 * each failure line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { OutputName } from '../../src/constants.js';
import type { TriggerEvent } from '../../src/event.js';
import type { GitHubApi } from '../../src/github/api.js';
import { createGitHubApi } from '../../src/github/octokit.js';
import { parseSettings, type ParsedSettings } from '../../src/inputs.js';
import type { Settings } from '../../src/settings.js';
import { runStep } from '../../src/steps/run-step.js';
import { applyReport, type StepContext } from '../../src/steps/step.js';
import type { ArtifactUpload, UploadArtifact } from '../../src/visitors/artifact.js';
import { CancelledError, stepDeadline, type Sleep } from '../../src/runtime.js';
import { USER_AGENT } from '../../src/version.js';
import { apiInputs, startSimulator, type JobScript, type Simulator, type SimulatorOptions } from '../simulator/index.js';
import { runnerRepositoryId, startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { FakeTime, recordingLogger, seededRandom, type RecordingLogger } from './fake-time.js';
import { octokitPauses } from './octokit-pauses.js';
import { RequestTimers, type HeldRequest } from './request-timers.js';
import { timedDispatcher } from './timed-dispatcher.js';

export interface FlowsOptions {
  readonly simulator?: Omit<SimulatorOptions, 'now'>;
  /** Start the fake GitHub too (the agent step's diff and pull-request comment). */
  readonly github?: boolean;
}

/** What a hook may do to the running step: cancel it, as SIGINT or SIGTERM would. */
export interface RunningFlow {
  /** How many times so far (this one included). */
  readonly count: number;
  cancel(): void;
}

export interface FlowOptions {
  /** The triggering event; none (a `workflow_dispatch` without a payload) by default. */
  readonly event?: { readonly name: string; readonly payload: unknown; readonly actor?: string };
  /**
   * More of the runner's environment. When the fake GitHub runs, GITHUB_REPOSITORY (the workflow's
   * repository as the fake names it now) and GITHUB_API_URL are set, and GITHUB_REPOSITORY_ID, as a
   * runner sets it: the ID the fake knows the run's repository by (GITHUB_REPOSITORY's, this env's
   * when it gives another), unless this env gives one.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Told before each pause of the flow (a poll interval, a retry's wait), before the clock moves. */
  readonly onPause?: (flow: RunningFlow, ms: number) => void;
  /** Told as each request to the API goes out, before it is sent. */
  readonly onApiRequest?: (flow: RunningFlow) => void;
  /**
   * Told as the simulator or the fake GitHub holds a request unanswered (a hang), before the
   * clock runs to its time limit: a cancellation here comes while the request is in flight.
   */
  readonly onHang?: (flow: RunningFlow) => void;
  /** How much fake time each request to the API takes (0: none). */
  readonly requestMs?: number;
  /** The visitors step's upload; by default one that records the call and answers an ID. */
  readonly uploadArtifact?: UploadArtifact;
}

export interface FlowResult {
  readonly settings: Settings;
  /** As the runner's output file would read: the job ID set early, then the report's outputs. */
  readonly outputs: Readonly<Record<string, string>>;
  /** The outputs set before the report, as soon as they were known (the job ID, the preview URL), in order. */
  readonly earlyOutputs: ReadonlyArray<readonly [string, string]>;
  readonly summary: string;
  /** Each line the step fails with, in order (`core.setFailed`'s `::error::` lines). */
  readonly failures: readonly string[];
  readonly failed: boolean;
  /** Everything logged, the settings' warnings and the closing line included. */
  readonly log: RecordingLogger;
  /** The artifact uploads the visitors step asked for. */
  readonly uploads: ReadonlyArray<{ name: string; files: string[]; rootDirectory: string }>;
}

export interface Flows {
  readonly sim: Simulator;
  /** Undefined unless started with `github: true`. */
  readonly github: FakeGitHub | undefined;
  readonly time: FakeTime;
  /** The runner's temporary folder and workspace for every run; removed by `close`. */
  readonly runnerTemp: string;
  run(inputs: Readonly<Record<string, string>>, options?: FlowOptions): Promise<FlowResult>;
  settingsFor(inputs: Readonly<Record<string, string>>, event: TriggerEvent, env?: NodeJS.ProcessEnv): ParsedSettings;
  /** The GitHub client the agent step would make, against the fake GitHub. */
  githubApi(signal?: AbortSignal): Promise<GitHubApi>;
  /**
   * Empties the request logs and fault queues, and GitHub's pull requests, comments, collaborators
   * and identity; its other repositories go (one added again has its ID again), and the workflow's
   * is named REPOSITORY again.
   */
  reset(): void;
  close(): Promise<void>;
}

export const GITHUB_TOKEN = 'ghs_inProcessFlowToken42';
export const REPOSITORY = 'acme/widgets';

export async function startFlows(options: FlowsOptions = {}): Promise<Flows> {
  const time = new FakeTime();
  // The time limits of every request of the flows, on their clock: a hang ends at its limit there.
  const timers = new RequestTimers(time);
  // And the hook of the flow that runs, told first.
  let onHang: (() => void) | undefined;
  const hang = (request: HeldRequest): void => {
    onHang?.();
    timers.hang(request);
  };
  const sim = await startSimulator({ ...options.simulator, now: () => time.now() });
  sim.onHang = hang;
  sim.dripPause = (ms, request) => timers.pause(request, ms);
  // GitHub lives by the flows' clock too: a comment's time of update is the run's, as a sweep's window reads it.
  const github = options.github ? await startFakeGitHub({ now: () => time.now() }) : undefined;
  if (github) github.onHang = hang;
  const runnerTemp = mkdtempSync(join(tmpdir(), 'docs-agent-flow-'));
  // Every request to the API passes here first: the hooks of the flow that runs.
  let onRequest: (() => void) | undefined;
  const dispatcher: Dispatcher = timedDispatcher(() => ({ onRequest }));

  /** The settings the runner would read from these inputs, with the simulator's key, project and URL (and the GitHub token) filled in. */
  function settingsFor(inputs: Readonly<Record<string, string>>, event: TriggerEvent, env: NodeJS.ProcessEnv = {}): ParsedSettings {
    const given: Record<string, string> = apiInputs(sim, { ...(github ? { 'github-token': GITHUB_TOKEN } : {}), ...inputs });
    // The runner's convention, as `readSettings` reads INPUT_* (without its masking, which only the runner sees).
    return parseSettings((name) => given[name]?.trim(), { event, nowMs: time.now(), env });
  }

  async function run(inputs: Readonly<Record<string, string>>, flowOptions: FlowOptions = {}): Promise<FlowResult> {
    const event: TriggerEvent = {
      name: flowOptions.event?.name ?? '',
      payload: (flowOptions.event?.payload ?? {}) as TriggerEvent['payload'],
      actor: flowOptions.event?.actor ?? 'octocat',
    };
    const given: Record<string, string> = {
      RUNNER_TEMP: runnerTemp,
      GITHUB_WORKSPACE: runnerTemp,
      ...(github ? { GITHUB_REPOSITORY: github.workflowRepository, GITHUB_API_URL: github.url } : {}),
      ...flowOptions.env,
    };
    const env: NodeJS.ProcessEnv = { ...runnerRepositoryId(given), ...given };
    const { settings, warnings, notices } = settingsFor(inputs, event, env);

    const log = recordingLogger();
    for (const warning of warnings) log.warning(warning);
    for (const notice of notices) log.notice(notice);
    const cancellation = new AbortController();
    const cancel = (): void => cancellation.abort(new CancelledError('cancelled by SIGINT'));
    let pauses = 0;
    let requests = 0;
    let hangs = 0;
    const sleep: Sleep = (ms, signal) => {
      flowOptions.onPause?.({ count: ++pauses, cancel }, ms);
      return time.sleep(ms, signal);
    };
    // Octokit's retry and rate-limit pauses are taken on the flow's clock too (octokit-pauses.ts).
    octokitPauses.clock = time;
    onRequest = () => {
      flowOptions.onApiRequest?.({ count: ++requests, cancel });
      time.advance(flowOptions.requestMs ?? 0);
    };
    onHang = () => flowOptions.onHang?.({ count: ++hangs, cancel });
    const random = seededRandom(11);
    // The step's one deadline, as the entry layer builds it.
    const deadline = stepDeadline(time.now(), settings);
    // What the client and the step share: the log, the clock and its timers, chance, the cancellation.
    const ports = { logger: log, clock: time, sleep, startTimer: timers.startTimer, random, signal: cancellation.signal };
    const { baseUrl, apiKey, projectId, requestTimeoutMs, retries } = settings;
    const client = new ApiClient({ baseUrl, apiKey, projectId, requestTimeoutMs, retries, userAgent: USER_AGENT, ...ports, dispatcher, deadline: deadline.at });

    const outputs: Record<string, string> = {};
    const earlyOutputs: Array<readonly [string, string]> = [];
    const setOutput = (name: OutputName, value: string): void => {
      outputs[name] = value;
      earlyOutputs.push([name, value]);
    };
    const uploads: Array<{ name: string; files: string[]; rootDirectory: string }> = [];
    const recordUpload: UploadArtifact = (name, files, rootDirectory): Promise<ArtifactUpload> => {
      uploads.push({ name, files, rootDirectory });
      return Promise.resolve({ id: 4242 });
    };
    const context: StepContext = { client, event, env, ...ports, deadline, setOutput };
    let summary = '';
    const failures: string[] = [];
    try {
      const report = await runStep(settings, context, flowOptions.uploadArtifact ?? recordUpload);
      await applyReport(report, {
        setOutputs: (values) => Object.assign(outputs, values),
        writeSummary: (markdown) => {
          summary += markdown;
          return Promise.resolve();
        },
        info: (line) => log.info(line),
        fail: (message) => failures.push(message),
      });
    } finally {
      octokitPauses.clock = undefined;
      onRequest = undefined;
      onHang = undefined;
      await client.close();
    }
    return { settings, outputs, earlyOutputs, summary, failures, failed: failures.length > 0, log, uploads };
  }

  return {
    sim,
    github,
    time,
    runnerTemp,
    run,
    settingsFor,
    githubApi: (signal = new AbortController().signal) => {
      if (!github) throw new Error('The fake GitHub was not started: startFlows({ github: true }).');
      const [owner, repo] = github.workflowRepository.split('/') as [string, string];
      return createGitHubApi({
        token: GITHUB_TOKEN,
        repo: { owner, repo },
        requestTimeoutMs: 5_000,
        deadline: time.now() + 60_000,
        signal,
        clock: time,
        startTimer: timers.startTimer,
        apiUrl: github.url,
        // The diff reader's tests judge GitHub's answers as given: no retry hides a fault.
        retries: 0,
        logger: { info: () => undefined },
      });
    },
    reset: () => {
      sim.resetLog();
      sim.clearFaults();
      if (github) resetGitHub(github);
    },
    close: async () => {
      timers.close();
      await Promise.all([sim.close(), github?.close(), dispatcher.close()]);
      rmSync(runnerTemp, { recursive: true, force: true });
    },
  };
}

/**
 * The fake GitHub as it started: no request logged or hook set, no pull request, comment, commit,
 * status, collaborator, token, branch, branch rule or other repository, the workflow's repository named REPOSITORY
 * again, no fault queued, and the workflow's token and identity as by default.
 */
export function resetGitHub(github: FakeGitHub): void {
  github.requests.length = 0;
  github.onRequest = undefined;
  github.pulls.clear();
  github.compares.clear();
  github.commits.clear();
  github.releases.length = 0;
  github.tags.clear();
  github.parents.clear();
  github.comments.length = 0;
  github.commentWriteStatus = 0;
  github.viewerLogin = 'github-actions[bot]';
  github.pullStates.clear();
  github.repositories.clear();
  github.collaborators.clear();
  if (github.workflowRepository !== REPOSITORY) github.rename(github.workflowRepository, REPOSITORY);
  github.tokens.clear();
  github.statuses.length = 0;
  github.branches.clear();
  github.branchRules.clear();
  github.workflowToken = {};
  github.clearFaults();
}

/** How `useFlows` runs around each test. */
export interface EachTest {
  /** `flows.reset()` before each test (default true): a test that resets as it goes says false. */
  readonly reset?: boolean;
  /** With the fake GitHub, after each test: every request sent and every answer given is as GitHub describes it (default true). */
  readonly checkGitHub?: boolean;
}

/**
 * One set of flows for the tests of a file, or of the `describe` it is called in: started before
 * them, closed after them, and around each test as `each` says. `keep` is given them once they run,
 * for the file's own variables: `useFlows({ github: true }, (started) => ({ flows, github } = started))`.
 */
export function useFlows(
  options: FlowsOptions & { readonly github: true },
  keep: (started: { flows: Flows; github: FakeGitHub }) => void,
  each?: EachTest,
): void;
export function useFlows(options: FlowsOptions, keep: (started: { flows: Flows }) => void, each?: EachTest): void;
export function useFlows(options: FlowsOptions, keep: (started: { flows: Flows; github: FakeGitHub }) => void, each: EachTest = {}): void {
  let running: Flows | undefined;
  beforeAll(async () => {
    running = await startFlows(options);
    // Without the fake GitHub, the overload gives `keep` no `github` to read.
    keep({ flows: running, github: running.github! });
  });
  afterAll(() => running?.close());
  if (each.reset ?? true) beforeEach(() => running!.reset());
  if (options.github && (each.checkGitHub ?? true)) afterEach(async () => expect(await running!.github!.takeViolations()).toEqual([]));
}

/** A job created on the simulator directly, living by `script`, as an earlier run of the action created it: its ID. */
export async function createdJob(sim: Simulator, script: JobScript): Promise<string> {
  sim.queueJobScripts(script);
  const answer = await fetch(`${sim.url}/v2/agent/proj_sim/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Document the change' }),
  });
  return ((await answer.json()) as { id: string }).id;
}
