/** The scores `npm run mutation` writes, read from Stryker's JSON report as Stryker counts them. */
import { describe, expect, it } from 'vitest';
import { mutationScore, renderTable, scoresOf, withTable, TABLE_END, TABLE_START } from '../../scripts/mutation.js';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('the mutation scores', () => {
  const report = {
    files: {
      'src/a.ts': mutants('Killed', 'Killed', 'Timeout', 'Survived', 'NoCoverage', 'CompileError', 'Ignored'),
      'src/b.ts': mutants('Killed', 'CompileError'),
      'src/other.ts': mutants('Survived'),
    },
  };

  it('count killed and timed out over those plus survived and not covered; compile errors and disabled mutants do not count', () => {
    expect(scoresOf(report, ['src/a.ts', 'src/b.ts'])).toEqual({
      modules: [
        { module: 'src/a.ts', killed: 2, timeout: 1, survived: 1, noCoverage: 1, compileErrors: 1, ignored: 1, score: 60 },
        { module: 'src/b.ts', killed: 1, timeout: 0, survived: 0, noCoverage: 0, compileErrors: 1, ignored: 0, score: 100 },
      ],
      overall: { killed: 3, timeout: 1, survived: 1, noCoverage: 1, compileErrors: 2, ignored: 1, score: 66.67 },
    });
  });

  it('are not written when neither the report nor the file before holds a module', () => {
    expect(scoresOf(report, ['src/a.ts', 'src/missing.ts'])).toBeUndefined();
    const before = scoresOf(report, ['src/b.ts'])!;
    expect(scoresOf(report, ['src/a.ts', 'src/missing.ts'], before)).toBeUndefined();
  });

  it("keep a module's row from the file before when the report does not hold it, and take the report's where it does", () => {
    const before = {
      modules: [
        { module: 'src/kept.ts', killed: 4, timeout: 0, survived: 1, noCoverage: 0, compileErrors: 2, ignored: 0, score: 80 },
        { module: 'src/b.ts', killed: 0, timeout: 0, survived: 5, noCoverage: 0, compileErrors: 0, ignored: 0, score: 0 },
      ],
      overall: { killed: 4, timeout: 0, survived: 6, noCoverage: 0, compileErrors: 2, ignored: 0, score: 40 },
    };
    expect(scoresOf(report, ['src/kept.ts', 'src/b.ts'], before)).toEqual({
      modules: [
        { module: 'src/kept.ts', killed: 4, timeout: 0, survived: 1, noCoverage: 0, compileErrors: 2, ignored: 0, score: 80 },
        { module: 'src/b.ts', killed: 1, timeout: 0, survived: 0, noCoverage: 0, compileErrors: 1, ignored: 0, score: 100 },
      ],
      overall: { killed: 5, timeout: 0, survived: 1, noCoverage: 0, compileErrors: 3, ignored: 0, score: 83.33 },
    });
  });

  it('round to two decimals, and a module with no mutant that ran scores 100', () => {
    expect(mutationScore({ killed: 2, timeout: 0, survived: 1, noCoverage: 0, compileErrors: 0, ignored: 0 })).toBe(66.67);
    expect(mutationScore({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, compileErrors: 3, ignored: 2 })).toBe(100);
  });

  it('replace only the table between the markers of the page', () => {
    const scores = scoresOf(report, ['src/b.ts'])!;
    const page = `# Page\n\n${TABLE_START}\nold table\n${TABLE_END}\n\nAfter.\n`;
    expect(withTable(page, renderTable(scores))).toBe(
      [
        '# Page',
        '',
        TABLE_START,
        '| module | killed | timed out | survived | no coverage | compile errors | disabled as equivalent | score |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| `src/b.ts` | 1 | 0 | 0 | 0 | 1 | 0 | 100.00% |',
        '| **overall** | 1 | 0 | 0 | 0 | 1 | 0 | 100.00% |',
        TABLE_END,
        '',
        'After.',
        '',
      ].join('\n'),
    );
    expect(() => withTable('# No markers\n', 'table')).toThrow(/no .* block/);
  });
});
