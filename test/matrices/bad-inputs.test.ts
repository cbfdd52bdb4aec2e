/**
 * Every bad input, run in process as the runner runs the bundle: one error line naming the input,
 * and not one request to the API. Inputs of the other command are accepted and ignored, with a
 * warning: the runner passes every input with its default, so only a set value is reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiInputs, type Simulator } from '../simulator/index.js';
import { startRunnerSimulator, withRunnerGitHub, withSimulator } from '../support/runner.js';
import { BAD_INPUTS } from './cases.js';
import { eventNamed, mergeGroupEvent, pullRequestEvent, pushEvent, releaseEvent, scheduleEvent, type TriggeringEvent } from '../support/webhook-events.js';
import { checkedRun, errorLines } from '../support/checked-run.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startRunnerSimulator({ analytics: { paths: 20, today: '2026-10-01' } });
});
afterAll(async () => {
  // Not one of the bad inputs reached the API.
  expect(sim.requests).toEqual([]);
  await sim.close();
});

describe('bad input', () => {
  it.each(
    BAD_INPUTS.map((bad, index) => ({
      ...bad,
      label: `${index + 1}. ${bad.input} = ${JSON.stringify(Object.values(bad.inputs)[0] === bad.input ? '' : (bad.inputs[bad.input] ?? ''))}`,
    })),
  )('$label', async ({ input, inputs, event }) => {
    const all = apiInputs(sim, { prompt: 'x', ...inputs });
    const run = await checkedRun({
      inputs: all,
      event: event ? eventNamed(event) : undefined,
      secrets: [sim.apiKey, all['api-key']].filter(Boolean),
      deadlineMs: 0, // refused before any request: only start-up time is allowed
    });
    expect(run.code).toBe(1);
    const errors = errorLines(run);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`"${input}"`);
    // The outputs still say what happened, for the steps after this one.
    expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
    // A bad value is shown (quoted) wherever the rule is about the value itself; never the key.
    const value = inputs[input] ?? '';
    if (errors[0]!.includes('has an invalid value')) {
      expect(errors[0]).toContain(input === 'api-key' ? '(hidden)' : JSON.stringify(value.slice(0, 80)).slice(0, -1));
    }
  });
});

/**
 * An empty `github-token` (a secret passed that is not there) on every path of every command that
 * reads or writes GitHub with it: one line that names the input, what it is needed for and the
 * fix, before any request, never the client library's own words.
 */
const EMPTY_GITHUB_TOKEN: ReadonlyArray<readonly [string, Record<string, string>, TriggeringEvent, RegExp]> = [
  ['agent, the comment on a pull request', { 'pr-comment': 'true' }, eventNamed('pull_request'), /needed to read the diff and write the pull-request comment/],
  [
    'agent, the gate alone (no diff, no comment)',
    { 'docs-status': 'written', diff: 'false' },
    eventNamed('pull_request'),
    /needed to write the documentation status\./,
  ],
  [
    'agent, a waived pull request (no job, a status all the same)',
    { 'docs-status': 'written' },
    { name: 'pull_request', payload: pullRequestEvent(7, { labels: ['no-docs'] }) },
    /write the documentation status/,
  ],
  [
    'agent, a closed code PR it follows',
    { 'follow-code-pr': 'true' },
    { name: 'pull_request', payload: pullRequestEvent(7, { action: 'closed' }) },
    /needed to read the pull-request comment that records the documentation PR/,
  ],
  ['agent, a push', {}, pushEvent('1'.repeat(40), '2'.repeat(40)), /needed to read the diff\./],
  ['agent, a merge queue', { 'docs-status': 'written' }, mergeGroupEvent(7), /needed to read the pull request and write the documentation status/],
  [
    'sync',
    { command: 'sync', 'docs-status': 'written' },
    { name: 'pull_request', payload: pullRequestEvent(7, { action: 'closed' }) },
    /needed to read the documentation PR's back-link, write the code PR's comment and write the code PR's documentation status/,
  ],
  [
    'sync, the review loop',
    { command: 'sync', 'review-loop': 'true', 'code-token': 'ghs_codeToken0123456789' },
    eventNamed('pull_request_review'),
    /needed to read the documentation PR's back-link\. .*"Pull requests: write"\.$/,
  ],
  ['sweep', { command: 'sweep' }, scheduleEvent(), /the sweep reads the pull requests' comments with it/],
  ['release', { command: 'release' }, releaseEvent('v1.2.3'), /the release command reads the release/],
  ['doctor', { command: 'doctor' }, eventNamed('workflow_dispatch'), /command: doctor reads the repository's workflows/],
];

describe('an empty github-token', () => {
  it.each(EMPTY_GITHUB_TOKEN)('%s: one line naming it, what it is for and the fix, before any request', (_, inputs, event, says) =>
    withRunnerGitHub(async (github) => {
      const all = apiInputs(sim, { prompt: 'x', ...inputs, 'github-token': '' });
      const run = await checkedRun({
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
        inputs: all,
        event,
        secrets: [sim.apiKey, ...(inputs['code-token'] ? [inputs['code-token']] : [])],
        deadlineMs: 0,
      });
      expect(run.code).toBe(1);
      const errors = errorLines(run);
      expect(errors).toEqual([
        expect.stringMatching(/^::error::Input "github-token" is empty: .*Leave it at its default \(\$\{\{ github\.token \}\}\) or pass a token with "/),
      ]);
      expect(errors[0]).toMatch(says);
      expect(run.stdout).not.toContain('Parameter token or opts.auth');
      expect(run.outputs).toMatchObject({ outcome: 'error', requests: '0' });
      expect(github.requests).toEqual([]);
    }),
  );
});

describe('inputs of the other command', () => {
  it('are ignored with a warning, and the step runs', () =>
    withSimulator({ analytics: { paths: 20, today: '2026-10-01' } }, async (other) => {
      const run = await checkedRun({
        inputs: apiInputs(other, {
          command: 'visitors',
          prompt: 'not for visitors',
          wait: 'false',
          'date-from': '2026-11-14',
          'date-to': '2026-11-21',
        }),
        secrets: [other.apiKey],
        deadlineMs: 30_000,
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('::warning::Input "prompt" is ignored by command: visitors');
      expect(run.stdout).toContain('::warning::Input "wait" is ignored by command: visitors');
      expect(run.outputs['visitors-rows']).toBe('20');
    }));
});
