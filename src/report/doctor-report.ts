import type { Finding, Level } from '../doctor/findings.js';
import { countOf, forLog, withoutInvisible } from '../text.js';
import { codeSpan, escapeText, MAX_MESSAGE_CHARS } from './markdown.js';

/** The values of the `outcome` output for `command: doctor`: it checked (whatever it found), or it could not. */
export type DoctorOutcome = 'checked' | 'error';

const MARK: Record<Level, string> = { ok: '✅ ok', warn: '⚠️ warn', fail: '❌ fail' };

/** The `doctor` output: the rows as JSON, without what renders as nothing (the file's text may hold it). */
export function doctorOutput(findings: readonly Finding[]): string {
  return JSON.stringify(
    findings.map(({ check, level, found, fix }) => ({ check: withoutInvisible(check), level, found: withoutInvisible(found), fix: withoutInvisible(fix) })),
  );
}

/**
 * The summary of a doctor run: how many rows of each level, then every row, the fails first. Each
 * row's check, finding and fix may hold text from the repository's files (a step's name, a file's
 * name, an expression), so each is code.
 */
export function renderDoctorSummary(
  outcome: DoctorOutcome,
  findings: readonly Finding[],
  { reads, requests, failure }: { readonly reads: number; readonly requests: number; readonly failure: string | undefined },
): string {
  const count = (level: Level): number => findings.filter((finding) => finding.level === level).length;
  const parts = [
    '## Documentation set-up: the doctor',
    '',
    `**${outcome === 'checked' ? '🩺 Checked' : '⚠️ Could not check everything'}** (\`${outcome}\`): ${count('fail')} fail, ${count('warn')} warn, ${count('ok')} ok.`,
    '',
  ];
  if (findings.length > 0) {
    parts.push('| | Check | Found | Fix |', '| --- | --- | --- | --- |');
    const ordered = [...findings].sort((a, b) => RANK[b.level] - RANK[a.level]);
    for (const { check, level, found, fix } of ordered) {
      parts.push(
        `| ${MARK[level]} | ${codeSpan(check, 'cell')} | ${codeSpan(found, 'cell', MAX_MESSAGE_CHARS)} | ${fix ? codeSpan(fix, 'cell', MAX_MESSAGE_CHARS) : '—'} |`,
      );
    }
    parts.push('');
  }
  parts.push(escapeText(`${countOf(reads, 'GitHub read')}, ${countOf(requests, 'API request')}; nothing was written.`));
  if (failure) parts.push('', codeSpan(failure, 'text', MAX_MESSAGE_CHARS));
  return `${parts.join('\n')}\n`;
}

const RANK: Record<Level, number> = { ok: 0, warn: 1, fail: 2 };

/** One row as a log line, its text from the repository's files made safe for the runner. */
export function doctorLogLine({ check, level, found, fix }: Finding): string {
  return forLog(`${level.toUpperCase()} ${check}: ${found}${fix ? ` Fix: ${fix}` : ''}`);
}

/** The closing log line: the outcome and the count of each level. */
export function doctorClosingLine(outcome: DoctorOutcome, findings: readonly Finding[]): string {
  const count = (level: Level): number => findings.filter((finding) => finding.level === level).length;
  return `Outcome: ${outcome} · ${count('fail')} fail · ${count('warn')} warn · ${count('ok')} ok`;
}
