import type { Actor } from "@/lib/workspaces/actor";
import { applyStatDeltas, statDeltas } from "@/lib/analytics/answer-stats";
import { unansweredKeys } from "@/lib/analytics/paths";
import { provider } from "@/lib/db/client";
import { counterShard, empty, exec, query, rawTransaction, sql, type RawWork } from "@/lib/db/raw";
import { purgeResponseFiles } from "@/lib/files/lifecycle";
import { notFound } from "@/lib/http/errors";
import { auditEntry, writeAuditRaw } from "@/lib/workspaces/audit";
import { enqueueResponseDeleted } from "@/lib/outbox/response-events";
import type { FormSchema } from "@/lib/schema/form-schema";
import type { AnswerValueRow } from "./store";
import { getReadableForm } from "./readable-form";

/**
 * Deletes one response (finished or partial) with its Answer rows. A finished
 * one also leaves the form's response count and the analytics counters, in the same
 * transaction, so the counter that enforces maxResponses stays exact
 * (deleting frees a slot) and so do the summaries. The response is locked
 * first (PostgreSQL; SQLite serializes writers): a partial response cannot be
 * finished between reading its answers and deleting it.
 */
export async function deleteResponse(actor: Actor, formId: string, responseId: string): Promise<void> {
  const form = await getReadableForm(actor.workspaceId, formId);
  const now = new Date();
  const audit = await auditEntry(actor, "response.deleted", "response", responseId);
  await rawTransaction(function* () {
    // PostgreSQL, a form without a cap: its responses are counted in shards, and its submissions
    // share-lock the form row first, then their counter rows (lib/responses/submit-guard.ts); the same here.
    const sharded =
      provider === "postgresql" && (yield* query(sql`SELECT 1 FROM "Form" WHERE "id" = ${form.id} AND "maxResponses" IS NULL FOR SHARE`)).length === 1;
    const lock = provider === "postgresql" ? sql`FOR UPDATE` : empty;
    const [row] = yield* query<{ finished: boolean | number; versionId: string; pathUnanswered: string | null }>(
      sql`SELECT "finished", "versionId", "pathUnanswered" FROM "Response" WHERE "id" = ${responseId} AND "formId" = ${form.id} ${lock}`,
    );
    if (!row) throw notFound("Response");
    const finished = Boolean(row.finished);
    const deltas = finished ? yield* countedAnswers(responseId, row.versionId, unansweredKeys(row.pathUnanswered)) : [];
    // In this transaction: a deletion that commits is always told (webhooks subscribed to response.deleted).
    yield* enqueueResponseDeleted(form.id, responseId, now);
    yield* exec(sql`DELETE FROM "Response" WHERE "id" = ${responseId} AND "formId" = ${form.id}`);
    // The foreign key cascades too; this does not depend on it.
    yield* exec(sql`DELETE FROM "Answer" WHERE "responseId" = ${responseId} AND "formId" = ${form.id}`);
    if (finished) {
      yield* applyStatDeltas(form.id, deltas);
      // updatedAt as Prisma's @updatedAt would set it.
      if (sharded) {
        // The total is the column plus the shards (lib/forms/response-count.ts): a shard may go below 0.
        yield* exec(sql`
          INSERT INTO "FormResponseShard" ("formId", "shard", "count") VALUES (${form.id}, ${counterShard()}, -1)
          ON CONFLICT ("formId", "shard") DO UPDATE SET "count" = "FormResponseShard"."count" - 1`);
      } else {
        yield* exec(sql`UPDATE "Form" SET "responseCount" = "responseCount" - 1, "updatedAt" = ${now} WHERE "id" = ${form.id} AND "responseCount" > 0`);
      }
    }
    yield* writeAuditRaw(audit);
  });
  // Its uploads, from storage too (after the commit: the sweep retries any left behind).
  await purgeResponseFiles(form.id, responseId);
}

/** What this finished response added to the counters, to take away: its Answer rows, typed by the version it answered. */
function* countedAnswers(responseId: string, versionId: string, unanswered: string[]): RawWork<ReturnType<typeof statDeltas>> {
  const rows = yield* query<AnswerValueRow>(sql`SELECT "questionKey", "valueText", "valueNumber" FROM "Answer" WHERE "responseId" = ${responseId}`);
  const [version] = yield* query<{ schema: string }>(sql`SELECT "schema" FROM "FormVersion" WHERE "id" = ${versionId}`);
  if (!version) throw new Error(`FormVersion ${versionId} of response ${responseId} is missing`);
  const schema = JSON.parse(version.schema) as FormSchema;
  return statDeltas(schema.questions, rows.map((r) => ({ ...r, valueNumber: r.valueNumber === null ? null : Number(r.valueNumber) })), -1, unanswered);
}
