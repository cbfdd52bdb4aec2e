/**
 * The rows of the key and the tokens (src/doctor/reach.ts), from every way their reads can end:
 * each said as what it is, with what to do, and never the key.
 */
import { describe, expect, it } from 'vitest';
import { codeTokenFinding, docsTokenFinding, githubTokenFinding, keyFinding } from '../../src/doctor/reach.js';

describe('the key and the project', () => {
  const failed = (status: number | undefined, serverMessage?: string, usageUsedUp?: boolean) =>
    keyFinding({ ok: false, status, message: `GET /v1/analytics/{projectId}/visitors answered ${status}`, serverMessage, usageUsedUp }, 'proj_1');

  it('ok when the one request answered; what it cost and what it cannot tell (a read-only key) said', () => {
    expect(keyFinding({ ok: true }, 'proj_1')).toMatchObject({ level: 'ok', found: expect.stringContaining('project "proj_1"') });
    expect(keyFinding({ ok: true }, 'proj_1').found).toMatch(/read scope passes this too/);
    expect(keyFinding('dry-run', 'proj_1')).toMatchObject({ level: 'warn', found: 'not checked: dry-run sends nothing to the API' });
  });

  it('a refused key, a plan without API access and a wrong project are each said as such, as fails', () => {
    expect(failed(401, 'Invalid or missing API key')).toMatchObject({ level: 'fail', found: expect.stringMatching(/^the key was refused \(401\)/) });
    expect(failed(401, 'Your plan does not include API access')).toMatchObject({
      level: 'fail',
      found: expect.stringMatching(/^the organisation's plan does not include API access/),
    });
    expect(failed(403)).toMatchObject({ level: 'fail', found: expect.stringMatching(/scope.*allowlist/) });
    expect(failed(404, 'Project not found')).toMatchObject({
      level: 'fail',
      found: 'project "proj_1" was not found (404), or base-url does not point at the API\'s root. The API said: Project not found',
    });
    expect(failed(429, 'Usage used up', true)).toMatchObject({ level: 'fail', found: expect.stringMatching(/usage is used up/) });
  });

  it('what only says it could not check now is a warn: a rate limit, a 5xx, no answer', () => {
    expect(failed(429).level).toBe('warn');
    expect(failed(503).level).toBe('warn');
    expect(keyFinding({ ok: false, message: 'GET /v1/analytics/{projectId}/visitors failed: connect ECONNREFUSED' }, 'p')).toMatchObject({
      level: 'warn',
      found: 'not checked: GET /v1/analytics/{projectId}/visitors failed: connect ECONNREFUSED',
    });
  });
});

describe('the tokens', () => {
  it('github-token: ok when it reads the repository, a fail that says how to give it read access when not', () => {
    expect(githubTokenFinding('acme/widgets', { ok: true }, 'main')).toMatchObject({ level: 'ok', found: 'reads acme/widgets (its default branch is main)' });
    expect(githubTokenFinding('acme/widgets', { ok: false, error: 'GitHub repository answered 404', status: 404 }, undefined)).toMatchObject({
      level: 'fail',
      fix: expect.stringContaining('contents: read'),
    });
  });

  const reach = { repository: 'acme/widgets', given: false, passedByWorkflows: false };

  it('docs-token: no row where nothing uses one and no record names another repository; a warn where no run recorded one yet', () => {
    expect(docsTokenFinding({ ...reach, recorded: undefined })).toBeUndefined();
    expect(docsTokenFinding({ ...reach, recorded: undefined, passedByWorkflows: true })).toMatchObject({
      level: 'warn',
      found: expect.stringMatching(/^not checked: no record/),
    });
    expect(docsTokenFinding({ ...reach, recorded: 'ACME/widgets' })).toMatchObject({
      level: 'ok',
      found: expect.stringContaining('github-token reaches them'),
    });
  });

  it('docs-token: where the documentation is elsewhere, ok when it reads it, a fail when it cannot or none is passed, a warn when only the doctor lacks it', () => {
    const elsewhere = { ...reach, recorded: 'acme/docs' };
    expect(docsTokenFinding({ ...elsewhere, given: true, read: { ok: true } })).toMatchObject({
      level: 'ok',
      found: 'reads acme/docs, where the documentation PRs are',
    });
    expect(
      docsTokenFinding({ ...elsewhere, given: true, read: { ok: false, error: 'GitHub repository answered 404 (Not Found)', status: 404 } }),
    ).toMatchObject({
      level: 'fail',
      found: 'cannot read acme/docs, where the documentation PRs are: GitHub repository answered 404 (Not Found)',
      fix: expect.stringContaining('Pull requests: write'),
    });
    expect(docsTokenFinding(elsewhere)).toMatchObject({ level: 'fail', found: expect.stringContaining('no step passes docs-token') });
    expect(docsTokenFinding({ ...elsewhere, passedByWorkflows: true })).toMatchObject({
      level: 'warn',
      fix: 'Give this doctor step the same docs-token as the workflows.',
    });
  });

  it('code-token: the same, for the code repository the back-links name', () => {
    expect(codeTokenFinding({ ...reach, recorded: 'acme/code', given: true, read: { ok: true } })).toMatchObject({
      check: 'code-token',
      level: 'ok',
      found: 'reads acme/code, where the code PRs are',
    });
    expect(codeTokenFinding({ ...reach, recorded: 'acme/code' })).toMatchObject({ level: 'fail', fix: expect.stringContaining('Commit statuses: write') });
  });
});
