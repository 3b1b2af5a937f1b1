import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { getPublishedForm } from "@/lib/responses/submit-http";
import { publicFormParams, publicFormQuery, publicFormResultSchema } from "@/lib/responses/submit-schemas";

// The published schema, for the renderer and headless integrators. No auth.
export const GET = route({
  auth: "public",
  params: publicFormParams,
  query: publicFormQuery,
  handler: ({ req, params, query }) => getPublishedForm(req, params.slug, query.lang),
  doc: {
    tag: "Respondents",
    summary: "Get a published form",
    description:
      "The latest published version as respondents see it (texts in the form's own `language`, with all its `translations`), whether it accepts answers now, and a startToken. " +
      "`respondentLanguage` is the language this request gets (?lang=, else Accept-Language, among the form's languages). Unknown or unpublished slug → 404.",
    success: { description: "The published form", schema: publicFormResultSchema },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
