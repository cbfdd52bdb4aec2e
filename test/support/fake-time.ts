import { CancelledError, phaseTitle, type Clock, type Logger, type PhaseTitle, type Sleep } from '../../src/runtime.js';

/**
 * Simulated time for the poll loop: `sleep` moves the clock forward at once, so an hour of
 * waiting runs in microseconds and every pause is recorded.
 */
export class FakeTime implements Clock {
  readonly pauses: number[] = [];
  constructor(private current = Date.UTC(2026, 10, 22, 12, 0, 0)) {}

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  readonly sleep: Sleep = (ms, signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new CancelledError());
    this.pauses.push(ms);
    this.current += ms;
    return Promise.resolve();
  };
}

/** A seeded generator (mulberry32), so jittered schedules are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RecordingLogger extends Logger {
  /** Every line, with the group it goes into on a runner: the innermost phase's title (`phaseTitle`). */
  readonly lines: Array<{ level: string; message: string; phase?: string }>;
  /** The `data` blocks (text from outside, shown collapsed), by title and text. */
  readonly blocks: Array<{ title: string; text: string }>;
  /** Every phase begun, by its group title, in order (one that logged nothing included). */
  readonly phases: string[];
  messages(level: string): string[];
  /** The lines logged in the group of this title (every run of it). */
  inPhase(title: string): string[];
}

export function recordingLogger(): RecordingLogger {
  const lines: Array<{ level: string; message: string; phase?: string }> = [];
  const blocks: Array<{ title: string; text: string }> = [];
  const phases: string[] = [];
  const running: PhaseTitle[] = [];
  const push = (level: string) => (message: string) => {
    lines.push({ level, message, ...(running.length === 0 ? {} : { phase: phaseTitle(running) }) });
  };
  return {
    lines,
    blocks,
    phases,
    messages: (level) => lines.filter((line) => line.level === level).map((line) => line.message),
    inPhase: (title) => lines.filter((line) => line.phase === title).map((line) => line.message),
    debug: push('debug'),
    info: push('info'),
    notice: push('notice'),
    warning: push('warning'),
    data: (title, text) => {
      push('data')(`${title}\n${text}`);
      blocks.push({ title, text });
    },
    phase: async (title, work) => {
      running.push(title);
      phases.push(phaseTitle(running));
      try {
        return await work();
      } finally {
        running.pop();
      }
    },
  };
}
