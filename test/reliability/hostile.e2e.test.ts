/**
 * Hostile text from each place the action reads text — the API's answers, a pull request's
 * title, body, commits and diff, and visitor paths — must not issue a workflow command, inject an
 * output, or run; and in the summary and the pull-request comment, rendered as GitHub renders
 * them, it must not break a table, become a link, markup or a mention, and must read as written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSimulator, type Simulator } from '../simulator/index.js';
import { fileDiff, pullRequestEvent, startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { isHttpUrl } from '../support/github-markdown.js';
import type { ActionRun } from '../support/run-action.js';
import { EXECUTION_MARKER, HOSTILE_STRINGS } from './cases.js';
import { checkedRun } from './harness.js';

const declaredOutputs = Object.keys((parse(readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8')) as { outputs: object }).outputs);
let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
  expect(existsSync(EXECUTION_MARKER), 'hostile text was run by a shell').toBe(false);
});

/** No undeclared output. (What the summary and comment show is checked by `checkedRun`.) */
function expectInert(run: ActionRun): void {
  expect(Object.keys(run.outputs).every((name) => declaredOutputs.includes(name))).toBe(true);
}

const cases = HOSTILE_STRINGS.map((text, index) => ({ text, index, label: `${index + 1}. ${JSON.stringify(text.slice(0, 40))}` }));

/** The agent summary's table: the outcome as header, eight rows, and the diff's row when there is one. */
const summaryTable = (diffRow = false) => [{ rows: diffRow ? 10 : 9, columns: 2 }];
/** The comment's table: the documentation PR as header, then job, status and time. */
const COMMENT_TABLE = [{ rows: 4, columns: 2 }];

/** A plain pull-request event, for a run that keeps its comment on the fake GitHub. */
function pullRequest(number: number) {
  github.pulls.set(number, { diff: fileDiff('docs/x.md', ['x']), files: [], commits: ['x'] });
  return {
    event: { name: 'pull_request', payload: pullRequestEvent(number) },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
    token: 'ghs_hostileTest',
  };
}

async function withSimulator<T>(body: (sim: Simulator) => Promise<T>, paths?: (i: number) => string): Promise<T> {
  const sim = await startSimulator({ analytics: { paths: 3, today: '2026-10-01', pathNames: paths } });
  try {
    return await body(sim);
  } finally {
    await sim.close();
  }
}

describe.concurrent('hostile text from the API', () => {
  it.each(cases)('job fields: $label', ({ text, index }) =>
    withSimulator(async (sim) => {
      const hostileJob = { id: 'job_hostile', status: text, model: text, prLink: text, createdAt: text, source: { repository: text, ref: text } };
      // The API answers with the hostile text in every field, the status included (an unknown one).
      sim.injectFault({ target: 'create', kind: 'status', status: 201, body: { ...hostileJob, status: 'active' } });
      sim.injectFault({ target: 'get', kind: 'status', status: 200, body: hostileJob });
      sim.injectFault({ target: 'get', kind: 'status', status: 200, body: { ...hostileJob, status: 'completed' } });
      const pr = pullRequest(2000 + index);
      const links = isHttpUrl(text) ? [text] : [];
      const run = await checkedRun({
        event: pr.event,
        env: pr.env,
        inputs: {
          'api-key': sim.apiKey,
          'project-id': 'proj_sim',
          'base-url': sim.url,
          prompt: text,
          diff: 'false',
          'pr-comment': 'true',
          'github-token': pr.token,
          'poll-interval': '50ms',
          'poll-interval-max': '100ms',
        },
        secrets: [sim.apiKey, pr.token],
        deadlineMs: 30_000,
        // The PR link, model, created time, source repository and ref, and the prompt.
        summary: { tables: summaryTable(), links, details: 1, literals: [{ text, times: 6 }] },
        prComment: { github, pullNumber: 2000 + index, expect: { tables: COMMENT_TABLE, links, details: 0, literals: [{ text, times: 1 }] } },
      });
      // The comment was written, so its check above ran.
      expect(github.commentBodiesSent(2000 + index)).not.toHaveLength(0);
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(JSON.parse(run.outputs.job!)).toMatchObject({ model: text });
      expectInert(run);
    }),
  );

  it.each(cases)('error message: $label', ({ text, index }) =>
    withSimulator(async (sim) => {
      sim.injectFault({ target: 'create', kind: 'status', status: 400, body: { error: text, details: [{ message: text }] } });
      const pr = pullRequest(3000 + index);
      const run = await checkedRun({
        event: pr.event,
        env: pr.env,
        inputs: { 'api-key': sim.apiKey, 'project-id': 'proj_sim', 'base-url': sim.url, prompt: 'x', diff: 'false', 'pr-comment': 'true', 'github-token': pr.token },
        secrets: [sim.apiKey, pr.token],
        deadlineMs: 30_000,
        // The server's message, in the error note of the summary and of the comment.
        summary: { tables: summaryTable(), links: [], details: 1, literals: [{ text, times: 1 }] },
        prComment: { github, pullNumber: 3000 + index, expect: { tables: COMMENT_TABLE, links: [], details: 0, literals: [{ text, times: 1 }] } },
      });
      expect(github.commentBodiesSent(3000 + index)).not.toHaveLength(0);
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expectInert(run);
    }),
  );

  it.each(cases)('visitor path: $label', ({ text }) =>
    withSimulator(
      async (sim) => {
        const run = await checkedRun({
          inputs: { 'api-key': sim.apiKey, 'project-id': 'proj_sim', 'base-url': sim.url, command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21' },
          secrets: [sim.apiKey],
          deadlineMs: 30_000,
          // Totals, then the three pages; the hostile path shown once, in its row.
          summary: { tables: [{ rows: 2, columns: 5 }, { rows: 4, columns: 5 }], links: [], details: 0, literals: [{ text, times: 1 }] },
        });
        expect(run.code).toBe(0);
        const json = JSON.parse(readFileSync(run.outputs['visitors-json']!, 'utf8')) as { rows: Array<{ path: string }> };
        expect(json.rows.map((row) => row.path)).toContain(text);
        expectInert(run);
      },
      (i) => (i === 0 ? text : `/page-${i}`),
    ),
  );
});

describe.concurrent('hostile text from a pull request', () => {
  it.each(cases)('$label', ({ text }) =>
    withSimulator(async (sim) => {
      const number = 1000 + HOSTILE_STRINGS.indexOf(text);
      github.pulls.set(number, { diff: fileDiff('docs/x.md', [text]), files: [], commits: [text] });
      const run = await checkedRun({
        event: { name: 'pull_request', payload: pullRequestEvent(number, { title: text, body: text }) },
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
        inputs: { 'api-key': sim.apiKey, 'project-id': 'proj_sim', 'base-url': sim.url, 'github-token': 'ghs_hostileTest', wait: 'false' },
        secrets: [sim.apiKey, 'ghs_hostileTest'],
        deadlineMs: 30_000,
        // The title, body, commit and diff reach the summary only inside the prompt's code block.
        summary: { tables: summaryTable(true), details: 1, literals: [text] },
      });
      expect(run.outputs.outcome).toBe('submitted');
      const prompt = (sim.requests.find((r) => r.endpoint === 'create')!.body as { prompt: string }).prompt;
      // The diff reaches the agent whole (it is data, fenced); the title is cleaned to one line.
      expect(prompt).toContain(`+${text}`);
      const titleLine = prompt.split('\n').findIndex((line) => line.startsWith(`- Pull request: #${number} `));
      expect(titleLine).toBeGreaterThan(0);
      expect(prompt.split('\n')[titleLine + 1]).toMatch(/^- Base: /);
      expectInert(run);
    }),
  );
});
