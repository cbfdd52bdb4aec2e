/**
 * The core's context (`core/context.ts`): whether a command's settings follow the documentation PR
 * at all (`follow-code-pr`, or only linked for `docs-status: approved`, which follows its approval
 * through the back-link), and a pull request's page on the runner's GitHub.
 */
import { describe, expect, it } from 'vitest';
import { follows, pullPage } from '../../src/core/context.js';
import type { GateSettings } from '../../src/settings.js';

describe('follows', () => {
  it.each<[boolean, GateSettings['docsStatus'], boolean]>([
    [true, 'off', true],
    [true, 'written', true],
    [true, 'approved', true],
    [false, 'approved', true],
    [false, 'written', false],
    [false, 'off', false],
  ])('follow-code-pr %s with docs-status %s: %s', (followCodePr, docsStatus, expected) => {
    expect(follows({ followCodePr, docsStatus })).toBe(expected);
  });
});

describe('pullPage', () => {
  const pull = { repository: 'acme/docs', number: 12 };

  it("is the pull request's page on the runner's GitHub server", () => {
    expect(pullPage({ env: { GITHUB_SERVER_URL: 'https://ghe.example.com/' } }, pull)).toBe('https://ghe.example.com/acme/docs/pull/12');
  });

  it('is on github.com off a runner', () => {
    expect(pullPage({ env: {} }, pull)).toBe('https://github.com/acme/docs/pull/12');
  });
});
