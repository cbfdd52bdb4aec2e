/**
 * What every reliability case checks besides its own expectations: the key never leaks, no
 * text from outside issues a workflow command, the summary's tables stay whole, and the step
 * ends within its deadline plus one request timeout.
 */
import { expect } from 'vitest';
import { findSecret, runAction, type ActionRun, type RunOptions } from '../support/run-action.js';

/** Reliability runs log at debug level: the most there is to leak. */
export const DEBUG_ENV = { ACTIONS_STEP_DEBUG: 'true' };

/** Commands the action itself issues; any other command in the log was injected. */
const OWN_COMMANDS = new Set(['debug', 'notice', 'warning', 'error', 'group', 'endgroup']);

/**
 * Lines of the log that the runner would run as workflow commands the action did not mean:
 * anything but its own log commands, a mask of other than the secrets, or the old `##[` form.
 * Lines between `::stop-commands::TOKEN` and `::TOKEN::` are inert and skipped.
 */
export function injectedCommands(stdout: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  let pausedUntil: string | undefined;
  for (const raw of stdout.split(/\r?\n/)) {
    const line = raw.trimStart();
    if (pausedUntil !== undefined) {
      if (line === pausedUntil) pausedUntil = undefined;
      continue;
    }
    if (line.startsWith('##[')) {
      found.push(line);
      continue;
    }
    const command = /^::([A-Za-z-]+)(?: [^:]*)?::(.*)$/.exec(line);
    if (!command) continue;
    const [, name, message] = command as unknown as [string, string, string];
    if (name === 'stop-commands' && /^[0-9a-f-]{36}$/.test(message)) pausedUntil = `::${message}::`;
    else if (name === 'add-mask' && secrets.includes(unescapeCommandData(message))) continue;
    else if (!OWN_COMMANDS.has(name)) found.push(line);
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
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith('::error::'))
    .map((line) => `::error::${unescapeCommandData(line.slice('::error::'.length))}`);
}

/** Undoes the escaping `@actions/core` applies to a command's message (`%`, CR, LF). */
export function unescapeCommandData(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}
