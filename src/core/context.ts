import type { ApiClient } from '../api/client.js';
import type { DocsPublish } from '../constants.js';
import type { DocsAccess } from '../docs-pr/access.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import type { GitHubApi, RepoName } from '../github/api.js';
import type { RecordSeal, RepositoryIdentity } from '../memory/seal.js';
import type { Clock, Logger, Sleep } from '../runtime.js';
import type { GateSettings } from '../settings.js';

/**
 * What the core of "a code PR and its documentation" is given, by every command that ends a job
 * (`agent`, `sweep`, the review loop of `sync`) and every command that judges a code PR's gate:
 * each client named by what it reaches, each deadline, and what the command asks of a job's end.
 * No command's settings: a command says here what it wants, in the core's words.
 */
export interface Core {
  readonly settings: CoreSettings;
  /** The code repository: the pull request, its comment and its `documentation` status; none off a repository (a local run). */
  readonly code: CodeRepository | undefined;
  /** The documentation repositories, as far as a token reaches them; undefined when nothing reads them. */
  readonly docs: DocsAccess | undefined;
  /** The documentation API: jobs, previews, analytics. */
  readonly api: ApiClient;
  /** Seals what the core records, and verifies what it reads back. */
  readonly seal: RecordSeal;
  /** The step's deadline (epoch ms by `clock`): every read and write before the last writes is held to it. */
  readonly deadline: number;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly sleep: Sleep;
  /** Aborts once the step is cancelled (SIGINT, SIGTERM). */
  readonly signal: AbortSignal;
  /** The runner's environment: the server's address, the run's page. */
  readonly env: NodeJS.ProcessEnv;
  /** Sets an output before the step's report (the job ID, the preview URL); nothing for a command whose outputs are its own (a sweep). */
  readonly announce: (name: 'job-id' | 'preview-url', value: string) => void;
}

/** The code repository as the core reaches it. */
export interface CodeRepository {
  /** Its identity, as records are bound to it (its ID), and its name now. */
  readonly repository: RepositoryIdentity;
  readonly repo: RepoName;
  /** A client for reads and for writes before the last writes, held to the step's deadline. */
  read(): Promise<GitHubApi>;
  /** A client for one last write, in a window of its own (`last-writes.ts`): each call opens a new window. */
  lastWrite(): Promise<GitHubApi>;
}

/** What a command asks of the core, in the core's words. */
export interface CoreSettings extends GateSettings {
  /** Nothing is written anywhere; nothing is sent. */
  readonly dryRun: boolean;
  /** `follow-code-pr`: the documentation PR follows its code PR (linked, superseded, closed, reopened, marked ready). */
  readonly followCodePr: boolean;
  /** `reader-impact`: what readers will see of the documentation PR. */
  readonly readerImpact: boolean;
  /** `preview`: a preview of the job's branch once the job ends. */
  readonly preview: boolean;
  /** `timeout` of the run that sends a job: its record says the job must end by its acceptance plus this. */
  readonly timeoutMs: number;
  /** `docs-publish`: a merged code PR's documentation PR is marked ready (`on-merge`, and when absent) or held for the release. */
  readonly docsPublish?: DocsPublish;
}

/** Whether the documentation PR is followed at all: `follow-code-pr`, or only linked (`docs-status: approved`, which follows its approval through the back-link). */
export function follows(settings: Pick<CoreSettings, 'followCodePr' | 'docsStatus'>): boolean {
  return settings.followCodePr || settings.docsStatus === 'approved';
}

/** A pull request's page on the runner's GitHub. */
export function pullPage(core: Pick<Core, 'env'>, pull: { readonly repository: string; readonly number: number }): string {
  return `${serverUrlFrom(core.env)}/${pull.repository}/pull/${pull.number}`;
}
