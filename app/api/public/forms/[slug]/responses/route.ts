import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { postResponse } from "@/lib/responses/submit-http";
import { publicFormParams, submitResponseBodySchema } from "@/lib/responses/submit-schemas";

// A respondent submits (or, with partial: true, starts) a response. No auth.
export const POST = route({
  auth: "public",
  params: publicFormParams,
  body: submitResponseBodySchema,
  handler: ({ req, params, body }) => postResponse(req, params.slug, body),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
