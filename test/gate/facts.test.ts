/**
 * What a run found, as the gate takes it (`gate/facts.ts`): `gateFor` turns the run's findings
 * (its one decision of the documentation PR, its approval, its preview, the waiver, the job at
 * work) into the facts the policy reads, and each case checks the status that comes of it exactly
 * (state, description, link). Only a pull request found on GitHub can pass; its page is made from
 * the runner's server; its preview is linked only over https. `runUrlOf` is the run's page, or the
 * pull request's when the run's is unknown.
 */
import { describe, expect, it } from 'vitest';
import type { NotTheDocsPr, RunDocsPr } from '../../src/docs-pr/decide.js';
import { gateFor, runUrlOf, type GateFindings } from '../../src/gate/facts.js';
import type { GateStatus } from '../../src/gate/policy.js';
import type { PullRef, PullRequestState } from '../../src/github/api.js';
import { pullState } from '../support/github-with.js';
import type { GateSettings } from '../../src/settings.js';

const ENV = { GITHUB_REPOSITORY: 'acme/widgets', GITHUB_RUN_ID: '4242' };
const RUN_URL = 'https://github.com/acme/widgets/actions/runs/4242';
const PULL = { repository: 'acme/docs', number: 5 };
const DOCS_PR_URL = 'https://github.com/acme/docs/pull/5';
const PREVIEW_URL = 'https://acme-docs-retries.mintlify.site';
const WRITTEN: GateSettings = { docsStatus: 'written', waiveLabel: 'skip-docs' };
const APPROVED: GateSettings = { docsStatus: 'approved', waiveLabel: 'skip-docs' };
const OFFER = ', or add the label skip-docs to waive it';

const findings = (more: Partial<GateFindings> = {}): GateFindings => ({
  outcome: 'pr-opened',
  waived: false,
  working: false,
  docsPr: undefined,
  closedByAction: false,
  approved: undefined,
  previewUrl: undefined,
  pullNumber: 12,
  ...more,
});

/** Documentation PR acme/docs#5 on docs/retries, as GitHub answers it. */
const docsPullState = (more: Partial<PullRequestState> = {}): PullRequestState =>
  pullState('acme/docs', 2002, 5, { title: 'Document retries', headRef: 'docs/retries', ...more });

const found = (more: Partial<PullRequestState> = {}): RunDocsPr => ({ kind: 'found', pull: PULL, headRef: 'docs/retries', state: docsPullState(more) });
const refused = (why: NotTheDocsPr, pull: PullRef | undefined): RunDocsPr => ({
  kind: 'refused',
  why,
  pull,
  message: 'not taken',
});

/** The status sent to GitHub (state, description, link), or none. */
const sent = (status: GateStatus | undefined): Omit<GateStatus, 'sentence'> | undefined =>
  status && { state: status.state, description: status.description, targetUrl: status.targetUrl };

const gate = (more: Partial<GateFindings>, settings: GateSettings = WRITTEN, env: NodeJS.ProcessEnv = ENV) => sent(gateFor(settings, findings(more), env));

describe('gateFor: off, a dry run', () => {
  it('keeps no status with docs-status off, whatever the run found', () => {
    const off: GateSettings = { docsStatus: 'off', waiveLabel: 'skip-docs' };
    expect(gateFor(off, findings({ docsPr: found() }), ENV)).toBeUndefined();
    expect(gateFor(off, findings({ waived: true }), ENV)).toBeUndefined();
    expect(gateFor(off, findings({ outcome: 'failed' }), ENV)).toBeUndefined();
  });

  it('keeps none for a dry run', () => {
    expect(gateFor(WRITTEN, findings({ outcome: 'dry-run' }), ENV)).toBeUndefined();
  });
});

describe('gateFor: the documentation PR as the run decided it', () => {
  it('none decided, or the job reported no link: the documentation PR was not checked, so pr-opened fails, at the run', () => {
    for (const docsPr of [undefined, { kind: 'none' } as const]) {
      expect(gate({ docsPr })).toEqual({
        state: 'failure',
        description: `The documentation PR was not checked, so it cannot pass the gate${OFFER}`,
        targetUrl: RUN_URL,
      });
    }
  });

  it('none for a sync run: no documentation PR is recorded, success at the run', () => {
    expect(gate({ outcome: 'synced', docsPr: { kind: 'none' } })).toEqual({
      state: 'success',
      description: 'No documentation PR is recorded for this pull request',
      targetUrl: RUN_URL,
    });
  });

  it('refused: fails with why and the pull request’s name, at the run', () => {
    expect(gate({ docsPr: refused('not-found', PULL) })).toEqual({
      state: 'failure',
      description: `The job's documentation PR link acme/docs#5 is not found on GitHub${OFFER}`,
      targetUrl: RUN_URL,
    });
    expect(gate({ docsPr: refused('another-repository', { repository: 'evil/docs', number: 9 }) })).toEqual({
      state: 'failure',
      description: `The job's documentation PR link evil/docs#9 is outside the repository the job worked on${OFFER}`,
      targetUrl: RUN_URL,
    });
  });

  it('refused in a sync run (no job): the pull request is the one the record names', () => {
    expect(gate({ outcome: 'synced', docsPr: refused('not-the-jobs-branch', PULL) })).toEqual({
      state: 'failure',
      description: `The recorded documentation PR acme/docs#5 is not the pull request of the job's branch${OFFER}`,
      targetUrl: RUN_URL,
    });
  });

  it('refused without a pull request: fails, naming none', () => {
    expect(gate({ docsPr: refused('not-a-pull-request', undefined) })).toEqual({
      state: 'failure',
      description: `The job's documentation PR link is not a pull request on this GitHub${OFFER}`,
      targetUrl: RUN_URL,
    });
  });

  it('unchecked: fails, naming it, at the run, even when the approval read said approved', () => {
    const unchecked: RunDocsPr = { kind: 'unchecked', pull: PULL, headRef: 'docs/retries', message: 'not read', why: 'unanswered' };
    const failure = {
      state: 'failure',
      description: `The documentation PR acme/docs#5 could not be checked on GitHub; re-run the workflow${OFFER}`,
      targetUrl: RUN_URL,
    };
    expect(gate({ docsPr: unchecked })).toEqual(failure);
    expect(gate({ docsPr: unchecked, approved: true, previewUrl: PREVIEW_URL }, APPROVED)).toEqual(failure);
  });

  it('unchecked for want of a token: a re-run cannot help, so the description names docs-token instead', () => {
    const noToken: RunDocsPr = { kind: 'unchecked', pull: PULL, headRef: 'docs/retries', message: 'no token', why: 'no-token' };
    expect(gate({ docsPr: noToken })).toEqual({
      state: 'failure',
      description: `No token of this run can read the documentation PR acme/docs#5: give docs-token access to it${OFFER}`,
      targetUrl: RUN_URL,
    });
  });

  it('found open, written: success, naming it and linking its page on the runner’s server', () => {
    expect(gate({ docsPr: found() })).toEqual({ state: 'success', description: 'The documentation PR acme/docs#5 is open', targetUrl: DOCS_PR_URL });
  });

  it('found open: links its preview when the preview is https, and never another scheme', () => {
    expect(gate({ docsPr: found(), previewUrl: PREVIEW_URL })).toEqual({
      state: 'success',
      description: 'The documentation PR acme/docs#5 is open',
      targetUrl: PREVIEW_URL,
    });
    for (const previewUrl of ['http://acme-docs-retries.mintlify.site', 'javascript:alert(1)//https://x', 'HTTPS://acme.example', '']) {
      expect(gate({ docsPr: found(), previewUrl })).toMatchObject({ state: 'success', targetUrl: DOCS_PR_URL });
    }
  });

  it('found open, approved: pending until the approval read says approved; not read is not approved', () => {
    const waiting = { state: 'pending', description: 'Waiting for the approval of the documentation PR acme/docs#5', targetUrl: DOCS_PR_URL };
    expect(gate({ docsPr: found(), approved: undefined }, APPROVED)).toEqual(waiting);
    expect(gate({ docsPr: found(), approved: false }, APPROVED)).toEqual(waiting);
    // The preview is where `written` links an open one; `approved` waits at the pull request.
    expect(gate({ docsPr: found(), approved: false, previewUrl: PREVIEW_URL }, APPROVED)).toEqual(waiting);
    expect(gate({ docsPr: found(), approved: true }, APPROVED)).toEqual({
      state: 'success',
      description: 'The documentation PR acme/docs#5 is approved',
      targetUrl: DOCS_PR_URL,
    });
  });

  it('found merged: success in either mode, at its page, whoever closed it and whatever its approval', () => {
    const merged = { state: 'success', description: 'The documentation PR acme/docs#5 is merged', targetUrl: DOCS_PR_URL };
    expect(gate({ docsPr: found({ merged: true, state: 'closed' }) })).toEqual(merged);
    expect(gate({ docsPr: found({ merged: true, state: 'closed' }), approved: false, previewUrl: PREVIEW_URL }, APPROVED)).toEqual(merged);
    expect(gate({ docsPr: found({ merged: true, state: 'closed' }), closedByAction: true })).toEqual(merged);
    expect(gate({ docsPr: found({ merged: true, state: 'closed' }), closedByAction: false }, APPROVED)).toEqual(merged);
  });

  it('found closed unmerged by this action (with its code PR): success, at its page', () => {
    expect(gate({ docsPr: found({ state: 'closed' }), closedByAction: true, approved: false }, APPROVED)).toEqual({
      state: 'success',
      description: 'The documentation PR acme/docs#5 was closed with this pull request',
      targetUrl: DOCS_PR_URL,
    });
  });

  it('found closed unmerged by someone else: failure, at its page, in either mode and even when approved', () => {
    const closed = { state: 'failure', description: 'The documentation PR acme/docs#5 was closed without merging', targetUrl: DOCS_PR_URL };
    expect(gate({ docsPr: found({ state: 'closed' }), closedByAction: false })).toEqual(closed);
    expect(gate({ docsPr: found({ state: 'closed' }), closedByAction: false, approved: true }, APPROVED)).toEqual(closed);
  });

  it('found open: the action’s closing of an earlier one counts for nothing while it is open', () => {
    expect(gate({ docsPr: found(), closedByAction: true })).toEqual({
      state: 'success',
      description: 'The documentation PR acme/docs#5 is open',
      targetUrl: DOCS_PR_URL,
    });
  });

  it('its page is on the runner’s server: a GHES server URL, its trailing slashes dropped', () => {
    const env = { ...ENV, GITHUB_SERVER_URL: 'https://ghe.example.com/' };
    expect(gate({ docsPr: found() }, WRITTEN, env)).toEqual({
      state: 'success',
      description: 'The documentation PR acme/docs#5 is open',
      targetUrl: 'https://ghe.example.com/acme/docs/pull/5',
    });
    expect(gate({ docsPr: found({ state: 'closed' }) }, WRITTEN, env)).toMatchObject({ targetUrl: 'https://ghe.example.com/acme/docs/pull/5' });
  });

  it('the status carries the pull request’s name apart from its words', () => {
    expect(gateFor(WRITTEN, findings({ docsPr: found() }), ENV)!.sentence).toEqual(['The documentation PR ', { name: 'acme/docs#5' }, ' is open']);
  });
});

describe('gateFor: the rest of what the run found', () => {
  it('a waiver wins over everything, naming the settings’ label, at the run', () => {
    const waived = { state: 'success', description: 'Waived: the pull request carries the label skip-docs', targetUrl: RUN_URL };
    expect(gate({ waived: true, docsPr: found({ state: 'closed' }) })).toEqual(waived);
    expect(gate({ waived: true, working: true, outcome: 'running' }, APPROVED)).toEqual(waived);
    expect(gate({ waived: true, outcome: 'failed' })).toEqual(waived);
  });

  it('no waiver: the outcome speaks, and the failure offers the settings’ label', () => {
    expect(gate({ waived: false, outcome: 'failed' })).toEqual({
      state: 'failure',
      description: `The documentation agent failed; re-run the workflow${OFFER}`,
      targetUrl: RUN_URL,
    });
  });

  it('a job at work: pending, the agent is writing, at the run', () => {
    expect(gate({ working: true, outcome: 'running' })).toEqual({
      state: 'pending',
      description: 'The documentation agent is writing the documentation for this pull request',
      targetUrl: RUN_URL,
    });
    expect(gate({ working: false, outcome: 'running' })).toEqual({
      state: 'pending',
      description: 'The documentation agent is writing (the step did not wait); a sweep sets this status once the job ends',
      targetUrl: RUN_URL,
    });
  });

  it('a skip says why, by its kind', () => {
    expect(gate({ outcome: 'skipped', skip: 'filtered' })).toEqual({
      state: 'success',
      description: 'No documentation needed: only files the filters leave out changed',
      targetUrl: RUN_URL,
    });
    expect(gate({ outcome: 'skipped', skip: 'fork' })).toEqual({
      state: 'failure',
      description: `Not documented: a pull request from a fork is not sent to the agent${OFFER}`,
      targetUrl: RUN_URL,
    });
  });

  it('the run’s link is the pull request’s when the run is unknown', () => {
    expect(gate({ outcome: 'no-pr', pullNumber: 31 }, WRITTEN, { GITHUB_REPOSITORY: 'acme/widgets' })).toEqual({
      state: 'success',
      description: 'No documentation change needed: the documentation agent changed nothing',
      targetUrl: 'https://github.com/acme/widgets/pull/31',
    });
  });
});

describe('runUrlOf', () => {
  it('is the workflow run’s page with GITHUB_RUN_ID', () => {
    expect(runUrlOf(ENV, 12)).toBe('https://github.com/acme/widgets/actions/runs/4242');
  });

  it('is the pull request’s page without GITHUB_RUN_ID, or with an empty one', () => {
    expect(runUrlOf({ GITHUB_REPOSITORY: 'acme/widgets' }, 12)).toBe('https://github.com/acme/widgets/pull/12');
    expect(runUrlOf({ GITHUB_REPOSITORY: 'acme/widgets', GITHUB_RUN_ID: '' }, 7)).toBe('https://github.com/acme/widgets/pull/7');
  });

  it('is on the runner’s server: GHES, its trailing slashes dropped; github.com when none or an empty one is given', () => {
    expect(runUrlOf({ ...ENV, GITHUB_SERVER_URL: 'https://ghe.example.com/' }, 12)).toBe('https://ghe.example.com/acme/widgets/actions/runs/4242');
    expect(runUrlOf({ GITHUB_REPOSITORY: 'acme/widgets', GITHUB_SERVER_URL: 'https://ghe.example.com//' }, 12)).toBe(
      'https://ghe.example.com/acme/widgets/pull/12',
    );
    expect(runUrlOf({ ...ENV, GITHUB_SERVER_URL: '' }, 12)).toBe(RUN_URL);
  });

  it('never spells an unknown repository as "undefined" (a run with no GITHUB_REPOSITORY writes no status)', () => {
    expect(runUrlOf({ GITHUB_RUN_ID: '4242' }, 12)).toBe('https://github.com//actions/runs/4242');
    expect(runUrlOf({}, 12)).toBe('https://github.com//pull/12');
  });
});
