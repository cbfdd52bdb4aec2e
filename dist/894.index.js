export const id = 894;
export const ids = [894];
export const modules = {

/***/ 64894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DOCTOR_MAX_READS: () => (/* binding */ DOCTOR_MAX_READS),
  DOCTOR_MAX_WORKFLOWS: () => (/* binding */ DOCTOR_MAX_WORKFLOWS),
  DOCTOR_RULE_PAGES: () => (/* binding */ DOCTOR_RULE_PAGES),
  WORKFLOW_MAX_BYTES: () => (/* binding */ WORKFLOW_MAX_BYTES),
  doctorStep: () => (/* binding */ doctorStep)
});

// EXTERNAL MODULE: ./src/api/budget.ts
var budget = __webpack_require__(64495);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(27242);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
;// CONCATENATED MODULE: ./src/doctor/findings.ts

/**
 * A parsed file (plain data) with edits made, as a person applying a fix makes them: `set` makes
 * the maps (or, before an index, the lists) its path goes through, `add` appends to the list at its
 * path (made when there is none), `remove` deletes a key or a list's item. The value given is
 * never changed; whatever its shape, the edits are made, never thrown on.
 */
function applyEdits(value, edits) {
    const root = { file: structuredClone(value) };
    for (const edit of edits) {
        const path = ['file', ...edit.path];
        const parent = parentOf(root, path, edit.op !== 'remove');
        if (!parent)
            continue;
        const last = path.at(-1);
        if (edit.op === 'set')
            parent[last] = structuredClone(edit.value);
        else if (edit.op === 'add')
            parent[last] = [...(Array.isArray(parent[last]) ? parent[last] : []), structuredClone(edit.value)];
        else if (Array.isArray(parent) && typeof last === 'number')
            parent.splice(last, 1);
        else
            delete parent[last];
    }
    return root.file;
}
/** The map or list that holds a path's last key; with `make`, made (a map, or a list before an index) wherever it is missing. */
function parentOf(root, path, make) {
    let at = root;
    for (const [index, key] of path.slice(0, -1).entries()) {
        if (typeof at[key] !== 'object' || at[key] === null) {
            if (!make)
                return undefined;
            at[key] = typeof path[index + 1] === 'number' ? [] : {};
        }
        at = at[key];
    }
    return at;
}
/** `jobs.docs.steps[0].with.pr-comment`: a path as the fixes write it. */
function pathText(path) {
    return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('') || '(the whole file)';
}
/** A value as one line of YAML in flow style: `write`, `[opened, labeled]`, `{ group: docs, queue: max }`. */
function valueText(value) {
    return (0,dist/* stringify */.As)(value, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: true }).trimEnd();
}
/** The fix as one line: `.github/workflows/docs.yml: set \`…\` to \`…\`; add \`…\` to \`…\`. Then …` */
function fixText(fix) {
    const edits = (fix.edits ?? []).map((edit) => {
        switch (edit.op) {
            case 'set':
                return `set ${code(pathText(edit.path))} to ${code(valueText(edit.value))}`;
            case 'add':
                return `add ${code(valueText(edit.value))} to ${code(pathText(edit.path))}`;
            case 'remove':
                return `remove ${code(pathText(edit.path))}`;
        }
    });
    const inFile = edits.length > 0 ? `${fix.file ?? ''}${fix.file ? ': ' : ''}${edits.join('; ')}.` : '';
    return [inFile, fix.then ?? ''].filter(Boolean).join(' ');
}
/** A code span whose fence no backtick in the text can close. */
function code(text) {
    const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
    const fence = '`'.repeat(longest + 1);
    return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}
/** A row that found nothing to fix. */
function ok(check, found) {
    return { check, level: 'ok', found, fix: '' };
}
/** A row that found something to fix. */
function problem(check, level, found, fix) {
    return { check, level, found, fix: fixText(fix) };
}
/** The worst level among rows: `fail` over `warn` over `ok`. */
function worst(findings) {
    if (findings.some((finding) => finding.level === 'fail'))
        return 'fail';
    return findings.some((finding) => finding.level === 'warn') ? 'warn' : 'ok';
}

;// CONCATENATED MODULE: ./src/doctor/reach.ts

/** The request the key and the project are checked with, and what it costs: said in the row and in docs/doctor.md. */
const KEY_CHECK = 'GET /v1/analytics/{projectId}/visitors?limit=1 (one day): one of the analytics endpoints’ shared 100 requests an hour, no agent budget';
/** The row of the key and the project. */
function keyFinding(result, projectId) {
    const check = 'api-key and project-id';
    if (result === 'dry-run') {
        return problem(check, 'warn', 'not checked: dry-run sends nothing to the API', {
            then: 'Run the doctor without dry-run to check the key and the project.',
        });
    }
    if (result.ok) {
        return ok(check, `the key reads project ${JSON.stringify(projectId)} (${KEY_CHECK}); a key limited to read scope passes this too, and is refused when it creates a job`);
    }
    const said = result.serverMessage ? ` The API said: ${result.serverMessage}` : '';
    switch (result.status) {
        case 401:
            // The vendor answers 401 both for a key it does not know and for a plan without API access; only its words tell them apart.
            if (/\bplan\b|api access|subscription/i.test(result.serverMessage ?? '')) {
                return problem(check, 'fail', `the organisation's plan does not include API access (401).${said}`, {
                    then: 'API access comes with the plans that include it: see the vendor’s pricing page, or ask its support.',
                });
            }
            return problem(check, 'fail', `the key was refused (401): it is not a key the API knows, or it was revoked or has expired (admin keys expire, by default after 90 days), or the plan does not include API access.${said}`, {
                then: "Make a new admin key on the dashboard's API keys page and put it in the secret the workflows read (MINTLIFY_API_KEY).",
            });
        case 403:
            return problem(check, 'fail', `the key may not read this project (403): it lacks the scope, or this runner's address is not on the key's allowlist.${said}`, {
                then: "Use an admin key without scopes (or with the scopes of every command), and allow GitHub's runners in its allowlist, on the dashboard's API keys page.",
            });
        case 404:
            return problem(check, 'fail', `project ${JSON.stringify(projectId)} was not found (404), or base-url does not point at the API's root.${said}`, {
                then: "Copy the project ID from the dashboard's API keys page into project-id (the MINTLIFY_PROJECT_ID variable), and leave base-url at its default.",
            });
        case 429:
            if (result.usageUsedUp) {
                return problem(check, 'fail', `the key's usage is used up (429): every command is refused until it renews.${said}`, {
                    then: 'Wait for the usage to renew, or raise it on the plan.',
                });
            }
            return problem(check, 'warn', `not checked: the API is rate limiting this organisation (429).${said}`, { then: 'Run the doctor again later.' });
        default:
            return problem(check, 'warn', `not checked: ${result.message}`, {
                then: 'Run the doctor again; if it keeps failing, check base-url and the service’s status page.',
            });
    }
}
/** The row of `github-token`: it reads the workflow's repository, or nothing else can be checked. */
function githubTokenFinding(repository, read, branch) {
    const check = 'github-token';
    if (read.ok)
        return ok(check, `reads ${repository} (its default branch is ${branch ?? 'unknown'})`);
    return problem(check, 'fail', `cannot read ${repository}: ${read.error}`, {
        then: 'Leave github-token at its default (${{ github.token }}), and give the job permissions: contents: read.',
    });
}
/** The row of `docs-token` (the documentation repository, from the code PRs' records); none when nothing here uses one. */
function docsTokenFinding(reach) {
    return tokenFinding('docs-token', 'documentation PRs', 'documentation repository', reach, 'Pull requests: write, and Contents: write to mark a draft ready');
}
/** The row of `code-token` (the code repository, from the documentation PRs' back-links), where `sync` runs here. */
function codeTokenFinding(reach) {
    return tokenFinding('code-token', 'code PRs', 'code repository', reach, 'Commit statuses: write and Pull requests: write');
}
function tokenFinding(input, pulls, side, reach, permissions) {
    const { recorded, repository, given, passedByWorkflows, read } = reach;
    if (recorded === undefined) {
        if (!given && !passedByWorkflows)
            return undefined;
        return problem(input, 'warn', `not checked: no record of this action names the ${side} yet (no ${pulls.slice(0, -1)} has been linked)`, {
            then: `Run the doctor again once the first ${pulls.slice(0, -1)} is linked.`,
        });
    }
    if (recorded.toLowerCase() === repository.toLowerCase())
        return ok(input, `the ${pulls} are in ${repository}: github-token reaches them`);
    const app = `actions/create-github-app-token with owner and repositories naming ${recorded}`;
    if (!given) {
        if (passedByWorkflows) {
            return problem(input, 'warn', `not checked: the workflows pass ${input}, but this doctor was not given it; the ${pulls} are in ${recorded}`, {
                then: `Give this doctor step the same ${input} as the workflows.`,
            });
        }
        return problem(input, 'fail', `the ${pulls} are in ${recorded}, and no step passes ${input}: github-token reaches only ${repository}`, {
            then: `Pass ${input} to the steps (a token with ${permissions} on ${recorded}: ${app}), and to this doctor.`,
        });
    }
    if (read?.ok)
        return ok(input, `reads ${recorded}, where the ${pulls} are`);
    return problem(input, 'fail', `cannot read ${recorded}, where the ${pulls} are: ${read?.error ?? 'not read'}`, {
        then: `Give the token ${permissions} on ${recorded} (${app}).`,
    });
}

// EXTERNAL MODULE: ./src/inputs.ts + 1 modules
var inputs = __webpack_require__(28535);
// EXTERNAL MODULE: ./src/parse.ts
var parse = __webpack_require__(32828);
// EXTERNAL MODULE: ./node_modules/@actions/expressions/dist/index.js + 18 modules
var expressions_dist = __webpack_require__(70620);
// EXTERNAL MODULE: ./node_modules/@actions/expressions/dist/result.js
var result = __webpack_require__(96856);
;// CONCATENATED MODULE: ./src/doctor/expressions.ts


/**
 * GitHub's expressions (`if:` conditions, concurrency groups) evaluated with GitHub's own
 * expression library on the `github` context an event would give, never matched as text: a
 * condition that keeps `merge_group` out, or a group two pull requests share, is found by what it
 * does.
 */
const STATUS_FUNCTIONS = ['success', 'always', 'failure', 'cancelled'].map((name) => ({
    name,
    minArgs: 0,
    maxArgs: 0,
    // A job's `if:` is read before any step failed: success() and always() hold, the others do not.
    call: () => new expressions_dist/* data.BooleanData */.p.bo(name === 'success' || name === 'always'),
}));
/** The value of one expression (with or without its `${{ }}`) against a `github` context; `vars`, `inputs` and `env` empty. */
function evaluate(expression, github) {
    const source = expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
    const { tokens } = new expressions_dist/* Lexer */.JG(source).lex();
    const parsed = new expressions_dist/* Parser */.iX(tokens, ['github', 'vars', 'inputs', 'env'], STATUS_FUNCTIONS).parse();
    const context = new expressions_dist/* data.Dictionary */.p.bT({ key: 'github', value: JSON.parse(JSON.stringify(github), expressions_dist/* data.reviver */.p.eD) }, { key: 'vars', value: new expressions_dist/* data.Dictionary */.p.bT() }, { key: 'inputs', value: new expressions_dist/* data.Dictionary */.p.bT() }, { key: 'env', value: new expressions_dist/* data.Dictionary */.p.bT() });
    return new expressions_dist/* Evaluator */.oi(parsed, context, new Map(STATUS_FUNCTIONS.map((fn) => [fn.name, fn]))).evaluate();
}
/**
 * Whether an `if:` lets an event through (no `if:` lets everything through). A condition GitHub's
 * library cannot read (or one that reads a context this evaluation has not) is `undefined`: not known.
 */
function admitsOrUnknown(condition, github) {
    if (condition === undefined || condition === null)
        return true;
    if (typeof condition === 'boolean')
        return condition;
    // A map or a list is no condition GitHub reads: not known.
    if (typeof condition !== 'string' && typeof condition !== 'number')
        return undefined;
    try {
        return (0,result/* truthy */.vN)(evaluate(String(condition), github));
    }
    catch {
        return undefined;
    }
}
/** Whether an `if:` lets an event through; throws for a condition the library cannot read. */
function admits(condition, github) {
    if (condition === undefined || condition === null)
        return true;
    if (typeof condition === 'boolean')
        return condition;
    if (typeof condition !== 'string' && typeof condition !== 'number')
        throw new Error('An if: condition that is a map or a list');
    return truthy(evaluate(String(condition), github));
}
/** A string with `${{ }}` in it (a concurrency group), as the runner makes it for an event; undefined when it cannot be read. */
function interpolate(text, github) {
    try {
        return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner) => evaluate(inner, github).coerceString());
    }
    catch {
        return undefined;
    }
}
/** The repository the example events come from: a condition compares the head's with it. */
const EXAMPLE_REPOSITORY = 'acme/widgets';
/** The `github` context of a pull request's event, from a branch of the repository (not a fork), by a user. */
function pullRequestContext(event, number, action = 'synchronize') {
    const pullRequest = {
        number,
        head: { ref: 'feature', repo: { full_name: EXAMPLE_REPOSITORY, fork: false } },
        base: { ref: 'main' },
        user: { type: 'User' },
    };
    return {
        event_name: event,
        repository: EXAMPLE_REPOSITORY,
        ref: `refs/pull/${number}/merge`,
        head_ref: 'feature',
        base_ref: 'main',
        event: { action, pull_request: pullRequest, ...(event === 'pull_request_review' ? { review: { state: 'approved' } } : { number }) },
    };
}
/** The `github` context of a merge queue's `checks_requested` for pull request 12: no pull request in it. */
const MERGE_GROUP_CONTEXT = {
    event_name: 'merge_group',
    repository: EXAMPLE_REPOSITORY,
    ref: `refs/heads/gh-readonly-queue/main/pr-12-${'b'.repeat(40)}`,
    head_ref: '',
    base_ref: '',
    event: {
        action: 'checks_requested',
        merge_group: {
            head_sha: 'a'.repeat(40),
            head_ref: `refs/heads/gh-readonly-queue/main/pr-12-${'b'.repeat(40)}`,
            base_sha: 'b'.repeat(40),
            base_ref: 'refs/heads/main',
        },
    },
};

;// CONCATENATED MODULE: ./src/doctor/workflow.ts

function parseWorkflow(text) {
    let value;
    try {
        // One document, with every alias expanded at most as far as yaml's own limit (no billion laughs).
        value = (0,dist/* parse */.qg)(text, { maxAliasCount: 100 });
    }
    catch (error) {
        const first = error instanceof Error ? error.message.split('\n', 1)[0] : 'not YAML';
        return { ok: false, problem: `not YAML: ${first}` };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return { ok: false, problem: 'not a mapping of workflow keys' };
    const workflow = value;
    if (workflow.jobs !== undefined && (typeof workflow.jobs !== 'object' || workflow.jobs === null || Array.isArray(workflow.jobs))) {
        return { ok: false, problem: '`jobs` is not a mapping of jobs' };
    }
    return { ok: true, workflow };
}
/** The jobs of a workflow, each with its steps as a list (a job without a list of steps has none). */
function jobsOf(workflow) {
    return Object.entries(workflow.jobs ?? {}).flatMap(([name, job]) => {
        if (typeof job !== 'object' || job === null)
            return [];
        const steps = Array.isArray(job.steps) ? job.steps.filter((step) => typeof step === 'object' && step !== null) : [];
        return [[name, job, steps]];
    });
}
/** The events a workflow runs on, with their settings (`on:` as a name, a list or a map). */
function triggersOf(workflow) {
    const on = workflow.on;
    if (typeof on === 'string')
        return new Map([[on, null]]);
    if (Array.isArray(on))
        return new Map(on.filter((name) => typeof name === 'string').map((name) => [name, null]));
    if (typeof on === 'object' && on !== null)
        return new Map(Object.entries(on));
    return new Map();
}
/** The activity types an event's trigger lists; undefined when it lists none (GitHub's defaults then). */
function typesOf(triggers, event) {
    const types = triggers.get(event)?.types;
    if (typeof types === 'string')
        return [types];
    return Array.isArray(types) ? types.filter((type) => typeof type === 'string') : undefined;
}
/** The types a `pull_request` or `pull_request_target` trigger runs on when it lists none. */
const DEFAULT_PULL_REQUEST_TYPES = ['opened', 'synchronize', 'reopened'];
/** Whether a trigger runs on an activity type: listed, or among GitHub's defaults when none are listed. */
function runsOnType(triggers, event, type, defaults) {
    if (!triggers.has(event))
        return false;
    const types = typesOf(triggers, event);
    if (types === undefined)
        return defaults === 'all' || defaults.includes(type);
    return types.includes(type);
}
/** The events of a code or documentation pull request's own: a workflow on any of them runs per pull request. */
const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target', 'pull_request_review'];
/** The commands the contract names (`command:` and the sub-actions' folders): one of this build's, or one it does not have yet. */
const CONTRACT_COMMANDS = ['agent', 'visitors', 'refresh', 'sync', 'sweep', 'release', 'doctor'];
/** A command the action has, by the contract's names, or one given as an expression (known only at run time). */
function isKnownCommand(command) {
    return CONTRACT_COMMANDS.includes(command) || isExpression(command);
}
/**
 * The action a step runs, when it is this one: `owner/docs-agent-action[/command]@ref` (any owner:
 * a fork's copy is still this action, and the doctor says whose it is), or, in the action's own
 * repository, `./` and `./command` (`local`). Undefined for any other step.
 */
function actionOf(step, { local = true } = {}) {
    const uses = typeof step.uses === 'string' ? step.uses.trim() : '';
    const remote = /^([\w.-]+\/docs-agent-action)(?:\/([a-z]+))?@(\S+)$/.exec(uses);
    const here = local ? /^\.\/([a-z]*)\/?$/.exec(uses) : null;
    if (!remote && !here)
        return undefined;
    const subAction = (remote ? remote[2] : here[1]) ?? '';
    const command = subAction || stringInput(step, 'command')?.trim() || 'agent';
    return { command, subAction, repository: remote?.[1] ?? '', ref: remote?.[3] ?? '' };
}
/** The command a step of this action runs (`agent`, `sweep`, …), or undefined for any other step. */
function commandOf(step, options) {
    return actionOf(step, options)?.command;
}
/** A YAML scalar as the runner reads it in an expression's place (a string, a number, a boolean); undefined for a map, a list or nothing. */
function scalarText(value) {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}
/** An input a step gives as the runner passes it: a string (YAML's booleans and numbers as their text), undefined when absent. */
function stringInput(step, name) {
    const value = step.with?.[name];
    if (typeof value === 'string')
        return value;
    if (typeof value === 'boolean' || typeof value === 'number')
        return String(value);
    return undefined;
}
/** An input given as an expression (`${{ … }}`): its value is known only at run time. */
function isExpression(value) {
    return value !== undefined && value.includes('${{');
}
/** An input the runner reads as `true` (any case), as `inputs.ts` parses booleans. */
function isTrue(value) {
    return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}
function isFalse(value) {
    return value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false');
}
/** Whether a step of this action waits on the agent: `agent` and `refresh` unless `wait: false`, the review loop's `sync` likewise. */
function waitsOnAgent(step, options) {
    const command = commandOf(step, options);
    const waits = !isFalse(step.with?.wait);
    if (command === 'agent' || command === 'refresh')
        return waits;
    if (command === 'sync')
        return isTrue(step.with?.['review-loop']) && waits;
    return false;
}
/** `docs-status` as the action reads it: off unless `written`, `approved` or `true`. */
function keepsDocsStatus(step) {
    const value = stringInput(step, 'docs-status')?.trim().toLowerCase();
    return value !== undefined && value !== '' && value !== 'false';
}

;// CONCATENATED MODULE: ./src/doctor/rules.ts





/** The group a job of a pull request's workflow is given by the fixes: one per pull request (a queue's entry, a push, each its own), one per workflow. */
const PER_PULL_REQUEST_GROUP = '${{ github.workflow }}-${{ github.event.pull_request.number || github.event.merge_group.head_sha || github.ref }}';
// --- Rule 1: a queue per pull request --------------------------------------------------------
function concurrencyProblems(workflow, options = {}) {
    const events = [...triggersOf(workflow).keys()].filter((event) => PULL_REQUEST_EVENTS.includes(event));
    if (events.length === 0)
        return [];
    const problems = [];
    for (const [name, job, steps] of jobsOf(workflow)) {
        const ownGroup = job.concurrency !== undefined;
        const declared = ownGroup ? job.concurrency : workflow.concurrency;
        const where = ownGroup ? ['jobs', name, 'concurrency'] : ['concurrency'];
        const commands = steps.map((step) => commandOf(step, options)).filter((command) => command !== undefined);
        const sweepsOnly = commands.length > 0 && commands.every((command) => command === 'sweep');
        const wanted = sweepsOnly
            ? { group: 'docs-sweep', 'cancel-in-progress': false }
            : { group: PER_PULL_REQUEST_GROUP, 'cancel-in-progress': false, queue: 'max' };
        if (declared === undefined || declared === null) {
            problems.push(warn(`job ${name}: no concurrency group`, [{ op: 'set', path: ['jobs', name, 'concurrency'], value: wanted }]));
            continue;
        }
        const concurrency = typeof declared === 'object' ? declared : { group: declared };
        // A group written as a string has no keys to set: the fix writes the whole section.
        const set = (key, value) => typeof declared === 'object' ? { op: 'set', path: [...where, key], value } : { op: 'set', path: where, value: { ...wanted, group: declared } };
        const group = (github) => interpolate(scalarText(concurrency.group) ?? '', github);
        if (concurrency['cancel-in-progress'] !== false)
            problems.push(warn(`job ${name}: cancel-in-progress is not false`, [set('cancel-in-progress', false)]));
        if (sweepsOnly) {
            // Sweeps: one group for all, whichever pull request's event starts them.
            if (group(pullRequestContext(events[0], 12)) !== group(pullRequestContext(events[0], 13)))
                problems.push(warn(`job ${name}: sweeps of two pull requests in two groups`, [set('group', 'docs-sweep')]));
            continue;
        }
        if (concurrency.queue !== 'max')
            problems.push(warn(`job ${name}: no queue: max (a third run cancels the pending one)`, [set('queue', 'max')]));
        const twelve = events.flatMap((event) => [group(pullRequestContext(event, 12)), group(pullRequestContext(event, 12, 'labeled'))]);
        if (twelve.includes(undefined))
            continue;
        const ofTwelve = new Set(twelve);
        const ofThirteen = events.map((event) => group(pullRequestContext(event, 13)));
        const perPullRequest = set('group', PER_PULL_REQUEST_GROUP);
        if (ofTwelve.size > 1)
            problems.push(warn(`job ${name}: one pull request's events in several groups (${[...ofTwelve].join(', ')})`, [perPullRequest]));
        const shared = ofThirteen.find((other) => ofTwelve.has(other));
        if (shared !== undefined)
            problems.push(warn(`job ${name}: two pull requests share the group ${shared}`, [perPullRequest]));
    }
    return problems;
}
/** GitHub refuses `queue: max` beside `cancel-in-progress: true` (the workflow does not run); its parser does not say so. */
function queueWithCancel(workflow) {
    const sections = [
        ['workflow', ['concurrency'], workflow.concurrency],
        ...jobsOf(workflow).map(([name, job]) => [`job ${name}`, ['jobs', name, 'concurrency'], job.concurrency]),
    ];
    return sections.flatMap(([where, path, section]) => {
        const concurrency = section;
        if (typeof concurrency !== 'object' || concurrency === null || concurrency.queue !== 'max' || !isTrue(concurrency['cancel-in-progress']))
            return [];
        return [fail(`${where}: queue: max with cancel-in-progress: true`, [{ op: 'set', path: [...path, 'cancel-in-progress'], value: false }])];
    });
}
// --- Rule 2: the runner that fits ---------------------------------------------------------------
/** The 15-minute cap of `ubuntu-slim`: a job there that may take longer is stopped. */
const SLIM_CAP_MS = 15 * 60_000;
/** The longest a waiting step may take, in milliseconds: its `timeout`, then its last writes' two `request-timeout` windows. */
function longestStepMs(step) {
    const input = (name) => {
        const given = stringInput(step, name)?.trim();
        const text = given && !isExpression(given) ? given : inputs/* INPUT_DEFAULTS */.WJ[name];
        try {
            return (0,parse/* parseDuration */.E9)(text);
        }
        catch {
            return (0,parse/* parseDuration */.E9)(inputs/* INPUT_DEFAULTS */.WJ[name]);
        }
    };
    return input(constants/* Inputs */.G0.Timeout) + 2 * input(constants/* Inputs */.G0.RequestTimeout);
}
/** The one label a job runs on, when it names one (`ubuntu-latest`, `[ubuntu-slim]`); undefined for a group, a matrix, several labels. */
function labelOf(job) {
    const runsOn = job['runs-on'];
    const label = Array.isArray(runsOn) && runsOn.length === 1 ? runsOn[0] : runsOn;
    return typeof label === 'string' && !isExpression(label) ? label : undefined;
}
function runnerProblems(workflow, options = {}) {
    const problems = [];
    for (const [name, job, allSteps] of jobsOf(workflow)) {
        // A command the action does not have runs nothing (the doctor says so of its `uses:`): no runner fits it.
        const steps = allSteps.filter((step) => {
            const command = commandOf(step, options);
            return command !== undefined && isKnownCommand(command);
        });
        if (steps.length === 0)
            continue;
        const label = labelOf(job);
        // A self-hosted runner is the repository's own choice: only GitHub's hosted labels are held to a size.
        const hosted = label !== undefined && /^(?:ubuntu|windows|macos)-/.test(label);
        const runsOn = JSON.stringify(job['runs-on']);
        const waiting = steps.filter((step) => waitsOnAgent(step, options));
        const runsOnFix = (value) => [{ op: 'set', path: ['jobs', name, 'runs-on'], value }];
        if (waiting.length === 0) {
            if (hosted && label !== 'ubuntu-slim')
                problems.push(warn(`job ${name}: never waits on the agent, but runs on ${runsOn}, not ubuntu-slim`, runsOnFix('ubuntu-slim')));
            continue;
        }
        const longestMs = waiting.reduce((sum, step) => sum + longestStepMs(step), 0);
        const minutes = `${longestMs / 60_000} min`;
        if (hosted && label !== 'ubuntu-latest') {
            const stopped = label === 'ubuntu-slim' && longestMs > SLIM_CAP_MS;
            problems.push({
                ...warn(`job ${name}: waits on the agent, but runs on ${runsOn}, not ubuntu-latest`, runsOnFix('ubuntu-latest')),
                level: stopped ? 'fail' : 'warn',
            });
        }
        const timeoutMinutes = job['timeout-minutes'];
        const roomy = [{ op: 'set', path: ['jobs', name, 'timeout-minutes'], value: Math.ceil(longestMs / 60_000) + 5 }];
        if (typeof timeoutMinutes === 'string' && isExpression(timeoutMinutes))
            continue;
        if (typeof timeoutMinutes !== 'number')
            problems.push(warn(`job ${name}: waits up to ${minutes}, with no timeout-minutes`, roomy));
        else if (timeoutMinutes * 60_000 <= longestMs)
            problems.push(fail(`job ${name}: waits up to ${minutes}, but timeout-minutes is ${timeoutMinutes}`, roomy));
    }
    return problems;
}
// --- Rule 3: the merge queue sees the gate ------------------------------------------------------
/** A step that keeps its own repository's gate: the agent with `docs-status`. */
function keepsGateStep(step, options = {}) {
    return commandOf(step, options) === 'agent' && keepsDocsStatus(step);
}
/** Whether a workflow keeps its own repository's gate: the agent with `docs-status` on the code PR's events. */
function keepsGate(workflow, options = {}) {
    const triggers = triggersOf(workflow);
    if (!triggers.has('pull_request') && !triggers.has('pull_request_target'))
        return false;
    return jobsOf(workflow).some(([, , steps]) => steps.some((step) => keepsGateStep(step, options)));
}
/** The `merge_group` trigger the fixes add, and the condition that lets it in before one that keeps it out. */
const MERGE_GROUP_TRIGGER = { types: ['checks_requested'] };
const letMergeGroupIn = (condition) => `github.event_name == 'merge_group' || (${String(condition)})`;
/** Rule 3: why a merge queue would wait for a `documentation` status this workflow never writes. */
function mergeQueueProblems(workflow, options = {}) {
    if (!keepsGate(workflow, options))
        return [];
    const problems = [];
    const triggers = triggersOf(workflow);
    if (!triggers.has('merge_group')) {
        problems.push(fail('keeps the documentation gate, but does not run on merge_group', [addTrigger(workflow, 'merge_group', MERGE_GROUP_TRIGGER)]));
    }
    else {
        const types = typesOf(triggers, 'merge_group');
        if (types !== undefined && !types.includes('checks_requested'))
            problems.push(fail('merge_group without checks_requested', [{ op: 'add', path: ['on', 'merge_group', 'types'], value: 'checks_requested' }]));
    }
    for (const [name, job, steps] of jobsOf(workflow)) {
        if (!steps.some((step) => keepsGateStep(step, options)))
            continue;
        if (admitsOrUnknown(job.if, MERGE_GROUP_CONTEXT) === false)
            problems.push(fail(`job ${name}: its if: keeps merge_group out`, [{ op: 'set', path: ['jobs', name, 'if'], value: letMergeGroupIn(job.if) }]));
        steps.forEach((step, index) => {
            if (!keepsGateStep(step, options) || admitsOrUnknown(step.if, MERGE_GROUP_CONTEXT) !== false)
                return;
            problems.push(fail(`job ${name}: the step ${String(step.uses)}: its if: keeps merge_group out`, [
                { op: 'set', path: ['jobs', name, 'steps', index, 'if'], value: letMergeGroupIn(step.if) },
            ]));
        });
    }
    return problems;
}
/**
 * Triggers that list `labeled` (the waiver label added) without `unlabeled` (taken away): a
 * workflow that runs on the one and not the other leaves the waiver's `success` on a code PR that
 * no longer carries the label.
 */
function labeledWithoutUnlabeled(workflow) {
    return [...triggersOf(workflow).keys()].flatMap((event) => {
        const types = typesOf(triggersOf(workflow), event);
        if (!types?.includes('labeled') || types.includes('unlabeled'))
            return [];
        return [
            fail(`on.${event} runs on labeled but not unlabeled: taking the waiver label away leaves its success standing`, [
                { op: 'add', path: ['on', event, 'types'], value: 'unlabeled' },
            ]),
        ];
    });
}
/**
 * The edit that makes a workflow run on one more event: a key under `on:` when it is a map, else
 * the whole `on:` as a map of what it had and the event.
 */
function addTrigger(workflow, event, settings) {
    if (typeof workflow.on === 'object' && workflow.on !== null && !Array.isArray(workflow.on))
        return { op: 'set', path: ['on', event], value: settings };
    return { op: 'set', path: ['on'], value: { ...Object.fromEntries(triggersOf(workflow)), [event]: settings } };
}
/**
 * The edit that makes a trigger run on more activity types: added to its `types` when it lists
 * some, else (GitHub's defaults) the defaults with these.
 */
function addTypes(workflow, event, defaults, wanted) {
    const triggers = triggersOf(workflow);
    const types = typesOf(triggers, event);
    if (types !== undefined && typeof workflow.on === 'object' && !Array.isArray(workflow.on)) {
        return wanted.filter((type) => !types.includes(type)).map((type) => ({ op: 'add', path: ['on', event, 'types'], value: type }));
    }
    const settings = triggers.get(event) ?? {};
    return [addTrigger(workflow, event, { ...settings, types: [...new Set([...(types ?? defaults), ...wanted])] })];
}
function warn(says, edits) {
    return { says, level: 'warn', fix: { edits } };
}
function fail(says, edits) {
    return { says, level: 'fail', fix: { edits } };
}

;// CONCATENATED MODULE: ./src/doctor/scripts.ts

/**
 * No expression in a script: the runner pastes `${{ … }}` into a `run:` script (or an
 * `actions/github-script` `script:`) before the shell sees it, so a value holding `"; curl … | sh`
 * runs as code. Inside a script an expression may read only `runner.*` (set by the runner) and
 * `matrix.*` of a job whose matrix is written out in the file; everything else goes through `env:`
 * and is quoted in the script (`"$PR_LINK"`).
 */
/** The contexts a script may read in an expression; `matrix` only where the matrix is literal. */
const TRUSTED_IN_SCRIPTS = new Set(['runner', 'matrix']);
/**
 * The contexts that carry text from outside into a script: the event's data and branch names
 * (`github`), inputs, and outputs (this action's hold the API's and the pull request's text). An
 * expression that reads one of them is an injection; any other is a habit to drop.
 */
const OUTSIDE_TEXT = new Set(['github', 'inputs', 'steps', 'needs']);
/** The contexts an expression reads: the first name of each property path, functions and literals left out. */
function contextsRead(expression) {
    const code = expression.replace(/'(?:[^']|'')*'/g, "''");
    const names = [...code.matchAll(/(?<![\w.-])([A-Za-z_][\w-]*)(?![\w-])(?!\s*\()/g)].map((match) => match[1]);
    return names.filter((name) => !['true', 'false', 'null', 'NaN', 'Infinity'].includes(name));
}
/** The expressions of a script that read anything but the trusted contexts. */
function untrustedExpressions(script, matrixIsLiteral) {
    return [...script.matchAll(/\$\{\{([\s\S]*?)\}\}/g)]
        .filter(([, inner]) => contextsRead(inner).some((name) => !TRUSTED_IN_SCRIPTS.has(name) || (name === 'matrix' && !matrixIsLiteral)))
        .map(([whole]) => whole);
}
/**
 * Walks a parsed workflow, action or snippet, whatever its shape, and returns every script (a
 * step's `run:`, an `actions/github-script` step's `script:`) that interpolates untrusted data.
 */
function scriptInjections(node, matrixIsLiteral = false) {
    if (Array.isArray(node))
        return node.flatMap((item) => scriptInjections(item, matrixIsLiteral));
    if (typeof node !== 'object' || node === null)
        return [];
    const object = node;
    const literal = matrixLiteral(object, matrixIsLiteral);
    const found = [];
    if (typeof object.run === 'string')
        found.push(...untrustedExpressions(object.run, literal).map((e) => `run: ${e}`));
    const script = githubScriptOf(object);
    if (script !== undefined)
        found.push(...untrustedExpressions(script, literal).map((e) => `script: ${e}`));
    for (const value of Object.values(object))
        found.push(...scriptInjections(value, literal));
    return found;
}
/** Whether a node's matrix is written out (no expression builds it), or, without one of its own, the enclosing one's. */
function matrixLiteral(node, enclosing) {
    const strategy = node.strategy;
    return strategy?.matrix === undefined ? enclosing : !JSON.stringify(strategy.matrix).includes('${{');
}
/** The script of an `actions/github-script` step, when the node is one. */
function githubScriptOf(node) {
    const script = node.with?.script;
    return typeof node.uses === 'string' && node.uses.startsWith('actions/github-script@') && typeof script === 'string' ? script : undefined;
}
/**
 * The scripts of a workflow's steps that interpolate untrusted data, each with the fix: the
 * expression moved into the step's `env:` under a name of its own, and the script reading that
 * variable, quoted. A `fail` where the expression reads text from outside, else a `warn`.
 */
function scriptProblems(workflow) {
    const problems = [];
    for (const [name, job, steps] of jobsOf(workflow)) {
        const literal = matrixLiteral(job, false);
        steps.forEach((step, index) => {
            const node = step;
            const [key, script] = typeof step.run === 'string' ? ['run', step.run] : ['script', githubScriptOf(node)];
            if (script === undefined)
                return;
            const expressions = [...new Set(untrustedExpressions(script, literal))];
            if (expressions.length === 0)
                return;
            const env = typeof step.env === 'object' && step.env !== null ? step.env : {};
            const taken = new Set(Object.keys(env));
            const edits = [];
            let rewritten = script;
            for (const expression of expressions) {
                const variable = variableFor(expression, taken);
                taken.add(variable);
                edits.push({ op: 'set', path: ['jobs', name, 'steps', index, 'env', variable], value: expression });
                rewritten = substituted(rewritten, expression, variable, key === 'run' ? 'shell' : 'javascript');
            }
            edits.push({
                op: 'set',
                path: key === 'run' ? ['jobs', name, 'steps', index, 'run'] : ['jobs', name, 'steps', index, 'with', 'script'],
                value: rewritten,
            });
            const outside = expressions.some((expression) => contextsRead(expression.slice(3, -2)).some((context) => OUTSIDE_TEXT.has(context)));
            problems.push({
                says: `job ${name}: the step ${stepName(step, index)} pastes ${expressions.join(', ')} into its ${key === 'run' ? 'run:' : 'script:'} script${outside ? ', text from outside that runs as code' : ''}`,
                level: outside ? 'fail' : 'warn',
                fix: { edits },
            });
        });
    }
    return problems;
}
/** A step as a person finds it in the file: its name, else its ID, else its place. */
function stepName(step, index) {
    if (typeof step.name === 'string' && step.name.trim())
        return `"${step.name.trim()}"`;
    if (typeof step.id === 'string' && step.id.trim())
        return `"${step.id.trim()}"`;
    return `#${index + 1}`;
}
/** An environment variable's name for an expression: its last property, in capitals (`steps.docs.outputs.pr-link` → `PR_LINK`), one not taken. */
function variableFor(expression, taken) {
    const words = [...expression.slice(3, -2).matchAll(/[A-Za-z_][\w-]*/g)].map((match) => match[0]);
    const base = (words.at(-1) ?? 'VALUE')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .toUpperCase()
        .replace(/^(\d)/, '_$1') || 'VALUE';
    let name = base;
    for (let n = 2; taken.has(name); n++)
        name = `${base}_${n}`;
    return name;
}
/**
 * A script with each occurrence of an expression replaced by what reads its variable there: in a
 * shell, `"$NAME"` (`${NAME}` inside double quotes, `'"$NAME"'` inside single ones), so the value
 * is one word and never code; in JavaScript, `process.env.NAME`, joined to the string it sat in.
 */
function substituted(script, expression, variable, language) {
    let result = '';
    let quote;
    for (let at = 0; at < script.length;) {
        if (script.startsWith(expression, at)) {
            result += replacement(variable, language, quote);
            at += expression.length;
            continue;
        }
        const char = script[at];
        if (char === '\\' && quote !== "'") {
            result += script.slice(at, at + 2);
            at += 2;
            continue;
        }
        if (quote === undefined && (char === '"' || char === "'" || (language === 'javascript' && char === '`')))
            quote = char;
        else if (char === quote)
            quote = undefined;
        result += char;
        at += 1;
    }
    // A JavaScript string left holding only the variable reads better as the variable alone.
    return language === 'javascript' ? result.replace(/(["'`])\1 \+ (process\.env\.\w+) \+ \1\1/g, '$2') : result;
}
function replacement(variable, language, quote) {
    if (language === 'javascript')
        return quote === undefined ? `process.env.${variable}` : `${quote} + process.env.${variable} + ${quote}`;
    if (quote === '"')
        return `\${${variable}}`;
    if (quote === "'")
        return `'"$${variable}"'`;
    return `"$${variable}"`;
}

;// CONCATENATED MODULE: ./src/doctor/forks.ts


/**
 * The fork guard: GitHub gives a pull request from a fork no secrets (its run would fail on an
 * empty `api-key`) and a read-only token, and its text is untrusted. A job of this action on a pull
 * request's events that uses a secret keeps forks out with an `if:` (its own or its step's),
 * judged by what the condition does on a fork's event, as GitHub's expression library evaluates it.
 *
 * Only `pull_request_target`: the run has the secrets whatever the fork, on the base repository's
 * code. A job there is safe for forks when it checks nothing out and the action skips forks (no
 * `allow-forks`): the fork's text reaches nothing, and a status is still left.
 */
/** The condition the fixes add: true on every event but a fork's pull request. */
const FORK_GUARD = '!github.event.pull_request || github.event.pull_request.head.repo.full_name == github.repository';
/** The `github` context of a pull request's event from a fork. */
function forkContext(event) {
    const pullRequest = {
        number: 12,
        head: { ref: 'feature', repo: { full_name: 'someone/widgets', fork: true } },
        base: { ref: 'main' },
        user: { type: 'User' },
    };
    return {
        event_name: event,
        repository: EXAMPLE_REPOSITORY,
        ref: 'refs/pull/12/merge',
        head_ref: 'feature',
        base_ref: 'main',
        event: {
            action: event === 'pull_request_review' ? 'submitted' : 'opened',
            pull_request: pullRequest,
            ...(event === 'pull_request_review' ? {} : { number: 12 }),
        },
    };
}
/** The jobs that would run this action with a secret for a fork's pull request, each with the guard that fixes it. */
function forkProblems(workflow, options = {}) {
    const events = [...triggersOf(workflow).keys()].filter((event) => PULL_REQUEST_EVENTS.includes(event));
    if (events.length === 0)
        return [];
    const targetOnly = events.every((event) => event === 'pull_request_target');
    const problems = [];
    for (const [name, job, steps] of jobsOf(workflow)) {
        const checksOut = steps.some((step) => typeof step.uses === 'string' && /^actions\/checkout@/.test(step.uses));
        const open = steps.filter((step) => {
            if (!actionOf(step, options) || !/\$\{\{\s*secrets\./.test(JSON.stringify(step.with ?? {})))
                return false;
            const allowsForks = isTrue(step.with?.['allow-forks']);
            if (targetOnly && !checksOut && !allowsForks)
                return false;
            // Kept out when the job's or the step's condition is false on a fork's event (one it cannot read counts as keeping out).
            return events.some((event) => admitsOrUnknown(job.if, forkContext(event)) === true && admitsOrUnknown(step.if, forkContext(event)) === true);
        });
        if (open.length === 0)
            continue;
        // On pull_request_target the fork's code runs with the secrets; elsewhere the run only fails without them.
        const exposed = events.includes('pull_request_target') && (checksOut || open.some((step) => isTrue(step.with?.['allow-forks'])));
        const condition = scalarText(job.if);
        const guard = condition === undefined ? FORK_GUARD : `(${condition}) && (${FORK_GUARD})`;
        problems.push({
            says: exposed
                ? `job ${name}: runs this action with its secrets on code and text from forks (pull_request_target with ${checksOut ? 'a checkout' : 'allow-forks'})`
                : `job ${name}: runs for pull requests from forks, which get no secrets: the step fails on every one`,
            level: exposed ? 'fail' : 'warn',
            fix: { edits: [{ op: 'set', path: ['jobs', name, 'if'], value: guard }] },
        });
    }
    return problems;
}

;// CONCATENATED MODULE: ./src/doctor/workflow-checks.ts







/** The steps of a workflow that run this action. */
function actionSteps(workflow, options = {}) {
    return jobsOf(workflow).flatMap(([job, jobSpec, steps]) => steps.flatMap((step, index) => {
        const action = actionOf(step, options);
        return action ? [{ job, jobSpec, index, step, action }] : [];
    }));
}
/** Every row of one workflow file that runs this action. */
function checkWorkflowFile(file, workflow, context) {
    return checksOf(workflow, context).flatMap(({ check, problems, allGood }) => problems.length === 0
        ? [ok(`${file}: ${check}`, allGood)]
        : problems.map((each) => problem(`${file}: ${check}`, each.level, each.says, { file, ...each.fix })));
}
/** Each check of a file, with the problems it found and what it says when it found none. */
function checksOf(workflow, context) {
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
function withWhatItNeeds(workflow, edits, context) {
    const key = (check, says) => `${check}\n${says}`;
    const before = new Set(checksOf(workflow, context).flatMap(({ check, problems }) => problems.map((each) => key(check, each.says))));
    const all = [...edits];
    let current = applyEdits(workflow, edits);
    for (let round = 0; round < NEEDS_ROUNDS; round++) {
        const next = checksOf(current, context)
            .flatMap(({ check, problems }) => problems.map((each) => ({ ...each, check })).filter((each) => !before.has(key(check, each.says))))
            .find((each) => (each.fix.edits ?? []).length > 0);
        if (!next)
            break;
        // Taken once: a problem its own edits did not end is not taken again.
        before.add(key(next.check, next.says));
        all.push(...next.fix.edits);
        current = applyEdits(current, next.fix.edits);
    }
    return all;
}
function describeStep({ job, step, index, action }) {
    const from = action.repository ? `${action.repository}${action.subAction ? `/${action.subAction}` : ''}@${action.ref}` : `./${action.subAction}`;
    const pinned = /^[0-9a-f]{40}$/.test(action.ref) ? ', pinned to a commit' : '';
    return `job ${job}, step ${stepName(step, index)}: command ${action.command} from ${from}${pinned}`;
}
const stepPath = (each, ...rest) => ['jobs', each.job, 'steps', each.index, ...rest];
const where = (each) => `job ${each.job}, step ${stepName(each.step, each.index)}`;
// --- uses -----------------------------------------------------------------------------------------
function usesProblems(steps, context) {
    return steps.flatMap((each) => {
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
        if (!action.repository || !canonical || action.repository.toLowerCase() === canonical.toLowerCase())
            return [];
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
const OWNED = new Set(Object.values(inputs/* COMMAND_INPUTS */.GP).flat());
const COMMON = Object.values(constants/* Inputs */.G0).filter((name) => !OWNED.has(name));
/** The inputs a step of this command may give: the root's every input, a sub-action's common ones and its command's. */
function knownInputs(action) {
    if (!action.subAction)
        return new Set(Object.values(constants/* Inputs */.G0));
    const own = inputs/* COMMAND_INPUTS */.GP[action.command] ?? [];
    return new Set([...COMMON.filter((name) => name !== constants/* Inputs */.G0.Command), ...own]);
}
/** What turns `pr-comment` on in an agent step, when it is not given as true: each keeps its memory in the comment's record. */
function commentBringers(step, onPullRequests) {
    const docsStatus = stringInput(step, constants/* Inputs */.G0.DocsStatus)?.trim().toLowerCase();
    return [
        isTrue(step.with?.[constants/* Inputs */.G0.ReuseJob]) && constants/* Inputs */.G0.ReuseJob,
        isTrue(step.with?.[constants/* Inputs */.G0.FollowCodePr]) && constants/* Inputs */.G0.FollowCodePr,
        isTrue(step.with?.[constants/* Inputs */.G0.ReaderImpact]) && constants/* Inputs */.G0.ReaderImpact,
        docsStatus === 'approved' && 'docs-status: approved',
        onPullRequests && isFalse(step.with?.[constants/* Inputs */.G0.Wait]) && keepsDocsStatus(step) && 'wait: false with docs-status',
    ].filter((name) => Boolean(name));
}
/** Whether an agent step keeps the pull-request comment: given, or brought by an input that keeps its memory there. */
function keepsComment(step, onPullRequests) {
    return isTrue(step.with?.[constants/* Inputs */.G0.PrComment]) || commentBringers(step, onPullRequests).length > 0;
}
function inputProblems(steps, onPullRequests) {
    const problems = [];
    for (const each of steps) {
        const { step, action } = each;
        const known = knownInputs(action);
        for (const name of Object.keys(step.with ?? {})) {
            if (known.has(name))
                continue;
            const belongs = Object.entries(inputs/* COMMAND_INPUTS */.GP).filter(([, names]) => names.includes(name));
            const why = belongs.length > 0 ? `an input of command ${belongs.map(([command]) => command).join(', ')}, not of ${action.command}` : 'no input of this action';
            problems.push({
                says: `${where(each)}: ${name} is ${why}: the runner warns and ignores it`,
                level: 'warn',
                fix: { edits: [{ op: 'remove', path: stepPath(each, 'with', name) }] },
            });
        }
        if (action.command !== 'agent' || isTrue(step.with?.[constants/* Inputs */.G0.PrComment]))
            continue;
        const bringers = commentBringers(step, onPullRequests);
        const turnOn = [{ op: 'set', path: stepPath(each, 'with', constants/* Inputs */.G0.PrComment), value: true }];
        if (bringers.length > 0) {
            problems.push({
                says: `${where(each)}: ${bringers.join(', ')} keep${bringers.length === 1 ? 's' : ''} its memory in the pull-request comment, so every run turns pr-comment on with a notice`,
                level: 'warn',
                fix: { edits: turnOn },
            });
        }
        else if (onPullRequests && isFalse(step.with?.[constants/* Inputs */.G0.Wait])) {
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
function triggerProblems(workflow, steps, context) {
    const triggers = triggersOf(workflow);
    const problems = [];
    const agents = steps.filter(({ action }) => action.command === 'agent');
    problems.push(...labeledWithoutUnlabeled(workflow));
    for (const event of ['pull_request', 'pull_request_target'].filter((name) => triggers.has(name))) {
        const types = typesOf(triggers, event);
        const has = (type) => runsOnType(triggers, event, type, DEFAULT_PULL_REQUEST_TYPES);
        if (!types?.includes('labeled') && agents.some(({ step }) => keepsDocsStatus(step))) {
            problems.push({
                says: `on.${event} lists neither labeled nor unlabeled: adding the waive-label (or taking it away) changes the documentation status only at the next push`,
                level: 'warn',
                fix: { edits: addTypes(workflow, event, DEFAULT_PULL_REQUEST_TYPES, ['labeled', 'unlabeled']) },
            });
        }
        if (agents.some(({ step }) => isTrue(step.with?.[constants/* Inputs */.G0.FollowCodePr])) && !has('closed')) {
            problems.push(workflow_checks_fail(`on.${event} does not run on closed: with follow-code-pr, a closed code PR's documentation PR is never closed or marked ready`, addTypes(workflow, event, DEFAULT_PULL_REQUEST_TYPES, ['closed'])));
        }
    }
    if (context.mergeQueue === true)
        problems.push(...mergeQueueProblems(workflow, context));
    const reviewLoops = steps.filter(({ action, step }) => action.command === 'sync' && isTrue(step.with?.[constants/* Inputs */.G0.ReviewLoop]));
    if (reviewLoops.length > 0 && !runsOnType(triggers, 'pull_request_review', 'submitted', 'all')) {
        const edits = triggers.has('pull_request_review')
            ? addTypes(workflow, 'pull_request_review', ['submitted', 'edited', 'dismissed'], ['submitted'])
            : [addTrigger(workflow, 'pull_request_review', { types: ['submitted', 'dismissed'] })];
        problems.push(workflow_checks_fail('the review loop runs on pull_request_review (submitted), which this workflow does not: no review reaches the agent', edits));
    }
    return problems;
}
const RANK = { none: 0, read: 1, write: 2 };
/** What the token of a job needs for its steps of this action, scope by scope, with why. */
function needsOf(steps, onPullRequests) {
    const needs = new Map();
    const need = (scope, access, why) => {
        if (RANK[access] > RANK[needs.get(scope)?.access ?? 'none'])
            needs.set(scope, { access, why });
    };
    for (const { step, action } of steps) {
        // A step given a token of its own writes with that token's permissions, which no workflow file says.
        if (!writesWithWorkflowToken(step))
            continue;
        const gate = keepsDocsStatus(step);
        switch (action.command) {
            case 'agent':
                if (onPullRequests && keepsComment(step, onPullRequests))
                    need('pull-requests', 'write', 'pr-comment');
                if (onPullRequests && gate)
                    need('statuses', 'write', 'docs-status');
                break;
            case 'sweep':
                need('pull-requests', 'write', 'the sweep');
                if (gate)
                    need('statuses', 'write', 'docs-status');
                break;
            case 'sync': {
                // With code-token the code PR is written with it; the workflow's token reads the back-link, and writes the review loop's reply.
                const codeHere = !stringInput(step, constants/* Inputs */.G0.CodeToken);
                if (isTrue(step.with?.[constants/* Inputs */.G0.ReviewLoop]))
                    need('pull-requests', 'write', "the review loop's reply");
                else
                    need('pull-requests', codeHere ? 'write' : 'read', codeHere ? "sync (the code PR's comment)" : "sync (the documentation PR's back-link)");
                if (gate && codeHere)
                    need('statuses', 'write', 'docs-status without code-token');
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
function writesWithWorkflowToken(step) {
    const token = stringInput(step, constants/* Inputs */.G0.GithubToken)?.trim();
    return token === undefined || token === '' || /^\$\{\{\s*(?:github\.token|secrets\.GITHUB_TOKEN)\s*\}\}$/.test(token);
}
/** What a `permissions:` value grants a scope; undefined where it is not set at all (the repository's default). */
function granted(permissions, scope) {
    if (permissions === undefined || permissions === null)
        return undefined;
    if (permissions === 'write-all')
        return 'write';
    if (permissions === 'read-all')
        return 'read';
    if (typeof permissions !== 'object')
        return 'none';
    const value = permissions[scope];
    return value === 'write' || value === 'read' ? value : 'none';
}
function permissionProblems(workflow, steps, onPullRequests) {
    const problems = [];
    for (const job of [...new Set(steps.map((each) => each.job))]) {
        const ofJob = steps.filter((each) => each.job === job);
        const jobSpec = ofJob[0].jobSpec;
        const needs = needsOf(ofJob, onPullRequests);
        if (needs.size === 0)
            continue;
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
            if (RANK[granted(declared, scope)] >= RANK[access])
                continue;
            // A job's own map takes the scope; else the workflow's map (a job without its own inherits it); else a map of the job's own.
            const path = typeof jobSpec.permissions === 'object' && jobSpec.permissions !== null
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
function needsText(needs) {
    return [...needs].map(([scope, { access }]) => `${scope}: ${access}`).join(', ');
}
// --- secrets --------------------------------------------------------------------------------------
const SECRET_INPUTS = [constants/* Inputs */.G0.ApiKey, constants/* Inputs */.G0.PreviousApiKey, constants/* Inputs */.G0.GithubToken, constants/* Inputs */.G0.DocsToken, constants/* Inputs */.G0.CodeToken];
function secretProblems(steps) {
    const problems = [];
    const fromSecret = '${{ secrets.MINTLIFY_API_KEY }}';
    for (const each of steps) {
        const key = stringInput(each.step, constants/* Inputs */.G0.ApiKey);
        if (key === undefined || key.trim() === '') {
            problems.push(workflow_checks_fail(`${where(each)}: no api-key`, [{ op: 'set', path: stepPath(each, 'with', constants/* Inputs */.G0.ApiKey), value: fromSecret }], 'Add the admin key as the repository secret MINTLIFY_API_KEY.'));
        }
        for (const name of SECRET_INPUTS) {
            const value = stringInput(each.step, name);
            if (value === undefined || value.trim() === '')
                continue;
            // Never the value itself: what it is made of is enough to say what is wrong.
            const literal = !isExpression(value);
            const fromVariable = !literal && /\$\{\{\s*vars\./.test(value) && !/\bsecrets\./.test(value);
            if (!literal && !fromVariable)
                continue;
            const secretName = name === constants/* Inputs */.G0.ApiKey ? 'MINTLIFY_API_KEY' : name.toUpperCase().replace(/-/g, '_');
            const then = literal
                ? `The ${name} is in the repository's history: ${name === constants/* Inputs */.G0.ApiKey || name === constants/* Inputs */.G0.PreviousApiKey ? "revoke it on the dashboard's API keys page, make a new one" : 'revoke it, make a new one'} and add it as the repository secret ${secretName}.`
                : `Move it from the variable to the repository secret ${secretName}.`;
            problems.push(workflow_checks_fail(`${where(each)}: ${name} is ${literal ? 'written in the file (its value is not shown here)' : 'read from a variable, which is neither secret nor masked'}`, [{ op: 'set', path: stepPath(each, 'with', name), value: `\${{ secrets.${secretName} }}` }], then));
        }
    }
    return problems;
}
function workflow_checks_fail(says, edits, then) {
    const fix = then ? { edits, then } : { edits };
    return { says, level: 'fail', fix };
}

;// CONCATENATED MODULE: ./src/doctor/setup-checks.ts






/** GitHub Actions, as a required check's `integration_id` names it: the source of a status written with `GITHUB_TOKEN`. */
const GITHUB_ACTIONS_APP_ID = 15368;
/** The fixes' own sweep and release workflows, made of the action the set-up runs. */
const SWEEP_FILE = '.github/workflows/docs-sweep.yml';
const RELEASE_FILE = '.github/workflows/docs-release.yml';
const KEY = '${{ secrets.MINTLIFY_API_KEY }}';
const PROJECT = '${{ vars.MINTLIFY_PROJECT_ID }}';
function located(workflows, options) {
    return workflows.flatMap(({ file, workflow }) => actionSteps(workflow, options).map((each) => ({ ...each, file, workflow })));
}
const onPullRequests = (workflow) => ['pull_request', 'pull_request_target'].some((event) => triggersOf(workflow).has(event));
const named = (each) => `${each.file} (job ${each.job}, step ${stepName(each.step, each.index)})`;
/** The `uses:` of another sub-action of the same action as a step's: its folder replaced. */
function sibling(each, command) {
    const { action } = each;
    return action.repository ? `${action.repository}/${command}@${action.ref}` : `./${command}`;
}
/** The inputs a sweep or a release step shares with the start whose work it finishes. */
function sharedInputs(each, names) {
    return Object.fromEntries(names.flatMap((name) => {
        const value = stringInput(each.step, name);
        return value === undefined ? [] : [[name, value]];
    }));
}
/**
 * Detached starts (`wait: false` on a pull request's events) and the sweep that finishes them: a
 * sweep on a schedule (the backstop: a job that ends without a documentation PR has no opening to
 * wake one) and with the starts' `docs-status`, or their `pending` is never finished.
 */
function detachedRunChecks(workflows, options = { mergeQueue: undefined }) {
    const steps = located(workflows, options);
    const starts = steps.filter((each) => each.action.command === 'agent' && isFalse(each.step.with?.[constants/* Inputs */.G0.Wait]) && onPullRequests(each.workflow));
    if (starts.length === 0)
        return [];
    const check = 'detached runs';
    const sweeps = steps.filter((each) => each.action.command === 'sweep');
    const start = starts[0];
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
                                ...sharedInputs(start, [constants/* Inputs */.G0.FollowCodePr, constants/* Inputs */.G0.DocsStatus, constants/* Inputs */.G0.ReaderImpact, constants/* Inputs */.G0.Preview, constants/* Inputs */.G0.DocsToken, constants/* Inputs */.G0.WaiveLabel]),
                            },
                        },
                    ],
                },
            },
        };
        return [
            problem(check, 'fail', `${starts.map(named).join('; ')} start${starts.length === 1 ? 's' : ''} jobs and ends (wait: false), but no workflow runs command: sweep: their ends are never shown, and a documentation status stays pending`, {
                file: SWEEP_FILE,
                edits: [{ op: 'set', path: [], value: workflow }],
                then: "A sweep can also run on the documentation PR's opening: docs/detached.md.",
            }),
        ];
    }
    const findings = [];
    const scheduled = sweeps.filter((each) => triggersOf(each.workflow).has('schedule'));
    const woken = sweeps.filter((each) => {
        const triggers = triggersOf(each.workflow);
        return triggers.has('repository_dispatch') || runsOnType(triggers, 'pull_request', 'opened', DEFAULT_PULL_REQUEST_TYPES);
    });
    if (scheduled.length === 0) {
        const sweep = woken[0] ?? sweeps[0];
        const fix = { file: sweep.file, edits: [addTrigger(sweep.workflow, 'schedule', [{ cron: '17 * * * *' }])] };
        findings.push(woken.length > 0
            ? problem(check, 'warn', `the sweep of ${named(sweep)} runs on the documentation PR's opening but on no schedule: a job that ends without a documentation PR waits for another PR's opening`, fix)
            : problem(check, 'fail', `the sweep of ${named(sweep)} runs neither on a schedule nor on the documentation PR's opening: detached jobs wait until someone runs it`, fix));
    }
    for (const each of starts.filter((start) => keepsDocsStatus(start.step))) {
        if (sweeps.some((sweep) => keepsDocsStatus(sweep.step)))
            continue;
        const sweep = scheduled[0] ?? sweeps[0];
        findings.push(problem(check, 'fail', `${named(each)} leaves the documentation status pending, but no sweep has docs-status: none writes how the job ended`, {
            file: sweep.file,
            edits: withWhatItNeeds(sweep.workflow, [
                {
                    op: 'set',
                    path: ['jobs', sweep.job, 'steps', sweep.index, 'with', constants/* Inputs */.G0.DocsStatus],
                    value: stringInput(each.step, constants/* Inputs */.G0.DocsStatus) ?? 'written',
                },
            ], options),
        }));
    }
    if (findings.length > 0)
        return findings;
    return [ok(check, `${starts.length} detached start${starts.length === 1 ? '' : 's'}; swept by ${[...new Set(sweeps.map(named))].join('; ')}, on a schedule`)];
}
/** The input and value that hold a merged code PR's documentation for the release (the contract's *Documentation that ships with the release*). */
const DOCS_PUBLISH = 'docs-publish';
const ON_RELEASE = 'on-release';
/** Documentation held for a release (`docs-publish: on-release`) needs `command: release` on `release: published`. */
function releaseChecks(workflows, options = {}) {
    const steps = located(workflows, options);
    const held = steps.filter((each) => stringInput(each.step, DOCS_PUBLISH)?.trim().toLowerCase() === ON_RELEASE);
    if (held.length === 0)
        return [];
    const check = 'release';
    const releases = steps.filter((each) => each.action.command === 'release');
    const published = releases.filter((each) => runsOnType(triggersOf(each.workflow), 'release', 'published', 'all'));
    if (published.length > 0)
        return [
            ok(check, `documentation held for the release by ${held.map(named).join('; ')}; released by ${published.map(named).join('; ')} on release: published`),
        ];
    if (releases.length > 0) {
        const release = releases[0];
        return [
            problem(check, 'fail', `${named(release)} runs command: release, but not on release: published: the documentation PRs held for a release wait until someone runs it`, {
                file: release.file,
                edits: [addTrigger(release.workflow, 'release', { types: ['published'] })],
            }),
        ];
    }
    const first = held[0];
    const workflow = {
        name: 'Documentation release',
        on: { release: { types: ['published'] } },
        permissions: { contents: 'read', 'pull-requests': 'write' },
        concurrency: { group: 'docs-release', 'cancel-in-progress': false },
        jobs: {
            release: {
                'runs-on': 'ubuntu-slim',
                'timeout-minutes': 5,
                steps: [{ uses: sibling(first, 'release'), with: { 'api-key': KEY, 'project-id': PROJECT, ...sharedInputs(first, [constants/* Inputs */.G0.DocsToken]) } }],
            },
        },
    };
    return [
        problem(check, 'fail', `${held.map(named).join('; ')} hold${held.length === 1 ? 's' : ''} documentation for the release (docs-publish: on-release), but no workflow runs command: release: it is never released`, {
            file: RELEASE_FILE,
            edits: [{ op: 'set', path: [], value: workflow }],
        }),
    ];
}
/**
 * The default branch's rules against the workflows: `documentation` required where a workflow
 * keeps the gate (and only there), from a source the gate's steps write with, and what a merge
 * queue means (its rows are the workflows' triggers).
 */
function branchRuleChecks(workflows, rules, options = { mergeQueue: undefined }) {
    const check = 'branch rules';
    const gates = workflows.filter(({ workflow }) => keepsGate(workflow, options));
    const gateSteps = located(gates, options).filter((each) => keepsGateStep(each.step, options) && onPullRequests(each.workflow));
    const required = rules.requiredChecks.find(({ context }) => context.toLowerCase() === constants/* GATE_CONTEXT */.uX);
    const queue = rules.mergeQueue ? ' A merge queue is on: the gate workflows are held to merge_group in their triggers rows.' : '';
    if (!required) {
        if (gates.length === 0)
            return [ok(check, `no rule of ${rules.branch} requires ${constants/* GATE_CONTEXT */.uX}, and no workflow keeps that gate.${queue}`)];
        return [
            problem(check, 'warn', `${gates.map(({ file }) => file).join(', ')} write${gates.length === 1 ? 's' : ''} the ${constants/* GATE_CONTEXT */.uX} status, but no rule of ${rules.branch} requires it: pull requests merge without their documentation`, {
                then: `In the repository's Settings, Rules, Rulesets: a branch ruleset for ${rules.branch} with "Require status checks to pass" and the check ${constants/* GATE_CONTEXT */.uX} (source: GitHub Actions).`,
            }),
        ];
    }
    // A fix that turns the gate on (or changes whose token writes it) brings what that needs: the permission, the waiver's events, the merge queue's.
    const needs = { ...options, mergeQueue: rules.mergeQueue };
    if (gates.length === 0) {
        const candidate = located(workflows, options).find((each) => each.action.command === 'agent' && onPullRequests(each.workflow));
        const turnOn = { op: 'set', path: ['jobs', candidate?.job ?? '', 'steps', candidate?.index ?? 0, 'with', constants/* Inputs */.G0.DocsStatus], value: 'written' };
        return [
            problem(check, 'fail', `a rule of ${rules.branch} requires ${constants/* GATE_CONTEXT */.uX}, but no workflow of this repository writes it: every pull request waits for it for ever`, {
                ...(candidate ? { file: candidate.file, edits: withWhatItNeeds(candidate.workflow, [turnOn], needs) } : {}),
                then: candidate ? '' : 'Add the workflow of docs/documentation-gate.md, or take documentation out of the required checks.',
            }),
        ];
    }
    const pinned = required.integrationId;
    if (pinned === GITHUB_ACTIONS_APP_ID) {
        const other = gateSteps.filter((each) => !writesWithWorkflowToken(each.step));
        if (other.length > 0) {
            return other.map((each) => problem(check, 'fail', `a rule of ${rules.branch} counts only GitHub Actions' ${constants/* GATE_CONTEXT */.uX} statuses, but ${named(each)} writes it with another github-token`, {
                file: each.file,
                edits: withWhatItNeeds(each.workflow, [{ op: 'remove', path: ['jobs', each.job, 'steps', each.index, 'with', constants/* Inputs */.G0.GithubToken] }], needs),
            }));
        }
    }
    else if (pinned !== undefined) {
        const workflowToken = gateSteps.filter((each) => writesWithWorkflowToken(each.step));
        if (workflowToken.length > 0) {
            return workflowToken.map((each) => problem(check, 'fail', `a rule of ${rules.branch} counts only the ${constants/* GATE_CONTEXT */.uX} statuses of app ${pinned}, but ${named(each)} writes it with the workflow's token (GitHub Actions): the required check never passes`, {
                then: `Give that step github-token: the token of app ${pinned} (actions/create-github-app-token): docs/documentation-gate.md, "A gate other workflows cannot forge".`,
            }));
        }
    }
    const source = pinned === undefined ? 'from any source' : pinned === GITHUB_ACTIONS_APP_ID ? 'from GitHub Actions' : `from app ${pinned}`;
    return [ok(check, `${rules.branch} requires ${constants/* GATE_CONTEXT */.uX} ${source}; written by ${gates.map(({ file }) => file).join(', ')}.${queue}`)];
}

// EXTERNAL MODULE: ./src/docs-pr/target.ts
var target = __webpack_require__(25783);
// EXTERNAL MODULE: ./src/event.ts
var src_event = __webpack_require__(80807);
// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/github/clients.ts + 1 modules
var clients = __webpack_require__(85607);
// EXTERNAL MODULE: ./src/memory/back-link.ts
var back_link = __webpack_require__(37961);
// EXTERNAL MODULE: ./src/memory/code-pr-comment.ts
var code_pr_comment = __webpack_require__(77077);
// EXTERNAL MODULE: ./src/memory/seal.ts
var memory_seal = __webpack_require__(80666);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(48992);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/doctor-report.ts


const MARK = { ok: '✅ ok', warn: '⚠️ warn', fail: '❌ fail' };
/** The `doctor` output: the rows as JSON, without what renders as nothing (the file's text may hold it). */
function doctorOutput(findings) {
    return JSON.stringify(findings.map(({ check, level, found, fix }) => ({ check: (0,src_text/* withoutInvisible */.OT)(check), level, found: (0,src_text/* withoutInvisible */.OT)(found), fix: (0,src_text/* withoutInvisible */.OT)(fix) })));
}
/**
 * The summary of a doctor run: how many rows of each level, then every row, the fails first. Each
 * row's check, finding and fix may hold text from the repository's files (a step's name, a file's
 * name, an expression), so each is code.
 */
function renderDoctorSummary(outcome, findings, { reads, requests, failure }) {
    const count = (level) => findings.filter((finding) => finding.level === level).length;
    const parts = [
        '## Documentation set-up: the doctor',
        '',
        `**${outcome === 'checked' ? '🩺 Checked' : '⚠️ Could not check everything'}** (\`${outcome}\`): ${count('fail')} fail, ${count('warn')} warn, ${count('ok')} ok.`,
        '',
    ];
    if (findings.length > 0) {
        parts.push('| | Check | Found | Fix |', '| --- | --- | --- | --- |');
        const ordered = [...findings].sort((a, b) => doctor_report_RANK[b.level] - doctor_report_RANK[a.level]);
        for (const { check, level, found, fix } of ordered) {
            parts.push(`| ${MARK[level]} | ${(0,markdown/* codeSpan */.SS)(check, 'cell')} | ${(0,markdown/* codeSpan */.SS)(found, 'cell', markdown/* MAX_MESSAGE_CHARS */.hP)} | ${fix ? (0,markdown/* codeSpan */.SS)(fix, 'cell', markdown/* MAX_MESSAGE_CHARS */.hP) : '—'} |`);
        }
        parts.push('');
    }
    parts.push((0,markdown/* escapeText */.X1)(`${(0,src_text/* countOf */.pq)(reads, 'GitHub read')}, ${(0,src_text/* countOf */.pq)(requests, 'API request')}; nothing was written.`));
    if (failure)
        parts.push('', (0,markdown/* codeSpan */.SS)(failure, 'text', markdown/* MAX_MESSAGE_CHARS */.hP));
    return `${parts.join('\n')}\n`;
}
const doctor_report_RANK = { ok: 0, warn: 1, fail: 2 };
/** One row as a log line, its text from the repository's files made safe for the runner. */
function doctorLogLine({ check, level, found, fix }) {
    return (0,src_text/* forLog */.Ig)(`${level.toUpperCase()} ${check}: ${found}${fix ? ` Fix: ${fix}` : ''}`);
}
/** The closing log line: the outcome and the count of each level. */
function doctorClosingLine(outcome, findings) {
    const count = (level) => findings.filter((finding) => finding.level === level).length;
    return `Outcome: ${outcome} · ${count('fail')} fail · ${count('warn')} warn · ${count('ok')} ok`;
}

// EXTERNAL MODULE: ./src/runtime.ts
var runtime = __webpack_require__(33683);
;// CONCATENATED MODULE: ./src/steps/doctor.ts


















/** The workflows one doctor run reads at most, by name: GitHub's contents API lists a folder in one answer. */
const DOCTOR_MAX_WORKFLOWS = 50;
/** The largest workflow file read: what the contents API gives (past it, no content). */
const WORKFLOW_MAX_BYTES = 1_048_576;
/** Pages of the branch's rules read (100 a page): no branch has more rules than that. */
const DOCTOR_RULE_PAGES = 2;
/**
 * The most GitHub reads of one run (the contract's 60): the repository, the folder, each workflow,
 * the rules' pages, the newest comments (one page), and one read each of the documentation and the
 * code repository with their tokens.
 */
const DOCTOR_MAX_READS = 1 + 1 + DOCTOR_MAX_WORKFLOWS + DOCTOR_RULE_PAGES + 1 + 1 + 1;
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
async function doctorStep(settings, context) {
    const { logger, signal, env } = context;
    const findings = [];
    let reads = 0;
    const report = (outcome, stopped) => {
        const fails = findings.filter((finding) => finding.level === 'fail');
        const failure = stopped ??
            (fails.length > 0
                ? `The doctor found ${(0,src_text/* countOf */.pq)(fails.length, 'thing')} that will not work: ${fails.map((finding) => finding.check).join('; ')}.`
                : undefined);
        return {
            outputs: { [constants/* Outputs */.tY.Outcome]: outcome, [constants/* Outputs */.tY.Doctor]: doctorOutput(findings), [constants/* Outputs */.tY.Requests]: String(context.client.requestCount) },
            summary: renderDoctorSummary(outcome, findings, { reads, requests: context.client.requestCount, failure }),
            closingLine: doctorClosingLine(outcome, findings),
            ...(failure ? { failure } : {}),
        };
    };
    const say = (finding) => {
        findings.push(finding);
        if (finding.level === 'ok')
            logger.info(doctorLogLine(finding));
        else
            logger.warning(doctorLogLine(finding));
    };
    const stopped = (error) => {
        if ((0,runtime/* isCancellation */.iB)(error, signal) || ((0,api/* endsTheStep */.g1)(error) && signal.aborted))
            return report('error', 'The doctor was cancelled before it had checked everything.');
        if ((0,api/* endsTheStep */.g1)(error))
            return report('error', `The doctor ran out of time (timeout) before it had checked everything: ${(0,src_text/* errorMessage */.gJ)(error)}`);
        return undefined;
    };
    say(keyFinding(await checkKey(settings, context), settings.projectId));
    if (signal.aborted)
        return report('error', 'The doctor was cancelled before it had checked everything.');
    const repository = (0,src_event/* workflowRepositoryOf */.ls)(context.event, env);
    const repo = (0,api/* repoFromEnv */.K)(env);
    if (!repository || !repo)
        return report('error', "command: doctor needs GITHUB_REPOSITORY (owner/name): it checks the workflow's repository.");
    const github = (0,clients/* gitHubClients */.o)(settings, context);
    const connect = async (token, name) => github(token, (0,target/* repoName */.Qq)(name), context.deadline.at);
    const own = await connect(settings.githubToken, repository.name);
    // The repository and its default branch: without them nothing else on GitHub can be read.
    let branch;
    try {
        reads += 1;
        branch = await own.defaultBranch();
        say(githubTokenFinding(repository.name, { ok: true }, branch));
    }
    catch (error) {
        const stop = stopped(error);
        if (stop)
            return stop;
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
            say(using.length === 0
                ? problem('workflows', 'warn', `none of the ${(0,src_text/* countOf */.pq)(files.length, 'workflow')} of ${WORKFLOWS} on ${branch} runs this action`, {
                    then: "Add a workflow that runs it: the README's quick start.",
                })
                : ok('workflows', `${(0,src_text/* countOf */.pq)(using.length, 'workflow')} of ${files.length} on ${branch} run${using.length === 1 ? 's' : ''} this action: ${using.map(({ file }) => file).join(', ')}`));
        for (const { file, workflow } of using) {
            const reusable = [...triggersOf(workflow).keys()].every((event) => event === 'workflow_call');
            if (reusable) {
                say(problem(`${file}: reusable`, 'warn', "a reusable workflow (on: workflow_call): its triggers, permissions and concurrency are its callers', which are not checked with it", {
                    then: 'Run the action from the calling workflow, or check the callers by hand against docs/doctor.md.',
                }));
            }
            for (const finding of checkWorkflowFile(file, workflow, fileContext)) {
                if (reusable && /: (?:triggers|permissions|concurrency|fork guard)$/.test(finding.check))
                    continue;
                say(finding);
            }
        }
        for (const finding of [...detachedRunChecks(using, fileContext), ...releaseChecks(using, fileContext)])
            say(finding);
        if (rules)
            for (const finding of branchRuleChecks(using, rules, fileContext))
                say(finding);
        await checkOtherTokens(settings, repository, using, { connect, context, say, count: () => (reads += 1), local });
    }
    catch (error) {
        const stop = stopped(error);
        if (stop)
            return stop;
        throw error;
    }
    return report('checked');
}
/** The key and the project, with the one request the doctor makes to the API: never retried, so one it stays. */
async function checkKey(settings, context) {
    if (settings.dryRun)
        return 'dry-run';
    const day = new Date(context.clock.now()).toISOString().slice(0, 10);
    const next = new Date(Date.parse(day) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    try {
        await context.client.getVisitors({ dateFrom: day, dateTo: next, limit: 1, offset: 0 }, { budget: new budget/* FixedBudget */.mq(1, 'the doctor sends one request to the API') });
        return { ok: true };
    }
    catch (error) {
        if (!(error instanceof errors/* ApiError */.hD))
            throw error;
        return { ok: false, status: error.status, message: error.message, serverMessage: error.serverMessage, usageUsedUp: error.usageUsedUp };
    }
}
/** A failed read as the rows say it: GitHub's status and the call's own line. */
function readFailure(error) {
    return { ok: false, error: (0,src_text/* errorMessage */.gJ)(error), ...(error instanceof api/* GitHubError */.y_ && error.status !== undefined ? { status: error.status } : {}) };
}
/** The workflow files of the default branch, read and parsed: at most 50, none over 1 MB; each one that could not be read or parsed is a row. */
async function readWorkflows(github, branch, say, read) {
    let entries;
    try {
        read();
        entries = await github.directory(WORKFLOWS, branch);
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error))
            throw error;
        say(problem('workflows', 'warn', `could not list ${WORKFLOWS} on ${branch}: ${(0,src_text/* errorMessage */.gJ)(error)}`, { then: 'Give the job permissions: contents: read.' }));
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
        say(problem('workflows', 'warn', `${WORKFLOWS} holds ${yamlFiles.length} workflow files: the first ${DOCTOR_MAX_WORKFLOWS} by name were read, not ${left.join(', ')}`, {
            then: 'Run the action from one of the first 50, or check the others by hand against docs/doctor.md.',
        }));
    }
    const files = [];
    for (const entry of yamlFiles.slice(0, DOCTOR_MAX_WORKFLOWS)) {
        if (entry.size > WORKFLOW_MAX_BYTES) {
            say(problem(`${entry.path}: file`, 'warn', `over 1 MB (${entry.size} bytes): not read, not checked`, {
                then: 'A workflow that large is likely not one: check it by hand.',
            }));
            continue;
        }
        let text;
        try {
            read();
            text = await github.fileText(entry.path, branch);
        }
        catch (error) {
            if ((0,api/* endsTheStep */.g1)(error))
                throw error;
            say(problem(`${entry.path}: file`, 'warn', `could not be read: ${(0,src_text/* errorMessage */.gJ)(error)}`, { then: 'Run the doctor again.' }));
            continue;
        }
        if (text === undefined)
            continue;
        const parsed = parseWorkflow(text);
        if (!parsed.ok) {
            say(problem(`${entry.path}: YAML`, 'warn', `${parsed.problem}: not checked (GitHub does not run it either)`, {
                then: 'Fix the file: GitHub shows where it stops reading it on the Actions tab.',
            }));
            continue;
        }
        files.push({ file: entry.path, workflow: parsed.workflow });
    }
    return files;
}
/** The default branch's rules: its required checks and whether a merge queue is on; undefined (with a row) when they cannot be read. */
async function readRules(github, branch, say, read) {
    try {
        const { rules, pages } = await github.branchRules(branch, DOCTOR_RULE_PAGES);
        read(pages);
        return {
            branch,
            requiredChecks: rules.flatMap((rule) => rule.requiredChecks),
            mergeQueue: rules.some((rule) => rule.type === 'merge_queue'),
        };
    }
    catch (error) {
        read(1);
        if ((0,api/* endsTheStep */.g1)(error))
            throw error;
        say(problem('branch rules', 'warn', `could not read the rules of ${branch}: ${(0,src_text/* errorMessage */.gJ)(error)}; whether documentation is required, and whether a merge queue is on, is not checked`, {
            then: 'Give the job permissions: contents: read (the rules need read access), and run the doctor again.',
        }));
        return undefined;
    }
}
/**
 * `docs-token` and `code-token`, against the repositories the newest verified records name (one
 * page of the newest comments): the documentation repository of the code PRs' records, the code
 * repository of the documentation PRs' back-links where `sync` runs here.
 */
async function checkOtherTokens(settings, repository, using, checks) {
    const { connect, context, say, count, local } = checks;
    const steps = using.flatMap(({ workflow }) => actionSteps(workflow, { local }));
    const passes = (input) => steps.some(({ step }) => (stringInput(step, input) ?? '').trim() !== '');
    const docsSide = settings.docsToken !== '' ||
        passes(constants/* Inputs */.G0.DocsToken) ||
        steps.some(({ step }) => isTrue(step.with?.[constants/* Inputs */.G0.FollowCodePr]) || isTrue(step.with?.[constants/* Inputs */.G0.ReaderImpact]));
    const syncHere = steps.some(({ action }) => action.command === 'sync');
    if (!docsSide && !syncHere)
        return;
    let comments;
    try {
        count();
        const own = await connect(settings.githubToken, repository.name);
        comments = (await own.recentComments(new Date(context.clock.now() - RECORDS_LOOKBACK_MS).toISOString(), 1, 'newest-first')).comments;
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error))
            throw error;
        say(problem('records', 'warn', `could not read this repository's newest comments, where the action keeps its records: ${(0,src_text/* errorMessage */.gJ)(error)}`, {
            then: 'Give the job permissions: pull-requests: read.',
        }));
        return;
    }
    const seal = memory_seal/* RecordSeal */.l_.fromApiKey(settings.apiKey, settings.previousApiKey);
    const readWith = async (token, name) => {
        try {
            count();
            await (await connect(token, name)).defaultBranch();
            return { ok: true };
        }
        catch (error) {
            if ((0,api/* endsTheStep */.g1)(error))
                throw error;
            return readFailure(error);
        }
    };
    const other = (name) => name !== undefined && name.toLowerCase() !== repository.name.toLowerCase();
    if (docsSide) {
        const recorded = (0,code_pr_comment/* newestDocsRepository */.Sc)(comments, repository, seal);
        const read = other(recorded) && settings.docsToken ? await readWith(settings.docsToken, recorded) : undefined;
        const row = docsTokenFinding({
            recorded,
            repository: repository.name,
            given: settings.docsToken !== '',
            passedByWorkflows: passes(constants/* Inputs */.G0.DocsToken),
            ...(read ? { read } : {}),
        });
        if (row)
            say(row);
    }
    if (syncHere) {
        const recorded = (0,back_link/* newestCodeRepository */.Gz)(comments, repository, seal);
        const read = other(recorded) && settings.codeToken ? await readWith(settings.codeToken, recorded) : undefined;
        const row = codeTokenFinding({
            recorded,
            repository: repository.name,
            given: settings.codeToken !== '',
            passedByWorkflows: passes(constants/* Inputs */.G0.CodeToken),
            ...(read ? { read } : {}),
        });
        if (row)
            say(row);
    }
}
/** Whether the repository is the action's own, where `uses: ./` runs this action. */
function isActionsOwn(repository, env) {
    const action = env.GITHUB_ACTION_REPOSITORY ?? '';
    return (action !== '' && action.toLowerCase() === repository.toLowerCase()) || repository.toLowerCase().endsWith('/docs-agent-action');
}


/***/ })

};
