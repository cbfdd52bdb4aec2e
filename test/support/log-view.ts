/**
 * A step's log as the Actions tab shows it, from what the process wrote: its workflow commands read
 * as the runner reads them (runner-log.ts), not printed; a group as its title, its lines indented;
 * an annotation as `Warning:`, `Error:` or `Notice:`; debug lines only in a debug run; the masked
 * values as `***`. `npm start` prints each run's log so.
 */
import { runnerCommands, runnerLines, unescapeData } from './runner-log.js';

const ANNOTATIONS: Readonly<Record<string, string>> = { warning: 'Warning', error: 'Error', notice: 'Notice' };

export function logAsShown(stdout: string, { debug = false }: { readonly debug?: boolean } = {}): string[] {
  const commands = new Map(runnerCommands(stdout).map((command) => [command.index, command]));
  const masks = [...commands.values()]
    .filter((command) => command.name === 'add-mask')
    .map((command) => unescapeData(command.data))
    .filter(Boolean);
  const masked = (text: string): string => masks.reduce((shown, secret) => shown.split(secret).join('***'), text);
  const shown: string[] = [];
  let indent = '';
  runnerLines(stdout).forEach((line, index) => {
    const command = commands.get(index);
    if (!command) {
      if (line !== '' || index < runnerLines(stdout).length - 1) shown.push(masked(`${indent}${line}`));
      return;
    }
    const data = masked(unescapeData(command.data));
    if (command.name === 'group') {
      shown.push(`▸ ${data}`);
      indent = '  ';
    } else if (command.name === 'endgroup') {
      indent = '';
    } else if (command.name in ANNOTATIONS) {
      shown.push(`${indent}${ANNOTATIONS[command.name]}: ${data}`);
    } else if (command.name === 'debug' && debug) {
      shown.push(`${indent}##[debug]${data}`);
    }
  });
  return shown;
}
