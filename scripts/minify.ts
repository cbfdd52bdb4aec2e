/**
 * The second half of `npm run build`: terser over every bundle file ncc wrote to dist/, with
 * dead code removed.
 *
 * Why not ncc's own `--minify`: it runs terser with `compress: false`, which only renames and
 * strips whitespace. ncc concatenates the ES modules into one scope (valibot, @actions/core's
 * modules, src/), so what none of them calls stays in the bundle and is parsed by every step:
 * all of valibot's 280 functions where src/api/schemas.ts uses 15. With compression the entry
 * goes from 810 kB to 672 kB, and a `wait: false` agent step from 1.60× the `@actions/core` floor
 * to 1.47× (docs/benchmarks.md, "Cold start"). ncc left the chunks unminified: they shrink to a third.
 *
 * The options keep what ncc kept: functions' and classes' names (error names, stack traces) and
 * licence comments; `module: true` because the bundle is an ES module. Nothing `unsafe`: only
 * what terser proves has no effect goes.
 */
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';

/** The files ncc writes: the entry and the chunks loaded on demand (`186.index.js`). */
const BUNDLE_FILE = /^(?:\d+\.)?index\.js$/;

/** Minifies every bundle file ncc wrote to `dir`, in place. */
export async function minifyBundle(dir: string): Promise<void> {
  for (const name of readdirSync(dir).filter((file) => BUNDLE_FILE.test(file))) {
    const path = join(dir, name);
    const result = await minify(readFileSync(path, 'utf8'), {
      module: true,
      ecma: 2020,
      compress: {},
      mangle: { keep_classnames: true, keep_fnames: true },
      keep_classnames: true,
      keep_fnames: true,
    });
    if (result.code === undefined) throw new Error(`terser returned nothing for ${name}`);
    writeFileSync(path, result.code);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await minifyBundle(join(import.meta.dirname, '..', 'dist'));
}
