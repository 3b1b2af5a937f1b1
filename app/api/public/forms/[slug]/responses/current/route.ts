import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { getCurrentResponse } from "@/lib/responses/submit-http";
import { publicFormParams } from "@/lib/responses/submit-schemas";

// The respondent's unfinished response, to resume after a reload. No auth (the fl_rid cookie).
export const GET = route({
  auth: "public",
  params: publicFormParams,
  handler: ({ req, params }) => getCurrentResponse(req, params.slug),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
