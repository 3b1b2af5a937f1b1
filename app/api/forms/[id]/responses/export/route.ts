import { formIdParams } from "@/lib/forms/settings";
import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { exportResponsesCsv, exportResponsesQuerySchema } from "@/lib/responses/export";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: formIdParams,
  query: exportResponsesQuerySchema,
  handler: ({ principal, params, query }) => exportResponsesCsv(principal, params.id, query),
  doc: {
    tag: "Responses",
    summary: "Export responses as CSV",
    description:
      "Streams every matching response (same filters as the list, no paging): `id`, `submittedAt`, then one column per question in form " +
      "order, and `metadata.<key>` per hidden question with `includeMetadata=1`. Cells a spreadsheet would run as a formula " +
      "(starting with tab or CR, or whose first non-whitespace character is = + - @ or full-width ＝ ＋ － ＠) are prefixed with `'`; numbers stay numbers. " +
      "Responses held as suspected spam are left out unless `spam=only` or `spam=include`.",
    success: { description: "CSV (UTF-8)", mediaType: "text/csv", headers: { "Content-Disposition": "attachment; filename=\"<slug>-responses-<date>.csv\"" } },
  },
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = allowOnly({ GET });
