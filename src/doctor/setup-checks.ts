import { GATE_CONTEXT, Inputs } from '../constants.js';
import { ok, problem, type Edit, type Finding } from './findings.js';
import { addTrigger, keepsGate, keepsGateStep } from './rules.js';
import { stepName } from './scripts.js';
import { actionSteps, withWhatItNeeds, writesWithWorkflowToken, type ActionStep, type FileContext } from './workflow-checks.js';
import { DEFAULT_PULL_REQUEST_TYPES, isFalse, keepsDocsStatus, runsOnType, stringInput, triggersOf, type ReadOptions, type Workflow } from './workflow.js';

/**
 * The checks only the set-up as a whole can answer: detached starts and the sweep that finishes
 * them, documentation held for a release and the workflow that releases it, and the branch rules
 * of the default branch against the workflows that keep the gate.
 */

/** A workflow file that parsed, by its path. */
export interface WorkflowOf {
  readonly file: string;
  readonly workflow: Workflow;
}

/** What the default branch's rules say, as far as the checks need: its required checks and whether a merge queue is on. */
export interface BranchRules {
  readonly branch: string;
  readonly requiredChecks: ReadonlyArray<{ readonly context: string; readonly integrationId?: number }>;
  readonly mergeQueue: boolean;
}

/** GitHub Actions, as a required check's `integration_id` names it: the source of a status written with `GITHUB_TOKEN`. */
export const GITHUB_ACTIONS_APP_ID = 15368;

/** The fixes' own sweep and release workflows, made of the action the set-up runs. */
const SWEEP_FILE = '.github/workflows/docs-sweep.yml';
const RELEASE_FILE = '.github/workflows/docs-release.yml';
const KEY = '${{ secrets.MINTLIFY_API_KEY }}';
const PROJECT = '${{ vars.MINTLIFY_PROJECT_ID }}';

interface Located extends ActionStep {
  readonly file: string;
  readonly workflow: Workflow;
}

function located(workflows: readonly WorkflowOf[], options: ReadOptions): Located[] {
  return workflows.flatMap(({ file, workflow }) => actionSteps(workflow, options).map((each) => ({ ...each, file, workflow })));
}

const onPullRequests = (workflow: Workflow): boolean => ['pull_request', 'pull_request_target'].some((event) => triggersOf(workflow).has(event));
const named = (each: Located): string => `${each.file} (job ${each.job}, step ${stepName(each.step, each.index)})`;

/** The `uses:` of another sub-action of the same action as a step's: its folder replaced. */
function sibling(each: Located, command: string): string {
  const { action } = each;
  return action.repository ? `${action.repository}/${command}@${action.ref}` : `./${command}`;
}

/** The inputs a sweep or a release step shares with the start whose work it finishes. */
function sharedInputs(each: Located, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = stringInput(each.step, name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * Detached starts (`wait: false` on a pull request's events) and the sweep that finishes them: a
 * sweep on a schedule (the backstop: a job that ends without a documentation PR has no opening to
 * wake one) and with the starts' `docs-status`, or their `pending` is never finished.
 */
export function detachedRunChecks(workflows: readonly WorkflowOf[], options: FileContext = { mergeQueue: undefined }): Finding[] {
  const steps = located(workflows, options);
  const starts = steps.filter((each) => each.action.command === 'agent' && isFalse(each.step.with?.[Inputs.Wait]) && onPullRequests(each.workflow));
  if (starts.length === 0) return [];
  const check = 'detached runs';
  const sweeps = steps.filter((each) => each.action.command === 'sweep');
  const start = starts[0]!;
  if (sweeps.length === 0) {
    const workflow = {
      name: 'Documentation sweep',
      on: { schedule: [{ cron: '17 * * * *' }], workflow_dispatch: null },
      permissions: { contents: 'read', 'pull-requests': 'write', ...(keepsDocsStatus(start.step) ? { statuses: 'write' } : {}) },
      concurrency: { group: 'docs-sweep', 'cancel-in-progress': false },
      jobs: {
        sweep: {
          'runs-on': 'ubuntu-slim',
          'timeout-minutes': 5,
          steps: [
            {
              uses: sibling(start, 'sweep'),
              with: {
                'api-key': KEY,
                'project-id': PROJECT,
                ...sharedInputs(start, [Inputs.FollowCodePr, Inputs.DocsStatus, Inputs.ReaderImpact, Inputs.Preview, Inputs.DocsToken, Inputs.WaiveLabel]),
              },
            },
          ],
        },
      },
    };
    return [
      problem(
        check,
        'fail',
        `${starts.map(named).join('; ')} start${starts.length === 1 ? 's' : ''} jobs and ends (wait: false), but no workflow runs command: sweep: their ends are never shown, and a documentation status stays pending`,
        {
          file: SWEEP_FILE,
          edits: [{ op: 'set', path: [], value: workflow }],
          then: "A sweep can also run on the documentation PR's opening: docs/detached.md.",
        },
      ),
    ];
  }
  const findings: Finding[] = [];
  const scheduled = sweeps.filter((each) => triggersOf(each.workflow).has('schedule'));
  const woken = sweeps.filter((each) => {
    const triggers = triggersOf(each.workflow);
    return triggers.has('repository_dispatch') || runsOnType(triggers, 'pull_request', 'opened', DEFAULT_PULL_REQUEST_TYPES);
  });
  if (scheduled.length === 0) {
    const sweep = woken[0] ?? sweeps[0]!;
    const fix = { file: sweep.file, edits: [addTrigger(sweep.workflow, 'schedule', [{ cron: '17 * * * *' }])] };
    findings.push(
      woken.length > 0
        ? problem(
            check,
            'warn',
            `the sweep of ${named(sweep)} runs on the documentation PR's opening but on no schedule: a job that ends without a documentation PR waits for another PR's opening`,
            fix,
          )
        : problem(
            check,
            'fail',
            `the sweep of ${named(sweep)} runs neither on a schedule nor on the documentation PR's opening: detached jobs wait until someone runs it`,
            fix,
          ),
    );
  }
  for (const each of starts.filter((start) => keepsDocsStatus(start.step))) {
    if (sweeps.some((sweep) => keepsDocsStatus(sweep.step))) continue;
    const sweep = scheduled[0] ?? sweeps[0]!;
    findings.push(
      problem(check, 'fail', `${named(each)} leaves the documentation status pending, but no sweep has docs-status: none writes how the job ended`, {
        file: sweep.file,
        edits: withWhatItNeeds(
          sweep.workflow,
          [
            {
              op: 'set',
              path: ['jobs', sweep.job, 'steps', sweep.index, 'with', Inputs.DocsStatus],
              value: stringInput(each.step, Inputs.DocsStatus) ?? 'written',
            },
          ],
          options,
        ),
      }),
    );
  }
  if (findings.length > 0) return findings;
  return [ok(check, `${starts.length} detached start${starts.length === 1 ? '' : 's'}; swept by ${[...new Set(sweeps.map(named))].join('; ')}, on a schedule`)];
}

/** The input and value that hold a merged code PR's documentation for the release (the contract's *Documentation that ships with the release*). */
const DOCS_PUBLISH = 'docs-publish';
const ON_RELEASE = 'on-release';

/** Documentation held for a release (`docs-publish: on-release`) needs `command: release` on `release: published`. */
export function releaseChecks(workflows: readonly WorkflowOf[], options: ReadOptions = {}): Finding[] {
  const steps = located(workflows, options);
  const held = steps.filter((each) => stringInput(each.step, DOCS_PUBLISH)?.trim().toLowerCase() === ON_RELEASE);
  if (held.length === 0) return [];
  const check = 'release';
  const releases = steps.filter((each) => each.action.command === 'release');
  const published = releases.filter((each) => runsOnType(triggersOf(each.workflow), 'release', 'published', 'all'));
  if (published.length > 0)
    return [
      ok(check, `documentation held for the release by ${held.map(named).join('; ')}; released by ${published.map(named).join('; ')} on release: published`),
    ];
  if (releases.length > 0) {
    const release = releases[0]!;
    return [
      problem(
        check,
        'fail',
        `${named(release)} runs command: release, but not on release: published: the documentation PRs held for a release wait until someone runs it`,
        {
          file: release.file,
          edits: [addTrigger(release.workflow, 'release', { types: ['published'] })],
        },
      ),
    ];
  }
  const first = held[0]!;
  const workflow = {
    name: 'Documentation release',
    on: { release: { types: ['published'] } },
    permissions: { contents: 'read', 'pull-requests': 'write' },
    concurrency: { group: 'docs-release', 'cancel-in-progress': false },
    jobs: {
      release: {
        'runs-on': 'ubuntu-slim',
        'timeout-minutes': 5,
        steps: [{ uses: sibling(first, 'release'), with: { 'api-key': KEY, 'project-id': PROJECT, ...sharedInputs(first, [Inputs.DocsToken]) } }],
      },
    },
  };
  return [
    problem(
      check,
      'fail',
      `${held.map(named).join('; ')} hold${held.length === 1 ? 's' : ''} documentation for the release (docs-publish: on-release), but no workflow runs command: release: it is never released`,
      {
        file: RELEASE_FILE,
        edits: [{ op: 'set', path: [], value: workflow }],
      },
    ),
  ];
}

/**
 * The default branch's rules against the workflows: `documentation` required where a workflow
 * keeps the gate (and only there), from a source the gate's steps write with, and what a merge
 * queue means (its rows are the workflows' triggers).
 */
export function branchRuleChecks(workflows: readonly WorkflowOf[], rules: BranchRules, options: FileContext = { mergeQueue: undefined }): Finding[] {
  const check = 'branch rules';
  const gates = workflows.filter(({ workflow }) => keepsGate(workflow, options));
  const gateSteps = located(gates, options).filter((each) => keepsGateStep(each.step, options) && onPullRequests(each.workflow));
  const required = rules.requiredChecks.find(({ context }) => context.toLowerCase() === GATE_CONTEXT);
  const queue = rules.mergeQueue ? ' A merge queue is on: the gate workflows are held to merge_group in their triggers rows.' : '';
  if (!required) {
    if (gates.length === 0) return [ok(check, `no rule of ${rules.branch} requires ${GATE_CONTEXT}, and no workflow keeps that gate.${queue}`)];
    return [
      problem(
        check,
        'warn',
        `${gates.map(({ file }) => file).join(', ')} write${gates.length === 1 ? 's' : ''} the ${GATE_CONTEXT} status, but no rule of ${rules.branch} requires it: pull requests merge without their documentation`,
        {
          then: `In the repository's Settings, Rules, Rulesets: a branch ruleset for ${rules.branch} with "Require status checks to pass" and the check ${GATE_CONTEXT} (source: GitHub Actions).`,
        },
      ),
    ];
  }
  // A fix that turns the gate on (or changes whose token writes it) brings what that needs: the permission, the waiver's events, the merge queue's.
  const needs = { ...options, mergeQueue: rules.mergeQueue };
  if (gates.length === 0) {
    const candidate = located(workflows, options).find((each) => each.action.command === 'agent' && onPullRequests(each.workflow));
    const turnOn: Edit = { op: 'set', path: ['jobs', candidate?.job ?? '', 'steps', candidate?.index ?? 0, 'with', Inputs.DocsStatus], value: 'written' };
    return [
      problem(
        check,
        'fail',
        `a rule of ${rules.branch} requires ${GATE_CONTEXT}, but no workflow of this repository writes it: every pull request waits for it for ever`,
        {
          ...(candidate ? { file: candidate.file, edits: withWhatItNeeds(candidate.workflow, [turnOn], needs) } : {}),
          then: candidate ? '' : 'Add the workflow of docs/documentation-gate.md, or take documentation out of the required checks.',
        },
      ),
    ];
  }
  const pinned = required.integrationId;
  if (pinned === GITHUB_ACTIONS_APP_ID) {
    const other = gateSteps.filter((each) => !writesWithWorkflowToken(each.step));
    if (other.length > 0) {
      return other.map((each) =>
        problem(
          check,
          'fail',
          `a rule of ${rules.branch} counts only GitHub Actions' ${GATE_CONTEXT} statuses, but ${named(each)} writes it with another github-token`,
          {
            file: each.file,
            edits: withWhatItNeeds(each.workflow, [{ op: 'remove', path: ['jobs', each.job, 'steps', each.index, 'with', Inputs.GithubToken] }], needs),
          },
        ),
      );
    }
  } else if (pinned !== undefined) {
    const workflowToken = gateSteps.filter((each) => writesWithWorkflowToken(each.step));
    if (workflowToken.length > 0) {
      return workflowToken.map((each) =>
        problem(
          check,
          'fail',
          `a rule of ${rules.branch} counts only the ${GATE_CONTEXT} statuses of app ${pinned}, but ${named(each)} writes it with the workflow's token (GitHub Actions): the required check never passes`,
          {
            then: `Give that step github-token: the token of app ${pinned} (actions/create-github-app-token): docs/documentation-gate.md, "A gate other workflows cannot forge".`,
          },
        ),
      );
    }
  }
  const source = pinned === undefined ? 'from any source' : pinned === GITHUB_ACTIONS_APP_ID ? 'from GitHub Actions' : `from app ${pinned}`;
  return [ok(check, `${rules.branch} requires ${GATE_CONTEXT} ${source}; written by ${gates.map(({ file }) => file).join(', ')}.${queue}`)];
}
