/**
 * The documentation gate's policy as a pure function (`gateStatus`): every row of the contract's
 * table (*The documentation gate*) in both modes, with the state, what the description says and
 * where the status links; the order of the rows (a waiver wins over everything, a documentation
 * PR closed by someone else over the outcome); GitHub's 140 characters on one line whatever the
 * text. (The approval itself is `gate/approval.ts`'s: test/gate/approval.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GATE_STATES, OUTCOMES, type Outcome } from '../../src/constants.js';
import { DESCRIPTION_MAX_CHARS, gateStatus, type GateDocsPr, type GateFacts, type GateMode, type GateStatus, type SkipKind } from '../../src/gate/policy.js';
import { renderGateLine } from '../../src/report/gate-report.js';
import { renderProblems } from '../support/github-markdown.js';

const RUN_URL = 'https://github.com/acme/widgets/actions/runs/4242';
const DOCS_PR_URL = 'https://github.com/acme-sim/docs/pull/5';
const PREVIEW_URL = 'https://acme-docs-retries.mintlify.site';
const MODES: readonly GateMode[] = ['written', 'approved'];

type FoundDocsPr = Extract<GateDocsPr, { readonly url: string }>;
const docsPr = (standing: FoundDocsPr['standing'], more: Partial<FoundDocsPr> = {}): FoundDocsPr => ({
  name: 'acme-sim/docs#5',
  url: DOCS_PR_URL,
  standing,
  ...more,
});

/**
 * The status for the facts, its sentence checked against its description (the same words, whole,
 * before GitHub's 140 characters cut them) and then left out, so that a row compares what GitHub
 * is sent: state, description, link.
 */
const statusFor = (given: GateFacts): Omit<GateStatus, 'sentence'> | undefined => {
  const status = gateStatus(given);
  if (!status) return status;
  const { sentence, ...sent } = status;
  const words = sentence.map((part) => (typeof part === 'string' ? part : part.name)).join('');
  if (words.length <= DESCRIPTION_MAX_CHARS) expect(words).toBe(sent.description);
  return sent;
};

const facts = (mode: GateMode, outcome: Outcome, more: Partial<GateFacts> = {}): GateFacts => ({
  mode,
  waiveLabel: 'no-docs',
  outcome,
  runUrl: RUN_URL,
  ...more,
});

describe('the contract’s table, row by row, in both modes', () => {
  it.each(MODES)('%s: the job is created or messaged, working: pending, the agent is writing, the run', (mode) => {
    expect(statusFor(facts(mode, 'running', { working: true }))).toEqual({
      state: 'pending',
      description: expect.stringMatching(/agent is writing/),
      targetUrl: RUN_URL,
    });
  });

  it('written: pr-opened is success, naming the documentation PR and linking it', () => {
    expect(statusFor(facts('written', 'pr-opened', { docsPr: docsPr('open') }))).toEqual({
      state: 'success',
      description: 'The documentation PR acme-sim/docs#5 is open',
      targetUrl: DOCS_PR_URL,
    });
  });

  it('written: pr-opened links the preview when there is one', () => {
    expect(statusFor(facts('written', 'pr-opened', { docsPr: docsPr('open', { previewUrl: PREVIEW_URL }) }))).toMatchObject({
      state: 'success',
      targetUrl: PREVIEW_URL,
    });
  });

  it('approved: pr-opened is pending until the documentation PR is approved or merged, then success; always its link', () => {
    expect(statusFor(facts('approved', 'pr-opened', { docsPr: docsPr('open', { previewUrl: PREVIEW_URL }) }))).toEqual({
      state: 'pending',
      description: 'Waiting for the approval of the documentation PR acme-sim/docs#5',
      targetUrl: DOCS_PR_URL,
    });
    expect(statusFor(facts('approved', 'pr-opened', { docsPr: docsPr('approved') }))).toEqual({
      state: 'success',
      description: 'The documentation PR acme-sim/docs#5 is approved',
      targetUrl: DOCS_PR_URL,
    });
    expect(statusFor(facts('approved', 'pr-opened', { docsPr: docsPr('merged') }))).toEqual({
      state: 'success',
      description: 'The documentation PR acme-sim/docs#5 is merged',
      targetUrl: DOCS_PR_URL,
    });
  });

  it('approved: the sync command’s outcome reads the same way (awaits approval, approved, merged)', () => {
    expect(statusFor(facts('approved', 'synced', { docsPr: docsPr('open') }))).toMatchObject({ state: 'pending', targetUrl: DOCS_PR_URL });
    expect(statusFor(facts('approved', 'synced', { docsPr: docsPr('approved') }))).toMatchObject({ state: 'success', targetUrl: DOCS_PR_URL });
    expect(statusFor(facts('approved', 'synced', { docsPr: docsPr('merged') }))).toMatchObject({ state: 'success', targetUrl: DOCS_PR_URL });
    expect(statusFor(facts('written', 'synced', { docsPr: docsPr('open') }))).toMatchObject({ state: 'success', targetUrl: DOCS_PR_URL });
  });

  it.each(MODES)('%s: no-pr is success, no documentation change needed, the run', (mode) => {
    expect(statusFor(facts(mode, 'no-pr'))).toEqual({
      state: 'success',
      description: expect.stringMatching(/^No documentation change needed/),
      targetUrl: RUN_URL,
    });
  });

  it.each(MODES)('%s: skipped because only files the filters leave out changed is success, saying why, the run', (mode) => {
    expect(statusFor(facts(mode, 'skipped', { skip: 'filtered' }))).toEqual({
      state: 'success',
      description: expect.stringMatching(/No documentation needed: only files the filters leave out changed/),
      targetUrl: RUN_URL,
    });
    expect(statusFor(facts(mode, 'skipped', { skip: 'no-change' }))).toMatchObject({ state: 'success', targetUrl: RUN_URL });
  });

  it.each(MODES)('%s: the waive label is success, naming the label, the run', (mode) => {
    expect(statusFor(facts(mode, 'skipped', { skip: 'waived', waivedBy: 'no-docs' }))).toEqual({
      state: 'success',
      description: 'Waived: the pull request carries the label no-docs',
      targetUrl: RUN_URL,
    });
  });

  const FAILURES: ReadonlyArray<readonly [Outcome, RegExp]> = [
    ['failed', /agent failed; re-run the workflow/],
    ['archived', /job was archived; re-run the workflow/],
    ['timed-out', /still running at the step's timeout; a re-run attaches to it/],
    ['error', /stopped on an error; re-run the workflow/],
  ];
  for (const mode of MODES) {
    it.each(FAILURES)(`${mode}: %s is failure, saying what happened and that a re-run or the label clears it, the run`, (outcome, says) => {
      const status = statusFor(facts(mode, outcome));
      expect(status).toEqual({ state: 'failure', description: expect.stringMatching(says), targetUrl: RUN_URL });
      expect(status!.description).toMatch(/add the label no-docs to waive it$/);
    });
  }

  it.each(MODES)('%s: cancelled is error: the job may still run, a re-run attaches; the run', (mode) => {
    expect(statusFor(facts(mode, 'cancelled'))).toEqual({
      state: 'error',
      description: 'Cancelled: the documentation job may still run; a re-run attaches to it',
      targetUrl: RUN_URL,
    });
  });

  it.each(MODES)('%s: a documentation PR closed unmerged by someone else is failure, linking it', (mode) => {
    for (const outcome of ['pr-opened', 'synced'] as const) {
      expect(statusFor(facts(mode, outcome, { docsPr: docsPr('closed-by-someone') }))).toEqual({
        state: 'failure',
        description: 'The documentation PR acme-sim/docs#5 was closed without merging',
        targetUrl: DOCS_PR_URL,
      });
    }
  });

  it('the decisions already made: a fork’s skipped PR is failure, the action’s own documentation PR success, a dry run none', () => {
    for (const mode of MODES) {
      expect(statusFor(facts(mode, 'skipped', { skip: 'fork' }))).toEqual({
        state: 'failure',
        description: expect.stringMatching(/fork .*add the label no-docs to waive it$/),
        targetUrl: RUN_URL,
      });
      expect(statusFor(facts(mode, 'skipped', { skip: 'own-docs-pr' }))).toMatchObject({ state: 'success', targetUrl: RUN_URL });
      expect(statusFor(facts(mode, 'dry-run'))).toBeUndefined();
      expect(statusFor(facts(mode, 'dry-run', { waivedBy: 'no-docs', working: true }))).toBeUndefined();
    }
  });

  it('a documentation PR the action closed with its code PR is success, linking it', () => {
    for (const mode of MODES) {
      expect(statusFor(facts(mode, 'synced', { docsPr: docsPr('closed-by-action') }))).toMatchObject({ state: 'success', targetUrl: DOCS_PR_URL });
    }
  });
});

describe('the order of the rows', () => {
  const EVERY_DOCS_PR: ReadonlyArray<GateDocsPr | undefined> = [
    undefined,
    docsPr('open'),
    docsPr('approved'),
    docsPr('merged'),
    docsPr('closed-by-action'),
    docsPr('closed-by-someone'),
  ];
  const OUTCOMES_BUT_DRY_RUN = OUTCOMES.filter((outcome) => outcome !== 'dry-run');

  it('a waiver wins over everything: whatever the outcome, the job at work or the documentation PR', () => {
    for (const mode of MODES) {
      for (const outcome of OUTCOMES_BUT_DRY_RUN) {
        for (const pr of EVERY_DOCS_PR) {
          for (const working of [false, true]) {
            expect(statusFor(facts(mode, outcome, { waivedBy: 'no-docs', docsPr: pr, working }))).toEqual({
              state: 'success',
              description: 'Waived: the pull request carries the label no-docs',
              targetUrl: RUN_URL,
            });
          }
        }
      }
    }
  });

  it('a documentation PR closed by someone else wins over every outcome', () => {
    for (const mode of MODES) {
      for (const outcome of OUTCOMES_BUT_DRY_RUN) {
        expect(statusFor(facts(mode, outcome, { docsPr: docsPr('closed-by-someone') }))).toMatchObject({ state: 'failure', targetUrl: DOCS_PR_URL });
      }
    }
  });
});

/** Text from outside and inputs as hostile as they come: line breaks, invisible characters, an HTML comment, workflow commands. */
const HOSTILE_PIECES = [
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u2029',
  '\u0085',
  '\t',
  '\u0000',
  '\u001b[31m',
  '\u200b',
  '\u202e',
  '\u2066',
  '\u00ad',
  '\ufeff',
  '\u{e0041}',
  '<!--',
  '-->',
  '::error::',
  '::set-output name=x::',
  '##[error]',
  '%0A',
  '`',
  '|',
  '*',
  '@org/team',
  '#12',
  '😀',
  'é',
  ' ',
  '  ',
];
const hostileText = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength })
    .map((parts) => parts.join(''));

const docsPrArb: fc.Arbitrary<GateDocsPr> = fc.record({
  name: hostileText(60),
  url: fc.constant(DOCS_PR_URL),
  previewUrl: fc.option(fc.constant(PREVIEW_URL), { nil: undefined }),
  standing: fc.constantFrom('open', 'approved', 'merged', 'closed-by-action', 'closed-by-someone' as const),
});

const factsArb: fc.Arbitrary<GateFacts> = fc.record(
  {
    mode: fc.constantFrom<GateMode>('written', 'approved'),
    waiveLabel: hostileText(80),
    waivedBy: fc.option(hostileText(80), { nil: undefined }),
    working: fc.boolean(),
    outcome: fc.constantFrom(...OUTCOMES),
    skip: fc.option(fc.constantFrom<SkipKind>('fork', 'own-docs-pr', 'filtered', 'no-change', 'covered', 'waived'), { nil: undefined }),
    docsPr: fc.option(docsPrArb, { nil: undefined }),
    runUrl: fc.constant(RUN_URL),
  },
  { requiredKeys: ['mode', 'waiveLabel', 'outcome', 'runUrl'] },
);

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('descriptions: GitHub’s 140 characters, on one line, whatever the facts', () => {
  it('every status: a state of GitHub’s four, a description of at most 140 characters on one line, nothing invisible, a link of the run or the documentation PR', () => {
    fc.assert(
      fc.property(factsArb, (given) => {
        const status = gateStatus(given);
        if (given.outcome === 'dry-run') return status === undefined;
        expect(status).toBeDefined();
        const { state, description, targetUrl } = status!;
        expect(GATE_STATES).toContain(state);
        expect(description.length).toBeGreaterThan(0);
        // GitHub counts characters; JavaScript's length counts UTF-16 units, never fewer.
        expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
        expect([...description].length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
        expect(description).not.toMatch(LINE_BREAKS_AND_CONTROLS);
        expect(description).not.toMatch(INVISIBLE);
        expect(description).toBe(description.trim());
        expect(description).not.toMatch(/\s{2}/);
        // A lone surrogate is no character: a cut never splits a pair.
        expect(description).not.toMatch(LONE_SURROGATE);
        expect([RUN_URL, DOCS_PR_URL, PREVIEW_URL]).toContain(targetUrl);
        return true;
      }),
      { numRuns: 300, seed: 20261125 },
    );
  });

  it('a description cut to 140 characters says so with an ellipsis', () => {
    const status = gateStatus(facts('written', 'pr-opened', { docsPr: docsPr('open', { name: `acme-sim/${'d'.repeat(200)}#5` }) }));
    expect(status!.description).toHaveLength(DESCRIPTION_MAX_CHARS);
    expect(status!.description.endsWith('…')).toBe(true);
  });

  it('the gate line of the code PR’s comment renders as plain text: no markup, no mention, no reference GitHub would link', () => {
    fc.assert(
      fc.property(factsArb, (given) => {
        const status = gateStatus(given);
        if (!status) return true;
        const line = renderGateLine(status);
        expect(line.split('\n')).toHaveLength(1);
        // No markup of any kind, and nothing GitHub's filters would link (a mention, an issue
        // reference), whatever the label and the documentation PR's name spell: names are code.
        expect(renderProblems(line, {})).toEqual([]);
        return true;
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  // `owner/name#number` as text is an issue reference GitHub links (and so cross-references the
  // documentation PR from the code PR's comment on every write): the name is code, as everywhere.
  it('the gate line names the documentation PR without an issue reference GitHub would link', () => {
    const status = gateStatus(facts('approved', 'pr-opened', { docsPr: docsPr('open') }))!;
    expect(renderProblems(renderGateLine(status), {})).toEqual([]);
  });
});
