import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { workflowParserWithoutSourceMaps } from './test/support/source-maps.js';

/**
 * The bundle's tests (test/e2e/) go last: they wait for the bundle, which the global setup builds
 * beside the other tests, so started first they would only hold their workers idle.
 */
class BundleLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const bundle = (file: TestSpecification): boolean => /[\\/]test[\\/]e2e[\\/]/.test(file.moduleId);
    return [...sorted.filter((file) => !bundle(file)), ...sorted.filter(bundle)];
  }
}

export default defineConfig({
  // GitHub's workflow parser ships maps to sources it does not ship: loaded without them (test/support/source-maps.ts).
  plugins: [workflowParserWithoutSourceMaps()],
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Removes the folders each file's action runs made (a test may read them until its file ends),
    // and puts Octokit's pauses on the clock of an in-process run.
    setupFiles: ['test/support/setup.ts'],
    // The bundle's tests run dist/index.js: the global setup builds it from src/ when it is stale,
    // beside the other tests, and the bundle's tests wait for it.
    // And says so when the bundle's tests on Node 24 will be skipped (ACTION_NODE_24 not set).
    globalSetup: ['test/support/build-bundle.ts', 'test/support/node24.ts'],
    sequence: { sequencer: BundleLastSequencer },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Almost every test runs in process, and much of their time is spent waiting (a hang's real
    // request-timeout, the sockets of the simulator and the fakes): more workers than cores, but
    // one fewer than would leave the bundle's build (beside them) short of a core.
    maxWorkers: 3,
    // A worker runs its files one after another in one module graph: src/, the fakes and GitHub's
    // descriptions load once per worker rather than once per file. Each in-process run puts back
    // the environment and stdout it changed; a file that changes anything else puts it back too.
    isolate: false,
    server: {
      deps: {
        // It imports its JSON schema without import attributes, which plain Node refuses.
        inline: ['@actions/workflow-parser'],
      },
    },
  },
});
