export const id = 659;
export const ids = [659];
export const modules = {

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
