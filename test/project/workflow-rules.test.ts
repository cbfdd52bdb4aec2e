/**
 * The rules every documented workflow keeps (the contract's "The documented workflows"): users copy
 * them verbatim, so what they cost and what they lose is decided here. The rules themselves live
 * in src/doctor/rules.ts, which `command: doctor` holds a repository's workflows to: the two read a
 * workflow alike and cannot drift (test/doctor/rules.test.ts has the rules' own tests).
 *
 * 1. **A queue per pull request**: a concurrency group per pull request, `cancel-in-progress:
 *    false`, `queue: max` (sweeps share one group).
 * 2. **The runner that fits**: `ubuntu-slim` where nothing waits on the agent, `ubuntu-latest` with
 *    a `timeout-minutes` above the step's `timeout` and its last writes where something does.
 * 3. **The merge queue sees the gate**: a workflow that keeps the `documentation` gate lists
 *    `merge_group`, and its conditions let that event through.
 *
 * The conditions and the groups are evaluated with GitHub's own expression library on the events
 * they would see, not matched as text.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyProblems, keepsGate, mergeQueueProblems, queueWithCancel, runnerProblems, type Problem } from '../../src/doctor/rules.js';
import { commandOf, jobsOf, parseWorkflow, triggersOf, waitsOnAgent, type Workflow } from '../../src/doctor/workflow.js';
import { markdownWorkflows, repoWorkflows } from '../support/workflows.js';

/** A workflow's text as the rules read it. */
function workflowOf(content: string): Workflow {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.workflow;
}

/** What a rule says of a workflow's text, one line a problem. */
const says =
  (rule: (workflow: Workflow) => Problem[]) =>
  (content: string): string[] =>
    rule(workflowOf(content)).map((problem) => problem.says);

// --- Every documented workflow ------------------------------------------------------------------

describe('the documented workflows', () => {
  it.each(markdownWorkflows)('$name: a queue per pull request, none of its runs dropped', ({ content }) => {
    expect(says(concurrencyProblems)(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name: ubuntu-slim where nothing waits, ubuntu-latest with room where the agent is waited on', ({ content }) => {
    expect(says(runnerProblems)(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name: a merge queue gets its documentation status', ({ content }) => {
    expect(says(mergeQueueProblems)(content)).toEqual([]);
  });

  it.each([...markdownWorkflows, ...repoWorkflows])('$name never asks GitHub for queue: max with cancel-in-progress: true', ({ content }) => {
    expect(says(queueWithCancel)(content)).toEqual([]);
  });

  it('include a workflow of each kind the rules speak of: one that keeps the gate, a sweep, one that waits, one that does not', () => {
    const workflows = markdownWorkflows.map(({ content }) => workflowOf(content));
    const steps = workflows.flatMap((workflow) => jobsOf(workflow).flatMap(([, , jobSteps]) => jobSteps));
    expect(workflows.filter((workflow) => keepsGate(workflow)).length).toBeGreaterThanOrEqual(3);
    expect(workflows.filter((workflow) => triggersOf(workflow).has('merge_group')).length).toBeGreaterThanOrEqual(3);
    expect(steps.filter((step) => commandOf(step) === 'sweep').length).toBeGreaterThan(0);
    expect(steps.filter((step) => waitsOnAgent(step)).length).toBeGreaterThan(0);
    expect(steps.filter((step) => commandOf(step) !== undefined && !waitsOnAgent(step)).length).toBeGreaterThan(0);
  });
});
