import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { getPublishedForm } from "@/lib/responses/submit-http";
import { publicFormParams, publicFormQuery } from "@/lib/responses/submit-schemas";

// The published schema, for the renderer and headless integrators. No auth.
export const GET = route({
  auth: "public",
  params: publicFormParams,
  query: publicFormQuery,
  handler: ({ req, params, query }) => getPublishedForm(req, params.slug, query.lang),
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
