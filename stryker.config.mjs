// @ts-check
/**
 * Mutation testing of the modules that decide: `npm run mutation`, or one module with
 * `npm run mutation -- --mutate src/analytics/top-rows.ts`. Not part of `npm test` or CI: a full
 * run takes far longer than the suite. Stryker 9.6, not 10: Stryker 10 needs Node 22, and the
 * project supports Node 20.
 */

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    // Inputs and parsing
    'src/inputs.ts',
    'src/parse.ts',
    // Text and Markdown safety
    'src/text.ts',
    'src/report/markdown.ts',
    // The API client and its retry policy
    'src/api/client.ts',
    'src/api/retry.ts',
    'src/api/errors.ts',
    'src/api/budget.ts',
    // The poll loop and the outcome
    'src/agent/poll.ts',
    'src/agent/outcome.ts',
    // The diff filter and budget
    'src/diff/filter.ts',
    'src/diff/budget.ts',
    // Paging and the top rows
    'src/analytics/paging.ts',
    'src/analytics/top-rows.ts',
    // The refresh: each signal's share of the deadline and its requests, and its choice of pages and terms
    'src/refresh/run-refresh.ts',
    'src/refresh/signals.ts',
    'src/refresh/choose.ts',
    // The artifact upload, ended by timeout whatever request-timeout says
    'src/visitors/artifact.ts',
    // The preview: one trigger, and status reads no closer than 10 s whatever the server answers
    'src/preview/run-preview.ts',
    // The action's memory: the sealed records, the one rule of "ours", and a store per kind, each
    // reading again before it writes
    'src/memory/record.ts',
    'src/memory/seal.ts',
    'src/memory/ours.ts',
    'src/memory/code-pr-comment.ts',
    'src/memory/back-link.ts',
    'src/memory/reply.ts',
    // Which pull request a link or a job's source names, the one decision of the run's documentation
    // PR, the token that reaches it, and what the action does to it
    'src/docs-pr/target.ts',
    'src/docs-pr/decide.ts',
    'src/docs-pr/access.ts',
    'src/docs-pr/outcome.ts',
    // The documentation gate, for agent and sync alike: its facts, policy, approval read and status write
    'src/gate/facts.ts',
    'src/gate/policy.ts',
    'src/gate/approval.ts',
    'src/gate/status.ts',
    'src/steps/sync.ts',
    // The core of a code PR and its documentation, for every command that ends a job: the record,
    // the documentation PR followed, the comment's words, the last writes (the gate's judge: below)
    'src/core/context.ts',
    'src/core/record.ts',
    'src/core/finish.ts',
    'src/core/docs-pr.ts',
    'src/core/follow.ts',
    'src/core/comment.ts',
    'src/core/show.ts',
    'src/core/publish.ts',
    'src/core/last-writes.ts',
    'src/core/preview.ts',
    // The gate's one judge and reader impact's core
    'src/core/gate.ts',
    'src/core/impact.ts',
    // Detached runs: what the sweep finds, the sweep's step, and the review loop
    'src/sweep/find.ts',
    'src/steps/sweep.ts',
    'src/steps/sync/review-loop.ts',
    'src/event.ts',
    // GitHub's request limits and failure wording
    'src/github/limits.ts',
    'src/github/calls.ts',
    'src/github/failures.ts',
    // The agent command, phase by phase
    'src/steps/agent.ts',
    'src/steps/agent/prepare.ts',
    'src/github/clients.ts',
    'src/github/pages.ts',
    'src/steps/agent/report.ts',
    'src/steps/verdict.ts',
    'src/report/failure.ts',
    'src/report/cancellation.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  checkers: ['typescript'],
  // Stryker marks the files it copies `// @ts-nocheck`; not dist/'s entries, which a test compares
  // with what npm run sub-actions makes.
  disableTypeChecks: '{src,test,scripts}/**/*.{js,ts,mjs,cjs,mts,cts}',
  tsconfigFile: 'tsconfig.json',
  coverageAnalysis: 'perTest',
  // Reruns test only the mutants whose code or tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // One process at a time leaves a core for other work; on a free 2-core machine use --concurrency 2.
  concurrency: 1,
  // dist/ is built, not mutated; the sub-actions' two-line entries stay, for the test that reads them.
  ignorePatterns: ['/dist/**', '!/dist/*.js', '/dist/*index.js', 'coverage', '.tmp', 'reports'],
  cleanTempDir: 'always',
};
