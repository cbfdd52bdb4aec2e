import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Removes the folders each file's action runs made (a test may read them until its file ends).
    setupFiles: ['test/support/setup.ts'],
    // The end-to-end tests run dist/index.js: build it from src/ first when it is stale.
    globalSetup: ['test/support/build-bundle.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Leave a core for the simulator and the spawned action processes.
    maxWorkers: 2,
    server: {
      deps: {
        // It imports its JSON schema without import attributes, which plain Node refuses.
        inline: ['@actions/workflow-parser'],
      },
    },
  },
});
