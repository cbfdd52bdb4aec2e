/**
 * The one fixture of the bundle's runs. Everything else runs the action in process
 * (test/support/runner.ts); test/e2e/ keeps for the bundle (`node dist/index.js`, a process as
 * the runner starts it) only what a process alone shows: that the bundle and its chunks load and
 * run on Node 20 and on Node 24, what the runner reads from the process (its stdout with the masks
 * and the paused commands, the GITHUB_OUTPUT and summary files, the exit code), and how it ends
 * after SIGINT or SIGTERM, or with an upload still holding it.
 *
 * The servers live on the host's clock, as the process does. Every run is a `checkedBundleRun`:
 * no key or token in any output, no workflow command from outside text, the summary and every
 * comment rendered as GitHub renders them, within the deadline by the action's own account, and
 * the process ended by itself.
 *
 * Node 24 is the runners' (action.yml: `node24`). The tests on it run when `ACTION_NODE_24`
 * names a Node 24 binary (CI fetches one: .ci/run), and are skipped otherwise, as `npm test` says
 * when it starts (test/support/node24.ts).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { bundleReady } from '../support/build-bundle.js';
import { node24 } from '../support/node24.js';
import { checkedBundleRun, type CheckedRunOptions } from '../support/checked-run.js';
import { apiInputs, startSimulator, type Simulator, type SimulatorOptions } from '../simulator/index.js';
import { startFakeArtifactService, type FakeArtifactService } from '../support/fake-artifacts.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import type { ActionRun } from '../support/run-action.js';

/** How long a file of the bundle's tests waits for the bundle's build, at most. */
const BUILD_WAIT_MS = 180_000;

/** The workflow's token (the documentation repository's, DOCS_TOKEN, is test/support/two-repositories.ts's). */
export const GITHUB_TOKEN = 'ghs_bundleWorkflowToken01';
/** The workflow's repository, as the fake GitHub serves it. */
export const REPOSITORY = 'acme/widgets';

/** The Node.js binaries the bundle runs on: this one, and Node 24 when one is given (its tests' titles say why they are skipped when not). */
export const NODES: ReadonlyArray<{ readonly name: string; readonly path: string | undefined }> = [
  { name: `Node ${process.versions.node.split('.')[0]} (this one)`, path: process.execPath },
  { name: node24() ? 'Node 24 (the runners’)' : 'Node 24 (the runners’): skipped, ACTION_NODE_24 names no Node 24 binary', path: node24() },
];

export interface Servers {
  readonly sim: Simulator;
  /** Not started with `github: false`. */
  readonly github: FakeGitHub;
  readonly artifacts: FakeArtifactService;
}

/**
 * Starts the simulator, the fake artifact service and (unless `github: false`: loading GitHub's
 * descriptions takes a second) the fake GitHub for the file, and closes them after it.
 */
export function useServers(options: SimulatorOptions & { readonly github?: boolean } = {}): Servers {
  const { github = true, ...simulator } = options;
  const servers = {} as { sim: Simulator; github: FakeGitHub; artifacts: FakeArtifactService };
  beforeAll(async () => {
    [servers.sim, servers.artifacts] = await Promise.all([startSimulator(simulator), startFakeArtifactService()]);
    if (github) servers.github = await startFakeGitHub();
    // The bundle is built beside the other tests (test/support/build-bundle.ts): it must be done.
    await bundleReady();
  }, BUILD_WAIT_MS);
  afterAll(async () => {
    const violations = github ? await servers.github.takeViolations() : [];
    await Promise.all([servers.sim.close(), servers.github?.close(), servers.artifacts.close()]);
    // Every request the bundle sent to GitHub, and every answer the fake gave, is as GitHub describes it.
    if (violations.length > 0) throw new Error(`GitHub's descriptions were not kept:\n${violations.join('\n')}`);
  });
  return servers;
}

/**
 * Runs `body` with a simulator and a fake GitHub of its own, for the tests that run at once (a
 * job's script or PR link queued for one must not go to another); then every exchange with GitHub
 * must be as GitHub describes it. Both are closed after it.
 */
export async function withOwnServers(options: SimulatorOptions, body: (servers: Pick<Servers, 'sim' | 'github'>) => Promise<void>): Promise<void> {
  const [sim, github] = await Promise.all([startSimulator(options), startFakeGitHub()]);
  try {
    await body({ sim, github });
    expect(await github.takeViolations()).toEqual([]);
  } finally {
    await Promise.all([github.close(), sim.close()]);
  }
}

export interface BundleRunOptions extends Partial<Omit<CheckedRunOptions, 'inputs'>> {
  /** Inputs besides the simulator's key, project and URL (and the workflow's token). */
  readonly inputs?: Record<string, string>;
}

/**
 * Runs the bundle against the servers, as the runner runs it, and holds it to the harness's
 * checks: the GitHub API and repository of the fake (the workflow's as the fake names it now, with
 * the ID it knows it by as GITHUB_REPOSITORY_ID, which `prepareRun` adds as a runner would), the
 * workflow's token, and the simulator's key, project and URL, besides what the test gives.
 */
export function bundleRun({ sim, github }: Pick<Servers, 'sim' | 'github'>, options: BundleRunOptions = {}): Promise<ActionRun> {
  const { inputs = {}, env = {}, secrets = [], ...rest } = options;
  return checkedBundleRun({
    deadlineMs: 30_000,
    ...rest,
    inputs: apiInputs(sim, { 'github-token': GITHUB_TOKEN, ...inputs }),
    env: { ...(github ? { GITHUB_API_URL: github.url } : {}), GITHUB_REPOSITORY: github?.workflowRepository ?? REPOSITORY, ...env },
    secrets: [sim.apiKey, GITHUB_TOKEN, ...secrets],
  });
}
