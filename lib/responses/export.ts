/**
 * CSV export, streamed: rows come straight from the database driver on a
 * connection of the export's own (lib/db/row-cursor.ts: one statement, one
 * snapshot), in batches pulled as the client reads, and are written through
 * csv-stringify; memory stays at one batch however many responses the form has.
 */
import type { Actor } from "@/lib/workspaces/actor";
import { recordAudit } from "@/lib/workspaces/audit";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { provider } from "@/lib/db/client";
import { openRowCursor } from "@/lib/db/row-cursor";
import { Prisma } from "@/lib/generated/sqlite/client";
import { specOf } from "@/lib/question-types";
import { answerCell } from "@/lib/question-types/kinds";
import type { AnswerValue } from "@/lib/schema/answers";
import { isAnswerable } from "@/lib/schema/form-schema";
import { fileQuestionKeys } from "@/lib/files/attach";
import { filesOfResponses, withFileObjects, type AttachedFile } from "@/lib/files/answers";
import { dashboardOrigin } from "@/lib/email/config";
import { neutraliseCell } from "./csv-cell";
import { checkDateRange, responseFilterShape, responseWhere, type ResponseFilters } from "./filters";
import { getReadableForm } from "./readable-form";
import { spamFilterSchema } from "./spam-state";

/** Rows per database fetch (one FETCH round trip on PostgreSQL): big enough to amortise it. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * Rows per chunk written (one csv-stringify call, one encoded chunk): ~40 KB
 * of CSV. A whole batch as one string (~170 KB) went straight to V8's
 * large-object space, which only a full GC frees, and the server's RSS climbed
 * by ~250 MB over a long export before one ran; chunks this size die young.
 */
const EXPORT_CHUNK_ROWS = 250;

export const exportResponsesQuerySchema = z
  .strictObject({
    ...responseFilterShape,
    spam: spamFilterSchema,
    includeMetadata: z.enum(["0", "1"]).optional().describe("1 adds a metadata.<key> column per hidden question"),
  })
  .superRefine(checkDateRange)
  .meta({ id: "ExportResponsesQuery" });
export type ExportResponsesQuery = z.output<typeof exportResponsesQuerySchema>;

const SQLITE_ISO = `strftime('%Y-%m-%dT%H:%M:%fZ', r."submittedAt")`;
const PG_ISO = `to_char(r."submittedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export { neutraliseCell } from "./csv-cell";
/** One answer as a cell, type-blind (the registry's cells use it); see lib/question-types/kinds.ts. */
export { answerCell } from "@/lib/question-types/kinds";

/** Own values only: a key a plain object inherits (toString) must read as unanswered, not as Object.prototype's function. */
const own = (record: Record<string, unknown>, key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);

export async function exportResponsesCsv(actor: Actor, formId: string, query: ExportResponsesQuery): Promise<Response> {
  const form = await getReadableForm(actor.workspaceId, formId);
  const where = responseWhere(form, query as ResponseFilters);
  // The download is the event (nothing is written): logged before the stream starts.
  await recordAudit(actor, "responses.exported", "form", form.id);
  const questions = form.questions.filter(isAnswerable);
  const questionKeys = questions.map((q) => q.key);
  const metadataKeys = query.includeMetadata === "1" ? [...form.hiddenKeys] : [];
  // Forms with logic get the server's score and ending (their question keys cannot be "score" or "ending").
  const logicColumns = form.logic ? ["score", "ending"] : [];
  // Forms in another language than English, or translated, say which language each response was given in.
  const languageColumn = form.multilingual ? ["language"] : [];
  const header = ["id", "submittedAt", ...languageColumn, ...logicColumns, ...questionKeys, ...metadataKeys.map((k) => `metadata.${k}`)];

  // File answers read "name (owner URL)", the URL absolute (NEXTAUTH_URL's origin): a spreadsheet has no
  // page to resolve a relative one against. The batch's attached files are looked up once per batch.
  const hasFiles = fileQuestionKeys(form).size > 0;
  const origin = dashboardOrigin();
  const toRecord = (files: Map<string, AttachedFile[]> | null) => ([id, submittedAt, answersJson, metadataJson, score, ending, language]: unknown[]) => {
    const stored = JSON.parse(answersJson as string) as Record<string, unknown>;
    const answers = files ? withFileObjects(form.id, id as string, stored, files.get(id as string) ?? [], origin) : stored;
    const metadata = metadataKeys.length ? (JSON.parse(metadataJson as string) as Record<string, unknown>) : {};
    return [
      id as string,
      submittedAt as string,
      ...(form.multilingual ? [answerCell(language)] : []),
      ...(form.logic ? [answerCell(score === null ? null : Number(score)), answerCell(ending)] : []),
      ...questions.map((q) => {
        const value = own(answers, q.key);
        return value === undefined || value === null ? "" : specOf(q).csvCell(q, value as AnswerValue);
      }),
      ...metadataKeys.map((k) => answerCell(own(metadata, k))),
    ];
  };

  // Newest first, like the list; submittedAt is formatted by the database as
  // ISO 8601 UTC (what the list returns) so no row goes through a Date.
  const rows = await openRowCursor(Prisma.sql`
    SELECT r."id", ${Prisma.raw(provider === "postgresql" ? PG_ISO : SQLITE_ISO)}, r."answers", r."metadata", r."score", r."ending", r."language"
    FROM "Response" r
    WHERE ${where}
    ORDER BY r."submittedAt" DESC, r."id" DESC`);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // The BOM makes Excel read the file as UTF-8.
        controller.enqueue(encoder.encode("\uFEFF" + stringify([header.map(neutraliseCell)])));
      },
      // Called only when the client has taken what was queued: backpressure
      // reaches the database cursor, so memory stays at one batch.
      async pull(controller) {
        try {
          const batch = await rows.next(EXPORT_PAGE_ROWS);
          const files = hasFiles ? await filesOfResponses(batch.map((r) => r[0] as string)) : null;
          // One synchronous csv-stringify call per chunk costs far less per row than its stream API.
          for (let i = 0; i < batch.length; i += EXPORT_CHUNK_ROWS) {
            controller.enqueue(encoder.encode(stringify(batch.slice(i, i + EXPORT_CHUNK_ROWS).map(toRecord(files)))));
          }
          if (batch.length < EXPORT_PAGE_ROWS) {
            await rows.close();
            controller.close();
          }
        } catch (error) {
          await rows.close();
          controller.error(error);
        }
      },
      async cancel() {
        await rows.close();
      },
    },
    { highWaterMark: 1 },
  );

  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${form.slug ?? form.id}-responses-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
