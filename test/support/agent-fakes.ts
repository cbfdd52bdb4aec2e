/**
 * Agent jobs without a server, for the tests of the wait (`agent/poll.ts`) and of the run around it
 * (`agent/run-agent.ts`): a job of a given status, and a reader whose job follows a list of statuses.
 */
import type { JobReader } from '../../src/agent/poll.js';
import type { AgentJob } from '../../src/api/schemas.js';
import type { FakeTime } from './fake-time.js';

/** The job `job_1` with this status (and these fields). */
export const agentJob = (status: string, extra: Partial<AgentJob> = {}): AgentJob => ({ id: 'job_1', status, ...extra });

/** A job whose status follows a list, one entry per GET; the last entry holds. Each GET takes `requestMs` of `time`. */
export function scriptedReader(statuses: Array<string | Error>, time?: FakeTime, requestMs = 0): JobReader & { gets: number } {
  const reader = {
    gets: 0,
    getJob(): Promise<AgentJob> {
      const next = statuses[Math.min(reader.gets, statuses.length - 1)]!;
      reader.gets += 1;
      time?.advance(requestMs);
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(agentJob(next));
    },
  };
  return reader;
}
