export const id = 723;
export const ids = [723];
export const modules = {

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


/***/ }),

/***/ 79723:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dw: () => (/* binding */ backLinkWithComment),
/* harmony export */   Go: () => (/* binding */ backLinkCommentIn),
/* harmony export */   PullRequestComment: () => (/* binding */ PullRequestComment),
/* harmony export */   d: () => (/* binding */ unverifiedBackLinkNotice)
/* harmony export */ });
/* unused harmony exports unverifiedNotice, backLinkIn */
/* harmony import */ var _github_api_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(28943);
/* harmony import */ var _report_agent_report_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(74262);
/* harmony import */ var _report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(66389);
/* harmony import */ var _report_gate_report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(25498);
/* harmony import */ var _report_impact_report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(99197);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(48992);
/* harmony import */ var _memory_record_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(45834);
/* harmony import */ var _memory_ours_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(48024);
/* harmony import */ var _memory_seal_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(80666);









/**
 * The action's one comment on a pull request, from finding it to its last write:
 *
 * - it is the newest comment whose first line is the marker and that the token's own identity
 *   wrote (`ours.ts`);
 * - its record is read from its last line, and only when its seal verifies for this pull request
 *   (`record.ts`, `seal.ts`): one that does not counts as none, with one notice;
 * - it is written as soon as the API accepted the job or the message (working), and again with
 *   the outcome, always the same comment;
 * - before each outcome write it reads the record again, and keeps what another run recorded
 *   meanwhile (a concurrent `closed` run's closing of the documentation PR);
 * - its hidden record moves to a new head only once the API accepted it;
 * - a failure to read or write it is one warning, and no write follows a failed one.
 *
 * The bodies are the report's (`report/agent-report.ts`); the record's form is `record.ts`.
 */
class PullRequestComment {
    github;
    pullRequest;
    earlier;
    backLink;
    deps;
    foundBody;
    commentId;
    stopped = false;
    /** When this run's job or message was accepted, as its first write recorded it. */
    acceptedAt;
    /** The record as the comment held it when this run last read it. */
    stored;
    /** What another run recorded of the documentation PR since this one read the record, when this run did not act on it. */
    newerDocsPr;
    constructor(github, pullRequest, 
    /** What the comment recorded before this run: the job and the head it had accepted. */
    earlier, existingId, 
    /** This pull request carries a documentation PR's back-link: it is the action's own documentation PR. */
    backLink, deps, 
    /** The comment's body as found: `command: sync` keeps its report and rewrites its tail. */
    foundBody) {
        this.github = github;
        this.pullRequest = pullRequest;
        this.earlier = earlier;
        this.backLink = backLink;
        this.deps = deps;
        this.foundBody = foundBody;
        this.commentId = existingId;
        this.stored = earlier;
    }
    /** The comment was found, but its record did not verify: the one notice that says why was given. */
    get recordUnverified() {
        return this.foundBody !== undefined && this.earlier === undefined && lastLineIsRecord(this.foundBody);
    }
    /**
     * The pull request's comment as the action last left it (or a new one to write). Undefined when
     * the comments cannot be read: one warning, and the run goes on without the comment and
     * without reuse-job, since a comment that cannot be found again would be written twice.
     * Cancellation and the step's deadline end the step, as with every GitHub read.
     */
    static async find(github, pullRequest, deps) {
        try {
            const comments = await github.listComments(pullRequest.number);
            const author = deps.author?.toLowerCase();
            const ours = author === undefined
                ? await (0,_memory_ours_js__WEBPACK_IMPORTED_MODULE_6__/* .newestMarkedBy */ .O)(github, comments, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .COMMENT_MARKER */ .JO)
                : comments.filter((comment) => (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .isMarked */ .rZ)(comment.body, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .COMMENT_MARKER */ .JO) && comment.authorLogin.toLowerCase() === author).at(-1);
            const earlier = ours && recordOf(ours.body, pullRequest, deps);
            return new PullRequestComment(github, pullRequest, earlier, ours?.id, backLinkOf(comments, pullRequest, deps), deps, ours?.body);
        }
        catch (error) {
            if ((0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .endsTheStep */ .g1)(error))
                throw error;
            deps.logger.warning(`Could not read the pull request's comments: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .errorMessage */ .gJ)(error)} Going on without the pull-request comment and without reuse-job.`);
            return undefined;
        }
    }
    /** Says the job is working, and records it so: as soon as the API accepted the job or the message. */
    writeWorking(view) {
        return this.write('working', view);
    }
    /**
     * Says how the run ended (or how it stands, before a later write: the preview building, the
     * documentation PR linked), with the record read again first. `github`: the client of this
     * write's window (a run's last writes each have one of their own); by default the one the
     * comment was found with. True once written.
     */
    async writeOutcome(view, github = this.github) {
        await this.readAgain(github, view.docsPr);
        return this.write('outcome', view, github);
    }
    /**
     * The record this run leaves: the job and head the API accepted in this run, else the record as
     * last read. After a refused, failed, cut-off or cancelled create or message, the next run then
     * sends the same change again instead of taking it as delivered.
     */
    recordFor(view, stage = 'outcome') {
        const { run } = view;
        const accepted = run.delivery === 'accepted' && run.jobId !== undefined;
        const job = accepted ? { jobId: run.jobId, headSha: this.pullRequest.headSha } : this.stored;
        if (!job)
            return undefined;
        const docsPr = this.docsPrOf(view.docsPr).record;
        // An earlier documentation PR not closed yet stays recorded until a run closes it.
        const supersedes = view.docsPr ? view.docsPr.supersedes : this.stored?.supersedes;
        // What was measured stays recorded until a run measures anew.
        const impact = view.impact?.record ?? this.stored?.impact;
        const preview = previewToRecord(view.preview, accepted ? undefined : this.stored?.preview);
        // The job is at work from the working write until a run saw it end (this run's outcome, or
        // another's, read again before this write): a run that sent nothing keeps what the record said,
        // unless it attached to the recorded job and saw it end.
        const sawEnd = run.jobId !== undefined && run.jobId === job.jobId && (isOver(run) || view.finished === true);
        const working = stage === 'working' ? accepted : accepted ? !sawEnd : !sawEnd && this.stored?.working === true;
        // When the API accepted it: this run's acceptance, else the one the record kept.
        const acceptedAt = accepted ? (this.acceptedAt ??= new Date(this.deps.clock.now()).toISOString()) : this.stored?.acceptedAt;
        // A revision after a review stays one while it is the work at hand: a job or message this run had accepted is not.
        const revising = working && !accepted && this.stored?.revising === true;
        return {
            jobId: job.jobId,
            headSha: job.headSha,
            ...(working ? { working: true } : {}),
            ...(working && acceptedAt !== undefined ? { acceptedAt } : {}),
            ...(revising ? { revising: true } : {}),
            ...(docsPr ? { docsPr } : {}),
            ...(supersedes ? { supersedes } : {}),
            ...(impact ? { impact } : {}),
            ...(preview ? { preview } : {}),
        };
    }
    /**
     * The documentation PR the record names and what the comment says of it: what this run's
     * following did, unless another run recorded something newer of a documentation PR this run did
     * not act on (then that, said as the record says it); with no following, the record's as read.
     */
    docsPrOf(outcome) {
        const newer = this.newerDocsPr;
        if (newer && !outcome?.acted)
            return { record: newer, section: (0,_report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_2__/* .renderDocsPrSection */ .dH)((0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(newer), newer.closedByAction ? 'closed' : 'linked') };
        if (!outcome)
            return { record: this.stored?.docsPr, section: undefined };
        const shown = outcome.shown;
        return { record: outcome.record, section: shown && (0,_report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_2__/* .renderDocsPrSection */ .dH)((0,_github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .pullName */ .N4)(shown.pull), shown.state, shown.superseded) };
    }
    /**
     * The comment's report kept, its documentation PR's line and gate line said anew where given
     * (kept as they were where not), and its record sealed: `command: sync`, and a run whose status
     * changed without a report of its own (a waiver). The comment is read again first, so what
     * another run wrote since (its report, its record) is what is kept; `change` makes this run's
     * record from the newest one. Nothing is written when there was no comment with a verified
     * record to keep. True once written.
     */
    async rewriteTail(change, tail, github = this.github) {
        if (this.stopped || this.commentId === undefined || !this.foundBody || !this.earlier)
            return false;
        const newest = await this.readBodyAgain(github);
        // In the one order of fields a record is read back in: a later comparison with it holds.
        const changed = change(newest?.record ?? this.stored ?? this.earlier);
        const record = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .normalRecord */ .JJ)(changed) ?? changed;
        // A comment edited on GitHub's web page comes back with CRLF line ends. Its first line is the
        // marker, so what is popped below never empties the list.
        const lines = (newest?.body ?? this.foundBody).split(/\r?\n/);
        const dropBlankLines = () => {
            while (lines.at(-1) === '')
                lines.pop();
        };
        // From the end: the record (it verified, so it is the last line), then the gate line and the
        // documentation PR's section this action wrote before it, each after a blank line.
        dropBlankLines();
        lines.pop();
        const found = new Map();
        for (const start of [_report_gate_report_js__WEBPACK_IMPORTED_MODULE_3__/* .GATE_LINE_START */ .OJ, _report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_2__/* .DOCS_PR_SECTION_START */ .AQ]) {
            dropBlankLines();
            if (lines.at(-1)?.startsWith(start))
                found.set(start, lines.pop());
        }
        dropBlankLines();
        const gateLine = tail.gate ? (0,_report_gate_report_js__WEBPACK_IMPORTED_MODULE_3__/* .renderGateLine */ .qS)(tail.gate) : found.get(_report_gate_report_js__WEBPACK_IMPORTED_MODULE_3__/* .GATE_LINE_START */ .OJ);
        const body = withTail(lines.join('\n'), tailOf(tail.docsPrSection ?? found.get(_report_docs_pr_report_js__WEBPACK_IMPORTED_MODULE_2__/* .DOCS_PR_SECTION_START */ .AQ), gateLine, this.sealed(record)));
        try {
            await github.updateComment(this.commentId, body);
            this.stored = record;
            this.deps.logger.info('Pull-request comment updated.');
            return true;
        }
        catch (error) {
            this.stopped = true;
            if (error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.kind === 'cancelled')
                return false;
            this.deps.logger.warning(`Could not write the pull-request comment: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .errorMessage */ .gJ)(error)}`);
            return false;
        }
    }
    /**
     * Whether the comment, read again now, still holds the record this run last read or wrote: what
     * a sweep asks just before its last writes, so that another run that wrote meanwhile (finished
     * the job, or recorded a push's new job) is never overwritten. A comment that cannot be read
     * again answers false: the next sweep tries again.
     */
    async unchangedSinceThisRun(github = this.github) {
        if (this.commentId === undefined || this.stopped)
            return false;
        const newest = await this.readBodyAgain(github);
        return newest !== undefined && sameRecord(newest.record, this.stored);
    }
    /**
     * The comment's body and verified record as GitHub has them now; undefined when they cannot be
     * read (said at info level: the write goes on with what this run has) or no longer verify.
     */
    async readBodyAgain(github) {
        try {
            const ours = (await github.listComments(this.pullRequest.number)).find((comment) => comment.id === this.commentId);
            const quiet = { ...this.deps, logger: { ...this.deps.logger, notice: () => undefined, info: () => undefined } };
            const record = ours && recordOf(ours.body, this.pullRequest, quiet);
            return ours && record ? { body: ours.body, record } : undefined;
        }
        catch (error) {
            this.deps.logger.info(`Could not read the pull-request comment again before writing it (${(0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .errorMessage */ .gJ)(error)}); writing what this run knows.`);
            return undefined;
        }
    }
    /**
     * Reads the comment's record again before writing the outcome: another run may have written it
     * since this one read it (two runs of one pull request without a concurrency group). What this
     * run did not change is taken from the newer record, so a documentation PR that a `closed` run
     * closed meanwhile stays recorded as closed by this action, and reopening the code PR still
     * reopens it. A failure to read is said at info level; the write goes on with what this run has.
     */
    async readAgain(github, outcome) {
        if (this.stopped || this.commentId === undefined)
            return;
        let newer;
        try {
            const comments = await github.listComments(this.pullRequest.number);
            const ours = comments.find((comment) => comment.id === this.commentId);
            if (!ours)
                return;
            // Read again quietly: what it says of the record was said when the comment was found.
            newer = recordOf(ours.body, this.pullRequest, { ...this.deps, logger: { ...this.deps.logger, notice: () => undefined, info: () => undefined } });
        }
        catch (error) {
            // A deadline or a cancellation here belongs to the write's own window: the write that follows
            // says it, once.
            this.deps.logger.info(`Could not read the pull-request comment again before writing it (${(0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .errorMessage */ .gJ)(error)}); writing what this run knows.`);
            return;
        }
        if (!newer || sameRecord(newer, this.stored))
            return;
        // The documentation PR as this run knows it: what its following left, else the record it read.
        const known = outcome ? outcome.record : this.stored?.docsPr;
        this.stored = newer;
        if (newer.docsPr && !sameRecord(newer.docsPr, known))
            this.newerDocsPr = newer.docsPr;
    }
    async write(stage, view, github = this.github) {
        if (this.stopped)
            return false;
        const { run, diff, preview } = view;
        const record = this.recordFor(view, stage);
        const now = new Date(this.deps.clock.now()).toISOString();
        const docsPr = this.docsPrOf(view.docsPr);
        const fixedTail = tailOf(docsPr.section, view.gate && (0,_report_gate_report_js__WEBPACK_IMPORTED_MODULE_3__/* .renderGateLine */ .qS)(view.gate), record && this.sealed(record));
        let impactSection = stage === 'outcome' && view.impact?.view ? (0,_report_impact_report_js__WEBPACK_IMPORTED_MODULE_4__/* .renderImpactSection */ .CZ)(view.impact.view, 4) : undefined;
        // The section is as long as its page paths, which are file names: where it would leave the
        // report less room than its shortest form, it gives way as a whole (the summary shows it).
        if (impactSection && _report_agent_report_js__WEBPACK_IMPORTED_MODULE_1__/* .COMMENT_LIMIT_CHARS */ .iW - tailChars([impactSection, ...fixedTail]) < (0,_report_agent_report_js__WEBPACK_IMPORTED_MODULE_1__/* .renderPrComment */ .Q1)(run, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .COMMENT_MARKER */ .JO, undefined, now, 0).length) {
            impactSection = (0,_report_impact_report_js__WEBPACK_IMPORTED_MODULE_4__/* .renderImpactTooLong */ .Ze)(4);
        }
        const tail = impactSection ? [impactSection, ...fixedTail] : fixedTail;
        // What follows the report's body is kept out of the room the report may fill, so the whole comment stays under GitHub's limit.
        const room = _report_agent_report_js__WEBPACK_IMPORTED_MODULE_1__/* .COMMENT_LIMIT_CHARS */ .iW - tailChars(tail);
        const body = withTail(stage === 'working'
            ? (0,_report_agent_report_js__WEBPACK_IMPORTED_MODULE_1__/* .renderWorkingComment */ .Jc)(run, diff, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .COMMENT_MARKER */ .JO, undefined, now)
            : (0,_report_agent_report_js__WEBPACK_IMPORTED_MODULE_1__/* .renderPrComment */ .Q1)(run, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .COMMENT_MARKER */ .JO, undefined, now, room, preview, docsPr.record), tail);
        try {
            let result;
            if (this.commentId === undefined) {
                this.commentId = await github.createComment(this.pullRequest.number, body);
                result = 'created';
            }
            else {
                await github.updateComment(this.commentId, body);
                result = 'updated';
            }
            this.stored = record;
            this.deps.logger.info(`Pull-request comment ${result}${stage === 'working' ? ' (working)' : ''}.`);
            return true;
        }
        catch (error) {
            this.stopped = true;
            // Cut off by the step's cancellation: the step says it was cancelled, once.
            if (error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.kind === 'cancelled')
                return false;
            this.deps.logger.warning(error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ && error.status === 403
                ? 'Could not write the pull-request comment (403): give the job "permissions: pull-requests: write", or set pr-comment: false.'
                : `Could not write the pull-request comment: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .errorMessage */ .gJ)(error)}`);
            return false;
        }
    }
    /** The record line, sealed for this pull request under `api-key` (a record read under `previous-api-key` is sealed anew). */
    sealed(record) {
        return (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .recordLine */ .IK)(record, this.deps.seal, this.scope);
    }
    get scope() {
        return (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_7__/* .codePrScope */ .ce)(this.pullRequest.repository, this.pullRequest.number);
    }
}
/**
 * What follows the report's body, in this order, each after a blank line: the documentation PR's
 * line, the gate's line, the sealed record (last: it is read from the last line). The one builder
 * of the comment's tail, for every write (the outcome, and `rewriteTail`).
 */
function tailOf(docsPrSection, gateLine, hidden) {
    return [docsPrSection, gateLine, hidden].filter((part) => Boolean(part));
}
/**
 * The preview the record keeps: one this run asked for and did not see end (a sweep's), for a
 * later sweep to show; none once this run saw it end; else the one the record kept (`kept`: none
 * once a new job was accepted).
 */
function previewToRecord(preview, kept) {
    if (!preview)
        return kept;
    if (preview.status !== undefined || preview.statusId === undefined || !preview.branch || !(0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .isBounded */ .Ct)(preview.branch))
        return undefined;
    const url = preview.url !== undefined && preview.url.length <= _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .MAX_PREVIEW_URL_CHARS */ .YC ? preview.url : undefined;
    return {
        statusId: preview.statusId,
        branch: preview.branch,
        triggeredAt: new Date(preview.triggeredAt ?? 0).toISOString(),
        ...(url !== undefined ? { url } : {}),
    };
}
/**
 * Whether this run saw the job end (a terminal status): a run that timed out, was cancelled or
 * stopped while waiting, or did not wait, leaves it working.
 */
function isOver(run) {
    return run.outcome === 'pr-opened' || run.outcome === 'no-pr' || run.outcome === 'failed' || run.outcome === 'archived';
}
/** The body with what follows the report's part (the documentation PR's section, the hidden record), each after a blank line. */
function withTail(body, tail) {
    return [body.replace(/\n$/, ''), ...tail.flatMap((part) => ['', part])].join('\n') + '\n';
}
/** The verified record of our comment, or none; one that does not verify is said in one notice, with its likely cause and the way out. */
function recordOf(body, pullRequest, deps) {
    const reading = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .readRecord */ .aE)(body, deps.seal, (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_7__/* .codePrScope */ .ce)(pullRequest.repository, pullRequest.number));
    if (reading.found === 'unverified')
        deps.logger.notice(unverifiedNotice(deps.seal.hasPreviousKey));
    if (reading.found === 'verified' && reading.sealedWith === 'previous-api-key') {
        deps.logger.info("The pull-request comment's record was sealed under previous-api-key: this run's next write of it seals it under api-key.");
    }
    return reading.found === 'verified' ? reading.record : undefined;
}
/** The notice for a record that does not verify: the likely cause first (a rotated key), and the way out. */
function unverifiedNotice(hadPreviousKey) {
    return `The pull-request comment's hidden record does not verify, so it counts as none. ${likelyCause(hadPreviousKey)}; otherwise it was edited by hand or copied from elsewhere. Until a run records anew, the job is not reused and no documentation PR is acted on.`;
}
/** The notice for a documentation PR's back-link that does not verify (`command: sync`): the same cause, and what it costs. */
function unverifiedBackLinkNotice(hadPreviousKey) {
    return `This pull request's back-link to its code PR does not verify, so it counts as none. ${likelyCause(hadPreviousKey)}; otherwise it was edited by hand or copied from elsewhere. Nothing is brought in step until the code PR's next run links this pull request again.`;
}
function likelyCause(hadPreviousKey) {
    return hadPreviousKey
        ? 'It was not sealed under api-key nor under previous-api-key: most likely under a key older than both'
        : 'Most likely api-key was rotated since it was written (admin keys expire, by default after 90 days): give the earlier key as previous-api-key until every open pull request has been written again';
}
/**
 * The back-link this action left on the pull request when it is a documentation PR that follows a
 * code PR: a comment marked as one whose record verifies for this pull request. Its author does not
 * matter (it is the docs token's identity, which this run may not know); the seal does.
 */
function backLinkOf(comments, pullRequest, deps) {
    const reading = backLinkIn(comments, pullRequest, deps.seal);
    return reading.found === 'verified' ? reading.record : undefined;
}
/**
 * The back-link among a pull request's comments (`command: sync` reads the documentation PR's so):
 * verified, the first that verifies; unverified, when a back-link is there but none verifies (a
 * key rotated, an edit); none at all.
 */
function backLinkIn(comments, pullRequest, seal) {
    return backLinkWithComment(comments, pullRequest, seal).reading;
}
/** The back-link comment among a pull request's comments that verifies for it; undefined when none does. */
function backLinkCommentIn(comments, pullRequest, seal) {
    return backLinkWithComment(comments, pullRequest, seal).comment;
}
/** The back-link as `backLinkIn` reads it, and the comment that holds it when it verified. */
function backLinkWithComment(comments, pullRequest, seal) {
    const scope = (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_7__/* .docsPrScope */ .Ss)(pullRequest.repository, pullRequest.number);
    let unverified = false;
    for (const comment of comments) {
        if (!(0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .isMarked */ .rZ)(comment.body, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .DOCS_PR_MARKER */ .iU))
            continue;
        const reading = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .readBackLink */ .QU)(comment.body, seal, scope);
        if (reading.found === 'verified') {
            return { reading, comment: { commentId: comment.id, author: comment.authorLogin, body: comment.body, record: reading.record } };
        }
        unverified ||= reading.found === 'unverified';
    }
    return { reading: { found: unverified ? 'unverified' : 'none' } };
}
/** Whether a comment's last line is a record of the code PR's kind, whether or not it verifies. */
function lastLineIsRecord(body) {
    return body
        .replace(/[\r\n]+$/, '')
        .split('\n')
        .at(-1)
        .startsWith('<!-- docs-agent-action:state ');
}
/** Records are written by one function, their fields always in one order: their JSON tells them apart. */
function sameRecord(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
}
/**
 * The characters the parts after the report's body add: each after a blank line. The final line
 * break is the report's own (its bodies end with one), moved after them, so a comment of exactly
 * GitHub's limit is written whole.
 */
function tailChars(parts) {
    return parts.reduce((chars, part) => chars + part.length + 2, 0);
}


/***/ }),

/***/ 25498:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OJ: () => (/* binding */ GATE_LINE_START),
/* harmony export */   iQ: () => (/* binding */ renderSentence),
/* harmony export */   qS: () => (/* binding */ renderGateLine)
/* harmony export */ });
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(27242);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(54285);


const STATE_TEXT = {
    pending: '⏳ pending',
    success: '✅ success',
    failure: '❌ failure',
    error: '⚠️ error',
};
/** The line of the code PR's comment that says what the documentation gate is waiting for (Markdown). */
function renderGateLine(status) {
    return `**Documentation gate** (\`${_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .GATE_CONTEXT */ .uX}\`): ${STATE_TEXT[status.state]}: ${renderSentence(status, 'text')}.`;
}
/** The status's sentence in Markdown: its words as text, the names in it as code. */
function renderSentence(status, place) {
    return status.sentence.map((part) => (typeof part === 'string' ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(part) : (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(part.name, place))).join('');
}
/** How the gate's line starts: the sync command finds it again in the comment by it. */
const GATE_LINE_START = '**Documentation gate** ';


/***/ })

};
