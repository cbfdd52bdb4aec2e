/**
 * The Markdown the action writes (the job summary, the pull-request comment) as GitHub shows it,
 * so that tests judge it by what a reader sees rather than by how the Markdown looks.
 *
 * Why cmark-gfm: GitHub renders Markdown with cmark-gfm, its own fork of cmark, with the `table`,
 * `autolink`, `strikethrough` and `tagfilter` extensions. The `cmark-gfm` package binds that C code
 * (it builds with node-gyp when installed: python3, make and a C++ compiler). A pure-JS renderer
 * (micromark with micromark-extension-gfm) follows the same spec but is not GitHub's code, and the
 * defects these checks exist for live where implementations part: the table extension splits
 * cells at `|` before inline parsing (so `\|` is needed even inside a code span), and the autolinker
 * scans the raw source, entities included. The binding vendors cmark-gfm 0.29.0.gfm.0; its HTML was
 * the same as Debian's `cmark-gfm` 0.29.0.gfm.6 for every summary and comment of the hostile-text
 * and fault suites when this was written.
 *
 * What GitHub does after cmark-gfm, and what stands in for it here:
 * - It renders with raw HTML let through, then its sanitizer keeps an allowlist of elements and
 *   attributes (`<details>`, `<summary>`, `<b>`, `<img>`, …). We render with `unsafe` too, so that
 *   raw HTML is visible, and require more than the sanitizer does: no element the action does not
 *   write, no HTML comment but the action's own markers, no `<img>`, no `<del>`, no link but the
 *   ones the action means.
 * - Its mention filters link `@user` and `@org/team`, and its issue-reference filter links `#12`,
 *   `GH-12`, `user#12` and `owner/repo#12`, in every text node that is not inside `<pre>`, `<code>`
 *   or `<a>` (the patterns of html-pipeline's filters, which GitHub's descend from). We apply the
 *   same patterns to the same text nodes, and count a match whether or not such a user or issue
 *   exists.
 */
import cmark from 'cmark-gfm';
import { isComment, isTag, isText, type AnyNode, type Document, type Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { expect } from 'vitest';

/** GitHub's extensions; `unsafe` so that raw HTML reaches the checks instead of being dropped. */
const GITHUB_OPTIONS = {
  unsafe: true,
  extensions: { table: true, strikethrough: true, autolink: true, tagfilter: true },
} as const;

/** The HTML cmark-gfm makes of `markdown`, as GitHub's first step does. */
export function renderAsGitHub(markdown: string): string {
  return cmark.renderHtmlSync(markdown, GITHUB_OPTIONS);
}

/** The rendered document, parsed: the DOM GitHub's filters work on. */
export function renderedDom(markdown: string): Document {
  return parseDocument(renderAsGitHub(markdown));
}

export interface TableShape {
  /** Every `<tr>`, the header row included. */
  readonly rows: number;
  readonly columns: number;
}

/** What a document should show; everything not listed here must not be there. */
export interface RenderExpectations {
  /**
   * The tables, in order. Default: the tables the Markdown means, read from its own lines: the
   * action writes each table as a header line, a `| --- |` rule (whose cells give the columns)
   * and one line per row, each starting with `|`.
   */
  readonly tables?: readonly TableShape[];
  /**
   * The URLs the action links on purpose, as the API gave them. Every `<a href>` must be one of
   * them (percent-encoding aside), and each must be linked. Default: none.
   */
  readonly links?: readonly (string | undefined)[];
  /**
   * Outside text that must read as written: shown whole, or cut and marked with `…`, by a
   * `<code>` element (the action shows all outside text as code: see `shownCount`). A string
   * must be shown at least once; `{ text, times }` exactly `times` times.
   */
  readonly literals?: readonly (string | { readonly text: string; readonly times: number })[];
  /** How many collapsed blocks (`<details>`) the action wrote. Default: not counted. */
  readonly details?: number;
  /**
   * The pictures the action shows on purpose (a preview's screenshot), as the API gave their URLs:
   * every `<img>` must show one of them (percent-encoding aside) with the alt text meant, and each
   * must be shown. Default: none, and any `<img>` is a problem.
   */
  readonly images?: readonly string[];
  /** The alt text every meant picture carries. */
  readonly imageAlt?: string;
}

/**
 * Asserts that `markdown`, rendered as GitHub renders it, (a) has the tables meant, each row with
 * its table's columns; (b) links only the URLs meant, each of them; (c) holds no `@user` or
 * `@org/team` mention and no issue reference where GitHub would link it; (d) holds no `<del>`, no
 * `<img>`, no element the action does not write and no HTML comment but the action's markers; and
 * (e) shows every literal as written. `what` names the document in the failure message.
 */
export function expectRendersAsGitHubShould(markdown: string, expected: RenderExpectations = {}, what = 'the Markdown'): void {
  expect(renderProblems(markdown, expected), `${what}, rendered as GitHub renders it`).toEqual([]);
}

/** Every way in which `markdown` breaks `expected`, in words; empty when it renders as it should. */
export function renderProblems(markdown: string, expected: RenderExpectations = {}): string[] {
  const dom = renderedDom(markdown);
  const problems: string[] = [];
  const shapes = tableShapes(dom);
  const meant = expected.tables ?? meantTableShapes(markdown);
  if (JSON.stringify(shapes) !== JSON.stringify(meant)) {
    problems.push(`tables: rendered ${describeShapes(shapes)}, meant ${describeShapes(meant)}`);
  }
  problems.push(
    ...linkProblems(
      dom,
      (expected.links ?? []).filter((url): url is string => Boolean(url)),
    ),
  );
  problems.push(...linkedByGitHub(dom).map((match) => `GitHub would link ${JSON.stringify(match)}`));
  problems.push(...foreignMarkup(dom, expected.details, expected.images ?? []));
  problems.push(...imageProblems(dom, expected.images ?? [], expected.imageAlt));
  for (const literal of expected.literals ?? []) {
    const { text, times } = typeof literal === 'string' ? { text: literal, times: undefined } : literal;
    const shown = shownCount(dom, text);
    if (times === undefined ? shown === 0 : shown !== times) {
      problems.push(`${quote(text)} is shown as written ${shown} time(s), not ${times ?? 'at least once'}`);
    }
  }
  return problems;
}

/** Rows × columns of each rendered table; `columns` is NaN when its rows disagree. */
export function tableShapes(dom: Document): TableShape[] {
  return DomUtils.getElementsByTagName('table', dom, true).map((table) => {
    const rows = DomUtils.getElementsByTagName('tr', table, true);
    const widths = rows.map((row) => row.children.filter((cell) => isTag(cell) && (cell.name === 'td' || cell.name === 'th')).length);
    const columns = widths.every((width) => width === widths[0]) ? (widths[0] ?? 0) : Number.NaN;
    return { rows: rows.length, columns };
  });
}

/** The text of every cell, table by table and row by row, as a reader sees it. */
export function renderedTables(markdown: string): string[][][] {
  return DomUtils.getElementsByTagName('table', renderedDom(markdown), true).map((table) =>
    DomUtils.getElementsByTagName('tr', table, true).map((row) =>
      row.children.filter((cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th')).map((cell) => DomUtils.textContent(cell)),
    ),
  );
}

const RULE_LINE = /^\|(?:\s*:?-+:?\s*\|)+\s*$/;

/** The tables the Markdown's own lines mean: a header line, a rule line, then `|` lines. */
export function meantTableShapes(markdown: string): TableShape[] {
  const lines = markdown.split(/\r\n|\n|\r/);
  const shapes: TableShape[] = [];
  lines.forEach((line, index) => {
    if (!RULE_LINE.test(line) || !lines[index - 1]?.startsWith('|')) return;
    let rows = 1;
    while (lines[index + rows]?.startsWith('|')) rows++;
    shapes.push({ rows, columns: line.trim().split('|').length - 2 });
  });
  return shapes;
}

function describeShapes(shapes: readonly TableShape[]): string {
  return shapes.length === 0 ? 'no table' : shapes.map((shape) => `${shape.rows}×${shape.columns}`).join(', ');
}

/** Whether the action links `url` (an http(s) URL): what a test expects among the links. */
export function isHttpUrl(url: string | undefined): url is string {
  try {
    return url !== undefined && ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Whether the action links (and shows as a picture) a URL from the API: an `https` URL of at most 8,192 characters. */
export function isLinkableHttps(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.href.length <= 8_192;
  } catch {
    return false;
  }
}

/** The `href` of every link, as a browser reads it (entities decoded). */
export function linkTargets(dom: Document): string[] {
  return DomUtils.getElementsByTagName('a', dom, true).map((link) => link.attribs.href ?? '');
}

function linkProblems(dom: Document, meant: readonly string[]): string[] {
  const targets = linkTargets(dom);
  const problems = targets.filter((href) => !meant.some((url) => sameTarget(href, url))).map((href) => `a link nobody meant: ${quote(href)}`);
  for (const url of meant) {
    if (!targets.some((href) => sameTarget(href, url))) problems.push(`${quote(url)} is not linked`);
  }
  return problems;
}

/**
 * Whether a rendered `href` leads where the API's URL does: both as a browser resolves them
 * (WHATWG URL parsing), compared with percent-escapes decoded, since cmark-gfm and the action may
 * each percent-encode characters the other leaves alone.
 */
export function sameTarget(href: string, url: string): boolean {
  const resolve = (text: string): string => {
    try {
      return decodePercent(new URL(text).href);
    } catch {
      return decodePercent(text);
    }
  };
  return resolve(href) === resolve(url);
}

function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (escaped) => {
    try {
      return decodeURIComponent(escaped);
    } catch {
      return escaped;
    }
  });
}

/** Where GitHub's filters do not link mentions and references. */
const UNLINKED_PARENTS = new Set(['pre', 'code', 'a', 'style', 'script']);

/**
 * html-pipeline's patterns: `MentionFilter` (`@user`; its possessive login match written as a
 * lookahead and back-reference), `TeamMentionFilter` (`@org/team`) and `IssueMentionFilter`
 * (`#12`, `GH-12`, and `user#12` or `owner/repo#12`). Ruby's `^` and `$` match at line ends.
 */
const GITHUB_LINKED_PATTERNS: readonly RegExp[] = [
  /(?:^|\W)@(?=([a-z0-9][a-z0-9-]*))\1(?!\/)(?=\.+[ \t\W]|\.+$|[^0-9a-zA-Z_.]|$)/gim,
  /(?<=^|\W)@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9\-_]*\b/gim,
  /(?:^|close[sd]? |fixe[sd] | |\W)(?:gh-|#)\d+\b/gim,
  /(?:^|\s|[([{])[\w-]+\/?[.\w-]*#\d+\b/gm,
];

/** Every mention or issue reference that GitHub would turn into a link, with the text around it. */
export function linkedByGitHub(dom: Document): string[] {
  const found: string[] = [];
  const visit = (nodes: readonly AnyNode[]): void => {
    for (const node of nodes) {
      if (isText(node)) {
        for (const pattern of GITHUB_LINKED_PATTERNS) {
          for (const match of node.data.matchAll(pattern)) found.push(match[0].trim());
        }
      } else if (isTag(node) && !UNLINKED_PARENTS.has(node.name)) {
        visit(node.children);
      }
    }
  };
  visit(dom.children);
  return found;
}

/** The elements the action writes on purpose: Markdown's, and the collapsed prompt block. */
const ELEMENTS_THE_ACTION_WRITES = new Set([
  'h4',
  'h2',
  'h3',
  'p',
  'strong',
  'em',
  'code',
  'pre',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
]);

/** The action's hidden comment markers and sealed records: the only HTML comments it writes. */
const ACTION_COMMENT = /^ docs-agent-action:(?:(?:comment|docs-pr|revision) |(?:state|link|reply) \{[^\n]*\} sha256=[0-9a-f]{64} )$/;

/** Raw HTML, strikethrough and images (but the `images` meant), and collapsed blocks out of place or out of count. */
export function foreignMarkup(dom: Document, details?: number, images: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const node of DomUtils.filter(() => true, dom.children, true)) {
    if (isComment(node) && !ACTION_COMMENT.test(node.data)) problems.push(`an HTML comment the action did not write: ${quote(node.data)}`);
    if (!isTag(node)) continue;
    if (node.name === 'del') problems.push(`struck through: ${quote(DomUtils.textContent(node))}`);
    else if (node.name === 'img') {
      if (!images.some((url) => sameTarget(node.attribs.src ?? '', url))) problems.push(`an image: ${quote(node.attribs.src ?? '')}`);
    } else if (!ELEMENTS_THE_ACTION_WRITES.has(node.name)) problems.push(`an element the action does not write: <${node.name}>`);
    if (node.name === 'details' && firstElement(node)?.name !== 'summary') problems.push('a <details> without its <summary>');
    if (node.name === 'summary' && !(node.parent && isTag(node.parent) && node.parent.name === 'details')) problems.push('a <summary> outside <details>');
  }
  const count = DomUtils.getElementsByTagName('details', dom, true).length;
  if (details !== undefined && count !== details) problems.push(`${count} <details> block(s), not ${details}`);
  return problems;
}

/** Each picture meant is shown, with the alt text meant. */
function imageProblems(dom: Document, meant: readonly string[], alt: string | undefined): string[] {
  const shown = DomUtils.getElementsByTagName('img', dom, true);
  const problems: string[] = [];
  for (const url of meant) {
    const found = shown.filter((image) => sameTarget(image.attribs.src ?? '', url));
    if (found.length === 0) problems.push(`${quote(url)} is not shown as a picture`);
    if (alt !== undefined) {
      for (const image of found) if (image.attribs.alt !== alt) problems.push(`the picture ${quote(url)} has the alt text ${quote(image.attribs.alt ?? '')}`);
    }
  }
  return problems;
}

function firstElement(element: Element): Element | undefined {
  return element.children.find((child): child is Element => isTag(child));
}

/**
 * How many `<code>` elements show `literal` as written: whole, or cut and marked with `…` (after
 * at least its first 16 characters: the action never shows less).
 * Line breaks and runs of white space or control characters read as one space (a code span
 * flattens line breaks; an error message is put on one line). The action shows every piece of
 * outside text as code, a span or a block: inside one there is no autolink, no entity, no
 * emphasis or strikethrough, and GitHub's mention and reference filters leave it alone.
 */
export function shownCount(dom: Document, literal: string): number {
  const text = normalize(literal);
  if (text === '') return 0;
  const head = text.slice(0, 16);
  let count = 0;
  for (const code of DomUtils.getElementsByTagName('code', dom, true)) {
    const shown = normalize(DomUtils.textContent(code));
    for (let at = shown.indexOf(head); at >= 0; at = shown.indexOf(head, at + 1)) {
      let same = 0;
      while (same < text.length && shown[at + same] === text[same]) same++;
      if (same === text.length || shown[at + same] === '…') {
        count++;
        break;
      }
    }
  }
  return count;
}

// eslint-disable-next-line no-control-regex
const SPACES_AND_CONTROLS = /[\s\u0000-\u001f\u007f-\u009f]+/g;

function normalize(text: string): string {
  return asRead(text).replace(SPACES_AND_CONTROLS, ' ').trim();
}

/**
 * Text as a reader sees it: without the zero-width spaces the action puts into outside text to
 * break an HTML comment's delimiters (`<!--`, `-->`), which show as nothing. Outside text itself
 * never keeps one (the action removes what renders as nothing), so every one is the action's.
 */
export function asRead(text: string): string {
  return text.replace(/\u200b/g, '');
}

function quote(text: string): string {
  const characters = [...text];
  return JSON.stringify(characters.length > 80 ? `${characters.slice(0, 79).join('')}…` : text);
}
