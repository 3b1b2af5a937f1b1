/**
 * Recording an attempt's result. Every write is fenced by the attempt number
 * (lib/outbox/claim.ts): a result from a worker whose claim was taken over
 * changes nothing.
 */
import { rawExec, sql } from "@/lib/db/raw";
import type { ClaimedMessage } from "./claim";
import { nextAttemptAt } from "./schedule";

/** What one attempt came to; `statusCode`/`responseBody` when the receiver answered. */
export type AttemptResult =
  | { outcome: "succeeded"; statusCode?: number; responseBody?: string }
  | { outcome: "retry" | "permanent"; error: string; statusCode?: number; responseBody?: string };

/** Stored error texts are cut here: they are for a log, not an archive. */
const ERROR_MAX = 500;

/** Writes the result; "failed" when it is permanent or the retries are used up. Returns the status stored. */
export async function recordAttempt(message: ClaimedMessage, result: AttemptResult, now = new Date()): Promise<"succeeded" | "pending" | "failed"> {
  const statusCode = result.statusCode ?? null;
  const responseBody = result.responseBody ?? null;
  if (result.outcome === "succeeded") {
    await rawExec(sql`
      UPDATE "OutboxMessage" SET "status" = 'succeeded', "leaseUntil" = NULL, "deliveredAt" = ${now},
        "lastStatusCode" = ${statusCode}, "lastError" = NULL, "responseBody" = ${responseBody}
      WHERE "id" = ${message.id} AND "attempts" = ${message.attempts}`);
    return "succeeded";
  }
  const retryAt = result.outcome === "retry" ? nextAttemptAt(message.attempts, now) : null;
  const status = retryAt ? "pending" : "failed";
  await rawExec(sql`
    UPDATE "OutboxMessage" SET "status" = ${status}, "leaseUntil" = NULL, "nextAttemptAt" = ${retryAt ?? now},
      "lastStatusCode" = ${statusCode}, "lastError" = ${result.error.slice(0, ERROR_MAX)}, "responseBody" = ${responseBody}
    WHERE "id" = ${message.id} AND "attempts" = ${message.attempts}`);
  return status;
}

/** Freezes the body of the first attempt, so retries send the same bytes (fenced like the rest). */
export async function freezeBody(message: ClaimedMessage, body: string): Promise<void> {
  await rawExec(sql`UPDATE "OutboxMessage" SET "body" = ${body} WHERE "id" = ${message.id} AND "attempts" = ${message.attempts} AND "body" IS NULL`);
}

/**
 * Extends this attempt's lease from `now`, unless the lease ran out and
 * another worker claimed the row since (its attempt number moved on) or it
 * is no longer pending. false = do not send: the attempt is someone else's.
 */
export async function renewLease(message: ClaimedMessage, leaseMs: number, now = new Date()): Promise<boolean> {
  const changed = await rawExec(sql`
    UPDATE "OutboxMessage" SET "leaseUntil" = ${new Date(now.getTime() + leaseMs)}
    WHERE "id" = ${message.id} AND "attempts" = ${message.attempts} AND "status" = 'pending'`);
  return changed === 1;
}
