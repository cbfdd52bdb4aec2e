import { describe, expect, it } from 'vitest';
import type { AgentRun } from '../../src/agent/run-agent.js';
import { ApiError, serverMessageOf } from '../../src/api/errors.js';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { recordIn, sealedRecord } from '../support/records.js';
import { agentOutputs, renderAgentSummary, renderPrComment } from '../../src/report/agent-report.js';
import { byteLength, codeBlock, codeSpan, cutToBytes, escapeText, linkOrCode } from '../../src/report/markdown.js';
import { DomUtils } from 'htmlparser2';
import { expectRendersAsGitHubShould, renderAsGitHub, renderedDom } from '../support/github-markdown.js';

const hostile = 'a|b <script>alert(1)</script> `code` [x](javascript:alert(1)) *bold* \n::set-output name=x::y';

function run(overrides: Partial<AgentRun> = {}): AgentRun {
  return {
    mode: 'create',
    prompt: 'Document it',
    startedAt: 0,
    outcome: 'pr-opened',
    jobId: 'job_1',
    job: {
      id: 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/7',
      model: 'm',
      source: { repository: 'https://github.com/acme/docs', ref: 'mintlify/docs-update-1' },
    },
    timedOut: false,
    waitedMs: 95_000,
    error: undefined,
    delivery: 'accepted',
    ...overrides,
  };
}

/** The summary's one table: the outcome as header, then eight rows. */
const SUMMARY_TABLE = [{ rows: 9, columns: 2 }];
/** The comment's one table: the documentation PR as header, then three rows. */
const COMMENT_TABLE = [{ rows: 4, columns: 2 }];
const NOW = '2026-11-20T10:00:00.000Z';
const STATE = sealedRecord({ jobId: 'job_1', headSha: 'e'.repeat(40) }, 12);

const comment = (overrides: Partial<AgentRun>, limit?: number): string => renderPrComment(run(overrides), COMMENT_MARKER, STATE, NOW, limit);

describe('markdown helpers', () => {
  it("escapes everything in the action's own text that could break a table or become markup", () => {
    const cell = escapeText(hostile);
    expect(cell).not.toMatch(/[|<>`\n[\]*]/);
    expect(cell).toContain('&lt;script&gt;');
    expect(cell).toContain('&#124;');
  });

  it("keeps the autolinker and strikethrough off the action's own sentences", () => {
    const sentence = 'would attach to job www.jobs.example_1 ~~x~~ <b>https://x.example</b> a|b and wait';
    for (const markdown of [escapeText(sentence), `| a |\n| --- |\n| ${escapeText(sentence)} |`]) {
      expectRendersAsGitHubShould(markdown);
      expect(DomUtils.textContent(renderedDom(markdown)).replace(/\s+/g, ' ').trim()).toContain(sentence);
    }
  });

  it('fences code longer than any backtick run inside it', () => {
    expect(codeBlock('a ``` b ```` c')).toMatch(/^`{5}\n[\s\S]*\n`{5}$/);
    expect(codeSpan('x `y` z')).toBe('``x `y` z``');
    expect(codeSpan('`edge`')).toBe('`` `edge` ``');
  });

  it('links only http(s) URLs, showing the URL as code', () => {
    expect(linkOrCode('https://github.com/a/b/pull/1', 'text')).toBe('[`https://github.com/a/b/pull/1`](https://github.com/a/b/pull/1)');
    expect(linkOrCode('javascript:alert(1)', 'text')).toBe('`javascript:alert(1)`');
    expect(linkOrCode(null, 'cell')).toBe('—');
  });

  it('writes a `|` inside a code span as `\\|` in a table cell only, where GitHub turns it back', () => {
    for (const text of ['a|b', 'a\\|b', '|edge|', '`a|b`']) {
      expectRendersAsGitHubShould(`| x |\n| --- |\n| ${codeSpan(text, 'cell')} |`, { tables: [{ rows: 2, columns: 1 }], literals: [{ text, times: 1 }] });
      expectRendersAsGitHubShould(`Said: ${codeSpan(text, 'text')}`, { tables: [], literals: [{ text, times: 1 }] });
    }
  });

  it('keeps the spaces at both ends of a code span', () => {
    expect(renderAsGitHub(codeSpan(' padded '))).toBe('<p><code> padded </code></p>\n');
    expect(renderAsGitHub(codeSpan('`'))).toBe('<p><code>`</code></p>\n');
  });

  it('cuts a line longer than the whole budget inside it, at a character boundary, and says what was cut', () => {
    const emoji = '😀'.repeat(6_000); // 24,000 bytes on one line, every character a surrogate pair
    const cut = cutToBytes(emoji, 16 * 1024);
    expect(byteLength(cut)).toBeLessThanOrEqual(16 * 1024);
    const [shown, note] = cut.split('\n');
    expect(shown!.length).toBeGreaterThan(15_000 / 2);
    expect(shown).toMatch(/^(😀)+…$/u);
    const kept = [...shown!].length - 1;
    expect(note).toBe(`… ${6_000 - kept} more characters of that line not shown`);
    const mixed = cutToBytes(`Document this:\n${'x'.repeat(20_000)}\nlast line`, 4_096);
    expect(mixed).toMatch(/^Document this:\nx{3000,}…\n… \d+ more characters of that line not shown \(and 1 more lines\)$/);
    expect(byteLength(mixed)).toBeLessThanOrEqual(4_096);
  });

  it('cuts text to a byte budget at a line end and says so', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i} ✓`).join('\n');
    const cut = cutToBytes(text, 2_000);
    expect(byteLength(cut)).toBeLessThanOrEqual(2_000 + 40);
    expect(cut).toMatch(/… \d+ more lines not shown$/);
    expect(
      cut
        .split('\n')
        .slice(0, -1)
        .every((line) => /^line \d+ ✓$/.test(line)),
    ).toBe(true);
  });
});

describe('agent summary', () => {
  it('shows the outcome, status, PR, job, model, source, wait and requests', () => {
    const summary = renderAgentSummary(run(), 12);
    expect(summary).toContain('Pull request opened');
    expect(summary).toContain('[`https://github.com/acme/docs/pull/7`](https://github.com/acme/docs/pull/7)');
    expect(summary).toContain('| Waited | 1m35s |');
    expect(summary).toContain('| API requests | 12 |');
    expect(summary).toContain('<details><summary>Prompt (11 characters)</summary>');
  });

  it('keeps its table whole whatever the API returns', () => {
    const summary = renderAgentSummary(
      run({
        jobId: 'job|1',
        job: { id: 'job|1', status: hostile, prLink: 'javascript:alert(1)', model: hostile, source: { repository: hostile, ref: hostile } },
      }),
      1,
    );
    // In the status, model, source repository and ref; the `javascript:` URL is not linked.
    expectRendersAsGitHubShould(summary, { tables: SUMMARY_TABLE, links: [], literals: [{ text: hostile, times: 4 }] });
    expect(summary.split('\n').some((line) => line.startsWith('::'))).toBe(false);
  });

  it('links the PR where the API said, whatever characters its URL holds', () => {
    const prLink = 'https://evil.example/pull/7|8 (draft)?a=1&lt;b=2&c=`x`\\y';
    const repository = 'https://github.com/acme/docs|x';
    const summary = renderAgentSummary(run({ job: { id: 'job_1', status: 'completed', prLink, source: { repository, ref: 'mintlify/docs-update-1' } } }), 1);
    expectRendersAsGitHubShould(summary, {
      tables: SUMMARY_TABLE,
      links: [prLink, repository],
      literals: [
        { text: prLink, times: 1 },
        { text: repository, times: 1 },
      ],
    });
  });

  it('shows outside text as written: no autolink, entity, strikethrough, mention or reference', () => {
    const job = {
      id: 'job_1',
      status: 'https://x.example/a_b_c',
      model: '~~struck~~ www.evil.example',
      prLink: 'mallory@evil.example',
      createdAt: '@org/team @user #12 GH-12 owner/repo#12',
      source: { repository: '![img](https://evil.example/x.png)', ref: '<details>' },
    };
    const summary = renderAgentSummary(run({ job }), 1);
    expectRendersAsGitHubShould(summary, {
      tables: SUMMARY_TABLE,
      details: 1,
      literals: [job.status, job.model, job.prLink, job.createdAt, job.source.repository, job.source.ref].map((text) => ({ text, times: 1 })),
    });
  });

  it('shows an API error as written, its mentions and references not linked', () => {
    const message = 'POST /v2/agent/{projectId}/job answered 400: Server said: ask @org/team and @user, see #12 and https://x.example/a_b_c ~~now~~';
    const error = new ApiError(message, { kind: 'http', endpoint: 'POST /v2/agent/{projectId}/job', status: 400, mayHaveTakenEffect: false, attempts: 1 });
    const summary = renderAgentSummary(run({ outcome: 'error', jobId: undefined, job: undefined, error }), 1);
    expectRendersAsGitHubShould(summary, { tables: SUMMARY_TABLE, literals: [{ text: message, times: 1 }] });
  });

  it('cuts a long server message between characters, never inside one', () => {
    const said = '😀'.repeat(1_000);
    const serverMessage = serverMessageOf(JSON.stringify({ error: said }), { error: said })!;
    expect(serverMessage).toMatch(/^(😀)+…$/u);
    const error = new ApiError(`POST /v2/agent/{projectId}/job answered 400: Server said: ${serverMessage}`, {
      kind: 'http',
      endpoint: 'POST /v2/agent/{projectId}/job',
      status: 400,
      serverMessage,
      mayHaveTakenEffect: false,
      attempts: 1,
    });
    const summary = renderAgentSummary(run({ outcome: 'error', jobId: undefined, job: undefined, error }), 1);
    expectRendersAsGitHubShould(summary, { tables: SUMMARY_TABLE, literals: [{ text: said, times: 1 }] });
  });

  it('shows the start of a one-line prompt over 16 KiB, and what was cut', () => {
    const prompt = `Document this: ${'y'.repeat(20_000)}`;
    const summary = renderAgentSummary(run({ prompt }), 1);
    expectRendersAsGitHubShould(summary, {
      tables: SUMMARY_TABLE,
      links: ['https://github.com/acme/docs/pull/7', 'https://github.com/acme/docs'],
      details: 1,
      literals: [{ text: prompt, times: 1 }],
    });
    expect(summary).toMatch(/… \d+ more characters of that line not shown/);
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

describe('a run that made requests but sent no job', () => {
  const readOnly = { outcome: 'cancelled' as const, jobId: undefined, job: undefined, delivery: 'none' as const, waitedMs: 0 };

  it('an agent step cancelled before any request still says nothing was sent', () => {
    expect(renderAgentSummary(run(readOnly), 0)).toContain('The step was cancelled before anything was sent to the API: no job was created.');
    expect(renderAgentSummary(run({ ...readOnly, outcome: 'dry-run' }), 0)).toContain('Nothing was sent to the API.');
  });
});

describe('pull-request comment', () => {
  it('keeps its table when the PR link holds a `|`', () => {
    const prLink = 'https://evil.example/a|b';
    expectRendersAsGitHubShould(comment({ job: { id: 'job_1', status: 'completed', prLink } }), {
      tables: COMMENT_TABLE,
      links: [prLink],
      literals: [{ text: prLink, times: 1 }],
    });
  });

  it('does not let an API error mention a team or reference an issue', () => {
    const message = 'POST /v2/agent/{projectId}/job answered 400: Server said: ping @org/team about #12 and GH-12';
    const error = new ApiError(message, { kind: 'http', endpoint: 'POST /v2/agent/{projectId}/job', status: 400, mayHaveTakenEffect: false, attempts: 1 });
    const body = comment({ outcome: 'error', jobId: undefined, job: undefined, error });
    expectRendersAsGitHubShould(body, { tables: COMMENT_TABLE, literals: [{ text: message, times: 1 }] });
  });

  it("stays under GitHub's 65,536 characters whatever the API returns, marker and record kept", () => {
    const huge = `@org/team ${'z'.repeat(100_000)}`;
    const prLink = `https://evil.example/${'p'.repeat(100_000)}`;
    const error = new ApiError(huge, { kind: 'http', endpoint: 'GET /v2/agent/{projectId}/job/{id}', status: 400, mayHaveTakenEffect: false, attempts: 1 });
    const body = comment({ outcome: 'error', job: { id: 'job_1', status: huge, prLink, model: huge }, error });
    expect(body.length).toBeLessThan(65_536);
    expect(body.split('\n')[0]).toBe(COMMENT_MARKER);
    expect(recordIn(body, 12)).toEqual({ jobId: 'job_1', headSha: 'e'.repeat(40) });
    expectRendersAsGitHubShould(body, {
      tables: COMMENT_TABLE,
      literals: [
        { text: huge, times: 2 },
        { text: prLink, times: 1 },
      ],
    });
  });

  it('gives way as a whole, never cut inside its Markdown, when it would pass the limit', () => {
    const body = comment({ job: { id: 'job_1', status: `@org/team ${'z'.repeat(250)}`, prLink: 'https://github.com/acme/docs/pull/7' } }, 600);
    expect(body.length).toBeLessThanOrEqual(600);
    expect(body.split('\n')[0]).toBe(COMMENT_MARKER);
    expect(body).toContain('Pull request opened');
    expect(recordIn(body, 12)).toEqual({ jobId: 'job_1', headSha: 'e'.repeat(40) });
    expectRendersAsGitHubShould(body, { tables: [] });
  });
});

describe('agent outputs', () => {
  it('are all set, empty where unknown', () => {
    const outputs = agentOutputs(run({ outcome: 'error', jobId: undefined, job: undefined }), 0);
    expect(outputs).toMatchObject({ outcome: 'error', 'job-id': '', status: '', 'pr-link': '', 'timed-out': 'false', job: '', requests: '0' });
    expect(Object.keys(outputs)).toHaveLength(12);
  });
});
