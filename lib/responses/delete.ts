import { applyStatDeltas, statDeltas } from "@/lib/analytics/answer-stats";
import { db, provider, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/sqlite/client";
import { notFound } from "@/lib/http/errors";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { AnswerValueRow } from "./store";
import { getReadableForm } from "./readable-form";

/**
 * Deletes one response (finished or partial) with its Answer rows. A finished
 * one also leaves Form.responseCount and the analytics counters, in the same
 * transaction, so the counter that enforces maxResponses stays exact
 * (deleting frees a slot) and so do the summaries. The response is locked
 * first (PostgreSQL; SQLite serializes writers): a partial response cannot be
 * finished between reading its answers and deleting it.
 */
export async function deleteResponse(userId: string, formId: string, responseId: string): Promise<void> {
  const form = await getReadableForm(userId, formId);
  await db.$transaction(async (tx) => {
    const lock = provider === "postgresql" ? Prisma.sql`FOR UPDATE` : Prisma.empty;
    const [row] = await tx.$queryRaw<{ finished: boolean | number; versionId: string }[]>`
      SELECT "finished", "versionId" FROM "Response" WHERE "id" = ${responseId} AND "formId" = ${form.id} ${lock}`;
    if (!row) throw notFound("Response");
    const finished = Boolean(row.finished);
    const deltas = finished ? await countedAnswers(tx, responseId, row.versionId) : [];
    await tx.response.deleteMany({ where: { id: responseId, formId: form.id } });
    // The foreign key cascades too; this does not depend on it.
    await tx.answer.deleteMany({ where: { responseId, formId: form.id } });
    if (finished) {
      await applyStatDeltas(tx, form.id, deltas);
      await tx.form.updateMany({ where: { id: form.id, responseCount: { gt: 0 } }, data: { responseCount: { decrement: 1 } } });
    }
  });
}

/** What this finished response added to the counters, to take away: its Answer rows, typed by the version it answered. */
async function countedAnswers(tx: Tx, responseId: string, versionId: string) {
  const rows = await tx.$queryRaw<AnswerValueRow[]>`
    SELECT "questionKey", "valueText", "valueNumber" FROM "Answer" WHERE "responseId" = ${responseId}`;
  const version = await tx.formVersion.findUniqueOrThrow({ where: { id: versionId }, select: { schema: true } });
  const schema = JSON.parse(version.schema) as FormSchema;
  return statDeltas(schema.questions, rows.map((r) => ({ ...r, valueNumber: r.valueNumber === null ? null : Number(r.valueNumber) })), -1);
}
