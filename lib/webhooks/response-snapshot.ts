/** The response object of GET /api/forms/:id/responses/:responseId, for a webhook body (no owner check: the worker's own read). */
import { Prisma } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/db/client";
import { filesOfResponses } from "@/lib/files/answers";
import { serializeResponse } from "@/lib/responses/list";

export async function getResponseRow(formId: string, responseId: string) {
  const [row] = await db.$queryRaw<Parameters<typeof serializeResponse>[0][]>(Prisma.sql`
    SELECT r."id", r."finished", r."submittedAt", r."createdAt", v."version", r."answers", r."metadata", r."score", r."ending"
    FROM "Response" r JOIN "FormVersion" v ON v."id" = r."versionId"
    WHERE r."formId" = ${formId} AND r."id" = ${responseId}`);
  if (!row) return null;
  const files = await filesOfResponses([row.id]);
  return serializeResponse(row, { formId, files: files.get(row.id) ?? [] });
}
