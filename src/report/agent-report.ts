import type { Outcome } from '../agent/outcome.js';
import type { DiffStats } from '../agent/prepare.js';
import { describeMode, type AgentRun } from '../agent/run-agent.js';
import { forLog } from '../text.js';
import { Outputs, type OutputName } from '../constants.js';
import { formatDuration } from '../parse.js';
import { codeBlock, codeSpan, cutToBytes, details, escapeCell, keyValueTable, linkOrText } from './markdown.js';

/** Every agent output, from the run as it stands: complete on every path, empty when unknown. */
export function agentOutputs(run: AgentRun, requests: number): Partial<Record<OutputName, string>> {
  const job = run.job;
  return {
    [Outputs.Outcome]: run.outcome,
    [Outputs.JobId]: run.jobId ?? job?.id ?? '',
    [Outputs.Status]: job?.status ?? '',
    [Outputs.PrLink]: job?.prLink ?? '',
    [Outputs.TimedOut]: String(run.timedOut),
    [Outputs.Model]: job?.model ?? '',
    [Outputs.SourceRepository]: job?.source?.repository ?? '',
    [Outputs.SourceRef]: job?.source?.ref ?? '',
    [Outputs.CreatedAt]: job?.createdAt ?? '',
    [Outputs.ArchivedAt]: job?.archivedAt ?? '',
    [Outputs.Job]: job ? JSON.stringify(job) : '',
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
  skipped: '⏭️ Skipped',
  'dry-run': '🧪 Dry run: nothing sent',
  error: '⚠️ Stopped by an API error',
};

/** How much of the prompt the summary shows; the whole prompt is in the log. */
const SUMMARY_PROMPT_LINES = 60;
const SUMMARY_PROMPT_BYTES = 16 * 1024;

/** The job summary of an agent step, in Markdown. */
export function renderAgentSummary(run: AgentRun, requests: number, diff?: DiffStats): string {
  const job = run.job;
  const text = (value: string | null | undefined): string => (value ? escapeCell(value) : '—');
  const jobId = run.jobId ?? job?.id;
  const source = job?.source?.repository
    ? `${linkOrText(job.source.repository)}${job.source.ref ? ` @ ${escapeCell(job.source.ref)}` : ''}`
    : '—';
  const rows: Array<readonly [string, string]> = [
    ['Outcome', `**${OUTCOME_TEXT[run.outcome]}** (\`${run.outcome}\`)`],
    ['Status', text(job?.status)],
    ['Pull request', linkOrText(job?.prLink)],
    ['Job ID', text(jobId)],
    ['Model', text(job?.model)],
    ['Source', source],
    ['Created', text(job?.createdAt)],
    ['Waited', formatDuration(run.waitedMs)],
    ['API requests', String(requests)],
  ];
  if (diff) {
    rows.push([
      'Diff',
      `${diff.files} file(s), ${diff.chars} characters sent; ${diff.omitted} over the budget; ${diff.excluded} filtered out`,
    ]);
  }
  const parts = ['## Documentation agent', '', keyValueTable(rows)];
  const note = outcomeNote(run);
  if (note) parts.push('', note);
  if (run.prompt) {
    const lines = run.prompt.split('\n');
    const firstLines = lines.length > SUMMARY_PROMPT_LINES
      ? `${lines.slice(0, SUMMARY_PROMPT_LINES).join('\n')}\n… ${lines.length - SUMMARY_PROMPT_LINES} more lines in the log`
      : run.prompt;
    const shown = cutToBytes(firstLines, SUMMARY_PROMPT_BYTES);
    parts.push('', details(`Prompt (${run.prompt.length} characters)`, codeBlock(shown)));
  }
  return `${parts.join('\n')}\n`;
}

/** The closing log line: outcome, job and PR link. */
export function agentLogLine(run: AgentRun): string {
  const jobId = run.jobId ?? run.job?.id;
  const parts = [`Outcome: ${run.outcome}`];
  if (jobId) parts.push(`job ${jobId}`);
  if (run.job?.status) parts.push(`status ${forLog(run.job.status, 40)}`);
  if (run.job?.prLink) parts.push(`PR ${forLog(run.job.prLink, 300)}`);
  return parts.join(' · ');
}

/** What the author should do next, for the outcomes that need a word: Markdown, escaped. */
export function outcomeNote(run: AgentRun): string | undefined {
  const jobId = run.jobId ?? run.job?.id;
  const attach = jobId
    ? ` To pick it up later, run the action with ${codeSpan(`job-id: ${jobId}`)} (and no prompt) to attach and wait.`
    : '';
  switch (run.outcome) {
    case 'timed-out':
      return `The timeout ran out while the job was still running; it goes on on the server (the API cannot cancel it).${attach}`;
    case 'cancelled':
      if (!jobId && run.delivery === 'none') return 'The step was cancelled before anything was sent to the API: no job was created.';
      if (!jobId && run.mode === 'create') {
        return 'The step was cancelled before the API answered the create request: a job may still have been created. Look for it on the dashboard.';
      }
      return `The step was cancelled; the job goes on running on the server (the API cannot cancel it).${attach}`;
    case 'submitted':
      return `Not waiting (wait: false); the job runs on.${attach}`;
    case 'skipped':
      return escapeCell(run.skipReason ?? 'Nothing to send.');
    case 'dry-run':
      return `Dry run: would ${escapeCell(describeMode(run.mode, run.jobId))}. Nothing was sent to the API.`;
    case 'error':
      return `${escapeCell(run.error?.message ?? 'The API failed.')}${jobId ? ` The job goes on on the server.${attach}` : ''}`;
    default:
      return undefined;
  }
}

/** The pull-request comment: outcome, documentation PR, job and time, and the hidden record. */
export function renderPrComment(run: AgentRun, marker: string, stateLine: string | undefined, nowIso: string): string {
  const jobId = run.jobId ?? run.job?.id;
  const lines = [
    marker,
    '### Documentation agent',
    '',
    `**${OUTCOME_TEXT[run.outcome]}**`,
    '',
    keyValueTable([
      ['Documentation PR', linkOrText(run.job?.prLink)],
      ['Job', jobId ? escapeCell(jobId) : '—'],
      ['Status', run.job?.status ? escapeCell(run.job.status) : '—'],
      ['Updated', escapeCell(nowIso)],
    ]),
  ];
  const note = outcomeNote(run);
  if (note) lines.push('', note);
  if (stateLine) lines.push('', stateLine);
  return `${lines.join('\n')}\n`;
}
