/**
 * The release steps (scripts/release.ts) for real, against a scratch repository with a bare
 * "origin" in a temporary folder: git itself tags, pushes and moves tags. A tiny build script
 * stands in for `npm run build`, so check-dist runs in milliseconds.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changelogSection, checkDist, main, moveMajorTag, parseTag, releaseNotes, ReleaseError, validateTag } from '../../scripts/release.js';

const SCRIPT = join(import.meta.dirname, '../../scripts/release.ts');
/** tsx's loader, by its full path: the scratch repository has no node_modules to find it in. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Builds dist/index.js from src/main.txt, as ncc builds dist/ from src/. */
const BUILD_SCRIPT = `
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
writeFileSync('dist/index.js', '// built\\n' + readFileSync('src/main.txt', 'utf8').toUpperCase());
`;
const BUILD = [process.execPath, 'build.mjs'];

const CHANGELOG = (sections: string): string => `# Changelog

All notable changes to this project are documented in this file.

## [Unreleased]

### Added

- Something not released yet.

${sections}
[Unreleased]: https://example.com/compare/v1.0.0...HEAD
[1.0.0]: https://example.com/releases/tag/v1.0.0
`;
const SECTION_1_0_0 = `## [1.0.0] - 2026-01-10

### Added

- The first release.
`;

let scratch: string;
let work: string;
let origin: string;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function write(files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(work, path, '..'), { recursive: true });
    writeFileSync(join(work, path), content);
  }
}

/** Commits the working tree as it is, after building dist/ unless told not to. */
function commit(message: string, { build = true } = {}): string {
  if (build) execFileSync(BUILD[0]!, BUILD.slice(1), { cwd: work });
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '--message', message);
  return git(work, 'rev-parse', 'HEAD');
}

function tag(name: string): void {
  git(work, 'tag', '--annotate', name, '--message', `Release ${name}`);
  git(work, 'push', '--quiet', 'origin', `refs/tags/${name}`);
}

/** The commit a tag names in the bare origin, or undefined. */
function originTag(name: string): string | undefined {
  try {
    return git(origin, 'rev-parse', '--verify', '--quiet', `refs/tags/${name}^{commit}`);
  } catch {
    return undefined;
  }
}

function refusal(step: () => unknown): string {
  try {
    step();
  } catch (error) {
    expect(error).toBeInstanceOf(ReleaseError);
    return (error as Error).message;
  }
  throw new Error('the step did not refuse');
}

let v100: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'docs-agent-release-'));
  origin = join(scratch, 'origin.git');
  work = join(scratch, 'work');
  execFileSync('git', ['init', '--quiet', '--bare', origin]);
  execFileSync('git', ['init', '--quiet', '--initial-branch', 'main', work]);
  for (const [key, value] of Object.entries({
    'user.name': 'Release Test',
    'user.email': 'release-test@example.com',
    'commit.gpgsign': 'false',
    'tag.gpgsign': 'false',
  })) {
    git(work, 'config', key, value);
  }
  git(work, 'remote', 'add', 'origin', origin);
  write({
    'build.mjs': BUILD_SCRIPT,
    'package.json': JSON.stringify({ name: 'scratch', version: '1.0.0' }),
    'CHANGELOG.md': CHANGELOG(SECTION_1_0_0),
    'src/main.txt': 'hello\n',
  });
  v100 = commit('First release');
  git(work, 'push', '--quiet', 'origin', 'main');
  tag('v1.0.0');
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('parseTag', () => {
  it('reads vMAJOR.MINOR.PATCH', () => {
    expect(parseTag('v12.0.3')).toEqual({ tag: 'v12.0.3', version: '12.0.3', major: 12, minor: 0, patch: 3, majorTag: 'v12' });
  });

  it.each(['1.2.3', 'v1.2', 'v1', 'v1.2.3-rc.1', 'v01.2.3', 'v1.2.3 ', 'v1.2.3;rm', 'release-1.2.3'])('refuses %j', (name) => {
    expect(() => parseTag(name)).toThrow(ReleaseError);
  });
});

describe('changelogSection', () => {
  it('takes one section, without its heading, the next section or the link definitions', () => {
    const changelog = CHANGELOG(`## [1.1.0] - 2026-02-01\n\n### Fixed\n\n- A fix.\n\n${SECTION_1_0_0}`);
    expect(changelogSection(changelog, '1.1.0')).toBe('### Fixed\n\n- A fix.');
    expect(changelogSection(changelog, '1.0.0')).toBe('### Added\n\n- The first release.');
  });

  it('finds no section for another version, a version that only starts the same, or an empty section', () => {
    const changelog = CHANGELOG(`## [1.0.10] - 2026-03-01\n\n## [1.0.1]\n\n- Fix.\n`);
    expect(changelogSection(changelog, '1.0.0')).toBeUndefined();
    expect(changelogSection(changelog, '1.0.10')).toBeUndefined();
    expect(changelogSection(changelog, '1.0.1')).toBe('- Fix.');
    expect(changelogSection(changelog, '1.0.1'.replace('.', 'x'))).toBeUndefined();
  });
});

// The tests of this block build on each other, in order, as a maintainer's releases would.
describe('the steps against a scratch repository', () => {
  it('validate-tag accepts the checked-out release and names its major tag', () => {
    expect(validateTag('v1.0.0', work)).toMatchObject({ version: '1.0.0', majorTag: 'v1' });
  });

  it('validate-tag refuses a bad name, a missing tag, and a tag that is not checked out', () => {
    expect(refusal(() => validateTag('v1.0', work))).toMatch(/not a release tag/);
    expect(refusal(() => validateTag('v1.0.9', work))).toMatch(/no tag v1\.0\.9/);
    write({ 'src/main.txt': 'hello again\n' });
    commit('Work after the release');
    expect(refusal(() => validateTag('v1.0.0', work))).toMatch(/check out the tag first/);
  });

  it('validate-tag refuses a tag that package.json does not have as its version', () => {
    git(work, 'tag', 'v1.0.5');
    expect(refusal(() => validateTag('v1.0.5', work))).toMatch(/does not match package\.json's version "1\.0\.0"/);
    git(work, 'tag', '--delete', 'v1.0.5');
  });

  it('validate-tag and notes refuse a tag whose CHANGELOG section is missing', () => {
    write({ 'package.json': JSON.stringify({ name: 'scratch', version: '1.1.0' }) });
    commit('Version 1.1.0, without its changelog');
    git(work, 'tag', 'v1.1.0');
    expect(refusal(() => validateTag('v1.1.0', work))).toMatch(/no section "## \[1\.1\.0\]"/);
    expect(refusal(() => releaseNotes('v1.1.0', work))).toMatch(/no section "## \[1\.1\.0\]"/);
    git(work, 'tag', '--delete', 'v1.1.0');
  });

  it('notes prints the section of the tagged commit', () => {
    expect(releaseNotes('v1.0.0', work)).toBe('### Added\n\n- The first release.');
  });

  it('check-dist accepts a committed dist/ that the build reproduces', () => {
    expect(() => checkDist(work, BUILD)).not.toThrow();
  });

  it('check-dist refuses a dist/ that is not the build of the source, and names the file', () => {
    write({ 'src/main.txt': 'changed without a rebuild\n' });
    commit('Change the source, forget the build', { build: false });
    const message = refusal(() => checkDist(work, BUILD));
    expect(message).toMatch(/dist\/ is not the build/);
    expect(message).toMatch(/dist\/index\.js/);
    git(work, 'checkout', '--quiet', '--', 'dist');
  });

  it('check-dist refuses a build that adds a file, a failing build, and a dist/ with uncommitted changes', () => {
    commit('Rebuild');
    write({ 'build.mjs': `${BUILD_SCRIPT}\nwriteFileSync('dist/chunk.js', '');\n` });
    commit('A build with one more chunk', { build: false });
    expect(refusal(() => checkDist(work, BUILD))).toMatch(/\?\? dist\/chunk\.js/);
    rmSync(join(work, 'dist/chunk.js'));
    expect(refusal(() => checkDist(work, [process.execPath, '-e', 'process.exit(3)']))).toMatch(/The build .* failed/);
    write({ 'dist/index.js': 'edited by hand' });
    expect(refusal(() => checkDist(work, BUILD))).toMatch(/dist\/ has changes that are not committed/);
    git(work, 'checkout', '--quiet', '--', 'dist');
  });

  it('move-major creates v1 in origin, moves it to each newer release, and leaves it for an older one', () => {
    expect(originTag('v1')).toBeUndefined();
    expect(moveMajorTag('v1.0.0', work)).toMatchObject({ moved: true, majorTag: 'v1', commit: v100 });
    expect(originTag('v1')).toBe(v100);

    write({ 'package.json': JSON.stringify({ name: 'scratch', version: '1.1.0' }), 'CHANGELOG.md': CHANGELOG(`## [1.1.0]\n\n- More.\n\n${SECTION_1_0_0}`) });
    const v110 = commit('Release 1.1.0');
    tag('v1.1.0');
    expect(validateTag('v1.1.0', work).majorTag).toBe('v1');
    expect(moveMajorTag('v1.1.0', work)).toMatchObject({ moved: true, commit: v110 });
    expect(originTag('v1')).toBe(v110);
    expect(originTag('v1.0.0')).toBe(v100);

    // A fix to 1.0 after 1.1 is out: v1 stays with 1.1.0.
    git(work, 'checkout', '--quiet', '-b', 'release-1.0', 'v1.0.0');
    write({ 'package.json': JSON.stringify({ name: 'scratch', version: '1.0.1' }), 'CHANGELOG.md': CHANGELOG(`## [1.0.1]\n\n- Fix.\n\n${SECTION_1_0_0}`) });
    commit('Release 1.0.1');
    tag('v1.0.1');
    expect(validateTag('v1.0.1', work).version).toBe('1.0.1');
    const fix = moveMajorTag('v1.0.1', work);
    expect(fix).toMatchObject({ moved: false });
    expect(fix.reason).toMatch(/v1\.1\.0 is newer/);
    expect(originTag('v1')).toBe(v110);

    // A new major gets its own tag and leaves v1 alone.
    git(work, 'checkout', '--quiet', 'main');
    write({
      'package.json': JSON.stringify({ name: 'scratch', version: '2.0.0' }),
      'CHANGELOG.md': CHANGELOG(`## [2.0.0]\n\n- Breaking.\n\n${SECTION_1_0_0}`),
    });
    const v200 = commit('Release 2.0.0');
    tag('v2.0.0');
    expect(moveMajorTag('v2.0.0', work)).toMatchObject({ moved: true, majorTag: 'v2' });
    expect(originTag('v2')).toBe(v200);
    expect(originTag('v1')).toBe(v110);
  });

  it('move-major refuses a bad tag and pushes nothing', () => {
    expect(refusal(() => moveMajorTag('v2', work))).toMatch(/not a release tag/);
    expect(refusal(() => moveMajorTag('v2.0.9', work))).toMatch(/no tag v2\.0\.9/);
    expect(git(origin, 'tag', '--list', 'v*')).toBe(['v1', 'v1.0.0', 'v1.0.1', 'v1.1.0', 'v2', 'v2.0.0'].join('\n'));
  });
});

describe('the command line', () => {
  it('runs a step and exits 0; a refusal exits 1 with the reason; no step exits 2', () => {
    const run = (...args: string[]): { code: number; stdout: string; stderr: string } => {
      try {
        const stdout = execFileSync(process.execPath, ['--import', TSX, SCRIPT, ...args], {
          cwd: work,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, GITHUB_ACTIONS: '' },
        });
        return { code: 0, stdout, stderr: '' };
      } catch (error) {
        const failed = error as { status: number; stdout: string; stderr: string };
        return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
      }
    };
    expect(run('notes', 'v2.0.0')).toEqual({ code: 0, stdout: '- Breaking.\n', stderr: '' });
    expect(run('validate-tag', 'v1.0.0')).toMatchObject({ code: 1, stderr: expect.stringMatching(/check out the tag first/) });
    expect(run()).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Usage: release\.ts validate-tag/) });
  });

  it('main writes a refusal as a workflow error command on a runner', () => {
    const errors: string[] = [];
    const original = console.error;
    const previous = process.env.GITHUB_ACTIONS;
    console.error = (text: string) => errors.push(text);
    process.env.GITHUB_ACTIONS = 'true';
    try {
      expect(main(['check-dist', process.execPath, '-e', 'require("fs").writeFileSync("dist/index.js", "other")'], work)).toBe(1);
    } finally {
      console.error = original;
      if (previous === undefined) delete process.env.GITHUB_ACTIONS;
      else process.env.GITHUB_ACTIONS = previous;
      git(work, 'checkout', '--quiet', '--', 'dist');
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^::error::dist\/ is not the build of the committed source and lock file; these differ:%0A M dist\/index\.js%0A/);
  });
});
