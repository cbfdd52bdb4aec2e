/**
 * What the triggering change gives the prompt (`diff/change-prompt.ts`): the change read, filtered,
 * cut to the budget and written into the prompt, or why there is none (no change, every file left
 * out, a change GitHub would not give); a failure that ends the step, or is not GitHub's, is
 * thrown. Against the fake GitHub through the client the agent step makes, and against a stub of
 * GitHub's client for the failures no server answers.
 */
import { describe, expect, it } from 'vitest';
import { promptFromChange, type ChangePrompt } from '../../src/diff/change-prompt.js';
import { DEFAULT_DIFF_EXCLUDE } from '../../src/diff/filter.js';
import { BUILT_IN_INSTRUCTION } from '../../src/diff/prompt.js';
import type { TriggerEvent } from '../../src/event.js';
import { GitHubError, type GitHubApi } from '../../src/github/api.js';
import { CancelledError } from '../../src/runtime.js';
import type { AgentSettings } from '../../src/settings.js';
import { fileDiff, type FakeGitHub } from '../support/fake-github.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { recordingLogger, type RecordingLogger } from '../support/fake-time.js';
import { REPOSITORY, useFlows, type Flows } from '../support/in-process.js';

describe('the change reader, against the fake GitHub', () => {
  let flows: Flows;
  let github: FakeGitHub;
  // Reset before each test; after it, every request the step sent, and every answer the fake gave, is as GitHub describes it.
  useFlows({ github: true }, (started) => ({ flows, github } = started));

  const SRC = fileDiff('src/cli.ts', ['export const retries = 4;']);
  const LOCK = fileDiff('package-lock.json', ['"lockfileVersion": 3']);
  const DIST = fileDiff('dist/index.js', ['minified()']);
  const BEFORE = '1'.repeat(40);
  const AFTER = '2'.repeat(40);

  /** Reads the event's change with the settings these inputs give, as the agent step does. */
  async function readPrompt(
    event: { name: string; payload: unknown },
    inputs: Record<string, string> = {},
    since?: string,
  ): Promise<{ change: ChangePrompt; log: RecordingLogger }> {
    const trigger: TriggerEvent = { name: event.name, payload: event.payload as TriggerEvent['payload'], actor: 'octocat' };
    const settings = flows.settingsFor(inputs, trigger).settings as AgentSettings;
    const log = recordingLogger();
    const [owner, repo] = REPOSITORY.split('/') as [string, string];
    const change = await promptFromChange(settings, { event: trigger, github: await flows.githubApi(), repo: { owner, repo }, logger: log, since });
    return { change, log };
  }

  function promptOf(change: ChangePrompt): string {
    if (change.kind !== 'prompt') throw new Error(`expected a prompt, got ${change.kind}`);
    return change.prompt;
  }

  const pullRequest = (number: number, headSha?: string) => ({ name: 'pull_request', payload: pullRequestEvent(number, { headSha }) });
  const push = (before: string, after: string) => ({ name: 'push', payload: { ref: 'refs/heads/feature', before, after, commits: [] } });

  describe('a pull request', () => {
    it('reads the diff, leaves out lock files and build output, and builds the prompt with the context block', async () => {
      github.pulls.set(7, { diff: `${SRC}\n${LOCK}\n${DIST}\n`, files: [], commits: ['Add --retries'] });
      const { change, log } = await readPrompt(pullRequest(7));
      expect(change).toMatchObject({ kind: 'prompt', diff: { files: 1, chars: SRC.length, omitted: 0, excluded: 2 } });
      const prompt = promptOf(change);
      expect(prompt).toMatch(/^Update the documentation so that it matches the code changes below/);
      expect(prompt).toContain('- Pull request: #7 Add a retries flag (https://github.com/acme/widgets/pull/7)');
      expect(prompt).toContain('  - Add --retries');
      expect(prompt).toContain(`\`\`\`diff\n${SRC}\n\`\`\``);
      expect(prompt).not.toContain('lockfileVersion');
      expect(prompt).not.toContain('minified()');
      expect(log.messages('info')).toEqual([`Diff: 3 changed files; 1 sent (${SRC.length} characters), 0 over the budget of 60000, 2 filtered out.`]);
      expect(github.requests.map((r) => r.call).sort()).toEqual(['pull-commits', 'pull-diff']);
    });

    it('keeps the diff within diff-max-chars by whole files, and names what it left out', async () => {
      const small = fileDiff('src/small.ts', ['a']);
      const big = fileDiff(
        'src/big.ts',
        Array.from({ length: 100 }, (_, i) => `line ${i} of a large change`),
      );
      github.pulls.set(10, { diff: [small, big].join('\n'), files: [], commits: [] });
      const { change } = await readPrompt(pullRequest(10), { 'diff-max-chars': '1000', prompt: 'Only the CLI page.' });
      expect(change).toMatchObject({ kind: 'prompt', diff: { files: 1, chars: small.length, omitted: 1, excluded: 0 } });
      const prompt = promptOf(change);
      expect(prompt).toMatch(/^Only the CLI page\.\n/);
      expect(/`{3,}diff\n([\s\S]*?)\n`{3,}\n/.exec(prompt)![1]).toBe(small);
      expect(prompt).toContain(`Files changed but not shown (over the size budget, or no patch from GitHub):\n- src/big.ts (${big.length} characters)`);
    });

    it('with the follow-up commit, reads only the change since it', async () => {
      const OLD = 'c0'.repeat(20);
      const NEW = 'de'.repeat(20);
      github.pulls.set(30, { diff: SRC, files: [], commits: [] });
      github.compares.set(`${OLD}...${NEW}`, { files: [{ filename: 'src/later.ts', status: 'modified', patch: '@@ -1 +1 @@\n-x\n+y' }], commits: ['second'] });
      const { change } = await readPrompt(pullRequest(30, NEW), {}, OLD);
      const prompt = promptOf(change);
      expect(prompt).toContain('src/later.ts');
      expect(prompt).not.toContain('src/cli.ts');
      expect(prompt).toContain(`Only the changes since ${OLD}`);
      expect(github.requests.map((r) => r.call)).toEqual(['compare']);
    });

    it('every file left out: all-left-out, with how many changed', async () => {
      github.pulls.set(12, { diff: `${LOCK}\n${DIST}`, files: [], commits: [] });
      const { change } = await readPrompt(pullRequest(12));
      expect(change).toEqual({ kind: 'all-left-out', changedFiles: 2, diff: { files: 0, chars: 0, omitted: 0, excluded: 2 } });
    });

    it('a diff GitHub will not give is unreadable, the error naming the call; nothing is thrown', async () => {
      github.pulls.set(13, { diff: SRC, files: [], commits: [] });
      github.injectFault({ call: 'pull-diff', kind: 'status', status: 500 });
      const { change } = await readPrompt(pullRequest(13));
      expect(change.kind).toBe('unreadable');
      const { error } = change as Extract<ChangePrompt, { kind: 'unreadable' }>;
      expect(error.status).toBe(500);
      expect(error.message).toMatch(/^GitHub pull request diff \(GET \/repos\/\{owner\}\/\{repo\}\/pulls\/\{pull_number\}\) answered 500/);
    });
  });

  describe('a push', () => {
    it('reads the compare between before and after', async () => {
      github.compares.set(`${BEFORE}...${AFTER}`, {
        files: [{ filename: 'src/cli.ts', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' }],
        commits: ['Change b'],
      });
      const { change } = await readPrompt(push(BEFORE, AFTER));
      expect(change).toMatchObject({ kind: 'prompt', diff: { files: 1, omitted: 0, excluded: 0 } });
      const prompt = promptOf(change);
      expect(prompt).toContain('- Event: push');
      expect(prompt).toContain('+++ b/src/cli.ts\n@@ -1 +1 @@\n-a\n+b');
      expect(prompt).toContain('  - Change b');
    });

    it('a compare GitHub fails on is unreadable', async () => {
      github.compares.set(`${BEFORE}...${AFTER}`, { files: [], commits: [] });
      github.injectFault({ call: 'compare', kind: 'status', status: 502 });
      const { change } = await readPrompt(push(BEFORE, AFTER));
      expect(change.kind).toBe('unreadable');
      expect((change as Extract<ChangePrompt, { kind: 'unreadable' }>).error.message).toMatch(/^GitHub compare .* answered 502/);
    });

    it('a deleted branch has no change, and asks GitHub nothing', async () => {
      const { change, log } = await readPrompt(push(BEFORE, '0'.repeat(40)));
      expect(change).toEqual({ kind: 'no-change' });
      expect(log.messages('info')).toEqual(['The push deleted a branch: there is no diff to send.']);
      expect(github.requests).toEqual([]);
    });
  });

  it('an event without a change (a manual run) has no change', async () => {
    const { change } = await readPrompt({ name: 'workflow_dispatch', payload: {} }, { prompt: 'x' });
    expect(change).toEqual({ kind: 'no-change' });
    expect(github.requests).toEqual([]);
  });
});

describe('what it makes of what the reader gives, and what it throws', () => {
  const SETTINGS = { prompt: '', diffInclude: [], diffExclude: DEFAULT_DIFF_EXCLUDE, diffMaxChars: 60_000 };
  const event: TriggerEvent = { name: 'pull_request', payload: pullRequestEvent(9), actor: 'octocat' };

  /** GitHub's client as the reader uses it for a pull request: the diff answers as given, the commit subjects with none. */
  function gitHub(diff: () => Promise<string>): GitHubApi {
    return { pullDiff: diff, pullCommitSubjects: () => Promise.resolve([]) } as Partial<GitHubApi> as GitHubApi;
  }

  const prompted = (diff: () => Promise<string>, settings = SETTINGS, logger = recordingLogger()) =>
    promptFromChange(settings, { event, github: gitHub(diff), repo: { owner: 'acme', repo: 'widgets' }, logger, since: undefined });

  it.each([
    ['the step cancelled', new GitHubError('GitHub pull request diff: cancelled.', 'cancelled')],
    ['the step’s deadline', new GitHubError('GitHub pull request diff: the step’s timeout ran out.', 'deadline')],
    ['a cancellation of the runtime’s', new CancelledError('cancelled by SIGINT')],
    ['a failure that is not GitHub’s', new TypeError('diff.split is not a function')],
  ])('%s is thrown, not taken for an unreadable change', async (_what, error) => {
    await expect(prompted(() => Promise.reject(error))).rejects.toBe(error);
  });

  it('any other failure of GitHub’s is the unreadable change, with its error', async () => {
    const error = new GitHubError('GitHub pull request diff answered 403.', 'http', 403);
    await expect(prompted(() => Promise.reject(error))).resolves.toEqual({ kind: 'unreadable', error });
  });

  it('binary files only: every file left out, with how many changed', async () => {
    const binary = (path: string) => `diff --git a/${path} b/${path}\nBinary files a/${path} and b/${path} differ`;
    const logger = recordingLogger();
    const change = await prompted(() => Promise.resolve(`${binary('a.png')}\n${binary('b.pdf')}`), SETTINGS, logger);
    expect(change).toEqual({ kind: 'all-left-out', changedFiles: 2, diff: { files: 0, chars: 0, omitted: 0, excluded: 2 } });
    expect(logger.messages('info')).toEqual(['Diff: 2 changed files; 0 sent (0 characters), 0 over the budget of 60000, 2 filtered out.']);
  });

  it('a file over the budget is counted as omitted, and the prompt is still made of the rest, under the built-in instruction', async () => {
    const small = fileDiff('src/a.ts', ['a']);
    const large = fileDiff('src/b.ts', Array<string>(50).fill('b'));
    const logger = recordingLogger();
    const change = await prompted(() => Promise.resolve(`${small}\n${large}`), { ...SETTINGS, diffMaxChars: small.length }, logger);
    expect(change).toMatchObject({ kind: 'prompt', diff: { files: 1, chars: small.length, omitted: 1, excluded: 0 } });
    expect((change as Extract<ChangePrompt, { kind: 'prompt' }>).prompt.startsWith(BUILT_IN_INSTRUCTION)).toBe(true);
    expect(logger.messages('info')).toEqual([
      `Diff: 2 changed files; 1 sent (${small.length} characters), 1 over the budget of ${small.length}, 0 filtered out.`,
    ]);
  });
});
