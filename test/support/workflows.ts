/**
 * The workflows a user might copy and the repository's own, read once for the tests that check
 * them: every YAML block of the README (complete workflows and the smaller snippets), the
 * complete ones among them, and every file in .github/workflows/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../..');

export interface YamlSource {
  readonly name: string;
  readonly content: string;
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Every ```yaml block of the README, named by the line it starts on. */
export const readmeYamlBlocks: readonly YamlSource[] = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => ({
  name: `README.md line ${readme.slice(0, match.index).split('\n').length}`,
  content: match[1]!,
}));

/** The README's complete workflows (a trigger and jobs), named by their `name:`. */
export const readmeWorkflows: readonly YamlSource[] = readmeYamlBlocks
  .map((block) => block.content)
  .filter((block) => /^on:/m.test(block) && /^jobs:/m.test(block))
  .map((content, index) => ({ name: `README example ${index + 1}: ${/^name: (.*)$/m.exec(content)?.[1] ?? 'quick start'}`, content }));

/** Every workflow file of the repository. */
export const repoWorkflows: readonly YamlSource[] = readdirSync(join(root, '.github/workflows'))
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => ({ name: `.github/workflows/${file}`, content: readFileSync(join(root, '.github/workflows', file), 'utf8') }));
