/**
 * The checks only the set-up as a whole can answer (src/doctor/setup-checks.ts): a sweep for
 * detached starts, a release workflow for documentation held for the release, and the default
 * branch's rules against the workflows that keep the gate; each problem one row, at its level,
 * with a fix that ends it when applied.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/doctor/findings.js';
import { branchRuleChecks, detachedRunChecks, GITHUB_ACTIONS_APP_ID, releaseChecks, type BranchRules, type WorkflowOf } from '../../src/doctor/setup-checks.js';
import { parseWorkflow } from '../../src/doctor/workflow.js';
import { applyFix } from '../support/doctor-fixes.js';

function setUp(files: Record<string, string>): WorkflowOf[] {
  return Object.entries(files).map(([file, text]) => {
    const parsed = parseWorkflow(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    return { file, workflow: parsed.workflow };
  });
}

const job = (uses: string, inputs: string[], extra: string[] = []): string[] => [
  '  docs:',
  '    runs-on: ubuntu-slim',
  ...extra,
  '    steps:',
  `      - uses: OWNER/docs-agent-action/${uses}@v0`,
  '        with:',
  '          api-key: ${{ secrets.MINTLIFY_API_KEY }}',
  ...inputs.map((line) => `          ${line}`),
];
const START = [
  'on: pull_request',
  'jobs:',
  ...job('agent', ['wait: false', 'pr-comment: true', 'docs-status: written', 'docs-token: ${{ secrets.DOCS_TOKEN }}']),
].join('\n');
const SWEEP = ['on:', '  schedule:', "    - cron: '17 * * * *'", 'jobs:', ...job('sweep', ['docs-status: written'])].join('\n');

/** Applies every row's fix to the files, as a person would, one after another. */
function applied(files: Record<string, string>, rows: readonly Finding[]): Record<string, string> {
  return rows.reduce((current, row) => applyFix(current, row.fix), files);
}

describe('detached runs', () => {
  it('no row without a detached start; ok with a sweep on a schedule that writes the status too', () => {
    expect(detachedRunChecks(setUp({ 'a.yml': START.replace('wait: false', 'wait: true') }))).toEqual([]);
    expect(detachedRunChecks(setUp({ 'a.yml': START.replace('on: pull_request', 'on: workflow_dispatch') }))).toEqual([]);
    expect(detachedRunChecks(setUp({ 'a.yml': START, 'b.yml': SWEEP }))).toEqual([
      { check: 'detached runs', level: 'ok', found: '1 detached start; swept by b.yml (job docs, step #1), on a schedule', fix: '' },
    ]);
  });

  it('no sweep at all is a fail, fixed by a sweep workflow made of the start’s own inputs', () => {
    const files = { 'a.yml': START };
    const [row] = detachedRunChecks(setUp(files));
    expect(row).toMatchObject({ level: 'fail', found: expect.stringContaining('no workflow runs command: sweep') });
    const fixed = applied(files, [row!]);
    expect(Object.keys(fixed)).toEqual(['a.yml', '.github/workflows/docs-sweep.yml']);
    expect(fixed['.github/workflows/docs-sweep.yml']).toContain('uses: OWNER/docs-agent-action/sweep@v0');
    expect(fixed['.github/workflows/docs-sweep.yml']).toContain('docs-token: ${{ secrets.DOCS_TOKEN }}');
    expect(detachedRunChecks(setUp(fixed)).map((each) => each.level)).toEqual(['ok']);
  });

  it('a sweep on the documentation PR’s opening alone is a warn, on neither a fail; each fixed by a schedule', () => {
    const woken = SWEEP.replace("  schedule:\n    - cron: '17 * * * *'", '  pull_request:\n    types: [opened]');
    const byHand = SWEEP.replace("  schedule:\n    - cron: '17 * * * *'", '  workflow_dispatch:');
    for (const [sweep, level] of [
      [woken, 'warn'],
      [byHand, 'fail'],
    ] as const) {
      const files = { 'a.yml': START, 'b.yml': sweep };
      const rows = detachedRunChecks(setUp(files));
      expect(rows.map((each) => each.level)).toEqual([level]);
      expect(detachedRunChecks(setUp(applied(files, rows))).map((each) => each.level)).toEqual(['ok']);
    }
  });

  it('a sweep without the start’s docs-status is a fail: no run would write how the job ended', () => {
    const files = { 'a.yml': START, 'b.yml': SWEEP.replace('          docs-status: written\n', '').replace(/\n {10}docs-status: written$/, '') };
    const rows = detachedRunChecks(setUp(files));
    expect(rows.map((each) => [each.level, each.found])).toEqual([
      ['fail', 'a.yml (job docs, step #1) leaves the documentation status pending, but no sweep has docs-status: none writes how the job ended'],
    ]);
    expect(detachedRunChecks(setUp(applied(files, rows))).map((each) => each.level)).toEqual(['ok']);
  });
});

describe('the release', () => {
  const HELD = ['on: pull_request', 'jobs:', ...job('agent', ['pr-comment: true', 'follow-code-pr: true', 'docs-publish: on-release'])].join('\n');
  const RELEASE = ['on:', '  release:', '    types: [published]', 'jobs:', ...job('release', [])].join('\n');

  it('no row without docs-publish: on-release; ok with command: release on release: published (or on every release event)', () => {
    expect(releaseChecks(setUp({ 'a.yml': HELD.replace('on-release', 'on-merge') }))).toEqual([]);
    expect(releaseChecks(setUp({ 'a.yml': HELD, 'r.yml': RELEASE })).map((each) => each.level)).toEqual(['ok']);
    expect(
      releaseChecks(setUp({ 'a.yml': HELD, 'r.yml': RELEASE.replace('  release:\n    types: [published]', '  release:') })).map((each) => each.level),
    ).toEqual(['ok']);
  });

  it('no release workflow, or one off release: published, is a fail fixed by the workflow or the trigger', () => {
    const setUps: Array<Record<string, string>> = [
      { 'a.yml': HELD },
      { 'a.yml': HELD, 'r.yml': RELEASE.replace('  release:\n    types: [published]', '  workflow_dispatch:') },
    ];
    for (const files of setUps) {
      const rows = releaseChecks(setUp(files));
      expect(rows.map((each) => each.level)).toEqual(['fail']);
      expect(releaseChecks(setUp(applied(files, rows))).map((each) => each.level)).toEqual(['ok']);
    }
  });
});

describe('the branch rules', () => {
  const GATE = ['on: pull_request', 'jobs:', ...job('agent', ['docs-status: written'])].join('\n');
  const rules = (requiredChecks: BranchRules['requiredChecks'], mergeQueue = false): BranchRules => ({ branch: 'main', requiredChecks, mergeQueue });

  it('ok where the gate is kept and required, from GitHub Actions or any source, and where neither is', () => {
    expect(branchRuleChecks(setUp({ 'a.yml': GATE }), rules([{ context: 'documentation', integrationId: GITHUB_ACTIONS_APP_ID }], true))).toEqual([
      {
        check: 'branch rules',
        level: 'ok',
        found:
          'main requires documentation from GitHub Actions; written by a.yml. A merge queue is on: the gate workflows are held to merge_group in their triggers rows.',
        fix: '',
      },
    ]);
    expect(branchRuleChecks(setUp({ 'a.yml': GATE }), rules([{ context: 'Documentation' }]))[0]).toMatchObject({
      level: 'ok',
      found: expect.stringContaining('from any source'),
    });
    expect(branchRuleChecks(setUp({ 'a.yml': GATE.replace('docs-status: written', 'pr-comment: true') }), rules([{ context: 'ci' }]))[0]!.level).toBe('ok');
  });

  it('a gate no rule requires is a warn; a required gate no workflow writes is a fail, fixed by docs-status on the agent step', () => {
    expect(branchRuleChecks(setUp({ 'a.yml': GATE }), rules([]))[0]).toMatchObject({
      level: 'warn',
      found: expect.stringContaining('no rule of main requires it'),
      fix: expect.stringContaining('Rulesets'),
    });
    const files = { 'a.yml': GATE.replace('docs-status: written', 'pr-comment: true') };
    const [row] = branchRuleChecks(setUp(files), rules([{ context: 'documentation' }]));
    expect(row).toMatchObject({
      level: 'fail',
      found: 'a rule of main requires documentation, but no workflow of this repository writes it: every pull request waits for it for ever',
    });
    expect(branchRuleChecks(setUp(applied(files, [row!])), rules([{ context: 'documentation' }]))[0]!.level).toBe('ok');
  });

  it('a source pinned to one app and the gate written with another’s token is a fail', () => {
    const appToken = GATE.replace('docs-status: written', 'docs-status: written\n          github-token: ${{ steps.gate-token.outputs.token }}');
    const [pinnedToActions] = branchRuleChecks(setUp({ 'a.yml': appToken }), rules([{ context: 'documentation', integrationId: GITHUB_ACTIONS_APP_ID }]));
    expect(pinnedToActions).toMatchObject({ level: 'fail', found: expect.stringContaining("counts only GitHub Actions' documentation statuses") });
    expect(
      branchRuleChecks(
        setUp(applied({ 'a.yml': appToken }, [pinnedToActions!])),
        rules([{ context: 'documentation', integrationId: GITHUB_ACTIONS_APP_ID }]),
      )[0]!.level,
    ).toBe('ok');
    const [pinnedToApp] = branchRuleChecks(setUp({ 'a.yml': GATE }), rules([{ context: 'documentation', integrationId: 987654 }]));
    expect(pinnedToApp).toMatchObject({
      level: 'fail',
      found: expect.stringContaining('of app 987654'),
      fix: expect.stringContaining('create-github-app-token'),
    });
    expect(branchRuleChecks(setUp({ 'a.yml': appToken }), rules([{ context: 'documentation', integrationId: 987654 }]))[0]).toMatchObject({
      level: 'ok',
      found: expect.stringContaining('from app 987654'),
    });
  });
});
