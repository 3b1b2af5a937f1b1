import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { exportResponsesCsv, exportResponsesQuerySchema } from "@/lib/responses/export";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  query: exportResponsesQuerySchema,
  handler: ({ principal, params, query }) => exportResponsesCsv(principal, params.id, query),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
