/**
 * Writing outbox rows (the transactional outbox, issue 14): a message is
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
 * attempts 0, nextAttemptAt = createdAt = the event's time.
 */
import type { Tx } from "@/lib/db/client";
import { exec, sql, write, type RawWork } from "@/lib/db/raw";
import { newId } from "@/lib/ids";
import { outboxWritten } from "./wake";
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
 */
export function* enqueueWebhookEvent(formId: string, event: WebhookEvent, payload: unknown, now: Date): RawWork<void> {
  yield* write(sql`
    INSERT INTO "OutboxMessage" ("id", "channel", "webhookId", "formId", "event", "payload", "status", "attempts", "nextAttemptAt", "createdAt")
    SELECT ${"msg_" + newId(now.getTime()) + "_"} || "id", 'webhook', "id", "formId", ${event}, ${JSON.stringify(payload)}, 'pending', 0, ${now}, ${now}
    FROM "Webhook" WHERE "formId" = ${formId} AND "enabled" = ${true} AND ${subscribedTo(event)}`);
  outboxWritten("webhook");
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
