/**
 * The runner's logger: each phase of a step in a group of its own, judged by the runner's reading
 * of the output (`runnerCommands`), never by what the code meant to write.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coreLogger } from '../src/logger.js';
import { Phase } from '../src/runtime.js';
import { groupProblems } from './support/checked-run.js';
import { runnerCommands, runnerLines } from './support/runner-log.js';

/** What `work` writes to stdout, as the runner gets it. */
async function output(work: () => Promise<void>): Promise<string> {
  let written = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written += String(chunk);
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return written;
}

/** The groups the runner shows, each with the plain lines inside it (commands left out), and the lines outside any. */
function groups(stdout: string): Array<{ title: string | undefined; lines: string[] }> {
  const commands = new Map(runnerCommands(stdout).map((command) => [command.index, command]));
  const shown: Array<{ title: string | undefined; lines: string[] }> = [{ title: undefined, lines: [] }];
  runnerLines(stdout).forEach((line, index) => {
    const command = commands.get(index);
    if (command?.name === 'group') shown.push({ title: command.data, lines: [] });
    else if (command?.name === 'endgroup') shown.push({ title: undefined, lines: [] });
    else if (line !== '') shown.at(-1)!.lines.push(command ? `${command.name}: ${command.data}` : line);
  });
  return shown.filter((group) => group.title !== undefined || group.lines.length > 0);
}

afterEach(() => {
  delete process.env.RUNNER_DEBUG;
});

describe('phases in the log', () => {
  it('puts what each phase logs in a group of its own, in order, and the rest outside', async () => {
    const stdout = await output(async () => {
      coreLogger.info('before');
      await coreLogger.phase(Phase.Prepare, async () => {
        await Promise.resolve();
        coreLogger.info('read the pull request');
        coreLogger.warning('a warning in prepare');
      });
      await coreLogger.phase(Phase.Send, async () => {
        await Promise.resolve();
        coreLogger.info('created job');
      });
      coreLogger.info('closing line');
    });
    expect(groupProblems(stdout)).toEqual([]);
    expect(groups(stdout)).toEqual([
      { title: undefined, lines: ['before'] },
      { title: Phase.Prepare, lines: ['read the pull request', 'warning: a warning in prepare'] },
      { title: Phase.Send, lines: ['created job'] },
      { title: undefined, lines: ['closing line'] },
    ]);
  });

  it('leaves no group for a phase that logs nothing', async () => {
    const stdout = await output(async () => {
      await coreLogger.phase(Phase.Preview, () => Promise.resolve());
      await coreLogger.phase(Phase.Impact, async () => {
        await Promise.resolve();
        coreLogger.info('measured');
      });
    });
    expect(groups(stdout)).toEqual([{ title: Phase.Impact, lines: ['measured'] }]);
  });

  it('a phase inside another: the outer group ends, the inner one is titled by both, and the outer one opens again for its later lines', async () => {
    const stdout = await output(async () => {
      await coreLogger.phase('Pull request #12', async () => {
        await Promise.resolve();
        coreLogger.info('job ended');
        await coreLogger.phase(Phase.Gate, async () => {
          await Promise.resolve();
          coreLogger.info('status success');
        });
        coreLogger.info('finished');
      });
    });
    expect(groupProblems(stdout)).toEqual([]);
    expect(groups(stdout)).toEqual([
      { title: 'Pull request #12', lines: ['job ended'] },
      { title: `Pull request #12 › ${Phase.Gate}`, lines: ['status success'] },
      { title: 'Pull request #12', lines: ['finished'] },
    ]);
  });

  it('closes the group of a phase that throws, and the error goes on', async () => {
    let caught: unknown;
    const stdout = await output(async () => {
      try {
        await coreLogger.phase(Phase.Wait, async () => {
          await Promise.resolve();
          coreLogger.info('polling');
          throw new Error('the API went away');
        });
      } catch (error) {
        caught = error;
      }
      coreLogger.info('after');
    });
    expect((caught as Error).message).toBe('the API went away');
    expect(groupProblems(stdout)).toEqual([]);
    expect(groups(stdout).map((group) => group.title)).toEqual([Phase.Wait, undefined]);
  });

  it("puts a data block inside the phase's group, with commands stopped around it, and folds one outside a phase on its own", async () => {
    const hostile = '::endgroup::\n::group::forged\n::set-output name=outcome::pr-opened';
    const stdout = await output(async () => {
      await coreLogger.phase(Phase.Send, async () => {
        await Promise.resolve();
        coreLogger.data('Prompt (3 lines)', hostile);
        coreLogger.info('created job');
      });
      coreLogger.data('Outside', hostile);
    });
    expect(groupProblems(stdout)).toEqual([]);
    const shown = groups(stdout);
    expect(shown.map((group) => group.title)).toEqual([Phase.Send, 'Outside']);
    expect(shown[0]!.lines).toEqual(expect.arrayContaining(['Prompt (3 lines):', '::group::forged', 'created job']));
    // The runner acts on none of the hostile lines: only the logger's own groups and pauses.
    const acted = runnerCommands(stdout)
      .filter((command) => !command.resumes)
      .map((command) => command.name);
    expect(acted).toEqual(['group', 'stop-commands', 'endgroup', 'group', 'stop-commands', 'endgroup']);
  });

  it('opens the group for a debug line only in a debug run, where the line shows', async () => {
    const quiet = await output(() => coreLogger.phase(Phase.Wait, () => Promise.resolve().then(() => coreLogger.debug('GET /job'))));
    expect(runnerCommands(quiet).map((command) => command.name)).toEqual(['debug']);
    process.env.RUNNER_DEBUG = '1';
    const debug = await output(() => coreLogger.phase(Phase.Wait, () => Promise.resolve().then(() => coreLogger.debug('GET /job'))));
    expect(runnerCommands(debug).map((command) => command.name)).toEqual(['group', 'debug', 'endgroup']);
  });
});
