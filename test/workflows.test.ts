/**
 * Every workflow a user might copy — the README's examples — and the repository's own workflows
 * are parsed and validated by GitHub's own workflow parser, and every use of this action in them
 * passes only inputs that action.yml declares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readmeWorkflows, repoWorkflows, root } from './support/workflows.js';

const declaredInputs = Object.keys((parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { inputs: object }).inputs);

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
      if (step.uses !== './' && !/(^|\/)docs-agent-action@/.test(step.uses ?? '')) continue;
      for (const name of Object.keys(step.with ?? {})) if (!declaredInputs.includes(name)) unknown.push(name);
    }
  }
  return unknown;
}

describe('workflows', () => {
  it('the README has an example for each trigger', () => {
    expect(readmeWorkflows.length).toBeGreaterThanOrEqual(6);
  });

  it.each([...readmeWorkflows, ...repoWorkflows])('$name is valid for GitHub', async ({ name, content }) => {
    expect(await workflowErrors(name, content)).toEqual([]);
    expect(unknownInputs(content)).toEqual([]);
  });
});

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
    const example = ['on: push', 'jobs:', '  docs:', '    runs-on: ubuntu-latest', '    steps:', '      - uses: OWNER/docs-agent-action@v0', '        with:', '          api-key: x', '          projectId: y'].join('\n');
    expect(unknownInputs(example)).toEqual(['projectId']);
  });
});
