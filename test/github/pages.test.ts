/**
 * The one pager of every GitHub list, on pages made here: it asks for a page only when it wants
 * it, never more than its limit whatever the pages say, ends at a page with nothing new or a next
 * page it followed already, keeps an item listed twice once, and says `more` only when it stopped
 * at its limit with a next page named.
 */
import { describe, expect, it } from 'vitest';
import { COMMIT_FILE_PAGES, PULL_COMMENT_PAGES, PULL_COMMIT_PAGES, PULL_FILE_PAGES, readPages, type ListPage } from '../../src/github/pages.js';

/** Pages answered in turn, each request counted; past the given ones, the last is answered again (a server that repeats itself). */
function server(pages: Array<ListPage<number>>) {
  let requests = 0;
  const iterator: AsyncIterator<ListPage<number>> & { closed: boolean } = {
    closed: false,
    next: () => {
      requests += 1;
      return Promise.resolve({ done: false, value: pages[Math.min(requests, pages.length) - 1]! });
    },
    return: () => {
      iterator.closed = true;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { iterator, requests: () => requests };
}

const page = (items: number[], next?: string): ListPage<number> => ({ items, next });
const itself = (item: number): number => item;

describe('readPages', () => {
  it('reads every page up to the one that names no next page', async () => {
    const { iterator, requests } = server([page([1, 2], 'p2'), page([3, 4], 'p3'), page([5])]);
    await expect(readPages(iterator, 10, itself)).resolves.toEqual({ items: [1, 2, 3, 4, 5], more: false, pages: 3 });
    expect(requests()).toBe(3);
    expect(iterator.closed).toBe(true);
  });

  it('stops at its limit while the server names a next page for ever, saying there was more', async () => {
    let n = 0;
    const endless: AsyncIterator<ListPage<number>> = {
      next: () => {
        n += 1;
        return Promise.resolve({ done: false, value: page([n], `p${n + 1}`) });
      },
    };
    await expect(readPages(endless, 4, itself)).resolves.toEqual({ items: [1, 2, 3, 4], more: true, pages: 4 });
    expect(n).toBe(4);
  });

  it('reads the last page allowed without asking for the one after it', async () => {
    const { iterator, requests } = server([page([1], 'p2'), page([2], 'p3'), page([3])]);
    await expect(readPages(iterator, 2, itself)).resolves.toEqual({ items: [1, 2], more: true, pages: 2 });
    expect(requests()).toBe(2);
  });

  it('at exactly its limit with no next page named, there was no more', async () => {
    const { iterator } = server([page([1], 'p2'), page([2])]);
    await expect(readPages(iterator, 2, itself)).resolves.toEqual({ items: [1, 2], more: false, pages: 2 });
  });

  it('ends at a page answered again: each of its items seen before', async () => {
    const { iterator, requests } = server([page([1, 2], 'p2'), page([3, 4], 'p3')]);
    // The third request is answered as the second, and names a next page.
    await expect(readPages(iterator, 10, itself)).resolves.toEqual({ items: [1, 2, 3, 4], more: false, pages: 3 });
    expect(requests()).toBe(3);
  });

  it('ends at an empty page, whatever it names next, the first page too', async () => {
    const empty = server([page([1], 'p2'), page([], 'p3'), page([2])]);
    await expect(readPages(empty.iterator, 10, itself)).resolves.toEqual({ items: [1], more: false, pages: 2 });
    const nothing = server([page([], 'p2'), page([1])]);
    await expect(readPages(nothing.iterator, 10, itself)).resolves.toEqual({ items: [], more: false, pages: 1 });
  });

  it('keeps an item listed again once, and goes on while a page brings something new', async () => {
    // A comment written while the list was read shifts the pages: the second page starts with the first's last.
    const { iterator } = server([page([1, 2], 'p2'), page([2, 3], 'p3'), page([3, 4])]);
    await expect(readPages(iterator, 10, itself)).resolves.toEqual({ items: [1, 2, 3, 4], more: false, pages: 3 });
  });

  it('ends at a page that names as next a page it followed already', async () => {
    const { iterator, requests } = server([page([1], 'p2'), page([2], 'p3'), page([3], 'p2'), page([4])]);
    await expect(readPages(iterator, 10, itself)).resolves.toEqual({ items: [1, 2, 3], more: false, pages: 3 });
    expect(requests()).toBe(3);
  });

  it('counts an item without a key as new every time: only the limit ends a list of them', async () => {
    const { iterator, requests } = server([page([1], 'p2'), page([1], 'p3'), page([1], 'p4'), page([1], 'p5')]);
    await expect(readPages(iterator, 3, () => undefined)).resolves.toEqual({ items: [1, 1, 1], more: true, pages: 3 });
    expect(requests()).toBe(3);
  });

  it('asks for nothing at a limit of 0', async () => {
    const { iterator, requests } = server([page([1])]);
    await expect(readPages(iterator, 0, itself)).resolves.toEqual({ items: [], more: true, pages: 0 });
    expect(requests()).toBe(0);
  });

  it('ends when the pages end, and lets a failure through with the pages closed', async () => {
    const done: AsyncIterator<ListPage<number>> = { next: () => Promise.resolve({ done: true, value: undefined }) };
    await expect(readPages(done, 5, itself)).resolves.toEqual({ items: [], more: false, pages: 0 });
    let closed = false;
    const failing: AsyncIterator<ListPage<number>> = {
      next: () => Promise.reject(new Error('answered 502')),
      return: () => {
        closed = true;
        return Promise.resolve({ done: true, value: undefined });
      },
    };
    await expect(readPages(failing, 5, itself)).rejects.toThrow('answered 502');
    expect(closed).toBe(true);
  });
});

describe('the page limits', () => {
  it("cover GitHub's own caps of each list, 100 a page (a commit's files 300 a page), and no more", () => {
    // A pull request's files: 3,000; its commits: 250; a commit's files: 3,000; its comments: the first 1,000.
    expect([PULL_FILE_PAGES * 100, PULL_COMMIT_PAGES * 100, COMMIT_FILE_PAGES * 300, PULL_COMMENT_PAGES * 100]).toEqual([3_000, 300, 3_000, 1_000]);
    expect((PULL_FILE_PAGES - 1) * 100).toBeLessThan(3_000);
    expect((PULL_COMMIT_PAGES - 1) * 100).toBeLessThan(250);
    expect((COMMIT_FILE_PAGES - 1) * 300).toBeLessThan(3_000);
  });
});
