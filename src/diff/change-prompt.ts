import type { DiffStats, PreparedAgent, PullRequestComment } from '../agent/prepare.js';
import type { TriggerEvent } from '../event.js';
import { endsTheStep, GitHubError, type GitHubApi, type RepoName } from '../github/api.js';
import type { Logger } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import { countOf } from '../text.js';
import { fitToBudget } from './budget.js';
import { filterFiles } from './filter.js';
import { BUILT_IN_INSTRUCTION, buildPrompt } from './prompt.js';
import { readChange, type Change } from './read-change.js';

export interface ChangePromptContext {
  readonly event: TriggerEvent;
  readonly github: GitHubApi;
  readonly repo: RepoName;
  readonly logger: Logger;
  /** Only the changes after this commit (a follow-up on the pull request's job). */
  readonly since: string | undefined;
  readonly jobId: string | undefined;
  readonly comment: PullRequestComment | undefined;
}

/**
 * Reads the triggering change, filters it, cuts it to the budget and builds the prompt; or
 * decides to skip when nothing is left to send.
 */
export async function promptFromChange(settings: AgentSettings, context: ChangePromptContext): Promise<PreparedAgent> {
  const { event, github, repo, logger, since, jobId, comment } = context;
  let change: Change | undefined;
  try {
    change = await readChange(event, github, repo, logger, since);
  } catch (error) {
    // The diff is worth failing for when the step was told to send it (diff: true), or when it
    // is all there is to send (no prompt): skipping then would lose the change without a trace,
    // and a push's change for good. With a prompt, diff: auto makes it context, and the prompt
    // goes without it.
    if (endsTheStep(error) || !(error instanceof GitHubError)) throw error;
    if (settings.diff === 'true' || !settings.prompt) {
      const why = settings.diff === 'true' ? 'diff is true' : 'no prompt was given';
      throw new GitHubError(
        `${error.message} The diff is what this step sends (${why}), so nothing was sent to the API; re-run the job once GitHub answers.`,
        error.kind,
        error.status,
      );
    }
    logger.warning(`Could not read the ${event.name} event's diff: ${messageOf(error)} Sending the prompt without it (diff: auto).`);
    return { action: 'run', prompt: settings.prompt, jobId, diff: undefined, comment };
  }
  if (!change) {
    if (settings.diff === 'true') throw new Error(`Input "diff" is "true" but the ${event.name} event has no change to read.`);
    return settings.prompt || jobId
      ? { action: 'run', prompt: settings.prompt, jobId, diff: undefined, comment }
      : { action: 'skip', reason: 'The event carries no change to document and no prompt was given.', comment };
  }
  const { kept, excluded } = filterFiles(change.files, settings.diffInclude, settings.diffExclude);
  const budget = fitToBudget(kept, settings.diffMaxChars);
  const diff: DiffStats = { files: budget.included.length, chars: budget.chars, omitted: budget.omitted.length, excluded: excluded.length };
  logger.info(
    `Diff: ${countOf(change.files.length, 'changed file')}; ${diff.files} sent (${diff.chars} characters), ${diff.omitted} over the budget of ${settings.diffMaxChars}, ${diff.excluded} filtered out.`,
  );
  if (kept.length === 0) {
    if (!settings.prompt) {
      return {
        action: 'skip',
        reason: `Every changed file (${change.files.length}) was left out by diff-include / diff-exclude (or is binary), and no prompt was given: nothing to document.`,
        comment,
      };
    }
    return { action: 'run', prompt: settings.prompt, jobId, diff, comment };
  }
  const prompt = buildPrompt({
    instruction: settings.prompt || BUILT_IN_INSTRUCTION,
    context: change.context,
    files: budget.included,
    omitted: budget.omitted,
    excluded,
    filesCapped: change.filesCapped,
  });
  return { action: 'run', prompt, jobId, diff, comment };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
