/**
 * The API client's connections for a run on fake time: each request is told as it goes out, so
 * that its time limit is known by it (`requestLeaving`: a hang then ends at its `request-timeout`
 * on the run's clock) and the run's clock can be moved by what the request costs on a runner.
 */
import { Agent, type Dispatcher } from 'undici';
import { requestLeaving } from './request-timers.js';

export interface RequestHooks {
  /** As each request to the API goes out, before it is sent (and after its time limit is known by it). */
  readonly onRequest?: () => void;
}

/** One keep-alive pool, as the action's own, with the hooks of whichever run uses it (read at each request). */
export function timedDispatcher(hooks: () => RequestHooks | undefined): Dispatcher {
  return new Agent({ keepAliveTimeout: 4_000 }).compose((dispatch) => (options, handler) => {
    const { signal } = options as { signal?: unknown };
    requestLeaving({ method: options.method, url: options.path }, signal instanceof AbortSignal ? signal : undefined);
    hooks()?.onRequest?.();
    return dispatch(options, handler);
  });
}
