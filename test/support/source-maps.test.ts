/**
 * The plugin that loads GitHub's workflow parser without the source maps it ships to sources it
 * does not ship (test/support/source-maps.ts): only the parser's modules, only their map line.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutSourceMapLine, workflowParserWithoutSourceMaps } from './source-maps.js';

const load = workflowParserWithoutSourceMaps().load as (id: string) => Promise<{ code: string; map: null } | null>;
const parserDist = join(import.meta.dirname, '../../node_modules/@actions/workflow-parser/dist');

describe('the workflow parser, loaded without its source maps', () => {
  it("loads a module of the parser's build whole but for its map line, and with no map", async () => {
    const file = join(parserDist, 'model', 'converter', 'jobs.js');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/\/\/# sourceMappingURL=jobs\.js\.map\s*$/);
    const loaded = (await load(file))!;
    expect(loaded.map).toBeNull();
    expect(loaded.code).not.toContain('sourceMappingURL');
    expect(loaded.code.trimEnd()).toBe(text.replace(/\/\/# sourceMappingURL=jobs\.js\.map\s*$/, '').trimEnd());
  });

  it('leaves every other module to the loader as it was: its own code, another package, the parser asked with a query', async () => {
    expect(await load(join(import.meta.dirname, 'source-maps.ts'))).toBeNull();
    expect(await load(createRequire(import.meta.url).resolve('yaml'))).toBeNull();
    expect(await load(`${join(parserDist, 'index.js')}?v=1`)).toBeNull();
  });

  it('takes out only a last line that names a map', () => {
    expect(withoutSourceMapLine('a\n//# sourceMappingURL=a.js.map')).toBe('a\n');
    expect(withoutSourceMapLine('a\n//# sourceMappingURL=a.js.map\n')).toBe('a\n');
    expect(withoutSourceMapLine('// # sourceMappingURL is a comment\nb\n')).toBe('// # sourceMappingURL is a comment\nb\n');
  });
});
