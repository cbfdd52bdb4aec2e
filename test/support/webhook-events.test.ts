/**
 * Every event payload the tests give the action, held to GitHub's own webhook description
 * (`@octokit/openapi-webhooks`) of its event and action: the payloads come from
 * test/support/webhook-events.ts alone (`runAction` refuses any other), and here each builder,
 * with every option the tests use and any title or description, makes a payload GitHub could send.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from '../matrices/cases.js';
import { runAction } from './run-action.js';
import {
  eventNamed,
  isBuiltPayload,
  pullRequestEvent,
  pushEvent,
  scheduleEvent,
  webhookViolations,
  workflowDispatchEvent,
  type TriggeringEvent,
} from './webhook-events.js';

const ZERO = '0'.repeat(40);
const SHA = (digit: string) => digit.repeat(40);

const EVENTS: Array<{ label: string; event: TriggeringEvent }> = [
  { label: 'pull_request, new commits', event: { name: 'pull_request', payload: pullRequestEvent(7) } },
  { label: 'pull_request from a fork', event: { name: 'pull_request', payload: pullRequestEvent(13, { fork: true }) } },
  { label: 'pull_request from a deleted fork', event: { name: 'pull_request', payload: pullRequestEvent(13, { headRepoDeleted: true }) } },
  { label: 'pull_request opened', event: { name: 'pull_request', payload: pullRequestEvent(8, { action: 'opened', repository: 'acme/app' }) } },
  { label: 'pull_request reopened', event: { name: 'pull_request', payload: pullRequestEvent(8, { action: 'reopened' }) } },
  { label: 'pull_request closed without merging', event: { name: 'pull_request', payload: pullRequestEvent(8, { action: 'closed' }) } },
  { label: 'pull_request closed and merged', event: { name: 'pull_request', payload: pullRequestEvent(8, { action: 'closed', merged: true }) } },
  { label: 'pull_request_target closed and merged', event: { name: 'pull_request_target', payload: pullRequestEvent(8, { action: 'closed', merged: true }) } },
  { label: 'pull_request with a head SHA', event: { name: 'pull_request', payload: pullRequestEvent(30, { headSha: SHA('d') }) } },
  { label: 'pull_request_target from a fork', event: { name: 'pull_request_target', payload: pullRequestEvent(13, { fork: true }) } },
  { label: 'push', event: pushEvent(SHA('1'), SHA('2')) },
  { label: 'push of a new branch', event: pushEvent(ZERO, SHA('3')) },
  { label: 'push to the default branch', event: pushEvent(ZERO, SHA('4'), 'refs/heads/main') },
  { label: 'push deleting a branch', event: pushEvent(SHA('5'), ZERO) },
  { label: 'workflow_dispatch', event: workflowDispatchEvent() },
  { label: 'workflow_dispatch with inputs', event: workflowDispatchEvent({ prompt: 'Update the CLI page.' }) },
  { label: 'schedule', event: scheduleEvent() },
  ...['pull_request', 'pull_request_target', 'push', 'workflow_dispatch', 'schedule'].map((name) => ({ label: `a plain ${name}`, event: eventNamed(name) })),
];

describe("every event payload, by GitHub's webhook description", () => {
  it.each(EVENTS)('$label', ({ event }) => {
    expect(webhookViolations(event)).toEqual([]);
  });

  it('any title and description, hostile ones too', () => {
    for (const text of HOSTILE_STRINGS) {
      expect(webhookViolations({ name: 'pull_request', payload: pullRequestEvent(1, { title: text, body: text }) })).toEqual([]);
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.string({ maxLength: 300 }),
        (number, title, body) => {
          expect(webhookViolations({ name: 'pull_request', payload: pullRequestEvent(number, { title, body }) })).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 20_260_105 },
    );
  });

  it('the check fails a payload GitHub would not send', () => {
    expect(webhookViolations({ name: 'push', payload: { ref: 'refs/heads/main', before: SHA('1'), after: SHA('2'), commits: [] } })).toContainEqual(
      'push (push): lacks "repository"',
    );
    expect(webhookViolations({ name: 'pull_request', payload: { ...pullRequestEvent(7, { action: 'opened' }), number: '7' } })).toContainEqual(
      'pull_request (pull-request-opened): at /number must be integer',
    );
    expect(webhookViolations({ name: 'pull_request', payload: { ...pullRequestEvent(7), action: 'merged' } })).toEqual([
      'pull_request: GitHub\'s webhook description has no event "pull-request-merged"',
    ]);
    expect(webhookViolations({ name: 'schedule', payload: {} })).toEqual(['schedule: a payload of nothing, where GitHub sends schedule']);
  });

  it('no test runs the action on a payload not built here', async () => {
    expect(isBuiltPayload(pullRequestEvent(7))).toBe(true);
    expect(isBuiltPayload({ ...pullRequestEvent(7) })).toBe(false);
    await expect(runAction({ inputs: {}, event: { name: 'schedule', payload: {} } })).rejects.toThrow(/not built by test\/support\/webhook-events\.ts/);
  });
});
