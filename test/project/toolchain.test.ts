/**
 * A clean install stays quiet on every Node the project runs on: no locked package refuses the
 * Node running the tests (CI runs them on 20 and 24), and every install script in the lock has
 * been looked at and recorded in package.json's `allowScripts`. Both are what `npm ci` warns
 * about, and a warning nobody reads is how a dependency that dropped Node 20 slips in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

interface LockEntry {
  readonly name?: string;
  readonly version?: string;
  readonly optional?: boolean;
  readonly hasInstallScript?: boolean;
  readonly engines?: { readonly node?: string } | readonly string[];
}

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};

/** The installed packages npm checks: optional ones that do not fit are skipped, not warned about. */
const installed = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== '' && !entry.optional)
  .map(([path, entry]) => ({ name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), ...entry }));

/** Packages whose `engines.node` does not admit `nodeVersion`, as npm's own check judges it. */
function refusing(packages: ReadonlyArray<LockEntry & { name: string }>, nodeVersion: string): string[] {
  return packages
    .filter(({ engines }) => engines && !Array.isArray(engines) && (engines as { node?: string }).node)
    .filter(({ engines }) => !semver.satisfies(nodeVersion, (engines as { node: string }).node, { includePrerelease: true }))
    .map(({ name, version, engines }) => `${name}@${version} wants node ${(engines as { node: string }).node}`);
}

/** Whether an `allowScripts` key (`name` or `name@range`) speaks for this package. */
function covers(key: string, name: string, version: string): boolean {
  const at = key.lastIndexOf('@');
  if (at <= 0) return key === name;
  return key.slice(0, at) === name && semver.satisfies(version, key.slice(at + 1));
}

describe('a clean install', () => {
  it('the Node running the tests is one the project supports', () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });

  it('has no package that refuses this Node (no EBADENGINE)', () => {
    expect(refusing(installed, process.version)).toEqual([]);
  });

  it('runs no install script that allowScripts does not name (no install-scripts notice)', () => {
    const keys = Object.keys(pkg.allowScripts ?? {});
    const unreviewed = installed
      .filter((entry) => entry.hasInstallScript)
      .filter((entry) => !keys.some((key) => covers(key, entry.name, entry.version ?? '')))
      .map((entry) => `${entry.name}@${entry.version}`);
    expect(unreviewed).toEqual([]);
  });
});

describe('what the README says a fresh machine needs', () => {
  const fresh = readFileSync(join(root, 'README.md'), 'utf8').split('\n## On a fresh machine\n')[1]!.split('\n## ')[0]!.replace(/\s+/g, ' ');
  /** The locked packages whose install compiles native code (node-gyp reads their binding.gyp). */
  const compiled = installed
    .filter((entry) => entry.hasInstallScript && existsSync(join(root, 'node_modules', entry.name, 'binding.gyp')))
    .map(({ name }) => name);

  it('the oldest Node the project supports, or later', () => {
    expect(fresh).toContain(`Node ${semver.minVersion(pkg.engines.node)!.major} or later`);
  });

  it('a C/C++ toolchain (Python 3, make, a compiler), since npm ci compiles a locked package, named', () => {
    expect(compiled).toContain('cmark-gfm');
    expect(fresh).toContain('a C/C++ toolchain (Python 3, `make`, a compiler)');
    for (const name of compiled) expect(fresh).toContain(name);
  });
});

describe('the checks themselves', () => {
  it('find the packages that dropped Node 20, as the unpinned lock had them', () => {
    // What the lock held before package.json's overrides: storage-blob 12.34 wants Node 22.
    const before = [...installed, { name: '@azure/storage-blob', version: '12.34.0', engines: { node: '>=22.0.0' } }];
    expect(refusing(before, '20.19.0')).toEqual(['@azure/storage-blob@12.34.0 wants node >=22.0.0']);
    expect(refusing(before, '24.0.0')).not.toContain('@azure/storage-blob@12.34.0 wants node >=22.0.0');
  });

  it('read allowScripts keys by name and by version range', () => {
    expect(covers('esbuild', 'esbuild', '0.28.2')).toBe(true);
    expect(covers('esbuild@0.28.2', 'esbuild', '0.28.2')).toBe(true);
    expect(covers('esbuild@0.28.2', 'esbuild', '0.29.0')).toBe(false);
    expect(covers('@scope/pkg@^1', '@scope/pkg', '1.4.0')).toBe(true);
    expect(covers('esbuild', 'esbuild-wasm', '0.28.2')).toBe(false);
  });
});
