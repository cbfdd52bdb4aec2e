/**
 * Every fault of the matrix at every request the action makes, run in process as the runner runs
 * the bundle (test/support/runner.ts: fake time; a hang costs its request-timeout on the run's
 * clock, and a drip its pauses). A fault
 * the contract calls transient is recovered with exactly one more request; a create or a
 * message is sent again only after a 429; anything else ends in one clear error line, with the
 * outputs and the summary written and the exit code non-zero.
 */
import { describe, expect, it } from 'vitest';
import { apiInputs, expectedVisitors, scripts, type Simulator } from '../simulator/index.js';
import { runnerClock, withSimulator } from '../support/runner.js';
import { FAULT_MATRIX, recovers, type FaultTarget } from './cases.js';
import { checkedRun, errorLines } from '../support/checked-run.js';

const TIMEOUT_MS = 10_000;
/** Shorter than the matrix's drip (a byte every 100 ms) takes to send an answer. */
const REQUEST_TIMEOUT_MS = 300;
const DATASET = { paths: 120, today: '2026-10-01' };
const RANGE = { dateFrom: '2026-11-14', dateTo: '2026-11-21' };

async function createJob(sim: Simulator): Promise<string> {
  const response = await fetch(`${sim.url}/v2/agent/proj_sim/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'first' }),
  });
  return ((await response.json()) as { id: string }).id;
}

function inputsFor(target: FaultTarget, sim: Simulator, jobId: string | undefined): Record<string, string> {
  const common = apiInputs(sim, { timeout: `${TIMEOUT_MS / 1000}s`, 'request-timeout': `${REQUEST_TIMEOUT_MS}ms` });
  if (target === 'visitors') return { ...common, command: 'visitors', 'date-from': RANGE.dateFrom, 'date-to': RANGE.dateTo };
  const agent = { ...common, prompt: 'Document the retries flag', 'poll-interval': '100ms', 'poll-interval-max': '200ms' };
  return target === 'message' ? { ...agent, 'job-id': jobId! } : agent;
}

const endpointOf = (target: FaultTarget): string => (target === 'poll' ? 'get' : target);
const isPost = (target: FaultTarget): boolean => target === 'create' || target === 'message';

describe('fault matrix', () => {
  it.each(FAULT_MATRIX)('$target: $name', ({ target, class: faultClass, fault, says }) =>
    withSimulator({ analytics: DATASET, defaultJobScript: scripts.prAfter(1) }, async (sim) => {
      const jobId = target === 'message' ? await createJob(sim) : undefined;
      sim.resetLog();
      sim.injectFault({ target: endpointOf(target) as never, ...fault(runnerClock.now()) });
      const run = await checkedRun({
        inputs: inputsFor(target, sim, jobId),
        secrets: [sim.apiKey],
        deadlineMs: TIMEOUT_MS + REQUEST_TIMEOUT_MS,
        sim,
      });
      const faulted = sim.requests.filter((r) => r.endpoint === endpointOf(target));
      const posts = sim.requests.filter((r) => r.method === 'POST');

      // Outputs and summary are there on every path.
      expect(run.outputs.requests).toBe(String(sim.requests.length));
      expect(run.summary.length).toBeGreaterThan(0);

      if (recovers(target, faultClass)) {
        expect(run.code).toBe(0);
        expect(faulted).toHaveLength(2); // the fault, then one retry
        if (target === 'visitors') {
          expect(run.outputs['visitors-rows']).toBe(String(expectedVisitors(DATASET, RANGE).rows.size));
          expect(run.outputs.outcome).toBe('exported');
        } else {
          expect(run.outputs.outcome).toBe('pr-opened');
          expect(posts).toHaveLength(faultClass === 'rate-limit' && isPost(target) ? 2 : 1);
        }
        return;
      }

      expect(run.code).toBe(1);
      const errors = errorLines(run);
      expect(errors).toHaveLength(1);
      if (says) expect(errors[0]).toMatch(says);
      expect(faulted).toHaveLength(1); // not retried
      if (isPost(target)) {
        expect(posts).toHaveLength(1);
        if (faultClass !== 'refused') expect(errors[0]).toContain('attach to it with job-id');
      }
      expect(run.outputs.outcome).toBe('error');
      if (target === 'visitors') {
        expect(run.outputs['visitors-rows']).toBe('0');
        expect(run.outputs['visitors-csv']).toBe('');
      } else {
        // The job ID is an output as soon as it is known, whatever happened after.
        if (target === 'poll') expect(run.outputs['job-id']).toBe(sim.jobs()[0]!.id);
        if (target === 'message') expect(run.outputs['job-id']).toBe(jobId);
        if (target === 'create') expect(run.outputs['job-id']).toBe('');
      }
    }),
  );
});
