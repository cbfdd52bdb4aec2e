export { startSimulator, DEFAULT_API_KEY, type Simulator, type SimulatorOptions, type LoggedRequest } from './http-server.js';
export { scripts, type JobScript, type JobPhase, type SimJob } from './job-store.js';
export { expectedVisitors, type Counts } from './visitor-data.js';
export { expectedFeedbackByPage, type PageFeedback, type FeedbackByPageRow, type FeedbackSource } from './page-feedback.js';
export { expectedSearches, type SearchTerm, type SearchRow } from './search-data.js';
export { expectedFeedbackEntries, type FeedbackEntryInput, type FeedbackEntry, type FeedbackStatus } from './feedback-entries.js';
export type { AnalyticsOptions } from './analytics-endpoints.js';
export type { Fault, FaultTarget } from './fault-queue.js';
export { DEFAULT_PREVIEW_SCRIPT, PREVIEW_TRIGGERS_PER_MINUTE, screenshotFor, statusIdFor, type PreviewScript, type SimDeployment } from './preview-store.js';
