/**
 * The action's sealed records as the tests write and read them: sealed with the key the
 * simulator's API key derives (the key every test run hands the action), for a pull request of
 * the workflow's repository unless another is named.
 */
import { backLinkLine, readBackLink, readRecord, recordLine, type BackLinkRecord, type CommentRecord } from '../../src/memory/record.js';
import { codePrScope, docsPrScope, RecordSeal } from '../../src/memory/seal.js';
import { DEFAULT_API_KEY } from '../simulator/http-server.js';

/** The workflow's repository in the in-process flows and the bundle runs. */
export const WORKFLOW_REPOSITORY = 'acme/widgets';

export const TEST_SEAL = RecordSeal.fromApiKey(DEFAULT_API_KEY);

/** The record line an earlier run would have left on code PR `number`. */
export function sealedRecord(record: CommentRecord, number: number, repository = WORKFLOW_REPOSITORY, seal = TEST_SEAL): string {
  return recordLine(record, seal, codePrScope(repository, number));
}

/** The verified record of a code PR comment's body, or undefined when it has none that verifies. */
export function recordIn(body: string, number: number, repository = WORKFLOW_REPOSITORY): CommentRecord | undefined {
  const reading = readRecord(body, TEST_SEAL, codePrScope(repository, number));
  return reading.found === 'verified' ? reading.record : undefined;
}

/** The back-link line the action would leave on documentation PR `number`. */
export function sealedBackLink(record: BackLinkRecord, number: number, repository: string): string {
  return backLinkLine(record, TEST_SEAL, docsPrScope(repository, number));
}

/** The verified back-link of a documentation PR comment's body, or undefined. */
export function backLinkIn(body: string, number: number, repository: string): BackLinkRecord | undefined {
  const reading = readBackLink(body, TEST_SEAL, docsPrScope(repository, number));
  return reading.found === 'verified' ? reading.record : undefined;
}
