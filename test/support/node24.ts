/**
 * Node 24, the runners' (action.yml: `node24`): the bundle's tests run on it too when
 * `ACTION_NODE_24` names a Node 24 binary (.ci/run fetches one), and are skipped otherwise. A skip
 * nobody is told of reads as a pass, so `npm test` says so once, as it starts (a global setup), and
 * the skipped tests' titles say why.
 */
import { existsSync } from 'node:fs';

/** The Node 24 binary `ACTION_NODE_24` names, when it is there. */
export function node24(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const path = env.ACTION_NODE_24;
  return path && existsSync(path) ? path : undefined;
}

/** What `npm test` says when the bundle's tests on Node 24 will be skipped, and why; nothing when they run. */
export function node24Notice(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (node24(env)) return undefined;
  const why = env.ACTION_NODE_24 ? `ACTION_NODE_24 names ${env.ACTION_NODE_24}, which is not there` : 'ACTION_NODE_24 is not set';
  return `The bundle's tests on Node 24 (the runners') are skipped: ${why}. Set it to a Node 24 binary to run them, as bash .ci/run does (npm install --prefix /tmp/node24 node@24, then ACTION_NODE_24=/tmp/node24/node_modules/node/bin/node npm test).`;
}

/** Vitest's global setup: the notice, once, before the tests. */
export default function setup(): void {
  const notice = node24Notice();
  if (notice) process.stdout.write(`${notice}\n`);
}
