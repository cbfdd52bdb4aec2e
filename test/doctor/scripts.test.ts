/**
 * No expression in a script (src/doctor/scripts.ts): what the rule finds in any workflow, action
 * or snippet, and in a workflow's steps where `command: doctor` says which step and how to move
 * each expression into `env:`.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixText } from '../../src/doctor/findings.js';
import { contextsRead, scriptInjections, scriptProblems, stepName, untrustedExpressions } from '../../src/doctor/scripts.js';
import { parseWorkflow, type Workflow } from '../../src/doctor/workflow.js';
import { applyFix } from '../support/doctor-fixes.js';

const workflow = (steps: string[], extra: string[] = []): string =>
  ['on: pull_request', 'permissions: {}', 'jobs:', '  docs:', '    runs-on: ubuntu-latest', ...extra, '    steps:', ...steps].join('\n');

function workflowOf(content: string): Workflow {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.workflow;
}

describe('the expressions of a script', () => {
  it('find a step output, an input and event data in a run script, however written', () => {
    const content = workflow([
      '      - id: docs',
      '        uses: ./',
      '      - run: echo "PR ${{ steps.docs.outputs.pr-link }}"',
      '      - run: |',
      '          echo ${{inputs.prompt}}',
      "          echo ${{ toJSON(github.event.pull_request.title) }} ${{ format('{0}', github.head_ref) }}",
      '      - uses: actions/github-script@0123456789abcdef0123456789abcdef01234567 # v8.0.0',
      '        with:',
      '          script: console.log("${{ github.event.comment.body }}")',
    ]);
    expect(scriptInjections(parse(content))).toEqual([
      'run: ${{ steps.docs.outputs.pr-link }}',
      'run: ${{inputs.prompt}}',
      'run: ${{ toJSON(github.event.pull_request.title) }}',
      "run: ${{ format('{0}', github.head_ref) }}",
      'script: ${{ github.event.comment.body }}',
    ]);
  });

  it('let through env:, runner.* and a literal matrix, but not a matrix built from outputs', () => {
    const safe = workflow(
      [
        '      - env:',
        '          PR_LINK: ${{ steps.docs.outputs.pr-link }}',
        '        run: echo "$PR_LINK" "${{ matrix.node }}" "${{ runner.temp }}" "${{ \'github.sha\' }}"',
      ],
      ['    strategy:', '      matrix:', '        node: [20, 24]'],
    );
    expect(scriptInjections(parse(safe))).toEqual([]);
    const built = workflow(
      ['      - run: echo "${{ matrix.node }}"'],
      ['    strategy:', '      matrix:', '        node: ${{ fromJSON(needs.plan.outputs.nodes) }}'],
    );
    expect(scriptInjections(parse(built))).toEqual(['run: ${{ matrix.node }}']);
  });

  it('read the contexts of an expression, not its strings, functions or literals', () => {
    expect(contextsRead(" format('{0} {1}', github.head_ref, steps.a.outputs.b) ")).toEqual(['github', 'steps']);
    expect(contextsRead(" 'github.sha' == true ")).toEqual([]);
    expect(untrustedExpressions('echo ${{ runner.temp }} ${{ secrets.TOKEN }}', false)).toEqual(['${{ secrets.TOKEN }}']);
  });
});

describe("a workflow's scripts, step by step, with the fix", () => {
  it('a fail for text from outside, a warn for anything else; the step named as a person finds it', () => {
    const content = workflow([
      '      - name: Say the title',
      '        run: echo "${{ github.event.pull_request.title }}"',
      '      - id: secret',
      '        run: echo ${{ secrets.TOKEN }}',
      '      - run: echo "${{ runner.temp }}"',
    ]);
    expect(scriptProblems(workflowOf(content)).map((problem) => [problem.level, problem.says])).toEqual([
      ['fail', 'job docs: the step "Say the title" pastes ${{ github.event.pull_request.title }} into its run: script, text from outside that runs as code'],
      ['warn', 'job docs: the step "secret" pastes ${{ secrets.TOKEN }} into its run: script'],
    ]);
    expect(stepName({}, 2)).toBe('#3');
  });

  it('each fix moves every expression of the step into env: and has the script read it quoted; nothing is left to find', () => {
    const content = workflow(
      [
        '      - env:',
        '          TITLE: taken',
        '        run: |',
        '          echo "${{ github.event.pull_request.title }}" ${{ steps.docs.outputs.pr-link }}',
        '          echo ${{ github.event.pull_request.title }}',
        '      - uses: actions/github-script@0123456789abcdef0123456789abcdef01234567 # v8.0.0',
        '        with:',
        '          script: console.log(${{ toJSON(inputs.prompt) }})',
      ],
      [],
    );
    let files: Record<string, string> = { 'w.yml': content };
    for (const problem of scriptProblems(workflowOf(content))) files = applyFix(files, `w.yml: ${fixText(problem.fix)}`);
    const fixed = parse(files['w.yml']!) as { jobs: { docs: { steps: Array<{ env?: Record<string, string>; run?: string; with?: { script: string } }> } } };
    expect(scriptProblems(workflowOf(files['w.yml']!))).toEqual([]);
    expect(scriptInjections(parse(files['w.yml']!))).toEqual([]);
    const [shell, script] = fixed.jobs.docs.steps;
    expect(shell!.env).toEqual({ TITLE: 'taken', TITLE_2: '${{ github.event.pull_request.title }}', PR_LINK: '${{ steps.docs.outputs.pr-link }}' });
    expect(shell!.run).toBe('echo "${TITLE_2}" "$PR_LINK"\necho "$TITLE_2"\n');
    expect(script!.with!.script).toBe('console.log(process.env.PROMPT)');
  });

  it('the variable read where the expression sat: inside double quotes, single quotes, a JavaScript string, or on its own', () => {
    const fixedRun = (run: string): string => {
      const content = workflow([`      - run: ${JSON.stringify(run)}`]);
      const files = applyFix({ 'w.yml': content }, `w.yml: ${fixText(scriptProblems(workflowOf(content))[0]!.fix)}`);
      return (parse(files['w.yml']!) as { jobs: { docs: { steps: Array<{ run: string }> } } }).jobs.docs.steps[0]!.run;
    };
    expect(fixedRun('echo "PR ${{ github.head_ref }} done"')).toBe('echo "PR ${HEAD_REF} done"');
    expect(fixedRun("echo 'PR ${{ github.head_ref }}'")).toBe("echo 'PR '\"$HEAD_REF\"''");
    expect(fixedRun('echo \\"${{ github.head_ref }}')).toBe('echo \\""$HEAD_REF"');
    const fixedScript = (script: string): string => {
      const content = workflow([
        '      - uses: actions/github-script@0123456789abcdef0123456789abcdef01234567 # v8.0.0',
        '        with:',
        `          script: ${JSON.stringify(script)}`,
      ]);
      const files = applyFix({ 'w.yml': content }, `w.yml: ${fixText(scriptProblems(workflowOf(content))[0]!.fix)}`);
      return (parse(files['w.yml']!) as { jobs: { docs: { steps: Array<{ with: { script: string } }> } } }).jobs.docs.steps[0]!.with.script;
    };
    expect(fixedScript('core.info("PR ${{ github.head_ref }} done")')).toBe('core.info("PR " + process.env.HEAD_REF + " done")');
    expect(fixedScript('core.info("${{ github.head_ref }}")')).toBe('core.info(process.env.HEAD_REF)');
    expect(fixedScript('core.info(`${{ github.head_ref }}`)')).toBe('core.info(process.env.HEAD_REF)');
  });
});
