/**
 * The Markdown a user or a contributor reads holds together: every relative link and picture of
 * README.md, CONTRIBUTING.md, SECURITY.md, RELEASING.md, CHANGELOG.md and docs/*.md points at a
 * file that exists, and every `#anchor` into a Markdown file at a heading it has (GitHub's rule).
 * The README stays the page a user reads: at most 400 lines, with the guides in docs/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const README_MAX_LINES = 400;

const files = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  'RELEASING.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`),
];
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The text outside fenced code blocks, line by line (fenced lines become empty, so line numbers hold). */
export function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (marker) {
        fence = marker;
        return '';
      }
      return line;
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    return '';
  });
}

/** A line without its code spans: a link written inside backticks is text, not a link. */
const withoutCodeSpans = (line: string): string => line.replace(/(`+)[^`]*?\1/g, '');

/** Every link and image target of a Markdown text, inline or a reference definition, with its line. */
export function linkTargets(markdown: string): Array<{ line: number; target: string }> {
  const found: Array<{ line: number; target: string }> = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ line: index + 1, target: match[1]!.replace(/^<|>$/g, '') });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (definition) found.push({ line: index + 1, target: definition[1]!.replace(/^<|>$/g, '') });
  });
  return found;
}

/** GitHub's anchor for a heading: lowercase, punctuation but `-` and `_` dropped, spaces to `-`. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or picture reads as its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/ /g, '-');
}

/** The anchors a Markdown file's headings make; a repeated heading gets `-1`, `-2`, … as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Why a relative link of `file` does not resolve, or undefined when it does (or is not relative). */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined; // https:, mailto:, …
  const hash = target.indexOf('#');
  const path = decodeURI(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const resolved = path === '' ? file : normalize(join(dirname(file), path));
  if (resolved.startsWith('..')) return `${target}: outside the repository`;
  if (!existsSync(join(root, resolved))) return `${target}: no file ${resolved}`;
  if (anchor !== undefined && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor)) {
    return `${target}: no heading of ${resolved} makes the anchor #${anchor}`;
  }
  return undefined;
}

describe('links between the Markdown files', () => {
  it('finds the files and their links', () => {
    expect(files).toEqual(expect.arrayContaining(['docs/architecture.md', 'docs/security.md', 'docs/troubleshooting.md']));
    expect(linkTargets(read('README.md')).length).toBeGreaterThan(10);
  });

  it.each(files)('every relative link and picture of %s resolves', (file) => {
    const broken = linkTargets(read(file)).flatMap(({ line, target }) => {
      const problem = brokenLink(file, target);
      return problem ? [`${file}:${line} ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('every picture in docs/ is shown somewhere', () => {
    const shown = new Set(
      files.flatMap((file) =>
        linkTargets(read(file))
          .filter(({ target }) => /\.png$/.test(target))
          .map(({ target }) => relative(root, join(root, dirname(file), target))),
      ),
    );
    const pictures = readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.png'))
      .map((name) => `docs/${name}`);
    for (const picture of pictures) expect(shown, picture).toContain(picture);
  });
});

describe('README.md', () => {
  it(`has at most ${README_MAX_LINES} lines`, () => {
    const text = read('README.md');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every guide in docs/', () => {
    const linked = new Set(linkTargets(read('README.md')).map(({ target }) => target.split('#')[0]));
    const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    for (const guide of guides) expect(linked, guide).toContain(`docs/${guide}`);
  });
});

describe('the checks themselves', () => {
  it("make GitHub's anchors", () => {
    expect(slug('Every budget holds, whatever the server answers')).toBe('every-budget-holds-whatever-the-server-answers');
    expect(slug('Why these dependencies, at these versions')).toBe('why-these-dependencies-at-these-versions');
    expect(slug('The `follow-code-pr` input: a_b')).toBe('the-follow-code-pr-input-a_b');
    expect(slug('What the action does not do')).toBe('what-the-action-does-not-do');
    expect(slug('Préview, ça va?')).toBe('préview-ça-va');
    expect([...anchors('# A\n## Usage\n```\n## Not a heading\n```\n### Usage\n')]).toEqual(['a', 'usage', 'usage-1']);
  });

  it('read links and pictures, but not those in code', () => {
    const text = [
      'See [the guide](docs/a.md#one) and ![a picture](b.png "title").',
      'Not `[this](nowhere.md)`, nor:',
      '```md',
      '[that](nowhere.md)',
      '```',
      '[ref]: ../c.md',
      '[out](https://example.com/x.md) and [here](#usage)',
    ].join('\n');
    expect(linkTargets(text)).toEqual([
      { line: 1, target: 'docs/a.md#one' },
      { line: 1, target: 'b.png' },
      { line: 6, target: '../c.md' },
      { line: 7, target: 'https://example.com/x.md' },
      { line: 7, target: '#usage' },
    ]);
  });

  it('find a missing file, a missing heading and a way out of the repository', () => {
    expect(brokenLink('README.md', 'docs/nowhere.md')).toMatch(/no file docs\/nowhere\.md/);
    expect(brokenLink('README.md', 'docs/security.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('README.md', '#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('docs/security.md', '../../x.md')).toMatch(/outside/);
    expect(brokenLink('docs/security.md', '../SECURITY.md')).toBeUndefined();
    expect(brokenLink('README.md', '#inputs')).toBeUndefined();
    expect(brokenLink('README.md', 'https://example.com/#nothing')).toBeUndefined();
  });
});
