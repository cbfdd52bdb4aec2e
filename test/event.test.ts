/**
 * The triggering event as the runner describes it: its payload file read (or an event without
 * details), the pull request of a pull-request event, whether it has a diff, whether it is a
 * fork's, and the workflow's repository that records are bound to (its ID first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHasDiff, isForkPullRequest, pullRequestOf, readTriggerEvent, wantsDiff, workflowRepositoryOf, type TriggerEvent } from '../src/event.js';

const HEAD = 'c'.repeat(40);
/** An event as the runner hands it: its payload is whatever the file held, checked by the functions under test. */
const event = (name: string, payload: Record<string, unknown> = {}): TriggerEvent => ({ name, payload, actor: 'octocat' });

describe('readTriggerEvent', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'event-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the name, the payload file and the actor the runner gives', () => {
    const path = join(dir, 'event.json');
    const payload = { action: 'opened', pull_request: { number: 7, title: 'Add a flag' } };
    writeFileSync(path, JSON.stringify(payload));
    expect(readTriggerEvent({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path, GITHUB_ACTOR: 'octocat' })).toEqual({
      name: 'pull_request',
      payload,
      actor: 'octocat',
    });
  });

  it('is an event without details when the payload file is not given, missing, or unreadable', () => {
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, '{"action": "opened", ');
    for (const path of [undefined, '', join(dir, 'missing.json'), notJson, dir]) {
      expect(readTriggerEvent({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: path, GITHUB_ACTOR: 'octocat' }), String(path)).toEqual({
        name: 'push',
        payload: {},
        actor: 'octocat',
      });
    }
  });

  it('without the runner’s variables: no name, no payload, no actor', () => {
    expect(readTriggerEvent({})).toEqual({ name: '', payload: {}, actor: '' });
  });
});

describe('pullRequestOf', () => {
  const pullRequest = {
    number: 7,
    title: 'Add a --verbose flag',
    merged: false,
    head: { sha: HEAD, ref: 'feature/verbose' },
    labels: [{ name: 'docs' }, { name: 'no-docs' }],
  };

  it('reads the pull request of a pull_request and a pull_request_target event alike', () => {
    for (const name of ['pull_request', 'pull_request_target']) {
      expect(pullRequestOf(event(name, { action: 'synchronize', pull_request: pullRequest })), name).toEqual({
        number: 7,
        title: 'Add a --verbose flag',
        headSha: HEAD,
        headRef: 'feature/verbose',
        action: 'synchronize',
        merged: false,
        labels: ['docs', 'no-docs'],
        label: undefined,
      });
    }
  });

  it('is none for any other event, even with a pull request in its payload', () => {
    for (const name of ['push', 'pull_request_review', 'issue_comment', 'workflow_dispatch', '', 'PULL_REQUEST']) {
      expect(pullRequestOf(event(name, { pull_request: pullRequest })), name).toBeUndefined();
    }
  });

  it('is none for a pull-request event whose payload has no pull request, or one without a number', () => {
    expect(pullRequestOf(event('pull_request'))).toBeUndefined();
    expect(pullRequestOf(event('pull_request', { pull_request: { ...pullRequest, number: undefined } }))).toBeUndefined();
    expect(pullRequestOf(event('pull_request', { pull_request: { ...pullRequest, number: '7' } }))).toBeUndefined();
  });

  it('reads what is not text as empty: a title, a head without its commit or branch, a missing action', () => {
    const odd = { number: 8, title: 42, head: null, labels: 'docs' };
    expect(pullRequestOf(event('pull_request', { pull_request: odd }))).toEqual({
      number: 8,
      title: '',
      headSha: '',
      headRef: '',
      action: '',
      merged: false,
      labels: [],
      label: undefined,
    });
  });

  it('keeps the labels that have a name, in order', () => {
    const labels = [{ name: 'b' }, null, { name: 3 }, {}, { name: 'a' }];
    expect(pullRequestOf(event('pull_request', { pull_request: { ...pullRequest, labels } }))!.labels).toEqual(['b', 'a']);
  });

  it('reads the label added or removed by a labeled or unlabeled event', () => {
    for (const action of ['labeled', 'unlabeled']) {
      const pr = pullRequestOf(event('pull_request', { action, label: { name: 'no-docs' }, pull_request: pullRequest }));
      expect(pr!.action).toBe(action);
      expect(pr!.label).toBe('no-docs');
    }
    expect(pullRequestOf(event('pull_request', { action: 'labeled', pull_request: pullRequest }))!.label).toBeUndefined();
    expect(pullRequestOf(event('pull_request', { action: 'labeled', label: { name: '' }, pull_request: pullRequest }))!.label).toBeUndefined();
    expect(pullRequestOf(event('pull_request', { action: 'labeled', label: { name: 5 }, pull_request: pullRequest }))!.label).toBeUndefined();
  });

  it('is merged only when the payload says true: closed and merged, or closed without merging', () => {
    const closed = (merged: unknown) => pullRequestOf(event('pull_request', { action: 'closed', pull_request: { ...pullRequest, merged } }))!;
    expect(closed(true)).toMatchObject({ action: 'closed', merged: true });
    for (const merged of [false, null, undefined, 'true', 1]) expect(closed(merged).merged, String(merged)).toBe(false);
  });
});

describe('eventHasDiff and wantsDiff', () => {
  const withDiff = ['pull_request', 'pull_request_target', 'push'];
  const without = ['workflow_dispatch', 'schedule', 'pull_request_review', 'issue_comment', ''];

  it('a pull-request event and a push have a diff; other events do not', () => {
    for (const name of withDiff) expect(eventHasDiff(event(name)), name).toBe(true);
    for (const name of without) expect(eventHasDiff(event(name)), name).toBe(false);
  });

  it('diff: true wants it on every event, false on none, auto where the event has one', () => {
    for (const name of [...withDiff, ...without]) {
      expect(wantsDiff({ diff: 'true' }, event(name)), name).toBe(true);
      expect(wantsDiff({ diff: 'false' }, event(name)), name).toBe(false);
      expect(wantsDiff({ diff: 'auto' }, event(name)), name).toBe(withDiff.includes(name));
    }
  });
});

describe('isForkPullRequest', () => {
  const pr = (head: unknown, base: unknown): TriggerEvent => event('pull_request', { pull_request: { number: 1, head, base } });

  it('is a fork’s when its head lives in another repository than its base', () => {
    expect(isForkPullRequest(pr({ repo: { full_name: 'someone/widgets' } }, { repo: { full_name: 'acme/widgets' } }))).toBe(true);
    expect(isForkPullRequest(pr({ repo: { full_name: 'acme/widgets' } }, { repo: { full_name: 'acme/widgets' } }))).toBe(false);
  });

  it('is a fork’s when its head repository was deleted (it arrives as null)', () => {
    expect(isForkPullRequest(pr({ repo: null }, { repo: { full_name: 'acme/widgets' } }))).toBe(true);
  });

  it('is not a fork’s without a pull request, or when either side does not say its repository', () => {
    expect(isForkPullRequest(event('push'))).toBe(false);
    expect(isForkPullRequest(pr(undefined, { repo: { full_name: 'acme/widgets' } }))).toBe(false);
    expect(isForkPullRequest(pr({}, { repo: { full_name: 'acme/widgets' } }))).toBe(false);
    expect(isForkPullRequest(pr({ repo: {} }, { repo: { full_name: 'acme/widgets' } }))).toBe(false);
    expect(isForkPullRequest(pr({ repo: { full_name: 'someone/widgets' } }, undefined))).toBe(false);
    expect(isForkPullRequest(pr({ repo: { full_name: 'someone/widgets' } }, { repo: null }))).toBe(false);
  });
});

describe('workflowRepositoryOf', () => {
  const NAME = 'acme/widgets';
  const withId = (id: unknown): TriggerEvent => event('pull_request', { repository: { id, full_name: NAME } });

  it('takes the runner’s GITHUB_REPOSITORY_ID first, before the payload’s repository.id', () => {
    expect(workflowRepositoryOf(withId(222), { GITHUB_REPOSITORY: NAME, GITHUB_REPOSITORY_ID: '111' })).toEqual({ id: 111, name: NAME });
    expect(workflowRepositoryOf(event('push'), { GITHUB_REPOSITORY: NAME, GITHUB_REPOSITORY_ID: '9007199254740991' })).toEqual({
      id: 9007199254740991,
      name: NAME,
    });
  });

  it('takes the payload’s repository.id when the runner gives none, or a malformed one', () => {
    for (const runnerId of [undefined, '', '0', '-1', '012', '1.5', '1e3', ' 111', '111 ', '0x10', 'abc', '12345678901234567']) {
      expect(workflowRepositoryOf(withId(222), { GITHUB_REPOSITORY: NAME, GITHUB_REPOSITORY_ID: runnerId }), String(runnerId)).toEqual({ id: 222, name: NAME });
    }
  });

  it('binds to the name alone when neither gives an ID it can take', () => {
    for (const payloadId of [undefined, null, '222', 0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(workflowRepositoryOf(withId(payloadId), { GITHUB_REPOSITORY: NAME, GITHUB_REPOSITORY_ID: 'x' }), String(payloadId)).toEqual({
        id: undefined,
        name: NAME,
      });
    }
    expect(workflowRepositoryOf(event('push'), { GITHUB_REPOSITORY: NAME })).toEqual({ id: undefined, name: NAME });
    expect(workflowRepositoryOf(event('push', { repository: null }), { GITHUB_REPOSITORY: NAME })).toEqual({ id: undefined, name: NAME });
  });

  it('is none without GITHUB_REPOSITORY, or with one that is not owner/name, whatever the IDs', () => {
    for (const name of [undefined, '', 'acme', 'acme/', '/widgets', 'acme/widgets/extra', 'acme /widgets', 'acme/wid gets', 'acme/widgets\n']) {
      expect(workflowRepositoryOf(withId(222), { GITHUB_REPOSITORY: name, GITHUB_REPOSITORY_ID: '111' }), JSON.stringify(name)).toBeUndefined();
    }
  });
});
