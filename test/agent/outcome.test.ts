/** The contract's outcomes of a job that reached a terminal status, and which statuses are known. */
import { describe, expect, it } from 'vitest';
import { isKnownStatus, isTerminalStatus, outcomeOfTerminalJob } from '../../src/agent/outcome.js';

describe('outcomeOfTerminalJob', () => {
  it('completed with a PR is pr-opened; completed without one is no-pr', () => {
    expect(outcomeOfTerminalJob({ id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/7' })).toBe('pr-opened');
    expect(outcomeOfTerminalJob({ id: 'job_1', status: 'completed' })).toBe('no-pr');
    expect(outcomeOfTerminalJob({ id: 'job_1', status: 'completed', prLink: null })).toBe('no-pr');
  });

  it('archived and failed are their own outcomes, a PR link or not', () => {
    expect(outcomeOfTerminalJob({ id: 'job_1', status: 'archived', prLink: 'https://github.com/acme/docs/pull/7' })).toBe('archived');
    expect(outcomeOfTerminalJob({ id: 'job_1', status: 'failed', prLink: 'https://github.com/acme/docs/pull/7' })).toBe('failed');
    expect(outcomeOfTerminalJob({ id: 'job_1', status: 'failed' })).toBe('failed');
  });
});

describe('job statuses', () => {
  it('knows active and the three terminal statuses of the API, and nothing else', () => {
    expect(['completed', 'archived', 'failed'].every(isTerminalStatus)).toBe(true);
    expect(['active', 'queued', 'Completed', ''].some(isTerminalStatus)).toBe(false);
    expect(['active', 'completed', 'archived', 'failed'].every(isKnownStatus)).toBe(true);
    expect(['queued', 'ACTIVE', ''].some(isKnownStatus)).toBe(false);
  });
});
