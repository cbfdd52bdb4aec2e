import type { AgentDeps } from '../agent/run-agent.js';
import type { ApiClient } from '../api/client.js';
import { Outputs, type OutputName } from '../constants.js';
import type { TriggerEvent } from '../event.js';
import { cutToBytes, SUMMARY_LIMIT_BYTES } from '../report/markdown.js';
import type { Clock, Deadline, Logger, Random, Sleep, StartTimer } from '../runtime.js';
import { withoutInvisible } from '../text.js';

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
