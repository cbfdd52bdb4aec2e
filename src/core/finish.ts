import { Phase } from '../runtime.js';
import type { Core } from './context.js';
import { docsPrPhase } from './docs-pr.js';
import { gatePhase } from './gate.js';
import { impactPhase } from './impact.js';
import { askForPreview, waitForPreview } from './preview.js';
import { publishPhase } from './publish.js';
import type { RunRecord } from './record.js';
import { show } from './show.js';

/**
 * What happens when a job ends, the same for every command that ends one — a waiting `agent` run,
 * a `sweep` finishing what a detached run left, the review loop's revision: the **docs PR** phase
 * (the run's documentation PR, decided once; linked, and an earlier one superseded), the
 * **preview** (asked for, the comment showing it building; awaited, or with `ask` left for a later
 * sweep to show), **impact** (what readers will see, once per documentation PR head), then the
 * gate and the last writes (`gateAndPublish`). Each phase writes what it found into the record.
 */
export async function finishJob(record: RunRecord, core: Core, preview: 'await' | 'ask'): Promise<void> {
  const { logger } = core;
  await logger.phase(Phase.DocsPr, () => docsPrPhase(record, core, () => show('docs-pr-linked', record, core)));
  await logger.phase(Phase.Preview, async () => {
    record.preview = await askForPreview(core.settings, record.job, core);
    await show('preview-asked', record, core);
    if (preview === 'await') record.preview = await waitForPreview(record.preview, core);
  });
  record.impact = await logger.phase(Phase.Impact, () => impactPhase(record, core));
  await gateAndPublish(record, core);
}

/**
 * The gate (the status the run leaves, with docs-status; the approval read when it waits on one)
 * and the publish phase (the last writes, in the record's order: the status, then the comment),
 * for every run that ends: a job's end, a closed code PR, a skip, `sync`.
 */
export async function gateAndPublish(record: RunRecord, core: Core): Promise<void> {
  const { logger } = core;
  sayCancelled(record, core.signal);
  await logger.phase(Phase.Gate, () => gatePhase(record, core));
  await logger.phase(Phase.Publish, () => publishPhase(record, core));
  sayCancelled(record, core.signal);
}

/**
 * A run cancelled after its job ended says so: its outcome is `cancelled`, never the job's (the
 * outputs are set once the last writes are done, so a cancellation during them counts too). Only
 * a preview cancelled while it was awaited leaves the job's outcome standing: the preview's own
 * status says it was cancelled, and fails the step.
 */
function sayCancelled(record: RunRecord, signal: AbortSignal): void {
  const { outcome } = record.job;
  if (signal.aborted && outcome !== 'cancelled' && outcome !== 'error' && record.preview?.status !== 'cancelled') record.job.outcome = 'cancelled';
}
