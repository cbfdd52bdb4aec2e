/**
 * Every bad input, run in process as the runner runs the bundle: one error line naming the input,
 * and not one request to the API. Inputs of the other command are accepted and ignored, with a
 * warning: the runner passes every input with its default, so only a set value is reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiInputs, type Simulator } from '../simulator/index.js';
import { startRunnerSimulator, withSimulator } from '../support/runner.js';
import { BAD_INPUTS } from './cases.js';
import { eventNamed } from '../support/webhook-events.js';
import { checkedRun, errorLines } from '../support/checked-run.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startRunnerSimulator({ analytics: { paths: 20, today: '2026-10-01' } });
});
afterAll(async () => {
  // Not one of the bad inputs reached the API.
  expect(sim.requests).toEqual([]);
  await sim.close();
});

describe('bad input', () => {
  it.each(
    BAD_INPUTS.map((bad, index) => ({
      ...bad,
      label: `${index + 1}. ${bad.input} = ${JSON.stringify(Object.values(bad.inputs)[0] === bad.input ? '' : (bad.inputs[bad.input] ?? ''))}`,
    })),
  )('$label', async ({ input, inputs, event }) => {
    const all = apiInputs(sim, { prompt: 'x', ...inputs });
    const run = await checkedRun({
      inputs: all,
      event: event ? eventNamed(event) : undefined,
      secrets: [sim.apiKey, all['api-key']].filter(Boolean),
      deadlineMs: 0, // refused before any request: only start-up time is allowed
    });
    expect(run.code).toBe(1);
    const errors = errorLines(run);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`"${input}"`);
    // The outputs still say what happened, for the steps after this one.
    expect(run.outputs).toEqual({ outcome: 'error', requests: '0' });
    // A bad value is shown (quoted) wherever the rule is about the value itself; never the key.
    const value = inputs[input] ?? '';
    if (errors[0]!.includes('has an invalid value')) {
      expect(errors[0]).toContain(input === 'api-key' ? '(hidden)' : JSON.stringify(value.slice(0, 80)).slice(0, -1));
    }
  });
});

describe('inputs of the other command', () => {
  it('are ignored with a warning, and the step runs', () =>
    withSimulator({ analytics: { paths: 20, today: '2026-10-01' } }, async (other) => {
      const run = await checkedRun({
        inputs: apiInputs(other, {
          command: 'visitors',
          prompt: 'not for visitors',
          wait: 'false',
          'date-from': '2026-11-14',
          'date-to': '2026-11-21',
        }),
        secrets: [other.apiKey],
        deadlineMs: 30_000,
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('::warning::Input "prompt" is ignored by command: visitors');
      expect(run.stdout).toContain('::warning::Input "wait" is ignored by command: visitors');
      expect(run.outputs['visitors-rows']).toBe('20');
    }));
});
