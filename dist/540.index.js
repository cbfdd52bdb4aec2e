export const id = 540;
export const ids = [540];
export const modules = {

/***/ 36540:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pollJob: () => (/* binding */ pollJob)
/* harmony export */ });
/* unused harmony exports POLL_GROWTH, POLL_JITTER, DEFAULT_HEARTBEAT_MS */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48992);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(67018);
/* harmony import */ var _outcome_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7453);




/** Each unchanged poll waits this much longer than the last, up to the maximum. */
const POLL_GROWTH = 1.5;
/** Pauses vary by ±10% so many runners started together do not poll in step. */
const POLL_JITTER = 0.1;
const DEFAULT_HEARTBEAT_MS = 60_000;
/**
 * Polls a job until its status is terminal or the deadline passes. Pauses start at
 * `intervalMs`, grow ×1.5 while the status stays the same, are cut back to `intervalMs` when it
 * changes, never exceed `maxIntervalMs` and are never shorter than a `Retry-After`. The last
 * pause is cut short to poll once more at the deadline, so the wait ends at most one request
 * after it. Transient API failures that outlast the client's own retries count as a missed
 * poll, not the end of the wait; any other API error ends it (thrown). Cancellation rejects
 * with the signal's reason. The log gets a line on every status change and, while nothing
 * changes, a "still waiting" line at least every `heartbeatMs`, inside a long pause too.
 */
async function pollJob(options) {
    const { client, jobId, clock, logger, startedAt, deadline } = options;
    const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    let job = options.initialJob;
    let lastStatus = job?.status;
    let baseInterval = options.intervalMs;
    let polls = 0;
    let retryAfterMs = 0;
    let lastNews = clock.now();
    const warnedStatuses = new Set();
    const elapsed = () => (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(clock.now() - startedAt);
    const heartbeat = (nextCheckInMs) => {
        const status = job ? shown(job.status) : 'not seen yet';
        logger.info(`[${elapsed()}] Job ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .idForLog */ .pL)(jobId)} is still ${status} (${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(polls, 'poll')} so far; next check in ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(nextCheckInMs)}).`);
        lastNews = clock.now();
    };
    /** Sleeps `ms`, breaking the pause for a heartbeat whenever one is due. */
    const pauseFor = async (ms) => {
        const until = clock.now() + ms;
        for (let left = ms; left > 0; left = until - clock.now()) {
            const toHeartbeat = lastNews + heartbeatMs - clock.now();
            if (toHeartbeat <= 0) {
                heartbeat(left);
                continue;
            }
            await options.sleep(Math.min(left, toHeartbeat), options.signal);
        }
    };
    for (;;) {
        if (job && (0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .isTerminalStatus */ .TQ)(job.status))
            return { job, timedOut: false, polls };
        const now = clock.now();
        if (polls > 0 && now >= deadline)
            return { job, timedOut: true, polls };
        let pause = Math.max(Math.min(jittered(baseInterval, options.random), options.maxIntervalMs), retryAfterMs);
        if (polls === 0 && !job)
            pause = 0; // attaching: look at the job at once
        retryAfterMs = 0;
        if (pause > 0)
            await pauseFor(Math.max(0, Math.min(pause, deadline - now)));
        polls += 1;
        try {
            job = await client.getJob(jobId);
            options.onJob?.(job);
        }
        catch (error) {
            if (!(error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD) || !(0,_api_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isTransientFailure */ .Ri)(error))
                throw error;
            logger.warning(`Polling job ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .idForLog */ .pL)(jobId)} failed (${error.message}); still waiting.`);
            retryAfterMs = error.retryAfterMs ?? 0;
            continue;
        }
        if (!(0,_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .isKnownStatus */ .ih)(job.status) && !warnedStatuses.has(job.status)) {
            warnedStatuses.add(job.status);
            logger.warning(`Job ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .idForLog */ .pL)(jobId)} reported an undocumented status "${shown(job.status)}"; treating it as still running.`);
        }
        if (job.status !== lastStatus) {
            logger.info(`[${elapsed()}] Job ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .idForLog */ .pL)(jobId)}: ${shown(lastStatus ?? '(new)')} → ${shown(job.status)}`);
            lastStatus = job.status;
            lastNews = clock.now();
            baseInterval = options.intervalMs;
        }
        else {
            baseInterval = Math.min(baseInterval * POLL_GROWTH, options.maxIntervalMs);
        }
    }
}
function jittered(intervalMs, random) {
    return Math.round(intervalMs * (1 - POLL_JITTER + 2 * POLL_JITTER * random()));
}
/** A status from the API, made safe for one log line. */
function shown(status) {
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)(status, 60);
}


/***/ })

};
