/**
 * Vitest's global setup: the bundle's tests (test/e2e/) run `dist/index.js`, so it is built from
 * src/ first whenever src/, the dependencies or the build settings changed since the last build,
 * or dist/ no longer holds what that build wrote. `npm test` then never judges a stale bundle. The
 * stamp lives in .tmp/ (not committed): a clean clone builds once.
 *
 * The build runs beside the tests rather than before them: only test/e2e/ needs it, and its
 * fixture waits for it (`bundleReady`) while everything else, which runs in process, goes on. One
 * build at a time: a second `npm test` started meanwhile waits for the first one's build (the lock
 * names the process that builds) instead of writing dist/ at the same time.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TMP = join(ROOT, '.tmp');
const STAMP = join(TMP, 'bundle-stamp.json');
/** Held while a build runs: the process that builds. */
const LOCK = join(TMP, 'bundle-build.lock');
/** Where the last build failed, with its output: the bundle's tests fail with it. */
const FAILURE = join(TMP, 'bundle-build.failed');
const LOG = join(TMP, 'bundle-build.log');

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

const inputsDigest = (): string => `${digest(['src'])}:${fileDigest(['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/minify.ts'])}`;
const bundleDigest = (): string => digest(['dist']);

function upToDate(): boolean {
  const stamp = existsSync(STAMP) ? (JSON.parse(readFileSync(STAMP, 'utf8')) as { inputs?: string; bundle?: string }) : {};
  return stamp.inputs === inputsDigest() && stamp.bundle === bundleDigest();
}

/** The process that holds the lock, if it is still running. */
function builder(): number | undefined {
  try {
    const pid = Number(readFileSync(LOCK, 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function takeLock(): boolean {
  let lock: number;
  try {
    lock = openSync(LOCK, 'wx');
  } catch {
    // Held: by a running build, or left by one that died (then it is taken over).
    if (builder() !== undefined) return false;
    rmSync(LOCK, { force: true });
    return takeLock();
  }
  writeSync(lock, String(process.pid));
  closeSync(lock);
  return true;
}

export default function setup(): (() => Promise<void>) | undefined {
  // The tests run another bundle (run-action.ts): dist/ is not theirs to build.
  if (process.env.ACTION_BUNDLE) return undefined;
  mkdirSync(TMP, { recursive: true });
  if (upToDate() || !takeLock()) return undefined;
  rmSync(FAILURE, { force: true });
  process.stdout.write('Building dist/ from src/ for the bundle’s tests (npm run build), beside the other tests…\n');
  const inputs = inputsDigest();
  const log = openSync(LOG, 'w');
  const child = spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', log, log] });
  const built = new Promise<void>((done) => {
    child.on('close', (code) => {
      closeSync(log);
      if (code === 0) writeFileSync(STAMP, JSON.stringify({ inputs, bundle: bundleDigest() }));
      else writeFileSync(FAILURE, `npm run build exited with ${String(code)}:\n${readFileSync(LOG, 'utf8')}`);
      rmSync(LOCK, { force: true });
      done();
    });
  });
  // Vitest ends only once the build has: it never leaves dist/ half written.
  return () => built;
}

/**
 * Waits for the build the global setup started (in this `npm test` or another one), if one is
 * running, and fails with its output if it failed. The bundle's tests call it before their first
 * run.
 */
export async function bundleReady(): Promise<void> {
  if (process.env.ACTION_BUNDLE) return;
  while (existsSync(LOCK) && builder() !== undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  if (existsSync(FAILURE)) throw new Error(readFileSync(FAILURE, 'utf8'));
}
