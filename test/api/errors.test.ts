/** The author's reading of an API failure: one line per status, with the server's own word. */
import { describe, expect, it } from 'vitest';
import { ApiError, describeHttpFailure, serverMessageOf, serverSaid } from '../../src/api/errors.js';

const failure = (status: number, serverMessage?: string, jobId?: string) => ({
  endpoint: 'POST /v2/agent/{projectId}/job',
  status,
  serverMessage,
  ids: { projectId: 'proj_1', jobId },
  baseUrl: 'https://api.mintlify.com',
});

describe('describeHttpFailure', () => {
  it('413: the prompt is too large, and what to lower', () => {
    expect(describeHttpFailure(failure(413, 'too big'), 1)).toBe(
      'POST /v2/agent/{projectId}/job answered 413: the prompt is too large for the API; lower diff-max-chars or shorten the prompt. Server said: too big.',
    );
  });

  it('429: rate limited after the attempts made, and the budget of the endpoint that answered, and no other', () => {
    expect(describeHttpFailure(failure(429), 5)).toBe(
      'POST /v2/agent/{projectId}/job answered 429: rate limited after 5 attempts (the agent API allows 100 jobs and messages per project per hour).',
    );
    expect(describeHttpFailure(failure(429), 1)).toContain('rate limited after 1 attempt (');
    const at = (endpoint: string) => describeHttpFailure({ ...failure(429, 'Slow down'), endpoint }, 2);
    expect(at('GET /v2/agent/{projectId}/job/{id}')).toContain('(the agent API allows 100 jobs and messages per project per hour).');
    for (const path of ['visitors', 'feedback/by-page', 'searches']) {
      expect(at(`GET /v1/analytics/{projectId}/${path}`)).toBe(
        `GET /v1/analytics/{projectId}/${path} answered 429: rate limited after 2 attempts (the analytics endpoints allow about 100 requests per organisation per hour, shared by all of them). Server said: Slow down.`,
      );
    }
    expect(at('POST /v1/project/preview/{projectId}')).toBe(
      'POST /v1/project/preview/{projectId} answered 429: rate limited after 2 attempts (preview deployments are limited to 5 a minute per organisation). Server said: Slow down.',
    );
    // The status of a deployment has no budget the vendor documents: none is named.
    expect(at('GET /v1/project/update-status/{id}')).toBe(
      'GET /v1/project/update-status/{id} answered 429: rate limited after 2 attempts. Server said: Slow down.',
    );
  });

  it('500 and above: the service had a problem, after how many attempts', () => {
    for (const status of [500, 503, 599]) {
      expect(describeHttpFailure(failure(status, 'oops'), 2)).toBe(
        `POST /v2/agent/{projectId}/job answered ${status} after 2 attempts: the service had a problem; try again later. Server said: oops.`,
      );
    }
  });

  it("another 4xx: the server's own message, or that there was none", () => {
    expect(describeHttpFailure(failure(422, 'prompt is required'), 1)).toBe('POST /v2/agent/{projectId}/job answered 422: Server said: prompt is required.');
    expect(describeHttpFailure(failure(499), 1)).toBe('POST /v2/agent/{projectId}/job answered 499: the request was refused with no message.');
  });
});

describe('serverSaid', () => {
  it('ends the server’s message as a sentence: a period only where it has no final punctuation of its own', () => {
    expect(serverSaid(undefined)).toBe('');
    expect(serverSaid('')).toBe('');
    expect(serverSaid('Slow down')).toBe(' Server said: Slow down.');
    expect(serverSaid('Slow down.')).toBe(' Server said: Slow down.');
    for (const ended of ['Wait!', 'Why?', 'Wait…', 'It said "stop."', 'It said “stop.”', 'Stop (now).', '[Stop.]', "'Stop.'", 'Stop.’'])
      expect(serverSaid(ended)).toBe(` Server said: ${ended}`);
    // Punctuation inside the message, or a closing mark with none before it, is no end.
    for (const open of ['v1.2 is gone', 'Done. Then', 'Use "v2"', 'See (docs)', 'Stop.x']) expect(serverSaid(open)).toBe(` Server said: ${open}.`);
  });
});

describe('serverMessageOf', () => {
  it('joins `error` and every `details[].message` with "; "', () => {
    const body = {
      error: 'Invalid request',
      details: [{ message: 'limit must be at most 250' }, { path: 'x' }, null, { message: 'offset must be 0 or more' }],
    };
    expect(serverMessageOf(JSON.stringify(body), body)).toBe('Invalid request; limit must be at most 250; offset must be 0 or more');
  });

  it('takes `message` when there is no `error`', () => {
    const body = { message: 'Not found' };
    expect(serverMessageOf(JSON.stringify(body), body)).toBe('Not found');
  });

  it('falls back to the text when the JSON holds no message, or is not an object', () => {
    expect(serverMessageOf('{"code":42}', { code: 42 })).toBe('{"code":42}');
    expect(serverMessageOf('"just a string"', 'just a string')).toBe('"just a string"');
    expect(serverMessageOf('null', null)).toBe('null');
    expect(serverMessageOf('Bad Gateway\r\n', undefined)).toBe('Bad Gateway');
    expect(serverMessageOf('', undefined)).toBeUndefined();
  });
});

describe('ApiError', () => {
  it('is named for what it is, and carries its details', () => {
    const error = new ApiError('GET /x answered 404', { kind: 'http', endpoint: 'GET /x', status: 404, mayHaveTakenEffect: false, attempts: 1 });
    expect(error.name).toBe('ApiError');
    expect(String(error)).toBe('ApiError: GET /x answered 404');
    expect(error).toMatchObject({ kind: 'http', endpoint: 'GET /x', status: 404, mayHaveTakenEffect: false, attempts: 1 });
  });

  it('took effect or not only when it says so: unknown unless told', () => {
    const details = { kind: 'network', endpoint: 'POST /x', mayHaveTakenEffect: true, attempts: 1 } as const;
    expect(new ApiError('x', details).tookNoEffect).toBe(false);
    expect(new ApiError('x', { ...details, mayHaveTakenEffect: false, tookNoEffect: true }).tookNoEffect).toBe(true);
  });
});
