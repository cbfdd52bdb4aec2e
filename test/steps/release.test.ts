/**
 * `command: release` in process (the contract's *Documentation that ships with the release*):
 * against the fake GitHub, the code repository's history and releases, and documentation PRs held
 * for the release as a merge left them (test/support/held-for-release.ts). What a release contains
 * is released — marked ready for review, told which release, its label taken off, the code PR told
 * and its record saying so — and nothing else is touched: a release cut from another branch, a
 * prerelease, a documentation PR merged, closed or marked ready by hand, a copy of the action's
 * memory, and a release run again.
 */
import { describe, expect, it } from 'vitest';
import { RELEASE_LABEL } from '../../src/constants.js';
import { COMMENT_MARKER, DOCS_PR_MARKER, type DocsPrRecord } from '../../src/memory/record.js';
import { RELEASE_MAX_DOCS_PRS } from '../../src/steps/release.js';
import type { FakeGitHub, FakeRepository } from '../support/fake-github.js';
import { shaOf } from '../support/github-objects.js';
import { expectRendersAsGitHubShould } from '../support/github-markdown.js';
import { codeSide, commitLine, docsSide, held, releaseOn, DOCS_LOGIN } from '../support/held-for-release.js';
import { useFlows, type FlowResult, type Flows } from '../support/in-process.js';
import { backLinkIn, recordIn } from '../support/records.js';
import { addDocsRepository, CODE, DOCS, DOCS_TOKEN } from '../support/two-repositories.js';
import { pullRequestEvent, releaseEvent, workflowDispatchEvent } from '../support/webhook-events.js';

let flows: Flows;
let github: FakeGitHub;
useFlows({ github: true }, (started) => ({ flows, github } = started));

/** The inputs of the code repository's release workflow: the docs token, and the documentation repository it reaches. */
const RELEASING = { command: 'release', 'docs-token': DOCS_TOKEN, 'docs-repository': DOCS };

/**
 * The code repository's history: `main` with two merges on it (`first`, `second`), and a
 * maintenance branch cut before them. Tags: `v1.0.1` on the maintenance branch, `v1.1.0` on main
 * after the first merge, `v1.2.0` after the second.
 */
function history(): { first: string; second: string } {
  const [root] = commitLine(github, ['root']);
  commitLine(github, ['fix on 1.0'], root);
  const [first, between, second, after] = commitLine(github, ['first merge', 'between', 'second merge', 'after'], root);
  github.tags.set('v1.0.1', shaOf('commit fix on 1.0'));
  github.tags.set('v1.1.0', between!);
  github.tags.set('v1.2.0', after!);
  github.releases.push({ tag: 'v1.0.1' }, { tag: 'v1.1.0' }, { tag: 'v1.2.0', name: 'Widgets 1.2' });
  return { first: first!, second: second! };
}

function release(tag: string, inputs: Record<string, string> = {}, event = releaseEvent(tag)): Promise<FlowResult> {
  return flows.run({ ...RELEASING, ...inputs }, { event });
}

function docsRepository(): FakeRepository {
  return addDocsRepository(github);
}

/** The code PR's comment of the action's, and its record. */
function codeRecord(number: number): { body: string; docsPr: DocsPrRecord | undefined } {
  const comment = github.comments.filter((each) => each.issue_url?.endsWith(`/issues/${number}`) && each.body.startsWith(COMMENT_MARKER)).at(-1)!;
  return { body: comment.body, docsPr: recordIn(comment.body, number, { id: github.repositoryId(CODE), name: CODE })?.docsPr };
}

/** The requests that changed something on GitHub. */
function writes(): string[] {
  return github.requests.filter((request) => request.method !== 'GET' && request.call !== 'identity').map((request) => `${request.method} ${request.path}`);
}

describe('a release that contains the merge commit', () => {
  it('marks the documentation PR ready for review, tells it and the code PR which release, takes its label off, and records it released', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first, mergedAt: '2026-01-05T10:00:00.000Z' });

    const run = await release('v1.2.0');

    expect(run.failed).toBe(false);
    expect(run.outputs.outcome).toBe('released');
    expect(JSON.parse(run.outputs.released!)).toEqual([{ codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.2.0' }]);
    expect(run.outputs.requests).toBe('0');
    expect(one.pull.draft).toBe(false);
    expect(one.pull.labels).toEqual([]);
    // The documentation PR's back-link says which release, by its page, and still leads to its code PR.
    const backLink = docs.comments.find((comment) => comment.id === one.backLink.id)!;
    expect(backLink.body).toContain('🚀 Released: the release [`v1.2.0`](https://github.com/acme/widgets/releases/tag/v1.2.0) (`Widgets 1.2`)');
    expect(backLinkIn(backLink.body, 7, { id: docs.id, name: DOCS })?.codePr).toMatchObject({ repository: CODE, number: 12 });
    // The code PR's comment says it, and its record keeps it: released, never again.
    const code = codeRecord(12);
    expect(code.body).toContain('**Documentation PR** `acme-sim/docs#7`: marked ready for review: a published release contains the merge commit');
    expect(code.docsPr?.release).toEqual({ mergeCommit: first, mergedAt: '2026-01-05T10:00:00.000Z', releasedIn: 'v1.2.0' });
    expect(code.body).toContain('The documentation job opened its pull request.');
    expect(run.log.messages('info')).toContain('Released documentation PR acme-sim/docs#7 with "v1.2.0": marked ready for review.');
    expectRendersAsGitHubShould(
      run.summary,
      { links: ['https://github.com/acme/widgets/releases/tag/v1.2.0', 'https://github.com/acme/widgets/pull/12', 'https://github.com/acme-sim/docs/pull/7'] },
      'the summary',
    );
    // Nothing is merged, no branch deleted.
    expect(writes().some((write) => /merge|refs/.test(write))).toBe(false);
  });

  it('on a workflow_dispatch with release-tag, the tag named; without one, the latest release', async () => {
    const docs = docsRepository();
    const { first } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const named = await flows.run({ ...RELEASING, 'release-tag': 'v1.1.0' }, { event: workflowDispatchEvent() });
    expect(JSON.parse(named.outputs.released!)).toEqual([{ codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.1.0' }]);
    expect(github.callsTo('release').map((request) => request.path)).toEqual([`/repos/${CODE}/releases/tags/v1.1.0`]);

    github.requests.length = 0;
    held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: first });
    const latest = await flows.run(RELEASING, { event: workflowDispatchEvent() });
    expect(JSON.parse(latest.outputs.released!)).toEqual([{ codePr: `${CODE}#13`, docsPr: `${DOCS}#8`, tag: 'v1.2.0' }]);
    expect(github.callsTo('release').map((request) => request.path)).toEqual([`/repos/${CODE}/releases/latest`]);
  });

  it('where documentation and code share a repository: its own open pull requests, with the workflow token', async () => {
    const { second } = history();
    const one = held(github, codeSide(github), { docsPr: 30, codePr: 31, mergeCommit: second });
    const run = await flows.run({ command: 'release' }, { event: releaseEvent('v1.2.0') });
    expect(run.outputs.outcome).toBe('released');
    expect(JSON.parse(run.outputs.released!)).toEqual([{ codePr: `${CODE}#31`, docsPr: `${CODE}#30`, tag: 'v1.2.0' }]);
    expect(one.pull.draft).toBe(false);
  });

  it('a release tagged on the merge commit itself contains it (compare answers identical)', async () => {
    const docs = docsRepository();
    const { first } = history();
    releaseOn(github, 'v1.0.9', first);
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const run = await release('v1.0.9');
    expect(JSON.parse(run.outputs.released!)).toEqual([{ codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.0.9' }]);
    expect(github.callsTo('compare').map((request) => request.path)).toEqual([`/repos/${CODE}/compare/v1.0.9...${first}?per_page=1`]);
    expect(one.pull.draft).toBe(false);
  });

  it('a payload that disagrees with GitHub: the release as GitHub has it now counts, its title included', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    // A re-run replays the payload of when it was published as a prerelease, titled otherwise; GitHub has the full release "Widgets 1.2" now.
    const run = await release('v1.2.0', {}, releaseEvent('v1.2.0', { prerelease: true, name: 'Widgets 1.2 candidate' }));
    expect(run.outputs.outcome).toBe('released');
    expect(one.pull.draft).toBe(false);
    const texts = [docs.comments.find((comment) => comment.id === one.backLink.id)!.body, codeRecord(12).body, run.summary];
    for (const text of texts) {
      expect(text).toContain('`Widgets 1.2`');
      expect(text).not.toContain('candidate');
    }
  });
});

describe('what a release does not release', () => {
  it('a release cut from another branch, which does not contain the merge: it keeps waiting, untouched', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const before = codeRecord(12).body;

    const run = await release('v1.0.1');

    expect(run.failed).toBe(false);
    expect(run.outputs.outcome).toBe('skipped');
    expect(run.outputs.released).toBe('[]');
    expect(one.pull).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
    expect(writes()).toEqual([]);
    expect(codeRecord(12).body).toBe(before);
    expect(run.log.messages('info')).toContain(
      `"v1.0.1" does not contain ${first.slice(0, 7)}, the merge of acme/widgets#12 (a release cut from another branch?): acme-sim/docs#7 keeps waiting.`,
    );
    expect(run.summary).toContain('keeps waiting: the release does not contain its merge commit');
  });

  it('a release before the merge: one merged later waits for the next, which releases it', async () => {
    const docs = docsRepository();
    const { first, second } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: second });
    const older = await release('v1.1.0');
    expect(JSON.parse(older.outputs.released!)).toEqual([{ codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.1.0' }]);
    const newer = await release('v1.2.0');
    expect(JSON.parse(newer.outputs.released!)).toEqual([{ codePr: `${CODE}#13`, docsPr: `${DOCS}#8`, tag: 'v1.2.0' }]);
  });

  it('a prerelease releases nothing, whatever the payload says: one notice, and nothing but the release read', async () => {
    const docs = docsRepository();
    const { first } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    releaseOn(github, 'v2.0.0-rc.1', github.tags.get('v1.2.0')!, { prerelease: true });

    // The payload says a full release; GitHub says a prerelease: GitHub is believed.
    const run = await release('v2.0.0-rc.1', {}, releaseEvent('v2.0.0-rc.1', { prerelease: false }));

    expect(run.failed).toBe(false);
    expect(run.outputs.outcome).toBe('skipped');
    expect(run.log.messages('notice')).toEqual([
      'The release "v2.0.0-rc.1" is a prerelease: it releases no documentation PR; they wait for a full release that contains their merge commit.',
    ]);
    expect(github.requests.map((request) => request.call)).toEqual(['release']);
  });

  it('a release event that publishes nothing (a draft created): skipped before any request', async () => {
    const run = await release('v3.0.0', {}, releaseEvent('v3.0.0', { action: 'created' }));
    expect(run.outputs.outcome).toBe('skipped');
    expect(run.log.messages('notice')).toEqual([
      'The release event is "created": only a published release releases documentation PRs. Run this step on release types [published].',
    ]);
    expect(github.requests).toEqual([]);
  });

  it('a tag GitHub has no published release for (a draft, or deleted since): the step fails naming it, and releases nothing', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    releaseOn(github, 'v9.0.0', github.tags.get('v1.2.0')!, { draft: true });
    // The payload says published; GitHub has a draft.
    const run = await release('v9.0.0');
    expect(run.outputs.outcome).toBe('error');
    expect(run.outputs.released).toBe('[]');
    expect(run.failures).toEqual([
      'GitHub has no published release with the tag "v9.0.0" (a draft is not published; a deleted one is gone): no documentation PR is released.',
    ]);
    expect(github.requests.map((request) => request.call)).toEqual(['release']);
    expect(one.pull).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
  });

  it('a documentation PR merged or closed by hand before the release is left as it is; one marked ready by hand too, its record saying so and its label taken off', async () => {
    const docs = docsRepository();
    const { first } = history();
    const merged = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first, pull: { state: 'closed', merged: true, draft: false } });
    const closed = held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: first, pull: { state: 'closed' } });
    const ready = held(github, docsSide(github, docs), { docsPr: 9, codePr: 14, mergeCommit: first, pull: { draft: false } });
    const before = [merged, closed, ready].map((each) => docs.comments.find((comment) => comment.id === each.backLink.id)!.body);

    const run = await release('v1.2.0');

    expect(run.outputs.outcome).toBe('skipped');
    expect(run.outputs.released).toBe('[]');
    expect(github.callsTo('mark-ready')).toEqual([]);
    // The label says it waits, and it no longer does: taken off, so that no later release run reads it.
    expect(github.callsTo('remove-label').map((request) => request.path)).toEqual([`/repos/acme-sim/docs/issues/9/labels/${RELEASE_LABEL}`]);
    expect([merged, closed, ready].map((each) => docs.comments.find((comment) => comment.id === each.backLink.id)!.body)).toEqual(before);
    expect(ready.pull).toMatchObject({ draft: false, labels: [] });
    expect(codeRecord(14).docsPr?.release).toEqual({ mergeCommit: first, foundReady: true });
    expect(codeRecord(14).body).toContain('marked ready for review by hand before a release contained the merge commit: left as it is');
    expect(codeRecord(12).docsPr?.release).toEqual({ mergeCommit: first });

    // The next release does not single it out: nothing of it is read, nothing is written.
    github.requests.length = 0;
    await release('v1.2.0');
    expect(writes()).toEqual([]);
    expect(github.requests.filter((request) => request.path.includes('/issues/9/') || request.path.includes('/issues/14/'))).toEqual([]);
  });

  it('one marked ready by hand whose label cannot be taken off: one warning, and the next release run leaves it by its record', async () => {
    const docs = docsRepository();
    const { first } = history();
    const ready = held(github, docsSide(github, docs), { docsPr: 9, codePr: 14, mergeCommit: first, pull: { draft: false } });
    github.injectFault({ call: 'remove-label', kind: 'status', status: 500, times: 10 });

    const run = await release('v1.2.0');

    expect(run.outputs.outcome).toBe('skipped');
    expect(run.log.messages('warning')).toEqual([
      expect.stringMatching(/^Could not take the label waits-for-release off acme-sim\/docs#9: .* Later release runs read it again, and leave it\.$/),
    ]);
    expect(ready.pull.labels).toEqual([RELEASE_LABEL]);
    expect(codeRecord(14).docsPr?.release).toEqual({ mergeCommit: first, foundReady: true });

    github.requests.length = 0;
    await release('v1.2.0');
    expect(writes()).toEqual([]);
    expect(github.callsTo('list-comments')).toHaveLength(2);
  });
});

describe('GitHub read again wins over the list', () => {
  it.each([
    ['merged', { state: 'closed', merged: true, draft: false }],
    ['closed', { state: 'closed' }],
  ] as const)('a documentation PR %s by hand after the list was read: left as it is, nothing written', async (_how, change) => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const before = codeRecord(12).body;
    github.onRequest = ({ call, path }) => {
      if (call === 'pull-request' && path === `/repos/${DOCS}/pulls/7`) Object.assign(one.pull, change);
    };

    const run = await release('v1.2.0');

    expect(run.outputs).toMatchObject({ outcome: 'skipped', released: '[]' });
    expect(writes()).toEqual([]);
    expect(one.pull.labels).toEqual([RELEASE_LABEL]);
    expect(codeRecord(12).body).toBe(before);
    expect(run.summary).toContain('merged or closed meanwhile: left as it is');
  });

  it('one marked ready by hand after the list was read: left as it is, the code PR’s record saying so', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const backLink = docs.comments.find((comment) => comment.id === one.backLink.id)!.body;
    github.onRequest = ({ call, path }) => {
      if (call === 'pull-request' && path === `/repos/${DOCS}/pulls/7`) one.pull.draft = false;
    };

    const run = await release('v1.2.0');

    expect(run.outputs).toMatchObject({ outcome: 'skipped', released: '[]' });
    expect(github.callsTo('mark-ready')).toEqual([]);
    expect(writes().filter((write) => write.includes(`/repos/${DOCS}/`))).toEqual([]);
    expect(docs.comments.find((comment) => comment.id === one.backLink.id)!.body).toBe(backLink);
    expect(codeRecord(12).docsPr?.release).toEqual({ mergeCommit: first, foundReady: true });
    expect(run.log.messages('info')).toContain('Documentation PR acme-sim/docs#7 was marked ready for review by hand before this release: left as it is.');
  });
});

describe('never twice', () => {
  it('a release event replayed by a re-run changes nothing: the label is off, and nothing is read but the release and the open pull requests', async () => {
    const docs = docsRepository();
    const { first } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    await release('v1.2.0');
    github.requests.length = 0;

    const again = await release('v1.2.0');

    expect(again.outputs.outcome).toBe('skipped');
    expect(again.outputs.released).toBe('[]');
    expect(writes()).toEqual([]);
    expect(github.requests.map((request) => request.call)).toEqual(['release', 'open-pulls']);
  });

  it('one whose label could not be taken off: its record says it was released, and a re-run leaves it as it is', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    github.injectFault({ call: 'remove-label', kind: 'status', status: 500 });
    github.injectFault({ call: 'remove-label', kind: 'status', status: 500, times: 10 });
    const first_ = await release('v1.2.0', { retries: '0' });
    expect(first_.outputs.outcome).toBe('released');
    expect(one.pull.labels).toEqual([RELEASE_LABEL]);
    expect(first_.log.messages('warning')).toHaveLength(1);
    github.clearFaults();
    github.requests.length = 0;

    const again = await release('v1.2.0');

    expect(again.outputs.outcome).toBe('skipped');
    expect(writes()).toEqual([]);
    expect(again.log.messages('info')).toContain('acme-sim/docs#7 was released with "v1.2.0" already: left as it is.');
  });

  it('a release never merges: the documentation PR is marked ready and left for a reviewer', async () => {
    const docs = docsRepository();
    const { first } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    await release('v1.2.0');
    expect(writes().filter((write) => write.startsWith('PUT'))).toEqual([]);
    expect(docs.pulls.get(7)).toMatchObject({ state: 'open', merged: false, draft: false });
  });
});

describe("only the action's memory counts", () => {
  it('a back-link copied onto another pull request, or a copy by someone else, or a record copied into another comment: none is released', async () => {
    const docs = docsRepository();
    const { first } = history();
    const original = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first, pull: { state: 'closed' } });
    // The back-link of #7 copied onto #20, labelled by whoever copied it.
    docs.pulls.set(20, { title: 'Mine', state: 'open', draft: true, merged: false, headRef: 'mine', labels: [RELEASE_LABEL] });
    docs.comments.push({ ...original.backLink, id: 41_000, issue_url: `${github.url}/repos/${DOCS}/issues/20`, user: { login: 'mallory', type: 'User' } });
    // A documentation PR whose only back-link is a copy by someone else (the original gone), its code PR's record naming it.
    const copied = held(github, docsSide(github, docs), { docsPr: 21, codePr: 22, mergeCommit: first, backLinkAuthor: 'mallory' });
    // A code PR whose comment of the action's is a copy by someone else (the original gone).
    const forged = held(github, docsSide(github, docs), { docsPr: 23, codePr: 24, mergeCommit: first });
    forged.codeComment.user = { login: 'mallory', type: 'User' };

    const run = await release('v1.2.0');

    expect(run.outputs.outcome).toBe('skipped');
    expect(github.callsTo('mark-ready')).toEqual([]);
    expect(docs.pulls.get(20)!.draft).toBe(true);
    expect(copied.pull.draft).toBe(true);
    expect(forged.pull.draft).toBe(true);
    expect(writes()).toEqual([]);
  });

  it('a labelled pull request of another repository’s code PR, or with no back-link: passed over', async () => {
    const docs = docsRepository();
    const { first } = history();
    docs.pulls.set(30, { title: 'Someone’s', state: 'open', draft: true, merged: false, headRef: 'theirs', labels: [RELEASE_LABEL] });
    const run = await release('v1.2.0');
    expect(run.outputs.outcome).toBe('skipped');
    expect(run.log.messages('info')).toContain(`${DOCS}#30 carries the label ${RELEASE_LABEL} but no back-link of this action's that verifies: passed over.`);
    expect(first).toBeTruthy();
  });
});

describe('faults', () => {
  it('a documentation repository that cannot be read is one warning: the others are still released', async () => {
    const docs = docsRepository();
    const { first } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const own = held(github, codeSide(github), { docsPr: 40, codePr: 41, mergeCommit: first });
    // The docs token reaches both repositories of documentation; a third is private to it.
    github.tokens.get(DOCS_TOKEN)!.repositories[CODE] = { pullRequests: 'write', contents: 'write' };
    github.addRepository('acme-sim/private-docs', { private: true });

    const run = await release('v1.2.0', { 'docs-repository': `${DOCS}, acme-sim/private-docs, ${CODE}` });

    expect(run.failed).toBe(false);
    expect(run.outputs.outcome).toBe('released');
    expect(JSON.parse(run.outputs.released!)).toEqual([
      { codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.2.0' },
      { codePr: `${CODE}#41`, docsPr: `${CODE}#40`, tag: 'v1.2.0' },
    ]);
    expect(own.pull.draft).toBe(false);
    expect(run.log.messages('warning')).toEqual([expect.stringMatching(/^Could not read the open pull requests of acme-sim\/private-docs: .*404/)]);
    expect(run.summary).toContain('`acme-sim/private-docs` could not be read');
  });

  it('a release that cannot be read: the step fails naming it, before anything else is read', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    github.injectFault({ call: 'release', kind: 'status', status: 500 });
    const run = await release('v1.2.0', { retries: '0' });
    expect(run.outputs).toMatchObject({ outcome: 'error', released: '[]' });
    expect(run.failures).toEqual([expect.stringMatching(/^Could not read the release "v1\.2\.0": .*500/)]);
    expect(github.requests.map((request) => request.call)).toEqual(['release']);
    expect(one.pull).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
  });

  it('none reachable: the step fails, saying what to give', async () => {
    history();
    const run = await flows.run({ command: 'release', 'docs-repository': DOCS }, { event: releaseEvent('v1.2.0') });
    expect(run.outputs.outcome).toBe('error');
    expect(run.log.messages('warning')).toEqual([expect.stringContaining('give docs-token a token with "Pull requests: write" on acme-sim/docs')]);
    expect(run.failures).toEqual(['No documentation repository could be read (acme-sim/docs): the warnings above say what to give.']);
  });

  it(`150 waiting: the oldest ${RELEASE_MAX_DOCS_PRS} merges this run, one notice, the rest on the next`, async () => {
    const docs = docsRepository();
    const { first } = history();
    const mergedAt = (n: number): string => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
    // Numbered against their merge order: the newest pull requests were merged first.
    for (let n = 0; n < 150; n++) held(github, docsSide(github, docs), { docsPr: 1000 + n, codePr: 2000 + n, mergeCommit: first, mergedAt: mergedAt(150 - n) });

    const run = await release('v1.2.0');

    const released = (JSON.parse(run.outputs.released!) as Array<{ codePr: string }>).map((each) => Number(each.codePr.split('#')[1]));
    expect(released).toHaveLength(RELEASE_MAX_DOCS_PRS);
    expect(released).toEqual(Array.from({ length: 100 }, (_, i) => 2149 - i));
    expect(run.log.messages('notice')).toEqual([
      'A documentation PR waits for a release: this run takes the oldest 100 merges; the 50 newest wait for the next run.'.replace(
        'A documentation PR waits',
        '150 documentation PRs wait',
      ),
    ]);
    const next = await release('v1.2.0');
    expect(JSON.parse(next.outputs.released!)).toHaveLength(50);
    expect(next.log.messages('notice')).toEqual([]);
  }, 60_000);

  it('a containment read that fails is one warning: that one keeps waiting, the others are released', async () => {
    const docs = docsRepository();
    const { first, second } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first, mergedAt: '2026-01-01T00:00:00.000Z' });
    held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: second, mergedAt: '2026-01-02T00:00:00.000Z' });
    github.injectFault({ call: 'compare', kind: 'status', status: 404 });
    const run = await release('v1.2.0');
    expect(JSON.parse(run.outputs.released!)).toEqual([{ codePr: `${CODE}#13`, docsPr: `${DOCS}#8`, tag: 'v1.2.0' }]);
    expect(run.log.messages('warning')).toEqual([
      expect.stringMatching(/^Could not tell whether "v1\.2\.0" contains [0-9a-f]{7}, the merge of acme\/widgets#12: .* acme-sim\/docs#7 keeps waiting\.$/),
    ]);
  });

  it('cancelled mid-way: what was released stays released and recorded, the rest keeps waiting, and the step fails', async () => {
    const docs = docsRepository();
    const { first, second } = history();
    const older = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first, mergedAt: '2026-01-01T00:00:00.000Z' });
    const newer = held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: second, mergedAt: '2026-01-02T00:00:00.000Z' });
    // The second containment read hangs, and the run is cancelled while it does.
    github.injectFault({ call: 'compare', kind: 'hang', skip: 1 });

    const run = await flows.run(RELEASING, { event: releaseEvent('v1.2.0'), onHang: (flow) => flow.cancel() });

    expect(run.outputs.outcome).toBe('cancelled');
    expect(JSON.parse(run.outputs.released!)).toEqual([{ codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.2.0' }]);
    expect(run.failures).toEqual(['Cancelled: what was released stays released; the rest waits for the next run.']);
    expect(older.pull).toMatchObject({ draft: false, labels: [] });
    expect(codeRecord(12).docsPr?.release?.releasedIn).toBe('v1.2.0');
    expect(newer.pull).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
    expect(codeRecord(13).docsPr?.release).toEqual({ mergeCommit: second, mergedAt: '2026-01-02T00:00:00.000Z' });
  });

  it('the step’s timeout running out mid-way: the step fails saying so; what was released stays released, the rest keeps waiting', async () => {
    const docs = docsRepository();
    const { first, second } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first, mergedAt: '2026-01-01T00:00:00.000Z' });
    const newer = held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: second, mergedAt: '2026-01-02T00:00:00.000Z' });
    github.injectFault({ call: 'compare', kind: 'hang', skip: 1 });

    const run = await release('v1.2.0', { timeout: '20s', 'request-timeout': '1m' });

    expect(run.outputs.outcome).toBe('error');
    expect(JSON.parse(run.outputs.released!)).toEqual([{ codePr: `${CODE}#12`, docsPr: `${DOCS}#7`, tag: 'v1.2.0' }]);
    expect(run.failures).toEqual([expect.stringMatching(/^timeout \(20s\) ran out: /)]);
    expect(newer.pull).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
    expect(codeRecord(13).docsPr?.release?.releasedIn).toBeUndefined();
  });

  it('a documentation PR it may not mark ready: one warning naming the permissions; not recorded released, so the next run tries again', async () => {
    const docs = docsRepository();
    const { first } = history();
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    github.tokens.set(DOCS_TOKEN, { login: DOCS_LOGIN, repositories: { [DOCS]: { pullRequests: 'write', contents: 'read' } } });
    const run = await release('v1.2.0');
    expect(run.outputs.outcome).toBe('skipped');
    expect(run.log.messages('warning')).toEqual([
      'Could not mark ready for review documentation PR acme-sim/docs#7: GitHub answered 403 (Resource not accessible by integration): docs-token needs "Pull requests: write" and "Contents: write" on acme-sim/docs.',
    ]);
    expect(one.pull).toMatchObject({ draft: true, labels: [RELEASE_LABEL] });
    expect(codeRecord(12).docsPr?.release).toEqual({ mergeCommit: first });
  });
});

describe('a dry run', () => {
  it('reads what it would release, and writes nothing', async () => {
    const docs = docsRepository();
    const { first } = history();
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });
    const run = await release('v1.2.0', { 'dry-run': 'true' });
    expect(run.outputs.outcome).toBe('dry-run');
    expect(run.outputs.released).toBe('[]');
    expect(writes()).toEqual([]);
    expect(run.summary).toContain('would be released');
  });
});

describe('what it shows', () => {
  it('a hostile release title and tag render as the text they are, in the summary and both comments', async () => {
    const docs = docsRepository();
    const { first } = history();
    const tag = 'v1.2.0-<b>@team#1</b>|`x`';
    const name = '[click](https://evil.example) @everyone #1 </details> <!-- x --> ~~gone~~';
    releaseOn(github, tag, github.tags.get('v1.2.0')!, { name });
    const one = held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: first });

    const run = await release(tag, {}, releaseEvent(tag, { name }));

    expect(run.outputs.outcome).toBe('released');
    const page = `https://github.com/acme/widgets/releases/tag/${encodeURIComponent(tag)}`;
    expectRendersAsGitHubShould(
      run.summary,
      { links: [page, 'https://github.com/acme/widgets/pull/12', 'https://github.com/acme-sim/docs/pull/7'], literals: [tag, name] },
      'the summary',
    );
    const backLink = docs.comments.find((comment) => comment.id === one.backLink.id)!.body;
    expect(backLink.startsWith(`${DOCS_PR_MARKER}\n`)).toBe(true);
    expectRendersAsGitHubShould(backLink, { links: [page, 'https://github.com/acme/widgets/pull/12'], literals: [tag, name] }, 'the back-link');
    expectRendersAsGitHubShould(codeRecord(12).body, { links: [page], literals: [tag, name] }, "the code PR's comment");
  });
});

describe('bad inputs', () => {
  it.each([
    ['release-tag', { 'release-tag': 'v1 2' }, 'Input "release-tag" has an invalid value "v1 2": expected a tag name as Git allows it'],
    ['release-tag', { 'release-tag': 'v1..2' }, 'Input "release-tag" has an invalid value "v1..2"'],
    ['docs-repository', { 'docs-repository': 'not a repository' }, 'Input "docs-repository" has an invalid value "not a repository"'],
  ])('%s %j: one line naming it, before any request', async (_name, inputs, line) => {
    await expect(flows.run({ ...RELEASING, ...inputs }, { event: workflowDispatchEvent() })).rejects.toThrow(line);
    expect(github.requests).toEqual([]);
  });

  it('a release event whose tag Git would not allow: release-tag is named', async () => {
    await expect(flows.run(RELEASING, { event: releaseEvent('bad tag') })).rejects.toThrow(
      'Input "release-tag" is empty and the release event names no tag Git allows (release.tag_name "bad tag"): give release-tag the release\'s tag.',
    );
  });

  it('docs-publish: on-release without follow-code-pr holds nothing: one warning', async () => {
    const run = await flows.run(
      { 'docs-publish': 'on-release', 'pr-comment': 'true', diff: 'false', prompt: 'x', 'dry-run': 'true' },
      { event: { name: 'pull_request', payload: pullRequestEvent(12, { action: 'closed', merged: true }) } },
    );
    expect(run.log.messages('warning')).toContain(
      'Input "docs-publish" is "on-release" but follow-code-pr is false: the documentation PR does not follow its code PR, so nothing holds it for the release. Set follow-code-pr: true.',
    );
  });
});
