export const id = 186;
export const ids = [186];
export const modules = {

/***/ 21511:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PO: () => (/* binding */ PULL_COMMENT_PAGES),
/* harmony export */   WT: () => (/* binding */ PULL_FILE_PAGES),
/* harmony export */   Yb: () => (/* binding */ COMMIT_FILE_PAGES),
/* harmony export */   md: () => (/* binding */ PAGE_SIZE),
/* harmony export */   n4: () => (/* binding */ readPages),
/* harmony export */   r9: () => (/* binding */ PULL_COMMIT_PAGES),
/* harmony export */   ur: () => (/* binding */ OPEN_PULL_PAGES)
/* harmony export */ });
/**
 * The one pager of every list the action reads of GitHub, and each list's page limit. GitHub says
 * where a list goes on (REST's `Link: rel="next"`, GraphQL's `pageInfo`), and a pager that
 * believes it follows a server that always says so, or that answers the same page again, for as
 * long as it does: about 400 requests in 8 s were measured for one pull request's comments. So a
 * read stops at its limit whatever the server says, and ends early at a page that brings nothing
 * new. Pure: the Octokit side hands it the pages (`octokit-client.ts`).
 */
/** The most items GitHub answers a page, and what every paged read asks for. */
const PAGE_SIZE = 100;
/**
 * A pull request's comments (`GET issues/{n}/comments`), 10 pages of 100: its first 1,000
 * comments, oldest first, as GitHub lists them. The action's own comment (and a documentation
 * PR's back-link) is found among what is read: written at the pull request's first run, it is
 * there unless a thousand comments came before it. Past them nothing is seen: a comment of the
 * action's there is not found, and a run writes a new one (which the next run does not find
 * either). A thousand is far more than a pull request holds, and one read of the comments costs
 * at most 10 requests, however the server pages.
 */
const PULL_COMMENT_PAGES = 10;
/** A pull request's files (`GET pulls/{n}/files`), 30 pages of 100: GitHub lists at most 3,000 files of a pull request. */
const PULL_FILE_PAGES = 30;
/** A pull request's commits (`GET pulls/{n}/commits`), 3 pages of 100: GitHub lists at most 250 commits of a pull request. */
const PULL_COMMIT_PAGES = 3;
/**
 * A commit's files (`GET commits/{ref}`), 10 pages: GitHub lists at most 3,000 files of a commit,
 * 300 a page (it takes no `per_page` for them), each page repeating the commit.
 */
const COMMIT_FILE_PAGES = 10;
/**
 * A repository's open pull requests (`GET pulls?state=open`), 10 pages of 100: the release command
 * reads a documentation repository's first 1,000, newest first, for those the action labelled as
 * waiting for a release. Past them the oldest wait for a run that reads them (one notice).
 */
const OPEN_PULL_PAGES = 10;
/**
 * Reads a list page by page, asking `pages` for the next one only when it wants it, so that at most
 * `maxPages` pages are requested whatever the server says. The read ends at a page that names no
 * next page, and early at one that brings nothing new (each of its items' keys seen before: an
 * empty page, or a page answered again) or that names as next a page it followed already. An item
 * listed again is kept once. A key of undefined is an item without identity, always new.
 */
async function readPages(pages, maxPages, keyOf) {
    const items = [];
    const seen = new Set();
    const followed = new Set();
    let read = 0;
    try {
        while (read < maxPages) {
            const result = await pages.next();
            if (result.done)
                return { items, more: false, pages: read };
            read += 1;
            const page = result.value;
            let fresh = 0;
            for (const item of page.items) {
                const key = keyOf(item);
                if (key !== undefined && seen.has(key))
                    continue;
                if (key !== undefined)
                    seen.add(key);
                items.push(item);
                fresh += 1;
            }
            if (fresh === 0 || page.next === undefined || followed.has(page.next))
                return { items, more: false, pages: read };
            followed.add(page.next);
        }
        return { items, more: true, pages: read };
    }
    finally {
        await pages.return?.();
    }
}


/***/ }),

/***/ 23186:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  RELEASE_MAX_DOCS_PRS: () => (/* binding */ RELEASE_MAX_DOCS_PRS),
  releaseStep: () => (/* binding */ releaseStep)
});

// EXTERNAL MODULE: ./src/agent/run-agent.ts + 2 modules
var run_agent = __webpack_require__(16830);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(27242);
// EXTERNAL MODULE: ./src/core/docs-pr.ts
var docs_pr = __webpack_require__(49499);
// EXTERNAL MODULE: ./src/core/follow.ts
var follow = __webpack_require__(49746);
// EXTERNAL MODULE: ./src/core/publish.ts
var publish = __webpack_require__(93252);
// EXTERNAL MODULE: ./src/core/record.ts
var core_record = __webpack_require__(14130);
// EXTERNAL MODULE: ./src/docs-pr/access.ts
var access = __webpack_require__(40392);
// EXTERNAL MODULE: ./src/docs-pr/target.ts
var target = __webpack_require__(25783);
// EXTERNAL MODULE: ./src/event.ts
var src_event = __webpack_require__(80807);
// EXTERNAL MODULE: ./src/github/api.ts
var api = __webpack_require__(28943);
// EXTERNAL MODULE: ./src/github/clients.ts + 1 modules
var clients = __webpack_require__(85607);
// EXTERNAL MODULE: ./src/memory/seal.ts
var memory_seal = __webpack_require__(80666);
// EXTERNAL MODULE: ./src/report/docs-pr-report.ts
var docs_pr_report = __webpack_require__(66389);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(48992);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/release-report.ts


const HEADING = {
    released: '🚀 Released',
    skipped: '⏭️ Nothing released',
    'dry-run': '🧪 Dry run: nothing written',
    cancelled: '🛑 Cancelled: what was released stays released; the rest waits for the next run',
    error: '⚠️ Stopped by an error: what was released stays released; the rest waits for the next run',
};
const RESULT_TEXT = {
    released: 'released: marked ready for review',
    'would-release': 'would be released',
    'not-contained': 'keeps waiting: the release does not contain its merge commit',
    'found-ready': 'marked ready for review by hand before: left as it is',
    'left-alone': 'merged or closed meanwhile: left as it is',
    'not-released': 'keeps waiting: the workflow run’s warning says why',
};
/** The summary of a release run. */
function renderReleaseSummary(view) {
    const parts = ['## Documentation released with the code', '', `**${HEADING[view.outcome]}** (\`${view.outcome}\`)`, ''];
    if (view.release)
        parts.push(`Release: ${releaseLink(view.release)}.`, '');
    if (view.rows.length > 0) {
        parts.push('| Code PR | Documentation PR | Merge commit | What became of it |', '| --- | --- | --- | --- |');
        for (const row of view.rows) {
            parts.push(`| ${pullLink(row.codePr, view)} | ${pullLink(row.docsPr, view)} | ${(0,markdown/* codeSpan */.SS)(row.mergeCommit.slice(0, 7), 'cell')} | ${(0,markdown/* escapeText */.X1)(RESULT_TEXT[row.result])} |`);
        }
        parts.push('');
    }
    else if (view.release && !view.reason) {
        parts.push('No documentation PR waits for a release of this repository.', '');
    }
    if (view.left > 0)
        parts.push(`${(0,src_text/* countOf */.pq)(view.left, 'more documentation PR')} wait for the next run (a run releases the oldest merges first, 100 at most).`, '');
    for (const repository of view.unreachable)
        parts.push(`${(0,markdown/* codeSpan */.SS)(repository)} could not be read: its documentation PRs wait for the next run.`, '');
    if (view.reason)
        parts.push((0,markdown/* codeSpan */.SS)(view.reason, 'text', markdown/* MAX_MESSAGE_CHARS */.hP), '');
    parts.push(`${(0,src_text/* countOf */.pq)(view.requests, 'API request')}.`);
    return `${parts.join('\n')}\n`;
}
/** The release's closing log line: its outcome, and how many documentation PRs it released and left waiting. */
function releaseLogLine(view) {
    const released = view.rows.filter((row) => row.result === 'released').length;
    const waiting = view.rows.filter((row) => row.result === 'not-contained' || row.result === 'not-released').length;
    const tag = view.release ? ` with ${view.release.tag}` : '';
    return (0,src_text/* forLog */.Ig)(`Outcome: ${view.outcome} · ${(0,src_text/* countOf */.pq)(released, 'documentation PR')} released${tag} · ${(0,src_text/* countOf */.pq)(waiting, 'documentation PR')} still waiting`, 300);
}
function releaseLink(release) {
    const tag = `[${(0,markdown/* codeSpan */.SS)(release.tag)}](${(0,markdown/* linkDestination */.Vh)(release.url)})`;
    return release.name && release.name !== release.tag ? `${tag}, titled ${(0,markdown/* codeSpan */.SS)(release.name)}` : tag;
}
function pullLink(pull, view) {
    return `[${(0,markdown/* codeSpan */.SS)(pull, 'cell')}](${(0,markdown/* linkDestination */.Vh)(view.pullUrl(pull))})`;
}

// EXTERNAL MODULE: ./src/runtime.ts
var runtime = __webpack_require__(33683);
// EXTERNAL MODULE: ./src/github/pages.ts
var pages = __webpack_require__(21511);
// EXTERNAL MODULE: ./src/memory/back-link.ts
var back_link = __webpack_require__(37961);
// EXTERNAL MODULE: ./src/memory/code-pr-comment.ts
var code_pr_comment = __webpack_require__(77077);
// EXTERNAL MODULE: ./src/memory/record.ts
var record = __webpack_require__(45834);
;// CONCATENATED MODULE: ./src/steps/release/find.ts








/**
 * The documentation PRs that wait for a release of this repository, in `repositories` (the
 * contract's *Documentation that ships with the release*): per repository ⌈its open pull requests ÷
 * 100⌉ reads (at most `OPEN_PULL_PAGES`), then one read of the comments of each labelled one, then
 * for each whose back-link verifies and names a code PR of this repository, one read of that code
 * PR's comments. A repository that cannot be read is one warning; the others are read on.
 * Cancellation and the step's deadline end it, as every GitHub read.
 */
async function findWaiting(repositories, context) {
    const { logger } = context;
    const waiting = [];
    const unreachable = [];
    let reads = 0;
    for (const name of repositories) {
        const reached = context.docs(name);
        if (!reached) {
            logger.warning(context.noToken(name));
            unreachable.push(name);
            continue;
        }
        let listed;
        try {
            listed = await (await reached).openPulls(pages/* OPEN_PULL_PAGES */.ur);
        }
        catch (error) {
            if ((0,api/* endsTheStep */.g1)(error))
                throw error;
            logger.warning(`Could not read the open pull requests of ${name}: ${(0,src_text/* errorMessage */.gJ)(error)} Its documentation PRs wait for the next release run.`);
            unreachable.push(name);
            continue;
        }
        reads += listed.pages;
        if (listed.more) {
            logger.notice(`${name} has more than ${pages/* OPEN_PULL_PAGES */.ur * 100} open pull requests: only the newest ${pages/* OPEN_PULL_PAGES */.ur * 100} were looked at for documentation PRs that wait for this release.`);
        }
        const labelled = listed.pulls.filter((pull) => pull.labels.some((label) => label.toLowerCase() === constants/* RELEASE_LABEL */.l5));
        for (const pull of labelled) {
            const found = await heldFor(name, pull, await reached, context);
            reads += found.reads;
            if (found.waiting)
                waiting.push(found.waiting);
        }
    }
    waiting.sort((a, b) => mergedAtOf(a) - mergedAtOf(b) || a.comment.pullRequest.number - b.comment.pullRequest.number || a.docs.number - b.docs.number);
    if (waiting.length > 0)
        logger.info(`${(0,src_text/* countOf */.pq)(waiting.length, 'documentation PR')} wait for a release of this repository, oldest merge first.`);
    return { waiting, unreachable, reads };
}
/** When a waiting documentation PR's code PR was merged, as its record says (epoch ms); a merge of unknown time sorts last. */
function mergedAtOf(waiting) {
    const at = waiting.recorded.release.mergedAt;
    return at === undefined ? Number.MAX_SAFE_INTEGER : Date.parse(at);
}
/**
 * One labelled pull request: what its back-link and its code PR's record say. A read that fails is
 * one warning, and the pull request waits for the next run; anything that is not the action's, or
 * not this repository's, or not waiting, is passed over (said at info level: a label is anyone's).
 */
async function heldFor(name, pull, docsGitHub, context) {
    const { logger, seal, code } = context;
    const docs = { repository: { id: pull.repositoryId, name }, number: pull.number };
    const docsName = (0,api/* pullName */.N4)({ repository: name, number: pull.number });
    let reads = 0;
    const passOver = (why) => {
        logger.info(`${docsName} carries the label ${constants/* RELEASE_LABEL */.l5} but ${why}: passed over.`);
        return { reads };
    };
    let comments;
    try {
        reads += 1;
        comments = await docsGitHub.listComments(pull.number);
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error))
            throw error;
        logger.warning(`Could not read the comments of ${docsName}: ${(0,src_text/* errorMessage */.gJ)(error)} It waits for the next release run.`);
        return { reads };
    }
    // Any back-link that verifies leads to its code PR; which one is the action's, that code PR's record says.
    const first = (0,back_link/* firstBackLink */.Qu)(comments, docs, seal);
    if (first.found !== 'verified')
        return passOver("no back-link of this action's that verifies");
    const backLink = first.record.record;
    const codePr = backLink.codePr;
    const ofThisRepository = codePr.repositoryId !== undefined && code.repository.id !== undefined
        ? codePr.repositoryId === code.repository.id
        : (0,target/* sameRepository */.RB)(codePr.repository, code.repository.name);
    if (!ofThisRepository)
        return passOver(`it documents ${(0,api/* pullName */.N4)(codePr)}, of another repository`);
    const github = await code.read();
    let comment;
    try {
        const author = backLink.commentAuthor ?? (reads++, await github.tokenLogin());
        reads += 1;
        comment = await code_pr_comment/* CodePrComment */.$.read(github, { repository: code.repository, number: codePr.number, headSha: '' }, { logger, clock: context.clock, seal, author });
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error))
            throw error;
        logger.warning(`Could not read the comments of code PR #${codePr.number}: ${(0,src_text/* errorMessage */.gJ)(error)} ${docsName} waits for the next release run.`);
        return { reads };
    }
    const recorded = comment.earlier?.docsPr;
    if (!recorded || !(0,target/* namesPull */.cv)(recorded, docs.repository, pull.number))
        return passOver(`the record of code PR #${codePr.number} does not name it`);
    // The action's back-link is the one by the author that record names: a copy by anyone else is never it.
    if (!(await (0,back_link/* ourBackLink */.q$)(comments, docs, seal, recorded.linkAuthor)))
        return passOver("its back-link was not written by the identity that writes this action's back-links");
    if (!recorded.release)
        return passOver(`the record of code PR #${codePr.number} does not hold it for a release`);
    if (!(0,record/* waitsForRelease */.po)(recorded)) {
        logger.info(`${docsName} ${recorded.release.releasedIn !== undefined ? `was released with ${(0,src_text/* quotedForLog */.IK)(recorded.release.releasedIn)} already` : 'was marked ready for review by hand'}: left as it is.`);
        return { reads };
    }
    return { waiting: { docs, pull, comment, recorded }, reads };
}

// EXTERNAL MODULE: ./src/steps/step.ts
var step = __webpack_require__(50961);
;// CONCATENATED MODULE: ./src/steps/release.ts


















/** A run releases at most this many documentation PRs, oldest merge first; the rest wait for the next run. */
const RELEASE_MAX_DOCS_PRS = 100;
/** The actions of a `release` event that publish a release: any other (a draft created, an edit) releases nothing. */
const PUBLISHING_ACTIONS = ['published', 'released'];
/**
 * `command: release` (the contract's *Documentation that ships with the release*), in the code
 * repository's workflow, on `release: published` or any other event (`release-tag`, else the
 * latest release):
 *
 * 1. **The release**, read from GitHub by its tag, never from the payload: published, not a
 *    draft; a prerelease releases nothing (one notice).
 * 2. **The waiting documentation PRs** (`release/find.ts`): labelled `waits-for-release` in the
 *    documentation repositories, and held for a release of this repository by the action's own
 *    records; oldest merge first, at most 100 a run (the rest next run, one notice).
 * 3. **Each one**: marked ready for review, its comment and the code PR's saying which release, its
 *    record saying it was released — when the release's tag contains its merge commit
 *    (`compare/{tag}...{sha}`: `behind` or `identical`), by the core (`core/docs-pr.ts`
 *    `releasePhase`, then the last writes). One the tag does not contain (a release cut from another
 *    branch) keeps waiting; one marked ready by hand, merged or closed meanwhile is left as it is.
 *
 * Never twice: a documentation PR released is no longer labelled, and its record says so; a second
 * run for the same release changes nothing. It never merges a pull request, and sends nothing to
 * the documentation API.
 */
async function releaseStep(settings, context) {
    const { logger } = context;
    const repository = (0,src_event/* workflowRepositoryOf */.ls)(context.event, context.env);
    const run = { outcome: 'skipped', release: undefined, rows: [], released: [], left: 0, unreachable: [], reason: undefined };
    const finish = (outcome, reason) => {
        run.outcome = outcome;
        run.reason = reason ?? run.reason;
        return report(run, context, repository);
    };
    if (!repository) {
        return finish('error', "command: release needs GITHUB_REPOSITORY (owner/name): it releases the documentation PRs of the workflow's repository.");
    }
    if (!settings.githubToken) {
        return finish('error', 'Input "github-token" is empty: the release command reads the release and writes the code PRs\' comments with it. Leave it at its default (${{ github.token }}) or pass a token with "Contents: read" and "Pull requests: write".');
    }
    const action = typeof context.event.payload.action === 'string' ? context.event.payload.action : '';
    if (settings.release !== 'latest' && settings.release.from === 'event' && !PUBLISHING_ACTIONS.includes(action)) {
        const reason = `The release event is "${action}": only a published release releases documentation PRs. Run this step on release types [published].`;
        logger.notice(reason);
        return finish('skipped', reason);
    }
    const seal = memory_seal/* RecordSeal */.l_.fromApiKey(settings.apiKey, settings.previousApiKey);
    const github = (0,clients/* gitHubClients */.o)(settings, context);
    // The core of each code PR the release comes to: its documentation PR followed, held for the release.
    const core = (0,step/* coreOf */.z2)({ ...settings, followCodePr: true, readerImpact: false, preview: false, docsStatus: 'off', waiveLabel: '', docsPublish: 'on-release' }, context, {
        code: { repository, token: settings.githubToken },
        docs: { docsToken: settings.docsToken, workflowToken: settings.githubToken, workflowRepository: repository.name },
        quiet: true,
    }, github, seal);
    try {
        const release = await logger.phase(runtime/* Phase */.a0.Release, () => readRelease(settings, core, run));
        if (!release)
            return report(run, context, repository);
        const found = await logger.phase(runtime/* Phase */.a0.Waiting, () => findWaiting(settings.docsRepositories.length > 0 ? settings.docsRepositories : [repository.name], {
            code: { repository, read: () => core.code.read() },
            docs: (name) => (0,access/* docsClientFor */.s$)(core.docs, { repository: name, number: 1 }),
            noToken: (name) => (0,access/* noTokenFor */.ss)(core.docs, { repository: name, number: 1 }).replace(/ It was left as it is\.$/, ' Its documentation PRs wait.'),
            seal,
            logger,
            clock: context.clock,
        }));
        run.unreachable = found.unreachable;
        const repositories = settings.docsRepositories.length > 0 ? settings.docsRepositories.length : 1;
        if (found.unreachable.length === repositories) {
            return finish('error', `No documentation repository could be read (${found.unreachable.join(', ')}): the warnings above say what to give.`);
        }
        const waiting = found.waiting.slice(0, RELEASE_MAX_DOCS_PRS);
        run.left = found.waiting.length - waiting.length;
        if (run.left > 0) {
            logger.notice(`${(0,src_text/* countOf */.pq)(found.waiting.length, 'documentation PR')} wait for a release: this run takes the oldest ${RELEASE_MAX_DOCS_PRS} merges; the ${run.left} newest wait for the next run.`);
        }
        if (found.waiting.length === 0)
            logger.info('No documentation PR waits for a release of this repository.');
        for (const each of waiting) {
            if (context.signal.aborted)
                return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
            if (context.clock.now() >= context.deadline.at) {
                logger.warning(`timeout (${(0,src_text/* formatDuration */.a3)(settings.timeoutMs)}) ran out: the documentation PRs not looked at yet wait for the next run.`);
                break;
            }
            const stopped = await logger.phase(`Pull request #${each.comment.pullRequest.number}`, () => releaseOne(each, release, core, run));
            if (stopped)
                return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
        }
    }
    catch (error) {
        if ((0,runtime/* isCancellation */.iB)(error, context.signal) || ((0,api/* endsTheStep */.g1)(error) && context.signal.aborted)) {
            return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
        }
        return finish('error', (0,api/* endsTheStep */.g1)(error) ? `timeout (${(0,src_text/* formatDuration */.a3)(settings.timeoutMs)}) ran out: ${(0,src_text/* errorMessage */.gJ)(error)}` : (0,src_text/* errorMessage */.gJ)(error));
    }
    if (context.signal.aborted)
        return finish('cancelled', 'Cancelled: what was released stays released; the rest waits for the next run.');
    return finish(run.released.length > 0 ? 'released' : settings.dryRun ? 'dry-run' : 'skipped');
}
/**
 * The release as GitHub has it: by the tag the input or the event names (the payload says which
 * tag, nothing more), else the latest. A tag GitHub has no published release for is the step's
 * error; a draft, a prerelease, or no release yet releases nothing (one notice).
 */
async function readRelease(settings, core, run) {
    const tag = settings.release === 'latest' ? undefined : settings.release.tag;
    let release;
    try {
        release = await (await core.code.read()).release(tag);
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error) || (0,runtime/* isCancellation */.iB)(error, core.signal))
            throw error;
        throw new Error(`Could not read the release ${tag === undefined ? '(the latest)' : (0,src_text/* quotedForLog */.IK)(tag)}: ${(0,src_text/* errorMessage */.gJ)(error)}`, { cause: error });
    }
    const skip = (reason) => {
        core.logger.notice(reason);
        run.reason = reason;
        return undefined;
    };
    if (!release) {
        if (tag === undefined)
            return skip('This repository has no published release yet: no documentation PR is released.');
        throw new Error(`GitHub has no published release with the tag ${(0,src_text/* quotedForLog */.IK)(tag)} (a draft is not published; a deleted one is gone): no documentation PR is released.`);
    }
    const shown = { tag: release.tag, name: release.name, url: releasePage(core, release.tag) };
    run.release = shown;
    if (release.draft)
        return skip(`The release ${(0,src_text/* quotedForLog */.IK)(release.tag)} is still a draft: no documentation PR is released until it is published.`);
    if (release.prerelease) {
        return skip(`The release ${(0,src_text/* quotedForLog */.IK)(release.tag)} is a prerelease: it releases no documentation PR; they wait for a full release that contains their merge commit.`);
    }
    core.logger.info(`Release ${(0,src_text/* quotedForLog */.IK)(release.tag)}, as GitHub has it: published, not a prerelease.`);
    return shown;
}
/**
 * One documentation PR that waits: found ready by hand (the record says so, and it is left as it
 * is), not contained in the release (it keeps waiting), or released by the core: the one decision,
 * marked ready, its comment, the label taken off, then the code PR's comment and record. True when
 * the step was cancelled meanwhile.
 */
async function releaseOne(each, release, core, run) {
    const { logger } = core;
    const code = core.code;
    const codePr = (0,api/* pullName */.N4)({ repository: code.repository.name, number: each.comment.pullRequest.number });
    const docsPr = (0,api/* pullName */.N4)({ repository: each.docs.repository.name, number: each.docs.number });
    const mergeCommit = each.recorded.release.mergeCommit;
    const row = (result) => {
        run.rows.push({ codePr, docsPr, mergeCommit, result });
        if (result === 'released')
            run.released.push({ codePr, docsPr, tag: release.tag });
    };
    if (!each.pull.draft) {
        logger.info(`${docsPr} was marked ready for review by hand before a release contained it: left as it is, but for its label.`);
        row('found-ready');
        if (!core.settings.dryRun) {
            await recordFoundReady(each, core);
            await takeWaitingLabelOff(each, core);
        }
        return core.signal.aborted;
    }
    let contained;
    try {
        const compared = await (await code.read()).compareStatus(release.tag, mergeCommit);
        contained = compared.status === 'behind' || compared.status === 'identical';
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error) || (0,runtime/* isCancellation */.iB)(error, core.signal))
            throw error;
        logger.warning(`Could not tell whether ${(0,src_text/* quotedForLog */.IK)(release.tag)} contains ${mergeCommit.slice(0, 7)}, the merge of ${codePr}: ${(0,src_text/* errorMessage */.gJ)(error)} ${docsPr} keeps waiting.`);
        row('not-released');
        return false;
    }
    if (!contained) {
        logger.info(`${(0,src_text/* quotedForLog */.IK)(release.tag)} does not contain ${mergeCommit.slice(0, 7)}, the merge of ${codePr} (a release cut from another branch?): ${docsPr} keeps waiting.`);
        row('not-contained');
        return false;
    }
    if (core.settings.dryRun) {
        logger.info(`Dry run: would release ${docsPr} (${codePr} was merged as ${mergeCommit.slice(0, 7)}); nothing was changed on GitHub.`);
        row('would-release');
        return false;
    }
    const record = await codePrRecord(each, core);
    if (!record) {
        row('not-released');
        return false;
    }
    await (0,docs_pr/* releasePhase */.FO)(record, core, release);
    const following = record.following;
    const result = following.action === 'marked-ready'
        ? 'released'
        : following.shown?.state === 'found-ready'
            ? 'found-ready'
            : following.shown?.state === 'left-alone-merged' || following.shown?.state === 'left-alone-closed'
                ? 'left-alone'
                : 'not-released';
    row(result);
    const changed = following.record;
    // The code PR's comment says what became of it, and its record keeps it: released, or found ready.
    if (changed?.release && (result === 'released' || result === 'found-ready')) {
        const shown = following.shown;
        record.tail = {
            docsPrSection: (0,docs_pr_report/* renderDocsPrSection */.dH)((0,api/* pullName */.N4)(shown.pull), shown.state, undefined, shown.release),
            change: withRelease(each, changed.release),
        };
        await (0,publish/* publishPhase */.V)(record, core);
    }
    return record.job.outcome === 'cancelled' || core.signal.aborted;
}
/** The run record of the code PR a released documentation PR belongs to: the code PR as GitHub has it now (its title for the comments). */
async function codePrRecord(each, core) {
    const code = core.code;
    let pull;
    try {
        pull = await (await code.read()).pullRequest(each.comment.pullRequest.number);
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error) || (0,runtime/* isCancellation */.iB)(error, core.signal))
            throw error;
        core.logger.warning(`Could not read code PR #${each.comment.pullRequest.number}: ${(0,src_text/* errorMessage */.gJ)(error)} Its documentation PR keeps waiting.`);
        return undefined;
    }
    const record = (0,core_record/* newRecord */.Mx)({
        pullRequest: (0,core_record/* codePullOf */.g_)(pull),
        repository: code.repository,
        job: (0,run_agent/* newRun */.uH)(undefined, '', core.clock.now(), 'synced'),
        comment: each.comment,
    });
    // Only the documentation PR's line of the comment is this run's: the report above it stays as it is.
    record.shows = false;
    record.following = (0,follow/* nothingFollowed */.u9)(each.recorded, each.comment.earlier?.supersedes);
    return record;
}
/** A documentation PR marked ready by hand: the code PR's comment says so, and its record, so no run looks at it again. */
async function recordFoundReady(each, core) {
    const release = { ...each.recorded.release, foundReady: true };
    const record = (0,core_record/* newRecord */.Mx)({
        pullRequest: undefined,
        repository: core.code.repository,
        job: (0,run_agent/* newRun */.uH)(undefined, '', core.clock.now(), 'synced'),
        comment: each.comment,
    });
    record.shows = false;
    record.tail = {
        docsPrSection: (0,docs_pr_report/* renderDocsPrSection */.dH)((0,api/* pullName */.N4)(each.recorded), 'found-ready'),
        change: withRelease(each, release),
    };
    await (0,publish/* publishPhase */.V)(record, core);
}
/**
 * The label says the documentation PR waits for a release; one marked ready by hand no longer does.
 * Taken off, so that no later release run singles it out and reads it again: the contract's bound is
 * one read per labelled pull request, and telling one found ready from one that waits takes two.
 * A failure is one warning: the next release run finds its record says found ready, and leaves it.
 */
async function takeWaitingLabelOff(each, core) {
    const docsPr = (0,api/* pullName */.N4)({ repository: each.docs.repository.name, number: each.docs.number });
    try {
        const github = (0,access/* docsClientFor */.s$)(core.docs, { repository: each.docs.repository.name, number: each.docs.number });
        if (!github)
            return;
        await (await github).removeLabel(each.docs.number, constants/* RELEASE_LABEL */.l5);
    }
    catch (error) {
        if ((0,api/* endsTheStep */.g1)(error) || (0,runtime/* isCancellation */.iB)(error, core.signal))
            throw error;
        core.logger.warning(`Could not take the label ${constants/* RELEASE_LABEL */.l5} off ${docsPr}: ${(0,src_text/* errorMessage */.gJ)(error)} Later release runs read it again, and leave it.`);
    }
}
/** The change of the code PR's newest record this run owns: its documentation PR's release, where it still names that documentation PR. */
function withRelease(each, release) {
    return (newest) => newest.docsPr && (0,target/* namesPull */.cv)(newest.docsPr, each.docs.repository, each.docs.number) ? { ...newest, docsPr: { ...newest.docsPr, release } } : newest;
}
/** A release's page on the runner's GitHub, made by the action from the repository and the tag. */
function releasePage(core, tag) {
    return `${(0,target/* serverUrlFrom */.dJ)(core.env)}/${core.code.repository.name}/releases/tag/${tag.split('/').map(encodeURIComponent).join('/')}`;
}
function report(run, context, repository) {
    const requests = context.client.requestCount;
    const server = (0,target/* serverUrlFrom */.dJ)(context.env);
    const view = {
        outcome: run.outcome,
        release: run.release,
        rows: run.rows,
        left: run.left,
        unreachable: run.unreachable,
        reason: run.reason,
        requests,
        pullUrl: (pull) => {
            const [name = repository?.name ?? '', number = ''] = pull.split('#');
            return `${server}/${name}/pull/${number}`;
        },
    };
    const failed = run.outcome === 'error' || run.outcome === 'cancelled';
    return {
        outputs: {
            [constants/* Outputs */.tY.Outcome]: run.outcome,
            [constants/* Outputs */.tY.Released]: JSON.stringify(run.released),
            [constants/* Outputs */.tY.Requests]: String(requests),
        },
        summary: renderReleaseSummary(view),
        closingLine: releaseLogLine(view),
        ...(failed ? { failure: run.reason ?? `The release step ended: ${run.outcome}.` } : {}),
    };
}


/***/ })

};
