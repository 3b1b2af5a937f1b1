import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { listResponses, listResponsesQuerySchema, responseListSchema } from "@/lib/responses/list";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  query: listResponsesQuerySchema,
  handler: ({ principal, params, query }) => listResponses(principal, params.id, query),
  doc: {
    tag: "Responses",
    summary: "List responses",
    description:
      "Finished responses, newest first, one page at a time. `from`/`to` are inclusive (a date means the whole UTC day); " +
      "`search` matches answer text case-insensitively; `metadata[<hidden_key>]=value` filters on hidden questions (several AND together); " +
      "`ending=<key>` (`ending=end`: the default ending) and `scoreMin`/`scoreMax` (inclusive) filter on the outcome the server computed. " +
      "An ending key no published version has is a 400. Responses held as suspected spam are left out unless `spam=only` (just them) or " +
      "`spam=include` (both).",
    success: { description: "One page of responses", schema: responseListSchema },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
