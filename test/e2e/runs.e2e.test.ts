/**
 * The bundle loads and runs, on this machine's Node and on the runners' Node 24: each command
 * and each chunk it loads on demand (Octokit for GitHub, the visitors and refresh steps,
 * `@actions/artifact`), what the runner reads from the process (the masks first, the outputs
 * file, the summary file, the exit code), and a failure as the runner sees it. What each command
 * does is tested in process; here, that the bundle does it as a process.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { errorLines } from '../support/checked-run.js';
import { expectedVisitors, scripts } from '../simulator/index.js';
import { fileDiff } from '../support/fake-github.js';
import { runnerCommands, unescapeData } from '../support/runner-log.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { bundleRun, GITHUB_TOKEN, NODES, useServers } from './fixture.js';

const DATASET = { paths: 300, seed: 3, today: '2026-10-01' };
const RANGE = { 'date-from': '2026-11-14', 'date-to': '2026-11-21' };
const servers = useServers({ analytics: DATASET, defaultJobScript: scripts.prAfter(1) });

/** The masks the runner reads first: the key and the token, before any other line. */
function expectMasksFirst(stdout: string, secrets: readonly string[]): void {
  const commands = runnerCommands(stdout);
  expect(commands.slice(0, secrets.length).map((command) => [command.name, unescapeData(command.data)])).toEqual(secrets.map((secret) => ['add-mask', secret]));
  expect(commands[0]!.index).toBe(0);
}

describe.each(NODES)('$name', ({ path: node }) => {
  describe.skipIf(!node)('the bundle', () => {
    it('agent on a pull request: the diff and the comment from GitHub (Octokit), the job, the outputs and summary files', async () => {
      const { sim, github } = servers;
      const number = 100 + NODES.findIndex((entry) => entry.path === node);
      github.pulls.set(number, { diff: fileDiff('src/cli.ts', ['export const retries = 4;']), files: [], commits: ['Add --retries'] });
      const run = await bundleRun(servers, {
        node,
        event: { name: 'pull_request', payload: pullRequestEvent(number) },
        inputs: { 'pr-comment': 'true', 'poll-interval': '50ms', 'poll-interval-max': '100ms' },
        sim,
        prComment: { github, pullNumber: number },
      });
      expect(run.code).toBe(0);
      expectMasksFirst(run.stdout, [sim.apiKey, GITHUB_TOKEN]);
      expect(run.outputs).toMatchObject({ outcome: 'pr-opened', status: 'completed', 'timed-out': 'false' });
      expect(JSON.parse(run.outputs.job!)).toMatchObject({ id: run.outputs['job-id'], status: 'completed' });
      expect(run.summary).toContain('Pull request opened');
      expect(github.comments.filter((comment) => comment.body.startsWith(COMMENT_MARKER))).not.toHaveLength(0);
      const prompt = (sim.requests.filter((r) => r.endpoint === 'create').at(-1)!.body as { prompt: string }).prompt;
      expect(prompt).toContain('+export const retries = 4;');
    });

    it('visitors with an artifact service: the files, the upload (@actions/artifact), its ID', async () => {
      const { sim, artifacts } = servers;
      const run = await bundleRun(servers, {
        node,
        inputs: { command: 'visitors', ...RANGE, 'artifact-name': 'weekly-visitors' },
        env: artifacts.env(),
        // The upload URL's signature is a credential: masked before it is shown.
        masked: [artifacts.signature],
        sim,
      });
      expect(run.code).toBe(0);
      const rows = expectedVisitors(DATASET, { dateFrom: RANGE['date-from'], dateTo: RANGE['date-to'] }).rows.size;
      expect(run.outputs).toMatchObject({ outcome: 'exported', 'visitors-rows': String(rows), 'artifact-id': '4242' });
      expect(readFileSync(run.outputs['visitors-csv']!, 'utf8').trimEnd().split('\r\n')).toHaveLength(rows + 1);
      expect((JSON.parse(readFileSync(run.outputs['visitors-json']!, 'utf8')) as { rows: unknown[] }).rows).toHaveLength(rows);
      expect(run.summary).toContain('Unique visitors');
    });

    it('refresh: the signals read, the job created and waited for', async () => {
      const { sim } = servers;
      const run = await bundleRun(servers, { node, inputs: { command: 'refresh', ...RANGE, 'refresh-signals': 'visitors', 'poll-interval': '50ms' }, sim });
      expect(run.code).toBe(0);
      expect(run.outputs.outcome).toBe('pr-opened');
      expect((JSON.parse(run.outputs.signals!) as { pages: unknown[] }).pages.length).toBeGreaterThan(0);
      expect(run.summary).toContain('Pages readers use most');
    });

    it('a job that fails: exit code 1, one error line, the outputs and the summary written', async () => {
      const { sim } = servers;
      sim.queueJobScripts(scripts.failAfter(1));
      const run = await bundleRun(servers, { node, inputs: { prompt: 'x', 'poll-interval': '50ms' }, sim });
      expect(run.code).toBe(1);
      expect(errorLines(run)).toEqual([expect.stringContaining('::error::Outcome "failed" is listed in fail-on')]);
      expect(run.outputs).toMatchObject({ outcome: 'failed', status: 'failed' });
      expect(run.summary.length).toBeGreaterThan(0);
    });

    it('a bad input: exit code 1 before any request, and the outputs later steps read', async () => {
      const { sim } = servers;
      const before = sim.requests.length;
      const run = await bundleRun(servers, { node, inputs: { prompt: 'x', 'poll-interval': 'soon' }, deadlineMs: 0 });
      expect(run.code).toBe(1);
      expect(errorLines(run)).toEqual([expect.stringContaining('Input "poll-interval" has an invalid value "soon"')]);
      expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
      expect(sim.requests.length).toBe(before);
    });
  });
});
