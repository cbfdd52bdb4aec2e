/**
 * The doctor's rows and the fixes they give (src/doctor/findings.ts): one line a person can apply,
 * and that test/support/doctor-fixes.ts applies from its text alone.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyEdits, fixText, ok, pathText, problem, valueText, worst, type Edit } from '../../src/doctor/findings.js';
import { applyFix, editsOf } from '../support/doctor-fixes.js';

describe('a fix in words, and applied from them', () => {
  it('writes paths from the file’s root and values as one line of YAML', () => {
    expect(pathText(['jobs', 'docs', 'steps', 0, 'with', 'pr-comment'])).toBe('jobs.docs.steps[0].with.pr-comment');
    expect(pathText([])).toBe('(the whole file)');
    expect(valueText('write')).toBe('write');
    expect(valueText(true)).toBe('true');
    expect(valueText(['opened', 'labeled'])).toBe('[ opened, labeled ]');
    expect(valueText({ group: 'docs-${{ github.ref }}', queue: 'max' })).toBe('{ group: "docs-${{ github.ref }}", queue: max }');
    expect(valueText("!github.event.pull_request || github.event_name == 'merge_group'")).toBe(
      '"!github.event.pull_request || github.event_name == \'merge_group\'"',
    );
  });

  it('names the file, then each edit, then what to do outside it; a value holding a backtick gets a longer fence', () => {
    const text = fixText({
      file: '.github/workflows/docs.yml',
      edits: [
        { op: 'set', path: ['jobs', 'docs', 'permissions', 'statuses'], value: 'write' },
        { op: 'add', path: ['on', 'pull_request', 'types'], value: 'unlabeled' },
        { op: 'remove', path: ['jobs', 'docs', 'steps', 0, 'with', 'projectId'] },
        { op: 'set', path: ['jobs', 'docs', 'steps', 1, 'run'], value: 'echo `date`' },
      ],
      then: 'Add the secret.',
    });
    expect(text).toBe(
      '.github/workflows/docs.yml: set `jobs.docs.permissions.statuses` to `write`; add `unlabeled` to `on.pull_request.types`; remove `jobs.docs.steps[0].with.projectId`; set `jobs.docs.steps[1].run` to `` echo `date` ``. Add the secret.',
    );
    expect(editsOf(text)).toEqual({
      file: '.github/workflows/docs.yml',
      edits: [
        { op: 'set', path: ['jobs', 'docs', 'permissions', 'statuses'], value: 'write' },
        { op: 'add', path: ['on', 'pull_request', 'types'], value: 'unlabeled' },
        { op: 'remove', path: ['jobs', 'docs', 'steps', 0, 'with', 'projectId'] },
        { op: 'set', path: ['jobs', 'docs', 'steps', 1, 'run'], value: 'echo `date`' },
      ],
    });
    expect(fixText({ then: 'Make a new key.' })).toBe('Make a new key.');
    expect(editsOf('Make a new key.')).toBeUndefined();
  });

  it('applied, changes only what it names, and makes a file that is new', () => {
    const files = { 'w.yml': 'on:\n  pull_request:\n    types: [opened] # the code PR\njobs:\n  docs:\n    runs-on: ubuntu-latest\n' };
    const fixed = applyFix(files, 'w.yml: add `closed` to `on.pull_request.types`; set `jobs.docs.timeout-minutes` to `40`.');
    expect(fixed['w.yml']).toBe(
      'on:\n  pull_request:\n    types: [ opened, closed ] # the code PR\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    timeout-minutes: 40\n',
    );
    const made = applyFix(files, 'new.yml: set `(the whole file)` to `{ on: push, jobs: {} }`.');
    expect(made['new.yml']).toBe('on: push\njobs: {}\n');
    expect(applyFix(files, 'Do it by hand.')).toEqual(files);
  });
});

describe('edits made to a parsed file (what a fix leaves, for the checks of what it needs besides)', () => {
  const TEXT =
    'on:\n  pull_request:\n    types: [opened]\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: OWNER/docs-agent-action/agent@v0\n        with: { api-key: x, projectId: y }\n';

  it('leave the file as the fix applied from its words leaves it', () => {
    const edits: Edit[] = [
      { op: 'add', path: ['on', 'pull_request', 'types'], value: 'closed' },
      { op: 'set', path: ['jobs', 'docs', 'permissions', 'statuses'], value: 'write' },
      { op: 'remove', path: ['jobs', 'docs', 'steps', 0, 'with', 'projectId'] },
      { op: 'set', path: ['jobs', 'docs', 'steps', 0, 'with', 'docs-status'], value: 'written' },
      { op: 'set', path: ['on', 'merge_group'], value: { types: ['checks_requested'] } },
    ];
    const inWords = applyFix({ 'w.yml': TEXT }, fixText({ file: 'w.yml', edits }))['w.yml']!;
    expect(applyEdits(parse(TEXT), edits)).toEqual(parse(inWords));
  });

  it('make the maps and lists a path goes through, append to a list there is not yet, and never change what they were given', () => {
    const file = parse(TEXT) as unknown;
    const before = structuredClone(file);
    expect(
      applyEdits(file, [
        { op: 'set', path: ['jobs', 'sweep', 'steps', 0, 'uses'], value: 'x' },
        { op: 'add', path: ['on', 'schedule'], value: { cron: '17 * * * *' } },
      ]),
    ).toMatchObject({
      on: { pull_request: { types: ['opened'] }, schedule: [{ cron: '17 * * * *' }] },
      jobs: { sweep: { steps: [{ uses: 'x' }] } },
    });
    expect(file).toEqual(before);
    expect(applyEdits(file, [{ op: 'set', path: [], value: { on: 'push' } }])).toEqual({ on: 'push' });
  });

  it('take out a list item or a key, and leave a path that is not there as it is, whatever the file’s shape', () => {
    expect(applyEdits({ a: [1, 2, 3] }, [{ op: 'remove', path: ['a', 1] }])).toEqual({ a: [1, 3] });
    expect(applyEdits({ a: 'x' }, [{ op: 'remove', path: ['a', 'b', 'c'] }])).toEqual({ a: 'x' });
    expect(applyEdits('not a map', [{ op: 'set', path: ['on'], value: 'push' }])).toEqual({ on: 'push' });
    expect(applyEdits(null, [{ op: 'remove', path: ['on'] }])).toBeNull();
  });
});

describe('rows', () => {
  it('an ok row has no fix; the worst level of rows', () => {
    expect(ok('github-token', 'reads acme/widgets')).toEqual({ check: 'github-token', level: 'ok', found: 'reads acme/widgets', fix: '' });
    expect(problem('c', 'warn', 'f', { then: 'x' })).toEqual({ check: 'c', level: 'warn', found: 'f', fix: 'x' });
    expect(worst([ok('a', ''), problem('b', 'warn', '', {}), problem('c', 'fail', '', {})])).toBe('fail');
    expect(worst([ok('a', ''), problem('b', 'warn', '', {})])).toBe('warn');
    expect(worst([])).toBe('ok');
  });
});
