import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listResponses, listResponsesQuerySchema } from "@/lib/responses/list";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  query: listResponsesQuerySchema,
  handler: ({ principal, params, query }) => listResponses(principal, params.id, query),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
