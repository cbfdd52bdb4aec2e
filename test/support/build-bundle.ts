/**
 * Vitest's global setup: the end-to-end tests run `dist/index.js`, so it is built from src/ first
 * whenever src/, the dependencies or the build settings changed since the last build, or dist/ no
 * longer holds what that build wrote. `npm test` then never judges a stale bundle. The stamp
 * lives in .tmp/ (not committed): a clean clone builds once.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const STAMP = join(ROOT, '.tmp', 'bundle-stamp.json');

/** A digest of every file under these paths, by path and content. */
function digest(paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const path of paths) {
    const full = join(ROOT, path);
    if (!existsSync(full)) continue;
    const names = readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    for (const file of names.sort()) hash.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function fileDigest(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = join(ROOT, file);
    hash
      .update(file)
      .update('\0')
      .update(existsSync(full) ? readFileSync(full) : '')
      .update('\0');
  }
  return hash.digest('hex');
}

const inputsDigest = (): string => `${digest(['src'])}:${fileDigest(['package.json', 'package-lock.json', 'tsconfig.json'])}`;
const bundleDigest = (): string => digest(['dist']);

export default function setup(): void {
  // The tests run another bundle (run-action.ts): dist/ is not theirs to build.
  if (process.env.ACTION_BUNDLE) return;
  const inputs = inputsDigest();
  const stamp = existsSync(STAMP) ? (JSON.parse(readFileSync(STAMP, 'utf8')) as { inputs?: string; bundle?: string }) : {};
  if (stamp.inputs === inputs && stamp.bundle === bundleDigest()) return;
  process.stdout.write('Building dist/ from src/ for the end-to-end tests (npm run build)…\n');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ inputs, bundle: bundleDigest() }));
}
