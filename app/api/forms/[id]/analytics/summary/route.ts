import { analyticsSummaryQuerySchema, analyticsSummarySchema, getSummary } from "@/lib/analytics/summary";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  query: analyticsSummaryQuerySchema,
  handler: ({ principal, params, query }) => getSummary(principal, params.id, query),
  doc: {
    tag: "Analytics",
    summary: "Analytics summary",
    description:
      "Totals, completion rate and one aggregate per question (statements left out), computed by SQL. Per question, `onPath` counts " +
      "the finished responses whose path (after showIf and jumps) held it, `responses` those that answered it, and `dropOff` the " +
      "unfinished responses that stopped there (the first question on their path after the last one they answered). `endings` " +
      "counts the finished responses per ending (the default one, key null, included) and `score` gives the score distribution " +
      "and average (null when the form has no scores). Filters apply before aggregation: `metadata[<hidden_key>]`, `ending=<key>` " +
      "(`end`: the default ending) and `scoreMin`/`scoreMax` (inclusive). Ending and score describe finished responses, so " +
      "`completionRate` and `dropOff` take only the metadata filters.",
    success: { description: "The summary", schema: analyticsSummarySchema },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
