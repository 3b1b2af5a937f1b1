/**
 * Restoring a response held as suspected spam (lib/public/spam.ts holds it:
 * submitted, not finished, Response.spamReasons set). The owner's "not spam"
 * makes it exactly what the submission would have made it, in ONE
 * transaction: finished (Response and Answer rows), its UTC day, the
 * analytics counters (+1), the form's response count (+1, shards on
 * PostgreSQL), the response.finished webhooks and emails, the audit entry.
 *
 * It is the owner's decision, so it is not refused by the form's cap, dates
 * or status (those limit respondents), and it takes no one-per-person key:
 * the held response never blocked the person from answering again.
 */
import type { Actor } from "@/lib/workspaces/actor";
import { applyStatDeltas } from "@/lib/analytics/answer-stats";
import { unansweredKeys } from "@/lib/analytics/paths";
import { provider } from "@/lib/db/client";
import { empty, exec, query, rawTransaction, sql, type RawWork } from "@/lib/db/raw";
import { notFound } from "@/lib/http/errors";
import { enqueueResponseFinished } from "@/lib/outbox/response-events";
import { auditEntry, writeAuditRaw } from "@/lib/workspaces/audit";
import { addToResponseCount, countedAnswers, lockResponseCount } from "./delete";
import { countResponses } from "./filters";
import { getResponse } from "./list";
import { getReadableForm } from "./readable-form";
import { utcDay } from "./store";

/** PATCH …/responses/:responseId {spam: false}. A response that is not held is left as it is (the call is idempotent). */
export async function restoreResponse(actor: Actor, formId: string, responseId: string) {
  const form = await getReadableForm(actor.workspaceId, formId);
  const now = new Date();
  const audit = await auditEntry(actor, "response.restored", "response", responseId);
  await rawTransaction(function* (): RawWork<void> {
    const sharded = yield* lockResponseCount(form.id);
    const lock = provider === "postgresql" ? sql`FOR UPDATE` : empty;
    const [row] = yield* query<{ finished: boolean | number; submittedAt: Date | string | null; versionId: string; pathUnanswered: string | null; spamReasons: string | null }>(
      sql`SELECT "finished", "submittedAt", "versionId", "pathUnanswered", "spamReasons" FROM "Response" WHERE "id" = ${responseId} AND "formId" = ${form.id} ${lock}`,
    );
    if (!row) throw notFound("Response");
    if (row.spamReasons === null || Boolean(row.finished) || row.submittedAt === null) return;
    // The day it was submitted, as the submission would have recorded it.
    const day = utcDay(new Date(row.submittedAt));
    yield* exec(sql`
      UPDATE "Response" SET "finished" = ${true}, "submittedDay" = ${day}, "spamReasons" = NULL, "updatedAt" = ${now}
      WHERE "id" = ${responseId} AND "formId" = ${form.id}`);
    yield* exec(sql`UPDATE "Answer" SET "finished" = ${true} WHERE "responseId" = ${responseId} AND "formId" = ${form.id}`);
    yield* applyStatDeltas(form.id, yield* countedAnswers(responseId, row.versionId, unansweredKeys(row.pathUnanswered), 1));
    // Every enabled webhook subscribed to response.finished (rows for the worker to claim), and the form's emails.
    yield* enqueueResponseFinished(form.id, responseId, now, []);
    yield* addToResponseCount(form.id, sharded, 1, now);
    yield* writeAuditRaw(audit);
  });
  return getResponse(actor, formId, responseId);
}

/** How many of the form's responses are held as suspected spam (the dashboard's "Suspected spam (N)"). */
export async function countHeldResponses(actor: Actor, formId: string): Promise<number> {
  const form = await getReadableForm(actor.workspaceId, formId);
  return countResponses(form, { metadata: {}, spam: "only" });
}
