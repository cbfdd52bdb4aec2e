import { docsClientFor } from '../docs-pr/access.js';
import { pullName } from '../github/api.js';
import { impactKeyOf, impactRecordOf, sameImpactKey } from '../memory/record.js';
import { isCancellation } from '../runtime.js';
import { errorMessage } from '../text.js';
import type { Core } from './context.js';
import { endedWell, type RunRecord, type RunImpact } from './record.js';
import { losingReaders, losingReadersWarning, readImpact } from '../impact/read-impact.js';

/** The visitors read of reader impact asks for the largest page the export allows: fewer requests. */
const IMPACT_PAGE_SIZE = 250;

/**
 * The impact phase (`reader-impact`): once the run's documentation PR is decided and found on
 * GitHub (`docs-pr/decide.ts`: a link that is not one is measured never), what readers will see of
 * it — measured once per documentation PR number, base branch and head commit (the comment's
 * record keeps what was measured, and a later run for the same three shows it again without a
 * request). The section and the output show the pages the record keeps (the busiest 20), so
 * that every run for the same head shows the same ones. A page that loses its readers is one
 * warning each. What GitHub cannot give is one warning, and the run goes on without the section;
 * the outcome never changes.
 */
export async function impactPhase(record: RunRecord, core: Core): Promise<RunImpact | undefined> {
  const { logger, settings } = core;
  const access = core.docs;
  const decision = record.documentationPr;
  if (!settings.readerImpact || settings.dryRun || !record.comment || !access || decision?.kind !== 'found' || core.signal.aborted) return undefined;
  // A revision that ended without a new change leaves its documentation PR as readers will see it all the same.
  if (record.job.outcome !== 'pr-opened' && !(record.revising && endedWell(record))) return undefined;
  const docsPr = decision.pull;
  // The decision found it, so a token reaches its repository.
  const connecting = docsClientFor(access, docsPr)!;
  const previewUrl = record.preview?.status === 'success' ? record.preview.url : undefined;
  try {
    const client = await connecting;
    const key = impactKeyOf(docsPr.number, decision.state.baseRef ?? '', decision.state.headSha);
    const measured = record.comment.earlier?.impact;
    if (measured && sameImpactKey(measured, key)) {
      logger.info(`What readers will see of documentation PR ${pullName(docsPr)}: measured for its head ${key.head} by an earlier run; not read again.`);
      const shown = measured.pages.length + measured.more > 0;
      return {
        view: shown ? { rows: measured.pages, more: measured.more, ...(previewUrl ? { previewUrl } : {}) } : undefined,
        rows: measured.pages,
        record: measured,
      };
    }
    const impact = await readImpact(docsPr, key.head, {
      github: client,
      api: core.api,
      clock: core.clock,
      logger,
      deadline: core.deadline,
      signal: core.signal,
      pageSize: IMPACT_PAGE_SIZE,
    });
    // Kept for this key whatever it found, a documentation PR that changes no page included: a later run does not read again.
    const kept = impactRecordOf(key, impact.rows);
    if (impact.rows.length === 0) {
      logger.info(`Documentation PR ${pullName(docsPr)} changes no page of the site: nothing to show of its readers.`);
      return { view: undefined, rows: [], record: kept };
    }
    for (const row of losingReaders(impact.rows)) logger.warning(losingReadersWarning(pullName(docsPr), row));
    logger.info(
      `What readers will see of documentation PR ${pullName(docsPr)}: ${impact.rows.length} changed page(s), read with ${impact.requests} analytics request(s).`,
    );
    return {
      view: { rows: kept.pages, more: kept.more, requests: impact.requests, ...(previewUrl ? { previewUrl } : {}) },
      rows: kept.pages,
      record: kept,
    };
  } catch (error) {
    if (isCancellation(error, core.signal)) return undefined;
    logger.warning(`What readers will see of documentation PR ${pullName(docsPr)} could not be read: ${errorMessage(error)} The comment goes on without it.`);
    return undefined;
  }
}
