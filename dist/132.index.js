export const id = 132;
export const ids = [132];
export const modules = {

/***/ 4132:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   awaitPreview: () => (/* binding */ awaitPreview),
/* harmony export */   lookAtPreview: () => (/* binding */ lookAtPreview),
/* harmony export */   triggerPreview: () => (/* binding */ triggerPreview)
/* harmony export */ });
/* unused harmony exports DEPLOYMENT_STATES, PREVIEW_READ_INTERVAL_MS, PREVIEW_HEARTBEAT_MS, runPreview, isDeploymentState */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(67018);
/* harmony import */ var _runtime_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(33683);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48992);




/** The deployment's own states, as the vendor documents them. */
const DEPLOYMENT_STATES = ['queued', 'in_progress', 'success', 'failure'];
/** Status reads are never closer together than this (a `Retry-After` may make them further apart). */
const PREVIEW_READ_INTERVAL_MS = 10_000;
/** While the state stays the same, the log says so at least this often. */
const PREVIEW_HEARTBEAT_MS = 60_000;
/** Both phases, one after the other: a preview asked for and awaited (`command: refresh`). */
async function runPreview(settings, job, deps) {
    return awaitPreview(await triggerPreview(settings, job, deps), deps);
}
/**
 * The trigger phase: asks for a preview deployment of the branch the job worked on, once the job
 * has ended with a documentation PR. One trigger (the client sends it again only after a `429`,
 * at most 3 times a run). The preview it returns has ended (`status` set: skipped, unavailable,
 * error, cancelled, timed out before it could be asked for) or is queued, for `awaitPreview`. It
 * never changes the job's run.
 */
async function triggerPreview(settings, job, deps) {
    const { client, clock, logger, signal, deadline } = deps;
    const branch = job.job?.source?.ref ?? undefined;
    const preview = {
        status: undefined,
        branch: branch || undefined,
        url: undefined,
        statusId: undefined,
        state: undefined,
        deployment: undefined,
        reason: undefined,
        waitedMs: 0,
        reads: 0,
    };
    const end = (status, reason) => ended(preview, status, reason);
    const skip = whySkip(settings, job);
    if (skip)
        return end('skipped', skip);
    if (signal.aborted)
        return end('cancelled');
    if (clock.now() >= deadline)
        return end('timed-out', 'The step’s timeout ran out before the preview could be asked for.');
    logger.info(`Deploying a preview of branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quotedForLog */ .IK)(preview.branch)}.`);
    preview.triggeredAt = clock.now();
    let answer;
    try {
        answer = await client.triggerPreview(preview.branch);
    }
    catch (error) {
        if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_2__/* .isCancellation */ .iB)(error, signal))
            return end('cancelled');
        if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.kind === 'http' && error.status === 403) {
            return end('unavailable', `${error.endpoint} answered 403: the project's plan has no preview deployments (Pro and Enterprise have them), or the API key may not deploy them.${(0,_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .serverSaid */ .Z1)(error.serverMessage)}`);
        }
        // A 429 is in the client's words, which name the trigger's limit.
        return end('error', (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error));
    }
    preview.statusId = answer.statusId;
    preview.url = answer.previewUrl || undefined;
    // The API has accepted the deployment (202): it is queued until its status says otherwise.
    logger.info(`Preview of branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quotedForLog */ .IK)(preview.branch)} queued${preview.url ? `: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)(preview.url, 300)}` : ' (the API gave no URL)'}.`);
    return preview;
}
/**
 * The wait phase: reads the queued deployment's status at once and then no more often than every
 * 10 seconds (a `Retry-After` wins) until `success` or `failure`, within the step's deadline: a
 * wait of W seconds makes at most ⌈W/10⌉ + 1 reads, since the client never retries one inside.
 * A transient failure of a read is a missed read; anything else ends the wait. A preview the
 * trigger phase ended is returned as it is.
 */
async function awaitPreview(preview, deps) {
    if (preview.status !== undefined || preview.statusId === undefined)
        return preview;
    const { client, clock, logger, signal, deadline } = deps;
    const end = (status, reason) => ended(preview, status, reason);
    const statusId = preview.statusId;
    const triggeredAt = preview.triggeredAt ?? clock.now();
    const elapsed = () => (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(clock.now() - triggeredAt);
    let lastNews = clock.now();
    // The log has said the deployment is queued (the trigger's 202); it says each change from there.
    let logged = 'queued';
    let lastFailure;
    let readAt = clock.now();
    try {
        for (;;) {
            if (signal.aborted)
                return end('cancelled');
            const now = clock.now();
            if (readAt > deadline) {
                // The next read would start after the step's deadline: what was seen last stands.
                return lastFailure
                    ? end('error', `The preview's status could not be read before the step's timeout: ${lastFailure}`)
                    : end('timed-out', `The preview was still ${describeState(preview.state)} when the step's timeout ran out.${lastSaid(preview.deployment)}`);
            }
            if (readAt > now) {
                try {
                    await deps.sleep(readAt - now, signal);
                }
                catch (error) {
                    if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_2__/* .isCancellation */ .iB)(error, signal))
                        return end('cancelled');
                    throw error;
                }
            }
            preview.reads += 1;
            let status;
            try {
                status = await client.getDeploymentStatus(statusId);
            }
            catch (error) {
                if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_2__/* .isCancellation */ .iB)(error, signal))
                    return end('cancelled');
                if (!(error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD) || !(0,_api_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isTransientFailure */ .Ri)(error))
                    return end('error', (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error));
                lastFailure = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error);
                // Said at info level: the preview's one warning is its result.
                logger.info(`[${elapsed()}] Reading the preview's status failed (${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)(lastFailure, 300)}); still waiting.`);
                readAt = clock.now() + Math.max(PREVIEW_READ_INTERVAL_MS, error.retryAfterMs ?? 0);
                continue;
            }
            lastFailure = undefined;
            preview.deployment = status;
            const state = status.status ?? undefined;
            if (state !== undefined && state !== preview.state && !isDeploymentState(state)) {
                logger.info(`[${elapsed()}] The preview reported an undocumented status ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quotedForLog */ .IK)(state)}; treating it as still building.`);
            }
            preview.state = state;
            if (state !== undefined && state !== logged) {
                const where = state === 'success' && preview.url ? ` at ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)(preview.url, 300)}` : '';
                logger.info(`[${elapsed()}] Preview: ${describeState(logged)} → ${describeState(state)}${where}`);
                logged = state;
                lastNews = clock.now();
            }
            else if (clock.now() - lastNews >= PREVIEW_HEARTBEAT_MS) {
                logger.info(`[${elapsed()}] Preview still ${describeState(state)} (${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(preview.reads, 'status read')} so far).`);
                lastNews = clock.now();
            }
            if (state === 'success')
                return end('success');
            if (state === 'failure')
                return end('failure', failureReason(status));
            readAt = clock.now() + PREVIEW_READ_INTERVAL_MS;
        }
    }
    finally {
        preview.waitedMs = clock.now() - triggeredAt;
    }
}
/**
 * `command: sweep`'s look at a preview an earlier sweep asked for: its status read once, never a
 * wait. It has ended on `success` or `failure` (or an answer that is no transient failure); past
 * `timeoutMs` since it was asked for, it ends as `timed-out`; else it is still building (`status`
 * undefined), for the next sweep.
 */
async function lookAtPreview(asked, timeoutMs, deps) {
    const { client, clock, signal } = deps;
    const preview = {
        status: undefined,
        branch: asked.branch,
        url: asked.url,
        statusId: asked.statusId,
        state: undefined,
        deployment: undefined,
        reason: undefined,
        waitedMs: clock.now() - asked.triggeredAt,
        reads: 1,
        triggeredAt: asked.triggeredAt,
    };
    try {
        preview.deployment = await client.getDeploymentStatus(asked.statusId);
    }
    catch (error) {
        if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_2__/* .isCancellation */ .iB)(error, signal))
            return ended(preview, 'cancelled');
        if (!(error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD) || !(0,_api_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isTransientFailure */ .Ri)(error))
            return ended(preview, 'error', (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error));
        deps.logger.info(`Reading the preview's status failed (${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error), 300)}); the next sweep reads it again.`);
        return preview;
    }
    preview.state = preview.deployment.status ?? undefined;
    if (preview.state === 'success')
        return ended(preview, 'success');
    if (preview.state === 'failure')
        return ended(preview, 'failure', failureReason(preview.deployment));
    if (clock.now() - asked.triggeredAt >= timeoutMs) {
        return ended(preview, 'timed-out', `The preview was still ${describeState(preview.state)} ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(clock.now() - asked.triggeredAt)} after it was asked for.${lastSaid(preview.deployment)}`);
    }
    return preview;
}
function ended(preview, status, reason) {
    preview.status = status;
    preview.reason = reason;
    return preview;
}
/** Why no preview is asked for, or undefined when one is. */
function whySkip(settings, job) {
    if (settings.dryRun)
        return 'Dry run: no preview was deployed.';
    const ended = job.outcome === 'pr-opened' || job.outcome === 'archived';
    if (!ended || !job.job?.prLink)
        return `No preview: the job did not end with a documentation PR (outcome ${job.outcome}).`;
    if (!job.job.source?.ref)
        return 'No preview: the job names no branch (source.ref is empty).';
    return undefined;
}
function isDeploymentState(state) {
    return DEPLOYMENT_STATES.includes(state);
}
/** A state as the log says it: `in_progress` is building; an undocumented one is quoted. */
function describeState(state) {
    switch (state) {
        case undefined:
            return 'not seen yet';
        case 'queued':
            return 'queued';
        case 'in_progress':
            return 'building';
        case 'success':
            return 'ready';
        case 'failure':
            return 'failed';
        default:
            return (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quotedForLog */ .IK)(state);
    }
}
/** What the deployment said of itself last, when it said anything. */
function lastSaid(status) {
    return status?.summary ? ` Its last summary: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)(status.summary, 300)}` : '';
}
/** The deployment's own summary of a failure, when it gives one. */
function failureReason(status) {
    return status.summary ? `The preview's build failed: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .forLog */ .Ig)(status.summary, 300)}` : "The preview's build failed, and the API gives no reason.";
}


/***/ })

};
