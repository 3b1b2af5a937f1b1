/** The response objects of GET /api/forms/:id/responses/:responseId, for webhook bodies (no owner check: the worker's own read). */
import { anyOf, prepareOnce, rawQuery, sql } from "@/lib/db/raw";
import { filesOfResponses } from "@/lib/files/answers";
import { serializeResponse } from "@/lib/responses/serialize";

export type ResponseObject = ReturnType<typeof serializeResponse>;

/**
 * Several responses in one query (raw: this runs for every delivery; the
 * serializer reads driver rows too), each matched with its form; a deleted
 * one is missing from the map.
 */
export async function getResponseRows(wanted: readonly { formId: string; responseId: string }[]): Promise<Map<string, ResponseObject>> {
  const found = new Map<string, ResponseObject>();
  if (wanted.length === 0) return found;
  const ids = [...new Set(wanted.map((w) => w.responseId))];
  const rows = await rawQuery<Parameters<typeof serializeResponse>[0] & { formId: string }>(prepareOnce(sql`
    SELECT r."id", r."formId", r."finished", r."submittedAt", r."createdAt", v."version", r."answers", r."metadata", r."score", r."ending", r."language", r."spamReasons"
    FROM "Response" r JOIN "FormVersion" v ON v."id" = r."versionId"
    WHERE ${anyOf(sql`r."id"`, ids)}`));
  const formOf = new Map(wanted.map((w) => [w.responseId, w.formId]));
  const mine = rows.filter((row) => formOf.get(row.id) === row.formId);
  const files = await filesOfResponses(mine.map((row) => row.id));
  for (const { formId, ...row } of mine) {
    found.set(row.id, serializeResponse(row, { formId, files: files.get(row.id) ?? [] }));
  }
  return found;
}
