/**
 * Every event payload the tests give the action, held to GitHub's own webhook description
 * (`@octokit/openapi-webhooks`) of its event and action: the payloads come from
 * test/support/webhook-events.ts alone (`runAction` refuses any other), and here each builder,
 * with every option the tests use and any title or description, makes a payload GitHub could send.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from '../matrices/cases.js';
import { repositoryIdOf } from './github-objects.js';
import { runAction } from './run-action.js';
import {
  eventNamed,
  repositoryDispatchEvent,
  isBuiltPayload,
  pullRequestEvent,
  pullRequestReviewEvent,
  pushEvent,
  scheduleEvent,
  webhookViolations,
  workflowDispatchEvent,
  type TriggeringEvent,
  mergeGroupEvent,
  releaseEvent,
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
  { label: 'pull_request with labels', event: { name: 'pull_request', payload: pullRequestEvent(9, { labels: ['documentation', 'needs docs'] }) } },
  { label: 'pull_request labeled', event: { name: 'pull_request', payload: pullRequestEvent(9, { action: 'labeled', label: 'skip docs', labels: ['bug'] }) } },
  {
    label: 'pull_request unlabeled',
    event: { name: 'pull_request', payload: pullRequestEvent(9, { action: 'unlabeled', label: 'skip docs', labels: ['skip docs'] }) },
  },
  {
    label: 'pull_request reopened, labelled',
    event: { name: 'pull_request', payload: pullRequestEvent(9, { action: 'reopened', labels: ['documentation'] }) },
  },
  ...(['approved', 'changes_requested', 'commented'] as const).map((state) => ({
    label: `pull_request_review submitted, ${state}`,
    event: { name: 'pull_request_review', payload: pullRequestReviewEvent(4, { action: 'submitted', state }) },
  })),
  { label: 'merge_group checks_requested', event: mergeGroupEvent(12) },
  { label: 'merge_group checks_requested on a base with slashes', event: mergeGroupEvent(12, { base: 'release/2.x' }) },
  { label: 'merge_group destroyed', event: mergeGroupEvent(12, { action: 'destroyed' }) },
  { label: 'pull_request_review edited', event: { name: 'pull_request_review', payload: pullRequestReviewEvent(4, { action: 'edited', state: 'commented' }) } },
  {
    label: 'pull_request_review dismissed',
    event: { name: 'pull_request_review', payload: pullRequestReviewEvent(4, { action: 'dismissed', state: 'dismissed' }) },
  },
  {
    label: 'pull_request_review of a documentation PR, in its repository',
    event: {
      name: 'pull_request_review',
      payload: pullRequestReviewEvent(3, {
        action: 'submitted',
        state: 'approved',
        repository: 'acme/docs',
        headRef: 'docs/retries',
        headSha: SHA('f'),
        reviewer: 'docs-lead',
        labels: ['documentation'],
      }),
    },
  },
  { label: 'push', event: pushEvent(SHA('1'), SHA('2')) },
  { label: 'push of a new branch', event: pushEvent(ZERO, SHA('3')) },
  { label: 'push to the default branch', event: pushEvent(ZERO, SHA('4'), 'refs/heads/main') },
  { label: 'push deleting a branch', event: pushEvent(SHA('5'), ZERO) },
  { label: 'workflow_dispatch', event: workflowDispatchEvent() },
  { label: 'workflow_dispatch with inputs', event: workflowDispatchEvent({ prompt: 'Update the CLI page.' }) },
  { label: 'schedule', event: scheduleEvent() },
  { label: 'repository_dispatch', event: repositoryDispatchEvent({ pullRequest: 12 }) },
  { label: 'repository_dispatch without a client payload', event: repositoryDispatchEvent(null, 'docs-pr-opened') },
  { label: 'pull_request of a renamed repository', event: { name: 'pull_request', payload: pullRequestEvent(7, { repositoryId: 4242 }) } },
  {
    label: 'pull_request from a fork, of a renamed repository',
    event: { name: 'pull_request', payload: pullRequestEvent(13, { fork: true, repositoryId: 4242 }) },
  },
  {
    label: 'pull_request_review of a renamed repository',
    event: { name: 'pull_request_review', payload: pullRequestReviewEvent(4, { action: 'submitted', state: 'approved', repositoryId: 4242 }) },
  },
  { label: 'push to a renamed repository', event: pushEvent(SHA('1'), SHA('2'), 'refs/heads/feature', { repositoryId: 4242 }) },
  { label: 'workflow_dispatch in a renamed repository', event: workflowDispatchEvent({}, { repositoryId: 4242 }) },
  { label: 'release published', event: releaseEvent('v1.2.0') },
  { label: 'release published, untitled, of a renamed repository', event: releaseEvent('v1.2.0', { name: null, repositoryId: 4242 }) },
  { label: 'release published, a tag of slashes', event: releaseEvent('release/2.0.0', { name: 'Two' }) },
  { label: 'release prereleased', event: releaseEvent('v2.0.0-rc.1', { action: 'prereleased' }) },
  { label: 'release released (a prerelease made a release)', event: releaseEvent('v2.0.0', { action: 'released' }) },
  { label: 'release created (a draft)', event: releaseEvent('v3.0.0', { action: 'created' }) },
  ...['pull_request', 'pull_request_target', 'pull_request_review', 'push', 'workflow_dispatch', 'schedule', 'repository_dispatch'].map((name) => ({
    label: `a plain ${name}`,
    event: eventNamed(name),
  })),
];

describe("every event payload, by GitHub's webhook description", () => {
  it.each(EVENTS)('$label', ({ event }) => {
    expect(webhookViolations(event)).toEqual([]);
  });

  it('a label added or removed: the event names it, and the pull request carries it or no longer does', () => {
    const labeled = pullRequestEvent(9, { action: 'labeled', label: 'skip docs', labels: ['bug'] });
    expect(labeled.label).toMatchObject({ name: 'skip docs', url: 'https://api.github.com/repos/acme/widgets/labels/skip%20docs' });
    expect(labeled.pull_request.labels.map((label) => label.name)).toEqual(['bug', 'skip docs']);
    const unlabeled = pullRequestEvent(9, { action: 'unlabeled', label: 'skip docs', labels: ['skip docs', 'bug'] });
    expect(unlabeled.label?.name).toBe('skip docs');
    expect(unlabeled.pull_request.labels.map((label) => label.name)).toEqual(['bug']);
    expect(pullRequestEvent(9, { labels: ['documentation'] })).not.toHaveProperty('label');
  });

  it("a review's state in small letters, as the webhook carries it, and the pull request it is of", () => {
    const event = pullRequestReviewEvent(3, {
      action: 'submitted',
      state: 'changes_requested',
      repository: 'acme/docs',
      headSha: SHA('f'),
      reviewer: 'docs-lead',
    });
    expect(event.review).toMatchObject({ state: 'changes_requested', commit_id: SHA('f'), user: { login: 'docs-lead' } });
    expect(event.pull_request).toMatchObject({ number: 3, head: { sha: SHA('f') }, base: { repo: { full_name: 'acme/docs' } } });
    // GitHub's description of a dismissal knows the states in small letters only.
    const capitals = { ...pullRequestReviewEvent(3, { action: 'dismissed', state: 'dismissed' }) };
    capitals.review = { ...capitals.review, state: 'DISMISSED' };
    expect(webhookViolations({ name: 'pull_request_review', payload: capitals })).toContainEqual(
      'pull_request_review (pull-request-review-dismissed): at /review/state must be equal to one of the allowed values',
    );
  });

  it("the repository's ID: given, in the repository and the pull request's base (and head, unless a fork's); by default made from the name", () => {
    const renamed = pullRequestEvent(7, { repository: 'acme/gadgets', repositoryId: 4242 });
    expect(renamed.repository).toMatchObject({ id: 4242, node_id: `R_kgDO${(4242).toString(36)}`, full_name: 'acme/gadgets' });
    expect(renamed.pull_request.base.repo).toMatchObject({ id: 4242, full_name: 'acme/gadgets' });
    expect(renamed.pull_request.head.repo).toMatchObject({ id: 4242 });
    expect(pullRequestEvent(7, { fork: true, repositoryId: 4242 }).pull_request.head.repo).toMatchObject({ id: repositoryIdOf('stranger/widgets') });
    expect(pullRequestReviewEvent(4, { action: 'submitted', state: 'approved', repositoryId: 4242 })).toMatchObject({
      repository: { id: 4242 },
      pull_request: { base: { repo: { id: 4242 } } },
    });
    expect(pushEvent(SHA('1'), SHA('2'), 'refs/heads/feature', { repositoryId: 4242 }).payload).toMatchObject({ repository: { id: 4242 } });
    expect(workflowDispatchEvent({}, { repositoryId: 4242 }).payload).toMatchObject({ repository: { id: 4242 } });
    // Without one, the payloads are as they were: the ID made from the name, as the fake GitHub gives it.
    expect(pullRequestEvent(7)).toEqual(pullRequestEvent(7, { repositoryId: repositoryIdOf('acme/widgets') }));
    expect(pullRequestEvent(7).repository.id).toBe(repositoryIdOf('acme/widgets'));
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
    expect(isBuiltPayload(pullRequestReviewEvent(7, { action: 'submitted', state: 'approved' }))).toBe(true);
    expect(isBuiltPayload({ ...pullRequestEvent(7) })).toBe(false);
    await expect(runAction({ inputs: {}, event: { name: 'schedule', payload: {} } })).rejects.toThrow(/not built by test\/support\/webhook-events\.ts/);
  });
});
