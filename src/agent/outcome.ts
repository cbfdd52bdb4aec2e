import type { AgentJob } from '../api/schemas.js';
import type { Outcome } from '../constants.js';

export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const;
export const KNOWN_STATUSES = ['active', ...TERMINAL_STATUSES] as const;

export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminalStatus(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export function isKnownStatus(status: string): boolean {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
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
