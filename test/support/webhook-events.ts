/**
 * The events the tests trigger the action with, as GitHub delivers them: each payload whole, as
 * GitHub's webhook description (`@octokit/openapi-webhooks`) has the event and its action, built
 * from the few fields a test cares about. The runner writes the payload to GITHUB_EVENT_PATH;
 * `pull_request_target` carries the payload of `pull_request`. test/support/webhook-events.test.ts holds
 * every builder to the description (`webhookViolations`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { GITHUB_WEB, idOf, label, pullRequest, pullRequestReview, releaseObject, repository, shaOf, simpleUser, STAMP } from './github-objects.js';

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface TriggeringEvent {
  readonly name: string;
  readonly payload: Record<string, unknown>;
}

/** The repository every event of the tests happens in, as the fake GitHub serves it. */
export const EVENT_REPOSITORY = 'acme/widgets';

const ZERO_SHA = '0'.repeat(40);

/** Every payload the builders made: `runAction` refuses any other, so no test runs on a payload GitHub would not send. */
const built = new WeakSet<object>();
const made = <T extends object>(payload: T): T => {
  built.add(payload);
  return payload;
};

/** Was this payload made here (and so held to GitHub's webhook description by its test)? */
export function isBuiltPayload(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && built.has(payload);
}

/** What every builder takes of the repository the event happens in. */
export interface EventRepositoryOptions {
  /**
   * The repository's ID (`repository.id`, and a pull request's `base.repo.id`): the one the fake
   * GitHub knows it by (`fake.repositoryId`) after a rename; by default the one made from its name,
   * which the fake gives a repository it has not renamed.
   */
  repositoryId?: number;
}

export interface PullRequestEventOptions extends EventRepositoryOptions {
  /** The head lives in another repository (`stranger/widgets`). */
  fork?: boolean;
  /**
   * The head repository, a fork, was deleted since: GitHub sends `head.repo: null`, and its
   * description allows that for some actions only (`labeled` among them, the default here).
   */
  headRepoDeleted?: boolean;
  headSha?: string;
  /** The head branch; `feature` by default. */
  headRef?: string;
  title?: string;
  body?: string;
  /** The pull request's base repository; `acme/widgets` by default. */
  repository?: string;
  /** `synchronize` (new commits) by default. */
  action?: 'opened' | 'reopened' | 'synchronize' | 'labeled' | 'unlabeled' | 'closed';
  /** With `closed`: the pull request was merged (GitHub's `merged`, `merged_at`), else closed without merging. */
  merged?: boolean;
  /**
   * The pull request's labels (after the event, as GitHub sends them): a `labeled` event's pull
   * request carries the label added, an `unlabeled` one's no longer carries the label removed.
   */
  labels?: readonly string[];
  /** With `labeled` or `unlabeled`: the label added or removed; `documentation` by default. */
  label?: string;
}

/** The payload of a `pull_request` (or `pull_request_target`) event. */
export function pullRequestEvent(number: number, options: PullRequestEventOptions = {}) {
  const base = options.repository ?? EVENT_REPOSITORY;
  const headRepo = options.headRepoDeleted ? null : options.fork ? `stranger/${base.split('/')[1]}` : base;
  const headSha = options.headSha ?? 'e'.repeat(40);
  const action = options.action ?? (options.headRepoDeleted ? 'labeled' : 'synchronize');
  const changed = options.label ?? 'documentation';
  const labelled = action === 'labeled' || action === 'unlabeled';
  const labels = (options.labels ?? []).filter((name) => !(action === 'unlabeled' && name === changed));
  if (action === 'labeled' && !labels.includes(changed)) labels.push(changed);
  return made({
    action,
    number,
    ...(action === 'synchronize' ? { before: shaOf(`before ${headSha}`), after: headSha } : {}),
    ...(labelled ? { label: label(changed, base) } : {}),
    pull_request: pullRequest({
      number,
      title: options.title ?? 'Add a retries flag',
      body: options.body ?? 'Adds --retries.',
      base: { repo: base, ref: 'main', sha: 'b'.repeat(40), repoId: options.repositoryId },
      head: { repo: headRepo, ref: options.headRef ?? 'feature', sha: headSha, repoId: headRepo === base ? options.repositoryId : undefined },
      labels,
      ...(action === 'closed' ? { state: 'closed' as const, merged: options.merged ?? false } : {}),
    }),
    repository: repository(base, { id: options.repositoryId }),
    sender: simpleUser('octocat'),
  });
}

export interface PullRequestReviewEventOptions extends EventRepositoryOptions {
  /** A review submitted, its body edited, or dismissed. */
  action: 'submitted' | 'edited' | 'dismissed';
  /**
   * The review's state, in small letters as the webhook carries it (the REST API and GraphQL
   * write it in capitals): a dismissed review's is `dismissed`.
   */
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed';
  /** The pull request's base repository; `acme/widgets` by default. */
  repository?: string;
  /** The head branch; `feature` by default. */
  headRef?: string;
  /** The head commit, which the review is of. */
  headSha?: string;
  /** Who reviewed; `reviewer` by default. */
  reviewer?: string;
  /** The pull request's labels. */
  labels?: readonly string[];
  /**
   * The review's ID (`review.id`), to name the review the fake GitHub serves (`FakeReview.id`);
   * by default one made of the repository, pull request, reviewer and state.
   */
  reviewId?: number;
  /** What the reviewer wrote (`review.body`); null by default, as GitHub sends a review without a body. */
  body?: string | null;
}

/** The payload of a `pull_request_review` event: a review of pull request `number`, and the pull request. */
export function pullRequestReviewEvent(number: number, options: PullRequestReviewEventOptions) {
  const base = options.repository ?? EVENT_REPOSITORY;
  const headSha = options.headSha ?? 'e'.repeat(40);
  const reviewer = options.reviewer ?? 'reviewer';
  const review = pullRequestReview(
    {
      id: options.reviewId ?? idOf(`review ${base}#${number} ${reviewer} ${options.state}`),
      login: reviewer,
      state: options.state,
      submittedAt: STAMP,
      commitId: headSha,
      body: options.body ?? null,
    },
    base,
    number,
  );
  return made({
    action: options.action,
    ...(options.action === 'edited' ? { changes: { body: { from: '' } } } : {}),
    review: { ...review, updated_at: STAMP },
    pull_request: pullRequest({
      number,
      title: 'Document retries',
      body: 'Documents --retries.',
      base: { repo: base, ref: 'main', sha: 'b'.repeat(40), repoId: options.repositoryId },
      head: { repo: base, ref: options.headRef ?? 'feature', sha: headSha, repoId: options.repositoryId },
      labels: options.labels ?? [],
    }),
    repository: repository(base, { id: options.repositoryId }),
    sender: simpleUser(reviewer),
  });
}

/** A `push` event: `before` of zeros is a new branch, `after` of zeros a deleted one. */
export function pushEvent(before: string, after: string, ref = 'refs/heads/feature', options: EventRepositoryOptions = {}): TriggeringEvent {
  const headCommit =
    after === ZERO_SHA
      ? null
      : {
          id: after,
          tree_id: shaOf(`tree ${after}`),
          distinct: true,
          message: 'Change the CLI',
          timestamp: STAMP,
          url: `${GITHUB_WEB}/${EVENT_REPOSITORY}/commit/${after}`,
          author: { name: 'Octo Cat', email: 'octocat@users.noreply.github.com', username: 'octocat' },
          committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
          added: [],
          removed: [],
          modified: ['src/cli.ts'],
        };
  const short = (sha: string) => sha.slice(0, 12);
  return {
    name: 'push',
    payload: made({
      ref,
      before,
      after,
      created: before === ZERO_SHA,
      deleted: after === ZERO_SHA,
      forced: false,
      base_ref: null,
      compare:
        before === ZERO_SHA
          ? `${GITHUB_WEB}/${EVENT_REPOSITORY}/commit/${short(after)}`
          : `${GITHUB_WEB}/${EVENT_REPOSITORY}/compare/${short(before)}...${short(after)}`,
      commits: headCommit ? [headCommit] : [],
      head_commit: headCommit,
      repository: { ...repository(EVENT_REPOSITORY, { id: options.repositoryId }), master_branch: 'main', stargazers: 0 },
      pusher: { name: 'octocat', email: 'octocat@users.noreply.github.com' },
      sender: simpleUser('octocat'),
    }),
  };
}

/** A `workflow_dispatch` event: the workflow run by hand, with its inputs. */
export function workflowDispatchEvent(inputs: Record<string, string> = {}, options: EventRepositoryOptions = {}): TriggeringEvent {
  return {
    name: 'workflow_dispatch',
    payload: made({
      inputs,
      ref: 'refs/heads/main',
      repository: repository(EVENT_REPOSITORY, { id: options.repositoryId }),
      sender: simpleUser('octocat'),
      workflow: '.github/workflows/docs.yml',
    }),
  };
}

/**
 * A `repository_dispatch` event: what `POST /repos/{o}/{r}/dispatches` starts, its `event_type` as
 * the action and its `client_payload` as given, by whoever may write to the repository. The
 * fast path of detached runs sends one from the documentation repository's workflow.
 */
export function repositoryDispatchEvent(
  clientPayload: Record<string, unknown> | null = {},
  eventType = 'docs-pr-opened',
  options: EventRepositoryOptions = {},
): TriggeringEvent {
  return {
    name: 'repository_dispatch',
    payload: made({
      action: eventType,
      branch: 'main',
      client_payload: clientPayload,
      repository: repository(EVENT_REPOSITORY, { id: options.repositoryId }),
      sender: simpleUser('octocat'),
      installation: { id: 4242, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uNDI0Mg==' },
    }),
  };
}

export interface MergeGroupEventOptions extends EventRepositoryOptions {
  /** `checks_requested` (by default), or `destroyed` with its reason. */
  action?: 'checks_requested' | 'destroyed';
  /** The queue's commit; by default one made from the pull request's number. */
  headSha?: string;
  /** The head ref whole, for a test of one GitHub would not make; by default the queue's for `number` on `main`. */
  headRef?: string;
  /** The base branch; `main` by default. */
  base?: string;
}

/**
 * A `merge_group` event: the merge queue's entry for pull request `number`, its own commit
 * (`head_sha`) and the ref GitHub names it by, `refs/heads/gh-readonly-queue/{base}/pr-{number}-{base_sha}`.
 */
export function mergeGroupEvent(number: number, options: MergeGroupEventOptions = {}): TriggeringEvent {
  const base = options.base ?? 'main';
  const baseSha = shaOf(`base of the queue for ${number}`);
  const headSha = options.headSha ?? shaOf(`merge queue commit for ${number}`);
  const action = options.action ?? 'checks_requested';
  return {
    name: 'merge_group',
    payload: made({
      action,
      ...(action === 'destroyed' ? { reason: 'dequeued' } : {}),
      merge_group: {
        head_sha: headSha,
        head_ref: options.headRef ?? `refs/heads/gh-readonly-queue/${base}/pr-${number}-${baseSha}`,
        base_sha: baseSha,
        base_ref: `refs/heads/${base}`,
        head_commit: {
          id: headSha,
          tree_id: shaOf(`tree ${headSha}`),
          message: `Merge pull request #${number}`,
          timestamp: STAMP,
          author: { name: 'Octo Cat', email: 'octocat@users.noreply.github.com' },
          committer: { name: 'GitHub', email: 'noreply@github.com' },
        },
      },
      repository: repository(EVENT_REPOSITORY, { id: options.repositoryId }),
      sender: simpleUser('octocat'),
    }),
  };
}

export interface ReleaseEventOptions extends EventRepositoryOptions {
  /** `published` by default; `created` is a draft's. */
  action?: 'published' | 'released' | 'prereleased' | 'created';
  /** The release's title; the tag by default, null for none. */
  name?: string | null;
  /** What the payload says of it: the action reads the release again from GitHub, which may say otherwise. */
  prerelease?: boolean;
}

/** A `release` event: a release of the repository, by its tag, as the payload carries it. */
export function releaseEvent(tag: string, options: ReleaseEventOptions = {}): TriggeringEvent {
  const action = options.action ?? 'published';
  const release = { tag, name: options.name, draft: action === 'created', prerelease: options.prerelease ?? action === 'prereleased' };
  return {
    name: 'release',
    payload: made({
      action,
      release: releaseObject(release, 0, EVENT_REPOSITORY),
      repository: repository(EVENT_REPOSITORY, { id: options.repositoryId }),
      sender: simpleUser('octocat'),
    }),
  };
}

/**
 * A `schedule` event. It is no webhook, so GitHub's webhook description has no schema for it:
 * GitHub documents its payload as the cron expression that triggered the run.
 */
export function scheduleEvent(cron = '0 6 * * 1'): TriggeringEvent {
  return { name: 'schedule', payload: made({ schedule: cron }) };
}

/** A plain event of this name, for a test that needs the event and nothing particular of it. */
export function eventNamed(name: string): TriggeringEvent {
  switch (name) {
    case 'pull_request':
    case 'pull_request_target':
      return { name, payload: pullRequestEvent(7) };
    case 'pull_request_review':
      return { name, payload: pullRequestReviewEvent(7, { action: 'submitted', state: 'approved' }) };
    case 'push':
      return pushEvent('1'.repeat(40), '2'.repeat(40));
    case 'workflow_dispatch':
      return workflowDispatchEvent();
    case 'schedule':
      return scheduleEvent();
    case 'repository_dispatch':
      return repositoryDispatchEvent();
    default:
      throw new Error(`No payload is built for a ${name} event`);
  }
}

/** Events that are no webhook: what GitHub documents of their payload, key by key. */
const NOT_WEBHOOKS: Record<string, readonly string[]> = { schedule: ['schedule'] };

/** Every way a payload strays from GitHub's webhook description of its event (and action). */
export function webhookViolations(event: TriggeringEvent): string[] {
  const known = NOT_WEBHOOKS[event.name];
  if (known) {
    const keys = Object.keys(event.payload);
    return keys.join() === known.join() && typeof event.payload[known[0]!] === 'string'
      ? []
      : [`${event.name}: a payload of ${keys.join(', ') || 'nothing'}, where GitHub sends ${known.join(', ')}`];
  }
  const webhook = event.name === 'pull_request_target' ? 'pull_request' : event.name;
  const action = typeof event.payload.action === 'string' ? event.payload.action : undefined;
  // A repository_dispatch's action is the sender's own event_type: GitHub describes it once, by its sample's.
  const key = webhook === 'repository_dispatch' ? 'repository-dispatch-sample.collected' : [webhook, action].filter(Boolean).join('-').replace(/_/g, '-');
  const validator = webhookValidator(key);
  if (!validator) return [`${event.name}: GitHub's webhook description has no event "${key}"`];
  return validator(event.payload) ? [] : describeErrors(validator.errors).map((problem) => `${event.name} (${key}): ${problem}`);
}

let loaded: { ajv: Ajv2020; webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }> } | undefined;
const validators = new Map<string, ValidateFunction | undefined>();

/** The webhook description (OpenAPI 3.1, whose schemas are JSON Schema 2020-12), loaded once. */
function webhookValidator(key: string): ValidateFunction | undefined {
  if (validators.has(key)) return validators.get(key);
  if (!loaded) {
    const file = createRequire(import.meta.url).resolve('@octokit/openapi-webhooks/generated/api.github.com.json');
    const document = JSON.parse(readFileSync(file, 'utf8')) as { webhooks: NonNullable<typeof loaded>['webhooks']; components: object };
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    ajv.addSchema({ $id: WEBHOOKS_ROOT, components: document.components });
    loaded = { ajv, webhooks: document.webhooks };
  }
  const ref = loaded.webhooks[key]?.post.requestBody.content['application/json']?.schema.$ref;
  const validator = ref ? loaded.ajv.compile({ $ref: `${WEBHOOKS_ROOT}${ref}` }) : undefined;
  validators.set(key, validator);
  return validator;
}

const WEBHOOKS_ROOT = 'https://api.github.com/webhooks.json';

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  const lines = (errors ?? []).map((error) => {
    const detail = error.keyword === 'required' ? `lacks "${(error.params as { missingProperty: string }).missingProperty}"` : (error.message ?? error.keyword);
    return error.instancePath ? `at ${error.instancePath} ${detail}` : detail;
  });
  return [...new Set(lines)].slice(0, 8);
}
