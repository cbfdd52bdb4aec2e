import type { TriggerEvent } from '../event.js';
import { endsTheStep, GitHubError, type GitHubApi, type RepoName } from '../github/api.js';
import type { Logger } from '../runtime.js';
import type { AgentSettings } from '../settings.js';
import { countOf } from '../text.js';
import { fitToBudget } from './budget.js';
import { filterFiles } from './filter.js';
import { BUILT_IN_INSTRUCTION, buildPrompt } from './prompt.js';
import { readChange, type Change } from './read-change.js';

/** What of the change went into the prompt: files and characters sent, files over the budget and filtered out. */
export interface DiffStats {
  readonly files: number;
  readonly chars: number;
  readonly omitted: number;
  readonly excluded: number;
}

/**
 * What the triggering change gives the prompt; whether to send it, send the prompt alone, skip
 * or fail is the agent step's decision.
 */
export type ChangePrompt =
  /** GitHub would not give the change (after its own retries); the error says which call and why. */
  | { readonly kind: 'unreadable'; readonly error: GitHubError }
  /** The event carries no change (a branch deleted, a push with no commits). */
  | { readonly kind: 'no-change' }
  /** Every changed file was left out by the filters or is binary. */
  | { readonly kind: 'all-left-out'; readonly changedFiles: number; readonly diff: DiffStats }
  | { readonly kind: 'prompt'; readonly prompt: string; readonly diff: DiffStats };

export interface ChangePromptContext {
  readonly event: TriggerEvent;
  readonly github: GitHubApi;
  readonly repo: RepoName;
  readonly logger: Logger;
  /** Only the changes after this commit (a follow-up on the pull request's job). */
  readonly since: string | undefined;
}

/**
 * Reads the triggering change, filters it, cuts it to the budget and builds the prompt: the
 * author's prompt (or the built-in instruction), the change's context, and the diff. A failure
 * that ends the step (cancellation, the deadline) or is not GitHub's is thrown.
 */
export async function promptFromChange(
  settings: Pick<AgentSettings, 'prompt' | 'diffInclude' | 'diffExclude' | 'diffMaxChars'>,
  context: ChangePromptContext,
): Promise<ChangePrompt> {
  const { event, github, repo, logger, since } = context;
  let change: Change | undefined;
  try {
    change = await readChange(event, github, repo, logger, since);
  } catch (error) {
    if (endsTheStep(error) || !(error instanceof GitHubError)) throw error;
    return { kind: 'unreadable', error };
  }
  if (!change) return { kind: 'no-change' };
  const { kept, excluded } = filterFiles(change.files, settings.diffInclude, settings.diffExclude);
  const budget = fitToBudget(kept, settings.diffMaxChars);
  const diff: DiffStats = { files: budget.included.length, chars: budget.chars, omitted: budget.omitted.length, excluded: excluded.length };
  logger.info(
    `Diff: ${countOf(change.files.length, 'changed file')}; ${diff.files} sent (${diff.chars} characters), ${diff.omitted} over the budget of ${settings.diffMaxChars}, ${diff.excluded} filtered out.`,
  );
  if (kept.length === 0) return { kind: 'all-left-out', changedFiles: change.files.length, diff };
  const prompt = buildPrompt({
    instruction: settings.prompt || BUILT_IN_INSTRUCTION,
    context: change.context,
    files: budget.included,
    omitted: budget.omitted,
    excluded,
    filesCapped: change.filesCapped,
  });
  return { kind: 'prompt', prompt, diff };
}
