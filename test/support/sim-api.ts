/**
 * The API client against the simulator, on fake time, for the flows a step hands a client to
 * (`runAgent` and its phases, `runVisitors`): the simulator lives by the test's clock, the
 * client's pauses move it at once, and a request the simulator holds ends at its
 * `request-timeout` on it (request-timers.ts). The steps themselves run through `startFlows`
 * (in-process.ts), which builds the same client inside each run.
 */
import { ApiClient } from '../../src/api/client.js';
import { parseSettings } from '../../src/inputs.js';
import type { Logger, Sleep } from '../../src/runtime.js';
import type { Settings } from '../../src/settings.js';
import { USER_AGENT } from '../../src/version.js';
import { apiInputs, startSimulator, type Simulator, type SimulatorOptions } from '../simulator/index.js';
import { FakeTime, seededRandom } from './fake-time.js';
import { RequestTimers } from './request-timers.js';
import { timedDispatcher } from './timed-dispatcher.js';

export interface ClientOptions {
  readonly logger: Logger;
  readonly signal?: AbortSignal;
  /** Epoch ms by the test's clock; none by default. */
  readonly deadline?: number;
  readonly retries?: number;
  readonly requestTimeoutMs?: number;
  /** The pause between retries; the clock's own by default. */
  readonly sleep?: Sleep;
}

export interface SimApi {
  readonly sim: Simulator;
  /** The clock of the simulator, the client and its request timers. */
  readonly time: FakeTime;
  /** Told as each request to the API goes out, before it is sent. */
  onRequest: (() => void) | undefined;
  /** A client of the simulator's project with its key, on the test's clock. */
  client(options: ClientOptions): ApiClient;
  /** The settings these inputs give against the simulator (its key, project and URL filled in), as the runner's would. */
  settings<S extends Settings>(inputs: Readonly<Record<string, string>>): S;
  /** Empties the simulator's request log, fault queue and job queues, and forgets the request hook. */
  reset(): void;
  close(): Promise<void>;
}

export async function startSimApi(options: Omit<SimulatorOptions, 'now'> = {}): Promise<SimApi> {
  const time = new FakeTime();
  const timers = new RequestTimers(time);
  const sim = await startSimulator({ ...options, now: () => time.now() });
  sim.onHang = (request) => timers.hang(request);
  sim.dripPause = (ms, request) => timers.pause(request, ms);
  const dispatcher = timedDispatcher(() => ({ onRequest: api.onRequest }));
  const api: SimApi = {
    sim,
    time,
    onRequest: undefined,
    client: (client) =>
      new ApiClient({
        baseUrl: sim.url,
        apiKey: sim.apiKey,
        projectId: 'proj_sim',
        requestTimeoutMs: client.requestTimeoutMs ?? 30_000,
        retries: client.retries ?? 2,
        userAgent: USER_AGENT,
        logger: client.logger,
        clock: time,
        sleep: client.sleep ?? time.sleep,
        startTimer: timers.startTimer,
        random: seededRandom(7),
        signal: client.signal,
        deadline: client.deadline,
        dispatcher,
      }),
    settings: <S extends Settings>(inputs: Readonly<Record<string, string>>): S => {
      const given = apiInputs(sim, inputs);
      return parseSettings((name) => given[name], { event: { name: '', payload: {}, actor: 'octocat' }, nowMs: time.now(), env: {} }).settings as S;
    },
    reset: () => {
      sim.resetLog();
      sim.clearFaults();
      sim.clearQueues();
      api.onRequest = undefined;
    },
    close: async () => {
      timers.close();
      await Promise.all([sim.close(), dispatcher.close()]);
    },
  };
  return api;
}
