/**
 * The commands each input and output of `action.yml` belongs to, from the code (`COMMAND_INPUTS`,
 * `COMMAND_OUTPUTS`): the prefix of every description, `(agent, sweep)`, and the README's commands
 * column. Written by `npm run sub-actions` into the root `action.yml`, which the sub-actions then
 * copy, so that a description never names a list of commands the code does not read it for
 * (test/project/sub-actions.test.ts holds the root to what this makes).
 */
import { isScalar, parseDocument, Scalar } from 'yaml';
import { COMMAND_OUTPUTS, Inputs } from '../src/constants.js';
import { COMMAND_INPUTS } from '../src/inputs.js';
import { COMMANDS, type Command } from '../src/settings.js';

/** The commands that read an input (every one for the common inputs and `command`). */
export function inputCommands(name: string): readonly Command[] {
  if (name === Inputs.Command) return COMMANDS;
  const commands = COMMANDS.filter((command) => (COMMAND_INPUTS[command] as readonly string[]).includes(name));
  return commands.length === 0 ? COMMANDS : commands;
}

/** The commands that set an output. */
export function outputCommands(name: string): readonly Command[] {
  return COMMANDS.filter((command) => (COMMAND_OUTPUTS[command] as readonly string[]).includes(name));
}

/** `agent, sweep`, or `all` for every command: the README's column. */
export function commandsText(commands: readonly Command[]): string {
  return commands.length === 0 || commands.length === COMMANDS.length ? 'all' : commands.join(', ');
}

/** The length of a description's leading list of commands, `(agent, refresh; sync with review-loop) `, or 0 when it has none. */
function prefixLength(description: string): number {
  const match = /^\(([^)]*)\)\s*/.exec(description);
  const first = match?.[1]?.split(/[,;\s]/, 1)[0] ?? '';
  return match && (COMMANDS as readonly string[]).includes(first) ? match[0].length : 0;
}

/** A description without its leading list of commands. */
export function withoutCommands(description: string): string {
  return description.slice(prefixLength(description));
}

/** A description with the list of its commands in front (none for an input or output of every command). */
export function withCommands(description: string, commands: readonly Command[]): string {
  const text = withoutCommands(description);
  return commandsText(commands) === 'all' ? text : `(${commands.join(', ')}) ${text}`;
}

/**
 * The root `action.yml`'s text with each input's and output's description led by the commands the
 * code says it belongs to, changed in place: only the prefix of a description that needs another
 * is rewritten, so the file's wrapping, quoting and comments stay as written.
 */
export function rootWithCommands(text: string): string {
  const doc = parseDocument(text);
  const edits: Array<{ from: number; to: number; prefix: string }> = [];
  for (const [section, commandsOf] of [
    ['inputs', inputCommands],
    ['outputs', outputCommands],
  ] as const) {
    const names = Object.keys((doc.toJS() as Record<string, Record<string, unknown>>)[section] ?? {});
    for (const name of names) {
      const node = doc.getIn([section, name, 'description'], true);
      if (!isScalar(node) || typeof node.value !== 'string' || !node.range) continue;
      const value = node.value;
      const wanted = withCommands(value, commandsOf(name));
      if (wanted === value) continue;
      const start = contentStart(text, node);
      const end = sourceEnd(text, start, value.slice(0, prefixLength(value)));
      edits.push({ from: start, to: end, prefix: wanted.slice(0, wanted.length - withoutCommands(value).length) });
    }
  }
  let result = text;
  for (const { from, to, prefix } of edits.sort((a, b) => b.from - a.from)) result = result.slice(0, from) + prefix + result.slice(to);
  const check = parseDocument(result).toJS() as Record<string, Record<string, { description: string }>>;
  for (const section of ['inputs', 'outputs'] as const) {
    for (const [name, spec] of Object.entries(check[section] ?? {})) {
      const commands = section === 'inputs' ? inputCommands(name) : outputCommands(name);
      if (spec.description !== withCommands(spec.description, commands)) throw new Error(`action.yml: could not write the commands of ${section}.${name}`);
    }
  }
  return result;
}

/** Where a scalar's text begins in the source: after a quote, or after a block scalar's header line and indentation. */
function contentStart(text: string, node: Scalar): number {
  const start = node.range![0];
  if (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) return start + 1;
  if (node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL) {
    let at = text.indexOf('\n', start) + 1;
    while (text[at] === ' ') at += 1;
    return at;
  }
  return start;
}

/** Where the source of a description's first characters `prefix` ends, reading a space of the value as the source's folded white space. */
function sourceEnd(text: string, start: number, prefix: string): number {
  let at = start;
  for (const char of prefix) {
    if (char === ' ') {
      while (text[at] === ' ' || text[at] === '\n') at += 1;
    } else if (text[at] === char) {
      at += 1;
    } else {
      throw new Error(`action.yml: a description's list of commands is not where its value says (${JSON.stringify(prefix)})`);
    }
  }
  return at;
}
