export const id = 647;
export const ids = [647];
export const modules = {

/***/ 64647:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DocsPrFollower: () => (/* binding */ DocsPrFollower),
/* harmony export */   backLinkCommentBody: () => (/* binding */ backLinkCommentBody)
/* harmony export */ });
/* harmony import */ var _github_api_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(28943);
/* harmony import */ var _gate_policy_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(82601);
/* harmony import */ var _memory_ours_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48024);
/* harmony import */ var _memory_record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(45834);
/* harmony import */ var _memory_seal_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80666);
/* harmony import */ var _report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(66389);
/* harmony import */ var _runtime_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(33683);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(48992);
/* harmony import */ var _target_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(25783);









/**
 * Keeps the documentation PR in step with its code PR (follow-code-pr), acting only on the PR
 * the code PR comment's verified record names, or that this run's job reported:
 *
 * - a run whose job reports a documentation PR gives it one comment of its own (found again by
 *   its marker and the docs token's identity) linking back to the code PR, with a sealed record
 *   of that code PR; a different PR than the record's closes the earlier one, when it is still
 *   open and the record's;
 * - a code PR closed without merging closes its documentation PR (never its branch); a merged
 *   one marks a draft ready for review and says so in the comment;
 * - a reopened code PR reopens the documentation PR only when this action closed it;
 * - a documentation PR already merged or closed by someone else is left as it is.
 *
 * Before it acts on a documentation PR it checks that PR is the one recorded: in the job's
 * `source.repository`, its head branch the job's `source.ref` (in that repository, not a fork's
 * branch of the same name). A PR that is not is left alone, with one warning.
 *
 * The first thing that cannot be done is one warning, and nothing more is tried on GitHub's
 * documentation side in this run (a token without access would fail the same way again), but for
 * marking ready for review, which needs a permission of its own: the comment is still written.
 * Cancellation stops it without a warning. Nothing here ever merges or deletes a branch.
 */
class DocsPrFollower {
    context;
    recorded;
    done = 'none';
    stopped = false;
    shown;
    acted = false;
    commentIds = new Map();
    /** The state the last failure leaves the documentation PR in, as the code PR's comment says it. */
    lastState = 'not-updated';
    /** `recorded`: the documentation PR the code PR's verified record names, if any. */
    constructor(context, recorded) {
        this.context = context;
        this.recorded = recorded;
    }
    /** What this run did to the documentation PR so far: the run record's part. */
    get outcome() {
        return { action: this.done, record: this.recorded, shown: this.shown, acted: this.acted };
    }
    /** `closed`: merged or not, the recorded documentation PR follows. */
    async codePrClosed(merged) {
        const docs = this.recorded;
        if (!docs) {
            this.context.logger.info('No documentation PR is recorded in the pull-request comment: nothing to bring in step.');
            return;
        }
        if (this.context.dryRun)
            return this.dryRun(`would ${merged ? 'mark' : 'close'} documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}`);
        const state = await this.readRecorded(docs);
        if (!state)
            return;
        const { github } = state;
        if (this.leftAlone(docs, state.pull, docs.closedByAction))
            return;
        if (merged) {
            // Marking ready needs "Contents: write" besides "Pull requests: write": its failure is its
            // own warning, and the comment, which needs only the latter, is still written.
            const markedReady = state.pull.draft
                ? (await this.attempt('mark ready for review', docs, async () => (await github.markReadyForReview(state.pull.nodeId), true), false)) === true
                : false;
            if (markedReady)
                this.done = 'marked-ready';
            const commented = await this.writeDocsComment(github, docs, { kind: 'merged', markedReady });
            if (commented && !markedReady)
                this.done = 'commented';
            if (markedReady || commented) {
                this.context.logger.info(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}: the code PR was merged${markedReady ? '; marked ready for review' : '; said so in its comment'}.`);
            }
            return this.show(docs, markedReady ? 'marked-ready' : commented ? 'commented' : 'not-updated', { acted: markedReady });
        }
        const closed = await this.attempt('close', docs, () => github.setPullRequestState(docs.number, 'closed'));
        if (!closed)
            return this.show(docs, 'not-updated');
        this.done = 'closed';
        this.context.logger.info(`Closed documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}; its branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .quotedForLog */ .IK)(state.pull.headRef)} is kept.`);
        this.show({ ...docs, closedByAction: true }, 'closed', { acted: true });
        await this.writeDocsComment(github, docs, { kind: 'closed' });
    }
    /** `reopened`, before the run goes on: a documentation PR that this action closed is reopened. */
    async codePrReopened() {
        const docs = this.recorded;
        if (!docs)
            return;
        if (!docs.closedByAction) {
            this.context.logger.info(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} was not closed by this action: not reopened.`);
            return;
        }
        if (this.context.dryRun)
            return this.dryRun(`would reopen documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}`);
        const state = await this.readRecorded(docs);
        if (!state)
            return;
        const { github, pull } = state;
        if (pull.merged)
            return this.leftAloneAs(docs, 'left-alone-merged');
        if (pull.state === 'open') {
            this.context.logger.info(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} is open already.`);
            return this.show({ ...docs, closedByAction: false }, 'linked', { acted: true });
        }
        const reopened = await this.attempt('reopen', docs, () => github.setPullRequestState(docs.number, 'open'));
        if (!reopened)
            return this.show(docs, 'not-updated');
        this.done = 'reopened';
        this.context.logger.info(`Reopened documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} with its code PR.`);
        this.show({ ...docs, closedByAction: false }, 'reopened', { acted: true });
        await this.writeDocsComment(github, docs, { kind: 'reopened' });
    }
    /**
     * After the job: the documentation PR it reports is linked; an earlier one in the record, when
     * it is another PR, is closed in its favour. A reopened documentation PR stays `reopened` in
     * the output unless a newer one replaced it.
     */
    async jobReported(run) {
        const link = run.job?.prLink;
        if (!link || this.stopped || this.context.signal.aborted)
            return;
        const { logger, serverUrl } = this.context;
        const target = (0,_target_js__WEBPACK_IMPORTED_MODULE_6__.pullRequestOfLink)(link, serverUrl);
        if (!target) {
            return this.warn(`The documentation PR link ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .forLog */ .Ig)(link, 300)} is not a pull request on ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .forLog */ .Ig)(serverUrl, 200)}: follow-code-pr leaves it alone.`);
        }
        const source = (0,_target_js__WEBPACK_IMPORTED_MODULE_6__.repositoryOfSource)(run.job?.source?.repository);
        if (!source || !(0,_target_js__WEBPACK_IMPORTED_MODULE_6__.sameRepository)(source, target.repository)) {
            return this.warn(source
                ? `The job reports documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)}, outside the repository it worked on (${source}): follow-code-pr leaves it alone.`
                : `The job reports documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)} but names no repository it worked on (source.repository): follow-code-pr cannot check that PR is the job's, and leaves it alone.`);
        }
        const headRef = run.job?.source?.ref;
        if (!headRef) {
            return this.warn(`The job reports documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)} but names no branch it worked on (source.ref): follow-code-pr cannot check that PR is the job's, and leaves it alone.`);
        }
        const earlier = this.recorded;
        const same = earlier !== undefined && (0,_target_js__WEBPACK_IMPORTED_MODULE_6__.sameRepository)(earlier.repository, target.repository) && earlier.number === target.number;
        const record = { repository: target.repository, number: target.number, headRef, closedByAction: same ? earlier.closedByAction : false };
        if (this.context.dryRun)
            return this.dryRun(`would link documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)}`);
        const github = await this.clientFor(target);
        const pull = github && (await this.attempt('read', target, () => github.pullRequest(target.number)));
        if (!github || !pull) {
            // Recorded all the same (unless it does not exist), so that a later run with a token can
            // follow it: that run checks it against the record before it acts. A pull request that does
            // not exist changes nothing, and a newer record another run wrote meanwhile stands.
            const notFound = this.lastState === 'not-found';
            return this.show(notFound ? earlier : record, this.lastState, { shown: target, acted: !notFound && !same });
        }
        if (!this.isRecordedPull(pull, record, 'the job reports'))
            return this.show(earlier, 'mismatch', { shown: target });
        if (this.leftAlone(record, pull, record.closedByAction))
            return;
        const linked = await this.writeDocsComment(github, target, { kind: 'linked' });
        if (linked && this.done !== 'reopened')
            this.done = 'linked';
        if (linked)
            logger.info(`Linked documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)} to this pull request.`);
        const superseded = earlier && !same && !this.context.linkOnly ? await this.supersede(github, earlier, target, link) : false;
        const state = linked ? (this.done === 'reopened' ? 'reopened' : 'linked') : 'not-updated';
        this.show(record, state, { superseded: superseded ? (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier) : undefined, acted: !same || superseded });
    }
    /**
     * Whether the reviews of the documentation PR the record names approve it (the documentation
     * gate's `approved`): undefined when there is none, or it cannot be read (one warning).
     */
    async approval() {
        const docs = this.recorded;
        if (!docs || this.context.dryRun)
            return undefined;
        const github = await this.clientFor(docs);
        const review = github && (await this.attempt('read the reviews of', docs, () => github.reviewState(docs.number), false));
        return review && { approved: (0,_gate_policy_js__WEBPACK_IMPORTED_MODULE_8__/* .isApproved */ .SZ)(review) };
    }
    /** Closes the record's earlier documentation PR in favour of the newer one, when it is ours to close. */
    async supersede(github, earlier, newer, newerLink) {
        if (!(0,_target_js__WEBPACK_IMPORTED_MODULE_6__.sameRepository)(earlier.repository, newer.repository)) {
            this.warn(`The pull-request comment records documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier)}, in another repository than the job's (${newer.repository}): it is left as it is.`);
            return false;
        }
        const pull = await this.attempt('read', earlier, () => github.pullRequest(earlier.number));
        if (!pull || !this.isRecordedPull(pull, earlier, 'the pull-request comment records'))
            return false;
        if (pull.merged || pull.state === 'closed') {
            this.context.logger.info(`The earlier documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier)} is already ${pull.merged ? 'merged' : 'closed'}: left as it is.`);
            return false;
        }
        const closed = await this.attempt('close', earlier, () => github.setPullRequestState(earlier.number, 'closed'));
        if (!closed)
            return false;
        this.done = 'superseded';
        this.context.logger.info(`Closed the earlier documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier)} in favour of ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(newer)}; its branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .quotedForLog */ .IK)(pull.headRef)} is kept.`);
        await this.writeDocsComment(github, earlier, { kind: 'superseded', newer: (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(newer), newerLink });
        return true;
    }
    /**
     * The recorded documentation PR as GitHub has it, with the client that read it, once it is
     * checked against the record; undefined (and the comment says why) when it cannot be read or is
     * not the recorded one.
     */
    async readRecorded(docs) {
        const github = await this.clientFor(docs);
        const pull = github && (await this.attempt('read', docs, () => github.pullRequest(docs.number)));
        if (!github || !pull) {
            this.show(docs, this.lastState);
            return undefined;
        }
        if (!this.isRecordedPull(pull, docs, 'the pull-request comment records')) {
            this.show(docs, 'mismatch');
            return undefined;
        }
        return { github, pull };
    }
    /**
     * Whether the pull request GitHub shows is the one recorded: its head branch the recorded one
     * (the job's `source.ref`), in the recorded repository. A pull request from a fork with a branch
     * of the same name, or one whose branch changed, is not; it is left alone with one warning.
     */
    isRecordedPull(pull, docs, who) {
        if (pull.headRef === docs.headRef && pull.headRepository !== undefined && (0,_target_js__WEBPACK_IMPORTED_MODULE_6__.sameRepository)(pull.headRepository, docs.repository))
            return true;
        const head = `${pull.headRepository ? `${pull.headRepository}:` : 'a deleted fork:'}${pull.headRef}`;
        this.warn(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} is not the one ${who}: its head is ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .quotedForLog */ .IK)(head)}, not the job's branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .quotedForLog */ .IK)(`${docs.repository}:${docs.headRef}`)}. It is left as it is.`);
        return false;
    }
    /**
     * A documentation PR merged already, or closed by someone else (`closedByUs` false), is left as
     * it is and said so; one this action closed is left closed too (`closedByUs` true).
     */
    leftAlone(docs, state, closedByUs) {
        if (state.merged) {
            this.leftAloneAs(docs, 'left-alone-merged');
            return true;
        }
        if (state.state !== 'closed')
            return false;
        if (closedByUs) {
            this.context.logger.info(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} is closed already (by this action).`);
            this.show(docs, 'closed');
        }
        else {
            this.leftAloneAs({ ...docs, closedByAction: false }, 'left-alone-closed');
        }
        return true;
    }
    leftAloneAs(docs, state) {
        this.context.logger.info(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} is already ${state === 'left-alone-merged' ? 'merged' : 'closed by someone else'}: left as it is.`);
        this.show(docs, state);
    }
    dryRun(what) {
        this.context.logger.info(`Dry run: ${what}; nothing was changed on GitHub.`);
    }
    /** What the code PR's record names after this, and what the comment and the summary say of it. */
    show(docs, state, { superseded, shown = docs, acted = false } = {}) {
        this.recorded = docs;
        this.shown = shown && { pull: { repository: shown.repository, number: shown.number }, state, ...(superseded ? { superseded } : {}) };
        this.acted ||= acted;
    }
    /** The client for the documentation PR's repository: `docs-token`, else `github-token` in the workflow's own repository. */
    async clientFor(pull) {
        const { docsToken, githubToken, workflowRepository } = this.context;
        const token = docsToken || ((0,_target_js__WEBPACK_IMPORTED_MODULE_6__.sameRepository)(pull.repository, workflowRepository) ? githubToken : '');
        if (!token) {
            this.warn(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(pull)} is in another repository than this workflow's (${workflowRepository}), which github-token cannot write: give docs-token a token with "Pull requests: write" on ${pull.repository} (and "Contents: write" to mark a draft ready for review), e.g. from actions/create-github-app-token. It was left as it is.`);
            return undefined;
        }
        return this.context.connect(token, (0,_target_js__WEBPACK_IMPORTED_MODULE_6__.repoName)(pull.repository));
    }
    /**
     * Runs one request on the documentation side; a failure is one warning, and (unless
     * `stopsTheRest` is false) nothing more is tried there in this run.
     */
    async attempt(doing, pull, request, stopsTheRest = true) {
        if (this.stopped || this.context.signal.aborted)
            return undefined;
        try {
            return await request();
        }
        catch (error) {
            if (stopsTheRest)
                this.stopped = true;
            if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_5__/* .isCancellation */ .iB)(error, this.context.signal)) {
                this.stopped = true;
                return undefined;
            }
            this.lastState = error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.status === 404 && doing === 'read' ? 'not-found' : 'not-updated';
            this.context.logger.warning(`Could not ${doing} documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(pull)}: ${whyNot(error, pull, doing)}`);
            return undefined;
        }
    }
    /** Writes (or updates) the documentation PR's own comment, with its sealed back-link; false when it could not. */
    async writeDocsComment(github, pull, stage) {
        const { codePr, seal, clock } = this.context;
        const body = backLinkCommentBody(codePr, pull, stage, new Date(clock.now()).toISOString(), seal);
        const key = (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(pull).toLowerCase();
        const written = await this.attempt('comment on', pull, async () => {
            const id = this.commentIds.get(key) ?? (await (0,_memory_ours_js__WEBPACK_IMPORTED_MODULE_1__/* .newestMarkedBy */ .O)(github, await github.listComments(pull.number), _memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .DOCS_PR_MARKER */ .iU))?.id;
            if (id === undefined)
                this.commentIds.set(key, await github.createComment(pull.number, body));
            else {
                await github.updateComment(id, body);
                this.commentIds.set(key, id);
            }
            return true;
        });
        return written === true;
    }
    warn(message) {
        this.stopped = true;
        this.context.logger.warning(message);
    }
}
/**
 * The documentation PR's comment as written: the marker, what the report says, and the sealed
 * record of the code PR it belongs to, sealed for this documentation PR, as its last line.
 */
function backLinkCommentBody(codePr, docsPr, stage, nowIso, seal) {
    const record = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .backLinkLine */ .cX)({ codePr: { repository: codePr.repository, number: codePr.number } }, seal, (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .docsPrScope */ .Ss)(docsPr.repository, docsPr.number));
    return `${_memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .DOCS_PR_MARKER */ .iU}\n${(0,_report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_4__/* .renderDocsPrComment */ .xY)(codePr, stage, nowIso)}\n${record}\n`;
}
/** Why a request on the documentation side failed, and what to give: one line. */
function whyNot(error, pull, doing) {
    if (error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.status === 403) {
        const needs = doing === 'mark ready for review'
            ? '"Pull requests: write" and "Contents: write"'
            : doing === 'read'
                ? '"Pull requests: read"'
                : '"Pull requests: write"';
        return `GitHub answered 403 (${error.answer ?? 'forbidden'}): docs-token needs ${needs} on ${pull.repository}.`;
    }
    if (error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.status === 404) {
        return `GitHub answered 404: the pull request was deleted, or the token cannot see ${pull.repository} (a private repository needs docs-token with access to it).`;
    }
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .errorMessage */ .gJ)(error);
}


/***/ }),

/***/ 48024:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ newestMarkedBy)
/* harmony export */ });
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(45834);

/**
 * The newest of a pull request's comments that this action wrote with `marker`: its first line is
 * the marker, and the token's own identity wrote it. Anyone else could quote the marker (and a
 * record) to point the action at another job, or to have it edit their comment. The identity costs
 * one request, made only when some comment carries the marker. Both the code PR's comment and the
 * documentation PR's back-link are found so.
 */
async function newestMarkedBy(github, comments, marker) {
    const marked = comments.filter((comment) => (0,_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isMarked */ .rZ)(comment.body, marker));
    if (marked.length === 0)
        return undefined;
    // Logins are case-insensitive on GitHub.
    const login = (await github.tokenLogin()).toLowerCase();
    return marked.filter((comment) => comment.authorLogin.toLowerCase() === login).at(-1);
}


/***/ })

};
