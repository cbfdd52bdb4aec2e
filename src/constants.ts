/** Input names as `action.yml` declares them: the only place they are spelled. */
export const Inputs = {
  ApiKey: 'api-key',
  PreviousApiKey: 'previous-api-key',
  ProjectId: 'project-id',
  Command: 'command',
  BaseUrl: 'base-url',
  GithubToken: 'github-token',
  RequestTimeout: 'request-timeout',
  Retries: 'retries',
  DryRun: 'dry-run',
  Prompt: 'prompt',
  JobId: 'job-id',
  Diff: 'diff',
  DiffInclude: 'diff-include',
  DiffExclude: 'diff-exclude',
  DiffMaxChars: 'diff-max-chars',
  AllowForks: 'allow-forks',
  Wait: 'wait',
  Timeout: 'timeout',
  PollInterval: 'poll-interval',
  PollIntervalMax: 'poll-interval-max',
  FailOn: 'fail-on',
  PrComment: 'pr-comment',
  ReuseJob: 'reuse-job',
  DateFrom: 'date-from',
  DateTo: 'date-to',
  PageSize: 'page-size',
  Offset: 'offset',
  MaxRows: 'max-rows',
  Concurrency: 'concurrency',
  ComparePrevious: 'compare-previous',
  SummaryRows: 'summary-rows',
  OutputDir: 'output-dir',
  ArtifactName: 'artifact-name',
  RefreshSignals: 'refresh-signals',
  RefreshPages: 'refresh-pages',
  RefreshSearches: 'refresh-searches',
  Preview: 'preview',
  DocsToken: 'docs-token',
  FollowCodePr: 'follow-code-pr',
  DocsStatus: 'docs-status',
  WaiveLabel: 'waive-label',
  CodeToken: 'code-token',
  ReaderImpact: 'reader-impact',
  ReviewLoop: 'review-loop',
  ReviewLoopMax: 'review-loop-max',
  DocsPublish: 'docs-publish',
  ReleaseTag: 'release-tag',
  DocsRepository: 'docs-repository',
} as const;

export type InputName = (typeof Inputs)[keyof typeof Inputs];

/** The most follow-ups `review-loop-max` allows for one documentation PR: a back-link records no more. */
export const MAX_REVIEW_FOLLOW_UPS = 20;

/** Output names as `action.yml` declares them. */
export const Outputs = {
  Outcome: 'outcome',
  JobId: 'job-id',
  Status: 'status',
  PrLink: 'pr-link',
  TimedOut: 'timed-out',
  Model: 'model',
  SourceRepository: 'source-repository',
  SourceRef: 'source-ref',
  CreatedAt: 'created-at',
  ArchivedAt: 'archived-at',
  Job: 'job',
  VisitorsTotal: 'visitors-total',
  VisitorsHuman: 'visitors-human',
  VisitorsAi: 'visitors-ai',
  VisitorsRows: 'visitors-rows',
  VisitorsCsv: 'visitors-csv',
  VisitorsJson: 'visitors-json',
  ArtifactId: 'artifact-id',
  Signals: 'signals',
  Requests: 'requests',
  PreviewUrl: 'preview-url',
  PreviewStatus: 'preview-status',
  DocsPrAction: 'docs-pr-action',
  DocsStatusState: 'docs-status-state',
  ReaderImpact: 'reader-impact',
  Swept: 'swept',
  Released: 'released',
  Doctor: 'doctor',
} as const;

export type OutputName = (typeof Outputs)[keyof typeof Outputs];

/** The outputs of a job: what the agent and refresh commands set, and sync for the job a review went to. */
const JOB_OUTPUTS = [
  Outputs.JobId,
  Outputs.Status,
  Outputs.PrLink,
  Outputs.TimedOut,
  Outputs.Model,
  Outputs.SourceRepository,
  Outputs.SourceRef,
  Outputs.CreatedAt,
  Outputs.ArchivedAt,
  Outputs.Job,
] as const;

/**
 * The outputs each command sets (the contract's *Outputs*, its command column): what each
 * command's own action (`agent/`, `visitors/`, … beside the root `action.yml`) declares.
 */
export const COMMAND_OUTPUTS: Readonly<Record<'agent' | 'visitors' | 'refresh' | 'sync' | 'sweep' | 'release' | 'doctor', readonly OutputName[]>> = {
  agent: [
    Outputs.Outcome,
    ...JOB_OUTPUTS,
    Outputs.PreviewUrl,
    Outputs.PreviewStatus,
    Outputs.DocsPrAction,
    Outputs.DocsStatusState,
    Outputs.ReaderImpact,
    Outputs.Requests,
  ],
  visitors: [
    Outputs.Outcome,
    Outputs.VisitorsTotal,
    Outputs.VisitorsHuman,
    Outputs.VisitorsAi,
    Outputs.VisitorsRows,
    Outputs.VisitorsCsv,
    Outputs.VisitorsJson,
    Outputs.ArtifactId,
    Outputs.Requests,
  ],
  refresh: [Outputs.Outcome, ...JOB_OUTPUTS, Outputs.PreviewUrl, Outputs.PreviewStatus, Outputs.Signals, Outputs.Requests],
  sync: [Outputs.Outcome, ...JOB_OUTPUTS, Outputs.DocsPrAction, Outputs.DocsStatusState, Outputs.Requests],
  sweep: [Outputs.Outcome, Outputs.Swept, Outputs.Requests],
  release: [Outputs.Outcome, Outputs.Released, Outputs.Requests],
  doctor: [Outputs.Outcome, Outputs.Doctor, Outputs.Requests],
};

/**
 * The values of the `outcome` output for the agent and refresh commands: part of the public
 * interface, like the names above.
 */
export const OUTCOMES = [
  'pr-opened',
  'no-pr',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'submitted',
  // Beyond the contract's list: `job-id` with `wait: false` and nothing to send looks at the
  // job once; a job that is not finished yet is `running` (nothing was submitted).
  'running',
  'skipped',
  'dry-run',
  // A closed code pull request with follow-code-pr: the documentation PR was brought in step, no job.
  'synced',
  // Beyond the contract's list: the step was stopped by an API error (a refused key, a job
  // that does not exist, a malformed answer); it always fails the step.
  'error',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

/** Why a run sent nothing, as the gate tells them apart (a record keeps it: `memory/record.ts`). */
export const SKIP_KINDS = ['fork', 'own-docs-pr', 'filtered', 'no-change', 'covered', 'waived'] as const;
export type SkipKind = (typeof SKIP_KINDS)[number];

/**
 * The reader signals a refresh can read (the `refresh-signals` input, and the `signal` of each
 * page in the `signals` output), in the order its prompt and summary list them.
 */
export const REFRESH_SIGNALS = ['visitors', 'feedback', 'searches'] as const;
export type RefreshSignal = (typeof REFRESH_SIGNALS)[number];

/** The values of the `outcome` output for `command: visitors`. */
export const VISITORS_OUTCOMES = ['exported', 'dry-run', 'cancelled', 'error'] as const;
export type VisitorsOutcome = (typeof VISITORS_OUTCOMES)[number];

/** The values of the `outcome` output for `command: sweep`. */
export const SWEEP_OUTCOMES = ['swept', 'dry-run', 'cancelled', 'error'] as const;
export type SweepOutcome = (typeof SWEEP_OUTCOMES)[number];

/** The values of the `outcome` output for `command: release`. */
export const RELEASE_OUTCOMES = ['released', 'skipped', 'dry-run', 'cancelled', 'error'] as const;
export type ReleaseOutcome = (typeof RELEASE_OUTCOMES)[number];

/** The values of the `docs-publish` input: what a code PR's merge does to its documentation PR. */
export const DOCS_PUBLISH_MODES = ['on-merge', 'on-release'] as const;
export type DocsPublish = (typeof DOCS_PUBLISH_MODES)[number];

/**
 * The label a documentation PR held for the release carries while it waits: how `command: release`
 * singles it out among a repository's open pull requests (its record decides; anyone can add a label).
 */
export const RELEASE_LABEL = 'waits-for-release';

/**
 * What a sweep did with each pull request it looked at (the `outcome` of each entry of `swept`):
 * the job's outcome once finished (`timed-out` past `timeout` since it was accepted, `error` for a
 * job the API no longer knows), `still-working`, `skipped` (another run finished it meanwhile, or
 * a push sent a new job), `cancelled`, or `dry-run`.
 */
export type SweptOutcome = Outcome | 'still-working';

/**
 * The values of the `preview-status` output. Beyond the contract's list: `cancelled`, when the step
 * was cancelled while the preview was awaited (the deployment goes on on the platform).
 */
export const PREVIEW_STATUSES = ['success', 'failure', 'timed-out', 'unavailable', 'skipped', 'error', 'cancelled'] as const;

export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** The values of the `docs-pr-action` output: what was done to the documentation PR. */
export const DOCS_PR_ACTIONS = ['linked', 'closed', 'superseded', 'reopened', 'marked-ready', 'commented', 'held', 'synced', 'revised', 'none'] as const;
export type DocsPrAction = (typeof DOCS_PR_ACTIONS)[number];

/** The values of the `docs-status` input (`true` reads as `written`); `false` keeps no status. */
export const DOCS_STATUS_MODES = ['false', 'written', 'approved'] as const;

/** The commit status the documentation gate keeps on the code PR's head commit: its context, and its states (the `docs-status-state` output). */
export const GATE_CONTEXT = 'documentation';
export const GATE_STATES = ['pending', 'success', 'failure', 'error'] as const;
export type GateState = (typeof GATE_STATES)[number];

/** The `fail-on` value that fails the step for a preview that did not succeed (`failure`, `timed-out`, `error`). */
export const PREVIEW_FAILED = 'preview-failed';

export function isOutcome(value: string): value is Outcome {
  return (OUTCOMES as readonly string[]).includes(value);
}

export const DEFAULT_BASE_URL = 'https://api.mintlify.com';

/** Admin keys carry this prefix; assistant keys carry the longer one and cannot drive the agent. */
export const ADMIN_KEY_PREFIX = 'mint_';
export const ASSISTANT_KEY_PREFIX = 'mint_dsc_';
