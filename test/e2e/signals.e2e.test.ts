/**
 * SIGINT and SIGTERM sent to the bundle's process, as the runner sends them when a run is
 * cancelled: at each stage of a run (test/matrices/cases.ts), during a GitHub request that
 * hangs, during the pull-request comment's write, the documentation PR's close and the artifact
 * upload. Each time the process writes its outputs and summary, says what to do next in one error
 * line, exits non-zero, is done within 2 seconds of the signal by its own account, and ends by
 * itself before the runner would kill it (7.5 s after the signal). What each stage leaves behind
 * is tested in process (test/matrices/cancel.test.ts and the GitHub and documentation-PR
 * suites); here, that the process ends as it should.
 */
import { describe, expect, it } from 'vitest';
import { CANCEL_STAGES } from '../matrices/cases.js';
import { prEvent, pull } from '../matrices/github-cases.js';
import { actionTime, errorLines } from '../support/checked-run.js';
import { scripts } from '../simulator/index.js';
import type { ActionRun } from '../support/run-action.js';
import { pullRequestEvent } from '../support/webhook-events.js';
import { bundleRun, useServers } from './fixture.js';
import { addDocsRepository, BRANCH, CODE_PR, DOCS, DOCS_TOKEN, docsPull, recordedDocsPr } from '../support/two-repositories.js';

const servers = useServers({ analytics: { paths: 500, today: '2026-10-01' }, defaultJobScript: scripts.prAfter(1) });

/** What every cancelled run shows the runner: its own account of the time after the signal, the exit code, the outputs and the summary. */
function expectCancelled(run: ActionRun): void {
  expect(actionTime(run)?.sinceSignalMs).toBeLessThan(2_000);
  expect(run.code).toBe(1);
  expect(run.signal).toBeNull();
  expect(run.stdout).toMatch(/^Received SIG(INT|TERM): stopping\.$/m);
  expect(run.outputs.outcome).toBeDefined();
  expect(run.outputs.requests).toMatch(/^\d+$/);
  expect(run.summary).toContain('Cancelled');
  expect(errorLines(run)).toHaveLength(1);
}

describe('a signal at each stage of a run', () => {
  // One signal each, taking turns: both reach the same handler, which the in-process suite tries with each.
  it.each(CANCEL_STAGES.map((stage, index) => ({ ...stage, signal: index % 2 ? ('SIGTERM' as const) : ('SIGINT' as const) })))(
    '$signal $stage',
    async (stage) => {
      const { sim } = servers;
      sim.clearFaults();
      stage.setup(sim);
      sim.latencyMs = 'pageMs' in stage ? stage.pageMs : 0;
      try {
        const run = await bundleRun(servers, {
          inputs: { timeout: '20s', ...stage.inputs },
          signal: { name: stage.signal, when: (stdout) => stage.ready(stdout, sim) },
          deadlineMs: 21_000,
        });
        expectCancelled(run);
        expect(run.outputs.outcome).toBe(stage.expect.outcome);
        expect(run.stdout).toContain(stage.expect.says);
      } finally {
        sim.latencyMs = 0;
        sim.clearFaults();
      }
    },
  );

  it('SIGINT while the signals of a refresh are read', async () => {
    const { sim } = servers;
    sim.latencyMs = 100;
    try {
      const before = sim.requests.length;
      const run = await bundleRun(servers, {
        inputs: { command: 'refresh', 'page-size': '10', 'refresh-signals': 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21' },
        signal: { name: 'SIGINT', when: () => sim.requests.slice(before).filter((r) => r.endpoint === 'visitors').length >= 2 },
      });
      expectCancelled(run);
      expect(run.outputs.outcome).toBe('cancelled');
      expect(errorLines(run)).toEqual(['::error::Cancelled before anything was sent to the agent; no job was created or messaged.']);
    } finally {
      sim.latencyMs = 0;
    }
  });
});

describe('a signal while GitHub has not answered', () => {
  it('SIGINT while the pull request’s diff hangs', async () => {
    const { github } = servers;
    pull(github);
    github.injectFault({ call: 'pull-diff', kind: 'hang' });
    const before = github.callsTo('pull-diff').length;
    const run = await bundleRun(servers, {
      event: prEvent,
      inputs: { diff: 'true', wait: 'false', 'request-timeout': '20s', timeout: '30s' },
      signal: { name: 'SIGINT', when: () => github.callsTo('pull-diff').length > before },
    });
    github.clearFaults();
    expectCancelled(run);
    expect(run.outputs.outcome).toBe('cancelled');
    expect(errorLines(run)).toEqual(['::error::Cancelled before anything was sent to the agent; no job was created or messaged.']);
  });

  it('SIGTERM while the working comment is written: the job, which exists, goes on', async () => {
    const { github } = servers;
    pull(github);
    github.injectFault({ call: 'create-comment', kind: 'hang' });
    const before = github.callsTo('create-comment').length;
    const run = await bundleRun(servers, {
      event: prEvent,
      inputs: { 'pr-comment': 'true', prompt: 'x', 'request-timeout': '20s', timeout: '30s' },
      signal: { name: 'SIGTERM', when: () => github.callsTo('create-comment').length > before },
    });
    github.clearFaults();
    expectCancelled(run);
    expect(run.outputs.outcome).toBe('cancelled');
    expect(errorLines(run)).toEqual([expect.stringContaining(`Job ${run.outputs['job-id']} goes on running on the server`)]);
  });

  it('SIGINT while the documentation PR is closed: the code PR’s comment records nothing new', async () => {
    const { github } = servers;
    const docs = addDocsRepository(github);
    docsPull(docs, 101);
    recordedDocsPr(github, { repository: DOCS, number: 101, headRef: BRANCH, closedByAction: false });
    github.injectFault({ call: 'update-pull', kind: 'hang' });
    const before = github.callsTo('update-pull').length;
    const run = await bundleRun(servers, {
      event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, { action: 'closed', merged: false }) },
      inputs: { 'pr-comment': 'true', 'follow-code-pr': 'true', 'docs-token': DOCS_TOKEN, 'request-timeout': '15s', timeout: '20s' },
      secrets: [DOCS_TOKEN],
      signal: { name: 'SIGINT', when: () => github.callsTo('update-pull').length > before },
    });
    github.clearFaults();
    expectCancelled(run);
    expect(run.outputs).toMatchObject({ outcome: 'cancelled', 'docs-pr-action': 'none' });
    expect(docs.pulls.get(101)!.state).toBe('open');
  });
});

describe('a signal during the artifact upload', () => {
  it('SIGTERM while the service has not answered: the files stay, and the process ends though the upload does not', async () => {
    const { artifacts } = servers;
    artifacts.hangCreate = true;
    try {
      const before = artifacts.creates();
      const run = await bundleRun(servers, {
        inputs: { command: 'visitors', 'date-from': '2026-11-14', 'date-to': '2026-11-21', timeout: '20s' },
        env: artifacts.env(),
        masked: [artifacts.signature],
        signal: { name: 'SIGTERM', when: () => artifacts.creates() > before },
      });
      expectCancelled(run);
      expect(run.outputs.outcome).toBe('cancelled');
      expect(run.outputs['visitors-rows']).toBe('500');
      expect(errorLines(run)).toEqual([expect.stringMatching(/^::error::Cancelled during the artifact upload/)]);
    } finally {
      artifacts.hangCreate = false;
    }
  });
});
