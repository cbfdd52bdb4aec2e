import type { ArtifactUpload } from './run-visitors.js';
import { errorMessage } from '../text.js';

/**
 * Uploads the files with `@actions/artifact`, loaded only here: it is large and a step without
 * an upload never needs it. Where the runner's artifact service is not reachable (a local run,
 * `npm start`, a container without the runtime token), nothing is uploaded and the caller says so.
 */
export async function uploadArtifact(name: string, files: string[], rootDirectory: string, env: NodeJS.ProcessEnv = process.env): Promise<ArtifactUpload> {
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    return { skipped: 'no artifact service is reachable here (ACTIONS_RUNTIME_TOKEN is not set, as in a local run)' };
  }
  const { DefaultArtifactClient } = await import('@actions/artifact');
  try {
    const response = await new DefaultArtifactClient().uploadArtifact(name, files, rootDirectory);
    return { id: response.id };
  } catch (error) {
    return { failed: errorMessage(error) };
  }
}
