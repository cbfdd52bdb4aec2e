/**
 * The bundle's real log, read as the runner reads it (test/support/runner-log.ts): the hostile
 * strings that spell workflow commands (`::name::`, `##[name]`, after a line break, a carriage
 * return, an escaped newline or a line separator), from the API's answers and from a pull request,
 * start no command in what the process writes, and the key and the token are masked before
 * anything else and never shown. The in-process suite (test/matrices/hostile.test.ts)
 * tries every hostile string in every field; here, that the process's own stdout holds.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS, visibleOnly } from '../matrices/cases.js';
import { fileDiff } from '../support/fake-github.js';
import { runnerCommands } from '../support/runner-log.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { bundleRun, GITHUB_TOKEN, useServers } from './fixture.js';

const servers = useServers();

/** The hostile strings aimed at the runner's reading of the log. */
const COMMAND_LIKE = HOSTILE_STRINGS.filter((text) => /::|##\[|%0A/.test(text));

describe("outside text in the bundle's log", () => {
  it('the hostile strings cover each way of spelling a command', () => {
    expect(COMMAND_LIKE.length).toBeGreaterThanOrEqual(8);
    expect(COMMAND_LIKE.some((text) => text.includes('\r'))).toBe(true);
    expect(COMMAND_LIKE.some((text) => text.includes('\u2028'))).toBe(true);
    expect(COMMAND_LIKE.some((text) => text.startsWith('##['))).toBe(true);
  });

  it.each(COMMAND_LIKE.map((text) => ({ text, label: JSON.stringify(text.slice(0, 40)) })))('every field of a job: $label', async ({ text }) => {
    const { sim } = servers;
    const job = { id: 'job_hostile', status: text, model: text, prLink: text, createdAt: text, archivedAt: text, source: { repository: text, ref: text } };
    sim.injectFault({ target: 'create', kind: 'status', status: 201, body: { ...job, status: 'active' } });
    sim.injectFault({ target: 'get', kind: 'status', status: 200, body: { ...job, status: 'completed' } });
    const run = await bundleRun(servers, {
      inputs: { prompt: text, 'poll-interval': '50ms' },
      env: { ACTIONS_STEP_DEBUG: 'true' },
      summary: { literals: [visibleOnly(text)] },
    });
    sim.clearFaults();
    expect(run.code).toBe(0);
    expect(run.outputs.outcome).toBe('pr-opened');
    // Whatever was written, the runner reads only the action's own commands.
    expect(runnerCommands(run.stdout).map((command) => command.name)).not.toContain('set-output');
    expect(
      runnerCommands(run.stdout)
        .filter((command) => command.name === 'add-mask')
        .map((command) => command.data),
    ).toEqual([sim.apiKey, GITHUB_TOKEN]);
  });

  it("a pull request's title, body, commits and diff, every hostile string at once", async () => {
    const { github } = servers;
    const text = COMMAND_LIKE.join('\n');
    github.pulls.set(400, { diff: fileDiff('docs/x.md', COMMAND_LIKE.slice()), files: [], commits: COMMAND_LIKE.slice() });
    const run = await bundleRun(servers, {
      event: { name: 'pull_request', payload: pullRequestEvent(400, { title: text, body: text }) },
      inputs: { wait: 'false', 'diff-exclude': 'none' },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.outcome).toBe('submitted');
    // The key and the token, masked first; the prompt logged with commands paused around it.
    const commands = runnerCommands(run.stdout);
    expect(commands.filter((command) => command.name === 'add-mask').map((command) => command.data)).toEqual([servers.sim.apiKey, GITHUB_TOKEN]);
    expect(commands.filter((command) => command.name === 'stop-commands')).toHaveLength(1);
    expect(commands.filter((command) => command.resumes)).toHaveLength(1);
  });
});
