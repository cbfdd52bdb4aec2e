/**
 * The fork guard (src/doctor/forks.ts): a job of this action with a secret, on a pull request's
 * events, keeps forks out by what its conditions do on a fork's event, as GitHub evaluates them.
 */
import { describe, expect, it } from 'vitest';
import { fixText } from '../../src/doctor/findings.js';
import { FORK_GUARD, forkProblems } from '../../src/doctor/forks.js';
import { mergeQueueProblems } from '../../src/doctor/rules.js';
import { parseWorkflow, type Workflow } from '../../src/doctor/workflow.js';
import { applyFix } from '../support/doctor-fixes.js';

function workflowOf(content: string): Workflow {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.workflow;
}

/** The jobs the rule finds open to forks. */
const unguarded = (content: string): string[] => forkProblems(workflowOf(content)).map((problem) => /^job (\S+):/.exec(problem.says)![1]!);

/** A workflow on `on` whose job `job` runs the action (OWNER/docs-agent-action@v0) with these lines under `with:`. */
function runningTheAction(on: string, job: string, inputs: readonly string[]): string {
  const steps = ['    steps:', '      - uses: OWNER/docs-agent-action@v0', '        with:', ...inputs.map((line) => `          ${line}`)];
  return [`on: ${on}`, 'jobs:', `  ${job}:`, '    runs-on: ubuntu-latest', ...steps].join('\n');
}

describe('the fork guard', () => {
  it('reject a pull-request workflow that would run the action for forks', () => {
    const example = runningTheAction('pull_request', 'docs', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']);
    expect(unguarded(example)).toEqual(['docs']);
    const guarded = example.replace('  docs:', '  docs:\n    if: github.event.pull_request.head.repo.full_name == github.repository');
    expect(unguarded(guarded)).toEqual([]);
    // A review of a fork's pull request runs without its secrets too.
    expect(unguarded(example.replace('on: pull_request', 'on: pull_request_review'))).toEqual(['docs']);
  });

  it('let a pull_request_target job through for forks only when it checks nothing out and the action skips forks', () => {
    const example = runningTheAction('pull_request_target', 'gate', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']);
    expect(unguarded(example)).toEqual([]);
    expect(unguarded(`${example}\n          allow-forks: true`)).toEqual(['gate']);
    expect(unguarded(example.replace('    steps:', '    steps:\n      - uses: actions/checkout@v6'))).toEqual(['gate']);
    expect(unguarded(example.replace('on: pull_request_target', 'on: [pull_request, pull_request_target]'))).toEqual(['gate']);
  });

  it('judge a guard by what it does on a fork’s event, however it is written: the fork flag, a step’s own if:, a condition it cannot read', () => {
    const example = runningTheAction('pull_request', 'docs', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']);
    const withIf = (condition: string): string => example.replace('  docs:', `  docs:\n    if: ${condition}`);
    expect(unguarded(withIf('${{ !github.event.pull_request.head.repo.fork }}'))).toEqual([]);
    expect(unguarded(withIf('github.event.pull_request.head.repo.fork == false'))).toEqual([]);
    // Text that looks like a guard and lets forks in all the same.
    expect(unguarded(withIf("github.event.pull_request.head.repo.full_name == github.repository || github.actor != 'nobody'"))).toEqual(['docs']);
    expect(
      unguarded(example.replace('      - uses:', '      - if: github.event.pull_request.head.repo.full_name == github.repository\n        uses:')),
    ).toEqual([]);
    // Read from a step's output: not known here, so not judged.
    expect(unguarded(withIf("needs.plan.outputs.trusted == 'true'"))).toEqual([]);
    // No secret, no guard needed: the run has nothing to lose.
    expect(unguarded(runningTheAction('pull_request', 'docs', ['api-key: literal']))).toEqual([]);
  });

  it('a warn where a fork’s run only fails, a fail where its code or text runs with the secrets; each fix keeps forks out and lets the rest in', () => {
    const cases = [
      runningTheAction('pull_request', 'docs', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']),
      runningTheAction('pull_request_target', 'gate', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}', 'allow-forks: true']),
      runningTheAction('pull_request', 'docs', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']).replace(
        '  docs:',
        "  docs:\n    if: github.actor != 'dependabot[bot]'",
      ),
    ];
    expect(cases.map((content) => forkProblems(workflowOf(content))[0]!.level)).toEqual(['warn', 'fail', 'warn']);
    for (const content of cases) {
      const fixed = applyFix({ 'w.yml': content }, `w.yml: ${fixText(forkProblems(workflowOf(content))[0]!.fix)}`)['w.yml']!;
      expect(unguarded(fixed)).toEqual([]);
    }
    // The guard lets a merge queue's event in, so a gate kept with it still reaches the queue.
    const gate = [
      'on: [pull_request, merge_group]',
      'jobs:',
      '  docs:',
      `    if: "${FORK_GUARD}"`,
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: OWNER/docs-agent-action/agent@v0',
      '        with:',
      '          api-key: ${{ secrets.MINTLIFY_API_KEY }}',
      '          docs-status: written',
    ].join('\n');
    expect(unguarded(gate)).toEqual([]);
    expect(mergeQueueProblems(workflowOf(gate))).toEqual([]);
  });
});
