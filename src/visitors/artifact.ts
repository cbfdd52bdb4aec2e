import { realSleep, systemClock, type Clock, type Sleep } from '../runtime.js';
import { errorMessage, formatDuration } from '../text.js';

/** How an upload went: its artifact ID, or why there is none. */
export interface ArtifactUpload {
  readonly id?: number;
  /** Why nothing was uploaded where no upload could be (a local run). */
  readonly skipped?: string;
  /** Why an upload that was tried failed. */
  readonly failed?: string;
  /** Why an upload that was started did not finish: cut short by the timeout or a cancellation. */
  readonly unfinished?: string;
}

export type UploadArtifact = (name: string, files: string[], rootDirectory: string, limits: UploadLimits) => Promise<ArtifactUpload>;

/** What bounds an upload: the step's deadline, `request-timeout`, and cancellation. */
export interface UploadLimits {
  /** The step's deadline (epoch ms, by `clock`). */
  readonly deadline: number;
  readonly timeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly signal: AbortSignal;
  readonly clock?: Clock;
  readonly sleep?: Sleep;
}

/**
 * Uploads the files with `@actions/artifact`, loaded only here: it is large and a step without
 * an upload never needs it. Where the runner's artifact service is not reachable (a local run,
 * `npm start`, a container without the runtime token), nothing is uploaded and the caller says so.
 * The upload is held to the step's limits (`withinLimits`); one cut short leaves the files as
 * they are and says why it did not finish.
 */
export async function uploadArtifact(
  name: string,
  files: string[],
  rootDirectory: string,
  limits: UploadLimits,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ArtifactUpload> {
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    return { skipped: 'no artifact service is reachable here (ACTIONS_RUNTIME_TOKEN is not set, as in a local run)' };
  }
  // Past the step's deadline no upload starts: one would only be cut short at once.
  if ((limits.clock ?? systemClock).now() >= limits.deadline) return timedOut(limits);
  // The client reads its one limit of its own from the environment: how long a block of the
  // upload may make no progress. Unless the workflow set it, that is one request-timeout.
  env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS ??= String(limits.requestTimeoutMs);
  const upload = (async (): Promise<ArtifactUpload> => {
    try {
      const { DefaultArtifactClient } = await import('@actions/artifact');
      const response = await new DefaultArtifactClient().uploadArtifact(name, files, rootDirectory);
      return { id: response.id };
    } catch (error) {
      return { failed: errorMessage(error) };
    }
  })();
  return withinLimits(upload, limits);
}

/**
 * The upload, or why it did not finish, whichever comes first. The client takes no abort signal
 * and no timeout per request, so the upload is raced instead: `timeout` ends it, whatever
 * request-timeout says (that bounds each block of it: see `uploadArtifact`); cancellation ends it
 * at once. An upload that lost the race goes on in the background: the step's report says so,
 * and the entry layer ends the process soon after the outputs and the summary are written.
 */
export async function withinLimits(upload: Promise<ArtifactUpload>, limits: UploadLimits): Promise<ArtifactUpload> {
  const clock = limits.clock ?? systemClock;
  const sleep = limits.sleep ?? realSleep;
  const settled = new AbortController();
  const cutShort = new Promise<ArtifactUpload>((resolve) => {
    sleep(Math.max(0, limits.deadline - clock.now()), AbortSignal.any([limits.signal, settled.signal])).then(
      () => resolve(timedOut(limits)),
      () => {
        if (limits.signal.aborted) resolve({ unfinished: 'the step was cancelled' });
      },
    );
  });
  try {
    return await Promise.race([upload, cutShort]);
  } finally {
    settled.abort();
  }
}

function timedOut(limits: UploadLimits): ArtifactUpload {
  return { unfinished: `the step's timeout (${formatDuration(limits.timeoutMs)}) ran out` };
}
