/**
 * Runs the simulator on its own, for a workflow job or a manual session; `--help` says how.
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

const USAGE = `Usage: npx tsx test/simulator/cli.ts [options]

Serves a simulator of the documentation platform's Admin API on 127.0.0.1, prints one line of
JSON ({"url", "apiKey", "projectId"}) and serves until SIGINT or SIGTERM.

Options:
  --port N        port to listen on (default 0: any free port)
  --paths N       pages in the analytics dataset (default 120)
  --latency MS    delay before every answer (default 0)
  --script NAME   how each new job lives: ${Object.keys(SCRIPTS).join(', ')} (default pr)
  --preview-ms MS how long a preview deployment builds before it succeeds (default 5000)
  -h, --help      print this and exit`;

let values: { port: string; paths: string; latency: string; script: string; 'preview-ms': string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      paths: { type: 'string', default: '120' },
      latency: { type: 'string', default: '0' },
      script: { type: 'string', default: 'pr' },
      'preview-ms': { type: 'string', default: '5000' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  // An unknown option or a missing value: say which, and how it is used, not a stack trace.
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const script = SCRIPTS[values.script];
if (!script) {
  console.error(`--script must be one of ${Object.keys(SCRIPTS).join(', ')}\n\n${USAGE}`);
  process.exit(2);
}
const sim = await startSimulator({
  port: Number(values.port),
  latencyMs: Number(values.latency),
  defaultJobScript: script,
  analytics: { paths: Number(values.paths) },
  defaultPreviewScript: { queuedMs: 0, buildMs: Number(values['preview-ms']), result: 'success' },
});
console.log(JSON.stringify({ url: sim.url, apiKey: sim.apiKey, projectId: 'proj_sim' }));
const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
