/**
 * Each command's own action (`agent/`, `visitors/`, `refresh/`, `sync/`, `sweep/`, `release/`) as a workflow
 * uses it: the runner passes every input its `action.yml` declares (with its default where the
 * workflow gives none) and none it does not, and starts the entry it names (`../dist/<command>.js`)
 * — the one bundle, with its command set. Each run ends as its command's does, sets only outputs
 * its action declares, and is held to the harness's rules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Command } from '../../src/settings.js';
import { scripts } from '../simulator/index.js';
import { pullRequestEvent, scheduleEvent, workflowDispatchEvent, type TriggeringEvent } from '../support/webhook-events.js';
import { root } from '../support/workflows.js';
import { bundleRun, useServers } from './fixture.js';

const servers = useServers({ analytics: { paths: 50, today: '2026-10-01' }, defaultJobScript: scripts.prAfter(1) });

interface SubAction {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
  runs: { main: string };
}

const actionOf = (command: Command): SubAction => parse(readFileSync(join(root, command, 'action.yml'), 'utf8')) as SubAction;

/**
 * What the runner passes for a sub-action: each declared input, the workflow's value or the
 * default. The simulator's key, project and URL are the workflow's (`bundleRun` gives them), and
 * expressions (`${{ github.token }}`) are the runner's to resolve.
 */
function runnerInputs(action: SubAction, given: Record<string, string>): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    if (name !== 'base-url' && input.default !== undefined && !input.default.includes('${{')) inputs[name] = input.default;
  }
  return { ...inputs, ...given };
}

const CASES: ReadonlyArray<{ command: Command; inputs: Record<string, string>; event: () => TriggeringEvent; outcome: string }> = [
  { command: 'agent', inputs: { prompt: 'Document the retries flag', 'poll-interval': '200ms' }, event: () => workflowDispatchEvent(), outcome: 'pr-opened' },
  {
    command: 'visitors',
    inputs: { 'date-from': '2026-09-01', 'date-to': '2026-09-08', 'artifact-name': '' },
    event: () => scheduleEvent(),
    outcome: 'exported',
  },
  {
    command: 'refresh',
    inputs: { 'date-from': '2026-09-01', 'date-to': '2026-09-08', 'poll-interval': '200ms' },
    event: () => scheduleEvent(),
    outcome: 'pr-opened',
  },
  // The documentation PR's own closing, without this action's back-link: nothing to bring in step.
  {
    command: 'sync',
    inputs: {},
    event: () => ({ name: 'pull_request', payload: pullRequestEvent(31, { action: 'closed', headRef: 'docs/x' }) }),
    outcome: 'skipped',
  },
  { command: 'sweep', inputs: {}, event: () => scheduleEvent(), outcome: 'swept' },
  // Dispatched without a tag, in a repository with no release yet: nothing to release.
  { command: 'release', inputs: {}, event: () => workflowDispatchEvent(), outcome: 'skipped' },
];

describe.each(CASES)('uses: OWNER/docs-agent-action/$command@v0', ({ command, inputs, event, outcome }) => {
  it(`runs ${command} and sets only the outputs its action declares`, async () => {
    const action = actionOf(command);
    expect(action.runs.main).toBe(`../dist/${command}.js`);
    const run = await bundleRun(servers, {
      entry: join(command, action.runs.main),
      event: event(),
      inputs: runnerInputs(action, inputs),
      deadlineMs: 30_000,
    });
    expect(run.code).toBe(0);
    expect(run.outputs.outcome).toBe(outcome);
    expect(Object.keys(run.outputs).filter((name) => !(name in action.outputs))).toEqual([]);
    // No input of another command was passed, so none is warned about.
    expect(run.stdout).not.toMatch(/^::warning::Input ".*" is ignored/m);
  });
});
