/**
 * Stateless seeded randomness for the simulator's datasets: the same (seed, index, salt) always
 * gives the same number, so any row can be computed on its own in O(1) and every run answers alike.
 */

/** A uniform number in [0, 1) from (seed, index, salt). */
export function unit(seed: number, index: number, salt: number): number {
  let t = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77) ^ Math.imul(salt, 0xc2b2ae3d)) >>> 0;
  t = Math.imul(t ^ (t >>> 16), 0x7feb352d) >>> 0;
  t = Math.imul(t ^ (t >>> 15), 0x846ca68b) >>> 0;
  return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
}

/** 0 … size-1 in a seeded Fisher–Yates order; the salt keeps two datasets' orders unrelated. */
export function shuffledIndexes(size: number, seed: number, salt = 99): Uint32Array {
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(unit(seed, i, salt) * (i + 1));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  return order;
}

/** One of `choices`, picked by (seed, index, salt). */
export function pick<T>(choices: readonly T[], seed: number, index: number, salt: number): T {
  return choices[Math.floor(unit(seed, index, salt) * choices.length)]!;
}
