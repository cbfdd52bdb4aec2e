/**
 * How a failed GitHub call is said to the author: GitHub's answer and what to do about it (wait
 * for a rate limit, give the token a permission), a GraphQL refusal as REST says it, and for a
 * connection that failed, the innermost cause with its system code.
 */
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/github/failures.js';

const context = { apiUrl: 'https://github.example/api/v3', requestTimeoutMs: 30_000 };

/** An HTTP answer as Octokit's RequestError carries it. */
const answered = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`answered ${status}`), { status, request: {}, response: { status, headers, data } });

const graphqlError = (errors: Array<{ type?: string; message?: string }>) =>
  Object.assign(new Error('GraphQL errors'), { name: 'GraphqlResponseError', errors });

/** An error with a cause, and a cause of that, and so on: fetch's "fetch failed" wraps what went wrong. */
const chain = (...messages: string[]): Error => messages.reduceRight<Error | undefined>((cause, message) => new Error(message, { cause }), undefined)!;

const withCode = (error: Error, code: string): Error => Object.assign(error, { code });

describe('a refusal and what to do about it', () => {
  it('says a spent primary rate limit resets within the hour, for a 403 and a 429', () => {
    for (const status of [403, 429]) {
      const error = describeFailure('repository', answered(status, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0' }), context);
      expect(error).toMatchObject({ kind: 'http', status, answer: 'API rate limit exceeded' });
      expect(error.message).toBe(
        `GitHub repository (GET /repos/{owner}/{repo}) answered ${status}: API rate limit exceeded` +
          ` (the token's GitHub rate limit is spent; it resets within the hour).`,
      );
    }
  });

  it('says what to give the token for a 403 with requests left', () => {
    const error = describeFailure('repository', answered(403, { message: 'Forbidden' }, { 'x-ratelimit-remaining': '12' }), context);
    expect(error.message).toBe('GitHub repository (GET /repos/{owner}/{repo}) answered 403: Forbidden (give the job "permissions: contents: read").');
  });

  it('says how long GitHub asks to wait after a secondary rate limit, for a 429 and a 403', () => {
    for (const status of [429, 403]) {
      const error = describeFailure('create-comment', answered(status, { message: 'secondary rate limit' }, { 'retry-after': '90' }), context);
      expect(error.message).toBe(
        `GitHub create comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments) answered ${status}:` +
          ` secondary rate limit (GitHub's rate limit; it asks to wait 1m30s).`,
      );
    }
  });

  it('names the rate limit without a wait when retry-after is not a number of seconds', () => {
    const error = describeFailure('repository', answered(429, { message: 'slow down' }, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }), context);
    expect(error.message).toBe("GitHub repository (GET /repos/{owner}/{repo}) answered 429: slow down (GitHub's rate limit).");
  });

  it('takes no other answer for a rate limit, whatever its headers say', () => {
    const notFound = describeFailure('commit', answered(404, { message: 'Not Found' }, { 'x-ratelimit-remaining': '0', 'retry-after': '5' }), context);
    expect(notFound.message).toBe('GitHub commit (GET /repos/{owner}/{repo}/commits/{ref}) answered 404: Not Found (the commit is gone).');
    const serverError = describeFailure('commit', answered(500, { message: 'Server Error' }, { 'x-ratelimit-remaining': '0', 'retry-after': '5' }), context);
    expect(serverError.message).toBe('GitHub commit (GET /repos/{owner}/{repo}/commits/{ref}) answered 500: Server Error.');
  });

  it('says what a 404 means for the call, and adds nothing where the call has no advice', () => {
    expect(describeFailure('update-comment', answered(404, { message: 'Not Found' }), context).message).toBe(
      'GitHub update comment (PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}) answered 404: Not Found' +
        ' (the comment was deleted meanwhile; the next run writes a new one).',
    );
    expect(describeFailure('list-comments', answered(404, { message: 'Not Found' }), context).message).toBe(
      'GitHub list comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments) answered 404: Not Found.',
    );
  });

  it("quotes an answer that is text, and says when GitHub's answer has no message", () => {
    expect(describeFailure('repository', answered(502, '<html>Bad gateway</html>'), context)).toMatchObject({
      message: 'GitHub repository (GET /repos/{owner}/{repo}) answered 502: <html>Bad gateway</html>.',
      answer: '<html>Bad gateway</html>',
    });
    expect(describeFailure('repository', answered(502, ''), context).message).toBe('GitHub repository (GET /repos/{owner}/{repo}) answered 502: no message.');
    expect(describeFailure('repository', answered(502, { message: '' }), context).answer).toBe('no message');
  });
});

describe('a GraphQL refusal', () => {
  it('is said as REST says a 403, with what to give the token', () => {
    const error = describeFailure('mark-ready', graphqlError([{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }]), context);
    expect(error).toMatchObject({ kind: 'http', status: 403, answer: 'Resource not accessible by integration' });
    expect(error.message).toBe(
      'GitHub mark ready for review (POST /graphql, markPullRequestReadyForReview) answered FORBIDDEN:' +
        ' Resource not accessible by integration (the token needs "Pull requests: write" and "Contents: write" on this repository).',
    );
  });

  it('is said as REST says a 404, with what it means', () => {
    const error = describeFailure('review-decision', graphqlError([{ type: 'NOT_FOUND' }]), context);
    expect(error).toMatchObject({ kind: 'http', status: 404, answer: 'no message' });
    expect(error.message).toBe(
      'GitHub review decision (POST /graphql, pullRequest.reviewDecision and latestOpinionatedReviews) answered NOT_FOUND: no message' +
        ' (the pull request does not exist, or the token cannot see the repository).',
    );
  });

  it('other GraphQL errors are an answer of the wrong kind, not a refusal', () => {
    const error = describeFailure('review-decision', graphqlError([{ type: 'SOMETHING_ELSE', message: 'odd' }]), context);
    expect(error).toMatchObject({ kind: 'shape', status: undefined });
    expect(error.message).toBe(
      'GitHub review decision (POST /graphql, pullRequest.reviewDecision and latestOpinionatedReviews) answered with an error: GraphQL errors.',
    );
  });
});

describe('a connection that failed', () => {
  it('says the innermost message, and its system code when the message does not', () => {
    expect(describeFailure('repository', chain('fetch failed', 'other side closed'), context).message).toBe(
      'GitHub repository (GET /repos/{owner}/{repo}) the connection failed: other side closed.',
    );
    const coded = new Error('fetch failed', { cause: withCode(new Error('other side closed'), 'UND_ERR_SOCKET') });
    expect(describeFailure('repository', coded, context)).toMatchObject({
      kind: 'network',
      message: 'GitHub repository (GET /repos/{owner}/{repo}) the connection failed: other side closed (UND_ERR_SOCKET).',
    });
  });

  it('does not repeat a code the message already says', () => {
    const error = new Error('fetch failed', { cause: withCode(new Error('read ECONNRESET'), 'ECONNRESET') });
    expect(describeFailure('repository', error, context).message).toBe('GitHub repository (GET /repos/{owner}/{repo}) the connection failed: read ECONNRESET.');
  });

  it('keeps the last message of the chain that says something, five causes deep at most', () => {
    expect(describeFailure('repository', chain('fetch failed', ''), context).message).toBe(
      'GitHub repository (GET /repos/{owner}/{repo}) the connection failed: fetch failed.',
    );
    expect(describeFailure('repository', chain('one', 'two', 'three', 'four', 'five', 'six', 'seven'), context).message).toBe(
      'GitHub repository (GET /repos/{owner}/{repo}) the connection failed: five.',
    );
  });

  it('ends the sentence with one full stop, and keeps the full stops inside it', () => {
    expect(describeFailure('repository', chain('fetch failed', 'socket hang up. Try again.'), context).message).toBe(
      'GitHub repository (GET /repos/{owner}/{repo}) the connection failed: socket hang up. Try again.',
    );
  });

  it('names where it tried to connect when the request never reached GitHub', () => {
    const error = new Error('fetch failed', { cause: withCode(new Error('getaddrinfo ENOTFOUND github.example'), 'ENOTFOUND') });
    expect(describeFailure('repository', error, context).message).toBe(
      'GitHub repository (GET /repos/{owner}/{repo}) could not connect to https://github.example/api/v3' +
        " (ENOTFOUND); check GITHUB_API_URL and the runner's network.",
    );
  });
});
