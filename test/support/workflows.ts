/**
 * The workflows a user might copy and the repository's own, read once for the tests that check
 * them: every YAML block of the Markdown a user reads (the README, the guides in docs/ and
 * CONTRIBUTING.md; complete workflows and the smaller snippets), the complete ones among them,
 * and every file in .github/workflows/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../..');

export interface YamlSource {
  readonly name: string;
  readonly content: string;
}

/** The Markdown files whose examples a user might copy, relative to the root. */
export const markdownFiles: readonly string[] = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`),
];

/** Every ```yaml block of a Markdown file, named by the file and the line it starts on. */
function yamlBlocksOf(file: string): YamlSource[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => ({
    name: `${file} line ${text.slice(0, match.index).split('\n').length}`,
    content: match[1]!,
  }));
}

/** The complete workflows (a trigger and jobs) among some blocks, named by their `name:`. */
function workflowsOf(file: string, blocks: readonly YamlSource[]): YamlSource[] {
  return blocks
    .map((block) => block.content)
    .filter((block) => /^on:/m.test(block) && /^jobs:/m.test(block))
    .map((content, index) => ({ name: `${file} example ${index + 1}: ${/^name: (.*)$/m.exec(content)?.[1] ?? 'quick start'}`, content }));
}

/** Every ```yaml block of the README, the guides and CONTRIBUTING.md. */
export const markdownYamlBlocks: readonly YamlSource[] = markdownFiles.flatMap(yamlBlocksOf);

/** The complete workflows of the README, the guides and CONTRIBUTING.md. */
export const markdownWorkflows: readonly YamlSource[] = markdownFiles.flatMap((file) => workflowsOf(file, yamlBlocksOf(file)));

/** The README's complete workflows alone. */
export const readmeWorkflows: readonly YamlSource[] = workflowsOf('README.md', yamlBlocksOf('README.md'));

/** Every workflow file of the repository. */
export const repoWorkflows: readonly YamlSource[] = readdirSync(join(root, '.github/workflows'))
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => ({ name: `.github/workflows/${file}`, content: readFileSync(join(root, '.github/workflows', file), 'utf8') }));
