import type { ReleaseOutcome } from '../constants.js';
import type { ReleaseShown } from '../docs-pr/outcome.js';
import { countOf, forLog } from '../text.js';
import { codeSpan, escapeText, linkDestination, MAX_MESSAGE_CHARS } from './markdown.js';

/**
 * What `command: release` shows: the release it acted on, and every documentation PR it looked at
 * that waits for a release of this repository, with what became of it. The release's tag and title
 * are outside text (code); the links are the ones the action makes (the runner's GitHub, the
 * repository, the number or the tag).
 */

/** What became of one documentation PR that waited. */
export type ReleaseResult =
  /** Marked ready for review and told which release: an entry of the `released` output. */
  | 'released'
  /** What a dry run would have released. */
  | 'would-release'
  /** The release's tag does not contain the merge commit (a release cut from another branch): it keeps waiting. */
  | 'not-contained'
  /** Marked ready for review by hand before a release contained it: left as it is. */
  | 'found-ready'
  /** Merged or closed meanwhile, or not the record's: left as it is. */
  | 'left-alone'
  /** A read or a write failed (one warning): it keeps waiting for the next run. */
  | 'not-released';

/** One documentation PR the release looked at: a row of the summary. */
export interface ReleaseRow {
  /** `owner/name#number`, each. */
  readonly codePr: string;
  readonly docsPr: string;
  readonly mergeCommit: string;
  readonly result: ReleaseResult;
}

/** An entry of the `released` output. */
export interface ReleasedEntry {
  readonly codePr: string;
  readonly docsPr: string;
  readonly tag: string;
}

export interface ReleaseView {
  readonly outcome: ReleaseOutcome;
  /** The release acted on; undefined when none was read. */
  readonly release: ReleaseShown | undefined;
  readonly rows: readonly ReleaseRow[];
  /** Documentation PRs past the run's limit: they wait for the next run. */
  readonly left: number;
  /** Documentation repositories that could not be read. */
  readonly unreachable: readonly string[];
  /** Why nothing was released (a prerelease, nothing waits), or why the step failed. */
  readonly reason: string | undefined;
  readonly requests: number;
  /** A pull request's page on the runner's GitHub, from `owner/name#number`. */
  readonly pullUrl: (pull: string) => string;
}

const HEADING: Record<ReleaseOutcome, string> = {
  released: '🚀 Released',
  skipped: '⏭️ Nothing released',
  'dry-run': '🧪 Dry run: nothing written',
  cancelled: '🛑 Cancelled: what was released stays released; the rest waits for the next run',
  error: '⚠️ Stopped by an error: what was released stays released; the rest waits for the next run',
};

const RESULT_TEXT: Record<ReleaseResult, string> = {
  released: 'released: marked ready for review',
  'would-release': 'would be released',
  'not-contained': 'keeps waiting: the release does not contain its merge commit',
  'found-ready': 'marked ready for review by hand before: left as it is',
  'left-alone': 'merged or closed meanwhile: left as it is',
  'not-released': 'keeps waiting: the workflow run’s warning says why',
};

/** The summary of a release run. */
export function renderReleaseSummary(view: ReleaseView): string {
  const parts = ['## Documentation released with the code', '', `**${HEADING[view.outcome]}** (\`${view.outcome}\`)`, ''];
  if (view.release) parts.push(`Release: ${releaseLink(view.release)}.`, '');
  if (view.rows.length > 0) {
    parts.push('| Code PR | Documentation PR | Merge commit | What became of it |', '| --- | --- | --- | --- |');
    for (const row of view.rows) {
      parts.push(
        `| ${pullLink(row.codePr, view)} | ${pullLink(row.docsPr, view)} | ${codeSpan(row.mergeCommit.slice(0, 7), 'cell')} | ${escapeText(RESULT_TEXT[row.result])} |`,
      );
    }
    parts.push('');
  } else if (view.release && !view.reason) {
    parts.push('No documentation PR waits for a release of this repository.', '');
  }
  if (view.left > 0)
    parts.push(`${countOf(view.left, 'more documentation PR')} wait for the next run (a run releases the oldest merges first, 100 at most).`, '');
  for (const repository of view.unreachable) parts.push(`${codeSpan(repository)} could not be read: its documentation PRs wait for the next run.`, '');
  if (view.reason) parts.push(codeSpan(view.reason, 'text', MAX_MESSAGE_CHARS), '');
  parts.push(`${countOf(view.requests, 'API request')}.`);
  return `${parts.join('\n')}\n`;
}

/** The release's closing log line: its outcome, and how many documentation PRs it released and left waiting. */
export function releaseLogLine(view: Pick<ReleaseView, 'outcome' | 'rows' | 'release'>): string {
  const released = view.rows.filter((row) => row.result === 'released').length;
  const waiting = view.rows.filter((row) => row.result === 'not-contained' || row.result === 'not-released').length;
  const tag = view.release ? ` with ${view.release.tag}` : '';
  return forLog(
    `Outcome: ${view.outcome} · ${countOf(released, 'documentation PR')} released${tag} · ${countOf(waiting, 'documentation PR')} still waiting`,
    300,
  );
}

function releaseLink(release: ReleaseShown): string {
  const tag = `[${codeSpan(release.tag)}](${linkDestination(release.url)})`;
  return release.name && release.name !== release.tag ? `${tag}, titled ${codeSpan(release.name)}` : tag;
}

function pullLink(pull: string, view: Pick<ReleaseView, 'pullUrl'>): string {
  return `[${codeSpan(pull, 'cell')}](${linkDestination(view.pullUrl(pull))})`;
}
