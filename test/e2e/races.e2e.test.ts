/**
 * Two runs of one pull request that race, through the bundle: two processes at once, which the
 * in-process runner cannot be (two runs in one process would share its environment and stdout).
 * The order they end in once chose what the action's memory said; this failed on the bundle before
 * its fix (run it against another bundle with ACTION_BUNDLE=<path to its index.js>). The action's
 * other defences of its memory run in process: test/matrices/trust.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import type { FakeGitHub } from '../support/fake-github.js';
import { recordIn } from '../support/records.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';
import { bundleRun, useServers } from './fixture.js';
import {
  addDocsRepository,
  CODE_PR,
  DOCS,
  DOCS_TOKEN,
  docsPull,
  FOLLOWING,
  HEAD,
  jobOnBranch,
  linkedDocsPr,
  recordedDocsPr,
} from '../support/two-repositories.js';

/** The branch the jobs work on here: the vendor's own naming. */
const BRANCH = 'mintlify/docs-retries';
const servers = useServers({ defaultJobScript: jobOnBranch(BRANCH) });

function run(event: PullRequestEventOptions): Promise<ActionRun> {
  return bundleRun(servers, {
    event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, ...event }) },
    inputs: {
      ...FOLLOWING,
      'request-timeout': '2s',
      timeout: '8s',
      'poll-interval': '1s',
    },
    secrets: [DOCS_TOKEN],
    deadlineMs: 9_000,
  });
}

const codeComment = (github: FakeGitHub): string | undefined =>
  github.comments.filter((c) => c.issue_url?.endsWith(`/issues/${CODE_PR}`) && c.body.startsWith(COMMENT_MARKER)).at(-1)?.body;

describe('two runs of one pull request', () => {
  it('a synchronize run that ends after a closed run keeps the documentation PR recorded as closed by the action, and reopening reopens it', async () => {
    const { sim, github } = servers;
    const docs = addDocsRepository(github);
    docsPull(docs, 101, { headRef: BRANCH });
    recordedDocsPr(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
    sim.queueJobScripts([{ status: 'active', ref: BRANCH }]);
    const slow = run({ action: 'synchronize' });
    await until(() => github.callsTo('update-comment').length >= 1, 'the synchronize run wrote its working comment');
    const jobId = sim.jobs().at(-1)!.id;

    const closed = await run({ action: 'closed', merged: false });
    expect(closed.outputs['docs-pr-action']).toBe('closed');
    sim.queuePrLinks(`https://github.com/${DOCS}/pull/101`);
    sim.continueJob(jobId, { status: 'completed', prLink: true });
    const synchronized = await slow;
    expect(synchronized.outputs.outcome).toBe('pr-opened');
    expect(codeComment(github)).toContain('closed with this pull request');

    sim.queuePrLinks(`https://github.com/${DOCS}/pull/101`);
    const reopened = await run({ action: 'reopened' });
    expect(reopened.outputs['docs-pr-action']).toBe('reopened');
    expect(recordIn(codeComment(github)!, CODE_PR)!.docsPr).toEqual(linkedDocsPr(101, { headRef: BRANCH }));
    expect(docs.pulls.get(101)!.state).toBe('open');
  });
});

/** Waits for something a running process does, checking every 20 ms; fails when it never happens. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 15_000) throw new Error(`Never happened: ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
