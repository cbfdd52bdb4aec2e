/**
 * The parts `npm run bench` measures, by the names `npm run bench -- <part>` takes (scripts/bench.ts),
 * in the order it runs them; docs/benchmarks.md names them so too (test/project/benchmarks.test.ts).
 */
export const BENCH_PARTS = ['cold-start', 'waiting', 'export', 'memory', 'previews', 'impact', 'runner'] as const;

export type BenchPart = (typeof BENCH_PARTS)[number];
