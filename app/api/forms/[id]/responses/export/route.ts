import { formIdParams } from "@/lib/forms/settings";
import { route } from "@/lib/http/route";
import { exportResponsesCsv, exportResponsesQuerySchema } from "@/lib/responses/export";

export const GET = route({
  auth: "read",
  params: formIdParams,
  query: exportResponsesQuerySchema,
  handler: ({ principal, params, query }) => exportResponsesCsv(principal.userId, params.id, query),
});
