import { analyticsTrendQuerySchema, getTrend } from "@/lib/analytics/trend";
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
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
