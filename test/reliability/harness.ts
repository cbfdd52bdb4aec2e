/**
 * What every reliability case checks besides its own expectations: the key never leaks, no
 * text from outside issues a workflow command, the summary's tables stay whole, and the step
 * ends within its deadline plus one request timeout.
 */
import { expect } from 'vitest';
import { findSecret, runAction, type ActionRun, type RunOptions } from '../support/run-action.js';
import { runnerCommands, unescapeData } from '../support/runner-log.js';

/** Reliability runs log at debug level: the most there is to leak. */
export const DEBUG_ENV = { ACTIONS_STEP_DEBUG: 'true' };

/** Commands the action itself issues, always at the very start of a line as `@actions/core` writes them. */
const OWN_COMMANDS = new Set(['debug', 'notice', 'warning', 'error', 'group', 'endgroup']);

/**
 * Lines of the log that the runner would act on as workflow commands the action did not mean,
 * judged by the runner's own rules (`runnerCommands`): any legacy `##[…]` command (the action
 * never writes one), a mask of anything but the secrets, a pause whose token is not one of the
 * logger's fresh UUIDs, a command of the action's own kinds that does not start its line (so
 * outside text put it there), and any other command.
 */
export function injectedCommands(stdout: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const command of runnerCommands(stdout)) {
    if (command.resumes) continue;
    const ownPlace = command.form === 'v2' && command.line.startsWith('::');
    if (!ownPlace) found.push(command.line);
    else if (command.name === 'stop-commands' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(command.data)) continue;
    else if (command.name === 'add-mask' && secrets.includes(unescapeData(command.data))) continue;
    else if (!OWN_COMMANDS.has(command.name)) found.push(command.line);
  }
  return found;
}

/** Markdown tables whose rows do not all have the header's number of cells. */
export function brokenTables(markdown: string): string[] {
  const broken: string[] = [];
  let table: string[] = [];
  const check = (): void => {
    if (table.length > 0) {
      const cells = (row: string): number => row.split('|').length - 2;
      if (table.some((row) => cells(row) !== cells(table[0]!))) broken.push(table.join('\n'));
    }
    table = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) table.push(line);
    else check();
  }
  check();
  return broken;
}

export interface CheckedRunOptions extends RunOptions {
  readonly secrets: readonly string[];
  /** `timeout` plus one `request-timeout`, in ms: no run may take longer. */
  readonly deadlineMs: number;
  /** The API simulator of the run, whose request log shows when each request arrived. */
  readonly sim?: { readonly requests: ReadonlyArray<{ readonly at: number }> };
}

/** Writing the outputs and the summary and closing connections, beyond the deadline. */
const WRAP_UP_MS = 2_500;

/**
 * The action's own account of its time, from its closing debug line: measured by its own clock
 * from the start of `run()`, so the host's process start-up and module loading are not in it.
 */
export function actionTime(run: ActionRun): { sinceStartMs: number; sinceSignalMs?: number } | undefined {
  const match = /^::debug::Finished (\d+) ms after start(?:, (\d+) ms after the signal)?\.$/m.exec(run.stdout);
  if (!match) return undefined;
  return { sinceStartMs: Number(match[1]), ...(match[2] === undefined ? {} : { sinceSignalMs: Number(match[2]) }) };
}

/**
 * Runs the action and checks what every case must hold. The deadline is held to what the
 * action does, not to how fast the host starts processes: no request reaches the API later
 * than the deadline after the first one, the action's own clock says it finished within the
 * deadline plus its wrap-up, and the process ended by itself (a hang is killed, and fails).
 */
export async function checkedRun(options: CheckedRunOptions): Promise<ActionRun> {
  const run = await runAction({ timeoutMs: options.deadlineMs + 15_000, ...options, env: { ...DEBUG_ENV, ...options.env } });
  const leaks = options.secrets.flatMap((secret) => findSecret(run, secret));
  const injected = injectedCommands(run.stdout, options.secrets);
  const tables = brokenTables(run.summary);
  expect(leaks, 'the key leaked').toEqual([]);
  expect(injected, 'a workflow command was injected').toEqual([]);
  expect(tables, 'a summary table was broken').toEqual([]);
  expect(run.signal, 'the step hung and was killed').not.toBe('SIGKILL');
  const time = actionTime(run);
  expect(time, 'the action did not report its time').toBeDefined();
  expect(time!.sinceStartMs, 'the step overshot its deadline').toBeLessThanOrEqual(options.deadlineMs + WRAP_UP_MS);
  const arrivals = (options.sim?.requests ?? []).map((request) => request.at);
  if (arrivals.length > 0) {
    expect(Math.max(...arrivals) - Math.min(...arrivals), 'a request started after the deadline').toBeLessThanOrEqual(options.deadlineMs);
  }
  return run;
}

/** The `::error::` lines of a run, as the runner shows them: a failed step says what went wrong in exactly one. */
export function errorLines(run: ActionRun): string[] {
  return runnerCommands(run.stdout)
    .filter((command) => command.name === 'error')
    .map((command) => `::error::${unescapeData(command.data)}`);
}
