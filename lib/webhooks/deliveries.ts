/** A webhook's delivery log, and sending one again or a test ping now. */
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { enqueueToWebhookTx } from "@/lib/outbox/enqueue";
import { attemptNow } from "@/lib/outbox/worker";
import { PING_EVENT } from "./events";
import type { ListDeliveriesQuery } from "./schemas";
import { getOwnedWebhook } from "./webhooks";

type DeliveryRow = Awaited<ReturnType<typeof db.outboxMessage.findFirstOrThrow>>;

export function serializeDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    webhookId: row.webhookId!,
    event: row.event,
    status: row.status as "pending" | "succeeded" | "failed",
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    responseBody: row.responseBody,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function listDeliveries(userId: string, formId: string, webhookId: string, query: ListDeliveriesQuery) {
  const hook = await getOwnedWebhook(userId, formId, webhookId);
  const where = { webhookId: hook.id, channel: "webhook" };
  const [rows, total] = await Promise.all([
    db.outboxMessage.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (query.page - 1) * query.limit, take: query.limit }),
    db.outboxMessage.count({ where }),
  ]);
  return {
    deliveries: rows.map(serializeDelivery),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

async function attemptAndRead(id: string) {
  await attemptNow(id);
  const row = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
  return { delivery: serializeDelivery(row) };
}

/**
 * Sends a delivery again now, whatever its status, with the same
 * `webhook-id` and body; if this attempt fails it goes on with the schedule.
 */
export async function retryDelivery(userId: string, formId: string, webhookId: string, deliveryId: string) {
  const hook = await getOwnedWebhook(userId, formId, webhookId);
  if (!hook.enabled) throw new AppError("conflict", "The webhook is disabled; enable it first");
  const { count } = await db.outboxMessage.updateMany({
    where: { id: deliveryId, webhookId: hook.id },
    data: { status: "pending", nextAttemptAt: new Date() },
  });
  if (count === 0) throw notFound("Delivery");
  return attemptAndRead(deliveryId);
}

/** A `ping` event to this webhook, sent now (and logged like any delivery). */
export async function sendTestPing(userId: string, formId: string, webhookId: string) {
  const hook = await getOwnedWebhook(userId, formId, webhookId);
  if (!hook.enabled) throw new AppError("conflict", "The webhook is disabled; enable it first");
  const id = await db.$transaction((tx) => enqueueToWebhookTx(tx, hook, PING_EVENT, { webhookId: hook.id }, new Date()));
  return attemptAndRead(id);
}
