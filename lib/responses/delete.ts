import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { getReadableForm } from "./readable-form";

/**
 * Deletes one response (finished or partial) with its Answer rows. A finished
 * one also leaves Form.responseCount, in the same transaction, so the counter
 * that enforces maxResponses stays exact (deleting frees a slot). Each delete
 * carries its `finished` predicate, so a response finishing concurrently is
 * never deleted without its decrement.
 */
export async function deleteResponse(userId: string, formId: string, responseId: string): Promise<void> {
  const form = await getReadableForm(userId, formId);
  await db.$transaction(async (tx) => {
    const finished = await tx.response.deleteMany({ where: { id: responseId, formId: form.id, finished: true } });
    if (finished.count === 0) {
      const partial = await tx.response.deleteMany({ where: { id: responseId, formId: form.id, finished: false } });
      if (partial.count === 0) throw notFound("Response");
    }
    // The foreign key cascades too; this does not depend on it.
    await tx.answer.deleteMany({ where: { responseId, formId: form.id } });
    if (finished.count > 0) {
      await tx.form.updateMany({ where: { id: form.id, responseCount: { gt: 0 } }, data: { responseCount: { decrement: 1 } } });
    }
  });
}
