/**
 * The in-process runner (runner.ts) gives what a process gives, and leaves the test process as it
 * found it: the environment, stdout, the exit code, the signal listeners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiInputs, scripts, type Simulator } from '../simulator/index.js';
import { fileDiff, type FakeGitHub } from './fake-github.js';
import { runnerCommands } from './runner-log.js';
import { runInProcess, runnerClock, startRunnerGitHub, startRunnerSimulator } from './runner.js';
import { pullRequestEvent } from './webhook-events.js';

let sim: Simulator;
let github: FakeGitHub;
beforeAll(async () => {
  sim = await startRunnerSimulator();
  github = await startRunnerGitHub();
});
afterAll(async () => {
  await Promise.all([sim.close(), github.close()]);
});

describe('a run in process', () => {
  it('reads its inputs from INPUT_* and writes the outputs and summary files, the log as the runner reads it', async () => {
    sim.queueJobScripts(scripts.prAfter(2));
    const run = await runInProcess({ inputs: apiInputs(sim, { prompt: 'Document the retries flag', 'poll-interval': '1s' }) });
    expect(run.code).toBe(0);
    expect(run.signal).toBeNull();
    expect(run.outputs).toMatchObject({ outcome: 'pr-opened', status: 'completed', requests: '3' });
    expect(run.summary).toContain('Pull request opened');
    // The key is masked first, as the runner reads it.
    expect(runnerCommands(run.stdout)[0]).toMatchObject({ name: 'add-mask', data: sim.apiKey });
    expect(run.stdout).toMatch(/^::debug::Finished \d+ ms after start\.$/m);
  });

  it('lives on fake time: a wait of half an hour takes the clock half an hour, and the action says so by its clock', async () => {
    sim.queueJobScripts(scripts.prAfter(6));
    const before = runnerClock.now();
    const run = await runInProcess({ inputs: apiInputs(sim, { prompt: 'x', 'poll-interval': '5m', 'poll-interval-max': '5m', timeout: '1h' }) });
    expect(run.outputs.outcome).toBe('pr-opened');
    expect(runnerClock.now() - before).toBe(30 * 60_000);
    expect(run.durationMs).toBe(30 * 60_000);
    expect(run.stdout).toContain(`::debug::Finished ${30 * 60_000} ms after start.`);
  });

  it('fails as a process does: the exit code, and the outputs later steps read', async () => {
    const run = await runInProcess({ inputs: apiInputs(sim, { prompt: 'x', 'poll-interval': 'soon' }) });
    expect(run.code).toBe(1);
    expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
    expect(runnerCommands(run.stdout).filter((command) => command.name === 'error')).toHaveLength(1);
  });

  it('puts back the environment, the directory, stdout, the exit code and the signal listeners', async () => {
    process.env.INPUT_PROMPT = 'from outside';
    process.env.GITHUB_OUTPUT = '/nowhere/github_output';
    const before = {
      env: { ...process.env },
      cwd: process.cwd(),
      // eslint-disable-next-line @typescript-eslint/unbound-method
      write: process.stdout.write,
      exitCode: process.exitCode,
      listeners: process.listeners('SIGINT').length + process.listeners('SIGTERM').length,
    };
    try {
      const run = await runInProcess({ inputs: apiInputs(sim, { 'dry-run': 'true', prompt: 'inside' }) });
      // The run saw its own inputs and files, none of the outer ones.
      expect(run.outputs.outcome).toBe('dry-run');
      expect(run.stdout).toContain('inside');
      expect(run.stdout).not.toContain('from outside');
      const failed = await runInProcess({ inputs: apiInputs(sim, { command: 'nothing' }) });
      expect(failed.code).toBe(1);
      expect({ ...process.env }).toEqual(before.env);
      expect(process.cwd()).toBe(before.cwd);
      // eslint-disable-next-line @typescript-eslint/unbound-method
      expect(process.stdout.write).toBe(before.write);
      expect(process.exitCode).toBe(before.exitCode);
      expect(process.listeners('SIGINT').length + process.listeners('SIGTERM').length).toBe(before.listeners);
    } finally {
      delete process.env.INPUT_PROMPT;
      delete process.env.GITHUB_OUTPUT;
    }
  });

  it('runs one at a time: two started together each keep their own inputs, outputs and log', async () => {
    const [first, second] = await Promise.all([
      runInProcess({ inputs: apiInputs(sim, { 'dry-run': 'true', prompt: 'the first run' }) }),
      runInProcess({ inputs: apiInputs(sim, { 'dry-run': 'true', prompt: 'the second run' }) }),
    ]);
    expect(first.stdout).toContain('the first run');
    expect(first.stdout).not.toContain('the second run');
    expect(second.stdout).toContain('the second run');
    expect(second.stdout).not.toContain('the first run');
    expect(first.summary).not.toBe(second.summary);
  });

  it('delivers a signal at the moment its condition first holds, to the run alone', async () => {
    sim.queueJobScripts(scripts.stayActive());
    const run = await runInProcess({
      inputs: apiInputs(sim, { prompt: 'x', 'poll-interval': '1m', 'poll-interval-max': '1m', timeout: '1h' }),
      signal: { name: 'SIGINT', when: (stdout) => stdout.includes('Created job') },
    });
    expect(run.code).toBe(1);
    expect(run.outputs.outcome).toBe('cancelled');
    expect(run.stdout).toContain('Received SIGINT: stopping.');
    // Cancelled before the first pause was over: by its clock, nothing passed after the signal.
    expect(run.stdout).toMatch(/^::debug::Finished \d+ ms after start, 0 ms after the signal\.$/m);
  });

  it("takes Octokit's retry pause on the run's clock: the second attempt comes a second later by it", async () => {
    github.pulls.set(7, { diff: fileDiff('src/cli.ts', ['export const retries = 4;']), files: [], commits: ['Add --retries'] });
    github.injectFault({ call: 'pull-diff', kind: 'status', status: 502 });
    const run = await runInProcess({
      event: { name: 'pull_request', payload: pullRequestEvent(7) },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: apiInputs(sim, { 'github-token': 'ghs_runnerTest', diff: 'true', wait: 'false' }),
    });
    expect(run.outputs.outcome).toBe('submitted');
    expect(run.stdout).toContain('retrying in 1s (attempt 2 of 5).');
    const [first, second] = github.requests.filter((request) => request.call === 'pull-diff');
    expect(second!.at - first!.at).toBe(1_000);
  });
});
