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
 * Deletes one response (finished, partial or held as suspected spam) with its Answer rows. A finished
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
    const sharded = yield* lockResponseCount(form.id);
    const lock = provider === "postgresql" ? sql`FOR UPDATE` : empty;
    const [row] = yield* query<{ finished: boolean | number; versionId: string; pathUnanswered: string | null; spamReasons: string | null }>(
      sql`SELECT "finished", "versionId", "pathUnanswered", "spamReasons" FROM "Response" WHERE "id" = ${responseId} AND "formId" = ${form.id} ${lock}`,
    );
    if (!row) throw notFound("Response");
    const finished = Boolean(row.finished);
    const deltas = finished ? yield* countedAnswers(responseId, row.versionId, unansweredKeys(row.pathUnanswered), -1) : [];
    // In this transaction: a deletion that commits is always told (webhooks subscribed to response.deleted),
    // except of a response held as suspected spam, of which no integration was ever told.
    if (row.spamReasons === null) yield* enqueueResponseDeleted(form.id, responseId, now);
    yield* exec(sql`DELETE FROM "Response" WHERE "id" = ${responseId} AND "formId" = ${form.id}`);
    // The foreign key cascades too; this does not depend on it.
    yield* exec(sql`DELETE FROM "Answer" WHERE "responseId" = ${responseId} AND "formId" = ${form.id}`);
    if (finished) {
      yield* applyStatDeltas(form.id, deltas);
      yield* addToResponseCount(form.id, sharded, -1, now);
    }
    yield* writeAuditRaw(audit);
  });
  // Its uploads, from storage too (after the commit: the sweep retries any left behind).
  await purgeResponseFiles(form.id, responseId);
}

/**
 * First in a transaction that changes the form's response count. PostgreSQL, a
 * form without a cap: its responses are counted in shards, and its submissions
 * share-lock the form row first, then their counter rows
 * (lib/responses/submit-guard.ts); the same here. Returns whether it is sharded.
 */
export function* lockResponseCount(formId: string): RawWork<boolean> {
  if (provider !== "postgresql") return false;
  return (yield* query(sql`SELECT 1 FROM "Form" WHERE "id" = ${formId} AND "maxResponses" IS NULL FOR SHARE`)).length === 1;
}

/** The form's response count +1 or -1 (after lockResponseCount, in its transaction). */
export function* addToResponseCount(formId: string, sharded: boolean, delta: 1 | -1, now: Date): RawWork<void> {
  if (sharded) {
    // The total is the column plus the shards (lib/forms/response-count.ts): a shard may go below 0.
    yield* exec(sql`
      INSERT INTO "FormResponseShard" ("formId", "shard", "count") VALUES (${formId}, ${counterShard()}, ${delta})
      ON CONFLICT ("formId", "shard") DO UPDATE SET "count" = "FormResponseShard"."count" + ${delta}`);
  } else if (delta < 0) {
    // updatedAt as Prisma's @updatedAt would set it.
    yield* exec(sql`UPDATE "Form" SET "responseCount" = "responseCount" - 1, "updatedAt" = ${now} WHERE "id" = ${formId} AND "responseCount" > 0`);
  } else {
    yield* exec(sql`UPDATE "Form" SET "responseCount" = "responseCount" + 1, "updatedAt" = ${now} WHERE "id" = ${formId}`);
  }
}

/**
 * What this response adds to the counters (sign +1: restoring a held one) or
 * added (-1: deleting a finished one): its Answer rows, typed by the version it answered.
 */
export function* countedAnswers(responseId: string, versionId: string, unanswered: string[], sign: 1 | -1): RawWork<ReturnType<typeof statDeltas>> {
  const rows = yield* query<AnswerValueRow>(sql`SELECT "questionKey", "valueText", "valueNumber" FROM "Answer" WHERE "responseId" = ${responseId}`);
  const [version] = yield* query<{ schema: string }>(sql`SELECT "schema" FROM "FormVersion" WHERE "id" = ${versionId}`);
  if (!version) throw new Error(`FormVersion ${versionId} of response ${responseId} is missing`);
  const schema = JSON.parse(version.schema) as FormSchema;
  return statDeltas(schema.questions, rows.map((r) => ({ ...r, valueNumber: r.valueNumber === null ? null : Number(r.valueNumber) })), sign, unanswered);
}
