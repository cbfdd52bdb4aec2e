/**
 * Every fault at every GitHub call the action makes, run in process as the runner runs the bundle
 * (test/support/runner.ts; Octokit's pauses and its hangs on the run's clock): a hang, a reset, and
 * a 403, 404 and 500 with GitHub's own error body. A transient one (a 500, a reset) is sent again
 * and gets over it, but on a new comment, which GitHub may have created all the same. Otherwise
 * what the contract says each call is worth decides the outcome:
 *
 * - a read that only adds context (commit subjects, the comments, who the token is, the default
 *   branch, a comparison's whole diff) costs one warning, and the job is still created;
 * - the diff the step was told to send (`diff: true`) ends the step: outcome `error`, one error
 *   line naming the GitHub call, nothing sent to the API;
 * - a comment write costs one warning, and the step's outcome stands.
 *
 * Then the retries (a 5xx, a secondary rate limit, both waited out within `timeout`; a comment
 * never written twice; a wait longer than the timeout given up at once), and the limits: a hang
 * never holds the step past its `timeout`, and after SIGINT the step exits within 2 seconds with
 * its outputs and summary written.
 */
import { describe, expect, it } from 'vitest';
import { GITHUB_CALLS as CALL_NAMES } from '../../src/github/calls.js';
import { apiInputs, scripts, type Simulator } from '../simulator/index.js';
import type { FakeGitHub, GitHubCall } from '../support/fake-github.js';
import { useRunnerSimulator, withRunnerGitHub } from '../support/runner.js';
import type { ActionRun } from '../support/run-action.js';
import {
  earlierJobOf,
  GITHUB_FAULT_MATRIX,
  GITHUB_SCENARIOS,
  HANG_UNDER_TIMEOUT_CALLS,
  prEvent,
  pull,
  SIGINT_READS,
  type GitHubScenario,
} from './github-cases.js';
import { actionTime, checkedRun, errorLines, warnings } from '../support/checked-run.js';
import { closedPort } from '../support/closed-port.js';

const TOKEN = 'ghs_githubFaultsToken0123';
/** What a GitHub hang costs on the run's clock. */
const REQUEST_TIMEOUT = '300ms';
const TIMEOUT = '3s';
const DEADLINE_MS = 3_000 + 300;

/** Shared: it tells the cases' jobs apart by prompt. Each case has a fake GitHub of its own (withRunnerGitHub). */
let sim: Simulator;
useRunnerSimulator({ defaultJobScript: scripts.prAfter(1) }, (started) => (sim = started));

async function runWith(
  github: FakeGitHub,
  scenario: GitHubScenario,
  inputs: Record<string, string>,
  options: Partial<Parameters<typeof checkedRun>[0]> = {},
): Promise<ActionRun> {
  return checkedRun({
    event: scenario.event,
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
    inputs: apiInputs(sim, {
      'github-token': TOKEN,
      'request-timeout': REQUEST_TIMEOUT,
      timeout: TIMEOUT,
      wait: 'false',
      ...scenario.inputs,
      ...inputs,
    }),
    secrets: [sim.apiKey, TOKEN],
    deadlineMs: DEADLINE_MS,
    ...options,
  });
}

/** The lines that say a GitHub request is sent again. */
const retryLines = (run: ActionRun): string[] => run.stdout.split('\n').filter((line) => /^GitHub .*; retrying in \d+s \(attempt \d+ of \d+\)\.$/.test(line));

/** The create requests this case made: the simulator is shared, the prompt is the case's own. */
const createsFor = (marker: string) => sim.requests.filter((r) => r.endpoint === 'create' && (r.body as { prompt: string }).prompt.includes(marker));

describe('every fault at every GitHub call', () => {
  it.each(GITHUB_FAULT_MATRIX)('$label', ({ label, call, role, fault, says, retried, ...scenario }) =>
    withRunnerGitHub(async (github) => {
      scenario.setup(github);
      github.injectFault({ call, ...fault });
      const marker = `case ${label}`;
      // A fault got over by a retry needs room for the retry's pause (1s) within the step's timeout.
      const run = retried
        ? await runWith(github, { call, role, ...scenario }, { prompt: marker, timeout: '10s' }, { deadlineMs: 11_000 })
        : await runWith(github, { call, role, ...scenario }, { prompt: marker });
      const title = CALL_NAMES[call].title;
      const faulted = github.callsTo(call);
      expect(faulted.length, 'the faulted call was made').toBeGreaterThanOrEqual(1);
      expect(run.summary.length).toBeGreaterThan(0);
      expect(run.outputs.outcome).toBeDefined();

      // A compare 404 on a push is a base commit that is gone: the head commit alone is sent.
      const degrades = role !== 'diff' || (call === 'compare' && fault.kind === 'status' && fault.status === 404);
      if (retried) {
        // Sent once more, and the run goes on as if nothing had happened: no warning, no error.
        expect(run.code).toBe(0);
        expect(run.outputs.outcome).toBe('submitted');
        expect(createsFor(marker)).toHaveLength(1);
        expect(warnings(run)).toEqual([]);
        expect(errorLines(run)).toEqual([]);
        expect(retryLines(run)).toEqual([expect.stringMatching(new RegExp(`^GitHub ${title} \\(.*${says.source}.*; retrying in 1s \\(attempt 2 of 5\\)\\.$`))]);
        // One request more than the run makes without the fault (the comment is edited twice, working
        // then the outcome, and read again before each edit; its comments are listed once, to find it).
        expect(faulted).toHaveLength(call === 'update-comment' || call === 'get-comment' ? 3 : 2);
        return;
      }
      if (role === 'comment-reread') {
        // A comment that cannot be read again is written with what the run knows: said at info level, no warning.
        expect(run.code).toBe(0);
        expect(run.outputs.outcome).toBe('submitted');
        expect(createsFor(marker)).toHaveLength(1);
        expect(warnings(run)).toEqual([]);
        expect(errorLines(run)).toEqual([]);
        // A 404 says the comment is gone: nothing to read again, and the write says what it finds.
        if (fault.kind !== 'status' || fault.status !== 404) {
          expect(run.stdout).toMatch(/Could not read the pull-request comment again before writing it \(GitHub get comment \(/);
        }
        expect(github.callsTo('update-comment')).toHaveLength(2);
        // Once before each write: the fault took the first.
        expect(faulted).toHaveLength(2);
        return;
      }
      if (role === 'comment-write') {
        expect(run.code).toBe(0);
        expect(run.outputs.outcome).toBe('submitted');
        expect(createsFor(marker)).toHaveLength(1);
        expect(warnings(run)).toHaveLength(1);
        expect(warnings(run)[0]).toMatch(/Could not write the pull-request comment/);
        if (fault.kind !== 'status' || fault.status !== 403) expect(warnings(run)[0]).toMatch(says);
        expect(errorLines(run)).toEqual([]);
      } else if (degrades) {
        expect(run.code).toBe(0);
        expect(run.outputs.outcome).toBe('submitted');
        expect(createsFor(marker)).toHaveLength(1);
        expect(warnings(run)).toHaveLength(1);
        expect(warnings(run)[0]).toContain(`GitHub ${title} (`);
        expect(warnings(run)[0]).toMatch(says);
        expect(errorLines(run)).toEqual([]);
        if (call === 'list-comments' || call === 'identity') {
          // Comments that cannot be read (or whose author cannot be told) are not written either.
          expect(github.callsTo('create-comment')).toEqual([]);
          expect(github.callsTo('update-comment')).toEqual([]);
          expect(sim.requests.filter((r) => r.path.includes(earlierJobOf(github)))).toEqual([]);
        }
        if (call === 'pull-commits') expect((createsFor(marker)[0]!.body as { prompt: string }).prompt).not.toContain('- Commits:');
      } else {
        expect(run.code).toBe(1);
        expect(run.outputs.outcome).toBe('error');
        expect(run.outputs.requests).toBe('0');
        expect(createsFor(marker)).toEqual([]);
        const errors = errorLines(run);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toContain(`GitHub ${title} (`);
        expect(errors[0]).toMatch(says);
        expect(errors[0]).toContain('nothing was sent to the API');
      }
      // Nothing else is sent again: one fault, one request.
      expect(faulted).toHaveLength(1);
      expect(retryLines(run)).toEqual([]);
    }),
  );
});

describe('a diff that cannot be read, under diff: auto', () => {
  // One retry, with room for its pause: the fault outlasts it.
  const ONE_RETRY = { retries: '1', timeout: '10s' };

  it('with a prompt: one warning, and the prompt goes without the diff', () =>
    withRunnerGitHub(async (github) => {
      pull(github);
      // A 500 that outlasts the retries (one here, after a pause of 1s).
      github.injectFault({ call: 'pull-diff', kind: 'status', status: 500, times: 2 });
      const marker = 'auto with a prompt';
      const run = await runWith(github, scenario('pull-diff'), { diff: 'auto', prompt: marker, ...ONE_RETRY }, { deadlineMs: 11_000 });
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('submitted');
      expect(warnings(run)).toEqual([
        expect.stringMatching(
          /^Could not read the pull_request event's diff: GitHub pull request diff .* answered 500.* Sending the prompt without it \(diff: auto\)\.$/,
        ),
      ]);
      expect((createsFor(marker)[0]!.body as { prompt: string }).prompt).toBe(marker);
      expect(github.callsTo('pull-diff')).toHaveLength(2);
    }));

  it('without a prompt the diff is all there is to send: outcome error, nothing sent', () =>
    withRunnerGitHub(async (github) => {
      pull(github);
      github.injectFault({ call: 'pull-diff', kind: 'reset', times: 2 });
      const run = await runWith(github, scenario('pull-diff'), { diff: 'auto', ...ONE_RETRY }, { deadlineMs: 11_000 });
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expect(run.outputs.requests).toBe('0');
      expect(errorLines(run)).toEqual([
        expect.stringMatching(/GitHub pull request diff .* the connection failed: .*\(no prompt was given\), so nothing was sent to the API/),
      ]);
      expect(github.callsTo('pull-diff')).toHaveLength(2);
    }));
});

describe("GitHub's transient failures and rate limits: retried within timeout", () => {
  // Room for a pause of a second; the run is judged by its own clock against this timeout.
  const TIMEOUT_MS = 10_000;
  const ROOMY = { timeout: '10s', 'request-timeout': '2s' };
  const promptOf = (marker: string): string => (createsFor(marker)[0]!.body as { prompt: string }).prompt;
  /** GitHub's answer to a request over its secondary rate limit. */
  const secondaryRateLimit = (retryAfterSeconds: number) =>
    ({
      kind: 'status',
      status: 403,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        status: '403',
      },
    }) as const;

  it.each([
    {
      name: 'a 5xx then success on the diff the step was told to send: sent again, and the run goes ahead',
      fault: { kind: 'status', status: 502 } as const,
      marker: 'retried 5xx',
      retried: 'answered 502: Server Error',
    },
    {
      name: 'a secondary rate limit (403, retry-after: 1) then success: waited out, and the run goes ahead',
      fault: secondaryRateLimit(1),
      marker: 'rate limit waited out',
      retried: "hit GitHub's rate limit",
    },
  ])('$name', ({ fault, marker, retried }) =>
    withRunnerGitHub(async (github) => {
      pull(github);
      github.injectFault({ call: 'pull-diff', ...fault });
      const run = await runWith(github, scenario('pull-diff'), { ...ROOMY, prompt: marker }, { deadlineMs: TIMEOUT_MS });
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('submitted');
      expect(github.callsTo('pull-diff')).toHaveLength(2);
      expect(promptOf(marker)).toContain('+export const retries = 4;');
      expect(retryLines(run)).toEqual([
        `GitHub pull request diff (GET /repos/{owner}/{repo}/pulls/{pull_number}) ${retried}; retrying in 1s (attempt 2 of 5).`,
      ]);
      expect(warnings(run)).toEqual([]);
      expect(actionTime(run)!.sinceStartMs).toBeLessThan(TIMEOUT_MS);
    }),
  );

  it('a 5xx on a comment GitHub created all the same: not sent again, so exactly one comment', () =>
    withRunnerGitHub(async (github) => {
      pull(github);
      github.injectFault({ call: 'create-comment', kind: 'status', status: 502, afterHandling: true });
      const marker = 'no second comment';
      const run = await runWith(github, scenario('create-comment'), { ...ROOMY, prompt: marker }, { deadlineMs: TIMEOUT_MS });
      expect(run.outputs.outcome).toBe('submitted');
      expect(github.callsTo('create-comment')).toHaveLength(1);
      expect(github.comments).toHaveLength(1);
      expect(retryLines(run)).toEqual([]);
      expect(warnings(run)).toEqual([
        expect.stringMatching(/^Could not write the pull-request comment: GitHub create comment \(.*\) answered 502: Server Error/),
      ]);
    }));

  it("a rate limit that asks for longer than the timeout leaves: given up at once, in the step's own words", () =>
    withRunnerGitHub(async (github) => {
      pull(github);
      github.injectFault({ call: 'pull-diff', ...secondaryRateLimit(60) });
      const marker = 'rate limit past the timeout';
      const run = await runWith(github, scenario('pull-diff'), { prompt: marker });
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expect(createsFor(marker)).toEqual([]);
      expect(github.callsTo('pull-diff')).toHaveLength(1);
      expect(retryLines(run)).toEqual([]);
      expect(errorLines(run)).toEqual([
        expect.stringMatching(
          /^::error::GitHub pull request diff \(GET .*\) answered 403: You have exceeded a secondary rate limit\..* \(GitHub's rate limit; it asks to wait 1m\)\..*nothing was sent to the API/,
        ),
      ]);
      // Given up within the deadline: the step did not wait for the timeout to run out.
      expect(actionTime(run)!.sinceStartMs).toBeLessThan(3_000);
    }));
});

describe('GitHub unreachable (connection refused)', () => {
  it('says it could not connect, not that GitHub answered 500', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await checkedRun({
      event: prEvent,
      env: { GITHUB_API_URL: url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: apiInputs(sim, {
        'github-token': TOKEN,
        'request-timeout': REQUEST_TIMEOUT,
        timeout: TIMEOUT,
        diff: 'true',
      }),
      secrets: [sim.apiKey, TOKEN],
      deadlineMs: DEADLINE_MS,
    });
    expect(run.outputs.outcome).toBe('error');
    const errors = errorLines(run);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`GitHub pull request diff (GET /repos/{owner}/{repo}/pulls/{pull_number}) could not connect to ${url} (ECONNREFUSED)`);
    // Said without a status: the port of the URL may hold "500" itself, so the URL is left out of the check.
    expect(errors[0]!.replaceAll(url, '<url>')).not.toMatch(/\b500\b|answered/);
  });
});

const scenario = (call: GitHubCall): GitHubScenario => GITHUB_SCENARIOS.find((candidate) => candidate.call === call)!;

describe('a hang under timeout: the step ends by its deadline', () => {
  // request-timeout is far longer than timeout: only the step's deadline can end these hangs.
  const LONG_REQUEST_TIMEOUT = { 'request-timeout': '10m', timeout: '1m' };

  it.each(HANG_UNDER_TIMEOUT_CALLS)('%s', (call) =>
    withRunnerGitHub(async (github) => {
      const hung = scenario(call);
      hung.setup(github);
      github.injectFault({ call, kind: 'hang' });
      const marker = `deadline ${call}`;
      const run = await runWith(github, hung, { ...LONG_REQUEST_TIMEOUT, prompt: marker }, { deadlineMs: 60_000 });
      expect(run.code).toBe(1);
      expect(run.outputs.outcome).toBe('error');
      expect(run.outputs['timed-out']).toBe('true');
      expect(createsFor(marker)).toEqual([]);
      const errors = errorLines(run);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`GitHub ${CALL_NAMES[call].title} (`);
      expect(errors[0]).toContain("the step's timeout ran out before it answered");
    }),
  );

  it('the closing comment of a timed-out wait gets one request-timeout past the deadline, no more', () =>
    withRunnerGitHub(async (github) => {
      const hung = scenario('update-comment');
      hung.setup(github);
      sim.queueJobScripts(scripts.stayActive());
      github.injectFault({ call: 'update-comment', kind: 'hang' });
      const run = await runWith(
        github,
        hung,
        {
          prompt: 'deadline closing comment',
          wait: 'true',
          timeout: '2s',
          'request-timeout': REQUEST_TIMEOUT,
          'poll-interval': '200ms',
          'poll-interval-max': '400ms',
        },
        { deadlineMs: 2_300 },
      );
      expect(run.outputs.outcome).toBe('timed-out');
      expect(warnings(run)).toHaveLength(1);
      expect(warnings(run)[0]).toMatch(/Could not write the pull-request comment: GitHub update comment \(.*timed out/);
    }));
});

describe('the last writes: the status first, in a window of its own', () => {
  it('after a timed-out wait, the comments slow to list and to write: the final status is written before the comment, the step’s error is the timeout, one warning for the comment', () =>
    withRunnerGitHub(async (github) => {
      const hung = scenario('update-comment');
      hung.setup(github);
      sim.queueJobScripts(scripts.stayActive());
      // The comment is found (the list) and says "working" (read again, then the first edit); the read
      // again before the closing write and the closing write itself hang.
      github.injectFault({ call: 'get-comment', kind: 'hang', skip: 1 });
      github.injectFault({ call: 'update-comment', kind: 'hang', skip: 1 });
      const run = await runWith(
        github,
        hung,
        {
          prompt: 'status before a slow comment',
          'docs-status': 'written',
          wait: 'true',
          timeout: '2s',
          'poll-interval': '200ms',
          'poll-interval-max': '400ms',
        },
        { deadlineMs: 2_300 },
      );
      expect(run.outputs).toMatchObject({ outcome: 'timed-out', 'docs-status-state': 'failure' });
      const gate = github.statuses.filter((status) => status.context === 'documentation');
      expect(gate.map((status) => status.state)).toEqual(['pending', 'failure']);
      expect(gate[1]!.description).toMatch(/^The documentation job was still running at the step's timeout/);
      // The final status went out before the closing read of the comment, which hung through the
      // comment's whole window (one request-timeout on the run's clock, as on a runner): the
      // closing write had no time left, and was not sent.
      const calls = github.requests.map((request) => request.call);
      const finalStatus = calls.lastIndexOf('set-status');
      expect(calls.filter((call) => call === 'list-comments' || call === 'get-comment' || call === 'update-comment')).toEqual([
        'list-comments',
        'get-comment',
        'update-comment',
        'get-comment',
      ]);
      expect(finalStatus).toBeLessThan(calls.lastIndexOf('get-comment'));
      expect(finalStatus).toBeGreaterThan(calls.lastIndexOf('update-comment'));
      const errors = errorLines(run);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/timed out|timeout/i);
      expect(errors[0]).not.toMatch(/comment/i);
      expect(warnings(run).filter((line) => !/pull-request comment/.test(line))).toEqual([]);
      expect(warnings(run)).toEqual([expect.stringMatching(/^Could not write the pull-request comment: .*the window of this last write .*ran out/)]);
    }));
});

describe('SIGINT while a GitHub request hangs: out within 2 seconds, outputs and summary written', () => {
  it.each(SIGINT_READS.map((read) => ({ ...read, label: read.call })))('$label', ({ label, ...read }) =>
    withRunnerGitHub(async (github) => {
      read.setup(github);
      github.injectFault({ call: read.call, kind: 'hang' });
      const marker = `sigint ${label}`;
      const run = await runWith(
        github,
        read,
        { prompt: marker, 'request-timeout': '20s', timeout: '30s' },
        {
          signal: { name: 'SIGINT', when: () => github.callsTo(read.call).length > 0 },
          deadlineMs: 30_000,
        },
      );
      // Done within 2 s of the signal by its own clock.
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.code).not.toBe(0);
      expect(run.outputs.outcome).toBe('cancelled');
      expect(run.outputs.requests).toBeDefined();
      expect(run.summary).toContain('Cancelled');
      expect(createsFor(marker)).toEqual([]);
      expect(errorLines(run)).toEqual(['::error::Cancelled before anything was sent to the agent; no job was created or messaged.']);
    }),
  );

  it('while the working comment is written: cancelled, and the job, which exists, goes on', () =>
    withRunnerGitHub(async (github) => {
      const write = scenario('create-comment');
      write.setup(github);
      github.injectFault({ call: 'create-comment', kind: 'hang' });
      const marker = 'sigint working comment';
      const run = await runWith(
        github,
        write,
        { prompt: marker, 'request-timeout': '20s', timeout: '30s' },
        {
          signal: { name: 'SIGINT', when: () => github.callsTo('create-comment').length > 0 },
          deadlineMs: 30_000,
        },
      );
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.code).not.toBe(0);
      expect(run.outputs.outcome).toBe('cancelled');
      expect(createsFor(marker)).toHaveLength(1);
      expect(run.outputs['job-id']).toMatch(/\S/);
      expect(errorLines(run)).toEqual([expect.stringContaining(`Job ${run.outputs['job-id']} goes on running on the server`)]);
    }));

  // The outputs are set once the last writes are done: a cancellation during them is the run's.
  it('while the closing comment is written: the step stops, cancelled, its outputs and summary written', () =>
    withRunnerGitHub(async (github) => {
      const write = scenario('update-comment');
      write.setup(github);
      // The first update says "working"; the second, the outcome, hangs.
      github.injectFault({ call: 'update-comment', kind: 'hang', skip: 1 });
      const marker = 'sigint closing comment';
      const run = await runWith(
        github,
        write,
        { prompt: marker, 'request-timeout': '20s', timeout: '30s' },
        {
          signal: { name: 'SIGINT', when: () => github.callsTo('update-comment').length > 1 },
          deadlineMs: 30_000,
        },
      );
      expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
      expect(run.code).not.toBe(0);
      expect(run.outputs.outcome).toBe('cancelled');
      expect(run.outputs['job-id']).toMatch(/\S/);
      expect(run.summary.length).toBeGreaterThan(0);
      expect(createsFor(marker)).toHaveLength(1);
      // The write cut off by the cancellation is no warning: the step's error says it was cancelled.
      expect(warnings(run)).toEqual([]);
      expect(errorLines(run)).toEqual([expect.stringContaining(`Job ${run.outputs['job-id']} goes on running on the server`)]);
    }));
});
