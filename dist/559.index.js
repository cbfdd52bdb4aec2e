export const id = 559;
export const ids = [559];
export const modules = {

/***/ 42312:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ REVISION_MARKER),
/* harmony export */   l: () => (/* binding */ renderRevisionComment)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);

/**
 * The review loop's reply on the documentation PR (`review-loop`): one comment, found again by its
 * marker and its author (the token's identity), saying that the agent is revising the pull
 * request after whose review, then how the revision ended, or that the loop's limit was reached.
 * The reviewer's login and the job ID are outside text: shown as code, so a login is never a
 * mention and a job ID never a link.
 */
/** The reply's first line: how the action finds its reply again. */
const REVISION_MARKER = '<!-- docs-agent-action:revision -->';
/** The whole reply, its marker first; `sealed`: its record line, last (a sweep finds the reply again by it). */
function renderRevisionComment(stage, nowIso, sealed) {
    const lines = [REVISION_MARKER, '### Documentation agent: review loop', '', stageLine(stage)];
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

/***/ 25559:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ replySeal),
/* harmony export */   replyRevisionEnded: () => (/* binding */ replyRevisionEnded)
/* harmony export */ });
/* harmony import */ var _github_api_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(28943);
/* harmony import */ var _memory_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(45834);
/* harmony import */ var _memory_seal_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80666);
/* harmony import */ var _report_revision_report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(42312);
/* harmony import */ var _runtime_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(33683);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(48992);






/**
 * The review loop's reply on the documentation PR, as the record it carries makes it findable:
 * `command: sync` writes it, and a sweep that finishes a revision's job (`wait: false`) says in it
 * how the revision ended. Apart from the loop itself, so that a sweep loads only this.
 */
/** The reply's sealed record: the revision it reports, for the documentation PR it is on. */
function replySeal(seal, repository, number, stage) {
    return (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_1__/* .replyLine */ .ZY)({ jobId: stage.jobId, reviewer: stage.reviewer, sent: stage.sent, max: stage.max }, seal, (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_2__/* .docsPrScope */ .Ss)(repository, number));
}
/**
 * A sweep that finished a revision's job (`wait: false`): the review loop's reply on the
 * documentation PR says how it ended. The reply is the one whose sealed record names this job
 * (whoever wrote it: the documentation repository's workflow); none, or a failure, changes nothing
 * else (one warning).
 */
async function replyRevisionEnded(github, docsPr, job, context) {
    const scope = (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_2__/* .docsPrScope */ .Ss)(docsPr.repository, docsPr.number);
    try {
        for (const comment of await github.listComments(docsPr.number)) {
            if (!(0,_memory_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isMarked */ .rZ)(comment.body, _report_revision_report_js__WEBPACK_IMPORTED_MODULE_3__/* .REVISION_MARKER */ .$))
                continue;
            const reading = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_1__/* .readReply */ .Xw)(comment.body, context.seal, scope);
            if (reading.found !== 'verified' || reading.record.jobId !== job.jobId)
                continue;
            const stage = { kind: 'ended', ...reading.record, outcome: job.outcome };
            const body = (0,_report_revision_report_js__WEBPACK_IMPORTED_MODULE_3__/* .renderRevisionComment */ .l)(stage, new Date(context.clock.now()).toISOString(), replySeal(context.seal, docsPr.repository, docsPr.number, stage));
            await github.updateComment(comment.id, body);
            return true;
        }
        return false;
    }
    catch (error) {
        if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_4__/* .isCancellation */ .iB)(error, context.signal) || (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .endsTheStep */ .g1)(error))
            return false;
        context.logger.warning(`Could not tell the review loop's reply on ${docsPr.repository.name}#${docsPr.number} how the revision ended: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .gJ)(error)}`);
        return false;
    }
}


/***/ })

};
