export const id = 625;
export const ids = [625];
export const modules = {

/***/ 21625:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   uploadArtifact: () => (/* binding */ uploadArtifact)
/* harmony export */ });
/**
 * Uploads the files with `@actions/artifact`, loaded only here: it is large and a step without
 * an upload never needs it. Where the runner's artifact service is not reachable (a local run,
 * `npm start`, a container without the runtime token), nothing is uploaded and the caller says so.
 */
async function uploadArtifact(name, files, rootDirectory, env = process.env) {
    if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
        return { skipped: 'no artifact service is reachable here (ACTIONS_RUNTIME_TOKEN is not set, as in a local run)' };
    }
    const { DefaultArtifactClient } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(807)]).then(__webpack_require__.bind(__webpack_require__, 97807));
    try {
        const response = await new DefaultArtifactClient().uploadArtifact(name, files, rootDirectory);
        return { id: response.id };
    }
    catch (error) {
        return { skipped: `the upload failed: ${error instanceof Error ? error.message : String(error)}` };
    }
}


/***/ })

};
