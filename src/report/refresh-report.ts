import { Outputs, type OutputName } from '../constants.js';
import { formatCount, formatPercent, withoutInvisible } from '../text.js';
import { thumbsDownShare, type ChosenPage } from '../refresh/choose.js';
import type { RefreshRun, SignalOutcome } from '../refresh/run-refresh.js';
import type { RefreshSignal } from '../constants.js';
import { describeRange } from '../analytics/range.js';
import { agentOutputs, renderAgentSummary } from './agent-report.js';
import { codeSpan, escapeText, MAX_MESSAGE_CHARS } from './markdown.js';

/**
 * Every agent output, and `signals`: what aimed the job, as JSON. Its paths and terms were
 * cleaned when they were chosen; what renders as nothing is removed once more from the whole.
 */
export function refreshOutputs(run: RefreshRun, requests: number): Partial<Record<OutputName, string>> {
  return { ...agentOutputs(run.agent, requests), [Outputs.Signals]: withoutInvisible(JSON.stringify(run.signals)) };
}

const HEADINGS: Record<RefreshSignal, string> = {
  visitors: 'Pages readers use most',
  feedback: 'Pages readers rate poorly',
  searches: 'What readers search for and do not find',
};

const WHY: Record<RefreshSignal, string> = {
  visitors: 'The most unique visitors in the period (ties: path).',
  feedback: 'At least one thumbs-down: most thumbs-down first, then the higher share of thumbs-down, then path.',
  searches: 'Searched for, and no reader clicked a result: most searches first.',
};

/** Paths and terms in the summary are cut to this many characters (the prompt has them whole). */
const MAX_SHOWN_CHARS = 120;

/** The refresh's summary: why each page and term was chosen, then the agent's outcome table. */
export function renderRefreshSummary(run: RefreshRun, requests: number): string {
  const parts = ['## Documentation refresh from reader signals', '', `**${escapeText(describeRange(run.range))}**`];
  for (const outcome of run.outcomes) parts.push('', `### ${HEADINGS[outcome.signal]}`, '', ...signalSection(run, outcome));
  return `${parts.join('\n')}\n\n${renderAgentSummary(run.agent, requests, undefined, 'the analytics were read')}`;
}

function signalSection(run: RefreshRun, outcome: SignalOutcome): string[] {
  if (!outcome.read) return [`⚠️ Not read, so left out: ${codeSpan(outcome.reason, 'text', MAX_MESSAGE_CHARS)}`];
  const lines = [`${WHY[outcome.signal]} ${outcome.chosen} chosen of ${formatCount(outcome.considered)} read.`];
  if (outcome.notAdvancing) lines.push('', `⚠️ ${escapeText(outcome.notAdvancing)}`);
  if (outcome.chosen === 0) return lines;
  if (outcome.signal === 'searches') {
    lines.push('', '| Search term | Searches |', '| --- | ---: |');
    for (const search of run.signals.searches) lines.push(`| ${shown(search.query)} | ${formatCount(search.hits)} |`);
    return lines;
  }
  const pages = run.signals.pages.filter((page) => page.signal === outcome.signal);
  if (outcome.signal === 'visitors') {
    lines.push('', '| Page | Unique visitors |', '| --- | ---: |');
    for (const page of pages as Array<Extract<ChosenPage, { signal: 'visitors' }>>) lines.push(`| ${shown(page.path)} | ${formatCount(page.visitors)} |`);
  } else {
    lines.push('', '| Page | 👎 Thumbs-down | 👍 Thumbs-up | Share of thumbs-down |', '| --- | ---: | ---: | ---: |');
    for (const page of pages as Array<Extract<ChosenPage, { signal: 'feedback' }>>) {
      const share = formatPercent(thumbsDownShare(page) * 100);
      lines.push(`| ${shown(page.path)} | ${formatCount(page.thumbsDown)} | ${formatCount(page.thumbsUp)} | ${share} |`);
    }
  }
  return lines;
}

/** A path or a reader's search term, in a table cell: as code, so it shows as written. */
function shown(text: string): string {
  return codeSpan(text, 'cell', MAX_SHOWN_CHARS);
}
