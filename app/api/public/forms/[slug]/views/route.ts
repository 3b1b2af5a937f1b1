import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { postView } from "@/lib/responses/submit-http";
import { publicFormParams } from "@/lib/responses/submit-schemas";

// The public page records one view per person on open (204; sets the fl_rid cookie). No auth.
export const POST = route({
  auth: "public",
  params: publicFormParams,
  handler: ({ req, params }) => postView(req, params.slug),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
