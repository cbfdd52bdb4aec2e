/**
 * The API client's connections for a run on fake time: each request is told as it goes out, and
 * each one the client gave up on after `request-timeout` (a hang) is told too, so that the run's
 * clock can be moved by what the request cost on a runner. The client's own timer is real: a hang
 * still waits `request-timeout` of real time, so tests keep it short.
 */
import { Agent, DecoratorHandler, type Dispatcher } from 'undici';

export interface RequestHooks {
  /** As each request to the API goes out, before it is sent. */
  readonly onRequest?: () => void;
  /** When the client's `request-timeout` ended a request. */
  readonly onRequestTimeout?: () => void;
}

/** One keep-alive pool, as the action's own, with the hooks of whichever run uses it (read at each request). */
export function timedDispatcher(hooks: () => RequestHooks | undefined): Dispatcher {
  return new Agent({ keepAliveTimeout: 4_000 }).compose((dispatch) => (options, handler) => {
    const current = hooks();
    current?.onRequest?.();
    return dispatch(options, new TimedHandler(handler, () => current?.onRequestTimeout?.()));
  });
}

/** Tells when a request ends because the client's request-timeout ran out. */
class TimedHandler extends DecoratorHandler {
  constructor(
    handler: Dispatcher.DispatchHandlers,
    private readonly onTimeout: () => void,
  ) {
    super(handler);
  }

  onError(error: Error): void {
    if (error.name === 'RequestTimeout') this.onTimeout();
    // The declared type of the decorator leaves its methods out; it has them all.
    (DecoratorHandler.prototype as Required<Dispatcher.DispatchHandlers>).onError.call(this, error);
  }
}
