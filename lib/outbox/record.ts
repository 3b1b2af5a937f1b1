/**
 * Recording an attempt's result. Every write is fenced by the attempt number
 * (lib/outbox/claim.ts): a result from a worker whose claim was taken over
 * changes nothing.
 */
import { empty, exec, rawExec, rawTransaction, sql, type RawSql } from "@/lib/db/raw";
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
  const [status] = await recordAttempts([{ message, result }], now);
  return status;
}

/**
 * Writes several results in ONE transaction (the worker records a round of
 * attempts at once: on SQLite every write transaction waits for the one
 * writer, submissions included). Each row is fenced on its own.
 */
export async function recordAttempts(entries: readonly { message: ClaimedMessage; result: AttemptResult }[], now = new Date()): Promise<("succeeded" | "pending" | "failed")[]> {
  const statuses = entries.map(({ message, result }) => statusAfter(message, result, now));
  await rawTransaction(function* () {
    for (let i = 0; i < entries.length; i++) yield* exec(resultStatement(entries[i].message, entries[i].result, statuses[i], now));
  });
  return statuses.map((s) => s.status);
}

function statusAfter(message: ClaimedMessage, result: AttemptResult, now: Date) {
  if (result.outcome === "succeeded") return { status: "succeeded" as const, retryAt: null };
  const retryAt = result.outcome === "retry" ? nextAttemptAt(message.attempts, now) : null;
  return { status: retryAt ? ("pending" as const) : ("failed" as const), retryAt };
}

function resultStatement(message: ClaimedMessage, result: AttemptResult, { status, retryAt }: ReturnType<typeof statusAfter>, now: Date): RawSql {
  const statusCode = result.statusCode ?? null;
  const responseBody = result.responseBody ?? null;
  if (result.outcome === "succeeded") {
    return sql`
      UPDATE "OutboxMessage" SET "status" = 'succeeded', "leaseUntil" = NULL, "deliveredAt" = ${now},
        "lastStatusCode" = ${statusCode}, "lastError" = NULL, "responseBody" = ${responseBody}
      WHERE "id" = ${message.id} AND "attempts" = ${message.attempts}`;
  }
  return sql`
    UPDATE "OutboxMessage" SET "status" = ${status}, "leaseUntil" = NULL, "nextAttemptAt" = ${retryAt ?? now},
      "lastStatusCode" = ${statusCode}, "lastError" = ${result.error.slice(0, ERROR_MAX)}, "responseBody" = ${responseBody}
    WHERE "id" = ${message.id} AND "attempts" = ${message.attempts}`;
}

/**
 * Just before sending (after the lookups, which may wait long on a loaded
 * database): for each claimed row, freezes its body (the first attempt's
 * bytes are what every retry sends) and extends its lease from `now` — unless
 * the lease ran out and another worker claimed the row since (its attempt
 * number moved on) or it is no longer pending. One transaction for them all.
 * Per row, true = still ours, send it; false = someone else's, send nothing.
 */
export async function freezeAndRenew(rows: readonly { message: ClaimedMessage; body: string | null }[], leaseMs: number, now = new Date()): Promise<boolean[]> {
  const until = new Date(now.getTime() + leaseMs);
  return rawTransaction(function* () {
    const held: boolean[] = [];
    for (const { message, body } of rows) {
      const freeze = body === null ? empty : sql`, "body" = COALESCE("body", ${body})`;
      const changed = yield* exec(sql`
        UPDATE "OutboxMessage" SET "leaseUntil" = ${until} ${freeze}
        WHERE "id" = ${message.id} AND "attempts" = ${message.attempts} AND "status" = 'pending'`);
      held.push(changed === 1);
    }
    return held;
  });
}

/** Renews the leases of rows still waiting for a slot (freezeAndRenew without bodies), in one transaction. */
export function renewLeases(messages: readonly ClaimedMessage[], leaseMs: number, now = new Date()): Promise<boolean[]> {
  return freezeAndRenew(messages.map((message) => ({ message, body: null })), leaseMs, now);
}

/** freezeAndRenew for one row without a body to freeze (e.g. an email after composing). */
export async function renewLease(message: ClaimedMessage, leaseMs: number, now = new Date()): Promise<boolean> {
  const changed = await rawExec(sql`
    UPDATE "OutboxMessage" SET "leaseUntil" = ${new Date(now.getTime() + leaseMs)}
    WHERE "id" = ${message.id} AND "attempts" = ${message.attempts} AND "status" = 'pending'`);
  return changed === 1;
}
