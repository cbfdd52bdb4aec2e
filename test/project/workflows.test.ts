/**
 * Every workflow a user might copy — the examples of the README and the guides — and the
 * repository's own workflows are parsed and validated by GitHub's own workflow parser, and every use of this action in them
 * passes only inputs that action.yml declares. The fork guard and the waiver's two events are
 * src/doctor/'s rules, which `command: doctor` holds a repository to (test/doctor/ has their own tests).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { forkProblems } from '../../src/doctor/forks.js';
import { labeledWithoutUnlabeled, type Problem } from '../../src/doctor/rules.js';
import { parseWorkflow as readWorkflow, type Workflow } from '../../src/doctor/workflow.js';
import { markdownFiles, markdownWorkflows, markdownYamlBlocks, readmeWorkflows, repoWorkflows, root } from '../support/workflows.js';

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

/** A rule of src/doctor/ on a workflow's text: what it says, one line a problem. */
function says(rule: (workflow: Workflow) => Problem[], content: string): string[] {
  const parsed = readWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return rule(parsed.workflow).map((problem) => problem.says);
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

  it.each(['README.md', 'docs/detached.md'])('every example of %s is a complete workflow (a trigger and jobs), as the README says', (file) => {
    const blocks = markdownYamlBlocks.filter(({ name }) => name.startsWith(`${file} `));
    expect(blocks.length).toBeGreaterThan(0);
    expect(markdownWorkflows.filter(({ name }) => name.startsWith(`${file} `))).toHaveLength(blocks.length);
  });

  it('the README says so of its examples and of the detached guide', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('Each example is a complete workflow.');
    expect(readme).toMatch(/\[Detached runs\]\(docs\/detached\.md\) has the\s+complete workflows/);
  });

  it.each([...markdownWorkflows, ...repoWorkflows])('$name is valid for GitHub', async ({ name, content }) => {
    expect(await workflowErrors(name, content)).toEqual([]);
    expect(unknownInputs(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name keeps pull requests from forks out, where secrets are withheld', ({ content }) => {
    expect(says(forkProblems, content)).toEqual([]);
  });

  it.each([...markdownWorkflows, ...repoWorkflows])('$name runs on unlabeled wherever it runs on labeled (the waiver taken away)', ({ content }) => {
    expect(says(labeledWithoutUnlabeled, content)).toEqual([]);
  });
});

/** The steps of a Markdown file's workflows that mint a GitHub App's token, with what they read and ask for. */
function appTokenSteps(file: string): Array<{ readonly with: Record<string, unknown> }> {
  const steps: Array<{ readonly with: Record<string, unknown> }> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const step = node as { uses?: unknown; with?: Record<string, unknown> };
      if (typeof step.uses === 'string' && step.uses.startsWith('actions/create-github-app-token@')) steps.push({ with: step.with ?? {} });
      else Object.values(node).forEach(visit);
    }
  };
  for (const { name, content } of markdownYamlBlocks) if (name.startsWith(`${file} `)) visit(parse(content));
  return steps;
}

describe('the GitHub App a documented workflow mints its tokens from', () => {
  const HOW_TO = {
    file: 'docs/detached.md',
    heading: '### The GitHub App the two repositories share',
    link: 'detached.md#the-github-app-the-two-repositories-share',
  };
  const section = ((text: string) => text.slice(text.indexOf(HOW_TO.heading)).split(/\n## /)[0]!)(readFileSync(join(root, HOW_TO.file), 'utf8'));

  it("is made as the detached guide says: its section names where each workflow reads the App's client ID and key, and each permission they ask for", () => {
    const steps = appTokenSteps(HOW_TO.file);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (const step of steps) {
      for (const input of ['client-id', 'private-key']) {
        const name = /\$\{\{\s*(?:vars|secrets)\.(\w+)\s*\}\}/.exec(String(step.with[input]))?.[1];
        expect(name, input).toBeDefined();
        expect(section).toContain(`\`${name}\``);
      }
      for (const [key, access] of Object.entries(step.with).filter(([key]) => key.startsWith('permission-'))) {
        const words = key.slice('permission-'.length).replace(/-/g, ' ');
        const permission = `*${words[0]!.toUpperCase()}${words.slice(1)}: ${access === 'write' ? 'Read and write' : 'Read-only'}*`;
        expect(section, key).toContain(permission);
      }
    }
  });

  it.each(markdownFiles.filter((file) => file !== HOW_TO.file && appTokenSteps(file).length > 0))(
    '%s, whose workflows mint one, links to how to make it',
    (file) => {
      expect(readFileSync(join(root, file), 'utf8')).toContain(`(${file.startsWith('docs/') ? '' : 'docs/'}${HOW_TO.link})`);
    },
  );
});

/** A workflow on `on` whose job `job` runs the action (OWNER/docs-agent-action@v0) with these lines under `with:`. */
function runningTheAction(on: string, job: string, inputs: readonly string[]): string {
  const steps = ['    steps:', '      - uses: OWNER/docs-agent-action@v0', '        with:', ...inputs.map((line) => `          ${line}`)];
  return [`on: ${on}`, 'jobs:', `  ${job}:`, '    runs-on: ubuntu-latest', ...steps].join('\n');
}

describe('the checks themselves', () => {
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
