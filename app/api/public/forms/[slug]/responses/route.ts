import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { respondentCookie } from "@/lib/openapi/shared-answers";
import { postResponse } from "@/lib/responses/submit-http";
import { publicFormParams, publicResponseResultSchema, submitResponseBodySchema } from "@/lib/responses/submit-schemas";

// A respondent submits (or, with partial: true, starts) a response. No auth.
export const POST = route({
  auth: "public",
  params: publicFormParams,
  body: submitResponseBodySchema,
  status: 201,
  handler: ({ req, params, body }) => postResponse(req, params.slug, body),
  doc: {
    tag: "Respondents",
    summary: "Submit a response (or start a partial one)",
    description:
      "Answers are validated against the published version (required, types, ranges, options). startAt, endAt, maxResponses and " +
      "limitOnePerPerson (per browser, e-mail answer or hidden value: the form's onePerPersonBy) are enforced by the database; with " +
      "onePerPersonBy \"email\" or \"hidden:<key>\" that answer is demanded when finishing (400 naming it). With `partial: true` the response is stored unfinished (finish it with PATCH " +
      "…/responses/{id}). A resent request with the same Idempotency-Key answers the first result instead of storing a second response.",
    headers: [{ name: "Idempotency-Key", description: "1–255 visible ASCII characters, unique per form (a UUID): retries return the first result" }],
    success: { description: "Stored", schema: publicResponseResultSchema, headers: respondentCookie },
    errors: ["form_not_open", "form_closed", "form_full", "already_responded", "rate_limited", "conflict"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
