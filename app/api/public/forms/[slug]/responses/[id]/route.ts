import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { respondentCookie } from "@/lib/openapi/shared-answers";
import { patchResponse } from "@/lib/responses/submit-http";
import { publicResponseParams, publicResponseResultSchema, updateResponseBodySchema } from "@/lib/responses/submit-schemas";

// The respondent who started a partial response updates or finishes it. No auth.
export const PATCH = route({
  auth: "public",
  params: publicResponseParams,
  body: updateResponseBodySchema,
  handler: ({ req, params, body }) => patchResponse(req, params.slug, params.id, body),
  doc: {
    tag: "Respondents",
    summary: "Update or finish a partial response",
    description:
      "Only the respondent who started it (same fl_rid cookie) may. Answers merge over the stored ones; without `partial: true` this " +
      "finishes the response with full validation, and the caps apply then.",
    success: { description: "Updated", schema: publicResponseResultSchema, headers: respondentCookie },
    errors: ["form_not_open", "form_closed", "form_full", "already_responded", "response_finished", "rate_limited", "conflict"],
  },
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE } = allowOnly({ PATCH });
