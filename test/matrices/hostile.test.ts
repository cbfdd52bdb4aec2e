/**
 * Hostile text from each place the action reads text — the API's answers, a pull request's
 * title, body, commits and diff, and visitor paths — must not issue a workflow command, inject an
 * output, or run; and in the summary and the pull-request comment, rendered as GitHub renders
 * them, it must not break a table, become a link, markup or a mention, and must read as written.
 * Each case runs the action in process on fake time (test/support/runner.ts), checked by
 * `checkedRun` as a run of the bundle would be.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cleanText } from '../../src/text.js';
import { apiInputs, type Simulator } from '../simulator/index.js';
import { fileDiff, type FakeGitHub } from '../support/fake-github.js';
import { isHttpUrl, isLinkableHttps } from '../support/github-markdown.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, pushEvent } from '../support/webhook-events.js';
import { EXECUTION_MARKER, HOSTILE_STRINGS, invisibleCharacters, visibleOnly } from './cases.js';
import { checkedRun, errorLines } from '../support/checked-run.js';
import { startRunnerSimulator, useRunnerGitHub, withSimulator } from '../support/runner.js';
import { allowedAsJobId } from '../support/job-ids.js';
import { SCREENSHOT_ALT } from '../../src/report/preview-report.js';

/** The simulator's documentation repository: its jobs' source and the first PR's home. */
const DOCS_REPOSITORY = 'https://github.com/acme-sim/docs';

const declaredOutputs = Object.keys((parse(readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8')) as { outputs: object }).outputs);
/** Shared by the cases: what it was sent and what it answered is held to GitHub's descriptions once, at the end. */
let github: FakeGitHub;
useRunnerGitHub((started) => (github = started));
afterAll(() => {
  expect(existsSync(EXECUTION_MARKER), 'hostile text was run by a shell').toBe(false);
});

/** No undeclared output. (What the summary and comment show is checked by `checkedRun`.) */
function expectInert(run: ActionRun): void {
  expect(Object.keys(run.outputs).every((name) => declaredOutputs.includes(name))).toBe(true);
}

const cases = HOSTILE_STRINGS.map((text, index) => ({ text, index, label: `${index + 1}. ${JSON.stringify(text.slice(0, 40))}` }));

/**
 * The invisible characters the action writes itself: U+FE0F, the emoji presentation of its own
 * ⚠️ and ☑️ in the summary and the comment, and U+200B, which defuses a command in the log.
 */
const OWN_INVISIBLE = ['\ufe0f', '\u200b'];

/**
 * No character of `text` that renders as nothing reaches what the action wrote: `exact` places
 * (the prompt, the outputs) hold none of them, the others (the summary, comments, the log) none
 * but the action's own.
 */
function expectNothingInvisibleFrom(text: string, exact: Record<string, string>, others: Record<string, string> = {}): void {
  const hidden = invisibleCharacters(text);
  const found = (content: string, ignored: readonly string[]) =>
    hidden.filter((char) => !ignored.includes(char) && content.includes(char)).map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
  for (const [where, content] of Object.entries(exact)) expect(found(content, []), `invisible characters from outside in ${where}`).toEqual([]);
  for (const [where, content] of Object.entries(others)) expect(found(content, OWN_INVISIBLE), `invisible characters from outside in ${where}`).toEqual([]);
}

const promptOf = (sim: Simulator): string => (sim.requests.find((r) => r.endpoint === 'create')!.body as { prompt: string }).prompt;

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

/** The inputs of an agent run on a pull request that keeps its comment, with what a case adds. */
function commentRunInputs(sim: Simulator, pr: ReturnType<typeof pullRequest>, extra: Record<string, string>): Record<string, string> {
  return apiInputs(sim, {
    diff: 'false',
    'pr-comment': 'true',
    'github-token': pr.token,
    'poll-interval': '50ms',
    'poll-interval-max': '100ms',
    ...extra,
  });
}

/** A simulator of the case's own, with three pages of visitors (the first named by `paths`, when given). */
const withHostileSimulator = <T>(body: (sim: Simulator) => Promise<T>, paths?: (i: number) => string): Promise<T> =>
  withSimulator({ analytics: { paths: 3, today: '2026-10-01', pathNames: paths } }, body);

describe('hostile text from the API', () => {
  it.each(cases)('job fields: $label', ({ text, index }) =>
    withHostileSimulator(async (sim) => {
      const hostileJob = {
        id: 'job_hostile',
        status: text,
        model: text,
        prLink: text,
        createdAt: text,
        archivedAt: text,
        source: { repository: text, ref: text },
      };
      // The API answers with the hostile text in every field, the status included (an unknown one).
      sim.injectFault({ target: 'create', kind: 'status', status: 201, body: { ...hostileJob, status: 'active' } });
      sim.injectFault({ target: 'get', kind: 'status', status: 200, body: hostileJob });
      sim.injectFault({ target: 'get', kind: 'status', status: 200, body: { ...hostileJob, status: 'completed' } });
      const pr = pullRequest(2000 + index);
      const links = isHttpUrl(text) ? [text] : [];
      const run = await checkedRun({
        event: pr.event,
        env: pr.env,
        inputs: commentRunInputs(sim, pr, { prompt: text }),
        secrets: [sim.apiKey, pr.token],
        deadlineMs: 30_000,
        // The PR link, model, created time, source repository and ref, and the prompt.
        summary: { tables: summaryTable(), links, details: 1, literals: [{ text: visibleOnly(text), times: 6 }] },
        prComment: {
          github,
          pullNumber: 2000 + index,
          expect: { tables: COMMENT_TABLE, links, details: 0, literals: [{ text: visibleOnly(text), times: 1 }] },
        },
      });
      // The comment was written, so its check above ran.
      const comments = github.commentBodiesSent(2000 + index);
      expect(comments).not.toHaveLength(0);
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(JSON.parse(run.outputs.job!)).toMatchObject({ model: visibleOnly(text) });
      expectNothingInvisibleFrom(
        text,
        { prompt: promptOf(sim), outputs: JSON.stringify(run.outputs) },
        { summary: run.summary, comments: comments.join('\n'), log: run.stdout },
      );
      expectInert(run);
    }),
  );

  it.each(cases)('job ID: $label', ({ text }) =>
    withHostileSimulator(async (sim) => {
      // The API names the new job with the hostile text. An ID the contract allows is the job's,
      // followed to its end (one path segment in every URL, and still never a command in the
      // log); one it refuses (a line break, an invisible character, too long) is a malformed answer.
      sim.queueJobIds(text);
      const run = await checkedRun({
        inputs: apiInputs(sim, { prompt: 'x', 'poll-interval': '50ms', 'poll-interval-max': '100ms' }),
        secrets: [sim.apiKey],
        deadlineMs: 30_000,
        sim,
      });
      if (allowedAsJobId(text)) {
        expect(run.outputs.outcome).toBe('pr-opened');
        expect(run.outputs['job-id']).toBe(text);
        const polls = sim.requests.filter((r) => r.endpoint === 'get');
        expect(polls.length).toBeGreaterThan(0);
        expect(polls.every((r) => r.jobId === text && r.path === `/v2/agent/proj_sim/job/${encodeURIComponent(text)}`)).toBe(true);
      } else {
        expect(run.outputs.outcome).toBe('error');
        expect(errorLines(run)).toEqual([expect.stringMatching(/not the documented shape: id: not a job ID/)]);
        expect(sim.requests.map((r) => r.endpoint)).toEqual(['create']);
        expect(run.outputs['job-id']).toBe('');
      }
      expectInert(run);
    }),
  );

  it.each(cases)('preview URL, status ID and screenshots: $label', ({ text, index }) =>
    withHostileSimulator(async (sim) => {
      // The trigger answers with the hostile text as the deployment's ID and the preview's URL,
      // and the status with a finished deployment whose screenshots are the hostile text. An ID
      // the rule refuses is a malformed answer (preview-status error); one it allows is read.
      sim.injectFault({ target: 'preview', kind: 'status', status: 202, body: { statusId: text, previewUrl: text } });
      sim.injectFault({
        target: 'preview-status',
        kind: 'status',
        status: 200,
        body: { status: 'success', screenshot: text, screenshotLight: text, screenshotDark: text },
      });
      const pr = pullRequest(6000 + index);
      const read = allowedAsJobId(text);
      const linked = read && isLinkableHttps(text) ? [text] : [];
      const jobLinks = [`${DOCS_REPOSITORY}/pull/100`, DOCS_REPOSITORY];
      const run = await checkedRun({
        event: pr.event,
        env: pr.env,
        inputs: commentRunInputs(sim, pr, { prompt: 'x', preview: 'true' }),
        secrets: [sim.apiKey, pr.token],
        deadlineMs: 30_000,
        summary: {
          links: [...jobLinks, ...linked],
          images: linked,
          imageAlt: SCREENSHOT_ALT,
          details: 1,
          literals: read ? [visibleOnly(text)] : [],
        },
        prComment: {
          github,
          pullNumber: 6000 + index,
          expect: { links: [jobLinks[0]!, ...linked], images: linked, imageAlt: SCREENSHOT_ALT, literals: read ? [visibleOnly(text)] : [] },
          earlier: [{ links: [] }, { links: [jobLinks[0]!, ...linked] }],
        },
      });
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(run.outputs['preview-status']).toBe(read ? 'success' : 'error');
      expect(run.outputs['preview-url']).toBe(read ? visibleOnly(text) : '');
      if (read) {
        const status = sim.requests.find((r) => r.endpoint === 'preview-status')!;
        expect(status.path).toBe(`/v1/project/update-status/${encodeURIComponent(text)}`);
      }
      const comments = github.commentBodiesSent(6000 + index);
      expectNothingInvisibleFrom(text, { outputs: JSON.stringify(run.outputs) }, { summary: run.summary, comments: comments.join('\n'), log: run.stdout });
      expectInert(run);
    }),
  );

  it.each(cases)('preview status and summary: $label', ({ text, index }) =>
    withHostileSimulator(async (sim) => {
      // The deployment reports the hostile text as its status (undocumented: still building) and
      // its summary; the step's timeout ends the wait before another read.
      sim.injectFault({ target: 'preview-status', kind: 'status', status: 200, body: { status: text, summary: text } });
      const pr = pullRequest(7000 + index);
      const jobLink = `${DOCS_REPOSITORY}/pull/100`;
      const previewUrl = 'https://acme-sim-mintlify-docs-update-1.mintlify.site';
      const run = await checkedRun({
        event: pr.event,
        env: pr.env,
        inputs: commentRunInputs(sim, pr, { prompt: 'x', timeout: '4s', preview: 'true' }),
        secrets: [sim.apiKey, pr.token],
        deadlineMs: 4_000,
        sim,
        summary: { details: 1 },
        // The comment while the preview builds shows the hostile status as its state.
        prComment: { github, pullNumber: 7000 + index, earlier: [{ links: [] }, { links: [jobLink, previewUrl] }] },
      });
      expect(run.outputs.outcome).toBe('pr-opened');
      expect(run.outputs['preview-status']).toBe('timed-out');
      const comments = github.commentBodiesSent(7000 + index);
      expect(comments).toHaveLength(3);
      expectNothingInvisibleFrom(text, { outputs: JSON.stringify(run.outputs) }, { summary: run.summary, comments: comments.join('\n'), log: run.stdout });
      expectInert(run);
    }),
  );

  it('job ID: the hostile strings cover both sides of the rule', () => {
    // Commands that only the log's own defences stop, and line breaks that the rule refuses.
    expect(allowedAsJobId('::set-output name=outcome::pr-opened')).toBe(true);
    expect(allowedAsJobId('##[set-output name=outcome;]pr-opened')).toBe(true);
    expect(allowedAsJobId('x\n##[error]fake failure')).toBe(false);
    expect(HOSTILE_STRINGS).toEqual(
      expect.arrayContaining(['::set-output name=outcome::pr-opened', '##[set-output name=outcome;]pr-opened', 'x\n##[error]fake failure']),
    );
  });

  it.each(cases)('error message: $label', ({ text, index }) =>
    withHostileSimulator(async (sim) => {
      sim.injectFault({ target: 'create', kind: 'status', status: 400, body: { error: text, details: [{ message: text }] } });
      const pr = pullRequest(3000 + index);
      const run = await checkedRun({
        event: pr.event,
        env: pr.env,
        inputs: apiInputs(sim, {
          prompt: 'x',
          diff: 'false',
          'pr-comment': 'true',
          'github-token': pr.token,
        }),
        secrets: [sim.apiKey, pr.token],
        deadlineMs: 30_000,
        // The server's message, in the error note of the summary and of the comment.
        summary: { tables: summaryTable(), links: [], details: 1, literals: [{ text: visibleOnly(text), times: 1 }] },
        prComment: {
          github,
          pullNumber: 3000 + index,
          expect: { tables: COMMENT_TABLE, links: [], details: 0, literals: [{ text: visibleOnly(text), times: 1 }] },
        },
      });
      const comments = github.commentBodiesSent(3000 + index);
      expect(comments).not.toHaveLength(0);
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expectNothingInvisibleFrom(text, { outputs: JSON.stringify(run.outputs) }, { summary: run.summary, comments: comments.join('\n'), log: run.stdout });
      expectInert(run);
    }),
  );

  it.each(cases)('visitor path: $label', ({ text }) =>
    withHostileSimulator(
      async (sim) => {
        const run = await checkedRun({
          inputs: apiInputs(sim, {
            command: 'visitors',
            'date-from': '2026-11-14',
            'date-to': '2026-11-21',
          }),
          secrets: [sim.apiKey],
          deadlineMs: 30_000,
          // Totals, then the three pages; the hostile path shown once, in its row.
          summary: {
            tables: [
              { rows: 2, columns: 5 },
              { rows: 4, columns: 5 },
            ],
            links: [],
            details: 0,
            literals: [{ text: visibleOnly(text), times: 1 }],
          },
        });
        expect(run.code).toBe(0);
        // The files hold the data as the API gave it; what a reader is shown holds nothing hidden.
        const json = JSON.parse(readFileSync(run.outputs['visitors-json']!, 'utf8')) as { rows: Array<{ path: string }> };
        expect(json.rows.map((row) => row.path)).toContain(text);
        expectNothingInvisibleFrom(text, { outputs: JSON.stringify(run.outputs) }, { summary: run.summary, log: run.stdout });
        expectInert(run);
      },
      (i) => (i === 0 ? text : `/page-${i}`),
    ),
  );
});

describe('hostile text from a pull request', () => {
  it.each(cases)('$label', ({ text }) =>
    withHostileSimulator(async (sim) => {
      const number = 1000 + HOSTILE_STRINGS.indexOf(text);
      github.pulls.set(number, { diff: fileDiff('docs/x.md', [text]), files: [], commits: [text] });
      const run = await checkedRun({
        event: { name: 'pull_request', payload: pullRequestEvent(number, { title: text, body: text }) },
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
        inputs: apiInputs(sim, { 'github-token': 'ghs_hostileTest', wait: 'false' }),
        secrets: [sim.apiKey, 'ghs_hostileTest'],
        deadlineMs: 30_000,
        // The title, body, commit and diff reach the summary only inside the prompt's code block.
        summary: { tables: summaryTable(true), details: 1, literals: [visibleOnly(text)] },
      });
      expect(run.outputs.outcome).toBe('submitted');
      const prompt = promptOf(sim);
      // The diff reaches the agent whole but for what renders as nothing (it is data, fenced); the
      // title is cleaned to one line.
      expect(prompt).toContain(`+${visibleOnly(text)}`);
      expectNothingInvisibleFrom(text, { prompt, outputs: JSON.stringify(run.outputs) }, { summary: run.summary, log: run.stdout });
      const titleLine = prompt.split('\n').findIndex((line) => line.startsWith(`- Pull request: #${number} `));
      expect(titleLine).toBeGreaterThan(0);
      expect(prompt.split('\n')[titleLine + 1]).toMatch(/^- Base: /);
      expectInert(run);
    }),
  );
});

/** Every hostile string at once, as the names of a change's files: GitHub lets an author choose them. */
const fileNames = HOSTILE_STRINGS.map((text, index) => `${text}-${index}`);

describe('hostile file names and commit messages', () => {
  const patch = '@@ -1 +1 @@\n-old\n+new';

  /** A run that sends the whole change, every file in it, whatever its size. */
  const wholeChangeRun = (sim: Simulator, event: { name: string; payload: unknown }): Promise<ActionRun> =>
    checkedRun({
      event,
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: apiInputs(sim, { 'github-token': 'ghs_hostileTest', wait: 'false', 'diff-exclude': 'none', 'diff-max-chars': '1000000' }),
      secrets: [sim.apiKey, 'ghs_hostileTest'],
      deadlineMs: 30_000,
    });

  it('in a pull request diff, and in the files list GitHub falls back to (some without a patch)', () =>
    withHostileSimulator(async (sim) => {
      github.pulls.set(4000, { diff: fileNames.map((name) => fileDiff(name, ['new'], ['old'])).join('\n'), files: [], commits: HOSTILE_STRINGS.slice() });
      github.pulls.set(4001, {
        diff: '',
        tooLarge: true,
        files: fileNames.map((filename, index) => ({ filename, status: 'modified', ...(index % 2 ? {} : { patch }) })),
        commits: HOSTILE_STRINGS.slice(),
      });
      for (const number of [4000, 4001]) {
        sim.resetLog();
        const run = await wholeChangeRun(sim, { name: 'pull_request', payload: pullRequestEvent(number) });
        expect(run.outputs.outcome).toBe('submitted');
        const prompt = promptOf(sim);
        expectPromptLinesClean(prompt);
        expectNothingInvisibleFrom(HOSTILE_STRINGS.join(''), { prompt }, { summary: run.summary, log: run.stdout });
        if (number === 4001) {
          // The files GitHub gave no patch for are named in the log: defused, one line.
          expect(run.stdout).toMatch(new RegExp(`^GitHub gave no patch for ${Math.floor(fileNames.length / 2)} files: `, 'm'));
        }
        expectInert(run);
      }
    }));

  it('in a push: the compare’s files and commit messages', () =>
    withHostileSimulator(async (sim) => {
      const [before, after] = ['1a'.repeat(20), '2b'.repeat(20)];
      github.compares.set(`${before}...${after}`, {
        files: fileNames.map((filename) => ({ filename, status: 'modified', patch })),
        commits: HOSTILE_STRINGS.slice(),
      });
      const run = await wholeChangeRun(sim, pushEvent(before, after, 'refs/heads/main'));
      expect(run.outputs.outcome).toBe('submitted');
      expectPromptLinesClean(promptOf(sim));
      expectNothingInvisibleFrom(HOSTILE_STRINGS.join(''), { prompt: promptOf(sim) }, { summary: run.summary, log: run.stdout });
      expectInert(run);
    }));
});

/**
 * Outside the diff's fence, the prompt has only lines the action wrote: commit subjects and the
 * names of files left out each stay on their own line, cleaned.
 */
function expectPromptLinesClean(prompt: string): void {
  const lines = prompt.split('\n');
  const open = lines.findIndex((line) => /^`{3,}diff$/.test(line));
  const fence = lines[open]!.slice(0, -'diff'.length);
  const close = lines.indexOf(fence, open + 1);
  expect(close).toBeGreaterThan(open);
  for (const line of [...lines.slice(0, open), ...lines.slice(close + 1)]) {
    // eslint-disable-next-line no-control-regex
    expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202e]/);
  }
  // The subjects are listed, one a line, under "Commits:".
  expect(lines.filter((line) => line.startsWith('  - ')).length).toBeGreaterThanOrEqual(HOSTILE_STRINGS.length - 2);
}

describe('hostile text from readers', () => {
  it('as visitor paths, rated pages and search terms of a refresh', async () => {
    const sim = await startRunnerSimulator({
      analytics: {
        paths: HOSTILE_STRINGS.length,
        today: '2026-10-01',
        pathNames: (i) => HOSTILE_STRINGS[i]!,
        feedback: HOSTILE_STRINGS.map((path, i) => ({ path, thumbsUp: 1, thumbsDown: 2 + (i % 7) })),
        searches: HOSTILE_STRINGS.map((searchQuery, i) => ({ searchQuery, hits: 100 - i, topClickedPage: null })),
      },
    });
    try {
      const run = await checkedRun({
        inputs: apiInputs(sim, {
          command: 'refresh',
          'date-from': '2026-11-14',
          'date-to': '2026-11-21',
          'refresh-pages': '50',
          'refresh-searches': '50',
          'poll-interval': '50ms',
          'poll-interval-max': '100ms',
        }),
        secrets: [sim.apiKey],
        deadlineMs: 30_000,
        sim,
        // Every path and term shown as written, cleaned as the prompt has them, as code.
        summary: { literals: [...HOSTILE_STRINGS.map((text) => cleanText(text, 300)), ...HOSTILE_STRINGS.map((text) => cleanText(text, 100))].filter(Boolean) },
      });
      expect(run.outputs.outcome).toBe('pr-opened');
      const signals = JSON.parse(run.outputs.signals!) as { pages: unknown[]; searches: unknown[] };
      expect(signals.pages).toHaveLength(2 * HOSTILE_STRINGS.length);
      expectNothingInvisibleFrom(
        HOSTILE_STRINGS.join(''),
        { prompt: promptOf(sim), outputs: JSON.stringify(run.outputs) },
        { summary: run.summary, log: run.stdout },
      );
      expectInert(run);
    } finally {
      await sim.close();
    }
  });
});
