/**
 * Every workflow a user might copy — the examples of the README and the guides — and the
 * repository's own workflows are parsed and validated by GitHub's own workflow parser, and every use of this action in them
 * passes only inputs that action.yml declares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { markdownWorkflows, readmeWorkflows, repoWorkflows, root } from '../support/workflows.js';

/** The inputs an action declares: the root's (`uses: ./`, `…/docs-agent-action@…`), or a sub-action's (`…/docs-agent-action/visitors@…`). */
function declaredInputs(uses: string): string[] | undefined {
  const match = /^(?:\.\/|(?:[\w.-]+\/)?docs-agent-action\/?)([a-z]*)(?:@|$)/.exec(uses);
  if (!match) return undefined;
  const folder = match[1] ? `${match[1]}/` : '';
  return Object.keys((parse(readFileSync(join(root, `${folder}action.yml`), 'utf8')) as { inputs: object }).inputs);
}

/** GitHub's own verdict on a workflow: the parser's and the converter's errors. */
async function workflowErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((error) => error.message);
  if (parsed.value) {
    const template = await convertWorkflowTemplate(parsed.context, parsed.value);
    errors.push(...(template.errors ?? []).map((error) => error.Message));
  } else if (errors.length === 0) {
    errors.push('no workflow was parsed');
  }
  return [...new Set(errors)];
}

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

/** Inputs passed to this action (`uses: ./` or `…/docs-agent-action@…`) that action.yml does not declare. */
function unknownInputs(content: string): string[] {
  const workflow = parse(content) as { jobs?: Record<string, { steps?: Step[] }> };
  const unknown: string[] = [];
  for (const job of Object.values(workflow.jobs ?? {})) {
    for (const step of job.steps ?? []) {
      const declared = declaredInputs(step.uses ?? '');
      if (!declared) continue;
      for (const name of Object.keys(step.with ?? {})) if (!declared.includes(name)) unknown.push(`${step.uses}: ${name}`);
    }
  }
  return unknown;
}

/**
 * Jobs of a pull-request workflow that use this action with a secret but would also run for a
 * fork's pull request, which gets no secrets: the job (or the step) needs an `if:` that keeps
 * forks out, by comparing the head repository with this one or by its `fork` flag.
 */
function unguardedForForks(content: string): string[] {
  const workflow = parse(content) as { on?: unknown; jobs?: Record<string, { if?: string; steps?: Array<Step & { if?: string }> }> };
  const triggers = typeof workflow.on === 'string' ? [workflow.on] : Array.isArray(workflow.on) ? (workflow.on as string[]) : Object.keys(workflow.on ?? {});
  const forkTriggers = triggers.filter((trigger) => trigger === 'pull_request' || trigger === 'pull_request_target' || trigger === 'pull_request_review');
  if (forkTriggers.length === 0) return [];
  const keepsForksOut = (condition: string | undefined): boolean =>
    /head\.repo\.full_name\s*==\s*github\.repository|head\.repo\.fork\s*==\s*false|!\s*github\.event\.pull_request\.head\.repo\.fork/.test(condition ?? '');
  // Only pull_request_target: the run has the secrets whatever the fork, on the base repository's
  // code. A job there is safe for forks when it never checks out the pull request and the action
  // skips forks (no allow-forks): the fork's text reaches nothing, and a status is still left.
  const targetOnly = forkTriggers.every((trigger) => trigger === 'pull_request_target');
  const unguarded: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const checksOut = (job.steps ?? []).some((step) => /^actions\/checkout@/.test(step.uses ?? ''));
    for (const step of job.steps ?? []) {
      const usesSecret = /\$\{\{\s*secrets\./.test(JSON.stringify(step.with ?? {}));
      const allowForks: unknown = step.with?.['allow-forks'];
      const allowsForks = allowForks === true || (typeof allowForks === 'string' && allowForks.toLowerCase() === 'true');
      const safeForForks = targetOnly && !checksOut && !allowsForks;
      if (declaredInputs(step.uses ?? '') && usesSecret && !safeForForks && !keepsForksOut(job.if) && !keepsForksOut(step.if)) unguarded.push(name);
    }
  }
  return unguarded;
}

/**
 * Pull-request triggers that list `labeled` (the waiver label added) without `unlabeled` (taken
 * away): a workflow that runs on the one and not the other leaves the waiver's `success` on a code
 * PR that no longer carries the label.
 */
function labeledWithoutUnlabeled(content: string): string[] {
  const workflow = parse(content) as { on?: unknown };
  const on = typeof workflow.on === 'object' && workflow.on !== null && !Array.isArray(workflow.on) ? (workflow.on as Record<string, unknown>) : {};
  return Object.entries(on).flatMap(([trigger, config]) => {
    const types = (config as { types?: unknown } | null)?.types;
    return Array.isArray(types) && types.includes('labeled') && !types.includes('unlabeled') ? [trigger] : [];
  });
}

describe('workflows', () => {
  it('the README has an example for each trigger: push, pull_request, schedule, workflow_dispatch', () => {
    // Each trigger a workflow author starts from, as GitHub reads `on:` (a name, a list, or a map).
    const triggers = new Set(
      readmeWorkflows.flatMap(({ content }) => {
        const on = (parse(content) as { on?: unknown }).on;
        return typeof on === 'string' ? [on] : Array.isArray(on) ? (on as string[]) : Object.keys(on ?? {});
      }),
    );
    expect([...triggers].sort()).toEqual(expect.arrayContaining(['pull_request', 'push', 'schedule', 'workflow_dispatch']));
    // And the two kinds of work a workflow does on its own: the agent's, and a visitor report.
    const commands = new Set(
      readmeWorkflows.map(({ content }) => /docs-agent-action\/(\w+)@/.exec(content)?.[1] ?? /^\s+command: (\w+)/m.exec(content)?.[1] ?? 'agent'),
    );
    expect([...commands].sort()).toEqual(expect.arrayContaining(['agent', 'visitors']));
  });

  it.each([...markdownWorkflows, ...repoWorkflows])('$name is valid for GitHub', async ({ name, content }) => {
    expect(await workflowErrors(name, content)).toEqual([]);
    expect(unknownInputs(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name keeps pull requests from forks out, where secrets are withheld', ({ content }) => {
    expect(unguardedForForks(content)).toEqual([]);
  });

  it.each([...markdownWorkflows, ...repoWorkflows])('$name runs on unlabeled wherever it runs on labeled (the waiver taken away)', ({ content }) => {
    expect(labeledWithoutUnlabeled(content)).toEqual([]);
  });
});

/** A workflow on `on` whose job `job` runs the action (OWNER/docs-agent-action@v0) with these lines under `with:`. */
function runningTheAction(on: string, job: string, inputs: readonly string[]): string {
  const steps = ['    steps:', '      - uses: OWNER/docs-agent-action@v0', '        with:', ...inputs.map((line) => `          ${line}`)];
  return [`on: ${on}`, 'jobs:', `  ${job}:`, '    runs-on: ubuntu-latest', ...steps].join('\n');
}

describe('the checks themselves', () => {
  it('find a waiver label that can be added and never taken away', () => {
    const example = ['on:', '  pull_request:', '    types: [opened, labeled]', 'jobs: {}'].join('\n');
    expect(labeledWithoutUnlabeled(example)).toEqual(['pull_request']);
    expect(labeledWithoutUnlabeled(example.replace('labeled]', 'labeled, unlabeled]'))).toEqual([]);
    expect(labeledWithoutUnlabeled('on: pull_request\njobs: {}')).toEqual([]);
  });

  it('reject a broken workflow', async () => {
    const broken = ['on: pull_request', 'jobs:', '  docs:', '    steps:', '      - run: echo hi', '    timeout-minutes: soon'].join('\n');
    const errors = await workflowErrors('broken.yml', broken);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/runs-on|timeout-minutes/);
  });

  it('reject an unknown trigger', async () => {
    const broken = ['on: pull-request-opened', 'jobs:', '  docs:', '    runs-on: ubuntu-latest', '    steps:', '      - run: echo hi'].join('\n');
    expect(await workflowErrors('trigger.yml', broken)).not.toEqual([]);
  });

  it('reject a pull-request workflow that would run the action for forks', () => {
    const example = runningTheAction('pull_request', 'docs', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']);
    expect(unguardedForForks(example)).toEqual(['docs']);
    const guarded = example.replace('  docs:', '  docs:\n    if: github.event.pull_request.head.repo.full_name == github.repository');
    expect(unguardedForForks(guarded)).toEqual([]);
    // A review of a fork's pull request runs without its secrets too.
    expect(unguardedForForks(example.replace('on: pull_request', 'on: pull_request_review'))).toEqual(['docs']);
  });

  it('let a pull_request_target job through for forks only when it checks nothing out and the action skips forks', () => {
    const example = runningTheAction('pull_request_target', 'gate', ['api-key: ${{ secrets.MINTLIFY_API_KEY }}']);
    expect(unguardedForForks(example)).toEqual([]);
    expect(unguardedForForks(`${example}\n          allow-forks: true`)).toEqual(['gate']);
    expect(unguardedForForks(example.replace('    steps:', '    steps:\n      - uses: actions/checkout@v6'))).toEqual(['gate']);
    expect(unguardedForForks(example.replace('on: pull_request_target', 'on: [pull_request, pull_request_target]'))).toEqual(['gate']);
  });

  it('reject an input this action does not have', () => {
    const example = runningTheAction('push', 'docs', ['api-key: x', 'projectId: y']);
    expect(unknownInputs(example)).toEqual(['OWNER/docs-agent-action@v0: projectId']);
    // A sub-action declares its command's inputs only: another command's is unknown there, and so is command.
    const visitors = example
      .replace('docs-agent-action@v0', 'docs-agent-action/visitors@v0')
      .replace('projectId: y', 'project-id: y\n          prompt: z\n          command: agent');
    expect(unknownInputs(visitors)).toEqual(['OWNER/docs-agent-action/visitors@v0: prompt', 'OWNER/docs-agent-action/visitors@v0: command']);
  });
});
