import { analyticsTrendQuerySchema, getTrend } from "@/lib/analytics/trend";
import { formIdParams } from "@/lib/forms/settings";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "read",
  params: formIdParams,
  query: analyticsTrendQuerySchema,
  handler: ({ principal, params, query }) => getTrend(principal.userId, params.id, query),
});
