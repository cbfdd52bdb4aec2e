/** A step's log as the Actions tab shows it (test/support/log-view.ts), as `npm start` prints it. */
import { describe, expect, it } from 'vitest';
import { logAsShown } from './log-view.js';

describe('the log as the Actions tab shows it', () => {
  const stdout = [
    '::add-mask::mint_secret',
    '::group::Send: the prompt to the agent',
    'Sending with mint_secret',
    '::endgroup::',
    '::debug::GET /v2/agent/p/job/1',
    '::warning::It took 100%25 of the time%0Aand more',
    '::notice::pr-comment is on',
    '::error::Failed',
    'Outcome: pr-opened',
    '',
  ].join('\n');

  it('groups as their titles with their lines indented, annotations by their kind, masks as ***, no command printed', () => {
    expect(logAsShown(stdout)).toEqual([
      '▸ Send: the prompt to the agent',
      '  Sending with ***',
      'Warning: It took 100% of the time\nand more',
      'Notice: pr-comment is on',
      'Error: Failed',
      'Outcome: pr-opened',
    ]);
  });

  it('debug lines only in a debug run', () => {
    expect(logAsShown(stdout, { debug: true })).toContain('##[debug]GET /v2/agent/p/job/1');
  });
});
