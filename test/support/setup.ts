/**
 * Runs in every test file: what the file's action runs left on disk goes when the file ends;
 * Octokit's retry and throttling plugins take their pauses on the clock of an in-process run, and
 * Bottleneck's yields without a timer, when one is under way (test/support/octokit-pauses.ts),
 * and as on a runner otherwise; and Octokit says each request as it goes out, so that a test on
 * fake time knows each request's time limit (test/support/request-timers.ts).
 */
import { afterAll, vi } from 'vitest';
import { yieldWithoutTimerFloor } from './octokit-pauses.js';
import { removeRunDirs } from './run-action.js';

yieldWithoutTimerFloor();

vi.mock('@octokit/plugin-retry', async (importOriginal) => {
  const plugin = await importOriginal<typeof import('@octokit/plugin-retry')>();
  const { withFakeRetryPauses } = await import('./octokit-pauses.js');
  return { ...plugin, retry: withFakeRetryPauses(plugin.retry) };
});

vi.mock('@octokit/plugin-throttling', async (importOriginal) => {
  const plugin = await importOriginal<typeof import('@octokit/plugin-throttling')>();
  const { withFakeThrottlingPauses } = await import('./octokit-pauses.js');
  return { ...plugin, throttling: withFakeThrottlingPauses(plugin.throttling) };
});

vi.mock('@actions/github', async (importOriginal) => {
  const github = await importOriginal<typeof import('@actions/github')>();
  const { watchingRequests } = await import('./request-timers.js');
  return { ...github, getOctokit: watchingRequests(github.getOctokit) };
});

afterAll(() => {
  removeRunDirs();
});
