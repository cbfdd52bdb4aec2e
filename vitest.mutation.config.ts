import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests Stryker runs against each mutant: those that load src/ in this process. End-to-end
 * tests run the bundle (dist/index.js), which never holds a mutant, so they could only report it
 * as survived; nor is the bundle built for them here. The release script's and the simulator's
 * command-line tests start processes of their own that test no code of src/.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    // The default order, and a module graph for each file, as before: what Stryker's runner was set up with.
    sequence: {},
    isolate: true,
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/**/*.e2e.test.ts', 'test/project/release.test.ts', 'test/simulator/http-server.test.ts'],
  },
});
