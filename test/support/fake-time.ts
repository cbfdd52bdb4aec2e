import { CancelledError, phaseTitle, type Clock, type Logger, type PhaseTitle, type Sleep, type StartTimer } from '../../src/runtime.js';

/** A timer on fake time: how long it was started for, and the instant it fires. */
export interface FakeTimer {
  readonly ms: number;
  readonly due: number;
}

/** A timer pending: what it calls, and its place among the timers started (which of those due at one instant fires first). */
type Pending = FakeTimer & { readonly fire: () => void; readonly order: number };

/**
 * Simulated time: `sleep` moves the clock forward at once, so an hour of waiting runs in
 * microseconds and every pause is recorded. Its timers (`startTimer`, the requests' time limits)
 * fire when the clock reaches them, by `advance`, `sleep` or `runToNextTimer`, in the order they
 * are due (those due at one instant in the order they were started), the clock at each one's
 * instant as it fires; never by themselves, and never before.
 */
export class FakeTime implements Clock {
  readonly pauses: number[] = [];
  private readonly timers: Pending[] = [];
  private started = 0;
  constructor(private current = Date.UTC(2026, 10, 22, 12, 0, 0)) {}

  now(): number {
    return this.current;
  }

  /** Moves the clock on by `ms`, firing every timer due by then. */
  advance(ms: number): void {
    this.runUntil(this.current + ms);
  }

  /** Moves the clock to the earliest timer pending and fires it, and any other due at that instant: false (the clock unmoved) when none is pending. */
  runToNextTimer(): boolean {
    const next = this.earliest();
    if (!next) return false;
    this.runUntil(next.due);
    return true;
  }

  /** The timers started and neither fired nor cancelled, in the order they fire. */
  get pendingTimers(): FakeTimer[] {
    return [...this.timers].sort(byDue).map(({ ms, due }) => ({ ms, due }));
  }

  readonly startTimer: StartTimer = (ms, fire) => {
    const timer: Pending = { ms, due: this.current + Math.max(0, ms), fire, order: this.started++ };
    this.timers.push(timer);
    return () => {
      const at = this.timers.indexOf(timer);
      if (at >= 0) this.timers.splice(at, 1);
    };
  };

  readonly sleep: Sleep = (ms, signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new CancelledError());
    this.pauses.push(ms);
    this.advance(ms);
    return Promise.resolve();
  };

  private earliest(): Pending | undefined {
    return this.timers.reduce<Pending | undefined>((first, timer) => (first === undefined || byDue(timer, first) < 0 ? timer : first), undefined);
  }

  /** Fires, one at a time, each timer due by `instant` (a timer may start or cancel others, or move the clock), then sets the clock there. */
  private runUntil(instant: number): void {
    for (let next = this.earliest(); next !== undefined && next.due <= instant; next = this.earliest()) {
      this.timers.splice(this.timers.indexOf(next), 1);
      this.current = Math.max(this.current, next.due);
      next.fire();
    }
    this.current = Math.max(this.current, instant);
  }
}

const byDue = (a: Pending, b: Pending): number => a.due - b.due || a.order - b.order;

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
