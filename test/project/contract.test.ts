/**
 * The public face cannot drift: action.yml, the names the code uses, the settings defaults and
 * the README's tables must agree, and only the entry layer may talk to the runner.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readmeWithTables } from '../../scripts/readme-tables.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCS_PUBLISH_MODES, Inputs, Outputs, RELEASE_LABEL, RELEASE_OUTCOMES } from '../../src/constants.js';
import { INPUT_DEFAULTS } from '../../src/inputs.js';
import { ACTION_VERSION } from '../../src/version.js';
import { actionSteps } from '../../src/doctor/workflow-checks.js';
import { parseWorkflow } from '../../src/doctor/workflow.js';
import { COMMANDS } from '../../src/settings.js';
import { GITHUB_CALLS } from '../../src/github/calls.js';
import { readmeWorkflows } from '../support/workflows.js';

const root = join(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const action = parse(read('action.yml')) as {
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};

/** action.yml defaults that are expressions the runner resolves; the code fills them in. */
const EXPRESSION_DEFAULTS: Record<string, string> = {
  'github-token': '${{ github.token }}',
  'output-dir': '${{ runner.temp }}/visitors',
};

/**
 * The names the interface contract fixes: users' workflows depend on them, so action.yml may add
 * inputs and outputs but never drop or rename these.
 */
const CONTRACT_INPUTS = [
  'api-key',
  'project-id',
  'command',
  'base-url',
  'github-token',
  'request-timeout',
  'retries',
  'dry-run',
  'prompt',
  'job-id',
  'diff',
  'diff-include',
  'diff-exclude',
  'diff-max-chars',
  'allow-forks',
  'wait',
  'timeout',
  'poll-interval',
  'poll-interval-max',
  'fail-on',
  'pr-comment',
  'reuse-job',
  'refresh-signals',
  'refresh-pages',
  'refresh-searches',
  'date-from',
  'date-to',
  'page-size',
  'offset',
  'max-rows',
  'concurrency',
  'compare-previous',
  'summary-rows',
  'output-dir',
  'artifact-name',
  'preview',
  'docs-token',
  'follow-code-pr',
  'docs-publish',
  'release-tag',
];
const CONTRACT_OUTPUTS = [
  'outcome',
  'job-id',
  'status',
  'pr-link',
  'timed-out',
  'model',
  'source-repository',
  'source-ref',
  'created-at',
  'archived-at',
  'job',
  'preview-url',
  'preview-status',
  'released',
  'visitors-total',
  'visitors-human',
  'visitors-ai',
  'visitors-rows',
  'visitors-csv',
  'visitors-json',
  'artifact-id',
  'signals',
  'requests',
  'docs-pr-action',
  'doctor',
];
const CONTRACT_COMMANDS = ['agent', 'visitors', 'refresh', 'sync', 'sweep', 'release', 'doctor'];

describe('action.yml', () => {
  it('keeps every input, output and command the contract fixes', () => {
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(CONTRACT_INPUTS));
    expect(Object.keys(action.outputs)).toEqual(expect.arrayContaining(CONTRACT_OUTPUTS));
    for (const command of CONTRACT_COMMANDS) expect(action.inputs.command!.description).toContain(`"${command}"`);
  });

  it('runs the committed bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares exactly the inputs the code reads, with the same defaults', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Inputs).sort());
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect(spec.description, name).toBeTruthy();
      const expected = EXPRESSION_DEFAULTS[name] ?? INPUT_DEFAULTS[name as keyof typeof INPUT_DEFAULTS];
      expect(String(spec.default ?? ''), name).toBe(expected);
    }
    expect(action.inputs['api-key']!.required).toBe(true);
    expect(action.inputs['project-id']!.required).toBe(true);
  });

  it('declares exactly the outputs the code sets', () => {
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(Outputs).sort());
  });
});

describe('documentation that ships with the release', () => {
  it('the release command has the outcomes the contract names, and action.yml says them as the code spells them', () => {
    expect(RELEASE_OUTCOMES).toEqual(['released', 'skipped', 'dry-run', 'cancelled', 'error']);
    expect(action.outputs.outcome!.description).toContain(`For release: ${RELEASE_OUTCOMES.slice(0, -1).join(', ')} or ${RELEASE_OUTCOMES.at(-1)}.`);
    expect(action.outputs.released!.description).toContain('{codePr, docsPr, tag}');
    expect(action.outputs['docs-pr-action']!.description).toContain('held (docs-publish: on-release');
  });

  it('docs-publish: on-merge by default, on-release holding with the label the release command looks for', () => {
    expect(DOCS_PUBLISH_MODES).toEqual(['on-merge', 'on-release']);
    expect(action.inputs['docs-publish']!.default).toBe('on-merge');
    const description = action.inputs['docs-publish']!.description;
    for (const mode of DOCS_PUBLISH_MODES) expect(description).toContain(`${mode}:`);
    expect(description).toContain(`labelled ${RELEASE_LABEL}`);
  });
});

describe('README', () => {
  const readme = read('README.md');
  const tableNames = (heading: string): string[] => {
    const section = readme.split(`\n## ${heading}\n`)[1]!.split('\n## ')[0]!;
    return section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!));
  };

  it('opens with the two commands a newcomer runs', () => {
    const firstBlock = readme.split('```')[1]!;
    expect(firstBlock).toContain('npm ci && npm start');
    expect(firstBlock).toContain('npm ci && npm test');
  });

  it('lists every input and only those', () => {
    expect(tableNames('Inputs').sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('gives each input the default and the required flag action.yml gives it', () => {
    const section = readme.split('\n## Inputs\n')[1]!.split('\n## ')[0]!;
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    for (const row of rows) {
      const [nameCell, defaultCell] = row.split(' | ').map((cell) => cell.replace(/^\| /, '').trim()) as [string, string];
      const name = nameCell.replace(/`/g, '');
      const spec = action.inputs[name]!;
      if (defaultCell === '(required)') {
        expect(spec.required, name).toBe(true);
        continue;
      }
      const literal = /^`(.*)`$/.exec(defaultCell);
      // A default described in words ("built-in list") stands for an empty action.yml default.
      expect(String(spec.default ?? ''), name).toBe(literal ? literal[1] : '');
    }
  });

  it('lists every output and only those', () => {
    expect(tableNames('Outputs').sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it('names the commands of each input and output once a row: in its commands column, never again at the head of its meaning', () => {
    for (const heading of ['Inputs', 'Outputs']) {
      const rows = readme
        .split(`\n## ${heading}\n`)[1]!
        .split('\n## ')[0]!
        .split('\n')
        .filter((line) => line.startsWith('| `'));
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        const cells = row.split(' | ');
        const [commands, meaning] = heading === 'Inputs' ? [cells[2]!, cells[3]!] : [cells[1]!, cells[2]!];
        expect(commands, row).toMatch(/^(?:all|[a-z]+(?:, [a-z]+)*)$/);
        expect(meaning, row).not.toMatch(new RegExp(`^\\((?:${COMMANDS.join('|')})\\b`));
      }
    }
  });

  it('starts the set-up with the doctor: the quick start’s first workflow runs command: doctor, with read permissions alone', () => {
    const quickStart = readme.split('\n## Quick start\n')[1]!.split('\n## ')[0]!;
    expect(quickStart.trimStart()).toMatch(/^\*\*Add the doctor, run it, fix what it says\.\*\*/);
    const first = readmeWorkflows[0]!;
    expect(quickStart).toContain(first.content);
    const parsed = parseWorkflow(first.content);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(actionSteps(parsed.workflow).map(({ action }) => action.command)).toEqual(['doctor']);
    expect(parsed.workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'read' });
  });

  it('asks one permission of the sweep wherever it is said: the README, the troubleshooting guide, the 403 hint, the doctor', () => {
    const row = readme.split('\n').find((line) => line.startsWith('| `command: sweep` |'))!;
    const troubleshooting = read('docs/troubleshooting.md')
      .split('\n')
      .find((line) => line.includes('Could not find the pull requests to sweep'))!;
    for (const said of [row, troubleshooting, GITHUB_CALLS['recent-comments'].forbidden]) {
      expect(said).toMatch(/pull-requests: write/);
      expect(said).not.toMatch(/pull-requests: read/);
    }
    // The doctor holds a sweep's job to the same (test/doctor/workflow-checks.test.ts), and its guide says so.
    expect(read('docs/doctor.md')).toMatch(/`pull-requests: write` with the comment \(and for `sweep`/);
  });

  it('holds the tables of inputs and outputs exactly as npm run readme-tables makes them from action.yml', () => {
    expect(readme).toBe(readmeWithTables(readme));
  });
});

describe('layers', () => {
  const ENTRY_LAYER = ['src/index.ts', 'src/main.ts', 'src/inputs.ts', 'src/logger.ts'];
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );

  it('only the entry layer imports @actions/core', () => {
    const importers = sources('src').filter((file) => /from '@actions\/core'/.test(read(file)));
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) expect(ENTRY_LAYER, relative(root, join(root, file))).toContain(file);
  });

  it('the version in the User-Agent is the package version', () => {
    expect(ACTION_VERSION).toBe((JSON.parse(read('package.json')) as { version: string }).version);
  });
});
