import * as core from '@actions/core';
import { randomUUID } from 'node:crypto';
import { phaseTitle, type Logger, type PhaseTitle } from './runtime.js';
import { defuseCommands, withoutInvisible } from './text.js';

/** The phases running, outermost first. */
const phases: PhaseTitle[] = [];
/** The title of the group open in the log, if one is. */
let openGroup: string | undefined;

/**
 * Before a line: the group of the innermost phase running, opened now if another (or none) is
 * open. A group opens at its phase's first line, so a phase that says nothing leaves no empty
 * group; the runner's groups do not nest, so an inner phase's group ends the outer one's.
 */
function intoPhase(): void {
  const title = phases.length > 0 ? phaseTitle(phases) : undefined;
  if (openGroup === title) return;
  if (openGroup !== undefined) core.endGroup();
  openGroup = title;
  if (title !== undefined) core.startGroup(title);
}

/** The `Logger` the flows get on a runner: `@actions/core`'s log commands. */
export const coreLogger: Logger = {
  debug: (message) => {
    // A debug line shows only in a debug run: only there is it worth a group.
    if (core.isDebug()) intoPhase();
    core.debug(message);
  },
  // Every line loses what renders as nothing, and every info line is defused once more, whatever
  // its parts went through (the defusing marks of `forLog` go too, and come back where needed).
  info: (message) => {
    intoPhase();
    core.info(defuseCommands(withoutInvisible(message)));
  },
  notice: (message) => {
    intoPhase();
    core.notice(withoutInvisible(message));
  },
  warning: (message) => {
    intoPhase();
    core.warning(withoutInvisible(message));
  },
  data: (title, text) => {
    // Inside a phase the block goes into its group; outside one, it is folded on its own.
    intoPhase();
    const own = openGroup === undefined;
    if (own) core.startGroup(title);
    else core.info(`${title}:`);
    // Between these two lines the runner ignores workflow commands, so text from a pull
    // request or the API cannot set outputs, add masks or open groups. The token is fresh
    // each time, so the text cannot end the pause itself.
    const token = randomUUID();
    core.info(`::stop-commands::${token}`);
    core.info(text);
    core.info(`::${token}::`);
    if (own) core.endGroup();
  },
  phase: async (title, work) => {
    phases.push(title);
    const own = phaseTitle(phases);
    try {
      return await work();
    } finally {
      phases.pop();
      // Its group ends with it; the outer phase's next line opens the outer one's again.
      if (openGroup === own) {
        core.endGroup();
        openGroup = undefined;
      }
    }
  },
};
