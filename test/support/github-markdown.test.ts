/**
 * The checks of test/support/github-markdown.ts against what GitHub is known to do with a few
 * lines of Markdown: each check must catch what it is for, and pass what is fine.
 */
import { describe, expect, it } from 'vitest';
import { meantTableShapes, renderedDom, renderedTables, renderProblems, sameTarget, shownCount, tableShapes } from './github-markdown.js';

const table = (...rows: string[]): string => ['| a | b |', '| --- | --- |', ...rows].join('\n');

describe('tables', () => {
  it('reads the shape the Markdown means from its own lines', () => {
    expect(meantTableShapes(`intro\n\n${table('| 1 | 2 |', '| 3 | 4 |')}\n\nafter\n\n| x |\n| :---: |`)).toEqual([
      { rows: 3, columns: 2 },
      { rows: 1, columns: 1 },
    ]);
  });

  it('sees a table lost to a header cell split at a `|`, as GitHub renders it', () => {
    const markdown = '| Documentation PR | [x](https://e.example/a|b) |\n| --- | --- |\n| Job | 1 |';
    expect(tableShapes(renderedDom(markdown))).toEqual([]);
    expect(renderProblems(markdown, { links: ['https://e.example/a|b'] })).toEqual(['tables: rendered no table, meant 2×2']);
  });

  it("sees a row cut short: the table extension drops the cells past the header's", () => {
    expect(renderedTables(table('| 1 | 2 | 3 |'))).toEqual([
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ]);
    expect(renderedTables(table('| `1\\|2` | 3 |'))).toEqual([
      [
        ['a', 'b'],
        ['1|2', '3'],
      ],
    ]);
  });
});

describe('links', () => {
  it('catches what the autolinker links in plain text, entities and all', () => {
    expect(renderProblems('see www.x.example, https://x.example/a&#95;b and me@x.example')).toEqual([
      'a link nobody meant: "http://www.x.example"',
      'a link nobody meant: "https://x.example/a&#95;b"',
      'a link nobody meant: "mailto:me@x.example"',
    ]);
    expect(renderProblems('`www.x.example https://x.example me@x.example`')).toEqual([]);
  });

  it('accepts the links meant, percent-encoding aside, and wants each of them', () => {
    const url = 'https://e.example/a|b c';
    expect(renderProblems(`[\`x\`](https://e.example/a%7Cb%20c)`, { links: [url] })).toEqual([]);
    expect(renderProblems('no link', { links: [url] })).toEqual([`"${url}" is not linked`]);
    expect(sameTarget('https://e.example/a%7Cb', 'https://e.example/a|b')).toBe(true);
    expect(sameTarget('https://e.example/a', 'https://e.example/a|b')).toBe(false);
  });
});

describe('mentions and references', () => {
  it('flags what GitHub would link outside code, pre and links', () => {
    expect(renderProblems('cc @user and @org/team: #12, GH-12, owner/repo#12')).toEqual([
      'GitHub would link "@user"',
      'GitHub would link "@org/team"',
      'GitHub would link "#12"',
      'GitHub would link "GH-12"',
      'GitHub would link "owner/repo#12"',
    ]);
  });

  it('leaves code, code blocks, e-mail addresses and words alone', () => {
    expect(renderProblems('`@user #12` and a@b`x` step#1a\n\n```\n@org/team GH-12\n```')).toEqual([]);
  });
});

describe('markup', () => {
  it('flags strikethrough, images, raw HTML and comments the action did not write', () => {
    expect(renderProblems('~~x~~ ![i](https://e.example/i.png) <b>b</b> <!-- hidden -->')).toEqual([
      'struck through: "x"',
      'an image: "https://e.example/i.png"',
      'an element the action does not write: <b>',
      'an HTML comment the action did not write: " hidden "',
    ]);
  });

  it('accepts the collapsed block and the hidden record the action writes, and counts the blocks', () => {
    const markdown = '<!-- docs-agent-action:comment -->\n<details><summary>Prompt</summary>\n\n```\nx\n```\n\n</details>';
    expect(renderProblems(markdown, { details: 1 })).toEqual([]);
    expect(renderProblems(`${markdown}\n\n</details>\n<details>`, { details: 1 })).toEqual([
      'a <details> without its <summary>',
      '2 <details> block(s), not 1',
    ]);
  });
});

describe('text shown as written', () => {
  it('counts code elements that show it whole, or cut with … after at least 16 characters', () => {
    const dom = renderedDom('`a  b\tc` and `a b c` and `a b…`\n\n```\na\nb c\n```');
    expect(shownCount(dom, 'a b\nc')).toBe(3);
    expect(shownCount(renderedDom(`\`${'x'.repeat(40)}…\``), 'x'.repeat(100))).toBe(1);
    expect(shownCount(renderedDom(`\`${'x'.repeat(40)}\``), 'x'.repeat(100))).toBe(0);
  });

  it('does not count text Markdown changed', () => {
    expect(shownCount(renderedDom('*a* `b`'), '*a*')).toBe(0);
    expect(renderProblems('a | b', { literals: ['a | b'] })).toEqual(['"a | b" is shown as written 0 time(s), not at least once']);
  });
});
