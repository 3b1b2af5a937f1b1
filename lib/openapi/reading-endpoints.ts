/**
 * Reading collected data: the response list, one response, CSV export,
 * analytics. Query and response schemas come from lib/responses and
 * lib/analytics, which validate and build them.
 */
import { z } from "zod";
import { analyticsSummaryQuerySchema, analyticsSummarySchema } from "@/lib/analytics/summary";
import { analyticsTrendQuerySchema, trendSchema } from "@/lib/analytics/trend";
import { formIdParams } from "@/lib/forms/settings";
import { exportResponsesQuerySchema } from "@/lib/responses/export";
import { listResponsesQuerySchema, responseListSchema, responseParams, responseSchema } from "@/lib/responses/list";
import type { Endpoint } from "./endpoint";

export const readingEndpoints: Endpoint[] = [
  {
    method: "GET", path: "/api/forms/{id}/responses", tag: "Responses", auth: "read", role: "viewer",
    summary: "List responses",
    description:
      "Finished responses, newest first, one page at a time. `from`/`to` are inclusive (a date means the whole UTC day); " +
      "`search` matches answer text case-insensitively; `metadata[<hidden_key>]=value` filters on hidden questions (several AND together); " +
      "`ending=<key>` (`ending=end`: the default ending) and `scoreMin`/`scoreMax` (inclusive) filter on the outcome the server computed. " +
      "An ending key no published version has is a 400.",
    params: formIdParams,
    query: listResponsesQuerySchema,
    success: { status: 200, description: "One page of responses", schema: responseListSchema },
  },
  {
    method: "GET", path: "/api/forms/{id}/responses/export", tag: "Responses", auth: "read", role: "viewer",
    summary: "Export responses as CSV",
    description:
      "Streams every matching response (same filters as the list, no paging): `id`, `submittedAt`, then one column per question in form " +
      "order, and `metadata.<key>` per hidden question with `includeMetadata=1`. Cells a spreadsheet would run as a formula " +
      "(starting with tab or CR, or whose first non-whitespace character is = + - @ or full-width ＝ ＋ － ＠) are prefixed with `'`; numbers stay numbers.",
    params: formIdParams,
    query: exportResponsesQuerySchema,
    success: { status: 200, description: "CSV (UTF-8)", mediaType: "text/csv", headers: { "Content-Disposition": "attachment; filename=\"<slug>-responses-<date>.csv\"" } },
  },
  {
    method: "GET", path: "/api/forms/{id}/responses/{responseId}", tag: "Responses", auth: "read", role: "viewer",
    summary: "Get one response",
    description: "A finished or partial response of the form.",
    params: responseParams,
    success: { status: 200, description: "The response", schema: z.strictObject({ response: responseSchema }) },
  },
  {
    method: "DELETE", path: "/api/forms/{id}/responses/{responseId}", tag: "Responses", auth: "write", role: "editor",
    summary: "Delete one response",
    description: "Deletes the response and its answers; a finished one frees its place under maxResponses.",
    params: responseParams,
    success: { status: 204, description: "Deleted" },
  },
  {
    method: "GET", path: "/api/forms/{id}/analytics/summary", tag: "Analytics", auth: "read", role: "viewer",
    summary: "Analytics summary",
    description:
      "Totals, completion rate and one aggregate per question (statements left out), computed by SQL. Per question, `onPath` counts " +
      "the finished responses whose path (after showIf and jumps) held it, `responses` those that answered it, and `dropOff` the " +
      "unfinished responses that stopped there (the first question on their path after the last one they answered). `endings` " +
      "counts the finished responses per ending (the default one, key null, included) and `score` gives the score distribution " +
      "and average (null when the form has no scores). Filters apply before aggregation: `metadata[<hidden_key>]`, `ending=<key>` " +
      "(`end`: the default ending) and `scoreMin`/`scoreMax` (inclusive). Ending and score describe finished responses, so " +
      "`completionRate` and `dropOff` take only the metadata filters.",
    params: formIdParams,
    query: analyticsSummaryQuerySchema,
    success: { status: 200, description: "The summary", schema: analyticsSummarySchema },
  },
  {
    method: "GET", path: "/api/forms/{id}/analytics/trend", tag: "Analytics", auth: "read", role: "viewer",
    summary: "Daily trend",
    description: "Finished responses per UTC day for the 30 days ending today, zeros included.",
    params: formIdParams,
    query: analyticsTrendQuerySchema,
    success: { status: 200, description: "30 days", schema: trendSchema },
  },
];
