import { GATE_CONTEXT, type SweepOutcome, type SweptOutcome } from '../constants.js';
import { countOf, forLog } from '../text.js';
import { codeSpan, escapeText, linkDestination, linkOrCode, MAX_MESSAGE_CHARS } from './markdown.js';

/** One pull request a sweep looked at: an entry of the `swept` output, and a row of the summary's table. */
export interface SweptPullRequest {
  readonly pullRequest: number;
  readonly jobId: string;
  /** The job's status as last read; empty when it was not read. */
  readonly status: string;
  readonly outcome: SweptOutcome | 'skipped' | 'dry-run';
  /** The documentation PR the job reported; empty when none. */
  readonly prLink: string;
  /** The `documentation` status state the sweep wrote on the pull request; empty when none. */
  readonly docsStatusState: string;
}

const HEADING: Record<SweepOutcome, string> = {
  swept: '🧹 Swept',
  'dry-run': '🧪 Dry run: nothing read from the API, nothing written',
  cancelled: '🛑 Cancelled: what was finished stays finished; the rest waits for the next sweep',
  error: '⚠️ Stopped by an error: what was finished stays finished; the rest waits for the next sweep',
};

/**
 * The summary of a sweep: every pull request it looked at (linked: `pullUrl`, from the runner's
 * GitHub and the workflow's repository), with its job, outcome and status.
 * Every value from outside (a job ID, a status, a link the API gave) is code or a checked link.
 */
export function renderSweepSummary(
  outcome: SweepOutcome,
  swept: readonly SweptPullRequest[],
  {
    requests,
    left,
    failure,
    pullUrl,
  }: { readonly requests: number; readonly left: number; readonly failure: string | undefined; readonly pullUrl: (number: number) => string },
): string {
  const parts = ['## Documentation sweep', '', `**${HEADING[outcome]}** (\`${outcome}\`)`, ''];
  if (swept.length === 0) {
    parts.push('No job was left working: nothing to finish.');
  } else {
    parts.push(`| Pull request | Job | Status | Outcome | Documentation PR | \`${GATE_CONTEXT}\` |`, '| --- | --- | --- | --- | --- | --- |');
    for (const each of swept) {
      parts.push(
        `| [#${each.pullRequest}](${linkDestination(pullUrl(each.pullRequest))}) | ${codeSpan(each.jobId, 'cell')} | ${each.status ? codeSpan(each.status, 'cell') : '—'} | ${escapeText(each.outcome)} | ${each.prLink ? linkOrCode(each.prLink, 'cell') : '—'} | ${each.docsStatusState ? escapeText(each.docsStatusState) : '—'} |`,
      );
    }
  }
  if (left > 0) parts.push('', `${countOf(left, 'more job')} left working wait for the next sweep (a sweep reads the oldest 50).`);
  parts.push('', `${countOf(requests, 'API request')}.`);
  if (failure) parts.push('', codeSpan(failure, 'text', MAX_MESSAGE_CHARS));
  return `${parts.join('\n')}\n`;
}

/** The sweep's closing log line: its outcome, and how many pull requests it finished and left. */
export function sweepLogLine(outcome: SweepOutcome, swept: readonly SweptPullRequest[]): string {
  const working = swept.filter((each) => each.outcome === 'still-working').length;
  const finished = swept.filter((each) => !['still-working', 'skipped', 'dry-run', 'cancelled'].includes(each.outcome)).length;
  return forLog(`Outcome: ${outcome} · ${countOf(finished, 'pull request')} finished · ${countOf(working, 'job')} still working`);
}
