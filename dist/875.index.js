export const id = 875;
export const ids = [875];
export const modules = {

/***/ 30875:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mergeGroupStep: () => (/* binding */ mergeGroupStep)
/* harmony export */ });
/* harmony import */ var _agent_run_agent_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(16830);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(27242);
/* harmony import */ var _core_docs_pr_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(49499);
/* harmony import */ var _core_gate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(15224);
/* harmony import */ var _core_record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(14130);
/* harmony import */ var _docs_pr_decide_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(53274);
/* harmony import */ var _event_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(80807);
/* harmony import */ var _gate_facts_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(36324);
/* harmony import */ var _gate_policy_js__WEBPACK_IMPORTED_MODULE_19__ = __webpack_require__(82601);
/* harmony import */ var _github_calls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(34342);
/* harmony import */ var _github_clients_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(85607);
/* harmony import */ var _github_api_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(28943);
/* harmony import */ var _memory_back_link_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(37961);
/* harmony import */ var _memory_code_pr_comment_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(77077);
/* harmony import */ var _docs_pr_target_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(25783);
/* harmony import */ var _memory_seal_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(80666);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(54285);
/* harmony import */ var _report_gate_report_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(25498);
/* harmony import */ var _runtime_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(33683);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_20__ = __webpack_require__(48992);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_18__ = __webpack_require__(50961);





















/**
 * A merge queue's entry (`merge_group`, `checks_requested`) with `docs-status`: GitHub requires
 * every required status on the queue's own commit, which no pull-request run writes. The step
 * finds the pull request the group's head ref names, reads its comment's verified record (the one
 * rule of "ours": `memory/code-pr-comment.ts`), judges the pull request's gate again from GitHub by
 * the one judge (`core/gate.ts`), for its head now, and writes `documentation` on the group's
 * commit: `success` only where the pull request's own gate would be `success` now; what would wait
 * fails (`inMergeQueue`). No job, no comment, nothing on the documentation side. Reads: the pull
 * request, its comments (bounded), the identity that writes them, the documentation PR and its
 * approval; then the one status, in a window of its own, whatever stopped the reads.
 *
 * Without `docs-status` (nothing to gate), and on `destroyed` (the entry left the queue), the step
 * does nothing: `skipped`. The payload is believed for the group's commit and the pull request's
 * number only; everything else is read from GitHub now, so a re-run of an old event judges anew.
 */
async function mergeGroupStep(settings, context) {
    const group = (0,_event_js__WEBPACK_IMPORTED_MODULE_6__/* .mergeGroupOf */ .jM)(context.event);
    const run = { outcome: 'gated', number: group.pullNumber, sha: group.headSha, gate: undefined, written: undefined, reason: undefined };
    if (group.action !== 'checks_requested')
        return skipped(run, context, `The merge group was ${group.action || 'changed'}, not checks_requested: there is no commit to gate.`);
    if (settings.docsStatus === 'off') {
        return skipped(run, context, "On a merge queue the action only gates the queue's commit, and docs-status is false: there is nothing to gate.");
    }
    const repository = (0,_event_js__WEBPACK_IMPORTED_MODULE_6__/* .workflowRepositoryOf */ .ls)(context.event, context.env);
    if (!(0,_github_api_js__WEBPACK_IMPORTED_MODULE_10__/* .isCommitSha */ ._$)(group.headSha) || !repository) {
        return ended(run, 'error', 'The merge_group event gives no head_sha, or GITHUB_REPOSITORY is not set: there is no commit to gate.');
    }
    if (!settings.githubToken) {
        return ended(run, 'error', (0,_github_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .emptyGitHubToken */ .ir)(['read the pull request', 'write the documentation status'], ['Pull requests: read', 'Commit statuses: write']));
    }
    const seal = _memory_seal_js__WEBPACK_IMPORTED_MODULE_14__/* .RecordSeal */ .l_.fromApiKey(settings.apiKey, settings.previousApiKey);
    const readsDocs = { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name };
    const core = (0,_step_js__WEBPACK_IMPORTED_MODULE_18__/* .coreOf */ .z2)(settings, context, { code: { repository, token: settings.githubToken }, docs: readsDocs, quiet: true }, (0,_github_clients_js__WEBPACK_IMPORTED_MODULE_9__/* .gitHubClients */ .o)(settings, context), seal);
    const runUrl = (0,_gate_facts_js__WEBPACK_IMPORTED_MODULE_7__/* .runUrlOf */ .Qm)(context.env, group.pullNumber ?? 0);
    run.gate = await context.logger.phase(_runtime_js__WEBPACK_IMPORTED_MODULE_17__/* .Phase */ .a0.Gate, async () => {
        try {
            return await judgeQueueEntry(group.pullNumber, repository, core);
        }
        catch (error) {
            if ((0,_runtime_js__WEBPACK_IMPORTED_MODULE_17__/* .isCancellation */ .iB)(error, context.signal))
                return (0,_gate_policy_js__WEBPACK_IMPORTED_MODULE_19__/* .queueStopStatus */ ._d)({ kind: 'cancelled' }, settings.waiveLabel, runUrl);
            context.logger.warning(`Could not judge the pull request's documentation gate: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_20__/* .errorMessage */ .gJ)(error)}`);
            return (0,_gate_policy_js__WEBPACK_IMPORTED_MODULE_19__/* .queueStopStatus */ ._d)({ kind: 'unreadable', number: group.pullNumber ?? 0 }, settings.waiveLabel, runUrl);
        }
    });
    const gate = run.gate;
    const written = await context.logger.phase(_runtime_js__WEBPACK_IMPORTED_MODULE_17__/* .Phase */ .a0.Publish, () => (0,_core_gate_js__WEBPACK_IMPORTED_MODULE_3__/* .writeStatusOn */ .dx)(gate, group.headSha, core));
    run.written = written.state;
    if (settings.dryRun)
        return ended(run, 'dry-run', undefined);
    if (context.signal.aborted)
        return ended(run, 'cancelled', "Cancelled while gating the merge queue's commit.");
    // A status GitHub did not take leaves the queue's check unreported: the step fails, saying so (the warning said why).
    if (!written.state)
        return ended(run, 'error', `The ${_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_CONTEXT */ .uX} status could not be written on the merge queue's commit ${group.headSha}.`);
    return ended(run, 'gated', undefined);
}
/**
 * The pull request's gate, judged again for its head now, as the queue's commit takes it. A
 * failure to read what the judge needs is thrown (the caller writes `failure`); what the judge
 * reads of the documentation PR fails as it would on the pull request (not checked: `failure`).
 */
async function judgeQueueEntry(number, repository, core) {
    const { settings, logger } = core;
    const runUrl = (0,_gate_facts_js__WEBPACK_IMPORTED_MODULE_7__/* .runUrlOf */ .Qm)(core.env, number ?? 0);
    const stop = (why) => {
        const gate = (0,_gate_policy_js__WEBPACK_IMPORTED_MODULE_19__/* .queueStopStatus */ ._d)(why, settings.waiveLabel, runUrl);
        logger.notice(`Merge queue: ${gate.description}`);
        return gate;
    };
    if (number === undefined)
        return stop({ kind: 'no-pull-request' });
    const code = await core.code.read();
    let pull;
    try {
        pull = await code.pullRequest(number);
    }
    catch (error) {
        if (error instanceof _github_api_js__WEBPACK_IMPORTED_MODULE_10__/* .GitHubError */ .y_ && error.status === 404)
            return stop({ kind: 'pull-request-not-found', number });
        throw error;
    }
    const pullRequest = (0,_core_record_js__WEBPACK_IMPORTED_MODULE_4__/* .codePullOf */ .g_)(pull);
    const record = (0,_core_record_js__WEBPACK_IMPORTED_MODULE_4__/* .newRecord */ .Mx)({ pullRequest, repository, job: (0,_agent_run_agent_js__WEBPACK_IMPORTED_MODULE_0__/* .newRun */ .uH)(undefined, '', core.clock.now(), 'running') });
    // The waiver is read from GitHub now: it passes whatever the record says, as on the pull request.
    if ((0,_gate_facts_js__WEBPACK_IMPORTED_MODULE_7__/* .carriesWaiver */ .Ql)(settings, pull.labels))
        return judged(record, core, { outcome: 'skipped', skip: 'waived' });
    const comment = await _memory_code_pr_comment_js__WEBPACK_IMPORTED_MODULE_12__/* .CodePrComment */ .$.read(code, { repository, number, headSha: pull.headSha }, { logger, clock: core.clock, seal: core.seal });
    // The action's own documentation PR (in the code's repository): its back-link says so, as its own run skips it.
    if ((0,_memory_back_link_js__WEBPACK_IMPORTED_MODULE_11__/* .carriedBackLink */ .kK)(comment.comments, { repository, number }, core.seal))
        return judged(record, core, { outcome: 'skipped', skip: 'own-docs-pr' });
    const earlier = comment.earlier;
    if (!earlier)
        return stop({ kind: 'no-record', number });
    record.comment = comment;
    if (earlier.working && (earlier.revising?.statusSha ?? earlier.headSha) === pull.headSha) {
        // The judge's pending for a job at work, which the queue fails: it cannot wait for a sweep.
        record.job.delivery = 'accepted';
        record.workRecorded = true;
        return (0,_gate_policy_js__WEBPACK_IMPORTED_MODULE_19__/* .inMergeQueue */ .FY)((0,_core_gate_js__WEBPACK_IMPORTED_MODULE_3__/* .judgeGate */ .$U)(record, core, earlier.revising ? 'revising' : 'writing'));
    }
    const basis = earlier.judged;
    // A waiver judged then but taken off since leaves the head judged by nothing that stands.
    if (!basis || basis.sha !== pull.headSha || basis.skip === 'waived')
        return stop({ kind: 'not-judged', number, sha: pull.headSha });
    const docsPr = recordedDocsPr(earlier, basis.docsPr);
    record.documentationPr = docsPr ? await (0,_docs_pr_decide_js__WEBPACK_IMPORTED_MODULE_5__/* .decideRecorded */ .p_)(docsPr, (0,_core_docs_pr_js__WEBPACK_IMPORTED_MODULE_2__/* .decideContextOf */ .Xx)(record, core)) : undefined;
    return judged(record, core, { outcome: basis.outcome, skip: basis.skip });
}
/** The documentation PR the status was judged on, with the record's own entry for it where it keeps one (whether the action closed it). */
function recordedDocsPr(earlier, judgedPr) {
    const kept = earlier.docsPr;
    if (!judgedPr)
        return undefined;
    return kept && kept.number === judgedPr.number && (0,_docs_pr_target_js__WEBPACK_IMPORTED_MODULE_13__/* .sameRepository */ .RB)(kept.repository, judgedPr.repository) ? kept : judgedPr;
}
/** The judge's status for the facts the record gave (after the approval read, where `approved` waits on one), as the queue takes it. */
async function judged(record, core, basis) {
    record.job.outcome = basis.outcome;
    if (basis.skip)
        record.job.skipKind = basis.skip;
    await (0,_core_gate_js__WEBPACK_IMPORTED_MODULE_3__/* .gatePhase */ .fj)(record, core);
    return (0,_gate_policy_js__WEBPACK_IMPORTED_MODULE_19__/* .inMergeQueue */ .FY)(record.gate);
}
function skipped(run, context, reason) {
    context.logger.notice(reason);
    return ended(run, 'skipped', reason);
}
function ended(run, outcome, reason) {
    run.outcome = outcome;
    run.reason = reason;
    const failure = outcome === 'error' || outcome === 'cancelled' ? reason : undefined;
    return {
        outputs: {
            [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.Outcome]: outcome,
            ...(run.written ? { [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.DocsStatusState]: run.written } : {}),
            // The queue's commit is gated from GitHub alone: no request to the API, on every path.
            [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.Requests]: '0',
        },
        summary: renderQueueSummary(run),
        closingLine: `Outcome: ${outcome}${run.written ? ` · ${_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_CONTEXT */ .uX} ${run.written} on the merge queue's commit` : ''}`,
        failure,
    };
}
const OUTCOME_TEXT = {
    gated: '🚦 The merge queue’s commit was gated',
    skipped: '⏭️ Nothing to gate',
    'dry-run': '🧪 Dry run: nothing written',
    cancelled: '🛑 Cancelled',
    error: '⚠️ Stopped by an error',
};
function renderQueueSummary(run) {
    const rows = [
        ['Outcome', `**${OUTCOME_TEXT[run.outcome]}** (\`${run.outcome}\`)`],
        ['Pull request', run.number !== undefined ? (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_15__/* .codeSpan */ .SS)(`#${run.number}`, 'cell') : '—'],
        ['Merge queue commit', run.sha ? (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_15__/* .codeSpan */ .SS)(run.sha, 'cell') : '—'],
        [`Status \`${_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .GATE_CONTEXT */ .uX}\``, run.gate ? `${run.written ? (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_15__/* .escapeText */ .X1)(run.written) : 'not written'}: ${(0,_report_gate_report_js__WEBPACK_IMPORTED_MODULE_16__/* .renderSentence */ .iQ)(run.gate, 'cell')}` : '—'],
    ];
    const parts = ['## Documentation gate on the merge queue', '', (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_15__/* .keyValueTable */ .z2)(rows)];
    if (run.reason)
        parts.push('', (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_15__/* .codeSpan */ .SS)(run.reason, 'text', _report_markdown_js__WEBPACK_IMPORTED_MODULE_15__/* .MAX_MESSAGE_CHARS */ .hP));
    return `${parts.join('\n')}\n`;
}


/***/ })

};
