/**
 * The side effects the flows and the API client depend on, passed in as parameters so that
 * tests can drive them with fake time and a recording logger. Only the entry layer builds the
 * real ones (from `@actions/core`, timers and `Date.now`).
 */

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  notice(message: string): void;
  warning(message: string): void;
  /**
   * Prints text that came from outside (a prompt, a diff) with workflow commands turned off around
   * it, so that no line of it can act as one (`::add-mask::`, …): inside the phase's group when a
   * phase runs, in a collapsed group of its own otherwise.
   */
  data(title: string, text: string): void;
  /**
   * Runs `work` as one phase of the step (`Phase`): on a runner, what it logs goes into a
   * collapsible group with that title, so a failed run opens at the phase that failed and the
   * others stay folded. A phase that logs nothing leaves no group. GitHub's groups do not nest, so
   * a phase begun inside another ends the outer one's group and opens its own, titled by both
   * (`phaseTitle`); what the outer one logs after it opens a group of the outer one's again.
   */
  phase<T>(title: PhaseTitle, work: () => Promise<T>): Promise<T>;
}

/**
 * The phases of the commands, in the order a run meets them: the titles of the log's groups.
 * `agent`: prepare, send, wait, documentation PR, preview, impact, gate, publish; `refresh`: the
 * signals, then send and wait; `visitors`: the export, then the artifact; `sync` and `sweep` use
 * the agent command's, `sync` with the review loop's `Review` holding its send, wait and publish,
 * and a sweep's pull request a phase of its own holding the rest.
 */
export const Phase = {
  Prepare: 'Prepare: the pull request and the prompt',
  Send: 'Send: the prompt to the agent',
  Wait: 'Wait: the job until it ends',
  DocsPr: 'Documentation PR',
  Preview: 'Preview',
  Impact: 'Reader impact',
  Gate: 'Gate: the documentation status',
  Publish: 'Publish: the status and the comment',
  Signals: 'Signals: what readers do',
  Export: 'Export: visitors to files',
  Artifact: 'Artifact: the files uploaded',
  Review: 'Review: who asked and what',
  Release: 'Release: the release as GitHub has it',
  Waiting: 'Waiting: the documentation PRs held for a release',
} as const;

/** A phase's title: one of `Phase`'s, or a sweep's pull request (`Pull request #12`). */
export type PhaseTitle = (typeof Phase)[keyof typeof Phase] | `Pull request #${number}`;

/** The group title of the innermost of these phases, outermost first: `Pull request #12 › Gate: the documentation status`. */
export function phaseTitle(phases: readonly PhaseTitle[]): string {
  return phases.join(' › ');
}

/**
 * The step's one deadline, built once by the entry layer from `timeout` and handed to every client
 * and flow: no request, retry, pause or page may end after `at`. The run's last writes (the
 * status, then the comment) each have a window of their own past it (`steps/last-writes.ts`): a
 * run that timed out is worth a status and a comment that say so.
 */
export interface Deadline {
  /** Epoch ms by the step's clock. */
  readonly at: number;
}

/** The deadline of a step that starts at `startedAt`. */
export function stepDeadline(startedAt: number, settings: { readonly timeoutMs: number }): Deadline {
  return { at: startedAt + settings.timeoutMs };
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Calls `fire` once, `ms` from now, unless the cancel it returns is called first. The time limits
 * of requests (the API's and each GitHub attempt's `request-timeout`, a GitHub call's deadline)
 * run on it, and no other timer does: it is a port, as `Sleep` is, so that tests run these limits
 * on fake time, where a request that hangs ends after its `request-timeout` of the test's clock
 * and never earlier, however busy the machine.
 */
export type StartTimer = (ms: number, fire: () => void) => CancelTimer;

/** Stops a timer that has not fired yet; after it fired, does nothing. */
export type CancelTimer = () => void;

/** A number in [0, 1), as `Math.random` gives; injected so jitter is reproducible in tests. */
export type Random = () => number;

export const systemClock: Clock = { now: () => Date.now() };

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const realTimer: StartTimer = (ms, fire) => {
  const timer = setTimeout(fire, Math.max(0, ms));
  return () => clearTimeout(timer);
};

/** Thrown (or used as an abort reason) when the run is cancelled by SIGINT/SIGTERM. */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

/** Thrown when the step's `timeout` runs out before a flow's work is done. */
export class DeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeadlineError';
  }
}

/**
 * The one test for "the step was cancelled": the signal aborted, or the failure is a
 * cancellation — this module's `CancelledError`, or a client's error of kind `cancelled` (the API's
 * and GitHub's, which name the call that was cut off). A request cut off by the signal fails with
 * its own error; once the signal aborted, any failure is the cancellation's.
 */
export function isCancellation(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || error instanceof CancelledError || (error as { kind?: unknown } | null)?.kind === 'cancelled';
}

export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new CancelledError();
}

/** A logger that drops everything: for callers that have nothing to say to the author. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  notice: () => undefined,
  warning: () => undefined,
  data: () => undefined,
  phase: (_title, work) => work(),
};
