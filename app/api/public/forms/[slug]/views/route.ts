import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { respondentCookie } from "@/lib/openapi/shared-answers";
import { postView } from "@/lib/responses/submit-http";
import { publicFormParams } from "@/lib/responses/submit-schemas";

// The public page records one view per person on open (204; sets the fl_rid cookie). No auth.
export const POST = route({
  auth: "public",
  params: publicFormParams,
  status: 204,
  handler: ({ req, params }) => postView(req, params.slug),
  doc: {
    tag: "Respondents",
    summary: "Record a view",
    description: "Called when the public page opens: one view per person per form (repeats are ignored). Views are the denominator of completionRate. No body, or `{}` (at most 1 KiB).",
    success: { description: "Recorded", headers: respondentCookie },
    errors: ["invalid_json", "payload_too_large", "unsupported_media_type"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
