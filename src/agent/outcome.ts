import type { AgentJob } from '../api/schemas.js';

/** Every way an agent step can end; the `outcome` output takes one of these. */
export const OUTCOMES = [
  'pr-opened',
  'no-pr',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'submitted',
  // Beyond the contract's list: `job-id` with `wait: false` and nothing to send looks at the
  // job once; a job that is not finished yet is `running` (nothing was submitted).
  'running',
  'skipped',
  'dry-run',
  // Beyond the contract's list: the step was stopped by an API error (a refused key, a job
  // that does not exist, a malformed answer); it always fails the step.
  'error',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const;
export const KNOWN_STATUSES = ['active', ...TERMINAL_STATUSES] as const;

export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminalStatus(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export function isKnownStatus(status: string): boolean {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

export function isOutcome(value: string): value is Outcome {
  return (OUTCOMES as readonly string[]).includes(value);
}

/**
 * The outcome of a job that reached a terminal status. `completed` without a PR link is its own
 * outcome because it is ambiguous: nothing changed, or the agent committed to the deploy branch.
 */
export function outcomeOfTerminalJob(job: AgentJob & { status: TerminalStatus }): Outcome {
  switch (job.status) {
    case 'completed':
      return job.prLink ? 'pr-opened' : 'no-pr';
    case 'archived':
      return 'archived';
    case 'failed':
      return 'failed';
  }
  return job.status satisfies never;
}
