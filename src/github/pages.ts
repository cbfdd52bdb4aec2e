/**
 * The one pager of every list the action reads of GitHub, and each list's page limit. GitHub says
 * where a list goes on (REST's `Link: rel="next"`, GraphQL's `pageInfo`), and a pager that
 * believes it follows a server that always says so, or that answers the same page again, for as
 * long as it does: about 400 requests in 8 s were measured for one pull request's comments. So a
 * read stops at its limit whatever the server says, and ends early at a page that brings nothing
 * new. Pure: the Octokit side hands it the pages (`octokit-client.ts`).
 */

/** The most items GitHub answers a page, and what every paged read asks for. */
export const PAGE_SIZE = 100;

/**
 * A pull request's comments (`GET issues/{n}/comments`), 10 pages of 100: its first 1,000
 * comments, oldest first, as GitHub lists them. The action's own comment (and a documentation
 * PR's back-link) is found among what is read: written at the pull request's first run, it is
 * there unless a thousand comments came before it. Past them nothing is seen: a comment of the
 * action's there is not found, and a run writes a new one (which the next run does not find
 * either). A thousand is far more than a pull request holds, and one read of the comments costs
 * at most 10 requests, however the server pages.
 */
export const PULL_COMMENT_PAGES = 10;

/** A pull request's files (`GET pulls/{n}/files`), 30 pages of 100: GitHub lists at most 3,000 files of a pull request. */
export const PULL_FILE_PAGES = 30;

/** A pull request's commits (`GET pulls/{n}/commits`), 3 pages of 100: GitHub lists at most 250 commits of a pull request. */
export const PULL_COMMIT_PAGES = 3;

/**
 * A commit's files (`GET commits/{ref}`), 10 pages: GitHub lists at most 3,000 files of a commit,
 * 300 a page (it takes no `per_page` for them), each page repeating the commit.
 */
export const COMMIT_FILE_PAGES = 10;

/**
 * A repository's open pull requests (`GET pulls?state=open`), 10 pages of 100: the release command
 * reads a documentation repository's first 1,000, newest first, for those the action labelled as
 * waiting for a release. Past them the oldest wait for a run that reads them (one notice).
 */
export const OPEN_PULL_PAGES = 10;

/** One page of a list, as GitHub answered it. */
export interface ListPage<T> {
  readonly items: readonly T[];
  /** Where GitHub says the list goes on (a REST next link, a GraphQL `endCursor`); undefined on its last page. */
  readonly next: string | undefined;
}

/** What a bounded read found. */
export interface BoundedList<T> {
  /** Each item once, in the order first listed. */
  readonly items: T[];
  /** The read stopped at its limit while GitHub named a next page: GitHub had more than was read. */
  readonly more: boolean;
  /** The pages read: one request each. */
  readonly pages: number;
}

/**
 * Reads a list page by page, asking `pages` for the next one only when it wants it, so that at most
 * `maxPages` pages are requested whatever the server says. The read ends at a page that names no
 * next page, and early at one that brings nothing new (each of its items' keys seen before: an
 * empty page, or a page answered again) or that names as next a page it followed already. An item
 * listed again is kept once. A key of undefined is an item without identity, always new.
 */
export async function readPages<T>(
  pages: AsyncIterator<ListPage<T>>,
  maxPages: number,
  keyOf: (item: T) => string | number | undefined,
): Promise<BoundedList<T>> {
  const items: T[] = [];
  const seen = new Set<string | number>();
  const followed = new Set<string>();
  let read = 0;
  try {
    while (read < maxPages) {
      const result = await pages.next();
      if (result.done) return { items, more: false, pages: read };
      read += 1;
      const page = result.value;
      let fresh = 0;
      for (const item of page.items) {
        const key = keyOf(item);
        if (key !== undefined && seen.has(key)) continue;
        if (key !== undefined) seen.add(key);
        items.push(item);
        fresh += 1;
      }
      if (fresh === 0 || page.next === undefined || followed.has(page.next)) return { items, more: false, pages: read };
      followed.add(page.next);
    }
    return { items, more: true, pages: read };
  } finally {
    await pages.return?.();
  }
}
