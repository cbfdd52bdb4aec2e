/**
 * The preview's part of the summary and the pull-request comment, judged by GitHub's renderer: the
 * preview URL and the screenshot come from the API, so each renders as a link or a picture to
 * exactly the URL given (only `https`), or not at all.
 */
import { describe, expect, it } from 'vitest';
import { newRun } from '../../src/agent/run-agent.js';
import type { PreviewRun } from '../../src/preview/run-preview.js';
import { renderPrComment } from '../../src/report/agent-report.js';
import { previewOutputs, previewResultLine, renderPreviewSection, SCREENSHOT_ALT, screenshotOf } from '../../src/report/preview-report.js';
import { withoutInvisible } from '../../src/text.js';
import { expectRendersAsGitHubShould, isLinkableHttps, renderAsGitHub } from '../support/github-markdown.js';
import { runnerCommands } from '../support/runner-log.js';

const URL_GIVEN = 'https://acme-docs-update-7.mintlify.site';
const SHOT = 'https://screenshots.mintlify.site/dep_1-light.png';

function preview(fields: Partial<PreviewRun> = {}): PreviewRun {
  return {
    status: 'success',
    branch: 'mintlify/docs-update-7',
    url: URL_GIVEN,
    statusId: 'dep_1',
    state: 'success',
    deployment: { status: 'success', screenshotLight: SHOT, screenshot: 'https://screenshots.mintlify.site/other.png' },
    reason: undefined,
    waitedMs: 90_000,
    reads: 10,
    ...fields,
  };
}

describe('the preview section', () => {
  it('shows the state, the link, the branch, and the light screenshot as a picture linked to the preview', () => {
    const markdown = renderPreviewSection(preview(), 3);
    expectRendersAsGitHubShould(markdown, { links: [URL_GIVEN], images: [SHOT], imageAlt: SCREENSHOT_ALT, literals: [URL_GIVEN, 'mintlify/docs-update-7'] });
    const html = renderAsGitHub(markdown);
    expect(html).toContain(`<a href="${URL_GIVEN}/"><img src="${SHOT}" alt="${SCREENSHOT_ALT}" /></a>`);
    expect(html).toContain('✅ Ready');
  });

  it('takes screenshot when screenshotLight is not an https URL, and no picture when neither is', () => {
    const fallback = preview({ deployment: { status: 'success', screenshotLight: 'javascript:alert(1)', screenshot: SHOT } });
    expect(screenshotOf(fallback)).toBe(SHOT);
    const none = preview({ deployment: { status: 'success', screenshotLight: 'http://insecure.example/x.png', screenshot: 'data:image/png;base64,AAAA' } });
    expect(screenshotOf(none)).toBeUndefined();
    expectRendersAsGitHubShould(renderPreviewSection(none, 4), { links: [URL_GIVEN] });
  });

  it('shows no picture before the preview succeeded, and says it is building with the state as given', () => {
    const building = preview({ status: undefined, state: 'in_progress', deployment: { status: 'in_progress', screenshotLight: SHOT } });
    const markdown = renderPreviewSection(building, 4);
    expectRendersAsGitHubShould(markdown, { links: [URL_GIVEN], literals: ['in_progress'] });
    expect(markdown).toContain('⏳ Building');
  });

  const hostile: ReadonlyArray<readonly [string, string]> = [
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['an http URL', 'http://insecure.example/preview'],
    ['Markdown that closes the link and opens another', 'https://ok.example/a) [click](https://evil.example/b'],
    ['an image breaking out of the destination', 'https://ok.example/x.png)](https://evil.example/y'],
    ['HTML in the URL', 'https://ok.example/"><img src=x onerror=alert(1)>'],
    ['a pipe and backticks in a table cell', 'https://ok.example/a|b`c`'],
    ['a space, angle brackets and an entity', 'https://ok.example/a b<c>&amp;d'],
    ['a mention and a reference', 'https://ok.example/@octocat/#12'],
    ['an invisible character', 'https://ok.example/a\u200bb'],
    ['not a URL at all', '@octocat #12 **bold** <details>'],
    ['an over-long URL', `https://ok.example/${'a'.repeat(9_000)}`],
  ];

  it.each(hostile)('%s as the preview URL and the screenshot renders as exactly that URL, or not as a link at all', (_what, url) => {
    const run = preview({ url, deployment: { status: 'success', screenshotLight: url }, branch: url });
    const markdown = renderPreviewSection(run, 3);
    const linkable = isLinkableHttps(url);
    expectRendersAsGitHubShould(markdown, {
      links: linkable ? [url] : [],
      images: linkable ? [url] : [],
      imageAlt: SCREENSHOT_ALT,
      // As written, less what renders as nothing: in the link cell and the branch cell.
      literals: [{ text: withoutInvisible(url), times: 2 }],
    });
  });

  it('with a reason (a failure, an error), shows it as code', () => {
    const failed = preview({ status: 'failure', reason: "The preview's build failed: @octocat broke #12 <b>", deployment: { status: 'failure' } });
    expectRendersAsGitHubShould(renderPreviewSection(failed, 3), { links: [URL_GIVEN], literals: ["The preview's build failed: @octocat broke #12 <b>"] });
  });
});

describe('the pull-request comment with a preview', () => {
  const run = () => {
    const agent = newRun(undefined, 'prompt', 0, 'pr-opened');
    agent.jobId = 'job_1';
    agent.job = { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/3' };
    return agent;
  };

  it('shows the outcome, then the preview, in the one comment', () => {
    const body = renderPrComment(run(), '<!-- docs-agent-action:comment -->', undefined, '2026-11-24T07:00:00.000Z', undefined, preview());
    expect(body.indexOf('Documentation preview')).toBeGreaterThan(body.indexOf('Pull request opened'));
    expectRendersAsGitHubShould(body, { links: ['https://github.com/acme/docs/pull/3', URL_GIVEN], images: [SHOT], imageAlt: SCREENSHOT_ALT });
  });

  it('stays under its size cap: the details give way first, then the preview', () => {
    const long = `https://ok.example/${'a'.repeat(8_000)}`;
    const big = preview({ url: long, deployment: { status: 'success', screenshotLight: long } });
    const body = renderPrComment(run(), '<!-- m -->', undefined, 'now', 2_000, big);
    expect(body.length).toBeLessThanOrEqual(2_000);
    expect(body).not.toContain('Documentation preview');
    const whole = renderPrComment(run(), '<!-- m -->', undefined, 'now', undefined, preview());
    const limit = whole.length - 1;
    const fits = renderPrComment(run(), '<!-- m -->', undefined, 'now', limit, preview());
    expect(fits.length).toBeLessThanOrEqual(limit);
    expect(fits).toContain('Documentation preview');
    expect(fits).toContain('too long for a comment');
  });
});

describe('the preview in the outputs, the log and the failure', () => {
  it('outputs are empty when no preview was asked for, and the URL without what renders as nothing', () => {
    expect(previewOutputs(undefined)).toEqual({ 'preview-url': '', 'preview-status': '' });
    expect(previewOutputs(preview({ url: 'https://a.example/\u200bx', status: 'failure' }))).toEqual({
      'preview-url': 'https://a.example/x',
      'preview-status': 'failure',
    });
  });

  it('one line, at the level the contract gives it', () => {
    expect(previewResultLine(preview())?.level).toBe('info');
    expect(previewResultLine(preview({ status: 'unavailable', reason: 'no plan' }))?.level).toBe('notice');
    for (const status of ['failure', 'timed-out', 'error', 'skipped'] as const) expect(previewResultLine(preview({ status }))?.level).toBe('warning');
    expect(previewResultLine(preview({ status: 'cancelled' }))).toBeUndefined();
    const line = previewResultLine(preview({ status: 'failure', url: 'x\n::error::x ##[warning]y', branch: '\n::warning::z' }))!.line;
    expect(line).not.toContain('\n');
    expect(runnerCommands(`${line}\n`)).toEqual([]);
  });
});
