import { FixedBudget } from '../api/budget.js';
import { ApiError } from '../api/errors.js';
import { Inputs, Outputs } from '../constants.js';
import { ok, problem, type Finding } from '../doctor/findings.js';
import { codeTokenFinding, docsTokenFinding, githubTokenFinding, keyFinding, type KeyResult, type ReadResult } from '../doctor/reach.js';
import { branchRuleChecks, detachedRunChecks, releaseChecks, type BranchRules, type WorkflowOf } from '../doctor/setup-checks.js';
import { actionSteps, checkWorkflowFile } from '../doctor/workflow-checks.js';
import { isTrue, parseWorkflow, stringInput, triggersOf } from '../doctor/workflow.js';
import { repoName } from '../docs-pr/target.js';
import { workflowRepositoryOf } from '../event.js';
import { endsTheStep, GitHubError, repoFromEnv, type GitHubApi, type RecentComment } from '../github/api.js';
import { gitHubClients } from '../github/clients.js';
import { newestCodeRepository } from '../memory/back-link.js';
import { newestDocsRepository } from '../memory/code-pr-comment.js';
import { RecordSeal, type RepositoryIdentity } from '../memory/seal.js';
import { doctorClosingLine, doctorLogLine, doctorOutput, renderDoctorSummary, type DoctorOutcome } from '../report/doctor-report.js';
import { isCancellation } from '../runtime.js';
import type { DoctorSettings } from '../settings.js';
import { countOf, errorMessage } from '../text.js';
import type { StepContext, StepReport } from './step.js';

/** The workflows one doctor run reads at most, by name: GitHub's contents API lists a folder in one answer. */
export const DOCTOR_MAX_WORKFLOWS = 50;
/** The largest workflow file read: what the contents API gives (past it, no content). */
export const WORKFLOW_MAX_BYTES = 1_048_576;
/** Pages of the branch's rules read (100 a page): no branch has more rules than that. */
export const DOCTOR_RULE_PAGES = 2;
/**
 * The most GitHub reads of one run (the contract's 60): the repository, the folder, each workflow,
 * the rules' pages, the newest comments (one page), and one read each of the documentation and the
 * code repository with their tokens.
 */
export const DOCTOR_MAX_READS = 1 + 1 + DOCTOR_MAX_WORKFLOWS + DOCTOR_RULE_PAGES + 1 + 1 + 1;

const WORKFLOWS = '.github/workflows';
/** How far back the records are looked for: the newest comments of the last year, one page. */
const RECORDS_LOOKBACK_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * `command: doctor` (the contract's *`command: doctor`*): checks the set-up in one run and says
 * what to fix, writing nothing anywhere. The key and the project with one request; `github-token`
 * by reading the repository; the workflows of the default branch, each step of this action held to
 * what its configuration needs (`doctor/workflow-checks.ts`), and the set-up as a whole with the
 * branch rules (`doctor/setup-checks.ts`); the other tokens against the repositories the newest
 * records name. Each finding is a row; a `fail` row fails the step.
 */
export async function doctorStep(settings: DoctorSettings, context: StepContext): Promise<StepReport> {
  const { logger, signal, env } = context;
  const findings: Finding[] = [];
  let reads = 0;
  const report = (outcome: DoctorOutcome, stopped?: string): StepReport => {
    const fails = findings.filter((finding) => finding.level === 'fail');
    const failure =
      stopped ??
      (fails.length > 0
        ? `The doctor found ${countOf(fails.length, 'thing')} that will not work: ${fails.map((finding) => finding.check).join('; ')}.`
        : undefined);
    return {
      outputs: { [Outputs.Outcome]: outcome, [Outputs.Doctor]: doctorOutput(findings), [Outputs.Requests]: String(context.client.requestCount) },
      summary: renderDoctorSummary(outcome, findings, { reads, requests: context.client.requestCount, failure }),
      closingLine: doctorClosingLine(outcome, findings),
      ...(failure ? { failure } : {}),
    };
  };
  const say = (finding: Finding): void => {
    findings.push(finding);
    if (finding.level === 'ok') logger.info(doctorLogLine(finding));
    else logger.warning(doctorLogLine(finding));
  };
  const stopped = (error: unknown): StepReport | undefined => {
    if (isCancellation(error, signal) || (endsTheStep(error) && signal.aborted))
      return report('error', 'The doctor was cancelled before it had checked everything.');
    if (endsTheStep(error)) return report('error', `The doctor ran out of time (timeout) before it had checked everything: ${errorMessage(error)}`);
    return undefined;
  };

  say(keyFinding(await checkKey(settings, context), settings.projectId));
  if (signal.aborted) return report('error', 'The doctor was cancelled before it had checked everything.');

  const repository = workflowRepositoryOf(context.event, env);
  const repo = repoFromEnv(env);
  if (!repository || !repo) return report('error', "command: doctor needs GITHUB_REPOSITORY (owner/name): it checks the workflow's repository.");
  const github = gitHubClients(settings, context);
  const connect = async (token: string, name: string): Promise<GitHubApi> => github(token, repoName(name), context.deadline.at);
  const own = await connect(settings.githubToken, repository.name);

  // The repository and its default branch: without them nothing else on GitHub can be read.
  let branch: string;
  try {
    reads += 1;
    branch = await own.defaultBranch();
    say(githubTokenFinding(repository.name, { ok: true }, branch));
  } catch (error) {
    const stop = stopped(error);
    if (stop) return stop;
    say(githubTokenFinding(repository.name, readFailure(error), undefined));
    return report('error', `github-token cannot read ${repository.name}: nothing of it could be checked.`);
  }

  try {
    const files = await readWorkflows(own, branch, say, () => (reads += 1));
    const rules = await readRules(own, branch, say, (pages) => (reads += pages));
    const local = isActionsOwn(repository.name, env);
    const fileContext = {
      local,
      actionRepository: env.GITHUB_ACTION_REPOSITORY || undefined,
      actionRef: env.GITHUB_ACTION_REF || undefined,
      mergeQueue: rules?.mergeQueue,
    };
    const using = files.filter(({ workflow }) => actionSteps(workflow, { local }).length > 0);
    // With no file read at all, the folder's row (or each file's) has said why.
    if (files.length > 0)
      say(
        using.length === 0
          ? problem('workflows', 'warn', `none of the ${countOf(files.length, 'workflow')} of ${WORKFLOWS} on ${branch} runs this action`, {
              then: "Add a workflow that runs it: the README's quick start.",
            })
          : ok(
              'workflows',
              `${countOf(using.length, 'workflow')} of ${files.length} on ${branch} run${using.length === 1 ? 's' : ''} this action: ${using.map(({ file }) => file).join(', ')}`,
            ),
      );
    for (const { file, workflow } of using) {
      const reusable = [...triggersOf(workflow).keys()].every((event) => event === 'workflow_call');
      if (reusable) {
        say(
          problem(
            `${file}: reusable`,
            'warn',
            "a reusable workflow (on: workflow_call): its triggers, permissions and concurrency are its callers', which are not checked with it",
            {
              then: 'Run the action from the calling workflow, or check the callers by hand against docs/doctor.md.',
            },
          ),
        );
      }
      for (const finding of checkWorkflowFile(file, workflow, fileContext)) {
        if (reusable && /: (?:triggers|permissions|concurrency|fork guard)$/.test(finding.check)) continue;
        say(finding);
      }
    }
    for (const finding of [...detachedRunChecks(using, fileContext), ...releaseChecks(using, fileContext)]) say(finding);
    if (rules) for (const finding of branchRuleChecks(using, rules, fileContext)) say(finding);
    await checkOtherTokens(settings, repository, using, { connect, context, say, count: () => (reads += 1), local });
  } catch (error) {
    const stop = stopped(error);
    if (stop) return stop;
    throw error;
  }
  return report('checked');
}

/** The key and the project, with the one request the doctor makes to the API: never retried, so one it stays. */
async function checkKey(settings: DoctorSettings, context: StepContext): Promise<KeyResult> {
  if (settings.dryRun) return 'dry-run';
  const day = new Date(context.clock.now()).toISOString().slice(0, 10);
  const next = new Date(Date.parse(day) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  try {
    await context.client.getVisitors(
      { dateFrom: day, dateTo: next, limit: 1, offset: 0 },
      { budget: new FixedBudget(1, 'the doctor sends one request to the API') },
    );
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status, message: error.message, serverMessage: error.serverMessage, usageUsedUp: error.usageUsedUp };
  }
}

/** A failed read as the rows say it: GitHub's status and the call's own line. */
function readFailure(error: unknown): ReadResult {
  return { ok: false, error: errorMessage(error), ...(error instanceof GitHubError && error.status !== undefined ? { status: error.status } : {}) };
}

/** The workflow files of the default branch, read and parsed: at most 50, none over 1 MB; each one that could not be read or parsed is a row. */
async function readWorkflows(github: GitHubApi, branch: string, say: (finding: Finding) => void, read: () => void): Promise<WorkflowOf[]> {
  let entries;
  try {
    read();
    entries = await github.directory(WORKFLOWS, branch);
  } catch (error) {
    if (endsTheStep(error)) throw error;
    say(
      problem('workflows', 'warn', `could not list ${WORKFLOWS} on ${branch}: ${errorMessage(error)}`, { then: 'Give the job permissions: contents: read.' }),
    );
    return [];
  }
  if (entries === undefined) {
    say(problem('workflows', 'warn', `there is no ${WORKFLOWS} on ${branch}`, { then: "Add a workflow that runs this action: the README's quick start." }));
    return [];
  }
  const yamlFiles = entries
    .filter((entry) => entry.type === 'file' && /\.ya?ml$/i.test(entry.name))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (yamlFiles.length > DOCTOR_MAX_WORKFLOWS) {
    const left = yamlFiles.slice(DOCTOR_MAX_WORKFLOWS).map((entry) => entry.path);
    say(
      problem(
        'workflows',
        'warn',
        `${WORKFLOWS} holds ${yamlFiles.length} workflow files: the first ${DOCTOR_MAX_WORKFLOWS} by name were read, not ${left.join(', ')}`,
        {
          then: 'Run the action from one of the first 50, or check the others by hand against docs/doctor.md.',
        },
      ),
    );
  }
  const files: WorkflowOf[] = [];
  for (const entry of yamlFiles.slice(0, DOCTOR_MAX_WORKFLOWS)) {
    if (entry.size > WORKFLOW_MAX_BYTES) {
      say(
        problem(`${entry.path}: file`, 'warn', `over 1 MB (${entry.size} bytes): not read, not checked`, {
          then: 'A workflow that large is likely not one: check it by hand.',
        }),
      );
      continue;
    }
    let text: string | undefined;
    try {
      read();
      text = await github.fileText(entry.path, branch);
    } catch (error) {
      if (endsTheStep(error)) throw error;
      say(problem(`${entry.path}: file`, 'warn', `could not be read: ${errorMessage(error)}`, { then: 'Run the doctor again.' }));
      continue;
    }
    if (text === undefined) continue;
    const parsed = parseWorkflow(text);
    if (!parsed.ok) {
      say(
        problem(`${entry.path}: YAML`, 'warn', `${parsed.problem}: not checked (GitHub does not run it either)`, {
          then: 'Fix the file: GitHub shows where it stops reading it on the Actions tab.',
        }),
      );
      continue;
    }
    files.push({ file: entry.path, workflow: parsed.workflow });
  }
  return files;
}

/** The default branch's rules: its required checks and whether a merge queue is on; undefined (with a row) when they cannot be read. */
async function readRules(github: GitHubApi, branch: string, say: (finding: Finding) => void, read: (pages: number) => void): Promise<BranchRules | undefined> {
  try {
    const { rules, pages } = await github.branchRules(branch, DOCTOR_RULE_PAGES);
    read(pages);
    return {
      branch,
      requiredChecks: rules.flatMap((rule) => rule.requiredChecks),
      mergeQueue: rules.some((rule) => rule.type === 'merge_queue'),
    };
  } catch (error) {
    read(1);
    if (endsTheStep(error)) throw error;
    say(
      problem(
        'branch rules',
        'warn',
        `could not read the rules of ${branch}: ${errorMessage(error)}; whether documentation is required, and whether a merge queue is on, is not checked`,
        {
          then: 'Give the job permissions: contents: read (the rules need read access), and run the doctor again.',
        },
      ),
    );
    return undefined;
  }
}

interface TokenChecks {
  readonly connect: (token: string, name: string) => Promise<GitHubApi>;
  readonly context: StepContext;
  readonly say: (finding: Finding) => void;
  readonly count: () => void;
  readonly local: boolean;
}

/**
 * `docs-token` and `code-token`, against the repositories the newest verified records name (one
 * page of the newest comments): the documentation repository of the code PRs' records, the code
 * repository of the documentation PRs' back-links where `sync` runs here.
 */
async function checkOtherTokens(settings: DoctorSettings, repository: RepositoryIdentity, using: readonly WorkflowOf[], checks: TokenChecks): Promise<void> {
  const { connect, context, say, count, local } = checks;
  const steps = using.flatMap(({ workflow }) => actionSteps(workflow, { local }));
  const passes = (input: string): boolean => steps.some(({ step }) => (stringInput(step, input) ?? '').trim() !== '');
  const docsSide =
    settings.docsToken !== '' ||
    passes(Inputs.DocsToken) ||
    steps.some(({ step }) => isTrue(step.with?.[Inputs.FollowCodePr]) || isTrue(step.with?.[Inputs.ReaderImpact]));
  const syncHere = steps.some(({ action }) => action.command === 'sync');
  if (!docsSide && !syncHere) return;
  let comments: RecentComment[];
  try {
    count();
    const own = await connect(settings.githubToken, repository.name);
    comments = (await own.recentComments(new Date(context.clock.now() - RECORDS_LOOKBACK_MS).toISOString(), 1, 'newest-first')).comments;
  } catch (error) {
    if (endsTheStep(error)) throw error;
    say(
      problem('records', 'warn', `could not read this repository's newest comments, where the action keeps its records: ${errorMessage(error)}`, {
        then: 'Give the job permissions: pull-requests: read.',
      }),
    );
    return;
  }
  const seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey);
  const readWith = async (token: string, name: string): Promise<ReadResult> => {
    try {
      count();
      await (await connect(token, name)).defaultBranch();
      return { ok: true };
    } catch (error) {
      if (endsTheStep(error)) throw error;
      return readFailure(error);
    }
  };
  const other = (name: string | undefined): name is string => name !== undefined && name.toLowerCase() !== repository.name.toLowerCase();
  if (docsSide) {
    const recorded = newestDocsRepository(comments, repository, seal);
    const read = other(recorded) && settings.docsToken ? await readWith(settings.docsToken, recorded) : undefined;
    const row = docsTokenFinding({
      recorded,
      repository: repository.name,
      given: settings.docsToken !== '',
      passedByWorkflows: passes(Inputs.DocsToken),
      ...(read ? { read } : {}),
    });
    if (row) say(row);
  }
  if (syncHere) {
    const recorded = newestCodeRepository(comments, repository, seal);
    const read = other(recorded) && settings.codeToken ? await readWith(settings.codeToken, recorded) : undefined;
    const row = codeTokenFinding({
      recorded,
      repository: repository.name,
      given: settings.codeToken !== '',
      passedByWorkflows: passes(Inputs.CodeToken),
      ...(read ? { read } : {}),
    });
    if (row) say(row);
  }
}

/** Whether the repository is the action's own, where `uses: ./` runs this action. */
function isActionsOwn(repository: string, env: NodeJS.ProcessEnv): boolean {
  const action = env.GITHUB_ACTION_REPOSITORY ?? '';
  return (action !== '' && action.toLowerCase() === repository.toLowerCase()) || repository.toLowerCase().endsWith('/docs-agent-action');
}
