/**
 * Everything the visitors step needs, behind one dynamic import, so the step loads one chunk
 * (shared modules are not copied into several) and an agent step loads none of it.
 */
export { runVisitors } from './run-visitors.js';
export { letProcessEnd, uploadArtifact } from './artifact.js';
export { renderVisitorsSummary, visitorsCancelledLine, visitorsOutputs } from '../report/visitors-report.js';
