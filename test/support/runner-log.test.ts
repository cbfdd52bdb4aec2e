/**
 * The runner emulation that judges every log in the suite, checked against the runner's own
 * rules, and `forLog`, the one function that makes outside text safe for a log line, checked
 * against the emulation.
 */
import { describe, expect, it } from 'vitest';
import { defuseCommands, forLog } from '../../src/text.js';
import { HOSTILE_STRINGS } from '../matrices/cases.js';
import { runnerCommands, runnerLines } from './runner-log.js';

const names = (output: string): string[] => runnerCommands(output).map((command) => `${command.form}:${command.name}`);

describe('the runner emulation', () => {
  it('splits lines at LF, CRLF and a lone CR, and not at U+2028', () => {
    expect(runnerLines('a\nb\r\nc\rd\u2028e')).toEqual(['a', 'b', 'c', 'd\u2028e']);
  });

  it('reads ::name:: at the start of a line, after .NET white space, in any case', () => {
    expect(names('::warning::x\n   ::SET-OUTPUT name=a::b\n\u00a0\u2003::error::y')).toEqual(['v2:warning', 'v2:set-output', 'v2:error']);
    // U+200B and U+FEFF are not white space to .NET: the line does not start with "::".
    expect(names('\u200b::error::x\n\ufeff::error::y')).toEqual([]);
  });

  it('reads the legacy ##[name] anywhere in a line', () => {
    expect(names('some text ##[error]boom')).toEqual(['legacy:error']);
    expect(names('a ##[set-output name=x;]y')).toEqual(['legacy:set-output']);
  });

  it('ignores names the runner does not register', () => {
    expect(names('::unknown::x\n##[nothing]y\n::set-outputs::z')).toEqual([]);
  });

  it('starts a new line at a lone CR, so a command after it counts', () => {
    expect(names('progress 50%\r::add-mask::secret')).toEqual(['v2:add-mask']);
  });

  it('pauses at stop-commands until its token comes back, in either form', () => {
    const log = ['::stop-commands::tok', '::error::ignored', '##[warning]ignored', '::tok::', '::notice::counted'].join('\n');
    expect(runnerCommands(log).map((c) => [c.name, c.resumes ?? false])).toEqual([
      ['stop-commands', false],
      ['tok', true],
      ['notice', false],
    ]);
    const legacyResume = ['::stop-commands::abc', '::error::ignored', 'text ##[abc]', '::error::counted'].join('\n');
    expect(names(legacyResume)).toEqual(['v2:stop-commands', 'legacy:abc', 'v2:error']);
  });
});

describe('forLog', () => {
  it.each(HOSTILE_STRINGS.map((text) => [JSON.stringify(text.slice(0, 40)), text]))(
    'leaves no command in %s, mid-line or at the start of a line',
    (_label, text) => {
      expect(runnerCommands(`Job 1 is ${forLog(text)}`)).toEqual([]);
      expect(runnerCommands(forLog(text))).toEqual([]);
      expect(runnerCommands(defuseCommands(`x ${text}`))).toEqual([]);
    },
  );

  it('reads as written apart from line breaks and control characters', () => {
    expect(forLog('##[error] in a file name.md')).toBe('#\u200b#[error] in a file name.md');
    expect(forLog('  ::warning::x')).toBe('\u200b::warning::x');
    expect(forLog('a\r\nb\rc\u2028d')).toBe('a b c d');
    expect(forLog('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('keeps a line’s own spacing when it defuses a whole line', () => {
    expect(defuseCommands('a  b ##[x]')).toBe('a  b #\u200b#[x]');
    expect(defuseCommands(' :: x')).toBe('\u200b :: x');
  });

  it('defuses a line that starts with a command after NEXT LINE (U+0085), white space to the runner but not to \\s', () => {
    // Found by the log property (test/properties/text.property.test.ts), shrunk to this line.
    expect(runnerCommands('\u0085::warning::')).toHaveLength(1);
    expect(runnerCommands(defuseCommands('\u0085::warning::'))).toEqual([]);
    expect(runnerCommands(defuseCommands('\u0085 \u2003::set-output name=x::y'))).toEqual([]);
  });
});
