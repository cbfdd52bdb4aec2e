/**
 * GitHub's expressions as the workflow checks evaluate them (src/doctor/expressions.ts): with
 * GitHub's own library, on the `github` context each event would give.
 */
import { describe, expect, it } from 'vitest';
import { admits, admitsOrUnknown, interpolate, MERGE_GROUP_CONTEXT, pullRequestContext } from '../../src/doctor/expressions.js';

describe('conditions and groups, as GitHub evaluates them', () => {
  it('evaluate conditions and groups as GitHub would for each event', () => {
    const forkGuard = 'github.event.pull_request.head.repo.full_name == github.repository';
    expect(admits(forkGuard, pullRequestContext('pull_request', 12))).toBe(true);
    expect(admits(forkGuard, MERGE_GROUP_CONTEXT)).toBe(false);
    expect(admits(`github.event_name == 'merge_group' || ${forkGuard}`, MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admits("!startsWith(github.head_ref, 'mintlify/')", MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admits('${{ always() }}', MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admits('failure()', MERGE_GROUP_CONTEXT)).toBe(false);
    expect(admits(undefined, MERGE_GROUP_CONTEXT)).toBe(true);
    expect(interpolate('docs-${{ github.event.pull_request.number || github.event.merge_group.head_sha }}', MERGE_GROUP_CONTEXT)).toBe(
      `docs-${'a'.repeat(40)}`,
    );
    expect(interpolate('docs-${{ github.event.pull_request.number }}', pullRequestContext('pull_request_review', 7))).toBe('docs-7');
  });

  it('a condition the library cannot read, or one that reads a context the checks do not have, is not known; a boolean is itself', () => {
    expect(admitsOrUnknown("steps.plan.outputs.run == 'true'", MERGE_GROUP_CONTEXT)).toBeUndefined();
    expect(admitsOrUnknown('github.event_name ==', MERGE_GROUP_CONTEXT)).toBeUndefined();
    expect(() => admits('github.event_name ==', MERGE_GROUP_CONTEXT)).toThrow();
    expect(admitsOrUnknown(false, MERGE_GROUP_CONTEXT)).toBe(false);
    expect(admitsOrUnknown(true, MERGE_GROUP_CONTEXT)).toBe(true);
    expect(admitsOrUnknown(null, MERGE_GROUP_CONTEXT)).toBe(true);
    expect(interpolate('docs-${{ steps.x.outputs.y }}', MERGE_GROUP_CONTEXT)).toBeUndefined();
  });

  it("a pull request's context names the pull request everywhere the events do, but the review's number", () => {
    expect(interpolate('${{ github.event.pull_request.number }}/${{ github.event.number }}', pullRequestContext('pull_request', 7))).toBe('7/7');
    expect(interpolate('${{ github.event.pull_request.number }}/${{ github.event.number }}', pullRequestContext('pull_request_review', 7))).toBe('7/');
    expect(admits("github.event.action == 'labeled'", pullRequestContext('pull_request', 7, 'labeled'))).toBe(true);
  });
});
