/**
 * How a cancellation is worded, for the log's error line and the summary's note: what was left
 * behind (a job still running, nothing, a create that may or may not have landed, the export's
 * files and where they are), and how to pick things up again.
 */
import { describe, expect, it } from 'vitest';
import { newRun, type AgentRun, type Delivery } from '../../src/agent/run-agent.js';
import { parseDate } from '../../src/parse.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import {
  attachNote,
  cancelledExportLine,
  cancelledExportNote,
  cancelledJobLine,
  cancelledJobNote,
  cancelledPreviewLine,
} from '../../src/report/cancellation.js';
import type { VisitorsRun } from '../../src/visitors/run-visitors.js';
import { previewRun } from '../support/preview-runs.js';
import { visitorsRun } from '../support/visitors-runs.js';

const cancelled = (jobId: string | undefined, delivery: Delivery): AgentRun => ({ ...newRun(jobId, 'x', 0, 'cancelled'), delivery });
const preview = (more: Partial<PreviewRun> = {}): PreviewRun => previewRun({ status: 'cancelled', ...more });
const NOW = Date.UTC(2026, 11, 1);
const CSV = 'visitors/visitors-2026-11.csv';
const JSON_PATH = 'visitors/visitors-2026-11.json';
const exported = (more: Partial<VisitorsRun> = {}): VisitorsRun =>
  visitorsRun({
    range: { dateFrom: parseDate('2026-11-01', NOW), dateTo: parseDate('2026-11-30', NOW) },
    csvPath: CSV,
    jsonPath: JSON_PATH,
    cancelled: true,
    ...more,
  });

describe('a cancelled job', () => {
  it('the error line says what each cancellation leaves behind', () => {
    expect(cancelledJobLine(cancelled('job_1', 'accepted'))).toBe(
      'Cancelled. Job job_1 goes on running on the server (the API cannot cancel it); attach to it later with job-id: job_1.',
    );
    expect(cancelledJobLine(cancelled(undefined, 'none'))).toBe('Cancelled before anything was sent to the agent; no job was created or messaged.');
    expect(cancelledJobLine(cancelled(undefined, 'refused'))).toBe(
      'Cancelled while the create request waited to be sent again; the API had refused it (rate limited: 429) or never received it, so no job was created.',
    );
    expect(cancelledJobLine(cancelled(undefined, 'sent'))).toBe('Cancelled before the API answered; a job may still have been created.');
  });

  it('the summary’s note says the same, and how to pick the job up', () => {
    expect(cancelledJobNote(cancelled('job_1', 'accepted'), undefined)).toBe(
      'The step was cancelled; the job goes on running on the server (the API cannot cancel it). To pick it up later, run the action with `job-id: job_1` (and no prompt) to attach and wait.',
    );
    expect(cancelledJobNote(cancelled(undefined, 'none'), undefined)).toBe('The step was cancelled before anything was sent to the API: no job was created.');
    expect(cancelledJobNote(cancelled(undefined, 'none'), 'the analytics were read')).toBe(
      'The step was cancelled before any job was created: the analytics were read; no job was created.',
    );
    expect(cancelledJobNote(cancelled(undefined, 'refused'), undefined)).toBe(
      'The step was cancelled while the create request waited to be sent again: the API had refused it (rate limited: 429) or never received it, so no job was created.',
    );
    expect(cancelledJobNote(cancelled(undefined, 'sent'), undefined)).toBe(
      'The step was cancelled before the API answered the create request: a job may still have been created. Look for it on the dashboard.',
    );
  });

  it('offers no way to attach when there is no job', () => {
    expect(attachNote(cancelled(undefined, 'sent'))).toBe('');
    expect(attachNote(cancelled('job_1', 'accepted'))).toBe(' To pick it up later, run the action with `job-id: job_1` (and no prompt) to attach and wait.');
  });
});

describe('a cancelled preview', () => {
  it('names the branch and the address only when they are known', () => {
    expect(cancelledPreviewLine(preview())).toBe('Cancelled while waiting for the preview; its deployment goes on on the platform.');
    expect(cancelledPreviewLine(preview({ branch: 'docs/x', url: 'https://x.mintlify.site' }))).toBe(
      'Cancelled while waiting for the preview of branch "docs/x"; its deployment goes on on the platform at https://x.mintlify.site.',
    );
  });
});

describe('a cancelled export', () => {
  it('the error line names both files where they were kept, and the upload that did not finish', () => {
    expect(cancelledExportLine(exported())).toBe(`Cancelled; both files are complete and stay in place (${CSV}, ${JSON_PATH}).`);
    expect(cancelledExportLine(exported({ artifact: { unfinished: 'cancelled' } }))).toBe(
      `Cancelled during the artifact upload: the upload did not finish; both files are complete and stay in place (${CSV}, ${JSON_PATH}).`,
    );
    expect(cancelledExportLine(exported({ csvPath: undefined, jsonPath: undefined }))).toBe('Cancelled before the export finished; no files were written.');
  });

  it('the summary’s note says whether the files were written and the upload finished', () => {
    expect(cancelledExportNote(exported())).toBe('**Cancelled** once both files were complete: they stay where they are.');
    expect(cancelledExportNote(exported({ artifact: { unfinished: 'cancelled' } }))).toBe(
      '**Cancelled** during the artifact upload: both files are complete and stay where they are; the upload did not finish.',
    );
    expect(cancelledExportNote(exported({ csvPath: undefined, jsonPath: undefined }))).toBe(
      '**Cancelled**: no files were written (an export that stops part-way leaves none).',
    );
  });
});
