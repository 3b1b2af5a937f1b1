import { getSummary, analyticsSummaryQuerySchema } from "@/lib/analytics/summary";
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
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
