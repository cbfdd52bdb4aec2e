import { cancelledBeforeSending, failedBeforeSending, runAgent, skippedRun, type AgentDeps, type AgentApi, type AgentRun } from '../agent/run-agent.js';
import { DeadlineError, isCancellation, Phase } from '../runtime.js';
import { REFRESH_SIGNALS, type RefreshSignal } from '../constants.js';
import type { RefreshSettings } from '../settings.js';
import { countOf, forLog, errorMessage, formatDuration } from '../text.js';
import { exportProgress } from '../analytics/progress.js';
import { describeRange, type DateRange } from '../analytics/range.js';
import type { ChosenPage, ChosenSearch, ReaderSignals } from './choose.js';
import { buildRefreshPrompt, REFRESH_INSTRUCTION } from './prompt.js';
import { readBusiestPages, readPoorlyRatedPages, readUnansweredSearches, type SignalChoice, type SignalReadOptions, type SignalsApi } from './signals.js';

export interface RefreshDeps extends AgentDeps {
  readonly client: AgentApi & SignalsApi & { readonly requestCount: number };
}

/** How one signal went: read (with how many rows it weighed), or left out and why. */
export type SignalOutcome =
  | { readonly signal: RefreshSignal; readonly read: true; readonly considered: number; readonly chosen: number; readonly notAdvancing?: string }
  | { readonly signal: RefreshSignal; readonly read: false; readonly reason: string };

export interface RefreshRun {
  readonly range: DateRange;
  /** One entry per signal asked for, in the order of REFRESH_SIGNALS. */
  readonly outcomes: SignalOutcome[];
  /** What aimed the job: the `signals` output. */
  readonly signals: ReaderSignals;
  /** The agent job created from them (or why none was: skipped, error, cancelled, dry run). */
  readonly agent: AgentRun;
}

const READERS: Record<RefreshSignal, (api: SignalsApi, options: SignalReadOptions) => Promise<SignalChoice<ChosenPage | ChosenSearch>>> = {
  visitors: readBusiestPages,
  feedback: readPoorlyRatedPages,
  searches: readUnansweredSearches,
};

/**
 * A documentation job aimed by what readers do: read each signal asked for (one failing is one
 * warning and is left out), choose the pages and terms, write them into the prompt, then create
 * one job and wait for it as `command: agent` does. Every analytics read and the wait share the
 * step's one deadline, and each signal has its own share of it: the time left split evenly among
 * the signals still to read, so a stuck read never starves the others and what a quick one leaves
 * passes on. The job gets what the reads leave. Returns the run's record on every path.
 */
export async function runRefresh(settings: RefreshSettings, deps: RefreshDeps): Promise<RefreshRun> {
  const { client, clock, logger } = deps;
  const startedAt = clock.now();
  const deadline = { at: deps.deadline, clock };
  const range: DateRange = { dateFrom: settings.dateFrom, dateTo: settings.dateTo };
  const instruction = settings.prompt || REFRESH_INSTRUCTION;
  const signals: ReaderSignals = { pages: [], searches: [] };
  const outcomes: SignalOutcome[] = [];
  const record = (agent: AgentRun): RefreshRun => ({ range, outcomes, signals, agent });

  // Read, listed in the prompt and shown in the summary in the contract's order.
  const stopped = await logger.phase(Phase.Signals, async (): Promise<'cancelled' | undefined> => {
    const asked = REFRESH_SIGNALS.filter((name) => settings.signals.has(name));
    for (const [index, signal] of asked.entries()) {
      const count = signal === 'searches' ? settings.searchTerms : settings.pagesPerSignal;
      // Its share of the time left, for its requests and its retries alike.
      const start = Math.min(clock.now(), deadline.at);
      const share = { at: start + Math.floor((deadline.at - start) / (asked.length - index)), clock };
      try {
        const onProgress = exportProgress(logger, clock, `Signal ${signal}`, () => client.requestCount);
        const { considered, chosen, notAdvancing } = await READERS[signal](client, { ...settings, count, deadline: share, onProgress });
        if (signal === 'searches') signals.searches.push(...(chosen as ChosenSearch[]));
        else signals.pages.push(...(chosen as ChosenPage[]));
        outcomes.push({ signal, read: true, considered, chosen: chosen.length, ...(notAdvancing ? { notAdvancing } : {}) });
        if (notAdvancing) logger.warning(notAdvancing);
        logger.info(`Signal ${signal}: ${countOf(considered, 'row')} read, ${chosen.length} chosen.`);
      } catch (error) {
        if (isCancellation(error, deps.signal)) return 'cancelled';
        const reason = !(error instanceof DeadlineError)
          ? errorMessage(error)
          : share.at < deadline.at
            ? `its share of the step's timeout (${formatDuration(share.at - start)}) ran out (${error.message})`
            : `the step's timeout ran out (${error.message})`;
        outcomes.push({ signal, read: false, reason });
        logger.warning(`The ${signal} signal was left out: ${forLog(reason, 500)}`);
      }
    }
    return undefined;
  });
  if (stopped === 'cancelled') return record(cancelledBeforeSending({ prompt: '' }, startedAt));

  if (outcomes.every((outcome) => !outcome.read)) {
    const reasons = outcomes.map((outcome) => `${outcome.signal}: ${outcome.read ? '' : outcome.reason}`).join('; ');
    return record(failedBeforeSending({ prompt: '' }, startedAt, new Error(`No reader signal could be read (${reasons}); no job was created.`)));
  }
  if (signals.pages.length === 0 && signals.searches.length === 0) {
    return record(
      skippedRun(
        { prompt: '' },
        startedAt,
        `No page and no search term qualified in ${describeRange(range)}: nothing to aim a refresh at, so no job was created.`,
      ),
    );
  }
  if (clock.now() >= deadline.at) {
    return record(
      failedBeforeSending({ prompt: '' }, startedAt, new Error('The timeout ran out while the reader signals were read; no job was created. Raise timeout.')),
    );
  }

  const prompt = buildRefreshPrompt(instruction, signals, describeRange(range));
  // The reads and the wait share the step's one deadline.
  const agent = await runAgent({ ...settings, jobId: undefined }, prompt, { ...deps, deadline: deadline.at });
  return record(agent);
}
