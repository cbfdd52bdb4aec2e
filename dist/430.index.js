export const id = 430;
export const ids = [430];
export const modules = {

/***/ 47430:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderVisitorsSummary: () => (/* binding */ renderVisitorsSummary),
/* harmony export */   visitorsOutputs: () => (/* binding */ visitorsOutputs)
/* harmony export */ });
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(27242);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(48992);
/* harmony import */ var _visitors_files_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7900);
/* harmony import */ var _visitors_range_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(79622);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(54285);





function visitorsOutputs(run, requests) {
    return {
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.VisitorsTotal]: run.totals ? String(run.totals.total) : '',
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.VisitorsHuman]: run.totals ? String(run.totals.human) : '',
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.VisitorsAi]: run.totals ? String(run.totals.ai) : '',
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.VisitorsRows]: String(run.rows),
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.VisitorsCsv]: run.csvPath ?? '',
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.VisitorsJson]: run.jsonPath ?? '',
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.ArtifactId]: run.artifact?.id === undefined ? '' : String(run.artifact.id),
        [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Outputs */ .tY.Requests]: String(requests),
    };
}
/** A path in the summary: long ones are cut, everything escaped. */
const MAX_PATH_CHARS = 120;
/**
 * The visitors summary: range, totals, the busiest pages, and where every row is. Measured in
 * bytes: when the table would push it past GitHub's limit, rows are dropped until it fits.
 */
function renderVisitorsSummary(run, requests, artifactName) {
    let rows = run.top;
    for (;;) {
        const markdown = render(run, rows, requests, artifactName);
        if ((0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .byteLength */ .dp)(markdown) <= _markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .SUMMARY_LIMIT_BYTES */ .Jz || rows.length === 0)
            return markdown;
        rows = rows.slice(0, Math.floor(rows.length / 2));
    }
}
function render(run, top, requests, artifactName) {
    const compare = run.previous !== undefined;
    const parts = ['## Visitor analytics', '', `**${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)((0,_visitors_range_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRange */ .p)(run.range))}**`];
    if (run.previous)
        parts.push('', `Compared with the previous period, ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)((0,_visitors_range_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRange */ .p)(run.previous))}.`);
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
            const cells = [pathCell(row.path), count(row.human), count(row.ai), count(row.total), share(row.ai, row.total)];
            if (compare)
                cells.push(row.previous === null ? '🆕 new' : changeCell(row.total, row.previous?.total));
            parts.push(`| ${cells.join(' | ')} |`);
        }
    }
    parts.push('', whereEveryRowIs(run, artifactName));
    const facts = [`${requests} API request(s)`];
    if (run.duplicates > 0)
        facts.push(`${run.duplicates} repeated path(s) dropped`);
    parts.push('', facts.join(' · '));
    if (run.cancelled)
        parts.push('', '**Cancelled**: the files hold the rows exported before the cancellation.');
    if (run.error)
        parts.push('', `**Stopped by an error**: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)((0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .T)(run.error.message, 500))}`);
    return `${parts.join('\n')}\n`;
}
function whereEveryRowIs(run, artifactName) {
    if (!run.csvPath || !run.jsonPath)
        return 'No files were written.';
    const files = `${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .codeSpan */ .SS)(run.csvPath)} and ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .codeSpan */ .SS)(run.jsonPath)}`;
    const artifact = run.artifact?.id !== undefined
        ? `, and in the workflow artifact ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .codeSpan */ .SS)(artifactName)}`
        : run.artifact?.skipped
            ? ` (not uploaded as an artifact: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)(run.artifact.skipped)})`
            : '';
    return `Every row (${count(run.rows)} pages) is in ${files}${artifact}.`;
}
function totalsRow(label, counts) {
    return `| ${label} | ${count(counts.human)} | ${count(counts.ai)} | ${count(counts.total)} | ${share(counts.ai, counts.total)} |`;
}
function pathCell(path) {
    const shown = path.length > MAX_PATH_CHARS ? `${path.slice(0, MAX_PATH_CHARS - 1)}…` : path;
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeCell */ .kq)(shown);
}
function count(value) {
    return value.toLocaleString('en-US');
}
/** AI visitors as a share of the deduplicated total. */
function share(ai, total) {
    return total > 0 ? `${Math.round((ai / total) * 1000) / 10}%` : '—';
}
function signed(value) {
    return value > 0 ? `+${count(value)}` : count(value);
}
function changeCell(current, previous) {
    const change = (0,_visitors_files_js__WEBPACK_IMPORTED_MODULE_1__/* .changeOf */ .C2)(current, previous);
    if (change.absolute === undefined)
        return '—';
    return change.percent === undefined ? signed(change.absolute) : `${signed(change.absolute)} (${change.percent > 0 ? '+' : ''}${change.percent}%)`;
}


/***/ }),

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


/***/ })

};
