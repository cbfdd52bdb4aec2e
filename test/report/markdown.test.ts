/**
 * The Markdown rules of the summary and the comment, each at its edges: where a line break goes,
 * which spaces a code span keeps, where a cut falls, what a link's destination holds.
 */
import { describe, expect, it } from 'vitest';
import {
  codeSpan,
  cutToBytes,
  cutToChars,
  escapeText,
  keyValueTable,
  linkDestination,
  linkOrCode,
  MAX_LINK_CHARS,
  SUMMARY_LIMIT_BYTES,
} from '../../src/report/markdown.js';
import { renderAsGitHub } from '../support/github-markdown.js';

describe('codeSpan at its edges', () => {
  it('turns every line break, a lone CR included, into one space', () => {
    expect(codeSpan('a\rb\r\nc\nd')).toBe('`a b c d`');
  });

  it('pads only text that starts and ends with a space around something else, or touches a backtick', () => {
    expect(codeSpan(' a ')).toBe('`  a  `');
    expect(renderAsGitHub(codeSpan(' a '))).toBe('<p><code> a </code></p>\n');
    expect(codeSpan(' ab c ')).toBe('`  ab c  `');
    expect(codeSpan('x a ')).toBe('`x a `');
    expect(codeSpan(' a x')).toBe('` a x`');
    expect(codeSpan('   ')).toBe('`   `');
  });
});

describe('linkOrCode at its edges', () => {
  it('links http URLs as well as https', () => {
    expect(linkOrCode('http://example.com/a', 'text')).toBe('[`http://example.com/a`](http://example.com/a)');
  });

  it('links a URL of exactly the longest length, and shows a longer one as code', () => {
    const url = (length: number) => {
      const head = 'https://example.com/';
      return head + 'a'.repeat(length - head.length);
    };
    expect(linkOrCode(url(MAX_LINK_CHARS), 'text')).toMatch(/^\[`https:.*\]\(https:/);
    expect(linkOrCode(url(MAX_LINK_CHARS + 1), 'text')).toMatch(/^`https:\/\/example\.com\/a+…`$/);
  });

  it('shows a URL that does not parse as code', () => {
    expect(linkOrCode('https://exa mple.com/', 'text')).toBe('`https://exa mple.com/`');
  });
});

describe('linkDestination', () => {
  it('percent-encodes what would end the destination or split a cell, in upper-case hex, and writes & as &amp;', () => {
    expect(linkDestination('https://x.example/a|b<c>(d)\\e`f g&h')).toBe('https://x.example/a%7Cb%3Cc%3E%28d%29%5Ce%60f%20g&amp;h');
  });
});

describe('escapeText, character by character', () => {
  it('writes each character that could become markup as its entity', () => {
    expect(escapeText('& < > | ` [ ] \\ * _ ~')).toBe('&amp; &lt; &gt; &#124; &#96; &#91; &#93; &#92; &#42; &#95; &#126;');
  });

  it('turns a run of line breaks into one space', () => {
    expect(escapeText('one\r\ntwo\n\nthree\u2028four')).toBe('one two three four');
  });
});

describe('keyValueTable', () => {
  it('heads the table with the first pair, and still makes a table of no rows', () => {
    expect(
      keyValueTable([
        ['Outcome', 'pr-opened'],
        ['Status', 'completed'],
      ]),
    ).toBe('| Outcome | pr-opened |\n| --- | --- |\n| Status | completed |');
    expect(keyValueTable([])).toBe('|  |  |\n| --- | --- |');
  });
});

describe('the summary limit', () => {
  it("stays well under GitHub's 1 MiB for a step summary", () => {
    expect(SUMMARY_LIMIT_BYTES).toBeLessThanOrEqual(1024 * 1024 - 8 * 1024);
    expect(SUMMARY_LIMIT_BYTES).toBeGreaterThanOrEqual(1000 * 1024);
  });
});

describe('cutToChars', () => {
  it('keeps text of exactly the limit, and cuts longer text to the limit, `…` included', () => {
    expect(cutToChars('abcde', 5)).toBe('abcde');
    expect(cutToChars('abcdef', 5)).toBe('abcd…');
  });
});

describe('cutToBytes at its edges', () => {
  // The budget for lines is 100 bytes less than the limit: room for the line that says what was cut.
  const limitFor = (lineBudget: number) => lineBudget + 100;
  const filler = (lines: number) => Array.from({ length: lines }, () => 'z'.repeat(30));

  it('keeps text of exactly the limit as it is', () => {
    const text = 'x'.repeat(150);
    expect(cutToBytes(text, 150)).toBe(text);
  });

  it('keeps a line that exactly fills what is left of the budget', () => {
    const text = ['aaaa', 'bbbb', ...filler(10)].join('\n');
    expect(cutToBytes(text, limitFor(10))).toBe('aaaa\nbbbb\n… 10 more lines not shown');
  });

  it('does not cut into a line that would fit the budget on its own', () => {
    const text = ['aa', 'b'.repeat(9), ...filler(10)].join('\n');
    expect(cutToBytes(text, limitFor(10))).toBe('aa\n… 11 more lines not shown');
  });

  it('cuts into a line longer than the whole budget, after the lines that fit, filling the room left exactly', () => {
    expect(cutToBytes(['abc', 'y'.repeat(200)].join('\n'), limitFor(20))).toBe('abc\nyyyyyyyyyyyy…\n… 188 more characters of that line not shown');
    expect(cutToBytes('x'.repeat(210), limitFor(10))).toBe('xxxxxx…\n… 204 more characters of that line not shown');
  });

  it('cuts into a line of exactly the budget, or one byte more, which with its line break does not fit', () => {
    const rest = 'y'.repeat(200);
    expect(cutToBytes(['x'.repeat(10), rest].join('\n'), limitFor(10))).toBe('xxxxxx…\n… 4 more characters of that line not shown (and 1 more lines)');
    expect(cutToBytes(['x'.repeat(11), rest].join('\n'), limitFor(10))).toBe('xxxxxx…\n… 5 more characters of that line not shown (and 1 more lines)');
  });

  it('says only how many lines are left when there is no room for the start of a long line', () => {
    expect(cutToBytes(['abcdefgh', 'y'.repeat(200), 'end'].join('\n'), limitFor(10))).toBe('abcdefgh\n… 2 more lines not shown');
  });
});
