import type { DocsPublish, Outcome, RefreshSignal } from './constants.js';
import type { ResolvedDate } from './parse.js';

/** The validated inputs: what every flow below the entry layer reads instead of inputs. */
export type Settings = AgentSettings | VisitorsSettings | RefreshSettings | SyncSettings | SweepSettings | ReleaseSettings | DoctorSettings;

export type Command = Settings['command'];
export const COMMANDS = ['agent', 'visitors', 'refresh', 'sync', 'sweep', 'release', 'doctor'] as const satisfies readonly Command[];

export type DiffMode = 'auto' | 'true' | 'false';

export interface CommonSettings {
  readonly apiKey: string;
  /** During a key rotation, the admin key the records of open pull requests were sealed with: it verifies them, never signs, never reaches the API. */
  readonly previousApiKey: string;
  readonly projectId: string;
  readonly baseUrl: string;
  readonly githubToken: string;
  readonly requestTimeoutMs: number;
  readonly retries: number;
  readonly dryRun: boolean;
  /** The whole step's deadline: waiting for a job, or a visitor export with its retries. */
  readonly timeoutMs: number;
}

/** Waiting for a job and judging its outcome: the agent and refresh commands. */
export interface WaitSettings {
  readonly wait: boolean;
  readonly pollIntervalMs: number;
  readonly pollIntervalMaxMs: number;
  readonly failOn: ReadonlySet<Outcome>;
}

/** The preview of the documentation PR's branch after the job: the agent and refresh commands. */
export interface PreviewSettings {
  readonly preview: boolean;
  /** `fail-on` lists `preview-failed`: a preview that ends in `failure`, `timed-out` or `error` fails the step. */
  readonly failOnPreview: boolean;
}

/** An analytics date range: the visitors and refresh commands. */
export interface RangeSettings {
  /** Undefined when the input is empty: the parameter is then not sent. */
  readonly dateFrom: ResolvedDate | undefined;
  readonly dateTo: ResolvedDate | undefined;
}

/** Paging through the visitors endpoint: the visitors export and the refresh's visitors signal. */
export interface PagingSettings {
  readonly pageSize: number;
  readonly maxRows: number;
  readonly concurrency: number;
}

/** The documentation gate: the `documentation` commit status on the code PR (`docs-status`, `waive-label`). */
export interface GateSettings {
  /** `off`: no status; `written`: success once the documentation PR is open; `approved`: once it is approved or merged. */
  readonly docsStatus: 'off' | 'written' | 'approved';
  /** A code PR carrying this label needs no documentation. */
  readonly waiveLabel: string;
}

export interface AgentSettings extends CommonSettings, WaitSettings, PreviewSettings, GateSettings {
  readonly command: 'agent';
  readonly prompt: string;
  readonly jobId: string | undefined;
  readonly diff: DiffMode;
  readonly diffInclude: readonly string[];
  readonly diffExclude: readonly string[];
  readonly diffMaxChars: number;
  readonly allowForks: boolean;
  readonly prComment: boolean;
  readonly reuseJob: boolean;
  /** Reads and writes the documentation PR; empty: `githubToken` serves when that PR is in the workflow's own repository. */
  readonly docsToken: string;
  /** The documentation PR follows its code PR (with `prComment`, on pull-request events). */
  readonly followCodePr: boolean;
  /** What readers will see: the documentation PR's changed pages with their readers (with `prComment`). */
  readonly readerImpact: boolean;
  /** What the code PR's merge does to its documentation PR (with `followCodePr`): marks it ready, or holds it for the release. */
  readonly docsPublish: DocsPublish;
}

/** `command: sync`: on a documentation PR's own events, bring its code PR in step. */
export interface SyncSettings extends CommonSettings, GateSettings, WaitSettings {
  readonly command: 'sync';
  /** Writes the code PR's status and comment; empty: `githubToken`, when the code PR is in the workflow's own repository. */
  readonly codeToken: string;
  /** The review loop: a writer's review of the documentation PR becomes one follow-up message to its job. */
  readonly reviewLoop: boolean;
  /** Follow-ups the loop may send for one documentation PR (1–20). */
  readonly reviewLoopMax: number;
  /** What a review's message may hold, in characters (`diff-max-chars`). */
  readonly diffMaxChars: number;
}

/**
 * `command: sweep`: finishes the pull requests whose jobs `wait: false` left working, on any event.
 * It reads the agent command's settings of what a run does at a job's end (the documentation PR,
 * reader impact, the gate, the preview): a workflow gives both steps the same inputs.
 */
export interface SweepSettings extends CommonSettings, PreviewSettings, GateSettings {
  readonly command: 'sweep';
  readonly docsToken: string;
  readonly followCodePr: boolean;
  readonly readerImpact: boolean;
  readonly docsPublish: DocsPublish;
}

/**
 * `command: release`: on a published release of the code repository, the documentation PRs held
 * for it (`docs-publish: on-release`) whose merge commit it contains are released.
 */
export interface ReleaseSettings extends CommonSettings {
  readonly command: 'release';
  /** Which release: a tag (`release-tag`, else the `release` event's), or the repository's latest. */
  readonly release: { readonly tag: string; readonly from: 'input' | 'event' } | 'latest';
  /** Reads and writes the documentation PRs; empty: `githubToken`, where they are in the workflow's own repository. */
  readonly docsToken: string;
  /** The repositories whose open pull requests may wait for the release, `owner/name`: the workflow's own when none is given. */
  readonly docsRepositories: readonly string[];
}

/**
 * `command: doctor`: checks the set-up (the key and the project, the tokens, the workflows of the
 * default branch, its rules) and says what to fix, writing nothing. The tokens are the ones the
 * workflows pass to their steps, given to the doctor to check that they reach their repositories.
 */
export interface DoctorSettings extends CommonSettings {
  readonly command: 'doctor';
  /** Checked against the documentation repository the newest record names; empty: not checked. */
  readonly docsToken: string;
  /** Checked against the code repository the newest back-link names, where `sync` runs here; empty: not checked. */
  readonly codeToken: string;
}

export interface VisitorsSettings extends CommonSettings, RangeSettings, PagingSettings {
  readonly command: 'visitors';
  readonly offset: number;
  readonly comparePrevious: boolean;
  readonly summaryRows: number;
  readonly outputDir: string;
  readonly artifactName: string;
}

export interface RefreshSettings extends CommonSettings, WaitSettings, RangeSettings, PagingSettings, PreviewSettings {
  readonly command: 'refresh';
  /** Replaces the built-in instruction at the head of the prompt when not empty. */
  readonly prompt: string;
  readonly signals: ReadonlySet<RefreshSignal>;
  /** Pages listed for each page signal (visitors, feedback). */
  readonly pagesPerSignal: number;
  readonly searchTerms: number;
}
