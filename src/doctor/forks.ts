import { admitsOrUnknown, EXAMPLE_REPOSITORY } from './expressions.js';
import type { Problem } from './rules.js';
import { actionOf, isTrue, jobsOf, PULL_REQUEST_EVENTS, scalarText, triggersOf, type ReadOptions, type Workflow } from './workflow.js';

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
export const FORK_GUARD = '!github.event.pull_request || github.event.pull_request.head.repo.full_name == github.repository';

/** The `github` context of a pull request's event from a fork. */
function forkContext(event: string): unknown {
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
export function forkProblems(workflow: Workflow, options: ReadOptions = {}): Problem[] {
  const events = [...triggersOf(workflow).keys()].filter((event) => (PULL_REQUEST_EVENTS as readonly string[]).includes(event));
  if (events.length === 0) return [];
  const targetOnly = events.every((event) => event === 'pull_request_target');
  const problems: Problem[] = [];
  for (const [name, job, steps] of jobsOf(workflow)) {
    const checksOut = steps.some((step) => typeof step.uses === 'string' && /^actions\/checkout@/.test(step.uses));
    const open = steps.filter((step) => {
      if (!actionOf(step, options) || !/\$\{\{\s*secrets\./.test(JSON.stringify(step.with ?? {}))) return false;
      const allowsForks = isTrue(step.with?.['allow-forks']);
      if (targetOnly && !checksOut && !allowsForks) return false;
      // Kept out when the job's or the step's condition is false on a fork's event (one it cannot read counts as keeping out).
      return events.some((event) => admitsOrUnknown(job.if, forkContext(event)) === true && admitsOrUnknown(step.if, forkContext(event)) === true);
    });
    if (open.length === 0) continue;
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
