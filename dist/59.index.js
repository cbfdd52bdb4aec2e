export const id = 59;
export const ids = [59];
export const modules = {

/***/ 43059:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createOctokitApi: () => (/* binding */ createOctokitApi)
});

// UNUSED EXPORTS: CONVERT_TO_DRAFT_MUTATION, MARK_READY_MUTATION, MERGE_COMMIT_QUERY, OPEN_PULLS_QUERY, VIEWER_LOGIN_QUERY, WRITERS_REVIEWS_QUERY

// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/github/calls.ts
var calls = __webpack_require__(34342);
// EXTERNAL MODULE: ./src/net.ts
var net = __webpack_require__(88316);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(48992);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js
var github = __webpack_require__(61351);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(49735);
// EXTERNAL MODULE: ./node_modules/bottleneck/light.js
var light = __webpack_require__(63251);
;// CONCATENATED MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
// pkg/dist-src/index.js


// pkg/dist-src/version.js
var VERSION = "0.0.0-development";

// pkg/dist-src/wrap-request.js
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED")) {
      const error = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}

// pkg/dist-src/generated/triggers-notification-paths.js
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];

// pkg/dist-src/route-matcher.js
function routeMatcher(paths) {
  const regexes = paths.map(
    (path) => path.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}

// pkg/dist-src/index.js
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck, common) {
  groups.global = new Bottleneck.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck = light,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck();
    const events = {};
    const emitter = new Bottleneck.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error, info) {
      const [state2, request, options] = info.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error.status !== 401;
      if (!(shouldRetryGraphQL || error.status === 403 || error.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          const retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION;
throttling.triggersNotification = triggersNotification;


;// CONCATENATED MODULE: ./src/github/limits.ts
/**
 * The step's limits on every GitHub request (`request-timeout` for each attempt, the deadline and
 * cancellation for the whole call) and the decisions Octokit's retry and throttling plugins ask
 * for: which failures are sent again, and how long one may wait. Only `octokit-client.ts` imports
 * this module, so it is loaded with Octokit, when a step first reads from GitHub.
 */






/**
 * The version of GitHub's REST API every request asks for (`X-GitHub-Api-Version`): the one whose
 * answers the action reads. Without it GitHub answers its default version, which may move on; its
 * first breaking version (2026-03-10) drops fields the action reads, such as `merge_commit_sha`.
 */
const GITHUB_REST_API_VERSION = '2022-11-28';
/**
 * `@actions/github`'s Octokit, which honours GITHUB_API_URL (GHES, or a local fake in tests) and
 * the runner's proxy settings, with Octokit's own retry and throttling plugins for GitHub's
 * transient failures and rate limits, every request under the step's limits (`RequestLimits`),
 * and every request asking for `GITHUB_REST_API_VERSION`.
 */
function limitedOctokit(options, 
/** Says what failed, as the step's errors say it: the log line of a retry names the failure. */
describe) {
    const limits = new RequestLimits(options, describe);
    const rateLimited = (retryAfterSeconds, endpoint, retryCount) => limits.mayWaitForRateLimit(retryAfterSeconds, endpoint, retryCount);
    // Hooks run outermost last-registered first: the whole call's limits (registered below), the
    // throttling plugin's rate-limit waits, the retry plugin's retries, and innermost each attempt's
    // limits, which also decide whether the retry plugin may send that attempt again.
    const octokit = (0,github/* getOctokit */.Q)(options.token, {
        ...(options.apiUrl ? { baseUrl: options.apiUrl } : {}),
        // 429 is the throttling plugin's (it waits as long as GitHub asks), as are 403s.
        retry: { retries: options.retries, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
        throttle: {
            onRateLimit: (retryAfter, endpoint, _octokit, retryCount) => rateLimited(retryAfter, endpoint, retryCount),
            onSecondaryRateLimit: (retryAfter, endpoint, _octokit, retryCount) => rateLimited(retryAfter, endpoint, retryCount),
            // The plugin also paces writes (and GraphQL) a second apart, and writes that notify
            // (a new comment) three seconds apart: GitHub's advice to clients that write a lot. A run
            // writes at most three times, one after another, and a pause would only push its closing
            // comment towards the deadline; should GitHub limit it all the same, the plugin waits
            // out what GitHub asks, as above.
            write: UNPACED,
            notifications: UNPACED,
        },
    }, (inner) => {
        inner.hook.wrap('request', (request, endpoint) => limits.attempt(request, endpoint));
        // Octokit takes no default headers: each request, each page of a listing too, gets it here.
        // Registered after the attempt's hook, so it runs outside it: an attempt's limit starts in
        // the turn its request goes out, with nothing between them.
        inner.hook.before('request', (endpoint) => {
            endpoint.headers['x-github-api-version'] = GITHUB_REST_API_VERSION;
        });
    }, dist_bundle/* retry */.L, throttling);
    octokit.hook.wrap('request', (request, endpoint) => limits.wholeCall(request, endpoint));
    return octokit;
}
/** A stand-in for a Bottleneck group that queues nothing: each job runs at once. */
const UNPACED = {
    key: () => ({
        schedule: (_options, job, ...args) => Promise.resolve().then(() => job(...args)),
    }),
};
/**
 * Puts every request Octokit makes (each page of a listing, GraphQL too) under the step's
 * limits: each attempt under `request-timeout` and the deadline, through Octokit's
 * `request.signal`; the whole call, waits for a retry or a rate limit included, under the
 * deadline and cancellation. It has `fetch` read the whole body, so that a body cut off or
 * stalled fails the request: Octokit reads bodies itself and takes one that breaks off for an
 * empty answer. And it decides which failures are sent again, and for how long one may wait.
 */
class RequestLimits {
    options;
    describe;
    deadline;
    /** The calls with an attempt in flight, by their options (Octokit hands each hook of a call the same object). */
    attempting = new WeakSet();
    constructor(options, 
    /** Says what failed, as the step's errors say it. */
    describe) {
        this.options = options;
        this.describe = describe;
        this.deadline = options.deadline;
    }
    /**
     * The whole call: it ends at the deadline or on cancellation at once, even while the plugins
     * wait to retry. (They are told not to wait past the deadline; this holds if they do.) While an
     * attempt is in flight its own limit, which ends by the deadline, ends it and says which limit
     * that was (a request-timeout that ends exactly at the deadline is a timeout).
     */
    async wholeCall(request, endpoint) {
        const cancel = this.options.signal;
        const remainingMs = this.timeLeftMs();
        let cancelTimer;
        let onCancel;
        const stop = new Promise((_, reject) => {
            cancelTimer = this.options.startTimer(remainingMs, () => {
                if (!this.attempting.has(endpoint))
                    reject(new LimitReached('deadline'));
            });
            onCancel = () => reject(new LimitReached('cancelled'));
            cancel.addEventListener('abort', onCancel, { once: true });
        });
        try {
            return await Promise.race([request(endpoint), stop]);
        }
        finally {
            cancelTimer?.();
            cancel.removeEventListener('abort', onCancel);
        }
    }
    /**
     * One attempt: `request-timeout`, the deadline and cancellation; and whether it may be retried.
     * Its limit ends it even when the request pays no heed to its signal.
     */
    async attempt(request, endpoint) {
        const { signal: cancel, requestTimeoutMs } = this.options;
        const remainingMs = this.timeLeftMs();
        const timeoutLimit = remainingMs < requestTimeoutMs ? 'deadline' : 'timeout';
        const timer = new AbortController();
        const limited = new Promise((_, reject) => {
            timer.signal.addEventListener('abort', () => reject(new LimitReached(timeoutLimit)), { once: true });
        });
        const stopped = () => cancel.aborted ? new LimitReached('cancelled') : timer.signal.aborted ? new LimitReached(timeoutLimit) : undefined;
        const given = endpoint.request?.fetch;
        // A retry gets the options of the attempt before it, whose `fetch` is already wrapped.
        const fetchImpl = (given && WRAPPED_FETCH.get(given)) ?? given ?? fetch;
        // Octokit's hooks hand the same options object down the chain (and to each retry): set them on it.
        endpoint.request = { ...endpoint.request, signal: AbortSignal.any([cancel, timer.signal]), fetch: readingWholeBody(fetchImpl) };
        const cancelTimer = this.options.startTimer(Math.min(remainingMs, requestTimeoutMs), () => timer.abort(new DOMException('The operation timed out.', 'TimeoutError')));
        this.attempting.add(endpoint);
        try {
            return await Promise.race([request(endpoint), limited]);
        }
        catch (error) {
            const limit = stopped();
            if (limit)
                throw limit;
            // The retry plugin reads `request.retries` when an attempt fails: 0 sends it no more.
            endpoint.request.retries = this.mayRetry(error, endpoint) ? this.options.retries : 0;
            throw error;
        }
        finally {
            cancelTimer();
            this.attempting.delete(endpoint);
        }
    }
    /**
     * The throttling plugin's question after a rate limit (primary: `x-ratelimit-remaining: 0`
     * until `x-ratelimit-reset`; secondary: `retry-after`): wait that long and send it again? Yes
     * within `retries`, and when the wait ends before the deadline; otherwise the step gives up at
     * once with GitHub's answer. GitHub does not process a request it refuses for a rate limit, so
     * a comment is sent again too.
     */
    mayWaitForRateLimit(retryAfterSeconds, endpoint, retryCount) {
        const waitMs = retryAfterSeconds * 1_000;
        if (retryCount >= this.options.retries || !this.mayWait(waitMs))
            return false;
        const name = callOf(endpoint);
        this.sayRetry(`${name ? (0,calls/* callLabel */.v1)(name) : 'A GitHub request'} hit GitHub's rate limit`, waitMs, retryCount);
        return true;
    }
    /**
     * May the retry plugin send this failed attempt again? After a failure worth sending again
     * (`isWorthRetrying`), within `retries`, and when its pause ends before the deadline.
     */
    mayRetry(error, endpoint) {
        const retryCount = Number(endpoint.request?.retryCount ?? 0);
        // A GraphQL query reads, though it is a POST; a commit status sent twice leaves the same newest
        // status (GitHub keeps the newest of a context), so it is sent again as a read is.
        const createsSomething = endpoint.method === 'POST' && endpoint.url !== '/graphql' && !/\/statuses\/[^/]+$/.test(endpoint.url ?? '');
        const waitMs = retryPluginWaitMs(retryCount);
        if (!isWorthRetrying(error, createsSomething) || retryCount >= this.options.retries || !this.mayWait(waitMs))
            return false;
        const name = callOf(endpoint);
        this.sayRetry(name ? this.describe(name, error).message.replace(/\.$/, '') : 'A GitHub request failed', waitMs, retryCount);
        return true;
    }
    /** The time a request has before the deadline; it does not start once the step is cancelled or the deadline has passed. */
    timeLeftMs() {
        if (this.options.signal.aborted)
            throw new LimitReached('cancelled');
        const remainingMs = this.deadline - this.options.clock.now();
        if (remainingMs <= 0)
            throw new LimitReached('deadline');
        return remainingMs;
    }
    /** Would a pause of this long end before the deadline, and the step still be running? */
    mayWait(waitMs) {
        return !this.options.signal.aborted && this.options.clock.now() + waitMs < this.deadline;
    }
    /** One log line a retry: what failed, how long it waits, and which attempt comes next. */
    sayRetry(what, waitMs, retryCount) {
        this.options.logger.info(`${what}; retrying in ${(0,src_text/* formatDuration */.a3)(waitMs)} (attempt ${retryCount + 2} of ${this.options.retries + 1}).`);
    }
}
/**
 * Is this failure of one attempt worth sending the request again (contract, Reliability)? A
 * transient one: a 500, 502, 503 or 504, or a connection error. A request that creates
 * something (a comment) only when it certainly did not arrive: the connection was refused, or
 * the name did not resolve. A 5xx, or a connection broken once the request was sent, says
 * nothing of whether GitHub created the comment, and a second one would be a duplicate. A
 * request that ran out of `request-timeout` is not sent again either: the contract retries
 * GitHub's errors, not its silences. (Rate limits are the throttling plugin's, and waited out.)
 */
function isWorthRetrying(error, createsSomething) {
    const { status, response, request } = error;
    if (error instanceof LimitReached)
        return false;
    // Octokit reports a request that got no HTTP answer as status 500 without a response.
    if (typeof status === 'number' && response)
        return GITHUB_TRANSIENT_STATUSES.has(status) && !createsSomething;
    return request !== undefined && ((0,net/* neverReachedServer */.aD)((0,net/* errorCode */.CA)(error)) || !createsSomething);
}
/**
 * GitHub's answers that the retry plugin sends again after a pause (contract, Reliability). They
 * differ by contract from the documentation API's (`TRANSIENT_STATUSES` in `api/retry.ts`), which
 * adds 408 and 429: GitHub's 429 (and a 403 that is a rate limit) is the throttling plugin's, waited
 * out as long as GitHub asks rather than on the retry plugin's pauses, and the contract retries no
 * 408 from GitHub. Kept apart so that neither list changes the other's.
 */
const GITHUB_TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
/** The retry plugin's pause before retry `retryCount + 1`: (retryCount + 1)² seconds. */
const retryPluginWaitMs = (retryCount) => (retryCount + 1) ** 2 * 1_000;
/** Which of the action's GitHub calls a request is, by its method, path and media type (a next page has its whole URL). */
function callOf(endpoint) {
    const url = endpoint.url ?? '';
    const path = /^https?:/.test(url) ? new URL(url).pathname : url;
    const diff = endpoint.mediaType?.format === 'diff';
    const names = Object.keys(calls/* GITHUB_CALLS */.ob).filter((name) => {
        const [method, template = ''] = calls/* GITHUB_CALLS */.ob[name].endpoint.split(/[ ,]+/);
        return method === (endpoint.method ?? 'GET') && endsWithTemplate(path, template);
    });
    return names.find((name) => name.endsWith('-diff') === diff) ?? names[0];
}
/** Placeholders that stand for one segment or more (a branch, a file's path, `base...head`); any other stands for one. */
const MANY_SEGMENTS = new Set(['{basehead}', '{ref}', '{path}']);
/**
 * Whether a request's path ends with an endpoint's template, segment by segment: a placeholder is
 * one segment, not empty, or (the last one, a ref or a file's path) one or more. The path may
 * start with more (GitHub Enterprise Server's `/api/v3`).
 */
function endsWithTemplate(path, template) {
    const want = template.split('/').slice(1);
    const have = path.split('/').slice(1);
    const many = MANY_SEGMENTS.has(want.at(-1) ?? '');
    const fixed = many ? want.slice(0, -1) : want;
    const fits = (at) => fixed.every((segment, index) => {
        const given = have[at + index];
        return given !== undefined && (segment.startsWith('{') ? given !== '' : given === segment);
    });
    if (!many)
        return have.length >= fixed.length && fits(have.length - fixed.length);
    // The rest after the fixed segments is the ref or path: at least one segment, not all empty.
    for (let at = 0; at + fixed.length < have.length; at++)
        if (fits(at) && have.slice(at + fixed.length).join('/') !== '')
            return true;
    return false;
}
/** A `fetch` that reads the whole body before it answers, so that a body cut off or stalled fails the request. */
function readingWholeBody(fetchImpl) {
    const wrapped = async (input, init) => {
        const response = await fetchImpl(input, init);
        const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
        const whole = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
        // Octokit reads `url` to page through some listings.
        Object.defineProperty(whole, 'url', { value: response.url });
        return whole;
    };
    WRAPPED_FETCH.set(wrapped, fetchImpl);
    return wrapped;
}
/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/** Each `fetch` that reads the whole body, with the `fetch` it wraps. */
const WRAPPED_FETCH = new WeakMap();
/** Thrown by a request that one of the step's limits stopped (or did not let start). */
class LimitReached extends Error {
    limit;
    constructor(limit) {
        super(`GitHub request stopped: ${limit}`);
        this.limit = limit;
        this.name = 'LimitReached';
    }
}

;// CONCATENATED MODULE: ./src/github/failures.ts
/**
 * How a failed GitHub call is said to the author: one line that names the call (`calls.ts`), says
 * what went wrong, and what to do where it helps. Only the Octokit side imports this module.
 */





/** One line for the author: which GitHub call, what went wrong, and what to do where it helps. */
function describeFailure(name, error, context) {
    if (error instanceof api/* GitHubError */.y_)
        return error;
    if (error instanceof LimitReached) {
        switch (error.limit) {
            case 'cancelled':
                return failure(name, 'cancelled', 'cancelled');
            case 'timeout':
                return failure(name, `timed out: no complete answer within request-timeout (${(0,src_text/* formatDuration */.a3)(context.requestTimeoutMs)})`, 'timeout');
            case 'deadline':
                return failure(name, context.deadlineIs === 'a last write'
                    ? 'timed out: the window of this last write (one request-timeout, or what a cancellation leaves) ran out before it answered'
                    : "timed out: the step's timeout ran out before it answered", 'deadline');
        }
    }
    const { status, response } = error;
    // Octokit reports a request that got no HTTP answer as status 500 without a response.
    if (typeof status === 'number' && response) {
        const answer = answerOf(response.data);
        return failure(name, `answered ${status}: ${answer}${hintFor(name, status, response.headers ?? {})}`, 'http', status, answer);
    }
    if (error.name === 'GraphqlResponseError') {
        // GraphQL answers 200 with typed errors: a refusal (FORBIDDEN, NOT_FOUND) is said as REST says it.
        const first = error.errors?.[0];
        const status = first?.type === 'FORBIDDEN' ? 403 : first?.type === 'NOT_FOUND' ? 404 : undefined;
        if (status) {
            const answer = (0,src_text/* forLog */.Ig)(typeof first?.message === 'string' ? first.message : 'no message', 200);
            return failure(name, `answered ${String(first?.type)}: ${answer}${hintFor(name, status, {})}`, 'http', status, answer);
        }
        return failure(name, `answered with an error: ${(0,src_text/* forLog */.Ig)((0,src_text/* errorMessage */.gJ)(error), 200)}`, 'shape');
    }
    const code = (0,net/* errorCode */.CA)(error);
    if ((0,net/* neverReachedServer */.aD)(code)) {
        return failure(name, `could not connect to ${(0,src_text/* forLog */.Ig)(context.apiUrl, 200)} (${code}); check GITHUB_API_URL and the runner's network`, 'network');
    }
    const detail = (0,src_text/* forLog */.Ig)(innermostMessage(error), 200);
    return failure(name, `the connection failed: ${detail}${code && !detail.includes(code) ? ` (${code})` : ''}`, 'network');
}
/** The call's failure as one sentence: the call as `calls.ts` names it, then `what` went wrong. */
function failure(name, what, kind, status, answer) {
    return new api/* GitHubError */.y_(`${(0,calls/* callLabel */.v1)(name)} ${what.replace(/\.$/, '')}.`, kind, status, answer);
}
/** What to do about a refusal: wait for a rate limit, or give the token what the call needs (`calls.ts`). */
function hintFor(name, status, headers) {
    if ((status === 403 || status === 429) && String(headers['x-ratelimit-remaining']) === '0') {
        return " (the token's GitHub rate limit is spent; it resets within the hour)";
    }
    // GitHub's secondary rate limit says how long to wait; the step gave up because that was longer
    // than its timeout left, or its retries were spent.
    const retryAfter = Number(headers['retry-after']);
    if ((status === 403 || status === 429) && headers['retry-after'] !== undefined) {
        return ` (GitHub's rate limit${Number.isFinite(retryAfter) ? `; it asks to wait ${(0,src_text/* formatDuration */.a3)(retryAfter * 1_000)}` : ''})`;
    }
    const hint = status === 403 ? calls/* GITHUB_CALLS */.ob[name].forbidden : status === 404 ? calls/* GITHUB_CALLS */.ob[name].notFound : undefined;
    return hint ? ` (${hint})` : '';
}
/** GitHub's own message in an HTTP answer (its JSON `message`, or the text), cleaned for the log. */
function answerOf(data) {
    const message = typeof data === 'string' ? data : data?.message;
    return (0,src_text/* forLog */.Ig)(typeof message === 'string' && message ? message : 'no message', 200);
}
/** The innermost message: fetch says only "fetch failed", its cause says what. */
function innermostMessage(error) {
    let message = error instanceof Error ? error.message : String(error);
    for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
        if (current.message)
            message = current.message;
        current = current.cause;
    }
    return message;
}

// EXTERNAL MODULE: ./src/github/pages.ts
var github_pages = __webpack_require__(21511);
;// CONCATENATED MODULE: ./src/github/octokit-client.ts
/**
 * `GitHubApi` over `@actions/github`'s Octokit: each call, and the checks that GitHub's answer is
 * the documented shape. Every request is under the step's limits (`limits.ts`), and a failure is
 * said as `failures.ts` says it. Only `octokit.ts` imports this module, and only on first use: a
 * step that reads nothing from GitHub never loads it, nor Octokit and its plugins.
 */





/** The GraphQL document that asks who the token is; GitHub's schema is checked against it in the tests. */
const VIEWER_LOGIN_QUERY = 'query { viewer { login } }';
/** The GraphQL mutation that marks a draft pull request ready for review; checked against GitHub's schema in the tests. */
const MARK_READY_MUTATION = 'mutation ($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';
/**
 * The GraphQL query of where a pull request's reviews leave it, as GitHub counts them: its review
 * decision, and each writer's latest opinion (`writersOnly`: the reviews of anyone without write
 * access count for nothing, as in GitHub's own decision), with who the token is. One request;
 * checked against GitHub's schema in the tests. 100 writers' opinions are read, GitHub's page.
 */
const WRITERS_REVIEWS_QUERY = 'query ($owner: String!, $name: String!, $number: Int!) { viewer { login } repository(owner: $owner, name: $name) { pullRequest(number: $number) { reviewDecision latestOpinionatedReviews(first: 100, writersOnly: true) { nodes { state authorCanPushToRepository author { __typename login } } } } } }';
/**
 * The GraphQL query of a page of the repository's open pull requests (GitHub's page of 100), each
 * with its last commit (the head) and that commit's status of one context: what
 * `openPullsWithPendingStatus` reads, a page a request. Checked against GitHub's schema in the tests.
 */
const OPEN_PULLS_QUERY = 'query ($owner: String!, $name: String!, $context: String!, $after: String) { repository(owner: $owner, name: $name) { pullRequests(states: OPEN, first: 100, after: $after) { nodes { number commits(last: 1) { nodes { commit { oid status { context(name: $context) { state } } } } } } pageInfo { hasNextPage endCursor } } } }';
/**
 * The GraphQL query of a pull request's merge commit: what the REST answer at a later API version
 * leaves out (`merge_commit_sha`), GraphQL answers at any. Checked against GitHub's schema in the tests.
 */
const MERGE_COMMIT_QUERY = 'query ($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) { pullRequest(number: $number) { merged mergedAt mergeCommit { oid } } } }';
/** The GraphQL mutation that turns a pull request back to a draft; checked against GitHub's schema in the tests. */
const CONVERT_TO_DRAFT_MUTATION = 'mutation ($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { isDraft } } }';
/** `GitHubApi` over Octokit, every request under the step's limits (`limitedOctokit`). */
function createOctokitApi(options) {
    // Known once Octokit is built: a connection failure names where it tried to connect.
    let apiUrl = '';
    const describe = (name, error) => describeFailure(name, error, { apiUrl, requestTimeoutMs: options.requestTimeoutMs, deadlineIs: options.deadlineIs });
    const octokit = limitedOctokit(options, describe);
    apiUrl = String(octokit.request.endpoint.DEFAULTS.baseUrl);
    const call = async (name, request) => {
        try {
            return await request();
        }
        catch (error) {
            throw describe(name, error);
        }
    };
    const context = { octokit, repo: options.repo, call, logger: options.logger };
    return {
        ...changeReads(context),
        ...commentCalls(context),
        ...pullRequestCalls(context),
        ...fileReads(context),
        ...reviewReads(context),
        ...releaseCalls(context),
        ...setUpReads(context),
    };
}
/**
 * What documentation that ships with the release reads and changes: a merged pull request's merge
 * commit, a draft made of a ready pull request, the label that marks one waiting, a release, a
 * repository's open pull requests, and whether a tag contains a commit.
 */
function releaseCalls({ octokit, repo, call, }) {
    return {
        mergeCommit: (pullNumber) => call('merge-commit', async () => {
            const pull = pullState('merge-commit', (await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })).data);
            if (!pull.merged)
                return undefined;
            if (pull.mergeCommitSha)
                return { sha: pull.mergeCommitSha, mergedAt: pull.mergedAt, from: 'rest' };
            // A version of the REST API past the pinned one answers without it: GraphQL keeps it at every version.
            return mergeCommitOf(await octokit.graphql(MERGE_COMMIT_QUERY, { owner: repo.owner, name: repo.repo, number: pullNumber }));
        }),
        convertToDraft: (pullRequestNodeId) => call('convert-to-draft', async () => {
            await octokit.graphql(CONVERT_TO_DRAFT_MUTATION, { id: pullRequestNodeId });
        }),
        addLabel: (issueNumber, name) => call('add-label', async () => {
            await octokit.rest.issues.addLabels({ ...repo, issue_number: issueNumber, labels: [name] });
        }),
        removeLabel: (issueNumber, name) => call('remove-label', async () => {
            try {
                await octokit.rest.issues.removeLabel({ ...repo, issue_number: issueNumber, name });
            }
            catch (error) {
                // Not on it (any more): what was asked holds.
                if (error.status !== 404)
                    throw error;
            }
        }),
        release: (tag) => call('release', async () => {
            try {
                const { data } = tag === undefined ? await octokit.rest.repos.getLatestRelease({ ...repo }) : await octokit.rest.repos.getReleaseByTag({ ...repo, tag });
                return releaseOf(data);
            }
            catch (error) {
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        }),
        openPulls: (maxPages) => call('open-pulls', async () => {
            const request = { ...repo, state: 'open', per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('open-pulls', octokit.paginate.iterator(octokit.rest.pulls.list, request), openPullOf);
            const { items, more, pages: read } = await (0,github_pages/* readPages */.n4)(pages, maxPages, ({ number }) => number);
            return { pulls: items, more, pages: read };
        }),
        // One commit a page, the fewest GitHub answers: only the status and the counts are read.
        compareStatus: (base, head) => call('containment', async () => {
            const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, per_page: 1 });
            return compareStatusOf(data);
        }),
    };
}
/** The answer of `MERGE_COMMIT_QUERY`; undefined when GitHub says the pull request is not merged. */
function mergeCommitOf(data) {
    const pull = data?.repository?.pullRequest;
    shape('merge-commit', typeof pull === 'object' && pull !== null && typeof pull.merged === 'boolean', 'no "repository.pullRequest.merged"');
    if (pull.merged !== true)
        return undefined;
    const oid = pull.mergeCommit?.oid;
    shape('merge-commit', typeof oid === 'string' && (0,api/* isCommitSha */._$)(oid), 'a merged pull request without "mergeCommit.oid"');
    return { sha: oid, mergedAt: instantOf(pull.mergedAt), from: 'graphql' };
}
/** A release as GitHub's REST API answers it, checked. */
function releaseOf(data) {
    const release = data;
    shape('release', typeof release?.id === 'number' && typeof release.tag_name === 'string' && release.tag_name !== '', 'no "id" or "tag_name"');
    shape('release', typeof release.draft === 'boolean' && typeof release.prerelease === 'boolean', 'no "draft" or "prerelease"');
    return {
        id: release.id,
        tag: release.tag_name,
        name: typeof release.name === 'string' ? release.name : '',
        draft: release.draft,
        prerelease: release.prerelease,
    };
}
/** An open pull request of the repository's list, checked. */
function openPullOf(data) {
    const pull = data;
    shape('open-pulls', typeof pull?.number === 'number' && typeof pull.node_id === 'string', 'a pull request without "number" or "node_id"');
    const repositoryId = pull.base?.repo?.id;
    return {
        number: pull.number,
        nodeId: pull.node_id,
        draft: pull.draft === true,
        headRef: typeof pull.head?.ref === 'string' ? pull.head.ref : '',
        repositoryId: typeof repositoryId === 'number' && Number.isSafeInteger(repositoryId) && repositoryId >= 1 ? repositoryId : undefined,
        labels: Array.isArray(pull.labels) ? pull.labels.flatMap((label) => (typeof label?.name === 'string' ? [label.name] : [])) : [],
    };
}
const COMPARE_STATUSES = ['ahead', 'behind', 'identical', 'diverged'];
/** A comparison's status and counts, checked. */
function compareStatusOf(data) {
    const answer = data;
    const status = COMPARE_STATUSES.find((known) => known === answer?.status);
    const count = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
    shape('containment', status !== undefined && count(answer.ahead_by) && count(answer.behind_by), 'no known "status" with "ahead_by" and "behind_by"');
    return { status: status, aheadBy: answer.ahead_by, behindBy: answer.behind_by };
}
/** An instant GitHub wrote (`2026-01-05T10:00:00Z`), as `toISOString` writes it; undefined for anything else. */
function instantOf(value) {
    if (typeof value !== 'string')
        return undefined;
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
/** What the review loop reads: a pull request's reviews, one review, its inline comments, and its author's permission. */
function reviewReads({ octokit, repo, call }) {
    return {
        reviews: (pullNumber, maxPages) => call('reviews', async () => {
            const request = { ...repo, pull_number: pullNumber, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('reviews', octokit.paginate.iterator(octokit.rest.pulls.listReviews, request), reviewOf);
            const { items, more } = await (0,github_pages/* readPages */.n4)(pages, maxPages, ({ id }) => id);
            return { reviews: items, more };
        }),
        review: (pullNumber, reviewId) => call('review', async () => {
            const { data } = await octokit.rest.pulls.getReview({ ...repo, pull_number: pullNumber, review_id: reviewId });
            return reviewOf(data);
        }),
        reviewComments: (pullNumber, reviewId, maxPages) => call('review-comments', async () => {
            const request = { ...repo, pull_number: pullNumber, review_id: reviewId, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('review-comments', octokit.paginate.iterator(octokit.rest.pulls.listCommentsForReview, request), reviewCommentOf);
            const { items, more } = await (0,github_pages/* readPages */.n4)(pages, maxPages, ({ id }) => id);
            return { comments: items.map(({ comment }) => comment), more };
        }),
        collaboratorPermission: (login) => call('collaborator-permission', async () => {
            const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
            shape('collaborator-permission', typeof data?.permission === 'string', 'no "permission"');
            return data.permission;
        }),
    };
}
/** A review as GitHub's REST API answers it, checked. */
function reviewOf(data) {
    const review = data;
    shape('review', typeof review?.id === 'number' && typeof review.state === 'string', 'no "id" or "state"');
    return {
        id: review.id,
        state: review.state,
        body: typeof review.body === 'string' ? review.body : '',
        login: typeof review.user?.login === 'string' ? review.user.login : '',
        userType: typeof review.user?.type === 'string' ? review.user.type : '',
    };
}
/**
 * An inline comment of a review, checked: its file, its line (the current one, else the one it was
 * written on), its text; with its ID, which tells a comment listed again.
 */
function reviewCommentOf(data) {
    const comment = data;
    shape('review-comments', typeof comment?.path === 'string' && typeof comment.body === 'string', 'a comment without a "path" or "body"');
    const line = [comment.line, comment.original_line].find((value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1);
    return { id: typeof comment.id === 'number' ? comment.id : undefined, comment: { path: comment.path, line, body: comment.body } };
}
/** The reads of a repository's files at a commit: the paths with a name, and a file's text. */
function fileReads({ octokit, repo, call }) {
    return {
        filesNamed: (ref, names) => call('tree', async () => {
            const { data } = await octokit.rest.git.getTree({ ...repo, tree_sha: ref, recursive: 'true' });
            shape('tree', Array.isArray(data?.tree), '"tree" is not a list');
            const paths = data.tree.flatMap((entry) => entry.type === 'blob' && typeof entry.path === 'string' && names.includes(entry.path.split('/').at(-1)) ? [entry.path] : []);
            return { paths, truncated: data.truncated === true };
        }),
        fileText: (path, ref) => call('file-content', async () => {
            try {
                const { data } = await octokit.rest.repos.getContent({ ...repo, path, ref });
                const file = data;
                shape('file-content', file.type === 'file', 'not a file');
                // GitHub gives a file's content up to 1 MB; past it, `encoding: "none"` and no content.
                shape('file-content', file.encoding !== 'none', 'larger than the 1 MB the contents API gives');
                shape('file-content', file.encoding === 'base64' && typeof file.content === 'string', 'no base64 content');
                return Buffer.from(file.content, 'base64').toString('utf8');
            }
            catch (error) {
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        }),
    };
}
/**
 * What `command: doctor` reads of a set-up besides files: a folder's items (the workflows), and the
 * rules in force on a branch. A folder is one answer (the contents API does not page it), read
 * through the one pager all the same, as one page.
 */
function setUpReads({ octokit, repo, call }) {
    return {
        directory: (path, ref) => call('directory', async () => {
            try {
                const pages = restPages('directory', octokit.paginate.iterator(octokit.rest.repos.getContent, { ...repo, path, ref }), directoryEntryOf);
                return (await (0,github_pages/* readPages */.n4)(pages, 1, ({ path: itemPath }) => itemPath)).items;
            }
            catch (error) {
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        }),
        branchRules: (branch, maxPages) => call('branch-rules', async () => {
            const request = { ...repo, branch, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('branch-rules', octokit.paginate.iterator(octokit.rest.repos.getBranchRules, request), branchRuleOf);
            // A rule has no ID of its own: each is an item, and a page answered again ends the read as one that brings nothing new cannot.
            const { items, more, pages: read } = await (0,github_pages/* readPages */.n4)(pages, maxPages, () => undefined);
            return { rules: items, more, pages: read };
        }),
    };
}
/** An item of a folder, checked: its name, path, type and size. */
function directoryEntryOf(data) {
    const item = data;
    shape('directory', typeof item?.name === 'string' && typeof item.path === 'string' && typeof item.type === 'string', 'an item without a "name", "path" or "type"');
    return { name: item.name, path: item.path, type: item.type, size: typeof item.size === 'number' ? item.size : 0 };
}
/** A rule in force on a branch, checked: its type, and for required status checks each context and its pinned app. */
function branchRuleOf(data) {
    const rule = data;
    shape('branch-rules', typeof rule?.type === 'string', 'a rule without a "type"');
    const checks = rule.type === 'required_status_checks' && Array.isArray(rule.parameters?.required_status_checks) ? rule.parameters.required_status_checks : [];
    const requiredChecks = checks.flatMap((check) => typeof check?.context === 'string'
        ? [{ context: check.context, ...(typeof check.integration_id === 'number' ? { integrationId: check.integration_id } : {}) }]
        : []);
    return { type: rule.type, requiredChecks };
}
/** The reads of the change: a pull request's or a comparison's diff, files and commits, a commit, the default branch. */
function changeReads({ octokit, repo, call, logger }) {
    return {
        pullDiff: (pullNumber) => call('pull-diff', async () => {
            const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber, mediaType: { format: 'diff' } });
            return diffText('pull-diff', data);
        }),
        pullFiles: (pullNumber) => call('pull-files', async () => {
            const request = { ...repo, pull_number: pullNumber, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('pull-files', octokit.paginate.iterator(octokit.rest.pulls.listFiles, request), (file) => listedFile('pull-files', file));
            return sayCut(logger, 'pull-files', await (0,github_pages/* readPages */.n4)(pages, github_pages/* PULL_FILE_PAGES */.WT, ({ filename }) => filename), github_pages/* PULL_FILE_PAGES */.WT);
        }),
        pullCommitSubjects: (pullNumber) => call('pull-commits', async () => {
            const request = { ...repo, pull_number: pullNumber, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('pull-commits', octokit.paginate.iterator(octokit.rest.pulls.listCommits, request), listedCommit);
            const commits = sayCut(logger, 'pull-commits', await (0,github_pages/* readPages */.n4)(pages, github_pages/* PULL_COMMIT_PAGES */.r9, ({ sha }) => sha), github_pages/* PULL_COMMIT_PAGES */.r9);
            return commits.map(({ subject }) => subject);
        }),
        // No `per_page` or `page`: GitHub then answers the comparison's files (at most 300, the most
        // it lists in any mode) and its last 250 commits in one request. Paging would only page the
        // commits, of which the prompt shows 50.
        compare: (base, head) => call('compare', async () => {
            const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}` });
            shape('compare', typeof data === 'object' && data !== null, 'not a JSON object');
            return { files: listed('compare', data.files), commitSubjects: subjects('compare', data.commits) };
        }),
        compareDiff: (base, head) => call('compare-diff', async () => {
            const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${head}`, mediaType: { format: 'diff' } });
            return diffText('compare-diff', data);
        }),
        // Past 300 files GitHub pages a commit's files (up to 3,000), each page repeating the commit.
        commit: (sha) => call('commit', async () => {
            let subject;
            const pages = commitFilePages(octokit.paginate.iterator(octokit.rest.repos.getCommit, { ...repo, ref: sha }), (message) => {
                subject ??= (0,api/* subjectOf */.et)(message);
            });
            const files = sayCut(logger, 'commit', await (0,github_pages/* readPages */.n4)(pages, github_pages/* COMMIT_FILE_PAGES */.Yb, ({ filename }) => filename), github_pages/* COMMIT_FILE_PAGES */.Yb);
            return { files, subject: subject ?? '' };
        }),
        defaultBranch: () => call('repository', async () => {
            const { data } = await octokit.rest.repos.get({ ...repo });
            shape('repository', typeof data?.default_branch === 'string', 'no "default_branch"');
            return data.default_branch;
        }),
    };
}
/** The pull request's comments, and who the token is: what finding and writing the action's own comment takes. */
function commentCalls({ octokit, repo, call, logger, }) {
    let tokenLogin;
    return {
        recentComments: (since, maxPages, order = 'oldest-first') => call('recent-comments', async () => {
            const direction = order === 'newest-first' ? 'desc' : 'asc';
            const request = { ...repo, since, sort: 'updated', direction, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('recent-comments', octokit.paginate.iterator(octokit.rest.issues.listCommentsForRepo, request), recentCommentOf);
            const { items, more, pages: read } = await (0,github_pages/* readPages */.n4)(pages, maxPages, ({ id }) => id);
            return { comments: items, more, pages: read };
        }),
        listComments: (issueNumber) => call('list-comments', async () => {
            const request = { ...repo, issue_number: issueNumber, per_page: github_pages/* PAGE_SIZE */.md };
            const pages = restPages('list-comments', octokit.paginate.iterator(octokit.rest.issues.listComments, request), issueCommentOf);
            return sayCut(logger, 'list-comments', await (0,github_pages/* readPages */.n4)(pages, github_pages/* PULL_COMMENT_PAGES */.PO, ({ id }) => id), github_pages/* PULL_COMMENT_PAGES */.PO);
        }),
        // GraphQL's `viewer` answers for every kind of token; REST `GET /user` refuses installation
        // tokens (the default GITHUB_TOKEN among them), and `GET /app` needs the app's own JWT.
        tokenLogin: () => call('identity', async () => {
            if (tokenLogin === undefined) {
                const data = await octokit.graphql(VIEWER_LOGIN_QUERY);
                const login = data?.viewer?.login;
                shape('identity', typeof login === 'string' && login.length > 0, 'no "viewer.login"');
                tokenLogin = login;
            }
            return tokenLogin;
        }),
        createComment: (issueNumber, body) => call('create-comment', async () => (await octokit.rest.issues.createComment({ ...repo, issue_number: issueNumber, body })).data.id),
        comment: (commentId) => call('get-comment', async () => {
            try {
                const { data } = await octokit.rest.issues.getComment({ ...repo, comment_id: commentId });
                return issueCommentOf(data);
            }
            catch (error) {
                // Deleted since: nothing to read again.
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        }),
        updateComment: (commentId, body) => call('update-comment', async () => {
            await octokit.rest.issues.updateComment({ ...repo, comment_id: commentId, body });
        }),
    };
}
/** A comment of a pull request's list, checked: its ID, its text, and who wrote it. */
function issueCommentOf(comment) {
    shape('list-comments', typeof comment?.id === 'number', 'a comment without an "id"');
    return {
        id: comment.id,
        body: typeof comment.body === 'string' ? comment.body : '',
        authorLogin: typeof comment.user?.login === 'string' ? comment.user.login : '',
    };
}
/** A comment of the repository's list, checked: its ID, its pull request's number (from `issue_url`) and its time of update. */
function recentCommentOf(comment) {
    shape('recent-comments', typeof comment?.id === 'number', 'a comment without an "id"');
    const issueNumber = typeof comment.issue_url === 'string' ? Number(comment.issue_url.slice(comment.issue_url.lastIndexOf('/') + 1)) : NaN;
    shape('recent-comments', Number.isSafeInteger(issueNumber) && issueNumber >= 1, 'a comment without an "issue_url" ending in its number');
    const updatedAt = typeof comment.updated_at === 'string' ? Date.parse(comment.updated_at) : NaN;
    shape('recent-comments', Number.isFinite(updatedAt), 'a comment without an "updated_at"');
    return {
        id: comment.id,
        body: typeof comment.body === 'string' ? comment.body : '',
        authorLogin: typeof comment.user?.login === 'string' ? comment.user.login : '',
        issueNumber,
        updatedAt,
    };
}
/** What following a documentation PR reads and changes of a pull request. */
function pullRequestCalls({ octokit, repo, call, }) {
    return {
        pullRequest: (pullNumber) => call('pull-request', async () => pullState('pull-request', (await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber })).data)),
        setPullRequestState: (pullNumber, state) => call('update-pull', async () => pullState('update-pull', (await octokit.rest.pulls.update({ ...repo, pull_number: pullNumber, state })).data)),
        markReadyForReview: (pullRequestNodeId) => call('mark-ready', async () => {
            await octokit.graphql(MARK_READY_MUTATION, { id: pullRequestNodeId });
        }),
        setCommitStatus: (sha, status) => call('set-status', async () => {
            const { state, description, targetUrl, context } = status;
            await octokit.rest.repos.createCommitStatus({ ...repo, sha, state, description, target_url: targetUrl, context });
        }),
        writersReviews: (pullNumber) => call('review-decision', async () => writersReviews(await octokit.graphql(WRITERS_REVIEWS_QUERY, { owner: repo.owner, name: repo.repo, number: pullNumber }))),
        openPullsWithPendingStatus: (context, maxPages) => call('pending-pulls', async () => {
            const pages = openPullPages((after) => octokit.graphql(OPEN_PULLS_QUERY, { owner: repo.owner, name: repo.repo, context, after }));
            const { items, more, pages: read } = await (0,github_pages/* readPages */.n4)(pages, maxPages, ({ number }) => number);
            const pulls = items.flatMap(({ number, headSha, state }) => (state === 'PENDING' && headSha !== undefined ? [{ number, headSha }] : []));
            return { pulls, more, pages: read };
        }),
    };
}
/**
 * The pages of `OPEN_PULLS_QUERY` for `readPages`, each requested only when asked for, after the
 * `endCursor` of the page before; a page names a next one only with `hasNextPage` and a cursor.
 */
async function* openPullPages(request) {
    let after;
    for (;;) {
        const page = openPullsPage(await request(after));
        yield page;
        if (page.next === undefined)
            return;
        after = page.next;
    }
}
/** One answer of `OPEN_PULLS_QUERY`, checked. */
function openPullsPage(data) {
    const connection = data?.repository?.pullRequests;
    shape('pending-pulls', Array.isArray(connection?.nodes), 'no "repository.pullRequests.nodes" list');
    const items = connection.nodes.map((node) => {
        const pull = node;
        shape('pending-pulls', typeof pull?.number === 'number' && Number.isSafeInteger(pull.number), 'a pull request without a "number"');
        const last = (Array.isArray(pull.commits?.nodes) ? pull.commits.nodes.at(-1) : undefined);
        const oid = last?.commit?.oid;
        const state = last?.commit?.status?.context?.state;
        return {
            number: pull.number,
            headSha: typeof oid === 'string' && (0,api/* isCommitSha */._$)(oid) ? oid : undefined,
            state: typeof state === 'string' ? state : undefined,
        };
    });
    const { hasNextPage, endCursor } = connection.pageInfo ?? {};
    return { items, next: hasNextPage === true && typeof endCursor === 'string' && endCursor !== '' ? endCursor : undefined };
}
/**
 * A REST list's pages for `readPages`, each checked to be a list: Octokit's iterator requests a
 * page only when the next one is asked for, so the pager's limit is the requests' limit.
 */
async function* restPages(name, pages, itemOf) {
    for await (const page of pages) {
        shape(name, Array.isArray(page.data), 'not a list');
        yield { items: page.data.map(itemOf), next: nextLinkOf(page.headers.link) };
    }
}
/** A commit's files, page by page for `readPages`; each page repeats the commit, whose message `onMessage` is given. */
async function* commitFilePages(pages, onMessage) {
    for await (const page of pages) {
        const data = page.data;
        shape('commit', typeof data?.commit?.message === 'string', 'no commit message');
        onMessage(data.commit.message);
        yield { items: listed('commit', data.files), next: nextLinkOf(page.headers.link) };
    }
}
/** The page a REST answer names as next (`Link: <url>; rel="next"`), read as Octokit's iterator reads it to follow it. */
function nextLinkOf(link) {
    return /<([^<>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
}
/**
 * The items of a list whose answer cannot say it was cut (the port gives the list alone): when it
 * was, the log says which list and where it stopped.
 */
function sayCut(logger, name, list, maxPages) {
    if (list.more)
        logger.info(`${(0,calls/* callLabel */.v1)(name)} has more than ${maxPages} pages; only the first ${maxPages} were read.`);
    return list.items;
}
/** Fails the call when GitHub's answer is not the documented shape: the step says so rather than read into it. */
function shape(name, ok, problem) {
    if (!ok)
        throw failure(name, `answered with a response that is not the documented shape (${problem})`, 'shape');
}
/** A diff asked for with the diff media type, which Octokit hands over as the body's text. */
function diffText(name, data) {
    shape(name, typeof data === 'string', 'not diff text');
    return data;
}
/** The files of a pull request, a comparison or a commit, as `ListedFile`s. */
function listed(name, files) {
    shape(name, files === undefined || Array.isArray(files), '"files" is not a list');
    return (files ?? []).map((file) => listedFile(name, file));
}
/** One file of a pull request, a comparison or a commit, checked: it has a name. */
function listedFile(name, file) {
    const item = file;
    shape(name, typeof item?.filename === 'string', 'a file without a "filename"');
    return {
        filename: item.filename,
        previous_filename: typeof item.previous_filename === 'string' ? item.previous_filename : undefined,
        status: typeof item.status === 'string' ? item.status : undefined,
        patch: typeof item.patch === 'string' ? item.patch : undefined,
    };
}
/** A commit of a pull request's list: its SHA, which tells a commit listed again, and its subject (empty without a message). */
function listedCommit(commit) {
    return {
        sha: typeof commit?.sha === 'string' ? commit.sha : undefined,
        subject: (0,api/* subjectOf */.et)(typeof commit?.commit?.message === 'string' ? commit.commit.message : ''),
    };
}
/** The subjects of listed commits; a commit without a message has an empty one. */
function subjects(name, commits) {
    shape(name, Array.isArray(commits), '"commits" is not a list');
    return commits.map((commit) => (0,api/* subjectOf */.et)(typeof commit?.commit?.message === 'string' ? commit.commit.message : ''));
}
/** The answer of `WRITERS_REVIEWS_QUERY`, as `WritersReviews`. */
function writersReviews(data) {
    const answer = data;
    const pull = answer?.repository?.pullRequest;
    const login = answer?.viewer?.login;
    shape('review-decision', typeof login === 'string' && login !== '' && typeof pull === 'object' && pull !== null, 'no "viewer.login" or pull request');
    const decision = pull.reviewDecision ?? null;
    const known = ['APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED'].find((value) => value === decision);
    shape('review-decision', decision === null || known !== undefined, 'an unknown "reviewDecision"');
    const nodes = pull.latestOpinionatedReviews?.nodes ?? [];
    shape('review-decision', Array.isArray(nodes), '"latestOpinionatedReviews.nodes" is not a list');
    const opinions = nodes.flatMap((node) => {
        const review = node;
        if (!review || typeof review.state !== 'string')
            return [];
        return [
            {
                login: typeof review.author?.login === 'string' ? review.author.login : '',
                state: review.state,
                canPush: review.authorCanPushToRepository === true,
                bot: review.author?.__typename === 'Bot',
            },
        ];
    });
    return { decision: known ?? null, opinions, viewer: login };
}
/** A pull request as GitHub's REST API answers it, as `PullRequestState`. */
function pullState(name, data) {
    const pull = data;
    shape(name, typeof pull?.number === 'number' && typeof pull.node_id === 'string', 'no "number" or "node_id"');
    shape(name, pull.state === 'open' || pull.state === 'closed', 'a "state" other than open or closed');
    const repositoryId = pull.base?.repo?.id;
    // A list of pull requests leaves out `merged`; `merged_at` says it too.
    const merged = pull.merged === true || (typeof pull.merged_at === 'string' && pull.merged_at !== '');
    const mergedAt = merged ? instantOf(pull.merged_at) : undefined;
    const mergeCommitSha = merged && typeof pull.merge_commit_sha === 'string' && (0,api/* isCommitSha */._$)(pull.merge_commit_sha) ? pull.merge_commit_sha : undefined;
    return {
        number: pull.number,
        repositoryId: typeof repositoryId === 'number' && Number.isSafeInteger(repositoryId) && repositoryId >= 1 ? repositoryId : undefined,
        baseRepository: typeof pull.base?.repo?.full_name === 'string' ? pull.base.repo.full_name : undefined,
        ...(typeof pull.base?.ref === 'string' ? { baseRef: pull.base.ref } : {}),
        nodeId: pull.node_id,
        state: pull.state,
        draft: pull.draft === true,
        merged,
        title: typeof pull.title === 'string' ? pull.title : '',
        headRef: typeof pull.head?.ref === 'string' ? pull.head.ref : '',
        // A fork that was deleted arrives as null.
        headRepository: typeof pull.head?.repo?.full_name === 'string' ? pull.head.repo.full_name : undefined,
        headSha: typeof pull.head?.sha === 'string' ? pull.head.sha : '',
        labels: Array.isArray(pull.labels) ? pull.labels.flatMap((label) => (typeof label?.name === 'string' ? [label.name] : [])) : [],
        ...(mergeCommitSha ? { mergeCommitSha } : {}),
        ...(mergedAt ? { mergedAt } : {}),
    };
}


/***/ }),

/***/ 21511:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PO: () => (/* binding */ PULL_COMMENT_PAGES),
/* harmony export */   WT: () => (/* binding */ PULL_FILE_PAGES),
/* harmony export */   Yb: () => (/* binding */ COMMIT_FILE_PAGES),
/* harmony export */   md: () => (/* binding */ PAGE_SIZE),
/* harmony export */   n4: () => (/* binding */ readPages),
/* harmony export */   r9: () => (/* binding */ PULL_COMMIT_PAGES),
/* harmony export */   ur: () => (/* binding */ OPEN_PULL_PAGES)
/* harmony export */ });
/**
 * The one pager of every list the action reads of GitHub, and each list's page limit. GitHub says
 * where a list goes on (REST's `Link: rel="next"`, GraphQL's `pageInfo`), and a pager that
 * believes it follows a server that always says so, or that answers the same page again, for as
 * long as it does: about 400 requests in 8 s were measured for one pull request's comments. So a
 * read stops at its limit whatever the server says, and ends early at a page that brings nothing
 * new. Pure: the Octokit side hands it the pages (`octokit-client.ts`).
 */
/** The most items GitHub answers a page, and what every paged read asks for. */
const PAGE_SIZE = 100;
/**
 * A pull request's comments (`GET issues/{n}/comments`), 10 pages of 100: its first 1,000
 * comments, oldest first, as GitHub lists them. The action's own comment (and a documentation
 * PR's back-link) is found among what is read: written at the pull request's first run, it is
 * there unless a thousand comments came before it. Past them nothing is seen: a comment of the
 * action's there is not found, and a run writes a new one (which the next run does not find
 * either). A thousand is far more than a pull request holds, and one read of the comments costs
 * at most 10 requests, however the server pages.
 */
const PULL_COMMENT_PAGES = 10;
/** A pull request's files (`GET pulls/{n}/files`), 30 pages of 100: GitHub lists at most 3,000 files of a pull request. */
const PULL_FILE_PAGES = 30;
/** A pull request's commits (`GET pulls/{n}/commits`), 3 pages of 100: GitHub lists at most 250 commits of a pull request. */
const PULL_COMMIT_PAGES = 3;
/**
 * A commit's files (`GET commits/{ref}`), 10 pages: GitHub lists at most 3,000 files of a commit,
 * 300 a page (it takes no `per_page` for them), each page repeating the commit.
 */
const COMMIT_FILE_PAGES = 10;
/**
 * A repository's open pull requests (`GET pulls?state=open`), 10 pages of 100: the release command
 * reads a documentation repository's first 1,000, newest first, for those the action labelled as
 * waiting for a release. Past them the oldest wait for a run that reads them (one notice).
 */
const OPEN_PULL_PAGES = 10;
/**
 * Reads a list page by page, asking `pages` for the next one only when it wants it, so that at most
 * `maxPages` pages are requested whatever the server says. The read ends at a page that names no
 * next page, and early at one that brings nothing new (each of its items' keys seen before: an
 * empty page, or a page answered again) or that names as next a page it followed already. An item
 * listed again is kept once. A key of undefined is an item without identity, always new.
 */
async function readPages(pages, maxPages, keyOf) {
    const items = [];
    const seen = new Set();
    const followed = new Set();
    let read = 0;
    try {
        while (read < maxPages) {
            const result = await pages.next();
            if (result.done)
                return { items, more: false, pages: read };
            read += 1;
            const page = result.value;
            let fresh = 0;
            for (const item of page.items) {
                const key = keyOf(item);
                if (key !== undefined && seen.has(key))
                    continue;
                if (key !== undefined)
                    seen.add(key);
                items.push(item);
                fresh += 1;
            }
            if (fresh === 0 || page.next === undefined || followed.has(page.next))
                return { items, more: false, pages: read };
            followed.add(page.next);
        }
        return { items, more: true, pages: read };
    }
    finally {
        await pages.return?.();
    }
}


/***/ })

};
