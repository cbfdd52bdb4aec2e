import { describe, expect, it } from 'vitest';
import type { AgentRun } from '../src/agent/run-agent.js';
import { agentOutputs, renderAgentSummary } from '../src/report/agent-report.js';
import { byteLength, codeBlock, codeSpan, cutToBytes, escapeCell, linkOrText } from '../src/report/markdown.js';

const hostile = 'a|b <script>alert(1)</script> `code` [x](javascript:alert(1)) *bold* \n::set-output name=x::y';

function run(overrides: Partial<AgentRun> = {}): AgentRun {
  return {
    mode: 'create',
    prompt: 'Document it',
    startedAt: 0,
    outcome: 'pr-opened',
    jobId: 'job_1',
    job: { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7', model: 'm', source: { repository: 'https://github.com/acme/docs', ref: 'main' } },
    timedOut: false,
    waitedMs: 95_000,
    error: undefined,
    delivery: 'accepted',
    ...overrides,
  };
}

/** Rows of the first table, split on the pipes Markdown would see (escaped ones are entities). */
const tableRows = (markdown: string): string[][] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').slice(1, -1));

describe('markdown helpers', () => {
  it('escapes everything that could break a table or become markup', () => {
    const cell = escapeCell(hostile);
    expect(cell).not.toMatch(/[|<>`\n[\]*]/);
    expect(cell).toContain('&lt;script&gt;');
    expect(cell).toContain('&#124;');
  });

  it('fences code longer than any backtick run inside it', () => {
    expect(codeBlock('a ``` b ```` c')).toMatch(/^`{5}\n[\s\S]*\n`{5}$/);
    expect(codeSpan('x `y` z')).toBe('``x `y` z``');
    expect(codeSpan('`edge`')).toBe('`` `edge` ``');
  });

  it('links only http(s) URLs', () => {
    expect(linkOrText('https://github.com/a/b/pull/1')).toBe('[https://github.com/a/b/pull/1](https://github.com/a/b/pull/1)');
    expect(linkOrText('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(linkOrText(null)).toBe('—');
  });

  it('cuts text to a byte budget at a line end and says so', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i} ✓`).join('\n');
    const cut = cutToBytes(text, 2_000);
    expect(byteLength(cut)).toBeLessThanOrEqual(2_000 + 40);
    expect(cut).toMatch(/… \d+ more lines not shown$/);
    expect(cut.split('\n').slice(0, -1).every((line) => /^line \d+ ✓$/.test(line))).toBe(true);
  });
});

describe('agent summary', () => {
  it('shows the outcome, status, PR, job, model, source, wait and requests', () => {
    const summary = renderAgentSummary(run(), 12);
    expect(summary).toContain('Pull request opened');
    expect(summary).toContain('[https://github.com/acme/docs/pull/7](https://github.com/acme/docs/pull/7)');
    expect(summary).toContain('| Waited | 1m35s |');
    expect(summary).toContain('| API requests | 12 |');
    expect(summary).toContain('<details><summary>Prompt (11 characters)</summary>');
  });

  it('keeps its table whole whatever the API returns', () => {
    const summary = renderAgentSummary(
      run({ job: { id: 'job|1', status: hostile, prLink: 'javascript:alert(1)', model: hostile, source: { repository: hostile, ref: hostile } } }),
      1,
    );
    const rows = tableRows(summary);
    expect(rows.length).toBe(10); // the outcome as header, the rule, eight more rows
    expect(rows.every((cells) => cells.length === 2)).toBe(true);
    expect(summary).not.toContain('<script>');
    expect(summary).not.toContain('](javascript:');
    expect(summary.split('\n').some((line) => line.startsWith('::'))).toBe(false);
  });

  it('stays far below the step-summary limit with a huge prompt', () => {
    const summary = renderAgentSummary(run({ prompt: 'diff line\n'.repeat(500_000) }), 1);
    expect(byteLength(summary)).toBeLessThan(20_000);
  });

  it('tells how to attach after a timeout', () => {
    const summary = renderAgentSummary(run({ outcome: 'timed-out', timedOut: true, job: { id: 'job_1', status: 'active' } }), 40);
    expect(summary).toContain('`job-id: job_1`');
  });
});

describe('agent outputs', () => {
  it('are all set, empty where unknown', () => {
    const outputs = agentOutputs(run({ outcome: 'error', jobId: undefined, job: undefined }), 0);
    expect(outputs).toMatchObject({ outcome: 'error', 'job-id': '', status: '', 'pr-link': '', 'timed-out': 'false', job: '', requests: '0' });
    expect(Object.keys(outputs)).toHaveLength(12);
  });
});
