/**
 * The time limits of the requests of a run on fake time (the API client's `request-timeout`, each
 * GitHub attempt's), each known by the request it limits, and run on the clock only while a server
 * holds that request without an answer (test/simulator's and the fake GitHub's `onHang`, the
 * simulator's `dripPause`): the request certainly left, and no part of the run can end it earlier.
 *
 * A request on its way to a server, or being answered, takes no time on the run's clock (or what
 * a test charges as it goes out), so its limit does not run then: no pause of another part of the
 * run, and no such charge, ends it, and a request answered in the end never times out. Once a
 * server holds one, the clock runs to its limit (a hang) or on by the server's pause (a drip) as
 * soon as the rest of the run is settled: no other request on its way or being answered, and no
 * GitHub call between its attempts (Octokit passes an answer or a failure on over several turns of
 * the event loop). So a hang ends at exactly its `request-timeout` on the clock, after everything
 * the run had under way at the same instant, whatever the machine's load. A GitHub call's own
 * deadline timer never fires here: the call's attempts are held to it (each one's limit ends by
 * it), and Octokit's pauses, on the clock too, never cross it.
 *
 * A request is known by its method and its target (path and query) as it goes out: the API
 * client's connections (`timedDispatcher`) and Octokit (`watchingRequests`, in place of
 * `@actions/github`'s `getOctokit` in every test file) say so, and its limit is the timer its
 * client started just before, in the same turn of the event loop.
 */
import type { StartTimer } from '../../src/runtime.js';
import type { FakeTime } from './fake-time.js';

/** A request as a server sees it: its method, and its target (path and query) as sent. */
export interface HeldRequest {
  readonly method: string;
  readonly url: string;
}

interface Limit {
  readonly ms: number;
  readonly due: number;
  readonly fire: () => void;
  /** What it limits: a request (`METHOD target`) once that went out, or a GitHub call (its deadline) once the turn it started in is over. */
  request?: string;
  /** Whether it limits a request of a GitHub call, whose deadline timer runs beside it. */
  ofCall?: boolean;
  signal?: AbortSignal;
  /** A server holds the request: the limit runs on the clock. */
  held: boolean;
  /** The server will never answer it (a hang): the clock may run to the limit at once. */
  hung?: boolean;
  /** The clock reached it before a server held the request: it fires once one does. */
  overdue: boolean;
  /** Fired or cancelled. */
  done: boolean;
}

/** The `RequestTimers` in use: each is told of every request that goes out, and knows its own. */
const watching = new Set<RequestTimers>();

export class RequestTimers {
  /** Every request whose limit is one of these timers, with that limit's length, in the order they went out. */
  readonly sent: Array<HeldRequest & { readonly limitMs: number }> = [];
  /** The timers not yet fired or cancelled. */
  private pending = new Set<Limit>();
  /** The timer started last, while the turn of the event loop it was started in lasts: the request that goes out next is its. */
  private latest: Limit | undefined;
  /** The drips waiting for the run to settle before their pause moves the clock. */
  private pauses: Array<{ readonly limit: Limit; readonly ms: number; readonly resume: () => void }> = [];
  private settling = false;

  constructor(private readonly time: FakeTime) {
    watching.add(this);
  }

  readonly startTimer: StartTimer = (ms, fire) => {
    const limit: Limit = { ms, due: this.time.now() + Math.max(0, ms), fire, held: false, overdue: false, done: false };
    const cancel = this.time.startTimer(ms, () => {
      if (limit.held) this.fire(limit);
      else limit.overdue = true;
    });
    this.pending.add(limit);
    this.latest = limit;
    queueMicrotask(() => {
      if (this.latest !== limit) return;
      this.latest = undefined;
      this.settleSoon();
    });
    return () => {
      if (limit.done) return;
      limit.done = true;
      this.pending.delete(limit);
      cancel();
      this.settleSoon();
    };
  };

  /** A request goes out: the timer started last, in this turn, is its limit. */
  leaving(request: HeldRequest, signal: AbortSignal | undefined, ofCall: boolean): void {
    const limit = this.latest;
    this.latest = undefined;
    if (limit === undefined || limit.done || limit.request !== undefined) return;
    limit.request = keyOf(request);
    limit.ofCall = ofCall;
    limit.signal = signal;
    this.sent.push({ method: request.method, url: request.url, limitMs: limit.ms });
  }

  /** A server holds the request and will never answer it: once the run is settled, the clock runs to its limit, which fires. */
  hang(request: HeldRequest): void {
    const limit = this.hold(request);
    if (limit) limit.hung = true;
    this.settleSoon();
  }

  /**
   * A server holding the request waits `ms` before it goes on with the answer (a drip): once the
   * run is settled, the clock moves on by as much, unless the request's limit has already fired
   * or the request was cut off (then the clock stays); the pause ends a turn of the event loop later.
   */
  pause(request: HeldRequest, ms: number): Promise<void> {
    const limit = this.hold(request);
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    if (limit === undefined) return turn();
    return new Promise<void>((resume) => {
      this.pauses.push({ limit, ms, resume });
      this.settleSoon();
    }).then(turn);
  }

  /** No more requests to watch. */
  close(): void {
    watching.delete(this);
  }

  /** The limit of a request a server holds, marked held; none when it is unknown, done, or the request was cut off already (cancelled). */
  private hold(request: HeldRequest): Limit | undefined {
    const key = keyOf(request);
    const limit = [...this.pending].find((candidate) => candidate.request === key);
    if (limit === undefined) return undefined;
    limit.held = true;
    return limit.signal?.aborted ? undefined : limit;
  }

  private settleSoon(): void {
    if (this.settling) return;
    this.settling = true;
    queueMicrotask(() => {
      this.settling = false;
      this.settle();
    });
  }

  /**
   * Whether nothing of the run is under way at this instant: every request limited here is held
   * by a server (or was cut off), and every GitHub call has an attempt out.
   */
  private settled(): boolean {
    let calls = 0;
    let attempts = 0;
    for (const limit of this.pending) {
      if (limit === this.latest) return false;
      if (limit.request === undefined) calls += 1;
      else if (!limit.held && !limit.signal?.aborted) return false;
      else if (limit.ofCall) attempts += 1;
    }
    return calls <= attempts;
  }

  /** Once the run is settled: a held limit the clock passed fires, else a drip's pause moves the clock, else the clock runs to the next limit of a hang. */
  private settle(): void {
    if (!this.settled()) return;
    const held = [...this.pending].filter((limit) => limit.held && !limit.signal?.aborted);
    const overdue = held.find((limit) => limit.overdue);
    if (overdue) {
      this.fire(overdue);
      return;
    }
    const pause = this.pauses.shift();
    if (pause) {
      if (!pause.limit.done && !pause.limit.signal?.aborted) this.time.advance(pause.ms);
      pause.resume();
      this.settleSoon();
      return;
    }
    const next = held.filter((limit) => limit.hung).sort((a, b) => a.due - b.due)[0];
    if (next) this.time.advance(next.due - this.time.now());
  }

  private fire(limit: Limit): void {
    if (limit.done) return;
    limit.done = true;
    this.pending.delete(limit);
    limit.fire();
    this.settleSoon();
  }
}

/** Tells every `RequestTimers` in use that a request goes out (`ofCall`: a request of a GitHub call). */
export function requestLeaving(request: HeldRequest, signal: AbortSignal | undefined, ofCall = false): void {
  for (const timers of watching) timers.leaving(request, signal, ofCall);
}

const keyOf = (request: HeldRequest): string => `${request.method.toUpperCase()} ${request.url}`;

/** The target of a request to `url` (a URL or a string of one): its path and query, as sent. */
export function targetOf(url: string | URL): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

interface WatchedOctokit {
  readonly hook: { before(name: 'request', hook: (options: { request?: { fetch?: typeof fetch } }) => void): void };
}

/**
 * `@actions/github`'s `getOctokit`, whose clients say each request as it goes out
 * (`requestLeaving`): a plugin of their own, around every other, puts a `fetch` that says so in
 * each request's options, in front of the one it would use.
 */
export function watchingRequests<G extends (token: string, options?: never, ...plugins: never[]) => unknown>(getOctokit: G): G {
  const watch = (octokit: WatchedOctokit): void => {
    octokit.hook.before('request', (options) => {
      const given = options.request?.fetch ?? fetch;
      const saying: typeof fetch = (input, init) => {
        requestLeaving({ method: init?.method ?? 'GET', url: targetOf(input instanceof Request ? input.url : input) }, init?.signal ?? undefined, true);
        return given(input, init);
      };
      options.request = { ...options.request, fetch: saying };
    });
  };
  return ((token: string, options?: never, ...plugins: never[]) => getOctokit(token, options, ...plugins, watch as never)) as G;
}
