/**
 * Documentation that ships with the release, end to end through the bundle (dist/index.js), as the
 * runner runs it: the code PR's run links its documentation PR; its merge (`closed`, `merged`,
 * `docs-publish: on-release`) holds it as a draft labelled `waits-for-release`; a release cut from
 * a maintenance branch, which does not contain the merge, leaves it waiting; the next release,
 * which does, marks it ready for review — `released` in GITHUB_OUTPUT, the release chunk loaded,
 * the step exiting 0, every run held to the harness's rules (no leak, no injected command, the
 * summary and the comments as GitHub renders them). The in-process tests (test/steps/release.test.ts)
 * hold the rest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_LABEL } from '../../src/constants.js';
import { bundleReady } from '../support/build-bundle.js';
import { commitLine, releaseOn } from '../support/held-for-release.js';
import { addDocsRepository, CODE, CODE_PR, codePullState, DOCS, DOCS_TOKEN, docsPull, HEAD, JOB_ON_BRANCH, link } from '../support/two-repositories.js';
import { pullRequestEvent, releaseEvent } from '../support/webhook-events.js';
import { bundleRun, withOwnServers } from './fixture.js';

// The bundle is built beside the other tests (test/support/build-bundle.ts): it must be done.
beforeAll(() => bundleReady(), 180_000);

const FOLLOWING = {
  'docs-token': DOCS_TOKEN,
  'pr-comment': 'true',
  'follow-code-pr': 'true',
  'docs-publish': 'on-release',
  diff: 'false',
  prompt: 'Document the retries flag',
  timeout: '10s',
  'request-timeout': '2s',
  'poll-interval': '500ms',
  'poll-interval-max': '1s',
};

describe('documentation that ships with the release, through the bundle', () => {
  it('merged code PR, its documentation PR held; a release that does not contain the merge leaves it waiting; the one that does releases it', () =>
    withOwnServers({ defaultJobScript: JOB_ON_BRANCH }, async ({ sim, github }) => {
      const docs = addDocsRepository(github);
      github.pullStates.set(CODE_PR, codePullState());
      sim.queuePrLinks(link(DOCS, 5));
      const docsPr = docsPull(docs, 5, { draft: false });
      // A release's summary links the release's page and both pull requests.
      const linksOf = (tag: string, rows = true): string[] => [
        `https://github.com/${CODE}/releases/tag/${tag}`,
        ...(rows ? [`https://github.com/${CODE}/pull/${CODE_PR}`, link(DOCS, 5)] : []),
      ];
      const run = (event: { name: string; payload: unknown }, inputs: Record<string, string>, runId: string, links?: string[]) =>
        bundleRun(
          { sim, github },
          { event, inputs, env: { GITHUB_RUN_ID: runId }, secrets: [DOCS_TOKEN], deadlineMs: 12_000, sim, ...(links ? { summary: { links } } : {}) },
        );

      const opened = await run({ name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'opened' }) }, FOLLOWING, '1');
      expect(opened.outputs).toMatchObject({ outcome: 'pr-opened', 'docs-pr-action': 'linked' });

      // Merged on main: root ← merge ← later (v1.1.0); a maintenance branch root ← fix (v1.0.1).
      const [root] = commitLine(github, ['root']);
      const [merge, later] = commitLine(github, ['merge of #12', 'later'], root);
      const [fix] = commitLine(github, ['fix on 1.0'], root);
      github.pullStates.set(CODE_PR, codePullState({ state: 'closed', merged: true, mergeCommit: merge }));
      const closed = await run({ name: 'pull_request', payload: pullRequestEvent(CODE_PR, { headSha: HEAD, action: 'closed', merged: true }) }, FOLLOWING, '2');
      expect(closed.code).toBe(0);
      expect(closed.outputs).toMatchObject({ outcome: 'synced', 'docs-pr-action': 'held' });
      expect(docsPr).toMatchObject({ state: 'open', draft: true, labels: [RELEASE_LABEL] });

      const RELEASING = { command: 'release', 'docs-token': DOCS_TOKEN, 'docs-repository': DOCS };
      releaseOn(github, 'v1.0.1', fix!);
      const maintenance = await run(releaseEvent('v1.0.1'), RELEASING, '3', linksOf('v1.0.1'));
      expect(maintenance.code).toBe(0);
      expect(maintenance.outputs).toMatchObject({ outcome: 'skipped', released: '[]', requests: '0' });
      expect(docsPr).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
      expect(maintenance.stdout).toContain('"v1.0.1" does not contain');

      releaseOn(github, 'v1.1.0', later!);
      const released = await run(releaseEvent('v1.1.0'), RELEASING, '4', linksOf('v1.1.0'));
      expect(released.code).toBe(0);
      expect(released.outputs.outcome).toBe('released');
      expect(JSON.parse(released.outputs.released!)).toEqual([{ codePr: `${CODE}#${CODE_PR}`, docsPr: `${DOCS}#5`, tag: 'v1.1.0' }]);
      expect(docsPr).toMatchObject({ state: 'open', draft: false, merged: false, labels: [] });
      expect(released.summary).toContain('## Documentation released with the code');
      const codeComment = github.comments.filter((comment) => comment.issue_url?.endsWith(`/issues/${CODE_PR}`)).at(-1)!.body;
      expect(codeComment).toContain('marked ready for review: a published release contains the merge commit');

      // The same release again (a re-run): nothing changes.
      const again = await run(releaseEvent('v1.1.0'), RELEASING, '4', linksOf('v1.1.0', false));
      expect(again.outputs).toMatchObject({ outcome: 'skipped', released: '[]' });
    }));
});
