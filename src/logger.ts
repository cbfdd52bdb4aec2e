import * as core from '@actions/core';
import { randomUUID } from 'node:crypto';
import type { Logger } from './runtime.js';
import { defuseCommands, withoutInvisible } from './text.js';

/** The `Logger` the flows get on a runner: `@actions/core`'s log commands. */
export const coreLogger: Logger = {
  debug: (message) => core.debug(message),
  // Every line loses what renders as nothing, and every info line is defused once more, whatever
  // its parts went through (the defusing marks of `forLog` go too, and come back where needed).
  info: (message) => core.info(defuseCommands(withoutInvisible(message))),
  notice: (message) => core.notice(withoutInvisible(message)),
  warning: (message) => core.warning(withoutInvisible(message)),
  data: (title, text) => {
    core.startGroup(title);
    // Between these two lines the runner ignores workflow commands, so text from a pull
    // request or the API cannot set outputs, add masks or open groups. The token is fresh
    // each time, so the text cannot end the pause itself.
    const token = randomUUID();
    core.info(`::stop-commands::${token}`);
    core.info(text);
    core.info(`::${token}::`);
    core.endGroup();
  },
};
