/**
 * Which pages a documentation PR changes, as pure functions (src/impact/pages.ts): the sites placed
 * by their configurations' paths, a file's path on the site under the nearest site's folder, the
 * change each file makes to the site (and, for a page that goes away, the site whose redirects
 * decide), and a page's link into the preview. Examples first, then properties over generated folders, file names and paths
 * (fast-check prints the seed and the shrunk counterexample of a failure, to replay it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedPages, pagePathOf, previewLinkOf, Sites, type ChangedFile, type Site } from '../../src/impact/pages.js';

/** Runs per property: enough for the mixes below, few enough to keep the file at a second or two. */
const RUNS = { numRuns: 300 };

/** The sites of these folders, each with its `docs.json`. */
const sites = (...folders: string[]): Sites => new Sites(folders.map((folder) => (folder ? `${folder}/docs.json` : 'docs.json')));
const siteOf = (folder: string): Site => ({ folder, config: folder ? `${folder}/docs.json` : 'docs.json' });
const DOCS = sites('docs');
const ROOT = sites('');
const DOCS_SITE = siteOf('docs');

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
    ['packages/site/docs/guides/a.mdx', sites('packages/site/docs'), '/guides/a'],
    ['packages/site/docs/index.mdx', sites('packages/site/docs'), '/'],
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
    expect(pagePathOf('docs/a.mdx', sites())).toBeUndefined();
    expect(pagePathOf('a.mdx', sites())).toBeUndefined();
  });

  it('the nearest configuration wins: a site in a site, in either order', () => {
    const folders = ['', 'docs', 'docs/api'];
    for (const order of [folders, [...folders].reverse()]) {
      const placed = sites(...order);
      expect(pagePathOf('docs/api/users/index.mdx', placed)).toBe('/users');
      expect(pagePathOf('docs/guides/a.mdx', placed)).toBe('/guides/a');
      expect(pagePathOf('blog/post.md', placed)).toBe('/blog/post');
      expect(placed.nearest('docs/api/x.mdx')).toEqual(siteOf('docs/api'));
      expect(placed.nearest('docs/apix/x.mdx')).toEqual(siteOf('docs'));
      expect(placed.size).toBe(3);
    }
  });

  it('docs.json wins over mint.json in one folder, in either order; other files named alike are no configuration', () => {
    for (const paths of [
      ['docs/mint.json', 'docs/docs.json'],
      ['docs/docs.json', 'docs/mint.json'],
    ]) {
      const placed = new Sites([...paths, 'other/docs.json.bak', 'other/my-docs.json']);
      expect(placed.nearest('docs/a.mdx')).toEqual({ folder: 'docs', config: 'docs/docs.json' });
      expect(placed.nearest('other/a.mdx')).toBeUndefined();
      expect(placed.size).toBe(1);
    }
    expect(new Sites(['site/mint.json']).nearest('site/a/b.mdx')).toEqual({ folder: 'site', config: 'site/mint.json' });
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
      { path: '/old', change: 'removed', site: DOCS_SITE },
      { path: '/guides/setup', change: 'renamed', previousPath: '/setup', site: DOCS_SITE },
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
      { path: '/old', change: 'removed', site: DOCS_SITE },
      { path: '/imported', change: 'added' },
      { path: '/notes', change: 'removed', site: DOCS_SITE },
    ]);
  });

  it('a page moved between two sites is renamed, its redirects those of the site it leaves', () => {
    expect(changedPages([{ filename: 'site-b/new.mdx', status: 'renamed', previousFilename: 'site-a/old.mdx' }], sites('site-a', 'site-b'))).toEqual([
      { path: '/new', change: 'renamed', previousPath: '/old', site: siteOf('site-a') },
    ]);
  });

  it('a removed or renamed page carries the site it leaves, whose redirects decide; an added or modified one none', () => {
    expect(
      changedPages(
        [
          { filename: 'docs/old.mdx', status: 'removed' },
          { filename: 'docs/api/v2/a.mdx', status: 'renamed', previousFilename: 'docs/beta/a.mdx' },
          { filename: 'docs/c2.mdx', status: 'renamed', previousFilename: 'docs/api/b.mdx' },
          { filename: 'docs/beta/new.mdx', status: 'added' },
          { filename: 'docs/api/c.mdx', status: 'modified' },
        ],
        sites('docs', 'docs/api'),
      ),
    ).toEqual([
      { path: '/old', change: 'removed', site: DOCS_SITE },
      { path: '/v2/a', change: 'renamed', previousPath: '/beta/a', site: DOCS_SITE },
      { path: '/c2', change: 'renamed', previousPath: '/b', site: siteOf('docs/api') },
      { path: '/beta/new', change: 'added' },
      { path: '/c', change: 'modified' },
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
        expect(pagePathOf(file, sites(root))).toBe(`/${shown.join('/')}`);
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
          const placed = reversed ? sites(innerFolder, outerFolder, '') : sites('', outerFolder, innerFolder);
          expect(pagePathOf(`${innerFolder}/${parts.join('/')}.mdx`, placed)).toBe(
            parts.at(-1) === 'index' ? `/${parts.slice(0, -1).join('/')}` : `/${parts.join('/')}`,
          );
          expect(placed.nearest(`${innerFolder}/x.mdx`)?.folder).toBe(innerFolder);
          expect(placed.nearest(`${outerFolder}/x.mdx`)?.folder).toBe(outerFolder);
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
          for (const file of outside) expect(pagePathOf(file, sites(rootFolder))).toBeUndefined();
          const other = `${rootFolder}/${parts.join('/')}${ext}`;
          if (!/\.mdx?$/i.test(other)) expect(pagePathOf(other, sites(rootFolder))).toBeUndefined();
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
        for (const page of pages) expect('site' in page).toBe(page.change === 'removed' || page.change === 'renamed');
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
