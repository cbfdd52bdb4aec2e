export const id = 760;
export const ids = [760];
export const modules = {

/***/ 10529:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S8: () => (/* binding */ exportProgress)
/* harmony export */ });
/* unused harmony exports PROGRESS_EVERY_MS, PROGRESS_EVERY_PAGES */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48992);

/** A progress line at least this often while pages keep coming… */
const PROGRESS_EVERY_MS = 5_000;
/** …or after this many pages, whichever comes first. */
const PROGRESS_EVERY_PAGES = 10;
/**
 * Tells the log how a long export is going (rows so far, requests, elapsed), so a 20,000-row
 * export does not sit silent until it ends. Quiet for an export that ends within its first few
 * pages and seconds: the closing line says it all then.
 */
function exportProgress(logger, clock, label, requests) {
    const startedAt = clock.now();
    let saidAt = startedAt;
    let saidPages = 0;
    return (rows, pages) => {
        const now = clock.now();
        if (now - saidAt < PROGRESS_EVERY_MS && pages - saidPages < PROGRESS_EVERY_PAGES)
            return;
        logger.info(`${label}: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .countOf */ .pq)(rows, 'row')} so far, ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .countOf */ .pq)(requests(), 'request')}, ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(now - startedAt)}.`);
        saidAt = now;
        saidPages = pages;
    };
}


/***/ }),

/***/ 77197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ TopRows)
/* harmony export */ });
/** The rows with the highest `total` seen so far (ties: path, ascending), in bounded memory. */
class TopRows {
    size;
    rows = [];
    constructor(size) {
        this.size = size;
    }
    add(rows) {
        // Stryker disable next-line ConditionalExpression: with no rows to show, the rows kept are none either way; this only spares the memory
        if (this.size === 0)
            return;
        this.rows.push(...rows);
        // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: where (or whether) the buffer is cut bounds memory only; the rows shown are the same
        if (this.rows.length > 4 * this.size + 1000)
            this.rows = this.values();
    }
    values() {
        return this.rows.sort((a, b) => b.total - a.total || byPath(a, b)).slice(0, this.size);
    }
}
/** Paths in JavaScript's own string order (UTF-16 code units): the same on every machine. */
function byPath(a, b) {
    // Stryker disable next-line EqualityOperator: the pager hands over each path once, so no two rows compared here share a path
    if (a.path < b.path)
        return -1;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Node's sort only asks whether a comparison is below 0, so this branch cannot be told from returning 0
    return a.path > b.path ? 1 : 0;
}


/***/ }),

/***/ 87760:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  visitorsStep: () => (/* binding */ visitorsStep)
});

// EXTERNAL MODULE: ./src/report/cancellation.ts
var cancellation = __webpack_require__(83575);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(27242);
;// CONCATENATED MODULE: ./src/analytics/change.ts
/**
 * A count against the same count in the previous period: the difference, and the percentage
 * (one decimal) when the previous count is not zero. Nothing when there is no previous period.
 */
function changeOf(current, previous) {
    if (previous === undefined)
        return {};
    const absolute = current - previous;
    return { absolute, percent: previous === 0 ? undefined : Math.round((absolute / previous) * 1000) / 10 };
}

// EXTERNAL MODULE: ./src/analytics/range.ts
var analytics_range = __webpack_require__(71925);
// EXTERNAL MODULE: ./src/runtime.ts
var runtime = __webpack_require__(33683);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(48992);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./src/visitors/files.ts





const BASE_COLUMNS = ['path', 'human', 'ai', 'total'];
const COMPARE_COLUMNS = ['previous_human', 'previous_ai', 'previous_total', 'total_change', 'total_change_pct', 'new'];
/** Files are written under this suffix and renamed when complete, so no output names a torn one. */
const PARTIAL_SUFFIX = '.partial';
/**
 * `visitors.csv` and `visitors.json`, written row by row as pages arrive, so memory does not
 * grow with the export. The JSON's `rows` come first and the totals after them, since the
 * request count is only known at the end. Both are written under a `.partial` name and take
 * their own names only when complete; an export that stops part-way removes them.
 */
class VisitorFiles {
    csvPath;
    jsonPath;
    csv;
    json;
    compare;
    rowsWritten = 0;
    constructor(csvPath, jsonPath, csv, json, compare) {
        this.csvPath = csvPath;
        this.jsonPath = jsonPath;
        this.csv = csv;
        this.json = json;
        this.compare = compare;
    }
    static async open(dir, compare) {
        await (0,promises_.mkdir)(dir, { recursive: true });
        const csvPath = (0,external_node_path_.join)(dir, 'visitors.csv');
        const jsonPath = (0,external_node_path_.join)(dir, 'visitors.json');
        const opened = await Promise.allSettled([openStream(csvPath + PARTIAL_SUFFIX), openStream(jsonPath + PARTIAL_SUFFIX)]);
        const [csv, json] = opened.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
        if (!csv || !json) {
            await Promise.allSettled([csv && end(csv), json && end(json)]);
            // The files of this name are the action's own, left or made: removed, but a clean-up that fails
            // (a folder in the way) never hides why the opening failed.
            await Promise.allSettled([(0,promises_.rm)(csvPath + PARTIAL_SUFFIX, { force: true }), (0,promises_.rm)(jsonPath + PARTIAL_SUFFIX, { force: true })]);
            throw opened.find((result) => result.status === 'rejected').reason;
        }
        const files = new VisitorFiles(csvPath, jsonPath, csv, json, compare);
        await files.write(files.csv, `${[...BASE_COLUMNS, ...(compare ? COMPARE_COLUMNS : [])].join(',')}\r\n`);
        await files.write(files.json, '{"rows":[');
        return files;
    }
    async writeRows(rows) {
        if (rows.length === 0)
            return;
        let csv = '';
        let json = '';
        for (const row of rows) {
            csv += `${csvLine(row, this.compare)}\r\n`;
            json += `${this.rowsWritten++ === 0 ? '\n' : ',\n'}${JSON.stringify(jsonRow(row, this.compare))}`;
        }
        await Promise.all([this.write(this.csv, csv), this.write(this.json, json)]);
    }
    /** Completes both files and gives them their own names. */
    async close(summary) {
        const tail = JSON.stringify(summary).slice(1); // the summary's fields, after the rows
        await this.write(this.json, `\n],${tail}\n`);
        await Promise.all([end(this.csv), end(this.json)]);
        await Promise.all([(0,promises_.rename)(this.csvPath + PARTIAL_SUFFIX, this.csvPath), (0,promises_.rename)(this.jsonPath + PARTIAL_SUFFIX, this.jsonPath)]);
    }
    /** After a failure or a cancellation: closes and removes the partial files. */
    async discard() {
        await Promise.allSettled([end(this.csv), end(this.json)]);
        await Promise.all([(0,promises_.rm)(this.csvPath + PARTIAL_SUFFIX, { force: true }), (0,promises_.rm)(this.jsonPath + PARTIAL_SUFFIX, { force: true })]);
    }
    async write(stream, text) {
        if (!stream.write(text))
            await (0,external_node_events_.once)(stream, 'drain');
    }
}
/** One CSV record (RFC 4180). */
function csvLine(row, compare) {
    const cells = [csvText(row.path), row.human, row.ai, row.total];
    if (compare) {
        const previous = row.previous ?? undefined;
        const change = changeOf(row.total, previous?.total);
        cells.push(previous?.human ?? '', previous?.ai ?? '', previous?.total ?? '', change.absolute ?? '', change.percent ?? '', row.previous === null ? 'true' : 'false');
    }
    return cells.join(',');
}
/**
 * A text cell: quoted when it holds a comma, quote or line break, and made inert when a
 * spreadsheet would run it as a formula (a leading `=`, `+`, `-`, `@`, tab or carriage return
 * gets a leading apostrophe).
 */
function csvText(value) {
    const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}
function jsonRow(row, compare) {
    const base = { path: row.path, human: row.human, ai: row.ai, total: row.total };
    if (!compare)
        return base;
    const change = changeOf(row.total, row.previous?.total);
    return { ...base, previous: row.previous ?? null, totalChange: change.absolute ?? null, totalChangePct: change.percent ?? null, new: row.previous === null };
}
/** A write stream that is open, so a bad path fails here and not at the first write. */
async function openStream(path) {
    const stream = (0,external_node_fs_.createWriteStream)(path);
    await (0,external_node_events_.once)(stream, 'open');
    return stream;
}
async function end(stream) {
    if (stream.closed)
        return;
    await new Promise((resolve, reject) => {
        stream.end((error) => (error ? reject(error) : resolve()));
    });
}

// EXTERNAL MODULE: ./src/analytics/paging.ts
var analytics_paging = __webpack_require__(49390);
// EXTERNAL MODULE: ./src/analytics/progress.ts
var analytics_progress = __webpack_require__(10529);
// EXTERNAL MODULE: ./src/analytics/top-rows.ts
var top_rows = __webpack_require__(77197);
;// CONCATENATED MODULE: ./src/visitors/run-visitors.ts








/** How a visitors step ended: the `outcome` output. */
function visitorsOutcome(run) {
    if (run.dryRun)
        return 'dry-run';
    if (run.cancelled)
        return 'cancelled';
    return run.error ? 'error' : 'exported';
}
/**
 * Exports every row of the range (and, with `compare-previous`, of the period before it) into
 * the two files, keeping the busiest pages for the summary, then uploads the files as an
 * artifact. Returns the run's record on every path: done, cancelled, or stopped by an error.
 */
async function runVisitors(settings, deps) {
    const range = { dateFrom: settings.dateFrom, dateTo: settings.dateTo };
    const run = {
        range,
        previous: settings.comparePrevious ? (0,analytics_range/* previousRange */.Ny)(range) : undefined,
        dryRun: settings.dryRun,
        totals: undefined,
        previousTotals: undefined,
        rows: 0,
        duplicates: 0,
        top: [],
        csvPath: undefined,
        jsonPath: undefined,
        artifact: undefined,
        notAdvancing: [],
        cancelled: false,
        error: undefined,
    };
    const paging = { pageSize: settings.pageSize, offset: settings.offset, maxRows: settings.maxRows, concurrency: settings.concurrency };
    if (settings.dryRun) {
        deps.logger.info(`Dry run: would export visitors with ${JSON.stringify({ ...(0,analytics_range/* dateQuery */.Nj)(range), ...paging })}; nothing was sent.`);
        return run;
    }
    // `timeout` bounds the export as it bounds a wait: no retry and no new page after it.
    const deadline = { at: deps.deadline, clock: deps.clock };
    const progress = (label) => (0,analytics_progress/* exportProgress */.S8)(deps.logger, deps.clock, label, () => deps.client.requestCount);
    const warnIfNotAdvancing = (result, read) => {
        if (result.stalledAt === undefined)
            return;
        const warning = (0,analytics_paging/* visitorsNotAdvancingWarning */.QH)({ ...result, stalledAt: result.stalledAt }, read);
        run.notAdvancing.push(warning);
        deps.logger.warning(warning);
    };
    let files;
    try {
        await deps.logger.phase(runtime/* Phase */.a0.Export, async () => {
            // Opened first: a folder that cannot hold the files is found before any request is spent.
            files = await openFiles(settings.outputDir, run.previous !== undefined);
            let previousRows;
            if (run.previous) {
                previousRows = new Map();
                const earlier = await (0,analytics_paging/* pageVisitors */.zj)(deps.client, { ...(0,analytics_range/* dateQuery */.Nj)(run.previous), ...paging, maxRows: 0, deadline, onProgress: progress('Previous period') }, (rows) => {
                    for (const { path, human, ai, total } of rows)
                        previousRows.set(path, { human, ai, total });
                    return Promise.resolve();
                });
                run.previousTotals = earlier.totals;
                warnIfNotAdvancing(earlier, 'the previous period');
            }
            const top = new top_rows/* TopRows */.f(settings.summaryRows);
            const result = await (0,analytics_paging/* pageVisitors */.zj)(deps.client, { ...(0,analytics_range/* dateQuery */.Nj)(range), ...paging, deadline, onProgress: progress('Exported') }, async (rows) => {
                const exported = rows.map((row) => withPrevious(row, previousRows));
                top.add(exported);
                await files.writeRows(exported);
            });
            warnIfNotAdvancing(result);
            run.totals = result.totals;
            run.rows = result.rows;
            run.duplicates = result.duplicates;
            run.top = top.values();
            if (result.duplicates > 0) {
                deps.logger.warning(`The API repeated ${(0,src_text/* countOf */.pq)(result.duplicates, 'path')} across pages (the data changed while paging); each path was kept once.`);
            }
            await files.close({
                range: { dateFrom: range.dateFrom?.text ?? null, dateTo: range.dateTo?.text ?? null },
                totals: result.totals,
                ...(run.previous && run.previousTotals
                    ? { previous: { range: { dateFrom: run.previous.dateFrom?.text ?? null, dateTo: run.previous.dateTo?.text ?? null }, totals: run.previousTotals } }
                    : {}),
                requests: deps.client.requestCount,
                generatedAt: new Date(deps.clock.now()).toISOString(),
            });
            run.csvPath = files.csvPath;
            run.jsonPath = files.jsonPath;
            files = undefined;
        });
        const { csvPath, jsonPath } = run;
        if (settings.artifactName && csvPath && jsonPath) {
            const artifactName = settings.artifactName;
            await deps.logger.phase(runtime/* Phase */.a0.Artifact, async () => {
                run.artifact = await deps.uploadArtifact(artifactName, [csvPath, jsonPath], settings.outputDir, {
                    deadline: deadline.at,
                    timeoutMs: settings.timeoutMs,
                    requestTimeoutMs: settings.requestTimeoutMs,
                    signal: deps.signal,
                    clock: deps.clock,
                    sleep: deps.sleep,
                });
                // The files are complete either way and stay where the outputs say. Cut short by the
                // timeout, the upload is missed as a failed one is (a warning: the export itself is done);
                // cut short by a cancellation, the step is cancelled, as everywhere.
                if (deps.signal.aborted)
                    run.cancelled = true;
                else if (run.artifact.skipped)
                    deps.logger.notice(`Visitor files not uploaded as an artifact: ${run.artifact.skipped}. They are in ${settings.outputDir}.`);
                // A tried upload that failed is worth a warning: the files are still on the runner, for this job only.
                else if (run.artifact.failed) {
                    deps.logger.warning(`Visitor files not uploaded as an artifact: the upload failed (${(0,src_text/* forLog */.Ig)(run.artifact.failed, 300)}). They are in ${settings.outputDir} on this runner.`);
                }
                else if (run.artifact.unfinished) {
                    deps.logger.warning(`Visitor files not uploaded as an artifact: the upload did not finish (${run.artifact.unfinished}). They are in ${settings.outputDir} on this runner.`);
                }
            });
        }
    }
    catch (error) {
        // A stopped export leaves no file behind: an output never names a torn one.
        await files?.discard();
        if ((0,runtime/* isCancellation */.iB)(error, deps.signal))
            run.cancelled = true;
        else if (error instanceof runtime/* DeadlineError */.j3) {
            run.error = new Error(`The export did not finish within timeout (${(0,src_text/* formatDuration */.a3)(settings.timeoutMs)}): ${error.message}. No files were written; raise timeout, or export less with max-rows.`);
        }
        else
            run.error = error instanceof Error ? error : new Error(String(error));
    }
    return run;
}
/** The files, or an error that names the input: the author chose the folder. */
async function openFiles(dir, compare) {
    try {
        return await VisitorFiles.open(dir, compare);
    }
    catch (error) {
        throw new Error(`Input "${constants/* Inputs */.G0.OutputDir}" (${dir}) cannot hold the visitor files: ${describeFsError(error)}. Choose another folder, or leave output-dir empty for the runner's temporary folder.`, { cause: error });
    }
}
function describeFsError(error) {
    const code = error.code;
    if (code === 'EEXIST' || code === 'ENOTDIR')
        return 'a file is in the way of the folder';
    if (code === 'EACCES' || code === 'EPERM')
        return 'no permission to write there';
    if (code === 'EROFS')
        return 'the file system is read-only';
    return (0,src_text/* errorMessage */.gJ)(error);
}
function withPrevious(row, previous) {
    const counts = { path: row.path, human: row.human, ai: row.ai, total: row.total };
    if (!previous)
        return counts;
    return { ...counts, previous: previous.get(row.path) ?? null };
}

// EXTERNAL MODULE: ./src/report/markdown.ts
var report_markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/visitors-report.ts







function visitorsOutputs(run, requests) {
    return {
        [constants/* Outputs */.tY.Outcome]: visitorsOutcome(run),
        [constants/* Outputs */.tY.VisitorsTotal]: run.totals ? String(run.totals.total) : '',
        [constants/* Outputs */.tY.VisitorsHuman]: run.totals ? String(run.totals.human) : '',
        [constants/* Outputs */.tY.VisitorsAi]: run.totals ? String(run.totals.ai) : '',
        [constants/* Outputs */.tY.VisitorsRows]: String(run.rows),
        [constants/* Outputs */.tY.VisitorsCsv]: run.csvPath ?? '',
        [constants/* Outputs */.tY.VisitorsJson]: run.jsonPath ?? '',
        [constants/* Outputs */.tY.ArtifactId]: run.artifact?.id === undefined ? '' : String(run.artifact.id),
        [constants/* Outputs */.tY.Requests]: String(requests),
    };
}
/** A path in the summary, as code: long ones are cut. */
const MAX_PATH_CHARS = 120;
/**
 * The visitors summary: range, totals, the busiest pages, and where every row is. Measured in
 * bytes: when the table would push it past GitHub's limit, rows are dropped until it fits.
 */
function renderVisitorsSummary(run, requests, artifactName) {
    let rows = run.top;
    for (;;) {
        const markdown = render(run, rows, requests, artifactName);
        if ((0,report_markdown/* byteLength */.dp)(markdown) <= report_markdown/* SUMMARY_LIMIT_BYTES */.Jz || rows.length === 0)
            return markdown;
        rows = rows.slice(0, Math.floor(rows.length / 2));
    }
}
function render(run, top, requests, artifactName) {
    const compare = run.previous !== undefined;
    const parts = ['## Visitor analytics', '', `**${(0,report_markdown/* escapeText */.X1)((0,analytics_range/* describeRange */.pC)(run.range))}**`];
    if (run.previous)
        parts.push('', `Compared with the previous period, ${(0,report_markdown/* escapeText */.X1)((0,analytics_range/* describeRange */.pC)(run.previous))}.`);
    if (run.dryRun) {
        parts.push('', 'Dry run: nothing was sent to the API.');
        return `${parts.join('\n')}\n`;
    }
    if (run.totals) {
        parts.push('', '| | Human | AI | Total (deduplicated) | AI share |', '| --- | ---: | ---: | ---: | ---: |');
        parts.push(totalsRow('Unique visitors', run.totals));
        if (compare && run.previousTotals) {
            parts.push(totalsRow('Previous period', run.previousTotals));
            parts.push(`| Change | ${signed(run.totals.human - run.previousTotals.human)} | ${signed(run.totals.ai - run.previousTotals.ai)} | ${changeCell(run.totals.total, run.previousTotals.total)} | |`);
        }
        parts.push('', '_Total counts each visitor once, so it can be less than human + AI._');
    }
    if (top.length > 0) {
        parts.push('', `### Top ${top.length} pages by total`, '');
        const header = ['Page', 'Human', 'AI', 'Total', 'AI share', ...(compare ? ['Change'] : [])];
        parts.push(`| ${header.join(' | ')} |`, `| --- |${' ---: |'.repeat(header.length - 1)}`);
        for (const row of top) {
            const cells = [pathCell(row.path), (0,src_text/* formatCount */.B4)(row.human), (0,src_text/* formatCount */.B4)(row.ai), (0,src_text/* formatCount */.B4)(row.total), share(row.ai, row.total)];
            if (compare)
                cells.push(row.previous === null ? '🆕 new' : changeCell(row.total, row.previous?.total));
            parts.push(`| ${cells.join(' | ')} |`);
        }
    }
    parts.push('', whereEveryRowIs(run, artifactName));
    const facts = [(0,src_text/* countOf */.pq)(requests, 'API request')];
    if (run.duplicates > 0)
        facts.push(`${(0,src_text/* countOf */.pq)(run.duplicates, 'repeated path')} dropped`);
    parts.push('', facts.join(' · '));
    for (const warning of run.notAdvancing)
        parts.push('', `⚠️ ${(0,report_markdown/* escapeText */.X1)(warning)}`);
    if (run.cancelled)
        parts.push('', (0,cancellation/* cancelledExportNote */.AK)(run));
    if (run.error)
        parts.push('', `**Stopped by an error**: ${(0,report_markdown/* codeSpan */.SS)(run.error.message, 'text', report_markdown/* MAX_MESSAGE_CHARS */.hP)}`);
    return `${parts.join('\n')}\n`;
}
function whereEveryRowIs(run, artifactName) {
    if (!run.csvPath || !run.jsonPath)
        return 'No files were written.';
    const files = `${(0,report_markdown/* codeSpan */.SS)(run.csvPath)} and ${(0,report_markdown/* codeSpan */.SS)(run.jsonPath)}`;
    const artifact = run.artifact?.id !== undefined ? `, and in the workflow artifact ${(0,report_markdown/* codeSpan */.SS)(artifactName)}` : '';
    // The reason may quote the artifact service's error: shown as code.
    const artifactState = run.artifact;
    const why = artifactState?.skipped ??
        (artifactState?.failed !== undefined
            ? `the upload failed (${artifactState.failed})`
            : artifactState?.unfinished !== undefined
                ? `the upload did not finish (${artifactState.unfinished})`
                : undefined);
    const notUploaded = why ? ` Not uploaded as an artifact: ${(0,report_markdown/* codeSpan */.SS)(why, 'text', report_markdown/* MAX_MESSAGE_CHARS */.hP)}.` : '';
    return `Every row (${(0,src_text/* formatCount */.B4)(run.rows)} pages) is in ${files}${artifact}.${notUploaded}`;
}
function totalsRow(label, counts) {
    return `| ${label} | ${(0,src_text/* formatCount */.B4)(counts.human)} | ${(0,src_text/* formatCount */.B4)(counts.ai)} | ${(0,src_text/* formatCount */.B4)(counts.total)} | ${share(counts.ai, counts.total)} |`;
}
function pathCell(path) {
    return (0,report_markdown/* codeSpan */.SS)(path, 'cell', MAX_PATH_CHARS);
}
/** AI visitors as a share of the deduplicated total. */
function share(ai, total) {
    return total > 0 ? (0,src_text/* formatPercent */.l9)((ai / total) * 100) : '—';
}
function signed(value) {
    return value > 0 ? `+${(0,src_text/* formatCount */.B4)(value)}` : (0,src_text/* formatCount */.B4)(value);
}
function changeCell(current, previous) {
    const change = changeOf(current, previous);
    if (change.absolute === undefined)
        return '—';
    return change.percent === undefined
        ? signed(change.absolute)
        : `${signed(change.absolute)} (${change.percent > 0 ? '+' : ''}${(0,src_text/* formatPercent */.l9)(change.percent)})`;
}

;// CONCATENATED MODULE: ./src/visitors/artifact.ts


/**
 * Uploads the files with `@actions/artifact`, loaded only here: it is large and a step without
 * an upload never needs it. Where the runner's artifact service is not reachable (a local run,
 * `npm start`, a container without the runtime token), nothing is uploaded and the caller says so.
 * The upload is held to the step's limits (`withinLimits`); one cut short leaves the files as
 * they are and says why it did not finish.
 */
async function artifact_uploadArtifact(name, files, rootDirectory, limits, env = process.env) {
    if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
        return { skipped: 'no artifact service is reachable here (ACTIONS_RUNTIME_TOKEN is not set, as in a local run)' };
    }
    // Past the step's deadline no upload starts: one would only be cut short at once.
    if ((limits.clock ?? runtime/* systemClock */.ml).now() >= limits.deadline)
        return timedOut(limits);
    // The client reads its one limit of its own from the environment: how long a block of the
    // upload may make no progress. Unless the workflow set it, that is one request-timeout.
    env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS ??= String(limits.requestTimeoutMs);
    const upload = (async () => {
        try {
            const { DefaultArtifactClient } = await Promise.all(/* import() */[__webpack_require__.e(913), __webpack_require__.e(65)]).then(__webpack_require__.bind(__webpack_require__, 10065));
            const response = await new DefaultArtifactClient().uploadArtifact(name, files, rootDirectory);
            return { id: response.id };
        }
        catch (error) {
            return { failed: (0,src_text/* errorMessage */.gJ)(error) };
        }
    })();
    return withinLimits(upload, limits);
}
/**
 * The upload, or why it did not finish, whichever comes first. The client takes no abort signal
 * and no timeout per request, so the upload is raced instead: `timeout` ends it, whatever
 * request-timeout says (that bounds each block of it: see `uploadArtifact`); cancellation ends it
 * at once. An upload that lost the race goes on in the background: the step's report says so,
 * and the entry layer ends the process soon after the outputs and the summary are written.
 */
async function withinLimits(upload, limits) {
    const clock = limits.clock ?? runtime/* systemClock */.ml;
    const sleep = limits.sleep ?? runtime/* realSleep */.uk;
    const settled = new AbortController();
    const cutShort = new Promise((resolve) => {
        sleep(Math.max(0, limits.deadline - clock.now()), AbortSignal.any([limits.signal, settled.signal])).then(() => resolve(timedOut(limits)), () => {
            if (limits.signal.aborted)
                resolve({ unfinished: 'the step was cancelled' });
        });
    });
    try {
        return await Promise.race([upload, cutShort]);
    }
    finally {
        settled.abort();
    }
}
function timedOut(limits) {
    return { unfinished: `the step's timeout (${(0,src_text/* formatDuration */.a3)(limits.timeoutMs)}) ran out` };
}

;// CONCATENATED MODULE: ./src/steps/visitors.ts





/**
 * `command: visitors`: exports the range's rows into the CSV and JSON files, uploads them as an
 * artifact, and reports.
 */
async function visitorsStep(settings, context, uploadArtifact = artifact_uploadArtifact) {
    const { client, logger } = context;
    const { clock, sleep, signal, deadline } = context;
    const run = await runVisitors(settings, { client, clock, sleep, logger, signal, deadline: deadline.at, uploadArtifact });
    return {
        outputs: visitorsOutputs(run, client.requestCount),
        summary: renderVisitorsSummary(run, client.requestCount, settings.artifactName),
        closingLine: run.totals &&
            `Visitors: ${(0,src_text/* countOf */.pq)(run.totals.total, 'unique visitor')} (${(0,src_text/* formatCount */.B4)(run.totals.human)} human, ${(0,src_text/* formatCount */.B4)(run.totals.ai)} AI); ${(0,src_text/* countOf */.pq)(run.rows, 'page')} written to ${run.csvPath} and ${run.jsonPath}; ${(0,src_text/* countOf */.pq)(client.requestCount, 'API request')}.`,
        failure: run.cancelled ? (0,cancellation/* cancelledExportLine */.KM)(run) : run.error?.message,
        leftRunning: run.artifact?.unfinished !== undefined,
    };
}


/***/ })

};
