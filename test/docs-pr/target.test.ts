import { describe, expect, it } from 'vitest';
import { pullRequestOfLink, repositoryOfSource, serverUrlFrom } from '../../src/docs-pr/target.js';
import { COMMENT_MARKER } from '../../src/memory/record.js';
import { recordIn, sealedRecord } from '../support/records.js';

const SHA = 'e'.repeat(40);

describe('the documentation PR a link names', () => {
  it('a pull request on the runner’s GitHub: its repository and number', () => {
    expect(pullRequestOfLink('https://github.com/acme-sim/docs/pull/101', 'https://github.com')).toEqual({ repository: 'acme-sim/docs', number: 101 });
    expect(pullRequestOfLink('https://GitHub.com/acme-sim/docs/pull/7/', 'https://github.com')).toEqual({ repository: 'acme-sim/docs', number: 7 });
    expect(pullRequestOfLink('https://ghe.example.com/acme/docs/pull/3', 'https://ghe.example.com')).toEqual({ repository: 'acme/docs', number: 3 });
  });

  it('anything else names no pull request: the action acts on none it has to guess', () => {
    for (const link of [
      '',
      'not a url',
      'http://github.com/acme/docs/pull/1',
      'https://evil.example/acme/docs/pull/1',
      'https://github.com.evil.example/acme/docs/pull/1',
      'https://github.com/acme/docs/pull/1/files',
      'https://github.com/acme/docs/pull/1?x=1',
      'https://github.com/acme/docs/issues/1',
      'https://github.com/acme/docs/pull/0',
      'https://github.com/acme/docs/pull/-1',
      'https://github.com/acme/../pull/1',
      'https://github.com/acme/%2e%2e/pull/1',
      'https://github.com/ac%20me/docs/pull/1',
      'https://user:pw@github.com/acme/docs/pull/1',
      'https://github.com/acme/docs/pull/99999999999999999999',
    ]) {
      expect(pullRequestOfLink(link, 'https://github.com'), link).toBeUndefined();
    }
    expect(pullRequestOfLink(null, 'https://github.com')).toBeUndefined();
    // A path with more in it before the repository is not GitHub's form of a pull request either.
    expect(pullRequestOfLink('https://github.com/x/acme/docs/pull/1', 'https://github.com')).toBeUndefined();
  });

  it('a GitHub server under a path: the link must be under it, and the path is not part of the repository', () => {
    for (const server of ['https://ghe.example.com/git', 'https://ghe.example.com/git//']) {
      expect(pullRequestOfLink('https://ghe.example.com/git/acme/docs/pull/3', server), server).toEqual({ repository: 'acme/docs', number: 3 });
      // The same length of path, but another one: not this server's pull request.
      expect(pullRequestOfLink('https://ghe.example.com/xyz/acme/docs/pull/3', server), server).toBeUndefined();
      expect(pullRequestOfLink('https://ghe.example.com/acme/docs/pull/3', server), server).toBeUndefined();
    }
  });

  it('the server is GITHUB_SERVER_URL, else github.com', () => {
    expect(serverUrlFrom({})).toBe('https://github.com');
    expect(serverUrlFrom({ GITHUB_SERVER_URL: 'https://ghe.example.com/' })).toBe('https://ghe.example.com');
    expect(serverUrlFrom({ GITHUB_SERVER_URL: 'https://ghe.example.com//' })).toBe('https://ghe.example.com');
  });

  it('source.repository as the vendor documents it (a URL), or owner/name', () => {
    expect(repositoryOfSource('https://github.com/acme-sim/docs')).toBe('acme-sim/docs');
    expect(repositoryOfSource('https://github.com/acme-sim/docs.git')).toBe('acme-sim/docs');
    expect(repositoryOfSource('acme-sim/docs')).toBe('acme-sim/docs');
    // Spaces and slashes around it, as a hand-written value may have them; only a `.git` ending is taken off.
    expect(repositoryOfSource(' acme-sim/docs\n')).toBe('acme-sim/docs');
    expect(repositoryOfSource('//acme-sim/docs//')).toBe('acme-sim/docs');
    expect(repositoryOfSource('https://github.com/acme-sim/docs.github.io')).toBe('acme-sim/docs.github.io');
    expect(repositoryOfSource('https://github.com/acme-sim')).toBeUndefined();
    expect(repositoryOfSource(null)).toBeUndefined();
  });
});

describe('the record’s documentation PR', () => {
  const docsPr = { repository: 'acme-sim/docs', number: 101, headRef: 'mintlify/docs-update-1', closedByAction: true };
  const sealed = (value: unknown): string => `${COMMENT_MARKER}\n${sealedRecord({ jobId: 'job_1', headSha: SHA, docsPr: value } as never, 12)}`;

  it('is written and read back whole', () => {
    expect(recordIn(sealed(docsPr), 12)).toEqual({ jobId: 'job_1', headSha: SHA, docsPr });
  });

  it('names at the edge of GitHub’s rules still read: PR #1, a `.github` repository, dots inside a name', () => {
    for (const good of [
      { ...docsPr, number: 1 },
      { ...docsPr, repository: 'acme-sim/.github' },
      { ...docsPr, repository: 'acme-sim/..docs' },
    ]) {
      expect(recordIn(sealed(good), 12), JSON.stringify(good)).toEqual({ jobId: 'job_1', headSha: SHA, docsPr: good });
    }
  });

  it('a documentation PR that is not well formed makes the record not ours, sealed or not', () => {
    for (const bad of [
      { ...docsPr, repository: 'acme/..' },
      { ...docsPr, repository: 'acme/.' },
      { ...docsPr, repository: 'acme/../etc' },
      { ...docsPr, repository: 'no-slash' },
      { ...docsPr, number: 0 },
      { ...docsPr, number: 1.5 },
      { ...docsPr, number: '101' },
      { ...docsPr, closedByAction: 'yes' },
      { ...docsPr, headRef: 7 },
      { repository: 'acme-sim/docs', number: 101, closedByAction: false },
      'acme-sim/docs#101',
      null,
    ]) {
      expect(recordIn(sealed(bad), 12), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
