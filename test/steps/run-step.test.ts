/**
 * The step the settings ask for (`steps/run-step.ts`): each command goes to its own step, in
 * process against the API simulator with fake time, on inputs that end fast (a dry run, an event
 * without a documentation PR). Each case checks what only that step reports: its outcome, the
 * outputs only it sets, its summary or its failure; and the visitors step is handed the upload
 * the caller gives.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { TriggerEvent } from '../../src/event.js';
import { runStep } from '../../src/steps/run-step.js';
import type { StepContext, StepReport } from '../../src/steps/step.js';
import { stepDeadline } from '../../src/runtime.js';
import { USER_AGENT } from '../../src/version.js';
import type { ArtifactUpload, UploadArtifact } from '../../src/visitors/artifact.js';
import { useFlows, type Flows } from '../support/in-process.js';
import { recordingLogger, seededRandom, type RecordingLogger } from '../support/fake-time.js';
import { join } from 'node:path';

const DATASET = { paths: 3, seed: 5, today: '2026-10-01' };

let flows: Flows;
useFlows({ simulator: { analytics: DATASET } }, (started) => ({ flows } = started));

interface Stepped {
  readonly report: StepReport;
  readonly log: RecordingLogger;
}

/** The step `runStep` picks for these inputs, run as the entry layer runs it, on the flows' fake clock. */
async function step(inputs: Record<string, string>, options: { event?: TriggerEvent; upload?: UploadArtifact } = {}): Promise<Stepped> {
  const event: TriggerEvent = options.event ?? { name: 'workflow_dispatch', payload: {}, actor: 'octocat' };
  const env: NodeJS.ProcessEnv = { RUNNER_TEMP: flows.runnerTemp, GITHUB_WORKSPACE: flows.runnerTemp, GITHUB_REPOSITORY: 'acme/widgets' };
  const { settings } = flows.settingsFor(inputs, event, env);
  const time = flows.time;
  const log = recordingLogger();
  const signal = new AbortController().signal;
  const random = seededRandom(3);
  const deadline = stepDeadline(time.now(), settings);
  // What the client and the step share: the log, the clock and its timers, chance, the cancellation.
  const ports = { logger: log, clock: time, sleep: time.sleep, startTimer: time.startTimer, random, signal };
  const { baseUrl, apiKey, projectId, requestTimeoutMs, retries } = settings;
  const client = new ApiClient({ baseUrl, apiKey, projectId, requestTimeoutMs, retries, userAgent: USER_AGENT, ...ports, deadline: deadline.at });
  const context: StepContext = {
    client,
    event,
    env,
    ...ports,
    deadline,
    setOutput: () => undefined,
  };
  try {
    return { report: await runStep(settings, context, options.upload), log };
  } finally {
    await client.close();
  }
}

/** An upload that records what it was asked to upload, and answers an ID. */
function recordingUpload() {
  const uploads: Array<{ name: string; files: string[] }> = [];
  const upload: UploadArtifact = (name, files): Promise<ArtifactUpload> => {
    uploads.push({ name, files });
    return Promise.resolve({ id: 4242 });
  };
  return { uploads, upload };
}

const RANGE = { 'date-from': '2026-11-14', 'date-to': '2026-11-21' };

describe('runStep: each command goes to its step', () => {
  it('agent (the default command): the agent step’s report, its prompt shown, nothing sent', async () => {
    const { report, log } = await step({ prompt: 'Describe the new API', 'dry-run': 'true' });
    expect(report.outputs).toMatchObject({ outcome: 'dry-run', 'job-id': '', 'timed-out': 'false', requests: '0' });
    expect(report.outputs).not.toHaveProperty('signals');
    expect(report.outputs).not.toHaveProperty('visitors-rows');
    expect(report.summary).toMatch(/^## Documentation agent\n/);
    expect(report.summary).toContain('Dry run: would create a new agent job. Nothing was sent to the API.');
    expect(report.closingLine).toBe('Outcome: dry-run');
    expect(report.failure).toBeUndefined();
    expect(log.blocks.map((block) => block.text)).toEqual(['Describe the new API']);
    expect(flows.sim.requests).toEqual([]);
  });

  it('agent, asked for by name', async () => {
    const { report } = await step({ command: 'agent', prompt: 'Describe the new API', 'dry-run': 'true' });
    expect(report.summary).toMatch(/^## Documentation agent\n/);
    expect(report.closingLine).toBe('Outcome: dry-run');
  });

  it('visitors: the visitors step’s outputs and summary, nothing sent', async () => {
    const { report } = await step({ command: 'visitors', 'dry-run': 'true', ...RANGE });
    expect(report).toEqual({
      outputs: {
        outcome: 'dry-run',
        'visitors-total': '',
        'visitors-human': '',
        'visitors-ai': '',
        'visitors-rows': '0',
        'visitors-csv': '',
        'visitors-json': '',
        'artifact-id': '',
        requests: '0',
      },
      summary: '## Visitor analytics\n\n**7 days: 2026-11-14 to 2026-11-20**\n\nDry run: nothing was sent to the API.\n',
      closingLine: undefined,
      failure: undefined,
      leftRunning: false,
    });
    expect(flows.sim.requests).toEqual([]);
  });

  it('visitors: the step uploads its files with the upload it is given', async () => {
    const { uploads, upload } = recordingUpload();
    const outputDir = join(flows.runnerTemp, 'visitors');
    const { report } = await step({ command: 'visitors', ...RANGE }, { upload });
    expect(report.outputs).toMatchObject({ outcome: 'exported', 'visitors-rows': '3', 'artifact-id': '4242' });
    expect(uploads).toEqual([{ name: 'visitor-analytics', files: [join(outputDir, 'visitors.csv'), join(outputDir, 'visitors.json')] }]);
  });

  it('refresh: the refresh step reads the signals and reports them, and creates no job on a dry run', async () => {
    const { report } = await step({ command: 'refresh', 'dry-run': 'true' });
    expect(report.outputs.outcome).toBe('dry-run');
    expect(JSON.parse(report.outputs.signals!)).toMatchObject({ pages: [{ path: '/concepts/page-2', signal: 'visitors', visitors: 2304 }, {}, {}] });
    expect(report.summary).toMatch(/^## Documentation refresh from reader signals\n/);
    expect(report.summary).toContain('Dry run: would create a new agent job. The analytics were read (3 API requests, reads only); no job was created.');
    expect(flows.sim.requests.every((request) => request.method === 'GET')).toBe(true);
    expect(flows.sim.requests.filter((request) => request.endpoint === 'create')).toEqual([]);
  });

  it('sync: the sync step’s report, and its own failure for an event that names no documentation PR', async () => {
    const { report } = await step({ command: 'sync' }, { event: { name: 'pull_request', payload: { action: 'synchronize' }, actor: 'octocat' } });
    expect(report).toEqual({
      outputs: { outcome: 'error', 'docs-pr-action': 'none', requests: '0' },
      summary: expect.stringMatching(/^## Documentation PR sync\n/),
      closingLine: 'Outcome: error · docs PR none',
      failure: 'The event names no pull request, or GITHUB_REPOSITORY is not set: there is no documentation PR to sync.',
    });
    expect(flows.sim.requests).toEqual([]);
  });
});
