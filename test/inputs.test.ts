import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputName } from '../src/constants.js';
import type { EventPayload, TriggerEvent } from '../src/event.js';
import { INPUT_DEFAULTS, InputError, parseSettings, readSettings, type InputReader, type ParsedSettings, type SettingsContext } from '../src/inputs.js';
import type { AgentSettings, RefreshSettings, VisitorsSettings } from '../src/settings.js';
import { AWKWARD_JOB_IDS, invalidJobId, validJobId } from './support/job-ids.js';
import { thrown } from './support/thrown.js';
import { pullRequestEvent, pullRequestReviewEvent, pushEvent, releaseEvent, scheduleEvent, workflowDispatchEvent } from './support/webhook-events.js';

/** 2026-11-22T15:30:00Z. */
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const KEY = 'mint_S3CRETKEY0123456789';

type Inputs = Partial<Record<InputName, string>>;

interface EventSpec {
  readonly name: string;
  readonly payload?: EventPayload;
  readonly actor?: string;
}

// Payloads as GitHub sends them (test/support/webhook-events.ts, held to GitHub's description).
const DISPATCH: EventSpec = workflowDispatchEvent();
const SCHEDULE: EventSpec = scheduleEvent();
const PUSH: EventSpec = pushEvent('1'.repeat(40), '2'.repeat(40));
const SAME_REPO_PR: EventSpec = { name: 'pull_request', payload: pullRequestEvent(7, { repository: 'acme/app' }) };
const FORK_PR: EventSpec = { name: 'pull_request', payload: pullRequestEvent(7, { repository: 'acme/app', fork: true }) };
const DEPENDABOT_PR: EventSpec = { ...SAME_REPO_PR, actor: 'dependabot[bot]' };
/** A documentation PR's own event, where command: sync runs. */
const DOCS_PR_CLOSED: EventSpec = { name: 'pull_request', payload: pullRequestEvent(9, { repository: 'acme/app', action: 'closed' }) };

function contextFor(event: EventSpec = DISPATCH, env: NodeJS.ProcessEnv = {}): SettingsContext {
  const triggerEvent: TriggerEvent = { name: event.name, payload: event.payload ?? {}, actor: event.actor ?? 'octocat' };
  return { event: triggerEvent, nowMs: NOW, env: { RUNNER_TEMP: '/tmp/rt', ...env } };
}

/** A reader over a plain object: a name that is not a key is absent (undefined), like a local run. */
function readerOf(values: Inputs): InputReader {
  return (name) => (Object.hasOwn(values, name) ? values[name] : undefined);
}

/** The inputs every case starts from: enough for each command to succeed. */
function baseInputs(command: 'agent' | 'visitors' | 'refresh' | 'sync'): Inputs {
  return command === 'agent'
    ? { 'api-key': KEY, 'project-id': 'proj_123', prompt: 'Document the new flag.' }
    : { 'api-key': KEY, 'project-id': 'proj_123', command };
}

function parse(values: Inputs, event: EventSpec = DISPATCH, env: NodeJS.ProcessEnv = {}): ParsedSettings {
  return parseSettings(readerOf(values), contextFor(event, env));
}

function agent(values: Inputs = {}, event: EventSpec = DISPATCH, env: NodeJS.ProcessEnv = {}): ParsedSettings & { settings: AgentSettings } {
  const parsed = parse({ ...baseInputs('agent'), ...values }, event, env);
  if (parsed.settings.command !== 'agent') throw new Error('expected agent settings');
  return parsed as ParsedSettings & { settings: AgentSettings };
}

function visitors(values: Inputs = {}, event: EventSpec = DISPATCH, env: NodeJS.ProcessEnv = {}): ParsedSettings & { settings: VisitorsSettings } {
  const parsed = parse({ ...baseInputs('visitors'), ...values }, event, env);
  if (parsed.settings.command !== 'visitors') throw new Error('expected visitors settings');
  return parsed as ParsedSettings & { settings: VisitorsSettings };
}

function refresh(values: Inputs = {}, event: EventSpec = SCHEDULE): ParsedSettings & { settings: RefreshSettings } {
  const parsed = parse({ 'api-key': KEY, 'project-id': 'proj_123', command: 'refresh', ...values }, event);
  if (parsed.settings.command !== 'refresh') throw new Error('expected refresh settings');
  return parsed as ParsedSettings & { settings: RefreshSettings };
}

const inputErrorOf = (fn: () => unknown): InputError => thrown(InputError, fn);

interface BadCase {
  /** The input the error must name. */
  readonly input: InputName;
  /** Its value in this case. */
  readonly value: string;
  readonly command?: 'agent' | 'visitors' | 'refresh' | 'sync';
  /** Other inputs set for the case. */
  readonly extra?: Inputs;
  readonly event?: EventSpec;
  /**
   * False when the message does not echo the value as a JSON string: the api key (never shown),
   * an empty required input, and the rules that relate two inputs or the event.
   */
  readonly shown?: false;
  /** What else the message must say. */
  readonly says?: RegExp;
}

const LONG_ID = 'x'.repeat(129);

const BAD_CASES: readonly BadCase[] = [
  // api-key: required, one line, never echoed.
  { input: 'api-key', value: '', shown: false, says: /required and empty/ },
  { input: 'api-key', value: '', event: FORK_PR, shown: false, says: /withholds secrets .*pull requests from forks/ },
  { input: 'api-key', value: '', event: DEPENDABOT_PR, shown: false, says: /Dependabot/ },
  { input: 'api-key', value: 'mint_S3CRETNEWLINE\nrest', shown: false, says: /line breaks/ },
  { input: 'api-key', value: 'mint_S3CRETSPACE rest', shown: false, says: /spaces/ },
  { input: 'api-key', value: 'mint_S3CRETTAB\trest', shown: false },
  { input: 'api-key', value: 'mint_S3CRETUNICODEé', shown: false, says: /non-ASCII/ },
  { input: 'api-key', value: 'Bearer mint_S3CRETBEARER', shown: false },
  // previous-api-key: never echoed, for agent and sync alike.
  { input: 'previous-api-key', value: 'mint_S3CRETOLD rest', shown: false, says: /spaces, line breaks or non-ASCII characters: pass the key alone/ },
  { input: 'previous-api-key', value: 'mint_S3CRETOLD\nrest', command: 'sync', event: DOCS_PR_CLOSED, shown: false, says: /line breaks/ },
  // project-id
  { input: 'project-id', value: '', shown: false, says: /required and empty/ },
  { input: 'project-id', value: '../x' },
  { input: 'project-id', value: 'a/b' },
  { input: 'project-id', value: 'a b' },
  { input: 'project-id', value: 'é' },
  { input: 'project-id', value: 'https://dashboard.mintlify.com/proj_123' },
  { input: 'project-id', value: LONG_ID },
  { input: 'project-id', value: '../x', command: 'visitors' },
  // command
  { input: 'command', value: 'agents', says: /agent, visitors/ },
  { input: 'command', value: 'deploy' },
  { input: 'command', value: '' },
  // base-url
  { input: 'base-url', value: 'http://api.mintlify.com' },
  { input: 'base-url', value: 'http://example.com' },
  { input: 'base-url', value: 'http://10.0.0.1' },
  { input: 'base-url', value: 'http://192.168.1.1:8080' },
  { input: 'base-url', value: 'ftp://api.mintlify.com' },
  { input: 'base-url', value: 'https://api.mintlify.com/?x=1' },
  { input: 'base-url', value: 'https://api.mintlify.com/#top' },
  { input: 'base-url', value: 'https://user:pw@api.mintlify.com' },
  { input: 'base-url', value: 'api.mintlify.com' },
  { input: 'base-url', value: 'http://example.com', command: 'visitors' },
  // request-timeout, timeout, poll-interval, poll-interval-max
  { input: 'request-timeout', value: '0' },
  { input: 'request-timeout', value: '30x' },
  { input: 'request-timeout', value: '' },
  { input: 'timeout', value: '-5s' },
  { input: 'timeout', value: '1m1h' },
  { input: 'timeout', value: 'abc', command: 'visitors' },
  { input: 'poll-interval', value: '0' },
  { input: 'poll-interval', value: '5 s' },
  { input: 'poll-interval-max', value: '10x' },
  { input: 'poll-interval-max', value: '2s', extra: { 'poll-interval': '5s' }, says: /no shorter than poll-interval/ },
  { input: 'poll-interval-max', value: '20s', extra: { 'poll-interval': '1m' } },
  // retries
  { input: 'retries', value: '-1', says: /0 to 10/ },
  { input: 'retries', value: '11', says: /0 to 10/ },
  { input: 'retries', value: 'abc' },
  { input: 'retries', value: '1.5' },
  // booleans
  { input: 'dry-run', value: 'yes', says: /true or false/ },
  { input: 'dry-run', value: '1', command: 'visitors' },
  { input: 'wait', value: 'no' },
  { input: 'allow-forks', value: 'on' },
  { input: 'pr-comment', value: 'maybe' },
  { input: 'reuse-job', value: 'y' },
  { input: 'preview', value: 'yes', says: /true or false/ },
  { input: 'preview', value: '1', command: 'refresh' },
  { input: 'compare-previous', value: 'yes', command: 'visitors' },
  // job-id: 1–256 characters, no control or invisible character, not a dot segment
  { input: 'job-id', value: '..', says: /1 to 256 characters/ },
  { input: 'job-id', value: '.' },
  { input: 'job-id', value: 'j'.repeat(257) },
  // diff, and the rules about what there is to send
  { input: 'diff', value: 'yes', says: /auto, true, false/ },
  { input: 'diff', value: 'always' },
  { input: 'diff', value: 'true', event: SCHEDULE, says: /"schedule" has no diff/ },
  { input: 'diff', value: 'TRUE', event: DISPATCH, shown: false, says: /has no diff/ },
  { input: 'prompt', value: '', event: SCHEDULE, shown: false, says: /nothing else to send/ },
  { input: 'prompt', value: '', extra: { diff: 'false' }, event: SAME_REPO_PR, shown: false },
  // diff-include, diff-exclude: a "!" with no glob after it
  { input: 'diff-include', value: 'src/**\n!', says: /a lone "!" names no path/ },
  { input: 'diff-exclude', value: 'dist/**, !' },
  // diff-max-chars
  { input: 'diff-max-chars', value: '999', says: /1000 to 1000000/ },
  { input: 'diff-max-chars', value: '1000001' },
  { input: 'diff-max-chars', value: '60k' },
  // fail-on
  { input: 'fail-on', value: 'failed,oops', says: /timed-out/ },
  { input: 'fail-on', value: 'timeout' },
  { input: 'fail-on', value: 'failed;timed-out' },
  // date-from, date-to
  { input: 'date-from', value: 'yesterday', command: 'visitors' },
  { input: 'date-from', value: '2026-02-30', command: 'visitors' },
  { input: 'date-from', value: '-7', command: 'visitors' },
  { input: 'date-to', value: '2026-13-01', command: 'visitors' },
  { input: 'date-to', value: 'tomorrow', command: 'visitors' },
  { input: 'date-to', value: '2026-11-01T10:00:00', command: 'visitors' },
  {
    input: 'date-from',
    value: '2026-11-01',
    command: 'visitors',
    extra: { 'date-to': '2026-11-01' },
    shown: false,
    says: /must be before "date-to"/,
  },
  {
    input: 'date-from',
    value: '2026-11-10',
    command: 'visitors',
    extra: { 'date-to': '2026-11-01' },
    shown: false,
    says: /\(2026-11-10\).*\(2026-11-01\)/,
  },
  { input: 'date-from', value: 'today', command: 'visitors', shown: false, says: /must be before/ },
  {
    input: 'date-from',
    value: '2026-11-01T12:00:00Z',
    command: 'visitors',
    extra: { 'date-to': '2026-11-01T13:00:00+02:00' },
    shown: false,
  },
  // compare-previous needs both dates
  {
    input: 'compare-previous',
    value: 'true',
    command: 'visitors',
    extra: { 'date-from': '' },
    shown: false,
    says: /"date-from" or "date-to" is empty/,
  },
  { input: 'compare-previous', value: 'true', command: 'visitors', extra: { 'date-to': '' }, shown: false },
  // page-size, offset, max-rows, concurrency, summary-rows
  { input: 'page-size', value: '0', command: 'visitors', says: /1 to 250/ },
  { input: 'page-size', value: '251', command: 'visitors' },
  { input: 'page-size', value: 'abc', command: 'visitors' },
  { input: 'offset', value: '-1', command: 'visitors', says: /0 or more/ },
  { input: 'offset', value: '1e3', command: 'visitors' },
  { input: 'max-rows', value: '-1', command: 'visitors' },
  { input: 'max-rows', value: '0x10', command: 'visitors' },
  { input: 'concurrency', value: '0', command: 'visitors', says: /1 to 16/ },
  { input: 'concurrency', value: '17', command: 'visitors' },
  { input: 'summary-rows', value: '-1', command: 'visitors', says: /0 to 1000/ },
  { input: 'summary-rows', value: '1001', command: 'visitors' },
  // artifact-name
  { input: 'artifact-name', value: 'reports/visitors', command: 'visitors' },
  { input: 'artifact-name', value: 'visitors:2026', command: 'visitors' },
  { input: 'artifact-name', value: 'a"b', command: 'visitors' },
  { input: 'artifact-name', value: 'x'.repeat(201), command: 'visitors' },
  // refresh-signals, refresh-pages, refresh-searches
  { input: 'refresh-signals', value: 'likes', command: 'refresh', says: /visitors, feedback, searches/ },
  { input: 'refresh-signals', value: '', command: 'refresh' },
  { input: 'refresh-pages', value: '0', command: 'refresh', says: /1 to 50/ },
  { input: 'refresh-pages', value: '51', command: 'refresh' },
  { input: 'refresh-searches', value: 'ten', command: 'refresh' },
  // docs-token: never echoed; follow-code-pr: a boolean.
  { input: 'docs-token', value: 'ghs_S3CRETDOCS rest', shown: false, says: /spaces/ },
  { input: 'docs-token', value: 'ghs_S3CRETDOCS\nrest', shown: false, says: /line breaks/ },
  { input: 'follow-code-pr', value: 'yes', extra: { 'pr-comment': 'true' } },
  // docs-status: one of the list; waive-label: a label; code-token: never echoed.
  { input: 'docs-status', value: 'yes', says: /false, written, approved/ },
  { input: 'waive-label', value: '', extra: { 'docs-status': 'written' } },
  { input: 'waive-label', value: 'x'.repeat(51), says: /1 to 50 characters/ },
  // reader-impact: a boolean.
  { input: 'reader-impact', value: 'maybe', extra: { 'pr-comment': 'true' } },
  { input: 'code-token', value: 'ghs_S3CRETCODE rest', command: 'sync', event: DOCS_PR_CLOSED, shown: false, says: /spaces/ },
  // review-loop: a boolean; review-loop-max: 1 to 20 (what a back-link records).
  { input: 'review-loop', value: 'sometimes', command: 'sync', event: DOCS_PR_CLOSED },
  { input: 'review-loop-max', value: '0', command: 'sync', event: DOCS_PR_CLOSED, says: /1 to 20/ },
  { input: 'review-loop-max', value: '21', command: 'sync', event: DOCS_PR_CLOSED, says: /1 to 20/ },
  // command: sync on an event that is not a documentation PR's own.
  { input: 'command', value: 'sync', event: PUSH, shown: false, says: /sync runs on a documentation PR's own events/ },
  { input: 'docs-publish', value: 'on-tag', says: /expected one of on-merge, on-release/ },
  { input: 'release-tag', value: 'v1..2', extra: { command: 'release', prompt: '' }, says: /a tag name as Git allows it/ },
  { input: 'docs-repository', value: 'acme', extra: { command: 'release', prompt: '' }, says: /owner\/name/ },
];

describe('parseSettings: bad values', () => {
  it('covers every validated input with at least one bad value', () => {
    const validated = Object.keys(INPUT_DEFAULTS).filter((name) => !['github-token', 'output-dir'].includes(name));
    const covered = new Set(BAD_CASES.map((row) => row.input));
    expect(validated.filter((name) => !covered.has(name as InputName))).toEqual([]);
    expect(BAD_CASES.length).toBeGreaterThanOrEqual(45);
  });

  const rows = BAD_CASES.map((row) => ({ command: 'agent' as const, ...row, on: (row.event ?? DISPATCH).name }));

  it.each(rows)('[$command, $on] $input = $value is refused', ({ input, value, command, extra, event, shown, says }) => {
    const values: Inputs = { ...baseInputs(command), ...extra, [input]: value };
    const error = inputErrorOf(() => parse(values, event ?? DISPATCH));
    expect(error.name).toBe('InputError');
    expect(error.input).toBe(input);
    expect(error.message).toContain(`"${input}"`);
    expect(error.message).not.toMatch(/[\r\n]/);
    // The key, whichever it is in this case, is never in the message.
    const key = values['api-key'] ?? '';
    if (key) expect(error.message).not.toContain(key);
    expect(error.message).not.toContain('S3CRET');
    if (shown !== false) {
      // Long values are cut to 80 characters; the start is still shown, JSON-quoted.
      const quoted = value.length > 80 ? JSON.stringify(value.slice(0, 80)).slice(0, -1) : JSON.stringify(value);
      expect(error.message).toContain(quoted);
    }
    if (says) expect(error.message).toMatch(says);
  });

  it('shows a control character in a value escaped, keeping the message on one line', () => {
    const error = inputErrorOf(() => agent({ 'job-id': 'job\n::set-output name=x::y' }));
    expect(error.message).toContain('"job\\n::set-output name=x::y"');
    expect(error.message).not.toContain('\n');
  });

  it('shows a character that renders as nothing in a value as its escape: it may be what is wrong', () => {
    const error = inputErrorOf(() => agent({ 'job-id': 'job_1\u200b\u{e0041}' }));
    expect(error.message).toContain('"job_1\\u{200b}\\u{e0041}"');
    expect(error.message).not.toMatch(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/u);
  });

  it('reads the prompt without what renders as nothing: the agent reads no more than the log and summary show', () => {
    const hidden = '\u{e0001}\u{e0041}\u{e0070}\u{e0070}\u{e0072}\u{e006f}\u{e0076}\u{e0065}\u{e007f}';
    expect(agent({ prompt: `Document the\u200b change.${hidden}\ufe0f` }).settings.prompt).toBe('Document the change.');
    expect(refresh({ prompt: `Focus on the API.${hidden}` }).settings.prompt).toBe('Focus on the API.');
    // A prompt of nothing but such characters is no prompt.
    expect(inputErrorOf(() => agent({ prompt: hidden })).input).toBe('prompt');
  });

  it('checks the key before anything else, so a bad key is reported even with other bad inputs', () => {
    const error = inputErrorOf(() => agent({ 'api-key': '', 'page-size': '0', retries: '99' }));
    expect(error.input).toBe('api-key');
  });

  it('does not blame forks for an empty key on a same-repository pull request', () => {
    const error = inputErrorOf(() => agent({ 'api-key': '' }, SAME_REPO_PR));
    expect(error.message).not.toMatch(/fork/);
    expect(error.message).toMatch(/required and empty/);
  });

  it('treats a pull request from a deleted head repository as a fork', () => {
    const deleted: EventSpec = { name: 'pull_request', payload: pullRequestEvent(7, { repository: 'acme/app', headRepoDeleted: true }) };
    expect(inputErrorOf(() => agent({ 'api-key': '' }, deleted)).message).toMatch(/forks/);
  });
});

describe('parseSettings: defaults', () => {
  /** What every command's settings hold when only the required inputs are given. */
  const COMMON_DEFAULTS = {
    apiKey: KEY,
    previousApiKey: '',
    projectId: 'proj_123',
    baseUrl: 'https://api.mintlify.com',
    githubToken: '',
    requestTimeoutMs: 30_000,
    retries: 4,
    dryRun: false,
    timeoutMs: 1_800_000,
  };

  it('applies the agent defaults when inputs are absent', () => {
    const { settings, warnings } = parse(baseInputs('agent'));
    expect(warnings).toEqual([]);
    expect(settings).toEqual({
      command: 'agent',
      ...COMMON_DEFAULTS,
      prompt: 'Document the new flag.',
      jobId: undefined,
      diff: 'auto',
      diffInclude: [],
      diffExclude: [],
      diffMaxChars: 60_000,
      allowForks: false,
      wait: true,
      pollIntervalMs: 5_000,
      pollIntervalMaxMs: 30_000,
      failOn: new Set(['failed', 'timed-out']),
      prComment: false,
      reuseJob: false,
      preview: false,
      failOnPreview: false,
      docsToken: '',
      followCodePr: false,
      readerImpact: false,
      docsPublish: 'on-merge',
      docsStatus: 'off',
      waiveLabel: 'no-docs',
    });
  });

  it('applies the visitors defaults when inputs are absent', () => {
    const { settings, warnings } = visitors();
    expect(warnings).toEqual([]);
    expect(settings).toEqual({
      command: 'visitors',
      ...COMMON_DEFAULTS,
      dateFrom: { text: '2026-11-15', epochMs: Date.UTC(2026, 10, 15), dateOnly: true },
      dateTo: { text: '2026-11-22', epochMs: Date.UTC(2026, 10, 22), dateOnly: true },
      pageSize: 250,
      offset: 0,
      maxRows: 0,
      concurrency: 1,
      comparePrevious: false,
      summaryRows: 25,
      outputDir: '/tmp/rt/visitors',
      artifactName: 'visitor-analytics',
    });
  });

  it('defaults command to agent, and reads it in any case', () => {
    expect(parse(baseInputs('agent')).settings.command).toBe('agent');
    expect(visitors({ command: 'VISITORS' }).settings.command).toBe('visitors');
    expect(agent({ command: 'Agent' }).settings.command).toBe('agent');
  });

  it('takes github-token from the input, else from GITHUB_TOKEN', () => {
    expect(agent({ 'github-token': 'ghs_input' }, DISPATCH, { GITHUB_TOKEN: 'ghs_env' }).settings.githubToken).toBe('ghs_input');
    expect(agent({ 'github-token': '' }, DISPATCH, { GITHUB_TOKEN: 'ghs_env' }).settings.githubToken).toBe('ghs_env');
    expect(agent({}, DISPATCH, { GITHUB_TOKEN: 'ghs_env' }).settings.githubToken).toBe('ghs_env');
  });
});

describe('parseSettings: good values', () => {
  it('reads booleans in any case', () => {
    const { settings } = agent({ 'dry-run': 'TRUE', wait: 'False', 'allow-forks': 'True', 'pr-comment': 'TRUE', 'reuse-job': 'tRuE' }, SAME_REPO_PR);
    expect(settings).toMatchObject({ dryRun: true, wait: false, allowForks: true, prComment: true, reuseJob: true });
    expect(visitors({ 'compare-previous': 'TRUE' }).settings.comparePrevious).toBe(true);
    expect(visitors({ 'dry-run': 'False' }).settings.dryRun).toBe(false);
  });

  it.each([
    ['45s', 45_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['1h30m15s', 5_415_000],
    ['90', 90_000],
    ['2.5', 2_500],
    ['500ms', 500],
    ['45S', 45_000],
  ])('reads the duration %j as %i ms in every duration input', (text, ms) => {
    const { settings } = agent({
      'request-timeout': text,
      timeout: text,
      'poll-interval': text,
      'poll-interval-max': text,
    });
    expect(settings).toMatchObject({ requestTimeoutMs: ms, timeoutMs: ms, pollIntervalMs: ms, pollIntervalMaxMs: ms });
    expect(visitors({ timeout: text, 'request-timeout': text }).settings).toMatchObject({ timeoutMs: ms, requestTimeoutMs: ms });
  });

  it('accepts poll-interval-max equal to poll-interval, and longer', () => {
    expect(agent({ 'poll-interval': '10s', 'poll-interval-max': '10s' }).settings.pollIntervalMaxMs).toBe(10_000);
    expect(agent({ 'poll-interval': '10s', 'poll-interval-max': '2m' }).settings.pollIntervalMaxMs).toBe(120_000);
  });

  it('accepts the ends of every numeric range', () => {
    expect(agent({ retries: '0' }).settings.retries).toBe(0);
    expect(agent({ retries: '10' }).settings.retries).toBe(10);
    expect(agent({ 'diff-max-chars': '1000' }).settings.diffMaxChars).toBe(1_000);
    expect(agent({ 'diff-max-chars': '1000000' }).settings.diffMaxChars).toBe(1_000_000);
    expect(visitors({ 'page-size': '1', concurrency: '16', 'summary-rows': '0' }).settings).toMatchObject({
      pageSize: 1,
      concurrency: 16,
      summaryRows: 0,
    });
    expect(visitors({ 'page-size': '250', concurrency: '1', 'summary-rows': '1000' }).settings).toMatchObject({
      pageSize: 250,
      concurrency: 1,
      summaryRows: 1000,
    });
    expect(visitors({ offset: '500', 'max-rows': '10000' }).settings).toMatchObject({ offset: 500, maxRows: 10_000 });
  });

  it('reads fail-on as a set; empty means nothing fails the step', () => {
    expect(agent({ 'fail-on': '' }).settings.failOn).toEqual(new Set());
    expect(agent({ 'fail-on': 'FAILED, no-pr\ntimed-out,,' }).settings.failOn).toEqual(new Set(['failed', 'no-pr', 'timed-out']));
    expect(agent({ 'fail-on': 'error' }).settings.failOn).toEqual(new Set(['error']));
  });

  it("reads preview-failed in fail-on as the preview's, never as an outcome", () => {
    const { settings } = agent({ preview: 'TRUE', 'fail-on': 'failed, Preview-Failed' });
    expect(settings).toMatchObject({ preview: true, failOnPreview: true, failOn: new Set(['failed']) });
    expect(agent({ preview: 'true' }).settings).toMatchObject({ preview: true, failOnPreview: false });
    expect(refresh({ preview: 'true', 'fail-on': 'preview-failed' }).settings).toMatchObject({ preview: true, failOnPreview: true, failOn: new Set() });
  });

  it('reads diff in any case and the diff globs as lists', () => {
    const { settings } = agent({ diff: 'FALSE', 'diff-include': 'docs/**, src/**\n\nREADME.md\n!src/test/**', 'diff-exclude': '*.lock, !keep.lock' });
    expect(settings).toMatchObject({ diff: 'false', diffInclude: ['docs/**', 'src/**', 'README.md', '!src/test/**'], diffExclude: ['*.lock', '!keep.lock'] });
  });

  it('needs no prompt when there is a job-id or a diff', () => {
    expect(agent({ prompt: '', 'job-id': 'job_42' }, SCHEDULE).settings).toMatchObject({ prompt: '', jobId: 'job_42' });
    expect(agent({ prompt: '' }, PUSH).settings.diff).toBe('auto');
    expect(agent({ prompt: '', diff: 'true' }, SAME_REPO_PR).settings.diff).toBe('true');
    expect(agent({ prompt: '' }, { name: 'pull_request_target', payload: pullRequestEvent(7, { repository: 'acme/app' }) }).settings.prompt).toBe('');
  });

  it('takes a key on a fork pull request (skipping forks is decided later, by allow-forks)', () => {
    expect(agent({}, FORK_PR).settings.apiKey).toBe(KEY);
  });

  it('strips the trailing slash of base-url and keeps a path prefix', () => {
    expect(agent({ 'base-url': 'https://api.example.com/' }).settings.baseUrl).toBe('https://api.example.com');
    expect(agent({ 'base-url': 'https://proxy.example.com/mintlify/' }).settings.baseUrl).toBe('https://proxy.example.com/mintlify');
    expect(agent({ 'base-url': 'http://127.0.0.1:4010/' }).settings.baseUrl).toBe('http://127.0.0.1:4010');
    expect(visitors({ 'base-url': 'http://[::1]:4010' }).settings.baseUrl).toBe('http://[::1]:4010');
  });

  it('sends no date when date-from or date-to is empty', () => {
    expect(visitors({ 'date-from': '' }).settings).toMatchObject({ dateFrom: undefined, dateTo: { text: '2026-11-22' } });
    expect(visitors({ 'date-to': '' }).settings).toMatchObject({ dateFrom: { text: '2026-11-15' }, dateTo: undefined });
    const both = visitors({ 'date-from': '', 'date-to': '' }).settings;
    expect(both.dateFrom).toBeUndefined();
    expect(both.dateTo).toBeUndefined();
  });

  it('reads every date form', () => {
    expect(visitors({ 'date-from': '2024-02-29', 'date-to': '2024-03-01' }).settings).toMatchObject({
      dateFrom: { text: '2024-02-29', epochMs: Date.UTC(2024, 1, 29), dateOnly: true },
      dateTo: { text: '2024-03-01', dateOnly: true },
    });
    expect(visitors({ 'date-from': '-0d', 'date-to': '2026-11-23' }).settings.dateFrom?.text).toBe('2026-11-22');
    expect(visitors({ 'date-from': '-30D', 'date-to': 'TODAY' }).settings.dateFrom?.text).toBe('2026-10-23');
    const times = visitors({ 'date-from': '2026-11-01T10:00:00+02:00', 'date-to': '2026-11-01T09:00:00Z' }).settings;
    expect(times.dateFrom).toEqual({ text: '2026-11-01T10:00:00+02:00', epochMs: Date.UTC(2026, 10, 1, 8), dateOnly: false });
    expect(times.dateTo).toEqual({ text: '2026-11-01T09:00:00Z', epochMs: Date.UTC(2026, 10, 1, 9), dateOnly: false });
  });

  it('takes compare-previous with both dates set', () => {
    expect(visitors({ 'compare-previous': 'true', 'date-from': '-14d', 'date-to': '-7d' }).settings).toMatchObject({
      comparePrevious: true,
      dateFrom: { text: '2026-11-08' },
      dateTo: { text: '2026-11-15' },
    });
  });

  it('puts output-dir under RUNNER_TEMP by default, and resolves a relative one against the workspace', () => {
    expect(visitors({ 'output-dir': '' }).settings.outputDir).toBe('/tmp/rt/visitors');
    expect(visitors({ 'output-dir': 'reports' }, DISPATCH, { GITHUB_WORKSPACE: '/ws' }).settings.outputDir).toBe('/ws/reports');
    expect(visitors({ 'output-dir': '/abs/out' }, DISPATCH, { GITHUB_WORKSPACE: '/ws' }).settings.outputDir).toBe('/abs/out');
  });

  it('takes an empty artifact-name as "no upload"', () => {
    expect(visitors({ 'artifact-name': '' }).settings.artifactName).toBe('');
    expect(visitors({ 'artifact-name': 'docs visitors 2026-11' }).settings.artifactName).toBe('docs visitors 2026-11');
  });
});

describe('parseSettings: warnings', () => {
  it.each([
    ['a key without the admin prefix', 'sk_live_S3CRETWARN0001', /does not start with "mint_"/],
    ['an assistant key', 'mint_dsc_S3CRETWARN0002', /"mint_dsc_".*assistant keys/],
  ])('warns about %s without showing the key', (_label, key, says) => {
    for (const parsed of [agent({ 'api-key': key }), visitors({ 'api-key': key })]) {
      expect(parsed.warnings).toHaveLength(1);
      const [warning] = parsed.warnings;
      expect(warning).toMatch(says);
      expect(warning).toContain('"api-key"');
      expect(warning).not.toContain(key);
      expect(warning).not.toContain('S3CRET');
      expect(parsed.settings.apiKey).toBe(key);
    }
  });

  it('does not warn about an admin key', () => {
    expect(agent({ 'api-key': 'mint_abc' }).warnings).toEqual([]);
  });

  it('warns when command is visitors and an agent input is set', () => {
    const { warnings } = visitors({ prompt: 'Update the docs.' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/"prompt" is ignored by command: visitors/);
  });

  it('warns once per ignored input, for both commands', () => {
    expect(visitors({ prompt: 'x', wait: 'false', 'fail-on': '' }).warnings).toHaveLength(3);
    const { warnings } = agent({ 'date-from': '-30d', 'page-size': '100' });
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toMatch(/"date-from" is ignored by command: agent/);
    expect(warnings.join('\n')).toMatch(/"page-size" is ignored by command: agent/);
  });

  it('does not validate the inputs of the other command', () => {
    expect(visitors({ 'poll-interval': 'soon', wait: 'maybe' }).warnings).toHaveLength(2);
    expect(agent({ 'page-size': '0' }).warnings).toHaveLength(1);
  });

  it('does not warn when an input of the other command is absent or equals its default', () => {
    expect(visitors({}).warnings).toEqual([]);
    expect(
      visitors({
        prompt: '',
        'job-id': '',
        diff: 'auto',
        'diff-include': '',
        'diff-exclude': '',
        'diff-max-chars': '60000',
        'allow-forks': 'false',
        wait: 'true',
        'poll-interval': '5s',
        'poll-interval-max': '30s',
        'fail-on': 'failed,timed-out',
        'pr-comment': 'false',
        'reuse-job': 'false',
      }).warnings,
    ).toEqual([]);
    expect(
      agent({
        'date-from': '-7d',
        'date-to': 'today',
        'page-size': '250',
        offset: '0',
        'max-rows': '0',
        concurrency: '1',
        'compare-previous': 'false',
        'summary-rows': '25',
        'artifact-name': 'visitor-analytics',
      }).warnings,
    ).toEqual([]);
  });

  // The runner expands action.yml's `${{ runner.temp }}/visitors` and passes it on every run.
  it('does not warn about output-dir on an agent run when the runner passes its action.yml default', () => {
    expect(agent({ 'output-dir': '/tmp/rt/visitors' }).warnings).toEqual([]);
  });
});

describe('parseSettings: messages that say what to do', () => {
  it('diff: true on an event without a diff says the event has none, and with a prompt does not ask for one', () => {
    const withPrompt = inputErrorOf(() => agent({ diff: 'true', prompt: 'Update the CLI page.' }, SCHEDULE));
    expect(withPrompt.message).toMatch(/the event "schedule" has no diff/);
    expect(withPrompt.message).toMatch(/To send the prompt alone on this event, use diff: auto \(or false\)\./);
    expect(withPrompt.message).not.toMatch(/give a prompt/);
    const without = inputErrorOf(() => agent({ diff: 'true', prompt: '' }, SCHEDULE));
    expect(without.message).toMatch(/Use diff: auto, or give a prompt\./);
  });

  it('warns when the date range lies wholly in the future', () => {
    expect(visitors({ 'date-from': '2026-12-01', 'date-to': '2026-12-08' }).warnings).toEqual([
      'Input "date-from" (2026-12-01) is in the future: the whole range is, and the analytics can only answer zeros for it.',
    ]);
    expect(refresh({ 'date-from': '2027-01-01', 'date-to': '' }).warnings).toHaveLength(1);
    expect(visitors({ 'date-from': '-7d', 'date-to': '2026-12-08' }).warnings).toEqual([]);
  });
});

describe('parseSettings: command refresh', () => {
  it('reads the three signals, 10 pages and 10 terms, last week, and the waiting defaults', () => {
    const { settings, warnings } = refresh();
    expect(warnings).toEqual([]);
    expect([...settings.signals]).toEqual(['visitors', 'feedback', 'searches']);
    expect(settings).toMatchObject({
      pagesPerSignal: 10,
      searchTerms: 10,
      prompt: '',
      wait: true,
      pollIntervalMs: 5_000,
      pageSize: 250,
      maxRows: 0,
      concurrency: 1,
    });
    expect(settings.dateFrom?.text).toBe('2026-11-15');
    expect(settings.dateTo?.text).toBe('2026-11-22');
    expect([...settings.failOn]).toEqual(['failed', 'timed-out']);
  });

  it('takes a list of signals in any case, one a line or comma-separated', () => {
    expect([...refresh({ 'refresh-signals': 'Searches\nfeedback' }).settings.signals]).toEqual(['searches', 'feedback']);
    expect(refresh({ 'refresh-pages': '50', 'refresh-searches': '1' }).settings).toMatchObject({ pagesPerSignal: 50, searchTerms: 1 });
  });

  it.each([
    ['refresh-signals', 'clicks', /one or more of: visitors, feedback, searches/],
    ['refresh-signals', ' , ', /one or more of/],
    ['refresh-pages', '0', /from 1 to 50/],
    ['refresh-searches', '100', /from 1 to 50/],
  ] as const)('refuses %s = %j, naming the input', (input, value, says) => {
    const error = inputErrorOf(() => refresh({ [input]: value }));
    expect(error.input).toBe(input);
    expect(error.message).toMatch(says);
  });

  it('warns about agent-only and visitors-only inputs, not about the ones it shares with them', () => {
    expect(refresh({ prompt: 'Focus on the API.', wait: 'false', 'date-from': '-30d', 'page-size': '100' }).warnings).toEqual([]);
    const { warnings } = refresh({ 'job-id': 'job_1', 'summary-rows': '5' });
    expect(warnings).toEqual([
      'Input "job-id" is ignored by command: refresh (it belongs to command: agent).',
      'Input "summary-rows" is ignored by command: refresh (it belongs to command: visitors).',
    ]);
    expect(agent({ 'refresh-pages': '3' }).warnings).toEqual(['Input "refresh-pages" is ignored by command: agent (it belongs to command: refresh).']);
    expect(visitors({ wait: 'false' }).warnings).toEqual(['Input "wait" is ignored by command: visitors (it belongs to command: agent, sync, refresh).']);
  });
});

describe('readSettings', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  function stubInputs(values: Inputs): void {
    // @actions/core keeps the hyphen: INPUT_API-KEY, INPUT_PROJECT-ID.
    for (const [name, value] of Object.entries(values)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
  }

  function captureStdout(): string[] {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
    return written;
  }

  it('masks the key with core.setSecret before anything else is written', () => {
    stubInputs({ 'api-key': 'sk_S3CRETREAD', 'project-id': 'proj_9', prompt: 'Go.', 'poll-interval': '2s' });
    const written = captureStdout();
    const { settings, warnings } = readSettings(contextFor(DISPATCH, process.env));
    vi.restoreAllMocks();

    expect(written.length).toBeGreaterThanOrEqual(1);
    expect(written[0]).toMatch(/^::add-mask::sk_S3CRETREAD\r?\n$/);
    for (const chunk of written.slice(1)) expect(chunk).not.toContain('S3CRET');
    expect(settings).toMatchObject({ command: 'agent', apiKey: 'sk_S3CRETREAD', projectId: 'proj_9', pollIntervalMs: 2_000 });
    // Absent inputs take their defaults.
    expect(settings).toMatchObject({ retries: 4, timeoutMs: 1_800_000, baseUrl: 'https://api.mintlify.com' });
    // The warning about the prefix is returned, not printed, and does not show the key.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('S3CRET');
  });

  it('masks docs-token at once with the key, even when a later input is bad, and never shows it', () => {
    stubInputs({ 'api-key': KEY, 'project-id': 'proj_9', prompt: 'Go.', 'docs-token': 'ghs_D0CSTOKEN42', retries: '99' });
    const written = captureStdout();
    const error = inputErrorOf(() => readSettings(contextFor(DISPATCH, process.env)));
    vi.restoreAllMocks();
    expect(error.input).toBe('retries');
    expect(written.slice(0, 2).join('')).toMatch(/::add-mask::ghs_D0CSTOKEN42\r?\n/);
    expect(written.slice(2).join('')).not.toContain('D0CSTOKEN');
  });

  it('masks the key even when a later input is bad', () => {
    stubInputs({ 'api-key': KEY, 'project-id': 'proj_9', prompt: 'Go.', retries: '99' });
    const written = captureStdout();
    const error = inputErrorOf(() => readSettings(contextFor(DISPATCH, process.env)));
    vi.restoreAllMocks();
    expect(error.input).toBe('retries');
    expect(written[0]).toMatch(new RegExp(`^::add-mask::${KEY}\\r?\\n$`));
  });

  it('trims the inputs as core.getInput does', () => {
    stubInputs({ 'api-key': `  ${KEY}\n`, 'project-id': ' proj_9 ', command: ' visitors ' });
    captureStdout();
    const { settings } = readSettings(contextFor(DISPATCH, process.env));
    expect(settings).toMatchObject({ command: 'visitors', apiKey: KEY, projectId: 'proj_9' });
  });

  it('masks nothing and says which input is missing when the key is empty', () => {
    stubInputs({ 'api-key': '', 'project-id': 'proj_9', prompt: 'Go.' });
    const written = captureStdout();
    const error = inputErrorOf(() => readSettings(contextFor(DISPATCH, process.env)));
    vi.restoreAllMocks();
    expect(error.input).toBe('api-key');
    expect(written.filter((chunk) => chunk.startsWith('::add-mask::'))).toEqual([]);
  });
});

describe('job-id, as the runner passes it', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The settings of an agent step whose only unusual input is `job-id`, read from INPUT_* as on a runner. */
  function withJobId(jobId: string): ParsedSettings & { settings: AgentSettings } {
    // The key is masked on stdout first: keep that line out of the test's output.
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const env = { 'INPUT_API-KEY': KEY, 'INPUT_PROJECT-ID': 'proj_9', INPUT_PROMPT: 'Go.', 'INPUT_JOB-ID': jobId };
    try {
      return readSettings(contextFor(DISPATCH, env)) as ParsedSettings & { settings: AgentSettings };
    } finally {
      vi.restoreAllMocks();
    }
  }

  it.each(AWKWARD_JOB_IDS)('accepts %j, which the vendor’s plain-string id allows', (id) => {
    expect(withJobId(id).settings).toMatchObject({ command: 'agent', jobId: id });
  });

  it('accepts any ID the contract allows, exactly as given (white space at the ends is part of it)', () => {
    fc.assert(
      fc.property(validJobId, (id) => {
        // Spaces alone are an empty input: no job-id, as for every other input.
        fc.pre(!/^ *$/.test(id));
        expect(withJobId(id).settings.jobId).toBe(id);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('refuses any value that breaks the rule, with one line naming the input', () => {
    fc.assert(
      fc.property(invalidJobId, (id) => {
        fc.pre(!/^[ \t\r\n]*$/.test(id));
        const error = inputErrorOf(() => withJobId(id));
        expect(error.input).toBe('job-id');
        expect(error.message).toMatch(/^Input "job-id" has an invalid value ".*": expected 1 to 256 characters/);
        expect(error.message).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('drops the line breaks a YAML block scalar leaves around the value, which no ID can hold', () => {
    expect(withJobId('job 1\n').settings.jobId).toBe('job 1');
    expect(withJobId('\r\n a/b \r\n').settings.jobId).toBe(' a/b ');
  });

  it('reads spaces, tabs and line breaks alone as no job-id', () => {
    expect(withJobId(' \n ').settings.jobId).toBeUndefined();
    expect(withJobId('\t').settings.jobId).toBeUndefined();
  });

  it('shows an invisible character of a refused value escaped, so the author can see it', () => {
    const error = inputErrorOf(() => withJobId('job\u200b1'));
    expect(error.message).toContain('"job\\u{200b}1"');
  });
});

describe('parseSettings: messages and edges', () => {
  it('shows at most 80 characters of a bad value, and marks the cut', () => {
    const error = inputErrorOf(() => agent({ retries: `${'a'.repeat(80)}TAIL` }));
    expect(error.message).toContain(`"${'a'.repeat(80)}…"`);
    expect(error.message).not.toContain('TAIL');
    const exactly = `${'b'.repeat(79)}!`;
    expect(inputErrorOf(() => agent({ retries: exactly })).message).toContain(`"${exactly}"`);
  });

  it('says what an empty key or project ID should be', () => {
    expect(inputErrorOf(() => agent({ 'api-key': '' })).message).toBe(
      'Input "api-key" is required and empty: expected an admin API key, usually ${{ secrets.MINTLIFY_API_KEY }}.',
    );
    expect(inputErrorOf(() => agent({ 'project-id': '' })).message).toBe(
      'Input "project-id" is required and empty: expected the project ID from the dashboard’s API keys page.',
    );
  });

  it('blames forks for an empty key only on pull_request, where GitHub withholds secrets', () => {
    const target: EventSpec = { ...FORK_PR, name: 'pull_request_target' };
    const error = inputErrorOf(() => agent({ 'api-key': '' }, target));
    expect(error.message).not.toMatch(/fork/);
    expect(error.message).toMatch(/required and empty/);
  });

  it('names an event without a name as "(none)" when diff: true has nothing to send', () => {
    expect(inputErrorOf(() => agent({ diff: 'true' }, { name: '' })).message).toContain('the event "(none)" has no diff');
  });

  it('lists the outcomes fail-on takes, comma-separated', () => {
    expect(inputErrorOf(() => agent({ 'fail-on': 'failed,nope' })).message).toContain(
      'expected a comma list of outcomes from: pr-opened, no-pr, failed, archived, timed-out, cancelled, submitted,',
    );
  });

  it('refuses refresh-signals with one unknown signal among known ones', () => {
    expect(inputErrorOf(() => refresh({ 'refresh-signals': 'visitors,clicks' })).input).toBe('refresh-signals');
  });

  it('takes an artifact-name of exactly 200 characters, and says what a bad one may hold', () => {
    expect(visitors({ 'artifact-name': 'n'.repeat(200) }).settings.artifactName).toBe('n'.repeat(200));
    expect(inputErrorOf(() => visitors({ 'artifact-name': 'n'.repeat(201) })).message).toContain(
      'expected a name of at most 200 characters without " : < > | * ? \\ / or line breaks (empty: no upload).',
    );
  });

  it('does not call a date-from of this very instant "in the future"', () => {
    const midnight = Date.UTC(2026, 10, 22);
    const parsed = parseSettings(readerOf({ ...baseInputs('visitors'), 'date-from': '2026-11-22', 'date-to': '2026-11-23' }), {
      ...contextFor(),
      nowMs: midnight,
    });
    expect(parsed.warnings).toEqual([]);
  });

  it('does not warn about output-dir passed empty on an agent run (the runner passes its default as given)', () => {
    expect(agent({ 'output-dir': '' }, DISPATCH, { RUNNER_TEMP: '/tmp/rt' }).warnings).toEqual([]);
  });
});

/** The hint of a detached start that leaves no trace a sweep could find. */
const WAIT_FALSE_WITHOUT_COMMENT =
  'wait: false on a pull request without pr-comment: no comment records the job, so command: sweep cannot finish it and its end is shown nowhere. Set pr-comment: true, and run command: sweep (docs/detached.md).';

describe('follow-code-pr and docs-token', () => {
  it('are off and empty by default, and read as given', () => {
    expect(agent().settings).toMatchObject({ followCodePr: false, docsToken: '' });
    expect(agent({ 'pr-comment': 'true', 'follow-code-pr': 'TRUE', 'docs-token': 'ghs_abc' }, SAME_REPO_PR).settings).toMatchObject({
      followCodePr: true,
      docsToken: 'ghs_abc',
    });
  });

  it.each([
    [{ 'reuse-job': 'true' }, 'reuse-job keeps its'],
    [{ 'follow-code-pr': 'true' }, 'follow-code-pr keeps its'],
    [{ 'reader-impact': 'true' }, 'reader-impact keeps its'],
    [{ 'docs-status': 'approved' }, 'docs-status: approved keeps its'],
    [{ 'reuse-job': 'true', 'follow-code-pr': 'true', 'pr-comment': 'false' }, 'reuse-job, follow-code-pr keep their'],
  ])('%o brings pr-comment with it, with one notice saying so', (inputs, says) => {
    const parsed = agent(inputs, SAME_REPO_PR);
    expect(parsed.settings).toMatchObject({ prComment: true });
    expect(parsed.notices).toEqual([`${says} memory in the pull-request comment's record, so pr-comment is on for this run (set pr-comment: true to say so).`]);
    expect(parsed.warnings).toEqual([]);
  });

  it('wait: false with docs-status on a pull request brings pr-comment, since only the sweep finishes its pending and it finds the job through the comment', () => {
    const says =
      "wait: false with docs-status leaves the documentation status pending until command: sweep finishes the job, and the sweep finds the job through the pull-request comment's record, so pr-comment is on for this run (set pr-comment: true to say so).";
    const parsed = agent({ wait: 'false', 'docs-status': 'written', 'pr-comment': 'false' }, SAME_REPO_PR);
    expect(parsed.settings).toMatchObject({ prComment: true, wait: false });
    expect(parsed.notices).toEqual([says]);
    // docs-status: approved brings the comment already, with its own one notice.
    const approved = agent({ wait: 'false', 'docs-status': 'approved' }, SAME_REPO_PR);
    expect(approved.settings).toMatchObject({ prComment: true });
    expect(approved.notices).toHaveLength(1);
    // Waiting, or without the gate, or off a pull request (nothing to finish there): nothing brought.
    expect(agent({ wait: 'true', 'docs-status': 'written' }, SAME_REPO_PR)).toMatchObject({ notices: [], settings: { prComment: false } });
    expect(agent({ wait: 'false' }, SAME_REPO_PR)).toMatchObject({ notices: [WAIT_FALSE_WITHOUT_COMMENT], settings: { prComment: false } });
    expect(agent({ wait: 'false', 'docs-status': 'written' }, DISPATCH)).toMatchObject({ notices: [], settings: { prComment: false } });
    expect(agent({ wait: 'false', 'docs-status': 'written', 'pr-comment': 'true' }, SAME_REPO_PR).notices).toEqual([]);
  });

  it('wait: false on a pull request without the comment is said (no sweep could find the job), and nothing is changed', () => {
    expect(agent({ wait: 'false' }, SAME_REPO_PR).notices).toEqual([WAIT_FALSE_WITHOUT_COMMENT]);
    expect(agent({ wait: 'false', 'pr-comment': 'true' }, SAME_REPO_PR).notices).toEqual([]);
    // Attaching to a job to look at it once leaves nothing to finish; off a pull request there is no comment to keep.
    expect(agent({ wait: 'false', 'job-id': 'job_1' }, SAME_REPO_PR).notices).toEqual([]);
    expect(agent({ wait: 'false', prompt: 'x' }, DISPATCH).notices).toEqual([]);
  });

  it('with pr-comment: true, or none of them, no notice', () => {
    expect(agent({ 'reuse-job': 'true', 'pr-comment': 'true' }, SAME_REPO_PR).notices).toEqual([]);
    expect(agent({ 'docs-status': 'written' }, SAME_REPO_PR)).toMatchObject({ notices: [], settings: { prComment: false } });
  });

  it('a bad follow-code-pr names the input and what is accepted', () => {
    const error = inputErrorOf(() => agent({ 'pr-comment': 'true', 'follow-code-pr': 'yes' }, SAME_REPO_PR));
    expect(error.input).toBe('follow-code-pr');
    expect(error.message).toContain('Input "follow-code-pr" has an invalid value "yes"');
  });

  it('a docs-token that cannot be a token is refused without showing it', () => {
    const error = inputErrorOf(() => agent({ 'pr-comment': 'true', 'docs-token': 'ghs_SECRET part two' }, SAME_REPO_PR));
    expect(error.input).toBe('docs-token');
    expect(error.message).not.toContain('SECRET');
  });

  it('both belong to command: agent and command: sweep; set for another command they are ignored with a warning', () => {
    const { warnings } = visitors({ 'follow-code-pr': 'true', 'docs-token': 'ghs_x' });
    expect(warnings).toContain('Input "follow-code-pr" is ignored by command: visitors (it belongs to command: agent, sweep).');
    expect(warnings).toContain('Input "docs-token" is ignored by command: visitors (it belongs to command: agent, sweep, release, doctor).');
  });
});

describe('command: sync runs on a documentation PR’s own events, and on no other', () => {
  const sync = (event: EventSpec) => parse(baseInputs('sync'), event);
  const pullEvent = (name: 'pull_request' | 'pull_request_target', action: NonNullable<Parameters<typeof pullRequestEvent>[1]>['action']): EventSpec => ({
    name,
    payload: pullRequestEvent(9, { repository: 'acme/app', action }),
  });
  const reviewEvent = (action: 'submitted' | 'edited' | 'dismissed'): EventSpec => ({
    name: 'pull_request_review',
    payload: pullRequestReviewEvent(9, { repository: 'acme/app', action, state: action === 'dismissed' ? 'dismissed' : 'approved' }),
  });

  it.each([
    ['pull_request_review', 'submitted'],
    ['pull_request_review', 'dismissed'],
    ['pull_request', 'closed'],
    ['pull_request', 'reopened'],
    ['pull_request', 'synchronize'],
    ['pull_request_target', 'closed'],
    ['pull_request_target', 'reopened'],
    ['pull_request_target', 'synchronize'],
  ] as const)('takes %s (%s)', (name, action) => {
    const event = name === 'pull_request_review' ? reviewEvent(action) : pullEvent(name, action);
    expect(sync(event).settings.command).toBe('sync');
  });

  const refusal = (shown: string): string =>
    `Input "command" is "sync" but the event is ${shown}: sync runs on a documentation PR's own events, pull_request_review (submitted, dismissed) and pull_request (closed, reopened, synchronize).`;

  it.each([
    { event: reviewEvent('edited'), shown: '"pull_request_review" (edited)' },
    { event: pullEvent('pull_request', 'opened'), shown: '"pull_request" (opened)' },
    { event: pullEvent('pull_request', 'labeled'), shown: '"pull_request" (labeled)' },
    { event: pullEvent('pull_request_target', 'opened'), shown: '"pull_request_target" (opened)' },
    // The action of another event is no pass: only these events' own actions are.
    { event: { name: 'issue_comment', payload: { action: 'closed' } }, shown: '"issue_comment" (closed)' },
    { event: { name: 'dependabot_alert', payload: { action: 'dismissed' } }, shown: '"dependabot_alert" (dismissed)' },
    { event: { name: 'pull_request', payload: { action: 42 } }, shown: '"pull_request"' },
    { event: PUSH, shown: '"push"' },
    { event: { name: '' }, shown: 'none' },
  ])('refuses $shown before any request, naming the event and its action', ({ event, shown }) => {
    const error = inputErrorOf(() => sync(event));
    expect(error.input).toBe('command');
    expect(error.message).toBe(refusal(shown));
  });
});

describe('docs-status and waive-label at their edges', () => {
  it('reads docs-status true as written, in any case, and the modes in any case', () => {
    for (const value of ['true', 'True', 'TRUE', 'written', 'Written']) expect(agent({ 'docs-status': value }).settings.docsStatus).toBe('written');
    for (const value of ['false', 'FALSE']) expect(agent({ 'docs-status': value }).settings.docsStatus).toBe('off');
    expect(agent({ 'docs-status': 'APPROVED', 'pr-comment': 'true' }).settings.docsStatus).toBe('approved');
  });

  it('takes a waive-label of exactly 50 characters, counted as characters rather than UTF-16 units', () => {
    expect(agent({ 'waive-label': 'x'.repeat(50) }).settings.waiveLabel).toBe('x'.repeat(50));
    expect(agent({ 'waive-label': '📚'.repeat(50) }).settings.waiveLabel).toBe('📚'.repeat(50));
    expect(inputErrorOf(() => agent({ 'waive-label': '📚'.repeat(51) })).input).toBe('waive-label');
    expect(inputErrorOf(() => agent({ 'waive-label': 'no\ndocs' })).input).toBe('waive-label');
  });
});

describe('parseSettings: what a message shows of a value', () => {
  it('writes the line and paragraph separators as their escapes, which JSON leaves as they are', () => {
    const error = inputErrorOf(() => agent({ 'project-id': 'proj\u2028one\u2029' }));
    expect(error.message).toContain('"proj\\u2028one\\u2029"');
    expect(error.message).not.toMatch(/[\u2028\u2029]/);
  });

  it('leaves unwarned only output-dir’s expanded default: the same path in another command’s input is warned', () => {
    expect(agent({ 'artifact-name': '/tmp/rt/visitors' }).warnings).toEqual([
      'Input "artifact-name" is ignored by command: agent (it belongs to command: visitors).',
    ]);
  });
});

describe('command: release, and docs-publish', () => {
  const release = (values: Inputs, event: EventSpec = DISPATCH) => parse({ 'api-key': KEY, 'project-id': 'proj_123', command: 'release', ...values }, event);

  it('the release: release-tag, else the release event’s tag, else the latest', () => {
    expect(release({ 'release-tag': 'v1.2.0' }).settings).toMatchObject({ command: 'release', release: { tag: 'v1.2.0', from: 'input' } });
    expect(release({}, releaseEvent('v2.0.0')).settings).toMatchObject({ release: { tag: 'v2.0.0', from: 'event' } });
    expect(release({ 'release-tag': 'refs/tags/v1' }, releaseEvent('v2.0.0')).settings).toMatchObject({ release: { tag: 'v1', from: 'input' } });
    expect(release({}).settings).toMatchObject({ release: 'latest', docsRepositories: [], docsToken: '' });
  });

  it('docs-repository: a list of owner/name, each once whatever its case', () => {
    expect(release({ 'docs-repository': 'acme/docs, acme/widgets\nACME/DOCS' }).settings).toMatchObject({ docsRepositories: ['acme/docs', 'acme/widgets'] });
    const error = inputErrorOf(() => release({ 'docs-repository': 'acme/docs, not one' }));
    expect(error.input).toBe('docs-repository');
    expect(error.message).toBe(
      'Input "docs-repository" has an invalid value "acme/docs, not one": expected a list of repositories as owner/name (comma- or newline-separated), or empty for this one.',
    );
  });

  it('a tag Git would not allow, given or in the event: one line naming release-tag, before any request', () => {
    expect(inputErrorOf(() => release({ 'release-tag': 'v1 2' })).message).toBe(
      'Input "release-tag" has an invalid value "v1 2": expected a tag name as Git allows it (no spaces, none of ~ ^ : ? * [ \\, no "..", at most 255 characters).',
    );
    const fromEvent = inputErrorOf(() => release({}, releaseEvent('bad..tag')));
    expect(fromEvent.input).toBe('release-tag');
    expect(fromEvent.message).toBe(
      'Input "release-tag" is empty and the release event names no tag Git allows (release.tag_name "bad..tag"): give release-tag the release\'s tag.',
    );
  });

  it('docs-token that cannot be a token is described, never shown; an input of another command is ignored with a warning', () => {
    const error = inputErrorOf(() => release({ 'docs-token': 'ghs_SECRET two' }));
    expect(error.input).toBe('docs-token');
    expect(error.message).not.toContain('SECRET');
    expect(release({ 'follow-code-pr': 'true' }).warnings).toContain(
      'Input "follow-code-pr" is ignored by command: release (it belongs to command: agent, sweep).',
    );
  });

  it('docs-publish: on-merge by default, on-release for agent and sweep; anything else refused; on-release without follow-code-pr warned of', () => {
    expect(agent().settings.docsPublish).toBe('on-merge');
    expect(agent({ 'docs-publish': 'ON-RELEASE', 'follow-code-pr': 'true' }).settings.docsPublish).toBe('on-release');
    expect(
      parse({ 'api-key': KEY, 'project-id': 'proj_123', command: 'sweep', 'docs-publish': 'on-release', 'follow-code-pr': 'true' }).settings,
    ).toMatchObject({
      docsPublish: 'on-release',
    });
    expect(inputErrorOf(() => agent({ 'docs-publish': 'on-tag' })).message).toBe(
      'Input "docs-publish" has an invalid value "on-tag": expected one of on-merge, on-release.',
    );
    expect(agent({ 'docs-publish': 'on-release' }).warnings).toContain(
      'Input "docs-publish" is "on-release" but follow-code-pr is false: the documentation PR does not follow its code PR, so nothing holds it for the release. Set follow-code-pr: true.',
    );
  });
});

describe('command: doctor', () => {
  const doctor = (values: Inputs, env: NodeJS.ProcessEnv = {}) => parse({ ...baseInputs('visitors'), command: 'doctor', ...values }, DISPATCH, env);

  it('reads the tokens it checks, and the common inputs', () => {
    expect(doctor({ 'github-token': 'ghs_w', 'docs-token': 'ghs_d', 'code-token': 'ghs_c', 'dry-run': 'true' }).settings).toMatchObject({
      command: 'doctor',
      githubToken: 'ghs_w',
      docsToken: 'ghs_d',
      codeToken: 'ghs_c',
      dryRun: true,
    });
    // The runner's GITHUB_TOKEN stands in for github-token left out, as for every command.
    expect(doctor({}, { GITHUB_TOKEN: 'ghs_env' }).settings).toMatchObject({ githubToken: 'ghs_env', docsToken: '', codeToken: '' });
  });

  it('without github-token: one line naming it and how to give it, before any request', () => {
    const error = inputErrorOf(() => doctor({ 'github-token': '' }));
    expect(error.input).toBe('github-token');
    expect(error.message).toBe(
      'Input "github-token" is empty: command: doctor reads the repository\'s workflows, rules and records with it. Leave it at its default (${{ github.token }}) or pass a token with "Contents: read".',
    );
  });

  it('a token that cannot be one is refused without showing it; another command’s input is ignored with a warning', () => {
    const error = inputErrorOf(() => doctor({ 'github-token': 'ghs_w', 'code-token': 'ghs_SECRET two' }));
    expect(error.input).toBe('code-token');
    expect(error.message).not.toContain('SECRET');
    expect(doctor({ 'github-token': 'ghs_w', prompt: 'x' }).warnings).toContain(
      'Input "prompt" is ignored by command: doctor (it belongs to command: agent, refresh).',
    );
  });
});
