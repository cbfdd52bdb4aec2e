/**
 * The doctor's summary, log lines and output (src/report/doctor-report.ts): every row shown, the
 * fails first, the text of the repository's files (a step's name, a file's name, an expression)
 * shown as written by GitHub's renderer and never a workflow command in the log.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/doctor/findings.js';
import { doctorClosingLine, doctorLogLine, doctorOutput, renderDoctorSummary } from '../../src/report/doctor-report.js';
import { expectShownAsWritten, OUTSIDE_CASES } from '../support/outside-text.js';
import { runnerCommands } from '../support/runner-log.js';

const ROWS: Finding[] = [
  { check: 'github-token', level: 'ok', found: 'reads acme/widgets', fix: '' },
  {
    check: '.github/workflows/docs.yml: permissions',
    level: 'fail',
    found: 'job docs: docs-status needs statuses: write',
    fix: '.github/workflows/docs.yml: set `jobs.docs.permissions.statuses` to `write`.',
  },
  { check: 'branch rules', level: 'warn', found: 'no rule requires documentation', fix: 'In the Settings, add a ruleset.' },
];

describe('the summary', () => {
  it('counts each level, lists the fails first, says what it read and that it wrote nothing', () => {
    const summary = renderDoctorSummary('checked', ROWS, { reads: 7, requests: 1, failure: 'The doctor found 1 thing that will not work.' });
    expect(summary).toContain('(`checked`): 1 fail, 1 warn, 1 ok.');
    const rows = summary.split('\n').filter((line) => /^\| (?:✅|⚠️|❌)/.test(line));
    expect(rows.map((line) => line.split(' | ')[0])).toEqual(['| ❌ fail', '| ⚠️ warn', '| ✅ ok']);
    expect(summary).toContain('7 GitHub reads, 1 API request; nothing was written.');
    expectShownAsWritten(
      summary,
      ['.github/workflows/docs.yml: set `jobs.docs.permissions.statuses` to `write`.', 'The doctor found 1 thing that will not work.'],
      { tables: [{ rows: 4, columns: 4 }] },
    );
    expect(renderDoctorSummary('error', [], { reads: 0, requests: 0, failure: undefined })).toContain(
      '**⚠️ Could not check everything** (`error`): 0 fail, 0 warn, 0 ok.',
    );
  });

  it.each(OUTSIDE_CASES)('shows a step name holding %s as written, and keeps the table whole', (_, text) => {
    const hostile: Finding = {
      check: `${text}: uses`,
      level: 'warn',
      found: `job docs, step "${text}": runs someone/docs-agent-action`,
      fix: `${text}: set \`jobs.docs.steps[0].uses\` to \`acme/docs-agent-action@v1\`.`,
    };
    const summary = renderDoctorSummary('checked', [hostile], { reads: 1, requests: 1, failure: undefined });
    expectShownAsWritten(summary, [hostile.check, hostile.found, hostile.fix], { tables: [{ rows: 2, columns: 4 }] });
  });
});

describe('the log', () => {
  it.each(OUTSIDE_CASES)('a row holding %s is one line the runner acts on nothing in', (_, text) => {
    const line = doctorLogLine({
      check: `${text}: scripts`,
      level: 'fail',
      found: `the step "${text}" pastes \${{ github.head_ref }}`,
      fix: `${text}: set x to y.`,
    });
    expect(line.split(/\r\n?|\n/)).toHaveLength(1);
    expect(runnerCommands(`${line}\n`)).toEqual([]);
  });

  it('the level in capitals, the check, what was found, the fix; the closing line counts each level', () => {
    expect(doctorLogLine(ROWS[1]!)).toBe(
      'FAIL .github/workflows/docs.yml: permissions: job docs: docs-status needs statuses: write Fix: .github/workflows/docs.yml: set `jobs.docs.permissions.statuses` to `write`.',
    );
    expect(doctorLogLine(ROWS[0]!)).toBe('OK github-token: reads acme/widgets');
    expect(doctorClosingLine('checked', ROWS)).toBe('Outcome: checked · 1 fail · 1 warn · 1 ok');
  });
});

describe('the doctor output', () => {
  it('is the rows as JSON, without what renders as nothing', () => {
    const invisible: Finding = { check: 'a\u200bb', level: 'ok', found: 'c\u202ed', fix: '' };
    expect(JSON.parse(doctorOutput([invisible, ROWS[1]!]))).toEqual([{ check: 'ab', level: 'ok', found: 'cd', fix: '' }, ROWS[1]]);
  });
});
