import { Inputs, type InputName } from '../constants.js';
import { COMMAND_INPUTS } from '../inputs.js';
import { applyEdits, ok, problem, type Edit, type Finding, type Fix } from './findings.js';
import { forkProblems } from './forks.js';
import {
  addTrigger,
  addTypes,
  concurrencyProblems,
  labeledWithoutUnlabeled,
  mergeQueueProblems,
  queueWithCancel,
  runnerProblems,
  type Problem,
} from './rules.js';
import { scriptProblems, stepName } from './scripts.js';
import {
  actionOf,
  CONTRACT_COMMANDS,
  DEFAULT_PULL_REQUEST_TYPES,
  isExpression,
  isFalse,
  isKnownCommand,
  isTrue,
  jobsOf,
  keepsDocsStatus,
  runsOnType,
  stringInput,
  triggersOf,
  typesOf,
  type ActionReference,
  type Job,
  type ReadOptions,
  type Step,
  type Workflow,
} from './workflow.js';

/**
 * The checks of one workflow file that runs this action: each step held to what its configuration
 * needs (the contract's *`command: doctor`*, *The workflows*), a row per problem, and an `ok` row
 * for each check that found none. What only the set-up as a whole says (a sweep for detached
 * starts, a release workflow, the branch rules) is `setup-checks.ts`'s.
 */

/** What the checks of a file know besides the file. */
export interface FileContext extends ReadOptions {
  /** `owner/name` of the action this doctor runs from (GITHUB_ACTION_REPOSITORY), when known; and its ref. */
  readonly actionRepository?: string;
  readonly actionRef?: string;
  /** The default branch's rules hold a merge queue; undefined when they could not be read. */
  readonly mergeQueue: boolean | undefined;
}

/** A step of this action, where it is in its file. */
export interface ActionStep {
  readonly job: string;
  readonly jobSpec: Job;
  readonly index: number;
  readonly step: Step;
  readonly action: ActionReference;
}

/** The steps of a workflow that run this action. */
export function actionSteps(workflow: Workflow, options: ReadOptions = {}): ActionStep[] {
  return jobsOf(workflow).flatMap(([job, jobSpec, steps]) =>
    steps.flatMap((step, index) => {
      const action = actionOf(step, options);
      return action ? [{ job, jobSpec, index, step, action }] : [];
    }),
  );
}

/** Every row of one workflow file that runs this action. */
export function checkWorkflowFile(file: string, workflow: Workflow, context: FileContext): Finding[] {
  return checksOf(workflow, context).flatMap(({ check, problems, allGood }) =>
    problems.length === 0
      ? [ok(`${file}: ${check}`, allGood)]
      : problems.map((each) => problem(`${file}: ${check}`, each.level, each.says, { file, ...each.fix })),
  );
}

/** Each check of a file, with the problems it found and what it says when it found none. */
function checksOf(workflow: Workflow, context: FileContext): Array<{ readonly check: string; readonly problems: Problem[]; readonly allGood: string }> {
  const steps = actionSteps(workflow, context);
  const onPullRequests = ['pull_request', 'pull_request_target'].some((event) => triggersOf(workflow).has(event));
  return [
    { check: 'uses', problems: usesProblems(steps, context), allGood: `${steps.map(describeStep).join('; ')}` },
    { check: 'inputs', problems: inputProblems(steps, onPullRequests), allGood: 'every input is one its command reads, and none is turned on by another' },
    { check: 'triggers', problems: triggerProblems(workflow, steps, context), allGood: `runs on ${[...triggersOf(workflow).keys()].join(', ') || 'nothing'}` },
    { check: 'permissions', problems: permissionProblems(workflow, steps, onPullRequests), allGood: 'every job has the permissions its steps write with' },
    { check: 'secrets', problems: secretProblems(steps), allGood: 'the key (and every token) from a secret or an expression, none written in the file' },
    { check: 'fork guard', problems: forkProblems(workflow, context), allGood: 'no job of this action runs with its secrets for a pull request from a fork' },
    {
      check: 'concurrency',
      problems: [...concurrencyProblems(workflow, context), ...queueWithCancel(workflow)],
      allGood: 'no run of a pull request is dropped',
    },
    { check: 'runner', problems: runnerProblems(workflow, context), allGood: 'each job on the runner that fits, with room for its timeout' },
    { check: 'scripts', problems: scriptProblems(workflow), allGood: 'no script pastes an expression into its code' },
  ];
}

/** Rounds of `withWhatItNeeds`: a change needs a few more at most (a permission, a trigger, a condition). */
const NEEDS_ROUNDS = 8;

/**
 * A fix's edits to a workflow, and after them what the change they make needs besides, so that
 * the fix applied leaves the file nothing new to fix: `docs-status` turned on needs `statuses:
 * write` and the waiver's events; a step's own token taken away needs the job's permissions. Each
 * problem the edited file has and the file had not is fixed in turn, on the file as the edits
 * before it left it.
 */
export function withWhatItNeeds(workflow: Workflow, edits: readonly Edit[], context: FileContext): Edit[] {
  const key = (check: string, says: string): string => `${check}\n${says}`;
  const before = new Set(checksOf(workflow, context).flatMap(({ check, problems }) => problems.map((each) => key(check, each.says))));
  const all = [...edits];
  let current = applyEdits(workflow, edits) as Workflow;
  for (let round = 0; round < NEEDS_ROUNDS; round++) {
    const next = checksOf(current, context)
      .flatMap(({ check, problems }) => problems.map((each) => ({ ...each, check })).filter((each) => !before.has(key(check, each.says))))
      .find((each) => (each.fix.edits ?? []).length > 0);
    if (!next) break;
    // Taken once: a problem its own edits did not end is not taken again.
    before.add(key(next.check, next.says));
    all.push(...next.fix.edits!);
    current = applyEdits(current, next.fix.edits!) as Workflow;
  }
  return all;
}

function describeStep({ job, step, index, action }: ActionStep): string {
  const from = action.repository ? `${action.repository}${action.subAction ? `/${action.subAction}` : ''}@${action.ref}` : `./${action.subAction}`;
  const pinned = /^[0-9a-f]{40}$/.test(action.ref) ? ', pinned to a commit' : '';
  return `job ${job}, step ${stepName(step, index)}: command ${action.command} from ${from}${pinned}`;
}

const stepPath = (each: ActionStep, ...rest: Array<string | number>): Array<string | number> => ['jobs', each.job, 'steps', each.index, ...rest];
const where = (each: ActionStep): string => `job ${each.job}, step ${stepName(each.step, each.index)}`;

// --- uses -----------------------------------------------------------------------------------------

function usesProblems(steps: readonly ActionStep[], context: FileContext): Problem[] {
  return steps.flatMap((each): Problem[] => {
    const { action } = each;
    if (!isKnownCommand(action.command)) {
      return [
        {
          says: `${where(each)}: there is no command ${action.command}`,
          level: 'fail',
          fix: { then: `Use one of the commands ${CONTRACT_COMMANDS.join(', ')} (each is also a sub-action: OWNER/docs-agent-action/sweep@v1).` },
        },
      ];
    }
    const canonical = context.actionRepository;
    if (!action.repository || !canonical || action.repository.toLowerCase() === canonical.toLowerCase()) return [];
    const uses = `${canonical}${action.subAction ? `/${action.subAction}` : ''}@${context.actionRef || action.ref}`;
    return [
      {
        says: `${where(each)}: runs ${action.repository}, a copy of ${canonical} (the action this doctor runs from): a copy may lag behind what is checked here`,
        level: 'warn',
        fix: { edits: [{ op: 'set', path: stepPath(each, 'uses'), value: uses }] },
      },
    ];
  });
}

// --- inputs ---------------------------------------------------------------------------------------

/** The inputs no command owns: every command reads them. */
const OWNED = new Set<string>(Object.values(COMMAND_INPUTS).flat());
const COMMON = (Object.values(Inputs) as string[]).filter((name) => !OWNED.has(name));

/** The inputs a step of this command may give: the root's every input, a sub-action's common ones and its command's. */
function knownInputs(action: ActionReference): Set<string> {
  if (!action.subAction) return new Set(Object.values(Inputs));
  const own = (COMMAND_INPUTS as Readonly<Record<string, readonly InputName[]>>)[action.command] ?? [];
  return new Set([...COMMON.filter((name) => name !== Inputs.Command), ...own]);
}

/** What turns `pr-comment` on in an agent step, when it is not given as true: each keeps its memory in the comment's record. */
export function commentBringers(step: Step, onPullRequests: boolean): string[] {
  const docsStatus = stringInput(step, Inputs.DocsStatus)?.trim().toLowerCase();
  return [
    isTrue(step.with?.[Inputs.ReuseJob]) && Inputs.ReuseJob,
    isTrue(step.with?.[Inputs.FollowCodePr]) && Inputs.FollowCodePr,
    isTrue(step.with?.[Inputs.ReaderImpact]) && Inputs.ReaderImpact,
    docsStatus === 'approved' && 'docs-status: approved',
    onPullRequests && isFalse(step.with?.[Inputs.Wait]) && keepsDocsStatus(step) && 'wait: false with docs-status',
  ].filter((name): name is string => Boolean(name));
}

/** Whether an agent step keeps the pull-request comment: given, or brought by an input that keeps its memory there. */
export function keepsComment(step: Step, onPullRequests: boolean): boolean {
  return isTrue(step.with?.[Inputs.PrComment]) || commentBringers(step, onPullRequests).length > 0;
}

function inputProblems(steps: readonly ActionStep[], onPullRequests: boolean): Problem[] {
  const problems: Problem[] = [];
  for (const each of steps) {
    const { step, action } = each;
    const known = knownInputs(action);
    for (const name of Object.keys(step.with ?? {})) {
      if (known.has(name)) continue;
      const belongs = Object.entries(COMMAND_INPUTS).filter(([, names]) => (names as readonly string[]).includes(name));
      const why =
        belongs.length > 0 ? `an input of command ${belongs.map(([command]) => command).join(', ')}, not of ${action.command}` : 'no input of this action';
      problems.push({
        says: `${where(each)}: ${name} is ${why}: the runner warns and ignores it`,
        level: 'warn',
        fix: { edits: [{ op: 'remove', path: stepPath(each, 'with', name) }] },
      });
    }
    if (action.command !== 'agent' || isTrue(step.with?.[Inputs.PrComment])) continue;
    const bringers = commentBringers(step, onPullRequests);
    const turnOn: Edit[] = [{ op: 'set', path: stepPath(each, 'with', Inputs.PrComment), value: true }];
    if (bringers.length > 0) {
      problems.push({
        says: `${where(each)}: ${bringers.join(', ')} keep${bringers.length === 1 ? 's' : ''} its memory in the pull-request comment, so every run turns pr-comment on with a notice`,
        level: 'warn',
        fix: { edits: turnOn },
      });
    } else if (onPullRequests && isFalse(step.with?.[Inputs.Wait])) {
      problems.push({
        says: `${where(each)}: wait: false without pr-comment: no comment records the job, so no sweep finishes it and its end is shown nowhere`,
        level: 'warn',
        fix: { edits: turnOn },
      });
    }
  }
  return problems;
}

// --- triggers -------------------------------------------------------------------------------------

function triggerProblems(workflow: Workflow, steps: readonly ActionStep[], context: FileContext): Problem[] {
  const triggers = triggersOf(workflow);
  const problems: Problem[] = [];
  const agents = steps.filter(({ action }) => action.command === 'agent');
  problems.push(...labeledWithoutUnlabeled(workflow));
  for (const event of ['pull_request', 'pull_request_target'].filter((name) => triggers.has(name))) {
    const types = typesOf(triggers, event);
    const has = (type: string): boolean => runsOnType(triggers, event, type, DEFAULT_PULL_REQUEST_TYPES);
    if (!types?.includes('labeled') && agents.some(({ step }) => keepsDocsStatus(step))) {
      problems.push({
        says: `on.${event} lists neither labeled nor unlabeled: adding the waive-label (or taking it away) changes the documentation status only at the next push`,
        level: 'warn',
        fix: { edits: addTypes(workflow, event, DEFAULT_PULL_REQUEST_TYPES, ['labeled', 'unlabeled']) },
      });
    }
    if (agents.some(({ step }) => isTrue(step.with?.[Inputs.FollowCodePr])) && !has('closed')) {
      problems.push(
        fail(
          `on.${event} does not run on closed: with follow-code-pr, a closed code PR's documentation PR is never closed or marked ready`,
          addTypes(workflow, event, DEFAULT_PULL_REQUEST_TYPES, ['closed']),
        ),
      );
    }
  }
  if (context.mergeQueue === true) problems.push(...mergeQueueProblems(workflow, context));
  const reviewLoops = steps.filter(({ action, step }) => action.command === 'sync' && isTrue(step.with?.[Inputs.ReviewLoop]));
  if (reviewLoops.length > 0 && !runsOnType(triggers, 'pull_request_review', 'submitted', 'all')) {
    const edits = triggers.has('pull_request_review')
      ? addTypes(workflow, 'pull_request_review', ['submitted', 'edited', 'dismissed'], ['submitted'])
      : [addTrigger(workflow, 'pull_request_review', { types: ['submitted', 'dismissed'] })];
    problems.push(fail('the review loop runs on pull_request_review (submitted), which this workflow does not: no review reaches the agent', edits));
  }
  return problems;
}

// --- permissions ----------------------------------------------------------------------------------

type Access = 'none' | 'read' | 'write';
const RANK: Record<Access, number> = { none: 0, read: 1, write: 2 };

/** What the token of a job needs for its steps of this action, scope by scope, with why. */
function needsOf(steps: readonly ActionStep[], onPullRequests: boolean): Map<string, { access: Access; why: string }> {
  const needs = new Map<string, { access: Access; why: string }>();
  const need = (scope: string, access: Access, why: string): void => {
    if (RANK[access] > RANK[needs.get(scope)?.access ?? 'none']) needs.set(scope, { access, why });
  };
  for (const { step, action } of steps) {
    // A step given a token of its own writes with that token's permissions, which no workflow file says.
    if (!writesWithWorkflowToken(step)) continue;
    const gate = keepsDocsStatus(step);
    switch (action.command) {
      case 'agent':
        if (onPullRequests && keepsComment(step, onPullRequests)) need('pull-requests', 'write', 'pr-comment');
        if (onPullRequests && gate) need('statuses', 'write', 'docs-status');
        break;
      case 'sweep':
        need('pull-requests', 'write', 'the sweep');
        if (gate) need('statuses', 'write', 'docs-status');
        break;
      case 'sync': {
        // With code-token the code PR is written with it; the workflow's token reads the back-link, and writes the review loop's reply.
        const codeHere = !stringInput(step, Inputs.CodeToken);
        if (isTrue(step.with?.[Inputs.ReviewLoop])) need('pull-requests', 'write', "the review loop's reply");
        else need('pull-requests', codeHere ? 'write' : 'read', codeHere ? "sync (the code PR's comment)" : "sync (the documentation PR's back-link)");
        if (gate && codeHere) need('statuses', 'write', 'docs-status without code-token');
        break;
      }
      case 'release':
        need('pull-requests', 'write', 'the release');
        break;
      case 'doctor':
        need('contents', 'read', 'reading .github/workflows');
        need('pull-requests', 'read', 'reading the records');
        break;
    }
  }
  return needs;
}

/** Whether a step writes with the job's `GITHUB_TOKEN`: its `github-token` left out, or given as that token. */
export function writesWithWorkflowToken(step: Step): boolean {
  const token = stringInput(step, Inputs.GithubToken)?.trim();
  return token === undefined || token === '' || /^\$\{\{\s*(?:github\.token|secrets\.GITHUB_TOKEN)\s*\}\}$/.test(token);
}

/** What a `permissions:` value grants a scope; undefined where it is not set at all (the repository's default). */
function granted(permissions: unknown, scope: string): Access | undefined {
  if (permissions === undefined || permissions === null) return undefined;
  if (permissions === 'write-all') return 'write';
  if (permissions === 'read-all') return 'read';
  if (typeof permissions !== 'object') return 'none';
  const value = (permissions as Record<string, unknown>)[scope];
  return value === 'write' || value === 'read' ? value : 'none';
}

function permissionProblems(workflow: Workflow, steps: readonly ActionStep[], onPullRequests: boolean): Problem[] {
  const problems: Problem[] = [];
  for (const job of [...new Set(steps.map((each) => each.job))]) {
    const ofJob = steps.filter((each) => each.job === job);
    const jobSpec = ofJob[0]!.jobSpec;
    const needs = needsOf(ofJob, onPullRequests);
    if (needs.size === 0) continue;
    const declared = jobSpec.permissions ?? workflow.permissions;
    if (declared === undefined || declared === null) {
      const value = { contents: 'read', ...Object.fromEntries([...needs].map(([scope, { access }]) => [scope, access])) };
      problems.push({
        says: `job ${job}: no permissions set, so the repository's default applies (read-only for repositories made since February 2023), and its steps need ${needsText(needs)}`,
        level: 'warn',
        fix: { edits: [{ op: 'set', path: ['jobs', job, 'permissions'], value }] },
      });
      continue;
    }
    for (const [scope, { access, why }] of needs) {
      if (RANK[granted(declared, scope)!] >= RANK[access]) continue;
      // A job's own map takes the scope; else the workflow's map (a job without its own inherits it); else a map of the job's own.
      const path =
        typeof jobSpec.permissions === 'object' && jobSpec.permissions !== null
          ? ['jobs', job, 'permissions', scope]
          : jobSpec.permissions === undefined && typeof workflow.permissions === 'object' && workflow.permissions !== null
            ? ['permissions', scope]
            : ['jobs', job, 'permissions'];
      const value = path.length === 3 ? { contents: 'read', [scope]: access } : access;
      problems.push({
        says: `job ${job}: ${why} needs ${scope}: ${access}, which its permissions do not give${access === 'write' ? '' : ' (a private repository cannot be read without it)'}`,
        level: access === 'write' ? 'fail' : 'warn',
        fix: { edits: [{ op: 'set', path, value }] },
      });
    }
  }
  return problems;
}

function needsText(needs: ReadonlyMap<string, { access: Access }>): string {
  return [...needs].map(([scope, { access }]) => `${scope}: ${access}`).join(', ');
}

// --- secrets --------------------------------------------------------------------------------------

const SECRET_INPUTS = [Inputs.ApiKey, Inputs.PreviousApiKey, Inputs.GithubToken, Inputs.DocsToken, Inputs.CodeToken] as const;

function secretProblems(steps: readonly ActionStep[]): Problem[] {
  const problems: Problem[] = [];
  const fromSecret = '${{ secrets.MINTLIFY_API_KEY }}';
  for (const each of steps) {
    const key = stringInput(each.step, Inputs.ApiKey);
    if (key === undefined || key.trim() === '') {
      problems.push(
        fail(
          `${where(each)}: no api-key`,
          [{ op: 'set', path: stepPath(each, 'with', Inputs.ApiKey), value: fromSecret }],
          'Add the admin key as the repository secret MINTLIFY_API_KEY.',
        ),
      );
    }
    for (const name of SECRET_INPUTS) {
      const value = stringInput(each.step, name);
      if (value === undefined || value.trim() === '') continue;
      // Never the value itself: what it is made of is enough to say what is wrong.
      const literal = !isExpression(value);
      const fromVariable = !literal && /\$\{\{\s*vars\./.test(value) && !/\bsecrets\./.test(value);
      if (!literal && !fromVariable) continue;
      const secretName = name === Inputs.ApiKey ? 'MINTLIFY_API_KEY' : name.toUpperCase().replace(/-/g, '_');
      const then = literal
        ? `The ${name} is in the repository's history: ${name === Inputs.ApiKey || name === Inputs.PreviousApiKey ? "revoke it on the dashboard's API keys page, make a new one" : 'revoke it, make a new one'} and add it as the repository secret ${secretName}.`
        : `Move it from the variable to the repository secret ${secretName}.`;
      problems.push(
        fail(
          `${where(each)}: ${name} is ${literal ? 'written in the file (its value is not shown here)' : 'read from a variable, which is neither secret nor masked'}`,
          [{ op: 'set', path: stepPath(each, 'with', name), value: `\${{ secrets.${secretName} }}` }],
          then,
        ),
      );
    }
  }
  return problems;
}

function fail(says: string, edits: Edit[], then?: string): Problem {
  const fix: Omit<Fix, 'file'> = then ? { edits, then } : { edits };
  return { says, level: 'fail', fix };
}
