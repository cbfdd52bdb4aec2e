import type { Clock, Logger, StartTimer } from '../runtime.js';
import type { CommonSettings } from '../settings.js';
import type { GitHubApi, RepoName } from './api.js';
import { createGitHubApi } from './octokit.js';

/** A GitHub client for a token, a repository and the instant its requests must end by. */
export type ConnectGitHub = (token: string, repo: RepoName, until: number) => Promise<GitHubApi>;

/** What a step's GitHub clients are held to besides the settings: cancellation, the clock and its timers, the runner's API root. */
export interface ClientsContext {
  readonly signal: AbortSignal;
  readonly clock: Clock;
  readonly startTimer: StartTimer;
  readonly env: NodeJS.ProcessEnv;
  readonly logger: Pick<Logger, 'info'>;
}

/**
 * A step's GitHub clients, one per token, repository and limit, each made on first use (so a
 * step that reads nothing from GitHub never loads Octokit), and each held to the step's
 * `request-timeout`, cancellation and `retries`.
 */
export function gitHubClients(settings: Pick<CommonSettings, 'requestTimeoutMs' | 'retries'>, context: ClientsContext): ConnectGitHub {
  const clients = new Map<string, Promise<GitHubApi>>();
  return (token, repo, until) => {
    // GitHub names a repository in any case; a token is only itself.
    const key = `${token}\n${`${repo.owner}/${repo.repo}`.toLowerCase()}\n${until}`;
    let client = clients.get(key);
    if (!client) {
      client = connectOnce(settings, context, token, repo, until, context.signal);
      clients.set(key, client);
    }
    return client;
  };
}

/**
 * One client, not shared: a run's last writes each make their own, for a window of their own
 * (after a cancellation, under a signal of their own, since the step's is aborted).
 */
export function connectOnce(
  settings: Pick<CommonSettings, 'requestTimeoutMs' | 'retries'>,
  context: ClientsContext,
  token: string,
  repo: RepoName,
  until: number,
  signal: AbortSignal,
  deadlineIs: 'the step' | 'a last write' = 'the step',
): Promise<GitHubApi> {
  return createGitHubApi({
    deadlineIs,
    token,
    repo,
    requestTimeoutMs: settings.requestTimeoutMs,
    deadline: until,
    signal,
    clock: context.clock,
    startTimer: context.startTimer,
    apiUrl: context.env.GITHUB_API_URL,
    retries: settings.retries,
    logger: context.logger,
  });
}
