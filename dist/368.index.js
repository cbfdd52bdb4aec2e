export const id = 368;
export const ids = [368];
export const modules = {

/***/ 92435:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $O: () => (/* binding */ REVISION_MARKER),
/* harmony export */   lB: () => (/* binding */ rewriteReplyOfJob),
/* harmony export */   m6: () => (/* binding */ writeReply)
/* harmony export */ });
/* unused harmony exports replyRecordLine, ourReply */
/* harmony import */ var _ours_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48024);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(45834);
/* harmony import */ var _seal_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80666);



/**
 * The store of the review loop's reply: the one comment `command: sync` writes on a documentation
 * PR (with its workflow's token) saying the agent is revising it after whose review, then how the
 * revision ended. Its rule of "ours" is the one rule (`ours.ts`): marked, written by the identity
 * that writes the replies (the sync workflow's token; a sweep of the code repository, which writes
 * with another token, has it from the code PR's record, `revising.replyAuthor`), its record
 * verifying for this documentation PR. A copy by anyone else is never rewritten.
 */
/** The reply's first line: how the action finds its reply again. */
const REVISION_MARKER = '<!-- docs-agent-action:revision -->';
function readerFor(place, seal) {
    const scope = (0,_seal_js__WEBPACK_IMPORTED_MODULE_2__/* .docsPrScope */ .Ss)(place.repository, place.number);
    return (body) => (0,_record_js__WEBPACK_IMPORTED_MODULE_1__/* .readReply */ .Xw)(body, seal, scope);
}
/** The reply's sealed record line, for the documentation PR it is on. */
function replyRecordLine(record, place, seal) {
    return (0,_record_js__WEBPACK_IMPORTED_MODULE_1__/* .replyLine */ .ZY)(record, seal, (0,_seal_js__WEBPACK_IMPORTED_MODULE_2__/* .docsPrScope */ .Ss)(place.repository, place.number));
}
/** The action's reply among the comments: by `author`, marked, its record verifying. */
async function ourReply(comments, place, seal, author) {
    const found = await (0,_ours_js__WEBPACK_IMPORTED_MODULE_0__/* .ourComment */ .Q)(comments, { marker: REVISION_MARKER, author: () => Promise.resolve(author), read: readerFor(place, seal) });
    return found.found === 'verified' ? { commentId: found.comment.id, record: found.record } : undefined;
}
/**
 * Writes the reply (`command: sync`): the one this run wrote (`knownId`), else the action's reply
 * found by the token's own identity, else a new one. `body` takes the sealed record line. Answers
 * the reply's ID, for the run's later writes.
 */
async function writeReply(github, place, seal, reply) {
    const body = reply.body(replyRecordLine(reply.record, place, seal));
    const id = reply.knownId ?? (await ourReply(await github.listComments(place.number), place, seal, await github.tokenLogin()))?.commentId;
    if (id === undefined)
        return github.createComment(place.number, body);
    await github.updateComment(id, body);
    return id;
}
/**
 * The reply of a revision's job, once a sweep saw the job end (`wait: false`): the action's reply by
 * the author the code PR's record names, whose record names that job. `body` makes the reply from
 * its record. False when there is none (a copy, another job's reply, no author recorded).
 */
async function rewriteReplyOfJob(github, place, seal, author, jobId, body) {
    const reply = await ourReply(await github.listComments(place.number), place, seal, author);
    if (!reply || reply.record.jobId !== jobId)
        return false;
    await github.updateComment(reply.commentId, body(reply.record, replyRecordLine(reply.record, place, seal)));
    return true;
}


/***/ }),

/***/ 42312:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ renderRevisionComment)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);
/* harmony import */ var _memory_reply_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92435);

/**
 * The review loop's reply on the documentation PR (`review-loop`): one comment, found again by its
 * marker and its author (the token's identity), saying that the agent is revising the pull
 * request after whose review, then how the revision ended, or that the loop's limit was reached.
 * The reviewer's login and the job ID are outside text: shown as code, so a login is never a
 * mention and a job ID never a link.
 */


/** The whole reply, its marker first; `sealed`: its record line, last (a sweep finds the reply again by it). */
function renderRevisionComment(stage, nowIso, sealed) {
    const lines = [_memory_reply_js__WEBPACK_IMPORTED_MODULE_1__/* .REVISION_MARKER */ .$O, '### Documentation agent: review loop', '', stageLine(stage)];
    if (stage.kind !== 'limit') {
        lines.push('', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(`Follow-ups sent to the agent from reviews of this pull request: ${stage.sent} of ${stage.max} (review-loop-max).`));
    }
    lines.push('', `Updated ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(nowIso)}.`);
    if (sealed)
        lines.push(sealed);
    return `${lines.join('\n')}\n`;
}
function stageLine(stage) {
    const reviewer = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(stage.reviewer);
    switch (stage.kind) {
        case 'revising':
            return `🔄 **The documentation agent is revising this pull request after ${reviewer}’s review** (job ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(stage.jobId)}). ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(stage.detached
                ? 'This comment and the code pull request say how it ended once a sweep of the code repository sees the job end.'
                : 'This comment says how it ended once the job ends.')}`;
        case 'ended':
            return `${ENDED[stage.outcome] ?? '**The revision ended**'} after ${reviewer}’s review (job ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(stage.jobId)}, outcome ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(stage.outcome)}).`;
        case 'unknown':
            return `⚠️ **${reviewer}’s review may not have reached the agent** (job ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(stage.jobId)}): ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)('the API did not answer whether it took the message, so it is not sent again (it could be sent twice). To have the agent revise this pull request, submit a new review.')}`;
        case 'limit':
            return `⏸️ **${reviewer}’s review was not sent to the agent**: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(`this pull request has had ${stage.max} follow-ups from reviews, the most review-loop-max allows. Revise it by hand, or raise review-loop-max in the workflow.`)}`;
    }
}
const ENDED = {
    'pr-opened': '✅ **The documentation agent revised this pull request**',
    'no-pr': '✅ **The documentation agent finished without a new change**',
    failed: '❌ **The documentation agent failed to revise this pull request**',
    archived: '🗄️ **The revision job was archived**',
    'timed-out': '⏳ **The revision was still running when the step’s timeout ran out** (a sweep or a re-run finishes it)',
    cancelled: '🛑 **The step was cancelled while the agent revised this pull request** (the job goes on)',
    error: '⚠️ **The revision could not be followed to its end** (the workflow run says why)',
};


/***/ }),

/***/ 95368:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SWEEP_MAX_JOBS: () => (/* binding */ SWEEP_MAX_JOBS),
  sweepStep: () => (/* binding */ sweepStep)
});

// EXTERNAL MODULE: ./src/agent/run-agent.ts + 2 modules
var run_agent = __webpack_require__(16830);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(27242);
// EXTERNAL MODULE: ./src/core/context.ts
var context = __webpack_require__(78480);
// EXTERNAL MODULE: ./src/core/docs-pr.ts
var docs_pr = __webpack_require__(49499);
// EXTERNAL MODULE: ./src/core/finish.ts
var finish = __webpack_require__(97328);
// EXTERNAL MODULE: ./src/core/impact.ts
var impact = __webpack_require__(71733);
// EXTERNAL MODULE: ./src/core/record.ts
var core_record = __webpack_require__(14130);
// EXTERNAL MODULE: ./src/docs-pr/access.ts
var access = __webpack_require__(40392);
// EXTERNAL MODULE: ./src/docs-pr/target.ts
var target = __webpack_require__(25783);
// EXTERNAL MODULE: ./src/event.ts
var src_event = __webpack_require__(80807);
// EXTERNAL MODULE: ./src/github/clients.ts + 1 modules
var clients = __webpack_require__(85607);
// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/memory/code-pr-comment.ts
var code_pr_comment = __webpack_require__(77077);
// EXTERNAL MODULE: ./src/memory/reply.ts
var reply = __webpack_require__(92435);
// EXTERNAL MODULE: ./src/memory/seal.ts
var memory_seal = __webpack_require__(80666);
// EXTERNAL MODULE: ./src/preview/run-preview.ts
var run_preview = __webpack_require__(4132);
// EXTERNAL MODULE: ./src/report/revision-report.ts
var revision_report = __webpack_require__(42312);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(48992);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/sweep-report.ts



const HEADING = {
    swept: '🧹 Swept',
    'dry-run': '🧪 Dry run: nothing read from the API, nothing written',
    cancelled: '🛑 Cancelled: what was finished stays finished; the rest waits for the next sweep',
    error: '⚠️ Stopped by an error: what was finished stays finished; the rest waits for the next sweep',
};
/**
 * The summary of a sweep: every pull request it looked at (linked: `pullUrl`, from the runner's
 * GitHub and the workflow's repository), with its job, outcome and status.
 * Every value from outside (a job ID, a status, a link the API gave) is code or a checked link.
 */
function renderSweepSummary(outcome, swept, { requests, left, failure, pullUrl, }) {
    const parts = ['## Documentation sweep', '', `**${HEADING[outcome]}** (\`${outcome}\`)`, ''];
    if (swept.length === 0) {
        parts.push('No job was left working: nothing to finish.');
    }
    else {
        parts.push(`| Pull request | Job | Status | Outcome | Documentation PR | \`${constants/* GATE_CONTEXT */.uX}\` |`, '| --- | --- | --- | --- | --- | --- |');
        for (const each of swept) {
            parts.push(`| [#${each.pullRequest}](${(0,markdown/* linkDestination */.Vh)(pullUrl(each.pullRequest))}) | ${(0,markdown/* codeSpan */.SS)(each.jobId, 'cell')} | ${each.status ? (0,markdown/* codeSpan */.SS)(each.status, 'cell') : '—'} | ${(0,markdown/* escapeText */.X1)(each.outcome)} | ${each.prLink ? (0,markdown/* linkOrCode */.tI)(each.prLink, 'cell') : '—'} | ${each.docsStatusState ? (0,markdown/* escapeText */.X1)(each.docsStatusState) : '—'} |`);
        }
    }
    if (left > 0)
        parts.push('', `${(0,src_text/* countOf */.pq)(left, 'more job')} left working wait for the next sweep (a sweep reads the oldest 50).`);
    parts.push('', `${(0,src_text/* countOf */.pq)(requests, 'API request')}.`);
    if (failure)
        parts.push('', (0,markdown/* codeSpan */.SS)(failure, 'text', markdown/* MAX_MESSAGE_CHARS */.hP));
    return `${parts.join('\n')}\n`;
}
/** The sweep's closing log line: its outcome, and how many pull requests it finished and left. */
function sweepLogLine(outcome, swept) {
    const working = swept.filter((each) => each.outcome === 'still-working').length;
    const finished = swept.filter((each) => !['still-working', 'skipped', 'dry-run', 'cancelled'].includes(each.outcome)).length;
    return (0,src_text/* forLog */.Ig)(`Outcome: ${outcome} · ${(0,src_text/* countOf */.pq)(finished, 'pull request')} finished · ${(0,src_text/* countOf */.pq)(working, 'job')} still working`);
}

// EXTERNAL MODULE: ./src/runtime.ts
var runtime = __webpack_require__(33683);
// EXTERNAL MODULE: ./src/memory/ours.ts
var ours = __webpack_require__(48024);
// EXTERNAL MODULE: ./src/memory/record.ts
var memory_record = __webpack_require__(45834);
;// CONCATENATED MODULE: ./src/sweep/find.ts




/**
 * How far back a sweep reads the repository's recent comments: a day, and the longest time a
 * start may give its job (`MAX_RECORDED_TIMEOUT_MS`). A working record older than that is found
 * through its head's `pending` status instead (`findWorking`), so that no job is lost however long
 * the sweeps stopped.
 */
const SWEEP_LOOKBACK_MS = 24 * 60 * 60 * 1000 + memory_record/* MAX_RECORDED_TIMEOUT_MS */.TI;
/**
 * The most pages of recent comments one sweep reads (100 a page): a repository whose comments of
 * the window pass this is read to here, oldest first, and the newer ones wait for a later sweep
 * (one notice). Its GitHub reads stay bounded whatever the repository holds.
 */
const SWEEP_MAX_COMMENT_PAGES = 20;
/** The most pages of open pull requests (100 a page) one sweep reads for a head whose `documentation` status is `pending`. */
const SWEEP_MAX_OPEN_PULL_PAGES = 10;
/**
 * The most pull requests found only through their `pending` status whose comments one sweep reads
 * (one read each): the rest wait for the next sweep (one notice).
 */
const SWEEP_MAX_PENDING_READS = 50;
/**
 * The pull requests of the workflow's repository that a sweep may finish (the contract's
 * *Detached runs*): first through the repository's comments updated since `since` (never by
 * reading each open pull request); then, with `docs-status`, through the open pull requests whose
 * head carries a `pending` `documentation` status and whose comment was not among them (one
 * comment read each), so that a working record older than the window is found too. A comment
 * counts only by the one rule of "ours" (`memory/ours.ts`): marked, by the token's own identity,
 * its record sealed for that pull request — and it counts when that record says the job is
 * working, or that a preview a sweep asked for has not been seen to end. Of a pull request's
 * comments the newest the identity wrote counts, as a run finds it. Cancellation and the step's
 * deadline end it, as every GitHub read.
 */
async function findWorking(github, repository, seal, options) {
    const recent = await github.recentComments(new Date(options.since).toISOString(), SWEEP_MAX_COMMENT_PAGES);
    let reads = recent.pages;
    let more = recent.more;
    const login = memo(() => {
        reads += 1;
        return github.tokenLogin();
    });
    // A pull request's recent comments in the order GitHub lists a pull request's (by ID), for the one
    // rule of "ours" to pick its comment from, as a run finds it.
    const byPull = new Map();
    for (const comment of recent.comments) {
        const comments = byPull.get(comment.issueNumber) ?? [];
        comments.push(comment);
        byPull.set(comment.issueNumber, comments);
    }
    for (const comments of byPull.values())
        comments.sort((a, b) => a.id - b.id);
    const working = [];
    let unverified = 0;
    const consider = async (number, comments, updatedAt) => {
        const found = await (0,ours/* ourComment */.Q)(comments, {
            marker: memory_record/* COMMENT_MARKER */.JO,
            author: login,
            read: (body) => (0,memory_record/* readRecord */.aE)(body, seal, (0,memory_seal/* codePrScope */.ce)(repository, number)),
        });
        if (found.found === 'unverified')
            unverified += 1;
        if (found.found === 'none')
            return false;
        if (found.found !== 'verified' || !(0,memory_record/* hasJob */.CB)(found.record) || (found.record.working !== true && found.record.preview === undefined))
            return true;
        const { record } = found;
        const began = record.working ? record.acceptedAt : record.preview?.triggeredAt;
        working.push({ number, commentId: found.comment.id, record, acceptedAt: began === undefined ? updatedAt(found.comment.id) : Date.parse(began) });
        return true;
    };
    // The pull requests whose comment of the action's was among the recent ones: known, whatever it says.
    const seen = new Set();
    for (const [number, comments] of byPull) {
        const updated = new Map(comments.map((comment) => [comment.id, comment.updatedAt]));
        if (await consider(number, comments, (id) => updated.get(id) ?? 0))
            seen.add(number);
    }
    if (options.pendingStatus) {
        // Work older than the window: its head's `pending` still stands, and its comment was not among the recent ones.
        const open = await github.openPullsWithPendingStatus(constants/* GATE_CONTEXT */.uX, SWEEP_MAX_OPEN_PULL_PAGES);
        reads += open.pages;
        more ||= open.more;
        const candidates = open.pulls.filter((pull) => !seen.has(pull.number));
        if (candidates.length > SWEEP_MAX_PENDING_READS)
            more = true;
        for (const pull of candidates.slice(0, SWEEP_MAX_PENDING_READS)) {
            reads += 1;
            await consider(pull.number, await github.listComments(pull.number), () => 0);
        }
    }
    working.sort((a, b) => a.acceptedAt - b.acceptedAt || a.number - b.number);
    return { working, unverified, more, reads };
}
/** A value asked for once, on first use. */
function memo(make) {
    let made;
    return () => (made ??= make());
}

// EXTERNAL MODULE: ./src/steps/step.ts
var step = __webpack_require__(50961);
;// CONCATENATED MODULE: ./src/steps/sweep.ts























/** A sweep finishes at most this many jobs, oldest accepted first; the rest wait for the next sweep. */
const SWEEP_MAX_JOBS = 50;
/**
 * `command: sweep` (the contract's *Detached runs*): finishes what `wait: false` runs left working.
 *
 * 1. **Find**: the pull requests whose comment, the action's by the one rule of "ours", holds a
 *    verified record of a job still working (`sweep/find.ts`: the repository's recent comments,
 *    then the open pull requests whose head is still `pending`; never each open pull request).
 * 2. **Read**: each job once (one `GET`, no waiting), oldest accepted first, at most 50. One job
 *    whose read fails never holds the others: it is left working with one warning (past the time
 *    its record gives, finished as `timed-out` with the failure said); only an answer that would
 *    fail every job alike (the key refused) stops the sweep.
 * 3. **Finish** each ended one as a waiting run ends, with the core (`core/finish.ts`), on that pull
 *    request; one past the time its record gives (its start's `timeout`) as `timed-out`; a code PR
 *    closed while its job worked gets what its `closed` event would have done. A job still working
 *    is left for the next sweep.
 *
 * Nothing in the event counts: a `repository_dispatch` payload, or the documentation PR that
 * opened, is only a wake-up call. A run of the same pull request that finished it meanwhile (a
 * waiting or attaching run, a push's new job, another sweep) wins: the store reads the record
 * again before each write (`memory/code-pr-comment.ts`).
 */
async function sweepStep(settings, context) {
    const { logger, clock, signal } = context;
    const repository = (0,src_event/* workflowRepositoryOf */.ls)(context.event, context.env);
    const repo = (0,api/* repoFromEnv */.K)(context.env);
    const swept = [];
    const report = (outcome, failure, left = 0) => {
        const requests = context.client.requestCount;
        // A cancelled sweep fails the step, as every command's cancellation does: the runner's exit code says so.
        const failed = failure ?? (outcome === 'cancelled' ? 'The sweep was cancelled: what was finished stays finished; the rest waits for the next sweep.' : undefined);
        return {
            outputs: {
                [constants/* Outputs */.tY.Outcome]: outcome,
                [constants/* Outputs */.tY.Swept]: JSON.stringify(swept),
                [constants/* Outputs */.tY.Requests]: String(requests),
            },
            summary: renderSweepSummary(outcome, swept, {
                requests,
                left,
                failure,
                pullUrl: (number) => `${(0,target/* serverUrlFrom */.dJ)(context.env)}/${repository?.name ?? ''}/pull/${number}`,
            }),
            closingLine: sweepLogLine(outcome, swept),
            ...(failed ? { failure: failed } : {}),
        };
    };
    if (!repository || !repo) {
        return report('error', "command: sweep needs GITHUB_REPOSITORY (owner/name): it finishes the pull requests of the workflow's repository.");
    }
    if (!settings.githubToken) {
        return report('error', 'Input "github-token" is empty: the sweep reads the pull requests\' comments with it. Leave it at its default (${{ github.token }}) or pass a token with "Pull requests: write".');
    }
    const seal = memory_seal/* RecordSeal */.l_.fromApiKey(settings.apiKey, settings.previousApiKey);
    const github = (0,clients/* gitHubClients */.o)(settings, context);
    // One core for the whole sweep: its outputs are the sweep's own, so no pull request's job ID or preview URL is announced.
    const core = (0,step/* coreOf */.z2)(settings, context, {
        code: { repository, token: settings.githubToken },
        // The documentation side is read only when something the sweep finishes depends on it.
        docs: settings.followCodePr || settings.docsStatus !== 'off' || settings.readerImpact
            ? { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name }
            : undefined,
        quiet: true,
    }, github, seal);
    let found;
    try {
        const since = clock.now() - SWEEP_LOOKBACK_MS;
        const findings = await findWorking(await core.code.read(), repository, seal, { since, pendingStatus: settings.docsStatus !== 'off' });
        if (findings.unverified > 0) {
            logger.notice(`${(0,src_text/* countOf */.pq)(findings.unverified, 'pull-request comment')} of this action held a record that does not verify: counted as none. Most likely api-key was rotated since they were written (give the earlier key as previous-api-key), else they were edited by hand.`);
        }
        if (findings.more)
            logger.notice('This repository had more to look at than one sweep reads: the rest waits for the next sweep.');
        found = [...findings.working];
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, signal) || ((0,api/* endsTheStep */.g1)(error) && signal.aborted))
            return report('cancelled');
        return report('error', `Could not find the pull requests to sweep: ${(0,src_text/* errorMessage */.gJ)(error)}`);
    }
    logger.info(found.length === 0 ? 'No job left working: nothing to sweep.' : `${(0,src_text/* countOf */.pq)(found.length, 'job')} left working, oldest first.`);
    const left = Math.max(0, found.length - SWEEP_MAX_JOBS);
    if (left > 0)
        logger.notice(`${(0,src_text/* countOf */.pq)(found.length, 'job')} left working: this sweep reads the oldest ${SWEEP_MAX_JOBS}; the ${left} newest wait for the next sweep.`);
    if (settings.dryRun) {
        for (const pull of found.slice(0, SWEEP_MAX_JOBS))
            swept.push(entry(pull, undefined, 'dry-run', undefined));
        logger.info('Dry run: nothing was read from the API, and nothing written to GitHub.');
        return report('dry-run', undefined, left);
    }
    for (const pull of found.slice(0, SWEEP_MAX_JOBS)) {
        if (signal.aborted)
            return report('cancelled', undefined, left);
        if (clock.now() >= context.deadline.at) {
            logger.warning(`timeout (${(0,src_text/* formatDuration */.a3)(settings.timeoutMs)}) ran out: the pull requests not swept yet wait for the next sweep.`);
            break;
        }
        // One pull request, in a phase of its own: read its job once, then show its preview or finish it.
        const done = await logger.phase(`Pull request #${pull.number}`, async () => {
            const job = await readJobOnce(pull, context);
            if (job.outcome === 'cancelled' || (0,runtime/* isCancellation */.iB)(job.error, signal))
                return report('cancelled', undefined, left);
            if (job.outcome === 'error' && failsEveryJob(job.error)) {
                // A refused key fails every job alike: the sweep stops, and the next one tries again.
                swept.push(entry(pull, job, 'error', undefined));
                return report('error', `Could not read job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} of pull request #${pull.number}: ${(0,src_text/* errorMessage */.gJ)(job.error)}`, left);
            }
            const outcome = await sweepOne(pull, job, settings, core);
            swept.push(outcome);
            return outcome.outcome === 'cancelled' ? report('cancelled', undefined, left) : 'next';
        });
        if (done !== 'next')
            return done;
    }
    return report(signal.aborted ? 'cancelled' : 'swept', undefined, left);
}
/**
 * One pull request: its preview shown once it ended (the job ended in an earlier sweep), its job
 * left working, or finished. A job whose read failed (not for every job alike) is left working with
 * one warning, and finished as `timed-out` once the time its record gives has passed.
 */
async function sweepOne(pull, job, settings, core) {
    const { logger, signal, clock } = core;
    if (!pull.record.working) {
        try {
            return await showPreview(pull, job, settings, core);
        }
        catch (error) {
            if ((0,runtime/* isCancellation */.iB)(error, signal))
                return entry(pull, job, 'cancelled', undefined);
            logger.warning(`Pull request #${pull.number}: could not show its preview: ${(0,src_text/* errorMessage */.gJ)(error)} Left for the next sweep.`);
            return entry(pull, job, job.outcome, undefined);
        }
    }
    const endsBy = endsByOf(pull, settings.timeoutMs);
    const pastItsTime = clock.now() >= endsBy;
    if (job.outcome === 'error' && !isJobGone(job)) {
        logger.warning(`Pull request #${pull.number}: could not read job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)}: ${(0,src_text/* errorMessage */.gJ)(job.error)}`);
        if (!pastItsTime) {
            logger.info(`Pull request #${pull.number}: left working for the next sweep, until ${new Date(endsBy).toISOString()}.`);
            return entry(pull, job, 'still-working', undefined);
        }
        job.outcome = 'timed-out';
        job.timedOut = true;
        logger.info(`Pull request #${pull.number}: its job's time (until ${new Date(endsBy).toISOString()}) has passed and it could not be read: finished as timed-out.`);
    }
    if (job.outcome === 'running') {
        if (!pastItsTime) {
            logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} is still working; left for the next sweep.`);
            return entry(pull, job, 'still-working', undefined);
        }
        job.outcome = 'timed-out';
        job.timedOut = true;
        logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} has worked past the time its start gave it (${new Date(endsBy).toISOString()}): finished as timed-out.`);
    }
    if (isJobGone(job))
        logger.warning(`Pull request #${pull.number}: the API no longer knows job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} (404): finished as error.`);
    try {
        return await sweep_finish(pull, job, settings, core);
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, signal))
            return entry(pull, job, 'cancelled', undefined);
        // Its record still says working: the next sweep finishes it.
        logger.warning(`Pull request #${pull.number}: could not finish it: ${(0,src_text/* errorMessage */.gJ)(error)} Left for the next sweep.`);
        return entry(pull, job, 'still-working', undefined);
    }
}
/** When the work must end by: the time its record gives (its start's `timeout` after its acceptance); a record of an earlier version, the sweep's `timeout` after it. */
function endsByOf(pull, sweepTimeoutMs) {
    const recorded = pull.record.endsBy;
    return recorded !== undefined ? Date.parse(recorded) : pull.acceptedAt + sweepTimeoutMs;
}
/**
 * Finishes one pull request whose job ended: its comment found again (still naming this work),
 * then what every command does when a job ends (`core/finish.ts`). A code PR closed while its job
 * worked gets what its `closed` event would have done (the core's docs PR phase).
 */
async function sweep_finish(pull, job, settings, core) {
    const found = await foundAgain(pull, job, core, sameWorkAtWork);
    if ('skipped' in found)
        return found.skipped;
    const { record } = found;
    await (0,finish/* finishJob */.x)(record, core, 'ask');
    core.logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} finished as ${record.job.outcome}.`);
    // A revision after a review (review-loop, wait: false): its reply on the documentation PR says how it ended too.
    await tellTheReply(record, core);
    return entry(pull, record.job, record.job.outcome, record.gateWritten);
}
/**
 * A revision's reply on the documentation PR, once a sweep saw its job end: the action's reply by
 * the author the code PR's record names (the review loop's workflow token), whose record names this
 * job. A record that names no author (an earlier version), no token that reaches the documentation
 * repository, or a failure, is one line and changes nothing else.
 */
async function tellTheReply(record, core) {
    const revising = record.revising;
    const docsPr = record.comment?.earlier?.docsPr;
    if (!revising || !docsPr || !core.docs || !record.job.jobId)
        return;
    const author = revising.replyAuthor;
    const reaches = (0,access/* docsClientFor */.s$)(core.docs, docsPr);
    if (!author || !reaches) {
        core.logger.info(`The review loop's reply on ${docsPr.repository}#${docsPr.number} is not updated: ${author ? 'no token reaches its repository (docs-token)' : 'the record names no author of it'}.`);
        return;
    }
    const place = { repository: { id: docsPr.repositoryId, name: docsPr.repository }, number: docsPr.number };
    const { outcome } = record.job;
    try {
        await (0,reply/* rewriteReplyOfJob */.lB)(await reaches, place, core.seal, author, record.job.jobId, (reply, line) => (0,revision_report/* renderRevisionComment */.l)({ kind: 'ended', ...reply, outcome }, new Date(core.clock.now()).toISOString(), line));
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, core.signal) || (0,api/* endsTheStep */.g1)(error))
            return;
        core.logger.warning(`Could not tell the review loop's reply on ${docsPr.repository}#${docsPr.number} how the revision ended: ${(0,src_text/* errorMessage */.gJ)(error)}`);
    }
}
/**
 * Shows the preview an earlier sweep asked for, once it has ended: its status read once; still
 * building, the pull request is left for the next sweep. Ended, the comment says so (the job's
 * outcome as it was, the documentation PR and what readers will see as the record keeps them), the
 * gate links the preview (`written`), and the record no longer keeps it.
 */
async function showPreview(pull, job, settings, core) {
    const asked = pull.record.preview;
    if (job.outcome !== 'pr-opened' && job.outcome !== 'archived') {
        core.logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} could not be read as it ended; its preview waits for the next sweep.`);
        return entry(pull, job, job.outcome, undefined);
    }
    const preview = await (0,run_preview/* lookAtPreview */.Vq)({ statusId: asked.statusId, branch: asked.branch, url: asked.url, triggeredAt: Date.parse(asked.triggeredAt) }, settings.timeoutMs, { client: core.api, clock: core.clock, logger: core.logger, signal: core.signal });
    if (preview.status === undefined) {
        core.logger.info(`Pull request #${pull.number}: its preview is still building; left for the next sweep.`);
        return entry(pull, job, job.outcome, undefined);
    }
    const found = await foundAgain(pull, job, core, samePreview, false);
    if ('skipped' in found)
        return found.skipped;
    const { record } = found;
    record.preview = preview;
    // The documentation PR as the job reported it, decided again (nothing done to it), and what readers will see as the record measured it.
    await (0,docs_pr/* docsPrPhase */.$2)(record, core, () => Promise.resolve());
    record.impact = await (0,impact/* impactPhase */.C)(record, core);
    await (0,finish/* gateAndPublish */.W)(record, core);
    core.logger.info(`Pull request #${pull.number}: its preview ended (${preview.status}).`);
    return entry(pull, job, job.outcome, record.gateWritten);
}
/** Whether a comment's record still holds the preview the sweep found, of the same job and head. */
function samePreview(record, pull) {
    return record?.jobId === pull.record.jobId && record?.headSha === pull.record.headSha && record.preview?.statusId === pull.record.preview?.statusId;
}
/** Whether the comment as found again records the work the sweep found, still at work. */
function sameWorkAtWork(record, pull) {
    return record?.working === true && (0,code_pr_comment/* sameWork */.c4)(record, pull.record);
}
/**
 * The pull request as GitHub has it now (its title, labels, branch, and whether it was closed,
 * merged or not; the head the job worked on is the record's), its comment found again (still
 * holding the same work: `same`), and the run record of the sweep's writes to it. `finishes`:
 * the sweep records the job's end.
 */
async function foundAgain(pull, job, core, same, finishes = true) {
    const { logger, signal } = core;
    const code = core.code;
    let pullRequest;
    let comment;
    try {
        const client = await code.read();
        const state = await client.pullRequest(pull.number);
        pullRequest = {
            number: pull.number,
            title: state.title,
            headSha: pull.record.headSha,
            headRef: state.headRef,
            // Closed while its job worked: the sweep does what the `closed` event would have done.
            action: state.state === 'closed' ? 'closed' : '',
            merged: state.merged,
            labels: state.labels,
            label: undefined,
        };
        comment = await code_pr_comment/* CodePrComment */.$.find(client, { repository: code.repository, number: pull.number, headSha: pull.record.headSha }, { logger, clock: core.clock, seal: core.seal });
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, signal))
            return { skipped: entry(pull, job, 'cancelled', undefined) };
        logger.warning(`Pull request #${pull.number}: ${(0,src_text/* errorMessage */.gJ)(error)} Left for the next sweep.`);
        return { skipped: entry(pull, job, 'still-working', undefined) };
    }
    if (!comment || !same(comment.earlier, pull)) {
        logger.info(`Pull request #${pull.number}: its comment no longer records this work of job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} (another run finished it, or a push sent a new job): left as it is.`);
        return { skipped: entry(pull, job, 'skipped', undefined) };
    }
    const revising = comment.earlier?.revising;
    // A revision's documentation PR is the one the record names: it is not linked again.
    const followed = (0,context/* follows */.p)(core.settings) && !revising;
    const record = (0,core_record/* finishingRecord */.XW)({ pullRequest, repository: code.repository, comment, job, finishes, ...(revising ? { revising } : {}) }, followed);
    return { record };
}
/** The sweep's look at one job: attaching without waiting, one `GET` (its retries within the step's limits). */
function readJobOnce(pull, context) {
    const { client, clock, sleep, random, logger, signal, deadline } = context;
    const run = (0,run_agent/* newRun */.uH)(pull.record.jobId, '', clock.now(), 'running');
    return (0,run_agent/* waitForJob */.qt)(run, { dryRun: false, jobId: pull.record.jobId, wait: false, pollIntervalMs: 0, pollIntervalMaxMs: 0 }, { client, clock, sleep, random, logger, signal, deadline: deadline.at });
}
/** An answer that would fail every job alike: the key refused (`401`, `403`), its usage used up, or the run's request budget spent. */
function failsEveryJob(error) {
    if (!(error instanceof errors/* ApiError */.hD))
        return false;
    return (error.kind === 'http' && (error.status === 401 || error.status === 403)) || error.usageUsedUp || error.kind === 'budget';
}
/** The API answered 404 for the job: it no longer knows it, and never will. */
function isJobGone(run) {
    return run.outcome === 'error' && run.error instanceof errors/* ApiError */.hD && run.error.status === 404;
}
/** One pull request of the `swept` output and the summary's table. */
function entry(pull, job, outcome, state) {
    return {
        pullRequest: pull.number,
        jobId: pull.record.jobId,
        status: job?.job?.status ?? '',
        outcome,
        prLink: job?.job?.prLink ?? '',
        docsStatusState: state ?? '',
    };
}


/***/ })

};
