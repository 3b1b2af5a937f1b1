/**
 * Claiming due outbox rows, so that each attempt is made by exactly one
 * worker even with several app instances on one database:
 *
 * - one UPDATE … RETURNING takes up to `limit` due rows (pending, due, not
 *   held under an unexpired lease, and not of a disabled webhook), sets their
 *   lease and counts the attempt. On PostgreSQL the rows are picked with
 *   `FOR UPDATE SKIP LOCKED`, so concurrent claimers take disjoint rows
 *   without waiting for each other; SQLite has one writer at a time.
 * - the attempt number doubles as a fencing token: the result of an attempt
 *   is recorded only `WHERE "attempts" = <ours>` (lib/outbox/record.ts), so a
 *   worker whose lease ran out (a stalled process) cannot overwrite the result
 *   of the attempt that another worker made after it.
 * - a process killed mid-attempt leaves its lease to expire; the row is then
 *   due again (at-least-once: receivers de-duplicate on `webhook-id`).
 */
import { provider } from "@/lib/db/client";
import { empty, exec, join, query, rawTransaction, rawWriteQuery, sql, type RawSql } from "@/lib/db/raw";
import type { OutboxChannel } from "./enqueue";

export interface ClaimedMessage {
  id: string;
  channel: OutboxChannel;
  webhookId: string | null;
  formId: string | null;
  event: string;
  payload: string;
  body: string | null;
  /** This attempt's number (1 = first). */
  attempts: number;
  createdAt: Date;
  /**
   * When this claim's lease runs out (ms since epoch), as set by the claim
   * (computed from the same clock reading): an attempt that starts sending
   * later than a timeout before it renews the lease first.
   */
  heldUntil: number;
}

const returning = sql`RETURNING "id", "channel", "webhookId", "formId", "event", "payload", "body", "attempts", "createdAt"`;

function toClaimed(row: Record<string, unknown>, heldUntil: number): ClaimedMessage {
  return {
    id: String(row.id),
    channel: row.channel as OutboxChannel,
    webhookId: (row.webhookId as string | null) ?? null,
    formId: (row.formId as string | null) ?? null,
    event: String(row.event),
    payload: String(row.payload),
    body: (row.body as string | null) ?? null,
    attempts: Number(row.attempts),
    createdAt: new Date(row.createdAt as string | Date),
    heldUntil,
  };
}

/**
 * A disabled webhook's deliveries wait (they resume if it is enabled again).
 * A row whose webhook is gone is claimed, and fails at once ("The webhook no
 * longer exists", lib/webhooks/deliver.ts) rather than staying pending for
 * ever: webhookId is not a foreign key (see the OutboxMessage model), and
 * although deleting a webhook deletes its rows, nothing else promises it.
 */
const notOfDisabledWebhook = sql`NOT EXISTS (
  SELECT 1 FROM "Webhook" w WHERE w."id" = "OutboxMessage"."webhookId" AND w."enabled" = ${false})`;

/**
 * PostgreSQL: the claim walks the ("status", "nextAttemptAt") index in order, as a plain index
 * scan, never a bitmap scan. Every delivered row leaves its pending version's index entry behind
 * until VACUUM, at the oldest end of the pending range, where each claim starts. A plain index
 * scan marks an entry whose row is dead to everyone as it passes (the next scans skip it without
 * reading the table) and stops at LIMIT; a bitmap scan does neither, and reads the table for
 * every one of them, every claim. The planner picks the bitmap scan, since its statistics count
 * only a few pending rows. Measured at 147,000 such entries (a bench run on a server with
 * autovacuum off): 135 ms per claim with the bitmap scan, 204 ms for the first plain scan and
 * 2 ms for each one after it. One SET LOCAL per claim, in the claim's transaction.
 */
const byIndexScan = sql`SET LOCAL enable_bitmapscan = off`;

async function claimWhere(condition: RawSql, limit: number, now: Date, leaseMs: number, alsoSet: RawSql = empty): Promise<ClaimedMessage[]> {
  const heldUntil = now.getTime() + leaseMs;
  const due = sql`
      SELECT "id" FROM "OutboxMessage"
      WHERE ${condition} AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now}) AND ${notOfDisabledWebhook}
      ORDER BY "nextAttemptAt" LIMIT ${limit}`;
  // PostgreSQL plans `"id" IN (subquery)` as a hash join over a sequential scan of the whole table,
  // delivery log included (it grows without end); `= ANY(ARRAY(subquery))` runs the subquery
  // once and then finds each row by its primary key.
  const picked = provider === "postgresql" ? sql`"id" = ANY(ARRAY(${due} FOR UPDATE SKIP LOCKED))` : sql`"id" IN (${due})`;
  const update = sql`
    UPDATE "OutboxMessage" SET "leaseUntil" = ${new Date(heldUntil)}, "attempts" = "attempts" + 1 ${alsoSet}
    WHERE ${picked}
    ${returning}`;
  const rows =
    provider === "postgresql"
      ? await rawTransaction(function* () {
          yield* exec(byIndexScan);
          return yield* query<Record<string, unknown>>(update);
        })
      : await rawWriteQuery<Record<string, unknown>>(update);
  return rows.map((row) => toClaimed(row, heldUntil));
}

/**
 * What a worker leaves out of a claim (lib/outbox/worker.ts): the channels it
 * does not run (another worker does) or has a batch of already, and the
 * webhooks it has a batch of already (their rows are left for later rounds).
 */
export interface ClaimSkip {
  channels: readonly OutboxChannel[];
  busyWebhooks: readonly string[];
}

const list = (values: readonly string[]) => join(values.map((value) => sql`${value}`));

/** Up to `limit` due rows, oldest due first, none of a skipped channel or busy webhook. */
export function claimDue(limit: number, now: Date, leaseMs: number, skip: ClaimSkip = { channels: [], busyWebhooks: [] }): Promise<ClaimedMessage[]> {
  const notChannels = skip.channels.length ? sql` AND "channel" NOT IN (${list(skip.channels)})` : empty;
  const notBusy = skip.busyWebhooks.length ? sql` AND ("webhookId" IS NULL OR "webhookId" NOT IN (${list(skip.busyWebhooks)}))` : empty;
  return claimWhere(sql`"status" = 'pending' AND "nextAttemptAt" <= ${now}${notChannels}${notBusy}`, limit, now, leaseMs);
}

/**
 * One given row of a webhook, whatever its status (a retry asked for now):
 * made pending and claimed in the same statement, so the polling worker
 * cannot take it in between. None when a worker holds it at this moment.
 */
export async function claimForRetry(id: string, webhookId: string, now: Date, leaseMs: number): Promise<ClaimedMessage | null> {
  const [claimed] = await claimWhere(sql`"id" = ${id} AND "webhookId" = ${webhookId}`, 1, now, leaseMs, sql`, "status" = 'pending', "nextAttemptAt" = ${now}`);
  return claimed ?? null;
}

/** Gives back rows claimed but not attempted (the worker is stopping), in one transaction. */
export async function releaseClaims(messages: readonly ClaimedMessage[]): Promise<void> {
  await rawTransaction(function* () {
    for (const m of messages) {
      yield* exec(sql`UPDATE "OutboxMessage" SET "leaseUntil" = NULL, "attempts" = "attempts" - 1 WHERE "id" = ${m.id} AND "attempts" = ${m.attempts}`);
    }
  });
}
