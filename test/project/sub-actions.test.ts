/**
 * One action per command (`agent/`, `visitors/`, `refresh/`, `sync/`, `sweep/`, `doctor/`), held
 * to the root `action.yml`: each declares exactly its command's inputs (the common ones and those
 * the command reads, never `command`) and outputs, each with the root's name, default, requirement
 * and description, and runs the same bundle with its command set. They are generated (`npm run
 * sub-actions`, run by `npm run build`), and so is the list of commands that leads each of the
 * root's descriptions, from the code: a file edited by hand, a list that drifted, or a root that
 * changed without them, fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMAND_OUTPUTS, Inputs } from '../../src/constants.js';
import { COMMAND_INPUTS } from '../../src/inputs.js';
import { COMMANDS } from '../../src/settings.js';
import { commandsText, inputCommands, outputCommands, rootWithCommands, withCommands, withoutCommands } from '../../scripts/descriptions.js';
import { generatedFiles } from '../../scripts/sub-actions.js';
import { bundleReady } from '../support/build-bundle.js';
import { root } from '../support/workflows.js';

// The entries live in dist/, which the suite may be building beside this file.
beforeAll(() => bundleReady(), 180_000);

interface ActionYaml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
}

const read = (path: string): ActionYaml => parse(readFileSync(join(root, path), 'utf8')) as ActionYaml;
const rootAction = read('action.yml');
const owned = new Set(Object.values(COMMAND_INPUTS).flat() as string[]);
const common = Object.keys(rootAction.inputs).filter((name) => !owned.has(name) && name !== Inputs.Command);

describe.each(COMMANDS)('%s/action.yml', (command) => {
  const action = read(`${command}/action.yml`);

  it('declares the common inputs and its command’s, each as the root declares it, and never command', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...common, ...COMMAND_INPUTS[command]].sort());
    for (const [name, input] of Object.entries(action.inputs)) expect(input, name).toEqual(rootAction.inputs[name]);
    expect(action.inputs).not.toHaveProperty(Inputs.Command);
  });

  it('declares its command’s outputs, each as the root declares it', () => {
    expect(Object.keys(action.outputs).sort()).toEqual([...COMMAND_OUTPUTS[command]].sort());
    for (const [name, output] of Object.entries(action.outputs)) expect(output, name).toEqual(rootAction.outputs[name]);
  });

  it('runs the one bundle, with its command set, on the root’s runtime', () => {
    expect(action.runs).toEqual({ using: rootAction.runs.using, main: `../dist/${command}.js` });
    const entry = readFileSync(join(root, 'dist', `${command}.js`), 'utf8');
    expect(entry).toContain(`process.env.INPUT_COMMAND = '${command}';`);
    expect(entry).toContain("await import('./index.js');");
  });
});

it('every sub-action and entry is what npm run sub-actions makes from the root', () => {
  for (const [path, text] of Object.entries(generatedFiles())) {
    expect(existsSync(join(root, path)), path).toBe(true);
    expect(readFileSync(join(root, path), 'utf8'), path).toBe(text);
  }
});

it('every output the root declares belongs to some command, and every command input to the root', () => {
  expect(new Set(Object.values(COMMAND_OUTPUTS).flat())).toEqual(new Set(Object.keys(rootAction.outputs)));
  for (const name of owned) expect(rootAction.inputs, name).toHaveProperty(name);
});

describe('the commands each description names, from the code', () => {
  it('every input and output of the root leads with the commands that read or set it (none for those of every command)', () => {
    const text = readFileSync(join(root, 'action.yml'), 'utf8');
    expect(rootWithCommands(text)).toBe(text);
    for (const [name, input] of Object.entries(rootAction.inputs)) expect(input.description, name).toBe(withCommands(input.description, inputCommands(name)));
    for (const [name, output] of Object.entries(rootAction.outputs))
      expect(output.description, name).toBe(withCommands(output.description, outputCommands(name)));
  });

  it('writes a drifted or missing list in place, in a folded, a plain and a quoted description, and leaves the rest of the file as written', () => {
    const drifted = [
      'name: x # a comment stays',
      'inputs:',
      '  docs-token:',
      '    description: >-',
      '      (agent) A token that may read and write pull requests in the documentation',
      '      repository.',
      '  wait:',
      '    description: (agent, refresh; sync with review-loop) Poll the job.',
      '  timeout:',
      "    description: '(agent) How long the step may take.'",
      '  code-token:',
      '    description: "In the documentation repository\'s workflow: a token."',
      'outputs:',
      '  swept:',
      '    description: JSON array.',
      '',
    ].join('\n');
    const written = rootWithCommands(drifted);
    expect(written).toBe(
      [
        'name: x # a comment stays',
        'inputs:',
        '  docs-token:',
        '    description: >-',
        `      (${inputCommands('docs-token').join(', ')}) A token that may read and write pull requests in the documentation`,
        '      repository.',
        '  wait:',
        `    description: (${inputCommands('wait').join(', ')}) Poll the job.`,
        '  timeout:',
        "    description: 'How long the step may take.'",
        '  code-token:',
        `    description: "(${inputCommands('code-token').join(', ')}) In the documentation repository's workflow: a token."`,
        'outputs:',
        '  swept:',
        '    description: (sweep) JSON array.',
        '',
      ].join('\n'),
    );
    expect(rootWithCommands(written)).toBe(written);
  });

  it('a description whose parentheses name no command keeps them', () => {
    expect(withoutCommands('(required) the key')).toBe('(required) the key');
    expect(withoutCommands('(sync, doctor) a token')).toBe('a token');
    expect(withCommands('(agent) a token', ['sweep'])).toBe('(sweep) a token');
    expect(commandsText(COMMANDS)).toBe('all');
  });
});
