/**
 * A release's cost is bounded whatever the repositories hold (property): `command: release`, in
 * process, over a generated documentation repository — up to 260 open pull requests, some labelled
 * `waits-for-release`, held by the action for a merge the release contains or not, released
 * already, marked ready by hand, of another repository's code PR, or a copy of the action's
 * back-link or comment by someone else — and a generated code history with a release on main or on
 * a maintenance branch. Whatever they hold:
 *
 * - the reads to find the waiting documentation PRs are at most ⌈open pull requests ÷ 100⌉ + 2
 *   (the release, and a token's identity) plus one per labelled pull request (its comments), one
 *   per labelled pull request whose back-link leads to a code PR of this repository (that code
 *   PR's comments: its record says whether it waits), and two per waiting documentation PR, at
 *   most 100 (the containment, and its state before it is marked ready): a documentation PR that
 *   waits costs four reads, one that is labelled but does not wait one or two (a copy of the
 *   action's back-link, or one marked ready by hand, two — once: its label is then taken off);
 * - exactly the waiting documentation PRs whose merge commit the release contains, drafts, at most
 *   100, oldest merge first, are marked ready for review; the label comes off those and off the
 *   ones marked ready by hand — and nothing is written anywhere else.
 *
 * Seeded: a failure prints the seed and the shrunk case to replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RELEASE_LABEL } from '../../src/constants.js';
import { RELEASE_MAX_DOCS_PRS } from '../../src/steps/release.js';
import type { FakeGitHub } from '../support/fake-github.js';
import { codeSide, commitLine, docsSide, held } from '../support/held-for-release.js';
import { useFlows, type Flows } from '../support/in-process.js';
import { sealedBackLink } from '../support/records.js';
import { addDocsRepository, CODE, DOCS, DOCS_TOKEN } from '../support/two-repositories.js';
import { releaseEvent } from '../support/webhook-events.js';

const RUNS = 6;

type Kind = 'plain' | 'labelled' | 'waiting' | 'released' | 'ready' | 'elsewhere' | 'copied-link' | 'copied-comment';
interface GeneratedPull {
  readonly kind: Kind;
  /** Whether its code PR was merged on main (in the release's history when the release is on main) or on the maintenance branch. */
  readonly onMain: boolean;
  /** Minutes after the first merge it was merged. */
  readonly mergedMinute: number;
}

const pull: fc.Arbitrary<GeneratedPull> = fc.record({
  kind: fc.constantFrom<Kind>('plain', 'plain', 'labelled', 'waiting', 'waiting', 'waiting', 'released', 'ready', 'elsewhere', 'copied-link', 'copied-comment'),
  onMain: fc.boolean(),
  mergedMinute: fc.integer({ min: 0, max: 10_000 }),
});

/** Mostly unlabelled pull requests when there are many: a repository's open pull requests are mostly not the action's. */
const many: fc.Arbitrary<GeneratedPull[]> = fc.array(
  fc.oneof({ weight: 6, arbitrary: pull.map((each) => ({ ...each, kind: 'plain' as const })) }, { weight: 4, arbitrary: pull }),
  { minLength: 100, maxLength: 260 },
);

let flows: Flows;
let github: FakeGitHub;
// Each generated repository resets the flows itself.
useFlows({ github: true }, (started) => ({ flows, github } = started), { reset: false, checkGitHub: false });

describe('a release over generated repositories and releases (property)', () => {
  it('finds with ⌈open ÷ 100⌉ + 2 + one per labelled + one per linked + two per waiting reads, and releases exactly the waiting drafts it contains, oldest 100 first', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(pull, { maxLength: 30 }), many), fc.boolean(), async (pulls, releaseOnMain) => {
        flows.reset();
        const docs = addDocsRepository(github);
        // main: root ← main merges… ← tip (v2.0.0); maintenance: root ← fix ← its merges… (v1.0.1)
        const [root] = commitLine(github, ['root']);
        const mainMerge = commitLine(github, ['main merge'], root)[0]!;
        const maintenanceMerge = commitLine(github, ['maintenance merge'], root)[0]!;
        github.tags.set('v2.0.0', mainMerge);
        github.tags.set('v1.0.1', maintenanceMerge);
        github.releases.push({ tag: 'v1.0.1' }, { tag: 'v2.0.0' });
        const tag = releaseOnMain ? 'v2.0.0' : 'v1.0.1';
        /** The documentation PRs that must be released, with when their code PR merged. */
        const releasable: Array<{ docsPr: number; mergedAt: number }> = [];
        let labelled = 0;
        /** Labelled pull requests whose back-link (the action's, or a copy) leads to a code PR of this repository. */
        let linked = 0;
        /** Drafts the action's records hold for the release, still waiting. */
        let waiting = 0;
        /** Documentation PRs the action held that someone marked ready for review by hand. */
        const foundReady = new Set<number>();
        pulls.forEach((each, index) => {
          const docsPr = 100 + index;
          const codePr = 5000 + index;
          const mergeCommit = each.onMain ? mainMerge : maintenanceMerge;
          const mergedAt = Date.UTC(2026, 0, 1) + each.mergedMinute * 60_000;
          const at = new Date(mergedAt).toISOString();
          switch (each.kind) {
            case 'plain':
              docs.pulls.set(docsPr, { title: 'Someone’s', state: 'open', draft: false, merged: false, headRef: `b${docsPr}` });
              return;
            case 'labelled':
              docs.pulls.set(docsPr, { title: 'Labelled by hand', state: 'open', draft: true, merged: false, headRef: `b${docsPr}`, labels: [RELEASE_LABEL] });
              labelled += 1;
              return;
            case 'elsewhere': {
              // A back-link of the action's to another repository's code PR.
              docs.pulls.set(docsPr, { title: 'Theirs', state: 'open', draft: true, merged: false, headRef: `b${docsPr}`, labels: [RELEASE_LABEL] });
              docs.comments.push({
                id: 60_000 + index,
                issue_url: `${github.url}/repos/${DOCS}/issues/${docsPr}`,
                body: `<!-- docs-agent-action:docs-pr -->\nx\n${sealedBackLink({ codePr: { repository: 'acme/other', number: 1, repositoryId: 77 } }, docsPr, { id: docs.id, name: DOCS })}\n`,
                user: { login: 'docs-writer[bot]', type: 'Bot' },
                author_association: 'NONE',
              });
              labelled += 1;
              return;
            }
            default: {
              const made = held(github, docsSide(github, docs), {
                docsPr,
                codePr,
                mergeCommit,
                mergedAt: at,
                ...(each.kind === 'released' ? { release: { releasedIn: 'v0.9.0' } } : {}),
                ...(each.kind === 'ready' ? { pull: { draft: false } } : {}),
                ...(each.kind === 'copied-link' ? { backLinkAuthor: 'mallory' } : {}),
              });
              if (each.kind === 'copied-comment') made.codeComment.user = { login: 'mallory', type: 'User' };
              labelled += 1;
              linked += 1;
              if (each.kind === 'waiting') waiting += 1;
              if (each.kind === 'ready') foundReady.add(docsPr);
              if (each.kind === 'waiting' && each.onMain === releaseOnMain) releasable.push({ docsPr, mergedAt });
            }
          }
        });
        // Merged and closed documentation PRs are not among the open ones, whatever they hold.
        held(github, codeSide(github), { docsPr: 9000, codePr: 9001, mergeCommit: mainMerge, pull: { state: 'closed', merged: true } });
        github.requests.length = 0;

        const run = await flows.run({ command: 'release', 'docs-token': DOCS_TOKEN, 'docs-repository': DOCS }, { event: releaseEvent(tag) });

        expect(run.failed).toBe(false);
        const open = docs.pulls.size;
        const calls = (call: string, repository?: string) =>
          github.requests.filter((request) => request.call === call && (!repository || request.path.startsWith(`/repos/${repository}/`))).length;
        const released = (JSON.parse(run.outputs.released!) as Array<{ docsPr: string }>).map((each) => Number(each.docsPr.split('#')[1]));
        const finding =
          calls('release') +
          calls('open-pulls') +
          (calls('list-comments', DOCS) - released.length) +
          calls('list-comments', CODE) +
          calls('compare') +
          calls('pull-request', DOCS) +
          calls('identity');
        expect(calls('open-pulls')).toBe(Math.max(1, Math.ceil(open / 100)));
        expect(finding).toBeLessThanOrEqual(Math.ceil(open / 100) + 2 + labelled + linked + 2 * Math.min(waiting, RELEASE_MAX_DOCS_PRS));
        expect(calls('compare')).toBeLessThanOrEqual(Math.min(waiting, RELEASE_MAX_DOCS_PRS));
        // Exactly the waiting drafts the release contains, oldest merge first, at most 100.
        const expected = releasable.sort((a, b) => a.mergedAt - b.mergedAt || a.docsPr - b.docsPr).map((each) => each.docsPr);
        const taken = new Set(expected.slice(0, RELEASE_MAX_DOCS_PRS));
        expect(new Set(released)).toEqual(taken);
        expect(released.length).toBeLessThanOrEqual(RELEASE_MAX_DOCS_PRS);
        expect(calls('mark-ready')).toBe(released.length);
        // Nothing written but to what was released (its back-link, its label, its code PR's comment) and to one found ready (its label, its code PR's comment).
        for (const request of github.requests.filter((each) => each.method !== 'GET' && each.call !== 'identity' && each.call !== 'mark-ready')) {
          const number = Number(/\/issues\/(\d+)\//.exec(request.path)?.[1] ?? NaN);
          if (request.path.startsWith(`/repos/${DOCS}/issues/comments/`) || request.path.startsWith(`/repos/${CODE}/issues/comments/`)) continue;
          expect(taken.has(number) || (foundReady.has(number) && request.call === 'remove-label'), `${request.method} ${request.path}`).toBe(true);
        }
        // One marked ready by hand no longer carries the label: no later release run singles it out.
        for (const number of foundReady) expect(docs.pulls.get(number)?.labels ?? [], `#${number}`).not.toContain(RELEASE_LABEL);
        expect(await github.takeViolations()).toEqual([]);
      }),
      { numRuns: RUNS, seed: 20261201 },
    );
  }, 180_000);
});
