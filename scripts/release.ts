/**
 * The steps of a release, one command each, so that the release workflow runs them one by one
 * and a test runs them against a scratch repository (RELEASING.md has the whole procedure):
 *
 *   node scripts/release.ts validate-tag v1.2.3        the tag names a release of the checked-out commit:
 *                                                      vX.Y.Z, package.json's version, a CHANGELOG section
 *   node scripts/release.ts check-dist [command …]     rebuild (default: npm run build) and fail when
 *                                                      dist/ differs from the committed one
 *   node scripts/release.ts notes v1.2.3               print the release's CHANGELOG section
 *   node scripts/release.ts move-major v1.2.3 [remote] point v1 at the release, here and on the remote
 *
 * Node 24 runs this file as it is (it uses only type annotations, which Node strips, and Node's
 * own modules), so the release job needs no `npm ci`; on Node 20, run it with `npx tsx`.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A release step refused: the message says what is wrong and what to do. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

export interface Release {
  readonly tag: string;
  readonly version: string;
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** The moving tag of the major version: `v1`. */
  readonly majorTag: string;
}

/** Reads `vMAJOR.MINOR.PATCH`; anything else (a prerelease, a missing part, a leading zero) is refused. */
export function parseTag(tag: string): Release {
  const match = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(tag);
  if (!match) {
    throw new ReleaseError(`"${tag}" is not a release tag: expected vMAJOR.MINOR.PATCH, like v1.2.3.`);
  }
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return { tag, version: `${major}.${minor}.${patch}`, major, minor, patch, majorTag: `v${major}` };
}

/**
 * The section of a Keep a Changelog file for one version (`## [1.2.3] - 2026-01-02`), without
 * its heading; undefined when there is none or it is empty. It ends at the next `## ` heading or
 * at the link definitions that close the file.
 */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split(/\r?\n/);
  const escaped = version.replace(/\./g, '\\.');
  const heading = new RegExp(`^## \\[?v?${escaped}\\]?(\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ') || /^\[[^\]]+\]:\s*\S+/.test(line)) break;
    body.push(line);
  }
  const text = body.join('\n').trim();
  return text === '' ? undefined : text;
}

/**
 * Checks that `tag` names a release of the checked-out commit: the form vX.Y.Z, a tag that
 * exists and points at HEAD, package.json's version at that commit, and a CHANGELOG section.
 */
export function validateTag(tag: string, cwd: string): Release {
  const release = parseTag(tag);
  const commit = tagCommit(tag, cwd);
  const head = git(cwd, 'rev-parse', 'HEAD');
  if (commit !== head) {
    throw new ReleaseError(`${tag} points at ${commit.slice(0, 12)}, but ${head.slice(0, 12)} is checked out: check out the tag first.`);
  }
  const packageVersion = (JSON.parse(showFile(commit, 'package.json', cwd)) as { version?: unknown }).version;
  if (packageVersion !== release.version) {
    throw new ReleaseError(
      `${tag} does not match package.json's version "${String(packageVersion)}": set the version to ${release.version} (package.json, src/version.ts) before tagging.`,
    );
  }
  releaseNotes(tag, cwd);
  return release;
}

/** The release's CHANGELOG section at the tagged commit; refused when there is none. */
export function releaseNotes(tag: string, cwd: string): string {
  const release = parseTag(tag);
  const notes = changelogSection(showFile(tagCommit(tag, cwd), 'CHANGELOG.md', cwd), release.version);
  if (notes === undefined) {
    throw new ReleaseError(`CHANGELOG.md at ${tag} has no section "## [${release.version}]" with entries: move the Unreleased entries into it before tagging.`);
  }
  return notes;
}

/**
 * Rebuilds and fails when dist/ is not what was committed: a changed, missing or new file.
 * `build` is the command and its arguments, `npm run build` by default.
 */
export function checkDist(cwd: string, build: readonly string[] = ['npm', 'run', 'build']): void {
  const before = distChanges(cwd);
  if (before.length > 0) {
    throw new ReleaseError(`dist/ has changes that are not committed, so the check would mean nothing:\n${before.join('\n')}`);
  }
  const [command, ...args] = build;
  if (!command) throw new ReleaseError('check-dist needs a build command.');
  try {
    execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    throw new ReleaseError(`The build (${build.join(' ')}) failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const after = distChanges(cwd);
  if (after.length > 0) {
    throw new ReleaseError(
      `dist/ is not the build of the committed source and lock file; these differ:\n${after.join('\n')}\nRun npm run build and commit dist/.`,
    );
  }
}

export interface MajorTagMove {
  readonly majorTag: string;
  readonly commit: string;
  /** False when a newer release of the same major exists: the major tag stays with it. */
  readonly moved: boolean;
  readonly reason: string;
}

/**
 * Points the major tag (`v1`) at the release's commit and pushes it to `remote`, replacing the
 * old one there. A release older than the newest of its major (a fix to an earlier minor) leaves
 * the major tag alone. The local tags must include the remote's (a clone with every tag).
 */
export function moveMajorTag(tag: string, cwd: string, remote = 'origin'): MajorTagMove {
  const release = parseTag(tag);
  const commit = tagCommit(tag, cwd);
  const newest = git(cwd, 'tag', '--list', `${release.majorTag}.*`)
    .split('\n')
    .flatMap((name) => (/^v\d+\.\d+\.\d+$/.test(name) ? [parseTag(name)] : []))
    .reduce((a, b) => (compare(a, b) >= 0 ? a : b), release);
  if (newest.tag !== release.tag) {
    return { majorTag: release.majorTag, commit, moved: false, reason: `${newest.tag} is newer than ${tag}: ${release.majorTag} stays with it.` };
  }
  git(cwd, 'tag', '--force', release.majorTag, commit);
  git(cwd, 'push', '--force', remote, `refs/tags/${release.majorTag}:refs/tags/${release.majorTag}`);
  return { majorTag: release.majorTag, commit, moved: true, reason: `${release.majorTag} now points at ${tag} (${commit.slice(0, 12)}).` };
}

function compare(a: Release, b: Release): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

function tagCommit(tag: string, cwd: string): string {
  try {
    return git(cwd, 'rev-parse', '--verify', '--quiet', `refs/tags/${tag}^{commit}`);
  } catch {
    throw new ReleaseError(`There is no tag ${tag} in this repository.`);
  }
}

function showFile(commit: string, path: string, cwd: string): string {
  try {
    return git(cwd, 'show', `${commit}:${path}`);
  } catch {
    throw new ReleaseError(`${path} does not exist at ${commit.slice(0, 12)}.`);
  }
}

function distChanges(cwd: string): string[] {
  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'dist'], { cwd, encoding: 'utf8' });
  return status.split('\n').filter((line) => line !== '');
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The command line: one step, its arguments; a refusal is one message and exit code 1. */
export function main(argv: readonly string[], cwd: string): number {
  const [step, ...args] = argv;
  try {
    switch (step) {
      case 'validate-tag': {
        const release = validateTag(required(args[0], 'a tag'), cwd);
        console.log(`${release.tag} is a release of version ${release.version}; its major tag is ${release.majorTag}.`);
        return 0;
      }
      case 'check-dist':
        checkDist(cwd, args.length > 0 ? args : undefined);
        console.log('dist/ is the build of the committed source.');
        return 0;
      case 'notes':
        console.log(releaseNotes(required(args[0], 'a tag'), cwd));
        return 0;
      case 'move-major': {
        const move = moveMajorTag(required(args[0], 'a tag'), cwd, args[1]);
        console.log(move.reason);
        return 0;
      }
      default:
        console.error('Usage: release.ts validate-tag <tag> | check-dist [build command …] | notes <tag> | move-major <tag> [remote]');
        return 2;
    }
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(process.env.GITHUB_ACTIONS === 'true' ? `::error::${escapeData(error.message)}` : error.message);
    return 1;
  }
}

/** A workflow command's message: the runner reads %, CR and LF escaped. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new ReleaseError(`This step needs ${what}.`);
  return value;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2), process.cwd());
}
