/**
 * Everything the refresh step needs beyond the agent's code, behind one dynamic import, so an
 * agent or visitors step loads none of it.
 */
export { runRefresh } from './run-refresh.js';
export { refreshOutputs, renderRefreshSummary } from '../report/refresh-report.js';
