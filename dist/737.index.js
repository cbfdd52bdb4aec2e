export const id = 737;
export const ids = [737];
export const modules = {

/***/ 7900:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C2: () => (/* binding */ changeOf),
/* harmony export */   ik: () => (/* binding */ VisitorFiles)
/* harmony export */ });
/* unused harmony exports csvLine, csvText */
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(78474);
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_events__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);




const BASE_COLUMNS = ['path', 'human', 'ai', 'total'];
const COMPARE_COLUMNS = ['previous_human', 'previous_ai', 'previous_total', 'total_change', 'total_change_pct', 'new'];
/**
 * `visitors.csv` and `visitors.json`, written row by row as pages arrive, so memory does not
 * grow with the export. The JSON's `rows` come first and the totals after them, since the
 * request count is only known at the end.
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
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)(dir, { recursive: true });
        const csvPath = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, 'visitors.csv');
        const jsonPath = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, 'visitors.json');
        const files = new VisitorFiles(csvPath, jsonPath, (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createWriteStream)(csvPath), (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createWriteStream)(jsonPath), compare);
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
    async close(summary) {
        const tail = JSON.stringify(summary).slice(1); // the summary's fields, after the rows
        await this.write(this.json, `\n],${tail}\n`);
        await Promise.all([end(this.csv), end(this.json)]);
    }
    /** Closes the files as they are, after a failure or a cancellation. */
    async abandon() {
        await Promise.all([end(this.csv), end(this.json)]);
    }
    async write(stream, text) {
        if (!stream.write(text))
            await (0,node_events__WEBPACK_IMPORTED_MODULE_0__.once)(stream, 'drain');
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
function changeOf(current, previous) {
    if (previous === undefined)
        return {};
    const absolute = current - previous;
    return { absolute, percent: previous === 0 ? undefined : Math.round((absolute / previous) * 1000) / 10 };
}
function jsonRow(row, compare) {
    const base = { path: row.path, human: row.human, ai: row.ai, total: row.total };
    if (!compare)
        return base;
    const change = changeOf(row.total, row.previous?.total);
    return { ...base, previous: row.previous ?? null, totalChange: change.absolute ?? null, totalChangePct: change.percent ?? null, new: row.previous === null };
}
async function end(stream) {
    if (stream.closed)
        return;
    await new Promise((resolve, reject) => {
        stream.end((error) => (error ? reject(error) : resolve()));
    });
}


/***/ }),

/***/ 79622:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ previousRange),
/* harmony export */   p: () => (/* binding */ describeRange)
/* harmony export */ });
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32828);

const DAY_MS = 86_400_000;
/** The period of the same length just before `dateFrom`: what `compare-previous` exports. */
function previousRange(range) {
    const { dateFrom, dateTo } = range;
    if (!dateFrom || !dateTo)
        throw new Error('The previous period needs both date-from and date-to.');
    const length = dateTo.epochMs - dateFrom.epochMs;
    const start = dateFrom.epochMs - length;
    const asDate = dateFrom.dateOnly && dateTo.dateOnly;
    const resolved = (epochMs) => ({
        text: asDate ? (0,_parse_js__WEBPACK_IMPORTED_MODULE_0__/* .toIsoDate */ .Vy)(epochMs) : new Date(epochMs).toISOString(),
        epochMs,
        dateOnly: asDate,
    });
    return { dateFrom: resolved(start), dateTo: dateFrom };
}
/** "7 days: 2026-11-15 to 2026-11-21" (the end shown inclusive), for the summary. */
function describeRange(range) {
    const { dateFrom, dateTo } = range;
    if (!dateFrom && !dateTo)
        return "The API's default range";
    if (!dateFrom)
        return `Up to ${dateTo.text} (exclusive)`;
    if (!dateTo)
        return `From ${dateFrom.text}`;
    if (dateFrom.dateOnly && dateTo.dateOnly) {
        const days = Math.round((dateTo.epochMs - dateFrom.epochMs) / DAY_MS);
        const last = (0,_parse_js__WEBPACK_IMPORTED_MODULE_0__/* .toIsoDate */ .Vy)(dateTo.epochMs - DAY_MS);
        return days === 1 ? `1 day: ${dateFrom.text}` : `${days} days: ${dateFrom.text} to ${last}`;
    }
    return `${dateFrom.text} to ${dateTo.text} (exclusive)`;
}


/***/ }),

/***/ 13737:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runVisitors: () => (/* binding */ runVisitors)
});

// EXTERNAL MODULE: ./src/runtime.ts
var runtime = __webpack_require__(33683);
// EXTERNAL MODULE: ./src/visitors/files.ts
var visitors_files = __webpack_require__(7900);
;// CONCATENATED MODULE: ./src/visitors/paging.ts
/**
 * Pages through the visitors endpoint from `offset`, following `hasMore`, handing each page's
 * new rows to `onRows` in offset order. With `concurrency` above 1, that many pages are in
 * flight; as soon as a page says `hasMore: false` no new page is asked for, so at most
 * `concurrency - 1` requests go past the end. Each path is kept once, whatever the pages repeat.
 */
async function pageVisitors(api, options, onRows) {
    const seen = new Set();
    let duplicates = 0;
    let rows = 0;
    let pages = 0;
    let totals;
    const lastOffset = options.maxRows > 0 ? options.offset + options.maxRows : Number.POSITIVE_INFINITY;
    let nextOffset = options.offset;
    let endOffset = lastOffset;
    let flushOffset = options.offset;
    const inFlight = new Map();
    const done = new Map();
    let failure;
    const issue = () => {
        while (failure === undefined && inFlight.size < options.concurrency && nextOffset < endOffset) {
            const offset = nextOffset;
            const limit = Math.min(options.pageSize, lastOffset - offset);
            nextOffset += limit;
            const request = api
                .getVisitors({ dateFrom: options.dateFrom, dateTo: options.dateTo, limit, offset })
                .then((page) => ({ offset, limit, page }));
            inFlight.set(offset, request);
        }
    };
    issue();
    while (inFlight.size > 0) {
        let settled;
        try {
            settled = await Promise.race(inFlight.values());
        }
        catch (error) {
            failure ??= error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'a page request failed');
            // Let the other requests finish (each is bounded by request-timeout) before reporting.
            await Promise.allSettled(inFlight.values());
            break;
        }
        inFlight.delete(settled.offset);
        pages += 1;
        const { offset, page } = settled;
        totals ??= page.totals;
        if (!page.hasMore || page.visitors.length === 0)
            endOffset = Math.min(endOffset, offset + page.visitors.length);
        done.set(offset, settled);
        // Hand over every page that is next in order.
        for (let next = done.get(flushOffset); next && flushOffset < endOffset; next = done.get(flushOffset)) {
            done.delete(flushOffset);
            const fresh = [];
            for (const row of next.page.visitors.slice(0, Math.max(0, endOffset - flushOffset))) {
                if (seen.has(row.path))
                    duplicates += 1;
                else {
                    seen.add(row.path);
                    fresh.push(row);
                }
            }
            rows += fresh.length;
            await onRows(fresh, totals);
            flushOffset += next.limit;
        }
        issue();
    }
    if (failure)
        throw failure;
    return { totals: totals ?? { human: 0, ai: 0, total: 0 }, rows, duplicates, pages };
}

// EXTERNAL MODULE: ./src/visitors/range.ts
var visitors_range = __webpack_require__(79622);
;// CONCATENATED MODULE: ./src/visitors/run-visitors.ts




/**
 * Exports every row of the range (and, with `compare-previous`, of the period before it) into
 * the two files, keeping the busiest pages for the summary, then uploads the files as an
 * artifact. Returns the run's record on every path: done, cancelled, or stopped by an error.
 */
async function runVisitors(settings, deps) {
    const range = { dateFrom: settings.dateFrom, dateTo: settings.dateTo };
    const run = {
        range,
        previous: settings.comparePrevious ? (0,visitors_range/* previousRange */.N)(range) : undefined,
        dryRun: settings.dryRun,
        totals: undefined,
        previousTotals: undefined,
        rows: 0,
        duplicates: 0,
        top: [],
        csvPath: undefined,
        jsonPath: undefined,
        artifact: undefined,
        cancelled: false,
        error: undefined,
    };
    const query = (r) => ({ dateFrom: r.dateFrom?.text, dateTo: r.dateTo?.text });
    const paging = { pageSize: settings.pageSize, offset: settings.offset, maxRows: settings.maxRows, concurrency: settings.concurrency };
    if (settings.dryRun) {
        deps.logger.info(`Dry run: would export visitors with ${JSON.stringify({ ...query(range), ...paging })}; nothing was sent.`);
        return run;
    }
    deps.client.setDeadline(deps.clock.now() + settings.timeoutMs);
    let files;
    try {
        let previousRows;
        if (run.previous) {
            previousRows = new Map();
            const earlier = await pageVisitors(deps.client, { ...query(run.previous), ...paging, maxRows: 0 }, (rows) => {
                for (const { path, human, ai, total } of rows)
                    previousRows.set(path, { human, ai, total });
                return Promise.resolve();
            });
            run.previousTotals = earlier.totals;
        }
        files = await visitors_files/* VisitorFiles */.ik.open(settings.outputDir, previousRows !== undefined);
        run.csvPath = files.csvPath;
        run.jsonPath = files.jsonPath;
        const top = new TopRows(settings.summaryRows);
        const result = await pageVisitors(deps.client, { ...query(range), ...paging }, async (rows) => {
            const exported = rows.map((row) => withPrevious(row, previousRows));
            top.add(exported);
            await files.writeRows(exported);
        });
        run.totals = result.totals;
        run.rows = result.rows;
        run.duplicates = result.duplicates;
        run.top = top.values();
        if (result.duplicates > 0) {
            deps.logger.warning(`The API repeated ${result.duplicates} path(s) across pages (the data changed while paging); each path was kept once.`);
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
        files = undefined;
        if (settings.artifactName) {
            run.artifact = await deps.uploadArtifact(settings.artifactName, [run.csvPath, run.jsonPath], settings.outputDir);
        }
    }
    catch (error) {
        await files?.abandon();
        if (deps.signal.aborted || error instanceof runtime/* CancelledError */.cc)
            run.cancelled = true;
        else
            run.error = error instanceof Error ? error : new Error(String(error));
    }
    return run;
}
function withPrevious(row, previous) {
    const counts = { path: row.path, human: row.human, ai: row.ai, total: row.total };
    if (!previous)
        return counts;
    return { ...counts, previous: previous.get(row.path) ?? null };
}
/** The busiest rows seen so far, kept to a bounded size however many rows pass. */
class TopRows {
    size;
    rows = [];
    constructor(size) {
        this.size = size;
    }
    add(rows) {
        if (this.size === 0)
            return;
        this.rows.push(...rows);
        if (this.rows.length > 4 * this.size + 1000)
            this.rows = this.values();
    }
    values() {
        return this.rows.sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, this.size);
    }
}


/***/ })

};
