/**
 * Runs the simulator on its own, for a workflow job or a manual session:
 *   npx tsx test/simulator/cli.ts --port 8787 [--paths N] [--latency MS] [--script pr|no-pr|fail|archived|active]
 * Prints one line of JSON ({url, apiKey, projectId}) and serves until SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { scripts, startSimulator, type JobScript } from './index.js';

const SCRIPTS: Record<string, JobScript> = {
  pr: scripts.prAfter(2),
  'no-pr': scripts.noPrAfter(2),
  fail: scripts.failAfter(2),
  archived: scripts.archivedAfter(2),
  active: scripts.stayActive(),
};

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    paths: { type: 'string', default: '120' },
    latency: { type: 'string', default: '0' },
    script: { type: 'string', default: 'pr' },
  },
});
const script = SCRIPTS[values.script];
if (!script) {
  console.error(`--script must be one of ${Object.keys(SCRIPTS).join(', ')}`);
  process.exit(2);
}
const sim = await startSimulator({
  port: Number(values.port),
  latencyMs: Number(values.latency),
  defaultJobScript: script,
  analytics: { paths: Number(values.paths) },
});
console.log(JSON.stringify({ url: sim.url, apiKey: sim.apiKey, projectId: 'proj_sim' }));
const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
