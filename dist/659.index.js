export const id = 659;
export const ids = [659,723];
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
/* harmony export */   PullRequestComment: () => (/* binding */ PullRequestComment),
/* harmony export */   Zk: () => (/* binding */ backLinkIn),
/* harmony export */   d: () => (/* binding */ unverifiedBackLinkNotice)
/* harmony export */ });
/* unused harmony export unverifiedNotice */
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
        // The job is at work from the working write until a run saw it end (this run's outcome, or
        // another's, read again before this write): a run that sent nothing keeps what the record said,
        // unless it attached to the recorded job and saw it end.
        const sawEnd = run.jobId !== undefined && run.jobId === job.jobId && isOver(run);
        const working = stage === 'working' ? accepted : accepted ? !sawEnd : !sawEnd && this.stored?.working === true;
        return {
            jobId: job.jobId,
            headSha: job.headSha,
            ...(working ? { working: true } : {}),
            ...(docsPr ? { docsPr } : {}),
            ...(supersedes ? { supersedes } : {}),
            ...(impact ? { impact } : {}),
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
        const record = change(newest?.record ?? this.stored ?? this.earlier);
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
    const scope = (0,_memory_seal_js__WEBPACK_IMPORTED_MODULE_7__/* .docsPrScope */ .Ss)(pullRequest.repository, pullRequest.number);
    let found = { found: 'none' };
    for (const comment of comments) {
        if (!(0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .isMarked */ .rZ)(comment.body, _memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .DOCS_PR_MARKER */ .iU))
            continue;
        const reading = (0,_memory_record_js__WEBPACK_IMPORTED_MODULE_5__/* .readBackLink */ .QU)(comment.body, seal, scope);
        if (reading.found === 'verified')
            return reading;
        if (reading.found === 'unverified')
            found = reading;
    }
    return found;
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


/***/ }),

/***/ 89659:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  syncStep: () => (/* binding */ syncStep)
});

// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(27242);
// EXTERNAL MODULE: ./src/docs-pr/decide.ts
var decide = __webpack_require__(53274);
// EXTERNAL MODULE: ./src/docs-pr/outcome.ts
var outcome = __webpack_require__(21136);
// EXTERNAL MODULE: ./src/docs-pr/target.ts
var target = __webpack_require__(25783);
// EXTERNAL MODULE: ./src/event.ts
var src_event = __webpack_require__(80807);
// EXTERNAL MODULE: ./src/gate/approval.ts
var approval = __webpack_require__(56852);
// EXTERNAL MODULE: ./src/gate/facts.ts + 1 modules
var facts = __webpack_require__(37670);
// EXTERNAL MODULE: ./src/gate/status.ts
var gate_status = __webpack_require__(34345);
// EXTERNAL MODULE: ./src/github/clients.ts + 1 modules
var github_clients = __webpack_require__(85607);
// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/memory/seal.ts
var memory_seal = __webpack_require__(80666);
// EXTERNAL MODULE: ./src/pr-comment/comment.ts
var pr_comment_comment = __webpack_require__(79723);
// EXTERNAL MODULE: ./src/report/docs-pr-report.ts
var docs_pr_report = __webpack_require__(66389);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
// EXTERNAL MODULE: ./src/report/gate-report.ts
var gate_report = __webpack_require__(25498);
;// CONCATENATED MODULE: ./src/report/sync-report.ts



const OUTCOME_TEXT = {
    synced: '🔗 The code PR was brought in step',
    skipped: '⏭️ Nothing to bring in step',
    error: '⚠️ Stopped by an error',
    cancelled: '🛑 Cancelled',
    'dry-run': '🧪 Dry run: nothing changed',
};
/** The summary of a sync run: what it found, the status it wrote, and whether the code PR's comment was updated. */
function renderSyncSummary(run) {
    const rows = [
        ['Outcome', `**${OUTCOME_TEXT[run.outcome]}** (\`${run.outcome}\`)`],
        ['Documentation PR', (0,markdown/* codeSpan */.SS)(run.docsPr, 'cell')],
        ['Code PR', run.codePr ? (0,markdown/* codeSpan */.SS)(run.codePr, 'cell') : '—'],
        ['Documentation PR stands', run.standing ? (0,markdown/* escapeText */.X1)(run.standing) : '—'],
        [
            `Status \`${constants/* GATE_CONTEXT */.uX}\``,
            run.gate
                ? `${run.written ? (0,markdown/* escapeText */.X1)(run.written) : 'not written'}: ${(0,gate_report/* renderSentence */.iQ)(run.gate, 'cell')}`
                : run.held
                    ? 'left pending: the documentation job is at work on the code PR’s head'
                    : '—',
        ],
        ['Code PR comment', run.commentUpdated ? 'updated' : 'not updated'],
    ];
    const parts = ['## Documentation PR sync', '', (0,markdown/* keyValueTable */.z2)(rows)];
    if (run.reason)
        parts.push('', (0,markdown/* codeSpan */.SS)(run.reason, 'text', markdown/* MAX_MESSAGE_CHARS */.hP));
    return `${parts.join('\n')}\n`;
}

// EXTERNAL MODULE: ./src/runtime.ts
var runtime = __webpack_require__(33683);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(48992);
// EXTERNAL MODULE: ./src/steps/last-writes.ts
var last_writes = __webpack_require__(42456);
;// CONCATENATED MODULE: ./src/steps/sync.ts

















/**
 * `command: sync`, on a documentation PR's own events (a review submitted or dismissed; the pull
 * request closed, reopened or pushed to), in the documentation repository's workflow or in the
 * same workflow as the code: it finds the code PR through this action's sealed back-link on the
 * documentation PR, and brings the code PR in step — the `documentation` status on the code PR's
 * current head, and the documentation PR's state in the code PR's comment. No job, no request to
 * the documentation API.
 *
 * It believes GitHub, not the event: the event only says which documentation PR to look at (a
 * re-run replays an old payload, and events arrive late); the documentation PR's state, head and
 * reviews, and the code PR's head and labels, are read when it runs, and the gate is the one the
 * agent command uses (`gate/`). Without a back-link, or when the code PR's record (in the comment
 * of the identity the back-link names) names another documentation PR, it does nothing (outcome
 * `skipped`). While the record says a job is at work on the code PR's head, that head's `pending`
 * stays: only the comment's documentation PR line is brought up to date.
 */
async function syncStep(settings, context) {
    const number = docsPullNumberOf(context.event);
    const repository = (0,src_event/* workflowRepositoryOf */.ls)(context.event, context.env);
    const run = {
        outcome: 'synced',
        docsPr: number !== undefined ? `${repository?.name ?? ''}#${number}` : (repository?.name ?? ''),
        codePr: undefined,
        standing: undefined,
        state: undefined,
        gate: undefined,
        held: false,
        written: undefined,
        commentUpdated: false,
        reason: undefined,
    };
    const clients = (0,github_clients/* gitHubClients */.o)(settings, context);
    const connect = (token, repo) => clients(token, repo, context.deadline.at);
    let code;
    try {
        if (number === undefined || !repository)
            throw new Error('The event names no pull request, or GITHUB_REPOSITORY is not set: there is no documentation PR to sync.');
        if (!settings.githubToken)
            throw new Error('Input "github-token" is empty: it is needed to read the documentation PR\'s back-link.');
        code = await findCodeSide(settings, context, connect, repository, number, run);
        if (code)
            await judge(settings, context, connect, repository, code, run);
    }
    catch (error) {
        run.outcome = (0,runtime/* isCancellation */.iB)(error, context.signal) ? 'cancelled' : 'error';
        run.reason = run.outcome === 'cancelled' ? 'Cancelled while bringing the code PR in step.' : (0,src_text/* errorMessage */.gJ)(error);
    }
    // Cancelled after it judged: the last writes still say what it found, within the cancellation's window.
    if (code && run.state !== undefined && (run.outcome === 'synced' || run.outcome === 'cancelled'))
        await publish(settings, context, code, run);
    return report(run, context);
}
/**
 * The back-link on the documentation PR, sealed for it, then the code PR it names as GitHub has
 * it now and the action's comment there (written by the identity the back-link names), whose
 * record must name this documentation PR. Undefined, with the run `skipped` or `dry-run`, when
 * the run stops there.
 */
async function findCodeSide(settings, context, connect, repository, number, run) {
    const { logger } = context;
    const seal = memory_seal/* RecordSeal */.l_.fromApiKey(settings.apiKey, settings.previousApiKey);
    const docsGitHub = await connect(settings.githubToken, (0,target/* repoName */.Qq)(repository.name));
    const reading = (0,pr_comment_comment/* backLinkIn */.Zk)(await docsGitHub.listComments(number), { repository, number }, seal);
    if (reading.found === 'unverified')
        return skip(run, logger, (0,pr_comment_comment/* unverifiedBackLinkNotice */.d)(seal.hasPreviousKey));
    if (reading.found === 'none') {
        return skip(run, logger, `This pull request carries no back-link of this action's that verifies: it documents no code PR the action follows, so there is nothing to bring in step.`);
    }
    const backLink = reading.record;
    const codePr = backLink.codePr;
    run.codePr = (0,api/* pullName */.N4)(codePr);
    const token = settings.codeToken || ((0,target/* sameRepository */.RB)(codePr.repository, repository.name) ? settings.githubToken : '');
    if (!token) {
        throw new Error(`The code PR ${run.codePr} is in another repository than this workflow's (${repository.name}): give code-token a token with "Commit statuses: write" and "Pull requests: write" on ${codePr.repository}, e.g. from actions/create-github-app-token.`);
    }
    if (settings.dryRun) {
        run.outcome = 'dry-run';
        logger.info(`Dry run: would bring code PR ${run.codePr} in step; nothing was changed on GitHub.`);
        return undefined;
    }
    const repo = (0,target/* repoName */.Qq)(codePr.repository);
    const codeGitHub = await connect(token, repo);
    const pull = await codeGitHub.pullRequest(codePr.number);
    const codeRepository = { id: codePr.repositoryId ?? pull.repositoryId, name: codePr.repository };
    // The action's comment is the one its own identity wrote there: the back-link names it (an older
    // back-link does not: then the token's own identity, as the agent command finds it).
    const author = backLink.commentAuthor ?? (await codeGitHub.tokenLogin());
    const comment = await pr_comment_comment.PullRequestComment.find(codeGitHub, { repository: codeRepository, number: codePr.number, headSha: pull.headSha }, { logger, clock: context.clock, seal, author });
    const earlier = comment?.earlier;
    const recorded = earlier?.docsPr;
    // Only the documentation PR the code PR's sealed record names speaks for the code PR: an
    // earlier one (superseded, closed by the action, or left open) keeps its back-link, and its
    // approval or closing must not set the status the newer one holds.
    if (!comment || !earlier || !recorded || !isThisPull(recorded, repository, number)) {
        return skip(run, 
        // A record that does not verify had its one notice, with the likely cause.
        comment?.recordUnverified ? { ...logger, notice: () => undefined } : logger, earlier
            ? `The code PR ${run.codePr}'s record names another documentation PR than ${run.docsPr}: it speaks for the code PR, so its status and comment are left as they are.`
            : `The code PR ${run.codePr} has no comment of this action's (written by ${author}) with a record that verifies, so nothing says ${run.docsPr} is its documentation PR: its status and comment are left as they are.`);
    }
    // The record may name the documentation repository by a name it had before a rename: it is asked for by its name now.
    return { repo, token, pull, comment, earlier, recorded: { ...recorded, repository: repository.name } };
}
/** Whether the code PR's record names this documentation PR: by the repository's ID where both are known (a rename keeps it), else by name. */
function isThisPull(recorded, repository, number) {
    if (recorded.number !== number)
        return false;
    return recorded.repositoryId !== undefined && repository.id !== undefined
        ? recorded.repositoryId === repository.id
        : (0,target/* sameRepository */.RB)(recorded.repository, repository.name);
}
/**
 * Where the documentation PR stands, read from GitHub now and held to the record by the one
 * decision (`docs-pr/decide.ts`), its approval by the one approval read, and the status by the
 * one gate (`gate/facts.ts`): none while a job is at work on the code PR's head.
 */
async function judge(settings, context, connect, repository, code, run) {
    const decision = await (0,decide/* decideRecorded */.p_)(code.recorded, {
        serverUrl: (0,target/* serverUrlFrom */.dJ)(context.env),
        codePr: { repository: `${code.repo.owner}/${code.repo.repo}`, number: code.pull.number, headRef: code.pull.headRef },
        access: { docsToken: '', githubToken: settings.githubToken, workflowRepository: repository.name, connect },
        logger: context.logger,
        signal: context.signal,
    });
    run.standing = standingOf(decision, code.recorded);
    // Not checked (GitHub failing): nothing new to say, so the status and the comment stay as they are (the decision warned).
    run.state = run.standing ? stateOf(run.standing) : decision.kind === 'unchecked' ? undefined : (0,outcome/* shownOfDecision */.X)(decision)?.state;
    // A job at work on the code PR's current head holds the gate: its pending stays.
    run.held = code.earlier.working === true && code.earlier.headSha === code.pull.headSha;
    if (run.held) {
        context.logger.info(`The documentation job is at work on ${code.pull.headSha} (the code PR's record says so): its pending status stays; only the comment is brought up to date.`);
    }
    const waitsForApproval = settings.docsStatus === 'approved' && run.standing === 'open' && !run.held;
    const approved = waitsForApproval ? await (0,approval/* readApproval */.y)(connect(settings.githubToken, (0,target/* repoName */.Qq)(repository.name)), code.recorded, context) : undefined;
    if (approved) {
        run.standing = 'approved';
        run.state = 'approved';
    }
    // A documentation PR GitHub could not answer for leaves the status as it was (the decision warned).
    if (run.held || decision.kind === 'unchecked')
        return;
    run.gate = (0,facts/* gateFor */.T)(settings, {
        outcome: 'synced',
        waived: code.pull.labels.some((label) => label.toLowerCase() === settings.waiveLabel.toLowerCase()),
        working: false,
        docsPr: decision,
        closedByAction: code.recorded.closedByAction,
        approved,
        previewUrl: undefined,
        pullNumber: code.pull.number,
    }, context.env);
}
/**
 * The last writes, in the record's order: the status on the code PR's current head, then the
 * comment (its documentation PR line, and its gate line when a status was written), each in a
 * window of its own.
 */
async function publish(settings, context, code, run) {
    const lastWrites = new last_writes/* LastWrites */.b(settings, context);
    const client = () => lastWrites.client(code.token, code.repo);
    if (run.gate)
        run.written = (await (0,gate_status/* writeGateStatus */.$)(run.gate, code.pull.headSha, client, { logger: context.logger, dryRun: false })).state;
    const closedByAction = run.standing === 'closed-by-action';
    const section = run.state && (0,docs_pr_report/* renderDocsPrSection */.dH)(run.docsPr, run.state);
    // The newest record, read again, with this documentation PR's closing as GitHub shows it now.
    const change = (newest) => newest.docsPr && (0,target/* sameRepository */.RB)(newest.docsPr.repository, code.recorded.repository) && newest.docsPr.number === code.recorded.number
        ? { ...newest, docsPr: { ...newest.docsPr, closedByAction } }
        : newest;
    run.commentUpdated = await code.comment.rewriteTail(change, { ...(section ? { docsPrSection: section } : {}), ...(run.written && run.gate ? { gate: run.gate } : {}) }, await client());
}
function skip(run, logger, reason) {
    run.outcome = 'skipped';
    run.reason = reason;
    logger.notice(reason);
    return undefined;
}
/** The documentation PR's number: the only thing the event is believed for (a review's pull request, or the pull request itself). */
function docsPullNumberOf(event) {
    const number = event.payload.pull_request?.number;
    return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}
/** Where the documentation PR stands, as the decision read it; undefined when it is not the recorded one (the decision says what it is). */
function standingOf(decision, recorded) {
    if (decision.kind !== 'found')
        return undefined;
    if (decision.state.merged)
        return 'merged';
    if (decision.state.state === 'closed')
        return recorded.closedByAction ? 'closed-by-action' : 'closed-by-someone';
    return 'open';
}
function stateOf(standing) {
    switch (standing) {
        case 'merged':
            return 'merged';
        case 'approved':
            return 'approved';
        case 'closed-by-action':
            return 'closed';
        case 'closed-by-someone':
            return 'left-alone-closed';
        case 'open':
            return 'linked';
    }
}
function report(run, context) {
    const action = run.written !== undefined || run.commentUpdated ? 'synced' : 'none';
    return {
        outputs: {
            [constants/* Outputs */.tY.Outcome]: run.outcome,
            [constants/* Outputs */.tY.DocsPrAction]: action,
            ...(run.written ? { [constants/* Outputs */.tY.DocsStatusState]: run.written } : {}),
            [constants/* Outputs */.tY.Requests]: String(context.client.requestCount),
        },
        summary: renderSyncSummary(run),
        closingLine: `Outcome: ${run.outcome} · docs PR ${action}${run.written ? ` · ${constants/* GATE_CONTEXT */.uX} ${run.written}` : ''}`,
        failure: run.outcome === 'error' || run.outcome === 'cancelled' ? run.reason : undefined,
    };
}


/***/ })

};
