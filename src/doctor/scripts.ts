import type { Edit } from './findings.js';
import type { Problem } from './rules.js';
import { jobsOf, type Workflow } from './workflow.js';

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
export function contextsRead(expression: string): string[] {
  const code = expression.replace(/'(?:[^']|'')*'/g, "''");
  const names = [...code.matchAll(/(?<![\w.-])([A-Za-z_][\w-]*)(?![\w-])(?!\s*\()/g)].map((match) => match[1]!);
  return names.filter((name) => !['true', 'false', 'null', 'NaN', 'Infinity'].includes(name));
}

/** The expressions of a script that read anything but the trusted contexts. */
export function untrustedExpressions(script: string, matrixIsLiteral: boolean): string[] {
  return [...script.matchAll(/\$\{\{([\s\S]*?)\}\}/g)]
    .filter(([, inner]) => contextsRead(inner!).some((name) => !TRUSTED_IN_SCRIPTS.has(name) || (name === 'matrix' && !matrixIsLiteral)))
    .map(([whole]) => whole);
}

/**
 * Walks a parsed workflow, action or snippet, whatever its shape, and returns every script (a
 * step's `run:`, an `actions/github-script` step's `script:`) that interpolates untrusted data.
 */
export function scriptInjections(node: unknown, matrixIsLiteral = false): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => scriptInjections(item, matrixIsLiteral));
  if (typeof node !== 'object' || node === null) return [];
  const object = node as Record<string, unknown>;
  const literal = matrixLiteral(object, matrixIsLiteral);
  const found: string[] = [];
  if (typeof object.run === 'string') found.push(...untrustedExpressions(object.run, literal).map((e) => `run: ${e}`));
  const script = githubScriptOf(object);
  if (script !== undefined) found.push(...untrustedExpressions(script, literal).map((e) => `script: ${e}`));
  for (const value of Object.values(object)) found.push(...scriptInjections(value, literal));
  return found;
}

/** Whether a node's matrix is written out (no expression builds it), or, without one of its own, the enclosing one's. */
function matrixLiteral(node: Record<string, unknown>, enclosing: boolean): boolean {
  const strategy = node.strategy as { matrix?: unknown } | undefined;
  return strategy?.matrix === undefined ? enclosing : !JSON.stringify(strategy.matrix).includes('${{');
}

/** The script of an `actions/github-script` step, when the node is one. */
function githubScriptOf(node: Record<string, unknown>): string | undefined {
  const script = (node.with as { script?: unknown } | undefined)?.script;
  return typeof node.uses === 'string' && node.uses.startsWith('actions/github-script@') && typeof script === 'string' ? script : undefined;
}

/**
 * The scripts of a workflow's steps that interpolate untrusted data, each with the fix: the
 * expression moved into the step's `env:` under a name of its own, and the script reading that
 * variable, quoted. A `fail` where the expression reads text from outside, else a `warn`.
 */
export function scriptProblems(workflow: Workflow): Problem[] {
  const problems: Problem[] = [];
  for (const [name, job, steps] of jobsOf(workflow)) {
    const literal = matrixLiteral(job as Record<string, unknown>, false);
    steps.forEach((step, index) => {
      const node = step as Record<string, unknown>;
      const [key, script] = typeof step.run === 'string' ? (['run', step.run] as const) : (['script', githubScriptOf(node)] as const);
      if (script === undefined) return;
      const expressions = [...new Set(untrustedExpressions(script, literal))];
      if (expressions.length === 0) return;
      const env = typeof step.env === 'object' && step.env !== null ? (step.env as Record<string, unknown>) : {};
      const taken = new Set(Object.keys(env));
      const edits: Edit[] = [];
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
export function stepName(step: { readonly name?: unknown; readonly id?: unknown }, index: number): string {
  if (typeof step.name === 'string' && step.name.trim()) return `"${step.name.trim()}"`;
  if (typeof step.id === 'string' && step.id.trim()) return `"${step.id.trim()}"`;
  return `#${index + 1}`;
}

/** An environment variable's name for an expression: its last property, in capitals (`steps.docs.outputs.pr-link` → `PR_LINK`), one not taken. */
function variableFor(expression: string, taken: ReadonlySet<string>): string {
  const words = [...expression.slice(3, -2).matchAll(/[A-Za-z_][\w-]*/g)].map((match) => match[0]);
  const base =
    (words.at(-1) ?? 'VALUE')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .toUpperCase()
      .replace(/^(\d)/, '_$1') || 'VALUE';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return name;
}

/**
 * A script with each occurrence of an expression replaced by what reads its variable there: in a
 * shell, `"$NAME"` (`${NAME}` inside double quotes, `'"$NAME"'` inside single ones), so the value
 * is one word and never code; in JavaScript, `process.env.NAME`, joined to the string it sat in.
 */
function substituted(script: string, expression: string, variable: string, language: 'shell' | 'javascript'): string {
  let result = '';
  let quote: string | undefined;
  for (let at = 0; at < script.length;) {
    if (script.startsWith(expression, at)) {
      result += replacement(variable, language, quote);
      at += expression.length;
      continue;
    }
    const char = script[at]!;
    if (char === '\\' && quote !== "'") {
      result += script.slice(at, at + 2);
      at += 2;
      continue;
    }
    if (quote === undefined && (char === '"' || char === "'" || (language === 'javascript' && char === '`'))) quote = char;
    else if (char === quote) quote = undefined;
    result += char;
    at += 1;
  }
  // A JavaScript string left holding only the variable reads better as the variable alone.
  return language === 'javascript' ? result.replace(/(["'`])\1 \+ (process\.env\.\w+) \+ \1\1/g, '$2') : result;
}

function replacement(variable: string, language: 'shell' | 'javascript', quote: string | undefined): string {
  if (language === 'javascript') return quote === undefined ? `process.env.${variable}` : `${quote} + process.env.${variable} + ${quote}`;
  if (quote === '"') return `\${${variable}}`;
  if (quote === "'") return `'"$${variable}"'`;
  return `"$${variable}"`;
}
