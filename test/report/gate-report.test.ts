/**
 * The documentation gate's line in the code PR's comment, and its sentence wherever a summary
 * shows it (`report/gate-report.ts`), as GitHub renders them: the state in words, the action's own
 * words as text, and every name in the sentence (a pull request, a label) as code, so that
 * `owner/name#5` is no reference and a label is no markup, in running text or in a table cell.
 */
import { describe, expect, it } from 'vitest';
import { GATE_STATES, type GateState } from '../../src/constants.js';
import type { GateStatus, SentencePart } from '../../src/gate/policy.js';
import { GATE_LINE_START, renderGateLine, renderSentence } from '../../src/report/gate-report.js';
import { renderedTables } from '../support/github-markdown.js';
import { expectShownAsWritten, OUTSIDE_CASES, readText } from '../support/outside-text.js';

const status = (state: GateState, sentence: SentencePart[]): GateStatus => ({
  state,
  description: 'unused here',
  sentence,
  targetUrl: 'https://github.com/acme/widgets/actions/runs/1',
});

describe('renderGateLine', () => {
  it.each([
    ['pending', '⏳ pending'],
    ['success', '✅ success'],
    ['failure', '❌ failure'],
    ['error', '⚠️ error'],
  ] as const)('%s: the context, the state, the sentence', (state, shown) => {
    const line = renderGateLine(status(state, ['Waiting for the documentation PR ', { name: 'acme/docs#5' }, ' to be approved']));
    expect(line).toBe(`**Documentation gate** (\`documentation\`): ${shown}: Waiting for the documentation PR \`acme/docs#5\` to be approved.`);
    expect(line.startsWith(GATE_LINE_START)).toBe(true);
    expect(readText(line)).toBe(`Documentation gate (documentation): ${shown}: Waiting for the documentation PR acme/docs#5 to be approved.`);
  });

  it('says each of GitHub’s four states', () => {
    expect(new Set(GATE_STATES.map((state) => renderGateLine(status(state, ['x'])).split(': ')[1])).size).toBe(4);
  });
});

describe('renderSentence', () => {
  it('the action’s words as text: nothing in them becomes markup', () => {
    const words = 'The label *no_docs* ~~waives~~ [it] <b>here</b> `now` at www.example.com | a_b';
    expect(readText(renderSentence(status('success', [words]), 'text'))).toBe(words);
  });

  it('a name in a table cell keeps the table whole; in running text it shows its `|` as it is', () => {
    const sentence = status('failure', ['Label ', { name: 'docs|skip' }, ' is not on it']);
    const cell = `| Status |\n| --- |\n| ${renderSentence(sentence, 'cell')} |`;
    expect(renderedTables(cell)).toEqual([[['Status'], ['Label docs|skip is not on it']]]);
    expect(readText(renderSentence(sentence, 'text'))).toBe('Label docs|skip is not on it');
    expect(renderSentence(sentence, 'text')).toBe('Label `docs|skip` is not on it');
  });

  it.each(OUTSIDE_CASES)('a name %j shows as written, in the line and in a table cell', (_short, name) => {
    const given = status('pending', ['Waiting for ', { name }, ' and ', { name: 'acme/docs#5' }]);
    expectShownAsWritten(renderGateLine(given), [name, 'acme/docs#5']);
    expectShownAsWritten(`| Status |\n| --- |\n| ${renderSentence(given, 'cell')} |`, [name, 'acme/docs#5']);
  });
});
