/**
 * How long the delivery log is kept. A finished outbox row (succeeded, or
 * failed for good) is deleted DELIVERY_LOG_RETENTION_DAYS (default 30, as
 * Stripe keeps its events; 0 keeps it forever) after its last attempt. Its
 * webhook's delivery log then no longer lists it, and it cannot be retried.
 *
 * Without this the table grows by a row per event for ever. Those rows hold
 * respondent data: a response.deleted event carries the deleted response, a
 * failed delivery its body, an email its answers.
 *
 * Pending rows are never deleted, however old: they are still owed to
 * someone (retries under way, or a disabled webhook's rows waiting for it to
 * be enabled again).
 *
 * Every instance prunes every OUTBOX_PRUNE_MS (default hourly) and once soon
 * after it starts, the worker's instances or not: two instances pruning at
 * once delete each row once. Batches are small, one statement each, so that
 * on SQLite the one writer is never held long away from the submissions.
 */
import { provider } from "@/lib/db/client";
import { setting } from "@/lib/settings";
import { rawWriteExec, sql } from "@/lib/db/raw";
import { errorField, log } from "@/lib/observability/log";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per DELETE. */
const PRUNE_BATCH = 500;

/** The retention in days; null keeps the log forever. */
export function deliveryLogRetentionDays(env: Record<string, string | undefined> = process.env): number | null {
  const days = setting("DELIVERY_LOG_RETENTION_DAYS", env);
  return days === 0 ? null : days;
}

const pruneEveryMs = () => setting("OUTBOX_PRUNE_MS");

/**
 * Deletes the finished rows whose last attempt was before `now` minus the
 * retention. A row's last attempt is its delivery (succeeded) or the time of
 * the attempt that failed it (nextAttemptAt, which the result sets); the
 * (status, nextAttemptAt) index finds the candidates. Returns how many rows went.
 */
export async function pruneDeliveryLog(now = new Date(), days = deliveryLogRetentionDays()): Promise<number> {
  if (days === null) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const finished = sql`"status" IN ('succeeded', 'failed') AND "nextAttemptAt" < ${cutoff}
      AND ("deliveredAt" IS NULL OR "deliveredAt" < ${cutoff})`;
  const old = sql`SELECT "id" FROM "OutboxMessage" WHERE ${finished} LIMIT ${PRUNE_BATCH}`;
  // PostgreSQL plans `IN (subquery)` as a join over the whole table; `= ANY(ARRAY(…))` finds each row by its key (lib/outbox/claim.ts).
  const picked = provider === "postgresql" ? sql`"id" = ANY(ARRAY(${old}))` : sql`"id" IN (${old})`;
  let deleted = 0;
  for (;;) {
    // `finished` again: on PostgreSQL a row a retry made pending while this waited for its lock is
    // checked anew (the list was read before), and kept.
    const gone = await rawWriteExec(sql`DELETE FROM "OutboxMessage" WHERE ${picked} AND ${finished}`);
    deleted += gone;
    if (gone < PRUNE_BATCH) return deleted;
    // Lets the submissions waiting for the writer go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const globalForPrune = globalThis as unknown as { formloomOutboxPrune?: NodeJS.Timeout };

/** Starts the periodic prune (instrumentation.ts, after checkSettings). */
export function startDeliveryLogPruner(): void {
  if (globalForPrune.formloomOutboxPrune) return;
  const run = () =>
    void pruneDeliveryLog().catch((error) => log.error({ err: errorField(error) }, "outbox: pruning the delivery log failed"));
  globalForPrune.formloomOutboxPrune = setInterval(run, pruneEveryMs());
  globalForPrune.formloomOutboxPrune.unref();
  setTimeout(run, Math.min(pruneEveryMs(), 60_000)).unref();
}
