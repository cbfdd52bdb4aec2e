import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
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
