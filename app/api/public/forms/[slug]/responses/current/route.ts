import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { respondentCookie } from "@/lib/openapi/shared-answers";
import { getCurrentResponse } from "@/lib/responses/submit-http";
import { currentResponseResultSchema, publicFormParams } from "@/lib/responses/submit-schemas";

// The respondent's unfinished response, to resume after a reload. No auth (the fl_rid cookie).
export const GET = route({
  auth: "public",
  params: publicFormParams,
  handler: ({ req, params }) => getCurrentResponse(req, params.slug),
  doc: {
    tag: "Respondents",
    summary: "The respondent's unfinished response",
    description: "To resume after a reload: the partial response of this respondent (fl_rid cookie), or 404 when there is none or it was last changed more than 7 days ago.",
    success: { description: "The partial response", schema: currentResponseResultSchema, headers: respondentCookie },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
