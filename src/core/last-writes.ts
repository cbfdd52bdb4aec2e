import { connectOnce, type ClientsContext } from '../github/clients.js';
import type { GitHubApi, RepoName } from '../github/api.js';
import type { CommonSettings } from '../settings.js';

/** How long a run's last writes may take together once the step was cancelled: the runner allows seconds, and the step exits within two. */
export const CANCELLED_WRAP_UP_MS = 1_500;

/**
 * The windows of a run's last writes (the contract's *The documentation gate*): the status, then
 * the comment, each with a window of its own of one request-timeout from when it starts, so that
 * neither a slow comment nor the time the phases before them took can cost the status; a run so
 * ends at most two request-timeouts past its `timeout`. After a cancellation the step's clients
 * are aborted: the last writes then get clients under a signal of their own, within what is left
 * of `CANCELLED_WRAP_UP_MS` since the first of them began, without retries.
 */
export class LastWrites {
  private cancelledFrom: number | undefined;

  constructor(
    private readonly settings: Pick<CommonSettings, 'requestTimeoutMs' | 'retries'>,
    private readonly context: ClientsContext,
  ) {}

  /** A client for one last write, its window starting now. */
  client(token: string, repo: RepoName): Promise<GitHubApi> {
    const { clock, signal } = this.context;
    const now = clock.now();
    if (!signal.aborted) return connectOnce(this.settings, this.context, token, repo, now + this.settings.requestTimeoutMs, signal, 'a last write');
    this.cancelledFrom ??= now;
    const until = Math.min(now + this.settings.requestTimeoutMs, this.cancelledFrom + CANCELLED_WRAP_UP_MS);
    return connectOnce({ ...this.settings, retries: 0 }, this.context, token, repo, until, new AbortController().signal, 'a last write');
  }
}
