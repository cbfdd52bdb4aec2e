/**
 * The benchmark guide names the parts `npm run bench` measures as the script does
 * (scripts/bench-parts.ts): every list of them, whole and in order, and every part a command runs
 * alone, wherever the guides give one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_PARTS } from '../../scripts/bench-parts.js';
import { markdownFiles, root } from '../support/workflows.js';

const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The lists of part names a text gives (`part names are …`, `any of …`, `the parts named (…)`), each as its names. */
function partLists(text: string): string[][] {
  const flat = text.replace(/\s*\n\s*\*?\s*/g, ' ');
  return [...flat.matchAll(/(?:part names are|any of|only the parts named \() ?((?:`?[a-z-]+`?(?:, | and |,? and )?)+)/g)].map((match) =>
    [...match[1]!.matchAll(/`?([a-z][a-z-]*)`?/g)].map((name) => name[1]!).filter((name) => name !== 'and'),
  );
}

/** The parts `npm run bench -- …` runs alone in a text. */
function partsRun(text: string): string[] {
  return [...text.matchAll(/npm run bench -- ((?:[a-z][a-z-]* ?)+)/g)].flatMap((match) => match[1]!.trim().split(' '));
}

describe('the parts of npm run bench', () => {
  it('docs/benchmarks.md lists them whole and in order, wherever it lists them, and so does the script', () => {
    const lists = [...partLists(read('docs/benchmarks.md')), ...partLists(read('scripts/bench.ts'))];
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const list of lists) expect(list).toEqual([...BENCH_PARTS]);
  });

  it('every part a guide runs alone is one the script has', () => {
    const run = markdownFiles.flatMap((file) => partsRun(read(file)));
    expect(run.length).toBeGreaterThanOrEqual(5);
    for (const part of run) expect(BENCH_PARTS as readonly string[]).toContain(part);
  });

  it('reads the lists a sentence gives, across lines and in the script’s own comment', () => {
    expect(partLists('the part names are `cold-start`, `waiting` and\n`export`.')).toEqual([['cold-start', 'waiting', 'export']]);
    expect(partLists(' *   npm run bench -- cold-start   only the parts named (cold-start, waiting,\n *      export)')).toEqual([
      ['cold-start', 'waiting', 'export'],
    ]);
    expect(partsRun('`npm run bench -- impact` and `npm run bench -- --runs=30`')).toEqual(['impact']);
  });
});
