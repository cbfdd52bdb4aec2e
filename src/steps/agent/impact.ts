import { pullRequestOfLink, repoName, repositoryOfSource, sameRepository, serverUrlFrom } from '../../docs-pr/target.js';
import { pullName, type PullRef } from '../../github/api.js';
import { impactRecordOf } from '../../memory/record.js';
import { isCancellation } from '../../runtime.js';
import type { AgentSettings } from '../../settings.js';
import { errorMessage } from '../../text.js';
import type { StepContext } from '../step.js';
import type { ConnectGitHub } from './github.js';
import type { AgentRunRecord, RunImpact } from './run-record.js';

/** The visitors read of reader impact asks for the largest page the export allows: fewer requests. */
const IMPACT_PAGE_SIZE = 250;

/**
 * The impact phase (`reader-impact`): once the job has reported its documentation PR, what readers
 * will see of it — measured once per head commit of the documentation PR (the comment's record
 * keeps what was measured, and a later run for the same head shows it again without a request).
 * A page that loses its readers is one warning each. Anything that cannot be read is one warning,
 * and the run goes on without the section; the outcome never changes.
 */
export async function impactPhase(
  record: AgentRunRecord,
  settings: AgentSettings,
  context: StepContext,
  github: ConnectGitHub,
): Promise<RunImpact | undefined> {
  const { logger } = context;
  const docsPr = documentationPrOf(record, context);
  if (!settings.readerImpact || settings.dryRun || !record.comment || !docsPr || context.signal.aborted) return undefined;
  const token = settings.docsToken || (sameRepository(docsPr.repository, `${context.env.GITHUB_REPOSITORY ?? ''}`) ? settings.githubToken : '');
  if (!token) {
    logger.warning(
      `What readers will see of documentation PR ${pullName(docsPr)} is not shown: it is in another repository than this workflow's, which github-token cannot read; give docs-token a token with "Pull requests: read" and "Contents: read" on ${docsPr.repository}.`,
    );
    return undefined;
  }
  const previewUrl = record.preview?.status === 'success' ? record.preview.url : undefined;
  try {
    const client = await github(token, repoName(docsPr.repository), context.deadline.at);
    const head = (await client.pullRequest(docsPr.number)).headSha;
    const measured = record.comment.earlier?.impact;
    if (measured && measured.head === head) {
      logger.info(`What readers will see of documentation PR ${pullName(docsPr)}: measured for its head ${head} by an earlier run; not read again.`);
      const shown = measured.pages.length + measured.more > 0;
      return {
        view: shown ? { rows: measured.pages, more: measured.more, ...(previewUrl ? { previewUrl } : {}) } : undefined,
        rows: measured.pages,
        record: measured,
      };
    }
    // The pages' mapping and the analytics reads load only for a run that measures them.
    const { losingReaders, losingReadersWarning, readImpact } = await import('../../impact/read-impact.js');
    const impact = await readImpact(docsPr, head, {
      github: client,
      api: context.client,
      clock: context.clock,
      logger,
      deadline: context.deadline.at,
      pageSize: IMPACT_PAGE_SIZE,
    });
    // Kept for this head whatever it found, a documentation PR that changes no page included: a later run does not read again.
    const kept = impactRecordOf(head, impact.rows);
    if (impact.rows.length === 0) {
      logger.info(`Documentation PR ${pullName(docsPr)} changes no page of the site: nothing to show of its readers.`);
      return { view: undefined, rows: [], record: kept };
    }
    for (const row of losingReaders(impact.rows)) logger.warning(losingReadersWarning(pullName(docsPr), row));
    logger.info(
      `What readers will see of documentation PR ${pullName(docsPr)}: ${impact.rows.length} changed page(s), read with ${impact.requests} analytics request(s).`,
    );
    return {
      view: { rows: impact.rows, more: 0, requests: impact.requests, ...(previewUrl ? { previewUrl } : {}) },
      rows: impact.rows,
      record: kept,
    };
  } catch (error) {
    if (isCancellation(error, context.signal)) return undefined;
    logger.warning(`What readers will see of documentation PR ${pullName(docsPr)} could not be read: ${errorMessage(error)} The comment goes on without it.`);
    return undefined;
  }
}

/**
 * The documentation PR the job reported: the one the record follows, else the one its link names
 * on this GitHub, in the repository the job worked on.
 */
function documentationPrOf(record: AgentRunRecord, context: StepContext): PullRef | undefined {
  if (record.job.outcome !== 'pr-opened') return undefined;
  if (record.docsPr?.record) return record.docsPr.record;
  const pull = pullRequestOfLink(record.job.job?.prLink, serverUrlFrom(context.env));
  const source = repositoryOfSource(record.job.job?.source?.repository);
  return pull && source && sameRepository(source, pull.repository) ? pull : undefined;
}
