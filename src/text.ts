/** Small text rules shared by the log, the summary and the prompt. */

/**
 * Collapses line breaks and control characters, so text from outside can never start a
 * workflow command (`::…`) on a line of its own, and cuts it to `max` characters.
 */
export function oneLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A backtick fence longer than any backtick run in `text` (at least `min`), so the text cannot close it. */
export function fenceFor(text: string, min = 3): string {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return '`'.repeat(Math.max(min, longest + 1));
}
