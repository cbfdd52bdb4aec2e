/**
 * @actions/workflow-parser ships each module with a source map that names its TypeScript sources,
 * which the package does not ship. Vitest inlines the package (vitest.config.ts) and, loading each
 * module, reads its map and warns that its sources are missing: 67 lines of noise on every run that
 * loads GitHub's parser, in which a real warning would be lost. This plugin loads those modules
 * without their map line, so nothing of theirs is looked for; every other module, and every other
 * warning, is as before.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** A module of the parser's build, whichever way the path is written. */
const PARSER_MODULE = /[\\/]node_modules[\\/]@actions[\\/]workflow-parser[\\/]dist[\\/][^?]*\.js$/;

/** A module's text without its last line's `//# sourceMappingURL=` comment. */
export function withoutSourceMapLine(code: string): string {
  return code.replace(/\n\/\/# sourceMappingURL=[^\n]*\s*$/, '\n');
}

export function workflowParserWithoutSourceMaps(): Plugin {
  return {
    name: 'workflow-parser-without-source-maps',
    enforce: 'pre',
    async load(id) {
      if (!PARSER_MODULE.test(id)) return null;
      return { code: withoutSourceMapLine(await readFile(id, 'utf8')), map: null };
    },
  };
}
