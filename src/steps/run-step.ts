import type { Settings } from '../settings.js';
import type { UploadArtifact } from '../visitors/artifact.js';
import { agentStep } from './agent.js';
import type { StepContext, StepReport } from './step.js';

/** The step the settings ask for; the visitors, refresh and sync steps load only when asked for. */
export async function runStep(settings: Settings, context: StepContext, uploadArtifact?: UploadArtifact): Promise<StepReport> {
  switch (settings.command) {
    case 'agent':
      return agentStep(settings, context);
    case 'visitors':
      return (await import('./visitors.js')).visitorsStep(settings, context, uploadArtifact);
    case 'refresh':
      return (await import('./refresh.js')).refreshStep(settings, context);
    case 'sync':
      return (await import('./sync.js')).syncStep(settings, context);
    case 'sweep':
      return (await import('./sweep.js')).sweepStep(settings, context);
  }
}
