import type { Outcome } from '../constants.js';
import type { DiffStats } from '../diff/change-prompt.js';
import { describeMode, type AgentRun } from '../agent/run-agent.js';
import { countOf, forLog, formatDuration, idForLog, withoutInvisible } from '../text.js';
import { Outputs, type OutputName } from '../constants.js';
import { codeBlock, codeSpan, cutToBytes, details, escapeText, keyValueTable, linkOrCode, MAX_MESSAGE_CHARS } from './markdown.js';
import type { PreviewRun } from '../preview/run-preview.js';
import { attachNote, cancelledJobNote } from './cancellation.js';
import { renderPreviewSection } from './preview-report.js';
import { pullName, type PullRef } from '../github/api.js';

/**
 * Every agent output, from the run as it stands: complete on every path, empty when unknown. The
 * job's fields come from the API: what renders as nothing is removed from each, the `job` JSON
 * included (no such character is JSON syntax, so the JSON stays valid, keys and values cleaned).
 */
export function agentOutputs(run: AgentRun, requests: number): Partial<Record<OutputName, string>> {
  const job = run.job;
  const field = (value: string | null | undefined): string => withoutInvisible(value ?? '');
  return {
    [Outputs.Outcome]: run.outcome,
    [Outputs.JobId]: field(run.jobId),
    [Outputs.Status]: field(job?.status),
    [Outputs.PrLink]: field(job?.prLink),
    [Outputs.TimedOut]: String(run.timedOut),
    [Outputs.Model]: field(job?.model),
    [Outputs.SourceRepository]: field(job?.source?.repository),
    [Outputs.SourceRef]: field(job?.source?.ref),
    [Outputs.CreatedAt]: field(job?.createdAt),
    [Outputs.ArchivedAt]: field(job?.archivedAt),
    [Outputs.Job]: job ? field(JSON.stringify(job)) : '',
    [Outputs.Requests]: String(requests),
  };
}

const OUTCOME_TEXT: Record<Outcome, string> = {
  'pr-opened': '✅ Pull request opened',
  'no-pr': '☑️ Completed without a pull request (nothing changed, or the agent committed directly)',
  failed: '❌ The agent failed',
  archived: '🗄️ The job was archived',
  'timed-out': '⏱️ Timed out while the job was still running',
  cancelled: '🛑 Cancelled',
  submitted: '📨 Submitted (not waiting)',
  running: '🏃 Still running (looked once, not waiting)',
  skipped: '⏭️ Skipped',
  'dry-run': '🧪 Dry run: nothing sent',
  // Said the same whatever was done to the documentation PR: its own section says that.
  synced: '🔗 Closed: no job is created for a closed pull request',
  error: '⚠️ Stopped by an API error',
};

/** How much of the prompt the summary shows; the whole prompt is in the log. */
const SUMMARY_PROMPT_LINES = 60;
const SUMMARY_PROMPT_BYTES = 16 * 1024;

/**
 * The job summary of an agent step, in Markdown. `readBeforeJob` says what the requests made
 * before any job was sent read (a refresh reads the analytics), for a run that sent no job.
 */
export function renderAgentSummary(run: AgentRun, requests: number, diff?: DiffStats, readBeforeJob = 'the API was read'): string {
  const job = run.job;
  const code = (value: string | null | undefined): string => (value ? codeSpan(value, 'cell') : '—');
  const jobId = run.jobId;
  const source = job?.source?.repository
    ? `${linkOrCode(job.source.repository, 'cell')}${job.source.ref ? ` @ ${codeSpan(job.source.ref, 'cell')}` : ''}`
    : '—';
  const rows: Array<readonly [string, string]> = [
    ['Outcome', `**${OUTCOME_TEXT[run.outcome]}** (\`${run.outcome}\`)`],
    ['Status', code(job?.status)],
    ['Pull request', linkOrCode(job?.prLink, 'cell')],
    ['Job ID', code(jobId)],
    ['Model', code(job?.model)],
    ['Source', source],
    ['Created', code(job?.createdAt)],
    ['Waited', formatDuration(run.waitedMs)],
    ['API requests', String(requests)],
  ];
  if (diff) {
    rows.push([
      'Diff',
      `${countOf(diff.files, 'file')}, ${countOf(diff.chars, 'character')} sent; ${diff.omitted} over the budget; ${diff.excluded} filtered out`,
    ]);
  }
  const parts = ['## Documentation agent', '', keyValueTable(rows)];
  const note = outcomeNote(run, { requests, what: readBeforeJob });
  if (note) parts.push('', note);
  if (run.prompt) {
    const lines = run.prompt.split('\n');
    const firstLines =
      lines.length > SUMMARY_PROMPT_LINES
        ? `${lines.slice(0, SUMMARY_PROMPT_LINES).join('\n')}\n… ${lines.length - SUMMARY_PROMPT_LINES} more lines in the log`
        : run.prompt;
    const shown = cutToBytes(firstLines, SUMMARY_PROMPT_BYTES);
    parts.push('', details(`Prompt (${run.prompt.length} characters)`, codeBlock(shown)));
  }
  return `${parts.join('\n')}\n`;
}

/** The closing log line: outcome, job and PR link. */
export function agentLogLine(run: AgentRun): string {
  const jobId = run.jobId;
  const parts = [`Outcome: ${run.outcome}`];
  if (jobId) parts.push(`job ${idForLog(jobId)}`);
  if (run.job?.status) parts.push(`status ${forLog(run.job.status, 40)}`);
  if (run.job?.prLink) parts.push(`PR ${forLog(run.job.prLink, 300)}`);
  return parts.join(' · ');
}

/**
 * What the author should do next, for the outcomes that need a word: Markdown, outside text as
 * code. `reads`: the requests made before a job would be sent, so that a run that sent no job
 * never says nothing was sent when it did read (a refresh's analytics).
 */
export function outcomeNote(run: AgentRun, reads?: { readonly requests: number; readonly what: string }): string | undefined {
  const jobId = run.jobId;
  const readsOnly = reads && reads.requests > 0 ? `${escapeText(reads.what)} (${countOf(reads.requests, 'API request')}, reads only)` : undefined;
  const attach = attachNote(run);
  switch (run.outcome) {
    case 'timed-out':
      return `The timeout ran out while the job was still running; it goes on on the server (the API cannot cancel it).${attach}`;
    case 'cancelled':
      return cancelledJobNote(run, readsOnly);
    case 'submitted':
      return `Not waiting (wait: false); the job runs on. On a pull request, \`command: sweep\` finishes it here once it ends.${attach}`;
    case 'running':
      return `The job is still running; with wait: false the step looked at it once and did not wait.${attach}`;
    case 'skipped':
      return escapeText(run.skipReason ?? 'Nothing to send.');
    case 'dry-run':
      // The job ID as code, like every value from outside; the rest is the action's own words.
      return `Dry run: would ${describeMode(run.mode, run.jobId, (id) => codeSpan(id))}. ${readsOnly ? `${capitalised(readsOnly)}; no job was created.` : 'Nothing was sent to the API.'}`;
    case 'error':
      // The message may quote the server (or GitHub): shown whole as code, never as Markdown.
      return `${codeSpan(run.error?.message ?? 'The API failed.', 'text', MAX_MESSAGE_CHARS)}${jobId ? ` The job goes on on the server.${attach}` : ''}`;
    default:
      return undefined;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** GitHub refuses a comment body over 65,536 characters (measured here in UTF-16 units, never fewer). */
export const COMMENT_LIMIT_CHARS = 65_536;

/**
 * The pull-request comment: outcome, documentation PR, job and time, and the hidden record. Every
 * value from outside is cut where it is shown, so the body stays far below `limit`; should it not,
 * the table and note give way as a whole (cutting inside Markdown could leave a code span open and
 * set outside text free), and the marker and the record stay. The preview's section, when there
 * is one, follows the outcome; it gives way as a whole too, last.
 */
export function renderPrComment(
  run: AgentRun,
  marker: string,
  stateLine: string | undefined,
  nowIso: string,
  limit = COMMENT_LIMIT_CHARS,
  preview?: PreviewRun,
  docsPr?: PullRef,
): string {
  const jobId = run.jobId;
  const heading = ['### Documentation agent', '', `**${OUTCOME_TEXT[run.outcome]}**`];
  // A run without a job (a closed pull request) names the documentation PR the record follows.
  const docsPrCell = run.job?.prLink ? linkOrCode(run.job.prLink, 'cell') : docsPr ? codeSpan(pullName(docsPr), 'cell') : '—';
  const table = keyValueTable([
    ['Documentation PR', docsPrCell],
    ['Job', jobId ? codeSpan(jobId, 'cell') : '—'],
    ['Status', run.job?.status ? codeSpan(run.job.status, 'cell') : '—'],
    ['Updated', escapeText(nowIso)],
  ]);
  const note = outcomeNote(run);
  const previewPart = preview ? ['', renderPreviewSection(preview, 4)] : [];
  const full = commentBody(marker, [...heading, '', table, ...(note ? ['', note] : []), ...previewPart], stateLine);
  if (full.length <= limit) return full;
  const tooLong = [...heading, '', 'The details are too long for a comment: the job summary of this workflow run shows them.'];
  const withPreview = commentBody(marker, [...tooLong, ...previewPart], stateLine);
  return withPreview.length <= limit ? withPreview : commentBody(marker, tooLong, stateLine);
}

/**
 * The pull-request comment while the job works: written as soon as the API has accepted the job
 * or the message, so a reviewer sees the documentation being updated; the outcome replaces it.
 */
export function renderWorkingComment(run: AgentRun, diff: DiffStats | undefined, marker: string, stateLine: string | undefined, nowIso: string): string {
  const jobId = run.jobId;
  const what = run.mode === 'message' ? 'a follow-up message' : 'a new job';
  const sent = [`${what}: a prompt of ${countOf(run.prompt.length, 'character')}`];
  if (diff) {
    const left = [diff.omitted ? `${diff.omitted} over the budget` : '', diff.excluded ? `${diff.excluded} filtered out` : ''].filter(Boolean);
    sent.push(`with the diff of ${countOf(diff.files, 'file')} (${countOf(diff.chars, 'character')}${left.length ? `; ${left.join(', ')}` : ''})`);
  }
  const table = keyValueTable([
    ['Job', jobId ? codeSpan(jobId, 'cell') : '—'],
    ['Status', run.job?.status ? codeSpan(run.job.status, 'cell') : '—'],
    ['Sent', escapeText(sent.join(', '))],
    ['Started', escapeText(nowIso)],
  ]);
  const visible = [
    '### Documentation agent',
    '',
    '**⏳ Working: the agent is updating the documentation for this pull request**',
    '',
    table,
    '',
    'This comment is updated with the outcome, and the documentation pull request, when the job ends.',
  ];
  return commentBody(marker, visible, stateLine);
}

function commentBody(marker: string, visible: readonly string[], stateLine: string | undefined): string {
  return `${[marker, ...visible, ...(stateLine ? ['', stateLine] : [])].join('\n')}\n`;
}
