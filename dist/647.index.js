export const id = 647;
export const ids = [647];
export const modules = {

/***/ 64647:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DocsPrFollower: () => (/* binding */ DocsPrFollower)
/* harmony export */ });
/* unused harmony export backLinkCommentBody */
/* harmony import */ var _github_api_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(28943);
/* harmony import */ var _memory_ours_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48024);
/* harmony import */ var _memory_record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(45834);
/* harmony import */ var _memory_seal_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80666);
/* harmony import */ var _runtime_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(33683);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(48992);
/* harmony import */ var _access_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(40392);
/* harmony import */ var _outcome_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(21136);
/* harmony import */ var _target_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(25783);









/**
 * Keeps the documentation PR in step with its code PR (follow-code-pr), acting only on a pull
 * request the one decision (`decide.ts`) found to be the run's documentation PR, or the one the
 * code PR's verified record names, checked by the same decision:
 *
 * - a run whose job reports a documentation PR gives it one comment of its own (found again by
 *   its marker and the docs token's identity) linking back to the code PR, with a sealed record
 *   of that code PR; a different PR than the record's supersedes the earlier one (`supersede`,
 *   once the code PR's record names the newer one), which is closed when it is still open;
 * - a code PR closed without merging closes its documentation PR (never its branch); a merged
 *   one marks a draft ready for review and says so in the comment;
 * - a reopened code PR reopens the documentation PR only when this action closed it;
 * - a documentation PR already merged or closed by someone else is left as it is.
 *
 * The first write that cannot be done is one warning, and nothing more is tried on GitHub's
 * documentation side in this run (a token without access would fail the same way again), but for
 * marking ready for review, which needs a permission of its own: the comment is still written.
 * Cancellation and the step's deadline stop it without a warning: the caller's phase ends, and
 * what was done stays recorded. Nothing here ever merges or deletes a branch.
 */
class DocsPrFollower {
    context;
    recorded;
    done = 'none';
    stopped = false;
    shown;
    acted = false;
    changed;
    /** The documentation PRs' comments this run found or wrote, by `owner/name#number`: their IDs and back-links. */
    comments = new Map();
    /** The record's documentation PR before this run linked another: the one `supersede` closes. */
    replaced;
    /** The job whose report this run links: recorded in the back-link. */
    reportedBy;
    /**
     * `recorded`: the documentation PR the code PR's verified record names, if any; `replacing`: an
     * earlier one the record says it replaced and that is not closed yet (a run stopped between the
     * two): `supersede` closes it.
     */
    constructor(context, recorded, replacing) {
        this.context = context;
        this.recorded = recorded;
        this.replaced = replacing;
    }
    /** What this run did to the documentation PR so far: the run record's part. */
    get outcome() {
        return {
            action: this.done,
            record: this.recorded,
            shown: this.shown,
            acted: this.acted,
            changed: this.changed,
            ...(this.replaced ? { supersedes: this.replaced } : {}),
        };
    }
    /** `closed`: merged or not, the recorded documentation PR follows, once the decision found it to be the record's. */
    async codePrClosed(merged, decision) {
        const docs = this.recorded;
        if (!docs) {
            this.context.logger.info('No documentation PR is recorded in the pull-request comment: nothing to bring in step.');
            return;
        }
        if (this.context.dryRun)
            return this.dryRun(`would ${merged ? 'mark' : 'close'} documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}`);
        const found = await this.foundOrShown(docs, decision);
        if (!found)
            return;
        const { github, pull } = found;
        if (this.leftAlone(docs, pull, docs.closedByAction))
            return;
        if (merged) {
            // Marking ready needs "Contents: write" besides "Pull requests: write": its failure is its
            // own warning, and the comment, which needs only the latter, is still written.
            const markedReady = pull.draft
                ? (await this.attempt('mark ready for review', docs, async () => (await github.markReadyForReview(pull.nodeId), true), false)) === true
                : false;
            if (markedReady)
                this.done = 'marked-ready';
            const commented = await this.writeDocsComment(github, pull, docs, { kind: 'merged', markedReady });
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
        this.changed = closed;
        this.context.logger.info(`Closed documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}; its branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .quotedForLog */ .IK)(pull.headRef)} is kept.`);
        this.show({ ...docs, closedByAction: true }, 'closed', { acted: true });
        await this.writeDocsComment(github, pull, docs, { kind: 'closed' });
    }
    /** `reopened`, before the run goes on: a documentation PR that this action closed is reopened, once the decision found it. */
    async codePrReopened(decision) {
        const docs = this.recorded;
        if (!docs)
            return;
        if (!docs.closedByAction) {
            this.context.logger.info(`Documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} was not closed by this action: not reopened.`);
            return;
        }
        if (this.context.dryRun)
            return this.dryRun(`would reopen documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)}`);
        const found = await this.foundOrShown(docs, decision);
        if (!found)
            return;
        const { github, pull } = found;
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
        this.changed = reopened;
        this.context.logger.info(`Reopened documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(docs)} with its code PR.`);
        this.show({ ...docs, closedByAction: false }, 'reopened', { acted: true });
        await this.writeDocsComment(github, pull, docs, { kind: 'reopened' });
    }
    /**
     * After the job: the run's documentation PR, as decided, is linked (its comment, with the
     * sealed back-link) and recorded. One that could not be checked is recorded all the same, so a
     * later run with a token can follow it (that run checks it before it acts); a refused one
     * changes nothing. True when an earlier documentation PR in the record is to be superseded: the
     * caller first has the code PR's record name the newer one, then calls `supersede`. `jobId`: the
     * job that reported it, which its back-link records (the review loop sends reviews to it).
     */
    async linkReported(decision, jobId) {
        if (decision.kind === 'none' || this.stopped || this.context.signal.aborted)
            return false;
        this.reportedBy = jobId;
        const earlier = this.recorded;
        if (decision.kind === 'refused') {
            this.stopped = true;
            this.showDecision(earlier, decision);
            return false;
        }
        const { pull: target, headRef } = decision;
        const same = earlier !== undefined && (0,_target_js__WEBPACK_IMPORTED_MODULE_6__/* .sameRepository */ .RB)(earlier.repository, target.repository) && earlier.number === target.number;
        // The repository's ID as GitHub answered it; unchecked, what the record kept of the same PR.
        const repositoryId = decision.kind === 'found' ? decision.state.repositoryId : same ? earlier.repositoryId : undefined;
        const record = {
            repository: target.repository,
            number: target.number,
            ...(repositoryId !== undefined ? { repositoryId } : {}),
            headRef,
            closedByAction: same ? earlier.closedByAction : false,
        };
        if (this.context.dryRun) {
            this.dryRun(`would link documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)}`);
            return false;
        }
        if (decision.kind === 'unchecked') {
            // Recorded for a later run with a token to check before it acts; but never in place of a
            // recorded one this run could not supersede, which would leave that one open and forgotten.
            if (earlier && !same) {
                this.showDecision(earlier, decision);
                return false;
            }
            this.show(record, 'unchecked', { acted: !same });
            return false;
        }
        const supersedes = earlier !== undefined && !same && !this.context.linkOnly;
        if (this.leftAlone(record, decision.state, record.closedByAction)) {
            // A newer documentation PR merged or closed already still replaces an earlier open one.
            this.replaced = supersedes ? earlier : undefined;
            return supersedes;
        }
        const github = (0,_access_js__WEBPACK_IMPORTED_MODULE_5__/* .docsClientFor */ .s$)(this.context.access, target);
        const linked = github ? await this.writeDocsComment(await github, decision.state, target, { kind: 'linked' }) : false;
        // What this run did before stands (reopened it, superseded an earlier one): linking is the least of them.
        if (linked && this.done === 'none')
            this.done = 'linked';
        if (linked)
            this.context.logger.info(`Linked documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(target)} to this pull request.`);
        this.show(record, linked ? (this.done === 'reopened' ? 'reopened' : 'linked') : 'not-updated', { acted: !same });
        if (!linked || !supersedes)
            return false;
        this.replaced = earlier;
        return true;
    }
    /**
     * Closes the record's earlier documentation PR in favour of the newer one just linked, when it
     * is ours to close: the decision finds it to be the one recorded, and it is still open. Called
     * once the code PR's record names the newer one, so a run stopped here orphans nothing.
     */
    async supersede(newerLink) {
        const earlier = this.replaced;
        const newer = this.recorded;
        if (!earlier || !newer || this.stopped || this.context.signal.aborted)
            return;
        if (!(0,_target_js__WEBPACK_IMPORTED_MODULE_6__/* .sameRepository */ .RB)(earlier.repository, newer.repository)) {
            this.replaced = undefined;
            this.warn(`The pull-request comment records documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier)}, in another repository than the job's (${newer.repository}): it is left as it is.`);
            return;
        }
        const decision = await this.context.decideRecorded(earlier);
        // Only a close that failed leaves it for the next run: everything else is an answer.
        if (decision.kind !== 'found') {
            if (decision.kind === 'refused')
                this.replaced = undefined;
            return;
        }
        const pull = decision.state;
        if (pull.merged || pull.state === 'closed') {
            this.replaced = undefined;
            this.context.logger.info(`The earlier documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier)} is already ${pull.merged ? 'merged' : 'closed'}: left as it is.`);
            return;
        }
        const client = (0,_access_js__WEBPACK_IMPORTED_MODULE_5__/* .docsClientFor */ .s$)(this.context.access, earlier);
        if (!client)
            return;
        const github = await client;
        const closed = await this.attempt('close', earlier, () => github.setPullRequestState(earlier.number, 'closed'));
        if (!closed)
            return;
        this.replaced = undefined;
        this.done = 'superseded';
        this.context.logger.info(`Closed the earlier documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier)} in favour of ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(newer)}; its branch ${(0,_text_js__WEBPACK_IMPORTED_MODULE_7__/* .quotedForLog */ .IK)(pull.headRef)} is kept.`);
        this.shown = this.shown && { ...this.shown, superseded: (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(earlier) };
        await this.writeDocsComment(github, pull, earlier, { kind: 'superseded', newer: (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(newer), newerLink });
    }
    /**
     * The recorded documentation PR as the decision found it, with the client that reaches it; or
     * undefined, and the comment says what the decision found instead (it warned already).
     */
    async foundOrShown(docs, decision) {
        // Only a decision about the recorded pull request speaks for it; the decision reached it, so a token does.
        const github = decision.kind === 'found' && samePull(decision.pull, docs) ? (0,_access_js__WEBPACK_IMPORTED_MODULE_5__/* .docsClientFor */ .s$)(this.context.access, docs) : undefined;
        if (decision.kind !== 'found' || !github) {
            // Nothing was written: a later documentation PR of this run is still linked.
            this.showDecision(docs, decision);
            return undefined;
        }
        return { github: await github, pull: decision.state };
    }
    /** What the record keeps and the comment says after a decision that found no documentation PR to act on. */
    showDecision(kept, decision) {
        const shown = (0,_outcome_js__WEBPACK_IMPORTED_MODULE_8__/* .shownOfDecision */ .X)(decision);
        this.recorded = kept;
        this.shown = shown;
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
    show(docs, state, { acted = false } = {}) {
        this.recorded = docs;
        this.shown = docs && { pull: { repository: docs.repository, number: docs.number }, state };
        this.acted ||= acted;
    }
    /**
     * Runs one write on the documentation side; a failure is one warning, and (unless
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
            // Cancellation and the step's deadline end the phase, which records what was done.
            if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_4__/* .isCancellation */ .iB)(error, this.context.signal) || (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .endsTheStep */ .g1)(error)) {
                this.stopped = true;
                throw error;
            }
            this.context.logger.warning(`Could not ${doing} documentation PR ${(0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(pull)}: ${whyNot(error, pull, doing)}`);
            return undefined;
        }
    }
    /**
     * Writes (or updates) the documentation PR's own comment, with its sealed back-link (bound to
     * the documentation repository's ID as GitHub answered it); false when it could not.
     */
    async writeDocsComment(github, state, pull, stage) {
        const { codePr, seal, clock } = this.context;
        const key = (0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(pull).toLowerCase();
        const docsPr = { id: state.repositoryId, name: pull.repository, number: pull.number };
        const written = await this.attempt('comment on', pull, async () => {
            const commentAuthor = await this.context.commentAuthor();
            // The comment is read once a run; what its back-link recorded of the same code PR (its job, the
            // reviews the review loop sent) stays: only the job this run links replaces the job.
            const known = this.comments.get(key);
            const ours = known ? undefined : await (0,_memory_ours_js__WEBPACK_IMPORTED_MODULE_1__/* .newestMarkedBy */ .O)(github, await github.listComments(pull.number), _memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .DOCS_PR_MARKER */ .iU);
            const kept = known ? known.backLink : ours && keptOfBackLink(ours.body, docsPr, codePr, seal);
            const jobId = this.reportedBy ?? kept?.jobId;
            const backLink = {
                codePr: { repository: codePr.repository, number: codePr.number, ...(codePr.repositoryId !== undefined ? { repositoryId: codePr.repositoryId } : {}) },
                commentAuthor,
                ...(jobId !== undefined ? { jobId } : {}),
                ...(kept?.reviewsSent ? { reviewsSent: kept.reviewsSent } : {}),
            };
            const visible = this.context.renderComment(stage, new Date(clock.now()).toISOString());
            const body = backLinkCommentBody(visible, backLink, docsPr, seal);
            const id = known?.id ?? ours?.id;
            if (id === undefined)
                this.comments.set(key, { id: await github.createComment(pull.number, body), backLink });
            else {
                await github.updateComment(id, body);
                this.comments.set(key, { id, backLink });
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
 * The documentation PR's comment as written: the marker, what the report says (`visible`), and the
 * sealed record of the code PR it belongs to, sealed for this documentation PR (its repository's
 * ID), as its last line.
 */
function backLinkCommentBody(visible, backLink, docsPr, seal) {
    const record = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .backLinkLine */ .cX)(backLink, seal, (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .docsPrScope */ .Ss)({ id: docsPr.id, name: docsPr.name }, docsPr.number));
    return `${_memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .DOCS_PR_MARKER */ .iU}\n${visible.replace(/\n$/, '')}\n${record}\n`;
}
/** What a back-link already on the documentation PR recorded of this code PR (verified, sealed for that pull request), or nothing. */
function keptOfBackLink(body, docsPr, codePr, seal) {
    const reading = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_2__/* .readBackLink */ .QU)(body, seal, (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_3__/* .docsPrScope */ .Ss)({ id: docsPr.id, name: docsPr.name }, docsPr.number));
    if (reading.found !== 'verified' || !samePull(reading.record.codePr, codePr))
        return undefined;
    return reading.record;
}
function samePull(a, b) {
    return (0,_target_js__WEBPACK_IMPORTED_MODULE_6__/* .sameRepository */ .RB)(a.repository, b.repository) && a.number === b.number;
}
/** Why a request on the documentation side failed, and what to give: one line. */
function whyNot(error, pull, doing) {
    if (error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.status === 403) {
        const needs = doing === 'mark ready for review' ? '"Pull requests: write" and "Contents: write"' : '"Pull requests: write"';
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
