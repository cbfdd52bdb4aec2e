/**
 * What every reliability case checks besides its own expectations: the key never leaks, no
 * text from outside issues a workflow command (judged by the runner's rules), the summary and
 * every pull-request comment render as they should (judged by GitHub's renderer), and the step
 * ends within its deadline plus one request timeout. The same checks hold a run in process
 * (`checkedRun`, on fake time) and a run of the bundle (`checkedBundleRun`).
 */
import { expect } from 'vitest';
import type { FakeGitHub } from './fake-github.js';
import { isHttpUrl, renderProblems, type RenderExpectations } from './github-markdown.js';
import { findSecret, runAction, type ActionRun } from './run-action.js';
import { runInProcess, type InProcessOptions } from './runner.js';
import { runnerCommands, unescapeData } from './runner-log.js';

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

/**
 * What is wrong with the log's groups, as the runner reads them: a group opened while another is
 * open (the runner does not nest them: the first one's end is lost), an end with no group open,
 * or a group left open at the end (the step's last lines, its failure included, would be folded
 * into it).
 */
export function groupProblems(stdout: string): string[] {
  const problems: string[] = [];
  let open: string | undefined;
  for (const command of runnerCommands(stdout)) {
    if (command.resumes) continue;
    if (command.name === 'group') {
      if (open !== undefined) problems.push(`line ${command.index + 1}: group "${command.data}" opened inside "${open}"`);
      open = command.data;
    } else if (command.name === 'endgroup') {
      if (open === undefined) problems.push(`line ${command.index + 1}: endgroup with no group open`);
      open = undefined;
    }
  }
  if (open !== undefined) problems.push(`group "${open}" left open at the end`);
  return problems;
}

export interface CheckedRunOptions extends InProcessOptions {
  readonly secrets: readonly string[];
  /**
   * Credentials a library of the action prints once it has masked them (the artifact upload URL's
   * signature, in `@actions/artifact`'s debug lines): the runner shows them as `***`. Each may
   * be masked, and may appear in the log only after its mask; never in an output, the summary or
   * a file.
   */
  readonly masked?: readonly string[];
  /** `timeout` plus one `request-timeout`, in ms: no run may take longer. */
  readonly deadlineMs: number;
  /** The API simulator of the run, whose request log shows when each request arrived. */
  readonly sim?: { readonly requests: ReadonlyArray<{ readonly at: number }> };
  /**
   * What the summary must show, on top of what every summary is held to (see `summaryChecks`).
   * `links` given here replace the default; `literals` add to it.
   */
  readonly summary?: RenderExpectations;
  /**
   * The pull request whose comment the run writes on the fake GitHub: every body it sends there
   * (created or edited) is rendered and checked like the summary, its links defaulting to the
   * `pr-link` output; `expect` holds for the last body, the outcome. Needed only when the run
   * uses `pr-comment`.
   */
  readonly prComment?: {
    readonly github: FakeGitHub;
    readonly pullNumber: number;
    readonly expect?: RenderExpectations;
    /** What each body before the last must show, in order (default: no link); a preview's comment links the PR and the preview while it builds. */
    readonly earlier?: readonly RenderExpectations[];
  };
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
 * Runs the action in process (test/support/runner.ts: `run()` as the runner runs the bundle, on
 * fake time) and holds it to the platform's rules: the key never leaks; the log, read as the
 * runner reads it, carries no command the action did not mean; the summary and every
 * pull-request comment the run sends are rendered as GitHub renders them (`renderProblems` in
 * test/support/github-markdown.ts): tables of the shape meant, no link but the ones meant, no
 * mention or issue reference outside code, no strikethrough, image or raw HTML, and the text from
 * outside shown as written. The deadline is held to what the action does, by its own clock: no
 * request reaches the API later than the deadline after the first one (the simulator's log, on
 * the same clock), the action says it finished within the deadline plus its wrap-up, and the run
 * ended by itself (a hang is given up on, and fails).
 */
export function checkedRun(options: CheckedRunOptions): Promise<ActionRun> {
  return checked(options, (debug) => runInProcess(debug));
}

/** `checkedRun` through the bundle, as a process: for what only a process shows. */
export function checkedBundleRun(options: CheckedRunOptions): Promise<ActionRun> {
  return checked(options, (debug) => runAction({ timeoutMs: options.deadlineMs + 15_000, ...debug }));
}

async function checked(options: CheckedRunOptions, start: (options: CheckedRunOptions) => Promise<ActionRun>): Promise<ActionRun> {
  const commentsFrom = options.prComment?.github.requests.length ?? 0;
  const run = await start({ ...options, env: { ...DEBUG_ENV, ...options.env } });
  const masked = options.masked ?? [];
  const leaks = [...options.secrets.flatMap((secret) => findSecret(run, secret)), ...masked.flatMap((value) => shownUnmasked(run, value))];
  const injected = injectedCommands(run.stdout, [...options.secrets, ...masked]);
  expect(leaks, 'the key leaked').toEqual([]);
  expect(injected, 'a workflow command was injected').toEqual([]);
  expect(groupProblems(run.stdout), "the log's groups, as the runner reads them").toEqual([]);
  expect(renderProblems(run.summary, summaryChecks(run, options.summary)), 'the summary, rendered as GitHub renders it').toEqual([]);
  if (options.prComment) {
    const { github, pullNumber, expect: expected, earlier = [] } = options.prComment;
    const links = [run.outputs['pr-link'], httpsOnly(run.outputs['preview-url'])].filter(isHttpUrl);
    // The last body is the outcome, held to the test's expectations; the ones before it (the
    // working comment) to every rule but the test's counts.
    const bodies = github.commentBodiesSent(pullNumber, commentsFrom);
    bodies.forEach((body, index) => {
      const last = index === bodies.length - 1;
      const checks = last ? { links, ...expected } : { links: [], ...earlier[index] };
      expect(renderProblems(body, checks), `pull-request comment ${index + 1} of ${bodies.length}, rendered as GitHub renders it`).toEqual([]);
    });
  }
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

/** Where a value the log masks shows as itself: a line of the log before its mask, or anywhere but the log. */
function shownUnmasked(run: ActionRun, value: string): string[] {
  const lines = run.stdout.split('\n');
  const maskedAt = lines.findIndex((line) => line.startsWith('::add-mask::') && unescapeData(line.slice('::add-mask::'.length)) === value);
  const before = lines.slice(0, maskedAt < 0 ? lines.length : maskedAt).some((line) => line.includes(value));
  const elsewhere = findSecret({ ...run, stdout: '' }, value).map((place) => `${place} (masked in the log only)`);
  return [...(before ? ['stdout, before its mask'] : []), ...elsewhere];
}

/** The job fields the agent summary shows, by their outputs. */
const SHOWN_JOB_OUTPUTS = ['status', 'job-id', 'model', 'source-ref', 'created-at', 'pr-link', 'source-repository'];

/**
 * What every summary is held to: its links are the run's `pr-link` and `source-repository`
 * outputs (when they are http(s) URLs), each job field it reports in an output is shown as
 * written (cut, at most), and its tables are those its own lines mean.
 */
export function summaryChecks(run: ActionRun, extra: RenderExpectations = {}): RenderExpectations {
  const shown = SHOWN_JOB_OUTPUTS.map((name) => run.outputs[name]).filter((value): value is string => Boolean(value));
  return {
    ...extra,
    links: extra.links ?? [run.outputs['pr-link'], run.outputs['source-repository'], httpsOnly(run.outputs['preview-url'])].filter(isHttpUrl),
    literals: [...shown, ...(extra.literals ?? [])],
  };
}

/** A preview URL is linked only when it is an `https` URL (of at most 8,192 characters). */
function httpsOnly(url: string | undefined): string | undefined {
  try {
    const parsed = new URL(url ?? '');
    return parsed.protocol === 'https:' && parsed.href.length <= 8_192 ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The `::error::` lines of a run, as the runner shows them: a failed step says what went wrong in exactly one. */
export function errorLines(run: ActionRun): string[] {
  return runnerCommands(run.stdout)
    .filter((command) => command.name === 'error')
    .map((command) => `::error::${unescapeData(command.data)}`);
}

/** What each `::warning::` of a run says, as the runner shows it. */
export function warnings(run: Pick<ActionRun, 'stdout'>): string[] {
  return messagesOf(run, 'warning');
}

/** What each `::notice::` of a run says, as the runner shows it. */
export function notices(run: Pick<ActionRun, 'stdout'>): string[] {
  return messagesOf(run, 'notice');
}

function messagesOf(run: Pick<ActionRun, 'stdout'>, name: 'warning' | 'notice'): string[] {
  return runnerCommands(run.stdout)
    .filter((command) => command.name === name)
    .map((command) => unescapeData(command.data));
}
