import type { Settings } from '../settings.js';
import type { UploadArtifact } from '../visitors/artifact.js';
import { agentStep } from './agent.js';
import type { StepContext, StepReport } from './step.js';

/**
 * The step the settings ask for. `command: agent`, the one a pull request's run starts (and whose
 * start detached runs want in seconds), is loaded with the bundle; every other command is a chunk
 * of its own, loaded only by a run of it (so is the agent command's gate of a merge queue's commit): the agent command's cold start then parses none of them
 * (docs/benchmarks.md says what that saves).
 */
export async function runStep(settings: Settings, context: StepContext, uploadArtifact?: UploadArtifact): Promise<StepReport> {
  switch (settings.command) {
    case 'agent':
      // A merge queue's entry is gated, never sent to the agent: the pull request's own run did that.
      if (context.event.name === 'merge_group') return (await import('./agent/merge-group.js')).mergeGroupStep(settings, context);
      return agentStep(settings, context);
    case 'visitors':
      return (await import('./visitors.js')).visitorsStep(settings, context, uploadArtifact);
    case 'refresh':
      return (await import('./refresh.js')).refreshStep(settings, context);
    case 'sync':
      return (await import('./sync.js')).syncStep(settings, context);
    case 'sweep':
      return (await import('./sweep.js')).sweepStep(settings, context);
    case 'release':
      return (await import('./release.js')).releaseStep(settings, context);
    case 'doctor':
      return (await import('./doctor.js')).doctorStep(settings, context);
  }
}
