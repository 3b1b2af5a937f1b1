import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { patchResponse } from "@/lib/responses/submit-http";
import { publicResponseParams, updateResponseBodySchema } from "@/lib/responses/submit-schemas";

// The respondent who started a partial response updates or finishes it. No auth.
export const PATCH = route({
  auth: "public",
  params: publicResponseParams,
  body: updateResponseBodySchema,
  handler: ({ req, params, body }) => patchResponse(req, params.slug, params.id, body),
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE } = allowOnly({ PATCH });
