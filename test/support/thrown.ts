/** What a call throws, for the tests that read the error itself (its message, its fields). */
import { expect } from 'vitest';

/** Runs `fn` and returns the `type` it throws; fails the test when it throws anything else, or nothing. */
export function thrown<E extends Error>(type: abstract new (...args: never[]) => E, fn: () => unknown): E {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type.name} to be thrown, and nothing was`);
}
