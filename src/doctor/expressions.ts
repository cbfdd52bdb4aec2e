import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';

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
  call: () => new data.BooleanData(name === 'success' || name === 'always'),
}));

/** The value of one expression (with or without its `${{ }}`) against a `github` context; `vars`, `inputs` and `env` empty. */
function evaluate(expression: string, github: unknown): data.ExpressionData {
  const source = expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const { tokens } = new Lexer(source).lex();
  const parsed = new Parser(tokens, ['github', 'vars', 'inputs', 'env'], STATUS_FUNCTIONS).parse();
  const context = new data.Dictionary(
    { key: 'github', value: JSON.parse(JSON.stringify(github), data.reviver) as data.ExpressionData },
    { key: 'vars', value: new data.Dictionary() },
    { key: 'inputs', value: new data.Dictionary() },
    { key: 'env', value: new data.Dictionary() },
  );
  return new Evaluator(parsed, context, new Map(STATUS_FUNCTIONS.map((fn) => [fn.name, fn]))).evaluate();
}

/**
 * Whether an `if:` lets an event through (no `if:` lets everything through). A condition GitHub's
 * library cannot read (or one that reads a context this evaluation has not) is `undefined`: not known.
 */
export function admitsOrUnknown(condition: unknown, github: unknown): boolean | undefined {
  if (condition === undefined || condition === null) return true;
  if (typeof condition === 'boolean') return condition;
  // A map or a list is no condition GitHub reads: not known.
  if (typeof condition !== 'string' && typeof condition !== 'number') return undefined;
  try {
    return truthy(evaluate(String(condition), github));
  } catch {
    return undefined;
  }
}

/** Whether an `if:` lets an event through; throws for a condition the library cannot read. */
export function admits(condition: unknown, github: unknown): boolean {
  if (condition === undefined || condition === null) return true;
  if (typeof condition === 'boolean') return condition;
  if (typeof condition !== 'string' && typeof condition !== 'number') throw new Error('An if: condition that is a map or a list');
  return truthy(evaluate(String(condition), github));
}

/** A string with `${{ }}` in it (a concurrency group), as the runner makes it for an event; undefined when it cannot be read. */
export function interpolate(text: string, github: unknown): string | undefined {
  try {
    return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner: string) => evaluate(inner, github).coerceString());
  } catch {
    return undefined;
  }
}

/** The repository the example events come from: a condition compares the head's with it. */
export const EXAMPLE_REPOSITORY = 'acme/widgets';

/** The `github` context of a pull request's event, from a branch of the repository (not a fork), by a user. */
export function pullRequestContext(event: string, number: number, action = 'synchronize'): unknown {
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
export const MERGE_GROUP_CONTEXT = {
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
