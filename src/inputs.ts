import * as core from '@actions/core';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import {
  ADMIN_KEY_PREFIX,
  ASSISTANT_KEY_PREFIX,
  DEFAULT_BASE_URL,
  DOCS_PUBLISH_MODES,
  DOCS_STATUS_MODES,
  Inputs,
  isOutcome,
  MAX_REVIEW_FOLLOW_UPS,
  OUTCOMES,
  PREVIEW_FAILED,
  type InputName,
  type Outcome,
  REFRESH_SIGNALS,
  type RefreshSignal,
} from './constants.js';
import { eventHasDiff, isForkPullRequest, pullRequestOf, wantsDiff, type TriggerEvent } from './event.js';
import {
  ParseError,
  parseBaseUrl,
  parseBoolean,
  parseChoice,
  parseDate,
  parseDuration,
  parseId,
  parseInteger,
  parseJobId,
  parseGlobList,
  parseList,
  parseTagName,
} from './parse.js';
import { isRepositoryName } from './memory/record.js';
import {
  COMMANDS,
  type AgentSettings,
  type CommonSettings,
  type DoctorSettings,
  type GateSettings,
  type PagingSettings,
  type PreviewSettings,
  type RangeSettings,
  type RefreshSettings,
  type ReleaseSettings,
  type Settings,
  type SweepSettings,
  type SyncSettings,
  type VisitorsSettings,
  type WaitSettings,
} from './settings.js';
import { showInvisible, withoutInvisible } from './text.js';

/**
 * The defaults of `action.yml`, applied when an input is absent altogether: the runner always
 * passes every declared input, so absence means a run outside a runner (tests, `npm start`,
 * `@github/local-action`). An input passed empty stays empty, which for some inputs means
 * something of its own (`date-from`: send no date; `artifact-name`: no upload).
 * Expressions of `action.yml` (`${{ github.token }}`, `${{ runner.temp }}`) resolve to ''
 * here and are filled in below from the environment.
 */
export const INPUT_DEFAULTS: Readonly<Record<InputName, string>> = {
  'api-key': '',
  'previous-api-key': '',
  'project-id': '',
  command: 'agent',
  'base-url': DEFAULT_BASE_URL,
  'github-token': '',
  'request-timeout': '30s',
  retries: '4',
  'dry-run': 'false',
  prompt: '',
  'job-id': '',
  diff: 'auto',
  'diff-include': '',
  'diff-exclude': '',
  'diff-max-chars': '60000',
  'allow-forks': 'false',
  wait: 'true',
  timeout: '30m',
  'poll-interval': '5s',
  'poll-interval-max': '30s',
  'fail-on': 'failed,timed-out',
  'pr-comment': 'false',
  'reuse-job': 'false',
  'date-from': '-7d',
  'date-to': 'today',
  'page-size': '250',
  offset: '0',
  'max-rows': '0',
  concurrency: '1',
  'compare-previous': 'false',
  'summary-rows': '25',
  'output-dir': '',
  'artifact-name': 'visitor-analytics',
  'refresh-signals': 'visitors,feedback,searches',
  'refresh-pages': '10',
  'refresh-searches': '10',
  preview: 'false',
  'docs-token': '',
  'follow-code-pr': 'false',
  'docs-status': 'false',
  'waive-label': 'no-docs',
  'code-token': '',
  'reader-impact': 'false',
  'review-loop': 'false',
  'review-loop-max': '5',
  'docs-publish': 'on-merge',
  'release-tag': '',
  'docs-repository': '',
};

const WAIT_INPUTS = [Inputs.Wait, Inputs.PollInterval, Inputs.PollIntervalMax, Inputs.FailOn] as const;
const PREVIEW_INPUTS = [Inputs.Preview] as const;
const RANGE_INPUTS = [Inputs.DateFrom, Inputs.DateTo] as const;
const PAGING_INPUTS = [Inputs.PageSize, Inputs.MaxRows, Inputs.Concurrency] as const;
/** What ends a job on a code PR: the agent's run that waited, and the sweep's that finishes one that did not. */
const FINISHING_INPUTS = [
  ...PREVIEW_INPUTS,
  Inputs.DocsToken,
  Inputs.FollowCodePr,
  Inputs.DocsStatus,
  Inputs.WaiveLabel,
  Inputs.ReaderImpact,
  Inputs.DocsPublish,
  Inputs.PreviousApiKey,
] as const;

/** Inputs that only some commands read; the rest are common to all. */
export const COMMAND_INPUTS: Readonly<Record<Settings['command'], readonly InputName[]>> = {
  agent: [
    Inputs.Prompt,
    Inputs.JobId,
    Inputs.Diff,
    Inputs.DiffInclude,
    Inputs.DiffExclude,
    Inputs.DiffMaxChars,
    Inputs.AllowForks,
    ...WAIT_INPUTS,
    Inputs.PrComment,
    Inputs.ReuseJob,
    ...FINISHING_INPUTS,
  ],
  sync: [
    Inputs.DocsStatus,
    Inputs.WaiveLabel,
    Inputs.CodeToken,
    Inputs.PreviousApiKey,
    Inputs.ReviewLoop,
    Inputs.ReviewLoopMax,
    ...WAIT_INPUTS,
    Inputs.DiffMaxChars,
  ],
  sweep: FINISHING_INPUTS,
  release: [Inputs.ReleaseTag, Inputs.DocsToken, Inputs.DocsRepository, Inputs.PreviousApiKey],
  doctor: [Inputs.DocsToken, Inputs.CodeToken, Inputs.PreviousApiKey],
  visitors: [...RANGE_INPUTS, ...PAGING_INPUTS, Inputs.Offset, Inputs.ComparePrevious, Inputs.SummaryRows, Inputs.OutputDir, Inputs.ArtifactName],
  refresh: [
    Inputs.Prompt,
    ...WAIT_INPUTS,
    ...RANGE_INPUTS,
    ...PAGING_INPUTS,
    Inputs.RefreshSignals,
    Inputs.RefreshPages,
    Inputs.RefreshSearches,
    ...PREVIEW_INPUTS,
  ],
};

/** A bad input value: the message is one line naming the input, the value and what is accepted. */
export class InputError extends Error {
  constructor(
    readonly input: InputName,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/** Reads an input; `undefined` when the input is absent (not passed at all). */
export type InputReader = (name: InputName) => string | undefined;

export interface SettingsContext {
  readonly event: TriggerEvent;
  readonly nowMs: number;
  readonly env: NodeJS.ProcessEnv;
}

export interface ParsedSettings {
  readonly settings: Settings;
  /** Warnings for the author: suspicious key prefix, inputs the chosen command ignores. */
  readonly warnings: readonly string[];
  /** Notices for the author: what an input brought with it (`reuse-job` turns `pr-comment` on). */
  readonly notices: readonly string[];
}

/**
 * Reads every input through `@actions/core`, masks the key before anything else, and parses.
 * Throws `InputError` for the first bad value.
 */
export function readSettings(context: SettingsContext): ParsedSettings {
  // The runner's convention, as `core.getInput` applies it; read from `context.env` so that
  // "absent" and the value come from the same place.
  // `job-id` alone is read as given: white space at its ends can belong to an ID the API made.
  const read: InputReader = (name) => {
    const value = context.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`];
    return name === Inputs.JobId ? value : value?.trim();
  };
  for (const secret of [read(Inputs.ApiKey), read(Inputs.PreviousApiKey), read(Inputs.GithubToken), read(Inputs.DocsToken), read(Inputs.CodeToken)]) {
    if (secret) core.setSecret(secret);
  }
  return parseSettings(read, context);
}

/** The pure part of `readSettings`: every rule of the contract, no side effects. */
export function parseSettings(read: InputReader, context: SettingsContext): ParsedSettings {
  const warnings: string[] = [];
  const notices: string[] = [];
  const input = (name: InputName): string => read(name) ?? INPUT_DEFAULTS[name];
  const parse = <T>(name: ShownInputName, parser: (text: string) => T): T => {
    const text = input(name);
    try {
      return parser(text);
    } catch (error) {
      if (error instanceof ParseError) throw invalid(name, text, error.expected);
      throw error;
    }
  };

  const apiKey = parseApiKey(input(Inputs.ApiKey), context.event, warnings);
  const command = parse(Inputs.Command, (t) => parseChoice(t, COMMANDS));
  const common: CommonSettings = {
    apiKey,
    previousApiKey: parseSecret(Inputs.PreviousApiKey, input(Inputs.PreviousApiKey)),
    projectId: parse(Inputs.ProjectId, (t) => {
      if (!t) throw missing(Inputs.ProjectId, 'the project ID from the dashboard’s API keys page');
      return parseId(t);
    }),
    baseUrl: parse(Inputs.BaseUrl, parseBaseUrl),
    githubToken: input(Inputs.GithubToken) || (context.env.GITHUB_TOKEN ?? ''),
    requestTimeoutMs: parse(Inputs.RequestTimeout, (t) => parseDuration(t)),
    retries: parse(Inputs.Retries, (t) => parseInteger(t, 0, 10)),
    dryRun: parse(Inputs.DryRun, parseBoolean),
    timeoutMs: parse(Inputs.Timeout, (t) => parseDuration(t)),
  };

  warnIgnoredInputs(command, read, context.env, warnings);
  const settings = ((): Settings => {
    switch (command) {
      case 'agent':
        return parseAgentSettings(common, input, parse, context, notices, warnings);
      case 'visitors':
        return parseVisitorsSettings(common, input, parse, context, warnings);
      case 'refresh':
        return parseRefreshSettings(common, input, parse, context, warnings);
      case 'sync':
        return parseSyncSettings(common, input, parse, context);
      case 'sweep':
        return parseSweepSettings(common, input, parse, warnings);
      case 'release':
        return parseReleaseSettings(common, input, parse, context);
      case 'doctor':
        return parseDoctorSettings(common, input);
    }
  })();
  return { settings, warnings, notices };
}

type Parse = <T>(name: ShownInputName, parser: (text: string) => T) => T;
type Input = (name: InputName) => string;

/** `wait`, the poll intervals and `fail-on`: how a job is waited for and judged. */
function parseWaitSettings(parse: Parse): WaitSettings {
  const pollIntervalMs = parse(Inputs.PollInterval, (t) => parseDuration(t));
  return {
    wait: parse(Inputs.Wait, parseBoolean),
    pollIntervalMs,
    pollIntervalMaxMs: parse(Inputs.PollIntervalMax, (t) => {
      const ms = parseDuration(t);
      if (ms < pollIntervalMs) throw new ParseError('a duration no shorter than poll-interval');
      return ms;
    }),
    failOn: parse(Inputs.FailOn, parseFailOn),
  };
}

/** `preview`, and whether `fail-on` lists `preview-failed`. */
function parsePreviewSettings(parse: Parse): PreviewSettings {
  return {
    preview: parse(Inputs.Preview, parseBoolean),
    failOnPreview: parse(Inputs.FailOn, (t) => parseList(t.toLowerCase()).includes(PREVIEW_FAILED)),
  };
}

/** `date-from` and `date-to`, resolved against the clock; `date-from` must come first. */
function parseRangeSettings(parse: Parse, context: SettingsContext, warnings: string[]): RangeSettings {
  const date = (t: string): ReturnType<typeof parseDate> | undefined => (t ? parseDate(t, context.nowMs) : undefined);
  const dateFrom = parse(Inputs.DateFrom, date);
  const dateTo = parse(Inputs.DateTo, date);
  if (dateFrom && dateTo && dateFrom.epochMs >= dateTo.epochMs) {
    throw new InputError(Inputs.DateFrom, `Input "date-from" (${dateFrom.text}) must be before "date-to" (${dateTo.text}), which is exclusive.`);
  }
  if (dateFrom && dateFrom.epochMs > context.nowMs) {
    warnings.push(`Input "date-from" (${dateFrom.text}) is in the future: the whole range is, and the analytics can only answer zeros for it.`);
  }
  return { dateFrom, dateTo };
}

function parsePagingSettings(parse: Parse): PagingSettings {
  return {
    pageSize: parse(Inputs.PageSize, (t) => parseInteger(t, 1, 250)),
    maxRows: parse(Inputs.MaxRows, (t) => parseInteger(t, 0)),
    concurrency: parse(Inputs.Concurrency, (t) => parseInteger(t, 1, 16)),
  };
}

function parseAgentSettings(
  common: CommonSettings,
  input: Input,
  parse: Parse,
  context: SettingsContext,
  notices: string[],
  warnings: string[],
): AgentSettings {
  let settings: AgentSettings = {
    ...common,
    command: 'agent',
    prompt: promptInput(input),
    jobId: parse(Inputs.JobId, parseJobIdInput),
    diff: parse(Inputs.Diff, (t) => parseChoice(t, ['auto', 'true', 'false'] as const)),
    diffInclude: parse(Inputs.DiffInclude, parseGlobList),
    diffExclude: parse(Inputs.DiffExclude, parseGlobList),
    diffMaxChars: parse(Inputs.DiffMaxChars, (t) => parseInteger(t, 1_000, 1_000_000)),
    allowForks: parse(Inputs.AllowForks, parseBoolean),
    ...parseWaitSettings(parse),
    prComment: parse(Inputs.PrComment, parseBoolean),
    reuseJob: parse(Inputs.ReuseJob, parseBoolean),
    ...parsePreviewSettings(parse),
    docsToken: parseToken(Inputs.DocsToken, input(Inputs.DocsToken)),
    followCodePr: parse(Inputs.FollowCodePr, parseBoolean),
    readerImpact: parse(Inputs.ReaderImpact, parseBoolean),
    docsPublish: parseDocsPublish(parse, warnings, parse(Inputs.FollowCodePr, parseBoolean)),
    ...parseGateSettings(parse),
  };
  // Each of these keeps its memory in the pull-request comment's record: it brings the comment
  // rather than stopping the step (the contract's paragraph after the agent inputs). On a runner
  // an input left out reads as its default, so "given as false" cannot be told from "left out":
  // the one notice says it whenever the comment was off.
  const bringers = [
    settings.reuseJob && Inputs.ReuseJob,
    settings.followCodePr && Inputs.FollowCodePr,
    settings.readerImpact && Inputs.ReaderImpact,
    settings.docsStatus === 'approved' && `${Inputs.DocsStatus}: approved`,
  ].filter((name): name is string => Boolean(name));
  if (bringers.length > 0 && !settings.prComment) {
    notices.push(
      `${bringers.join(', ')} ${bringers.length === 1 ? 'keeps its' : 'keep their'} memory in the pull-request comment's record, so pr-comment is on for this run (set pr-comment: true to say so).`,
    );
    settings = { ...settings, prComment: true };
  }
  // A detached start's `pending` is finished by command: sweep, which finds the job only through the
  // comment's record: without the comment it would be a pending that nothing finishes.
  if (!settings.wait && settings.docsStatus !== 'off' && !settings.prComment && pullRequestOf(context.event) !== undefined) {
    notices.push(
      `wait: false with ${Inputs.DocsStatus} leaves the documentation status pending until command: sweep finishes the job, and the sweep finds the job through the pull-request comment's record, so pr-comment is on for this run (set pr-comment: true to say so).`,
    );
    settings = { ...settings, prComment: true };
  }
  // Without the comment (and without docs-status, which brings it) a detached start leaves no trace a
  // sweep could find: the job runs, and its end is shown nowhere. Said, not changed: the run may mean it.
  if (!settings.wait && !settings.prComment && !settings.jobId && pullRequestOf(context.event) !== undefined) {
    notices.push(
      `wait: false on a pull request without pr-comment: no comment records the job, so command: sweep cannot finish it and its end is shown nowhere. Set pr-comment: true, and run command: sweep (docs/detached.md).`,
    );
  }
  const diffAvailable = wantsDiff(settings, context.event);
  // On a merge queue's entry the step sends nothing: it gates the queue's commit (`steps/merge-group.ts`),
  // so the same step of a pull-request workflow runs there as it is, its prompt and diff unused.
  if (context.event.name === 'merge_group') return settings;
  if (settings.diff === 'true' && !eventHasDiff(context.event)) {
    throw new InputError(
      Inputs.Diff,
      `Input "diff" is "true" but the event "${context.event.name || '(none)'}" has no diff: only pull_request, pull_request_target and push have one. ${settings.prompt ? 'To send the prompt alone on this event, use diff: auto (or false).' : 'Use diff: auto, or give a prompt.'}`,
    );
  }
  if (!settings.prompt && !settings.jobId && !diffAvailable) {
    throw new InputError(
      Inputs.Prompt,
      'Input "prompt" is empty and there is nothing else to send: give a prompt, a job-id to attach to, or run on a pull_request or push event with diff: auto or true.',
    );
  }
  return settings;
}

/** `docs-status` (`true` reads as `written`) and `waive-label` (a GitHub label: 1 to 50 characters). */
function parseGateSettings(parse: Parse): GateSettings {
  const mode = parse(Inputs.DocsStatus, (t) => parseChoice(t.toLowerCase() === 'true' ? 'written' : t.toLowerCase(), DOCS_STATUS_MODES));
  return {
    docsStatus: mode === 'false' ? 'off' : mode,
    waiveLabel: parse(Inputs.WaiveLabel, (t) => {
      if (!t || [...t].length > 50 || /[\r\n]/.test(t)) throw new ParseError("a label name of 1 to 50 characters, on one line (GitHub's limit)");
      return t;
    }),
  };
}

/** `command: sweep` runs on any event: a schedule, a dispatch, the documentation PR's opening. */
function parseSweepSettings(common: CommonSettings, input: Input, parse: Parse, warnings: string[]): SweepSettings {
  const followCodePr = parse(Inputs.FollowCodePr, parseBoolean);
  return {
    ...common,
    command: 'sweep',
    ...parsePreviewSettings(parse),
    docsToken: parseToken(Inputs.DocsToken, input(Inputs.DocsToken)),
    followCodePr,
    readerImpact: parse(Inputs.ReaderImpact, parseBoolean),
    docsPublish: parseDocsPublish(parse, warnings, followCodePr),
    ...parseGateSettings(parse),
  };
}

/** `docs-publish`: what the code PR's merge does to a documentation PR that follows it; without `follow-code-pr`, nothing (one warning). */
function parseDocsPublish(parse: Parse, warnings: string[], followCodePr: boolean): (typeof DOCS_PUBLISH_MODES)[number] {
  const mode = parse(Inputs.DocsPublish, (t) => parseChoice(t, DOCS_PUBLISH_MODES));
  if (mode === 'on-release' && !followCodePr) {
    warnings.push(
      'Input "docs-publish" is "on-release" but follow-code-pr is false: the documentation PR does not follow its code PR, so nothing holds it for the release. Set follow-code-pr: true.',
    );
  }
  return mode;
}

/**
 * `command: release`, on a `release` event or any other: the release named by `release-tag`, else
 * the event's (its tag, read again from GitHub by the step), else the repository's latest. A tag
 * Git would not allow, given or in the event's payload, is refused here, before any request.
 */
function parseReleaseSettings(common: CommonSettings, input: Input, parse: Parse, context: SettingsContext): ReleaseSettings {
  const given = parse(Inputs.ReleaseTag, (t) => (t ? parseTagName(t) : undefined));
  const release = given !== undefined ? { tag: given, from: 'input' as const } : releaseOfEvent(context.event);
  return {
    ...common,
    command: 'release',
    release,
    docsToken: parseToken(Inputs.DocsToken, input(Inputs.DocsToken)),
    docsRepositories: parse(Inputs.DocsRepository, parseRepositoryList),
  };
}

/** The tag of a `release` event's release; on any other event, the repository's latest release. */
function releaseOfEvent(event: TriggerEvent): ReleaseSettings['release'] {
  if (event.name !== 'release') return 'latest';
  const tag = (event.payload.release as { tag_name?: unknown } | undefined)?.tag_name;
  try {
    if (typeof tag !== 'string') throw new ParseError('a tag');
    return { tag: parseTagName(tag), from: 'event' };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    throw new InputError(
      Inputs.ReleaseTag,
      `Input "release-tag" is empty and the release event names no tag Git allows (release.tag_name ${typeof tag === 'string' ? quoteValue(tag) : 'missing'}): give release-tag the release's tag.`,
    );
  }
}

/** `docs-repository`: a list of `owner/name`, each once. */
function parseRepositoryList(text: string): readonly string[] {
  const names = parseList(text);
  if (!names.every(isRepositoryName)) throw new ParseError('a list of repositories as owner/name (comma- or newline-separated), or empty for this one');
  // GitHub's repository names are case-insensitive: each once, as first written.
  return names.filter((name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index);
}

/**
 * `command: sync` runs on a documentation PR's own events: a review submitted or dismissed, the
 * pull request closed, reopened or pushed to. Anything else is refused before any request.
 */
function parseSyncSettings(common: CommonSettings, input: Input, parse: Parse, context: SettingsContext): SyncSettings {
  const { name, payload } = context.event;
  const action = typeof payload.action === 'string' ? payload.action : '';
  const review = name === 'pull_request_review' && (action === 'submitted' || action === 'dismissed');
  const pull = (name === 'pull_request' || name === 'pull_request_target') && ['closed', 'reopened', 'synchronize'].includes(action);
  if (!review && !pull) {
    throw new InputError(
      Inputs.Command,
      `Input "command" is "sync" but the event is ${name ? `"${name}"${action ? ` (${action})` : ''}` : 'none'}: sync runs on a documentation PR's own events, pull_request_review (submitted, dismissed) and pull_request (closed, reopened, synchronize).`,
    );
  }
  return {
    ...common,
    command: 'sync',
    codeToken: parseToken(Inputs.CodeToken, input(Inputs.CodeToken)),
    ...parseGateSettings(parse),
    reviewLoop: parse(Inputs.ReviewLoop, parseBoolean),
    reviewLoopMax: parse(Inputs.ReviewLoopMax, (t) => parseInteger(t, 1, MAX_REVIEW_FOLLOW_UPS)),
    ...parseWaitSettings(parse),
    diffMaxChars: parse(Inputs.DiffMaxChars, (t) => parseInteger(t, 1_000, 1_000_000)),
  };
}

/**
 * `command: doctor` reads the repository with `github-token` before anything else: without one it
 * could check nothing of it, and says so before any request.
 */
function parseDoctorSettings(common: CommonSettings, input: Input): DoctorSettings {
  if (!common.githubToken) {
    throw new InputError(
      Inputs.GithubToken,
      'Input "github-token" is empty: command: doctor reads the repository\'s workflows, rules and records with it. Leave it at its default (${{ github.token }}) or pass a token with "Contents: read".',
    );
  }
  return {
    ...common,
    command: 'doctor',
    docsToken: parseToken(Inputs.DocsToken, input(Inputs.DocsToken)),
    codeToken: parseToken(Inputs.CodeToken, input(Inputs.CodeToken)),
  };
}

/**
 * `job-id` as the workflow gives it. The line breaks a YAML block scalar leaves around a value
 * are dropped (no ID holds one); spaces are kept, since the API's IDs are plain strings that may
 * begin or end with one. Spaces, tabs and line breaks alone are an empty input: no job-id.
 */
function parseJobIdInput(text: string): string | undefined {
  if (/^[ \t\r\n]*$/.test(text)) return undefined;
  return parseJobId(text.replace(/^[\r\n]+|[\r\n]+$/g, ''));
}

function parseVisitorsSettings(common: CommonSettings, input: Input, parse: Parse, context: SettingsContext, warnings: string[]): VisitorsSettings {
  const { dateFrom, dateTo } = parseRangeSettings(parse, context, warnings);
  const comparePrevious = parse(Inputs.ComparePrevious, parseBoolean);
  if (comparePrevious && !(dateFrom && dateTo)) {
    throw new InputError(
      Inputs.ComparePrevious,
      'Input "compare-previous" is true but "date-from" or "date-to" is empty: both are needed to know the length of the previous period.',
    );
  }
  const runnerTemp = context.env.RUNNER_TEMP || tmpdir();
  const workspace = context.env.GITHUB_WORKSPACE || process.cwd();
  return {
    ...common,
    command: 'visitors',
    dateFrom,
    dateTo,
    ...parsePagingSettings(parse),
    offset: parse(Inputs.Offset, (t) => parseInteger(t, 0)),
    comparePrevious,
    summaryRows: parse(Inputs.SummaryRows, (t) => parseInteger(t, 0, 1_000)),
    outputDir: resolve(workspace, input(Inputs.OutputDir) || join(runnerTemp, 'visitors')),
    artifactName: parse(Inputs.ArtifactName, parseArtifactName),
  };
}

function parseRefreshSettings(common: CommonSettings, input: Input, parse: Parse, context: SettingsContext, warnings: string[]): RefreshSettings {
  return {
    ...common,
    command: 'refresh',
    prompt: promptInput(input),
    ...parseWaitSettings(parse),
    ...parseRangeSettings(parse, context, warnings),
    ...parsePagingSettings(parse),
    signals: parse(Inputs.RefreshSignals, parseSignals),
    pagesPerSignal: parse(Inputs.RefreshPages, (t) => parseInteger(t, 1, 50)),
    searchTerms: parse(Inputs.RefreshSearches, (t) => parseInteger(t, 1, 50)),
    ...parsePreviewSettings(parse),
  };
}

function parseSignals(text: string): ReadonlySet<RefreshSignal> {
  const tokens = parseList(text.toLowerCase());
  const known = (token: string): token is RefreshSignal => (REFRESH_SIGNALS as readonly string[]).includes(token);
  if (tokens.length === 0 || !tokens.every(known)) {
    throw new ParseError(`a list of one or more of: ${REFRESH_SIGNALS.join(', ')}`);
  }
  return new Set(tokens.filter(known));
}

function parseApiKey(key: string, event: TriggerEvent, warnings: string[]): string {
  if (!key) {
    if (event.name === 'pull_request' && isForkPullRequest(event)) {
      throw new InputError(
        Inputs.ApiKey,
        'Input "api-key" is empty: GitHub withholds secrets from workflows run for pull requests from forks. The step cannot reach the API here; skip it for forks (if: github.event.pull_request.head.repo.full_name == github.repository).',
      );
    }
    if (event.actor === 'dependabot[bot]') {
      throw new InputError(
        Inputs.ApiKey,
        'Input "api-key" is empty: workflows triggered by Dependabot only see Dependabot secrets. Add the key as a Dependabot secret, or skip the step for Dependabot.',
      );
    }
    throw missing(Inputs.ApiKey, 'an admin API key, usually ${{ secrets.MINTLIFY_API_KEY }}');
  }
  // Never echo the key: describe it instead.
  // Printable ASCII without spaces: anything else cannot be a key, and would break the header.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new InputError(Inputs.ApiKey, 'Input "api-key" contains spaces, line breaks or non-ASCII characters: paste the key alone, with nothing around it.');
  }
  if (key.startsWith(ASSISTANT_KEY_PREFIX)) {
    warnings.push(
      `Input "api-key" starts with "${ASSISTANT_KEY_PREFIX}", the prefix of assistant keys; the agent and analytics endpoints need an admin key ("${ADMIN_KEY_PREFIX}…"). Requests will likely be refused with 401.`,
    );
  } else if (!key.startsWith(ADMIN_KEY_PREFIX)) {
    warnings.push(`Input "api-key" does not start with "${ADMIN_KEY_PREFIX}", the prefix of admin API keys; it is probably the wrong kind of key.`);
  }
  return key;
}

/**
 * `docs-token` or `code-token`, never echoed: like the key, a value that could not be a token
 * (white space inside, non-ASCII) is described, not shown, since it would break the header it is
 * sent in.
 */
function parseToken(name: typeof Inputs.DocsToken | typeof Inputs.CodeToken, token: string): string {
  return parseSecret(name, token);
}

/** A secret input other than `api-key` (a token, `previous-api-key`): described when it cannot be one, never shown. */
function parseSecret(name: typeof Inputs.DocsToken | typeof Inputs.CodeToken | typeof Inputs.PreviousApiKey, secret: string): string {
  if (secret && !/^[\x21-\x7e]+$/.test(secret)) {
    const what = name === Inputs.PreviousApiKey ? 'key' : 'token';
    throw new InputError(name, `Input "${name}" contains spaces, line breaks or non-ASCII characters: pass the ${what} alone, with nothing around it.`);
  }
  return secret;
}

function parseFailOn(text: string): ReadonlySet<Outcome> {
  const tokens = parseList(text.toLowerCase());
  // `preview-failed` is not an outcome: the preview settings read it (a preview never changes the outcome).
  const unknown = tokens.filter((token) => !isOutcome(token) && token !== PREVIEW_FAILED);
  if (unknown.length > 0) {
    throw new ParseError(`a comma list of outcomes from: ${OUTCOMES.join(', ')}, and ${PREVIEW_FAILED} (or empty)`);
  }
  return new Set(tokens.filter(isOutcome));
}

function parseArtifactName(text: string): string {
  // The characters the artifact service refuses in names.
  if (/["':<>|*?\\/\r\n]/.test(text) || text.length > 200) {
    throw new ParseError('a name of at most 200 characters without " : < > | * ? \\ / or line breaks (empty: no upload)');
  }
  return text;
}

function warnIgnoredInputs(command: Settings['command'], read: InputReader, env: NodeJS.ProcessEnv, warnings: string[]): void {
  // The runner expands `${{ runner.temp }}/visitors` before passing it: compare with that.
  const passedDefault = (name: InputName): string => (name === Inputs.OutputDir && env.RUNNER_TEMP ? join(env.RUNNER_TEMP, 'visitors') : INPUT_DEFAULTS[name]);
  const owners = new Map<InputName, Settings['command'][]>();
  for (const [other, names] of Object.entries(COMMAND_INPUTS) as Array<[Settings['command'], readonly InputName[]]>) {
    for (const name of names) owners.set(name, [...(owners.get(name) ?? []), other]);
  }
  for (const [name, commands] of owners) {
    if (commands.includes(command)) continue;
    const value = read(name);
    if (value !== undefined && value !== INPUT_DEFAULTS[name] && value !== passedDefault(name)) {
      warnings.push(`Input "${name}" is ignored by command: ${command} (it belongs to command: ${commands.join(', ')}).`);
    }
  }
}

/**
 * The inputs whose value an error may quote. The secrets have parsers of their own whose messages
 * never hold the value; the type keeps them from reaching `invalid`, which quotes it.
 */
type ShownInputName = Exclude<
  InputName,
  typeof Inputs.ApiKey | typeof Inputs.PreviousApiKey | typeof Inputs.GithubToken | typeof Inputs.DocsToken | typeof Inputs.CodeToken
>;

function invalid(name: ShownInputName, value: string, expected: string): InputError {
  return new InputError(name, `Input "${name}" has an invalid value ${quoteValue(value)}: expected ${expected}.`);
}

function missing(name: InputName, what: string): InputError {
  return new InputError(name, `Input "${name}" is required and empty: expected ${what}.`);
}

/**
 * JSON quoting escapes line breaks and control characters, keeping the message on one line; a
 * character that renders as nothing is shown as its escape, since it may be what is wrong.
 */
function quoteValue(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  // JSON leaves the line and paragraph separators as they are: escaped too, to keep one line.
  return showInvisible(JSON.stringify(shown)).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}

/**
 * The `prompt` input, without what renders as nothing. It is the workflow's own text, but often
 * built from an event's (`${{ github.event.issue.title }}`), and the log and the summary show it
 * for review: the agent must read no more than they show.
 */
function promptInput(input: Input): string {
  return withoutInvisible(input(Inputs.Prompt));
}
