/**
 * docs/threat-model.md names, for every defence, the test that holds it: each test file it names
 * exists, and each test it quotes (in parentheses after the file) is in that file. A defence whose
 * test was renamed or removed fails here, not silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const model = readFileSync(join(root, 'docs/threat-model.md'), 'utf8');

/** The table rows of the defence sections: `| threat | defence | test |`. */
const rows = model
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
  .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |\s\|$/g, '')))
  .filter((cells) => cells.length === 3 && cells[0] !== 'threat' && /`test\//.test(cells[2]!));

/** Each test file a cell names, with the test names quoted in the parentheses after it. */
function citations(cell: string): Array<{ file: string; names: string[] }> {
  return [...cell.matchAll(/`(test\/[^`]+\.ts)`(?: \(([^)]*)\))?/g)].map((match) => ({
    file: match[1]!,
    names: [...(match[2] ?? '').matchAll(/"([^"]+)"/g)].map((name) => name[1]!.replace(/ …$/, '')),
  }));
}

describe('docs/threat-model.md', () => {
  it('has a defence with a test for every threat it lists', () => {
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const [threat, defence, test] of rows) {
      expect(defence, threat).not.toBe('');
      expect(citations(test!).length, threat).toBeGreaterThan(0);
    }
  });

  it('points every defence at a test file that exists, and at tests that are in it', () => {
    for (const [threat, , test] of rows) {
      for (const { file, names } of citations(test!)) {
        expect(existsSync(join(root, file)), `${threat}: ${file}`).toBe(true);
        const source = readFileSync(join(root, file), 'utf8');
        for (const name of names) expect(source.includes(name), `${threat}: "${name}" in ${file}`).toBe(true);
      }
    }
  });
});
