/**
 * `npm run screenshots`: the pictures of the job summary in the README. Runs the bundled action
 * against the simulator as `npm start` does, renders the two summaries it wrote (agent and
 * visitors) with GitHub-flavoured Markdown, and screenshots them with headless Chromium
 * (Debian's package, installed here if missing). Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked } from 'marked';
import { scripts, startSimulator } from '../test/simulator/index.js';
import { runAction } from '../test/support/run-action.js';

const root = join(import.meta.dirname, '..');
const chromium = '/usr/bin/chromium';
// The summaries use emoji for outcomes: without a colour emoji font they render as boxes.
const emojiFont = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
if (!existsSync(chromium) || !existsSync(emojiFont)) {
  console.log('Installing Debian’s chromium and fonts-noto-color-emoji…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-color-emoji'], { stdio: 'inherit' });
}

const sim = await startSimulator({ analytics: { paths: 240, seed: 4 } });
let agentSummary: string;
let visitorsSummary: string;
try {
  const common = { 'api-key': sim.apiKey, 'project-id': 'proj_sim', 'base-url': sim.url };
  sim.queueJobScripts(scripts.prAfter(2));
  const agent = await runAction({
    inputs: { ...common, prompt: 'Document the new --retries flag of the CLI in the configuration reference.', 'poll-interval': '200ms' },
  });
  const visitors = await runAction({
    inputs: { ...common, command: 'visitors', 'date-from': '-7d', 'date-to': 'today', 'compare-previous': 'true', 'summary-rows': '10' },
  });
  if (agent.outputs.outcome !== 'pr-opened' || visitors.code !== 0) throw new Error('the demo runs did not succeed');
  // The runs write into fresh temporary folders; show a runner's path instead of this machine's.
  const runnerPaths = (text: string, dir: string): string => text.split(dir).join('/home/runner/work/_temp');
  agentSummary = agent.summary;
  visitorsSummary = runnerPaths(visitors.summary, visitors.workDir);
} finally {
  await sim.close();
}

const css = `
  body { margin: 0; padding: 24px; background: #f6f8fa; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
  .card { background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; padding: 16px 32px 24px; max-width: 880px; }
  .head { font-weight: 600; border-bottom: 1px solid #d1d9e0; margin: 0 -32px 16px; padding: 0 32px 12px; }
  h2 { font-size: 1.5em; border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
  h3 { font-size: 1.25em; }
  table { border-collapse: collapse; margin: 12px 0; }
  th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
  tr:nth-child(2n) { background: #f6f8fa; }
  code { background: #eff1f3; border-radius: 6px; padding: .2em .4em; font: 85% ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { background: #f6f8fa; border-radius: 6px; padding: 16px; overflow: auto; }
  pre code { background: none; padding: 0; }
  a { color: #0969da; text-decoration: none; }
  details summary { cursor: pointer; }
`;

async function screenshot(name: string, title: string, markdown: string, height: number): Promise<void> {
  const body = await marked.parse(markdown, { gfm: true });
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  const html = join(dir, `${name}.html`);
  writeFileSync(html, `<!doctype html><meta charset="utf-8"><style>${css}</style><div class="card"><div class="head">${title}</div>${body}</div>`);
  const out = join(root, 'docs', `${name}.png`);
  execFileSync(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars',
    `--user-data-dir=${join(dir, 'profile')}`, `--window-size=960,${height}`, `--screenshot=${out}`, `file://${html}`,
  ], { stdio: 'ignore' });
  console.log(`wrote docs/${name}.png`);
}

await screenshot('summary-agent', 'docs summary', agentSummary, 620);
await screenshot('summary-visitors', 'visitors summary', visitorsSummary, 1000);
