/**
 * A workflow file as the checks read it (src/doctor/workflow.ts): YAML or not, its triggers in the
 * three forms GitHub takes, and the steps that run this action with their command.
 */
import { describe, expect, it } from 'vitest';
import {
  actionOf,
  commandOf,
  isExpression,
  isFalse,
  isTrue,
  jobsOf,
  keepsDocsStatus,
  parseWorkflow,
  runsOnType,
  stringInput,
  triggersOf,
  typesOf,
  waitsOnAgent,
  type Workflow,
} from '../../src/doctor/workflow.js';

function workflowOf(content: string): Workflow {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.workflow;
}

describe('reading a workflow file', () => {
  it('says why a text is no workflow: not YAML, not a mapping, jobs not a mapping; never throws', () => {
    expect(parseWorkflow('on: [push\njobs: {}')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not YAML: /) });
    expect(parseWorkflow('- a\n- b')).toEqual({ ok: false, problem: 'not a mapping of workflow keys' });
    expect(parseWorkflow('')).toEqual({ ok: false, problem: 'not a mapping of workflow keys' });
    expect(parseWorkflow('on: push\njobs: [a]')).toEqual({ ok: false, problem: '`jobs` is not a mapping of jobs' });
    // Aliases expanded past yaml's limit (a billion laughs) are refused, not expanded.
    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 9 }, (_, i) => `${'bcdefghij'[i]}: &${'bcdefghij'[i]} [${Array(10).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
    ].join('\n');
    expect(parseWorkflow(laughs)).toMatchObject({ ok: false });
  });

  it('reads on: as a name, a list or a map, and the types a trigger lists or GitHub’s defaults', () => {
    expect([...triggersOf(workflowOf('on: push\njobs: {}')).keys()]).toEqual(['push']);
    expect([...triggersOf(workflowOf('on: [push, pull_request]\njobs: {}')).keys()]).toEqual(['push', 'pull_request']);
    const map = triggersOf(
      workflowOf(
        'on:\n  pull_request:\n    types: [opened, closed]\n  merge_group:\n    types: checks_requested\n  schedule:\n    - cron: "0 * * * *"\njobs: {}',
      ),
    );
    expect(typesOf(map, 'pull_request')).toEqual(['opened', 'closed']);
    expect(typesOf(map, 'merge_group')).toEqual(['checks_requested']);
    expect(typesOf(map, 'schedule')).toBeUndefined();
    expect(runsOnType(map, 'pull_request', 'closed', ['opened'])).toBe(true);
    expect(runsOnType(map, 'pull_request', 'reopened', ['reopened'])).toBe(false);
    expect(runsOnType(triggersOf(workflowOf('on: pull_request\njobs: {}')), 'pull_request', 'opened', ['opened'])).toBe(true);
    expect(runsOnType(triggersOf(workflowOf('on: pull_request\njobs: {}')), 'pull_request', 'closed', ['opened'])).toBe(false);
    expect(runsOnType(triggersOf(workflowOf('on: release\njobs: {}')), 'release', 'published', 'all')).toBe(true);
    expect(runsOnType(map, 'release', 'published', 'all')).toBe(false);
    expect([...triggersOf(workflowOf('name: no trigger\njobs: {}')).keys()]).toEqual([]);
  });

  it('finds the steps of this action: a sub-action, the root with its command, pinned to a commit, a fork’s copy; ./ only in the action’s own repository', () => {
    const sha = 'a'.repeat(40);
    expect(actionOf({ uses: 'OWNER/docs-agent-action/sweep@v0' })).toEqual({
      command: 'sweep',
      subAction: 'sweep',
      repository: 'OWNER/docs-agent-action',
      ref: 'v0',
    });
    expect(actionOf({ uses: `acme/docs-agent-action@${sha}`, with: { command: 'visitors' } })).toEqual({
      command: 'visitors',
      subAction: '',
      repository: 'acme/docs-agent-action',
      ref: sha,
    });
    expect(actionOf({ uses: 'someone/docs-agent-action/doctor@main' })?.repository).toBe('someone/docs-agent-action');
    expect(commandOf({ uses: 'acme/docs-agent-action@v1' })).toBe('agent');
    expect(commandOf({ uses: './', with: { command: 'sync' } })).toBe('sync');
    expect(commandOf({ uses: './sweep' })).toBe('sweep');
    expect(commandOf({ uses: './', with: { command: 'sync' } }, { local: false })).toBeUndefined();
    for (const other of [
      'actions/checkout@v6',
      'acme/docs-agent-action-fork@v1',
      './.github/actions/setup',
      'docker://docs-agent-action',
      'acme/docs-agent-action',
    ]) {
      expect(actionOf({ uses: other }), other).toBeUndefined();
    }
    expect(actionOf({ run: 'echo hi' })).toBeUndefined();
  });

  it('reads inputs as the runner passes them, and which steps wait on the agent or keep the gate', () => {
    const step = { uses: './', with: { wait: false, timeout: 45, 'docs-status': 'Approved', prompt: '${{ inputs.prompt }}' } };
    expect([stringInput(step, 'wait'), stringInput(step, 'timeout'), stringInput(step, 'missing')]).toEqual(['false', '45', undefined]);
    expect(isExpression(stringInput(step, 'prompt'))).toBe(true);
    expect([isTrue(' TRUE '), isTrue(true), isTrue('yes'), isFalse('False'), isFalse(false), isFalse('0')]).toEqual([true, true, false, true, true, false]);
    expect(waitsOnAgent(step)).toBe(false);
    expect(waitsOnAgent({ uses: './refresh' })).toBe(true);
    expect(waitsOnAgent({ uses: './sync' })).toBe(false);
    expect(waitsOnAgent({ uses: './sync', with: { 'review-loop': 'true' } })).toBe(true);
    expect(keepsDocsStatus(step)).toBe(true);
    expect(keepsDocsStatus({ with: { 'docs-status': 'false' } })).toBe(false);
    expect(keepsDocsStatus({})).toBe(false);
  });

  it('lists jobs with their steps; a job that is not a mapping, or steps that are not a list, hold none', () => {
    const workflow = workflowOf(
      'on: push\njobs:\n  a:\n    steps: [{ run: x }, 7]\n  b: 3\n  c:\n    uses: ./.github/workflows/other.yml\n  d:\n    steps: nope',
    );
    expect(jobsOf(workflow).map(([name, , steps]) => [name, steps.length])).toEqual([
      ['a', 1],
      ['c', 0],
      ['d', 0],
    ]);
  });
});
