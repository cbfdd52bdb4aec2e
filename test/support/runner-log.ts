/**
 * The GitHub Actions runner's reading of a step's output, as its own code does it
 * (actions/runner: `ActionCommandManager.TryProcessCommand`, `ActionCommand.TryParseV2` and the
 * legacy `ActionCommand.TryParse`), so tests judge the action's log by the platform's rules
 * rather than by our assumptions:
 *
 * - the output is read line by line; a line ends at LF, CRLF or a lone CR;
 * - `::name props::data` is a command when the line starts with it after .NET's `TrimStart()`;
 * - otherwise `##[name props]data` is a command wherever `##[` appears in the line (the first one);
 * - only registered names count (case-insensitive); `stop-commands` pauses every command until a
 *   line carries the token it gave, in either form.
 */

/** The commands the runner registers (set-env and add-path are refused when run, but parsed). */
const REGISTERED = [
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
];

export interface RunnerCommand {
  /** Lower-case command name (or the resume token, for `form: 'resume'`). */
  readonly name: string;
  /** `v2` is `::name::` at the line's start; `legacy` is `##[name]` anywhere. */
  readonly form: 'v2' | 'legacy';
  /** The command's data, still escaped as it was written. */
  readonly data: string;
  /** The whole line as the runner read it. */
  readonly line: string;
  /** The 0-based line number. */
  readonly index: number;
}

/** .NET's `char.IsWhiteSpace`: what `TrimStart()` removes (U+FEFF and U+200B are not in it). */
const DOTNET_WHITE_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

/** The lines of a step's output as the runner splits them. */
export function runnerLines(output: string): string[] {
  return output.split(/\r\n|\n|\r/);
}

/**
 * Every line of `output` that the runner would act on as a command, in order, with commands
 * inside a `stop-commands` pause left out (the runner ignores them) and the resuming line
 * reported as `stop-commands` resume (`name` is the token).
 */
export function runnerCommands(output: string): Array<RunnerCommand & { resumes?: boolean }> {
  const found: Array<RunnerCommand & { resumes?: boolean }> = [];
  let stopToken: string | undefined;
  runnerLines(output).forEach((line, index) => {
    const registered = stopToken === undefined ? REGISTERED : [...REGISTERED, stopToken.toLowerCase()];
    const command = parseV2(line, registered) ?? parseLegacy(line, registered);
    if (!command) return;
    const parsed = { ...command, line, index };
    if (stopToken !== undefined) {
      if (command.name === stopToken.toLowerCase()) {
        found.push({ ...parsed, resumes: true });
        stopToken = undefined;
      }
      return;
    }
    found.push(parsed);
    if (command.name === 'stop-commands') stopToken = unescapeData(command.data);
  });
  return found;
}

function parseV2(line: string, registered: readonly string[]): Omit<RunnerCommand, 'line' | 'index'> | undefined {
  const message = line.replace(DOTNET_WHITE_SPACE, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  if (!registered.includes(name)) return undefined;
  return { name, form: 'v2', data: message.slice(end + 2) };
}

function parseLegacy(line: string, registered: readonly string[]): Omit<RunnerCommand, 'line' | 'index'> | undefined {
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = line.indexOf(']', prefix);
  if (close < 0) return undefined;
  const info = line.slice(prefix + 3, close);
  const space = info.indexOf(' ');
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  if (!registered.includes(name)) return undefined;
  return { name, form: 'legacy', data: line.slice(close + 1) };
}

/** Undoes the escaping of a command's data (`%0D`, `%0A`, `%25`), as the runner does. */
export function unescapeData(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}
