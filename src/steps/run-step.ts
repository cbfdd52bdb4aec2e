import type { Settings } from '../settings.js';
import type { UploadArtifact } from '../visitors/artifact.js';
import { agentStep } from './agent.js';
import type { StepContext, StepReport } from './step.js';
import { refreshStep } from './refresh.js';
import { sweepStep } from './sweep.js';
import { syncStep } from './sync.js';
import { visitorsStep } from './visitors.js';

/** The step the settings ask for. */
export async function runStep(settings: Settings, context: StepContext, uploadArtifact?: UploadArtifact): Promise<StepReport> {
  switch (settings.command) {
    case 'agent':
      return agentStep(settings, context);
    case 'visitors':
      return visitorsStep(settings, context, uploadArtifact);
    case 'refresh':
      return refreshStep(settings, context);
    case 'sync':
      return syncStep(settings, context);
    case 'sweep':
      return sweepStep(settings, context);
  }
}
