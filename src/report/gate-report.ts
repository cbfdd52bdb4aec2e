import { GATE_CONTEXT, type GateState } from '../constants.js';
import type { GateStatus } from '../gate/policy.js';
import { codeSpan, escapeText, type Place } from './markdown.js';

const STATE_TEXT: Record<GateState, string> = {
  pending: '⏳ pending',
  success: '✅ success',
  failure: '❌ failure',
  error: '⚠️ error',
};

/** The line of the code PR's comment that says what the documentation gate is waiting for (Markdown). */
export function renderGateLine(status: GateStatus): string {
  return `**Documentation gate** (\`${GATE_CONTEXT}\`): ${STATE_TEXT[status.state]}: ${renderSentence(status, 'text')}.`;
}

/** The status's sentence in Markdown: its words as text, the names in it as code. */
export function renderSentence(status: GateStatus, place: Place): string {
  return status.sentence.map((part) => (typeof part === 'string' ? escapeText(part) : codeSpan(part.name, place))).join('');
}

/** How the gate's line starts: the sync command finds it again in the comment by it. */
export const GATE_LINE_START = '**Documentation gate** ';
