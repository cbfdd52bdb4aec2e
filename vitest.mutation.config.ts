import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests Stryker runs against each mutant: those that load src/ in this process. End-to-end
 * tests run the bundle (dist/index.js), which never holds a mutant, so they could only report it
 * as survived; nor is the bundle built for them here. The release script's and the simulator's
 * command-line tests start processes of their own that test no code of src/, and the figures test
 * checks the docs against the case tables and the last report.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    // The default order. One module graph for all the files of a mutant's run, as `npm test` has it:
    // loading src/, the fakes and GitHub's descriptions again for each file cost more than the tests
    // (20 s of the initial run's 79 s, and half of a mutant's time). Each run of Stryker's starts a
    // new graph, so a mutant in a module-level constant (a static mutant) still takes effect.
    sequence: {},
    isolate: false,
    include: ['test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      'test/**/*.e2e.test.ts',
      'test/project/release.test.ts',
      'test/project/figures.test.ts',
      'test/simulator/http-server.test.ts',
    ],
  },
});
