import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runnerRepositoryId } from './fake-github.js';
import { isBuiltPayload } from './webhook-events.js';

/**
 * The bundle the end-to-end tests run: `dist/index.js`, or the one `ACTION_BUNDLE` names (the
 * bundle of an earlier commit, to see a new test fail on the code before its fix).
 */
export const DIST_ENTRY = process.env.ACTION_BUNDLE ? resolve(process.env.ACTION_BUNDLE) : resolve(import.meta.dirname, '../../dist/index.js');

/** How long a process may take to end after a signal before it is killed: the runner's SIGINT-to-SIGTERM gap. */
const AFTER_SIGNAL_MS = 7_500;

/** Every folder `runAction` made, until `removeRunDirs` deletes them. */
const runDirs = new Set<string>();

/**
 * Deletes the folders of every run so far. The test setup calls it after each test file; `npm
 * start` does not, so that its summaries stay to be read.
 */
export function removeRunDirs(): void {
  for (const dir of runDirs) rmSync(dir, { recursive: true, force: true });
  runDirs.clear();
}

export interface ActionRun {
  /** The exit code (in process: the `process.exitCode` the run left, 0 when it set none). */
  readonly code: number | null;
  /** The signal that ended the process: `SIGKILL` when it hung and was killed (in process: when the watchdog gave up on it). */
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  readonly summary: string;
  readonly workDir: string;
  /** How long it took (the host's clock for a process, the fake clock in process): for people to read; no test asserts on it. */
  readonly durationMs: number;
}

export interface RunOptions {
  /** Inputs by their action.yml names; each becomes `INPUT_<NAME>` as the runner passes them. */
  readonly inputs: Record<string, string>;
  readonly env?: Record<string, string>;
  /** A webhook payload; written to a file named by GITHUB_EVENT_PATH. */
  readonly event?: { name: string; payload: unknown };
  /**
   * Send this signal once `when` says so: checked on every chunk (in process: every line) of
   * stdout, and every 20 ms.
   */
  readonly signal?: { name: NodeJS.Signals; when: (stdout: string) => boolean };
  /** The Node.js binary; the runner's is Node 24, this machine's may be another. */
  readonly node?: string;
  /** The entry to run instead of the bundle's (`dist/visitors.js`: a sub-action's), as a path from the project's root. */
  readonly entry?: string;
  /** Past this (real time), a run that has not ended is killed and fails. */
  readonly timeoutMs?: number;
}

/** A run's folder and the environment the runner gives the action: what a process and an in-process run share. */
export interface PreparedRun {
  readonly workDir: string;
  readonly env: Record<string, string>;
  readonly outputFile: string;
  readonly summaryFile: string;
}

/**
 * The folder and the environment of one run, as a runner makes them: the inputs as `INPUT_*`
 * variables, empty `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files, `RUNNER_TEMP` and the
 * workspace, the event's payload in the file `GITHUB_EVENT_PATH` names, and nothing of the outer
 * environment beyond what Node needs. A run against a fake GitHub of this process (GITHUB_API_URL)
 * gets GITHUB_REPOSITORY_ID beside GITHUB_REPOSITORY, as a runner sets it, unless `env` gives one:
 * so do the in-process runs (runner.ts) and the bundle's (test/e2e/fixture.ts) alike.
 */
export function prepareRun(options: RunOptions): PreparedRun {
  // Only payloads GitHub could send: the builders' own, which test/support/webhook-events.test.ts holds to
  // GitHub's webhook description.
  if (options.event && !isBuiltPayload(options.event.payload)) {
    throw new Error(`The ${options.event.name} payload was not built by test/support/webhook-events.ts`);
  }
  const workDir = mkdtempSync(join(tmpdir(), 'docs-agent-run-'));
  runDirs.add(workDir);
  const outputFile = join(workDir, 'github_output');
  const summaryFile = join(workDir, 'step_summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? workDir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: workDir,
    GITHUB_WORKSPACE: workDir,
    ...runnerRepositoryId(options.env ?? {}),
    ...options.env,
  };
  if (options.event) {
    const eventFile = join(workDir, 'event.json');
    writeFileSync(eventFile, JSON.stringify(options.event.payload));
    env.GITHUB_EVENT_NAME = options.event.name;
    env.GITHUB_EVENT_PATH = eventFile;
  }
  for (const [name, value] of Object.entries(options.inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  return { workDir, env, outputFile, summaryFile };
}

/**
 * Runs the bundled action the way a runner does: a fresh process with the inputs as
 * `INPUT_*` variables, `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files, and `RUNNER_TEMP`,
 * in an environment that carries nothing of the outer one beyond what Node needs.
 */
export async function runAction(options: RunOptions): Promise<ActionRun> {
  const prepared = prepareRun(options);
  const { workDir, env } = prepared;
  const started = performance.now();
  const entry = options.entry ? resolve(import.meta.dirname, '../..', options.entry) : DIST_ENTRY;
  const child = spawn(options.node ?? process.execPath, [entry], { env, cwd: workDir });
  let stdout = '';
  let stderr = '';
  let signalled = false;
  const kill = (): boolean => child.kill('SIGKILL');
  let killer = setTimeout(kill, options.timeoutMs ?? 30_000);
  const maybeSignal = (): void => {
    if (options.signal && !signalled && options.signal.when(stdout)) {
      signalled = true;
      child.kill(options.signal.name);
      // The runner follows a cancellation's SIGINT with SIGTERM 7.5 s later, and then kills: a
      // process still there by then is killed here, and its run fails as one that hung.
      clearTimeout(killer);
      killer = setTimeout(kill, AFTER_SIGNAL_MS);
    }
  };
  const watcher = options.signal ? setInterval(maybeSignal, 20) : undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    maybeSignal();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolveExit) => {
    child.on('close', (exitCode, exitSignal) => resolveExit([exitCode, exitSignal]));
  });
  clearTimeout(killer);
  clearInterval(watcher);
  return {
    code,
    signal,
    stdout,
    stderr,
    ...filesOf(prepared),
    durationMs: performance.now() - started,
  };
}

/** What a run left in its folder: the outputs and the summary, as the runner reads them, and the folder. */
export function filesOf({ workDir, outputFile, summaryFile }: PreparedRun): Pick<ActionRun, 'outputs' | 'summary' | 'workDir'> {
  return { outputs: parseOutputFile(readFileSync(outputFile, 'utf8')), summary: readFileSync(summaryFile, 'utf8'), workDir };
}

/** Reads `GITHUB_OUTPUT` in the heredoc form `@actions/core` writes: `name<<DELIM\nvalue\nDELIM`. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (match) {
      const [, name, delimiter] = match;
      const value: string[] = [];
      for (i += 1; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
      outputs[name!] = value.join('\n');
    } else if (lines[i]!.includes('=')) {
      const at = lines[i]!.indexOf('=');
      outputs[lines[i]!.slice(0, at)] = lines[i]!.slice(at + 1);
    }
  }
  return outputs;
}

/** The forms a leaked key could take: as is, URL-encoded, JSON-escaped, base64. */
export function secretForms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
  ];
}

/**
 * Every place the key must not appear: stdout (less the `::add-mask::` commands, which the
 * runner consumes and never shows), stderr, outputs, the summary, and every file the run wrote.
 * Returns the places where a form of it was found.
 */
export function findSecret(run: ActionRun, secret: string): string[] {
  const places: Array<[string, string]> = [
    // The runner consumes `::add-mask::` lines (whatever their escaping) and never shows them.
    [
      'stdout',
      run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n'),
    ],
    ['stderr', run.stderr],
    ['outputs', JSON.stringify(run.outputs)],
    ['summary', run.summary],
  ];
  for (const file of walk(run.workDir)) places.push([file, readFileSync(file, 'utf8')]);
  const found: string[] = [];
  for (const [where, text] of places) {
    for (const form of secretForms(secret)) if (text.includes(form)) found.push(`${where} (${form === secret ? 'plain' : 'encoded'})`);
  }
  return found;
}

function walk(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'github_output') continue; // checked as parsed outputs above
    if (statSync(path).isDirectory()) files.push(...walk(path));
    else files.push(path);
  }
  return files;
}
