/**
 * Writing outbox rows (the transactional outbox): a message is
 * stored in the SAME transaction as the event it tells of, so an event that
 * committed always has its message, and one that rolled back never does. The
 * worker (lib/outbox/worker.ts) sends them later, with retries.
 *
 * Two ways in, one row shape:
 * - raw transactions (lib/db/raw.ts: public submissions, response deletion):
 *   the generators below;
 * - Prisma transactions (publish/unpublish): the `tx` helpers.
 *
 * Columns every writer fills (other channels, e.g. lib/email, insert the same):
 * id (unique; also the Standard Webhooks `webhook-id`), channel, webhookId
 * (webhook rows only), formId, event, payload (JSON), status 'pending',
 * attempts 0, nextAttemptAt = createdAt = the event's time (a submission's
 * webhook rows may be written claimed instead: enqueueWebhookEvent).
 */
import { provider, type Tx } from "@/lib/db/client";
import { afterCommit, anyOf, exec, sql, write, type RawWork } from "@/lib/db/raw";
import { newId } from "@/lib/ids";
import type { ClaimedMessage } from "./claim";
import { outboxHandOff, outboxWritten } from "./wake";
import { type WebhookEvent } from "@/lib/webhooks/events";

/** The kinds of outbox rows; each has one sender in lib/outbox/channels.ts. */
export const outboxChannels = ["webhook", "email"] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/**
 * How a webhook's events column (a JSON array) is matched: the quoted name is
 * in it. The pattern is built in SQL, not bound whole: SQLite re-prepares a
 * statement whenever a parameter that is a LIKE's whole pattern is bound
 * again (it plans LIKE by the pattern's value), which cost this statement —
 * one per submission of a form with a webhook — three times its own work.
 */
const subscribedTo = (event: WebhookEvent) => sql`"events" LIKE ('%' || ${JSON.stringify(event)} || '%')`;

/**
 * In a raw transaction: one row per enabled webhook of the form subscribed to
 * `event`, in one INSERT … SELECT (no read first; no statement when the
 * caller knows the form has no webhook — lib/outbox/subscribers.ts).
 * Row ids are the event's id joined with the webhook's, so one event gives
 * each webhook its own `webhook-id`.
 *
 * A `write` (lib/db/raw.ts): nobody reads how many rows it made, so on
 * PostgreSQL it travels in the submission's one statement instead of
 * splitting it in three round trips (the writes before it, this, the guard).
 * The worker is woken whether or not a row was made: a round that finds
 * nothing costs one claim, and the caller only gets here when the form has
 * someone to notify.
 *
 * Claimed as written. `subscribed` is which webhooks the caller knows the
 * rows are for (the cached lookup of lib/outbox/subscribers.ts, under the
 * form's outboxVersion, which the submission's guard re-checks in this
 * transaction: the rows written are exactly theirs, or nothing commits).
 * When the webhook worker runs in this process (outboxHandOff()), their rows
 * are written as its claim would leave them — attempt 1, leased — and handed
 * to it once the transaction has committed (afterCommit): no claim has to
 * find them, which spares each delivery an UPDATE of its row (a new row
 * version and its index entries) and the worker a claim per round. Nothing
 * else changes: the attempt and its record are fenced by that attempt number,
 * and a process killed before sending leaves the lease to run out, as with
 * any claim (lib/outbox/claim.ts). A row of a webhook the caller did not name
 * is written unclaimed (the CASE), for the worker's claims to find.
 */
export function* enqueueWebhookEvent(formId: string, event: WebhookEvent, payload: unknown, now: Date, subscribed: readonly string[] = []): RawWork<void> {
  const eventId = "msg_" + newId(now.getTime()) + "_";
  const handOff = subscribed.length > 0 ? outboxHandOff() : null;
  const json = JSON.stringify(payload);
  const select = sql`FROM "Webhook" WHERE "formId" = ${formId} AND "enabled" = ${true} AND ${subscribedTo(event)}`;
  if (!handOff) {
    yield* write(sql`
      INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt")
      SELECT ${eventId} || "id", 'webhook', "id", "formId", ${event}, ${json}, 'pending', 0, ${now}, ${now}
      ${select}`);
    outboxWritten("webhook");
    return;
  }
  const heldUntil = now.getTime() + handOff.leaseMs;
  const claimed = anyOf(sql`"id"`, subscribed);
  // A parameter alone in a CASE is text to PostgreSQL, which would not assign it to a timestamp column.
  const until = provider === "postgresql" ? sql`CAST(${new Date(heldUntil)} AS TIMESTAMP(3))` : sql`${new Date(heldUntil)}`;
  yield* write(sql`
    INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "leaseUntil", "nextAttemptAt", "createdAt")
    SELECT ${eventId} || "id", 'webhook', "id", "formId", ${event}, ${json}, 'pending',
      CASE WHEN ${claimed} THEN 1 ELSE 0 END, CASE WHEN ${claimed} THEN ${until} END, ${now}, ${now}
    ${select}`);
  const messages: ClaimedMessage[] = subscribed.map((webhookId) => ({
    id: eventId + webhookId, channel: "webhook", webhookId, formId, event, payload: json, body: null, attempts: 1, createdAt: now, heldUntil,
  }));
  yield* afterCommit(() => handOff.take(messages));
}

/** In a Prisma transaction: the same rows as enqueueWebhookEvent. */
export async function enqueueWebhookEventTx(tx: Tx, formId: string, event: WebhookEvent, payload: unknown, now: Date): Promise<number> {
  const hooks = await tx.webhook.findMany({
    where: { formId, enabled: true, events: { contains: JSON.stringify(event) } },
    select: { id: true },
  });
  if (hooks.length === 0) return 0;
  const eventId = "msg_" + newId(now.getTime()) + "_";
  await tx.outboxMessage.createMany({
    data: hooks.map((hook) => ({
      id: eventId + hook.id,
      channel: "webhook",
      webhookId: hook.id,
      formId,
      event,
      payload: JSON.stringify(payload),
      nextAttemptAt: now,
      createdAt: now,
    })),
  });
  if (hooks.length > 0) outboxWritten("webhook");
  return hooks.length;
}

/** In a raw transaction: one row of any channel (e.g. an email job). */
export function* enqueueMessage(message: { channel: OutboxChannel; formId: string | null; event: string; payload: unknown; now: Date }): RawWork<string> {
  const { channel, formId, event, payload, now } = message;
  const id = "msg_" + newId(now.getTime());
  yield* exec(sql`
    INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt")
    VALUES (${id}, ${channel}, NULL, ${formId}, ${event}, ${JSON.stringify(payload)}, 'pending', 0, ${now}, ${now})`);
  outboxWritten(channel);
  return id;
}

/**
 * In a raw transaction: marks that the form's webhooks or notifications
 * changed, so submissions drop their cached "nothing to notify"
 * (lib/outbox/subscribers.ts). Raw SQL so Form.updatedAt is left alone.
 */
export function* bumpOutboxVersion(formId: string): RawWork<void> {
  yield* exec(sql`UPDATE "Form" SET "outboxVersion" = "outboxVersion" + 1 WHERE "id" = ${formId}`);
}

/** bumpOutboxVersion in a Prisma transaction. */
export async function bumpOutboxVersionTx(tx: Tx, formId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Form" SET "outboxVersion" = "outboxVersion" + 1 WHERE "id" = ${formId}`;
}
