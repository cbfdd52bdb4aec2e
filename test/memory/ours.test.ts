/**
 * Which of a pull request's comments the action wrote: the newest whose first line is the marker,
 * nothing else, and whose author is the token's own identity (in any case), asked only when some
 * comment carries the marker.
 */
import { describe, expect, it } from 'vitest';
import type { IssueComment } from '../../src/github/api.js';
import { COMMENT_MARKER, DOCS_PR_MARKER } from '../../src/memory/record.js';
import { newestMarkedBy } from '../../src/memory/ours.js';
import { memoryGitHub } from '../support/memory-github.js';

const TOKEN = 'docs-bot[bot]';
const comment = (id: number, body: string, authorLogin = TOKEN): IssueComment => ({ id, body, authorLogin });

describe('newestMarkedBy', () => {
  it('asks for no identity, and finds none, when no comment carries the marker as its first line', async () => {
    const github = memoryGitHub([], TOKEN);
    const comments = [
      comment(1, 'LGTM'),
      comment(2, `Quoting the action:\n${COMMENT_MARKER}\n`),
      comment(3, `${COMMENT_MARKER} and more on the same line\n`),
      comment(4, ` ${COMMENT_MARKER}\n`),
      comment(5, `${DOCS_PR_MARKER}\nthe other marker\n`),
      comment(6, ''),
    ];
    await expect(newestMarkedBy(github, comments, COMMENT_MARKER)).resolves.toBeUndefined();
    await expect(newestMarkedBy(github, [], COMMENT_MARKER)).resolves.toBeUndefined();
    expect(github.calls).toEqual([]);
  });

  it('takes a comment whose whole first line is the marker, also with a CRLF line end or nothing after it', async () => {
    for (const body of [`${COMMENT_MARKER}\n## Docs agent\n`, `${COMMENT_MARKER}\r\n## Docs agent\r\n`, COMMENT_MARKER]) {
      const github = memoryGitHub([], TOKEN);
      const ours = comment(7, body);
      await expect(newestMarkedBy(github, [ours], COMMENT_MARKER)).resolves.toBe(ours);
    }
  });

  it('takes only the token’s own identity’s comment, its login in any case; a marked comment of anyone else is never it', async () => {
    const github = memoryGitHub([], TOKEN);
    const theirs = [
      comment(1, `${COMMENT_MARKER}\n`, 'someone'),
      comment(2, `${COMMENT_MARKER}\n`, 'docs-bot'),
      comment(3, `${COMMENT_MARKER}\n`, 'docs-bot[bot]x'),
    ];
    await expect(newestMarkedBy(github, theirs, COMMENT_MARKER)).resolves.toBeUndefined();
    const ours = comment(4, `${COMMENT_MARKER}\n`, 'Docs-Bot[BOT]');
    await expect(newestMarkedBy(github, [...theirs, ours], COMMENT_MARKER)).resolves.toBe(ours);
    const upper = memoryGitHub([], 'DOCS-BOT[bot]');
    await expect(newestMarkedBy(upper, [...theirs, comment(5, `${COMMENT_MARKER}\n`)], COMMENT_MARKER)).resolves.toEqual(comment(5, `${COMMENT_MARKER}\n`));
  });

  it('takes the newest of the token’s marked comments (the last listed), whatever others wrote after it', async () => {
    const github = memoryGitHub([], TOKEN);
    const newest = comment(3, `${COMMENT_MARKER}\nsecond\n`);
    const comments = [
      comment(1, `${COMMENT_MARKER}\nfirst\n`),
      newest,
      comment(4, `Not marked, by the token.\n`),
      comment(5, `${COMMENT_MARKER}\nsomeone's copy\n`, 'someone'),
    ];
    await expect(newestMarkedBy(github, comments, COMMENT_MARKER)).resolves.toBe(newest);
  });

  it('asks for the identity once, whatever the number of marked comments', async () => {
    const github = memoryGitHub([], TOKEN);
    const comments = [comment(1, `${COMMENT_MARKER}\n`, 'someone'), comment(2, `${COMMENT_MARKER}\n`), comment(3, `${COMMENT_MARKER}\n`)];
    await newestMarkedBy(github, comments, COMMENT_MARKER);
    expect(github.calls).toEqual(['identity']);
  });

  it('finds the comment of the marker it is asked for: the back-link’s apart from the code PR’s', async () => {
    const github = memoryGitHub([], TOKEN);
    const code = comment(1, `${COMMENT_MARKER}\n`);
    const backLink = comment(2, `${DOCS_PR_MARKER}\n`);
    await expect(newestMarkedBy(github, [code, backLink], DOCS_PR_MARKER)).resolves.toBe(backLink);
    await expect(newestMarkedBy(github, [code, backLink], COMMENT_MARKER)).resolves.toBe(code);
  });

  it('lets a failure to learn the identity through to its caller', async () => {
    const github = memoryGitHub([], TOKEN);
    const failure = new Error('GET /user answered 401.');
    github.tokenLogin = () => Promise.reject(failure);
    await expect(newestMarkedBy(github, [comment(1, `${COMMENT_MARKER}\n`)], COMMENT_MARKER)).rejects.toBe(failure);
  });
});
