import { analyticsTrendQuerySchema, getTrend, trendSchema } from "@/lib/analytics/trend";
import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  query: analyticsTrendQuerySchema,
  handler: ({ principal, params, query }) => getTrend(principal, params.id, query),
  doc: {
    tag: "Analytics",
    summary: "Daily trend",
    description: "Finished responses per UTC day for the 30 days ending today, zeros included.",
    success: { description: "30 days", schema: trendSchema },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
