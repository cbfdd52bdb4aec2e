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
  /** `timeout` plus one `request-timeout`, in ms: no run may take longer (plus start-up). */
  readonly deadlineMs: number;
}

/** Node's own start and exit, beyond the deadline: generous for a loaded 2-core machine. */
const PROCESS_SLACK_MS = 2_500;

export async function checkedRun(options: CheckedRunOptions): Promise<ActionRun> {
  const run = await runAction({ ...options, env: { ...DEBUG_ENV, ...options.env } });
  const leaks = options.secrets.flatMap((secret) => findSecret(run, secret));
  const injected = injectedCommands(run.stdout, options.secrets);
  const tables = brokenTables(run.summary);
  expect(leaks, 'the key leaked').toEqual([]);
  expect(injected, 'a workflow command was injected').toEqual([]);
  expect(tables, 'a summary table was broken').toEqual([]);
  expect(run.durationMs, 'the step overshot its deadline').toBeLessThanOrEqual(options.deadlineMs + PROCESS_SLACK_MS);
  return run;
}

/** The `::error::` lines of a run, as the runner shows them: a failed step says what went wrong in exactly one. */
export function errorLines(run: ActionRun): string[] {
  return runnerCommands(run.stdout)
    .filter((command) => command.name === 'error')
    .map((command) => `::error::${unescapeData(command.data)}`);
}
