/**
 * The action's sealed records as the tests write and read them: sealed with the key the
 * simulator's API key derives (the key every test run hands the action), for a pull request of
 * the workflow's repository unless another is named, bound to the repository's ID as the fake
 * GitHub and the events give it.
 */
import {
  backLinkLine,
  readBackLink,
  readRecord,
  recordLine,
  replyLine,
  type BackLinkRecord,
  type CommentRecord,
  type ReplyRecord,
} from '../../src/memory/record.js';
import { codePrScope, docsPrScope, RecordSeal, type RepositoryIdentity } from '../../src/memory/seal.js';
import { DEFAULT_API_KEY } from '../simulator/http-server.js';
import { idOf } from './github-objects.js';

/** The workflow's repository in the in-process flows and the bundle runs. */
export const WORKFLOW_REPOSITORY = 'acme/widgets';

export const TEST_SEAL = RecordSeal.fromApiKey(DEFAULT_API_KEY);

/** A repository as the fake GitHub and the events know it by default: its ID is made of its name. */
export function repositoryIdentity(name: string): RepositoryIdentity {
  return { id: idOf(`repository ${name}`), name };
}

/** The record line an earlier run would have left on code PR `number`. */
export function sealedRecord(record: CommentRecord, number: number, repository: string | RepositoryIdentity = WORKFLOW_REPOSITORY, seal = TEST_SEAL): string {
  return recordLine(record, seal, codePrScope(identityOf(repository), number));
}

/** The verified record of a code PR comment's body, or undefined when it has none that verifies. */
export function recordIn(
  body: string,
  number: number,
  repository: string | RepositoryIdentity = WORKFLOW_REPOSITORY,
  seal = TEST_SEAL,
): CommentRecord | undefined {
  const reading = readRecord(body, seal, codePrScope(identityOf(repository), number));
  return reading.found === 'verified' ? reading.record : undefined;
}

/** The back-link line the action would leave on documentation PR `number`. */
export function sealedBackLink(record: BackLinkRecord, number: number, repository: string | RepositoryIdentity, seal = TEST_SEAL): string {
  return backLinkLine(record, seal, docsPrScope(identityOf(repository), number));
}

/** The record line the review loop's reply would leave on documentation PR `number`. */
export function sealedReply(record: ReplyRecord, number: number, repository: string | RepositoryIdentity, seal = TEST_SEAL): string {
  return replyLine(record, seal, docsPrScope(identityOf(repository), number));
}

/** The verified back-link of a documentation PR comment's body, or undefined. */
export function backLinkIn(body: string, number: number, repository: string | RepositoryIdentity, seal = TEST_SEAL): BackLinkRecord | undefined {
  const reading = readBackLink(body, seal, docsPrScope(identityOf(repository), number));
  return reading.found === 'verified' ? reading.record : undefined;
}

function identityOf(repository: string | RepositoryIdentity): RepositoryIdentity {
  return typeof repository === 'string' ? repositoryIdentity(repository) : repository;
}
