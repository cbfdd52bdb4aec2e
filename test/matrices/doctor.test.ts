/**
 * `command: doctor` through `run()` as the runner runs the bundle, each run held by `checkedRun` to
 * the platform's rules: text from a workflow file (a job's or a step's name holding the hostile
 * strings) never becomes a workflow command in the log and renders as written in the summary; a
 * refused key is never echoed; a bad input is one line naming it, before any request.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/doctor/findings.js';
import { apiInputs, type Simulator } from '../simulator/index.js';
import { checkedRun, errorLines } from '../support/checked-run.js';
import type { FakeGitHub } from '../support/fake-github.js';
import { useRunnerSimulator, withRunnerGitHub } from '../support/runner.js';
import { HOSTILE_STRINGS, visibleOnly } from './cases.js';

const TOKEN = 'ghs_doctorWorkflowToken31';
const MAIN = 'd'.repeat(40);

let sim: Simulator;
useRunnerSimulator({}, (started) => (sim = started));

/**
 * A workflow whose steps (and job, where YAML allows a key that long: 1,024 characters) are named
 * `name`, running a copy of the action (so a row names them).
 */
function workflowNamed(name: string): string {
  const quoted = JSON.stringify(name);
  return [
    'on: push',
    'permissions: { contents: read }',
    'jobs:',
    `  ${quoted.length < 1_000 ? quoted : 'docs'}:`,
    '    runs-on: ubuntu-slim',
    '    steps:',
    `      - name: ${quoted}`,
    '        uses: someone/docs-agent-action/visitors@v1',
    '        with:',
    '          api-key: ${{ secrets.MINTLIFY_API_KEY }}',
    `      - name: ${quoted}`,
    // The script holds the text too: the fix, which rewrites the script, shows it.
    `        run: ${JSON.stringify(`echo "\${{ github.event.head_commit.message }}" ${name}`)}`,
  ].join('\n');
}

function doctorRun(github: FakeGitHub, inputs: Record<string, string> = {}) {
  const all = apiInputs(sim, { command: 'doctor', 'github-token': TOKEN, ...inputs });
  return checkedRun({
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets', GITHUB_ACTION_REPOSITORY: 'acme/docs-agent-action', GITHUB_ACTION_REF: 'v1' },
    inputs: all,
    secrets: [all['api-key'], TOKEN],
    deadlineMs: 30_000,
  });
}

describe('text from a workflow file', () => {
  it.each(HOSTILE_STRINGS.map((text) => [text.slice(0, 40), text] as const))('a job and a step named %s: shown, never acted on', (_, text) =>
    withRunnerGitHub(async (github) => {
      github.files.set(MAIN, { '.github/workflows/hostile.yml': workflowNamed(text) });
      github.branches.set('main', MAIN);
      const run = await doctorRun(github);
      const rows = JSON.parse(run.outputs.doctor!) as Finding[];
      expect(rows.filter((row) => row.level !== 'ok').map((row) => row.check)).toEqual([
        '.github/workflows/hostile.yml: uses',
        '.github/workflows/hostile.yml: scripts',
      ]);
      // checkedRun held the log to the runner's reading and the summary to GitHub's renderer; the step failed on the script's fail row.
      expect(run.code).toBe(1);
      expect(errorLines(run)).toEqual(['::error::The doctor found 1 thing that will not work: .github/workflows/hostile.yml: scripts.']);
    }),
  );
});

/** A file name made of the text, where Git allows one (no slash, no NUL, at most 255 bytes). */
const FILE_NAMES = HOSTILE_STRINGS.filter((text) => !/[/\0]/.test(text) && Buffer.byteLength(`${text}.yml`) <= 255);

describe('a workflow file named with text from outside', () => {
  it('are the strings that hold runner commands, HTML and Markdown', () => {
    expect(FILE_NAMES).toEqual(
      expect.arrayContaining([
        '| a | b | c |',
        '<img src=x onerror=alert(1)>',
        '::set-output name=outcome::pr-opened',
        'x\n##[error]fake failure',
        '`code` ``` fence ```` longer',
        '@user',
      ]),
    );
  });

  it.each(FILE_NAMES.map((text) => [text.slice(0, 40), text] as const))('%s.yml, not YAML: its row names it, shown, never acted on', (_, text) =>
    withRunnerGitHub(async (github) => {
      github.files.set(MAIN, { [`.github/workflows/${text}.yml`]: 'on: [push\njobs: {' });
      github.branches.set('main', MAIN);
      const run = await doctorRun(github);
      const rows = JSON.parse(run.outputs.doctor!) as Finding[];
      expect(rows.filter((row) => row.level !== 'ok').map((row) => [row.check, row.level])).toEqual([
        [`.github/workflows/${visibleOnly(text)}.yml: YAML`, 'warn'],
      ]);
      expect(run.code).toBe(0);
      expect(errorLines(run)).toEqual([]);
    }),
  );
});

describe('faults and bad input', () => {
  it('a refused key: its fail row, the step failed, the key nowhere', () =>
    withRunnerGitHub(async (github) => {
      github.branches.set('main', MAIN);
      github.files.set(MAIN, { 'README.md': '# hi' });
      const run = await doctorRun(github, { 'api-key': 'mint_notAKeyTheApiKnows42' });
      const rows = JSON.parse(run.outputs.doctor!) as Finding[];
      expect(rows[0]).toMatchObject({ check: 'api-key and project-id', level: 'fail', found: expect.stringMatching(/^the key was refused \(401\)/) });
      expect(run.code).toBe(1);
      // The log masks it first (checkedRun holds every other line and file to that); no output or summary holds it.
      expect(JSON.stringify([run.outputs, run.summary])).not.toContain('mint_notAKeyTheApiKnows42');
    }));

  it('an empty github-token: one line naming it, before any request', () =>
    withRunnerGitHub(async (github) => {
      const run = await checkedRun({
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
        inputs: apiInputs(sim, { command: 'doctor', 'github-token': '' }),
        secrets: [sim.apiKey],
        deadlineMs: 0,
      });
      expect(run.code).toBe(1);
      expect(errorLines(run)).toEqual([expect.stringMatching(/^::error::Input "github-token" is empty: command: doctor reads/)]);
      expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
      expect(github.requests).toEqual([]);
    }));
});
