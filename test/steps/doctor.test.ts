/**
 * `command: doctor` in process (the contract's *`command: doctor`*): against the API simulator and
 * the fake GitHub, with fake time. On every set-up the project documents it says `ok` throughout;
 * with each single mistake, exactly the row that names it, at its level, with a fix that ends it
 * when applied; on files and answers that are not what they should be, a row, never a crash, never
 * the key; and it stays within its reads, one API request, and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/doctor/findings.js';
import { actionSteps } from '../../src/doctor/workflow-checks.js';
import { parseWorkflow, stringInput, type Workflow } from '../../src/doctor/workflow.js';
import { keepsGate } from '../../src/doctor/rules.js';
import { DOCS_PR_MARKER } from '../../src/memory/record.js';
import { DOCTOR_MAX_READS, DOCTOR_MAX_WORKFLOWS } from '../../src/steps/doctor.js';
import { CONTENT_MAX_BYTES, type FakeBranchRule, type FakeGitHub } from '../support/fake-github.js';
import { applyFix } from '../support/doctor-fixes.js';
import { useFlows, type FlowResult, type Flows } from '../support/in-process.js';
import { sealedBackLink } from '../support/records.js';
import { CODE_TOKEN, codePrComment, DOCS, DOCS_TOKEN, linkedDocsPr, recordedDocsPr } from '../support/two-repositories.js';
import { markdownWorkflows, type YamlSource } from '../support/workflows.js';

let flows: Flows;
let github: FakeGitHub;
useFlows({ github: true }, (started) => ({ flows, github } = started));

/** The default branch's commit, whose files the set-up's workflows are. */
const MAIN = 'c0ffee'.padEnd(40, '0');
/** The code repository of a documentation repository's set-up (its workflow runs sync with code-token). */
const CODE_ELSEWHERE = 'acme/code';
/** A GitHub App a ruleset may pin the gate's source to. */
const GATE_APP = 987654;

interface SetUp {
  /** Workflow files by their path from the root. */
  readonly files: Record<string, string>;
  readonly rules?: FakeBranchRule[];
  /** The doctor's own inputs besides the key and the project. */
  readonly inputs?: Record<string, string>;
}

/** Puts a set-up on the fake GitHub: its workflows on main's commit, main's rules. */
function install({ files, rules = [] }: SetUp): void {
  github.files.set(MAIN, files);
  github.branches.set('main', MAIN);
  github.branchRules.set('main', rules);
}

/** Runs the doctor as a runner does (from OWNER/docs-agent-action@v0), on a set-up. */
async function doctor(setUp: SetUp, env: Record<string, string> = {}): Promise<FlowResult & { rows: Finding[] }> {
  install(setUp);
  const result = await flows.run(
    { command: 'doctor', ...setUp.inputs },
    { env: { GITHUB_ACTION_REPOSITORY: 'OWNER/docs-agent-action', GITHUB_ACTION_REF: 'v0', ...env } },
  );
  return { ...result, rows: JSON.parse(result.outputs.doctor ?? '[]') as Finding[] };
}

const notOk = (rows: readonly Finding[]): Finding[] => rows.filter((row) => row.level !== 'ok');

function workflowOf(content: string): Workflow {
  const parsed = parseWorkflow(content);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.workflow;
}

/** The file each workflow of a set-up is at: the first at docs.yml, the others beside it. */
const fileOf = (index: number): string => (index === 0 ? '.github/workflows/docs.yml' : `.github/workflows/docs-${index + 1}.yml`);

/**
 * Documented workflows as one repository's set-up: the rules a repository that keeps its gate has
 * (documentation required, from GitHub Actions or from the app whose token the gate's step
 * passes, and a merge queue), the records of an earlier run where a token is checked against
 * them, and the doctor given the tokens the workflows pass.
 */
function documentedSetUp(...contents: string[]): SetUp {
  const workflows = contents.map(workflowOf);
  const steps = workflows.flatMap((workflow) => actionSteps(workflow));
  const passes = (input: string): boolean => steps.some(({ step }) => stringInput(step, input) !== undefined);
  const inputs: Record<string, string> = {};
  if (passes('docs-token')) {
    github.addRepository(DOCS);
    github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
    recordedDocsPr(github, linkedDocsPr(5));
    inputs['docs-token'] = DOCS_TOKEN;
  } else if (steps.some(({ step }) => stringInput(step, 'follow-code-pr') === 'true')) {
    recordedDocsPr(github, linkedDocsPr(5, { repository: github.workflowRepository }));
  }
  if (passes('code-token')) {
    github.addRepository(CODE_ELSEWHERE);
    github.tokens.set(CODE_TOKEN, {
      login: 'docs-gate[bot]',
      repositories: { [CODE_ELSEWHERE]: { pullRequests: 'write', contents: 'read', statuses: 'write' } },
    });
    const backLink = sealedBackLink({ codePr: { repository: CODE_ELSEWHERE, number: 12 } }, 5, github.workflowRepository);
    codePrComment(github, 800, `${DOCS_PR_MARKER}\nlinked\n${backLink}`, { number: 5 });
    inputs['code-token'] = CODE_TOKEN;
  }
  const gateToken = steps.some(({ step }) => stringInput(step, 'docs-status') !== undefined && stringInput(step, 'github-token') !== undefined);
  const rules: FakeBranchRule[] = workflows.some((workflow) => keepsGate(workflow))
    ? [{ type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: gateToken ? GATE_APP : 15368 }] }, { type: 'merge_queue' }]
    : [];
  return { files: Object.fromEntries(contents.map((content, index) => [fileOf(index), content])), rules, inputs };
}

/** A documented workflow by its guide and number (`docs/detached.md example 1`). */
function documentedWorkflow(name: string): YamlSource {
  const found = markdownWorkflows.find((each) => each.name.startsWith(`${name}:`));
  if (!found) throw new Error(`No documented workflow ${name}`);
  return found;
}

/**
 * The documented workflows a guide gives as one set-up: the first runs only with the others beside
 * it (documentation held for the release needs the release's workflow). Each is also a set-up alone
 * where it can be one.
 */
const TOGETHER: ReadonlyArray<readonly [string, readonly string[]]> = [['docs/release-aware.md example 1', ['docs/release-aware.md example 2']]];

/** Every documented set-up that runs this action: each documented workflow alone, or with the workflows its guide gives beside it. */
const documented: ReadonlyArray<{ readonly name: string; readonly contents: readonly string[] }> = markdownWorkflows
  .filter(({ content }) => actionSteps(workflowOf(content)).length > 0)
  .map(({ name, content }) => {
    const together = TOGETHER.find(([first]) => name.startsWith(`${first}:`));
    const others = (together?.[1] ?? []).map(documentedWorkflow);
    return { name: [name, ...others.map((other) => other.name)].join(' with '), contents: [content, ...others.map((other) => other.content)] };
  });

describe("the project's own set-ups", () => {
  it('are every documented workflow that runs this action', () => {
    // The doctor finds this action's steps in every documented workflow that names it.
    expect(documented).toHaveLength(markdownWorkflows.filter(({ content }) => content.includes('/docs-agent-action')).length);
    expect(documented.length).toBeGreaterThanOrEqual(20);
    expect(documented.map(({ name }) => name)).toContainEqual(
      expect.stringMatching(/^docs\/release-aware\.md example 1: .* with docs\/release-aware\.md example 2: /),
    );
  });

  it.each(documented)('$name: ok throughout, within its reads and one API request, writing nothing', async ({ contents }) => {
    const run = await doctor(documentedSetUp(...contents));
    expect(notOk(run.rows)).toEqual([]);
    expect(run.outputs.outcome).toBe('checked');
    expect(run.failed).toBe(false);
    // Every repository the doctor reached (the documentation and the code repository included) was only read.
    expect(github.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(github.requests.length).toBeLessThanOrEqual(DOCTOR_MAX_READS);
    expect(flows.sim.requests).toHaveLength(1);
    expect(run.outputs.requests).toBe('1');
    expect(run.summary).toContain(`${github.requests.length} GitHub reads, 1 API request; nothing was written.`);
  });
});

/** The documented set-ups the single mistakes are made in: the README's quick start, and the guides' workflows. */
const QUICK_START = markdownWorkflows.find(({ name }) => name.startsWith('README.md example') && name.endsWith(': quick start'))!.content;
const DETACHED = documentedWorkflow('docs/detached.md example 1').content;
const FOLLOWING = documentedWorkflow('docs/follow-code-pr.md example 1').content;
const GATE_ELSEWHERE = documentedWorkflow('docs/documentation-gate.md example 2').content;
const CODE_PR_IN_STEP = documentedWorkflow('docs/documentation-gate.md example 3').content;
const REVIEW_LOOP = documentedWorkflow('docs/review-loop.md example 1').content;
const HELD_FOR_RELEASE = documentedWorkflow('docs/release-aware.md example 1').content;
const RELEASE = documentedWorkflow('docs/release-aware.md example 2').content;
/** The detached set-up's start with neither the comment nor the gate: `wait: false` alone (and the sweep as documented). */
const DETACHED_PLAIN = DETACHED.replace(/ {10}pr-comment: true\n {10}reuse-job: true\n {10}follow-code-pr: true\n {10}docs-status: written\n/, '');
/** A key the API does not know, and a project it does not have. */
const UNKNOWN_KEY = 'mint_notAKeyTheApiKnows42';
const WORKFLOW = '.github/workflows/docs.yml';

/**
 * One mistake of a set-up: what it breaks, the row it gives, and, for a fix that is not a file's
 * (a ruleset, a token's reach, the doctor's own input), how a person applies it.
 */
interface Mistake {
  readonly name: string;
  readonly setUp: () => SetUp;
  readonly row: { readonly check: string; readonly level: 'warn' | 'fail'; readonly found: RegExp };
  readonly applyOutside?: (setUp: SetUp) => SetUp;
  readonly fault?: () => void;
}

const withFile = (content: string, more: Partial<SetUp> = {}): SetUp => ({ ...documentedSetUp(content), ...more });

const MISTAKES: readonly Mistake[] = [
  {
    name: 'the quick start without pull-requests: write, which its comment needs',
    setUp: () => withFile(QUICK_START.replace('permissions: { contents: read, pull-requests: write }', 'permissions: { contents: read }')),
    row: { check: `${WORKFLOW}: permissions`, level: 'fail', found: /pr-comment needs pull-requests: write/ },
  },
  {
    name: 'the quick start with reuse-job and no pr-comment (a notice every run)',
    setUp: () => withFile(QUICK_START.replace(/ {10}pr-comment: true.*\n/, '')),
    row: { check: `${WORKFLOW}: inputs`, level: 'warn', found: /reuse-job keeps its memory in the pull-request comment/ },
  },
  {
    name: 'the quick start with its key written in the file',
    setUp: () => withFile(QUICK_START.replace('${{ secrets.MINTLIFY_API_KEY }}', 'mint_writtenInTheFile0123')),
    row: { check: `${WORKFLOW}: secrets`, level: 'fail', found: /api-key is written in the file \(its value is not shown here\)/ },
  },
  {
    name: 'the quick start without its fork guard',
    setUp: () => withFile(QUICK_START.replace(/ {4}if: github\.event\.pull_request\.head\.repo\.full_name == github\.repository\n/, '')),
    row: { check: `${WORKFLOW}: fork guard`, level: 'warn', found: /runs for pull requests from forks/ },
  },
  {
    name: 'the quick start without queue: max',
    setUp: () => withFile(QUICK_START.replace(', queue: max }', ' }')),
    row: { check: `${WORKFLOW}: concurrency`, level: 'warn', found: /no queue: max/ },
  },
  {
    name: 'the quick start with a timeout-minutes below its step’s timeout',
    setUp: () => withFile(QUICK_START.replace('timeout-minutes: 40', 'timeout-minutes: 30')),
    row: { check: `${WORKFLOW}: runner`, level: 'fail', found: /waits up to 31 min, but timeout-minutes is 30/ },
  },
  {
    name: 'a step that pastes the pull request’s title into its script',
    setUp: () => withFile(`${QUICK_START.trimEnd()}\n      - run: echo "\${{ github.event.pull_request.title }}"\n`),
    row: { check: `${WORKFLOW}: scripts`, level: 'fail', found: /text from outside that runs as code/ },
  },
  {
    name: 'the detached set-up without the waiver’s labeled and unlabeled',
    setUp: () => withFile(DETACHED.replace(', labeled, unlabeled]', ']')),
    row: { check: `${WORKFLOW}: triggers`, level: 'warn', found: /lists neither labeled nor unlabeled/ },
  },
  {
    name: 'the detached set-up without closed, which follow-code-pr needs',
    setUp: () =>
      withFile(DETACHED.replace('[opened, synchronize, reopened, closed, labeled, unlabeled]', '[opened, synchronize, reopened, labeled, unlabeled]')),
    row: { check: `${WORKFLOW}: triggers`, level: 'fail', found: /does not run on closed/ },
  },
  {
    name: 'the detached set-up off merge_group, under a merge queue',
    setUp: () => withFile(DETACHED.replace(/ {2}merge_group:\n.*\n/, '')),
    row: { check: `${WORKFLOW}: triggers`, level: 'fail', found: /does not run on merge_group/ },
  },
  {
    name: 'the detached set-up without its sweep',
    setUp: () => withFile(DETACHED.slice(0, DETACHED.indexOf('  sweep:\n'))),
    row: { check: 'detached runs', level: 'fail', found: /no workflow runs command: sweep/ },
  },
  {
    name: 'the detached set-up, its sweep on no schedule',
    setUp: () => withFile(DETACHED.replace(/ {2}schedule:\n.*\n/, '')),
    row: { check: 'detached runs', level: 'warn', found: /on the documentation PR's opening but on no schedule/ },
  },
  {
    name: 'the detached set-up with no rule that requires its documentation status',
    setUp: () => withFile(DETACHED, { rules: [] }),
    row: { check: 'branch rules', level: 'warn', found: /no rule of main requires it/ },
    applyOutside: (setUp) => ({ ...setUp, rules: [{ type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: 15368 }] }] }),
  },
  {
    name: 'documentation required from an app the gate does not write with',
    setUp: () => withFile(DETACHED, { rules: [{ type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: GATE_APP }] }] }),
    row: { check: 'branch rules', level: 'fail', found: /counts only the documentation statuses of app 987654/ },
    applyOutside: (setUp) => ({ ...setUp, rules: [{ type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: 15368 }] }] }),
  },
  {
    name: 'a docs-token that reaches nothing',
    setUp: () => {
      const setUp = withFile(FOLLOWING);
      github.repositories.get(DOCS)!.private = true;
      github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: {} });
      return setUp;
    },
    row: { check: 'docs-token', level: 'fail', found: /^cannot read acme-sim\/docs, where the documentation PRs are: / },
    applyOutside: (setUp) => {
      github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
      return setUp;
    },
  },
  {
    name: 'the docs-token the workflows pass, not given to the doctor',
    setUp: () => ({ ...withFile(FOLLOWING), inputs: {} }),
    row: { check: 'docs-token', level: 'warn', found: /this doctor was not given it/ },
    applyOutside: (setUp) => ({ ...setUp, inputs: { 'docs-token': DOCS_TOKEN } }),
  },
  {
    name: 'a key the API does not know',
    setUp: () => withFile(QUICK_START, { inputs: { 'api-key': UNKNOWN_KEY } }),
    row: { check: 'api-key and project-id', level: 'fail', found: /^the key was refused \(401\)/ },
    applyOutside: (setUp) => ({ ...setUp, inputs: {} }),
  },
  {
    name: 'a project the API does not have',
    setUp: () => withFile(QUICK_START, { inputs: { 'project-id': 'proj_nowhere' } }),
    row: { check: 'api-key and project-id', level: 'fail', found: /^project "proj_nowhere" was not found \(404\)/ },
    applyOutside: (setUp) => ({ ...setUp, inputs: {} }),
  },
  {
    name: 'the quick start on ubuntu-slim, whose 15 minutes its wait outlasts',
    setUp: () => withFile(QUICK_START.replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-slim')),
    row: { check: `${WORKFLOW}: runner`, level: 'fail', found: /waits on the agent, but runs on "ubuntu-slim", not ubuntu-latest/ },
  },
  {
    name: 'a rule that requires documentation, and no workflow that writes it',
    setUp: () => withFile(QUICK_START, { rules: [{ type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: 15368 }] }] }),
    row: { check: 'branch rules', level: 'fail', found: /requires documentation, but no workflow of this repository writes it/ },
  },
  {
    name: 'a rule that requires documentation under a merge queue, and no workflow that writes it',
    setUp: () =>
      withFile(QUICK_START, {
        rules: [{ type: 'required_status_checks', checks: [{ context: 'documentation', integrationId: 15368 }] }, { type: 'merge_queue' }],
      }),
    row: { check: 'branch rules', level: 'fail', found: /requires documentation, but no workflow of this repository writes it/ },
  },
  {
    name: 'the detached start without pr-comment, which wait: false with docs-status brings with a notice every run',
    setUp: () => withFile(DETACHED.replace(/ {10}pr-comment: true\n/, '')),
    row: { check: `${WORKFLOW}: inputs`, level: 'warn', found: /wait: false with docs-status keep its memory in the pull-request comment/ },
  },
  {
    name: 'a detached start with neither the comment nor the gate: no sweep can find its job',
    setUp: () => withFile(DETACHED_PLAIN),
    row: { check: `${WORKFLOW}: inputs`, level: 'warn', found: /wait: false without pr-comment: no comment records the job/ },
  },
  {
    name: 'the detached start on ubuntu-latest, though it waits for nothing',
    setUp: () => withFile(DETACHED.replace('runs-on: ubuntu-slim # the start waits for nothing', 'runs-on: ubuntu-latest')),
    row: { check: `${WORKFLOW}: runner`, level: 'warn', found: /job start: never waits on the agent, but runs on "ubuntu-latest", not ubuntu-slim/ },
  },
  {
    name: 'the detached sweep’s job without pull-requests: write',
    setUp: () =>
      withFile(
        DETACHED.replace(
          '    runs-on: ubuntu-slim\n    timeout-minutes: 5\n    steps:\n      - uses: OWNER/docs-agent-action/sweep@v0',
          '    permissions: { contents: read, statuses: write }\n    runs-on: ubuntu-slim\n    timeout-minutes: 5\n    steps:\n      - uses: OWNER/docs-agent-action/sweep@v0',
        ),
      ),
    row: { check: `${WORKFLOW}: permissions`, level: 'fail', found: /job sweep: the sweep needs pull-requests: write/ },
  },
  {
    name: 'the detached sweep without the starts’ docs-status: their pending is never finished',
    setUp: () => withFile(`${DETACHED.slice(0, DETACHED.lastIndexOf('          docs-status: written'))}`),
    row: { check: 'detached runs', level: 'fail', found: /leaves the documentation status pending, but no sweep has docs-status/ },
  },
  {
    name: 'the gate without statuses: write',
    setUp: () => withFile(GATE_ELSEWHERE.replace(/^ {2}statuses: write\n/m, '')),
    row: { check: `${WORKFLOW}: permissions`, level: 'fail', found: /docs-status needs statuses: write/ },
  },
  {
    name: 'the review loop off pull_request_review',
    setUp: () => withFile(REVIEW_LOOP.replace('  pull_request_review:\n    types: [submitted]\n', '  pull_request:\n    types: [closed, reopened]\n')),
    row: { check: `${WORKFLOW}: triggers`, level: 'fail', found: /the review loop runs on pull_request_review \(submitted\), which this workflow does not/ },
  },
  {
    name: 'documentation held for the release, and no workflow that releases it',
    setUp: () => documentedSetUp(HELD_FOR_RELEASE),
    row: { check: 'release', level: 'fail', found: /hold.* documentation for the release \(docs-publish: on-release\), but no workflow runs command: release/ },
  },
  {
    name: 'the release workflow off release: published',
    setUp: () => documentedSetUp(HELD_FOR_RELEASE, RELEASE.replace('  release:\n    types: [published]\n', '')),
    row: { check: 'release', level: 'fail', found: /runs command: release, but not on release: published/ },
  },
  {
    name: 'a code-token that reaches nothing',
    setUp: () => {
      const setUp = withFile(CODE_PR_IN_STEP);
      github.tokens.set(CODE_TOKEN, { login: 'docs-gate[bot]', repositories: {} });
      github.repositories.get(CODE_ELSEWHERE)!.private = true;
      return setUp;
    },
    row: { check: 'code-token', level: 'fail', found: /^cannot read acme\/code, where the code PRs are/ },
    applyOutside: (setUp) => {
      github.tokens.set(CODE_TOKEN, {
        login: 'docs-gate[bot]',
        repositories: { [CODE_ELSEWHERE]: { pullRequests: 'write', contents: 'read', statuses: 'write' } },
      });
      return setUp;
    },
  },
  {
    name: 'a plan without API access',
    setUp: () => withFile(QUICK_START),
    fault: () => flows.sim.injectFault({ target: 'visitors', kind: 'status', status: 401, body: { error: 'Your plan does not include API access' } }),
    row: { check: 'api-key and project-id', level: 'fail', found: /^the organisation's plan does not include API access/ },
  },
];

describe('each single mistake: exactly its row, at its level, with a fix that works when applied', () => {
  it.each(MISTAKES)('$name', async ({ setUp, row, applyOutside, fault }) => {
    const broken = setUp();
    fault?.();
    const run = await doctor(broken);
    expect(notOk(run.rows)).toEqual([{ check: row.check, level: row.level, found: expect.stringMatching(row.found), fix: expect.any(String) }]);
    expect(run.failed).toBe(row.level === 'fail');
    if (row.level === 'fail') expect(run.failures).toEqual([`The doctor found 1 thing that will not work: ${row.check}.`]);
    // Never the key, the one the doctor was given or the one the API knows, wherever the run wrote.
    const everything = JSON.stringify([run.outputs, run.summary, run.failures, run.log.lines]);
    for (const key of [flows.sim.apiKey, broken.inputs?.['api-key']].filter(Boolean)) expect(everything).not.toContain(key);
    const [found] = notOk(run.rows);
    const fixed = applyOutside ? applyOutside(broken) : { ...broken, files: applyFix(broken.files, found!.fix) };
    if (!applyOutside && !fault) expect(fixed.files).not.toEqual(broken.files);
    const again = await doctor(fixed);
    expect(notOk(again.rows)).toEqual([]);
  });

  it('the key written in a workflow file is never shown: not in an output, the summary, the log or the failure', async () => {
    const literal = 'mint_writtenInTheFile0123';
    const run = await doctor(withFile(QUICK_START.replace('${{ secrets.MINTLIFY_API_KEY }}', literal)));
    const everything = JSON.stringify([run.outputs, run.summary, run.failures, run.log]);
    expect(everything).not.toContain(literal);
    expect(everything).not.toContain(flows.sim.apiKey);
  });
});

describe('files and answers that are not what they should be: a row, never a crash', () => {
  it('a file that is not YAML, and one over 1 MB (never read), are each a warn; the others are checked', async () => {
    const run = await doctor({
      ...withFile(QUICK_START),
      files: {
        [WORKFLOW]: QUICK_START,
        '.github/workflows/broken.yml': 'on: [push\njobs: {',
        '.github/workflows/huge.yml': { size: CONTENT_MAX_BYTES + 1 } as unknown as string,
      },
    });
    expect(notOk(run.rows).map((row) => [row.check, row.level])).toEqual([
      ['.github/workflows/broken.yml: YAML', 'warn'],
      ['.github/workflows/huge.yml: file', 'warn'],
    ]);
    expect(notOk(run.rows)[1]!.found).toBe(`over 1 MB (${CONTENT_MAX_BYTES + 1} bytes): not read, not checked`);
    expect(github.callsTo('file-content').map((call) => call.path)).not.toContainEqual(expect.stringContaining('huge.yml?'));
    expect(run.outputs.outcome).toBe('checked');
  });

  it('more than fifty workflows: the first fifty by name read, a warn names the rest; the reads stay within the bound, one API request', async () => {
    const files: Record<string, string> = { [WORKFLOW]: QUICK_START };
    for (let n = 0; n < 55; n++)
      files[`.github/workflows/z${String(n).padStart(2, '0')}.yml`] = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-slim\n    steps: [{ run: "true" }]\n';
    const run = await doctor({ ...withFile(QUICK_START), files });
    expect(notOk(run.rows).map((row) => [row.check, row.level, row.found])).toEqual([
      ['workflows', 'warn', expect.stringMatching(/holds 56 workflow files: the first 50 by name were read, not .*z49\.yml, .*z54\.yml$/)],
    ]);
    const reads = github.requests.filter((request) => request.method === 'GET' || request.call === 'identity');
    expect(github.callsTo('file-content')).toHaveLength(1 + DOCTOR_MAX_WORKFLOWS);
    expect(reads.length).toBeLessThanOrEqual(DOCTOR_MAX_READS);
    expect(DOCTOR_MAX_READS).toBeLessThanOrEqual(60);
    expect(github.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(run.outputs.requests).toBe('1');
    expect(flows.sim.requests).toHaveLength(1);
    expect(run.summary).toContain(`${reads.length} GitHub reads, 1 API request; nothing was written.`);
  });

  it('no workflows folder, and none that runs this action, are each a warn', async () => {
    const none = await doctor({ files: { 'README.md': '# hi' } });
    expect(notOk(none.rows).map((row) => [row.check, row.level, row.found])).toEqual([['workflows', 'warn', 'there is no .github/workflows on main']]);
    const other = await doctor({ files: { '.github/workflows/ci.yml': 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: [{ run: "true" }]\n' } });
    expect(notOk(other.rows).map((row) => [row.check, row.level, row.found])).toEqual([
      ['workflows', 'warn', 'none of the 1 workflow of .github/workflows on main runs this action'],
    ]);
  });

  it("a reusable workflow is a warn that says its callers' triggers are not checked with it; a job calling one is no crash", async () => {
    const reusable = QUICK_START.replace(/^on: pull_request$/m, 'on: workflow_call');
    const caller =
      'on: pull_request\njobs:\n  docs:\n    uses: ./.github/workflows/reusable.yml\n    secrets: inherit\n  remote:\n    uses: acme/shared/.github/workflows/docs.yml@v1\n';
    const run = await doctor({ files: { '.github/workflows/reusable.yml': reusable, '.github/workflows/caller.yml': caller } });
    expect(notOk(run.rows).map((row) => [row.check, row.level])).toEqual([['.github/workflows/reusable.yml: reusable', 'warn']]);
    expect(run.rows.map((row) => row.check)).not.toContain('.github/workflows/reusable.yml: triggers');
  });

  it('a step pinned to a commit is checked like any other; a fork’s copy of the action is a warn', async () => {
    const pinned = QUICK_START.replace('OWNER/docs-agent-action/agent@v0', `OWNER/docs-agent-action/agent@${'a'.repeat(40)}`);
    expect(notOk((await doctor(withFile(pinned))).rows)).toEqual([]);
    const copy = QUICK_START.replace('OWNER/docs-agent-action/agent@v0', 'someone/docs-agent-action/agent@v0');
    expect(notOk((await doctor(withFile(copy))).rows).map((row) => [row.check, row.level])).toEqual([[`${WORKFLOW}: uses`, 'warn']]);
  });

  it.each([403, 404])('rules that cannot be read (%i) are a warn; the rest is checked', async (status) => {
    github.injectFault({ call: 'branch-rules', kind: 'status', status });
    const run = await doctor(withFile(DETACHED));
    expect(notOk(run.rows).map((row) => [row.check, row.level])).toEqual([['branch rules', 'warn']]);
    expect(notOk(run.rows)[0]!.found).toMatch(new RegExp(`could not read the rules of main: .*${status}`));
    expect(run.outputs.outcome).toBe('checked');
  });

  it('a repository github-token cannot read: its fail row, outcome error, and nothing else read', async () => {
    github.injectFault({ call: 'repository', kind: 'status', status: 404 });
    const run = await doctor(withFile(QUICK_START));
    expect(run.rows.map((row) => [row.check, row.level])).toEqual([
      ['api-key and project-id', 'ok'],
      ['github-token', 'fail'],
    ]);
    expect(run.outputs.outcome).toBe('error');
    expect(run.failures).toEqual(['github-token cannot read acme/widgets: nothing of it could be checked.']);
    expect(github.requests.map((request) => request.call)).toEqual(['repository']);
  });

  it('an answer GitHub sends about a workflow file that is not one (a 500 after retries) is a warn for that file', async () => {
    github.injectFault({ call: 'file-content', kind: 'status', status: 500, skip: 1, times: 5 });
    const run = await doctor({ ...withFile(QUICK_START), inputs: { retries: '0' } });
    expect(notOk(run.rows).map((row) => [row.check, row.level])).toEqual([[`${WORKFLOW}: file`, 'warn']]);
  });

  /** A job of this action with `lines` in place of what GitHub's schema would have there. */
  const oddJob = (...lines: string[]): string =>
    ['on: pull_request', 'jobs:', '  docs:', '    runs-on: ubuntu-latest', '    steps:', '      - uses: OWNER/docs-agent-action/agent@v0', ...lines].join('\n');
  it.each([
    ['an empty file', ''],
    ['a list, not a map', '- on: push\n'],
    ['jobs as a list', 'on: push\njobs: [1, 2]\n'],
    ['two documents', 'on: push\n---\njobs: {}\n'],
    ['a job that is a number, steps that are a map', 'on: pull_request\njobs:\n  a: 5\n  b:\n    runs-on: ubuntu-latest\n    steps: { a: 1 }\n'],
    ['with: as a string', oddJob('        with: api-key')],
    ['with: as a list', oddJob('        with: [api-key, project-id]')],
    ['uses: as a number, run: as a map', 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: 5\n      - run: { a: 1 }\n'],
    [
      'if:, permissions and concurrency as maps and lists',
      `${oddJob('        with: { api-key: "${{ secrets.K }}", docs-status: written }')}\n    if: { a: 1 }\n    permissions: [read]\n    concurrency: { group: { a: 1 }, queue: [max] }\n`,
    ],
    [
      'runs-on as a map, timeout-minutes as words, on: types as a number',
      `${oddJob('        with: { api-key: "${{ secrets.K }}" }')}\n    timeout-minutes: soon\n`
        .replace('on: pull_request', 'on: { pull_request: { types: 5 }, merge_group: [1] }')
        .replace('runs-on: ubuntu-latest', 'runs-on: { group: big }'),
    ],
    [
      'anchors, aliases and a merge key',
      'x: &with { api-key: "${{ secrets.K }}" }\non: push\njobs:\n  a: &job\n    runs-on: ubuntu-slim\n    steps:\n      - uses: OWNER/docs-agent-action/visitors@v0\n        with: { <<: *with, project-id: p }\n  b: *job\n',
    ],
    [
      'a thousand aliases of one list',
      `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: [${Array.from({ length: 1000 }, () => '*a').join(', ')}]\non: push\njobs: {}\n`,
    ],
  ])('a workflow file with %s: rows, never a crash', async (_, content) => {
    const run = await doctor({ files: { [WORKFLOW]: content } });
    expect(run.outputs.outcome).toBe('checked');
    expect(run.rows.length).toBeGreaterThan(2);
    for (const row of run.rows) expect(['ok', 'warn', 'fail']).toContain(row.level);
    expect(run.failures.every((line) => line.startsWith('The doctor found '))).toBe(true);
    // A map where GitHub wants text is said as what it is, never as JavaScript's name for it.
    expect(JSON.stringify(run.rows)).not.toContain('[object Object]');
  });

  it('dry-run reads GitHub, sends nothing to the API, and says the key was not checked', async () => {
    const run = await doctor({ ...withFile(QUICK_START), inputs: { 'dry-run': 'true' } });
    expect(notOk(run.rows).map((row) => [row.check, row.level])).toEqual([['api-key and project-id', 'warn']]);
    expect(flows.sim.requests).toEqual([]);
    expect(run.outputs.requests).toBe('0');
  });
});
