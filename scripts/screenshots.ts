/**
 * `npm run screenshots`: the pictures in the README. Runs the bundled action against the
 * simulator (and the fake GitHub, for the pull-request comment) as `npm start` does, renders what
 * it wrote with cmark-gfm, GitHub's own Markdown renderer, and screenshots it with headless
 * Chromium (Debian's package, installed here if missing). Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiInputs, screenshotFor, scripts, startSimulator, statusIdFor } from '../test/simulator/index.js';
import { fileDiff, startFakeGitHub } from '../test/support/fake-github.js';
import { renderAsGitHub } from '../test/support/github-markdown.js';
import { removeRunDirs, runAction, type ActionRun } from '../test/support/run-action.js';
import { pullRequestEvent } from '../test/support/webhook-events.js';

const root = join(import.meta.dirname, '..');
const chromium = '/usr/bin/chromium';
// The summaries use emoji for outcomes: without a colour emoji font they render as boxes.
const emojiFont = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
if (!existsSync(chromium) || !existsSync(emojiFont)) {
  console.log('Installing Debian’s chromium and fonts-noto-color-emoji…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-color-emoji'], { stdio: 'inherit' });
}

const pictures: Array<{ name: string; title: string; markdown: string; height: number; images?: Record<string, string> }> = [];
// Previews are ready at the first status read here, so the comment's last write comes at once.
const sim = await startSimulator({ analytics: { paths: 240, seed: 4 }, defaultPreviewScript: { queuedMs: 0, buildMs: 0, result: 'success' } });
const github = await startFakeGitHub();
try {
  const common = apiInputs(sim);
  const succeeded = (run: ActionRun, outcome: string): ActionRun => {
    if (run.outputs.outcome !== outcome) throw new Error(`a demo run ended ${run.outputs.outcome}, not ${outcome}:\n${run.stdout}`);
    return run;
  };
  // The runs write into fresh temporary folders; show a runner's path instead of this machine's.
  const runnerPaths = (run: ActionRun): string => run.summary.split(run.workDir).join('/home/runner/work/_temp');

  sim.queueJobScripts(scripts.prAfter(2));
  const agent = succeeded(
    await runAction({ inputs: { ...common, prompt: 'Document the new --retries flag of the CLI in the configuration reference.', 'poll-interval': '200ms' } }),
    'pr-opened',
  );
  pictures.push({ name: 'summary-agent', title: 'docs summary', markdown: agent.summary, height: 620 });

  const visitors = succeeded(
    await runAction({ inputs: { ...common, command: 'visitors', 'date-from': '-7d', 'date-to': 'today', 'compare-previous': 'true', 'summary-rows': '10' } }),
    'exported',
  );
  pictures.push({ name: 'summary-visitors', title: 'visitors summary', markdown: runnerPaths(visitors), height: 1000 });

  const refresh = succeeded(
    await runAction({ inputs: { ...common, command: 'refresh', 'refresh-pages': '5', 'refresh-searches': '5', 'poll-interval': '200ms' } }),
    'pr-opened',
  );
  // The signal tables and the outcome; the prompt's collapsed block below them is left out.
  pictures.push({ name: 'summary-refresh', title: 'refresh summary', markdown: refresh.summary.split('<details>')[0]!, height: 1560 });

  // The pull-request comment while the job works, and once it has ended.
  github.pulls.set(7, { diff: fileDiff('src/cli.ts', ['export const retries = 4;']), files: [], commits: ['Add --retries'] });
  sim.queueJobScripts(scripts.prAfter(2));
  const commented = succeeded(
    await runAction({
      event: { name: 'pull_request', payload: pullRequestEvent(7) },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: { ...common, 'github-token': 'ghs_screenshots', 'pr-comment': 'true', 'poll-interval': '200ms' },
    }),
    'pr-opened',
  );
  const [working, outcome] = github.commentBodiesSent(7);
  if (!working || !outcome || commented.code !== 0) throw new Error('the pull-request comment was not written twice');
  pictures.push({ name: 'comment-working', title: 'github-actions commented', markdown: working, height: 370 });
  pictures.push({ name: 'comment-outcome', title: 'github-actions commented', markdown: outcome, height: 350 });

  // The comment once the preview is ready: the outcome, then the preview with its screenshot.
  github.pulls.set(8, { diff: fileDiff('src/cli.ts', ['export const retries = 4;']), files: [], commits: ['Add --retries'] });
  sim.queueJobScripts(scripts.prAfter(2));
  const previewed = succeeded(
    await runAction({
      event: { name: 'pull_request', payload: pullRequestEvent(8) },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: { ...common, 'github-token': 'ghs_screenshots', 'pr-comment': 'true', preview: 'true', 'poll-interval': '200ms' },
    }),
    'pr-opened',
  );
  const previewComment = github.commentBodiesSent(8).at(-1);
  if (!previewComment || previewed.outputs['preview-status'] !== 'success') throw new Error(`the preview did not succeed:\n${previewed.stdout}`);
  // GitHub shows the picture through its image proxy; here the simulator's screenshot URL is
  // served from a page rendered for it (the simulator has no screenshots to serve).
  pictures.push({
    name: 'comment-preview',
    title: 'github-actions commented',
    markdown: previewComment,
    height: 920,
    images: { [screenshotFor(statusIdFor(1), 'light')]: 'docs-page' },
  });

  // What readers will see: a documentation PR in its own repository, with docs.json, changed pages
  // (one new, one removed without a redirect), and the readers the simulator's analytics give them.
  const docs = github.addRepository('acme/docs');
  github.tokens.set('ghs_screenshotsDocs', { login: 'docs-writer[bot]', repositories: { 'acme/docs': { pullRequests: 'write', contents: 'write' } } });
  const docsHead = 'd0c5'.repeat(10);
  docs.files.set(docsHead, {
    'docs.json': JSON.stringify({ name: 'Acme Widgets', redirects: [{ source: '/concepts/page-2', destination: '/concepts/overview' }] }),
    'guides/page-5.mdx': '# Configuration',
    'api-reference/page-1.mdx': '# Sync',
    'guides/retries.mdx': '# Retries',
  });
  docs.pulls.set(41, {
    title: 'Document --retries',
    state: 'open',
    draft: true,
    merged: false,
    headRef: 'mintlify/docs-retries',
    headSha: docsHead,
    files: [
      { filename: 'guides/page-5.mdx', status: 'modified' },
      { filename: 'api-reference/page-1.mdx', status: 'modified' },
      { filename: 'guides/retries.mdx', status: 'added' },
      { filename: 'concepts/page-2.mdx', status: 'removed' },
      { filename: 'integrations/page-3.mdx', status: 'removed' },
    ],
  });
  github.pulls.set(9, { diff: fileDiff('src/cli.ts', ['export const retries = 4;']), files: [], commits: ['Add --retries'] });
  sim.setSourceRepository('https://github.com/acme/docs');
  sim.queueJobScripts([
    { status: 'active', polls: 2, ref: 'mintlify/docs-retries' },
    { status: 'completed', prLink: true },
  ]);
  sim.queuePrLinks('https://github.com/acme/docs/pull/41');
  const impact = succeeded(
    await runAction({
      event: { name: 'pull_request', payload: pullRequestEvent(9) },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/widgets' },
      inputs: {
        ...common,
        'github-token': 'ghs_screenshots',
        'docs-token': 'ghs_screenshotsDocs',
        'pr-comment': 'true',
        'follow-code-pr': 'true',
        preview: 'true',
        'reader-impact': 'true',
        'poll-interval': '200ms',
      },
    }),
    'pr-opened',
  );
  const impactComment = github.commentBodiesSent(9).at(-1);
  if (!impactComment || !impact.outputs['reader-impact']) throw new Error(`reader impact was not shown:\n${impact.stdout}`);
  // The comment from its outcome down, without the preview's picture: the section is the point.
  pictures.push({ name: 'comment-impact', title: 'github-actions commented', markdown: impactComment.replace(/\[!\[[^\n]*\n/, ''), height: 940 });
} finally {
  await Promise.all([sim.close(), github.close()]);
  removeRunDirs();
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
  img { max-width: 100%; border: 1px solid #d1d9e0; border-radius: 6px; }
  h4 { font-size: 1em; }
  details summary { cursor: pointer; }
`;

/** A documentation page as a preview's screenshot would show it: the stand-in for the platform's picture. */
const DOCS_PAGE = `<!doctype html><meta charset="utf-8"><style>
  body { margin: 0; font: 15px/1.6 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
  header { display: flex; gap: 24px; align-items: center; padding: 14px 28px; border-bottom: 1px solid #e5e7eb; font-weight: 600; }
  header span { color: #16a34a; } nav { float: left; width: 180px; padding: 20px 28px; color: #57606a; font-size: 13px; }
  nav b { display: block; color: #16a34a; } main { margin-left: 236px; padding: 20px 28px; }
  h1 { font-size: 26px; margin: 0 0 8px; } code { background: #f3f4f6; padding: 2px 5px; border-radius: 4px; }
  pre { background: #0f172a; color: #e2e8f0; padding: 14px; border-radius: 8px; }
</style><header><span>◆</span> Acme Widgets Docs</header>
<nav>Getting started<br>Installation<b>Configuration</b>CLI reference<br>Changelog</nav>
<main><h1>Configuration</h1><p>The CLI reads its settings from <code>widgets.toml</code> and the command line.</p>
<h2>--retries</h2><p>How many times a failed request is sent again, with exponential backoff. Default: <code>4</code>.</p>
<pre>widgets sync --retries 6</pre></main>`;

const dir = mkdtempSync(join(tmpdir(), 'summary-'));
try {
  const docsPage = join(dir, 'docs-page.png');
  writeFileSync(join(dir, 'docs-page.html'), DOCS_PAGE);
  const shoot = (html: string, out: string, width: number, height: number): void => {
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--hide-scrollbars',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--window-size=${width},${height}`,
        `--screenshot=${out}`,
        `file://${html}`,
      ],
      { stdio: 'ignore' },
    );
  };
  shoot(join(dir, 'docs-page.html'), docsPage, 1000, 400);
  const standIns: Record<string, string> = { 'docs-page': docsPage };
  for (const { name, title, markdown, height, images } of pictures) {
    const html = join(dir, `${name}.html`);
    let body = renderAsGitHub(markdown);
    for (const [url, standIn] of Object.entries(images ?? {})) body = body.split(`src="${url}"`).join(`src="file://${standIns[standIn]}"`);
    writeFileSync(html, `<!doctype html><meta charset="utf-8"><style>${css}</style><div class="card"><div class="head">${title}</div>${body}</div>`);
    shoot(html, join(root, 'docs', `${name}.png`), 960, height);
    console.log(`wrote docs/${name}.png`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
