import { ok, problem, type Finding } from './findings.js';

/**
 * What the doctor says of the key and the tokens, from what its reads found: pure, so that every
 * answer GitHub and the API may give has its row, and a test of its own.
 */

/** How one read ended: it answered, or it failed with a line that says why (never a token or a key) and the HTTP status when one came. */
export type ReadResult = { readonly ok: true } | { readonly ok: false; readonly error: string; readonly status?: number };

/** How the key's one request ended, as the API client reports it (its message never holds the key). */
export type KeyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly status?: number; readonly message: string; readonly serverMessage?: string; readonly usageUsedUp?: boolean }
  | 'dry-run';

/** The request the key and the project are checked with, and what it costs: said in the row and in docs/doctor.md. */
export const KEY_CHECK =
  'GET /v1/analytics/{projectId}/visitors?limit=1 (one day): one of the analytics endpoints’ shared 100 requests an hour, no agent budget';

/** The row of the key and the project. */
export function keyFinding(result: KeyResult, projectId: string): Finding {
  const check = 'api-key and project-id';
  if (result === 'dry-run') {
    return problem(check, 'warn', 'not checked: dry-run sends nothing to the API', {
      then: 'Run the doctor without dry-run to check the key and the project.',
    });
  }
  if (result.ok) {
    return ok(
      check,
      `the key reads project ${JSON.stringify(projectId)} (${KEY_CHECK}); a key limited to read scope passes this too, and is refused when it creates a job`,
    );
  }
  const said = result.serverMessage ? ` The API said: ${result.serverMessage}` : '';
  switch (result.status) {
    case 401:
      // The vendor answers 401 both for a key it does not know and for a plan without API access; only its words tell them apart.
      if (/\bplan\b|api access|subscription/i.test(result.serverMessage ?? '')) {
        return problem(check, 'fail', `the organisation's plan does not include API access (401).${said}`, {
          then: 'API access comes with the plans that include it: see the vendor’s pricing page, or ask its support.',
        });
      }
      return problem(
        check,
        'fail',
        `the key was refused (401): it is not a key the API knows, or it was revoked or has expired (admin keys expire, by default after 90 days), or the plan does not include API access.${said}`,
        {
          then: "Make a new admin key on the dashboard's API keys page and put it in the secret the workflows read (MINTLIFY_API_KEY).",
        },
      );
    case 403:
      return problem(
        check,
        'fail',
        `the key may not read this project (403): it lacks the scope, or this runner's address is not on the key's allowlist.${said}`,
        {
          then: "Use an admin key without scopes (or with the scopes of every command), and allow GitHub's runners in its allowlist, on the dashboard's API keys page.",
        },
      );
    case 404:
      return problem(check, 'fail', `project ${JSON.stringify(projectId)} was not found (404), or base-url does not point at the API's root.${said}`, {
        then: "Copy the project ID from the dashboard's API keys page into project-id (the MINTLIFY_PROJECT_ID variable), and leave base-url at its default.",
      });
    case 429:
      if (result.usageUsedUp) {
        return problem(check, 'fail', `the key's usage is used up (429): every command is refused until it renews.${said}`, {
          then: 'Wait for the usage to renew, or raise it on the plan.',
        });
      }
      return problem(check, 'warn', `not checked: the API is rate limiting this organisation (429).${said}`, { then: 'Run the doctor again later.' });
    default:
      return problem(check, 'warn', `not checked: ${result.message}`, {
        then: 'Run the doctor again; if it keeps failing, check base-url and the service’s status page.',
      });
  }
}

/** The row of `github-token`: it reads the workflow's repository, or nothing else can be checked. */
export function githubTokenFinding(repository: string, read: ReadResult, branch: string | undefined): Finding {
  const check = 'github-token';
  if (read.ok) return ok(check, `reads ${repository} (its default branch is ${branch ?? 'unknown'})`);
  return problem(check, 'fail', `cannot read ${repository}: ${read.error}`, {
    then: 'Leave github-token at its default (${{ github.token }}), and give the job permissions: contents: read.',
  });
}

/** Where a token of another repository stands: what the newest record names, and whether the token given reaches it. */
export interface OtherRepositoryReach {
  /** `owner/name` the newest verified record of the action names; undefined when none does (no run yet). */
  readonly recorded: string | undefined;
  /** The workflow's own repository. */
  readonly repository: string;
  /** The doctor was given the token. */
  readonly given: boolean;
  /** Some workflow of the repository passes the token to a step of this action. */
  readonly passedByWorkflows: boolean;
  /** The token's read of `recorded`, when it was given and `recorded` is another repository. */
  readonly read?: ReadResult;
}

/** The row of `docs-token` (the documentation repository, from the code PRs' records); none when nothing here uses one. */
export function docsTokenFinding(reach: OtherRepositoryReach): Finding | undefined {
  return tokenFinding('docs-token', 'documentation PRs', 'documentation repository', reach, 'Pull requests: write, and Contents: write to mark a draft ready');
}

/** The row of `code-token` (the code repository, from the documentation PRs' back-links), where `sync` runs here. */
export function codeTokenFinding(reach: OtherRepositoryReach): Finding | undefined {
  return tokenFinding('code-token', 'code PRs', 'code repository', reach, 'Commit statuses: write and Pull requests: write');
}

function tokenFinding(input: string, pulls: string, side: string, reach: OtherRepositoryReach, permissions: string): Finding | undefined {
  const { recorded, repository, given, passedByWorkflows, read } = reach;
  if (recorded === undefined) {
    if (!given && !passedByWorkflows) return undefined;
    return problem(input, 'warn', `not checked: no record of this action names the ${side} yet (no ${pulls.slice(0, -1)} has been linked)`, {
      then: `Run the doctor again once the first ${pulls.slice(0, -1)} is linked.`,
    });
  }
  if (recorded.toLowerCase() === repository.toLowerCase()) return ok(input, `the ${pulls} are in ${repository}: github-token reaches them`);
  const app = `actions/create-github-app-token with owner and repositories naming ${recorded}`;
  if (!given) {
    if (passedByWorkflows) {
      return problem(input, 'warn', `not checked: the workflows pass ${input}, but this doctor was not given it; the ${pulls} are in ${recorded}`, {
        then: `Give this doctor step the same ${input} as the workflows.`,
      });
    }
    return problem(input, 'fail', `the ${pulls} are in ${recorded}, and no step passes ${input}: github-token reaches only ${repository}`, {
      then: `Pass ${input} to the steps (a token with ${permissions} on ${recorded}: ${app}), and to this doctor.`,
    });
  }
  if (read?.ok) return ok(input, `reads ${recorded}, where the ${pulls} are`);
  return problem(input, 'fail', `cannot read ${recorded}, where the ${pulls} are: ${read?.error ?? 'not read'}`, {
    then: `Give the token ${permissions} on ${recorded} (${app}).`,
  });
}
