import type { Outcome } from '../constants.js';
import type { RunDocsPr } from '../docs-pr/decide.js';
import { serverUrlFrom } from '../docs-pr/target.js';
import { pullName } from '../github/api.js';
import type { GateSettings } from '../settings.js';
import { gateStatus, type GateDocsPr, type GateStatus, type SkipKind } from './policy.js';

/**
 * What a run found, as the gate takes it: the one builder of the gate's facts, for `command:
 * agent` and `command: sync` alike. Everything in it is something the run checked: the
 * documentation PR comes from the one decision (`docs-pr/decide.ts`), read from GitHub, and its
 * approval from the one approval read (`approval.ts`); never from an event's payload.
 */
export interface GateFindings {
  readonly outcome: Outcome;
  readonly skip?: SkipKind;
  /** The code PR carries the waiver label (`waive-label`). */
  readonly waived: boolean;
  /** The job was created or messaged for the code PR's head and has not ended. */
  readonly working: boolean;
  /** The job was sent a review of its documentation PR (`review-loop`) and is revising it. */
  readonly revising?: boolean;
  /** The job left at work could not be recorded in the comment a sweep finds it by. */
  readonly unrecorded?: boolean;
  /** The run's documentation PR: undefined when the run has none to decide (no job ended with a link). */
  readonly docsPr: RunDocsPr | undefined;
  /** This action closed it (the code PR's record says so): a closed documentation PR is then no failure. */
  readonly closedByAction: boolean;
  /** Its approval as the approval read found it (`approved`); undefined when not read. */
  readonly approved: boolean | undefined;
  /** Its preview, when one is ready: the status of an open documentation PR links there. */
  readonly previewUrl: string | undefined;
  /** The pull request whose run this is: a status not about the documentation PR links to the run. */
  readonly pullNumber: number;
}

/** Whether a pull request's labels carry `waive-label`: labels are told apart without regard to case, as GitHub does. */
export function carriesWaiver(settings: Pick<GateSettings, 'waiveLabel'>, labels: readonly string[]): boolean {
  const waiver = settings.waiveLabel.toLowerCase();
  return labels.some((label) => label.toLowerCase() === waiver);
}

/**
 * The `documentation` status for what the run found, by the policy (`policy.ts`); undefined
 * without `docs-status`, or for a dry run.
 */
export function gateFor(settings: GateSettings, findings: GateFindings, env: NodeJS.ProcessEnv): GateStatus | undefined {
  if (settings.docsStatus === 'off') return undefined;
  return gateStatus({
    mode: settings.docsStatus,
    waiveLabel: settings.waiveLabel,
    waivedBy: findings.waived ? settings.waiveLabel : undefined,
    working: findings.working,
    revising: findings.revising === true,
    unrecorded: findings.unrecorded === true,
    outcome: findings.outcome,
    skip: findings.skip,
    docsPr: gateDocsPrOf(findings, serverUrlFrom(env)),
    runUrl: runUrlOf(env, findings.pullNumber),
  });
}

/** The documentation PR as the gate sees it: only a pull request found on GitHub can pass. */
function gateDocsPrOf(findings: GateFindings, serverUrl: string): GateDocsPr | undefined {
  const decision = findings.docsPr;
  switch (decision?.kind) {
    case undefined:
    case 'none':
      return undefined;
    case 'refused':
      return { standing: 'refused', why: decision.why, name: decision.pull && pullName(decision.pull) };
    case 'unchecked':
      return { standing: 'unchecked', name: pullName(decision.pull), why: decision.why };
    case 'found': {
      const { state, pull } = decision;
      const page = { name: pullName(pull), url: `${serverUrl}/${pull.repository}/pull/${pull.number}` };
      if (state.merged) return { ...page, standing: 'merged' };
      if (state.state === 'closed') return { ...page, standing: findings.closedByAction ? 'closed-by-action' : 'closed-by-someone' };
      const previewUrl = findings.previewUrl?.startsWith('https://') ? findings.previewUrl : undefined;
      return { ...page, standing: findings.approved ? 'approved' : 'open', ...(previewUrl ? { previewUrl } : {}) };
    }
  }
}

/** The run's page, where every status not about the documentation PR links; the pull request's when the run's is unknown (a local run). */
export function runUrlOf(env: NodeJS.ProcessEnv, pullNumber: number): string {
  const serverUrl = serverUrlFrom(env);
  const repository = env.GITHUB_REPOSITORY ?? '';
  return env.GITHUB_RUN_ID ? `${serverUrl}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : `${serverUrl}/${repository}/pull/${pullNumber}`;
}
