/**
 * The checks of one workflow file (src/doctor/workflow-checks.ts): an `ok` row for each check that
 * found nothing, a row for each problem at its level, and a fix that ends it when applied.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/doctor/findings.js';
import { checkWorkflowFile, commentBringers, keepsComment, withWhatItNeeds, type FileContext } from '../../src/doctor/workflow-checks.js';
import { fixText } from '../../src/doctor/findings.js';
import { parseWorkflow } from '../../src/doctor/workflow.js';
import { applyFix } from '../support/doctor-fixes.js';

const FILE = '.github/workflows/docs.yml';
const CONTEXT: FileContext = { mergeQueue: false, actionRepository: 'OWNER/docs-agent-action', actionRef: 'v0' };

/** A pull request's workflow that keeps every rule, its one job running `uses` with `inputs`. */
function workflow({
  uses = 'agent',
  inputs = [] as string[],
  on = ['on:', '  pull_request:', '    types: [opened, synchronize, reopened, labeled, unlabeled, closed]'],
  permissions = ['permissions: { contents: read, pull-requests: write, statuses: write }'],
  job = [] as string[],
  group = '"docs-${{ github.event.pull_request.number }}"',
} = {}): string {
  return [
    ...on,
    ...permissions,
    `concurrency: { group: ${group}, cancel-in-progress: false${uses === 'sweep' ? '' : ', queue: max'} }`,
    'jobs:',
    '  docs:',
    '    if: github.event.pull_request.head.repo.full_name == github.repository',
    '    runs-on: ubuntu-latest',
    '    timeout-minutes: 40',
    ...job,
    '    steps:',
    `      - uses: OWNER/docs-agent-action/${uses}@v0`,
    '        with:',
    '          api-key: ${{ secrets.MINTLIFY_API_KEY }}',
    '          project-id: ${{ vars.MINTLIFY_PROJECT_ID }}',
    ...inputs.map((line) => `          ${line}`),
  ].join('\n');
}

function rows(content: string, context: FileContext = CONTEXT): Finding[] {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return checkWorkflowFile(FILE, parsed.workflow, context);
}

const notOk = (content: string, context?: FileContext): Finding[] => rows(content, context).filter((row) => row.level !== 'ok');

/** The one row a single mistake gives, and the file with its fix applied: a file the checks find nothing in. */
function expectOneRowFixed(content: string, check: string, level: 'warn' | 'fail', found: RegExp, context: FileContext = CONTEXT): void {
  const found_ = notOk(content, context);
  expect(found_.map((row) => [row.check, row.level])).toEqual([[`${FILE}: ${check}`, level]]);
  expect(found_[0]!.found).toMatch(found);
  const fixed = applyFix({ [FILE]: content }, found_[0]!.fix)[FILE]!;
  expect(notOk(fixed, context)).toEqual([]);
}

describe('a workflow that keeps every rule', () => {
  it('has one ok row for each check, nothing else', () => {
    const found = rows(workflow({ inputs: ['pr-comment: true', 'docs-status: written', 'follow-code-pr: true'] }));
    expect(found.map((row) => [row.check.slice(FILE.length + 2), row.level])).toEqual(
      ['uses', 'inputs', 'triggers', 'permissions', 'secrets', 'fork guard', 'concurrency', 'runner', 'scripts'].map((check) => [check, 'ok']),
    );
    expect(found[0]!.found).toBe('job docs, step #1: command agent from OWNER/docs-agent-action/agent@v0');
  });
});

describe('uses', () => {
  it('a step pinned to a commit is read like any other, and says so', () => {
    const pinned = workflow().replace('agent@v0', `agent@${'a'.repeat(40)}`);
    expect(notOk(pinned)).toEqual([]);
    expect(rows(pinned)[0]!.found).toMatch(/, pinned to a commit$/);
  });

  it("a fork's copy is a warn, its fix the action this doctor runs from; a command there is not is a fail", () => {
    expectOneRowFixed(
      workflow().replace('OWNER/docs-agent-action', 'someone/docs-agent-action'),
      'uses',
      'warn',
      /runs someone\/docs-agent-action, a copy of OWNER\/docs-agent-action/,
    );
    // Without knowing where the doctor runs from (a local run), no copy is told from the original.
    expect(notOk(workflow().replace('OWNER/docs-agent-action', 'someone/docs-agent-action'), { mergeQueue: false })).toEqual([]);
    const unknown = notOk(workflow({ uses: 'publish' }));
    expect(unknown.map((row) => [row.check, row.level, row.found])).toEqual([[`${FILE}: uses`, 'fail', 'job docs, step #1: there is no command publish']]);
  });
});

describe('inputs', () => {
  it('an input no command reads, or another command’s given to a sub-action, is a warn removed by its fix', () => {
    expectOneRowFixed(workflow({ inputs: ['projectId: x'] }), 'inputs', 'warn', /projectId is no input of this action/);
    expectOneRowFixed(
      workflow({ uses: 'visitors', inputs: ['prompt: x'] }).replace('ubuntu-latest', 'ubuntu-slim'),
      'inputs',
      'warn',
      /prompt is an input of command agent, refresh, not of visitors/,
    );
    // The root action takes every input (it warns about another command's at run time).
    expect(notOk(workflow({ uses: 'agent', inputs: ['pr-comment: true'] }).replace('docs-agent-action/agent@v0', 'docs-agent-action@v0'))).toEqual([]);
  });

  it('what turns pr-comment on every run, with a notice, is a warn whose fix says pr-comment: true (the quick start’s reuse-job)', () => {
    expectOneRowFixed(workflow({ inputs: ['reuse-job: true'] }), 'inputs', 'warn', /reuse-job keeps its memory in the pull-request comment/);
    expectOneRowFixed(workflow({ inputs: ['docs-status: approved'] }), 'inputs', 'warn', /docs-status: approved keeps its memory/);
    expect(commentBringers({ with: { 'follow-code-pr': 'true', 'reader-impact': true, wait: 'false', 'docs-status': 'written' } }, true)).toEqual([
      'follow-code-pr',
      'reader-impact',
      'wait: false with docs-status',
    ]);
    expect(keepsComment({ with: { wait: 'false', 'docs-status': 'written' } }, false)).toBe(false);
  });

  it('wait: false on a pull request without the comment is a warn: no sweep could finish the job', () => {
    const detached = workflow({ inputs: ['wait: false'] }).replace('ubuntu-latest', 'ubuntu-slim');
    expectOneRowFixed(detached, 'inputs', 'warn', /wait: false without pr-comment: no comment records the job/);
  });
});

describe('triggers', () => {
  const onTypes = (types: string): string[] => ['on:', '  pull_request:', `    types: [${types}]`];

  it('docs-status on a trigger without labeled and unlabeled is a warn; labeled without unlabeled a fail', () => {
    expectOneRowFixed(workflow({ inputs: ['docs-status: written'], on: ['on: pull_request'] }), 'triggers', 'warn', /lists neither labeled nor unlabeled/);
    expectOneRowFixed(
      workflow({ inputs: ['docs-status: written'], on: onTypes('opened, synchronize, labeled') }),
      'triggers',
      'fail',
      /runs on labeled but not unlabeled/,
    );
  });

  it('follow-code-pr without closed is a fail: the documentation PR of a closed code PR is never closed', () => {
    expectOneRowFixed(
      workflow({ inputs: ['pr-comment: true', 'follow-code-pr: true'], on: onTypes('opened, synchronize, reopened') }),
      'triggers',
      'fail',
      /does not run on closed/,
    );
  });

  it('with a merge queue on, a gate the queue never sees is a fail; without one (or rules not read) it is not this check’s', () => {
    const queue = { ...CONTEXT, mergeQueue: true };
    const gate = workflow({ inputs: ['docs-status: written'] }).replace(
      '    if: github.event.pull_request.head.repo.full_name',
      "    if: github.event_name == 'merge_group' || github.event.pull_request.head.repo.full_name",
    );
    expectOneRowFixed(gate, 'triggers', 'fail', /does not run on merge_group/, queue);
    expect(notOk(gate, { ...CONTEXT, mergeQueue: undefined })).toEqual([]);
    // The fork guard alone keeps the queue's event out too: two rows, two fixes.
    const guarded = workflow({ inputs: ['docs-status: written'] });
    const found = notOk(guarded, queue);
    expect(found.map((row) => [row.level, row.found])).toEqual([
      ['fail', 'keeps the documentation gate, but does not run on merge_group'],
      ['fail', 'job docs: its if: keeps merge_group out'],
    ]);
    let files: Record<string, string> = { [FILE]: guarded };
    for (const row of found) files = applyFix(files, row.fix);
    expect(notOk(files[FILE]!, queue)).toEqual([]);
  });

  it('the review loop off pull_request_review is a fail', () => {
    const sync = workflow({ uses: 'sync', inputs: ['review-loop: true'], on: ['on:', '  pull_request:', '    types: [closed, reopened, synchronize]'] });
    expectOneRowFixed(sync, 'triggers', 'fail', /the review loop runs on pull_request_review/);
  });
});

describe('permissions', () => {
  it('a write a step needs and the job is not given is a fail, fixed where the job’s permissions are written', () => {
    expectOneRowFixed(
      workflow({ inputs: ['docs-status: written'], permissions: ['permissions: { contents: read, pull-requests: write }'] }),
      'permissions',
      'fail',
      /docs-status needs statuses: write/,
    );
    expectOneRowFixed(
      workflow({ inputs: ['pr-comment: true'], permissions: ['permissions: { contents: read }'] }),
      'permissions',
      'fail',
      /pr-comment needs pull-requests: write/,
    );
    expectOneRowFixed(
      workflow({ inputs: ['pr-comment: true'], permissions: ['permissions: read-all'] }),
      'permissions',
      'fail',
      /pr-comment needs pull-requests: write/,
    );
    expectOneRowFixed(
      workflow({ inputs: ['pr-comment: true'], permissions: [], job: ['    permissions: { contents: read }'] }),
      'permissions',
      'fail',
      /pr-comment needs pull-requests: write/,
    );
    expect(notOk(workflow({ inputs: ['pr-comment: true', 'docs-status: written'], permissions: ['permissions: write-all'] }))).toEqual([]);
  });

  it("none set at all is a warn: the repository's default may be read-only", () => {
    expectOneRowFixed(workflow({ inputs: ['pr-comment: true'], permissions: [] }), 'permissions', 'warn', /no permissions set/);
  });

  it('the sweep, sync and the doctor need what they write and read', () => {
    const slim = (content: string): string => content.replace('ubuntu-latest', 'ubuntu-slim');
    expectOneRowFixed(
      slim(workflow({ uses: 'sweep', group: 'docs-sweep', permissions: ['permissions: { contents: read }'] })),
      'permissions',
      'fail',
      /the sweep needs pull-requests: write/,
    );
    expectOneRowFixed(
      slim(
        workflow({
          uses: 'sync',
          inputs: ['docs-status: written'],
          permissions: ['permissions: { pull-requests: write }'],
          on: ['on:', '  pull_request:', '    types: [closed]'],
        }),
      ),
      'permissions',
      'fail',
      /docs-status without code-token needs statuses: write/,
    );
    expect(
      notOk(
        slim(
          workflow({
            uses: 'sync',
            inputs: ['docs-status: written', 'code-token: ${{ steps.app.outputs.token }}'],
            permissions: ['permissions: { pull-requests: write }'],
            on: ['on:', '  pull_request:', '    types: [closed]'],
          }),
        ),
      ),
    ).toEqual([]);
    const doctor = [
      'on: schedule',
      'permissions: {}',
      'jobs:',
      '  doctor:',
      '    runs-on: ubuntu-slim',
      '    steps:',
      '      - uses: OWNER/docs-agent-action/doctor@v0',
      '        with:',
      '          api-key: ${{ secrets.MINTLIFY_API_KEY }}',
    ].join('\n');
    expect(notOk(doctor).map((row) => [row.level, row.found])).toEqual([
      [
        'warn',
        'job doctor: reading .github/workflows needs contents: read, which its permissions do not give (a private repository cannot be read without it)',
      ],
      ['warn', 'job doctor: reading the records needs pull-requests: read, which its permissions do not give (a private repository cannot be read without it)'],
    ]);
  });
});

describe('secrets', () => {
  it('a key written in the file is a fail that never shows it, fixed by the secret; one from a variable too; none at all too', () => {
    const literal = 'mint_abcdef0123456789';
    const content = workflow().replace('${{ secrets.MINTLIFY_API_KEY }}', literal);
    const [row] = notOk(content);
    expect(row).toMatchObject({
      check: `${FILE}: secrets`,
      level: 'fail',
      found: 'job docs, step #1: api-key is written in the file (its value is not shown here)',
    });
    expect(JSON.stringify(rows(content))).not.toContain(literal);
    expectOneRowFixed(content, 'secrets', 'fail', /api-key is written in the file/);
    expectOneRowFixed(workflow().replace('${{ secrets.MINTLIFY_API_KEY }}', '${{ vars.MINTLIFY_API_KEY }}'), 'secrets', 'fail', /read from a variable/);
    expectOneRowFixed(workflow().replace('          api-key: ${{ secrets.MINTLIFY_API_KEY }}\n', ''), 'secrets', 'fail', /no api-key/);
    expectOneRowFixed(workflow({ inputs: ['docs-token: ghs_literal0123'] }), 'secrets', 'fail', /docs-token is written in the file/);
  });

  it('a key from a secret, or from another step’s output (a vault), is fine', () => {
    expect(notOk(workflow().replace('${{ secrets.MINTLIFY_API_KEY }}', '${{ steps.vault.outputs.key }}'))).toEqual([]);
  });
});

describe('a fix with what its change needs besides', () => {
  const parsed = (content: string) => {
    const result = parseWorkflow(content);
    if (!result.ok) throw new Error(result.problem);
    return result.workflow;
  };
  const turnOnGate = { op: 'set' as const, path: ['jobs', 'docs', 'steps', 0, 'with', 'docs-status'], value: 'written' };

  it('docs-status turned on brings statuses: write and the waiver’s events (and, under a merge queue, merge_group), so the file applied has nothing to fix', () => {
    const content = workflow({
      inputs: ['pr-comment: true'],
      on: ['on: pull_request'],
      permissions: ['permissions: { contents: read, pull-requests: write }'],
    });
    for (const context of [CONTEXT, { ...CONTEXT, mergeQueue: true }]) {
      const edits = withWhatItNeeds(parsed(content), [turnOnGate], context);
      expect(edits[0]).toEqual(turnOnGate);
      expect(edits.map((edit) => edit.path.join('.'))).toEqual(
        expect.arrayContaining(['permissions.statuses', 'on', ...(context.mergeQueue ? ['on.merge_group', 'jobs.docs.if'] : [])]),
      );
      const fixed = applyFix({ [FILE]: content }, fixText({ file: FILE, edits }))[FILE]!;
      expect(notOk(fixed, context)).toEqual([]);
    }
  });

  it('leaves what the file got wrong before the change to its own rows: only what the change brings is added', () => {
    const content = workflow({ inputs: ['pr-comment: true', 'projectId: x'], permissions: ['permissions: { contents: read, pull-requests: write }'] });
    const edits = withWhatItNeeds(parsed(content), [turnOnGate], CONTEXT);
    expect(edits).toEqual([turnOnGate, { op: 'set', path: ['permissions', 'statuses'], value: 'write' }]);
    expect(withWhatItNeeds(parsed(content), [{ op: 'set', path: ['jobs', 'docs', 'timeout-minutes'], value: 41 }], CONTEXT)).toHaveLength(1);
  });
});
