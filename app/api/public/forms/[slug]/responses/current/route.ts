import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { respondentCookie } from "@/lib/openapi/shared-answers";
import { deleteCurrentResponse, getCurrentResponse } from "@/lib/responses/submit-http";
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

// "Start over" on a shared device: the respondent's unfinished response, its files and the cookie go. No auth (the fl_rid cookie).
export const DELETE = route({
  auth: "public",
  params: publicFormParams,
  status: 204,
  handler: ({ req, params }) => deleteCurrentResponse(req, params.slug),
  doc: {
    tag: "Respondents",
    summary: "Start over: discard the respondent's unfinished response",
    description:
      "Deletes this respondent's (fl_rid cookie) unfinished responses to the form, with the files they uploaded to it that no " +
      "submitted response names, and clears the cookie (`Max-Age=0`), so the next person on the same browser starts afresh. " +
      "Submitted responses (finished or held as suspected spam) are never deleted. Without the cookie nothing is deleted. " +
      "No body, or `{}` (at most 1 KiB).",
    success: { description: "Discarded (also when there was nothing to discard)", headers: { "Set-Cookie": "fl_rid=; Max-Age=0: the respondent cookie, cleared" } },
    errors: ["invalid_json", "payload_too_large", "unsupported_media_type"],
  },
});

export const { OPTIONS, POST, PUT, PATCH } = allowOnly({ GET, DELETE });
