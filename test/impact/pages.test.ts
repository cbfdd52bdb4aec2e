/**
 * Which pages a documentation PR changes, as pure functions (src/impact/pages.ts): a file's path on
 * the site under the nearest configuration's folder, the change each file makes to the site, the
 * redirects of a configuration and whether one redirects a path, and a page's link into the
 * preview. Examples first, then properties over generated folders, file names and paths
 * (fast-check prints the seed and the shrunk counterexample of a failure, to replay it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changedPages,
  isRedirected,
  nearestConfig,
  pagePathOf,
  previewLinkOf,
  redirectsOf,
  type ChangedFile,
  type DocsConfig,
  type Redirect,
} from '../../src/impact/pages.js';

/** Runs per property: enough for the mixes below, few enough to keep the file at a second or two. */
const RUNS = { numRuns: 300 };

const site = (folder: string, redirects: Redirect[] = []): DocsConfig => ({ folder, redirects });
const to = (source: string): Redirect => ({ source, destination: '/elsewhere' });
const DOCS = [site('docs')];
const ROOT = [site('')];

describe('pagePathOf: a file’s path on the site', () => {
  it.each([
    ['docs/guides/install.mdx', DOCS, '/guides/install'],
    ['docs/guides/install.md', DOCS, '/guides/install'],
    ['docs/guides/Install.MDX', DOCS, '/guides/Install'],
    ['docs/index.mdx', DOCS, '/'],
    ['docs/guides/index.mdx', DOCS, '/guides'],
    ['docs/guides/index.md', DOCS, '/guides'],
    ['docs/a/b/c/d.mdx', DOCS, '/a/b/c/d'],
    // `index` stands for its folder only as the file's own name.
    ['docs/index/setup.mdx', DOCS, '/index/setup'],
    ['docs/guides/indexing.mdx', DOCS, '/guides/indexing'],
    ['index.mdx', ROOT, '/'],
    ['quickstart.mdx', ROOT, '/quickstart'],
    ['api/reference/users.mdx', ROOT, '/api/reference/users'],
    // A subfolder's configuration, as in a monorepo.
    ['packages/site/docs/guides/a.mdx', [site('packages/site/docs')], '/guides/a'],
    ['packages/site/docs/index.mdx', [site('packages/site/docs')], '/'],
  ])('%s → %s', (file, configs, path) => {
    expect(pagePathOf(file, configs)).toBe(path);
  });

  it.each([
    ['docs/docs.json', 'the configuration itself'],
    ['docs/images/logo.png', 'an image'],
    ['docs/snippet.jsx', 'a component'],
    ['docs/guides/a.mdx.orig', 'a backup'],
    ['docs/guides/a.markdown', 'another extension'],
    ['docs/guides/mdx', 'no extension'],
    ['docs/openapi.yaml', 'an API description'],
    ['src/README.md', 'a Markdown file outside the folder'],
    ['docs-old/a.mdx', 'a folder whose name only starts with the site’s'],
    ['README.md', 'the root, when the site is a subfolder'],
  ])('%s is no page (%s)', (file) => {
    expect(pagePathOf(file, DOCS)).toBeUndefined();
  });

  // A file name may hold a line break (LF, CR, U+2028, U+2029; git and GitHub keep such names):
  // an `.mdx` file under the site's folder is a page all the same.
  it('a file whose name holds a line break is a page all the same', () => {
    for (const name of ['docs/a\nb.mdx', 'docs/a\rb.md', 'docs/line\u2028break/x.mdx']) expect(pagePathOf(name, DOCS), name).toBeDefined();
  });

  it('no configuration, no page', () => {
    expect(pagePathOf('docs/a.mdx', [])).toBeUndefined();
    expect(pagePathOf('a.mdx', [])).toBeUndefined();
  });

  it('the nearest configuration wins: a site in a site, in either order', () => {
    const configs = [site(''), site('docs'), site('docs/api')];
    for (const order of [configs, [...configs].reverse()]) {
      expect(pagePathOf('docs/api/users/index.mdx', order)).toBe('/users');
      expect(pagePathOf('docs/guides/a.mdx', order)).toBe('/guides/a');
      expect(pagePathOf('blog/post.md', order)).toBe('/blog/post');
      expect(nearestConfig('docs/api/x.mdx', order)).toBe(configs[2]);
      expect(nearestConfig('docs/apix/x.mdx', order)).toBe(configs[1]);
    }
  });
});

describe('changedPages: the change each file makes to the site', () => {
  it('added, modified, removed, renamed; other files left out; in the order of the files', () => {
    const files: ChangedFile[] = [
      { filename: 'docs/guides/new.mdx', status: 'added' },
      { filename: 'docs/docs.json', status: 'modified' },
      { filename: 'docs/guides/install.mdx', status: 'modified' },
      { filename: 'docs/images/a.png', status: 'added' },
      { filename: 'docs/old.mdx', status: 'removed' },
      { filename: 'docs/guides/setup.mdx', status: 'renamed', previousFilename: 'docs/setup.mdx' },
      { filename: 'src/index.ts', status: 'modified' },
    ];
    expect(changedPages(files, DOCS)).toEqual([
      { path: '/guides/new', change: 'added' },
      { path: '/guides/install', change: 'modified' },
      { path: '/old', change: 'removed', redirected: false },
      { path: '/guides/setup', change: 'renamed', previousPath: '/setup', redirected: false },
    ]);
  });

  it('a file with no status, `changed` or `unchanged` modifies its page; `copied` adds one', () => {
    expect(
      changedPages(
        [
          { filename: 'docs/a.mdx' },
          { filename: 'docs/b.mdx', status: 'changed' },
          { filename: 'docs/c.mdx', status: 'unchanged' },
          { filename: 'docs/d.mdx', status: 'copied', previousFilename: 'docs/a.mdx' },
        ],
        DOCS,
      ),
    ).toEqual([
      { path: '/a', change: 'modified' },
      { path: '/b', change: 'modified' },
      { path: '/c', change: 'modified' },
      { path: '/d', change: 'added' },
    ]);
  });

  it('a page moved out of the site is removed; a file moved into it is added; a move outside it is nothing', () => {
    expect(
      changedPages(
        [
          { filename: 'archive/old.mdx', status: 'renamed', previousFilename: 'docs/old.mdx' },
          { filename: 'docs/imported.mdx', status: 'renamed', previousFilename: 'drafts/imported.mdx' },
          { filename: 'drafts/b.mdx', status: 'renamed', previousFilename: 'drafts/a.mdx' },
          { filename: 'docs/notes.txt', status: 'renamed', previousFilename: 'docs/notes.mdx' },
        ],
        DOCS,
      ),
    ).toEqual([
      { path: '/old', change: 'removed', redirected: false },
      { path: '/imported', change: 'added' },
      { path: '/notes', change: 'removed', redirected: false },
    ]);
  });

  it('a page moved between two sites is renamed, judged redirected by the site it leaves', () => {
    const configs = [site('site-a', [to('/old')]), site('site-b')];
    expect(changedPages([{ filename: 'site-b/new.mdx', status: 'renamed', previousFilename: 'site-a/old.mdx' }], configs)).toEqual([
      { path: '/new', change: 'renamed', previousPath: '/old', redirected: true },
    ]);
  });

  it('a removed or renamed page is redirected as its site’s redirects say; an added or modified one carries no verdict', () => {
    const configs = [site('docs', [to('/old'), to('/beta/:slug*')])];
    expect(
      changedPages(
        [
          { filename: 'docs/old.mdx', status: 'removed' },
          { filename: 'docs/gone.mdx', status: 'removed' },
          { filename: 'docs/v2/a.mdx', status: 'renamed', previousFilename: 'docs/beta/a.mdx' },
          { filename: 'docs/v2/b.mdx', status: 'renamed', previousFilename: 'docs/b.mdx' },
          { filename: 'docs/beta/new.mdx', status: 'added' },
        ],
        configs,
      ),
    ).toEqual([
      { path: '/old', change: 'removed', redirected: true },
      { path: '/gone', change: 'removed', redirected: false },
      { path: '/v2/a', change: 'renamed', previousPath: '/beta/a', redirected: true },
      { path: '/v2/b', change: 'renamed', previousPath: '/b', redirected: false },
      { path: '/beta/new', change: 'added' },
    ]);
  });

  it('two files of one page (`a.md` and `a.mdx`, `a.mdx` and `a/index.mdx`) make it once', () => {
    expect(
      changedPages(
        [
          { filename: 'docs/a.md', status: 'modified' },
          { filename: 'docs/a.mdx', status: 'modified' },
          { filename: 'docs/b.mdx', status: 'modified' },
          { filename: 'docs/b/index.mdx', status: 'modified' },
        ],
        DOCS,
      ),
    ).toEqual([
      { path: '/a', change: 'modified' },
      { path: '/b', change: 'modified' },
    ]);
  });

  // A file renamed without its page moving (`a.md` → `a.mdx`, `a.mdx` → `a/index.mdx`) modifies
  // the page: every link to it still works, so no reader is lost.
  it('a file renamed without its page’s path changing does not move the page', () => {
    for (const [from, into] of [
      ['docs/guides/a.md', 'docs/guides/a.mdx'],
      ['docs/guides/a.mdx', 'docs/guides/a/index.mdx'],
    ]) {
      const [page] = changedPages([{ filename: into!, status: 'renamed', previousFilename: from! }], DOCS);
      expect(page).toEqual({ path: '/guides/a', change: 'modified' });
    }
  });

  // A page whose file is removed while another file of the same path is added (GitHub lists a
  // rewrite as a removal and an addition) is still there: modified, not removed.
  it('a page removed and added again in the same PR is modified, not removed', () => {
    const pages = changedPages(
      [
        { filename: 'docs/guides/a.md', status: 'removed' },
        { filename: 'docs/guides/a/index.mdx', status: 'added' },
      ],
      DOCS,
    );
    expect(pages).toEqual([{ path: '/guides/a', change: 'modified' }]);
  });
});

describe('isRedirected: whether a source redirects a path', () => {
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
  ])('source %j, path %j: %s', (source, path, redirected) => {
    expect(isRedirected(path, [to(source)])).toBe(redirected);
  });

  it('any of several sources; none in an empty list', () => {
    expect(isRedirected('/b', [to('/a'), to('/b')])).toBe(true);
    expect(isRedirected('/c', [to('/a'), to('/b')])).toBe(false);
    expect(isRedirected('/a', [])).toBe(false);
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

describe('previewLinkOf: a page’s link into the preview', () => {
  const PREVIEW = 'https://acme-docs-retries.mintlify.site';

  it.each([
    ['/guides/install', `${PREVIEW}/guides/install`],
    ['/', `${PREVIEW}/`],
    ['/guides', `${PREVIEW}/guides`],
    ['/a b/ü', `${PREVIEW}/a%20b/%C3%BC`],
    ['/a?b#c', `${PREVIEW}/a%3Fb%23c`],
    ['/%2F/x', `${PREVIEW}/%252F/x`],
    ['/a\\b', `${PREVIEW}/a%5Cb`],
    ['//evil.example/x', `${PREVIEW}/evil.example/x`],
    ['/../../x', `${PREVIEW}/x`],
    ['/./a/./b', `${PREVIEW}/a/b`],
    ['/%2e%2e/x', `${PREVIEW}/%252e%252e/x`],
    ['/@evil.example', `${PREVIEW}/%40evil.example`],
  ])('%j → %s', (path, link) => {
    expect(previewLinkOf(PREVIEW, path)).toBe(link);
  });

  it('from the preview’s origin: its own path, query, anchor and credentials are not kept', () => {
    expect(previewLinkOf('https://user:secret@preview.example:8443/base/?q=1#top', '/a')).toBe('https://preview.example:8443/a');
  });

  it.each([undefined, '', 'not a url', 'http://preview.example', 'javascript:alert(1)', 'ftp://preview.example', 'data:text/html,x'])(
    'no link when the preview is %j (not an https URL)',
    (preview) => {
      expect(previewLinkOf(preview, '/guides/a')).toBeUndefined();
    },
  );

  // A path holding a lone surrogate (a `\ud800` escape in GitHub's JSON) has no UTF-8 form, and
  // encodeURIComponent throws on it: the section must still render, with a link or the path.
  it('a path with a lone surrogate gives a link within the origin or none, and does not throw', () => {
    const link = previewLinkOf(PREVIEW, '/guides/a\ud800b');
    expect(link === undefined || new URL(link).origin === PREVIEW).toBe(true);
  });
});

// Properties ----------------------------------------------------------------------------------

/** What a file or path may hold that means something to a URL, to Markdown or to the log. */
const HOSTILE_PIECES = [
  '/',
  '//',
  '..',
  '.',
  '\\',
  '?',
  '#',
  '%',
  '%2F',
  '%2e',
  '@',
  ':',
  '&',
  '|',
  '`',
  '<!--',
  '-->',
  '<',
  '>',
  '::error::',
  '@user',
  '#12',
  '\n',
  '\r',
  '\t',
  ' ',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\u00ad',
  'ü',
  'ß',
  '日本',
  '😀',
  'index',
  'evil.example',
  'http://',
];
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 8 })
  .map((parts) => parts.join(''));
/** A name git keeps as one segment of a path: no `/`, no NUL, not empty, `.`, `..` or `.git`; line breaks allowed. */
const segment = fc
  .oneof(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/), hostileText, fc.constantFrom('a\nb', 'c\rd', 'e\u2028f'))
  .map((text) => text.replace(/[/\0]/g, '_'))
  .filter((text) => text !== '' && text !== '.' && text !== '..' && text !== '.git');
const folder = fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('/'));
const extension = fc.constantFrom('.mdx', '.md', '.MDX', '.Md');

describe('properties', () => {
  it('a page’s path is its path from the site’s folder without the extension, `index` standing for its folder', () => {
    fc.assert(
      fc.property(folder, fc.array(segment, { minLength: 1, maxLength: 4 }), extension, (root, parts, ext) => {
        const file = [root, ...parts].filter(Boolean).join('/') + ext;
        const shown = parts.at(-1) === 'index' ? parts.slice(0, -1) : parts;
        expect(pagePathOf(file, [site(root)])).toBe(`/${shown.join('/')}`);
      }),
      RUNS,
    );
  });

  it('the deepest folder that holds the file decides, whatever order the configurations come in', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (outer, inner, parts, reversed) => {
          const outerFolder = outer.join('/');
          const innerFolder = [...outer, ...inner].join('/');
          const configs = reversed ? [site(innerFolder), site(outerFolder), site('')] : [site(''), site(outerFolder), site(innerFolder)];
          expect(pagePathOf(`${innerFolder}/${parts.join('/')}.mdx`, configs)).toBe(
            parts.at(-1) === 'index' ? `/${parts.slice(0, -1).join('/')}` : `/${parts.join('/')}`,
          );
          expect(nearestConfig(`${innerFolder}/x.mdx`, configs)?.folder).toBe(innerFolder);
          expect(nearestConfig(`${outerFolder}/x.mdx`, configs)?.folder).toBe(outerFolder);
        },
      ),
      RUNS,
    );
  });

  it('no file outside the site’s folder, and no file of another kind, is a page', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('.json', '.png', '.mdx.bak', '.txt', '', '.yaml', '.jsx', '.md~'),
        (root, parts, ext) => {
          const rootFolder = root.join('/');
          // A sibling folder whose name extends the site's, and another whole folder.
          const outside = [`${rootFolder}x/${parts.join('/')}.mdx`, `elsewhere-${rootFolder}/${parts.join('/')}.md`];
          for (const file of outside) expect(pagePathOf(file, [site(rootFolder)])).toBeUndefined();
          const other = `${rootFolder}/${parts.join('/')}${ext}`;
          if (!/\.mdx?$/i.test(other)) expect(pagePathOf(other, [site(rootFolder)])).toBeUndefined();
        },
      ),
      RUNS,
    );
  });

  it('changedPages keeps each page once, in the order of its files, and leaves out what is no page', () => {
    const files = fc.array(
      fc.record({
        filename: fc.oneof(
          fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `docs/${parts.join('/')}.mdx`),
          fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `src/${parts.join('/')}.ts`),
          fc.constant('docs/docs.json'),
        ),
        status: fc.constantFrom('added', 'modified', 'removed', 'changed', 'copied'),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(files, (list) => {
        const pages = changedPages(list, DOCS);
        // One row a path, where its first file that leaves it served stands (else its removal); a
        // path one file removes and another adds is modified.
        const byFile = list
          .filter((file) => file.filename.endsWith('.mdx'))
          .map((file) => ({
            path: pagePathOf(file.filename, DOCS)!,
            change: file.status === 'removed' ? 'removed' : file.status === 'added' || file.status === 'copied' ? 'added' : 'modified',
          }));
        const served = (path: string) => byFile.some((page) => page.path === path && page.change !== 'removed');
        const removed = (path: string) => byFile.some((page) => page.path === path && page.change === 'removed');
        const expected = byFile
          .filter((page) => page.change !== 'removed' || !served(page.path))
          .map((page) => (page.change === 'added' && removed(page.path) ? { ...page, change: 'modified' } : page))
          .filter((page, index, all) => all.findIndex((other) => other.path === page.path) === index);
        expect(pages.map(({ path, change }) => ({ path, change }))).toEqual(expected);
        for (const page of pages) expect('redirected' in page).toBe(page.change === 'removed' || page.change === 'renamed');
      }),
      RUNS,
    );
  });

  const plainSegment = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,8}$/).filter((text) => text !== '.' && text !== '..');
  const plainPath = fc.array(plainSegment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);

  it('an exact source redirects its path, trailing slashes aside, and no other', () => {
    fc.assert(
      fc.property(plainPath, plainPath, fc.boolean(), fc.boolean(), (source, other, slashSource, slashPath) => {
        const redirects = [to(slashSource ? `${source}/` : source)];
        expect(isRedirected(slashPath ? `${source}/` : source, redirects)).toBe(true);
        expect(isRedirected(other, redirects)).toBe(other === source);
        expect(isRedirected(`${source}x`, redirects)).toBe(false);
        expect(isRedirected(`${source}/x`, redirects)).toBe(false);
      }),
      RUNS,
    );
  });

  it('`:slug*` redirects its prefix and any rest under it, and nothing beside it', () => {
    fc.assert(
      fc.property(plainPath, fc.array(plainSegment, { maxLength: 4 }), plainPath, (prefix, rest, other) => {
        const redirects = [to(`${prefix}/:slug*`)];
        expect(isRedirected([prefix, ...rest].join('/'), redirects)).toBe(true);
        expect(isRedirected(`${prefix}x`, redirects)).toBe(false);
        expect(isRedirected(other, redirects)).toBe(other === prefix || other.startsWith(`${prefix}/`));
      }),
      RUNS,
    );
  });

  it('`:name` stands for exactly one segment, a partial `*` for any text within one', () => {
    fc.assert(
      fc.property(plainPath, plainSegment, plainSegment, plainSegment, (prefix, name, before, after) => {
        expect(isRedirected(`${prefix}/${name}/end`, [to(`${prefix}/:name/end`)])).toBe(true);
        expect(isRedirected(`${prefix}/end`, [to(`${prefix}/:name/end`)])).toBe(false);
        expect(isRedirected(`${prefix}/${name}/${name}/end`, [to(`${prefix}/:name/end`)])).toBe(false);
        expect(isRedirected(`${prefix}/${before}${name}${after}`, [to(`${prefix}/${before}*${after}`)])).toBe(true);
        expect(isRedirected(`${prefix}/${before}${after}`, [to(`${prefix}/${before}*${after}`)])).toBe(true);
        expect(isRedirected(`${prefix}/${before}${name}/${after}`, [to(`${prefix}/${before}*${after}`)])).toBe(false);
      }),
      RUNS,
    );
  });

  it('a source with a query or an anchor redirects nothing, whatever the path', () => {
    fc.assert(
      fc.property(plainPath, fc.constantFrom('?', '#', '?x=1', '#top', '/?', '/#'), fc.boolean(), (path, tail, wildcard) => {
        const source = wildcard ? `${path}/:slug*${tail}` : `${path}${tail}`;
        expect(isRedirected(path, [to(source)])).toBe(false);
        expect(isRedirected(`${path}/a`, [to(source)])).toBe(false);
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

  const origin = fc.constantFrom(
    'https://acme-docs-retries.mintlify.site',
    'https://preview.example:8443',
    'https://xn--bcher-kva.example',
    'https://127.0.0.1',
    'https://[::1]:4443',
  );
  const previewPath = fc.oneof(
    hostileText.map((text) => `/${text}`),
    fc.array(hostileText, { maxLength: 5 }).map((parts) => parts.join('/')),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );

  it('a link into the preview never leaves its origin, carries no query or anchor, and lands on the page’s own segments', () => {
    fc.assert(
      fc.property(origin, fc.constantFrom('', '/', '/base/', '/a?b#c'), previewPath, (previewOrigin, previewRest, path) => {
        const link = previewLinkOf(`${previewOrigin}${previewRest}`, path);
        expect(link).toBeDefined();
        const url = new URL(link!);
        expect(url.origin).toBe(previewOrigin);
        expect(url.search).toBe('');
        expect(url.hash).toBe('');
        expect(url.username + url.password).toBe('');
        // The link as written is the link a browser follows: nothing in it is normalised away.
        expect(url.href).toBe(link);
        const segments = path.split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
        expect(url.pathname).toBe(`/${segments.map((part) => encodeURIComponent(part)).join('/')}`);
        expect(
          url.pathname
            .split('/')
            .slice(1)
            .filter(Boolean)
            .map((part) => decodeURIComponent(part)),
        ).toEqual(segments);
        // Nothing in it a Markdown destination, the runner or a reader could take for something else.
        // eslint-disable-next-line no-control-regex
        expect(link).not.toMatch(/[\s<>`|\\"\u0000-\u001f\u007f-\u009f\u200b\u202e\ufeff]/);
      }),
      RUNS,
    );
  });
});
