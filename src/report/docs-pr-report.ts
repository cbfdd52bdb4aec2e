import { RELEASE_LABEL } from '../constants.js';
import type { CodePr, DocsPrShown, DocsPrStage, DocsPrState, ReleaseShown } from '../docs-pr/outcome.js';
import { codeSpan, escapeText, linkDestination, linkOrCode } from './markdown.js';

/**
 * What follow-code-pr writes: the documentation PR's own comment, which links back to its code
 * PR and says what will happen to it, and the section of the code PR's comment that shows the
 * documentation PR's state. Outside text (the code PR's title, the documentation PR's link) is
 * shown as code; the links are the ones the action makes on purpose.
 */

export type { CodePr, DocsPrStage, DocsPrState } from '../docs-pr/outcome.js';

/**
 * The visible part of the documentation PR's comment: the code PR it belongs to, what happened,
 * and what will. The caller puts the marker above it and the sealed back-link record below.
 */
export function renderDocsPrComment(codePr: CodePr, stage: DocsPrStage, nowIso: string, publish: 'on-merge' | 'on-release' = 'on-merge'): string {
  const code = `[${codeSpan(`${codePr.repository}#${codePr.number}`)}](${linkDestination(codePr.url)})`;
  const lines = [
    '### Documentation for a code pull request',
    '',
    `This pull request documents the code pull request ${code}, titled ${codeSpan(codePr.title)}.`,
    '',
    `**${stageLine(stage)}**`,
    '',
    escapeText(
      `What follows it: when the code pull request is closed without merging, this one is closed too (its branch is kept); when the code pull request is reopened, this one is reopened; ${WHEN_MERGED[publish]} This pull request is never merged, and its branch never deleted, by the action.`,
    ),
    '',
    `Updated ${escapeText(nowIso)}.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** What the code PR's merge does to this one, as `docs-publish` says. */
const WHEN_MERGED: Readonly<Record<'on-merge' | 'on-release', string>> = {
  'on-merge': 'when it merges, a draft of this one is marked ready for review.',
  'on-release': `when it merges, this one is held as a draft, labelled ${RELEASE_LABEL}, until a published release contains the merge, and is then marked ready for review.`,
};

/** A commit as the comments name it: its first 7 digits, as GitHub shows a short SHA. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** A release as the comments name it: its tag linked to its page, and its title where it has one, as code. */
function releaseName(release: Pick<ReleaseShown, 'tag'> & Partial<ReleaseShown>): string {
  const tag = release.url ? `[${codeSpan(release.tag)}](${linkDestination(release.url)})` : codeSpan(release.tag);
  return release.name && release.name !== release.tag ? `${tag} (${codeSpan(release.name)})` : tag;
}

function stageLine(stage: DocsPrStage): string {
  switch (stage.kind) {
    case 'linked':
      return '🔗 The code pull request is open; this documentation is reviewed beside it.';
    case 'merged':
      return stage.markedReady
        ? '✅ The code pull request was merged: this pull request was marked ready for review, and can be merged.'
        : '✅ The code pull request was merged: this documentation can be reviewed and merged.';
    case 'closed':
      return '🚫 The code pull request was closed without merging, so this pull request was closed (its branch is kept). To bring it back, reopen the code pull request (this one is then reopened with it), or reopen this one by hand.';
    case 'superseded':
      return `↪️ The documentation job opened a newer pull request for the code pull request, ${linkOrCode(stage.newerLink, 'text')} (${codeSpan(stage.newer)}), so this one was closed (its branch is kept). Reopen it by hand if it is still needed.`;
    case 'reopened':
      return '🔄 The code pull request was reopened, and so was this pull request.';
    case 'waits-for-release':
      return `⏳ The code pull request was merged as ${codeSpan(shortSha(stage.mergeCommit))}: this pull request waits for the release that contains ${codeSpan(shortSha(stage.mergeCommit))}, as a draft labelled ${codeSpan(RELEASE_LABEL)}. Once a published release contains that commit, it is marked ready for review. Needed sooner? Mark it ready for review by hand: the action then leaves it as it is.`;
    case 'released':
      return `🚀 Released: the release ${releaseName(stage.release)} contains the code pull request's merge commit, so this pull request was marked ready for review, and can be merged.`;
  }
}

const STATE_TEXT: Record<DocsPrState, string> = {
  linked: 'open, linked to this pull request: it is closed if this pull request is closed without merging',
  closed: 'closed with this pull request (its branch is kept); reopening this pull request reopens it',
  reopened: 'reopened with this pull request',
  'marked-ready': 'marked ready for review, since this pull request was merged',
  commented: 'told that this pull request was merged',
  'left-alone-merged': 'already merged: left as it is',
  'left-alone-closed': 'already closed by someone else: left as it is',
  approved: 'approved by its reviewers',
  merged: 'merged',
  mismatch:
    'not taken as the documentation PR: its head branch is not the job’s (or the recorded one’s); left as it is, and the workflow run’s warning says more',
  elsewhere: 'not taken as the documentation PR: it is outside the repository the job worked on; the workflow run’s warning says more',
  'code-pr-itself': 'not taken as the documentation PR: it is this pull request, or on its branch',
  unverifiable: 'not taken as the documentation PR: the job does not name the repository and branch that would show it is the job’s',
  unchecked: 'could not be checked on GitHub, so it does not pass the gate: the workflow run’s warning says why',
  'not-updated': 'could not be updated: the workflow run’s warning says why',
  'not-found': 'not found: deleted, or the token cannot see its repository; not taken as the documentation PR',
  revising: 'open; the documentation agent is revising it after a review (review-loop)',
  'waits-for-release': 'held as a draft: it waits for the release that contains the merge commit',
  released: 'marked ready for review: a published release contains the merge commit',
  'found-ready': 'marked ready for review by hand before a release contained the merge commit: left as it is',
};

/** The code PR comment's section: which documentation PR follows it, and how it stands. */
/** How the section starts: `command: sync` finds it again at the end of the comment by it. */
export const DOCS_PR_SECTION_START = '**Documentation PR** ';

export function renderDocsPrSection(docsPr: string, state: DocsPrState, superseded?: string, release?: DocsPrShown['release']): string {
  const earlier = superseded ? ` The earlier documentation PR ${codeSpan(superseded)} was closed in its favour.` : '';
  return `**Documentation PR** ${codeSpan(docsPr)}: ${escapeText(STATE_TEXT[state])}${releaseDetail(state, release)}.${earlier}`;
}

/** Which commit a held documentation PR waits for, and which release released it. */
function releaseDetail(state: DocsPrState, release: DocsPrShown['release']): string {
  if (!release) return '';
  if (state === 'waits-for-release') return ` ${codeSpan(shortSha(release.mergeCommit))}`;
  if (state === 'released' && release.tag !== undefined) return ` ${codeSpan(shortSha(release.mergeCommit))}: ${releaseName({ ...release, tag: release.tag })}`;
  return '';
}
