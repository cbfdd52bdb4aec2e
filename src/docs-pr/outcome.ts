import type { DocsPrRecord } from '../memory/record.js';
import type { DocsPrOutcome } from './follow.js';

/**
 * Before anything was done: nothing, and the record's documentation PR as it was. Apart from
 * follow.ts, which the agent step loads only when it follows a documentation PR.
 */
export function nothingDone(recorded: DocsPrRecord | undefined): DocsPrOutcome {
  return { action: 'none', record: recorded, shown: undefined, acted: false };
}
