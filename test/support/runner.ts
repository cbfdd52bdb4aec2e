/**
 * The action in process, run as a runner runs the bundle: `run(ports)` from src/main.ts with the
 * inputs as `INPUT_*` variables, the `GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY` and event files,
 * `RUNNER_TEMP` and the workspace (the same folder and variables as `runAction`'s), set in
 * `process.env` for the run and put back after it. Everything `@actions/core` writes to stdout is
 * kept, so the log is judged as the runner reads it (test/support/runner-log.ts), and the output
 * and summary files are read back: the result is the `ActionRun` a process gives, and every check
 * on a process's run applies unchanged.
 *
 * Time is fake (`runnerClock`): every pause of the action moves the clock at once, so a 30-minute
 * wait takes milliseconds. A simulator or fake GitHub started here (`startRunnerSimulator`,
 * `startRunnerGitHub`) shares it, and a request it hangs ends at its time limit on that clock
 * (`request-timeout`, or the deadline when that comes first: test/support/request-timers.ts), a
 * signal due by then delivered first; a drip of the simulator's waits on it too. Octokit's retry and rate-limit
 * pauses are taken on the clock (test/support/octokit-pauses.ts). The artifact upload, real work
 * against a fake service, is raced with a pause of real time, which moves the clock by as much
 * when it ends (an upload that ends first takes no time on the clock).
 *
 * The runs of one worker share `process.env`, stdout and `process.exitCode`: they never overlap
 * (each waits for the one before it), so a file's tests that run the action run one at a time.
 * A signal is delivered to the run's own SIGINT/SIGTERM listeners at the moment its `when` first
 * holds: checked after every line the action writes and every request it sends to the API
 * (delivered before the action's next step), as each of its pauses begins (so a signal due then ends the pause at once, as one sent during a
 * wait on a runner does, the clock unmoved), as a server holds a request unanswered (before the
 * clock runs to its time limit), and every 20 ms of real time. The process
 * exit the action asks for (`exit`) is recorded, not done; the code is the `process.exitCode` it
 * leaves, as a process ends with it.
 */
import * as core from '@actions/core';
import { afterAll, beforeAll, expect } from 'vitest';
import { run, type RunnerPorts } from '../../src/main.js';
import { realSleep, type Sleep } from '../../src/runtime.js';
import { uploadArtifact, type UploadArtifact } from '../../src/visitors/artifact.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../simulator/index.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { FakeTime, seededRandom } from './fake-time.js';
import { octokitPauses } from './octokit-pauses.js';
import { RequestTimers, type HeldRequest } from './request-timers.js';
import { filesOf, prepareRun, type ActionRun, type RunOptions } from './run-action.js';
import { timedDispatcher } from './timed-dispatcher.js';

/** The clock of every in-process run of a test file, and of the servers that share it. */
export const runnerClock = new FakeTime();
/** The time limits of the runs' requests, on their clock. */
const runnerTimers = new RequestTimers(runnerClock);
/** Delivers the signal of the run under way if it is due now. */
let signalIfDue: (() => void) | undefined;

/** A server holds a request unanswered: a signal due now comes first (it may cut the request off), then the clock runs to its time limit. */
function held(request: HeldRequest): void {
  signalIfDue?.();
  runnerTimers.hang(request);
}

/** A server holding a request waits `ms` (a drip): a signal due now comes first, then the clock moves on while its time limit has not fired. */
function heldPause(ms: number, request: HeldRequest): Promise<void> {
  signalIfDue?.();
  return runnerTimers.pause(request, ms);
}

export interface InProcessOptions extends RunOptions {
  /** How much fake time each request to the API takes, as a slow server's would (0: none). */
  readonly requestMs?: number;
  /** The visitors step's artifact upload; by default `@actions/artifact`'s, as on a runner. */
  readonly uploadArtifact?: UploadArtifact;
}

/** The variables of the outer environment a run keeps: what Node and the test runner need, none the action reads. */
const KEPT_ENV = /^(PATH|HOME|TMPDIR|TMP|TEMP|TZ|LANG|LC_[A-Z]+|NODE_.*|VITEST.*|SystemRoot)$/;
/** Real time a run may take before it is given up on as hung (its test fails). */
const WATCHDOG_MS = 15_000;

let previousRun: Promise<unknown> = Promise.resolve();

/** Runs the action in process, after any run of this worker still under way. */
export async function runInProcess(options: InProcessOptions): Promise<ActionRun> {
  const before = previousRun;
  let done!: () => void;
  previousRun = new Promise<void>((resolve) => {
    done = resolve;
  });
  await before;
  try {
    return await runOnce(options);
  } finally {
    done();
  }
}

async function runOnce(options: InProcessOptions): Promise<ActionRun> {
  const prepared = prepareRun(options);
  const { workDir, env } = prepared;
  const time = runnerClock;
  const startedAt = time.now();
  const saved = {
    env: { ...process.env },
    cwd: process.cwd(),
    exitCode: process.exitCode,
    // Put back as they were (the same functions), once the run is over.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    stdout: process.stdout.write,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    stderr: process.stderr.write,
    listeners: { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') },
  };
  let stdout = '';
  let stderr = '';
  const exits: number[] = [];

  // The signal, once `when` holds: to the listeners this run added, as the process would get it.
  let signalled = false;
  const deliver = (name: 'SIGINT' | 'SIGTERM'): void => {
    const own = process.listeners(name).filter((listener) => !saved.listeners[name].includes(listener));
    for (const listener of own) listener(name);
  };
  const maybeSignal = (): void => {
    if (!options.signal || signalled || !options.signal.when(stdout)) return;
    signalled = true;
    deliver(options.signal.name as 'SIGINT' | 'SIGTERM');
  };
  const watcher = options.signal ? setInterval(maybeSignal, 20) : undefined;

  const requestMs = options.requestMs ?? 0;
  const dispatcher = timedDispatcher(() => ({
    onRequest: () => {
      time.advance(requestMs);
      if (options.signal && !signalled) queueMicrotask(maybeSignal);
    },
  }));
  const ports: RunnerPorts = {
    clock: time,
    // A signal due when a pause begins comes during it: the pause ends at once, the clock unmoved.
    sleep: (ms, signal) => {
      maybeSignal();
      return time.sleep(ms, signal);
    },
    startTimer: runnerTimers.startTimer,
    random: seededRandom(11),
    exit: (code) => exits.push(code),
    dispatcher,
    uploadArtifact: options.uploadArtifact ?? ((name, files, root, limits) => uploadArtifact(name, files, root, { ...limits, sleep: realTimeSleep(time) })),
  };

  let hung: boolean;
  let exitCode: typeof process.exitCode;
  try {
    replaceEnv(env);
    try {
      process.chdir(workDir);
    } catch {
      // A worker thread cannot change the directory; the action reads none relative to it.
    }
    process.exitCode = undefined;
    // `core.summary` keeps the file it wrote to first, for the life of the process.
    (core.summary as unknown as { _filePath?: string })._filePath = undefined;
    core.summary.emptyBuffer();
    process.stdout.write = capture((text) => {
      stdout += text;
      if (options.signal && !signalled) queueMicrotask(maybeSignal);
    });
    process.stderr.write = capture((text) => {
      stderr += text;
    });
    octokitPauses.clock = time;
    signalIfDue = maybeSignal;

    const running = run(ports);
    hung = await endsWithin(running, options.timeoutMs ?? WATCHDOG_MS);
    if (hung) {
      // Given up on: stop it as the runner would, so it leaves the next run alone.
      deliver('SIGTERM');
      await endsWithin(running, 2_000);
    }
  } finally {
    octokitPauses.clock = undefined;
    signalIfDue = undefined;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    clearInterval(watcher);
    // Read before anything else can set it; the worker's own is put back.
    exitCode = process.exitCode;
    process.exitCode = saved.exitCode;
    restoreEnv(saved.env);
    // Only when it moved: in a worker thread (as Stryker runs the tests) chdir throws even to stay put.
    if (process.cwd() !== saved.cwd) process.chdir(saved.cwd);
    await dispatcher.close();
  }
  return {
    code: exitCode === undefined ? 0 : Number(exitCode),
    signal: hung ? 'SIGKILL' : null,
    stdout,
    stderr,
    ...filesOf(prepared),
    durationMs: time.now() - startedAt,
  };
}

/**
 * A pause of real time that moves `time` by as much once it has run its course: the one the
 * artifact upload races with. The upload is real work (`@actions/artifact` against a fake service)
 * and takes real time, as on a runner; a fake pause would end before it, at once. A pause cut
 * short (the upload ended first, or the step was cancelled) moves the clock not at all.
 */
function realTimeSleep(time: FakeTime): Sleep {
  return async (ms, signal) => {
    await realSleep(ms, signal);
    time.advance(ms);
  };
}

/** Makes `process.env` the run's: `env`, and of the outer environment only what Node and the test runner need. */
function replaceEnv(env: Readonly<Record<string, string>>): void {
  for (const name of Object.keys(process.env)) if (!KEPT_ENV.test(name)) delete process.env[name];
  Object.assign(process.env, env);
}

/** Puts back the environment as it was before the run. */
function restoreEnv(saved: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
}

/** A `write` for stdout or stderr that keeps the text instead. */
function capture(keep: (text: string) => void): typeof process.stdout.write {
  return (chunk: string | Uint8Array, encodingOrDone?: BufferEncoding | ((error?: Error | null) => void), done?: (error?: Error | null) => void) => {
    keep(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encodingOrDone === 'string' ? encodingOrDone : 'utf8'));
    const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
    if (callback) queueMicrotask(() => callback(null));
    return true;
  };
}

/** Whether `promise` is still pending after `ms` of real time. */
async function endsWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), ms);
  });
  try {
    return await Promise.race([promise.then(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the API simulator on the runs' clock (unless `now` says otherwise), its hangs and drips on it too. */
export async function startRunnerSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ now: () => runnerClock.now(), ...options });
  sim.onHang = held;
  sim.dripPause = heldPause;
  return sim;
}

/** Runs `body` with a simulator of its own on the runs' clock, closed after it. */
export async function withSimulator<T>(options: SimulatorOptions, body: (sim: Simulator) => Promise<T>): Promise<T> {
  const sim = await startRunnerSimulator(options);
  try {
    return await body(sim);
  } finally {
    await sim.close();
  }
}

/** Starts the fake GitHub on the runs' clock, its hangs on it too. */
export async function startRunnerGitHub(): Promise<FakeGitHub> {
  const github = await startFakeGitHub({ now: () => runnerClock.now() });
  github.onHang = held;
  return github;
}

/** A simulator on the runs' clock for the tests of a file (or a describe): started before them, closed after them; `keep` is given it once it runs. */
export function useRunnerSimulator(options: SimulatorOptions, keep: (sim: Simulator) => void): void {
  let running: Simulator | undefined;
  beforeAll(async () => {
    running = await startRunnerSimulator(options);
    keep(running);
  });
  afterAll(() => running?.close());
}

/**
 * A fake GitHub on the runs' clock shared by the tests of a file (or a describe): started before
 * them; once they end, every request the action sent and every answer the fake gave must have been
 * as GitHub describes it, and it is closed. `keep` is given it once it runs.
 */
export function useRunnerGitHub(keep: (github: FakeGitHub) => void): void {
  let running: FakeGitHub | undefined;
  beforeAll(async () => {
    running = await startRunnerGitHub();
    keep(running);
  });
  afterAll(async () => {
    const violations = (await running?.takeViolations()) ?? [];
    await running?.close();
    expect(violations).toEqual([]);
  });
}

/**
 * Runs `body` with a fake GitHub of its own on the runs' clock; then every request the action
 * sent, and every answer the fake gave as itself, must be as GitHub describes it. Closed after it.
 */
export async function withRunnerGitHub<T>(body: (github: FakeGitHub) => Promise<T>): Promise<T> {
  const github = await startRunnerGitHub();
  try {
    const result = await body(github);
    expect(await github.takeViolations()).toEqual([]);
    return result;
  } finally {
    await github.close();
  }
}
