import * as v from 'valibot';
import { oneLine } from '../text.js';
import { MAX_JOB_ID_CHARS, isJobId } from '../parse.js';

/**
 * The documented response shapes, checked at the edge so nothing below deals with a body of the
 * wrong shape. Loose on purpose where the vendor is: any job field but `id` and `status` may be
 * missing or null, unknown fields are kept, and counts may be any number (declared `number`).
 */

const optionalText = v.nullish(v.string());

export const AgentJobSchema = v.looseObject({
  // The server's string, whatever characters it holds, within the one rule every job ID meets:
  // an ID with a line break or an invisible character is a malformed answer, never a URL.
  id: v.pipe(v.string(), v.check(isJobId, `not a job ID (1 to ${MAX_JOB_ID_CHARS} characters, no control or invisible characters, not . or ..)`)),
  status: v.pipe(v.string(), v.minLength(1)),
  source: v.nullish(
    v.looseObject({
      repository: optionalText,
      ref: optionalText,
    }),
  ),
  model: optionalText,
  prLink: optionalText,
  createdAt: optionalText,
  archivedAt: optionalText,
});

export type AgentJob = v.InferOutput<typeof AgentJobSchema>;

const count = v.pipe(v.number(), v.finite(), v.minValue(0));

export const VisitorCountsSchema = v.looseObject({ human: count, ai: count, total: count });

export const VisitorRowSchema = v.looseObject({
  path: v.string(),
  human: count,
  ai: count,
  total: count,
});

export const VisitorsPageSchema = v.looseObject({
  totals: VisitorCountsSchema,
  visitors: v.array(VisitorRowSchema),
  hasMore: v.boolean(),
});

/**
 * `feedback/by-page`: counts of thumbs per page. Only the counts are read: the action never
 * asks for the individual entries (free text and readers' e-mail addresses).
 */
export const PageFeedbackSchema = v.looseObject({
  path: v.string(),
  thumbsUp: count,
  thumbsDown: count,
});

export const FeedbackByPageSchema = v.looseObject({
  feedback: v.array(PageFeedbackSchema),
  hasMore: v.optional(v.boolean()),
});

/** `searches`: what readers typed, how often, and the page they clicked (null: none). */
export const SearchRowSchema = v.looseObject({
  searchQuery: v.string(),
  hits: count,
  topClickedPage: optionalText,
});

export const SearchesPageSchema = v.looseObject({
  searches: v.array(SearchRowSchema),
  nextCursor: optionalText,
});

export type PageFeedback = v.InferOutput<typeof PageFeedbackSchema>;
export type FeedbackByPage = v.InferOutput<typeof FeedbackByPageSchema>;
export type SearchRow = v.InferOutput<typeof SearchRowSchema>;
export type SearchesPage = v.InferOutput<typeof SearchesPageSchema>;
export type VisitorCounts = v.InferOutput<typeof VisitorCountsSchema>;
export type VisitorRow = v.InferOutput<typeof VisitorRowSchema>;
export type VisitorsPage = v.InferOutput<typeof VisitorsPageSchema>;

/**
 * `POST /v1/project/preview/{projectId}`: the deployment to wait on and the preview's URL. The
 * status ID enters a path as the job ID does, so it meets the same rule.
 */
export const PreviewDeploymentSchema = v.looseObject({
  statusId: v.pipe(v.string(), v.check(isJobId, `not a status ID (1 to ${MAX_JOB_ID_CHARS} characters, no control or invisible characters, not . or ..)`)),
  previewUrl: optionalText,
});

/** A field the vendor declares a string, read leniently: anything else counts as absent, not as a broken answer. */
const lenientText = v.fallback(v.nullish(v.string()), undefined);

/**
 * `GET /v1/project/update-status/{statusId}`. The vendor says every field may be missing; the
 * status is the one that matters (a status of the wrong type is a broken answer), the summary
 * and the screenshots are shown when they are strings (not promised to be URLs).
 */
export const DeploymentStatusSchema = v.looseObject({
  status: optionalText,
  summary: lenientText,
  screenshot: lenientText,
  screenshotLight: lenientText,
  screenshotDark: lenientText,
  endedAt: lenientText,
});

export type PreviewDeployment = v.InferOutput<typeof PreviewDeploymentSchema>;
export type DeploymentStatus = v.InferOutput<typeof DeploymentStatusSchema>;

/** `undefined` when the value fits, else a short description of the first mismatch. */
export function describeMismatch<S extends v.GenericSchema>(schema: S, value: unknown): { ok: true; value: v.InferOutput<S> } | { ok: false; problem: string } {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const where = oneLine(issue.path?.map((item) => String(item.key)).join('.') || 'body', 80);
  // A value of the wrong type is named by its type, never quoted: the server's text (any length,
  // line breaks included) stays out of the one line the client says. A rule of ours says its own words.
  const what =
    issue.kind === 'schema' ? `expected ${oneLine(issue.expected ?? 'another value', 100)}, received ${typeOfValue(issue.input)}` : oneLine(issue.message, 120);
  return { ok: false, problem: `${where}: ${what}` };
}

/** A value's kind, as a problem names it: never the value itself. */
function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
