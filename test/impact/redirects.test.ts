/**
 * Whether a site's redirects keep a removed page's readers (src/impact/redirects.ts): the
 * vendor's source forms matched segment by segment, and the bounds that hold whatever a
 * configuration holds — no backtracking pattern (a source that takes a regular expression
 * minutes is decided at once), exact sources one look-up each, all sources against all pages
 * stopped at 1,000,000 comparisons, the event loop given back between turns, the deadline and a
 * signal heard there. What the matching does not reach is not known (null), never "not
 * redirected". Examples, then properties: the matcher agrees with the regular expression a
 * source means (built here from a tame alphabet, where backtracking costs nothing).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPARISONS_PER_TURN,
  judgeRedirects,
  LONGEST_MATCHED_PATH,
  MAX_COMPARISONS,
  redirectsOf,
  type Redirect,
  type RedirectLimits,
} from '../../src/impact/redirects.js';

const RUNS = { numRuns: 300 };
const to = (source: string): Redirect => ({ source, destination: '/elsewhere' });
/** A clock that never reaches the deadline. */
const OPEN: RedirectLimits = { clock: { now: () => 0 }, deadline: Number.POSITIVE_INFINITY };

/** Whether the sources redirect the path, as the matching says it: true, false, or null (not known). */
async function redirected(path: string, redirects: readonly Redirect[], limits: RedirectLimits = OPEN): Promise<boolean | null> {
  const { verdicts } = await judgeRedirects([{ path, redirects }], limits);
  return verdicts[0]!;
}

/** Runs `work`, counting the turns the event loop gives other work while it runs. */
async function withTurnsCounted<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}

describe('whether a source redirects a path', () => {
  it.each<[string, string, boolean]>([
    // Exact, trailing slashes aside on either side.
    ['/guides/install', '/guides/install', true],
    ['/guides/install/', '/guides/install', true],
    ['/guides/install', '/guides/install/', true],
    ['/guides/install', '/guides/installing', false],
    ['/guides/install', '/guides', false],
    ['/guides/install', '/guides/install/more', false],
    ['/guides/install', '/Guides/Install', false],
    ['/', '/', true],
    ['/', '/a', false],
    // :slug* — any rest, none included.
    ['/beta/:slug*', '/beta', true],
    ['/beta/:slug*', '/beta/', true],
    ['/beta/:slug*', '/beta/a', true],
    ['/beta/:slug*', '/beta/a/b/c', true],
    ['/beta/:slug*', '/betamax', false],
    ['/beta/:slug*', '/alpha/beta/a', false],
    ['/:slug*', '/anything/at/all', true],
    // :slug* within a source: any segments there, and the rest must follow.
    ['/a/:slug*/b', '/a/b', true],
    ['/a/:slug*/b', '/a/x/y/b', true],
    ['/a/:slug*/b', '/a/x', false],
    ['/a/:slug*/b', '/a/x/bc', false],
    // :name — one segment.
    ['/api/:version/users', '/api/v2/users', true],
    ['/api/:version/users', '/api/users', false],
    ['/api/:version/users', '/api/v2/x/users', false],
    ['/api/:version', '/api/v2', true],
    ['/api/:version', '/api/v2/users', false],
    // A partial `*`: any text within that one segment.
    ['/articles/concepts-*', '/articles/concepts-', true],
    ['/articles/concepts-*', '/articles/concepts-auth', true],
    ['/articles/concepts-*', '/articles/concepts-auth/deep', false],
    ['/articles/concepts-*', '/articles/concept', false],
    ['/articles/*-guide', '/articles/setup-guide', true],
    ['/articles/*-guide', '/articles/setup-guides', false],
    // What a regular expression would read in a source counts as itself.
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/a+(b)', '/a+(b)', true],
    ['/a+(b)', '/aa(b)', false],
    ['/[x]', '/[x]', true],
    ['/[x]', '/x', false],
    ['/$x^', '/$x^', true],
    // A source with a query or an anchor, or one that is not a path, redirects nothing.
    ['/guides/install?ref=1', '/guides/install', false],
    ['/guides/install#top', '/guides/install', false],
    ['/guides/:slug*?x', '/guides/a', false],
    ['guides/install', '/guides/install', false],
    ['https://example.com/guides/install', '/guides/install', false],
    ['', '/', false],
  ])('source %j, path %j: %s', async (source, path, expected) => {
    expect(await redirected(path, [to(source)])).toBe(expected);
  });

  it('any of several sources; none in an empty list', async () => {
    expect(await redirected('/b', [to('/a'), to('/b')])).toBe(true);
    expect(await redirected('/c', [to('/a'), to('/b')])).toBe(false);
    expect(await redirected('/a', [])).toBe(false);
  });
});

describe('what is not known', () => {
  it('a source with two `:slug*` apart is not matched: a page no other source redirects is not known, one another redirects is', async () => {
    const sources = [to('/a/:x*/b/:y*/c')];
    expect(await redirected('/a/q/b/r/c', sources)).toBeNull();
    expect(await redirected('/elsewhere/entirely', sources)).toBeNull();
    expect(await redirected('/kept', [...sources, to('/kept')])).toBe(true);
    expect(await redirected('/kept/deeper', [...sources, to('/kept/:rest*')])).toBe(true);
    // Consecutive ones are one.
    expect(await redirected('/a/q/r/b', [to('/a/:x*/:y*/b')])).toBe(true);
  });

  it('a page whose path is past the longest matched is not known, whatever the sources', async () => {
    const long = `/${'p'.repeat(LONGEST_MATCHED_PATH)}`;
    expect(await redirected(long, [to(long), to('/:slug*')])).toBeNull();
    expect(await redirected(long.slice(0, LONGEST_MATCHED_PATH), [to(long.slice(0, LONGEST_MATCHED_PATH))])).toBe(true);
  });

  it('a configuration that could not be read: every page of it not known, without a comparison', async () => {
    const answers = await judgeRedirects([{ path: '/a', redirects: undefined }], OPEN);
    expect(answers).toEqual({ verdicts: [null], comparisons: 0 });
  });
});

describe('bounded work, whatever the configuration holds', () => {
  // As a regular expression, `a[^/]*a[^/]*…b` tried on a run of `a`s backtracks through every way
  // of splitting the run: the one source below held the event loop for minutes.
  it('a source built to backtrack is decided at once, and rightly', async () => {
    const source = `/docs/${'a*'.repeat(40)}b`;
    expect(await redirected(`/docs/${'a'.repeat(200)}`, [to(source)])).toBe(false);
    expect(await redirected(`/docs/${'a'.repeat(199)}b`, [to(source)])).toBe(true);
    expect(await redirected(`/docs/${'a'.repeat(39)}b`, [to(source)])).toBe(false);
  });

  it('exact sources are one look-up a page: 100,000 of them against 300 pages make 300 comparisons', async () => {
    const redirects = Array.from({ length: 100_000 }, (_, index) => to(`/old/page-${index}`));
    const questions = Array.from({ length: 300 }, (_, index) => ({ path: `/old/page-${index * 7}`, redirects }));
    const answers = await judgeRedirects(questions, OPEN);
    expect(answers.comparisons).toBe(300);
    expect(answers.verdicts.every((verdict) => verdict === true)).toBe(true);
    expect(answers.stopped).toBeUndefined();
  });

  it('a page meets only the patterns filed under its leading segments, and those that start with a wildcard', async () => {
    const redirects = [
      ...Array.from({ length: 10_000 }, (_, index) => to(`/old-${index}/:slug*`)),
      ...Array.from({ length: 5 }, (_, index) => to(`/guides/v${index}/:slug*`)),
      to('/guides/:page/legacy'),
      to('/:section/deprecated-*'),
    ];
    const answers = await judgeRedirects(
      [
        { path: '/guides/v3/install', redirects },
        { path: '/guides/setup/legacy', redirects },
        { path: '/api/deprecated-users', redirects },
        { path: '/guides/elsewhere', redirects },
      ],
      OPEN,
    );
    expect(answers.verdicts).toEqual([true, true, true, false]);
    // The look-up each; `/:section/deprecated-*` each (at the root); then under `guides`, its
    // pattern and, under `guides/v3`, `/guides/v3/:slug*`.
    expect(answers.comparisons).toBe(4 + 4 + 2 + 1 + 1);
  });

  // Patterns filed at the root (a wildcard first) meet every page.
  const everywhere = (count: number) => Array.from({ length: count }, (_, index) => to(`/:section/nowhere-${index}/:slug*`));

  it('all sources against all pages stop at 1,000,000 comparisons: the pages past it are not known, never "not redirected"', async () => {
    // 1,000 patterns that match nothing, then one that matches every page.
    const redirects = [...everywhere(1_000), to('/:slug*')];
    const questions = Array.from({ length: 1_200 }, (_, index) => ({ path: `/page-${index}`, redirects }));
    const answers = await judgeRedirects(questions, OPEN);
    expect(answers.comparisons).toBe(MAX_COMPARISONS);
    expect(answers.stopped).toBe('comparisons');
    // Each page takes the look-up, the 1,000 that fail and the one that matches: 1,002 a page.
    const decided = Math.floor(MAX_COMPARISONS / 1_002);
    expect(answers.verdicts.slice(0, decided).every((verdict) => verdict === true)).toBe(true);
    expect(answers.verdicts.slice(decided).every((verdict) => verdict === null)).toBe(true);
  });

  it('the event loop runs between turns: other work goes on while the matching does', async () => {
    const redirects = everywhere(200);
    const questions = Array.from({ length: 100 }, (_, index) => ({ path: `/page-${index}`, redirects }));
    const { result: answers, turns } = await withTurnsCounted(() => judgeRedirects(questions, OPEN));
    expect(answers.comparisons).toBe(100 * 201);
    // One turn of other work at least between each turn of the work (200 sources compiled, then the comparisons).
    expect(turns).toBeGreaterThanOrEqual(Math.floor((200 + answers.comparisons) / COMPARISONS_PER_TURN) - 1);
  });

  it('compiling is work too: a list of 50,000 sources gives the event loop its turns before the first comparison', async () => {
    const { result: answers, turns } = await withTurnsCounted(() => judgeRedirects([{ path: '/a', redirects: everywhere(50_000) }], OPEN));
    expect(answers.verdicts).toEqual([false]);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(50_000 / COMPARISONS_PER_TURN) - 1);
  });

  it('past the deadline, the pages not decided are not known; a signal stops it with its reason', async () => {
    const redirects = everywhere(500);
    const questions = Array.from({ length: 20 }, (_, index) => ({ path: `/page-${index}`, redirects }));
    let now = 0;
    const clock = { now: () => now };
    const timed = judgeRedirects(questions, { clock, deadline: 1 });
    now = 1;
    const answers = await timed;
    expect(answers.stopped).toBe('deadline');
    // The first turn: 500 sources compiled, then 1,500 comparisons.
    expect(answers.comparisons).toBe(COMPARISONS_PER_TURN - 500);
    // The first pages were decided in it (501 comparisons each): not redirected.
    expect(answers.verdicts.slice(0, 2)).toEqual([false, false]);
    expect(answers.verdicts.slice(2).every((verdict) => verdict === null)).toBe(true);

    const controller = new AbortController();
    const cancelled = judgeRedirects(questions, { ...OPEN, signal: controller.signal });
    controller.abort(new Error('SIGTERM'));
    await expect(cancelled).rejects.toThrow('SIGTERM');
  });
});

describe('redirectsOf: a configuration’s redirects, from its JSON as given', () => {
  it('the top-level list of {source, destination} strings, as written', () => {
    const config = { name: 'Docs', navigation: {}, redirects: [{ source: '/a', destination: '/b', permanent: true }, to('/beta/:slug*')] };
    expect(redirectsOf(config)).toEqual([
      { source: '/a', destination: '/b' },
      { source: '/beta/:slug*', destination: '/elsewhere' },
    ]);
  });

  it.each([
    ['no redirects', { name: 'Docs' }],
    ['redirects not a list', { redirects: { source: '/a', destination: '/b' } }],
    ['redirects a string', { redirects: '/a' }],
    ['redirects null', { redirects: null }],
    ['the configuration null', null],
    ['the configuration a list', [to('/a')]],
    ['the configuration a number', 42],
    ['the configuration a string', '{"redirects": []}'],
  ])('%s: none', (_, config) => {
    expect(redirectsOf(config)).toEqual([]);
  });

  it('odd entries are ignored, the rest kept', () => {
    const redirects = [
      null,
      42,
      'source',
      [],
      {},
      { source: '/a' },
      { destination: '/b' },
      { source: 1, destination: '/b' },
      { source: '/c', destination: null },
      { source: ['/d'], destination: '/b' },
      { source: '/kept', destination: '/b' },
    ];
    expect(redirectsOf({ redirects })).toEqual([{ source: '/kept', destination: '/b' }]);
  });

  it('a nested `redirects` (not at the top level) is not the site’s', () => {
    expect(redirectsOf({ navigation: { redirects: [to('/a')] } })).toEqual([]);
  });
});

/** The regular expression a source means, from a tame alphabet (no character a pattern reads), as the matcher must read it. */
function meaning(source: string): RegExp | undefined {
  if (!source.startsWith('/') || /[?#]/.test(source)) return undefined;
  const segments = source.replace(/\/+$/, '').split('/').slice(1);
  let body = '';
  for (const segment of segments) {
    if (/^:[a-z]+\*$/.test(segment)) body += '(?:/.*)?';
    else body += '/' + (/^:[a-z]+$/.test(segment) ? '[^/]+' : segment.split('*').join('[^/]*'));
  }
  return new RegExp(`^${body}$`, 's');
}
/** A path as the expression reads it: without trailing slashes (the root is then empty, a path of no segment). */
const normalised = (path: string): string => path.replace(/\/+$/, '');

describe('properties', () => {
  const sourceSegment = fc.constantFrom('a', 'b', 'ab', 'a*', '*b', 'a*b', '*', 'a*a*b', ':p', ':r*');
  const pathSegment = fc.constantFrom('a', 'b', 'ab', 'aab', 'ba', 'abab', '');
  const source = fc
    .tuple(fc.array(sourceSegment, { maxLength: 5 }), fc.boolean())
    .map(([segments, slash]) => `/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}`);
  const path = fc.tuple(fc.array(pathSegment, { maxLength: 6 }), fc.boolean()).map(([segments, slash]) => `/${segments.join('/')}${slash ? '/' : ''}`);

  it('the matcher says what the source means: redirected exactly when its regular expression matches; not known with two `:slug*` apart', async () => {
    await fc.assert(
      fc.asyncProperty(source, path, async (from, page) => {
        const rests = from.split('/').filter((segment, index, all) => segment === ':r*' && all[index - 1] !== ':r*').length;
        const verdict = await redirected(page, [to(from)]);
        if (rests > 1) expect(verdict).toBeNull();
        else expect(verdict).toBe(meaning(from)!.test(normalised(page)));
      }),
      RUNS,
    );
  });

  it('what the sources decide does not depend on their order, nor on sources that match nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(source, { maxLength: 5 }), path, fc.integer({ min: 0, max: 4 }), async (sources, page, shift) => {
        const list = sources.map(to);
        const rotated = [...list.slice(shift % (list.length || 1)), ...list.slice(0, shift % (list.length || 1))];
        expect(await redirected(page, rotated)).toBe(await redirected(page, list));
        expect(await redirected(page, [...list, to('/zzz'), to('/zzz/:r*')])).toBe(await redirected(page, list));
      }),
      RUNS,
    );
  });

  const plainSegment = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,8}$/).filter((text) => text !== '.' && text !== '..');
  const plainPath = fc.array(plainSegment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);

  it('an exact source redirects its path, trailing slashes aside, and no other', async () => {
    await fc.assert(
      fc.asyncProperty(plainPath, plainPath, fc.boolean(), fc.boolean(), async (source, other, slashSource, slashPath) => {
        const redirects = [to(slashSource ? `${source}/` : source)];
        expect(await redirected(slashPath ? `${source}/` : source, redirects)).toBe(true);
        expect(await redirected(other, redirects)).toBe(other === source);
        expect(await redirected(`${source}x`, redirects)).toBe(false);
        expect(await redirected(`${source}/x`, redirects)).toBe(false);
      }),
      RUNS,
    );
  });

  it('`:slug*` redirects its prefix and any rest under it, and nothing beside it', async () => {
    await fc.assert(
      fc.asyncProperty(plainPath, fc.array(plainSegment, { maxLength: 4 }), plainPath, async (prefix, rest, other) => {
        const redirects = [to(`${prefix}/:slug*`)];
        expect(await redirected([prefix, ...rest].join('/'), redirects)).toBe(true);
        expect(await redirected(`${prefix}x`, redirects)).toBe(false);
        expect(await redirected(other, redirects)).toBe(other === prefix || other.startsWith(`${prefix}/`));
      }),
      RUNS,
    );
  });

  it('`:name` stands for exactly one segment, a partial `*` for any text within one', async () => {
    await fc.assert(
      fc.asyncProperty(plainPath, plainSegment, plainSegment, plainSegment, async (prefix, name, before, after) => {
        expect(await redirected(`${prefix}/${name}/end`, [to(`${prefix}/:name/end`)])).toBe(true);
        expect(await redirected(`${prefix}/end`, [to(`${prefix}/:name/end`)])).toBe(false);
        expect(await redirected(`${prefix}/${name}/${name}/end`, [to(`${prefix}/:name/end`)])).toBe(false);
        expect(await redirected(`${prefix}/${before}${name}${after}`, [to(`${prefix}/${before}*${after}`)])).toBe(true);
        expect(await redirected(`${prefix}/${before}${after}`, [to(`${prefix}/${before}*${after}`)])).toBe(true);
        expect(await redirected(`${prefix}/${before}${name}/${after}`, [to(`${prefix}/${before}*${after}`)])).toBe(false);
      }),
      RUNS,
    );
  });

  it('a source with a query or an anchor redirects nothing, whatever the path', async () => {
    await fc.assert(
      fc.asyncProperty(plainPath, fc.constantFrom('?', '#', '?x=1', '#top', '/?', '/#'), fc.boolean(), async (path, tail, wildcard) => {
        const source = wildcard ? `${path}/:slug*${tail}` : `${path}${tail}`;
        expect(await redirected(path, [to(source)])).toBe(false);
        expect(await redirected(`${path}/a`, [to(source)])).toBe(false);
      }),
      RUNS,
    );
  });

  it('redirectsOf keeps exactly the entries with string source and destination, whatever else the JSON holds', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), (entries) => {
        const kept = entries.filter(
          (entry): entry is { source: string; destination: string } =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as { source?: unknown }).source === 'string' &&
            typeof (entry as { destination?: unknown }).destination === 'string',
        );
        expect(redirectsOf({ redirects: entries })).toEqual(kept.map(({ source, destination }) => ({ source, destination })));
        expect(() => redirectsOf(entries)).not.toThrow();
      }),
      RUNS,
    );
  });
});
