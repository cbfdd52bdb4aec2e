import { GATE_CONTEXT, type GateState } from '../constants.js';
import type { GateStatus } from '../gate/policy.js';
import { escapeText } from './markdown.js';

const STATE_TEXT: Record<GateState, string> = {
  pending: '⏳ pending',
  success: '✅ success',
  failure: '❌ failure',
  error: '⚠️ error',
};

/** The line of the code PR's comment that says what the documentation gate is waiting for (Markdown). */
export function renderGateLine(status: GateStatus): string {
  return `**Documentation gate** (\`${GATE_CONTEXT}\`): ${STATE_TEXT[status.state]}: ${escapeText(status.description)}.`;
}

/** How the gate's line starts: the sync command finds it again in the comment by it. */
export const GATE_LINE_START = '**Documentation gate** ';
