/**
 * The documentation gate's promise, over generated paths a run can take on a pull-request event:
 * the run leaves a `documentation` status on the commit it worked on (the event's head, in the
 * workflow's repository), in the state the contract's table gives its outcome, or exactly one
 * warning saying why it could not; and never a status on any other commit or repository.
 *
 * A path is the event (opened, synchronize, reopened, labeled with the waiver or another label,
 * closed merged or not), a fork's or not, the pull request's labels, the job's script (a PR, no
 * PR, failed, archived, never ending so the step times out), a diff whose files the filters all
 * leave out or not, follow-code-pr on or off, the mode (written, approved), what the workflow's
 * token may do with statuses (write, a fork's read-only token, no `statuses: write`, a 5xx once)
 * and a cancellation (SIGINT at the first, second or third pause) or none. Each run has an API
 * simulator and a fake GitHub of its own, with fake time.
 *
 * Outside: a dry run (it writes no status, by design) and a bad input (the step never starts;
 * test/steps/sync.test.ts and test/inputs.test.ts hold those). fast-check's seed is fixed, so a
 * failure replays; it prints the shrunk path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { scripts, type JobScript } from '../simulator/index.js';
import { fileDiff } from '../support/fake-github.js';
import { startFlows, type FlowResult } from '../support/in-process.js';
import { sealedRecord } from '../support/records.js';
import { pullRequestEvent, type PullRequestEventOptions } from '../support/webhook-events.js';

const CODE = 'acme/widgets';
const DOCS = 'acme-sim/docs';
const DOCS_TOKEN = 'ghs_docsInstallationToken77';
const CODE_PR = 12;
const HEAD = 'e'.repeat(40);
/** The head an earlier run recorded: no status may land there either. */
const EARLIER_HEAD = 'a'.repeat(40);
const BRANCH = 'docs/retries';
/** The documentation PR the first job of a fresh simulator reports, and the one an earlier run recorded. */
const REPORTED_DOCS_PR = 100;
const RECORDED_DOCS_PR = 90;

const SCRIPTS = ['pr', 'no-pr', 'failed', 'archived', 'never'] as const;

interface Path {
  readonly action: 'opened' | 'synchronize' | 'reopened' | 'labeled-waiver' | 'labeled-other' | 'closed-merged' | 'closed-unmerged';
  readonly fork: boolean;
  readonly labels: readonly string[];
  readonly script: (typeof SCRIPTS)[number];
  readonly filtered: boolean;
  readonly followCodePr: boolean;
  readonly mode: 'written' | 'approved';
  /** What the workflow's token may do with statuses: write; a fork's read-only token; no `statuses: write`; write, but GitHub answers one 5xx. */
  readonly permission: 'write' | 'read-only' | 'no-statuses' | '5xx';
  /** SIGINT at this pause of the flow (a poll's wait); none when undefined. */
  readonly cancelAt: number | undefined;
  /** An earlier run's comment records a job and a documentation PR. */
  readonly recorded: boolean;
}

/** Each value with its weight: the skips (a fork, a waiver, a diff all left out) would otherwise leave few runs with a job. */
const weighted = <T>(...choices: ReadonlyArray<readonly [T, number]>): fc.Arbitrary<T> =>
  fc.oneof(...choices.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

/** Without fast-check's bias towards the first and last choices, so that the weights hold. */
const pathArb: fc.Arbitrary<Path> = fc.noBias(
  fc.record({
    action: weighted<Path['action']>(
      ['opened', 3],
      ['synchronize', 3],
      ['reopened', 2],
      ['labeled-waiver', 1],
      ['labeled-other', 1],
      ['closed-merged', 1],
      ['closed-unmerged', 1],
    ),
    fork: weighted([false, 4], [true, 1]),
    labels: weighted<readonly string[]>([[], 3], [['bug'], 2], [['bug', 'No-Docs'], 1], [['no-docs'], 1]),
    script: fc.constantFrom(...SCRIPTS),
    filtered: weighted([false, 3], [true, 1]),
    followCodePr: fc.boolean(),
    mode: fc.constantFrom('written' as const, 'approved' as const),
    // A 5xx costs the retry plugin's second of real time: fewer of those.
    permission: weighted<Path['permission']>(['write', 6], ['read-only', 1], ['no-statuses', 1], ['5xx', 1]),
    cancelAt: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }),
    recorded: fc.boolean(),
  }),
);

/** Two polls before a job ends: a cancellation at the first or second pause catches it at work. */
const JOB_SCRIPTS: Record<Path['script'], JobScript> = {
  pr: [
    { status: 'active', polls: 2, ref: BRANCH },
    { status: 'completed', prLink: true },
  ],
  'no-pr': scripts.noPrAfter(2),
  failed: scripts.failAfter(2),
  archived: scripts.archivedAfter(2),
  never: scripts.stayActive(),
};

function eventOf(path: Path): PullRequestEventOptions {
  const base = { headSha: HEAD, fork: path.fork, labels: path.labels };
  switch (path.action) {
    case 'labeled-waiver':
      return { ...base, action: 'labeled', label: 'no-docs' };
    case 'labeled-other':
      return { ...base, action: 'labeled', label: 'documentation' };
    case 'closed-merged':
      return { ...base, action: 'closed', merged: true };
    case 'closed-unmerged':
      return { ...base, action: 'closed', merged: false };
    default:
      return { ...base, action: path.action };
  }
}

/** The state the contract's table gives the run's outcome (and the waiver, the fork). */
function expectedState(path: Path, outcome: string | undefined): string | undefined {
  switch (outcome) {
    case 'cancelled':
      return 'error';
    case 'failed':
    case 'archived':
    case 'timed-out':
    case 'error':
      return 'failure';
    case 'no-pr':
      return 'success';
    case 'synced':
      // A closed code PR's run (follow-code-pr): the recorded documentation PR closed with it, or,
      // merged, left open and told; `approved` then waits for its approval like a job's PR.
      return path.recorded && path.action === 'closed-merged' && path.mode === 'approved' ? 'pending' : 'success';
    case 'skipped': {
      const waived = path.action === 'labeled-waiver' || path.labels.some((label) => label.toLowerCase() === 'no-docs');
      return path.fork && !waived ? 'failure' : 'success';
    }
    case 'pr-opened':
      // No review approves the documentation PR the job opened.
      return path.mode === 'written' ? 'success' : 'pending';
    default:
      return undefined;
  }
}

const statusWarning = (line: string): boolean => line.startsWith('Could not set the documentation status');

/** Runs one path with its own simulator and fake GitHub; answers what the run left. */
async function runPath(
  path: Path,
): Promise<{ result: FlowResult; statuses: Array<{ repository: string; sha: string; state: string; context: string }>; violations: string[] }> {
  const flows = await startFlows({ github: true, simulator: { defaultJobScript: JOB_SCRIPTS[path.script] } });
  try {
    const github = flows.github!;
    const docs = github.addRepository(DOCS);
    github.tokens.set(DOCS_TOKEN, { login: 'docs-writer[bot]', repositories: { [DOCS]: { pullRequests: 'write', contents: 'write' } } });
    for (const number of [RECORDED_DOCS_PR, REPORTED_DOCS_PR]) {
      docs.pulls.set(number, { title: 'Document retries', state: 'open', draft: true, merged: false, headRef: BRANCH });
    }
    const src = fileDiff('src/cli.ts', ['export const retries = 4;']);
    const leftOut = `${fileDiff('package-lock.json', ['{}'])}\n${fileDiff('dist/index.js', ['x'])}`;
    github.pulls.set(CODE_PR, { diff: path.filtered ? leftOut : src, files: [], commits: [] });
    if (path.recorded) {
      const docsPr = { repository: DOCS, number: RECORDED_DOCS_PR, headRef: BRANCH, closedByAction: false };
      github.comments.push({
        id: 500,
        issue_url: `${github.url}/repos/${CODE}/issues/${CODE_PR}`,
        body: `${COMMENT_MARKER}\nearlier\n${sealedRecord({ jobId: 'job_earlier', headSha: EARLIER_HEAD, docsPr }, CODE_PR)}`,
        user: { login: 'github-actions[bot]', type: 'Bot' },
        author_association: 'MEMBER',
      });
    }
    if (path.permission === 'read-only') github.workflowToken = { readOnly: true };
    if (path.permission === 'no-statuses') github.workflowToken = { statuses: 'read' };
    if (path.permission === '5xx') github.injectFault({ call: 'set-status', kind: 'status', status: 502 });
    const result = await flows.run(
      {
        'docs-status': path.mode,
        'pr-comment': 'true',
        'follow-code-pr': String(path.followCodePr),
        'docs-token': DOCS_TOKEN,
        diff: 'auto',
        timeout: '2m',
        'request-timeout': '5s',
      },
      {
        event: { name: 'pull_request', payload: pullRequestEvent(CODE_PR, eventOf(path)) },
        env: { GITHUB_RUN_ID: '4242' },
        onPause: (flow) => {
          if (flow.count === path.cancelAt) flow.cancel();
        },
      },
    );
    return { result, statuses: [...github.statuses], violations: await github.takeViolations() };
  } finally {
    await flows.close();
  }
}

describe('the gate’s promise over the paths of a pull-request run', () => {
  it('a documentation status on the event’s head in the state its outcome gives, or exactly one warning why not; never a status elsewhere', async () => {
    const covered = new Set<string>();
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(pathArb, async (path) => {
        const { result, statuses, violations } = await runPath(path);
        expect(violations).toEqual([]);
        const outcome = result.outputs.outcome;
        covered.add(JSON.stringify(path));
        outcomes.add(outcome ?? '');
        // Never a status on another commit, in another repository, or of another context.
        expect(statuses.filter((status) => status.sha !== HEAD || status.repository !== CODE || status.context !== 'documentation')).toEqual([]);
        const warnings = result.log.messages('warning').filter(statusWarning);
        expect(warnings.length).toBeLessThanOrEqual(1);
        if (path.permission === 'read-only' || path.permission === 'no-statuses') {
          expect(warnings).toEqual([expect.stringMatching(/GitHub answered 403 .*statuses: write/)]);
          expect(statuses).toEqual([]);
          expect(result.outputs['docs-status-state']).toBeUndefined();
          return;
        }
        if (warnings.length === 1) {
          // Only a 5xx after a cancellation goes unretried (the status's own client of 1.5 s sends once).
          expect(path.permission).toBe('5xx');
          expect(result.outputs.outcome).toBe('cancelled');
          return;
        }
        const last = statuses.at(-1);
        expect(last, `no status and no warning for ${JSON.stringify(path)} (outcome ${outcome})`).toBeDefined();
        expect(last!.state).toBe(expectedState(path, outcome));
        expect(result.outputs['docs-status-state']).toBe(last!.state);
      }),
      { numRuns: 45, seed: 191, endOnFailure: true },
    );
    // The seed is fixed: these runs are distinct paths, and they reach every outcome a pull-request run can have here.
    expect(covered.size).toBe(45);
    expect([...outcomes].sort()).toEqual(['archived', 'cancelled', 'failed', 'no-pr', 'pr-opened', 'skipped', 'synced', 'timed-out']);
  }, 120_000);
});
