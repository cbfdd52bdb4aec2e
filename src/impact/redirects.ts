/**
 * Whether a site's redirects keep a removed page's readers, in bounded work whatever the site's
 * configuration holds. Redirect sources are outside text (the documentation repository's
 * `docs.json`): they are never made into a regular expression, whose backtracking a hostile
 * source can make take minutes. Each source is parsed once into segments (a literal, a partial
 * `*` within a segment, `:param` for one segment, `:slug*` for any run of segments) and matched
 * against a path segment by segment, in time linear in the two lengths; a page meets only the
 * patterns filed under its leading segments. All sources against all pages stop at
 * `MAX_COMPARISONS`, and the work (compiling, comparing) hands the event loop back every
 * `COMPARISONS_PER_TURN` units, so that signals and the step's `timeout` are heard: what it did
 * not reach is "not known" (null), never "not redirected".
 */
import { abortReason, type Clock } from '../runtime.js';

export interface Redirect {
  readonly source: string;
  readonly destination: string;
}

/** All sources against all pages: at most this many comparisons in one reading, the rest not known. */
export const MAX_COMPARISONS = 1_000_000;
/** The matching hands the event loop back after this many comparisons (a few milliseconds of work). */
export const COMPARISONS_PER_TURN = 2_000;
/**
 * A page path longer than this is not matched (its redirect is not known): each comparison is
 * linear in the path's length, and this bound keeps each one short. Paths past it are not
 * recorded in the comment's record either.
 */
export const LONGEST_MATCHED_PATH = 255;

/** One segment of a source, as it matches one segment of a path. */
type Segment =
  | { readonly kind: 'literal'; readonly text: string }
  /** `:name`: any one segment, not empty. */
  | { readonly kind: 'param' }
  /** `concepts-*`, `*-guide`, `a*b*c`: the pieces between the `*`s, in order, any text between them. */
  | { readonly kind: 'partial'; readonly pieces: readonly Piece[]; readonly min: number };

/**
 * A piece of a partial segment, with its prefix table (Knuth–Morris–Pratt), so that finding it is
 * linear; the table is made the first time the piece is looked for (most never are).
 */
interface Piece {
  readonly text: string;
  table?: Int32Array;
}

/**
 * A source as it matches: the segments before its `:slug*` (all of them when it has none), and
 * those after it. Consecutive `:slug*` segments are one.
 */
interface Pattern {
  readonly head: readonly Segment[];
  /** Present when the source has a `:slug*`: the segments that must end the path. */
  readonly tail?: readonly Segment[];
  /** The fewest characters a path it matches has, `/`s included: a shorter path is not compared further. */
  readonly minLength: number;
}

/**
 * A configuration's redirects as they match: exact paths in a set (one look-up a page), and the
 * patterns in a tree by their leading literal segments, so that a page is compared only with the
 * patterns whose literal start it has (a pattern that starts with a wildcard, with every page).
 */
export interface CompiledRedirects {
  readonly exact: ReadonlySet<string>;
  readonly patterns: PatternNode;
  /**
   * Sources with more than one `:slug*` apart: matching them is not linear, so they are not
   * matched, and a page no other source redirects is then not known to lose its readers.
   */
  readonly unsupported: number;
}

/** The patterns whose leading literal segments lead here, and the nodes one literal segment on. */
interface PatternNode {
  readonly next: Map<string, PatternNode>;
  readonly patterns: Pattern[];
}

const PARAM = /^:[A-Za-z_]\w*$/;
const REST = /^:[A-Za-z_]\w*\*$/;

/** No redirects yet: sources are added one at a time (`addSource`), a unit of work each. */
function emptyRedirects(): { exact: Set<string>; patterns: PatternNode; unsupported: number } {
  return { exact: new Set(), patterns: { next: new Map(), patterns: [] }, unsupported: 0 };
}

/**
 * Files one source, parsed in time linear in its text. A source that is not a path (no leading
 * `/`) or that carries a query or an anchor redirects nothing.
 */
function addSource(compiled: ReturnType<typeof emptyRedirects>, source: string): void {
  if (!source.startsWith('/') || source.includes('?') || source.includes('#')) return;
  const segments = segmentsOf(source);
  const parsed: Array<Segment | 'rest'> = [];
  for (const segment of segments) {
    if (REST.test(segment)) {
      if (parsed.at(-1) !== 'rest') parsed.push('rest');
    } else parsed.push(segmentOf(segment));
  }
  const rests = parsed.filter((segment) => segment === 'rest').length;
  if (rests > 1) {
    compiled.unsupported += 1;
    return;
  }
  if (rests === 0 && parsed.every((segment) => segment !== 'rest' && segment.kind === 'literal')) {
    compiled.exact.add(pathOf(segments));
    return;
  }
  const split = parsed.indexOf('rest');
  const head = (split < 0 ? parsed : parsed.slice(0, split)) as Segment[];
  const tail = split < 0 ? undefined : (parsed.slice(split + 1) as Segment[]);
  const fixed = [...head, ...(tail ?? [])];
  // Each fixed segment needs its `/` and its fewest characters.
  const minLength = fixed.reduce((sum, segment) => sum + 1 + minLengthOf(segment), 0);
  // Filed under its leading literal segments: only a page that starts with them can match it.
  let node = compiled.patterns;
  for (const segment of head) {
    if (segment.kind !== 'literal') break;
    let next = node.next.get(segment.text);
    if (!next) {
      next = { next: new Map(), patterns: [] };
      node.next.set(segment.text, next);
    }
    node = next;
  }
  node.patterns.push({ head, ...(tail ? { tail } : {}), minLength });
}

function segmentOf(text: string): Segment {
  if (PARAM.test(text)) return { kind: 'param' };
  if (!text.includes('*')) return { kind: 'literal', text };
  const pieces = text.split('*').map((piece): Piece => ({ text: piece }));
  return { kind: 'partial', pieces, min: pieces.reduce((sum, piece) => sum + piece.text.length, 0) };
}

function minLengthOf(segment: Segment): number {
  return segment.kind === 'literal' ? segment.text.length : segment.kind === 'param' ? 1 : segment.min;
}

/** A path's segments, trailing slashes aside: `/` has none; `/a//b/` has `a`, ``, `b`. */
export function segmentsOf(path: string): string[] {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  const trimmed = path.slice(path.startsWith('/') ? 1 : 0, end);
  return trimmed === '' ? [] : trimmed.split('/');
}

function pathOf(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

/** One comparison: whether the pattern matches the path's segments (`length`: the path's, normalised). */
function matches(pattern: Pattern, path: readonly string[], length: number): boolean {
  if (length < pattern.minLength) return false;
  const { head, tail } = pattern;
  if (!tail) return path.length === head.length && head.every((segment, index) => segmentMatches(segment, path[index]!));
  if (path.length < head.length + tail.length) return false;
  const from = path.length - tail.length;
  return head.every((segment, index) => segmentMatches(segment, path[index]!)) && tail.every((segment, index) => segmentMatches(segment, path[from + index]!));
}

function segmentMatches(segment: Segment, text: string): boolean {
  switch (segment.kind) {
    case 'literal':
      return segment.text === text;
    case 'param':
      return text.length > 0;
    case 'partial':
      return partialMatches(segment.pieces, segment.min, text);
  }
}

/**
 * `p0*p1*…*pk` against one segment: `p0` starts it, `pk` ends it, and the pieces between are
 * found in order, each at its leftmost place after the one before (which is never worse for the
 * pieces after it). Each search is linear and starts where the last one ended: linear in all.
 */
function partialMatches(pieces: readonly Piece[], min: number, text: string): boolean {
  if (text.length < min) return false;
  const first = pieces[0]!.text;
  const last = pieces.at(-1)!.text;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = indexWithin(text, piece, at, end);
    if (found < 0) return false;
    at = found + piece.text.length;
  }
  return true;
}

/** Knuth–Morris–Pratt's prefix table of a piece. */
function prefixTable(piece: string): Int32Array {
  const table = new Int32Array(piece.length);
  for (let i = 1, k = 0; i < piece.length; i++) {
    while (k > 0 && piece[i] !== piece[k]) k = table[k - 1]!;
    if (piece[i] === piece[k]) k += 1;
    table[i] = k;
  }
  return table;
}

/** Where the piece first stands in `text` within [from, end), or -1: linear in end − from plus the piece's length. */
function indexWithin(text: string, piece: Piece, from: number, end: number): number {
  const needle = piece.text;
  if (needle.length === 0) return from;
  const table = (piece.table ??= prefixTable(needle));
  for (let i = from, k = 0; i < end; i++) {
    while (k > 0 && text[i] !== needle[k]) k = table[k - 1]!;
    if (text[i] === needle[k]) k += 1;
    if (k === needle.length) return i - needle.length + 1;
  }
  return -1;
}

/** A page whose old path must be judged: its path, and its site's redirects (undefined: the configuration could not be read). */
export interface RedirectQuestion {
  readonly path: string;
  readonly redirects: readonly Redirect[] | undefined;
}

export interface RedirectLimits {
  readonly clock: Clock;
  /** Past this instant (by `clock`) nothing more is compiled or compared: the pages left are not known. */
  readonly deadline: number;
  readonly signal?: AbortSignal;
  /** All sources against all pages; `MAX_COMPARISONS` unless a test says less. */
  readonly comparisons?: number;
}

export interface RedirectAnswers {
  /** For each question in order: redirected, not, or null (not known). */
  readonly verdicts: ReadonlyArray<boolean | null>;
  readonly comparisons: number;
  /** Why some verdicts are not known though their configuration was read. */
  readonly stopped?: 'comparisons' | 'deadline';
}

/**
 * Whether each page's old path is redirected by its site's redirects. Each list of redirects is
 * compiled once (a source a unit of work); then an exact source is one look-up a page, and each
 * pattern filed under the page's leading segments one comparison. Between turns of
 * `COMPARISONS_PER_TURN` units the event loop runs (a signal cancels: its reason is thrown); past
 * the deadline, or past the comparisons allowed, the pages not decided are not known (null).
 */
export async function judgeRedirects(questions: readonly RedirectQuestion[], limits: RedirectLimits): Promise<RedirectAnswers> {
  const allowed = limits.comparisons ?? MAX_COMPARISONS;
  let comparisons = 0;
  let turn = 0;
  let stopped: RedirectAnswers['stopped'];
  /** One unit of work: false once the matching has stopped. */
  const work = async (comparison: boolean): Promise<boolean> => {
    if (turn >= COMPARISONS_PER_TURN) {
      turn = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (limits.signal?.aborted) throw abortReason(limits.signal);
      if (limits.clock.now() >= limits.deadline) stopped ??= 'deadline';
    }
    if (!stopped && comparison && comparisons >= allowed) stopped = 'comparisons';
    if (stopped) return false;
    turn += 1;
    if (comparison) comparisons += 1;
    return true;
  };

  const compiled = new Map<readonly Redirect[], CompiledRedirects | undefined>();
  const compile = async (redirects: readonly Redirect[]): Promise<CompiledRedirects | undefined> => {
    if (compiled.has(redirects)) return compiled.get(redirects);
    const into = emptyRedirects();
    let whole = true;
    for (const { source } of redirects) {
      if (!(await work(false))) {
        whole = false;
        break;
      }
      addSource(into, source);
    }
    // Redirects compiled in part are not known: a page none of them redirects might be redirected by the rest.
    const result = whole ? into : undefined;
    compiled.set(redirects, result);
    return result;
  };

  const verdicts: Array<boolean | null> = [];
  for (const { path, redirects: list } of questions) {
    const redirects = list && path.length <= LONGEST_MATCHED_PATH ? await compile(list) : undefined;
    verdicts.push(redirects ? await judge(path, redirects, work) : null);
  }
  return { verdicts, comparisons, ...(stopped ? { stopped } : {}) };
}

/** One page against one site's redirects: the look-up, then the patterns along its leading segments. */
async function judge(path: string, redirects: CompiledRedirects, work: (comparison: boolean) => Promise<boolean>): Promise<boolean | null> {
  const segments = segmentsOf(path);
  if (!(await work(true))) return null;
  if (redirects.exact.has(pathOf(segments))) return true;
  const length = segments.reduce((sum, segment) => sum + 1 + segment.length, 0);
  let node: PatternNode | undefined = redirects.patterns;
  for (let depth = 0; node; node = node.next.get(segments[depth]!), depth++) {
    for (const pattern of node.patterns) {
      if (!(await work(true))) return null;
      if (matches(pattern, segments, length)) return true;
    }
    if (depth >= segments.length) break;
  }
  // Sources not understood may redirect it: without a match, not known rather than not redirected.
  return redirects.unsupported > 0 ? null : false;
}

/**
 * A configuration's redirects, from its JSON as given: a list at the top level of
 * `{source, destination}` strings. Anything else in it (not a list, an entry without a string
 * source) counts for nothing; the configuration is read whatever else it holds.
 */
export function redirectsOf(config: unknown): Redirect[] {
  const list = (config as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: { source?: unknown; destination?: unknown } | null) =>
    typeof entry?.source === 'string' && typeof entry.destination === 'string' ? [{ source: entry.source, destination: entry.destination }] : [],
  );
}
