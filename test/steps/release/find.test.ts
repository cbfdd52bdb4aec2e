/**
 * What a release finds (`steps/release/find.ts`), on its own, against the fake GitHub: the
 * documentation PRs held for a release of this repository, among a documentation repository's open
 * pull requests labelled `waits-for-release`, through the action's own back-link and the code PR's
 * own comment; oldest merge first; what each read costs; and every way a labelled pull request is
 * passed over.
 */
import { describe, expect, it } from 'vitest';
import { RELEASE_LABEL } from '../../../src/constants.js';
import { createGitHubApi } from '../../../src/github/octokit.js';
import type { GitHubApi } from '../../../src/github/api.js';
import { findWaiting, type FindContext } from '../../../src/steps/release/find.js';
import type { FakeGitHub } from '../../support/fake-github.js';
import { FakeTime, recordingLogger, type RecordingLogger } from '../../support/fake-time.js';
import { docsSide, held } from '../../support/held-for-release.js';
import { GITHUB_TOKEN, useFlows } from '../../support/in-process.js';
import { sealedRecord, TEST_SEAL } from '../../support/records.js';
import { addDocsRepository, CODE, DOCS, DOCS_TOKEN } from '../../support/two-repositories.js';

let github: FakeGitHub;
useFlows({ github: true }, (started) => ({ github } = started));

const MERGE = 'c0ffee'.padEnd(40, '3');

function clientOf(token: string, repository: string): Promise<GitHubApi> {
  const [owner = '', repo = ''] = repository.split('/');
  const time = new FakeTime();
  return createGitHubApi({
    token,
    repo: { owner, repo },
    requestTimeoutMs: 5_000,
    deadline: time.now() + 60_000,
    signal: new AbortController().signal,
    clock: time,
    startTimer: time.startTimer,
    apiUrl: github.url,
    retries: 0,
    logger: { info: () => undefined },
  });
}

function contextOf(logger: RecordingLogger, reach: readonly string[] = [DOCS]): FindContext {
  return {
    code: { repository: { id: github.repositoryId(CODE), name: CODE }, read: () => clientOf(GITHUB_TOKEN, CODE) },
    docs: (name) => (reach.includes(name) ? clientOf(DOCS_TOKEN, name) : undefined),
    noToken: (name) => `no token reaches ${name}`,
    seal: TEST_SEAL,
    logger,
    clock: new FakeTime(),
  };
}

describe('findWaiting', () => {
  it('the labelled drafts held for a release of this repository, oldest merge first; one read of comments each, and of each code PR’s', async () => {
    const docs = addDocsRepository(github);
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: MERGE, mergedAt: '2026-02-02T00:00:00.000Z' });
    held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: MERGE, mergedAt: '2026-01-01T00:00:00.000Z' });
    held(github, docsSide(github, docs), { docsPr: 9, codePr: 14, mergeCommit: MERGE });
    docs.pulls.set(20, { title: 'Not labelled', state: 'open', draft: true, merged: false, headRef: 'x' });
    github.requests.length = 0;
    const logger = recordingLogger();
    const found = await findWaiting([DOCS], contextOf(logger));
    expect(found.waiting.map((each) => [each.docs.number, each.comment.pullRequest.number])).toEqual([
      [8, 13],
      [7, 12],
      [9, 14],
    ]);
    expect(found.waiting[0]!.recorded.release).toEqual({ mergeCommit: MERGE, mergedAt: '2026-01-01T00:00:00.000Z' });
    expect(found.unreachable).toEqual([]);
    expect(found.reads).toBe(1 + 3 + 3);
    expect(github.requests.map((request) => request.call).filter((call) => call !== 'identity')).toHaveLength(found.reads);
    expect(logger.messages('info')).toEqual(['3 documentation PRs wait for a release of this repository, oldest merge first.']);
  });

  it('passes over what is not the action’s or not waiting, saying why; never acting on a label alone', async () => {
    const docs = addDocsRepository(github);
    docs.pulls.set(30, { title: 'Labelled by hand', state: 'open', draft: true, merged: false, headRef: 'x', labels: [RELEASE_LABEL] });
    held(github, docsSide(github, docs), { docsPr: 31, codePr: 41, mergeCommit: MERGE, backLinkAuthor: 'mallory' });
    held(github, docsSide(github, docs), { docsPr: 32, codePr: 42, mergeCommit: MERGE, release: { releasedIn: 'v1' } });
    held(github, docsSide(github, docs), { docsPr: 33, codePr: 43, mergeCommit: MERGE, release: { foundReady: true } });
    const unheld = held(github, docsSide(github, docs), { docsPr: 34, codePr: 44, mergeCommit: MERGE });
    // The code PR's record names the documentation PR, but holds it for no release (labelled by hand).
    const body = unheld.codeComment.body.split('\n');
    body[body.length - 1] = sealedRecord({ jobId: 'job_44', headSha: 'e'.repeat(40), docsPr: { ...unheld.recorded, release: undefined } }, 44, {
      id: github.repositoryId(CODE),
      name: CODE,
    });
    unheld.codeComment.body = body.join('\n');
    const logger = recordingLogger();
    const found = await findWaiting([DOCS], contextOf(logger));
    expect(found.waiting).toEqual([]);
    expect(logger.messages('info')).toEqual([
      `${DOCS}#34 carries the label ${RELEASE_LABEL} but the record of code PR #44 does not hold it for a release: passed over.`,
      `${DOCS}#33 was marked ready for review by hand: left as it is.`,
      `${DOCS}#32 was released with "v1" already: left as it is.`,
      `${DOCS}#31 carries the label ${RELEASE_LABEL} but its back-link was not written by the identity that writes this action's back-links: passed over.`,
      `${DOCS}#30 carries the label ${RELEASE_LABEL} but no back-link of this action's that verifies: passed over.`,
    ]);
  });

  it('a repository no token reaches, or one that cannot be read: one warning each, and the others are read', async () => {
    const docs = addDocsRepository(github);
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: MERGE });
    github.addRepository('acme-sim/gone', { private: true });
    const logger = recordingLogger();
    const found = await findWaiting(['acme-sim/elsewhere', 'acme-sim/gone', DOCS], contextOf(logger, ['acme-sim/gone', DOCS]));
    expect(found.unreachable).toEqual(['acme-sim/elsewhere', 'acme-sim/gone']);
    expect(found.waiting.map((each) => each.docs.number)).toEqual([7]);
    expect(logger.messages('warning')).toEqual([
      'no token reaches acme-sim/elsewhere',
      expect.stringMatching(/^Could not read the open pull requests of acme-sim\/gone: .*404.* Its documentation PRs wait for the next release run\.$/),
    ]);
  });

  it('the comments of a labelled pull request that cannot be read: one warning, it waits for the next run', async () => {
    const docs = addDocsRepository(github);
    held(github, docsSide(github, docs), { docsPr: 7, codePr: 12, mergeCommit: MERGE });
    held(github, docsSide(github, docs), { docsPr: 8, codePr: 13, mergeCommit: MERGE });
    github.injectFault({ call: 'list-comments', kind: 'status', status: 500 });
    const logger = recordingLogger();
    const found = await findWaiting([DOCS], contextOf(logger));
    expect(found.waiting.map((each) => each.docs.number)).toEqual([7]);
    expect(logger.messages('warning')).toEqual([
      expect.stringMatching(/^Could not read the comments of acme-sim\/docs#8: .* It waits for the next release run\.$/),
    ]);
  });
});
