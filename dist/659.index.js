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
// EXTERNAL MODULE: ./src/docs-pr/target.ts
var target = __webpack_require__(25783);
// EXTERNAL MODULE: ./src/gate/policy.ts
var policy = __webpack_require__(82601);
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
        [`Status \`${constants/* GATE_CONTEXT */.uX}\``, run.gate ? `${run.written ? (0,markdown/* escapeText */.X1)(run.written) : 'not written'}: ${(0,gate_report/* renderSentence */.iQ)(run.gate, 'cell')}` : '—'],
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
// EXTERNAL MODULE: ./src/steps/agent/github.ts
var agent_github = __webpack_require__(67534);
// EXTERNAL MODULE: ./src/steps/agent/gate.ts
var gate = __webpack_require__(90806);
;// CONCATENATED MODULE: ./src/steps/sync.ts












/**
 * `command: sync`, on a documentation PR's own events (a review submitted or dismissed; the pull
 * request closed, reopened or pushed to), in the documentation repository's workflow or in the
 * same workflow as the code: it finds the code PR through this action's sealed back-link on the
 * documentation PR, and brings the code PR in step — the `documentation` status on the code PR's
 * current head, and the documentation PR's state in the code PR's comment. No job, no request to
 * the documentation API. Without a back-link, or when the code PR's record names another
 * documentation PR (or none), it does nothing (outcome `skipped`).
 */
async function syncStep(settings, context) {
    const { logger, signal } = context;
    const docs = docsPullRequestOf(context.event);
    const repo = (0,api/* repoFromEnv */.K)(context.env);
    const repository = repo ? `${repo.owner}/${repo.repo}` : '';
    const run = {
        outcome: 'synced',
        docsPr: docs ? `${repository}#${docs.number}` : repository,
        codePr: undefined,
        standing: undefined,
        gate: undefined,
        written: undefined,
        commentUpdated: false,
        reason: undefined,
    };
    const seal = memory_seal/* RecordSeal */.l_.fromApiKey(settings.apiKey);
    const github = (0,agent_github/* gitHubClients */.o)(settings, context);
    try {
        if (!docs || !repo)
            throw new Error('The event names no pull request, or GITHUB_REPOSITORY is not set: there is no documentation PR to sync.');
        if (!settings.githubToken)
            throw new Error('Input "github-token" is empty: it is needed to read the documentation PR\'s back-link.');
        // The documentation PR's own comments: the back-link this action left, if it verifies.
        const docsGitHub = await github(settings.githubToken, repo, context.deadline.at);
        const backLink = await backLinkOn(docsGitHub, repository, docs.number, seal, context);
        if (!backLink) {
            run.outcome = 'skipped';
            run.reason = `This pull request carries no back-link of this action's that verifies: it documents no code PR the action follows, so there is nothing to bring in step.`;
            logger.notice(run.reason);
            return report(run, settings, context);
        }
        const code = backLink.codePr;
        run.codePr = (0,api/* pullName */.N4)(code);
        const codeToken = settings.codeToken || ((0,target/* sameRepository */.RB)(code.repository, repository) ? settings.githubToken : '');
        if (!codeToken) {
            throw new Error(`The code PR ${run.codePr} is in another repository than this workflow's (${repository}): give code-token a token with "Commit statuses: write" and "Pull requests: write" on ${code.repository}, e.g. from actions/create-github-app-token.`);
        }
        if (settings.dryRun) {
            run.outcome = 'dry-run';
            logger.info(`Dry run: would bring code PR ${run.codePr} in step; nothing was changed on GitHub.`);
            return report(run, settings, context);
        }
        const codeGitHub = await github(codeToken, (0,target/* repoName */.Qq)(code.repository), context.deadline.wrapUpAt);
        const codePull = await codeGitHub.pullRequest(code.number);
        const comment = await pr_comment_comment/* PullRequestComment */.G.find(codeGitHub, { repository: code.repository, number: code.number, headSha: codePull.headSha }, { logger, clock: context.clock, seal, bySeal: true });
        // Only the documentation PR the code PR's sealed record names speaks for the code PR: an
        // earlier one (superseded, closed by the action, or left open) keeps its back-link, and its
        // approval or closing must not set the status the newer one holds.
        const earlier = comment?.earlier;
        const recorded = earlier?.docsPr;
        if (!comment || !earlier || !recorded || !(0,target/* sameRepository */.RB)(recorded.repository, repository) || recorded.number !== docs.number) {
            run.outcome = 'skipped';
            run.reason = earlier
                ? `The code PR ${run.codePr}'s record names another documentation PR than ${run.docsPr}: it speaks for the code PR, so its status and comment are left as they are.`
                : `The code PR ${run.codePr} has no comment of this action's with a record that verifies, so nothing says ${run.docsPr} is its documentation PR: its status and comment are left as they are.`;
            logger.notice(run.reason);
            return report(run, settings, context);
        }
        run.standing = await standingOf(docs, recorded.closedByAction, settings, docsGitHub, context);
        run.gate =
            settings.docsStatus === 'off'
                ? undefined
                : (0,policy/* gateStatus */._O)({
                    mode: settings.docsStatus,
                    waiveLabel: settings.waiveLabel,
                    waivedBy: codePull.labels.some((label) => label.toLowerCase() === settings.waiveLabel.toLowerCase()) ? settings.waiveLabel : undefined,
                    outcome: 'synced',
                    docsPr: { name: run.docsPr, url: `${(0,target/* serverUrlFrom */.dJ)(context.env)}/${repository}/pull/${docs.number}`, standing: run.standing },
                    runUrl: (0,gate/* runUrlOf */.Qm)(context.env, docs.number),
                });
        if (run.gate)
            run.written = await writeStatus(codeGitHub, codePull, run.gate, context);
        const docsPrRecord = { ...recorded, closedByAction: run.standing === 'closed-by-action' };
        const section = (0,docs_pr_report/* renderDocsPrSection */.dH)(run.docsPr, stateOf(run.standing));
        run.commentUpdated = await comment.rewriteTail({ ...earlier, docsPr: docsPrRecord }, section, run.gate);
    }
    catch (error) {
        run.outcome = (0,runtime/* isCancellation */.iB)(error, signal) ? 'cancelled' : 'error';
        run.reason = run.outcome === 'cancelled' ? 'Cancelled while bringing the code PR in step.' : (0,src_text/* errorMessage */.gJ)(error);
    }
    return report(run, settings, context);
}
/** The documentation PR of the event: a review's pull request, or the pull request itself. */
function docsPullRequestOf(event) {
    const pr = event.payload.pull_request;
    if (typeof pr?.number !== 'number')
        return undefined;
    return { number: pr.number, merged: pr.merged === true, closed: pr.state === 'closed' };
}
async function backLinkOn(github, repository, number, seal, context) {
    const found = await pr_comment_comment/* PullRequestComment */.G.find(github, { repository, number, headSha: '' }, { logger: context.logger, clock: context.clock, seal });
    return found?.backLink;
}
/**
 * Where the documentation PR stands: merged; closed unmerged, by this action (its code PR was
 * closed: the code PR's record says so) or by someone else; or open, and approved when its
 * reviews approve it (read only when the gate waits for an approval).
 */
async function standingOf(docs, closedByAction, settings, github, context) {
    if (docs.merged)
        return 'merged';
    if (docs.closed)
        return closedByAction ? 'closed-by-action' : 'closed-by-someone';
    if (settings.docsStatus !== 'approved')
        return 'open';
    try {
        return (0,policy/* isApproved */.SZ)(await github.reviewState(docs.number)) ? 'approved' : 'open';
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, context.signal))
            throw error;
        context.logger.warning(`Could not read the documentation PR's reviews: ${(0,src_text/* errorMessage */.gJ)(error)} The gate waits for them.`);
        return 'open';
    }
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
        default:
            return 'linked';
    }
}
/** The status on the code PR's current head; a failure to write it is one warning, and the run goes on. */
async function writeStatus(github, codePull, gate, context) {
    try {
        await github.setCommitStatus(codePull.headSha, { ...gate, context: constants/* GATE_CONTEXT */.uX });
        context.setOutput(constants/* Outputs */.tY.DocsStatusState, gate.state);
        context.logger.info(`Documentation gate: ${gate.state} on ${codePull.headSha} (${gate.description}).`);
        return gate.state;
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, context.signal))
            throw error;
        context.logger.warning(`Could not set the ${constants/* GATE_CONTEXT */.uX} status on ${codePull.headSha}: ${(0,src_text/* errorMessage */.gJ)(error)}`);
        return undefined;
    }
}
function report(run, settings, context) {
    const action = run.written !== undefined || run.commentUpdated ? 'synced' : 'none';
    return {
        outputs: {
            [constants/* Outputs */.tY.Outcome]: run.outcome,
            [constants/* Outputs */.tY.DocsPrAction]: action,
            [constants/* Outputs */.tY.Requests]: String(context.client.requestCount),
        },
        summary: renderSyncSummary(run),
        closingLine: `Outcome: ${run.outcome} · docs PR ${action}${run.written ? ` · ${constants/* GATE_CONTEXT */.uX} ${run.written}` : ''}`,
        failure: run.outcome === 'error' || run.outcome === 'cancelled' ? run.reason : undefined,
    };
}


/***/ })

};
