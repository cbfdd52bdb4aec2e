/**
 * What the comment says of a decision that is no verified documentation PR
 * (`docs-pr/outcome.ts`), for every kind of decision and every reason a link is refused, with
 * nothing shown for a verified one, for none, and for a link that names no pull request. (Nothing
 * followed yet, `nothingFollowed`, is test/core/follow.test.ts's.)
 */
import { describe, expect, it } from 'vitest';
import type { NotTheDocsPr, RunDocsPr } from '../../src/docs-pr/decide.js';
import { shownOfDecision, type DocsPrState } from '../../src/docs-pr/outcome.js';
import { pullState } from '../support/github-with.js';
import type { PullRef, PullRequestState } from '../../src/github/api.js';

const PULL = { repository: 'acme/docs', number: 5 };

const refused = (why: NotTheDocsPr, pull: PullRef | undefined): RunDocsPr => ({
  kind: 'refused',
  why,
  pull,
  message: `refused: ${why}`,
});

/** Documentation PR acme/docs#5 on docs/retries, as GitHub answers it. */
const state = (more: Partial<PullRequestState> = {}): PullRequestState =>
  pullState('acme/docs', 2002, 5, { title: 'Document retries', headRef: 'docs/retries', ...more });

describe('shownOfDecision', () => {
  it('a link not checked on GitHub is shown as unchecked, with its pull request', () => {
    const decision: RunDocsPr = { kind: 'unchecked', pull: PULL, headRef: 'docs/retries', message: 'not read', why: 'unanswered' };
    expect(shownOfDecision(decision)).toEqual({ pull: PULL, state: 'unchecked' });
    expect(shownOfDecision(decision)!.pull).toBe(PULL);
  });

  it.each<[NotTheDocsPr, DocsPrState]>([
    ['not-found', 'not-found'],
    ['not-the-jobs-branch', 'mismatch'],
    ['another-repository', 'elsewhere'],
    ['code-pr-itself', 'code-pr-itself'],
    ['no-repository', 'unverifiable'],
    ['no-branch', 'unverifiable'],
    ['branch-too-long', 'unverifiable'],
    ['not-a-pull-request', 'unverifiable'],
  ])('a link refused as %s, naming a pull request, is shown as %s, with that pull request', (why, shown) => {
    expect(shownOfDecision(refused(why, PULL))).toEqual({ pull: PULL, state: shown });
  });

  it('shows nothing for a refusal that names no pull request, whatever the reason (its warning says what it is)', () => {
    for (const why of ['not-a-pull-request', 'not-found', 'another-repository', 'code-pr-itself'] as const) {
      expect(shownOfDecision(refused(why, undefined))).toBeUndefined();
    }
  });

  it('shows nothing for a verified documentation PR, open, merged or closed (the follower says how it stands)', () => {
    for (const found of [state(), state({ merged: true, state: 'closed' }), state({ state: 'closed' })]) {
      expect(shownOfDecision({ kind: 'found', pull: PULL, headRef: 'docs/retries', state: found })).toBeUndefined();
    }
  });

  it('shows nothing when the job reported no link, or nothing was decided', () => {
    expect(shownOfDecision({ kind: 'none' })).toBeUndefined();
    expect(shownOfDecision(undefined)).toBeUndefined();
  });
});
