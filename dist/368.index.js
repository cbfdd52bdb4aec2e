export const id = 368;
export const ids = [368];
export const modules = {

/***/ 95368:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SWEEP_MAX_JOBS: () => (/* binding */ SWEEP_MAX_JOBS),
  sweepStep: () => (/* binding */ sweepStep)
});

// EXTERNAL MODULE: ./src/agent/run-agent.ts
var run_agent = __webpack_require__(85400);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(27242);
// EXTERNAL MODULE: ./src/docs-pr/access.ts
var access = __webpack_require__(40392);
// EXTERNAL MODULE: ./src/docs-pr/outcome.ts
var outcome = __webpack_require__(21136);
// EXTERNAL MODULE: ./src/docs-pr/target.ts
var target = __webpack_require__(25783);
// EXTERNAL MODULE: ./src/event.ts
var src_event = __webpack_require__(80807);
// EXTERNAL MODULE: ./src/github/clients.ts + 1 modules
var clients = __webpack_require__(85607);
// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/memory/seal.ts
var memory_seal = __webpack_require__(80666);
// EXTERNAL MODULE: ./src/pr-comment/comment.ts
var pr_comment_comment = __webpack_require__(79723);
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
// EXTERNAL MODULE: ./src/steps/agent.ts + 3 modules
var agent = __webpack_require__(80361);
// EXTERNAL MODULE: ./src/steps/agent/docs-pr.ts
var docs_pr = __webpack_require__(71409);
// EXTERNAL MODULE: ./src/steps/agent/impact.ts
var impact = __webpack_require__(78467);
// EXTERNAL MODULE: ./src/steps/agent/pr-comment.ts
var pr_comment = __webpack_require__(67539);
// EXTERNAL MODULE: ./src/steps/agent/run-record.ts
var run_record = __webpack_require__(92572);
// EXTERNAL MODULE: ./src/memory/record.ts
var memory_record = __webpack_require__(45834);
;// CONCATENATED MODULE: ./src/sweep/find.ts


/**
 * How far back a sweep looks past `timeout`: a job accepted earlier than `timeout` plus this
 * before the sweep is found only if its comment was written since (a push, `sync`). A sweep that
 * runs at least once a day finishes every job, `timed-out` at the latest; the comments of one day
 * cost ⌈comments ÷ 100⌉ reads.
 */
const SWEEP_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/**
 * The most pages of recent comments one sweep reads (100 a page): a repository whose comments of
 * the lookback pass this is read to here, oldest first, and the newer ones wait for a later sweep
 * (one notice). Its GitHub reads stay bounded whatever the repository holds.
 */
const SWEEP_MAX_COMMENT_PAGES = 20;
/**
 * The pull requests of the workflow's repository that a sweep may finish, found through the
 * repository's comments updated since `since` (never by reading each open pull request): a
 * comment counts only when its first line is the action's marker, the token's own identity wrote
 * it, and its last line is a record sealed for that pull request that says the job is working
 * (or that a preview a sweep asked for has not been seen to end).
 * Anyone can write a comment with the marker, or copy a record: neither is the action's
 * (docs/threat-model.md). Of a pull request's comments the newest the identity wrote counts, as a
 * run finds it. Cancellation and the step's deadline end it, as every GitHub read.
 */
async function findWorking(github, repository, seal, since) {
    const { comments, more, pages } = await github.recentComments(new Date(since).toISOString(), SWEEP_MAX_COMMENT_PAGES);
    const marked = comments.filter((comment) => (0,memory_record/* isMarked */.rZ)(comment.body, memory_record/* COMMENT_MARKER */.JO));
    if (marked.length === 0)
        return { working: [], unverified: 0, more, reads: pages };
    // Logins are case-insensitive on GitHub.
    const login = (await github.tokenLogin()).toLowerCase();
    const newest = new Map();
    for (const comment of marked) {
        if (comment.authorLogin.toLowerCase() !== login)
            continue;
        const kept = newest.get(comment.issueNumber);
        if (!kept || comment.id > kept.id)
            newest.set(comment.issueNumber, comment);
    }
    const working = [];
    let unverified = 0;
    for (const comment of newest.values()) {
        const reading = (0,memory_record/* readRecord */.aE)(comment.body, seal, (0,memory_seal/* codePrScope */.ce)(repository, comment.issueNumber));
        if (reading.found === 'unverified')
            unverified += 1;
        if (reading.found !== 'verified' || (reading.record.working !== true && reading.record.preview === undefined))
            continue;
        const { record } = reading;
        const began = record.working ? record.acceptedAt : record.preview?.triggeredAt;
        const acceptedAt = began === undefined ? comment.updatedAt : Date.parse(began);
        working.push({ number: comment.issueNumber, commentId: comment.id, record, acceptedAt });
    }
    working.sort((a, b) => a.acceptedAt - b.acceptedAt || a.number - b.number);
    return { working, unverified, more, reads: pages + 1 };
}

;// CONCATENATED MODULE: ./src/steps/sweep.ts




















/** A sweep finishes at most this many jobs, oldest accepted first; the rest wait for the next sweep. */
const SWEEP_MAX_JOBS = 50;
/**
 * `command: sweep` (the contract's *Detached runs*): finishes what `wait: false` runs left working.
 *
 * 1. **Find**: the pull requests whose comment, written by the action's identity, holds a verified
 *    record of a job still working (`sweep/find.ts`: the repository's recently updated comments,
 *    never each open pull request).
 * 2. **Read**: each job once (one `GET`, no waiting), oldest accepted first, at most 50.
 * 3. **Finish** each ended one as a waiting run ends: the same phases over the same record
 *    (`steps/agent.ts`: docs PR, preview, impact, gate, publish), on that pull request; one past
 *    `timeout` since it was accepted as `timed-out`. A job still working is left for the next sweep.
 *
 * Nothing in the event counts: a `repository_dispatch` payload, or the documentation PR that
 * opened, is only a wake-up call. A run of the same pull request that finished it meanwhile (a
 * waiting or attaching run, a push's new job, another sweep) wins: the record is read again just
 * before the last writes, and a sweep writes nothing to a pull request whose record moved on.
 */
async function sweepStep(settings, context) {
    const { logger, clock, signal } = context;
    const repository = (0,src_event/* workflowRepositoryOf */.ls)(context.event, context.env);
    const repo = (0,api/* repoFromEnv */.K)(context.env);
    const swept = [];
    const report = (outcome, failure, left = 0) => {
        const requests = context.client.requestCount;
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
            ...(failure ? { failure } : {}),
        };
    };
    if (!repository || !repo) {
        return report('error', "command: sweep needs GITHUB_REPOSITORY (owner/name): it finishes the pull requests of the workflow's repository.");
    }
    const seal = memory_seal/* RecordSeal */.l_.fromApiKey(settings.apiKey, settings.previousApiKey);
    const github = (0,clients/* gitHubClients */.o)(settings, context);
    const workflowClient = () => github(settings.githubToken, repo, context.deadline.at);
    const agentSettings = asAgentSettings(settings);
    let found;
    try {
        const since = clock.now() - settings.timeoutMs - SWEEP_LOOKBACK_MS;
        const findings = await findWorking(await workflowClient(), repository, seal, since);
        if (findings.unverified > 0) {
            logger.notice(`${(0,src_text/* countOf */.pq)(findings.unverified, 'pull-request comment')} of this action held a record that does not verify: counted as none. Most likely api-key was rotated since they were written (give the earlier key as previous-api-key), else they were edited by hand.`);
        }
        if (findings.more)
            logger.notice('This repository had more comments since the oldest job a sweep looks for than one sweep reads: the newest wait for the next sweep.');
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
            // Read: the job, once.
            const job = await readJobOnce(pull, agentSettings, context);
            if (job.outcome === 'error' && !isJobGone(job)) {
                // A refused key or a server that keeps failing would fail every job alike: the sweep stops, and the next one tries again.
                if ((0,runtime/* isCancellation */.iB)(job.error, signal))
                    return report('cancelled', undefined, left);
                swept.push(entry(pull, job, 'error', undefined));
                return report('error', `Could not read job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} of pull request #${pull.number}: ${(0,src_text/* errorMessage */.gJ)(job.error)}`, left);
            }
            if (job.outcome === 'cancelled')
                return report('cancelled', undefined, left);
            const deps = { settings: agentSettings, context, repository, seal, github, workflowClient };
            if (!pull.record.working) {
                // The job ended in an earlier sweep, which asked for its preview: shown once it has ended.
                try {
                    swept.push(await showPreview(pull, job, deps));
                }
                catch (error) {
                    if ((0,runtime/* isCancellation */.iB)(error, signal))
                        return report('cancelled', undefined, left);
                    logger.warning(`Pull request #${pull.number}: could not show its preview: ${(0,src_text/* errorMessage */.gJ)(error)} Left for the next sweep.`);
                    swept.push(entry(pull, job, job.outcome, undefined));
                }
                return 'next';
            }
            if (job.outcome === 'running') {
                if (clock.now() - pull.acceptedAt < settings.timeoutMs) {
                    logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} is still working; left for the next sweep.`);
                    swept.push(entry(pull, job, 'still-working', undefined));
                    return 'next';
                }
                job.outcome = 'timed-out';
                job.timedOut = true;
                logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} has worked longer than timeout (${(0,src_text/* formatDuration */.a3)(settings.timeoutMs)}) since it was accepted: finished as timed-out.`);
            }
            if (isJobGone(job))
                logger.warning(`Pull request #${pull.number}: the API no longer knows job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} (404): finished as error.`);
            // Finish: as a waiting run ends, on that pull request.
            try {
                swept.push(await finish(pull, job, deps));
            }
            catch (error) {
                if ((0,runtime/* isCancellation */.iB)(error, signal))
                    return report('cancelled', undefined, left);
                // Its record still says working: the next sweep finishes it.
                logger.warning(`Pull request #${pull.number}: could not finish it: ${(0,src_text/* errorMessage */.gJ)(error)} Left for the next sweep.`);
                swept.push(entry(pull, job, 'still-working', undefined));
            }
            return 'next';
        });
        if (done !== 'next')
            return done;
    }
    return report(signal.aborted ? 'cancelled' : 'swept', undefined, left);
}
/**
 * Finishes one pull request whose job ended: its comment found again (the one the sweep found,
 * still naming this job at work), then the phases a waiting run ends with.
 */
async function finish(pull, job, deps) {
    const { logger } = deps.context;
    const found = await foundAgain(pull, job, deps, sameWork);
    if ('skipped' in found)
        return found.skipped;
    const { record, side, quiet, comment } = found;
    if (!found.open) {
        logger.notice(`Pull request #${pull.number} was closed while its job worked: its outcome is recorded, and its documentation PR is left open (close it by hand).`);
    }
    const earlier = comment.earlier;
    const follower = side.follower ? await side.follower(earlier?.docsPr, earlier?.supersedes) : undefined;
    if (follower)
        record.following = follower.outcome;
    const renderer = (0,pr_comment/* pullRequestCommentRenderer */.P)(quiet);
    const notify = (stage) => renderer.render(stage, record);
    await (0,agent/* afterTheJob */.$c)(record, side, follower, deps.settings, quiet, notify, 'ask');
    const written = await (0,agent/* gateAndPublish */.Wr)(record, side, deps.settings, quiet, () => comment.unchangedSinceThisRun());
    if (!written) {
        logger.info(`Pull request #${pull.number}: its record, read again before the last writes, was written by another run meanwhile: nothing written.`);
        return entry(pull, job, 'skipped', undefined);
    }
    logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} finished as ${record.job.outcome}.`);
    // A revision after a review (review-loop, wait: false): its reply on the documentation PR says how it ended too.
    const docsPr = earlier?.docsPr;
    const reaches = docsPr && side.access ? (0,access/* docsClientFor */.s$)(side.access, docsPr) : undefined;
    if (earlier?.revising && docsPr && reaches) {
        const { replyRevisionEnded } = await __webpack_require__.e(/* import() */ 559).then(__webpack_require__.bind(__webpack_require__, 25559));
        const repository = { id: docsPr.repositoryId, name: docsPr.repository };
        await replyRevisionEnded(await reaches, { repository, number: docsPr.number }, record.job, { ...quiet, seal: deps.seal });
    }
    return entry(pull, record.job, record.job.outcome, record.gateWritten);
}
/**
 * Shows the preview an earlier sweep asked for, once it has ended: its status read once; still
 * building, the pull request is left for the next sweep. Ended, the comment says so (the job's
 * outcome as it was, the documentation PR and what readers will see as the record keeps them), the
 * gate links the preview (`written`), and the record no longer keeps it.
 */
async function showPreview(pull, job, deps) {
    const { context, settings } = deps;
    const asked = pull.record.preview;
    if (job.outcome !== 'pr-opened' && job.outcome !== 'archived') {
        context.logger.info(`Pull request #${pull.number}: job ${(0,src_text/* idForLog */.pL)(pull.record.jobId)} could not be read as it ended; its preview waits for the next sweep.`);
        return entry(pull, job, job.outcome, undefined);
    }
    const { lookAtPreview } = await __webpack_require__.e(/* import() */ 132).then(__webpack_require__.bind(__webpack_require__, 4132));
    const preview = await lookAtPreview({ statusId: asked.statusId, branch: asked.branch, url: asked.url, triggeredAt: Date.parse(asked.triggeredAt) }, settings.timeoutMs, { client: context.client, clock: context.clock, logger: context.logger, signal: context.signal });
    if (preview.status === undefined) {
        context.logger.info(`Pull request #${pull.number}: its preview is still building; left for the next sweep.`);
        return entry(pull, job, job.outcome, undefined);
    }
    const found = await foundAgain(pull, job, deps, samePreview);
    if ('skipped' in found)
        return found.skipped;
    const { record, side, quiet, comment } = found;
    record.preview = preview;
    // The documentation PR as the job reported it, decided again (nothing done to it), and what readers will see as the record measured it.
    await (0,docs_pr/* docsPrPhase */.$2)(record, side, undefined, quiet, () => Promise.resolve());
    record.impact = await (0,impact/* impactPhase */.C)(record, settings, quiet, side.access);
    const written = await (0,agent/* gateAndPublish */.Wr)(record, side, settings, quiet, () => comment.unchangedSinceThisRun());
    if (!written)
        return entry(pull, job, 'skipped', undefined);
    context.logger.info(`Pull request #${pull.number}: its preview ended (${preview.status}).`);
    return entry(pull, job, job.outcome, record.gateWritten);
}
/** Whether a comment's record still holds the preview the sweep found, of the same job and head. */
function samePreview(record, pull) {
    return record?.jobId === pull.record.jobId && record.headSha === pull.record.headSha && record.preview?.statusId === pull.record.preview?.statusId;
}
/**
 * The pull request as GitHub has it now (its title, labels, branch; the head the job worked on is
 * the record's), its comment found again (the one the sweep found, still holding the same work:
 * `same`), and the run record of the sweep's writes to it.
 */
async function foundAgain(pull, job, deps, same) {
    const { settings, context, repository, seal, github } = deps;
    const { logger, signal } = context;
    // The step's outputs are the sweep's: a pull request's job ID or preview URL is not announced.
    const quiet = { ...context, setOutput: () => undefined };
    let pullRequest;
    let comment;
    let open;
    try {
        const client = await deps.workflowClient();
        const state = await client.pullRequest(pull.number);
        open = state.state === 'open';
        pullRequest = {
            number: pull.number,
            title: state.title,
            headSha: pull.record.headSha,
            headRef: state.headRef,
            action: '',
            merged: state.merged,
            labels: state.labels,
            label: undefined,
        };
        comment = await pr_comment_comment.PullRequestComment.find(client, { repository, number: pull.number, headSha: pull.record.headSha }, { logger, clock: context.clock, seal });
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
    const side = (0,docs_pr/* docsSide */.BC)(settings, quiet, pullRequest, repository, seal, github);
    const record = (0,run_record/* finishingRecord */.XW)({
        pullRequest,
        repository,
        comment,
        job,
        // Until a follower acts, the documentation PR stays as the record has it.
        following: side.follower ? (0,outcome/* nothingDone */.m)(comment.earlier?.docsPr, comment.earlier?.supersedes) : undefined,
    });
    return { record, side, quiet, comment, open };
}
/** The sweep's look at one job: attaching without waiting, one `GET` (its retries within the step's limits). */
function readJobOnce(pull, settings, context) {
    const { client, clock, sleep, random, logger, signal, deadline } = context;
    const run = (0,run_agent/* newRun */.uH)(pull.record.jobId, '', clock.now(), 'running');
    return (0,run_agent/* waitForJob */.qt)(run, { ...settings, jobId: pull.record.jobId, wait: false }, { client, clock, sleep, random, logger, signal, deadline: deadline.at });
}
/** The API answered 404 for the job: it no longer knows it, and never will. */
function isJobGone(run) {
    return run.outcome === 'error' && run.error instanceof errors/* ApiError */.hD && run.error.status === 404;
}
/** Whether the comment as found again records the job and head the sweep found, still at work. */
function sameWork(record, pull) {
    return record?.working === true && record.jobId === pull.record.jobId && record.headSha === pull.record.headSha;
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
/**
 * The agent command's settings for the phases a sweep shares with a waiting run: the sweep's
 * own, and what a detached run implies (the comment keeps the record; nothing is sent or awaited).
 */
function asAgentSettings(settings) {
    return {
        ...settings,
        command: 'agent',
        prompt: '',
        jobId: undefined,
        diff: 'false',
        diffInclude: [],
        diffExclude: [],
        diffMaxChars: 60_000,
        allowForks: false,
        wait: false,
        pollIntervalMs: 5_000,
        pollIntervalMaxMs: 30_000,
        failOn: new Set(),
        prComment: true,
        reuseJob: false,
    };
}


/***/ })

};
