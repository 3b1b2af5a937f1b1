/**
 * CSV export, streamed: rows are read in keyset pages (newest first, like the
 * list) and written through csv-stringify as the client reads, so memory
 * stays at one page however many responses the form has.
 */
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { isAnswerable } from "@/lib/schema/form-schema";
import { checkDateRange, responseFilterShape, responseWhere, type ResponseFilters } from "./filters";
import { getReadableForm } from "./readable-form";

/** Rows per database round trip: big enough to amortise the query, small enough that a page dies young (2000 doubled the heap peak). */
export const EXPORT_PAGE_ROWS = 1000;

export const exportResponsesQuerySchema = z
  .strictObject({
    ...responseFilterShape,
    includeMetadata: z.enum(["0", "1"]).optional().describe("1 adds a metadata.<key> column per hidden question"),
  })
  .superRefine(checkDateRange)
  .meta({ id: "ExportResponsesQuery" });
export type ExportResponsesQuery = z.output<typeof exportResponsesQuerySchema>;

interface ExportRow {
  id: string;
  submittedAt: Date;
  answers: string;
  metadata: string;
}

// OWASP CSV injection: a cell starting with one of these is read as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes `'` to text a spreadsheet would run as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One answer as a cell. Choices are joined with "; ", yes-no is yes/no.
 * Numbers are written as numbers: they cannot carry a formula, and a
 * prefixed "-3" would turn a numeric column into text.
 */
export function answerCell(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return neutraliseCell(value.map(String).join("; "));
  return neutraliseCell(String(value));
}

export async function exportResponsesCsv(userId: string, formId: string, query: ExportResponsesQuery): Promise<Response> {
  const form = await getReadableForm(userId, formId);
  const where = responseWhere(form, query as ResponseFilters);
  const questionKeys = form.questions.filter(isAnswerable).map((q) => q.key);
  const metadataKeys = query.includeMetadata === "1" ? [...form.hiddenKeys] : [];
  const header = ["id", "submittedAt", ...questionKeys, ...metadataKeys.map((k) => `metadata.${k}`)];

  const toRecord = (row: ExportRow) => {
    const answers = JSON.parse(row.answers) as Record<string, unknown>;
    const metadata = metadataKeys.length ? (JSON.parse(row.metadata) as Record<string, unknown>) : {};
    return [
      row.id,
      new Date(row.submittedAt).toISOString(),
      ...questionKeys.map((k) => answerCell(answers[k])),
      ...metadataKeys.map((k) => answerCell(metadata[k])),
    ];
  };

  const encoder = new TextEncoder();
  let cursor: { at: Date; id: string } | null = null;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The BOM makes Excel read the file as UTF-8.
      controller.enqueue(encoder.encode("\uFEFF" + stringify([header.map(neutraliseCell)])));
    },
    async pull(controller) {
      if (done) return;
      const after: Prisma.Sql = cursor ? Prisma.sql`AND (r."submittedAt", r."id") < (${cursor.at}, ${cursor.id})` : Prisma.empty;
      const rows = await db.$queryRaw<ExportRow[]>(Prisma.sql`
        SELECT r."id", r."submittedAt", r."answers", r."metadata"
        FROM "Response" r
        WHERE ${where} ${after}
        ORDER BY r."submittedAt" DESC, r."id" DESC
        LIMIT ${EXPORT_PAGE_ROWS}`);
      if (rows.length) {
        controller.enqueue(encoder.encode(stringify(rows.map(toRecord))));
        const last = rows[rows.length - 1];
        cursor = { at: new Date(last.submittedAt), id: last.id };
      }
      if (rows.length < EXPORT_PAGE_ROWS) {
        done = true;
        controller.close();
      }
    },
    cancel() {
      done = true;
    },
  });

  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${form.slug ?? form.id}-responses-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
