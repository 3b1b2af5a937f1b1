import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { getPublishedForm } from "@/lib/responses/submit-http";
import { publicFormParams } from "@/lib/responses/submit-schemas";

// The published schema, for the renderer and headless integrators. No auth.
export const GET = route({
  auth: "public",
  params: publicFormParams,
  handler: ({ req, params }) => getPublishedForm(req, params.slug),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
