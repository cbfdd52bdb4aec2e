import type { AgentDeps } from '../agent/run-agent.js';
import type { ApiClient } from '../api/client.js';
import { Outputs, type OutputName } from '../constants.js';
import type { TriggerEvent } from '../event.js';
import { cutToBytes, SUMMARY_LIMIT_BYTES } from '../report/markdown.js';
import type { Clock, Deadline, Logger, Random, Sleep, StartTimer } from '../runtime.js';
import { withoutInvisible } from '../text.js';
import type { Core, CoreSettings } from '../core/context.js';
import { LastWrites } from '../core/last-writes.js';
import type { DocsAccess } from '../docs-pr/access.js';
import { repoName } from '../docs-pr/target.js';
import type { ConnectGitHub } from '../github/clients.js';
import { RecordSeal, type RepositoryIdentity } from '../memory/seal.js';
import type { CommonSettings } from '../settings.js';

/**
 * How a step ended, for the entry layer to apply in one place: outputs first, then the summary,
 * the closing log line, and the failure. A step returns one on every path, cancellation included,
 * once its last writes to GitHub are done; it never sets outputs or fails the step itself. This
 * module is the one place outputs are set: the report's, and the two the contract wants as soon as
 * they are known (`announce`).
 */
export interface StepReport {
  readonly outputs: Partial<Record<OutputName, string>>;
  /** The job summary, in Markdown (the entry layer cuts it to GitHub's limit). */
  readonly summary: string;
  /** The last line of the log: what happened, in one line. */
  readonly closingLine?: string;
  /** Why the step fails, when it does: one line for the author. */
  readonly failure?: string;
  /** Work the step could not stop may still hold the process (an upload cut short): end it soon. */
  readonly leftRunning?: boolean;
}

/** Where a report goes: on a runner, the step's outputs, its job summary, the log and the step's failure. */
export interface ReportSink {
  setOutputs(outputs: Partial<Record<OutputName, string>>): void;
  writeSummary(markdown: string): Promise<void>;
  info(line: string): void;
  fail(message: string): void;
}

/**
 * Applies a step's report in its order: outputs, the summary (cut to GitHub's limit), the closing
 * line, then the failure. The entry layer's one way to apply a report, so that any other caller
 * applies it the same way.
 */
export async function applyReport(report: StepReport, sink: ReportSink): Promise<void> {
  sink.setOutputs(report.outputs);
  await sink.writeSummary(cutToBytes(report.summary, SUMMARY_LIMIT_BYTES));
  if (report.closingLine) sink.info(report.closingLine);
  if (report.failure) sink.fail(report.failure);
}

/**
 * The outputs set before the report, as soon as they are known: the job ID (a later step can
 * attach to the job even when this one fails or is cancelled) and the preview URL. The report sets
 * them again, with the rest.
 */
export function announce(context: Pick<StepContext, 'setOutput'>, name: typeof Outputs.JobId | typeof Outputs.PreviewUrl, value: string): void {
  context.setOutput(name, withoutInvisible(value));
}

/** What every step is given by the entry layer: the API client, the event, and the side effects as ports. */
export interface StepContext {
  readonly client: ApiClient;
  readonly event: TriggerEvent;
  /** The runner's environment: GITHUB_REPOSITORY, GITHUB_API_URL. */
  readonly env: NodeJS.ProcessEnv;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly sleep: Sleep;
  /** Runs the time limits of the step's requests (`request-timeout`, a GitHub call's deadline). */
  readonly startTimer: StartTimer;
  readonly random: Random;
  /** Aborts once the step is cancelled (SIGINT, SIGTERM). */
  readonly signal: AbortSignal;
  /** The step's one deadline, from `timeout`: every client and flow is held to it. */
  readonly deadline: Deadline;
  /** Sets one output at once, before the step's report: the job ID as soon as it is known. */
  readonly setOutput: (name: OutputName, value: string) => void;
}

/** What creating and waiting for a job takes, from a step's context; the job ID is an output the moment it is known. */
export function agentDeps(context: StepContext): AgentDeps & { readonly client: ApiClient } {
  const { client, clock, sleep, random, logger, signal, deadline } = context;
  return { client, clock, sleep, random, logger, signal, deadline: deadline.at, onJobId: (id) => announce(context, Outputs.JobId, id) };
}

/** What a command's core reaches: the code repository with its token, and the documentation side's tokens. */
export interface CoreReach {
  /** The code repository, as records are bound to it, and the token that writes there; none off a repository (a local run). */
  readonly code: { readonly repository: RepositoryIdentity; readonly token: string } | undefined;
  /**
   * The documentation side: `docs-token`, and the token that reaches the workflow's own repository
   * there; none when nothing in the run reads it.
   */
  readonly docs: { readonly docsToken: string; readonly workflowToken: string; readonly workflowRepository: string } | undefined;
  /** The command's outputs are its own (a sweep): the job ID and the preview URL of a pull request are not announced. */
  readonly quiet?: boolean;
}

/**
 * The core's context for a command (`core/context.ts`): each client by what it reaches, held to
 * the step's deadline, with the last writes' windows (`core/last-writes.ts`, one per core, so that
 * a cancellation's wrap-up is shared by all of them). `github`: the step's clients, shared by
 * every core the step makes.
 */
export function coreOf(
  settings: CoreSettings & Pick<CommonSettings, 'requestTimeoutMs' | 'retries' | 'apiKey' | 'previousApiKey'>,
  context: StepContext,
  reach: CoreReach,
  github: ConnectGitHub,
  seal = RecordSeal.fromApiKey(settings.apiKey, settings.previousApiKey),
): Core {
  const lastWrites = new LastWrites(settings, context);
  const docs: DocsAccess | undefined = reach.docs && {
    docsToken: reach.docs.docsToken,
    githubToken: reach.docs.workflowToken,
    workflowRepository: reach.docs.workflowRepository,
    connect: (docsToken, docsRepo) => github(docsToken, docsRepo, context.deadline.at),
  };
  return {
    settings,
    code: reach.code && codeRepository(reach.code.repository, reach.code.token, context, github, lastWrites),
    docs,
    api: context.client,
    seal,
    deadline: context.deadline.at,
    logger: context.logger,
    clock: context.clock,
    sleep: context.sleep,
    signal: context.signal,
    env: context.env,
    announce: reach.quiet ? () => undefined : (name, value) => announce(context, name === 'job-id' ? Outputs.JobId : Outputs.PreviewUrl, value),
  };
}

function codeRepository(repository: RepositoryIdentity, token: string, context: StepContext, github: ConnectGitHub, lastWrites: LastWrites): Core['code'] {
  const repo = repoName(repository.name);
  return { repository, repo, read: () => github(token, repo, context.deadline.at), lastWrite: () => lastWrites.client(token, repo) };
}
